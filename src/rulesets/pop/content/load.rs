//! Reading scenarios and mods: RON syntax errors and every validation error, each as
//! `file:line:col: message`, all at once, never a panic.

use std::path::Path;
use std::sync::Arc;

use crate::content::locate::Locator;
use crate::content::schema::{ModDef, Scenario};
use crate::content::validate::validate;

/// One problem in a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for ContentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for ContentError {}

/// What a checked file turned out to be.
#[derive(Clone, Debug)]
pub enum LoadedFile {
    Scenario(Scenario),
    Mod(ModDef, Scenario),
}

/// Hex BLAKE3 of a content text, written into saves to notice a changed scenario.
pub fn content_hash(text: &str) -> String {
    blake3::hash(text.as_bytes()).to_hex().to_string()
}

fn parse<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<T, Vec<ContentError>> {
    ron::Options::default().from_str::<T>(text).map_err(|e| {
        vec![ContentError {
            file: file.to_string(),
            line: e.span.start.line.max(1),
            col: e.span.start.col.max(1),
            message: e.code.to_string(),
        }]
    })
}

/// Parses and validates a scenario text. `file` names it in errors.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, Vec<ContentError>> {
    let scenario: Scenario = parse(text, file)?;
    let errors = validate(&scenario, &Locator::new(text), file);
    if errors.is_empty() {
        Ok(scenario)
    } else {
        Err(errors)
    }
}

fn read(path: &Path) -> Result<String, Vec<ContentError>> {
    std::fs::read_to_string(path).map_err(|e| {
        vec![ContentError {
            file: path.display().to_string(),
            line: 1,
            col: 1,
            message: format!("cannot read the file: {e}"),
        }]
    })
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

/// The first identifier of a RON text (skipping comments): tells `Scenario(` from `Mod(`.
fn top_level_name(text: &str) -> Option<String> {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.split_once("*/").map_or("", |(_, after)| after);
        } else if rest.starts_with("#!") {
            rest = rest.split_once('\n').map_or("", |(_, after)| after);
        } else {
            break;
        }
    }
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
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
    let text = read(path)?;
    let file = path.display().to_string();
    if top_level_name(&text).as_deref() != Some("Mod") {
        return parse_scenario(&text, &file).map(LoadedFile::Scenario);
    }
    let m: ModDef = parse(&text, &file)?;
    let beside = path.with_file_name(format!("{}.ron", m.base));
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
    let errors = validate(&merged, &Locator::new(&text), &file);
    if errors.is_empty() {
        Ok(LoadedFile::Mod(m, merged))
    } else {
        Err(errors)
    }
}
