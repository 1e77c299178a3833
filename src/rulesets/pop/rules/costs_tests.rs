//! Tests of the cost list: each cost named with its action agrees with what the rules charge.

use std::collections::BTreeSet;

use crate::engine::log::LogEntry;
use crate::rulesets::pop::bot::Bot;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::Action;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::Mat;
use crate::rulesets::pop::rules::costs::{Cost, action_cost};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::{DecisionKind, Game};

/// The rule ids under which a realm pays for its own action (the action's price, not its
/// effects): the log entries a cost must match.
const PRICE_RULES: &[&str] = &[
    ids::STABILITY_COST,
    ids::ACT_SUPPRESS_UNREST,
    ids::REPAY,
    ids::RESEARCH_IDEA,
    ids::SEQ_PHASE1_KEEP,
    ids::SEQ_PHASE4_C,
    ids::APPOINT_ADVISOR,
    ids::APPOINT_MILITARY_LEADER,
    ids::WAR_DECLARE,
    ids::WAR_RECRUIT,
    ids::WAR_MOVE,
    ids::WAR_SIEGE,
    ids::WAR_ACCESS,
    ids::ALLIANCE,
    ids::MARRIAGE,
    ids::MONETARY_SUPPORT,
    ids::PROVINCE_SALE,
    ids::EXPLORE,
    ids::NATIONAL_FOCUS,
    ids::FOCUS_DISCARD_PICK,
    ids::COUNTER_REFORMATION,
    ids::ACT_INFLUENCE,
    ids::ACT_FORGE_ALLIANCE,
    ids::ACT_FABRICATE_CLAIM,
    ids::ACT_INTEGRATE_AREA,
    ids::ACT_PLAY_CARD,
    ids::ACT_TRADE,
    ids::GOLD_INFLATION,
    ids::ACT_COLONIZE,
    ids::ACT_REPLENISH_MANPOWER,
    ids::EVENT_LEFTOVER,
    ids::ACT_CONVERT_AREA,
    ids::CURIA_EXCOMMUNICATE,
    ids::CURIA_CRUSADE,
    ids::EMPIRE_INCREASE,
    ids::CHANGE_RELIGION,
    ids::AGE_END_MARRIAGES,
];

/// Monarch power, ducats, stability and prestige the log says `realm` paid under price rules in
/// `entries`: `change_mp` writes "<Kind> power a -> b" with the change, ducat payments name
/// "ducats", `change_stability` and `change_prestige` write "<realm>: stability a -> b" and
/// "<realm>: prestige a -> b"; a stability loss at -3 is paid in adm instead and logged as such.
fn charged(entries: &[LogEntry], realm: &str, step: &str) -> Cost {
    charged_by(entries, realm, Some(step), PRICE_RULES)
}

/// The rule ids under which an event option's effects take monarch power and ducats.
const EFFECT_RULES: &[&str] = &[ids::EFFECT_MP, ids::EFFECT_DUCATS];

/// Like `charged`, under these rule ids, in one step or any.
fn charged_by(entries: &[LogEntry], realm: &str, step: Option<&str>, under: &[&str]) -> Cost {
    let mut paid = Cost::default();
    // A bankruptcy (over a mandatory cost the action brought on) takes stability of its own,
    // logged under its rule; the steps it loses at -3 are not the action's price either.
    let mut bankrupt = false;
    for e in entries {
        if e.rule == ids::BANKRUPTCY
            && e.realm.as_deref() == Some(realm)
            && e.text.contains("goes bankrupt")
        {
            bankrupt = true;
        }
        // One note per step lost at -3 (its adm follows under the same rule).
        if e.rule == ids::STABILITY_UNDERFLOW
            && e.text.contains("is at -3 stability")
            && e.realm.as_deref() == Some(realm)
            && step.is_none_or(|s| e.step == s)
        {
            if !bankrupt {
                paid.stability += 1;
            }
            continue;
        }
        let Some(amount) = e.amount.filter(|a| *a < 0) else {
            continue;
        };
        if e.realm.as_deref() != Some(realm)
            || step.is_some_and(|s| e.step != s)
            || !under.contains(&e.rule)
        {
            continue;
        }
        if e.text.contains(": stability ") {
            paid.stability -= amount;
        } else if e.text.contains(": prestige ") {
            paid.prestige -= amount;
        } else if e.text.contains("Adm power") {
            paid.adm -= amount;
        } else if e.text.contains("Dip power") {
            paid.dip -= amount;
        } else if e.text.contains("Mil power") {
            paid.mil -= amount;
        } else if e.text.contains("ducats") {
            paid.ducats -= amount;
        }
    }
    paid
}

