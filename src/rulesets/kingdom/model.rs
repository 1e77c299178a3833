//! Kingdom's ECS model: hexes, kingdoms, leaders, settlements and army units are entities; the
//! board and the seat order are resources that index them.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::reads::Reads;
use crate::rulesets::kingdom::content::schema::{Alignment, Attr, Role};

/// The scenario being played.
#[derive(Resource, Clone)]
pub struct Content(pub std::sync::Arc<crate::rulesets::kingdom::content::Scenario>);

/// The map: hex entities by offset coordinates (`row * width + col`).
#[derive(Resource, Clone, Debug, Default)]
pub struct Board {
    pub width: i32,
    pub height: i32,
    pub hexes: Vec<Entity>,
    /// The hexes that held a lair when the map was laid out, in board order (lairs are
    /// cleared, never made, during play: read `HexTile::lair` for whether one is still there).
    pub lairs: Vec<Entity>,
    /// Which seats (by bit) have explored each hex, index-aligned with `hexes`: the same bits
    /// as `HexTile::explored`, both set by `mark_explored`, so that a bot's search for the
    /// nearest unknown hexes reads no hex entity.
    pub explored: Vec<u8>,
}

/// A kingdom's leaders have explored a hex: on the hex and in the board's index.
pub fn mark_explored(world: &mut World, hex: Entity, seat: u8) {
    if let Some(mut tile) = world.get_mut::<HexTile>(hex) {
        tile.explored |= 1 << seat;
    }
    let mut board = world.res_mut::<Board>();
    if let Some(i) = board.hexes.iter().position(|h| *h == hex) {
        board.explored[i] |= 1 << seat;
    }
}

impl Board {
    pub fn at(&self, col: i32, row: i32) -> Option<Entity> {
        if col < 0 || row < 0 || col >= self.width || row >= self.height {
            return None;
        }
        self.hexes.get((row * self.width + col) as usize).copied()
    }

    /// The hexes `seat` has not explored nearest `home`, at most `most` of them as (column,
    /// row), ordered by distance, then row, then column: rings are walked outward from `home`
    /// until they hold enough, reading only the board's index of explored hexes.
    pub fn nearest_unexplored(&self, seat: u8, home: hexx::Hex, most: usize) -> Vec<(i32, i32)> {
        // No hex of the board lies farther from `home` than its farthest corner.
        let corners = [
            (0, 0),
            (self.width - 1, 0),
            (0, self.height - 1),
            (self.width - 1, self.height - 1),
        ];
        let farthest = corners
            .iter()
            .map(|(c, r)| {
                crate::rulesets::kingdom::content::spawn::axial(*c, *r).unsigned_distance_to(home)
            })
            .max()
            .unwrap_or(0);
        let mut found: Vec<(u32, i32, i32)> = Vec::new();
        for radius in 0..=farthest {
            for hex in home.ring(radius) {
                let (col, row) = crate::rulesets::kingdom::content::spawn::offset(hex);
                let on_board = col >= 0 && row >= 0 && col < self.width && row < self.height;
                let index = (row * self.width + col) as usize;
                if on_board
                    && self
                        .explored
                        .get(index)
                        .is_some_and(|e| e & (1 << seat) == 0)
                {
                    found.push((radius, row, col));
                }
            }
            if found.len() >= most {
                break;
            }
        }
        found.sort_unstable();
        found.truncate(most);
        found.into_iter().map(|(_, row, col)| (col, row)).collect()
    }

    /// Every hex of the board, in board order (row by row), read in one pass over the
    /// components rather than one look-up per hex.
    pub fn tiles<'w>(&self, world: &'w World) -> Vec<&'w HexTile> {
        let mut slots: Vec<Option<&HexTile>> = vec![None; self.hexes.len()];
        if let Some(mut query) = world.try_query::<(Entity, &HexTile)>() {
            for (e, tile) in query.iter(world) {
                let i = (tile.row * self.width + tile.col) as usize;
                if self.hexes.get(i) == Some(&e) {
                    slots[i] = Some(tile);
                }
            }
        }
        slots.into_iter().flatten().collect()
    }
}

/// The kingdoms in seat order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Seats(pub Vec<Entity>);

/// How the game ended.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct Outcome {
    pub winner: Option<String>,
    /// Why the game ended, for people.
    pub reason: String,
}

/// A hex of the map.
#[derive(Component, Clone, Debug, Serialize)]
pub struct HexTile {
    pub col: i32,
    pub row: i32,
    /// Axial coordinates (hexx), pointy hexes, odd rows shifted right.
    #[serde(skip)]
    pub hex: hexx::Hex,
    /// Index into the scenario's `terrains`.
    pub terrain: usize,
    pub river: bool,
    pub resource: Option<String>,
    pub lair: Option<Lair>,
    pub ruin: Option<Ruin>,
    /// Which kingdoms (by seat bit) have explored it.
    pub explored: u8,
    /// The kingdom (seat) that claims it.
    pub owner: Option<u8>,
    /// Indexes into the scenario's `improvements`.
    pub improvements: Vec<usize>,
    /// Site preparation: months left (0: ready for a settlement).
    pub prepared: Option<u8>,
    #[serde(skip)]
    pub settlement: Option<Entity>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Lair {
    pub name: String,
    pub dc: i32,
    pub loot_gp: u32,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Ruin {
    pub name: String,
    pub gp: u32,
    pub item_gp: u32,
}

/// A temporary modifier from an event, for the months it lasts.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TempMod {
    pub source: String,
    pub attr: Option<Attr>,
    pub amount: i32,
    /// Consumption change in percent (when `attr` is `None`).
    pub consumption_percent: i32,
    pub months: u8,
}

/// What the kingdom has done this Edict phase, against the limits by Size.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Used {
    /// The kingdom's Size when this month's Edict phase began: the phase's limits go by it
    /// ("The number of improvements you can make during a single phase is limited by your
    /// kingdom's size"), so a hex claimed in the phase does not raise them.
    pub edict_size: Option<u32>,
    pub claims: u32,
    pub terrain: u32,
    pub settlements: u32,
    pub buildings: u32,
    pub explored: u32,
    /// Expeditions against lairs (one a month).
    pub expeditions: u32,
    /// Adventurers were hired in this Event phase (once a phase).
    pub hired: bool,
    /// Sale attempts in the Income phase, and the districts that sold a slot item.
    pub sales: u32,
    pub sold_from: Vec<(u32, u8)>,
    pub free_house: bool,
}

