//! Tests of the Papal Curia (19): cardinals and slots, the Roma slot, the Papal Controller and
//! its bonuses, uncontested prestige, final scoring, the Papal Actions with their CBs and
//! Crusade scoring, the Cardinal Dies symbol, and the content checks. Each test names its rule.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::DecisionKind;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, Pending};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::curia::{self, Curia};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::state::spawn_sim;

/// The mini scenario with a Papacy: CCC (made Catholic) stands in for the Papal States and its
/// capital "capc" for Roma; AAA and BBB (both Catholic) start with one cardinal each, AAA's
/// leftmost.
fn with_curia(text: String) -> String {
    text.replace(
        "options: (first_age: 1, last_age: 2)",
        "options: (first_age: 1, last_age: 2, papal_states: Some(\"CCC\"), roma: Some(\"capc\"))",
    )
    .replace(
        "capital: \"capc\", religion: Orthodox)",
        "capital: \"capc\", religion: Catholic)",
    )
    .replace(
        "advisors: [\"adv_a\"]),",
        "advisors: [\"adv_a\"], cardinals: 1),",
    )
    .replace(
        "ruler: Some(\"ruler_b\")),",
        "ruler: Some(\"ruler_b\"), cardinals: 1),",
    )
}

/// `with_curia` without the Papal States, with CCC a Muslim realm owning two provinces of the
/// area "east" (a second province "capd" is added there), so that "east" can be the target of a
/// Crusade; Roma is the unowned "wild", out of the way.
fn with_crusade(text: String) -> String {
    with_curia(text)
        .replace("papal_states: Some(\"CCC\"), ", "")
        .replace("roma: Some(\"capc\")", "roma: Some(\"wild\")")
        .replace(
            "capital: \"capc\", religion: Catholic)",
            "capital: \"capc\", religion: Sunni)",
        )
        .replace(
            "            (id: \"wild\",",
            "            (id: \"capd\", name: \"Capd\", area: \"east\", cores: [\"CCC\"], owner: Some(\"CCC\"),\n             shape: [[(300.0, 0.0), (310.0, 0.0), (310.0, 10.0), (300.0, 10.0)]], site: (305.0, 5.0)),\n            (id: \"wild\",",
        )
}

/// The log entries under a rule: (realm, text, amount).
fn notes(game: &Game, rule: &str) -> Vec<(Option<String>, String, Option<i32>)> {
    game.world()
        .resource::<crate::engine::log::GameLog>()
        .entries
        .iter()
        .filter(|l| l.rule == rule)
        .map(|l| (l.realm.clone(), l.text.clone(), l.amount))
        .collect()
}

/// The prestige a rule gave `realm` by the log's amounts.
fn logged(game: &Game, rule: &str, realm: &str) -> i32 {
    notes(game, rule)
        .iter()
        .filter(|(r, _, _)| r.as_deref() == Some(realm))
        .filter_map(|(_, _, a)| *a)
        .sum()
}

fn track(game: &Game) -> Vec<String> {
    let cardinals = &game.world().resource::<Curia>().cardinals;
    cardinals.iter().map(|c| c.to_string()).collect()
}

fn set_track(game: &mut Game, realms: &[&str]) {
    game.world_mut().res_mut::<Curia>().cardinals = realms.iter().map(|r| Id::new(r)).collect();
}

fn tidy(game: &mut Game) {
    curia::tidy(game.world_mut());
}

/// The rich mini game with a Papacy where the realm to act is the Papal Controller (its
/// cardinal is put leftmost): (game, controller, other).
fn papal_game(edit: impl Fn(String) -> String) -> (Game, Entity, Entity) {
    let (mut game, me, other) = rich_game(edit);
    let (mk, ok) = (
        crate::rulesets::pop::state::key_of(game.world(), me),
        crate::rulesets::pop::state::key_of(game.world(), other),
    );
    set_track(&mut game, &[&mk, &ok]);
    assert_eq!(curia::controller(game.world()), Some(me));
    (game, me, other)
}

#[test]
fn pop_19_cardinal_setup_slots_and_push_off() {
    let mut game = game_with(with_curia);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    // Two Catholic Player Realms: 3 regular slots besides Roma; setup fills them left to right.
    assert_eq!(curia::regular_slots(game.world()), 3);
    assert_eq!(track(&game), ["AAA", "BBB"]);
    assert_eq!(
        notes(&game, ids::CURIA_CARDINAL),
        [(
            None,
            "The Papal Curia has 3 regular slots besides Roma; cardinals: AAA, BBB".to_string(),
            Some(2)
        )],
        "the setup note"
    );
    // A new cardinal enters the first slot and slides the others right.
    curia::gain_cardinal(game.world_mut(), b);
    assert_eq!(track(&game), ["BBB", "AAA", "BBB"]);
    // The track is full: the rightmost cardinal is pushed off, back to its owner.
    let before = count(&game, ids::CURIA_CARDINAL);
    curia::gain_cardinal(game.world_mut(), a);
    assert_eq!(track(&game), ["AAA", "BBB", "AAA"]);
    assert_eq!(curia::cardinals_of(game.world(), b), 1);
    assert_eq!(count(&game, ids::CURIA_CARDINAL), before + 2);
    // The snapshot (and so the state hash) carries the track.
    assert_eq!(game.snapshot().curia.cardinals, ["AAA", "BBB", "AAA"]);
}

