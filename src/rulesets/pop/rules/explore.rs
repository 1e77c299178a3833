//! Explore (5.1): 1 dip + 1 mil, the exploration die with up to two re-rolls for 1 dip each,
//! a discovery next to the realm that places a claim, and a failure that costs a distant ship.
//! With "Quest for the New World" a Light Ship may first sail to a distant sea, and a discovery
//! may be next to one of the realm's ships instead.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::change_mp;
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::ideas::{extra_rerolls, quest_for_new_world};
use crate::rulesets::pop::rules::military::{
    army_places, controller, hostile_units_at, own_units_at,
};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::state::{Index, key_of, sid_of, spawn_sim};

/// The exploration die (house rule: its faces are not public): each number 1-3 once plain and
/// once with the failure mark.
pub const FACES: [(u8, bool); 6] = [
    (1, false),
    (2, false),
    (3, false),
    (1, true),
    (2, true),
    (3, true),
];
/// Re-rolls allowed per Explore action, 1 dip each.
pub const MAX_REROLLS: u8 = 2;
/// Exploring costs 1 dip and 1 mil.
pub const EXPLORE_DIP: i32 = 1;
pub const EXPLORE_MIL: i32 = 1;
/// A re-roll, and a discovery made with the failure mark, cost 1 dip each.
pub const REROLL_DIP: i32 = 1;

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::Explore | Action::ExploreWithShip { .. })
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = vec![Action::Explore];
    if quest_for_new_world(world, realm) {
        all.extend(ship_moves(world, realm).into_iter().map(|(from, to)| {
            Action::ExploreWithShip {
                from: key_of(world, from),
                to: key_of(world, to),
            }
        }));
    }
    all
}

/// Re-rolls allowed to this realm per Explore action (Ideas may add more).
pub fn max_rerolls(world: &World, realm: Entity) -> u8 {
    MAX_REROLLS.saturating_add(extra_rerolls(world, realm))
}

/// The realm's Light Ships at a place (a port's area or a sea zone), in stable-id order.
pub fn light_ships_at(world: &World, realm: Entity, place: Entity) -> Vec<Entity> {
    own_units_at(world, realm, place, false)
        .into_iter()
        .filter(|u| {
            world
                .read::<Unit>(*u)
                .is_some_and(|u| u.kind == UnitKind::LightShip)
        })
        .collect()
}

fn distant_sea(world: &World, place: Entity) -> bool {
    world.read::<SeaZone>(place).is_some_and(|s| s.distant)
}

/// A Hostile Sea Zone as the rulebook defines it (EUP-W 2.0): "if it contains any Hostile
/// Ships, or if it faces Hostile NPR Ports and contains no Ships from Realms at War with the
/// Owner(s) of those Ports". A Hostile NPR Port is one a Non-Player Realm at war with the realm
/// controls; a Player Realm's port, hostile or not, makes no sea zone hostile by itself.
pub fn hostile_sea(world: &World, realm: Entity, sea: Entity) -> bool {
    if hostile_units_at(world, realm, sea, false) {
        return true;
    }
    let ships_at_war_with = |npr: Entity| {
        world.read::<Present>(sea).is_some_and(|present| {
            present.iter().any(|u| {
                world.read::<Unit>(u).is_some_and(|x| !x.kind.is_land())
                    && world
                        .read::<UnitOf>(u)
                        .is_some_and(|o| at_war_between(world, o.0, npr))
            })
        })
    };
    crate::rulesets::pop::rules::trade::ports_facing(world, sea)
        .iter()
        .filter_map(|p| controller(world, *p))
        .filter(|c| world.read::<NonPlayerRealm>(*c).is_some() && at_war_between(world, realm, *c))
        .any(|npr| !ships_at_war_with(npr))
}