/// The part of a cost the log can show: monarch power, ducats, stability and prestige.
fn logged_part(cost: &Cost) -> Cost {
    Cost {
        adm: cost.adm,
        dip: cost.dip,
        mil: cost.mil,
        ducats: cost.ducats,
        stability: cost.stability,
        prestige: cost.prestige,
        ..Cost::default()
    }
}

fn action_name(action: &Action) -> String {
    let text = format!("{action:?}");
    text.split([' ', '{', '(']).next().unwrap_or("").to_string()
}

/// The default scenario as a game.
fn full_game(seed: u64) -> Game {
    Game::new(
        crate::rulesets::pop::content::default_scenario(),
        crate::rulesets::pop::GameSetup::default(),
        seed,
    )
    .expect("the default scenario plays")
}

/// Plays a bot game; at every decision each legal action must be affordable at its stated
/// cost, and the action the bot takes must be charged exactly its stated monarch power and
/// ducats. Returns the actions whose non-zero cost was seen charged.
fn play_and_compare(mut game: Game, seed: u64, max_steps: usize) -> BTreeSet<String> {
    let mut bot = Bot::new(seed);
    let mut verified = BTreeSet::new();
    // An event option being applied: its stated cost, realm, and where its log begins. Its
    // payments may wait on a question (which power to lose), so they are summed until the
    // option's effects are all applied.
    let mut option: Option<(Cost, String, usize)> = None;
    for _ in 0..max_steps {
        let effects_done = game
            .world()
            .resource::<crate::rulesets::pop::rules::effects::EffectQueue>()
            .items
            .is_empty();
        if effects_done && let Some((stated, realm, start)) = option.take() {
            let entries = &game.log().entries[start..];
            if !entries.iter().any(|e| e.rule == ids::BANKRUPTCY) {
                // The option's effects come first; the bottom symbols and the ruler follow.
                let end = entries
                    .iter()
                    .position(|e| e.rule == ids::EVENT_SYMBOLS || e.rule == ids::EVENT_RULER)
                    .unwrap_or(entries.len());
                let paid = charged_by(&entries[..end], &realm, None, EFFECT_RULES);
                assert_eq!(
                    (paid.ducats, paid.adm + paid.dip + paid.mil),
                    (
                        stated.ducats,
                        stated.adm + stated.dip + stated.mil + stated.any_mp
                    ),
                    "event option for {realm}: stated {}, the effects charged {}",
                    stated.describe(),
                    paid.describe()
                );
                for kind in MpKind::ALL {
                    assert!(
                        paid.mp(kind) >= stated.mp(kind),
                        "{kind:?} of {}",
                        stated.describe()
                    );
                }
                if !logged_part(&stated).is_free() || stated.any_mp > 0 {
                    verified.insert("ChooseOption".to_string());
                }
            }
        }
        if game.is_over() {
            break;
        }
        let decision = game.pending().expect("a decision").clone();
        let realm = game
            .world()
            .resource::<Index>()
            .get(decision.realm)
            .expect("a realm decides");
        let mat = game.world().get::<Mat>(realm).cloned().unwrap_or_default();
        let listed = game.legal_actions_with_costs();
        assert_eq!(
            listed.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>(),
            game.legal_actions(),
            "the cost list holds exactly the legal actions"
        );
        // The grouped view (22) holds them too, each once, with the same cost.
        let mut grouped: Vec<String> = game
            .grouped_choices()
            .iter()
            .flat_map(|g| g.choices().map(|c| format!("{c:?}")).collect::<Vec<_>>())
            .collect();
        let mut flat: Vec<String> = listed.iter().map(|c| format!("{c:?}")).collect();
        grouped.sort();
        flat.sort();
        assert_eq!(
            grouped, flat,
            "the grouped choices are exactly the legal actions"
        );
        for (action, cost) in &listed {
            for kind in MpKind::ALL {
                assert!(
                    cost.mp(kind) <= mat.mp(kind),
                    "{action:?} is legal but its cost {} exceeds the realm's {kind:?} {}",
                    cost.describe(),
                    mat.mp(kind)
                );
            }
            // An event option may have to be paid with forced loans (5 ducats each).
            assert!(
                cost.ducats
                    <= mat.ducats + crate::rulesets::pop::rules::economy::LOAN_DUCATS * cost.loans,
                "{action:?} is legal but costs {} with {} ducats",
                cost.describe(),
                mat.ducats
            );
            assert!(
                cost.manpower <= mat.manpower,
                "{action:?} needs manpower the realm lacks"
            );
        }
        let Some(action) = bot.choose(&game) else {
            break;
        };
        let stated = listed
            .iter()
            .find(|(a, _)| *a == action)
            .map(|(_, c)| *c)
            .expect("the bot picks a listed action");
        let step = game.flow().step_id();
        let before = game.log().entries.len();
        game.apply(action.clone()).expect("legal");
        // A deal is charged when the other player accepts it, in that answer's step.
        if matches!(action, Action::Propose { .. }) {
            continue;
        }
        if matches!(action, Action::ChooseOption { .. }) {
            option = Some((stated, decision.realm.to_string(), before));
            continue;
        }
        let paid = charged(&game.log().entries[before..], &decision.realm, step);
        assert_eq!(
            paid,
            logged_part(&stated),
            "{action:?} for {} in {step} (seed {seed}): stated {}, the rules charged {}; the log said:\n{}",
            decision.realm,
            stated.describe(),
            paid.describe(),
            game.log().entries[before..]
                .iter()
                .map(|e| format!("  {} {}", e.rule, e.text))
                .collect::<Vec<_>>()
                .join("\n")
        );
        if !logged_part(&stated).is_free() {
            verified.insert(action_name(&action));
        }
    }
    verified
}

