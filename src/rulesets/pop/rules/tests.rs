//! Rule tests for governing a realm (seed 000, chapter 7) on the mini test scenario, with the
//! board set up directly where the situation needs it. Each test names its rule id.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::log::GameLog;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::cards::Hand;
use crate::rulesets::pop::rules::characters::{self, advisor_of, ruler_of};
use crate::rulesets::pop::rules::income::{corruption_charge, pay_upkeep};
use crate::rulesets::pop::rules::monarch_power::skill_level;
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::towns::{self, tracks};

#[test]
fn pop_7_1_income_is_ruler_plus_advisor_and_regency_one() {
    let game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    // Anna (3, 2, 1) with Ada, an adm advisor of skill 2.
    assert_eq!(
        [MpKind::Adm, MpKind::Dip, MpKind::Mil].map(|k| skill_level(game.world(), a, k)),
        [5, 2, 1]
    );
    assert_eq!(
        [MpKind::Adm, MpKind::Dip, MpKind::Mil].map(|k| skill_level(game.world(), b, k)),
        [2, 2, 2]
    );
    let mut game = game;
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    assert!(game.world().get::<Interregnum>(a).is_some());
    assert_eq!(
        [MpKind::Adm, MpKind::Dip, MpKind::Mil].map(|k| skill_level(game.world(), a, k)),
        [1 + 2, 1, 1],
        "a regency council has skill 1 in each type; the advisor still counts"
    );
}

#[test]
fn pop_7_2_ill_health_and_death_on_the_second_token() {
    let mut game = game();
    let a = e(&game, "AAA");
    let ada = e(&game, "adv_a");
    // Ada carries mortality icon 3.
    characters::mortality(game.world_mut(), 3);
    assert_eq!(game.world().get::<IllHealth>(ada).unwrap().0, 1);
    assert_eq!(advisor_of(game.world(), a, MpKind::Adm), Some(ada));
    assert_eq!(count(&game, "pop.7.2.ill_health"), 1);
    // Icon 1 is Anna's (the ruler), not Ada's.
    characters::mortality(game.world_mut(), 1);
    assert_eq!(game.world().get::<IllHealth>(ada).unwrap().0, 1);
    characters::mortality(game.world_mut(), 3);
    assert_eq!(
        advisor_of(game.world(), a, MpKind::Adm),
        None,
        "the second token kills"
    );
    assert_eq!(count(&game, "pop.7.2.death"), 1);
    assert!(
        game.world().get::<Interregnum>(a).is_none(),
        "an advisor's death has no other consequence"
    );
}

#[test]
fn pop_7_2_ruler_death_opens_an_interregnum() {
    let mut game = game();
    let a = e(&game, "AAA");
    let anna = e(&game, "ruler_a");
    characters::make_ill(game.world_mut(), anna);
    assert!(ruler_of(game.world(), a).is_some());
    characters::make_ill(game.world_mut(), anna);
    assert!(ruler_of(game.world(), a).is_none());
    assert!(game.world().get::<Interregnum>(a).is_some());
    assert_eq!(count(&game, "pop.7.2.interregnum"), 1);
}

#[test]
fn pop_7_2_a_ruler_replaced_as_a_reaction_never_enters_an_interregnum() {
    // "You may immediately replace a discarded Ruler by taking the Appoint Advisor/Leader Minor
    // Action as a Reaction ... If you cannot (or choose not to) do this, your Realm enters an
    // Interregnum": appointed at once, no Interregnum is logged; declined, it is, once.
    let with_heir = || game_with(with_heir_card);
    let mut game = with_heir();
    let a = e(&game, "AAA");
    give_card(&mut game, a, "c_heir");
    set(&mut game, a, |m| m.ducats = 10);
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    assert_eq!(
        count(&game, "pop.7.2.interregnum"),
        0,
        "not before the choice"
    );
    assert!(characters::ask_reaction(game.world_mut()));
    game.apply(crate::rulesets::pop::Action::Appoint {
        card: "c_heir".into(),
    })
    .unwrap();
    assert_eq!(ruler_of(game.world(), a), Some(e(&game, "heir_x")));
    assert!(game.world().get::<Interregnum>(a).is_none());
    assert_eq!(count(&game, "pop.7.2.interregnum"), 0);
    assert_eq!(count(&game, "pop.7.2.interregnum_restrictions"), 0);
    assert_eq!(count(&game, "pop.7.2.reaction_appoint"), 1);

    let mut game = with_heir();
    let a = e(&game, "AAA");
    give_card(&mut game, a, "c_heir");
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    assert!(characters::ask_reaction(game.world_mut()));
    game.apply(crate::rulesets::pop::Action::Decline).unwrap();
    assert!(game.world().get::<Interregnum>(a).is_some());
    assert_eq!(count(&game, "pop.7.2.interregnum"), 1);
    assert_eq!(count(&game, "pop.7.2.interregnum_restrictions"), 1);
}

#[test]
fn pop_7_2_advisor_upkeep_an_advisor_not_wanted_is_fired_in_phase_4_a() {
    // "If you cannot or do not want to pay the upkeep for an Advisor, it must be discarded":
    // in Income & Upkeep's first step AAA fires Ada rather than pay her again.
    let mut game = game();
    let a = e(&game, "AAA");
    let reached = play_until(
        &mut game,
        3000,
        |_| {},
        |g| {
            g.pending().is_some_and(|d| {
                d.kind == crate::rulesets::pop::DecisionKind::CutCosts && d.realm.as_str() == "AAA"
            })
        },
    );
    assert!(reached, "Phase 4 A asks AAA");
    let ada = e(&game, "adv_a");
    assert!(game.world().get::<Serves>(ada).is_some());
    game.apply(crate::rulesets::pop::Action::FireAdvisor {
        character: "adv_a".into(),
    })
    .unwrap();
    assert!(game.world().get::<Serves>(ada).is_none(), "discarded");
    assert!(logged(&game, "pop.7.2.advisor_upkeep", "adv_a's upkeep"));
    assert_eq!(advisor_of(game.world(), a, MpKind::Adm), None);
}

#[test]
fn pop_7_2_historical_ruler_replaces_and_historical_ill_starts_with_one_token() {
    let mut game = game();
    let a = e(&game, "AAA");
    let arno = e(&game, "heir_a");
    characters::historical_ruler(game.world_mut(), a, arno);
    assert_eq!(ruler_of(game.world(), a), Some(arno));
    assert_eq!(
        game.world().get::<IllHealth>(arno).unwrap().0,
        1,
        "the H icon"
    );
    assert!(
        game.world().get::<Serves>(e(&game, "ruler_a")).is_none(),
        "the old ruler is discarded"
    );
    assert_eq!(count(&game, "pop.7.2.historical_ruler"), 1);
    assert_eq!(count(&game, "pop.7.2.historical_ill"), 1);
    // One more ill health kills him: he started with one.
    characters::make_ill(game.world_mut(), arno);
    assert!(game.world().get::<Interregnum>(a).is_some());
}

