//! Tests of the Kingdom rules (seed 004), each named after the rule id it checks, played
//! through `Game::apply` on the Greywater Marches scenario. Where a d20 decides, the test reads
//! the roll from the `km.check` entry and checks that the seed's consequence followed from it.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::engine::ruleset::Ruleset;
use crate::engine::state::GameSetup;
use crate::rulesets::kingdom::content::default_scenario;
use crate::rulesets::kingdom::content::schema::{Attr, EdictKind, Role};
use crate::rulesets::kingdom::decision::{Action, DecisionKind};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Board, HexTile, Kingdom, Settlement, TempMod};
use crate::rulesets::kingdom::rules::sheet::sheet;
use crate::rulesets::kingdom::{Game, Kingdom as KingdomRuleset};

fn game(seed: u64) -> Game {
    Game::new(default_scenario(), GameSetup::default(), seed).expect("the scenario sets up")
}

fn kingdom(game: &Game, id: &str) -> Entity {
    game.world()
        .resource::<crate::engine::state::Index>()
        .get(id)
        .expect("kingdom")
}

fn k<'a>(game: &'a Game, id: &str) -> &'a Kingdom {
    game.world()
        .get::<Kingdom>(kingdom(game, id))
        .expect("kingdom")
}

fn start(game: &Game, id: &str) -> (i32, i32) {
    game.scenario()
        .kingdoms
        .iter()
        .find(|k| k.id == id)
        .expect("kingdom")
        .start
}

fn pending(game: &Game) -> Option<(String, DecisionKind)> {
    game.pending().map(|d| (d.kingdom.clone(), d.kind))
}

/// Answers `Done` (or the first legal answer where `Done` is refused) until `id` is asked
/// `kind`.
fn until(game: &mut Game, id: &str, kind: DecisionKind) {
    for _ in 0..10_000 {
        match pending(game) {
            Some((who, what)) if who == id && what == kind => return,
            None => panic!("the game ended before {id} was asked {kind:?}"),
            _ => {}
        }
        answer_plainly(game);
    }
    panic!("{id} was never asked {kind:?}");
}

/// Answers the pending decision with `Done`, or its first legal answer where `Done` is refused.
fn answer_plainly(game: &mut Game) {
    let action = if game.check(&Action::Done).is_ok() {
        Action::Done
    } else {
        game.legal_actions()
            .into_iter()
            .next()
            .expect("a legal answer")
    };
    game.apply(action).expect("legal");
}

/// Both kingdoms claim their start hex in month 1, then the game runs to ASH's next Claims.
fn founded() -> Game {
    let mut g = game(7);
    for id in ["ASH", "VEL"] {
        until(&mut g, id, DecisionKind::Claims);
        let at = start(&g, id);
        g.apply(Action::Claim(at))
            .expect("the first claim may be any explored hex");
    }
    g
}

fn with_world<T>(game: &mut Game, f: impl FnOnce(&mut World) -> T) -> T {
    f(game.world_mut())
}

fn set_temp(game: &mut Game, id: &str, attr: Attr, amount: i32) {
    let e = kingdom(game, id);
    with_world(game, |w| {
        w.get_mut::<Kingdom>(e)
            .expect("kingdom")
            .temp
            .push(TempMod {
                source: "test".into(),
                attr: Some(attr),
                amount,
                consumption_percent: 0,
                months: 99,
            });
    });
}

/// The natural roll and total of a `km.check` log entry.
fn roll_of(text: &str) -> (i32, i32) {
    let natural = text
        .split("d20 ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a d20");
    let total = text
        .split(" = ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a total");
    (natural, total)
}

fn entries_since<'a>(
    game: &'a Game,
    from: usize,
    rule: &str,
    realm: &str,
) -> Vec<&'a crate::engine::log::LogEntry> {
    game.log().entries[from..]
        .iter()
        .filter(|e| e.rule == rule && e.realm.as_deref() == Some(realm))
        .collect()
}

#[test]
fn km_edict_claim_hex_first_anywhere_then_next_to_the_kingdom_for_1_bp() {
    let mut g = game(3);
    until(&mut g, "ASH", DecisionKind::Claims);
    let before = k(&g, "ASH").treasury;
    // An unexplored hex cannot be claimed.
    let err = g.check(&Action::Claim((0, 0))).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_CLAIM_HEX);
    g.apply(Action::Claim(start(&g, "ASH"))).unwrap();
    assert_eq!(k(&g, "ASH").treasury, before - 1, "a claim costs 1 BP");
    assert_eq!(
        sheet(g.world(), kingdom(&g, "ASH")).size,
        1,
        "Size +1 per hex"
    );
    // At Size 1-10 one claim a month.
    let (c, r) = start(&g, "ASH");
    g.apply(Action::Explore((c + 1, r))).unwrap();
    let err = g.check(&Action::Claim((c + 1, r))).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_CLAIM_HEX);
    assert!(err.reason.contains("at most 1"), "{err}");
    // Next month: an explored hex away from the kingdom is refused, a neighbour is accepted.
    g.apply(Action::Done).unwrap();
    until(&mut g, "ASH", DecisionKind::Claims);
    g.apply(Action::Explore((c + 1, r + 1))).ok();
    let far = (c + 3, r);
    with_world(&mut g, |w| {
        let hex = w.resource::<Board>().at(far.0, far.1).unwrap();
        crate::rulesets::kingdom::model::mark_explored(w, hex, 0);
        let mut t = w.get_mut::<HexTile>(hex).unwrap();
        t.lair = None;
    });
    assert_eq!(
        g.check(&Action::Claim(far)).unwrap_err().rule,
        ids::EDICT_CLAIM_HEX
    );
    g.apply(Action::Claim((c + 1, r))).unwrap();
    assert_eq!(sheet(g.world(), kingdom(&g, "ASH")).size, 2);
    assert!(g.log().count(ids::EDICT_CLAIM_HEX) >= 2);
}

#[test]
fn km_house_clear_a_lair_blocks_the_claim_until_cleared() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Claims);
    let (c, r) = start(&g, "ASH");
    let next = (c + 1, r);
    with_world(&mut g, |w| {
        let hex = w.resource::<Board>().at(next.0, next.1).unwrap();
        w.res_mut::<Board>().lairs.push(hex);
        crate::rulesets::kingdom::model::mark_explored(w, hex, 0);
        let mut t = w.get_mut::<HexTile>(hex).unwrap();
        t.lair = Some(crate::rulesets::kingdom::model::Lair {
            name: "Test den".into(),
            dc: 1,
            loot_gp: 700,
        });
    });
    let err = g.check(&Action::Claim(next)).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_CLAIM_HEX);
    assert!(err.reason.contains("cleared"), "{err}");
    let purse = k(&g, "ASH").purse_gp;
    g.apply(Action::Clear {
        at: next,
        army: None,
    })
    .unwrap();
    let entry = g
        .log()
        .entries
        .iter()
        .rev()
        .find(|e| e.rule == ids::HOUSE_CLEAR)
        .unwrap();
    if entry.text.contains("cleared") {
        assert_eq!(k(&g, "ASH").purse_gp, purse + 700);
        g.apply(Action::Claim(next)).unwrap();
    } else {
        assert!(
            entry.text.contains("d20 1 "),
            "only a natural 1 fails DC 1: {}",
            entry.text
        );
    }
}

#[test]
fn km_upkeep_is_skipped_at_zero_hexes() {
    let mut g = game(5);
    until(&mut g, "ASH", DecisionKind::Leadership);
    let month = g.flow().round;
    while g.flow().round < month + 2 {
        until(&mut g, "ASH", DecisionKind::Leadership);
        if g.flow().round < month + 2 {
            g.apply(Action::Done).unwrap();
        }
    }
    for rule in [
        ids::UPKEEP_STABILITY,
        ids::UPKEEP_CONSUMPTION,
        ids::UPKEEP_UNREST,
    ] {
        assert_eq!(g.log().count(rule), 0, "{rule} with no hexes");
    }
    // Only Upkeep is skipped: with no hex the kingdom still collects taxes and rolls for an
    // Event every month, and is asked for its edicts.
    let ash = |rule: &str| {
        g.log()
            .entries
            .iter()
            .filter(|e| e.rule == rule && e.realm.as_deref() == Some("ASH"))
            .count()
    };
    assert!(ash(ids::INCOME_TAXES) >= 2, "taxes with no hexes");
    assert!(ash(ids::EVENT_CHANCE) >= 2, "an Event roll with no hexes");
    until(&mut g, "ASH", DecisionKind::Edicts);
}

