//! Price of Power's saves: the engine's saves and replays with this ruleset's actions.

pub use crate::engine::save::SaveError;

use crate::rulesets::pop::PriceOfPower;

/// A saved game of Price of Power.
pub type Save = crate::engine::save::Save<PriceOfPower>;
/// A Price of Power save replayed as far as today's rules allow.
pub type Replayed = crate::engine::save::Replayed<PriceOfPower>;
