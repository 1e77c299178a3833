//! Raison d'Etat in the client shell: what the shell needs to know of it (title, saves, help,
//! the seats a scenario offers), and the session type the map and panels read.

use std::sync::Arc;

use crate::client::shell::Shelled;
use crate::rulesets::raison::RaisonDEtat;
use crate::rulesets::raison::content::{Scenario, default_scenario};

/// The game at the screen.
pub type RdeSession = crate::client::shell::Session<RaisonDEtat>;

// The shell's generic assets (`ContentAsset<R>`) name their ruleset by type path.
impl bevy::reflect::TypePath for RaisonDEtat {
    fn type_path() -> &'static str {
        "regnum::rulesets::raison::RaisonDEtat"
    }
    fn short_type_path() -> &'static str {
        "RaisonDEtat"
    }
}

impl Shelled for RaisonDEtat {
    const DEFAULT_RON: &'static str = crate::rulesets::raison::content::DEFAULT_SCENARIO_RON;
    const DEFAULT_FILE: &'static str = crate::rulesets::raison::content::DEFAULT_SCENARIO_FILE;
    const WINDOW_TITLE: &'static str = "Regnum - Raison d'Etat";
    const QUICKSAVE: &'static str = "saves/raison-quicksave.ron";
    const AUTOSAVE: &'static str = "saves/raison-autosave.ron";
    /// A Power's turn is a few steps; the map shows each move.
    const BOT_STEP_SECONDS: f32 = 0.1;
    /// A Major Power nobody plays is played as a Minor (at least three Majors are seated; the
    /// form says so when fewer are).
    const SEATS_MAY_SIT_OUT: bool = true;
    const SIT_OUT_LABEL: &'static str = "As a Minor";
    const SEAT_NOUN: &'static str = "Major Power";
    const HELP_TITLE: &'static str = "How to play Raison d'Etat";
    const HELP: &'static [(&'static str, &'static str)] = HELP;
    const RULES_NOTES: &'static str = "docs/raison.md";
    const START_LABEL: &'static str = "Begin the war";

    fn default_scenario() -> Arc<Scenario> {
        default_scenario()
    }

    fn seats(content: &Scenario) -> Vec<(String, String)> {
        content
            .powers
            .iter()
            .filter(|p| p.major)
            .map(|p| (p.id.clone(), p.name.clone()))
            .collect()
    }

    fn most_seats() -> Option<usize> {
        Some(crate::rulesets::raison::MAX_SEATS)
    }

    fn seat_colour(content: &Scenario, seat: &str) -> Option<(u8, u8, u8)> {
        content
            .powers
            .iter()
            .find(|p| p.id == seat)
            .map(|p| p.colour)
    }

    fn introduction(s: &Scenario) -> (String, String) {
        let minors: Vec<&str> = s
            .powers
            .iter()
            .filter(|p| !p.major)
            .map(|p| p.name.as_str())
            .collect();
        (
            s.description.clone(),
            format!(
                "The first Major Power to reach {} Influence wins at once{}. Minor Powers, bid for with Morale: {}.",
                s.victory,
                s.max_rounds.map_or(String::new(), |m| format!(
                    "; after {m} rounds (a time limit of this scenario) the most Influence wins"
                )),
                minors.join(", ")
            ),
        )
    }
}

/// The help text: the round, the actions, battles, Minor Powers and the controls.
const HELP: &[(&str, &str)] = &[
    (
        "The round",
        "From round 2 every Major first chooses, in secret, its Diplomatic Status for the round: in one of the two Coalitions, Neutral (double taxes, but no attacks) or Expansionist (free to attack anyone, no Allies). Then come the action turns: every Power's dial shows one action, and all act at the same moment (in dial order: Muster first, Movement last). A new round begins when the round keeper's dial is back on Muster.",
    ),
    (
        "The actions",
        "Muster: draw a Battle card, discard one. Taxation: Money from your controlled Home and Undisputed Territories and Disputed ones without your stripe. Subsidise & Mercenaries: up to 3 Money or 3 Battle cards to Coalition Allies. Leadership: place off-map Generals or take Generals off the map, or take a card, or gain a Morale. Mobilisation: buy Units, Battle cards and Morale (1 each) and Fortresses (5); a card for each off-map General; unspent Money is lost to Corruption. Gain Influence: your striped Disputed Territories and other Powers' Homes, at their value, +2 for the Emperor. Movement: choose an Envoy, then move each General by land, by sea or strategically; the Envoy may grant a second and a third round.",
    ),
    (
        "Battles",
        "A battle follows every round of movement that leaves your General with a rival's General or Garrison. Adjacent Allies may support. Then both sides commit Battle cards one at a time, face down, into a pile per General: a card adds its number; each pair of 4s in one pile adds 1 more; a 2 or a 3 played face up reveals or discards an opponent's card instead. Every General loses a Unit; every Power that played a card draws one. The winner may garrison the Territory and gains Influence for a defeated General (1 more across opposing Coalitions); the loser's Generals lose all their Units, and it loses Morale, 1 more for every 5 it played.",
    ),
    (
        "Minor Powers and the crown",
        "At a Minor Power's Muster every Major bids Morale in secret; the highest bid pays and plays the Minor until its next Muster (its Influence goes to you; it never gains any itself). Before France's Muster the electors vote for the Holy Roman Emperor, who gains 2 Influence at each Gain Influence.",
    ),
    (
        "Controls",
        "Click a Territory to see only the actions about it; hover it for its card. Drag to pan, the wheel zooms. Ctrl+S saves to saves/raison-quicksave.ron (open it again with --load), Ctrl+Z undoes back to your last decision. F1 opens and closes this help.",
    ),
];
