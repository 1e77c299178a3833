//! The command line: `regnum` opens the desktop game; `check`, `simulate`, `report` and
//! `replay` run headless.

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Parser, Subcommand};

use crate::engine::content::{joined, read};
use crate::engine::ruleset::Ruleset;

pub mod check;
pub mod replay;
pub mod report;
pub mod simulate;

#[derive(Parser, Debug)]
#[command(
    name = "regnum",
    version,
    about = "Regnum: realm-governance board games, rules enforced.\n\nWith no command, opens the desktop game on the default scenario."
)]
pub struct Cli {
    /// Scenario for the desktop game (default: the embedded 1444 scenario).
    #[arg(long, global = false)]
    pub scenario: Option<PathBuf>,
    /// Desktop game, for tests: bots play every seat, yours too, for N complete Rounds, then
    /// the game quits (after the screenshot, with --screenshot).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub autoplay: Option<u32>,
    /// Desktop game, for tests: save a PNG of the window to FILE once the board is drawn (after
    /// --autoplay, if given) and quit with code 0; a scenario that cannot be played quits with
    /// a non-zero code.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Desktop game, for measuring: once the board is drawn (after --autoplay, if given),
    /// time N frames of the full board, print the frame-time report and quit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: Option<u32>,
    /// With --frames: time an empty Bevy+egui window of the same size instead of the board,
    /// the baseline the board's frame time is compared with (`tools/frame_ratio.sh`).
    #[arg(long, requires = "frames")]
    pub empty_window: bool,
    /// Desktop game, for tests (Price of Power's window): the bots play every seat until
    /// yours may march, then a march is picked as a person picks it, by clicking the army's
    /// province and then its destination on the board; the game quits once it is applied
    /// (after the screenshot, with --screenshot), or with a non-zero code if it is not.
    #[arg(long)]
    pub pick_on_board: bool,
    /// Desktop game, for looking at one question: the bots play every seat until a decision
    /// of this kind (its name in the rules, e.g. `LostAtSea` or `HistoricalRulers`) is asked of
    /// your seat, and stop there with its buttons on screen (then the screenshot, with
    /// --screenshot); a non-zero exit if the game ends first.
    #[arg(long, value_name = "DECISION", conflicts_with = "autoplay")]
    pub autoplay_until: Option<String>,
    /// Desktop game: open this save, replayed on the scenario it names (a mod's file too), or
    /// on --scenario when given.
    #[arg(long, value_name = "SAVE")]
    pub load: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Validate scenario and mod files: prints `ok FILE` per good file and every error as
    /// `file:line:col: message`; exits 1 if any file has errors.
    Check {
        /// Scenario or mod files (.ron).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Keep watching the files: check them again each time one is saved with new content.
        #[arg(long)]
        watch: bool,
    },
    /// Bots play complete games headless (game i uses seed S+i).
    Simulate(simulate::SimulateArgs),
    /// A balance report: bots play N games of a scenario (and of a second version with
    /// --against) and an HTML page with charts is written to --out.
    Report(report::ReportArgs),
    /// Replay a save and print a summary (or the final state as JSON).
    Replay {
        /// The save file.
        save: PathBuf,
        /// Print the final state as JSON, state hash included.
        #[arg(long)]
        json: bool,
        /// Print the game log, one line per entry: Age, Round, rule id, realm and what happened.
        #[arg(long, conflicts_with = "json")]
        log: bool,
        /// Print, as JSON, what one seat may see of the final state: its own hand and secret
        /// cards, everyone's public state; `--view spectator` for the public state alone.
        #[arg(long, value_name = "SEAT", conflicts_with_all = ["json", "log"])]
        view: Option<String>,
        /// Scenario file to replay on (default: the file named in the save, else the embedded one).
        #[arg(long)]
        scenario: Option<PathBuf>,
    },
}

/// Loads a scenario file of ruleset `R`, or the ruleset's embedded default; errors printed as
/// `file:line:col: message`.
pub fn load_content<R: Ruleset>(path: Option<&PathBuf>) -> Result<Arc<R::Content>, String> {
    let Some(path) = path else {
        return Ok(R::default_content());
    };
    let text = read(path).map_err(|e| joined(&e))?;
    R::parse_content(&text, &path.display().to_string())
        .map(Arc::new)
        .map_err(|e| joined(&e))
}

/// Runs a headless command; returns the process exit code.
pub fn run(command: Command) -> i32 {
    match command {
        Command::Check {
            paths,
            watch: false,
        } => check::run(&paths),
        Command::Check { paths, watch: true } => check::watch(&paths),
        Command::Simulate(args) => simulate::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Replay {
            save,
            json,
            log,
            view,
            scenario,
        } => {
            let output = match (json, log, view.as_deref()) {
                (true, _, _) => replay::Output::Json,
                (_, true, _) => replay::Output::Log,
                (_, _, Some("spectator")) => replay::Output::View(None),
                (_, _, Some(seat)) => replay::Output::View(Some(seat)),
                _ => replay::Output::Summary,
            };
            replay::run(&save, output, scenario.as_ref())
        }
    }
}
