//! Floating windows over the board: notices (an illegal click, a failed save or load) one at a
//! time with an OK button, and the final scores once the game is over.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::pop::rules::scoring::Outcome;
use crate::rulesets::pop::window::describe::name_of;
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot};
use crate::rulesets::pop::window::session::{ActiveGame, Notices};

pub struct DialogsPlugin;

impl Plugin for DialogsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            (show_notices, show_outcome).in_set(PanelSlot::Windows),
        );
    }
}

/// Offset from the window's centre to the board's (the part the panels leave free), so
/// windows sit over the board rather than over a panel.
fn board_offset(ctx: &egui::Context, free: &FreeRect) -> egui::Vec2 {
    free.rect.center() - ctx.viewport_rect().center()
}

fn show_notices(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    mut notices: ResMut<Notices>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let offset = board_offset(ctx, &free);
    let Some(notice) = notices.0.first().cloned() else {
        return Ok(());
    };
    let mut dismissed = false;
    egui::Window::new(&notice.title)
        .id(egui::Id::new("notice"))
        .anchor(egui::Align2::CENTER_TOP, [offset.x, free.rect.top() + 30.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.label(&notice.text);
            if ui.button("OK").clicked() {
                dismissed = true;
            }
        });
    if dismissed {
        notices.0.remove(0);
    }
    Ok(())
}

fn show_outcome(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    game: Option<NonSend<ActiveGame>>,
    mut names: Local<Option<(usize, crate::engine::log::DisplayNames)>>,
    mut stats: ResMut<crate::rulesets::pop::window::stats_panel::StatsWindow>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let offset = board_offset(ctx, &free);
    let Some(game) = game else { return Ok(()) };
    let g = &game.game;
    if !g.is_over() {
        return Ok(());
    }
    let names = crate::rulesets::pop::window::describe::scenario_names(&mut names, g);
    let outcome = g
        .world()
        .get_resource::<Outcome>()
        .cloned()
        .unwrap_or_default();
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_CENTER, offset)
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            match &outcome.winner {
                Some(w) => ui.heading(format!("Winner: {}", name_of(g, w))),
                None => ui.heading("A shared victory"),
            };
            if !outcome.reason.is_empty() {
                // The rules say why with realm ids; people read names.
                ui.label(names.readable(&outcome.reason));
            }
            let mut scores = outcome.scores.clone();
            scores.sort_by_key(|s| std::cmp::Reverse(s.total));
            egui::Grid::new("scores").striped(true).show(ui, |ui| {
                for head in [
                    "Realm",
                    "Prestige",
                    "Missions",
                    "Tax",
                    "Cores",
                    "Marriages",
                    "Alliances",
                    "Stability",
                    "Occupied",
                    "Loans",
                    "Total",
                ] {
                    ui.strong(head);
                }
                ui.end_row();
                for s in &scores {
                    let name = name_of(g, &s.realm);
                    if game.is_human(&s.realm) {
                        ui.strong(format!("{name} (you)"))
                    } else {
                        ui.label(name)
                    };
                    for n in [
                        s.prestige_before,
                        s.missions,
                        s.tax_income,
                        s.core_tokens,
                        s.marriages,
                        s.alliances,
                        s.stability,
                        s.occupied,
                        s.loans,
                    ] {
                        ui.label(n.to_string());
                    }
                    ui.strong(s.total.to_string());
                    ui.end_row();
                }
            });
            // How the game went, Round by Round: the Stats window's charts.
            if ui.button("How the game went (charts, F2)").clicked() {
                stats.open = true;
            }
        });
    Ok(())
}
