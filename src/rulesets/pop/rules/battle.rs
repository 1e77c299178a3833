//! Battles (FACTS section 2): what starts one, the Main Defender, leaders and their dice, the
//! house-rule die faces, one hit per unit, heavy ships' automatic hits, casualties in rotation,
//! leader wounds from pairs of outlined faces, retreat at the cost of a unit, rounds until one
//! side is gone, the winner's mil, and how Non-Player Realms and rebels fight.
//!
//! Battles wait in a queue (naval before land) and are fought by `fight`, which callers run
//! like an effect queue: it returns `Waiting` while a side decides whether to retreat.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::{IdeaEffect, MpKind};
use crate::rulesets::pop::decision::{Action, DecisionKind, Pending, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::cards::ActionDecks;
use crate::rulesets::pop::rules::characters::{card_character, make_ill};
use crate::rulesets::pop::rules::economy::change_mp;
use crate::rulesets::pop::rules::effects::Progress;
use crate::rulesets::pop::rules::ideas::idea_effects;
use crate::rulesets::pop::rules::military::{
    Ground, MilitaryAction, commander_at, ground, hostile_units_at, party_of, raise_units,
    release_idle_commanders, turn_rebel, units_at,
};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::state::{Index, key_of, sid_of};

pub struct BattlePlugin;

impl Plugin for BattlePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Battles>();
    }
}

/// A side in a battle: a realm (by stable id) or the rebels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Party {
    Rebels,
    Realm(u32),
}

/// A battle to fight.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BattleSpec {
    /// The area or sea zone (stable id).
    pub place: u32,
    pub attacker: Party,
    pub defender: Party,
    /// Where the attacker came from: where it retreats to.
    pub from: Option<u32>,
    pub naval: bool,
    /// The Action phase's active player, who gains 1 mil for a win (once per turn).
    pub active: Option<u32>,
    /// The attackers are a Non-Player Realm's invaders, who stay on as rebels.
    pub invaders: bool,
    /// The factions defending beside the Main Defender (`defender`), largest first. Every party
    /// at the place hostile to the attacker defends as one force (EUP-W 9.7 "Fighting multiple
    /// Enemies"); `begin` fills this in and names the Main Defender.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub beside: Vec<Party>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Stage {
    Roll,
    AttackerRetreat,
    DefenderRetreat,
}

/// The battle being fought.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Fight {
    pub spec: BattleSpec,
    pub round: u32,
    pub stage: Stage,
    /// The leader a Non-Player Realm or the rebels drew from the military deck (character
    /// stable id).
    pub npr_leader: Option<u32>,
    /// The side asked whether to retreat (0 attacker, 1 defender).
    pub asked: Option<u8>,
    /// The defending faction asked, when it is not the Main Defender: each Player Realm on the
    /// defending side decides its own retreat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked_party: Option<Party>,
    /// The Imperial manpower fighting beside the Emperor (unit stable ids, 18.4): survivors go
    /// back to the pool when the battle ends.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub imperial: Vec<u32>,
}

#[derive(Resource, Clone, Debug, Default, Serialize, PartialEq)]
pub struct Battles {
    pub queue: Vec<BattleSpec>,
    pub current: Option<Fight>,
    /// Battles begun so far in the game.
    pub fought: usize,
    /// Battles against rebels placed by Rebellion results, held back until every Rebel Die
    /// roll has been resolved (14.2); `release_held` queues them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<BattleSpec>,
}

/// A battle that lasts this many rounds breaks off: both sides keep their ground.
pub const MAX_ROUNDS: u32 = 30;
/// Dice every side rolls before leaders and cards.
pub const BASE_DICE: u32 = 3;

/// Queues a battle; naval battles go before land battles.
pub fn queue(world: &mut World, spec: BattleSpec) {
    let mut b = world.res_mut::<Battles>();
    if b.queue.contains(&spec) {
        return;
    }
    if spec.naval {
        let at = b.queue.iter().take_while(|s| s.naval).count();
        b.queue.insert(at, spec);
    } else {
        b.queue.push(spec);
    }
}

/// Holds a battle back until `release_held` (a Rebellion's battle waits for the other dice).
pub fn hold(world: &mut World, spec: BattleSpec) {
    let mut b = world.res_mut::<Battles>();
    if !b.held.contains(&spec) {
        b.held.push(spec);
    }
}

/// Queues the battles held back, in the order they arose; true if there were any.
pub fn release_held(world: &mut World) -> bool {
    let held = std::mem::take(&mut world.res_mut::<Battles>().held);
    let any = !held.is_empty();
    for spec in held {
        queue(world, spec);
    }
    any
}

pub fn busy(world: &World) -> bool {
    let b = world.res::<Battles>();
    b.current.is_some() || !b.queue.is_empty()
}

fn entity(world: &World, sid: u32) -> Option<Entity> {
    world.res::<Index>().by_sid(sid)
}

fn realm_of(world: &World, party: Party) -> Option<Entity> {
    match party {
        Party::Realm(sid) => entity(world, sid),
        Party::Rebels => None,
    }
}

pub fn party_name(world: &World, party: Party) -> String {
    match realm_of(world, party) {
        Some(r) => key_of(world, r).to_string(),
        None => "the rebels".to_string(),
    }
}

/// The parties fighting on a side: the attacker, or the Main Defender and the factions
/// defending beside it.
pub fn side_parties(spec: &BattleSpec, side: usize) -> Vec<Party> {
    if side == 0 {
        vec![spec.attacker]
    } else {
        std::iter::once(spec.defender)
            .chain(spec.beside.iter().copied())
            .collect()
    }
}

