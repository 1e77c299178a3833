//! Shared set-up for the in-crate rule tests: the mini scenario as a game, with direct access
//! to the board for arranging a situation.

use bevy::prelude::*;

use crate::engine::log::GameLog;
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::parse_scenario;
use crate::rulesets::pop::model::Mat;
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::{Game, GameSetup};

pub const MINI: &str = include_str!("../../../../tests/data/mini.ron");

/// The mini scenario, edited by a text replacement, as a game at its first decision.
pub fn game_with(edit: impl Fn(String) -> String) -> Game {
    let scenario =
        std::sync::Arc::new(parse_scenario(&edit(MINI.to_string()), "mini.ron").unwrap());
    Game::new(scenario, GameSetup::default(), 1).unwrap()
}

pub fn game() -> Game {
    game_with(|t| t)
}

/// The entity of a content id.
pub fn e(game: &Game, key: &str) -> Entity {
    game.world().resource::<Index>().get(key).unwrap()
}

pub fn mat(game: &Game, realm: Entity) -> Mat {
    game.world().get::<Mat>(realm).unwrap().clone()
}

pub fn set(game: &mut Game, realm: Entity, f: impl FnOnce(&mut Mat)) {
    f(&mut game.world_mut().get_mut::<Mat>(realm).unwrap());
}

/// Log entries with this rule id.
pub fn count(game: &Game, rule: &str) -> usize {
    game.world().resource::<GameLog>().count(rule)
}

/// Whether the log holds an entry with this rule id whose text has these words.
pub fn logged(game: &Game, rule: &str, words: &str) -> bool {
    game.log()
        .entries
        .iter()
        .any(|e| e.rule == rule && e.text.contains(words))
}

/// Answers `realm`'s follow-up decisions of its action (the first legal answer) until the turn
/// passes on.
pub fn settle_turn(game: &mut Game, realm: Entity) {
    let name = crate::rulesets::pop::state::key_of(game.world(), realm);
    while game.pending().is_some_and(|d| {
        d.realm == name && !matches!(d.kind, crate::rulesets::pop::DecisionKind::Turn)
    }) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
}

/// Answers the first legal answer to every question before the first Phase 2 turn, then gives
/// every Player Realm 10 of each monarch power and 30 ducats. Returns the realm whose turn it is.
pub fn to_first_turn(game: &mut Game) -> Entity {
    while game
        .pending()
        .is_some_and(|d| d.kind != crate::rulesets::pop::DecisionKind::Turn)
    {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    let players: Vec<Entity> = game
        .world_mut()
        .query_filtered::<Entity, With<crate::rulesets::pop::model::PlayerRealm>>()
        .iter(game.world())
        .collect();
    for r in players {
        set(game, r, |m| {
            m.mp = [10, 10, 10];
            m.ducats = 30;
        });
    }
    e(game, &game.pending().unwrap().realm.clone())
}

/// The realm whose turn it is takes the first Event on display and answers its own questions
/// (the first legal answer) until the turn passes on. Returns that realm's id.
pub fn take_first_event(game: &mut Game) -> String {
    let realm = take_event_until(game, |_| false);
    crate::rulesets::pop::state::key_of(game.world(), realm).to_string()
}

/// Plays the Round's Events to the end of the one nobody took: each realm takes the first
/// Event offered and every question gets its first legal answer; `each` sees the game before
/// every answer and may give its own instead (`Some`).
pub fn play_round_events(
    game: &mut Game,
    mut each: impl FnMut(&mut Game) -> Option<crate::rulesets::pop::Action>,
) {
    use crate::rulesets::pop::rules::events::{EventInProgress, Leftover};
    let mut guard = 0;
    while !(game.world().resource::<Leftover>().done
        && game.world().resource::<EventInProgress>().0.is_none())
    {
        guard += 1;
        assert!(guard < 200, "the Round's events never finished");
        if let Some(answer) = each(game) {
            game.apply(answer).unwrap();
            continue;
        }
        let legal = game.legal_actions();
        let pick = legal
            .iter()
            .find(|a| matches!(a, crate::rulesets::pop::Action::TakeEvent { .. }))
            .cloned()
            .unwrap_or_else(|| legal[0].clone());
        game.apply(pick).unwrap();
    }
}

/// The realm to act takes the first Event and answers its own questions with the first legal
/// answer until one `stop` accepts comes, the turn passes on or another realm is asked; returns
/// the realm.
pub fn take_event_until(
    game: &mut Game,
    stop: impl Fn(&crate::rulesets::pop::DecisionKind) -> bool,
) -> Entity {
    let me = game.pending().unwrap().realm;
    let take = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, crate::rulesets::pop::Action::TakeEvent { .. }))
        .unwrap();
    game.apply(take).unwrap();
    while game.pending().is_some_and(|d| {
        d.realm == me
            && !matches!(d.kind, crate::rulesets::pop::DecisionKind::Turn)
            && !stop(&d.kind)
    }) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    e(game, &me)
}

