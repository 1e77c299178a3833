//! Regnum: a rules-enforced digital realm-governance board game on Bevy's ECS.
//!
//! - `engine`: what every ruleset shares: `Game` and its one door `apply`, the `Ruleset`
//!   contract, the flow of steps, decisions, the seeded RNG, the log, saves and replays.
//! - `rulesets`: one folder per ruleset (its content schema, rules, bot and views), and the
//!   registry that picks the ruleset a file or save is written for.
//! - `cli`: the headless commands (`check`, `simulate`, `replay`).
//! - `fuzzing`: the fuzz targets (`fuzz/` runs them under libFuzzer, `tests/fuzz_smoke.rs` in CI).
//! - `client` (feature `client`): the desktop game.

/// mimalloc instead of the system allocator for every binary built on the library (the game,
/// the command line, tests, benchmarks, fuzz targets): allocation was a fifth of a bot game.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod cli;
pub mod engine;
pub mod fuzzing;
pub mod rulesets;

#[cfg(feature = "client")]
pub mod client;
