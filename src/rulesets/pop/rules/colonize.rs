//! Colonize (FACTS 4, Administrative): 4 adm and/or colonists turn a colonial claim on a vacant
//! Territory into a small town, when a chain of the realm's towns and ships links it to the
//! capital area; and the colonist pool that colonial claims fill in Phase 5 step A.

use std::collections::VecDeque;

use bevy::ecs::entity::EntityHashMap;
use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, Illegal};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::change_mp;
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::place_small_town;
use crate::rulesets::pop::state::{Index, key_of, sid_of, sort_dedup_by_sid};

/// A colony costs 4, paid in adm, colonists or any mix of the two.
pub const COLONIZE_COST: u8 = 4;
/// The colonist pool holds at most 4.
pub const MAX_COLONISTS: u8 = 4;

/// Adm a colony costs when `colonists` of the 4 are paid from the colonist pool.
pub fn colonize_adm(colonists: u8) -> i32 {
    i32::from(COLONIZE_COST.saturating_sub(colonists))
}

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::Colonize { .. })
}

/// A Territory nobody owns: a distant province with no realm's flag and no owner.
fn vacant_territory(world: &World, province: Entity) -> bool {
    owner(world, province).is_none()
        && area_of(world, province)
            .and_then(|a| world.read::<Area>(a))
            .is_some_and(|a| a.distant)
        && crate::rulesets::pop::rules::towns::core_owners(world, province).is_empty()
}

/// Areas holding a vacant Territory where the realm has a claim: its colonial claims.
pub fn colonial_claims(world: &World, realm: Entity) -> Vec<Entity> {
    let mut areas: Vec<Entity> = markers::<Claim>(world)
        .iter()
        .copied()
        .filter(|(_, c)| c.realm == realm)
        .map(|(_, c)| c.area)
        .filter(|a| {
            provinces_of(world, *a)
                .iter()
                .any(|p| vacant_territory(world, *p))
        })
        .collect();
    sort_dedup_by_sid(world, &mut areas);
    areas
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let pool = world.read::<Mat>(realm).map_or(0, |m| m.colonists);
    let mut all = Vec::new();
    for area in colonial_claims(world, realm) {
        for p in provinces_of(world, area) {
            if !vacant_territory(world, p) {
                continue;
            }
            for colonists in 0..=pool.min(COLONIZE_COST) {
                all.push(Action::Colonize {
                    province: key_of(world, p),
                    colonists,
                });
            }
        }
    }
    all
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let Action::Colonize {
        province,
        colonists,
    } = action
    else {
        return None;
    };
    let err = |why: &'static str| Some(Illegal::new(ids::ACT_COLONIZE, why));
    let Some(p) = world
        .res::<Index>()
        .get(province)
        .filter(|p| world.read::<Province>(*p).is_some())
    else {
        return err("no such province");
    };
    if !vacant_territory(world, p) {
        return err("only a vacant Territory (nobody's province, nobody's core) is colonized");
    }
    let Some(area) = area_of(world, p) else {
        return err("the province lies in no area");
    };
    if !markers::<Claim>(world)
        .iter()
        .any(|(_, c)| c.realm == realm && c.area == area)
    {
        return err("you need a colonial claim on its area");
    }
    let mat = mat(world, realm);
    if *colonists > COLONIZE_COST || *colonists > mat.colonists {
        return err("you do not have that many colonists (at most 4 count)");
    }
    let adm = colonize_adm(*colonists);
    if mat.mp(MpKind::Adm) < adm {
        return err("a colony costs 4 in adm and colonists together");
    }
    if !linked_to_capital(world, realm, area) {
        return err(
            "the claim must be linked to your capital area by areas with your towns and sea zones with your ships",
        );
    }
    None
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let Action::Colonize {
        province,
        colonists,
    } = action
    else {
        return None;
    };
    let p = world.res::<Index>().get(province)?;
    let area = area_of(world, p)?;
    let name = key_of(world, realm);
    let adm = colonize_adm(*colonists);
    if adm > 0 {
        change_mp(world, realm, MpKind::Adm, -adm, ids::ACT_COLONIZE);
    }
    if let Some(mut m) = world.get_mut::<Mat>(realm) {
        m.colonists -= colonists;
    }
    // The colonial claim is replaced by the town.
    if let Some((claim, _)) = markers::<Claim>(world)
        .iter()
        .copied()
        .find(|(_, c)| c.realm == realm && c.area == area)
    {
        world.despawn(claim);
    }
    world
        .entity_mut(p)
        .insert((OwnedBy(realm), ControlledBy(realm)));
    write(
        world,
        Note::new(
            ids::ACT_COLONIZE,
            format!("{name} founds a colony on {province} ({adm} adm, {colonists} colonists)"),
        )
        .realm(name)
        .subject(sid_of(world, p)),
    );
    place_small_town(world, realm, p);
    // 12.6: a colony is a foothold too (its continent's Trade Cards join the deck).
    crate::rulesets::pop::rules::trade::open_continent(world, realm, area);
    Some(true)
}

