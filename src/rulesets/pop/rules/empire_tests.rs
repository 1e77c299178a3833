//! The Holy Roman Empire (18) on the mini scenario: Aland (AAA) is Emperor, North and East are
//! the Empire's areas and both are Elector Areas, so Celand (CCC, capital in East) is an Imperial
//! Subject and Beland (BBB, in South) lies outside. Authority starts at 1 unless a test says.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::Action;
use crate::rulesets::pop::DecisionKind;
use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::PeaceTerm;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::empire::{self, Empire};
use crate::rulesets::pop::rules::test_support::*;
use crate::rulesets::pop::rules::{characters, military, war};
use crate::rulesets::pop::state::spawn_sim;

fn with_empire(authority: i32) -> impl Fn(String) -> String {
    move |t: String| {
        t.replace(
            "options: (first_age: 1, last_age: 2)",
            &format!(
                "options: (first_age: 1, last_age: 2, emperor: Some(\"AAA\"), hre_areas: [\"north\", \"east\"], electors: [\"north\", \"east\"], imperial_authority: {authority})"
            ),
        )
    }
}

fn empire_of(game: &crate::rulesets::pop::Game) -> Empire {
    game.world().resource::<Empire>().clone()
}

fn set_authority(game: &mut crate::rulesets::pop::Game, e: i32) {
    game.world_mut().res_mut::<Empire>().authority = e;
}

fn give(game: &mut crate::rulesets::pop::Game, province: &str, to: Entity) {
    let p = e(game, province);
    game.world_mut()
        .entity_mut(p)
        .insert((OwnedBy(to), ControlledBy(to)));
}

#[test]
fn pop_18_1_setup_names_the_emperor_and_its_authority() {
    let game = game_with(with_empire(3));
    let emp = empire_of(&game);
    assert_eq!(emp.emperor.as_deref(), Some("AAA"));
    assert_eq!(emp.authority, 3);
    assert_eq!(count(&game, "pop.18.1.setup"), 1);
    // Part of the state hash's snapshot and of every seat's view.
    let view = serde_json::to_value(crate::rulesets::pop::view::seat_view(
        game.world(),
        Some("BBB"),
    ))
    .unwrap();
    assert_eq!(view["state"]["empire"]["authority"], 3);
    assert_eq!(view["state"]["empire"]["emperor"], "AAA");
    // Without the option no Empire is in play.
    let plain = crate::rulesets::pop::rules::test_support::game();
    assert_eq!(empire_of(&plain).emperor, None);
    assert_eq!(count(&plain, "pop.18.1.setup"), 0);
    assert_ne!(plain.state_hash(), game.state_hash());
}

#[test]
fn pop_18_2_lands_members_are_realms_with_their_capital_inside() {
    let game = game_with(with_empire(3));
    let w = game.world();
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    assert!(empire::is_member(w, a) && empire::is_member(w, c));
    assert!(!empire::is_member(w, b) && empire::is_external(w, b));
    assert!(empire::is_subject(w, c) && !empire::is_subject(w, a));
    assert_eq!(count(&game, "pop.18.2.lands"), 1);
}

#[test]
fn pop_18_3_electors_count_while_a_member_owns_its_capital_there() {
    let mut game = game_with(with_empire(3));
    assert_eq!(empire_of(&game).electors, vec!["north", "east"]);
    // Beland takes Celand's capital: East no longer counts.
    let b = e(&game, "BBB");
    give(&mut game, "capc", b);
    empire::tidy(game.world_mut());
    assert_eq!(empire_of(&game).electors, vec!["north"]);
    assert!(count(&game, "pop.18.3.electors") >= 2);
}

#[test]
fn pop_18_4_bounds_cap_authority_at_one_plus_the_electors() {
    let mut game = game_with(with_empire(6));
    // Two Elector Areas: at most 3.
    assert_eq!(empire_of(&game).authority, 3);
    assert_eq!(empire::max_authority(game.world()), 3);
    let b = e(&game, "BBB");
    give(&mut game, "capc", b);
    empire::tidy(game.world_mut());
    assert_eq!(empire_of(&game).authority, 2, "one elector left: at most 2");
    // Never below 0.
    set_authority(&mut game, 0);
    let made = empire::change_authority(game.world_mut(), -1, "pop.18.4.bounds", "test");
    assert_eq!((made, empire_of(&game).authority), (0, 0));
    assert!(count(&game, "pop.18.4.bounds") >= 2);
}

#[test]
fn pop_18_5_income_adds_authority_to_the_emperors_tax() {
    let mut plain = crate::rulesets::pop::rules::test_support::game();
    let mut game = game_with(with_empire(3));
    let a = e(&game, "AAA");
    for g in [&mut plain, &mut game] {
        set(g, a, |m| {
            m.ducats = 10;
            m.stability = 0;
            m.loans = 0;
        });
        crate::rulesets::pop::rules::income::pay_upkeep(g.world_mut(), a);
    }
    assert_eq!(mat(&game, a).ducats - mat(&plain, a).ducats, 3);
    assert_eq!(count(&game, "pop.18.5.income"), 1);
    // Not Base Tax: the final score's tax income is unchanged.
    assert_eq!(
        crate::rulesets::pop::rules::scoring::tax_income(game.world(), a),
        crate::rulesets::pop::rules::scoring::tax_income(plain.world(), a)
    );
}

#[test]
fn pop_18_5_manpower_adds_authority_to_the_emperors_reserve() {
    // "The Holy Roman Emperor's E value is added directly to their m value", adjusted in
    // Phase 5 step A.
    let mut plain = crate::rulesets::pop::rules::test_support::game();
    let mut game = game_with(with_empire(3));
    let a = e(&game, "AAA");
    for g in [&mut plain, &mut game] {
        crate::rulesets::pop::rules::income::recount_manpower(g.world_mut(), a);
    }
    assert_eq!(mat(&game, a).manpower - mat(&plain, a).manpower, 3);
    set_authority(&mut game, 5);
    crate::rulesets::pop::rules::income::recount_manpower(game.world_mut(), a);
    assert_eq!(mat(&game, a).manpower - mat(&plain, a).manpower, 5);
    // Beland, no Emperor, gets nothing.
    let b = e(&game, "BBB");
    crate::rulesets::pop::rules::income::recount_manpower(game.world_mut(), b);
    crate::rulesets::pop::rules::income::recount_manpower(plain.world_mut(), b);
    assert_eq!(mat(&game, b).manpower, mat(&plain, b).manpower);
}

#[test]
fn pop_18_6_monarch_power_by_authority() {
    let mut game = game_with(with_empire(3));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    for (auth, bonus) in [
        (0, [0, 0, 0]),
        (1, [0, 0, 0]),
        (2, [0, 1, 0]),
        (3, [0, 1, 0]),
        (4, [0, 1, 1]),
        (5, [0, 1, 1]),
        (6, [0, 2, 1]),
    ] {
        set_authority(&mut game, auth);
        assert_eq!(
            empire::monarch_power_bonus(game.world(), a),
            bonus,
            "E {auth}"
        );
        assert_eq!(empire::monarch_power_bonus(game.world(), b), [0, 0, 0]);
    }
    set_authority(&mut game, 4);
    set(&mut game, a, |m| m.mp = [0, 0, 0]);
    empire::gain_monarch_power(game.world_mut(), a);
    assert_eq!(mat(&game, a).mp, [0, 1, 1]);
    assert!(count(&game, "pop.18.6.monarch_power") >= 1);
}

#[test]
fn pop_18_7_prestige_at_authority_six() {
    let mut game = game_with(with_empire(3));
    let a = e(&game, "AAA");
    set(&mut game, a, |m| m.prestige = 0);
    set_authority(&mut game, 5);
    empire::score_empire(game.world_mut());
    assert_eq!(mat(&game, a).prestige, 0);
    set_authority(&mut game, 6);
    empire::score_empire(game.world_mut());
    assert_eq!(mat(&game, a).prestige, 1);
    assert!(count(&game, "pop.18.7.prestige") >= 1);
}

#[test]
fn pop_18_9_increase_authority_costs_one_plus_authority_adm() {
    let (mut game, me, other) = rich_game(with_empire(1));
    let key = crate::rulesets::pop::state::key_of(game.world(), me);
    game.world_mut().res_mut::<Empire>().emperor = Some(key);
    assert!(game.legal_actions().contains(&Action::IncreaseAuthority));
    game.apply(Action::IncreaseAuthority).unwrap();
    assert_eq!(empire_of(&game).authority, 2);
    assert_eq!(mat(&game, me).mp(MpKind::Adm), 8, "1 + E = 2 adm");
    assert!(count(&game, "pop.18.9.increase_authority") >= 1);
    // Beland is not the Emperor.
    settle_turn(&mut game, me);
    if game.pending().is_some_and(|d| d.kind == DecisionKind::Turn) {
        let whose = game.pending().unwrap().realm;
        if whose == crate::rulesets::pop::state::key_of(game.world(), other) {
            refused(
                &mut game,
                Action::IncreaseAuthority,
                "pop.18.9.increase_authority",
            );
        }
    }
    // At the cap (3 with two electors) it is refused.
    let mut g2 = rich_game(with_empire(3));
    let key = crate::rulesets::pop::state::key_of(g2.0.world(), g2.1);
    g2.0.world_mut().res_mut::<Empire>().emperor = Some(key);
    refused(
        &mut g2.0,
        Action::IncreaseAuthority,
        "pop.18.9.increase_authority",
    );
}

