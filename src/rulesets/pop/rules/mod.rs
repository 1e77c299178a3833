//! Price of Power: the Round of five phases with their lettered steps (FACTS section 1), the
//! Ages of four Rounds, and the end of the game.
//!
//! Each step has a schedule of its own (`engine::flow::StepRules`) holding that step's systems
//! in the order they run, all written in one table (`add_step_systems`); the driver runs only
//! the current step's schedule.

use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

use crate::engine::flow::{StepDef, StepRules, add_step_schedules};
use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{Action, Decision, DecisionKind, Illegal, Pending};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::state::Index;

pub mod actions;
pub mod battle;
pub mod cards;
pub mod characters;
pub mod cleanup;
pub mod colonize;
pub mod conditions;
pub mod costs;
pub mod curia;
pub mod diplomacy;
pub mod draw_cards;
pub mod economy;
pub mod effects;
pub mod empire;
pub mod empire_peace;
pub mod events;
pub mod explore;
pub mod focus;
pub mod generic;
pub mod ideas;
pub mod income;
pub mod integrate;
pub mod milestones;
pub mod military;
pub mod minor;
pub mod missions;
pub mod monarch_power;
pub mod rebel_armies;
pub mod rebels;
pub mod relations;
pub mod religion;
pub mod scoring;
pub mod setup;
pub mod struggle;
pub mod symbols;
pub mod towns;
pub mod trade;
pub mod unrest_step;
pub mod war;

/// The steps of a Price of Power game, in rule-book order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PopStep {
    /// Game setup: decks, first player (runs once).
    Setup,
    /// Start of a Round: counters.
    RoundStart,
    /// Phase 1 - Draw Cards.
    P1A,
    P1B,
    P1C,
    P1D,
    /// Phase 2 - Actions.
    P2,
    /// Phase 3 - Peace & Rebels.
    P3A,
    P3B,
    P3C,
    P3D,
    P3E,
    P3F,
    P3G,
    P3H,
    P3I,
    /// Phase 4 - Income & Upkeep.
    P4A,
    P4B,
    P4C,
    P4D,
    P4E,
    /// Phase 5 - Cleanup.
    P5A,
    P5B,
    P5C,
    P5D,
    /// After Phase 5: does the game end?
    RoundEnd,
}

macro_rules! steps {
    ($($set:ident => $id:literal, $phase:literal, $name:literal;)*) => {
        /// Sets in rule-book order.
        pub const SETS: &[PopStep] = &[$(PopStep::$set),*];
        /// Step table for the flow cursor, index-aligned with `SETS`.
        pub const STEPS: &[StepDef] = &[$(StepDef { id: $id, phase: $phase, name: $name }),*];
    };
}

steps! {
    Setup => "pop.step.setup", 0, "Setup";
    RoundStart => "pop.step.round_start", 0, "Start of Round";
    P1A => "pop.step.p1a", 1, "Phase 1 - Draw Cards: A. Reveal Events";
    P1B => "pop.step.p1b", 1, "Phase 1 - Draw Cards: B. Draw Action Cards";
    P1C => "pop.step.p1c", 1, "Phase 1 - Draw Cards: C. Pay to keep cards";
    P1D => "pop.step.p1d", 1, "Phase 1 - Draw Cards: D. Missions";
    P2 => "pop.step.p2", 2, "Phase 2 - Actions";
    P3A => "pop.step.p3a", 3, "Phase 3 - Peace & Rebels: A. Remove CB and Truce tokens";
    P3B => "pop.step.p3b", 3, "Phase 3 - Peace & Rebels: B. NPR Invasions";
    P3C => "pop.step.p3c", 3, "Phase 3 - Peace & Rebels: C. Rebels siege or move";
    P3D => "pop.step.p3d", 3, "Phase 3 - Peace & Rebels: D. Peace Resolution";
    P3E => "pop.step.p3e", 3, "Phase 3 - Peace & Rebels: E. Prestige penalties";
    P3F => "pop.step.p3f", 3, "Phase 3 - Peace & Rebels: F. Interregnum";
    P3G => "pop.step.p3g", 3, "Phase 3 - Peace & Rebels: G. Religious dissent";
    P3H => "pop.step.p3h", 3, "Phase 3 - Peace & Rebels: H. Unrest";
    P3I => "pop.step.p3i", 3, "Phase 3 - Peace & Rebels: I. Rebel dice";
    P4A => "pop.step.p4a", 4, "Phase 4 - Income & Upkeep: A. Cut costs";
    P4B => "pop.step.p4b", 4, "Phase 4 - Income & Upkeep: B. Income minus costs";
    P4C => "pop.step.p4c", 4, "Phase 4 - Income & Upkeep: C. Corruption";
    P4D => "pop.step.p4d", 4, "Phase 4 - Income & Upkeep: D. Monarch power";
    P4E => "pop.step.p4e", 4, "Phase 4 - Income & Upkeep: E. Score prestige";
    P5A => "pop.step.p5a", 5, "Phase 5 - Cleanup: A. Update";
    P5B => "pop.step.p5b", 5, "Phase 5 - Cleanup: B. Board and status cleanup";
    P5C => "pop.step.p5c", 5, "Phase 5 - Cleanup: C. Discard to 5 cards";
    P5D => "pop.step.p5d", 5, "Phase 5 - Cleanup: D. End of Age";
    RoundEnd => "pop.step.round_end", 0, "End of Round: game end check";
}