/// The mini game at its first turn, edited, with 10 of each monarch power and 30 ducats for
/// both Player Realms; returns the realm whose turn it is and the other one.
pub fn rich_game(edit: impl Fn(String) -> String) -> (Game, Entity, Entity) {
    let mut game = game_with(edit);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    for r in [a, b] {
        set(&mut game, r, |m| {
            m.mp = [10, 10, 10];
            m.ducats = 30;
        });
    }
    let me = game.pending().unwrap().realm;
    let (me, other) = if me == "AAA" { (a, b) } else { (b, a) };
    (game, me, other)
}

/// Puts the action card with this id into the realm's hand.
/// The mini scenario's text with a leader card "c_heir" (the leader "heir_x", Xan) in the
/// decks: a realm holding it may replace a dead ruler as a Reaction.
pub fn with_heir_card(t: String) -> String {
    t.replace(
        "    action_cards: [],",
        "    action_cards: [(id: \"c_heir\", name: \"Heir\", deck: Adm, cost: 1, character: Some(\"heir_x\"))],",
    )
    .replace(
        "    characters: [",
        "    characters: [\n        (id: \"heir_x\", name: \"Xan\", kind: Leader, skills: (2, 2, 2)),",
    )
}

pub fn give_card(game: &mut Game, realm: Entity, card: &str) {
    let index = game
        .world()
        .resource::<crate::rulesets::pop::state::Content>()
        .0
        .action_cards
        .iter()
        .position(|c| c.id == card)
        .unwrap();
    game.world_mut()
        .get_mut::<crate::rulesets::pop::rules::cards::Hand>(realm)
        .unwrap()
        .cards
        .push(index);
}

/// Trade content for the mini scenario (a text edit): the maritime node "bay" on the West Sea
/// (1 Trade Protection slot), the inland node "inland" in the east, the distant "far" on the Far
/// Sea; one merchant of each Player Realm in "bay" and one off the board. Both realms have the
/// same key power in "bay" (AAA: capa+ and nora, BBB: capb+ and sora).
pub fn with_trade(text: String) -> String {
    const NODES: &str = r#"    action_cards: [],
    trade_nodes: [
        (id: "bay", name: "The Bay", maritime: true, seas: ["west_sea"]),
        (id: "inland", name: "Inland Market", area: Some("east")),
        (id: "far", name: "Far Harbour", maritime: true, seas: ["far_sea"]),
    ],
    trade_cards: [
        (id: "cloth", name: "Cloth", rows: [(power: 4, ducats: 5, expanded: 7), (power: 2, ducats: 3, expanded: 5), (power: 1, ducats: 2, expanded: 3)],
         nodes: [(node: "bay", keys: [(province: "capa", plus: 1), (province: "nora"), (province: "capb", plus: 1), (province: "sora")], secondary: Some("inland")),
                 (node: "far", keys: [(province: "wild")])]),
        (id: "grain", name: "Grain", rows: [(power: 4, ducats: 4, expanded: 6), (power: 2, ducats: 3, expanded: 4), (power: 1, ducats: 1, expanded: 2)],
         nodes: [(node: "inland", keys: [(province: "capc")]), (node: "bay")]),
        (id: "gold", name: "Gold", gold: true, rows: [(power: 4, ducats: 6, expanded: 8), (power: 2, ducats: 4, expanded: 5), (power: 1, ducats: 3, expanded: 4)],
         nodes: [(node: "inland"), (node: "far", keys: [(province: "wild")])]),
        (id: "slaves", name: "Slaves", slaves: true, rows: [(power: 4, ducats: 5, expanded: 7), (power: 2, ducats: 3, expanded: 5), (power: 1, ducats: 2, expanded: 3)],
         nodes: [(node: "inland"), (node: "far")]),
        (id: "furs", name: "Furs", continents: ["new_world"], rows: [(power: 4, ducats: 5, expanded: 7), (power: 2, ducats: 3, expanded: 5), (power: 1, ducats: 2, expanded: 3)],
         nodes: [(node: "far"), (node: "bay")]),
    ],"#;
    text.replace("    action_cards: [],", NODES)
        .replace(
            "distant: true, shape: [], site: (360.0, 120.0)),",
            "distant: true, trade_protection: 1, shape: [], site: (360.0, 120.0)),",
        )
        .replace(
            "(id: \"west_sea\", name: \"West Sea\", neighbours: [\"far_sea\"],",
            "(id: \"west_sea\", name: \"West Sea\", neighbours: [\"far_sea\"], trade_protection: 1,",
        )
        .replace("advisors: [\"adv_a\"]),", "advisors: [\"adv_a\"], merchants: [\"bay\"]),")
        .replace("ruler: Some(\"ruler_b\")),", "ruler: Some(\"ruler_b\"), merchants: [\"bay\"]),")
}

