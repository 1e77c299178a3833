//! Price of Power's own part of an unattended run (the rest, `--autoplay`, `--frames` and
//! `--screenshot`, is the shell's `client::shell::unattended`): `--pick-on-board` lets the bots
//! play every seat until the person's realm may march, then picks a march the way a person
//! does: a click on the army's province, a click on an outlined destination, through the
//! window's own pointer input. It exits non-zero unless the march is applied.

use std::time::Instant;

use bevy::prelude::*;

use crate::client::automation::Automation;
use crate::client::shell::unattended::{
    FRAME_BUDGET, Progress, UnattendedPlugin, UnattendedSet, quit_on_failure,
};
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::session::{ActiveGame, SessionSet};

pub struct AutomationPlugin;

impl Plugin for AutomationPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(UnattendedPlugin::<PriceOfPower>::default())
            .configure_sets(Update, UnattendedSet.after(SessionSet::Advance))
            .add_systems(Update, quit_on_failure.run_if(in_state(AppState::Failed)));
        if !app.world().resource::<Automation>().pick_on_board {
            return;
        }
        app.init_resource::<Pick>().add_systems(
            Update,
            (seek_a_march, click_the_board)
                .chain()
                .after(UnattendedSet)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

/// Where picking on the board is, while the shell's run is `Progress::Driven`.
#[derive(Resource, Default, Debug)]
enum Pick {
    /// The bots play every seat until the person's realm may march somewhere on screen.
    #[default]
    Seeking,
    /// Clicking the march's two places, one step a few frames apart.
    Clicking(Clicks),
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
    progress: Res<Progress>,
    mut pick: ResMut<Pick>,
    game: Option<NonSendMut<ActiveGame>>,
    free: Res<crate::rulesets::pop::window::layout::FreeRect>,
    map: Res<crate::rulesets::pop::window::camera::ScreenMap>,
    places: Option<Res<crate::rulesets::pop::window::places::BoardPlaces>>,
    mut exit: MessageWriter<AppExit>,
) {
    use crate::rulesets::pop::Action;
    if *progress != Progress::Driven || !matches!(*pick, Pick::Seeking) {
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
                *pick = Pick::Clicking(Clicks {
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
    mut pick: ResMut<Pick>,
    game: Option<NonSend<ActiveGame>>,
    mut window: Single<(Entity, &mut Window), With<bevy::window::PrimaryWindow>>,
    mut moved: MessageWriter<bevy::window::CursorMoved>,
    mut buttons: MessageWriter<bevy::input::mouse::MouseButtonInput>,
    mut exit: MessageWriter<AppExit>,
) {
    use bevy::input::ButtonState;
    let Pick::Clicking(clicks) = &mut *pick else {
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
                *progress = Progress::settle();
                *pick = Pick::Seeking;
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
