//! Tests of the Raison d'Etat rules (seed 003), one or more per rule id and named after it.
//!
//! Every test plays only through `Game::apply` and reads the game through `world()`,
//! `view(..)`, `log()`, `pending()`, `legal_actions()` and `check(..)`. Situations come from
//! small scenarios built here in Rust: three Major Powers (AAA, BBB, CCC) and, where a test needs
//! one, a Minor Power (MIN), on this map:
//!
//! ```text
//! land:   a_cap - a_two - mid - dis_a - dis_b - b_cap - b_two - dis_b
//!         a_two - m_cap - c_cap - mid;   c_cap - c_two - dis_b;   m_cap - dis_m
//! sea:    a_cap ~ isle, a_cap ~ a_far, c_cap ~ c_two, c_cap ~ b_two
//! values: mid 3; a_cap, dis_a, b_cap, c_cap, dis_m 2; every other Territory 1
//! ```
//!
//! a_* are AAA's Home Territories (a_cap its capital), b_* BBB's, c_* CCC's, m_cap MIN's;
//! dis_a is Disputed with AAA's stripe, dis_b with BBB's, dis_m with MIN's; mid and isle are
//! Undisputed. CCC keeps the round (its dial starts on Muster) and the Imperial Election comes
//! before its Muster. The deck holds cards of one value, so every draw is known. `until`
//! answers every other question with `Done`, `Pass`, `Agree`, `NoGarrison` or the first legal
//! answer (a Status keeps the current one) until the Power named is asked what the test wants.

use std::sync::Arc;

use crate::engine::decision::Illegal;
use crate::engine::game::GameError;
use crate::engine::log::LogEntry;
use crate::engine::ruleset::{RulesetId, SeatBot};
use crate::engine::state::GameSetup;
use crate::rulesets::raison::Game;
use crate::rulesets::raison::bot::Bot;
use crate::rulesets::raison::content::schema::{
    CardCount, DialAction, GeneralDef, HouseRules, PowerDef, Scenario, SeaLaneDef, Side, Status,
    TerritoryDef, TerritoryKind,
};
use crate::rulesets::raison::content::{default_scenario, validate};
use crate::rulesets::raison::decision::{Action, CardRef, DecisionKind, MoveKind};
use crate::rulesets::raison::ids;
use crate::rulesets::raison::model::{self, Army, Hold, Purse, Table};
use crate::rulesets::raison::rules::Secret;
use crate::rulesets::raison::snapshot::Snapshot;

// ---- Building scenarios ----

fn territory(id: &str, kind: TerritoryKind, value: u8, adjacent: &[&str]) -> TerritoryDef {
    TerritoryDef {
        id: id.into(),
        name: id.into(),
        kind,
        value,
        at: (0.0, 0.0),
        adjacent: adjacent.iter().map(|a| a.to_string()).collect(),
        elector: false,
    }
}

fn home(p: &str) -> TerritoryKind {
    TerritoryKind::Home(p.into())
}

fn disputed(p: &str) -> TerritoryKind {
    TerritoryKind::Disputed(vec![p.into()])
}

fn general(id: &str, at: Option<&str>, units: u8) -> GeneralDef {
    GeneralDef {
        id: id.into(),
        name: id.into(),
        at: at.map(Into::into),
        units,
    }
}

fn lane(id: &str, a: &str, b: &str) -> SeaLaneDef {
    SeaLaneDef {
        id: id.into(),
        name: id.into(),
        ends: (a.into(), b.into()),
    }
}

/// A Power with 5 Morale, no Money, Influence or cards, Expansionist.
fn power(id: &str, capital: &str, dial_start: u8, generals: Vec<GeneralDef>) -> PowerDef {
    PowerDef {
        id: id.into(),
        name: id.into(),
        major: true,
        colour: (0, 0, 0),
        capital: capital.into(),
        dial_start,
        status: Status::Expansionist,
        money: 0,
        morale: 5,
        influence: 0,
        hand: 0,
        controller: None,
        emperor: false,
        generals,
        garrisons: Vec::new(),
        fortresses: Vec::new(),
    }
}

/// The 1618 dial.
fn dial_1618() -> Vec<DialAction> {
    use DialAction::*;
    vec![
        Muster,
        Taxation,
        Subsidise,
        Leadership,
        Mobilisation,
        GainInfluence,
        Movement,
    ]
}

/// The test map with AAA (dial on Taxation, a_gen in a_cap with 3 Units), BBB (dial on
/// Subsidise, b_gen in b_cap with 2 Units) and CCC (dial on Muster, c_gen off the map).
fn scenario() -> Scenario {
    let u = TerritoryKind::Undisputed;
    Scenario {
        ruleset: RulesetId::RaisonDEtat,
        id: "test".into(),
        name: "Test".into(),
        description: String::new(),
        victory: 30,
        max_rounds: Some(6),
        dial: dial_1618(),
        round_keeper: "CCC".into(),
        election_before: "CCC".into(),
        coalitions: ("League".into(), "Union".into()),
        house: HouseRules {
            hand_limit: 6,
            subsidy_limit: 3,
            fortress_cost: 5,
            unit_cost: 1,
            card_cost: 1,
            morale_cost: 1,
            emperor_influence: 2,
            unit_strength: 1,
            garrison_strength: 1,
            fortress_strength: 2,
            max_units: 6,
            max_morale: 10,
            battle_loss_morale: 1,
            strategic_steps: 3,
            movement_rounds: 3,
        },
        deck: vec![CardCount {
            value: 1,
            count: 40,
        }],
        powers: vec![
            power("AAA", "a_cap", 1, vec![general("a_gen", Some("a_cap"), 3)]),
            power("BBB", "b_cap", 2, vec![general("b_gen", Some("b_cap"), 2)]),
            power("CCC", "c_cap", 0, vec![general("c_gen", None, 2)]),
        ],
        territories: vec![
            territory("a_cap", home("AAA"), 2, &["a_two"]),
            territory("a_two", home("AAA"), 1, &["mid"]),
            territory("a_far", home("AAA"), 1, &[]),
            territory("isle", u.clone(), 1, &[]),
            territory("mid", u, 3, &["dis_a", "c_cap"]),
            territory("dis_a", disputed("AAA"), 2, &["dis_b"]),
            territory("dis_b", disputed("BBB"), 1, &["b_cap", "b_two", "c_two"]),
            territory("b_cap", home("BBB"), 2, &["b_two"]),
            territory("b_two", home("BBB"), 1, &[]),
            territory("c_cap", home("CCC"), 2, &["c_two"]),
            territory("c_two", home("CCC"), 1, &[]),
        ],
        sea_lanes: vec![
            lane("l_isle", "a_cap", "isle"),
            lane("l_far", "a_cap", "a_far"),
            lane("l_cc", "c_cap", "c_two"),
            lane("l_cb", "c_cap", "b_two"),
        ],
    }
}

/// Adds the Minor Power MIN (m_gen in m_cap with 3 Units) with its Home m_cap and the Disputed
/// dis_m striped with its colour.
fn add_minor(s: &mut Scenario, controller: Option<&str>, dial_start: u8) {
    let mut m = power(
        "MIN",
        "m_cap",
        dial_start,
        vec![general("m_gen", Some("m_cap"), 3)],
    );
    m.major = false;
    m.controller = controller.map(Into::into);
    s.powers.push(m);
    s.territories.push(territory(
        "m_cap",
        home("MIN"),
        1,
        &["a_two", "c_cap", "dis_m"],
    ));
    s.territories
        .push(territory("dis_m", disputed("MIN"), 2, &[]));
}

fn pw<'a>(s: &'a mut Scenario, id: &str) -> &'a mut PowerDef {
    s.powers.iter_mut().find(|p| p.id == id).expect("power")
}

fn tr<'a>(s: &'a mut Scenario, id: &str) -> &'a mut TerritoryDef {
    s.territories
        .iter_mut()
        .find(|t| t.id == id)
        .expect("territory")
}

fn strings(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

/// A game of a scenario that the content checks accept.
fn game(s: Scenario) -> Game {
    let errors = validate(&s, "", "test.ron");
    assert!(
        errors.is_empty(),
        "the test scenario is invalid: {errors:?}"
    );
    Game::new(Arc::new(s), GameSetup::default(), 1).expect("the scenario sets up")
}

/// The shipped 1702 scenario (seven Majors, five Minors).
fn scenario_1702() -> Arc<Scenario> {
    Arc::new(
        crate::rulesets::raison::content::parse_scenario(
            include_str!("../../../../scenarios/rde_1702.ron"),
            "rde_1702.ron",
        )
        .unwrap(),
    )
}

// ---- Reading the game ----

fn purse(g: &Game, id: &str) -> Purse {
    let p = model::map(g.world()).power(id).expect("power");
    model::purse(g.world(), p).clone()
}

fn army(g: &Game, id: &str) -> Army {
    let index = model::map(g.world()).general(id).expect("general");
    model::army(g.world(), index)
}

/// Where a General stands (`None`: off the map).
fn at(g: &Game, id: &str) -> Option<String> {
    army(g, id)
        .at
        .map(|t| model::map(g.world()).territory_ids[t as usize].clone())
}

fn hold(g: &Game, id: &str) -> Hold {
    let t = model::map(g.world()).territory(id).expect("territory");
    model::hold(g.world(), t)
}

fn table(g: &Game) -> &Table {
    g.world().resource::<Table>()
}

fn entries<'a>(g: &'a Game, rule: &str) -> Vec<&'a LogEntry> {
    g.log().entries.iter().filter(|e| e.rule == rule).collect()
}

fn texts(g: &Game, rule: &str) -> Vec<String> {
    entries(g, rule)
        .into_iter()
        .map(|e| e.text.clone())
        .collect()
}

/// The position in the log of the first entry of `rule` whose text contains `part`.
fn seq_of(g: &Game, rule: &str, part: &str) -> usize {
    g.log()
        .entries
        .iter()
        .position(|e| e.rule == rule && e.text.contains(part))
        .unwrap_or_else(|| panic!("no {rule} entry with \"{part}\" in {:#?}", texts(g, rule)))
}

/// The last battle's result as the log gives it.
fn battle_line(g: &Game) -> String {
    texts(g, ids::BATTLE)
        .into_iter()
        .rfind(|t| t.starts_with("Battle of"))
        .expect("a battle was fought")
}

/// Asserts that an entry of `rule` contains `part`.
fn logged(g: &Game, rule: &str, part: &str) {
    assert!(
        has_text(g, rule, part),
        "no {rule} entry with \"{part}\" in {:#?}",
        texts(g, rule)
    );
}

fn has_text(g: &Game, rule: &str, part: &str) -> bool {
    entries(g, rule).iter().any(|e| e.text.contains(part))
}

fn asked(g: &Game) -> (String, String, DecisionKind) {
    let d = g.pending().expect("a decision is pending");
    (d.seat.clone(), d.power.clone(), d.kind.clone())
}

fn power_in<'a>(view: &'a Snapshot, id: &str) -> &'a crate::rulesets::raison::snapshot::PowerState {
    view.powers
        .iter()
        .find(|p| p.id == id)
        .expect("power in view")
}

/// The values of the cards in General `general`'s battle pile as `view` shows them (0: hidden).
fn pile_in(g: &Game, view: &Snapshot, general: &str) -> Vec<u8> {
    let index = model::map(g.world()).general(general);
    let b = view.progress.battle.as_ref().expect("a battle in progress");
    b.piles
        .iter()
        .find(|p| p.general == index)
        .map(|p| p.cards.iter().map(|c| c.value).collect())
        .unwrap_or_default()
}

// ---- Playing ----

