//! `regnum simulate`: bots play complete games headless, in parallel, with a progress bar.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::cli::load_content;
use crate::engine::content::{joined, read};
use crate::engine::game::Game;
use crate::engine::ruleset::{MAX_BOT_ACTIONS, PlayedOut, Ruleset, RulesetId, play_out};
use crate::engine::save::Save;
use crate::engine::state::GameSetup;

#[derive(Args, Debug, Clone)]
pub struct SimulateArgs {
    /// Scenario file (default: the embedded 1444 scenario).
    #[arg(long)]
    pub scenario: Option<PathBuf>,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    pub games: u64,
    /// Seed of the first game; game i uses seed S+i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write each game's save into this folder.
    #[arg(long)]
    pub save_dir: Option<PathBuf>,
    /// Write results and rule counts as JSON to this file.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Player Realms in play, in seat order, comma-separated (default: all of the scenario's).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// Switch one of the ruleset's options for every game, `NAME=BOOL` (repeatable; e.g.
    /// Price of Power's `religious_rebels=true`); an option not named keeps the scenario's
    /// setting, and one named here wins over its short form below.
    #[arg(long = "option", value_name = "NAME=BOOL", value_parser = parse_option)]
    pub options: Vec<(String, bool)>,
    /// Short for `--option religious_rebels=true`: Price of Power's optional rule 5.
    #[arg(long)]
    pub religious_rebels: bool,
    /// Short for `--option power_struggles=BOOL`: Price of Power's advanced rule 17.4.
    #[arg(long)]
    pub power_struggles: Option<bool>,
    /// Check the ruleset's invariants after every action, and that each game's save reopens
    /// to the same state hash; report the breaks and exit 1 if there is any.
    #[arg(long)]
    pub check_invariants: bool,
}

#[derive(Serialize, Clone, Debug)]
pub struct GameResult {
    pub seed: u64,
    pub hash: String,
    pub rounds: u32,
    pub winner: Option<String>,
    /// Each seat's final score: `realm` and `total`, and the ruleset's own lines (empty if the
    /// game did not end).
    pub scores: Vec<serde_json::Value>,
    pub save: Option<String>,
    /// What `--check-invariants` found wrong, in words (empty when unchecked or whole).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breaks: Vec<String>,
}

#[derive(Serialize, Debug, Default)]
pub struct Report {
    pub games: Vec<GameResult>,
    pub rule_counts: BTreeMap<String, u64>,
}

/// What `--check-invariants` finds wrong in one game: broken invariants after each action (the
/// first few), a game stopped as stuck, and a save that does not reopen to the same state hash.
fn check_game<R: Ruleset>(
    scenario: Arc<R::Content>,
    seed: u64,
    setup: &GameSetup,
) -> Result<(Game<R>, Vec<String>), String> {
    let mut game =
        Game::<R>::new(scenario.clone(), setup.clone(), seed).map_err(|e| e.to_string())?;
    let mut breaks = Vec::new();
    let ended = crate::engine::ruleset::play_out_checking(&mut game, seed, |g, applied| {
        if breaks.len() < 10 {
            for b in R::broken_invariants(g.world()) {
                breaks.push(format!("seed {seed}, after action {applied}: {b}"));
            }
        }
    });
    if ended == PlayedOut::Stuck {
        breaks.push(stuck(seed));
    }
    let text = Save::of(&game, None).to_ron();
    let reopened =
        Save::<R>::parse(&text, "(the game's save)").and_then(|save| save.replay(scenario));
    match reopened {
        Ok(again) if again.state_hash() == game.state_hash() => {}
        Ok(again) => breaks.push(format!(
            "seed {seed}: the save reopens to state hash {}, not {}",
            again.state_hash(),
            game.state_hash()
        )),
        Err(e) => breaks.push(format!("seed {seed}: the save does not reopen: {e}")),
    }
    Ok((game, breaks))
}

/// What a stuck game is reported as.
fn stuck(seed: u64) -> String {
    format!(
        "seed {seed}: no end after {MAX_BOT_ACTIONS} actions, so the game was stopped (a question that keeps coming back?); with --save-dir its save is kept for a look (`regnum replay --log`)"
    )
}

