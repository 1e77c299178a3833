//! Rule tests for war, battles, sieges and peace (FACTS sections 2 and 5) and the rebels'
//! armies (14.3, 14.4), on the mini scenario: AAA holds `north` (capa, large port; nora), BBB
//! holds `south` (capb, large port; sora, a vassal), the Non-Player Realm CCC holds `east`
//! (capc). North and east share a mountain border.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::decision::{Action, DecisionKind, PeaceTerm, Pending};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle::{self, BattleSpec, Die, Face, Party};
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::military;
use crate::rulesets::pop::rules::relations;
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::towns::tracks;
use crate::rulesets::pop::rules::war;
use crate::rulesets::pop::state::{sid_of, spawn_sim};

/// Answers everything but a turn with "decline" or the first legal answer.
fn to_turn(game: &mut Game) -> Id {
    loop {
        let d = game.pending().expect("a decision").clone();
        if d.kind == DecisionKind::Turn {
            return d.realm;
        }
        let legal = game.legal_actions();
        let pick = legal
            .iter()
            .find(|a| **a == Action::Decline)
            .unwrap_or(&legal[0])
            .clone();
        game.apply(pick).unwrap();
    }
}

fn other(me: &str) -> &'static str {
    if me == "AAA" { "BBB" } else { "AAA" }
}

fn home(realm: &str) -> &'static str {
    if realm == "AAA" { "north" } else { "south" }
}

fn spawn_units(
    game: &mut Game,
    realm: Option<&str>,
    place: &str,
    kind: UnitKind,
    status: UnitStatus,
    n: usize,
) {
    let owner = realm.map(|r| e(game, r));
    for _ in 0..n {
        spawn_unit(game, owner, place, kind, status);
    }
}

/// A battle of rebels attacking `realm`'s army in `place`.
fn rebels_attack(game: &Game, place: &str, realm: &str) -> BattleSpec {
    BattleSpec {
        place: sid_of(game.world(), e(game, place)),
        attacker: Party::Rebels,
        defender: Party::Realm(sid_of(game.world(), e(game, realm))),
        from: None,
        naval: false,
        active: None,
        invaders: false,
        beside: Vec::new(),
    }
}

fn army(game: &Game, realm: &str, place: &str) -> usize {
    military::own_units_at(game.world(), e(game, realm), e(game, place), true).len()
}

fn declare(game: &mut Game, attacker: &str, defender: &str) {
    let (a, d) = (e(game, attacker), e(game, defender));
    at_war(game, a, d);
}

/// Declares war on `target` alone: no other realm named in the same declaration.
fn declare_alone(game: &mut Game, target: &str) {
    game.apply(Action::DeclareWar {
        target: target.into(),
    })
    .unwrap();
    if game.pending().map(|d| d.kind.clone()) == Some(DecisionKind::MoreWarTargets) {
        game.apply(Action::Decline).unwrap();
    }
}

/// Answers every retreat question of the battles under way by fighting on.
fn fight_on(game: &mut Game) {
    while matches!(
        game.pending().unwrap().kind,
        DecisionKind::BattleRetreat { .. }
    ) {
        game.apply(Action::Decline).unwrap();
    }
}

/// `me` raises `n` regular infantry at home and marches them into East.
fn march_into_east(game: &mut Game, me: &str, n: usize) {
    spawn_units(
        game,
        Some(me),
        home(me),
        UnitKind::Infantry,
        UnitStatus::Regular,
        n,
    );
    game.apply(Action::Move {
        from: home(me).into(),
        to: "east".into(),
    })
    .unwrap();
}

fn rich(game: &mut Game, realm: &str) {
    let r = e(game, realm);
    set(game, r, |m| {
        m.ducats = 40;
        m.mp = [8, 8, 8];
        m.manpower = 6;
        m.stability = 1;
    });
}

#[test]
fn pop_war_recruit_costs_mil_ducats_manpower_and_caps_mercenaries() {
    let mut game = game();
    let me = to_turn(&mut game);
    rich(&mut game, &me);
    let r = e(&game, &me);
    game.apply(Action::Recruit {
        area: home(&me).into(),
    })
    .unwrap();
    assert_eq!(mat(&game, r).mp[2], 7, "recruiting costs 1 mil");
    assert!(matches!(
        game.pending().unwrap().kind,
        DecisionKind::RecruitUnits { .. }
    ));
    game.apply(Action::RecruitUnit {
        kind: UnitKind::Infantry,
        mercenary: false,
    })
    .unwrap();
    assert_eq!(
        (mat(&game, r).ducats, mat(&game, r).manpower),
        (38, 5),
        "regular infantry: 2 D and 1 manpower"
    );
    game.apply(Action::RecruitUnit {
        kind: UnitKind::Cavalry,
        mercenary: false,
    })
    .unwrap();
    assert_eq!(mat(&game, r).ducats, 33, "regular cavalry: 5 D");
    let err = game
        .apply(Action::RecruitUnit {
            kind: UnitKind::Artillery,
            mercenary: false,
        })
        .unwrap_err();
    assert_eq!(
        err.rule, "pop.war.recruit",
        "artillery needs the cannons Idea"
    );
    for _ in 0..3 {
        game.apply(Action::RecruitUnit {
            kind: UnitKind::Infantry,
            mercenary: true,
        })
        .unwrap();
    }
    assert_eq!(mat(&game, r).ducats, 21, "mercenary infantry: 4 D each");
    let before = game.state_hash();
    let err = game
        .apply(Action::RecruitUnit {
            kind: UnitKind::Infantry,
            mercenary: true,
        })
        .unwrap_err();
    assert_eq!(
        err.rule, "pop.war.recruit",
        "at most 3 mercenaries per action"
    );
    assert_eq!(
        game.state_hash(),
        before,
        "a refused action changes nothing"
    );
    game.apply(Action::RecruitUnit {
        kind: UnitKind::LightShip,
        mercenary: false,
    })
    .unwrap();
    assert_eq!(mat(&game, r).ducats, 17, "a light ship: 4 D");
    let err = game
        .apply(Action::RecruitUnit {
            kind: UnitKind::HeavyShip,
            mercenary: false,
        })
        .unwrap_err();
    assert_eq!(err.rule, "pop.war.recruit", "one ship per port per action");
    game.apply(Action::Decline).unwrap();
    assert_eq!(army(&game, &me, home(&me)), 5);
    assert!(count(&game, "pop.war.recruit") >= 7);
}

#[test]
fn pop_war_one_declaration_may_name_several_realms_for_one_mil() {
    // EUP-W 5.5b: "You may Declare War on any number of Realms during this Action": the steps
    // run for every target (no Casus Belli: -2 stability each), the action's 1 mil once.
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t, c) = (e(&game, &me), e(&game, them), e(&game, "CCC"));
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    let d = game.pending().unwrap().clone();
    assert_eq!(
        (d.kind, d.realm.as_str()),
        (DecisionKind::MoreWarTargets, me.as_str())
    );
    assert_eq!(
        game.legal_actions(),
        vec![
            Action::DeclareWar {
                target: "CCC".into()
            },
            Action::Decline
        ],
        "every other realm war may be declared on"
    );
    refused(
        &mut game,
        Action::DeclareWar {
            target: them.into(),
        },
        "pop.war.declare",
    );
    let further = crate::rulesets::pop::rules::costs::action_cost(
        game.world(),
        r,
        &Action::DeclareWar {
            target: "CCC".into(),
        },
    );
    assert_eq!(
        (further.mil, further.stability),
        (0, 2),
        "the cost shown: stability, no mil"
    );
    game.apply(Action::DeclareWar {
        target: "CCC".into(),
    })
    .unwrap();
    assert!(relations::at_war_between(game.world(), r, t));
    assert!(relations::at_war_between(game.world(), r, c));
    assert_eq!(mat(&game, r).mp[2], 7, "one action: 1 mil");
    assert_eq!(
        mat(&game, r).stability,
        -3,
        "no CB on either: -2 stability each"
    );
    assert!(logged(
        &game,
        "pop.war.declare",
        &format!("{me} declares war on {them}")
    ));
    assert!(logged(
        &game,
        "pop.war.declare",
        &format!("{me} declares war on CCC")
    ));
    assert_ne!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::MoreWarTargets),
        "no realm is left to name"
    );
}

#[test]
fn pop_war_a_declaration_on_several_realms_asks_its_calls_in_step_3s_order() {
    // EUP-W 5.5b step 3, across every target: (a) the aggressor's offensive calls, (b) the
    // Emperor's defence of the HRE, (c) the targeted NPRs' automatic calls, (d) the targeted
    // PRs' defensive calls; each in the order the targets were named.
    use crate::rulesets::pop::rules::war::{Call, CallStep, Sender, WarState};
    let mut game = game();
    let send = |caller: u32, enemy: u32, defensive: bool| {
        CallStep::Send(Sender {
            caller,
            enemy,
            defensive,
            npr_only: false,
        })
    };
    let answer = |ally: u32, caller: u32, imperial: bool| {
        CallStep::Answer(Call {
            ally,
            caller,
            enemy: 1,
            defensive: true,
            imperial,
        })
    };
    // Target 2 (a Player Realm), then target 3 (an NPR member of the Empire with an ally 7).
    game.world_mut().resource_mut::<WarState>().calls = vec![
        send(1, 2, false),
        send(2, 1, true),
        send(1, 3, false),
        answer(9, 3, true),
        answer(7, 3, false),
    ];
    war::order_declaration_calls(game.world_mut());
    assert_eq!(
        game.world().resource::<WarState>().calls,
        vec![
            send(1, 2, false),
            send(1, 3, false),
            answer(9, 3, true),
            answer(7, 3, false),
            send(2, 1, true),
        ]
    );
}

#[test]
fn pop_war_a_declaration_naming_no_other_realm_starts_one_war() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, c) = (e(&game, &me), e(&game, "CCC"));
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    assert_eq!(game.pending().unwrap().kind, DecisionKind::MoreWarTargets);
    game.apply(Action::Decline).unwrap();
    assert!(!relations::at_war_between(game.world(), r, c));
    let declared = game
        .log()
        .entries
        .iter()
        .filter(|x| x.rule == "pop.war.declare" && x.text.contains(" declares war on "))
        .count();
    assert_eq!(declared, 1, "one war declared");
    assert_ne!(
        game.pending().map(|d| d.kind.clone()),
        Some(DecisionKind::MoreWarTargets)
    );
}

#[test]
fn pop_war_declare_costs_stability_without_cb_and_gives_the_target_mil() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    rich(&mut game, them);
    let (r, t) = (e(&game, &me), e(&game, them));
    declare_alone(&mut game, them);
    assert_eq!(mat(&game, r).stability, -1, "no CB: -2 stability");
    assert_eq!(mat(&game, r).mp[2], 7, "declaring costs 1 mil");
    assert_eq!(mat(&game, t).mp[2], 9, "the target gains 1 mil");
    assert!(relations::at_war_between(game.world(), r, t));
    assert!(count(&game, "pop.war.declare") >= 1);
    // No battle followed: a free activation is offered.
    assert_eq!(game.pending().unwrap().kind, DecisionKind::FreeActivation);
    assert_eq!(count(&game, "pop.war.free_activation"), 1);
    let err = game
        .apply(Action::DeclareWar {
            target: them.into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "pop.war.free_activation");
}

#[test]
fn pop_war_declare_with_a_claim_costs_no_stability_and_a_marriage_costs_one() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t) = (e(&game, &me), e(&game, them));
    let area = e(&game, home(them));
    spawn_sim(game.world_mut(), None, Claim { realm: r, area });
    spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a: r,
            b: t,
            disputed_a: false,
            disputed_b: false,
        },
    );
    assert_eq!(
        war::casus_belli(game.world(), r, t),
        Some("a claim on its land")
    );
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    assert_eq!(mat(&game, r).stability, 0, "a CB, but married: -1 only");
}

