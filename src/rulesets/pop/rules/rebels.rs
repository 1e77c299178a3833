//! Rebels (seed 001, chapter 14) and the Peace & Rebels steps that need no war: unrest that
//! counts (14.1), rebel dice area by area with every face and the cannot-pay chain (14.2),
//! rebel towns and liberation (14.3, 14.4), and Phase 3 steps A (CB and truce tokens), E
//! (prestige penalties), G (religious dissent) and I (rebel dice).

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::Effect;
use crate::rulesets::pop::decision::{Action, DecisionKind, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{change_prestige, pay_mandatory};
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm, queue_effects};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::{
    core_owners, is_core, place_town, remove_tokens, token_provinces,
};
use crate::rulesets::pop::rules::unrest_step::remove_unrest;
use crate::rulesets::pop::state::{Index, key_of, sid_of, spawn_sim};

pub struct RebelsPlugin;

impl Plugin for RebelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<RebelRoll>()
            .init_resource::<EventRebelDice>();
    }
}

/// The six faces of a rebel die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RebelFace {
    Rebellion,
    LoseDucats,
    LoseMp,
    NoEffect,
    Exhaust,
    RemoveUnrest,
}

impl RebelFace {
    pub const ALL: [RebelFace; 6] = [
        RebelFace::Rebellion,
        RebelFace::LoseDucats,
        RebelFace::LoseMp,
        RebelFace::NoEffect,
        RebelFace::Exhaust,
        RebelFace::RemoveUnrest,
    ];
}

/// A realm's rebel dice in progress: the areas to roll, the faces of the current area still to
/// resolve, and its rebellions waiting to be assigned.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct RebelRoll {
    pub realm: Option<u32>,
    pub areas: Vec<u32>,
    pub next_area: usize,
    pub area: Option<u32>,
    pub faces: Vec<RebelFace>,
    pub rebellions: u32,
    /// Dice the realm may still roll (the active player rolls at most 1 for an Event).
    pub dice_left: Option<u32>,
    /// The active player, who picks the colour of liberated territories.
    pub active: Option<u32>,
    /// What the realm was last asked: the answer goes with it.
    pub asked: Option<RebelQuestion>,
}

/// The questions the rebel dice ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RebelQuestion {
    /// The Active Player's one die of an Event: which of its unrest areas it is rolled for.
    DieArea,
    AssignRebellion,
    RemoveUnrest,
    Exhaust,
}

/// Rebel dice called by an Event: every player rolls, clockwise from the Active Player (from
/// the last taker on the Event nobody took, where `active` is none).
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct EventRebelDice {
    pub order: Vec<u32>,
    pub index: usize,
    pub visits: u32,
    pub active: Option<u32>,
}

/// Starts the rebel dice of an Event's unrest symbol, clockwise from `first`; `active`, the
/// Active Player, rolls at most one die (none is on the Event nobody took).
pub fn start_event_rebel_dice(world: &mut World, first: Entity, active: Option<Entity>) {
    let seats = world.res::<crate::rulesets::pop::state::Seats>().0.clone();
    let start = seats.iter().position(|s| *s == first).unwrap_or(0);
    let order = (0..seats.len())
        .map(|k| sid_of(world, seats[(start + k) % seats.len()]))
        .collect();
    world.insert_resource(EventRebelDice {
        order,
        index: 0,
        visits: 0,
        active: active.map(|a| sid_of(world, a)),
    });
}

/// Runs the Event's rebel dice until a decision is needed or every player has rolled.
pub fn continue_event_rebel_dice(
    world: &mut World,
) -> crate::rulesets::pop::rules::effects::Progress {
    use crate::rulesets::pop::rules::effects::{Progress, resolve_effects};
    loop {
        if resolve_effects(world) == Progress::Waiting
            || world
                .res::<crate::rulesets::pop::decision::Pending>()
                .0
                .is_some()
        {
            return Progress::Waiting;
        }
        let state = world.res::<EventRebelDice>().clone();
        let Some(realm) = state
            .order
            .get(state.index)
            .and_then(|s| entity_of(world, *s))
        else {
            // Every player has rolled: the Rebellions' battles come now (14.2), before the
            // Event's next symbol. A battle's question (a retreat) comes back here, and the
            // fighting goes on.
            crate::rulesets::pop::rules::battle::release_held(world);
            return crate::rulesets::pop::rules::battle::fight(world);
        };
        if state.visits == 0 {
            // Set up the roll, capped at one die for the active player.
            visit_rebel_dice_capped(
                world,
                realm,
                state.active,
                state.active == Some(sid_of(world, realm)),
            );
        }
        match visit_rebel_dice(world, realm, state.visits.max(1)) {
            Visit::Next => {
                let mut s = world.res_mut::<EventRebelDice>();
                s.index += 1;
                s.visits = 0;
            }
            Visit::Asked => world.res_mut::<EventRebelDice>().visits += 1,
        }
    }
}

/// Passes an answer to the Event's rebel dice in progress.
pub fn answer_event_rebel_dice(world: &mut World, action: &Action) -> bool {
    let state = world.res::<EventRebelDice>().clone();
    let Some(realm) = state
        .order
        .get(state.index)
        .and_then(|s| entity_of(world, *s))
    else {
        return false;
    };
    if world.res::<RebelRoll>().realm.is_none() && world.get_res::<PendingLiberation>().is_none() {
        return false;
    }
    answer_rebel_dice(world, realm, action.clone());
    true
}

