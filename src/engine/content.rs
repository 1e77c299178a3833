//! Content files of every ruleset: `ContentError` (`file:line:col: message`), the RON parse
//! every ruleset's loader starts from, and the peek at a file's `ruleset:` field that tells the
//! engine whose schema reads it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::engine::ruleset::RulesetId;

/// One problem in a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl ContentError {
    /// A problem with the file as a whole (it cannot be read, its base is missing, ...).
    pub fn whole_file(file: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            file: file.into(),
            line: 1,
            col: 1,
            message: message.into(),
        }
    }
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

impl ContentError {
    /// A RON error where it happened in `file`.
    pub fn at(file: &str, e: &ron::error::SpannedError) -> Self {
        Self {
            file: file.to_string(),
            line: e.span.start.line.max(1),
            col: e.span.start.col.max(1),
            message: e.code.to_string(),
        }
    }
}

/// Every error on a line of its own, as `regnum check` prints them.
pub fn joined(errors: &[ContentError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Parses RON text into `T`; a syntax or schema error as `file:line:col: message`.
pub fn parse<T: serde::de::DeserializeOwned>(
    text: &str,
    file: &str,
) -> Result<T, Vec<ContentError>> {
    ron::Options::default()
        .from_str::<T>(text)
        .map_err(|e| vec![ContentError::at(file, &e)])
}

/// Parses `text` into `T`, then checks it with `validate`; every problem at once.
pub fn parse_validated<T: serde::de::DeserializeOwned>(
    text: &str,
    file: &str,
    validate: impl Fn(&T, &str, &str) -> Vec<ContentError>,
) -> Result<T, Vec<ContentError>> {
    let content: T = parse(text, file)?;
    let errors = validate(&content, text, file);
    if errors.is_empty() {
        Ok(content)
    } else {
        Err(errors)
    }
}

/// A scenario embedded in the binary, parsed. The test suite checks every embedded scenario,
/// so a failure here is a build that skipped the tests: it panics with every problem.
pub fn embedded<T>(
    text: &str,
    file: &str,
    parse: fn(&str, &str) -> Result<T, Vec<ContentError>>,
) -> std::sync::Arc<T> {
    let content = parse(text, file).unwrap_or_else(|errors| {
        panic!(
            "the embedded scenario {file} is invalid:\n{}",
            joined(&errors)
        )
    });
    std::sync::Arc::new(content)
}

/// Reads a content file; an unreadable file is one error at its first position.
pub fn read(path: &Path) -> Result<String, Vec<ContentError>> {
    read_limited(path).map_err(|e| vec![ContentError::whole_file(path.display().to_string(), e)])
}

/// The most a scenario, mod or save may weigh: the largest shipped file is a few MiB; a bigger
/// one is refused before it is read into memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads a text file no larger than `MAX_FILE_BYTES`; the error says why in words.
pub fn read_limited(path: &Path) -> Result<String, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read the file: {e}"))?
        .len();
    if size > MAX_FILE_BYTES {
        return Err(format!(
            "the file is {} MiB; Regnum reads files of at most {} MiB",
            size / (1024 * 1024),
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read the file: {e}"))
}

/// The first identifier of a RON text (skipping comments): tells `Scenario(` from `Mod(`.
pub fn top_level_name(text: &str) -> Option<String> {
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

/// A scenario's `ruleset:` field and nothing else (every other field is skipped).
#[derive(Deserialize)]
#[serde(rename = "Scenario")]
struct RulesetField {
    #[serde(default)]
    ruleset: RulesetId,
}

/// A mod's `base:` field and nothing else.
#[derive(Deserialize)]
#[serde(rename = "Mod")]
struct BaseField {
    base: String,
}

/// Which ruleset a scenario text is written for (`ruleset:`, Price of Power when absent). An
/// unknown ruleset name is an error at its position. A text that is not valid RON is left to
/// the ruleset's own loader, which reports where it breaks: the answer is then `None`.
pub fn peek_ruleset(text: &str, file: &str) -> Result<Option<RulesetId>, Vec<ContentError>> {
    match ron::Options::default().from_str::<RulesetField>(text) {
        Ok(field) => Ok(Some(field.ruleset)),
        Err(e) if matches!(e.code, ron::error::Error::NoSuchEnumVariant { .. }) => {
            let mut error = ContentError::at(file, &e);
            error.message += &format!(
                "; the rulesets are {}",
                RulesetId::ALL.map(RulesetId::key).join(", ")
            );
            Err(vec![error])
        }
        Err(_) => Ok(None),
    }
}

/// The base scenario a mod text names, if it can be read.
pub fn peek_mod_base(text: &str) -> Option<String> {
    ron::Options::default()
        .from_str::<BaseField>(text)
        .ok()
        .map(|f| f.base)
}

/// The scenario file a mod's `base:` names: `<base>.ron` beside the mod, only when `base` is a
/// plain id (letters, digits, `_` and `-`). A mod from a stranger must not make Regnum read a
/// file elsewhere on the disk (`../elsewhere/file`, `/etc/...`).
pub fn mod_base_file(mod_path: &Path, base: &str) -> Option<PathBuf> {
    is_plain_id(base).then(|| mod_path.with_file_name(format!("{base}.ron")))
}

/// Letters, digits, `_` and `-`, at least one: an id that cannot name a path.
pub fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Where the value of the first `field:` outside comments is written, as (line, column), both
/// from 1: for errors about a value the locator does not record (a bare word like `Kingdom`).
pub fn value_position(text: &str, field: &str) -> Option<(usize, usize)> {
    let pattern = format!("{field}:");
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let Some(at) = code.find(&pattern) else {
            continue;
        };
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let after = &code[at + pattern.len()..];
        let skipped = after.len() - after.trim_start().len();
        let col = code[..at + pattern.len() + skipped].chars().count() + 1;
        return Some((n + 1, col));
    }
    None
}