#[test]
fn pop_war_declare_forbidden_cases_and_interregnum_restrictions() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t) = (e(&game, &me), e(&game, them));
    let truce = spawn_sim(game.world_mut(), None, Truce { a: r, b: t });
    let err = game
        .apply(Action::DeclareWar {
            target: them.into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "pop.war.declare", "a truce forbids war");
    game.world_mut().despawn(truce);
    let ally = spawn_sim(game.world_mut(), None, Alliance { a: r, b: t });
    let err = game
        .apply(Action::DeclareWar {
            target: them.into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "pop.war.declare", "no war on an ally");
    game.world_mut().despawn(ally);
    game.world_mut().get_mut::<RoundMarkers>(t).unwrap().passed = true;
    let err = game
        .apply(Action::DeclareWar {
            target: them.into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "pop.war.declare", "no war on a realm that passed");
    game.world_mut().get_mut::<RoundMarkers>(t).unwrap().passed = false;
    game.world_mut().entity_mut(r).insert(Interregnum);
    let err = game
        .apply(Action::DeclareWar {
            target: them.into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "pop.7.2.interregnum_restrictions");
    // The exception: a Disputed Succession through one's own marriage.
    spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a: r,
            b: t,
            disputed_a: false,
            disputed_b: true,
        },
    );
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    assert_eq!(count(&game, "pop.7.2.interregnum_restrictions"), 1);
}

#[test]
fn pop_battle_dice_one_hit_per_unit_and_heavy_ships_hit_automatically() {
    let inf = Unit {
        kind: UnitKind::Infantry,
        status: UnitStatus::Regular,
        damaged: false,
    };
    let cav = Unit {
        kind: UnitKind::Cavalry,
        ..inf
    };
    let heavy = Unit {
        kind: UnitKind::HeavyShip,
        ..inf
    };
    let light = Unit {
        kind: UnitKind::LightShip,
        ..inf
    };
    use Face::*;
    // Two infantry, one cavalry: 3 infantry-type faces give only 2 hits; cavalry matches one.
    assert_eq!(
        battle::hits(
            &[inf, inf, cav],
            &[Infantry, Outlined, Infantry, Cavalry],
            false
        ),
        3
    );
    assert_eq!(battle::hits(&[inf], &[Cavalry, Artillery, Blank], false), 0);
    // With Tercios an outlined face counts twice.
    assert_eq!(
        battle::hits(&[inf, inf], &[Outlined, Blank, Blank], true),
        2
    );
    assert_eq!(
        battle::hits(&[inf, inf], &[Outlined, Blank, Blank], false),
        1
    );
    // Ships match artillery faces; each heavy ship adds a hit.
    assert_eq!(
        battle::hits(&[heavy, light], &[Artillery, Blank, Blank], false),
        2
    );
    // The house-rule faces: white 2/1/1/1/1, cavalry 3 cavalry, blue 3 artillery.
    let count = |d: Die, f: Face| d.faces().iter().filter(|x| **x == f).count();
    assert_eq!(
        (count(Die::White, Infantry), count(Die::White, Outlined)),
        (2, 1)
    );
    assert_eq!(count(Die::Cavalry, Cavalry), 3);
    assert_eq!(count(Die::Blue, Artillery), 3);
}

#[test]
fn pop_battle_casualties_rotate_mercenary_regular_allied_and_regulars_exhaust() {
    let mut game = game();
    let a = e(&game, "AAA");
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Mercenary,
        2,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Allied,
        1,
    );
    let exhausted = mat(&game, a).exhausted_manpower;
    let spec = BattleSpec {
        place: sid_of(game.world(), e(&game, "north")),
        attacker: Party::Realm(sid_of(game.world(), a)),
        defender: Party::Rebels,
        from: None,
        naval: false,
        active: None,
        invaders: false,
        beside: Vec::new(),
    };
    let lost = battle::take_casualties(game.world_mut(), &spec, 0, 3);
    assert_eq!(lost, 3);
    let left: Vec<UnitStatus> = military::own_units_at(game.world(), a, e(&game, "north"), true)
        .iter()
        .map(|u| game.world().get::<Unit>(*u).unwrap().status)
        .collect();
    assert_eq!(
        left,
        vec![UnitStatus::Regular, UnitStatus::Mercenary],
        "one of each went, in rotation"
    );
    assert_eq!(
        mat(&game, a).exhausted_manpower,
        exhausted + 1,
        "the regular went to exhausted manpower"
    );
    assert_eq!(count(&game, "pop.battle.casualties"), 1);
    // A heavy ship is damaged by the first hit and sunk by the second.
    spawn_units(
        &mut game,
        Some("AAA"),
        "west_sea",
        UnitKind::HeavyShip,
        UnitStatus::Regular,
        1,
    );
    let sea = BattleSpec {
        place: sid_of(game.world(), e(&game, "west_sea")),
        naval: true,
        ..spec
    };
    assert_eq!(battle::take_casualties(game.world_mut(), &sea, 0, 1), 0);
    assert_eq!(battle::take_casualties(game.world_mut(), &sea, 0, 1), 1);
}

#[test]
fn pop_battle_npr_defence_uses_military_capacity_once_per_turn() {
    let mut game = game();
    let c = e(&game, "CCC");
    declare(&mut game, "AAA", "CCC");
    let east = e(&game, "east");
    // capc (small, tax 1) is CCC's only province: capacity 1.
    assert_eq!(battle::raise_npr_defence(game.world_mut(), c, east), 1);
    assert_eq!(count(&game, "pop.battle.npr_defence"), 1);
    assert_eq!(
        battle::raise_npr_defence(game.world_mut(), c, east),
        0,
        "a province's capacity is used once per turn"
    );
}

#[test]
fn pop_battle_two_enemy_nprs_in_one_area_defend_it_together() {
    // EUP-W 13.4: "If an Area that you attack contains Provinces belonging to 2 or more NPR
    // Enemies, all defending Units from the combined MC of these NPRs will face you in a single
    // Battle." East holds Capc (CCC) and Dora (DDD); both are at war with the mover.
    let mut game = game_with(|t| {
        t.replace(
            r#"            (id: "wild", name: "Wild", area: "farland", holding: None,"#,
            r#"            (id: "dora", name: "Dora", area: "east", cores: ["DDD"], owner: Some("DDD"), religion: Orthodox,
             shape: [[(200.0, 0.0), (250.0, 0.0), (250.0, 50.0), (200.0, 50.0)]], site: (225.0, 25.0)),
            (id: "wild", name: "Wild", area: "farland", holding: None,"#,
        )
        .replace(
            r#"        (id: "CCC", name: "Celand", kind: NonPlayer, colour: (40, 160, 40), capital: "capc", religion: Orthodox),"#,
            r#"        (id: "CCC", name: "Celand", kind: NonPlayer, colour: (40, 160, 40), capital: "capc", religion: Orthodox),
        (id: "DDD", name: "Deland", kind: NonPlayer, colour: (160, 160, 40), capital: "dora", religion: Orthodox),"#,
        )
    });
    let me = to_turn(&mut game);
    rich(&mut game, &me);
    declare(&mut game, &me, "CCC");
    declare(&mut game, &me, "DDD");
    march_into_east(&mut game, &me, 3);
    assert_eq!(count(&game, "pop.battle.start"), 1, "a single battle");
    let start = game
        .log()
        .entries
        .iter()
        .find(|x| x.rule == "pop.battle.start")
        .unwrap()
        .text
        .clone();
    assert!(
        start.ends_with("attacks CCC and DDD (2 units)"),
        "CCC's 1 and DDD's 1 together: {start}"
    );
    // A tie for the most units: the first by stable id leads; each keeps its own units.
    assert!(logged(
        &game,
        "pop.battle.main_defender",
        "Main Defender at east: CCC (1 units); beside it: DDD (1 units)"
    ));
    fight_on(&mut game);
    for npr in ["CCC", "DDD"] {
        assert!(
            army(&game, npr, "east") == 0,
            "{npr}'s defenders leave the board after the battle"
        );
    }
}

/// The units of every faction at `place`, by realm.
fn factions_at(game: &Game, place: &str, realms: &[&str]) -> Vec<usize> {
    realms.iter().map(|r| army(game, r, place)).collect()
}

