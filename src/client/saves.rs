//! Quicksave and quickload from the panels: `saves/quicksave.ron` under the working directory.
//! A save is the scenario reference, the seed and the actions; loading replays them through
//! `apply` on the scenario in play, and any problem is shown in a window, never a panic.

use std::path::Path;

use bevy::prelude::*;

use crate::client::AppState;
use crate::client::session::{ActiveGame, Notices, ScenarioInPlay, SessionSet};
use crate::save::Save;

pub const QUICKSAVE: &str = "saves/quicksave.ron";

pub struct SavesPlugin;

impl Plugin for SavesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<SaveRequest>().add_systems(
            Update,
            handle_save_requests
                .before(SessionSet::Advance)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    Save,
    Load,
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
            SaveRequest::Save => match write_quicksave(&game, scenario.file.as_deref()) {
                Ok(()) => notices.push("Saved", format!("The game was saved to {QUICKSAVE}.")),
                Err(e) => notices.push("The game could not be saved", format!("{QUICKSAVE}: {e}")),
            },
            SaveRequest::Load => {
                match Save::read(Path::new(QUICKSAVE))
                    .and_then(|s| s.replay(scenario.scenario.clone()))
                {
                    Ok(loaded) => {
                        let actions = loaded.history().len();
                        game.replace(loaded);
                        notices.push(
                            "Loaded",
                            format!("{QUICKSAVE} was replayed ({actions} actions)."),
                        );
                    }
                    Err(e) => notices.push("The save could not be loaded", e.to_string()),
                }
            }
        }
    }
}

fn write_quicksave(game: &ActiveGame, scenario_file: Option<&str>) -> std::io::Result<()> {
    let path = Path::new(QUICKSAVE);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    Save::of(&game.game, scenario_file).write(path)
}
