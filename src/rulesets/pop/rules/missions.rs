//! Missions (17.2; FACTS sections 1 and 6): each Player Realm's own goals. Phase 1 D picks up
//! to two from the realm's deck (the first Round: its starting Missions) and may swap any held
//! one; a Mission is completed when its requirements hold at that moment, at any time except
//! Phase 1, for its prestige and reward; Missions fulfilled in hand score at the end.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MissionDef;
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::PlayerRealm;
use crate::rulesets::pop::rules::conditions::{all_met, describe, first_unmet};
use crate::rulesets::pop::rules::economy::change_prestige;
use crate::rulesets::pop::rules::effects::{Visit, apply_now, for_each_realm};
use crate::rulesets::pop::state::{Content, key_of};

pub struct MissionsPlugin;

impl Plugin for MissionsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Victories>();
    }
}

/// Most Missions in hand.
pub const HAND_SIZE: usize = 2;

/// A realm's Missions: in hand, completed, and this Phase 1 D's swaps (content indices).
#[derive(Component, Clone, Debug, Default, Serialize, PartialEq)]
pub struct MissionHand {
    pub held: Vec<usize>,
    /// Completed, in order: they unlock the Missions that require them.
    pub done: Vec<usize>,
    /// Put back into the deck in this Phase 1 D: not picked again in the same step.
    pub returned: Vec<usize>,
    /// Picked in this Phase 1 D: not put back again in the same step.
    pub picked: Vec<usize>,
}

/// Wars won, as (victor, loser) stable ids in the order peace was made: what "win a war"
/// conditions look at.
#[derive(Resource, Clone, Debug, Default, Serialize, PartialEq)]
pub struct Victories(pub Vec<(u32, u32)>);

/// A victor set the terms of a peace (Phase 3 D).
pub fn record_victory(world: &mut World, winner: Entity, loser: Entity) {
    let pair = (
        crate::rulesets::pop::state::sid_of(world, winner),
        crate::rulesets::pop::state::sid_of(world, loser),
    );
    world.res_mut::<Victories>().0.push(pair);
}

/// Setup: every Player Realm gets an empty Mission hand (it picks in the first Phase 1 D).
pub fn prepare_mission_hands(world: &mut World) {
    let mut q = world.query_filtered::<Entity, With<PlayerRealm>>();
    let realms: Vec<Entity> = q.iter(world).collect();
    for realm in realms {
        world.entity_mut(realm).insert(MissionHand::default());
    }
}

pub fn hand(world: &World, realm: Entity) -> MissionHand {
    world
        .read::<MissionHand>(realm)
        .cloned()
        .unwrap_or_default()
}

fn defs(world: &World) -> &[MissionDef] {
    &world.res::<Content>().0.missions
}

pub fn mission_index(world: &World, id: impl crate::engine::id::AsId) -> Option<usize> {
    // Compared as interned ids (one comparison each), not as text.
    let id = id.existing_id()?;
    defs(world).iter().position(|m| m.id == id)
}

pub fn mission_id(world: &World, mission: usize) -> Id {
    defs(world)[mission].id
}

/// The realm's deck: its own Missions and the generic ones.
fn deck(world: &World, realm: Entity) -> Vec<usize> {
    let key = key_of(world, realm);
    defs(world)
        .iter()
        .enumerate()
        .filter(|(_, m)| m.realms.is_empty() || m.realms.contains(&key))
        .map(|(i, _)| i)
        .collect()
}

/// Missions the realm may pick now: in its deck, not held, not completed, not put back in
/// this step, with a completed prerequisite where it lists any. In the first Round (setup)
/// only starting Missions, where the deck has any.
pub fn eligible(world: &World, realm: Entity) -> Vec<usize> {
    let h = hand(world, realm);
    let all = defs(world);
    let deck = deck(world, realm);
    let setup = world.res::<Flow>().round <= 1 && deck.iter().any(|i| all[*i].starting);
    let done: Vec<&str> = h.done.iter().map(|i| all[*i].id.as_str()).collect();
    deck.into_iter()
        .filter(|i| !h.held.contains(i) && !h.done.contains(i) && !h.returned.contains(i))
        .filter(|i| {
            let m = &all[*i];
            if setup {
                m.starting
            } else {
                m.requires.is_empty() || m.requires.iter().any(|r| done.contains(&r.as_str()))
            }
        })
        .collect()
}

