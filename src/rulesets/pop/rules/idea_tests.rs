//! Rule tests for what Ideas do (`IdeaEffect`, house-rule values in docs/rules_notes.md) and for
//! Explore with "Quest for the New World" (seed 002, 5.1 Explore steps 1-3), on the mini
//! scenario. Each test is named after the effect or the rule id and checks the numbers.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Pending};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle;
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::generic::{ExploreRoll, Generic, has_claim};
use crate::rulesets::pop::rules::ideas::{IdeaGrid, idea_index};
use crate::rulesets::pop::rules::military;
use crate::rulesets::pop::rules::relations::influence_in;
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::state::{key_of, sid_of, spawn_sim};

/// The mini game with one Idea, "test", doing `effects` (written in RON), both players rich
/// (10 of each power, 30 ducats); returns the realm whose turn it is and the other one.
fn with_idea(effects: &str, edit: impl Fn(String) -> String) -> (Game, Entity, Entity) {
    let ideas = format!(
        "    ideas: [\n        (id: \"test\", name: \"Test\", kind: Adm, age: 1, cost: 4, effects: [{effects}]),\n    ],"
    );
    rich_game(|t| edit(t.replace("    ideas: [],", &ideas)))
}

/// The realm now holds the test Idea.
fn grant(game: &mut Game, realm: Entity) {
    let idea = idea_index(game.world(), "test").unwrap();
    let sid = sid_of(game.world(), realm);
    game.world_mut()
        .res_mut::<IdeaGrid>()
        .researched
        .push((sid, idea));
}

fn spawn_ships(game: &mut Game, realm: Entity, place: &str, kind: UnitKind, n: usize) {
    let at = e(game, place);
    for _ in 0..n {
        spawn_sim(
            game.world_mut(),
            None,
            (
                Unit {
                    kind,
                    status: UnitStatus::Regular,
                    damaged: false,
                },
                At(at),
                UnitOf(realm),
            ),
        );
    }
}

fn ships_at(game: &Game, realm: Entity, place: &str) -> usize {
    military::own_units_at(game.world(), realm, e(game, place), false).len()
}

// ---------------------------------------------------------------------------------------------
// Idea effects

#[test]
fn idea_stability_cost_makes_increase_stability_cheaper() {
    use crate::rulesets::pop::rules::economy::stability_cost;
    let (mut game, me, _) = with_idea("StabilityCost(1)", |t| t);
    set(&mut game, me, |m| m.stability = 0);
    assert_eq!(stability_cost(game.world(), me), 5, "5 + stability");
    grant(&mut game, me);
    assert_eq!(stability_cost(game.world(), me), 4);
    game.apply(Action::IncreaseStability).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 6, "4 adm paid");
    assert_eq!(mat(&game, me).stability, 1);
    // Never below 1 adm.
    let (mut game, me, _) = with_idea("StabilityCost(4)", |t| t);
    grant(&mut game, me);
    set(&mut game, me, |m| m.stability = -3);
    assert_eq!(stability_cost(game.world(), me), 1);
}

#[test]
fn idea_manpower_adds_to_the_tracks_in_phase_5_a() {
    use crate::rulesets::pop::rules::income::recount_manpower;
    let (mut game, me, _) = with_idea("Manpower(2)", |t| t);
    set(&mut game, me, |m| m.exhausted_manpower = 0);
    recount_manpower(game.world_mut(), me);
    let before = mat(&game, me).manpower;
    grant(&mut game, me);
    recount_manpower(game.world_mut(), me);
    assert_eq!(mat(&game, me).manpower, before + 2);
}

#[test]
fn idea_influence_places_a_third_cube_in_an_area_per_action() {
    let (mut game, me, _) = with_idea("Influence(1)", |t| t);
    grant(&mut game, me);
    let east = || Id::new("east");
    game.apply(Action::Influence { area: east() }).unwrap();
    game.apply(Action::Influence { area: east() }).unwrap();
    assert_eq!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::InfluenceMore),
        "a third cube is still allowed"
    );
    game.apply(Action::InfluenceForDucats { area: east() })
        .unwrap();
    assert_eq!(influence_in(game.world(), me, e(&game, "east")), 3);
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 8, "two for dip");
    assert_eq!(mat(&game, me).ducats, 27, "one for 3 ducats");
    assert_ne!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::InfluenceMore),
        "three per area is the new limit"
    );
}

