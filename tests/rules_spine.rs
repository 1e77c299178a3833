//! Rule tests for the sequence of play the spine runs: each names the rule id it checks and
//! checks the rule book's numbers.

mod common;

use common::*;
use regnum::engine::flow::Flow;
use regnum::engine::log::LogEntry;
use regnum::rulesets::pop::model::*;
use regnum::rulesets::pop::rules::events::EventDisplay;
use regnum::rulesets::pop::rules::scoring::Outcome;
use regnum::rulesets::pop::state::{FirstPlayer, Index, key_of};
use regnum::rulesets::pop::{Action, DecisionKind, Game, GameSetup};

fn three_players() -> std::sync::Arc<regnum::rulesets::pop::content::Scenario> {
    mini_with(|t| {
        t.replace(
            "kind: NonPlayer, colour: (40, 160, 40), capital: \"capc\", religion: Orthodox)",
            "kind: Player, colour: (40, 160, 40), capital: \"capc\", religion: Orthodox, ruler: Some(\"heir_a\"))",
        )
    })
}

fn entries<'a>(game: &'a Game, rule: &str) -> Vec<&'a LogEntry> {
    game.log()
        .entries
        .iter()
        .filter(|e| e.rule == rule)
        .collect()
}

#[test]
fn pop_seq_phase1_events_reveals_players_plus_one_three_face_up() {
    let game = mini_game(1);
    let row = &game.world().resource::<EventDisplay>().row;
    assert_eq!(row.len(), 3, "2 players: 3 Events");
    assert!(row.iter().all(|s| s.face_up && s.ducats == 0));
    assert_eq!(entries(&game, "pop.seq.phase1.events").len(), 3);

    let game = Game::new(three_players(), GameSetup::default(), 1).unwrap();
    let row = &game.world().resource::<EventDisplay>().row;
    assert_eq!(row.len(), 4, "3 players: 4 Events");
    assert_eq!(
        row.iter().filter(|s| s.face_up).count(),
        3,
        "only the first 3 face up"
    );
    assert!(!row[3].face_up);
}

#[test]
fn pop_5_1_event_and_event_ducats_two_on_each_other_face_up_card() {
    let mut game = Game::new(three_players(), GameSetup::default(), 2).unwrap();
    let taker = game.pending().unwrap().realm;
    let before = mat(&game, &taker).ducats;
    apply_first(&mut game, |a| *a == Action::TakeEvent { slot: 0 });
    assert!(
        entries(&game, "pop.5.1.event")
            .iter()
            .any(|e| e.realm.as_deref() == Some(taker.as_str()))
    );
    settle(&mut game);
    let display = game.world().resource::<EventDisplay>().clone();
    // The two other face-up cards got 2 ducats each; after resolution the face-down card
    // turned up, with none.
    assert_eq!(display.row.len(), 3);
    assert!(display.row.iter().all(|s| s.face_up));
    assert_eq!(
        display.row.iter().map(|s| s.ducats).collect::<Vec<_>>(),
        vec![2, 2, 0]
    );
    // The next taker collects the 2 ducats on the card it takes.
    let next = game.pending().unwrap().realm;
    let next_before = mat(&game, &next).ducats;
    apply_first(&mut game, |a| *a == Action::TakeEvent { slot: 0 });
    let collected = entries(&game, "pop.5.1.event_ducats")
        .into_iter()
        .rev()
        .find(|e| e.realm.as_deref() == Some(next.as_str()))
        .expect("ducats collected");
    assert_eq!(collected.amount, Some(2));
    assert!(mat(&game, &next).ducats >= next_before);
    let _ = before;
}

#[test]
fn pop_5_1_event_choice_an_option_you_cannot_pay_is_not_allowed() {
    use regnum::rulesets::pop::content::schema::{Effect, MpKind};
    use regnum::rulesets::pop::rules::events::affordable;
    let mut m = Mat {
        ducats: 3,
        mp: [1, 0, 0],
        ..Default::default()
    };
    assert!(!affordable(&m, &[Effect::Ducats(-4), Effect::Stability(1)]));
    assert!(affordable(&m, &[Effect::Unrest(1)]));
    assert!(!affordable(&m, &[Effect::Mp(MpKind::Adm, -2)]));
    m.ducats = 4;
    assert!(affordable(&m, &[Effect::Ducats(-4), Effect::Stability(1)]));
}

