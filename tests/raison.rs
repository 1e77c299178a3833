//! Raison d'Etat from the command line, as the "must show" asks: `check` accepts both
//! scenarios and reports a modder's mistakes at `file:line:col`, all at once; 200 bot games of
//! each scenario fire every `rde.*` id of RULE_IDS.md, end with a winner, give the same hashes
//! for the same seeds (and the hashes recorded in `tests/data/raison_hashes.json`), and a save
//! replays to its hash.

mod common;

use common::{assert_recorded_hashes, check_refuses_a_cut_copy, regnum, simulate_report, temp_dir};

const SCENARIOS: [&str; 2] = ["scenarios/rde_1618.ron", "scenarios/rde_1702.ron"];

#[test]
fn check_accepts_both_scenarios_and_reports_every_mistake_at_its_place() {
    for (file, id) in SCENARIOS.iter().zip(["1618", "1702"]) {
        let (code, out, _) = regnum(&["check", file]);
        assert_eq!(code, 0, "{out}");
        assert!(
            out.starts_with(&format!("ok {file}: Raison d'Etat scenario {id}")),
            "{out}"
        );
    }
    let dir = temp_dir("rde-check");
    check_refuses_a_cut_copy("scenarios/rde_1618.ron", &dir);
    let text = std::fs::read_to_string("scenarios/rde_1618.ron").unwrap();
    let broken = text
        .replacen("victory: 30", "victory: 0", 1)
        .replacen(
            "\"portugal\", \"andalusia\"",
            "\"portugall\", \"andalusia\"",
            1,
        )
        .replacen("capital: \"ile_de_france\"", "capital: \"castile\"", 1);
    assert_ne!(broken, text, "the test's edits must apply");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, broken).unwrap();
    let (code, out, _) = regnum(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    for part in [
        "Influence target must be above 0",
        "unknown territory \"portugall\"",
        "capital \"castile\" must be one of its Home territories",
    ] {
        let line = lines
            .iter()
            .find(|l| l.contains(part))
            .unwrap_or_else(|| panic!("no error with {part:?} in {out}"));
        let place = line.split(": ").next().unwrap();
        assert_eq!(place.split(':').count(), 3, "{line} names file:line:col");
    }
}

#[test]
fn two_hundred_bot_games_of_each_scenario_fire_every_rule_and_replay_to_their_hashes() {
    let dir = temp_dir("rde-sim");
    let mut fired = std::collections::BTreeSet::new();
    for (i, file) in SCENARIOS.iter().enumerate() {
        let report = simulate_report(file, 200, &dir, &format!("r{i}"));
        for (id, n) in report["rule_counts"].as_object().unwrap() {
            if n.as_u64().unwrap_or(0) > 0 {
                fired.insert(id.clone());
            }
        }
        let games = report["games"].as_array().unwrap();
        assert_eq!(games.len(), 200);
        for g in games {
            assert!(
                g["winner"].is_string(),
                "{file}: every game has a winner: {g}"
            );
        }
        // The rules play as they did when the hashes were recorded (the same seeds give the
        // same hashes, run after run).
        assert_recorded_hashes(games, "tests/data/raison_hashes.json", file);
        // A save replays to its hash; the JSON shows each Power.
        let save = games[0]["save"].as_str().unwrap();
        let (code, out, err) = regnum(&["replay", save, "--json"]);
        assert_eq!(code, 0, "{err}");
        let state: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(state["hash"], games[0]["hash"]);
        assert_eq!(state["ruleset"], "RaisonDEtat");
        assert!(state["powers"].as_array().unwrap().len() >= 10);
        let (code, out, _) = regnum(&["replay", save, "--log"]);
        assert_eq!(code, 0);
        assert!(out.lines().next().unwrap().starts_with("Round  1"), "{out}");
    }
    let doc = std::fs::read_to_string("docs/raison.md").unwrap();
    let seed_ids: Vec<&str> = doc
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|id| id.starts_with("rde.") && id.matches('.').count() == 1)
        .collect();
    assert_eq!(
        seed_ids.len(),
        23,
        "docs/raison.md lists the 23 ids of RULE_IDS.md"
    );
    for id in seed_ids {
        assert!(fired.contains(id), "{id} never fired in 400 games");
    }
}

#[test]
fn a_game_needs_three_seats() {
    let (code, _, err) = regnum(&[
        "simulate",
        "--scenario",
        "scenarios/rde_1618.ron",
        "--games",
        "1",
        "--players",
        "FRA,SPA",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("at least 3 seats"), "{err}");
    // Three seats play; the other Majors play as Minor Powers.
    let (code, out, err) = regnum(&[
        "simulate",
        "--scenario",
        "scenarios/rde_1618.ron",
        "--games",
        "2",
        "--players",
        "FRA,SPA,SWE",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("FRA") && !out.contains("PRO "), "{out}");
}
