//! The Edict phase (seed 004): leadership, claiming and abandoning hexes (with exploring and
//! clearing lairs, this project's house rules), terrain improvements and site preparation,
//! settlements, districts and buildings, army units, and edict levels; the improvements of each
//! kind are limited by Size.

use bevy::prelude::*;

use crate::engine::decision::Illegal;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::engine::state::{sid_of, spawn_sim};
use crate::rulesets::kingdom::content::Scenario;
use crate::rulesets::kingdom::content::schema::{Attr, Forbid, ImprovementCost, Need, Role};
use crate::rulesets::kingdom::decision::{Action, At, DecisionKind};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{
    Army, Board, Content, DISTRICT_CELLS, DISTRICT_SIDE, District, HexTile, Kingdom, Leader,
    Placed, Settlement, limit_size, mark_explored,
};
use crate::rulesets::kingdom::rules::sheet::{
    ability_modifier, command_dc, d20, forbidden, holder, kingdom_check, limits, ruler_attributes,
};
use crate::rulesets::kingdom::rules::upkeep::{add_unrest, release_hex};
use crate::rulesets::kingdom::rules::{ask_each, wrong_kind};

fn in_anarchy(world: &World, k: Entity) -> bool {
    world.read::<Kingdom>(k).expect("kingdom").anarchy
}

/// Step 1.
pub fn select_leadership(world: &mut World) {
    // The Edict phase begins: its limits go by the Size each kingdom has now.
    for k in crate::rulesets::kingdom::rules::seats(world) {
        let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
        if kingdom.used.edict_size.is_none() {
            kingdom.used.edict_size = Some(kingdom.claimed.len() as u32);
            // A turn after a failed abdication check the new leaders have settled in: the
            // vacancy penalty held through the month's end and the Upkeep that followed.
            kingdom.transition.clear();
        }
    }
    ask_each(world, DecisionKind::Leadership, in_anarchy, perform);
}
/// Step 2.
pub fn claim_hexes(world: &mut World) {
    ask_each(world, DecisionKind::Claims, in_anarchy, perform);
}
/// Step 3.
pub fn improve_terrain(world: &mut World) {
    ask_each(world, DecisionKind::Terrain, no_land, perform);
}
/// Step 4.
pub fn build_settlements(world: &mut World) {
    ask_each(world, DecisionKind::Settlements, no_land, perform);
}
/// Step 5.
pub fn raise_armies(world: &mut World) {
    ask_each(
        world,
        DecisionKind::Armies,
        no_army_to_raise_or_keep,
        perform,
    );
}
/// Step 6.
pub fn set_edicts(world: &mut World) {
    // "Select or adjust your edict levels as you wish": with land or not (only Upkeep is
    // skipped at 0 hexes), though not in Anarchy.
    ask_each(
        world,
        DecisionKind::Edicts,
        |w, k| w.get::<Kingdom>(k).expect("kingdom").anarchy,
        perform,
    );
}

/// Nothing to improve or settle without land (or in Anarchy).
fn no_land(world: &World, k: Entity) -> bool {
    let kingdom = world.read::<Kingdom>(k).expect("kingdom");
    kingdom.anarchy || kingdom.claimed.is_empty()
}

/// Step 5 is skipped in Anarchy, and without land unless the kingdom still has army units: they
/// outlive its last hex, and "you may create, expand, equip, or repair army units" (only
/// raising needs a settlement).
fn no_army_to_raise_or_keep(world: &World, k: Entity) -> bool {
    let kingdom = world.read::<Kingdom>(k).expect("kingdom");
    kingdom.anarchy || (kingdom.claimed.is_empty() && kingdom.armies.is_empty())
}

pub(crate) fn hex_at(world: &World, at: At) -> Option<(Entity, &HexTile)> {
    hex_on(world, world.res::<Board>(), at)
}

/// `hex_at` on a board already read.
fn hex_on<'w>(world: &'w World, board: &Board, (col, row): At) -> Option<(Entity, &'w HexTile)> {
    let e = board.at(col, row)?;
    Some((e, world.read::<HexTile>(e)?))
}

pub(crate) fn neighbours(world: &World, tile: &HexTile) -> Vec<Entity> {
    let board = world.res::<Board>();
    tile.hex
        .all_neighbors()
        .into_iter()
        .filter_map(|h| {
            let (c, r) = crate::rulesets::kingdom::content::spawn::offset(h);
            board.at(c, r)
        })
        .collect()
}

/// Whether open water touches the hex (a river through it, a lake in or beside it).
pub fn near_water(world: &World, s: &Scenario, tile: &HexTile) -> bool {
    tile.river
        || s.terrains[tile.terrain].water
        || neighbours(world, tile)
            .iter()
            .filter_map(|n| world.read::<HexTile>(*n))
            .any(|n| s.terrains[n.terrain].water)
}

/// Whether the hex touches one the kingdom claims.
fn touches_kingdom(world: &World, seat: u8, tile: &HexTile) -> bool {
    neighbours(world, tile)
        .iter()
        .filter_map(|n| world.read::<HexTile>(*n))
        .any(|n| n.owner == Some(seat))
}

/// Whether a refusal is explained in words (to a person, the log, a test) or only names its
/// rule (to a bot weighing hundreds of answers, which reads nothing but whether it is legal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Explain,
    Quiet,
}

fn illegal<S: Into<std::borrow::Cow<'static, str>>>(
    why: Why,
    rule: &'static str,
    reason: impl FnOnce() -> S,
) -> Result<(), Illegal> {
    Err(match why {
        Why::Explain => Illegal::new(rule, reason()),
        Why::Quiet => Illegal::new(rule, ""),
    })
}

fn afford(why: Why, k: &Kingdom, cost: i32, rule: &'static str, what: &str) -> Result<(), Illegal> {
    if k.treasury < cost {
        return illegal(why, rule, || {
            format!("{what} costs {cost} BP; the Treasury holds {}", k.treasury)
        });
    }
    Ok(())
}

/// What an improvement costs in this hex (`None`: it cannot be built on this terrain).
pub fn improvement_cost(s: &Scenario, improvement: usize, tile: &HexTile) -> Option<i32> {
    let terrain = &s.terrains[tile.terrain];
    let road = terrain.road.map(|r| if tile.river { 2 * r } else { r });
    match s.improvements[improvement].cost {
        ImprovementCost::Fixed(n) => Some(n),
        ImprovementCost::Farm => terrain.farm,
        ImprovementCost::Road => road,
        ImprovementCost::TwiceRoad => road.map(|r| 2 * r),
    }
}

/// The lots one building fills (none to four), held without an allocation: the bot weighs
/// thousands of placements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    len: u8,
    lots: [u8; 4],
}

impl Cells {
    fn of(lots: &[u8]) -> Self {
        let mut out = Cells {
            len: lots.len() as u8,
            lots: [0; 4],
        };
        out.lots[..lots.len()].copy_from_slice(lots);
        out
    }
}

impl std::ops::Deref for Cells {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.lots[..usize::from(self.len)]
    }
}

/// The lots a building would fill: `cell` is its first lot, `wide` lays two lots across (only
/// a two-lot building has a direction, so each placement is one action).
pub fn cells_for(lots: u8, cell: u8, wide: bool) -> Option<Cells> {
    if cell >= DISTRICT_CELLS || (wide && lots != 2) {
        return None;
    }
    let (row, col) = (cell / DISTRICT_SIDE, cell % DISTRICT_SIDE);
    match lots {
        0 => (cell == 0).then(|| Cells::of(&[])),
        1 => Some(Cells::of(&[cell])),
        2 if wide => (col % 2 == 0).then(|| Cells::of(&[cell, cell + 1])),
        2 => (row % 2 == 0).then(|| Cells::of(&[cell, cell + DISTRICT_SIDE])),
        4 => (row % 2 == 0 && col % 2 == 0).then(|| {
            Cells::of(&[
                cell,
                cell + 1,
                cell + DISTRICT_SIDE,
                cell + DISTRICT_SIDE + 1,
            ])
        }),
        _ => None,
    }
}

