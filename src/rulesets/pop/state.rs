//! Price of Power's game-wide resources: the scenario, the seats and the First Player. The
//! engine's id index, stable ids and game setup are re-exported here for the rules' use.

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::game::GameError;
use crate::engine::reads::Reads;
pub use crate::engine::state::{GameSetup, Index, key_of, sid_of, sort_dedup_by_sid, spawn_sim};
use crate::rulesets::pop::content::schema::{RealmKind, Scenario};

/// The scenario the game was built from (read-only during play).
#[derive(Resource, Clone)]
pub struct Content(pub Arc<Scenario>);

/// The Player Realms in play, clockwise.
#[derive(Resource, Default, Clone, Debug)]
pub struct Seats(pub Vec<Entity>);

/// Holder of the First Player token.
#[derive(Resource, Clone, Copy, Debug)]
pub struct FirstPlayer(pub Entity);

/// The Player Realms in clockwise order starting with the First Player.
pub fn turn_order(world: &World) -> Vec<Entity> {
    let seats = &world.res::<Seats>().0;
    let start = world
        .get_res::<FirstPlayer>()
        .and_then(|f| seats.iter().position(|s| *s == f.0))
        .unwrap_or(0);
    // The seats from the first player to the end, then those before (no division per seat:
    // asked at every step that visits the realms in turn).
    let (before, from) = seats.split_at(start);
    from.iter().chain(before).copied().collect()
}

/// The Player Realms seated by `setup` (all of the scenario's when it names none), checked.
pub fn resolve_players(scenario: &Scenario, setup: &GameSetup) -> Result<Vec<String>, GameError> {
    let playable: Vec<&str> = scenario
        .realms
        .iter()
        .filter(|r| r.kind == RealmKind::Player)
        .map(|r| r.id.as_str())
        .collect();
    crate::engine::state::resolve_seats(&playable, setup)
}