/// Puts these Trade Cards (by id) on top of the Trade Deck, the first on top.
pub fn stack_trade_deck(game: &mut Game, cards: &[&str]) {
    let ids: Vec<usize> = {
        let content = &game
            .world()
            .resource::<crate::rulesets::pop::state::Content>()
            .0;
        cards
            .iter()
            .map(|c| content.trade_cards.iter().position(|t| t.id == *c).unwrap())
            .collect()
    };
    let mut board = game
        .world_mut()
        .res_mut::<crate::rulesets::pop::rules::trade::TradeBoard>();
    board.shuffled = true;
    board.deck.retain(|c| !ids.contains(c));
    board.deck.extend(ids.into_iter().rev());
}

/// Asserts that `action` is refused under `rule` and leaves the game exactly as it was.
pub fn refused(game: &mut Game, action: crate::rulesets::pop::Action, rule: &str) {
    let before = game.state_hash();
    let err = game.apply(action.clone()).unwrap_err();
    assert_eq!(err.rule, rule, "{action:?}: {err}");
    assert_eq!(
        game.state_hash(),
        before,
        "a refused {action:?} changed nothing"
    );
}

/// Puts one unit of this kind and status at an area or sea zone, serving `realm` (rebels and
/// other units of nobody take `None`).
pub fn spawn_unit(
    game: &mut Game,
    realm: Option<Entity>,
    place: &str,
    kind: crate::rulesets::pop::model::UnitKind,
    status: crate::rulesets::pop::model::UnitStatus,
) -> Entity {
    use crate::rulesets::pop::model::{At, Unit, UnitOf};
    let at = e(game, place);
    let unit = crate::rulesets::pop::state::spawn_sim(
        game.world_mut(),
        None,
        (
            Unit {
                kind,
                status,
                damaged: false,
            },
            At(at),
        ),
    );
    if let Some(r) = realm {
        game.world_mut().entity_mut(unit).insert(UnitOf(r));
    }
    unit
}

/// Plays on through `apply` with the bot (the first legal answer where its pick is refused),
/// calling `keep` before every answer to hold a situation in place, until `done` holds or
/// `limit` answers have been given. True if `done` held.
pub fn play_until(
    game: &mut Game,
    limit: usize,
    mut keep: impl FnMut(&mut Game),
    done: impl Fn(&Game) -> bool,
) -> bool {
    let mut bot = crate::rulesets::pop::bot::Bot::new(1);
    for _ in 0..limit {
        if done(game) {
            return true;
        }
        if game.is_over() {
            return false;
        }
        keep(game);
        let action = bot.choose(game).expect("the bot answers");
        if game.apply(action).is_err() {
            let first = game.legal_actions()[0].clone();
            game.apply(first).unwrap();
        }
    }
    done(game)
}

/// The home area of a realm of the mini scenario: "north" for AAA, "south" for the other.
pub fn home_area(game: &Game, realm: Entity) -> &'static str {
    if crate::rulesets::pop::state::key_of(game.world(), realm) == "AAA" {
        "north"
    } else {
        "south"
    }
}

/// `attacker` and `defender` at war, as a declaration leaves them (the War marker alone: no
/// costs, calls or casus belli).
pub fn at_war(game: &mut Game, attacker: Entity, defender: Entity) {
    crate::rulesets::pop::state::spawn_sim(
        game.world_mut(),
        None,
        crate::rulesets::pop::model::War { attacker, defender },
    );
}

/// Jumps straight to the step `id` (e.g. "pop.step.p3g") with no question pending and runs the
/// rules until they ask something: a test of one step on a board set up by hand.
pub fn jump_to_step(game: &mut Game, id: &str) {
    use crate::engine::flow::{Flow, run_until_decision};
    let world = game.world_mut();
    world
        .resource_mut::<crate::rulesets::pop::decision::Pending>()
        .0 = None;
    let mut flow = world.resource_mut::<Flow>();
    flow.step = flow
        .steps
        .iter()
        .position(|s| s.id == id)
        .unwrap_or_else(|| panic!("no step {id}")) as u16;
    run_until_decision::<crate::rulesets::pop::PriceOfPower>(world);
}

/// The realm whose turn comes first in the mini game (its id).
pub fn first_to_act() -> &'static str {
    let mut game = game();
    let me = to_first_turn(&mut game);
    crate::rulesets::pop::state::key_of(game.world(), me).as_str()
}

/// Every error loading this edited mini scenario reports, one a line; each names its place in
/// the file (`mini.ron:line:col: ...`), all at once.
pub fn load_errors(text: &str) -> String {
    let err = parse_scenario(text, "mini.ron")
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        err.lines().all(|l| l.starts_with("mini.ron:")),
        "file:line:col on each: {err}"
    );
    err
}