/// The answer a test gives to a question it does not care about.
fn default_answer(g: &Game) -> Action {
    let d = g.pending().expect("a decision");
    if d.kind == DecisionKind::Status {
        return Action::ChooseStatus(purse(g, &d.power).status);
    }
    for a in [
        Action::Done,
        Action::Pass,
        Action::Agree,
        Action::NoGarrison,
    ] {
        if g.check(&a).is_ok() {
            return a;
        }
    }
    g.legal_actions()
        .into_iter()
        .next()
        .expect("a legal answer")
}

/// Answers every other question by default until `power` is asked a question `want` accepts.
fn until(g: &mut Game, power: &str, want: impl Fn(&DecisionKind) -> bool) {
    for _ in 0..5_000 {
        match g.pending() {
            Some(d) if d.power == power && want(&d.kind) => return,
            Some(_) => {}
            None => panic!("the game ended before {power} was asked the question"),
        }
        let a = default_answer(g);
        g.apply(a).expect("a default answer is legal");
    }
    panic!("{power} was never asked the question");
}

/// Answers every question by default until `done` holds.
fn advance_until(g: &mut Game, done: impl Fn(&Game) -> bool) {
    for _ in 0..5_000 {
        if done(g) {
            return;
        }
        assert!(g.pending().is_some(), "the game ended first");
        let a = default_answer(g);
        g.apply(a).expect("a default answer is legal");
    }
    panic!("the condition never held");
}

fn play(g: &mut Game, action: Action) {
    if let Err(e) = g.apply(action.clone()) {
        panic!("{action:?} was refused: {} ({})", e.reason, e.rule);
    }
}

/// Applies an action that must be refused: the state hash and history are unchanged.
fn refused(g: &mut Game, action: Action) -> Illegal {
    let before = g.state_hash();
    let n = g.history().len();
    let err = g
        .apply(action.clone())
        .expect_err(&format!("{action:?} should be refused"));
    assert_eq!(g.state_hash(), before, "a refused action changed the state");
    assert_eq!(g.history().len(), n);
    err
}

fn mv(general: &str, to: &str, how: MoveKind) -> Action {
    Action::Move {
        general: general.into(),
        to: to.into(),
        how,
    }
}

fn card(value: u8, pile: Option<&str>) -> Action {
    Action::PlayCard {
        value,
        pile: pile.map(Into::into),
        target: None,
    }
}

fn card_on(value: u8, pile: &str, target_pile: &str, index: u8) -> Action {
    Action::PlayCard {
        value,
        pile: Some(pile.into()),
        target: Some(CardRef {
            pile: Some(target_pile.into()),
            card: index,
        }),
    }
}

fn is_envoy(k: &DecisionKind) -> bool {
    *k == DecisionKind::Envoy
}

// ---- rde.diplomacy ----

#[test]
fn rde_diplomacy_is_skipped_in_round_1_secret_until_all_chose_and_minors_mirror() {
    let mut s = scenario();
    add_minor(&mut s, Some("AAA"), 3);
    pw(&mut s, "CCC").status = Status::Neutral;
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Status);
    assert_eq!(table(&g).round, 2, "the first Diplomacy phase is round 2's");
    // Round 1 has no Diplomacy phase: the log says so, and nobody was asked.
    assert_eq!(
        texts(&g, ids::DIPLOMACY),
        vec!["No Diplomacy phase in round 1: every Power keeps the status it starts with"],
        "round 1 has no Diplomacy phase"
    );
    assert_eq!(refused(&mut g, Action::Bid(1)).rule, ids::DIPLOMACY);

    play(&mut g, Action::ChooseStatus(Status::Coalition(Side::B)));
    assert_eq!(
        asked(&g),
        ("BBB".into(), "BBB".into(), DecisionKind::Status)
    );
    // BBB cannot see what AAA chose; AAA sees its own choice.
    let theirs = g.view(Some("BBB"));
    assert!(
        theirs.progress.secret.is_empty(),
        "{:?}",
        theirs.progress.secret
    );
    assert_eq!(power_in(&theirs, "AAA").status, Status::Expansionist);
    let mine = g.view(Some("AAA"));
    assert_eq!(
        mine.progress.secret,
        vec![(0, Secret::Status(Status::Coalition(Side::B)))]
    );
    assert!(g.view(None).progress.secret.is_empty());
    assert_eq!(
        texts(&g, ids::DIPLOMACY).len(),
        1,
        "nothing is revealed before all chose"
    );

    play(&mut g, Action::ChooseStatus(Status::Coalition(Side::A)));
    play(&mut g, Action::ChooseStatus(Status::Expansionist));
    assert_eq!(
        texts(&g, ids::DIPLOMACY)[1..],
        vec![
            "AAA declares itself in the Coalition of the Union",
            "BBB declares itself in the Coalition of the League",
            "CCC declares itself Expansionist",
        ]
    );
    assert_eq!(purse(&g, "AAA").status, Status::Coalition(Side::B));
    assert_eq!(purse(&g, "CCC").status, Status::Expansionist);
    // The Minor mirrors its controller.
    let min = model::map(g.world()).power("MIN").unwrap();
    assert_eq!(model::status(g.world(), min), Status::Coalition(Side::B));
    logged(
        &g,
        ids::MINOR_CONTROL,
        "MIN mirrors its controller AAA: in the Coalition of the Union",
    );
}

#[test]
fn rde_coalition_allies_leave_no_garrison_in_each_others_home() {
    // "Nor may a Power leave a Garrison in a Home Territory of a Coalition Ally": AAA's
    // Garrison in b_two, BBB's Home, is withdrawn when the two declare the same Coalition.
    let mut s = scenario();
    pw(&mut s, "AAA").garrisons.push("b_two".into());
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Status);
    assert_eq!(
        hold(&g, "b_two").garrison,
        Some(0),
        "still AAA's after round 1"
    );
    play(&mut g, Action::ChooseStatus(Status::Coalition(Side::A)));
    play(&mut g, Action::ChooseStatus(Status::Coalition(Side::A)));
    play(&mut g, Action::ChooseStatus(Status::Expansionist));
    logged(
        &g,
        ids::COALITION,
        "AAA's Garrison leaves b_two, a Home Territory of BBB",
    );
    assert_eq!(hold(&g, "b_two").garrison, None);
}

// ---- rde.coalition ----

/// AAA and BBB are Coalition Allies (side A); AAA's a_gen (3) and a_gen2 (2) stand in dis_a next
/// to dis_b, held by BBB's Garrison and b_gen (2); AAA's dial is on Movement.
fn coalition_scenario() -> Scenario {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 6;
    a.status = Status::Coalition(Side::A);
    a.garrisons = strings(&["dis_a"]);
    a.generals = vec![
        general("a_gen", Some("dis_a"), 3),
        general("a_gen2", Some("dis_a"), 2),
    ];
    let b = pw(&mut s, "BBB");
    b.status = Status::Coalition(Side::A);
    b.garrisons = strings(&["dis_b"]);
    b.generals = vec![general("b_gen", Some("dis_b"), 2)];
    s
}

#[test]
fn rde_coalition_asks_the_allys_consent_before_entering_and_a_refusal_stops_the_move() {
    let mut g = game(coalition_scenario());
    until(&mut g, "AAA", is_envoy);
    play(&mut g, Action::ChooseEnvoy("CCC".into()));
    play(&mut g, mv("a_gen", "dis_b", MoveKind::Land));
    assert_eq!(
        asked(&g),
        (
            "BBB".into(),
            "BBB".into(),
            DecisionKind::Consent {
                mover: "AAA".into()
            }
        )
    );
    assert_eq!(
        at(&g, "a_gen").as_deref(),
        Some("dis_a"),
        "not moved before the Ally agrees"
    );
    assert_eq!(refused(&mut g, Action::Done).rule, ids::COALITION);

    play(&mut g, Action::Refuse);
    assert_eq!(at(&g, "a_gen").as_deref(), Some("dis_a"));
    logged(&g, ids::COALITION, "BBB refuses AAA passage");
    assert_eq!(asked(&g).2, DecisionKind::Move { round: 1 });
    // The refusal holds for the rest of the Movement action: no way through BBB's ground.
    assert_eq!(
        refused(&mut g, mv("a_gen", "dis_b", MoveKind::Land)).rule,
        ids::COALITION
    );
    refused(&mut g, mv("a_gen2", "b_two", MoveKind::Strategic));
}

#[test]
fn rde_coalition_allies_never_fight_and_no_garrison_goes_into_an_allys_home() {
    let mut g = game(coalition_scenario());
    until(&mut g, "AAA", is_envoy);
    play(&mut g, Action::ChooseEnvoy("CCC".into()));
    play(&mut g, mv("a_gen", "dis_b", MoveKind::Land));
    play(&mut g, Action::Agree);
    assert_eq!(at(&g, "a_gen").as_deref(), Some("dis_b"));
    logged(
        &g,
        ids::COALITION,
        "BBB lets AAA move through its Territories",
    );
    // Consent given once holds for this Movement action: a strategic move through dis_b into
    // BBB's Home b_two asks nothing more.
    play(&mut g, mv("a_gen2", "b_two", MoveKind::Strategic));
    assert_eq!(at(&g, "a_gen2").as_deref(), Some("b_two"));
    logged(
        &g,
        ids::MOVEMENT,
        "a_gen2 makes a strategic land movement to dis_b - b_two",
    );
    // Both Generals have moved: the round of movement ends. No battle with the Ally in dis_b,
    // and no Garrison offered in BBB's Home b_two: the next question is the Envoy's.
    assert_eq!(
        asked(&g),
        (
            "CCC".into(),
            "CCC".into(),
            DecisionKind::Grant {
                mover: "AAA".into()
            }
        )
    );
    assert!(!g.log().has(ids::BATTLE));
    assert_eq!((army(&g, "a_gen").units, army(&g, "b_gen").units), (3, 2));
    assert_eq!(hold(&g, "b_two").garrison, None);
}

// ---- rde.muster ----

#[test]
fn rde_muster_draws_one_battle_card_then_discards_one() {
    let mut s = scenario();
    s.deck = vec![CardCount {
        value: 3,
        count: 20,
    }];
    let a = pw(&mut s, "AAA");
    a.dial_start = 0;
    a.hand = 2;
    let mut g = game(s);
    // AAA and CCC muster in the first action turn; AAA comes first in scenario order.
    assert_eq!(
        asked(&g),
        ("AAA".into(), "AAA".into(), DecisionKind::MusterDiscard)
    );
    assert_eq!(purse(&g, "AAA").hand, vec![3, 3, 3]);
    assert_eq!(table(&g).deck.len(), 17);
    assert_eq!(g.legal_actions(), vec![Action::Discard(3)]);
    assert_eq!(refused(&mut g, Action::Discard(5)).rule, ids::MUSTER);
    play(&mut g, Action::Discard(3));
    assert_eq!(purse(&g, "AAA").hand, vec![3, 3]);
    assert_eq!(table(&g).discard, vec![3]);
    assert_eq!(
        texts(&g, ids::MUSTER)[..2],
        ["AAA musters and draws a Battle card", "AAA discards a 3"]
    );
}