fn visit_rebel_dice_capped(world: &mut World, realm: Entity, active: Option<u32>, capped: bool) {
    let areas = unrest_areas(world, realm)
        .into_iter()
        .map(|a| sid_of(world, a))
        .collect();
    *world.res_mut::<RebelRoll>() = RebelRoll {
        realm: Some(sid_of(world, realm)),
        areas,
        dice_left: capped.then_some(1),
        active,
        ..Default::default()
    };
}

/// Provinces where `realm`'s unrest counts (14.1): its token shows unrest, no rebel town covers
/// it and no occupier's town sits on it (the realm controls the province).
pub fn counting_unrest(world: &World, realm: Entity, area: Option<Entity>) -> Vec<Entity> {
    token_provinces(world, realm, |t| world.read::<Unrest>(t).is_some())
        .into_iter()
        .filter(|p| !covered(world, realm, *p))
        .filter(|p| area.is_none_or(|a| area_of(world, *p) == Some(a)))
        .collect()
}

/// Whether `realm`'s token on `province` is covered (14.1): by a rebel town, or by an
/// occupier's town (another realm controls the province). Unrest under it counts for nothing.
pub fn covered(world: &World, realm: Entity, province: Entity) -> bool {
    world.read::<RebelTown>(province).is_some()
        || world
            .read::<ControlledBy>(province)
            .is_some_and(|c| c.0 != realm)
}

/// The realm's towns and vassals with counting unrest in an area: one Rebel Die each (14.2:
/// "for each of their t/v with u"; two small towns on a large province roll two).
pub fn unrest_tokens(world: &World, realm: Entity, area: Entity) -> usize {
    counting_unrest(world, realm, Some(area))
        .into_iter()
        .filter_map(|p| world.read::<Holdings>(p))
        .map(|h| {
            h.iter()
                .filter(|t| {
                    world.read::<TokenOf>(*t).is_some_and(|o| o.0 == realm)
                        && world.read::<Unrest>(*t).is_some()
                })
                .count()
        })
        .sum()
}

/// Areas with counting unrest of `realm`, by area id.
fn unrest_areas(world: &World, realm: Entity) -> Vec<Entity> {
    let mut areas: Vec<Entity> = counting_unrest(world, realm, None)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    areas.sort_by_key(|a| key_of(world, *a));
    areas.dedup();
    areas
}

fn entity_of(world: &World, sid: u32) -> Option<Entity> {
    world.res::<Index>().by_sid(sid)
}

/// Phase 3 step I: each realm with unrest rolls rebel dice, area by area, in turn order; the
/// battles of Rebellion results are fought once every realm has rolled.
pub(crate) fn roll_rebel_dice(world: &mut World) {
    if for_each_realm(world, visit_rebel_dice, answer_rebel_dice)
        && crate::rulesets::pop::rules::battle::release_held(world)
    {
        // A retreat question waits; its answer comes back through `for_each_realm`, which
        // fights on. A ruler the battles took is asked about at once (7.2: the Reaction is
        // "immediate"), its answer coming back the same way.
        if crate::rulesets::pop::rules::battle::fight(world)
            == crate::rulesets::pop::rules::effects::Progress::Done
        {
            crate::rulesets::pop::rules::characters::ask_reaction(world);
        }
    }
}

