//! Fuzz targets: every door a file or a player can reach, driven by arbitrary bytes, each
//! panicking on what must never happen (`docs/reliability.md`).
//!
//! The same functions run under libFuzzer (`fuzz/`, coverage-guided campaigns) and in the test
//! suite (`tests/fuzz_smoke.rs`, a fixed-seed smoke), so a crash either finds is one the other
//! can replay. What each target promises:
//! - `content_text`: a scenario or mod text of any ruleset is accepted or refused; never a
//!   panic, and every error is `file:line:col` inside the text.
//! - `save_text`: a save text is refused with a clear error or replays; a save never names a
//!   scenario file outside the game's folder, and a replayed game saves and reopens to the same
//!   state hash.
//! - `actions`: a game on a fixed scenario takes arbitrary actions, mostly illegal (stale ones
//!   from earlier decisions, legal ones with a field changed): `apply` accepts exactly what
//!   `legal_actions` offers and `check` allows, an accepted action leaves every invariant
//!   whole, a refused one names its rule and changes nothing, and the game saves and reopens
//!   to the same state hash.

use std::path::{Component, Path};
use std::sync::{Arc, OnceLock};

use crate::engine::content::ContentError;
use crate::engine::game::Game;
use crate::engine::ruleset::{Ruleset, RulesetId};
use crate::engine::save::{Save, parse_header, scenario_file_of};
use crate::engine::state::GameSetup;
use crate::rulesets::kingdom::Kingdom;
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::raison::RaisonDEtat;

/// The small Price of Power scenario the save and action targets play on (the full 1444 map
/// costs milliseconds to build; the rules are the same).
const MINI_SCENARIO: &str = include_str!("../tests/data/mini.ron");

/// The scenarios the save and action targets play on, parsed once per process.
pub struct Contents {
    pub pop: Arc<<PriceOfPower as Ruleset>::Content>,
    pub kingdom: Arc<<Kingdom as Ruleset>::Content>,
    pub raison: Arc<<RaisonDEtat as Ruleset>::Content>,
}

/// The Price of Power mini scenario, Kingdom's and Raison d'Etat's embedded defaults.
pub fn contents() -> &'static Contents {
    static CONTENTS: OnceLock<Contents> = OnceLock::new();
    CONTENTS.get_or_init(|| Contents {
        pop: Arc::new(
            PriceOfPower::parse_content(MINI_SCENARIO, "tests/data/mini.ron")
                .expect("the mini scenario is valid (tests/content.rs)"),
        ),
        kingdom: crate::rulesets::kingdom::content::default_scenario(),
        raison: crate::rulesets::raison::content::default_scenario(),
    })
}

/// A scenario or mod text, checked as `folder/fuzzed.ron` (a mod's base is looked for in
/// `folder`). Panics if the check panics or an error is not `file:line:col` inside the text.
pub fn content_text(data: &[u8], folder: &Path) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = folder.join("fuzzed.ron");
    if let Err(errors) = crate::rulesets::check_text(&path, text) {
        assert_errors_located(&errors, &path.display().to_string(), text);
    }
}

/// Every error names `file` and a line and column inside `text`.
fn assert_errors_located(errors: &[ContentError], file: &str, text: &str) {
    assert!(!errors.is_empty(), "a refused file must say why");
    let lines = text.split('\n').count();
    for e in errors {
        assert_eq!(e.file, file, "error names another file: {e}");
        assert!(e.line >= 1 && e.col >= 1, "error without a position: {e}");
        assert!(e.line <= lines, "error past the last line ({lines}): {e}");
        assert!(!e.message.trim().is_empty(), "error without a message: {e}");
    }
}

/// A save text of any ruleset, replayed on `contents()` (a save of another scenario is refused
/// by its scenario hash). Panics on a panic, a scenario path outside the folder, or a replayed
/// game whose own save does not reopen to its state hash.
pub fn save_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(header) = parse_header(text, "fuzzed.sav") else {
        return;
    };
    if let Ok(Some(path)) = scenario_file_of(header.scenario_file.as_deref()) {
        assert!(
            path.is_relative()
                && path
                    .components()
                    .all(|c| matches!(c, Component::Normal(_) | Component::CurDir)),
            "a save names a scenario outside the game's folder: {}",
            path.display()
        );
    }
    let contents = contents();
    match header.ruleset {
        RulesetId::PriceOfPower => replay_save::<PriceOfPower>(text, &contents.pop),
        RulesetId::Kingdom => replay_save::<Kingdom>(text, &contents.kingdom),
        RulesetId::RaisonDEtat => replay_save::<RaisonDEtat>(text, &contents.raison),
    }
}