#[test]
fn pop_7_2_no_ruler_penalty_in_phase_3_f() {
    let mut game = game();
    let a = e(&game, "AAA");
    let b = e(&game, "BBB");
    crate::rulesets::pop::state::spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a: b,
            b: a,
            disputed_a: false,
            disputed_b: false,
        },
    );
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    set(&mut game, a, |m| m.stability = 0);
    // Play on until Phase 3 step F has run.
    let mut bot = crate::rulesets::pop::bot::Bot::new(1);
    while count(&game, "pop.7.2.no_ruler_penalty") == 0 && !game.is_over() {
        // Keep AAA without a ruler: decline every chance to replace it.
        let action = match game.pending() {
            Some(d) if d.kind == crate::rulesets::pop::DecisionKind::ReplaceDeadRuler => {
                crate::rulesets::pop::Action::Decline
            }
            _ => bot.choose(&game).unwrap(),
        };
        let action = if matches!(action, crate::rulesets::pop::Action::Appoint { .. }) {
            crate::rulesets::pop::Action::Pass
        } else {
            action
        };
        if game.apply(action.clone()).is_err() {
            let first = game
                .legal_actions()
                .into_iter()
                .find(|a| !matches!(a, crate::rulesets::pop::Action::Appoint { .. }))
                .unwrap();
            game.apply(first).unwrap();
        }
    }
    assert_eq!(count(&game, "pop.seq.phase3.f"), 1);
    let mut q = game.world_mut().query::<&Marriage>();
    assert!(
        q.iter(game.world())
            .all(|m| m.disputed_on(a) && !m.disputed_on(b)),
        "BBB's marriage token on AAA turns to Disputed Succession"
    );
    let stab_notes: Vec<_> = game
        .world()
        .resource::<GameLog>()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.7.2.no_ruler_penalty" && n.amount == Some(-1))
        .cloned()
        .collect();
    assert_eq!(stab_notes.len(), 1, "-1 stability");
}

#[test]
fn pop_7_2_appoint_advisor_costs_its_ducats_and_replaces_the_old_one() {
    let mut game = game_with(|t| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"c1\", name: \"Treasurer\", deck: Adm, cost: 1, character: Some(\"adv_b\"))],",
        )
        .replace(
            "    characters: [",
            "    characters: [\n        (id: \"adv_b\", name: \"Bea\", kind: Advisor(Adm), skills: (3, 0, 0), cost: 4),",
        )
    });
    let a = e(&game, "AAA");
    give_card(&mut game, a, "c1");
    set(&mut game, a, |m| m.ducats = 3);
    assert_eq!(
        characters::appoint_problem(game.world(), a, "c1", false)
            .unwrap()
            .rule,
        "pop.7.2.appoint_advisor"
    );
    set(&mut game, a, |m| m.ducats = 10);
    assert!(characters::appoint_problem(game.world(), a, "c1", false).is_none());
    assert_eq!(
        characters::appoint_problem(game.world(), a, "c1", true)
            .unwrap()
            .rule,
        "pop.7.2.reaction_appoint"
    );
    characters::appoint(game.world_mut(), a, "c1", "pop.7.2.appoint_ruler");
    assert_eq!(mat(&game, a).ducats, 6);
    let bea = e(&game, "adv_b");
    assert_eq!(
        advisor_of(game.world(), a, MpKind::Adm),
        Some(bea),
        "one advisor per type"
    );
    assert!(game.world().get::<Serves>(e(&game, "adv_a")).is_none());
    assert!(game.world().get::<Hand>(a).unwrap().cards.is_empty());
}

#[test]
fn pop_7_2_a_serving_characters_card_is_tucked_and_discarded_when_it_leaves_play() {
    // "tuck its card underneath your Player Mat"; "Dead characters are discarded": while Bea
    // serves her card is in no deck, discard pile or hand, so nobody can draw it; when she dies
    // it goes to the Administrative discards with its Ill Health tokens gone.
    use crate::rulesets::pop::rules::cards::ActionDecks;
    let mut game = game_with(|t| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"c1\", name: \"Treasurer\", deck: Adm, cost: 1, character: Some(\"adv_b\"))],",
        )
        .replace(
            "    characters: [",
            "    characters: [\n        (id: \"adv_b\", name: \"Bea\", kind: Advisor(Adm), skills: (3, 0, 0), cost: 4, mortality: Some(3)),",
        )
    });
    let a = e(&game, "AAA");
    // The card is drawn: out of its deck (or whoever drew it at setup), into Aland's hand.
    for deck in &mut game.world_mut().res_mut::<ActionDecks>().decks {
        deck.retain(|c| *c != 0);
    }
    for mut hand in game
        .world_mut()
        .query::<&mut Hand>()
        .iter_mut(game.world_mut())
    {
        hand.cards.retain(|c| *c != 0);
        hand.drawn.retain(|c| *c != 0);
    }
    give_card(&mut game, a, "c1");
    set(&mut game, a, |m| m.ducats = 10);
    characters::appoint(game.world_mut(), a, "c1", "pop.7.2.appoint_ruler");
    let bea = e(&game, "adv_b");
    let decks = game.world().resource::<ActionDecks>().clone();
    assert!(
        decks
            .decks
            .iter()
            .chain(decks.discard.iter())
            .all(|d| d.is_empty()),
        "tucked, not discarded: {decks:?}"
    );
    assert_eq!(characters::tucked_card(game.world(), bea), Some(0));
    characters::make_ill(game.world_mut(), bea);
    characters::make_ill(game.world_mut(), bea);
    assert!(game.world().get::<Serves>(bea).is_none(), "she died");
    let decks = game.world().resource::<ActionDecks>().clone();
    assert_eq!(
        decks.discard[MpKind::Adm.index()],
        vec![0],
        "her card is discarded"
    );
    assert!(logged(
        &game,
        "pop.7.2.card_discarded",
        "\"Treasurer\" goes to the discard pile"
    ));
    assert_eq!(game.world().get::<IllHealth>(bea).unwrap().0, 0);
    assert!(
        game.world()
            .get::<crate::rulesets::pop::model::Dead>(bea)
            .is_some(),
        "dead: no Event could offer her"
    );
    assert!(!characters::can_rule(game.world(), bea));
    // Drawn again one day, the card can be appointed again, and she is in play afresh.
    give_card(&mut game, a, "c1");
    assert!(characters::appoint_problem(game.world(), a, "c1", false).is_none());
    characters::appoint(game.world_mut(), a, "c1", "pop.7.2.appoint_ruler");
    assert!(game.world().get::<Serves>(bea).is_some());
    assert!(
        game.world()
            .get::<crate::rulesets::pop::model::Dead>(bea)
            .is_none()
    );
}

