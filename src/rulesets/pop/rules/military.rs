//! Armies and fleets (FACTS section 2, 7.2 military leaders): who is hostile to whom, recruiting,
//! marching and sailing with military access, sieges and occupation, generals, admirals and the
//! Ruler General. A basic action that needs follow-up questions (which units, which other
//! provinces) keeps its state in `MilitaryAction`; `continue_action` asks them.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::state::Sid;
use crate::rulesets::pop::content::schema::{IdeaEffect, MpKind};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle::{self, BattleSpec, Party};
use crate::rulesets::pop::rules::cards::{Hand, card_id, take_from_hand};
use crate::rulesets::pop::rules::characters::card_character;
use crate::rulesets::pop::rules::economy::{change_mp, spend};
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::generic::add_influence;
use crate::rulesets::pop::rules::ideas::idea_effects;
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::place_town;
use crate::rulesets::pop::state::{Index, key_of, sid_of, sort_dedup_by_sid, spawn_sim};

pub struct MilitaryPlugin;

impl Plugin for MilitaryPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<MilitaryAction>();
    }
}

/// Activating, recruiting and declaring war cost this much mil.
pub const ACTIVATION_MIL: i32 = 1;
/// Military access through a neutral area: 1 influence there, or this many ducats.
pub const ACCESS_DUCATS: i32 = 3;
/// Mercenaries one Recruit action may hire.
pub const MAX_MERCENARIES: u8 = 3;
/// Units that may cross a mountain border in one activation.
pub const MOUNTAIN_LIMIT: usize = 3;

/// Available manpower a recruited unit takes: 1 for a regular land unit, none for mercenaries
/// and ships.
pub fn unit_manpower(kind: UnitKind, mercenary: bool) -> i32 {
    i32::from(kind.is_land() && !mercenary)
}

/// Ducats a unit costs to recruit (FACTS section 2): regular / mercenary.
pub fn unit_cost(kind: UnitKind, mercenary: bool) -> i32 {
    match (kind, mercenary) {
        (UnitKind::Infantry, false) => 2,
        (UnitKind::Infantry, true) => 4,
        (UnitKind::Cavalry, false) => 5,
        (UnitKind::Cavalry, true) => 7,
        (UnitKind::Artillery, false) => 6,
        (UnitKind::Artillery, true) => 8,
        (UnitKind::LightShip, _) => 4,
        (UnitKind::HeavyShip, _) => 10,
        (UnitKind::Galley, _) => 2,
    }
}

/// A basic military action in progress in the current turn, and what this turn has used.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct MilitaryAction {
    /// The realm whose turn these counters belong to (stable id).
    pub turn_of: Option<u32>,
    /// A military basic action is going on; when its questions are done the turn's action is.
    pub busy: bool,
    pub recruiting: Option<Recruiting>,
    pub sieging: Option<Sieging>,
    /// War was declared: once the calls and battles are over, offer the free activation.
    pub declared: Option<Declared>,
    /// Realms (stable ids) the declaration of war being made has named so far, in order, while
    /// more may be named (EUP-W 5.5b "any number of Realms"); the battles follow once no more
    /// are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub war_targets: Vec<u32>,
    /// The action now being taken is the free one after a declaration: no mil is paid.
    pub free: bool,
    /// The 1 mil for winning a battle was given this turn.
    pub battle_mil_given: bool,
    /// Non-Player Realm provinces whose military or naval capacity was used this turn.
    pub capacity_used: Vec<u32>,
    /// The sea zone (stable id) ships sailed to in this action: an army may be carried across
    /// a bridge through it once any naval battle is over (5.5c).
    pub transport: Option<u32>,
    /// A stormed rebel town of an enemy (province stable id): the besieger chooses whether to
    /// place its own town there (14.4 "you may").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupy: Option<u32>,
    /// Under a Non-Player Emperor: the areas of the Empire that held outsiders' units when this
    /// turn began (18.8), counted once at the start of the turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hre_outsiders_before: Option<u32>,
    /// Areas (stable ids) whose defence got the Empire's share this turn (once per area).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub empire_defended: Vec<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Recruiting {
    pub area: u32,
    pub mercenaries: u8,
    pub units: u8,
    /// Ports that launched a ship in this action.
    pub ports_used: Vec<u32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Sieging {
    pub area: u32,
    /// Tax value targeted so far.
    pub value: i32,
}

#[derive(Clone, Debug, Serialize)]
pub struct Declared {
    pub battles_before: usize,
    pub offered: bool,
}

/// Puts `count` new units of one kind and status at a place, fighting for `realm` (none for
/// rebels). Returns them.
pub fn raise_units(
    world: &mut World,
    realm: Option<Entity>,
    place: Entity,
    kind: UnitKind,
    status: UnitStatus,
    count: usize,
) -> Vec<Entity> {
    let mut raised = Vec::with_capacity(count);
    for _ in 0..count {
        let unit = spawn_sim(
            world,
            None,
            (
                Unit {
                    kind,
                    status,
                    damaged: false,
                },
                At(place),
            ),
        );
        if let Some(r) = realm {
            world.entity_mut(unit).insert(UnitOf(r));
        }
        raised.push(unit);
    }
    raised
}

/// Units that stay on the board as rebels (invaders after a Non-Player Realm's invasion).
pub fn turn_rebel(world: &mut World, units: &[Entity]) {
    for u in units {
        world.entity_mut(*u).remove::<UnitOf>();
        if let Some(mut unit) = world.get_mut::<Unit>(*u) {
            unit.status = UnitStatus::Rebel;
        }
    }
}

/// Resets the per-turn counters when a new turn begins.
pub fn new_turn(world: &mut World, realm: Option<Entity>) {
    let sid = realm.map(|r| sid_of(world, r));
    let hre_outsiders_before = crate::rulesets::pop::rules::empire::npr_emperor(world)
        .map(|_| crate::rulesets::pop::rules::empire::areas_with_outsiders(world));
    let mut m = world.res_mut::<MilitaryAction>();
    *m = MilitaryAction {
        turn_of: sid,
        hre_outsiders_before,
        ..Default::default()
    };
}

// ---------------------------------------------------------------------------------------------
// Who is hostile to whom

/// The party a unit fights for: its realm, or the rebels.
pub fn party_of(world: &World, unit: Entity) -> Option<Party> {
    match world.read::<UnitOf>(unit) {
        Some(owner) => Some(Party::Realm(sid_of(world, owner.0))),
        None if world
            .read::<Unit>(unit)
            .is_some_and(|u| u.status == UnitStatus::Rebel) =>
        {
            Some(Party::Rebels)
        }
        None => None,
    }
}

/// Whether a unit is hostile to `realm`: a rebel, or a unit of a realm at war with it.
pub fn hostile_unit(world: &World, realm: Entity, unit: Entity) -> bool {
    match world.read::<UnitOf>(unit) {
        Some(owner) => at_war_between(world, realm, owner.0),
        None => world
            .read::<Unit>(unit)
            .is_some_and(|u| u.status == UnitStatus::Rebel),
    }
}

/// Units at a place (area or sea zone) that fight for `party`, land units or ships.
pub fn units_at(world: &World, place: Entity, party: Party, land: bool) -> Vec<Entity> {
    let Some(present) = world.read::<Present>(place) else {
        return Vec::new();
    };
    let mut out: Vec<Entity> = present
        .iter()
        .filter(|u| {
            world
                .read::<Unit>(*u)
                .is_some_and(|unit| unit.kind.is_land() == land)
        })
        .filter(|u| party_of(world, *u) == Some(party))
        .collect();
    out.sort_by_cached_key(|u| sid_of(world, *u));
    out
}

/// A realm's own land units (or ships) at a place.
pub fn own_units_at(world: &World, realm: Entity, place: Entity, land: bool) -> Vec<Entity> {
    units_at(world, place, Party::Realm(sid_of(world, realm)), land)
}

/// Whether any of a realm's own land units (or ships) stand at a place: `own_units_at` is not
/// empty, asked without listing and sorting them.
pub fn has_own_units_at(world: &World, realm: Entity, place: Entity, land: bool) -> bool {
    world.read::<Present>(place).is_some_and(|present| {
        present.iter().any(|u| {
            world
                .read::<Unit>(u)
                .is_some_and(|unit| unit.kind.is_land() == land)
                && world.read::<UnitOf>(u).is_some_and(|o| o.0 == realm)
        })
    })
}

/// Whether units hostile to `realm` stand at a place.
pub fn hostile_units_at(world: &World, realm: Entity, place: Entity, land: bool) -> bool {
    world.read::<Present>(place).is_some_and(|present| {
        present.iter().any(|u| {
            world
                .read::<Unit>(u)
                .is_some_and(|unit| unit.kind.is_land() == land)
                && hostile_unit(world, realm, u)
        })
    })
}

#[inline]
pub fn controller(world: &World, province: Entity) -> Option<Entity> {
    world
        .read::<ControlledBy>(province)
        .map(|c| c.0)
        .or_else(|| world.read::<OwnedBy>(province).map(|o| o.0))
}

/// Provinces of an area held (owned and not occupied) by Non-Player Realms at war with `realm`.
pub fn enemy_npr_provinces(world: &World, realm: Entity, area: Entity) -> Vec<Entity> {
    area_provinces(world, area)
        .iter()
        .copied()
        .filter(|p| {
            let owner = world.read::<OwnedBy>(*p).map(|o| o.0);
            owner.is_some_and(|o| {
                world.read::<NonPlayerRealm>(o).is_some()
                    && controller(world, *p) == Some(o)
                    && at_war_between(world, realm, o)
            })
        })
        .collect()
}

/// How an area looks to a realm's marching army.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ground {
    /// Own, allied or empty land: the march may go on.
    Friendly,
    /// Enemy units or provinces held by an enemy: the march stops.
    Hostile,
    /// Land of a realm at peace with you: military access is needed, the march stops.
    Neutral,
    /// A distant area: the march stops.
    Distant,
}

pub fn ground(world: &World, realm: Entity, area: Entity) -> Ground {
    // Asked for every step of every candidate march: remembered while the World cannot change.
    if crate::engine::memo::active(world) {
        struct GroundOf;
        return *crate::engine::memo::cached::<GroundOf, _, _>(world, (realm, area), || {
            ground_now(world, realm, area)
        });
    }
    ground_now(world, realm, area)
}

fn ground_now(world: &World, realm: Entity, area: Entity) -> Ground {
    if hostile_units_at(world, realm, area, true) {
        return Ground::Hostile;
    }
    // Who holds the area's provinces, read in place in one pass (order does not matter here):
    // any holder at war with the realm makes it hostile; one holder that is the realm or its
    // ally makes held land friendly. Neighbouring provinces mostly share a holder, and the realm
    // itself is neither at war nor allied with itself, so each question is asked once per run.
    let mut held = false;
    let mut friendly = false;
    let mut last: Option<Entity> = None;
    for p in crate::rulesets::pop::rules::relations::area_provinces(world, area) {
        let Some(h) = controller(world, *p) else {
            continue;
        };
        held = true;
        if last == Some(h) {
            continue;
        }
        last = Some(h);
        if h == realm {
            friendly = true;
            continue;
        }
        if at_war_between(world, realm, h) {
            return Ground::Hostile;
        }
        if !friendly && allied(world, realm, h) {
            friendly = true;
        }
    }
    if world.read::<Area>(area).is_some_and(|a| a.distant) {
        return Ground::Distant;
    }
    if held && !friendly {
        return Ground::Neutral;
    }
    Ground::Friendly
}

/// Land units one ship carries across its sea zone in a Naval Bridge (5.5c).
pub const UNITS_PER_SHIP: usize = 3;

/// Sea zones that bridge `realm`'s armies (Naval Transport, 5.5c): friendly ships (its own or
/// an ally's, 11.3) stand there at sea and no hostile ship does, with how many land units they
/// carry across (3 per ship).
pub fn naval_bridges(world: &World, realm: Entity) -> Vec<(Entity, usize)> {
    struct Bridges;
    crate::engine::memo::cached::<Bridges, _, _>(world, realm, || naval_bridges_now(world, realm))
        .as_ref()
        .clone()
}

