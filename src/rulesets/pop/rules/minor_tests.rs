//! Rule tests for the minor actions Replenish Manpower and Cut Ties (FACTS 4, 11.3) on the
//! mini scenario: AAA holds `north`, BBB `south`, the Non-Player Realm CCC `east`.

use bevy::prelude::Entity;

use crate::rulesets::pop::decision::{Action, Tie};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::generic::{add_influence, has_claim};
use crate::rulesets::pop::rules::relations::{allied, influence_in, truce_between};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::war;
use crate::rulesets::pop::state::{sid_of, spawn_sim};

/// Log entries under `rule` for `realm` with this amount.
fn logged(game: &crate::rulesets::pop::Game, rule: &str, realm: Entity, amount: i32) -> usize {
    let name = crate::rulesets::pop::state::key_of(game.world(), realm);
    game.world()
        .resource::<crate::engine::log::GameLog>()
        .entries
        .iter()
        .filter(|l| l.rule == rule && l.realm.as_deref() == Some(&name) && l.amount == Some(amount))
        .count()
}

#[test]
fn pop_act_replenish_manpower_costs_1_mil_per_3_units() {
    let (mut game, me, _) = rich_game(|t| t);
    set(&mut game, me, |m| {
        m.exhausted_manpower = 5;
        m.manpower = 1;
        m.mp = [0, 0, 1];
    });
    let legal = game.legal_actions();
    for units in 1..=3 {
        assert!(legal.contains(&Action::ReplenishManpower { units }));
    }
    // 4 units cost 2 mil.
    refused(
        &mut game,
        Action::ReplenishManpower { units: 4 },
        "pop.act.replenish_manpower",
    );
    set(&mut game, me, |m| m.mp = [0, 0, 2]);
    game.apply(Action::ReplenishManpower { units: 4 }).unwrap();
    let m = mat(&game, me);
    assert_eq!((m.mp[2], m.manpower, m.exhausted_manpower), (0, 5, 1));
    assert_eq!(
        game.pending().unwrap().kind,
        crate::rulesets::pop::DecisionKind::Turn,
        "a minor action leaves the turn open"
    );
    assert!(count(&game, "pop.act.replenish_manpower") >= 1);
    // 1 exhausted unit left.
    refused(
        &mut game,
        Action::ReplenishManpower { units: 2 },
        "pop.act.replenish_manpower",
    );
}

#[test]
fn pop_act_cut_ties_returns_influence_and_claims() {
    let (mut game, me, _) = rich_game(|t| t);
    let east = e(&game, "east");
    add_influence(game.world_mut(), me, east, 2);
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: me,
            area: east,
        },
    );
    game.apply(Action::CutTies {
        tie: Tie::Influence {
            area: "east".into(),
        },
    })
    .unwrap();
    assert_eq!(influence_in(game.world(), me, east), 1, "one cube back");
    game.apply(Action::CutTies {
        tie: Tie::Claim {
            area: "east".into(),
        },
    })
    .unwrap();
    assert!(!has_claim(game.world(), me, east));
    refused(
        &mut game,
        Action::CutTies {
            tie: Tie::Claim {
                area: "east".into(),
            },
        },
        "pop.act.cut_ties",
    );
    assert_eq!(count(&game, "pop.act.cut_ties"), 2);
    // A core token is no claim marker to give up.
    spawn_sim(
        game.world_mut(),
        None,
        CoreToken {
            realm: me,
            area: east,
        },
    );
    refused(
        &mut game,
        Action::CutTies {
            tie: Tie::Claim {
                area: "east".into(),
            },
        },
        "pop.act.cut_ties",
    );
}

#[test]
fn pop_act_cut_ties_with_an_ally_at_peace_costs_5_influence_and_leaves_a_truce() {
    let (mut game, me, _) = rich_game(|t| t);
    let (c, east) = (e(&game, "CCC"), e(&game, "east"));
    spawn_sim(game.world_mut(), None, Alliance { a: me, b: c });
    // 7 cubes (past the 5 an area may take when placed) tell "5" from "all".
    add_influence(game.world_mut(), me, east, 7);
    let stability = mat(&game, me).stability;
    game.apply(Action::CutTies {
        tie: Tie::Alliance {
            realm: "CCC".into(),
        },
    })
    .unwrap();
    assert!(!allied(game.world(), me, c));
    assert!(truce_between(game.world(), me, c));
    assert_eq!(
        influence_in(game.world(), me, east),
        2,
        "5 influence from its areas"
    );
    assert_eq!(
        logged(&game, "pop.act.cut_ties", me, -5),
        1,
        "the loss is logged"
    );
    assert_eq!(
        mat(&game, me).stability,
        stability,
        "no stability lost at peace"
    );
}

#[test]
fn pop_act_cut_ties_with_an_active_ally_costs_2_stability_and_its_units() {
    let (mut game, me, other) = rich_game(|t| t);
    let (c, east, north) = (e(&game, "CCC"), e(&game, "east"), e(&game, "north"));
    set(&mut game, me, |m| m.stability = 1);
    spawn_sim(game.world_mut(), None, Alliance { a: me, b: c });
    spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: c,
            defender: other,
        },
    );
    // CCC was activated when it lent 2 units (its tax value has fallen since: it would lend
    // none now); the split takes back what it lent then.
    let sid = sid_of(game.world(), c);
    {
        let mut state = game.world_mut().resource_mut::<war::WarState>();
        state.active_allies.push(sid);
        state.lent.push((sid, 2));
    }
    assert_eq!(war::units_lent_by(game.world(), c), 0);
    add_influence(game.world_mut(), me, east, 2);
    for _ in 0..4 {
        spawn_unit(
            &mut game,
            Some(me),
            "north",
            UnitKind::Infantry,
            UnitStatus::Allied,
        );
    }
    game.apply(Action::CutTies {
        tie: Tie::Alliance {
            realm: "CCC".into(),
        },
    })
    .unwrap();
    assert_eq!(mat(&game, me).stability, -1, "2 stability");
    assert_eq!(
        influence_in(game.world(), me, east),
        0,
        "all influence in its areas"
    );
    assert_eq!(
        logged(&game, "pop.act.cut_ties", me, -2),
        1,
        "the loss is logged"
    );
    let allied_left =
        crate::rulesets::pop::rules::military::own_units_at(game.world(), me, north, true)
            .into_iter()
            .filter(|u| {
                game.world()
                    .get::<Unit>(*u)
                    .is_some_and(|x| x.status == UnitStatus::Allied)
            })
            .count() as i32;
    assert_eq!(allied_left, 2, "the 2 units it lent go back");
    assert!(!war::active_allies(game.world()).contains(&sid));
    assert_eq!(war::lent_at_activation(game.world(), c), 0);
    assert_eq!(
        logged(&game, "pop.act.cut_ties", me, 2),
        1,
        "it takes back its units and fights its war alone"
    );
}
