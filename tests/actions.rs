//! The one door: legal actions are exactly the accepted ones, and an illegal action names the
//! rule that forbids it and changes nothing.

mod common;

use common::*;
use regnum::rulesets::pop::bot::Bot;
use regnum::rulesets::pop::content::schema::MpKind;
use regnum::rulesets::pop::decision::Offer;
use regnum::rulesets::pop::{Action, DecisionKind};

/// Every action shape, to probe `check` with.
fn probes() -> Vec<Action> {
    let mut all = vec![
        Action::Pass,
        Action::TakeLoan,
        Action::RepayLoan,
        Action::IncreaseStability,
        Action::ChooseProvince {
            province: "capa".into(),
        },
        Action::ChooseProvince {
            province: "capc".into(),
        },
    ];
    all.extend((0..6).map(|slot| Action::TakeEvent { slot }));
    all.extend((0..3).map(|option| Action::ChooseOption { option }));
    all.extend(
        MpKind::ALL
            .iter()
            .map(|kind| Action::ChooseMp { kind: *kind }),
    );
    all.extend(
        MpKind::ALL
            .iter()
            .map(|deck| Action::DrawCard { deck: *deck }),
    );
    all.extend([
        Action::AcceptRuler,
        Action::Decline,
        Action::DiscardDucats,
        Action::PayCorruption { adm: 1 },
        Action::FireAdvisor {
            character: "adv_a".into(),
        },
        Action::Appoint {
            card: "nothing".into(),
        },
        Action::KeepCard {
            card: "nothing".into(),
        },
        Action::DiscardCard {
            card: "nothing".into(),
        },
    ]);
    // The generic and diplomatic actions, legal and not.
    for realm in ["AAA", "BBB", "CCC"] {
        for offer in [
            Offer {
                alliance: true,
                ..Default::default()
            },
            Offer {
                marriage: Some(MpKind::Dip),
                ..Default::default()
            },
            Offer {
                ducats: 5,
                ..Default::default()
            },
            Offer {
                ducats: -7,
                ..Default::default()
            },
            Offer {
                provinces: vec!["nora".into()],
                price: 10,
                ..Default::default()
            },
            Offer::default(),
        ] {
            all.push(Action::Propose {
                realm: realm.into(),
                offer,
            });
        }
    }
    all.extend([
        Action::Accept,
        Action::Explore,
        Action::ExploreWithShip {
            from: "north".into(),
            to: "far_sea".into(),
        },
        Action::ExploreWithShip {
            from: "south".into(),
            to: "far_sea".into(),
        },
        Action::Reroll,
        Action::Discover {
            area: "farland".into(),
        },
        Action::Discover {
            area: "north".into(),
        },
        Action::ChangeFocus {
            into: None,
            from: vec![],
        },
        Action::ChangeFocus {
            into: Some(MpKind::Adm),
            from: vec![MpKind::Dip, MpKind::Mil],
        },
        Action::ChangeFocus {
            into: Some(MpKind::Adm),
            from: vec![MpKind::Adm],
        },
        Action::ChangeReligion,
        Action::AdoptRebelFaith,
        Action::CounterReformation,
        Action::Influence {
            area: "east".into(),
        },
        Action::Influence {
            area: "north".into(),
        },
        Action::InfluenceForDucats {
            area: "east".into(),
        },
        Action::ForgeAlliance {
            realm: "CCC".into(),
        },
        Action::FabricateClaim {
            area: "east".into(),
        },
        Action::FabricateClaim {
            area: "farland".into(),
        },
        Action::Trade,
        Action::IntegrateArea {
            area: "north".into(),
        },
        Action::PlayCard {
            card: "nothing".into(),
        },
    ]);
    all
}

/// A proposal outside the shapes the engine lists (7 ducats): 5.1 allows "all other
/// combinations", so `check` may accept it although `legal_actions` keeps to the listed shapes.
fn unlisted(action: &Action) -> bool {
    matches!(action, Action::Propose { offer, .. } if offer.ducats == -7)
}

