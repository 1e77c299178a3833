//! The engine hosting rulesets (issue: the seam): Price of Power plays exactly as before the
//! engine learned to host several rulesets, old saves still open, files and saves name their
//! ruleset, and each seat sees only what it may.

mod common;

use std::path::Path;

use regnum::engine::RulesetId;
use regnum::engine::save::parse_header;
use regnum::rulesets::check_path;
use regnum::rulesets::pop::bot::play_out;
use regnum::rulesets::pop::content::default_scenario;
use regnum::rulesets::pop::save::{Save, SaveError};
use regnum::rulesets::pop::{Action, DecisionKind, Game, GameSetup};

const FORMAT_1_SAVE: &str = "tests/data/format1-1444-seed2026.ron";
const HASHES_200: &str = include_str!("data/simulate_200_seed1.json");

fn recorded_hashes() -> Vec<(u64, String)> {
    let fixture: serde_json::Value = serde_json::from_str(HASHES_200).unwrap();
    fixture["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["seed"].as_u64().unwrap(),
                g["hash"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn bot_games_keep_the_state_hashes_recorded_before_the_seam() {
    // `.ci/run` compares all 200 games of `simulate --games 200 --seed 1`; these are its first.
    let recorded = recorded_hashes();
    assert_eq!(recorded.len(), 200);
    for (seed, hash) in recorded.iter().take(4) {
        let mut game = Game::new(default_scenario(), GameSetup::default(), *seed).unwrap();
        play_out(&mut game, *seed);
        assert!(game.is_over());
        assert_eq!(&game.state_hash(), hash, "seed {seed}");
        // The engine's scores are the ruleset's final scores, and the winner has the best.
        let outcome = game
            .world()
            .resource::<regnum::rulesets::pop::rules::scoring::Outcome>();
        let finals: Vec<(String, i32)> = outcome
            .scores
            .iter()
            .map(|s| (s.realm.to_string(), s.total))
            .collect();
        assert_eq!(game.scores(), finals);
        if let Some(winner) = game.winner() {
            let best = finals.iter().map(|(_, t)| *t).max().unwrap();
            assert!(finals.contains(&(winner, best)));
        }
    }
}

#[test]
fn a_format_1_save_from_before_the_seam_replays_to_its_hash() {
    let text = std::fs::read_to_string(FORMAT_1_SAVE).unwrap();
    let header = parse_header(&text, FORMAT_1_SAVE).unwrap();
    assert_eq!(header.format, 1);
    assert_eq!(
        header.ruleset,
        RulesetId::PriceOfPower,
        "format 1 is Price of Power"
    );
    let save = Save::read(Path::new(FORMAT_1_SAVE)).unwrap();
    let game = save.replay(default_scenario()).unwrap();
    assert_eq!(
        game.state_hash(),
        "b86cdb5e0c97e39fee589752488258f7d13826cc3a96342de260db14418e7dd0"
    );
    // Issue 17 changed rules the recorded game ran into: its actions were cut at the first
    // one today's rules refuse (action 548, then action 154 once the Exhaust face of a Rebel
    // Die became the player's choice), and its scenario hash is that of today's 1444 scenario
    // (last set when three Administrative cards became Development cards, none of which the
    // recorded game draws), and its recorded hash was set again when the Emperor's Imperial
    // Influence came onto the board at setup (18.2), and again when an appointed character's
    // card began to stay tucked under its mat instead of going to the discards (7.2), and when
    // that card's going to the discards at last was logged (`pop.7.2.card_discarded`), and
    // when the Event symbols were resolved as 16.5 has them (Disloyal Vassals in one area, no
    // Active Player on the Event nobody took); every
    // one of its 153 actions is still legal; the game is in progress at its end.
    assert!(!game.is_over());
    assert_eq!(save.actions.len(), 153);
}

#[test]
fn new_saves_are_format_2_or_3_with_options_and_name_their_ruleset() {
    let game = Game::new(default_scenario(), GameSetup::default(), 3).unwrap();
    let text = Save::of(&game, None).to_ron();
    assert!(text.contains("format: 2"), "{text}");
    assert!(text.contains("ruleset: PriceOfPower"), "{text}");
    let header = parse_header(&text, "new.ron").unwrap();
    assert_eq!(
        (header.format, header.ruleset),
        (2, RulesetId::PriceOfPower)
    );
    // A save of another ruleset is not read as Price of Power's.
    // A game with options is format 3 (a format-2 reader would ignore them), and reads back
    // to its hash.
    let with_options = Game::new(
        default_scenario(),
        GameSetup::default().with_option(regnum::rulesets::pop::OPTION_RELIGIOUS_REBELS, true),
        3,
    )
    .unwrap();
    let optioned = Save::of(&with_options, None).to_ron();
    assert!(optioned.contains("format: 3"), "{optioned}");
    assert!(optioned.contains("religious_rebels"), "{optioned}");
    let reread = Save::parse(&optioned, "options.ron").unwrap();
    assert_eq!(reread.setup, with_options.setup().clone());
    assert_eq!(
        reread.replay(default_scenario()).unwrap().state_hash(),
        with_options.state_hash()
    );
    let kingdom = text.replace("ruleset: PriceOfPower", "ruleset: Kingdom");
    match Save::parse(&kingdom, "k.ron") {
        Err(SaveError::Ruleset { expected, found }) => {
            assert_eq!(
                (expected, found),
                (RulesetId::PriceOfPower, RulesetId::Kingdom)
            );
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a Kingdom save read as Price of Power's"),
    }
}

/// A game 30 actions in, and its save.
fn mid_game() -> (Game, Save) {
    let mut game = Game::new(default_scenario(), GameSetup::default(), 21).unwrap();
    let mut bot = regnum::rulesets::pop::bot::Bot::new(21);
    for _ in 0..30 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let save = Save::of(&game, None);
    (game, save)
}

#[test]
fn a_save_whose_action_became_illegal_stops_before_it_and_says_which() {
    let (_, mut save) = mid_game();
    // As if a rules change made action 11 illegal where it stands.
    save.actions.insert(10, Action::RepayLoan);
    let replayed = save.replay_lenient(default_scenario()).unwrap();
    assert_eq!(replayed.game.history().len(), 10, "stopped before it");
    match replayed.problem {
        Some(SaveError::IllegalAction {
            index,
            action,
            illegal,
        }) => {
            assert_eq!(index, 10);
            assert_eq!(action, "RepayLoan");
            assert!(illegal.rule.starts_with("pop."), "{}", illegal.rule);
        }
        other => panic!("{other:?}"),
    }
    // The game goes on from there.
    let mut game = replayed.game;
    let next = game.legal_actions()[0].clone();
    game.apply(next).unwrap();
}

#[test]
fn a_save_that_no_longer_reaches_its_hash_goes_on_from_the_replayed_state() {
    let (game, mut save) = mid_game();
    save.state_hash = "0".repeat(64);
    let replayed = save.replay_lenient(default_scenario()).unwrap();
    assert!(matches!(
        replayed.problem,
        Some(SaveError::HashMismatch { .. })
    ));
    assert_eq!(replayed.game.state_hash(), game.state_hash());
    assert_eq!(replayed.game.legal_actions(), game.legal_actions());
    // Strict replay refuses it.
    assert!(save.replay(default_scenario()).is_err());
}

#[test]
fn check_says_which_ruleset_it_read() {
    let checked = check_path(Path::new("scenarios/1444.ron")).unwrap();
    assert_eq!(checked.ruleset, RulesetId::PriceOfPower);
    assert!(checked.summary.contains("1444"), "{}", checked.summary);
}

/// A file with `text` in a folder of its own, removed with the folder when the test is done.
fn temp_file(name: &str, text: &str) -> (common::TempDir, std::path::PathBuf) {
    let dir = common::temp_dir(&format!("seam-{name}"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn a_scenario_of_another_ruleset_reaches_that_ruleset_not_price_of_power() {
    let (_dir, path) = temp_file(
        "kingdom.ron",
        "// a Kingdom scenario\nScenario(\n    id: \"frontier\",\n    ruleset: Kingdom,\n    hexes: [],\n)\n",
    );
    let errors = check_path(&path).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    // Read with Kingdom's own schema, which has no `hexes` field (its map is `map`), never with
    // Price of Power's.
    assert_eq!(errors[0].line, 5, "{}", errors[0]);
    assert!(errors[0].message.contains("hexes"), "{}", errors[0]);
}

#[test]
fn an_unknown_ruleset_is_an_error_at_its_position() {
    let (_dir, path) = temp_file(
        "chess.ron",
        "Scenario(\n    id: \"x\",\n    ruleset: Chess,\n)\n",
    );
    let errors = check_path(&path).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, 3, "{}", errors[0]);
    assert!(errors[0].message.contains("PriceOfPower"), "{}", errors[0]);
}

#[test]
fn each_seat_sees_its_own_hand_and_only_the_size_of_the_others() {
    let mut game = Game::new(default_scenario(), GameSetup::default(), 8).unwrap();
    let mut bot = regnum::rulesets::pop::bot::Bot::new(8);
    // Play through Phase 1 until two realms hold cards.
    let holding = |game: &Game| {
        let state = serde_json::to_value(game.snapshot()).unwrap();
        state["realms"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r["hand"].as_array().unwrap().is_empty())
            .count()
    };
    while holding(&game) < 2 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let full = serde_json::to_value(game.snapshot()).unwrap();
    let realms = full["realms"].as_array().unwrap();
    let holders: Vec<&serde_json::Value> = realms
        .iter()
        .filter(|r| !r["hand"].as_array().unwrap().is_empty())
        .collect();
    let me = holders[0]["id"].as_str().unwrap();
    let other = holders[1]["id"].as_str().unwrap();
    let view = serde_json::to_value(game.view(Some(me))).unwrap();
    let find = |id: &str| {
        view["state"]["realms"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap()
            .clone()
    };
    assert_eq!(find(me)["hand"], holders[0]["hand"], "my own hand");
    let theirs = find(other)["hand"].as_array().unwrap().clone();
    assert_eq!(theirs.len(), holders[1]["hand"].as_array().unwrap().len());
    assert!(theirs.iter().all(serde_json::Value::is_null), "{theirs:?}");
    // Nobody sees the seed, the RNG's position or the order of a deck.
    assert!(view["state"]["seed"].is_null());
    assert!(view["state"]["rng_position"].is_null());
    let decks = view["state"]["action_decks"]["decks"].as_array().unwrap();
    assert!(
        decks
            .iter()
            .flat_map(|d| d.as_array().unwrap())
            .all(|c| c.is_null())
    );
    // A spectator sees no hand at all; the public board is the same for everyone.
    let spectator = serde_json::to_value(game.view(None)).unwrap();
    assert!(
        spectator["state"]["realms"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["hand"].as_array().unwrap().iter().all(|c| c.is_null()))
    );
    assert_eq!(spectator["state"]["provinces"], full["provinces"]);
    // Viewing changes nothing.
    let before = game.state_hash();
    let _ = game.view(Some(other));
    assert_eq!(game.state_hash(), before);
}

#[test]
fn another_seats_secret_decision_is_shown_only_as_waiting() {
    let mut game = Game::new(default_scenario(), GameSetup::default(), 8).unwrap();
    let mut bot = regnum::rulesets::pop::bot::Bot::new(8);
    while !matches!(
        game.pending().map(|d| &d.kind),
        Some(DecisionKind::KeepCard { .. })
    ) {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let decider = game.pending().unwrap().realm;
    assert_eq!(game.decider(), Some(decider.as_str()));
    let other = game
        .setup()
        .players
        .iter()
        .find(|p| **p != decider)
        .unwrap()
        .clone();
    let mine = serde_json::to_value(game.view(Some(&decider))).unwrap();
    assert!(
        mine["state"]["pending"]["kind"].is_object(),
        "{}",
        mine["state"]["pending"]
    );
    let theirs = serde_json::to_value(game.view(Some(&other))).unwrap();
    assert_eq!(theirs["state"]["pending"]["kind"], "Hidden");
    assert_eq!(theirs["state"]["pending"]["realm"], decider.as_str());
}

#[test]
fn price_of_powers_window_sends_a_scenario_of_another_ruleset_to_its_own_window() {
    let text = "Scenario(\n    id: \"r\",\n    ruleset: RaisonDEtat,\n    powers: [],\n)\n";
    let (_dir, path) = temp_file("rde.ron", text);
    let errors =
        regnum::rulesets::require_ruleset(&path, text, RulesetId::PriceOfPower).unwrap_err();
    let error = errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(error.contains(":3:14:"), "{error}");
    assert!(
        error.contains("for Raison d'Etat") && error.contains("own window"),
        "{error}"
    );
    assert!(
        !error.contains("powers"),
        "no Price of Power schema error: {error}"
    );
}

#[test]
fn every_ruleset_is_reached_through_the_one_dispatch_with_its_own_embedded_scenario() {
    struct Named;
    impl regnum::rulesets::ForRuleset for Named {
        type Output = String;
        fn run<R: regnum::engine::ruleset::Ruleset>(self) -> String {
            R::content_id(&R::default_content()).to_string()
        }
    }
    let ids: Vec<String> = regnum::engine::ruleset::RulesetId::ALL
        .into_iter()
        .map(|r| regnum::rulesets::for_ruleset(r, Named))
        .collect();
    assert_eq!(ids, ["1444", "frontier", "1618"]);
}