#[test]
fn pop_battle_an_enemy_army_and_an_enemy_npr_defend_one_area_together() {
    // EUP-W 9.7 "Fighting multiple Enemies": units of two realms at war with the attacker in
    // one area "defend as one united force ... and roll just 1 set of Battle Dice"; marching
    // into an area with an enemy NPR's provinces raises its defence (9.7 / 13.4) even with an
    // enemy army there. The Player Realm is the Main Defender: only it rolls.
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    declare(&mut game, &me, them);
    declare(&mut game, &me, "CCC");
    spawn_units(
        &mut game,
        Some(&me),
        home(&me),
        UnitKind::Infantry,
        UnitStatus::Regular,
        4,
    );
    spawn_units(
        &mut game,
        Some(them),
        "east",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    game.apply(Action::Move {
        from: home(&me).into(),
        to: "east".into(),
    })
    .unwrap();
    assert_eq!(count(&game, "pop.battle.start"), 1, "a single battle");
    assert!(logged(
        &game,
        "pop.battle.start",
        &format!("attacks {them} and CCC (3 units)")
    ));
    assert!(logged(
        &game,
        "pop.battle.main_defender",
        &format!("Main Defender at east: {them} (2 units); beside it: CCC (1 units)")
    ));
    fight_on(&mut game);
    let dice = |realm: &str| {
        game.log()
            .entries
            .iter()
            .filter(|x| x.rule == "pop.battle.dice" && x.realm.as_deref() == Some(realm))
            .count()
    };
    assert!(
        dice(&me) >= 1 && dice(&me) == dice(them),
        "one roll a side a round"
    );
    assert_eq!(dice("CCC"), 0, "only the Main Defender rolls");
    assert_eq!(army(&game, "CCC", "east"), 0, "the NPR's defenders leave");
    let [mine, theirs] = [army(&game, &me, "east"), army(&game, them, "east")];
    assert!(
        mine == 0 || theirs == 0,
        "no enemies stay side by side after the battle: {mine} against {theirs}"
    );
}

#[test]
fn pop_battle_casualties_alternate_between_factions_from_the_largest() {
    // EUP-W 9.7 "Assigning Casualties to multiple defenders": alternate between them, from the
    // largest to the smallest faction.
    let mut game = game();
    spawn_units(
        &mut game,
        Some("BBB"),
        "east",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some("CCC"),
        "east",
        UnitKind::Infantry,
        UnitStatus::Regular,
        3,
    );
    let sid = |game: &Game, k: &str| sid_of(game.world(), e(game, k));
    let spec = BattleSpec {
        place: sid(&game, "east"),
        attacker: Party::Realm(sid(&game, "AAA")),
        defender: Party::Realm(sid(&game, "BBB")),
        from: None,
        naval: false,
        active: None,
        invaders: false,
        beside: vec![Party::Realm(sid(&game, "CCC"))],
    };
    assert_eq!(battle::take_casualties(game.world_mut(), &spec, 1, 3), 3);
    assert_eq!(
        factions_at(&game, "east", &["BBB", "CCC"]),
        vec![1, 1],
        "CCC (3) takes the first and third hits, BBB (2) the second"
    );
    assert!(logged(
        &game,
        "pop.battle.casualties",
        "CCC loses 2 units at east"
    ));
    assert!(logged(
        &game,
        "pop.battle.casualties",
        "BBB loses 1 units at east"
    ));
    // Hits beyond a faction's units go on to the others.
    assert_eq!(battle::take_casualties(game.world_mut(), &spec, 1, 5), 2);
    assert_eq!(factions_at(&game, "east", &["BBB", "CCC"]), vec![0, 0]);
}

/// A game with `aaa` of AAA's and `bbb` of BBB's regular infantry and `rebels` rebel units in
/// East (rebels are hostile to both; AAA and BBB are at peace).
fn armies_and_rebels_in_east(aaa: usize, bbb: usize, rebels: usize) -> Game {
    let mut game = game();
    for (realm, n) in [(Some("AAA"), aaa), (Some("BBB"), bbb)] {
        spawn_units(
            &mut game,
            realm,
            "east",
            UnitKind::Infantry,
            UnitStatus::Regular,
            n,
        );
    }
    spawn_units(
        &mut game,
        None,
        "east",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        rebels,
    );
    game
}

#[test]
fn pop_battle_when_the_main_defender_retreats_the_faction_beside_it_fights_on_and_rolls() {
    // The Main Defender's retreat takes its general with it; the faction left rolls for the
    // side from the next round, with no leader (each side uses one general per battle, 9.7).
    let mut game = armies_and_rebels_in_east(4, 3, 9);
    let (east, north, ruler) = (e(&game, "east"), e(&game, "north"), e(&game, "ruler_a"));
    game.world_mut().entity_mut(ruler).insert(InCommand(east));
    game.world_mut()
        .entity_mut(ruler)
        .insert(Role::RulerGeneral);
    game.world_mut().res_mut::<Pending>().0 = None;
    let spec = rebels_attack(&game, "east", "AAA");
    battle::queue(game.world_mut(), spec);
    assert_eq!(battle::fight(game.world_mut()), Progress::Waiting);
    assert_eq!(game.pending().unwrap().realm.as_str(), "AAA");
    let dice_before = count(&game, "pop.battle.dice");
    game.world_mut().res_mut::<Pending>().0 = None;
    assert!(battle::answer(
        game.world_mut(),
        &Action::Retreat { to: "north".into() }
    ));
    assert_eq!(army(&game, "AAA", "east"), 0);
    assert_eq!(
        game.world().get::<InCommand>(ruler).map(|c| c.0),
        Some(north),
        "its general goes with it"
    );
    assert!(game.world().resource::<battle::Battles>().current.is_some());
    // BBB is asked in its turn; it fights on, and rolls the next round.
    assert_eq!(game.pending().unwrap().realm.as_str(), "BBB");
    assert!(battle::answer(game.world_mut(), &Action::Decline));
    game.world_mut().res_mut::<Pending>().0 = None;
    battle::fight(game.world_mut());
    let rolled: Vec<String> = game.log().entries[..]
        .iter()
        .filter(|x| x.rule == "pop.battle.dice")
        .skip(dice_before)
        .map(|x| x.text.clone())
        .collect();
    assert!(
        rolled
            .iter()
            .any(|t| t.starts_with("BBB rolls 3 White dice")),
        "BBB rolls the base dice for its side: {rolled:?}"
    );
}

#[test]
fn pop_battle_each_defending_player_realm_decides_its_own_retreat() {
    // Rebels attack an area where two Player Realms at peace with each other stand: both
    // defend as one force (rebels are hostile to every Player Realm); the one with the most
    // units is the Main Defender (EUP-W 9.7), and "if multiple defenders are Retreating, they
    // may each pick the destination of their Retreat": each is asked, and one leaving alone
    // leaves the other fighting.
    let mut game = armies_and_rebels_in_east(3, 2, 8);
    // BBB's ruler commands its army there: it does not lead the side, but goes with its army.
    let (east, south, bert) = (e(&game, "east"), e(&game, "south"), e(&game, "ruler_b"));
    game.world_mut().entity_mut(bert).insert(InCommand(east));
    game.world_mut().entity_mut(bert).insert(Role::RulerGeneral);
    game.world_mut().res_mut::<Pending>().0 = None;
    // Aimed at the smaller army: the larger one still leads.
    let spec = rebels_attack(&game, "east", "BBB");
    battle::queue(game.world_mut(), spec);
    assert_eq!(battle::fight(game.world_mut()), Progress::Waiting);
    assert!(logged(
        &game,
        "pop.battle.main_defender",
        "Main Defender at east: AAA (3 units); beside it: BBB (2 units)"
    ));
    assert!(logged(
        &game,
        "pop.battle.start",
        "attacks AAA and BBB (5 units)"
    ));
    let asked = |game: &Game| game.pending().map(|d| d.realm.to_string());
    assert_eq!(
        asked(&game).as_deref(),
        Some("AAA"),
        "the Main Defender first"
    );
    assert!(battle::answer(game.world_mut(), &Action::Decline));
    assert_eq!(
        asked(&game).as_deref(),
        Some("BBB"),
        "then the faction beside it, for itself"
    );
    assert_eq!(
        battle::retreat_candidates(game.world()),
        vec![Action::Retreat { to: "south".into() }, Action::Decline],
        "its own neighbouring land"
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    let [aaa, bbb] = [army(&game, "AAA", "east"), army(&game, "BBB", "east")];
    let (in_south, lost) = (
        army(&game, "BBB", "south"),
        count(&game, "pop.battle.casualties"),
    );
    assert!(battle::answer(
        game.world_mut(),
        &Action::Retreat { to: "south".into() }
    ));
    assert_eq!(army(&game, "BBB", "east"), 0);
    assert_eq!(
        army(&game, "BBB", "south"),
        in_south + bbb - 1,
        "its own unit pays for it"
    );
    assert_eq!(
        game.world().get::<InCommand>(bert).map(|c| c.0),
        Some(south),
        "its general goes with it"
    );
    assert_eq!(
        army(&game, "AAA", "east"),
        aaa,
        "the Main Defender loses nothing"
    );
    assert_eq!(count(&game, "pop.battle.casualties"), lost + 1);
    assert!(logged(
        &game,
        "pop.battle.casualties",
        "BBB loses 1 units at east"
    ));
    assert!(logged(
        &game,
        "pop.battle.retreat",
        &format!("BBB retreats from east to south with {} units", bbb - 1)
    ));
    assert!(
        game.world().resource::<battle::Battles>().current.is_some(),
        "AAA fights on"
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    while battle::fight(game.world_mut()) == Progress::Waiting {
        assert_eq!(asked(&game).as_deref(), Some("AAA"), "BBB has left");
        assert!(battle::answer(game.world_mut(), &Action::Decline));
        game.world_mut().res_mut::<Pending>().0 = None;
    }
    assert!(count(&game, "pop.battle.result") >= 1);
    let dice_bbb = game
        .log()
        .entries
        .iter()
        .filter(|x| x.rule == "pop.battle.dice" && x.realm.as_deref() == Some("BBB"))
        .count();
    assert_eq!(dice_bbb, 0, "only the Main Defender rolls");
}

#[test]
fn pop_battle_start_and_npr_defence_when_an_army_marches_in() {
    let mut game = game();
    let me = to_turn(&mut game);
    rich(&mut game, &me);
    declare(&mut game, &me, "CCC");
    // Marching into the east starts a battle against CCC's 1 defending infantry.
    march_into_east(&mut game, &me, 3);
    assert!(count(&game, "pop.war.move") >= 1);
    // The entry names the way it went, for the board's animation.
    let march = game
        .log()
        .entries
        .iter()
        .find(|x| x.rule == "pop.war.move" && x.text.contains(" marches "))
        .unwrap();
    let (from, to) = (e(&game, home(&me)), e(&game, "east"));
    assert_eq!(
        march.path,
        vec![sid_of(game.world(), from), sid_of(game.world(), to)]
    );
    assert!(count(&game, "pop.battle.start") >= 1);
    assert!(count(&game, "pop.battle.dice") >= 2);
    // Answer retreat questions by fighting on until the battle ends.
    fight_on(&mut game);
    let c = e(&game, "CCC");
    assert!(
        military::own_units_at(game.world(), c, e(&game, "east"), true).is_empty(),
        "defending NPR units leave after the battle"
    );
    assert!(count(&game, "pop.battle.result") >= 1);
}

#[test]
fn pop_war_naval_transport_bridges_carry_three_units_per_ship() {
    let mut game = game();
    let me = to_turn(&mut game);
    let (home_id, neighbour_id) = if me == "AAA" {
        ("north", "south")
    } else {
        ("south", "north")
    };
    let a = e(&game, &me);
    rich(&mut game, &me);
    spawn_units(
        &mut game,
        Some(&me),
        home_id,
        UnitKind::Infantry,
        UnitStatus::Regular,
        5,
    );
    let (home, farland) = (e(&game, home_id), e(&game, "farland"));
    let reach = |game: &Game| military::marches(game.world(), a, home);
    let to_farland = Action::Move {
        from: home_id.into(),
        to: "farland".into(),
    };
    // No ship at sea: Farland, across two sea zones, is out of reach.
    assert!(reach(&game).iter().all(|m| m.to != farland));
    refused(&mut game, to_farland.clone(), "pop.war.move");
    // Two ships in the West Sea only: the bridge stops there (Farland is on the Far Sea).
    spawn_units(
        &mut game,
        Some(&me),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        2,
    );
    assert!(reach(&game).iter().all(|m| m.to != farland));
    // The neighbour borders home by land: the land way wins over the crossing, with no limit.
    let by_land = reach(&game)
        .into_iter()
        .find(|m| m.to == e(&game, neighbour_id))
        .unwrap();
    assert_eq!(by_land.carried, None);
    // A rebel ship in the Far Sea breaks the bridge there.
    spawn_units(
        &mut game,
        None,
        "far_sea",
        UnitKind::LightShip,
        UnitStatus::Rebel,
        1,
    );
    spawn_units(
        &mut game,
        Some(&me),
        "far_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        1,
    );
    assert!(reach(&game).iter().all(|m| m.to != farland));
    let rebels: Vec<Entity> =
        military::units_at(game.world(), e(&game, "far_sea"), Party::Rebels, false);
    for r in rebels {
        game.world_mut().despawn(r);
    }
    // Two ships in the West Sea carry 6, one in the Far Sea 3: the narrowest sea limits.
    let way = reach(&game)
        .into_iter()
        .find(|m| m.to == farland)
        .expect("Farland across the bridge");
    assert_eq!(way.carried, Some(3));
    assert_eq!(way.limit(), 3);
    let path = vec![home, e(&game, "west_sea"), e(&game, "far_sea"), farland];
    assert_eq!(way.path, path);
    assert!(game.legal_actions().contains(&to_farland));
    game.apply(to_farland).unwrap();
    assert_eq!(
        army(&game, &me, "farland"),
        3,
        "3 units per ship in the Far Sea"
    );
    assert_eq!(army(&game, &me, home_id), 2, "the rest stay behind");
    let moved = game
        .log()
        .entries
        .iter()
        .rev()
        .find(|l| l.rule == "pop.war.move")
        .expect("the march is logged");
    let sids: Vec<u32> = path.iter().map(|p| sid_of(game.world(), *p)).collect();
    assert_eq!(moved.path, sids);
    assert_eq!(moved.amount, Some(3));
    let carried = game
        .log()
        .entries
        .iter()
        .filter(|l| l.rule == "pop.war.naval_transport")
        .map(|l| l.text.clone())
        .collect::<Vec<_>>();
    assert_eq!(
        carried,
        vec![format!(
            "{me}'s ships carry 3 units from {home_id} to farland"
        )]
    );
}

#[test]
fn pop_war_naval_transport_after_a_naval_movement_carries_an_army_through_that_sea() {
    let mut game = game();
    let me = to_turn(&mut game);
    let home_id = if me == "AAA" { "north" } else { "south" };
    rich(&mut game, &me);
    spawn_units(
        &mut game,
        Some(&me),
        home_id,
        UnitKind::Infantry,
        UnitStatus::Regular,
        4,
    );
    // Two ships in the home port, one already out in the Far Sea.
    spawn_units(
        &mut game,
        Some(&me),
        home_id,
        UnitKind::LightShip,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some(&me),
        "far_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        1,
    );
    let mil = mat(&game, e(&game, &me)).mp(MpKind::Mil);
    game.apply(Action::Sail {
        from: home_id.into(),
        to: "west_sea".into(),
    })
    .unwrap();
    let pending = game.pending().unwrap().clone();
    assert_eq!(
        pending.kind,
        DecisionKind::NavalTransport {
            sea: "west_sea".into()
        }
    );
    let carry = Action::Move {
        from: home_id.into(),
        to: "farland".into(),
    };
    assert_eq!(game.legal_actions(), vec![carry.clone(), Action::Decline]);
    refused(
        &mut game,
        Action::Move {
            from: home_id.into(),
            to: "east".into(),
        },
        "pop.war.naval_transport",
    );
    game.apply(carry).unwrap();
    assert_eq!(
        army(&game, &me, "farland"),
        3,
        "the Far Sea's one ship carries 3"
    );
    assert_eq!(army(&game, &me, home_id), 1);
    assert_eq!(
        mat(&game, e(&game, &me)).mp(MpKind::Mil),
        mil - 1,
        "one activation, for the Naval Movement only"
    );
    assert_eq!(count(&game, "pop.war.naval_transport"), 1);
}

#[test]
fn pop_war_naval_transport_a_wide_bridge_beats_a_mountain_border() {
    let mut game = game();
    let a = e(&game, "AAA");
    // North and east share a mountain border (3 units); give east a coast on the West Sea.
    let (east, west_sea) = (e(&game, "east"), e(&game, "west_sea"));
    game.world_mut()
        .entity_mut(east)
        .insert(Coasts(vec![west_sea]));
    crate::rulesets::pop::rules::trade::reset_shores_for_tests(game.world_mut());
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        8,
    );
    let way = |game: &Game| {
        military::marches(game.world(), a, e(game, "north"))
            .into_iter()
            .find(|m| m.to == east)
            .unwrap()
    };
    assert!(way(&game).mountain);
    assert_eq!(way(&game).limit(), 3);
    // One ship carries 3: no better than the mountains, which stay the way.
    spawn_units(
        &mut game,
        Some("AAA"),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        1,
    );
    assert!(way(&game).mountain);
    // Two ships carry 6: the crossing wins.
    spawn_units(
        &mut game,
        Some("AAA"),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        1,
    );
    assert_eq!(way(&game).carried, Some(6));
    assert_eq!(way(&game).limit(), 6);
    assert!(!way(&game).mountain);
    // An ally's ships are friendly too (11.3): CCC's ship adds 3.
    let c = e(&game, "CCC");
    spawn_sim(game.world_mut(), None, Alliance { a, b: c });
    spawn_units(
        &mut game,
        Some("CCC"),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        1,
    );
    assert_eq!(way(&game).limit(), 9, "room for 9: all 8 units go");
}

#[test]
fn pop_war_move_two_areas_mountains_and_access() {
    let mut game = game();
    let a = e(&game, "AAA");
    rich(&mut game, "AAA");
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        5,
    );
    let north = e(&game, "north");
    let dest = military::destinations(game.world(), a, north);
    let names: Vec<Id> = dest
        .iter()
        .map(|(x, _)| crate::rulesets::pop::state::key_of(game.world(), *x))
        .collect();
    assert!(names.contains(&Id::new("south")) && names.contains(&Id::new("east")));
    // South is BBB's land at peace: neutral ground stops the march, so east is reached only
    // over the mountains directly.
    let east = dest.iter().find(|(x, _)| *x == e(&game, "east")).unwrap();
    assert!(east.1, "north to east crosses a mountain border");
    assert_eq!(
        military::ground(game.world(), a, e(&game, "south")),
        military::Ground::Neutral
    );
    let ducats = mat(&game, a).ducats;
    let (south, east_area) = (e(&game, "south"), e(&game, "east"));
    military::march(game.world_mut(), a, north, south);
    assert_eq!(
        mat(&game, a).ducats,
        ducats - 3,
        "military access for 3 ducats"
    );
    assert!(count(&game, "pop.war.access") >= 1);
    assert_eq!(army(&game, "AAA", "south"), 5);
    military::march(game.world_mut(), a, south, east_area);
    assert_eq!(
        army(&game, "AAA", "east"),
        5,
        "no mountain between south and east"
    );
    military::march(game.world_mut(), a, east_area, north);
    assert_eq!(
        army(&game, "AAA", "north"),
        3,
        "only 3 units cross a mountain border"
    );
}

#[test]
fn pop_war_siege_occupies_within_strength_for_mil_per_extra_unit() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    declare(&mut game, &me, them);
    let (r, t) = (e(&game, &me), e(&game, them));
    spawn_units(
        &mut game,
        Some(&me),
        home(them),
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    let capital = if them == "AAA" { "capa" } else { "capb" };
    let err = game
        .apply(Action::Siege {
            province: capital.into(),
        })
        .unwrap_err();
    assert_eq!(
        err.rule, "pop.war.siege",
        "strength 1 cannot take a large province"
    );
    spawn_units(
        &mut game,
        Some(&me),
        home(them),
        UnitKind::Cavalry,
        UnitStatus::Regular,
        2,
    );
    assert_eq!(
        military::siege_strength(
            game.world(),
            &military::own_units_at(game.world(), r, e(&game, home(them)), true)
        ),
        2,
        "infantry 1 + two cavalry 1/2 each"
    );
    let covered = tracks(game.world(), t).covered;
    game.apply(Action::Siege {
        province: capital.into(),
    })
    .unwrap();
    // 1 mil for the activation, +2 for the two extra units needed (the cavalry).
    assert_eq!(mat(&game, r).mp[2], 8 - 3);
    let p = e(&game, capital);
    assert_eq!(game.world().get::<ControlledBy>(p).unwrap().0, r);
    assert_eq!(
        tracks(game.world(), t).covered,
        covered + 1,
        "the owner covers a slot"
    );
    let occupier_town = game.world().get::<Holdings>(p).unwrap().iter().any(|tok| {
        game.world().get::<TokenOf>(tok).unwrap().0 == r
            && game.world().get::<Unrest>(tok).is_some()
    });
    assert!(occupier_town, "the besieger's town stands unrest side up");
    assert!(count(&game, "pop.war.siege") >= 1);
}

/// Rebels take AAA's Nora: a rebel town on its core province, over its unrest.
fn rebels_take_nora(game: &mut Game) {
    let (a, nora) = (e(game, "AAA"), e(game, "nora"));
    crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), a, nora);
    crate::rulesets::pop::rules::rebels::rebels_take(
        game.world_mut(),
        a,
        nora,
        a,
        "pop.14.2.rebellion_liberates",
    );
}