#[test]
fn pop_18_12_dow_shield_covers_members_of_an_allied_emperor() {
    let mut game = game_with(with_empire(3));
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    assert!(
        military::declare_problem(game.world(), b, c)
            .is_none_or(|p| p.rule != "pop.18.12.dow_shield")
    );
    spawn_sim(game.world_mut(), None, Alliance { a, b });
    let p = military::declare_problem(game.world(), b, c).expect("shielded");
    assert_eq!(p.rule, "pop.18.12.dow_shield");
    // A truce shields as well.
    let mut game = game_with(with_empire(3));
    spawn_sim(game.world_mut(), None, Truce { a, b });
    let p = military::declare_problem(game.world(), b, c).expect("shielded");
    assert_eq!(p.rule, "pop.18.12.dow_shield");
}

/// Beland declares war on Celand through `apply`, sends no calls, and the Emperor is asked.
fn beland_attacks_celand(authority: i32) -> (crate::rulesets::pop::Game, Entity, Entity) {
    beland_attacks_celand_allied(authority, false)
}

/// Beland declares war on Celand, a member; the Emperor (Aland, allied to Celand when
/// `allied`) is asked to Defend the HRE.
fn beland_attacks_celand_allied(
    authority: i32,
    allied: bool,
) -> (crate::rulesets::pop::Game, Entity, Entity) {
    let (mut game, me, _) = rich_game(with_empire(authority));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    if allied {
        let c = e(&game, "CCC");
        spawn_sim(game.world_mut(), None, Alliance { a, b: c });
    }
    if me != b {
        // Make it Beland's turn by passing Aland's.
        game.apply(Action::Pass).unwrap();
        settle_turn(&mut game, a);
    }
    declare_until(&mut game, "CCC", |k| {
        matches!(k, DecisionKind::CallToArms { .. })
    });
    assert_eq!(game.pending().unwrap().realm, "AAA");
    (game, a, b)
}

/// The realm whose turn it is declares war on `target` through `apply`, and the game goes on
/// until a decision of the kind `asked` is pending.
fn declare_until(
    game: &mut crate::rulesets::pop::Game,
    target: &str,
    asked: impl Fn(&DecisionKind) -> bool,
) {
    game.apply(Action::DeclareWar {
        target: target.into(),
    })
    .unwrap();
    let ok = play_until(
        game,
        20,
        |_| {},
        |g| g.pending().is_some_and(|d| asked(&d.kind)),
    );
    assert!(ok, "the decision is asked");
}

#[test]
fn pop_18_13_defend_call_the_emperor_joins_as_defender() {
    let (mut game, a, b) = beland_attacks_celand(2);
    game.apply(Action::Accept).unwrap();
    assert!(crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        a,
        b
    ));
    assert!(count(&game, "pop.18.13.defend_call") >= 2);
    assert_eq!(empire_of(&game).authority, 2);
}

#[test]
fn pop_18_14_defend_refused_costs_one_authority_only() {
    let (mut game, a, b) = beland_attacks_celand(2);
    let prestige = mat(&game, a).prestige;
    // The button shows no price, and the confirmation names the authority lost.
    assert!(game.action_cost(&Action::Decline).is_free());
    let warning = game.warning(&Action::Decline).expect("a confirmation");
    assert!(warning.contains("1 Imperial Authority"), "{warning}");
    game.apply(Action::Decline).unwrap();
    assert_eq!(empire_of(&game).authority, 1);
    assert_eq!(mat(&game, a).prestige, prestige, "no usual refusal penalty");
    assert!(!crate::rulesets::pop::rules::relations::truce_between(
        game.world(),
        a,
        e(&game, "CCC")
    ));
    assert!(!crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        a,
        b
    ));
    assert_eq!(count(&game, "pop.18.14.defend_refused"), 1);
}

#[test]
fn pop_18_14_an_emperor_refusing_the_empire_is_not_called_again_as_an_ally() {
    // The Emperor is also Celand's ally: it answers the Empire's call only, and refusing it
    // costs 1 authority "instead of" a refused Call to Arms' penalties.
    let (mut game, a, _) = beland_attacks_celand_allied(2, true);
    let prestige = mat(&game, a).prestige;
    game.apply(Action::Decline).unwrap();
    assert_eq!(empire_of(&game).authority, 1);
    assert!(
        !game
            .pending()
            .is_some_and(|d| d.realm == "AAA" && matches!(d.kind, DecisionKind::CallToArms { .. })),
        "the Emperor is not asked again as Celand's ally"
    );
    assert_eq!(mat(&game, a).prestige, prestige, "no usual refusal penalty");
    assert_eq!(count(&game, "pop.18.14.defend_refused"), 1);
}

fn war_between(game: &mut crate::rulesets::pop::Game, attacker: Entity, defender: Entity) -> u32 {
    let w = spawn_sim(game.world_mut(), None, War { attacker, defender });
    crate::rulesets::pop::state::sid_of(game.world(), w)
}

#[test]
fn pop_18_19_peace_against_an_outside_attacker() {
    let mut game = game_with(with_empire(1));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    let sid = war_between(&mut game, b, a);
    war::make_peace(game.world_mut(), sid, a, b, PeaceTerm::WhitePeace);
    assert_eq!(empire_of(&game).authority, 2, "won: +1");
    let sid = war_between(&mut game, b, a);
    war::make_peace(game.world_mut(), sid, b, a, PeaceTerm::WhitePeace);
    assert_eq!(empire_of(&game).authority, 1, "lost: -1");
    // A war the Emperor started does not count.
    let sid = war_between(&mut game, a, b);
    war::make_peace(game.world_mut(), sid, a, b, PeaceTerm::WhitePeace);
    assert_eq!(empire_of(&game).authority, 1);
    assert_eq!(count(&game, "pop.18.19.peace"), 2);
}

#[test]
fn pop_18_22_internal_war_without_cb_costs_authority() {
    // "If the Emperor does not have a CB when Declaring War against one of their Imperial
    // Subjects, they will lose 1 E and must remove 3 I from HRE Areas."
    let mut game = game_with(with_empire(3));
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    for area in [north, east] {
        crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), a, area, 2);
    }
    // The price shown beforehand: the 3 cubes, of which 2 in East (Celand's area) where the
    // declaration would take the rest anyway, so 3 of Aland's own; and the 3 Imperial Influence
    // cubes (E 3) in East, which go as Aland's influence there does (18.2); and why.
    assert_eq!(empire::imperial_influence_in(game.world(), east), 3);
    let declare = Action::DeclareWar {
        target: "CCC".into(),
    };
    let cost = crate::rulesets::pop::rules::costs::action_cost(game.world(), a, &declare);
    assert_eq!((cost.influence, cost.stability), (6, 2));
    let warning = crate::rulesets::pop::rules::costs::warning(game.world(), a, &declare).unwrap();
    assert!(
        warning.contains("1 Imperial Authority and 3 of your influence in the Empire"),
        "{warning}"
    );
    war::declare_war(game.world_mut(), a, c);
    assert_eq!(empire_of(&game).authority, 2);
    // Where it has the most first, ties alphabetical: east, north, east.
    let w = game.world();
    assert_eq!(
        (
            crate::rulesets::pop::rules::relations::influence_in(w, a, east),
            crate::rulesets::pop::rules::relations::influence_in(w, a, north)
        ),
        (0, 1)
    );
    assert_eq!(empire::imperial_influence_in(game.world(), east), 0);
    assert_eq!(count(&game, "pop.18.22.internal_war"), 1 + 3);
}

