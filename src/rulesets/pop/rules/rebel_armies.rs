//! Phase 3 step C (14.3, FACTS Phase 3 C): areas with rebel units are resolved one at a time,
//! most rebels first (ties alphabetical, the order fixed when the step begins). In an area that
//! had no unrest when the step began the rebels move, all but one, to a neighbouring area with
//! unrest where they are not outnumbered and fight any army there at once, or lose one of
//! theirs; elsewhere they siege the area's unrest provinces, 1 strength each, large provinces
//! first: a core becomes a rebel town, anything else is Liberated.

use bevy::prelude::*;

use crate::engine::flow::step_progress;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{Action, DecisionKind, Pending, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle::{self, BattleSpec, Party};
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::military::units_at;
use crate::rulesets::pop::rules::rebels::{counting_unrest, rebels_take};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::state::{FirstPlayer, Index, key_of, sid_of, sort_dedup_by_sid};

pub struct RebelArmiesPlugin;

impl Plugin for RebelArmiesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RebelSiegeStrength>()
            .init_resource::<RebelOrder>();
    }
}

/// Areas where rebel units stand, most rebels first, ties alphabetical (FACTS Phase 3 C).
pub fn rebel_areas(world: &World) -> Vec<Entity> {
    let mut counts: Vec<(Entity, usize)> = Vec::new();
    if let Some(mut q) = world.try_query::<(&Unit, &At)>() {
        for (u, at) in q.iter(world) {
            if u.status != UnitStatus::Rebel || !u.kind.is_land() {
                continue;
            }
            match counts.iter_mut().find(|(a, _)| *a == at.0) {
                Some(c) => c.1 += 1,
                None => counts.push((at.0, 1)),
            }
        }
    }
    counts.sort_by_key(|(a, n)| (std::cmp::Reverse(*n), alphabetical(world, *a)));
    counts.into_iter().map(|(a, _)| a).collect()
}

/// How a province, area or realm sorts "alphabetically": by the name players read on the board,
/// then by its content id (two may share a name).
pub(crate) fn alphabetical(world: &World, place: Entity) -> (String, Id) {
    let key = key_of(world, place);
    let content = &world.res::<crate::rulesets::pop::state::Content>().0;
    let name = content
        .map
        .provinces
        .iter()
        .find(|p| p.id == key)
        .map(|p| p.name.clone())
        .or_else(|| {
            content
                .map
                .areas
                .iter()
                .find(|a| a.id == key)
                .map(|a| a.name.clone())
        })
        .or_else(|| {
            content
                .realms
                .iter()
                .find(|r| r.id == key)
                .map(|r| r.name.clone())
        })
        .unwrap_or_else(|| key.to_string());
    (name.to_lowercase(), key)
}

/// Counting unrest provinces in an area, of every realm: (realm, province).
fn unrest_in(world: &World, area: Entity) -> Vec<(Entity, Entity)> {
    let mut realms: Vec<Entity> = area_provinces(world, area)
        .iter()
        .copied()
        .filter_map(|p| world.read::<Holdings>(p))
        .flat_map(|h| {
            h.iter()
                .filter_map(|t| world.read::<TokenOf>(t).map(|o| o.0))
                .collect::<Vec<_>>()
        })
        .collect();
    sort_dedup_by_sid(world, &mut realms);
    realms
        .into_iter()
        .flat_map(|r| {
            counting_unrest(world, r, Some(area))
                .into_iter()
                .map(move |p| (r, p))
        })
        .collect()
}

