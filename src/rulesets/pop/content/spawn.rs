//! Spawns a validated scenario into a World: one entity per area, sea zone, province, realm,
//! token and character, linked by the relations of `sim::model`.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{CharacterKind, Holding, RealmKind, Scenario};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::state::{Index, Seats, spawn_sim};

/// Spawns everything. The scenario must have passed `validate`; unresolved ids are skipped.
/// `players` are the Player Realms in play, in seat order.
pub fn spawn_scenario(world: &mut World, scenario: &Scenario, players: &[String]) {
    let map = &scenario.map;
    for area in &map.areas {
        spawn_sim(
            world,
            Some(&area.id),
            (
                Title(area.name.clone()),
                Area {
                    continent: area.continent,
                    distant: area.distant,
                    religion: area.religion,
                    revolution: false,
                },
            ),
        );
    }
    for sea in &map.sea_zones {
        spawn_sim(
            world,
            Some(&sea.id),
            (
                Title(sea.name.clone()),
                SeaZone {
                    galleys: sea.galleys,
                    distant: sea.distant,
                },
            ),
        );
    }
    for realm in &scenario.realms {
        let playing = realm.kind == RealmKind::Player && players.iter().any(|p| realm.id == *p);
        let e = spawn_sim(
            world,
            Some(&realm.id),
            (
                Title(realm.name.clone()),
                Realm {
                    religion: realm.religion,
                    colour: realm.colour,
                },
            ),
        );
        if playing {
            let seat = players.iter().position(|p| p == &realm.id).unwrap_or(0) as u8;
            let mut discovered = vec![Id::new("europe")];
            discovered.extend(realm.discovered.iter().cloned());
            world.entity_mut(e).insert((
                PlayerRealm { seat },
                Mat {
                    ducats: scenario.options.starting_ducats,
                    mp: [scenario.options.starting_mp; 3],
                    stability: realm.stability,
                    prestige: realm.prestige,
                    ..Default::default()
                },
                RoundMarkers::default(),
                Discovered(discovered),
            ));
        } else {
            world.entity_mut(e).insert(NonPlayerRealm {
                dynamic: realm.dynamic,
            });
        }
    }
    let lookup = |world: &World, key: &str| world.res::<Index>().get(key);

    for area in &map.areas {
        let Some(e) = lookup(world, &area.id) else {
            continue;
        };
        let borders = area
            .neighbours
            .iter()
            .filter_map(|b| lookup(world, &b.area).map(|n| (n, b.mountain)))
            .collect();
        let coasts = area.seas.iter().filter_map(|s| lookup(world, s)).collect();
        world
            .entity_mut(e)
            .insert((LandBorders(borders), Coasts(coasts)));
    }
    for sea in &map.sea_zones {
        let Some(e) = lookup(world, &sea.id) else {
            continue;
        };
        let neighbours = sea
            .neighbours
            .iter()
            .filter_map(|s| lookup(world, s))
            .collect();
        world.entity_mut(e).insert(SeaNeighbours(neighbours));
    }
    for province in &map.provinces {
        let Some(area) = lookup(world, &province.area) else {
            continue;
        };
        let port = province.port.as_deref().and_then(|s| lookup(world, s));
        let cores = province
            .cores
            .iter()
            .filter_map(|r| lookup(world, r))
            .collect();
        let e = spawn_sim(
            world,
            Some(&province.id),
            (
                Title(province.name.clone()),
                Province {
                    size: province.size,
                    terrain: province.terrain,
                    religion: province.religion,
                    port,
                    large_port: province.large_port,
                    island: province.island,
                },
                InArea(area),
                PrintedCores(cores),
            ),
        );
        let Some(owner) = province.owner.as_deref().and_then(|r| lookup(world, r)) else {
            continue;
        };
        world
            .entity_mut(e)
            .insert((OwnedBy(owner), ControlledBy(owner)));
        // Player Realms show their presence with tokens; NPR provinces are printed on the board.
        if world.read::<PlayerRealm>(owner).is_some() {
            match province.holding {
                Holding::Town => crate::rulesets::pop::rules::towns::place_town(world, owner, e),
                Holding::Vassal => {
                    spawn_sim(world, None, (Vassal, TokenOf(owner), OnProvince(e)));
                }
                Holding::None => {}
            }
        }
    }
    for realm in &scenario.realms {
        let (Some(e), Some(capital)) = (lookup(world, &realm.id), lookup(world, &realm.capital))
        else {
            continue;
        };
        world.entity_mut(e).insert(Capital(capital));
        world.entity_mut(capital).insert(IsCapital);
    }
    // Characters: those a realm starts with serve it; the rest wait in the decks and events.
    for character in &scenario.characters {
        let e = spawn_sim(
            world,
            Some(&character.id),
            (
                Title(character.name.clone()),
                Character {
                    kind: character.kind,
                    skills: [character.skills.0, character.skills.1, character.skills.2],
                    dice: character.dice,
                    cost: character.cost,
                    mortality: character.mortality,
                },
                IllHealth(0),
            ),
        );
        let _ = e;
    }
    for realm in &scenario.realms {
        let Some(r) = lookup(world, &realm.id) else {
            continue;
        };
        if let Some(ruler) = realm.ruler.as_deref().and_then(|c| lookup(world, c)) {
            let ill = scenario
                .characters
                .iter()
                .any(|c| Some(c.id.as_str()) == realm.ruler.as_deref() && c.ill);
            world
                .entity_mut(ruler)
                .insert((Serves(r), Role::Ruler, IllHealth(u8::from(ill))));
        } else if world.read::<PlayerRealm>(r).is_some() {
            world.entity_mut(r).insert(Interregnum);
        }
        for advisor in &realm.advisors {
            let Some(a) = lookup(world, advisor) else {
                continue;
            };
            if let Some(CharacterKind::Advisor(kind)) = world.read::<Character>(a).map(|c| c.kind) {
                world.entity_mut(a).insert((Serves(r), Role::Advisor(kind)));
            }
        }
    }
    // Starting manpower is what the tracks show once the scenario's towns are on the map.
    for player in players {
        if let Some(realm) = lookup(world, player) {
            let shown = crate::rulesets::pop::rules::towns::tracks(world, realm).manpower;
            if let Some(mut mat) = world.get_mut::<Mat>(realm) {
                mat.manpower = shown;
            }
        }
    }
    let mut seats: Vec<(u8, Entity)> = players
        .iter()
        .filter_map(|p| lookup(world, p))
        .filter_map(|e| world.read::<PlayerRealm>(e).map(|pr| (pr.seat, e)))
        .collect();
    seats.sort();
    world.insert_resource(Seats(seats.into_iter().map(|(_, e)| e).collect()));
}