#[test]
fn pop_19_cardinal_only_catholic_player_realms_and_conversion_loses_them_all() {
    let mut game = game_with(with_curia);
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    // A Non-Player Realm never gains one.
    curia::gain_cardinal(game.world_mut(), c);
    assert_eq!(track(&game), ["AAA", "BBB"]);
    curia::gain_cardinal(game.world_mut(), a);
    assert_eq!(track(&game), ["AAA", "AAA", "BBB"]);
    // AAA turns Protestant: all its cardinals go, and the Curia has one slot fewer.
    game.world_mut().get_mut::<Realm>(a).unwrap().religion = Religion::Protestant;
    tidy(&mut game);
    assert_eq!(track(&game), ["BBB"]);
    assert_eq!(curia::regular_slots(game.world()), 2);
    curia::gain_cardinal(game.world_mut(), a);
    assert_eq!(
        track(&game),
        ["BBB"],
        "a Protestant realm gains no cardinal"
    );
    // Counter-Reformed counts as Catholic.
    game.world_mut().get_mut::<Realm>(a).unwrap().religion = Religion::CounterReformed;
    curia::gain_cardinal(game.world_mut(), a);
    assert_eq!(track(&game), ["AAA", "BBB"]);
}

#[test]
fn pop_19_cardinal_a_man_of_the_church_card_gains_one() {
    let mut game = game_with(|t| {
        with_curia(t).replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"red_hat\", name: \"Red Hat\", deck: Dip, cost: 1, text: \"A red hat.\", effects: [Cardinal])],",
        )
    });
    while game.pending().is_some_and(|d| d.kind != DecisionKind::Turn) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    let me = e(&game, &game.pending().unwrap().realm.clone());
    set(&mut game, me, |m| m.mp = [10, 10, 10]);
    give_card(&mut game, me, "red_hat");
    let before = curia::cardinals_of(game.world(), me);
    game.apply(Action::PlayCard {
        card: "red_hat".into(),
    })
    .unwrap();
    assert_eq!(curia::cardinals_of(game.world(), me), before + 1);
    let name = crate::rulesets::pop::state::key_of(game.world(), me);
    assert_eq!(track(&game)[0], name, "the new cardinal stands leftmost");
}

#[test]
fn pop_19_roma_slot_follows_alliances_made_and_broken_with_the_papal_states() {
    // The Papal States' allies are remembered between questions (`PapalAlliesWatch`): every
    // alliance made or broken must be seen, and the oldest alliance holds the slot.
    let mut game = game_with(with_curia);
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    assert_eq!(curia::roma_holder(game.world()), None);
    let with_b = spawn_sim(game.world_mut(), None, Alliance { a: b, b: c });
    assert_eq!(curia::roma_holder(game.world()), Some(b));
    let with_a = spawn_sim(game.world_mut(), None, Alliance { a: c, b: a });
    assert_eq!(
        curia::roma_holder(game.world()),
        Some(b),
        "the older alliance holds the slot"
    );
    game.world_mut().despawn(with_b);
    assert_eq!(curia::roma_holder(game.world()), Some(a));
    game.world_mut().despawn(with_a);
    assert_eq!(curia::roma_holder(game.world()), None);
}

#[test]
fn pop_19_roma_alliance_then_control_supersedes_it() {
    let mut game = game_with(with_curia);
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    assert_eq!(curia::roma_holder(game.world()), None);
    // An alliance with the Papal States gives the Roma slot.
    spawn_sim(game.world_mut(), None, Alliance { a: b, b: c });
    tidy(&mut game);
    assert_eq!(curia::roma_holder(game.world()), Some(b));
    assert_eq!(
        game.world().resource::<Curia>().roma.as_deref(),
        Some("BBB")
    );
    assert_eq!(
        curia::cardinals_of(game.world(), b),
        2,
        "Roma plus a regular slot"
    );
    assert_eq!(
        curia::controller(game.world()),
        Some(b),
        "2 cardinals beat 1"
    );
    let roma_notes = count(&game, ids::CURIA_ROMA);
    // AAA occupies Roma: it supersedes the alliance, and AAA keeps no other cardinal.
    let capc = e(&game, "capc");
    game.world_mut().entity_mut(capc).insert(ControlledBy(a));
    // Before the tidy, its regular cardinal is on the track but no longer counts.
    assert_eq!(track(&game), ["AAA", "BBB"]);
    assert_eq!(curia::cardinals_of(game.world(), a), 1);
    tidy(&mut game);
    assert_eq!(curia::roma_holder(game.world()), Some(a));
    assert_eq!(track(&game), ["BBB"]);
    assert_eq!(curia::cardinals_of(game.world(), a), 1);
    assert_eq!(
        count(&game, ids::CURIA_ROMA),
        roma_notes + 2,
        "its cardinal leaves and it takes the Roma slot"
    );
    // While it controls Roma it gains no cardinal.
    curia::gain_cardinal(game.world_mut(), a);
    assert_eq!(track(&game), ["BBB"]);
    assert_eq!(curia::cardinals_of(game.world(), a), 1);
    // Tie at 1: the Roma cardinal is leftmost.
    assert_eq!(curia::controller(game.world()), Some(a));
}

