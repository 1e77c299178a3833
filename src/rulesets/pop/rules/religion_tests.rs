//! Tests of Convert Area, Revolutionary Ideology (its tokens, the Spread of the Revolution
//! symbol and the Revolutionary Regime) and the faith rules of Royal Marriage.

use bevy::prelude::*;

use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::Offer;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::religion::{area_faith, place_faith};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::state::key_of;
use crate::rulesets::pop::{Action, Game};

fn faith(game: &Game, area: &str) -> Option<Religion> {
    area_faith(game.world(), e(game, area))
}

fn convert(area: &str) -> Action {
    Action::ConvertArea { area: area.into() }
}

/// Gives `realm` the province `province`, with a town of its own there.
fn give(game: &mut Game, realm: Entity, province: &str) {
    let p = e(game, province);
    game.world_mut()
        .entity_mut(p)
        .insert((OwnedBy(realm), ControlledBy(realm)));
    crate::rulesets::pop::rules::towns::place_town(game.world_mut(), realm, p);
}

#[test]
fn pop_act_convert_area_2_adm_3_ducats_unrest_and_rebel_dice() {
    let (mut game, me, _) = rich_game(|t| t);
    let my_area = if key_of(game.world(), me) == "AAA" {
        "north"
    } else {
        "south"
    };
    refused(&mut game, convert(my_area), "pop.act.convert_area");
    // The realm's own area turns Orthodox; converting it back is now legal.
    let area = e(&game, my_area);
    place_faith(game.world_mut(), area, Religion::Orthodox);
    assert!(game.legal_actions().contains(&convert(my_area)));
    refused(&mut game, convert("east"), "pop.act.convert_area");
    let unrest_before = count(&game, "pop.14.1.unrest");
    game.apply(convert(my_area)).unwrap();
    settle_turn(&mut game, me);
    let m = mat(&game, me);
    assert_eq!(m.mp(MpKind::Adm), 8, "2 adm");
    assert_eq!(m.ducats, 27, "3 ducats");
    assert_eq!(faith(&game, my_area), Some(Religion::Catholic));
    assert_eq!(
        count(&game, "pop.act.convert_area"),
        3,
        "adm, ducats, action"
    );
    assert!(
        count(&game, "pop.14.1.unrest") > unrest_before,
        "one of its towns there turns to unrest"
    );
    assert!(count(&game, "pop.14.2.roll") >= 1, "then rebel dice there");
}

#[test]
fn pop_act_convert_area_needs_every_other_province_in_a_realm_of_the_faith() {
    let (mut game, me, _) = rich_game(|t| t);
    // The east is Orthodox and held by an Orthodox Non-Player Realm: with none of it, refused.
    refused(&mut game, convert("east"), "pop.act.convert_area");
    // Owning its only province, the realm may convert it.
    give(&mut game, me, "capc");
    assert!(game.legal_actions().contains(&convert("east")));
    // A Protestant realm pays 1 adm less.
    game.world_mut().get_mut::<Realm>(me).unwrap().religion = Religion::Protestant;
    assert_eq!(
        crate::rulesets::pop::rules::religion::convert_adm(game.world(), me),
        1,
        "Protestant discount"
    );
    game.apply(convert("east")).unwrap();
    settle_turn(&mut game, me);
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 9);
    assert_eq!(faith(&game, "east"), Some(Religion::Protestant));
}

#[test]
fn pop_act_convert_area_refused_when_poor_or_in_a_distant_area() {
    let (mut game, me, _) = rich_game(|t| t);
    give(&mut game, me, "capc");
    set(&mut game, me, |m| m.ducats = 2);
    refused(&mut game, convert("east"), "pop.act.convert_area");
    set(&mut game, me, |m| {
        m.ducats = 30;
        m.mp = [1, 10, 10];
    });
    refused(&mut game, convert("east"), "pop.act.convert_area");
    set(&mut game, me, |m| m.mp = [10, 10, 10]);
    refused(&mut game, convert("farland"), "pop.act.convert_area");
}

