//! Scenario and mod content: the RON format (`schema`), loading with `file:line:col` errors
//! (`load`), cross-reference validation (`validate`) and spawning into a World (`spawn`).

pub mod load;
pub mod locate;
pub mod schema;
pub mod spawn;
pub mod validate;

pub use load::{
    ContentError, LoadedFile, check_path, content_hash, default_scenario, load_scenario,
    parse_scenario,
};
pub use schema::Scenario;

/// The default scenario, embedded so `regnum` runs from any folder.
pub const DEFAULT_SCENARIO_RON: &str = include_str!("../../scenarios/1444.ron");
pub const DEFAULT_SCENARIO_FILE: &str = "scenarios/1444.ron";
