//! Rule tests for rebels (seed 001, chapter 14) on the mini scenario. Each names its rule id.

use bevy::prelude::*;

use crate::engine::log::GameLog;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::decision::{Action, DecisionKind, Pending};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle::Party;
use crate::rulesets::pop::rules::effects::{EffectQueue, add_unrest};
use crate::rulesets::pop::rules::military;
use crate::rulesets::pop::rules::rebels::{
    RebelFace, counting_unrest, liberate, rebels_take, resolve_face,
};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::towns::tracks;
use crate::rulesets::pop::state::spawn_sim;

fn unrest(game: &mut Game, realm: &str, province: &str) {
    let (r, p) = (e(game, realm), e(game, province));
    add_unrest(game.world_mut(), r, p);
}

#[test]
fn pop_14_1_unrest_flips_the_token_and_covered_unrest_does_not_count() {
    let mut game = game();
    let a = e(&game, "AAA");
    unrest(&mut game, "AAA", "capa");
    unrest(&mut game, "AAA", "nora");
    assert_eq!(count(&game, "pop.14.1.unrest"), 2);
    assert_eq!(counting_unrest(game.world(), a, None).len(), 2);
    // Unrest still gives tax income.
    assert_eq!(tracks(game.world(), a).income, 3);
    // Covered by a rebel town, or by an occupier: it counts for nothing.
    let capa = e(&game, "capa");
    game.world_mut().entity_mut(capa).insert(RebelTown);
    let nora = e(&game, "nora");
    let b = e(&game, "BBB");
    game.world_mut().entity_mut(nora).insert(ControlledBy(b));
    assert!(counting_unrest(game.world(), a, None).is_empty());
    // "for any purpose": a Mission's "no unrest" is failed by the Rebel Town on Capa, never by
    // the covered unrest under Beland's occupation of Nora.
    use crate::rulesets::pop::content::schema::Condition;
    use crate::rulesets::pop::rules::conditions::measure;
    assert_eq!(measure(game.world(), a, &Condition::NoUnrest).have, -1);
    game.world_mut().entity_mut(capa).remove::<RebelTown>();
    game.world_mut().entity_mut(capa).remove::<Unrest>();
    let tokens: Vec<Entity> = game.world().get::<Holdings>(capa).unwrap().iter().collect();
    for t in tokens {
        game.world_mut().entity_mut(t).remove::<Unrest>();
    }
    assert_eq!(
        measure(game.world(), a, &Condition::NoUnrest).have,
        0,
        "only covered unrest is left: no unrest that counts"
    );
}

#[test]
fn pop_14_2_faces_lose_ducats_lose_mp_exhaust_no_effect() {
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    set(&mut game, a, |m| {
        m.ducats = 10;
        m.mp = [0, 2, 0];
        m.manpower = 1;
    });
    resolve_face(game.world_mut(), a, north, RebelFace::LoseDucats);
    assert_eq!(mat(&game, a).ducats, 8);
    assert_eq!(count(&game, "pop.14.2.lose_ducats"), 1);
    resolve_face(game.world_mut(), a, north, RebelFace::LoseMp);
    assert_eq!(count(&game, "pop.14.2.lose_mp"), 1);
    // The loss is of choice, among the pools that have something.
    assert_eq!(game.world().resource::<EffectQueue>().items.len(), 1);
    resolve_face(game.world_mut(), a, north, RebelFace::Exhaust);
    let m = mat(&game, a);
    assert_eq!((m.manpower, m.exhausted_manpower), (0, 1));
    resolve_face(game.world_mut(), a, north, RebelFace::NoEffect);
    assert_eq!(count(&game, "pop.14.2.no_effect"), 1);
    assert_eq!(mat(&game, a).ducats, 8, "no effect costs nothing");
}

#[test]
fn pop_14_2_cannot_pay_costs_two_ducats_then_a_loan_then_bankruptcy() {
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    set(&mut game, a, |m| {
        m.ducats = 3;
        m.mp = [0, 0, 0];
        m.manpower = 0;
    });
    resolve_face(game.world_mut(), a, north, RebelFace::LoseMp);
    assert_eq!(mat(&game, a).ducats, 1, "no MP: 2 ducats instead");
    resolve_face(game.world_mut(), a, north, RebelFace::Exhaust);
    let m = mat(&game, a);
    assert_eq!(
        (m.ducats, m.loans),
        (1 + 5 - 2, 1),
        "no manpower, 1 ducat: a forced loan"
    );
    assert_eq!(
        count(&game, "pop.14.2.cannot_pay"),
        4,
        "a note and a payment for each"
    );
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.loans = 5;
    });
    resolve_face(game.world_mut(), a, north, RebelFace::LoseMp);
    assert!(logged(&game, "pop.7.4.bankruptcy", "goes bankrupt"));
}

#[test]
fn pop_14_2_remove_unrest_face_in_that_area() {
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    unrest(&mut game, "AAA", "nora");
    resolve_face(game.world_mut(), a, north, RebelFace::RemoveUnrest);
    assert!(counting_unrest(game.world(), a, None).is_empty());
    assert_eq!(count(&game, "pop.14.2.remove_unrest"), 1);
    // With two candidates the realm chooses.
    unrest(&mut game, "AAA", "nora");
    unrest(&mut game, "AAA", "capa");
    resolve_face(game.world_mut(), a, north, RebelFace::RemoveUnrest);
    let pending = game.world().resource::<Pending>().0.clone().unwrap();
    assert_eq!(
        pending.kind,
        DecisionKind::RebelRemoveUnrest {
            area: "north".into()
        }
    );
}

#[test]
fn pop_14_2_rebel_town_on_a_core_with_a_cube_on_the_track() {
    let mut game = game();
    let a = e(&game, "AAA");
    let nora = e(&game, "nora");
    unrest(&mut game, "AAA", "nora");
    rebels_take(game.world_mut(), a, nora, a, "pop.14.2.rebellion_liberates");
    assert!(game.world().get::<RebelTown>(nora).is_some());
    assert_eq!(tracks(game.world(), a).covered, 1);
    assert_eq!(
        tracks(game.world(), a).income,
        3 - 1,
        "the covered slot shows nothing"
    );
    assert_eq!(count(&game, "pop.14.2.rebel_town"), 1);
    assert!(
        counting_unrest(game.world(), a, None).is_empty(),
        "the rebel town covers the unrest"
    );
}

#[test]
fn pop_14_3_liberation_occupied_returns_to_the_lawful_owner() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let sora = e(&game, "sora");
    // AAA occupies BBB's Sora: its town on top, BBB's slot covered.
    game.world_mut().entity_mut(sora).insert(ControlledBy(a));
    spawn_sim(
        game.world_mut(),
        None,
        (Town { large: false }, TokenOf(a), OnProvince(sora), Unrest),
    );
    assert_eq!(tracks(game.world(), b).covered, 1);
    rebels_take(game.world_mut(), a, sora, a, "pop.14.2.rebellion_liberates");
    assert_eq!(game.world().get::<ControlledBy>(sora).unwrap().0, b);
    assert_eq!(tracks(game.world(), b).covered, 0);
    assert_eq!(
        tracks(game.world(), a).small_towns,
        1,
        "the occupier's town went home"
    );
    assert_eq!(count(&game, "pop.14.3.liberation_occupied"), 1);
    // "A PR whose Province is Liberated ... must place a CB token on the new Province Owner's
    // Capital": Sora was never Aland's, and Beland still owns it: no CB either way.
    assert_eq!(count(&game, "pop.14.3.liberation_cb"), 0);
    let mut cbs = game.world_mut().query::<&CasusBelli>();
    assert!(
        !cbs.iter(game.world())
            .any(|c| (c.holder == a && c.target == b) || (c.holder == b && c.target == a))
    );
}

#[test]
fn pop_14_3_liberation_core_returns_to_the_realm_whose_core_it_is() {
    let mut game = game();
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    let nora = e(&game, "nora");
    // Nora is printed as a core of CCC only, and AAA holds it.
    game.world_mut().get_mut::<PrintedCores>(nora).unwrap().0 = vec![c];
    // A truce between AAA and CCC is removed by the CB.
    spawn_sim(game.world_mut(), None, Truce { a, b: c });
    rebels_take(game.world_mut(), a, nora, a, "pop.14.2.rebellion_liberates");
    assert_eq!(game.world().get::<OwnedBy>(nora).unwrap().0, c);
    assert_eq!(tracks(game.world(), a).small_towns, 0);
    assert_eq!(count(&game, "pop.14.3.liberation_core"), 1);
    assert_eq!(count(&game, "pop.14.2.rebellion_liberates"), 1);
    let mut truces = game.world_mut().query::<&Truce>();
    assert_eq!(truces.iter(game.world()).count(), 0);
    // The log says the truce went with the CB.
    assert!(
        game.log()
            .entries
            .iter()
            .any(|n| n.rule == "pop.14.3.liberation_cb"
                && n.text == "AAA places a CB on CCC's capital; the truce between them is removed")
    );
}

