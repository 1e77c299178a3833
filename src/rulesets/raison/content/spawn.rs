//! Spawns a Raison d'Etat scenario into a World: Territories, Powers and Generals as entities,
//! the map's fixed facts as `MapIndex`, the seats, and the shared table.

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::state::spawn_sim;
use crate::rulesets::raison::content::schema::{Scenario, TerritoryKind};
use crate::rulesets::raison::model::{
    Army, General, Hold, Kind, MapIndex, P, Power, Purse, Seats, Stands, T, Table, Territory,
};

/// Spawns the board, the Powers and their pieces. `players` are the seated Majors, in seat
/// order; a Major left without a seat plays as a Minor Power (`docs/raison.md`).
pub fn spawn_scenario(world: &mut World, s: &Arc<Scenario>, players: &[String]) {
    let territory = |id: &str| -> T {
        s.territories
            .iter()
            .position(|t| t.id == id)
            .expect("validated territory") as T
    };
    let power = |id: &str| -> P {
        s.powers
            .iter()
            .position(|p| p.id == id)
            .expect("validated power") as P
    };
    let mut map = MapIndex {
        territory_ids: s.territories.iter().map(|t| t.id.clone()).collect(),
        territory_names: s.territories.iter().map(|t| t.name.clone()).collect(),
        general_names: s
            .powers
            .iter()
            .flat_map(|p| &p.generals)
            .map(|g| g.name.clone())
            .collect(),
        kinds: s
            .territories
            .iter()
            .map(|t| match &t.kind {
                TerritoryKind::Home(p) => Kind::Home(power(p)),
                TerritoryKind::Undisputed => Kind::Undisputed,
                TerritoryKind::Disputed(ps) => {
                    Kind::Disputed(ps.iter().map(|p| power(p)).collect())
                }
            })
            .collect(),
        values: s.territories.iter().map(|t| t.value).collect(),
        electors: s.territories.iter().map(|t| t.elector).collect(),
        borders: vec![Vec::new(); s.territories.len()],
        lanes: s
            .sea_lanes
            .iter()
            .map(|l| (territory(&l.ends.0), territory(&l.ends.1)))
            .collect(),
        lanes_at: vec![Vec::new(); s.territories.len()],
        power_ids: s.powers.iter().map(|p| p.id.clone()).collect(),
        capitals: s.powers.iter().map(|p| territory(&p.capital)).collect(),
        general_ids: Vec::new(),
        territories: Vec::new(),
        powers: Vec::new(),
        generals: Vec::new(),
        generals_of: vec![Vec::new(); s.powers.len()],
        general_owner: Vec::new(),
        territory_by_id: Default::default(),
        power_by_id: Default::default(),
        general_by_id: Default::default(),
    };
    for (i, t) in s.territories.iter().enumerate() {
        for a in &t.adjacent {
            let j = territory(a) as usize;
            map.borders[i].push(j as T);
            map.borders[j].push(i as T);
        }
    }
    for b in &mut map.borders {
        b.sort_unstable();
        b.dedup();
    }
    for (l, (a, b)) in map.lanes.iter().enumerate() {
        map.lanes_at[*a as usize].push(l as u16);
        map.lanes_at[*b as usize].push(l as u16);
    }

    for (i, t) in s.territories.iter().enumerate() {
        let garrison = s
            .powers
            .iter()
            .position(|p| p.garrisons.contains(&t.id))
            .map(|p| p as P);
        let fortress = s.powers.iter().any(|p| p.fortresses.contains(&t.id));
        let e = spawn_sim(
            world,
            Some(&t.id),
            (Territory { index: i as T }, Hold { garrison, fortress }),
        );
        map.territories.push(e);
    }
    let seats: Vec<P> = players.iter().map(|p| power(p)).collect();
    for (i, p) in s.powers.iter().enumerate() {
        let seated = p.major && seats.contains(&(i as P));
        let e = spawn_sim(
            world,
            Some(&p.id),
            (
                Power { index: i as P },
                Purse {
                    money: p.money,
                    morale: p.morale,
                    influence: p.influence,
                    hand: Vec::new(),
                    status: p.status,
                    controller: if seated {
                        Some(i as P)
                    } else {
                        p.controller
                            .as_deref()
                            .map(power)
                            .filter(|c| seats.contains(c))
                    },
                    major: seated,
                },
            ),
        );
        map.powers.push(e);
    }
    for (i, p) in s.powers.iter().enumerate() {
        for g in &p.generals {
            let index = map.generals.len() as u16;
            let e = spawn_sim(
                world,
                Some(&g.id),
                (
                    General {
                        index,
                        power: i as P,
                    },
                    Army {
                        at: g.at.as_deref().map(territory),
                        units: g.units,
                    },
                ),
            );
            map.generals.push(e);
            map.general_ids.push(g.id.clone());
            map.generals_of[i].push(index);
            map.general_owner.push(i as P);
        }
    }
    // The crown stays with a Major that plays; an unseated Major plays as a Minor and cannot
    // hold it, so the first election fills it.
    let emperor = s
        .powers
        .iter()
        .position(|p| p.emperor)
        .map(|p| p as P)
        .filter(|p| seats.contains(p));
    map.territory_by_id = (map.territory_ids.iter().cloned()).zip(0..).collect();
    map.power_by_id = (map.power_ids.iter().cloned()).zip(0..).collect();
    map.general_by_id = (map.general_ids.iter().cloned()).zip(0..).collect();
    let mut stands = vec![Vec::new(); s.territories.len()];
    for (i, g) in s.powers.iter().flat_map(|p| &p.generals).enumerate() {
        if let Some(t) = &g.at {
            stands[territory(t) as usize].push(i as u16);
        }
    }
    world.insert_resource(Stands(stands));
    world.insert_resource(map);
    world.insert_resource(Seats(seats));
    crate::rulesets::raison::model::refresh_relations(world);
    world.insert_resource(Table {
        round: 0,
        turn: 0,
        emperor,
        deck: Vec::new(),
        discard: Vec::new(),
    });
}