pub(crate) fn siege_or_move_rebels(world: &mut World) {
    use crate::rulesets::pop::rules::characters;
    // Each answer goes to the rule that asked: a battle's retreat; a ruler fallen in a battle
    // against rebels (the Imperial Election it may set off, and its realm's Reaction, 7.2:
    // replaced "immediately", before the step goes on); the step's own questions.
    let answer = crate::rulesets::pop::decision::take_answer_to(world);
    if let Some((asked, action)) = answer {
        if characters::is_reaction_question(&asked) {
            characters::answer_reaction(world, &action);
        } else if matches!(asked, DecisionKind::BattleRetreat { .. }) {
            battle::answer(world, &action);
        } else {
            match action {
                Action::ChooseRealm { realm } => {
                    crate::rulesets::pop::rules::rebels::answer_liberation_colour(world, &realm);
                }
                Action::ChooseProvince { province } => answer_siege(world, &province),
                _ => {}
            }
        }
    }
    loop {
        if world.res::<Pending>().0.is_some()
            || battle::fight(world) == Progress::Waiting
            || crate::rulesets::pop::rules::characters::ask_reaction(world)
        {
            return;
        }
        let cursor = step_progress(world).cursor;
        if cursor == 0 {
            step_progress(world).cursor = 1;
            write(
                world,
                Note::new(ids::SEQ_PHASE3_C, "Phase 3 C: rebels move and siege"),
            );
            // "At the start of Phase 3, Step C": which areas have rebels, in what order, and
            // which of them have no unrest (their rebels move).
            let order = rebel_areas(world)
                .into_iter()
                .map(|a| (sid_of(world, a), unrest_in(world, a).is_empty()))
                .collect();
            world.res_mut::<RebelOrder>().0 = order;
            continue;
        }
        // One area at a time; `cursor - 1` areas are done. A move's battle is fought (at the
        // top of the loop) before the next area.
        let next = world
            .res::<RebelOrder>()
            .0
            .get(cursor as usize - 1)
            .copied();
        let Some((sid, idle)) = next else {
            world.res_mut::<RebelOrder>().0.clear();
            return;
        };
        let Some(area) = world.res::<Index>().by_sid(sid) else {
            step_progress(world).cursor += 1;
            continue;
        };
        if idle {
            move_rebels_from(world, area);
            step_progress(world).cursor += 1;
        } else if !rebels_siege_one(world, area) {
            step_progress(world).cursor += 1;
        }
    }
}

/// The areas step C resolves, in order: stable id, and whether the area had no unrest when the
/// step began. Empty outside step C.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct RebelOrder(pub Vec<(u32, bool)>);

/// Land units of Player Realms (any realm's army) in an area.
fn armies_at(world: &World, area: Entity) -> usize {
    world.read::<Present>(area).map_or(0, |p| {
        p.iter()
            .filter(|u| {
                world.read::<UnitOf>(*u).is_some()
                    && world.read::<Unit>(*u).is_some_and(|x| x.kind.is_land())
            })
            .count()
    })
}

/// Player Realms' towns in an area.
fn player_towns_in(world: &World, area: Entity) -> usize {
    area_provinces(world, area)
        .iter()
        .copied()
        .filter_map(|p| world.read::<Holdings>(p))
        .flat_map(|h| h.iter().collect::<Vec<_>>())
        .filter(|t| world.read::<Town>(*t).is_some())
        .filter(|t| {
            world
                .read::<TokenOf>(*t)
                .is_some_and(|o| world.read::<PlayerRealm>(o.0).is_some())
        })
        .count()
}

/// FACTS Phase 3 C: the rebels of an area that had no unrest when the step began move, all but
/// one, to the land-neighbouring area with unrest where they are not outnumbered by Player
/// Realms' land units (the most unrest there, then the most Player Realm towns, then
/// alphabetical) and attack the armies there at once (every Player Realm's army there defends
/// together); with no such area 1 rebel is removed.
fn move_rebels_from(world: &mut World, area: Entity) {
    let rebels = units_at(world, area, Party::Rebels, true);
    let Some((&stay, movers)) = rebels.split_first() else {
        return;
    };
    let mut borders: Vec<Entity> = world
        .read::<LandBorders>(area)
        .map(|b| b.0.iter().map(|(a, _)| *a).collect())
        .unwrap_or_default();
    // "Alphabetical" as everywhere in the step: by the names on the board.
    borders.sort_by_cached_key(|a| alphabetical(world, *a));
    let mut best: Option<((usize, usize), Entity)> = None;
    for b in borders {
        let n = unrest_in(world, b).len();
        let there = units_at(world, b, Party::Rebels, true).len();
        let outnumbered = armies_at(world, b) > movers.len() + there;
        let rank = (n, player_towns_in(world, b));
        if n > 0 && !outnumbered && best.is_none_or(|(m, _)| rank > m) {
            best = Some((rank, b));
        }
    }
    let Some((_, to)) = best else {
        world.despawn(stay);
        write(
            world,
            Note::new(
                ids::REBEL_MOVE,
                format!(
                    "The rebels in {} have nowhere to go: 1 of them is removed",
                    key_of(world, area)
                ),
            )
            .subject(sid_of(world, area))
            .amount(-1),
        );
        return;
    };
    if movers.is_empty() {
        return;
    }
    for u in movers {
        crate::rulesets::pop::rules::military::place_unit(world, *u, to);
    }
    write(
        world,
        Note::new(
            ids::REBEL_MOVE,
            format!(
                "{} rebel units leave {} for {}, where there is unrest; 1 stays",
                movers.len(),
                key_of(world, area),
                key_of(world, to)
            ),
        )
        .subject(sid_of(world, to))
        .amount(movers.len() as i32),
    );
    // The battle is aimed at the largest army there; every Player Realm's army there defends
    // beside it (battle::begin names the Main Defender).
    let mut armies: Vec<(usize, u32)> = Vec::new();
    if let Some(present) = world.read::<Present>(to) {
        for u in present.iter() {
            if let (Some(owner), true) = (
                world.read::<UnitOf>(u).map(|o| o.0),
                world.read::<Unit>(u).is_some_and(|x| x.kind.is_land()),
            ) {
                let sid = sid_of(world, owner);
                match armies.iter_mut().find(|(_, s)| *s == sid) {
                    Some(e) => e.0 += 1,
                    None => armies.push((1, sid)),
                }
            }
        }
    }
    armies.sort_by_key(|(n, s)| (std::cmp::Reverse(*n), *s));
    if let Some((_, sid)) = armies.first() {
        battle::queue(
            world,
            BattleSpec {
                place: sid_of(world, to),
                attacker: Party::Rebels,
                defender: Party::Realm(*sid),
                from: Some(sid_of(world, area)),
                naval: false,
                active: None,
                invaders: false,
                beside: Vec::new(),
            },
        );
    }
}