#[test]
fn pop_18_22_a_subject_attacking_a_member_without_cb_gives_the_emperor_a_cb() {
    // "If an Imperial Subject Declares War on another HRE Member without a CB, the Emperor must
    // place a CB token on the Capital of the Aggressor." Beland's capital is inside here.
    let mut game = game_with(|t| {
        with_empire(3)(t).replace(
            "hre_areas: [\"north\", \"east\"]",
            "hre_areas: [\"north\", \"east\", \"south\"]",
        )
    });
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    assert!(empire::is_subject(game.world(), b));
    war::declare_war(game.world_mut(), b, c);
    let mut q = game.world_mut().query::<&CasusBelli>();
    let cbs: Vec<(Entity, Entity)> = q
        .iter(game.world())
        .map(|cb| (cb.holder, cb.target))
        .collect();
    assert!(cbs.contains(&(a, b)), "{cbs:?}");
    assert_eq!(count(&game, "pop.18.22.internal_war"), 1);
    assert_eq!(empire_of(&game).authority, 3, "the Emperor loses nothing");
}

#[test]
fn pop_18_23_annex_of_a_member_of_the_same_faith() {
    let mut game = game_with(|t| {
        with_empire(3)(t).replace(
            "capital: \"capc\", religion: Orthodox",
            "capital: \"capc\", religion: Catholic",
        )
    });
    let (a, c) = (e(&game, "AAA"), e(&game, "CCC"));
    assert_eq!(
        game.world().get::<Realm>(c).unwrap().religion,
        Religion::Catholic
    );
    let sid = war_between(&mut game, a, c);
    war::make_peace(game.world_mut(), sid, a, c, PeaceTerm::Annex);
    assert_eq!(empire_of(&game).authority, 2);
    assert_eq!(count(&game, "pop.18.23.annex"), 1);
}

#[test]
fn pop_18_24_leave_and_pop_18_25_rejoin_on_ownership_changes() {
    let mut game = game_with(with_empire(3));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    assert!(empire_of(&game).left.is_empty(), "nothing leaves at setup");
    give(&mut game, "capc", b);
    empire::tidy(game.world_mut());
    assert_eq!(empire_of(&game).left, vec!["east"]);
    assert_eq!(count(&game, "pop.18.24.leave"), 1);
    assert!(!empire::is_member(game.world(), e(&game, "CCC")));
    give(&mut game, "capc", a);
    empire::tidy(game.world_mut());
    assert!(empire_of(&game).left.is_empty());
    assert_eq!(count(&game, "pop.18.25.rejoin"), 1);
}

#[test]
fn pop_18_24_an_area_an_outsider_holds_as_a_vassal_stays_in_the_empire() {
    // "If all the Provinces in an HRE Area are -Owned- by external Realms ... that Area will
    // automatically leave": Beland vassalizing Celand's capital does not own it.
    let mut game = game_with(with_empire(3));
    let (b, c, capc) = (e(&game, "BBB"), e(&game, "CCC"), e(&game, "capc"));
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), c, capc);
    spawn_sim(
        game.world_mut(),
        None,
        (Vassal, TokenOf(b), OnProvince(capc)),
    );
    give(&mut game, "capc", b);
    empire::tidy(game.world_mut());
    assert!(empire_of(&game).left.is_empty(), "a vassal keeps East in");
    assert_eq!(count(&game, "pop.18.24.leave"), 0);
    // Owned outright, it leaves.
    crate::rulesets::pop::rules::towns::remove_tokens(game.world_mut(), b, capc);
    spawn_sim(
        game.world_mut(),
        None,
        (Town { large: false }, TokenOf(b), OnProvince(capc)),
    );
    empire::tidy(game.world_mut());
    assert_eq!(empire_of(&game).left, vec!["east"]);
}

#[test]
fn pop_18_24_an_area_leaving_takes_out_an_area_its_members_held() {
    // East leaving makes Celand (capital in East) an outsider; North, wholly Celand's, then
    // leaves in the same pass: 2 steps of authority.
    let mut game = game_with(with_empire(3));
    let (b, c) = (e(&game, "BBB"), e(&game, "CCC"));
    for p in ["capa", "nora"] {
        give(&mut game, p, c);
    }
    empire::tidy(game.world_mut());
    assert!(
        empire_of(&game).left.is_empty(),
        "Celand is a member: North stays"
    );
    give(&mut game, "capc", b);
    empire::tidy(game.world_mut());
    let mut left = empire_of(&game).left;
    left.sort();
    assert_eq!(left, vec!["east", "north"]);
    assert_eq!(count(&game, "pop.18.24.leave"), 2);
}

#[test]
fn pop_18_29_an_elector_area_of_one_realms_vassals_votes_for_it() {
    // "An Elector Area with no NPR Provinces where all v belong to a single PR will
    // automatically vote for that PR, if eligible": North's Nora is Beland's vassal, Aland
    // (capital in North) follows another faith, nobody has influence there.
    let mut game = game_with(|t| {
        with_empire(3)(t)
            .replace(
                "capital: \"capa\", ruler",
                "capital: \"capa\", religion: Orthodox, ruler",
            )
            .replace(
                r#"(id: "nora", name: "Nora", area: "north", cores: ["AAA"], owner: Some("AAA"),"#,
                r#"(id: "nora", name: "Nora", area: "north", cores: ["AAA"], owner: Some("BBB"), holding: Vassal,"#,
            )
    });
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    let votes: Vec<String> = game
        .log()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.18.29.vote")
        .map(|n| n.text.clone())
        .collect();
    assert!(
        votes.contains(&"The Elector Area north votes for BBB".to_string()),
        "{votes:?}"
    );
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("BBB"));
}

/// Aland (and Beland too, with `both`) follows the Orthodox faith: not eligible (18.9).
fn orthodox(both: bool) -> impl Fn(String) -> String {
    move |t: String| {
        let t = with_empire(3)(t).replace(
            "capital: \"capa\", ruler",
            "capital: \"capa\", religion: Orthodox, ruler",
        );
        if both {
            t.replace(
                "capital: \"capb\", ruler",
                "capital: \"capb\", religion: Orthodox, ruler",
            )
        } else {
            t
        }
    }
}

#[test]
fn pop_18_28_with_no_eligible_player_realm_the_emperor_keeps_the_title_at_two_less() {
    // "If no PR is eligible to become Emperor, the Emperor title remains with the current
    // Emperor, but E drops by 2."
    let mut game = game_with(orthodox(true));
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("AAA"));
    assert_eq!(empire_of(&game).authority, 1);
    assert_eq!(count(&game, "pop.18.29.vote"), 0, "no vote is counted");
}

#[test]
fn pop_18_28_with_no_elector_voting_the_emperor_keeps_the_title() {
    // Beland is eligible but has no capital, vassal or influence in an Elector Area; Aland,
    // whose capital is in North, is not eligible: no area votes, nobody is elected.
    let mut game = game_with(orthodox(false));
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("AAA"));
    assert_eq!(empire_of(&game).authority, 3, "no penalty and no bonus");
    assert_eq!(
        count(&game, "pop.18.29.vote"),
        2,
        "both areas are asked and abstain"
    );
    assert!(logged(&game, "pop.18.28.election", "no Elector Area votes"));
}

#[test]
fn pop_18_28_a_non_player_emperor_holds_no_election() {
    // "No election is held if the Emperor is controlled by an NPR."
    let mut game = game_with(|t| {
        with_empire(3)(t).replace("emperor: Some(\"AAA\")", "emperor: Some(\"CCC\")")
    });
    let c = e(&game, "CCC");
    empire::ruler_gone(game.world_mut(), c);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("CCC"));
    assert_eq!(empire_of(&game).authority, 3);
    assert_eq!(count(&game, "pop.18.29.vote"), 0);
    assert_eq!(count(&game, "pop.18.28.election"), 1, "the log says why");
}

/// Aland's ruler Anna, already ill, falls to the Mortality symbol of the first such Event
/// taken; play goes on (the first legal answer, an Event whenever a turn can take one) until the
/// sitting Emperor is asked to break an election tie, or the election is over.
fn emperors_ruler_dies_in_an_event(game: &mut crate::rulesets::pop::Game) {
    let anna = e(game, "ruler_a");
    to_first_turn(game);
    game.world_mut().get_mut::<IllHealth>(anna).unwrap().0 = 1;
    for _ in 0..300 {
        let pending = game.pending().unwrap().clone();
        if matches!(pending.kind, DecisionKind::ElectionTie { .. })
            || count(game, "pop.18.28.election") > 0
        {
            return;
        }
        let legal = game.legal_actions();
        let action = legal
            .iter()
            .find(|a| matches!(a, Action::TakeEvent { .. }))
            .unwrap_or(&legal[0])
            .clone();
        game.apply(action).unwrap();
    }
    panic!("Anna never died");
}

fn choose(realm: &str) -> Action {
    Action::ChooseRealm {
        realm: realm.into(),
    }
}

