//! The rulesets the engine hosts, one folder each, and the one place that names them all:
//! `for_ruleset` turns a `RulesetId` (a scenario's `ruleset:` field, a save's header) into the
//! ruleset's type for whatever is generic over it (`check`, `simulate`, `report`, `replay`), and
//! `run_own_window` opens a ruleset's window.
//!
//! A ruleset is a type implementing `engine::ruleset::Ruleset`. Adding one is a folder beside
//! `pop/`, an arm in `for_ruleset` and, for a window of its own, one in `run_own_window`
//! (`docs/rulesets.md`).

use std::path::Path;

use crate::engine::content::{ContentError, peek_mod_base, peek_ruleset, read, top_level_name};
use crate::engine::ruleset::{Checked, Ruleset, RulesetId};

pub mod kingdom;
pub mod pop;
pub mod raison;

/// Work that is generic over the ruleset, done by `for_ruleset` for the one a file names.
pub trait ForRuleset {
    type Output;
    fn run<R: Ruleset>(self) -> Self::Output;
}

/// Does `work` with the ruleset `id` names: the one match over the rulesets outside the client
/// and the fuzzing harness (which plays Price of Power on its own small scenario).
pub fn for_ruleset<W: ForRuleset>(id: RulesetId, work: W) -> W::Output {
    match id {
        RulesetId::PriceOfPower => work.run::<pop::PriceOfPower>(),
        RulesetId::Kingdom => work.run::<kingdom::Kingdom>(),
        RulesetId::RaisonDEtat => work.run::<raison::RaisonDEtat>(),
    }
}

/// Which ruleset a content file is written for: a scenario's `ruleset:` field, a mod's base
/// scenario's (beside the mod, else the embedded default). `None` when the text cannot be read
/// far enough to tell (its own loader then reports where it breaks).
pub fn ruleset_of(path: &Path, text: &str) -> Result<Option<RulesetId>, Vec<ContentError>> {
    let file = path.display().to_string();
    if top_level_name(text).as_deref() != Some("Mod") {
        // A file too broken to parse still says whose it is in its `ruleset:` line, so that
        // its own loader reports where it breaks.
        return Ok(peek_ruleset(text, &file)?.or_else(|| written_ruleset(text)));
    }
    let Some(base) = peek_mod_base(text) else {
        return Ok(None);
    };
    // A base that is not a plain id is left to the mod's own loader, which refuses it.
    let Some(beside) = crate::engine::content::mod_base_file(path, &base) else {
        return Ok(None);
    };
    match crate::engine::content::read_limited(&beside) {
        Ok(base_text) => Ok(peek_ruleset(&base_text, &beside.display().to_string())
            .ok()
            .flatten()),
        // The embedded default scenario is Price of Power's.
        Err(_) => Ok(Some(RulesetId::PriceOfPower)),
    }
}

/// The ruleset a scenario or mod file is written for (Price of Power when it names none), or
/// `None` when the file cannot be read or told.
pub fn ruleset_of_file(path: &Path) -> Option<RulesetId> {
    let text = crate::engine::content::read_limited(path).ok()?;
    match ruleset_of(path, &text) {
        Ok(found) => Some(found.unwrap_or(RulesetId::PriceOfPower)),
        Err(_) => None,
    }
}

/// The ruleset whose own window opens for this scenario or save, if it has one (Kingdom's and
/// Raison d'Etat's; Price of Power's window is `client::run`'s default).
pub fn own_window(scenario: Option<&Path>, load: Option<&Path>) -> Option<RulesetId> {
    let ruleset = match scenario {
        Some(path) => {
            let text = crate::engine::content::read_limited(path).ok()?;
            ruleset_of(path, &text).ok()??
        }
        None => {
            let text = crate::engine::content::read_limited(load?).ok()?;
            crate::engine::save::parse_header(&text, "").ok()?.ruleset
        }
    };
    (ruleset != RulesetId::PriceOfPower).then_some(ruleset)
}

/// Opens the window of a ruleset that has its own (see `own_window`); the process exit code.
#[cfg(feature = "client")]
pub fn run_own_window(
    ruleset: RulesetId,
    scenario: Option<std::path::PathBuf>,
    load: Option<std::path::PathBuf>,
    automation: crate::client::automation::Automation,
) -> i32 {
    match ruleset {
        RulesetId::Kingdom => kingdom::view::run(scenario, load, automation),
        RulesetId::RaisonDEtat => raison::view::run(scenario, load, automation),
        RulesetId::PriceOfPower => {
            unreachable!("own_window names only rulesets with a window of their own")
        }
    }
}

/// The ruleset named on a file's `ruleset:` line, read as text.
fn written_ruleset(text: &str) -> Option<RulesetId> {
    let (line, col) = crate::engine::content::value_position(text, "ruleset")?;
    let rest: String = text.lines().nth(line - 1)?.chars().skip(col - 1).collect();
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
    RulesetId::from_key(&word)
}

/// Checks one scenario or mod file of any ruleset: what it is, or every problem in it as
/// `file:line:col: message`.
pub fn check_path(path: &Path) -> Result<Checked, Vec<ContentError>> {
    check_text(path, &read(path)?)
}

/// `check_path` on a text already read: `path` names the file in errors and is where a mod's
/// base scenario is looked for.
pub fn check_text(path: &Path, text: &str) -> Result<Checked, Vec<ContentError>> {
    struct CheckFile<'a>(&'a Path, &'a str);
    impl ForRuleset for CheckFile<'_> {
        type Output = Result<Checked, Vec<ContentError>>;
        fn run<R: Ruleset>(self) -> Self::Output {
            R::check_file(self.0, self.1)
        }
    }
    // A file too broken to tell is Price of Power's, whose loader then says where it breaks.
    let ruleset = ruleset_of(path, text)?.unwrap_or(RulesetId::PriceOfPower);
    for_ruleset(ruleset, CheckFile(path, text))
}

/// For a ruleset's window loading a file: a file of another ruleset is refused with a
/// message that says where it opens. A file whose ruleset cannot be told is left to this
/// ruleset's own reader, which says where it breaks.
pub fn require_ruleset(path: &Path, text: &str, id: RulesetId) -> Result<(), Vec<ContentError>> {
    match ruleset_of(path, text)? {
        Some(written) if written != id => Err(vec![opens_elsewhere(path, text, written, id)]),
        _ => Ok(()),
    }
}

/// The error for a file of another ruleset, at its `ruleset:` field.
fn opens_elsewhere(path: &Path, text: &str, ruleset: RulesetId, here: RulesetId) -> ContentError {
    let (line, col) = crate::engine::content::value_position(text, "ruleset").unwrap_or((1, 1));
    ContentError {
        file: path.display().to_string(),
        line,
        col,
        message: format!(
            "this file is for {}, not {}: it opens in {}'s own window \
             (`regnum --scenario {}`)",
            ruleset.title(),
            here.title(),
            ruleset.title(),
            path.display()
        ),
    }
}