#[test]
fn pop_15_revolution_spread_breaks_out_in_capitals_then_spreads_beside_and_away_from_its_cluster() {
    // 16.5, Spread of the Revolution: "If there are no ^ on the board, place ^ in 2 PR Capital
    // Areas" (the auto-resolution: the 2 PRs with the lowest stability); "If there is only 1
    // cluster of ^, also add a ^ in an Area not adjacent to this cluster." May go into Orthodox
    // or Muslim areas.
    let mut game = game();
    crate::rulesets::pop::rules::symbols::spread_revolution(game.world_mut());
    for area in ["north", "south"] {
        assert_eq!(
            faith(&game, area),
            Some(Religion::Revolutionary),
            "{area}: a Player Realm's capital area"
        );
    }
    assert_ne!(faith(&game, "east"), Some(Religion::Revolutionary));
    assert_eq!(count(&game, "pop.15.revolution_spread"), 2);
    assert!(logged(&game, "pop.15.revolution_spread", "breaks out"));
    // The token lies on top: the area's own religion is still there beneath it.
    let north = e(&game, "north");
    assert_eq!(
        game.world().get::<Area>(north).unwrap().religion,
        Religion::Catholic
    );
    // North and South are one cluster: the Orthodox East beside it takes a token; no main-map
    // area is left away from the cluster, and the distant area never turns.
    crate::rulesets::pop::rules::symbols::spread_revolution(game.world_mut());
    assert_eq!(faith(&game, "east"), Some(Religion::Revolutionary));
    assert_ne!(faith(&game, "farland"), Some(Religion::Revolutionary));
    assert_eq!(count(&game, "pop.15.revolution_spread"), 3);
    // Removing a token shows the religion beneath again.
    crate::rulesets::pop::rules::religion::remove_revolution(game.world_mut(), north);
    assert_eq!(faith(&game, "north"), Some(Religion::Catholic));
}

#[test]
fn pop_15_revolution_spread_with_one_cluster_also_away_from_it() {
    use crate::rulesets::pop::rules::symbols::{faith_spread_choices, start_faith_spread};
    // East alone is Revolutionary: the first token goes beside it (North or South); the second
    // must go to a main-map area not next to East, and the mini map has none left.
    let mut game = game();
    let (north, south, east) = (e(&game, "north"), e(&game, "south"), e(&game, "east"));
    place_faith(game.world_mut(), east, Religion::Revolutionary);
    start_faith_spread(game.world_mut(), true);
    let first = faith_spread_choices(game.world());
    assert_eq!(
        first,
        [
            (north, Religion::Revolutionary),
            (south, Religion::Revolutionary)
        ]
    );
    crate::rulesets::pop::rules::symbols::place_spread_token(
        game.world_mut(),
        south,
        Religion::Revolutionary,
    );
    assert!(
        faith_spread_choices(game.world()).is_empty(),
        "North borders East: not away from the cluster"
    );
}

#[test]
fn pop_15_revolution_spread_counts_as_religious_dissent() {
    let mut game = game();
    let a = e(&game, "AAA");
    let north = e(&game, "north");
    place_faith(game.world_mut(), north, Religion::Revolutionary);
    let areas = crate::rulesets::pop::rules::rebels::realm_areas(game.world(), a, false);
    assert!(areas.contains(&north));
    assert!(!crate::rulesets::pop::rules::religion::same_faith(
        area_faith(game.world(), north),
        Some(Religion::Catholic)
    ));
    // Converting the area to the realm's faith takes the Revolutionary token away.
    place_faith(game.world_mut(), north, Religion::Catholic);
    assert_eq!(faith(&game, "north"), Some(Religion::Catholic));
    assert!(!game.world().get::<Area>(north).unwrap().revolution);
}

const REGIMES: &str = r#"    ideas: [
        (id: "regime", name: "Revolutionary Regime", kind: Adm, age: 1, cost: 4, government: true, effects: [Revolutionary]),
        (id: "crown", name: "Crown", kind: Adm, age: 1, cost: 4, government: true, effects: [Income(1)]),
    ],"#;

#[test]
fn pop_15_revolutionary_regime_changes_the_state_religion_and_ends_with_another_form() {
    let (mut game, me, _) = rich_game(|t| t.replace("    ideas: [],", REGIMES));
    crate::rulesets::pop::rules::ideas::research(game.world_mut(), me, "regime");
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Revolutionary
    );
    let capital = game.world().get::<Capital>(me).unwrap().0;
    let home = game.world().get::<InArea>(capital).unwrap().0;
    assert_eq!(
        area_faith(game.world(), home),
        Some(Religion::Revolutionary),
        "a Revolutionary token on the capital area"
    );
    assert_eq!(count(&game, "pop.15.revolutionary_regime"), 1);
    crate::rulesets::pop::rules::ideas::research(game.world_mut(), me, "crown");
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Catholic,
        "the capital area's religion again"
    );
    assert_eq!(area_faith(game.world(), home), Some(Religion::Catholic));
    assert_eq!(count(&game, "pop.15.revolutionary_regime"), 2);
}

