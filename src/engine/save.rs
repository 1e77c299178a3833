//! Saves and replays, for every ruleset. A save is the ruleset, the scenario reference, the
//! seed, the seats and the action list; loading replays the actions through `apply` and checks
//! the state hash.
//!
//! Format 2 names the ruleset; format 1 (Price of Power only, before the engine hosted several
//! rulesets) still loads and replays as Price of Power.

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::engine::content::ContentError;
use crate::engine::decision::Illegal;
use crate::engine::game::Game;
use crate::engine::ruleset::{Ruleset, RulesetId};
use crate::engine::state::GameSetup;

/// Version of the save layout written now. Loading reads this one and every earlier one.
/// Format 3: the setup names the ruleset's options by name (`setup: (options: {...})`); it is
/// written only for a game with options, so that a reader of format 2 (which would ignore
/// them and replay a different game) says instead that it cannot read the save.
pub const SAVE_FORMAT: u32 = 3;
/// The format written for a game whose setup chooses no option: 2, which names the ruleset.
pub const SAVE_FORMAT_WITHOUT_OPTIONS: u32 = 2;
/// The oldest layout still read: format 1 saves are Price of Power games.
pub const OLDEST_SAVE_FORMAT: u32 = 1;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(bound(
    serialize = "R::Action: Serialize",
    deserialize = "R::Action: DeserializeOwned"
))]
pub struct Save<R: Ruleset> {
    pub format: u32,
    /// The ruleset the game is played with (absent in format 1: Price of Power).
    #[serde(default)]
    pub ruleset: RulesetId,
    /// Scenario id.
    pub scenario: String,
    /// Hash of the scenario's content, to notice an edited scenario.
    pub scenario_hash: String,
    /// Where the scenario was loaded from, if not the embedded default.
    pub scenario_file: Option<String>,
    pub seed: u64,
    pub setup: GameSetup,
    pub actions: Vec<R::Action>,
    /// The state hash after the last action, checked on replay.
    pub state_hash: String,
}

/// The part of a save every ruleset shares, read first to know which ruleset's actions follow.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(rename = "Save")]
pub struct SaveHeader {
    pub format: u32,
    #[serde(default)]
    pub ruleset: RulesetId,
    pub scenario_file: Option<String>,
}

#[derive(Debug)]
pub enum SaveError {
    Io(String),
    /// The file is not a readable save: `file:line:col: message`.
    Damaged(String),
    Format(u32),
    /// The save is of a ruleset other than the one asked for.
    Ruleset {
        expected: RulesetId,
        found: RulesetId,
    },
    ScenarioMismatch {
        expected: String,
        found: String,
    },
    Setup(String),
    /// Action `index` (from 0) of the save is refused by the rules: the game stops before it.
    IllegalAction {
        index: usize,
        action: String,
        illegal: Illegal,
    },
    HashMismatch {
        expected: String,
        found: String,
    },
    /// The save names a scenario file outside the folder the game runs in.
    ScenarioOutside(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read the save: {e}"),
            SaveError::Damaged(e) => write!(f, "the save is damaged: {e}"),
            SaveError::Format(v) => write!(
                f,
                "the save has format {v}; this version of Regnum reads formats {OLDEST_SAVE_FORMAT} to {SAVE_FORMAT}"
            ),
            SaveError::Ruleset { expected, found } => write!(
                f,
                "the save is a {} game, not {}",
                found.title(),
                expected.title()
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
                    "action {} of the save ({action}) is illegal under today's rules: {illegal}",
                    index + 1
                )
            }
            SaveError::ScenarioOutside(file) => write!(
                f,
                "the save names the scenario file {file}, which is not inside the folder the game runs in (an absolute path or one through ..); it is not opened: give the scenario with --scenario"
            ),
            SaveError::HashMismatch { expected, found } => write!(
                f,
                "replaying the save gives state hash {found}, but it recorded {expected} (a changed scenario or engine?)"
            ),
        }
    }
}

impl std::error::Error for SaveError {}

/// A save replayed as far as today's rules allow: the game, and what differed from the save's
/// record (an action now illegal, where the replay stopped; or a different final state hash).
pub struct Replayed<R: Ruleset> {
    pub game: Game<R>,
    pub problem: Option<SaveError>,
}

/// Hash of a scenario's content: BLAKE3 of its JSON form, so comments and layout do not count.
pub fn scenario_hash<C: Serialize>(content: &C) -> String {
    let json = serde_json::to_vec(content).expect("scenarios always serialize");
    blake3::hash(&json).to_hex().to_string()
}

fn damaged(file: &str, e: ron::error::SpannedError) -> SaveError {
    SaveError::Damaged(ContentError::at(file, &e).to_string())
}

/// Reads a save's header: its format, ruleset and scenario.
pub fn parse_header(text: &str, file: &str) -> Result<SaveHeader, SaveError> {
    let header: SaveHeader = ron::Options::default()
        .from_str(text)
        .map_err(|e| damaged(file, e))?;
    if !(OLDEST_SAVE_FORMAT..=SAVE_FORMAT).contains(&header.format) {
        return Err(SaveError::Format(header.format));
    }
    Ok(header)
}