#[test]
fn idea_advisor_cost_cheaper_to_appoint_and_to_keep() {
    use crate::rulesets::pop::rules::characters;
    use crate::rulesets::pop::rules::income::pay_upkeep;
    let edit = |t: String| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"c1\", name: \"Treasurer\", deck: Adm, cost: 1, character: Some(\"adv_b\"))],",
        )
        .replace(
            "    characters: [",
            "    characters: [\n        (id: \"adv_b\", name: \"Bea\", kind: Advisor(Adm), skills: (3, 0, 0), cost: 4),",
        )
    };
    // Upkeep: Ada (2 ducats) costs 1 with the Idea.
    let mut upkeep = Vec::new();
    for with in [false, true] {
        let (mut game, _, _) = with_idea("AdvisorCost(1)", edit);
        let a = e(&game, "AAA");
        if with {
            grant(&mut game, a);
        }
        set(&mut game, a, |m| m.ducats = 10);
        pay_upkeep(game.world_mut(), a);
        upkeep.push(mat(&game, a).ducats);
    }
    assert_eq!(upkeep[1], upkeep[0] + 1, "{upkeep:?}");
    // Appointing Bea (4 ducats) costs 3.
    let (mut game, _, _) = with_idea("AdvisorCost(1)", edit);
    let a = e(&game, "AAA");
    give_card(&mut game, a, "c1");
    set(&mut game, a, |m| m.ducats = 3);
    assert!(characters::appoint_problem(game.world(), a, "c1", false).is_some());
    grant(&mut game, a);
    assert!(characters::appoint_problem(game.world(), a, "c1", false).is_none());
    characters::appoint(game.world_mut(), a, "c1", "pop.7.2.appoint_ruler");
    assert_eq!(mat(&game, a).ducats, 0, "4 - 1 ducats paid");
}

#[test]
fn idea_explore_rerolls_allow_a_third_reroll() {
    let (mut game, me, _) = with_idea("ExploreRerolls(1)", |t| t);
    grant(&mut game, me);
    game.apply(Action::Explore).unwrap();
    for _ in 0..3 {
        game.apply(Action::Reroll).unwrap();
    }
    assert_eq!(
        mat(&game, me).mp(MpKind::Dip),
        6,
        "1 to explore, 3 re-rolls"
    );
    refused(&mut game, Action::Reroll, "pop.5.1.explore");
}

#[test]
fn idea_loans_raise_the_loan_limit() {
    use crate::rulesets::pop::rules::economy::{MAX_LOANS, max_loans};
    let (mut game, me, _) = with_idea("Loans(2)", |t| t);
    set(&mut game, me, |m| m.loans = MAX_LOANS);
    refused(&mut game, Action::TakeLoan, "pop.7.4.loan");
    grant(&mut game, me);
    assert_eq!(max_loans(game.world(), me), 7);
    game.apply(Action::TakeLoan).unwrap();
    assert_eq!(mat(&game, me).loans, 6);
    assert_eq!(mat(&game, me).ducats, 35);
    // A mandatory cost takes forced loans up to the new limit before bankruptcy.
    set(&mut game, me, |m| m.ducats = 0);
    crate::rulesets::pop::rules::economy::pay_mandatory(
        game.world_mut(),
        me,
        3,
        "pop.effect.ducats",
    );
    assert_eq!(mat(&game, me).loans, 7);
    assert_eq!(count(&game, "pop.7.4.bankruptcy"), 0);
}

