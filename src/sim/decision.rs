//! Decisions and actions: the one door through which humans, bots and replays change the game.
//!
//! The engine runs until someone must choose, then stops with a pending `Decision`.
//! `legal_actions` lists every legal answer; `apply` checks an answer, records it and runs on.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::content::schema::MpKind;

/// An answer to a decision. Serialized to RON in saves and replays.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// End your actions for this Round.
    Pass,
    /// Take the face-up Event in this slot of the display (0 = leftmost).
    TakeEvent { slot: u8 },
    /// Pick option A (0) or B (1) of the Event being resolved.
    ChooseOption { option: u8 },
    /// Pick the monarch-power type an effect applies to.
    ChooseMp { kind: MpKind },
    /// Pick a province (by content id) an effect applies to.
    ChooseProvince { province: String },
    /// Minor action: take a Loan.
    TakeLoan,
    /// Minor action: repay a Loan.
    RepayLoan,
    /// Basic action: Increase Stability.
    IncreaseStability,
}

/// What the pending decision asks for.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum DecisionKind {
    /// A turn in the Action phase: one basic action or card, any minor actions, or pass.
    Turn,
    /// A final turn after the passing money ran out: one more action.
    LastAction,
    /// A last turn only to take the mandatory Event.
    LastEvent,
    /// Choose option A or B of an Event.
    EventOption { event: String },
    /// Choose the type of monarch power an effect gives or takes.
    MpType { amount: i32 },
    /// Choose a town to gain unrest.
    UnrestTown,
}

/// Someone must choose.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Decision {
    /// Content id of the realm that decides.
    pub realm: String,
    pub kind: DecisionKind,
    /// A sentence for people.
    pub prompt: String,
}

/// The decision the engine waits on, if any.
#[derive(Resource, Default, Clone, Debug)]
pub struct Pending(pub Option<Decision>);

/// An accepted answer waiting to be consumed by the system that asked.
#[derive(Resource, Default, Clone, Debug)]
pub struct Answer(pub Option<Action>);

/// Every action applied so far, in order: with the scenario and seed, the whole game.
#[derive(Resource, Default, Clone, Debug)]
pub struct ActionHistory(pub Vec<Action>);

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Illegal {
    /// The rule that forbids it.
    pub rule: &'static str,
    pub reason: String,
}

impl Illegal {
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Self {
        Self {
            rule,
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal action ({}): {}", self.rule, self.reason)
    }
}

impl std::error::Error for Illegal {}