/// Answers to the Phase 1 D decision worth checking: picks while the hand has room, swaps of
/// Missions held since before this step, and being done.
pub fn phase1_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let h = hand(world, realm);
    let open = eligible(world, realm);
    let mut all = Vec::new();
    if h.held.len() < HAND_SIZE {
        all.extend(open.iter().map(|m| Action::PickMission {
            mission: mission_id(world, *m),
        }));
    }
    for give in h.held.iter().filter(|g| !h.picked.contains(g)) {
        all.extend(open.iter().map(|take| Action::SwapMission {
            give: mission_id(world, *give),
            take: mission_id(world, *take),
        }));
    }
    all.push(Action::Decline);
    all
}

/// Why this answer to the Phase 1 D decision is not allowed, if it is not.
pub fn phase1_problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let err = |why: String| Some(Illegal::new(ids::SEQ_PHASE1_MISSIONS, why));
    let h = hand(world, realm);
    let open = eligible(world, realm);
    let pickable = |id: &str| mission_index(world, id).is_some_and(|m| open.contains(&m));
    match action {
        Action::Decline => None,
        Action::ClaimMission { .. } | Action::ClaimMilestone { .. } => {
            err("Missions and Milestones are never completed in Phase 1".to_string())
        }
        Action::PickMission { mission } => {
            if h.held.len() >= HAND_SIZE {
                err(format!("at most {HAND_SIZE} Missions in hand"))
            } else if !pickable(mission) {
                err(format!(
                    "\"{mission}\" is not an eligible Mission of your deck"
                ))
            } else {
                None
            }
        }
        Action::SwapMission { give, take } => {
            let held = mission_index(world, give).filter(|g| h.held.contains(g));
            match held {
                None => err(format!("you hold no Mission \"{give}\"")),
                Some(g) if h.picked.contains(&g) => {
                    err("a Mission picked in this step is not put back in it".to_string())
                }
                Some(_) if !pickable(take) => err(format!(
                    "\"{take}\" is not an eligible Mission of your deck"
                )),
                Some(_) => None,
            }
        }
        _ => err("pick or swap a Mission, or be done".to_string()),
    }
}

/// Phase 1 D: in turn order, each Player Realm refills to two Missions and may swap held ones.
pub(crate) fn pick_missions(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, visits| {
            if visits == 0
                && let Some(mut h) = world.get_mut::<MissionHand>(realm)
            {
                h.returned.clear();
                h.picked.clear();
            }
            if world.read::<MissionHand>(realm).is_none()
                || phase1_candidates(world, realm).len() <= 1
            {
                return Visit::Next;
            }
            let held = hand(world, realm).held.len();
            let prompt = if held < HAND_SIZE {
                format!("Pick a Mission ({held} of {HAND_SIZE} in hand), swap one, or be done")
            } else {
                "Swap a Mission for another of your deck, or keep your Missions".to_string()
            };
            ask(
                world,
                key_of(world, realm),
                DecisionKind::Missions { held: held as u8 },
                prompt,
            );
            Visit::Asked
        },
        |world, realm, action| match action {
            Action::PickMission { mission } => {
                pick(world, realm, &mission);
                Visit::Asked
            }
            Action::SwapMission { give, take } => {
                put_back(world, realm, &give);
                pick(world, realm, &take);
                Visit::Asked
            }
            _ => Visit::Next,
        },
    );
}

/// The realm takes this Mission into its hand. Missions are secret: the log says only that.
fn pick(world: &mut World, realm: Entity, id: &str) {
    let Some(m) = mission_index(world, id) else {
        return;
    };
    if let Some(mut h) = world.get_mut::<MissionHand>(realm) {
        h.held.push(m);
        h.picked.push(m);
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(ids::SEQ_PHASE1_MISSIONS, format!("{name} picks a Mission")).realm(name),
    );
}

fn put_back(world: &mut World, realm: Entity, id: &str) {
    let Some(m) = mission_index(world, id) else {
        return;
    };
    if let Some(mut h) = world.get_mut::<MissionHand>(realm) {
        h.held.retain(|x| *x != m);
        h.returned.push(m);
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::SEQ_PHASE1_MISSIONS,
            format!("{name} puts a Mission back into its deck"),
        )
        .realm(name),
    );
}

