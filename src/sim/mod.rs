//! The rules core: the ECS model, the rules schedule, decisions and actions, the seeded RNG and
//! the game log. Builds without any window (`--no-default-features`).

pub mod decision;
pub mod flow;
pub mod game;
pub mod log;
pub mod model;
pub mod pop;
pub mod query_cache;
pub mod rng;
pub mod rules;
pub mod snapshot;
pub mod state;

pub use decision::{Action, Decision, DecisionKind, Illegal};
pub use game::{Game, GameError};
pub use pop::costs::Cost;
pub use state::GameSetup;
