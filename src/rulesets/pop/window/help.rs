//! The help window (`F1` or the top bar's `?`): the keyboard and mouse shortcuts, and every
//! rule id the engine writes into the log, grouped by the part of the rules it belongs to, each
//! with what it means and the latest line of this game's log that carries it. A search box
//! narrows the list.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::rule_text::{descriptions as project_descriptions, from_id};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::session::ActiveGame;

pub struct HelpPlugin;

impl Plugin for HelpPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HelpWindow>()
            .add_systems(
                Update,
                toggle_help_on_f1
                    .run_if(not(egui_wants_any_keyboard_input))
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                show_help
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

#[derive(Resource, Default)]
pub struct HelpWindow {
    pub open: bool,
    search: String,
}

impl HelpWindow {
    /// Opens the help on one rule id (its meaning, its part of the rules, its latest line):
    /// the log's link from a line to the rule behind it.
    pub fn look_up(&mut self, rule: &str) {
        self.open = true;
        self.search = rule.to_string();
    }
}

/// How to play Price of Power, in a few paragraphs (the help window's first section).
pub const HOW_TO_PLAY: &[(&str, &str)] = &[
    (
        "The aim",
        "Lead your realm from the first Age to the last and end with the most prestige. Prestige comes from Missions and Milestones, Ideas, wars won, the Papacy and the Empire, and at the end from your provinces, core tokens and final scoring; the game can also end early when a realm is far ahead.",
    ),
    (
        "The Round",
        "Each Round has five phases. 1 Draw Cards: draw action cards and choose which to keep, and pick Missions. 2 Actions: in turn, each realm takes one action a turn (an action card, diplomacy, war, trade, exploring, governing) plus any minor actions, and must take one Event before it passes. 3 Peace and Rebels: wars may end, rebels move and besiege, unrest spreads. 4 Income and Upkeep: taxes, upkeep, monarch power and prestige. 5 Cleanup: the hand limit, Milestones, the next Round.",
    ),
    (
        "Your mat",
        "Monarch power (administrative, diplomatic, military; at most 10 each) pays for actions; ducats pay for armies, advisors and loans; stability (from -3 to +3) helps or hurts every Round; your towns give tax income and manpower. Hover a figure for what it means.",
    ),
    (
        "Choosing",
        "The right-hand panel shows what you may do now, with its cost. Anything the rules forbid is not offered; the log line under each change names the rule (search for it below).",
    ),
];

/// Keys and clicks, as the help window lists them.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Drag (left or middle button)", "move the board"),
    ("W A S D / arrow keys", "move the board"),
    ("Mouse wheel, + / -", "zoom"),
    ("Home", "fit the whole board in view"),
    (
        "Hover a province",
        "owner, tax value, cores, towns, unrest, occupier, units",
    ),
    ("Click a province", "select it; the mat shows its owner"),
    ("Escape", "clear the selection, back to your own mat"),
    ("Click a log line", "centre the board on what it concerns"),
    (
        "Right-click a log line",
        "the rule behind it, here (hover the line for what the rule means)",
    ),
    (
        "Ctrl+Z",
        "take back your last action (not past a die roll or a card shown)",
    ),
    (
        "Ctrl+S",
        "save to saves/quicksave.ron (a new Round also autosaves)",
    ),
    ("Space", "skip the animations still queued"),
    ("F1", "this window"),
    (
        "F2",
        "the Stats window: each realm's figures Round by Round",
    ),
];

/// What each part of the rules covers, by id prefix, in the order shown.
const GROUPS: &[(&str, &str)] = &[
    ("pop.flow.", "Keeping time: setup, Rounds, phases and Ages"),
    ("pop.seq.", "The sequence of play, step by step"),
    ("pop.act.", "Actions a realm takes on its turn"),
    ("pop.5.", "Events and ideas"),
    ("pop.7.1", "Monarch power"),
    ("pop.7.2", "Rulers, leaders and advisors"),
    ("pop.7.3", "Stability"),
    ("pop.7.4", "Money: income, upkeep and loans"),
    ("pop.7.5", "Towns on the mat"),
    ("pop.14.1", "Unrest"),
    ("pop.14.2", "Rebel dice and rebellions"),
    ("pop.14.3", "Rebel armies, sieges and liberation"),
    ("pop.14.4", "Rebel towns"),
    ("pop.7.6", "Cores"),
    ("pop.12.", "Trade: merchants, trade power, pirates"),
    ("pop.15.", "Religion and the revolution"),
    ("pop.17.4.", "Power Struggles"),
    ("pop.18.", "The Holy Roman Empire"),
    ("pop.19.", "The Papal Curia"),
    ("pop.effect.", "Card and event effects"),
    ("pop.war.", "War"),
    ("pop.battle.", "Battles"),
    ("pop.dip", "Diplomacy"),
    ("pop.milestone.", "Missions and milestones"),
];

