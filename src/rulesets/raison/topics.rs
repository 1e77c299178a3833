//! What each Raison d'Etat action is about (22): its kind, in the order the decision panel
//! lists kinds, and the Power, Territory or General it concerns.

use crate::engine::choices::{Target, Topic};
use crate::rulesets::raison::decision::Action;

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
        Action::Discard(_)
        | Action::Pass
        | Action::Garrison
        | Action::NoGarrison
        | Action::ToCapital
        | Action::OffMap => Topic::new(BATTLE),
        Action::Done => Topic::new(DONE),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_choice_of_a_bot_game_is_grouped_once_under_a_listed_kind() {
        let checked = crate::engine::choices::assert_bot_game_grouped::<
            crate::rulesets::raison::RaisonDEtat,
        >(crate::rulesets::raison::content::default_scenario(), 5, 7);
        assert!(checked > 50, "{checked} decisions checked");
    }
}
