//! Spawns a Kingdom scenario into a World: one entity per hex, kingdom and leader, in a fixed
//! order so that stable ids match across runs.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::engine::state::spawn_sim;
use crate::rulesets::kingdom::content::Scenario;
use crate::rulesets::kingdom::content::schema::{Attr, FeatureKind};
use crate::rulesets::kingdom::model::{
    Board, HexTile, Kingdom, Lair, Leader, Ruin, Seats, Used, mark_explored,
};

/// Axial coordinates of a map position (pointy hexes, odd rows shifted right).
pub fn axial(col: i32, row: i32) -> hexx::Hex {
    hexx::Hex::from_offset_coordinates(
        [col, row],
        hexx::OffsetHexMode::Odd,
        hexx::HexOrientation::Pointy,
    )
}

/// The map position of axial coordinates.
pub fn offset(hex: hexx::Hex) -> (i32, i32) {
    let [c, r] = hex.to_offset_coordinates(hexx::OffsetHexMode::Odd, hexx::HexOrientation::Pointy);
    (c, r)
}

pub fn spawn_scenario(world: &mut World, s: &Scenario, players: &[String]) {
    let mut board = Board {
        width: s.map.width as i32,
        height: s.map.height as i32,
        hexes: Vec::with_capacity((s.map.width * s.map.height) as usize),
        lairs: Vec::new(),
        explored: Vec::new(),
    };
    for (r, row) in s.map.rows.iter().enumerate() {
        for (c, code) in row.chars().enumerate() {
            let (col, row_i) = (c as i32, r as i32);
            let terrain = s.terrains.iter().position(|t| t.code == code).unwrap_or(0);
            let mut tile = HexTile {
                col,
                row: row_i,
                hex: axial(col, row_i),
                terrain,
                river: s.map.rivers.contains(&(col, row_i)),
                resource: None,
                lair: None,
                ruin: None,
                explored: 0,
                owner: None,
                improvements: Vec::new(),
                prepared: None,
                settlement: None,
            };
            if let Some(f) = s.map.features.iter().find(|f| f.at == (col, row_i)) {
                match &f.kind {
                    FeatureKind::Resource(name) => tile.resource = Some(name.clone()),
                    FeatureKind::Lair { name, dc, loot_gp } => {
                        tile.lair = Some(Lair {
                            name: name.clone(),
                            dc: *dc,
                            loot_gp: *loot_gp,
                        });
                    }
                    FeatureKind::Ruin { name, gp, item_gp } => {
                        tile.ruin = Some(Ruin {
                            name: name.clone(),
                            gp: *gp,
                            item_gp: *item_gp,
                        });
                    }
                }
            }
            let key = format!("hex:{col},{row_i}");
            let has_lair = tile.lair.is_some();
            let hex = spawn_sim(world, Some(&key), tile);
            board.hexes.push(hex);
            if has_lair {
                board.lairs.push(hex);
            }
        }
    }
    board.explored = vec![0; board.hexes.len()];
    world.insert_resource(board);
    let mut seats = Vec::new();
    for (seat, id) in players.iter().enumerate() {
        let Some(def) = s.kingdoms.iter().find(|k| &k.id == id) else {
            continue;
        };
        let kingdom = spawn_sim(
            world,
            Some(&def.id),
            Kingdom {
                seat: seat as u8,
                id: def.id.clone(),
                name: def.name.clone(),
                alignment: def.alignment,
                treasury: def.treasury,
                unrest: 0,
                purse_gp: def.purse_gp,
                items: Vec::new(),
                leaders: Vec::new(),
                roles: Vec::new(),
                edicts: [1, 1, 2],
                claimed: Vec::new(),
                settlements: Vec::new(),
                armies: Vec::new(),
                anarchy: false,
                // The founding month has no Event phase before it, so none "in which no event
                // occurred": its chance is the plain 25% (seed 004, Event Phase step 1).
                event_last_month: true,
                temp: Vec::new(),
                transition: Vec::new(),
                enforcer_penalty: false,
                used: Used::default(),
                withdrawn: 0,
                ruler_focus: Attr::Economy.bit(),
                spymaster_focus: Attr::Stability.bit(),
            },
        );
        let mut leaders = Vec::new();
        for l in &def.leaders {
            leaders.push(spawn_sim(
                world,
                None,
                Leader {
                    kingdom,
                    name: l.name.clone(),
                    abilities: [l.str, l.dex, l.con, l.int, l.wis, l.cha],
                    role: l.role,
                },
            ));
        }
        let mut k = world.get_mut::<Kingdom>(kingdom).expect("just spawned");
        k.roles = def.leaders.iter().map(|l| l.role).collect();
        k.leaders = leaders;
        if let Some(start) = world.res::<Board>().at(def.start.0, def.start.1) {
            mark_explored(world, start, seat as u8);
        }
        seats.push(kingdom);
    }
    world.insert_resource(Seats(seats));
}
