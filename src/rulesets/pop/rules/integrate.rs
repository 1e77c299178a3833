//! Integrate Area (7.6): a core token on an area whose provinces the realm owns, making them all
//! its cores and displacing NPR markers and other core tokens there.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, Illegal};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::change_mp;
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::is_core;
use crate::rulesets::pop::state::{Index, key_of, sid_of, spawn_sim};

/// Integrate Area costs this much adm (house rule: the Development cards that carry the action
/// are not in the content).
pub const INTEGRATE_ADM: i32 = 3;

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::IntegrateArea { .. })
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    owned_areas(world, realm)
        .into_iter()
        .map(|a| Action::IntegrateArea {
            area: key_of(world, a),
        })
        .collect()
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let Action::IntegrateArea { area } = action else {
        return None;
    };
    let err = |why: &str| Some(Illegal::new(ids::ACT_INTEGRATE_AREA, why));
    let Some(area) = world
        .resource::<Index>()
        .get(area)
        .filter(|a| world.get::<Area>(*a).is_some())
    else {
        return err("no such area");
    };
    let provinces = provinces_of(world, area);
    if provinces.is_empty() || provinces.iter().any(|p| owner(world, *p) != Some(realm)) {
        return err("you must own every province of the area");
    }
    if provinces.iter().all(|p| is_core(world, *p, realm)) {
        return err("every province there is already your core");
    }
    if mp(world, realm, MpKind::Adm) < INTEGRATE_ADM {
        return err("integrating an area costs 3 adm");
    }
    None
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let Action::IntegrateArea { area } = action else {
        return None;
    };
    let area_e = world.resource::<Index>().get(area)?;
    let name = key_of(world, realm);
    change_mp(
        world,
        realm,
        MpKind::Adm,
        -INTEGRATE_ADM,
        ids::ACT_INTEGRATE_AREA,
    );
    write(
        world,
        Note::new(ids::ACT_INTEGRATE_AREA, format!("{name} integrates {area}")).realm(&name),
    );
    place_core_token(world, realm, area_e);
    Some(true)
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
            .realm(&name),
        );
        return false;
    }
    for (e, token) in markers::<CoreToken>(world) {
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
        .realm(&name)
        .subject(sid_of(world, area_e)),
    );
    true
}
