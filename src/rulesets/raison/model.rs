//! Raison d'Etat's pieces as ECS data: Territories, Powers and Generals are entities (with a
//! small index each, so rules and bots ask by number, not by name); the map's fixed facts
//! (borders, sea lanes, kinds, values) are one `MapIndex` built at spawn; the shared table
//! (round, deck, Emperor) and the action turn in progress are resources.

use std::sync::Arc;

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::reads::Reads;
use crate::rulesets::raison::content::schema::{DialAction, Scenario, Side, Status};

/// A Power's index in the scenario's `powers` list.
pub type P = u8;
/// A Territory's index in the scenario's `territories` list.
pub type T = u16;
/// A General's index among every Power's Generals, in scenario order.
pub type G = u16;

/// The scenario the game plays.
#[derive(Resource, Clone)]
pub struct Content(pub Arc<Scenario>);

/// A land Territory on the map.
#[derive(Component, Clone, Copy, Debug)]
pub struct Territory {
    pub index: T,
}

/// Who holds a Territory: the Power whose Garrison stands there, and whether a Fortress does.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Hold {
    pub garrison: Option<P>,
    pub fortress: bool,
}

/// A Power, major or minor.
#[derive(Component, Clone, Copy, Debug)]
pub struct Power {
    pub index: P,
}

/// A Power's supply, hand and standing.
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Purse {
    pub money: i32,
    pub morale: i32,
    pub influence: i32,
    /// Battle cards by value, kept sorted.
    pub hand: Vec<u8>,
    /// Its Diplomatic Status this round (a Minor's mirrors its controller's: see `status`).
    pub status: Status,
    /// A Minor Power's controlling Major (a Major controls itself).
    pub controller: Option<P>,
    /// Whether it is a Major Power in this game (seated Majors; an unseated Major plays as a
    /// Minor).
    pub major: bool,
}

/// A General.
#[derive(Component, Clone, Copy, Debug)]
pub struct General {
    pub index: G,
    pub power: P,
}

/// Where a General stands (`None`: off-map) and how many Units it leads.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Army {
    pub at: Option<T>,
    pub units: u8,
}

/// The kind of a Territory, with Powers as indices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Kind {
    Home(P),
    Undisputed,
    Disputed(Vec<P>),
}

/// The map's fixed facts, by index: what the rules ask most, answered without walking the
/// World.
#[derive(Resource, Clone, Debug, Default)]
pub struct MapIndex {
    pub territory_ids: Vec<String>,
    /// Names as players read them, for the log.
    pub territory_names: Vec<String>,
    pub general_names: Vec<String>,
    pub kinds: Vec<Kind>,
    pub values: Vec<u8>,
    pub electors: Vec<bool>,
    /// Land borders, both ways, sorted.
    pub borders: Vec<Vec<T>>,
    /// Sea lanes by index: their two ends.
    pub lanes: Vec<(T, T)>,
    /// The sea lanes leaving each Territory.
    pub lanes_at: Vec<Vec<u16>>,
    pub power_ids: Vec<String>,
    pub capitals: Vec<T>,
    pub general_ids: Vec<String>,
    /// Entities by index.
    pub territories: Vec<Entity>,
    pub powers: Vec<Entity>,
    pub generals: Vec<Entity>,
    /// Each Power's Generals, and each General's Power.
    pub generals_of: Vec<Vec<G>>,
    pub general_owner: Vec<P>,
    /// Indices by content id (Territories, Powers and Generals have distinct id spaces). Only
    /// looked up, never walked, so their order cannot reach the game; Bevy's map (foldhash,
    /// fixed seed) hashes an id several times faster than the standard library's SipHash, and
    /// a bot game looks ids up tens of thousands of times.
    pub territory_by_id: bevy::platform::collections::HashMap<String, T>,
    pub power_by_id: bevy::platform::collections::HashMap<String, P>,
    pub general_by_id: bevy::platform::collections::HashMap<String, G>,
}

impl MapIndex {
    pub fn territory(&self, id: &str) -> Option<T> {
        self.territory_by_id.get(id).copied()
    }
    pub fn power(&self, id: &str) -> Option<P> {
        self.power_by_id.get(id).copied()
    }
    pub fn general(&self, id: &str) -> Option<G> {
        self.general_by_id.get(id).copied()
    }
    pub fn borders(&self, a: T, b: T) -> bool {
        self.borders[a as usize].binary_search(&b).is_ok()
    }
}