#[test]
fn rde_muster_the_public_log_does_not_name_the_card_drawn() {
    // Hands are secret (another seat's view shows none): the log, which every seat reads, must
    // not tell them either.
    let mut s = scenario();
    s.deck = vec![CardCount {
        value: 5,
        count: 20,
    }];
    pw(&mut s, "AAA").dial_start = 3; // Leadership in the first action turn
    let mut g = game(s);
    let draw = &texts(&g, ids::MUSTER)[0];
    assert!(
        draw.starts_with("AAA musters") || draw.starts_with("CCC musters"),
        "{draw}"
    );
    assert!(!draw.contains('5'), "{draw}");
    assert!(
        g.view(Some("AAA"))
            .powers
            .iter()
            .find(|p| p.id == "CCC")
            .unwrap()
            .hand
            .is_empty()
    );
    until(&mut g, "AAA", |k| *k == DecisionKind::Leadership);
    play(&mut g, Action::TakeCard);
    let took = texts(&g, ids::LEADERSHIP).pop().unwrap();
    assert!(!took.contains('5'), "{took}");
}

// ---- rde.taxation ----

/// AAA (dial on Taxation) controls its Homes a_cap (2) and a_far (1), but not a_two (1), which
/// BBB garrisons; it garrisons mid (Undisputed, 3), dis_a (its own stripe, 2), dis_b (BBB's
/// stripe, 1) and b_two (BBB's Home, 1).
fn taxation_game(status: Status) -> Game {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.status = status;
    a.garrisons = strings(&["mid", "dis_a", "dis_b", "b_two"]);
    pw(&mut s, "BBB").garrisons = strings(&["a_two"]);
    let mut g = game(s);
    advance_until(&mut g, |g| g.log().has(ids::TAXATION));
    g
}

#[test]
fn rde_taxation_counts_home_undisputed_and_unstriped_disputed() {
    let g = taxation_game(Status::Coalition(Side::A));
    // a_cap 2 + a_far 1 + mid 3 + dis_b 1; not dis_a (AAA's stripe), b_two (another's Home)
    // or a_two (held by BBB).
    let e = entries(&g, ids::TAXATION)[0];
    assert_eq!(e.text, "AAA collects 7 Money in taxes; now 7");
    assert_eq!(e.amount, Some(7));
    assert_eq!(purse(&g, "AAA").money, 7);
}

#[test]
fn rde_taxation_counts_home_undisputed_and_unstriped_disputed_doubled_when_neutral() {
    let g = taxation_game(Status::Neutral);
    let e = entries(&g, ids::TAXATION)[0];
    assert_eq!(
        e.text,
        "AAA collects 14 Money in taxes (doubled: Neutral); now 14"
    );
    assert_eq!(purse(&g, "AAA").money, 14);
}

// ---- rde.subsidise and rde.mercenaries ----

/// AAA (dial on Subsidise, 5 Money, three 2s) and BBB are Coalition Allies; CCC is not.
fn subsidy_game() -> Game {
    let mut s = scenario();
    s.deck = vec![CardCount {
        value: 2,
        count: 30,
    }];
    let a = pw(&mut s, "AAA");
    a.dial_start = 2;
    a.status = Status::Coalition(Side::A);
    a.money = 5;
    a.hand = 3;
    pw(&mut s, "BBB").status = Status::Coalition(Side::A);
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Subsidise);
    g
}

#[test]
fn rde_subsidise_gives_up_to_3_money_to_coalition_allies_only() {
    let mut g = subsidy_game();
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::GiveMoney { to: "BBB".into() }));
    assert!(!legal.contains(&Action::GiveMoney { to: "CCC".into() }));
    let e = refused(&mut g, Action::GiveMoney { to: "CCC".into() });
    assert_eq!(e.rule, ids::SUBSIDISE, "{}", e.reason);
    for _ in 0..3 {
        play(&mut g, Action::GiveMoney { to: "BBB".into() });
    }
    // Three given: the action is over.
    assert_ne!(asked(&g).1, "AAA");
    assert_eq!((purse(&g, "AAA").money, purse(&g, "BBB").money), (2, 3));
    assert_eq!(
        texts(&g, ids::SUBSIDISE),
        vec!["AAA subsidises BBB with 1 Money"; 3]
    );
}

#[test]
fn rde_subsidise_then_no_mercenaries_in_the_same_action() {
    let mut g = subsidy_game();
    play(&mut g, Action::GiveMoney { to: "BBB".into() });
    let e = refused(
        &mut g,
        Action::GiveCard {
            to: "BBB".into(),
            value: 2,
        },
    );
    assert_eq!(e.rule, ids::MERCENARIES, "{}", e.reason);
    assert!(e.reason.contains("not both"), "{}", e.reason);
    play(&mut g, Action::Done);
    assert_eq!((purse(&g, "AAA").money, purse(&g, "BBB").money), (4, 1));
    assert_eq!(purse(&g, "AAA").hand.len(), 3);
}

#[test]
fn rde_mercenaries_gives_up_to_3_battle_cards_to_coalition_allies_only_not_with_money() {
    let mut g = subsidy_game();
    let e = refused(
        &mut g,
        Action::GiveCard {
            to: "CCC".into(),
            value: 2,
        },
    );
    assert_eq!(e.rule, ids::MERCENARIES, "{}", e.reason);
    play(
        &mut g,
        Action::GiveCard {
            to: "BBB".into(),
            value: 2,
        },
    );
    let e = refused(&mut g, Action::GiveMoney { to: "BBB".into() });
    assert_eq!(e.rule, ids::SUBSIDISE, "{}", e.reason);
    play(
        &mut g,
        Action::GiveCard {
            to: "BBB".into(),
            value: 2,
        },
    );
    play(
        &mut g,
        Action::GiveCard {
            to: "BBB".into(),
            value: 2,
        },
    );
    assert_ne!(asked(&g).1, "AAA");
    assert!(purse(&g, "AAA").hand.is_empty());
    assert_eq!(purse(&g, "BBB").hand, vec![2, 2, 2]);
    assert_eq!(purse(&g, "AAA").money, 5);
    assert_eq!(texts(&g, ids::MERCENARIES).len(), 3);
}

// ---- rde.leadership ----

/// AAA's dial is on Leadership; a_gen (3) stands in a_cap, a_off (2) is off the map.
fn leadership_game() -> Game {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 3;
    a.generals = vec![
        general("a_gen", Some("a_cap"), 3),
        general("a_off", None, 2),
    ];
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Leadership);
    g
}

#[test]
fn rde_leadership_places_off_map_generals_in_controlled_territories_not_also_withdraws() {
    let mut g = leadership_game();
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::PlaceGenerals,
            Action::WithdrawGenerals,
            Action::TakeCard,
            Action::GainMorale
        ]
    );
    play(&mut g, Action::PlaceGenerals);
    let e = refused(
        &mut g,
        Action::Withdraw {
            general: "a_gen".into(),
        },
    );
    assert_eq!(e.rule, ids::LEADERSHIP);
    let e = refused(
        &mut g,
        Action::Place {
            general: "a_off".into(),
            territory: "b_cap".into(),
        },
    );
    assert_eq!(e.rule, ids::LEADERSHIP);
    play(
        &mut g,
        Action::Place {
            general: "a_off".into(),
            territory: "a_two".into(),
        },
    );
    // Nobody is left to place: the action is over.
    assert_ne!(asked(&g).1, "AAA");
    assert_eq!(at(&g, "a_off").as_deref(), Some("a_two"));
    assert_eq!(at(&g, "a_gen").as_deref(), Some("a_cap"));
    logged(&g, ids::LEADERSHIP, "a_off takes the field in a_two");
    assert_eq!(
        (purse(&g, "AAA").morale, purse(&g, "AAA").hand.len()),
        (5, 0)
    );
}

#[test]
fn rde_leadership_withdraws_on_map_generals_not_also_places() {
    let mut g = leadership_game();
    play(&mut g, Action::WithdrawGenerals);
    let e = refused(
        &mut g,
        Action::Place {
            general: "a_off".into(),
            territory: "a_two".into(),
        },
    );
    assert_eq!(e.rule, ids::LEADERSHIP);
    play(
        &mut g,
        Action::Withdraw {
            general: "a_gen".into(),
        },
    );
    assert_eq!(at(&g, "a_gen"), None);
    assert_eq!(at(&g, "a_off"), None);
    logged(&g, ids::LEADERSHIP, "a_gen leaves the map");
}

#[test]
fn rde_leadership_takes_one_battle_card_or_one_morale() {
    let mut g = leadership_game();
    play(&mut g, Action::TakeCard);
    assert_eq!(
        (purse(&g, "AAA").hand.len(), purse(&g, "AAA").morale),
        (1, 5)
    );
    logged(&g, ids::LEADERSHIP, "AAA takes a Battle card");

    let mut g = leadership_game();
    play(&mut g, Action::GainMorale);
    assert_eq!(
        (purse(&g, "AAA").hand.len(), purse(&g, "AAA").morale),
        (0, 6)
    );
    logged(&g, ids::LEADERSHIP, "AAA gains 1 Morale; now 6");
}

#[test]
fn rde_leadership_1702_dial_goes_on_to_subsidise() {
    use DialAction::*;
    let mut s = scenario();
    s.dial = vec![
        Muster,
        Taxation,
        LeadershipAndSubsidise,
        Mobilisation,
        GainInfluence,
        Movement,
    ];
    let a = pw(&mut s, "AAA");
    a.dial_start = 2;
    a.status = Status::Coalition(Side::A);
    a.money = 2;
    let b = pw(&mut s, "BBB");
    b.dial_start = 4;
    b.status = Status::Coalition(Side::A);
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Leadership);
    play(&mut g, Action::GainMorale);
    assert_eq!(
        asked(&g),
        ("AAA".into(), "AAA".into(), DecisionKind::Subsidise)
    );
    play(&mut g, Action::GiveMoney { to: "BBB".into() });
    play(&mut g, Action::Done);
    assert_eq!(
        (
            purse(&g, "AAA").morale,
            purse(&g, "AAA").money,
            purse(&g, "BBB").money
        ),
        (6, 1, 1)
    );
    assert!(
        seq_of(&g, ids::LEADERSHIP, "AAA gains 1 Morale")
            < seq_of(&g, ids::SUBSIDISE, "AAA subsidises BBB")
    );
}

// ---- rde.mobilisation and rde.corruption ----

/// AAA's dial is on Mobilisation with 9 Money; a_gen (2) in a_cap, a_off off the map.
fn mobilisation_game() -> Game {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 4;
    a.money = 9;
    a.generals = vec![
        general("a_gen", Some("a_cap"), 2),
        general("a_off", None, 2),
    ];
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Mobilise);
    g
}

#[test]
fn rde_mobilisation_fortress_costs_5_others_1_and_a_card_per_off_map_general() {
    let mut g = mobilisation_game();
    let fortress = Action::BuyFortress {
        territory: "a_cap".into(),
    };
    assert_eq!(g.action_cost(&fortress).money, 5);
    assert_eq!(g.action_cost(&Action::BuyMorale).money, 1);
    play(&mut g, fortress);
    assert!(hold(&g, "a_cap").fortress);
    assert_eq!(purse(&g, "AAA").money, 4);
    let e = refused(
        &mut g,
        Action::BuyFortress {
            territory: "a_two".into(),
        },
    );
    assert_eq!(e.rule, ids::MOBILISATION);
    play(
        &mut g,
        Action::BuyUnit {
            general: "a_gen".into(),
        },
    );
    assert_eq!((army(&g, "a_gen").units, purse(&g, "AAA").money), (3, 3));
    play(&mut g, Action::BuyCard);
    assert_eq!(
        (purse(&g, "AAA").hand.len(), purse(&g, "AAA").money),
        (1, 2)
    );
    play(&mut g, Action::BuyMorale);
    assert_eq!((purse(&g, "AAA").morale, purse(&g, "AAA").money), (6, 1));
    play(&mut g, Action::Done);
    // One more card for a_off, off the map.
    assert_eq!(purse(&g, "AAA").hand.len(), 2);
    logged(
        &g,
        ids::MOBILISATION,
        "AAA takes 1 Battle card(s) for its 1 General(s) off the map",
    );
    assert_eq!(texts(&g, ids::MOBILISATION).len(), 5);
}

