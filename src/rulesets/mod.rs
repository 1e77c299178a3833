//! The rulesets the engine hosts, one folder each, and the one place that names them all: which
//! ruleset reads a content file, which replays a save.
//!
//! A ruleset is a type implementing `engine::ruleset::Ruleset`. Adding one is a folder beside
//! `pop/` and one arm in each match below (`docs/rulesets.md`).

use std::path::Path;

use crate::engine::content::{ContentError, peek_mod_base, peek_ruleset, read, top_level_name};
use crate::engine::ruleset::{Checked, Ruleset, RulesetId};

pub mod pop;

/// Which ruleset a content file is written for: a scenario's `ruleset:` field, a mod's base
/// scenario's (beside the mod, else the embedded default). `None` when the text cannot be read
/// far enough to tell (its own loader then reports where it breaks).
pub fn ruleset_of(path: &Path, text: &str) -> Result<Option<RulesetId>, Vec<ContentError>> {
    let file = path.display().to_string();
    if top_level_name(text).as_deref() != Some("Mod") {
        return peek_ruleset(text, &file);
    }
    let Some(base) = peek_mod_base(text) else {
        return Ok(None);
    };
    let beside = path.with_file_name(format!("{base}.ron"));
    match std::fs::read_to_string(&beside) {
        Ok(base_text) => Ok(peek_ruleset(&base_text, &beside.display().to_string())
            .ok()
            .flatten()),
        // The embedded default scenario is Price of Power's.
        Err(_) => Ok(Some(RulesetId::PriceOfPower)),
    }
}

/// Checks one scenario or mod file of any ruleset: what it is, or every problem in it as
/// `file:line:col: message`.
pub fn check_path(path: &Path) -> Result<Checked, Vec<ContentError>> {
    let text = read(path)?;
    // Price of Power is the only ruleset built so far; a file of another gets its answer here.
    // When Kingdom and Raison d'Etat land, this becomes a match on `ruleset_of`.
    require_price_of_power(path, &text)?;
    pop::PriceOfPower::check_file(path, &text)
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