#[test]
fn pop_7_4_income_upkeep_with_stability_and_interest() {
    let mut game = game();
    let a = e(&game, "AAA");
    // Towns: large 2 + small 1 = 3. Stability +1: +2. Ada costs 2. Two loans: 2 interest.
    set(&mut game, a, |m| {
        m.ducats = 10;
        m.stability = 1;
        m.loans = 2;
    });
    pay_upkeep(game.world_mut(), a);
    assert_eq!(mat(&game, a).ducats, 10 + 3 + 2 - 2 - 2);
    let b = game
        .world()
        .get::<crate::rulesets::pop::rules::income::IncomeBreakdown>(a)
        .unwrap()
        .clone();
    assert_eq!(
        (b.towns, b.stability, b.advisors, b.interest, b.net),
        (3, 2, -2, -2, 1)
    );
    assert_eq!(count(&game, "pop.7.3.plus1"), 1);
    assert_eq!(count(&game, "pop.7.4.interest"), 1);
    assert_eq!(count(&game, "pop.7.2.advisor_upkeep"), 1);
}

#[test]
fn pop_7_4_unpaid_advisor_leaves_before_its_bonus() {
    let mut game = game();
    let a = e(&game, "AAA");
    // Stability -1 takes 2 of the 3 town income; 0 in the treasury: Ada's 2 cannot be paid.
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.stability = -1;
    });
    pay_upkeep(game.world_mut(), a);
    assert_eq!(advisor_of(game.world(), a, MpKind::Adm), None);
    assert_eq!(count(&game, "pop.7.4.unpaid_advisor"), 1);
    assert_eq!(count(&game, "pop.7.3.minus1"), 1);
    assert_eq!(mat(&game, a).ducats, 3 - 2);
    assert_eq!(
        skill_level(game.world(), a, MpKind::Adm),
        3,
        "no bonus from the advisor who left"
    );
}

#[test]
fn pop_7_4_a_forced_loan_pays_the_advisor_it_leaves_money_for() {
    // "If you cannot cover the Interest on your Loans, you must ... take another Loan", and
    // income and costs are "calculated simultaneously": AAA earns 3, owes 4 interest and Ada's
    // 2 with an empty treasury; the loan it must take (5) covers Ada as well, so she stays.
    let mut game = game();
    let a = e(&game, "AAA");
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.loans = 4;
    });
    pay_upkeep(game.world_mut(), a);
    assert!(
        advisor_of(game.world(), a, MpKind::Adm).is_some(),
        "Ada is paid"
    );
    assert_eq!(count(&game, "pop.7.4.unpaid_advisor"), 0);
    let m = mat(&game, a);
    assert_eq!((m.loans, m.ducats), (5, 3 - 4 - 2 + 5));
    assert_eq!(count(&game, "pop.7.4.forced_loan"), 1);
    // At the loan limit nothing more can be borrowed: Ada goes unpaid, the interest bankrupts.
    let mut game = crate::rulesets::pop::rules::test_support::game();
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.loans = 5;
    });
    pay_upkeep(game.world_mut(), a);
    assert_eq!(advisor_of(game.world(), a, MpKind::Adm), None);
    assert_eq!(count(&game, "pop.7.4.unpaid_advisor"), 1);
}

#[test]
fn pop_7_4_unpaid_interest_forces_a_loan_or_bankruptcy() {
    let mut game = game();
    let b = e(&game, "BBB");
    // BBB: large town 2 + vassal 1/2 -> 2 income; 0 ducats; 4 loans: interest 4.
    set(&mut game, b, |m| {
        m.ducats = 0;
        m.loans = 4;
    });
    pay_upkeep(game.world_mut(), b);
    let m = mat(&game, b);
    assert_eq!(
        (m.loans, m.ducats),
        (5, 2 + 5 - 4),
        "one forced loan covers the interest"
    );
    assert_eq!(count(&game, "pop.7.4.forced_loan"), 1);
    set(&mut game, b, |m| m.ducats = 0);
    pay_upkeep(game.world_mut(), b);
    let bankrupt = game
        .world()
        .resource::<GameLog>()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.7.4.bankruptcy" && n.text.contains("goes bankrupt"))
        .count();
    assert_eq!(bankrupt, 1, "5 tokens and the interest unpaid");
    assert_eq!(mat(&game, b).loans, 2);
}

#[test]
fn pop_7_4_interest_after_a_bankruptcy_is_on_the_loans_left() {
    // A Bankrupt realm "discards all D and 3 ,": when the shortfall of a negative stability
    // bankrupts it in Phase 4 B, the interest that follows is on the 2 tokens left, not 5.
    let mut game = game();
    let b = e(&game, "BBB");
    // Without its large town BBB earns nothing; stability -1 costs 2 it cannot pay.
    let capb = e(&game, "capb");
    let tokens: Vec<Entity> = game.world().get::<Holdings>(capb).unwrap().iter().collect();
    for t in tokens {
        game.world_mut().despawn(t);
    }
    set(&mut game, b, |m| {
        m.ducats = 0;
        m.loans = 5;
        m.stability = -1;
    });
    pay_upkeep(game.world_mut(), b);
    assert!(logged(&game, "pop.7.4.bankruptcy", "goes bankrupt"));
    let breakdown = game
        .world()
        .get::<crate::rulesets::pop::rules::income::IncomeBreakdown>(b)
        .unwrap()
        .clone();
    assert_eq!(breakdown.interest, -2, "the interest of the 2 tokens left");
    // The 2 interest unpaid from an empty treasury: one forced loan (5 ducats), 2 paid.
    let m = mat(&game, b);
    assert_eq!((m.loans, m.ducats), (3, 3));
    // A loan forced by the shortfall itself is not charged in the same settlement: with no
    // loans before, the shortfall's loan leaves 5 - 2 = 3 ducats and no interest.
    set(&mut game, b, |m| {
        m.ducats = 0;
        m.loans = 0;
        m.stability = -1;
    });
    pay_upkeep(game.world_mut(), b);
    let m = mat(&game, b);
    assert_eq!((m.loans, m.ducats), (1, 3));
}

#[test]
fn pop_7_4_bankruptcy_takes_the_mercenaries_and_their_general_leaves_command() {
    // Bankruptcy removes every mercenary; a general left with no unit under it goes back to its
    // Army Mat ("a General moved to another Army (even one without any Units)").
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    for u in crate::rulesets::pop::rules::military::own_units_at(game.world(), a, north, true) {
        game.world_mut().despawn(u);
    }
    spawn_unit(
        &mut game,
        Some(a),
        "north",
        UnitKind::Infantry,
        UnitStatus::Mercenary,
    );
    let arno = e(&game, "heir_a");
    game.world_mut()
        .entity_mut(arno)
        .insert((Serves(a), Role::General, InCommand(north)));
    crate::rulesets::pop::rules::economy::bankruptcy(game.world_mut(), a);
    assert!(
        crate::rulesets::pop::rules::military::own_units_at(game.world(), a, north, true)
            .is_empty()
    );
    assert!(
        game.world().get::<InCommand>(arno).is_none(),
        "no army to command"
    );
    assert!(logged(
        &game,
        "pop.7.2.replace_military_leader",
        "no unit left under it"
    ));
}

