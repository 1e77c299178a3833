//! Explore (5.1): 1 dip + 1 mil, the exploration die with up to two re-rolls for 1 dip each,
//! a discovery next to the realm that places a claim, and a failure that costs a distant ship.

use bevy::prelude::*;

use crate::content::schema::MpKind;
use crate::sim::decision::{Action, DecisionKind, Illegal, ask};
use crate::sim::log::{Note, write};
use crate::sim::model::*;
use crate::sim::pop::economy::change_mp;
use crate::sim::pop::generic::*;
use crate::sim::pop::relations::*;
use crate::sim::rng::GameRng;
use crate::sim::rules;
use crate::sim::state::{Index, key_of, sid_of, spawn_sim};

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

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::Explore)
}

pub fn candidates(_world: &World, _realm: Entity) -> Vec<Action> {
    vec![Action::Explore]
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    match action {
        Action::Explore => (mp(world, realm, MpKind::Dip) < 1 || mp(world, realm, MpKind::Mil) < 1)
            .then(|| Illegal::new(rules::EXPLORE, "exploring costs 1 dip and 1 mil")),
        _ => None,
    }
}

fn roll(world: &mut World, realm: Entity, rerolls: u8) {
    let (face, mark) = FACES[usize::from(world.resource_mut::<GameRng>().d6() - 1)];
    let name = key_of(world, realm);
    let what = if mark { " with the failure mark" } else { "" };
    write(
        world,
        Note::new(
            rules::EXPLORE,
            format!("{name} rolls the exploration die: {face}{what}"),
        )
        .realm(&name)
        .amount(i32::from(face)),
    );
    world.resource_mut::<Generic>().explore = Some(ExploreRoll {
        realm,
        face,
        mark,
        rerolls,
    });
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    if *action != Action::Explore {
        return None;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(rules::EXPLORE, format!("{name} explores")).realm(&name),
    );
    change_mp(world, realm, MpKind::Dip, -1, rules::EXPLORE);
    change_mp(world, realm, MpKind::Mil, -1, rules::EXPLORE);
    roll(world, realm, 0);
    Some(false)
}

/// Whether a distant area is next to the realm (house rule on the map's insets): a land
/// neighbour of an area where it is present, or touching a sea zone that one of its ports or
/// distant claims faces, or a sea zone next to one.
pub fn reachable(world: &World, realm: Entity, area: Entity) -> bool {
    let presence = presence_areas(world, realm);
    let land = world
        .get::<LandBorders>(area)
        .is_some_and(|b| b.0.iter().any(|(n, _)| presence.contains(n)));
    if land {
        return true;
    }
    let mut seas: Vec<Entity> = owned(world, realm)
        .into_iter()
        .filter_map(|p| world.get::<Province>(p).and_then(|p| p.port))
        .collect();
    for a in &presence {
        if world.get::<Area>(*a).is_some_and(|a| a.distant) {
            seas.extend(
                world
                    .get::<Coasts>(*a)
                    .map(|c| c.0.clone())
                    .unwrap_or_default(),
            );
        }
    }
    let mut near = seas.clone();
    for s in &seas {
        near.extend(
            world
                .get::<SeaNeighbours>(*s)
                .map(|n| n.0.clone())
                .unwrap_or_default(),
        );
    }
    world
        .get::<Coasts>(area)
        .is_some_and(|c| c.0.iter().any(|s| near.contains(s)))
}