#[test]
fn km_upkeep_stability_success_lowers_unrest_or_gives_1_bp() {
    for unrest in [3, 0] {
        let mut g = founded();
        let e = kingdom(&g, "ASH");
        with_world(&mut g, |w| w.get_mut::<Kingdom>(e).unwrap().unrest = unrest);
        set_temp(&mut g, "ASH", Attr::Stability, 100);
        let from = g.log().entries.len();
        until(&mut g, "ASH", DecisionKind::Leadership);
        let check = entries_since(&g, from, ids::CHECK, "ASH")
            .into_iter()
            .find(|e| e.text.starts_with("Stability check (Upkeep"))
            .unwrap()
            .text
            .clone();
        let (natural, _) = roll_of(&check);
        let stab = entries_since(&g, from, ids::UPKEEP_STABILITY, "ASH");
        if natural == 1 {
            continue;
        }
        assert_eq!(stab.len(), 1);
        if unrest > 0 {
            assert!(
                stab[0]
                    .text
                    .contains(&format!("Unrest {unrest} -> {}", unrest - 1)),
                "{}",
                stab[0].text
            );
        } else {
            assert!(stab[0].text.contains("+1 BP"), "{}", stab[0].text);
            assert_eq!(stab[0].amount, Some(1));
        }
    }
}

#[test]
fn km_upkeep_stability_failure_adds_1_or_1d4_unrest() {
    let mut g = founded();
    set_temp(&mut g, "ASH", Attr::Stability, -200);
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let check = entries_since(&g, from, ids::CHECK, "ASH")
        .into_iter()
        .find(|e| e.text.starts_with("Stability check (Upkeep"))
        .unwrap()
        .text
        .clone();
    let (natural, _) = roll_of(&check);
    let stab = entries_since(&g, from, ids::UPKEEP_STABILITY, "ASH");
    if natural != 20 {
        // Failed by far more than 5: +1d4.
        assert!(stab[0].text.contains("1d4 rolled"), "{}", stab[0].text);
        let up = stab[0].amount.unwrap();
        assert!((1..=4).contains(&up), "{up}");
    }
}

#[test]
fn km_upkeep_consumption_unpaid_empties_the_treasury_and_adds_2_unrest() {
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| {
        let mut km = w.get_mut::<Kingdom>(e).unwrap();
        km.treasury = 0;
        km.edicts = [4, 4, 0];
    });
    let due = sheet(g.world(), e).consumption.total;
    assert!(due > 0);
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let cons = entries_since(&g, from, ids::UPKEEP_CONSUMPTION, "ASH");
    assert!(cons.iter().any(|c| c.text.contains("cannot be paid")));
    assert!(
        cons.iter()
            .any(|c| c.text.starts_with("Unpaid Consumption") && c.amount == Some(2)),
        "{cons:?}"
    );
    assert!(k(&g, "ASH").treasury >= 0);
}

#[test]
fn km_upkeep_unrest_rises_by_1_per_negative_attribute() {
    let mut g = founded();
    set_temp(&mut g, "ASH", Attr::Economy, -200);
    set_temp(&mut g, "ASH", Attr::Loyalty, -200);
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let unrest = entries_since(&g, from, ids::UPKEEP_UNREST, "ASH");
    assert_eq!(unrest.len(), 2, "Economy and Loyalty below 0: {unrest:?}");
    assert!(unrest.iter().all(|e| e.amount == Some(1)));
}

#[test]
fn km_upkeep_enforcer_cuts_unrest_by_1_with_a_loyalty_check() {
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| w.get_mut::<Kingdom>(e).unwrap().unrest = 5);
    until(&mut g, "ASH", DecisionKind::Enforcer);
    let before = k(&g, "ASH").unrest;
    let from = g.log().entries.len();
    g.apply(Action::Enforce).unwrap();
    let enforcer = entries_since(&g, from, ids::UPKEEP_ENFORCER, "ASH");
    assert_eq!(enforcer[0].amount, Some(-1));
    let check = entries_since(&g, from, ids::CHECK, "ASH");
    assert!(
        check[0]
            .text
            .starts_with("Loyalty check (the Royal Enforcer)"),
        "{}",
        check[0].text
    );
    let failed = !check[0].text.contains("success") && !check[0].text.contains("natural 20");
    assert_eq!(
        enforcer.len() == 2,
        failed,
        "a failed check costs Loyalty -1: {enforcer:?}"
    );
    assert!(k(&g, "ASH").unrest <= before);
}

#[test]
fn km_upkeep_lose_hex_at_unrest_11_is_chosen_by_the_kingdom() {
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| w.get_mut::<Kingdom>(e).unwrap().unrest = 12);
    until(&mut g, "ASH", DecisionKind::Enforcer);
    g.apply(Action::Done).unwrap();
    assert_eq!(pending(&g), Some(("ASH".into(), DecisionKind::LoseHex)));
    assert_eq!(
        g.check(&Action::Done).unwrap_err().rule,
        ids::UPKEEP_LOSE_HEX
    );
    assert_eq!(
        g.check(&Action::LoseHex((0, 0))).unwrap_err().rule,
        ids::UPKEEP_LOSE_HEX
    );
    g.apply(Action::LoseHex(start(&g, "ASH"))).unwrap();
    assert_eq!(sheet(g.world(), e).size, 0);
    assert_eq!(g.log().count(ids::UPKEEP_LOSE_HEX), 1);
}

#[test]
fn km_upkeep_anarchy_at_20_stops_every_action_and_zeroes_checks() {
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| {
        let mut km = w.get_mut::<Kingdom>(e).unwrap();
        km.unrest = 30;
        km.anarchy = true;
    });
    until(&mut g, "ASH", DecisionKind::LoseHex);
    assert!(k(&g, "ASH").anarchy);
    assert!(g.log().entries.iter().any(|e| e.rule == ids::CHECK && e.text.contains("in Anarchy every result counts as 0")));
    g.apply(Action::LoseHex(start(&g, "ASH"))).unwrap();
    // The month goes on with VEL alone: ASH is asked nothing in the Edict phase.
    let month = g.flow().round;
    while g.flow().round == month {
        if let Some((who, _)) = pending(&g) {
            assert_ne!(who, "ASH", "a kingdom in Anarchy takes no actions");
        }
        g.apply(Action::Done).unwrap();
    }
}

#[test]
fn km_house_restore_order_comes_at_the_month_start_and_upkeep_step_4_adds_what_the_seed_says() {
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    // Far into Anarchy: 2d4 (at most 8) cannot bring it below 20.
    with_world(&mut g, |w| {
        let mut km = w.get_mut::<Kingdom>(e).unwrap();
        km.unrest = 40;
        km.anarchy = true;
    });
    let from = g.log().entries.len();
    let month = g.flow().round;
    while g.flow().round == month {
        answer_plainly(&mut g);
    }
    until(&mut g, "VEL", DecisionKind::Leadership);
    let restore = entries_since(&g, from, ids::HOUSE_RESTORE_ORDER, "ASH");
    assert_eq!(restore.len(), 1, "once, at the start of the month");
    let roll = -restore[0].amount.unwrap();
    assert!((2..=8).contains(&roll), "2d4, not {roll}");
    // Before any of the month's Upkeep steps.
    let first_upkeep = g.log().entries[from..]
        .iter()
        .find(|x| x.rule.starts_with("km.upkeep.") && x.realm.as_deref() == Some("ASH"))
        .map(|x| x.seq);
    assert!(first_upkeep.is_none_or(|s| restore[0].seq < s));
    // In Anarchy nothing in Upkeep lowers Unrest: step 4 adds exactly what the seed says.
    for x in &g.log().entries[from..] {
        if x.rule.starts_with("km.upkeep.")
            && x.realm.as_deref() == Some("ASH")
            && x.text.contains("Unrest")
        {
            assert!(x.amount.unwrap_or(0) >= 0, "{}", x.text);
        }
    }
    assert!(k(&g, "ASH").anarchy, "Unrest is still 20 or more");
}

