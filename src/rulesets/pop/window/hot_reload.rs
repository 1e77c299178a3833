//! Hot reload for modders: while a game started from a scenario file runs, saving that file is
//! noticed. A broken file gets every `file:line:col: message` in a window and the game goes on
//! as it was; a valid one is offered: restart on the new content with the same seed and seats,
//! either from the start or replaying the actions played so far (as many as the new rules
//! still allow). The watching, the check and the window are the shell's
//! (`client::shell::hot_reload`); here the restart also updates the scenario asset the board's
//! names and colours are read from.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::client::shell::hot_reload::{
    Offer, Reply, ScenarioWatch, ScenarioWatchPlugin, Shown, reload_window, restart_notice,
};
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::content::schema::Scenario;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets, ScenarioOrigin};
use crate::rulesets::pop::window::session::ActiveGame;

pub struct HotReloadPlugin;

impl Plugin for HotReloadPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(ScenarioWatchPlugin::<PriceOfPower>::default())
            .add_systems(OnEnter(AppState::Playing), watch_scenario_file)
            .add_systems(
                EguiPrimaryContextPass,
                show_reload_window
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// The scenario file the game was started from is watched (by the shell's `ScenarioWatch`).
fn watch_scenario_file(mut commands: Commands, origin: Res<ScenarioOrigin>) {
    let ScenarioOrigin::File { dir, name, given } = &*origin else {
        return;
    };
    commands.insert_resource(ScenarioWatch::shown_as(
        dir.join(name),
        given.display().to_string(),
    ));
}

/// Whether two scenarios draw the same board (the board's meshes are made once, at start).
pub fn same_map(a: &Scenario, b: &Scenario) -> bool {
    serde_json::to_string(&a.map).ok() == serde_json::to_string(&b.map).ok()
}

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn show_reload_window(
    mut commands: Commands,
    mut contexts: EguiContexts,
    offer: Option<Res<Offer<PriceOfPower>>>,
    watch: Option<Res<ScenarioWatch>>,
    game: Option<NonSendMut<ActiveGame>>,
    handles: Option<Res<ScenarioAssets>>,
    mut assets: ResMut<Assets<ScenarioAsset>>,
    mut notices: ResMut<crate::rulesets::pop::window::session::Notices>,
) -> Result {
    let (Some(offer), Some(watch)) = (offer, watch) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let shown = match &*offer {
        Offer::Broken(errors) => Shown::Broken(errors),
        Offer::Ready {
            same_board: false, ..
        } => Shown::BoardChanged,
        Offer::Ready { .. } => Shown::Ready {
            actions: Some(game.as_ref().map_or(0, |g| g.game.history().len())),
        },
    };
    let reply = reload_window(ctx, watch.shown(), shown);
    let restart = match reply {
        Some(Reply::Restart { replay }) => Some(replay),
        _ => None,
    };
    let mut close = reply == Some(Reply::Close);
    if let (
        Some(replay),
        Offer::Ready {
            content: scenario, ..
        },
        Some(mut game),
    ) = (restart, &*offer, game)
    {
        match crate::engine::game::restarted_on(&game.game, scenario.clone(), replay) {
            Ok((fresh, replayed, stopped)) => {
                game.replace(fresh);
                // Names and colours read from the scenario asset follow the new content.
                if let Some(mut asset) = handles
                    .as_ref()
                    .and_then(|h| assets.get_mut(&h.scenario.clone()))
                {
                    asset.0 = scenario.clone();
                }
                let text = restart_notice(watch.shown(), replay, replayed, stopped.as_deref());
                info!("{text}");
                notices.push("Restarted", text);
            }
            Err(e) => notices.push("Not restarted", e),
        }
        close = true;
    }
    if close {
        commands.remove_resource::<Offer<PriceOfPower>>();
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
            crate::engine::game::restarted_on(&game, std::sync::Arc::new(edited), false).unwrap();
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