/// Index of `PopStep::RoundStart` in `STEPS`: where the cursor wraps after a Round.
pub const ROUND_START: u16 = 1;

/// The Price of Power rules: the step chain and one plugin per part of the rules.
pub struct PopRulesPlugin;

impl Plugin for PopRulesPlugin {
    fn build(&self, app: &mut App) {
        debug_assert_eq!(SETS.len(), STEPS.len());
        add_step_schedules(app, SETS.len());
        add_step_systems(app);
        app.add_plugins((
            ideas::IdeasPlugin,
            characters::CharactersPlugin,
            rebels::RebelsPlugin,
            generic::GenericActionsPlugin,
        ));
        app.add_plugins((
            military::MilitaryPlugin,
            battle::BattlePlugin,
            war::WarPlugin,
            rebel_armies::RebelArmiesPlugin,
            missions::MissionsPlugin,
            milestones::MilestonesPlugin,
            trade::TradePlugin,
            struggle::StrugglePlugin,
            curia::CuriaPlugin,
            empire::EmpirePlugin,
        ));
    }
}

/// The schedule of a step.
fn step(set: PopStep) -> StepRules {
    crate::engine::flow::step_schedule(SETS, set)
}

/// Every step's systems, in the order they run (the order of the rule book's lettered steps;
/// where one step has several, the order the recorded games were played with). After each
/// step the Papal Curia and the Empire tidy up: whoever holds Roma or the Emperor's crown may
/// change with any step.
fn add_step_systems(app: &mut App) {
    use PopStep::*;
    add_to_step(
        app,
        Setup,
        (
            empire::set_up_empire,
            trade::set_up_trade,
            // The order of the RNG draws at setup is part of the game.
            setup::build_event_decks,
            setup::choose_first_player,
            cards::shuffle_action_decks,
            ideas::open_grid,
            missions::prepare_mission_hands,
            milestones::reveal_first_milestones,
            struggle::set_up_power_struggles,
            curia::set_up_curia,
        )
            .chain(),
    );
    add_to_step(app, RoundStart, scoring::start_round);
    add_to_step(app, P1A, draw_cards::reveal_events);
    add_to_step(app, P1B, cards::draw_action_cards);
    add_to_step(app, P1C, cards::keep_action_cards);
    add_to_step(app, P1D, missions::pick_missions);
    add_to_step(app, P2, actions::play_action_phase);
    add_to_step(
        app,
        P3A,
        (
            rebels::remove_cb_and_truce_tokens,
            war::reset_phase3_counters,
        )
            .chain(),
    );
    add_to_step(app, P3B, war::invade);
    add_to_step(app, P3C, rebel_armies::siege_or_move_rebels);
    add_to_step(app, P3D, war::resolve_peace);
    add_to_step(app, P3E, rebels::apply_prestige_penalties);
    add_to_step(app, P3F, characters::punish_interregnum);
    add_to_step(app, P3G, rebels::spread_religious_dissent);
    add_to_step(app, P3H, unrest_step::add_and_remove_unrest);
    add_to_step(app, P3I, rebels::roll_rebel_dice);
    add_to_step(app, P4A, income::cut_costs);
    add_to_step(app, P4B, income::collect_income_and_pay_upkeep);
    add_to_step(app, P4C, income::charge_corruption);
    add_to_step(app, P4D, monarch_power::gain_monarch_power);
    add_to_step(
        app,
        P4E,
        (
            ideas::score_idea_prestige,
            struggle::score_power_struggles,
            curia::score_curia,
            empire::score_empire,
        )
            .chain(),
    );
    add_to_step(
        app,
        P5A,
        (
            income::update_manpower,
            military::release_idle_commanders,
            trade::stand_merchants_up,
        )
            .chain(),
    );
    add_to_step(
        app,
        P5B,
        (
            cleanup::reset_round_markers,
            empire::redistribute_imperial_influence,
        )
            .chain(),
    );
    add_to_step(app, P5C, cards::discard_to_hand_limit);
    add_to_step(
        app,
        P5D,
        (
            milestones::close_age_claims,
            ideas::refresh_ideas_at_end_of_age,
            milestones::offer_least_prestige_swap,
            milestones::settle_marriages_at_age_end,
            cleanup::end_age,
        )
            .chain(),
    );
    add_to_step(
        app,
        RoundEnd,
        (
            empire::check_faith,
            empire::roll_npr_authority,
            scoring::check_game_end,
        )
            .chain(),
    );
    for set in SETS {
        app.configure_sets(step(*set), TidyUp.after(*set));
        app.add_systems(step(*set), tidy_up.in_set(TidyUp));
    }
}