#[test]
fn idea_naval_dice_adds_a_die_in_naval_battles() {
    let (mut game, me, other) = with_idea("NavalDice(1)", |t| t);
    grant(&mut game, me);
    spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: me,
            defender: other,
        },
    );
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 2);
    spawn_ships(&mut game, other, "west_sea", UnitKind::LightShip, 2);
    game.world_mut().res_mut::<Pending>().0 = None;
    military::handle_turn(
        game.world_mut(),
        me,
        &Action::Sail {
            from: from.into(),
            to: "west_sea".into(),
        },
    );
    while battle::fight(game.world_mut()) == Progress::Waiting {
        assert!(battle::answer(game.world_mut(), &Action::Decline));
        game.world_mut().res_mut::<Pending>().0 = None;
    }
    let (mine, theirs) = (key_of(game.world(), me), key_of(game.world(), other));
    let rolls = |who: &str| -> Vec<String> {
        game.log()
            .entries
            .iter()
            .filter(|x| x.rule == "pop.battle.dice" && x.realm.as_deref() == Some(who))
            .map(|x| x.text.clone())
            .collect()
    };
    assert!(!rolls(&mine).is_empty());
    assert!(
        rolls(&mine).iter().all(|t| t.contains("rolls 4 Blue")),
        "{:?}",
        rolls(&mine)
    );
    assert!(
        rolls(&theirs).iter().all(|t| t.contains("rolls 3 Blue")),
        "{:?}",
        rolls(&theirs)
    );
}

#[test]
fn idea_leader_cost_cheaper_generals_and_admirals() {
    use crate::rulesets::pop::rules::military::leader_cost;
    let (mut game, me, _) = with_idea("LeaderCost(1)", |t| {
        t.replace(
            "    characters: [",
            "    characters: [\n        (id: \"gen2\", name: \"Gus\", kind: Leader, skills: (1, 1, 4), dice: 2, cost: 2),\n        (id: \"gen1\", name: \"Gil\", kind: Leader, skills: (1, 1, 3), dice: 1, cost: 1),",
        )
    });
    let (g2, g1) = (e(&game, "gen2"), e(&game, "gen1"));
    assert_eq!(leader_cost(game.world(), me, g2), 2);
    assert_eq!(leader_cost(game.world(), me, g1), 1);
    grant(&mut game, me);
    assert_eq!(leader_cost(game.world(), me, g2), 1);
    assert_eq!(leader_cost(game.world(), me, g1), 0, "never below 0");
}

#[test]
fn idea_trade_income_adds_ducats_to_trade() {
    use crate::rulesets::pop::rules::test_support::{stack_trade_deck, with_trade};
    let (mut game, me, _) = with_idea("TradeIncome(2)", with_trade);
    let cloth = 0;
    assert_eq!(
        crate::rulesets::pop::rules::trade::income_for(game.world(), me, cloth, "bay", 0),
        5,
        "row 1 of Cloth in the bay"
    );
    grant(&mut game, me);
    assert_eq!(
        crate::rulesets::pop::rules::trade::income_for(game.world(), me, cloth, "bay", 0),
        7
    );
    stack_trade_deck(&mut game, &["cloth"]);
    game.apply(Action::Trade).unwrap();
    game.apply(Action::ChooseTradeCard {
        card: "cloth".into(),
        node: "bay".into(),
        merchant: None,
    })
    .unwrap();
    assert_eq!(mat(&game, me).ducats, 37);
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
}

#[test]
fn idea_alliances_raise_the_alliance_and_marriage_caps() {
    use crate::rulesets::pop::rules::diplomacy::{alliance_cap, marriage_cap};
    let (mut game, me, other) = with_idea("Alliances(1)", |t| t);
    assert_eq!(alliance_cap(game.world(), me), 3);
    assert_eq!(marriage_cap(game.world(), me), 3);
    grant(&mut game, me);
    assert_eq!(alliance_cap(game.world(), me), 4);
    assert_eq!(marriage_cap(game.world(), me), 4);
    assert_eq!(alliance_cap(game.world(), other), 3, "only the holder");
}

#[test]
fn idea_hand_limit_keeps_one_more_card() {
    use crate::rulesets::pop::rules::cards::hand_limit;
    let (mut game, me, _) = with_idea("HandLimit(1)", |t| t);
    assert_eq!(hand_limit(game.world(), me), 5);
    grant(&mut game, me);
    assert_eq!(hand_limit(game.world(), me), 6);
}

// ---------------------------------------------------------------------------------------------
// Explore with "Quest for the New World"