#[test]
fn rde_corruption_returns_unspent_money_after_mobilisation() {
    let mut g = mobilisation_game();
    play(&mut g, Action::BuyMorale);
    play(&mut g, Action::Done);
    assert_eq!(purse(&g, "AAA").money, 0);
    let e = entries(&g, ids::CORRUPTION)[0];
    assert_eq!(
        e.text,
        "Corruption: AAA's 8 unspent Money returns to the supply"
    );
    assert_eq!(e.amount, Some(8));
}

// ---- rde.gain_influence ----

#[test]
fn rde_gain_influence_counts_striped_disputed_other_homes_and_the_emperors_2_minors_take_none() {
    let mut s = scenario();
    add_minor(&mut s, Some("AAA"), 5);
    let a = pw(&mut s, "AAA");
    a.dial_start = 5;
    a.emperor = true;
    a.garrisons = strings(&["dis_a", "dis_b", "b_two", "mid"]);
    pw(&mut s, "MIN").garrisons = strings(&["dis_m"]);
    let mut g = game(s);
    advance_until(&mut g, |g| g.log().count(ids::GAIN_INFLUENCE) >= 2);
    // dis_a (AAA's stripe) 2 + b_two (BBB's Home) 1 + the crown 2; not dis_b (BBB's stripe),
    // mid (Undisputed) or its own Homes.
    assert_eq!(
        texts(&g, ids::GAIN_INFLUENCE),
        vec![
            "AAA gains 5 Influence: its striped Disputed Territories, other Powers' Homes, and the Imperial crown; now 5",
            "MIN is a Minor Power: it takes no Gain Influence action",
        ]
    );
    assert_eq!(purse(&g, "AAA").influence, 5);
    assert_eq!(purse(&g, "MIN").influence, 0);
}

// ---- rde.movement ----

/// AAA (dial on Movement) garrisons mid, dis_a and dis_b; a_gen (3) stands in mid, a_gen2 (2)
/// and a_gen3 (2) in a_cap.
fn movement_scenario() -> Scenario {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 6;
    a.garrisons = strings(&["mid", "dis_a", "dis_b"]);
    a.generals = vec![
        general("a_gen", Some("mid"), 3),
        general("a_gen2", Some("a_cap"), 2),
        general("a_gen3", Some("a_cap"), 2),
    ];
    s
}

#[test]
fn rde_movement_a_strategic_move_of_one_territory() {
    // "Move up to 3 adjacent land Territories": one is within "up to 3". a_cap borders a_two,
    // AAA's own: the strategic move there is listed and made.
    let mut g = game(movement_scenario());
    until(&mut g, "AAA", is_envoy);
    play(&mut g, Action::ChooseEnvoy("BBB".into()));
    let one_step = mv("a_gen2", "a_two", MoveKind::Strategic);
    assert!(g.legal_actions().contains(&one_step));
    play(&mut g, one_step);
    assert_eq!(at(&g, "a_gen2").as_deref(), Some("a_two"));
    logged(
        &g,
        ids::MOVEMENT,
        "a_gen2 makes a strategic land movement to a_two",
    );
}

#[test]
fn rde_movement_land_sea_and_strategic_moves_and_the_refused_ones() {
    let mut g = game(movement_scenario());
    until(&mut g, "AAA", is_envoy);
    play(&mut g, Action::ChooseEnvoy("BBB".into()));
    assert_eq!(asked(&g).2, DecisionKind::Move { round: 1 });

    // Land: only to a bordering Territory, once per round of movement.
    let e = refused(&mut g, mv("a_gen2", "mid", MoveKind::Land));
    assert_eq!(e.rule, ids::MOVEMENT);
    assert!(e.reason.contains("does not border"), "{}", e.reason);
    play(&mut g, mv("a_gen", "c_cap", MoveKind::Land));
    assert_eq!(at(&g, "a_gen").as_deref(), Some("c_cap"));
    logged(&g, ids::MOVEMENT, "a_gen makes a land advance to c_cap");
    let e = refused(&mut g, mv("a_gen", "c_two", MoveKind::Land));
    assert!(e.reason.contains("moved in this round"), "{}", e.reason);

    // Strategic: up to 3 Territories, all its own (or Allies').
    let e = refused(&mut g, mv("a_gen2", "dis_b", MoveKind::Strategic));
    assert_eq!(e.rule, ids::MOVEMENT);
    assert!(e.reason.contains("3 steps"), "{}", e.reason);
    assert_eq!(
        refused(&mut g, mv("a_gen2", "c_cap", MoveKind::Strategic)).rule,
        ids::MOVEMENT
    );
    play(&mut g, mv("a_gen2", "dis_a", MoveKind::Strategic));
    logged(
        &g,
        ids::MOVEMENT,
        "a_gen2 makes a strategic land movement to a_two - mid - dis_a",
    );

    // Sea: its own Sea Lane (a_cap~a_far) and an uncontrolled one (a_cap~isle).
    assert!(
        g.legal_actions()
            .contains(&mv("a_gen3", "a_far", MoveKind::Sea))
    );
    assert_eq!(
        refused(&mut g, mv("a_gen3", "b_two", MoveKind::Sea)).rule,
        ids::MOVEMENT
    );
    play(&mut g, mv("a_gen3", "isle", MoveKind::Sea));
    logged(&g, ids::MOVEMENT, "a_gen3 makes a sea advance to isle");

    // Every General has moved: the round ends. A General ending it where it may garrison with no
    // rival may convert a Unit: c_cap (CCC's Home) is declined, isle taken.
    assert_eq!(
        asked(&g).2,
        DecisionKind::Garrison {
            territory: "c_cap".into()
        }
    );
    play(&mut g, Action::NoGarrison);
    assert_eq!(
        asked(&g).2,
        DecisionKind::Garrison {
            territory: "isle".into()
        }
    );
    play(&mut g, Action::Garrison);
    assert_eq!(hold(&g, "isle").garrison, Some(0));
    assert_eq!(army(&g, "a_gen3").units, 1);
    logged(
        &g,
        ids::MOVEMENT,
        "a_gen3 converts a Unit into a Garrison and takes control of isle",
    );
    assert_eq!(hold(&g, "c_cap").garrison, None);

    play(&mut g, Action::Agree); // the Envoy grants round 2
    assert_eq!(asked(&g).2, DecisionKind::Move { round: 2 });
    // c_cap~c_two is CCC's Sea Lane (it controls both ends): closed to AAA. c_cap~b_two is
    // uncontrolled; isle~a_cap is AAA's own now.
    let e = refused(&mut g, mv("a_gen", "c_two", MoveKind::Sea));
    assert_eq!(e.rule, ids::MOVEMENT);
    assert!(e.reason.contains("controlled by CCC"), "{}", e.reason);
    let legal = g.legal_actions();
    assert!(legal.contains(&mv("a_gen", "b_two", MoveKind::Sea)));
    assert!(legal.contains(&mv("a_gen3", "a_cap", MoveKind::Sea)));
}

#[test]
fn rde_movement_a_neutral_power_may_attack() {
    // The seed gives Neutral Powers doubled Taxation and nothing else: "If at the end of a round
    // of movement a General is in a Territory with a rival General or Garrison, resolve a
    // battle" holds for them too.
    let mut s = coalition_scenario();
    pw(&mut s, "AAA").status = Status::Neutral;
    pw(&mut s, "BBB").status = Status::Expansionist;
    let mut g = game(s);
    until(&mut g, "AAA", is_envoy);
    play(&mut g, Action::ChooseEnvoy("BBB".into()));
    let attack = mv("a_gen", "dis_b", MoveKind::Land);
    assert!(g.legal_actions().contains(&attack));
    play(&mut g, attack);
    assert_eq!(at(&g, "a_gen").as_deref(), Some("dis_b"));
}

#[test]
fn rde_movement_powers_of_one_player_pass_freely_without_consent_or_garrison() {
    let mut s = scenario();
    add_minor(&mut s, Some("AAA"), 3);
    let a = pw(&mut s, "AAA");
    a.dial_start = 6;
    a.status = Status::Coalition(Side::A);
    a.generals = vec![general("a_gen", Some("a_two"), 3)];
    let mut g = game(s);
    until(&mut g, "AAA", is_envoy);
    play(&mut g, Action::ChooseEnvoy("BBB".into()));
    play(&mut g, mv("a_gen", "m_cap", MoveKind::Land));
    // No consent asked of its own Minor, no battle with its General, no Garrison in its Home.
    assert_eq!(at(&g, "a_gen").as_deref(), Some("m_cap"));
    assert_eq!(
        asked(&g).2,
        DecisionKind::Grant {
            mover: "AAA".into()
        }
    );
    assert!(!g.log().has(ids::BATTLE));
    assert!(!has_text(&g, ids::COALITION, "lets AAA"));
}

// ---- rde.envoy ----

/// AAA (dial on Movement) and BBB are Coalition Allies; AAA controls the Minor MIN; a_gen (3)
/// stands in a_cap; AAA garrisons mid.
fn envoy_game() -> Game {
    let mut s = scenario();
    add_minor(&mut s, Some("AAA"), 3);
    let a = pw(&mut s, "AAA");
    a.dial_start = 6;
    a.status = Status::Coalition(Side::A);
    a.garrisons = strings(&["mid"]);
    pw(&mut s, "BBB").status = Status::Coalition(Side::A);
    let mut g = game(s);
    until(&mut g, "AAA", is_envoy);
    g
}

#[test]
fn rde_envoy_is_not_of_the_own_coalition_nor_the_same_player() {
    let mut g = envoy_game();
    assert_eq!(g.legal_actions(), vec![Action::ChooseEnvoy("CCC".into())]);
    assert_eq!(
        refused(&mut g, Action::ChooseEnvoy("BBB".into())).rule,
        ids::ENVOY
    );
    assert_eq!(
        refused(&mut g, Action::ChooseEnvoy("MIN".into())).rule,
        ids::MINOR_CONTROL
    );
    assert_eq!(
        refused(&mut g, Action::ChooseEnvoy("AAA".into())).rule,
        ids::ENVOY
    );
    play(&mut g, Action::ChooseEnvoy("CCC".into()));
    logged(&g, ids::ENVOY, "AAA chooses CCC as its Envoy");
}

#[test]
fn rde_envoy_grants_later_rounds_and_a_refusal_ends_movement() {
    let mut g = envoy_game();
    play(&mut g, Action::ChooseEnvoy("CCC".into()));
    play(&mut g, mv("a_gen", "a_two", MoveKind::Land));
    assert_eq!(
        asked(&g),
        (
            "CCC".into(),
            "CCC".into(),
            DecisionKind::Grant {
                mover: "AAA".into()
            }
        )
    );
    assert_eq!(refused(&mut g, Action::Done).rule, ids::ENVOY);
    play(&mut g, Action::Agree);
    logged(&g, ids::ENVOY, "Envoy CCC grants AAA round 2 of movement");
    assert_eq!(
        asked(&g),
        ("AAA".into(), "AAA".into(), DecisionKind::Move { round: 2 })
    );
    play(&mut g, mv("a_gen", "mid", MoveKind::Land));
    play(&mut g, Action::Refuse);
    logged(
        &g,
        ids::ENVOY,
        "Envoy CCC refuses AAA another round of movement",
    );
    assert!(!matches!(asked(&g), (_, p, DecisionKind::Move { .. }) if p == "AAA"));
    assert_eq!(at(&g, "a_gen").as_deref(), Some("mid"));
}

