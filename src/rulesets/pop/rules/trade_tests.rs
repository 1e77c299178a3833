//! Rule tests for Trade (12 and the Trade action of 5.4e) on the mini scenario with the trade content of `test_support::with_trade`; each names its rule id and checks the book's numbers.

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::trade::{
    TradeBoard, assign_rows, connected, node_def, place_pirate, stand_merchants_up,
};
use crate::rulesets::pop::state::{Content, key_of};

fn trade_game() -> (Game, Entity, Entity) {
    rich_game(with_trade)
}

fn board(game: &Game) -> TradeBoard {
    game.world().resource::<TradeBoard>().clone()
}

fn choose(card: &str, node: &str, merchant: Option<&str>) -> Action {
    Action::ChooseTradeCard {
        card: card.into(),
        node: node.into(),
        merchant: merchant.map(Id::new),
    }
}

/// A Light Ship of the realm at a place; on the sea zone's protection slot with `protect`.
fn light_ship(game: &mut Game, realm: Entity, place: &str, protect: bool) -> Entity {
    let ship = spawn_unit(
        game,
        Some(realm),
        place,
        UnitKind::LightShip,
        UnitStatus::Regular,
    );
    if protect {
        game.world_mut().entity_mut(ship).insert(Protecting);
    }
    ship
}

/// Trades `card` in `node` with the merchant already there (or off the board); returns the
/// ducats gained by the active realm and by the other one.
fn trade(game: &mut Game, me: Entity, other: Entity, card: &str, node: &str) -> (i32, i32) {
    let (a, b) = (mat(game, me).ducats, mat(game, other).ducats);
    stack_trade_deck(game, &[card]);
    game.apply(Action::Trade).unwrap();
    game.apply(choose(card, node, None)).unwrap();
    (mat(game, me).ducats - a, mat(game, other).ducats - b)
}

#[test]
fn pop_12_trade_income_rows_push_down_the_weaker_merchant() {
    // The income table as pure arithmetic: the stronger takes its row, the others go below.
    let rows = crate::rulesets::pop::content::schema::TradeRowDef::default();
    let rows = vec![
        crate::rulesets::pop::content::schema::TradeRowDef {
            power: 4,
            ..rows.clone()
        },
        crate::rulesets::pop::content::schema::TradeRowDef {
            power: 2,
            ..rows.clone()
        },
        crate::rulesets::pop::content::schema::TradeRowDef { power: 1, ..rows },
    ];
    assert_eq!(
        assign_rows(&rows, &[5, 4, 1], 0),
        [Some(0), Some(1), Some(2)]
    );
    assert_eq!(assign_rows(&rows, &[2, 2, 2], 0), [Some(1), Some(2), None]);
    assert_eq!(assign_rows(&rows, &[3, 1], 0), [Some(1), Some(2)]);
    // On the board: a protecting Light Ship makes me 5 against the other's 4 in the bay.
    let (mut game, me, other) = trade_game();
    light_ship(&mut game, me, "west_sea", true);
    assert_eq!(trade(&mut game, me, other, "cloth", "bay"), (5, 3));
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9, "Trade costs 1 dip");
    assert!(count(&game, ids::TRADE_INCOME) >= 2);
}

#[test]
fn pop_12_trade_power_counts_merchant_key_provinces_plus_signs_and_protecting_ships() {
    let (mut game, me, _) = trade_game();
    let content = game.world().resource::<Content>().0.clone();
    let card = content
        .trade_cards
        .iter()
        .find(|c| c.id == "cloth")
        .unwrap();
    let bay = node_def(&content, "bay").unwrap();
    let power = |game: &Game| {
        crate::rulesets::pop::rules::trade::trade_power(game.world(), me, card, bay, true)
    };
    assert_eq!(
        power(&game),
        4,
        "merchant 1, capital with a '+' 2, second province 1"
    );
    light_ship(&mut game, me, "west_sea", true);
    assert_eq!(
        power(&game),
        5,
        "a Light Ship on a protection slot next to the node"
    );
    light_ship(&mut game, me, "west_sea", false);
    assert_eq!(power(&game), 5, "a ship off the slots gives no power");
    assert_eq!(
        crate::rulesets::pop::rules::trade::trade_power(game.world(), me, card, bay, false),
        2,
        "key provinces never count in a secondary node"
    );
}

