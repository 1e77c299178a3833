//! What a rule id means, for every ruleset: read from the project's rule-id tables (the
//! `| \`id\` | meaning |` rows of `docs/rule_ids.md`, `docs/kingdom.md`, `docs/raison.md`),
//! or from the id itself. The help windows and the choices' previews explain ids with it.

use std::collections::HashMap;

/// The project's own rule ids and what they record (a markdown table of `| \`id\` | text |`).
const PROJECT_RULE_IDS: &str = include_str!("../../docs/rule_ids.md");
/// Kingdom's and Raison d'Etat's rule-id tables (the same `| \`id\` | meaning |` rows), so a
/// rule id of any ruleset is explained wherever it shows (a choice's preview).
const OTHER_RULE_IDS: [&str; 2] = [
    include_str!("../../docs/kingdom.md"),
    include_str!("../../docs/raison.md"),
];

/// What a rule id means, from the rule-id tables (or read from the id itself).
pub fn meaning(id: &str) -> String {
    static DESCRIPTIONS: std::sync::OnceLock<HashMap<&'static str, &'static str>> =
        std::sync::OnceLock::new();
    DESCRIPTIONS
        .get_or_init(descriptions)
        .get(id)
        .map_or_else(|| from_id(id), |d| d.to_string())
}

/// `id -> text` from the project's rule-id tables.
pub fn descriptions() -> HashMap<&'static str, &'static str> {
    let mut map = HashMap::new();
    let tables = std::iter::once(PROJECT_RULE_IDS).chain(OTHER_RULE_IDS);
    for line in tables.flat_map(str::lines) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() >= 3
            && let Some(id) = cells[1].strip_prefix('`').and_then(|c| c.strip_suffix('`'))
        {
            map.insert(id, cells[2]);
        }
    }
    map
}

/// A readable fallback from the id itself: `pop.7.4.forced_loan` -> "forced loan".
pub fn from_id(id: &str) -> String {
    id.rsplit('.').next().unwrap_or(id).replace('_', " ")
}