fn faction_units(world: &World, spec: &BattleSpec, party: Party) -> Vec<Entity> {
    match entity(world, spec.place) {
        Some(place) => units_at(world, place, party, !spec.naval),
        None => Vec::new(),
    }
}

/// Every unit fighting on a side.
pub fn side_units(world: &World, spec: &BattleSpec, side: usize) -> Vec<Entity> {
    let mut out = Vec::new();
    for party in side_parties(spec, side) {
        out.extend(faction_units(world, spec, party));
    }
    out
}

/// The names of a side's parties ("AAA", "AAA and BBB", "AAA, BBB and the rebels"); with
/// `present`, only those with units left at the place (all of them if none has).
fn side_name(world: &World, spec: &BattleSpec, side: usize, present: bool) -> String {
    let all = side_parties(spec, side);
    let mut parties: Vec<Party> = all
        .iter()
        .copied()
        .filter(|p| !present || !faction_units(world, spec, *p).is_empty())
        .collect();
    if parties.is_empty() {
        parties = all;
    }
    let names: Vec<String> = parties.iter().map(|p| party_name(world, *p)).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Whether a unit fights against `attacker`: for a Player Realm, a rebel or a unit of a realm
/// at war with it; for a Non-Player Realm, a unit of a realm at war with it (rebels fight
/// beside Non-Player Realms, 13.4); for the rebels, a Player Realm's unit.
fn opposes(world: &World, attacker: Party, unit: Entity) -> bool {
    let owner = world.read::<UnitOf>(unit).map(|o| o.0);
    match attacker {
        Party::Rebels => owner.is_some_and(|o| world.read::<PlayerRealm>(o).is_some()),
        Party::Realm(sid) => {
            let Some(realm) = entity(world, sid) else {
                return false;
            };
            match owner {
                Some(o) => at_war_between(world, realm, o),
                None => {
                    world.read::<PlayerRealm>(realm).is_some()
                        && world
                            .read::<Unit>(unit)
                            .is_some_and(|u| u.status == UnitStatus::Rebel)
                }
            }
        }
    }
}

/// The parties with land units (or ships) at `place` that fight against `attacker`, each with
/// its count of units, in the order first met.
pub fn opposing_parties(
    world: &World,
    attacker: Party,
    place: Entity,
    land: bool,
) -> Vec<(usize, Party)> {
    let mut counts: Vec<(usize, Party)> = Vec::new();
    let Some(present) = world.read::<Present>(place) else {
        return counts;
    };
    for u in present.iter() {
        if world
            .read::<Unit>(u)
            .is_none_or(|x| x.kind.is_land() != land)
            || !opposes(world, attacker, u)
        {
            continue;
        }
        let Some(p) = party_of(world, u) else {
            continue;
        };
        match counts.iter_mut().find(|(_, q)| *q == p) {
            Some(entry) => entry.0 += 1,
            None => counts.push((1, p)),
        }
    }
    counts
}

fn is_player(world: &World, party: Party) -> bool {
    realm_of(world, party).is_some_and(|r| world.read::<PlayerRealm>(r).is_some())
}

/// The defending side of a battle about to begin: the party it was aimed at and every other
/// party with units at the place hostile to the attacker defend as one force (EUP-W 9.7
/// "Fighting multiple Enemies"). The Main Defender is the Player Realm with the most units
/// (with none, the party with the most units); ties go to the party the battle was aimed at,
/// then by stable id. The others follow, largest first. None when nobody defends.
fn defending_side(world: &World, spec: &BattleSpec) -> Option<(Party, Vec<Party>)> {
    let place = entity(world, spec.place)?;
    let land = !spec.naval;
    let mut counts = opposing_parties(world, spec.attacker, place, land);
    // The party the battle was aimed at defends, hostile or not by now.
    if !counts.iter().any(|(_, p)| *p == spec.defender) {
        counts.push((
            units_at(world, place, spec.defender, land).len(),
            spec.defender,
        ));
    }
    counts.retain(|(n, _)| *n > 0);
    counts.sort_by_key(|(n, p)| (std::cmp::Reverse(*n), *p != spec.defender, *p));
    let any_player = counts.iter().any(|(_, p)| is_player(world, *p));
    let main = counts
        .iter()
        .map(|(_, p)| *p)
        .find(|p| !any_player || is_player(world, *p))?;
    let beside = counts
        .iter()
        .map(|(_, p)| *p)
        .filter(|p| *p != main)
        .collect();
    Some((main, beside))
}

/// Fights queued battles until one needs a decision or none is left.
pub fn fight(world: &mut World) -> Progress {
    loop {
        if world.res::<Pending>().0.is_some() {
            return Progress::Waiting;
        }
        // Asked after every step of a turn: with no battle on, nothing is copied.
        let idle = {
            let battles = world.res::<Battles>();
            battles.current.is_none() && battles.queue.is_empty()
        };
        if idle {
            return Progress::Done;
        }
        let battles = world.res::<Battles>().clone();
        let Some(current) = battles.current else {
            if battles.queue.is_empty() {
                return Progress::Done;
            }
            let spec = world.res_mut::<Battles>().queue.remove(0);
            begin(world, spec);
            continue;
        };
        match current.stage {
            Stage::Roll => {
                roll_round(world, &current);
                let (a, d) = (
                    side_units(world, &current.spec, 0).len(),
                    side_units(world, &current.spec, 1).len(),
                );
                if a == 0 || d == 0 {
                    finish(
                        world,
                        if a > 0 {
                            Some(0)
                        } else if d > 0 {
                            Some(1)
                        } else {
                            None
                        },
                    );
                } else if current.round + 1 >= MAX_ROUNDS {
                    let place = place_name(world, &current.spec);
                    write(
                        world,
                        Note::new(
                            ids::BATTLE_RESULT,
                            format!("The battle at {place} breaks off after {MAX_ROUNDS} rounds"),
                        ),
                    );
                    finish(world, None);
                } else {
                    set_stage(world, Stage::AttackerRetreat);
                }
            }
            Stage::AttackerRetreat => {
                if ask_retreat(world, &current, 0, current.spec.attacker) {
                    return Progress::Waiting;
                }
                set_stage(world, Stage::DefenderRetreat);
            }
            Stage::DefenderRetreat => {
                if npr_gives_way(world, &current) {
                    continue;
                }
                if ask_next_defender(world, &current, None) {
                    return Progress::Waiting;
                }
                next_round(world);
            }
        }
    }
}

fn set_stage(world: &mut World, stage: Stage) {
    if let Some(f) = world.res_mut::<Battles>().current.as_mut() {
        f.stage = stage;
    }
}

fn next_round(world: &mut World) {
    if let Some(f) = world.res_mut::<Battles>().current.as_mut() {
        f.stage = Stage::Roll;
        f.round += 1;
    }
}

fn place_name(world: &World, spec: &BattleSpec) -> Id {
    entity(world, spec.place)
        .map(|p| key_of(world, p))
        .unwrap_or_default()
}

fn begin(world: &mut World, mut spec: BattleSpec) {
    let Some((main, beside)) = defending_side(world, &spec) else {
        return;
    };
    spec.defender = main;
    spec.beside = beside;
    let a = side_units(world, &spec, 0).len();
    let d = side_units(world, &spec, 1).len();
    if a == 0 || d == 0 {
        return;
    }
    world.res_mut::<Battles>().fought += 1;
    let place = place_name(world, &spec);
    let (an, dn) = (
        party_name(world, spec.attacker),
        side_name(world, &spec, 1, false),
    );
    let mut note = Note::new(
        ids::BATTLE_START,
        format!("Battle at {place}: {an} ({a} units) attacks {dn} ({d} units)"),
    )
    .subject(spec.place)
    .amount((a + d) as i32);
    if let Some(r) = realm_of(world, spec.attacker) {
        note = note.realm(key_of(world, r));
    }
    write(world, note);
    if !spec.beside.is_empty() {
        let main_name = party_name(world, main);
        let others: Vec<String> = spec
            .beside
            .iter()
            .map(|p| {
                format!(
                    "{} ({} units)",
                    party_name(world, *p),
                    faction_units(world, &spec, *p).len()
                )
            })
            .collect();
        let mut note = Note::new(
            ids::BATTLE_MAIN_DEFENDER,
            format!(
                "Main Defender at {place}: {main_name} ({} units); beside it: {}. Only the Main Defender's leader leads and only its dice are rolled",
                faction_units(world, &spec, main).len(),
                others.join(", ")
            ),
        )
        .subject(spec.place);
        if let Some(r) = realm_of(world, main) {
            note = note.realm(key_of(world, r));
        }
        write(world, note);
    }
    if spec.naval {
        write(
            world,
            Note::new(
                ids::BATTLE_NAVAL,
                format!("A naval battle at {place}: ships before armies"),
            )
            .subject(spec.place),
        );
    }
    if spec.attacker == Party::Rebels || spec.defender == Party::Rebels {
        write(
            world,
            Note::new(
                ids::REBEL_BATTLE,
                format!("Rebels fight at {place}, to the last man"),
            )
            .subject(spec.place),
        );
    }
    // A Non-Player Realm defending with 3 or more units draws a leader from the military deck;
    // rebels, who fight just like NPR units (14.3), draw one too when 3 or more of them defend.
    // (The Main Defender is a Player Realm whenever one defends: then its general leads.)
    let mut npr_leader = None;
    if let Some(npr) =
        realm_of(world, spec.defender).filter(|r| world.read::<NonPlayerRealm>(*r).is_some())
    {
        if d >= 3 {
            let name = key_of(world, npr);
            npr_leader = draw_npr_leader(world, &name, ids::BATTLE_NPR_DEFENCE);
        }
    } else if spec.defender == Party::Rebels && d >= 3 {
        npr_leader = draw_npr_leader(world, "The rebels", ids::REBEL_BATTLE);
    }
    let imperial = crate::rulesets::pop::rules::empire::raise_imperial_manpower(world, &spec);
    world.res_mut::<Battles>().current = Some(Fight {
        spec,
        round: 0,
        stage: Stage::Roll,
        npr_leader,
        asked: None,
        asked_party: None,
        imperial,
    });
}

/// The top Military card, discarded; its leader (one rolling dice) leads the NPR or rebel side
/// called `name`.
fn draw_npr_leader(world: &mut World, name: &str, rule: &'static str) -> Option<u32> {
    let card = world.resource_scope(|world, mut decks: Mut<ActionDecks>| {
        let card = decks.draw(MpKind::Mil, &mut world.res_mut::<GameRng>());
        if let Some(c) = card {
            decks.discard(c, MpKind::Mil);
        }
        card
    })?;
    let leader = card_character(world, card).filter(|ch| {
        world
            .read::<Character>(*ch)
            .is_some_and(|x| x.kind == CharacterKind::Leader && x.dice > 0)
    })?;
    let who = key_of(world, leader);
    // A Non-Player Realm is one realm ("is"), the rebels many ("are").
    let note = if rule == ids::BATTLE_NPR_DEFENCE {
        Note::new(
            rule,
            format!("{name} is led by {who}, drawn from the military deck"),
        )
        .realm(name)
    } else {
        Note::new(
            rule,
            format!("{name} are led by {who}, drawn from the military deck"),
        )
    };
    write(world, note);
    Some(sid_of(world, leader))
}

/// The faces of the battle dice (FACTS section 2, house-rule counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Face {
    Infantry,
    /// The outlined ("tercio") infantry face.
    Outlined,
    Cavalry,
    Artillery,
    Blank,
}

