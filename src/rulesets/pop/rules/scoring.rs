//! The start and end of each Round, the end of the game and final scoring (FACTS section 6).

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::state::{Content, Seats, key_of};

/// One realm's final score, line by line.
#[derive(Clone, Debug, Serialize, PartialEq, Default)]
pub struct FinalScore {
    pub realm: Id,
    pub prestige_before: i32,
    /// Missions in hand whose requirements hold at the end.
    pub missions: i32,
    pub tax_income: i32,
    pub core_tokens: i32,
    pub marriages: i32,
    pub alliances: i32,
    /// The Papal Controller: the number of Catholic Player Realms (19).
    pub papacy: i32,
    /// The Emperor: its Imperial Authority (18).
    pub empire: i32,
    pub stability: i32,
    pub occupied: i32,
    pub loans: i32,
    pub total: i32,
}

/// How the game ended.
#[derive(Resource, Clone, Debug, Serialize, PartialEq, Default)]
pub struct Outcome {
    pub reason: String,
    pub scores: Vec<FinalScore>,
    /// The winner's realm id; `None` on a shared win.
    pub winner: Option<Id>,
}

pub(crate) fn start_round(world: &mut World) {
    let mut flow = world.res_mut::<Flow>();
    flow.round += 1;
    flow.round_in_age += 1;
    let (age, round) = (flow.age, flow.round_in_age);
    write(
        world,
        Note::new(ids::FLOW_ROUND, format!("Age {age}, Round {round} begins"))
            .amount(i32::from(round)),
    );
}

/// Tax income shown on the tracks: small towns 1, large towns 2, vassals 1/2 (rounded down).
pub fn tax_income(world: &World, realm: Entity) -> i32 {
    let Some(tokens) = world.read::<RealmTokens>(realm) else {
        return 0;
    };
    let halves: i32 = tokens
        .iter()
        .map(|t| crate::rulesets::pop::rules::towns::tax_halves(world, t))
        .sum();
    halves / 2
}

/// Tax value of this realm's provinces controlled by someone else (enemies or rebels).
pub fn occupied_tax_value(world: &World, realm: Entity) -> i32 {
    let Some(owned) = world.read::<Owns>(realm) else {
        return 0;
    };
    owned
        .iter()
        .filter(|p| {
            world.read::<ControlledBy>(*p).is_some_and(|c| c.0 != realm)
                || world.read::<RebelTown>(*p).is_some()
        })
        .filter_map(|p| world.read::<Province>(p).map(Province::tax_value))
        .sum()
}

/// After Phase 5: the game ends when the last Age's deck is empty, when someone has 100+
/// prestige and leads by 20, or when a realm has every town and vassal on the board.
pub(crate) fn check_game_end(world: &mut World) {
    let flow = world.res::<Flow>().clone();
    let last_age = world.res::<Content>().0.options.last_age.min(4);
    let seats = world.res::<Seats>().0.clone();
    let decks_empty = flow.age >= last_age && world.res::<EventDisplay>().deck(flow.age).is_empty();
    let mut prestige: Vec<(i32, Entity)> = seats
        .iter()
        .map(|e| (world.read::<Mat>(*e).map_or(0, |m| m.prestige), *e))
        .collect();
    prestige.sort_by_key(|p| std::cmp::Reverse(p.0));
    let runaway = match prestige.as_slice() {
        [(top, leader), rest @ ..]
            if *top >= 100 && rest.first().is_none_or(|(next, _)| top - next >= 20) =>
        {
            Some(*leader)
        }
        _ => None,
    };
    let reason = if decks_empty {
        "the event decks are empty".to_string()
    } else if let Some(leader) = runaway {
        format!("{} has 100 prestige and leads by 20", key_of(world, leader))
    } else {
        return;
    };
    write(
        world,
        Note::new(ids::SEQ_GAME_END, format!("The game ends: {reason}")),
    );
    final_scoring(world, reason);
    world.res_mut::<Flow>().over = true;
}