#[test]
fn pop_19_controller_most_cardinals_ties_to_the_leftmost() {
    let mut game = game_with(with_curia);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    assert_eq!(
        curia::controller(game.world()),
        Some(a),
        "tied 1-1: AAA is leftmost"
    );
    assert_eq!(curia::uncontested(game.world()), None);
    set_track(&mut game, &["BBB", "AAA"]);
    assert_eq!(curia::controller(game.world()), Some(b));
    set_track(&mut game, &["AAA", "BBB", "BBB"]);
    assert_eq!(
        curia::controller(game.world()),
        Some(b),
        "most cardinals first"
    );
    assert_eq!(curia::uncontested(game.world()), Some(b));
    set_track(&mut game, &["AAA"]);
    assert_eq!(curia::controller(game.world()), Some(a));
    assert_eq!(
        curia::uncontested(game.world()),
        None,
        "uncontested needs at least 2 cardinals"
    );
    set_track(&mut game, &[]);
    assert_eq!(curia::controller(game.world()), None);
}

#[test]
fn pop_19_controller_gains_1_dip_in_phase_4_d() {
    let mut game = game_with(with_curia);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    for r in [a, b] {
        set(&mut game, r, |m| m.mp = [0, 0, 0]);
    }
    // Phase 4 D runs with nobody asked anything: the turn's question is set aside.
    let asked = game.world_mut().res_mut::<Pending>().0.take();
    game.world_mut()
        .run_system_cached(crate::rulesets::pop::rules::monarch_power::gain_monarch_power)
        .unwrap();
    game.world_mut().res_mut::<Pending>().0 = asked;
    // Anna's dip 2 plus the controller's 1; Bert's dip 2 alone.
    assert_eq!(mat(&game, a).mp(MpKind::Dip), 3);
    assert_eq!(mat(&game, b).mp(MpKind::Dip), 2);
    assert_eq!(
        count(&game, ids::CURIA_CONTROLLER),
        2,
        "a note and the gain"
    );
}

#[test]
fn pop_19_controller_pays_1_ducat_less_per_advisor() {
    let mut game = game_with(with_curia);
    let a = e(&game, "AAA");
    // Towns 3, stability 0, Ada costs 2, 1 less as controller.
    set(&mut game, a, |m| m.ducats = 10);
    crate::rulesets::pop::rules::income::pay_upkeep(game.world_mut(), a);
    assert_eq!(mat(&game, a).ducats, 10 + 3 - 1);
    let saved = |game: &Game| {
        game.world()
            .resource::<crate::engine::log::GameLog>()
            .entries
            .iter()
            .filter(|l| l.rule == ids::CURIA_CONTROLLER && l.text.contains("advisors"))
            .map(|l| l.amount)
            .collect::<Vec<_>>()
    };
    assert_eq!(saved(&game), [Some(1)]);
    // A free advisor: the discount saves nothing and no note claims it did.
    let ada = e(&game, "adv_a");
    game.world_mut().get_mut::<Character>(ada).unwrap().cost = 0;
    set(&mut game, a, |m| m.ducats = 10);
    crate::rulesets::pop::rules::income::pay_upkeep(game.world_mut(), a);
    assert_eq!(mat(&game, a).ducats, 10 + 3);
    assert_eq!(saved(&game), [Some(1)]);
    game.world_mut().get_mut::<Character>(ada).unwrap().cost = 2;
    // Not the controller: the full 2.
    set_track(&mut game, &["BBB", "AAA"]);
    set(&mut game, a, |m| m.ducats = 10);
    crate::rulesets::pop::rules::income::pay_upkeep(game.world_mut(), a);
    assert_eq!(mat(&game, a).ducats, 10 + 3 - 2);
}

#[test]
fn pop_19_controller_pays_1_adm_less_to_increase_stability() {
    let (mut game, me, other) = papal_game(with_curia);
    assert_eq!(
        crate::rulesets::pop::rules::economy::stability_cost(game.world(), me),
        4
    );
    assert_eq!(
        crate::rulesets::pop::rules::economy::stability_cost(game.world(), other),
        5
    );
    let listed = game.legal_actions_with_costs();
    let (_, cost) = listed
        .iter()
        .find(|(a, _)| *a == Action::IncreaseStability)
        .unwrap();
    assert_eq!(cost.adm, 4);
    let notes = count(&game, ids::CURIA_CONTROLLER);
    game.apply(Action::IncreaseStability).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 6);
    assert_eq!(
        count(&game, ids::CURIA_CONTROLLER),
        notes + 1,
        "the discount is logged"
    );
}

#[test]
fn pop_19_uncontested_prestige_is_catholic_players_less_one() {
    let mut game = game_with(with_curia);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    // Tied: nobody scores.
    game.world_mut()
        .run_system_cached(curia::score_curia)
        .unwrap();
    assert_eq!(count(&game, ids::CURIA_UNCONTESTED), 0);
    set_track(&mut game, &["BBB", "AAA", "BBB"]);
    let before = mat(&game, b).prestige;
    game.world_mut()
        .run_system_cached(curia::score_curia)
        .unwrap();
    // Two Catholic Player Realms: 2 - 1 = 1.
    assert_eq!(mat(&game, b).prestige, before + 1);
    assert_eq!(mat(&game, a).prestige, 0);
    assert_eq!(
        count(&game, ids::CURIA_UNCONTESTED),
        2,
        "a note and the prestige"
    );
    assert_eq!(
        logged(&game, ids::CURIA_UNCONTESTED, "BBB"),
        1,
        "counted once"
    );
}