/// The three kinds of battle die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Die {
    White,
    Cavalry,
    Blue,
}

impl Die {
    pub fn faces(self) -> [Face; 6] {
        use Face::*;
        match self {
            Die::White => [Infantry, Infantry, Outlined, Cavalry, Artillery, Blank],
            Die::Cavalry => [Cavalry, Cavalry, Cavalry, Infantry, Outlined, Blank],
            Die::Blue => [Artillery, Artillery, Artillery, Infantry, Outlined, Blank],
        }
    }
}

/// Hits a side scores with these faces: each unit matches at most one face of its type;
/// infantry matches infantry or outlined faces (an outlined face counts twice with the
/// Tercios idea); every ship matches an artillery face, and heavy ships add a hit each.
pub fn hits(units: &[Unit], faces: &[Face], tercios: bool) -> u32 {
    let count = |f: Face| faces.iter().filter(|x| **x == f).count() as u32;
    let of = |k: UnitKind| units.iter().filter(|u| u.kind == k).count() as u32;
    let ships = units.iter().filter(|u| !u.kind.is_land()).count() as u32;
    if ships > 0 {
        return ships.min(count(Face::Artillery)) + of(UnitKind::HeavyShip);
    }
    let outlined = count(Face::Outlined) * if tercios { 2 } else { 1 };
    of(UnitKind::Infantry).min(count(Face::Infantry) + outlined)
        + of(UnitKind::Cavalry).min(count(Face::Cavalry))
        + of(UnitKind::Artillery).min(count(Face::Artillery))
}

