//! Phase 3 step C (14.3): rebel units in an area without unrest move to a neighbouring area
//! that has some (fighting any army they find there); then rebels siege the unrest provinces
//! of their area, 1 strength each, large provinces first: a core becomes a rebel town, anything
//! else is Liberated.

use bevy::prelude::*;

use crate::engine::flow::{Rules, step_progress};
use crate::engine::log::{Note, write};
use crate::rulesets::pop::decision::{Action, Pending, take_answer};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::PopStep;
use crate::rulesets::pop::rules::battle::{self, BattleSpec, Party};
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::military::units_at;
use crate::rulesets::pop::rules::rebels::{counting_unrest, rebels_take};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::token_provinces;
use crate::rulesets::pop::state::{FirstPlayer, key_of, sid_of};

pub struct RebelArmiesPlugin;

impl Plugin for RebelArmiesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RebelSiegeStrength>()
            .add_systems(Rules, siege_or_move_rebels.in_set(PopStep::P3C));
    }
}

/// Areas where rebel units stand, in stable-id order.
pub fn rebel_areas(world: &World) -> Vec<Entity> {
    let mut areas: Vec<Entity> = world
        .try_query::<(&Unit, &At)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(u, _)| u.status == UnitStatus::Rebel && u.kind.is_land())
                .map(|(_, at)| at.0)
                .collect()
        })
        .unwrap_or_default();
    areas.sort_by_key(|a| sid_of(world, *a));
    areas.dedup();
    areas
}

/// Counting unrest provinces in an area, of every realm: (realm, province).
fn unrest_in(world: &World, area: Entity) -> Vec<(Entity, Entity)> {
    let mut realms: Vec<Entity> = provinces_of(world, area)
        .into_iter()
        .filter_map(|p| world.get::<Holdings>(p))
        .flat_map(|h| {
            h.iter()
                .filter_map(|t| world.get::<TokenOf>(t).map(|o| o.0))
                .collect::<Vec<_>>()
        })
        .collect();
    realms.sort_by_key(|r| sid_of(world, *r));
    realms.dedup();
    realms
        .into_iter()
        .flat_map(|r| {
            counting_unrest(world, r, Some(area))
                .into_iter()
                .map(move |p| (r, p))
        })
        .collect()
}

fn siege_or_move_rebels(world: &mut World) {
    if let Some(action) = take_answer(world) {
        if !battle::answer(world, &action) {
            if let Action::ChooseRealm { realm } = action {
                crate::rulesets::pop::rules::rebels::answer_liberation_colour(world, &realm);
            }
        }
    }
    loop {
        if world.resource::<Pending>().0.is_some() || battle::fight(world) == Progress::Waiting {
            return;
        }
        let cursor = step_progress(world).cursor;
        if cursor == 0 {
            step_progress(world).cursor = 1;
            write(
                world,
                Note::new(ids::SEQ_PHASE3_C, "Phase 3 C: rebels move and siege"),
            );
            move_rebels(world);
            continue;
        }
        // Sieges, one area at a time; `cursor - 1` areas are done.
        let areas = rebel_areas(world);
        let Some(area) = areas.get(cursor as usize - 1).copied() else {
            return;
        };
        if !rebels_siege_one(world, area) {
            step_progress(world).cursor += 1;
        }
    }
}

/// Rebels in an area with no unrest march to the neighbouring area with the most unrest; an
/// army of any realm there is attacked.
fn move_rebels(world: &mut World) {
    for area in rebel_areas(world) {
        if !unrest_in(world, area).is_empty() {
            continue;
        }
        let mut best: Option<(usize, Entity)> = None;
        let borders: Vec<Entity> = world
            .get::<LandBorders>(area)
            .map(|b| b.0.iter().map(|(a, _)| *a).collect())
            .unwrap_or_default();
        let mut borders = borders;
        borders.sort_by_key(|a| sid_of(world, *a));
        for b in borders {
            let n = unrest_in(world, b).len();
            if n > 0 && best.is_none_or(|(m, _)| n > m) {
                best = Some((n, b));
            }
        }
        let Some((_, to)) = best else { continue };
        let rebels = units_at(world, area, Party::Rebels, true);
        for u in &rebels {
            crate::rulesets::pop::rules::military::place_unit(world, *u, to);
        }
        write(
            world,
            Note::new(
                ids::REBEL_MOVE,
                format!(
                    "{} rebel units leave {} for {}, where there is unrest",
                    rebels.len(),
                    key_of(world, area),
                    key_of(world, to)
                ),
            )
            .subject(sid_of(world, to))
            .amount(rebels.len() as i32),
        );
        // The largest army there is attacked.
        let mut armies: Vec<(usize, u32)> = Vec::new();
        if let Some(present) = world.get::<Present>(to) {
            for u in present.iter() {
                if let (Some(owner), true) = (
                    world.get::<UnitOf>(u).map(|o| o.0),
                    world.get::<Unit>(u).is_some_and(|x| x.kind.is_land()),
                ) {
                    let sid = sid_of(world, owner);
                    match armies.iter_mut().find(|(_, s)| *s == sid) {
                        Some(e) => e.0 += 1,
                        None => armies.push((1, sid)),
                    }
                }
            }
        }
        armies.sort_by_key(|(n, s)| (std::cmp::Reverse(*n), *s));
        if let Some((_, sid)) = armies.first() {
            battle::queue(
                world,
                BattleSpec {
                    place: sid_of(world, to),
                    attacker: Party::Rebels,
                    defender: Party::Realm(*sid),
                    from: Some(sid_of(world, area)),
                    naval: false,
                    npr_defence: false,
                    active: None,
                    invaders: false,
                },
            );
        }
    }
}

