//! Price of Power's new-game screen (`AppState::NewGame`): the shell's form
//! (`client::shell::new_game`: the scenario or mod, who plays each Player Realm, a person, a
//! bot or nobody, when it is a Non-Player Realm, the two optional rules, the seed, the saves
//! to carry on from). What is Price of Power's own here: a file picked is read with its mods
//! and put in place of the scenario asset the board and panels are built from.
//!
//! "Start game" leaves the choice in `ChosenSettings` and moves on to `AppState::Playing`,
//! where the session builds the game from it. Unattended runs (`--autoplay`, `--screenshot`)
//! skip the screen: the session then plays every realm with the first seat as the human's.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::client::automation::Automation;
use crate::client::shell::Shelled;
use crate::client::shell::new_game::{
    FormAnswer, NewGameForm, NewGameSettings, new_game_window, new_seed, open_in_its_window,
};
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::content::load::{LoadedFile, check_path};
use crate::rulesets::pop::content::schema::Scenario;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets, ScenarioOrigin};

pub struct NewGamePlugin;

impl Plugin for NewGamePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(AppState::NewGame), open_form)
            .add_systems(
                EguiPrimaryContextPass,
                show_form.run_if(in_state(AppState::NewGame)),
            );
    }
}

/// The form while the person fills it in.
#[derive(Resource)]
struct Form(NewGameForm);

/// What the screen decided; the session builds the game from it.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ChosenSettings(pub NewGameSettings);

fn open_form(
    mut commands: Commands,
    automation: Res<Automation>,
    load: Option<Res<crate::rulesets::pop::window::session::LoadOnStart>>,
    assets: Option<Res<ScenarioAssets>>,
    scenarios: Res<Assets<ScenarioAsset>>,
    origin: Res<ScenarioOrigin>,
    mut next: ResMut<NextState<AppState>>,
) {
    commands.remove_resource::<ChosenSettings>();
    let scenario = assets.and_then(|a| a.get(&scenarios));
    // Nobody is at the screen in an unattended run; without a scenario the session reports
    // the problem. A save opened from the command line goes straight to the board.
    let loading_save = load.is_some_and(|l| l.0.is_some());
    let (false, Some(scenario)) = (automation.is_active() || loading_save, scenario) else {
        NextState::set_if_neq(&mut next, AppState::Playing);
        return;
    };
    let file = match &*origin {
        ScenarioOrigin::File { given, .. } => Some(given.clone()),
        _ => None,
    };
    let form = NewGameForm::new::<PriceOfPower>(&scenario, file, new_seed())
        .look_around::<PriceOfPower>(Path::new("."));
    commands.insert_resource(Form(form));
}

/// Reads a scenario or a mod (applied to its base) and puts it in place of the loaded one,
/// so the session, board and panels all build from it.
fn switch_scenario(
    path: &Path,
    assets: &ScenarioAssets,
    scenarios: &mut Assets<ScenarioAsset>,
    origin: &mut ScenarioOrigin,
) -> Result<Arc<Scenario>, String> {
    let playable = crate::engine::content::read(path).and_then(|text| {
        crate::rulesets::require_ruleset(path, &text, crate::engine::RulesetId::PriceOfPower)
    });
    let scenario = match playable.and_then(|()| check_path(path)) {
        Ok(LoadedFile::Scenario(s)) | Ok(LoadedFile::Mod(_, s)) => Arc::new(s),
        Err(errors) => {
            let lines: Vec<String> = errors.iter().take(5).map(ToString::to_string).collect();
            return Err(lines.join("\n"));
        }
    };
    scenarios
        .insert(
            assets.scenario.id(),
            crate::client::shell::loading::ContentAsset(scenario.clone()),
        )
        .map_err(|e| e.to_string())?;
    *origin = ScenarioOrigin::from_cli::<PriceOfPower>(Some(path.to_path_buf()));
    Ok(scenario)
}

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn show_form(
    mut commands: Commands,
    mut contexts: EguiContexts,
    form: Option<ResMut<Form>>,
    mut next: ResMut<NextState<AppState>>,
    assets: Option<Res<ScenarioAssets>>,
    mut scenarios: ResMut<Assets<ScenarioAsset>>,
    mut origin: ResMut<ScenarioOrigin>,
    mut exit: MessageWriter<AppExit>,
    mut load_on_start: ResMut<crate::rulesets::pop::window::session::LoadOnStart>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(mut form) = form else { return Ok(()) };
    let scenario = assets.as_ref().and_then(|a| a.get(&scenarios));
    let introduction = scenario.map(|s| PriceOfPower::introduction(&s));
    let Some(answer) = new_game_window::<PriceOfPower>(ctx, &mut form.0, introduction) else {
        return Ok(());
    };
    match answer {
        FormAnswer::Resume(path) => {
            // The session opens the save on entering the board, as `regnum --load` does.
            load_on_start.0 = Some(path);
            commands.remove_resource::<Form>();
            next.set(AppState::Playing);
        }
        // A scenario of another ruleset opens that ruleset's own window: this program starts
        // again on it.
        FormAnswer::Pick(path, Some(_)) => match open_in_its_window(&path) {
            Ok(()) => {
                exit.write(AppExit::Success);
            }
            Err(e) => form.0.error = Some(e),
        },
        FormAnswer::Pick(path, None) => {
            let Some(assets) = assets else { return Ok(()) };
            match switch_scenario(&path, &assets, &mut scenarios, &mut origin) {
                Ok(scenario) => form.0 = form.0.on::<PriceOfPower>(&scenario, path),
                // Each line already names the file and where in it.
                Err(e) => form.0.error = Some(e),
            }
        }
        FormAnswer::Start(settings) => {
            commands.insert_resource(ChosenSettings(settings));
            commands.remove_resource::<Form>();
            NextState::set_if_neq(&mut next, AppState::Playing);
        }
    }
    Ok(())
}
