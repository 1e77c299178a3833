//! Who stands how to whom: wars, alliances, truces and marriages between realms, influence
//! cubes in areas, and the provinces and areas a realm holds. One home for these questions so
//! that every rule asks them the same way.

use std::cell::RefCell;
use std::rc::Rc;

use bevy::prelude::*;

use crate::engine::query_cache::with_query;
use crate::engine::reads::Reads;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::state::{sid_of, sort_dedup_by_sid};

/// Whether a marker of kind `T` joins the two realms.
pub fn between<T: Component + Pairing>(world: &World, x: Entity, y: Entity) -> bool {
    if let Some(sides) = sides_of::<T>(world) {
        return sides
            .iter()
            .any(|(a, b)| (*a == x && *b == y) || (*a == y && *b == x));
    }
    with_query::<&T, (), _>(world, |mut q| q.any(|m| m.between(x, y))).unwrap_or(false)
}

type Sides = Rc<Vec<(Entity, Entity)>>;

thread_local! {
    /// Per kind of pairing, its sides as the memo scope that last asked found them (with the
    /// scope's generation, never reused). Kept beside the memo's own tables: wars and alliances
    /// are asked about for every unit, area and candidate a bot weighs, and this finds them
    /// with one comparison instead of the memo's typed look-up.
    static SIDES: [RefCell<Option<(u64, Sides)>>; PAIRING_KINDS] =
        const { [const { RefCell::new(None) }; PAIRING_KINDS] };
}

/// The two sides of every marker of kind `T`, in query order, while answers about `world` are
/// remembered (`memo::scope`): found once per scope, since wars and alliances are asked about
/// for every candidate action. `None` outside a scope.
fn sides_of<T: Component + Pairing>(world: &World) -> Option<Sides> {
    let generation = crate::engine::memo::generation(world)?;
    let kept = SIDES.with(|s| match &*s[T::KIND].borrow() {
        Some((g, sides)) if *g == generation => Some(sides.clone()),
        _ => None,
    });
    if kept.is_some() {
        return kept;
    }
    let sides: Sides = Rc::new(
        with_query::<&T, (), _>(world, |q| q.map(|m| m.sides()).collect()).unwrap_or_default(),
    );
    SIDES.with(|s| *s[T::KIND].borrow_mut() = Some((generation, sides.clone())));
    Some(sides)
}

/// The realms joined to `realm` by a marker of kind `T`, in stable-id order.
pub fn partners<T: Component + Pairing>(world: &World, realm: Entity) -> Vec<Entity> {
    let mut out: Vec<Entity> = if let Some(sides) = sides_of::<T>(world) {
        sides
            .iter()
            .filter_map(|(a, b)| {
                if *a == realm {
                    Some(*b)
                } else if *b == realm {
                    Some(*a)
                } else {
                    None
                }
            })
            .collect()
    } else {
        with_query::<&T, (), _>(world, |q| q.filter_map(|m| m.other(realm)).collect())
            .unwrap_or_default()
    };
    sort_dedup_by_sid(world, &mut out);
    out
}

pub fn at_war_between(world: &World, x: Entity, y: Entity) -> bool {
    between::<War>(world, x, y)
}

/// The realms `realm` is at war with, in stable-id order.
pub fn enemies_of(world: &World, realm: Entity) -> Vec<Entity> {
    partners::<War>(world, realm)
}

/// Whether the realm is at war with anyone.
pub fn at_war(world: &World, realm: Entity) -> bool {
    with_query::<&War, (), _>(world, |mut q| q.any(|w| w.other(realm).is_some())).unwrap_or(false)
}

pub fn allied(world: &World, x: Entity, y: Entity) -> bool {
    between::<Alliance>(world, x, y)
}

pub fn married(world: &World, x: Entity, y: Entity) -> bool {
    between::<Marriage>(world, x, y)
}

pub fn truce_between(world: &World, x: Entity, y: Entity) -> bool {
    between::<Truce>(world, x, y)
}

/// Player Realms allied to a realm, in stable-id order.
pub fn player_allies(world: &World, realm: Entity) -> Vec<Entity> {
    let mut out = partners::<Alliance>(world, realm);
    out.retain(|r| world.read::<PlayerRealm>(*r).is_some());
    out
}

