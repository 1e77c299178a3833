//! Raison d'Etat's round (seed 003): the Diplomacy phase (skipped in round 1), then the Actions
//! phase, one action turn per dial segment, every Power acting on the segment its own dial
//! shows; the Imperial Election comes before the French Muster and the Minor Powers' bids before
//! their Muster. Each phase is a `RdeStep` with a schedule of its own (`StepRules`); the action turns
//! run as one state machine (`Turn`) that asks a decision and returns, and picks up where it
//! was once `apply` brings the answer.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::decision::{Answer, Illegal, Pending};
use crate::engine::flow::{StepDef, add_step_schedules, step_schedule};
use crate::engine::reads::Reads;
use crate::rulesets::raison::content::schema::Status;
use crate::rulesets::raison::decision::{Action, Decision, DecisionKind, MoveKind};
use crate::rulesets::raison::ids;
use crate::rulesets::raison::model::{G, P, T, player_of, power_id};

pub mod actions;
pub mod battle;
pub mod movement;
pub mod round;

#[cfg(test)]
mod tests;

/// The steps of a round, in the seed's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RdeStep {
    Setup,
    RoundStart,
    Diplomacy,
    Actions,
    RoundEnd,
}

/// Steps in the seed's order.
pub const SETS: &[RdeStep] = &[
    RdeStep::Setup,
    RdeStep::RoundStart,
    RdeStep::Diplomacy,
    RdeStep::Actions,
    RdeStep::RoundEnd,
];

/// Step table for the flow cursor, index-aligned with `SETS`.
pub const STEPS: &[StepDef] = &[
    StepDef {
        id: "rde.step.setup",
        phase: 0,
        name: "Setup",
    },
    StepDef {
        id: "rde.step.round_start",
        phase: 0,
        name: "Start of the round",
    },
    StepDef {
        id: "rde.step.diplomacy",
        phase: 1,
        name: "Diplomacy Phase",
    },
    StepDef {
        id: "rde.step.actions",
        phase: 2,
        name: "Actions Phase",
    },
    StepDef {
        id: "rde.step.round_end",
        phase: 0,
        name: "End of the round",
    },
];

/// Index of `RdeStep::RoundStart` in `STEPS`: where the cursor wraps after a round.
pub const ROUND_START: u16 = 1;

/// The Raison d'Etat rules: the step chain and one system per step.
pub struct RaisonRulesPlugin;

impl Plugin for RaisonRulesPlugin {
    fn build(&self, app: &mut App) {
        add_step_schedules(app, SETS.len());
        let at = |step| step_schedule(SETS, step);
        app.add_systems(at(RdeStep::Setup), round::set_up)
            .add_systems(at(RdeStep::RoundStart), round::start_round)
            .add_systems(at(RdeStep::Diplomacy), round::choose_statuses)
            .add_systems(at(RdeStep::Actions), play_action_turns)
            .add_systems(at(RdeStep::RoundEnd), round::end_round);
    }
}

/// Where the action turns stand: the stage, the Powers acting this turn, and the progress of
/// the action being taken. Part of the state hash.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct Turn {
    pub stage: Stage,
    /// Powers acting this turn, in resolution order.
    pub order: Vec<P>,
    /// Index into `order` of the Power acting now.
    pub actor: usize,
    /// Powers still to answer the current simultaneous choice (statuses, votes, bids).
    pub queue: Vec<P>,
    /// Secret answers given so far: seen only by the Power that gave them until revealed.
    pub secret: Vec<(P, Secret)>,
    /// Minor Powers bid for this turn, and which of them is being bid for now.
    pub minors: Vec<P>,
    /// The step of the action being taken.
    pub doing: Doing,
    /// Subsidise & Mercenaries: how much has been given, and which kind (`true`: cards).
    pub given: u8,
    pub gave_cards: Option<bool>,
    /// Movement: the Envoy, the round of movement, Generals moved this round, the consents
    /// answered, a move waiting for consent, the battles to fight, the Garrisons on offer.
    pub envoy: Option<P>,
    pub move_round: u8,
    pub moved: Vec<G>,
    pub consents: Vec<(P, bool)>,
    pub waiting: Option<WaitingMove>,
    pub contested: Vec<T>,
    /// Territories fought over this round of movement.
    pub battled: Vec<T>,
    pub offers: Vec<(G, T)>,
    pub battle: Option<battle::Battle>,
    /// The Power committing a Battle card now.
    pub committer: Option<P>,
    /// Powers to bring down to the hand limit.
    pub over_limit: Vec<P>,
}