/// QftNW step 1: each place holding one of the realm's Light Ships, with each distant sea zone
/// it may reach by the rules of naval movement without entering a Hostile Sea Zone, on the way
/// or at the end ("The Ship may not enter a Hostile Sea Zone").
pub fn ship_moves(world: &World, realm: Entity) -> Vec<(Entity, Entity)> {
    let mut out = Vec::new();
    for from in army_places(world, realm, false).iter().copied() {
        if light_ships_at(world, realm, from).is_empty() {
            continue;
        }
        let hostile = |place: Entity| {
            world.read::<SeaZone>(place).is_some() && hostile_sea(world, realm, place)
        };
        for to in crate::rulesets::pop::rules::military::sail_destinations_avoiding(
            world, realm, from, hostile,
        ) {
            if to != from && distant_sea(world, to) {
                out.push((from, to));
            }
        }
    }
    out
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let cost = (mp(world, realm, MpKind::Dip) < EXPLORE_DIP
        || mp(world, realm, MpKind::Mil) < EXPLORE_MIL)
        .then(|| Illegal::new(ids::EXPLORE, "exploring costs 1 dip and 1 mil"));
    match action {
        Action::Explore => cost,
        Action::ExploreWithShip { from, to } => cost.or_else(|| {
            if !quest_for_new_world(world, realm) {
                return Some(Illegal::new(
                    ids::EXPLORE_SHIP,
                    "only \"Quest for the New World\" lets ships explore",
                ));
            }
            let index = world.res::<Index>();
            let (Some(f), Some(t)) = (index.get(from), index.get(to)) else {
                return Some(Illegal::new(ids::EXPLORE_SHIP, "no such place"));
            };
            (!ship_moves(world, realm).contains(&(f, t))).then(|| {
                Illegal::new(
                    ids::EXPLORE_SHIP,
                    format!(
                        "no Light Ship of yours at {from} can sail to the distant, non-hostile sea zone {to}"
                    ),
                )
            })
        }),
        _ => None,
    }
}

/// QftNW step 1: one Light Ship sails from `from` to the distant sea zone `to`.
fn move_ship(world: &mut World, realm: Entity, from: Entity, to: Entity) {
    let Some(ship) = light_ships_at(world, realm, from).first().copied() else {
        return;
    };
    crate::rulesets::pop::rules::military::place_unit(world, ship, to);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::EXPLORE_SHIP,
            format!(
                "{name} sends a Light Ship from {} to {} to explore",
                key_of(world, from),
                key_of(world, to)
            ),
        )
        .realm(name)
        .subject(sid_of(world, to))
        .amount(1),
    );
}

fn roll(world: &mut World, realm: Entity, rerolls: u8) {
    let (face, mark) = FACES[usize::from(world.res_mut::<GameRng>().d6() - 1)];
    let name = key_of(world, realm);
    let what = if mark { " with the failure mark" } else { "" };
    write(
        world,
        Note::new(
            ids::EXPLORE,
            format!("{name} rolls the exploration die: {face}{what}"),
        )
        .realm(name)
        .amount(i32::from(face)),
    );
    world.res_mut::<Generic>().explore = Some(ExploreRoll {
        realm,
        face,
        mark,
        rerolls,
    });
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let ship = match action {
        Action::Explore => None,
        Action::ExploreWithShip { from, to } => {
            let index = world.res::<Index>();
            Some((index.get(from)?, index.get(to)?))
        }
        _ => return None,
    };
    let name = key_of(world, realm);
    write(
        world,
        Note::new(ids::EXPLORE, format!("{name} explores")).realm(name),
    );
    change_mp(world, realm, MpKind::Dip, -EXPLORE_DIP, ids::EXPLORE);
    change_mp(world, realm, MpKind::Mil, -EXPLORE_MIL, ids::EXPLORE);
    if let Some((from, to)) = ship {
        move_ship(world, realm, from, to);
    }
    roll(world, realm, 0);
    Some(false)
}

/// Whether a distant area is next to the realm (house rule on the map's insets): a land
/// neighbour of an area where it is present, or touching a sea zone that one of its ports or
/// distant claims faces, or a sea zone next to one; with "Quest for the New World" also an
/// area touching a sea zone where one of its ships is.
pub fn reachable(world: &World, realm: Entity, area: Entity) -> bool {
    next_to_realm(world, realm, area) || next_to_ship(world, realm, area)
}

/// QftNW: the area touches a sea zone holding one of the realm's ships.
pub fn next_to_ship(world: &World, realm: Entity, area: Entity) -> bool {
    if !quest_for_new_world(world, realm) {
        return false;
    }
    let ships = army_places(world, realm, false);
    world
        .read::<Coasts>(area)
        .is_some_and(|c| c.0.iter().any(|s| ships.contains(s)))
}

