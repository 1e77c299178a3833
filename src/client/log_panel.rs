//! The game log along the bottom: one line per entry, oldest first, kept scrolled to the latest,
//! each with its Age and Round, its text and, in grey, the rule id that made the change.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::describe::roman;
use crate::client::layout::{FreeRect, PanelSlot, in_free_rect};
use crate::client::session::ActiveGame;

pub struct LogPanelPlugin;

impl Plugin for LogPanelPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, show_log.in_set(PanelSlot::Bottom));
    }
}

fn show_log(
    mut contexts: EguiContexts,
    mut free: ResMut<FreeRect>,
    game: Option<NonSend<ActiveGame>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game else { return Ok(()) };
    let entries = &game.game.log().entries;
    in_free_rect(&ctx, &mut free, "log_panel", |ui| {
        egui::Panel::bottom("log_panel")
            .resizable(true)
            .default_size(170.0)
            .min_size(60.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.strong("Log");
                    ui.label(egui::RichText::new(format!("{} entries", entries.len())).weak());
                });
                let body = egui::TextStyle::Body.resolve(ui.style());
                let small = egui::FontId::monospace(body.size * 0.8);
                let text_colour = ui.visuals().text_color();
                let grey = egui::Color32::GRAY;
                let row_height = ui.fonts_mut(|f| f.row_height(&body));
                // Only the visible rows are laid out, so a long game's log stays cheap.
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .stick_to_bottom(true)
                    .show_rows(ui, row_height, entries.len(), |ui, rows| {
                        for entry in &entries[rows] {
                            let mut job = egui::text::LayoutJob::default();
                            let stamp = format!("{}.{}  ", roman(entry.age), entry.round);
                            job.append(&stamp, 0.0, egui::TextFormat::simple(small.clone(), grey));
                            job.append(
                                &entry.text,
                                0.0,
                                egui::TextFormat::simple(body.clone(), text_colour),
                            );
                            job.append(
                                &format!("   {}", entry.rule),
                                0.0,
                                egui::TextFormat::simple(small.clone(), grey),
                            );
                            ui.add(egui::Label::new(job).truncate());
                        }
                    });
            });
    });
    Ok(())
}