/// A secret choice before it is revealed.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum Secret {
    Status(Status),
    Vote(P),
    Bid(i32),
}

/// A move that waits for Allies' consent.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct WaitingMove {
    pub general: G,
    pub path: Vec<T>,
    pub how: MoveKind,
    /// Allies still to ask, in order.
    pub ask: Vec<P>,
}

/// The stage of an action turn.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub enum Stage {
    /// The turn has not begun (or the round's turns are all played).
    #[default]
    Start,
    /// The Imperial Election's votes.
    Election,
    /// Bids for the Minor Powers at their Muster.
    Bidding,
    /// The Powers take their actions in order.
    Acting,
}

/// The step of the action being taken.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub enum Doing {
    #[default]
    Begin,
    MusterDiscard,
    LeadershipChoice,
    Placing,
    Withdrawing,
    Subsidising,
    Mobilising,
    ChoosingEnvoy,
    Moving,
    Consent,
    Battles,
    Garrisons,
    Grant,
    HandLimit,
}

/// Runs the action turns of the round until someone must choose, the round is over, or the
/// game is.
pub fn play_action_turns(world: &mut World) {
    loop {
        if world.res::<crate::engine::flow::Flow>().over {
            return;
        }
        let stage = world.res::<Turn>().stage;
        let asked = match stage {
            Stage::Start => {
                if !round::begin_turn(world) {
                    return; // the round is over
                }
                false
            }
            Stage::Election => round::hold_election(world),
            Stage::Bidding => round::take_bids(world),
            Stage::Acting => actions::act(world),
        };
        if asked {
            return;
        }
    }
}

/// Takes the answer `apply` accepted, clearing the pending decision.
pub fn take_answer(world: &mut World) -> Option<Action> {
    let action = world.res_mut::<Answer<Action>>().0.take()?;
    world.res_mut::<Pending<Decision>>().0 = None;
    Some(action)
}

/// Asks `power`'s player a decision.
pub fn ask(world: &mut World, power: P, kind: DecisionKind) {
    let seat = player_of(world, power).unwrap_or(power);
    let d = Decision {
        seat: power_id(world, seat).to_string(),
        power: power_id(world, power).to_string(),
        kind,
    };
    world.res_mut::<Pending<Decision>>().0 = Some(d);
}

/// The Power the pending decision is for.
pub fn deciding(world: &World) -> Option<(P, &Decision)> {
    let d = world.res::<Pending<Decision>>().0.as_ref()?;
    let p = world
        .res::<crate::rulesets::raison::model::MapIndex>()
        .power(&d.power)?;
    Some((p, d))
}

/// Every legal answer to the pending decision.
pub fn legal_actions(world: &World) -> Vec<Action> {
    let Some((p, d)) = deciding(world) else {
        return Vec::new();
    };
    match &d.kind {
        DecisionKind::Status => round::status_choices(),
        DecisionKind::Bid { .. } => round::bid_choices(world, p),
        DecisionKind::Vote => round::vote_choices(world),
        DecisionKind::MusterDiscard | DecisionKind::HandLimit => actions::discard_choices(world, p),
        DecisionKind::Leadership => actions::leadership_choices(world, p),
        DecisionKind::PlaceGenerals => actions::place_choices(world, p),
        DecisionKind::WithdrawGenerals => actions::withdraw_choices(world, p),
        DecisionKind::Subsidise => actions::subsidy_choices(world, p),
        DecisionKind::Mobilise => actions::mobilise_choices(world, p),
        DecisionKind::Envoy => movement::envoy_choices(world, p),
        DecisionKind::Move { .. } => movement::move_choices(world, p),
        DecisionKind::Consent { .. } | DecisionKind::Grant { .. } => {
            vec![Action::Agree, Action::Refuse]
        }
        DecisionKind::Support { .. } => battle::support_choices(world, p),
        DecisionKind::Commit { .. } => battle::commit_choices(world, p),
        DecisionKind::Garrison { .. } => battle::garrison_choices(world),
        DecisionKind::Retreat { .. } => battle::retreat_choices(world),
        DecisionKind::DrawRetreat { .. } => battle::draw_retreat_choices(world),
    }
}