/// The discovery is next to the realm itself (ships aside): "adjacent to your Realm", whose
/// provinces are those it Owns in full (`owns_in_full`: "Vassals do not provide adjacency for
/// their Overlord", EUP-W 2.0, and occupied provinces are no part of a Realm, 9.8), with the
/// areas of its claims and core tokens (HR, docs/rules_notes.md).
pub fn next_to_realm(world: &World, realm: Entity, area: Entity) -> bool {
    let provinces = realm_provinces(world, realm);
    let presence: Vec<Entity> = presence_areas(world, realm)
        .into_iter()
        .filter(|a| {
            has_claim(world, realm, *a) || provinces.iter().any(|p| area_of(world, *p) == Some(*a))
        })
        .collect();
    let land = world
        .read::<LandBorders>(area)
        .is_some_and(|b| b.0.iter().any(|(n, _)| presence.contains(n)));
    if land {
        return true;
    }
    let mut seas: Vec<Entity> = provinces
        .into_iter()
        .filter_map(|p| world.read::<Province>(p).and_then(|p| p.port))
        .collect();
    for a in &presence {
        if world.read::<Area>(*a).is_some_and(|a| a.distant) {
            seas.extend(
                world
                    .read::<Coasts>(*a)
                    .map(|c| c.0.clone())
                    .unwrap_or_default(),
            );
        }
    }
    // Adjacency is not carried further (2.0: "A Realm is adjacent to anything that its
    // Provinces are adjacent to"; a port to the sea zones it faces): an area across a second
    // sea zone is within reach only of a ship, with the Quest for the New World.
    world
        .read::<Coasts>(area)
        .is_some_and(|c| c.0.iter().any(|s| seas.contains(s)))
}

/// An area holding a Territory: a province that is no one's core (14.3 c).
fn holds_territory(world: &World, area: Entity) -> bool {
    area_provinces(world, area)
        .iter()
        .any(|p| crate::rulesets::pop::rules::towns::core_owners(world, *p).is_empty())
}

/// A distant area holding a Non-Player Realm's province, a town or a vassal.
fn settled(world: &World, area: Entity) -> bool {
    area_provinces(world, area).iter().any(|p| {
        owner(world, *p).is_some_and(|o| world.read::<NonPlayerRealm>(o).is_some())
            || world
                .read::<Holdings>(*p)
                .is_some_and(|h| h.iter().next().is_some())
    })
}

/// Why the realm cannot discover this area with the die showing `face`, if it cannot.
pub fn target_problem(
    world: &World,
    realm: Entity,
    area: Entity,
    face: u8,
    mark: bool,
) -> Option<&'static str> {
    if !world.read::<Area>(area).is_some_and(|a| a.distant) {
        return Some("only distant areas are discovered");
    }
    if has_claim(world, realm, area) {
        return Some("you already have a claim there");
    }
    if !reachable(world, realm, area) {
        return Some(if quest_for_new_world(world, realm) {
            "a discovery must be next to your realm or one of your ships"
        } else {
            "a discovery must be next to your realm"
        });
    }
    // "a Territory matching the number rolled": the area with that number, when it holds a
    // Territory (a province that is no one's core; an area of Non-Player Realms' provinces
    // only is discovered on a plain result, as a settled area, never on the failure mark).
    let territory = explore_number(world, area) == face && holds_territory(world, area);
    if territory || (!mark && settled(world, area)) {
        None
    } else if mark {
        Some("with the failure mark only a Territory with the number rolled")
    } else {
        Some(
            "a Territory with the number rolled, or a distant area with an NPR province, a town or a vassal",
        )
    }
}

pub fn answers(world: &World, realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = all_of::<Area>(world)
        .into_iter()
        .filter(|a| world.read::<Area>(*a).is_some_and(|a| a.distant))
        .map(|a| Action::Discover {
            area: key_of(world, a),
        })
        .collect();
    all.push(Action::Reroll);
    all.push(Action::Decline);
    // Failing on the mark with ships of different kinds or places: the player names the one.
    let ships = distant_ship_choices(world, realm);
    if ships.len() > 1 {
        all.extend(ships);
    }
    all
}

