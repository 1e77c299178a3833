//! Rule tests for the generic actions of seed 002 (5.1: player-to-player diplomacy, Explore,
//! Change National Focus, Change State Religion) and the basic actions of FACTS 4 (Influence,
//! Forge Alliance, Fabricate Claim, Trade, Integrate Area, playing a card), on the mini scenario.
//! Each test names its rule id and checks the seed's numbers and refusals.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::{Action, DecisionKind, Offer};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::cards::Hand;
use crate::rulesets::pop::rules::generic::{ExploreRoll, Generic};
use crate::rulesets::pop::rules::relations::influence_in;
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::towns::is_core;
use crate::rulesets::pop::state::spawn_sim;

/// The mini game at the first turn, with 10 of each monarch power and 30 ducats for both.
fn rich(edit: impl Fn(String) -> String) -> (Game, Entity, Entity) {
    rich_game(edit)
}

fn key(game: &Game, e: Entity) -> Id {
    crate::rulesets::pop::state::key_of(game.world(), e)
}

fn propose(game: &Game, to: Entity, offer: Offer) -> Action {
    Action::Propose {
        realm: key(game, to),
        offer,
    }
}

fn markers<T: Component + Copy>(game: &mut Game) -> Vec<T> {
    let mut q = game.world_mut().query::<&T>();
    q.iter(game.world()).copied().collect()
}

#[test]
fn pop_5_1_alliance_costs_the_active_player_1_dip_and_the_other_accepts() {
    let (mut game, me, other) = rich(|t| t);
    let offer = Offer {
        alliance: true,
        ..Default::default()
    };
    game.apply(propose(&game, other, offer.clone())).unwrap();
    let d = game.pending().unwrap().clone();
    assert_eq!(
        d.realm,
        key(&game, other),
        "the other realm's owner answers"
    );
    assert!(matches!(d.kind, DecisionKind::Proposal { .. }));
    assert_eq!(game.legal_actions(), vec![Action::Accept, Action::Decline]);
    game.apply(Action::Accept).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(mat(&game, other).mp(MpKind::Dip), 10);
    assert_eq!(markers::<Alliance>(&mut game).len(), 1);
    assert_eq!(
        count(&game, "pop.5.1.alliance"),
        2,
        "the payment and the tokens"
    );
}

#[test]
fn pop_5_1_alliance_declined_costs_nothing_and_ends_the_turn() {
    let (mut game, me, other) = rich(|t| t);
    let offer = Offer {
        alliance: true,
        ..Default::default()
    };
    game.apply(propose(&game, other, offer)).unwrap();
    game.apply(Action::Decline).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 10);
    assert!(markers::<Alliance>(&mut game).is_empty());
    assert_ne!(
        game.pending().unwrap().realm,
        key(&game, me),
        "the action used the turn"
    );
}

#[test]
fn pop_5_1_alliance_cap_of_three() {
    let (mut game, _me, other) = rich(|t| t);
    for _ in 0..3 {
        let npr = e(&game, "CCC");
        spawn_sim(game.world_mut(), None, Alliance { a: other, b: npr });
    }
    let offer = Offer {
        alliance: true,
        ..Default::default()
    };
    let action = propose(&game, other, offer);
    refused(&mut game, action, "pop.5.1.alliance");
}

#[test]
fn pop_5_1_marriage_costs_1_dip_cap_three_and_none_in_interregnum() {
    let (mut game, me, other) = rich(|t| t);
    let offer = Offer {
        marriage: Some(MpKind::Dip),
        ..Default::default()
    };
    game.world_mut().entity_mut(me).insert(Interregnum);
    let action = propose(&game, other, offer.clone());
    refused(&mut game, action, "pop.7.2.interregnum_restrictions");
    game.world_mut().entity_mut(me).remove::<Interregnum>();
    game.apply(propose(&game, other, offer.clone())).unwrap();
    game.apply(Action::Accept).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(markers::<Marriage>(&mut game).len(), 1);
    assert!(count(&game, "pop.5.1.marriage") >= 2);
    // Three marriages at most.
    let npr = e(&game, "CCC");
    for _ in 0..3 {
        spawn_sim(
            game.world_mut(),
            None,
            Marriage {
                a: other,
                b: npr,
                disputed_a: false,
                disputed_b: false,
            },
        );
    }
    assert!(
        crate::rulesets::pop::rules::diplomacy::offer_problem(game.world(), me, other, &offer)
            .is_some_and(|p| p.rule == "pop.5.1.marriage")
    );
}

#[test]
fn pop_5_1_marriage_both_players_may_draw_a_card_of_the_active_players_type() {
    // "When entering into a Marriage, both players may draw an Action Card of a type chosen by
    // the Active Player": the Active Player is asked first, then the other; a draw is optional.
    let mut game = game_with(|t| {
        t.replace(
            "    action_cards: [],",
            &format!(
                "    action_cards: [{}],",
                (1..=12)
                    .map(|i| format!("(id: \"d{i}\", name: \"Envoys {i}\", deck: Dip, cost: 1, text: \"Envoys.\", effects: [Ducats(1)])"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    });
    let me = to_first_turn(&mut game);
    let other = e(
        &game,
        if key(&game, me) == "AAA" {
            "BBB"
        } else {
            "AAA"
        },
    );
    let hand = |game: &Game, r: Entity| game.world().get::<Hand>(r).unwrap().cards.len();
    let (mine, theirs) = (hand(&game, me), hand(&game, other));
    let offer = Offer {
        marriage: Some(MpKind::Dip),
        ..Default::default()
    };
    game.apply(propose(&game, other, offer)).unwrap();
    game.apply(Action::Accept).unwrap();
    let asked = game.pending().unwrap().clone();
    assert_eq!(asked.realm, key(&game, me));
    assert_eq!(asked.kind, DecisionKind::MarriageDraw { kind: MpKind::Dip });
    assert_eq!(game.legal_actions(), vec![Action::Accept, Action::Decline]);
    game.apply(Action::Accept).unwrap();
    assert_eq!(hand(&game, me), mine + 1);
    let asked = game.pending().unwrap().clone();
    assert_eq!(asked.realm, key(&game, other));
    assert_eq!(asked.kind, DecisionKind::MarriageDraw { kind: MpKind::Dip });
    game.apply(Action::Decline).unwrap();
    assert_eq!(
        hand(&game, other),
        theirs,
        "the other player declined its card"
    );
    assert!(logged(&game, "pop.5.1.marriage", "draws no card"));
    assert!(
        !matches!(
            game.pending().unwrap().kind,
            DecisionKind::MarriageDraw { .. }
        ),
        "the action is over"
    );
}

#[test]
fn pop_5_1_monetary_support_1_dip_per_10_ducats_rounded_up() {
    let (mut game, me, other) = rich(|t| t);
    use crate::rulesets::pop::rules::diplomacy::offer_dip;
    let money = |d| Offer {
        ducats: d,
        ..Default::default()
    };
    assert_eq!(offer_dip(&money(5)), 1);
    assert_eq!(offer_dip(&money(10)), 1);
    assert_eq!(offer_dip(&money(20)), 2);
    assert_eq!(offer_dip(&money(-11)), 2, "receiving costs the same");
    game.apply(propose(&game, other, money(20))).unwrap();
    game.apply(Action::Accept).unwrap();
    assert_eq!(mat(&game, me).ducats, 10);
    assert_eq!(mat(&game, other).ducats, 50);
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 8);
    assert!(count(&game, "pop.5.1.monetary_support") >= 2);
}

#[test]
fn pop_5_1_monetary_support_refusals() {
    let (mut game, me, other) = rich(|t| t);
    // Money and provinces in one turn.
    let both = Offer {
        ducats: 5,
        provinces: vec!["nora".into()],
        price: 5,
        ..Default::default()
    };
    let action = propose(&game, other, both);
    refused(&mut game, action, "pop.5.1.monetary_support");
    // More than the giver has.
    set(&mut game, me, |m| m.ducats = 4);
    let action = propose(
        &game,
        other,
        Offer {
            ducats: 5,
            ..Default::default()
        },
    );
    refused(&mut game, action, "pop.5.1.monetary_support");
    set(&mut game, me, |m| m.ducats = 30);
    // At war, only money.
    let ccc = e(&game, "CCC");
    at_war(&mut game, me, ccc);
    let action = propose(
        &game,
        other,
        Offer {
            alliance: true,
            ..Default::default()
        },
    );
    refused(&mut game, action, "pop.5.1.alliance");
    let money = propose(
        &game,
        other,
        Offer {
            ducats: 5,
            ..Default::default()
        },
    );
    assert!(game.legal_actions().contains(&money), "money still flows");
}

#[test]
fn pop_5_1_province_sale_claim_price_adm_and_core_prestige() {
    let (mut game, me, other) = rich(|t| t);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (north, south) = (e(&game, "north"), e(&game, "south"));
    let nora = e(&game, "nora");
    let sale = |p: &str, price| Offer {
        provinces: vec![Id::new(p)],
        price,
        ..Default::default()
    };
    // The seller is AAA, the buyer BBB: without a claim, no sale.
    let action = propose(&game, if me == a { b } else { a }, sale("nora", 10));
    let seller_turn = me == a;
    if seller_turn {
        refused(&mut game, action.clone(), "pop.5.1.province_sale");
    }
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: b,
            area: north,
        },
    );
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: a,
            area: south,
        },
    );
    // Prices 3-15 each; capitals and vassals are not for sale.
    let probe = |game: &Game, p: &str, price| {
        crate::rulesets::pop::rules::diplomacy::offer_problem(
            game.world(),
            me,
            other,
            &sale(p, price),
        )
        .map(|i| i.rule)
    };
    assert_eq!(probe(&game, "nora", 2), Some("pop.5.1.province_sale"));
    assert_eq!(probe(&game, "nora", 16), Some("pop.5.1.province_sale"));
    assert_eq!(probe(&game, "capa", 10), Some("pop.5.1.province_sale"));
    assert_eq!(
        probe(&game, "sora", 10),
        Some("pop.5.1.province_sale"),
        "a vassal"
    );
    assert_eq!(probe(&game, "nora", 10), None);
    game.apply(propose(&game, other, sale("nora", 10))).unwrap();
    game.apply(Action::Accept).unwrap();
    assert_eq!(game.world().get::<OwnedBy>(nora).unwrap().0, b);
    assert_eq!(mat(&game, a).ducats, 40);
    assert_eq!(mat(&game, b).ducats, 20);
    assert_eq!(mat(&game, a).mp(MpKind::Adm), 9, "each side pays 1 adm");
    assert_eq!(mat(&game, b).mp(MpKind::Adm), 9);
    assert_eq!(
        mat(&game, a).prestige,
        -2,
        "nora is a core of tax value 1: twice that in prestige"
    );
    assert!(count(&game, "pop.5.1.province_sale") >= 1);
}