#[test]
fn pop_14_3_liberation_territory_takes_the_active_players_colour() {
    let mut game = game();
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    let nora = e(&game, "nora");
    game.world_mut()
        .get_mut::<PrintedCores>(nora)
        .unwrap()
        .0
        .clear();
    liberate(game.world_mut(), a, nora, a);
    let pending = game.world().resource::<Pending>().0.clone().unwrap();
    assert_eq!(
        pending.kind,
        DecisionKind::LiberationColour {
            province: "nora".into()
        }
    );
    let options = crate::rulesets::pop::rules::rebels::candidates(game.world(), a, &pending.kind);
    assert_eq!(
        options,
        vec![Action::ChooseRealm {
            realm: "CCC".into()
        }],
        "the NPR next door"
    );
    // The active player picks CCC, as the rebel-dice step would pass the answer on.
    game.world_mut().res_mut::<Pending>().0 = None;
    crate::rulesets::pop::rules::rebels::answer_colour_for_tests(game.world_mut(), "CCC");
    assert_eq!(game.world().get::<OwnedBy>(nora).unwrap().0, c);
    assert_eq!(game.world().get::<NprMarker>(nora).unwrap().0, c);
    assert_eq!(count(&game, "pop.14.3.liberation_territory"), 1);
}

#[test]
fn pop_seq_phase3_a_cb_removal_costs_two_prestige_unless_at_war() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    spawn_sim(
        game.world_mut(),
        None,
        CasusBelli {
            holder: a,
            target: b,
        },
    );
    spawn_sim(
        game.world_mut(),
        None,
        CasusBelli {
            holder: b,
            target: a,
        },
    );
    at_war(&mut game, b, a);
    set(&mut game, a, |m| m.prestige = 5);
    set(&mut game, b, |m| m.prestige = 5);
    crate::rulesets::pop::rules::rebels::remove_cb_and_truce_tokens_for_tests(game.world_mut());
    assert_eq!(mat(&game, a).prestige, 5, "at war with the target: no loss");
    assert_eq!(mat(&game, b).prestige, 5);
    let mut cbs = game.world_mut().query::<&CasusBelli>();
    assert_eq!(cbs.iter(game.world()).count(), 0);
    let mut war = game.world_mut().query::<(Entity, &War)>();
    let w: Vec<Entity> = war.iter(game.world()).map(|(e, _)| e).collect();
    for x in w {
        game.world_mut().despawn(x);
    }
    spawn_sim(
        game.world_mut(),
        None,
        CasusBelli {
            holder: a,
            target: b,
        },
    );
    crate::rulesets::pop::rules::rebels::remove_cb_and_truce_tokens_for_tests(game.world_mut());
    assert_eq!(mat(&game, a).prestige, 3);
}

/// The dice rolled (realm, dice, area) when an Event's unrest symbol is resolved with BBB first
/// and `bbb_active` BBB as Active Player or nobody; with `colony`, BBB also has a town in unrest
/// in the distant Farland, and picks Farland when asked where its one die is rolled. Also the
/// questions asked.
fn event_rebel_rolls(
    bbb_active: bool,
    colony: bool,
) -> (Vec<(String, i32, String)>, Vec<DecisionKind>) {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    unrest(&mut game, "AAA", "capa");
    unrest(&mut game, "AAA", "nora");
    unrest(&mut game, "BBB", "capb");
    unrest(&mut game, "BBB", "sora");
    if colony {
        let wild = e(&game, "wild");
        game.world_mut()
            .entity_mut(wild)
            .insert((OwnedBy(b), ControlledBy(b)));
        crate::rulesets::pop::rules::towns::place_small_town(game.world_mut(), b, wild);
        unrest(&mut game, "BBB", "wild");
    }
    // Keep every face payable without a choice: plenty of ducats, manpower, one MP type.
    for r in [a, b] {
        set(&mut game, r, |m| {
            m.ducats = 50;
            m.manpower = 10;
        });
    }
    game.world_mut().res_mut::<Pending>().0 = None;
    crate::rulesets::pop::rules::rebels::start_event_rebel_dice(
        game.world_mut(),
        b,
        bbb_active.then_some(b),
    );
    let mut asked = Vec::new();
    let mut guard = 0;
    while crate::rulesets::pop::rules::rebels::continue_event_rebel_dice(game.world_mut())
        == crate::rulesets::pop::rules::effects::Progress::Waiting
    {
        // Answer whatever the dice ask with Farland or else the first legal answer.
        asked.push(game.pending().unwrap().kind.clone());
        let legal = game.legal_actions();
        let farland = Action::ChooseArea {
            area: "farland".into(),
        };
        let action = if legal.contains(&farland) {
            farland
        } else {
            legal[0].clone()
        };
        crate::rulesets::pop::decision::take_answer(game.world_mut());
        game.world_mut().res_mut::<Pending>().0 = None;
        if !crate::rulesets::pop::rules::effects::answer_effect(game.world_mut(), &action) {
            crate::rulesets::pop::rules::rebels::answer_event_rebel_dice(game.world_mut(), &action);
        }
        guard += 1;
        assert!(guard < 20);
    }
    let rolls = game
        .world()
        .resource::<GameLog>()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.14.2.roll")
        .map(|n| {
            let area = n
                .subject
                .and_then(|s| {
                    game.world()
                        .resource::<crate::rulesets::pop::state::Index>()
                        .by_sid(s)
                })
                .map(|a| crate::rulesets::pop::state::key_of(game.world(), a).to_string())
                .unwrap_or_default();
            (n.realm.clone().unwrap(), n.amount.unwrap(), area)
        })
        .collect();
    (rolls, asked)
}

#[test]
fn pop_5_1_event_symbols_unrest_the_active_player_chooses_the_area_of_its_one_die() {
    // 16.5, Unrest/Rebellion: "You roll a maximum of 1 Rebel Die": with unrest in South and in
    // Farland, BBB chooses Farland; South rolls nothing, and no empty roll is logged there.
    let (rolls, asked) = event_rebel_rolls(true, true);
    assert_eq!(asked.first(), Some(&DecisionKind::RebelDieArea));
    let bbb: Vec<&(String, i32, String)> = rolls.iter().filter(|(r, ..)| r == "BBB").collect();
    assert_eq!(bbb, [&("BBB".to_string(), 1, "farland".to_string())]);
    // Nobody's Event: no question, and BBB rolls for all 3 unrest.
    let (rolls, asked) = event_rebel_rolls(false, true);
    assert!(!asked.contains(&DecisionKind::RebelDieArea));
    let dice: i32 = rolls
        .iter()
        .filter(|(r, ..)| r == "BBB")
        .map(|(_, n, _)| n)
        .sum();
    assert_eq!(dice, 3);
}

#[test]
fn pop_5_1_event_symbols_unrest_everyone_rolls_the_active_player_at_most_one_die() {
    let (rolls, _) = event_rebel_rolls(true, false);
    let rolls: Vec<(String, i32)> = rolls.into_iter().map(|(r, n, _)| (r, n)).collect();
    // BBB, the active player, rolls first and only 1 die for its 2 unrest; AAA rolls both.
    assert_eq!(rolls[0], ("BBB".to_string(), 1));
    assert_eq!(
        rolls
            .iter()
            .filter(|(r, _)| r == "BBB")
            .map(|(_, n)| n)
            .sum::<i32>(),
        1
    );
    assert_eq!(
        rolls
            .iter()
            .filter(|(r, _)| r == "AAA")
            .map(|(_, n)| n)
            .sum::<i32>(),
        2,
        "one die per unrest, area by area"
    );
}

#[test]
fn pop_5_1_event_symbols_unrest_on_the_event_nobody_took_nobody_is_capped() {
    // 16.5: "When resolving unpicked Events, no one is considered to be the Active Player": the
    // last taker, rolling first, rolls a die for each of its 2 unrest.
    let (rolls, _) = event_rebel_rolls(false, false);
    for realm in ["AAA", "BBB"] {
        let dice: i32 = rolls
            .iter()
            .filter(|(r, ..)| r == realm)
            .map(|(_, n, _)| n)
            .sum();
        assert_eq!(dice, 2, "{realm}: {rolls:?}");
    }
}

#[test]
fn pop_act_suppress_unrest_one_mil_per_province() {
    let mut game = game();
    let me = game.pending().unwrap().realm;
    let realm = e(&game, &me);
    let (p1, p2) = if me == "AAA" {
        ("capa", "nora")
    } else {
        ("capb", "sora")
    };
    unrest(&mut game, &me, p1);
    unrest(&mut game, &me, p2);
    set(&mut game, realm, |m| m.mp = [0, 0, 2]);
    game.apply(Action::SuppressUnrest {
        province: p1.into(),
    })
    .unwrap();
    assert_eq!(game.pending().unwrap().kind, DecisionKind::SuppressMore);
    game.apply(Action::ChooseProvince {
        province: p2.into(),
    })
    .unwrap();
    assert!(counting_unrest(game.world(), realm, None).is_empty());
    assert_eq!(mat(&game, realm).mp[2], 0, "1 mil each");
    assert_eq!(
        game.world()
            .resource::<GameLog>()
            .entries
            .iter()
            .filter(|n| n.rule == "pop.act.suppress_unrest" && n.text.contains("removes"))
            .count(),
        2
    );
    // The action took the turn: the other player is up.
    assert_ne!(game.pending().unwrap().realm, me);
    // Without mil it is refused with the rule.
    let other = game.pending().unwrap().realm;
    let o = e(&game, &other);
    let p = if other == "AAA" { "nora" } else { "sora" };
    unrest(&mut game, &other, p);
    set(&mut game, o, |m| m.mp = [3, 3, 0]);
    assert_eq!(
        game.apply(Action::SuppressUnrest { province: p.into() })
            .unwrap_err()
            .rule,
        "pop.act.suppress_unrest"
    );
}