#[test]
fn pop_18_30_election_bonus_after_the_emperor_wins_a_tie() {
    // "Ties ... for highest number of Elector votes, are decided by the current Emperor."
    // Aland's two Imperial Influence cubes (E 2) sit in East, Celand's area.
    let mut game = game_with(with_empire(2));
    let (b, east) = (e(&game, "BBB"), e(&game, "east"));
    assert_eq!(empire::imperial_influence_in(game.world(), east), 2);
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, east, 3);
    emperors_ruler_dies_in_an_event(&mut game);
    // North votes for Aland (its capital), East for Beland (3 influence to 2): 1-1, Aland
    // decides.
    assert_eq!(count(&game, "pop.18.29.vote"), 2);
    let asked = game.pending().unwrap().clone();
    assert_eq!(asked.realm, "AAA", "the sitting Emperor breaks the tie");
    assert_eq!(asked.kind, DecisionKind::ElectionTie { area: None });
    assert_eq!(game.legal_actions(), vec![choose("AAA"), choose("BBB")]);
    refused(&mut game, choose("CCC"), "pop.18.28.election");
    assert_eq!(
        empire_of(&game).emperor.as_deref(),
        Some("AAA"),
        "not decided yet"
    );
    game.apply(choose("AAA")).unwrap();
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("AAA"));
    assert!(empire_of(&game).election.is_none());
    assert!(logged(
        &game,
        "pop.18.28.election",
        "re-elected Emperor with 1 votes"
    ));
    // E was below 3 after the election: +1.
    assert_eq!(empire_of(&game).authority, 3);
    assert_eq!(count(&game, "pop.18.30.election_bonus"), 1);
}

#[test]
fn pop_18_28_election_the_emperor_may_break_the_tie_for_a_rival() {
    let mut game = game_with(with_empire(3));
    let (b, east) = (e(&game, "BBB"), e(&game, "east"));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, east, 4);
    emperors_ruler_dies_in_an_event(&mut game);
    game.apply(choose("BBB")).unwrap();
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("BBB"));
    assert!(empire::is_emperor(game.world(), b));
    assert!(logged(&game, "pop.18.28.election", "AAA breaking the tie"));
    assert_eq!(empire_of(&game).authority, 3, "no bonus at 3");
}

#[test]
fn pop_18_29_vote_a_tie_for_the_most_influence_in_an_area_is_the_emperors_to_break() {
    // "Ties for most I in an Area ... are decided by the current Emperor." Celand's capital in
    // East makes no vote (a Non-Player Realm): Aland's 2 Imperial Influence (E 2) count as its
    // influence there, and Beland has 2 cubes.
    let mut game = game_with(with_empire(2));
    let (b, east) = (e(&game, "BBB"), e(&game, "east"));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, east, 2);
    emperors_ruler_dies_in_an_event(&mut game);
    assert_eq!(
        count(&game, "pop.18.29.vote"),
        1,
        "North has voted, East waits"
    );
    let asked = game.pending().unwrap().clone();
    assert_eq!(asked.realm, "AAA");
    assert_eq!(
        asked.kind,
        DecisionKind::ElectionTie {
            area: Some("east".into())
        }
    );
    refused(&mut game, choose("CCC"), "pop.18.29.vote");
    // The Emperor gives East's vote to Beland: 1-1 overall, a second tie to break.
    game.apply(choose("BBB")).unwrap();
    assert!(logged(
        &game,
        "pop.18.29.vote",
        "east votes for BBB, the Emperor's choice"
    ));
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::ElectionTie { area: None }
    );
    game.apply(choose("BBB")).unwrap();
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("BBB"));
    assert_eq!(empire_of(&game).authority, 3, "E 2 after an election: +1");
}

#[test]
fn pop_18_29_vote_a_bot_emperor_breaks_a_tie_for_itself() {
    let mut game = game_with(with_empire(2));
    let (b, east) = (e(&game, "BBB"), e(&game, "east"));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, east, 2);
    emperors_ruler_dies_in_an_event(&mut game);
    let mut bot = crate::rulesets::pop::bot::Bot::new(1);
    let pick = bot.choose(&game).unwrap();
    assert_eq!(pick, choose("AAA"));
    game.apply(pick).unwrap();
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("AAA"));
}

#[test]
fn pop_18_29_vote_elects_a_new_emperor() {
    let mut game = game_with(|t| {
        with_empire(3)(t).replace(
            "capital: \"capa\", ruler",
            "capital: \"capa\", religion: Orthodox, ruler",
        )
    });
    let (b, north, east) = (e(&game, "BBB"), e(&game, "north"), e(&game, "east"));
    for area in [north, east] {
        crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, area, 1);
    }
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("BBB"));
    assert_eq!(empire_of(&game).authority, 3, "no bonus at 3");
    assert_eq!(count(&game, "pop.18.30.election_bonus"), 0);
    assert!(empire::is_emperor(game.world(), b));
}

#[test]
fn pop_18_28_no_election_above_authority_four() {
    let mut game = game_with(with_empire(3));
    set_authority(&mut game, 5);
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(count(&game, "pop.18.29.vote"), 0, "no election at E 5");
    assert_eq!(empire_of(&game).authority, 5);
}

#[test]
fn pop_18_32_final_score_adds_authority() {
    let mut game = game_with(with_empire(3));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    set(&mut game, a, |m| m.prestige = 0);
    set(&mut game, b, |m| m.prestige = 0);
    crate::rulesets::pop::rules::scoring::final_scoring(game.world_mut(), "test".into());
    let outcome = game
        .world()
        .resource::<crate::rulesets::pop::rules::scoring::Outcome>()
        .clone();
    let score = |k: &str| {
        outcome
            .scores
            .iter()
            .find(|s| s.realm == k)
            .unwrap()
            .clone()
    };
    assert_eq!(score("AAA").empire, 3);
    assert_eq!(score("BBB").empire, 0);
    assert_eq!(count(&game, "pop.18.32.final_score"), 1);
}

#[test]
fn pop_18_11_imperial_liberation_cb_on_outsiders_holding_imperial_land() {
    let mut game = game_with(with_empire(3));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    assert!(!empire::imperial_liberation_cb(game.world(), a, b));
    give(&mut game, "nora", b);
    assert!(empire::imperial_liberation_cb(game.world(), a, b));
    assert!(
        !empire::imperial_liberation_cb(game.world(), b, a),
        "the Emperor's only"
    );
    assert_eq!(
        war::casus_belli(game.world(), a, b),
        Some(empire::IMPERIAL_LIBERATION)
    );
    let stability = mat(&game, a).stability;
    war::declare_war(game.world_mut(), a, b);
    assert_eq!(
        mat(&game, a).stability,
        stability,
        "a CB: no stability lost"
    );
    assert_eq!(count(&game, "pop.18.11.imperial_liberation"), 1);
}

#[test]
fn pop_18_2_a_subject_may_not_research_government_ideas_at_authority_three() {
    // "PR HRE Members ... may not Research Government Ideas if E is +3 or higher." Beland's
    // capital is inside the Empire here.
    let ideas = "    ideas: [\n        (id: \"gov\", name: \"Gov\", kind: Adm, basic: true, age: 1, cost: 1, government: true),\n    ],";
    let mut game = game_with(|t| {
        with_empire(3)(t)
            .replace(
                "hre_areas: [\"north\", \"east\"]",
                "hre_areas: [\"north\", \"east\", \"south\"]",
            )
            .replace("    ideas: [],", ideas)
    });
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    for r in [a, b] {
        set(&mut game, r, |m| m.mp = [5, 5, 5]);
    }
    let research = |game: &crate::rulesets::pop::Game, r| {
        crate::rulesets::pop::rules::ideas::research_problem(game.world(), r, "gov").map(|p| p.rule)
    };
    assert_eq!(research(&game, b), Some("pop.18.2.lands"));
    assert_eq!(research(&game, a), None, "the Emperor is no subject");
    set_authority(&mut game, 2);
    assert_eq!(research(&game, b), None, "allowed below 3");
}

#[test]
fn pop_18_4_a_non_player_emperors_authority_rolls_at_the_end_of_each_round() {
    // 18.8: "Roll a 6-sided die at the end of the Round": 1 decreases E, 6 increases it, 2-5
    // decrease it when 2+ lower than E and increase it when 2+ higher.
    let mut game = game_with(|t| {
        with_empire(3)(t).replace("emperor: Some(\"AAA\")", "emperor: Some(\"CCC\")")
    });
    game.world_mut()
        .insert_resource(crate::engine::rng::GameRng::new(77));
    let mut twin = crate::engine::rng::GameRng::new(77);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        let e0 = empire_of(&game).authority;
        let roll = i32::from(twin.d6());
        let expected = match roll {
            1 => e0 - 1,
            6 => e0 + 1,
            r if r <= e0 - 2 => e0 - 1,
            r if r >= e0 + 2 => e0 + 1,
            _ => e0,
        }
        .clamp(0, empire::max_authority(game.world()));
        empire::roll_npr_authority(game.world_mut());
        assert_eq!(
            empire_of(&game).authority,
            expected,
            "roll {roll} at E {e0}"
        );
        seen.insert((roll, expected - e0));
    }
    assert!(seen.iter().any(|(_, d)| *d < 0) && seen.iter().any(|(_, d)| *d > 0));
    // A Player Realm Emperor does not roll.
    let mut pr = game_with(with_empire(3));
    let before = count(&pr, "pop.18.4.bounds");
    empire::roll_npr_authority(pr.world_mut());
    assert_eq!(empire_of(&pr).authority, 3);
    assert_eq!(count(&pr, "pop.18.4.bounds"), before);
}

