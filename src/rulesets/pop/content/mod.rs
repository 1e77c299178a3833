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

use crate::engine::log::Named;

/// Every item of a scenario that has a name a reader sees in place of its id, by section: the
/// log's and prompts' names (`display_names`), and the loader's check that no id stands for
/// two names (`validate`).
pub fn named_items(s: &Scenario) -> Vec<Named<'_>> {
    let mut named = Vec::new();
    macro_rules! section {
        ($name:literal, $list:expr) => {
            named.extend($list.iter().map(|x| ($name, &*x.id, x.name.as_str())))
        };
    }
    section!("realms", s.realms);
    section!("areas", s.map.areas);
    section!("provinces", s.map.provinces);
    section!("sea_zones", s.map.sea_zones);
    section!("characters", s.characters);
    section!("trade_nodes", s.trade_nodes);
    section!("action_cards", s.action_cards);
    section!("ideas", s.ideas);
    section!("missions", s.missions);
    section!("milestones", s.milestones);
    section!("events", s.events);
    named
}

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
