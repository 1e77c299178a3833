//! `regnum replay`: replay a save, print a summary, the game log, or the final state as JSON.

use std::path::{Path, PathBuf};

use crate::cli::load_scenario_or_default;
use crate::rulesets::pop::save::Save;

pub fn run(path: &Path, json: bool, log: bool, scenario: Option<&PathBuf>) -> i32 {
    let save = match Save::read(path) {
        Ok(save) => save,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let scenario_path = scenario
        .cloned()
        .or_else(|| save.scenario_file.as_ref().map(PathBuf::from));
    let scenario = match load_scenario_or_default(scenario_path.as_ref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot load the save's scenario:\n{e}");
            return 1;
        }
    };
    let game = match save.replay(scenario) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let hash = game.state_hash();
    if log {
        // Written by hand rather than with `println!`, so that a reader that stops early
        // (`| head`) ends the listing quietly instead of a panic on the closed pipe.
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for e in &game.log().entries {
            let line = writeln!(
                out,
                "Age {} Round {} {:<34} {:<4} {}",
                e.age,
                e.round,
                e.rule,
                e.realm.as_deref().unwrap_or("-"),
                e.text
            );
            if line.is_err() {
                return 0;
            }
        }
        if out.flush().is_err() {
            return 0;
        }
    } else if json {
        let mut value = serde_json::to_value(game.snapshot()).expect("snapshots serialize");
        value["hash"] = serde_json::Value::String(hash);
        // The answers to the pending decision with what each costs the deciding realm (empty
        // once the game is over); not part of the state, so not in the hash.
        value["legal"] = game
            .legal_actions_with_costs()
            .into_iter()
            .map(|(action, cost)| {
                serde_json::json!({
                    "action": action,
                    "cost": cost,
                    "cost_text": cost.describe(),
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&value).expect("json"));
    } else {
        let flow = game.flow();
        println!("save:     {}", path.display());
        println!(
            "scenario: {} ({})",
            game.scenario().name,
            game.scenario().id
        );
        println!("seed:     {}", game.seed());
        println!("players:  {}", game.setup().players.join(", "));
        println!("actions:  {}", game.history().len());
        println!(
            "age:      {}, round {} ({} rounds played)",
            flow.age, flow.round_in_age, flow.round
        );
        match (game.is_over(), game.winner()) {
            (true, Some(w)) => println!("result:   {w} wins"),
            (true, None) => println!("result:   a shared win"),
            (false, _) => println!(
                "result:   in progress, waiting on {}",
                game.pending().map_or("nobody".to_string(), |d| format!(
                    "{} ({:?})",
                    d.realm, d.kind
                ))
            ),
        }
        println!("hash:     {hash}");
    }
    0
}
