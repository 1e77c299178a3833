//! Helpers shared by the integration tests: the small test scenario and game builders.
#![allow(dead_code)]

use std::sync::Arc;

use regnum::rulesets::pop::content::{Scenario, parse_scenario};
use regnum::rulesets::pop::{Action, DecisionKind, Game, GameSetup};

pub const MINI: &str = include_str!("../data/mini.ron");

/// The mini scenario, optionally edited by a text replacement (to set up a situation).
pub fn mini_with(edit: impl Fn(String) -> String) -> Arc<Scenario> {
    let text = edit(MINI.to_string());
    Arc::new(parse_scenario(&text, "mini.ron").unwrap_or_else(|e| panic!("{e:?}")))
}

pub fn mini() -> Arc<Scenario> {
    mini_with(|t| t)
}

pub fn mini_game(seed: u64) -> Game {
    Game::new(mini(), GameSetup::default(), seed).expect("mini scenario sets up")
}

/// Applies the first legal action matching `pred`, panicking if there is none.
pub fn apply_first(game: &mut Game, pred: impl Fn(&Action) -> bool) -> Action {
    let action = game
        .legal_actions()
        .into_iter()
        .find(|a| pred(a))
        .unwrap_or_else(|| {
            panic!(
                "no such legal action in {:?} for {:?}",
                game.legal_actions(),
                game.pending()
            )
        });
    game.apply(action.clone()).expect("legal");
    action
}

/// Answers every non-turn decision (declining where it can, else the first legal answer)
/// until a turn is asked.
pub fn settle(game: &mut Game) {
    while let Some(d) = game.pending() {
        if matches!(
            d.kind,
            DecisionKind::Turn | DecisionKind::LastAction | DecisionKind::LastEvent
        ) {
            return;
        }
        let legal = game.legal_actions();
        let pick = legal
            .iter()
            .find(|a| **a == Action::Decline)
            .unwrap_or(&legal[0])
            .clone();
        game.apply(pick).expect("legal");
    }
}

/// The mat of a realm, from the snapshot.
pub fn mat(game: &Game, realm: &str) -> regnum::rulesets::pop::model::Mat {
    game.snapshot()
        .realms
        .into_iter()
        .find(|r| r.id == realm)
        .and_then(|r| r.mat)
        .expect("a Player Realm")
}
