//! The new-game screen (`AppState::NewGame`): which scenario (the one loaded, or any
//! `scenarios/*.ron` or mod under `mods/` beside the working directory), every Player Realm of
//! it with its colour and who plays it (a person at this screen, a bot, or nobody: then it is a
//! Non-Player Realm), and the seed. Any number of realms may be human: they share the screen
//! (hot-seat).
//!
//! "Start game" leaves the choice in `NewGameSettings` and moves on to `AppState::Playing`,
//! where the session builds the game from it. Unattended runs (`--autoplay`, `--screenshot`)
//! skip the screen: the session then plays every realm with the first seat as the human's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::automation::Automation;
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::content::load::{LoadedFile, check_path};
use crate::rulesets::pop::content::schema::{RealmKind, Scenario};
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets, ScenarioOrigin};
use crate::rulesets::pop::window::palette;
use crate::rulesets::pop::window::session::new_seed;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

/// Who plays a Player Realm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// The person (or people) at this screen.
    Human,
    Bot,
    /// Left out of the game: the realm is a Non-Player Realm.
    NotPlaying,
}

/// One line of the form.
#[derive(Clone, Debug)]
pub struct RealmLine {
    pub id: String,
    pub name: String,
    pub colour: (u8, u8, u8),
    pub choice: SeatChoice,
}

/// The screen's state while the person fills it in.
#[derive(Resource, Clone, Debug)]
pub struct NewGameForm {
    /// Scenario and mod files found beside the working directory.
    pub files: Vec<PathBuf>,
    /// Those of them written for another ruleset (they open that ruleset's own window), with
    /// their ruleset.
    pub own_window_files: Vec<(PathBuf, crate::engine::ruleset::RulesetId)>,
    /// The scenario loaded now: its name and, for a file, where it came from.
    pub scenario_name: String,
    pub scenario_file: Option<PathBuf>,
    pub realms: Vec<RealmLine>,
    pub seed: String,
    /// Optional rule 5, religious rebels (starts as the scenario's option).
    pub religious_rebels: bool,
    /// The advanced rule of Power Struggles (starts as the scenario's option).
    pub power_struggles: bool,
    pub error: Option<String>,
}

/// What the screen decided; the session builds the game from it.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct NewGameSettings {
    /// Realm ids in play, seat order (the scenario's order).
    pub players: Vec<String>,
    /// Those of `players` the people at the screen decide for.
    pub humans: Vec<String>,
    pub seed: u64,
    pub religious_rebels: bool,
    pub power_struggles: bool,
}

impl NewGameForm {
    /// The scenario's Player Realms, the first one human and the rest bots, as before this
    /// screen existed.
    pub fn new(scenario: &Scenario, seed: u64) -> Self {
        let realms = scenario
            .realms
            .iter()
            .filter(|r| r.kind == RealmKind::Player)
            .enumerate()
            .map(|(i, r)| RealmLine {
                id: r.id.clone(),
                name: r.name.clone(),
                colour: r.colour,
                choice: if i == 0 {
                    SeatChoice::Human
                } else {
                    SeatChoice::Bot
                },
            })
            .collect();
        NewGameForm {
            files: Vec::new(),
            own_window_files: Vec::new(),
            scenario_name: scenario.name.clone(),
            scenario_file: None,
            realms,
            seed: seed.to_string(),
            religious_rebels: scenario.options.religious_rebels,
            power_struggles: scenario.options.power_struggles,
            error: None,
        }
    }

    /// The settings, or why the form cannot start a game.
    pub fn settings(&self) -> Result<NewGameSettings, String> {
        let seed = self
            .seed
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("The seed must be a whole number, not {:?}.", self.seed))?;
        let playing = |c: SeatChoice| c != SeatChoice::NotPlaying;
        let players: Vec<String> = self
            .realms
            .iter()
            .filter(|r| playing(r.choice))
            .map(|r| r.id.clone())
            .collect();
        if players.is_empty() {
            return Err("At least one realm must play.".to_string());
        }
        let humans = self
            .realms
            .iter()
            .filter(|r| r.choice == SeatChoice::Human)
            .map(|r| r.id.clone())
            .collect();
        Ok(NewGameSettings {
            players,
            humans,
            seed,
            religious_rebels: self.religious_rebels,
            power_struggles: self.power_struggles,
        })
    }
}