#[test]
fn pop_12_trade_income_ties_go_to_the_active_player() {
    let (mut game, me, other) = trade_game();
    assert_eq!(
        trade(&mut game, me, other, "cloth", "bay"),
        (5, 3),
        "4 against 4"
    );
}

#[test]
fn pop_12_pirates_push_everyone_one_row_down() {
    let (mut game, me, other) = trade_game();
    game.world_mut()
        .res_mut::<TradeBoard>()
        .pirates
        .push("bay".into());
    assert_eq!(trade(&mut game, me, other, "cloth", "bay"), (3, 2));
    assert!(count(&game, ids::PIRATES) >= 1);

    let (mut game, me, other) = trade_game();
    let two = vec![Id::new("bay"), Id::new("bay")];
    game.world_mut().res_mut::<TradeBoard>().pirates = two;
    assert_eq!(
        trade(&mut game, me, other, "cloth", "bay"),
        (2, 0),
        "from the bottom row nothing is left"
    );
}

#[test]
fn pop_12_pirates_leave_when_a_protecting_realm_trades_there() {
    let (mut game, me, other) = trade_game();
    light_ship(&mut game, me, "west_sea", true);
    game.world_mut()
        .res_mut::<TradeBoard>()
        .pirates
        .push("bay".into());
    assert_eq!(trade(&mut game, me, other, "cloth", "bay"), (5, 3));
    assert!(
        board(&game).pirates.is_empty(),
        "the pirate was driven out first"
    );
}

#[test]
fn pop_12_trade_income_expanded_nodes_read_the_other_column() {
    let (mut game, me, other) = trade_game();
    game.world_mut()
        .res_mut::<TradeBoard>()
        .expanded
        .push("bay".into());
    assert_eq!(trade(&mut game, me, other, "cloth", "bay"), (7, 5));
}

#[test]
fn pop_12_secondary_node_pays_the_lowest_row_and_the_others_trade_at_the_primary() {
    let (mut game, me, other) = trade_game();
    assert_eq!(
        trade(&mut game, me, other, "cloth", "inland"),
        (2, 5),
        "me: the lowest row of the secondary node; the other: alone at the bay, row 1"
    );
    assert!(count(&game, ids::SECONDARY_NODE) >= 1);
    let name = key_of(game.world(), me);
    assert!(board(&game).merchant_at(&name, "inland").is_some());
}

#[test]
fn pop_12_pirates_bar_a_secondary_node() {
    let (mut game, _, _) = trade_game();
    game.world_mut()
        .res_mut::<TradeBoard>()
        .pirates
        .push("inland".into());
    stack_trade_deck(&mut game, &["cloth"]);
    game.apply(Action::Trade).unwrap();
    refused(&mut game, choose("cloth", "inland", None), ids::PIRATES);
}

#[test]
fn pop_12_gold_inflation_costs_an_adm_or_an_interest_token() {
    let (mut game, me, other) = trade_game();
    stack_trade_deck(&mut game, &["gold"]);
    game.apply(Action::Trade).unwrap();
    game.apply(choose("gold", "inland", None)).unwrap();
    let pending = game.pending().unwrap();
    assert_eq!(
        pending.kind,
        DecisionKind::GoldInflation,
        "3 ducats is above half a tax income of 3 or less"
    );
    assert_eq!(
        game.legal_actions(),
        [
            Action::PayInflation { adm: true },
            Action::PayInflation { adm: false }
        ]
    );
    set(&mut game, me, |m| m.loans = 5);
    let ducats = mat(&game, me).ducats;
    game.apply(Action::PayInflation { adm: false }).unwrap();
    assert_eq!(mat(&game, me).loans, 6, "above 5 without Bankruptcy");
    assert_eq!(mat(&game, me).ducats, ducats, "the token brings no ducats");
    assert_eq!(count(&game, ids::BANKRUPTCY), 0);
    assert!(count(&game, ids::GOLD_INFLATION) >= 2);
    let _ = other;
    // Paying in adm instead.
    let (mut game, me, _) = trade_game();
    stack_trade_deck(&mut game, &["gold"]);
    game.apply(Action::Trade).unwrap();
    game.apply(choose("gold", "inland", None)).unwrap();
    game.apply(Action::PayInflation { adm: true }).unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 9);
    assert_eq!(mat(&game, me).loans, 0);
}

