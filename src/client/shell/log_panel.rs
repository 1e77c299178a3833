//! The game log panel of every ruleset's window, written once: one line per entry, oldest
//! first, kept scrolled to the latest, each with its time, its text in the content's names and,
//! in grey, the rule id that made the change (its meaning on hover, the help on it with a right
//! click). Three filters: one seat, one group of rules, and any words. Only the visible rows are
//! laid out, so a long game's log stays cheap. A window adds its own controls at the right
//! (Price of Power's replay speed) and acts on a click on a line (centring the board).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::shell::{Session, Shelled};
use crate::engine::log::{DisplayNames, LogEntry};

/// Which lines the log shows.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct LogFilter {
    /// Only entries about this seat (content id).
    pub seat: Option<String>,
    /// Only entries of this group of rules (`Shelled::rule_group`).
    pub group: Option<String>,
    /// Only entries whose rule id or text (as read, in names) holds these words, any case.
    pub words: String,
}

impl LogFilter {
    /// Whether `entry` is shown; `group` and `text` give its rule group and its text as read
    /// (asked only when a filter needs them: the log is filtered every frame).
    pub fn keeps(
        &self,
        entry: &LogEntry,
        group: impl FnOnce() -> String,
        text: impl FnOnce() -> String,
    ) -> bool {
        let words = self.words.trim().to_lowercase();
        self.seat
            .as_ref()
            .is_none_or(|s| entry.realm.as_ref() == Some(s))
            && self.group.as_ref().is_none_or(|g| *g == group())
            && (words.is_empty()
                || entry.rule.contains(words.as_str())
                || text().to_lowercase().contains(words.as_str()))
    }
}

/// What the person did in the log this frame.
#[derive(Default)]
pub struct LogClicks<'a> {
    /// A line about a place or a seat was clicked.
    pub picked: Option<&'a LogEntry>,
    /// A line was right-clicked: its rule, to look up in the help.
    pub look_up: Option<&'static str>,
}

/// The log panel of ruleset `R`'s game at the screen. `hint` says what the words filter
/// takes; lines of the `highlight` rules stand out; `extra` draws the window's own controls at
/// the right of the filters.
pub fn log_panel<'a, R: Shelled>(
    ui: &mut egui::Ui,
    session: &'a Session<R>,
    names: &DisplayNames,
    filter: &mut LogFilter,
    hint: &str,
    highlight: &[&str],
    extra: impl FnOnce(&mut egui::Ui),
) -> LogClicks<'a> {
    let game = &session.game;
    let entries = &game.log().entries;
    let shown: Vec<&LogEntry> = entries
        .iter()
        .filter(|e| filter.keeps(e, || R::rule_group(e.rule), || names.readable(&e.text)))
        .collect();
    ui.horizontal(|ui| {
        ui.strong("Log");
        ui.label(
            egui::RichText::new(format!("{} of {} entries", shown.len(), entries.len())).weak(),
        );
        ui.separator();
        filter_boxes::<R>(ui, session, names, filter, hint);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), extra);
    });
    let mut clicks = LogClicks::default();
    let body = egui::TextStyle::Body.resolve(ui.style());
    let small = egui::FontId::monospace(body.size * 0.8);
    let text_colour = ui.visuals().text_color();
    let grey = egui::Color32::GRAY;
    let marked = egui::Color32::from_rgb(170, 200, 240);
    let row_height = ui.fonts_mut(|f| f.row_height(&body));
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .stick_to_bottom(true)
        .show_rows(ui, row_height, shown.len(), |ui, rows| {
            for entry in &shown[rows] {
                let mut job = egui::text::LayoutJob::default();
                let stamp = format!("{}  ", R::log_stamp(entry.age, entry.round));
                job.append(&stamp, 0.0, egui::TextFormat::simple(small.clone(), grey));
                let colour = if highlight.contains(&entry.rule) {
                    marked
                } else {
                    text_colour
                };
                job.append(
                    &names.readable(&entry.text),
                    0.0,
                    egui::TextFormat::simple(body.clone(), colour),
                );
                job.append(
                    &format!("   {}", entry.rule),
                    0.0,
                    egui::TextFormat::simple(small.clone(), grey),
                );
                let placed = entry.subject.is_some() || entry.realm.is_some();
                let label = egui::Label::new(job).truncate().sense(egui::Sense::click());
                let response = ui.add(label);
                if placed && response.clicked() {
                    clicks.picked = Some(*entry);
                }
                // The rule behind the line: what it means on hover, the help on it with a
                // right click (23).
                if response.secondary_clicked() {
                    clicks.look_up = Some(entry.rule);
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
    clicks
}

/// The seat and rule-group pickers and the words box.
fn filter_boxes<R: Shelled>(
    ui: &mut egui::Ui,
    session: &Session<R>,
    names: &DisplayNames,
    filter: &mut LogFilter,
    hint: &str,
) {
    let game = &session.game;
    let shown_seat = filter
        .seat
        .as_deref()
        .map_or(format!("every {}", R::SEAT_NOUN), |s| {
            names.name(s).to_string()
        });
    egui::ComboBox::from_id_salt("log_seat")
        .selected_text(shown_seat)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut filter.seat, None, format!("every {}", R::SEAT_NOUN));
            for seat in &game.setup().players {
                let name = names.name(seat).to_string();
                ui.selectable_value(&mut filter.seat, Some(seat.clone()), name);
            }
        });
    let mut groups: Vec<String> = game
        .log()
        .entries
        .iter()
        .map(|e| R::rule_group(e.rule))
        .collect();
    groups.sort_unstable();
    groups.dedup();
    egui::ComboBox::from_id_salt("log_group")
        .selected_text(filter.group.clone().unwrap_or("every kind".into()))
        .width(200.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut filter.group, None, "every kind");
            for group in groups {
                ui.selectable_value(&mut filter.group, Some(group.clone()), group);
            }
        });
    ui.add(
        egui::TextEdit::singleline(&mut filter.words)
            .hint_text("words")
            .desired_width(120.0),
    )
    .on_hover_text(hint);
}