/// Lots next to any of `cells` (across streets too), not among them.
pub fn adjacent_cells(cells: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &c in cells {
        let (row, col) = ((c / DISTRICT_SIDE) as i32, (c % DISTRICT_SIDE) as i32);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (r, cc) = (row + dr, col + dc);
            if (0..DISTRICT_SIDE as i32).contains(&r) && (0..DISTRICT_SIDE as i32).contains(&cc) {
                let n = (r * DISTRICT_SIDE as i32 + cc) as u8;
                if !cells.contains(&n) && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// The buildings next to `cells` in a district (each counted once).
fn neighbours_in(district: &District, cells: &[u8]) -> Vec<usize> {
    // Which building stands on each lot, read once: a grown district holds dozens, and each
    // neighbouring lot would otherwise search them all (`District::at`, the first that holds it).
    // (A lot holds at most one building, so a district holds fewer than `EMPTY` of them.)
    const LOTS: usize = DISTRICT_SIDE as usize * DISTRICT_SIDE as usize;
    const EMPTY: u8 = u8::MAX;
    let mut on_lot = [EMPTY; LOTS];
    for (i, p) in district.placed.iter().enumerate() {
        for c in &p.cells {
            if let Some(lot) = on_lot.get_mut(usize::from(*c))
                && *lot == EMPTY
            {
                *lot = u8::try_from(i).unwrap_or(EMPTY);
            }
        }
    }
    let mut seen = Vec::new();
    for n in adjacent_cells(cells) {
        if let Some(&i) = on_lot.get(usize::from(n))
            && i != EMPTY
            && !seen.contains(&usize::from(i))
        {
            seen.push(usize::from(i));
        }
    }
    seen.into_iter()
        .map(|i| district.placed[i].building)
        .collect()
}

/// What a building would cost on these lots: half when it replaces the same building an event
/// destroyed there, the difference when it upgrades, less the settlement's discount.
pub fn building_cost(
    s: &Scenario,
    settlement: &Settlement,
    district: &District,
    building: usize,
    cells: &[u8],
) -> i32 {
    let def = &s.buildings[building];
    let mut cost = def.cost;
    if cells
        .first()
        .is_some_and(|c| district.ruined.contains(&(*c, building)))
    {
        // Halved, rounded down as the Pathfinder rules round unless told otherwise.
        cost /= 2;
    }
    if let Some(old) = upgrade_target(s, district, building, cells) {
        cost = (cost - s.buildings[district.placed[old].building].cost).max(0);
    }
    (cost - settlement.discount).max(0)
}

/// The building this one would replace as an upgrade, if it stands on exactly these lots.
fn upgrade_target(
    s: &Scenario,
    district: &District,
    building: usize,
    cells: &[u8],
) -> Option<usize> {
    let from = s.buildings[building].upgrade_from.as_ref()?;
    let i = district.at(*cells.first()?)?;
    let placed = &district.placed[i];
    (s.buildings[placed.building].id == *from && placed.cells == cells).then_some(i)
}

/// The kingdom's settlement on a hex, if it has one there.
pub fn settlement_at(world: &World, seat: u8, at: At) -> Option<(Entity, &Settlement)> {
    settlement_on(world, world.res::<Board>(), seat, at)
}

/// `settlement_at` on a board already read.
fn settlement_on<'w>(
    world: &'w World,
    board: &Board,
    seat: u8,
    at: At,
) -> Option<(Entity, &'w Settlement)> {
    let (_, tile) = hex_on(world, board, at)?;
    let st = tile.settlement?;
    let settlement = world.read::<Settlement>(st)?;
    (settlement.owner == Some(seat)).then_some((st, settlement))
}

fn army_of<'w>(world: &'w World, k: &Kingdom, index: u8) -> Option<(Entity, &'w Army)> {
    let e = *k.armies.get(usize::from(index))?;
    Some((e, world.read::<Army>(e)?))
}

fn building_index(s: &Scenario, id: &str) -> Option<usize> {
    s.buildings.iter().position(|b| b.id == id)
}

/// BP a claim takes from the Treasury.
pub const CLAIM_BP: i32 = 1;

/// The BP an Edict-phase action takes from the Treasury, from the scenario's tables: the one
/// price `check`, `perform` and the cost shown to players all read. `None`: free, or nothing
/// there to price.
pub fn bp_cost(world: &World, k: &Kingdom, action: &Action) -> Option<i32> {
    let s = &world.res::<Content>().0;
    let army = |i: &u8| army_of(world, k, *i).map(|(_, a)| a);
    match action {
        Action::Claim(_) => Some(CLAIM_BP),
        Action::Improve { at, improvement } => {
            let i = s.improvements.iter().position(|d| &d.id == improvement)?;
            improvement_cost(s, i, hex_at(world, *at)?.1)
        }
        Action::Prepare(at) | Action::AddDistrict(at) => {
            s.terrains[hex_at(world, *at)?.1.terrain].preparation
        }
        Action::Build {
            at,
            district,
            cell,
            wide,
            building,
        } => {
            let (_, settlement) = settlement_at(world, k.seat, *at)?;
            let b = building_index(s, building)?;
            let d = settlement.districts.get(usize::from(*district))?;
            let cells = cells_for(s.buildings[b].lots, *cell, *wide)?;
            Some(building_cost(s, settlement, d, b, &cells))
        }
        Action::RaiseArmy(_) => Some(s.house.army_cost),
        Action::ExpandArmy(i) => army(i).map(|a| s.house.army_expand_cost * i32::from(a.size + 1)),
        Action::EquipArmy(i) => army(i).map(|a| s.house.army_equip_cost * i32::from(a.size)),
        // Per 5 hit points lost, rounded up.
        Action::RepairArmy(i) => {
            army(i).map(|a| s.house.army_repair_cost * (a.max_hp() - a.hp + 4) / 5)
        }
        _ => None,
    }
}

/// Refuses one more improvement of a kind when the month's limit by Size is reached.
fn within_limit(
    why: Why,
    rule: &'static str,
    used: u32,
    most: u32,
    size: u32,
    what: &str,
) -> Result<(), Illegal> {
    if used >= most {
        return illegal(why, rule, || {
            format!("at Size {size} the kingdom makes at most {most} {what} a month")
        });
    }
    Ok(())
}

/// What every check of one kingdom's Edict answers reads, looked up once: `legal_actions`
/// checks hundreds of candidates, and each look-up of a resource or component by its type is a
/// hash of the type's id.
pub struct Checking<'w> {
    world: &'w World,
    s: &'w Scenario,
    board: &'w Board,
    k: &'w Kingdom,
}

impl<'w> Checking<'w> {
    pub fn new(world: &'w World, kingdom: Entity) -> Self {
        Self {
            world,
            s: &world.res::<Content>().0,
            board: world.res::<Board>(),
            k: world.read::<Kingdom>(kingdom).expect("kingdom"),
        }
    }

    fn hex_at(&self, at: At) -> Option<(Entity, &'w HexTile)> {
        hex_on(self.world, self.board, at)
    }

    /// This kingdom's settlement there.
    fn settlement_at(&self, at: At) -> Option<(Entity, &'w Settlement)> {
        settlement_on(self.world, self.board, self.k.seat, at)
    }
}

/// Whether `kind` is a decision of the Edict phase (checked here).
pub fn answers(kind: DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::Leadership
            | DecisionKind::Claims
            | DecisionKind::Terrain
            | DecisionKind::Settlements
            | DecisionKind::Armies
            | DecisionKind::Edicts
    )
}

/// Checks an Edict-phase answer; `why` says whether a refusal is put in words.
pub fn check(
    world: &World,
    kingdom: Entity,
    kind: DecisionKind,
    action: &Action,
    why: Why,
) -> Result<(), Illegal> {
    Checking::new(world, kingdom).check(kind, action, why)
}

