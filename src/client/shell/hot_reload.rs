//! Hot reload in every shelled ruleset's window (19), as in Price of Power's: a game opened on a
//! scenario file watches it; a broken save lists every `file:line:col` error and play goes on,
//! a valid one offers a restart with the same seed and seats, from the start or replaying the
//! actions played (`engine::game::restarted_on`). A file on another board asks for the window
//! to be opened again.

use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::Shelled;
use crate::client::shell::session::{LoadedScenario, Session};
use crate::engine::watch::Watched;

/// How often the scenario file is looked at.
const POLL_SECONDS: f32 = 0.5;

pub struct ShellHotReloadPlugin<R: Shelled>(PhantomData<R>);

impl<R: Shelled> Default for ShellHotReloadPlugin<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: Shelled> Plugin for ShellHotReloadPlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, check_scenario_file::<R>)
            .add_systems(EguiPrimaryContextPass, offer_reload::<R>);
    }
}

/// The scenario file being watched (set when the window opens on one).
#[derive(Resource)]
pub struct ScenarioWatch {
    path: PathBuf,
    shown: String,
    watched: Watched,
    timer: Timer,
}

impl ScenarioWatch {
    pub fn new(path: PathBuf) -> Self {
        ScenarioWatch {
            shown: path.display().to_string(),
            watched: Watched::new(std::slice::from_ref(&path)),
            path,
            timer: Timer::from_seconds(POLL_SECONDS, TimerMode::Repeating),
        }
    }
}

/// What the last change offers.
#[derive(Resource)]
enum Offer<R: Shelled> {
    Broken(Vec<String>),
    Ready {
        content: Arc<R::Content>,
        same_board: bool,
    },
}

fn check_scenario_file<R: Shelled>(
    mut commands: Commands,
    time: Res<Time>,
    watch: Option<ResMut<ScenarioWatch>>,
    session: Option<NonSend<Session<R>>>,
) {
    let Some(mut watch) = watch else { return };
    if !watch.timer.tick(time.delta()).just_finished() || watch.watched.changed().is_empty() {
        return;
    }
    info!("{} changed: checking it again", watch.shown);
    let offer = match std::fs::read_to_string(&watch.path) {
        Err(e) => Offer::<R>::Broken(vec![format!("{}: cannot be read: {e}", watch.shown)]),
        Ok(text) => match R::parse_content(&text, &watch.shown) {
            Err(errors) => Offer::Broken(errors.iter().map(ToString::to_string).collect()),
            Ok(content) => Offer::Ready {
                same_board: session
                    .as_ref()
                    .is_none_or(|s| R::same_board(s.game.scenario(), &content)),
                content: Arc::new(content),
            },
        },
    };
    commands.insert_resource(offer);
}

fn offer_reload<R: Shelled>(
    mut commands: Commands,
    mut contexts: EguiContexts,
    offer: Option<Res<Offer<R>>>,
    watch: Option<Res<ScenarioWatch>>,
    session: Option<NonSendMut<Session<R>>>,
    loaded: Option<ResMut<LoadedScenario<R>>>,
) -> Result {
    let (Some(offer), Some(watch)) = (offer, watch) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let mut close = false;
    let mut restart: Option<bool> = None;
    let actions = session.as_ref().map_or(0, |s| s.game.history().len());
    match &*offer {
        Offer::Broken(errors) => {
            egui::Window::new("Scenario file has errors")
                .id(egui::Id::new("shell_hot_reload"))
                .collapsible(false)
                .show(&ctx, |ui| {
                    ui.set_max_width(560.0);
                    ui.label(format!(
                        "{} was saved, but it does not load. The game goes on as it was; fix the file and save it again.",
                        watch.shown
                    ));
                    egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
                        for e in errors {
                            ui.monospace(e);
                        }
                    });
                    close = ui.button("Close").clicked();
                });
        }
        Offer::Ready { same_board, .. } => {
            egui::Window::new("Scenario file changed")
                .id(egui::Id::new("shell_hot_reload"))
                .collapsible(false)
                .show(&ctx, |ui| {
                    ui.set_max_width(420.0);
                    if !same_board {
                        ui.label(format!(
                            "{} loads, but its board changed: the board is drawn when the window opens, so open it again to play on it.",
                            watch.shown
                        ));
                    } else if session.is_some() {
                        ui.label(format!(
                            "{} loads. Restart on the new content, with the same seed and seats?",
                            watch.shown
                        ));
                        if actions > 0
                            && ui
                                .button(format!("Restart and replay the {actions} actions played"))
                                .clicked()
                        {
                            restart = Some(true);
                        }
                        let fresh = if actions > 0 { "Restart from the beginning" } else { "Restart" };
                        if ui.button(fresh).clicked() {
                            restart = Some(false);
                        }
                    } else {
                        ui.label(format!(
                            "{} loads: the new game will be set up on it.",
                            watch.shown
                        ));
                    }
                    if ui.button("Keep playing as it was").clicked() {
                        close = true;
                    }
                });
            // Before a game starts, the new-game screen simply takes the new content.
            if let (Offer::Ready { content, .. }, None, Some(mut loaded), true) =
                (&*offer, session.as_ref(), loaded, *same_board)
            {
                loaded.scenario = content.clone();
            }
        }
    }
    if let (Some(replay), Offer::Ready { content, .. }, Some(mut session)) =
        (restart, &*offer, session)
    {
        match crate::engine::game::restarted_on(&session.game, content.clone(), replay) {
            Ok((game, replayed, stopped)) => {
                let humans = session.humans.clone();
                let file = session.scenario_file.clone();
                *session = Session::new(game, humans, file);
                session.notice = Some(match stopped {
                    None if replay => {
                        format!(
                            "Restarted on {}: all {replayed} actions replayed",
                            watch.shown
                        )
                    }
                    None => format!("Restarted on {} from the beginning", watch.shown),
                    Some(why) => format!(
                        "Restarted on {}: {replayed} actions replayed, then {why}",
                        watch.shown
                    ),
                });
            }
            Err(e) => session.notice = Some(e),
        }
        close = true;
    }
    if close {
        commands.remove_resource::<Offer<R>>();
    }
    Ok(())
}
