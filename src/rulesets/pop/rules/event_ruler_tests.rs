//! Seed 002, Event steps 5 and 6: the historical rulers an Event shows, one or several.

use bevy::prelude::*;

use super::test_support::*;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::rules::characters::ruler_of;
use crate::rulesets::pop::rules::events::Leftover;
use crate::rulesets::pop::state::key_of;
use crate::rulesets::pop::{Action, DecisionKind, Game};

/// The mini scenario with three historical rulers of `realm` (Hild 1/1/1, Hugo 3/3/3, Ivo
/// 2/2/2) shown on every Event, whose bottom symbols are dropped so that nothing but the
/// rulers asks a question after the option.
fn rulers_of(realm: &'static str) -> impl Fn(String) -> String {
    move |t| {
        t.replace(
            r#"(id: "heir_a", name: "Arno","#,
            &format!(
                r#"(id: "heir_1", name: "Hild", kind: Leader, skills: (1, 1, 1), realm: Some("{realm}")),
        (id: "heir_2", name: "Hugo", kind: Leader, skills: (3, 3, 3), realm: Some("{realm}")),
        (id: "heir_3", name: "Ivo", kind: Leader, skills: (2, 2, 2), realm: Some("{realm}")),
        (id: "heir_a", name: "Arno","#
            ),
        )
        .replace("symbols: [Mortality(1)])", "symbols: [])")
        .replace(
            "symbols: [])",
            r#"symbols: [], rulers: ["heir_1", "heir_2", "heir_3"])"#,
        )
    }
}

fn ruler_key(game: &Game, realm: Entity) -> Option<&'static str> {
    ruler_of(game.world(), realm).map(|r| key_of(game.world(), r).as_str())
}

fn is_rulers_question(kind: &DecisionKind) -> bool {
    matches!(kind, DecisionKind::HistoricalRulers { .. })
}

#[test]
fn pop_5_1_event_ruler_own_event_replaces_the_ruler_with_the_one_chosen_among_several() {
    // Seed 002 step 5: "If the Event is associated with your own Realm, you must replace your
    // current Ruler with any Ruler on this card."
    let mut game = game_with(rulers_of(first_to_act()));
    let me = to_first_turn(&mut game);
    take_event_until(&mut game, is_rulers_question);
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, key_of(game.world(), me));
    assert!(
        matches!(&d.kind, DecisionKind::HistoricalRulers { characters, must: true }
            if characters.iter().map(|c| c.as_str()).collect::<Vec<_>>() == ["heir_1", "heir_2", "heir_3"]),
        "{:?}",
        d.kind
    );
    assert!(
        logged(
            &game,
            ids::EVENT_RULER,
            "shows heir_1 or heir_2 or heir_3, rulers of"
        ),
        "the log names every ruler on the card"
    );
    // Its own Event: replacing the ruler is not optional.
    assert!(!game.legal_actions().contains(&Action::Decline));
    refused(&mut game, Action::Decline, ids::EVENT_RULER);
    refused(
        &mut game,
        Action::TakeRuler {
            character: "heir_a".into(),
        },
        ids::EVENT_RULER,
    );
    // The bots take the ablest (Hugo, 3/3/3).
    assert_eq!(
        crate::rulesets::pop::bot::Bot::new(1).choose(&game),
        Some(Action::TakeRuler {
            character: "heir_2".into()
        })
    );
    let adm = mat(&game, me).mp[0];
    game.apply(Action::TakeRuler {
        character: "heir_3".into(),
    })
    .unwrap();
    assert_eq!(ruler_key(&game, me), Some("heir_3"));
    assert_eq!(mat(&game, me).mp[0], adm, "free on a taken Event");
    assert!(logged(&game, ids::HISTORICAL_RULER, "heir_3"));
}

#[test]
fn pop_5_1_event_ruler_another_realms_event_lets_its_realm_take_one_or_decline() {
    // "If the Event is associated with another Realm, that player must choose whether or not to
    // appoint the Ruler on this card."
    let first = first_to_act();
    let other = if first == "AAA" { "BBB" } else { "AAA" };
    for take in [None, Some("heir_2")] {
        let mut game = game_with(rulers_of(other));
        let me = to_first_turn(&mut game);
        let them = e(&game, other);
        take_event_until(&mut game, |_| false);
        let d = game.pending().unwrap().clone();
        assert_eq!(d.realm, other, "the rulers' realm is asked");
        assert!(
            matches!(&d.kind, DecisionKind::HistoricalRulers { characters, must: false }
                if characters.len() == 3),
            "{:?}",
            d.kind
        );
        let legal = game.legal_actions();
        assert!(legal.contains(&Action::Decline));
        assert_eq!(legal.len(), 4, "three rulers or decline: {legal:?}");
        let (before, mp) = (ruler_key(&game, them), mat(&game, them).mp);
        let mine = ruler_key(&game, me);
        match take {
            None => {
                game.apply(Action::Decline).unwrap();
                assert_eq!(ruler_key(&game, them), before);
                assert!(logged(
                    &game,
                    ids::EVENT_RULER,
                    "declines heir_1 or heir_2 or heir_3"
                ));
            }
            Some(ruler) => {
                game.apply(Action::TakeRuler {
                    character: ruler.into(),
                })
                .unwrap();
                assert_eq!(ruler_key(&game, them), Some(ruler));
                assert_eq!(mat(&game, them).mp, mp, "free on another's Event");
            }
        }
        assert_eq!(
            ruler_key(&game, me),
            mine,
            "the Active Player's ruler is not touched"
        );
    }
}