impl Checking<'_> {
    /// Checks an Edict-phase answer of this kingdom.
    pub fn check(&self, kind: DecisionKind, action: &Action, why: Why) -> Result<(), Illegal> {
        let (world, s, k) = (self.world, self.s, self.k);
        let size = k.claimed.len() as u32;
        let phase_size = limit_size(k);
        let limit = limits(s, phase_size);
        match (kind, action) {
            (_, Action::Done) => Ok(()),
            (
                DecisionKind::Leadership,
                Action::Assign {
                    role,
                    leader,
                    focus,
                },
            ) => {
                let Some(def) = s.roles.iter().find(|r| r.role == *role) else {
                    return illegal(why, ids::EDICT_LEADERSHIP, || {
                        format!("{role:?} is not a role of this scenario")
                    });
                };
                if holder(k, *role).is_some() {
                    return illegal(why, ids::EDICT_LEADERSHIP, || {
                        format!("{} already has a leader", def.name)
                    });
                }
                let Some(l) = k
                    .leaders
                    .get(usize::from(*leader))
                    .and_then(|l| world.read::<Leader>(*l))
                else {
                    return illegal(why, ids::EDICT_LEADERSHIP, || {
                        format!("the kingdom has no leader {leader}")
                    });
                };
                if l.role.is_some() {
                    return illegal(why, ids::EDICT_LEADERSHIP, || {
                        format!("{} already holds a role; step down first", l.name)
                    });
                }
                focus_fits(why, ids::EDICT_LEADERSHIP, def, *focus, size)?;
                Ok(())
            }
            (DecisionKind::Leadership, Action::RulerFocus(focus)) => {
                let Some(more) = ruler_focus_grows(k, size) else {
                    return illegal(
                        why,
                        ids::EDICT_LEADERSHIP,
                        || "the Ruler's bonus already reaches every attribute the kingdom's Size gives",
                    );
                };
                if focus & !7 != 0
                    || focus & k.ruler_focus != k.ruler_focus
                    || focus.count_ones() != more
                {
                    return illegal(why, ids::EDICT_LEADERSHIP, || {
                        format!(
                            "the Ruler's bonus reaches {more} attributes: the ones it has and {} more",
                            more - k.ruler_focus.count_ones()
                        )
                    });
                }
                Ok(())
            }
            (DecisionKind::Leadership, Action::Abdicate { role, to, focus }) => {
                if holder(k, *role).is_none() {
                    return illegal(why, ids::EDICT_ABDICATE, || {
                        format!("nobody holds {role:?}")
                    });
                }
                let Some(to) = to else {
                    if *focus != 0 {
                        return illegal(
                            why,
                            ids::EDICT_ABDICATE,
                            || "a leader stepping down chooses no attributes",
                        );
                    }
                    return Ok(());
                };
                let Some(def) = s.roles.iter().find(|r| r.role == *to) else {
                    return illegal(why, ids::EDICT_ABDICATE, || {
                        format!("{to:?} is not a role of this scenario")
                    });
                };
                if to == role || holder(k, *to).is_some() {
                    return illegal(why, ids::EDICT_ABDICATE, || {
                        format!("{to:?} is not a vacant role to move to")
                    });
                }
                focus_fits(why, ids::EDICT_ABDICATE, def, *focus, size)?;
                Ok(())
            }
            (
                DecisionKind::Leadership,
                Action::Swap {
                    role,
                    with,
                    focus,
                    with_focus,
                },
            ) => {
                let place = |r: &Role| s.roles.iter().position(|d| d.role == *r);
                let (Some(i), Some(j)) = (place(role), place(with)) else {
                    return illegal(why, ids::EDICT_ABDICATE, || {
                        format!("{role:?} and {with:?} are not both roles of this scenario")
                    });
                };
                if i >= j {
                    return illegal(why, ids::EDICT_ABDICATE, || {
                        format!(
                            "name the two roles of a swap in the scenario's order: {:?} first",
                            s.roles[i.min(j)].role
                        )
                    });
                }
                if holder(k, *role).is_none() || holder(k, *with).is_none() {
                    return illegal(why, ids::EDICT_ABDICATE, || {
                        format!("a swap needs a leader in both {role:?} and {with:?}")
                    });
                }
                for (to, bits) in [(j, focus), (i, with_focus)] {
                    let def = &s.roles[to];
                    focus_fits(why, ids::EDICT_ABDICATE, def, *bits, size)?;
                }
                Ok(())
            }
            (DecisionKind::Claims, Action::Explore(at)) => {
                let Some((_, tile)) = self.hex_at(*at) else {
                    return illegal(why, ids::HOUSE_EXPLORE, || format!("{at:?} is off the map"));
                };
                if tile.explored & (1 << k.seat) != 0 {
                    return illegal(
                        why,
                        ids::HOUSE_EXPLORE,
                        || "the leaders have explored this hex already",
                    );
                }
                if k.used.explored >= u32::from(s.house.explorations_per_month) {
                    return illegal(why, ids::HOUSE_EXPLORE, || {
                        format!(
                            "the leaders explore at most {} hexes a month",
                            s.house.explorations_per_month
                        )
                    });
                }
                let reach = neighbours(world, tile)
                    .iter()
                    .filter_map(|n| world.read::<HexTile>(*n))
                    .any(|n| n.owner == Some(k.seat) || n.explored & (1 << k.seat) != 0);
                if !reach {
                    return illegal(
                        why,
                        ids::HOUSE_EXPLORE,
                        || "explore next to the kingdom or a hex the leaders know",
                    );
                }
                Ok(())
            }
            (DecisionKind::Claims, Action::Clear { at, army }) => {
                let Some((_, tile)) = self.hex_at(*at) else {
                    return illegal(why, ids::HOUSE_CLEAR, || format!("{at:?} is off the map"));
                };
                if tile.explored & (1 << k.seat) == 0 {
                    return illegal(
                        why,
                        ids::HOUSE_CLEAR,
                        || "explore the hex before clearing it",
                    );
                }
                if tile.lair.is_none() {
                    return illegal(why, ids::HOUSE_CLEAR, || "there is no lair to clear here");
                }
                if k.used.expeditions >= 1 {
                    return illegal(
                        why,
                        ids::HOUSE_CLEAR,
                        || "the leaders lead one expedition a month",
                    );
                }
                if let Some(i) = army {
                    let Some((_, a)) = army_of(world, k, *i) else {
                        return illegal(why, ids::HOUSE_CLEAR, || {
                            format!("the kingdom has no army unit {i}")
                        });
                    };
                    let from = world.read::<HexTile>(a.hex).map(|t| t.hex);
                    if from.is_none_or(|h| h.unsigned_distance_to(tile.hex) > 3) {
                        return illegal(why, ids::HOUSE_CLEAR, || {
                            format!("{} is more than 3 hexes away", a.name)
                        });
                    }
                    if a.hp <= 0 {
                        return illegal(why, ids::HOUSE_CLEAR, || {
                            format!("{} must be repaired first", a.name)
                        });
                    }
                }
                Ok(())
            }
            (DecisionKind::Claims, Action::Claim(at)) => {
                if let Some(role) = forbidden(s, k, Forbid::Claims) {
                    return illegal(why, ids::EDICT_VACANCY, || {
                        format!("with no {role:?} the kingdom cannot claim hexes")
                    });
                }
                let Some((_, tile)) = self.hex_at(*at) else {
                    return illegal(why, ids::EDICT_CLAIM_HEX, || {
                        format!("{at:?} is off the map")
                    });
                };
                if tile.owner.is_some() {
                    return illegal(why, ids::EDICT_CLAIM_HEX, || "the hex is already claimed");
                }
                if tile.explored & (1 << k.seat) == 0 {
                    return illegal(
                        why,
                        ids::EDICT_CLAIM_HEX,
                        || "a hex must be explored before it is claimed",
                    );
                }
                if let Some(lair) = &tile.lair {
                    return illegal(why, ids::EDICT_CLAIM_HEX, || {
                        format!("{} must be cleared before the hex is claimed", lair.name)
                    });
                }
                if !k.claimed.is_empty() && !touches_kingdom(world, k.seat, tile) {
                    return illegal(
                        why,
                        ids::EDICT_CLAIM_HEX,
                        || "a claimed hex must be next to the kingdom (only the first may be anywhere)",
                    );
                }
                within_limit(
                    why,
                    ids::EDICT_CLAIM_HEX,
                    k.used.claims,
                    limit.claims,
                    phase_size,
                    "hex claims",
                )?;
                afford(why, k, CLAIM_BP, ids::EDICT_CLAIM_HEX, "a claim")
            }
            (DecisionKind::Claims, Action::Abandon(at)) => {
                let owned = self
                    .hex_at(*at)
                    .is_some_and(|(_, t)| t.owner == Some(k.seat));
                if !owned {
                    return illegal(
                        why,
                        ids::EDICT_ABANDON_HEX,
                        || "the kingdom can only abandon its own hexes",
                    );
                }
                Ok(())
            }
            (DecisionKind::Terrain, Action::Improve { at, improvement }) => {
                let Some(i) = s.improvements.iter().position(|d| d.id == *improvement) else {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("there is no improvement \"{improvement}\"")
                    });
                };
                let def = &s.improvements[i];
                let Some((_, tile)) = self.hex_at(*at).filter(|(_, t)| t.owner == Some(k.seat))
                else {
                    return illegal(
                        why,
                        ids::EDICT_TERRAIN,
                        || "improvements go on the kingdom's own hexes",
                    );
                };
                if def.needs_ruler
                    && let Some(role) = forbidden(s, k, Forbid::FarmsAndRoads)
                {
                    return illegal(why, ids::EDICT_VACANCY, || {
                        format!("with no {role:?} the kingdom cannot build Farms or Roads")
                    });
                }
                if tile.improvements.contains(&i) {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("the hex has a {} already", def.name)
                    });
                }
                // An upgrade stands in for what it replaced (a Highway is the hex's Road).
                if let Some(up) = tile
                    .improvements
                    .iter()
                    .map(|u| &s.improvements[*u])
                    .find(|u| u.upgrade_from.as_deref() == Some(def.id.as_str()))
                {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("the hex's {} is an upgraded {}", up.name, def.name)
                    });
                }
                if let Some(from) = &def.upgrade_from
                    && !s
                        .improvements
                        .iter()
                        .position(|d| &d.id == from)
                        .is_some_and(|o| tile.improvements.contains(&o))
                {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("a {} is built over a {from}, which the hex lacks", def.name)
                    });
                }
                let terrain = &s.terrains[tile.terrain];
                let water_ok = def.needs.contains(&Need::Water);
                if terrain.water && !water_ok {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("a {} cannot be built on open water", def.name)
                    });
                }
                if !def.terrains.is_empty() && !def.terrains.contains(&terrain.id) {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("a {} needs {}", def.name, def.terrains.join(" or "))
                    });
                }
                for need in &def.needs {
                    let met = match need {
                        Need::River => tile.river,
                        Need::Water => near_water(world, s, tile),
                        Need::Settlement => tile.settlement.is_some(),
                        Need::Resource => tile.resource.is_some(),
                        Need::Improvement(other) => s
                            .improvements
                            .iter()
                            .position(|d| &d.id == other)
                            .is_some_and(|o| tile.improvements.contains(&o)),
                        Need::Size(n) => size >= *n,
                    };
                    if !met {
                        return illegal(why, ids::EDICT_TERRAIN, || {
                            format!("a {} needs {need:?}", def.name)
                        });
                    }
                }
                let Some(cost) = improvement_cost(s, i, tile) else {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("a {} cannot be built on {}", def.name, terrain.name)
                    });
                };
                within_limit(
                    why,
                    ids::EDICT_TERRAIN,
                    k.used.terrain,
                    limit.terrain,
                    phase_size,
                    "terrain improvements",
                )?;
                afford(why, k, cost, ids::EDICT_TERRAIN, &def.name)
            }
            (DecisionKind::Terrain, Action::Prepare(at)) => {
                let Some((_, tile)) = self.hex_at(*at).filter(|(_, t)| t.owner == Some(k.seat))
                else {
                    return illegal(
                        why,
                        ids::EDICT_TERRAIN,
                        || "only the kingdom's own hexes can be prepared",
                    );
                };
                let terrain = &s.terrains[tile.terrain];
                let Some(cost) = terrain.preparation else {
                    return illegal(why, ids::EDICT_TERRAIN, || {
                        format!("no settlement can stand on {}", terrain.name)
                    });
                };
                if tile.settlement.is_some() || tile.prepared.is_some() {
                    return illegal(why, ids::EDICT_TERRAIN, || "the site is prepared already");
                }
                within_limit(
                    why,
                    ids::EDICT_TERRAIN,
                    k.used.terrain,
                    limit.terrain,
                    phase_size,
                    "terrain improvements",
                )?;
                afford(why, k, cost, ids::EDICT_TERRAIN, "preparing the site")
            }
            (DecisionKind::Settlements, Action::Found(at)) => {
                if let Some(role) = forbidden(s, k, Forbid::Districts) {
                    return illegal(why, ids::EDICT_VACANCY, || {
                        format!("with no {role:?} the kingdom cannot found settlements")
                    });
                }
                let Some((_, tile)) = self.hex_at(*at).filter(|(_, t)| t.owner == Some(k.seat))
                else {
                    return illegal(
                        why,
                        ids::EDICT_SETTLEMENT,
                        || "settlements are founded on the kingdom's own hexes",
                    );
                };
                if tile.settlement.is_some() {
                    return illegal(
                        why,
                        ids::EDICT_SETTLEMENT,
                        || "the hex has a settlement already",
                    );
                }
                match tile.prepared {
                    Some(0) => {}
                    Some(m) => {
                        return illegal(why, ids::EDICT_SETTLEMENT, || {
                            format!("the site needs {m} more month(s) of preparation")
                        });
                    }
                    None => {
                        return illegal(
                            why,
                            ids::EDICT_SETTLEMENT,
                            || "prepare the site first (a terrain improvement)",
                        );
                    }
                }
                within_limit(
                    why,
                    ids::EDICT_SETTLEMENT,
                    k.used.settlements,
                    limit.settlements,
                    phase_size,
                    "new settlements or districts",
                )?;
                Ok(())
            }
            (DecisionKind::Settlements, Action::AddDistrict(at)) => {
                if let Some(role) = forbidden(s, k, Forbid::Districts) {
                    return illegal(why, ids::EDICT_VACANCY, || {
                        format!("with no {role:?} the kingdom cannot add districts")
                    });
                }
                let Some((_, settlement)) = self.settlement_at(*at) else {
                    return illegal(
                        why,
                        ids::EDICT_SETTLEMENT,
                        || "no settlement of the kingdom stands there",
                    );
                };
                let full = settlement
                    .districts
                    .iter()
                    .all(|d| (0..DISTRICT_CELLS).all(|c| d.at(c).is_some()));
                if !full {
                    return illegal(why, ids::EDICT_SETTLEMENT, || {
                        format!("{} has empty lots left", settlement.name)
                    });
                }
                within_limit(
                    why,
                    ids::EDICT_SETTLEMENT,
                    k.used.settlements,
                    limit.settlements,
                    phase_size,
                    "new settlements or districts",
                )?;
                let cost = bp_cost(world, k, action).unwrap_or(0);
                afford(why, k, cost, ids::EDICT_SETTLEMENT, "a new district")
            }
            (
                DecisionKind::Settlements,
                Action::Build {
                    at,
                    district,
                    cell,
                    wide,
                    building,
                },
            ) => {
                let Some((_, settlement)) = self.settlement_at(*at) else {
                    return illegal(
                        why,
                        ids::EDICT_BUILDING,
                        || "no settlement of the kingdom stands there",
                    );
                };
                let Some(b) = building_index(s, building) else {
                    return illegal(why, ids::EDICT_BUILDING, || {
                        format!("there is no building \"{building}\"")
                    });
                };
                let def = &s.buildings[b];
                let Some(d) = settlement.districts.get(usize::from(*district)) else {
                    return illegal(why, ids::EDICT_BUILDING, || {
                        format!("{} has no district {district}", settlement.name)
                    });
                };
                let Some(cells) = cells_for(def.lots, *cell, *wide) else {
                    return illegal(why, ids::EDICT_BUILDING, || {
                        format!(
                            "a {}-lot {} cannot start on lot {cell} that way",
                            def.lots, def.name
                        )
                    });
                };
                if def.lots == 0 && d.placed.iter().any(|p| p.building == b) {
                    return illegal(why, ids::EDICT_BUILDING, || {
                        format!("the district has a {} already", def.name)
                    });
                }
                let upgrade = upgrade_target(s, d, b, &cells);
                if upgrade.is_none() && cells.iter().any(|c| d.at(*c).is_some()) {
                    return illegal(why, ids::EDICT_BUILDING, || "those lots are built on");
                }
                if def.needs_water && !(d.water && cells.iter().any(|c| *c < DISTRICT_SIDE)) {
                    return illegal(why, ids::EDICT_BUILDING, || {
                        format!("a {} must stand on a lot at the water's edge", def.name)
                    });
                }
                // Most buildings care about no neighbour: the walk is made only for those that do.
                let near = if def.near.is_empty() && def.not_near.is_empty() {
                    Vec::new()
                } else {
                    neighbours_in(d, &cells)
                };
                for (other, count) in &def.near {
                    let n = near
                        .iter()
                        .filter(|i| {
                            &s.buildings[**i].id == other
                                || (other == "house" && s.buildings[**i].house)
                        })
                        .count();
                    if n < usize::from(*count) {
                        return illegal(why, ids::EDICT_BUILDING, || {
                            format!("a {} must stand next to {count} {other}", def.name)
                        });
                    }
                }
                if let Some(bad) = near
                    .iter()
                    .find(|i| def.not_near.contains(&s.buildings[**i].id))
                {
                    return illegal(why, ids::EDICT_BUILDING, || {
                        format!(
                            "a {} may not stand next to a {}",
                            def.name, s.buildings[*bad].name
                        )
                    });
                }
                let free = def.free_first && !k.used.free_house;
                if !free && let Some(most) = limit.buildings {
                    within_limit(
                        why,
                        ids::EDICT_BUILDING,
                        k.used.buildings,
                        most,
                        phase_size,
                        "buildings",
                    )?;
                }
                let cost = building_cost(s, settlement, d, b, &cells);
                afford(why, k, cost, ids::EDICT_BUILDING, &def.name)
            }
            (DecisionKind::Armies, Action::RaiseArmy(at)) => {
                if self.settlement_at(*at).is_none() {
                    return illegal(
                        why,
                        ids::EDICT_ARMY,
                        || "army units are raised in the kingdom's settlements",
                    );
                }
                afford(
                    why,
                    k,
                    bp_cost(world, k, action).unwrap_or(0),
                    ids::EDICT_ARMY,
                    "a new army unit",
                )
            }
            (
                DecisionKind::Armies,
                Action::ExpandArmy(i) | Action::EquipArmy(i) | Action::RepairArmy(i),
            ) => {
                let Some((_, a)) = army_of(world, k, *i) else {
                    return illegal(why, ids::EDICT_ARMY, || {
                        format!("the kingdom has no army unit {i}")
                    });
                };
                match action {
                    Action::ExpandArmy(_) if a.size >= s.house.army_max_size => {
                        return illegal(why, ids::EDICT_ARMY, || {
                            format!("{} is as large as a unit gets", a.name)
                        });
                    }
                    Action::EquipArmy(_) if a.equipped => {
                        return illegal(why, ids::EDICT_ARMY, || {
                            format!("{} is equipped already", a.name)
                        });
                    }
                    Action::RepairArmy(_) if a.hp >= a.max_hp() => {
                        return illegal(why, ids::EDICT_ARMY, || {
                            format!("{} is at full strength", a.name)
                        });
                    }
                    _ => {}
                }
                afford(
                    why,
                    k,
                    bp_cost(world, k, action).unwrap_or(0),
                    ids::EDICT_ARMY,
                    "that",
                )
            }
            (DecisionKind::Edicts, Action::SetEdict { edict, level }) => {
                let def = s
                    .edicts
                    .iter()
                    .find(|e| e.kind == *edict)
                    .expect("validated");
                if usize::from(*level) >= def.levels.len() {
                    return illegal(why, ids::EDICT_EDICTS, || {
                        format!("{edict:?} has levels 0 to {}", def.levels.len() - 1)
                    });
                }
                if k.edicts[*edict as usize] == *level {
                    return illegal(why, ids::EDICT_EDICTS, || {
                        format!("{edict:?} is at that level already")
                    });
                }
                Ok(())
            }
            _ => Err(wrong_kind(kind, action)),
        }
    }
}