/// Whether `target` touches the capital area through a chain of areas holding the realm's
/// towns and sea zones holding its ships (the capital area itself counts).
pub fn linked_to_capital(world: &World, realm: Entity, target: Entity) -> bool {
    let Some(capital) = capital_area(world, realm) else {
        return false;
    };
    let town_areas: Vec<Entity> = town_provinces(world, realm)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    let ship_seas: Vec<Entity> = world
        .read::<Forces>(realm)
        .map(|f| {
            f.iter()
                .filter(|u| world.read::<Unit>(*u).is_some_and(|x| !x.kind.is_land()))
                .filter_map(|u| world.read::<At>(u).map(|a| a.0))
                .filter(|at| world.read::<SeaZone>(*at).is_some())
                .collect()
        })
        .unwrap_or_default();
    let shores = crate::rulesets::pop::rules::trade::shores_map(world);
    let mut seen = vec![capital];
    let mut queue = VecDeque::from([capital]);
    while let Some(node) = queue.pop_front() {
        for n in neighbours(world, node, &shores) {
            if n == target {
                return true;
            }
            let carries = town_areas.contains(&n) || ship_seas.contains(&n);
            if carries && !seen.contains(&n) {
                seen.push(n);
                queue.push_back(n);
            }
        }
    }
    false
}

/// Provinces where the realm has a town (not a vassal).
fn town_provinces(world: &World, realm: Entity) -> Vec<Entity> {
    crate::rulesets::pop::rules::towns::token_provinces(world, realm, |t| {
        world.read::<Town>(t).is_some()
    })
}

/// The areas facing each sea zone, for stepping ashore.
pub fn shores(world: &World) -> EntityHashMap<Vec<Entity>> {
    let mut pairs: Vec<(Entity, Entity)> = world
        .try_query::<(Entity, &Coasts)>()
        .map(|mut q| {
            q.iter(world)
                .flat_map(|(a, c)| c.0.iter().map(move |s| (*s, a)))
                .collect()
        })
        .unwrap_or_default();
    pairs.sort_by_cached_key(|(s, a)| (sid_of(world, *s), sid_of(world, *a)));
    let mut out: EntityHashMap<Vec<Entity>> = EntityHashMap::default();
    for (s, a) in pairs {
        out.entry(s).or_default().push(a);
    }
    out
}

/// Places next to a place on the map: land borders and coasts of an area; neighbouring seas
/// and shores of a sea zone.
pub fn neighbours(world: &World, node: Entity, shores: &EntityHashMap<Vec<Entity>>) -> Vec<Entity> {
    if world.read::<SeaZone>(node).is_some() {
        let mut out: Vec<Entity> = world
            .read::<SeaNeighbours>(node)
            .map(|n| n.0.clone())
            .unwrap_or_default();
        out.extend(shores.get(&node).cloned().unwrap_or_default());
        out
    } else {
        let mut out: Vec<Entity> = world
            .read::<LandBorders>(node)
            .map(|b| b.0.iter().map(|(a, _)| *a).collect())
            .unwrap_or_default();
        out.extend(
            world
                .read::<Coasts>(node)
                .map(|c| c.0.clone())
                .unwrap_or_default(),
        );
        out
    }
}

