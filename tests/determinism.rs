//! Same scenario, seed and actions: same state hash, always; saves replay to the same hash;
//! damaged saves get a clear error.

mod common;

use regnum::rulesets::pop::bot::{Bot, play_out};
use regnum::rulesets::pop::content::default_scenario;
use regnum::rulesets::pop::save::{Save, SaveError};
use regnum::rulesets::pop::{Action, Game, GameSetup};

fn bot_game(seed: u64) -> Game {
    let mut game = Game::new(default_scenario(), GameSetup::default(), seed).unwrap();
    play_out(&mut game, seed);
    game
}

#[test]
fn same_seed_gives_same_hash_and_log() {
    let a = bot_game(7);
    let b = bot_game(7);
    assert!(a.is_over());
    assert_eq!(a.state_hash(), b.state_hash());
    assert_eq!(a.log().entries, b.log().entries);
    assert_eq!(a.history(), b.history());
}

#[test]
fn different_seeds_give_different_games() {
    let hashes: std::collections::BTreeSet<String> =
        (11..15).map(|s| bot_game(s).state_hash()).collect();
    assert_eq!(hashes.len(), 4);
}

#[test]
fn save_then_replay_gives_the_same_hash() {
    let game = bot_game(3);
    let save = Save::of(&game, None);
    let dir = common::temp_dir("save");
    let path = dir.join("game.ron");
    save.write(&path).unwrap();
    assert!(
        !path.with_extension("ron.tmp").exists(),
        "temporary file renamed away"
    );
    let loaded = Save::read(&path).unwrap();
    assert_eq!(loaded, save);
    let replayed = loaded.replay(default_scenario()).unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}

#[test]
fn a_mid_game_save_replays_and_continues_identically() {
    let mut game = Game::new(default_scenario(), GameSetup::default(), 5).unwrap();
    let mut bot = Bot::new(5);
    for _ in 0..40 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let save = Save::parse(&Save::of(&game, None).to_ron(), "mid.ron").unwrap();
    let replayed = save.replay(default_scenario()).unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
    assert_eq!(replayed.legal_actions(), game.legal_actions());
}

#[test]
fn damaged_saves_get_clear_errors() {
    let game = bot_game(4);
    let text = Save::of(&game, None).to_ron();
    // Truncated.
    match Save::parse(&text[..text.len() / 2], "cut.ron") {
        Err(SaveError::Damaged(m)) => assert!(m.starts_with("cut.ron:"), "{m}"),
        other => panic!("{other:?}"),
    }
    // Not a save at all.
    assert!(matches!(
        Save::parse("hello", "x.ron"),
        Err(SaveError::Damaged(_))
    ));
    // A future format.
    let future = text.replacen("format: 2", "format: 99", 1);
    assert!(matches!(
        Save::parse(&future, "f.ron"),
        Err(SaveError::Format(99))
    ));
    // An action that is not legal where it stands.
    let mut save = Save::parse(&text, "ok.ron").unwrap();
    save.actions.insert(0, Action::RepayLoan);
    match save.replay(default_scenario()) {
        Err(SaveError::IllegalAction {
            index: 0, illegal, ..
        }) => {
            // The first decision is drawing an action card; the refusal names that rule.
            assert_eq!(illegal.rule, "pop.seq.phase1.draw");
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("replayed an illegal action"),
    }
    // A tampered hash.
    let mut save = Save::parse(&text, "ok.ron").unwrap();
    save.state_hash = "0".repeat(64);
    assert!(matches!(
        save.replay(default_scenario()),
        Err(SaveError::HashMismatch { .. })
    ));
    // Another scenario.
    let save = Save::parse(&text, "ok.ron").unwrap();
    assert!(matches!(
        save.replay(common::mini()),
        Err(SaveError::ScenarioMismatch { .. })
    ));
}

#[test]
fn the_bot_does_not_use_the_game_rng() {
    // Replaying the bot's actions without the bot gives the same game: dice depend only on
    // the seed and the actions.
    let game = bot_game(9);
    let mut replay = Game::new(default_scenario(), GameSetup::default(), 9).unwrap();
    for action in game.history() {
        replay.apply(action.clone()).unwrap();
    }
    assert_eq!(replay.state_hash(), game.state_hash());
}

#[test]
fn a_bot_game_that_does_not_end_is_stopped_and_called_stuck() {
    // `simulate` stops a game still going after `MAX_BOT_ACTIONS` (a question that keeps coming
    // back) instead of running for ever; here the cap is 40 actions.
    use regnum::engine::ruleset::{PlayedOut, play_out_within};
    let mut game = Game::new(default_scenario(), GameSetup::default(), 3).unwrap();
    let mut seen = 0;
    let ended = play_out_within(&mut game, 3, 40, |_, applied| seen = applied);
    assert_eq!(ended, PlayedOut::Stuck);
    assert_eq!((seen, game.history().len()), (40, 40));
    assert!(!game.is_over());
    let mut whole = Game::new(default_scenario(), GameSetup::default(), 3).unwrap();
    assert_eq!(
        play_out_within(
            &mut whole,
            3,
            regnum::engine::ruleset::MAX_BOT_ACTIONS,
            |_, _| {}
        ),
        PlayedOut::Over
    );
}