#[test]
fn pop_5_1_player_diplomacy_all_other_combinations_are_possible() {
    // "You may not perform 'Monetary Support' and 'Buy/Sell Provinces' in the same Turn, but all
    // other combinations are possible": an alliance, a marriage and 7 ducats in one deal.
    let (mut game, me, other) = rich(|t| t);
    let deal = Offer {
        alliance: true,
        marriage: Some(MpKind::Adm),
        ducats: 7,
        ..Default::default()
    };
    game.apply(propose(&game, other, deal)).unwrap();
    game.apply(Action::Accept).unwrap();
    assert_eq!(
        mat(&game, me).mp(MpKind::Dip),
        10 - 1 - 1 - 1,
        "1 dip for the alliance, 1 for the marriage, 1 per 10 ducats rounded up"
    );
    assert_eq!(mat(&game, me).ducats, 23);
    assert_eq!(mat(&game, other).ducats, 37);
    assert_eq!(markers::<Alliance>(&mut game).len(), 1);
    assert_eq!(markers::<Marriage>(&mut game).len(), 1);

    // An alliance together with a province sold at 4 ducats (any price from 3 to 15).
    let (mut game, me, other) = rich(|t| t);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let north = e(&game, "north");
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: b,
            area: north,
        },
    );
    let deal = Offer {
        alliance: true,
        provinces: vec!["nora".into()],
        price: 4,
        ..Default::default()
    };
    game.apply(propose(&game, other, deal)).unwrap();
    game.apply(Action::Accept).unwrap();
    assert_eq!(game.world().get::<OwnedBy>(e(&game, "nora")).unwrap().0, b);
    assert_eq!(mat(&game, a).ducats, 34);
    assert_eq!(mat(&game, b).ducats, 26);
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9, "the alliance's 1 dip");
    assert_eq!(
        mat(&game, a).mp(MpKind::Adm),
        9,
        "each side of the sale pays 1 adm"
    );
    assert_eq!(mat(&game, b).mp(MpKind::Adm), 9);
    assert_eq!(markers::<Alliance>(&mut game).len(), 1);
    // Money together with a sale stays refused.
    let (mut game, _, other) = rich(|t| t);
    let both = Offer {
        ducats: 7,
        provinces: vec!["nora".into()],
        price: 4,
        ..Default::default()
    };
    let action = propose(&game, other, both);
    refused(&mut game, action, "pop.5.1.monetary_support");
}

/// The mini game with Farland as exploration Territory 1.
fn explorers() -> (Game, Entity, Entity) {
    rich(|t| {
        t.replace(
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true,",
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, explore: 1,",
        )
        // Its coast faces the West Sea too, where both capitals have their ports.
        .replace("seas: [\"far_sea\"]),", "seas: [\"far_sea\", \"west_sea\"]),")
    })
}

fn set_die(game: &mut Game, realm: Entity, face: u8, mark: bool, rerolls: u8) {
    game.world_mut().res_mut::<Generic>().explore = Some(ExploreRoll {
        realm,
        face,
        mark,
        rerolls,
    });
}

#[test]
fn pop_5_1_explore_costs_1_dip_1_mil_and_rerolls_twice_at_most() {
    let (mut game, me, _) = explorers();
    game.apply(Action::Explore).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(mat(&game, me).mp(MpKind::Mil), 9);
    assert!(matches!(
        game.pending().unwrap().kind,
        DecisionKind::Exploration { .. }
    ));
    game.apply(Action::Reroll).unwrap();
    game.apply(Action::Reroll).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 7, "1 dip a re-roll");
    refused(&mut game, Action::Reroll, "pop.5.1.explore");
}

#[test]
fn pop_5_1_explore_a_territory_across_a_second_sea_zone_is_not_adjacent() {
    // "Any Discovery made must be adjacent to your Realm": Farland faces only the Far Sea, which
    // borders the West Sea the capitals' ports face. Two sea zones away is not adjacent.
    let (mut game, me, _) = rich(|t| {
        t.replace(
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true,",
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, explore: 1,",
        )
    });
    let farland = e(&game, "farland");
    assert!(!crate::rulesets::pop::rules::explore::next_to_realm(
        game.world(),
        me,
        farland
    ));
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, false, 0);
    refused(
        &mut game,
        Action::Discover {
            area: "farland".into(),
        },
        "pop.5.1.explore",
    );
}

#[test]
fn pop_5_1_explore_discovers_a_territory_next_to_the_realm() {
    let (mut game, me, _) = explorers();
    let farland = e(&game, "farland");
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 2, false, 0);
    let discover = Action::Discover {
        area: "farland".into(),
    };
    refused(&mut game, discover.clone(), "pop.5.1.explore");
    set_die(&mut game, me, 1, false, 0);
    game.apply(discover).unwrap();
    assert!(
        crate::rulesets::pop::rules::generic::has_claim(game.world(), me, farland),
        "a colonial claim"
    );
    assert!(
        game.world()
            .get::<Discovered>(me)
            .unwrap()
            .0
            .contains(&Id::new("new_world"))
    );
}

#[test]
fn pop_5_1_explore_a_vassal_occupied_or_rebel_held_port_gives_no_adjacency() {
    // "Any Discovery made must be adjacent to your Realm": a Realm is the provinces it Owns
    // (EUP-W 2.0: "Vassals do not provide adjacency for their Overlord"; 9.8: occupied
    // provinces are no part of a Realm; a Rebel Town's province is not Owned). Farland faces
    // the West Sea, which the capitals' ports face.
    use crate::rulesets::pop::rules::explore::next_to_realm;
    let (mut game, me, other) = explorers();
    let farland = e(&game, "farland");
    let capital = e(
        &game,
        if key(&game, me) == "AAA" {
            "capa"
        } else {
            "capb"
        },
    );
    assert!(
        next_to_realm(game.world(), me, farland),
        "its capital's port"
    );
    game.world_mut()
        .entity_mut(capital)
        .insert(ControlledBy(other));
    assert!(
        !next_to_realm(game.world(), me, farland),
        "occupied by the other realm"
    );
    game.world_mut()
        .entity_mut(capital)
        .insert((ControlledBy(me), RebelTown));
    assert!(
        !next_to_realm(game.world(), me, farland),
        "under a Rebel Town"
    );
    game.world_mut().entity_mut(capital).remove::<RebelTown>();
    assert!(next_to_realm(game.world(), me, farland));

    // Beland's only port on the West Sea is Sora, its vassal's province.
    let (game, _, _) = rich(|t| {
        t.replace(
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true,",
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, explore: 1,",
        )
        .replace("seas: [\"far_sea\"]),", "seas: [\"far_sea\", \"west_sea\"]),")
        .replace(
            "(id: \"capb\", name: \"Capb\", area: \"south\", size: Large, port: Some(\"west_sea\"),",
            "(id: \"capb\", name: \"Capb\", area: \"south\", size: Large,",
        )
        .replace(
            "(id: \"sora\", name: \"Sora\", area: \"south\",",
            "(id: \"sora\", name: \"Sora\", area: \"south\", port: Some(\"west_sea\"),",
        )
    });
    let (beland, farland) = (e(&game, "BBB"), e(&game, "farland"));
    assert!(
        !next_to_realm(game.world(), beland, farland),
        "a vassal's port"
    );
}

#[test]
fn pop_5_1_explore_failure_mark_costs_1_dip_or_fails() {
    let (mut game, me, _) = explorers();
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, true, 0);
    game.apply(Action::Discover {
        area: "farland".into(),
    })
    .unwrap();
    assert_eq!(
        mat(&game, me).mp(MpKind::Dip),
        8,
        "1 for exploring, 1 for the mark"
    );
    let (mut game, me, _) = explorers();
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, true, 0);
    game.apply(Action::Decline).unwrap();
    assert!(logged(&game, "pop.5.1.explore", "fails"));
}

#[test]
fn pop_5_1_explore_failure_removes_the_distant_ship_the_player_names() {
    // "fail Exploration and remove 1 of your Ships on a Distant Continent": the player chooses
    // which where its ships there differ; a ship at home is never taken.
    let (mut game, me, _) = explorers();
    for (place, kind) in [
        ("far_sea", UnitKind::LightShip),
        ("far_sea", UnitKind::HeavyShip),
        ("west_sea", UnitKind::Galley),
    ] {
        spawn_unit(&mut game, Some(me), place, kind, UnitStatus::Regular);
    }
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 3, true, 2);
    let lose = |kind| Action::DisbandUnit {
        place: "far_sea".into(),
        kind,
        mercenary: false,
    };
    let legal = game.legal_actions();
    assert!(
        legal.contains(&lose(UnitKind::HeavyShip)) && legal.contains(&lose(UnitKind::LightShip))
    );
    assert!(!legal.contains(&Action::Decline), "the ship must be named");
    refused(&mut game, Action::Decline, "pop.5.1.explore");
    refused(
        &mut game,
        Action::DisbandUnit {
            place: "west_sea".into(),
            kind: UnitKind::Galley,
            mercenary: false,
        },
        "pop.5.1.explore",
    );
    game.apply(lose(UnitKind::HeavyShip)).unwrap();
    assert!(logged(&game, "pop.5.1.explore", "fails"));
    let ships = |place: &str| -> Vec<UnitKind> {
        crate::rulesets::pop::rules::military::own_units_at(
            game.world(),
            me,
            e(&game, place),
            false,
        )
        .into_iter()
        .map(|u| game.world().get::<Unit>(u).unwrap().kind)
        .collect()
    };
    assert_eq!(
        ships("far_sea"),
        [UnitKind::LightShip],
        "the heavy ship named is lost"
    );
    assert_eq!(ships("west_sea"), [UnitKind::Galley]);
}

#[test]
fn pop_5_1_explore_failure_mark_discovers_only_a_territory() {
    // "Result with j: Pay 1b to Discover a Territory matching the number rolled": Farland,
    // numbered 1, holds only Wild, made a core of CCC (a Non-Player Realm's land, no Territory).
    // A marked 1 cannot discover it; a plain 1 can, as "a Distant Area with an NPR Province".
    let (mut game, me, _) = rich(|t| {
        t.replace(
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true,",
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, explore: 1,",
        )
        .replace("seas: [\"far_sea\"]),", "seas: [\"far_sea\", \"west_sea\"]),")
        .replace(
            "(id: \"wild\", name: \"Wild\", area: \"farland\", holding: None,",
            "(id: \"wild\", name: \"Wild\", area: \"farland\", cores: [\"CCC\"], owner: Some(\"CCC\"),",
        )
    });
    let discover = Action::Discover {
        area: "farland".into(),
    };
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, true, 0);
    refused(&mut game, discover.clone(), "pop.5.1.explore");
    set_die(&mut game, me, 1, false, 0);
    game.apply(discover).unwrap();
}

#[test]
fn pop_5_1_explore_must_use_the_result_of_the_last_roll() {
    // "Either use the result or pay 1b to re-roll ... you must use the result of the last roll
    // you make": a plain 1 that discovers Farland cannot be given up.
    let (mut game, me, _) = explorers();
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, false, 0);
    refused(&mut game, Action::Decline, "pop.5.1.explore");
    assert!(!game.legal_actions().contains(&Action::Decline));
    assert!(game.legal_actions().contains(&Action::Reroll));
    // The last roll allowed: it must be used.
    set_die(&mut game, me, 1, false, 2);
    refused(&mut game, Action::Decline, "pop.5.1.explore");
    assert_eq!(
        game.legal_actions(),
        vec![Action::Discover {
            area: "farland".into()
        }]
    );
    // A plain 2 discovers nothing here: the exploration may end.
    set_die(&mut game, me, 2, false, 2);
    game.apply(Action::Decline).unwrap();
    assert!(logged(&game, "pop.5.1.explore", "finds nothing"));
    // With the failure mark giving up stays legal (the exploration fails).
    let (mut game, me, _) = explorers();
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, true, 0);
    assert!(game.legal_actions().contains(&Action::Decline));
}

