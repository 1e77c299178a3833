//! The command line as a new user meets it: check, simulate, replay, with their exit codes.

mod common;

use std::process::Command;

use common::{check_refuses_a_cut_copy, regnum, temp_dir};

#[test]
fn check_accepts_the_scenarios_and_rejects_a_cut_one_with_a_position() {
    let (code, out, _) = regnum(&["check", "scenarios/1444.ron", "tests/data/mini.ron"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("ok ")).count(), 2);
    check_refuses_a_cut_copy("scenarios/1444.ron", &temp_dir("cli-check"));
}

#[test]
fn simulate_is_deterministic_and_replay_prints_the_same_hash() {
    let dir = temp_dir("cli-sim");
    let (d, j1, j2) = (dir.join("d"), dir.join("s1.json"), dir.join("s2.json"));
    let base = ["simulate", "--games", "4", "--seed", "11", "--threads", "2"];
    let (code, _, err) = regnum(
        &[
            &base[..],
            &[
                "--save-dir",
                d.to_str().unwrap(),
                "--json",
                j1.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, _) = regnum(&[&base[..], &["--json", j2.to_str().unwrap()]].concat());
    assert_eq!(code, 0);
    let read = |p: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let (a, b) = (read(&j1), read(&j2));
    let hashes = |v: &serde_json::Value| -> Vec<String> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["hash"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(hashes(&a), hashes(&b));
    let unique: std::collections::BTreeSet<_> = hashes(&a).into_iter().collect();
    assert_eq!(unique.len(), 4);
    assert!(a["rule_counts"]["pop.5.1.event"].as_u64().unwrap() > 0);
    // Each finished game lists every realm's final score; the winner has the highest total.
    for game in a["games"].as_array().unwrap() {
        let scores = game["scores"].as_array().unwrap();
        assert!(!scores.is_empty());
        if let Some(winner) = game["winner"].as_str() {
            // The winner has the highest total (a tie on it is broken by monarch power and
            // ducats, so the winner is one of those with the highest).
            let best = scores
                .iter()
                .map(|s| s["total"].as_i64().unwrap())
                .max()
                .unwrap();
            let winners_total = scores
                .iter()
                .find(|s| s["realm"].as_str() == Some(winner))
                .map(|s| s["total"].as_i64().unwrap());
            assert_eq!(winners_total, Some(best));
        }
    }
    let save = a["games"][0]["save"].as_str().unwrap().to_string();
    let (code, out, _) = regnum(&["replay", &save]);
    assert_eq!(code, 0);
    assert!(
        out.contains(a["games"][0]["hash"].as_str().unwrap()),
        "{out}"
    );
    let (code, out, _) = regnum(&["replay", &save, "--json"]);
    assert_eq!(code, 0);
    let state: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(state["hash"], a["games"][0]["hash"]);
    assert!(state["realms"][0]["tracks"].is_object());
    // The legal answers with their costs: one per legal action, empty once the game is over.
    let legal = state["legal"].as_array().expect("a legal list");
    assert_eq!(legal.is_empty(), state["pending"].is_null());
    assert!(
        legal
            .iter()
            .all(|l| l["cost"].is_object() && l["cost_text"].is_string())
    );
    // The log listing, read only in part (as `| head` does), ends quietly.
    let mut child = Command::new(env!("CARGO_BIN_EXE_regnum"))
        .args(["replay", &save, "--log"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("regnum runs");
    let mut first = [0u8; 64];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    assert!(first.starts_with(b"Age "));
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    // A damaged save: a clear error and exit 1.
    let damaged = dir.join("damaged.ron");
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&damaged, &text[..text.len() / 3]).unwrap();
    let (code, _, err) = regnum(&["replay", damaged.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("the save is damaged"), "{err}");
}

#[test]
fn a_mods_base_is_a_scenario_id_beside_it_never_a_path() {
    // A valid scenario outside the mod's folder: naming it through `base` must not load it.
    let dir = temp_dir("cli-mod-base");
    let outside = dir.join("outside");
    let mods = dir.join("mods");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(&mods).unwrap();
    std::fs::copy("tests/data/mini.ron", outside.join("evil.ron")).unwrap();
    let absolute = outside.join("evil").display().to_string();
    for base in ["../outside/evil", absolute.as_str()] {
        let m = mods.join("m.ron");
        std::fs::write(
            &m,
            format!("Mod(id: \"m\", name: \"x\",\n    base: \"{base}\")\n"),
        )
        .unwrap();
        let (code, out, _) = regnum(&["check", m.to_str().unwrap()]);
        assert_eq!(code, 1, "base {base} was followed: {out}");
        let line = out.lines().find(|l| l.contains("base")).unwrap_or("");
        assert!(line.contains("m.ron:2:11: "), "{out}");
        assert!(line.contains("a path is not allowed"), "{out}");
    }
    // The same mod beside its base, named by id, is fine.
    std::fs::copy("tests/data/mini.ron", mods.join("mini.ron")).unwrap();
    let m = mods.join("good.ron");
    std::fs::write(&m, "Mod(id: \"m\", name: \"x\", base: \"mini\")\n").unwrap();
    let (code, out, _) = regnum(&["check", m.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_save_opens_only_a_scenario_file_inside_the_games_folder() {
    let dir = temp_dir("cli-save-scenario");
    let saves = dir.join("saves");
    // Played on a file given by its absolute path inside the working folder: the save records
    // it relative to that folder, and replays by itself.
    let here = std::env::current_dir().unwrap();
    let frontier = here.join("scenarios/frontier.ron");
    let (code, _, err) = regnum(&[
        "simulate",
        "--scenario",
        frontier.to_str().unwrap(),
        "--games",
        "1",
        "--seed",
        "5",
        "--save-dir",
        saves.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let save = saves.join("game-5.ron");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        text.contains("scenario_file: Some(\"scenarios/frontier.ron\")"),
        "{text:.400}"
    );
    let (code, _, err) = regnum(&["replay", save.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // A save naming a file outside the folder (absolute, or through ..) is not followed.
    for named in ["/etc/hostname", "../outside.ron", "scenarios/../../x.ron"] {
        let bad = dir.join("bad.ron");
        std::fs::write(&bad, text.replace("scenarios/frontier.ron", named)).unwrap();
        let (code, _, err) = regnum(&["replay", bad.to_str().unwrap()]);
        assert_eq!(code, 1, "{named} was followed");
        assert!(
            err.contains("not inside the folder the game runs in"),
            "{err}"
        );
        // The player may still name the scenario.
        let (code, _, err) = regnum(&[
            "replay",
            bad.to_str().unwrap(),
            "--scenario",
            "scenarios/frontier.ron",
        ]);
        assert_eq!(code, 0, "{err}");
    }
}

#[test]
fn a_file_over_64_mib_is_refused_before_it_is_read() {
    let dir = temp_dir("cli-big");
    let big = dir.join("big.ron");
    // Sparse: the size is there without writing the bytes.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(65 * 1024 * 1024)
        .unwrap();
    let (code, out, _) = regnum(&["check", big.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("big.ron:1:1: "), "{out}");
    assert!(out.contains("at most 64 MiB"), "{out}");
    let (code, _, err) = regnum(&["replay", big.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("at most 64 MiB"), "{err}");
}

/// Not a test by itself: the writer that `a_save_survives_its_writer_being_killed` starts in a
/// child process (this test binary, run with `REGNUM_KILL_WRITER` set) and kills. It rewrites
/// one save over and over, alternating between two games, as autosave does.
#[test]
fn kill_writer_child() {
    let Ok(target) = std::env::var("REGNUM_KILL_WRITER") else {
        return;
    };
    let texts: Vec<String> = std::env::var("REGNUM_KILL_SOURCES")
        .unwrap()
        .split(';')
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let target = std::path::Path::new(&target);
    loop {
        for text in &texts {
            regnum::engine::save::write_atomically(target, text).unwrap();
        }
    }
}

#[test]
fn a_save_survives_its_writer_being_killed() {
    let dir = temp_dir("cli-kill");
    let saves = dir.join("saves");
    let (code, _, err) = regnum(&[
        "simulate",
        "--scenario",
        "scenarios/frontier.ron",
        "--games",
        "2",
        "--seed",
        "3",
        "--save-dir",
        saves.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let sources = [saves.join("game-3.ron"), saves.join("game-4.ron")];
    let whole: Vec<String> = sources
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let target = dir.join("autosave.ron");
    let mut state = 0x2545_f491_u64;
    for round in 0..12 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["kill_writer_child", "--exact", "--nocapture"])
            .env("REGNUM_KILL_WRITER", &target)
            .env(
                "REGNUM_KILL_SOURCES",
                format!("{};{}", sources[0].display(), sources[1].display()),
            )
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait until the writer has written once, then a varying number of further writes
        // (read back as changes of the file), and kill it there: mid-write more often than not.
        while !target.exists() {
            std::thread::yield_now();
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let changes = 1 + (state >> 60) as usize;
        let mut last = std::fs::metadata(&target).unwrap().modified().unwrap();
        let mut seen = 0;
        // Bounded, should the file system's clock be too coarse to tell writes apart.
        let mut polls = 0u32;
        while seen < changes && polls < 2_000_000 {
            polls += 1;
            if let Ok(now) = std::fs::metadata(&target).and_then(|m| m.modified())
                && now != last
            {
                last = now;
                seen += 1;
            }
        }
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(
            whole.contains(&text),
            "round {round}: the save is not whole after the kill ({} bytes)",
            text.len()
        );
    }
    // And what survives replays to its recorded hash.
    let (code, _, err) = regnum(&["replay", target.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn simulate_checks_invariants_after_every_action() {
    for scenario in [
        "scenarios/frontier.ron",
        "scenarios/rde_1618.ron",
        "tests/data/mini.ron",
    ] {
        let (code, out, err) = regnum(&[
            "simulate",
            "--scenario",
            scenario,
            "--games",
            "3",
            "--seed",
            "1",
            "--check-invariants",
        ]);
        assert_eq!(code, 0, "{scenario}: {out}{err}");
        assert!(out.contains("invariants: 0 break(s) in 3 games"), "{out}");
    }
}

#[test]
fn replay_log_reads_with_the_scenarios_names_not_raw_ids() {
    // The log keeps ids; `replay --log` shows the text with the names the scenario gives
    // realms, provinces, areas and characters (the realm column keeps its short id).
    let dir = temp_dir("cli-names");
    let d = dir.join("d");
    let (code, _, err) = regnum(&[
        "simulate",
        "--games",
        "1",
        "--seed",
        "16",
        "--save-dir",
        d.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, log, err) = regnum(&["replay", "--log", d.join("game-16.ron").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let scenario = regnum::rulesets::pop::content::default_scenario();
    let raw: std::collections::HashSet<&str> = scenario
        .realms
        .iter()
        .map(|r| (&r.id, &r.name))
        .chain(scenario.map.provinces.iter().map(|p| (&p.id, &p.name)))
        .chain(scenario.map.areas.iter().map(|a| (&a.id, &a.name)))
        .chain(scenario.characters.iter().map(|c| (&c.id, &c.name)))
        .filter(|(id, name)| id != name)
        .map(|(id, _)| id.as_str())
        .collect();
    let mut lines = 0;
    for line in log.lines() {
        // "Age A Round R rule realm text..."
        let text: Vec<&str> = line.split_whitespace().skip(6).collect();
        let text = text.join(" ");
        let found: Vec<&str> = text
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| raw.contains(w))
            .collect();
        assert!(found.is_empty(), "raw ids {found:?} in: {line}");
        lines += 1;
    }
    assert!(lines > 1000, "a whole game's log ({lines} lines)");
}

#[test]
fn simulate_switches_a_rulesets_options_by_name_and_refuses_one_it_does_not_have() {
    let dir = temp_dir("cli-options");
    let run = |extra: &[&str], json: &str| {
        let out = dir.join(json);
        let args = [
            &[
                "simulate",
                "--scenario",
                "tests/data/mini.ron",
                "--games",
                "2",
                "--seed",
                "3",
                "--json",
                out.to_str().unwrap(),
            ][..],
            extra,
        ]
        .concat();
        let (code, _, err) = regnum(&args);
        let hashes = std::fs::read_to_string(&out).ok().map(|text| {
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            v["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["hash"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        });
        (code, err, hashes)
    };
    // By name, and by the short flag: the same games.
    let (code, err, by_name) = run(&["--option", "religious_rebels=true"], "a.json");
    assert_eq!(code, 0, "{err}");
    let (code, err, by_flag) = run(&["--religious-rebels"], "b.json");
    assert_eq!(code, 0, "{err}");
    assert_eq!(by_name, by_flag);
    // A name the ruleset does not have is refused with the names it has.
    let (code, err, _) = run(&["--option", "dragons=true"], "c.json");
    assert_eq!(code, 1);
    assert!(
        err.contains("\"dragons\" is not an option")
            && err.contains("religious_rebels, power_struggles"),
        "{err}"
    );
    // A value that is not true or false is answered by the parser.
    let (code, err, _) = run(&["--option", "religious_rebels=maybe"], "d.json");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("true or false"), "{err}");
    // Kingdom has no options.
    let (code, _, err) = regnum(&[
        "simulate",
        "--scenario",
        "scenarios/frontier.ron",
        "--games",
        "1",
        "--option",
        "religious_rebels=true",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("which have none"), "{err}");
}