fn open_form(
    mut commands: Commands,
    automation: Res<Automation>,
    load: Option<Res<crate::rulesets::pop::window::session::LoadOnStart>>,
    assets: Option<Res<ScenarioAssets>>,
    scenarios: Res<Assets<ScenarioAsset>>,
    mut next: ResMut<NextState<AppState>>,
) {
    commands.remove_resource::<NewGameSettings>();
    let scenario = assets.and_then(|a| a.get(&scenarios));
    // Nobody is at the screen in an unattended run; without a scenario the session reports
    // the problem.
    // A save opened from the command line goes straight to the board.
    let loading_save = load.is_some_and(|l| l.0.is_some());
    let (false, Some(scenario)) = (automation.is_active() || loading_save, scenario) else {
        NextState::set_if_neq(&mut next, AppState::Playing);
        return;
    };
    let mut form = NewGameForm::new(&scenario, new_seed());
    form.files = scenario_files(Path::new("."));
    form.own_window_files = form
        .files
        .iter()
        .filter_map(|f| crate::rulesets::own_window(Some(f), None).map(|r| (f.clone(), r)))
        .collect();
    commands.insert_resource(form);
}

/// `scenarios/*.ron` and every `*.ron` one level down in `mods/` (a mod is a folder), sorted.
pub fn scenario_files(root: &Path) -> Vec<PathBuf> {
    let ron_in = |dir: PathBuf| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut files = ron_in(root.join("scenarios"));
    files.extend(ron_in(root.join("mods")));
    if let Ok(mods) = std::fs::read_dir(root.join("mods")) {
        for dir in mods.flatten().map(|e| e.path()).filter(|p| p.is_dir()) {
            files.extend(ron_in(dir));
        }
    }
    files.sort();
    files
}

/// Reads a scenario or a mod (applied to its base) and puts it in place of the loaded one,
/// so the session, board and panels all build from it.
fn switch_scenario(
    path: &Path,
    assets: &ScenarioAssets,
    scenarios: &mut Assets<ScenarioAsset>,
    origin: &mut ScenarioOrigin,
) -> Result<Arc<Scenario>, String> {
    let playable = crate::engine::content::read(path)
        .and_then(|text| crate::rulesets::require_price_of_power(path, &text));
    let scenario = match playable.and_then(|()| check_path(path)) {
        Ok(LoadedFile::Scenario(s)) | Ok(LoadedFile::Mod(_, s)) => Arc::new(s),
        Err(errors) => {
            let lines: Vec<String> = errors.iter().take(5).map(ToString::to_string).collect();
            return Err(lines.join("\n"));
        }
    };
    scenarios
        .insert(assets.scenario.id(), ScenarioAsset(scenario.clone()))
        .map_err(|e| e.to_string())?;
    *origin = ScenarioOrigin::from_cli(Some(path.to_path_buf()));
    Ok(scenario)
}

