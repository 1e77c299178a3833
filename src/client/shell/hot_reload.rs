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
use crate::client::shell::session::{LoadedScenario, Screen, Session};
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
        app.add_plugins(ScenarioWatchPlugin::<R>::default())
            .add_systems(EguiPrimaryContextPass, offer_reload::<R>);
    }
}

/// Only the watching: `check_scenario_file` offers what a saved scenario file holds as an
/// `Offer<R>`, and the window answers it its own way (Price of Power's, whose scenario is a
/// Bevy asset).
pub struct ScenarioWatchPlugin<R: Shelled>(PhantomData<R>);

impl<R: Shelled> Default for ScenarioWatchPlugin<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: Shelled> Plugin for ScenarioWatchPlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, check_scenario_file::<R>);
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
        let shown = path.display().to_string();
        Self::shown_as(path, shown)
    }

    /// Watches `path`, named `shown` in messages and errors (the path as the person gave it).
    pub fn shown_as(path: PathBuf, shown: String) -> Self {
        ScenarioWatch {
            shown,
            watched: Watched::new(std::slice::from_ref(&path)),
            path,
            timer: Timer::from_seconds(POLL_SECONDS, TimerMode::Repeating),
        }
    }
}

impl ScenarioWatch {
    /// The file as messages name it.
    pub fn shown(&self) -> &str {
        &self.shown
    }
}

/// What the last change of the scenario file offers, until the person answers.
#[derive(Resource)]
pub enum Offer<R: Shelled> {
    /// The file does not load: its errors, as `file:line:col: message`.
    Broken(Vec<String>),
    /// The file loads; `same_board`: the board drawn at the start still fits it.
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

/// What the person answered in the hot-reload window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    Close,
    Restart { replay: bool },
}

/// What the hot-reload window shows.
pub enum Shown<'a> {
    /// The saved file does not load: its errors.
    Broken(&'a [String]),
    /// It loads, but the board drawn at start would not match it.
    BoardChanged,
    /// It loads: a restart is offered (`actions` played so far; `None` before a game starts).
    Ready { actions: Option<usize> },
}

/// The hot-reload window of every window (Price of Power's and the shell's): a broken file's
/// errors, or the offer to restart on the new content. `Some` once the person answered.
pub fn reload_window(ctx: &egui::Context, file: &str, shown: Shown) -> Option<Reply> {
    let mut reply = None;
    let title = match shown {
        Shown::Broken(_) => "Scenario file has errors",
        _ => "Scenario file changed",
    };
    egui::Window::new(title)
        .id(egui::Id::new("hot_reload"))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| match shown {
            Shown::Broken(errors) => {
                ui.set_max_width(560.0);
                ui.label(format!(
                    "{file} was saved, but it does not load. The game goes on as it was; fix the file and save it again."
                ));
                egui::ScrollArea::vertical().max_height(220.0).show(ui, |ui| {
                    for e in errors {
                        ui.monospace(e);
                    }
                });
                if ui.button("Close").clicked() {
                    reply = Some(Reply::Close);
                }
            }
            Shown::BoardChanged | Shown::Ready { .. } => {
                ui.set_max_width(420.0);
                match shown {
                    Shown::BoardChanged => {
                        ui.label(format!(
                            "{file} loads, but its board changed: the board is drawn when the game opens, so open it again to play on the new board."
                        ));
                    }
                    Shown::Ready { actions: None } => {
                        ui.label(format!("{file} loads: the new game will be set up on it."));
                    }
                    _ => {}
                }
                if let Shown::Ready {
                    actions: Some(actions),
                } = shown
                {
                    ui.label(format!(
                        "{file} loads. Restart on the new content, with the same seed and seats?"
                    ));
                    if actions > 0
                        && ui
                            .button(format!("Restart and replay the {actions} actions played"))
                            .on_hover_text(
                                "The actions are applied again in order, until the new rules refuse one.",
                            )
                            .clicked()
                    {
                        reply = Some(Reply::Restart { replay: true });
                    }
                    let fresh = if actions > 0 {
                        "Restart from the beginning"
                    } else {
                        "Restart"
                    };
                    if ui.button(fresh).clicked() {
                        reply = Some(Reply::Restart { replay: false });
                    }
                }
                if ui.button("Keep playing as it was").clicked() {
                    reply = Some(Reply::Close);
                }
            }
        });
    reply
}

/// What a restart did, for the person (`engine::game::restarted_on`'s answer).
pub fn restart_notice(file: &str, replay: bool, replayed: usize, stopped: Option<&str>) -> String {
    match stopped {
        None if replay => format!("Restarted on {file}: all {replayed} actions replayed."),
        None => format!("Restarted on {file} from the beginning."),
        Some(why) => format!(
            "Restarted on {file}: {replayed} actions replayed; the replay stopped there, {why}."
        ),
    }
}

fn offer_reload<R: Shelled>(
    mut commands: Commands,
    mut contexts: EguiContexts,
    offer: Option<Res<Offer<R>>>,
    watch: Option<Res<ScenarioWatch>>,
    session: Option<NonSendMut<Session<R>>>,
    loaded: Option<ResMut<LoadedScenario<R>>>,
    mut screen: Option<ResMut<Screen>>,
) -> Result {
    let (Some(offer), Some(watch)) = (offer, watch) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let shown = match &*offer {
        Offer::Broken(errors) => Shown::Broken(errors),
        Offer::Ready {
            same_board: false, ..
        } => Shown::BoardChanged,
        Offer::Ready { content, .. } => {
            // Before a game starts, the new-game screen simply takes the new content: its
            // seats and options too.
            if session.is_none()
                && let Some(mut loaded) = loaded
                && !Arc::ptr_eq(&loaded.scenario, content)
            {
                loaded.scenario = content.clone();
                if let Some(Screen::NewGame(form)) = screen.as_deref_mut() {
                    let file = form
                        .scenario_file
                        .clone()
                        .unwrap_or_else(|| watch.path.clone());
                    **form = form.on::<R>(content, file);
                }
            }
            Shown::Ready {
                actions: session.as_ref().map(|s| s.game.history().len()),
            }
        }
    };
    let reply = reload_window(&ctx, &watch.shown, shown);
    let restart = match reply {
        Some(Reply::Restart { replay }) => Some(replay),
        _ => None,
    };
    let mut close = reply == Some(Reply::Close);
    if let (Some(replay), Offer::Ready { content, .. }, Some(mut session)) =
        (restart, &*offer, session)
    {
        match crate::engine::game::restarted_on(&session.game, content.clone(), replay) {
            Ok((game, replayed, stopped)) => {
                // The same people keep their seats; the bots start again with the game.
                session.replace(game);
                session.notice = Some(restart_notice(
                    &watch.shown,
                    replay,
                    replayed,
                    stopped.as_deref(),
                ));
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