fn naval_bridges_now(world: &World, realm: Entity) -> Vec<(Entity, usize)> {
    let friendly = |u: Entity| {
        world
            .read::<Unit>(u)
            .is_some_and(|x| !x.kind.is_land() && x.status != UnitStatus::Rebel)
            && world
                .read::<UnitOf>(u)
                .is_some_and(|o| o.0 == realm || allied(world, realm, o.0))
    };
    let mut out: Vec<(Entity, usize)> =
        crate::engine::query_cache::with_query::<(Entity, &SeaZone, &Present), (), _>(world, |q| {
            q.filter(|(s, _, _)| !hostile_units_at(world, realm, *s, false))
                .map(|(s, _, present)| (s, present.iter().filter(|u| friendly(*u)).count()))
                .filter(|(_, ships)| *ships > 0)
                .map(|(s, ships)| (s, UNITS_PER_SHIP * ships))
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_cached_key(|(s, _)| sid_of(world, *s));
    out
}

/// One step of a march: a land border, or a crossing over a Naval Bridge.
#[derive(Clone, Debug, PartialEq)]
struct MarchStep {
    to: Entity,
    mountain: bool,
    /// Land units the bridge carries (`None`: over land, no limit).
    carried: Option<usize>,
    /// The sea zones crossed, in order.
    seas: Vec<Entity>,
}

/// The areas one step from `area`: its land borders, and every shore of the sea zones a bridge
/// of the realm's ships reaches from the area's coasts, as if they bordered by land. Across
/// several sea zones the smallest capacity on the way limits the crossing; the widest way wins.
fn steps(world: &World, area: Entity, bridges: &[(Entity, usize)]) -> Vec<MarchStep> {
    let mut out: Vec<MarchStep> = world
        .read::<LandBorders>(area)
        .map(|b| b.0.clone())
        .unwrap_or_default()
        .into_iter()
        .map(|(to, mountain)| MarchStep {
            to,
            mountain,
            carried: None,
            seas: Vec::new(),
        })
        .collect();
    if bridges.is_empty() {
        return out;
    }
    let capacity = |sea: Entity| bridges.iter().find(|(s, _)| *s == sea).map(|(_, c)| *c);
    // The widest way to each bridged sea zone: (bottleneck, seas crossed).
    let mut best: Vec<(Entity, usize, Vec<Entity>)> = Vec::new();
    let mut queue: Vec<(Entity, usize, Vec<Entity>)> = world
        .read::<Coasts>(area)
        .map(|c| c.0.clone())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|s| capacity(s).map(|c| (s, c, vec![s])))
        .collect();
    while let Some((sea, width, path)) = queue.pop() {
        match best.iter_mut().find(|(s, _, _)| *s == sea) {
            Some(entry) if entry.1 >= width => continue,
            Some(entry) => *entry = (sea, width, path.clone()),
            None => best.push((sea, width, path.clone())),
        }
        // On the Distant Continents a move ends in the first space it enters: a crossing
        // goes no further than the first distant sea zone.
        let distant = world.read::<SeaZone>(sea).is_some_and(|z| z.distant);
        let onward = if distant {
            Vec::new()
        } else {
            world
                .read::<SeaNeighbours>(sea)
                .map(|n| n.0.clone())
                .unwrap_or_default()
        };
        for next in onward {
            if let Some(c) = capacity(next) {
                let mut longer = path.clone();
                longer.push(next);
                queue.push((next, width.min(c), longer));
            }
        }
    }
    best.sort_by_cached_key(|(s, _, _)| sid_of(world, *s));
    let shores = crate::rulesets::pop::rules::trade::shores_map(world);
    for (sea, width, seas) in &best {
        for shore in shores.get(sea).into_iter().flatten().copied() {
            if shore == area {
                continue;
            }
            let step = MarchStep {
                to: shore,
                mountain: false,
                carried: Some(*width),
                seas: seas.clone(),
            };
            // Per shore the way that lets more units through: a plain land border beats any
            // crossing, a crossing beats a mountain border of 3 when it carries more.
            let limit = |m: &MarchStep| way_limit(m.mountain, m.carried);
            match out.iter_mut().find(|o| o.to == shore) {
                Some(old) => {
                    if limit(&step) > limit(old) {
                        *old = step;
                    }
                }
                None => out.push(step),
            }
        }
    }
    out
}

/// A way an army may march in one activation, and how many of its units can go that way.
#[derive(Clone, Debug, PartialEq)]
pub struct March {
    pub to: Entity,
    /// A mountain border is crossed (only 3 units go).
    pub mountain: bool,
    /// Land units the Naval Bridges on the way carry (`None`: over land only).
    pub carried: Option<usize>,
    /// Every place on the way, `from` and `to` included (sea zones of a crossing too).
    pub path: Vec<Entity>,
}

impl March {
    /// Units of an army this way lets through.
    pub fn limit(&self) -> usize {
        way_limit(self.mountain, self.carried)
    }
}

/// Units a way lets through: 3 over a mountain border, what the ships carry across the sea.
fn way_limit(mountain: bool, carried: Option<usize>) -> usize {
    let over_land = if mountain { MOUNTAIN_LIMIT } else { usize::MAX };
    over_land.min(carried.unwrap_or(usize::MAX))
}

/// Where the army in `from` may march: two areas, stopping on entering hostile, neutral or
/// distant ground; over land borders and, with Naval Transport, across bridges of the realm's
/// own ships as if the shores bordered by land. Per destination the way that lets the most
/// units through (then the one without mountains or sea).
pub fn marches(world: &World, realm: Entity, from: Entity) -> Vec<March> {
    remembered_marches(world, realm, from).as_ref().clone()
}

/// `marches` read in place, without copying the list and its paths: for questions about one
/// march asked of many candidates.
pub fn read_marches<R>(
    world: &World,
    realm: Entity,
    from: Entity,
    read: impl FnOnce(&[March]) -> R,
) -> R {
    read(&remembered_marches(world, realm, from))
}

fn remembered_marches(world: &World, realm: Entity, from: Entity) -> std::rc::Rc<Vec<March>> {
    struct Marches;
    crate::engine::memo::cached::<Marches, _, _>(world, (realm, from), || {
        marches_now(world, realm, from)
    })
}

fn marches_now(world: &World, realm: Entity, from: Entity) -> Vec<March> {
    let bridges = naval_bridges(world, realm);
    let mut out: Vec<March> = Vec::with_capacity(32);
    // A way is ranked before its path is built: most ways to an area already reached lose
    // to the one found first, and their paths were never needed.
    let mut add =
        |to: Entity, mountain: bool, carried: Option<usize>, path: &dyn Fn() -> Vec<Entity>| {
            if to == from {
                return;
            }
            let rank = |mountain: bool, carried: Option<usize>| {
                (way_limit(mountain, carried), !mountain, carried.is_none())
            };
            match out.iter_mut().find(|m| m.to == to) {
                Some(old) => {
                    if rank(mountain, carried) > rank(old.mountain, old.carried) {
                        *old = March {
                            to,
                            mountain,
                            carried,
                            path: path(),
                        };
                    }
                }
                None => out.push(March {
                    to,
                    mountain,
                    carried,
                    path: path(),
                }),
            }
        };
    for first in steps(world, from, &bridges) {
        let path = || {
            let mut path = Vec::with_capacity(first.seas.len() + 2);
            path.push(from);
            path.extend(first.seas.iter().copied());
            path.push(first.to);
            path
        };
        add(first.to, first.mountain, first.carried, &path);
        if ground(world, realm, first.to) != Ground::Friendly {
            continue;
        }
        for second in steps(world, first.to, &bridges) {
            let carried = match (first.carried, second.carried) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let longer = || {
                let mut longer = path();
                longer.extend(second.seas.iter().copied());
                longer.push(second.to);
                longer
            };
            add(
                second.to,
                first.mountain || second.mountain,
                carried,
                &longer,
            );
        }
    }
    out.sort_by_cached_key(|m| sid_of(world, m.to));
    out
}

/// Where the army in `from` may march (see `marches`), with whether the way crosses a mountain
/// border.
pub fn destinations(world: &World, realm: Entity, from: Entity) -> Vec<(Entity, bool)> {
    marches(world, realm, from)
        .into_iter()
        .map(|m| (m.to, m.mountain))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Candidates and checks for the turn's military actions

fn index(world: &World, key: impl crate::engine::id::AsId) -> Option<Entity> {
    world.res::<Index>().get(key)
}

fn mil(world: &World, realm: Entity) -> i32 {
    world.read::<Mat>(realm).map_or(0, |m| m.mp(MpKind::Mil))
}

/// Mil the next Activate or Recruit costs: nothing while it is the free activation after a
/// declaration of war.
pub fn activation_cost(world: &World) -> i32 {
    if world.res::<MilitaryAction>().free {
        0
    } else {
        ACTIVATION_MIL
    }
}

/// Areas with a province the realm owns and holds, where it may recruit.
fn recruit_areas(world: &World, realm: Entity) -> Vec<Entity> {
    let mut areas: Vec<Entity> = world
        .read::<Owns>(realm)
        .map(|o| {
            o.iter()
                .filter(|p| controller(world, *p) == Some(realm))
                .filter(|p| world.read::<RebelTown>(*p).is_none())
                .filter_map(|p| world.read::<InArea>(p).map(|a| a.0))
                .collect()
        })
        .unwrap_or_default();
    sort_dedup_by_sid(world, &mut areas);
    areas
}

/// Puts a unit in an area or sea zone. Every move goes through here, so that a ship leaving its
/// sea zone gives up the Trade Protection slot it was laid on (12.3).
pub fn place_unit(world: &mut World, unit: Entity, to: Entity) {
    world.entity_mut(unit).remove::<Protecting>().insert(At(to));
}

/// Every unit serving a realm, by stable id.
pub fn units_of(world: &World, realm: Entity) -> Vec<Entity> {
    let mut units: Vec<Entity> = world
        .read::<Forces>(realm)
        .map(|f| f.iter().collect())
        .unwrap_or_default();
    units.sort_by_cached_key(|u| sid_of(world, *u));
    units
}

/// Places (areas and sea zones) where the realm has land units (`land`) or ships, in
/// stable-id order. Asked for each part of a turn's candidates and by the bot's war turn:
/// remembered while the World cannot change.
pub fn army_places(world: &World, realm: Entity, land: bool) -> std::rc::Rc<Vec<Entity>> {
    struct ArmyPlaces;
    crate::engine::memo::cached::<ArmyPlaces, _, _>(world, (realm, land), || {
        army_places_now(world, realm, land)
    })
}

fn army_places_now(world: &World, realm: Entity, land: bool) -> Vec<Entity> {
    let mut places: Vec<Entity> = world
        .read::<Forces>(realm)
        .map(|f| {
            f.iter()
                .filter(|u| {
                    world
                        .read::<Unit>(*u)
                        .is_some_and(|x| x.kind.is_land() == land)
                })
                .filter_map(|u| world.read::<At>(u).map(|a| a.0))
                .collect()
        })
        .unwrap_or_default();
    sort_dedup_by_sid(world, &mut places);
    places
}

/// Where the fleet at `from` may sail: up to two sea steps, into a sea zone or a port area of
/// its own; entering a sea zone with hostile ships stops it.
pub fn sail_destinations(world: &World, realm: Entity, from: Entity) -> Vec<Entity> {
    struct Sails;
    crate::engine::memo::cached::<Sails, _, _>(world, (realm, from), || {
        sail_destinations_now(world, realm, from)
    })
    .as_ref()
    .clone()
}

fn sail_destinations_now(world: &World, realm: Entity, from: Entity) -> Vec<Entity> {
    sail_destinations_avoiding(world, realm, from, |_| false)
}

/// Where a realm's ships at `from` may sail by naval movement (two steps; a sea zone with
/// hostile ships ends the move, and so does a sea zone on a Distant Continent: "When an Army,
/// Fleet, or Military Unit moves into any Area or Sea Zone on a Distant Continent, its movement
/// ends immediately", 9.0a, wherever it started) without entering a place `avoid` names: an
/// exploring Light Ship "may not enter a Hostile Sea Zone", on its way or at its end.
pub fn sail_destinations_avoiding(
    world: &World,
    realm: Entity,
    from: Entity,
    avoid: impl Fn(Entity) -> bool,
) -> Vec<Entity> {
    let seas_next = |place: Entity| -> Vec<Entity> {
        if world.read::<SeaZone>(place).is_some() {
            let mut next: Vec<Entity> = world
                .read::<SeaNeighbours>(place)
                .map(|n| n.0.clone())
                .unwrap_or_default();
            next.extend(port_areas(world, realm, place));
            next
        } else {
            undock_seas(world, realm, place)
        }
    };
    let mut out = Vec::new();
    for first in seas_next(from) {
        if avoid(first) {
            continue;
        }
        if first != from && !out.contains(&first) {
            out.push(first);
        }
        let stops = world.read::<SeaZone>(first).is_none_or(|z| z.distant)
            || hostile_units_at(world, realm, first, false);
        if !stops {
            for second in seas_next(first) {
                if second != from && !avoid(second) && !out.contains(&second) {
                    out.push(second);
                }
            }
        }
    }
    out.sort_by_cached_key(|p| sid_of(world, *p));
    out
}

/// The sea zones ships in port in `area` may undock into: those its Friendly Ports there face
/// (9.5: "Undock to move any number of Ships out of Port to their adjacent Sea Zones"; a Port is
/// adjacent to "the Sea Zones it faces", 2.0), not every sea the area touches. Ships left in a
/// port no longer friendly leave by the seas any port of the area faces; an area without ports
/// (no scenario ships so) by its coasts.
fn undock_seas(world: &World, realm: Entity, area: Entity) -> Vec<Entity> {
    let ports: Vec<(Entity, Entity)> = area_provinces(world, area)
        .iter()
        .filter_map(|p| {
            world
                .read::<Province>(*p)
                .and_then(|x| x.port)
                .map(|s| (*p, s))
        })
        .collect();
    let mut seas: Vec<Entity> = ports
        .iter()
        .filter(|(p, _)| friendly_port(world, realm, *p))
        .map(|(_, s)| *s)
        .collect();
    if seas.is_empty() {
        seas = ports.iter().map(|(_, s)| *s).collect();
    }
    if seas.is_empty() {
        seas = world
            .read::<Coasts>(area)
            .map(|c| c.0.clone())
            .unwrap_or_default();
    }
    sort_dedup_by_sid(world, &mut seas);
    seas
}

/// Areas where the realm holds a port facing `sea`.
fn port_areas(world: &World, realm: Entity, sea: Entity) -> Vec<Entity> {
    let mut out: Vec<Entity> = world
        .read::<Owns>(realm)
        .map(|o| {
            o.iter()
                .filter(|p| controller(world, *p) == Some(realm))
                .filter(|p| {
                    world
                        .read::<Province>(*p)
                        .is_some_and(|x| x.port == Some(sea))
                })
                .filter_map(|p| world.read::<InArea>(p).map(|a| a.0))
                .collect()
        })
        .unwrap_or_default();
    sort_dedup_by_sid(world, &mut out);
    out
}

/// Siege strength of land units: infantry 1, artillery 2, cavalry 1/2 (total rounded down).
pub fn siege_strength(world: &World, units: &[Entity]) -> i32 {
    let mut halves = 0;
    for u in units {
        halves += match world.read::<Unit>(*u).map(|u| u.kind) {
            Some(UnitKind::Infantry) => 2,
            Some(UnitKind::Artillery) => 4,
            Some(UnitKind::Cavalry) => 1,
            _ => 0,
        };
    }
    halves / 2
}

/// The fewest units of the army whose strength reaches `value` (strongest first).
pub fn units_needed(world: &World, units: &[Entity], value: i32) -> usize {
    let mut strengths: Vec<i32> = units
        .iter()
        .map(|u| match world.read::<Unit>(*u).map(|u| u.kind) {
            Some(UnitKind::Artillery) => 4,
            Some(UnitKind::Infantry) => 2,
            _ => 1,
        })
        .collect();
    strengths.sort_unstable_by(|a, b| b.cmp(a));
    let mut halves = 0;
    for (i, s) in strengths.iter().enumerate() {
        if halves / 2 >= value {
            return i;
        }
        halves += s;
        if halves / 2 >= value {
            return i + 1;
        }
    }
    strengths.len()
}

/// Provinces of the area the realm's army could take by siege: held by an enemy, or a rebel
/// town whoever's province it stands on (rebels are hostile to every Player Realm; 14.4 lets
/// any besieger remove a rebel town, and only one at war with the owner place its town after).
pub fn siege_targets(world: &World, realm: Entity, area: Entity) -> Vec<Entity> {
    area_provinces(world, area)
        .iter()
        .copied()
        .filter(|p| {
            if world.read::<RebelTown>(*p).is_some() {
                return true;
            }
            let held = controller(world, *p);
            held.is_some_and(|h| h != realm && at_war_between(world, realm, h))
        })
        .filter(|p| !island_blocked(world, realm, *p))
        .collect()
}

/// An island province needs one of the realm's ships in a facing sea zone.
fn island_blocked(world: &World, realm: Entity, province: Entity) -> bool {
    let Some(p) = world.read::<Province>(province) else {
        return false;
    };
    if !p.island {
        return false;
    }
    let mut seas: Vec<Entity> = p.port.into_iter().collect();
    if let Some(coasts) = world
        .read::<InArea>(province)
        .and_then(|a| world.read::<Coasts>(a.0))
    {
        seas.extend(coasts.0.iter().copied());
    }
    !seas
        .iter()
        .any(|s| has_own_units_at(world, realm, *s, false))
}

/// Declarations of war worth checking: on every realm with land.
pub fn declare_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    // Read with their stable ids, so that ordering them looks nothing up (a Phase 2 turn lists
    // every realm with land).
    if let Some(mut realms) = crate::engine::query_cache::with_query::<
        (Entity, Option<&Sid>),
        (With<Realm>, With<Owns>),
        _,
    >(world, |q| {
        q.filter(|(r, _)| *r != realm)
            .map(|(r, sid)| (sid.map_or(u32::MAX, |s| s.0), r))
            .collect::<Vec<_>>()
    }) {
        realms.sort_by_key(|(sid, _)| *sid);
        // Every realm with land is a candidate: `check` asks `declare_problem` of the one a
        // bot or a person weighs (the bot weighs declarations only when it wants a war).
        all.extend(realms.into_iter().map(|(_, r)| Action::DeclareWar {
            target: key_of(world, r),
        }));
    }
    all
}

/// Recruiting in each area where the realm may.
pub fn recruit_candidates(world: &World, realm: Entity) -> Vec<Action> {
    recruit_areas(world, realm)
        .into_iter()
        .map(|a| Action::Recruit {
            area: key_of(world, a),
        })
        .collect()
}

/// Sieges by the realm's armies where no hostile army stands.
pub fn siege_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    for &area in army_places(world, realm, true).iter() {
        if hostile_units_at(world, realm, area, true) {
            continue;
        }
        for p in siege_targets(world, realm, area) {
            all.push(Action::Siege {
                province: key_of(world, p),
            });
        }
    }
    all
}