#[test]
fn km_edict_abdicate_ruler_adds_2_unrest_and_a_loyalty_check_at_minus_4() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let before = k(&g, "ASH").unrest;
    let from = g.log().entries.len();
    g.apply(Action::Abdicate {
        role: Role::Ruler,
        to: None,
        focus: 0,
    })
    .unwrap();
    assert_eq!(k(&g, "ASH").unrest, before + 2);
    let check = &entries_since(&g, from, ids::CHECK, "ASH")[0].text;
    assert!(check.contains("- 4 (the Ruler abdicates)"), "{check}");
    // Moving between roles: no Unrest, +4.
    let before = k(&g, "ASH").unrest;
    g.apply(Action::Abdicate {
        role: Role::Heir,
        to: Some(Role::Heir),
        focus: 0,
    })
    .unwrap_err();
    let from = g.log().entries.len();
    g.apply(Action::Abdicate {
        role: Role::Warden,
        to: Some(Role::Consort),
        focus: 0,
    })
    .unwrap();
    assert_eq!(
        k(&g, "ASH").unrest,
        before,
        "moving between roles adds no Unrest"
    );
    assert!(
        entries_since(&g, from, ids::CHECK, "ASH")[0]
            .text
            .contains("+ 4 (moving between roles)")
    );
}

#[test]
fn km_edict_vacancy_ruler_stops_claims() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    g.apply(Action::Abdicate {
        role: Role::Ruler,
        to: None,
        focus: 0,
    })
    .unwrap();
    until(&mut g, "ASH", DecisionKind::Claims);
    let (c, r) = start(&g, "ASH");
    g.apply(Action::Explore((c + 1, r))).ok();
    let err = g.check(&Action::Claim((c + 1, r))).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_VACANCY);
}

#[test]
fn km_edict_abandon_hex_adds_1_unrest_or_4_with_a_settlement() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Claims);
    let before = k(&g, "ASH").unrest;
    g.apply(Action::Abandon(start(&g, "ASH"))).unwrap();
    assert_eq!(k(&g, "ASH").unrest, before + 1);
    assert_eq!(sheet(g.world(), kingdom(&g, "ASH")).size, 0);
    assert!(g.log().has(ids::EDICT_ABANDON_HEX));

    // With a settlement on it: +4, and the settlement becomes a free town.
    let (mut g, at, st) = settlement_with_slots();
    g.apply(Action::Done).unwrap();
    until(&mut g, "ASH", DecisionKind::Claims);
    let before = k(&g, "ASH").unrest;
    g.apply(Action::Abandon(at)).unwrap();
    assert_eq!(k(&g, "ASH").unrest, before + 4);
    assert_eq!(g.world().get::<Settlement>(st).unwrap().owner, None);
    assert!(k(&g, "ASH").settlements.is_empty());
}

#[test]
fn km_edict_terrain_costs_by_terrain_and_roads_double_with_a_river() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Terrain);
    let at = start(&g, "ASH");
    let s = g.scenario().clone();
    let hex = g.world().resource::<Board>().at(at.0, at.1).unwrap();
    let tile = g.world().get::<HexTile>(hex).unwrap().clone();
    assert!(tile.river, "the start hex of ASH lies on the river");
    let terrain = &s.terrains[tile.terrain];
    let before = k(&g, "ASH").treasury;
    let from = g.log().entries.len();
    g.apply(Action::Improve {
        at,
        improvement: "road".into(),
    })
    .unwrap();
    let road = 2 * terrain.road.unwrap();
    assert_eq!(
        k(&g, "ASH").treasury,
        before - road,
        "a Road costs double across a river"
    );
    let logged = entries_since(&g, from, ids::EDICT_TERRAIN, "ASH");
    assert_eq!(logged[0].amount, Some(-road), "{}", logged[0].text);
    g.apply(Action::Improve {
        at,
        improvement: "farm".into(),
    })
    .unwrap();
    assert_eq!(k(&g, "ASH").treasury, before - road - terrain.farm.unwrap());
    // At Size 1-10, two terrain improvements a month; a Mine needs hills or mountains.
    let err = g.check(&Action::Prepare(at)).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_TERRAIN);
    assert!(err.reason.contains("at most 2"), "{err}");
    assert_eq!(
        g.check(&Action::Improve {
            at,
            improvement: "mine".into()
        })
        .unwrap_err()
        .rule,
        ids::EDICT_TERRAIN
    );
}

#[test]
fn km_edict_leadership_fills_a_vacant_role_and_logs_it() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    g.apply(Action::Abdicate {
        role: Role::Warden,
        to: None,
        focus: 0,
    })
    .unwrap();
    let spare = k(&g, "ASH")
        .leaders
        .iter()
        .position(|l| {
            g.world()
                .get::<crate::rulesets::kingdom::model::Leader>(*l)
                .unwrap()
                .role
                .is_none()
        })
        .unwrap() as u8;
    // A role takes no focus unless it is the Ruler's or the Spymaster's.
    let wrong = Action::Assign {
        role: Role::Warden,
        leader: spare,
        focus: 1,
    };
    assert_eq!(g.check(&wrong).unwrap_err().rule, ids::EDICT_LEADERSHIP);
    let from = g.log().entries.len();
    g.apply(Action::Assign {
        role: Role::Warden,
        leader: spare,
        focus: 0,
    })
    .unwrap();
    let logged = entries_since(&g, from, ids::EDICT_LEADERSHIP, "ASH");
    assert!(
        logged[0].text.ends_with("becomes Warden"),
        "{}",
        logged[0].text
    );
    // A role with a leader cannot be given to another.
    let taken = Action::Assign {
        role: Role::Warden,
        leader: spare,
        focus: 0,
    };
    assert_eq!(g.check(&taken).unwrap_err().rule, ids::EDICT_LEADERSHIP);
}

#[test]
fn km_edict_settlement_and_building_with_the_free_first_house_and_the_limit() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Terrain);
    let at = start(&g, "ASH");
    g.apply(Action::Prepare(at)).unwrap();
    until(&mut g, "ASH", DecisionKind::Settlements);
    g.apply(Action::Found(at)).unwrap();
    let e = kingdom(&g, "ASH");
    assert_eq!(
        sheet(g.world(), e).command_dc.total,
        20 + 1 + 1,
        "Command DC = 20 + Size + districts"
    );
    let build = |cell: u8, building: &str| Action::Build {
        at,
        district: 0,
        cell,
        wide: false,
        building: building.into(),
    };
    // Only a two-lot building has a direction: a House laid "across" is not a second way of
    // writing the same placement (legal_actions offers each placement once).
    let across = Action::Build {
        at,
        district: 0,
        cell: 0,
        wide: true,
        building: "house".into(),
    };
    assert_eq!(g.check(&across).unwrap_err().rule, ids::EDICT_BUILDING);
    assert!(!g.legal_actions().contains(&across));
    let from = g.log().entries.len();
    g.apply(build(0, "house")).unwrap();
    let built = entries_since(&g, from, ids::EDICT_BUILDING, "ASH");
    assert!(
        built[0].text.starts_with("Builds a House"),
        "{}",
        built[0].text
    );
    // The free House leaves the month's one building (Size 1-10) for something else.
    g.apply(build(1, "shrine")).unwrap();
    let err = g.check(&build(2, "shrine")).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_BUILDING);
    assert!(err.reason.contains("at most 1"), "{err}");
    // Lots already built on are refused; a Tannery may not stand next to a House.
    assert_eq!(
        g.check(&build(0, "shrine")).unwrap_err().rule,
        ids::EDICT_BUILDING
    );
    let st = g
        .world()
        .get::<HexTile>(g.world().resource::<Board>().at(at.0, at.1).unwrap())
        .unwrap()
        .settlement
        .unwrap();
    assert_eq!(
        g.world().get::<Settlement>(st).unwrap().districts[0]
            .placed
            .len(),
        2
    );
}

#[test]
fn km_edict_edicts_change_the_sheet() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Edicts);
    let e = kingdom(&g, "ASH");
    let before = sheet(g.world(), e);
    g.apply(Action::SetEdict {
        edict: EdictKind::Taxation,
        level: 4,
    })
    .unwrap();
    let after = sheet(g.world(), e);
    // Taxation Overwhelming: Economy +4, Loyalty -8 (from Normal's +2 / -2).
    assert_eq!(after.economy.total - before.economy.total, 2);
    assert_eq!(after.loyalty.total - before.loyalty.total, -6);
    assert_eq!(
        g.check(&Action::SetEdict {
            edict: EdictKind::Taxation,
            level: 9
        })
        .unwrap_err()
        .rule,
        ids::EDICT_EDICTS
    );
}

/// ASH prepares its start hex and founds a settlement there, then is asked Edict step 5;
/// returns the hex.
fn settled_until_armies(g: &mut Game) -> (i32, i32) {
    until(g, "ASH", DecisionKind::Terrain);
    let at = start(g, "ASH");
    g.apply(Action::Prepare(at)).unwrap();
    until(g, "ASH", DecisionKind::Settlements);
    g.apply(Action::Found(at)).unwrap();
    until(g, "ASH", DecisionKind::Armies);
    at
}

