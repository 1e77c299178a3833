//! Rule tests for Missions (17.2, Phase 1 D, final scoring) and Milestones (17.3, Phase 5 D) on
//! the mini scenario with a few cards of each, and checks of the 1444 cards. Each test names
//! its rule id and checks the numbers and refusals.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::bot::Bot;
use crate::rulesets::pop::content::parse_scenario;
use crate::rulesets::pop::content::schema::MilestoneCategory;
use crate::rulesets::pop::decision::{Action, DecisionKind};
use crate::rulesets::pop::rules::conditions::all_met;
use crate::rulesets::pop::rules::milestones::{self, Milestones};
use crate::rulesets::pop::rules::missions::{self, MissionHand};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::state::Content;
use crate::rulesets::pop::{Game, GameSetup};

const CARDS: &str = r#"    ideas: [],
    missions: [
        (id: "m_g1", name: "Steady", starting: true, prestige: 4, text: "t", conditions: [Stability(1)], reward: [Ducats(3)]),
        (id: "m_g2", name: "Take Capc", starting: true, prestige: 3, text: "t", conditions: [Province("capc")]),
        (id: "m_g3", name: "Calm", starting: true, prestige: 2, text: "t", conditions: [Stability(2)]),
        (id: "m_a_next", name: "Rich", realms: ["AAA"], requires: ["m_g1"], prestige: 5, text: "t", conditions: [Treasury(40)]),
        (id: "m_b_later", name: "Later", realms: ["BBB"], prestige: 2, text: "t", conditions: [Alliances(1)]),
    ],
    milestones: [
        (id: "ms_exp", name: "Claims", category: Expansion, age: 1, text: "t", conditions: [Claims(1)], reward: [Mp(Dip, 1)]),
        (id: "ms_pol", name: "Stable", category: Politics, age: 1, text: "t", conditions: [Stability(1)], reward: [Ducats(2)]),
        (id: "ms_pol2", name: "Very stable", category: Politics, age: 1, text: "t", conditions: [Stability(3)], reward: [Ducats(2)]),
        (id: "ms_war", name: "Host", category: Warfare, age: 1, text: "t", conditions: [Army(50)]),
        (id: "ms_eco", name: "Hoard", category: Economics, age: 1, text: "t", conditions: [Treasury(100)]),
        (id: "ms2_exp", name: "Claims 2", category: Expansion, age: 2, text: "t", conditions: [Claims(2)]),
        (id: "ms2_exp_b", name: "Claims 3", category: Expansion, age: 2, text: "t", conditions: [Claims(3)]),
        (id: "ms2_eco", name: "Hoard 2", category: Economics, age: 2, text: "t", conditions: [Treasury(200)]),
    ],
)"#;

fn with_cards(t: String) -> String {
    t.replace("    ideas: [],\n)", CARDS)
}

/// The mini game with Missions and Milestones, at its first decision (Phase 1 D).
fn cards_game() -> Game {
    game_with(with_cards)
}

fn three_players() -> Game {
    game_with(|t| {
        with_cards(t).replace(
            "kind: NonPlayer, colour: (40, 160, 40), capital: \"capc\", religion: Orthodox)",
            "kind: Player, colour: (40, 160, 40), capital: \"capc\", religion: Orthodox, ruler: Some(\"heir_a\"))",
        )
    })
}

fn deciding(game: &Game) -> Entity {
    let name = game.pending().unwrap().realm;
    e(game, &name)
}

fn hand_of(game: &Game, realm: Entity) -> MissionHand {
    missions::hand(game.world(), realm)
}

fn held_ids(game: &Game, realm: Entity) -> Vec<String> {
    hand_of(game, realm)
        .held
        .iter()
        .map(|m| missions::mission_id(game.world(), *m).to_string())
        .collect()
}

fn pick(id: &str) -> Action {
    Action::PickMission {
        mission: Id::new(id),
    }
}

fn claim(id: &str) -> Action {
    Action::ClaimMission {
        mission: Id::new(id),
    }
}