#[test]
fn pop_5_1_national_focus_shifts_one_from_each_pool_once_per_round() {
    let (mut game, me, _) = rich(|t| t);
    set(&mut game, me, |m| m.mp = [2, 5, 5]);
    // The two pools that give may be named in either order.
    game.apply(Action::ChangeFocus {
        into: Some(MpKind::Adm),
        from: vec![MpKind::Mil, MpKind::Dip],
    })
    .unwrap();
    assert_eq!(mat(&game, me).mp, [4, 4, 4]);
    assert!(count(&game, "pop.5.1.national_focus") >= 1);
    let again = Action::ChangeFocus {
        into: Some(MpKind::Dip),
        from: vec![MpKind::Adm],
    };
    assert_eq!(
        crate::rulesets::pop::rules::focus::problem(game.world(), me, &again).map(|p| p.rule),
        Some("pop.5.1.national_focus"),
        "once per Round"
    );
    // Nothing to shift from an empty pool; cards only needs a hand.
    let (mut game, me, _) = rich(|t| t);
    set(&mut game, me, |m| m.mp = [2, 0, 5]);
    refused(
        &mut game,
        Action::ChangeFocus {
            into: Some(MpKind::Adm),
            from: vec![MpKind::Dip],
        },
        "pop.5.1.national_focus",
    );
    refused(
        &mut game,
        Action::ChangeFocus {
            into: None,
            from: vec![],
        },
        "pop.5.1.national_focus",
    );
}

/// The mini scenario with six action cards, played to the first turn.
fn with_cards() -> (Game, Entity) {
    let cards = r#"action_cards: [
        (id: "c_adm1", name: "Adm One", deck: Adm, cost: 1, effects: [Ducats(4)]),
        (id: "c_adm2", name: "Adm Two", deck: Adm, cost: 2, effects: [Prestige(1)]),
        (id: "c_dip1", name: "Dip One", deck: Dip, cost: 1, ducats: 2, effects: [Stability(1)]),
        (id: "c_dip2", name: "Dip Two", deck: Dip, cost: 2, effects: [Ducats(1)]),
        (id: "c_mil1", name: "Mil One", deck: Mil, cost: 1, effects: [Manpower(1)]),
        (id: "c_mil2", name: "Mil Two", deck: Mil, cost: 1, effects: [Prestige(2)]),
        (id: "c_adm3", name: "Adm Three", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "c_dip3", name: "Dip Three", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "c_mil3", name: "Mil Three", deck: Mil, cost: 1, effects: [Ducats(1)]),
        (id: "c_adm4", name: "Adm 4", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "c_dip4", name: "Dip 4", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "c_mil4", name: "Mil 4", deck: Mil, cost: 1, effects: [Ducats(1)]),
        (id: "c_adm5", name: "Adm 5", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "c_dip5", name: "Dip 5", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "c_mil5", name: "Mil 5", deck: Mil, cost: 1, effects: [Ducats(1)]),
        (id: "c_adm6", name: "Adm 6", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "c_dip6", name: "Dip 6", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "c_mil6", name: "Mil 6", deck: Mil, cost: 1, effects: [Ducats(1)]),
        (id: "c_adm7", name: "Adm 7", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "c_dip7", name: "Dip 7", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "c_mil7", name: "Mil 7", deck: Mil, cost: 1, effects: [Ducats(1)]),
        (id: "c_adm8", name: "Adm 8", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "c_dip8", name: "Dip 8", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "c_mil8", name: "Mil 8", deck: Mil, cost: 1, effects: [Ducats(1)]),
    ],"#;
    let mut game = game_with(|t| t.replace("action_cards: [],", cards));
    while game.pending().is_some_and(|d| d.kind != DecisionKind::Turn) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    let me = e(&game, &game.pending().unwrap().realm.clone());
    set(&mut game, me, |m| {
        m.mp = [10, 10, 10];
        m.ducats = 30;
    });
    (game, me)
}

fn hand(game: &Game, realm: Entity) -> Vec<usize> {
    game.world().get::<Hand>(realm).unwrap().cards.clone()
}

#[test]
fn pop_5_1_national_focus_discard_three_draw_two() {
    let (mut game, me) = with_cards();
    let before = hand(&game, me).len();
    assert!(before >= 3, "the first Round keeps up to 4 cards");
    game.apply(Action::ChangeFocus {
        into: None,
        from: vec![],
    })
    .unwrap();
    refused(&mut game, Action::Decline, "pop.5.1.national_focus");
    for _ in 0..3 {
        let discard = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::DiscardCard { .. }))
            .unwrap();
        game.apply(discard).unwrap();
    }
    let mut draws = 0;
    while matches!(game.pending().unwrap().kind, DecisionKind::FocusDraw { .. }) {
        game.apply(game.legal_actions()[0].clone()).unwrap();
        draws += 1;
    }
    assert_eq!(draws, 2, "one fewer than discarded");
    assert_eq!(hand(&game, me).len(), before - 1);
}

#[test]
fn pop_act_play_card_pays_its_cost_and_resolves_its_effects() {
    let (mut game, me) = with_cards();
    let cards = hand(&game, me);
    let content = game.scenario().clone();
    let card = cards[0];
    let def = &content.action_cards[card];
    let start = mat(&game, me);
    game.apply(Action::PlayCard { card: def.id }).unwrap();
    let m = mat(&game, me);
    assert_eq!(
        m.mp(def.deck),
        start.mp(def.deck) - i32::from(def.cost),
        "the card's cost in its deck's power"
    );
    assert!(!hand(&game, me).contains(&card));
    assert_eq!(
        count(&game, "pop.act.play_card"),
        2,
        "the payment and the action"
    );
    // Too poor in the deck's power: refused.
    let (mut game, me) = with_cards();
    set(&mut game, me, |m| m.mp = [0, 0, 0]);
    let card = content.action_cards[hand(&game, me)[0]].id;
    refused(&mut game, Action::PlayCard { card }, "pop.act.play_card");
}

#[test]
fn pop_act_play_card_whose_last_effect_asks_a_choice_ends_the_action_after_the_answer() {
    let mut game = game_with(|t| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"council\", name: \"Council\", deck: Adm, cost: 1, text: \"A council.\", effects: [AnyMp(2)])],",
        )
    });
    while game.pending().is_some_and(|d| d.kind != DecisionKind::Turn) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    let me = game.pending().unwrap().realm;
    let realm = e(&game, &me);
    set(&mut game, realm, |m| m.mp = [5, 5, 5]);
    give_card(&mut game, realm, "council");
    game.apply(Action::PlayCard {
        card: "council".into(),
    })
    .unwrap();
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::MpType { amount: 2 }
    );
    game.apply(Action::ChooseMp { kind: MpKind::Dip }).unwrap();
    assert_eq!(mat(&game, realm).mp, [4, 7, 5], "1 adm paid, 2 dip gained");
    // The card was the turn's action: the next player's turn comes, not a second action.
    assert_ne!(game.pending().unwrap().realm, me);
}

fn age_two(game: &mut Game) {
    game.world_mut().res_mut::<Flow>().age = 2;
}

#[test]
fn pop_5_1_change_religion_from_age_two_with_its_consequences() {
    let (mut game, me, other) = rich(|t| t);
    refused(&mut game, Action::ChangeReligion, "pop.5.1.change_religion");
    age_two(&mut game);
    set(&mut game, me, |m| {
        m.stability = 1;
        m.prestige = 10;
    });
    spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a: me,
            b: other,
            disputed_a: false,
            disputed_b: false,
        },
    );
    let my_area = e(&game, home_area(&game, me));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, my_area, 4);
    let east = e(&game, "east");
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, east, 3);
    game.apply(Action::ChangeReligion).unwrap();
    crate::rulesets::pop::rules::test_support::settle_turn(&mut game, me);
    let m = mat(&game, me);
    assert_eq!(m.prestige, 8, "lose 2 prestige");
    assert_eq!(m.stability, 0, "lose 1 stability");
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Protestant
    );
    assert!(
        markers::<Marriage>(&mut game).is_empty(),
        "one marriage goes"
    );
    assert_eq!(influence_in(game.world(), me, my_area), 0);
    assert_eq!(
        influence_in(game.world(), me, east),
        3,
        "only influence in areas of the old faith"
    );
    assert!(
        count(&game, "pop.14.1.unrest") >= 1,
        "unrest in the old faith's areas"
    );
    assert!(count(&game, "pop.14.2.roll") >= 1, "then rebel dice there");
    assert!(count(&game, "pop.5.1.change_religion") >= 1);
}

#[test]
fn pop_5_1_change_religion_puts_the_unrest_where_it_counts() {
    // "Gain 1u in each of your Areas of the Religion you abandoned. Then roll Rebel Dice": on a
    // town whose unrest counts, not one under an occupier's town (14.1: covered unrest "does
    // not count for any purpose"), when the area has one.
    let (mut game, me, other) = rich(|t| t);
    age_two(&mut game);
    set(&mut game, me, |m| m.stability = 1);
    let home = e(&game, home_area(&game, me));
    let calm = crate::rulesets::pop::rules::effects::calm_holdings(game.world(), me, Some(home));
    assert!(calm.len() >= 2, "two calm towns at home");
    game.world_mut()
        .entity_mut(calm[0])
        .insert(ControlledBy(other));
    let from = game.log().entries.len();
    game.apply(Action::ChangeReligion).unwrap();
    let placed: Vec<u32> = game.log().entries[from..]
        .iter()
        .filter(|n| {
            n.rule == "pop.14.1.unrest" && n.realm.as_deref() == Some(key(&game, me).as_str())
        })
        .filter_map(|n| n.subject)
        .collect();
    let covered = crate::rulesets::pop::state::sid_of(game.world(), calm[0]);
    assert!(!placed.is_empty(), "unrest in the old faith's area");
    assert!(!placed.contains(&covered), "not on the occupied town");
}

#[test]
fn pop_5_1_change_religion_reaches_only_the_areas_the_realm_owns_land_in() {
    // "Gain 1u in each of your Areas of the Religion you abandoned. Then roll Rebel Dice for
    // these Areas": an area where the realm only occupies another's province is not one of its
    // Areas (an occupied province is "neither part of the Occupant's Realm", 2.0).
    let (mut game, me, other) = rich(|t| t);
    age_two(&mut game);
    set(&mut game, me, |m| m.stability = 1);
    let their_area = e(&game, home_area(&game, other));
    let theirs: Vec<Entity> =
        crate::rulesets::pop::rules::relations::area_provinces(game.world(), their_area)
            .iter()
            .copied()
            .filter(|p| {
                game.world()
                    .get::<OwnedBy>(*p)
                    .is_some_and(|o| o.0 == other)
            })
            .collect();
    assert!(
        theirs
            .iter()
            .all(|p| game.world().get::<OwnedBy>(*p).is_some_and(|o| o.0 != me)),
        "the realm owns nothing there"
    );
    at_war(&mut game, me, other);
    crate::rulesets::pop::rules::military::take_by_siege(game.world_mut(), me, theirs[0]);
    assert_eq!(
        crate::rulesets::pop::rules::military::controller(game.world(), theirs[0]),
        Some(me)
    );
    let from = game.log().entries.len();
    game.apply(Action::ChangeReligion).unwrap();
    crate::rulesets::pop::rules::test_support::settle_turn(&mut game, me);
    let area_sid = crate::rulesets::pop::state::sid_of(game.world(), their_area);
    let mine = key(&game, me);
    let in_their_area = game.log().entries[from..].iter().any(|n| {
        n.realm.as_deref() == Some(mine.as_str())
            && (n.rule == "pop.14.2.roll" && n.subject == Some(area_sid))
    });
    assert!(
        !in_their_area,
        "no rebel dice in an area where it only occupies"
    );
    assert!(
        game.log().entries[from..]
            .iter()
            .any(|n| n.rule == "pop.14.1.unrest" && n.realm.as_deref() == Some(mine.as_str())),
        "its own areas of the old faith still gain unrest"
    );
}

