//! The bar across the top: scenario, Age and Round, a tracker of the five phases with the
//! current one lit and the step's name, the First Player, each Player Realm's prestige (the
//! score), whose turn it is, and the Undo, Save, Load and Help buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::help::HelpWindow;
use crate::client::shell::panel_backdrop::backdrop_frame;
use crate::rulesets::pop::model::{Mat, Realm};
use crate::rulesets::pop::state::{FirstPlayer, Seats, key_of};
use crate::rulesets::pop::window::describe::{name_of, roman};
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot, in_free_rect};
use crate::rulesets::pop::window::palette;
use crate::rulesets::pop::window::saves::{SaveList, SaveRequest};
use crate::rulesets::pop::window::session::{ActiveGame, Undo};

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
    mut save_list: ResMut<SaveList>,
    mut undo: MessageWriter<Undo>,
    mut help: ResMut<HelpWindow>,
    mut stats: ResMut<crate::rulesets::pop::window::stats_panel::StatsWindow>,
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
        egui::Panel::top("top_bar")
            .frame(backdrop_frame(ui.style()))
            .show(ui, |ui| {
            // Two rows, so that long step names and two-digit scores never run into the
            // buttons: time and buttons above, scores and whose turn it is below.
            ui.horizontal(|ui| {
                ui.strong(&g.scenario().name);
                ui.separator();
                ui.label(format!("Age {}", roman(flow.age)));
                ui.label(format!("Round {}", flow.round_in_age.max(1)));
                ui.separator();
                phase_tracker(ui, flow.current().phase);
                ui.label(flow.current().name);
                if let Some(first) = first {
                    ui.separator();
                    ui.label(format!("First: {first}"));
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("?").on_hover_text("Help and rules (F1)").clicked() {
                        help.open = !help.open;
                    }
                    if ui
                        .button("Stats")
                        .on_hover_text("Each realm's figures Round by Round (F2)")
                        .clicked()
                    {
                        stats.open = !stats.open;
                    }
                    if ui
                        .button("Load")
                        .on_hover_text("Load a saved game")
                        .clicked()
                    {
                        save_list.open();
                    }
                    if ui
                        .button("Save")
                        .on_hover_text("Write saves/quicksave.ron (Ctrl+S)")
                        .clicked()
                    {
                        saves.write(SaveRequest::Save);
                    }
                    if ui
                        .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                        .on_hover_text("Take back your last action (Ctrl+Z); not past a die roll or a card shown")
                        .clicked()
                    {
                        undo.write(Undo);
                    }
                });
            });
            ui.horizontal(|ui| {
                ui.label("Prestige");
                scores(ui, &game);
                ui.separator();
                if g.is_over() {
                    ui.strong("Game over");
                } else if game.human_turn() {
                    ui.colored_label(
                        egui::Color32::from_rgb(120, 220, 120),
                        format!("{}, your turn", name_of(g, &game.front)),
                    );
                } else if let Some(d) = g.pending() {
                    ui.label(format!("{} is deciding ...", name_of(g, &d.realm)));
                }
            });
        });
    });
    Ok(())
}

/// Five pips, one per phase, the current one lit.
fn phase_tracker(ui: &mut egui::Ui, phase: u8) {
    for p in 1..=5u8 {
        let (rect, response) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        let lit = p == phase;
        let fill = if lit {
            egui::Color32::from_rgb(230, 190, 70)
        } else {
            egui::Color32::from_gray(70)
        };
        ui.painter().circle_filled(rect.center(), 6.5, fill);
        ui.painter().text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            p.to_string(),
            egui::FontId::proportional(10.0),
            if lit {
                egui::Color32::BLACK
            } else {
                egui::Color32::from_gray(190)
            },
        );
        response.on_hover_text(format!("Phase {p}"));
    }
}

/// Each Player Realm's prestige, in its colour, in seat order.
fn scores(ui: &mut egui::Ui, game: &ActiveGame) {
    let world = game.game.world();
    let Some(seats) = world.get_resource::<Seats>() else {
        return;
    };
    for realm in &seats.0 {
        let prestige = world.get::<Mat>(*realm).map_or(0, |m| m.prestige);
        let rgb = world
            .get::<Realm>(*realm)
            .map_or((128, 128, 128), |r| r.colour);
        let colour = palette::egui_colour(palette::realm_colour(rgb, true));
        let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, colour);
        let key = key_of(world, *realm);
        ui.label(prestige.to_string()).on_hover_text(format!(
            "{}: {prestige} prestige",
            name_of(&game.game, &key)
        ));
    }
}
