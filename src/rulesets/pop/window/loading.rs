//! Loads the scenario as a Bevy asset through bevy_asset_loader while `AppState::Loading`.
//!
//! The default scenario is embedded in the binary (`content::DEFAULT_SCENARIO_RON`) and served
//! from Bevy's `embedded://` source, so the game starts from any working directory. A scenario
//! named on the command line is read from a custom asset source rooted at its folder. Either
//! way `ScenarioLoader` parses and validates it; a broken file fails the load with every
//! `file:line:col: message` (`ScenarioLoadError`), and the loading state moves on to
//! `AppState::Failed` instead of waiting forever.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::asset::io::AssetSourceBuilder;
use bevy::asset::io::Reader;
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::asset::io::file::FileAssetReader;
use bevy::asset::{AssetLoader, AssetPath, LoadContext};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::pop::content::schema::Scenario;
use crate::rulesets::pop::content::{
    ContentError, DEFAULT_SCENARIO_FILE, DEFAULT_SCENARIO_RON, parse_scenario,
};
use crate::rulesets::pop::window::AppState;

/// The asset source that serves a scenario given on the command line (its folder).
const FILE_SOURCE: &str = "regnum_scenario";
/// Where the embedded default scenario sits in the `embedded://` source.
const EMBEDDED_PATH: &str = "regnum/scenarios/default.ron";

pub struct LoadingPlugin;

impl Plugin for LoadingPlugin {
    fn build(&self, app: &mut App) {
        let shown = app.world().resource::<ScenarioOrigin>().shown();
        // The embedded registry exists once `AssetPlugin` is built; the text lives in the binary.
        app.world_mut()
            .resource_mut::<EmbeddedAssetRegistry>()
            .insert_asset(
                PathBuf::new(),
                Path::new(EMBEDDED_PATH),
                DEFAULT_SCENARIO_RON.as_bytes(),
            );
        app.init_asset::<ScenarioAsset>()
            .register_asset_loader(ScenarioLoader { file: shown })
            .add_loading_state(
                LoadingState::new(AppState::Loading)
                    .continue_to_state(AppState::NewGame)
                    .on_failure_continue_to_state(AppState::Failed)
                    .load_collection::<ScenarioAssets>(),
            )
            .add_systems(
                EguiPrimaryContextPass,
                show_loading_screen.run_if(in_state(AppState::Loading)),
            );
    }
}

/// Where the scenario comes from, decided once from the command line.
#[derive(Resource, Clone, Debug)]
pub enum ScenarioOrigin {
    Embedded,
    File {
        /// The file's folder, absolute: the root of the `FILE_SOURCE` asset source.
        dir: PathBuf,
        /// The file's name inside `dir`.
        name: PathBuf,
        /// The path as the person typed it, for messages and saves.
        given: PathBuf,
    },
}

impl ScenarioOrigin {
    pub fn from_cli(path: Option<PathBuf>) -> Self {
        let Some(given) = path else {
            return ScenarioOrigin::Embedded;
        };
        // Relative paths mean the working directory, not the executable's folder that Bevy's
        // default asset root would use.
        let absolute = if given.is_absolute() {
            given.clone()
        } else {
            std::env::current_dir().unwrap_or_default().join(&given)
        };
        let dir = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
        let name = absolute.file_name().map(PathBuf::from).unwrap_or_default();
        ScenarioOrigin::File { dir, name, given }
    }

    /// The file name errors and saves use.
    pub fn shown(&self) -> String {
        match self {
            ScenarioOrigin::Embedded => DEFAULT_SCENARIO_FILE.to_string(),
            ScenarioOrigin::File { given, .. } => given.display().to_string(),
        }
    }

    /// The scenario file a save should name; `None` for the embedded default.
    pub fn save_reference(&self) -> Option<String> {
        match self {
            ScenarioOrigin::Embedded => None,
            ScenarioOrigin::File { given, .. } => Some(given.display().to_string()),
        }
    }

    fn asset_path(&self) -> AssetPath<'static> {
        match self {
            ScenarioOrigin::Embedded => AssetPath::parse(EMBEDDED_PATH)
                .into_owned()
                .with_source("embedded"),
            ScenarioOrigin::File { name, .. } => {
                AssetPath::from_path_buf(name.clone()).with_source(FILE_SOURCE)
            }
        }
    }
}

/// Registers the asset source a command-line scenario is read from. Must run before
/// `DefaultPlugins` (the asset server is built from the sources known then).
pub fn register_scenario_source(app: &mut App, origin: &ScenarioOrigin) {
    if let ScenarioOrigin::File { dir, .. } = origin {
        let dir = dir.clone();
        // `FileAssetReader` joins its root onto Bevy's asset base path; an absolute root wins.
        app.register_asset_source(
            FILE_SOURCE,
            AssetSourceBuilder::new(move || Box::new(FileAssetReader::new(dir.clone()))),
        );
    }
}

/// A parsed and validated scenario.
#[derive(Asset, TypePath, Debug)]
pub struct ScenarioAsset(pub Arc<Scenario>);

/// Why a scenario could not be loaded: every problem, each `file:line:col: message`.
#[derive(Debug)]
pub struct ScenarioLoadError {
    pub errors: Vec<ContentError>,
}