/// The mini game with two more Non-Player Realms: Deland (DDD) in the Catholic Isle, Fjordland
/// (EEE) in the Protestant Fjord; East is made Protestant. The realm whose turn it is has 4
/// influence in its home area and 3 in the other player's (both Catholic), is married to the
/// other player and to Deland, and it is Age II.
fn religion_choices_game() -> (Game, Entity, Entity) {
    let (mut game, me, other) = rich(|t| {
        t.replace(
            "            (id: \"farland\",",
            "            (id: \"isle\", name: \"Isle\", continent: \"europe\", religion: Catholic, seas: [\"west_sea\"]),\n            (id: \"fjord\", name: \"Fjord\", continent: \"europe\", religion: Protestant, seas: [\"west_sea\"]),\n            (id: \"farland\",",
        )
        .replace(
            "            (id: \"wild\",",
            "            (id: \"isla\", name: \"Isla\", area: \"isle\", cores: [\"DDD\"], owner: Some(\"DDD\"), shape: [[(300.0, 80.0), (320.0, 80.0), (320.0, 120.0), (300.0, 120.0)]], site: (310.0, 100.0)),\n            (id: \"fjora\", name: \"Fjora\", area: \"fjord\", cores: [\"EEE\"], owner: Some(\"EEE\"), shape: [[(300.0, 120.0), (320.0, 120.0), (320.0, 160.0), (300.0, 160.0)]], site: (310.0, 140.0)),\n            (id: \"wild\",",
        )
        .replace(
            "    realms: [",
            "    realms: [\n        (id: \"DDD\", name: \"Deland\", kind: NonPlayer, colour: (120, 120, 40), capital: \"isla\"),\n        (id: \"EEE\", name: \"Fjordland\", kind: NonPlayer, colour: (40, 120, 120), capital: \"fjora\", religion: Protestant),",
        )
    });
    age_two(&mut game);
    let east = e(&game, "east");
    crate::rulesets::pop::rules::religion::place_faith(
        game.world_mut(),
        east,
        Religion::Protestant,
    );
    let deland = e(&game, "DDD");
    for partner in [other, deland] {
        spawn_sim(
            game.world_mut(),
            None,
            Marriage {
                a: me,
                b: partner,
                disputed_a: false,
                disputed_b: false,
            },
        );
    }
    let (home, away) = home_and_away(&key(&game, me));
    let (home, away) = (e(&game, home), e(&game, away));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, home, 4);
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, away, 3);
    (game, me, other)
}

/// A Player Realm's home area and the other Player Realm's, by its id.
fn home_and_away(realm: &str) -> (&'static str, &'static str) {
    if realm == "AAA" {
        ("north", "south")
    } else {
        ("south", "north")
    }
}

#[test]
fn pop_5_1_change_religion_the_realm_chooses_the_marriage_the_influence_and_where_it_goes() {
    let (mut game, me, other) = religion_choices_game();
    let name = key(&game, me);
    let (home, away) = home_and_away(&name);
    let (home_e, away_e) = (e(&game, home), e(&game, away));
    let (east, fjord) = (e(&game, "east"), e(&game, "fjord"));
    game.apply(Action::ChangeReligion).unwrap();
    // Both marriage tokens lie in Catholic capital areas: the realm chooses which ends.
    let pending = game.pending().unwrap().clone();
    assert_eq!(
        (pending.kind, pending.realm.as_str()),
        (DecisionKind::ReligionMarriage, name.as_str())
    );
    let realm = |r: &str| Action::ChooseRealm { realm: r.into() };
    let other_name = key(&game, other);
    let mut offered = game.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![realm("DDD"), realm(&other_name)];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected);
    refused(&mut game, realm("CCC"), "pop.5.1.change_religion");
    game.apply(realm("DDD")).unwrap();
    let marriages = markers::<Marriage>(&mut game);
    assert_eq!(marriages.len(), 1, "one marriage goes");
    assert!(
        marriages[0].a == other || marriages[0].b == other,
        "the one with Deland"
    );
    // 7 influence in two Catholic areas: 5 go, one at a time, where the realm says.
    let out = |a: &str| Action::RemoveInfluence { area: a.into() };
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::ReligionInfluenceOut { left: 5 }
    );
    refused(&mut game, out("east"), "pop.5.1.change_religion");
    for area in [away, away, home, home, home] {
        game.apply(out(area)).unwrap();
    }
    assert_eq!(influence_in(game.world(), me, away_e), 1, "3 - 2");
    assert_eq!(influence_in(game.world(), me, home_e), 1, "4 - 3");
    // The 5 go to Protestant areas with a Non-Player Realm's province: East or Fjord.
    let put = |a: &str| Action::PlaceInfluence { area: a.into() };
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::ReligionInfluenceIn { left: 5 }
    );
    refused(&mut game, put(home), "pop.5.1.change_religion");
    for area in ["fjord", "fjord", "east", "fjord", "fjord"] {
        game.apply(put(area)).unwrap();
    }
    assert_eq!(influence_in(game.world(), me, fjord), 4);
    assert_eq!(influence_in(game.world(), me, east), 1);
    let lines = |words: &str| {
        game.log()
            .entries
            .iter()
            .filter(|n| n.rule == "pop.5.1.change_religion" && n.text.contains(words))
            .count()
    };
    assert_eq!(lines("removes 5 influence from areas of its old faith"), 1);
    assert_eq!(lines("places 1 influence in"), 5);
    assert_eq!(lines("ends over the change of faith"), 1);
    crate::rulesets::pop::rules::test_support::settle_turn(&mut game, me);
    assert_ne!(game.pending().unwrap().realm, name, "the action is over");
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Protestant
    );
}

#[test]
fn pop_5_1_change_religion_a_counter_reformed_area_takes_influence_for_the_catholic_faith() {
    // "Place the removed I into Areas with the same faith as your new State Religion": a
    // Counter-Reformed area is of the Catholic faith.
    use crate::rulesets::pop::rules::religion::{new_faith_targets, place_faith};
    let (mut game, me, _) = religion_choices_game();
    let east = e(&game, "east");
    place_faith(game.world_mut(), east, Religion::CounterReformed);
    let targets = new_faith_targets(game.world(), me, Religion::Catholic);
    assert!(
        targets.contains(&east),
        "Counter-Reformed East takes Catholic influence"
    );
    assert!(targets.contains(&e(&game, "isle")), "and Catholic Isle");
    assert!(
        !targets.contains(&e(&game, "fjord")),
        "never Protestant Fjord"
    );
}

#[test]
fn pop_5_1_change_religion_asks_nothing_where_there_is_no_choice() {
    // 5 or fewer cubes of the old faith all go; one area to place them in takes them (up to 5).
    let (mut game, me, other) = religion_choices_game();
    let name = key(&game, me);
    let (home, away) = home_and_away(&name);
    let (home_e, away_e) = (e(&game, home), e(&game, away));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, away_e, -2);
    let deland = e(&game, "DDD");
    let (marriage, _) = game
        .world_mut()
        .query::<(Entity, &Marriage)>()
        .iter(game.world())
        .find(|(_, m)| m.b == deland)
        .map(|(e, m)| (e, *m))
        .unwrap();
    game.world_mut().despawn(marriage);
    let fjord = e(&game, "fjord");
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, fjord, 5);
    game.apply(Action::ChangeReligion).unwrap();
    let kinds_asked = game.pending().map(|d| d.kind.clone());
    assert!(
        !matches!(
            kinds_asked,
            Some(
                DecisionKind::ReligionMarriage
                    | DecisionKind::ReligionInfluenceOut { .. }
                    | DecisionKind::ReligionInfluenceIn { .. }
            )
        ),
        "{kinds_asked:?}"
    );
    assert!(
        markers::<Marriage>(&mut game).is_empty(),
        "the only one ends"
    );
    assert_eq!(influence_in(game.world(), me, home_e), 0);
    assert_eq!(influence_in(game.world(), me, away_e), 0);
    assert_eq!(
        influence_in(game.world(), me, e(&game, "east")),
        5,
        "Fjord is full: all 5 to East"
    );
    let _ = other;
}

#[test]
fn pop_5_1_counter_reformation_3_adm_needs_a_token_on_the_board() {
    let (mut game, me, _) = rich(|t| t);
    refused(
        &mut game,
        Action::CounterReformation,
        "pop.5.1.counter_reformation",
    );
    let east = e(&game, "east");
    crate::rulesets::pop::rules::religion::place_faith(
        game.world_mut(),
        east,
        Religion::CounterReformed,
    );
    // The token opens it, whatever the Age ("Starting with Age II" is said of a change
    // between Catholic and Protestant): here in Age I.
    assert_eq!(game.flow().age, 1);
    game.apply(Action::CounterReformation).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 7);
    let capital = game.world().get::<Capital>(me).unwrap().0;
    let area = game.world().get::<InArea>(capital).unwrap().0;
    assert_eq!(
        game.world().get::<Area>(area).unwrap().religion,
        Religion::CounterReformed
    );
    assert_eq!(
        count(&game, "pop.5.1.counter_reformation"),
        2,
        "the payment and the action"
    );
    assert_eq!(
        count(&game, "pop.5.1.change_religion"),
        0,
        "no consequences"
    );
}

#[test]
fn pop_act_influence_first_1_dip_then_dip_or_3_ducats_two_per_area_five_at_most() {
    let (mut game, me, _) = rich(|t| t);
    let east = e(&game, "east");
    let area = || Id::new("east");
    refused(
        &mut game,
        Action::Influence {
            area: "north".into(),
        },
        "pop.act.influence",
    );
    game.apply(Action::Influence { area: area() }).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(game.pending().unwrap().kind, DecisionKind::InfluenceMore);
    game.apply(Action::InfluenceForDucats { area: area() })
        .unwrap();
    assert_eq!(mat(&game, me).ducats, 27, "3 ducats");
    assert_eq!(influence_in(game.world(), me, east), 2);
    // The per-turn limit of 2 in an area ends the action (nothing else to place).
    assert_ne!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::InfluenceMore)
    );
    // At 5, no more.
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, east, 3);
    assert_eq!(
        crate::rulesets::pop::rules::diplomacy::problem(
            game.world(),
            me,
            &Action::Influence { area: area() }
        )
        .map(|p| p.rule),
        Some("pop.act.influence")
    );
}

#[test]
fn pop_act_forge_alliance_half_tax_and_two_influence() {
    let (mut game, me, _) = rich(|t| t);
    let east = e(&game, "east");
    let forge = Action::ForgeAlliance {
        realm: "CCC".into(),
    };
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, east, 1);
    refused(&mut game, forge.clone(), "pop.act.forge_alliance");
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, east, 1);
    assert_eq!(
        crate::rulesets::pop::rules::diplomacy::forge_cost(game.world(), e(&game, "CCC")),
        1,
        "half of tax income 1, rounded up"
    );
    game.apply(forge).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(markers::<Alliance>(&mut game).len(), 1);
    assert_eq!(
        count(&game, "pop.act.forge_alliance"),
        2,
        "the payment and the action"
    );
}