/// Answers worth checking for an Edict decision (`check` filters them).
pub fn candidates(world: &World, kingdom: Entity, kind: DecisionKind) -> Vec<Action> {
    let s = &world.res::<Content>().0;
    let k = world.read::<Kingdom>(kingdom).expect("kingdom");
    let mut out = vec![Action::Done];
    let board = world.res::<Board>();
    let tiles = || board.hexes.iter().filter_map(|h| world.read::<HexTile>(*h));
    match kind {
        // Only answers `check` could accept are listed: each skip below is a condition under
        // which `check` refuses, so the list is the same, found without checking what cannot
        // be legal (a role held, a leader with a role, a focus naming the wrong number of
        // attributes; hexes the kingdom has not explored, or owns, or that someone owns).
        DecisionKind::Leadership => {
            let size = k.claimed.len() as u32;
            let foci = |role: Role, attribute: bool| {
                let wanted = focus_wanted(attribute, role, size);
                (0..8u8).filter(move |f| f.count_ones() == wanted)
            };
            for r in &s.roles {
                if holder(k, r.role).is_none() {
                    for leader in 0..k.leaders.len() as u8 {
                        if k.roles
                            .get(usize::from(leader))
                            .is_some_and(Option::is_some)
                        {
                            continue;
                        }
                        for focus in foci(r.role, r.attribute.is_some()) {
                            out.push(Action::Assign {
                                role: r.role,
                                leader,
                                focus,
                            });
                        }
                    }
                    continue;
                }
                out.push(Action::Abdicate {
                    role: r.role,
                    to: None,
                    focus: 0,
                });
                if r.role == Role::Ruler
                    && let Some(more) = ruler_focus_grows(k, size)
                {
                    out.extend(
                        (0..8u8)
                            .filter(|f| {
                                f & k.ruler_focus == k.ruler_focus && f.count_ones() == more
                            })
                            .map(Action::RulerFocus),
                    );
                }
                for to in s.roles.iter().filter(|to| holder(k, to.role).is_none()) {
                    for focus in foci(to.role, to.attribute.is_some()) {
                        out.push(Action::Abdicate {
                            role: r.role,
                            to: Some(to.role),
                            focus,
                        });
                    }
                }
            }
            // Two seated leaders exchange seats, each pair once, in the scenario's order.
            for (i, r) in s.roles.iter().enumerate() {
                if holder(k, r.role).is_none() {
                    continue;
                }
                for w in s.roles[i + 1..]
                    .iter()
                    .filter(|w| holder(k, w.role).is_some())
                {
                    for focus in foci(w.role, w.attribute.is_some()) {
                        for with_focus in foci(r.role, r.attribute.is_some()) {
                            out.push(Action::Swap {
                                role: r.role,
                                with: w.role,
                                focus,
                                with_focus,
                            });
                        }
                    }
                }
            }
        }
        DecisionKind::Claims => {
            let seat = 1 << k.seat;
            let may_explore = k.used.explored < u32::from(s.house.explorations_per_month);
            let may_clear = k.used.expeditions < 1;
            for t in tiles() {
                let at = (t.col, t.row);
                let explored = t.explored & seat != 0;
                if !explored && may_explore {
                    out.push(Action::Explore(at));
                }
                if explored && t.owner.is_none() && t.lair.is_none() {
                    out.push(Action::Claim(at));
                }
                if t.owner == Some(k.seat) {
                    out.push(Action::Abandon(at));
                }
                if explored && t.lair.is_some() && may_clear {
                    out.push(Action::Clear { at, army: None });
                    for i in 0..k.armies.len() as u8 {
                        out.push(Action::Clear { at, army: Some(i) });
                    }
                }
            }
        }
        DecisionKind::Terrain => {
            for h in &k.claimed {
                let t = world.read::<HexTile>(*h).expect("hex");
                let at = (t.col, t.row);
                out.push(Action::Prepare(at));
                for imp in &s.improvements {
                    out.push(Action::Improve {
                        at,
                        improvement: imp.id.clone(),
                    });
                }
            }
        }
        DecisionKind::Settlements => {
            for h in &k.claimed {
                let t = world.read::<HexTile>(*h).expect("hex");
                let at = (t.col, t.row);
                out.push(Action::Found(at));
                let Some(st) = t.settlement.and_then(|e| world.read::<Settlement>(e)) else {
                    continue;
                };
                out.push(Action::AddDistrict(at));
                // Only placements `check` could accept are listed: while the month's buildings
                // are spent only the free first House is, and a built-on lot takes only an
                // upgrade (the check then filters the rest; the list is the same, found faster).
                let limit = limits(s, limit_size(k));
                let spent = limit.buildings.is_some_and(|most| k.used.buildings >= most);
                for (di, d) in st.districts.iter().enumerate() {
                    for (bi, b) in s.buildings.iter().enumerate() {
                        let free = b.free_first && !k.used.free_house;
                        if spent && !free {
                            continue;
                        }
                        for cell in 0..DISTRICT_CELLS {
                            for wide in [false, true] {
                                let Some(cells) = cells_for(b.lots, cell, wide) else {
                                    continue;
                                };
                                if upgrade_target(s, d, bi, &cells).is_none()
                                    && cells.iter().any(|c| d.at(*c).is_some())
                                {
                                    continue;
                                }
                                out.push(Action::Build {
                                    at,
                                    district: di as u8,
                                    cell,
                                    wide,
                                    building: b.id.clone(),
                                });
                            }
                        }
                    }
                }
            }
        }
        DecisionKind::Armies => {
            for st in &k.settlements {
                let settlement = world.read::<Settlement>(*st).expect("settlement");
                let t = world.read::<HexTile>(settlement.hex).expect("hex");
                out.push(Action::RaiseArmy((t.col, t.row)));
            }
            for i in 0..k.armies.len() as u8 {
                out.extend([
                    Action::ExpandArmy(i),
                    Action::EquipArmy(i),
                    Action::RepairArmy(i),
                ]);
            }
        }
        DecisionKind::Edicts => {
            for e in &s.edicts {
                for level in 0..e.levels.len() as u8 {
                    out.push(Action::SetEdict {
                        edict: e.kind,
                        level,
                    });
                }
            }
        }
        _ => {}
    }
    out
}

