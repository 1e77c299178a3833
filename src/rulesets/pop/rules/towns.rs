//! Towns (7.5) and cores (7.6): the town and vassal tracks, placing towns from the lowest slot,
//! two small towns on a large province when large ones run out, the +20 income tile, vassals
//! when all 40 small towns are used; tax income and manpower shown on the tracks; core
//! provinces from the printed flags, NPR markers and core tokens.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::state::{key_of, sid_of, sort_dedup_by_sid, spawn_sim};

/// Small town tokens on a mat's track, and how many more the +20 tile brings.
pub const SMALL_TRACK: i32 = 20;
pub const SMALL_TOTAL: i32 = 40;
pub const LARGE_TRACK: i32 = 8;
/// Manpower never rises above this.
pub const MANPOWER_CAP: i32 = 20;

/// What a realm's tracks show, derived from its tokens on the board.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Tracks {
    pub small_towns: i32,
    pub large_towns: i32,
    pub vassals: i32,
    /// Cubes covering slots (occupied or rebel-held towns), which show nothing: all of them,
    /// then those on each track (14.2: the cube covers the slot of the token under it).
    pub covered: i32,
    pub covered_small: i32,
    pub covered_large: i32,
    pub covered_vassals: i32,
    /// The +20 income tile is out (all 20 small towns of the mat placed).
    pub income_tile: bool,
    pub small_left: i32,
    pub large_left: i32,
    /// Tax income shown: small 1, large 2, vassal 1/2 (rounded down).
    pub income: i32,
    /// Manpower shown: half the income of each track, rounded up, at most 20 (the small track's
    /// once the +20 tile is taken: only the towns placed since, 7.5).
    pub manpower: i32,
}

/// Whether a realm's token on `province` lies under a cube: the province is its own and holds a
/// rebel town (14.2), or an enemy occupies it (the occupier's town on top).
pub fn slot_covered(world: &World, realm: Entity, province: Entity) -> bool {
    let own = world
        .read::<OwnedBy>(province)
        .is_some_and(|o| o.0 == realm);
    own && (world.read::<RebelTown>(province).is_some()
        || world
            .read::<ControlledBy>(province)
            .is_some_and(|c| c.0 != realm))
}

/// Counts the realm's tokens and what its tracks show.
pub fn tracks(world: &World, realm: Entity) -> Tracks {
    let mut t = Tracks::default();
    if let Some(tokens) = world.read::<RealmTokens>(realm) {
        for token in tokens.iter() {
            let covered = world
                .read::<OnProvince>(token)
                .is_some_and(|p| slot_covered(world, realm, p.0));
            match world.read::<Town>(token) {
                Some(Town { large: true }) => {
                    t.large_towns += 1;
                    t.covered_large += covered as i32;
                }
                Some(_) => {
                    t.small_towns += 1;
                    t.covered_small += covered as i32;
                }
                None if world.read::<Vassal>(token).is_some() => {
                    t.vassals += 1;
                    t.covered_vassals += covered as i32;
                }
                None => {}
            }
        }
    }
    t.covered = t.covered_small + t.covered_large + t.covered_vassals;
    t.income_tile = t.small_towns >= SMALL_TRACK;
    t.small_left = SMALL_TOTAL - t.small_towns;
    t.large_left = LARGE_TRACK - t.large_towns;
    // A cube covers the slot of the token under it: a large town's 2 on the large track, a small
    // town's 1, a vassal's 1/2.
    let small_income = t.small_towns - t.covered_small;
    let large_income = 2 * (t.large_towns - t.covered_large);
    let vassal_income = (t.vassals - t.covered_vassals) / 2;
    t.income = small_income + large_income + vassal_income;
    let half_up = |n: i32| (n + 1) / 2;
    // With the +20 tile taken, "the remaining 20 towns" refill the small track (7.5): the tile
    // stands for the first 20 towns' ducats, and the track shows the manpower of the towns
    // taken since.
    let small_shown = if t.income_tile {
        (small_income - SMALL_TRACK).max(0)
    } else {
        small_income
    };
    t.manpower =
        (half_up(small_shown) + half_up(large_income) + half_up(vassal_income)).min(MANPOWER_CAP);
    t
}

/// A token's tax income in halves of a ducat (7.5): a large town 4, a small town 2, a vassal 1.
pub fn tax_halves(world: &World, token: Entity) -> i32 {
    match world.read::<Town>(token) {
        Some(Town { large: true }) => 4,
        Some(_) => 2,
        None if world.read::<Vassal>(token).is_some() => 1,
        None => 0,
    }
}

/// Provinces where the realm's tokens that pass `keep` stand, in stable-id order, each once.
pub fn token_provinces(world: &World, realm: Entity, keep: impl Fn(Entity) -> bool) -> Vec<Entity> {
    let Some(tokens) = world.read::<RealmTokens>(realm) else {
        return Vec::new();
    };
    let mut provinces: Vec<Entity> = tokens
        .iter()
        .filter(|t| keep(*t))
        .filter_map(|t| world.read::<OnProvince>(t).map(|o| o.0))
        .collect();
    sort_dedup_by_sid(world, &mut provinces);
    provinces
}

