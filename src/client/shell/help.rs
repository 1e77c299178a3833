//! The help window of every ruleset's window (`F1` or the top bar's `?`), written once: how to
//! play (`Shelled::HELP`), the keyboard and mouse shortcuts, and every rule id the ruleset
//! writes into the log, grouped by the part of the rules it belongs to, each with what it means
//! and the latest line of this game's log that carries it. A search box narrows the list; a
//! right click on a log line or a choice opens it on that rule (`HelpWindow::look_up`,
//! `ask_to_look_up`).

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::rule_text::meaning;
use crate::client::shell::{Session, Shelled};

/// Whether the help window is open, and what its search box holds.
#[derive(Resource, Default, Debug)]
pub struct HelpWindow {
    pub open: bool,
    search: String,
}

impl HelpWindow {
    /// Opens the help on one rule id (its meaning, its part of the rules, its latest line).
    pub fn look_up(&mut self, rule: &str) {
        self.open = true;
        self.search = rule.to_string();
    }

    pub fn toggle(&mut self) {
        self.open = !self.open;
    }
}

/// Where a widget without access to the help window (a choice's button) leaves the rule id a
/// right click asked for, in egui's frame data; the help window takes it up.
const LOOK_UP_ASKED: &str = "help_look_up_asked";

/// Asks the help window to open on `rule` (from anywhere an egui `Ui` is at hand).
pub fn ask_to_look_up(ctx: &egui::Context, rule: &'static str) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(LOOK_UP_ASKED), rule));
}

/// `F1` opens and closes the help (a Bevy system; run it where egui does not want the keys).
pub fn toggle_help_on_f1(keys: Res<ButtonInput<KeyCode>>, mut help: ResMut<HelpWindow>) {
    if keys.just_pressed(KeyCode::F1) {
        help.toggle();
    }
}

/// Shortcuts every window shares, listed after the ruleset's own (`Shelled::SHORTCUTS`).
pub const SHELL_SHORTCUTS: &[(&str, &str)] = &[
    (
        "Right-click a log line",
        "the rule behind it, here (hover the line for what the rule means)",
    ),
    (
        "Ctrl+Z",
        "take back your last decision (not past a die roll, a card or a secret shown)",
    ),
    ("Ctrl+S", "quicksave (a new Round also autosaves)"),
    ("F1", "this window"),
    ("F2", "the Stats window: each seat's figures Round by Round"),
];

/// The rule ids of `R` in the help's order: by group (`Shelled::rule_groups`), then by id.
fn ordered_ids<R: Shelled>() -> Vec<(&'static str, String)> {
    let groups = R::rule_groups();
    let mut ids: Vec<(&'static str, String)> = R::rule_ids()
        .iter()
        .map(|id| (*id, R::rule_group(id)))
        .collect();
    ids.sort_by_key(|(id, group)| {
        (
            groups
                .iter()
                .position(|g| g == group)
                .unwrap_or(groups.len()),
            *id,
        )
    });
    ids
}

/// Draws the help window of ruleset `R` while it is open (takes up a look-up asked for
/// through `ask_to_look_up`).
pub fn help_window<R: Shelled>(
    ctx: &egui::Context,
    help: &mut HelpWindow,
    session: Option<&Session<R>>,
) {
    if let Some(rule) =
        ctx.data_mut(|d| d.remove_temp::<&'static str>(egui::Id::new(LOOK_UP_ASKED)))
    {
        help.look_up(rule);
    }
    if !help.open {
        return;
    }
    // The latest log text per rule id, as a live example, in the content's names.
    let mut example: HashMap<&str, &str> = HashMap::new();
    if let Some(session) = session {
        for entry in &session.game.log().entries {
            example.insert(entry.rule, entry.text.as_str());
        }
    }
    let names = session.map(|s| R::display_names(s.game.scenario()));
    let readable = |text: &str| {
        names
            .as_ref()
            .map_or(text.to_string(), |n| n.readable(text))
    };
    let mut open = true;
    let HelpWindow { search, .. } = help;
    egui::Window::new(R::HELP_TITLE)
        .open(&mut open)
        .default_size([560.0, 520.0])
        .resizable(true)
        // The whole window scrolls: the rule ids are many.
        .vscroll(true)
        .show(ctx, |ui| {
            egui::CollapsingHeader::new(egui::RichText::new("How to play").heading())
                .default_open(false)
                .show(ui, |ui| {
                    for (title, text) in R::HELP {
                        ui.strong(*title);
                        ui.label(*text);
                        ui.add_space(4.0);
                    }
                });
            ui.separator();
            egui::CollapsingHeader::new(egui::RichText::new("Shortcuts").heading())
                .default_open(true)
                .show(ui, |ui| {
                    egui::Grid::new("help_keys").striped(true).show(ui, |ui| {
                        for (keys, what) in R::SHORTCUTS.iter().chain(SHELL_SHORTCUTS) {
                            ui.strong(*keys);
                            ui.label(*what);
                            ui.end_row();
                        }
                    });
                });
            ui.separator();
            ui.heading("Rule ids in the log");
            ui.label(
                "Every log line ends with the id of the rule that made the change. \
                 The log's filters pick lines by seat, by part of the rules and by words.",
            );
            ui.horizontal(|ui| {
                ui.label("Search");
                ui.text_edit_singleline(search);
            });
            let needle = search.to_lowercase();
            let mut last_group = String::new();
            for (id, group) in ordered_ids::<R>() {
                let text = meaning(id);
                let seen = example.get(id).map(|s| readable(s));
                if !needle.is_empty()
                    && !id.contains(&needle)
                    && !text.to_lowercase().contains(&needle)
                    && !seen
                        .as_ref()
                        .is_some_and(|s| s.to_lowercase().contains(&needle))
                {
                    continue;
                }
                if group != last_group {
                    ui.add_space(4.0);
                    ui.strong(&group);
                    last_group = group;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.monospace(id);
                    ui.label(text);
                });
                if let Some(seen) = seen {
                    ui.label(egui::RichText::new(format!("    latest: {seen}")).weak());
                }
            }

            ui.label(
                egui::RichText::new(format!(
                    "The rules notes and every house rule: {}",
                    R::RULES_NOTES
                ))
                .small()
                .weak(),
            );
        });
    help.open = open;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::kingdom::Kingdom;
    use crate::rulesets::pop::PriceOfPower;
    use crate::rulesets::raison::RaisonDEtat;

    fn every_id_listed_once<R: Shelled>() {
        let listed = ordered_ids::<R>();
        assert_eq!(listed.len(), R::rule_ids().len());
        // Groups come in one run each.
        let mut seen: Vec<&str> = Vec::new();
        for (_, group) in &listed {
            if seen.last() != Some(&group.as_str()) {
                assert!(!seen.contains(&group.as_str()), "{group} split");
                seen.push(group);
            }
        }
    }

    #[test]
    fn the_help_lists_every_rule_id_of_each_ruleset_once_in_runs_by_group() {
        every_id_listed_once::<PriceOfPower>();
        every_id_listed_once::<Kingdom>();
        every_id_listed_once::<RaisonDEtat>();
    }

    #[test]
    fn a_look_up_opens_the_help_on_the_rule() {
        let mut help = HelpWindow::default();
        help.look_up("pop.7.4.loan");
        assert!(help.open);
        assert_eq!(help.search, "pop.7.4.loan");
        help.toggle();
        assert!(!help.open);
    }
}
