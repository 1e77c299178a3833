//! Saving and loading: `Ctrl+S` or the top bar's Save button writes `saves/quicksave.ron`; an
//! autosave goes to `saves/autosave.ron` whenever a new Round begins; the Load button opens a
//! list of every save in `saves/`, newest first. A save is the scenario reference, the seed and
//! the actions, written to a temporary file and renamed so a crash never leaves half a save;
//! loading replays it through `apply` on the scenario in play, and any problem is shown in a
//! window, never a panic.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::automation::Automation;
use crate::rulesets::pop::save::{Save, SaveError};
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::session::{
    ActiveGame, Notices, ScenarioInPlay, SessionSet, ctrl_held,
};

pub const SAVE_DIR: &str = "saves";
pub const QUICKSAVE: &str = "saves/quicksave.ron";
pub const AUTOSAVE: &str = "saves/autosave.ron";

pub struct SavesPlugin;

impl Plugin for SavesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<SaveRequest>()
            .init_resource::<SaveList>()
            .add_systems(
                Update,
                (
                    save_on_ctrl_s.run_if(not(egui_wants_any_keyboard_input)),
                    handle_save_requests,
                )
                    .chain()
                    .before(SessionSet::Advance)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                Update,
                autosave_each_round
                    .after(SessionSet::Advance)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                show_save_list
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// The quicksave.
    Save,
    Load(PathBuf),
}

/// The list of saves to load from, while its window is open.
#[derive(Resource, Default)]
pub struct SaveList {
    pub open: bool,
    /// Read when the window opens: (file, modified).
    files: Vec<(PathBuf, Option<SystemTime>)>,
}

impl SaveList {
    pub fn open(&mut self) {
        self.open = true;
        self.files = list_saves(Path::new(SAVE_DIR));
    }
}

/// Every `*.ron` in `dir`, newest first.
pub fn list_saves(dir: &Path) -> Vec<(PathBuf, Option<SystemTime>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(PathBuf, Option<SystemTime>)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let modified = std::fs::metadata(&p).and_then(|m| m.modified()).ok();
            (p, modified)
        })
        .collect();
    files.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    files
}

fn save_on_ctrl_s(keys: Res<ButtonInput<KeyCode>>, mut requests: MessageWriter<SaveRequest>) {
    if ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyS) {
        requests.write(SaveRequest::Save);
    }
}

fn handle_save_requests(
    mut requests: MessageReader<SaveRequest>,
    game: Option<NonSendMut<ActiveGame>>,
    scenario: Option<Res<ScenarioInPlay>>,
    mut notices: ResMut<Notices>,
) {
    let (Some(mut game), Some(scenario)) = (game, scenario) else {
        return;
    };
    for request in requests.read() {
        match request {
            SaveRequest::Save => {
                match write_save(&game, scenario.file.as_deref(), Path::new(QUICKSAVE)) {
                    Ok(()) => notices.push("Saved", format!("The game was saved to {QUICKSAVE}.")),
                    Err(e) => {
                        notices.push("The game could not be saved", format!("{QUICKSAVE}: {e}"))
                    }
                }
            }
            SaveRequest::Load(path) => {
                match Save::read(path).and_then(|s| s.replay_lenient(scenario.scenario.clone())) {
                    Ok(replayed) => {
                        let actions = replayed.game.history().len();
                        game.replace(replayed.game);
                        match replayed.problem {
                            None => notices.push(
                                "Loaded",
                                format!("{} was replayed ({actions} actions).", path.display()),
                            ),
                            Some(problem) => notices.push(
                                "Loaded, with a difference",
                                replay_notice(&path.display().to_string(), actions, &problem),
                            ),
                        }
                    }
                    Err(e) => notices.push("The save could not be loaded", e.to_string()),
                }
            }
        }
    }
}