/// Rebels of an area take one more unrest province if their strength allows. The realm with
/// the lowest tax income in the area is hit first (ties: stable id), large provinces first.
/// Returns false when nothing more is taken.
fn rebels_siege_one(world: &mut World, area: Entity) -> bool {
    let strength = units_at(world, area, Party::Rebels, true).len() as i32;
    // Armies of any realm there must be beaten first.
    let armies = world.get::<Present>(area).is_some_and(|p| {
        p.iter().any(|u| {
            world.get::<UnitOf>(u).is_some()
                && world.get::<Unit>(u).is_some_and(|x| x.kind.is_land())
        })
    });
    if strength == 0 || armies {
        return false;
    }
    let used = rebel_strength_used(world, area);
    let mut targets = unrest_in(world, area);
    let income = |world: &World, r: Entity| -> i32 {
        token_provinces(world, r, |_| true)
            .into_iter()
            .filter(|p| world.get::<InArea>(*p).is_some_and(|a| a.0 == area))
            .filter_map(|p| world.get::<Province>(p).map(|x| x.tax_value()))
            .sum()
    };
    targets.sort_by_key(|(r, p)| {
        let large = world
            .get::<Province>(*p)
            .is_some_and(|x| x.size == ProvinceSize::Large);
        (
            income(world, *r),
            sid_of(world, *r),
            !large,
            sid_of(world, *p),
        )
    });
    let Some((realm, province)) = targets
        .into_iter()
        .find(|(_, p)| world.get::<Province>(*p).map_or(1, |x| x.tax_value()) <= strength - used)
    else {
        return false;
    };
    let value = world.get::<Province>(province).map_or(1, |x| x.tax_value());
    add_strength_used(world, area, value);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::REBEL_SIEGE,
            format!("Rebels besiege {} of {name}", key_of(world, province)),
        )
        .realm(&name)
        .subject(sid_of(world, province)),
    );
    let active = world
        .get_resource::<FirstPlayer>()
        .map(|f| f.0)
        .unwrap_or(realm);
    rebels_take(world, realm, province, active, ids::REBEL_SIEGE);
    true
}

/// Siege strength the rebels of an area used in this step (kept in the step's progress).
fn rebel_strength_used(world: &World, area: Entity) -> i32 {
    let round = world.resource::<crate::engine::flow::Flow>().round;
    let s = world.resource::<RebelSiegeStrength>();
    if s.1 != round {
        return 0;
    }
    s.0.iter()
        .find(|(a, _)| *a == sid_of(world, area))
        .map_or(0, |(_, n)| *n)
}

fn add_strength_used(world: &mut World, area: Entity, value: i32) {
    let sid = sid_of(world, area);
    let round = world.resource::<crate::engine::flow::Flow>().round;
    let mut s = world.resource_mut::<RebelSiegeStrength>();
    if s.1 != round {
        s.0.clear();
        s.1 = round;
    }
    match s.0.iter_mut().find(|(a, _)| *a == sid) {
        Some(e) => e.1 += value,
        None => s.0.push((sid, value)),
    }
}

/// Strength the rebels of each area (stable id) spent on sieges in this Round's step C.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct RebelSiegeStrength(pub Vec<(u32, i32)>, pub u32);

/// Runs Phase 3 step C on the board as it is (for tests).
#[cfg(test)]
pub fn run_step_c_for_tests(world: &mut World) {
    siege_or_move_rebels(world);
}