/// How many times each rule id stands in a game's log.
pub fn rule_counts(log: &crate::engine::log::GameLog) -> BTreeMap<String, u64> {
    // Counted by where each id's static string lies (one hash of two words per entry, where
    // ordering by text compared bytes a dozen times per entry), then by the text, once per
    // id: two copies of one id elsewhere in memory still count as one.
    let mut by_place: bevy::platform::collections::HashMap<(usize, usize), (&'static str, u64)> =
        Default::default();
    for entry in &log.entries {
        let rule = entry.rule;
        by_place
            .entry((rule.as_ptr() as usize, rule.len()))
            .or_insert((rule, 0))
            .1 += 1;
    }
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for (rule, n) in by_place.into_values() {
        *counts.entry(rule.to_string()).or_insert(0) += n;
    }
    counts
}

/// Plays one bot game; returns its result and its log counts.
pub fn play_one<R: Ruleset>(
    scenario: Arc<R::Content>,
    seed: u64,
    save_dir: Option<&PathBuf>,
    scenario_file: Option<&str>,
    setup: &GameSetup,
    check_invariants: bool,
) -> Result<(GameResult, BTreeMap<String, u64>), String> {
    let (game, breaks, stuck_here) = if check_invariants {
        let (game, breaks) = check_game::<R>(scenario, seed, setup)?;
        (game, breaks, false)
    } else {
        let mut game = Game::<R>::new(scenario, setup.clone(), seed).map_err(|e| e.to_string())?;
        let ended = play_out(&mut game, seed);
        (game, Vec::new(), ended == PlayedOut::Stuck)
    };
    let counts = rule_counts(game.log());
    let save = match save_dir {
        Some(dir) => {
            let path = dir.join(format!("game-{seed}.ron"));
            Save::of(&game, scenario_file)
                .write(&path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Some(path.display().to_string())
        }
        None => None,
    };
    // A stuck game stops the run (after its save, for a look), so no figure counts it.
    if stuck_here {
        return Err(stuck(seed));
    }
    let result = GameResult {
        seed,
        hash: game.state_hash(),
        rounds: game.flow().round,
        winner: game.winner(),
        scores: if game.is_over() {
            R::final_scores(game.world())
        } else {
            Vec::new()
        },
        save,
        breaks,
    };
    Ok((result, counts))
}

pub fn run(args: &SimulateArgs) -> i32 {
    let ruleset = match &args.scenario {
        None => RulesetId::PriceOfPower,
        Some(path) => {
            let found = read(path).and_then(|text| crate::rulesets::ruleset_of(path, &text));
            match found {
                Ok(r) => r.unwrap_or(RulesetId::PriceOfPower),
                Err(e) => {
                    eprintln!("{}", joined(&e));
                    return 1;
                }
            }
        }
    };
    struct Simulate<'a>(&'a SimulateArgs);
    impl crate::rulesets::ForRuleset for Simulate<'_> {
        type Output = i32;
        fn run<R: Ruleset>(self) -> i32 {
            simulate::<R>(self.0)
        }
    }
    crate::rulesets::for_ruleset(ruleset, Simulate(args))
}

