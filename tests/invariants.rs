//! Random legal play never breaks the board's invariants and always reaches the end.

mod common;

use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use regnum::engine::ruleset::Ruleset;
use regnum::rulesets::pop::content::default_scenario;
use regnum::rulesets::pop::{Game, GameSetup, PriceOfPower};

/// The ruleset's own invariants (`simulate --check-invariants` checks the same): monarch power
/// within 0-10, stability within -3..+3, no negative ducats. Interest tokens have no hard cap:
/// corruption and gold inflation add them past the loan limit, and bankruptcy answers a loan
/// taken at 5 or more.
fn check_invariants(game: &Game) {
    let broken = <PriceOfPower as Ruleset>::broken_invariants(game.world());
    assert!(broken.is_empty(), "{broken:?}");
}

#[test]
fn random_legal_play_keeps_invariants_and_ends() {
    for seed in 0..12u64 {
        let scenario = if seed % 2 == 0 {
            default_scenario()
        } else {
            common::mini()
        };
        let mut game = Game::new(scenario, GameSetup::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !game.is_over() {
            let legal = game.legal_actions();
            let action = legal[rng.random_range(0..legal.len())].clone();
            game.apply(action).unwrap();
            check_invariants(&game);
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: the game does not end");
        }
        assert!(game.log().has("pop.seq.final_scoring"));
    }
}