/// Final scoring adds to prestige (fulfilled Missions in hand first); ties go to the most monarch power, then the most ducats,
/// then a shared win.
pub(crate) fn final_scoring(world: &mut World, reason: String) {
    let seats = world.res::<Seats>().0.clone();
    let mut scores = Vec::new();
    let mut cores = world.query::<&CoreToken>();
    let core_tokens: Vec<Entity> = cores.iter(world).map(|c| c.realm).collect();
    let mut marriages_q = world.query::<&Marriage>();
    let marriages: Vec<(Entity, Entity)> = marriages_q.iter(world).map(|m| (m.a, m.b)).collect();
    let mut alliances_q = world.query::<&Alliance>();
    let alliances: Vec<(Entity, Entity)> = alliances_q.iter(world).map(|a| (a.a, a.b)).collect();
    for realm in &seats {
        let missions = crate::rulesets::pop::rules::missions::score_at_end(world, *realm);
        let mat = world.read::<Mat>(*realm).cloned().unwrap_or_default();
        let count = |pairs: &[(Entity, Entity)]| {
            pairs
                .iter()
                .filter(|(a, b)| a == realm || b == realm)
                .count() as i32
        };
        let mut s = FinalScore {
            realm: key_of(world, *realm),
            prestige_before: mat.prestige,
            missions,
            tax_income: tax_income(world, *realm),
            core_tokens: core_tokens.iter().filter(|r| *r == realm).count() as i32,
            marriages: count(&marriages),
            alliances: 2 * count(&alliances),
            papacy: crate::rulesets::pop::rules::curia::final_score(world, *realm),
            empire: crate::rulesets::pop::rules::empire::final_score(world, *realm),
            stability: 2 * mat.stability,
            occupied: -occupied_tax_value(world, *realm),
            loans: -i32::from(mat.loans),
            total: 0,
        };
        s.total = s.prestige_before
            + s.missions
            + s.tax_income
            + s.core_tokens
            + s.marriages
            + s.alliances
            + s.papacy
            + s.empire
            + s.stability
            + s.occupied
            + s.loans;
        if let Some(mut m) = world.get_mut::<Mat>(*realm) {
            m.prestige = s.total;
        }
        if crate::rulesets::pop::rules::empire::is_emperor(world, *realm) {
            crate::rulesets::pop::rules::empire::note_final_score(world, *realm, s.empire);
        }
        let (name, gained, total) = (s.realm, s.total - s.prestige_before, s.total);
        write(
            world,
            Note::new(
                ids::SEQ_FINAL_SCORING,
                format!("{name} scores {gained:+}: {total} prestige"),
            )
            .realm(name)
            .amount(gained),
        );
        scores.push(s);
    }
    let key = |world: &World, realm: Entity| {
        let m = world.read::<Mat>(realm).cloned().unwrap_or_default();
        (m.prestige, m.mp.iter().sum::<i32>(), m.ducats)
    };
    let mut ranked: Vec<((i32, i32, i32), Entity)> =
        seats.iter().map(|e| (key(world, *e), *e)).collect();
    ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
    let winner = match ranked.as_slice() {
        [(best, w), (second, _), ..] if best != second => Some(key_of(world, *w)),
        [(_, w)] => Some(key_of(world, *w)),
        _ => None,
    };
    let text = match &winner {
        Some(w) => format!("{w} wins"),
        None => "a shared win".to_string(),
    };
    write(world, Note::new(ids::SEQ_FINAL_SCORING, text));
    world.insert_resource(Outcome {
        reason,
        scores,
        winner,
    });
}

/// Each Player Realm's score in seat order: its final score once the game is over, else its
/// prestige so far.
pub fn current_scores(world: &World) -> Vec<(Id, i32)> {
    if let Some(outcome) = world.get_res::<Outcome>() {
        return outcome.scores.iter().map(|s| (s.realm, s.total)).collect();
    }
    world
        .res::<Seats>()
        .0
        .iter()
        .map(|realm| {
            let prestige = world.read::<Mat>(*realm).map_or(0, |m| m.prestige);
            (key_of(world, *realm), prestige)
        })
        .collect()
}