#[test]
fn rde_envoy_grants_no_more_than_the_house_rounds() {
    let mut g = envoy_game();
    play(&mut g, Action::ChooseEnvoy("CCC".into()));
    play(&mut g, mv("a_gen", "a_two", MoveKind::Land));
    play(&mut g, Action::Agree);
    play(&mut g, mv("a_gen", "mid", MoveKind::Land));
    play(&mut g, Action::Agree);
    assert_eq!(asked(&g).2, DecisionKind::Move { round: 3 });
    play(&mut g, mv("a_gen", "dis_a", MoveKind::Land));
    assert_eq!(
        asked(&g).2,
        DecisionKind::Garrison {
            territory: "dis_a".into()
        }
    );
    play(&mut g, Action::NoGarrison);
    // The third round was the last: no Envoy is asked again.
    assert!(!matches!(
        asked(&g).2,
        DecisionKind::Grant { .. } | DecisionKind::Move { .. }
    ));
    assert_eq!(
        texts(&g, ids::ENVOY)
            .iter()
            .filter(|t| t.contains("grants"))
            .count(),
        2
    );
}

// ---- rde.hand_limit ----

#[test]
fn rde_hand_limit_discards_down_to_6_at_the_end_of_an_action() {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 3;
    a.hand = 6;
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Leadership);
    play(&mut g, Action::TakeCard);
    assert_eq!(
        asked(&g),
        ("AAA".into(), "AAA".into(), DecisionKind::HandLimit)
    );
    assert_eq!(purse(&g, "AAA").hand.len(), 7);
    assert_eq!(refused(&mut g, Action::Discard(4)).rule, ids::HAND_LIMIT);
    play(&mut g, Action::Discard(1));
    assert_eq!(purse(&g, "AAA").hand.len(), 6);
    assert_eq!(
        texts(&g, ids::HAND_LIMIT),
        vec!["AAA discards a 1 to keep within the hand limit of 6 (6 left)"]
    );
    assert_ne!(asked(&g).1, "AAA");
}

#[test]
fn rde_hand_limit_is_not_checked_in_the_middle_of_an_action() {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 4;
    a.hand = 6;
    a.money = 2;
    let mut g = game(s);
    until(&mut g, "AAA", |k| *k == DecisionKind::Mobilise);
    play(&mut g, Action::BuyCard);
    assert_eq!(
        asked(&g).2,
        DecisionKind::Mobilise,
        "7 cards while still buying"
    );
    play(&mut g, Action::BuyCard);
    // Out of Money: the action ends, and with it the hand comes down to 6.
    assert_eq!(asked(&g).2, DecisionKind::HandLimit);
    assert_eq!(purse(&g, "AAA").hand.len(), 8);
    play(&mut g, Action::Discard(1));
    assert_eq!(asked(&g).2, DecisionKind::HandLimit);
    play(&mut g, Action::Discard(1));
    assert_eq!(purse(&g, "AAA").hand.len(), 6);
    assert_eq!(texts(&g, ids::HAND_LIMIT).len(), 2);
}

// ---- Battles ----

/// AAA (dial on Movement) has a_gen in dis_a (its Garrison) with `attack` Units; BBB holds dis_b
/// with a Garrison and b_gen with `defend` Units. The deck holds only `value`s; AAA and BBB
/// start with `a_hand` and `b_hand` cards.
fn battle_scenario(attack: u8, defend: u8, value: u8, a_hand: u8, b_hand: u8) -> Scenario {
    let mut s = scenario();
    s.deck = vec![CardCount { value, count: 30 }];
    let a = pw(&mut s, "AAA");
    a.dial_start = 6;
    a.hand = a_hand;
    a.garrisons = strings(&["dis_a"]);
    a.generals = vec![general("a_gen", Some("dis_a"), attack)];
    let b = pw(&mut s, "BBB");
    b.hand = b_hand;
    b.garrisons = strings(&["dis_b"]);
    b.generals = vec![general("b_gen", Some("dis_b"), defend)];
    s
}

/// AAA chooses its first possible Envoy and sends `general` into dis_b by land; its only
/// General having moved, the round of movement ends and the battle begins.
fn attack(g: &mut Game, power: &str, general: &str, to: &str) {
    until(g, power, is_envoy);
    let envoy = g.legal_actions().into_iter().next().expect("an Envoy");
    play(g, envoy);
    play(g, mv(general, to, MoveKind::Land));
}

#[test]
fn rde_battle_strengths_are_units_garrison_and_fortress() {
    let mut s = battle_scenario(3, 2, 1, 0, 0);
    pw(&mut s, "BBB").fortresses = strings(&["dis_b"]);
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    assert_eq!(
        texts(&g, ids::BATTLE)[..4],
        [
            "AAA attacks BBB in dis_b",
            // Step 1, before any support: 2 Units + the Garrison's 1 + the Fortress's 2.
            "Strengths in dis_b: AAA 3, BBB 5",
            "Strengths in dis_b before Battle cards: AAA 3, BBB 5",
            "Battle of dis_b: AAA 3 against BBB 5; BBB wins",
        ]
    );
    logged(&g, ids::BATTLE, "Every General in the battle loses a Unit");
}

#[test]
fn rde_battle_support_adjacent_allies_support_attacker_then_defender_and_lose_a_unit() {
    let mut g = game(support_scenario());
    attack(&mut g, "AAA", "a_gen", "dis_b");
    assert_eq!(
        asked(&g),
        (
            "CCC".into(),
            "CCC".into(),
            DecisionKind::Support {
                territory: "dis_b".into(),
                attacker: true
            }
        )
    );
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::Support {
                general: "c_gen".into()
            },
            Action::Done
        ]
    );
    assert_eq!(
        refused(
            &mut g,
            Action::Support {
                general: "b_gen2".into()
            }
        )
        .rule,
        ids::BATTLE_SUPPORT
    );
    play(
        &mut g,
        Action::Support {
            general: "c_gen".into(),
        },
    );
    // The defender's Ally is MIN, the Minor of the same player; BBB's own b_gen2 next door is
    // not an Ally of BBB and does not support.
    let (seat, power, kind) = asked(&g);
    assert_eq!(
        (power.as_str(), kind),
        (
            "MIN",
            DecisionKind::Support {
                territory: "dis_b".into(),
                attacker: false
            }
        )
    );
    assert_eq!(seat, "BBB", "the controlling Major answers for its Minor");
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::Support {
                general: "m_gen".into()
            },
            Action::Done
        ]
    );
    assert_eq!(
        refused(
            &mut g,
            Action::Support {
                general: "b_gen2".into()
            }
        )
        .rule,
        ids::BATTLE_SUPPORT
    );
    play(
        &mut g,
        Action::Support {
            general: "m_gen".into(),
        },
    );
    assert_eq!(
        texts(&g, ids::BATTLE_SUPPORT),
        vec![
            "c_gen of CCC supports the attacker from c_two",
            "m_gen of MIN supports the defender from m_cap",
        ]
    );
    // Step 1 totals the two sides before any Ally declares support: AAA 3 against BBB 1 +
    // Garrison 1; then AAA 3 + CCC 2 against BBB 1 + Garrison 1 + MIN 2.
    let battle_lines = texts(&g, ids::BATTLE);
    let first = battle_lines
        .iter()
        .position(|t| t == "Strengths in dis_b: AAA 3, BBB 2")
        .unwrap_or_else(|| panic!("step 1's totals: {battle_lines:?}"));
    assert!(
        g.log()
            .entries
            .iter()
            .position(|e| e.rule == ids::BATTLE && e.text == battle_lines[first])
            < g.log()
                .entries
                .iter()
                .position(|e| e.rule == ids::BATTLE_SUPPORT),
        "totalled before the support is declared"
    );
    logged(
        &g,
        ids::BATTLE,
        "Strengths in dis_b before Battle cards: AAA 5, BBB 4",
    );
    logged(
        &g,
        ids::BATTLE,
        "Battle of dis_b: AAA 5 against BBB 4; AAA wins",
    );
    // Every General that took part, supporters too, lost a Unit; supporters stay where they are.
    assert_eq!(army(&g, "c_gen").units, 1);
    assert_eq!(at(&g, "c_gen").as_deref(), Some("c_two"));
    assert_eq!(army(&g, "m_gen").units, 1);
    assert_eq!(at(&g, "m_gen").as_deref(), Some("m_cap"));
    assert_eq!(army(&g, "b_gen2").units, 2, "b_gen2 took no part");
    assert_eq!(army(&g, "a_gen").units, 2);
}

/// AAA (side A, dial on Movement) with a_gen (3) in dis_a; CCC, its Ally, with c_gen (2) in
/// c_two next to dis_b; BBB (side B) holds dis_b with a Garrison and b_gen (1), and b_gen2 (2)
/// of its own stands in b_cap next to it; m_gen (2) of MIN, the Minor BBB controls, stands in
/// m_cap, next to it too.
fn support_scenario() -> Scenario {
    let mut s = battle_scenario(3, 1, 1, 0, 0);
    add_minor(&mut s, Some("BBB"), 4);
    pw(&mut s, "MIN").generals = vec![general("m_gen", Some("m_cap"), 2)];
    tr(&mut s, "m_cap").adjacent.push("dis_b".into());
    pw(&mut s, "AAA").status = Status::Coalition(Side::A);
    let b = pw(&mut s, "BBB");
    b.status = Status::Coalition(Side::B);
    b.generals.push(general("b_gen2", Some("b_cap"), 2));
    let c = pw(&mut s, "CCC");
    c.status = Status::Coalition(Side::A);
    c.generals = vec![general("c_gen", Some("c_two"), 2)];
    s
}

#[test]
fn rde_battle_card_pairs_of_4s_add_1_and_face_down_cards_are_hidden_from_other_seats() {
    let mut g = game(battle_scenario(3, 2, 4, 2, 1));
    attack(&mut g, "AAA", "a_gen", "dis_b");
    assert_eq!(
        asked(&g),
        (
            "AAA".into(),
            "AAA".into(),
            DecisionKind::Commit {
                territory: "dis_b".into()
            }
        )
    );
    assert_eq!(
        g.legal_actions(),
        vec![card(4, Some("a_gen")), Action::Pass]
    );
    assert_eq!(
        refused(&mut g, card(5, Some("a_gen"))).rule,
        ids::BATTLE_CARD
    );
    play(&mut g, card(4, Some("a_gen")));
    logged(
        &g,
        ids::BATTLE_CARD,
        "AAA commits a Battle card face down to a_gen's pile",
    );
    assert!(!texts(&g, ids::BATTLE_CARD).iter().any(|t| t.contains('4')));
    // Only AAA sees the card's value.
    assert_eq!(pile_in(&g, &g.view(Some("AAA")), "a_gen"), vec![4]);
    assert_eq!(pile_in(&g, &g.view(Some("BBB")), "a_gen"), vec![0]);
    assert_eq!(pile_in(&g, &g.view(Some("CCC")), "a_gen"), vec![0]);
    assert_eq!(pile_in(&g, &g.view(None), "a_gen"), vec![0]);

    assert_eq!(asked(&g).1, "BBB");
    play(&mut g, card(4, Some("b_gen")));
    play(&mut g, card(4, Some("a_gen")));
    // BBB has no card left; AAA has none either: the battle is decided.
    // AAA 3 + 4 + 4 + 1 for the pair; BBB 2 + Garrison 1 + 4.
    assert_eq!(
        battle_line(&g),
        "Battle of dis_b: AAA 12 against BBB 7 (cards: AAA for a_gen: 4, 4; BBB for b_gen: 4); AAA wins"
    );
    // Every Power that played a card draws one.
    logged(&g, ids::BATTLE, "AAA, BBB draw a Battle card for playing");
    assert_eq!(
        (purse(&g, "AAA").hand.len(), purse(&g, "BBB").hand.len()),
        (1, 1)
    );
}

