//! Unattended runs for tests and screenshots: `--autoplay N` lets the bots play every seat, the
//! human's too, for N complete Rounds as fast as the window allows; `--screenshot FILE` then
//! saves a PNG of the window (a few frames after the board is drawn) and quits with code 0;
//! `--frames N` times N frames of the drawn board first and prints the frame-time report.
//!
//! In this mode nobody is at the screen, so a scenario that cannot be played quits with a
//! non-zero code instead of waiting on the failure screen, and so does a game the bots cannot
//! move on or a screenshot that never arrives. The bots' moves go through `Game::apply` like
//! every other change the client makes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::winit::{UpdateMode, WinitSettings};

use crate::client::AppState;
use crate::client::session::{ActiveGame, BotPace, SessionSet};

/// Frame time the bots may spend before letting the window redraw, so the board visibly moves
/// while they play.
const FRAME_BUDGET: Duration = Duration::from_millis(50);
/// Frames drawn after the last change before the screenshot: the board, its labels and the
/// egui panels each need a frame or two to catch up with the game.
const SETTLE_FRAMES: u32 = 10;
/// How long to wait for the screenshot to come back from the renderer before giving up.
const CAPTURE_TIMEOUT: Duration = Duration::from_secs(60);

/// What the command line asked for. Inserted by `client::run` before the plugins are built;
/// the default (nothing asked) leaves the game to the person at the screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct Automation {
    /// Bots play every seat for this many complete Rounds.
    pub autoplay_rounds: Option<u32>,
    /// Where the PNG of the window goes; the program quits once it is written.
    pub screenshot: Option<PathBuf>,
    /// Time this many frames of the drawn board and print the report.
    pub frames: Option<u32>,
}

impl Automation {
    /// Nobody is at the screen: the program ends by itself.
    pub fn is_active(&self) -> bool {
        self.autoplay_rounds.is_some() || self.screenshot.is_some() || self.frames.is_some()
    }
}

pub struct AutomationPlugin;

impl Plugin for AutomationPlugin {
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
            OnEnter(AppState::Playing),
            plan_run.after(SessionSet::Start),
        )
        .add_systems(
            Update,
            (
                play_all_seats.after(SessionSet::Advance),
                take_screenshot.after(play_all_seats),
                give_up_on_screenshot,
            )
                .run_if(in_state(AppState::Playing)),
        )
        .add_systems(Update, quit_on_failure.run_if(in_state(AppState::Failed)));
    }
}

/// Where the unattended run is.
#[derive(Resource, Default, Debug)]
enum Progress {
    /// Not playing yet.
    #[default]
    Starting,
    /// The bots play until this Round begins (or the game ends).
    Autoplay { until_round: u32 },
    /// Drawing a few frames of the final position.
    Settling { frames_left: u32 },
    /// Timing frames of the final position (seconds per frame).
    Measuring { samples: Vec<f32>, wanted: u32 },
    /// The screenshot is asked for; the observer quits once it is written.
    Capturing { since: Instant },
}

fn plan_run(
    automation: Res<Automation>,
    game: Option<NonSend<ActiveGame>>,
    mut progress: ResMut<Progress>,
    mut pace: ResMut<BotPace>,
) {
    // No game means setting it up failed, and the state moves on to `Failed`.
    let Some(game) = game else { return };
    *progress = match automation.autoplay_rounds {
        Some(rounds) => {
            // This plugin plays the bots' seats too; the session's paced bots would only
            // interleave their own moves with it.
            pace.paused = true;
            let until_round = game.game.flow().round + rounds;
            info!("autoplay: the bots play every seat until Round {until_round} begins");
            Progress::Autoplay { until_round }
        }
        None => Progress::Settling {
            frames_left: SETTLE_FRAMES,
        },
    };
}

fn play_all_seats(
    mut progress: ResMut<Progress>,
    game: Option<NonSendMut<ActiveGame>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Progress::Autoplay { until_round } = *progress else {
        return;
    };
    let Some(mut game) = game else { return };
    let started = Instant::now();
    while started.elapsed() < FRAME_BUDGET {
        if game.game.is_over() || game.game.flow().round >= until_round {
            let flow = game.game.flow();
            info!(
                "autoplay: done at Round {} ({} actions{})",
                flow.round,
                game.game.history().len(),
                if flow.over { ", game over" } else { "" }
            );
            *progress = Progress::Settling {
                frames_left: SETTLE_FRAMES,
            };
            return;
        }
        if !game.step_bot() {
            // A pending decision without an answer would keep the test waiting forever.
            error!(
                "autoplay: the bots found no legal answer to {:?}",
                game.game.pending()
            );
            exit.write(AppExit::error());
            return;
        }
    }
}

/// Frame times, in milliseconds: mean, median, 95th percentile, worst.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameReport {
    pub frames: usize,
    pub mean_ms: f32,
    pub median_ms: f32,
    pub p95_ms: f32,
    pub worst_ms: f32,
}

impl FrameReport {
    pub fn of(seconds: &[f32]) -> Option<FrameReport> {
        if seconds.is_empty() {
            return None;
        }
        let mut ms: Vec<f32> = seconds.iter().map(|s| s * 1000.0).collect();
        ms.sort_by(f32::total_cmp);
        let at = |q: f32| ms[((ms.len() - 1) as f32 * q).round() as usize];
        Some(FrameReport {
            frames: ms.len(),
            mean_ms: ms.iter().sum::<f32>() / ms.len() as f32,
            median_ms: at(0.5),
            p95_ms: at(0.95),
            worst_ms: ms[ms.len() - 1],
        })
    }
}

impl FrameReport {
    /// The report as one line, saying what was drawn (`tools/frame_ratio.sh` reads the median
    /// from it).
    pub fn line(&self, subject: &str) -> String {
        format!(
            "frames: {} frames of {subject}: mean {:.1} ms ({:.0} fps), median {:.1} ms, \
             95th percentile {:.1} ms, worst {:.1} ms",
            self.frames,
            self.mean_ms,
            1000.0 / self.mean_ms.max(f32::EPSILON),
            self.median_ms,
            self.p95_ms,
            self.worst_ms
        )
    }
}

impl std::fmt::Display for FrameReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.line("the full board"))
    }
}

fn take_screenshot(
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
            *progress = Progress::Starting;
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

/// The failure screen waits for a person to read it; a test must notice instead. The failure
/// plugin has already printed every problem to stderr on entering `Failed`.
fn quit_on_failure(mut exit: MessageWriter<AppExit>) {
    exit.write(AppExit::error());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_report_gives_mean_median_and_tail() {
        let report = FrameReport::of(&[0.010, 0.020, 0.030, 0.040]).unwrap();
        assert_eq!(report.frames, 4);
        assert!((report.mean_ms - 25.0).abs() < 1e-3);
        assert!((report.worst_ms - 40.0).abs() < 1e-3);
        assert!(report.to_string().contains("40 fps"));
        assert!(FrameReport::of(&[]).is_none());
    }
}