/// Influence cubes of a realm in an area.
pub fn influence_in(world: &World, realm: Entity, area: Entity) -> u8 {
    with_query::<&Influence, (), _>(world, |q| {
        q.filter(|i| i.realm == realm && i.area == area)
            .map(|i| i.count)
            .sum()
    })
    .unwrap_or(0)
}

/// The influence a realm counts in an area: its own cubes and, for the Emperor, the Imperial
/// Influence there (18.2: "for most purposes Imperial I works just the same way as regular I").
/// What is paid or given up in influence is the realm's own cubes only (`influence_in`).
pub fn influence_counted(world: &World, realm: Entity, area: Entity) -> u8 {
    crate::rulesets::pop::rules::empire::influence_with_imperial(world, realm, area)
}

pub fn area_of(world: &World, province: Entity) -> Option<Entity> {
    world.read::<InArea>(province).map(|a| a.0)
}

/// The provinces of an area, in stable-id order.
pub fn provinces_of(world: &World, area: Entity) -> Vec<Entity> {
    area_provinces(world, area).to_vec()
}

/// The provinces of an area, in stable-id order, read in place. A province is spawned with its
/// area (so the area lists its provinces in spawn order, which is stable-id order) and never
/// changes area; debug builds check the order.
pub fn area_provinces(world: &World, area: Entity) -> &[Entity] {
    let provinces = world
        .read::<AreaProvinces>(area)
        .map_or(&[][..], AreaProvinces::as_slice);
    debug_assert!(
        provinces.is_sorted_by_key(|p| sid_of(world, *p)),
        "an area lists its provinces out of stable-id order"
    );
    provinces
}

/// The areas where a realm owns provinces, in stable-id order.
pub fn owned_areas(world: &World, realm: Entity) -> Vec<Entity> {
    let mut areas: Vec<Entity> = world
        .read::<Owns>(realm)
        .map(|o| o.iter().filter_map(|p| area_of(world, p)).collect())
        .unwrap_or_default();
    sort_dedup_by_sid(world, &mut areas);
    areas
}

/// The area of the realm's capital province.
pub fn capital_area(world: &World, realm: Entity) -> Option<Entity> {
    world
        .read::<Capital>(realm)
        .and_then(|c| area_of(world, c.0))
}

/// Whether two realms border each other: provinces of both in one area, or in two areas with
/// a land border between them.
pub fn realms_adjacent(world: &World, x: Entity, y: Entity) -> bool {
    let theirs = owned_areas(world, y);
    owned_areas(world, x).iter().any(|a| {
        theirs.contains(a)
            || world
                .read::<LandBorders>(*a)
                .is_some_and(|b| b.0.iter().any(|(n, _)| theirs.contains(n)))
    })
}

/// The wars, alliances and truces on the board, read once for many questions.
pub struct Relations {
    wars: Sides,
    alliances: Sides,
    truces: Sides,
}

impl Relations {
    pub fn of(world: &World) -> Self {
        // Shared with every other question of the memo scope (a bot checks a declaration of
        // war against each neighbour, each reading all three); found afresh outside one.
        fn pairs<T: Component + Pairing>(world: &World) -> Sides {
            sides_of::<T>(world).unwrap_or_else(|| {
                Rc::new(
                    with_query::<&T, (), _>(world, |q| q.map(|m| m.sides()).collect())
                        .unwrap_or_default(),
                )
            })
        }
        Self {
            wars: pairs::<War>(world),
            alliances: pairs::<Alliance>(world),
            truces: pairs::<Truce>(world),
        }
    }

    fn has(list: &[(Entity, Entity)], a: Entity, b: Entity) -> bool {
        list.iter()
            .any(|(x, y)| (*x == a && *y == b) || (*x == b && *y == a))
    }

    pub fn at_war(&self, a: Entity, b: Entity) -> bool {
        Self::has(&self.wars, a, b)
    }

    pub fn allied(&self, a: Entity, b: Entity) -> bool {
        Self::has(&self.alliances, a, b)
    }

    pub fn truce(&self, a: Entity, b: Entity) -> bool {
        Self::has(&self.truces, a, b)
    }

    pub fn allies_of(&self, realm: Entity) -> impl Iterator<Item = Entity> + '_ {
        self.alliances.iter().filter_map(move |(x, y)| {
            if *x == realm {
                Some(*y)
            } else if *y == realm {
                Some(*x)
            } else {
                None
            }
        })
    }
}
