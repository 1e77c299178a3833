//! The bot at war: when to raise an army and a fleet, whom to attack, where to march and sail,
//! what to besiege, when to retreat or surrender, and which peace to impose.

use super::legal::Legal;
use crate::engine::reads::Reads;
use crate::rulesets::pop::rules::actions::TurnPart;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use bevy::ecs::world::WorldId;

use bevy::prelude::*;
use chacha20::ChaCha8Rng;
use rand::RngExt;

use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, PeaceTerm};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle::{self, Battles};
use crate::rulesets::pop::rules::military::{
    MilitaryAction, commander_at, controller, has_own_units_at, own_units_at,
};
use crate::rulesets::pop::rules::relations::{area_provinces, enemies_of};
use crate::rulesets::pop::rules::war::{casus_belli, deployed_land_units};
use crate::rulesets::pop::state::Index;

/// Areas across the realm's Naval Bridges from `area`: shores of the bridged sea zones its coasts
/// touch (one sea zone's crossing is enough for the bot's sense of distance).
fn across_bridges(world: &World, area: Entity, bridges: &[Entity]) -> Vec<Entity> {
    let Some(coasts) = world.read::<Coasts>(area) else {
        return Vec::new();
    };
    let seas: Vec<Entity> = coasts
        .0
        .iter()
        .copied()
        .filter(|s| bridges.contains(s))
        .collect();
    if seas.is_empty() {
        return Vec::new();
    }
    let shores = crate::rulesets::pop::rules::trade::shores_map(world);
    let mut out: Vec<Entity> = seas
        .iter()
        .flat_map(|s| shores.get(s).cloned().unwrap_or_default())
        .filter(|a| *a != area)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Steps from every area to the nearest area holding a province of one of `targets`, over land
/// and across the realm's Naval Bridges.
/// Steps from the places a walk started at to each place it reached, kept by entity index (a
/// map's few hundred areas, found by one look-up instead of a hash; the entity is kept beside
/// its steps, so a reused index is never mistaken for a place the walk reached).
#[derive(Default)]
struct Distances {
    at: Vec<(Entity, u32)>,
}

impl Distances {
    fn get(&self, place: &Entity) -> Option<&u32> {
        self.at
            .get(place.index_u32() as usize)
            .filter(|(e, _)| e == place)
            .map(|(_, d)| d)
    }

    fn contains_key(&self, place: &Entity) -> bool {
        self.get(place).is_some()
    }

    /// Records the steps to `place` unless it was reached already; whether it was new.
    fn reach(&mut self, place: Entity, steps: u32) -> bool {
        let i = place.index_u32() as usize;
        if i >= self.at.len() {
            self.at.resize(i + 1, (Entity::PLACEHOLDER, 0));
        }
        if self.at[i].0 == place {
            return false;
        }
        self.at[i] = (place, steps);
        true
    }
}

fn distances(world: &World, realm: Entity, targets: &[Entity]) -> Rc<Distances> {
    distances_within(world, realm, targets, None)
}

/// The areas a war is fought for: the Emperor goes first for an enemy's provinces in an area
/// that left the Empire (it rejoins, and Imperial Authority rises, once members or the Emperor
/// hold it all again: 18.6); `None` for any area an enemy holds.
fn war_aims(world: &World, realm: Entity, enemies: &[Entity]) -> Option<Vec<Entity>> {
    if !crate::rulesets::pop::rules::empire::is_emperor(world, realm) {
        return None;
    }
    let left = &world
        .res::<crate::rulesets::pop::rules::empire::Empire>()
        .left;
    if left.is_empty() {
        return None;
    }
    let index = world.res::<crate::rulesets::pop::state::Index>();
    let aims: Vec<Entity> = left
        .iter()
        .filter_map(|key| index.get(key))
        .filter(|area| {
            area_provinces(world, *area)
                .iter()
                .any(|p| controller(world, *p).is_some_and(|c| enemies.contains(&c)))
        })
        .collect();
    (!aims.is_empty()).then_some(aims)
}

/// `distances`, counted to the areas in `within` only when it is given.
fn distances_within(
    world: &World,
    realm: Entity,
    targets: &[Entity],
    within: Option<&[Entity]>,
) -> Rc<Distances> {
    // The walk starts from the areas of the provinces the targets hold: those they control,
    // and those they own that nobody controls (`controller`), read off the targets instead of
    // asking every province of the map.
    let mut starts: Vec<Entity> = Vec::new();
    for t in targets {
        let controlled = world
            .read::<Controls>(*t)
            .into_iter()
            .flat_map(|c| c.iter());
        let owned_only = world
            .read::<Owns>(*t)
            .into_iter()
            .flat_map(|o| o.iter())
            .filter(|p| world.read::<ControlledBy>(*p).is_none());
        starts.extend(
            controlled
                .chain(owned_only)
                .filter_map(|p| world.read::<InArea>(p).map(|a| a.0))
                .filter(|a| within.is_none_or(|w| w.contains(a))),
        );
    }
    starts.sort();
    starts.dedup();
    let bridges: Vec<Entity> = crate::rulesets::pop::rules::military::naval_bridges(world, realm)
        .into_iter()
        .map(|(sea, _)| sea)
        .collect();
    remembered_walk(world, starts, bridges)
}

/// The walks of the last few questions, by World, start areas and bridged sea zones: what a
/// walk reaches depends on nothing else (land borders and shores never change in play; a test
/// that edits the map must do it before the first walk), so a realm at war asking again on its
/// next turn, with the front where it was, reads the walk it made.
type Walk = (WorldId, Vec<Entity>, Vec<Entity>, Rc<Distances>);

thread_local! {
    static WALKS: RefCell<VecDeque<Walk>> = const { RefCell::new(VecDeque::new()) };
}

/// Walks kept; the oldest goes first. Seven realms at war with a front each fit.
const WALKS_KEPT: usize = 16;

fn remembered_walk(world: &World, starts: Vec<Entity>, bridges: Vec<Entity>) -> Rc<Distances> {
    let id = world.id();
    let known = WALKS.with(|w| {
        w.borrow()
            .iter()
            .find(|(w, s, b, _)| *w == id && *s == starts && *b == bridges)
            .map(|(_, _, _, d)| d.clone())
    });
    if let Some(walk) = known {
        return walk;
    }
    let walk = Rc::new(walk_from(world, &starts, &bridges));
    WALKS.with(|w| {
        let mut w = w.borrow_mut();
        if w.len() >= WALKS_KEPT {
            w.pop_front();
        }
        w.push_back((id, starts, bridges, walk.clone()));
    });
    walk
}

/// Steps from `starts` to every area reached over land and across the sea zones `bridges`.
fn walk_from(world: &World, starts: &[Entity], bridges: &[Entity]) -> Distances {
    let mut dist = Distances::default();
    let mut queue = VecDeque::new();
    for s in starts {
        dist.reach(*s, 0);
        queue.push_back(*s);
    }
    while let Some(a) = queue.pop_front() {
        let d = dist.get(&a).copied().unwrap_or_default();
        // A walk by levels gives every area its least distance whatever order its neighbours
        // are taken in.
        let borders = world.read::<LandBorders>(a).map(|b| b.0.as_slice());
        let over_land = borders.unwrap_or_default().iter().map(|(n, _)| *n);
        let over_sea = if bridges.is_empty() {
            Vec::new()
        } else {
            across_bridges(world, a, bridges)
        };
        for n in over_land.chain(over_sea) {
            if dist.reach(n, d + 1) {
                queue.push_back(n);
            }
        }
    }
    dist
}

/// A sea zone for a fleet to bridge an army over to the enemy: it touches an area with the
/// realm's army and an area with a province an enemy holds, and no hostile ship is there.
fn invasion_sea(world: &World, realm: Entity, enemies: &[Entity]) -> Vec<Entity> {
    let armies = crate::rulesets::pop::rules::military::army_places(world, realm, true);
    let coasts = |a: Entity| {
        world
            .read::<Coasts>(a)
            .map(|c| c.0.clone())
            .unwrap_or_default()
    };
    let own_seas: Vec<Entity> = armies
        .iter()
        .filter(|a| world.read::<SeaZone>(**a).is_none())
        .flat_map(|a| coasts(*a))
        .collect();
    let enemy_seas: Vec<Entity> =
        crate::engine::query_cache::with_query::<(Entity, &InArea), (), _>(world, |q| {
            q.filter(|(p, _)| controller(world, *p).is_some_and(|c| enemies.contains(&c)))
                .map(|(_, a)| a.0)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .flat_map(coasts)
        .collect();
    let mut out: Vec<Entity> = own_seas
        .into_iter()
        .filter(|s| enemy_seas.contains(s))
        .filter(|s| {
            !crate::rulesets::pop::rules::military::hostile_units_at(world, realm, *s, false)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn entity(world: &World, key: impl crate::engine::id::AsId) -> Option<Entity> {
    world.res::<Index>().get(key)
}

fn army_size(world: &World, realm: Entity) -> usize {
    deployed_land_units(world, realm)
}

/// The march that brings an army nearest the places `dist` counts to, among those whose army
/// outnumbers the hostile units where it goes (only as many as the way lets through count).
fn best_march(world: &World, realm: Entity, legal: &Legal, dist: &Distances) -> Option<Action> {
    let mut best: Option<(u32, Action)> = None;
    let index = world.res::<Index>();
    // An army's marches come one after another: its place is looked up once for them all.
    let mut army: Option<(crate::engine::id::Id, Option<Entity>)> = None;
    for (ticket, a) in
        legal.unchecked_in(&[TurnPart::Marches], |a| matches!(a, Action::Move { .. }))
    {
        if let Action::Move { from, to } = a {
            let f = match army {
                Some((key, f)) if key == *from => f,
                _ => {
                    let f = index.get(*from);
                    army = Some((*from, f));
                    f
                }
            };
            let (Some(f), Some(t)) = (f, index.get(*to)) else {
                continue;
            };
            // Nearer the enemy than the best so far, or not worth weighing (asked first:
            // the distances are known, the march's legality is not).
            let (df, dt) = (
                dist.get(&f).copied().unwrap_or(99),
                dist.get(&t).copied().unwrap_or(99),
            );
            if dt >= df || best.as_ref().is_some_and(|(d, _)| dt >= *d) {
                continue;
            }
            // Only as many as the way lets through (mountains, ships) go.
            let through =
                crate::rulesets::pop::rules::military::read_marches(world, realm, f, |marches| {
                    marches.iter().find(|m| m.to == t).map_or(
                        usize::MAX,
                        crate::rulesets::pop::rules::military::March::limit,
                    )
                });
            let mine = own_units_at(world, realm, f, true).len().min(through);
            let theirs = world.read::<Present>(t).map_or(0, |p| {
                p.iter()
                    .filter(|u| {
                        crate::rulesets::pop::rules::military::hostile_unit(world, realm, *u)
                    })
                    .count()
            });
            if mine > theirs && legal.is_legal(ticket) {
                best = Some((dt, a.clone()));
            }
        }
    }
    best.map(|(_, a)| a)
}

/// A turn action for war, if the bot wants one.
pub fn turn_action(
    rng: &mut ChaCha8Rng,
    world: &World,
    realm: Entity,
    mat: &Mat,
    legal: &Legal,
    bold: bool,
) -> Option<Action> {
    let enemies = enemies_of(world, realm);
    // Read once for the ids of every candidate weighed.
    let index = world.res::<Index>();
    let mil = mat.mp(MpKind::Mil);
    // Minor actions: a general or admiral waiting on an empty mat takes an army or fleet that
    // has no commander (free); the ruler leads the largest army; a general from the hand for
    // another.
    // Each loop asks its own questions before the rules' check (`unchecked_in`): the first
    // candidate passing both, in order, is the first legal one passing the bot's.
    for (ticket, a) in legal.unchecked_in(&[TurnPart::Commands], |a| {
        matches!(a, Action::CommandArmy { .. })
    }) {
        if let Action::CommandArmy { character, place } = a {
            let (Some(c), Some(p)) = (index.get(*character), index.get(*place)) else {
                continue;
            };
            let waiting = world.read::<InCommand>(c).is_none();
            let wanted = match world.read::<Role>(c) {
                Some(Role::General) => own_units_at(world, realm, p, true).len() >= 2,
                Some(Role::Admiral) => has_own_units_at(world, realm, p, false),
                _ => false,
            };
            let land = !matches!(world.read::<Role>(c), Some(Role::Admiral));
            if waiting
                && wanted
                && commander_at(world, realm, p, land).is_none()
                && legal.is_legal(ticket)
            {
                return Some(a.clone());
            }
        }
    }
    for (ticket, a) in legal.unchecked_in(&[TurnPart::Commands], |a| {
        matches!(a, Action::CommandArmy { .. })
    }) {
        if let Action::CommandArmy { character, place } = a {
            let (Some(c), Some(p)) = (index.get(*character), index.get(*place)) else {
                continue;
            };
            let ruler = matches!(world.read::<Role>(c), Some(Role::Ruler));
            if ruler
                && commander_at(world, realm, p, true).is_none()
                && own_units_at(world, realm, p, true).len() >= 3
                && legal.is_legal(ticket)
            {
                return Some(a.clone());
            }
        }
    }
    if mil >= 4 {
        for (ticket, a) in legal.unchecked_in(&[TurnPart::Appointments], |a| {
            matches!(a, Action::AppointGeneral { .. })
        }) {
            if let Action::AppointGeneral {
                place,
                fleet: false,
                ..
            } = a
            {
                let Some(p) = index.get(*place) else {
                    continue;
                };
                if commander_at(world, realm, p, true).is_none()
                    && own_units_at(world, realm, p, true).len() >= 3
                    && legal.is_legal(ticket)
                {
                    return Some(a.clone());
                }
            }
        }
    }
    // Replenish Manpower: exhausted units go back to the reserve when a war needs them,
    // keeping 2 mil for the war itself.
    if (!enemies.is_empty() || bold) && mat.manpower < 3 && mil >= 3 {
        let units = mat.exhausted_manpower.min(3 * (mil - 2)).clamp(0, 40) as u8;
        let replenish = Action::ReplenishManpower { units };
        if units > 0 && legal.contains(&replenish) {
            return Some(replenish);
        }
    }
    if !enemies.is_empty() {
        // Besiege what the army can take.
        if let Some(s) = legal.find_in(&[TurnPart::Sieges], |a| match a {
            Action::Siege { province } => worth_besieging(world, realm, *province),
            _ => false,
        }) {
            return Some(s);
        }
        let aims = war_aims(world, realm, &enemies);
        let dist = distances_within(world, realm, &enemies, aims.as_deref());
        // March towards the enemy (or what the war is for), avoiding stronger armies; when no
        // march leads towards the war's aim, towards the nearest enemy land as any realm does.
        if let Some(a) = best_march(world, realm, legal, &dist) {
            return Some(a);
        }
        let dist = if aims.is_some() {
            let dist = distances(world, realm, &enemies);
            if let Some(a) = best_march(world, realm, legal, &dist) {
                return Some(a);
            }
            dist
        } else {
            dist
        };
        // An army with no way to the enemy by land: a fleet sails to bridge it over the sea.
        let stuck = crate::rulesets::pop::rules::military::army_places(world, realm, true)
            .iter()
            .copied()
            .filter(|p| world.read::<SeaZone>(*p).is_none())
            .all(|p| !dist.contains_key(&p));
        if stuck {
            let seas = invasion_sea(world, realm, &enemies);
            let bridged = crate::rulesets::pop::rules::military::naval_bridges(world, realm);
            if !seas.iter().any(|s| bridged.iter().any(|(b, _)| b == s)) {
                for a in legal.matching_in(&[TurnPart::Sails], |a| matches!(a, Action::Sail { .. }))
                {
                    if let Action::Sail { to, .. } = a
                        && index.get(*to).is_some_and(|t| seas.contains(&t))
                    {
                        return Some(a.clone());
                    }
                }
            }
        }
        // Fleets sail to where an enemy's ports face.
        // The sea zones the enemies' ports face, found once for every fleet's sail.
        // (Read off the enemies' own provinces, not every province of the map.)
        let enemy_ports: Vec<Entity> = enemies
            .iter()
            .filter_map(|e| world.read::<Owns>(*e))
            .flat_map(|owns| owns.iter())
            .filter_map(|p| world.read::<Province>(p).and_then(|p| p.port))
            .collect();
        for a in legal.matching_in(&[TurnPart::Sails], |a| matches!(a, Action::Sail { .. })) {
            if let Action::Sail { to, .. } = a {
                let Some(t) = index.get(*to) else { continue };
                let enemy_port = enemy_ports.contains(&t);
                // A bold realm keeps its fleets out blockading; a prudent one sometimes.
                if enemy_port && (bold || rng.random_range(0..3) == 0) {
                    return Some(a.clone());
                }
            }
        }
        let (most, funds) = if bold { (10, 6) } else { (8, 8) };
        if mil >= 2 && army_size(world, realm) < most {
            // A bold realm borrows to keep recruiting.
            if bold && mat.ducats < funds && legal.contains(&Action::TakeLoan) {
                return Some(Action::TakeLoan);
            }
            if mat.ducats >= funds
                && let Some(r) = closest_recruit(world, legal, &dist)
            {
                return Some(r);
            }
        }
        return None;
    }
    // At peace: keep a small army, and sometimes go to war against a weak neighbour.
    let (peace_army, peace_funds) = if bold { (6, 8) } else { (4, 12) };
    if mil >= 2
        && mat.ducats >= peace_funds
        && army_size(world, realm) < peace_army
        && let Some(r) = legal.find_in(&[TurnPart::Recruits], |a| {
            matches!(a, Action::Recruit { .. })
        })
    {
        return Some(r);
    }
    if mil >= 3 && army_size(world, realm) >= 3 {
        // Realms holding land within two areas of one of the bot's armies.
        let mut near_areas: Vec<Entity> =
            crate::rulesets::pop::rules::military::army_places(world, realm, true).to_vec();
        for _ in 0..2 {
            let next: Vec<Entity> = near_areas
                .iter()
                .filter_map(|a| world.read::<LandBorders>(*a))
                .flat_map(|b| b.0.iter().map(|(x, _)| *x))
                .collect();
            near_areas.extend(next);
            near_areas.sort();
            near_areas.dedup();
        }
        // With a fleet, realms across the sea from an army are within reach too.
        let fleet = crate::rulesets::pop::rules::military::army_places(world, realm, false).len();
        if fleet > 0 {
            let shores: Vec<Entity> =
                crate::rulesets::pop::rules::military::army_places(world, realm, true)
                    .iter()
                    .flat_map(|&a| {
                        let seas: &[Entity] =
                            world.read::<Coasts>(a).map_or(&[], |c| c.0.as_slice());
                        across_bridges(world, a, seas)
                    })
                    .collect();
            near_areas.extend(shores);
            near_areas.sort();
            near_areas.dedup();
        }
        // Asked once per declaration the bot weighs: each realm once (order does not matter).
        let mut near_realms: Vec<Entity> = near_areas
            .iter()
            .flat_map(|a| area_provinces(world, *a))
            .filter_map(|p| controller(world, *p))
            .collect();
        near_realms.sort_unstable();
        near_realms.dedup();
        let mut targets: Vec<(i32, Action)> = Vec::new();
        let own_army = army_size(world, realm);
        // Whether the bot goes to war is drawn by lot once it has a target: drawn as soon as
        // the first is found, so that a realm staying at peace weighs no other target (the
        // draw happens exactly when it did before, so every game plays the same).
        let mut go: Option<bool> = None;
        for (ticket, a) in
            legal.unchecked_in(&[TurnPart::War], |a| matches!(a, Action::DeclareWar { .. }))
        {
            if let Action::DeclareWar { target } = a {
                let Some(t) = index.get(*target) else {
                    continue;
                };
                // Only a neighbour is a target, and a Non-Player Realm only when it is not much
                // stronger: both asked before the rules and the casus belli are (cheaper).
                if !near_realms.contains(&t) {
                    continue;
                }
                let npr = world.read::<NonPlayerRealm>(t).is_some();
                let strength = crate::rulesets::pop::rules::war::realm_tax_value(world, t);
                if npr && strength as usize > own_army + if bold { 4 } else { 2 } {
                    continue;
                }
                if !legal.is_legal(ticket) {
                    continue;
                }
                let cb = casus_belli(world, realm, t).is_some();
                // Without a casus belli stability drops by 2: a prudent realm only risks it
                // against a Non-Player Realm with stability to spare; a bold one risks it anyway.
                let risk_ok = if bold {
                    mat.stability >= -1
                } else {
                    mat.stability >= 1 && npr
                };
                if !cb && !risk_ok {
                    continue;
                }
                // The Emperor favours winning back the Empire's land from outsiders (18.6).
                let reclaim = crate::rulesets::pop::rules::empire::reclaim_target(world, realm, t);
                targets.push((
                    strength - if cb { 5 } else { 0 } - if reclaim { 3 } else { 0 },
                    a.clone(),
                ));
                if !*go.get_or_insert_with(|| rng.random_range(0..if bold { 2 } else { 3 }) == 0) {
                    return None;
                }
            }
        }
        if go == Some(true) {
            // The weakest target; the first listed among equals.
            return targets.into_iter().min_by_key(|(s, _)| *s).map(|(_, a)| a);
        }
    }
    None
}

/// Ducats the realm's own units cost in Phase 4 B (the rules' own upkeep count).
pub fn army_upkeep(world: &World, realm: Entity) -> i32 {
    let halves: i32 = world.read::<Forces>(realm).map_or(0, |f| {
        f.iter()
            .map(|u| crate::rulesets::pop::rules::income::unit_upkeep_halves(world, u))
            .sum()
    });
    (halves + 1) / 2
}

fn closest_recruit(world: &World, legal: &Legal, dist: &Distances) -> Option<Action> {
    // Only the turn's recruits are built and checked (a recruit is in no other part).
    legal
        .matching_in(&[TurnPart::Recruits], |a| {
            matches!(a, Action::Recruit { .. })
        })
        .filter_map(|a| match a {
            Action::Recruit { area } => {
                let d = entity(world, area).and_then(|e| dist.get(&e).copied());
                Some((d.unwrap_or(99), a))
            }
            _ => None,
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a.clone())
}

/// An answer to a war question, if the bot has an opinion.
pub fn decide(
    rng: &mut ChaCha8Rng,
    world: &World,
    realm: Entity,
    mat: &Mat,
    kind: &DecisionKind,
    legal: &Legal,
) -> Option<Action> {
    match kind {
        DecisionKind::RecruitUnits { .. } => {
            let done = world
                .res::<MilitaryAction>()
                .recruiting
                .as_ref()
                .map_or(0, |r| r.units);
            let enemies = enemies_of(world, realm);
            let has_ships =
                !crate::rulesets::pop::rules::military::army_places(world, realm, false).is_empty();
            let enemy_ports = enemies
                .iter()
                .filter_map(|e| world.read::<Owns>(*e))
                .flat_map(|owns| owns.iter())
                .any(|p| world.read::<Province>(p).is_some_and(|p| p.port.is_some()));
            let want = |a: &Action| legal.contains(a);
            if done >= 4 || mat.ducats < 6 {
                return Some(Action::Decline);
            }
            let ship = Action::RecruitUnit {
                kind: UnitKind::LightShip,
                mercenary: false,
            };
            let colonial = enemies.is_empty() && super::colonies::wants_ship(world, realm);
            if (colonial
                || (enemy_ports && !has_ships)
                || super::generic::wants_explorer(world, realm))
                && done == 0
                && want(&ship)
            {
                return Some(ship);
            }
            let artillery = Action::RecruitUnit {
                kind: UnitKind::Artillery,
                mercenary: false,
            };
            if want(&artillery) && mat.ducats >= 14 && rng.random_range(0..3) == 0 {
                return Some(artillery);
            }
            let cavalry = Action::RecruitUnit {
                kind: UnitKind::Cavalry,
                mercenary: false,
            };
            if want(&cavalry) && mat.ducats >= 12 && rng.random_range(0..4) == 0 {
                return Some(cavalry);
            }
            let infantry = Action::RecruitUnit {
                kind: UnitKind::Infantry,
                mercenary: false,
            };
            if want(&infantry) {
                return Some(infantry);
            }
            let merc = Action::RecruitUnit {
                kind: UnitKind::Infantry,
                mercenary: true,
            };
            if want(&merc) && !enemies.is_empty() && mat.ducats >= 10 {
                return Some(merc);
            }
            Some(Action::Decline)
        }
        // A town on the stormed province of an enemy: occupied land counts in the peace.
        DecisionKind::OccupyRebelTown { .. } => Some(Action::Accept),
        DecisionKind::SiegeMore { .. } => legal
            .find(|a| match a {
                Action::ChooseProvince { province } => worth_besieging(world, realm, *province),
                _ => false,
            })
            .or(Some(Action::Decline)),
        // Carried across the sea only towards an enemy: the march that ends nearest one.
        DecisionKind::NavalTransport { .. } => {
            let enemies = enemies_of(world, realm);
            if enemies.is_empty() {
                return Some(Action::Decline);
            }
            let dist = distances(world, realm, &enemies);
            legal
                .matching(|a| matches!(a, Action::Move { .. }))
                .filter_map(|a| match a {
                    Action::Move { from, to } => {
                        let f = dist.get(&entity(world, from)?).copied().unwrap_or(99);
                        let t = dist.get(&entity(world, to)?).copied().unwrap_or(99);
                        (t < f).then_some((t, a))
                    }
                    _ => None,
                })
                .min_by_key(|(t, _)| *t)
                .map(|(_, a)| a.clone())
                .or(Some(Action::Decline))
        }
        // The bot picks one enemy at a time.
        DecisionKind::MoreWarTargets => Some(Action::Decline),
        DecisionKind::FreeActivation => legal
            .find(|a| matches!(a, Action::Move { .. }))
            .or_else(|| legal.find(|a| matches!(a, Action::Recruit { .. })))
            .or(Some(Action::Decline)),
        DecisionKind::BattleRetreat { .. } => {
            let fight = world.res::<Battles>().current.clone()?;
            let side = usize::from(fight.asked?);
            // Its side and the other, every faction counted (several may defend together).
            let mine = battle::side_units(world, &fight.spec, side).len();
            let theirs = battle::side_units(world, &fight.spec, 1 - side).len();
            if theirs >= 2 * mine {
                legal.find(|a| matches!(a, Action::Retreat { .. }))
            } else {
                Some(Action::Decline)
            }
        }
        // Every ally that can be called is called: Player Realms may still refuse, and a
        // Non-Player Realm lends its troops for a little influence.
        DecisionKind::SendCalls { .. } => legal
            .find(|a| matches!(a, Action::CallToArms { .. }))
            .or(Some(Action::Decline)),
        DecisionKind::CallToArms {
            defensive, enemy, ..
        } => Some(if !legal.contains(&Action::Accept) {
            Action::Decline
        } else if imperial_call_too_risky(world, realm, enemy) {
            // Defending the HRE against a much stronger army: losing 1 Imperial Authority is
            // the cheaper price (18.4).
            Action::Decline
        } else if *defensive || mat.mp(MpKind::Mil) >= 2 || rng.random_range(0..2) == 0 {
            Action::Accept
        } else {
            Action::Decline
        }),
        DecisionKind::ActivateAlly { ally, units } => {
            let npr = entity(world, ally)?;
            Some(if activate_ally(world, realm, npr, *units) {
                Action::Accept
            } else {
                Action::Decline
            })
        }
        DecisionKind::Surrender { enemy } => {
            let e = entity(world, enemy)?;
            let (mine, theirs) = (
                deployed_land_units(world, realm),
                deployed_land_units(world, e),
            );
            Some(if theirs > mine + 2 {
                Action::Accept
            } else {
                Action::Decline
            })
        }
        DecisionKind::PeaceTerms { .. } => [
            PeaceTerm::Annex,
            PeaceTerm::Vassalize,
            PeaceTerm::KeepBoard,
            PeaceTerm::Humiliation,
            PeaceTerm::WhitePeace,
        ]
        .into_iter()
        .map(|term| Action::Peace { term })
        .find(|a| legal.contains(a)),
        _ => None,
    }
}

/// Whether the call is the Emperor's Defend the HRE call against an enemy with more than twice
/// the bot's deployed land units (and at least 3 more).
fn imperial_call_too_risky(world: &World, realm: Entity, enemy: &str) -> bool {
    let imperial = world
        .res::<crate::rulesets::pop::rules::war::WarState>()
        .asked
        .as_ref()
        .is_some_and(|c| c.imperial);
    let Some(e) = entity(world, enemy) else {
        return false;
    };
    let (mine, theirs) = (
        deployed_land_units(world, realm),
        deployed_land_units(world, e),
    );
    imperial && theirs > 2 * mine && theirs >= mine + 3
}

/// Whether to make a Non-Player Realm that called the bot an Active Ally: its lent infantry are
/// worth having unless it lends none, or an enemy army already stands in its land, where it
/// needs its full military capacity to defend itself.
fn activate_ally(world: &World, realm: Entity, npr: Entity, units: u8) -> bool {
    if units == 0 {
        return false;
    }
    let enemies = enemies_of(world, realm);
    let threatened = crate::rulesets::pop::rules::relations::owned_areas(world, npr)
        .into_iter()
        .any(|a| {
            world.read::<Present>(a).is_some_and(|p| {
                p.iter().any(|u| {
                    world
                        .read::<UnitOf>(u)
                        .is_some_and(|o| enemies.contains(&o.0))
                        && world.read::<Unit>(u).is_some_and(|x| x.kind.is_land())
                })
            })
        });
    !threatened
}

/// A siege the bot spends its mil on: anything but another realm's rebel town that it is not at
/// war with (storming it helps only that realm, 14.4).
fn worth_besieging(world: &World, realm: Entity, province: crate::engine::id::Id) -> bool {
    let Some(p) = world.res::<Index>().get(province) else {
        return false;
    };
    if world.read::<RebelTown>(p).is_none() {
        return true;
    }
    world.read::<OwnedBy>(p).is_none_or(|o| {
        o.0 == realm || crate::rulesets::pop::rules::relations::at_war_between(world, realm, o.0)
    })
}

#[cfg(test)]
mod tests {
    //! The bot's answer to "make the Non-Player Realm that called you an Active Ally?".

    use super::*;
    use crate::rulesets::pop::rules::test_support::*;
    use crate::rulesets::pop::state::spawn_sim;

    #[test]
    fn bot_makes_a_calling_npr_active_unless_it_lends_nothing_or_is_invaded() {
        let mut game = game();
        let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
        spawn_sim(game.world_mut(), None, Alliance { a: b, b: c });
        for (attacker, defender) in [(a, c), (a, b)] {
            spawn_sim(game.world_mut(), None, War { attacker, defender });
        }
        assert!(
            activate_ally(game.world(), b, c, 1),
            "its troops are welcome"
        );
        assert!(
            !activate_ally(game.world(), b, c, 0),
            "nothing lent, nothing gained"
        );
        spawn_unit(
            &mut game,
            Some(a),
            "east",
            UnitKind::Infantry,
            UnitStatus::Regular,
        );
        assert!(
            !activate_ally(game.world(), b, c, 1),
            "an ally with the enemy in its land keeps its full strength"
        );
    }

    /// A game of the 1444 scenario at its first decision.
    fn game_1444() -> crate::rulesets::pop::Game {
        crate::rulesets::pop::Game::new(
            crate::rulesets::pop::content::default_scenario(),
            Default::default(),
            1,
        )
        .expect("1444 plays")
    }

    /// The entity of a content id.
    fn key(world: &World, id: &str) -> Entity {
        world.resource::<Index>().get(id).expect(id)
    }

    #[test]
    fn pop_18_25_the_emperor_marches_for_an_area_that_left_while_an_enemy_holds_part_of_it() {
        use crate::rulesets::pop::rules::empire::Empire;
        let mut game = game_1444();
        let world = game.world_mut();
        let (hab, fra) = (key(world, "HAB"), key(world, "FRA"));
        let (cologne, rhineland) = (key(world, "cologne"), key(world, "rhineland"));
        assert!(crate::rulesets::pop::rules::empire::is_emperor(world, hab));
        // No area has left: the Emperor fights where any war is.
        assert_eq!(war_aims(world, hab, &[fra]), None);
        world.res_mut::<Empire>().left.push("rhineland".into());
        // The area left, but no enemy of the Emperor holds anything there.
        assert_eq!(war_aims(world, hab, &[fra]), None);
        world
            .entity_mut(cologne)
            .insert((OwnedBy(fra), ControlledBy(fra)));
        assert_eq!(war_aims(world, hab, &[fra]), Some(vec![rhineland]));
        // Only the Emperor has this aim.
        assert_eq!(war_aims(world, fra, &[hab]), None);
        // Its marches are weighed by the way to the Rhineland, not to the nearest French land.
        let dist = distances_within(world, hab, &[fra], Some(&[rhineland]));
        assert_eq!(dist.get(&rhineland), Some(&0));
        let paris = key(world, "ile_de_france");
        assert!(
            dist.get(&paris).is_some_and(|d| *d > 0),
            "{:?}",
            dist.get(&paris)
        );
        assert_eq!(distances(world, hab, &[fra]).get(&paris), Some(&0));
    }

    #[test]
    fn a_walk_is_read_again_only_while_the_front_is_where_it_was() {
        let mut game = game_1444();
        let world = game.world_mut();
        let (hab, fra) = (key(world, "HAB"), key(world, "FRA"));
        let (cologne, rhineland) = (key(world, "cologne"), key(world, "rhineland"));
        let first = distances(world, hab, &[fra]);
        assert!(
            Rc::ptr_eq(&first, &distances(world, hab, &[fra])),
            "the same front: the walk made before"
        );
        assert_ne!(first.get(&rhineland), Some(&0));
        // France takes a province of the Rhineland: the walk starts there too now.
        world
            .entity_mut(cologne)
            .insert((OwnedBy(fra), ControlledBy(fra)));
        let moved = distances(world, hab, &[fra]);
        assert!(!Rc::ptr_eq(&first, &moved), "a new front, a new walk");
        assert_eq!(moved.get(&rhineland), Some(&0));
        // Another game's World never reads this one's walks, even with the same entities
        // where this one's front was at first.
        let mut other = game_1444();
        let world = other.world_mut();
        let (hab, fra) = (key(world, "HAB"), key(world, "FRA"));
        assert!(!Rc::ptr_eq(&first, &distances(world, hab, &[fra])));
    }
}
