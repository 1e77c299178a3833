//! Seed 002, Event: "Whenever an effect on an Event says 'you,' that effect applies to the
//! Active Player or to the player required to make an A/B-choice" (a card's `chooser`).

use bevy::prelude::*;

use super::test_support::*;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::state::key_of;
use crate::rulesets::pop::{Action, DecisionKind, Game};

/// Every two-option Event of the mini scenario, rewritten to the same A/B choice (A: pay 4
/// ducats for 1 stability, B: gain 3 ducats) made by `chooser`; bottom symbols dropped so that
/// nothing else asks after the choice. One-option Events are left as they are.
fn chosen_by(chooser: &'static str) -> impl Fn(String) -> String {
    move |t| {
        t.lines()
            .map(|line| {
                let Some(start) = line.find("options: [(label:") else {
                    return line.to_string();
                };
                if !line.contains("),(label:") {
                    return line.to_string();
                }
                let end = line.find("symbols:").unwrap();
                format!(
                    r#"{}options: [(label: "Pay", effects: [Ducats(-4), Stability(1)]), (label: "Gain", effects: [Ducats(3)])], chooser: Some("{chooser}"), symbols: [])"#,
                    &line[..start],
                ) + if line[end..].trim_end().ends_with("),") {
                    ","
                } else {
                    ""
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Takes a two-option Event (the first such in the row) and stops at its A/B question.
fn take_two_option_event(game: &mut Game) {
    let slot = {
        let world = game.world();
        let content = &world.resource::<crate::rulesets::pop::state::Content>().0;
        let row = &world
            .resource::<crate::rulesets::pop::rules::events::EventDisplay>()
            .row;
        row.iter()
            .position(|s| s.face_up && content.events[s.card].options.len() == 2)
            .expect("a two-option Event face up")
    };
    game.apply(Action::TakeEvent { slot: slot as u8 }).unwrap();
}

/// The mini game at its first turn with `chooser` making every A/B choice: the Active Player
/// and the other Player Realm, 30 ducats each.
fn chooser_game(chooser: &'static str) -> (Game, Entity, Entity) {
    let mut game = game_with(chosen_by(chooser));
    let me = to_first_turn(&mut game);
    let other = e(&game, other_of(&game, me));
    for r in [me, other] {
        set(&mut game, r, |m| m.ducats = 30);
    }
    (game, me, other)
}

/// The other Player Realm of the mini scenario.
fn other_of(game: &Game, realm: Entity) -> &'static str {
    if key_of(game.world(), realm).as_str() == "AAA" {
        "BBB"
    } else {
        "AAA"
    }
}

#[test]
fn pop_5_1_event_choice_the_player_the_card_names_chooses_and_takes_the_chosen_effects() {
    let first = first_to_act();
    let chooser = if first == "AAA" { "BBB" } else { "AAA" };
    let (mut game, me, other) = chooser_game(chooser);
    assert_eq!(key_of(game.world(), other).as_str(), chooser);
    take_two_option_event(&mut game);
    let d = game.pending().unwrap().clone();
    assert!(matches!(d.kind, DecisionKind::EventOption { .. }), "{d:?}");
    assert_eq!(d.realm, chooser, "the card's chooser makes the A/B choice");
    assert!(
        d.prompt
            .contains(&format!("{chooser} chooses for {first}'s Event")),
        "{}",
        d.prompt
    );
    // The taker has collected the Event (and any ducats on it); the option is the chooser's.
    let (mine, theirs) = (mat(&game, me).ducats, mat(&game, other).ducats);
    let stability = mat(&game, other).stability;
    // The bots answer for the chooser too.
    let pick = crate::rulesets::pop::bot::Bot::new(1)
        .choose(&game)
        .unwrap();
    assert!(matches!(pick, Action::ChooseOption { .. }), "{pick:?}");
    game.apply(Action::ChooseOption { option: 0 }).unwrap();
    assert_eq!(
        mat(&game, other).ducats,
        theirs - 4,
        "'you' pay: the chooser"
    );
    assert_eq!(mat(&game, other).stability, stability + 1);
    assert_eq!(
        mat(&game, me).ducats,
        mine,
        "the Active Player pays nothing"
    );
    assert!(logged(
        &game,
        ids::EVENT_CHOICE,
        &format!("{chooser} resolves \"Event")
    ));
    assert!(logged(
        &game,
        ids::EVENT_CHOICE,
        &format!("for {first}'s Event: Pay")
    ));
    // The Event is still the Active Player's action, its Round marker moved, though another
    // player chose its option.
    assert!(
        game.world()
            .get::<crate::rulesets::pop::model::RoundMarkers>(me)
            .unwrap()
            .took_event
    );
}

#[test]
fn pop_5_1_event_choice_what_the_chooser_can_pay_decides_the_options() {
    // FACTS 3: "If you cannot pay for one option, you must take the other": the chooser's
    // treasury counts, not the Active Player's.
    let first = first_to_act();
    let chooser = if first == "AAA" { "BBB" } else { "AAA" };
    let (mut game, me, other) = chooser_game(chooser);
    set(&mut game, other, |m| m.ducats = 0);
    set(&mut game, me, |m| m.ducats = 0);
    take_two_option_event(&mut game);
    // Whatever the taker collected, the chooser still has nothing to pay 4 ducats with.
    assert_eq!(mat(&game, other).ducats, 0);
    assert_eq!(
        game.legal_actions(),
        vec![Action::ChooseOption { option: 1 }]
    );
    refused(
        &mut game,
        Action::ChooseOption { option: 0 },
        ids::EVENT_CHOICE,
    );
    game.apply(Action::ChooseOption { option: 1 }).unwrap();
    assert_eq!(mat(&game, other).ducats, 3);

    // A rich chooser may pay for the taker's poverty's sake: A stays open.
    let (mut game, me, _) = chooser_game(chooser);
    set(&mut game, me, |m| m.ducats = 0);
    take_two_option_event(&mut game);
    assert!(
        game.legal_actions()
            .contains(&Action::ChooseOption { option: 0 })
    );
}

#[test]
fn pop_5_1_event_choice_a_chooser_no_player_holds_leaves_the_choice_to_the_active_player() {
    // CCC is a Non-Player Realm: nobody there to choose, so the Active Player does; and a card
    // naming the Active Player itself is an ordinary card.
    let first = first_to_act();
    for chooser in ["CCC", first] {
        let (mut game, me, _) = chooser_game(chooser);
        take_two_option_event(&mut game);
        let d = game.pending().unwrap().clone();
        assert!(matches!(d.kind, DecisionKind::EventOption { .. }));
        assert_eq!(d.realm, first, "{chooser}");
        assert!(!d.prompt.contains("chooses for"), "{}", d.prompt);
        let ducats = mat(&game, me).ducats;
        game.apply(Action::ChooseOption { option: 1 }).unwrap();
        assert_eq!(mat(&game, me).ducats, ducats + 3);
    }
}

#[test]
fn pop_5_1_event_choice_a_chooser_is_checked_when_the_scenario_loads() {
    let bad = chosen_by("ZZZ")(MINI.to_string()).replacen(
        r#"options: [(label: "Any power", effects: [AnyMp(2)])],"#,
        r#"options: [(label: "Any power", effects: [AnyMp(2)])], chooser: Some("BBB"),"#,
        1,
    );
    let err = load_errors(&bad);
    for words in ["ZZZ", "offers no A/B choice"] {
        assert!(err.contains(words), "{words}: {err}");
    }
}