#[test]
fn pop_14_2_remove_unrest_answer_is_not_taken_for_a_rebellion() {
    use crate::rulesets::pop::rules::rebels::{RebelQuestion, RebelRoll};
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    unrest(&mut game, "AAA", "capa");
    unrest(&mut game, "AAA", "nora");
    // Faces [Rebellion, RemoveUnrest]: the rebellion waits while the removal is asked.
    *game.world_mut().res_mut::<RebelRoll>() = RebelRoll {
        realm: Some(crate::rulesets::pop::state::sid_of(game.world(), a)),
        area: Some(crate::rulesets::pop::state::sid_of(game.world(), north)),
        rebellions: 1,
        asked: Some(RebelQuestion::RemoveUnrest),
        ..Default::default()
    };
    crate::rulesets::pop::rules::rebels::answer_rebel_dice(
        game.world_mut(),
        a,
        Action::ChooseProvince {
            province: "nora".into(),
        },
    );
    assert!(
        game.world().get::<RebelTown>(e(&game, "nora")).is_none(),
        "calmed, not taken by rebels"
    );
    assert_eq!(
        counting_unrest(game.world(), a, None),
        vec![e(&game, "capa")]
    );
    assert_eq!(
        game.world().resource::<RebelRoll>().rebellions,
        1,
        "the rebellion still waits"
    );
}

#[test]
fn pop_7_4_repay_with_passing_money_in_the_same_turn() {
    let mut game = game();
    // Take this Round's Event first (passing needs it), then pass with a loan and 3 ducats.
    let me = take_first_event(&mut game);
    let realm = e(&game, &me);
    // Wait for my next turn.
    while game
        .pending()
        .is_some_and(|d| d.realm != me || d.kind != DecisionKind::Turn)
    {
        let legal = game.legal_actions();
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::TakeEvent { .. }))
            .cloned()
            .unwrap_or(legal[0].clone());
        game.apply(pick).unwrap();
    }
    set(&mut game, realm, |m| {
        m.ducats = 3;
        m.loans = 1;
    });
    game.apply(Action::Pass).unwrap();
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::AfterPass,
        "5 passing money makes 8: a loan can go"
    );
    game.apply(Action::RepayLoan).unwrap();
    let m = mat(&game, realm);
    assert_eq!((m.loans, m.ducats), (0, 3 + 5 - 6));
}

/// Gives the realm's tokens in `province` unrest, and clears a rebel town there.
fn hold_unrest(game: &mut Game, realm: Entity, province: &str) {
    let p = e(game, province);
    game.world_mut().entity_mut(p).remove::<RebelTown>();
    let tokens: Vec<Entity> = game
        .world()
        .get::<Holdings>(p)
        .map(|h| h.iter().collect())
        .unwrap_or_default();
    for t in tokens {
        if game.world().get::<TokenOf>(t).is_some_and(|o| o.0 == realm) {
            game.world_mut().entity_mut(t).insert(Unrest);
        }
    }
}

#[test]
fn pop_14_2_one_rebel_die_per_town_with_unrest() {
    // "Players must roll Rebel Dice for each of their t/v with u": two small towns with unrest on
    // one large province roll two dice, not one for the province.
    let mut game = game();
    let a = e(&game, "AAA");
    let capa = e(&game, "capa");
    let large: Vec<Entity> = game.world().get::<Holdings>(capa).unwrap().iter().collect();
    for t in large {
        game.world_mut().despawn(t);
    }
    for _ in 0..2 {
        spawn_sim(
            game.world_mut(),
            None,
            (Town { large: false }, TokenOf(a), OnProvince(capa)),
        );
    }
    let nora = e(&game, "nora");
    let reached = play_until(
        &mut game,
        3000,
        |game| {
            hold_unrest(game, a, "capa");
            let tokens: Vec<Entity> = game
                .world()
                .get::<Holdings>(nora)
                .map(|h| h.iter().collect())
                .unwrap_or_default();
            for t in tokens {
                game.world_mut().entity_mut(t).remove::<Unrest>();
            }
            set(game, a, |m| m.stability = 0);
        },
        |game| {
            game.log()
                .entries
                .iter()
                .any(|n| n.rule == "pop.seq.phase3.i" && n.realm.as_deref() == Some("AAA"))
        },
    );
    assert!(reached, "Phase 3 I came");
    let log = &game.log().entries;
    let start = log
        .iter()
        .position(|n| n.rule == "pop.seq.phase3.i" && n.realm.as_deref() == Some("AAA"))
        .unwrap();
    let roll = log[start..]
        .iter()
        .find(|n| n.rule == "pop.14.2.roll" && n.realm.as_deref() == Some("AAA"))
        .unwrap();
    assert_eq!(roll.amount, Some(2), "{}", roll.text);
    assert!(
        roll.text.contains("rolls 2 rebel dice in north"),
        "{}",
        roll.text
    );
}

/// Keeps each realm's two home provinces in unrest and 3 of its infantry in the home area, so
/// that rebel dice keep raising rebellions against an army.
fn armed_unrest(game: &mut Game, homes: &[(Entity, &str, [&str; 2])]) {
    for (realm, area, provinces) in homes {
        for p in provinces {
            hold_unrest(game, *realm, p);
        }
        let here = military::own_units_at(game.world(), *realm, e(game, area), true).len();
        for _ in here..3 {
            spawn_unit(
                game,
                Some(*realm),
                area,
                UnitKind::Infantry,
                UnitStatus::Regular,
            );
        }
    }
}

#[test]
fn pop_14_2_rebellion_battles_come_after_all_rebel_dice() {
    // "A ? is placed in the Area for each r result, triggering a Battle after all Rebel Dice rolls
    // have been resolved": the first realm's rebellion is fought only after the second realm has
    // rolled too.
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let homes = [
        (a, "north", ["capa", "nora"]),
        (b, "south", ["capb", "sora"]),
    ];
    // A Phase 3 I where a realm's rebellion raised units and another realm rolled after it.
    let found = |game: &Game| -> Option<(usize, usize)> {
        let log = &game.log().entries;
        for (i, n) in log.iter().enumerate() {
            if n.rule != "pop.14.2.rebellion_units" {
                continue;
            }
            let step_end = log[i..]
                .iter()
                .position(|x| {
                    x.rule == "pop.flow.phase" || x.rule == "pop.seq.phase3.i" && x.realm == n.realm
                })
                .map_or(log.len(), |k| i + k);
            if let Some(k) = log[i..step_end]
                .iter()
                .rposition(|x| x.rule == "pop.14.2.roll" && x.realm != n.realm)
            {
                return Some((i, i + k));
            }
        }
        None
    };
    let reached = play_until(
        &mut game,
        6000,
        |game| {
            armed_unrest(game, &homes);
            for (realm, _, _) in homes {
                set(game, realm, |m| m.stability = 0);
            }
        },
        |game| found(game).is_some(),
    );
    assert!(
        reached,
        "a rebellion against an army, with another realm rolling after it"
    );
    let (rising, last_roll) = found(&game).unwrap();
    let log = &game.log().entries;
    assert!(
        !log[rising..last_roll]
            .iter()
            .any(|x| x.rule == "pop.battle.start"),
        "no rebellion battle before every rebel die is rolled: {:?}",
        log[rising..=last_roll]
            .iter()
            .map(|x| (x.rule, x.text.clone()))
            .collect::<Vec<_>>()
    );
    assert!(
        log[last_roll..]
            .iter()
            .any(|x| x.rule == "pop.battle.start"),
        "the battle comes after the dice"
    );
}