/// Plays Phase 2 of the first Round of a 2-player game: both take an Event, then pass.
#[test]
fn pop_seq_phase2_pass_money_and_first_player_token() {
    let mut game = mini_game(4);
    let first = key_of(game.world(), game.world().resource::<FirstPlayer>().0);
    assert_eq!(
        game.pending().unwrap().realm,
        first,
        "the First Player starts"
    );
    apply_first(&mut game, |a| matches!(a, Action::TakeEvent { .. }));
    settle(&mut game);
    let second = game.pending().unwrap().realm;
    assert_ne!(second, first, "play goes clockwise");
    apply_first(&mut game, |a| matches!(a, Action::TakeEvent { .. }));
    settle(&mut game);
    // First Player passes first: 5 ducats (2 players: only the first passer is paid).
    assert_eq!(game.pending().unwrap().realm, first);
    let ducats = mat(&game, &first).ducats;
    game.apply(Action::Pass).unwrap();
    assert_eq!(mat(&game, &first).ducats, ducats + 5);
    // Passing money is gone: the other player gets one last action.
    let d = game.pending().unwrap();
    assert_eq!(
        (d.realm.as_str(), &d.kind),
        (second.as_str(), &DecisionKind::LastAction)
    );
    let ducats = mat(&game, &second).ducats;
    game.apply(Action::Pass).unwrap();
    assert_eq!(
        mat(&game, &second).ducats,
        ducats,
        "no money for the second passer"
    );
    // The first passer already held the token, so it went to the second passer.
    let holder = key_of(game.world(), game.world().resource::<FirstPlayer>().0);
    assert_eq!(holder, second);
    let token = entries(&game, "pop.seq.phase2.first_player");
    assert_eq!(token.len(), 1);
    assert_eq!(token[0].realm.as_deref(), Some(second.as_str()));
    assert_eq!(entries(&game, "pop.seq.phase2.pass")[0].amount, Some(5));
    // Round 2 starts with the new First Player.
    settle(&mut game);
    assert_eq!(game.flow().round, 2);
    assert_eq!(game.pending().unwrap().realm, second);
}

#[test]
fn pop_seq_phase2_passing_money_table() {
    use regnum::rulesets::pop::rules::actions::passing_money;
    assert_eq!(passing_money(3), &[5, 2]);
    assert_eq!(passing_money(4), &[5, 3, 2]);
    assert_eq!(passing_money(5), &[5, 3, 2]);
    assert_eq!(passing_money(6), &[5, 3, 2, 1]);
}

#[test]
fn pop_7_4_loan_and_repay_numbers() {
    let mut game = mini_game(5);
    let me = game.pending().unwrap().realm;
    let start = mat(&game, &me);
    game.apply(Action::TakeLoan).unwrap();
    let m = mat(&game, &me);
    assert_eq!((m.ducats, m.loans), (start.ducats + 5, 1));
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::Turn,
        "a minor action keeps the turn"
    );
    game.apply(Action::RepayLoan).unwrap();
    let m = mat(&game, &me);
    assert_eq!(
        (m.ducats, m.loans),
        (start.ducats - 1, 0),
        "repaying costs 6"
    );
    assert_eq!(
        game.apply(Action::RepayLoan).unwrap_err().rule,
        "pop.7.4.repay"
    );
    for _ in 0..5 {
        game.apply(Action::TakeLoan).unwrap();
    }
    assert_eq!(mat(&game, &me).loans, 5);
    let before = game.state_hash();
    assert_eq!(
        game.apply(Action::TakeLoan).unwrap_err().rule,
        "pop.7.4.loan"
    );
    assert_eq!(game.state_hash(), before);
    assert_eq!(entries(&game, "pop.7.4.loan").len(), 6);
}