#[test]
fn pop_costs_of_a_whole_bot_game_match_what_the_rules_charge() {
    let mut verified = BTreeSet::new();
    for seed in [1, 2, 3] {
        verified.extend(play_and_compare(game(), seed, 6000));
    }
    // The full scenario brings Ideas, action cards and advisors the mini one lacks.
    verified.extend(play_and_compare(full_game(5), 5, 3000));
    // The bots must have exercised a good spread of priced actions, or the test proves little.
    for expected in [
        "IncreaseStability",
        "RecruitUnit",
        "Influence",
        "Trade",
        "ResearchIdea",
        "KeepCard",
        "PlayCard",
        "ForgeAlliance",
        "Explore",
        "Move",
        "Siege",
        "ChooseOption",
        "DeclareWar",
    ] {
        assert!(
            verified.contains(expected),
            "no {expected} was checked; checked: {verified:?}"
        );
    }
    assert!(verified.len() >= 20, "checked only {verified:?}");
    eprintln!("priced actions checked against the log: {verified:?}");
}

#[test]
fn pop_act_increase_stability_cost_is_listed_with_the_action() {
    let (mut game, me, _) = rich_game(|t| t);
    set(&mut game, me, |m| m.stability = 1);
    let listed = game.legal_actions_with_costs();
    let (_, cost) = listed
        .iter()
        .find(|(a, _)| *a == Action::IncreaseStability)
        .expect("Increase Stability is legal");
    let expected = crate::rulesets::pop::rules::economy::stability_cost(game.world(), me);
    assert_eq!(expected, 6, "5 + stability 1");
    assert_eq!(
        *cost,
        Cost {
            adm: expected,
            ..Cost::default()
        }
    );
    assert_eq!(cost.describe(), "6 ADM");
    let before = mat(&game, me).mp(MpKind::Adm);
    game.apply(Action::IncreaseStability).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Adm), before - expected);
}