/// After every step, the Papal Curia's track and then the Empire: whoever holds Roma or the
/// Emperor's crown may change with any step. One system for both: Bevy's run of a system
/// costs about as much as the Curia's whole check when nothing changed (issue 18).
fn tidy_up(world: &mut World) {
    curia::tidy(world);
    empire::tidy(world);
}

/// Adds a step's systems to its schedule, in its set (the tidy-up runs after the set).
fn add_to_step<M>(
    app: &mut App,
    set: PopStep,
    systems: impl IntoScheduleConfigs<ScheduleSystem, M>,
) {
    app.add_systems(step(set), systems.in_set(set));
}

/// The tidy-up after every step's own systems.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TidyUp;

/// Every legal answer to the pending decision, in a stable order.
pub fn legal_actions(world: &World) -> Vec<Action> {
    let Some(decision) = world.res::<Pending>().0.clone() else {
        return Vec::new();
    };
    // Candidates ask the same questions again (where an army may march, who is at war):
    // remembered while the World cannot change.
    crate::engine::memo::scope(world, || {
        candidates(world, &decision)
            .into_iter()
            .filter(|a| check(world, a).is_ok())
            .collect()
    })
}

/// The answers worth checking for a decision, legal or not, in the order `legal_actions`
/// lists the legal ones (the bot checks only those it considers; see `bot::legal`).
pub(crate) fn candidates(world: &World, decision: &Decision) -> Vec<Action> {
    let Some(realm) = world.res::<Index>().get(decision.realm) else {
        return Vec::new();
    };
    match &decision.kind {
        DecisionKind::DrawCard { .. } | DecisionKind::KeepCard { .. } | DecisionKind::HandLimit => {
            cards::candidates(world, realm, &decision.kind)
        }
        DecisionKind::ReplaceDeadRuler => characters::reaction_candidates(world, realm),
        DecisionKind::HistoricalRuler { .. } => vec![Action::AcceptRuler, Action::Decline],
        DecisionKind::HistoricalRulers { characters, must } => characters
            .iter()
            .map(|c| Action::TakeRuler { character: *c })
            .chain((!must).then_some(Action::Decline))
            .collect(),
        DecisionKind::RemoveUnrest => unrest_step::candidates(world, realm),
        DecisionKind::CutCosts => income::cut_costs_candidates(world, realm),
        DecisionKind::Corruption { charge } => income::corruption_candidates(world, realm, *charge),
        DecisionKind::RebelRemoveUnrest { .. }
        | DecisionKind::AssignRebellion { .. }
        | DecisionKind::RebelExhaust { .. }
        | DecisionKind::RebelDieArea
        | DecisionKind::LiberationColour { .. }
        | DecisionKind::VassalDissent { .. } => rebels::candidates(world, realm, &decision.kind),
        DecisionKind::RebelSiege { .. } => rebel_armies::siege_candidates(world, &decision.kind),
        DecisionKind::RecruitUnits { .. }
        | DecisionKind::SiegeMore { .. }
        | DecisionKind::OccupyRebelTown { .. }
        | DecisionKind::NavalTransport { .. }
        | DecisionKind::FreeActivation
        | DecisionKind::MoreWarTargets => {
            military::decision_candidates(world, realm, &decision.kind)
        }
        DecisionKind::BattleRetreat { .. } => battle::retreat_candidates(world),
        k if events::is_visit_question(k) => events::visit_candidates(world),
        DecisionKind::ImperialLevy { .. } => war::levy_candidates(),
        DecisionKind::DefendTheHre { .. } => vec![Action::Accept, Action::Decline],
        DecisionKind::ElectionTie { .. } => empire::election_tie_candidates(world),
        DecisionKind::ImperialInfluence { .. } => empire::imperial_targets(world)
            .into_iter()
            .map(|a| Action::PlaceInfluence {
                area: crate::rulesets::pop::state::key_of(world, a),
            })
            .collect(),
        DecisionKind::SendCalls { .. } => war::send_candidates(world),
        DecisionKind::CallToArms { .. }
        | DecisionKind::ActivateAlly { .. }
        | DecisionKind::Surrender { .. }
        | DecisionKind::PeaceTerms { .. } => war::peace_candidates(world, &decision.kind),
        DecisionKind::Missions { .. } => missions::phase1_candidates(world, realm),
        DecisionKind::AgeEndClaims => milestones::age_end_candidates(world, realm),
        DecisionKind::AgeMarriages => milestones::marriage_candidates(world, realm),
        DecisionKind::AgeSwap => {
            let mut all = milestones::swap_candidates(world);
            all.push(Action::Decline);
            all
        }
        DecisionKind::CardinalDies | DecisionKind::ExcommunicationCardinal => {
            curia::cardinal_answers(world, realm, &decision.kind)
        }
        k if generic::owns(k) => generic::decision_candidates(world, realm, k),
        _ => actions::candidates(world, decision),
    }
}