#[test]
fn pop_seq_phase4_c_corruption_charge() {
    assert_eq!(corruption_charge(49), 0);
    assert_eq!(corruption_charge(50), 1);
    assert_eq!(corruption_charge(59), 1);
    assert_eq!(corruption_charge(60), 2);
    assert_eq!(corruption_charge(75), 3);
}

#[test]
fn pop_7_5_town_track_income_and_manpower() {
    let game = game();
    let a = e(&game, "AAA");
    let t = tracks(game.world(), a);
    // Manpower: half the income of each track, rounded up: small 1/2 -> 1, large 2/2 -> 1.
    assert_eq!(
        (t.small_towns, t.large_towns, t.income, t.manpower),
        (1, 1, 3, 2)
    );
    assert!(
        count(&game, "pop.7.5.town_track") >= 2,
        "the setup placed them from the track"
    );
    // A vassal is 1/2 ducat: BBB has a large town and a vassal.
    let t = tracks(game.world(), e(&game, "BBB"));
    assert_eq!((t.large_towns, t.vassals, t.income), (1, 1, 2));
}

#[test]
fn pop_7_5_two_small_towns_when_large_towns_run_out() {
    let mut game = game();
    let a = e(&game, "AAA");
    let capc = e(&game, "capc");
    // Seven more large towns fill the large track (8 in all).
    let capa = e(&game, "capa");
    for _ in 0..7 {
        towns::place_town(game.world_mut(), a, capa);
    }
    assert_eq!(tracks(game.world(), a).large_left, 0);
    // capc is small in the mini map; make it large for this test.
    game.world_mut().get_mut::<Province>(capc).unwrap().size = ProvinceSize::Large;
    let before = tracks(game.world(), a).small_towns;
    towns::place_town(game.world_mut(), a, capc);
    assert_eq!(tracks(game.world(), a).small_towns, before + 2);
}

#[test]
fn pop_7_5_income_tile_and_out_of_towns() {
    let mut game = game();
    let a = e(&game, "AAA");
    let nora = e(&game, "nora");
    for _ in 0..18 {
        towns::place_town(game.world_mut(), a, nora);
    }
    assert_eq!(tracks(game.world(), a).small_towns, 19);
    assert_eq!(count(&game, "pop.7.5.income_tile"), 0);
    towns::place_town(game.world_mut(), a, nora);
    let t = tracks(game.world(), a);
    assert!(t.income_tile);
    assert_eq!(
        t.income,
        20 + 2,
        "the +20 tile: 20 small towns and the large one"
    );
    assert_eq!(count(&game, "pop.7.5.income_tile"), 1);
    // "Place the remaining 20 towns onto your Town Track": the refilled small track shows the
    // manpower of the towns placed since (none yet), the large town's 1 stays.
    assert_eq!(
        t.manpower, 1,
        "20 small towns and a large one: the large track's 1"
    );
    for _ in 0..3 {
        towns::place_town(game.world_mut(), a, nora);
    }
    let t = tracks(game.world(), a);
    assert_eq!(t.income, 23 + 2);
    assert_eq!(
        t.manpower,
        2 + 1,
        "3 towns on the new track: half, rounded up"
    );
    // Falling below 20 returns the tile.
    towns::remove_tokens(game.world_mut(), a, nora);
    assert!(!tracks(game.world(), a).income_tile);
    assert_eq!(count(&game, "pop.7.5.income_tile"), 2);
    // All 40 small towns out: a vassal instead (the removal took all of them off the board).
    assert_eq!(tracks(game.world(), a).small_towns, 0);
    for _ in 0..41 {
        towns::place_town(game.world_mut(), a, nora);
    }
    let t = tracks(game.world(), a);
    assert_eq!((t.small_towns, t.small_left), (40, 0));
    assert_eq!(count(&game, "pop.7.5.out_of_towns"), 1);
    assert_eq!(t.vassals, 1);
}

#[test]
fn pop_7_6_cores_printed_npr_marker_and_core_token() {
    let mut game = game();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    let nora = e(&game, "nora");
    assert!(towns::is_core(game.world(), nora, a));
    game.world_mut().entity_mut(nora).insert(NprMarker(c));
    assert!(
        !towns::is_core(game.world(), nora, a),
        "an NPR marker overrides the flag"
    );
    assert!(towns::is_core(game.world(), nora, c));
    let north = e(&game, "north");
    crate::rulesets::pop::state::spawn_sim(
        game.world_mut(),
        None,
        CoreToken {
            realm: b,
            area: north,
        },
    );
    assert_eq!(
        towns::core_owners(game.world(), nora),
        vec![b],
        "a core token beats everything"
    );
    assert!(towns::is_core(game.world(), e(&game, "capa"), b));
}

fn game_with_ideas() -> Game {
    game_with(|t| {
        t.replace(
            "    ideas: [],",
            r#"    ideas: [
        (id: "basic_adm", name: "Basic Adm", kind: Adm, basic: true, age: 1, cost: 3),
        (id: "late_adm", name: "Late Adm", kind: Adm, age: 2, cost: 5),
        (id: "early_dip", name: "Early Dip", kind: Dip, age: 1, cost: 4),
    ],"#,
        )
    })
}

#[test]
fn pop_5_1_research_idea_applies_its_immediate_effects() {
    // "Apply any immediate effects in the Idea's description": an Idea whose card gives 4
    // ducats and lets the realm choose 1 monarch power of any type, once, when researched.
    use crate::rulesets::pop::Action;
    let (mut game, me) = at_turn(|t| {
        t.replace(
            "    ideas: [],",
            r#"    ideas: [
        (id: "basic_adm", name: "Basic Adm", kind: Adm, basic: true, age: 1, cost: 3, immediate: [Ducats(4), AnyMp(1)]),
    ],"#,
        )
    });
    set(&mut game, me, |m| m.mp = [10, 5, 10]);
    let ducats = mat(&game, me).ducats;
    game.apply(Action::ResearchIdea {
        idea: "basic_adm".into(),
    })
    .unwrap();
    assert_eq!(mat(&game, me).ducats, ducats + 4);
    let asked = game.pending().unwrap().clone();
    assert_eq!(
        asked.realm,
        crate::rulesets::pop::state::key_of(game.world(), me)
    );
    assert!(matches!(
        asked.kind,
        crate::rulesets::pop::DecisionKind::MpType { amount: 1 }
    ));
    let dip = mat(&game, me).mp[1];
    game.apply(Action::ChooseMp { kind: MpKind::Dip }).unwrap();
    assert_eq!(mat(&game, me).mp[1], dip + 1);
    assert_ne!(
        game.pending().unwrap().realm,
        crate::rulesets::pop::state::key_of(game.world(), me),
        "then the action is over"
    );
}