fn under_npr_emperor(authority: i32) -> crate::rulesets::pop::Game {
    game_with(move |t| {
        with_empire(authority)(t).replace("emperor: Some(\"AAA\")", "emperor: Some(\"CCC\")")
    })
}

#[test]
fn pop_18_8_a_non_player_emperor_cannot_be_vassalized_and_its_annexation_dissolves_the_empire() {
    let mut game = under_npr_emperor(3);
    let (b, c) = (e(&game, "BBB"), e(&game, "CCC"));
    let sid = |g: &crate::rulesets::pop::Game, x| crate::rulesets::pop::state::sid_of(g.world(), x);
    let q = war::PeaceQuestion {
        war: 0,
        winner: sid(&game, b),
        loser: sid(&game, c),
        total: true,
        surrendered: false,
        surrender_asked: false,
    };
    let refusal = war::term_problem(game.world(), &q, PeaceTerm::Vassalize).unwrap();
    assert_eq!(refusal.rule, "pop.war.peace");
    assert!(refusal.reason.contains("Non-Player Emperor"), "{refusal:?}");
    // Fully annexed, the Empire ceases to exist.
    empire::after_peace(game.world_mut(), None, b, c, true);
    let after = empire_of(&game);
    assert_eq!(
        (after.emperor, after.authority, after.dissolved),
        (None, 0, true)
    );
    assert_eq!(count(&game, "pop.18.23.annex"), 1);
    empire::tidy(game.world_mut());
    assert_eq!(empire_of(&game).emperor, None, "it never comes back");
}

#[test]
fn pop_18_8_under_a_non_player_emperor_the_empire_defends_its_areas() {
    // "Military Capacity of any defending NPR(s) + 3 x E - 2 x the number of HRE Areas
    // containing non-HRE Units prior to this Turn."
    let mut game = under_npr_emperor(3);
    let (b, c, east) = (e(&game, "BBB"), e(&game, "CCC"), e(&game, "east"));
    let capacity = {
        let mut plain = game_with(with_empire(3));
        military::new_turn(plain.world_mut(), Some(b));
        crate::rulesets::pop::rules::battle::raise_npr_defence(plain.world_mut(), c, east)
    };
    military::new_turn(game.world_mut(), Some(b));
    let raised = crate::rulesets::pop::rules::battle::raise_npr_defence(game.world_mut(), c, east);
    assert_eq!(raised, capacity + 9, "3 x E with no outsider in the Empire");
    // Once per area and turn.
    let again = crate::rulesets::pop::rules::battle::raise_npr_defence(game.world_mut(), c, east);
    assert_eq!(
        again, 0,
        "its capacity is used and the Empire has stood by it"
    );
    // Beland's units stood in North (an area of the Empire) before the next turn: 9 - 2.
    spawn_unit(
        &mut game,
        Some(b),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    military::new_turn(game.world_mut(), Some(b));
    let raised = crate::rulesets::pop::rules::battle::raise_npr_defence(game.world_mut(), c, east);
    assert_eq!(raised, capacity + 7);
    assert!(count(&game, "pop.battle.npr_defence") >= 4);
}

#[test]
fn pop_18_7_an_emperor_turning_revolutionary_dissolves_the_empire() {
    let mut game = game_with(with_empire(3));
    let a = e(&game, "AAA");
    crate::rulesets::pop::rules::religion::become_revolutionary(game.world_mut(), a);
    let after = empire_of(&game);
    assert_eq!((after.emperor, after.dissolved), (None, true));
    assert!(
        game.log()
            .entries
            .iter()
            .any(|n| n.text.contains("The Holy Roman Empire is dissolved"))
    );
}

/// The Empire with a third Player Realm, Deland (DDD), whose capital Dela lies in the Empire's
/// area West: an Imperial Subject. Beland declares war on Celand; the Emperor (Aland) is asked
/// to Defend the HRE. Returns the game, Aland, Beland and Deland.
fn beland_attacks_celand_with_a_player_subject() -> (crate::rulesets::pop::Game, [Entity; 3]) {
    let mut game = game_with(|t| {
        with_empire(2)(t)
            .replace("hre_areas: [\"north\", \"east\"]", "hre_areas: [\"north\", \"east\", \"west\"]")
            .replace(
                "            (id: \"farland\",",
                "            (id: \"west\", name: \"West\", continent: \"europe\", religion: Catholic, seas: [\"west_sea\"]),\n            (id: \"farland\",",
            )
            .replace(
                "            (id: \"wild\",",
                "            (id: \"dela\", name: \"Dela\", area: \"west\", size: Large, cores: [\"DDD\"], owner: Some(\"DDD\"), shape: [[(300.0, 80.0), (320.0, 80.0), (320.0, 120.0), (300.0, 120.0)]], site: (310.0, 100.0)),\n            (id: \"wild\",",
            )
            .replace(
                "    realms: [",
                "    realms: [\n        (id: \"DDD\", name: \"Deland\", kind: Player, colour: (120, 120, 40), capital: \"dela\", ruler: Some(\"ruler_d\")),",
            )
            .replace(
                "    characters: [",
                "    characters: [\n        (id: \"ruler_d\", name: \"Dirk\", kind: Leader, skills: (2, 2, 2), mortality: Some(2)),",
            )
    });
    to_first_turn(&mut game);
    let (a, b, d) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "DDD"));
    assert!(empire::is_subject(game.world(), d));
    while game.pending().is_some_and(|p| p.realm != "BBB") {
        let r = e(&game, &game.pending().unwrap().realm.clone());
        game.apply(Action::Pass).unwrap();
        settle_turn(&mut game, r);
    }
    declare_until(&mut game, "CCC", |k| {
        matches!(k, DecisionKind::CallToArms { .. })
    });
    assert_eq!(
        game.pending().unwrap().realm,
        "AAA",
        "the Emperor is called"
    );
    (game, [a, b, d])
}

#[test]
fn pop_18_13_a_player_subject_pays_its_part_when_the_emperor_defends_the_hre() {
    // "As an Imperial Subject, every time the Emperor activates Defending the HRE, you must do
    // one of the following: Exhaust 2 m (max. 1/2 of total m); Lose 6 D (max. 1/2 of Tax
    // Income); Lose 1 prestige; Place a CB token on Aggressor's Capital."
    let (mut game, [_, b, d]) = beland_attacks_celand_with_a_player_subject();
    // Plenty available: the limit is half of Deland's total manpower, what its tracks show.
    set(&mut game, d, |m| {
        m.manpower = 6;
        m.exhausted_manpower = 0;
    });
    let total = crate::rulesets::pop::rules::income::manpower_value(game.world(), d).total();
    assert_eq!(total, 1, "what Deland's tracks show");
    game.apply(Action::Accept).unwrap();
    let pending = game.pending().unwrap().clone();
    assert_eq!(pending.realm, "DDD");
    assert_eq!(
        pending.kind,
        DecisionKind::ImperialLevy {
            aggressor: "BBB".into()
        }
    );
    let pay = |levy| Action::PayLevy { levy };
    use crate::rulesets::pop::decision::LevyKind;
    assert_eq!(
        game.legal_actions(),
        [
            pay(LevyKind::Manpower),
            pay(LevyKind::Ducats),
            pay(LevyKind::Prestige),
            pay(LevyKind::CasusBelli)
        ]
    );
    refused(&mut game, Action::Decline, "pop.18.13.defend_call");
    game.apply(pay(LevyKind::Manpower)).unwrap();
    let m = mat(&game, d);
    assert_eq!(
        (m.manpower, m.exhausted_manpower),
        (6, 0),
        "2, but at most half of its total manpower of 1 (rounded down): none, though 6 are available"
    );
    // The other ways, each answered directly.
    let levy = |g: &mut crate::rulesets::pop::Game, kind| {
        let sid =
            |g: &crate::rulesets::pop::Game, x| crate::rulesets::pop::state::sid_of(g.world(), x);
        let l = war::Levy {
            subject: sid(g, d),
            aggressor: sid(g, b),
        };
        g.world_mut().res_mut::<war::WarState>().levying = Some(l);
        war::answer_levy(g.world_mut(), &pay(kind));
    };
    let before = mat(&game, d);
    levy(&mut game, LevyKind::Ducats);
    // Dela, a large town: tax income 2, so 1 ducat rather than 6.
    assert_eq!(mat(&game, d).ducats, before.ducats - 1);
    levy(&mut game, LevyKind::Prestige);
    assert_eq!(mat(&game, d).prestige, before.prestige - 1);
    levy(&mut game, LevyKind::CasusBelli);
    let cbs: Vec<CasusBelli> = game
        .world_mut()
        .query::<&CasusBelli>()
        .iter(game.world())
        .copied()
        .collect();
    assert!(cbs.iter().any(|c| c.holder == d && c.target == b));
    assert!(count(&game, "pop.18.13.defend_call") >= 6);
}

