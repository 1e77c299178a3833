//! Rule tests for Power Struggles (17.4) and the Comet Sighted Milestone swap (17.3) on the mini
//! scenario with three Power Struggle cards; each names its rule id and checks the book's
//! numbers.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{Action, DecisionKind};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::costs::action_cost;
use crate::rulesets::pop::rules::milestones::{Milestones, comet_sighted, milestone_index};
use crate::rulesets::pop::rules::struggle::{
    PowerStruggles, activate, battleground_prestige, is_battleground, score_power_struggles,
};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::state::spawn_sim;
use crate::rulesets::pop::{Game, GameSetup};

/// The deck, top first: "east" (battleground: east), "main" (south and east, two criteria),
/// "far" (north and the distant farland).
const CARDS: &str = r#"    ideas: [],
    power_struggles: [
        (id: "ps_east", name: "East", text: "t", battlegrounds: ["east"]),
        (id: "ps_main", name: "Main", text: "t", battlegrounds: ["south", "east"],
         criteria: [
            (text: "Hold the north", realms: ["AAA"], conditions: [WholeArea("north")], met: 2, failed: -1),
            (text: "A full treasury", conditions: [Treasury(20)], met: 1, failed: -3),
         ]),
        (id: "ps_far", name: "Far", text: "t", battlegrounds: ["north", "farland"]),
    ],"#;

fn with_struggles(text: String) -> String {
    text.replace(
        "options: (first_age: 1, last_age: 2)",
        "options: (first_age: 1, last_age: 2, power_struggles: true)",
    )
    .replace("    ideas: [],", CARDS)
}

fn board(game: &Game) -> PowerStruggles {
    game.world().resource::<PowerStruggles>().clone()
}

fn card(game: &Game, id: &str) -> usize {
    game.world()
        .resource::<crate::rulesets::pop::state::Content>()
        .0
        .power_struggles
        .iter()
        .position(|p| p.id == id)
        .unwrap()
}

fn prestige(game: &Game, realm: Entity) -> i32 {
    mat(game, realm).prestige
}

#[test]
fn pop_17_4_setup_keeps_the_scenario_order_and_activation_reveals_the_next_upcoming() {
    let mut game = game_with(with_struggles);
    let (east, main, far) = (
        card(&game, "ps_east"),
        card(&game, "ps_main"),
        card(&game, "ps_far"),
    );
    assert_eq!(
        board(&game).deck,
        vec![far, main, east],
        "the first listed on top"
    );
    assert_eq!(board(&game).upcoming(), Some(east));
    assert_eq!(count(&game, ids::STRUGGLE_SETUP), 1);
    activate(game.world_mut(), "test");
    assert_eq!(board(&game).active, vec![east]);
    assert_eq!(
        board(&game).upcoming(),
        Some(main),
        "the next card is revealed"
    );
    // House rule: a second activation before Phase 4 E joins the first; both score.
    activate(game.world_mut(), "test");
    activate(game.world_mut(), "test");
    assert_eq!(board(&game).active, vec![east, main, far]);
    assert_eq!(board(&game).upcoming(), None);
    activate(game.world_mut(), "test");
    assert_eq!(
        count(&game, ids::STRUGGLE_ACTIVATE),
        4,
        "the last says the deck is used up"
    );
    score_power_struggles(game.world_mut());
    assert!(board(&game).active.is_empty());
    assert_eq!(board(&game).discard, vec![east, main, far]);
    assert_eq!(count(&game, ids::STRUGGLE_DISCARD), 3);
}

#[test]
fn pop_17_4_activate_does_nothing_without_the_advanced_rule() {
    let mut game = game_with(|t| with_struggles(t).replace(", power_struggles: true", ""));
    assert!(board(&game).deck.is_empty());
    activate(game.world_mut(), "test");
    assert!(board(&game).active.is_empty());
    assert_eq!(
        count(&game, ids::STRUGGLE_ACTIVATE),
        1,
        "a note says the symbol does nothing"
    );
    assert!(
        game.world()
            .resource::<crate::engine::log::GameLog>()
            .entries
            .iter()
            .any(|l| l.rule == ids::STRUGGLE_ACTIVATE && l.text.contains("not in play"))
    );
    assert_eq!(count(&game, ids::STRUGGLE_SETUP), 0);
}

#[test]
fn pop_17_4_battleground_scores_tax_value_vassals_half_alone_and_ties() {
    let mut game = game_with(with_struggles);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let main = card(&game, "ps_main");
    // BBB in the south: Capb (large town, 2) and Sora (small vassal, 1/2): 2.5 tax value.
    // Nobody else has towns there: +1. In the east it is allied to Celand, whose capital is
    // there: +1. 2.5 rounds down to 2 (as tax income does): 4.
    let ccc = e(&game, "CCC");
    spawn_sim(game.world_mut(), None, Alliance { a: b, b: ccc });
    assert_eq!(battleground_prestige(game.world(), b, main).0, 4);
    // AAA occupies Capc in the east (tax 1, full value: no vassal of its own), but has no town
    // or vassal there: 1.
    let capc = e(&game, "capc");
    game.world_mut().entity_mut(capc).insert(ControlledBy(a));
    assert_eq!(battleground_prestige(game.world(), a, main).0, 1);
    // A marriage counts like the alliance (AAA married to Celand): 2.
    spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a,
            b: ccc,
            disputed_a: false,
            disputed_b: false,
        },
    );
    assert_eq!(battleground_prestige(game.world(), a, main).0, 2);
    // A town of AAA in the south takes BBB's "only Player Realm" point away: 3.
    let sora = e(&game, "sora");
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), a, sora);
    assert_eq!(battleground_prestige(game.world(), b, main).0, 3);
}

