//! The fuzz smoke CI runs: every fuzz target of `regnum::fuzzing` on its seed inputs and a few
//! thousand fixed-seed mutations of them (the same bytes every run). The coverage-guided
//! campaigns run the same targets under libFuzzer (`fuzz/campaign`, `docs/reliability.md`).
//!
//! A crash found by a campaign is added to `fuzz/regressions/<target>/`; every file there is run
//! here first.

use std::path::PathBuf;
use std::sync::Arc;

use regnum::engine::ruleset::{Ruleset, SeatBot};
use regnum::engine::save::Save;
use regnum::engine::state::GameSetup;
use regnum::fuzzing::{self, bot_game_bytes, contents};
use regnum::rulesets::kingdom::Kingdom;
use regnum::rulesets::pop::PriceOfPower;
use regnum::rulesets::raison::RaisonDEtat;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A mod on the mini scenario that changes a character and adds a realm.
const MINI_MOD: &str = r#"Mod(id: "smoke", name: "Smoke mod", base: "mini",
    characters: [(id: "ruler_b", name: "Berta", kind: Leader, skills: (5, 5, 5))],
    realms: [],
)"#;

/// The seed inputs of a target, as the campaign's corpus starts.
pub fn seeds(target: &str) -> Vec<Vec<u8>> {
    let read = |path: &str| std::fs::read(root().join(path)).expect("seed file");
    let c = contents();
    match target {
        "content" => vec![
            read("tests/data/mini.ron"),
            read("scenarios/frontier.ron"),
            read("scenarios/rde_1618.ron"),
            read("scenarios/rde_1702.ron"),
            MINI_MOD.as_bytes().to_vec(),
            MINI_MOD
                .replace("\"mini\"", "\"../data/mini\"")
                .into_bytes(),
        ],
        "save" => [0, 30, usize::MAX]
            .into_iter()
            .flat_map(|limit| {
                [
                    save_after::<PriceOfPower>(&c.pop, limit),
                    save_after::<Kingdom>(&c.kingdom, limit),
                    save_after::<RaisonDEtat>(&c.raison, limit),
                ]
            })
            .collect(),
        "pop_actions" => action_seeds::<PriceOfPower>(&c.pop),
        "kingdom_actions" => action_seeds::<Kingdom>(&c.kingdom),
        "raison_actions" => action_seeds::<RaisonDEtat>(&c.raison),
        other => panic!("no fuzz target {other}"),
    }
}

/// The save of a bot game after `limit` actions (or at its end).
fn save_after<R: Ruleset>(content: &Arc<R::Content>, limit: usize) -> Vec<u8> {
    let mut game = regnum::engine::game::Game::<R>::new(content.clone(), GameSetup::default(), 5)
        .expect("game starts");
    let mut bot = R::Bot::seeded(5);
    for _ in 0..limit {
        let Some(action) = bot.choose(&game) else {
            break;
        };
        game.apply(action).expect("bots choose legal actions");
    }
    Save::of(&game, None).to_ron().into_bytes()
}

fn action_seeds<R: Ruleset>(content: &Arc<R::Content>) -> Vec<Vec<u8>> {
    vec![
        vec![1, 0],
        bot_game_bytes::<R>(content, 1, 60),
        bot_game_bytes::<R>(content, 2, 300),
    ]
}

/// A small deterministic random source (xorshift64*), so the smoke's inputs never change.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Fragments a RON text or an action stream gains by a mutation.
const TOKENS: &[&[u8]] = &[
    b"(",
    b")",
    b"[",
    b"]",
    b",",
    b":",
    b"\"",
    b"-1",
    b"0",
    b"255",
    b"99999999999999999999",
    b"Some(",
    b"None",
    b"true",
    b"\n",
    b"//",
    b"/*",
    b"\xff",
    b"\xc3\xa9",
    b"base: \"/etc/x\"",
    b"Mod(",
    b"Scenario(",
    b"ruleset: Kingdom",
    b"ruleset: RaisonDEtat",
];

