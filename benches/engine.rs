//! Engine benchmarks: applying one action, and one full bot game of the default scenario.
//! Run with `cargo bench --no-default-features` (or plain `cargo bench`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use regnum::rulesets::pop::bot::{Bot, play_out};
use regnum::rulesets::pop::content::default_scenario;
use regnum::rulesets::pop::{Game, GameSetup};

/// A game a few dozen actions in, and the action the bot would take there.
fn mid_game() -> (Game, regnum::rulesets::pop::Action) {
    let mut game = Game::new(default_scenario(), GameSetup::default(), 42).unwrap();
    let mut bot = Bot::new(42);
    for _ in 0..30 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let action = bot.choose(&game).unwrap();
    (game, action)
}

fn bench_apply_one_action(c: &mut Criterion) {
    // The game is rebuilt by replaying its actions outside the timing; only `apply` is timed.
    let (game, action) = mid_game();
    let history = game.history().to_vec();
    c.bench_function("apply_one_action", |b| {
        b.iter_batched(
            || {
                let mut g = Game::new(default_scenario(), GameSetup::default(), 42).unwrap();
                for a in &history {
                    g.apply(a.clone()).unwrap();
                }
                g
            },
            |mut g| {
                g.apply(black_box(action.clone())).unwrap();
                g
            },
            criterion::BatchSize::LargeInput,
        )
    });
}

fn bench_new_game(c: &mut Criterion) {
    // Setting up 1444 and running it to its first decision: every full game, undo, preview,
    // chart and fuzz input pays it once.
    let scenario = default_scenario();
    c.bench_function("new_game_1444", |b| {
        b.iter(|| black_box(Game::new(scenario.clone(), GameSetup::default(), 42).unwrap()))
    });
}

fn bench_preview_late_game(c: &mut Criterion) {
    // A choice's preview (22, 23) rebuilds the game and replays its whole history: its cost
    // grows with the game, so it is measured late, 1500 actions in.
    let mut game = Game::new(default_scenario(), GameSetup::default(), 42).unwrap();
    let mut bot = Bot::new(42);
    for _ in 0..1500 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let action = bot.choose(&game).unwrap();
    c.bench_function("preview_1500_actions_in_1444", |b| {
        b.iter(|| black_box(regnum::engine::preview::preview(&game, &action)))
    });
}

fn bench_legal_actions(c: &mut Criterion) {
    let (game, _) = mid_game();
    c.bench_function("legal_actions", |b| {
        b.iter(|| black_box(game.legal_actions()))
    });
}

fn bench_full_bot_game(c: &mut Criterion) {
    let scenario = default_scenario();
    let mut seed = 0u64;
    c.bench_function("full_bot_game_1444", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Game::new(scenario.clone(), GameSetup::default(), seed).unwrap();
            play_out(&mut game, seed);
            black_box(game.state_hash())
        })
    });
}

fn bench_full_kingdom_game(c: &mut Criterion) {
    use regnum::engine::ruleset::play_out as play_any;
    let scenario = regnum::rulesets::kingdom::content::default_scenario();
    let mut seed = 0u64;
    c.bench_function("full_bot_game_kingdom_frontier", |b| {
        b.iter(|| {
            seed += 1;
            let mut game =
                regnum::rulesets::kingdom::Game::new(scenario.clone(), GameSetup::default(), seed)
                    .unwrap();
            play_any(&mut game, seed);
            black_box(game.state_hash())
        })
    });
}

fn bench_full_raison_games(c: &mut Criterion) {
    use regnum::engine::ruleset::play_out as play_any;
    for (name, text, file) in [
        (
            "full_bot_game_raison_1618",
            include_str!("../scenarios/rde_1618.ron"),
            "rde_1618.ron",
        ),
        (
            "full_bot_game_raison_1702",
            include_str!("../scenarios/rde_1702.ron"),
            "rde_1702.ron",
        ),
    ] {
        let scenario = std::sync::Arc::new(
            regnum::rulesets::raison::content::parse_scenario(text, file).unwrap(),
        );
        let mut seed = 0u64;
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut game = regnum::rulesets::raison::Game::new(
                    scenario.clone(),
                    GameSetup::default(),
                    seed,
                )
                .unwrap();
                play_any(&mut game, seed);
                black_box(game.state_hash())
            })
        });
    }
}

/// Scaling (issue 18): the same rules and seats on the 1444 map and on four copies of it side by
/// side (`content::scale::scaled`), whole bot games on the same seeds. The Events are the same,
/// so both last as many Rounds; the cost should grow no faster than the map (at most 4 times).
fn bench_map_scaling(c: &mut Criterion) {
    let base = default_scenario();
    let mut group = c.benchmark_group("map_scaling");
    group.sample_size(10);
    for k in [1usize, 4] {
        let scenario = std::sync::Arc::new(
            regnum::rulesets::pop::content::scale::scaled_checked(&base, k).unwrap(),
        );
        let mut seed = 0u64;
        group.bench_function(format!("full_bot_game_1444_map_x{k}"), |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Game::new(scenario.clone(), GameSetup::default(), seed).unwrap();
                play_out(&mut game, seed);
                black_box(game.state_hash())
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_map_scaling,
    bench_apply_one_action,
    bench_new_game,
    bench_preview_late_game,
    bench_legal_actions,
    bench_full_bot_game,
    bench_full_kingdom_game,
    bench_full_raison_games
);
criterion_main!(benches);