#[test]
fn pop_14_2_an_events_rebellion_battles_come_before_the_event_goes_on() {
    // "Certain Events will also require Rebel Dice to be rolled", and a Rebellion against an
    // army triggers "a Battle after all Rebel Dice rolls have been resolved": once every player
    // has rolled for the Event, before its next symbol (here each such Event's Mortality).
    let mut game =
        game_with(|t| t.replace("symbols: [Mortality(1)]", "symbols: [Unrest, Mortality(1)]"));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let homes = [
        (a, "north", ["capa", "nora"]),
        (b, "south", ["capb", "sora"]),
    ];
    // An Event's rebellion against an army, and where that Event's next symbol begins.
    let found = |game: &Game| -> Option<(usize, usize)> {
        let log = &game.log().entries;
        let mut in_event = false;
        for (i, n) in log.iter().enumerate() {
            match n.rule {
                "pop.5.1.event_symbols" => in_event = n.text.contains("unrest symbol"),
                "pop.flow.phase" | "pop.seq.phase3.i" | "pop.seq.phase2.turn" => in_event = false,
                "pop.14.2.rebellion_units" if in_event => {
                    let next = log[i..]
                        .iter()
                        .position(|x| x.rule == "pop.5.1.event_symbols")?;
                    return Some((i, i + next));
                }
                _ => {}
            }
        }
        None
    };
    let reached = play_until(
        &mut game,
        6000,
        |game| armed_unrest(game, &homes),
        |game| found(game).is_some(),
    );
    assert!(
        reached,
        "an Event's rebellion against an army, and the Event going on"
    );
    let (rising, next_symbol) = found(&game).unwrap();
    let log = &game.log().entries;
    let between: Vec<(&str, &str)> = log[rising..next_symbol]
        .iter()
        .map(|x| (x.rule, x.text.as_str()))
        .collect();
    let battle = between
        .iter()
        .position(|(rule, _)| *rule == "pop.battle.start")
        .unwrap_or_else(|| panic!("the battle is fought before the next symbol: {between:?}"));
    assert!(
        !between[battle..]
            .iter()
            .any(|(rule, _)| *rule == "pop.14.2.roll"),
        "every rebel die is rolled before the battle: {between:?}"
    );
}

#[test]
fn pop_14_3_c_liberated_territory_colour_any_npr() {
    // "A Territory ... the PR's t is replaced with a æ of a color chosen by the Active Player":
    // any Non-Player Realm, not only one nearby. DDD holds only a province far away.
    let mut game = game_with(|t| {
        t.replace(
            "        (id: \"CCC\", name: \"Celand\",",
            "        (id: \"DDD\", name: \"Deland\", kind: NonPlayer, colour: (90, 90, 90), capital: \"dora\"),\n        (id: \"CCC\", name: \"Celand\",",
        )
        .replace(
            "            (id: \"wild\", name: \"Wild\",",
            "            (id: \"dora\", name: \"Dora\", area: \"farland\", cores: [\"DDD\"], owner: Some(\"DDD\"),\n             shape: [[(320.0, 100.0), (400.0, 100.0), (400.0, 180.0), (320.0, 180.0)]], site: (360.0, 140.0)),\n            (id: \"wild\", name: \"Wild\",",
        )
    });
    let a = e(&game, "AAA");
    let nora = e(&game, "nora");
    game.world_mut()
        .get_mut::<PrintedCores>(nora)
        .unwrap()
        .0
        .clear();
    let asked = |game: &Game| {
        game.pending()
            .is_some_and(|d| matches!(d.kind, DecisionKind::LiberationColour { .. }))
    };
    let reached = play_until(
        &mut game,
        6000,
        |game| {
            if game.world().get::<OwnedBy>(nora).is_some_and(|o| o.0 == a) {
                hold_unrest(game, a, "nora");
                let north = e(game, "north");
                // No army of AAA's to fight them off.
                for u in military::own_units_at(game.world(), a, north, true) {
                    game.world_mut().despawn(u);
                }
                if military::units_at(game.world(), north, Party::Rebels, true).is_empty() {
                    spawn_unit(game, None, "north", UnitKind::Infantry, UnitStatus::Rebel);
                }
            }
        },
        asked,
    );
    assert!(
        reached,
        "nora is liberated: {} {:?}",
        game.is_over(),
        game.log()
            .entries
            .iter()
            .filter(|n| n.rule.contains("14.") || n.rule.contains("flow"))
            .map(|n| (n.rule, n.text.clone()))
            .take(60)
            .collect::<Vec<_>>()
    );
    let far = Action::ChooseRealm {
        realm: "DDD".into(),
    };
    assert!(
        game.legal_actions().contains(&far),
        "{:?}",
        game.legal_actions()
    );
    assert!(game.legal_actions().contains(&Action::ChooseRealm {
        realm: "CCC".into()
    }));
    game.apply(far).unwrap();
    let d = e(&game, "DDD");
    assert_eq!(game.world().get::<OwnedBy>(nora).unwrap().0, d);
    assert_eq!(game.world().get::<NprMarker>(nora).unwrap().0, d);
}

#[test]
fn pop_14_2_rebel_town_cube_covers_the_slot_of_the_town_under_it() {
    // "Place a Rebel Town on top of your t/v, and cover the corresponding slot on the Town or
    // Vassal Track": the large town of Capa is worth 2 on the large-town track, so AAA's tax
    // income falls from 3 (large 2 + small 1) to 1, not to 2.
    let mut game = game();
    let a = e(&game, "AAA");
    let capa = e(&game, "capa");
    assert_eq!(tracks(game.world(), a).income, 3);
    let reached = play_until(
        &mut game,
        6000,
        |game| {
            if game.world().get::<RebelTown>(capa).is_some() {
                return;
            }
            hold_unrest(game, a, "capa");
            let nora = e(game, "nora");
            let tokens: Vec<Entity> = game
                .world()
                .get::<Holdings>(nora)
                .map(|h| h.iter().collect())
                .unwrap_or_default();
            for t in tokens {
                game.world_mut().entity_mut(t).remove::<Unrest>();
            }
            set(game, a, |m| m.stability = 0);
            let north = e(game, "north");
            for u in military::own_units_at(game.world(), a, north, true) {
                game.world_mut().despawn(u);
            }
        },
        |game| game.world().get::<RebelTown>(capa).is_some(),
    );
    assert!(reached, "rebels took Capa");
    assert!(count(&game, "pop.14.2.rebel_town") + count(&game, "pop.14.3.siege") > 0);
    let t = tracks(game.world(), a);
    assert_eq!(
        (t.covered_large, t.covered_small, t.covered_vassals),
        (1, 0, 0),
        "the cube is on the large-town track"
    );
    assert_eq!(t.income, 1, "the large town's 2 are covered");
    assert_eq!(t.manpower, 1);
    // Storming the rebel town takes the cube off the same slot: the income is whole again.
    military::take_by_siege(game.world_mut(), a, capa);
    let t = tracks(game.world(), a);
    assert_eq!((t.covered, t.income), (0, 3));
}

#[test]
fn pop_14_2_rebel_town_on_a_vassal_covers_the_vassal_track() {
    // A vassal's slot is worth 1/2 on the Vassal Track: the cube goes there, not on the small
    // towns. BBB holds Capb (large) and the vassal Sora; a second small town shows the income.
    let mut game = game();
    let b = e(&game, "BBB");
    let sora = e(&game, "sora");
    let capb = e(&game, "capb");
    spawn_sim(
        game.world_mut(),
        None,
        (Town { large: false }, TokenOf(b), OnProvince(capb)),
    );
    assert_eq!(tracks(game.world(), b).income, 3);
    unrest(&mut game, "BBB", "sora");
    rebels_take(game.world_mut(), b, sora, b, "pop.14.2.rebellion_liberates");
    let t = tracks(game.world(), b);
    assert_eq!(
        (t.covered_vassals, t.covered_small, t.covered_large),
        (1, 0, 0)
    );
    assert_eq!(
        t.income, 3,
        "half a ducat rounds down to nothing either way"
    );
}

/// The mini scenario with a second Player Realm in North: BBB holds Nora (its core), AAA holds
/// Capa (large) and a new small province Nova.
fn two_realms_in_north() -> Game {
    game_with(|t| {
        t.replace(
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"AAA\"], owner: Some(\"AAA\"),",
            "(id: \"nova\", name: \"Nova\", area: \"north\", cores: [\"AAA\"], owner: Some(\"AAA\"),\n             shape: [[(100.0, 150.0), (150.0, 150.0), (150.0, 200.0), (100.0, 200.0)]], site: (120.0, 170.0)),\n            (id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"BBB\"], owner: Some(\"BBB\"),",
        )
    })
}

/// One rebel in North, no armies there, unrest on Nora and Nova only.
fn one_rebel_in_north(game: &mut Game) {
    let (a, b) = (e(game, "AAA"), e(game, "BBB"));
    let north = e(game, "north");
    for r in [a, b] {
        for u in military::own_units_at(game.world(), r, north, true) {
            game.world_mut().despawn(u);
        }
    }
    let rebels = military::units_at(game.world(), north, Party::Rebels, true);
    if rebels.is_empty() {
        spawn_unit(game, None, "north", UnitKind::Infantry, UnitStatus::Rebel);
    }
    for u in rebels.into_iter().skip(1) {
        game.world_mut().despawn(u);
    }
    hold_unrest(game, b, "nora");
    hold_unrest(game, a, "nova");
    let capa = e(game, "capa");
    let tokens: Vec<Entity> = game
        .world()
        .get::<Holdings>(capa)
        .map(|h| h.iter().collect())
        .unwrap_or_default();
    for t in tokens {
        game.world_mut().entity_mut(t).remove::<Unrest>();
    }
}