/// Both realms pick m_g1 and m_g2 in the first Phase 1 D; the game then waits on the first turn.
fn to_first_turn() -> Game {
    first_turn_of(cards_game())
}

/// `to_first_turn` for a game with other cards.
fn first_turn_of(mut game: Game) -> Game {
    while matches!(
        game.pending().map(|d| &d.kind),
        Some(DecisionKind::Missions { .. })
    ) {
        let realm = deciding(&game);
        let next = if hand_of(&game, realm).held.is_empty() {
            pick("m_g1")
        } else {
            pick("m_g2")
        };
        game.apply(next).unwrap();
    }
    assert_eq!(game.pending().unwrap().kind, DecisionKind::Turn);
    game
}

#[test]
fn pop_seq_phase1_missions_refills_to_two_from_the_starting_missions() {
    let mut game = cards_game();
    let first = deciding(&game);
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::Missions { held: 0 }
    );
    let picks: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::PickMission { .. }))
        .collect();
    assert_eq!(
        picks,
        vec![pick("m_g1"), pick("m_g2"), pick("m_g3")],
        "at setup only the starting Missions; m_a_next and m_b_later are not"
    );
    game.apply(pick("m_g1")).unwrap();
    assert_eq!(deciding(&game), first, "room for a second Mission");
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::Missions { held: 1 }
    );
    refused(&mut game, pick("m_g1"), "pop.seq.phase1.missions");
    game.apply(pick("m_g3")).unwrap();
    assert_eq!(held_ids(&game, first), vec!["m_g1", "m_g3"]);
    assert_ne!(
        deciding(&game),
        first,
        "two in hand and none held from before: the next realm picks"
    );
    assert_eq!(count(&game, "pop.seq.phase1.missions"), 2);
    // A later Phase 1 D: one completed Mission leaves room for one more, no more.
    game.world_mut().res_mut::<Flow>().round = 2;
    game.world_mut()
        .get_mut::<MissionHand>(first)
        .unwrap()
        .held
        .truncate(1);
    let other = deciding(&game);
    game.world_mut().get_mut::<MissionHand>(other).unwrap().held = vec![0];
    let legal = game.legal_actions();
    assert!(legal.contains(&pick("m_g2")));
}

#[test]
fn pop_seq_phase1_missions_at_most_two_in_hand() {
    let mut game = cards_game();
    let realm = deciding(&game);
    game.world_mut().get_mut::<MissionHand>(realm).unwrap().held = vec![0, 1];
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::PickMission { .. }))
    );
    refused(&mut game, pick("m_g3"), "pop.seq.phase1.missions");
}

#[test]
fn pop_seq_phase1_missions_swap_puts_one_back_and_picks_another() {
    let mut game = cards_game();
    let realm = deciding(&game);
    // Held from an earlier Round: it may be put back.
    game.world_mut().get_mut::<MissionHand>(realm).unwrap().held = vec![0];
    let swap = Action::SwapMission {
        give: "m_g1".into(),
        take: "m_g2".into(),
    };
    assert!(game.legal_actions().contains(&swap));
    game.apply(swap).unwrap();
    assert_eq!(held_ids(&game, realm), vec!["m_g2"]);
    assert_eq!(
        count(&game, "pop.seq.phase1.missions"),
        2,
        "put back, picked"
    );
    // The Mission put back is not picked again in the same step, and the new one not put back.
    refused(&mut game, pick("m_g1"), "pop.seq.phase1.missions");
    refused(
        &mut game,
        Action::SwapMission {
            give: "m_g2".into(),
            take: "m_g3".into(),
        },
        "pop.seq.phase1.missions",
    );
    game.apply(pick("m_g3")).unwrap();
    assert_eq!(held_ids(&game, realm), vec!["m_g2", "m_g3"]);
}

#[test]
fn pop_seq_phase1_missions_prerequisite_unlocks_the_next_mission() {
    let mut game = cards_game();
    game.world_mut().res_mut::<Flow>().round = 2;
    let a = e(&game, "AAA");
    let next = pick("m_a_next");
    let offered = |game: &Game| {
        crate::rulesets::pop::rules::missions::phase1_candidates(game.world(), a).contains(&next)
    };
    assert!(!offered(&game), "m_a_next needs m_g1 completed first");
    game.world_mut().get_mut::<MissionHand>(a).unwrap().done = vec![0];
    assert!(offered(&game));
    assert!(
        !crate::rulesets::pop::rules::missions::phase1_candidates(game.world(), a)
            .contains(&pick("m_g1")),
        "a completed Mission is not picked again"
    );
}