/// One realm's rebel dice as a resumable routine (also used for rebel dice caused by Events).
pub fn visit_rebel_dice(world: &mut World, realm: Entity, visits: u32) -> Visit {
    let name = key_of(world, realm);
    if visits == 0 {
        if world.res::<crate::engine::flow::Flow>().step_id() == "pop.step.p3i"
            && !unrest_areas(world, realm).is_empty()
        {
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE3_I,
                    format!("{name} rolls rebel dice for its unrest"),
                )
                .realm(name),
            );
        }
        // In Phase 3 the First Player is the active player (who picks liberated colours).
        let first = world
            .get_res::<crate::rulesets::pop::state::FirstPlayer>()
            .map(|f| sid_of(world, f.0));
        visit_rebel_dice_capped(world, realm, first, false);
    }
    loop {
        let roll = world.res::<RebelRoll>().clone();
        let Some(area) = roll.area.and_then(|a| entity_of(world, a)) else {
            // The Active Player's one die is rolled: its other areas roll nothing.
            if roll.dice_left == Some(0) {
                *world.res_mut::<RebelRoll>() = RebelRoll::default();
                return Visit::Next;
            }
            // "You roll a maximum of 1 Rebel Die" (16.5): with unrest in several areas the
            // Active Player chooses where.
            if roll.dice_left == Some(1) && roll.next_area == 0 && roll.areas.len() > 1 {
                world.res_mut::<RebelRoll>().asked = Some(RebelQuestion::DieArea);
                ask(
                    world,
                    name,
                    DecisionKind::RebelDieArea,
                    "Unrest symbol: as the Active Player you roll 1 rebel die at most; choose \
                     the area it is rolled for"
                        .to_string(),
                );
                return Visit::Asked;
            }
            // Next area.
            let Some(next) = roll.areas.get(roll.next_area).copied() else {
                *world.res_mut::<RebelRoll>() = RebelRoll::default();
                return Visit::Next;
            };
            let area = entity_of(world, next).expect("area");
            let mut dice = unrest_tokens(world, realm, area);
            if let Some(left) = roll.dice_left {
                dice = dice.min(left as usize);
                world.res_mut::<RebelRoll>().dice_left = Some(left - dice as u32);
            }
            let faces: Vec<RebelFace> = (0..dice)
                .map(|_| RebelFace::ALL[usize::from(world.res_mut::<GameRng>().d6() - 1)])
                .collect();
            let area_name = key_of(world, area);
            write(
                world,
                Note::new(
                    ids::REBEL_ROLL,
                    format!(
                        "{name} rolls {dice} rebel dice in {area_name}: {}",
                        faces
                            .iter()
                            .map(|f| format!("{f:?}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
                .realm(name)
                .subject(sid_of(world, area))
                .amount(dice as i32),
            );
            // The Rebellions first, each met by the area as it was rolled ("If you have any
            // Military Units in the Area you rolled for"; "you must assign each Rebellion
            // result to 1 of your t/v with u"): no other face of the same roll (an Exhaust
            // taking the army away, a Remove 1 u) changes what a Rebellion does.
            let mut faces = faces;
            faces.sort_by_key(|f| *f != RebelFace::Rebellion);
            let mut r = world.res_mut::<RebelRoll>();
            r.next_area += 1;
            r.area = Some(next);
            r.faces = faces;
            r.rebellions = 0;
            continue;
        };
        if let Some(face) = roll.faces.first().copied()
            && (roll.rebellions == 0 || face == RebelFace::Rebellion)
        {
            world.res_mut::<RebelRoll>().faces.remove(0);
            if let Some(visit) = resolve_face(world, realm, area, face) {
                return visit;
            }
            continue;
        }
        if roll.rebellions > 0 {
            if !crate::rulesets::pop::rules::military::own_units_at(world, realm, area, true)
                .is_empty()
            {
                crate::rulesets::pop::rules::military::raise_units(
                    world,
                    None,
                    area,
                    UnitKind::Infantry,
                    UnitStatus::Rebel,
                    roll.rebellions as usize,
                );
                let area_name = key_of(world, area);
                write(
                    world,
                    Note::new(
                        ids::REBELLION_UNITS,
                        format!(
                            "{} rebel units rise in {area_name} against {name}'s army",
                            roll.rebellions
                        ),
                    )
                    .realm(name)
                    .subject(sid_of(world, area))
                    .amount(roll.rebellions as i32),
                );
                // The rebels and the army fight once all the dice are rolled (14.2: "triggering
                // a Battle after all Rebel Dice rolls have been resolved"), every realm's.
                crate::rulesets::pop::rules::battle::hold(
                    world,
                    crate::rulesets::pop::rules::battle::BattleSpec {
                        place: sid_of(world, area),
                        attacker: crate::rulesets::pop::rules::battle::Party::Rebels,
                        defender: crate::rulesets::pop::rules::battle::Party::Realm(sid_of(
                            world, realm,
                        )),
                        from: None,
                        naval: false,
                        active: None,
                        invaders: false,
                        beside: Vec::new(),
                    },
                );
                world.res_mut::<RebelRoll>().rebellions = 0;
                continue;
            }
            let targets = counting_unrest(world, realm, Some(area));
            if targets.is_empty() {
                // Every province with counting unrest there was taken by an earlier Rebellion
                // of the same roll (a rebel town covers it, or it was liberated): the rest find
                // nothing to take, and the log says so.
                let left = std::mem::take(&mut world.res_mut::<RebelRoll>().rebellions);
                write(
                    world,
                    Note::new(
                        ids::REBEL_NO_EFFECT,
                        format!(
                            "{left} more Rebellion result(s) in {}: no town or vassal of {name} with unrest is left there to take",
                            key_of(world, area)
                        ),
                    )
                    .realm(name)
                    .subject(sid_of(world, area)),
                );
                continue;
            }
            world.res_mut::<RebelRoll>().asked = Some(RebelQuestion::AssignRebellion);
            ask(
                world,
                name,
                DecisionKind::AssignRebellion {
                    area: key_of(world, area),
                },
                format!(
                    "Rebellion in {}: choose the province the rebels take ({} to assign)",
                    key_of(world, area),
                    roll.rebellions
                ),
            );
            return Visit::Asked;
        }
        world.res_mut::<RebelRoll>().area = None;
    }
}

/// Resolves one face; `Some` when it asked something (or queued an effect to resolve first).
pub(crate) fn resolve_face(
    world: &mut World,
    realm: Entity,
    area: Entity,
    face: RebelFace,
) -> Option<Visit> {
    let name = key_of(world, realm);
    match face {
        RebelFace::Rebellion => world.res_mut::<RebelRoll>().rebellions += 1,
        RebelFace::NoEffect => write(
            world,
            Note::new(ids::REBEL_NO_EFFECT, format!("{name}: no effect")).realm(name),
        ),
        RebelFace::LoseDucats => pay_mandatory(world, realm, 2, ids::REBEL_LOSE_DUCATS),
        RebelFace::LoseMp => {
            let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
            if mat.mp.iter().all(|p| *p == 0) {
                cannot_pay(world, realm, "no monarch power to lose");
            } else {
                write(
                    world,
                    Note::new(
                        ids::REBEL_LOSE_MP,
                        format!("{name} must discard 1 monarch power"),
                    )
                    .realm(name),
                );
                queue_effects(world, realm, vec![Effect::AnyMp(-1)], "rebel die");
                return Some(Visit::Asked);
            }
        }
        RebelFace::Exhaust => {
            // "Move 1 Regular Unit from Available m, or from your Deployed Units, to Exhausted
            // m": the realm chooses whenever it has more than one way, Available or which of
            // its deployed regulars (by kind and place); with one way only, that one is taken.
            let available = world.read::<Mat>(realm).is_some_and(|m| m.manpower > 0);
            let ways = exhaust_candidates(world, realm);
            match ways.as_slice() {
                [] => cannot_pay(world, realm, "no manpower to exhaust"),
                [_] if available => exhaust_available(world, realm),
                [_] => {
                    let unit = deployed_regulars(world, realm)[0];
                    exhaust_deployed(world, realm, unit);
                }
                _ => {
                    world.res_mut::<RebelRoll>().asked = Some(RebelQuestion::Exhaust);
                    let question = if available {
                        "Rebel die: exhaust 1 manpower, from Available or a deployed regular"
                    } else {
                        "Rebel die: exhaust 1 manpower: which deployed regular (none Available)"
                    };
                    ask(
                        world,
                        name,
                        DecisionKind::RebelExhaust {
                            area: key_of(world, area),
                        },
                        question,
                    );
                    return Some(Visit::Asked);
                }
            }
        }
        RebelFace::RemoveUnrest => {
            let candidates = counting_unrest(world, realm, Some(area));
            match candidates.as_slice() {
                [] => write(
                    world,
                    Note::new(
                        ids::REBEL_REMOVE_UNREST,
                        format!("{name}: no unrest left to remove"),
                    )
                    .realm(name),
                ),
                [only] => {
                    let key = key_of(world, *only);
                    remove_unrest(world, realm, &key, ids::REBEL_REMOVE_UNREST);
                }
                _ => {
                    world.res_mut::<RebelRoll>().asked = Some(RebelQuestion::RemoveUnrest);
                    ask(
                        world,
                        name,
                        DecisionKind::RebelRemoveUnrest {
                            area: key_of(world, area),
                        },
                        format!("Rebel die: remove 1 unrest in {}", key_of(world, area)),
                    );
                    return Some(Visit::Asked);
                }
            }
        }
    }
    None
}

/// The realm's deployed regular land units, in stable-id order.
fn deployed_regulars(world: &World, realm: Entity) -> Vec<Entity> {
    let mut units: Vec<Entity> = world
        .read::<Forces>(realm)
        .map(|f| {
            f.iter()
                .filter(|u| {
                    world.read::<Unit>(*u).is_some_and(|u| {
                        u.status == UnitStatus::Regular
                            && matches!(
                                u.kind,
                                UnitKind::Infantry | UnitKind::Cavalry | UnitKind::Artillery
                            )
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    units.sort_by_cached_key(|u| sid_of(world, *u));
    units
}

/// Answers to "exhaust 1 manpower": Available manpower (Accept), or a deployed regular unit of a
/// kind at a place (DisbandUnit), one of each.
pub fn exhaust_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = Vec::new();
    if world.read::<Mat>(realm).is_some_and(|m| m.manpower > 0) {
        all.push(Action::Accept);
    }
    for u in deployed_regulars(world, realm) {
        let (Some(unit), Some(at)) = (world.read::<Unit>(u), world.read::<At>(u)) else {
            continue;
        };
        let action = Action::DisbandUnit {
            place: key_of(world, at.0),
            kind: unit.kind,
            mercenary: false,
        };
        if !all.contains(&action) {
            all.push(action);
        }
    }
    all
}

fn exhaust_available(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let mut m = world.get_mut::<Mat>(realm).expect("mat");
    m.manpower -= 1;
    m.exhausted_manpower += 1;
    write(
        world,
        Note::new(ids::REBEL_EXHAUST, format!("{name} exhausts 1 manpower"))
            .realm(name)
            .amount(-1),
    );
}

fn exhaust_deployed(world: &mut World, realm: Entity, unit: Entity) {
    let name = key_of(world, realm);
    let place = world
        .read::<At>(unit)
        .map(|a| key_of(world, a.0))
        .unwrap_or_default();
    world.despawn(unit);
    // A general whose last unit this was waits on its mat (7.2).
    crate::rulesets::pop::rules::military::release_idle_commanders(world);
    world.get_mut::<Mat>(realm).expect("mat").exhausted_manpower += 1;
    write(
        world,
        Note::new(
            ids::REBEL_EXHAUST,
            format!("{name} exhausts a deployed regular in {place}"),
        )
        .realm(name)
        .amount(-1),
    );
}

/// A face that cannot be paid costs 2 ducats instead (then a forced loan, then bankruptcy).
fn cannot_pay(world: &mut World, realm: Entity, why: &str) {
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::REBEL_CANNOT_PAY,
            format!("{name} cannot pay a rebel die ({why}): 2 ducats instead"),
        )
        .realm(name),
    );
    pay_mandatory(world, realm, 2, ids::REBEL_CANNOT_PAY);
}

pub(crate) fn answer_rebel_dice(world: &mut World, realm: Entity, action: Action) -> Visit {
    let asked = world.res_mut::<RebelRoll>().asked.take();
    match (asked, action) {
        (Some(RebelQuestion::DieArea), Action::ChooseArea { area }) => {
            if let Some(a) = world.res::<Index>().get(area).map(|a| sid_of(world, a)) {
                let mut roll = world.res_mut::<RebelRoll>();
                if roll.areas.contains(&a) {
                    roll.areas = vec![a];
                }
            }
        }
        (Some(RebelQuestion::AssignRebellion), Action::ChooseProvince { province }) => {
            if let Some(p) = world.res::<Index>().get(province) {
                world.res_mut::<RebelRoll>().rebellions -= 1;
                let active = world
                    .res::<RebelRoll>()
                    .active
                    .and_then(|a| entity_of(world, a))
                    .unwrap_or(realm);
                rebels_take(world, realm, p, active, ids::REBELLION_LIBERATES);
            }
        }
        (Some(RebelQuestion::RemoveUnrest), Action::ChooseProvince { province }) => {
            remove_unrest(world, realm, &province, ids::REBEL_REMOVE_UNREST);
        }
        (Some(RebelQuestion::Exhaust), Action::Accept) => exhaust_available(world, realm),
        (Some(RebelQuestion::Exhaust), Action::DisbandUnit { place, kind, .. }) => {
            let unit = deployed_regulars(world, realm).into_iter().find(|u| {
                world.read::<Unit>(*u).is_some_and(|x| x.kind == kind)
                    && world
                        .read::<At>(*u)
                        .is_some_and(|a| key_of(world, a.0) == place)
            });
            if let Some(unit) = unit {
                exhaust_deployed(world, realm, unit);
            }
        }
        (_, Action::ChooseRealm { realm: colour }) => answer_liberation_colour(world, &colour),
        _ => {}
    }
    Visit::Asked
}

/// Rebels take a province of `holder` (a rebellion assigned to it, or a rebel siege): a core of
/// its owner gets a rebel town and a cube on the track; an occupied or non-core province is
/// liberated. `active` chooses the colour of a liberated territory.
pub fn rebels_take(
    world: &mut World,
    holder: Entity,
    province: Entity,
    active: Entity,
    liberation_rule: &'static str,
) {
    let owner = world.read::<OwnedBy>(province).map(|o| o.0);
    let occupied = owner.is_some_and(|o| o != holder);
    let place = key_of(world, province);
    let name = key_of(world, holder);
    let core = is_core(world, province, holder);
    write(
        world,
        Note::new(
            ids::CORES,
            format!(
                "{place} is {}a core of {name}",
                if core { "" } else { "not " }
            ),
        )
        .realm(name)
        .subject(sid_of(world, province)),
    );
    if !occupied && core {
        world.entity_mut(province).insert(RebelTown);
        let had_unrest = world
            .read::<Holdings>(province)
            .is_some_and(|h| h.iter().any(|t| world.read::<Unrest>(t).is_some()));
        if had_unrest {
            write(
                world,
                Note::new(
                    ids::UNREST_COVERED,
                    format!("The rebel town covers the unrest in {place}: it no longer counts"),
                )
                .realm(name)
                .subject(sid_of(world, province)),
            );
        }
        write(
            world,
            Note::new(
                ids::REBEL_TOWN,
                format!("Rebels hold {place}: a rebel town, and a cube on {name}'s track"),
            )
            .realm(name)
            .subject(sid_of(world, province)),
        );
        return;
    }
    write(
        world,
        Note::new(
            liberation_rule,
            format!("Rebels liberate {place} from {name}"),
        )
        .realm(name)
        .subject(sid_of(world, province)),
    );
    liberate(world, holder, province, active);
}

/// A pending choice of colour for a liberated territory.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PendingLiberation {
    pub loser: Entity,
    pub province: Entity,
}

/// Liberation (14.3): (a) occupied: the occupier's town goes home and the lawful owner's cube
/// comes off; (b) the core of another realm: it returns to that realm (a Player Realm places a
/// town); (c) a territory: it becomes a Non-Player Realm province of the active player's choice.
/// In (b) and (c) the realm that lost it places a CB on the new owner's capital and any truce
/// between them ends; in (a) nobody does: an occupied province is not the occupier's ("neither
/// part of the Occupant's Realm nor the Lawful Owner's", 2.0) and its owner does not change.
pub fn liberate(world: &mut World, loser: Entity, province: Entity, active: Entity) {
    let owner = world.read::<OwnedBy>(province).map(|o| o.0);
    let place = key_of(world, province);
    let sid = sid_of(world, province);
    if let Some(lawful) = owner.filter(|o| *o != loser) {
        remove_tokens(world, loser, province);
        world.entity_mut(province).insert(ControlledBy(lawful));
        let name = key_of(world, lawful);
        write(
            world,
            Note::new(
                ids::LIBERATION_OCCUPIED,
                format!("{place} returns to its lawful owner {name}"),
            )
            .realm(name)
            .subject(sid),
        );
        return;
    }
    let cores: Vec<Entity> = core_owners(world, province)
        .into_iter()
        .filter(|c| *c != loser)
        .collect();
    if let Some(realm) = cores.first().copied() {
        remove_tokens(world, loser, province);
        world
            .entity_mut(province)
            .insert((OwnedBy(realm), ControlledBy(realm)));
        world.entity_mut(province).remove::<RebelTown>();
        if world.read::<PlayerRealm>(realm).is_some() {
            place_town(world, realm, province);
        }
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::LIBERATION_CORE,
                format!("{place} returns to {name}, whose core it is"),
            )
            .realm(name)
            .subject(sid),
        );
        new_owner_cb(world, loser, realm);
        return;
    }
    // A territory: the active player picks the Non-Player Realm; with none in the game the
    // province is simply left to nobody.
    if liberation_colours(world, province).is_empty() {
        remove_tokens(world, loser, province);
        world
            .entity_mut(province)
            .remove::<(OwnedBy, ControlledBy, RebelTown)>();
        write(
            world,
            Note::new(
                ids::LIBERATION_TERRITORY,
                format!("{place} is liberated and belongs to nobody"),
            )
            .subject(sid),
        );
        return;
    }
    world.insert_resource(PendingLiberation { loser, province });
    ask(
        world,
        key_of(world, active),
        DecisionKind::LiberationColour { province: place },
        format!("{place} is liberated: choose the Non-Player Realm it joins"),
    );
}

/// Non-Player Realms a liberated territory may join: every one of them, since the colour is
/// "chosen by the Active Player" (14.3 c) with no limit on which.
pub fn liberation_colours(world: &World, _province: Entity) -> Vec<Entity> {
    let mut all: Vec<Entity> = world
        .try_query_filtered::<Entity, With<NonPlayerRealm>>()
        .map(|mut q| q.iter(world).collect())
        .unwrap_or_default();
    all.sort_by_key(|e| key_of(world, *e));
    all
}

pub(crate) fn answer_liberation_colour(world: &mut World, colour: &str) {
    let Some(PendingLiberation { loser, province }) = world.remove_resource::<PendingLiberation>()
    else {
        return;
    };
    let Some(npr) = world.res::<Index>().get(colour) else {
        return;
    };
    remove_tokens(world, loser, province);
    world
        .entity_mut(province)
        .insert((OwnedBy(npr), ControlledBy(npr), NprMarker(npr)));
    world.entity_mut(province).remove::<RebelTown>();
    let place = key_of(world, province);
    write(
        world,
        Note::new(
            ids::LIBERATION_TERRITORY,
            format!("{place} becomes a province of {colour}"),
        )
        .realm(colour)
        .subject(sid_of(world, province)),
    );
    new_owner_cb(world, loser, npr);
}

fn new_owner_cb(world: &mut World, loser: Entity, new_owner: Entity) {
    if world.read::<PlayerRealm>(loser).is_none() || loser == new_owner {
        return;
    }
    let truces: Vec<Entity> = world
        .try_query::<(Entity, &Truce)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(_, t)| t.between(loser, new_owner))
                .map(|(e, _)| e)
                .collect()
        })
        .unwrap_or_default();
    let ended = !truces.is_empty();
    for t in truces {
        world.despawn(t);
    }
    spawn_sim(
        world,
        None,
        CasusBelli {
            holder: loser,
            target: new_owner,
        },
    );
    let (l, n) = (key_of(world, loser), key_of(world, new_owner));
    // "(any Truce is removed)": said with the CB, so the log shows why war is open again.
    let truce = if ended {
        "; the truce between them is removed"
    } else {
        ""
    };
    write(
        world,
        Note::new(
            ids::LIBERATION_CB,
            format!("{l} places a CB on {n}'s capital{truce}"),
        )
        .realm(l),
    );
}