#[test]
fn pop_5_1_research_idea_cost_prestige_and_earlier_researchers() {
    use crate::rulesets::pop::rules::ideas::{IdeaGrid, research, research_problem};
    let mut game = game_with_ideas();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let content = game
        .world()
        .resource::<crate::rulesets::pop::state::Content>()
        .0
        .clone();
    let open: Vec<String> = game
        .world()
        .resource::<IdeaGrid>()
        .open
        .iter()
        .map(|i| content.ideas[*i].id.to_string())
        .collect();
    assert_eq!(
        open,
        vec!["basic_adm", "early_dip"],
        "Age I: the Basic Idea and Age I Ideas only"
    );
    set(&mut game, a, |m| m.mp = [2, 0, 0]);
    assert_eq!(
        research_problem(game.world(), a, "basic_adm").unwrap().rule,
        "pop.5.1.research_idea"
    );
    set(&mut game, a, |m| {
        m.mp = [5, 0, 0];
        m.prestige = 0;
    });
    research(game.world_mut(), a, "basic_adm");
    let m = mat(&game, a);
    assert_eq!((m.mp[0], m.prestige), (2, 2), "pay 3 adm, +2 prestige");
    assert!(
        research_problem(game.world(), a, "basic_adm").is_some(),
        "once per realm"
    );
    set(&mut game, b, |m| {
        m.mp = [5, 0, 0];
        m.prestige = 0;
    });
    research(game.world_mut(), b, "basic_adm");
    assert_eq!(mat(&game, b).prestige, 2);
    assert_eq!(mat(&game, a).prestige, 3, "the earlier researcher gains 1");
    assert_eq!(count(&game, "pop.5.1.research_idea"), 2 + 2 + 2 + 1);
}

#[test]
fn ideas_modify_skill_income_and_score_prestige_in_phase_4_e() {
    use crate::rulesets::pop::rules::ideas::{IdeaGrid, idea_income, research};
    let mut game = game_with(|t| {
        t.replace(
            "    ideas: [],",
            r#"    ideas: [
        (id: "bureaucracy", name: "Bureaucracy", kind: Adm, basic: true, age: 1, cost: 3, effects: [Income(2), Skill(Adm, 1)]),
        (id: "absolutism", name: "Absolutism", kind: Adm, age: 1, cost: 4, government: true, effects: [StablePrestige(1)]),
        (id: "republic", name: "Republic", kind: Adm, age: 1, cost: 4, government: true),
    ],"#,
        )
    });
    let a = e(&game, "AAA");
    set(&mut game, a, |m| m.mp = [10, 0, 0]);
    research(game.world_mut(), a, "bureaucracy");
    // 7.1: ideas modify the skill level (Anna 3 + Ada 2 + 1).
    assert_eq!(skill_level(game.world(), a, MpKind::Adm), 6);
    assert_eq!(idea_income(game.world(), a), 2);
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.stability = 1;
        m.mp = [10, 0, 0];
    });
    pay_upkeep(game.world_mut(), a);
    // Towns 3 + Bureaucracy 2 + stability 2 - Ada 2.
    assert_eq!(mat(&game, a).ducats, 5);
    research(game.world_mut(), a, "absolutism");
    set(&mut game, a, |m| m.prestige = 0);
    game.world_mut()
        .run_system_cached(super::ideas::score_idea_prestige_for_tests)
        .unwrap();
    assert_eq!(
        mat(&game, a).prestige,
        1,
        "+1 in 4E with positive stability"
    );
    assert_eq!(count(&game, "pop.seq.phase4.e"), 2);
    // One Government form at a time: Republic replaces Absolutism.
    set(&mut game, a, |m| m.mp = [10, 0, 0]);
    research(game.world_mut(), a, "republic");
    let held: Vec<Id> = crate::rulesets::pop::rules::ideas::ideas_of(game.world(), a);
    assert_eq!(held, vec!["bureaucracy", "republic"]);
    assert_eq!(game.world().resource::<IdeaGrid>().researched.len(), 2);
}

#[test]
fn pop_7_2_imperial_election_when_the_emperors_ruler_dies() {
    let mut game = game_with(|t| {
        t.replace(
            "options: (first_age: 1, last_age: 2)",
            "options: (first_age: 1, last_age: 2, emperor: Some(\"AAA\"))",
        )
    });
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    assert_eq!(count(&game, "pop.7.2.imperial_election"), 1);
    // Another realm's ruler is no Emperor.
    let ruler_b = e(&game, "ruler_b");
    characters::kill(game.world_mut(), ruler_b);
    assert_eq!(count(&game, "pop.7.2.imperial_election"), 1);
}

/// The mini game, edited, at the first Turn decision (earlier decisions answered with their first
/// legal answer), with 10 of each monarch power and 30 ducats for both Player Realms; returns
/// the realm whose turn it is.
fn at_turn(edit: impl Fn(String) -> String) -> (Game, Entity) {
    let mut game = game_with(edit);
    let me = to_first_turn(&mut game);
    (game, me)
}

#[test]
fn pop_7_3_stability_through_a_card_pays_the_surcharge() {
    use crate::rulesets::pop::Action;
    use crate::rulesets::pop::rules::costs::action_cost;
    // "When increasing your Stability (through an Action Card or a Basic Action), modify that
    // Action's cost according to your current Stability."
    let card = |t: String| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"codify\", name: \"Codify the Laws\", deck: Adm, cost: 2, text: \"Laws.\", effects: [Stability(1)]), (id: \"audit\", name: \"Audit\", deck: Adm, cost: 2, text: \"Audit.\", effects: [Ducats(2)])],",
        )
    };
    let (mut game, me) = at_turn(card);
    set(&mut game, me, |m| {
        m.stability = 2;
        m.mp = [3, 10, 10];
    });
    give_card(&mut game, me, "codify");
    let play = Action::PlayCard {
        card: "codify".into(),
    };
    assert_eq!(
        action_cost(game.world(), me, &play).adm,
        4,
        "the cost shown to the player: 2 on the card + 2 for stability +2"
    );
    refused(&mut game, play.clone(), "pop.7.3.increase_cost");
    set(&mut game, me, |m| m.mp = [4, 10, 10]);
    game.apply(play).unwrap();
    settle_turn(&mut game, me);
    assert_eq!(mat(&game, me).mp[0], 0, "2 + 2 adm paid");
    assert_eq!(mat(&game, me).stability, 3);
    assert!(count(&game, "pop.7.3.increase_cost") >= 1);

    // At -1 the surcharge is -1: the card costs 1; a card that does not touch stability pays its
    // price only.
    let (mut game, me) = at_turn(card);
    set(&mut game, me, |m| m.stability = -1);
    give_card(&mut game, me, "codify");
    give_card(&mut game, me, "audit");
    let audit = Action::PlayCard {
        card: "audit".into(),
    };
    assert_eq!(action_cost(game.world(), me, &audit).adm, 2);
    game.apply(Action::PlayCard {
        card: "codify".into(),
    })
    .unwrap();
    settle_turn(&mut game, me);
    assert_eq!(mat(&game, me).mp[0], 9, "2 - 1 adm paid");
    assert_eq!(mat(&game, me).stability, 0);
}