/// Why the realm cannot complete this Mission now, if it cannot.
pub fn claim_problem(world: &World, realm: Entity, id: Id) -> Option<Illegal> {
    let err = |why: String| Some(Illegal::new(ids::SEQ_PHASE1_MISSIONS, why));
    if world.res::<Flow>().current().phase == 1 {
        return err("Missions are never completed in Phase 1".to_string());
    }
    let held = |m: &usize| {
        world
            .read::<MissionHand>(realm)
            .is_some_and(|h| h.held.contains(m))
    };
    let Some(m) = mission_index(world, id).filter(held) else {
        return err(format!("you hold no Mission \"{id}\""));
    };
    let def = &defs(world)[m];
    first_unmet(world, realm, &def.conditions).map(|c| {
        Illegal::explained(ids::SEQ_PHASE1_MISSIONS, || {
            format!(
                "{} is not fulfilled: {} is missing",
                def.name,
                describe(&world.res::<Content>().0, c)
            )
        })
    })
}

/// Completes a held Mission: its prestige and its reward; a new one comes in the next Phase 1.
pub fn claim(world: &mut World, realm: Entity, id: &str) {
    let Some(m) = mission_index(world, id) else {
        return;
    };
    let def = defs(world)[m].clone();
    if let Some(mut h) = world.get_mut::<MissionHand>(realm) {
        h.held.retain(|x| *x != m);
        h.done.push(m);
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::SEQ_PHASE1_MISSIONS,
            format!(
                "{name} completes the Mission \"{}\" (+{} prestige)",
                def.name, def.prestige
            ),
        )
        .realm(name)
        .amount(i32::from(def.prestige)),
    );
    change_prestige(
        world,
        realm,
        i32::from(def.prestige),
        ids::SEQ_PHASE1_MISSIONS,
    );
    apply_now(world, realm, &def.reward);
}

/// Held Missions whose requirements hold now.
pub fn fulfilled(world: &World, realm: Entity) -> Vec<usize> {
    let all = defs(world);
    hand(world, realm)
        .held
        .into_iter()
        .filter(|m| all_met(world, realm, &all[*m].conditions))
        .collect()
}

/// Final scoring: the prestige of the fulfilled Missions in hand (their effects are ignored),
/// each logged.
pub fn score_at_end(world: &mut World, realm: Entity) -> i32 {
    let name = key_of(world, realm);
    let mut total = 0;
    for m in fulfilled(world, realm) {
        let def = defs(world)[m].clone();
        total += i32::from(def.prestige);
        write(
            world,
            Note::new(
                ids::SEQ_PHASE1_MISSIONS,
                format!(
                    "{name} reveals the fulfilled Mission \"{}\" at the end (+{})",
                    def.name, def.prestige
                ),
            )
            .realm(name)
            .amount(i32::from(def.prestige)),
        );
    }
    total
}

/// Completing a Mission as a minor action in a turn: ours?
pub fn owns(action: &Action) -> bool {
    matches!(
        action,
        Action::ClaimMission { .. } | Action::ClaimMilestone { .. }
    )
}

/// Claims worth checking in a turn: every held Mission and every Milestone on display.
pub fn claim_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = hand(world, realm)
        .held
        .into_iter()
        .map(|m| Action::ClaimMission {
            mission: mission_id(world, m),
        })
        .collect();
    all.extend(crate::rulesets::pop::rules::milestones::claim_candidates(
        world,
    ));
    all
}

pub fn claim_action_problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    match action {
        // Asked with the actions' interned ids: the bot asks thousands of times a game.
        Action::ClaimMission { mission } => claim_problem(world, realm, *mission),
        Action::ClaimMilestone { milestone } => {
            crate::rulesets::pop::rules::milestones::complete_problem(world, realm, *milestone)
        }
        _ => None,
    }
}

pub fn apply_claim(world: &mut World, realm: Entity, action: &Action) {
    match action {
        Action::ClaimMission { mission } => claim(world, realm, mission),
        Action::ClaimMilestone { milestone } => {
            crate::rulesets::pop::rules::milestones::complete(world, realm, milestone)
        }
        _ => {}
    }
}