#[test]
fn pop_14_4_siege_rebel_town_removes_it_and_its_unrest() {
    let mut game = game();
    let a = e(&game, "AAA");
    let nora = e(&game, "nora");
    rebels_take_nora(&mut game);
    assert!(game.world().get::<RebelTown>(nora).is_some());
    let covered = tracks(game.world(), a).covered;
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    assert!(military::siege_targets(game.world(), a, e(&game, "north")).contains(&nora));
    military::take_by_siege(game.world_mut(), a, nora);
    assert!(game.world().get::<RebelTown>(nora).is_none());
    assert!(crate::rulesets::pop::rules::rebels::counting_unrest(game.world(), a, None).is_empty());
    assert_eq!(
        tracks(game.world(), a).covered,
        covered - 1,
        "the cube comes off the track"
    );
    assert_eq!(count(&game, "pop.14.4.siege_rebel_town"), 1);
}

#[test]
fn pop_14_4_siege_rebel_town_of_a_realm_at_peace_removes_it_without_a_town() {
    // Rebels are hostile to every Player Realm: an army standing by a neighbour's rebel town
    // may storm it, and only a besieger at war with the owner may then place its own town.
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let nora = e(&game, "nora");
    rebels_take_nora(&mut game);
    assert!(!relations::at_war_between(game.world(), a, b));
    let covered = tracks(game.world(), a).covered;
    spawn_units(
        &mut game,
        Some("BBB"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    assert!(military::siege_targets(game.world(), b, e(&game, "north")).contains(&nora));
    set(&mut game, b, |m| m.mp[2] = 5);
    let siege = Action::Siege {
        province: crate::rulesets::pop::state::key_of(game.world(), nora),
    };
    assert!(
        matches!(
            military::check_turn(game.world(), b, false, &siege),
            Some(Ok(()))
        ),
        "the Siege action is legal for BBB's army at peace with AAA"
    );
    military::take_by_siege(game.world_mut(), b, nora);
    assert!(game.world().get::<RebelTown>(nora).is_none());
    assert!(
        game.world()
            .res::<military::MilitaryAction>()
            .occupy
            .is_none(),
        "not at war with the owner: no town of the besieger's is offered"
    );
    assert_eq!(game.world().get::<OwnedBy>(nora).unwrap().0, a);
    assert_eq!(military::controller(game.world(), nora), Some(a));
    assert_eq!(
        tracks(game.world(), a).covered,
        covered - 1,
        "the owner's cube comes off"
    );
    assert_eq!(count(&game, "pop.14.4.siege_rebel_town"), 1);
}

#[test]
fn pop_war_peace_white_peace_when_nothing_is_held_and_truce_follows() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    declare(&mut game, "AAA", "BBB");
    set(&mut game, a, |m| m.prestige = 5);
    set(&mut game, b, |m| m.prestige = 5);
    let w: Vec<(Entity, War)> = game
        .world_mut()
        .query::<(Entity, &War)>()
        .iter(game.world())
        .map(|(e, w)| (e, *w))
        .collect();
    let sid = sid_of(game.world(), w[0].0);
    war::make_peace(game.world_mut(), sid, a, b, PeaceTerm::WhitePeace);
    assert!(!relations::at_war_between(game.world(), a, b));
    assert!(relations::truce_between(game.world(), a, b));
    assert_eq!(
        (mat(&game, a).prestige, mat(&game, b).prestige),
        (4, 4),
        "every PR loses 1 prestige"
    );
    assert!(count(&game, "pop.war.peace") >= 1);
    assert_eq!(count(&game, "pop.war.truce"), 1);
}

#[test]
fn pop_war_peace_keep_board_cedes_occupations_and_ransoms_capitals() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    declare(&mut game, "AAA", "BBB");
    rich(&mut game, "AAA");
    rich(&mut game, "BBB");
    let (capb, sora) = (e(&game, "capb"), e(&game, "sora"));
    military::take_by_siege(game.world_mut(), a, capb);
    military::take_by_siege(game.world_mut(), a, sora);
    assert_eq!(war::occupied_by(game.world(), a, b).len(), 2);
    let w: Vec<Entity> = game
        .world_mut()
        .query_filtered::<Entity, With<War>>()
        .iter(game.world())
        .collect();
    let sid = sid_of(game.world(), w[0]);
    war::make_peace(game.world_mut(), sid, a, b, PeaceTerm::KeepBoard);
    assert_eq!(
        game.world().get::<OwnedBy>(sora).unwrap().0,
        a,
        "an occupied province is ceded"
    );
    assert_eq!(
        game.world().get::<OwnedBy>(capb).unwrap().0,
        b,
        "a capital goes back"
    );
    assert_eq!(game.world().get::<ControlledBy>(capb).unwrap().0, b);
    assert_eq!(mat(&game, b).ducats, 30, "for a ransom of 10");
    assert_eq!(mat(&game, a).ducats, 50);
    assert_eq!(tracks(game.world(), b).covered, 0);
}

#[test]
fn pop_seq_phase3_d_partial_victory_lets_the_victor_choose_terms() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    declare(&mut game, "AAA", "BBB");
    let sora = e(&game, "sora");
    military::take_by_siege(game.world_mut(), a, sora);
    spawn_units(
        &mut game,
        Some("AAA"),
        "south",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some("BBB"),
        "south",
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    assert!(war::occupied_by(game.world(), a, b).len() == 1);
    // Run step D directly.
    game.world_mut().res_mut::<Pending>().0 = None;
    let war_entity: Vec<(Entity, War)> = game
        .world_mut()
        .query::<(Entity, &War)>()
        .iter(game.world())
        .map(|(e, w)| (e, *w))
        .collect();
    let sid = sid_of(game.world(), war_entity[0].0);
    let q = war::PeaceQuestion {
        war: sid,
        winner: sid_of(game.world(), a),
        loser: sid_of(game.world(), b),
        total: false,
        surrendered: false,
        surrender_asked: false,
    };
    assert_eq!(
        war::term_problem(game.world(), &q, PeaceTerm::Humiliation)
            .unwrap()
            .rule,
        "pop.war.peace",
        "humiliation needs the capital or a surrender"
    );
    assert!(
        war::term_problem(game.world(), &q, PeaceTerm::Annex).is_some(),
        "no annexing a Player Realm"
    );
    assert!(war::term_problem(game.world(), &q, PeaceTerm::KeepBoard).is_none());
}

#[test]
fn pop_war_peace_force_conversion_needs_the_capital_area_and_converts_it() {
    // Seed 002: "changing State Religion can only happen through an Event, or if Conversion is
    // forced upon you (p. 31)". 10.0 Force Conversion: "Victor must Control all Provinces in
    // Loser's Capital Area"; "The Loser must change their State Religion and the Religion of
    // their Capital Area to match the State Religion of the Victor. The Victor gains 3, and may
    // add 2 influence in the Loser's Capital Area. The Loser loses 5 and must remove 4
    // influence." Aland (Catholic) against Celand (Orthodox), whose capital area East holds
    // only Capc; a surrender does not spare the requirement.
    use crate::rulesets::pop::content::schema::Religion;
    let mut game = game();
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    let (capc, east) = (e(&game, "capc"), e(&game, "east"));
    let war = spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: a,
            defender: c,
        },
    );
    set(&mut game, a, |m| m.prestige = 5);
    let q = war::PeaceQuestion {
        war: sid_of(game.world(), war),
        winner: sid_of(game.world(), a),
        loser: sid_of(game.world(), c),
        total: false,
        surrendered: true,
        surrender_asked: false,
    };
    let why = war::term_problem(game.world(), &q, PeaceTerm::ForceConversion).expect("refused");
    assert_eq!(why.rule, "pop.war.peace");
    assert!(why.reason.contains("capital area"), "{}", why.reason);
    military::take_by_siege(game.world_mut(), a, capc);
    assert!(war::term_problem(game.world(), &q, PeaceTerm::ForceConversion).is_none());
    war::make_peace(game.world_mut(), q.war, a, c, PeaceTerm::ForceConversion);
    assert_eq!(
        game.world().get::<Realm>(c).unwrap().religion,
        Religion::Catholic
    );
    assert_eq!(
        crate::rulesets::pop::rules::religion::area_faith(game.world(), east),
        Some(Religion::Catholic),
        "the capital area converts too"
    );
    assert_eq!(
        game.world().get::<ControlledBy>(capc).unwrap().0,
        c,
        "occupied provinces go back"
    );
    assert_eq!(mat(&game, a).prestige, 8, "the victor gains 3");
    assert_eq!(
        crate::rulesets::pop::rules::relations::influence_in(game.world(), a, east),
        2,
        "and adds 2 influence in the capital area"
    );
    assert!(logged(
        &game,
        "pop.war.peace",
        "AAA adds 2 influence in east, the converted capital area"
    ));
}

#[test]
fn pop_battle_leader_wound_stops_when_the_leader_dies() {
    // 7.2: "When a Character receives their second H, they die ... Dead characters are
    // discarded": a leader with 1 H hit by three pairs of outlined faces in one roll is wounded
    // once and dies once; the discarded character keeps no Ill Health token.
    let mut game = game();
    let ruler = e(&game, "ruler_a");
    game.world_mut().entity_mut(ruler).insert(IllHealth(1));
    battle::wound_leader(game.world_mut(), ruler, 3, "north");
    assert_eq!(count(&game, "pop.battle.leader_wound"), 1);
    assert_eq!(count(&game, "pop.7.2.death"), 1);
    assert!(
        game.world().get::<Serves>(ruler).is_none(),
        "dead and discarded"
    );
    assert!(
        game.world()
            .get::<IllHealth>(ruler)
            .is_none_or(|i| i.0 == 0)
    );
}

#[test]
fn pop_battle_leader_wound_and_ruler_general_death_is_a_ruler_death() {
    let mut game = game();
    let a = e(&game, "AAA");
    let ruler = e(&game, "ruler_a");
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        4,
    );
    military::handle_turn(
        game.world_mut(),
        a,
        &Action::CommandArmy {
            character: "ruler_a".into(),
            place: "north".into(),
        },
    );
    assert_eq!(game.world().get::<Role>(ruler), Some(&Role::RulerGeneral));
    assert!(count(&game, "pop.7.2.ruler_general") >= 1);
    // Battle after battle against rebels until pairs of outlined faces have wounded the Ruler
    // General twice (the dice are the game's, fixed by its seed).
    let mut battles = 0;
    while game.world().get::<Serves>(ruler).is_some() && battles < 500 {
        battles += 1;
        if army(&game, "AAA", "north") == 0 {
            spawn_units(
                &mut game,
                Some("AAA"),
                "north",
                UnitKind::Infantry,
                UnitStatus::Regular,
                4,
            );
            let north = e(&game, "north");
            game.world_mut().entity_mut(ruler).insert(InCommand(north));
            game.world_mut()
                .entity_mut(ruler)
                .insert(Role::RulerGeneral);
        }
        spawn_units(
            &mut game,
            None,
            "north",
            UnitKind::Infantry,
            UnitStatus::Rebel,
            6,
        );
        game.world_mut().res_mut::<Pending>().0 = None;
        let spec = rebels_attack(&game, "north", "AAA");
        battle::queue(game.world_mut(), spec);
        while battle::fight(game.world_mut()) == Progress::Waiting {
            assert!(battle::answer(game.world_mut(), &Action::Decline));
            game.world_mut().res_mut::<Pending>().0 = None;
        }
        // Rebels left over are cleared for the next battle.
        for u in military::units_at(game.world(), e(&game, "north"), Party::Rebels, true) {
            game.world_mut().despawn(u);
        }
    }
    assert!(
        count(&game, "pop.14.3.battle") >= 1,
        "rebels fight like NPRs, to the last man"
    );
    assert_eq!(
        count(&game, "pop.battle.leader_wound"),
        2,
        "the second wound kills"
    );
    assert!(game.world().get::<Serves>(ruler).is_none());
    assert!(
        game.world().get::<Interregnum>(a).is_some(),
        "a dead Ruler General is a dead ruler"
    );
}