impl std::fmt::Display for ScenarioLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<String> = self.errors.iter().map(ToString::to_string).collect();
        write!(f, "{}", lines.join("\n"))
    }
}

impl std::error::Error for ScenarioLoadError {}

/// Reads scenario RON with the same parser and validator as `regnum check`.
#[derive(TypePath)]
pub struct ScenarioLoader {
    /// The name errors carry (the path as given, not the asset path).
    file: String,
}

impl ScenarioLoader {
    fn error(&self, message: String) -> ScenarioLoadError {
        ScenarioLoadError {
            errors: vec![ContentError {
                file: self.file.clone(),
                line: 1,
                col: 1,
                message,
            }],
        }
    }
}

impl AssetLoader for ScenarioLoader {
    type Asset = ScenarioAsset;
    type Settings = ();
    type Error = ScenarioLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<ScenarioAsset, ScenarioLoadError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| self.error(format!("cannot read the file: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|e| self.error(format!("the file is not UTF-8 text: {e}")))?;
        crate::rulesets::require_price_of_power(std::path::Path::new(&self.file), &text)
            .and_then(|()| parse_scenario(&text, &self.file))
            .map(|scenario| ScenarioAsset(Arc::new(scenario)))
            .map_err(|errors| ScenarioLoadError { errors })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The loaded scenario, inserted by bevy_asset_loader when the load succeeds.
#[derive(Resource)]
pub struct ScenarioAssets {
    pub scenario: Handle<ScenarioAsset>,
}

/// The scenario handle, kept from the moment loading starts so the failure screen can ask the
/// asset server why it failed (the collection itself is never inserted then).
#[derive(Resource)]
pub struct ScenarioHandle(pub Handle<ScenarioAsset>);

// Written by hand rather than derived: the path is only known at run time (command line).
impl AssetCollection for ScenarioAssets {
    fn create(world: &mut World) -> Self {
        ScenarioAssets {
            scenario: start_loading(world),
        }
    }

    fn load(world: &mut World) -> Vec<UntypedHandle> {
        let handle = start_loading(world);
        world.insert_resource(ScenarioHandle(handle.clone()));
        vec![handle.untyped()]
    }
}

fn start_loading(world: &mut World) -> Handle<ScenarioAsset> {
    let path = world.resource::<ScenarioOrigin>().asset_path();
    world.resource::<AssetServer>().load(path)
}

impl ScenarioAssets {
    /// The scenario, once loaded.
    pub fn get(&self, assets: &Assets<ScenarioAsset>) -> Option<Arc<Scenario>> {
        assets.get(&self.scenario).map(|a| a.0.clone())
    }
}

fn show_loading_screen(mut contexts: EguiContexts, origin: Res<ScenarioOrigin>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Regnum")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Loading {} ...", origin.shown()));
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use bevy::state::app::StatesPlugin;

    use super::*;
    use crate::rulesets::pop::window::failed::{FailedScreenPlugin, FailureReport};

    fn loading_app(origin: ScenarioOrigin) -> App {
        let mut app = App::new();
        register_scenario_source(&mut app, &origin);
        app.insert_resource(origin)
            .add_plugins((MinimalPlugins, AssetPlugin::default(), StatesPlugin))
            .init_state::<AppState>()
            .add_plugins((LoadingPlugin, FailedScreenPlugin));
        app
    }

    /// Updates until the loading state is left (or gives up after a few seconds).
    fn settle(app: &mut App) -> AppState {
        for _ in 0..1000 {
            app.update();
            let state = *app.world().resource::<State<AppState>>().get();
            if state != AppState::Loading {
                return state;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        AppState::Loading
    }

    #[test]
    fn the_embedded_scenario_loads_from_any_folder() {
        let mut app = loading_app(ScenarioOrigin::Embedded);
        assert_eq!(settle(&mut app), AppState::NewGame);
        let assets = app.world().resource::<ScenarioAssets>();
        let scenario = assets
            .get(app.world().resource::<Assets<ScenarioAsset>>())
            .expect("loaded");
        assert!(!scenario.map.provinces.is_empty());
    }

    #[test]
    fn a_broken_scenario_file_ends_on_the_failure_screen_with_its_errors() {
        let dir =
            std::env::temp_dir().join(format!("regnum-client-loading-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("broken.ron");
        std::fs::write(
            &file,
            &DEFAULT_SCENARIO_RON[..DEFAULT_SCENARIO_RON.len() / 3],
        )
        .unwrap();
        let mut app = loading_app(ScenarioOrigin::from_cli(Some(file.clone())));
        assert_eq!(settle(&mut app), AppState::Failed);
        app.update();
        let report = &app.world().resource::<FailureReport>().0;
        let shown = file.display().to_string();
        assert!(!report.is_empty());
        assert!(
            report
                .iter()
                .all(|line| line.starts_with(&format!("{shown}:"))),
            "{report:?}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_missing_scenario_file_is_reported_not_waited_for() {
        let file = std::env::temp_dir().join("regnum-client-no-such-dir/none.ron");
        let mut app = loading_app(ScenarioOrigin::from_cli(Some(file)));
        assert_eq!(settle(&mut app), AppState::Failed);
    }
}