#[test]
fn pop_14_3_the_player_with_the_lowest_tax_income_in_the_area_chooses_the_siege() {
    // "If an Area contains several PRs with Provinces in Unrest, the player with the lowest Tax
    // Income in this Area chooses which Province the Rebels will Siege (within the limits of the
    // criteria above)." In North AAA has 3 (Capa 2, Nova 1), BBB 1 (Nora): BBB chooses. One
    // rebel can siege only a small province, so Capa is no choice; BBB may send the rebels to
    // AAA's Nova.
    let mut game = two_realms_in_north();
    let (a, nova) = (e(&game, "AAA"), e(&game, "nova"));
    let asked = |game: &Game| {
        game.pending()
            .is_some_and(|d| matches!(d.kind, DecisionKind::RebelSiege { .. }))
    };
    let reached = play_until(&mut game, 6000, one_rebel_in_north, asked);
    assert!(reached, "the rebels' siege in North is asked");
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, "BBB", "the lowest tax income in the area chooses");
    assert_eq!(
        d.kind,
        DecisionKind::RebelSiege {
            area: "north".into()
        }
    );
    assert_eq!(
        game.legal_actions(),
        vec![
            Action::ChooseProvince {
                province: "nora".into()
            },
            Action::ChooseProvince {
                province: "nova".into()
            },
        ],
        "small provinces only (one rebel), alphabetical"
    );
    refused(
        &mut game,
        Action::ChooseProvince {
            province: "capa".into(),
        },
        "pop.14.3.siege_choice",
    );
    game.apply(Action::ChooseProvince {
        province: "nova".into(),
    })
    .unwrap();
    assert!(game.world().get::<RebelTown>(nova).is_some());
    assert_eq!(tracks(game.world(), a).covered_small, 1);
    assert!(count(&game, "pop.14.3.siege_choice") >= 1);
}

#[test]
fn pop_14_3_the_siege_choice_is_for_the_area_in_hand_after_earlier_rebels_moved() {
    // Three rebels in East (no unrest there) come first and move; the board's ranking of rebel
    // areas changes, but the choice asked for North is still North's. (The answer was once
    // looked up in the changed ranking, missed, and the same question came back for ever.)
    let mut game = two_realms_in_north();
    let nova = e(&game, "nova");
    let setup = |game: &mut Game| {
        one_rebel_in_north(game);
        let east = e(game, "east");
        let rebels = military::units_at(game.world(), east, Party::Rebels, true).len();
        for _ in rebels..3 {
            spawn_unit(game, None, "east", UnitKind::Infantry, UnitStatus::Rebel);
        }
    };
    let asked = |game: &Game| {
        game.pending()
            .is_some_and(|d| matches!(d.kind, DecisionKind::RebelSiege { .. }))
    };
    assert!(play_until(&mut game, 6000, setup, asked));
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::RebelSiege {
            area: "north".into()
        }
    );
    game.apply(Action::ChooseProvince {
        province: "nova".into(),
    })
    .unwrap();
    assert!(
        game.world().get::<RebelTown>(nova).is_some(),
        "the siege took place"
    );
    assert!(!asked(&game), "the question does not come back");
}

#[test]
fn pop_14_3_with_one_player_realm_ties_go_alphabetically_by_province() {
    // With one Player Realm in unrest nobody is asked: the rebels take the first province by
    // name among those the criteria allow (Nora before Nova, whatever their spawn order).
    let mut game = two_realms_in_north();
    let (a, nora, nova) = (e(&game, "AAA"), e(&game, "nora"), e(&game, "nova"));
    // Nora becomes AAA's too.
    let tokens: Vec<Entity> = game.world().get::<Holdings>(nora).unwrap().iter().collect();
    for t in tokens {
        game.world_mut().despawn(t);
    }
    game.world_mut()
        .entity_mut(nora)
        .insert((OwnedBy(a), ControlledBy(a)));
    spawn_sim(
        game.world_mut(),
        None,
        (Town { large: false }, TokenOf(a), OnProvince(nora)),
    );
    game.world_mut().get_mut::<PrintedCores>(nora).unwrap().0 = vec![a];
    one_rebel_in_north(&mut game);
    hold_unrest(&mut game, a, "nora");
    game.world_mut().res_mut::<Pending>().0 = None;
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert!(
        game.pending()
            .is_none_or(|d| !matches!(d.kind, DecisionKind::RebelSiege { .. }))
    );
    assert!(game.world().get::<RebelTown>(nora).is_some());
    assert!(game.world().get::<RebelTown>(nova).is_none());
}

#[test]
fn pop_14_3_alphabetically_means_by_the_province_names_players_read() {
    // "If there is a tie, pick Provinces alphabetically": by name, not by content id. Nora is
    // renamed Zora, so Nova comes first although "nora" sorts before "nova".
    let mut game = two_realms_in_north();
    {
        let content = &game
            .world()
            .resource::<crate::rulesets::pop::state::Content>()
            .0;
        let mut edited = (**content).clone();
        edited
            .map
            .provinces
            .iter_mut()
            .find(|p| p.id == "nora")
            .unwrap()
            .name = "Zora".into();
        game.world_mut()
            .insert_resource(crate::rulesets::pop::state::Content(std::sync::Arc::new(
                edited,
            )));
    }
    let (a, nora, nova) = (e(&game, "AAA"), e(&game, "nora"), e(&game, "nova"));
    // Nora becomes AAA's too.
    let tokens: Vec<Entity> = game.world().get::<Holdings>(nora).unwrap().iter().collect();
    for t in tokens {
        game.world_mut().despawn(t);
    }
    game.world_mut()
        .entity_mut(nora)
        .insert((OwnedBy(a), ControlledBy(a)));
    spawn_sim(
        game.world_mut(),
        None,
        (Town { large: false }, TokenOf(a), OnProvince(nora)),
    );
    game.world_mut().get_mut::<PrintedCores>(nora).unwrap().0 = vec![a];
    one_rebel_in_north(&mut game);
    hold_unrest(&mut game, a, "nora");
    hold_unrest(&mut game, a, "nova");
    game.world_mut().res_mut::<Pending>().0 = None;
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert!(
        game.pending()
            .is_none_or(|d| !matches!(d.kind, DecisionKind::RebelSiege { .. }))
    );
    assert!(
        game.world().get::<RebelTown>(nova).is_some(),
        "Nova before Zora"
    );
    assert!(game.world().get::<RebelTown>(nora).is_none());
}

#[test]
fn pop_14_2_exhaust_manpower_from_available_or_deployed_units_as_the_player_chooses() {
    // "Exhaust 1 m: Move 1 Regular Unit from Available m, or from your Deployed Units, to
    // Exhausted m." With both at hand the player is asked; a deployed infantry exhausted leaves
    // the Available manpower as it was.
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    let asked = |game: &Game| {
        game.pending()
            .is_some_and(|d| matches!(d.kind, DecisionKind::RebelExhaust { .. }))
    };
    let reached = play_until(
        &mut game,
        6000,
        |game| {
            hold_unrest(game, a, "capa");
            hold_unrest(game, a, "nora");
            set(game, a, |m| {
                m.stability = 0;
                m.manpower = m.manpower.max(2);
            });
            if military::own_units_at(game.world(), a, north, true).is_empty() {
                spawn_unit(
                    game,
                    Some(a),
                    "north",
                    UnitKind::Infantry,
                    UnitStatus::Regular,
                );
            }
        },
        asked,
    );
    assert!(reached, "a rebel die's exhaust face with both at hand");
    assert_eq!(game.pending().unwrap().realm, "AAA");
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::Accept), "{legal:?}");
    let infantry = Action::DisbandUnit {
        place: "north".into(),
        kind: UnitKind::Infantry,
        mercenary: false,
    };
    assert!(legal.contains(&infantry), "{legal:?}");
    let before = mat(&game, a);
    let units = military::own_units_at(game.world(), a, north, true).len();
    game.apply(infantry).unwrap();
    let after = mat(&game, a);
    assert_eq!(after.exhausted_manpower, before.exhausted_manpower + 1);
    assert_eq!(
        after.manpower, before.manpower,
        "Available manpower untouched"
    );
    assert_eq!(
        military::own_units_at(game.world(), a, north, true).len(),
        units - 1
    );
}

/// Exactly `n` rebels in `area`.
fn rebels_in(game: &mut Game, area: &str, n: usize) {
    let at = e(game, area);
    let rebels = military::units_at(game.world(), at, Party::Rebels, true);
    for u in rebels.iter().skip(n) {
        game.world_mut().despawn(*u);
    }
    for _ in rebels.len()..n {
        spawn_unit(game, None, area, UnitKind::Infantry, UnitStatus::Rebel);
    }
}

/// Exactly `n` infantry of `realm` in `area`.
fn army_in(game: &mut Game, realm: Entity, area: &str, n: usize) {
    let at = e(game, area);
    let units = military::own_units_at(game.world(), realm, at, true);
    for u in units.iter().skip(n) {
        game.world_mut().despawn(*u);
    }
    for _ in units.len()..n {
        spawn_unit(
            game,
            Some(realm),
            area,
            UnitKind::Infantry,
            UnitStatus::Regular,
        );
    }
}

