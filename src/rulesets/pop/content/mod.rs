//! Price of Power's scenario and mod content: the RON format (`schema`), loading and mods
//! (`load`), cross-reference validation with `file:line:col` errors (`validate`) and spawning
//! into a World (`spawn`).

pub mod load;
pub mod scale;
pub mod schema;
pub mod spawn;
pub mod validate;

pub use crate::engine::content::ContentError;
pub use load::{
    LoadedFile, apply_mod, check_path, check_text, default_scenario, load_scenario, parse_scenario,
};
pub use schema::Scenario;

/// The default scenario, embedded so `regnum` runs from any folder.
pub const DEFAULT_SCENARIO_RON: &str = include_str!("../../../../scenarios/1444.ron");
pub const DEFAULT_SCENARIO_FILE: &str = "scenarios/1444.ron";

/// The top-level collections of items in a Price of Power scenario, for locating errors.
pub const SECTIONS: &[&str] = &[
    "areas",
    "provinces",
    "sea_zones",
    "realms",
    "characters",
    "events",
    "action_cards",
    "ideas",
    "missions",
    "milestones",
    "trade_nodes",
    "trade_cards",
    "power_struggles",
];