/// Answers for the rebel decisions.
pub fn candidates(world: &World, realm: Entity, kind: &DecisionKind) -> Vec<Action> {
    let area = |a: &str| world.res::<Index>().get(a);
    match kind {
        DecisionKind::RebelRemoveUnrest { area: a } | DecisionKind::AssignRebellion { area: a } => {
            counting_unrest(world, realm, area(a))
                .into_iter()
                .map(|p| Action::ChooseProvince {
                    province: key_of(world, p),
                })
                .collect()
        }
        DecisionKind::RebelExhaust { .. } => exhaust_candidates(world, realm),
        DecisionKind::RebelDieArea => world
            .res::<RebelRoll>()
            .areas
            .iter()
            .filter_map(|a| entity_of(world, *a))
            .map(|a| Action::ChooseArea {
                area: key_of(world, a),
            })
            .collect(),
        DecisionKind::LiberationColour { province } => {
            let Some(p) = world.res::<Index>().get(province) else {
                return Vec::new();
            };
            liberation_colours(world, p)
                .into_iter()
                .map(|r| Action::ChooseRealm {
                    realm: key_of(world, r),
                })
                .collect()
        }
        DecisionKind::VassalDissent { area: a } => {
            let Some(a) = area(a) else { return Vec::new() };
            // A vassal whose unrest counts while there is one (14.1; `unrest_places`).
            let calm = vassals_in(world, realm, a, true);
            let mut all: Vec<Action> =
                crate::rulesets::pop::rules::effects::prefer_counting(world, realm, calm)
                    .into_iter()
                    .map(|p| Action::ChooseProvince {
                        province: key_of(world, p),
                    })
                    .collect();
            if influence_in(world, realm, a) > 0 {
                all.push(Action::RemoveInfluence {
                    area: key_of(world, a),
                });
            }
            all
        }
        _ => Vec::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// Phase 3 steps A, E and G

/// Step A: all CB and truce tokens go; each CB of yours removed from a realm you are not at war
/// with costs 2 prestige.
pub(crate) fn remove_cb_and_truce_tokens(world: &mut World) {
    let cbs: Vec<(u32, Entity, CasusBelli)> = world
        .try_query::<(Entity, &Sid, &CasusBelli)>()
        .map(|mut q| q.iter(world).map(|(e, s, c)| (s.0, e, *c)).collect())
        .unwrap_or_default();
    let mut cbs = cbs;
    cbs.sort_by_key(|(s, _, _)| *s);
    for (_, entity, cb) in cbs {
        let at_war_with = world.try_query::<&War>().is_some_and(|mut q| {
            q.iter(world).any(|w| {
                (w.attacker == cb.holder && w.defender == cb.target)
                    || (w.attacker == cb.target && w.defender == cb.holder)
            })
        });
        world.despawn(entity);
        let (h, t) = (key_of(world, cb.holder), key_of(world, cb.target));
        write(
            world,
            Note::new(ids::SEQ_PHASE3_A, format!("{h}'s CB on {t} is removed")).realm(h),
        );
        if !at_war_with && world.read::<Mat>(cb.holder).is_some() {
            change_prestige(world, cb.holder, -2, ids::SEQ_PHASE3_A);
        }
    }
    let truces: Vec<Entity> = world
        .try_query_filtered::<Entity, With<Truce>>()
        .map(|mut q| q.iter(world).collect())
        .unwrap_or_default();
    if !truces.is_empty() {
        let n = truces.len();
        for t in truces {
            world.despawn(t);
        }
        write(
            world,
            Note::new(ids::SEQ_PHASE3_A, format!("{n} truce tokens removed")).amount(n as i32),
        );
    }
}

/// Step E: every Disputed Succession token flips back and costs its owner (the partner who placed
/// it on the realm without a ruler) 3 prestige, unless that owner is the only Player Realm
/// allied to the realm the token is on and, for a Non-Player Realm, has the most influence
/// there (at least 2); each player loses prestige for the tax value of its towns held by enemies
/// or rebels, at most 5.
pub(crate) fn apply_prestige_penalties(world: &mut World) {
    let marriages: Vec<(u32, Entity, Marriage)> = world
        .try_query::<(Entity, &Sid, &Marriage)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(_, _, m)| m.disputed())
                .map(|(e, s, m)| (s.0, e, *m))
                .collect()
        })
        .unwrap_or_default();
    let mut marriages = marriages;
    marriages.sort_by_key(|(s, _, _)| *s);
    // One entry per turned token: (the marriage, the realm the token is on, its owner).
    let mut tokens: Vec<(Entity, Entity, Entity)> = Vec::new();
    for (_, entity, m) in &marriages {
        if m.disputed_a {
            tokens.push((*entity, m.a, m.b));
        }
        if m.disputed_b {
            tokens.push((*entity, m.b, m.a));
        }
    }
    for (entity, on, owner) in tokens {
        {
            let mut m = world.get_mut::<Marriage>(entity).expect("marriage");
            if m.a == on {
                m.disputed_a = false;
            } else {
                m.disputed_b = false;
            }
        }
        if world.read::<Mat>(owner).is_none() {
            continue;
        }
        let allies: Vec<Entity> = world
            .try_query::<&Alliance>()
            .map(|mut q| {
                q.iter(world)
                    .filter_map(|a| a.other(on))
                    .filter(|r| world.read::<PlayerRealm>(*r).is_some())
                    .collect()
            })
            .unwrap_or_default();
        let sole_ally = allies == vec![owner];
        let most_influence = world.read::<NonPlayerRealm>(on).is_none() || {
            let capital_area = world.read::<Capital>(on).and_then(|c| area_of(world, c.0));
            capital_area.is_some_and(|a| {
                let mine = influence_counted(world, owner, a);
                let best_other = crate::rulesets::pop::rules::generic::all_of::<PlayerRealm>(world)
                    .into_iter()
                    .filter(|r| *r != owner)
                    .map(|r| influence_counted(world, r, a))
                    .max()
                    .unwrap_or(0);
                mine >= 2 && mine > best_other
            })
        };
        let name = key_of(world, owner);
        let there = key_of(world, on);
        if sole_ally && most_influence {
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE3_E,
                    format!(
                        "{name}'s disputed succession token on {there} is settled in its favour"
                    ),
                )
                .realm(name),
            );
        } else {
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE3_E,
                    format!(
                        "{name}'s disputed succession token on {there} is flipped back: -3 prestige"
                    ),
                )
                .realm(name),
            );
            change_prestige(world, owner, -3, ids::SEQ_PHASE3_E);
        }
    }
    for realm in crate::rulesets::pop::state::turn_order(world) {
        let lost = crate::rulesets::pop::rules::scoring::occupied_tax_value(world, realm).min(5);
        if lost > 0 {
            let name = key_of(world, realm);
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE3_E,
                    format!("{name}'s towns held by enemies or rebels: -{lost} prestige"),
                )
                .realm(name),
            );
            change_prestige(world, realm, -lost, ids::SEQ_PHASE3_E);
        }
    }
}