/// What the rebels of an area may siege next: the unrest provinces within the criteria of 14.3
/// (large ones first while the strength left allows one, then small ones), alphabetical by
/// province name, each with the realm whose token it is; and who chooses among them: with several
/// Player Realms in unrest there, the one with the lowest tax income in the area (none on a tie
/// for lowest, when the first alphabetically is taken).
pub fn siege_choices(world: &World, area: Entity) -> (Option<Entity>, Vec<(Entity, Entity)>) {
    let strength = units_at(world, area, Party::Rebels, true).len() as i32;
    // Armies of any realm there must be beaten first.
    let armies = world.read::<Present>(area).is_some_and(|p| {
        p.iter().any(|u| {
            world.read::<UnitOf>(u).is_some()
                && world.read::<Unit>(u).is_some_and(|x| x.kind.is_land())
        })
    });
    if strength == 0 || armies {
        return (None, Vec::new());
    }
    let left = strength - rebel_strength_used(world, area);
    let targets = unrest_in(world, area);
    let value = |p: Entity| world.read::<Province>(p).map_or(1, |x| x.tax_value());
    let large: Vec<(Entity, Entity)> = targets
        .iter()
        .copied()
        .filter(|(_, p)| value(*p) > 1 && value(*p) <= left)
        .collect();
    let mut choices: Vec<(Entity, Entity)> = if large.is_empty() {
        targets
            .iter()
            .copied()
            .filter(|(_, p)| value(*p) <= left)
            .collect()
    } else {
        large
    };
    choices.sort_by_key(|(r, p)| (alphabetical(world, *p), key_of(world, *r)));
    let mut realms: Vec<Entity> = targets.iter().map(|(r, _)| *r).collect();
    sort_dedup_by_sid(world, &mut realms);
    if realms.len() < 2 || choices.len() < 2 {
        return (None, choices);
    }
    let incomes: Vec<(i32, Entity)> = realms
        .iter()
        .map(|r| (area_tax_income_halves(world, *r, area), *r))
        .collect();
    let lowest = incomes.iter().map(|(i, _)| *i).min().unwrap_or(0);
    let lowest: Vec<Entity> = incomes
        .iter()
        .filter(|(i, _)| *i == lowest)
        .map(|(_, r)| *r)
        .collect();
    let chooser = (lowest.len() == 1).then(|| lowest[0]);
    (chooser, choices)
}

/// A realm's tax income in an area, in half ducats: 2 per small town, 4 per large, 1 per vassal
/// (a vassal counts 1/2), slots under a cube counting nothing.
pub fn area_tax_income_halves(world: &World, realm: Entity, area: Entity) -> i32 {
    let Some(tokens) = world.read::<RealmTokens>(realm) else {
        return 0;
    };
    tokens
        .iter()
        .filter_map(|t| world.read::<OnProvince>(t).map(|p| (t, p.0)))
        .filter(|(_, p)| world.read::<InArea>(*p).is_some_and(|a| a.0 == area))
        .filter(|(_, p)| !crate::rulesets::pop::rules::towns::slot_covered(world, realm, *p))
        .map(|(t, _)| crate::rulesets::pop::rules::towns::tax_halves(world, t))
        .sum()
}