#[test]
fn pop_battle_retreat_costs_one_more_unit() {
    let mut game = game();
    spawn_units(
        &mut game,
        Some("AAA"),
        "east",
        UnitKind::Infantry,
        UnitStatus::Regular,
        5,
    );
    spawn_units(
        &mut game,
        None,
        "east",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        5,
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    let spec = rebels_attack(&game, "east", "AAA");
    battle::queue(game.world_mut(), spec);
    assert_eq!(
        battle::fight(game.world_mut()),
        Progress::Waiting,
        "asked whether to retreat"
    );
    let before = army(&game, "AAA", "east");
    // East borders north (AAA's own land) and south (BBB's, at peace: no retreat there).
    assert_eq!(
        battle::retreat_candidates(game.world()),
        vec![Action::Retreat { to: "north".into() }, Action::Decline]
    );
    battle::answer(game.world_mut(), &Action::Retreat { to: "north".into() });
    assert_eq!(army(&game, "AAA", "north"), before - 1, "one more casualty");
    assert_eq!(count(&game, "pop.battle.retreat"), 1);
    assert!(
        game.world().resource::<battle::Battles>().current.is_none(),
        "a retreat ends the battle"
    );
}

#[test]
fn pop_war_call_to_arms_refusal_ends_the_alliance_and_costs_prestige() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t, c) = (e(&game, &me), e(&game, them), e(&game, "CCC"));
    // CCC, a Non-Player Realm, is allied to `them`: attacking CCC calls `them` to its defence.
    spawn_sim(game.world_mut(), None, Alliance { a: t, b: c });
    set(&mut game, t, |m| m.prestige = 6);
    influence(&mut game, them, "east", 3);
    declare_alone(&mut game, "CCC");
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, them);
    assert!(matches!(
        d.kind,
        DecisionKind::CallToArms {
            defensive: true,
            ..
        }
    ));
    game.apply(Action::Decline).unwrap();
    assert!(
        !relations::allied(game.world(), t, c),
        "a refusal ends the alliance"
    );
    assert_eq!(
        mat(&game, t).prestige,
        4,
        "a defensive refusal costs 2 prestige"
    );
    assert_eq!(
        influence_in(&game, them, "east"),
        0,
        "up to 5 influence in the former ally's areas"
    );
    assert!(
        game.world()
            .resource::<crate::engine::log::GameLog>()
            .entries
            .iter()
            .any(|l| l.rule == "pop.war.call_to_arms"
                && l.realm.as_deref() == Some(them)
                && l.amount == Some(-3)),
        "the influence lost is logged"
    );
    assert!(count(&game, "pop.war.call_to_arms") >= 2);
    // The ally let down is a Non-Player Realm: a truce, never a CB (11.3 Refusing a CtA, 5).
    assert!(
        relations::truce_between(game.world(), t, c),
        "refusing a Non-Player Realm ends in a truce"
    );
    assert_eq!(count(&game, "pop.war.truce"), 1);
    let cbs = game
        .world_mut()
        .query::<&CasusBelli>()
        .iter(game.world())
        .filter(|cb| cb.holder == c && cb.target == t)
        .count();
    assert_eq!(cbs, 0, "a Non-Player Realm places no CB token");
    let _ = r;
}

#[test]
fn pop_war_npr_invasion_adds_unrest_and_leaves_rebels() {
    let mut game = game();
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    declare(&mut game, "AAA", "CCC");
    game.world_mut().res_mut::<Pending>().0 = None;
    // CCC borders north (AAA's towns): it invades there.
    let unrest_before =
        crate::rulesets::pop::rules::rebels::counting_unrest(game.world(), a, None).len();
    war::launch_invasion_for_tests(game.world_mut(), c, a);
    assert_eq!(count(&game, "pop.war.npr_invasion"), 1);
    assert_eq!(
        crate::rulesets::pop::rules::rebels::counting_unrest(game.world(), a, None).len(),
        unrest_before + 2,
        "2 unrest in the invaded area"
    );
    let rebels = crate::rulesets::pop::rules::rebel_armies::rebel_areas(game.world());
    assert_eq!(
        rebels,
        vec![e(&game, "north")],
        "with no army to fight, the invaders stay as rebels"
    );
}

#[test]
fn pop_war_npr_invasion_weighs_every_player_realm_at_war_with_it() {
    // 13.5: "If an NPR is at War with any Player Realm(s) ... The target Area must contain a t/v
    // belonging to a PR Hostile to the NPR": CCC's older war is with BBB (South), its newer
    // one with AAA; both count, and North (first among the areas it borders) is invaded.
    let mut game = game();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    at_war(&mut game, c, b);
    at_war(&mut game, c, a);
    game.world_mut().res_mut::<Pending>().0 = None;
    let before = crate::rulesets::pop::rules::rebels::counting_unrest(game.world(), a, None).len();
    war::run_step_b_for_tests(game.world_mut());
    assert!(logged(
        &game,
        "pop.war.npr_invasion",
        "CCC invades north with"
    ));
    assert_eq!(
        crate::rulesets::pop::rules::rebels::counting_unrest(game.world(), a, None).len(),
        before + 2,
        "AAA's two towns there, alphabetically (Capa, Nora)"
    );
    assert_eq!(
        count(&game, "pop.war.npr_invasion"),
        1,
        "CCC invades once in the step"
    );
}

#[test]
fn pop_14_3_rebels_move_to_unrest_and_siege_large_first() {
    let mut game = game();
    let a = e(&game, "AAA");
    let (capa, nora) = (e(&game, "capa"), e(&game, "nora"));
    crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), a, capa);
    crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), a, nora);
    spawn_units(
        &mut game,
        None,
        "east",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        3,
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert_eq!(
        count(&game, "pop.14.3.move"),
        1,
        "east has no unrest: all but one march to north"
    );
    // Each area either sieges or moves, in the order fixed when the step began: north had no
    // rebels then, so the newcomers siege at the next step C.
    assert_eq!(count(&game, "pop.14.3.siege"), 0);
    crate::engine::flow::step_progress(game.world_mut()).cursor = 0;
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert_eq!(count(&game, "pop.14.3.siege"), 1);
    assert_eq!(
        count(&game, "pop.7.6.cores"),
        1,
        "the province is checked as a core"
    );
    assert_eq!(
        count(&game, "pop.14.2.rebel_town"),
        1,
        "a core becomes a rebel town"
    );
    assert!(
        game.world().get::<RebelTown>(capa).is_some(),
        "strength 2 takes the large core first"
    );
    assert!(
        game.world().get::<RebelTown>(nora).is_none(),
        "no strength left for nora"
    );
}

/// The mini scenario with Sora a town of BBB (south: 2 Player Realm towns) and AAA's Nora
/// token gone (north: 1), unrest on Capa and Capb, and `east` rebels in the east.
fn rebels_between_north_and_south(east: usize) -> Game {
    rebels_between_north_and_south_renamed(east, |t| t)
}

/// The same, with a further edit of the scenario's text (a renamed area).
fn rebels_between_north_and_south_renamed(east: usize, edit: impl Fn(String) -> String) -> Game {
    let mut game = game_with(|t| {
        edit(t.replace(
            r#"cores: ["BBB"], owner: Some("BBB"), holding: Vassal,"#,
            r#"cores: ["BBB"], owner: Some("BBB"),"#,
        ))
    });
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let (nora, capa, capb) = (e(&game, "nora"), e(&game, "capa"), e(&game, "capb"));
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), a, nora);
    crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), a, capa);
    crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), b, capb);
    spawn_units(
        &mut game,
        None,
        "east",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        east,
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    game
}

fn rebels(game: &Game, area: &str) -> usize {
    military::units_at(game.world(), e(game, area), Party::Rebels, true).len()
}

#[test]
fn pop_14_3_c_rebels_move_to_the_most_unrest_then_the_most_player_towns() {
    // "Prefer the Area with most u, then most PR t, then alphabetically": north and south have
    // one unrest province each; south has two Player Realm towns to north's one.
    let mut game = rebels_between_north_and_south(3);
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert_eq!(
        (
            rebels(&game, "east"),
            rebels(&game, "south"),
            rebels(&game, "north")
        ),
        (1, 2, 0),
        "all but one march to south, not to north (first alphabetically)"
    );
}

#[test]
fn pop_14_3_c_marching_rebels_break_a_tie_by_the_names_on_the_board() {
    // "...then alphabetically": north and south each have one unrest province and one Player
    // Realm town. With the north area renamed "Zenith" its id still sorts first ("north" <
    // "south") but its name last, so the rebels march south: the tie goes by the name players
    // read, not by the content id.
    let mut game = rebels_between_north_and_south_renamed(3, |t| {
        t.replace(r#"name: "North""#, r#"name: "Zenith""#)
    });
    let (b, sora) = (e(&game, "BBB"), e(&game, "sora"));
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), b, sora);
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert_eq!(
        (
            rebels(&game, "east"),
            rebels(&game, "south"),
            rebels(&game, "north")
        ),
        (1, 2, 0),
        "\"South\" comes before \"Zenith\""
    );
    assert!(logged(&game, "pop.14.3.move", "for south"));
}

#[test]
fn pop_7_2_a_ruler_gone_during_phase_3_c_is_replaced_at_once_as_a_reaction() {
    // "You may immediately replace a discarded Ruler ... as a Reaction": a ruler lost while the
    // rebels move (here killed as the step begins) is asked about before the step goes on, not
    // in a later step.
    let mut game = game_with(|t| {
        with_heir_card(t.replace(
            r#"cores: ["BBB"], owner: Some("BBB"), holding: Vassal,"#,
            r#"cores: ["BBB"], owner: Some("BBB"),"#,
        ))
    });
    let a = e(&game, "AAA");
    give_card(&mut game, a, "c_heir");
    let capa = e(&game, "capa");
    crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), a, capa);
    spawn_units(
        &mut game,
        None,
        "east",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        3,
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    let anna = e(&game, "ruler_a");
    crate::rulesets::pop::rules::characters::kill(game.world_mut(), anna);
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    let asked = game.pending().expect("the Reaction");
    assert_eq!(
        (asked.realm.as_str(), &asked.kind),
        ("AAA", &DecisionKind::ReplaceDeadRuler)
    );
    assert_eq!(rebels(&game, "east"), 3, "asked before the rebels move");
    // The answer is delivered with its question still pending, as the engine delivers it.
    game.world_mut()
        .res_mut::<crate::rulesets::pop::decision::Answer>()
        .0 = Some(Action::Appoint {
        card: "c_heir".into(),
    });
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert_eq!(
        crate::rulesets::pop::rules::characters::ruler_of(game.world(), a),
        Some(e(&game, "heir_x"))
    );
    assert_eq!(count(&game, "pop.7.2.reaction_appoint"), 1);
    assert_eq!(count(&game, "pop.7.2.interregnum"), 0);
    assert_eq!(rebels(&game, "north"), 2, "then the step goes on");
}

#[test]
fn pop_14_3_c_areas_siege_or_move_one_at_a_time_most_rebels_first() {
    // "Resolve Areas in order of most ? to fewest ?": south's 4 rebels siege Capb first, so
    // when the east's 3 rebels move, south's unrest is gone and they go north.
    let mut game = rebels_between_north_and_south(3);
    spawn_units(
        &mut game,
        None,
        "south",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        4,
    );
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert!(game.world().get::<RebelTown>(e(&game, "capb")).is_some());
    assert_eq!(
        (
            rebels(&game, "east"),
            rebels(&game, "north"),
            rebels(&game, "south")
        ),
        (1, 2, 4)
    );
    let log = &game.log().entries;
    let siege = log.iter().position(|n| n.rule == "pop.14.3.siege").unwrap();
    let moved = log.iter().position(|n| n.rule == "pop.14.3.move").unwrap();
    assert!(siege < moved, "the area with the most rebels goes first");
}

