//! Phase 3 step H, unrest: a realm still at war gets 2 unrest, stability -2 or lower adds 1,
//! stability +2 or higher may remove 1 (7.3).

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::Effect;
use crate::rulesets::pop::decision::{Action, DecisionKind, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm, queue_effects};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::state::{Index, key_of, sid_of};

pub(crate) fn add_and_remove_unrest(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, visits| {
            let name = key_of(world, realm);
            let stability = world.read::<Mat>(realm).map_or(0, |m| m.stability);
            if visits == 0 {
                let mut effects = Vec::new();
                if at_war(world, realm) {
                    write(
                        world,
                        Note::new(
                            ids::SEQ_PHASE3_H,
                            format!("{name} is still at war: 2 towns gain unrest"),
                        )
                        .realm(name),
                    );
                    // "add unrest to 2 of their towns" (EUP-W 4.3 H): never a vassal.
                    effects.push(Effect::TownUnrest(2));
                }
                if stability <= -2 {
                    note_stability_moves_unrest(world, &name, stability);
                    write(
                        world,
                        Note::new(
                            ids::STABILITY_MINUS2,
                            format!("{name} at {stability} stability: 1 town gains unrest"),
                        )
                        .realm(name),
                    );
                    effects.push(Effect::Unrest(1));
                }
                if !effects.is_empty() {
                    // The unrest is placed first (its choices answered by the effect), and the
                    // realm visited again once it is: a removal asked now would have its answer
                    // taken for the placement.
                    queue_effects(world, realm, effects, "Phase 3 step H");
                    return Visit::Asked;
                }
            }
            // Stability +2 or higher: after the war's unrest is placed (FACTS Phase 3 H), the
            // realm may remove 1 of its counting unrest, the new included.
            if stability >= 2 && !removable_unrest(world, realm).is_empty() {
                note_stability_moves_unrest(world, &name, stability);
                ask(
                    world,
                    name,
                    DecisionKind::RemoveUnrest,
                    "Stability +2: you may remove 1 unrest",
                );
                return Visit::Asked;
            }
            Visit::Next
        },
        |world, realm, action| {
            if let Action::ChooseProvince { province } = action {
                remove_unrest(world, realm, &province, ids::STABILITY_PLUS2);
            }
            Visit::Next
        },
    );
}

/// Phase 3 H's note that the realm's stability (-2 or lower, +2 or higher) moves its unrest.
fn note_stability_moves_unrest(world: &mut World, name: &str, stability: i32) {
    write(
        world,
        Note::new(
            ids::SEQ_PHASE3_H,
            format!("{name}'s stability {stability:+} moves its unrest"),
        )
        .realm(name),
    );
}

/// Turns the realm's token on a province back to its calm side.
pub fn remove_unrest(world: &mut World, realm: Entity, province_key: &str, rule: &'static str) {
    let Some(province) = world.res::<Index>().get(province_key) else {
        return;
    };
    let Some(holdings) = world.read::<Holdings>(province) else {
        return;
    };
    let token = holdings.iter().find(|t| {
        world.read::<TokenOf>(*t).is_some_and(|o| o.0 == realm)
            && world.read::<Unrest>(*t).is_some()
    });
    let Some(token) = token else { return };
    world.entity_mut(token).remove::<Unrest>();
    let name = key_of(world, realm);
    let sid = sid_of(world, province);
    write(
        world,
        Note::new(rule, format!("{name} removes the unrest in {province_key}"))
            .realm(name)
            .subject(sid),
    );
}

/// Where stability +2 may remove unrest (7.3: "remove unrest from 1 of your Provinces"): the
/// realm's own provinces whose unrest counts (14.1: not under a rebel town or an occupier); not
/// a province it only occupies, whose unrest rolls for the owner's liberation.
fn removable_unrest(world: &World, realm: Entity) -> Vec<Entity> {
    let mut places = crate::rulesets::pop::rules::rebels::counting_unrest(world, realm, None);
    places.retain(|p| crate::rulesets::pop::rules::generic::owner(world, *p) == Some(realm));
    places
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = removable_unrest(world, realm)
        .into_iter()
        .map(|p| Action::ChooseProvince {
            province: key_of(world, p),
        })
        .collect();
    all.push(Action::Decline);
    all
}