#[test]
fn pop_seq_phase1_missions_are_never_completed_in_phase_1() {
    let mut game = cards_game();
    let realm = deciding(&game);
    game.world_mut().get_mut::<MissionHand>(realm).unwrap().held = vec![0];
    set(&mut game, realm, |m| m.stability = 1);
    refused(&mut game, claim("m_g1"), "pop.seq.phase1.missions");
}

#[test]
fn pop_seq_phase1_missions_claim_scores_its_prestige_and_reward_as_a_minor_action() {
    let mut game = to_first_turn();
    let realm = deciding(&game);
    // Not fulfilled: refused, naming the rule.
    refused(&mut game, claim("m_g1"), "pop.seq.phase1.missions");
    refused(&mut game, claim("m_g3"), "pop.seq.phase1.missions");
    set(&mut game, realm, |m| m.stability = 1);
    assert!(game.legal_actions().contains(&claim("m_g1")));
    assert!(!game.legal_actions().contains(&claim("m_g2")));
    let before = mat(&game, realm);
    game.apply(claim("m_g1")).unwrap();
    let after = mat(&game, realm);
    assert_eq!(after.prestige, before.prestige + 4);
    assert_eq!(after.ducats, before.ducats + 3, "the reward");
    assert_eq!(held_ids(&game, realm), vec!["m_g2"]);
    assert_eq!(hand_of(&game, realm).done, vec![0]);
    assert_eq!(
        deciding(&game),
        realm,
        "completing a Mission does not use the turn"
    );
    assert_eq!(game.pending().unwrap().kind, DecisionKind::Turn);
    refused(&mut game, claim("m_g1"), "pop.seq.phase1.missions");
}

#[test]
fn pop_seq_final_scoring_counts_fulfilled_missions_only() {
    let mut game = to_first_turn();
    let realm = deciding(&game);
    set(&mut game, realm, |m| m.stability = 1);
    // m_g1 holds (4), m_g2 (own Capc) does not.
    let scored = missions::score_at_end(game.world_mut(), realm);
    assert_eq!(scored, 4);
    set(&mut game, realm, |m| m.stability = 0);
    assert_eq!(missions::score_at_end(game.world_mut(), realm), 0);
}

#[test]
fn pop_seq_final_scoring_adds_the_missions_line() {
    let mut game = cards_game();
    crate::rulesets::pop::bot::play_out(&mut game, 5);
    let outcome = game
        .world()
        .resource::<crate::rulesets::pop::rules::scoring::Outcome>()
        .clone();
    for s in &outcome.scores {
        assert_eq!(
            s.total,
            s.prestige_before
                + s.missions
                + s.tax_income
                + s.core_tokens
                + s.marriages
                + s.alliances
                + s.stability
                + s.occupied
                + s.loans
        );
    }
    assert!(game.winner().is_some() || outcome.winner.is_none());
}

#[test]
fn pop_milestone_reveal_one_from_each_deck_of_the_age() {
    let game = cards_game();
    let board = game.world().resource::<Milestones>().clone();
    let content = game.world().resource::<Content>().0.clone();
    let cats: Vec<MilestoneCategory> = board
        .open
        .iter()
        .map(|m| content.milestones[*m].category)
        .collect();
    assert_eq!(
        cats,
        vec![
            MilestoneCategory::Expansion,
            MilestoneCategory::Politics,
            MilestoneCategory::Warfare,
            MilestoneCategory::Economics
        ]
    );
    assert!(board.open.iter().all(|m| content.milestones[*m].age == 1));
    assert_eq!(count(&game, "pop.milestone.reveal"), 1);
}

