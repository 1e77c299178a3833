//! Unattended runs for tests and screenshots: `--autoplay N` lets the bots play every seat, the
//! human's too, for N complete Rounds as fast as the window allows; `--screenshot FILE` then
//! saves a PNG of the window (a few frames after the board is drawn) and quits with code 0;
//! `--frames N` times N frames of the drawn board first and prints the frame-time report;
//! `--pick-on-board` (Price of Power's window) lets the bots play every seat until the person's
//! realm may march, then picks a march the way a person does: a click on the army's province,
//! a click on an outlined destination, through the window's own pointer input.
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

use crate::client::automation::{Automation, FrameReport};
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::session::{ActiveGame, BotPace, SessionSet};

/// Frame time the bots may spend before letting the window redraw, so the board visibly moves
/// while they play.
const FRAME_BUDGET: Duration = Duration::from_millis(50);
/// Frames drawn after the last change before the screenshot: the board, its labels and the
/// egui panels each need a frame or two to catch up with the game.
const SETTLE_FRAMES: u32 = 10;
/// How long to wait for the screenshot to come back from the renderer before giving up.
const CAPTURE_TIMEOUT: Duration = Duration::from_secs(60);

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
                seek_a_march.after(play_all_seats),
                click_the_board.after(seek_a_march),
                take_screenshot.after(click_the_board),
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
    /// The bots play every seat until the person's realm may march somewhere on screen.
    SeekingMarch,
    /// Clicking the march's two places, one step a few frames apart.
    Clicking(Clicks),
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
        None if automation.pick_on_board => {
            pace.paused = true;
            Progress::SeekingMarch
        }
        None => Progress::Settling {
            frames_left: SETTLE_FRAMES,
        },
    };
}

