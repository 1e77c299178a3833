//! Hot reload for modders: while a game started from a scenario file runs, saving that file is
//! noticed. A broken file gets every `file:line:col: message` in a window and the game goes on
//! as it was; a valid one is offered: restart on the new content with the same seed and seats,
//! either from the start or replaying the actions played so far (as many as the new rules
//! still allow).

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::client::shell::hot_reload::{Reply, Shown, reload_window, restart_notice};
use crate::engine::watch::Watched;
use crate::rulesets::pop::content::parse_scenario;
use crate::rulesets::pop::content::schema::Scenario;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets, ScenarioOrigin};
use crate::rulesets::pop::window::session::{ActiveGame, ScenarioInPlay};

/// How often the scenario file is looked at.
const POLL_SECONDS: f32 = 0.5;

pub struct HotReloadPlugin;

impl Plugin for HotReloadPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Reload>()
            .add_systems(OnEnter(AppState::Playing), watch_scenario_file)
            .add_systems(
                Update,
                check_changed_scenario.run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                show_reload_window
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// The scenario file the game was started from, being watched.
#[derive(Resource)]
struct ScenarioWatch {
    path: PathBuf,
    /// The path as the person gave it, for messages (and the errors' file name).
    shown: String,
    watched: Watched,
    timer: Timer,
}

/// What the last change of the scenario file offers.
#[derive(Resource, Default)]
pub struct Reload(pub Option<Offer>);

pub enum Offer {
    /// The file does not load: its errors, as `file:line:col: message`.
    Broken(Vec<String>),
    /// The file loads: restart on it (unless its map changed, which the board drew at start).
    Ready {
        scenario: Arc<Scenario>,
        map_changed: bool,
    },
}

fn watch_scenario_file(mut commands: Commands, origin: Res<ScenarioOrigin>) {
    let ScenarioOrigin::File { dir, name, given } = &*origin else {
        return;
    };
    let path = dir.join(name);
    commands.insert_resource(ScenarioWatch {
        watched: Watched::new(std::slice::from_ref(&path)),
        path,
        shown: given.display().to_string(),
        timer: Timer::from_seconds(POLL_SECONDS, TimerMode::Repeating),
    });
}

fn check_changed_scenario(
    time: Res<Time>,
    watch: Option<ResMut<ScenarioWatch>>,
    mut reload: ResMut<Reload>,
    in_play: Option<Res<ScenarioInPlay>>,
) {
    let Some(mut watch) = watch else { return };
    if !watch.timer.tick(time.delta()).just_finished() || watch.watched.changed().is_empty() {
        return;
    }
    let text = match std::fs::read_to_string(&watch.path) {
        Ok(text) => text,
        Err(e) => {
            reload.0 = Some(Offer::Broken(vec![format!(
                "{}: cannot be read: {e}",
                watch.shown
            )]));
            return;
        }
    };
    info!("{} changed: checking it again", watch.shown);
    reload.0 = Some(match parse_scenario(&text, &watch.shown) {
        Err(errors) => Offer::Broken(errors.iter().map(ToString::to_string).collect()),
        Ok(scenario) => Offer::Ready {
            map_changed: in_play.is_some_and(|p| !same_map(&p.scenario, &scenario)),
            scenario: Arc::new(scenario),
        },
    });
}

/// Whether two scenarios draw the same board (the board's meshes are made once, at start).
pub fn same_map(a: &Scenario, b: &Scenario) -> bool {
    serde_json::to_string(&a.map).ok() == serde_json::to_string(&b.map).ok()
}

#[allow(clippy::too_many_arguments)]
fn show_reload_window(
    mut contexts: EguiContexts,
    mut reload: ResMut<Reload>,
    watch: Option<Res<ScenarioWatch>>,
    game: Option<NonSendMut<ActiveGame>>,
    mut in_play: Option<ResMut<ScenarioInPlay>>,
    handles: Option<Res<ScenarioAssets>>,
    mut assets: ResMut<Assets<ScenarioAsset>>,
    mut notices: ResMut<crate::rulesets::pop::window::session::Notices>,
) -> Result {
    let (Some(offer), Some(watch)) = (reload.0.as_ref(), watch) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let shown = match offer {
        Offer::Broken(errors) => Shown::Broken(errors),
        Offer::Ready {
            map_changed: true, ..
        } => Shown::BoardChanged,
        Offer::Ready { .. } => Shown::Ready {
            actions: Some(game.as_ref().map_or(0, |g| g.game.history().len())),
        },
    };
    let reply = reload_window(ctx, &watch.shown, shown);
    let restart = match reply {
        Some(Reply::Restart { replay }) => Some(replay),
        _ => None,
    };
    let mut close = reply == Some(Reply::Close);
    if let (Some(replay), Some(Offer::Ready { scenario, .. }), Some(mut game)) =
        (restart, reload.0.as_ref(), game)
    {
        match crate::engine::game::restarted_on(&game.game, scenario.clone(), replay) {
            Ok((fresh, replayed, stopped)) => {
                game.replace(fresh);
                if let Some(p) = in_play.as_mut() {
                    p.scenario = scenario.clone();
                }
                // Names and colours read from the scenario asset follow the new content.
                if let Some(mut asset) = handles
                    .as_ref()
                    .and_then(|h| assets.get_mut(&h.scenario.clone()))
                {
                    asset.0 = scenario.clone();
                }
                let text = restart_notice(&watch.shown, replay, replayed, stopped.as_deref());
                info!("{text}");
                notices.push("Restarted", text);
            }
            Err(e) => notices.push("Not restarted", e),
        }
        close = true;
    }
    if close {
        reload.0 = None;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::GameSetup;
    use crate::rulesets::pop::Game;
    use crate::rulesets::pop::bot::Bot;
    use crate::rulesets::pop::content::default_scenario;

    fn played(actions: usize) -> Game {
        let mut game = Game::new(default_scenario(), GameSetup::default(), 11).unwrap();
        let mut bot = Bot::new(11);
        for _ in 0..actions {
            let a = bot.choose(&game).unwrap();
            game.apply(a).unwrap();
        }
        game
    }

    #[test]
    fn a_restart_on_the_same_content_replays_to_the_same_state() {
        let game = played(40);
        let (again, replayed, stopped) =
            crate::engine::game::restarted_on(&game, default_scenario(), true).unwrap();
        assert_eq!((replayed, stopped), (40, None));
        assert_eq!(again.state_hash(), game.state_hash());
        let (fresh, replayed, _) =
            crate::engine::game::restarted_on(&game, default_scenario(), false).unwrap();
        assert_eq!(replayed, 0);
        assert_eq!(fresh.seed(), game.seed());
        assert_eq!(fresh.setup(), game.setup());
    }

    #[test]
    fn a_restart_on_edited_content_uses_it_and_keeps_the_seats() {
        let game = played(10);
        let mut edited = (*default_scenario()).clone();
        let france = edited.realms.iter_mut().find(|r| r.id == "FRA").unwrap();
        france.prestige = 30;
        assert!(same_map(&edited, &default_scenario()));
        let (fresh, _, _) =
            crate::engine::game::restarted_on(&game, Arc::new(edited), false).unwrap();
        let world = fresh.world();
        let fra = world
            .resource::<crate::rulesets::pop::state::Index>()
            .get("FRA")
            .unwrap();
        let prestige = world
            .get::<crate::rulesets::pop::model::Mat>(fra)
            .map(|m| m.prestige);
        assert_eq!(prestige, Some(30), "the new starting prestige is in play");
        assert_eq!(fresh.setup().players, game.setup().players);
    }
}