#[test]
fn pop_19_uncontested_prestige_is_at_most_3() {
    let mut game = Game::new(
        crate::rulesets::pop::content::default_scenario(),
        crate::rulesets::pop::GameSetup::default(),
        1,
    )
    .unwrap();
    // 1444: France, England, Castile, Portugal and the Habsburgs are Catholic; the Ottomans not.
    assert_eq!(curia::catholic_players(game.world()).len(), 5);
    assert_eq!(curia::regular_slots(game.world()), 6);
    assert_eq!(curia::papal_states(game.world()), Some(e(&game, "PAP")));
    assert_eq!(curia::roma_province(game.world()), Some(e(&game, "rome")));
    let fra = e(&game, "FRA");
    set_track(&mut game, &["FRA", "FRA"]);
    let before = mat(&game, fra).prestige;
    game.world_mut()
        .run_system_cached(curia::score_curia)
        .unwrap();
    assert_eq!(
        mat(&game, fra).prestige,
        before + 3,
        "5 - 1 = 4, capped at 3"
    );
}

#[test]
fn pop_19_controller_scores_the_catholic_players_at_the_end() {
    let mut game = game_with(with_curia);
    let a = e(&game, "AAA");
    assert_eq!(curia::final_score(game.world(), a), 2);
    assert_eq!(curia::final_score(game.world(), e(&game, "BBB")), 0);
    crate::rulesets::pop::rules::scoring::final_scoring(game.world_mut(), "test".into());
    let outcome = game
        .world()
        .resource::<crate::rulesets::pop::rules::scoring::Outcome>()
        .clone();
    let score = |r: &str| {
        outcome
            .scores
            .iter()
            .find(|s| s.realm == r)
            .unwrap()
            .clone()
    };
    assert_eq!(score("AAA").papacy, 2);
    assert_eq!(score("BBB").papacy, 0);
}

#[test]
fn pop_19_excommunicate_costs_2_dip_and_strikes_the_target() {
    let (mut game, me, other) = papal_game(with_curia);
    let north = e(&game, "north");
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), other, north, 5);
    let target = crate::rulesets::pop::state::key_of(game.world(), other);
    let action = Action::Excommunicate { realm: target };
    assert!(game.legal_actions().contains(&action));
    assert_eq!(game.action_cost(&action).dip, 2);
    let stability = mat(&game, other).stability;
    game.apply(action.clone()).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 8);
    assert_eq!(mat(&game, other).stability, stability - 1);
    assert_eq!(curia::cardinals_of(game.world(), other), 0);
    assert_eq!(
        crate::rulesets::pop::rules::relations::influence_in(game.world(), other, north),
        1,
        "4 influence discarded from Catholic areas"
    );
    // Every Catholic realm has the Excommunication CB on it.
    assert!(curia::excommunication_cb(game.world(), me, other));
    assert_eq!(
        crate::rulesets::pop::rules::war::casus_belli(game.world(), me, other),
        Some("its ruler's Excommunication")
    );
    let logged = |game: &Game, what: &str| {
        notes(game, ids::CURIA_EXCOMMUNICATE)
            .iter()
            .any(|(_, t, _)| t.contains(what))
    };
    assert!(logged(
        &game,
        &format!("excommunicates the ruler of {target}")
    ));
    assert!(logged(&game, &format!("{target} loses a cardinal")));
    assert!(logged(
        &game,
        &format!("{target} discards 4 influence from Catholic areas")
    ));
    // One Papal Action per Round: the other realm, made controller, finds the token placed.
    settle_turn(&mut game, me);
    assert_eq!(game.pending().unwrap().realm, target);
    let mk = crate::rulesets::pop::state::key_of(game.world(), me);
    set_track(&mut game, &[&target, &mk]);
    tidy(&mut game);
    set(&mut game, other, |m| m.mp = [10, 10, 10]);
    refused(
        &mut game,
        Action::Excommunicate { realm: mk },
        ids::CURIA_PAPAL_ACTION,
    );
    // Phase 4 step E takes the token away.
    game.world_mut()
        .run_system_cached(curia::score_curia)
        .unwrap();
    assert!(!curia::excommunication_cb(game.world(), me, other));
    assert!(logged(&game, "The Excommunicated token leaves"));
}

#[test]
fn pop_19_papal_action_refused_to_others_after_age_2_and_against_non_catholics() {
    // No Papal States here, and CCC is Orthodox: not excommunicated.
    let (mut game, me, other) = papal_game(|t| {
        with_curia(t)
            .replace("papal_states: Some(\"CCC\"), ", "")
            .replace(
                "capital: \"capc\", religion: Catholic)",
                "capital: \"capc\", religion: Orthodox)",
            )
    });
    refused(
        &mut game,
        Action::Excommunicate {
            realm: "CCC".into(),
        },
        ids::CURIA_EXCOMMUNICATE,
    );
    // Not the controller.
    let mk = crate::rulesets::pop::state::key_of(game.world(), me);
    let ok = crate::rulesets::pop::state::key_of(game.world(), other);
    set_track(&mut game, &[&ok, &mk]);
    refused(
        &mut game,
        Action::Excommunicate { realm: ok },
        ids::CURIA_PAPAL_ACTION,
    );
    // Age III.
    set_track(&mut game, &[&mk, &ok]);
    game.world_mut().res_mut::<crate::engine::flow::Flow>().age = 3;
    refused(
        &mut game,
        Action::Excommunicate { realm: ok },
        ids::CURIA_PAPAL_ACTION,
    );
    // A Crusade needs 2 Muslim-owned provinces in its area.
    game.world_mut().res_mut::<crate::engine::flow::Flow>().age = 1;
    refused(
        &mut game,
        Action::CallCrusade {
            area: "east".into(),
            war: None,
        },
        ids::CURIA_CRUSADE,
    );
}