#[test]
fn rde_battle_card_a_face_up_2_reveals_an_opposing_card_and_adds_nothing() {
    let mut g = game(battle_scenario(3, 2, 2, 2, 2));
    attack(&mut g, "AAA", "a_gen", "dis_b");
    play(&mut g, card(2, Some("a_gen")));
    play(&mut g, card(2, Some("b_gen")));
    // A 2 may target BBB's face-down card, never AAA's own.
    let legal = g.legal_actions();
    assert!(legal.contains(&card_on(2, "a_gen", "b_gen", 0)));
    assert!(!legal.contains(&card_on(2, "a_gen", "a_gen", 0)));
    play(&mut g, card_on(2, "a_gen", "b_gen", 0));
    logged(&g, ids::BATTLE_CARD, "AAA's 2 reveals a 2 in b_gen's pile");
    // CCC now sees BBB's revealed card and AAA's face-up 2, but not AAA's face-down card.
    let spectator = g.view(Some("CCC"));
    assert_eq!(pile_in(&g, &spectator, "b_gen"), vec![2]);
    assert_eq!(pile_in(&g, &spectator, "a_gen"), vec![0, 2]);
    assert_eq!(asked(&g).1, "BBB");
    play(&mut g, Action::Pass);
    // AAA 3 + 2 (the face-up 2 adds nothing); BBB 2 + Garrison 1 + 2 (revealed still counts).
    assert_eq!(
        battle_line(&g),
        "Battle of dis_b: AAA 5 against BBB 5 (cards: AAA for a_gen: 2, 2 (face up); BBB for b_gen: 2); a draw"
    );
}

#[test]
fn rde_battle_card_a_face_up_3_discards_an_opposing_card() {
    let mut g = game(battle_scenario(3, 2, 3, 2, 2));
    attack(&mut g, "AAA", "a_gen", "dis_b");
    play(&mut g, card(3, Some("a_gen")));
    play(&mut g, card(3, Some("b_gen")));
    play(&mut g, card_on(3, "a_gen", "b_gen", 0));
    logged(&g, ids::BATTLE_CARD, "AAA's 3 discards a 3 in b_gen's pile");
    play(&mut g, Action::Pass); // BBB
    // AAA 3 + 3; BBB 2 + Garrison 1 + a discarded 3.
    assert_eq!(
        battle_line(&g),
        "Battle of dis_b: AAA 6 against BBB 3 (cards: AAA for a_gen: 3, 3 (face up); BBB for b_gen: 3 (discarded)); AAA wins"
    );
}

#[test]
fn rde_battle_card_each_undiscarded_5_costs_the_loser_1_more_morale() {
    let mut g = game(battle_scenario(3, 2, 5, 2, 1));
    attack(&mut g, "AAA", "a_gen", "dis_b");
    play(&mut g, card(5, Some("a_gen")));
    play(&mut g, card(5, Some("b_gen")));
    play(&mut g, card(5, Some("a_gen")));
    assert_eq!(
        battle_line(&g),
        "Battle of dis_b: AAA 13 against BBB 8 (cards: AAA for a_gen: 5, 5; BBB for b_gen: 5); AAA wins"
    );
    logged(
        &g,
        ids::BATTLE_LOSS,
        "BBB loses 2 Morale for the defeat (1 for its 5s)",
    );
    assert_eq!((purse(&g, "AAA").morale, purse(&g, "BBB").morale), (5, 3));
}

#[test]
fn rde_battle_draw_the_defender_stays_and_the_attacker_retreats() {
    let mut g = game(battle_scenario(2, 1, 1, 0, 0));
    attack(&mut g, "AAA", "a_gen", "dis_b");
    logged(
        &g,
        ids::BATTLE,
        "Battle of dis_b: AAA 2 against BBB 2; a draw",
    );
    assert_eq!(
        texts(&g, ids::BATTLE_DRAW),
        vec![
            "Draw in dis_b: BBB holds it, the attacker falls back",
            "a_gen retreats to dis_a"
        ]
    );
    assert_eq!(at(&g, "a_gen").as_deref(), Some("dis_a"));
    assert_eq!(at(&g, "b_gen").as_deref(), Some("dis_b"));
    assert_eq!((army(&g, "a_gen").units, army(&g, "b_gen").units), (1, 0));
    assert_eq!(hold(&g, "dis_b").garrison, Some(1));
    // Nobody wins or loses: no Morale, no Influence.
    assert_eq!((purse(&g, "AAA").morale, purse(&g, "BBB").morale), (5, 5));
    assert!(!g.log().has(ids::BATTLE_WIN) && !g.log().has(ids::BATTLE_LOSS));
}

/// In `support_scenario`: AAA's a_gen attacks dis_b, CCC's c_gen supports it and the Minor's
/// m_gen supports the defender.
fn attack_with_both_supporters(g: &mut Game) {
    attack(g, "AAA", "a_gen", "dis_b");
    for general in ["c_gen", "m_gen"] {
        play(
            g,
            Action::Support {
                general: general.into(),
            },
        );
    }
}

#[test]
fn rde_battle_win_garrison_influence_per_winner_and_coalition_bonus_only_in_the_territory() {
    let mut g = game(support_scenario());
    attack_with_both_supporters(&mut g);
    assert_eq!(
        asked(&g),
        (
            "AAA".into(),
            "AAA".into(),
            DecisionKind::Garrison {
                territory: "dis_b".into()
            }
        )
    );
    assert_eq!(
        texts(&g, ids::BATTLE_WIN),
        vec![
            "AAA wins the battle of dis_b",
            "AAA gains 1 Influence: a defeated General; now 1",
            "AAA gains 1 Influence: the Coalition bonus: the defeated General was of the opposing Coalition; now 2",
            "CCC gains 1 Influence: a defeated General; now 1",
        ]
    );
    play(&mut g, Action::Garrison);
    assert_eq!(hold(&g, "dis_b").garrison, Some(0));
    assert_eq!(
        army(&g, "a_gen").units,
        1,
        "a Unit lost in battle, another converted"
    );
    logged(
        &g,
        ids::BATTLE_WIN,
        "a_gen converts a Unit into a Garrison and takes control of dis_b",
    );
    assert_eq!(
        (purse(&g, "AAA").influence, purse(&g, "CCC").influence),
        (2, 1)
    );
}

#[test]
fn rde_battle_win_a_general_that_supported_the_losers_is_a_defeated_general() {
    // "Every Power that participated in the battle gains 1 Influence if an opposing General was
    // defeated": dis_b holds BBB's Garrison alone; the Minor's m_gen supports it and loses.
    let mut s = support_scenario();
    pw(&mut s, "BBB").generals = vec![general("b_gen2", Some("b_cap"), 2)];
    let mut g = game(s);
    attack_with_both_supporters(&mut g);
    let wins = texts(&g, ids::BATTLE_WIN);
    assert_eq!(wins[0], "AAA wins the battle of dis_b");
    assert!(
        wins.contains(&"AAA gains 1 Influence: a defeated General; now 1".to_string())
            && wins.contains(&"CCC gains 1 Influence: a defeated General; now 1".to_string()),
        "{wins:?}"
    );
    // The supporter stays where it stood, with its Units less the one every General loses.
    assert_eq!(at(&g, "m_gen").as_deref(), Some("m_cap"));
    assert_eq!(army(&g, "m_gen").units, 1);
}

/// AAA's a_gen (3 Units) attacks dis_b (b_gen, 1 Unit, and BBB's Garrison) and a_gen2 (with
/// `second` Units) follows it: two Generals of AAA fight the battle.
fn two_generals_attack(second: u8) -> Game {
    let mut s = battle_scenario(3, 1, 1, 0, 0);
    pw(&mut s, "AAA")
        .generals
        .push(general("a_gen2", Some("dis_a"), second));
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    play(&mut g, mv("a_gen2", "dis_b", MoveKind::Land));
    g
}

#[test]
fn rde_battle_win_influence_is_once_per_power_not_per_general() {
    let g = two_generals_attack(1);
    assert_eq!(
        battle_line(&g),
        "Battle of dis_b: AAA 4 against BBB 2; AAA wins"
    );
    // No Coalition: 1 Influence for AAA, however many of its Generals took part.
    assert_eq!(
        texts(&g, ids::BATTLE_WIN),
        vec![
            "AAA wins the battle of dis_b",
            "AAA gains 1 Influence: a defeated General; now 1"
        ]
    );
    assert_eq!(army(&g, "a_gen2").units, 0);
}

#[test]
fn rde_battle_win_a_minor_earns_its_controller_influence_without_the_coalition_bonus() {
    let mut s = scenario();
    add_minor(&mut s, Some("AAA"), 6);
    pw(&mut s, "AAA").status = Status::Coalition(Side::A);
    let b = pw(&mut s, "BBB");
    b.status = Status::Coalition(Side::B);
    b.garrisons = strings(&["dis_m"]);
    b.generals = vec![general("b_gen", Some("dis_m"), 1)];
    let mut g = game(s);
    until(&mut g, "MIN", is_envoy);
    assert_eq!(
        g.decider(),
        Some("AAA"),
        "the controller's seat answers for the Minor"
    );
    attack(&mut g, "MIN", "m_gen", "dis_m");
    logged(
        &g,
        ids::BATTLE,
        "Battle of dis_m: MIN 3 against BBB 2; MIN wins",
    );
    assert_eq!(
        texts(&g, ids::BATTLE_WIN),
        vec![
            "MIN wins the battle of dis_m",
            "AAA gains 1 Influence (through MIN): a defeated General; now 1"
        ]
    );
    assert_eq!(
        (purse(&g, "AAA").influence, purse(&g, "MIN").influence),
        (1, 0)
    );
    assert_eq!(
        asked(&g),
        (
            "AAA".into(),
            "MIN".into(),
            DecisionKind::Garrison {
                territory: "dis_m".into()
            }
        )
    );
}

#[test]
fn rde_battle_win_over_a_garrison_alone_gains_no_influence() {
    let mut s = battle_scenario(3, 1, 1, 0, 0);
    pw(&mut s, "BBB").generals = vec![general("b_gen", None, 2)];
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    logged(
        &g,
        ids::BATTLE,
        "Battle of dis_b: AAA 3 against BBB 1; AAA wins",
    );
    assert_eq!(
        texts(&g, ids::BATTLE_WIN),
        vec!["AAA wins the battle of dis_b"]
    );
    logged(&g, ids::BATTLE_LOSS, "BBB's Garrison in dis_b is lost");
    assert_eq!(hold(&g, "dis_b").garrison, None);
    play(&mut g, Action::Garrison);
    assert_eq!(hold(&g, "dis_b").garrison, Some(0));
    assert_eq!(purse(&g, "AAA").influence, 0);
}

#[test]
fn rde_battle_loss_attacker_loses_all_units_and_goes_to_its_capital() {
    let mut s = battle_scenario(3, 2, 1, 0, 0);
    pw(&mut s, "BBB").fortresses = strings(&["dis_b"]);
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    assert_eq!(
        asked(&g),
        (
            "AAA".into(),
            "AAA".into(),
            DecisionKind::Retreat {
                general: "a_gen".into()
            }
        )
    );
    assert_eq!(g.legal_actions(), vec![Action::ToCapital, Action::OffMap]);
    assert_eq!(army(&g, "a_gen").units, 0);
    play(&mut g, Action::ToCapital);
    assert_eq!(at(&g, "a_gen").as_deref(), Some("a_cap"));
    assert_eq!(
        texts(&g, ids::BATTLE_LOSS),
        vec![
            "a_gen loses all its Units in dis_b",
            "AAA loses 1 Morale for the defeat",
            "a_gen falls back to its capital a_cap",
        ]
    );
    assert_eq!(purse(&g, "AAA").morale, 4);
    // The defender lost a Unit too, and won Influence for the defeated General.
    assert_eq!(army(&g, "b_gen").units, 1);
    assert_eq!(purse(&g, "BBB").influence, 1);
}

