//! Kingdom in the client shell: what the shell needs to know of it (title, saves, help, the
//! seats a scenario offers, which saves the open window can show), and the session type the
//! panels read.

use std::sync::Arc;

use crate::client::shell::Shelled;
use crate::rulesets::kingdom::Kingdom;
use crate::rulesets::kingdom::content::{Scenario, default_scenario};

/// The game at the screen.
pub type KmSession = crate::client::shell::Session<Kingdom>;

// The shell's generic assets (`ContentAsset<R>`) name their ruleset by type path.
impl bevy::reflect::TypePath for Kingdom {
    fn type_path() -> &'static str {
        "regnum::rulesets::kingdom::Kingdom"
    }
    fn short_type_path() -> &'static str {
        "Kingdom"
    }
}

impl Shelled for Kingdom {
    const DEFAULT_RON: &'static str = crate::rulesets::kingdom::content::DEFAULT_SCENARIO_RON;
    const DEFAULT_FILE: &'static str = crate::rulesets::kingdom::content::DEFAULT_SCENARIO_FILE;
    const WINDOW_TITLE: &'static str = "Regnum - Kingdom";
    const QUICKSAVE: &'static str = "saves/kingdom-quicksave.ron";
    const AUTOSAVE: &'static str = "saves/kingdom-autosave.ron";
    /// A kingdom's month is many small steps, none of them drawn as a move on the board.
    const BOT_STEP_SECONDS: f32 = 0.05;
    /// One kingdom alone is the open rules' own game: a kingdom left out is not founded.
    const SEATS_MAY_SIT_OUT: bool = true;
    const SEAT_NOUN: &'static str = "kingdom";
    const HELP_TITLE: &'static str = "How to rule a kingdom";
    const HELP: &'static [(&'static str, &'static str)] = HELP;
    const RULES_NOTES: &'static str = "docs/kingdom.md";
    const START_LABEL: &'static str = "Found the kingdoms";

    fn default_scenario() -> Arc<Scenario> {
        default_scenario()
    }

    fn seats(content: &Scenario) -> Vec<(String, String)> {
        content
            .kingdoms
            .iter()
            .map(|k| (k.id.clone(), k.name.clone()))
            .collect()
    }

    fn seat_colour(content: &Scenario, seat: &str) -> Option<(u8, u8, u8)> {
        content
            .kingdoms
            .iter()
            .find(|k| k.id == seat)
            .map(|k| k.colour)
    }

    fn introduction(s: &Scenario) -> (String, String) {
        (
            s.description.clone(),
            format!(
                "Goals: Size {}, {} settlements, {} buildings within {} months, never in Anarchy.",
                s.goals.size, s.goals.settlements, s.goals.buildings, s.months
            ),
        )
    }

    /// The board is drawn once for the map's size: a save on another size needs a new window.
    fn same_board(shown: &Scenario, other: &Scenario) -> bool {
        (shown.map.width, shown.map.height) == (other.map.width, other.map.height)
    }
}

/// The help text: the month, the checks, and the controls, in a few lines each.
const HELP: &[(&str, &str)] = &[
    (
        "The month",
        "Each month has four phases, every kingdom in turn: Upkeep (the kingdom's upkeep is automatic except the Royal Enforcer's crackdown and, at Unrest 11 or more, which hex to lose), Edict (six steps: leaders, hexes, terrain, settlements, armies, edicts; press Done to move on), Income (withdraw, deposit, sell, then taxes are rolled) and Event.",
    ),
    (
        "Checks",
        "A kingdom check rolls d20 + Economy, Loyalty or Stability - Unrest against the Command DC (20 + Size + districts). A natural 1 always fails and a natural 20 always succeeds. Every check in the log shows its roll, each modifier behind the attribute, the Unrest and the DC.",
    ),
    (
        "Growing",
        "Explore next to your land (two hexes a month), clear lairs with an expedition (an army unit helps), then claim an explored, cleared hex next to your kingdom for 1 BP. Each hex raises Size, Consumption and the Command DC: grow only as fast as your attributes keep up.",
    ),
    (
        "Settlements",
        "Prepare a site (a terrain improvement; plains are ready at once), found the settlement, then build on its lots: open Lots and click an empty lot to see what fits there and what it would change. The first House, Mansion, Noble Villa or Tenement each month is free of the building limit.",
    ),
    (
        "Unrest",
        "Unrest is taken from every check. A failed Stability check, unpaid Consumption, negative attributes, vacant roles and withdrawals raise it. At 11 the kingdom loses a hex each month; at 20 it falls into Anarchy: no actions, every check counts as 0.",
    ),
    (
        "Winning",
        "Reach the scenario's goals (Size, settlements, buildings) without being in Anarchy; if the months run out first, the best score wins (Size + 2 per district + buildings + Treasury / 10 - Unrest).",
    ),
    (
        "Controls",
        "Click a hex to see only its actions; hover it for its card. Right or middle drag or the arrow keys pan, the wheel zooms. Ctrl+S saves to saves/kingdom-quicksave.ron (open it again with --load), Ctrl+Z undoes back to your last decision. F1 opens and closes this help.",
    ),
];