/// The mini map with a third sea beyond Far Sea: Farland touches only Deep Sea, out of reach of
/// the realms' ports (West Sea and its neighbour Far Sea).
fn deep_sea(t: String) -> String {
    t.replace(
        "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, seas: [\"far_sea\"]),",
        "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, explore: 1, seas: [\"deep_sea\"]),",
    )
    .replace(
        "(id: \"far_sea\", name: \"Far Sea\", neighbours: [\"west_sea\"], distant: true, shape: [], site: (360.0, 120.0)),",
        "(id: \"far_sea\", name: \"Far Sea\", neighbours: [\"west_sea\", \"deep_sea\"], distant: true, shape: [], site: (360.0, 120.0)),\n            (id: \"deep_sea\", name: \"Deep Sea\", neighbours: [\"far_sea\"], distant: true, shape: [], site: (380.0, 100.0)),",
    )
}

fn set_die(game: &mut Game, realm: Entity, face: u8, mark: bool) {
    game.world_mut().res_mut::<Generic>().explore = Some(ExploreRoll {
        realm,
        face,
        mark,
        rerolls: 0,
    });
}

#[test]
fn pop_5_1_explore_ship_moves_one_light_ship_to_a_distant_sea_with_qftnw() {
    let (mut game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 2);
    let sail = Action::ExploreWithShip {
        from: from.into(),
        to: "far_sea".into(),
    };
    assert!(!game.legal_actions().contains(&sail));
    refused(&mut game, sail.clone(), "pop.5.1.explore_ship");
    grant(&mut game, me);
    assert!(game.legal_actions().contains(&sail));
    // Naval movement: two spaces at most (home -> West Sea -> Far Sea; Deep Sea is a third).
    refused(
        &mut game,
        Action::ExploreWithShip {
            from: from.into(),
            to: "deep_sea".into(),
        },
        "pop.5.1.explore_ship",
    );
    // Only into a distant sea zone.
    refused(
        &mut game,
        Action::ExploreWithShip {
            from: from.into(),
            to: "west_sea".into(),
        },
        "pop.5.1.explore_ship",
    );
    game.apply(sail).unwrap();
    assert_eq!(ships_at(&game, me, "far_sea"), 1, "one Light Ship moves");
    assert_eq!(ships_at(&game, me, from), 1, "the other stays");
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9);
    assert_eq!(mat(&game, me).mp(MpKind::Mil), 9);
    assert_eq!(count(&game, "pop.5.1.explore_ship"), 1);
    assert!(matches!(
        game.pending().unwrap().kind,
        DecisionKind::Exploration { .. }
    ));
}

#[test]
fn pop_5_1_explore_ship_never_enters_a_hostile_sea_zone() {
    let (mut game, me, other) = with_idea("QuestForTheNewWorld", deep_sea);
    grant(&mut game, me);
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 1);
    spawn_ships(&mut game, other, "far_sea", UnitKind::LightShip, 1);
    let sail = Action::ExploreWithShip {
        from: from.into(),
        to: "far_sea".into(),
    };
    assert!(
        game.legal_actions().contains(&sail),
        "at peace the sea is open"
    );
    spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: me,
            defender: other,
        },
    );
    refused(&mut game, sail, "pop.5.1.explore_ship");
}