#[test]
fn pop_milestone_complete_scores_5_3_1_in_order_and_the_reward_to_all() {
    let mut game = three_players();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    let id = "ms_exp";
    let m = milestones::milestone_index(game.world(), id).unwrap();
    game.world_mut().res_mut::<Milestones>().open = vec![m];
    let before: Vec<_> = [a, b, c].iter().map(|r| mat(&game, *r)).collect();
    for r in [a, b, c] {
        milestones::complete(game.world_mut(), r, id);
    }
    let gained: Vec<i32> = [a, b, c]
        .iter()
        .zip(&before)
        .map(|(r, m)| mat(&game, *r).prestige - m.prestige)
        .collect();
    assert_eq!(gained, vec![5, 3, 1]);
    for (r, m) in [a, b, c].iter().zip(&before) {
        assert_eq!(
            mat(&game, *r).mp(crate::rulesets::pop::content::schema::MpKind::Dip),
            (m.mp(crate::rulesets::pop::content::schema::MpKind::Dip) + 1).min(10),
            "every completer gets the reward"
        );
    }
    assert_eq!(count(&game, "pop.milestone.complete"), 3 + 3);
    assert_eq!(
        game.world().resource::<Milestones>().completers(m),
        [0, 1, 2]
            .iter()
            .map(|i| crate::rulesets::pop::state::sid_of(game.world(), [a, b, c][*i]))
            .collect::<Vec<_>>()
    );
}

#[test]
fn pop_milestone_complete_in_a_turn_and_refused_when_unmet() {
    let mut game = to_first_turn();
    let realm = deciding(&game);
    let m = milestones::milestone_index(game.world(), "ms_pol").unwrap();
    game.world_mut().res_mut::<Milestones>().open[1] = m;
    let action = Action::ClaimMilestone {
        milestone: "ms_pol".into(),
    };
    refused(&mut game, action.clone(), "pop.milestone.complete");
    refused(
        &mut game,
        Action::ClaimMilestone {
            milestone: "ms2_exp".into(),
        },
        "pop.milestone.complete",
    );
    set(&mut game, realm, |m| m.stability = 1);
    let before = mat(&game, realm);
    game.apply(action.clone()).unwrap();
    assert_eq!(mat(&game, realm).prestige, before.prestige + 5);
    assert_eq!(mat(&game, realm).ducats, before.ducats + 2);
    assert_eq!(deciding(&game), realm, "a minor action");
    refused(&mut game, action, "pop.milestone.complete");
}

#[test]
fn pop_milestone_replace_at_the_end_of_the_age() {
    let mut game = cards_game();
    let mut bot = Bot::new(4);
    while !game.is_over() && game.flow().age < 2 {
        let action = bot.choose(&game).unwrap();
        game.apply(action).unwrap();
    }
    let board = game.world().resource::<Milestones>().clone();
    let content = game.world().resource::<Content>().0.clone();
    assert!(!board.open.is_empty());
    assert!(board.open.iter().all(|m| content.milestones[*m].age == 2));
    assert_eq!(count(&game, "pop.milestone.replace"), 1);
    // Age 2 has only an Expansion and an Economics deck.
    let cats: Vec<_> = board
        .open
        .iter()
        .map(|m| content.milestones[*m].category)
        .collect();
    assert_eq!(
        cats,
        vec![MilestoneCategory::Expansion, MilestoneCategory::Economics]
    );
}