/// No unrest on any of the realm's tokens in these provinces.
fn calm(game: &mut Game, provinces: &[&str]) {
    for p in provinces {
        let p = e(game, p);
        let tokens: Vec<Entity> = game
            .world()
            .get::<Holdings>(p)
            .map(|h| h.iter().collect())
            .unwrap_or_default();
        for t in tokens {
            game.world_mut().entity_mut(t).remove::<Unrest>();
        }
    }
}

#[test]
fn pop_14_3_rebels_without_unrest_move_all_but_one_to_unrest_where_not_outnumbered() {
    // "If, at the start of Phase 3, Step C, ? find themselves in an Area with no u, they may move
    // as described on page 9" (FACTS: all rebels but one move to an adjacent-by-land area that
    // has unrest, as long as they are not outnumbered there). Three rebels in East, unrest in
    // North and no army there: two march, one stays.
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    let reached = play_until(
        &mut game,
        6000,
        |game| {
            rebels_in(game, "east", 3);
            rebels_in(game, "north", 0);
            rebels_in(game, "south", 0);
            for r in [a, b] {
                army_in(game, r, "north", 0);
                army_in(game, r, "east", 0);
            }
            hold_unrest(game, a, "capa");
            hold_unrest(game, a, "nora");
            calm(game, &["capb", "sora"]);
        },
        |game| count(game, "pop.14.3.move") > 0,
    );
    assert!(reached, "Phase 3 C came");
    let rebels = |game: &Game, at| military::units_at(game.world(), at, Party::Rebels, true).len();
    assert_eq!((rebels(&game, north), rebels(&game, east)), (2, 1));
    let note = game
        .log()
        .entries
        .iter()
        .find(|n| n.rule == "pop.14.3.move")
        .unwrap();
    assert_eq!(note.amount, Some(2), "{}", note.text);
}

#[test]
fn pop_14_3_outnumbered_rebels_with_nowhere_to_go_lose_one() {
    // Not outnumbered, or they stay: AAA's 3 infantry in North outnumber the 2 rebels that could
    // march from East, South has no unrest, so no area qualifies and 1 rebel is removed (FACTS).
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    let reached = play_until(
        &mut game,
        6000,
        |game| {
            rebels_in(game, "east", 3);
            rebels_in(game, "north", 0);
            rebels_in(game, "south", 0);
            army_in(game, a, "north", 3);
            army_in(game, b, "east", 0);
            army_in(game, a, "east", 0);
            hold_unrest(game, a, "capa");
            hold_unrest(game, a, "nora");
            calm(game, &["capb", "sora"]);
        },
        |game| count(game, "pop.14.3.move") > 0,
    );
    assert!(reached, "Phase 3 C came");
    let rebels = |game: &Game, at| military::units_at(game.world(), at, Party::Rebels, true).len();
    assert_eq!((rebels(&game, north), rebels(&game, east)), (0, 2));
    assert_eq!(
        military::own_units_at(game.world(), a, north, true).len(),
        3,
        "no battle"
    );
    let note = game
        .log()
        .entries
        .iter()
        .find(|n| n.rule == "pop.14.3.move")
        .unwrap();
    assert!(note.text.contains("nowhere to go"), "{}", note.text);
}

#[test]
fn pop_14_3_c_areas_with_the_most_rebels_go_first_ties_alphabetical() {
    // FACTS Phase 3 C: "Areas are handled in order of most rebels first, ties alphabetical."
    let mut game = game();
    let (north, south) = (e(&game, "north"), e(&game, "south"));
    rebels_in(&mut game, "north", 1);
    rebels_in(&mut game, "south", 2);
    assert_eq!(
        crate::rulesets::pop::rules::rebel_armies::rebel_areas(game.world()),
        vec![south, north]
    );
    rebels_in(&mut game, "north", 2);
    assert_eq!(
        crate::rulesets::pop::rules::rebel_armies::rebel_areas(game.world()),
        vec![north, south]
    );
}

#[test]
fn pop_14_1_unrest_goes_on_a_calm_town_of_the_realm_and_of_the_named_area() {
    use crate::rulesets::pop::content::schema::Effect;
    use crate::rulesets::pop::state::key_of;
    let mut game = game();
    let a = e(&game, "AAA");
    unrest(&mut game, "AAA", "capa");
    let nora = e(&game, "nora");
    let area = game.world().get::<InArea>(nora).unwrap().0;
    let area_key = key_of(game.world(), area);
    let provinces: Vec<Entity> = game
        .world_mut()
        .query_filtered::<Entity, With<Province>>()
        .iter(game.world())
        .collect();
    for effect in [Effect::Unrest(1), Effect::UnrestIn(area_key, 1)] {
        let world = game.world_mut();
        let listed = unrest_town_asked(world, a, effect.clone());
        assert!(!listed.is_empty(), "{effect:?}: nora is calm");
        for p in &provinces {
            let action = Action::ChooseProvince {
                province: key_of(world, *p),
            };
            let verdict = crate::rulesets::pop::rules::check(world, &action);
            assert_eq!(
                verdict.is_ok(),
                listed.contains(&action),
                "{effect:?}: {action:?} is legal exactly when it is listed"
            );
            if let Err(refusal) = verdict {
                assert_eq!(refusal.rule, crate::rulesets::pop::ids::UNREST);
            }
        }
        let capa = Action::ChooseProvince {
            province: key_of(world, e_of(world, "capa")),
        };
        assert!(
            crate::rulesets::pop::rules::check(world, &capa).is_err(),
            "capa's town is in unrest already"
        );
        world.resource_mut::<EffectQueue>().items.pop_front();
    }
}

/// An Unrest Town decision for `realm` with `effect` in hand, as an Event or Phase 3 H asks it:
/// the answers listed.
fn unrest_town_asked(
    world: &mut World,
    realm: Entity,
    effect: crate::rulesets::pop::content::schema::Effect,
) -> Vec<Action> {
    use crate::rulesets::pop::decision::Decision;
    use crate::rulesets::pop::state::key_of;
    world.resource_mut::<EffectQueue>().items.push_front(effect);
    let decision = Decision {
        realm: key_of(world, realm),
        kind: DecisionKind::UnrestTown,
        prompt: "Choose a town to gain unrest".into(),
    };
    world.resource_mut::<Pending>().0 = Some(decision.clone());
    crate::rulesets::pop::rules::effects::effect_candidates(world, &decision)
}

fn e_of(world: &World, key: &str) -> Entity {
    world
        .resource::<crate::rulesets::pop::state::Index>()
        .get(key)
        .unwrap()
}

#[test]
fn pop_14_1_no_religious_dissent_on_a_distant_continent() {
    // "Religious Dissent will cause Unrest" (seed 001), but "The Religions of Realms and Areas
    // on the Distant Continents are outside the scope of the game mechanics" (EUP-W 15.0):
    // AAA's (Catholic) town in a Pagan Farland gains no unrest in Phase 3 G, where the same
    // town in a Protestant North would.
    use crate::rulesets::pop::ids;
    let mut game = game_with(|t| {
        t.replace(
            r#"(id: "farland", name: "Farland", continent: "new_world", distant: true,"#,
            r#"(id: "farland", name: "Farland", continent: "new_world", distant: true, religion: Pagan,"#,
        )
    });
    let a = e(&game, "AAA");
    let wild = e(&game, "wild");
    game.world_mut()
        .entity_mut(wild)
        .insert((OwnedBy(a), ControlledBy(a)));
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), a, wild);
    jump_to_step(&mut game, "pop.step.p3g");
    assert!(
        !counting_unrest(game.world(), a, None).contains(&wild),
        "no dissent in Farland"
    );
    assert!(!logged(
        &game,
        ids::SEQ_PHASE3_G,
        "Religious dissent in farland"
    ));
}

#[test]
fn pop_14_1_religious_dissent_among_vassals_and_in_town_areas_both_take_effect() {
    // Phase 3 G (FACTS; seed 14.1: "Religious Dissent will cause Unrest"): in each town area of
    // another faith a town gains unrest, and in one vassal area of another faith a vassal gains
    // unrest or 1 influence goes. AAA (Catholic) holds Capa as a town and Nora as a vassal in a
    // North turned Protestant: naming the vassal does not use up the town's unrest.
    use crate::rulesets::pop::ids;
    let mut game = game();
    let a = e(&game, "AAA");
    let (north, capa, nora) = (e(&game, "north"), e(&game, "capa"), e(&game, "nora"));
    let tokens: Vec<Entity> = game.world().get::<Holdings>(nora).unwrap().iter().collect();
    for t in tokens {
        game.world_mut().despawn(t);
    }
    spawn_sim(
        game.world_mut(),
        None,
        (Vassal, TokenOf(a), OnProvince(nora)),
    );
    crate::rulesets::pop::rules::religion::place_faith(
        game.world_mut(),
        north,
        Religion::Protestant,
    );
    assert!(counting_unrest(game.world(), a, None).is_empty());
    jump_to_step(&mut game, "pop.step.p3g");
    let pending = game.pending().expect("the vassals' question");
    assert_eq!(
        (pending.realm.as_str(), &pending.kind),
        (
            "AAA",
            &DecisionKind::VassalDissent {
                area: "north".into()
            }
        )
    );
    game.apply(Action::ChooseProvince {
        province: "nora".into(),
    })
    .unwrap();
    // Then North's town (the step asks where; Capa is the calm town left).
    assert_eq!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::UnrestTown)
    );
    game.apply(Action::ChooseProvince {
        province: "capa".into(),
    })
    .unwrap();
    let unrest = counting_unrest(game.world(), a, None);
    assert!(
        unrest.contains(&nora) && unrest.contains(&capa),
        "the vassal and the town: {unrest:?}"
    );
    assert!(logged(
        &game,
        ids::SEQ_PHASE3_G,
        "Religious dissent in north: a town of AAA gains unrest"
    ));
}