pub fn read_text(path: &Path) -> Result<String, SaveError> {
    crate::engine::content::read_limited(path)
        .map_err(|e| SaveError::Io(format!("{}: {e}", path.display())))
}

/// Writes `text` to a temporary file beside `path`, flushes it to the disk, renames it and
/// flushes the folder, so that an interrupted write (a crash, a power cut) never destroys an
/// earlier file and a finished one survives.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    // The rename is only durable once the folder's entry is on the disk too (POSIX); folders
    // cannot be opened for syncing everywhere (Windows), where this is skipped.
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// The scenario file a save names, if it may be opened: a relative path that stays inside the
/// folder the game runs in (no `..`, no root). A save from someone else must not make Regnum
/// read any other file on the disk; the player can still name the file with `--scenario`.
pub fn scenario_file_of(named: Option<&str>) -> Result<Option<PathBuf>, SaveError> {
    let Some(named) = named else {
        return Ok(None);
    };
    let path = PathBuf::from(named);
    let inside = path
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    if inside && !named.is_empty() {
        Ok(Some(path))
    } else {
        Err(SaveError::ScenarioOutside(named.to_string()))
    }
}

/// How a save records the scenario file it was played on: relative to the folder the game runs
/// in when the file lies inside it (so that `scenario_file_of` opens it again).
fn recorded_scenario_file(file: &str) -> String {
    let path = Path::new(file);
    if path.is_absolute()
        && let Ok(here) = std::env::current_dir()
        && let Ok(inside) = path.strip_prefix(&here)
    {
        return inside.display().to_string();
    }
    file.to_string()
}

impl<R: Ruleset> Save<R> {
    pub fn of(game: &Game<R>, scenario_file: Option<&str>) -> Save<R> {
        Save {
            format: if game.setup().options.is_empty() {
                SAVE_FORMAT_WITHOUT_OPTIONS
            } else {
                SAVE_FORMAT
            },
            ruleset: R::ID,
            scenario: R::content_id(game.scenario()).to_string(),
            scenario_hash: scenario_hash(game.base_scenario().as_ref()),
            scenario_file: scenario_file.map(recorded_scenario_file),
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

    /// Writes the save to a temporary file beside `path`, syncs it and renames it, so an
    /// interrupted write never destroys an earlier save.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        write_atomically(path, &self.to_ron())
    }

    /// Parses a save of this ruleset, of any format this version reads.
    pub fn parse(text: &str, file: &str) -> Result<Save<R>, SaveError> {
        let header = parse_header(text, file)?;
        if header.ruleset != R::ID {
            return Err(SaveError::Ruleset {
                expected: R::ID,
                found: header.ruleset,
            });
        }
        ron::Options::default()
            .from_str::<Save<R>>(text)
            .map_err(|e| damaged(file, e))
    }

    pub fn read(path: &Path) -> Result<Save<R>, SaveError> {
        Save::parse(&read_text(path)?, &path.display().to_string())
    }

    /// Replays the save on `content` and checks the recorded state hash: any difference is an
    /// error.
    pub fn replay(&self, content: Arc<R::Content>) -> Result<Game<R>, SaveError> {
        let replayed = self.replay_lenient(content)?;
        match replayed.problem {
            None => Ok(replayed.game),
            Some(problem) => Err(problem),
        }
    }

    /// Replays the save on `content` as far as today's rules allow. The scenario must be the
    /// one the save names; an action the rules now refuse stops the replay before it, and a
    /// final state that differs from the record is reported, with the game as replayed.
    pub fn replay_lenient(&self, content: Arc<R::Content>) -> Result<Replayed<R>, SaveError> {
        if self.ruleset != R::ID {
            return Err(SaveError::Ruleset {
                expected: R::ID,
                found: self.ruleset,
            });
        }
        let found = scenario_hash(content.as_ref());
        let id = R::content_id(&content).to_string();
        if id != self.scenario || found != self.scenario_hash {
            return Err(SaveError::ScenarioMismatch {
                expected: format!("{} ({})", self.scenario, short(&self.scenario_hash)),
                found: format!("{id} ({})", short(&found)),
            });
        }
        let mut game = Game::<R>::new(content, self.setup.clone(), self.seed)
            .map_err(|e| SaveError::Setup(e.to_string()))?;
        for (index, action) in self.actions.iter().enumerate() {
            if let Err(illegal) = game.apply(action.clone()) {
                return Ok(Replayed {
                    game,
                    problem: Some(SaveError::IllegalAction {
                        index,
                        action: format!("{action:?}"),
                        illegal,
                    }),
                });
            }
        }
        let found = game.state_hash();
        let problem = (found != self.state_hash).then(|| SaveError::HashMismatch {
            expected: self.state_hash.clone(),
            found,
        });
        Ok(Replayed { game, problem })
    }
}

/// The first 12 characters of a hash, for messages (a damaged save's "hash" may be any text).
fn short(hash: &str) -> &str {
    hash.char_indices()
        .nth(12)
        .map_or(hash, |(end, _)| &hash[..end])
}