/// Places a realm's town on a province from the lowest slot of its track (7.5): a large town on
/// a large province (two small ones when the large towns are out), a small one on a small
/// province, a vassal once all 40 small towns are used.
pub fn place_town(world: &mut World, realm: Entity, province: Entity) {
    let large_province = world
        .read::<Province>(province)
        .is_some_and(|p| p.size == ProvinceSize::Large);
    let before = tracks(world, realm);
    let name = key_of(world, realm);
    let place = key_of(world, province);
    let sid = sid_of(world, province);
    let spawn_small = |world: &mut World| {
        spawn_sim(
            world,
            None,
            (Town { large: false }, TokenOf(realm), OnProvince(province)),
        );
    };
    if large_province && before.large_left > 0 {
        spawn_sim(
            world,
            None,
            (Town { large: true }, TokenOf(realm), OnProvince(province)),
        );
        write(
            world,
            Note::new(
                ids::TOWN_TRACK,
                format!(
                    "{name} places a large town on {place} (slot {})",
                    before.large_towns + 1
                ),
            )
            .realm(name)
            .subject(sid),
        );
    } else {
        let needed = if large_province { 2 } else { 1 };
        let mut placed = 0;
        for _ in 0..needed {
            if tracks(world, realm).small_left <= 0 {
                break;
            }
            spawn_small(world);
            placed += 1;
        }
        if placed > 0 {
            let how = if large_province {
                "two small towns (no large town left)"
            } else {
                "a small town"
            };
            write(
                world,
                Note::new(
                    ids::TOWN_TRACK,
                    format!(
                        "{name} places {how} on {place} (slot {})",
                        before.small_towns + placed
                    ),
                )
                .realm(name)
                .subject(sid),
            );
        }
        // Each small town still required, once all 40 are out, is a vassal instead.
        for _ in placed..needed {
            spawn_sim(world, None, (Vassal, TokenOf(realm), OnProvince(province)));
            write(
                world,
                Note::new(
                    ids::OUT_OF_TOWNS,
                    format!("{name} has used all 40 small towns: a vassal on {place}"),
                )
                .realm(name)
                .subject(sid),
            );
        }
    }
    note_income_tile(world, realm, &before);
}

/// A small town, whatever the province's size (a new colony, 7.5 and FACTS 4): from the track,
/// or a vassal once all 40 small towns are out.
pub fn place_small_town(world: &mut World, realm: Entity, province: Entity) {
    let before = tracks(world, realm);
    let name = key_of(world, realm);
    let place = key_of(world, province);
    let sid = sid_of(world, province);
    if before.small_left > 0 {
        spawn_sim(
            world,
            None,
            (Town { large: false }, TokenOf(realm), OnProvince(province)),
        );
        write(
            world,
            Note::new(
                ids::TOWN_TRACK,
                format!(
                    "{name} places a small town on {place} (slot {})",
                    before.small_towns + 1
                ),
            )
            .realm(name)
            .subject(sid),
        );
    } else {
        spawn_sim(world, None, (Vassal, TokenOf(realm), OnProvince(province)));
        write(
            world,
            Note::new(
                ids::OUT_OF_TOWNS,
                format!("{name} has used all 40 small towns: a vassal on {place}"),
            )
            .realm(name)
            .subject(sid),
        );
    }
    note_income_tile(world, realm, &before);
}

/// Removes a realm's tokens from a province (lost, liberated, sold) and updates the tile.
pub fn remove_tokens(world: &mut World, realm: Entity, province: Entity) {
    let before = tracks(world, realm);
    let tokens: Vec<Entity> = world
        .read::<Holdings>(province)
        .map(|h| {
            h.iter()
                .filter(|t| world.read::<TokenOf>(*t).is_some_and(|o| o.0 == realm))
                .collect()
        })
        .unwrap_or_default();
    for token in tokens {
        world.despawn(token);
    }
    note_income_tile(world, realm, &before);
}

fn note_income_tile(world: &mut World, realm: Entity, before: &Tracks) {
    let after = tracks(world, realm);
    let name = key_of(world, realm);
    if after.income_tile && !before.income_tile {
        write(
            world,
            Note::new(ids::INCOME_TILE, format!("{name} has placed all 20 small towns of its mat: the +20 income tile and 20 more towns"))
                .realm(name),
        );
    } else if !after.income_tile && before.income_tile {
        write(
            world,
            Note::new(
                ids::INCOME_TILE,
                format!("{name} is below 20 small towns: the +20 income tile goes back"),
            )
            .realm(name),
        );
    }
}

/// Whether `province` is a core of `realm` (7.6): a core token in its area decides; else an NPR
/// marker; else the printed flags.
pub fn is_core(world: &World, province: Entity, realm: Entity) -> bool {
    core_owners(world, province).contains(&realm)
}

/// The realms a province is a core of.
pub fn core_owners(world: &World, province: Entity) -> Vec<Entity> {
    if let Some(area) = world.read::<InArea>(province).map(|a| a.0) {
        let realm =
            crate::engine::query_cache::with_query::<&CoreToken, (), _>(world, |mut tokens| {
                tokens.find(|t| t.area == area).map(|t| t.realm)
            });
        if let Some(Some(realm)) = realm {
            return vec![realm];
        }
    }
    if let Some(marker) = world.read::<NprMarker>(province) {
        return vec![marker.0];
    }
    world
        .read::<PrintedCores>(province)
        .map(|c| c.0.clone())
        .unwrap_or_default()
}
