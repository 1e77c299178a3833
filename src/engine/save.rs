//! Saves and replays. A save is the scenario reference, the seed, the seats and the action
//! list; loading replays the actions through `apply` and checks the state hash.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::content::schema::Scenario;
use crate::sim::{Action, Game, GameSetup, Illegal};

/// Version of the save layout. Loading refuses other versions with a clear error.
pub const SAVE_FORMAT: u32 = 1;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Save {
    pub format: u32,
    /// Scenario id (`Scenario::id`).
    pub scenario: String,
    /// Hash of the scenario's content, to notice an edited scenario.
    pub scenario_hash: String,
    /// Where the scenario was loaded from, if not the embedded default.
    pub scenario_file: Option<String>,
    pub seed: u64,
    pub setup: GameSetup,
    pub actions: Vec<Action>,
    /// The state hash after the last action, checked on replay.
    pub state_hash: String,
}

#[derive(Debug)]
pub enum SaveError {
    Io(String),
    /// The file is not a readable save: `file:line:col: message`.
    Damaged(String),
    Format(u32),
    ScenarioMismatch {
        expected: String,
        found: String,
    },
    Setup(String),
    IllegalAction {
        index: usize,
        action: Action,
        illegal: Illegal,
    },
    HashMismatch {
        expected: String,
        found: String,
    },
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read the save: {e}"),
            SaveError::Damaged(e) => write!(f, "the save is damaged: {e}"),
            SaveError::Format(v) => write!(
                f,
                "the save has format {v}; this version of Regnum reads format {SAVE_FORMAT}"
            ),
            SaveError::ScenarioMismatch { expected, found } => {
                write!(
                    f,
                    "the save was made with scenario {expected}, but the scenario given is {found}"
                )
            }
            SaveError::Setup(e) => write!(f, "the save's game cannot be set up: {e}"),
            SaveError::IllegalAction {
                index,
                action,
                illegal,
            } => {
                write!(
                    f,
                    "action {index} of the save ({action:?}) is illegal: {illegal}"
                )
            }
            SaveError::HashMismatch { expected, found } => write!(
                f,
                "replaying the save gives state hash {found}, but it recorded {expected} (a changed scenario or engine?)"
            ),
        }
    }
}

impl std::error::Error for SaveError {}

/// Hash of a scenario's content: BLAKE3 of its JSON form, so comments and layout do not count.
pub fn scenario_hash(scenario: &Scenario) -> String {
    let json = serde_json::to_vec(scenario).expect("scenarios always serialize");
    blake3::hash(&json).to_hex().to_string()
}

impl Save {
    pub fn of(game: &Game, scenario_file: Option<&str>) -> Save {
        Save {
            format: SAVE_FORMAT,
            scenario: game.scenario().id.clone(),
            scenario_hash: scenario_hash(game.base_scenario()),
            scenario_file: scenario_file.map(str::to_string),
            seed: game.seed(),
            setup: game.setup().clone(),
            actions: game.history().to_vec(),
            state_hash: game.state_hash(),
        }
    }

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(2);
        ron::ser::to_string_pretty(self, config).expect("saves always serialize")
    }

    /// Writes the save to a temporary file beside `path` and renames it, so an interrupted
    /// write never destroys an earlier save.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, self.to_ron())?;
        std::fs::rename(&tmp, path)
    }

    pub fn parse(text: &str, file: &str) -> Result<Save, SaveError> {
        let save: Save = ron::Options::default().from_str(text).map_err(|e| {
            SaveError::Damaged(format!(
                "{file}:{}:{}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))
        })?;
        if save.format != SAVE_FORMAT {
            return Err(SaveError::Format(save.format));
        }
        Ok(save)
    }

    pub fn read(path: &Path) -> Result<Save, SaveError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SaveError::Io(format!("{}: {e}", path.display())))?;
        Save::parse(&text, &path.display().to_string())
    }

    /// Replays the save on `scenario` and checks the recorded state hash.
    pub fn replay(&self, scenario: Arc<Scenario>) -> Result<Game, SaveError> {
        let found = scenario_hash(&scenario);
        if scenario.id != self.scenario || found != self.scenario_hash {
            return Err(SaveError::ScenarioMismatch {
                expected: format!("{} ({})", self.scenario, short(&self.scenario_hash)),
                found: format!("{} ({})", scenario.id, short(&found)),
            });
        }
        let mut game = Game::new(scenario, self.setup.clone(), self.seed)
            .map_err(|e| SaveError::Setup(e.to_string()))?;
        for (index, action) in self.actions.iter().enumerate() {
            game.apply(action.clone())
                .map_err(|illegal| SaveError::IllegalAction {
                    index,
                    action: action.clone(),
                    illegal,
                })?;
        }
        let found = game.state_hash();
        if found != self.state_hash {
            return Err(SaveError::HashMismatch {
                expected: self.state_hash.clone(),
                found,
            });
        }
        Ok(game)
    }
}

fn short(hash: &str) -> &str {
    &hash[..hash.len().min(12)]
}