/// Whether `action` answers the pending decision legally; if not, the rule that forbids it.
pub fn check(world: &World, action: &Action) -> Result<(), Illegal> {
    // Borrowed, not cloned: the bot checks thousands of candidates a game.
    let Some(decision) = world.res::<Pending>().0.as_ref() else {
        return Err(Illegal::new(
            ids::SEQ_GAME_END,
            "nothing to decide: the game is over",
        ));
    };
    let Some(realm) = world.res::<Index>().get(decision.realm) else {
        return Err(Illegal::new(ids::SEQ_PHASE2_TURN, "no realm is deciding"));
    };
    check_pending(world, decision, realm, action)
}

/// `check` for a caller that has read the pending decision and found its realm already (the
/// bot, checking many candidates of one decision): `decision` must be the World's pending one
/// and `realm` its realm on the board.
pub fn check_pending(
    world: &World,
    decision: &Decision,
    realm: Entity,
    action: &Action,
) -> Result<(), Illegal> {
    if let Some((rule, what)) = answered_from_its_list(&decision.kind) {
        return if candidates(world, decision).contains(action) {
            Ok(())
        } else {
            Err(Illegal::new(
                rule,
                format!("{action:?} does not answer this decision: {what}"),
            ))
        };
    }
    match &decision.kind {
        DecisionKind::DrawCard { .. } | DecisionKind::KeepCard { .. } | DecisionKind::HandLimit => {
            cards::check(world, realm, &decision.kind, action)
        }
        DecisionKind::ReplaceDeadRuler => match action {
            Action::Decline => Ok(()),
            Action::Appoint { card } => match characters::appoint_problem(world, realm, card, true)
            {
                Some(problem) => Err(problem),
                None => Ok(()),
            },
            _ => Err(Illegal::new(
                ids::REACTION_APPOINT,
                "appoint a leader from your hand, or decline",
            )),
        },
        DecisionKind::Corruption { charge } => {
            income::check_corruption(world, realm, *charge, action)
        }
        DecisionKind::RecruitUnits { .. }
        | DecisionKind::SiegeMore { .. }
        | DecisionKind::OccupyRebelTown { .. }
        | DecisionKind::NavalTransport { .. }
        | DecisionKind::FreeActivation
        | DecisionKind::MoreWarTargets => {
            military::check_decision(world, realm, &decision.kind, action)
        }
        DecisionKind::SendCalls { .. } => war::check_send(world, action),
        DecisionKind::CallToArms { .. }
        | DecisionKind::ActivateAlly { .. }
        | DecisionKind::Surrender { .. }
        | DecisionKind::PeaceTerms { .. } => war::check_peace(world, &decision.kind, action),
        DecisionKind::Missions { .. } => match missions::phase1_problem(world, realm, action) {
            Some(problem) => Err(problem),
            None => Ok(()),
        },
        DecisionKind::AgeEndClaims => match action {
            Action::Decline => Ok(()),
            a if missions::owns(a) => match missions::claim_action_problem(world, realm, a) {
                Some(problem) => Err(problem),
                None => Ok(()),
            },
            _ => Err(Illegal::new(
                ids::MILESTONE_COMPLETE,
                "complete a Mission or Milestone, or go on",
            )),
        },
        DecisionKind::AgeSwap => match milestones::swap_problem(world, action) {
            Some(problem) => Err(problem),
            None => Ok(()),
        },
        k if generic::owns(k) => generic::check_decision(world, realm, k, action),
        _ => actions::check(world, decision, realm, action),
    }
}