/// Phase 5 step A: the colonist pool gains 1 for each colonial claim, up to 4.
pub fn gain_colonists(world: &mut World, realm: Entity) {
    let claims = colonial_claims(world, realm).len() as u8;
    if claims == 0 {
        return;
    }
    let Some(before) = world.read::<Mat>(realm).map(|m| m.colonists) else {
        return;
    };
    let after = (before + claims).min(MAX_COLONISTS);
    if after == before {
        return;
    }
    if let Some(mut m) = world.get_mut::<Mat>(realm) {
        m.colonists = after;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::COLONISTS,
            format!("{name}: colonists {before} -> {after} ({claims} colonial claims)"),
        )
        .realm(name)
        .amount(i32::from(after - before)),
    );
}

/// The distant towns of `realm` where a Native Uprising's unrest may go: calm ones where its
/// unrest would count (`unrest_places`), in map order.
pub fn uprising_towns(world: &World, realm: Entity) -> Vec<Entity> {
    let calm = crate::rulesets::pop::rules::effects::unrest_places(world, realm, None);
    town_provinces(world, realm)
        .into_iter()
        .filter(|p| {
            calm.contains(p)
                && area_of(world, *p)
                    .and_then(|a| world.read::<Area>(a))
                    .is_some_and(|a| a.distant)
        })
        .collect()
}

/// The Native Uprising symbol's answers for `realm` (16.5: "Each player loses 1 colonist from
/// the Colonist Pool and gains unrest in a Distant town"). The Active Player (`spare`) "may
/// choose to ignore one of the two effects": with both at hand it picks the town that takes
/// the unrest (keeping its colonist) or declines the unrest (losing the colonist); with one,
/// it ignores that one and nothing is asked. Another player chooses its town where it has
/// several. None or one answer: nothing to ask.
pub fn uprising_choices(world: &World, realm: Entity, spare: bool) -> Vec<Action> {
    let towns: Vec<Action> = uprising_towns(world, realm)
        .into_iter()
        .map(|p| Action::ChooseProvince {
            province: key_of(world, p),
        })
        .collect();
    let colonist = world.read::<Mat>(realm).is_some_and(|m| m.colonists > 0);
    match (spare, towns.len()) {
        (true, 0) => Vec::new(),
        (true, _) if !colonist => Vec::new(),
        (true, _) => towns.into_iter().chain([Action::Decline]).collect(),
        (false, 0 | 1) => Vec::new(),
        (false, _) => towns,
    }
}

/// Native Uprising strikes `realm` with the answer chosen (`None` where nothing was asked):
/// a colonist lost and unrest in a distant town, the Active Player (`spare`) ignoring one.
pub fn native_uprising_strikes(
    world: &mut World,
    realm: Entity,
    spare: bool,
    choice: Option<&Action>,
) {
    let town = match choice {
        Some(Action::ChooseProvince { province }) => world.res::<Index>().get(province),
        Some(_) => None,
        // Nothing to choose: another player's only town; the Active Player ignores the one
        // effect that would strike it.
        None if spare => None,
        None => uprising_towns(world, realm).first().copied(),
    };
    let lose_colonist = match choice {
        Some(Action::Decline) => true,
        _ => !spare,
    };
    if spare
        && choice.is_none()
        && (!uprising_towns(world, realm).is_empty() || colonists(world, realm) > 0)
    {
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::COLONISTS,
                format!("{name}, the Active Player, ignores the native uprising"),
            )
            .realm(name),
        );
    }
    if let Some(p) = town {
        crate::rulesets::pop::rules::effects::add_unrest(world, realm, p);
    }
    let before = colonists(world, realm);
    if !lose_colonist || before == 0 {
        return;
    }
    if let Some(mut m) = world.get_mut::<Mat>(realm) {
        m.colonists = before - 1;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::COLONISTS,
            format!("{name} loses a colonist to a native uprising"),
        )
        .realm(name)
        .amount(-1),
    );
}

fn colonists(world: &World, realm: Entity) -> u8 {
    world.read::<Mat>(realm).map_or(0, |m| m.colonists)
}
