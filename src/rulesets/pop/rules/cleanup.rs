//! Phase 5 - Cleanup: step B resets the round markers, step D ends the Age when its event deck
//! is empty. The other steps are ordered sets for the governing rules to fill.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::RoundMarkers;
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::state::Content;

/// Step B: reset the round markers of every Player Realm, once: the step runs again after each
/// of the Emperor's answers about Imperial Influence (`empire::redistribute_imperial_influence`,
/// next in the step), and the step's progress tells the first run from those.
pub(crate) fn reset_round_markers(world: &mut World) {
    if crate::engine::flow::step_cursor(world) != (0, 0) {
        return;
    }
    let mut markers = world.query::<&mut RoundMarkers>();
    for mut m in markers.iter_mut(world) {
        *m = RoundMarkers::default();
    }
    write(world, Note::new(ids::SEQ_PHASE5_B, "Round markers reset"));
}

/// Step D: when the current Age's event deck is empty the Age ends and the next one begins
/// (its deck was built at setup). The last Age's end is the end of the game, checked next.
pub fn end_age(world: &mut World) {
    // A question of an earlier part of step D (Milestones) is still open: the Age goes on.
    if world
        .res::<crate::rulesets::pop::decision::Pending>()
        .0
        .is_some()
    {
        return;
    }
    let (age, last_age) = {
        let flow = world.res::<Flow>();
        (flow.age, world.res::<Content>().0.options.last_age)
    };
    if !world.res::<EventDisplay>().deck(age).is_empty() {
        return;
    }
    write(
        world,
        Note::new(
            ids::SEQ_PHASE5_D,
            format!("The event deck of Age {age} is empty: the Age ends"),
        ),
    );
    crate::rulesets::pop::rules::trade::pirates_leave(world);
    if age < last_age.min(4) {
        let mut flow = world.res_mut::<Flow>();
        flow.age += 1;
        flow.round_in_age = 0;
        let next = flow.age;
        write(
            world,
            Note::new(ids::FLOW_AGE, format!("Age {next} begins")).amount(i32::from(next)),
        );
    }
}