#[test]
fn pop_14_3_c_a_moves_battle_is_fought_before_the_next_area() {
    // "Resolve Battle immediately if there are any PR Land Units in this Area": the east's
    // rebels attack AAA's army in the north (one town each side now: alphabetical) before the
    // south's rebels siege.
    let mut game = rebels_between_north_and_south(5);
    let (b, sora) = (e(&game, "BBB"), e(&game, "sora"));
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), b, sora);
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    spawn_units(
        &mut game,
        None,
        "south",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        2,
    );
    let mut guard = 0;
    loop {
        crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
        if game.world().resource::<Pending>().0.is_none() {
            break;
        }
        // A retreat question: rebels fight to the last man, the army answers no.
        let answer = game.legal_actions()[0].clone();
        game.world_mut().res_mut::<Pending>().0 = None;
        game.world_mut()
            .res_mut::<crate::rulesets::pop::decision::Answer>()
            .0 = Some(answer);
        guard += 1;
        assert!(guard < 20);
    }
    let log = &game.log().entries;
    let at = |rule: &str| log.iter().position(|n| n.rule == rule);
    let (moved, battle, siege) = (
        at("pop.14.3.move"),
        at("pop.battle.start"),
        at("pop.14.3.siege"),
    );
    assert!(
        moved.is_some() && battle.is_some() && siege.is_some(),
        "{moved:?} {battle:?} {siege:?}"
    );
    assert!(
        moved < battle && battle < siege,
        "{moved:?} {battle:?} {siege:?}"
    );
}

#[test]
fn pop_war_attrition_one_land_unit_in_four_and_lost_at_sea() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    declare(&mut game, "AAA", "CCC");
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        8,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Mercenary,
        1,
    );
    spawn_units(
        &mut game,
        Some("BBB"),
        "south",
        UnitKind::Infantry,
        UnitStatus::Regular,
        8,
    );
    // BBB is at peace and AAA is the active player's opponent: 9 deployed lose 2.
    military::attrition(game.world_mut(), Some(b));
    assert_eq!(army(&game, "AAA", "north"), 7);
    assert_eq!(
        army(&game, "BBB", "south"),
        8,
        "a realm at peace suffers no attrition"
    );
    assert_eq!(
        mat(&game, a).exhausted_manpower,
        1,
        "the mercenary went first, then a regular"
    );
    military::attrition(game.world_mut(), Some(a));
    assert_eq!(
        army(&game, "AAA", "north"),
        7,
        "the active player is spared"
    );
    assert_eq!(count(&game, "pop.war.attrition"), 1);
    // On the Event nobody took no one is the Active Player (16.5): 7 deployed lose 1.
    military::attrition(game.world_mut(), None);
    assert_eq!(army(&game, "AAA", "north"), 6);
    assert_eq!(count(&game, "pop.war.attrition"), 2);
}

#[test]
fn pop_war_lost_at_sea_on_the_event_nobody_took_every_player_picks_its_own() {
    // FACTS' auto-resolution of an unpicked card: "Lost at sea: ... (Each player picks their
    // own.)": the last taker, who resolves it, is no Active Player spared.
    let game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    assert_eq!(
        military::lost_at_sea_victims(game.world(), Some(a)),
        vec![b]
    );
    let mut all = military::lost_at_sea_victims(game.world(), None);
    all.sort();
    let mut both = vec![a, b];
    both.sort();
    assert_eq!(all, both);
}

/// The mini game where every Event carries a Lost at Sea symbol; the realm to act takes the
/// first Event and answers its own questions until someone else is asked. Returns the game,
/// the active realm and its opponent.
fn lost_at_sea_game(ships: &[(&str, UnitKind)]) -> (Game, Entity, Entity) {
    let mut game = game_with(|t| {
        t.replace("symbols: [Mortality(1)]", "symbols: [LostAtSea]")
            .replace("symbols: []", "symbols: [LostAtSea]")
    });
    let me_key = game.pending().unwrap().realm;
    let me = e(&game, &me_key);
    let other_key = if me_key == "AAA" { "BBB" } else { "AAA" };
    let other = e(&game, other_key);
    for (place, kind) in ships {
        for owner in [me_key.as_str(), other_key] {
            spawn_units(&mut game, Some(owner), place, *kind, UnitStatus::Regular, 1);
        }
    }
    // The Event's own questions, up to the ship the Active Player must choose.
    take_event_until(&mut game, |k| matches!(k, DecisionKind::LostAtSea { .. }));
    (game, me, other)
}

fn ships_of(game: &Game, realm: Entity, place: &str) -> Vec<UnitKind> {
    let mut kinds: Vec<UnitKind> =
        military::own_units_at(game.world(), realm, e(game, place), false)
            .into_iter()
            .map(|u| game.world().get::<Unit>(u).unwrap().kind)
            .collect();
    kinds.sort_by_key(|k| format!("{k:?}"));
    kinds
}

#[test]
fn pop_war_lost_at_sea_the_active_player_picks_each_opponents_ship_far_from_its_ports() {
    // 16.5: "You must choose and remove 1 Ship belonging to each Opponent that is not adjacent
    // to one of their Friendly Ports." Far Sea faces no port; West Sea faces both capitals'.
    let (mut game, me, other) = lost_at_sea_game(&[
        ("far_sea", UnitKind::LightShip),
        ("far_sea", UnitKind::HeavyShip),
        ("west_sea", UnitKind::LightShip),
    ]);
    let pending = game.pending().unwrap().clone();
    let key = |r| crate::rulesets::pop::state::key_of(game.world(), r);
    assert_eq!(pending.kind, DecisionKind::LostAtSea { owner: key(other) });
    assert_eq!(pending.realm, key(me), "the Active Player chooses");
    let lose = |place: &str, kind| Action::DisbandUnit {
        place: place.into(),
        kind,
        mercenary: false,
    };
    let mut offered = game.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        offered,
        [
            lose("far_sea", UnitKind::HeavyShip),
            lose("far_sea", UnitKind::LightShip)
        ]
    );
    refused(
        &mut game,
        lose("west_sea", UnitKind::LightShip),
        "pop.war.lost_at_sea",
    );
    game.apply(lose("far_sea", UnitKind::HeavyShip)).unwrap();
    assert_eq!(ships_of(&game, other, "far_sea"), [UnitKind::LightShip]);
    assert_eq!(ships_of(&game, other, "west_sea"), [UnitKind::LightShip]);
    assert_eq!(
        ships_of(&game, me, "far_sea"),
        [UnitKind::HeavyShip, UnitKind::LightShip],
        "the Active Player loses none"
    );
    assert_eq!(count(&game, "pop.war.lost_at_sea"), 1);
}

#[test]
fn pop_war_lost_at_sea_on_the_event_nobody_took_each_player_chooses_its_own_ship() {
    // 16.5's auto-resolution: "Each player chooses for themselves", and on an unpicked Event
    // "no one is considered to be the Active Player": the last taker loses a ship too.
    let ships = [UnitKind::LightShip, UnitKind::HeavyShip].repeat(3);
    let mut game = game_with(|t| {
        t.replace("symbols: [Mortality(1)]", "symbols: [LostAtSea]")
            .replace("symbols: []", "symbols: [LostAtSea]")
    });
    for owner in ["AAA", "BBB"] {
        for kind in &ships {
            spawn_units(
                &mut game,
                Some(owner),
                "far_sea",
                *kind,
                UnitStatus::Regular,
                1,
            );
        }
    }
    let (mut taken, mut leftover) = (Vec::new(), Vec::new());
    play_round_events(&mut game, |game| {
        let pending = game.pending().unwrap().clone();
        if let DecisionKind::LostAtSea { owner } = pending.kind {
            let resolving = game
                .world()
                .resource::<crate::rulesets::pop::rules::events::Leftover>()
                .resolving;
            let asked = (pending.realm.to_string(), owner.to_string());
            if resolving { &mut leftover } else { &mut taken }.push(asked);
        }
        None
    });
    assert_eq!(
        taken.len(),
        2,
        "each taker chose for its one opponent: {taken:?}"
    );
    assert!(
        taken.iter().all(|(asked, owner)| asked != owner),
        "{taken:?}"
    );
    leftover.sort();
    assert_eq!(
        leftover,
        [
            ("AAA".to_string(), "AAA".to_string()),
            ("BBB".to_string(), "BBB".to_string())
        ]
    );
    for owner in ["AAA", "BBB"] {
        let realm = e(&game, owner);
        assert_eq!(
            ships_of(&game, realm, "far_sea").len(),
            4,
            "{owner}: 6 less 2"
        );
    }
}

#[test]
fn pop_war_lost_at_sea_asks_nothing_where_the_ships_are_alike_or_near_home() {
    let (game, me, other) = lost_at_sea_game(&[
        ("far_sea", UnitKind::LightShip),
        ("far_sea", UnitKind::LightShip),
        ("west_sea", UnitKind::HeavyShip),
    ]);
    assert!(!matches!(
        game.pending().unwrap().kind,
        DecisionKind::LostAtSea { .. }
    ));
    assert_eq!(ships_of(&game, other, "far_sea"), [UnitKind::LightShip]);
    assert_eq!(ships_of(&game, other, "west_sea"), [UnitKind::HeavyShip]);
    assert_eq!(ships_of(&game, me, "far_sea").len(), 2);
    assert_eq!(count(&game, "pop.war.lost_at_sea"), 1);
}

#[test]
fn pop_war_surrender_costs_two_prestige_and_the_victor_sets_terms() {
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    declare(&mut game, "AAA", "BBB");
    set(&mut game, a, |m| m.prestige = 5);
    set(&mut game, b, |m| m.prestige = 5);
    // Each holds a province of the other, with equal armies: inconclusive.
    let (sora, nora) = (e(&game, "sora"), e(&game, "nora"));
    military::take_by_siege(game.world_mut(), a, sora);
    military::take_by_siege(game.world_mut(), b, nora);
    spawn_units(
        &mut game,
        Some("AAA"),
        "south",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some("BBB"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    war::run_step_d_for_tests(game.world_mut(), None);
    let d = game.world().resource::<Pending>().0.clone().unwrap();
    assert!(matches!(d.kind, DecisionKind::Surrender { .. }), "{d:?}");
    let (loser, winner) = if d.realm == "AAA" { (a, b) } else { (b, a) };
    war::run_step_d_for_tests(game.world_mut(), Some(Action::Accept));
    assert!(count(&game, "pop.war.surrender") >= 1);
    assert_eq!(
        (mat(&game, loser).prestige, mat(&game, winner).prestige),
        (3, 7)
    );
    let d = game.world().resource::<Pending>().0.clone().unwrap();
    assert!(matches!(d.kind, DecisionKind::PeaceTerms { .. }));
    // A surrender allows Humiliation without the capital.
    war::run_step_d_for_tests(
        game.world_mut(),
        Some(Action::Peace {
            term: PeaceTerm::Humiliation,
        }),
    );
    assert!(!relations::at_war_between(game.world(), a, b));
    assert!(count(&game, "pop.war.peace") >= 1);
    assert_eq!(
        game.world().get::<ControlledBy>(sora).unwrap().0,
        b,
        "provinces go back"
    );
}

#[test]
fn pop_battle_naval_when_a_fleet_sails_into_enemy_ships() {
    let mut game = game();
    let a = e(&game, "AAA");
    declare(&mut game, "AAA", "BBB");
    rich(&mut game, "AAA");
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::HeavyShip,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some("BBB"),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        1,
    );
    game.world_mut().res_mut::<Pending>().0 = None;
    military::handle_turn(
        game.world_mut(),
        a,
        &Action::Sail {
            from: "north".into(),
            to: "west_sea".into(),
        },
    );
    assert_eq!(mat(&game, a).mp[2], 7, "an activation costs 1 mil");
    while battle::fight(game.world_mut()) == Progress::Waiting {
        assert!(battle::answer(game.world_mut(), &Action::Decline));
        game.world_mut().res_mut::<Pending>().0 = None;
    }
    assert_eq!(count(&game, "pop.battle.naval"), 1);
    let b = e(&game, "BBB");
    assert!(
        military::own_units_at(game.world(), b, e(&game, "west_sea"), false).is_empty(),
        "two heavy ships score 2 automatic hits: the light ship sinks"
    );
}

#[test]
fn pop_7_4_unpaid_ships_at_sea_go_after_mercenaries_and_before_regulars() {
    let mut game = game();
    let a = e(&game, "AAA");
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Mercenary,
        1,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        2,
    );
    // Income 3 (large 2 + small 1), stability 0, no loans, an empty treasury: 3 to spend.
    // Costs: mercenary 2, two ships at sea 1/2 each, a regular 1, Ada 2 = 6.
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.stability = 0;
        m.loans = 0;
    });
    crate::rulesets::pop::rules::income::pay_upkeep(game.world_mut(), a);
    assert_eq!(
        count(&game, "pop.7.4.unpaid_units"),
        1,
        "the mercenary goes first"
    );
    assert_eq!(
        count(&game, "pop.7.4.unpaid_ships"),
        2,
        "then the ships at sea"
    );
    assert_eq!(army(&game, "AAA", "north"), 1, "the regular is paid");
    assert_eq!(count(&game, "pop.7.4.unpaid_advisor"), 0, "Ada is paid");
    assert_eq!(mat(&game, a).ducats, 0, "3 income - 1 regular - 2 for Ada");
}

