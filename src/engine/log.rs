//! The game log: every state change writes one structured entry carrying its rule id.
//!
//! The client animates from it, tests assert on it and `simulate` counts it by rule id.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::reads::Reads;

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// Position in the log, from 0.
    pub seq: u32,
    pub age: u8,
    pub round: u8,
    /// The step of the sequence of play it happened in (e.g. `pop.step.p2`).
    pub step: &'static str,
    /// The rule that made the change (`../shared/rules/RULE_IDS.md` or `docs/rule_ids.md`).
    pub rule: &'static str,
    /// The realm it concerns, by content id.
    pub realm: Option<String>,
    /// A sentence for people.
    pub text: String,
    /// Stable id of the entity it concerns, if any.
    pub subject: Option<u32>,
    /// The amount that changed, if any.
    pub amount: Option<i32>,
    /// Stable ids of the places a move went through, first to last (the client animates the
    /// march or voyage along them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<u32>,
}

/// All entries of a game, in order.
#[derive(Resource, Default, Clone, Debug)]
pub struct GameLog {
    pub entries: Vec<LogEntry>,
}

impl GameLog {
    pub fn count(&self, rule: &str) -> usize {
        self.entries.iter().filter(|e| e.rule == rule).count()
    }

    pub fn has(&self, rule: &str) -> bool {
        self.entries.iter().any(|e| e.rule == rule)
    }
}

/// A log entry being built; `LogWriter::write` finishes it with the time stamp of the flow.
#[derive(Clone, Debug, Default)]
pub struct Note {
    pub rule: &'static str,
    pub realm: Option<String>,
    pub text: String,
    pub subject: Option<u32>,
    pub amount: Option<i32>,
    pub path: Vec<u32>,
}

impl Note {
    pub fn new(rule: &'static str, text: impl Into<String>) -> Self {
        Self {
            rule,
            text: text.into(),
            ..Default::default()
        }
    }
    pub fn realm(mut self, realm: impl Into<String>) -> Self {
        self.realm = Some(realm.into());
        self
    }
    pub fn subject(mut self, sid: u32) -> Self {
        self.subject = Some(sid);
        self
    }
    pub fn amount(mut self, amount: i32) -> Self {
        self.amount = Some(amount);
        self
    }
    pub fn path(mut self, path: Vec<u32>) -> Self {
        self.path = path;
        self
    }
}

/// Writes a note into the world's log, stamped with the current age, round and step.
pub fn write(world: &mut World, note: Note) {
    let flow = world.res::<crate::engine::flow::Flow>();
    let (age, round, step) = (flow.age, flow.round_in_age, flow.step_id());
    let mut log = world.res_mut::<GameLog>();
    if log.entries.capacity() == 0 {
        // A game writes thousands of entries (one of Price of Power over 8,000): room for
        // them at once instead of a dozen doublings, each copying the whole log. Only the
        // pages written are ever touched.
        log.entries.reserve(16384);
    }
    let seq = log.entries.len() as u32;
    log.entries.push(LogEntry {
        seq,
        age,
        round,
        step,
        rule: note.rule,
        realm: note.realm,
        text: note.text,
        subject: note.subject,
        amount: note.amount,
        path: note.path,
    });
}

/// Content ids and the names a scenario gives them, for showing log text to people: the log
/// keeps ids (stable, searchable), the reader sees names.
#[derive(Clone, Debug, Default)]
pub struct DisplayNames(std::collections::HashMap<String, String>);

/// One named content item as a reader meets it: the scenario section it is written in, its
/// id and its name. Each ruleset lists its named items once (`named_items`) for both its
/// `DisplayNames` and its loader's check that an id never stands for two names.
pub type Named<'a> = (&'static str, &'a str, &'a str);

