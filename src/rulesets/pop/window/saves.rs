//! Saving and loading in Price of Power's window: `Ctrl+S` or the top bar's Save button writes
//! the quicksave, the Load button opens the list of Price of Power's saves, and each outcome
//! is told in a notice window. What a save is, where it goes, the list, the autosave at each
//! new Round and the notice of a save that replays differently are the shell's
//! (`client::shell::saves`), shared with every ruleset's window.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::client::shell::Shelled;
use crate::client::shell::saves::{
    SAVE_DIR, SaveFile, autosave_each_round, list_saves, replay_notice, save_list_window,
    write_save,
};
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::save::Save;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::session::{ActiveGame, Notices, SessionSet, ctrl_held};

const QUICKSAVE: &str = PriceOfPower::QUICKSAVE;

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
                autosave_each_round::<PriceOfPower>
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
    /// Read when the window opens.
    files: Vec<SaveFile>,
}

impl SaveList {
    pub fn open(&mut self) {
        self.open = true;
        self.files = list_saves::<PriceOfPower>(Path::new(SAVE_DIR));
    }
}

fn save_on_ctrl_s(keys: Res<ButtonInput<KeyCode>>, mut requests: MessageWriter<SaveRequest>) {
    if ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyS) {
        requests.write(SaveRequest::Save);
    }
}

fn handle_save_requests(
    mut requests: MessageReader<SaveRequest>,
    game: Option<NonSendMut<ActiveGame>>,
    mut notices: ResMut<Notices>,
) {
    let Some(mut game) = game else {
        return;
    };
    for request in requests.read() {
        match request {
            SaveRequest::Save => {
                match write_save(
                    &game.game,
                    game.scenario_file.as_deref(),
                    Path::new(QUICKSAVE),
                ) {
                    Ok(()) => notices.push("Saved", format!("The game was saved to {QUICKSAVE}.")),
                    Err(e) => {
                        notices.push("The game could not be saved", format!("{QUICKSAVE}: {e}"))
                    }
                }
            }
            SaveRequest::Load(path) => {
                // Replayed on the scenario in play (its content before this game's options).
                let scenario = game.game.base_scenario().clone();
                match Save::read(path).and_then(|s| s.replay_lenient(scenario)) {
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

fn show_save_list(
    mut contexts: EguiContexts,
    mut list: ResMut<SaveList>,
    mut requests: MessageWriter<SaveRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !list.open {
        return Ok(());
    }
    let (open, picked) = save_list_window(ctx, "Load a saved game", &list.files);
    if let Some(path) = picked {
        requests.write(SaveRequest::Load(path));
    }
    list.open = open;
    Ok(())
}