#[test]
fn pop_seq_phase4_a_recall_ships_to_port_and_disband_units() {
    let mut game = game();
    let a = e(&game, "AAA");
    spawn_units(
        &mut game,
        Some("AAA"),
        "west_sea",
        UnitKind::LightShip,
        UnitStatus::Regular,
        2,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
        2,
    );
    let candidates = crate::rulesets::pop::rules::income::cut_costs_candidates(game.world(), a);
    let recall = Action::RecallShips {
        from: "west_sea".into(),
        to: "north".into(),
    };
    assert!(candidates.contains(&recall), "{candidates:?}");
    assert!(
        !candidates.contains(&Action::RecallShips {
            from: "west_sea".into(),
            to: "south".into(),
        }),
        "only to a friendly port"
    );
    // "Ships may return to any Friendly Port" (EUP-W 4.4): a port an ally controls is one (2.0:
    // "Ports Controlled by you, your Vassal, or your Ally").
    {
        let b = e(&game, "BBB");
        let alliance = spawn_sim(
            game.world_mut(),
            None,
            crate::rulesets::pop::model::Alliance { a, b },
        );
        let with_ally = crate::rulesets::pop::rules::income::cut_costs_candidates(game.world(), a);
        assert!(
            with_ally.contains(&Action::RecallShips {
                from: "west_sea".into(),
                to: "south".into(),
            }),
            "an ally's port: {with_ally:?}"
        );
        game.world_mut().despawn(alliance);
    }
    let disband = Action::DisbandUnit {
        place: "north".into(),
        kind: UnitKind::Infantry,
        mercenary: false,
    };
    assert!(candidates.contains(&disband));
    crate::rulesets::pop::rules::income::recall_ships(game.world_mut(), a, "west_sea", "north");
    let at_sea = all_units(&game, "AAA", "west_sea");
    assert_eq!(at_sea, 0);
    set(&mut game, a, |m| {
        m.ducats = 0;
        m.manpower = 4;
    });
    crate::rulesets::pop::rules::income::disband_unit(
        game.world_mut(),
        a,
        "north",
        UnitKind::Infantry,
        false,
    );
    assert_eq!(army(&game, "AAA", "north"), 1);
    assert_eq!(
        mat(&game, a).manpower,
        5,
        "a disbanded regular returns to manpower"
    );
    assert_eq!(
        count(&game, "pop.seq.phase4.a"),
        2,
        "the recall and the disbanding"
    );
    // Ships in port cost nothing: only the regular's 1 ducat and Ada's 2 are due.
    set(&mut game, a, |m| m.stability = 0);
    crate::rulesets::pop::rules::income::pay_upkeep(game.world_mut(), a);
    assert_eq!(mat(&game, a).ducats, 3 - 1 - 2);
    assert_eq!(count(&game, "pop.7.4.unpaid_ships"), 0);
}

/// Every unit of `realm` at `place`, ships included.
fn all_units(game: &Game, realm: &str, place: &str) -> usize {
    let r = e(game, realm);
    let p = e(game, place);
    game.world().get::<Present>(p).map_or(0, |present| {
        present
            .iter()
            .filter(|u| game.world().get::<UnitOf>(*u).is_some_and(|o| o.0 == r))
            .count()
    })
}

/// Puts `n` influence cubes of `realm` in `area`.
fn influence(game: &mut Game, realm: &str, area: &str, n: i32) {
    let (r, a) = (e(game, realm), e(game, area));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), r, a, n);
}

fn influence_in(game: &Game, realm: &str, area: &str) -> u8 {
    relations::influence_in(game.world(), e(game, realm), e(game, area))
}

#[test]
fn pop_war_call_to_arms_is_a_choice_that_spends_2_influence_for_an_npr_ally() {
    // A large capital gives CCC a tax value of 2: it lends 1 unit.
    let mut game = game_with(|t| {
        t.replace(
            r#"(id: "capc", name: "Capc", area: "east","#,
            r#"(id: "capc", name: "Capc", area: "east", size: Large,"#,
        )
    });
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, c) = (e(&game, &me), e(&game, "CCC"));
    spawn_sim(game.world_mut(), None, Alliance { a: r, b: c });
    influence(&mut game, &me, "east", 3);
    let mil = mat(&game, r).mp[2];
    let allied_before = army(&game, &me, home(&me));
    declare_alone(&mut game, them);
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, me, "the aggressor chooses its calls first");
    assert!(matches!(
        d.kind,
        DecisionKind::SendCalls {
            defensive: false,
            ..
        }
    ));
    assert_eq!(
        game.legal_actions(),
        vec![Action::CallToArms { ally: "CCC".into() }, Action::Decline]
    );
    game.apply(Action::CallToArms { ally: "CCC".into() })
        .unwrap();
    assert_eq!(
        influence_in(&game, &me, "east"),
        1,
        "an offensive call spends 2 influence"
    );
    assert!(relations::at_war_between(game.world(), c, e(&game, them)));
    assert!(war::active_allies(game.world()).contains(&sid_of(game.world(), c)));
    let lent = 1;
    assert_eq!(
        war::lent_at_activation(game.world(), c),
        1,
        "the units lent are recorded at activation"
    );
    assert_eq!(
        army(&game, &me, home(&me)),
        allied_before + lent,
        "half the ally's tax value in allied units"
    );
    // Declaring cost 1 mil; CCC's east borders the enemy's land too: 1 mil back.
    assert_eq!(mat(&game, r).mp[2], mil - 1 + 1);
    assert!(count(&game, "pop.war.call_to_arms") >= 1);
}

#[test]
fn pop_war_call_to_arms_needs_influence_and_is_refused_with_its_rule() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, c) = (e(&game, &me), e(&game, "CCC"));
    spawn_sim(game.world_mut(), None, Alliance { a: r, b: c });
    influence(&mut game, &me, "east", 1);
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    // One cube is not enough for an offensive call: nothing to choose, the question is skipped.
    assert!(!matches!(
        game.pending().unwrap().kind,
        DecisionKind::SendCalls { .. }
    ));
    assert!(!relations::at_war_between(game.world(), c, e(&game, them)));
    // A marriage makes one cube enough (11.2: one fewer cube to remove).
    let mut game = self::game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, c) = (e(&game, &me), e(&game, "CCC"));
    spawn_sim(game.world_mut(), None, Alliance { a: r, b: c });
    spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a: r,
            b: c,
            disputed_a: false,
            disputed_b: false,
        },
    );
    influence(&mut game, &me, "east", 1);
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    assert_eq!(
        game.legal_actions(),
        vec![Action::CallToArms { ally: "CCC".into() }, Action::Decline]
    );
    // With the cube gone the call is refused, naming its rule, and nothing changes.
    influence(&mut game, &me, "east", -1);
    refused(
        &mut game,
        Action::CallToArms { ally: "CCC".into() },
        "pop.war.call_to_arms",
    );
}

#[test]
fn pop_war_defensive_call_costs_1_influence_and_an_offensive_refusal_ends_in_a_truce() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t, c) = (e(&game, &me), e(&game, them), e(&game, "CCC"));
    // The defender has an NPR ally with 1 of its influence in it.
    spawn_sim(game.world_mut(), None, Alliance { a: t, b: c });
    influence(&mut game, them, "east", 1);
    declare_alone(&mut game, them);
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, them, "the defender calls next");
    assert!(matches!(
        d.kind,
        DecisionKind::SendCalls {
            defensive: true,
            ..
        }
    ));
    game.apply(Action::CallToArms { ally: "CCC".into() })
        .unwrap();
    assert_eq!(
        influence_in(&game, them, "east"),
        0,
        "a defensive call spends 1"
    );
    assert!(relations::at_war_between(game.world(), c, r));

    // An offensive call refused by a Player Realm ally: the alliance ends in a truce.
    let mut game = self::game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t) = (e(&game, &me), e(&game, them));
    spawn_sim(game.world_mut(), None, Alliance { a: r, b: t });
    game.apply(Action::DeclareWar {
        target: "CCC".into(),
    })
    .unwrap();
    assert_eq!(
        game.legal_actions(),
        vec![Action::CallToArms { ally: them.into() }, Action::Decline]
    );
    game.apply(Action::CallToArms { ally: them.into() })
        .unwrap();
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, them);
    assert!(matches!(
        d.kind,
        DecisionKind::CallToArms {
            defensive: false,
            ..
        }
    ));
    let prestige = mat(&game, t).prestige;
    game.apply(Action::Decline).unwrap();
    assert!(!relations::allied(game.world(), r, t));
    assert!(relations::truce_between(game.world(), r, t));
    assert_eq!(
        mat(&game, t).prestige,
        prestige,
        "only a defensive refusal costs prestige"
    );
}

#[test]
fn pop_war_an_offensive_call_the_ally_may_not_declare_must_be_refused() {
    let mut game = game();
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, t, c) = (e(&game, &me), e(&game, them), e(&game, "CCC"));
    spawn_sim(game.world_mut(), None, Alliance { a: r, b: t });
    // The ally has a truce with the target: it may not declare war on it (11.3 Receiving a CtA).
    spawn_sim(game.world_mut(), None, Truce { a: t, b: c });
    game.apply(Action::DeclareWar {
        target: "CCC".into(),
    })
    .unwrap();
    game.apply(Action::CallToArms { ally: them.into() })
        .unwrap();
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, them);
    assert!(matches!(
        d.kind,
        DecisionKind::CallToArms {
            defensive: false,
            ..
        }
    ));
    assert_eq!(game.legal_actions(), vec![Action::Decline]);
    let mil = mat(&game, t).mp[2];
    refused(&mut game, Action::Accept, "pop.war.declare");
    assert_eq!(mat(&game, t).mp[2], mil, "the check charges nothing");
    game.apply(Action::Decline).unwrap();
    assert!(!relations::allied(game.world(), r, t));
    assert!(!relations::at_war_between(game.world(), t, c));
}

/// The mini scenario with CCC's capital large: a tax value of 2, so it lends 1 unit and
/// defends `east` with 2.
fn large_capc() -> Game {
    game_with(|t| {
        t.replace(
            r#"(id: "capc", name: "Capc", area: "east","#,
            r#"(id: "capc", name: "Capc", area: "east", size: Large,"#,
        )
    })
}

/// The active player declares war on CCC, allied to the other Player Realm, which answers
/// CCC's defensive call; returns (aggressor, ally).
fn answer_npr_call(game: &mut Game) -> (Id, &'static str) {
    let me = to_turn(game);
    let them = other(&me);
    rich(game, &me);
    let (t, c) = (e(game, them), e(game, "CCC"));
    spawn_sim(game.world_mut(), None, Alliance { a: t, b: c });
    declare_alone(game, "CCC");
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, them);
    assert!(matches!(
        d.kind,
        DecisionKind::CallToArms {
            defensive: true,
            ..
        }
    ));
    game.apply(Action::Accept).unwrap();
    (me, them)
}

#[test]
fn pop_war_active_ally_answering_an_npr_call_may_make_it_active_for_its_allied_infantry() {
    let mut game = large_capc();
    let (_, them) = answer_npr_call(&mut game);
    let (c, east) = (e(&game, "CCC"), e(&game, "east"));
    // 11.3 Accepting a CtA, step 4: the choice is the ally's, asked once it has joined.
    let d = game.pending().unwrap().clone();
    assert_eq!(d.realm, them);
    assert_eq!(
        d.kind,
        DecisionKind::ActivateAlly {
            ally: "CCC".into(),
            units: 1
        }
    );
    assert_eq!(game.legal_actions(), vec![Action::Accept, Action::Decline]);
    refused(&mut game, Action::Pass, "pop.war.active_ally");
    assert!(!war::active_allies(game.world()).contains(&sid_of(game.world(), c)));
    let before = army(&game, them, home(them));
    game.apply(Action::Accept).unwrap();
    assert!(war::active_allies(game.world()).contains(&sid_of(game.world(), c)));
    assert_eq!(
        war::lent_at_activation(game.world(), c),
        1,
        "recorded for a later split"
    );
    assert_eq!(
        army(&game, them, home(them)),
        before + 1,
        "half CCC's tax value in allied infantry at the capital"
    );
    assert!(
        game.log()
            .entries
            .iter()
            .any(|l| l.rule == "pop.war.active_ally"
                && l.realm.as_deref() == Some(them)
                && l.amount == Some(1))
    );
    // An Active Ally defends its own areas with half its military capacity: 1 of 2.
    assert_eq!(battle::raise_npr_defence(game.world_mut(), c, east), 1);
}

#[test]
fn pop_war_active_ally_declined_the_npr_stays_a_plain_ally_at_full_strength() {
    let mut game = large_capc();
    let (me, them) = answer_npr_call(&mut game);
    let (a, c, east) = (e(&game, &me), e(&game, "CCC"), e(&game, "east"));
    let before = army(&game, them, home(them));
    game.apply(Action::Decline).unwrap();
    assert!(!war::active_allies(game.world()).contains(&sid_of(game.world(), c)));
    assert_eq!(war::lent_at_activation(game.world(), c), 0);
    assert_eq!(army(&game, them, home(them)), before, "no allied infantry");
    assert!(relations::allied(game.world(), e(&game, them), c));
    assert!(relations::at_war_between(game.world(), e(&game, them), a));
    assert_eq!(count(&game, "pop.war.active_ally"), 1);
    // A plain ally keeps its whole military capacity for its own defence.
    assert_eq!(battle::raise_npr_defence(game.world_mut(), c, east), 2);
}