#[test]
fn pop_seq_phase3_g_and_h_unrest_goes_on_towns_never_on_vassals() {
    // EUP-W 4.3 G: "add unrest to 1 of their towns ... in each affected Area" (the vassals have
    // their own question); H: "Players still at War must add unrest to 2 of their towns". BBB
    // holds Capb (a town) and Sora (a vassal) in South.
    use crate::rulesets::pop::ids;
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (south, sora) = (e(&game, "south"), e(&game, "sora"));
    crate::rulesets::pop::rules::religion::place_faith(
        game.world_mut(),
        south,
        Religion::Protestant,
    );
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, south, 1);
    at_war(&mut game, a, b);
    set(&mut game, b, |m| m.stability = 0);
    jump_to_step(&mut game, "pop.step.p3g");
    let mut town_questions = 0;
    while let Some(d) = game.pending().cloned() {
        if d.realm != "BBB" {
            let first = game.legal_actions()[0].clone();
            game.apply(first).unwrap();
            continue;
        }
        match d.kind {
            // The vassals' dissent: 1 influence goes instead.
            DecisionKind::VassalDissent { .. } => game
                .apply(Action::RemoveInfluence {
                    area: "south".into(),
                })
                .unwrap(),
            DecisionKind::UnrestTown => {
                town_questions += 1;
                let legal = game.legal_actions();
                assert!(
                    !legal.contains(&Action::ChooseProvince {
                        province: "sora".into()
                    }),
                    "a town's unrest never goes on the vassal: {legal:?}"
                );
                game.apply(legal[0].clone()).unwrap();
            }
            _ => break,
        }
        if game
            .log()
            .entries
            .last()
            .is_some_and(|x| x.step == "pop.step.p3i")
        {
            break;
        }
    }
    assert!(town_questions >= 1, "South's town took the dissent");
    assert!(
        !counting_unrest(game.world(), b, None).contains(&sora),
        "Sora, a vassal, stays calm"
    );
    // Capb took the dissent: the war's 2 unrest find no other calm town.
    assert!(logged(&game, ids::SEQ_PHASE3_H, "BBB is still at war"));
    assert!(logged(
        &game,
        ids::EFFECT_NO_TARGET,
        "BBB has no calm town for unrest"
    ));
}