#[test]
fn pop_12_slaves_cost_a_prestige_in_ages_three_and_four() {
    let (mut game, me, other) = trade_game();
    let before = mat(&game, me).prestige;
    trade(&mut game, me, other, "slaves", "inland");
    assert_eq!(mat(&game, me).prestige, before, "Age I: no prestige lost");

    let (mut game, me, other) = trade_game();
    game.world_mut().res_mut::<Flow>().age = 3;
    let before = mat(&game, me).prestige;
    assert_eq!(trade(&mut game, me, other, "slaves", "inland").0, 2);
    assert_eq!(mat(&game, me).prestige, before - 1);
    assert_eq!(count(&game, ids::SLAVES), 1);
}

#[test]
fn pop_12_trade_ducats_discards_the_cards_for_two_ducats() {
    let (mut game, me, _) = trade_game();
    stack_trade_deck(&mut game, &["cloth", "grain", "gold"]);
    game.apply(Action::Trade).unwrap();
    assert_eq!(board(&game).revealed.len(), 3);
    let before = mat(&game, me).ducats;
    game.apply(Action::TakeTradeDucats).unwrap();
    assert_eq!(mat(&game, me).ducats, before + 2);
    assert_eq!(board(&game).discard.len(), 3);
    assert!(board(&game).revealed.is_empty());
    assert!(board(&game).run.is_none());
    assert_eq!(count(&game, ids::TRADE_DUCATS), 2, "the note and the gain");
}

#[test]
fn pop_12_merchant_lies_down_and_stands_up_in_phase_5() {
    let (mut game, me, other) = trade_game();
    trade(&mut game, me, other, "cloth", "bay");
    let name = key_of(game.world(), me);
    assert!(!board(&game).merchant_at(&name, "bay").unwrap().upright);
    stand_merchants_up(game.world_mut());
    assert!(board(&game).merchants.iter().all(|m| m.upright));
    assert!(count(&game, ids::MERCHANT) >= 2);
}

#[test]
fn pop_12_merchant_needed_to_trade() {
    let (mut game, me, _) = trade_game();
    let name = key_of(game.world(), me);
    for m in game
        .world_mut()
        .res_mut::<TradeBoard>()
        .merchants
        .iter_mut()
    {
        if m.realm == name {
            m.node.get_or_insert_with(|| "far".into());
            m.upright = false;
        }
    }
    refused(&mut game, Action::Trade, ids::MERCHANT);
    assert!(!game.legal_actions().contains(&Action::Trade));
}

#[test]
fn pop_12_eligible_needs_a_chain_to_the_capital_area() {
    let (mut game, me, _) = trade_game();
    let content = game.world().resource::<Content>().0.clone();
    let node = |id: &str| node_def(&content, id).unwrap();
    assert!(
        connected(game.world(), me, node("bay")),
        "the node's sea is exempt"
    );
    assert!(
        connected(game.world(), me, node("inland")),
        "its area is exempt"
    );
    assert!(
        !connected(game.world(), me, node("far")),
        "nothing carries the chain to the Far Sea"
    );
    light_ship(&mut game, me, "west_sea", false);
    assert!(
        connected(game.world(), me, node("far")),
        "a Light Ship in the West Sea links it"
    );
}

#[test]
fn pop_12_eligible_refuses_a_node_without_a_connection() {
    let (mut game, me, _) = trade_game();
    stack_trade_deck(&mut game, &["cloth"]);
    game.apply(Action::Trade).unwrap();
    refused(&mut game, choose("cloth", "far", None), ids::TRADE_ELIGIBLE);
    refused(&mut game, choose("grain", "bay", None), ids::TRADE_DECK);
    let name = key_of(game.world(), me);
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::ChooseTradeCard { node, .. } if node == "far"))
    );
    assert_eq!(game.pending().unwrap().realm, name);
}

#[test]
fn pop_act_trade_refused_without_dip() {
    let (mut game, me, _) = trade_game();
    set(&mut game, me, |m| m.mp[MpKind::Dip.index()] = 0);
    refused(&mut game, Action::Trade, ids::ACT_TRADE);
}