#[test]
fn pop_19_excommunicate_refuses_self_an_unknown_and_an_eliminated_realm() {
    // CCC Catholic and no Papal States: CCC may be excommunicated while it holds a province.
    let (mut game, me, _) =
        papal_game(|t| with_curia(t).replace("papal_states: Some(\"CCC\"), ", ""));
    let ccc = Action::Excommunicate {
        realm: "CCC".into(),
    };
    assert!(game.legal_actions().contains(&ccc));
    // Out of the game: no province left.
    let capc = e(&game, "capc");
    game.world_mut().entity_mut(capc).remove::<OwnedBy>();
    assert!(!game.legal_actions().contains(&ccc));
    refused(&mut game, ccc, ids::CURIA_EXCOMMUNICATE);
    let mk = crate::rulesets::pop::state::key_of(game.world(), me);
    refused(
        &mut game,
        Action::Excommunicate { realm: mk },
        ids::CURIA_EXCOMMUNICATE,
    );
    refused(
        &mut game,
        Action::Excommunicate {
            realm: "ZZZ".into(),
        },
        ids::CURIA_EXCOMMUNICATE,
    );
}

#[test]
fn pop_19_excommunicate_refuses_the_papal_states_and_needs_2_dip() {
    let (mut game, me, other) = papal_game(with_curia);
    refused(
        &mut game,
        Action::Excommunicate {
            realm: "CCC".into(),
        },
        ids::CURIA_EXCOMMUNICATE,
    );
    set(&mut game, me, |m| {
        m.mp[MpKind::Dip.index()] = curia::PAPAL_ACTION_DIP - 1
    });
    let ok = crate::rulesets::pop::state::key_of(game.world(), other);
    refused(
        &mut game,
        Action::Excommunicate { realm: ok },
        ids::CURIA_PAPAL_ACTION,
    );
}

#[test]
fn pop_19_crusade_war_refused_on_a_non_muslim_or_a_realm_without_a_province_there() {
    let (mut game, _, other) = papal_game(with_crusade);
    let ok = crate::rulesets::pop::state::key_of(game.world(), other);
    // BBB is Catholic.
    refused(
        &mut game,
        Action::CallCrusade {
            area: "east".into(),
            war: Some(ok),
        },
        ids::CURIA_CRUSADE,
    );
    // BBB turned Sunni owns no province in the east.
    game.world_mut().get_mut::<Realm>(other).unwrap().religion =
        crate::rulesets::pop::content::schema::Religion::Sunni;
    tidy(&mut game);
    refused(
        &mut game,
        Action::CallCrusade {
            area: "east".into(),
            war: Some(ok),
        },
        ids::CURIA_CRUSADE,
    );
}

#[test]
fn pop_19_crusade_without_anyone_committed_costs_the_controller_2() {
    let (mut game, me, other) = papal_game(with_crusade);
    let ccc = e(&game, "CCC");
    let action = Action::CallCrusade {
        area: "east".into(),
        war: None,
    };
    assert!(game.legal_actions().contains(&action));
    game.apply(action).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 8);
    // Every Catholic realm has a Holy War CB on the Muslim owners there.
    assert!(curia::holy_war_cb(game.world(), other, ccc));
    assert_eq!(
        crate::rulesets::pop::rules::war::casus_belli(game.world(), other, ccc),
        Some("a Holy War (Crusade)")
    );
    let prestige = mat(&game, me).prestige;
    game.world_mut()
        .run_system_cached(curia::score_curia)
        .unwrap();
    assert_eq!(mat(&game, me).prestige, prestige - 2);
    assert_eq!(
        count(&game, ids::CURIA_CRUSADE_SCORING),
        2,
        "a note and the prestige"
    );
    assert!(
        !curia::holy_war_cb(game.world(), other, ccc),
        "the token is gone"
    );
}