/// Whether a token is a vassal (`vassal`) or a town (otherwise).
fn is_kind(world: &World, token: Entity, vassal: bool) -> bool {
    if vassal {
        world.read::<Vassal>(token).is_some()
    } else {
        world.read::<Town>(token).is_some()
    }
}

/// This realm's towns (or vassals) on provinces of an area.
fn tokens_in(world: &World, realm: Entity, area: Entity, vassal: bool) -> Vec<Entity> {
    token_provinces(world, realm, |t| is_kind(world, t, vassal))
        .into_iter()
        .filter(|p| area_of(world, *p) == Some(area))
        .collect()
}

/// Vassal provinces of a realm in an area (`calm`: only those without unrest).
pub(crate) fn vassals_in(world: &World, realm: Entity, area: Entity, calm: bool) -> Vec<Entity> {
    tokens_in(world, realm, area, true)
        .into_iter()
        .filter(|p| {
            !calm
                || world.read::<Holdings>(*p).is_some_and(|h| {
                    h.iter().any(|t| {
                        world.read::<Vassal>(t).is_some()
                            && world.read::<TokenOf>(t).is_some_and(|o| o.0 == realm)
                            && world.read::<Unrest>(t).is_none()
                    })
                })
        })
        .collect()
}

pub(crate) fn realm_areas(world: &World, realm: Entity, vassal: bool) -> Vec<Entity> {
    let mut areas: Vec<Entity> = token_provinces(world, realm, |t| is_kind(world, t, vassal))
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    areas.sort_by_key(|a| key_of(world, *a));
    areas.dedup();
    areas
}

