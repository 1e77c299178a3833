//! Loading a ruleset's scenario in its window, written once: the scenario is a Bevy asset read
//! through bevy_asset_loader while the window's loading state lasts, with a loading screen.
//!
//! The default scenario is embedded in the binary (`Shelled::DEFAULT_RON`) and served from
//! Bevy's `embedded://` source, so the game starts from any working directory. A scenario named
//! on the command line is read from a custom asset source rooted at its folder. Either way
//! `ContentLoader` parses and validates it with the ruleset's own reader
//! (`Ruleset::parse_content`, as `regnum check` does); a broken file, or one of another
//! ruleset, fails the load with every `file:line:col: message` (`ContentLoadError`), and the
//! loading state moves on to the window's failure state instead of waiting forever.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::asset::io::AssetSourceBuilder;
use bevy::asset::io::Reader;
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::asset::io::file::FileAssetReader;
use bevy::asset::{AssetLoadError, AssetLoader, AssetPath, LoadContext};
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use bevy_asset_loader::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::Shelled;
use crate::engine::content::ContentError;

/// The asset source that serves a scenario given on the command line (its folder).
const FILE_SOURCE: &str = "regnum_scenario";
/// Where the embedded default scenario sits in the `embedded://` source.
const EMBEDDED_PATH: &str = "regnum/scenarios/default.ron";

/// Where the scenario comes from, decided once from the command line.
#[derive(Resource, Clone, Debug)]
pub enum ScenarioOrigin {
    /// The ruleset's default, embedded in the binary; named as its file in the repository.
    Embedded { shown: String },
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
    /// The scenario file named on the command line, else ruleset `R`'s embedded default.
    pub fn from_cli<R: Shelled>(path: Option<PathBuf>) -> Self {
        let Some(given) = path else {
            return ScenarioOrigin::Embedded {
                shown: R::DEFAULT_FILE.to_string(),
            };
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
            ScenarioOrigin::Embedded { shown } => shown.clone(),
            ScenarioOrigin::File { given, .. } => given.display().to_string(),
        }
    }

    /// The scenario file a save should name; `None` for the embedded default.
    pub fn save_reference(&self) -> Option<String> {
        match self {
            ScenarioOrigin::Embedded { .. } => None,
            ScenarioOrigin::File { given, .. } => Some(given.display().to_string()),
        }
    }

    /// The file as given on the command line, if any.
    pub fn file(&self) -> Option<PathBuf> {
        match self {
            ScenarioOrigin::Embedded { .. } => None,
            ScenarioOrigin::File { given, .. } => Some(given.clone()),
        }
    }

    fn asset_path(&self) -> AssetPath<'static> {
        match self {
            ScenarioOrigin::Embedded { .. } => AssetPath::parse(EMBEDDED_PATH)
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

/// A parsed and validated scenario of ruleset `R`.
#[derive(Asset, TypePath)]
pub struct ContentAsset<R: Shelled>(pub Arc<R::Content>);

/// Why a scenario could not be loaded: every problem, each `file:line:col: message`.
#[derive(Debug)]
pub struct ContentLoadError {
    pub errors: Vec<ContentError>,
}

impl std::fmt::Display for ContentLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<String> = self.errors.iter().map(ToString::to_string).collect();
        write!(f, "{}", lines.join("\n"))
    }
}

impl std::error::Error for ContentLoadError {}

/// Reads ruleset `R`'s scenario RON with the same reader and validation as `regnum check`.
#[derive(TypePath)]
pub struct ContentLoader<R: Shelled> {
    /// The name errors carry (the path as given, not the asset path).
    file: String,
    ruleset: PhantomData<fn() -> R>,
}

impl<R: Shelled> ContentLoader<R> {
    fn error(&self, message: String) -> ContentLoadError {
        ContentLoadError {
            errors: vec![ContentError {
                file: self.file.clone(),
                line: 1,
                col: 1,
                message,
            }],
        }
    }
}