fn play_all_seats(
    automation: Res<Automation>,
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
            *progress = if automation.pick_on_board {
                Progress::SeekingMarch
            } else {
                Progress::Settling {
                    frames_left: SETTLE_FRAMES,
                }
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

/// A march picked on the board: the action, where to click for its army and for its
/// destination (window coordinates, logical pixels), the step reached and the frames to wait.
#[derive(Debug)]
struct Clicks {
    march: crate::rulesets::pop::Action,
    army: Vec2,
    destination: Vec2,
    step: u8,
    wait: u32,
}

/// Frames between two steps of a click, so the board and the panels catch up with each.
const CLICK_FRAMES: u32 = 4;
/// Frames to wait for the march to be applied after the second click.
const PICK_TIMEOUT_FRAMES: u32 = 120;

/// Lets the bots play every seat until the person's realm has a march (or a voyage from a port)
/// whose army and destination both show on the board, needs no confirmation, and is the only
/// one between those two places; then starts clicking.
fn seek_a_march(
    mut progress: ResMut<Progress>,
    game: Option<NonSendMut<ActiveGame>>,
    free: Res<crate::rulesets::pop::window::layout::FreeRect>,
    map: Res<crate::rulesets::pop::window::camera::ScreenMap>,
    places: Option<Res<crate::rulesets::pop::window::places::BoardPlaces>>,
    mut exit: MessageWriter<AppExit>,
) {
    use crate::rulesets::pop::Action;
    if !matches!(*progress, Progress::SeekingMarch) {
        return;
    }
    let (Some(mut game), Some(places)) = (game, places) else {
        return;
    };
    if !free.ready {
        return;
    }
    let started = Instant::now();
    while started.elapsed() < FRAME_BUDGET {
        if game.game.is_over() {
            error!("pick-on-board: the game ended before the person's realm could march");
            exit.write(AppExit::error());
            return;
        }
        if game.human_turn() {
            // A place's spot on screen: a province of the area (or the sea zone itself) whose
            // label point is well inside the board and is found there again by the pointer.
            let spot = |place: &str| -> Option<Vec2> {
                let inside = |at: Vec2| {
                    free.rect
                        .shrink(24.0)
                        .contains(bevy_egui::egui::pos2(at.x, at.y))
                };
                game.game
                    .scenario()
                    .map
                    .provinces
                    .iter()
                    .filter(|p| p.area == place)
                    .map(|p| (p.id.as_str(), map.to_screen(Vec2::new(p.site.0, p.site.1))))
                    .find(|(id, at)| {
                        inside(*at) && places.province_at(map.to_board(*at)) == Some(*id)
                    })
                    .map(|(_, at)| at)
                    .or_else(|| {
                        let sea = game
                            .game
                            .scenario()
                            .map
                            .sea_zones
                            .iter()
                            .find(|z| z.id == place)?;
                        let at = map.to_screen(Vec2::new(sea.site.0, sea.site.1));
                        (inside(at)
                            && places.province_at(map.to_board(at)).is_none()
                            && places.sea_at(map.to_board(at)) == Some(place))
                        .then_some(at)
                    })
            };
            let legal = game.game.legal_actions();
            let found = legal.iter().find_map(|a| {
                let (Action::Move { from, to } | Action::Sail { from, to }) = a else {
                    return None;
                };
                // Only a march the clicks would pick themselves, with no confirmation asked.
                let on_land = game
                    .game
                    .scenario()
                    .map
                    .provinces
                    .iter()
                    .any(|p| p.area == *to);
                let picked =
                    crate::rulesets::pop::window::select::march_between(&legal, from, to, on_land);
                if picked.as_ref() != Some(a) || game.game.warning(a).is_some() {
                    return None;
                }
                // The army is picked by clicking a province of its area.
                let army = game
                    .game
                    .scenario()
                    .map
                    .provinces
                    .iter()
                    .any(|p| p.area == *from)
                    .then(|| spot(from))??;
                Some((a.clone(), army, spot(to)?))
            });
            if let Some((march, army, destination)) = found {
                info!("pick-on-board: clicking the board for {march:?}");
                *progress = Progress::Clicking(Clicks {
                    march,
                    army,
                    destination,
                    step: 0,
                    wait: CLICK_FRAMES,
                });
                return;
            }
        }
        if !game.step_bot() {
            error!(
                "pick-on-board: the bots found no legal answer to {:?}",
                game.game.pending()
            );
            exit.write(AppExit::error());
            return;
        }
    }
}

/// Clicks like a person: the pointer moves to the army's province, presses and releases, then
/// to the destination, presses and releases; the window's own input systems do the rest. Once
/// the march is applied, the run goes on to its screenshot.
fn click_the_board(
    mut progress: ResMut<Progress>,
    game: Option<NonSend<ActiveGame>>,
    mut window: Single<(Entity, &mut Window), With<bevy::window::PrimaryWindow>>,
    mut moved: MessageWriter<bevy::window::CursorMoved>,
    mut buttons: MessageWriter<bevy::input::mouse::MouseButtonInput>,
    mut exit: MessageWriter<AppExit>,
) {
    use bevy::input::ButtonState;
    let Progress::Clicking(clicks) = &mut *progress else {
        return;
    };
    let Some(game) = game else { return };
    if clicks.wait > 0 {
        clicks.wait -= 1;
        return;
    }
    let (entity, window) = &mut *window;
    let entity = *entity;
    let mut point = |at: Vec2| {
        window.set_cursor_position(Some(at));
        moved.write(bevy::window::CursorMoved {
            window: entity,
            position: at,
            delta: None,
        });
    };
    let mut press = |state: ButtonState| {
        buttons.write(bevy::input::mouse::MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: entity,
        });
    };
    match clicks.step {
        0 => point(clicks.army),
        1 | 4 => press(ButtonState::Pressed),
        2 | 5 => press(ButtonState::Released),
        3 => point(clicks.destination),
        _ => {
            if game.game.history().last() == Some(&clicks.march) {
                let line = format!(
                    "pick-on-board: picked on the board and applied: {}",
                    crate::rulesets::pop::window::describe::action_label(&game.game, &clicks.march)
                );
                println!("{line}");
                info!("{line}");
                *progress = Progress::Settling {
                    frames_left: SETTLE_FRAMES,
                };
                return;
            }
            if u32::from(clicks.step) > 6 + PICK_TIMEOUT_FRAMES {
                error!(
                    "pick-on-board: two clicks on the board did not apply {:?}",
                    clicks.march
                );
                exit.write(AppExit::error());
            }
            clicks.step = clicks.step.saturating_add(1);
            return;
        }
    }
    clicks.step += 1;
    clicks.wait = CLICK_FRAMES;
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
