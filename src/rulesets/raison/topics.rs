//! What each Raison d'Etat action is about (22): its kind, in the order the decision panel
//! lists kinds, and the Power, Territory or General it concerns.

use bevy::prelude::*;

use crate::engine::choices::{Target, Topic};
use crate::engine::reads::Reads;
use crate::rulesets::raison::decision::{Action, Decision};
use crate::rulesets::raison::model::MapIndex;
use crate::rulesets::raison::rules::movement::rivals_in;

pub const DIPLOMACY: &str = "Diplomacy";
pub const ELECTIONS: &str = "Minors and the Empire";
pub const LEADERSHIP: &str = "Leadership";
pub const ALLIES: &str = "Help to Allies";
pub const MOBILISATION: &str = "Mobilisation";
pub const MOVEMENT: &str = "Movement";
pub const BATTLE: &str = "Battle";
pub const DONE: &str = "Done";

/// The kinds in the order the panel lists them.
pub const KINDS: &[&str] = &[
    DIPLOMACY,
    ELECTIONS,
    LEADERSHIP,
    ALLIES,
    MOBILISATION,
    MOVEMENT,
    BATTLE,
    DONE,
];

/// The kind of `action` and what it is about.
pub fn topic(action: &Action) -> Topic {
    let power = |id: &str| Target::Realm(id.to_string());
    let territory = |id: &str| Target::Area(id.to_string());
    let general = |id: &str| Target::Force(id.to_string());
    match action {
        Action::ChooseStatus(_) | Action::Agree | Action::Refuse => Topic::new(DIPLOMACY),
        Action::ChooseEnvoy(p) => Topic::about(DIPLOMACY, power(p)),
        Action::Bid(_) => Topic::new(ELECTIONS),
        Action::Vote(p) => Topic::about(ELECTIONS, power(p)),
        Action::PlaceGenerals
        | Action::WithdrawGenerals
        | Action::TakeCard
        | Action::GainMorale => Topic::new(LEADERSHIP),
        Action::Place { territory: t, .. } => Topic::about(LEADERSHIP, territory(t)),
        Action::Withdraw { general: g } => Topic::about(LEADERSHIP, general(g)),
        Action::GiveMoney { to } | Action::GiveCard { to, .. } => Topic::about(ALLIES, power(to)),
        Action::BuyUnit { general: g } => Topic::about(MOBILISATION, general(g)),
        Action::BuyFortress { territory: t } => Topic::about(MOBILISATION, territory(t)),
        Action::BuyCard | Action::BuyMorale => Topic::new(MOBILISATION),
        Action::Move { to, .. } => Topic::about(MOVEMENT, territory(to)),
        Action::Support { general: g } => Topic::about(BATTLE, general(g)),
        Action::PlayCard { pile, .. } => match pile {
            Some(g) => Topic::about(BATTLE, general(g)),
            None => Topic::new(BATTLE),
        },
        Action::GarrisonWith { general: g } => Topic::about(BATTLE, general(g)),
        Action::RetreatTo { territory: t } => Topic::about(BATTLE, territory(t)),
        Action::Discard(_)
        | Action::Pass
        | Action::Garrison
        | Action::NoGarrison
        | Action::ToCapital
        | Action::OffMap => Topic::new(BATTLE),
        Action::Done => Topic::new(DONE),
    }
}

/// Why an answer should be confirmed (23): a General marching where a rival General or
/// Garrison stands starts a battle there at the end of the round of movement (the movement
/// rules' own test of who must be fought).
pub fn warning(world: &World, action: &Action) -> Option<String> {
    let Action::Move { general, to, .. } = action else {
        return None;
    };
    let decision = world
        .get_res::<crate::engine::decision::Pending<Decision>>()?
        .0
        .as_ref()?;
    let index = world.res::<MapIndex>();
    let (p, t) = (index.power(&decision.power)?, index.territory(to)?);
    rivals_in(world, p, t).then(|| {
        format!(
            "{general} marches into {to}, where a rival General or Garrison stands: a battle is fought there once this round of movement ends."
        )
    })
}