#[test]
fn km_edict_army_raise_costs_and_eats() {
    let mut g = founded();
    let at = settled_until_armies(&mut g);
    let e = kingdom(&g, "ASH");
    let (t, c) = (k(&g, "ASH").treasury, sheet(g.world(), e).consumption.total);
    g.apply(Action::RaiseArmy(at)).unwrap();
    assert_eq!(k(&g, "ASH").treasury, t - g.scenario().house.army_cost);
    assert!(
        sheet(g.world(), e).consumption.total >= c,
        "an army unit eats"
    );
    assert_eq!(g.log().count(ids::EDICT_ARMY), 1);
}

#[test]
fn km_edict_army_units_outlive_the_last_hex_and_may_still_be_kept_up() {
    // "You may create, expand, equip, or repair army units": a kingdom that abandons its only
    // hex keeps its army unit and is still asked step 5 (raising one needs a settlement).
    let mut g = founded();
    let at = settled_until_armies(&mut g);
    g.apply(Action::RaiseArmy(at)).unwrap();
    until(&mut g, "ASH", DecisionKind::Claims);
    let month = g.flow().round;
    g.apply(Action::Abandon(at)).unwrap();
    assert!(k(&g, "ASH").claimed.is_empty());
    assert_eq!(k(&g, "ASH").armies.len(), 1, "the unit outlives the hex");
    until(&mut g, "ASH", DecisionKind::Armies);
    assert_eq!(g.flow().round, month, "asked in the same Edict phase");
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::ExpandArmy(0)), "{legal:?}");
    assert!(!legal.iter().any(|a| matches!(a, Action::RaiseArmy(_))));
}

#[test]
fn km_edict_vacancy_after_a_failed_abdication_check_lasts_1_turn() {
    // "If the check fails, the vacancy penalty applies for 1 turn while the new leader
    // transitions into that role": from the Edict phase where it failed to the next one, the
    // next month's Upkeep included (the Councilor's vacancy: +1 Unrest there).
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| {
        w.get_mut::<Kingdom>(e)
            .unwrap()
            .transition
            .push(Role::Councilor)
    });
    let month = g.flow().round;
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Leadership);
    assert_eq!(g.flow().round, month + 1);
    let vacancy: Vec<String> = entries_since(&g, from, ids::EDICT_VACANCY, "ASH")
        .iter()
        .map(|x| x.text.clone())
        .collect();
    assert!(
        vacancy
            .iter()
            .any(|t| t.starts_with("Councilor is vacant: Unrest")),
        "the next Upkeep counts the role as vacant: {vacancy:?}"
    );
    assert!(
        k(&g, "ASH").transition.is_empty(),
        "settled in by the next Edict phase"
    );
}

#[test]
fn km_income_withdraw_adds_unrest_and_checks_loyalty_against_dc_plus_bp() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Withdraw);
    let e = kingdom(&g, "ASH");
    let (unrest, purse, dc) = (
        k(&g, "ASH").unrest,
        k(&g, "ASH").purse_gp,
        sheet(g.world(), e).command_dc.total,
    );
    let from = g.log().entries.len();
    g.apply(Action::Withdraw(3)).unwrap();
    assert_eq!(k(&g, "ASH").purse_gp, purse + 6_000, "2,000 gp per BP");
    let check = entries_since(&g, from, ids::CHECK, "ASH")[0].text.clone();
    assert!(
        check.contains(&format!("against Command DC + 3 BP withdrawn {}", dc + 3)),
        "{check}"
    );
    let failed = !(check.contains("success") || check.contains("natural 20"));
    assert_eq!(k(&g, "ASH").unrest, unrest + 1 + if failed { 3 } else { 0 });
    // No deposit in an Income phase with withdrawals.
    g.apply(Action::Done).unwrap();
    if pending(&g) == Some(("ASH".into(), DecisionKind::Deposit)) {
        assert_eq!(
            g.check(&Action::Deposit(4_000)).unwrap_err().rule,
            ids::INCOME_DEPOSIT
        );
    }
}

#[test]
fn km_income_withdraw_any_amount_up_to_the_whole_treasury_is_listed() {
    // How much to withdraw at once is the kingdom's: with 150 BP every amount from 1 to 150 is
    // offered (and taken at once), none above.
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Withdraw);
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| w.get_mut::<Kingdom>(e).unwrap().treasury = 150);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Withdraw(1)) && legal.contains(&Action::Withdraw(150)));
    assert!(!legal.contains(&Action::Withdraw(151)));
    assert_eq!(
        g.check(&Action::Withdraw(151)).unwrap_err().rule,
        ids::INCOME_WITHDRAW
    );
    g.apply(Action::Withdraw(150)).unwrap();
    assert_eq!(k(&g, "ASH").treasury, 0);
}

#[test]
fn km_income_deposit_gives_1_bp_per_full_4000_gp() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Deposit);
    let t = k(&g, "ASH").treasury;
    assert_eq!(
        g.check(&Action::Deposit(3_000)).unwrap_err().rule,
        ids::INCOME_DEPOSIT
    );
    // The leaders hold 9,000 gp: two full 4,000s and 1,000 over.
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| {
        w.get_mut::<Kingdom>(e).unwrap().purse_gp = 9_000
    });
    let purse = k(&g, "ASH").purse_gp;
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Deposit(4_000)) && legal.contains(&Action::Deposit(8_000)));
    // 9,000 gp deposited: two full 4,000s, 2 BP; the 1,000 gp over stay with the leaders.
    g.apply(Action::Deposit(9_000)).unwrap();
    assert_eq!(k(&g, "ASH").treasury, t + 2);
    assert_eq!(k(&g, "ASH").purse_gp, purse - 8_000);
    assert_eq!(g.log().count(ids::INCOME_DEPOSIT), 1);
}

#[test]
fn km_income_deposit_of_5000_gp_is_1_bp() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Deposit);
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| {
        w.get_mut::<Kingdom>(e).unwrap().purse_gp = 5_000
    });
    let t = k(&g, "ASH").treasury;
    g.apply(Action::Deposit(5_000)).unwrap();
    assert_eq!(k(&g, "ASH").treasury, t + 1);
    assert_eq!(k(&g, "ASH").purse_gp, 1_000);
}

#[test]
fn km_income_taxes_are_the_economy_result_over_3() {
    let mut g = founded();
    let from = g.log().entries.len();
    // The month's Income phase runs before ASH is next asked about its leaders.
    until(&mut g, "ASH", DecisionKind::Leadership);
    let taxes = entries_since(&g, from, ids::INCOME_TAXES, "ASH");
    let check = entries_since(&g, from, ids::CHECK, "ASH")
        .into_iter()
        .find(|e| e.text.starts_with("Economy check (Income: taxes)"))
        .unwrap()
        .text
        .clone();
    let (_, total) = roll_of(&check);
    if check.contains(": success") || check.contains("natural 20") {
        assert_eq!(taxes[0].amount, Some(total / 3), "{check}");
    } else {
        assert_eq!(taxes[0].amount, Some(0));
    }
}

#[test]
fn km_event_destroyed_blocks_add_unrest_and_halve_the_rebuild() {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Terrain);
    let at = start(&g, "ASH");
    g.apply(Action::Prepare(at)).unwrap();
    until(&mut g, "ASH", DecisionKind::Settlements);
    g.apply(Action::Found(at)).unwrap();
    g.apply(Action::Build {
        at,
        district: 0,
        cell: 0,
        wide: false,
        building: "house".into(),
    })
    .unwrap();
    g.apply(Action::Build {
        at,
        district: 0,
        cell: 1,
        wide: false,
        building: "shrine".into(),
    })
    .unwrap();
    let e = kingdom(&g, "ASH");
    let st = g
        .world()
        .get::<HexTile>(g.world().resource::<Board>().at(at.0, at.1).unwrap())
        .unwrap()
        .settlement
        .unwrap();
    let unrest = k(&g, "ASH").unrest;
    with_world(&mut g, |w| {
        crate::rulesets::kingdom::rules::event::destroy_blocks(w, e, st, 1, "Test fire")
    });
    assert_eq!(
        k(&g, "ASH").unrest,
        unrest + 1,
        "+1 Unrest per destroyed block"
    );
    assert!(g.log().has(ids::EVENT_DESTROYED_BLOCKS));
    let s = g.scenario().clone();
    let settlement = g.world().get::<Settlement>(st).unwrap().clone();
    assert!(
        settlement.districts[0].placed.is_empty(),
        "both lots were in block 0"
    );
    let shrine = s.buildings.iter().position(|b| b.id == "shrine").unwrap();
    let cost = crate::rulesets::kingdom::rules::edict::building_cost(
        &s,
        &settlement,
        &settlement.districts[0],
        shrine,
        &[1],
    );
    assert_eq!(cost, s.buildings[shrine].cost / 2);
    // "The cost to build the replacement structure is halved", rounded down: a House (3 BP)
    // is rebuilt for 1.
    let house = s.buildings.iter().position(|b| b.id == "house").unwrap();
    assert_eq!(s.buildings[house].cost, 3);
    let cost = crate::rulesets::kingdom::rules::edict::building_cost(
        &s,
        &settlement,
        &settlement.districts[0],
        house,
        &[0],
    );
    assert_eq!(cost, 1);
}