/// Step G: in each of your town areas of another religion one town gains unrest; in one vassal
/// area of another religion a vassal gains unrest or you remove 1 influence there.
pub(crate) fn spread_religious_dissent(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, visits| {
            if visits > 0 {
                return Visit::Next;
            }
            let name = key_of(world, realm);
            // Optional rule 5: rebel towns in dissenting areas turn to their pentagram side.
            let religious =
                crate::rulesets::pop::rules::religion::religious_rebel_towns(world, realm);
            if !religious.is_empty() {
                let places: Vec<Id> = religious.iter().map(|p| key_of(world, *p)).collect();
                write(
                    world,
                    Note::new(
                        ids::RELIGIOUS_REBELS,
                        format!(
                            "Religious rebels hold {} ({name})",
                            crate::engine::id::join_ids(&places, ", ")
                        ),
                    )
                    .realm(name),
                );
            }
            let vassal_area = realm_areas(world, realm, true)
                .into_iter()
                .find(|a| dissents(world, realm, *a));
            if let Some(area) = vassal_area {
                let calm = vassals_in(world, realm, area, true);
                let influence = influence_in(world, realm, area) > 0;
                if !calm.is_empty() || influence {
                    let area_name = key_of(world, area);
                    write(
                        world,
                        Note::new(
                            ids::SEQ_PHASE3_G,
                            format!("Religious dissent among {name}'s vassals in {area_name}"),
                        )
                        .realm(name),
                    );
                    // The towns' unrest is queued once this is answered: an answer naming a
                    // vassal would otherwise be taken as the place of a queued town's unrest.
                    ask(
                        world,
                        name,
                        DecisionKind::VassalDissent { area: area_name },
                        format!(
                            "Religious dissent in {area_name}: a vassal gains unrest, or remove 1 influence"
                        ),
                    );
                    return Visit::Asked;
                }
            }
            queue_town_dissent(world, realm);
            Visit::Next
        },
        |world, realm, action| {
            match action {
                Action::ChooseProvince { province } => {
                    if let Some(p) = world.res::<Index>().get(province) {
                        crate::rulesets::pop::rules::effects::add_unrest(world, realm, p);
                    }
                }
                Action::RemoveInfluence { area } => {
                    if let Some(a) = world
                        .res::<Index>()
                        .get(area)
                        .filter(|a| influence_in(world, realm, *a) > 0)
                    {
                        crate::rulesets::pop::rules::generic::add_influence(world, realm, a, -1);
                        let name = key_of(world, realm);
                        write(
                            world,
                            Note::new(
                                ids::SEQ_PHASE3_G,
                                format!("{name} removes 1 influence from {area}"),
                            )
                            .realm(name),
                        );
                    }
                }
                _ => {}
            }
            queue_town_dissent(world, realm);
            Visit::Next
        },
    );
}