/// Price of Power's saves on disk with when they were written, newest first.
type SaveList = Vec<crate::client::shell::saves::SaveFile>;

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn show_form(
    mut commands: Commands,
    mut contexts: EguiContexts,
    form: Option<ResMut<NewGameForm>>,
    mut next: ResMut<NextState<AppState>>,
    assets: Option<Res<ScenarioAssets>>,
    mut scenarios: ResMut<Assets<ScenarioAsset>>,
    mut origin: ResMut<ScenarioOrigin>,
    mut exit: MessageWriter<AppExit>,
    mut load_on_start: ResMut<crate::rulesets::pop::window::session::LoadOnStart>,
    mut saves: Local<Option<SaveList>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(mut form) = form else { return Ok(()) };
    let mut start = false;
    let mut picked: Option<PathBuf> = None;
    // The saves on disk, newest first, read once while the form is open.
    let saves = saves.get_or_insert_with(|| {
        crate::client::shell::saves::list_saves::<PriceOfPower>(std::path::Path::new(
            crate::client::shell::saves::SAVE_DIR,
        ))
    });
    let mut resume: Option<PathBuf> = None;
    egui::Window::new("New game")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Scenario");
                let shown = match &form.scenario_file {
                    Some(f) => format!("{} ({})", form.scenario_name, f.display()),
                    None => form.scenario_name.clone(),
                };
                egui::ComboBox::from_id_salt("scenario_pick")
                    .selected_text(shown)
                    .width(300.0)
                    .show_ui(ui, |ui| {
                        if form.files.is_empty() {
                            ui.label("No scenarios/ or mods/ folder here.");
                        }
                        for file in &form.files {
                            let label = match form.own_window_files.iter().find(|(f, _)| f == file) {
                                Some((_, ruleset)) => {
                                    format!("{} ({})", file.display(), ruleset.title())
                                }
                                None => file.display().to_string(),
                            };
                            if ui
                                .selectable_label(false, label)
                                .clicked()
                            {
                                picked = Some(file.clone());
                            }
                        }
                    });
            });
            ui.add_space(4.0);
            ui.label("Who plays each Player Realm? Several humans take turns at this screen.");
            ui.add_space(6.0);
            egui::Grid::new("new_game_realms")
                .num_columns(4)
                .spacing([10.0, 6.0])
                .striped(true)
                .show(ui, |ui| {
                    for line in &mut form.realms {
                        ui.horizontal(|ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                            let colour = palette::egui_colour(palette::realm_colour(
                                line.colour,
                                line.choice != SeatChoice::NotPlaying,
                            ));
                            ui.painter().rect_filled(rect, 2.0, colour);
                            ui.add_sized(
                                [150.0, 18.0],
                                egui::Label::new(egui::RichText::new(&line.name).strong()),
                            );
                        });
                        for (choice, text) in [
                            (SeatChoice::Human, "Human"),
                            (SeatChoice::Bot, "Bot"),
                            (SeatChoice::NotPlaying, "Not playing"),
                        ] {
                            ui.selectable_value(&mut line.choice, choice, text);
                        }
                        ui.end_row();
                    }
                });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.label("Seed");
                ui.add(egui::TextEdit::singleline(&mut form.seed).desired_width(200.0));
                if ui.button("New seed").clicked() {
                    form.seed = new_seed().to_string();
                }
            });
            ui.checkbox(
                &mut form.religious_rebels,
                "Optional rule 5: religious rebels (rebel towns in areas of another faith can force a change of State Religion)",
            );
            ui.checkbox(
                &mut form.power_struggles,
                "Power Struggles (advanced rule: contested areas scored for prestige when an event activates them)",
            );
            if let Some(error) = &form.error {
                ui.colored_label(egui::Color32::from_rgb(255, 140, 120), error);
            }
            ui.add_space(6.0);
            ui.vertical_centered(|ui| {
                if ui
                    .add(egui::Button::new(
                        egui::RichText::new("Start game").heading(),
                    ))
                    .clicked()
                {
                    start = true;
                }
            });
            // Or carry on: the latest autosave at once, or any save on disk.
            if !saves.is_empty() {
                ui.separator();
                let autosave = std::path::Path::new(
                    <PriceOfPower as crate::client::shell::Shelled>::AUTOSAVE,
                );
                ui.horizontal(|ui| {
                    if let Some(path) = saves.iter().map(|f| &f.path).find(|p| *p == autosave)
                        && ui
                            .button("Continue")
                            .on_hover_text(format!(
                                "Go on with the last autosave ({})",
                                path.display()
                            ))
                            .clicked()
                    {
                        resume = Some(path.clone());
                    }
                    ui.label("Load:");
                    egui::ComboBox::from_id_salt("load_save")
                        .selected_text("a save ...")
                        .show_ui(ui, |ui| {
                            for path in saves.iter().map(|f| &f.path) {
                                let name = path
                                    .file_name()
                                    .map_or_else(|| path.display().to_string(), |n| {
                                        n.to_string_lossy().to_string()
                                    });
                                if ui.selectable_label(false, name).clicked() {
                                    resume = Some(path.clone());
                                }
                            }
                        });
                });
            }
        });
    if let Some(path) = resume {
        // The session opens the save on entering the board, as `regnum --load` does.
        load_on_start.0 = Some(path);
        commands.remove_resource::<NewGameForm>();
        next.set(AppState::Playing);
        return Ok(());
    }
    // A scenario of another ruleset opens that ruleset's own window: this program starts again
    // on it.
    let other = picked
        .as_ref()
        .and_then(|p| form.own_window_files.iter().find(|(f, _)| f == p))
        .map(|(_, r)| r.title());
    if let (Some(path), Some(title)) = (picked.as_ref(), other) {
        match std::env::current_exe().and_then(|exe| {
            std::process::Command::new(exe)
                .arg("--scenario")
                .arg(path)
                .spawn()
        }) {
            Ok(_) => {
                exit.write(AppExit::Success);
            }
            Err(e) => {
                form.error = Some(format!(
                    "{}: cannot open {title}'s window: {e}",
                    path.display()
                ))
            }
        }
        return Ok(());
    }
    if let (Some(path), Some(assets)) = (picked, assets) {
        match switch_scenario(&path, &assets, &mut scenarios, &mut origin) {
            Ok(scenario) => {
                let files = std::mem::take(&mut form.files);
                let own_window_files = std::mem::take(&mut form.own_window_files);
                let seed = form.seed.clone();
                *form = NewGameForm::new(&scenario, 0);
                form.files = files;
                form.own_window_files = own_window_files;
                form.seed = seed;
                form.scenario_file = Some(path);
            }
            Err(e) => form.error = Some(format!("{}: {e}", path.display())),
        }
    }
    if start {
        match form.settings() {
            Ok(settings) => {
                commands.insert_resource(settings);
                NextState::set_if_neq(&mut next, AppState::Playing);
            }
            Err(e) => form.error = Some(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::content::{DEFAULT_SCENARIO_RON, parse_scenario};

    fn form() -> NewGameForm {
        let scenario = parse_scenario(DEFAULT_SCENARIO_RON, "default.ron").expect("parses");
        NewGameForm::new(&scenario, 42)
    }

    #[test]
    fn the_defaults_play_every_realm_with_the_first_one_human() {
        let form = form();
        assert!(form.realms.len() >= 2);
        let settings = form.settings().unwrap();
        assert_eq!(settings.players.len(), form.realms.len());
        assert_eq!(settings.humans, vec![form.realms[0].id.clone()]);
        assert_eq!(settings.seed, 42);
    }

    #[test]
    fn realms_not_playing_are_left_out_and_several_may_be_human() {
        let mut form = form();
        form.realms[0].choice = SeatChoice::NotPlaying;
        form.realms[1].choice = SeatChoice::Human;
        let last = form.realms.len() - 1;
        form.realms[last].choice = SeatChoice::Human;
        let settings = form.settings().unwrap();
        assert!(!settings.players.contains(&form.realms[0].id));
        assert_eq!(settings.players.len(), form.realms.len() - 1);
        assert_eq!(
            settings.humans,
            vec![form.realms[1].id.clone(), form.realms[last].id.clone()]
        );
    }

    #[test]
    fn the_picker_lists_scenarios_and_mod_folders() {
        let root = std::env::temp_dir().join(format!("regnum-pick-{}", std::process::id()));
        std::fs::create_dir_all(root.join("scenarios")).unwrap();
        std::fs::create_dir_all(root.join("mods/big_italy")).unwrap();
        std::fs::write(root.join("scenarios/1444.ron"), "").unwrap();
        std::fs::write(root.join("scenarios/readme.txt"), "").unwrap();
        std::fs::write(root.join("mods/big_italy/italy.ron"), "").unwrap();
        let files = scenario_files(&root);
        std::fs::remove_dir_all(&root).ok();
        let names: Vec<String> = files
            .iter()
            .map(|f| f.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            vec!["mods/big_italy/italy.ron", "scenarios/1444.ron"]
        );
    }

    #[test]
    fn a_game_needs_a_realm_in_play_and_a_numeric_seed() {
        let mut form = form();
        form.seed = "abc".into();
        assert!(form.settings().is_err());
        form.seed = " 7 ".into();
        assert_eq!(form.settings().unwrap().seed, 7);
        for line in &mut form.realms {
            line.choice = SeatChoice::NotPlaying;
        }
        assert!(form.settings().is_err());
    }
}