/// The group an id belongs to (the longest matching prefix), or "Other".
pub fn group_of(id: &str) -> &'static str {
    GROUPS
        .iter()
        .filter(|(prefix, _)| id.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map_or("Other rules", |(_, name)| name)
}

fn toggle_help_on_f1(keys: Res<ButtonInput<KeyCode>>, mut help: ResMut<HelpWindow>) {
    if keys.just_pressed(KeyCode::F1) {
        help.open = !help.open;
    }
}

/// Where a widget without access to the help window (a choice's button) leaves the rule id a
/// right click asked for, in egui's frame data; the help window takes it up.
const LOOK_UP_ASKED: &str = "help_look_up_asked";

/// Asks the help window to open on `rule` (from anywhere an egui `Ui` is at hand).
pub fn ask_to_look_up(ctx: &egui::Context, rule: &'static str) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(LOOK_UP_ASKED), rule));
}

fn show_help(
    mut contexts: EguiContexts,
    mut help: ResMut<HelpWindow>,
    game: Option<NonSend<ActiveGame>>,
    mut descriptions: Local<Option<HashMap<&'static str, &'static str>>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(rule) =
        ctx.data_mut(|d| d.remove_temp::<&'static str>(egui::Id::new(LOOK_UP_ASKED)))
    {
        help.look_up(rule);
    }
    if !help.open {
        return Ok(());
    }
    let descriptions = descriptions.get_or_insert_with(project_descriptions);
    // The latest log text per rule id, as a live example.
    let mut example: HashMap<&str, &str> = HashMap::new();
    if let Some(game) = &game {
        for entry in &game.game.log().entries {
            example.insert(entry.rule, entry.text.as_str());
        }
    }
    let mut open = true;
    let HelpWindow { search, .. } = &mut *help;
    egui::Window::new("Help")
        .open(&mut open)
        .default_size([560.0, 520.0])
        .resizable(true)
        .show(ctx, |ui| {
            egui::CollapsingHeader::new(egui::RichText::new("How to play").heading())
                .default_open(false)
                .show(ui, |ui| {
                    for (title, text) in HOW_TO_PLAY {
                        ui.strong(*title);
                        ui.label(*text);
                        ui.add_space(4.0);
                    }
                });
            ui.separator();
            ui.heading("Shortcuts");
            egui::Grid::new("help_keys").striped(true).show(ui, |ui| {
                for (keys, what) in SHORTCUTS {
                    ui.strong(*keys);
                    ui.label(*what);
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("Rule ids in the log");
            ui.label(
                "Every log line ends with the id of the rule that made the change. \
                 The log's filter picks lines by the start of the id.",
            );
            ui.horizontal(|ui| {
                ui.label("Search");
                ui.text_edit_singleline(search);
            });
            let needle = search.to_lowercase();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let mut last_group = "";
                    let mut ids: Vec<&str> = ids::ALL.to_vec();
                    ids.sort_by_key(|id| {
                        let g = GROUPS
                            .iter()
                            .position(|(_, name)| *name == group_of(id))
                            .unwrap_or(GROUPS.len());
                        (g, *id)
                    });
                    for id in ids {
                        let text = descriptions
                            .get(id)
                            .map_or_else(|| from_id(id), |t| t.to_string());
                        let seen = example.get(id).copied();
                        if !needle.is_empty()
                            && !id.contains(&needle)
                            && !text.to_lowercase().contains(&needle)
                            && !seen.is_some_and(|s| s.to_lowercase().contains(&needle))
                        {
                            continue;
                        }
                        let group = group_of(id);
                        if group != last_group {
                            ui.add_space(4.0);
                            ui.strong(group);
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
                });
        });
    help.open = open;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::rule_text::meaning;

    #[test]
    fn project_ids_have_their_documented_text_and_every_id_a_group() {
        let d = project_descriptions();
        assert!(d.get("pop.flow.round").is_some_and(|t| t.contains("Round")));
        for id in ids::ALL {
            assert_ne!(group_of(id), "Other rules", "{id} has no group");
        }
        assert_eq!(from_id("pop.7.4.forced_loan"), "forced loan");
        // The other rulesets' ids are explained too (their choices' previews name them).
        assert!(meaning("km.upkeep.stability").contains("Stability check"));
        assert!(meaning("rde.diplomacy").contains("Diplomacy phase"));
    }
}