#[test]
fn pop_milestone_swap_least_prestige_only_and_skipped_on_a_tie() {
    let mut game = cards_game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    set(&mut game, a, |m| m.prestige = 4);
    set(&mut game, b, |m| m.prestige = 4);
    assert_eq!(milestones::least_prestige(game.world()), None);
    set(&mut game, b, |m| m.prestige = 1);
    assert_eq!(milestones::least_prestige(game.world()), Some(b));
    // Play to the end of Age I; whoever has least prestige there is asked, if anyone.
    for seed in 1..12 {
        let mut game = cards_game();
        let mut bot = Bot::new(seed);
        while !game.is_over() && game.flow().age < 2 {
            if game.pending().unwrap().kind == DecisionKind::AgeSwap {
                let asked = deciding(&game);
                assert_eq!(milestones::least_prestige(game.world()), Some(asked));
                let legal = game.legal_actions();
                let swap = legal
                    .iter()
                    .find(|a| matches!(a, Action::SwapMilestone { .. }))
                    .cloned()
                    .unwrap();
                let Action::SwapMilestone { old, new } = swap.clone() else {
                    unreachable!()
                };
                refused(
                    &mut game,
                    Action::SwapMilestone {
                        old,
                        new: "ms_pol2".into(),
                    },
                    "pop.milestone.swap",
                );
                game.apply(swap).unwrap();
                let open: Vec<String> = game
                    .world()
                    .resource::<Milestones>()
                    .open
                    .iter()
                    .map(|m| game.scenario().milestones[*m].id.to_string())
                    .collect();
                assert!(open.contains(&new.to_string()) && !open.contains(&old.to_string()));
                assert_eq!(count(&game, "pop.milestone.swap"), 1);
                return;
            }
            let action = bot.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
    }
    panic!("no seed reached the least-prestige swap");
}

#[test]
fn missions_and_milestones_are_in_the_state_hash() {
    let mut game = cards_game();
    let realm = deciding(&game);
    let before = game.state_hash();
    game.world_mut().get_mut::<MissionHand>(realm).unwrap().done = vec![3];
    let after = game.state_hash();
    assert_ne!(before, after);
    game.world_mut()
        .res_mut::<Milestones>()
        .completed
        .push((0, 0));
    assert_ne!(game.state_hash(), after);
    let after = game.state_hash();
    game.world_mut()
        .get_mut::<MissionHand>(realm)
        .unwrap()
        .returned
        .push(1);
    assert_ne!(game.state_hash(), after, "what this Phase 1 D put back");
    let snap = game.snapshot();
    assert!(
        snap.realms
            .iter()
            .any(|r| r.missions_done == vec!["m_a_next"])
    );
    assert_eq!(snap.milestones_open.len(), 4);
}

#[test]
fn content_missions_and_milestones_validate_with_positions() {
    let bad = with_cards(crate::rulesets::pop::rules::test_support::MINI.to_string())
        .replace(
            "conditions: [Province(\"capc\")]",
            "conditions: [Province(\"nowhere\")]",
        )
        .replace("requires: [\"m_g1\"]", "requires: [\"m_gone\"]")
        .replace("reward: [Mp(Dip, 1)]", "reward: [AnyMp(1)]")
        .replace("category: Warfare, age: 1", "category: Warfare, age: 7");
    let errors = parse_scenario(&bad, "mini.ron").unwrap_err();
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let find = |needle: &str| {
        text.iter()
            .find(|t| t.contains(needle))
            .unwrap_or_else(|| panic!("no error about {needle}: {text:?}"))
    };
    let line_of = |needle: &str| bad.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(find("\"nowhere\"").starts_with(&format!("mini.ron:{}:", line_of("\"nowhere\""))));
    assert!(find("\"m_gone\"").starts_with(&format!("mini.ron:{}:", line_of("\"m_gone\""))));
    find("AnyMp(1)");
    find("age must be 1-4");
}

#[test]
fn default_scenario_cards_hold_for_nobody_at_the_start_and_every_realm_has_a_deck() {
    let game = Game::new(
        crate::rulesets::pop::content::default_scenario(),
        GameSetup::default(),
        1,
    )
    .unwrap();
    let world = game.world();
    let content = world.res::<Content>().0.clone();
    for realm in world.res::<crate::rulesets::pop::state::Seats>().0.clone() {
        let key = crate::rulesets::pop::state::key_of(world, realm);
        let deck: Vec<_> = content
            .missions
            .iter()
            .filter(|m| m.realms.is_empty() || m.realms.contains(&key))
            .collect();
        assert!(deck.iter().filter(|m| m.starting).count() >= 3, "{key}");
        assert!(
            deck.iter().filter(|m| m.realms.contains(&key)).count() >= 6,
            "{key}"
        );
        for m in &deck {
            assert!(
                !all_met(world, realm, &m.conditions),
                "{} holds for {key}",
                m.id
            );
        }
        for m in &content.milestones {
            assert!(
                !all_met(world, realm, &m.conditions),
                "{} holds for {key}",
                m.id
            );
        }
    }
    for age in 1..=4 {
        for cat in MilestoneCategory::ALL {
            let n = content
                .milestones
                .iter()
                .filter(|m| m.age == age && m.category == cat)
                .count();
            assert!(n >= 4, "Age {age} {cat:?}: {n}");
        }
    }
}

#[test]
fn bots_pick_and_complete_missions_and_milestones_in_a_1444_game() {
    let mut game = Game::new(
        crate::rulesets::pop::content::default_scenario(),
        GameSetup::default(),
        1,
    )
    .unwrap();
    crate::rulesets::pop::bot::play_out(&mut game, 1);
    assert!(game.is_over());
    let log = game.log();
    let completed = log
        .entries
        .iter()
        .filter(|e| e.rule == "pop.seq.phase1.missions" && e.text.contains("completes"))
        .count();
    assert!(completed > 0, "no Mission completed");
    assert!(log.count("pop.milestone.complete") > 0);
    assert_eq!(
        log.count("pop.milestone.replace"),
        usize::from(game.flow().age) - 1,
        "{:?}",
        game.world()
            .get_resource::<crate::rulesets::pop::rules::scoring::Outcome>()
    );
}

#[test]
fn content_a_mod_adds_missions_and_milestones_checked_with_positions() {
    let dir = std::env::temp_dir().join(format!("regnum-missions-mod-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = r#"Mod(
    id: "more_missions",
    name: "More Missions",
    base: "1444",
    missions: [
        (id: "m_fra_flanders", name: "Flanders", realms: ["FRA"], prestige: 4, text: "t",
         conditions: [ProvincesIn("low_countries", 2)], reward: [Ducats(3)]),
    ],
    milestones: [
        (id: "ms1_fleet_of_twenty", name: "Twenty Sail", category: Warfare, age: 1, text: "t",
         conditions: [Fleet(20)], reward: [Mp(Mil, 1)]),
    ],
)
"#;
    let path = dir.join("good.ron");
    std::fs::write(&path, good).unwrap();
    match crate::rulesets::pop::content::check_path(&path).unwrap() {
        crate::rulesets::pop::content::LoadedFile::Mod(_, merged) => {
            assert!(merged.missions.iter().any(|m| m.id == "m_fra_flanders"));
            assert!(
                merged
                    .milestones
                    .iter()
                    .any(|m| m.id == "ms1_fleet_of_twenty")
            );
            assert!(merged.missions.len() > 60, "added to the base's own");
        }
        other => panic!("not a mod: {other:?}"),
    }
    let bad = good
        .replace("\"low_countries\"", "\"atlantis\"")
        .replace("realms: [\"FRA\"]", "realms: [\"VEN\"]");
    let path = dir.join("bad.ron");
    std::fs::write(&path, &bad).unwrap();
    let errors = crate::rulesets::pop::content::check_path(&path).unwrap_err();
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let file = path.display().to_string();
    assert!(
        text.iter()
            .any(|t| t.starts_with(&format!("{file}:7:")) && t.contains("\"atlantis\"")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|t| t.starts_with(&format!("{file}:6:")) && t.contains("not a Player Realm")),
        "{text:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pop_7_6_a_core_token_may_be_placed_via_a_mission_reward() {
    // "Sometimes a core token may be placed via a Mission reward": the Mission's reward names
    // an area; the token makes every province there the realm's core (here the other realm's
    // home area), and it cannot be placed where all are its cores already.
    let mut game = first_turn_of(game_with(|t| {
        with_cards(t).replace(
            "reward: [Ducats(3)]),",
            "reward: [CoreToken(\"south\"), CoreToken(\"north\")]),",
        )
    }));
    let realm = deciding(&game);
    let name = crate::rulesets::pop::state::key_of(game.world(), realm);
    let (home, other) = if name == "AAA" {
        ("north", "south")
    } else {
        ("south", "north")
    };
    let other_prov = if other == "south" { "sora" } else { "nora" };
    assert!(!crate::rulesets::pop::rules::towns::is_core(
        game.world(),
        e(&game, other_prov),
        realm
    ));
    set(&mut game, realm, |m| m.stability = 1);
    let tokens_before = game.log().count("pop.7.6.core_token");
    game.apply(claim("m_g1")).unwrap();
    assert!(
        crate::rulesets::pop::rules::towns::is_core(game.world(), e(&game, other_prov), realm),
        "{other_prov} is {name}'s core after the reward"
    );
    let home_province = if home == "north" { "nora" } else { "sora" };
    assert!(crate::rulesets::pop::rules::towns::is_core(
        game.world(),
        e(&game, home_province),
        realm
    ));
    // One token placed, one refused (its home area is all its cores): both logged.
    assert_eq!(game.log().count("pop.7.6.core_token"), tokens_before + 2);
    assert!(
        game.log()
            .entries
            .iter()
            .any(|l| l.text.contains("every province there is its core already")),
        "the home area takes no token"
    );
}

#[test]
fn pop_7_6_core_tokens_count_as_claims_for_missions_and_milestones() {
    // "Each F in play counts as a G in its Area": a Mission or Milestone asking for claims
    // counts the realm's core tokens with its claim tokens.
    use crate::rulesets::pop::content::schema::Condition;
    use crate::rulesets::pop::model::{Claim, CoreToken};
    use crate::rulesets::pop::rules::conditions::measure;
    use crate::rulesets::pop::state::spawn_sim;
    let mut game = game();
    let a = e(&game, "AAA");
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    spawn_sim(
        game.world_mut(),
        None,
        Claim {
            realm: a,
            area: east,
        },
    );
    assert!(measure(game.world(), a, &Condition::Claims(1)).met());
    assert!(!measure(game.world(), a, &Condition::Claims(2)).met());
    spawn_sim(
        game.world_mut(),
        None,
        CoreToken {
            realm: a,
            area: north,
        },
    );
    assert!(
        measure(game.world(), a, &Condition::Claims(2)).met(),
        "1 claim and 1 core token are 2 claims"
    );
    assert!(!measure(game.world(), a, &Condition::Claims(3)).met());
    // A claim and a core token in one area are one claim there.
    spawn_sim(
        game.world_mut(),
        None,
        CoreToken {
            realm: a,
            area: east,
        },
    );
    assert!(!measure(game.world(), a, &Condition::Claims(3)).met());
    // Another realm's core token is not AAA's claim.
    let b = e(&game, "BBB");
    spawn_sim(
        game.world_mut(),
        None,
        CoreToken {
            realm: b,
            area: east,
        },
    );
    assert!(!measure(game.world(), a, &Condition::Claims(3)).met());
}

#[test]
fn pop_age_end_marriages_score_1_then_one_ends_or_2_dip_keep_them() {
    // End of Age step 5 (EUP-W 4.6): "Players who have at least 1 M in play score 1, and must
    // then (in updated Turn order) remove 1 of their M from the board (from an NPR if
    // possible), or pay 2 dip to avoid this." AAA is married to CCC (a Non-Player Realm) and to
    // BBB; BBB, with 1 dip, cannot pay and must end its one marriage.
    use crate::rulesets::pop::content::schema::MpKind;
    use crate::rulesets::pop::model::Marriage;
    use crate::rulesets::pop::rules::events::EventDisplay;
    use crate::rulesets::pop::state::spawn_sim;
    let mut game = game();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    spawn_sim(game.world_mut(), None, Marriage::new(a, c));
    spawn_sim(game.world_mut(), None, Marriage::new(a, b));
    set(&mut game, a, |m| m.mp = [3, 5, 3]);
    set(&mut game, b, |m| m.mp = [3, 1, 3]);
    let prestige = |game: &Game, r: Entity| mat(game, r).prestige;
    let (pa, pb) = (prestige(&game, a), prestige(&game, b));
    game.world_mut()
        .resource_mut::<EventDisplay>()
        .deck_mut(1)
        .clear();
    jump_to_step(&mut game, "pop.step.p5d");
    let mut asked = Vec::new();
    while let Some(d) = game.pending().cloned() {
        if matches!(d.kind, DecisionKind::AgeEndClaims | DecisionKind::AgeSwap) {
            game.apply(Action::Decline).unwrap();
            continue;
        }
        if d.kind != DecisionKind::AgeMarriages {
            break;
        }
        let legal = game.legal_actions();
        if d.realm == "AAA" {
            // Only the marriage with the Non-Player Realm may end while there is one.
            assert_eq!(
                legal,
                vec![
                    Action::ChooseRealm {
                        realm: "CCC".into()
                    },
                    Action::Accept
                ]
            );
            game.apply(Action::Accept).unwrap();
        } else {
            assert_eq!(d.realm.as_str(), "BBB");
            assert_eq!(
                legal,
                vec![Action::ChooseRealm {
                    realm: "AAA".into()
                }],
                "1 dip: no paying"
            );
            game.apply(legal[0].clone()).unwrap();
        }
        asked.push(d.realm.to_string());
        if asked.len() > 2 {
            break;
        }
    }
    asked.sort();
    assert_eq!(asked, vec!["AAA".to_string(), "BBB".to_string()]);
    assert_eq!(prestige(&game, a), pa + 1, "1 prestige for its marriages");
    assert_eq!(prestige(&game, b), pb + 1);
    assert_eq!(mat(&game, a).mp(MpKind::Dip), 3, "2 dip paid to keep them");
    let left: Vec<Marriage> =
        crate::rulesets::pop::rules::generic::markers::<Marriage>(game.world())
            .iter()
            .map(|(_, m)| *m)
            .collect();
    assert_eq!(left.len(), 1, "BBB ended its marriage with AAA");
    assert!(left[0].a == a && left[0].b == c);
    assert!(count(&game, "pop.seq.age_end.marriages") >= 5);
    assert_eq!(game.flow().age, 2, "and the next Age begins");
}

#[test]
fn pop_age_end_marriages_a_partner_that_lost_its_marriage_still_pays() {
    // "If a player removes their M from your Realm (forcing you to do the same from their
    // Realm), you must still remove another M (if you have one), or pay 2 dip": BBB (First
    // Player) ends its marriage with AAA; AAA has none left and pays, here the 1 dip it has.
    use crate::rulesets::pop::content::schema::MpKind;
    use crate::rulesets::pop::model::Marriage;
    use crate::rulesets::pop::rules::events::EventDisplay;
    use crate::rulesets::pop::state::spawn_sim;
    let mut game = game();
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    assert_eq!(
        crate::rulesets::pop::state::turn_order(game.world())[0],
        b,
        "BBB goes first"
    );
    spawn_sim(game.world_mut(), None, Marriage::new(a, b));
    set(&mut game, a, |m| m.mp = [3, 1, 3]);
    set(&mut game, b, |m| m.mp = [3, 1, 3]);
    game.world_mut()
        .resource_mut::<EventDisplay>()
        .deck_mut(1)
        .clear();
    jump_to_step(&mut game, "pop.step.p5d");
    while let Some(d) = game.pending().cloned() {
        match d.kind {
            DecisionKind::AgeEndClaims | DecisionKind::AgeSwap => {
                game.apply(Action::Decline).unwrap();
            }
            DecisionKind::AgeMarriages => {
                assert_eq!(
                    d.realm.as_str(),
                    "BBB",
                    "AAA is not asked: nothing to choose"
                );
                game.apply(Action::ChooseRealm {
                    realm: "AAA".into(),
                })
                .unwrap();
            }
            _ => break,
        }
    }
    assert!(crate::rulesets::pop::rules::generic::markers::<Marriage>(game.world()).is_empty());
    assert_eq!(mat(&game, a).mp(MpKind::Dip), 0, "AAA still pays");
    assert_eq!(mat(&game, b).mp(MpKind::Dip), 1, "BBB ended one instead");
    assert!(logged(
        &game,
        "pop.seq.age_end.marriages",
        "AAA has no royal marriage left to end and pays the 1 dip it has"
    ));
}