#[test]
fn pop_17_4_battleground_alone_counts_on_the_main_map_only() {
    let mut game = game_with(with_struggles);
    let a = e(&game, "AAA");
    let far = card(&game, "ps_far");
    // AAA holds the whole north (Capa large 2, Nora 1): 3 tax, +1 alone. Its colony in the
    // distant farland (Wild, 1) scores its tax but no "alone" point.
    assert_eq!(battleground_prestige(game.world(), a, far).0, 4);
    let wild = e(&game, "wild");
    game.world_mut()
        .entity_mut(wild)
        .insert((OwnedBy(a), ControlledBy(a)));
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), a, wild);
    assert_eq!(battleground_prestige(game.world(), a, far).0, 5);
}

#[test]
fn pop_17_4_criteria_gain_and_lose_prestige_in_phase_4e() {
    let mut game = game_with(with_struggles);
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let main = card(&game, "ps_main");
    game.world_mut().res_mut::<PowerStruggles>().active = vec![main];
    set(&mut game, a, |m| m.ducats = 30);
    set(&mut game, b, |m| m.ducats = 5);
    let (pa, pb) = (prestige(&game, a), prestige(&game, b));
    score_power_struggles(game.world_mut());
    // AAA: nothing in the battlegrounds; holds the north (+2) and has 20 ducats (+1): +3.
    // BBB: 2.5 tax and alone in the south (3); fails the treasury (-3); "Hold the north" is
    // AAA's alone: 0.
    assert_eq!(prestige(&game, a) - pa, 3);
    assert_eq!(prestige(&game, b) - pb, 0);
    // A note and the prestige change each: 3 criteria scored, 1 realm in the battlegrounds.
    assert_eq!(count(&game, ids::STRUGGLE_CRITERIA), 2 * 3);
    assert_eq!(count(&game, ids::STRUGGLE_BATTLEGROUND), 2);
    // Losing the north: AAA fails its own criterion (-1).
    let nora = e(&game, "nora");
    game.world_mut().entity_mut(nora).insert(OwnedBy(b));
    game.world_mut().res_mut::<PowerStruggles>().active = vec![main];
    let pa = prestige(&game, a);
    score_power_struggles(game.world_mut());
    assert_eq!(prestige(&game, a) - pa, -1 + 1);
}

#[test]
fn pop_17_4_fabricate_discount_one_dip_in_a_battleground_two_elsewhere() {
    let (mut game, me, other) = rich_game(with_struggles);
    let east = e(&game, "east");
    assert!(
        is_battleground(game.world(), east),
        "the Upcoming card's area"
    );
    let (mine, theirs) = if crate::rulesets::pop::state::key_of(game.world(), me) == "AAA" {
        ("north", "south")
    } else {
        ("south", "north")
    };
    let claim = |area: &str| Action::FabricateClaim { area: area.into() };
    assert_eq!(action_cost(game.world(), me, &claim("east")).dip, 1);
    assert_eq!(action_cost(game.world(), me, &claim(theirs)).dip, 2);
    // With 1 dip only the battleground claim is affordable.
    set(&mut game, me, |m| m.mp[1] = 1);
    refused(&mut game, claim(theirs), ids::ACT_FABRICATE_CLAIM);
    game.apply(claim("east")).unwrap();
    assert_eq!(mat(&game, me).mp[1], 0, "1 dip paid");
    assert_eq!(count(&game, ids::STRUGGLE_FABRICATE_DISCOUNT), 1);
    // The other realm pays 2 outside the battlegrounds.
    settle_turn(&mut game, me);
    let turn = game.pending().unwrap();
    assert_eq!(turn.kind, DecisionKind::Turn);
    assert_eq!(
        turn.realm,
        crate::rulesets::pop::state::key_of(game.world(), other)
    );
    let before = mat(&game, other).mp[1];
    game.apply(claim(mine)).unwrap();
    assert_eq!(before - mat(&game, other).mp[1], 2);
    assert_eq!(count(&game, ids::STRUGGLE_FABRICATE_DISCOUNT), 1);
}

#[test]
fn pop_17_4_fabricate_discount_follows_the_active_card_and_needs_the_rule() {
    let mut game = game_with(with_struggles);
    let (north, south) = (e(&game, "north"), e(&game, "south"));
    assert!(!is_battleground(game.world(), south));
    activate(game.world_mut(), "test");
    // "Main" is now Upcoming and "East" Active: south and east count.
    assert!(is_battleground(game.world(), south));
    assert!(!is_battleground(game.world(), north));
    let off = game_with(|t| with_struggles(t).replace(", power_struggles: true", ""));
    assert!(!is_battleground(off.world(), e(&off, "east")));
}