#[test]
fn pop_5_1_event_leftover_ruler_costs_2_adm_to_take_one_of_several() {
    // Step 6: "if it has a historical Ruler on it, the player associated with that Event may pay
    // 2a to appoint the Ruler on the card."
    let owner = first_to_act();
    let mut game = game_with(rulers_of(owner));
    to_first_turn(&mut game);
    let realm = e(&game, owner);
    let mut asked = None;
    play_round_events(&mut game, |game| {
        let leftover = game.world().resource::<Leftover>().resolving;
        let DecisionKind::HistoricalRulers { characters, must } = game.pending()?.kind.clone()
        else {
            return None;
        };
        if !leftover {
            return None;
        }
        assert!(!must, "a leftover Event's ruler is optional");
        assert!(characters.len() >= 2, "{characters:?}");
        for (action, cost) in game.legal_actions_with_costs() {
            let expected = if action == Action::Decline { 0 } else { 2 };
            assert_eq!(cost.adm, expected, "{action:?}");
        }
        let pick = *characters.last().unwrap();
        asked = Some((pick, mat(game, realm).mp[0]));
        Some(Action::TakeRuler { character: pick })
    });
    let (pick, adm) = asked.expect("the leftover Event offered its rulers");
    assert_eq!(mat(&game, realm).mp[0], adm - 2);
    assert_eq!(ruler_key(&game, realm), Some(pick.as_str()));
}

#[test]
fn pop_5_1_event_rulers_on_a_card_are_checked_when_the_scenario_loads() {
    let bad = rulers_of("AAA")(MINI.to_string())
        .replacen(
            r#"rulers: ["heir_1", "heir_2", "heir_3"])"#,
            r#"ruler: Some("heir_a"), rulers: ["heir_1", "heir_1", "ruler_b"])"#,
            1,
        )
        .replacen(
            r#"rulers: ["heir_1", "heir_2", "heir_3"])"#,
            r#"rulers: ["heir_1", "heir_9"])"#,
            1,
        );
    let err = load_errors(&bad);
    for words in [
        "gives both `ruler` and `rulers`",
        "shown twice",
        "belong to different realms",
        "heir_9",
    ] {
        assert!(err.contains(words), "{words}: {err}");
    }
}

/// Makes a character unable to rule: it dies (the rules' own death, which returns its
/// ill-health tokens to the supply).
fn kill(game: &mut Game, character: &str) {
    let who = e(game, character);
    crate::rulesets::pop::rules::characters::kill(game.world_mut(), who);
}

#[test]
fn pop_7_2_death_a_dead_historical_ruler_is_not_offered_again_by_a_later_event() {
    // 7.2: "When a Character receives their second H, they die" and "Dead characters are
    // discarded": a ruler of an Event who died on the throne is not shown as free to rule when
    // a later card shows it (its tokens went back to the supply, so its ill health reads 0).
    let mut game = game_with(rulers_of(first_to_act()));
    let me = to_first_turn(&mut game);
    let hugo = e(&game, "heir_2");
    crate::rulesets::pop::rules::characters::historical_ruler(game.world_mut(), me, hugo);
    assert_eq!(ruler_key(&game, me), Some("heir_2"));
    crate::rulesets::pop::rules::characters::make_ill(game.world_mut(), hugo);
    crate::rulesets::pop::rules::characters::make_ill(game.world_mut(), hugo);
    assert_eq!(ruler_key(&game, me), None, "the second token killed it");
    assert!(logged(&game, ids::DEATH, "heir_2 dies"));
    assert_eq!(
        game.world()
            .get::<crate::rulesets::pop::model::IllHealth>(hugo)
            .map(|i| i.0),
        Some(0),
        "its tokens went back to the supply"
    );
    let state = serde_json::to_string(&game.snapshot()).unwrap();
    assert!(
        state.contains(
            r#""id":"heir_2","serves":null,"role":null,"ill_health":0,"commands":null,"dead":true"#
        ),
        "{state}"
    );
    take_event_until(&mut game, is_rulers_question);
    let d = game.pending().unwrap().clone();
    assert!(
        matches!(&d.kind, DecisionKind::HistoricalRulers { characters, must: true }
            if characters.iter().map(|c| c.as_str()).collect::<Vec<_>>() == ["heir_1", "heir_3"]),
        "{:?}",
        d.kind
    );
    refused(
        &mut game,
        Action::TakeRuler {
            character: "heir_2".into(),
        },
        ids::EVENT_RULER,
    );
}