#[test]
fn pop_18_33_faith_follows_the_elector_areas_from_age_three() {
    use crate::rulesets::pop::rules::empire::HreFaith;
    use crate::rulesets::pop::rules::religion::place_faith;
    let mut game = game_with(with_empire(3));
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    // Age I-II: North Catholic and East Orthodox, but the religion cannot change yet.
    empire::check_faith(game.world_mut());
    assert_eq!(empire_of(&game).faith, HreFaith::Catholic);
    game.world_mut().res_mut::<crate::engine::flow::Flow>().age = 3;
    empire::check_faith(game.world_mut());
    assert_eq!(
        empire_of(&game).faith,
        HreFaith::Diverse,
        "of several faiths: none"
    );
    assert_eq!(empire_of(&game).authority, 3);
    for area in [north, east] {
        place_faith(game.world_mut(), area, Religion::Protestant);
    }
    empire::check_faith(game.world_mut());
    assert_eq!(empire_of(&game).faith, HreFaith::Protestant);
    assert_eq!(
        empire_of(&game).authority,
        2,
        "turning Protestant costs 1 E"
    );
    place_faith(game.world_mut(), north, Religion::Catholic);
    place_faith(game.world_mut(), east, Religion::CounterReformed);
    empire::check_faith(game.world_mut());
    assert_eq!(
        empire_of(&game).faith,
        HreFaith::Catholic,
        "Counter-Reformed counts as Catholic"
    );
    assert_eq!(empire_of(&game).authority, 2);
    assert_eq!(
        count(&game, "pop.18.33.faith"),
        4,
        "three changes and the authority"
    );
}

#[test]
fn pop_18_33_the_official_religion_decides_who_is_elected_and_when_the_emperor_may_convert() {
    use crate::rulesets::pop::rules::empire::HreFaith;
    let mut game = game_with(with_empire(3));
    let a = e(&game, "AAA");
    game.world_mut().res_mut::<crate::engine::flow::Flow>().age = 2;
    // A Catholic Emperor of a Catholic Empire may not change its State Religion.
    let problem =
        crate::rulesets::pop::rules::religion::problem(game.world(), a, &Action::ChangeReligion);
    assert_eq!(problem.map(|p| p.rule), Some("pop.18.33.faith"));
    game.world_mut().res_mut::<Empire>().faith = HreFaith::Diverse;
    assert!(
        crate::rulesets::pop::rules::religion::problem(game.world(), a, &Action::ChangeReligion)
            .is_some(),
        "no official religion: still not"
    );
    game.world_mut().res_mut::<Empire>().faith = HreFaith::Protestant;
    assert_eq!(
        crate::rulesets::pop::rules::religion::problem(game.world(), a, &Action::ChangeReligion),
        None,
        "the Empire turned Protestant: the Emperor may follow"
    );
    // Both Player Realms are Catholic: none may be elected in a Protestant Empire.
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("AAA"));
    assert_eq!(
        empire_of(&game).authority,
        1,
        "no eligible Player Realm: E drops by 2"
    );
}

#[test]
fn pop_18_13_while_the_emperor_defends_the_hre_military_access_in_the_empire_is_free() {
    use crate::rulesets::pop::rules::military::{AccessPrice, access_price};
    let mut game = game_with(with_empire(2));
    let (a, b, east, north) = (
        e(&game, "AAA"),
        e(&game, "BBB"),
        e(&game, "east"),
        e(&game, "north"),
    );
    // Aland's Imperial Influence in East counts as its influence there (18.2).
    assert_eq!(access_price(game.world(), a, east), AccessPrice::Influence);
    assert_eq!(access_price(game.world(), b, east), AccessPrice::Ducats);
    spawn_sim(
        game.world_mut(),
        None,
        War {
            attacker: b,
            defender: a,
        },
    );
    game.world_mut().res_mut::<Empire>().defending = true;
    // The Emperor and anyone at war with it cross the Empire's areas for free.
    assert_eq!(access_price(game.world(), a, east), AccessPrice::Free);
    assert_eq!(access_price(game.world(), b, east), AccessPrice::Free);
    assert_eq!(
        access_price(game.world(), b, north),
        AccessPrice::Free,
        "enemy land"
    );
    spawn_unit(
        &mut game,
        Some(a),
        "north",
        UnitKind::Infantry,
        UnitStatus::Regular,
    );
    let ducats = mat(&game, a).ducats;
    military::march(game.world_mut(), a, north, east);
    assert_eq!(military::own_units_at(game.world(), a, east, true).len(), 1);
    assert_eq!(mat(&game, a).ducats, ducats, "nothing paid");
    assert!(logged(&game, "pop.war.access", "free military access"));
    // At peace again, the tag comes off.
    let wars: Vec<Entity> = game
        .world_mut()
        .query_filtered::<Entity, With<War>>()
        .iter(game.world())
        .collect();
    for w in wars {
        game.world_mut().despawn(w);
    }
    empire::tidy(game.world_mut());
    assert!(!empire_of(&game).defending);
    assert!(logged(
        &game,
        "pop.18.13.defend_call",
        "Defending the HRE ends"
    ));
    assert_eq!(access_price(game.world(), b, east), AccessPrice::Ducats);
}

#[test]
fn pop_18_13_an_emperor_attacked_directly_from_outside_may_defend_the_hre_itself() {
    // "If a PR Emperor's own Capital is located inside the HRE, they may also activate the
    // Defending the HRE ability when a non-HRE Realm Declares War on them directly."
    let (mut game, me, _) = rich_game(with_empire(2));
    let (a, b) = (e(&game, "AAA"), e(&game, "BBB"));
    if me != b {
        game.apply(Action::Pass).unwrap();
        settle_turn(&mut game, a);
    }
    declare_until(&mut game, "AAA", |k| {
        matches!(k, DecisionKind::DefendTheHre { .. })
    });
    assert_eq!(game.pending().unwrap().realm, "AAA");
    assert_eq!(game.legal_actions(), [Action::Accept, Action::Decline]);
    game.apply(Action::Accept).unwrap();
    assert!(empire_of(&game).defending);
    assert!(logged(&game, "pop.18.13.defend_call", "attack on itself"));
}

#[test]
fn pop_18_34_imperial_influence_is_placed_at_setup_and_counts_for_the_votes() {
    // Only East has a Non-Player member's province (Celand's capital): all 3 cubes go there.
    let mut game = game_with(with_empire(3));
    assert_eq!(empire_of(&game).imperial_influence, [(Id::new("east"), 3)]);
    assert_eq!(count(&game, "pop.18.34.imperial_influence"), 3);
    // Beland has 2 influence in East, the Emperor none of its own but 3 Imperial: East votes
    // for Aland.
    let (a, b, east) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "east"));
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, east, 2);
    assert_eq!(empire::influence_with_imperial(game.world(), a, east), 3);
    assert_eq!(empire::influence_with_imperial(game.world(), b, east), 2);
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("AAA"));
    assert!(
        game.log()
            .entries
            .iter()
            .filter(|n| n.rule == "pop.18.29.vote")
            .all(|n| !n.text.contains("BBB")),
        "no area votes for Beland"
    );
}

#[test]
fn pop_18_34_imperial_influence_works_as_the_emperors_influence_but_is_not_spent() {
    // "For most purposes Imperial I works just the same way as regular I." Aland (E 3) has its 3
    // Imperial cubes in East, Celand's area, and none of its own anywhere.
    use crate::rulesets::pop::content::schema::Condition;
    use crate::rulesets::pop::rules::{conditions, diplomacy, minor};
    let (mut game, _, _) = rich_game(with_empire(3));
    let (a, b, c, east) = (
        e(&game, "AAA"),
        e(&game, "BBB"),
        e(&game, "CCC"),
        e(&game, "east"),
    );
    assert_eq!(
        crate::rulesets::pop::rules::relations::influence_in(game.world(), a, east),
        0
    );
    // An alliance with Celand needs 2 influence in its areas: Aland has them, Beland not.
    assert_eq!(diplomacy::forge_problem_but_cap(game.world(), a, c), None);
    assert!(diplomacy::forge_problem_but_cap(game.world(), b, c).is_some());
    // A Mission's "3 influence in East".
    let m = conditions::measure(game.world(), a, &Condition::InfluenceIn("east".into(), 3));
    assert_eq!((m.have, m.need), (3, 3));
    // The limit of 5 influence in an area counts them.
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), a, east, 2);
    let problem = diplomacy::problem(
        game.world(),
        a,
        &Action::Influence {
            area: "east".into(),
        },
    );
    assert!(problem.is_some_and(|p| p.reason.contains("at most 5")));
    // Cut Ties gives up the Emperor's own cubes only: 2 in East, never an Imperial one.
    crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), a, east, -2);
    assert!(
        !minor::candidates(game.world(), a)
            .iter()
            .any(|x| matches!(x, Action::CutTies { .. })),
        "nothing of its own to give up"
    );
}