#[test]
fn pop_7_3_increase_cost_is_five_plus_stability() {
    let scenario = mini_with(|t| {
        t.replace(
            "options: (first_age: 1, last_age: 2)",
            "options: (first_age: 1, last_age: 2, starting_mp: 10)",
        )
        .replace(
            "ruler: Some(\"ruler_a\")",
            "ruler: Some(\"ruler_a\"), stability: 1",
        )
        .replace(
            "ruler: Some(\"ruler_b\")",
            "ruler: Some(\"ruler_b\"), stability: 1",
        )
    });
    let mut game = Game::new(scenario, GameSetup::default(), 6).unwrap();
    let me = game.pending().unwrap().realm;
    game.apply(Action::IncreaseStability).unwrap();
    let m = mat(&game, &me);
    assert_eq!((m.mp[0], m.stability), (10 - 6, 2), "from +1 it costs 6");
    assert!(
        entries(&game, "pop.7.3.increase_cost")
            .iter()
            .any(|e| e.amount == Some(-6))
    );
    // The other realm: 4 adm short of 7 would fail; it has 10, so +2 -> +3 would cost 7 later.
    let other = game.pending().unwrap().realm;
    assert_ne!(other, me);
}

#[test]
fn pop_7_3_increase_cost_refused_when_short_and_overflows_at_plus_three() {
    let scenario = mini_with(|t| {
        t.replace(
            "options: (first_age: 1, last_age: 2)",
            "options: (first_age: 1, last_age: 2, starting_mp: 4)",
        )
    });
    let mut game = Game::new(scenario, GameSetup::default(), 6).unwrap();
    assert_eq!(
        game.apply(Action::IncreaseStability).unwrap_err().rule,
        "pop.7.3.increase_cost"
    );
    let scenario = mini_with(|t| {
        t.replace(
            "options: (first_age: 1, last_age: 2)",
            "options: (first_age: 1, last_age: 2, starting_mp: 10)",
        )
        .replace(
            "ruler: Some(\"ruler_a\")",
            "ruler: Some(\"ruler_a\"), stability: 3",
        )
        .replace(
            "ruler: Some(\"ruler_b\")",
            "ruler: Some(\"ruler_b\"), stability: 3",
        )
    });
    let mut game = Game::new(scenario, GameSetup::default(), 6).unwrap();
    // At +3 the action is legal: 5 + 3 adm paid, and the step becomes 2 adm (7.3).
    let me = game.pending().unwrap().realm;
    game.apply(Action::IncreaseStability).unwrap();
    let realm = game
        .world()
        .resource::<regnum::rulesets::pop::state::Index>()
        .get(me)
        .unwrap();
    let mat = game
        .world()
        .get::<regnum::rulesets::pop::model::Mat>(realm)
        .unwrap();
    assert_eq!((mat.stability, mat.mp[0]), (3, 10 - 8 + 2));
}

#[test]
fn pop_seq_phases_run_in_rule_book_order_every_round() {
    let mut game = mini_game(8);
    regnum::rulesets::pop::bot::play_out(&mut game, 8);
    let phases: Vec<i32> = entries(&game, "pop.flow.phase")
        .iter()
        .map(|e| e.amount.unwrap())
        .collect();
    let rounds = game.flow().round as usize;
    assert_eq!(phases.len(), 5 * rounds);
    for chunk in phases.chunks(5) {
        assert_eq!(chunk, &[1, 2, 3, 4, 5]);
    }
}

#[test]
fn pop_seq_phase5_d_ages_are_four_rounds_and_game_end_after_the_last() {
    let mut game = mini_game(9);
    regnum::rulesets::pop::bot::play_out(&mut game, 9);
    // The mini scenario plays Ages I-II: 8 Rounds.
    assert_eq!(game.flow().round, 8);
    assert_eq!(game.flow().age, 2);
    assert_eq!(entries(&game, "pop.seq.phase5.d").len(), 2);
    let ages: Vec<(u8, u8)> = entries(&game, "pop.flow.round")
        .iter()
        .map(|e| (e.age, e.round))
        .collect();
    assert_eq!(
        ages,
        vec![
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 4)
        ]
    );
    assert_eq!(entries(&game, "pop.seq.game_end").len(), 1);
    assert!(game.is_over());
}