/// The shared table: the round, the action turn, the Emperor and the battle-card deck.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct Table {
    /// Rounds begun, from 1.
    pub round: u32,
    /// The action turn within the round, from 0.
    pub turn: u8,
    pub emperor: Option<P>,
    /// The draw pile, top last.
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
}

/// Seats in play: the seated Major Powers in seat order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Seats(pub Vec<P>);

/// The end of the game.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct Outcome {
    pub winner: Option<String>,
    /// Why the game ended.
    pub reason: String,
}

/// A Power's Diplomatic Status as the rules read it: a Minor mirrors its controller.
pub fn status(world: &World, p: P) -> Status {
    let purse = purse(world, p);
    match purse.controller {
        Some(c) if c != p && !purse.major => purse_of(world, c).status,
        _ => purse.status,
    }
}

/// The Coalition side a Power is in this round, if any.
pub fn side(world: &World, p: P) -> Option<Side> {
    match status(world, p) {
        Status::Coalition(s) => Some(s),
        _ => None,
    }
}

/// The Major that decides for `p` (itself for a Major; `None` for a Minor nobody controls yet).
pub fn player_of(world: &World, p: P) -> Option<P> {
    let purse = purse(world, p);
    if purse.major {
        Some(p)
    } else {
        purse.controller
    }
}

/// Who is whose friend this round, as bit sets by Power: the same player (a Major and the
/// Minors it controls) and Coalition Allies. Derived from the Powers' statuses and controllers,
/// refreshed (`refresh_relations`) whenever one changes, so the rules' hottest question is one
/// look-up.
#[derive(Resource, Clone, Debug, Default)]
pub struct Relations {
    pub same_player: Vec<u64>,
    pub allies: Vec<u64>,
}

/// Recomputes `Relations` from the Powers' statuses and controllers.
pub fn refresh_relations(world: &mut World) {
    let n = world.res::<MapIndex>().powers.len();
    // Each Power's player and Coalition side, read once: a Minor's come from its controller.
    let (player, side): (Vec<Option<P>>, Vec<Option<Side>>) = (0..n as P)
        .map(|p| (player_of(world, p), side(world, p)))
        .unzip();
    let mut r = Relations {
        same_player: vec![0; n],
        allies: vec![0; n],
    };
    for a in 0..n {
        for b in 0..n {
            let same = a == b || matches!((player[a], player[b]), (Some(x), Some(y)) if x == y);
            let allied = a != b && matches!((side[a], side[b]), (Some(x), Some(y)) if x == y);
            if same {
                r.same_player[a] |= 1 << b;
            }
            if allied {
                r.allies[a] |= 1 << b;
            }
        }
    }
    world.insert_resource(r);
}

/// Whether two Powers are played by the same player (a Major and the Minors it controls).
pub fn same_player(world: &World, a: P, b: P) -> bool {
    world.res::<Relations>().same_player[a as usize] & (1 << b) != 0
}

/// Whether two different Powers are Coalition Allies this round.
pub fn coalition_allies(world: &World, a: P, b: P) -> bool {
    world.res::<Relations>().allies[a as usize] & (1 << b) != 0
}

/// Whether `b` is a friend of `a`: the same player or a Coalition Ally. Friends never fight.
pub fn friends(world: &World, a: P, b: P) -> bool {
    let r = world.res::<Relations>();
    (r.same_player[a as usize] | r.allies[a as usize]) & (1 << b) != 0
}

/// The rules' read-only questions about the board with every index fetched once: for loops that
/// ask many (a search over the map, every move of a turn).
pub struct Lens<'w> {
    pub world: &'w World,
    pub m: &'w MapIndex,
    relations: &'w Relations,
    stands: &'w Stands,
}

impl<'w> Lens<'w> {
    pub fn new(world: &'w World) -> Self {
        Self {
            world,
            m: world.res::<MapIndex>(),
            relations: world.res::<Relations>(),
            stands: world.res::<Stands>(),
        }
    }

    pub fn hold(&self, t: T) -> Hold {
        *self
            .world
            .read::<Hold>(self.m.territories[t as usize])
            .expect("every Territory has a hold")
    }

    /// As `controller`.
    pub fn controller(&self, t: T) -> Option<P> {
        self.hold(t).garrison.or(match self.m.kinds[t as usize] {
            Kind::Home(p) => Some(p),
            _ => None,
        })
    }