#[test]
fn pop_7_3_increase_stability_beyond_the_purse_is_refused_with_its_rule() {
    let (mut game, me, _) = rich_game(|t| t);
    set(&mut game, me, |m| {
        m.stability = 2;
        m.mp = [3, 10, 10];
    });
    // 7 adm needed, 3 held: not listed, and refused under the cost rule.
    assert!(
        !game
            .legal_actions_with_costs()
            .iter()
            .any(|(a, _)| *a == Action::IncreaseStability)
    );
    let refused = game.apply(Action::IncreaseStability).unwrap_err();
    assert_eq!(refused.rule, ids::STABILITY_COST);
}

#[test]
fn pop_7_4_repay_and_take_loan_costs_are_listed() {
    let (mut game, me, _) = rich_game(|t| t);
    set(&mut game, me, |m| m.loans = 1);
    let listed = game.legal_actions_with_costs();
    let cost_of = |wanted: &Action| {
        listed
            .iter()
            .find(|(a, _)| a == wanted)
            .map(|(_, c)| *c)
            .unwrap()
    };
    assert_eq!(cost_of(&Action::RepayLoan).describe(), "6 ducats");
    assert_eq!(cost_of(&Action::TakeLoan).describe(), "1 loan");
    let event = Action::TakeEvent { slot: 0 };
    assert!(cost_of(&event).is_free());
    assert_eq!(cost_of(&event).describe(), "free");
}

#[test]
fn pop_war_recruit_unit_costs_its_ducats_and_manpower() {
    let (game, me, _) = rich_game(|t| t);
    let infantry = action_cost(
        game.world(),
        me,
        &Action::RecruitUnit {
            kind: crate::rulesets::pop::model::UnitKind::Infantry,
            mercenary: false,
        },
    );
    assert_eq!(
        infantry.ducats,
        crate::rulesets::pop::rules::military::unit_cost(
            crate::rulesets::pop::model::UnitKind::Infantry,
            false
        )
    );
    assert_eq!(infantry.manpower, 1);
    assert_eq!(infantry.describe(), "2 ducats + 1 manpower");
    let mercenary = action_cost(
        game.world(),
        me,
        &Action::RecruitUnit {
            kind: crate::rulesets::pop::model::UnitKind::Infantry,
            mercenary: true,
        },
    );
    assert_eq!(mercenary.describe(), "4 ducats");
}

#[test]
fn pop_5_1_explore_and_influence_costs_read_as_words() {
    let (game, me, _) = rich_game(|t| t);
    let world = game.world();
    assert_eq!(
        action_cost(world, me, &Action::Explore).describe(),
        "1 DIP + 1 MIL"
    );
    assert_eq!(
        action_cost(
            world,
            me,
            &Action::InfluenceForDucats {
                area: "anything".into()
            }
        )
        .describe(),
        "3 ducats"
    );
    assert_eq!(
        action_cost(world, me, &Action::ReplenishManpower { units: 4 }).describe(),
        "2 MIL"
    );
    assert_eq!(
        action_cost(world, me, &Action::ChangeReligion).describe(),
        "2 prestige + 1 stability"
    );
    assert_eq!(
        action_cost(
            world,
            me,
            &Action::Colonize {
                province: "x".into(),
                colonists: 1
            }
        )
        .describe(),
        "3 ADM + 1 colonist"
    );
    assert!(action_cost(world, me, &Action::Pass).is_free());
}

