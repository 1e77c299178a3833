//! Unattended runs of any ruleset's window, written once: `--autoplay N` lets the bots play
//! every seat, the people's too, for N complete Rounds as fast as the window allows;
//! `--frames N` then times N frames of the drawn board and prints the frame-time report;
//! `--screenshot FILE` saves a PNG of the window a few frames after the board is drawn and
//! quits with code 0. A ruleset's window may drive part of the run itself (Price of Power's
//! `--pick-on-board`): it is handed `Progress::Driven` and hands back `Progress::settle()`.
//!
//! Nobody is at the screen, so a game that cannot be played quits with a non-zero code instead
//! of waiting on the failure screen (`quit_on_failure`), and so does a game the bots cannot move
//! on or a screenshot that never arrives. The bots' moves go through `Game::apply` like every
//! other change the window makes.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::winit::{UpdateMode, WinitSettings};

use crate::client::automation::{Automation, FrameReport};
use crate::client::shell::{Session, Shelled};

/// Frame time the bots may spend before letting the window redraw, so the board visibly moves
/// while they play.
pub const FRAME_BUDGET: Duration = Duration::from_millis(50);
/// Frames drawn after the last change before the screenshot: the board, its labels and the
/// egui panels each need a frame or two to catch up with the game.
const SETTLE_FRAMES: u32 = 10;
/// How long to wait for the screenshot to come back from the renderer before giving up.
const CAPTURE_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the unattended run is.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub enum Progress {
    /// No game at the screen yet.
    #[default]
    Starting,
    /// The bots play every seat until this Round begins (or the game ends).
    Autoplay { until_round: u32 },
    /// The ruleset's window drives the run (`--pick-on-board`); it sets `Progress::settle()`
    /// when done.
    Driven,
    /// Drawing a few frames of the final position.
    Settling { frames_left: u32 },
    /// Timing frames of the final position (seconds per frame).
    Measuring { samples: Vec<f32>, wanted: u32 },
    /// The screenshot is asked for; the observer quits once it is written.
    Capturing { since: Instant },
    /// Finished: the program is quitting.
    Done,
}

impl Progress {
    /// On to the final frames, the timing and the screenshot.
    pub fn settle() -> Progress {
        Progress::Settling {
            frames_left: SETTLE_FRAMES,
        }
    }

    /// What follows the bots' Rounds (or the start, without `--autoplay`).
    fn after_autoplay(automation: &Automation) -> Progress {
        if automation.pick_on_board {
            Progress::Driven
        } else {
            Progress::settle()
        }
    }
}

/// The unattended run's systems, for the windows to order theirs around.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnattendedSet;

/// Carries out an unattended run in the window of ruleset `R` (only when `Automation` asks for
/// one; it must be inserted before this plugin is built).
pub struct UnattendedPlugin<R: Shelled>(PhantomData<R>);

impl<R: Shelled> Default for UnattendedPlugin<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: Shelled> Plugin for UnattendedPlugin<R> {
    fn build(&self, app: &mut App) {
        app.init_resource::<Automation>();
        if !app.world().resource::<Automation>().is_active() {
            return;
        }
        // Bevy slows an unfocused window down to save power, and under a virtual display
        // (tests) the window is never focused.
        app.insert_resource(WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        })
        .init_resource::<Progress>()
        .add_systems(
            Update,
            (
                plan_run::<R>,
                play_all_seats::<R>,
                settle_time_and_capture,
                give_up_on_screenshot,
            )
                .chain()
                .in_set(UnattendedSet),
        );
    }
}

/// Once a game is at the screen: the bots' Rounds first, if asked for.
fn plan_run<R: Shelled>(
    automation: Res<Automation>,
    session: Option<NonSend<Session<R>>>,
    mut progress: ResMut<Progress>,
) {
    if *progress != Progress::Starting {
        return;
    }
    let Some(session) = session else { return };
    *progress = match (automation.autoplay_rounds, &automation.autoplay_until) {
        (Some(rounds), _) => {
            let until_round = session.game.flow().round + rounds;
            info!("autoplay: the bots play every seat until Round {until_round} begins");
            Progress::Autoplay { until_round }
        }
        (None, Some(kind)) => {
            info!("autoplay: the bots play every seat until {kind} is asked of a person's seat");
            Progress::Autoplay {
                until_round: u32::MAX,
            }
        }
        (None, None) => Progress::after_autoplay(&automation),
    };
}