#[test]
fn pop_act_forge_alliance_with_a_distant_realm_counts_colonists_as_influence() {
    // CCC's only province lies in the distant Farland (11.1: no influence goes there).
    let (mut game, me, _) = rich(|t| {
        t.replace(
            r#"(id: "capc", name: "Capc", area: "east","#,
            r#"(id: "capc", name: "Capc", area: "farland","#,
        )
    });
    let new_world = Id::new("new_world");
    game.world_mut()
        .entity_mut(me)
        .insert(Discovered(vec![new_world]));
    refused(
        &mut game,
        Action::Influence {
            area: "farland".into(),
        },
        "pop.act.influence",
    );
    let forge = Action::ForgeAlliance {
        realm: "CCC".into(),
    };
    set(&mut game, me, |m| m.colonists = 1);
    refused(&mut game, forge.clone(), "pop.act.forge_alliance");
    set(&mut game, me, |m| m.colonists = 2);
    game.apply(forge).unwrap();
    assert_eq!(markers::<Alliance>(&mut game).len(), 1);
    assert_eq!(
        mat(&game, me).colonists,
        2,
        "the colonists only count, none are spent"
    );
}

#[test]
fn pop_act_fabricate_claim_two_dip_next_door_in_peace() {
    let (mut game, me, _) = rich(|t| t);
    let east = e(&game, "east");
    game.apply(Action::FabricateClaim {
        area: "east".into(),
    })
    .unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 8);
    assert!(crate::rulesets::pop::rules::generic::has_claim(
        game.world(),
        me,
        east
    ));
    assert_eq!(
        count(&game, "pop.act.fabricate_claim"),
        2,
        "the payment and the action"
    );
    // Far away (a distant area not next to the realm) or at war: refused.
    let (mut game, me, _) = rich(|t| t);
    refused(
        &mut game,
        Action::FabricateClaim {
            area: "farland".into(),
        },
        "pop.act.fabricate_claim",
    );
    let ccc = e(&game, "CCC");
    at_war(&mut game, me, ccc);
    refused(
        &mut game,
        Action::FabricateClaim {
            area: "east".into(),
        },
        "pop.act.fabricate_claim",
    );
}

#[test]
fn pop_act_trade_one_dip_for_ducats() {
    // The mini scenario has no Trade Cards: the only answer is the 2 ducats of step 2.
    let (mut game, me, _) = rich(|t| t);
    game.apply(Action::Trade).unwrap();
    assert_eq!(game.legal_actions(), [Action::TakeTradeDucats]);
    game.apply(Action::TakeTradeDucats).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(mat(&game, me).ducats, 32, "2 ducats for no card");
    assert!(count(&game, "pop.act.trade") >= 1);
    assert!(count(&game, "pop.12.trade_ducats") >= 1);
}

/// The mini game with an Administrative Development card "dev" (2 adm: Integrate Area), at the
/// first turn (Phase 1's card decisions answered first), both realms with 10 of each monarch
/// power and 30 ducats, "dev" in the hand of the realm whose turn it is. `free_home` takes the
/// Player Realms' flags off their second provinces, so their home areas are not all cores, and
/// makes Beland's vassal on Sora its town, so that it owns South whole.
fn development_game(free_home: bool) -> (Game, Entity, Entity) {
    let (mut game, a, b) = rich_game(|t| {
        let t = t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"dev\", name: \"Development\", deck: Adm, cost: 2, text: \"Dev.\", effects: [IntegrateArea])],",
        );
        if !free_home {
            return t;
        }
        t.replace(
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"AAA\"]",
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: []",
        )
        // Beland's town on Sora, not its vassal: a vassal's province is not its own (7.6).
        .replace(
            "(id: \"sora\", name: \"Sora\", area: \"south\", cores: [\"BBB\"], owner: Some(\"BBB\"), holding: Vassal,",
            "(id: \"sora\", name: \"Sora\", area: \"south\", cores: [], owner: Some(\"BBB\"),",
        )
    });
    let me = to_first_turn(&mut game);
    give_card(&mut game, me, "dev");
    (game, me, if me == a { b } else { a })
}

fn home_of(game: &Game, me: Entity) -> (&'static str, &'static str) {
    if key(game, me) == "AAA" {
        ("north", "nora")
    } else {
        ("south", "sora")
    }
}

#[test]
fn pop_7_6_integrate_area_is_the_action_of_a_development_card_not_a_basic_action() {
    let (mut game, me, _) = development_game(true);
    let (area, _) = home_of(&game, me);
    let integrate = Action::IntegrateArea { area: area.into() };
    assert!(
        !game.legal_actions().contains(&integrate),
        "no Basic Action Integrate Area"
    );
    refused(&mut game, integrate, "pop.act.integrate_area");
    assert!(
        game.legal_actions()
            .contains(&Action::PlayCard { card: "dev".into() })
    );
}

#[test]
fn pop_7_6_core_token_by_integrate_area_on_a_development_card() {
    let (mut game, me, _) = development_game(true);
    let (area, province) = home_of(&game, me);
    let p = e(&game, province);
    assert!(!is_core(game.world(), p, me));
    game.apply(Action::PlayCard { card: "dev".into() }).unwrap();
    // Only its home area qualifies: integrated at once, no question.
    assert_eq!(
        mat(&game, me).mp(MpKind::Adm),
        8,
        "the card's 2 adm, nothing more"
    );
    assert!(is_core(game.world(), p, me));
    assert_eq!(count(&game, "pop.7.6.core_token"), 1);
    assert_eq!(count(&game, "pop.act.integrate_area"), 1);
    let tokens = markers::<CoreToken>(&mut game);
    assert_eq!(tokens.len(), 1);
    assert_eq!((tokens[0].realm, tokens[0].area), (me, e(&game, area)));
    assert!(
        crate::rulesets::pop::rules::integrate::integrable(game.world(), me).is_empty(),
        "once every province is a core, no second token"
    );
}

#[test]
fn pop_7_6_an_area_held_partly_as_a_vassal_is_not_owned_whole() {
    // 7.6: "a PR needs to Own all the Provinces in the target Area". Beland's South holds its
    // capital (a town) and Sora, its vassal: a vassal's province is not part of the overlord's
    // Realm (EUP-W 11.4; 14.3 b speaks of "the PR that Owns or has Vassalized it"), so South
    // cannot be integrated until the vassal is annexed (its token a town).
    use crate::rulesets::pop::rules::generic::owner;
    use crate::rulesets::pop::rules::integrate::{answer_problem, integrable};
    let (mut game, _, _) = rich_game(|t| {
        t.replace(
            "(id: \"sora\", name: \"Sora\", area: \"south\", cores: [\"BBB\"]",
            "(id: \"sora\", name: \"Sora\", area: \"south\", cores: []",
        )
    });
    let (beland, south, sora) = (e(&game, "BBB"), e(&game, "south"), e(&game, "sora"));
    assert_eq!(
        owner(game.world(), sora),
        Some(beland),
        "the model's lawful owner"
    );
    assert!(!integrable(game.world(), beland).contains(&south));
    let why = answer_problem(game.world(), beland, "south").expect("refused");
    assert_eq!(why.rule, "pop.act.integrate_area");
    assert!(why.reason.contains("a vassal"), "{}", why.reason);
    // Annexed: Sora holds Beland's town, and South is Beland's whole.
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), beland, sora);
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), beland, sora);
    assert!(integrable(game.world(), beland).contains(&south));
}

#[test]
fn pop_7_6_an_area_with_an_occupied_or_rebel_held_province_is_not_owned_whole() {
    // 7.6 "Own all the Provinces in the target Area": a province occupied by another realm
    // (9.8: "not considered to be included in the terms Own or Realm") or under a Rebel Town
    // (2.0: Own means "no v, R, Enemy t, or Occupied token") is not Owned.
    use crate::rulesets::pop::rules::integrate::{answer_problem, integrable};
    let (mut game, me, other) = development_game(true);
    let (area, province) = home_of(&game, me);
    let (a, p) = (e(&game, area), e(&game, province));
    assert!(integrable(game.world(), me).contains(&a));
    game.world_mut().entity_mut(p).insert(ControlledBy(other));
    assert!(!integrable(game.world(), me).contains(&a), "occupied");
    let why = answer_problem(game.world(), me, area).expect("refused");
    assert!(why.reason.contains("occupied"), "{}", why.reason);
    game.world_mut()
        .entity_mut(p)
        .insert((ControlledBy(me), RebelTown));
    assert!(
        !integrable(game.world(), me).contains(&a),
        "under a Rebel Town"
    );
    game.world_mut().entity_mut(p).remove::<RebelTown>();
    assert!(integrable(game.world(), me).contains(&a));
}

#[test]
fn pop_7_6_a_development_card_cannot_be_played_without_an_area_to_integrate() {
    // Every area the realm owns whole is all its cores already.
    let (mut game, me, _) = development_game(false);
    assert!(crate::rulesets::pop::rules::integrate::integrable(game.world(), me).is_empty());
    let play = Action::PlayCard { card: "dev".into() };
    assert!(!game.legal_actions().contains(&play));
    refused(&mut game, play, "pop.act.integrate_area");
}

#[test]
fn pop_7_6_the_player_chooses_among_the_areas_it_owns_whole_and_the_token_displaces_others() {
    let (mut game, me, other) = development_game(true);
    let (home, _) = home_of(&game, me);
    // It conquers East, Celand's core, whole; Beland holds a core token there.
    let capc = e(&game, "capc");
    let (celand, east) = (e(&game, "CCC"), e(&game, "east"));
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), celand, capc);
    game.world_mut()
        .entity_mut(capc)
        .insert((OwnedBy(me), ControlledBy(me)));
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), me, capc);
    spawn_sim(
        game.world_mut(),
        None,
        CoreToken {
            realm: other,
            area: east,
        },
    );
    game.apply(Action::PlayCard { card: "dev".into() }).unwrap();
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.kind, DecisionKind::IntegrateArea);
    assert_eq!(pending.realm, key(&game, me));
    let choose = |a: &str| Action::IntegrateArea { area: a.into() };
    let mut offered = game.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut both = vec![choose("east"), choose(home)];
    both.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, both);
    refused(&mut game, choose("farland"), "pop.act.integrate_area");
    refused(&mut game, Action::Pass, "pop.act.integrate_area");
    game.apply(choose("east")).unwrap();
    assert!(is_core(game.world(), capc, me));
    assert!(
        !is_core(game.world(), capc, celand),
        "no other realm's core"
    );
    let tokens = markers::<CoreToken>(&mut game);
    assert_eq!(tokens.len(), 1, "Beland's token was displaced");
    assert_eq!((tokens[0].realm, tokens[0].area), (me, east));
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 8);
}

fn ship(game: &mut Game, realm: Entity, sea: &str) {
    spawn_unit(
        game,
        Some(realm),
        sea,
        UnitKind::LightShip,
        UnitStatus::Regular,
    );
}

#[test]
fn pop_act_colonize_needs_a_linked_colonial_claim_and_4_adm_or_colonists() {
    let (mut game, me, _) = rich(|t| t);
    let farland = e(&game, "farland");
    let wild = e(&game, "wild");
    let colonize = |colonists| Action::Colonize {
        province: "wild".into(),
        colonists,
    };
    refused(&mut game, colonize(0), "pop.act.colonize");
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: me,
            area: farland,
        },
    );
    assert!(
        game.legal_actions()
            .iter()
            .all(|a| !matches!(a, Action::Colonize { .. }))
    );
    // The chain: the capital area, a ship in West Sea, a ship in Far Sea, then Farland.
    ship(&mut game, me, "west_sea");
    refused(&mut game, colonize(0), "pop.act.colonize");
    ship(&mut game, me, "far_sea");
    refused(&mut game, colonize(2), "pop.act.colonize");
    set(&mut game, me, |m| {
        m.colonists = 3;
        m.mp = [1, 10, 10];
    });
    refused(&mut game, colonize(2), "pop.act.colonize");
    assert!(game.legal_actions().contains(&colonize(3)));
    assert!(game.legal_actions().contains(&colonize(3)));
    set(&mut game, me, |m| m.mp = [10, 10, 10]);
    game.apply(colonize(2)).unwrap();
    let m = mat(&game, me);
    assert_eq!(
        (m.mp(MpKind::Adm), m.colonists),
        (8, 1),
        "4 = 2 adm + 2 colonists"
    );
    assert_eq!(game.world().get::<OwnedBy>(wild).map(|o| o.0), Some(me));
    assert!(
        markers::<Claim>(&mut game).is_empty(),
        "the claim became the town"
    );
    let small_town = game.world().get::<Holdings>(wild).is_some_and(|h| {
        h.iter()
            .any(|t| game.world().get::<Town>(t).is_some_and(|t| !t.large))
    });
    assert!(small_town);
    assert!(count(&game, "pop.act.colonize") >= 1);
}

