//! Integrate Area (7.6), the action of a Development card: a core token on an area whose
//! provinces the realm owns, making them all its cores and displacing NPR markers and other core
//! tokens there.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{Action, Illegal};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::is_core;
use crate::rulesets::pop::state::{Index, key_of, sid_of, spawn_sim};

/// Whether a turn action is Integrate Area: it is refused as one (the action is on a
/// Development card, 7.6), so the refusal names its rule.
pub fn owns(action: &Action) -> bool {
    matches!(action, Action::IntegrateArea { .. })
}

/// Integrate Area is no Basic Action: a realm takes it by playing a Development card (an Action
/// Card carrying `Effect::IntegrateArea`), which then asks for the area.
pub fn problem(_world: &World, _realm: Entity, action: &Action) -> Option<Illegal> {
    owns(action).then(|| {
        Illegal::new(
            ids::ACT_INTEGRATE_AREA,
            "Integrate Area is the action of a Development card: play one to choose the area",
        )
    })
}

/// The areas `realm` may integrate now: it owns every province there and not all of them are
/// its cores already (7.6), in stable-id order.
pub fn integrable(world: &World, realm: Entity) -> Vec<Entity> {
    owned_areas(world, realm)
        .into_iter()
        .filter(|a| area_problem(world, realm, *a).is_none())
        .collect()
}

/// Why `realm` may not place a core token in `area` by Integrate Area, if it may not.
pub fn area_problem(world: &World, realm: Entity, area: Entity) -> Option<Illegal> {
    let err = |why: &'static str| Some(Illegal::new(ids::ACT_INTEGRATE_AREA, why));
    if world.read::<Area>(area).is_none() {
        return err("no such area");
    }
    let provinces = provinces_of(world, area);
    // "Own all the Provinces": the realm's town on each, none held as a vassal, occupied by
    // another or under a Rebel Town (`owns_in_full`).
    if provinces.is_empty() || provinces.iter().any(|p| !owns_in_full(world, realm, *p)) {
        return err(
            "you must own every province of the area: your town on each, none a vassal's, occupied or under a Rebel Town",
        );
    }
    if provinces.iter().all(|p| is_core(world, *p, realm)) {
        return err("every province there is already your core");
    }
    None
}

/// The same check for an answer naming the area by id.
pub fn answer_problem(world: &World, realm: Entity, area: &str) -> Option<Illegal> {
    match world.res::<Index>().get(area) {
        Some(a) => area_problem(world, realm, a),
        None => Some(Illegal::new(ids::ACT_INTEGRATE_AREA, "no such area")),
    }
}

/// Integrates `area` for `realm`: the action's log line, then the core token.
pub fn integrate(world: &mut World, realm: Entity, area: Entity) {
    let name = key_of(world, realm);
    let area_key = key_of(world, area);
    write(
        world,
        Note::new(
            ids::ACT_INTEGRATE_AREA,
            format!("{name} integrates {area_key}"),
        )
        .realm(name)
        .subject(sid_of(world, area)),
    );
    place_core_token(world, realm, area);
}

/// Places `realm`'s core token in an area (7.6), by Integrate Area or a reward: it displaces
/// the other core tokens and the NPR markers there. Where every province is already the
/// realm's core, no token may be placed: `false`, and nothing changes.
pub fn place_core_token(world: &mut World, realm: Entity, area_e: Entity) -> bool {
    let name = key_of(world, realm);
    let area = key_of(world, area_e);
    if provinces_of(world, area_e)
        .iter()
        .all(|p| is_core(world, *p, realm))
    {
        write(
            world,
            Note::new(
                ids::CORE_TOKEN,
                format!(
                    "No core token of {name} in {area}: every province there is its core already"
                ),
            )
            .realm(name),
        );
        return false;
    }
    for &(e, token) in markers::<CoreToken>(world).iter() {
        if token.area == area_e {
            world.despawn(e);
        }
    }
    for p in provinces_of(world, area_e) {
        world.entity_mut(p).remove::<NprMarker>();
    }
    spawn_sim(
        world,
        None,
        CoreToken {
            realm,
            area: area_e,
        },
    );
    write(
        world,
        Note::new(
            ids::CORE_TOKEN,
            format!("A core token of {name} in {area}: its provinces are {name}'s cores"),
        )
        .realm(name)
        .subject(sid_of(world, area_e)),
    );
    true
}