fn log(
    world: &mut World,
    kingdom: Entity,
    rule: &'static str,
    text: String,
    amount: Option<i32>,
    subject: Option<Entity>,
) {
    let id = world.read::<Kingdom>(kingdom).expect("kingdom").id.clone();
    let mut note = Note::new(rule, text).realm(id);
    if let Some(a) = amount {
        note = note.amount(a);
    }
    if let Some(e) = subject {
        note = note.subject(sid_of(world, e));
    }
    write(world, note);
}

fn pay(world: &mut World, kingdom: Entity, cost: i32) {
    world.get_mut::<Kingdom>(kingdom).expect("kingdom").treasury -= cost;
}

/// Applies a checked Edict-phase answer.
pub fn perform(world: &mut World, kingdom: Entity, action: Action) {
    let s = world.res::<Content>().0.clone();
    match action {
        Action::Assign {
            role,
            leader,
            focus,
        } => {
            let l = world.read::<Kingdom>(kingdom).expect("kingdom").leaders[usize::from(leader)];
            seat_leader(world, kingdom, l, Some(role));
            set_focus(world, kingdom, role, focus);
            let name = world.read::<Leader>(l).expect("leader").name.clone();
            let role_name = s
                .roles
                .iter()
                .find(|r| r.role == role)
                .map_or(String::new(), |r| r.name.clone());
            log(
                world,
                kingdom,
                ids::EDICT_LEADERSHIP,
                format!("{name} becomes {role_name}"),
                None,
                Some(l),
            );
        }
        Action::Abdicate { role, to, focus } => abdicate(world, kingdom, role, to, focus),
        Action::Swap {
            role,
            with,
            focus,
            with_focus,
        } => swap(world, kingdom, role, with, focus, with_focus),
        Action::RulerFocus(focus) => {
            let added = focus & !world.read::<Kingdom>(kingdom).expect("kingdom").ruler_focus;
            world
                .get_mut::<Kingdom>(kingdom)
                .expect("kingdom")
                .ruler_focus = focus;
            let names: Vec<String> = Attr::ALL
                .iter()
                .filter(|a| added & a.bit() != 0)
                .map(|a| format!("{a:?}"))
                .collect();
            log(
                world,
                kingdom,
                ids::EDICT_LEADERSHIP,
                format!(
                    "The kingdom has grown: the Ruler's bonus now reaches {} too",
                    names.join(" and ")
                ),
                None,
                None,
            );
        }
        Action::Explore(at) => explore(world, kingdom, at),
        Action::Clear { at, army } => clear(world, kingdom, at, army),
        Action::Claim(at) => {
            let (hex, _) = hex_at(world, at).expect("checked");
            pay(world, kingdom, CLAIM_BP);
            let seat = world.read::<Kingdom>(kingdom).expect("kingdom").seat;
            let town = {
                let mut tile = world.get_mut::<HexTile>(hex).expect("hex");
                tile.owner = Some(seat);
                tile.settlement
            };
            {
                let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
                k.claimed.push(hex);
                k.used.claims += 1;
            }
            let mut text = format!(
                "Claims hex {at:?} for {CLAIM_BP} BP: Size {}",
                world
                    .read::<Kingdom>(kingdom)
                    .expect("kingdom")
                    .claimed
                    .len()
            );
            if let Some(st) = town {
                world.get_mut::<Settlement>(st).expect("settlement").owner = Some(seat);
                world
                    .get_mut::<Kingdom>(kingdom)
                    .expect("kingdom")
                    .settlements
                    .push(st);
                text += &format!(
                    "; the free town of {} is annexed",
                    world.read::<Settlement>(st).expect("settlement").name
                );
            }
            log(
                world,
                kingdom,
                ids::EDICT_CLAIM_HEX,
                text,
                Some(-CLAIM_BP),
                Some(hex),
            );
        }
        Action::Abandon(at) => {
            let (hex, tile) = hex_at(world, at).expect("checked");
            let had_settlement = tile.settlement.is_some();
            release_hex(world, kingdom, hex);
            log(
                world,
                kingdom,
                ids::EDICT_ABANDON_HEX,
                format!("Abandons hex {at:?}"),
                None,
                Some(hex),
            );
            let (n, why) = abandon_unrest(had_settlement);
            add_unrest(world, kingdom, n, ids::EDICT_ABANDON_HEX, why);
        }
        Action::Improve { at, improvement } => {
            let i = s
                .improvements
                .iter()
                .position(|d| d.id == improvement)
                .expect("checked");
            let (hex, tile) = hex_at(world, at).expect("checked");
            let cost = improvement_cost(&s, i, tile).expect("checked");
            pay(world, kingdom, cost);
            let replaced = s.improvements[i]
                .upgrade_from
                .as_ref()
                .and_then(|from| s.improvements.iter().position(|d| &d.id == from));
            {
                let mut tile = world.get_mut::<HexTile>(hex).expect("hex");
                tile.improvements.retain(|u| Some(*u) != replaced);
                tile.improvements.push(i);
            }
            world
                .get_mut::<Kingdom>(kingdom)
                .expect("kingdom")
                .used
                .terrain += 1;
            let def = &s.improvements[i];
            let over = replaced.map_or_else(String::new, |r| {
                format!(" over its {}", s.improvements[r].name)
            });
            log(
                world,
                kingdom,
                ids::EDICT_TERRAIN,
                format!("Builds a {}{over} in hex {at:?} for {cost} BP", def.name),
                Some(-cost),
                Some(hex),
            );
            if def.mods.unrest != 0 {
                add_unrest(
                    world,
                    kingdom,
                    def.mods.unrest,
                    ids::EDICT_TERRAIN,
                    &format!("The new {}", def.name),
                );
            }
        }
        Action::Prepare(at) => {
            let (hex, tile) = hex_at(world, at).expect("checked");
            let terrain = &s.terrains[tile.terrain];
            let cost = terrain.preparation.expect("checked");
            let months = terrain.preparation_months;
            pay(world, kingdom, cost);
            world.get_mut::<HexTile>(hex).expect("hex").prepared = Some(months);
            world
                .get_mut::<Kingdom>(kingdom)
                .expect("kingdom")
                .used
                .terrain += 1;
            let when = if months == 0 {
                "ready at once".to_string()
            } else {
                format!("ready in {months} month(s)")
            };
            log(
                world,
                kingdom,
                ids::EDICT_TERRAIN,
                format!("Prepares a settlement site in hex {at:?} for {cost} BP ({when})"),
                Some(-cost),
                Some(hex),
            );
        }
        Action::Found(at) => found(world, kingdom, at),
        Action::AddDistrict(at) => {
            let k = world.read::<Kingdom>(kingdom).expect("kingdom");
            let cost = bp_cost(world, k, &action).expect("checked");
            let (hex, tile) = hex_at(world, at).expect("checked");
            let water = near_water(world, &s, tile);
            let st = tile.settlement.expect("checked");
            pay(world, kingdom, cost);
            world
                .get_mut::<Kingdom>(kingdom)
                .expect("kingdom")
                .used
                .settlements += 1;
            let name = {
                let mut settlement = world.get_mut::<Settlement>(st).expect("settlement");
                settlement.districts.push(District {
                    water,
                    ..Default::default()
                });
                settlement.name.clone()
            };
            log(
                world,
                kingdom,
                ids::EDICT_SETTLEMENT,
                format!("{name} grows a new district for {cost} BP (+1 Command DC)"),
                Some(-cost),
                Some(hex),
            );
        }
        Action::Build {
            at,
            district,
            cell,
            wide,
            building,
        } => build(world, kingdom, at, district, cell, wide, &building),
        Action::RaiseArmy(at) => {
            let (hex, _) = hex_at(world, at).expect("checked");
            let k = world.read::<Kingdom>(kingdom).expect("kingdom");
            let cost = bp_cost(world, k, &action).expect("checked");
            pay(world, kingdom, cost);
            let (seat, n) = {
                let k = world.read::<Kingdom>(kingdom).expect("kingdom");
                (k.seat, k.armies.len() + 1)
            };
            let name = format!("{} Company", ordinal(n));
            let army = spawn_sim(
                world,
                None,
                Army {
                    seat,
                    name: name.clone(),
                    hex,
                    size: 1,
                    hp: 10,
                    equipped: false,
                },
            );
            world
                .get_mut::<Kingdom>(kingdom)
                .expect("kingdom")
                .armies
                .push(army);
            log(
                world,
                kingdom,
                ids::EDICT_ARMY,
                format!("Raises the {name} in hex {at:?} for {cost} BP (Consumption +1)"),
                Some(-cost),
                Some(army),
            );
        }
        Action::ExpandArmy(i) | Action::EquipArmy(i) | Action::RepairArmy(i) => {
            let army = world.read::<Kingdom>(kingdom).expect("kingdom").armies[usize::from(i)];
            let a = world.read::<Army>(army).expect("army").clone();
            let k = world.read::<Kingdom>(kingdom).expect("kingdom");
            let cost = bp_cost(world, k, &action).expect("checked");
            let text = match action {
                Action::ExpandArmy(_) => format!(
                    "expands the {} to size {} (Consumption +1)",
                    a.name,
                    a.size + 1
                ),
                Action::EquipArmy(_) => {
                    format!("equips the {} with better arms (+1 strength)", a.name)
                }
                _ => format!("brings the {} back to full strength", a.name),
            };
            pay(world, kingdom, cost);
            {
                let mut a = world.get_mut::<Army>(army).expect("army");
                match action {
                    Action::ExpandArmy(_) => {
                        a.size += 1;
                        a.hp += 10;
                    }
                    Action::EquipArmy(_) => a.equipped = true,
                    _ => a.hp = a.max_hp(),
                }
            }
            log(
                world,
                kingdom,
                ids::EDICT_ARMY,
                format!("The kingdom {text} for {cost} BP"),
                Some(-cost),
                Some(army),
            );
        }
        Action::SetEdict { edict, level } => {
            let def = s
                .edicts
                .iter()
                .find(|e| e.kind == edict)
                .expect("validated");
            world.get_mut::<Kingdom>(kingdom).expect("kingdom").edicts[edict as usize] = level;
            let l = &def.levels[usize::from(level)];
            let mut what = Vec::new();
            for (n, v) in [
                ("Economy", l.mods.eco),
                ("Loyalty", l.mods.loy),
                ("Stability", l.mods.stab),
                ("Consumption", l.mods.consumption),
            ] {
                if v != 0 {
                    what.push(format!("{n} {v:+}"));
                }
            }
            log(
                world,
                kingdom,
                ids::EDICT_EDICTS,
                format!("{edict:?} set to {} ({})", l.name, what.join(", ")),
                Some(i32::from(level)),
                None,
            );
        }
        Action::Done
        | Action::Enforce
        | Action::LoseHex(_)
        | Action::Withdraw(_)
        | Action::Deposit(_)
        | Action::Sell(_)
        | Action::Hire(_) => {}
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Gives a leader a role (or none), on the leader and in the kingdom's index of roles.
fn seat_leader(world: &mut World, kingdom: Entity, leader: Entity, role: Option<Role>) {
    world.get_mut::<Leader>(leader).expect("leader").role = role;
    let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
    if let Some(i) = k.leaders.iter().position(|l| *l == leader) {
        k.roles[i] = role;
    }
}

/// Unrest for giving up a hex: 1, or 4 with a settlement on it.
pub fn abandon_unrest(had_settlement: bool) -> (i32, &'static str) {
    if had_settlement {
        (4, "Abandoning a hex with a settlement")
    } else {
        (1, "Abandoning a hex")
    }
}

/// Unrest for a leader stepping down: 2 for the Ruler, 1 for any other role.
pub fn abdication_unrest(role: Role) -> i32 {
    if role == Role::Ruler { 2 } else { 1 }
}

/// Whether `bits` name as many attributes as a leader taking the role `def` chooses.
fn focus_fits(
    why: Why,
    rule: &'static str,
    def: &crate::rulesets::kingdom::content::schema::RoleDef,
    bits: u8,
    size: u32,
) -> Result<(), Illegal> {
    let wanted = focus_wanted(def.attribute.is_some(), def.role, size);
    if bits & !7 != 0 || bits.count_ones() != wanted {
        return illegal(why, rule, || {
            format!(
                "{} adds to {wanted} chosen attribute(s); the focus names {}",
                def.name,
                bits.count_ones()
            )
        });
    }
    Ok(())
}

/// How many attributes a leader taking `role` chooses (the `focus` bits): none for a role with
/// a fixed attribute; the Ruler as many as the kingdom's size gives (at most 3); one otherwise.
fn focus_wanted(fixed_attribute: bool, role: Role, size: u32) -> u32 {
    match (fixed_attribute, role) {
        (true, _) => 0,
        (false, Role::Ruler) => ruler_attributes(size).min(3),
        (false, _) => 1,
    }
}

/// How many attributes the seated Ruler's bonus may reach now, when that is more than it has
/// (the kingdom grew past Size 25 or 100 since the Ruler took the seat); `None` otherwise.
pub fn ruler_focus_grows(k: &Kingdom, size: u32) -> Option<u32> {
    holder(k, Role::Ruler)?;
    let most = ruler_attributes(size).min(3);
    (most > k.ruler_focus.count_ones()).then_some(most)
}

/// The attributes chosen for the Ruler's or the Spymaster's seat.
fn set_focus(world: &mut World, kingdom: Entity, role: Role, focus: u8) {
    let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
    match role {
        Role::Ruler => k.ruler_focus = focus,
        Role::Spymaster => k.spymaster_focus = focus,
        _ => {}
    }
}

/// A leader steps down from `role`, to no role or (`to`) to a vacant one. Only a leader who is
/// not the Ruler moving to another role is spared the Unrest and gets +4 on the Loyalty check;
/// the Ruler moving to another seat abdicates as the Ruler does (+2 Unrest, -4).
///
/// The Loyalty check is rolled as the leader announces the step, with the Unrest it adds but
/// before the seat is left: it is the check "to avoid the vacancy penalty", so the role's
/// vacancy is not in it (it applies only if the check fails); the leader changes seats after.
fn abdicate(world: &mut World, kingdom: Entity, role: Role, to: Option<Role>, focus: u8) {
    let leader = holder(world.read::<Kingdom>(kingdom).expect("kingdom"), role).expect("checked");
    let kept = leaving_check(world, kingdom, leader, role, to);
    seat_leader(world, kingdom, leader, to);
    if let Some(to) = to {
        set_focus(world, kingdom, to, focus);
    }
    if !kept {
        vacancy_in_transition(world, kingdom, role);
    }
}

/// Two seated leaders exchange seats: each rolls its check to avoid the vacancy penalty of the
/// seat it leaves (both with the seats as they were), then both move.
fn swap(world: &mut World, kingdom: Entity, role: Role, with: Role, focus: u8, with_focus: u8) {
    let (a, b) = {
        let k = world.read::<Kingdom>(kingdom).expect("kingdom");
        (
            holder(k, role).expect("checked"),
            holder(k, with).expect("checked"),
        )
    };
    let kept_a = leaving_check(world, kingdom, a, role, Some(with));
    let kept_b = leaving_check(world, kingdom, b, with, Some(role));
    seat_leader(world, kingdom, a, Some(with));
    seat_leader(world, kingdom, b, Some(role));
    set_focus(world, kingdom, with, focus);
    set_focus(world, kingdom, role, with_focus);
    for (kept, left) in [(kept_a, role), (kept_b, with)] {
        if !kept {
            vacancy_in_transition(world, kingdom, left);
        }
    }
}

/// A leader leaving `role` (for `to`, or stepping down): the log, the Unrest of an abdication
/// (none for a leader other than the Ruler moving to another role), and the Loyalty check "to
/// avoid the vacancy penalty", rolled with the leader still in its seat. Whether it passed.
fn leaving_check(
    world: &mut World,
    kingdom: Entity,
    leader: Entity,
    role: Role,
    to: Option<Role>,
) -> bool {
    let name = world.read::<Leader>(leader).expect("leader").name.clone();
    let moving = to.filter(|_| role != Role::Ruler);
    if let (Some(to), None) = (to, moving) {
        log(
            world,
            kingdom,
            ids::EDICT_ABDICATE,
            format!("{name} gives up the Ruler's seat to become {to:?}"),
            None,
            Some(leader),
        );
    }
    let (bonus, label) = match moving {
        Some(other) => {
            log(
                world,
                kingdom,
                ids::EDICT_ABDICATE,
                format!(
                    "{name} leaves {role:?} to become {other:?}: no Unrest, +4 on the Loyalty check"
                ),
                None,
                Some(leader),
            );
            (4, "moving between roles")
        }
        None => {
            let unrest = abdication_unrest(role);
            log(
                world,
                kingdom,
                ids::EDICT_ABDICATE,
                format!("{name} steps down as {role:?}"),
                None,
                Some(leader),
            );
            add_unrest(
                world,
                kingdom,
                unrest,
                ids::EDICT_ABDICATE,
                &format!("{name} abdicates"),
            );
            if role == Role::Ruler {
                (-4, "the Ruler abdicates")
            } else {
                (0, "")
            }
        }
    };
    let dc = command_dc(world, kingdom);
    let mut extra = if bonus == 0 {
        Vec::new()
    } else {
        vec![(label.to_string(), bonus)]
    };
    // A leader moving into a vacant seat fills it whatever the roll: that seat's vacancy is
    // not held against the check either (the sheet still counts it vacant until the move). A
    // seat taken in a swap is not vacant.
    let vacant = |to: &Role| {
        world
            .read::<Kingdom>(kingdom)
            .is_some_and(|k| holder(k, *to).is_none())
    };
    if let Some(to) = to.filter(vacant) {
        let filled = world
            .res::<Content>()
            .0
            .roles
            .iter()
            .find(|r| r.role == to)
            .map_or(0, |r| r.vacancy.loy);
        if filled != 0 {
            extra.push((format!("{to:?} no longer vacant"), -filled));
        }
    }
    let roll = kingdom_check(
        world,
        kingdom,
        Attr::Loyalty,
        dc,
        "Command DC",
        &extra,
        "a leader steps down",
    );
    roll.success
}

/// A failed check to avoid the vacancy penalty: the role's penalty holds for 1 turn while the
/// new leader settles in (seed: "the vacancy penalty applies for 1 turn"), from now until the
/// next month's Edict phase, its Upkeep included.
fn vacancy_in_transition(world: &mut World, kingdom: Entity, role: Role) {
    world
        .get_mut::<Kingdom>(kingdom)
        .expect("kingdom")
        .transition
        .push(role);
    log(
        world,
        kingdom,
        ids::EDICT_VACANCY,
        format!(
            "The Loyalty check failed: the {role:?} vacancy penalty applies for 1 turn (until the next Edict phase) while a new leader settles in"
        ),
        None,
        None,
    );
}

fn explore(world: &mut World, kingdom: Entity, at: At) {
    let s = world.res::<Content>().0.clone();
    let (hex, _) = hex_at(world, at).expect("checked");
    let seat = world.read::<Kingdom>(kingdom).expect("kingdom").seat;
    mark_explored(world, hex, seat);
    // What the hex holds was hidden until now: undo cannot take the look back, and a preview
    // cannot show it before.
    world.res_mut::<crate::engine::rng::GameRng>().show();
    let (terrain, river, resource, lair, ruin) = {
        let mut tile = world.get_mut::<HexTile>(hex).expect("hex");
        (
            tile.terrain,
            tile.river,
            tile.resource.clone(),
            tile.lair.clone(),
            tile.ruin.take(),
        )
    };
    world
        .get_mut::<Kingdom>(kingdom)
        .expect("kingdom")
        .used
        .explored += 1;
    let mut text = format!(
        "The leaders explore hex {at:?}: {}",
        s.terrains[terrain].name
    );
    if river {
        text += ", a river";
    }
    if let Some(r) = resource {
        text += &format!(", {r}");
    }
    if let Some(l) = lair {
        text += &format!(
            ", and {} (DC {}) that must be cleared before a claim",
            l.name, l.dc
        );
    }
    if let Some(r) = ruin {
        let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
        k.purse_gp += r.gp;
        if r.item_gp > 0 {
            k.items.push(r.item_gp);
        }
        text += &format!("; in {} they find {} gp", r.name, r.gp);
        if r.item_gp > 0 {
            text += &format!(" and an item worth {} gp", r.item_gp);
        }
    }
    log(world, kingdom, ids::HOUSE_EXPLORE, text, None, Some(hex));
}

fn clear(world: &mut World, kingdom: Entity, at: At, army: Option<u8>) {
    let (hex, tile) = hex_at(world, at).expect("checked");
    let lair = tile.lair.clone().expect("checked");
    let k = world.read::<Kingdom>(kingdom).expect("kingdom").clone();
    let general = holder(&k, Role::General)
        .and_then(|l| world.read::<Leader>(l))
        .map_or(0, |l| {
            ability_modifier(l.abilities[0]).max(ability_modifier(l.abilities[5]))
        });
    let unit = army.map(|i| k.armies[usize::from(i)]);
    let strength = unit
        .and_then(|a| world.read::<Army>(a))
        .map_or(0, |a| 2 * a.strength());
    world
        .get_mut::<Kingdom>(kingdom)
        .expect("kingdom")
        .used
        .expeditions += 1;
    let natural = d20(world);
    let total = natural + general + strength;
    let success = natural != 1 && (natural == 20 || total >= lair.dc);
    let mut text = format!(
        "Expedition against {} in hex {at:?}: d20 {natural} + General {general} + army {strength} = {total} against DC {}",
        lair.name, lair.dc
    );
    if success {
        world.get_mut::<HexTile>(hex).expect("hex").lair = None;
        world.get_mut::<Kingdom>(kingdom).expect("kingdom").purse_gp += lair.loot_gp;
        text += &format!(": cleared, {} gp of loot", lair.loot_gp);
    } else if let Some(a) = unit {
        let loss = (world.res_mut::<GameRng>().below(6) as i32 + 1) * 2;
        let left = {
            let mut army = world.get_mut::<Army>(a).expect("army");
            army.hp -= loss;
            army.hp
        };
        text += &format!(": beaten back, the army loses {loss} hit points");
        if left <= 0 {
            world
                .get_mut::<Kingdom>(kingdom)
                .expect("kingdom")
                .armies
                .retain(|e| *e != a);
            world.despawn(a);
            text += " and is destroyed";
        }
    } else {
        text += ": beaten back";
    }
    log(
        world,
        kingdom,
        ids::HOUSE_CLEAR,
        text,
        Some(total),
        Some(hex),
    );
}

fn found(world: &mut World, kingdom: Entity, at: At) {
    let s = world.res::<Content>().0.clone();
    let (hex, tile) = hex_at(world, at).expect("checked");
    let water = near_water(world, &s, tile);
    let count: usize = world.query::<&Settlement>().iter(world).count();
    let name = s.settlement_names[count % s.settlement_names.len()].clone();
    let seat = world.read::<Kingdom>(kingdom).expect("kingdom").seat;
    let st = spawn_sim(
        world,
        None,
        Settlement {
            name: name.clone(),
            hex,
            owner: Some(seat),
            districts: vec![District {
                water,
                ..Default::default()
            }],
            discount: 0,
        },
    );
    world.get_mut::<HexTile>(hex).expect("hex").settlement = Some(st);
    {
        let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
        k.settlements.push(st);
        k.used.settlements += 1;
    }
    let edge = if water { ", with a water border" } else { "" };
    log(
        world,
        kingdom,
        ids::EDICT_SETTLEMENT,
        format!("Founds {name} in hex {at:?}: one district of 9 blocks{edge} (+1 Command DC)"),
        None,
        Some(st),
    );
}

fn build(
    world: &mut World,
    kingdom: Entity,
    at: At,
    district: u8,
    cell: u8,
    wide: bool,
    building: &str,
) {
    let s = world.res::<Content>().0.clone();
    let b = building_index(&s, building).expect("checked");
    let def = &s.buildings[b];
    let (_, tile) = hex_at(world, at).expect("checked");
    let st = tile.settlement.expect("checked");
    let cells = cells_for(def.lots, cell, wide).expect("checked");
    let mut settlement = world.read::<Settlement>(st).expect("settlement").clone();
    let cost = building_cost(
        &s,
        &settlement,
        &settlement.districts[usize::from(district)],
        b,
        &cells,
    );
    let d = &mut settlement.districts[usize::from(district)];
    let upgraded = upgrade_target(&s, d, b, &cells).map(|i| d.placed.remove(i));
    d.ruined.retain(|(c, _)| !cells.contains(c));
    let mut slots = Vec::new();
    for (tier, n) in [def.items.minor, def.items.medium, def.items.major]
        .into_iter()
        .enumerate()
    {
        for _ in 0..n {
            slots.push((tier as u8, false));
        }
    }
    d.placed.push(Placed {
        building: b,
        cells: cells.to_vec(),
        slots,
    });
    settlement.discount = 0;
    let name = settlement.name.clone();
    *world.get_mut::<Settlement>(st).expect("settlement") = settlement;
    pay(world, kingdom, cost);
    let free = {
        let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
        let free = def.free_first && !k.used.free_house;
        if free {
            k.used.free_house = true;
        } else {
            k.used.buildings += 1;
        }
        free
    };
    let mut what = Vec::new();
    for (n, v) in [
        ("Economy", def.mods.eco),
        ("Loyalty", def.mods.loy),
        ("Stability", def.mods.stab),
        ("Defense", def.mods.defense),
    ] {
        if v != 0 {
            what.push(format!("{n} {v:+}"));
        }
    }
    let mut text = format!(
        "Builds a {} in {name} (district {district}, lot {cell}) for {cost} BP",
        def.name
    );
    if let Some(old) = upgraded {
        text += &format!(", upgrading its {}", s.buildings[old.building].name);
    }
    if !what.is_empty() {
        text += &format!(": {}", what.join(", "));
    }
    if free {
        text += "; the month's first House, Mansion, Noble Villa or Tenement is free of the limit";
    }
    log(
        world,
        kingdom,
        ids::EDICT_BUILDING,
        text,
        Some(-cost),
        Some(st),
    );
    if def.mods.unrest != 0 {
        add_unrest(
            world,
            kingdom,
            def.mods.unrest,
            ids::EDICT_BUILDING,
            &format!("The new {}", def.name),
        );
    }
}