#[test]
fn km_event_chance_is_25_percent_or_75_after_a_quiet_month() {
    let mut g = game(21);
    crate::engine::ruleset::play_out(&mut g, 21);
    for e in g
        .log()
        .entries
        .iter()
        .filter(|e| e.rule == ids::EVENT_CHANCE)
    {
        let roll = e.amount.unwrap();
        let chance = if e.text.contains("75%") { 75 } else { 25 };
        assert_eq!(e.text.ends_with(", an event"), roll <= chance, "{}", e.text);
    }
}

#[test]
fn km_same_seed_same_actions_same_hash_and_every_step_logs_its_rule() {
    let play = |seed| {
        let mut g = game(seed);
        crate::engine::ruleset::play_out(&mut g, seed);
        g
    };
    let (a, b) = (play(9), play(9));
    assert_eq!(a.state_hash(), b.state_hash());
    assert!(a.is_over());
    assert_ne!(a.state_hash(), play(10).state_hash());
    for rule in [
        ids::UPKEEP_STABILITY,
        ids::UPKEEP_CONSUMPTION,
        ids::EDICT_CLAIM_HEX,
        ids::INCOME_TAXES,
        ids::EVENT_CHANCE,
    ] {
        assert!(a.log().has(rule), "{rule}");
    }
    for e in &a.log().entries {
        assert!(
            KingdomRuleset::rule_ids().contains(&e.rule),
            "unlisted rule id {}",
            e.rule
        );
    }
}

#[test]
fn km_view_hides_unexplored_hexes() {
    let g = game(4);
    let view = g.view(Some("ASH"));
    let unknown = view
        .hexes
        .iter()
        .filter(|h| h.tile.terrain == usize::MAX)
        .count();
    assert!(unknown > 300, "{unknown}");
    assert!(view.rng.is_none());
}

/// Random legal play (every kind of answer, not only the bot's) never panics, never leaves a
/// Treasury below 0 or Unrest below 0, and replays to the same hash.
#[test]
fn km_random_legal_play_keeps_the_invariants() {
    for seed in 0..6u64 {
        let mut g = game(seed);
        let mut rng = crate::engine::rng::GameRng::new(seed + 100);
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "a pending decision always has an answer");
            // Mostly something that builds the kingdom up (so that settlements, buildings,
            // armies and sales happen), sometimes anything legal (abdications, abandoned hexes,
            // withdrawals), and Done now and then so that the months go by.
            let building: Vec<&Action> = legal
                .iter()
                .filter(|a| {
                    !matches!(
                        a,
                        Action::Done
                            | Action::Abdicate { .. }
                            | Action::Abandon(_)
                            | Action::Withdraw(_)
                    )
                })
                .collect();
            let roll = rng.below(100);
            let action = if roll < 85 && !building.is_empty() {
                building[rng.below(building.len() as u32) as usize].clone()
            } else if roll >= 97 || !legal.contains(&Action::Done) {
                legal[rng.below(legal.len() as u32) as usize].clone()
            } else {
                Action::Done
            };
            g.apply(action).expect("a legal action applies");
            for id in ["ASH", "VEL"] {
                let km = k(&g, id);
                assert!(km.treasury >= 0, "{id}'s Treasury went below 0");
                assert!(km.unrest >= 0);
            }
        }
        let mut again = game(seed);
        for a in g.history().to_vec() {
            again.apply(a).unwrap();
        }
        assert_eq!(again.state_hash(), g.state_hash());
    }
}

/// A settlement of ASH with one building that has item slots, ready in the Edict phase.
fn settlement_with_slots() -> (Game, (i32, i32), Entity) {
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Terrain);
    let at = start(&g, "ASH");
    g.apply(Action::Prepare(at)).unwrap();
    until(&mut g, "ASH", DecisionKind::Settlements);
    g.apply(Action::Found(at)).unwrap();
    let hex = g.world().resource::<Board>().at(at.0, at.1).unwrap();
    let st = g.world().get::<HexTile>(hex).unwrap().settlement.unwrap();
    let s = g.scenario().clone();
    let b = s
        .buildings
        .iter()
        .position(|b| b.lots == 1 && b.items.minor + b.items.medium > 1 && b.near.is_empty())
        .unwrap();
    with_world(&mut g, |w| {
        let slots = (0..s.buildings[b].items.minor)
            .map(|_| (0u8, false))
            .chain((0..s.buildings[b].items.medium).map(|_| (1u8, false)))
            .collect();
        w.get_mut::<Settlement>(st).unwrap().districts[0]
            .placed
            .push(crate::rulesets::kingdom::model::Placed {
                building: b,
                cells: vec![0],
                slots,
            });
    });
    (g, at, st)
}

#[test]
fn km_upkeep_item_slots_fill_each_vacant_slot_at_50_percent() {
    let (mut g, _, st) = settlement_with_slots();
    let slots = |g: &Game| {
        g.world().get::<Settlement>(st).unwrap().districts[0].placed[0]
            .slots
            .clone()
    };
    let vacant = slots(&g).len();
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Leadership);
    // Each slot rolled on its own: the log counts the ones that filled, out of all vacant.
    let logged = entries_since(&g, from, ids::UPKEEP_ITEM_SLOTS, "ASH");
    assert!(
        logged[0].text.contains(&format!("of {vacant} vacant")),
        "{}",
        logged[0].text
    );
    let filled = slots(&g).iter().filter(|x| x.1).count();
    assert_eq!(logged[0].amount, Some(filled as i32));
}

#[test]
fn km_income_sell_item_one_per_district_for_1_4_or_9_bp() {
    let (mut g, at, st) = settlement_with_slots();
    with_world(&mut g, |w| {
        for slot in &mut w.get_mut::<Settlement>(st).unwrap().districts[0].placed[0].slots {
            slot.1 = true;
        }
    });
    until(&mut g, "ASH", DecisionKind::Sell);
    let sell = |slot| {
        Action::Sell(crate::rulesets::kingdom::decision::ItemRef::Slot {
            at,
            district: 0,
            building: 0,
            slot,
        })
    };
    let treasury = k(&g, "ASH").treasury;
    let from = g.log().entries.len();
    g.apply(sell(0)).unwrap();
    let check = entries_since(&g, from, ids::CHECK, "ASH")[0].text.clone();
    let sold = entries_since(&g, from, ids::INCOME_SELL_ITEM, "ASH");
    if check.contains(": success") || check.contains("natural 20") {
        assert_eq!(
            sold[0].amount,
            Some(1),
            "a minor item brings 1 BP: {}",
            sold[0].text
        );
        assert_eq!(k(&g, "ASH").treasury, treasury + 1);
    } else {
        assert!(sold[0].text.contains("no buyer"), "{}", sold[0].text);
        assert_eq!(k(&g, "ASH").treasury, treasury);
    }
    // One district, one sale a month.
    if pending(&g) == Some(("ASH".into(), DecisionKind::Sell)) {
        assert_eq!(g.check(&sell(1)).unwrap_err().rule, ids::INCOME_SELL_ITEM);
    }
}

#[test]
fn km_event_resolve_applies_the_event_and_logs_it() {
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    let s = g.scenario().clone();
    // An event whose only effect is BP for the Treasury (an economic boom).
    let boom = s
        .events
        .iter()
        .position(|ev| {
            ev.check.is_none()
                && matches!(
                    ev.effects.as_slice(),
                    [crate::rulesets::kingdom::content::schema::Effect::Bp(_)]
                )
        })
        .unwrap();
    let treasury = k(&g, "ASH").treasury;
    let from = g.log().entries.len();
    with_world(&mut g, |w| {
        crate::rulesets::kingdom::rules::event::resolve(w, e, boom, None, 0)
    });
    let logged = entries_since(&g, from, ids::EVENT_RESOLVE, "ASH");
    assert!(
        logged[0].text.starts_with(&s.events[boom].name),
        "{}",
        logged[0].text
    );
    let gained: i32 = logged.iter().filter_map(|l| l.amount).sum();
    assert!(gained >= 1);
    assert_eq!(k(&g, "ASH").treasury, treasury + gained);
}

