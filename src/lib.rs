//! Regnum: a rules-enforced digital realm-governance board game on Bevy's ECS.
//!
//! - `content`: scenario and mod files (RON), their validation and spawning.
//! - `sim`: the rules core: ECS model, phase-ordered rules schedule, decisions and actions.
//! - `save`: saves and replays.
//! - `ai`: bots that answer decisions through the same `apply` as people.
//! - `cli`: the headless commands (`check`, `simulate`, `replay`).
//! - `client` (feature `client`): the desktop game.

pub mod ai;
pub mod cli;
pub mod content;
pub mod save;
pub mod sim;

#[cfg(feature = "client")]
pub mod client;