/// The Size this month's Edict limits go by: the Size when the Edict phase began (the current
/// Size before it has).
pub fn limit_size(k: &Kingdom) -> u32 {
    k.used.edict_size.unwrap_or(k.claimed.len() as u32)
}

/// A kingdom: one seat.
#[derive(Component, Clone, Debug, Serialize)]
pub struct Kingdom {
    pub seat: u8,
    pub id: String,
    pub name: String,
    pub alignment: Alignment,
    pub treasury: i32,
    pub unrest: i32,
    pub purse_gp: u32,
    /// The leaders' valuable items, by price in gp.
    pub items: Vec<u32>,
    #[serde(skip)]
    pub leaders: Vec<Entity>,
    /// Each leader's role, index-aligned with `leaders`: kept by the rules wherever a role
    /// changes (`seat_leader`), so that asking who holds a role reads no leader entity.
    #[serde(skip)]
    pub roles: Vec<Option<Role>>,
    /// Holidays, Promotion, Taxation levels.
    pub edicts: [u8; 3],
    /// Claimed hexes, in the order claimed.
    #[serde(skip)]
    pub claimed: Vec<Entity>,
    #[serde(skip)]
    pub settlements: Vec<Entity>,
    #[serde(skip)]
    pub armies: Vec<Entity>,
    pub anarchy: bool,
    /// An event happened in the last Event phase.
    pub event_last_month: bool,
    pub temp: Vec<TempMod>,
    /// Roles whose vacancy penalty applies for 1 turn (until the next Edict phase) while a new
    /// leader settles in.
    pub transition: Vec<Role>,
    /// The Royal Enforcer's failed Loyalty check: -1 Loyalty until the end of the month.
    pub enforcer_penalty: bool,
    pub used: Used,
    /// BP withdrawn in this Income phase so far.
    pub withdrawn: i32,
    /// The attributes the Ruler's and the Spymaster's bonuses go to (bits of `Attr::bit`).
    pub ruler_focus: u8,
    pub spymaster_focus: u8,
}

/// A leader of a kingdom.
#[derive(Component, Clone, Debug, Serialize)]
pub struct Leader {
    #[serde(skip)]
    pub kingdom: Entity,
    pub name: String,
    /// Str, Dex, Con, Int, Wis, Cha.
    pub abilities: [i32; 6],
    pub role: Option<Role>,
}

/// Lots of a district: a 6x6 grid (3x3 blocks of 2x2 lots); cell = row * 6 + col.
pub const DISTRICT_SIDE: u8 = 6;
pub const DISTRICT_CELLS: u8 = 36;

/// A building standing in a district.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Placed {
    /// Index into the scenario's `buildings`.
    pub building: usize,
    /// The lots it fills (empty for a district-wide work).
    pub cells: Vec<u8>,
    /// Its magic item slots: (tier 0 minor, 1 medium, 2 major; filled).
    pub slots: Vec<(u8, bool)>,
}

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct District {
    pub placed: Vec<Placed>,
    /// Lots whose building an event destroyed: the same building costs half there.
    pub ruined: Vec<(u8, usize)>,
    /// The top row of lots borders water.
    pub water: bool,
}

impl District {
    /// The building on a lot, by index into `placed`.
    pub fn at(&self, cell: u8) -> Option<usize> {
        self.placed.iter().position(|p| p.cells.contains(&cell))
    }
}

/// A settlement on a hex.
#[derive(Component, Clone, Debug, Serialize)]
pub struct Settlement {
    pub name: String,
    #[serde(skip)]
    pub hex: Entity,
    /// The kingdom (seat) it belongs to; `None` for a free town lost at high Unrest.
    pub owner: Option<u8>,
    pub districts: Vec<District>,
    /// BP off the next building here (from events).
    pub discount: i32,
}

/// An army unit.
#[derive(Component, Clone, Debug, Serialize)]
pub struct Army {
    pub seat: u8,
    pub name: String,
    #[serde(skip)]
    pub hex: Entity,
    pub size: u8,
    pub hp: i32,
    pub equipped: bool,
}

impl Army {
    pub fn max_hp(&self) -> i32 {
        i32::from(self.size) * 10
    }
    /// The unit's strength in a check (its size, +1 when equipped).
    pub fn strength(&self) -> i32 {
        i32::from(self.size) + i32::from(self.equipped)
    }
}