#[test]
fn pop_18_34_imperial_influence_is_placed_again_in_phase_5_b_and_leaves_with_its_area() {
    // Nora belongs to Celand too: North and East both take Imperial Influence.
    let mut game = game_with(|t| {
        with_empire(2)(t).replace(
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"AAA\"], owner: Some(\"AAA\")",
            "(id: \"nora\", name: \"Nora\", area: \"north\", cores: [\"CCC\"], owner: Some(\"CCC\")",
        )
    });
    assert_eq!(
        empire_of(&game).imperial_influence,
        [(Id::new("north"), 1), (Id::new("east"), 1)],
        "one in each, in scenario order"
    );
    let ok = play_until(
        &mut game,
        3000,
        |_| {},
        |g| {
            g.pending()
                .is_some_and(|d| matches!(d.kind, DecisionKind::ImperialInfluence { .. }))
        },
    );
    assert!(ok, "Phase 5 B asks the Emperor");
    let e_now = empire_of(&game).authority;
    assert_eq!(game.pending().unwrap().realm, "AAA");
    assert_eq!(
        game.pending().unwrap().kind,
        DecisionKind::ImperialInfluence { left: e_now as u8 }
    );
    assert!(
        empire_of(&game).imperial_influence.is_empty(),
        "taken up first"
    );
    let (age, round) = {
        let flow = game.world().res::<crate::engine::flow::Flow>();
        (flow.age, flow.round_in_age)
    };
    let put = |a: &str| Action::PlaceInfluence { area: a.into() };
    refused(&mut game, put("south"), "pop.18.34.imperial_influence");
    for _ in 0..e_now {
        game.apply(put("east")).unwrap();
    }
    assert_eq!(
        empire_of(&game).imperial_influence,
        [(Id::new("east"), e_now as u8)]
    );
    // The step ran again after each answer; its round markers were reset (and said so) once.
    let resets = game
        .log()
        .entries
        .iter()
        .filter(|n| n.rule == "pop.seq.phase5.b" && (n.age, n.round) == (age, round))
        .count();
    assert!(e_now > 1, "the Emperor answered more than once");

    assert_eq!(resets, 1, "Phase 5 B's round markers reset once a round");
    // Beland, outside the Empire, takes East whole: East leaves, and its cubes with it.
    let b = e(&game, "BBB");
    give(&mut game, "capc", b);
    empire::tidy(game.world_mut());
    assert!(empire_of(&game).left.contains(&Id::new("east")));
    assert!(empire_of(&game).imperial_influence.is_empty());
    assert!(
        empire::imperial_targets(game.world())
            .iter()
            .all(|a| *a != e(&game, "east"))
    );
}

#[test]
fn pop_18_13_imperial_manpower_fights_beside_the_emperor_and_survivors_return_to_the_pool() {
    use crate::rulesets::pop::rules::battle::{BattleSpec, Party};
    // Setup put the Emperor's 2 Imperial Influence in East, a counting Elector Area: taking up
    // the defence fills the pool with 2.
    let (mut game, a, b) = beland_attacks_celand(2);
    game.apply(Action::Accept).unwrap();
    assert_eq!(empire_of(&game).imperial_manpower, 2);
    let logged = |g: &crate::rulesets::pop::Game, words: &str| {
        g.log()
            .entries
            .iter()
            .filter(|n| n.rule == "pop.18.13.defend_call" && n.text.contains(words))
            .count()
    };
    assert_eq!(logged(&game, "the Imperial manpower pool holds 2 units"), 1);
    let sid = |g: &crate::rulesets::pop::Game, x| crate::rulesets::pop::state::sid_of(g.world(), x);
    let spec = |g: &crate::rulesets::pop::Game, place: &str, attacker: Entity| BattleSpec {
        place: sid(g, e(g, place)),
        attacker: Party::Realm(sid(g, attacker)),
        defender: Party::Realm(sid(g, a)),
        from: None,
        naval: false,
        active: None,
        invaders: false,
        beside: Vec::new(),
    };
    // Not against a Non-Player member of the Empire, nor away from the Empire.
    let c = e(&game, "CCC");
    let against_celand = spec(&game, "north", c);
    assert!(empire::raise_imperial_manpower(game.world_mut(), &against_celand).is_empty());
    let in_south = spec(&game, "south", b);
    assert!(empire::raise_imperial_manpower(game.world_mut(), &in_south).is_empty());
    // Beland attacking in North: 2 allied infantry of the Emperor's join the battle.
    let in_north = spec(&game, "north", b);
    let raised = empire::raise_imperial_manpower(game.world_mut(), &in_north);
    assert_eq!(raised.len(), 2);
    assert_eq!(
        logged(&game, "2 Imperial infantry fight beside AAA at north"),
        1
    );
    let units: Vec<Entity> = raised
        .iter()
        .map(|s| {
            game.world()
                .resource::<crate::rulesets::pop::state::Index>()
                .by_sid(*s)
                .unwrap()
        })
        .collect();
    for u in &units {
        assert_eq!(game.world().get::<UnitOf>(*u).map(|o| o.0), Some(a));
        assert_eq!(
            game.world().get::<Unit>(*u).unwrap().status,
            UnitStatus::Allied
        );
    }
    // One falls; the other goes back to the pool when the battle ends.
    game.world_mut().despawn(units[0]);
    empire::return_imperial_manpower(game.world_mut(), &raised);
    assert_eq!(empire_of(&game).imperial_manpower, 1);
    assert!(
        game.world().get::<Unit>(units[1]).is_none(),
        "off the board again"
    );
}

/// Beland, outside the Empire, is at war with Celand (a Non-Player subject) and with Aland, the
/// Emperor Defending the HRE. Beland holds Celand's only province with `beland` infantry in
/// East; Aland has `aland` infantry at home. Phase 3 step D runs once. Returns the game, the
/// three realms and Celand's province.
fn beland_holds_celand_against_the_emperor(
    beland: usize,
    aland: usize,
) -> (crate::rulesets::pop::Game, [Entity; 3], Entity) {
    let mut game = game_with(with_empire(2));
    let (a, b, c) = (e(&game, "AAA"), e(&game, "BBB"), e(&game, "CCC"));
    let capc = e(&game, "capc");
    war_between(&mut game, b, c);
    war_between(&mut game, b, a);
    game.world_mut().res_mut::<Empire>().defending = true;
    military::take_by_siege(game.world_mut(), b, capc);
    for (realm, place, n) in [(b, "east", beland), (a, "north", aland)] {
        for _ in 0..n {
            spawn_unit(
                &mut game,
                Some(realm),
                place,
                UnitKind::Infantry,
                UnitStatus::Regular,
            );
        }
    }
    game.world_mut()
        .res_mut::<crate::rulesets::pop::decision::Pending>()
        .0 = None;
    war::run_step_d_for_tests(game.world_mut(), None);
    (game, [a, b, c], capc)
}

/// The victor answers the peace question of Phase 3 step D with `term`.
fn impose(game: &mut crate::rulesets::pop::Game, term: PeaceTerm) {
    war::run_step_d_for_tests(game.world_mut(), Some(Action::Peace { term }));
}

/// The peace question pending is `victor`'s, choosing terms against `enemy`.
fn assert_terms_asked(game: &crate::rulesets::pop::Game, victor: &str, enemy: &str) {
    let d = asked(game);
    assert_eq!(
        (d.realm.as_str(), &d.kind),
        (
            victor,
            &DecisionKind::PeaceTerms {
                enemy: enemy.into()
            }
        )
    );
}

fn asked(game: &crate::rulesets::pop::Game) -> crate::rulesets::pop::decision::Decision {
    game.world()
        .resource::<crate::rulesets::pop::decision::Pending>()
        .0
        .clone()
        .expect("a decision")
}