#[test]
fn legal_actions_are_exactly_the_accepted_ones_throughout_games() {
    for seed in 0..6 {
        let mut game = mini_game(seed);
        let mut bot = Bot::new(seed);
        let mut steps = 0;
        while !game.is_over() {
            let legal = game.legal_actions();
            assert!(
                !legal.is_empty(),
                "a pending decision always has an answer: {:?}",
                game.pending()
            );
            for probe in probes() {
                if unlisted(&probe) {
                    assert!(!legal.contains(&probe), "{probe:?} is not a listed shape");
                    continue;
                }
                assert_eq!(
                    game.check(&probe).is_ok(),
                    legal.contains(&probe),
                    "{probe:?} at {:?}",
                    game.pending()
                );
            }
            let before = game.state_hash();
            let refused: Vec<Action> = probes()
                .into_iter()
                .filter(|p| !legal.contains(p) && game.check(p).is_err())
                .collect();
            for probe in refused {
                let err = game.apply(probe.clone()).unwrap_err();
                assert!(err.rule.starts_with("pop."), "{err}");
                assert_eq!(
                    game.state_hash(),
                    before,
                    "illegal {probe:?} changed the game"
                );
            }
            let action = bot.choose(&game).unwrap();
            game.apply(action).unwrap();
            steps += 1;
        }
        assert!(steps > 20);
        assert!(game.pending().is_none());
        assert!(game.legal_actions().is_empty());
    }
}

#[test]
fn actions_after_the_end_are_refused() {
    let mut game = mini_game(1);
    regnum::rulesets::pop::bot::play_out(&mut game, 1);
    let err = game.apply(Action::Pass).unwrap_err();
    assert_eq!(err.rule, "pop.seq.game_end");
}

#[test]
fn passing_before_the_event_names_the_rule() {
    let mut game = mini_game(2);
    assert_eq!(game.pending().unwrap().kind, DecisionKind::Turn);
    let err = game.apply(Action::Pass).unwrap_err();
    assert_eq!(err.rule, "pop.act.pass");
}

#[test]
fn actions_serialize_to_ron_and_back() {
    for action in probes() {
        let text = ron::to_string(&action).unwrap();
        let back: Action = ron::from_str(&text).unwrap();
        assert_eq!(back, action);
    }
    assert_eq!(
        ron::to_string(&Action::TakeEvent { slot: 2 }).unwrap(),
        "TakeEvent(slot:2)"
    );
}

#[test]
fn unknown_or_duplicate_players_are_refused() {
    use regnum::rulesets::pop::{Game, GameError, GameSetup};
    let setup = |p: &[&str]| GameSetup {
        players: p.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    assert_eq!(
        Game::new(mini(), setup(&["ZZZ"]), 1).err(),
        Some(GameError::UnknownPlayer("ZZZ".into()))
    );
    assert_eq!(
        Game::new(mini(), setup(&["CCC"]), 1).err(),
        Some(GameError::UnknownPlayer("CCC".into()))
    );
    assert_eq!(
        Game::new(mini(), setup(&["AAA", "AAA"]), 1).err(),
        Some(GameError::DuplicatePlayer("AAA".into()))
    );
    let solo = Game::new(mini(), setup(&["BBB"]), 1).unwrap();
    assert_eq!(solo.pending().unwrap().realm, "BBB");
}

#[test]
fn optional_rule_5_chosen_for_a_game_overrides_the_scenario_and_is_kept_in_its_setup() {
    use regnum::rulesets::pop::{Game, GameSetup};
    let scenario = mini();
    assert!(!scenario.options.religious_rebels);
    let setup =
        GameSetup::default().with_option(regnum::rulesets::pop::OPTION_RELIGIOUS_REBELS, true);
    let game = Game::new(scenario, setup, 1).unwrap();
    assert!(game.scenario().options.religious_rebels);
    assert_eq!(
        game.setup()
            .option(regnum::rulesets::pop::OPTION_RELIGIOUS_REBELS),
        Some(true)
    );
}
