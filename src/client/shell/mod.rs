//! The client shell: what every ruleset's window shares, written once (issue 14's seam on the
//! screen). A ruleset implements `Shelled`; `run` opens its window with the shell's plugins
//! (`ShellSessionPlugin<R>`: the game, seats, bots' pace, saves, undo; `LoadingPlugin`;
//! `ShellPanelsPlugin<R>`: the new-game and failure screens, the load list, F1 help, the
//! hot-seat hand-over; hot reload; unattended runs) and its own, which draw only its board, mat
//! and decision panels. Price of Power's window has its own state machine and uses the same
//! pieces one by one (`docs/rulesets.md`).

use std::sync::Arc;

use crate::engine::ruleset::Ruleset;

pub mod discs;
pub mod flat_colour;
pub mod help;
pub mod hot_reload;
pub mod loading;
pub mod log_panel;
pub mod new_game;
pub mod panel_backdrop;
pub mod panels;
pub mod renderer;
pub mod saves;
pub mod session;
pub mod unattended;

pub use log_panel::LogFilter;
pub use panels::ShellPanelsPlugin;
pub use session::{LoadedScenario, Screen, Session, ShellSessionPlugin};

/// What the shell needs to know of a ruleset beyond the engine's contract.
pub trait Shelled: Ruleset + bevy::reflect::TypePath {
    /// The window's title.
    const WINDOW_TITLE: &'static str;
    /// Where `Ctrl+S` saves.
    const QUICKSAVE: &'static str;
    /// Where the game is saved by itself each time a new Round begins.
    const AUTOSAVE: &'static str;
    /// The F1 help window's title and its sections (title, text).
    const HELP_TITLE: &'static str;
    const HELP: &'static [(&'static str, &'static str)];
    /// The window's own keyboard and mouse shortcuts, listed in the help before those every
    /// window shares (`help::SHELL_SHORTCUTS`).
    const SHORTCUTS: &'static [(&'static str, &'static str)] = &[];
    /// The rules notes with every house rule, named at the foot of the help.
    const RULES_NOTES: &'static str;
    /// The new-game screen's start button.
    const START_LABEL: &'static str;
    /// What the ruleset calls a seat ("realm", "kingdom", "Power"), in the shell's words.
    const SEAT_NOUN: &'static str = "seat";
    /// Pause between two bot actions at the screen when not fast-forwarding.
    const BOT_STEP_SECONDS: f32 = 0.15;
    /// Whether the new-game screen may leave a seat out of the game, and what such a seat
    /// becomes (the choice's label).
    const SEATS_MAY_SIT_OUT: bool = false;
    const SIT_OUT_LABEL: &'static str = "Not playing";
    /// The scenario embedded in the game, for a window opened without `--scenario`: its
    /// text, the file it comes from, and parsed.
    const DEFAULT_RON: &'static str;
    const DEFAULT_FILE: &'static str;
    fn default_scenario() -> Arc<Self::Content>;
    /// The seats a scenario offers, as (id, name), in seat order.
    fn seats(content: &Self::Content) -> Vec<(String, String)>;
    /// The most seats a game takes, where the rules limit them: the new-game screen plays the
    /// first that many and leaves the rest out.
    fn most_seats() -> Option<usize> {
        None
    }
    /// A seat's colour on the new-game screen, where it has one.
    fn seat_colour(content: &Self::Content, seat: &str) -> Option<(u8, u8, u8)> {
        let _ = (content, seat);
        None
    }
    /// The options of `Ruleset::option_names` as the new-game screen offers them: (name,
    /// label, on as the scenario sets it).
    fn options(content: &Self::Content) -> Vec<(&'static str, String, bool)> {
        let _ = content;
        Vec::new()
    }
    /// The scenario's description and what wins, for the new-game screen.
    fn introduction(content: &Self::Content) -> (String, String);
    /// Whether a save on `other` can be shown in a window drawn for `shown` (else the save
    /// needs a fresh window).
    fn same_board(shown: &Self::Content, other: &Self::Content) -> bool {
        let _ = (shown, other);
        true
    }
    /// The group of rules a log entry's id belongs to, for the log's filter (by default its
    /// first two parts, `km.upkeep`).
    fn rule_group(id: &str) -> String {
        log_panel::rule_id_prefix(id)
    }
    /// The rule groups in the order the help lists them (by default as they first come in
    /// `Ruleset::rule_ids`).
    fn rule_groups() -> Vec<String> {
        let mut groups: Vec<String> = Vec::new();
        for id in Self::rule_ids() {
            let group = Self::rule_group(id);
            if !groups.contains(&group) {
                groups.push(group);
            }
        }
        groups
    }
    /// A log line's time stamp (by default `Ruleset::time_label`).
    fn log_stamp(age: u8, round: u8) -> String {
        Self::time_label(age, round)
    }
}

/// Opens the window of ruleset `R` on a scenario file (or the embedded one), or on a save,
/// with the shell's plugins and the ruleset's own (`board`, `panels`). Returns the process
/// exit code.
pub fn run<R: Shelled, M>(
    scenario: Option<std::path::PathBuf>,
    load: Option<std::path::PathBuf>,
    automation: crate::client::automation::Automation,
    own: impl bevy::app::Plugins<M>,
) -> i32 {
    use bevy::prelude::*;
    if automation.pick_on_board {
        eprintln!("--pick-on-board picks a march in Price of Power's window only");
        return 2;
    }
    // A save opened from the command line plays on the scenario file it names, unless one is
    // given (a save naming a file outside the game's folder is refused once the window is up).
    let named_by_save = load
        .as_ref()
        .and_then(|path| crate::engine::save::Save::<R>::read(path).ok())
        .and_then(|save| {
            crate::engine::save::scenario_file_of(save.scenario_file.as_deref())
                .ok()
                .flatten()
        });
    let origin = loading::ScenarioOrigin::from_cli::<R>(scenario.clone().or(named_by_save));
    let mut app = App::new();
    // A custom asset source must exist before `AssetPlugin` builds the asset server.
    loading::register_scenario_source(&mut app, &origin);
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.11)))
        .insert_resource(automation)
        .insert_resource(origin)
        .insert_resource(session::Launch {
            scenario: scenario.clone(),
            load,
        })
        .add_plugins(DefaultPlugins.set(crate::client::game_window(R::WINDOW_TITLE)))
        .add_plugins(bevy_egui::EguiPlugin::default())
        .init_state::<session::ShellState>()
        .add_plugins(loading::LoadingPlugin::<R, session::ShellState> {
            loading: session::ShellState::Loading,
            loaded: session::ShellState::Loaded,
            failed: session::ShellState::Failed,
            ruleset: std::marker::PhantomData,
        })
        .add_plugins((
            ShellSessionPlugin::<R>::default(),
            ShellPanelsPlugin::<R>::default(),
            hot_reload::ShellHotReloadPlugin::<R>::default(),
            renderer::RendererFitPlugin,
            flat_colour::FlatColourPlugin,
            panel_backdrop::PanelBackdropPlugin,
            unattended::UnattendedPlugin::<R>::default(),
        ))
        .add_systems(
            Update,
            unattended::quit_on_failure.run_if(|screen: Option<Res<Screen>>| {
                matches!(screen.as_deref(), Some(Screen::Failed(_)))
            }),
        )
        .add_plugins(own);
    // A window opened on a scenario file watches it (hot reload).
    if let Some(path) = scenario {
        app.insert_resource(hot_reload::ScenarioWatch::new(path));
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}