#[test]
fn pop_7_3_increase_stability_at_plus_three_is_legal_and_yields_two_adm() {
    use crate::rulesets::pop::Action;
    // "If you gain Stability when at +3, you instead gain 2a per step": the Basic Action is not
    // refused at +3; it costs 5 + 3 adm and the step becomes 2 adm.
    let (mut game, me, _) = rich_game(|t| t);
    set(&mut game, me, |m| m.stability = 3);
    assert!(game.legal_actions().contains(&Action::IncreaseStability));
    game.apply(Action::IncreaseStability).unwrap();
    assert_eq!(mat(&game, me).stability, 3);
    assert_eq!(mat(&game, me).mp[0], 10 - 8 + 2);
    assert_eq!(count(&game, "pop.7.3.overflow"), 2, "a note and the gain");
}

/// At the first turn, with two leaders' cards in the decks: Dunois (2 dice, 1 mil printed) and
/// Gil (1 die, `gil_cost` mil printed).
fn with_two_leaders(gil_cost: u8) -> (Game, Entity) {
    at_turn(|t| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"dunois\", name: \"Dunois\", deck: Mil, cost: 1, text: \"A captain.\", character: Some(\"gen_d\")), (id: \"gil\", name: \"Gil\", deck: Mil, cost: 1, text: \"A captain.\", character: Some(\"gen_g\"))],",
        )
        .replace(
            "    characters: [",
            &format!("    characters: [\n        (id: \"gen_d\", name: \"Jean\", kind: Leader, skills: (2, 2, 4), dice: 2, cost: 1),\n        (id: \"gen_g\", name: \"Gil\", kind: Leader, skills: (1, 1, 3), dice: 1, cost: {gil_cost}),"),
        )
    })
}

