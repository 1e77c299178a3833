//! `regnum replay`: replay a save of any ruleset and print a summary, the game log, the final
//! state as JSON, or what one seat may see of it.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::cli::load_content;
use crate::engine::ruleset::Ruleset;
use crate::engine::save::{Save, parse_header, read_text};

/// What `replay` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output<'a> {
    Summary,
    Log,
    Json,
    /// The final state as one seat sees it (`None`: a spectator).
    View(Option<&'a str>),
}

pub fn run(path: &Path, output: Output, scenario: Option<&PathBuf>) -> i32 {
    let text = match read_text(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let header = match parse_header(&text, &path.display().to_string()) {
        Ok(header) => header,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let scenario_path = match scenario {
        Some(given) => Some(given.clone()),
        None => match crate::engine::save::scenario_file_of(header.scenario_file.as_deref()) {
            Ok(named) => named,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return 1;
            }
        },
    };
    struct Replay<'a> {
        path: &'a Path,
        text: &'a str,
        output: Output<'a>,
        scenario: Option<&'a PathBuf>,
    }
    impl crate::rulesets::ForRuleset for Replay<'_> {
        type Output = i32;
        fn run<R: Ruleset>(self) -> i32 {
            replay::<R>(self.path, self.text, self.output, self.scenario)
        }
    }
    crate::rulesets::for_ruleset(
        header.ruleset,
        Replay {
            path,
            text: &text,
            output,
            scenario: scenario_path.as_ref(),
        },
    )
}

fn replay<R: Ruleset>(path: &Path, text: &str, output: Output, scenario: Option<&PathBuf>) -> i32 {
    let save = match Save::<R>::parse(text, &path.display().to_string()) {
        Ok(save) => save,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let content = match load_content::<R>(scenario) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: cannot load the save's scenario:\n{e}");
            return 1;
        }
    };
    // Strict: a save that no longer replays to its record is an error here (the desktop game
    // opens it with a notice and plays on from the replayed state).
    let game = match save.replay(content) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let hash = game.state_hash();
    match output {
        Output::Log => {
            // Written by hand rather than with `println!`, so that a reader that stops early
            // (`| head`) ends the listing quietly instead of a panic on the closed pipe.
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            // The realm column keeps its short id; the text reads with the scenario's names.
            let names = R::display_names(game.scenario());
            for e in &game.log().entries {
                let line = writeln!(
                    out,
                    "{} {:<34} {:<4} {}",
                    R::time_label(e.age, e.round),
                    e.rule,
                    e.realm.as_deref().unwrap_or("-"),
                    names.readable(&e.text)
                );
                if line.is_err() {
                    return 0;
                }
            }
            if out.flush().is_err() {
                return 0;
            }
        }
        Output::Json => {
            let mut value = serde_json::to_value(game.snapshot()).expect("snapshots serialize");
            value["ruleset"] = serde_json::Value::String(R::ID.key().to_string());
            value["hash"] = serde_json::Value::String(hash);
            // The answers to the pending decision with what each costs the deciding seat (empty
            // once the game is over); not part of the state, so not in the hash.
            value["legal"] = game
                .legal_actions_with_costs()
                .into_iter()
                .map(|(action, cost)| {
                    serde_json::json!({
                        "action": action,
                        "cost_text": R::describe_cost(&cost),
                        "cost": cost,
                    })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&value).expect("json"));
        }
        Output::View(seat) => {
            if let Some(seat) = seat
                && !game.setup().players.iter().any(|p| p == seat)
            {
                eprintln!(
                    "error: {seat} is not a seat of this game (seats: {})",
                    game.setup().players.join(", ")
                );
                return 1;
            }
            let view = game.view(seat);
            println!("{}", serde_json::to_string_pretty(&view).expect("json"));
        }
        Output::Summary => {
            let flow = game.flow();
            println!("save:     {}", path.display());
            println!("ruleset:  {}", R::ID.title());
            println!(
                "scenario: {} ({})",
                R::content_name(game.scenario()),
                R::content_id(game.scenario())
            );
            println!("seed:     {}", game.seed());
            println!("players:  {}", game.setup().players.join(", "));
            println!("actions:  {}", game.history().len());
            println!(
                "time:     {} ({} rounds played)",
                R::time_label(flow.age, flow.round_in_age),
                flow.round
            );
            match (game.is_over(), game.winner()) {
                (true, Some(w)) => println!("result:   {w} wins"),
                (true, None) => println!("result:   a shared win"),
                (false, _) => println!(
                    "result:   in progress, waiting on {}",
                    game.pending()
                        .map_or("nobody".to_string(), R::describe_decision)
                ),
            }
            println!("hash:     {hash}");
        }
    }
    0
}