#[test]
fn pop_18_19_peace_a_realm_at_war_with_the_defending_emperor_imposes_no_peace_on_its_subjects() {
    // "While the Defending the HRE slot is tagged, PRs at War with the Emperor may not enforce
    // Peace on any Imperial Subjects unless they have achieved a Victory over the Emperor."
    // Beland beat Celand outright (its only province held, no army), but not Aland (3 to 2).
    let (mut game, [a, b, c], capc) = beland_holds_celand_against_the_emperor(3, 2);
    let d = asked(&game);
    assert_eq!(d.realm, "AAA", "{d:?}");
    assert!(
        matches!(d.kind, DecisionKind::Surrender { .. }),
        "Celand's war waits; the war with the Emperor is inconclusive, and Beland (holding Celand's province for the Emperor's side) is ahead: {d:?}"
    );
    assert_eq!(count(&game, "pop.18.19.peace"), 1, "the wait is logged");
    // Aland fights on: Celand's war goes on too, its province still held.
    war::run_step_d_for_tests(game.world_mut(), Some(Action::Decline));
    assert!(
        game.world()
            .resource::<crate::rulesets::pop::decision::Pending>()
            .0
            .is_none()
    );
    assert!(crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        b,
        c
    ));
    assert!(crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        b,
        a
    ));
    assert_eq!(game.world().get::<ControlledBy>(capc).unwrap().0, b);
    assert_eq!(game.world().get::<OwnedBy>(capc).unwrap().0, c);
}

#[test]
fn pop_18_19_peace_once_the_emperor_surrenders_the_victor_settles_with_its_subjects() {
    let (mut game, [a, b, c], capc) = beland_holds_celand_against_the_emperor(3, 2);
    war::run_step_d_for_tests(game.world_mut(), Some(Action::Accept));
    assert_terms_asked(&game, "BBB", "AAA");
    impose(&mut game, PeaceTerm::Humiliation);
    assert!(!crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        b,
        a
    ));
    // Beland has beaten the Emperor: Celand's war is settled on its own, a total victory.
    assert_terms_asked(&game, "BBB", "CCC");
    impose(&mut game, PeaceTerm::Annex);
    assert_eq!(game.world().get::<OwnedBy>(capc).unwrap().0, b);
    assert!(!crate::rulesets::pop::rules::relations::at_war_between(
        game.world(),
        b,
        c
    ));
}

#[test]
fn pop_18_19_peace_a_realm_that_beat_the_emperor_may_impose_peace_on_a_subject() {
    // 4 to 2: Beland's partial victory over the Emperor frees its hand against Celand.
    let (game, _, _) = beland_holds_celand_against_the_emperor(4, 2);
    assert_terms_asked(&game, "BBB", "CCC");
    assert_eq!(count(&game, "pop.18.19.peace"), 0, "nothing waits");
}

#[test]
fn pop_18_19_peace_the_emperor_winning_makes_the_peace_of_its_non_player_subjects() {
    // "Peace must be negotiated with the Emperor, who may agree to Peace Terms on behalf of their
    // NPR Imperial Subjects as they would for any Active Allies." Aland beats Beland 6 to 3.
    let (mut game, [a, b, c], capc) = beland_holds_celand_against_the_emperor(3, 6);
    assert_terms_asked(&game, "AAA", "BBB");
    let prestige = mat(&game, b).prestige;
    impose(&mut game, PeaceTerm::KeepBoard);
    let w = game.world();
    assert!(!crate::rulesets::pop::rules::relations::at_war_between(
        w, b, a
    ));
    assert!(
        !crate::rulesets::pop::rules::relations::at_war_between(w, b, c),
        "the Emperor's peace covers Celand"
    );
    assert_eq!(
        w.get::<ControlledBy>(capc).unwrap().0,
        c,
        "Celand's province goes back"
    );
    assert_eq!(
        mat(&game, b).prestige,
        prestige,
        "no prestige for the subject's peace"
    );
    let mut truces = game.world_mut().query::<&Truce>();
    let pairs: Vec<(Entity, Entity)> = truces.iter(game.world()).map(|t| (t.a, t.b)).collect();
    assert!(pairs.contains(&(a, b)));
    assert!(
        !pairs.iter().any(|(x, y)| [*x, *y].contains(&c)),
        "no truce with the Emperor's subject: {pairs:?}"
    );
    assert_eq!(
        empire_of(&game).authority,
        3,
        "the Emperor beat an outside attacker: +1"
    );
    assert_eq!(
        count(&game, "pop.18.19.peace"),
        1 + 1 + 1,
        "wait, +1 E, Celand's peace"
    );
    assert!(
        game.world()
            .resource::<crate::rulesets::pop::decision::Pending>()
            .0
            .is_none()
    );
}

#[test]
fn pop_18_19_peace_a_white_peace_with_the_emperor_is_peace_with_its_subjects() {
    // Beland holds nothing of Aland but Celand's province: with the Emperor's side counted
    // whole, that is no automatic white peace; Aland surrenders and Beland chooses white peace.
    let (mut game, [a, b, c], capc) = beland_holds_celand_against_the_emperor(3, 2);
    war::run_step_d_for_tests(game.world_mut(), Some(Action::Accept));
    impose(&mut game, PeaceTerm::WhitePeace);
    let w = game.world();
    assert!(!crate::rulesets::pop::rules::relations::at_war_between(
        w, b, a
    ));
    assert!(!crate::rulesets::pop::rules::relations::at_war_between(
        w, b, c
    ));
    assert_eq!(w.get::<ControlledBy>(capc).unwrap().0, c);
    assert!(
        w.resource::<crate::rulesets::pop::decision::Pending>()
            .0
            .is_none()
    );
}

/// The mini scenario with a fourth realm, Deland (DDD, a Non-Player Realm based in South,
/// outside the Empire), and Aland of another faith than the Empire so that Beland is elected.
fn with_deland(t: String) -> String {
    with_empire(3)(t)
        .replace(
            "capital: \"capa\", ruler",
            "capital: \"capa\", religion: Orthodox, ruler",
        )
        .replace(
            "        (id: \"capc\",",
            "        (id: \"capd\", name: \"Capd\", area: \"south\", cores: [\"DDD\"], owner: Some(\"DDD\"),\n             shape: [[(100.0, 0.0), (150.0, 0.0), (150.0, 50.0), (100.0, 50.0)]], site: (125.0, 25.0)),\n        (id: \"capc\",",
        )
        .replace(
            "capital: \"capc\", religion: Orthodox),",
            "capital: \"capc\", religion: Orthodox),\n        (id: \"DDD\", name: \"Deland\", kind: NonPlayer, colour: (90, 90, 90), capital: \"capd\"),",
        )
}

#[test]
fn pop_18_28_election_a_new_emperor_elected_during_the_defence_places_a_cb_on_the_aggressors() {
    // "If a new PR is elected Emperor while the departed Emperor was Defending the HRE, the new
    // Emperor may place a CB token on any non-HRE Realm at war with NPR HRE Members. The
    // Imperial m stays at its current level."
    let mut game = game_with(with_deland);
    let (a, b, c, d) = (
        e(&game, "AAA"),
        e(&game, "BBB"),
        e(&game, "CCC"),
        e(&game, "DDD"),
    );
    assert!(empire::is_external(game.world(), d));
    war_between(&mut game, d, c);
    war_between(&mut game, d, a);
    {
        let mut empire = game.world_mut().res_mut::<Empire>();
        empire.defending = true;
        empire.imperial_manpower = 4;
    }
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    for area in [north, east] {
        crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, area, 1);
    }
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("BBB"));
    let mut q = game.world_mut().query::<&CasusBelli>();
    let cbs: Vec<(Entity, Entity)> = q
        .iter(game.world())
        .map(|cb| (cb.holder, cb.target))
        .collect();
    assert_eq!(cbs, [(b, d)], "Deland fights Celand, a Non-Player member");
    assert_eq!(empire_of(&game).imperial_manpower, 4, "the pool stays");
    assert!(logged(
        &game,
        "pop.18.28.election",
        "BBB, elected while the Empire was being defended, places a Casus Belli on DDD"
    ));
}

#[test]
fn pop_18_28_election_outside_a_defence_places_no_cb() {
    let mut game = game_with(with_deland);
    let (b, c, d) = (e(&game, "BBB"), e(&game, "CCC"), e(&game, "DDD"));
    war_between(&mut game, d, c);
    let (north, east) = (e(&game, "north"), e(&game, "east"));
    for area in [north, east] {
        crate::rulesets::pop::rules::generic::add_influence(game.world_mut(), b, area, 1);
    }
    let ruler = e(&game, "ruler_a");
    characters::kill(game.world_mut(), ruler);
    assert_eq!(empire_of(&game).emperor.as_deref(), Some("BBB"));
    let mut q = game.world_mut().query::<&CasusBelli>();
    assert_eq!(q.iter(game.world()).count(), 0);
}
