//! The engine every ruleset runs on, written once: `Game` and its one door `apply`, the
//! `Ruleset` contract, the flow cursor and the steps' schedules, pending decisions and the action
//! history, the seeded RNG, the game log with rule ids, stable ids, saves and replays, and the
//! content-file plumbing (`file:line:col` errors, locating items in RON text).
//!
//! Nothing here names a ruleset except `RulesetId`, the list scenario files choose from.

pub mod choices;
pub mod content;
pub mod decision;
pub mod flow;
pub mod game;
pub mod id;
pub mod locate;
pub mod log;
pub mod memo;
pub mod preview;
pub mod query_cache;
pub mod reads;
pub mod rng;
pub mod ruleset;
pub mod save;
pub mod state;
pub mod stats;
pub mod watch;

pub use decision::Illegal;
pub use game::{Game, GameError};
pub use ruleset::{Ruleset, RulesetId, SeatBot};
pub use state::GameSetup;
