//! Phase 1 - Draw Cards. Step A reveals the Events; steps B-D (action cards, keeping them,
//! missions) are ordered sets for the action-phase rules to fill.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::rules::events::{EventDisplay, EventSlot, event_def};
use crate::rulesets::pop::state::Seats;

/// How many Events a Round reveals, and how many of them face up.
pub fn events_revealed(players: usize) -> (usize, usize) {
    (players + 1, 3)
}

/// Step A: the old row goes to the discard; players + 1 Events are drawn, the first 3 face up.
pub(crate) fn reveal_events(world: &mut World) {
    let players = world.res::<Seats>().0.len();
    let age = world.res::<Flow>().age;
    let (count, face_up) = events_revealed(players);
    *world.res_mut::<crate::rulesets::pop::rules::events::Leftover>() = Default::default();
    let mut display = world.res_mut::<EventDisplay>();
    let old: Vec<usize> = display.row.drain(..).map(|s| s.card).collect();
    display.discard.extend(old);
    let mut drawn = Vec::new();
    for i in 0..count {
        let Some(card) = display.deck_mut(age).pop() else {
            break;
        };
        display.row.push(EventSlot {
            card,
            face_up: i < face_up,
            ducats: 0,
        });
        drawn.push(card);
    }
    for (i, card) in drawn.iter().enumerate() {
        let name = event_def(world, *card).name;
        let side = if i < face_up { "face up" } else { "face down" };
        write(
            world,
            Note::new(
                ids::SEQ_PHASE1_EVENTS,
                format!("Event \"{name}\" revealed {side}"),
            )
            .amount(i as i32),
        );
    }
}