/// Marches of the realm's armies.
pub fn march_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    for &from in army_places(world, realm, true).iter() {
        let tos: Vec<Entity> =
            read_marches(world, realm, from, |ms| ms.iter().map(|m| m.to).collect());
        let from_key = key_of(world, from);
        for to in tos {
            all.push(Action::Move {
                from: from_key,
                to: key_of(world, to),
            });
        }
    }
    all
}

/// Sails of the realm's fleets.
pub fn sail_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    for &from in army_places(world, realm, false).iter() {
        for to in sail_destinations(world, realm, from) {
            all.push(Action::Sail {
                from: key_of(world, from),
                to: key_of(world, to),
            });
        }
    }
    all
}

/// The places of the realm's armies and fleets, each with whether it is a port area with both
/// an army and a fleet (where an appointed leader may go to either).
fn leader_places(world: &World, realm: Entity) -> Vec<(Id, bool)> {
    let mut places = army_places(world, realm, true).to_vec();
    places.extend(army_places(world, realm, false).iter().copied());
    places
        .into_iter()
        .map(|place| {
            let both = has_own_units_at(world, realm, place, true)
                && has_own_units_at(world, realm, place, false);
            (key_of(world, place), both)
        })
        .collect()
}

/// Leader cards of the hand appointed as general or admiral where the realm has units.
pub fn appointment_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    let cards = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    // Read only once a leader card is found (most hands hold none).
    let mut places: Option<Vec<(Id, bool)>> = None;
    for card in cards {
        let Some(character) = card_character(world, card) else {
            continue;
        };
        if world
            .read::<Character>(character)
            .is_none_or(|c| c.kind != CharacterKind::Leader)
        {
            continue;
        }
        let card = card_id(world, card);
        // A free mat without units takes a new leader too (7.2).
        for fleet in [false, true] {
            if !mats_full(world, realm, !fleet) {
                all.push(Action::AppointToEmptyMat { card, fleet });
            }
        }
        for (place, both) in places
            .get_or_insert_with(|| leader_places(world, realm))
            .iter()
        {
            all.push(Action::AppointGeneral {
                card,
                place: *place,
                fleet: false,
            });
            if *both {
                all.push(Action::AppointGeneral {
                    card,
                    place: *place,
                    fleet: true,
                });
            }
        }
    }
    all
}

/// The realm's ruler, generals and admirals taking command where the realm has units.
pub fn command_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let leaders = leaders_serving(world, realm);
    if leaders.is_empty() {
        return Vec::new();
    }
    let mut places = army_places(world, realm, true).to_vec();
    places.extend(army_places(world, realm, false).iter().copied());
    let places: Vec<Id> = places.into_iter().map(|p| key_of(world, p)).collect();
    let mut all = Vec::with_capacity(leaders.len() * (places.len() + 1));
    for leader in leaders {
        let character = key_of(world, leader);
        if to_empty_mat_problem(world, realm, character.as_str()).is_none() {
            all.push(Action::ToEmptyMat { character });
        }
        for place in &places {
            all.push(Action::CommandArmy {
                character,
                place: *place,
            });
        }
    }
    all
}