#[test]
fn km_event_resolve_a_reroll_naming_the_same_event_again_is_ignored() {
    use crate::rulesets::kingdom::content::schema::{EventPick, EventTypeRow};
    use crate::rulesets::kingdom::model::Content;
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    // A table whose every roll names the same event and asks for another roll.
    let mut s = crate::rulesets::kingdom::content::Scenario::clone(g.scenario());
    s.event_types = vec![EventTypeRow {
        range: (1, 100),
        pick: EventPick::Event(s.events[0].id.clone()),
        reroll: true,
    }];
    let drawn: Vec<usize> = with_world(&mut g, |w| {
        w.insert_resource(Content(std::sync::Arc::new(s)));
        (0..40)
            .map(|_| crate::rulesets::kingdom::rules::event::draw_events(w, e).len())
            .collect()
    });
    assert!(drawn.contains(&1), "some months have an event: {drawn:?}");
    assert!(
        drawn.iter().all(|n| *n <= 1),
        "the same event once a month: {drawn:?}"
    );
}

#[test]
fn km_edict_abdicate_the_check_to_avoid_the_vacancy_is_rolled_without_it() {
    // "Abdicating a position increases Unrest by 1 and requires a Loyalty check; if the check
    // fails, the vacancy penalty applies": the check is rolled with the extra Unrest and the
    // leader still seated, so neither the role's vacancy nor the loss of its bonus is in it.
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let role = Role::General;
    let before = sheet(g.world(), kingdom(&g, "ASH"));
    let loyalty = before.attr(Attr::Loyalty).total;
    let unrest = k(&g, "ASH").unrest;
    let from = g.log().entries.len();
    g.apply(Action::Abdicate {
        role,
        to: None,
        focus: 0,
    })
    .unwrap();
    let check = &entries_since(&g, from, ids::CHECK, "ASH")[0].text;
    assert!(
        check.contains(&format!("+ Loyalty {loyalty} [")),
        "the Loyalty of the sheet before the step: {check}"
    );
    assert!(
        check.contains(&format!("- Unrest {}", unrest + 1)),
        "with the Unrest the step adds: {check}"
    );
    assert!(!check.contains("vacant"), "{check}");
}

#[test]
fn km_edict_abdicate_a_move_into_a_vacant_seat_is_not_checked_against_its_vacancy() {
    // The seat a leader moves into is filled whatever the roll: the General's "vacant: -4
    // Loyalty" is cancelled in the check of the Warden moving there (with the +4 for moving).
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    g.apply(Action::Abdicate {
        role: Role::General,
        to: None,
        focus: 0,
    })
    .unwrap();
    let from = g.log().entries.len();
    g.apply(Action::Abdicate {
        role: Role::Warden,
        to: Some(Role::General),
        focus: 0,
    })
    .unwrap();
    let check = &entries_since(&g, from, ids::CHECK, "ASH")[0].text;
    assert!(check.contains("+ 4 (moving between roles)"), "{check}");
    assert!(check.contains("+ 4 (General no longer vacant)"), "{check}");
}

#[test]
fn km_edict_abdicate_a_leader_moves_into_the_vacant_ruler_seat_without_unrest() {
    // "If you are not the Ruler and are leaving one leadership role to take a different one in
    // the kingdom, the Unrest increase does not occur and you gain a +4 bonus on the Loyalty
    // check": the Ruler's seat included ("give every player a chance to play the role of
    // ruler").
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    g.apply(Action::Abdicate {
        role: Role::Ruler,
        to: None,
        focus: 0,
    })
    .unwrap();
    let before = k(&g, "ASH").unrest;
    // The Ruler's seat names its attribute (one at Size 0): a focus of none is refused.
    let err = g
        .check(&Action::Abdicate {
            role: Role::Warden,
            to: Some(Role::Ruler),
            focus: 0,
        })
        .unwrap_err();
    assert_eq!(err.rule, ids::EDICT_ABDICATE);
    let from = g.log().entries.len();
    g.apply(Action::Abdicate {
        role: Role::Warden,
        to: Some(Role::Ruler),
        focus: 2,
    })
    .unwrap();
    assert_eq!(k(&g, "ASH").unrest, before, "no Unrest for moving");
    assert_eq!(
        k(&g, "ASH").ruler_focus,
        2,
        "the new Ruler's bonus goes to Loyalty"
    );
    assert!(
        entries_since(&g, from, ids::CHECK, "ASH")[0]
            .text
            .contains("+ 4 (moving between roles)")
    );
}

#[test]
fn km_edict_abdicate_the_ruler_moving_to_another_seat_still_abdicates() {
    // The waiver is for a leader who is not the Ruler: the Ruler leaving its seat for another
    // one raises Unrest by 2 and takes -4 on the check.
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    g.apply(Action::Abdicate {
        role: Role::Warden,
        to: None,
        focus: 0,
    })
    .unwrap();
    let before = k(&g, "ASH").unrest;
    let from = g.log().entries.len();
    g.apply(Action::Abdicate {
        role: Role::Ruler,
        to: Some(Role::Warden),
        focus: 0,
    })
    .unwrap();
    assert_eq!(k(&g, "ASH").unrest, before + 2);
    assert!(
        entries_since(&g, from, ids::CHECK, "ASH")[0]
            .text
            .contains("- 4 (the Ruler abdicates)")
    );
}

#[test]
fn km_edict_limits_go_by_the_size_when_the_phase_began() {
    // "The number of improvements you can make during a single phase is limited by your
    // kingdom's size": the Size the phase began with; a hex claimed in it raises no limit.
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Claims);
    let e = kingdom(&g, "ASH");
    let size = k(&g, "ASH").claimed.len() as u32;
    assert_eq!(
        k(&g, "ASH").used.edict_size,
        Some(size),
        "taken as the Edict phase began"
    );
    // A kingdom that began the phase at Size 10 and has claimed one hex in it (Size 11 now,
    // where the limit is 2) still has the Size-10 limit of 1.
    with_world(&mut g, |w| {
        let first = w.get::<Kingdom>(e).unwrap().claimed[0];
        let mut kk = w.get_mut::<Kingdom>(e).unwrap();
        kk.used.edict_size = Some(10);
        kk.used.claims = 1;
        while kk.claimed.len() < 11 {
            kk.claimed.push(first);
        }
    });
    let (c, r) = start(&g, "ASH");
    g.apply(Action::Explore((c + 1, r))).ok();
    let err = g.check(&Action::Claim((c + 1, r))).unwrap_err();
    assert_eq!(err.rule, ids::EDICT_CLAIM_HEX);
    assert!(err.reason.contains("at Size 10"), "{}", err.reason);
}

/// What the rules ask without the whole sheet is the whole sheet's, for every kingdom at every
/// decision of a whole bot game: `command_dc` (asked before most kingdom checks) is the sheet's
/// Command DC (20 + Size + districts), and the explanation a check logs (written as the
/// modifiers come, `explaining`) is the words the sheet makes from its lines.
#[test]
fn km_the_sheets_parts_asked_alone_are_the_whole_sheets() {
    use crate::engine::ruleset::SeatBot;
    use crate::rulesets::kingdom::rules::sheet::{Detail, command_dc, explaining};
    let mut g = game(7);
    let mut bot = crate::rulesets::kingdom::bot::Bot::seeded(7);
    let mut decisions = 0;
    let mut settled = false;
    while let Some(a) = bot.choose(&g) {
        for k in crate::rulesets::kingdom::rules::seats(g.world()) {
            let sheet = sheet(g.world(), k);
            assert_eq!(command_dc(g.world(), k), sheet.command_dc.total);
            for attr in [Attr::Economy, Attr::Loyalty, Attr::Stability] {
                let explained = explaining(g.world(), k, Detail::Attr(attr));
                assert_eq!(explained.attr(attr).explain(), sheet.attr(attr).explain());
                assert_eq!(explained.attr(attr).total, sheet.attr(attr).total);
            }
            let consumption = explaining(g.world(), k, Detail::Consumption).consumption;
            assert_eq!(consumption.explain(), sheet.consumption.explain());
            settled |= sheet.districts > 0;
        }
        g.apply(a).unwrap();
        decisions += 1;
    }
    assert!(
        g.is_over() && settled,
        "{decisions} decisions, a district built: {settled}"
    );
}