#[test]
fn pop_7_3_plus2_removal_comes_after_the_war_unrest_and_takes_effect() {
    // "+2s or higher: You may remove u from 1 of your Provinces in Phase 3, Step H", after a
    // realm still at war has placed its 2 unrest there (FACTS Phase 3 H): a realm with no
    // unrest before the step is asked too, and its answer removes unrest instead of being taken
    // for the placement.
    use crate::rulesets::pop::ids;
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    at_war(&mut game, a, b);
    set(&mut game, a, |m| m.stability = 2);
    set(&mut game, b, |m| m.stability = 0);
    assert!(counting_unrest(game.world(), a, None).is_empty());
    // Straight to Phase 3 H.
    jump_to_step(&mut game, "pop.step.p3h");
    // The war's 2 unrest are placed first (BBB's too, first in turn order), each choosing where.
    let mut placed = 0;
    while let Some(d) = game
        .pending()
        .filter(|d| d.kind == DecisionKind::UnrestTown)
    {
        placed += i32::from(d.realm == "AAA");
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    assert_eq!(placed, 2, "2 towns gain unrest");
    assert!(logged(&game, ids::SEQ_PHASE3_H, "AAA is still at war"));
    let pending = game.pending().expect("a question");
    assert_eq!(
        (pending.realm.as_str(), &pending.kind),
        ("AAA", &DecisionKind::RemoveUnrest)
    );
    let before = counting_unrest(game.world(), a, None);
    assert_eq!(before.len(), 2, "the new unrest counts");
    let province = crate::rulesets::pop::state::key_of(game.world(), before[0]);
    game.apply(Action::ChooseProvince { province }).unwrap();
    let after = counting_unrest(game.world(), a, None);
    assert_eq!(
        after,
        before[1..].to_vec(),
        "the chosen province is calm again"
    );
    assert_eq!(count(&game, ids::STABILITY_PLUS2), 1);
}

/// AAA at stability +2 (BBB at 0) occupying BBB's Sora with its own town, unrest side up:
/// returns the game, AAA and Sora.
fn aaa_at_plus2_occupying_sora() -> (Game, Entity, Entity) {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let sora = e(&game, "sora");
    set(&mut game, a, |m| m.stability = 2);
    set(&mut game, b, |m| m.stability = 0);
    game.world_mut().entity_mut(sora).insert(ControlledBy(a));
    spawn_sim(
        game.world_mut(),
        None,
        (Town { large: false }, TokenOf(a), OnProvince(sora), Unrest),
    );
    (game, a, sora)
}

#[test]
fn pop_7_3_plus2_removes_unrest_only_from_the_realms_own_provinces() {
    // "+2s or higher: You may remove u from 1 of your Provinces": AAA's town on BBB's Sora,
    // which AAA occupies, shows unrest that counts (it rolls for Sora's liberation), but Sora is
    // not one of AAA's Provinces.
    use crate::rulesets::pop::ids;
    let (mut game, a, sora) = aaa_at_plus2_occupying_sora();
    assert_eq!(counting_unrest(game.world(), a, None), vec![sora]);
    jump_to_step(&mut game, "pop.step.p3h");
    assert!(
        game.pending()
            .is_none_or(|d| !(d.realm == "AAA" && d.kind == DecisionKind::RemoveUnrest)),
        "nothing of AAA's own to calm: {:?}",
        game.pending()
    );
    assert_eq!(count(&game, ids::STABILITY_PLUS2), 0);

    // With unrest in its capital as well, only the capital is offered.
    let (mut game, a, _) = aaa_at_plus2_occupying_sora();
    hold_unrest(&mut game, a, "capa");
    jump_to_step(&mut game, "pop.step.p3h");
    let d = game.pending().expect("AAA is asked").clone();
    assert_eq!(
        (d.realm.as_str(), &d.kind),
        ("AAA", &DecisionKind::RemoveUnrest)
    );
    assert_eq!(
        game.legal_actions(),
        vec![
            Action::ChooseProvince {
                province: "capa".into()
            },
            Action::Decline
        ]
    );
    refused(
        &mut game,
        Action::ChooseProvince {
            province: "sora".into(),
        },
        ids::STABILITY_PLUS2,
    );
}

#[test]
fn pop_14_2_a_rebellion_meets_the_area_as_rolled_before_an_exhaust_takes_the_army() {
    // "If you have any Military Units in the Area you rolled for, a ? is placed ... triggering a
    // Battle": an Exhaust face of the same roll that takes the army's last unit does not turn
    // the Rebellion into a rebel town.
    use crate::engine::rng::GameRng;
    use crate::rulesets::pop::rules::rebels::visit_rebel_dice;
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    hold_unrest(&mut game, a, "capa");
    hold_unrest(&mut game, a, "nora");
    for u in military::own_units_at(game.world(), a, north, true) {
        game.world_mut().despawn(u);
    }
    spawn_unit(
        &mut game,
        Some(a),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    // No Available manpower: the Exhaust face takes the deployed unit.
    set(&mut game, a, |m| m.manpower = 0);
    // A game seed whose first two d6 are Exhaust (5) and then Rebellion (1).
    let seed = (0..100_000u64)
        .find(|s| {
            let mut r = GameRng::new(*s);
            r.d6() == 5 && r.d6() == 1
        })
        .unwrap();
    game.world_mut().insert_resource(GameRng::new(seed));
    let from = game.log().entries.len();
    visit_rebel_dice(game.world_mut(), a, 0);
    let log = &game.log().entries[from..];
    assert!(
        log.iter()
            .any(|n| n.rule == "pop.14.2.roll" && n.text.contains("Exhaust, Rebellion")),
        "the faces as rolled"
    );
    assert!(
        log.iter().any(|n| n
            .text
            .contains("rebel units rise in north against AAA's army")),
        "a battle against the army, not a rebel town"
    );
    assert!(
        !game
            .pending()
            .is_some_and(|d| matches!(d.kind, DecisionKind::AssignRebellion { .. }))
    );
    assert!(game.world().get::<RebelTown>(e(&game, "capa")).is_none());
    assert!(game.world().get::<RebelTown>(e(&game, "nora")).is_none());
}

#[test]
fn pop_14_2_exhaust_with_no_available_manpower_asks_which_deployed_regular() {
    // "Move 1 Regular Unit from Available m, or from your Deployed Units": with nothing
    // Available the player still chooses which of its deployed regulars goes; one way only is
    // taken without asking. A general left with no unit waits on its mat (7.2).
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    set(&mut game, a, |m| m.manpower = 0);
    spawn_unit(
        &mut game,
        Some(a),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    military::handle_turn(
        game.world_mut(),
        a,
        &Action::CommandArmy {
            character: "ruler_a".into(),
            place: "north".into(),
        },
    );
    let ruler = e(&game, "ruler_a");
    assert!(game.world().get::<InCommand>(ruler).is_some());
    spawn_unit(
        &mut game,
        Some(a),
        "south",
        UnitKind::Cavalry,
        UnitStatus::Regular,
    );
    game.world_mut().resource_mut::<Pending>().0 = None;
    let visit = resolve_face(game.world_mut(), a, north, RebelFace::Exhaust);
    assert!(visit.is_some(), "asked");
    let pending = game.world().resource::<Pending>().0.clone().unwrap();
    assert!(matches!(pending.kind, DecisionKind::RebelExhaust { .. }));
    let infantry = Action::DisbandUnit {
        place: "north".into(),
        kind: UnitKind::Infantry,
        mercenary: false,
    };
    let cavalry = Action::DisbandUnit {
        place: "south".into(),
        kind: UnitKind::Cavalry,
        mercenary: false,
    };
    let legal = game.legal_actions();
    assert!(
        !legal.contains(&Action::Accept),
        "nothing Available: {legal:?}"
    );
    assert!(
        legal.contains(&infantry) && legal.contains(&cavalry),
        "{legal:?}"
    );
    game.world_mut().resource_mut::<Pending>().0 = None;
    crate::rulesets::pop::rules::rebels::answer_rebel_dice(game.world_mut(), a, infantry);
    assert_eq!(mat(&game, a).exhausted_manpower, 1);
    assert!(logged(
        &game,
        "pop.14.2.exhaust",
        "exhausts a deployed regular in north"
    ));
    assert!(military::own_units_at(game.world(), a, north, true).is_empty());
    let south = e(&game, "south");
    let in_south = |game: &Game| military::own_units_at(game.world(), a, south, true).len();
    assert_eq!(in_south(&game), 1, "the cavalry stays");
    assert!(
        game.world().get::<InCommand>(ruler).is_none(),
        "the Ruler General has no army left to command"
    );
    // One deployed regular and nothing Available: taken without asking.
    let visit = resolve_face(game.world_mut(), a, north, RebelFace::Exhaust);
    assert!(visit.is_none());
    assert_eq!(in_south(&game), 0);
    assert_eq!(mat(&game, a).exhausted_manpower, 2);
}

#[test]
fn pop_14_1_new_unrest_goes_where_it_counts_while_a_calm_town_can_take_it() {
    // Covered unrest "does not count for any purpose" (14.1): a province under an occupier's
    // town may take the realm's new unrest (Phase 3 H, an Event) only when none of its calm
    // holdings there would count it; otherwise the unrest would spare the realm its dice.
    use crate::rulesets::pop::content::schema::Effect;
    use crate::rulesets::pop::state::key_of;
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let nora = e(&game, "nora");
    at_war(&mut game, b, a);
    military::take_by_siege(game.world_mut(), b, nora);
    assert!(crate::rulesets::pop::rules::rebels::covered(
        game.world(),
        a,
        nora
    ));
    let north = game.world().get::<InArea>(nora).unwrap().0;
    let north_key = key_of(game.world(), north);
    let choose = |world: &World, p: Entity| Action::ChooseProvince {
        province: key_of(world, p),
    };
    // Capa (in the same area) is calm and counts: nora is refused; once capa is in unrest, the
    // covered nora is the only place left and takes it.
    for (capa_calm, effect, nora_allowed) in [
        (true, Effect::Unrest(1), false),
        (true, Effect::UnrestIn(north_key, 1), false),
        (false, Effect::Unrest(1), true),
        (false, Effect::UnrestIn(north_key, 1), true),
    ] {
        if !capa_calm && counting_unrest(game.world(), a, None).is_empty() {
            unrest(&mut game, "AAA", "capa");
        }
        let world = game.world_mut();
        let listed = unrest_town_asked(world, a, effect.clone());
        assert!(!listed.is_empty(), "{effect:?}");
        let nora_action = choose(world, nora);
        assert_eq!(
            listed.contains(&nora_action),
            nora_allowed,
            "{effect:?}: {listed:?}"
        );
        assert_eq!(
            crate::rulesets::pop::rules::check(world, &nora_action).is_ok(),
            nora_allowed,
            "{effect:?}: legal exactly when listed"
        );
        world.resource_mut::<EffectQueue>().items.pop_front();
    }
}

#[test]
fn pop_14_1_religious_dissent_among_vassals_puts_the_unrest_where_it_counts() {
    // Phase 3 G's unrest on a vassal goes on one whose unrest counts while there is one (14.1:
    // covered unrest "does not count for any purpose").
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (capa, nora) = (e(&game, "capa"), e(&game, "nora"));
    // AAA's two provinces in North held as vassals instead of towns.
    for p in [capa, nora] {
        let tokens: Vec<Entity> = game.world().get::<Holdings>(p).unwrap().iter().collect();
        for t in tokens {
            game.world_mut().despawn(t);
        }
        spawn_sim(game.world_mut(), None, (Vassal, TokenOf(a), OnProvince(p)));
    }
    game.world_mut().entity_mut(nora).insert(ControlledBy(b));
    let north = game.world().get::<InArea>(nora).unwrap().0;
    let kind = DecisionKind::VassalDissent {
        area: crate::rulesets::pop::state::key_of(game.world(), north),
    };
    let provinces = |game: &Game| -> Vec<Entity> {
        crate::rulesets::pop::rules::rebels::candidates(game.world(), a, &kind)
            .into_iter()
            .filter_map(|act| match act {
                Action::ChooseProvince { province } => Some(e_of(game.world(), &province)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        provinces(&game),
        vec![capa],
        "not the vassal under BBB's control"
    );
    add_unrest(game.world_mut(), a, capa);
    assert_eq!(
        provinces(&game),
        vec![nora],
        "the covered one when it is the only calm one"
    );
}

#[test]
fn pop_14_1_a_steps_own_province_answer_is_never_taken_by_a_waiting_unrest_effect() {
    use crate::rulesets::pop::content::schema::Effect;
    use crate::rulesets::pop::decision::{Answer, Decision};
    use crate::rulesets::pop::rules::effects::{Visit, for_each_realm};
    use crate::rulesets::pop::state::key_of;
    let mut game = game();
    let a = e(&game, "AAA");
    let nora = e(&game, "nora");
    let world = game.world_mut();
    // An unrest effect of AAA waits at the front of the queue, while a step asked AAA a
    // question of its own that is answered with a province: the step gets the answer.
    {
        let mut queue = world.resource_mut::<EffectQueue>();
        queue.realm = Some(a);
        queue.items.push_front(Effect::Unrest(1));
    }
    world.resource_mut::<Pending>().0 = Some(Decision {
        realm: key_of(world, a),
        kind: DecisionKind::RemoveUnrest,
        prompt: String::new(),
    });
    let answer = Action::ChooseProvince {
        province: key_of(world, nora),
    };
    world.resource_mut::<Answer>().0 = Some(answer.clone());
    let mut seen = Vec::new();
    for_each_realm(
        world,
        |_, _, _| Visit::Next,
        |_, _, action| {
            seen.push(action);
            Visit::Next
        },
    );
    assert_eq!(seen, vec![answer], "the step's own answer reached the step");
}

#[test]
fn pop_14_2_a_rebellion_with_no_unrest_left_to_take_is_logged() {
    // "you must assign each Rebellion result to 1 of your t/v with u": once an earlier
    // Rebellion of the roll took the last one (or none is left), the rest take nothing, and
    // the log says so instead of dropping them.
    use crate::rulesets::pop::rules::effects::Visit;
    use crate::rulesets::pop::rules::rebels::{RebelRoll, visit_rebel_dice};
    use crate::rulesets::pop::state::sid_of;
    let mut game = game();
    let (a, north) = (e(&game, "AAA"), e(&game, "north"));
    *game.world_mut().res_mut::<RebelRoll>() = RebelRoll {
        realm: Some(sid_of(game.world(), a)),
        area: Some(sid_of(game.world(), north)),
        rebellions: 2,
        ..Default::default()
    };
    assert_eq!(visit_rebel_dice(game.world_mut(), a, 1), Visit::Next);
    let said: Vec<&str> = game
        .log()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.14.2.no_effect")
        .map(|n| n.text.as_str())
        .collect();
    assert_eq!(
        said,
        [
            "2 more Rebellion result(s) in north: no town or vassal of AAA with unrest is left there to take"
        ]
    );
}