impl<R: Shelled> AssetLoader for ContentLoader<R> {
    type Asset = ContentAsset<R>;
    type Settings = ();
    type Error = ContentLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<ContentAsset<R>, ContentLoadError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| self.error(format!("cannot read the file: {e}")))?;
        let text = String::from_utf8(bytes)
            .map_err(|e| self.error(format!("the file is not UTF-8 text: {e}")))?;
        crate::rulesets::require_ruleset(Path::new(&self.file), &text, R::ID)
            .and_then(|()| R::parse_content(&text, &self.file))
            .map(|content| ContentAsset(Arc::new(content)))
            .map_err(|errors| ContentLoadError { errors })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The loaded scenario, inserted by bevy_asset_loader when the load succeeds.
#[derive(Resource)]
pub struct ContentAssets<R: Shelled> {
    pub scenario: Handle<ContentAsset<R>>,
}

/// The scenario's handle, kept from the moment loading starts so the failure screen can ask
/// the asset server why it failed (the collection itself is never inserted then).
#[derive(Resource)]
pub struct ContentHandle<R: Shelled>(pub Handle<ContentAsset<R>>);

// Written by hand rather than derived: the path is only known at run time (command line).
impl<R: Shelled> AssetCollection for ContentAssets<R> {
    fn create(world: &mut World) -> Self {
        ContentAssets {
            scenario: start_loading::<R>(world),
        }
    }

    fn load(world: &mut World) -> Vec<UntypedHandle> {
        let handle = start_loading::<R>(world);
        world.insert_resource(ContentHandle(handle.clone()));
        vec![handle.untyped()]
    }
}

fn start_loading<R: Shelled>(world: &mut World) -> Handle<ContentAsset<R>> {
    let path = world.resource::<ScenarioOrigin>().asset_path();
    world.resource::<AssetServer>().load(path)
}

impl<R: Shelled> ContentAssets<R> {
    /// The scenario, once loaded.
    pub fn get(&self, assets: &Assets<ContentAsset<R>>) -> Option<Arc<R::Content>> {
        assets.get(&self.scenario).map(|a| a.0.clone())
    }
}

/// Loads ruleset `R`'s scenario (from the `ScenarioOrigin` resource, inserted before this
/// plugin is built) while the window is in state `loading`, then moves on to `loaded`, or to
/// `failed` with the problems in `load_failure`.
pub struct LoadingPlugin<R: Shelled, S: FreelyMutableState + Copy> {
    pub loading: S,
    pub loaded: S,
    pub failed: S,
    pub ruleset: PhantomData<fn() -> R>,
}

impl<R: Shelled, S: FreelyMutableState + Copy> Plugin for LoadingPlugin<R, S> {
    fn build(&self, app: &mut App) {
        let shown = app.world().resource::<ScenarioOrigin>().shown();
        // The embedded registry exists once `AssetPlugin` is built; the text lives in the binary.
        app.world_mut()
            .resource_mut::<EmbeddedAssetRegistry>()
            .insert_asset(
                PathBuf::new(),
                Path::new(EMBEDDED_PATH),
                R::DEFAULT_RON.as_bytes(),
            );
        app.init_asset::<ContentAsset<R>>()
            .register_asset_loader(ContentLoader::<R> {
                file: shown,
                ruleset: PhantomData,
            })
            .add_loading_state(
                LoadingState::new(self.loading)
                    .continue_to_state(self.loaded)
                    .on_failure_continue_to_state(self.failed)
                    .load_collection::<ContentAssets<R>>(),
            )
            .add_systems(
                EguiPrimaryContextPass,
                show_loading_screen.run_if(in_state(self.loading)),
            );
    }
}

/// Why the scenario's load failed, one line per problem (empty while nothing failed).
pub fn load_failure<R: Shelled>(world: &World) -> Vec<String> {
    let origin = world.resource::<ScenarioOrigin>().shown();
    let Some(handle) = world.get_resource::<ContentHandle<R>>() else {
        return Vec::new();
    };
    match world.resource::<AssetServer>().get_load_state(&handle.0) {
        Some(bevy::asset::LoadState::Failed(error)) => describe_load_error(&error, &origin),
        _ => Vec::new(),
    }
}

/// The loader's own errors line by line; any other asset error as one line.
fn describe_load_error(error: &AssetLoadError, file: &str) -> Vec<String> {
    if let AssetLoadError::AssetLoaderError(e) = error
        && let Some(loading) = e.error().downcast_ref::<ContentLoadError>()
    {
        return loading.errors.iter().map(ToString::to_string).collect();
    }
    vec![format!("{file}:1:1: {error}")]
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
