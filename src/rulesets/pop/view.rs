//! What one seat may see of a Price of Power game: everything on the table, its own hand and
//! Missions, and no one else's; the order of every face-down deck hidden from all; the seed and
//! the RNG's position hidden too (with them, anyone could tell the next die).
//!
//! The view is the snapshot with hidden things masked: a hidden card is `null`, so counts (how
//! many cards a realm holds, how many are left in a deck) stay public, as they are at the table.

use bevy::prelude::*;
use serde::Serialize;
use serde_json::Value;

use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{DecisionKind, Pending};
use crate::rulesets::pop::snapshot::snapshot;

/// One seat's view of the game (`seat: None` for a spectator).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SeatView {
    pub seat: Option<String>,
    pub state: Value,
}

/// The realm's own secret things: action cards in hand and drawn, Missions held, put back and
/// picked. Completed Missions are claimed in the open and stay public.
const PRIVATE_REALM_FIELDS: [&str; 5] = [
    "hand",
    "drawn",
    "missions",
    "missions_returned",
    "missions_picked",
];

/// Decisions whose details name a card only the deciding realm has seen.
fn names_private_cards(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::KeepCard { .. }
            | DecisionKind::HandLimit
            | DecisionKind::Missions { .. }
            | DecisionKind::FocusDiscard { .. }
            | DecisionKind::FocusDraw { .. }
    )
}

fn hide_all(cards: &mut Value) {
    if let Value::Array(items) = cards {
        for item in items.iter_mut() {
            *item = Value::Null;
        }
    }
}

/// Hides the cards of each deck in a list of decks.
fn hide_decks(decks: Option<&mut Value>) {
    if let Some(Value::Array(decks)) = decks {
        decks.iter_mut().for_each(hide_all);
    }
}

pub fn seat_view(world: &World, seat: Option<&str>) -> SeatView {
    let mut state = serde_json::to_value(snapshot(world)).expect("snapshots serialize");
    state["seed"] = Value::Null;
    state["rng_position"] = Value::Null;
    if let Some(Value::Array(realms)) = state.get_mut("realms") {
        for realm in realms.iter_mut() {
            if seat.is_some_and(|s| realm["id"] == s) {
                continue;
            }
            for field in PRIVATE_REALM_FIELDS {
                if let Some(cards) = realm.get_mut(field) {
                    hide_all(cards);
                }
            }
        }
    }
    hide_decks(state.pointer_mut("/action_decks/decks"));
    hide_decks(state.pointer_mut("/events/decks"));
    if let Some(deck) = state.pointer_mut("/trade/deck") {
        hide_all(deck);
    }
    // The top card of the Power Struggle deck is the Upcoming one, face up (17.4).
    if let Some(Value::Array(deck)) = state.pointer_mut("/power_struggles/deck") {
        deck.iter_mut().skip(1).for_each(|c| *c = Value::Null);
    }
    let pending = world.res::<Pending>().0.as_ref();
    if let Some(decision) = pending
        && seat != Some(decision.realm.as_str())
        && names_private_cards(&decision.kind)
    {
        state["pending"]["kind"] = Value::String("Hidden".into());
        state["pending"]["prompt"] = Value::String(format!("{} is deciding", decision.realm));
    }
    SeatView {
        seat: seat.map(str::to_string),
        state,
    }
}
