//! The `regnum` binary: parses the command line and runs the desktop game or a headless command.

use clap::Parser;
use regnum::cli::{Cli, run};

fn main() {
    let mut cli = Cli::parse();
    let code = match cli.command.take() {
        Some(command) => run(command),
        None => open_desktop(cli),
    };
    std::process::exit(code);
}

/// The desktop game, with what the command line asked of it.
#[cfg(feature = "client")]
fn open_desktop(cli: Cli) -> i32 {
    if cli.empty_window {
        return regnum::client::empty_window::run(cli.frames.unwrap_or(1));
    }
    let automation = regnum::client::automation::Automation {
        autoplay_rounds: cli.autoplay,
        screenshot: cli.screenshot,
        frames: cli.frames,
        pick_on_board: cli.pick_on_board,
        autoplay_until: cli.autoplay_until,
    };
    regnum::client::run(cli.scenario, cli.load, automation)
}

#[cfg(not(feature = "client"))]
fn open_desktop(_cli: Cli) -> i32 {
    eprintln!(
        "this build has no desktop client (built without the `client` feature); see `regnum --help`"
    );
    2
}