#[test]
fn pop_costs_serialize_only_what_is_spent() {
    let cost = Cost {
        dip: 2,
        ducats: 3,
        ..Cost::default()
    };
    assert_eq!(
        serde_json::to_string(&cost).unwrap(),
        r#"{"dip":2,"ducats":3}"#
    );
    assert_eq!(cost.describe(), "2 DIP + 3 ducats");
    let back: Cost = serde_json::from_str(r#"{"dip":2,"ducats":3}"#).unwrap();
    assert_eq!(back, cost);
}

#[test]
fn pop_seq_phase1_keep_is_free_in_the_first_round_and_listed_so() {
    let mut game = full_game(1);
    let mut bot = Bot::new(1);
    let (mut free, mut paid) = (0, 0);
    while !game.is_over() && game.flow().round <= 3 {
        if let Some(DecisionKind::KeepCard { .. }) = game.pending().map(|d| &d.kind) {
            let keep = game
                .legal_actions_with_costs()
                .into_iter()
                .find(|(a, _)| matches!(a, Action::KeepCard { .. }));
            // Without 2 ducats keeping is not listed at all. The question says the same price
            // as the button.
            let prompt = game.pending().unwrap().prompt.clone();
            if game.flow().round == 1 {
                if keep.is_some() {
                    assert!(prompt.contains("Free in the first Round"), "{prompt}");
                } else {
                    assert!(prompt.contains("the most in the first Round"), "{prompt}");
                }
            } else {
                assert!(prompt.ends_with("for 2 ducats?"), "{prompt}");
            }
            if let Some((_, cost)) = keep {
                if game.flow().round == 1 {
                    assert!(cost.is_free(), "{}", cost.describe());
                    free += 1;
                } else {
                    assert_eq!(cost.describe(), "2 ducats");
                    paid += 1;
                }
            }
        }
        let action = bot.choose(&game).expect("a legal action");
        game.apply(action).unwrap();
    }
    assert!(free > 0 && paid > 0, "free {free}, paid {paid}");
}

#[test]
fn pop_costs_of_an_event_option_with_forced_loans_and_short_pools() {
    use crate::rulesets::pop::content::schema::Effect;
    use crate::rulesets::pop::rules::costs::effects_cost;
    let mat = Mat {
        ducats: 2,
        mp: [1, 4, 0],
        manpower: 1,
        ..Mat::default()
    };
    let cost = |effects: &[Effect]| effects_cost(&mat, 5, effects);
    let c = cost(&[Effect::Ducats(-7), Effect::Stability(-1)]);
    assert_eq!(
        (c.ducats, c.loans, c.stability),
        (7, 1, 1),
        "5 short: one forced loan"
    );
    let c = cost(&[Effect::Ducats(-13)]);
    assert_eq!((c.ducats, c.loans), (13, 3), "11 short: three forced loans");
    let c = cost(&[Effect::Loan(1), Effect::Ducats(-7)]);
    assert_eq!(c.loans, 1, "the option's own loan covers the payment");
    // Effects apply in order: a gain before a payment pays for it; after it, it does not.
    assert_eq!(cost(&[Effect::Ducats(5), Effect::Ducats(-7)]).loans, 0);
    assert_eq!(cost(&[Effect::Ducats(-7), Effect::Ducats(5)]).loans, 1);
    assert_eq!(
        cost(&[Effect::Mp(MpKind::Adm, 2), Effect::Mp(MpKind::Adm, -3)]).adm,
        3
    );
    // No more loans than the limit: beyond it the realm goes bankrupt.
    assert_eq!(effects_cost(&mat, 0, &[Effect::Ducats(-7)]).loans, 0);
    let c = cost(&[
        Effect::Mp(MpKind::Adm, -3),
        Effect::AnyMp(-5),
        Effect::Manpower(-2),
        Effect::Manpower(-1),
        Effect::Ducats(4),
    ]);
    assert_eq!(c.adm, 1, "a pool gives only what it holds");
    assert_eq!(c.any_mp, 4, "power of your choice from what is left");
    assert_eq!(c.manpower, 1, "only the available manpower is exhausted");
    assert_eq!(c.ducats, 0, "a gain is no cost");
    assert_eq!(cost(&[Effect::Prestige(-2)]).describe(), "2 prestige");
}

#[test]
fn pop_war_declare_cost_lists_its_stability_and_influence_and_asks_to_confirm() {
    // FACTS 5, declaration steps 2 and 5: 2 stability for a target without a Casus Belli, 1 more
    // for one the attacker is married to, and all its influence in the target's areas.
    use crate::rulesets::pop::model::Marriage;
    use crate::rulesets::pop::rules::relations::influence_in;
    let (mut game, me, other) = rich_game(|t| t);
    set(&mut game, me, |m| m.stability = -1);
    let home_of_other = game
        .world()
        .get::<crate::rulesets::pop::model::Capital>(other)
        .and_then(|c| game.world().get::<crate::rulesets::pop::model::InArea>(c.0))
        .unwrap()
        .0;
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), me, home_of_other, 2);
    crate::rulesets::pop::state::spawn_sim(game.world_mut(), None, Marriage::new(me, other));
    let target = crate::rulesets::pop::state::key_of(game.world(), other);
    let declare = Action::DeclareWar { target };
    let cost = game.action_cost(&declare);
    assert_eq!(
        cost,
        Cost {
            mil: 1,
            stability: 3,
            influence: 2,
            ..Cost::default()
        }
    );
    assert_eq!(cost.describe(), "1 MIL + 2 influence + 3 stability");
    let warning = game
        .warning(&declare)
        .expect("a declaration asks to confirm");
    for words in [
        format!("This starts a war with {target}."),
        format!("You hold no Casus Belli on {target}: -2 stability."),
        format!("You are married to {target}: -1 stability."),
        "2 of your influence cubes leave the board".to_string(),
        "Your stability is -1: it stops at -3, and each step below costs 2 ADM instead (1 step)"
            .to_string(),
    ] {
        assert!(warning.contains(&words), "{words:?} in {warning:?}");
    }
    let before = mat(&game, me);
    game.apply(declare).unwrap();
    let after = mat(&game, me);
    assert_eq!(after.stability, -3);
    assert_eq!(after.mp(MpKind::Mil), before.mp(MpKind::Mil) - 1);
    assert_eq!(
        after.mp(MpKind::Adm),
        before.mp(MpKind::Adm) - 2,
        "the third step is paid in adm"
    );
    assert_eq!(influence_in(game.world(), me, home_of_other), 0);
    // An ordinary choice asks nothing.
    assert!(game.warning(&Action::Pass).is_none());
}

/// The issue's measure: every action of 200 whole bot games of 1444 (seeds 1-200, the recorded
/// fixture's) is charged what its button shows: about 160 s on 2 cores in the debug build, too
/// long for every `cargo test`, so `.ci/run` runs it on its own after the suite:
/// `cargo test --lib pop_costs_of_200_bot_games -- --ignored`.
#[test]
#[ignore]
fn pop_costs_of_200_bot_games_match_what_the_rules_charge() {
    let games: u64 = std::env::var("REGNUM_COST_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let verified = std::sync::Mutex::new(BTreeSet::new());
    std::thread::scope(|scope| {
        for lane in 0..2u64 {
            let verified = &verified;
            scope.spawn(move || {
                for seed in (1..=games).filter(|s| s % 2 == lane) {
                    let seen = play_and_compare(full_game(seed), seed, usize::MAX);
                    verified.lock().unwrap().extend(seen);
                }
            });
        }
    });
    let verified = verified.into_inner().unwrap();
    assert!(verified.contains("DeclareWar"), "{verified:?}");
    eprintln!("{games} games; priced actions checked: {verified:?}");
}
