//! The bar across the top: scenario, Age and Round, the step of the sequence of play, the First
//! Player, whose turn it is, and the quicksave buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::describe::{name_of, roman};
use crate::client::layout::{FreeRect, PanelSlot, in_free_rect};
use crate::client::saves::SaveRequest;
use crate::client::session::ActiveGame;
use crate::sim::state::{FirstPlayer, key_of};

pub struct TopBarPlugin;

impl Plugin for TopBarPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, show_top_bar.in_set(PanelSlot::Top));
    }
}

fn show_top_bar(
    mut contexts: EguiContexts,
    mut free: ResMut<FreeRect>,
    game: Option<NonSend<ActiveGame>>,
    mut saves: MessageWriter<SaveRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game else { return Ok(()) };
    let g = &game.game;
    let flow = g.flow();
    let first = g
        .world()
        .get_resource::<FirstPlayer>()
        .map(|f| name_of(g, &key_of(g.world(), f.0)));
    in_free_rect(&ctx, &mut free, "top_bar", |ui| {
        egui::Panel::top("top_bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong(&g.scenario().name);
                ui.separator();
                ui.label(format!("Age {}", roman(flow.age)));
                ui.label(format!("Round {}", flow.round_in_age.max(1)));
                ui.separator();
                ui.label(flow.current().name);
                if let Some(first) = first {
                    ui.separator();
                    ui.label(format!("First Player: {first}"));
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button("Load")
                        .on_hover_text("Replay saves/quicksave.ron")
                        .clicked()
                    {
                        saves.write(SaveRequest::Load);
                    }
                    if ui
                        .button("Save")
                        .on_hover_text("Write saves/quicksave.ron")
                        .clicked()
                    {
                        saves.write(SaveRequest::Save);
                    }
                    ui.separator();
                    if g.is_over() {
                        ui.strong("Game over");
                    } else if game.humans_turn() {
                        ui.colored_label(
                            egui::Color32::from_rgb(120, 220, 120),
                            format!("{}, your turn", name_of(g, &game.human)),
                        );
                    } else if let Some(d) = g.pending() {
                        ui.label(format!("{} is deciding ...", name_of(g, &d.realm)));
                    }
                });
            });
        });
    });
    Ok(())
}