    pub fn same_player(&self, a: P, b: P) -> bool {
        self.relations.same_player[a as usize] & (1 << b) != 0
    }

    pub fn coalition_allies(&self, a: P, b: P) -> bool {
        self.relations.allies[a as usize] & (1 << b) != 0
    }

    pub fn friends(&self, a: P, b: P) -> bool {
        (self.relations.same_player[a as usize] | self.relations.allies[a as usize]) & (1 << b) != 0
    }

    pub fn generals_at(&self, t: T) -> &'w [G] {
        &self.stands.0[t as usize]
    }

    pub fn owner(&self, g: G) -> P {
        self.m.general_owner[g as usize]
    }
}

pub fn map(world: &World) -> &MapIndex {
    world.res::<MapIndex>()
}

pub fn purse(world: &World, p: P) -> &Purse {
    purse_of(world, p)
}

fn purse_of(world: &World, p: P) -> &Purse {
    let e = world.res::<MapIndex>().powers[p as usize];
    world.read::<Purse>(e).expect("every Power has a purse")
}

pub fn purse_mut(world: &mut World, p: P) -> Mut<'_, Purse> {
    let e = world.res::<MapIndex>().powers[p as usize];
    world.get_mut::<Purse>(e).expect("every Power has a purse")
}

pub fn hold(world: &World, t: T) -> Hold {
    let e = world.res::<MapIndex>().territories[t as usize];
    *world.read::<Hold>(e).expect("every Territory has a hold")
}

pub fn hold_mut(world: &mut World, t: T) -> Mut<'_, Hold> {
    let e = world.res::<MapIndex>().territories[t as usize];
    world
        .get_mut::<Hold>(e)
        .expect("every Territory has a hold")
}

pub fn army(world: &World, g: G) -> Army {
    let e = world.res::<MapIndex>().generals[g as usize];
    *world.read::<Army>(e).expect("every General has an army")
}

pub fn army_mut(world: &mut World, g: G) -> Mut<'_, Army> {
    let e = world.res::<MapIndex>().generals[g as usize];
    world.get_mut::<Army>(e).expect("every General has an army")
}

/// The Power a General serves (fixed for the game: read from the index, not the entity).
pub fn owner_of_general(world: &World, g: G) -> P {
    world.res::<MapIndex>().general_owner[g as usize]
}

/// Who controls a Territory: the Power whose Garrison stands there; with no Garrison, a Home
/// Territory's own Power; else nobody.
pub fn controller(world: &World, t: T) -> Option<P> {
    let m = map(world);
    let hold = world
        .read::<Hold>(m.territories[t as usize])
        .expect("every Territory has a hold");
    hold.garrison.or(match m.kinds[t as usize] {
        Kind::Home(p) => Some(p),
        _ => None,
    })
}

/// Which Generals stand in each Territory, in index order: an index the rules keep as
/// Generals move (`place`), so that "who is here" is one look-up, not a walk over every General.
#[derive(Resource, Clone, Debug, Default)]
pub struct Stands(pub Vec<Vec<G>>);

/// The Generals standing in a Territory, in index order.
pub fn generals_at(world: &World, t: T) -> &[G] {
    &world.res::<Stands>().0[t as usize]
}

/// Moves General `g` to `at` (`None`: off the map), keeping `Stands` up to date. The only way
/// the rules move a General.
pub fn place(world: &mut World, g: G, at: Option<T>) {
    let from = std::mem::replace(&mut army_mut(world, g).at, at);
    let mut stands = world.res_mut::<Stands>();
    if let Some(f) = from {
        stands.0[f as usize].retain(|x| *x != g);
    }
    if let Some(t) = at {
        let here = &mut stands.0[t as usize];
        let i = here.partition_point(|x| *x < g);
        here.insert(i, g);
    }
}

/// The action a Power's dial shows in the current action turn.
pub fn segment(world: &World, p: P) -> DialAction {
    let content = &world.res::<Content>().0;
    let n = content.dial.len();
    let turn = world.res::<Table>().turn as usize;
    let start = content.powers[p as usize].dial_start as usize;
    content.dial[(start + turn) % n]
}

/// Every Power's index, in scenario order.
pub fn powers(world: &World) -> std::ops::Range<P> {
    0..map(world).powers.len() as P
}

pub fn power_id(world: &World, p: P) -> &str {
    &map(world).power_ids[p as usize]
}
