//! The rulesets the engine hosts, one folder each, and the one place that names them all: which
//! ruleset reads a content file, which replays a save.
//!
//! A ruleset is a type implementing `engine::ruleset::Ruleset`. Adding one is a folder beside
//! `pop/` and one arm in each match below (`docs/rulesets.md`).

use std::path::Path;

use crate::engine::content::{ContentError, peek_mod_base, peek_ruleset, read, top_level_name};
use crate::engine::ruleset::{Checked, Ruleset, RulesetId};

pub mod kingdom;
pub mod pop;
pub mod raison;

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

/// The ruleset whose own window opens for this scenario or save, if it has one (Kingdom's and
/// Raison d'Etat's windows are client-shell apps; Price of Power plays in `client`'s).
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
    match ruleset_of(path, text)? {
        Some(RulesetId::Kingdom) => kingdom::Kingdom::check_file(path, text),
        Some(RulesetId::RaisonDEtat) => raison::RaisonDEtat::check_file(path, text),
        None | Some(RulesetId::PriceOfPower) => pop::PriceOfPower::check_file(path, text),
    }
}

/// For the parts that play Price of Power alone today (the desktop game, `simulate`): a file
/// of another ruleset is refused with that ruleset's answer, never read with Price of Power's
/// schema.
pub fn require_price_of_power(path: &Path, text: &str) -> Result<(), Vec<ContentError>> {
    match ruleset_of(path, text)? {
        None | Some(RulesetId::PriceOfPower) => Ok(()),
        Some(other @ (RulesetId::Kingdom | RulesetId::RaisonDEtat)) => {
            Err(vec![not_built_yet(path, text, other)])
        }
    }
}

/// The error for a file of a ruleset this build cannot read yet, at its `ruleset:` field.
fn not_built_yet(path: &Path, text: &str, ruleset: RulesetId) -> ContentError {
    let (line, col) = crate::engine::content::value_position(text, "ruleset").unwrap_or((1, 1));
    ContentError {
        file: path.display().to_string(),
        line,
        col,
        message: format!(
            "the {} ruleset is not playable in this version of Regnum yet",
            ruleset.title()
        ),
    }
}
