//! The game log along the bottom: one line per entry, oldest first, kept scrolled to the latest,
//! each with its Age and Round, its text and, in grey, the rule id that made the change. Two
//! filters pick the lines of one realm and of one part of the rules (grouped by rule-id
//! prefix, as the help window lists them); clicking a line centres the board on what it
//! concerns (its subject, else its realm's capital).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::log::LogEntry;
use crate::rulesets::pop::state::{Seats, key_of};
use crate::rulesets::pop::window::animation::{Playback, Speed};
use crate::rulesets::pop::window::camera::BoardView;
use crate::rulesets::pop::window::describe::{name_of, roman};
use crate::rulesets::pop::window::help::group_of;
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

/// Which lines the log shows.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct LogFilter {
    /// Only entries about this realm (content id).
    pub realm: Option<String>,
    /// Only entries of this group of rules (`help::group_of`).
    pub group: Option<&'static str>,
}

impl LogFilter {
    pub fn keeps(&self, entry: &LogEntry) -> bool {
        self.realm
            .as_ref()
            .is_none_or(|r| entry.realm.as_ref() == Some(r))
            && self.group.is_none_or(|g| group_of(entry.rule) == g)
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
    mut help: ResMut<crate::rulesets::pop::window::help::HelpWindow>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game else { return Ok(()) };
    let g = &game.game;
    // The log keeps ids; its lines read with the scenario's names (built once per scenario).
    let names = crate::rulesets::pop::window::describe::scenario_names(&mut names, g);
    let entries = &g.log().entries;
    let shown: Vec<&LogEntry> = entries.iter().filter(|e| filter.keeps(e)).collect();
    let mut clicked: Option<&LogEntry> = None;
    in_free_rect(&ctx, &mut free, "log_panel", |ui| {
        egui::Panel::bottom("log_panel")
            .resizable(true)
            .default_size(170.0)
            .min_size(60.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.strong("Log");
                    ui.label(
                        egui::RichText::new(format!(
                            "{} of {} entries",
                            shown.len(),
                            entries.len()
                        ))
                        .weak(),
                    );
                    ui.separator();
                    filter_boxes(ui, &game, &mut filter);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
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
                    });
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
                    .show_rows(ui, row_height, shown.len(), |ui, rows| {
                        for entry in &shown[rows] {
                            let mut job = egui::text::LayoutJob::default();
                            let stamp = format!("{}.{}  ", roman(entry.age), entry.round);
                            job.append(&stamp, 0.0, egui::TextFormat::simple(small.clone(), grey));
                            job.append(
                                &names.readable(&entry.text),
                                0.0,
                                egui::TextFormat::simple(body.clone(), text_colour),
                            );
                            job.append(
                                &format!("   {}", entry.rule),
                                0.0,
                                egui::TextFormat::simple(small.clone(), grey),
                            );
                            let placed = entry.subject.is_some() || entry.realm.is_some();
                            let label =
                                egui::Label::new(job).truncate().sense(egui::Sense::click());
                            let response = ui.add(label);
                            if placed && response.clicked() {
                                clicked = Some(entry);
                            }
                            // The rule behind the line: what it means on hover, the help
                            // window on it with a right click (23).
                            if response.secondary_clicked() {
                                help.look_up(entry.rule);
                            }
                            let response = response.on_hover_ui(|ui| {
                                ui.label(format!(
                                    "{}: {}",
                                    entry.rule,
                                    crate::client::rule_text::meaning(entry.rule)
                                ));
                                ui.label(
                                    egui::RichText::new("Right-click: this rule in the help (F1)")
                                        .small()
                                        .weak(),
                                );
                            });
                            if placed {
                                response.on_hover_cursor(egui::CursorIcon::PointingHand);
                            }
                        }
                    });
            });
    });
    if let (Some(entry), Some(places)) = (clicked, places) {
        let world = g.world();
        let at = places.of_entry(world, &entry);
        if let Some(at) = at {
            view.centre_on = Some(at);
            playback.point_at(at);
        }
    }
    Ok(())
}

/// The realm and rule-group pickers.
fn filter_boxes(ui: &mut egui::Ui, game: &ActiveGame, filter: &mut LogFilter) {
    let g = &game.game;
    let world = g.world();
    let realms: Vec<String> = world
        .get_resource::<Seats>()
        .map(|s| s.0.iter().map(|r| key_of(world, *r)).collect())
        .unwrap_or_default();
    let shown_realm = filter
        .realm
        .as_deref()
        .map_or("every realm".to_string(), |r| name_of(g, r));
    egui::ComboBox::from_id_salt("log_realm")
        .selected_text(shown_realm)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut filter.realm, None, "every realm");
            for realm in realms {
                let name = name_of(g, &realm);
                ui.selectable_value(&mut filter.realm, Some(realm), name);
            }
        });
    let mut groups: Vec<&'static str> = g.log().entries.iter().map(|e| group_of(e.rule)).collect();
    groups.sort_unstable();
    groups.dedup();
    egui::ComboBox::from_id_salt("log_group")
        .selected_text(filter.group.unwrap_or("every kind"))
        .width(220.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut filter.group, None, "every kind");
            for group in groups {
                ui.selectable_value(&mut filter.group, Some(group), group);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rule: &'static str, realm: Option<&str>) -> LogEntry {
        LogEntry {
            seq: 0,
            age: 1,
            round: 1,
            step: "pop.step.p1a",
            rule,
            realm: realm.map(str::to_string),
            text: String::new(),
            subject: None,
            amount: None,
            path: Vec::new(),
        }
    }

    #[test]
    fn the_filter_keeps_one_realm_and_one_group() {
        let all = LogFilter::default();
        assert!(all.keeps(&entry("pop.14.2.roll", None)));
        let fra = LogFilter {
            realm: Some("FRA".into()),
            group: None,
        };
        assert!(fra.keeps(&entry("pop.14.2.roll", Some("FRA"))));
        assert!(!fra.keeps(&entry("pop.14.2.roll", Some("ENG"))));
        assert!(!fra.keeps(&entry("pop.14.2.roll", None)));
        let rebels = LogFilter {
            realm: None,
            group: Some(group_of("pop.14.2.roll")),
        };
        assert!(rebels.keeps(&entry("pop.14.2.lose_ducats", Some("ENG"))));
        assert!(!rebels.keeps(&entry("pop.7.4.loan", Some("ENG"))));
    }
}