fn play_all_seats<R: Shelled>(
    automation: Res<Automation>,
    mut progress: ResMut<Progress>,
    session: Option<NonSendMut<Session<R>>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Progress::Autoplay { until_round } = *progress else {
        return;
    };
    let Some(mut session) = session else { return };
    let started = Instant::now();
    while started.elapsed() < FRAME_BUDGET {
        if let Some(kind) = &automation.autoplay_until {
            if session.human_turn()
                && session
                    .game
                    .pending()
                    .is_some_and(|d| crate::client::automation::decision_is(d, kind))
            {
                info!(
                    "autoplay: {kind} is asked of {} in Round {}",
                    session.game.decider().unwrap_or("?"),
                    session.game.flow().round
                );
                *progress = Progress::after_autoplay(&automation);
                return;
            }
            if session.game.is_over() {
                error!("autoplay: the game ended before {kind} was asked of a person's seat");
                exit.write(AppExit::error());
                return;
            }
        }
        if session.game.is_over() || session.game.flow().round >= until_round {
            let flow = session.game.flow();
            info!(
                "autoplay: done at Round {} ({} actions{})",
                flow.round,
                session.game.history().len(),
                if flow.over { ", game over" } else { "" }
            );
            *progress = Progress::after_autoplay(&automation);
            return;
        }
        if !session.step_bot() {
            // A pending decision without an answer would keep the test waiting forever.
            error!(
                "autoplay: the bots found no legal answer (decider {:?})",
                session.game.decider()
            );
            exit.write(AppExit::error());
            return;
        }
    }
}

fn settle_time_and_capture(
    mut commands: Commands,
    automation: Res<Automation>,
    time: Res<Time>,
    mut progress: ResMut<Progress>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Progress::Measuring { samples, wanted } = &mut *progress {
        samples.push(time.delta_secs());
        if samples.len() < *wanted as usize {
            return;
        }
        if let Some(report) = FrameReport::of(samples) {
            println!("{report}");
            info!("{report}");
        }
        if automation.screenshot.is_none() {
            exit.write(AppExit::Success);
            *progress = Progress::Done;
            return;
        }
        // Straight on to the screenshot.
        *progress = Progress::Settling { frames_left: 0 };
    }
    let Progress::Settling { frames_left } = &mut *progress else {
        return;
    };
    if *frames_left > 0 {
        *frames_left -= 1;
        if *frames_left == 0
            && let Some(wanted) = automation.frames
        {
            *progress = Progress::Measuring {
                samples: Vec::with_capacity(wanted as usize),
                wanted,
            };
        }
        return;
    }
    let Some(path) = automation.screenshot.clone() else {
        exit.write(AppExit::Success);
        *progress = Progress::Done;
        return;
    };
    // A file left by an earlier run must not pass for this one's screenshot.
    if let Err(e) = std::fs::remove_file(&path)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        error!("screenshot: cannot replace {}: {e}", path.display());
        exit.write(AppExit::error());
        return;
    }
    info!("screenshot: capturing the window to {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_and_quit(path));
    *progress = Progress::Capturing {
        since: Instant::now(),
    };
}

/// Bevy's own `save_to_disk`, then quits: with code 0 if the file is there, else 1 (Bevy only
/// logs a failed save).
fn save_and_quit(path: PathBuf) -> impl FnMut(On<ScreenshotCaptured>, MessageWriter<AppExit>) {
    let mut save = save_to_disk(path.clone());
    move |captured, mut exit| {
        save(captured);
        if written(&path) {
            exit.write(AppExit::Success);
        } else {
            error!("screenshot: {} was not written", path.display());
            exit.write(AppExit::error());
        }
    }
}

fn written(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() > 0)
}

fn give_up_on_screenshot(progress: Res<Progress>, mut exit: MessageWriter<AppExit>) {
    if let Progress::Capturing { since } = *progress
        && since.elapsed() > CAPTURE_TIMEOUT
    {
        error!(
            "screenshot: the renderer sent nothing back in {} s",
            CAPTURE_TIMEOUT.as_secs()
        );
        exit.write(AppExit::error());
    }
}

/// The failure screen waits for a person to read it; an unattended run must notice instead
/// (each window runs this while it shows its failure screen, whose problems went to stderr).
pub fn quit_on_failure(automation: Res<Automation>, mut exit: MessageWriter<AppExit>) {
    if automation.is_active() {
        exit.write(AppExit::error());
    }
}
