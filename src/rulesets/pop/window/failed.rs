//! The screen shown when the scenario cannot be played: every `file:line:col: message` of the
//! scenario (or the reason the game could not be set up), so a broken mod file is an answer
//! rather than an endless loading screen; likewise a save given with `--load` that cannot be
//! replayed. The same lines go to stderr. The window is the shell's (`failure_window`); this
//! file gathers the lines of the shell's loading (`load_failure`) in Price of Power's states.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::client::shell::panels::failure_window;
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::loading::ScenarioOrigin;

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

fn collect_failure(world: &mut World) {
    let lines = crate::client::shell::loading::load_failure::<PriceOfPower>(world);
    let shown = world.resource::<ScenarioOrigin>().shown();
    let mut report = world.resource_mut::<FailureReport>();
    if report.0.is_empty() {
        report.0 = lines;
    }
    if report.0.is_empty() {
        report
            .0
            .push(format!("{shown}: the scenario could not be loaded"));
    }
    for line in &report.0 {
        eprintln!("{line}");
    }
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