#[test]
fn pop_5_1_marriage_never_across_christian_muslim_or_revolutionary_lines() {
    let (mut game, me, other) = rich_game(|t| t);
    let offer = Offer {
        marriage: Some(MpKind::Dip),
        ..Default::default()
    };
    let marry = Action::Propose {
        realm: key_of(game.world(), other),
        offer,
    };
    assert!(game.legal_actions().contains(&marry), "two Catholic realms");
    game.world_mut().get_mut::<Realm>(other).unwrap().religion = Religion::Orthodox;
    assert!(
        game.legal_actions().contains(&marry),
        "Orthodox is Christian"
    );
    game.world_mut().get_mut::<Realm>(other).unwrap().religion = Religion::Sunni;
    refused(&mut game, marry.clone(), "pop.5.1.marriage");
    game.world_mut().get_mut::<Realm>(other).unwrap().religion = Religion::Pagan;
    refused(&mut game, marry.clone(), "pop.5.1.marriage");
    game.world_mut().get_mut::<Realm>(me).unwrap().religion = Religion::Shia;
    game.world_mut().get_mut::<Realm>(other).unwrap().religion = Religion::Sunni;
    assert!(game.legal_actions().contains(&marry), "two Muslim realms");
    game.world_mut().get_mut::<Realm>(me).unwrap().religion = Religion::Revolutionary;
    game.world_mut().get_mut::<Realm>(other).unwrap().religion = Religion::Revolutionary;
    refused(&mut game, marry, "pop.5.1.marriage");
}

#[test]
fn faiths_are_part_of_the_state_hash() {
    let mut game = game();
    let before = game.state_hash();
    let north = e(&game, "north");
    place_faith(game.world_mut(), north, Religion::Revolutionary);
    assert_ne!(
        game.state_hash(),
        before,
        "an area's faith changes the hash"
    );
    let hash = game.state_hash();
    let a = e(&game, "AAA");
    game.world_mut().get_mut::<Realm>(a).unwrap().religion = Religion::Protestant;
    assert_ne!(game.state_hash(), hash, "a State Religion changes the hash");
}

#[test]
fn pop_act_convert_area_puts_the_unrest_on_a_town_before_a_vassal() {
    // Both home areas hold a town and a vassal: Nora becomes a vassal of Aland.
    let (mut game, me, _) = rich_game(|t| {
        t.replace(
            r#"(id: "nora", name: "Nora", area: "north", cores: ["AAA"], owner: Some("AAA"),"#,
            r#"(id: "nora", name: "Nora", area: "north", cores: ["AAA"], owner: Some("AAA"), holding: Vassal,"#,
        )
    });
    let (home, town) = if key_of(game.world(), me) == "AAA" {
        ("north", "capa")
    } else {
        ("south", "capb")
    };
    let area = e(&game, home);
    place_faith(game.world_mut(), area, Religion::Orthodox);
    let start = game.log().entries.len();
    game.apply(convert(home)).unwrap();
    let town_sid = crate::rulesets::pop::state::sid_of(game.world(), e(&game, town));
    let first_unrest = game.log().entries[start..]
        .iter()
        .find(|x| x.rule == "pop.14.1.unrest")
        .expect("the conversion adds unrest");
    assert_eq!(
        first_unrest.subject,
        Some(town_sid),
        "on the town, not the vassal"
    );
}

#[test]
fn pop_15_revolutionary_regime_ends_forbidden_marriages_and_a_counter_reformed_home_is_catholic() {
    let (mut game, me, other) = rich_game(|t| t.replace("    ideas: [],", REGIMES));
    crate::rulesets::pop::state::spawn_sim(
        game.world_mut(),
        None,
        Marriage {
            a: me,
            b: other,
            disputed_a: false,
            disputed_b: false,
        },
    );
    let marriages =
        |game: &Game| crate::rulesets::pop::rules::generic::markers::<Marriage>(game.world()).len();
    let before = count(&game, "pop.5.1.marriage");
    crate::rulesets::pop::rules::ideas::research(game.world_mut(), me, "regime");
    assert_eq!(
        marriages(&game),
        0,
        "a Revolutionary realm keeps no marriage"
    );
    assert_eq!(count(&game, "pop.5.1.marriage"), before + 1);
    // Its capital area turned Counter-Reformed beneath the Revolutionary token meanwhile.
    let capital = game.world().get::<Capital>(me).unwrap().0;
    let home = game.world().get::<InArea>(capital).unwrap().0;
    game.world_mut().get_mut::<Area>(home).unwrap().religion = Religion::CounterReformed;
    crate::rulesets::pop::rules::ideas::research(game.world_mut(), me, "crown");
    assert_eq!(
        game.world().get::<Realm>(me).unwrap().religion,
        Religion::Catholic,
        "a Counter-Reformed area gives a Catholic State Religion"
    );
}