/// One to four mutations of `input`, some spliced with `other`, as libFuzzer's do.
fn mutate(input: &[u8], other: &[u8], dice: &mut Dice) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + dice.below(4) {
        let at = dice.below(out.len() + 1);
        match dice.below(7) {
            0 if !out.is_empty() => {
                let i = at.min(out.len() - 1);
                out[i] ^= 1 << dice.below(8);
            }
            1 if !out.is_empty() => {
                let i = at.min(out.len() - 1);
                out[i] = dice.next() as u8;
            }
            2 => {
                let token = TOKENS[dice.below(TOKENS.len())];
                out.splice(at..at, token.iter().copied());
            }
            3 => {
                let end = (at + 1 + dice.below(64)).min(out.len());
                out.drain(at..end);
            }
            4 => {
                let end = (at + 1 + dice.below(64)).min(out.len());
                let copy = out[at..end].to_vec();
                let to = dice.below(out.len() + 1);
                out.splice(to..to, copy);
            }
            5 => out.truncate(at),
            _ if !other.is_empty() => {
                let from = dice.below(other.len());
                let end = (from + 1 + dice.below(256)).min(other.len());
                out.splice(at..at, other[from..end].iter().copied());
            }
            _ => {}
        }
    }
    out
}

/// Runs `target` on the regressions, the seeds and `mutants` mutations of them.
fn smoke(name: &str, mutants: usize, target: impl Fn(&[u8])) {
    let regressions = root().join("fuzz/regressions").join(name);
    if let Ok(entries) = std::fs::read_dir(&regressions) {
        for entry in entries {
            target(&std::fs::read(entry.expect("entry").path()).expect("regression input"));
        }
    }
    let seeds = seeds(name);
    for seed in &seeds {
        target(seed);
    }
    let mut dice = Dice(0x5EED_0000 ^ name.len() as u64);
    for _ in 0..mutants {
        let input = &seeds[dice.below(seeds.len())];
        let other = &seeds[dice.below(seeds.len())];
        target(&mutate(input, other, &mut dice));
    }
}

fn folder() -> PathBuf {
    root().join("tests/data")
}

#[test]
fn content_text_survives_mutated_scenarios_and_mods() {
    smoke("content", 2000, |data| {
        fuzzing::content_text(data, &folder())
    });
}

#[test]
fn save_text_survives_mutated_saves() {
    smoke("save", 2000, fuzzing::save_text);
}

#[test]
fn pop_actions_survive_mutated_action_streams() {
    smoke("pop_actions", 1000, fuzzing::pop_actions);
}

#[test]
fn kingdom_actions_survive_mutated_action_streams() {
    smoke("kingdom_actions", 1000, fuzzing::kingdom_actions);
}

#[test]
fn raison_actions_survive_mutated_action_streams() {
    smoke("raison_actions", 1000, fuzzing::raison_actions);
}

/// Not a check: writes the seed inputs as files for the libFuzzer campaign
/// (`fuzz/campaign` runs it).
#[test]
#[ignore = "writes fuzz/corpus/<target>/seed-*; run by fuzz/campaign"]
fn write_seed_corpora() {
    for target in [
        "content",
        "save",
        "pop_actions",
        "kingdom_actions",
        "raison_actions",
    ] {
        let dir = root().join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&dir).expect("corpus folder");
        for (i, seed) in seeds(target).iter().enumerate() {
            std::fs::write(dir.join(format!("seed-{i}")), seed).expect("seed written");
        }
    }
}

#[test]
fn a_mod_seed_is_checked_against_its_base_beside_it() {
    // The mod seed must reach the merge with its base, or the content target would only ever
    // see the mod refused.
    let checked =
        regnum::rulesets::check_text(&folder().join("fuzzed.ron"), MINI_MOD).expect("mod checks");
    assert!(
        checked.summary.contains("mod smoke on scenario mini"),
        "{}",
        checked.summary
    );
}