#[test]
fn pop_act_colonists_one_per_colonial_claim_at_most_4() {
    let (mut game, me, _) = rich(|t| t);
    let farland = e(&game, "farland");
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: me,
            area: farland,
        },
    );
    set(&mut game, me, |m| m.colonists = 2);
    crate::rulesets::pop::rules::colonize::gain_colonists(game.world_mut(), me);
    assert_eq!(mat(&game, me).colonists, 3);
    set(&mut game, me, |m| m.colonists = 4);
    crate::rulesets::pop::rules::colonize::gain_colonists(game.world_mut(), me);
    assert_eq!(mat(&game, me).colonists, 4, "the pool holds 4");
    assert_eq!(
        count(&game, "pop.act.colonists"),
        1,
        "a full pool logs nothing more"
    );
}

#[test]
fn pop_effect_native_uprising_everyone_loses_a_colonist_and_gains_unrest_the_active_player_ignores_one()
 {
    // 16.5: "Each player loses 1 colonist from the Colonist Pool and gains unrest in a Distant
    // town. You may choose to ignore one of the two effects (even if it is the only one that
    // will affect you)."
    use crate::rulesets::pop::rules::colonize::{native_uprising_strikes, uprising_choices};
    use crate::rulesets::pop::rules::symbols::{SymbolVisit, visit_choices};
    let (mut game, me, _) = rich(|t| t);
    let wild = e(&game, "wild");
    set(&mut game, me, |m| m.colonists = 3);
    // No distant town: another player's Event takes a colonist; its own Event spares it.
    assert!(uprising_choices(game.world(), me, false).is_empty());
    native_uprising_strikes(game.world_mut(), me, false, None);
    assert_eq!(mat(&game, me).colonists, 2);
    assert!(uprising_choices(game.world(), me, true).is_empty());
    native_uprising_strikes(game.world_mut(), me, true, None);
    assert_eq!(
        mat(&game, me).colonists,
        2,
        "the Active Player ignores the only effect"
    );
    assert!(logged(
        &game,
        "pop.act.colonists",
        "ignores the native uprising"
    ));
    // A colony in the distant Farland.
    game.world_mut()
        .entity_mut(wild)
        .insert((OwnedBy(me), ControlledBy(me)));
    crate::rulesets::pop::rules::towns::place_small_town(game.world_mut(), me, wild);
    // Both strike anyone but the Active Player; on the Event nobody took, everyone.
    for active in [
        None,
        Some(e(&game, if e(&game, "AAA") == me { "BBB" } else { "AAA" })),
    ] {
        assert!(
            visit_choices(game.world(), SymbolVisit::NativeUprising, me, active).is_empty(),
            "one town, nothing to choose"
        );
    }
    native_uprising_strikes(game.world_mut(), me, false, None);
    assert_eq!(mat(&game, me).colonists, 1);
    assert!(has_unrest(&game, wild));
    // The Active Player with both at hand chooses which to ignore.
    let calm = |game: &mut Game| {
        let tokens: Vec<Entity> = game.world().get::<Holdings>(wild).unwrap().iter().collect();
        for t in tokens {
            game.world_mut().entity_mut(t).remove::<Unrest>();
        }
    };
    calm(&mut game);
    let keep = Action::ChooseProvince {
        province: "wild".into(),
    };
    assert_eq!(
        visit_choices(game.world(), SymbolVisit::NativeUprising, me, Some(me)),
        [keep.clone(), Action::Decline]
    );
    native_uprising_strikes(game.world_mut(), me, true, Some(&Action::Decline));
    assert_eq!(mat(&game, me).colonists, 0, "the towns are spared");
    assert!(!has_unrest(&game, wild));
    set(&mut game, me, |m| m.colonists = 1);
    native_uprising_strikes(game.world_mut(), me, true, Some(&keep));
    assert_eq!(mat(&game, me).colonists, 1, "the colonist is kept");
    assert!(has_unrest(&game, wild));
}

/// North and South Protestant, the realm to move Catholic, optional rule 5 on or off; the
/// realm's capital and two more of its provinces held by rebel towns.
fn rebels_hold_capital_and_two_more(rule_5: bool) -> (Game, Entity) {
    let (mut game, me, other) = rich(|t| {
        t.replace(
            "options: (first_age: 1, last_age: 2)",
            &format!("options: (first_age: 1, last_age: 2, religious_rebels: {rule_5})"),
        )
        .replace(
            "(id: \"north\", name: \"North\", continent: \"europe\", religion: Catholic",
            "(id: \"north\", name: \"North\", continent: \"europe\", religion: Protestant",
        )
        .replace(
            "(id: \"south\", name: \"South\", continent: \"europe\", religion: Catholic",
            "(id: \"south\", name: \"South\", continent: \"europe\", religion: Protestant",
        )
    });
    let mine = if key(&game, me) == "AAA" {
        ["capa", "nora", "sora"]
    } else {
        ["capb", "sora", "nora"]
    };
    let _ = other;
    for p in mine {
        let p = e(&game, p);
        game.world_mut()
            .entity_mut(p)
            .insert((OwnedBy(me), ControlledBy(me), RebelTown));
    }
    (game, me)
}

#[test]
fn pop_14_4_religious_rebels_force_a_change_of_state_religion() {
    let (mut game, me) = rebels_hold_capital_and_two_more(true);
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Catholic
    );
    // The realm's towns under the rebel towns show unrest.
    let troubled: Vec<Entity> = game
        .world_mut()
        .query::<(Entity, &TokenOf)>()
        .iter(game.world())
        .filter(|(_, o)| o.0 == me)
        .map(|(t, _)| t)
        .filter(|t| {
            game.world()
                .get::<OnProvince>(*t)
                .is_some_and(|p| game.world().get::<RebelTown>(p.0).is_some())
        })
        .collect();
    assert!(!troubled.is_empty());
    for t in &troubled {
        game.world_mut().entity_mut(*t).insert(Unrest);
    }
    // Age I: the ordinary change is closed; the optional rule's way out is open.
    assert!(!game.legal_actions().contains(&Action::ChangeReligion));
    assert!(game.legal_actions().contains(&Action::AdoptRebelFaith));
    game.apply(Action::AdoptRebelFaith).unwrap();
    // "remove all ? and R": the unrest under them stays (and counts again).
    for t in &troubled {
        assert!(game.world().get::<Unrest>(*t).is_some());
    }
    assert!(
        !crate::rulesets::pop::rules::rebels::counting_unrest(game.world(), me, None).is_empty()
    );
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Protestant,
        "the capital area's faith"
    );
    for p in ["capa", "nora", "capb", "sora"] {
        assert!(game.world().get::<RebelTown>(e(&game, p)).is_none(), "{p}");
    }
    assert!(count(&game, "pop.14.4.religious_rebels") >= 1);
}

#[test]
fn pop_14_4_religious_rebels_need_the_optional_rule() {
    let (mut game, _) = rebels_hold_capital_and_two_more(false);
    refused(&mut game, Action::ChangeReligion, "pop.5.1.change_religion");
    refused(
        &mut game,
        Action::AdoptRebelFaith,
        "pop.14.4.religious_rebels",
    );
    assert!(!game.legal_actions().contains(&Action::AdoptRebelFaith));
}

#[test]
fn pop_14_4_religious_rebels_add_a_way_out_beside_the_ordinary_change() {
    // "You may take the Change State Religion Action to adopt the Religion of your Capital
    // Area": a second way, not the only one. From Age II the ordinary change is open too, and
    // it leaves the rebels where they are.
    let (mut game, me) = rebels_hold_capital_and_two_more(true);
    game.world_mut()
        .resource_mut::<crate::engine::flow::Flow>()
        .age = 2;
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::ChangeReligion) && legal.contains(&Action::AdoptRebelFaith));
    game.apply(Action::ChangeReligion).unwrap();
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Protestant
    );
    let capital = if key(&game, me) == "AAA" {
        "capa"
    } else {
        "capb"
    };
    assert!(
        game.world().get::<RebelTown>(e(&game, capital)).is_some(),
        "the ordinary change makes no peace with the rebels"
    );
    assert_eq!(count(&game, "pop.14.4.religious_rebels"), 0);
}