#[test]
fn pop_seq_final_scoring_counts_tax_stability_and_loans() {
    let mut game = mini_game(10);
    regnum::rulesets::pop::bot::play_out(&mut game, 10);
    let outcome = game.world().resource::<Outcome>().clone();
    let a = outcome.scores.iter().find(|s| s.realm == "AAA").unwrap();
    let b = outcome.scores.iter().find(|s| s.realm == "BBB").unwrap();
    assert_eq!(a.tax_income, 3, "large town 2 + small town 1");
    assert_eq!(b.tax_income, 2, "large town 2 + vassal 1/2, rounded down");
    for s in [a, b] {
        let m = mat(&game, &s.realm);
        assert_eq!(s.stability, 2 * m.stability);
        assert_eq!(s.loans, -i32::from(m.loans));
        assert_eq!(s.total, m.prestige);
        assert_eq!(
            s.total,
            s.prestige_before
                + s.tax_income
                + s.core_tokens
                + s.marriages
                + s.alliances
                + s.stability
                + s.occupied
                + s.loans
        );
    }
    let best = outcome.scores.iter().map(|s| s.total).max().unwrap();
    match &outcome.winner {
        Some(w) => assert_eq!(
            outcome.scores.iter().find(|s| &s.realm == w).unwrap().total,
            best
        ),
        None => assert!(outcome.scores.iter().filter(|s| s.total == best).count() > 1),
    }
    assert_eq!(game.winner(), outcome.winner.map(String::from));
    assert_eq!(entries(&game, "pop.seq.final_scoring").len(), 3);
}

#[test]
fn ecs_relations_are_queryable_both_ways() {
    let game = mini_game(1);
    let world = game.world();
    let index = world.resource::<Index>();
    let (north, capa, nora, aaa, ruler) = (
        index.get("north").unwrap(),
        index.get("capa").unwrap(),
        index.get("nora").unwrap(),
        index.get("AAA").unwrap(),
        index.get("ruler_a").unwrap(),
    );
    assert_eq!(world.get::<InArea>(capa).unwrap().0, north);
    let in_north: Vec<_> = world.get::<AreaProvinces>(north).unwrap().iter().collect();
    assert_eq!(in_north, vec![capa, nora]);
    assert_eq!(world.get::<OwnedBy>(capa).unwrap().0, aaa);
    assert_eq!(world.get::<ControlledBy>(capa).unwrap().0, aaa);
    let owned: Vec<_> = world.get::<Owns>(aaa).unwrap().iter().collect();
    assert_eq!(owned, vec![capa, nora]);
    assert_eq!(world.get::<Serves>(ruler).unwrap().0, aaa);
    assert!(world.get::<Court>(aaa).unwrap().iter().any(|c| c == ruler));
    assert_eq!(world.get::<Role>(ruler), Some(&Role::Ruler));
    // Towns stand on provinces and belong to realms.
    let towns: Vec<_> = world.get::<RealmTokens>(aaa).unwrap().iter().collect();
    assert_eq!(towns.len(), 2);
    assert!(
        world
            .get::<Holdings>(capa)
            .unwrap()
            .iter()
            .any(|t| towns.contains(&t))
    );
    assert!(world.get::<Town>(towns[0]).unwrap().large);
    // The vassal of BBB.
    let sora = index.get("sora").unwrap();
    let token = world.get::<Holdings>(sora).unwrap().iter().next().unwrap();
    assert!(world.get::<Vassal>(token).is_some());
    // NPR provinces are printed: no tokens.
    assert!(world.get::<Holdings>(index.get("capc").unwrap()).is_none());
    assert_eq!(world.resource::<Flow>().age, 1);
}

#[test]
fn pop_5_1_event_leftover_is_resolved_by_the_last_taker() {
    let mut game = mini_game(4);
    apply_first(&mut game, |a| matches!(a, Action::TakeEvent { .. }));
    settle(&mut game);
    assert!(entries(&game, "pop.5.1.event_leftover").is_empty());
    let last = game.pending().unwrap().realm;
    apply_first(&mut game, |a| matches!(a, Action::TakeEvent { .. }));
    settle(&mut game);
    // Two players, three Events: the one nobody took is resolved by the last taker.
    let leftover = entries(&game, "pop.5.1.event_leftover");
    assert_eq!(leftover.len(), 1);
    assert_eq!(leftover[0].realm.as_deref(), Some(last.as_str()));
    assert!(game.world().resource::<EventDisplay>().row.is_empty());
}
