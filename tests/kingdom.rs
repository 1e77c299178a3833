//! Kingdom from the command line, as the "must show" asks: `check` accepts the
//! scenario and refuses a cut copy at `file:line:col`; 200 bot games fire every `km.*` id of
//! RULE_IDS.md, give the same hashes for the same seeds, and a save replays to its hash with
//! each kingdom's figures in `replay --json`.

mod common;

use common::{assert_recorded_hashes, check_refuses_a_cut_copy, regnum, simulate_report, temp_dir};

#[test]
fn check_accepts_the_kingdom_scenario_and_refuses_a_cut_copy_at_a_position() {
    let (code, out, _) = regnum(&["check", "scenarios/frontier.ron"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("ok scenarios/frontier.ron: Kingdom scenario frontier"),
        "{out}"
    );
    let dir = temp_dir("km-check");
    check_refuses_a_cut_copy("scenarios/frontier.ron", &dir);
    let text = std::fs::read_to_string("scenarios/frontier.ron").unwrap();
    // A modder's mistakes are all reported at once, each where it is.
    let broken = text
        .replacen(
            "upgrade_from: Some(\"library\")",
            "upgrade_from: Some(\"libary\")",
            1,
        )
        .replacen("months: 36", "months: 0", 1)
        .replacen("Item(10000)", "Item(3000)", 1);
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, broken).unwrap();
    let (code, out, _) = regnum(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("unknown building \"libary\""), "{out}");
    assert!(out.contains("at least one month"), "{out}");
    assert!(out.contains("deposited as coin"), "{out}");
}

#[test]
fn two_hundred_bot_games_fire_every_kingdom_rule_and_replay_to_their_hashes() {
    let dir = temp_dir("km-sim");
    let report = simulate_report("scenarios/frontier.ron", 200, &dir, "k");
    let ids = std::fs::read_to_string("docs/kingdom.md").unwrap();
    let seed_ids: Vec<&str> = ids
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .filter(|id| {
            id.starts_with("km.upkeep")
                || id.starts_with("km.edict")
                || id.starts_with("km.income")
                || id.starts_with("km.event")
        })
        .collect();
    assert_eq!(
        seed_ids.len(),
        24,
        "docs/kingdom.md lists the 24 ids of RULE_IDS.md"
    );
    for id in seed_ids {
        assert!(
            report["rule_counts"][id].as_u64().unwrap_or(0) > 0,
            "{id} never fired"
        );
    }
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 200);
    // Same seeds, same hashes as recorded.
    assert_recorded_hashes(
        games,
        "tests/data/kingdom_hashes.json",
        "scenarios/frontier.ron",
    );
    // A save replays to its hash; the JSON shows each kingdom's figures.
    let save = games[0]["save"].as_str().unwrap();
    let (code, out, err) = regnum(&["replay", save, "--json"]);
    assert_eq!(code, 0, "{err}");
    let state: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(state["hash"], games[0]["hash"]);
    assert_eq!(state["ruleset"], "Kingdom");
    for k in state["kingdoms"].as_array().unwrap() {
        for figure in [
            "economy",
            "loyalty",
            "stability",
            "consumption",
            "command_dc",
        ] {
            assert!(k["sheet"][figure]["total"].is_i64(), "{figure}: {k}");
        }
        for field in ["unrest", "treasury"] {
            assert!(k[field].is_i64(), "{field}");
        }
        assert!(k["sheet"]["size"].is_u64());
    }
    let (code, out, _) = regnum(&["replay", save, "--log"]);
    assert_eq!(code, 0);
    assert!(
        out.lines().next().unwrap().starts_with("Year 1 Month"),
        "{out}"
    );
}

/// Asserts that the listed answers of the kind `keep` picks are exactly those of `tried` that
/// `check` accepts (order aside): what every pruned list of the Edict must keep.
fn assert_listed_as_checked(
    game: &regnum::engine::game::Game<regnum::rulesets::kingdom::Kingdom>,
    tried: Vec<regnum::rulesets::kingdom::Action>,
    keep: impl Fn(&regnum::rulesets::kingdom::Action) -> bool,
    context: &str,
) {
    let mut accepted: Vec<_> = tried
        .into_iter()
        .filter(|a| game.check(a).is_ok())
        .collect();
    let mut listed: Vec<_> = game.legal_actions().into_iter().filter(keep).collect();
    accepted.sort_by_key(|a| format!("{a:?}"));
    listed.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(listed, accepted, "{context}");
}

