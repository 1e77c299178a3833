//! The engine's half of decisions and actions: the pending decision, the answer on its way in,
//! the history of every action applied, and `Illegal`, the answer to an action the rules refuse.
//! Each ruleset brings its own `Action` and `Decision` types; these hold them.

use bevy::prelude::*;
use serde::Serialize;

/// The decision the game waits on (`None` once the game is over).
#[derive(Resource, Clone, Debug)]
pub struct Pending<D: Send + Sync + 'static>(pub Option<D>);

impl<D: Send + Sync + 'static> Default for Pending<D> {
    fn default() -> Self {
        Self(None)
    }
}

/// The answer `apply` accepted, consumed by the rules system that asked.
#[derive(Resource, Clone, Debug)]
pub struct Answer<A: Send + Sync + 'static>(pub Option<A>);

impl<A: Send + Sync + 'static> Default for Answer<A> {
    fn default() -> Self {
        Self(None)
    }
}

/// Every action applied so far, in order: what a save records.
#[derive(Resource, Clone, Debug)]
pub struct ActionHistory<A: Send + Sync + 'static>(pub Vec<A>);

impl<A: Send + Sync + 'static> Default for ActionHistory<A> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

/// Why an action was refused: the rule id that forbids it and a sentence for the player.
/// The sentence is borrowed when it is fixed text: `legal_actions` refuses hundreds of
/// candidates a turn, and only a person ever reads why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Illegal {
    pub rule: &'static str,
    pub reason: std::borrow::Cow<'static, str>,
}

impl Illegal {
    pub fn new(rule: &'static str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        Self {
            rule,
            reason: reason.into(),
        }
    }

    /// A refusal whose sentence is written only when someone may read it: inside [`quietly`]
    /// (a bot weighing candidates) the reason stays empty and `why` is never called.
    pub fn explained(rule: &'static str, why: impl FnOnce() -> String) -> Self {
        if QUIET.get() {
            Self::new(rule, "")
        } else {
            Self::new(rule, why())
        }
    }
}

thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with refusals left unexplained ([`Illegal::explained`]): for a caller that reads
/// only whether an answer is legal. A bot checks tens of thousands of candidates a game, and
/// the sentence saying why a Milestone is not fulfilled cost more than finding out.
pub fn quietly<R>(f: impl FnOnce() -> R) -> R {
    // Restores the flag even when `f` panics (a fuzz harness catches panics and goes on).
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.set(self.0);
        }
    }
    let _restore = Restore(QUIET.replace(true));
    f()
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal action ({}): {}", self.rule, self.reason)
    }
}

impl std::error::Error for Illegal {}