/// Whether a plain (unmarked) result discovers at least one area for the realm.
fn usable_result(world: &World, realm: Entity, face: u8) -> bool {
    all_of::<Area>(world)
        .into_iter()
        .filter(|a| world.read::<Area>(*a).is_some_and(|a| a.distant))
        .any(|a| target_problem(world, realm, a, face, false).is_none())
}

pub fn answer_problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let Some(state) = world.res::<Generic>().explore else {
        return Some(Illegal::new(ids::EXPLORE, "no exploration under way"));
    };
    let dip = mp(world, realm, MpKind::Dip);
    match action {
        // "Either use the result or pay to re-roll": a plain result that discovers something
        // must be used (or re-rolled); only a failure mark, or a result with nothing to
        // discover, lets the exploration end empty-handed.
        Action::Decline if !state.mark && usable_result(world, realm, state.face) => {
            Some(Illegal::new(
                ids::EXPLORE,
                "use the result (discover an area it allows) or pay 1 dip to re-roll",
            ))
        }
        // "Fail Exploration and remove 1 of your Ships on a Distant Continent": the player
        // chooses which where they differ.
        Action::Decline if state.mark && distant_ship_choices(world, realm).len() > 1 => {
            Some(Illegal::new(
                ids::EXPLORE,
                "to fail, name the ship you remove (one of yours on a Distant Continent)",
            ))
        }
        Action::Decline => None,
        Action::DisbandUnit { .. } => {
            let ships = distant_ship_choices(world, realm);
            (!state.mark || ships.len() < 2 || !ships.contains(action)).then(|| {
                Illegal::new(
                    ids::EXPLORE,
                    "only a failed exploration removes a ship: one of yours on a Distant \
                     Continent, named where they differ",
                )
            })
        }
        Action::Reroll if state.rerolls >= max_rerolls(world, realm) => Some(Illegal::new(
            ids::EXPLORE,
            format!(
                "at most {} re-rolls: the last roll stands",
                max_rerolls(world, realm)
            ),
        )),
        Action::Reroll if dip < REROLL_DIP => {
            Some(Illegal::new(ids::EXPLORE, "a re-roll costs 1 dip"))
        }
        Action::Reroll => None,
        Action::Discover { area } => {
            let Some(area) = world.res::<Index>().get(area) else {
                return Some(Illegal::new(ids::EXPLORE, "no such area"));
            };
            if let Some(why) = target_problem(world, realm, area, state.face, state.mark) {
                return Some(Illegal::new(ids::EXPLORE, why));
            }
            (state.mark && dip < REROLL_DIP).then(|| {
                Illegal::new(
                    ids::EXPLORE,
                    "with the failure mark a discovery costs 1 dip",
                )
            })
        }
        _ => Some(Illegal::new(
            ids::EXPLORE,
            "discover an area, re-roll, or give up",
        )),
    }
}

pub fn answer(world: &mut World, action: &Action) {
    let Some(state) = world.res_mut::<Generic>().explore.take() else {
        return;
    };
    let realm = state.realm;
    let name = key_of(world, realm);
    match action {
        Action::Reroll => {
            change_mp(world, realm, MpKind::Dip, -REROLL_DIP, ids::EXPLORE);
            roll(world, realm, state.rerolls + 1);
            return;
        }
        Action::Discover { area } => {
            let Some(area) = world.res::<Index>().get(area) else {
                return;
            };
            if state.mark {
                change_mp(world, realm, MpKind::Dip, -REROLL_DIP, ids::EXPLORE);
            }
            discover(world, realm, area);
        }
        _ if state.mark => {
            write(
                world,
                Note::new(ids::EXPLORE, format!("{name}'s exploration fails")).realm(name),
            );
            let named = matches!(action, Action::DisbandUnit { .. }).then_some(action);
            lose_distant_ship(world, realm, named);
        }
        _ => write(
            world,
            Note::new(ids::EXPLORE, format!("{name} finds nothing worth claiming")).realm(name),
        ),
    }
    world.res_mut::<Generic>().finished = true;
}