/// The Edict's building list is pruned before `check` runs on it (for speed): at every
/// Settlements decision of a few bot games, it must still be exactly the placements `check`
/// accepts, found by trying every building on every lot of every settlement.
#[test]
fn the_listed_buildings_are_exactly_the_placements_check_accepts() {
    use regnum::engine::game::Game;
    use regnum::engine::ruleset::{Ruleset, SeatBot};
    use regnum::rulesets::kingdom::model::{DISTRICT_CELLS, HexTile, Settlement};
    use regnum::rulesets::kingdom::{Action, DecisionKind, Kingdom};

    let content = regnum::rulesets::kingdom::content::default_scenario();
    let mut decisions = 0;
    for seed in 1..=2 {
        let mut game = Game::<Kingdom>::new(content.clone(), Default::default(), seed).unwrap();
        let mut bot = <Kingdom as Ruleset>::Bot::seeded(seed);
        while !game.is_over() {
            if game
                .pending()
                .is_some_and(|d| d.kind == DecisionKind::Settlements)
            {
                decisions += 1;
                let world = game.world();
                let mut tried = Vec::new();
                // No Settlement component is registered before the first town is founded.
                let mut query = world.try_query::<&Settlement>();
                for settlement in query.iter_mut().flat_map(|q| q.iter(world)) {
                    let t = world.get::<HexTile>(settlement.hex).unwrap();
                    for district in 0..=settlement.districts.len() as u8 {
                        for building in &content.buildings {
                            for cell in 0..=DISTRICT_CELLS {
                                for wide in [false, true] {
                                    tried.push(Action::Build {
                                        at: (t.col, t.row),
                                        district,
                                        cell,
                                        wide,
                                        building: building.id.clone(),
                                    });
                                }
                            }
                        }
                    }
                }
                assert_listed_as_checked(
                    &game,
                    tried,
                    |a| matches!(a, Action::Build { .. }),
                    &format!("seed {seed}"),
                );
            }
            let action = bot.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(
        decisions > 50,
        "only {decisions} Settlements decisions were tried"
    );
}

/// Leadership and Claims lists skip answers before `check` runs on them (for speed): at every
/// such decision of a few bot games they must still be exactly the answers `check` accepts,
/// found by trying every role, leader and focus, and every answer on every hex of the board.
#[test]
fn the_listed_leadership_and_claims_answers_are_exactly_what_check_accepts() {
    use regnum::engine::game::Game;
    use regnum::engine::ruleset::{Ruleset, SeatBot};
    use regnum::rulesets::kingdom::model::{HexTile, Kingdom as KingdomMat};
    use regnum::rulesets::kingdom::{Action, DecisionKind, Kingdom};

    let content = regnum::rulesets::kingdom::content::default_scenario();
    let (mut leadership, mut claims) = (0, 0);
    for seed in 1..=2 {
        let mut game = Game::<Kingdom>::new(content.clone(), Default::default(), seed).unwrap();
        let mut bot = <Kingdom as Ruleset>::Bot::seeded(seed);
        while !game.is_over() {
            let kind = game.pending().map(|d| d.kind);
            if matches!(kind, Some(DecisionKind::Leadership | DecisionKind::Claims)) {
                let world = game.world();
                let mut kingdoms = world.try_query::<&KingdomMat>().unwrap();
                let (leaders, armies) = kingdoms.iter(world).fold((0, 0), |(l, a), k| {
                    (l.max(k.leaders.len()), a.max(k.armies.len()))
                });
                let mut tried = Vec::new();
                if kind == Some(DecisionKind::Leadership) {
                    leadership += 1;
                    for r in &content.roles {
                        for focus in 0..=8u8 {
                            for leader in 0..=leaders as u8 {
                                tried.push(Action::Assign {
                                    role: r.role,
                                    leader,
                                    focus,
                                });
                            }
                            tried.push(Action::Abdicate {
                                role: r.role,
                                to: None,
                                focus,
                            });
                            for to in &content.roles {
                                tried.push(Action::Abdicate {
                                    role: r.role,
                                    to: Some(to.role),
                                    focus,
                                });
                            }
                        }
                        // Swaps: every ordered pair (the reverse and a role with itself
                        // included), foci of one bit, two bits, none and out of range.
                        for w in &content.roles {
                            for focus in [0u8, 1, 2, 3, 4, 8] {
                                for with_focus in [0u8, 1, 2, 3, 4, 8] {
                                    tried.push(Action::Swap {
                                        role: r.role,
                                        with: w.role,
                                        focus,
                                        with_focus,
                                    });
                                }
                            }
                        }
                    }
                } else {
                    claims += 1;
                    let mut hexes = world.try_query::<&HexTile>().unwrap();
                    for t in hexes.iter(world) {
                        let at = (t.col, t.row);
                        tried.extend([Action::Explore(at), Action::Claim(at), Action::Abandon(at)]);
                        tried.push(Action::Clear { at, army: None });
                        for i in 0..=armies as u8 {
                            tried.push(Action::Clear { at, army: Some(i) });
                        }
                    }
                }
                assert_listed_as_checked(
                    &game,
                    tried,
                    |a| *a != Action::Done,
                    &format!("seed {seed}, {kind:?}"),
                );
            }
            let action = bot.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
    }
    assert!(
        leadership > 20 && claims > 20,
        "only {leadership} Leadership and {claims} Claims decisions were tried"
    );
}
