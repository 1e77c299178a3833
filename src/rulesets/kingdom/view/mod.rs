//! Kingdom's desktop window (feature `client`): the frontier hex board with fog, claimed hexes,
//! settlements and improvements; the kingdom sheet; the pending decision; the settlement's
//! lots; the log with every check's roll and modifiers; event cards; saves, undo and hot-seat
//! hand-over.
//!
//! It reads the game through `Game::view` (only what the seat in front of the screen may see)
//! and the log, and changes it only through `Game::apply`, like a bot or a replay. Plugins, one
//! per file: `session` (the game, the seats, bots, saves, undo, automation), `board` (hexes,
//! markers, camera, hover), `panels` (top bar, sheet, decision, log, hover card, hand-over,
//! new-game and failure windows), `settlement` (districts and lots).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;

use crate::client::automation::Automation;

pub mod board;
pub mod describe;
pub mod panels;
pub mod session;
pub mod settlement;

/// Opens the Kingdom window on a scenario file (or the embedded frontier scenario), or on a
/// save. Returns the process exit code.
pub fn run(scenario: Option<PathBuf>, load: Option<PathBuf>, automation: Automation) -> i32 {
    let mut app = App::new();
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.11)))
        .insert_resource(automation)
        .insert_resource(session::Launch { scenario, load })
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Regnum - Kingdom".into(),
                resolution: WindowResolution::from((1280u32, 800u32)),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EguiPlugin::default())
        .add_plugins((
            session::KingdomSessionPlugin,
            board::HexBoardPlugin,
            panels::KingdomPanelsPlugin,
            settlement::SettlementViewPlugin,
        ));
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}
