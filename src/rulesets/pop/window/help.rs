//! Price of Power's part of the help window (the window itself is the shell's,
//! `client::shell::help`, `F1` or the top bar's `?`): how to play, the board's own shortcuts, and
//! the parts of the rules its rule ids are grouped in, by id prefix.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::input::egui_wants_any_keyboard_input;

use crate::client::shell::help::{HelpWindow, help_window, toggle_help_on_f1};
use crate::rulesets::pop::PriceOfPower;
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

fn show_help(
    mut contexts: bevy_egui::EguiContexts,
    mut help: ResMut<HelpWindow>,
    game: Option<NonSend<ActiveGame>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    help_window::<PriceOfPower>(ctx, &mut help, game.as_deref());
    Ok(())
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
    ("Space", "skip the animations still queued"),
    ("Click a log line", "centre the board on what it concerns"),
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

/// The groups in the order the help lists them.
pub fn group_names() -> Vec<String> {
    GROUPS
        .iter()
        .map(|(_, name)| name.to_string())
        .chain(std::iter::once("Other rules".to_string()))
        .collect()
}

/// The group an id belongs to (the longest matching prefix), or "Other rules".
pub fn group_of(id: &str) -> &'static str {
    GROUPS
        .iter()
        .filter(|(prefix, _)| id.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map_or("Other rules", |(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::rule_text::{descriptions as project_descriptions, from_id, meaning};
    use crate::rulesets::pop::ids;

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