#[test]
fn pop_effect_dnpr_expansion_takes_the_cheapest_npr_neighbour_else_stirs_unrest() {
    // Nora belongs to a second Non-Player Realm, DDD (capital: Wild), with no flag on it.
    let (mut game, _, _) = rich(|t| {
        t.replace(
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"AAA\"], owner: Some(\"AAA\"),",
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [], owner: Some(\"DDD\"),",
        )
        .replace(
            "(id: \"wild\", name: \"Wild\", area: \"farland\", holding: None,",
            "(id: \"wild\", name: \"Wild\", area: \"farland\", owner: Some(\"DDD\"),",
        )
        .replace(
            "        (id: \"CCC\",",
            "        (id: \"DDD\", name: \"Deland\", kind: NonPlayer, colour: (90, 90, 90), capital: \"wild\"),\n        (id: \"CCC\",",
        )
    });
    let (ccc, nora, sora) = (e(&game, "CCC"), e(&game, "nora"), e(&game, "sora"));
    crate::rulesets::pop::rules::symbols::dnpr_expansion(game.world_mut(), Id::new("CCC"));
    assert_eq!(game.world().get::<OwnedBy>(nora).map(|o| o.0), Some(ccc));
    assert_eq!(count(&game, "pop.effect.dnpr_expansion"), 1);
    // No Non-Player Realm province is left beside CCC but capitals; Sora is BBB's core: nothing.
    crate::rulesets::pop::rules::symbols::dnpr_expansion(game.world_mut(), Id::new("CCC"));
    assert_eq!(count(&game, "pop.effect.dnpr_expansion"), 1);
    // Without BBB's flag, Sora's vassal gains unrest instead of being taken.
    game.world_mut().entity_mut(sora).remove::<PrintedCores>();
    crate::rulesets::pop::rules::symbols::dnpr_expansion(game.world_mut(), Id::new("CCC"));
    assert_eq!(count(&game, "pop.effect.dnpr_expansion"), 2);
    assert_ne!(game.world().get::<OwnedBy>(sora).map(|o| o.0), Some(ccc));
    let unrest = game
        .world()
        .get::<Holdings>(sora)
        .is_some_and(|h| h.iter().any(|t| game.world().get::<Unrest>(t).is_some()));
    assert!(unrest);
    // A realm that is not a Non-Player Realm does not expand.
    crate::rulesets::pop::rules::symbols::dnpr_expansion(game.world_mut(), Id::new("AAA"));
    assert_eq!(count(&game, "pop.effect.dnpr_expansion"), 2);
}

/// The mini game where Nora belongs to a second Non-Player Realm, DDD (capital: Wild), and
/// BBB's vassal Sora carries no flag: CCC (East) borders North and South.
fn dnpr_neighbours() -> Game {
    let (game, _, _) = rich(|t| {
        t.replace(
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"AAA\"], owner: Some(\"AAA\"),",
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [], owner: Some(\"DDD\"),",
        )
        .replace(
            "(id: \"sora\", name: \"Sora\", area: \"south\", cores: [\"BBB\"],",
            "(id: \"sora\", name: \"Sora\", area: \"south\", cores: [],",
        )
        .replace(
            "(id: \"wild\", name: \"Wild\", area: \"farland\", holding: None,",
            "(id: \"wild\", name: \"Wild\", area: \"farland\", owner: Some(\"DDD\"),",
        )
        .replace(
            "        (id: \"CCC\",",
            "        (id: \"DDD\", name: \"Deland\", kind: NonPlayer, colour: (90, 90, 90), capital: \"wild\"),\n        (id: \"CCC\",",
        )
        .replace("symbols: [Mortality(1)]", "symbols: [DnprExpansion(\"CCC\")]")
        .replace("symbols: []", "symbols: [DnprExpansion(\"CCC\")]")
    });
    game
}

#[test]
fn pop_effect_dnpr_expansion_of_the_event_taken_the_active_player_chooses_the_province() {
    // 16.5: "Place a matching marker on a Province adjacent to the DNPR ... If the Province
    // selected has a town/vassal, place the marker underneath (thus making it a Core Province
    // of the DNPR) and add unrest." The Active Player selects; the Event nobody took annexes
    // the cheapest Non-Player Realm's province.
    use crate::rulesets::pop::rules::symbols::dnpr_targets;
    let mut game = dnpr_neighbours();
    let (ccc, bbb, nora, sora) = (
        e(&game, "CCC"),
        e(&game, "BBB"),
        e(&game, "nora"),
        e(&game, "sora"),
    );
    let mut targets = dnpr_targets(game.world(), ccc);
    targets.sort();
    let mut both = vec![nora, sora];
    both.sort();
    assert_eq!(targets, both, "capitals and Player Realms' cores are out");
    let me = take_event_until(&mut game, |k| {
        matches!(k, DecisionKind::DnprExpansion { .. })
    });
    let me_key = crate::rulesets::pop::state::key_of(game.world(), me);
    let pending = game.pending().unwrap().clone();
    assert_eq!(
        pending.kind,
        DecisionKind::DnprExpansion {
            realm: "CCC".into()
        }
    );
    assert_eq!(pending.realm, me_key, "the Active Player chooses");
    refused(
        &mut game,
        Action::ChooseProvince {
            province: "capb".into(),
        },
        "pop.effect.dnpr_expansion",
    );
    game.apply(Action::ChooseProvince {
        province: "sora".into(),
    })
    .unwrap();
    assert_eq!(
        game.world().get::<OwnedBy>(sora).map(|o| o.0),
        Some(bbb),
        "a Player Realm's vassal stays its"
    );
    assert_eq!(
        crate::rulesets::pop::rules::towns::core_owners(game.world(), sora),
        [ccc],
        "but the marker under it makes it CCC's core"
    );
    assert!(has_unrest(&game, sora));
    // The Event nobody took: the Non-Player Realm's Nora, annexed.
    crate::rulesets::pop::rules::symbols::dnpr_expansion(game.world_mut(), Id::new("CCC"));
    assert_eq!(game.world().get::<OwnedBy>(nora).map(|o| o.0), Some(ccc));
    assert_eq!(
        crate::rulesets::pop::rules::towns::core_owners(game.world(), nora),
        [ccc]
    );
}

#[test]
fn pop_effect_dnpr_expansion_spares_its_allys_provinces_and_an_active_ally_does_not_expand() {
    use crate::rulesets::pop::rules::symbols::{dnpr_targets, expanding_dnpr};
    let mut game = dnpr_neighbours();
    let (ccc, bbb, nora) = (e(&game, "CCC"), e(&game, "BBB"), e(&game, "nora"));
    spawn_sim(game.world_mut(), None, Alliance { a: bbb, b: ccc });
    assert_eq!(
        dnpr_targets(game.world(), ccc),
        [nora],
        "BBB's Sora is its ally's"
    );
    let sid = crate::rulesets::pop::state::sid_of(game.world(), ccc);
    game.world_mut()
        .res_mut::<crate::rulesets::pop::rules::war::WarState>()
        .active_allies
        .push(sid);
    assert_eq!(expanding_dnpr(game.world_mut(), Id::new("CCC")), None);
    assert!(logged(&game, "pop.effect.no_target", "Active Ally"));
}

#[test]
fn pop_effect_faith_spread_of_religious_ideas_next_to_the_same_faith() {
    // South is Protestant; North (Catholic, beside it) takes the first token. No area is
    // Counter-Reformed, so that faith places nothing; East is Orthodox and never converts.
    let (mut game, _, _) = rich(|t| {
        t.replace(
            "(id: \"south\", name: \"South\", continent: \"europe\", religion: Catholic",
            "(id: \"south\", name: \"South\", continent: \"europe\", religion: Protestant",
        )
    });
    crate::rulesets::pop::rules::symbols::spread_religious_ideas(game.world_mut());
    let religion = |g: &Game, a: &str| g.world().get::<Area>(e(g, a)).unwrap().religion;
    assert_eq!(religion(&game, "north"), Religion::Protestant);
    assert_eq!(religion(&game, "east"), Religion::Orthodox);
    assert_eq!(
        count(&game, "pop.effect.faith"),
        1,
        "one area could take a token"
    );
}

/// The mini game with North and South of the given faiths; with `east_by_sea`, East is a
/// Catholic area that touches the West Sea and borders nothing by land. Every Event carries a
/// Spread of Religious Ideas symbol.
fn faiths(north: &str, south: &str, east_by_sea: bool) -> Game {
    let (game, _, _) = rich(|t| {
        let t = t
            .replace(
                "(id: \"north\", name: \"North\", continent: \"europe\", religion: Catholic",
                &format!(
                    "(id: \"north\", name: \"North\", continent: \"europe\", religion: {north}"
                ),
            )
            .replace(
                "(id: \"south\", name: \"South\", continent: \"europe\", religion: Catholic",
                &format!(
                    "(id: \"south\", name: \"South\", continent: \"europe\", religion: {south}"
                ),
            )
            .replace("symbols: [Mortality(1)]", "symbols: [SpreadReligion]")
            .replace("symbols: []", "symbols: [SpreadReligion]");
        if !east_by_sea {
            return t;
        }
        t.replace(
            r#"neighbours: [(area: "south"), (area: "east", mountain: true)], seas: ["west_sea"]),"#,
            r#"neighbours: [(area: "south")], seas: ["west_sea"]),"#,
        )
        .replace(
            r#"neighbours: [(area: "north"), (area: "east")], seas: ["west_sea"]),"#,
            r#"neighbours: [(area: "north")], seas: ["west_sea"]),"#,
        )
        .replace(
            r#"(id: "east", name: "East", continent: "europe", religion: Orthodox,
             neighbours: [(area: "north", mountain: true), (area: "south")], seas: []),"#,
            r#"(id: "east", name: "East", continent: "europe", religion: Catholic,
             neighbours: [], seas: ["west_sea"]),"#,
        )
    });
    game
}

fn faith_of(game: &Game, area: &str) -> Religion {
    game.world().get::<Area>(e(game, area)).unwrap().religion
}

#[test]
fn pop_effect_faith_spread_one_token_beside_each_cluster_across_a_sea_too() {
    // 16.5: "Place a Q in an Area adjacent to a cluster, of the same type ... Adjacency may here
    // be traced across a Sea Zone. Orthodox or Muslim Areas may not be chosen." One token per
    // cluster: South's one cluster takes one token, though North and East both qualify.
    use crate::rulesets::pop::rules::symbols::{faith_spread_choices, start_faith_spread};
    let mut game = faiths("Catholic", "Protestant", true);
    start_faith_spread(game.world_mut(), false);
    let choices = faith_spread_choices(game.world());
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    assert!(choices.contains(&(north, Religion::Protestant)));
    assert!(
        choices.contains(&(east, Religion::Protestant)),
        "East touches the West Sea as South does"
    );
    crate::rulesets::pop::rules::symbols::spread_religious_ideas(game.world_mut());
    assert_eq!(
        count(&game, "pop.effect.faith"),
        1,
        "one cluster, one token"
    );
    // An Orthodox East is never chosen.
    let mut game = faiths("Catholic", "Protestant", false);
    start_faith_spread(game.world_mut(), false);
    let east = e(&game, "east");
    assert!(
        faith_spread_choices(game.world())
            .iter()
            .all(|(a, _)| *a != east)
    );
}

#[test]
fn pop_effect_faith_spread_no_third_token_of_one_faith_while_both_are_in_play() {
    // 16.5: "If there is more than 1 Infectious Faith in play and you have already placed 2 Q of
    // one type, you must place a Q of the other type."
    use crate::rulesets::pop::rules::symbols::{FaithSpread, faith_spread_choices};
    let game = faiths("CounterReformed", "Protestant", false);
    let (north, south, east) = (e(&game, "north"), e(&game, "south"), e(&game, "east"));
    let mut game = game;
    // Three Protestant clusters (one area each here, alike) and a Counter-Reformed one; two
    // Protestant tokens placed, each beside a Protestant cluster.
    game.world_mut().insert_resource(FaithSpread {
        clusters: vec![
            (Religion::Protestant, vec![south]),
            (Religion::Protestant, vec![south]),
            (Religion::Protestant, vec![south]),
            (Religion::CounterReformed, vec![north]),
        ],
        placed: vec![(east, Religion::Protestant), (north, Religion::Protestant)],
        revolution: false,
    });
    let choices = faith_spread_choices(game.world());
    assert_eq!(choices, [(south, Religion::CounterReformed)]);
    game.world_mut().resource_mut::<FaithSpread>().placed.pop();
    assert!(
        faith_spread_choices(game.world()).contains(&(north, Religion::Protestant)),
        "a second Protestant token is allowed"
    );
}

#[test]
fn pop_effect_faith_spread_of_the_event_taken_the_active_player_places_the_tokens() {
    let mut game = faiths("Protestant", "CounterReformed", false);
    let me = take_event_until(&mut game, |k| {
        matches!(k, DecisionKind::SpreadReligion { .. })
    });
    let me_key = crate::rulesets::pop::state::key_of(game.world(), me);
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.kind, DecisionKind::SpreadReligion { placed: 0 });
    assert_eq!(pending.realm, me_key);
    let place = |area: &str, faith| Action::PlaceFaith {
        area: area.into(),
        faith,
    };
    let mut legal = game.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        [
            place("north", Religion::CounterReformed),
            place("south", Religion::Protestant)
        ]
    );
    refused(
        &mut game,
        place("east", Religion::Protestant),
        "pop.effect.faith",
    );
    game.apply(place("north", Religion::CounterReformed))
        .unwrap();
    // The Protestant cluster's token had one place left: placed without a question.
    assert_eq!(faith_of(&game, "north"), Religion::CounterReformed);
    assert_eq!(faith_of(&game, "south"), Religion::Protestant);
    assert_eq!(count(&game, "pop.effect.faith"), 2);
}

/// Rebels standing in `area`.
fn rebels_in(game: &Game, area: Entity) -> usize {
    game.world().get::<Present>(area).map_or(0, |p| {
        p.iter()
            .filter(|u| {
                game.world()
                    .get::<Unit>(*u)
                    .is_some_and(|x| x.status == UnitStatus::Rebel)
            })
            .count()
    })
}

fn has_unrest(game: &Game, province: Entity) -> bool {
    game.world()
        .get::<Holdings>(province)
        .is_some_and(|h| h.iter().any(|t| game.world().get::<Unrest>(t).is_some()))
}