#[test]
fn pop_5_1_event_ruler_only_rulers_free_to_rule_are_offered_and_one_left_is_taken_at_once() {
    // The dead cannot be appointed: of three rulers on its own Event, with two dead, the Active
    // Player gets the third without a question.
    let mut game = game_with(rulers_of(first_to_act()));
    let me = to_first_turn(&mut game);
    kill(&mut game, "heir_1");
    kill(&mut game, "heir_2");
    take_event_until(&mut game, |k| {
        matches!(
            k,
            DecisionKind::HistoricalRulers { .. } | DecisionKind::HistoricalRuler { .. }
        )
    });
    assert!(
        !game.pending().is_some_and(|d| matches!(
            d.kind,
            DecisionKind::HistoricalRulers { .. } | DecisionKind::HistoricalRuler { .. }
        )),
        "no question: {:?}",
        game.pending()
    );
    assert_eq!(ruler_key(&game, me), Some("heir_3"));

    // On another realm's Event, with one free, that realm is asked the one-ruler question.
    let first = first_to_act();
    let other = if first == "AAA" { "BBB" } else { "AAA" };
    let mut game = game_with(rulers_of(other));
    to_first_turn(&mut game);
    kill(&mut game, "heir_2");
    kill(&mut game, "heir_3");
    take_event_until(&mut game, |_| false);
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, other);
    assert!(
        matches!(&d.kind, DecisionKind::HistoricalRuler { character } if character.as_str() == "heir_1"),
        "{:?}",
        d.kind
    );
    assert!(
        d.prompt.contains("shows heir_1, a ruler"),
        "the question names only the ruler it offers: {}",
        d.prompt
    );
}

#[test]
fn pop_7_2_death_an_event_showing_only_dead_rulers_says_so_and_changes_nothing() {
    let mut game = game_with(rulers_of(first_to_act()));
    let me = to_first_turn(&mut game);
    let before = ruler_key(&game, me);
    for heir in ["heir_1", "heir_2", "heir_3"] {
        kill(&mut game, heir);
    }
    take_event_until(&mut game, |_| false);
    assert!(
        !game.pending().is_some_and(|d| matches!(
            d.kind,
            DecisionKind::HistoricalRulers { .. } | DecisionKind::HistoricalRuler { .. }
        )),
        "nothing to offer"
    );
    assert_eq!(ruler_key(&game, me), before, "the ruler stays");
    assert!(logged(
        &game,
        ids::EVENT_RULER,
        "heir_1 is dead, heir_2 is dead, heir_3 is dead"
    ));
}

#[test]
fn pop_5_1_event_ruler_own_event_showing_the_current_ruler_may_keep_it() {
    // "replace your current Ruler with any Ruler on this card": the ruler it has is on the card,
    // so keeping it is one of the choices.
    let mut game = game_with(rulers_of(first_to_act()));
    let me = to_first_turn(&mut game);
    let hild = e(&game, "heir_1");
    crate::rulesets::pop::rules::characters::historical_ruler(game.world_mut(), me, hild);
    assert_eq!(ruler_key(&game, me), Some("heir_1"));
    take_event_until(&mut game, is_rulers_question);
    let d = game.pending().unwrap().clone();
    assert!(
        matches!(&d.kind, DecisionKind::HistoricalRulers { characters, must: false }
            if characters.iter().map(|c| c.as_str()).collect::<Vec<_>>() == ["heir_2", "heir_3"]),
        "{:?}",
        d.kind
    );
    game.apply(Action::Decline).unwrap();
    assert_eq!(ruler_key(&game, me), Some("heir_1"), "kept");
}

#[test]
fn pop_5_1_event_leftover_ruler_is_not_offered_to_a_realm_without_2_adm() {
    let owner = first_to_act();
    let mut game = game_with(rulers_of(owner));
    to_first_turn(&mut game);
    let realm = e(&game, owner);
    play_round_events(&mut game, |game| {
        set(game, realm, |m| m.mp[0] = 1);
        let leftover = game.world().resource::<Leftover>().resolving;
        assert!(
            !(leftover
                && game.pending().is_some_and(|d| matches!(
                    d.kind,
                    DecisionKind::HistoricalRulers { .. } | DecisionKind::HistoricalRuler { .. }
                ))),
            "1 adm cannot pay for the leftover ruler"
        );
        None
    });
    assert!(
        logged(&game, ids::EVENT_LEFTOVER, "resolves the symbols"),
        "a leftover Event was resolved"
    );
    assert!(
        !game
            .log()
            .entries
            .iter()
            .any(|e| e.rule == ids::EVENT_LEFTOVER && e.amount.is_some_and(|a| a < 0)),
        "no 2 adm paid"
    );
}