/// Whether `action` answers the pending decision legally; if not, the rule that forbids it.
pub fn check(world: &World, action: &Action) -> Result<(), Illegal> {
    let Some((p, d)) = deciding(world) else {
        return Err(Illegal::new(
            ids::GAME_END,
            "the game is over: nobody is asked anything",
        ));
    };
    // A move is checked by the movement rule itself (`route` is what `move_choices` lists),
    // without listing every other move.
    let legal = match (&d.kind, action) {
        (DecisionKind::Move { .. }, Action::Move { general, to, how }) => {
            let m = world.res::<crate::rulesets::raison::model::MapIndex>();
            match (m.general(general), m.territory(to)) {
                (Some(g), Some(t)) => movement::route(world, p, g, t, *how).is_ok(),
                _ => false,
            }
        }
        // A purchase by the Mobilisation rule itself (`may_buy` is what `mobilise_choices`
        // lists).
        (DecisionKind::Mobilise, a) => actions::may_buy(world, p, a),
        _ => legal_actions(world).contains(action),
    };
    if legal {
        return Ok(());
    }
    Err(refusal(world, p, &d.kind, action))
}

/// Why an action that is not among the legal answers is refused: the rule of the question
/// asked, with the most telling reason the rules can give.
fn refusal(world: &World, p: P, kind: &DecisionKind, action: &Action) -> Illegal {
    let rule = match kind {
        DecisionKind::Status => ids::DIPLOMACY,
        DecisionKind::Bid { .. } => ids::MINOR_BIDDING,
        DecisionKind::Vote => ids::IMPERIAL_ELECTION,
        DecisionKind::MusterDiscard => ids::MUSTER,
        DecisionKind::HandLimit => ids::HAND_LIMIT,
        DecisionKind::Leadership | DecisionKind::PlaceGenerals | DecisionKind::WithdrawGenerals => {
            ids::LEADERSHIP
        }
        DecisionKind::Subsidise => match action {
            Action::GiveCard { .. } => ids::MERCENARIES,
            _ => ids::SUBSIDISE,
        },
        DecisionKind::Mobilise => ids::MOBILISATION,
        DecisionKind::Envoy | DecisionKind::Grant { .. } => ids::ENVOY,
        DecisionKind::Move { .. } => ids::MOVEMENT,
        DecisionKind::Consent { .. } => ids::COALITION,
        DecisionKind::Support { .. } => ids::BATTLE_SUPPORT,
        DecisionKind::Commit { .. } => ids::BATTLE_CARD,
        DecisionKind::Garrison { .. } => ids::BATTLE_WIN,
        DecisionKind::Retreat { .. } => ids::BATTLE_LOSS,
        DecisionKind::DrawRetreat { .. } => ids::BATTLE_DRAW,
    };
    let reason = match (kind, action) {
        (DecisionKind::Move { .. }, Action::Move { general, to, how }) => {
            movement::why_not(world, p, general, to, *how)
        }
        (DecisionKind::Envoy, Action::ChooseEnvoy(e)) => movement::why_not_envoy(world, p, e),
        (DecisionKind::Subsidise, Action::GiveMoney { to } | Action::GiveCard { to, .. }) => {
            actions::why_not_give(world, p, to, action)
        }
        (DecisionKind::Bid { .. }, Action::Bid(n)) => format!(
            "a bid runs from 0 to the Morale {} holds ({}), not {n}",
            power_id(world, p),
            crate::rulesets::raison::model::purse(world, p).morale
        ),
        _ => format!(
            "{action:?} is not an answer to {}'s question now ({kind:?})",
            power_id(world, p)
        ),
    };
    let (rule, reason) = match reason.split_once('|') {
        // A reason may name a more precise rule: "rde.coalition|...".
        Some((r, text)) => (
            ids::ALL
                .iter()
                .find(|id| **id == r)
                .copied()
                .unwrap_or(rule),
            text.to_string(),
        ),
        None => (rule, reason),
    };
    Illegal::new(rule, reason)
}