#[test]
fn pop_12_trade_protection_ship_displaces_an_opponent_from_a_full_slot() {
    let (mut game, me, other) = trade_game();
    let theirs = light_ship(&mut game, other, "west_sea", true);
    let home = if key_of(game.world(), me) == "AAA" {
        "north"
    } else {
        "south"
    };
    light_ship(&mut game, me, home, false);
    stack_trade_deck(&mut game, &["cloth"]);
    game.apply(Action::Trade).unwrap();
    let sail = Action::TradeShip {
        from: home.into(),
        to: "west_sea".into(),
        protect: true,
    };
    assert!(game.legal_actions().contains(&sail));
    let (a, b) = (mat(&game, me).ducats, mat(&game, other).ducats);
    game.apply(sail).unwrap();
    assert!(
        game.world().get::<Protecting>(theirs).is_none(),
        "displaced"
    );
    assert!(matches!(
        game.pending().unwrap().kind,
        DecisionKind::TradeCards {
            ship_moved: true,
            ..
        }
    ));
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::TradeShip { .. })),
        "one ship per action"
    );
    game.apply(choose("cloth", "bay", None)).unwrap();
    assert_eq!(
        (mat(&game, me).ducats - a, mat(&game, other).ducats - b),
        (5, 3),
        "5 power against 4"
    );
}

#[test]
fn pop_12_trade_deck_distant_cards_join_on_the_first_discovery() {
    let (mut game, me, _) = trade_game();
    let furs = game
        .world()
        .resource::<Content>()
        .0
        .trade_cards
        .iter()
        .position(|c| c.id == "furs")
        .unwrap();
    assert!(board(&game).unused.contains(&furs));
    assert!(!board(&game).deck.contains(&furs));
    game.world_mut().res_mut::<TradeBoard>().discard.push(0);
    game.world_mut()
        .res_mut::<TradeBoard>()
        .deck
        .retain(|c| *c != 0);
    let deck = board(&game).deck.len();
    let farland = e(&game, "farland");
    crate::rulesets::pop::rules::explore::discover(game.world_mut(), me, farland);
    let b = board(&game);
    assert!(b.unused.is_empty());
    assert!(b.discard.is_empty(), "the discard pile is shuffled in too");
    assert_eq!(b.deck.len(), deck + 2);
    assert!(b.deck.contains(&furs) && b.deck.contains(&0));
    assert!(
        count(&game, ids::EXPLORE_FIRST) >= 2,
        "the discovery and the cards"
    );
}

#[test]
fn pop_12_pirates_symbol_auto_resolution() {
    let (mut game, _, _) = trade_game();
    place_pirate(game.world_mut());
    assert_eq!(
        board(&game).pirates,
        ["bay"],
        "the maritime node with the most merchants"
    );
    // No merchant anywhere: an expanded node comes first.
    {
        let mut b = game.world_mut().res_mut::<TradeBoard>();
        b.pirates.clear();
        b.merchants.clear();
        b.expanded.push("far".into());
    }
    place_pirate(game.world_mut());
    assert_eq!(board(&game).pirates, ["far"]);
    // A tie on both: drawn with the seeded RNG, so the same seed places it alike.
    let pick = |seed_game: &mut Game| {
        let mut b = seed_game.world_mut().res_mut::<TradeBoard>();
        b.pirates.clear();
        b.merchants.clear();
        b.expanded.clear();
        place_pirate(seed_game.world_mut());
        board(seed_game).pirates
    };
    let (mut again, _, _) = trade_game();
    assert_eq!(pick(&mut game).len(), 1);
    let first = pick(&mut again);
    assert!(first == ["bay"] || first == ["far"]);
    assert!(count(&game, ids::PIRATES) >= 3);
}

/// The trade game where every Event carries a Pirates symbol, after the realm to act took the
/// first Event and answered its own questions up to the pirate's node, if it is asked.
fn pirates_event(edit_board: impl Fn(&mut TradeBoard)) -> (Game, Entity) {
    let (mut game, me, _) = rich_game(|t| {
        with_trade(t)
            .replace("symbols: [Mortality(1)]", "symbols: [Pirates]")
            .replace("symbols: []", "symbols: [Pirates]")
    });
    edit_board(&mut game.world_mut().res_mut::<TradeBoard>());
    take_event_until(&mut game, |k| *k == DecisionKind::Pirates);
    (game, me)
}