#[test]
fn pop_19_crusade_with_its_free_war_and_scoring_plus_or_minus_2() {
    let (mut game, me, _) = papal_game(with_crusade);
    let (ccc, east) = (e(&game, "CCC"), e(&game, "east"));
    let action = Action::CallCrusade {
        area: "east".into(),
        war: Some("CCC".into()),
    };
    let cost = game.action_cost(&action);
    assert_eq!((cost.dip, cost.mil), (2, 0));
    let prestige = mat(&game, me).prestige;
    game.apply(action).unwrap();
    let m = mat(&game, me);
    assert_eq!(
        (m.mp(MpKind::Dip), m.mp(MpKind::Mil)),
        (8, 10),
        "the war is free"
    );
    assert_eq!(m.prestige, prestige + 1);
    assert!(crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        me,
        ccc
    ));
    let mercenaries = crate::rulesets::pop::rules::military::units_of(game.world(), me)
        .into_iter()
        .filter(|u| {
            game.world()
                .get::<Unit>(*u)
                .is_some_and(|x| x.status == UnitStatus::Mercenary)
        })
        .count();
    assert_eq!(mercenaries, 2);
    let name = crate::rulesets::pop::state::key_of(game.world(), me);
    assert_eq!(game.world().resource::<Curia>().committed, [name]);
    let crusade = notes(&game, ids::CURIA_CRUSADE);
    for what in [
        format!("{name} calls a Crusade against east"),
        format!("{name} gains 2 mercenary infantry for the Crusade"),
        format!("{name} is Committed to Crusade"),
    ] {
        assert!(
            crusade.iter().any(|(_, t, _)| t.contains(&what)),
            "{what}: {crusade:#?}"
        );
    }
    // Scoring: no army in the area, and CCC still owns it there: -2 (logged once).
    let score = |game: &mut Game, name: &str| {
        let prestige = mat(game, me).prestige;
        let before = logged(game, ids::CURIA_CRUSADE_SCORING, name);
        game.world_mut()
            .run_system_cached(curia::score_curia)
            .unwrap();
        let delta = mat(game, me).prestige - prestige;
        assert_eq!(
            logged(game, ids::CURIA_CRUSADE_SCORING, name) - before,
            delta
        );
        delta
    };
    assert_eq!(score(&mut game, &name), -2);
    let again = |game: &mut Game| {
        let mut c = game.world_mut().res_mut::<Curia>();
        c.crusade = Some("east".into());
        c.committed = vec![name];
    };
    // No Muslim province left, but no army of its own there: -2.
    for p in ["capc", "capd"] {
        let p = e(&game, p);
        game.world_mut()
            .entity_mut(p)
            .insert((OwnedBy(me), ControlledBy(me)));
    }
    assert!(curia::muslim_provinces(game.world(), east).is_empty());
    assert!(
        crate::rulesets::pop::rules::military::own_units_at(game.world(), me, east, true)
            .is_empty()
    );
    again(&mut game);
    assert_eq!(score(&mut game, &name), -2);
    assert!(
        notes(&game, ids::CURIA_CRUSADE_SCORING)
            .iter()
            .any(|(_, t, _)| t.contains("-2 prestige (it has no army there)"))
    );
    // Again, now with an army in the area: +2.
    again(&mut game);
    spawn_unit(
        &mut game,
        Some(me),
        "east",
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    assert_eq!(score(&mut game, &name), 2);
}

#[test]
fn pop_19_crusade_holy_war_declaration_commits_the_realm() {
    let (mut game, _, other) = papal_game(with_crusade);
    let (ccc, east) = (e(&game, "CCC"), e(&game, "east"));
    game.apply(Action::CallCrusade {
        area: "east".into(),
        war: None,
    })
    .unwrap();
    // The other Catholic realm declares war on the Crusade's target with its Holy War CB; it
    // holds a claim there too, but the Holy War CB is the one used (and logged).
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: other,
            area: east,
        },
    );
    crate::rulesets::pop::rules::war::declare_war(game.world_mut(), other, ccc);
    let name = crate::rulesets::pop::state::key_of(game.world(), other);
    assert_eq!(game.world().resource::<Curia>().committed, [name]);
    let stability = mat(&game, other).stability;
    assert_eq!(stability, 0, "a CB: no stability lost");
    let declared = notes(&game, ids::WAR_DECLARE);
    assert!(
        declared
            .iter()
            .any(|(r, t, _)| r.as_deref() == Some(&name) && t.contains("(a Holy War (Crusade))")),
        "{declared:#?}"
    );
    assert!(
        notes(&game, ids::CURIA_CRUSADE)
            .iter()
            .any(|(r, t, _)| r.as_deref() == Some(&name) && t.contains("Committed to Crusade"))
    );
}

#[test]
fn pop_19_cardinal_dies_takes_the_rightmost_of_the_realm_with_most() {
    let mut game = game_with(with_curia);
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    set_track(&mut game, &["BBB", "AAA", "BBB", "AAA"]);
    // Tied 2-2: the cardinal furthest right goes (AAA's in the last slot).
    curia::cardinal_dies(game.world_mut());
    assert_eq!(track(&game), ["BBB", "AAA", "BBB"]);
    // BBB has the most: its rightmost goes.
    curia::cardinal_dies(game.world_mut());
    assert_eq!(track(&game), ["BBB", "AAA"]);
    // Roma's never goes: AAA holds Roma and one more, so it has the most.
    spawn_sim(game.world_mut(), None, Alliance { a, b: c });
    curia::cardinal_dies(game.world_mut());
    assert_eq!(track(&game), ["BBB"]);
    curia::cardinal_dies(game.world_mut());
    assert_eq!(track(&game), Vec::<String>::new());
    assert_eq!(curia::cardinals_of(game.world(), a), 1, "Roma stays");
    curia::cardinal_dies(game.world_mut());
    assert_eq!(count(&game, ids::CURIA_CARDINAL_DIES), 5);
}