/// Whether `area`'s faith differs from `realm`'s State Religion (Phase 3 G). An area on a
/// Distant Continent never dissents: "The Religions of Realms and Areas on the Distant
/// Continents are outside the scope of the game mechanics" (EUP-W 15.0).
fn dissents(world: &World, realm: Entity, area: Entity) -> bool {
    if world.read::<Area>(area).is_some_and(|a| a.distant) {
        return false;
    }
    let religion = world.read::<Realm>(realm).map(|r| r.religion);
    !crate::rulesets::pop::rules::religion::same_faith(
        crate::rulesets::pop::rules::religion::area_faith(world, area),
        religion,
    )
}

/// Phase 3 G: in each of the realm's town areas of another faith, one of its towns gains
/// unrest (queued: the realm chooses which town where it has a choice).
fn queue_town_dissent(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let dissenting: Vec<Entity> = realm_areas(world, realm, false)
        .into_iter()
        .filter(|a| dissents(world, realm, *a))
        .collect();
    let mut effects = Vec::new();
    for area in dissenting {
        let area_name = key_of(world, area);
        write(
            world,
            Note::new(
                ids::SEQ_PHASE3_G,
                format!("Religious dissent in {area_name}: a town of {name} gains unrest"),
            )
            .realm(name),
        );
        // "add unrest to 1 of their towns ... in each affected Area" (EUP-W 4.3 G, 15): the
        // vassals' dissent is the next question's.
        effects.push(Effect::TownUnrestIn(area_name, 1));
    }
    if !effects.is_empty() {
        queue_effects(world, realm, effects, "religious dissent");
    }
}

#[cfg(test)]
pub fn answer_colour_for_tests(world: &mut World, colour: &str) {
    answer_liberation_colour(world, colour);
}

#[cfg(test)]
pub fn remove_cb_and_truce_tokens_for_tests(world: &mut World) {
    remove_cb_and_truce_tokens(world);
}