#[test]
fn pop_effect_disloyal_vassals_unrest_and_rebels_except_for_the_active_player() {
    use crate::rulesets::pop::rules::symbols::{vassals_waver, wavering_areas};
    let (mut game, _, _) = rich(|t| t);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (south, sora) = (e(&game, "south"), e(&game, "sora"));
    // BBB's vassal Sora has no influence behind it: South wavers.
    assert_eq!(wavering_areas(game.world(), b), [south]);
    assert!(
        wavering_areas(game.world(), a).is_empty(),
        "AAA has no vassal"
    );
    // BBB is the Active Player: unrest only.
    vassals_waver(game.world_mut(), b, south, false);
    assert!(has_unrest(&game, sora));
    assert_eq!(rebels_in(&game, south), 0);
    assert_eq!(count(&game, "pop.effect.disloyal_vassals"), 1);
    // Someone else's Event (or nobody's): rebels as many as Sora's tax value.
    let tax = game.world().get::<Province>(sora).unwrap().tax_value();
    vassals_waver(game.world_mut(), b, south, true);
    assert_eq!(rebels_in(&game, south), tax as usize);
    // Influence there keeps the vassal loyal, unless another player has more.
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, south, 1);
    assert!(wavering_areas(game.world(), b).is_empty());
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), a, south, 2);
    assert_eq!(
        wavering_areas(game.world(), b),
        [south],
        "AAA outbids BBB there"
    );
}

/// The mini game with BBB's vassals in two areas: Nora (North) and, with `sorb`, two in South.
fn vassals_in_two_areas(sorb: bool) -> (Game, Entity, Entity) {
    let (game, _, _) = rich(|t| {
        let t = t.replace(
            r#"(id: "nora", name: "Nora", area: "north", cores: ["AAA"], owner: Some("AAA"),"#,
            r#"(id: "nora", name: "Nora", area: "north", cores: ["BBB"], owner: Some("BBB"), holding: Vassal,"#,
        );
        if !sorb {
            return t;
        }
        t.replace(
            r#"            (id: "capc","#,
            r#"            (id: "sorb", name: "Sorb", area: "south", cores: ["BBB"], owner: Some("BBB"), holding: Vassal,
             shape: [[(100.0, 0.0), (150.0, 0.0), (150.0, 50.0), (100.0, 50.0)]], site: (120.0, 20.0)),
            (id: "capc","#,
        )
    });
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    (game, a, b)
}

#[test]
fn pop_effect_disloyal_vassals_in_one_area_with_the_most_vassals_all_of_them_gain_unrest() {
    // 16.5: "any affected PR must pick an Area with the most of their vassals, gain unrest on
    // all their vassals there, and must then place rebels equal to the Tax Value of their
    // vassals with unrest in this Area."
    use crate::rulesets::pop::rules::symbols::{
        SymbolVisit, visit_choices, visit_resolve, wavering_areas,
    };
    let (mut game, a, b) = vassals_in_two_areas(true);
    let (north, south) = (e(&game, "north"), e(&game, "south"));
    let (nora, sora, sorb) = (e(&game, "nora"), e(&game, "sora"), e(&game, "sorb"));
    assert_eq!(
        wavering_areas(game.world(), b),
        [south],
        "two vassals beat one"
    );
    // One area only: nothing to ask; AAA's Event, so BBB places rebels.
    assert!(visit_choices(game.world(), SymbolVisit::DisloyalVassals, b, Some(a)).len() <= 1);
    let only = visit_choices(game.world(), SymbolVisit::DisloyalVassals, b, Some(a));
    visit_resolve(
        game.world_mut(),
        SymbolVisit::DisloyalVassals,
        b,
        Some(a),
        only.first(),
    );
    assert!(has_unrest(&game, sora) && has_unrest(&game, sorb));
    assert!(!has_unrest(&game, nora), "one area only");
    let tax = |p| game.world().get::<Province>(p).unwrap().tax_value();
    assert_eq!(rebels_in(&game, south), (tax(sora) + tax(sorb)) as usize);
    assert_eq!(rebels_in(&game, north), 0);
    assert_eq!(count(&game, "pop.effect.disloyal_vassals"), 1);

    // One vassal in each area: BBB chooses, and only the chosen one wavers.
    let (mut game, a, b) = vassals_in_two_areas(false);
    let (north, south) = (e(&game, "north"), e(&game, "south"));
    let choices = visit_choices(game.world(), SymbolVisit::DisloyalVassals, b, Some(a));
    assert_eq!(
        choices,
        [
            Action::ChooseArea {
                area: "north".into()
            },
            Action::ChooseArea {
                area: "south".into()
            }
        ]
    );
    visit_resolve(
        game.world_mut(),
        SymbolVisit::DisloyalVassals,
        b,
        None,
        Some(&choices[0]),
    );
    assert!(has_unrest(&game, e(&game, "nora")));
    assert!(!has_unrest(&game, e(&game, "sora")));
    assert!(
        rebels_in(&game, north) > 0,
        "nobody's Event: no Active Player is spared"
    );
    assert_eq!(rebels_in(&game, south), 0);
}

#[test]
fn pop_5_1_focus_discard_pick_buys_one_new_card_from_the_top_5_discards_for_1_mp_and_2_ducats() {
    use crate::rulesets::pop::rules::cards::ActionDecks;
    let (mut game, me) = with_cards();
    // Every Adm card still in the deck goes to the discard pile.
    let pile: Vec<usize> = {
        let mut decks = game.world_mut().res_mut::<ActionDecks>();
        let moved = std::mem::take(&mut decks.decks[MpKind::Adm.index()]);
        decks.discard[MpKind::Adm.index()].extend(moved);
        decks.discard[MpKind::Adm.index()].clone()
    };
    assert!(!pile.is_empty());
    let scenario = game.scenario().clone();
    let id = |c: usize| scenario.action_cards[c].id;
    game.apply(Action::ChangeFocus {
        into: None,
        from: vec![],
    })
    .unwrap();
    for _ in 0..3 {
        let discard = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::DiscardCard { .. }))
            .unwrap();
        game.apply(discard).unwrap();
    }
    // Only the top 5 of the pile are offered.
    let offered: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::TakeDiscard { .. }))
        .collect();
    let top: Vec<Action> = pile[pile.len().saturating_sub(5)..]
        .iter()
        .map(|c| Action::TakeDiscard { card: id(*c) })
        .collect();
    assert_eq!(offered, top);
    let pick = *pile.last().unwrap();
    let before = mat(&game, me);
    game.apply(Action::TakeDiscard { card: id(pick) }).unwrap();
    let after = mat(&game, me);
    assert_eq!(after.mp(MpKind::Adm), before.mp(MpKind::Adm) - 1);
    assert_eq!(after.ducats, before.ducats - 2);
    assert!(hand(&game, me).contains(&pick));
    assert!(
        game.log()
            .entries
            .iter()
            .any(|x| x.rule == "pop.5.1.focus_discard_pick"
                && x.text.contains("from the Adm discards")),
        "the pick is logged under its rule"
    );
    // Once per action: the second new card is drawn.
    refused(
        &mut game,
        Action::TakeDiscard {
            card: id(pile[pile.len() - 2]),
        },
        "pop.5.1.focus_discard_pick",
    );
}

#[test]
fn pop_5_1_focus_discard_pick_is_offered_with_every_draw_pile_empty_and_logged_under_its_id() {
    use crate::rulesets::pop::rules::cards::ActionDecks;
    let (mut game, me) = with_cards();
    // Every draw pile is empty; the cards lie in the discard piles.
    {
        let mut decks = game.world_mut().res_mut::<ActionDecks>();
        for k in MpKind::ALL {
            let moved = std::mem::take(&mut decks.decks[k.index()]);
            decks.discard[k.index()].extend(moved);
        }
    }
    let before = hand(&game, me).len();
    game.apply(Action::ChangeFocus {
        into: None,
        from: vec![],
    })
    .unwrap();
    for _ in 0..3 {
        let discard = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::DiscardCard { .. }))
            .unwrap();
        game.apply(discard).unwrap();
    }
    let legal = game.legal_actions();
    let picks: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::TakeDiscard { .. }))
        .collect();
    let tops: usize = {
        let decks = game.world().resource::<ActionDecks>();
        decks.discard.iter().map(|p| p.len().min(5)).sum()
    };
    assert!(tops > 0);
    assert_eq!(picks.len(), tops, "the top 5 of each discard pile");
    assert_eq!(
        legal
            .iter()
            .filter(|a| matches!(a, Action::DrawCard { .. }))
            .count(),
        3,
        "a draw rebuilds an empty pile from its discards"
    );
    let pick = picks[0].clone();
    game.apply(pick).unwrap();
    assert_eq!(
        count(&game, "pop.5.1.focus_discard_pick"),
        3,
        "the 1 MP, the 2 ducats and the pick"
    );
    assert!(logged(&game, "pop.5.1.focus_discard_pick", "picks"));
    // The second new card is drawn: the pile is rebuilt from all but its top 5.
    let draw = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::DrawCard { .. }))
        .unwrap();
    game.apply(draw).unwrap();
    assert_eq!(hand(&game, me).len(), before - 1);
}

#[test]
fn pop_5_1_national_focus_with_no_card_left_anywhere_exchanges_none() {
    use crate::rulesets::pop::rules::cards::ActionDecks;
    let (mut game, me) = with_cards();
    {
        let mut decks = game.world_mut().res_mut::<ActionDecks>();
        for k in MpKind::ALL {
            decks.decks[k.index()].clear();
            decks.discard[k.index()].clear();
        }
    }
    set(&mut game, me, |m| m.mp = [5, 5, 5]);
    let held = hand(&game, me);
    assert!(!held.is_empty());
    // Nothing could be drawn or picked for the cards given up: the exchange is refused.
    refused(
        &mut game,
        Action::ChangeFocus {
            into: None,
            from: vec![],
        },
        "pop.5.1.national_focus",
    );
    // A shift of monarch power goes on alone, without offering the cards.
    game.apply(Action::ChangeFocus {
        into: Some(MpKind::Adm),
        from: vec![MpKind::Dip],
    })
    .unwrap();
    assert!(!matches!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::FocusDiscard { .. } | DecisionKind::FocusDraw { .. })
    ));
    assert_eq!(hand(&game, me), held, "the hand is untouched");
    assert_eq!(mat(&game, me).mp, [6, 4, 5]);
}

#[test]
fn pop_5_1_event_option_costing_manpower_the_realm_lacks_cannot_be_chosen() {
    // FACTS 3, reading event text: "If you cannot pay for one option, you must take the
    // other." Manpower to exhaust is paid from the pool like ducats from the treasury.
    use crate::rulesets::pop::rules::events::allowed_options;
    let (mut game, me, _) = rich(|t| {
        t.replace(
            r#"(label: "Pay for order", effects: [Ducats(-4), Stability(1)])"#,
            r#"(label: "Pay for order", effects: [Manpower(-2), Stability(1)])"#,
        )
    });
    let card = game
        .world()
        .resource::<crate::rulesets::pop::state::Content>()
        .0
        .events
        .iter()
        .position(|d| d.options[0].label == "Pay for order")
        .unwrap();
    set(&mut game, me, |m| m.manpower = 1);
    assert_eq!(
        allowed_options(game.world(), me, card),
        [1],
        "1 manpower cannot pay 2"
    );
    set(&mut game, me, |m| m.manpower = 2);
    assert_eq!(allowed_options(game.world(), me, card), [0, 1]);
}