#[test]
fn pop_12_pirates_symbol_of_the_event_taken_the_active_player_places_it_by_a_merchant() {
    // 16.5: "Place a Pirate Ship into a Maritime Trade Node of your choice. If possible, this
    // must be a node that has at least 1 Merchant in it."
    // Merchants stand in the Bay only: the pirate goes there unasked, not to the Far Harbour.
    let (game, _) = pirates_event(|_| {});
    assert_ne!(game.pending().unwrap().kind, DecisionKind::Pirates);
    assert_eq!(board(&game).pirates, ["bay"]);
    // A merchant in the Far Harbour too: the Active Player chooses between the two.
    let (mut game, me) = pirates_event(|b| {
        let spare = b.merchants.iter_mut().find(|m| m.node.is_none()).unwrap();
        spare.node = Some("far".into());
    });
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.kind, DecisionKind::Pirates);
    assert_eq!(pending.realm, key_of(game.world(), me));
    let node = |n: &str| Action::ChooseNode { node: n.into() };
    assert_eq!(game.legal_actions(), [node("bay"), node("far")]);
    refused(&mut game, node("inland"), ids::PIRATES);
    game.apply(node("far")).unwrap();
    assert_eq!(board(&game).pirates, ["far"]);
    assert_eq!(count(&game, ids::PIRATES), 1);
}

#[test]
fn pop_12_pirates_leave_at_the_end_of_the_age() {
    let (mut game, _, _) = trade_game();
    place_pirate(game.world_mut());
    crate::rulesets::pop::rules::trade::pirates_leave(game.world_mut());
    assert!(board(&game).pirates.is_empty());
}

