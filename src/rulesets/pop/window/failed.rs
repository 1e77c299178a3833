//! The screen shown when the scenario cannot be played: every `file:line:col: message` of the
//! scenario (or the reason the game could not be set up), so a broken mod file is an answer
//! rather than an endless loading screen; likewise a save given with `--load` that cannot be
//! replayed. The same lines go to stderr. The window is the shell's (`failure_window`); this
//! file gathers the lines from Price of Power's asset loader.

use bevy::asset::AssetLoadError;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::client::shell::panels::failure_window;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::loading::{ScenarioHandle, ScenarioLoadError, ScenarioOrigin};

pub struct FailedScreenPlugin;

impl Plugin for FailedScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<FailureReport>()
            .add_systems(OnEnter(AppState::Failed), collect_failure)
            .add_systems(
                EguiPrimaryContextPass,
                show_failure.run_if(in_state(AppState::Failed)),
            );
    }
}

/// What went wrong, one line per problem. Other plugins may fill it before entering `Failed`
/// (e.g. a scenario that loads but cannot be set up as a game).
#[derive(Resource, Default, Debug)]
pub struct FailureReport(pub Vec<String>);

/// The file at fault when it is not the scenario: a save opened with `--load`.
#[derive(Resource, Debug)]
pub struct FailedSave(pub String);

fn collect_failure(
    mut report: ResMut<FailureReport>,
    server: Res<AssetServer>,
    handle: Option<Res<ScenarioHandle>>,
    origin: Res<ScenarioOrigin>,
) {
    if report.0.is_empty()
        && let Some(handle) = handle
        && let Some(bevy::asset::LoadState::Failed(error)) = server.get_load_state(&handle.0)
    {
        report.0 = describe_load_error(&error, &origin.shown());
    }
    if report.0.is_empty() {
        report.0.push(format!(
            "{}: the scenario could not be loaded",
            origin.shown()
        ));
    }
    for line in &report.0 {
        eprintln!("{line}");
    }
}

/// The scenario loader's own errors line by line; any other asset error as one line.
fn describe_load_error(error: &AssetLoadError, file: &str) -> Vec<String> {
    if let AssetLoadError::AssetLoaderError(e) = error
        && let Some(scenario) = e.error().downcast_ref::<ScenarioLoadError>()
    {
        return scenario.errors.iter().map(ToString::to_string).collect();
    }
    vec![format!("{file}:1:1: {error}")]
}

fn show_failure(
    mut contexts: EguiContexts,
    report: Res<FailureReport>,
    origin: Res<ScenarioOrigin>,
    save: Option<Res<FailedSave>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (title, file) = match &save {
        Some(save) => ("The save cannot be opened", save.0.clone()),
        None => ("The scenario cannot be played", origin.shown()),
    };
    if failure_window(ctx, title, Some(&file), &report.0) {
        exit.write(AppExit::error());
    }
    Ok(())
}
