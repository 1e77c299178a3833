//! Price of Power's log panel along the bottom: the shell's log (`client::shell::log_panel`:
//! one line per entry with its Age and Round, its text and its rule id, filtered by realm, by
//! group of rules as the help window lists them, and by words), with the replay speed of the
//! board's animation at its right. Clicking a line centres the board on what it concerns (its
//! subject, else its realm's capital); a right click opens the help on its rule.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::log_panel::{LogFilter, log_panel};
use crate::client::shell::panel_backdrop::backdrop_frame;
use crate::rulesets::pop::window::animation::{Playback, Speed};
use crate::rulesets::pop::window::camera::BoardView;
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot, in_free_rect};
use crate::rulesets::pop::window::places::BoardPlaces;
use crate::rulesets::pop::window::session::ActiveGame;

pub struct LogPanelPlugin;

impl Plugin for LogPanelPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LogFilter>()
            .add_systems(EguiPrimaryContextPass, show_log.in_set(PanelSlot::Bottom));
    }
}

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn show_log(
    mut contexts: EguiContexts,
    mut free: ResMut<FreeRect>,
    game: Option<NonSend<ActiveGame>>,
    mut filter: ResMut<LogFilter>,
    places: Option<Res<BoardPlaces>>,
    mut view: ResMut<BoardView>,
    mut playback: ResMut<Playback>,
    mut names: Local<Option<(usize, crate::engine::log::DisplayNames)>>,
    mut help: ResMut<crate::client::shell::help::HelpWindow>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game else { return Ok(()) };
    let g = &game.game;
    // The log keeps ids; its lines read with the scenario's names (built once per scenario).
    let names = crate::rulesets::pop::window::describe::scenario_names(&mut names, g);
    let mut picked = None;
    in_free_rect(&ctx, &mut free, "log_panel", |ui| {
        egui::Panel::bottom("log_panel")
            .frame(backdrop_frame(ui.style()))
            .resizable(true)
            .default_size(170.0)
            .min_size(60.0)
            .show(ui, |ui| {
                let clicks = log_panel(
                    ui,
                    &game,
                    names,
                    &mut filter,
                    "Words of a line or a rule id, e.g. pop.7.4",
                    &[],
                    |ui| {
                        if ui
                            .add_enabled(!playback.idle(), egui::Button::new("Skip"))
                            .on_hover_text("Show the rest at once (Space)")
                            .clicked()
                        {
                            playback.skip();
                        }
                        for speed in Speed::ALL.iter().rev() {
                            ui.selectable_value(&mut playback.speed, *speed, speed.label());
                        }
                        ui.label("Replay speed");
                    },
                );
                if let Some(rule) = clicks.look_up {
                    help.look_up(rule);
                }
                picked = clicks.picked.cloned();
            });
    });
    if let (Some(entry), Some(places)) = (picked, places) {
        let world = g.world();
        let at = places.of_entry(world, &entry);
        if let Some(at) = at {
            view.centre_on = Some(at);
            playback.point_at(at);
        }
    }
    Ok(())
}