/// The group of a rule id when a ruleset names none: its first two parts (`km.upkeep`).
pub fn rule_id_prefix(id: &str) -> String {
    id.splitn(3, '.').take(2).collect::<Vec<_>>().join(".")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rule: &'static str, realm: Option<&str>, text: &str) -> LogEntry {
        LogEntry {
            seq: 0,
            age: 1,
            round: 1,
            step: "pop.step.p1a",
            rule,
            realm: realm.map(str::to_string),
            text: text.into(),
            subject: None,
            amount: None,
            path: Vec::new(),
        }
    }

    #[test]
    fn the_filter_keeps_one_seat_one_group_and_some_words() {
        let keeps = |f: &LogFilter, e: &LogEntry, group: &str, text: &str| {
            f.keeps(e, || group.to_string(), || text.to_string())
        };
        let roll = entry("pop.14.2.roll", Some("FRA"), "FRA rolls 4");
        let all = LogFilter::default();
        assert!(keeps(&all, &roll, "Rebels", "France rolls 4"));
        let fra = LogFilter {
            seat: Some("FRA".into()),
            ..Default::default()
        };
        assert!(keeps(&fra, &roll, "Rebels", "France rolls 4"));
        assert!(!keeps(
            &fra,
            &entry("pop.14.2.roll", Some("ENG"), ""),
            "Rebels",
            ""
        ));
        assert!(!keeps(
            &fra,
            &entry("pop.14.2.roll", None, ""),
            "Rebels",
            ""
        ));
        let rebels = LogFilter {
            group: Some("Rebels".into()),
            ..Default::default()
        };
        assert!(keeps(&rebels, &roll, "Rebels", ""));
        assert!(!keeps(
            &rebels,
            &entry("pop.7.4.loan", Some("ENG"), ""),
            "Loans",
            ""
        ));
        let words = LogFilter {
            words: " france ".into(),
            ..Default::default()
        };
        assert!(
            keeps(&words, &roll, "Rebels", "France rolls 4"),
            "names, any case"
        );
        assert!(!keeps(&words, &roll, "Rebels", "England rolls 4"));
        let rule = LogFilter {
            words: "14.2".into(),
            ..Default::default()
        };
        assert!(
            keeps(&rule, &roll, "Rebels", "England rolls 4"),
            "the rule id"
        );
    }

    #[test]
    fn a_rule_ids_default_group_is_its_first_two_parts() {
        assert_eq!(rule_id_prefix("km.upkeep.stability"), "km.upkeep");
        assert_eq!(rule_id_prefix("rde.battle"), "rde.battle");
        assert_eq!(rule_id_prefix("x"), "x");
    }
}