#[test]
fn rde_battle_loss_the_attackers_own_garrison_there_is_lost_too() {
    // "Losing Garrisons are lost and removed": AAA garrisons Mid, where BBB's General stands;
    // AAA's weaker General marches in and loses, and AAA's Garrison in Mid goes with the battle.
    let mut s = battle_scenario(1, 3, 1, 0, 0);
    pw(&mut s, "AAA").garrisons.push("mid".into());
    let mut g = game(s);
    // BBB's General came to stand in Mid in an earlier round (a set-up the scenario refuses).
    {
        let w = g.world_mut();
        let m = crate::rulesets::raison::model::map(w);
        let (b_gen, mid) = (
            m.general_ids.iter().position(|x| x == "b_gen").unwrap() as u16,
            m.territory_ids.iter().position(|x| x == "mid").unwrap() as u16,
        );
        crate::rulesets::raison::model::place(w, b_gen, Some(mid));
    }
    attack(&mut g, "AAA", "a_gen", "mid");
    logged(&g, ids::BATTLE, "BBB wins");
    assert!(
        texts(&g, ids::BATTLE_LOSS).contains(&"AAA's Garrison in mid is lost".to_string()),
        "{:?}",
        texts(&g, ids::BATTLE_LOSS)
    );
}

#[test]
fn rde_battle_loss_defender_loses_its_garrison_and_goes_off_map_when_its_capital_is_taken() {
    let mut s = battle_scenario(5, 1, 1, 0, 0);
    pw(&mut s, "AAA").garrisons.push("b_cap".into());
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    play(&mut g, Action::Garrison);
    assert_eq!(
        asked(&g),
        (
            "BBB".into(),
            "BBB".into(),
            DecisionKind::Retreat {
                general: "b_gen".into()
            }
        )
    );
    assert_eq!(g.legal_actions(), vec![Action::OffMap]);
    assert_eq!(refused(&mut g, Action::ToCapital).rule, ids::BATTLE_LOSS);
    play(&mut g, Action::OffMap);
    assert_eq!(army(&g, "b_gen"), Army { at: None, units: 0 });
    assert_eq!(
        texts(&g, ids::BATTLE_LOSS),
        vec![
            "BBB's Garrison in dis_b is lost",
            "b_gen loses all its Units in dis_b",
            "BBB loses 1 Morale for the defeat",
            "b_gen is placed off the map",
        ]
    );
    assert_eq!(hold(&g, "dis_b").garrison, Some(0));
    assert_eq!(purse(&g, "BBB").morale, 4);
}

// ---- rde.imperial_election ----

/// Electors: a_cap (AAA), m_cap (MIN, played by AAA), b_cap, b_two and mid (BBB's Garrison).
fn election_scenario() -> Scenario {
    let mut s = scenario();
    add_minor(&mut s, Some("AAA"), 3);
    for t in ["a_cap", "m_cap", "b_cap", "b_two", "mid"] {
        tr(&mut s, t).elector = true;
    }
    pw(&mut s, "AAA").emperor = true;
    pw(&mut s, "BBB").garrisons = strings(&["mid"]);
    s
}

#[test]
fn rde_imperial_election_before_the_election_powers_muster_most_votes_win() {
    let mut g = game(election_scenario());
    // The first question of the game: CCC's Muster has not happened yet.
    assert_eq!(asked(&g), ("AAA".into(), "AAA".into(), DecisionKind::Vote));
    assert!(!g.log().has(ids::MUSTER));
    assert_eq!(
        refused(&mut g, Action::Vote("MIN".into())).rule,
        ids::IMPERIAL_ELECTION
    );
    play(&mut g, Action::Vote("AAA".into()));
    assert_eq!(asked(&g), ("BBB".into(), "BBB".into(), DecisionKind::Vote));
    assert!(
        g.view(Some("BBB")).progress.secret.is_empty(),
        "votes are secret"
    );
    play(&mut g, Action::Vote("BBB".into()));
    // The Minor's vote is cast by its controller's seat.
    assert_eq!(asked(&g), ("AAA".into(), "MIN".into(), DecisionKind::Vote));
    play(&mut g, Action::Vote("AAA".into()));
    assert_eq!(
        texts(&g, ids::IMPERIAL_ELECTION),
        vec![
            "Imperial Election: AAA casts 1 for AAA, BBB casts 3 for BBB, MIN casts 1 for AAA; BBB is Holy Roman Emperor"
        ]
    );
    assert_eq!(table(&g).emperor, Some(1));
    advance_until(&mut g, |g| has_text(g, ids::MUSTER, "CCC musters"));
    assert!(seq_of(&g, ids::IMPERIAL_ELECTION, "") < seq_of(&g, ids::MUSTER, "CCC musters"));
    // Once a round: again before CCC's next Muster.
    until(&mut g, "AAA", |k| *k == DecisionKind::Vote);
    assert_eq!(table(&g).round, 2);
    assert_eq!(g.log().count(ids::IMPERIAL_ELECTION), 1);
}

#[test]
fn rde_imperial_election_a_tie_keeps_the_emperor_else_goes_to_the_first_seat() {
    let mut s = scenario();
    for t in ["a_cap", "b_cap"] {
        tr(&mut s, t).elector = true;
    }
    pw(&mut s, "BBB").emperor = true;
    let mut g = game(s.clone());
    play(&mut g, Action::Vote("BBB".into()));
    play(&mut g, Action::Vote("AAA".into()));
    assert_eq!(
        table(&g).emperor,
        Some(1),
        "1 vote each: the Emperor keeps the crown"
    );

    pw(&mut s, "BBB").emperor = false;
    pw(&mut s, "CCC").emperor = true;
    let mut g = game(s);
    play(&mut g, Action::Vote("BBB".into()));
    play(&mut g, Action::Vote("AAA".into()));
    logged(&g, ids::IMPERIAL_ELECTION, "AAA is Holy Roman Emperor");
    assert_eq!(
        table(&g).emperor,
        Some(0),
        "a tie without the Emperor: the first in seat order"
    );
}

// ---- rde.victory ----

#[test]
fn rde_victory_ends_the_game_at_once_at_the_target() {
    let mut s = scenario();
    let a = pw(&mut s, "AAA");
    a.dial_start = 5;
    a.influence = 29;
    a.garrisons = strings(&["dis_a"]);
    // BBB would move later in the same action turn.
    pw(&mut s, "BBB").dial_start = 6;
    let mut g = game(s);
    advance_until(&mut g, |g| g.is_over());
    assert_eq!(
        texts(&g, ids::VICTORY),
        vec!["AAA reaches 31 Influence (target 30) and wins at once"]
    );
    assert_eq!(g.log().entries.last().unwrap().rule, ids::VICTORY);
    assert_eq!(g.winner().as_deref(), Some("AAA"));
    assert!(g.pending().is_none());
    assert!(
        !g.log().has(ids::ENVOY) && !g.log().has(ids::MOVEMENT),
        "BBB never moved"
    );
    assert_eq!(g.check(&Action::Done).unwrap_err().rule, ids::GAME_END);
}

#[test]
fn rde_victory_is_the_only_end_unless_a_scenario_sets_a_time_limit() {
    // "The first Power to reach 30 (1618) / 25 (1702) Influence wins immediately" is the seed's
    // only end: the shipped scenarios set no time limit.
    for (text, file) in [
        (
            include_str!("../../../../scenarios/rde_1618.ron"),
            "rde_1618.ron",
        ),
        (
            include_str!("../../../../scenarios/rde_1702.ron"),
            "rde_1702.ron",
        ),
    ] {
        let s = crate::rulesets::raison::content::parse_scenario(text, file).unwrap();
        assert_eq!(s.max_rounds, None, "{file}");
    }
    let mut s = scenario();
    s.max_rounds = None;
    let mut g = game(s);
    advance_until(&mut g, |g| g.is_over() || table(g).round > 8);
    assert!(!g.log().has(ids::GAME_END), "no round ends the game");
    // A scenario's time limit (a house rule) ends it after its last round.
    let mut s = scenario();
    s.max_rounds = Some(1);
    let mut g = game(s);
    advance_until(&mut g, |g| g.is_over());
    assert!(g.log().has(ids::GAME_END));
    assert!(!g.log().has(ids::VICTORY));
}

// ---- rde.minor_bidding and rde.minor_control ----

#[test]
fn rde_minor_bidding_highest_secret_bid_pays_and_controls_until_the_next_muster() {
    let mut s = scenario();
    add_minor(&mut s, None, 0);
    pw(&mut s, "CCC").morale = 0;
    let mut g = game(s);
    assert_eq!(
        asked(&g),
        (
            "AAA".into(),
            "AAA".into(),
            DecisionKind::Bid {
                minor: "MIN".into()
            }
        )
    );
    assert_eq!(
        g.legal_actions(),
        (0..=5).map(Action::Bid).collect::<Vec<_>>()
    );
    assert_eq!(refused(&mut g, Action::Bid(6)).rule, ids::MINOR_BIDDING);
    play(&mut g, Action::Bid(2));
    assert_eq!(asked(&g).0, "BBB");
    assert!(
        g.view(Some("BBB")).progress.secret.is_empty(),
        "bids are secret"
    );
    assert_eq!(
        g.view(Some("AAA")).progress.secret,
        vec![(0, Secret::Bid(2))]
    );
    play(&mut g, Action::Bid(3));
    // CCC has no Morale: it bids 0 without being asked.
    assert_eq!(
        texts(&g, ids::MINOR_BIDDING),
        vec!["Bids for MIN: AAA 2, BBB 3, CCC 0"]
    );
    logged(
        &g,
        ids::MINOR_CONTROL,
        "BBB takes control of MIN until its next Muster, paying 3 Morale",
    );
    assert_eq!((purse(&g, "AAA").morale, purse(&g, "BBB").morale), (5, 2));
    assert_eq!(purse(&g, "MIN").controller, Some(1));
    // The controller's seat answers the Minor's questions, starting with its Muster.
    until(&mut g, "MIN", |k| *k == DecisionKind::MusterDiscard);
    assert_eq!(g.decider(), Some("BBB"));
    assert_eq!(
        g.view(Some("BBB")).powers[3].hand.len(),
        1,
        "the controller sees the Minor's hand"
    );
    assert!(g.view(Some("AAA")).powers[3].hand.is_empty());

    // At MIN's next Muster everyone bids again.
    until(&mut g, "AAA", |k| matches!(k, DecisionKind::Bid { .. }));
    assert_eq!(table(&g).round, 2);
    assert_eq!(purse(&g, "MIN").controller, Some(1));
    play(&mut g, Action::Bid(1));
    play(&mut g, Action::Bid(0));
    logged(
        &g,
        ids::MINOR_CONTROL,
        "AAA takes control of MIN until its next Muster, paying 1 Morale",
    );
    assert_eq!(purse(&g, "MIN").controller, Some(0));
    // A tie keeps the Minor with its controller.
    until(&mut g, "AAA", |k| matches!(k, DecisionKind::Bid { .. }));
    play(&mut g, Action::Bid(0));
    play(&mut g, Action::Bid(0));
    logged(
        &g,
        ids::MINOR_CONTROL,
        "AAA keeps control of MIN until its next Muster, paying 0 Morale",
    );
}