/// The mini game with a Papacy where every Event carries the Cardinal Dies symbol.
fn cardinal_dies_game() -> Game {
    game_with(|t| {
        with_curia(t)
            .replace(
                "symbols: [Mortality(1)]",
                "symbols: [Mortality(1), CardinalDies]",
            )
            .replace("symbols: []", "symbols: [CardinalDies]")
    })
}

/// The realm to act takes the first Event and answers its other questions (the first legal
/// answer) until the Cardinal Dies question comes or the turn passes on; returns the realm.
fn take_event_until_cardinal_dies(game: &mut Game) -> Entity {
    take_event_until(game, |k| *k == DecisionKind::CardinalDies)
}

#[test]
fn pop_19_cardinal_dies_with_one_outcome_resolves_from_an_event_symbol_unasked() {
    let mut game = cardinal_dies_game();
    // Two cardinals of one realm side by side: whichever goes, the track is the same.
    set_track(&mut game, &["BBB", "BBB"]);
    let realm = take_event_until_cardinal_dies(&mut game);
    assert_ne!(game.pending().unwrap().kind, DecisionKind::CardinalDies);
    settle_turn(&mut game, realm);
    assert_eq!(count(&game, ids::CURIA_CARDINAL_DIES), 1);
    assert_eq!(track(&game), ["BBB"]);
}

#[test]
fn pop_19_cardinal_dies_the_event_taker_chooses_the_cardinal() {
    let mut game = cardinal_dies_game();
    set_track(&mut game, &["AAA", "BBB", "BBB"]);
    let me = take_event_until_cardinal_dies(&mut game);
    let name = crate::rulesets::pop::state::key_of(game.world(), me);
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.kind, DecisionKind::CardinalDies);
    assert_eq!(
        pending.realm, name,
        "the player resolving the Event chooses"
    );
    // One answer per outcome: AAA's cardinal, or one of BBB's two neighbours (the rightmost).
    let slot = |slot: u8| Action::ChooseCardinal { slot };
    assert_eq!(game.legal_actions(), [slot(0), slot(2)]);
    // The bot answers as FACTS' auto-resolution does: BBB has the most, its rightmost goes.
    assert_eq!(
        crate::rulesets::pop::bot::Bot::new(3).choose(&game),
        Some(slot(2))
    );
    refused(&mut game, slot(3), ids::CURIA_CARDINAL_DIES);
    refused(&mut game, slot(1), ids::CURIA_CARDINAL_DIES);
    refused(&mut game, Action::Decline, ids::CURIA_CARDINAL_DIES);
    // The player takes AAA's cardinal, which the auto-resolution would have spared.
    game.apply(slot(0)).unwrap();
    assert_eq!(track(&game), ["BBB", "BBB"]);
    assert_eq!(
        notes(&game, ids::CURIA_CARDINAL_DIES),
        [(
            Some("AAA".to_string()),
            "AAA loses a cardinal (slot 1): a cardinal dies".to_string(),
            Some(-1)
        )]
    );
    settle_turn(&mut game, me);
    assert_eq!(count(&game, ids::CURIA_CARDINAL_DIES), 1);
}

#[test]
fn pop_19_cardinal_dies_on_the_event_nobody_took_auto_resolves() {
    use crate::rulesets::pop::rules::events::{
        EventInProgress, EventStage, Leftover, advance_event,
    };
    let mut game = cardinal_dies_game();
    set_track(&mut game, &["AAA", "BBB", "BBB"]);
    let a = e(&game, "AAA");
    let card = game
        .scenario()
        .events
        .iter()
        .position(|ev| {
            ev.symbols == [crate::rulesets::pop::content::schema::EventSymbol::CardinalDies]
        })
        .unwrap();
    let before = game.pending().cloned();
    {
        let world = game.world_mut();
        world.res_mut::<EventInProgress>().0 = Some((a, card));
        world.res_mut::<Leftover>().resolving = true;
        world.insert_resource(EventStage::Symbols { next: 0 });
    }
    advance_event(game.world_mut());
    assert_eq!(game.pending().cloned(), before, "nobody is asked");
    assert_eq!(track(&game), ["AAA", "BBB"], "BBB's rightmost went");
}

#[test]
fn pop_19_cardinal_choices_offer_one_slot_per_outcome() {
    let mut game = game_with(with_curia);
    set_track(&mut game, &["AAA", "AAA", "BBB"]);
    assert_eq!(curia::cardinal_choices(game.world(), None), [1, 2]);
    assert_eq!(curia::cardinal_choices(game.world(), Some("AAA")), [1]);
    assert_eq!(curia::cardinal_choices(game.world(), Some("BBB")), [2]);
    assert_eq!(
        curia::dying_cardinal(game.world()),
        Some(1),
        "AAA has the most"
    );
}