/// A distant area holding a Non-Player Realm's province, a town or a vassal.
fn settled(world: &World, area: Entity) -> bool {
    provinces_of(world, area).iter().any(|p| {
        owner(world, *p).is_some_and(|o| world.get::<NonPlayerRealm>(o).is_some())
            || world
                .get::<Holdings>(*p)
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
    if !world.get::<Area>(area).is_some_and(|a| a.distant) {
        return Some("only distant areas are discovered");
    }
    if has_claim(world, realm, area) {
        return Some("you already have a claim there");
    }
    if !reachable(world, realm, area) {
        return Some("a discovery must be next to your realm");
    }
    let territory = explore_number(world, area) == face;
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

pub fn answers(world: &World, _realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = all_of::<Area>(world)
        .into_iter()
        .filter(|a| world.get::<Area>(*a).is_some_and(|a| a.distant))
        .map(|a| Action::Discover {
            area: key_of(world, a),
        })
        .collect();
    all.push(Action::Reroll);
    all.push(Action::Decline);
    all
}

pub fn answer_problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let Some(state) = world.resource::<Generic>().explore else {
        return Some(Illegal::new(rules::EXPLORE, "no exploration under way"));
    };
    let dip = mp(world, realm, MpKind::Dip);
    match action {
        Action::Decline => None,
        Action::Reroll if state.rerolls >= MAX_REROLLS => Some(Illegal::new(
            rules::EXPLORE,
            "at most 2 re-rolls: the last roll stands",
        )),
        Action::Reroll if dip < 1 => Some(Illegal::new(rules::EXPLORE, "a re-roll costs 1 dip")),
        Action::Reroll => None,
        Action::Discover { area } => {
            let Some(area) = world.resource::<Index>().get(area) else {
                return Some(Illegal::new(rules::EXPLORE, "no such area"));
            };
            if let Some(why) = target_problem(world, realm, area, state.face, state.mark) {
                return Some(Illegal::new(rules::EXPLORE, why));
            }
            (state.mark && dip < 1).then(|| {
                Illegal::new(
                    rules::EXPLORE,
                    "with the failure mark a discovery costs 1 dip",
                )
            })
        }
        _ => Some(Illegal::new(
            rules::EXPLORE,
            "discover an area, re-roll, or give up",
        )),
    }
}

pub fn answer(world: &mut World, action: &Action) {
    let Some(state) = world.resource_mut::<Generic>().explore.take() else {
        return;
    };
    let realm = state.realm;
    let name = key_of(world, realm);
    match action {
        Action::Reroll => {
            change_mp(world, realm, MpKind::Dip, -1, rules::EXPLORE);
            roll(world, realm, state.rerolls + 1);
            return;
        }
        Action::Discover { area } => {
            let Some(area) = world.resource::<Index>().get(area) else {
                return;
            };
            if state.mark {
                change_mp(world, realm, MpKind::Dip, -1, rules::EXPLORE);
            }
            discover(world, realm, area);
        }
        _ if state.mark => {
            write(
                world,
                Note::new(rules::EXPLORE, format!("{name}'s exploration fails")).realm(&name),
            );
            lose_distant_ship(world, realm);
        }
        _ => write(
            world,
            Note::new(
                rules::EXPLORE,
                format!("{name} finds nothing worth claiming"),
            )
            .realm(&name),
        ),
    }
    world.resource_mut::<Generic>().finished = true;
}

/// Places the claim of a discovery; a first area on a continent makes it known.
pub fn discover(world: &mut World, realm: Entity, area: Entity) {
    let name = key_of(world, realm);
    let area_name = key_of(world, area);
    spawn_sim(world, None, Claim { realm, area });
    write(
        world,
        Note::new(
            rules::EXPLORE,
            format!("{name} discovers {area_name} and places a claim there"),
        )
        .realm(&name)
        .subject(sid_of(world, area)),
    );
    let continent = world.get::<Area>(area).map(|a| a.continent.clone());
    if let (Some(continent), Some(mut known)) = (continent, world.get_mut::<Discovered>(realm)) {
        if !known.0.contains(&continent) {
            known.0.push(continent.clone());
            write(
                world,
                Note::new(
                    rules::EXPLORE,
                    format!("{name} has discovered the continent {continent}"),
                )
                .realm(&name),
            );
        }
    }
}

/// A failed exploration removes one of the realm's ships on a distant sea, if it has one.
fn lose_distant_ship(world: &mut World, realm: Entity) {
    let ship = all_of::<Unit>(world).into_iter().find(|u| {
        world.get::<UnitOf>(*u).is_some_and(|o| o.0 == realm)
            && world.get::<Unit>(*u).is_some_and(|u| {
                matches!(
                    u.kind,
                    UnitKind::LightShip | UnitKind::HeavyShip | UnitKind::Galley
                )
            })
            && world
                .get::<At>(*u)
                .and_then(|at| world.get::<SeaZone>(at.0))
                .is_some_and(|s| s.distant)
    });
    if let Some(ship) = ship {
        world.despawn(ship);
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                rules::EXPLORE,
                format!("{name} loses a ship on a distant sea"),
            )
            .realm(&name),
        );
    }
}

pub fn resume(world: &mut World) -> Resume {
    let Some(state) = world.resource::<Generic>().explore else {
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