#[test]
fn km_event_a_lasting_effect_holds_until_the_next_event_phase() {
    // An event's effect "until the next Event phase" (1 month) is given in the Event phase; it
    // must still be there for the next month's Upkeep, Edict and Income checks, and run out as
    // the next Event phase begins (it used to count down at the same month's end, unseen).
    use crate::engine::decision::Pending;
    use crate::engine::flow::{Flow, run_until_decision};
    use crate::rulesets::kingdom::decision::Decision;
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    with_world(&mut g, |w| {
        // As the Event phase leaves it: the blessing given, the month about to end.
        w.get_mut::<Kingdom>(e).unwrap().temp.push(TempMod {
            source: "Test blessing".into(),
            attr: Some(Attr::Stability),
            amount: 100,
            consumption_percent: 0,
            months: 1,
        });
        w.resource_mut::<Pending<Decision>>().0 = None;
        let mut flow = w.resource_mut::<Flow>();
        flow.step = flow
            .steps
            .iter()
            .position(|s| s.id == "km.step.month_end")
            .unwrap() as u16;
        run_until_decision::<KingdomRuleset>(w);
    });
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let upkeep = entries_since(&g, 0, ids::CHECK, "ASH")
        .into_iter()
        .rfind(|e| e.text.starts_with("Stability check (Upkeep"))
        .unwrap()
        .text
        .clone();
    assert!(
        upkeep.contains("Test blessing"),
        "the next Upkeep sees it: {upkeep}"
    );
    assert_eq!(k(&g, "ASH").temp.len(), 1, "still there in the Edict phase");
    assert!(entries_since(&g, from, ids::HOUSE_EXPIRE, "ASH").is_empty());
    // A month on: it ran out as that month's Event phase began, before the Upkeep after it.
    let from = g.log().entries.len();
    until(&mut g, "ASH", DecisionKind::Claims);
    until(&mut g, "ASH", DecisionKind::Leadership);
    assert!(k(&g, "ASH").temp.is_empty());
    let log = &g.log().entries[from..];
    let expired = log
        .iter()
        .position(|e| e.rule == ids::HOUSE_EXPIRE && e.text.starts_with("Test blessing"))
        .expect("it runs out");
    let chance = log
        .iter()
        .position(|e| e.rule == ids::EVENT_CHANCE && e.realm.as_deref() == Some("ASH"))
        .expect("the Event phase");
    assert!(expired < chance, "it runs out as ASH's Event phase begins");
    let next_upkeep = log
        .iter()
        .rposition(|e| {
            e.rule == ids::CHECK
                && e.realm.as_deref() == Some("ASH")
                && e.text.starts_with("Stability check (Upkeep")
        })
        .unwrap();
    assert!(expired < next_upkeep);
    assert!(!log[next_upkeep].text.contains("Test blessing"));
}

#[test]
fn km_income_sell_item_of_the_leaders_brings_half_its_price_in_4000s() {
    // "BP = (Price/2)/4000", whole BP only: 6,000 gp brings 0, 8,000 gp 1, 20,000 gp 2.
    use crate::rulesets::kingdom::decision::ItemRef;
    use crate::rulesets::kingdom::rules::income::sale_offer;
    // A settlement: each sale takes one of its districts' attempts.
    let (mut g, _, _) = settlement_with_slots();
    let e = kingdom(&g, "ASH");
    set_temp(&mut g, "ASH", Attr::Economy, 100);
    until(&mut g, "ASH", DecisionKind::Sell);
    with_world(&mut g, |w| {
        w.get_mut::<Kingdom>(e).unwrap().items = vec![6_000, 8_000, 20_000];
    });
    let bp: Vec<i32> = (0..3)
        .map(|i| sale_offer(g.world(), "ASH", ItemRef::Leaders(i)).unwrap().2)
        .collect();
    assert_eq!(bp, vec![0, 1, 2]);
    assert!(sale_offer(g.world(), "ASH", ItemRef::Leaders(3)).is_none());
    let treasury = k(&g, "ASH").treasury;
    let from = g.log().entries.len();
    g.apply(Action::Sell(ItemRef::Leaders(2))).unwrap();
    let check = entries_since(&g, from, ids::CHECK, "ASH")[0].text.clone();
    if !check.contains("natural 1") {
        let sold = entries_since(&g, from, ids::INCOME_SELL_ITEM, "ASH");
        assert_eq!(sold[0].amount, Some(2), "{}", sold[0].text);
        assert_eq!(k(&g, "ASH").items, vec![6_000, 8_000]);
        // The month's taxes (Income step 4) come after the one sale the district allows.
        let taxes: i32 = entries_since(&g, from, ids::INCOME_TAXES, "ASH")
            .iter()
            .filter_map(|e| e.amount)
            .sum();
        assert_eq!(k(&g, "ASH").treasury, treasury + 2 + taxes, "{check}");
    }
}

#[test]
fn km_edict_leadership_the_rulers_bonus_widens_as_the_kingdom_grows() {
    // FACTS' roles table: the Ruler adds Cha to 1 attribute, 2 at Size 26-100, 3 at 101+. A
    // Ruler seated while the kingdom was small gains the second attribute when it passes 25.
    let mut g = founded();
    let e = kingdom(&g, "ASH");
    let ruler_lines = |g: &Game, attr: Attr| {
        sheet(g.world(), e)
            .attr(attr)
            .lines
            .iter()
            .filter(|l| l.label.starts_with("Ruler"))
            .count()
    };
    assert_eq!(k(&g, "ASH").ruler_focus, Attr::Economy.bit());
    until(&mut g, "ASH", DecisionKind::Leadership);
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::RulerFocus(_))),
        "Size 25 or less: one attribute"
    );
    // The kingdom at Size 26 (the claimed list counts the Size).
    with_world(&mut g, |w| {
        let mut km = w.get_mut::<Kingdom>(e).unwrap();
        let first = km.claimed[0];
        while km.claimed.len() < 26 {
            km.claimed.push(first);
        }
    });
    assert_eq!(ruler_lines(&g, Attr::Loyalty), 0);
    let economy_and_loyalty = Attr::Economy.bit() | Attr::Loyalty.bit();
    let listed: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::RulerFocus(_)))
        .collect();
    assert_eq!(
        listed,
        vec![
            Action::RulerFocus(economy_and_loyalty),
            Action::RulerFocus(Attr::Economy.bit() | Attr::Stability.bit())
        ],
        "the one it has and one more"
    );
    let refused = g
        .check(&Action::RulerFocus(
            Attr::Loyalty.bit() | Attr::Stability.bit(),
        ))
        .unwrap_err();
    assert_eq!(refused.rule, ids::EDICT_LEADERSHIP, "it keeps Economy");
    let from = g.log().entries.len();
    g.apply(Action::RulerFocus(economy_and_loyalty)).unwrap();
    assert!(
        entries_since(&g, from, ids::EDICT_LEADERSHIP, "ASH")
            .iter()
            .any(|e| e.text.contains("now reaches Loyalty too")),
        "logged under km.edict.leadership"
    );
    assert_eq!(k(&g, "ASH").ruler_focus, economy_and_loyalty);
    assert_eq!(ruler_lines(&g, Attr::Economy), 1);
    assert_eq!(ruler_lines(&g, Attr::Loyalty), 1);
    assert_eq!(ruler_lines(&g, Attr::Stability), 0);
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::RulerFocus(_))),
        "done until Size 101"
    );
}

#[test]
fn km_content_an_id_under_two_names_is_refused() {
    // A building given a terrain's id with another name: the log could show only one.
    let mut s = (*default_scenario()).clone();
    let terrain = s.terrains[0].clone();
    s.buildings[0].id = terrain.id.clone();
    s.buildings[0].name = format!("{} Lodge", terrain.name);
    let errors = crate::rulesets::kingdom::content::validate(&s, "", "test.ron");
    let expected = format!(
        "id \"{}\" names the terrain \"{}\" and the building \"{} Lodge\"",
        terrain.id, terrain.name, terrain.name
    );
    assert!(
        errors.iter().any(|e| e.message.starts_with(&expected)),
        "{errors:?}"
    );
}