/// The realm's ruler, generals and admirals, in stable-id order.
fn leaders_serving(world: &World, realm: Entity) -> Vec<Entity> {
    let mut out: Vec<Entity> = world
        .read::<Court>(realm)
        .map(|c| {
            c.iter()
                .filter(|ch| {
                    matches!(
                        world.read::<Role>(*ch),
                        Some(Role::Ruler | Role::RulerGeneral | Role::General | Role::Admiral)
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_cached_key(|c| sid_of(world, *c));
    out
}

/// The leader commanding the realm's army or fleet at a place.
/// The realm's general (`land`: the Ruler General or a general) or admiral commanding at
/// `place`. A port's area may hold both an army with its general and a fleet with its admiral.
pub fn commander_at(world: &World, realm: Entity, place: Entity, land: bool) -> Option<Entity> {
    world.read::<Court>(realm).and_then(|c| {
        c.iter().find(|ch| {
            world
                .read::<InCommand>(*ch)
                .is_some_and(|cmd| cmd.0 == place)
                && match world.read::<Role>(*ch) {
                    Some(Role::RulerGeneral | Role::General) => land,
                    Some(Role::Admiral) => !land,
                    _ => false,
                }
        })
    })
}

/// A Player Realm's Army Mats (three armies) and Fleet Mats (one fleet) (EUP-W 9.0c): each holds
/// one military leader, tucked under it (7.2).
pub const ARMY_MATS: usize = 3;
pub const FLEET_MATS: usize = 1;

/// The realm's military leaders on its Army Mats (`land`: generals and a Ruler General) or its
/// Fleet Mat (admirals), whether their army or fleet is on the board or not, by stable id.
pub fn leaders_on_mats(world: &World, realm: Entity, land: bool) -> Vec<Entity> {
    let mut out: Vec<Entity> = world
        .read::<Court>(realm)
        .map(|c| {
            c.iter()
                .filter(|ch| match world.read::<Role>(*ch) {
                    Some(Role::General | Role::RulerGeneral) => land,
                    Some(Role::Admiral) => !land,
                    _ => false,
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_cached_key(|c| sid_of(world, *c));
    out
}

fn mats(land: bool) -> usize {
    if land { ARMY_MATS } else { FLEET_MATS }
}

/// Whether every Army Mat (`land`) or the Fleet Mat holds a leader already.
fn mats_full(world: &World, realm: Entity, land: bool) -> bool {
    leaders_on_mats(world, realm, land).len() >= mats(land)
}

/// Why no further military leader may take a mat: every one already holds a leader, so a new
/// one can only replace one (appointed where one commands).
fn mats_full_problem(world: &World, realm: Entity, place: Entity, land: bool) -> Option<Illegal> {
    let full = mats_full(world, realm, land);
    (full && commander_at(world, realm, place, land).is_none()).then(|| {
        Illegal::new(
            ids::APPOINT_MILITARY_LEADER,
            if land {
                "each of your 3 Army Mats has its general: appoint one where a general commands, to replace it"
            } else {
                "your Fleet Mat has its admiral: appoint one where it commands, to replace it"
            },
        )
    })
}

/// Mil a general or admiral costs `realm`: the 1 or 2 mil printed on its card (7.2, the
/// character's `cost`); Ideas may make it cheaper, down to 0.
pub fn leader_cost(world: &World, realm: Entity, character: Entity) -> i32 {
    let printed = world
        .read::<Character>(character)
        .map_or(0, |c| i32::from(c.cost));
    (printed - crate::rulesets::pop::rules::ideas::leader_discount(world, realm)).max(0)
}

/// Whether a turn action is military; if so, whether it is legal.
pub fn check_turn(
    world: &World,
    realm: Entity,
    main_done: bool,
    action: &Action,
) -> Option<Result<(), Illegal>> {
    let once = || {
        if main_done {
            Err(Illegal::new(ids::SEQ_PHASE2_TURN, "one action per turn"))
        } else {
            Ok(())
        }
    };
    let pay = |rule: &'static str| {
        let cost = activation_cost(world);
        if mil(world, realm) < cost {
            Err(Illegal::explained(rule, || {
                format!("this costs {cost} mil")
            }))
        } else {
            Ok(())
        }
    };
    let result = match action {
        Action::DeclareWar { target } => {
            once().and_then(|_| pay(ids::WAR_DECLARE)).and_then(|_| {
                let Some(t) = index(world, target) else {
                    return Err(Illegal::new(ids::WAR_DECLARE, "no such realm"));
                };
                match declare_problem(world, realm, t) {
                    Some(problem) => Err(problem),
                    None => Ok(()),
                }
            })
        }
        Action::Move { from, to } => once()
            .and_then(|_| pay(ids::WAR_MOVE))
            .and_then(|_| move_problem(world, realm, from, to).map_or(Ok(()), Err)),
        Action::Sail { from, to } => once().and_then(|_| pay(ids::WAR_MOVE)).and_then(|_| {
            let (Some(f), Some(t)) = (index(world, from), index(world, to)) else {
                return Err(Illegal::new(ids::WAR_MOVE, "no such place"));
            };
            if !has_own_units_at(world, realm, f, false) {
                return Err(Illegal::new(
                    ids::WAR_MOVE,
                    format!("no fleet of yours at {from}"),
                ));
            }
            if !sail_destinations(world, realm, f).contains(&t) {
                return Err(Illegal::new(
                    ids::WAR_MOVE,
                    format!("a fleet cannot sail from {from} to {to} in one activation"),
                ));
            }
            Ok(())
        }),
        Action::Recruit { area } => once().and_then(|_| pay(ids::WAR_RECRUIT)).and_then(|_| {
            let Some(a) = index(world, area) else {
                return Err(Illegal::new(ids::WAR_RECRUIT, "no such area"));
            };
            if !recruit_areas(world, realm).contains(&a) {
                return Err(Illegal::new(
                    ids::WAR_RECRUIT,
                    "recruit only in an area where you hold a province",
                ));
            }
            let ducats = world.read::<Mat>(realm).map_or(0, |m| m.ducats);
            if ducats < unit_cost(UnitKind::Galley, false) {
                return Err(Illegal::new(
                    ids::WAR_RECRUIT,
                    "no ducats to pay for a unit",
                ));
            }
            Ok(())
        }),
        Action::Siege { province } => once().and_then(|_| pay(ids::WAR_SIEGE)).and_then(|_| {
            let Some(p) = index(world, province) else {
                return Err(Illegal::new(ids::WAR_SIEGE, "no such province"));
            };
            let Some(area) = world.read::<InArea>(p).map(|a| a.0) else {
                return Err(Illegal::new(ids::WAR_SIEGE, "no such province"));
            };
            siege_problem(world, realm, area, p, 0).map_or(Ok(()), Err)
        }),
        Action::AppointGeneral { card, place, fleet } => {
            appoint_general_problem(world, realm, card, place, *fleet).map_or(Ok(()), Err)
        }
        Action::CommandArmy { character, place } => {
            command_problem(world, realm, character, place).map_or(Ok(()), Err)
        }
        Action::AppointToEmptyMat { card, fleet } => {
            appoint_to_empty_mat_problem(world, realm, card, *fleet).map_or(Ok(()), Err)
        }
        Action::ToEmptyMat { character } => {
            to_empty_mat_problem(world, realm, character).map_or(Ok(()), Err)
        }
        _ => return None,
    };
    Some(result)
}

fn move_problem(world: &World, realm: Entity, from: &str, to: &str) -> Option<Illegal> {
    let (Some(f), Some(t)) = (index(world, from), index(world, to)) else {
        return Some(Illegal::new(ids::WAR_MOVE, "no such area"));
    };
    if !has_own_units_at(world, realm, f, true) {
        return Some(Illegal::new(
            ids::WAR_MOVE,
            format!("no army of yours in {from}"),
        ));
    }
    if !read_marches(world, realm, f, |ms| ms.iter().any(|m| m.to == t)) {
        return Some(Illegal::new(
            ids::WAR_MOVE,
            format!(
                "an army cannot march from {from} to {to} in one activation (two areas, stopping on hostile, neutral or distant ground)"
            ),
        ));
    }
    access_problem(world, realm, t)
}

/// Military access the realm cannot pay for: 3 ducats where it has no influence.
fn access_problem(world: &World, realm: Entity, to: Entity) -> Option<Illegal> {
    if access_price(world, realm, to) == AccessPrice::Ducats {
        let ducats = world.read::<Mat>(realm).map_or(0, |m| m.ducats);
        if ducats < ACCESS_DUCATS {
            return Some(Illegal::new(
                ids::WAR_ACCESS,
                "military access costs 1 influence there or 3 ducats",
            ));
        }
    }
    None
}

fn siege_problem(
    world: &World,
    realm: Entity,
    area: Entity,
    province: Entity,
    value_so_far: i32,
) -> Option<Illegal> {
    let army = own_units_at(world, realm, area, true);
    if army.is_empty() {
        return Some(Illegal::new(
            ids::WAR_SIEGE,
            "no army of yours in that area",
        ));
    }
    if hostile_units_at(world, realm, area, true) {
        return Some(Illegal::new(
            ids::WAR_SIEGE,
            "enemy units in the area must be beaten first",
        ));
    }
    if !siege_targets(world, realm, area).contains(&province) {
        return Some(Illegal::new(
            ids::WAR_SIEGE,
            "only provinces held by an enemy, or rebel towns, can be besieged (islands need a ship)",
        ));
    }
    let value = value_so_far
        + world
            .read::<Province>(province)
            .map_or(1, |p| p.tax_value());
    let strength = siege_strength(world, &army);
    if value > strength {
        return Some(Illegal::new(
            ids::WAR_SIEGE,
            format!("the army's siege strength is {strength}, the targets' tax value {value}"),
        ));
    }
    let cost = siege_cost(world, realm, area, province, value_so_far);
    if mil(world, realm) < cost {
        return Some(Illegal::new(
            ids::WAR_SIEGE,
            format!("this siege costs {cost} mil (1 plus 1 for each extra unit)"),
        ));
    }
    None
}

/// Mil besieging `province` with the realm's army in `area` costs: for the first province of
/// a Siege action the activation plus 1 for each unit beyond the first that the siege needs;
/// for a further province (`value_so_far` already besieged) only the extra units it needs.
pub fn siege_cost(
    world: &World,
    realm: Entity,
    area: Entity,
    province: Entity,
    value_so_far: i32,
) -> i32 {
    let army = own_units_at(world, realm, area, true);
    let value = value_so_far
        + world
            .read::<Province>(province)
            .map_or(1, |p| p.tax_value());
    let needed = |v: i32| units_needed(world, &army, v).max(1) as i32;
    if value_so_far == 0 {
        activation_cost(world) + needed(value) - 1
    } else {
        needed(value) - needed(value_so_far)
    }
}

/// How an army marching into `to` pays for military access: nothing on its own or hostile
/// ground, else 1 influence there when it has some, else `ACCESS_DUCATS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessPrice {
    Free,
    Influence,
    Ducats,
}

/// What military access into `to` costs `realm` now.
pub fn access_price(world: &World, realm: Entity, to: Entity) -> AccessPrice {
    if ground(world, realm, to) != Ground::Neutral
        || crate::rulesets::pop::rules::empire::free_access(world, realm, to)
    {
        AccessPrice::Free
    } else if influence_counted(world, realm, to) > 0 {
        AccessPrice::Influence
    } else {
        AccessPrice::Ducats
    }
}

/// Whether a leader appointed at `place` commands the army there (a general) rather than the
/// fleet (an admiral): the army where there is one, unless `fleet` asks for the admiral of a
/// fleet in port beside it.
fn leader_goes_to_land(world: &World, realm: Entity, place: Entity, fleet: bool) -> bool {
    !fleet && has_own_units_at(world, realm, place, true)
}

fn appoint_general_problem(
    world: &World,
    realm: Entity,
    card: &str,
    place: &str,
    fleet: bool,
) -> Option<Illegal> {
    let rule = ids::APPOINT_MILITARY_LEADER;
    if let Err(problem) = leader_card_problem(world, realm, card) {
        return Some(problem);
    }
    let Some(p) = index(world, place) else {
        return Some(Illegal::new(rule, "no such place"));
    };
    if !has_own_units_at(world, realm, p, true) && !has_own_units_at(world, realm, p, false) {
        return Some(Illegal::new(
            rule,
            "a general or admiral goes under one of your armies or fleets",
        ));
    }
    if fleet
        && (!has_own_units_at(world, realm, p, true) || !has_own_units_at(world, realm, p, false))
    {
        // With no army there a leader goes to the fleet anyway (`fleet: false` says so).
        return Some(Illegal::new(
            rule,
            "naming the fleet is for a port area holding both your army and your fleet",
        ));
    }
    let land = leader_goes_to_land(world, realm, p, fleet);
    mats_full_problem(world, realm, p, land)
}

fn command_problem(world: &World, realm: Entity, character: &str, place: &str) -> Option<Illegal> {
    let rule = ids::REPLACE_MILITARY_LEADER;
    let (Some(c), Some(p)) = (index(world, character), index(world, place)) else {
        return Some(Illegal::new(rule, "no such leader or place"));
    };
    if world.read::<Serves>(c).is_none_or(|s| s.0 != realm) {
        return Some(Illegal::new(rule, "that leader does not serve you"));
    }
    let role = world.read::<Role>(c).copied();
    if !matches!(
        role,
        Some(Role::Ruler | Role::RulerGeneral | Role::General | Role::Admiral)
    ) {
        return Some(Illegal::new(rule, "advisors do not command armies"));
    }
    if world.read::<InCommand>(c).is_some_and(|cmd| cmd.0 == p) {
        return Some(Illegal::new(rule, "that leader already commands there"));
    }
    let land = has_own_units_at(world, realm, p, true);
    let sea = has_own_units_at(world, realm, p, false);
    match role {
        Some(Role::Admiral) if !sea => Some(Illegal::new(rule, "an admiral needs a fleet there")),
        Some(Role::Ruler | Role::RulerGeneral | Role::General) if !land => Some(Illegal::new(
            if matches!(role, Some(Role::General)) {
                rule
            } else {
                ids::RULER_GENERAL
            },
            "a general needs an army there",
        )),
        // The Ruler General token goes on an Army Mat: a free one, or one whose general it
        // replaces.
        Some(Role::Ruler)
            if leaders_on_mats(world, realm, true).len() >= ARMY_MATS
                && commander_at(world, realm, p, true).is_none() =>
        {
            Some(Illegal::new(
                ids::RULER_GENERAL,
                "each of your 3 Army Mats has its general: the ruler can only take one's place",
            ))
        }
        _ => None,
    }
}

/// The leader card in the realm's hand that may become a general or admiral (any place aside):
/// the character, or why not.
fn leader_card_problem(world: &World, realm: Entity, card: &str) -> Result<Entity, Illegal> {
    let rule = ids::APPOINT_MILITARY_LEADER;
    let Some(hand) = world.read::<Hand>(realm) else {
        return Err(Illegal::new(rule, "that card is not in your hand"));
    };
    let Some(card_index) = hand
        .cards
        .iter()
        .copied()
        .find(|c| card_id(world, *c) == card)
    else {
        return Err(Illegal::new(rule, "that card is not in your hand"));
    };
    let Some(character) = card_character(world, card_index) else {
        return Err(Illegal::new(rule, "that card shows no character"));
    };
    if world
        .read::<Character>(character)
        .is_none_or(|c| c.kind != CharacterKind::Leader)
    {
        return Err(Illegal::new(
            rule,
            "only a leader can be a general or admiral",
        ));
    }
    if world.read::<Serves>(character).is_some()
        || world.read::<IllHealth>(character).is_some_and(|i| i.0 >= 2)
    {
        return Err(Illegal::new(rule, "that leader is not available"));
    }
    let cost = leader_cost(world, realm, character);
    if mil(world, realm) < cost {
        return Err(Illegal::new(rule, format!("this leader costs {cost} mil")));
    }
    Ok(character)
}

/// Why the leader on `card` may not wait on a free mat without units: it must be a leader card
/// the realm can pay for, and a mat must be free (a new leader on a mat without units replaces
/// nobody, 7.2).
fn appoint_to_empty_mat_problem(
    world: &World,
    realm: Entity,
    card: &str,
    fleet: bool,
) -> Option<Illegal> {
    if let Err(problem) = leader_card_problem(world, realm, card) {
        return Some(problem);
    }
    let land = !fleet;
    mats_full(world, realm, land).then(|| {
        Illegal::new(
            ids::APPOINT_MILITARY_LEADER,
            if land {
                "each of your 3 Army Mats has its general"
            } else {
                "your Fleet Mat has its admiral"
            },
        )
    })
}

/// Why `character` may not leave its army or fleet for a mat without units: it must be the
/// realm's general or admiral in command (the Ruler General steps down by another's taking its
/// place; a leader already waiting on a mat has nowhere to move), and another mat must be
/// without a leader.
fn to_empty_mat_problem(world: &World, realm: Entity, character: &str) -> Option<Illegal> {
    let rule = ids::REPLACE_MILITARY_LEADER;
    let Some(c) = index(world, character) else {
        return Some(Illegal::new(rule, "no such leader"));
    };
    if world.read::<Serves>(c).is_none_or(|s| s.0 != realm) {
        return Some(Illegal::new(rule, "that leader does not serve you"));
    }
    if !matches!(world.read::<Role>(c), Some(Role::General | Role::Admiral)) {
        return Some(Illegal::new(
            rule,
            "only a general or admiral moves between mats",
        ));
    }
    if world.read::<InCommand>(c).is_none() {
        return Some(Illegal::new(
            rule,
            "that leader already waits on a mat without units",
        ));
    }
    // Another mat without a leader to move to, as for a replaced leader (`replaced`).
    let land = matches!(world.read::<Role>(c), Some(Role::General));
    mats_full(world, realm, land).then(|| {
        Illegal::new(
            rule,
            if land {
                "each of your 3 Army Mats has its general: none is free to move to"
            } else {
                "your Fleet Mat has its admiral: none is free to move to"
            },
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Declaring war: who may be attacked

/// Why `realm` may not declare war on `target`, if it may not (FACTS section 5; 7.2).
pub fn declare_problem(world: &World, realm: Entity, target: Entity) -> Option<Illegal> {
    declare_problem_in(world, &Relations::of(world), realm, target)
}

/// `declare_problem` with the board's relations already read.
pub fn declare_problem_in(
    world: &World,
    rel: &Relations,
    realm: Entity,
    target: Entity,
) -> Option<Illegal> {
    let rule = ids::WAR_DECLARE;
    if realm == target || world.read::<Realm>(target).is_none() {
        return Some(Illegal::new(rule, "not a realm you can attack"));
    }
    if world
        .read::<Owns>(target)
        .is_none_or(|o| o.iter().next().is_none())
    {
        return Some(Illegal::new(rule, "that realm holds no provinces"));
    }
    if rel.at_war(realm, target) {
        return Some(Illegal::new(rule, "you are already at war with that realm"));
    }
    let covered = |other: Entity| {
        if rel.allied(realm, other) {
            Some("you may not declare war on an ally")
        } else if rel.truce(realm, other) {
            Some("a truce forbids war until the next Phase 3")
        } else if world.read::<RoundMarkers>(other).is_some_and(|m| m.passed) {
            Some("that Player Realm has passed this Round")
        } else {
            None
        }
    };
    if let Some(why) = covered(target) {
        return Some(Illegal::new(rule, why));
    }
    if let Some(p) = crate::rulesets::pop::rules::empire::shield_problem(
        world,
        |x| covered(x).is_some(),
        realm,
        target,
    ) {
        return Some(p);
    }
    if world.read::<NonPlayerRealm>(target).is_some() {
        for pr in rel
            .allies_of(target)
            .filter(|r| world.read::<PlayerRealm>(*r).is_some())
        {
            if pr != realm && covered(pr).is_some() {
                return Some(Illegal::new(
                    rule,
                    "that Non-Player Realm is allied to a Player Realm you may not attack",
                ));
            }
        }
    }
    if let Some(capital) = world.read::<Capital>(target).map(|c| c.0) {
        let area = world.read::<InArea>(capital).map(|a| a.0);
        if let Some(a) = area.and_then(|a| world.read::<Area>(a)) {
            let known = world
                .read::<Discovered>(realm)
                .is_some_and(|d| d.0.contains(&a.continent));
            if a.distant && !known {
                return Some(Illegal::new(
                    rule,
                    "that realm lies on an undiscovered continent",
                ));
            }
        }
    }
    if world.read::<Interregnum>(realm).is_some() && !disputed_succession_cb(world, realm, target) {
        return Some(Illegal::new(
            ids::INTERREGNUM_RESTRICTIONS,
            "no war declarations during an Interregnum (except a Disputed Succession through your marriage)",
        ));
    }
    None
}

/// A Disputed Succession through the realm's own marriage with the target: the realm's token on
/// the target shows the Disputed Succession side (the target is the partner "experiencing" it).
pub fn disputed_succession_cb(world: &World, realm: Entity, target: Entity) -> bool {
    crate::engine::query_cache::with_query::<&Marriage, (), _>(world, |mut q| {
        q.any(|m| m.between(realm, target) && m.disputed_on(target))
    })
    .unwrap_or(false)
}

// ---------------------------------------------------------------------------------------------
// Doing the turn's military actions

/// Declares war as part of another action, without paying its mil (a Crusade's free
/// declaration, 19.3): the calls, battles and free activation follow as after Declare War.
pub fn start_free_war(world: &mut World, realm: Entity, target: Entity) {
    world.res_mut::<MilitaryAction>().busy = true;
    let battles_before = world.res::<battle::Battles>().fought;
    crate::rulesets::pop::rules::war::declare_war_paying(world, realm, target, false);
    world.res_mut::<MilitaryAction>().declared = Some(Declared {
        battles_before,
        offered: false,
    });
}

/// Starts a military turn action. Returns false when the action is not military.
pub fn handle_turn(world: &mut World, realm: Entity, action: &Action) -> bool {
    match action {
        Action::DeclareWar { target } => {
            let Some(t) = index(world, target) else {
                return true;
            };
            world.res_mut::<MilitaryAction>().busy = true;
            let battles_before = world.res::<battle::Battles>().fought;
            crate::rulesets::pop::rules::war::declare_on(world, realm, t, true);
            // More targets may be named before the battles (`continue_action`).
            let sid = sid_of(world, t);
            let mut m = world.res_mut::<MilitaryAction>();
            m.war_targets = vec![sid];
            m.declared = Some(Declared {
                battles_before,
                offered: false,
            });
        }
        Action::Move { from, to } => {
            pay_activation(world, realm, ids::WAR_MOVE);
            world.res_mut::<MilitaryAction>().busy = true;
            if let (Some(f), Some(t)) = (index(world, from), index(world, to)) {
                march(world, realm, f, t);
            }
        }
        Action::Sail { from, to } => {
            pay_activation(world, realm, ids::WAR_MOVE);
            world.res_mut::<MilitaryAction>().busy = true;
            if let (Some(f), Some(t)) = (index(world, from), index(world, to)) {
                sail(world, realm, f, t);
                if world.read::<SeaZone>(t).is_some() {
                    world.res_mut::<MilitaryAction>().transport = Some(sid_of(world, t));
                }
            }
        }
        Action::Recruit { area } => {
            pay_activation(world, realm, ids::WAR_RECRUIT);
            let Some(a) = index(world, area) else {
                return true;
            };
            let name = key_of(world, realm);
            write(
                world,
                Note::new(ids::WAR_RECRUIT, format!("{name} recruits in {area}"))
                    .realm(name)
                    .subject(sid_of(world, a)),
            );
            let sid = sid_of(world, a);
            let mut m = world.res_mut::<MilitaryAction>();
            m.busy = true;
            m.recruiting = Some(Recruiting {
                area: sid,
                mercenaries: 0,
                units: 0,
                ports_used: Vec::new(),
            });
        }
        Action::Siege { province } => {
            let Some(p) = index(world, province) else {
                return true;
            };
            let Some(area) = world.read::<InArea>(p).map(|a| a.0) else {
                return true;
            };
            let value = world.read::<Province>(p).map_or(1, |x| x.tax_value());
            let cost = siege_cost(world, realm, area, p, 0);
            change_mp(world, realm, MpKind::Mil, -cost, ids::WAR_SIEGE);
            let sid = sid_of(world, area);
            {
                let mut m = world.res_mut::<MilitaryAction>();
                m.busy = true;
                m.free = false;
                m.sieging = Some(Sieging { area: sid, value });
            }
            take_by_siege(world, realm, p);
        }
        Action::AppointGeneral { card, place, fleet } => {
            appoint_general(world, realm, card, place, *fleet)
        }
        Action::CommandArmy { character, place } => command_army(world, realm, character, place),
        Action::AppointToEmptyMat { card, fleet } => {
            appoint_to_empty_mat(world, realm, card, *fleet)
        }
        Action::ToEmptyMat { character } => {
            if let Some(c) = index(world, character) {
                to_empty_mat(world, c, "moved to another mat, without units");
            }
        }
        _ => return false,
    }
    true
}

fn pay_activation(world: &mut World, realm: Entity, rule: &'static str) {
    let cost = activation_cost(world);
    if cost > 0 {
        change_mp(world, realm, MpKind::Mil, -cost, rule);
    }
    world.res_mut::<MilitaryAction>().free = false;
}

/// The places a move of up to two spaces went through, as stable ids: `from`, the place
/// between when `to` is not next to it (the first by stable id that touches both), and `to`.
/// Armies march over land borders only (`land`); fleets also touch the ports on their shores.
fn route(world: &World, from: Entity, to: Entity, land: bool) -> Vec<u32> {
    let shores = if land {
        std::borrow::Cow::Owned(Default::default())
    } else {
        crate::rulesets::pop::rules::trade::shores_map(world)
    };
    let next = |p: Entity| crate::rulesets::pop::rules::colonize::neighbours(world, p, &shores);
    let mut path = vec![from];
    if !next(from).contains(&to) {
        let mut between: Vec<Entity> = next(from)
            .into_iter()
            .filter(|m| next(*m).contains(&to) && !(land && world.read::<SeaZone>(*m).is_some()))
            .collect();
        between.sort_by_cached_key(|m| sid_of(world, *m));
        path.extend(between.first());
    }
    path.push(to);
    path.into_iter().map(|p| sid_of(world, p)).collect()
}

/// Marches the army in `from` to `to`, paying for access, and starts the battle it finds.
pub fn march(world: &mut World, realm: Entity, from: Entity, to: Entity) {
    let name = key_of(world, realm);
    let way = marches(world, realm, from)
        .into_iter()
        .find(|m| m.to == to)
        .unwrap_or(March {
            to,
            mountain: false,
            carried: None,
            path: vec![from, to],
        });
    let mountain = way.mountain;
    let mut army = own_units_at(world, realm, from, true);
    let all_move = army.len() <= way.limit();
    if !all_move {
        army.truncate(way.limit());
    }
    match access_price(world, realm, to) {
        AccessPrice::Free if ground(world, realm, to) == Ground::Neutral => write(
            world,
            Note::new(
                ids::WAR_ACCESS,
                format!(
                    "{name} marches into {} with free military access: the Emperor Defends the HRE",
                    key_of(world, to)
                ),
            )
            .realm(name),
        ),
        AccessPrice::Free => {}
        AccessPrice::Influence => {
            add_influence(world, realm, to, -1);
            write(
                world,
                Note::new(
                    ids::WAR_ACCESS,
                    format!(
                        "{name} uses 1 influence for military access to {}",
                        key_of(world, to)
                    ),
                )
                .realm(name),
            );
        }
        AccessPrice::Ducats => {
            spend(world, realm, ACCESS_DUCATS, ids::WAR_ACCESS);
            write(
                world,
                Note::new(
                    ids::WAR_ACCESS,
                    format!(
                        "{name} pays 3 ducats for military access to {}",
                        key_of(world, to)
                    ),
                )
                .realm(name),
            );
        }
    }
    let already_there = has_own_units_at(world, realm, to, true);
    for u in &army {
        place_unit(world, *u, to);
    }
    if all_move && let Some(general) = commander_at(world, realm, from, true) {
        world.entity_mut(general).insert(InCommand(to));
    }
    write(
        world,
        Note::new(
            ids::WAR_MOVE,
            format!(
                "{name} marches {} units from {} to {}{}{}",
                army.len(),
                key_of(world, from),
                key_of(world, to),
                if mountain { " over the mountains" } else { "" },
                match way.carried {
                    Some(n) => format!(
                        " carried by its ships across {} (room for {n})",
                        way.path[1..way.path.len() - 1]
                            .iter()
                            .filter(|p| world.read::<SeaZone>(**p).is_some())
                            .map(|p| key_of(world, *p).as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    None => String::new(),
                }
            ),
        )
        .realm(name)
        .subject(sid_of(world, to))
        .amount(army.len() as i32)
        .path(if way.carried.is_some() {
            way.path.iter().map(|p| sid_of(world, *p)).collect()
        } else {
            route(world, from, to, true)
        }),
    );
    if way.carried.is_some() {
        write(
            world,
            Note::new(
                ids::WAR_NAVAL_TRANSPORT,
                format!(
                    "{name}'s ships carry {} units from {} to {}",
                    army.len(),
                    key_of(world, from),
                    key_of(world, to)
                ),
            )
            .realm(name)
            .amount(army.len() as i32),
        );
    }
    start_battles_at(world, realm, to, Some(from), already_there, true);
    release_idle_commanders(world);
}

/// Queues the battle that units of `realm` arriving at (or recruited in, or declared war in)
/// `place` start. On land (unless `already_there`: units hostile to it stood there before this
/// turn) every enemy Non-Player Realm with provinces there first raises its defence; then the
/// battle is aimed at the largest party there hostile to `realm`, and every other hostile party
/// defends beside it (`battle::begin` names the Main Defender; EUP-W 9.7 "Fighting multiple
/// Enemies", 13.4).
pub fn start_battles_at(
    world: &mut World,
    realm: Entity,
    place: Entity,
    from: Option<Entity>,
    already_there: bool,
    land: bool,
) {
    if land && !already_there {
        // "If an Area that you attack contains Provinces belonging to 2 or more NPR Enemies,
        // all defending Units from the combined MC of these NPRs will face you in a single
        // Battle" (EUP-W 13.4), beside any army hostile to the mover already there.
        let mut nprs: Vec<Entity> = enemy_npr_provinces(world, realm, place)
            .into_iter()
            .filter_map(|p| world.read::<OwnedBy>(p).map(|o| o.0))
            .collect();
        sort_dedup_by_sid(world, &mut nprs);
        for npr in nprs {
            battle::raise_npr_defence(world, npr, place);
        }
    }
    queue_battle_against_hostiles(world, realm, place, from, land);
}

/// Queues a battle of `realm`'s units at `place` against the largest party there hostile to
/// it (ties: rebels, then stable id), if any.
fn queue_battle_against_hostiles(
    world: &mut World,
    realm: Entity,
    place: Entity,
    from: Option<Entity>,
    land: bool,
) {
    let me = Party::Realm(sid_of(world, realm));
    let Some(defender) = battle::opposing_parties(world, me, place, land)
        .into_iter()
        .min_by_key(|(n, p)| (std::cmp::Reverse(*n), *p))
        .map(|(_, p)| p)
    else {
        return;
    };
    let active = active_realm(world);
    battle::queue(
        world,
        BattleSpec {
            place: sid_of(world, place),
            attacker: me,
            defender,
            from: from.map(|f| sid_of(world, f)),
            naval: !land,
            active,
            invaders: false,
            beside: Vec::new(),
        },
    );
}

/// The realm whose turn it is in the Action phase, if any.
fn active_realm(world: &World) -> Option<u32> {
    let phase2 = world.res::<crate::engine::flow::Flow>().current().phase == 2;
    phase2
        .then(|| world.res::<MilitaryAction>().turn_of)
        .flatten()
}

fn sail(world: &mut World, realm: Entity, from: Entity, to: Entity) {
    let name = key_of(world, realm);
    let fleet = own_units_at(world, realm, from, false);
    for u in &fleet {
        place_unit(world, *u, to);
    }
    if let Some(admiral) = commander_at(world, realm, from, false) {
        world.entity_mut(admiral).insert(InCommand(to));
    }
    write(
        world,
        Note::new(
            ids::WAR_MOVE,
            format!(
                "{name}'s fleet of {} sails from {} to {}",
                fleet.len(),
                key_of(world, from),
                key_of(world, to)
            ),
        )
        .realm(name)
        .subject(sid_of(world, to))
        .amount(fleet.len() as i32)
        .path(route(world, from, to, false)),
    );
    if world.read::<SeaZone>(to).is_some() {
        start_naval_battles_at(world, realm, to, from);
    }
}

/// A fleet entering a sea zone fights hostile ships there and the naval capacity of every enemy
/// Non-Player Realm whose ports face it, in one battle.
fn start_naval_battles_at(world: &mut World, realm: Entity, sea: Entity, from: Entity) {
    let mut nprs: Vec<Entity> = crate::rulesets::pop::rules::trade::ports_facing(world, sea)
        .iter()
        .filter_map(|p| world.read::<OwnedBy>(*p).map(|o| o.0))
        .collect();
    nprs.retain(|n| world.read::<NonPlayerRealm>(*n).is_some() && at_war_between(world, realm, *n));
    sort_dedup_by_sid(world, &mut nprs);
    for npr in nprs {
        battle::raise_npr_fleet(world, npr, sea);
    }
    start_battles_at(world, realm, sea, Some(from), false, false);
}

/// What recruiting in an area may add next (legal or not).
pub fn recruit_unit_candidates() -> Vec<Action> {
    let mut all = Vec::new();
    for kind in [UnitKind::Infantry, UnitKind::Cavalry, UnitKind::Artillery] {
        for mercenary in [false, true] {
            all.push(Action::RecruitUnit { kind, mercenary });
        }
    }
    for kind in [UnitKind::LightShip, UnitKind::HeavyShip, UnitKind::Galley] {
        all.push(Action::RecruitUnit {
            kind,
            mercenary: false,
        });
    }
    all.push(Action::Decline);
    all
}

/// Why this unit cannot be recruited now, if it cannot.
pub fn recruit_unit_problem(
    world: &World,
    realm: Entity,
    kind: UnitKind,
    mercenary: bool,
) -> Option<Illegal> {
    let rule = ids::WAR_RECRUIT;
    let Some(r) = world.res::<MilitaryAction>().recruiting.clone() else {
        return Some(Illegal::new(rule, "no recruitment going on"));
    };
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let cost = unit_cost(kind, mercenary);
    if mat.ducats < cost {
        return Some(Illegal::new(
            rule,
            format!("that unit costs {cost} ducats, you have {}", mat.ducats),
        ));
    }
    if kind.is_land() {
        if mercenary && r.mercenaries >= MAX_MERCENARIES {
            return Some(Illegal::new(
                rule,
                "at most 3 mercenaries per Recruit action",
            ));
        }
        if !mercenary && mat.manpower < 1 {
            return Some(Illegal::new(rule, "a regular needs 1 available manpower"));
        }
        if kind == UnitKind::Artillery
            && !idea_effects(world, realm)
                .iter()
                .any(|e| matches!(e, IdeaEffect::Artillery))
        {
            return Some(Illegal::new(
                rule,
                "artillery needs the Idea that brings cannons",
            ));
        }
        return None;
    }
    if mercenary {
        return Some(Illegal::new(rule, "ships are never mercenaries"));
    }
    if free_port(world, realm, &r, kind).is_none() {
        return Some(Illegal::new(
            rule,
            "ships need a port of yours in the area that has not launched one in this action (galleys only in marked seas)",
        ));
    }
    None
}

/// A port of the realm in the recruiting area that may still launch a ship of this kind.
fn free_port(world: &World, realm: Entity, r: &Recruiting, kind: UnitKind) -> Option<Entity> {
    let area = world.res::<Index>().by_sid(r.area)?;
    area_provinces(world, area).iter().copied().find(|p| {
        let Some(province) = world.read::<Province>(*p) else {
            return false;
        };
        let Some(sea) = province.port else {
            return false;
        };
        world.read::<OwnedBy>(*p).is_some_and(|o| o.0 == realm)
            && controller(world, *p) == Some(realm)
            && !r.ports_used.contains(&sid_of(world, *p))
            && (kind != UnitKind::Galley || world.read::<SeaZone>(sea).is_some_and(|s| s.galleys))
    })
}

fn recruit_unit(world: &mut World, realm: Entity, kind: UnitKind, mercenary: bool) {
    let Some(r) = world.res::<MilitaryAction>().recruiting.clone() else {
        return;
    };
    let Some(area) = world.res::<Index>().by_sid(r.area) else {
        return;
    };
    let cost = unit_cost(kind, mercenary);
    spend(world, realm, cost, ids::WAR_RECRUIT);
    let status = if mercenary {
        UnitStatus::Mercenary
    } else {
        UnitStatus::Regular
    };
    let manpower = unit_manpower(kind, mercenary);
    if manpower > 0
        && let Some(mut m) = world.get_mut::<Mat>(realm)
    {
        m.manpower -= manpower;
    }
    let mut port = None;
    if !kind.is_land() {
        port = free_port(world, realm, &r, kind);
    }
    raise_units(world, Some(realm), area, kind, status, 1);
    {
        let port_sid = port.map(|p| sid_of(world, p));
        let mut m = world.res_mut::<MilitaryAction>();
        if let Some(rec) = m.recruiting.as_mut() {
            rec.units += 1;
            if mercenary {
                rec.mercenaries += 1;
            }
            rec.ports_used.extend(port_sid);
        }
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::WAR_RECRUIT,
            format!(
                "{name} raises {} {kind:?} in {} for {cost} ducats",
                if mercenary { "a mercenary" } else { "a" },
                key_of(world, area)
            ),
        )
        .realm(name)
        .subject(sid_of(world, area))
        .amount(1),
    );
}

/// Takes a province by siege: a rebel town is cleared (and, at war with its owner, the besieger
/// is asked whether to occupy it);
/// an enemy's province is occupied (the besieger's town, unrest side up, and a cube on the
/// owner's track); one's own province held by an enemy comes back.
pub fn take_by_siege(world: &mut World, realm: Entity, province: Entity) {
    let name = key_of(world, realm);
    let place = key_of(world, province);
    let sid = sid_of(world, province);
    let owner = world.read::<OwnedBy>(province).map(|o| o.0);
    if world.read::<RebelTown>(province).is_some() {
        world.entity_mut(province).remove::<RebelTown>();
        if let Some(o) = owner {
            clear_unrest(world, o, province);
        }
        write(
            world,
            Note::new(
                ids::SIEGE_REBEL_TOWN,
                format!(
                    "{name} storms the rebel town of {place}: the rebels and their unrest are gone"
                ),
            )
            .realm(name)
            .subject(sid),
        );
        if owner == Some(realm) || owner.is_none_or(|o| !at_war_between(world, realm, o)) {
            return;
        }
        // "You may place your own t on top of theirs": the besieger decides.
        world.res_mut::<MilitaryAction>().occupy = Some(sid);
        return;
    }
    occupy_by_siege(world, realm, province);
}

/// The besieger's town goes on a province it took by siege (unrest side up, a cube on the
/// owner's track), or its own province comes back from an occupier.
fn occupy_by_siege(world: &mut World, realm: Entity, province: Entity) {
    let name = key_of(world, realm);
    let place = key_of(world, province);
    let sid = sid_of(world, province);
    let owner = world.read::<OwnedBy>(province).map(|o| o.0);
    let held = controller(world, province);
    if owner == Some(realm) {
        // Our own province back from an occupier.
        if let Some(occupier) = held.filter(|h| *h != realm) {
            crate::rulesets::pop::rules::towns::remove_tokens(world, occupier, province);
        }
        world.entity_mut(province).insert(ControlledBy(realm));
        write(
            world,
            Note::new(ids::WAR_SIEGE, format!("{name} retakes {place}"))
                .realm(name)
                .subject(sid),
        );
        return;
    }
    if let Some(occupier) = held.filter(|h| Some(*h) != owner) {
        crate::rulesets::pop::rules::towns::remove_tokens(world, occupier, province);
    }
    // The owner's track now shows a cube on this town's slot (`towns::slot_covered`).
    let before: Vec<Entity> = world
        .read::<RealmTokens>(realm)
        .map(|t| t.iter().collect())
        .unwrap_or_default();
    place_town(world, realm, province);
    let new_tokens: Vec<Entity> = world
        .read::<RealmTokens>(realm)
        .map(|t| t.iter().filter(|x| !before.contains(x)).collect())
        .unwrap_or_default();
    for t in new_tokens {
        world.entity_mut(t).insert(Unrest);
    }
    world.entity_mut(province).insert(ControlledBy(realm));
    write(
        world,
        Note::new(
            ids::WAR_SIEGE,
            format!(
                "{name} besieges and occupies {place}{}",
                owner.map_or(String::new(), |o| format!(" of {}", key_of(world, o)))
            ),
        )
        .realm(name)
        .subject(sid),
    );
}

pub(crate) fn clear_unrest(world: &mut World, owner: Entity, province: Entity) {
    let tokens: Vec<Entity> = world
        .read::<Holdings>(province)
        .map(|h| {
            h.iter()
                .filter(|t| world.read::<TokenOf>(*t).is_some_and(|o| o.0 == owner))
                .collect()
        })
        .unwrap_or_default();
    for t in tokens {
        world.entity_mut(t).remove::<Unrest>();
    }
}

/// Other provinces the siege going on may add (legal or not).
pub fn siege_more_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let Some(s) = world.res::<MilitaryAction>().sieging.clone() else {
        return vec![Action::Decline];
    };
    let Some(area) = world.res::<Index>().by_sid(s.area) else {
        return vec![Action::Decline];
    };
    let mut all: Vec<Action> = siege_targets(world, realm, area)
        .into_iter()
        .filter(|p| siege_problem(world, realm, area, *p, s.value).is_none())
        .map(|p| Action::ChooseProvince {
            province: key_of(world, p),
        })
        .collect();
    all.push(Action::Decline);
    all
}

/// Mil adding `province` to the Siege action going on costs: the extra units it needs.
pub fn siege_more_cost(world: &World, realm: Entity, province: &str) -> i32 {
    let Some(s) = world.res::<MilitaryAction>().sieging.clone() else {
        return 0;
    };
    match (world.res::<Index>().by_sid(s.area), index(world, province)) {
        (Some(area), Some(p)) => siege_cost(world, realm, area, p, s.value),
        _ => 0,
    }
}

fn siege_more(world: &mut World, realm: Entity, province: &str) {
    let Some(s) = world.res::<MilitaryAction>().sieging.clone() else {
        return;
    };
    let Some(p) = index(world, province) else {
        return;
    };
    let value = s.value + world.read::<Province>(p).map_or(1, |x| x.tax_value());
    let extra = siege_more_cost(world, realm, province);
    if extra > 0 {
        change_mp(world, realm, MpKind::Mil, -extra, ids::WAR_SIEGE);
    }
    if let Some(s) = world.res_mut::<MilitaryAction>().sieging.as_mut() {
        s.value = value;
    }
    take_by_siege(world, realm, p);
}

/// Takes the leader card from the hand, tucked under its mat while the leader serves (7.2;
/// `leave_play`), and pays its mil: the character and the cost.
fn take_leader_card(world: &mut World, realm: Entity, card: &str) -> Option<(Entity, i32)> {
    let cards = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    let character = cards
        .iter()
        .copied()
        .find(|c| card_id(world, *c) == card)
        .and_then(|c| card_character(world, c))?;
    take_from_hand(world, realm, card)?;
    crate::rulesets::pop::rules::characters::back_by_card(world, character);
    let cost = leader_cost(world, realm, character);
    change_mp(
        world,
        realm,
        MpKind::Mil,
        -cost,
        ids::APPOINT_MILITARY_LEADER,
    );
    Some((character, cost))
}

fn appoint_general(world: &mut World, realm: Entity, card: &str, place: &str, fleet: bool) {
    let Some(p) = index(world, place) else { return };
    let Some((character, cost)) = take_leader_card(world, realm, card) else {
        return;
    };
    let land = leader_goes_to_land(world, realm, p, fleet);
    let old = commander_at(world, realm, p, land);
    let role = if land { Role::General } else { Role::Admiral };
    world
        .entity_mut(character)
        .insert((Serves(realm), role, InCommand(p)));
    if let Some(old) = old {
        replaced(world, realm, old, land);
    }
    note_appointment(world, realm, character, land, &format!("at {place}"), cost);
}

/// Logs a general or admiral appointed from the hand: "`realm` appoints `who` general
/// `where_to` for `cost` mil".
fn note_appointment(
    world: &mut World,
    realm: Entity,
    character: Entity,
    land: bool,
    where_to: &str,
    cost: i32,
) {
    let name = key_of(world, realm);
    let who = key_of(world, character);
    let role = if land { "general" } else { "admiral" };
    write(
        world,
        Note::new(
            ids::APPOINT_MILITARY_LEADER,
            format!("{name} appoints {who} {role} {where_to} for {cost} mil"),
        )
        .realm(name)
        .subject(sid_of(world, character)),
    );
}

/// The leader on `card` becomes a general (admiral) waiting on a free mat without units.
fn appoint_to_empty_mat(world: &mut World, realm: Entity, card: &str, fleet: bool) {
    let Some((character, cost)) = take_leader_card(world, realm, card) else {
        return;
    };
    let role = if fleet { Role::Admiral } else { Role::General };
    world.entity_mut(character).insert((Serves(realm), role));
    let where_to = if fleet {
        "on the Fleet Mat, without units"
    } else {
        "on an Army Mat without units"
    };
    note_appointment(world, realm, character, !fleet, where_to, cost);
}

fn command_army(world: &mut World, realm: Entity, character: &str, place: &str) {
    let (Some(c), Some(p)) = (index(world, character), index(world, place)) else {
        return;
    };
    let land = !matches!(world.read::<Role>(c), Some(Role::Admiral));
    let old = commander_at(world, realm, p, land);
    let name = key_of(world, realm);
    let role = world.read::<Role>(c).copied();
    let rule = if matches!(role, Some(Role::Ruler | Role::RulerGeneral)) {
        world
            .entity_mut(c)
            .insert((Role::RulerGeneral, InCommand(p)));
        ids::RULER_GENERAL
    } else {
        world.entity_mut(c).insert(InCommand(p));
        ids::REPLACE_MILITARY_LEADER
    };
    let text = if rule == ids::RULER_GENERAL {
        format!("{name}'s ruler {character} takes command at {place} as Ruler General")
    } else {
        format!("{name}'s {character} takes command at {place}")
    };
    write(
        world,
        Note::new(rule, text).realm(name).subject(sid_of(world, c)),
    );
    if let Some(old) = old {
        let land = !matches!(world.read::<Role>(old), Some(Role::Admiral));
        replaced(world, realm, old, land);
    }
}

/// A military leader replaced at its army or fleet (7.2): a Ruler General goes back to ruling;
/// a general or admiral relocates to a mat without a leader if one is left (it waits there, off
/// the board, until it takes command again), else it is discarded.
fn replaced(world: &mut World, realm: Entity, old: Entity, land: bool) {
    if matches!(world.read::<Role>(old), Some(Role::RulerGeneral)) {
        relieve(world, old, "replaced");
        return;
    }
    let others = leaders_on_mats(world, realm, land)
        .into_iter()
        .filter(|l| *l != old)
        .count();
    if others < mats(land) {
        to_empty_mat(world, old, "replaced; it moves to a free mat");
    } else {
        relieve(
            world,
            old,
            if land {
                "replaced, with no Army Mat free to move to"
            } else {
                "replaced, with no Fleet Mat free to move to"
            },
        );
    }
}

/// A general or admiral leaves its army or fleet but stays on its mat, serving, off the board.
fn to_empty_mat(world: &mut World, leader: Entity, why: &str) {
    world.entity_mut(leader).remove::<InCommand>();
    let realm = world.read::<Serves>(leader).map(|s| s.0);
    let who = key_of(world, leader);
    let name = realm.map(|r| key_of(world, r)).unwrap_or_default();
    write(
        world,
        Note::new(
            ids::REPLACE_MILITARY_LEADER,
            format!("{name}'s {who} leaves its command ({why}) and stays on its mat"),
        )
        .realm(name)
        .subject(sid_of(world, leader)),
    );
}

/// A leader leaves command: the Ruler General goes back to ruling; a general or admiral is
/// discarded.
fn relieve(world: &mut World, leader: Entity, why: &str) {
    let realm = world.read::<Serves>(leader).map(|s| s.0);
    let who = key_of(world, leader);
    let name = realm.map(|r| key_of(world, r)).unwrap_or_default();
    match world.read::<Role>(leader).copied() {
        Some(Role::RulerGeneral) => {
            world
                .entity_mut(leader)
                .remove::<InCommand>()
                .insert(Role::Ruler);
        }
        _ => crate::rulesets::pop::rules::characters::leave_play(world, leader),
    }
    write(
        world,
        Note::new(
            ids::REPLACE_MILITARY_LEADER,
            format!("{name}'s {who} leaves command ({why})"),
        )
        .realm(name)
        .subject(sid_of(world, leader)),
    );
}

/// Generals and admirals whose army or fleet has no unit left stay on their (now empty) mats,
/// serving, to be moved to another army later (7.2: "even one without any Units"); a Ruler
/// General without an army goes back to the court.
pub fn release_idle_commanders(world: &mut World) {
    // A kept query state: asked after every march and every upkeep, where building one
    // afresh cost more than the walk.
    let mut leaders: Vec<(Entity, Entity, Entity)> =
        crate::engine::query_cache::with_query::<(Entity, &InCommand, &Serves), (), _>(
            world,
            |q| q.map(|(e, c, s)| (e, c.0, s.0)).collect(),
        )
        .unwrap_or_default();
    leaders.sort_by_cached_key(|(e, _, _)| sid_of(world, *e));
    for (leader, place, realm) in leaders {
        let land = !matches!(world.read::<Role>(leader), Some(Role::Admiral));
        if has_own_units_at(world, realm, place, land) {
            continue;
        }
        if matches!(world.read::<Role>(leader), Some(Role::RulerGeneral)) {
            relieve(world, leader, "no army left to command");
        } else {
            to_empty_mat(world, leader, "no unit left under it");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Follow-up questions

/// What the military part of the turn is doing.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Step {
    /// Nothing military going on.
    Idle,
    /// A question is pending.
    Waiting,
    /// The military action is over: the turn's action is used.
    Done,
}

/// Runs the questions of a military action in progress: Calls to Arms, battles, the free
/// activation after a declaration, more units, more provinces.
pub fn continue_action(world: &mut World, realm: Entity) -> Step {
    loop {
        if world
            .res::<crate::rulesets::pop::decision::Pending>()
            .0
            .is_some()
        {
            return Step::Waiting;
        }
        // A declaration of war may name more realms before its Calls to Arms and battles.
        if !world.res::<MilitaryAction>().war_targets.is_empty() {
            if ask_more_war_targets(world, realm) {
                return Step::Waiting;
            }
            end_declaration(world, realm);
        }
        if crate::rulesets::pop::rules::war::continue_calls(world) == Progress::Waiting {
            return Step::Waiting;
        }
        if battle::fight(world) == Progress::Waiting {
            return Step::Waiting;
        }
        let m = world.res::<MilitaryAction>().clone();
        if !m.busy {
            return Step::Idle;
        }
        let name = key_of(world, realm);
        if let Some(r) = &m.recruiting {
            let any = recruit_unit_candidates().into_iter().any(|a| match a {
                Action::RecruitUnit { kind, mercenary } => {
                    recruit_unit_problem(world, realm, kind, mercenary).is_none()
                }
                _ => false,
            });
            if any {
                let area = world
                    .res::<Index>()
                    .by_sid(r.area)
                    .map(|a| key_of(world, a))
                    .unwrap_or_default();
                ask(
                    world,
                    name,
                    DecisionKind::RecruitUnits { area },
                    format!("Recruit in {area}: another unit, or done"),
                );
                return Step::Waiting;
            }
            finish_recruiting(world, realm);
            continue;
        }
        if let Some(p) = m.occupy {
            let province = world
                .res::<Index>()
                .by_sid(p)
                .map(|x| key_of(world, x))
                .unwrap_or_default();
            ask(
                world,
                name,
                DecisionKind::OccupyRebelTown { province },
                format!(
                    "The rebel town of {province} is stormed: place your own town there (you are at war with its owner), or not"
                ),
            );
            return Step::Waiting;
        }
        if let Some(s) = &m.sieging {
            if siege_more_candidates(world, realm).len() > 1 {
                let area = world
                    .res::<Index>()
                    .by_sid(s.area)
                    .map(|a| key_of(world, a))
                    .unwrap_or_default();
                ask(
                    world,
                    name,
                    DecisionKind::SiegeMore { area },
                    format!(
                        "Siege in {area}: another province within the army's strength, or done"
                    ),
                );
                return Step::Waiting;
            }
            world.res_mut::<MilitaryAction>().sieging = None;
            continue;
        }
        if let Some(sea) = m.transport {
            let sea = world.res::<Index>().by_sid(sea);
            world.res_mut::<MilitaryAction>().transport = None;
            if let Some(sea) = sea.filter(|s| !transport_candidates(world, realm, *s).is_empty()) {
                let key = key_of(world, sea);
                ask(
                    world,
                    name,
                    DecisionKind::NavalTransport { sea: key },
                    format!("Your ships are in {key}: carry an army across them, or not"),
                );
                return Step::Waiting;
            }
            continue;
        }
        if let Some(d) = &m.declared {
            let fought = world.res::<battle::Battles>().fought > d.battles_before;
            // Each candidate march is checked, and asks where the army may go: remembered.
            let offer = !fought
                && !d.offered
                && crate::engine::memo::scope(world, || !free_candidates(world, realm).is_empty());
            if offer {
                if let Some(d) = world.res_mut::<MilitaryAction>().declared.as_mut() {
                    d.offered = true;
                }
                write(
                    world,
                    Note::new(
                        ids::WAR_FREE_ACTIVATION,
                        format!(
                            "No battle followed {name}'s declaration: a free Activate or Recruit"
                        ),
                    )
                    .realm(name),
                );
                ask(
                    world,
                    name,
                    DecisionKind::FreeActivation,
                    "No battle followed your declaration: take a free Activate or Recruit, or decline",
                );
                return Step::Waiting;
            }
            world.res_mut::<MilitaryAction>().declared = None;
            continue;
        }
        let mut m = world.res_mut::<MilitaryAction>();
        m.busy = false;
        m.free = false;
        return Step::Done;
    }
}

/// Further realms the declaration of war being made may name: every realm war may be declared
/// on that it does not name yet (EUP-W 5.5b: "You may Declare War on any number of Realms
/// during this Action"). A realm already named is at war with the declarer, so not offered.
pub fn more_war_targets(world: &World, realm: Entity) -> Vec<Action> {
    let rel = Relations::of(world);
    declare_candidates(world, realm)
        .into_iter()
        .filter(|a| may_name_in_declaration(world, &rel, realm, a))
        .collect()
}

fn may_name_in_declaration(world: &World, rel: &Relations, realm: Entity, a: &Action) -> bool {
    match a {
        Action::DeclareWar { target } => {
            index(world, target).is_some_and(|t| declare_problem_in(world, rel, realm, t).is_none())
        }
        _ => false,
    }
}

/// Asks the realm declaring war whether to name another realm. Returns true when it asked.
fn ask_more_war_targets(world: &mut World, realm: Entity) -> bool {
    // Whether there is one is enough: the first found spares checking the rest.
    let rel = Relations::of(world);
    if !declare_candidates(world, realm)
        .iter()
        .any(|a| may_name_in_declaration(world, &rel, realm, a))
    {
        return false;
    }
    let named: Vec<String> = world
        .res::<MilitaryAction>()
        .war_targets
        .iter()
        .filter_map(|s| world.res::<Index>().by_sid(*s))
        .map(|t| key_of(world, t).to_string())
        .collect();
    ask(
        world,
        key_of(world, realm),
        DecisionKind::MoreWarTargets,
        format!(
            "You declare war on {}: name another realm in the same declaration (no more mil), or no more",
            named.join(", ")
        ),
    );
    true
}

/// No more realms are named: the declaration's battles follow (steps 6-7, once for all its
/// targets).
fn end_declaration(world: &mut World, realm: Entity) {
    let targets = std::mem::take(&mut world.res_mut::<MilitaryAction>().war_targets);
    if targets.len() > 1 {
        crate::rulesets::pop::rules::war::order_declaration_calls(world);
    }
    crate::rulesets::pop::rules::war::queue_battles_after_declaration(world, realm);
}

fn finish_recruiting(world: &mut World, realm: Entity) {
    let Some(r) = world.res_mut::<MilitaryAction>().recruiting.take() else {
        return;
    };
    let Some(area) = world.res::<Index>().by_sid(r.area) else {
        return;
    };
    // Units recruited in an area with enemy units or enemy Non-Player Realm provinces fight.
    start_battles_at(world, realm, area, None, false, true);
}

/// The free activation's choices: a Move, Sail or Recruit at no mil.
pub fn free_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = march_candidates(world, realm);
    all.extend(sail_candidates(world, realm));
    all.extend(
        recruit_areas(world, realm)
            .into_iter()
            .map(|a| Action::Recruit {
                area: key_of(world, a),
            }),
    );
    all.retain(|a| match a {
        Action::Move { from, to } => move_problem(world, realm, from, to).is_none(),
        Action::Recruit { .. } => world.read::<Mat>(realm).is_some_and(|m| m.ducats >= 2),
        _ => true,
    });
    all
}

/// Answers the military follow-up questions. Returns false when the question was not one.
pub fn answer(world: &mut World, realm: Entity, kind: &DecisionKind, action: &Action) -> bool {
    match (kind, action) {
        (DecisionKind::RecruitUnits { .. }, Action::RecruitUnit { kind, mercenary }) => {
            recruit_unit(world, realm, *kind, *mercenary);
        }
        (DecisionKind::RecruitUnits { .. }, _) => finish_recruiting(world, realm),
        (DecisionKind::SiegeMore { .. }, Action::ChooseProvince { province }) => {
            siege_more(world, realm, province);
        }
        (DecisionKind::SiegeMore { .. }, _) => {
            world.res_mut::<MilitaryAction>().sieging = None;
        }
        (DecisionKind::OccupyRebelTown { .. }, answer) => {
            let p = world.res_mut::<MilitaryAction>().occupy.take();
            let p = p.and_then(|p| world.res::<Index>().by_sid(p));
            if let Some(p) = p {
                if *answer == Action::Accept {
                    occupy_by_siege(world, realm, p);
                } else {
                    let (name, place) = (key_of(world, realm), key_of(world, p));
                    write(
                        world,
                        Note::new(
                            ids::SIEGE_REBEL_TOWN,
                            format!("{name} leaves {place} to its owner"),
                        )
                        .realm(name)
                        .subject(sid_of(world, p)),
                    );
                }
            }
        }
        (DecisionKind::NavalTransport { .. }, Action::Move { from, to }) => {
            if let (Some(f), Some(t)) = (index(world, from), index(world, to)) {
                march(world, realm, f, t);
            }
        }
        (DecisionKind::NavalTransport { .. }, _) => {}
        (DecisionKind::MoreWarTargets, Action::DeclareWar { target }) => {
            if let Some(t) = index(world, target) {
                crate::rulesets::pop::rules::war::declare_on(world, realm, t, false);
                let sid = sid_of(world, t);
                world.res_mut::<MilitaryAction>().war_targets.push(sid);
            }
        }
        (DecisionKind::MoreWarTargets, _) => end_declaration(world, realm),
        (DecisionKind::FreeActivation, Action::Decline) => {
            world.res_mut::<MilitaryAction>().declared = None;
        }
        (DecisionKind::FreeActivation, a) => {
            world.res_mut::<MilitaryAction>().declared = None;
            world.res_mut::<MilitaryAction>().free = true;
            handle_turn(world, realm, a);
        }
        _ => return false,
    }
    true
}

/// Marches that carry an army across a Naval Bridge through `sea` (5.5c: after a Naval
/// Movement, land units cross by way of the sea zone the ships moved to), as `Move` actions.
/// No activation is paid: the Naval Movement was the action.
pub fn transport_candidates(world: &World, realm: Entity, sea: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    for from in army_places(world, realm, true).iter().copied() {
        if world.read::<SeaZone>(from).is_some() {
            continue;
        }
        for way in marches(world, realm, from) {
            if way.carried.is_some()
                && way.path.contains(&sea)
                && access_problem(world, realm, way.to).is_none()
            {
                all.push(Action::Move {
                    from: key_of(world, from),
                    to: key_of(world, way.to),
                });
            }
        }
    }
    all
}

/// Legal-or-not answers to the military follow-up questions.
pub fn decision_candidates(world: &World, realm: Entity, kind: &DecisionKind) -> Vec<Action> {
    match kind {
        DecisionKind::RecruitUnits { .. } => recruit_unit_candidates(),
        DecisionKind::SiegeMore { .. } => siege_more_candidates(world, realm),
        DecisionKind::OccupyRebelTown { .. } => vec![Action::Accept, Action::Decline],
        DecisionKind::NavalTransport { sea } => {
            let mut all = index(world, sea)
                .map(|s| transport_candidates(world, realm, s))
                .unwrap_or_default();
            all.push(Action::Decline);
            all
        }
        DecisionKind::FreeActivation => {
            let mut all = free_candidates(world, realm);
            all.push(Action::Decline);
            all
        }
        DecisionKind::MoreWarTargets => {
            let mut all = more_war_targets(world, realm);
            all.push(Action::Decline);
            all
        }
        _ => Vec::new(),
    }
}

/// Whether an answer to a military follow-up question is legal.
pub fn check_decision(
    world: &World,
    realm: Entity,
    kind: &DecisionKind,
    action: &Action,
) -> Result<(), Illegal> {
    match (kind, action) {
        (DecisionKind::RecruitUnits { .. }, Action::Decline) => Ok(()),
        (DecisionKind::RecruitUnits { .. }, Action::RecruitUnit { kind, mercenary }) => {
            recruit_unit_problem(world, realm, *kind, *mercenary).map_or(Ok(()), Err)
        }
        (DecisionKind::RecruitUnits { .. }, _) => {
            Err(Illegal::new(ids::WAR_RECRUIT, "recruit a unit, or be done"))
        }
        (DecisionKind::OccupyRebelTown { .. }, Action::Accept | Action::Decline) => Ok(()),
        (DecisionKind::OccupyRebelTown { .. }, _) => Err(Illegal::new(
            ids::SIEGE_REBEL_TOWN,
            "place your town on the stormed province, or leave it",
        )),
        (DecisionKind::SiegeMore { .. }, _) => {
            if siege_more_candidates(world, realm).contains(action) {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::WAR_SIEGE,
                    "another province of the area within the army's strength, or done",
                ))
            }
        }
        (DecisionKind::NavalTransport { .. }, _) => {
            if decision_candidates(world, realm, kind).contains(action) {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::WAR_NAVAL_TRANSPORT,
                    "an army's march across the bridge through the sea zone your ships sailed to, or decline",
                ))
            }
        }
        (DecisionKind::MoreWarTargets, Action::Decline) => Ok(()),
        (DecisionKind::MoreWarTargets, Action::DeclareWar { target }) => {
            let Some(t) = index(world, target) else {
                return Err(Illegal::new(ids::WAR_DECLARE, "no such realm"));
            };
            declare_problem(world, realm, t).map_or(Ok(()), Err)
        }
        (DecisionKind::MoreWarTargets, _) => Err(Illegal::new(
            ids::WAR_DECLARE,
            "name another realm to declare war on, or no more",
        )),
        (DecisionKind::FreeActivation, _) => {
            if decision_candidates(world, realm, kind).contains(action) {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::WAR_FREE_ACTIVATION,
                    "a Move, Sail or Recruit you could take, or decline",
                ))
            }
        }
        _ => Err(Illegal::new(
            ids::SEQ_PHASE2_TURN,
            "not a military question",
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// War-related event symbols (FACTS section 3)

/// Attrition: every Player Realm at war except the active player (none on the Event nobody
/// took) loses 1 land unit for every 4 it has deployed (cheapest first, mercenaries before
/// regulars; regulars go to exhausted manpower).
pub fn attrition(world: &mut World, active: Option<Entity>) {
    for realm in crate::rulesets::pop::state::turn_order(world) {
        if Some(realm) == active || enemies_of(world, realm).is_empty() {
            continue;
        }
        let mut units: Vec<Entity> = world
            .read::<Forces>(realm)
            .map(|f| {
                f.iter()
                    .filter(|u| world.read::<Unit>(*u).is_some_and(|x| x.kind.is_land()))
                    .collect()
            })
            .unwrap_or_default();
        let losses = units.len() / 4;
        if losses == 0 {
            continue;
        }
        units.sort_by_key(|u| {
            let unit = world.read::<Unit>(*u).copied().expect("unit");
            let status = match unit.status {
                UnitStatus::Mercenary => 0,
                UnitStatus::Regular => 1,
                _ => 2,
            };
            (status, unit.kind, sid_of(world, *u))
        });
        for u in units.into_iter().take(losses) {
            let regular = world
                .read::<Unit>(u)
                .is_some_and(|x| x.status == UnitStatus::Regular);
            if regular && let Some(mut m) = world.get_mut::<Mat>(realm) {
                m.exhausted_manpower += 1;
            }
            world.despawn(u);
        }
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::WAR_ATTRITION,
                format!("{name} loses {losses} land units to attrition"),
            )
            .realm(name)
            .amount(-(losses as i32)),
        );
        release_idle_commanders(world);
    }
}

/// Lost at sea (FACTS 3): the realms that lose a ship, the Active Player's opponents in turn
/// order; on the Event nobody took (`active` none), every player ("Each player picks their
/// own", the auto-resolution of an unpicked card), the last taker included.
pub fn lost_at_sea_victims(world: &World, active: Option<Entity>) -> Vec<Entity> {
    crate::rulesets::pop::state::turn_order(world)
        .into_iter()
        .filter(|r| Some(*r) != active)
        .collect()
}

/// Whether `province` is a Friendly Port of `realm` (EUP-W 2.0: "Ports Controlled by you,
/// your Vassal, or your Ally"; a vassal's ports are the realm's own in the model).
pub fn friendly_port(world: &World, realm: Entity, province: Entity) -> bool {
    world
        .read::<Province>(province)
        .is_some_and(|p| p.port.is_some())
        && controller(world, province).is_some_and(|c| {
            c == realm || crate::rulesets::pop::rules::relations::allied(world, realm, c)
        })
}

/// The realm's ships that may be lost at sea: in a sea zone no Friendly Port of its faces
/// (16.5: "remove 1 Ship belonging to each Opponent that is -not- adjacent to one of their
/// Friendly Ports"), in stable-id order.
fn ships_far_from_port(world: &World, realm: Entity) -> Vec<Entity> {
    let mut ships = ships_where(world, realm, |place| {
        world.read::<SeaZone>(place).is_some()
            && !crate::rulesets::pop::rules::trade::ports_facing(world, place)
                .iter()
                .any(|p| friendly_port(world, realm, *p))
    });
    ships.sort_by_cached_key(|u| sid_of(world, *u));
    ships
}

/// The realm's ships standing where `place` accepts (the caller's test of the area or sea zone
/// each stands in), in the order of its forces.
pub fn ships_where(world: &World, realm: Entity, place: impl Fn(Entity) -> bool) -> Vec<Entity> {
    world
        .read::<Forces>(realm)
        .map(|f| {
            f.iter()
                .filter(|u| world.read::<Unit>(*u).is_some_and(|x| !x.kind.is_land()))
                .filter(|u| world.read::<At>(*u).is_some_and(|at| place(at.0)))
                .collect()
        })
        .unwrap_or_default()
}

/// The ship as the answer naming it: its sea zone, kind and whether it is a mercenary.
fn ship_answer(world: &World, ship: Entity) -> Option<Action> {
    let unit = world.read::<Unit>(ship)?;
    let at = world.read::<At>(ship)?;
    Some(Action::DisbandUnit {
        place: key_of(world, at.0),
        kind: unit.kind,
        mercenary: unit.status == UnitStatus::Mercenary,
    })
}

/// The different ships the realm may choose to lose at sea (each player picks its own, FACTS
/// 3): one answer per sea zone, kind and status.
pub fn lost_at_sea_choices(world: &World, realm: Entity) -> Vec<Action> {
    distinct_ship_answers(world, &ships_far_from_port(world, realm))
}

/// The different ships among `ships` a player may name: one `DisbandUnit` answer per place,
/// kind and status, in the order of `ships`.
pub(crate) fn distinct_ship_answers(world: &World, ships: &[Entity]) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    for ship in ships {
        if let Some(a) = ship_answer(world, *ship).filter(|a| !out.contains(a)) {
            out.push(a);
        }
    }
    out
}

/// The first of `ships` that the answer names.
pub(crate) fn ship_named(world: &World, ships: &[Entity], answer: &Action) -> Option<Entity> {
    ships
        .iter()
        .copied()
        .find(|s| ship_answer(world, *s).as_ref() == Some(answer))
}

/// The realm loses the ship the answer names (the first such by stable id), logged.
pub fn lose_ship_at_sea(world: &mut World, realm: Entity, choice: &Action) {
    let Some(ship) = ship_named(world, &ships_far_from_port(world, realm), choice) else {
        return;
    };
    let place = world
        .read::<At>(ship)
        .map(|a| key_of(world, a.0))
        .unwrap_or_default();
    world.despawn(ship);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::WAR_LOST_AT_SEA,
            format!("{name} loses a ship at sea in {place}, far from its ports"),
        )
        .realm(name)
        .amount(-1),
    );
    release_idle_commanders(world);
}