#[test]
fn pop_9_0a_a_fleet_entering_a_distant_sea_zone_ends_its_move_there() {
    // 9.0a: "When an Army, Fleet, or Military Unit moves into any Area or Sea Zone on a Distant
    // Continent, its movement ends immediately ... regardless of whether movement started on or
    // off a Distant Continent." West Sea -> Far Sea (distant) -> Deep Sea is two spaces, but
    // the move ends in Far Sea; from Far Sea, Deep Sea is one space.
    use crate::rulesets::pop::rules::military::sail_destinations;
    let (game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    let (west, far, deep) = (
        e(&game, "west_sea"),
        e(&game, "far_sea"),
        e(&game, "deep_sea"),
    );
    let from_west = sail_destinations(game.world(), me, west);
    assert!(
        from_west.contains(&far) && !from_west.contains(&deep),
        "{from_west:?}"
    );
    let from_far = sail_destinations(game.world(), me, far);
    assert!(
        from_far.contains(&deep) && from_far.contains(&west),
        "{from_far:?}"
    );
}

#[test]
fn pop_9_5_ships_undock_into_the_sea_zone_their_port_faces() {
    // 9.5: "Undock to move any number of Ships out of Port to their adjacent Sea Zones", a
    // port being adjacent to "the Sea Zones it faces" (2.0). North also touches a North Sea,
    // which no port of North faces: ships in port there cannot undock into it.
    let game = game_with(|t| {
        t.replace(
            r#"neighbours: [(area: "south"), (area: "east", mountain: true)], seas: ["west_sea"]),"#,
            r#"neighbours: [(area: "south"), (area: "east", mountain: true)], seas: ["west_sea", "north_sea"]),"#,
        )
        .replace(
            r#"            (id: "far_sea","#,
            r#"            (id: "north_sea", name: "North Sea", neighbours: [], shape: [], site: (50.0, 320.0)),
            (id: "far_sea","#,
        )
    });
    let (aland, north) = (e(&game, "AAA"), e(&game, "north"));
    let (west, north_sea) = (e(&game, "west_sea"), e(&game, "north_sea"));
    let from_port =
        crate::rulesets::pop::rules::military::sail_destinations(game.world(), aland, north);
    assert!(from_port.contains(&west), "{from_port:?}");
    assert!(
        !from_port.contains(&north_sea),
        "no port of North faces it: {from_port:?}"
    );
}

/// `deep_sea`, with a port of Celand (a Non-Player Realm) on the West Sea.
fn celand_port(t: String) -> String {
    deep_sea(t)
        .replace(
            r#"neighbours: [(area: "north", mountain: true), (area: "south")], seas: []),"#,
            r#"neighbours: [(area: "north", mountain: true), (area: "south")], seas: ["west_sea"]),"#,
        )
        .replace(
            r#"(id: "capc", name: "Capc", area: "east","#,
            r#"(id: "capc", name: "Capc", area: "east", port: Some("west_sea"),"#,
        )
}

#[test]
fn pop_5_1_explore_ship_never_passes_through_a_hostile_sea_zone() {
    // "The Ship may not enter a Hostile Sea Zone", on its way either. Hostile (EUP-W 2.0): "if
    // it contains any Hostile Ships, or if it faces Hostile NPR Ports and contains no Ships from
    // Realms at War with the Owner(s) of those Ports". Both capitals and Celand's port face the
    // West Sea, on the way home -> West Sea -> Far Sea.
    let (mut game, me, other) = with_idea("QuestForTheNewWorld", celand_port);
    grant(&mut game, me);
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 1);
    let sail = Action::ExploreWithShip {
        from: from.into(),
        to: "far_sea".into(),
    };
    let (west, far, celand) = (e(&game, "west_sea"), e(&game, "far_sea"), e(&game, "CCC"));
    let hostile =
        |game: &Game, sea| crate::rulesets::pop::rules::explore::hostile_sea(game.world(), me, sea);
    assert!(game.legal_actions().contains(&sail));
    // At war with the other Player Realm, whose port faces the West Sea: no Hostile Sea Zone
    // (only an NPR's port makes one), and no ships of its there.
    spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: me,
            defender: other,
        },
    );
    assert!(!hostile(&game, west), "a Player Realm's port alone");
    assert!(game.legal_actions().contains(&sail));
    // At war with Celand: its port makes the West Sea hostile; Far Sea is open.
    spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: me,
            defender: celand,
        },
    );
    assert!(hostile(&game, west));
    assert!(!hostile(&game, far), "Far Sea itself is open");
    refused(&mut game, sail.clone(), "pop.5.1.explore_ship");
    // A ship of a realm at war with Celand in the West Sea lifts it (here one of its own).
    spawn_ships(&mut game, me, "west_sea", UnitKind::HeavyShip, 1);
    assert!(
        !hostile(&game, west),
        "ships at war with the port's owner are there"
    );
    assert!(game.legal_actions().contains(&sail));
}

#[test]
fn pop_5_1_explore_discovery_next_to_a_ship_only_with_qftnw() {
    let discover = || Action::Discover {
        area: "farland".into(),
    };
    // Without the Idea a ship next to Farland does not help.
    let (mut game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    spawn_ships(&mut game, me, "deep_sea", UnitKind::LightShip, 1);
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, false);
    refused(&mut game, discover(), "pop.5.1.explore");
    // With it, the ship's sea zone makes Farland adjacent.
    let (mut game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    grant(&mut game, me);
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, false);
    refused(&mut game, discover(), "pop.5.1.explore");
    spawn_ships(&mut game, me, "deep_sea", UnitKind::HeavyShip, 1);
    game.apply(discover()).unwrap();
    assert!(has_claim(game.world(), me, e(&game, "farland")));
}