impl DisplayNames {
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Self(pairs.into_iter().filter(|(id, name)| id != name).collect())
    }

    /// The names of a ruleset's named items.
    pub fn of_named<'a>(named: impl IntoIterator<Item = Named<'a>>) -> Self {
        Self::new(
            named
                .into_iter()
                .map(|(_, id, name)| (id.to_string(), name.to_string())),
        )
    }

    /// The name of an id, or the id itself.
    pub fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.0.get(id).map_or(id, String::as_str)
    }

    /// `text` with every whole word that is a named id (letters, digits and `_`) replaced by
    /// its name. A name ending in "s" takes a bare apostrophe where the id took "'s"
    /// ("TUR's turn" reads "Ottomans' turn").
    pub fn readable(&self, text: &str) -> String {
        if self.0.is_empty() {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        let is_word = |c: char| c.is_alphanumeric() || c == '_';
        let mut out = String::with_capacity(text.len() + 16);
        let mut i = 0;
        while i < chars.len() {
            if !is_word(chars[i]) {
                out.push(chars[i]);
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && is_word(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let name = self.name(&word);
            out.push_str(name);
            let possessive = chars.get(i) == Some(&'\'')
                && chars.get(i + 1) == Some(&'s')
                && chars.get(i + 2).is_none_or(|c| !is_word(*c));
            if name != word && name.ends_with('s') && possessive {
                out.push('\'');
                i += 2;
            }
        }
        out
    }
}

/// An id that two items of a scenario share under different names: every mention of the id in
/// the log and the window can show only one of them (a province "cape" would read as the trade
/// node "Cape of Good Hope").
#[derive(Clone, Debug, PartialEq)]
pub struct NameClash<'a> {
    pub id: &'a str,
    /// The item met first, in the order the ruleset lists its sections.
    pub first: (&'static str, &'a str),
    /// The item that clashes with it: the loader reports the error there.
    pub second: (&'static str, &'a str),
}

impl NameClash<'_> {
    pub fn message(&self) -> String {
        format!(
            "id \"{}\" names the {} \"{}\" and the {} \"{}\": the log and the window show one \
             name wherever the id is written; give the two the same name, or one of them another id",
            self.id,
            singular(self.first.0),
            self.first.1,
            singular(self.second.0),
            self.second.1
        )
    }
}

/// "trade_nodes" -> "trade node", "territories" -> "territory".
fn singular(section: &str) -> String {
    let one = match section.strip_suffix("ies") {
        Some(stem) => format!("{stem}y"),
        None => section.strip_suffix('s').unwrap_or(section).to_string(),
    };
    one.replace('_', " ")
}

/// Every id shared by items of different sections with different names, once per item after
/// the first of its id (an id shared under one name, such as a province and the trade node
/// named after it, is fine: it reads the same either way; an id used twice in one section is
/// the loaders' duplicate, reported as such).
pub fn name_clashes<'a>(named: impl IntoIterator<Item = Named<'a>>) -> Vec<NameClash<'a>> {
    let mut first_of: std::collections::HashMap<&'a str, (&'static str, &'a str)> =
        std::collections::HashMap::new();
    let mut clashes = Vec::new();
    for (section, id, name) in named {
        match first_of.get(id) {
            Some(&first) if first.0 != section && first.1 != name => clashes.push(NameClash {
                id,
                first,
                second: (section, name),
            }),
            Some(_) => {}
            None => {
                first_of.insert(id, (section, name));
            }
        }
    }
    clashes
}

#[cfg(test)]
mod display_names_tests {
    use super::{DisplayNames, NameClash, name_clashes};

    #[test]
    fn an_id_with_two_names_is_a_clash_and_one_with_one_name_is_not() {
        let named = [
            ("provinces", "cape", "Cape"),
            ("provinces", "kaffa", "Kaffa"),
            ("trade_nodes", "kaffa", "Kaffa"),
            ("trade_nodes", "cape", "Cape of Good Hope"),
            ("territories", "cape", "Cape"),
        ];
        let clashes = name_clashes(named);
        assert_eq!(
            clashes,
            vec![NameClash {
                id: "cape",
                first: ("provinces", "Cape"),
                second: ("trade_nodes", "Cape of Good Hope"),
            }]
        );
        assert_eq!(
            clashes[0].message(),
            "id \"cape\" names the province \"Cape\" and the trade node \"Cape of Good Hope\": \
             the log and the window show one name wherever the id is written; give the two the \
             same name, or one of them another id"
        );
        assert_eq!(super::singular("territories"), "territory");
        assert_eq!(
            DisplayNames::of_named(named).name("kaffa"),
            "Kaffa",
            "the names read through of_named"
        );
    }

    #[test]
    fn whole_ids_become_names_and_the_rest_stays() {
        let names = DisplayNames::new([
            ("FRA".to_string(), "France".to_string()),
            ("ile_de_france".to_string(), "Ile-de-France".to_string()),
        ]);
        assert_eq!(
            names.readable("FRA besieges ile_de_france (FRANCE, ile_de_france2): 3 units"),
            "France besieges Ile-de-France (FRANCE, ile_de_france2): 3 units"
        );
        assert_eq!(DisplayNames::default().readable("FRA"), "FRA");
        let names = DisplayNames::new([
            ("TUR".to_string(), "Ottomans".to_string()),
            ("ENG".to_string(), "England".to_string()),
        ]);
        assert_eq!(
            names.readable("TUR's turn, ENG's turn, TUR'sx, TUR."),
            "Ottomans' turn, England's turn, Ottomans'sx, Ottomans."
        );
    }
}