#[test]
fn rde_minor_bidding_a_tie_without_a_controller_goes_to_the_least_influence_then_seat_order() {
    let mut s = scenario();
    add_minor(&mut s, None, 0);
    pw(&mut s, "AAA").influence = 3;
    pw(&mut s, "BBB").influence = 1;
    pw(&mut s, "CCC").influence = 1;
    let mut g = game(s);
    for _ in 0..3 {
        play(&mut g, Action::Bid(0));
    }
    logged(&g, ids::MINOR_CONTROL, "BBB takes control of MIN");
}

#[test]
fn rde_minor_control_an_unseated_major_plays_as_a_minor_and_three_seats_are_needed() {
    let mut s = scenario();
    add_minor(&mut s, None, 2);
    pw(&mut s, "MIN").major = true;
    let seated = |players: &[&str]| GameSetup {
        players: strings(players),
        ..GameSetup::default()
    };
    let err = Game::new(Arc::new(s.clone()), seated(&["AAA", "BBB"]), 1).err();
    assert_eq!(err, Some(GameError::TooFewPlayers { need: 3, got: 2 }));
    let mut g = Game::new(Arc::new(s), seated(&["AAA", "BBB", "CCC"]), 1).expect("three seats");
    assert!(!purse(&g, "MIN").major);
    // Its dial starts two segments past Muster: nobody plays it, nor bids for it, until its
    // Muster ("the controlling Major Power takes all the actions of that Minor Power, starting
    // with Muster").
    let bid_for_min = |k: &DecisionKind| {
        *k == DecisionKind::Bid {
            minor: "MIN".into(),
        }
    };
    assert!(!bid_for_min(&asked(&g).2));
    until(&mut g, "AAA", bid_for_min);
    logged(
        &g,
        ids::MINOR_CONTROL,
        "MIN is a Minor Power nobody controls yet: no action before its Muster",
    );
    assert!(
        texts(&g, ids::FLOW_TURN).len() > 1,
        "bid for at a later action turn than the first"
    );
}

#[test]
fn rde_minor_control_a_new_controller_leaves_no_garrison_in_the_minors_home() {
    // "Nor may they leave a Garrison in a Home Territory of each other": AAA holds m_cap, the
    // Minor's Home, with a Garrison; when AAA wins the Minor at its Muster the Garrison goes
    // and m_cap is the Minor's again.
    let mut s = scenario();
    add_minor(&mut s, Some("BBB"), 0);
    pw(&mut s, "AAA").garrisons.push("m_cap".into());
    pw(&mut s, "MIN").generals = vec![general("m_gen", None, 3)];
    for other in ["BBB", "CCC"] {
        pw(&mut s, other).morale = 0;
    }
    let mut g = game(s);
    assert_eq!(hold(&g, "m_cap").garrison, Some(0), "AAA's Garrison");
    until(&mut g, "AAA", |k| {
        *k == DecisionKind::Bid {
            minor: "MIN".into(),
        }
    });
    play(&mut g, Action::Bid(1));
    logged(&g, ids::MINOR_CONTROL, "AAA takes control of MIN");
    logged(
        &g,
        ids::MINOR_CONTROL,
        "AAA's Garrison leaves m_cap, a Home Territory of MIN",
    );
    assert_eq!(hold(&g, "m_cap").garrison, None);
}

#[test]
fn rde_minor_control_a_game_seats_at_most_six_majors_as_the_seed_says() {
    // "3-6 player game": 1702 offers seven Major Powers; with no seats named the first six
    // are seated and the seventh plays as a Minor Power; naming seven is refused.
    let later = scenario_1702();
    let majors: Vec<String> = later
        .powers
        .iter()
        .filter(|p| p.major)
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(majors.len(), 7);
    let g = Game::new(later.clone(), GameSetup::default(), 1).expect("six seats");
    let seated = majors.iter().filter(|m| purse(&g, m).major).count();
    assert_eq!(seated, 6);
    assert!(
        !purse(&g, &majors[6]).major,
        "the seventh plays as a Minor Power"
    );
    let all = GameSetup {
        players: majors.clone(),
        ..GameSetup::default()
    };
    assert_eq!(
        Game::new(later, all, 1).err(),
        Some(GameError::TooManyPlayers { most: 6, got: 7 })
    );
}

// ---- The one door ----

#[test]
fn same_seed_and_actions_give_the_same_state_hash() {
    let run = |seed: u64| {
        let mut g = Game::new(default_scenario(), GameSetup::default(), seed).unwrap();
        let mut bot = Bot::seeded(seed);
        let mut hashes = vec![g.state_hash()];
        for _ in 0..400 {
            let Some(a) = bot.choose(&g) else { break };
            g.apply(a).expect("the bot plays legal actions");
            hashes.push(g.state_hash());
        }
        (g.history().to_vec(), hashes)
    };
    let (actions, hashes) = run(11);
    assert_eq!(run(11), (actions.clone(), hashes.clone()));
    let mut replay = Game::new(default_scenario(), GameSetup::default(), 11).unwrap();
    for a in actions {
        replay.apply(a).unwrap();
    }
    assert_eq!(&replay.state_hash(), hashes.last().unwrap());
    let (_, other) = run(12);
    assert_ne!(other[0], hashes[0], "another seed deals another deck");
}

#[test]
fn an_illegal_action_changes_nothing_and_names_its_rule() {
    let mut g = game(battle_scenario(3, 2, 1, 0, 0));
    until(&mut g, "AAA", is_envoy);
    let log = g.log().entries.len();
    let e = refused(&mut g, Action::Bid(3));
    assert_eq!(e.rule, ids::ENVOY);
    assert!(e.reason.contains("not an answer"), "{}", e.reason);
    assert_eq!(g.log().entries.len(), log);
    assert_eq!(g.check(&Action::Bid(3)), Err(e));
}

/// The bot vouches for its answers (`SeatBot::checked_answer`) because each comes from
/// `legal_actions`: so every answer that lists must pass `check`, which for a move asks the
/// movement rule (`route`) and for a purchase the Mobilisation rule (`may_buy`) rather than the
/// list. Whole bot games of both scenarios, every listed answer of every decision.
#[test]
fn every_listed_answer_passes_the_check() {
    let later = scenario_1702();
    for (scenario, seed) in [(default_scenario(), 3), (later, 4)] {
        let mut g = Game::new(scenario, GameSetup::default(), seed).unwrap();
        let mut bot = Bot::seeded(seed);
        let mut decisions = 0;
        while let Some(a) = bot.choose(&g) {
            for listed in g.legal_actions() {
                if let Err(illegal) = g.check(&listed) {
                    panic!("decision {decisions}: {listed:?} is listed but refused: {illegal}");
                }
            }
            assert!(SeatBot::checked_answer(&bot));
            g.apply(a).expect("a listed answer");
            decisions += 1;
        }
        assert!(g.is_over() && decisions > 300, "{decisions} decisions");
    }
}

#[test]
fn rde_content_an_id_under_two_names_is_refused() {
    // A General given a Territory's id with another name: the log could show only one.
    let mut s = (*default_scenario()).clone();
    let territory = s.territories[0].clone();
    s.powers[0].generals[0].id = territory.id.clone();
    s.powers[0].generals[0].name = format!("{} the Younger", territory.name);
    let errors = validate(&s, "", "test.ron");
    let expected = format!(
        "id \"{}\" names the territory \"{}\" and the general \"{} the Younger\"",
        territory.id, territory.name, territory.name
    );
    assert!(
        errors.iter().any(|e| e.message.starts_with(&expected)),
        "{errors:?}"
    );
    assert!(validate(&default_scenario(), "", "test.ron").is_empty());
}

#[test]
fn rde_battle_draw_the_attacker_chooses_between_equally_near_territories() {
    // AAA also holds c_two, one border from dis_b like dis_a: after the draw a_gen's player
    // says which of the two it falls back to ("the nearest eligible Territory").
    let mut s = battle_scenario(2, 1, 1, 0, 0);
    pw(&mut s, "AAA").garrisons.push("c_two".into());
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    logged(
        &g,
        ids::BATTLE,
        "Battle of dis_b: AAA 2 against BBB 2; a draw",
    );
    assert_eq!(
        asked(&g),
        (
            "AAA".into(),
            "AAA".into(),
            DecisionKind::DrawRetreat {
                general: "a_gen".into()
            }
        )
    );
    let to = |t: &str| Action::RetreatTo {
        territory: t.into(),
    };
    assert_eq!(g.legal_actions(), vec![to("dis_a"), to("c_two")]);
    let err = refused(&mut g, to("a_cap"));
    assert_eq!(err.rule, ids::BATTLE_DRAW, "a farther Territory is refused");
    play(&mut g, to("c_two"));
    assert_eq!(at(&g, "a_gen").as_deref(), Some("c_two"));
    logged(&g, ids::BATTLE_DRAW, "a_gen retreats to c_two");
    assert_eq!(at(&g, "b_gen").as_deref(), Some("dis_b"));
}

#[test]
fn rde_battle_win_the_attacker_says_which_general_converts_a_unit() {
    // Two of AAA's Generals win dis_b with Units to spare: the player chooses whose Unit
    // becomes the Garrison ("Attacker may convert 1 Unit to a Garrison").
    let mut g = two_generals_attack(2);
    logged(
        &g,
        ids::BATTLE,
        "Battle of dis_b: AAA 5 against BBB 2; AAA wins",
    );
    assert_eq!(
        asked(&g).2,
        DecisionKind::Garrison {
            territory: "dis_b".into()
        }
    );
    let with = |g: &str| Action::GarrisonWith { general: g.into() };
    assert_eq!(
        g.legal_actions(),
        vec![with("a_gen"), with("a_gen2"), Action::NoGarrison]
    );
    let err = refused(&mut g, Action::Garrison);
    assert_eq!(err.rule, ids::BATTLE_WIN, "the General must be named");
    play(&mut g, with("a_gen2"));
    assert_eq!(hold(&g, "dis_b").garrison, Some(0));
    assert_eq!((army(&g, "a_gen").units, army(&g, "a_gen2").units), (2, 0));
    logged(
        &g,
        ids::BATTLE_WIN,
        "a_gen2 converts a Unit into a Garrison and takes control of dis_b (0 Units left)",
    );
}

#[test]
fn rde_battle_card_piles_are_one_per_general_and_a_garrison_alone_has_its_own() {
    // BBB defends dis_b with b_gen and its Garrison: one pile, b_gen's ("separate piles for
    // each General"), not a second one for the Garrison.
    let mut g = game(battle_scenario(3, 2, 1, 0, 1));
    attack(&mut g, "AAA", "a_gen", "dis_b");
    assert_eq!(
        asked(&g).2,
        DecisionKind::Commit {
            territory: "dis_b".into()
        }
    );
    assert_eq!(asked(&g).1, "BBB");
    assert_eq!(
        g.legal_actions(),
        vec![card(1, Some("b_gen")), Action::Pass]
    );
    assert_eq!(refused(&mut g, card(1, None)).rule, ids::BATTLE_CARD);

    // With b_gen at home, the Garrison alone holds dis_b, and BBB commits to its pile.
    let mut s = battle_scenario(3, 2, 1, 0, 1);
    pw(&mut s, "BBB").generals = vec![general("b_gen", Some("b_cap"), 2)];
    let mut g = game(s);
    attack(&mut g, "AAA", "a_gen", "dis_b");
    assert_eq!(asked(&g).1, "BBB");
    assert_eq!(g.legal_actions(), vec![card(1, None), Action::Pass]);
}