#[test]
fn pop_war_call_to_arms_a_distant_npr_ally_costs_colonists_in_place_of_influence() {
    use crate::rulesets::pop::rules::costs::Cost;
    // CCC's only province, large (it lends 1 unit), lies in the distant Farland.
    let mut game = game_with(|t| {
        t.replace(
            r#"(id: "capc", name: "Capc", area: "east","#,
            r#"(id: "capc", name: "Capc", area: "farland", size: Large,"#,
        )
    });
    let me = to_turn(&mut game);
    let them = other(&me);
    rich(&mut game, &me);
    let (r, c) = (e(&game, &me), e(&game, "CCC"));
    assert!(war::distant_realm(game.world(), c));
    assert!(!war::distant_realm(game.world(), r));
    spawn_sim(game.world_mut(), None, Alliance { a: r, b: c });
    // A colony in Farland makes the caller CCC's neighbour.
    let wild = e(&game, "wild");
    game.world_mut()
        .entity_mut(wild)
        .insert((OwnedBy(r), ControlledBy(r)));
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), r, wild);
    assert!(relations::realms_adjacent(game.world(), r, c));
    set(&mut game, r, |m| m.colonists = 2);
    game.apply(Action::DeclareWar {
        target: them.into(),
    })
    .unwrap();
    let call = Action::CallToArms { ally: "CCC".into() };
    let cost = game
        .legal_actions_with_costs()
        .into_iter()
        .find(|(a, _)| *a == call)
        .map(|(_, c)| c);
    assert_eq!(
        cost,
        Some(Cost {
            colonists: 2,
            ..Cost::default()
        }),
        "an offensive call spends 2 colonists, no influence"
    );
    // One colonist short: refused under the Call to Arms rule, nothing spent.
    set(&mut game, r, |m| m.colonists = 1);
    refused(&mut game, call.clone(), "pop.war.call_to_arms");
    set(&mut game, r, |m| m.colonists = 2);
    let allied_before = army(&game, &me, home(&me));
    game.apply(call).unwrap();
    assert_eq!(mat(&game, r).colonists, 0, "both colonists go");
    assert!(relations::at_war_between(game.world(), c, e(&game, them)));
    assert_eq!(
        army(&game, &me, home(&me)),
        allied_before + 1,
        "a distant realm's double capacity does not double the units it lends"
    );
    assert!(logged(&game, "pop.war.call_to_arms", "2 colonists"));
}

#[test]
fn pop_14_3_rebels_draw_a_military_leader_like_npr_units() {
    // "Rebel Units will fight just like NPR Units": 3 or more of them draw the top Military card
    // and fight with the dice of the leader on it (FACTS, NPR behaviour).
    let mut game = game_with(|t| {
        t.replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"hunyadi_card\", name: \"Hunyadi\", deck: Mil, cost: 1, text: \"A captain.\", character: Some(\"hunyadi\"))],",
        )
        .replace(
            "    characters: [",
            "    characters: [\n        (id: \"hunyadi\", name: \"John Hunyadi\", kind: Leader, skills: (1, 2, 5), dice: 2, cost: 2),",
        )
        .replace(
            "neighbours: [(area: \"south\"), (area: \"east\", mountain: true)], seas: [\"west_sea\"]),",
            "neighbours: [(area: \"south\"), (area: \"east\", mountain: true), (area: \"waste\")], seas: [\"west_sea\"]),\n            (id: \"waste\", name: \"Waste\", continent: \"europe\", religion: Catholic, neighbours: [(area: \"north\"), (area: \"south\")]),",
        )
        .replace(
            "neighbours: [(area: \"north\"), (area: \"east\")], seas: [\"west_sea\"]),",
            "neighbours: [(area: \"north\"), (area: \"east\"), (area: \"waste\")], seas: [\"west_sea\"]),",
        )
    });
    let me = to_turn(&mut game);
    rich(&mut game, &me);
    spawn_units(
        &mut game,
        Some(&me),
        home(&me),
        UnitKind::Infantry,
        UnitStatus::Regular,
        3,
    );
    spawn_units(
        &mut game,
        None,
        "waste",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        3,
    );
    // The leader's card on top of the Military deck.
    let card = game
        .world()
        .resource::<crate::rulesets::pop::state::Content>()
        .0
        .action_cards
        .iter()
        .position(|c| c.id == "hunyadi_card")
        .unwrap();
    {
        let mut decks = game
            .world_mut()
            .res_mut::<crate::rulesets::pop::rules::cards::ActionDecks>();
        let decks = &mut *decks;
        for pile in decks.decks.iter_mut().chain(decks.discard.iter_mut()) {
            pile.retain(|c| *c != card);
        }
        decks.decks[2].push(card);
    }
    for r in ["AAA", "BBB"] {
        let r = e(&game, r);
        game.world_mut()
            .get_mut::<crate::rulesets::pop::rules::cards::Hand>(r)
            .unwrap()
            .cards
            .retain(|c| *c != card);
    }
    game.apply(Action::Move {
        from: home(&me).into(),
        to: "waste".into(),
    })
    .unwrap();
    let log = &game.log().entries;
    assert!(
        log.iter()
            .any(|x| x.rule == "pop.14.3.battle" && x.text.contains("led by hunyadi")),
        "{:?}",
        log.iter()
            .filter(|x| x.rule.contains("battle"))
            .collect::<Vec<_>>()
    );
    assert!(
        log.iter()
            .any(|x| x.rule == "pop.battle.dice" && x.text.starts_with("the rebels rolls 5 ")),
        "3 dice and the leader's 2"
    );
}

#[test]
fn pop_14_4_besieger_chooses_whether_to_place_its_town_on_an_enemys_rebel_town() {
    // "If you are at War with the Owner of this Province, you MAY place your own t on top of
    // theirs (in u state) as normal": the besieger is asked.
    for accept in [false, true] {
        let mut game = game();
        let me = to_turn(&mut game);
        let them = other(&me);
        rich(&mut game, &me);
        declare(&mut game, &me, them);
        let (r, t) = (e(&game, &me), e(&game, them));
        let small = if them == "AAA" { "nora" } else { "sora" };
        let p = e(&game, small);
        crate::rulesets::pop::rules::effects::add_unrest(game.world_mut(), t, p);
        crate::rulesets::pop::rules::rebels::rebels_take(
            game.world_mut(),
            t,
            p,
            t,
            "pop.14.2.rebellion_liberates",
        );
        assert!(game.world().get::<RebelTown>(p).is_some());
        spawn_units(
            &mut game,
            Some(&me),
            home(them),
            UnitKind::Infantry,
            UnitStatus::Regular,
            1,
        );
        game.apply(Action::Siege {
            province: small.into(),
        })
        .unwrap();
        assert!(game.world().get::<RebelTown>(p).is_none());
        assert_eq!(
            game.pending().unwrap().kind,
            DecisionKind::OccupyRebelTown {
                province: small.into()
            }
        );
        assert_eq!(game.legal_actions(), vec![Action::Accept, Action::Decline]);
        game.apply(if accept {
            Action::Accept
        } else {
            Action::Decline
        })
        .unwrap();
        let mine = game
            .world()
            .get::<Holdings>(p)
            .unwrap()
            .iter()
            .any(|x| game.world().get::<TokenOf>(x).is_some_and(|o| o.0 == r));
        assert_eq!(mine, accept, "the besieger's town only if it chose so");
        assert_eq!(
            game.world()
                .get::<ControlledBy>(p)
                .is_some_and(|c| c.0 == r),
            accept
        );
    }
}

#[test]
fn pop_peace_resolution_settles_white_peaces_first_then_total_victories_then_the_rest() {
    // FACTS 5, "Peace (Phase 3D, in this order): 1. Automatic White Peace when neither side
    // occupies anything. 2. Total Victory ... 3. Everything else, in turn order". AAA and BBB's
    // war (the older) has BBB holding Nora; BBB and CCC's holds nothing: its white peace comes
    // first, before AAA and BBB are asked anything.
    let mut game = game();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    at_war(&mut game, a, b);
    at_war(&mut game, b, c);
    let nora = e(&game, "nora");
    military::take_by_siege(game.world_mut(), b, nora);
    jump_to_step(&mut game, "pop.step.p3d");
    assert!(
        !relations::at_war_between(game.world(), b, c),
        "the white peace is made first"
    );
    assert!(logged(
        &game,
        "pop.war.peace",
        "white peace between BBB and CCC"
    ));
    assert!(
        relations::at_war_between(game.world(), a, b) && game.pending().is_some(),
        "AAA and BBB's war waits on its question: {:?}",
        game.pending()
    );
}

#[test]
fn pop_7_2_a_ruler_dead_on_the_way_to_a_question_is_replaced_before_it() {
    // "You may immediately replace a discarded Ruler ... as a Reaction": a ruler killed while a
    // rule goes on to its next question (a battle's follow-up, here "siege more?") is asked
    // about first; the follow-up comes once the Reaction is answered, and takes its answer.
    use crate::rulesets::pop::decision::ask;
    use crate::rulesets::pop::rules::characters::{self, DeferredQuestion};
    // AAA holds a leader card: the Reaction is open to it.
    let mut game = game_with(with_heir_card);
    let a = e(&game, "AAA");
    give_card(&mut game, a, "c_heir");
    game.world_mut().res_mut::<Pending>().0 = None;
    let anna = e(&game, "ruler_a");
    characters::kill(game.world_mut(), anna);
    let follow_up = DecisionKind::SiegeMore {
        area: Id::new("east"),
    };
    ask(
        game.world_mut(),
        Id::new("AAA"),
        follow_up.clone(),
        "Siege more?",
    );
    let asked = game.pending().expect("the Reaction");
    assert_eq!(
        (asked.realm.as_str(), &asked.kind),
        ("AAA", &DecisionKind::ReplaceDeadRuler),
        "the Reaction comes first"
    );
    assert!(game.world().res::<DeferredQuestion>().0.is_some());
    game.world_mut().res_mut::<Pending>().0 = None;
    assert!(characters::answer_reaction(
        game.world_mut(),
        &Action::Decline
    ));
    assert_eq!(count(&game, "pop.7.2.interregnum"), 1);
    assert_eq!(
        game.pending().map(|d| &d.kind),
        Some(&follow_up),
        "then the question it came before"
    );
    assert!(game.world().res::<DeferredQuestion>().0.is_none());
}

#[test]
fn pop_7_2_a_reaction_asked_before_a_battles_retreat_takes_its_own_answer() {
    // AAA's ruler has just died and a Reaction is due when its army, attacked by rebels, would
    // be asked whether to retreat: the Reaction comes first, its "no" goes to the Reaction (an
    // Interregnum), not to the battle as "fight on", and the retreat is asked after it.
    use crate::rulesets::pop::decision::Answer;
    use crate::rulesets::pop::rules::characters::DeadRulers;
    use crate::rulesets::pop::rules::effects::{Visit, for_each_realm};
    let mut game = armies_and_rebels_in_east(4, 0, 9);
    let a = e(&game, "AAA");
    game.world_mut().res_mut::<Pending>().0 = None;
    game.world_mut().res_mut::<DeadRulers>().0.push(a);
    let spec = rebels_attack(&game, "east", "AAA");
    battle::queue(game.world_mut(), spec);
    assert_eq!(battle::fight(game.world_mut()), Progress::Waiting);
    assert_eq!(game.pending().unwrap().kind, DecisionKind::ReplaceDeadRuler);
    // The answer reaches the rules through a step that visits the realms, as in Phase 3.
    game.world_mut().res_mut::<Answer>().0 = Some(Action::Decline);
    for_each_realm(
        game.world_mut(),
        |_, _, _| Visit::Next,
        |_, _, action| panic!("the step took {action:?}"),
    );
    assert_eq!(count(&game, "pop.7.2.interregnum"), 1);
    assert!(
        matches!(
            game.pending().unwrap().kind,
            DecisionKind::BattleRetreat { .. }
        ),
        "then the retreat it came before"
    );
    let asked = game
        .world()
        .resource::<battle::Battles>()
        .current
        .as_ref()
        .and_then(|f| f.asked);
    assert!(asked.is_some(), "the battle still waits on the retreat");
    fight_on(&mut game);
}

#[test]
fn pop_14_3_c_rebels_beside_an_army_lay_no_siege_and_start_no_battle() {
    // Capb has unrest and 4 rebels stand in the south beside 1 unit of AAA's: rebels siege
    // what "they are able", and no siege is laid where hostile units stand (EUP-W 9: "an Area
    // with ... no Enemy Units"); nothing in step C makes them attack, so they wait for the
    // army's realm to attack them (or for it to leave).
    let mut game = rebels_between_north_and_south(0);
    spawn_units(
        &mut game,
        None,
        "south",
        UnitKind::Infantry,
        UnitStatus::Rebel,
        4,
    );
    spawn_units(
        &mut game,
        Some("AAA"),
        "south",
        UnitKind::Infantry,
        UnitStatus::Regular,
        1,
    );
    crate::rulesets::pop::rules::rebel_armies::run_step_c_for_tests(game.world_mut());
    assert!(game.world().get::<RebelTown>(e(&game, "capb")).is_none());
    assert_eq!(count(&game, "pop.14.3.siege"), 0);
    assert_eq!(count(&game, "pop.battle.start"), 0);
    assert_eq!(
        (rebels(&game, "south"), army(&game, "AAA", "south")),
        (4, 1)
    );
}