/// The decisions whose answers are exactly the ones `candidates` lists, with the rule that
/// refuses anything else and what it asks for. The bot's `Legal` takes every listed answer of
/// such a decision as legal without checking it against the list again.
pub fn answered_from_its_list(kind: &DecisionKind) -> Option<(&'static str, &'static str)> {
    Some(match kind {
        DecisionKind::HistoricalRuler { .. } => (ids::EVENT_RULER, "take the ruler or decline"),
        DecisionKind::HistoricalRulers { must: true, .. } => {
            (ids::EVENT_RULER, "one of the rulers on the card")
        }
        DecisionKind::HistoricalRulers { must: false, .. } => (
            ids::EVENT_RULER,
            "one of the rulers on the card, or decline",
        ),
        DecisionKind::RemoveUnrest => (
            ids::STABILITY_PLUS2,
            "a province of yours in unrest, or decline",
        ),
        DecisionKind::CutCosts => (
            ids::SEQ_PHASE4_A,
            "fire an advisor, disband a unit, recall ships to port, take a loan, or be done",
        ),
        DecisionKind::RebelRemoveUnrest { .. } => (
            ids::REBEL_REMOVE_UNREST,
            "a province of that area in unrest",
        ),
        DecisionKind::AssignRebellion { .. } => (
            ids::REBELLION_LIBERATES,
            "one of your unrest provinces in that area",
        ),
        DecisionKind::LiberationColour { .. } => (ids::LIBERATION_TERRITORY, "a Non-Player Realm"),
        DecisionKind::AgeMarriages => (
            ids::AGE_END_MARRIAGES,
            "end a royal marriage (with a Non-Player Realm while you have one), or pay 2 dip",
        ),
        DecisionKind::RebelExhaust { .. } => (
            ids::REBEL_EXHAUST,
            "Available manpower, or one of your deployed regular units",
        ),
        DecisionKind::RebelSiege { .. } => (
            ids::REBEL_SIEGE_CHOICE,
            "an unrest province of that area the rebels can besiege (large ones first)",
        ),
        DecisionKind::VassalDissent { .. } => (
            ids::SEQ_PHASE3_G,
            "a calm vassal of that area, or 1 influence there",
        ),
        DecisionKind::BattleRetreat { .. } => (
            ids::BATTLE_RETREAT,
            "retreat to a safe neighbouring place, or fight on",
        ),
        DecisionKind::ImperialInfluence { .. } => (
            ids::EMPIRE_IMPERIAL_INFLUENCE,
            "an area of the Empire with a Non-Player member's province",
        ),
        DecisionKind::DefendTheHre { .. } => (
            ids::EMPIRE_DEFEND,
            "take up Defending the HRE (accept) or not (decline)",
        ),
        DecisionKind::ImperialLevy { .. } => (
            ids::EMPIRE_DEFEND,
            "exhaust manpower, give up ducats, lose prestige, or place a casus belli",
        ),
        DecisionKind::ElectionTie { area: Some(_) } => (
            ids::EMPIRE_VOTE,
            "one of the realms tied for the most influence in that Elector Area",
        ),
        DecisionKind::ElectionTie { area: None } => (
            ids::EMPIRE_ELECTION,
            "one of the realms tied for the most Elector votes",
        ),
        DecisionKind::LostAtSea { .. } => (
            ids::WAR_LOST_AT_SEA,
            "one of the losing realm's ships in a sea zone none of its ports faces",
        ),
        DecisionKind::RebelDieArea => (
            ids::REBEL_ROLL,
            "one of your areas with unrest, where your one rebel die is rolled",
        ),
        DecisionKind::DisloyalVassals => (
            ids::DISLOYAL_VASSALS,
            "an area where your vassals waver, with the most of them",
        ),
        DecisionKind::NativeUprising { spare: true } => (
            ids::COLONISTS,
            "a distant town of yours to take the unrest, or keep your towns and lose a colonist",
        ),
        DecisionKind::DnprExpansion { .. } => (
            ids::DNPR_EXPANSION,
            "a province next to the expanding realm: not a capital, occupied, a Player Realm's core \
             or its ally's",
        ),
        DecisionKind::SpreadReligion { .. } => (
            ids::EFFECT_FAITH,
            "a Protestant or Counter-Reformed token next to a cluster of its faith that has none \
             yet, on an area of another faith (not Orthodox or Muslim) that took none this turn; \
             with both faiths in play, no third token of one",
        ),
        DecisionKind::SpreadRevolution { .. } => (
            ids::REVOLUTION_SPREAD,
            "a Revolutionary token beside a cluster of them that has none yet (with none on the \
             board, a Player Realm's capital area; with one cluster, the second away from it)",
        ),
        DecisionKind::Pirates => (
            ids::PIRATES,
            "a maritime trade node, one with a merchant while there is one",
        ),
        DecisionKind::NativeUprising { spare: false } => (
            ids::COLONISTS,
            "a calm distant town of yours to take the unrest",
        ),
        DecisionKind::CardinalDies => (
            ids::CURIA_CARDINAL_DIES,
            "a regular cardinal on the Papal Curia track (Roma's never dies)",
        ),
        DecisionKind::ExcommunicationCardinal => (
            ids::CURIA_EXCOMMUNICATE,
            "one of your own regular cardinals",
        ),
        _ => return None,
    })
}
#[cfg(test)]
mod costs_tests;
#[cfg(test)]
mod curia_tests;
#[cfg(test)]
mod empire_tests;
#[cfg(test)]
mod event_chooser_tests;
#[cfg(test)]
mod event_ruler_tests;
#[cfg(test)]
mod generic_tests;
#[cfg(test)]
mod idea_tests;
#[cfg(test)]
mod minor_tests;
#[cfg(test)]
mod missions_tests;
#[cfg(test)]
mod rebel_tests;
#[cfg(test)]
mod religion_tests;
#[cfg(test)]
mod struggle_tests;
#[cfg(test)]
pub(crate) mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod trade_tests;
#[cfg(test)]
mod war_tests;
