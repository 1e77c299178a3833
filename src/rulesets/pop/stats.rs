//! Each Player Realm's figures Round by Round (19): treasury, prestige, stability, monarch
//! power, provinces and land units, for the Stats panel's charts. The series come from the game
//! itself: its actions are replayed from the start and the figures are read at the start of
//! every Round, so a loaded save has its whole history too.

use bevy::prelude::*;

use crate::rulesets::pop::Game;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::model::{Mat, Owns, Unit, UnitKind};
use crate::rulesets::pop::state::{Seats, key_of};

/// One realm's figures at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    pub ducats: i32,
    pub prestige: i32,
    pub stability: i32,
    /// Monarch power of all three types together.
    pub monarch_power: i32,
    pub provinces: i32,
    /// Land units on the board, allied units included.
    pub land_units: i32,
}

/// Reads one figure.
pub type Reading = fn(&Figures) -> i32;

/// The figures the panel can chart, with their names.
pub const FIGURES: &[(&str, Reading)] = &[
    ("Prestige", |f| f.prestige),
    ("Ducats", |f| f.ducats),
    ("Stability", |f| f.stability),
    ("Monarch power", |f| f.monarch_power),
    ("Provinces", |f| f.provinces),
    ("Land units", |f| f.land_units),
];

/// Every Player Realm's figures at one moment: the start of a Round, or now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// "I.1" for Age I, Round 1; "now" for the last sample.
    pub label: String,
    pub realms: Vec<(String, Figures)>,
}

/// A realm's figures as they stand.
pub fn figures(world: &World, realm: Entity) -> Figures {
    let mat = world.get::<Mat>(realm).cloned().unwrap_or_default();
    let land_units = crate::rulesets::pop::rules::military::units_of(world, realm)
        .into_iter()
        .filter(|u| {
            world.get::<Unit>(*u).is_some_and(|u| {
                !matches!(
                    u.kind,
                    UnitKind::LightShip | UnitKind::HeavyShip | UnitKind::Galley
                )
            })
        })
        .count() as i32;
    Figures {
        ducats: mat.ducats,
        prestige: mat.prestige,
        stability: mat.stability,
        monarch_power: MpKind::ALL.iter().map(|k| mat.mp(*k)).sum(),
        provinces: world
            .get::<Owns>(realm)
            .map_or(0, |o| o.iter().count() as i32),
        land_units,
    }
}

fn sample(game: &Game, label: String) -> Sample {
    let world = game.world();
    let realms = world
        .get_resource::<Seats>()
        .map(|s| {
            s.0.iter()
                .map(|r| (key_of(world, *r), figures(world, *r)))
                .collect()
        })
        .unwrap_or_default();
    Sample { label, realms }
}

fn roman(age: u8) -> &'static str {
    ["I", "II", "III", "IV"]
        .get(usize::from(age.saturating_sub(1)))
        .copied()
        .unwrap_or("?")
}

/// The figures at the start of every Round the game has played, then as they stand now: the
/// game is replayed from its scenario, setup, seed and actions.
pub fn by_round(game: &Game) -> Result<Vec<Sample>, String> {
    let mut replay = Game::new(
        game.base_scenario().clone(),
        game.setup().clone(),
        game.seed(),
    )
    .map_err(|e| e.to_string())?;
    let mut samples = Vec::new();
    let mut round = 0;
    let take = |replay: &Game, samples: &mut Vec<Sample>, round: &mut u32| {
        let flow = replay.flow();
        if flow.round != *round {
            *round = flow.round;
            samples.push(sample(
                replay,
                format!("{}.{}", roman(flow.age), flow.round_in_age),
            ));
        }
    };
    take(&replay, &mut samples, &mut round);
    for action in game.history() {
        replay
            .apply(action.clone())
            .map_err(|e| format!("the game does not replay: {e}"))?;
        take(&replay, &mut samples, &mut round);
    }
    samples.push(sample(&replay, "now".to_string()));
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pop_stats_by_round_replay_the_game_and_end_where_it_stands() {
        let mut game = Game::new(
            crate::rulesets::pop::content::default_scenario(),
            crate::rulesets::pop::GameSetup::default(),
            4,
        )
        .unwrap();
        let mut bot = crate::rulesets::pop::bot::Bot::new(4);
        while game.flow().round < 4 {
            let action = bot.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
        let samples = by_round(&game).unwrap();
        let labels: Vec<&str> = samples.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["I.1", "I.2", "I.3", "I.4", "now"]);
        // Every seat in every sample; the start as the scenario sets it (15 ducats, 3 of each
        // monarch power); the end as the game stands.
        let seats = game.world().resource::<Seats>().0.len();
        assert!(samples.iter().all(|s| s.realms.len() == seats));
        let (_, first) = &samples[0].realms[0];
        assert_eq!((first.ducats, first.monarch_power), (15, 9));
        let world = game.world();
        for (key, f) in &samples.last().unwrap().realms {
            let realm = world
                .resource::<crate::rulesets::pop::state::Index>()
                .get(key)
                .unwrap();
            assert_eq!(*f, figures(world, realm), "{key}");
        }
        assert_ne!(samples[0].realms, samples[3].realms, "the figures moved");
    }
}