/// Places the claim of a discovery; a first area on a continent makes it known.
pub fn discover(world: &mut World, realm: Entity, area: Entity) {
    let name = key_of(world, realm);
    let area_name = key_of(world, area);
    let continent_of = |a: Entity| world.read::<Area>(a).map(|a| a.continent);
    let here = continent_of(area);
    let first = !markers::<Claim>(world)
        .iter()
        .any(|(_, c)| continent_of(c.area) == here);
    spawn_sim(world, None, Claim { realm, area });
    write(
        world,
        Note::new(
            ids::EXPLORE,
            format!("{name} discovers {area_name} and places a claim there"),
        )
        .realm(name)
        .subject(sid_of(world, area)),
    );
    if let Some(continent) = here.as_ref().filter(|_| first) {
        write(
            world,
            Note::new(
                ids::EXPLORE_FIRST,
                format!("{name} makes the first discovery on the continent {continent}"),
            )
            .realm(name)
            .subject(sid_of(world, area)),
        );
    }
    // Step 3: the continent's Trade Cards join the deck (a no-op once they are in).
    crate::rulesets::pop::rules::trade::open_continent(world, realm, area);
    let continent = here;
    if let (Some(continent), Some(mut known)) = (continent, world.get_mut::<Discovered>(realm))
        && !known.0.contains(&continent)
    {
        known.0.push(continent);
        write(
            world,
            Note::new(
                ids::EXPLORE,
                format!("{name} has discovered the continent {continent}"),
            )
            .realm(name),
        );
    }
}

/// The realm's ships on a Distant Continent: at sea in a distant sea zone or in port in a
/// distant area; Light Ships at sea first (the explorer is the one lost by default), then by
/// stable id.
fn distant_ships(world: &World, realm: Entity) -> Vec<Entity> {
    let at_sea = |u: Entity| {
        world
            .read::<At>(u)
            .is_some_and(|at| world.read::<SeaZone>(at.0).is_some())
    };
    let mut ships = crate::rulesets::pop::rules::military::ships_where(world, realm, |place| {
        world.read::<SeaZone>(place).is_some_and(|s| s.distant)
            || world.read::<Area>(place).is_some_and(|a| a.distant)
    });
    ships.sort_by_cached_key(|u| {
        (
            world
                .read::<Unit>(*u)
                .map(|x| x.kind != UnitKind::LightShip),
            !at_sea(*u),
            sid_of(world, *u),
        )
    });
    ships
}

/// The different ships a failed exploration may remove: one answer per place, kind and status.
pub fn distant_ship_choices(world: &World, realm: Entity) -> Vec<Action> {
    crate::rulesets::pop::rules::military::distinct_ship_answers(
        world,
        &distant_ships(world, realm),
    )
}

/// A failed exploration removes one of the realm's ships on a Distant Continent, if it has one:
/// the one `named` (a `DisbandUnit` answer), else the first of `distant_ships`.
fn lose_distant_ship(world: &mut World, realm: Entity, named: Option<&Action>) {
    let ships = distant_ships(world, realm);
    let ship = match named {
        Some(n) => crate::rulesets::pop::rules::military::ship_named(world, &ships, n),
        None => ships.first().copied(),
    };
    if let Some(ship) = ship {
        let place = world
            .read::<At>(ship)
            .map(|a| key_of(world, a.0))
            .unwrap_or_default();
        world.despawn(ship);
        // An admiral whose last ship this was waits on its mat (7.2).
        crate::rulesets::pop::rules::military::release_idle_commanders(world);
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::EXPLORE,
                format!("{name} loses a ship on a Distant Continent ({place})"),
            )
            .realm(name),
        );
    }
}

pub fn resume(world: &mut World) -> Resume {
    let Some(state) = world.res::<Generic>().explore else {
        return Resume::Idle;
    };
    let name = key_of(world, state.realm);
    let what = if state.mark {
        " (failure mark: 1 dip to discover a Territory with that number, or fail)"
    } else {
        ""
    };
    ask(
        world,
        name,
        DecisionKind::Exploration {
            face: state.face,
            mark: state.mark,
            rerolls: state.rerolls,
        },
        format!(
            "The exploration die shows {}{what}: discover, re-roll for 1 dip, or give up",
            state.face
        ),
    );
    Resume::Waiting
}