#[test]
fn km_edict_abdicate_two_seated_leaders_swap_each_leaving_one_role_for_another() {
    // "If you are not the Ruler and are leaving one leadership role to take a different one
    // ... the Unrest increase does not occur and you gain a +4 bonus on the Loyalty check":
    // two seated leaders exchange seats in one answer, each with its own check.
    use crate::rulesets::kingdom::rules::sheet::holder;
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Leadership);
    let swaps: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Swap { .. }))
        .collect();
    let plain = swaps
        .iter()
        .find(|a| matches!(a, Action::Swap { role, with, .. } if *role != Role::Ruler && *with != Role::Ruler))
        .expect("two seated leaders other than the Ruler")
        .clone();
    let Action::Swap { role, with, .. } = plain.clone() else {
        unreachable!()
    };
    let (a, b) = (
        holder(k(&g, "ASH"), role).unwrap(),
        holder(k(&g, "ASH"), with).unwrap(),
    );
    // The roles go in the scenario's order: the other way round is refused.
    let reversed = match plain.clone() {
        Action::Swap {
            role,
            with,
            focus,
            with_focus,
        } => Action::Swap {
            role: with,
            with: role,
            focus: with_focus,
            with_focus: focus,
        },
        _ => unreachable!(),
    };
    assert_eq!(g.check(&reversed).unwrap_err().rule, ids::EDICT_ABDICATE);
    let before = k(&g, "ASH").unrest;
    let from = g.log().entries.len();
    g.apply(plain).unwrap();
    assert_eq!(k(&g, "ASH").unrest, before, "no Unrest for either");
    assert_eq!(
        (holder(k(&g, "ASH"), role), holder(k(&g, "ASH"), with)),
        (Some(b), Some(a)),
        "the two leaders exchanged seats"
    );
    let checks = entries_since(&g, from, ids::CHECK, "ASH");
    assert_eq!(checks.len(), 2, "one Loyalty check each");
    for c in &checks {
        assert!(c.text.contains("+ 4 (moving between roles)"), "{}", c.text);
    }

    // With the Ruler: its leaving costs 2 Unrest and -4 on its check; the other moves at +4.
    let with_ruler = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::Swap {
                    role: Role::Ruler,
                    ..
                }
            )
        })
        .expect("a swap with the Ruler");
    let before = k(&g, "ASH").unrest;
    let from = g.log().entries.len();
    g.apply(with_ruler).unwrap();
    assert_eq!(k(&g, "ASH").unrest, before + 2);
    let checks = entries_since(&g, from, ids::CHECK, "ASH");
    assert!(
        checks[0].text.contains("- 4 (the Ruler abdicates)"),
        "{}",
        checks[0].text
    );
    assert!(
        checks[1].text.contains("+ 4 (moving between roles)"),
        "{}",
        checks[1].text
    );
}

/// The index of an improvement by id in the game's scenario.
fn improvement_index(g: &Game, id: &str) -> usize {
    g.scenario()
        .improvements
        .iter()
        .position(|d| d.id == id)
        .unwrap()
}

/// Gives the kingdom `n` more of the board's free hexes directly (its Size grows by `n`).
fn claim_more(g: &mut Game, id: &str, n: usize) {
    let realm = kingdom(g, id);
    with_world(g, |w| {
        let seat = w.get::<Kingdom>(realm).unwrap().seat;
        let free: Vec<Entity> = w
            .query::<(Entity, &HexTile)>()
            .iter(w)
            .filter(|(_, t)| t.owner.is_none() && t.settlement.is_none())
            .map(|(e, _)| e)
            .take(n)
            .collect();
        for e in free {
            w.get_mut::<HexTile>(e).unwrap().owner = Some(seat);
            w.get_mut::<Kingdom>(realm).unwrap().claimed.push(e);
        }
    });
}

#[test]
fn km_consumption_a_farm_next_to_a_stockyard_saves_3_not_2() {
    // FACTS 8 (PRD): "Consumption = Size + ... − 2 per Farm (−3 next to a Stockyard ...)": a
    // Farm in or next to the hex of a settlement with a Stockyard saves one more, once however
    // many Stockyards stand there; a Farm farther off saves 2.
    let (mut g, _, st) = settlement_with_slots();
    let ash = kingdom(&g, "ASH");
    claim_more(&mut g, "ASH", 6);
    let farm = improvement_index(&g, "farm");
    let stockyard = g
        .scenario()
        .buildings
        .iter()
        .position(|b| b.id == "stockyard")
        .unwrap();
    let hex = g.world().get::<Settlement>(st).unwrap().hex;
    with_world(&mut g, |w| {
        let mut tile = w.get_mut::<HexTile>(hex).unwrap();
        tile.resource = None;
        tile.improvements.push(farm);
    });
    let with_farm = sheet(g.world(), ash).consumption.total;
    assert!(with_farm >= 2, "room to save one more: {with_farm}");
    let stockyard_at = |cells: Vec<u8>| crate::rulesets::kingdom::model::Placed {
        building: stockyard,
        cells,
        slots: Vec::new(),
    };
    with_world(&mut g, |w| {
        w.get_mut::<Settlement>(st).unwrap().districts[0]
            .placed
            .push(stockyard_at(vec![4, 5, 8, 9]));
    });
    let with_stockyard = sheet(g.world(), ash).consumption.total;
    assert_eq!(with_stockyard, with_farm - 1, "the Farm saves 3");
    // A second Stockyard adds nothing more.
    with_world(&mut g, |w| {
        w.get_mut::<Settlement>(st).unwrap().districts[0]
            .placed
            .push(stockyard_at(vec![20, 21, 24, 25]));
    });
    assert_eq!(sheet(g.world(), ash).consumption.total, with_stockyard);
    let lines = crate::rulesets::kingdom::rules::sheet::explaining(
        g.world(),
        ash,
        crate::rulesets::kingdom::rules::sheet::Detail::Consumption,
    );
    assert!(
        format!("{:?}", lines.consumption).contains("Farm next to a Stockyard"),
        "{:?}",
        lines.consumption
    );
}

#[test]
fn km_edict_terrain_a_highway_replaces_the_road_it_upgrades() {
    // FACTS 8 (PRD): "Highway: twice the Road cost (Size 26+)"; "You may upgrade a Road into a
    // Highway": the hex's Road becomes a Highway (counted once, not as both), and no Road is
    // built beside it.
    let mut g = founded();
    until(&mut g, "ASH", DecisionKind::Terrain);
    let at = start(&g, "ASH");
    let ash = kingdom(&g, "ASH");
    let (road, highway) = (
        improvement_index(&g, "road"),
        improvement_index(&g, "highway"),
    );
    let hex = g.world().resource::<Board>().at(at.0, at.1).unwrap();
    let highway_here = Action::Improve {
        at,
        improvement: "highway".into(),
    };
    // No Road yet: refused.
    with_world(&mut g, |w| {
        w.get_mut::<Kingdom>(ash).unwrap().treasury = 200
    });
    claim_more(&mut g, "ASH", 25);
    assert_eq!(sheet(g.world(), ash).size, 26);
    let err = g.check(&highway_here).unwrap_err();
    assert!(err.reason.contains("built over a road"), "{err}");
    with_world(&mut g, |w| {
        w.get_mut::<HexTile>(hex).unwrap().improvements.push(road)
    });
    g.apply(highway_here.clone()).unwrap();
    assert_eq!(
        g.world().get::<HexTile>(hex).unwrap().improvements,
        vec![highway],
        "the Road became the Highway"
    );
    assert!(
        g.log()
            .entries
            .iter()
            .any(|e| e.text.contains("Builds a Highway over its Road"))
    );
    let err = g
        .check(&Action::Improve {
            at,
            improvement: "road".into(),
        })
        .unwrap_err();
    assert!(err.reason.contains("is an upgraded Road"), "{err}");
}

#[test]
fn km_content_boosts_and_upgrades_name_real_improvements_or_load_fails_at_the_place() {
    // A modder's slip is answered with file:line:col for each error at once.
    let text = crate::rulesets::kingdom::content::DEFAULT_SCENARIO_RON
        .replace(r#"boosts: [("farm","#, r#"boosts: [("farmm","#)
        .replace(
            r#"upgrade_from: Some("road")"#,
            r#"upgrade_from: Some("raod")"#,
        );
    let errors = crate::rulesets::kingdom::content::parse_scenario(&text, "frontier.ron")
        .expect_err("two unknown names");
    let shown: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(
        shown.iter().any(
            |e| e.starts_with(&format!("frontier.ron:{}:", line_of("\"farmm\"")))
                && e.contains("boosts an unknown improvement \"farmm\"")
        ),
        "{shown:?}"
    );
    assert!(
        shown.iter().any(
            |e| e.starts_with(&format!("frontier.ron:{}:", line_of("\"raod\"")))
                && e.contains("unknown improvement \"raod\"")
        ),
        "{shown:?}"
    );
}
