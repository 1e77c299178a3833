//! The `regnum` binary: parses the command line and runs the desktop game or a headless command.

use clap::Parser;
use regnum::cli::{Cli, run};

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Some(command) => run(command),
        None => open_desktop(
            cli.scenario,
            cli.load,
            cli.autoplay,
            cli.screenshot,
            cli.frames,
            cli.empty_window,
            cli.pick_on_board,
            cli.autoplay_until,
        ),
    };
    std::process::exit(code);
}

#[cfg(feature = "client")]
fn open_desktop(
    scenario: Option<std::path::PathBuf>,
    load: Option<std::path::PathBuf>,
    autoplay: Option<u32>,
    screenshot: Option<std::path::PathBuf>,
    frames: Option<u32>,
    empty_window: bool,
    pick_on_board: bool,
    autoplay_until: Option<String>,
) -> i32 {
    if empty_window {
        return regnum::client::empty_window::run(frames.unwrap_or(1));
    }
    let automation = regnum::client::automation::Automation {
        autoplay_rounds: autoplay,
        screenshot,
        frames,
        pick_on_board,
        autoplay_until,
    };
    regnum::client::run(scenario, load, automation)
}

#[cfg(not(feature = "client"))]
fn open_desktop(
    _scenario: Option<std::path::PathBuf>,
    _load: Option<std::path::PathBuf>,
    _autoplay: Option<u32>,
    _screenshot: Option<std::path::PathBuf>,
    _frames: Option<u32>,
    _empty_window: bool,
    _pick_on_board: bool,
    _autoplay_until: Option<String>,
) -> i32 {
    eprintln!(
        "this build has no desktop client (built without the `client` feature); see `regnum --help`"
    );
    2
}