fn leader_of(world: &World, fight: &Fight, side: usize) -> Option<Entity> {
    let party = if side == 0 {
        fight.spec.attacker
    } else {
        fight.spec.defender
    };
    if party == Party::Rebels {
        // Rebels fight just like NPR units (14.3): the leader they drew, if any.
        return fight.npr_leader.and_then(|s| entity(world, s));
    }
    let realm = realm_of(world, party)?;
    let place = entity(world, fight.spec.place)?;
    if world.read::<NonPlayerRealm>(realm).is_some() {
        return fight.npr_leader.and_then(|s| entity(world, s));
    }
    // A land battle is fought in an area (by the general there), a naval one at sea.
    let land = world.read::<SeaZone>(place).is_none();
    commander_at(world, realm, place, land)
}

fn roll_round(world: &mut World, fight: &Fight) {
    let place = place_name(world, &fight.spec);
    let mut rolled: Vec<Vec<Face>> = Vec::new();
    let mut scored = [0u32; 2];
    // The leader each side fought under this round (none once its Main Defender has left).
    let mut led: [Option<Entity>; 2] = [None, None];
    for side in 0..2 {
        let units: Vec<Unit> = side_units(world, &fight.spec, side)
            .iter()
            .filter_map(|u| world.read::<Unit>(*u).copied())
            .collect();
        // Only the Main Defender rolls, with its leader (EUP-W 9.7); when it has left the
        // battle, the next faction still in it rolls, without a leader.
        let main = side_parties(&fight.spec, side)[0];
        let party = side_parties(&fight.spec, side)
            .into_iter()
            .find(|p| !faction_units(world, &fight.spec, *p).is_empty())
            .unwrap_or(main);
        let realm = realm_of(world, party);
        let leader = leader_of(world, fight, side).filter(|_| party == main);
        led[side] = leader;
        let leader_dice = leader
            .and_then(|l| world.read::<Character>(l))
            .map_or(0, |c| u32::from(c.dice));
        let muslim = realm
            .and_then(|r| world.read::<Realm>(r))
            .is_some_and(|r| r.religion.muslim());
        let cavalry = units.iter().filter(|u| u.kind == UnitKind::Cavalry).count();
        let infantry = units
            .iter()
            .filter(|u| u.kind == UnitKind::Infantry)
            .count();
        let die = if fight.spec.naval {
            Die::Blue
        } else if muslim && cavalry > infantry {
            Die::Cavalry
        } else {
            Die::White
        };
        let tercios = realm.is_some_and(|r| {
            idea_effects(world, r)
                .iter()
                .any(|e| matches!(e, IdeaEffect::Tercios))
        });
        // Naval Ideas add dice at sea.
        let idea_dice = match realm {
            Some(r) if fight.spec.naval => crate::rulesets::pop::rules::ideas::naval_dice(world, r),
            _ => 0,
        };
        let faces: Vec<Face> = (0..BASE_DICE + leader_dice + idea_dice)
            .map(|_| die.faces()[usize::from(world.res_mut::<GameRng>().d6() - 1)])
            .collect();
        let h = hits(&units, &faces, tercios);
        let name = party_name(world, party);
        let mut note = Note::new(
            ids::BATTLE_DICE,
            format!(
                "{name} rolls {} {die:?} dice at {place} (round {}): {}; {h} hits",
                faces.len(),
                fight.round + 1,
                faces
                    .iter()
                    .map(|f| format!("{f:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .subject(fight.spec.place)
        .amount(h as i32);
        if let Some(r) = realm {
            note = note.realm(key_of(world, r));
        }
        write(world, note);
        scored[side] = h;
        rolled.push(faces);
    }
    // Hits land at once on both sides.
    let lost = [
        take_casualties(world, &fight.spec, 0, scored[1]),
        take_casualties(world, &fight.spec, 1, scored[0]),
    ];
    // Each pair of outlined faces wounds the enemy leader, if the enemy lost a unit.
    for side in 0..2 {
        let enemy = 1 - side;
        let pairs = rolled[side]
            .iter()
            .filter(|f| **f == Face::Outlined)
            .count()
            / 2;
        if pairs == 0 || lost[enemy] == 0 {
            continue;
        }
        let Some(leader) = led[enemy] else {
            continue;
        };
        wound_leader(world, leader, pairs, &place);
    }
}

/// A leader takes a wound for each of `pairs` pairs of outlined faces, until its second Ill
/// Health token (7.2: it dies, or stops commanding a ruler's army); a leader who died of an
/// earlier wound has left play and takes no more.
pub(crate) fn wound_leader(world: &mut World, leader: Entity, pairs: usize, place: &str) {
    for _ in 0..pairs {
        // Leaving play put its tokens back in the supply (its Ill Health reads 0 again).
        if world.read::<IllHealth>(leader).is_some_and(|i| i.0 >= 2)
            || world.read::<Serves>(leader).is_none()
        {
            break;
        }
        let who = key_of(world, leader);
        write(
            world,
            Note::new(
                ids::BATTLE_LEADER_WOUND,
                format!("{who} is wounded at {place}"),
            )
            .subject(sid_of(world, leader)),
        );
        make_ill(world, leader);
        if world.read::<IllHealth>(leader).is_some_and(|i| i.0 >= 2) {
            world.entity_mut(leader).remove::<InCommand>();
        }
    }
}

/// Removes `hits` units from a side. With several factions on the side the hits alternate
/// between them, largest first (EUP-W 9.7 "Assigning Casualties to multiple defenders"; ties in
/// the side's order); within a faction they go in the rotation mercenary, regular, allied
/// (cheapest kind first), and a heavy ship is damaged by its first hit and sunk by the second.
/// Returns the units lost.
pub fn take_casualties(world: &mut World, spec: &BattleSpec, side: usize, hits: u32) -> u32 {
    let parties = side_parties(spec, side);
    let mut order: Vec<(usize, usize)> = parties
        .iter()
        .enumerate()
        .map(|(i, p)| (faction_units(world, spec, *p).len(), i))
        .collect();
    order.sort_by_key(|(n, i)| (std::cmp::Reverse(*n), *i));
    let mut rotation = vec![0usize; parties.len()];
    let mut lost = vec![0u32; parties.len()];
    let mut hit = vec![false; parties.len()];
    let mut next = 0usize;
    for _ in 0..hits {
        let mut landed = false;
        for k in 0..order.len() {
            let i = order[(next + k) % order.len()].1;
            if let Some(killed) = hit_faction(world, spec, parties[i], &mut rotation[i]) {
                lost[i] += u32::from(killed);
                hit[i] = true;
                next = (next + k + 1) % order.len();
                landed = true;
                break;
            }
        }
        if !landed {
            break;
        }
    }
    if hits > 0 {
        let place = place_name(world, spec);
        for (i, party) in parties.iter().enumerate() {
            if parties.len() > 1 && !hit[i] {
                continue;
            }
            let name = party_name(world, *party);
            let mut note = Note::new(
                ids::BATTLE_CASUALTIES,
                format!("{name} loses {} units at {place}", lost[i]),
            )
            .subject(spec.place)
            .amount(lost[i] as i32);
            if let Some(r) = realm_of(world, *party) {
                note = note.realm(key_of(world, r));
            }
            write(world, note);
        }
    }
    lost.iter().sum()
}

/// One hit on a faction: the next status in its rotation (mercenary, regular, allied; `turn`
/// keeps its place) that has units, and within it the cheapest kind. Some(true) when a unit
/// was lost, Some(false) when a heavy ship was only damaged, None when the faction has no
/// units left.
fn hit_faction(
    world: &mut World,
    spec: &BattleSpec,
    party: Party,
    turn: &mut usize,
) -> Option<bool> {
    let rotation = [
        UnitStatus::Mercenary,
        UnitStatus::Regular,
        UnitStatus::Allied,
    ];
    let units = faction_units(world, spec, party);
    if units.is_empty() {
        return None;
    }
    let status_of = |u: Entity| {
        let s = world.read::<Unit>(u).map(|x| x.status);
        match s {
            Some(UnitStatus::Rebel) | None => UnitStatus::Regular,
            Some(s) => s,
        }
    };
    // The next status in the rotation that has units.
    let mut pick_status = None;
    for k in 0..3 {
        let st = rotation[(*turn + k) % 3];
        if units.iter().any(|u| status_of(*u) == st) {
            pick_status = Some(st);
            *turn = (*turn + k + 1) % 3;
            break;
        }
    }
    let st = pick_status?;
    let order = |u: &Unit| match u.kind {
        UnitKind::HeavyShip if u.damaged => 0,
        UnitKind::Infantry | UnitKind::Galley => 1,
        UnitKind::Cavalry | UnitKind::LightShip => 2,
        UnitKind::Artillery | UnitKind::HeavyShip => 3,
    };
    let victim = units
        .iter()
        .copied()
        .filter(|u| status_of(*u) == st)
        .min_by_key(|u| (world.read::<Unit>(*u).map_or(9, order), sid_of(world, *u)))?;
    let unit = *world.read::<Unit>(victim).expect("unit");
    if unit.kind == UnitKind::HeavyShip && !unit.damaged {
        world.get_mut::<Unit>(victim).expect("unit").damaged = true;
        return Some(false);
    }
    if unit.kind.is_land()
        && unit.status == UnitStatus::Regular
        && let Some(owner) = world.read::<UnitOf>(victim).map(|o| o.0)
        && let Some(mut m) = world.get_mut::<Mat>(owner)
    {
        m.exhausted_manpower += 1;
    }
    world.despawn(victim);
    Some(true)
}

/// Where a party on a side may retreat: the attacker back where it came from (else like a
/// defender); a defending faction to a neighbouring area or sea zone with no enemy in it.
pub fn retreat_destinations(
    world: &World,
    fight: &Fight,
    side: usize,
    party: Party,
) -> Vec<Entity> {
    let Some(realm) = realm_of(world, party) else {
        return Vec::new();
    };
    let Some(place) = entity(world, fight.spec.place) else {
        return Vec::new();
    };
    let land = !fight.spec.naval;
    let safe = |to: Entity| {
        !hostile_units_at(world, realm, to, land)
            && (!land || ground(world, realm, to) != Ground::Hostile)
    };
    if side == 0
        && let Some(from) = fight.spec.from.and_then(|f| entity(world, f))
        && safe(from)
    {
        return vec![from];
    }
    let mut next: Vec<Entity> = if land {
        world
            .read::<LandBorders>(place)
            .map(|b| b.0.iter().map(|(a, _)| *a).collect())
            .unwrap_or_default()
    } else {
        world
            .read::<SeaNeighbours>(place)
            .map(|n| n.0.clone())
            .unwrap_or_default()
    };
    next.retain(|a| safe(*a) && (!land || ground(world, realm, *a) != Ground::Neutral));
    next.sort_by_cached_key(|a| sid_of(world, *a));
    next
}

/// The party a retreat question went to: the attacker, the Main Defender, or the defending
/// faction named in the fight.
fn asked_party(fight: &Fight, side: usize) -> Party {
    if side == 0 {
        fight.spec.attacker
    } else {
        fight.asked_party.unwrap_or(fight.spec.defender)
    }
}

/// Asks a Player Realm fighting on a side whether to retreat. Returns true when it asked.
fn ask_retreat(world: &mut World, fight: &Fight, side: usize, party: Party) -> bool {
    let Some(realm) = realm_of(world, party) else {
        return false;
    };
    let mine = faction_units(world, &fight.spec, party).len();
    if world.read::<PlayerRealm>(realm).is_none()
        || mine == 0
        || retreat_destinations(world, fight, side, party).is_empty()
    {
        return false;
    }
    let main = side_parties(&fight.spec, side)[0];
    if let Some(f) = world.res_mut::<Battles>().current.as_mut() {
        f.asked = Some(side as u8);
        f.asked_party = (party != main).then_some(party);
    }
    let place = place_name(world, &fight.spec);
    let ours = side_units(world, &fight.spec, side).len();
    let theirs = side_units(world, &fight.spec, 1 - side).len();
    let yours = if ours > mine {
        format!("your {mine} units ({ours} on your side)")
    } else {
        format!("your {mine} units")
    };
    ask(
        world,
        key_of(world, realm),
        DecisionKind::BattleRetreat { place },
        format!(
            "Battle at {place}: {yours} against {theirs}. Retreat (losing one more unit), or fight on"
        ),
    );
    true
}

/// Asks the next defending faction after `after` (from the Main Defender when None) whether to
/// retreat: each decides for itself (EUP-W 9.7, "they may each pick the destination of their
/// Retreat"). Returns true when it asked.
fn ask_next_defender(world: &mut World, fight: &Fight, after: Option<Party>) -> bool {
    let parties = side_parties(&fight.spec, 1);
    let start = after
        .and_then(|p| parties.iter().position(|q| *q == p))
        .map_or(0, |i| i + 1);
    parties[start..]
        .iter()
        .any(|p| ask_retreat(world, fight, 1, *p))
}

/// Answers for a retreat question (legal or not).
pub fn retreat_candidates(world: &World) -> Vec<Action> {
    let Some(fight) = world.res::<Battles>().current.clone() else {
        return Vec::new();
    };
    let side = usize::from(fight.asked.unwrap_or(0));
    let party = asked_party(&fight, side);
    let mut all: Vec<Action> = retreat_destinations(world, &fight, side, party)
        .into_iter()
        .map(|a| Action::Retreat {
            to: key_of(world, a),
        })
        .collect();
    all.push(Action::Decline);
    all
}

/// Delivers an answer to the battle in progress. Returns false when it asked nothing.
pub fn answer(world: &mut World, action: &Action) -> bool {
    let Some(fight) = world.res::<Battles>().current.clone() else {
        return false;
    };
    let Some(side) = fight.asked.map(usize::from) else {
        return false;
    };
    let party = asked_party(&fight, side);
    if let Some(f) = world.res_mut::<Battles>().current.as_mut() {
        f.asked = None;
        f.asked_party = None;
    }
    match action {
        Action::Retreat { to } => {
            let Some(to) = world.res::<Index>().get(to) else {
                return true;
            };
            retreat(world, &fight, side, party, to);
            // Defenders still in the battle decide in their turn.
            if side == 1 && world.res::<Battles>().current.is_some() {
                next_defender_or_round(world, &fight, party);
            }
        }
        _ if side == 0 => set_stage(world, Stage::DefenderRetreat),
        _ => next_defender_or_round(world, &fight, party),
    }
    true
}

fn next_defender_or_round(world: &mut World, fight: &Fight, after: Party) {
    if !ask_next_defender(world, fight, Some(after)) {
        next_round(world);
    }
}

fn retreat(world: &mut World, fight: &Fight, side: usize, party: Party, to: Entity) {
    // Retreating costs one more casualty.
    let mut turn = 0;
    let lost = hit_faction(world, &fight.spec, party, &mut turn).is_some_and(|killed| killed);
    let name = party_name(world, party);
    let place = place_name(world, &fight.spec);
    let mut note = Note::new(
        ids::BATTLE_CASUALTIES,
        format!("{name} loses {} units at {place}", u32::from(lost)),
    )
    .subject(fight.spec.place)
    .amount(i32::from(lost));
    if let Some(r) = realm_of(world, party) {
        note = note.realm(key_of(world, r));
    }
    write(world, note);
    let units = faction_units(world, &fight.spec, party);
    for u in &units {
        crate::rulesets::pop::rules::military::place_unit(world, *u, to);
    }
    // The leader goes with its army: the side's leader (the attacker's, the Main Defender's),
    // or a co-defending Player Realm's own general, who did not lead in the battle.
    let leader = if party == side_parties(&fight.spec, side)[0] {
        leader_of(world, fight, side)
    } else {
        realm_of(world, party)
            .filter(|r| world.read::<PlayerRealm>(*r).is_some())
            .zip(entity(world, fight.spec.place))
            .and_then(|(r, place)| commander_at(world, r, place, !fight.spec.naval))
    };
    if let Some(leader) = leader
        && world.read::<Serves>(leader).is_some()
    {
        world.entity_mut(leader).insert(InCommand(to));
    }
    let mut note = Note::new(
        ids::BATTLE_RETREAT,
        format!(
            "{name} retreats from {place} to {} with {} units",
            key_of(world, to),
            units.len()
        ),
    )
    .subject(fight.spec.place);
    if let Some(r) = realm_of(world, party) {
        note = note.realm(key_of(world, r));
    }
    write(world, note);
    // The battle ends when the whole side has left; a defending faction leaving alone leaves
    // the others fighting.
    if side_units(world, &fight.spec, side).is_empty() {
        finish(world, Some(1 - side));
    }
}

/// A defending Non-Player Realm gives way (its units leave) when its side has fewer units than
/// the attacker, unless it stands in its capital area or last area, beside rebels, or at sea
/// next to its capital. Each Non-Player Realm on the side decides for itself. Returns true when
/// the battle ended so.
fn npr_gives_way(world: &mut World, fight: &Fight) -> bool {
    let nprs: Vec<(Party, Entity)> = side_parties(&fight.spec, 1)
        .into_iter()
        .filter_map(|p| realm_of(world, p).map(|r| (p, r)))
        .filter(|(_, r)| world.read::<NonPlayerRealm>(*r).is_some())
        .collect();
    if nprs.is_empty() {
        return false;
    }
    let Some(place) = entity(world, fight.spec.place) else {
        return false;
    };
    let theirs = side_units(world, &fight.spec, 0).len();
    for (party, npr) in nprs {
        if side_units(world, &fight.spec, 1).len() >= theirs {
            break;
        }
        let mine = faction_units(world, &fight.spec, party);
        if mine.is_empty() {
            continue;
        }
        let capital_area = world
            .read::<Capital>(npr)
            .and_then(|c| world.read::<InArea>(c.0))
            .map(|a| a.0);
        let stands = if fight.spec.naval {
            capital_area
                .and_then(|a| world.read::<Coasts>(a))
                .is_some_and(|c| c.0.contains(&place))
        } else {
            let last_area = world.read::<Owns>(npr).is_some_and(|o| {
                o.iter()
                    .all(|p| world.read::<InArea>(p).map(|a| a.0) == Some(place))
            });
            let rebels_beside = !units_at(world, place, Party::Rebels, true).is_empty();
            capital_area == Some(place) || last_area || rebels_beside
        };
        if stands {
            continue;
        }
        for u in &mine {
            world.despawn(*u);
        }
        let name = key_of(world, npr);
        write(
            world,
            Note::new(
                ids::BATTLE_RETREAT,
                format!(
                    "{name} has fewer units and gives way at {}",
                    place_name(world, &fight.spec)
                ),
            )
            .realm(name)
            .subject(fight.spec.place),
        );
    }
    if side_units(world, &fight.spec, 1).is_empty() {
        finish(world, Some(0));
        return true;
    }
    false
}

fn finish(world: &mut World, winner: Option<usize>) {
    let Some(fight) = world.res_mut::<Battles>().current.take() else {
        return;
    };
    crate::rulesets::pop::rules::empire::return_imperial_manpower(world, &fight.imperial);
    let spec = fight.spec.clone();
    let place = place_name(world, &spec);
    if let Some(w) = winner {
        let name = side_name(world, &spec, w, true);
        // Several parties win together ("Castile and Portugal win").
        let verb = if name.contains(" and ") {
            "win"
        } else {
            "wins"
        };
        let mut note = Note::new(
            ids::BATTLE_RESULT,
            format!(
                "{name} {verb} the battle at {place} against {}",
                side_name(world, &spec, 1 - w, false)
            ),
        )
        .subject(spec.place);
        if let Some(r) = realm_of(world, side_parties(&spec, w)[0]) {
            note = note.realm(key_of(world, r));
        }
        write(world, note);
        // The active player winning in the Action phase gains 1 mil, once per turn.
        if let Some(active) = spec.active
            && side_parties(&spec, w).contains(&Party::Realm(active))
            && !faction_units(world, &spec, Party::Realm(active)).is_empty()
        {
            let given = world.res::<MilitaryAction>().battle_mil_given;
            if !given && let Some(r) = entity(world, active) {
                world.res_mut::<MilitaryAction>().battle_mil_given = true;
                change_mp(world, r, MpKind::Mil, 1, ids::BATTLE_RESULT);
            }
        }
    }
    // Units Non-Player Realms raised to defend leave the board (13.4).
    for party in side_parties(&spec, 1) {
        if realm_of(world, party).is_some_and(|r| world.read::<NonPlayerRealm>(r).is_some()) {
            for u in faction_units(world, &spec, party) {
                world.despawn(u);
            }
        }
    }
    // Invaders stay on as rebels.
    if spec.invaders {
        let invaders = side_units(world, &spec, 0);
        turn_rebel(world, &invaders);
    }
    release_idle_commanders(world);
}

/// Raises a Non-Player Realm's defence of `area` against an enemy: infantry equal to its
/// military capacity there (tax value of its unoccupied provinces in the area and adjacent
/// areas, distant ones double; adjacent areas with hostile units count only for themselves;
/// each province once per turn; half for an active ally). Returns the units raised.
pub fn raise_npr_defence(world: &mut World, npr: Entity, area: Entity) -> usize {
    let used = world.res::<MilitaryAction>().capacity_used.clone();
    let mut areas = vec![area];
    if let Some(b) = world.read::<LandBorders>(area) {
        areas.extend(b.0.iter().map(|(a, _)| *a));
    }
    let mut capacity = 0;
    let mut counted = Vec::new();
    for a in areas {
        if a != area && hostile_units_at(world, npr, a, true) {
            continue;
        }
        let distant = world.read::<Area>(a).is_some_and(|x| x.distant);
        for p in provinces_of(world, a) {
            let sid = sid_of(world, p);
            let held = world.read::<OwnedBy>(p).is_some_and(|o| o.0 == npr)
                && world.read::<ControlledBy>(p).is_none_or(|c| c.0 == npr);
            if held && !used.contains(&sid) {
                let value = world.read::<Province>(p).map_or(1, |x| x.tax_value());
                capacity += if distant { 2 * value } else { value };
                counted.push(sid);
            }
        }
    }
    // Only an Active Ally holds back half its strength (11.3 Active Allies): a Non-Player Realm
    // left a plain ally by the Player Realm that answered its call defends in full.
    let active_ally =
        crate::rulesets::pop::rules::war::active_allies(world).contains(&sid_of(world, npr));
    if active_ally {
        capacity /= 2;
    }
    // Under a Non-Player Emperor an area of the Empire is defended by the Empire as well
    // (18.8), once per area and turn.
    let area_sid = sid_of(world, area);
    let before = world.res::<MilitaryAction>().hre_outsiders_before;
    let imperial = match before {
        Some(n)
            if !world
                .res::<MilitaryAction>()
                .empire_defended
                .contains(&area_sid) =>
        {
            crate::rulesets::pop::rules::empire::npr_empire_defence(world, npr, area, n)
        }
        _ => 0,
    };
    if imperial != 0 {
        world
            .res_mut::<MilitaryAction>()
            .empire_defended
            .push(area_sid);
        let total = (capacity + imperial).max(0);
        let name = key_of(world, npr);
        write(
            world,
            Note::new(
                ids::BATTLE_NPR_DEFENCE,
                format!(
                    "The Empire stands by {name} in {}: {imperial:+} units (3 x Imperial Authority, less 2 for each area of the Empire outsiders already held)",
                    key_of(world, area)
                ),
            )
            .realm(name)
            .subject(area_sid)
            .amount(imperial),
        );
        capacity = total;
    }
    world
        .res_mut::<MilitaryAction>()
        .capacity_used
        .extend(counted);
    raise_units(
        world,
        Some(npr),
        area,
        UnitKind::Infantry,
        UnitStatus::Regular,
        capacity as usize,
    );
    let name = key_of(world, npr);
    write(
        world,
        Note::new(
            ids::BATTLE_NPR_DEFENCE,
            format!(
                "{name} defends {} with {capacity} infantry{}",
                key_of(world, area),
                if active_ally {
                    " (half: an active ally)"
                } else {
                    ""
                }
            ),
        )
        .realm(name)
        .subject(sid_of(world, area))
        .amount(capacity),
    );
    capacity as usize
}

/// Raises a Non-Player Realm's fleet in a sea zone: light ships equal to its naval capacity
/// there (ports facing it, a large port 2; each once per turn). Returns the ships raised.
pub fn raise_npr_fleet(world: &mut World, npr: Entity, sea: Entity) -> usize {
    let used = world.res::<MilitaryAction>().capacity_used.clone();
    let ports: Vec<(Entity, bool)> = world
        .read::<Owns>(npr)
        .map(|o| {
            o.iter()
                .filter_map(|p| world.read::<Province>(p).map(|x| (p, x.port, x.large_port)))
                .filter(|(_, port, _)| *port == Some(sea))
                .map(|(p, _, large)| (p, large))
                .collect()
        })
        .unwrap_or_default();
    let mut ships = 0;
    let mut counted = Vec::new();
    for (p, large) in ports {
        let sid = sid_of(world, p);
        if used.contains(&sid) || world.read::<ControlledBy>(p).is_some_and(|c| c.0 != npr) {
            continue;
        }
        ships += if large { 2 } else { 1 };
        counted.push(sid);
    }
    world
        .res_mut::<MilitaryAction>()
        .capacity_used
        .extend(counted);
    raise_units(
        world,
        Some(npr),
        sea,
        UnitKind::LightShip,
        UnitStatus::Regular,
        ships,
    );
    if ships > 0 {
        let name = key_of(world, npr);
        write(
            world,
            Note::new(
                ids::BATTLE_NPR_DEFENCE,
                format!("{name} sends {ships} ships to {}", key_of(world, sea)),
            )
            .realm(name)
            .subject(sid_of(world, sea))
            .amount(ships as i32),
        );
    }
    ships
}
