//! Kingdom's part of the state hash (the whole state, by stable ids) and the per-seat view:
//! what a kingdom's leaders know of hexes they have not explored is only that they are there.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::decision::Pending;
use crate::engine::flow::{Flow, StepProgress};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::engine::state::sid_of;
use crate::rulesets::kingdom::decision::Decision;
use crate::rulesets::kingdom::model::{
    Army, Board, HexTile, Kingdom, Leader, Outcome, Seats, Settlement,
};
use crate::rulesets::kingdom::rules::event::EventQueue;
use crate::rulesets::kingdom::rules::sheet::{Sheet, sheet};

#[derive(Serialize, Clone, Debug)]
pub struct KingdomState {
    pub sid: u32,
    #[serde(flatten)]
    pub kingdom: Kingdom,
    /// The figures of the kingdom sheet, each with the modifiers behind it.
    pub sheet: Sheet,
    pub leaders: Vec<Leader>,
    /// Stable ids of claimed hexes (in claim order), settlements and army units.
    pub claimed: Vec<u32>,
    pub settlements: Vec<u32>,
    pub armies: Vec<u32>,
}

#[derive(Serialize, Clone, Debug)]
pub struct HexState {
    pub sid: u32,
    #[serde(flatten)]
    pub tile: HexTile,
    pub settlement: Option<u32>,
}

#[derive(Serialize, Clone, Debug)]
pub struct SettlementState {
    pub sid: u32,
    pub hex: u32,
    #[serde(flatten)]
    pub settlement: Settlement,
}

#[derive(Serialize, Clone, Debug)]
pub struct ArmyState {
    pub sid: u32,
    pub hex: u32,
    #[serde(flatten)]
    pub army: Army,
}

/// The whole state of a Kingdom game.
#[derive(Serialize, Clone, Debug)]
pub struct Snapshot {
    pub flow: Flow,
    pub progress: StepProgress,
    /// The RNG's seed and position (`None` in a seat's view).
    pub rng: Option<(u64, u128)>,
    pub pending: Option<Decision>,
    pub kingdoms: Vec<KingdomState>,
    pub hexes: Vec<HexState>,
    pub settlements: Vec<SettlementState>,
    pub armies: Vec<ArmyState>,
    pub events: EventQueue,
    pub outcome: Option<Outcome>,
}

pub fn snapshot(world: &World) -> Snapshot {
    let rng = world.res::<GameRng>();
    let kingdoms = world
        .res::<Seats>()
        .0
        .iter()
        .map(|k| {
            let kingdom = world.read::<Kingdom>(*k).expect("kingdom").clone();
            KingdomState {
                sid: sid_of(world, *k),
                sheet: sheet(world, *k),
                leaders: kingdom
                    .leaders
                    .iter()
                    .filter_map(|l| world.read::<Leader>(*l).cloned())
                    .collect(),
                claimed: kingdom.claimed.iter().map(|e| sid_of(world, *e)).collect(),
                settlements: kingdom
                    .settlements
                    .iter()
                    .map(|e| sid_of(world, *e))
                    .collect(),
                armies: kingdom.armies.iter().map(|e| sid_of(world, *e)).collect(),
                kingdom,
            }
        })
        .collect();
    let hexes = world
        .res::<Board>()
        .hexes
        .iter()
        .map(|h| {
            let tile = world.read::<HexTile>(*h).expect("hex").clone();
            HexState {
                sid: sid_of(world, *h),
                settlement: tile.settlement.map(|s| sid_of(world, s)),
                tile,
            }
        })
        .collect();
    let mut settlements: Vec<SettlementState> = Vec::new();
    let mut armies: Vec<ArmyState> = Vec::new();
    let mut all: Vec<(u32, Entity)> = world
        .iter_entities()
        .filter(|e| e.contains::<Settlement>() || e.contains::<Army>())
        .map(|e| (sid_of(world, e.id()), e.id()))
        .collect();
    all.sort_unstable();
    for (sid, e) in all {
        if let Some(s) = world.read::<Settlement>(e) {
            settlements.push(SettlementState {
                sid,
                hex: sid_of(world, s.hex),
                settlement: s.clone(),
            });
        }
        if let Some(a) = world.read::<Army>(e) {
            armies.push(ArmyState {
                sid,
                hex: sid_of(world, a.hex),
                army: a.clone(),
            });
        }
    }
    Snapshot {
        flow: world.res::<Flow>().clone(),
        progress: world.res::<StepProgress>().clone(),
        rng: Some((rng.seed(), rng.position())),
        pending: world.res::<Pending<Decision>>().0.clone(),
        kingdoms,
        hexes,
        settlements,
        armies,
        events: world.res::<EventQueue>().clone(),
        outcome: world.get_res::<Outcome>().cloned(),
    }
}

/// What `seat` may see: everything public, and of the map only the hexes its leaders have
/// explored or claimed (others show as unexplored: no terrain, no features). A spectator sees
/// what any kingdom has explored.
pub fn view(world: &World, seat: Option<&str>) -> Snapshot {
    let mut snap = snapshot(world);
    snap.rng = None;
    let mask = match seat {
        Some(id) => snap
            .kingdoms
            .iter()
            .find(|k| k.kingdom.id == id)
            .map_or(0, |k| 1u8 << k.kingdom.seat),
        None => u8::MAX,
    };
    for h in &mut snap.hexes {
        let own = seat.is_some_and(|id| {
            snap.kingdoms
                .iter()
                .any(|k| k.kingdom.id == id && h.tile.owner == Some(k.kingdom.seat))
        });
        if h.tile.explored & mask == 0 && !own {
            h.tile.resource = None;
            h.tile.lair = None;
            h.tile.ruin = None;
            h.tile.river = false;
            // Terrain 0 stands for "unknown" in a view: the flag says so.
            h.tile.terrain = usize::MAX;
        }
    }
    snap
}