/// Writes a save of the game to `path` (through a temporary file and a rename).
pub fn write_save(
    game: &ActiveGame,
    scenario_file: Option<&str>,
    path: &Path,
) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    Save::of(&game.game, scenario_file).write(path)
}

/// Saves to `AUTOSAVE` each time a new Round (or Age) begins. Unattended runs leave the disk
/// alone.
fn autosave_each_round(
    game: Option<NonSend<ActiveGame>>,
    scenario: Option<Res<ScenarioInPlay>>,
    automation: Res<Automation>,
    mut last_round: Local<Option<u32>>,
) {
    let (Some(game), Some(scenario)) = (game, scenario) else {
        return;
    };
    if automation.is_active() {
        return;
    }
    let round = game.game.flow().round;
    if *last_round == Some(round) {
        return;
    }
    // The first sight of a game (a new one, or a load) only notes its Round.
    let first = last_round.is_none();
    *last_round = Some(round);
    if first {
        return;
    }
    match write_save(&game, scenario.file.as_deref(), Path::new(AUTOSAVE)) {
        Ok(()) => info!("autosaved Round {round} to {AUTOSAVE}"),
        Err(e) => warn!("autosave to {AUTOSAVE} failed: {e}"),
    }
}

fn show_save_list(
    mut contexts: EguiContexts,
    mut list: ResMut<SaveList>,
    mut requests: MessageWriter<SaveRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !list.open {
        return Ok(());
    }
    let mut open = true;
    let mut picked = None;
    egui::Window::new("Load a saved game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            if list.files.is_empty() {
                ui.label(format!("No saves in {SAVE_DIR}/ yet. Ctrl+S makes one."));
            }
            let now = SystemTime::now();
            egui::Grid::new("save_list").striped(true).show(ui, |ui| {
                for (path, modified) in &list.files {
                    let name = path
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().to_string());
                    ui.label(name);
                    let age = modified
                        .and_then(|m| now.duration_since(m).ok())
                        .map_or("?".to_string(), |d| ago(d.as_secs()));
                    ui.label(egui::RichText::new(age).weak());
                    if ui.button("Load").clicked() {
                        picked = Some(path.clone());
                    }
                    ui.end_row();
                }
            });
        });
    if let Some(path) = picked {
        requests.write(SaveRequest::Load(path));
        open = false;
    }
    list.open = open;
    Ok(())
}

/// "12 s ago", "5 min ago", "3 h ago", "2 days ago".
fn ago(secs: u64) -> String {
    match secs {
        0..60 => format!("{secs} s ago"),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86400 => format!("{} h ago", secs / 3600),
        _ => format!("{} days ago", secs / 86400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_holds_only_ron_files_newest_first() {
        let dir = std::env::temp_dir().join(format!("regnum-saves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("old.ron"), "x").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.join("new.ron"), "x").unwrap();
        std::fs::write(dir.join("notes.txt"), "x").unwrap();
        let names: Vec<String> = list_saves(&dir)
            .into_iter()
            .map(|(p, _)| p.file_name().unwrap().to_string_lossy().to_string())
            .collect();
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(names, vec!["new.ron".to_string(), "old.ron".to_string()]);
        assert!(list_saves(Path::new("/no/such/folder")).is_empty());
    }
}

/// What a person is told when a save no longer replays as recorded (made before a rules change):
/// where the replay stopped, or that the state differs, and that play goes on from there.
pub fn replay_notice(file: &str, actions: usize, problem: &SaveError) -> String {
    match problem {
        SaveError::IllegalAction {
            index,
            action,
            illegal,
        } => format!(
            "{file} was saved under other rules. Its action {} ({action}) is refused by \
             today's rules ({}: {}), so the game stops before it, after {index} actions. \
             Play goes on from there.",
            index + 1,
            illegal.rule,
            illegal.reason
        ),
        _ => format!(
            "{file} was saved under other rules: its {actions} actions, replayed under \
             today's rules, give a different game from the one saved. Play goes on from the \
             game as replayed."
        ),
    }
}