fn replay_save<R: Ruleset>(text: &str, content: &Arc<R::Content>) {
    let Ok(save) = Save::<R>::parse(text, "fuzzed.sav") else {
        return;
    };
    let Ok(replayed) = save.replay_lenient(content.clone()) else {
        return;
    };
    assert_whole(&replayed.game, "after replaying a save");
    assert_reopens(&replayed.game, content);
}

/// Panics if the game's invariants are broken.
fn assert_whole<R: Ruleset>(game: &Game<R>, when: &str) {
    let broken = R::broken_invariants(game.world());
    assert!(broken.is_empty(), "{when}: {}", broken.join("; "));
}

/// Panics unless the game's save reopens to the same state hash.
fn assert_reopens<R: Ruleset>(game: &Game<R>, content: &Arc<R::Content>) {
    let text = Save::of(game, None).to_ron();
    let again = Save::<R>::parse(&text, "(its own save)")
        .and_then(|save| save.replay(content.clone()))
        .unwrap_or_else(|e| panic!("a game's own save does not reopen: {e}"));
    assert_eq!(
        again.state_hash(),
        game.state_hash(),
        "the save reopens elsewhere"
    );
}

/// Reads the fuzzer's bytes one decision at a time; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&first, rest)) = self.0.split_first() else {
            return 0;
        };
        self.0 = rest;
        first
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// An index below `len` (which must not be 0).
    fn below(&mut self, len: usize) -> usize {
        usize::from(self.u16()) % len
    }
}

/// What one step of the action target sends.
enum Move {
    /// One of the legal actions: must be accepted.
    Legal,
    /// An action offered at an earlier decision: accepted only if still legal.
    Stale,
    /// A legal action with one field changed.
    Changed,
}

/// The Price of Power action target on the mini scenario.
pub fn pop_actions(data: &[u8]) {
    actions::<PriceOfPower>(&contents().pop, data);
}

/// The Kingdom action target on the frontier scenario.
pub fn kingdom_actions(data: &[u8]) {
    actions::<Kingdom>(&contents().kingdom, data);
}

/// The Raison d'Etat action target on the 1618 scenario.
pub fn raison_actions(data: &[u8]) {
    actions::<RaisonDEtat>(&contents().raison, data);
}

/// A game on `content` (seed from the first two bytes) takes the actions the bytes pick.
pub fn actions<R: Ruleset>(content: &Arc<R::Content>, data: &[u8]) {
    let mut bytes = Bytes(data);
    let seed = u64::from(bytes.u16());
    let mut game = Game::<R>::new(content.clone(), GameSetup::default(), seed)
        .expect("the scenario starts with all its seats");
    let mut offered: Vec<R::Action> = Vec::new();
    let mut words: Vec<serde_json::Value> = odd_values();
    let mut hashed_a_refusal = false;
    while !bytes.is_empty() && !game.is_over() {
        let legal = game.legal_actions();
        assert!(
            !legal.is_empty(),
            "a decision is pending but nothing answers it"
        );
        for action in legal.iter().take(8) {
            if offered.len() < 256 && !offered.contains(action) {
                collect_leaves(
                    &serde_json::to_value(action).unwrap_or_default(),
                    &mut words,
                );
                offered.push(action.clone());
            }
        }
        let step = match bytes.byte() % 4 {
            0 | 1 => Move::Legal,
            2 => Move::Stale,
            _ => Move::Changed,
        };
        let action = match step {
            Move::Legal => legal[bytes.below(legal.len())].clone(),
            Move::Stale => offered[bytes.below(offered.len())].clone(),
            Move::Changed => {
                let picked = &legal[bytes.below(legal.len())];
                match changed(picked, &words, &mut bytes) {
                    Some(action) => action,
                    None => continue,
                }
            }
        };
        let verdict = game.check(&action);
        // `apply` only reads the world before its check passes, so a refusal cannot change
        // the game; the state hash (a full snapshot) proves it once per input, not each time.
        let before = (verdict.is_err() && !hashed_a_refusal).then(|| {
            hashed_a_refusal = true;
            game.state_hash()
        });
        let applied = game.apply(action.clone());
        assert_eq!(
            verdict.is_ok(),
            applied.is_ok(),
            "check and apply disagree on {action:?}"
        );
        match applied {
            Ok(()) => {
                // The one door: what `apply` accepts is exactly what `legal_actions` offered.
                assert!(
                    legal.contains(&action) || !R::listed_in_full(&action),
                    "accepted but never offered: {action:?}"
                );
                assert_whole(&game, &format!("after {action:?}"));
            }
            Err(illegal) => {
                assert!(
                    !matches!(step, Move::Legal),
                    "a legal action was refused: {action:?}: {illegal:?}"
                );
                assert!(
                    !illegal.rule.is_empty(),
                    "a refusal names no rule: {action:?}"
                );
                if let Some(before) = before {
                    assert_eq!(
                        before,
                        game.state_hash(),
                        "a refused action changed the game: {action:?}"
                    );
                }
            }
        }
    }
    for seat in R::players(content, game.setup()).unwrap_or_default() {
        serde_json::to_string(&game.view(Some(&seat))).expect("a seat's view serializes");
    }
    assert_reopens(&game, content);
}