/// What an answer does that its label does not say (23): consent and its refusal, the Envoy's
/// grant, a beaten General's retreat, a Garrison after a win. None of these costs anything, so
/// none asks for confirmation (seed 003 names no price for them); each says what follows.
pub fn explain(world: &World, action: &Action) -> Option<String> {
    use crate::rulesets::raison::decision::DecisionKind;
    let decision = world
        .get_res::<crate::engine::decision::Pending<Decision>>()?
        .0
        .as_ref()?;
    let text = match (&decision.kind, action) {
        (DecisionKind::Consent { mover }, Action::Agree) => format!(
            "{mover}'s General may cross your Territories and Sea Lanes on this move. It costs you nothing."
        ),
        (DecisionKind::Consent { mover }, Action::Refuse) => format!(
            "{mover}'s General may not cross your Territories and Sea Lanes: that move does not happen, and no move of {mover} that needs you is open for the rest of its Movement action. Refusing costs you nothing and leaves your Coalition as it is."
        ),
        (DecisionKind::Grant { mover }, Action::Agree) => {
            format!("As {mover}'s Envoy, you give it one more round of movement.")
        }
        (DecisionKind::Grant { mover }, Action::Refuse) => {
            format!("As {mover}'s Envoy, you end its movement now. It costs you nothing.")
        }
        (DecisionKind::Retreat { general }, Action::ToCapital) => format!(
            "{general}, with no Units left, goes to its Capital Territory and stays on the map."
        ),
        (DecisionKind::Retreat { general }, Action::OffMap) => format!(
            "{general}, with no Units left, leaves the map. Only a Leadership action places it again, and while it is off-map its Power takes 1 Battle card at each Mobilisation."
        ),
        (DecisionKind::Garrison { territory }, Action::Garrison) => format!(
            "One Unit of the winning General becomes a Garrison: you take control of {territory}."
        ),
        (DecisionKind::Garrison { territory }, Action::GarrisonWith { general }) => format!(
            "One Unit of {general} becomes a Garrison: you take control of {territory}; {general} stays with one Unit fewer."
        ),
        (DecisionKind::DrawRetreat { general }, Action::RetreatTo { territory }) => format!(
            "{general} falls back to {territory}, one of the nearest Territories you control with no rival in it."
        ),
        (DecisionKind::Garrison { territory }, Action::NoGarrison) => {
            format!("No Unit becomes a Garrison: control of {territory} stays as it is.")
        }
        _ => return None,
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of the embedded scenario and the bot that plays it, both from `seed`.
    fn bot_game(
        seed: u64,
    ) -> (
        crate::rulesets::raison::Game,
        crate::rulesets::raison::bot::Bot,
    ) {
        let game = crate::rulesets::raison::Game::new(
            crate::rulesets::raison::content::default_scenario(),
            Default::default(),
            seed,
        )
        .unwrap();
        let bot =
            crate::engine::ruleset::SeatBot::<crate::rulesets::raison::RaisonDEtat>::seeded(seed);
        (game, bot)
    }

    #[test]
    fn a_move_onto_rivals_asks_for_confirmation_and_an_ordinary_answer_does_not() {
        let (mut game, mut bot) = bot_game(5);
        let mut warned = 0;
        let mut quiet = 0;
        for _ in 0..3000 {
            if game.is_over() {
                break;
            }
            for a in game.legal_actions() {
                match (&a, game.warning(&a)) {
                    (Action::Move { .. }, Some(w)) => {
                        assert!(w.contains("battle"), "{w}");
                        warned += 1;
                    }
                    (Action::Move { .. }, None) => quiet += 1,
                    (_, w) => assert_eq!(w, None, "{a:?}"),
                }
            }
            let Some(a) = crate::engine::ruleset::SeatBot::choose(&mut bot, &game) else {
                break;
            };
            game.apply(a).unwrap();
        }
        assert!(warned > 0 && quiet > 0, "{warned} warned, {quiet} quiet");
    }
    #[test]
    fn every_choice_of_a_bot_game_is_grouped_once_under_a_listed_kind() {
        let checked = crate::engine::choices::assert_bot_game_grouped::<
            crate::rulesets::raison::RaisonDEtat,
        >(crate::rulesets::raison::content::default_scenario(), 5, 7);
        assert!(checked > 50, "{checked} decisions checked");
    }

    #[test]
    fn refusals_retreats_and_garrisons_say_what_follows_and_cost_the_chooser_nothing() {
        use crate::engine::preview::{Outcome, preview};
        let (mut game, mut bot) = bot_game(5);
        let mut explained = std::collections::BTreeSet::new();
        for _ in 0..6000 {
            if game.is_over() {
                break;
            }
            let seat = game.decider().unwrap().to_string();
            for a in game.legal_actions() {
                let free = matches!(
                    a,
                    Action::Agree
                        | Action::Refuse
                        | Action::ToCapital
                        | Action::OffMap
                        | Action::Garrison
                        | Action::NoGarrison
                        | Action::GarrisonWith { .. }
                        | Action::RetreatTo { .. }
                );
                if !free {
                    continue;
                }
                let text = game
                    .explain(&a)
                    .unwrap_or_else(|| panic!("{a:?} unexplained"));
                assert_eq!(game.warning(&a), None, "{a:?} needs no confirmation");
                assert_eq!(game.action_cost(&a).money, 0);
                if matches!(a, Action::Refuse) && !explained.contains("Refuse") {
                    assert!(text.contains("costs you nothing"), "{text}");
                    // The refusing seat's own figures do not move.
                    if let Outcome::Known { changes, .. } = preview(&game, &a).outcome {
                        assert!(changes.iter().all(|c| c.seat != seat), "{changes:?}");
                    }
                }
                explained.insert(format!("{a:?}"));
            }
            let Some(a) = crate::engine::ruleset::SeatBot::choose(&mut bot, &game) else {
                break;
            };
            game.apply(a).unwrap();
        }
        assert!(
            ["Agree", "Refuse", "OffMap"]
                .iter()
                .all(|k| explained.contains(*k)),
            "{explained:?}"
        );
    }
}