#[test]
fn pop_19_excommunicate_the_target_chooses_which_cardinal_it_loses() {
    let (mut game, me, other) = papal_game(with_curia);
    let (ccc, north) = (e(&game, "CCC"), e(&game, "north"));
    let (mk, ok) = (
        crate::rulesets::pop::state::key_of(game.world(), me),
        crate::rulesets::pop::state::key_of(game.world(), other),
    );
    // I hold Roma (allied with the Papal States) and one slot; the other realm holds two
    // slots apart: 2 against 2, Roma leftmost, so I am the Papal Controller.
    spawn_sim(game.world_mut(), None, Alliance { a: me, b: ccc });
    set_track(&mut game, &[&ok, &mk, &ok]);
    tidy(&mut game);
    assert_eq!(curia::controller(game.world()), Some(me));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), other, north, 5);
    let stability = mat(&game, other).stability;
    game.apply(Action::Excommunicate { realm: ok }).unwrap();
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.kind, DecisionKind::ExcommunicationCardinal);
    assert_eq!(pending.realm, ok, "the excommunicated realm chooses");
    assert_eq!(mat(&game, other).stability, stability - 1);
    let slot = |slot: u8| Action::ChooseCardinal { slot };
    assert_eq!(game.legal_actions(), [slot(0), slot(2)]);
    assert_eq!(
        crate::rulesets::pop::bot::Bot::new(3).choose(&game),
        Some(slot(2)),
        "the bot keeps its leftmost"
    );
    refused(&mut game, slot(1), ids::CURIA_EXCOMMUNICATE);
    refused(&mut game, slot(7), ids::CURIA_EXCOMMUNICATE);
    game.apply(slot(0)).unwrap();
    assert_eq!(track(&game), [mk, ok]);
    assert_eq!(curia::cardinals_of(game.world(), other), 1);
    assert_eq!(
        crate::rulesets::pop::rules::relations::influence_in(game.world(), other, north),
        1,
        "then 4 influence discarded from Catholic areas"
    );
    assert!(
        notes(&game, ids::CURIA_EXCOMMUNICATE)
            .iter()
            .any(|(r, t, _)| r.as_deref() == Some(&ok)
                && t == &format!("{ok} loses a cardinal (slot 1): its ruler is excommunicated"))
    );
    // The Papal Action is over: the turn goes on to the other realm.
    assert_eq!(game.pending().unwrap().realm, ok);
    assert_eq!(game.pending().unwrap().kind, DecisionKind::Turn);
}

/// The `file:line:col` of the first error whose message contains `needle`.
fn error_at(text: &str, needle: &str) -> String {
    let errors = crate::rulesets::pop::content::parse_scenario(text, "pap.ron").unwrap_err();
    let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let found = all
        .iter()
        .find(|m| m.contains(needle))
        .unwrap_or_else(|| panic!("{needle}: {all:#?}"));
    found
        .split(' ')
        .next()
        .unwrap()
        .trim_end_matches(':')
        .to_string()
}

/// Line and column (1-based) of the first occurrence of `what` on a line containing `line_has`.
fn at(text: &str, line_has: &str, what: &str) -> String {
    let (i, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(line_has))
        .unwrap();
    format!("pap.ron:{}:{}", i + 1, l.find(what).unwrap() + 1)
}

#[test]
fn pop_19_content_checks_the_papacy_references() {
    let bad = with_curia(MINI.to_string())
        .replace("papal_states: Some(\"CCC\")", "papal_states: Some(\"ZZZ\")")
        .replace("roma: Some(\"capc\")", "roma: Some(\"nowhere\")")
        .replace(
            "capital: \"capc\", religion: Catholic)",
            "capital: \"capc\", religion: Catholic, cardinals: 1)",
        );
    let errors = crate::rulesets::pop::content::parse_scenario(&bad, "pap.ron").unwrap_err();
    let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 3, "{all:#?}");
    assert_eq!(
        error_at(&bad, "papal_states"),
        at(&bad, "papal_states", "\"ZZZ\"")
    );
    assert_eq!(error_at(&bad, "roma"), at(&bad, "roma:", "\"nowhere\""));
    // The cardinals error points at CCC's `cardinals: 1`.
    assert!(
        all.iter()
            .any(|m| m.contains("only Catholic Player Realms hold cardinals")),
        "{all:#?}"
    );
    assert_eq!(
        error_at(&bad, "only Catholic Player Realms hold cardinals"),
        at(&bad, "capital: \"capc\"", "1)")
    );
}

#[test]
fn pop_19_content_checks_the_papal_states_are_a_catholic_non_player_realm() {
    // BBB is a Player Realm.
    let player = with_curia(MINI.to_string())
        .replace("papal_states: Some(\"CCC\")", "papal_states: Some(\"BBB\")");
    assert_eq!(
        error_at(&player, "is not a Catholic Non-Player Realm"),
        at(&player, "papal_states", "\"BBB\"")
    );
    // CCC Orthodox.
    let orthodox = with_curia(MINI.to_string()).replace(
        "capital: \"capc\", religion: Catholic)",
        "capital: \"capc\", religion: Orthodox)",
    );
    assert_eq!(
        error_at(&orthodox, "is not a Catholic Non-Player Realm"),
        at(&orthodox, "papal_states", "\"CCC\"")
    );
}

#[test]
fn pop_19_crusade_without_a_capital_area_logs_the_mercenaries_not_placed() {
    let (mut game, me, _) = papal_game(with_crusade);
    game.world_mut().entity_mut(me).remove::<Capital>();
    game.apply(Action::CallCrusade {
        area: "east".into(),
        war: Some("CCC".into()),
    })
    .unwrap();
    let name = crate::rulesets::pop::state::key_of(game.world(), me);
    assert!(notes(&game, ids::CURIA_CRUSADE).iter().any(|(r, t, _)| {
        r.as_deref() == Some(&name)
            && t.contains(
                "no capital area: its 2 mercenary infantry for the Crusade are not placed",
            )
    }));
}