#[test]
fn pop_7_2_general_costs_the_mil_printed_on_its_card() {
    use crate::rulesets::pop::Action;
    use crate::rulesets::pop::model::{UnitKind, UnitStatus};
    // "Generals and Admirals may be Appointed at a cost of 1 or 2c each (stated in the lower
    // right corner of the card)": a 2-dice leader printed at 1 costs 1, a 1-die leader printed
    // at 2 costs 2.
    let (mut game, me) = with_two_leaders(2);
    let area = home_area(&game, me);
    spawn_unit(
        &mut game,
        Some(me),
        area,
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    give_card(&mut game, me, "dunois");
    give_card(&mut game, me, "gil");
    game.apply(Action::AppointGeneral {
        card: "dunois".into(),
        place: area.into(),
        fleet: false,
    })
    .unwrap();
    assert_eq!(mat(&game, me).mp[2], 9, "1 mil printed on Dunois's card");
    game.apply(Action::AppointGeneral {
        card: "gil".into(),
        place: area.into(),
        fleet: false,
    })
    .unwrap();
    assert_eq!(mat(&game, me).mp[2], 7, "2 mil printed on Gil's card");
}

#[test]
fn pop_7_2_a_port_area_with_an_army_and_a_fleet_takes_a_general_and_an_admiral() {
    // "A Military Leader must be tucked underneath an Army or Fleet Mat": where the realm's
    // army and its fleet in port share an area, a leader may go to either, and each keeps to
    // its own.
    use crate::rulesets::pop::Action;
    let (mut game, me) = with_two_leaders(1);
    let area = home_area(&game, me);
    let place = e(&game, area);
    spawn_unit(
        &mut game,
        Some(me),
        area,
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    spawn_unit(
        &mut game,
        Some(me),
        area,
        UnitKind::LightShip,
        UnitStatus::Regular,
    );
    give_card(&mut game, me, "dunois");
    give_card(&mut game, me, "gil");
    let appoint = |card: &str, fleet| Action::AppointGeneral {
        card: card.into(),
        place: area.into(),
        fleet,
    };
    assert!(game.legal_actions().contains(&appoint("dunois", true)));
    game.apply(appoint("dunois", true)).unwrap();
    let (jean, gil) = (e(&game, "gen_d"), e(&game, "gen_g"));
    assert_eq!(game.world().get::<Role>(jean), Some(&Role::Admiral));
    game.apply(appoint("gil", false)).unwrap();
    assert_eq!(game.world().get::<Role>(gil), Some(&Role::General));
    use crate::rulesets::pop::rules::military::commander_at;
    assert_eq!(commander_at(game.world(), me, place, true), Some(gil));
    assert_eq!(commander_at(game.world(), me, place, false), Some(jean));
    // Naming the fleet is offered only where an army and a fleet share the place.
    assert!(!game.legal_actions().iter().any(|a| matches!(
        a,
        Action::AppointGeneral { place, fleet: true, .. } if place != area
    )));
}

/// The mini game at the first turn with four leader cards (gen_1..gen_4, 1 mil each) in the
/// hand of the realm to act, and one of its infantry in each of North, South and East; returns
/// the game, the realm and those three areas.
fn four_generals() -> (Game, Entity, [&'static str; 3]) {
    use crate::rulesets::pop::model::{UnitKind, UnitStatus};
    let (mut game, me) = at_turn(|t| {
        let cards: Vec<String> = (1..=4)
            .map(|i| format!("(id: \"gen_{i}\", name: \"Captain {i}\", deck: Mil, cost: 1, text: \"A captain.\", character: Some(\"gen_{i}\"))"))
            .collect();
        let characters: String = (1..=4)
            .map(|i| format!("\n        (id: \"gen_{i}\", name: \"Captain {i}\", kind: Leader, skills: (1, 1, 3), dice: 1, cost: 1),"))
            .collect();
        t.replace(
            "    action_cards: [],",
            &format!("    action_cards: [{}],", cards.join(", ")),
        )
        .replace(
            "    characters: [",
            &format!("    characters: [{characters}"),
        )
    });
    let areas = ["north", "south", "east"];
    for area in areas {
        spawn_unit(
            &mut game,
            Some(me),
            area,
            UnitKind::Infantry,
            UnitStatus::Regular,
        );
    }
    for i in 1..=4 {
        give_card(&mut game, me, &format!("gen_{i}"));
    }
    (game, me, areas)
}

fn appoint(card: &str, place: &str) -> crate::rulesets::pop::Action {
    crate::rulesets::pop::Action::AppointGeneral {
        card: card.into(),
        place: place.into(),
        fleet: false,
    }
}

/// (serving, commanding there) of a character.
fn post(game: &Game, character: &str) -> (bool, Option<String>) {
    let c = e(game, character);
    (
        game.world().get::<Serves>(c).is_some(),
        game.world()
            .get::<InCommand>(c)
            .map(|p| crate::rulesets::pop::state::key_of(game.world(), p.0).to_string()),
    )
}

#[test]
fn pop_7_2_a_replaced_general_moves_to_a_free_army_mat_else_it_is_discarded() {
    let (mut game, me, [north, south, east]) = four_generals();
    game.apply(appoint("gen_1", north)).unwrap();
    // Replaced with two Army Mats free: gen_1 waits on one, still serving.
    game.apply(appoint("gen_2", north)).unwrap();
    assert_eq!(post(&game, "gen_1"), (true, None));
    assert_eq!(post(&game, "gen_2"), (true, Some(north.into())));
    game.apply(appoint("gen_3", south)).unwrap();
    assert_eq!(
        crate::rulesets::pop::rules::military::leaders_on_mats(game.world(), me, true).len(),
        3
    );
    // All three mats hold a general: a fourth only replaces one.
    refused(
        &mut game,
        appoint("gen_4", east),
        "pop.7.2.appoint_military_leader",
    );
    assert!(!game.legal_actions().contains(&appoint("gen_4", east)));
    game.apply(appoint("gen_4", south)).unwrap();
    assert_eq!(
        post(&game, "gen_3"),
        (false, None),
        "no Army Mat free to move to: discarded"
    );
    // The general waiting on its mat takes the army in East (free).
    let mil = mat(&game, me).mp[2];
    game.apply(crate::rulesets::pop::Action::CommandArmy {
        character: "gen_1".into(),
        place: east.into(),
    })
    .unwrap();
    assert_eq!(post(&game, "gen_1"), (true, Some(east.into())));
    assert_eq!(mat(&game, me).mp[2], mil, "moving a general is free");
    assert!(count(&game, "pop.7.2.replace_military_leader") >= 2);
}

#[test]
fn pop_7_2_a_general_whose_army_is_gone_stays_on_its_mat_and_moves_to_another_army() {
    let (mut game, me, [north, south, _]) = four_generals();
    game.apply(appoint("gen_1", north)).unwrap();
    let gone = crate::rulesets::pop::rules::military::own_units_at(
        game.world(),
        me,
        e(&game, north),
        true,
    );
    for u in gone {
        game.world_mut().despawn(u);
    }
    crate::rulesets::pop::rules::military::release_idle_commanders(game.world_mut());
    assert_eq!(post(&game, "gen_1"), (true, None), "not discarded");
    assert!(
        game.world()
            .resource::<GameLog>()
            .entries
            .iter()
            .any(|n| n.rule == "pop.7.2.replace_military_leader"
                && n.text.contains("stays on its mat"))
    );
    assert!(
        game.legal_actions()
            .contains(&crate::rulesets::pop::Action::CommandArmy {
                character: "gen_1".into(),
                place: south.into(),
            })
    );
    game.apply(crate::rulesets::pop::Action::CommandArmy {
        character: "gen_1".into(),
        place: south.into(),
    })
    .unwrap();
    assert_eq!(post(&game, "gen_1"), (true, Some(south.into())));
}

#[test]
fn pop_7_2_a_general_moves_to_another_army_even_one_without_any_units() {
    // "They may be replaced, and a General moved to another Army (even one without any Units),
    // using the Appoint Advisor/Leader Minor Action": a general in command leaves its army for a
    // free mat without units (the army stays, without a general), and a leader from the hand
    // may be appointed onto such a mat, paying its card's mil, while one is free.
    use crate::rulesets::pop::Action;
    let (mut game, me, [north, south, _]) = four_generals();
    game.apply(appoint("gen_1", north)).unwrap();
    let leave = Action::ToEmptyMat {
        character: "gen_1".into(),
    };
    assert!(game.legal_actions().contains(&leave));
    let mil = mat(&game, me).mp[2];
    game.apply(leave.clone()).unwrap();
    assert_eq!(
        post(&game, "gen_1"),
        (true, None),
        "serving, on a mat without units"
    );
    assert_eq!(mat(&game, me).mp[2], mil, "moving a general is free");
    assert!(logged(
        &game,
        "pop.7.2.replace_military_leader",
        "leaves its command (moved to another mat, without units)"
    ));
    assert!(
        crate::rulesets::pop::rules::military::commander_at(
            game.world(),
            me,
            e(&game, north),
            true
        )
        .is_none(),
        "the army in North stays, without a general"
    );
    assert_eq!(
        crate::rulesets::pop::rules::military::own_units_at(
            game.world(),
            me,
            e(&game, north),
            true
        )
        .len(),
        1
    );
    // Already waiting: nowhere further to move.
    refused(&mut game, leave, "pop.7.2.replace_military_leader");
    // A new leader onto a free mat without units, for its card's 1 mil.
    let onto_mat = Action::AppointToEmptyMat {
        card: "gen_2".into(),
        fleet: false,
    };
    assert!(game.legal_actions().contains(&onto_mat));
    game.apply(onto_mat).unwrap();
    assert_eq!(post(&game, "gen_2"), (true, None));
    assert_eq!(mat(&game, me).mp[2], mil - 1);
    assert!(logged(
        &game,
        "pop.7.2.appoint_military_leader",
        "general on an Army Mat without units for 1 mil"
    ));
    game.apply(appoint("gen_3", south)).unwrap();
    // Three generals on the three Army Mats: no free mat for a fourth, nor for a move.
    refused(
        &mut game,
        Action::AppointToEmptyMat {
            card: "gen_4".into(),
            fleet: false,
        },
        "pop.7.2.appoint_military_leader",
    );
    refused(
        &mut game,
        Action::ToEmptyMat {
            character: "gen_3".into(),
        },
        "pop.7.2.replace_military_leader",
    );
    // A waiting general takes an army later, as any does.
    game.apply(Action::CommandArmy {
        character: "gen_2".into(),
        place: north.into(),
    })
    .unwrap();
    assert_eq!(post(&game, "gen_2"), (true, Some(north.into())));
}

#[test]
fn pop_7_3_minus_three_receives_one_fewer_before_the_cap() {
    use crate::rulesets::pop::{Action, DecisionKind};
    // "-3s: Receive 1d fewer (of your choice) in Phase 4, Step D": the income is 1 smaller, and
    // only then does the cap of 10 discard the surplus. A full adm pool receiving 5 - 1 adm stays
    // at 10; the penalty is not taken out of the pool after the cap.
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let mut bot = crate::rulesets::pop::bot::Bot::new(1);
    let mut asked = None;
    for _ in 0..3000 {
        if game.is_over() {
            break;
        }
        for r in [a, b] {
            set(&mut game, r, |m| m.stability = -3);
        }
        let d = game.pending().unwrap().clone();
        if matches!(d.kind, DecisionKind::MpType { amount: -1 })
            && d.prompt.contains("Stability -3")
        {
            asked = Some(e(&game, &d.realm));
            break;
        }
        let action = bot.choose(&game).unwrap();
        if game.apply(action).is_err() {
            let first = game.legal_actions()[0].clone();
            game.apply(first).unwrap();
        }
    }
    let realm = asked.expect("Phase 4 D asks which type to receive 1 fewer of");
    let income =
        [MpKind::Adm, MpKind::Dip, MpKind::Mil].map(|k| skill_level(game.world(), realm, k));
    assert!(income.iter().all(|n| *n >= 1));
    set(&mut game, realm, |m| m.mp = [10, 5, 0]);
    let before = count(&game, "pop.7.3.minus3");
    game.apply(Action::ChooseMp { kind: MpKind::Adm }).unwrap();
    assert_eq!(
        mat(&game, realm).mp,
        [10, 5 + income[1], income[2]],
        "1 adm fewer received, then the surplus above 10 discarded"
    );
    assert_eq!(count(&game, "pop.7.3.minus3"), before + 1);
}

/// Plays on, keeping `realm` without a ruler (every chance to appoint one declined), until
/// `done` holds.
fn play_in_interregnum(game: &mut Game, realm: Entity, done: impl Fn(&Game) -> bool) {
    use crate::rulesets::pop::{Action, DecisionKind};
    let name = crate::rulesets::pop::state::key_of(game.world(), realm);
    let mut bot = crate::rulesets::pop::bot::Bot::new(1);
    for _ in 0..6000 {
        if done(game) || game.is_over() {
            return;
        }
        let mine = game.pending().is_some_and(|d| d.realm == name);
        let action = match game.pending() {
            Some(d) if d.kind == DecisionKind::ReplaceDeadRuler => Action::Decline,
            Some(d) if matches!(d.kind, DecisionKind::HistoricalRuler { .. }) => Action::Decline,
            _ => bot.choose(game).unwrap(),
        };
        let action = match action {
            Action::Appoint { .. } if mine => Action::Pass,
            a => a,
        };
        if game.apply(action).is_err() {
            let first = game
                .legal_actions()
                .into_iter()
                .find(|a| !(mine && matches!(a, Action::Appoint { .. })))
                .unwrap();
            game.apply(first).unwrap();
        }
        if world_has_ruler(game, realm) {
            return;
        }
    }
}

fn world_has_ruler(game: &Game, realm: Entity) -> bool {
    game.world().get::<Interregnum>(realm).is_none()
}

#[test]
fn pop_7_2_only_the_marriage_tokens_on_the_realm_without_a_ruler_flip() {
    // "A PR that has no Ruler at Phase 3, Step F, loses 1 s, and any Marriage tokens (M) on this
    // Realm will be flipped to the Disputed Succession (L) side." AAA proposed both marriages; with
    // AAA in Interregnum only BBB's token on AAA turns. AAA's own tokens, on BBB and on the
    // Non-Player Realm CCC (which places none on AAA), stay as they are. Then (Phase 3 E) the
    // token's owner, BBB, loses 3 prestige for it; AAA, the proposer, loses nothing for it.
    let mut game = game();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    let with_b =
        crate::rulesets::pop::state::spawn_sim(game.world_mut(), None, Marriage::new(a, b));
    let with_c =
        crate::rulesets::pop::state::spawn_sim(game.world_mut(), None, Marriage::new(a, c));
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    let flipped = |game: &Game| count(game, "pop.7.2.no_ruler_penalty") > 0;
    play_in_interregnum(&mut game, a, flipped);
    assert!(flipped(&game), "Phase 3 F came with AAA in Interregnum");
    let m = *game.world().get::<Marriage>(with_b).unwrap();
    assert!(m.disputed_on(a), "BBB's token on AAA shows the L side");
    assert!(!m.disputed_on(b), "AAA's token on BBB does not");
    let n = *game.world().get::<Marriage>(with_c).unwrap();
    assert!(
        !n.disputed(),
        "nothing of CCC's lies on AAA; AAA's token on CCC stays"
    );
    // Casus belli: against AAA, whose succession is disputed, not against BBB; in its own
    // Interregnum AAA may not declare war on BBB through the marriage.
    assert!(crate::rulesets::pop::rules::military::disputed_succession_cb(game.world(), b, a));
    assert!(!crate::rulesets::pop::rules::military::disputed_succession_cb(game.world(), a, b));
    // Phase 3 E of the next Round: BBB's token flips back at BBB's cost.
    let settled = |game: &Game| logged(game, "pop.seq.phase3.e", "disputed succession");
    let mut bot = crate::rulesets::pop::bot::Bot::new(2);
    for _ in 0..6000 {
        if settled(&game) || game.is_over() {
            break;
        }
        // No alliance with AAA, which would spare its only Player Realm ally.
        let alliances: Vec<Entity> = game
            .world_mut()
            .query::<(Entity, &Alliance)>()
            .iter(game.world())
            .filter(|(_, x)| x.other(a).is_some())
            .map(|(e, _)| e)
            .collect();
        for x in alliances {
            game.world_mut().despawn(x);
        }
        let action = bot.choose(&game).unwrap();
        if game.apply(action).is_err() {
            let first = game.legal_actions()[0].clone();
            game.apply(first).unwrap();
        }
    }
    let notes: Vec<(Option<String>, String)> = game
        .log()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.seq.phase3.e" && n.text.contains("disputed succession"))
        .map(|n| (n.realm.clone(), n.text.clone()))
        .collect();
    assert_eq!(
        notes,
        vec![(
            Some("BBB".to_string()),
            "BBB's disputed succession token on AAA is flipped back: -3 prestige".to_string()
        )]
    );
    assert!(
        !game.world().get::<Marriage>(with_b).unwrap().disputed_on(b),
        "BBB had its ruler all along"
    );
}

#[test]
fn pop_effect_manpower_gain_fills_up_to_the_track_and_never_lowers_the_pool() {
    use crate::rulesets::pop::content::schema::Effect;
    use crate::rulesets::pop::rules::effects::apply_now;
    use crate::rulesets::pop::rules::income::manpower_value;
    let mut game = game();
    let a = e(&game, "AAA");
    let most = towns::MANPOWER_CAP.max(manpower_value(game.world(), a).total());
    for (before, gain, after) in [
        (10, 3, 13),
        (most - 1, 3, most),
        // Above the track (Ideas, the Emperor's authority): an event's +3 must not take any.
        (most + 1, 3, most + 1),
    ] {
        set(&mut game, a, |m| m.manpower = before);
        apply_now(game.world_mut(), a, &[Effect::Manpower(gain)]);
        assert_eq!(mat(&game, a).manpower, after, "{before} {gain:+}");
    }
    assert!(count(&game, "pop.effect.manpower") >= 3);
}
