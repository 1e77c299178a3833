//! Random legal play never breaks the board's invariants and always reaches the end.

mod common;

use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use regnum::rulesets::pop::content::default_scenario;
use regnum::rulesets::pop::{Game, GameSetup};

fn check_invariants(game: &Game) {
    for realm in game.snapshot().realms {
        let Some(m) = realm.mat else { continue };
        assert!(
            m.mp.iter().all(|p| (0..=10).contains(p)),
            "{}: MP {:?}",
            realm.id,
            m.mp
        );
        assert!(
            (-3..=3).contains(&m.stability),
            "{}: stability {}",
            realm.id,
            m.stability
        );
        // 5 interest tokens, more with a Loans Idea (Public Banking). Gold inflation (12.1) may
        // also add a token above the cap; if a seed ever reaches that, count those tokens here.
        let entity = game
            .world()
            .resource::<regnum::rulesets::pop::state::Index>()
            .get(&realm.id)
            .expect("realm entity");
        let cap = regnum::rulesets::pop::rules::economy::max_loans(game.world(), entity);
        assert!(m.loans <= cap, "{}: {} loans, cap {cap}", realm.id, m.loans);
        assert!(m.ducats >= 0, "{}: {} ducats", realm.id, m.ducats);
    }
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
