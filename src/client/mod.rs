//! The desktop game (feature `client`): what every ruleset's window shares. `shell` is the
//! client shell every ruleset's window is built on (loading, new-game and failure screens, log
//! panel, saves and undo, the bots' pace, hot-seat hand-over, help, hot reload, previews of
//! choices, unattended runs);
//! `automation` what an unattended run asks for; `rule_text` what each rule id means;
//! `empty_window` the frame-time baseline. Each ruleset's own window lives in its folder
//! (`rulesets::pop::window`, `rulesets::kingdom::view`, `rulesets::raison::view`); `run` opens
//! the one a scenario or save names.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;

pub mod automation;
pub mod empty_window;
pub mod rule_text;
pub mod shell;

/// The deep sea behind a board: the clear colour of Price of Power's window and of the
/// empty baseline window it is timed against.
pub const SEA_DEEP: Color = Color::srgb(0.40, 0.52, 0.62);

/// The window every ruleset's game opens in (and the frame-time baseline): 1280x800.
pub fn game_window(title: &str) -> WindowPlugin {
    WindowPlugin {
        primary_window: Some(Window {
            title: title.into(),
            resolution: WindowResolution::from((1280u32, 800u32)),
            ..default()
        }),
        ..default()
    }
}

/// Opens the window of the ruleset a scenario or save names (Price of Power's for the embedded
/// default); `automation` may leave the playing to the bots and end the run by itself. Returns
/// the process exit code.
pub fn run(
    scenario: Option<PathBuf>,
    load: Option<PathBuf>,
    automation: automation::Automation,
) -> i32 {
    match crate::rulesets::own_window(scenario.as_deref(), load.as_deref()) {
        Some(ruleset) => crate::rulesets::run_own_window(ruleset, scenario, load, automation),
        None => crate::rulesets::pop::window::run(scenario, load, automation),
    }
}
