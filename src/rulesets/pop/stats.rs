//! Each Player Realm's figures (19): prestige, treasury, stability, monarch power, provinces and
//! land units, which `engine::stats` reads at the start of every Round for the Stats window.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::model::{Mat, Owns, Unit};
use crate::rulesets::pop::state::{Seats, key_of};

/// The figures the Stats window charts, in the order `figures` gives them.
pub const FIGURE_NAMES: &[&str] = &[
    "Prestige",
    "Ducats",
    "Stability",
    "Monarch power",
    "Provinces",
    "Land units",
];

/// A realm's figures as they stand, in the order of `FIGURE_NAMES`: prestige, treasury,
/// stability, monarch power of all three types together, provinces owned, and land units on the
/// board (allied units included).
pub fn figures(world: &World, realm: Entity) -> Vec<i32> {
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let land_units = crate::rulesets::pop::rules::military::units_of(world, realm)
        .into_iter()
        .filter(|u| world.read::<Unit>(*u).is_some_and(|u| u.kind.is_land()))
        .count() as i32;
    vec![
        mat.prestige,
        mat.ducats,
        mat.stability,
        MpKind::ALL.iter().map(|k| mat.mp(*k)).sum(),
        world
            .read::<Owns>(realm)
            .map_or(0, |o| o.iter().count() as i32),
        land_units,
    ]
}

/// Every Player Realm's figures as they stand, in seat order.
pub fn seat_figures(world: &World) -> Vec<(String, Vec<i32>)> {
    world
        .get_res::<Seats>()
        .map(|s| {
            s.0.iter()
                .map(|r| (key_of(world, *r).to_string(), figures(world, *r)))
                .collect()
        })
        .unwrap_or_default()
}

/// Where the game stands for a preview of an action (22, 23): each Player Realm's mat figures
/// one by one (each kind of monarch power apart), and the wars, alliances, truces, royal
/// marriages and casus belli between any realms, Non-Player Realms included.
pub fn standing(world: &World) -> crate::engine::preview::Standing {
    use crate::rulesets::pop::model::{Alliance, CasusBelli, Marriage, Pairing, Truce, War};
    let seats = world
        .get_res::<Seats>()
        .map(|s| {
            s.0.iter()
                .map(|r| {
                    let mat = world.read::<Mat>(*r).cloned().unwrap_or_default();
                    let all = figures(world, *r);
                    // The Stats window's figures by their names there.
                    let named = |name: &str| {
                        FIGURE_NAMES
                            .iter()
                            .position(|n| *n == name)
                            .map_or(0, |i| all[i])
                    };
                    (
                        key_of(world, *r).to_string(),
                        vec![
                            ("Ducats", mat.ducats),
                            ("ADM", mat.mp(MpKind::Adm)),
                            ("DIP", mat.mp(MpKind::Dip)),
                            ("MIL", mat.mp(MpKind::Mil)),
                            ("Stability", mat.stability),
                            ("Prestige", mat.prestige),
                            ("Manpower", mat.manpower),
                            ("Loans", i32::from(mat.loans)),
                            ("Provinces", named("Provinces")),
                            ("Land units", named("Land units")),
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut facts = std::collections::BTreeSet::new();
    fn pairs<T: Component + Pairing>(
        world: &World,
        facts: &mut std::collections::BTreeSet<String>,
        words: &str,
    ) {
        let found = crate::engine::query_cache::with_query::<&T, (), _>(world, |q| {
            q.map(|m| m.sides()).collect::<Vec<_>>()
        })
        .unwrap_or_default();
        for (a, b) in found {
            let (mut a, mut b) = (key_of(world, a), key_of(world, b));
            // Either order is the same fact.
            if b < a {
                std::mem::swap(&mut a, &mut b);
            }
            facts.insert(format!("{words} between {a} and {b}"));
        }
    }
    pairs::<War>(world, &mut facts, "war");
    pairs::<Alliance>(world, &mut facts, "an alliance");
    pairs::<Truce>(world, &mut facts, "a truce");
    pairs::<Marriage>(world, &mut facts, "a royal marriage");
    let cbs = crate::engine::query_cache::with_query::<&CasusBelli, (), _>(world, |q| {
        q.map(|c| (c.holder, c.target)).collect::<Vec<_>>()
    })
    .unwrap_or_default();
    for (holder, target) in cbs {
        facts.insert(format!(
            "a casus belli of {} on {}",
            key_of(world, holder),
            key_of(world, target)
        ));
    }
    crate::engine::preview::Standing { seats, facts }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pop_stats_by_round_replay_the_game_and_end_where_it_stands() {
        let mut game = crate::rulesets::pop::Game::new(
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
        let samples = crate::engine::stats::by_round(&game).unwrap();
        let labels: Vec<&str> = samples.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Age 1 Round 1",
                "Age 1 Round 2",
                "Age 1 Round 3",
                "Age 1 Round 4",
                "now"
            ]
        );
        // Every seat in every sample; the start as the scenario sets it (15 ducats, 3 of each
        // monarch power); the end as the game stands.
        let seats = game.world().resource::<Seats>().0.len();
        assert!(samples.iter().all(|s| s.seats.len() == seats));
        let (_, first) = &samples[0].seats[0];
        assert_eq!((first[1], first[3]), (15, 9), "ducats, monarch power");
        assert_eq!(samples.last().unwrap().seats, seat_figures(game.world()));
        assert_ne!(samples[0].seats, samples[3].seats, "the figures moved");
    }
}