/// Answers to the Rebel Siege decision: the provinces within the criteria, alphabetical.
pub fn siege_candidates(world: &World, kind: &DecisionKind) -> Vec<Action> {
    let DecisionKind::RebelSiege { area } = kind else {
        return Vec::new();
    };
    let Some(area) = world.res::<Index>().get(area) else {
        return Vec::new();
    };
    siege_choices(world, area)
        .1
        .into_iter()
        .map(|(_, p)| Action::ChooseProvince {
            province: key_of(world, p),
        })
        .collect()
}

/// Rebels of an area take one more unrest province if their strength allows: large provinces
/// first, then alphabetical; with several Player Realms in unrest there, the one with the
/// lowest tax income in the area is asked which. Returns false when nothing more is taken (or
/// a question is pending).
fn rebels_siege_one(world: &mut World, area: Entity) -> bool {
    let (chooser, choices) = siege_choices(world, area);
    if choices.is_empty() {
        return false;
    }
    if let Some(chooser) = chooser {
        let name = key_of(world, chooser);
        let place = key_of(world, area);
        write(
            world,
            Note::new(
                ids::REBEL_SIEGE_CHOICE,
                format!(
                    "{name}, with the lowest tax income in {place}, chooses what the rebels besiege"
                ),
            )
            .realm(name)
            .subject(sid_of(world, area)),
        );
        ask(
            world,
            name,
            DecisionKind::RebelSiege { area: place },
            format!("Rebels in {place}: choose the province they besiege"),
        );
        return true;
    }
    let (realm, province) = choices[0];
    rebels_besiege(world, area, realm, province);
    true
}

/// The rebels of `area` besiege `province` (of `realm`'s token).
fn rebels_besiege(world: &mut World, area: Entity, realm: Entity, province: Entity) {
    let value = world
        .read::<Province>(province)
        .map_or(1, |x| x.tax_value());
    add_strength_used(world, area, value);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::REBEL_SIEGE,
            format!("Rebels besiege {} of {name}", key_of(world, province)),
        )
        .realm(name)
        .subject(sid_of(world, province)),
    );
    let active = world.get_res::<FirstPlayer>().map(|f| f.0).unwrap_or(realm);
    rebels_take(world, realm, province, active, ids::REBEL_SIEGE);
}

/// The chooser's answer: the rebels of the area now in hand besiege that province. The area is
/// the one the step's order (fixed when it began) has at the cursor: the board's own ranking of
/// rebel areas may have changed since, as rebels of earlier areas moved.
fn answer_siege(world: &mut World, province: &str) {
    let cursor = step_progress(world).cursor;
    let Some(area) = (cursor as usize)
        .checked_sub(1)
        .and_then(|i| world.res::<RebelOrder>().0.get(i).copied())
        .and_then(|(sid, _)| world.res::<Index>().by_sid(sid))
    else {
        return;
    };
    let Some(p) = world.res::<Index>().get(province) else {
        return;
    };
    let Some((realm, province)) = siege_choices(world, area)
        .1
        .into_iter()
        .find(|(_, x)| *x == p)
    else {
        return;
    };
    rebels_besiege(world, area, realm, province);
}

/// Siege strength the rebels of an area used in this step (kept in the step's progress).
fn rebel_strength_used(world: &World, area: Entity) -> i32 {
    let round = world.res::<crate::engine::flow::Flow>().round;
    let s = world.res::<RebelSiegeStrength>();
    if s.1 != round {
        return 0;
    }
    s.0.iter()
        .find(|(a, _)| *a == sid_of(world, area))
        .map_or(0, |(_, n)| *n)
}

fn add_strength_used(world: &mut World, area: Entity, value: i32) {
    let sid = sid_of(world, area);
    let round = world.res::<crate::engine::flow::Flow>().round;
    let mut s = world.res_mut::<RebelSiegeStrength>();
    if s.1 != round {
        s.0.clear();
        s.1 = round;
    }
    match s.0.iter_mut().find(|(a, _)| *a == sid) {
        Some(e) => e.1 += value,
        None => s.0.push((sid, value)),
    }
}

/// Strength the rebels of each area (stable id) spent on sieges in this Round's step C.
#[derive(Resource, Clone, Debug, Default, serde::Serialize)]
pub struct RebelSiegeStrength(pub Vec<(u32, i32)>, pub u32);

/// Runs Phase 3 step C on the board as it is (for tests).
#[cfg(test)]
pub fn run_step_c_for_tests(world: &mut World) {
    siege_or_move_rebels(world);
}
