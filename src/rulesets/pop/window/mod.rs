//! Price of Power's window (feature `client`): the board, egui panels for the player mat, the
//! pending decision and the log; a new-game screen decides which realms people play (hot-seat)
//! and which the bots play. (`pop::view` is the seat's view of the state, not this window.)
//!
//! The client only reads the game (world queries, the log) and changes it only through
//! `Game::apply`, like a bot or a replay would. Its plugins, one per file:
//! - `loading`: the scenario as a Bevy asset through bevy_asset_loader (`AppState::Loading`);
//! - `failed`: the screen listing every `file:line:col` error when that load fails;
//! - `new_game`: the new-game screen (`AppState::NewGame`): who plays each realm, the seed;
//! - `session`: the game in play, the human seats and the bots that answer for everyone else;
//! - `saves`: quicksave, autosave each Round, the list of saves to load;
//! - `camera`, `board`, `places`, `tokens`, `labels`: the map and the pieces on it;
//! - `select`: hovering and clicking provinces;
//! - `layout`, `top_bar`, `player_mat`, `log_panel`, `dialogs`, `help`: the egui overlays;
//! - `animation`: the log played back on the board, at a chosen speed;
//! - `handover`: the hot-seat screen between two people's turns;
//! - `automation`: `--autoplay` and `--screenshot`, unattended runs for tests;
//! - `hot_reload`: the scenario file saved while the game runs is checked again and offered.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiPlugin;

pub mod animation;
pub mod automation;
pub mod board;
pub mod camera;
pub mod describe;
pub mod dialogs;
pub mod failed;
pub mod handover;
pub mod help;
pub mod hot_reload;
pub mod labels;
pub mod layout;
pub mod loading;
pub mod log_panel;
pub mod new_game;
pub mod palette;
pub mod places;
pub mod player_mat;
pub mod saves;
pub mod select;
pub mod session;
pub mod stats_panel;
pub mod tokens;
pub mod top_bar;
pub mod tracks;
pub mod trade_nodes;

/// Where the client is: loading the scenario, showing why it could not, setting up a new game,
/// or playing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AppState {
    #[default]
    Loading,
    Failed,
    NewGame,
    Playing,
}

/// Every plugin of the desktop game. `run` adds it after `DefaultPlugins`.
pub struct ClientPlugin;

impl Plugin for ClientPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<AppState>()
            .add_plugins((
                loading::loading_plugin(),
                failed::FailedScreenPlugin,
                new_game::NewGamePlugin,
                session::SessionPlugin,
                saves::SavesPlugin,
                trade_nodes::TradeNodesPlugin,
                stats_panel::StatsPanelPlugin,
                hot_reload::HotReloadPlugin,
            ))
            .add_plugins((
                camera::BoardCameraPlugin,
                board::BoardPlugin,
                places::BoardPlacesPlugin,
                tokens::TokenMarkersPlugin,
                select::BoardSelectPlugin,
                labels::ProvinceLabelsPlugin,
                layout::UiLayoutPlugin,
                top_bar::TopBarPlugin,
                player_mat::PlayerMatPlugin,
                log_panel::LogPanelPlugin,
                dialogs::DialogsPlugin,
                handover::HandoverPlugin,
                help::HelpPlugin,
                animation::AnimationPlugin,
                automation::AutomationPlugin,
            ))
            .add_plugins((
                crate::client::shell::renderer::RendererFitPlugin,
                crate::client::shell::flat_colour::FlatColourPlugin,
                crate::client::shell::panel_backdrop::PanelBackdropPlugin,
            ));
    }
}

/// Opens the game window on the embedded default scenario, or on `scenario` (a path, absolute
/// or relative to the working directory); `automation` may leave the playing to the bots and
/// end the run by itself. Returns the process exit code.
pub fn run(
    scenario: Option<PathBuf>,
    load: Option<PathBuf>,
    automation: crate::client::automation::Automation,
) -> i32 {
    // A save opened from the command line plays on the scenario file it names, unless one is
    // given; a save that cannot be read is reported once the window is up.
    let scenario = scenario.or_else(|| {
        load.as_ref()
            .and_then(|path| crate::rulesets::pop::save::Save::read(path).ok())
            .and_then(|save| {
                // A save that names a file outside the game's folder falls back to the
                // embedded scenario, and its replay then says that it does not match.
                crate::engine::save::scenario_file_of(save.scenario_file.as_deref())
                    .ok()
                    .flatten()
            })
    });
    let origin = loading::ScenarioOrigin::from_cli::<crate::rulesets::pop::PriceOfPower>(scenario);
    let mut app = App::new();
    // A custom asset source must exist before `AssetPlugin` builds the asset server.
    loading::register_scenario_source(&mut app, &origin);
    app.insert_resource(ClearColor(palette::SEA_DEEP))
        .insert_resource(origin)
        .insert_resource(automation)
        .insert_resource(session::LoadOnStart(load))
        .add_plugins(DefaultPlugins.set(crate::client::game_window("Regnum")))
        .add_plugins(EguiPlugin::default())
        .add_plugins(ClientPlugin);
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}
