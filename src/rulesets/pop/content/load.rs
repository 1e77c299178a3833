//! Reading Price of Power scenarios and mods: RON syntax errors and every validation error,
//! each as `file:line:col: message`, all at once, never a panic.

use std::path::Path;
use std::sync::Arc;

use crate::engine::content::{ContentError, parse, read, top_level_name};
use crate::engine::locate::Locator;
use crate::rulesets::pop::content::schema::{ModDef, Scenario};
use crate::rulesets::pop::content::validate::validate;

/// What a checked file turned out to be.
#[derive(Clone, Debug)]
pub enum LoadedFile {
    Scenario(Scenario),
    Mod(ModDef, Scenario),
}

/// Parses and validates a scenario text. `file` names it in errors.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, Vec<ContentError>> {
    let scenario: Scenario = parse(text, file)?;
    let errors = validate(&scenario, &Locator::new(text, super::SECTIONS), file);
    if errors.is_empty() {
        Ok(scenario)
    } else {
        Err(errors)
    }
}

pub fn load_scenario(path: &Path) -> Result<Scenario, Vec<ContentError>> {
    parse_scenario(&read(path)?, &path.display().to_string())
}

/// The embedded default scenario.
pub fn default_scenario() -> Arc<Scenario> {
    let scenario = parse_scenario(super::DEFAULT_SCENARIO_RON, super::DEFAULT_SCENARIO_FILE)
        .unwrap_or_else(|errors| {
            // The embedded file is checked by the test suite; this is a build that skipped it.
            let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
            panic!(
                "the embedded default scenario is invalid:\n{}",
                text.join("\n")
            )
        });
    Arc::new(scenario)
}

/// Applies a mod on its base scenario: items with an existing id replace it, others are added.
pub fn apply_mod(base: &Scenario, m: &ModDef) -> Scenario {
    fn merge<T: Clone>(into: &mut Vec<T>, items: &[T], id: impl Fn(&T) -> &str) {
        for item in items {
            match into.iter().position(|x| id(x) == id(item)) {
                Some(i) => into[i] = item.clone(),
                None => into.push(item.clone()),
            }
        }
    }
    let mut s = base.clone();
    if let Some(options) = &m.options {
        s.options = options.clone();
    }
    merge(&mut s.map.areas, &m.areas, |x| &x.id);
    merge(&mut s.map.provinces, &m.provinces, |x| &x.id);
    merge(&mut s.map.sea_zones, &m.sea_zones, |x| &x.id);
    merge(&mut s.realms, &m.realms, |x| &x.id);
    merge(&mut s.characters, &m.characters, |x| &x.id);
    merge(&mut s.events, &m.events, |x| &x.id);
    merge(&mut s.action_cards, &m.action_cards, |x| &x.id);
    merge(&mut s.ideas, &m.ideas, |x| &x.id);
    merge(&mut s.missions, &m.missions, |x| &x.id);
    merge(&mut s.milestones, &m.milestones, |x| &x.id);
    merge(&mut s.trade_nodes, &m.trade_nodes, |x| &x.id);
    merge(&mut s.trade_cards, &m.trade_cards, |x| &x.id);
    merge(&mut s.power_struggles, &m.power_struggles, |x| &x.id);
    s
}

/// Checks one scenario or mod file. A mod is checked applied to its base scenario, looked for
/// beside the mod (`<base>.ron`) and otherwise the embedded default.
pub fn check_path(path: &Path) -> Result<LoadedFile, Vec<ContentError>> {
    check_text(path, &read(path)?)
}

/// Checks the text of one scenario or mod file read from `path` (see `check_path`).
pub fn check_text(path: &Path, text: &str) -> Result<LoadedFile, Vec<ContentError>> {
    let file = path.display().to_string();
    if top_level_name(text).as_deref() != Some("Mod") {
        return parse_scenario(text, &file).map(LoadedFile::Scenario);
    }
    let m: ModDef = parse(text, &file)?;
    let Some(beside) = crate::engine::content::mod_base_file(path, &m.base) else {
        let (line, col) = crate::engine::content::value_position(text, "base").unwrap_or((1, 1));
        return Err(vec![ContentError {
            file,
            line,
            col,
            message: format!(
                "base \"{}\" must be the id of a scenario (letters, digits, _ and -), looked for beside the mod as <base>.ron; a path is not allowed",
                m.base
            ),
        }]);
    };
    let base = if beside.exists() {
        load_scenario(&beside)?
    } else if m.base == default_scenario().id {
        default_scenario().as_ref().clone()
    } else {
        return Err(vec![ContentError {
            file,
            line: 1,
            col: 1,
            message: format!(
                "base scenario \"{}\" not found (looked for {})",
                m.base,
                beside.display()
            ),
        }]);
    };
    let merged = apply_mod(&base, &m);
    // Errors are reported against the mod where the item comes from the mod.
    let errors = validate(&merged, &Locator::new(text, super::SECTIONS), &file);
    if errors.is_empty() {
        Ok(LoadedFile::Mod(m, merged))
    } else {
        Err(errors)
    }
}