#[test]
fn pop_5_1_explore_failure_removes_a_ship_on_a_distant_continent() {
    let (mut game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    grant(&mut game, me);
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 1);
    spawn_ships(&mut game, me, "deep_sea", UnitKind::HeavyShip, 1);
    game.apply(Action::ExploreWithShip {
        from: from.into(),
        to: "far_sea".into(),
    })
    .unwrap();
    set_die(&mut game, me, 2, true);
    // Two ships on the Distant Continent: the player names the one it loses.
    refused(&mut game, Action::Decline, "pop.5.1.explore");
    game.apply(Action::DisbandUnit {
        place: "far_sea".into(),
        kind: UnitKind::LightShip,
        mercenary: false,
    })
    .unwrap();
    assert_eq!(
        ships_at(&game, me, "far_sea"),
        0,
        "the Light Ship named is lost"
    );
    assert_eq!(ships_at(&game, me, "deep_sea"), 1);
    assert_eq!(ships_at(&game, me, from), 0);
    assert!(logged(&game, "pop.5.1.explore", "loses a ship"));
    // A ship at home is never lost.
    let (mut game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 1);
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 2, true);
    game.apply(Action::Decline).unwrap();
    assert_eq!(ships_at(&game, me, from), 1);
}

#[test]
fn pop_5_1_explore_failure_removes_a_ship_in_port_on_a_distant_continent() {
    // "fail Exploration and remove 1 of your Ships on a Distant Continent": a ship in port in
    // a distant area is on the continent as much as one on its sea.
    let (mut game, me, _) = with_idea("QuestForTheNewWorld", deep_sea);
    let from = home_area(&game, me);
    spawn_ships(&mut game, me, from, UnitKind::LightShip, 1);
    spawn_ships(&mut game, me, "farland", UnitKind::HeavyShip, 1);
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 2, true);
    game.apply(Action::Decline).unwrap();
    assert_eq!(ships_at(&game, me, "farland"), 0);
    assert_eq!(ships_at(&game, me, from), 1, "the ship at home stays");
    assert!(logged(
        &game,
        "pop.5.1.explore",
        "loses a ship on a Distant Continent"
    ));
}

#[test]
fn pop_5_1_explore_first_discovery_on_a_continent_is_logged_once() {
    let (mut game, me, other) = with_idea("QuestForTheNewWorld", |t| {
        t.replace(
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true,",
            "(id: \"farland\", name: \"Farland\", continent: \"new_world\", distant: true, explore: 1,",
        )
        // Its coast faces the West Sea too, where both capitals have their ports.
        .replace("seas: [\"far_sea\"]),", "seas: [\"far_sea\", \"west_sea\"]),")
    });
    game.apply(Action::Explore).unwrap();
    set_die(&mut game, me, 1, false);
    game.apply(Action::Discover {
        area: "farland".into(),
    })
    .unwrap();
    assert_eq!(count(&game, "pop.5.1.explore_first"), 1);
    let farland = e(&game, "farland");
    crate::rulesets::pop::rules::explore::discover(game.world_mut(), other, farland);
    assert_eq!(count(&game, "pop.5.1.explore_first"), 1, "only the first");
}

#[test]
fn idea_manpower_above_the_track_lets_an_events_gain_fill_past_20() {
    // An Event's manpower gain fills up to the realm's whole manpower value when Ideas lift it
    // past the track's 20 (the track alone would cap the pool at 20).
    use crate::rulesets::pop::content::schema::Effect;
    use crate::rulesets::pop::rules::effects::apply_now;
    use crate::rulesets::pop::rules::income::manpower_value;
    let (mut game, me, _) = with_idea("Manpower(30)", |t| t);
    grant(&mut game, me);
    let most = manpower_value(game.world(), me).total();
    assert!(most > 20, "{most}");
    set(&mut game, me, |m| m.manpower = most - 2);
    apply_now(game.world_mut(), me, &[Effect::Manpower(5)]);
    assert_eq!(
        mat(&game, me).manpower,
        most,
        "up to the whole value, past 20"
    );
}
