//! Helpers shared by the integration tests: the small test scenario and game builders, and
//! running the `regnum` binary as a user would.
#![allow(dead_code)]

use std::sync::Arc;

use regnum::rulesets::pop::content::{Scenario, parse_scenario};
use regnum::rulesets::pop::{Action, DecisionKind, Game, GameSetup};

pub const MINI: &str = include_str!("../data/mini.ron");

/// The mini scenario, optionally edited by a text replacement (to set up a situation).
pub fn mini_with(edit: impl Fn(String) -> String) -> Arc<Scenario> {
    let text = edit(MINI.to_string());
    Arc::new(parse_scenario(&text, "mini.ron").unwrap_or_else(|e| panic!("{e:?}")))
}

pub fn mini() -> Arc<Scenario> {
    mini_with(|t| t)
}

pub fn mini_game(seed: u64) -> Game {
    Game::new(mini(), GameSetup::default(), seed).expect("mini scenario sets up")
}

/// Applies the first legal action matching `pred`, panicking if there is none.
pub fn apply_first(game: &mut Game, pred: impl Fn(&Action) -> bool) -> Action {
    let action = game
        .legal_actions()
        .into_iter()
        .find(|a| pred(a))
        .unwrap_or_else(|| {
            panic!(
                "no such legal action in {:?} for {:?}",
                game.legal_actions(),
                game.pending()
            )
        });
    game.apply(action.clone()).expect("legal");
    action
}

/// Answers every non-turn decision (declining where it can, else the first legal answer)
/// until a turn is asked.
pub fn settle(game: &mut Game) {
    while let Some(d) = game.pending() {
        if matches!(
            d.kind,
            DecisionKind::Turn | DecisionKind::LastAction | DecisionKind::LastEvent
        ) {
            return;
        }
        let legal = game.legal_actions();
        let pick = legal
            .iter()
            .find(|a| **a == Action::Decline)
            .unwrap_or(&legal[0])
            .clone();
        game.apply(pick).expect("legal");
    }
}

/// The mat of a realm, from the snapshot.
pub fn mat(game: &Game, realm: &str) -> regnum::rulesets::pop::model::Mat {
    game.snapshot()
        .realms
        .into_iter()
        .find(|r| r.id == realm)
        .and_then(|r| r.mat)
        .expect("a Player Realm")
}

/// Runs the `regnum` binary: its exit code, standard output and standard error.
pub fn regnum(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_regnum"))
        .args(args)
        .output()
        .expect("regnum runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh, empty folder for one test, removed with everything in it when the test is done
/// (also when it fails), so that test runs do not fill the temporary folder.
pub struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty folder for one test (see `TempDir`).
pub fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("regnum-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// `regnum check` refuses the first half of `scenario` with an error at `file:line:col`.
pub fn check_refuses_a_cut_copy(scenario: &str, dir: &std::path::Path) {
    let text = std::fs::read_to_string(scenario).unwrap();
    let half = dir.join("half.ron");
    std::fs::write(&half, &text[..text.len() / 2]).unwrap();
    let (code, out, _) = regnum(&["check", half.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let line = out.lines().next().unwrap();
    let rest = line
        .strip_prefix(&format!("{}:", half.display()))
        .expect(line);
    let mut parts = rest.splitn(3, ':');
    assert!(parts.next().unwrap().parse::<usize>().is_ok(), "{line}");
    assert!(parts.next().unwrap().parse::<usize>().is_ok(), "{line}");
}

/// Runs `regnum simulate --scenario FILE --games N --seed 1 --json --save-dir` into `dir`
/// (`tag` names the files) and returns its JSON report.
pub fn simulate_report(
    scenario: &str,
    games: u64,
    dir: &std::path::Path,
    tag: &str,
) -> serde_json::Value {
    let json = dir.join(format!("{tag}.json"));
    let saves = dir.join(format!("{tag}-saves"));
    let (code, _, err) = regnum(&[
        "simulate",
        "--scenario",
        scenario,
        "--games",
        &games.to_string(),
        "--seed",
        "1",
        "--json",
        json.to_str().unwrap(),
        "--save-dir",
        saves.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{scenario}: {err}");
    serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap()
}

/// The games of a `simulate` report give the hashes recorded for `scenario` in a fixture
/// (`tests/data/*_hashes.json`; a deliberate rules change records them again and says so).
pub fn assert_recorded_hashes(games: &[serde_json::Value], fixture: &str, scenario: &str) {
    let recorded: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).unwrap()).unwrap();
    let recorded = recorded[scenario].as_array().unwrap();
    assert_eq!(recorded.len(), games.len(), "{scenario}: games recorded");
    let changed: Vec<_> = games
        .iter()
        .zip(recorded)
        .filter(|(g, r)| g["hash"] != **r)
        .map(|(g, _)| g["seed"].clone())
        .collect();
    assert!(
        changed.is_empty(),
        "{scenario}: {} of {} games play differently (seeds {:?}...)",
        changed.len(),
        games.len(),
        &changed[..changed.len().min(5)]
    );
}