fn simulate<R: Ruleset>(args: &SimulateArgs) -> i32 {
    let scenario = match load_content::<R>(args.scenario.as_ref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    if let Some(dir) = &args.save_dir
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return 1;
    }
    let scenario_file = args.scenario.as_ref().map(|p| p.display().to_string());
    // The options as a setup names them; the ruleset refuses a name it does not have.
    let mut setup = GameSetup {
        players: args.players.clone(),
        ..Default::default()
    };
    if args.religious_rebels {
        setup = setup.with_option(crate::rulesets::pop::OPTION_RELIGIOUS_REBELS, true);
    }
    if let Some(on) = args.power_struggles {
        setup = setup.with_option(crate::rulesets::pop::OPTION_POWER_STRUGGLES, on);
    }
    // An option named in full wins over its short form.
    for (name, on) in &args.options {
        setup = setup.with_option(name, *on);
    }
    // Refuse a bad seat list once, before any thread starts.
    if let Err(e) = Game::<R>::new(scenario.clone(), setup.clone(), args.seed) {
        eprintln!("error: {e}");
        return 1;
    }
    let threads = threads_or_all(args.threads);
    let results = in_parallel(args.games, threads, |i| {
        play_one::<R>(
            scenario.clone(),
            args.seed + i,
            args.save_dir.as_ref(),
            scenario_file.as_deref(),
            &setup,
            args.check_invariants,
        )
    });
    let results = match results {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut report = Report::default();
    for (result, counts) in results {
        for (rule, n) in counts {
            *report.rule_counts.entry(rule).or_insert(0) += n;
        }
        report.games.push(result);
    }
    for g in &report.games {
        println!(
            "seed {:>6}  rounds {:>3}  winner {:<6}  {}",
            g.seed,
            g.rounds,
            g.winner.as_deref().unwrap_or("shared"),
            g.hash
        );
    }
    print_balance(&report.games);
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&report).expect("reports serialize");
        if let Err(e) = crate::engine::save::write_atomically(path, &text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return 1;
        }
    }
    if args.check_invariants {
        let breaks: Vec<&String> = report.games.iter().flat_map(|g| &g.breaks).collect();
        println!(
            "invariants: {} break(s) in {} games (after every action; each save reopened to its hash)",
            breaks.len(),
            report.games.len()
        );
        for b in &breaks {
            println!("  {b}");
        }
        if !breaks.is_empty() {
            return 1;
        }
    }
    0
}

/// The worker threads asked for, else one per core.
pub fn threads_or_all(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// Runs `play(i)` for every i in 0..games on `threads` workers, with a progress bar; the
/// results come back in order of i. The first error stops the run (games under way finish).
pub fn in_parallel<T: Send>(
    games: u64,
    threads: usize,
    play: impl Fn(u64) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games ({per_sec}, eta {eta})",
        )
        .expect("valid template"),
    );
    let next = Mutex::new(0u64);
    let results = Mutex::new(Vec::new());
    let failure = Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().expect("lock");
                        if *n >= games || failure.lock().expect("lock").is_some() {
                            return;
                        }
                        *n += 1;
                        *n - 1
                    };
                    match play(i) {
                        Ok(r) => results.lock().expect("lock").push((i, r)),
                        Err(e) => *failure.lock().expect("lock") = Some(e),
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("lock") {
        return Err(e);
    }
    let mut results = results.into_inner().expect("lock");
    results.sort_by_key(|(i, _)| *i);
    Ok(results.into_iter().map(|(_, r)| r).collect())
}

/// Wins and average final score per realm, so that a modder sees the balance of a scenario at a
/// glance.
fn print_balance(games: &[GameResult]) {
    let mut table: BTreeMap<String, (u32, i64, u32)> = BTreeMap::new();
    for game in games {
        for score in &game.scores {
            let realm = score["realm"].as_str().unwrap_or("?").to_string();
            let row = table.entry(realm).or_default();
            row.1 += score["total"].as_i64().unwrap_or(0);
            row.2 += 1;
        }
        if let Some(w) = &game.winner {
            table.entry(w.clone()).or_default().0 += 1;
        }
    }
    if table.is_empty() {
        return;
    }
    println!("seat    wins  average final score");
    for (realm, (wins, total, n)) in &table {
        let average = if *n == 0 {
            0.0
        } else {
            *total as f64 / f64::from(*n)
        };
        println!("{realm:<6} {wins:>5}  {average:>6.1}");
    }
}

/// `NAME=BOOL` of `--option`.
fn parse_option(text: &str) -> Result<(String, bool), String> {
    let (name, on) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?}: write NAME=true or NAME=false"))?;
    let on = on
        .trim()
        .parse::<bool>()
        .map_err(|_| format!("{text:?}: the value must be true or false"))?;
    Ok((name.trim().to_string(), on))
}