/// The bytes that make `actions` play the bot's game of `seed` for up to `limit` actions: a
/// seed input that reaches deep into a game, which the fuzzer then changes.
pub fn bot_game_bytes<R: Ruleset>(content: &Arc<R::Content>, seed: u16, limit: usize) -> Vec<u8> {
    use crate::engine::ruleset::SeatBot;
    let mut game = Game::<R>::new(content.clone(), GameSetup::default(), u64::from(seed))
        .expect("the scenario starts with all its seats");
    let mut bot = R::Bot::seeded(u64::from(seed));
    let mut bytes = seed.to_le_bytes().to_vec();
    while bytes.len() < 3 * limit && !game.is_over() {
        let Some(action) = bot.choose(&game) else {
            break;
        };
        let legal = game.legal_actions();
        let index = legal
            .iter()
            .position(|a| *a == action)
            .unwrap_or_else(|| panic!("the bot chose {action:?}, not among {legal:?}"));
        let index = u16::try_from(index).expect("fewer than 65536 legal actions");
        bytes.push(0);
        bytes.extend(index.to_le_bytes());
        game.apply(action).expect("bots choose legal actions");
    }
    bytes
}

/// Values a changed action may take: numbers at the edges, strings no content uses.
fn odd_values() -> Vec<serde_json::Value> {
    use serde_json::json;
    vec![
        json!(0),
        json!(-1),
        json!(255),
        json!(65535),
        json!(i64::MAX),
        json!(-128),
        json!(""),
        json!("../x"),
        json!("nobody"),
        json!(true),
        json!(false),
    ]
}

/// Every number, string and bool in `value`, added to `into` when new (at most 512).
fn collect_leaves(value: &serde_json::Value, into: &mut Vec<serde_json::Value>) {
    match value {
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_leaves(v, into)),
        serde_json::Value::Object(fields) => fields.values().for_each(|v| collect_leaves(v, into)),
        serde_json::Value::Null => {}
        leaf => {
            if into.len() < 512 && !into.contains(leaf) {
                into.push(leaf.clone());
            }
        }
    }
}

/// `action` with one leaf replaced by one of `words` (a realm, an area or a number another
/// action used, or an odd value); `None` if the result is not an action at all.
fn changed<A: serde::Serialize + serde::de::DeserializeOwned>(
    action: &A,
    words: &[serde_json::Value],
    bytes: &mut Bytes,
) -> Option<A> {
    let mut value = serde_json::to_value(action).ok()?;
    let mut leaves = Vec::new();
    leaf_paths(&value, &mut Vec::new(), &mut leaves);
    if leaves.is_empty() {
        return None;
    }
    let path = &leaves[bytes.below(leaves.len())];
    let mut at = &mut value;
    for key in path {
        at = match key {
            Key::Index(i) => at.get_mut(*i)?,
            Key::Field(f) => at.get_mut(f.as_str())?,
        };
    }
    *at = words[bytes.below(words.len())].clone();
    serde_json::from_value(value).ok()
}

/// A step into a JSON value.
enum Key {
    Index(usize),
    Field(String),
}

/// The paths to every leaf of `value`.
fn leaf_paths(value: &serde_json::Value, here: &mut Vec<Key>, out: &mut Vec<Vec<Key>>) {
    match value {
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                here.push(Key::Index(i));
                leaf_paths(v, here, out);
                here.pop();
            }
        }
        serde_json::Value::Object(fields) => {
            for (k, v) in fields {
                here.push(Key::Field(k.clone()));
                leaf_paths(v, here, out);
                here.pop();
            }
        }
        _ => out.push(
            here.iter()
                .map(|k| match k {
                    Key::Index(i) => Key::Index(*i),
                    Key::Field(f) => Key::Field(f.clone()),
                })
                .collect(),
        ),
    }
}