#[test]
fn pop_17_4_setup_option_chosen_for_a_game_is_saved_and_replays() {
    let scenario = std::sync::Arc::new(
        crate::rulesets::pop::content::parse_scenario(
            &with_struggles(MINI.to_string()).replace(", power_struggles: true", ""),
            "mini.ron",
        )
        .unwrap(),
    );
    let setup =
        GameSetup::default().with_option(crate::rulesets::pop::OPTION_POWER_STRUGGLES, true);
    let mut game = Game::new(scenario.clone(), setup, 3).unwrap();
    assert!(game.scenario().options.power_struggles);
    assert_eq!(board(&game).deck.len(), 3);
    for _ in 0..40 {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    let save = crate::rulesets::pop::save::Save::of(&game, None);
    assert_eq!(
        save.setup
            .option(crate::rulesets::pop::OPTION_POWER_STRUGGLES),
        Some(true)
    );
    let text = save.to_ron();
    let replayed = crate::rulesets::pop::save::Save::parse(&text, "s.ron")
        .unwrap()
        .replay(scenario)
        .unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
}

/// Every event of the mini scenario gets the Power Struggle symbol and the Comet effect.
fn comet_everywhere(text: String) -> String {
    with_struggles(text)
        .replace("effects: [", "effects: [ReplaceMilestones, ")
        .replace("symbols: []", "symbols: [PowerStruggle]")
        .replace(
            "symbols: [Mortality(1)]",
            "symbols: [Mortality(1), PowerStruggle]",
        )
}

#[test]
fn pop_17_4_activate_by_the_event_symbol_also_on_the_leftover_event_and_comet_only_when_taken() {
    let mut game = game_with(comet_everywhere);
    // Both realms take an Event; the third, nobody's, is resolved by the last taker: its
    // symbols count (a third activation), its text does not (no third Comet).
    play_round_events(&mut game, |_| None);
    assert_eq!(count(&game, ids::STRUGGLE_ACTIVATE), 3);
    assert_eq!(board(&game).active.len(), 3);
    assert_eq!(count(&game, ids::MILESTONE_COMET), 2);
}

/// Milestones for the mini scenario: two Expansion ones and one Politics one in Age 1.
fn with_milestones(text: String) -> String {
    with_struggles(text).replace(
        "    ideas: [],",
        r#"    ideas: [],
    milestones: [
        (id: "ex1", name: "Ex 1", category: Expansion, age: 1, conditions: [Provinces(30)]),
        (id: "ex2", name: "Ex 2", category: Expansion, age: 1, conditions: [Provinces(31)]),
        (id: "po1", name: "Po 1", category: Politics, age: 1, conditions: [Alliances(3)]),
    ],"#,
    )
}

#[test]
fn pop_milestone_comet_replaces_the_milestones_from_the_age_decks() {
    let mut game = game_with(with_milestones);
    let a = e(&game, "AAA");
    let ids = |game: &Game| -> Vec<String> {
        game.world()
            .resource::<Milestones>()
            .open
            .iter()
            .map(|m| {
                game.world()
                    .resource::<crate::rulesets::pop::state::Content>()
                    .0
                    .milestones[*m]
                    .id
                    .to_string()
            })
            .collect()
    };
    let open = ids(&game);
    assert_eq!(open.len(), 2);
    assert_eq!(open[1], "po1");
    let old = milestone_index(game.world(), &open[0]).unwrap();
    game.world_mut()
        .res_mut::<Milestones>()
        .completed
        .push((old, 0));
    comet_sighted(game.world_mut(), a);
    let now = ids(&game);
    // The Expansion card gives way to the other one; Politics has no card left and stays.
    assert_ne!(now[0], open[0]);
    assert!(now[0] == "ex1" || now[0] == "ex2");
    assert_eq!(now[1], "po1");
    assert!(
        game.world().resource::<Milestones>().completed.is_empty(),
        "the tag on the discarded card goes with it"
    );
    assert_eq!(count(&game, ids::MILESTONE_COMET), 1);
    // A second comet: every deck is empty now, all stay.
    comet_sighted(game.world_mut(), a);
    assert_eq!(ids(&game), now);
    assert_eq!(count(&game, ids::MILESTONE_COMET), 2);
}

#[test]
fn pop_17_4_scored_in_bot_games() {
    let mut game = game_with(comet_everywhere);
    crate::rulesets::pop::bot::play_out(&mut game, 5);
    let activated = game
        .world()
        .resource::<crate::engine::log::GameLog>()
        .entries
        .iter()
        .filter(|l| l.rule == ids::STRUGGLE_ACTIVATE && l.text.contains("becomes active"))
        .count();
    assert_eq!(activated, 3, "each of the 3 cards once");
    assert_eq!(
        count(&game, ids::STRUGGLE_DISCARD),
        3,
        "every card scored in Phase 4 E"
    );
    assert!(board(&game).active.is_empty());
}