/// The trade game with the Cloth card's bay node needing `requirement`, its Key Provinces
/// `keys` (no secondary node).
fn required_game(requirement: &str, keys: &str) -> (Game, Entity, Entity) {
    let requirement = requirement.to_string();
    let keys = keys.to_string();
    rich_game(move |t| {
        with_trade(t).replace(
            r#"(node: "bay", keys: [(province: "capa", plus: 1), (province: "nora"), (province: "capb", plus: 1), (province: "sora")], secondary: Some("inland")),"#,
            &format!(r#"(node: "bay", keys: [{keys}], requirement: {requirement}),"#),
        )
    })
}

#[test]
fn pop_12_requirement_own_a_key_province_or_neither_trade_there_nor_collect() {
    let aaa_keys = r#"(province: "capa"), (province: "nora")"#;
    let bbb_keys = r#"(province: "capb"), (province: "sora")"#;
    // Which realm moves first depends on the seed: give the keys to it, then to the other one.
    let first = trade_game().0.pending().unwrap().realm;
    let (mine, theirs) = if first == "AAA" {
        (aaa_keys, bbb_keys)
    } else {
        (bbb_keys, aaa_keys)
    };
    // The keys are mine: I trade there; the other realm's merchant owns none, collects nothing
    // and so pushes nobody down; the log says why.
    let (mut game, me, other) = required_game("OwnKey", mine);
    let (gained, other_gained) = trade(&mut game, me, other, "cloth", "bay");
    assert_eq!(other_gained, 0, "no key province owned: no income");
    assert_eq!(
        gained, 3,
        "3 power (merchant + 2 keys) takes the row for 2, and nobody pushes it down"
    );
    assert_eq!(count(&game, ids::TRADE_REQUIREMENT), 1, "the rival's note");
    // The keys are the other realm's: I may not pick the node.
    let (mut game, _, _) = required_game("OwnKey", theirs);
    stack_trade_deck(&mut game, &["cloth"]);
    game.apply(Action::Trade).unwrap();
    refused(
        &mut game,
        choose("cloth", "bay", None),
        ids::TRADE_REQUIREMENT,
    );
}

#[test]
fn pop_12_requirement_a_holding_of_any_realm_on_a_key_province() {
    use crate::rulesets::pop::rules::trade::meets_requirement;
    let cloth = |game: &Game| {
        let content = game.world().resource::<Content>().0.clone();
        content
            .trade_cards
            .iter()
            .find(|c| c.id == "cloth")
            .unwrap()
            .clone()
    };
    // BBB's town on capb satisfies "Holding" for both realms, unlike "OwnKey".
    let (game, _, _) = required_game("Holding", r#"(province: "capb")"#);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    assert!(meets_requirement(game.world(), a, &cloth(&game), "bay"));
    assert!(meets_requirement(game.world(), b, &cloth(&game), "bay"));
    let (game, _, _) = required_game("OwnKey", r#"(province: "capb")"#);
    assert!(!meets_requirement(game.world(), a, &cloth(&game), "bay"));
    assert!(meets_requirement(game.world(), b, &cloth(&game), "bay"));
    // No token at all on the Key Provinces (a Non-Player Realm's province): nobody trades there,
    // while a node without a requirement stays open.
    let (mut game, _, _) = required_game("Holding", r#"(province: "capc")"#);
    assert!(!meets_requirement(game.world(), a, &cloth(&game), "bay"));
    assert!(meets_requirement(game.world(), a, &cloth(&game), "far"));
    stack_trade_deck(&mut game, &["cloth"]);
    game.apply(Action::Trade).unwrap();
    refused(
        &mut game,
        choose("cloth", "bay", None),
        ids::TRADE_REQUIREMENT,
    );
}

#[test]
fn pop_12_trade_protection_slot_is_given_up_by_any_move() {
    let (mut game, me, _) = trade_game();
    let ship = light_ship(&mut game, me, "west_sea", true);
    let (west, far) = (e(&game, "west_sea"), e(&game, "far_sea"));
    assert_eq!(
        crate::rulesets::pop::rules::trade::protecting_ships(game.world(), west),
        [ship]
    );
    // Sailing off and back (a retreat, a recall, a voyage: every move) leaves the slot free.
    crate::rulesets::pop::rules::military::place_unit(game.world_mut(), ship, far);
    crate::rulesets::pop::rules::military::place_unit(game.world_mut(), ship, west);
    assert!(crate::rulesets::pop::rules::trade::protecting_ships(game.world(), west).is_empty());
}

/// The trade game with a Diplomatic card "growth" (1 dip): Commercial Growth. The card decks
/// of Phase 1 are answered first (the first legal answer), then both realms get 10 of each
/// monarch power and 30 ducats; returns the realm whose turn it is and the other one.
fn growth_game() -> (Game, Entity, Entity) {
    let (mut game, a, b) = rich_game(|t| {
        with_trade(t).replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"growth\", name: \"Commercial Growth\", deck: Dip, cost: 1, text: \"Growth.\", effects: [ExpandAnyNode])],",
        )
    });
    let me = to_first_turn(&mut game);
    (game, me, if me == a { b } else { a })
}

fn expand_notes(game: &Game) -> Vec<String> {
    game.world()
        .resource::<crate::engine::log::GameLog>()
        .entries
        .iter()
        .filter(|l| l.rule == ids::TRADE_EXPAND)
        .map(|l| l.text.clone())
        .collect()
}

#[test]
fn pop_12_expand_commercial_growth_asks_the_node_and_income_reads_the_expanded_column() {
    let (mut game, me, other) = growth_game();
    let name = key_of(game.world(), me);
    give_card(&mut game, me, "growth");
    game.apply(Action::PlayCard {
        card: "growth".into(),
    })
    .unwrap();
    assert_eq!(mat(&game, me).mp(MpKind::Dip), 9, "the card costs 1 dip");
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.kind, DecisionKind::ExpandNode);
    assert_eq!(pending.realm, name);
    // Its merchant stands in the bay; the inland node is connected to its capital; the far
    // harbour is neither.
    let node = |n: &str| Action::ChooseNode { node: n.into() };
    assert_eq!(game.legal_actions(), [node("bay"), node("inland")]);
    refused(&mut game, node("far"), ids::TRADE_EXPAND);
    refused(&mut game, node("nowhere"), ids::TRADE_EXPAND);
    refused(&mut game, Action::Pass, ids::TRADE_EXPAND);
    game.apply(node("bay")).unwrap();
    assert_eq!(board(&game).expanded, ["bay"]);
    assert_eq!(
        expand_notes(&game),
        [format!(
            "{name} expands The Bay: its income is read from the expanded column"
        )]
    );
    // The other realm trades in the bay: 4 against 4, it takes the first row and I the second,
    // both read from the expanded column (7 and 5 instead of 5 and 3).
    settle_turn(&mut game, me);
    assert_eq!(game.pending().unwrap().realm, key_of(game.world(), other));
    assert_eq!(trade(&mut game, other, me, "cloth", "bay"), (7, 5));
}

#[test]
fn pop_12_expand_with_one_node_left_needs_no_choice_and_with_none_does_nothing() {
    let (mut game, me, _) = growth_game();
    let name = key_of(game.world(), me);
    game.world_mut()
        .res_mut::<TradeBoard>()
        .expanded
        .push("bay".into());
    let any = [crate::rulesets::pop::content::schema::Effect::ExpandAnyNode];
    crate::rulesets::pop::rules::effects::apply_now(game.world_mut(), me, &any);
    assert_eq!(
        board(&game).expanded,
        ["bay", "inland"],
        "the only one left"
    );
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::Turn,
        "no question"
    );
    crate::rulesets::pop::rules::effects::apply_now(game.world_mut(), me, &any);
    assert_eq!(board(&game).expanded, ["bay", "inland"]);
    assert_eq!(
        expand_notes(&game),
        [
            format!("{name} expands Inland Market: its income is read from the expanded column"),
            format!("{name} has no Trade Node to expand: none within reach is left unexpanded"),
        ]
    );
}

#[test]
fn pop_12_expand_a_named_node_from_a_mission_or_event_once() {
    let (mut game, me, _) = trade_game();
    let name = key_of(game.world(), me);
    let far = [crate::rulesets::pop::content::schema::Effect::ExpandNode(
        "far".into(),
    )];
    // A named node needs no merchant or connection: the card or Mission names it.
    crate::rulesets::pop::rules::effects::apply_now(game.world_mut(), me, &far);
    crate::rulesets::pop::rules::effects::apply_now(game.world_mut(), me, &far);
    assert_eq!(board(&game).expanded, ["far"], "expanded once");
    assert!(crate::rulesets::pop::rules::trade::is_expanded(
        game.world(),
        "far"
    ));
    assert_eq!(
        expand_notes(&game),
        [
            format!("{name} expands Far Harbour: its income is read from the expanded column"),
            "Far Harbour is expanded already".to_string(),
        ]
    );
    assert_eq!(count(&game, ids::TRADE_EXPAND), 2);
}

#[test]
fn pop_12_expand_bot_picks_its_own_merchants_node() {
    let (mut game, me, _) = growth_game();
    give_card(&mut game, me, "growth");
    game.apply(Action::PlayCard {
        card: "growth".into(),
    })
    .unwrap();
    assert_eq!(
        crate::rulesets::pop::bot::Bot::new(1).choose(&game),
        Some(Action::ChooseNode { node: "bay".into() }),
        "its merchant stands in the bay"
    );
    // Its merchant moved inland: the inland node now.
    let name = key_of(game.world(), me);
    for m in &mut game.world_mut().res_mut::<TradeBoard>().merchants {
        if m.realm == name && m.node.as_deref() == Some("bay") {
            m.node = Some("inland".into());
        }
    }
    assert_eq!(
        crate::rulesets::pop::bot::Bot::new(1).choose(&game),
        Some(Action::ChooseNode {
            node: "inland".into()
        })
    );
}

#[test]
fn pop_12_expand_content_checks_the_node_and_keeps_the_choice_off_rewards() {
    let text = with_trade(MINI.to_string())
        .replace(
            "    action_cards: [],",
            "    action_cards: [(id: \"growth\", name: \"Growth\", deck: Dip, cost: 1, text: \"Growth.\", effects: [ExpandNode(\"nowhere\")])],\n    missions: [(id: \"m_trade\", name: \"Trade\", conditions: [Province(\"capa\")], reward: [ExpandAnyNode])],",
        );
    let errors = crate::rulesets::pop::content::parse_scenario(&text, "x.ron").unwrap_err();
    let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 2, "{all:#?}");
    let line = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let col = |needle: &str, what: &str| {
        text.lines()
            .find(|l| l.contains(needle))
            .unwrap()
            .find(what)
            .unwrap()
            + 1
    };
    assert!(
        all.contains(&format!(
            "x.ron:{}:{}: ExpandNode: unknown trade node id \"nowhere\" (in action_cards \"growth\")",
            line("\"nowhere\""),
            col("\"nowhere\"", "\"nowhere\"")
        )),
        "{all:#?}"
    );
    assert!(
        all.iter()
            .any(|m| m.starts_with(&format!("x.ron:{}:", line("m_trade")))
                && m.contains("ExpandAnyNode asks a choice")),
        "{all:#?}"
    );
}
