//! Movement (seed 003, action 7): the Envoy chosen first, then rounds of movement in which
//! each General makes a land advance, a sea advance or a strategic land movement; Coalition
//! Allies are asked before a General enters their Territories or crosses their Sea Lanes; at the
//! end of each round every Territory holding rival pieces is fought over; the Envoy grants (or
//! not) each further round.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::raison::decision::{Action, DecisionKind, MoveKind};
use crate::rulesets::raison::ids;
use crate::rulesets::raison::model::{
    G, Kind, Lens, MapIndex, P, T, army, army_mut, coalition_allies, controller, friends, hold,
    hold_mut, map, place, power_id, powers, same_player,
};
use crate::rulesets::raison::rules::actions::finish;
use crate::rulesets::raison::rules::{Doing, Turn, WaitingMove, ask, battle, take_answer};

fn house(world: &World) -> &crate::rulesets::raison::content::schema::HouseRules {
    &world
        .res::<crate::rulesets::raison::model::Content>()
        .0
        .house
}

fn note(world: &mut World, rule: &'static str, p: P, text: String) {
    let id = power_id(world, p).to_string();
    write(world, Note::new(rule, text).realm(id));
}

/// The Powers `p` may choose as Envoy: any other Power not in its Coalition and not played by
/// the same player.
pub fn envoy_candidates(world: &World, p: P) -> Vec<P> {
    powers(world)
        .filter(|q| {
            *q != p
                && !same_player(world, p, *q)
                && !coalition_allies(world, p, *q)
                && crate::rulesets::raison::model::player_of(world, *q).is_some()
        })
        .collect()
}

pub fn envoy_choices(world: &World, p: P) -> Vec<Action> {
    envoy_candidates(world, p)
        .into_iter()
        .map(|q| Action::ChooseEnvoy(power_id(world, q).to_string()))
        .collect()
}

pub fn why_not_envoy(world: &World, p: P, e: &str) -> String {
    match world.res::<MapIndex>().power(e) {
        None => format!("\"{e}\" is not a Power"),
        Some(q) if q == p => "a Power cannot be its own Envoy".into(),
        Some(q) if same_player(world, p, q) => format!(
            "rde.minor_control|{e} is played by the same player as {}: Powers of one player may not select each other as Envoy",
            power_id(world, p)
        ),
        Some(q) if coalition_allies(world, p, q) => format!(
            "{e} is in {}'s Coalition: the Envoy cannot be in the same Coalition",
            power_id(world, p)
        ),
        Some(_) => format!("{e} cannot be Envoy now"),
    }
}

fn movers(world: &World, p: P) -> Vec<G> {
    map(world).generals_of[p as usize]
        .iter()
        .copied()
        .filter(|g| army(world, *g).at.is_some())
        .collect()
}

/// The Movement action begins: with no General on the map there is nothing to move; else the
/// Envoy is chosen first (none when no Power may be Envoy: one round only).
pub fn begin(world: &mut World, p: P) {
    {
        let mut turn = world.res_mut::<Turn>();
        turn.envoy = None;
        turn.move_round = 1;
        turn.moved.clear();
        turn.consents.clear();
        turn.waiting = None;
        turn.contested.clear();
        turn.battled.clear();
        turn.offers.clear();
        turn.battle = None;
    }
    if movers(world, p).is_empty() {
        note(
            world,
            ids::MOVEMENT,
            p,
            format!("{} has no General on the map to move", power_id(world, p)),
        );
        finish(world, p);
        return;
    }
    if envoy_candidates(world, p).is_empty() {
        note(
            world,
            ids::ENVOY,
            p,
            format!(
                "No Power may be {}'s Envoy: one round of movement only",
                power_id(world, p)
            ),
        );
        world.res_mut::<Turn>().doing = Doing::Moving;
    } else {
        world.res_mut::<Turn>().doing = Doing::ChoosingEnvoy;
    }
}

/// Plays the Movement action's current step; `true` when a decision was asked.
pub fn step(world: &mut World, p: P) -> bool {
    let doing = world.res::<Turn>().doing;
    match doing {
        Doing::ChoosingEnvoy => {
            if let Some(Action::ChooseEnvoy(e)) = take_answer(world) {
                let q = world.res::<MapIndex>().power(&e).expect("legal envoy");
                world.res_mut::<Turn>().envoy = Some(q);
                world.res_mut::<Turn>().doing = Doing::Moving;
                note(
                    world,
                    ids::ENVOY,
                    p,
                    format!("{} chooses {e} as its Envoy", power_id(world, p)),
                );
                return false;
            }
            ask(world, p, DecisionKind::Envoy);
            true
        }
        Doing::Moving => moving(world, p),
        Doing::Consent => consent(world, p),
        Doing::Battles => battles(world, p),
        Doing::Garrisons => garrisons(world, p),
        _ => grant(world, p),
    }
}

fn moving(world: &mut World, p: P) -> bool {
    match take_answer(world) {
        Some(Action::Move { general, to, how }) => {
            let (g, t) = {
                let m = world.res::<MapIndex>();
                (
                    m.general(&general).expect("legal"),
                    m.territory(&to).expect("legal"),
                )
            };
            let (path, needs) = route(world, p, g, t, how).expect("legal move");
            if needs.is_empty() {
                perform_move(world, p, g, &path, how);
            } else {
                let mut turn = world.res_mut::<Turn>();
                turn.waiting = Some(WaitingMove {
                    general: g,
                    path,
                    how,
                    ask: needs,
                });
                turn.doing = Doing::Consent;
                return false;
            }
        }
        Some(_) => {
            end_round_of_movement(world);
            return false;
        }
        None => {}
    }
    if !any_move(world, p) {
        end_round_of_movement(world);
        return false;
    }
    let round = world.res::<Turn>().move_round;
    ask(world, p, DecisionKind::Move { round });
    true
}

fn consent(world: &mut World, p: P) -> bool {
    let Some(waiting) = world.res::<Turn>().waiting.clone() else {
        world.res_mut::<Turn>().doing = Doing::Moving;
        return false;
    };
    let ally = waiting.ask[0];
    match take_answer(world) {
        Some(Action::Agree) => {
            world.res_mut::<Turn>().consents.push((ally, true));
            note(
                world,
                ids::COALITION,
                ally,
                format!(
                    "{} lets {} move through its Territories and Sea Lanes",
                    power_id(world, ally),
                    power_id(world, p)
                ),
            );
            let mut turn = world.res_mut::<Turn>();
            let w = turn.waiting.as_mut().expect("waiting");
            w.ask.remove(0);
            if w.ask.is_empty() {
                let w = turn.waiting.take().expect("waiting");
                turn.doing = Doing::Moving;
                perform_move(world, p, w.general, &w.path, w.how);
            }
            false
        }
        Some(_) => {
            world.res_mut::<Turn>().consents.push((ally, false));
            note(
                world,
                ids::COALITION,
                ally,
                format!(
                    "{} refuses {} passage through its Territories and Sea Lanes",
                    power_id(world, ally),
                    power_id(world, p)
                ),
            );
            let mut turn = world.res_mut::<Turn>();
            turn.waiting = None;
            turn.doing = Doing::Moving;
            false
        }
        None => {
            let mover = power_id(world, p).to_string();
            ask(world, ally, DecisionKind::Consent { mover });
            true
        }
    }
}

fn perform_move(world: &mut World, p: P, g: G, path: &[T], how: MoveKind) {
    let to = *path.last().expect("a move goes somewhere");
    place(world, g, Some(to));
    world.res_mut::<Turn>().moved.push(g);
    let m = map(world);
    let names: Vec<&str> = path
        .iter()
        .map(|t| m.territory_names[*t as usize].as_str())
        .collect();
    let general = m.general_names[g as usize].clone();
    let kind = match how {
        MoveKind::Land => "a land advance",
        MoveKind::Sea => "a sea advance",
        MoveKind::Strategic => "a strategic land movement",
    };
    let text = format!("{general} makes {kind} to {}", names.join(" - "));
    let id = power_id(world, p).to_string();
    let sid = crate::engine::state::sid_of(world, world.res::<MapIndex>().generals[g as usize]);
    write(world, Note::new(ids::MOVEMENT, text).realm(id).subject(sid));
}

/// Whether `t` holds a General or Garrison that `p` would have to fight.
pub fn rivals_in(world: &World, p: P, t: T) -> bool {
    rivals(&Lens::new(world), p, t)
}

fn rivals(l: &Lens, p: P, t: T) -> bool {
    l.hold(t).garrison.is_some_and(|q| !l.friends(p, q))
        || l.generals_at(t).iter().any(|g| !l.friends(p, l.owner(*g)))
}

/// Whether `p` may pass through or stand in `t` as its own or a friend's (for strategic
/// movement): controlled by `p`, a Power of its player, or a Coalition Ally, with no rival
/// General.
fn friendly_ground(l: &Lens, p: P, t: T) -> bool {
    l.controller(t).is_some_and(|c| l.friends(p, c))
        && !l.generals_at(t).iter().any(|g| !l.friends(p, l.owner(*g)))
}

/// The Ally whose consent entering `t` needs, if any (a Coalition Ally controlling it; Powers
/// of one player move freely through each other's Territories).
fn consent_for(l: &Lens, p: P, t: T) -> Option<P> {
    l.controller(t)
        .filter(|c| l.coalition_allies(p, *c) && !l.same_player(p, *c))
}

fn refused(consents: &[(P, bool)], q: P) -> bool {
    consents.iter().any(|(a, yes)| *a == q && !yes)
}

fn agreed(consents: &[(P, bool)], q: P) -> bool {
    consents.iter().any(|(a, yes)| *a == q && *yes)
}

/// The controller of a Sea Lane: the Power controlling both of its ends, if one does.
fn lane_owner(l: &Lens, lane: u16) -> Option<P> {
    let (a, b) = l.m.lanes[lane as usize];
    match (l.controller(a), l.controller(b)) {
        (Some(x), Some(y)) if x == y => Some(x),
        _ => None,
    }
}

/// The way General `g` of `p` would go to `to` by `how`, and the Allies still to ask; or why
/// it may not.
pub fn route(world: &World, p: P, g: G, to: T, how: MoveKind) -> Result<(Vec<T>, Vec<P>), String> {
    route_with(&Lens::new(world), p, g, to, how)
}

fn route_with(l: &Lens, p: P, g: G, to: T, how: MoveKind) -> Result<(Vec<T>, Vec<P>), String> {
    let (world, m) = (l.world, l.m);
    let gid = &m.general_ids[g as usize];
    if l.owner(g) != p {
        return Err(format!("{gid} is not {}'s General", power_id(world, p)));
    }
    let a = army(world, g);
    let Some(from) = a.at else {
        return Err(format!("{gid} is off the map"));
    };
    let turn = world.res::<Turn>();
    if turn.moved.contains(&g) {
        return Err(format!("{gid} has moved in this round of movement already"));
    }
    if from == to {
        return Err(format!(
            "{gid} is in {} already",
            m.territory_ids[to as usize]
        ));
    }
    let mut needs: Vec<P> = Vec::new();
    let path: Vec<T> = match how {
        MoveKind::Land => {
            if !m.borders(from, to) {
                return Err(format!(
                    "{} does not border {}",
                    m.territory_ids[from as usize], m.territory_ids[to as usize]
                ));
            }
            vec![to]
        }
        MoveKind::Sea => {
            let lane = m.lanes_at[from as usize].iter().copied().find(|l| {
                let (x, y) = m.lanes[*l as usize];
                (x == from && y == to) || (y == from && x == to)
            });
            let Some(lane) = lane else {
                return Err(format!(
                    "no Sea Lane joins {} and {}",
                    m.territory_ids[from as usize], m.territory_ids[to as usize]
                ));
            };
            if let Some(c) = lane_owner(l, lane)
                && !l.same_player(p, c)
            {
                if l.coalition_allies(p, c) {
                    needs.push(c);
                } else {
                    return Err(format!(
                        "the Sea Lane is controlled by {}: only an uncontrolled Sea Lane, your own or a consenting Coalition Ally's may be crossed",
                        power_id(world, c)
                    ));
                }
            }
            vec![to]
        }
        MoveKind::Strategic => {
            let Some(path) = strategic_path(l, &turn.consents, p, from, to) else {
                return Err(format!(
                    "{} cannot be reached in {} steps through Territories of {} and its Allies",
                    m.territory_ids[to as usize],
                    house(world).strategic_steps,
                    power_id(world, p)
                ));
            };
            for t in &path {
                if let Some(c) = consent_for(l, p, *t) {
                    needs.push(c);
                }
            }
            path
        }
    };
    if let Some(c) = consent_for(l, p, to) {
        needs.push(c);
    }
    needs.sort_unstable();
    needs.dedup();
    if let Some(q) = needs.iter().find(|q| refused(&turn.consents, **q)) {
        return Err(format!(
            "rde.coalition|{} refused passage in this Movement action",
            power_id(world, *q)
        ));
    }
    needs.retain(|q| !agreed(&turn.consents, *q));
    Ok((path, needs))
}

/// The shortest way from `from` to `to` over friendly ground, within the house limit of steps,
/// preferring ground of `p`'s own player (no consent needed), then the lowest Territory ids.
fn strategic_path(l: &Lens, consents: &[(P, bool)], p: P, from: T, to: T) -> Option<Vec<T>> {
    let steps = house(l.world).strategic_steps as usize;
    let own =
        |t: T| l.controller(t).is_some_and(|c| l.same_player(p, c)) && friendly_ground(l, p, t);
    let allied =
        |t: T| friendly_ground(l, p, t) && l.controller(t).is_some_and(|c| !refused(consents, c));
    bfs(l.m, from, to, steps, &own).or_else(|| bfs(l.m, from, to, steps, &allied))
}

/// Every Territory a strategic move from `from` can reach: within the house limit of steps
/// over friendly ground whose controller has not refused passage ("up to 3": one step is a
/// strategic move too, the same move as a land advance there).
fn strategic_reach(l: &Lens, p: P, from: T) -> Vec<T> {
    let steps = house(l.world).strategic_steps as usize;
    let consents = &l.world.res::<Turn>().consents;
    let m = l.m;
    let mut dist = vec![usize::MAX; m.territory_ids.len()];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    let mut out = Vec::new();
    while let Some(t) = queue.pop_front() {
        if dist[t as usize] >= 1 {
            out.push(t);
        }
        if dist[t as usize] >= steps {
            continue;
        }
        for n in &m.borders[t as usize] {
            if dist[*n as usize] == usize::MAX
                && friendly_ground(l, p, *n)
                && l.controller(*n).is_some_and(|c| !refused(consents, c))
            {
                dist[*n as usize] = dist[t as usize] + 1;
                queue.push_back(*n);
            }
        }
    }
    out.sort_unstable();
    out
}

fn bfs(m: &MapIndex, from: T, to: T, steps: usize, ok: &dyn Fn(T) -> bool) -> Option<Vec<T>> {
    let mut parent: Vec<Option<T>> = vec![None; m.territory_ids.len()];
    let mut dist = vec![usize::MAX; m.territory_ids.len()];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(t) = queue.pop_front() {
        if t == to {
            break;
        }
        if dist[t as usize] >= steps {
            continue;
        }
        for n in &m.borders[t as usize] {
            if dist[*n as usize] == usize::MAX && ok(*n) {
                dist[*n as usize] = dist[t as usize] + 1;
                parent[*n as usize] = Some(t);
                queue.push_back(*n);
            }
        }
    }
    if dist[to as usize] == usize::MAX || dist[to as usize] == 0 {
        return None;
    }
    let mut path = vec![to];
    let mut at = to;
    while let Some(prev) = parent[at as usize] {
        if prev == from {
            break;
        }
        path.push(prev);
        at = prev;
    }
    path.reverse();
    Some(path)
}

/// Whether any move is open to `p` now (`move_choices` would list more than `Done`).
fn any_move(world: &World, p: P) -> bool {
    let l = Lens::new(world);
    let m = l.m;
    let moved = &world.res::<Turn>().moved;
    movers(world, p)
        .into_iter()
        .filter(|g| !moved.contains(g))
        .any(|g| {
            let from = army(world, g).at.expect("on the map");
            m.borders[from as usize]
                .iter()
                .any(|n| route_with(&l, p, g, *n, MoveKind::Land).is_ok())
                || m.lanes_at[from as usize].iter().any(|ln| {
                    let (a, b) = m.lanes[*ln as usize];
                    let to = if a == from { b } else { a };
                    route_with(&l, p, g, to, MoveKind::Sea).is_ok()
                })
                || !strategic_reach(&l, p, from).is_empty()
        })
}

/// Every move open to `p` now, then `Done` (end the round of movement).
pub fn move_choices(world: &World, p: P) -> Vec<Action> {
    let l = Lens::new(world);
    let m = l.m;
    let mut out = Vec::with_capacity(32);
    let moved = &world.res::<Turn>().moved;
    for g in movers(world, p) {
        if moved.contains(&g) {
            continue;
        }
        let from = army(world, g).at.expect("on the map");
        let mut push = |to: T, how: MoveKind| {
            if route_with(&l, p, g, to, how).is_ok() {
                out.push(Action::Move {
                    general: m.general_ids[g as usize].clone(),
                    to: m.territory_ids[to as usize].clone(),
                    how,
                });
            }
        };
        for n in &m.borders[from as usize] {
            push(*n, MoveKind::Land);
        }
        for l in &m.lanes_at[from as usize] {
            let (a, b) = m.lanes[*l as usize];
            push(if a == from { b } else { a }, MoveKind::Sea);
        }
        // Strategic movement: destinations up to `strategic_steps` away over friendly ground,
        // found with one search (`strategic_path` finds the same ones, one at a time). Every
        // such destination is open: `route` would find its way and no refusal on it.
        for t in strategic_reach(&l, p, from) {
            out.push(Action::Move {
                general: m.general_ids[g as usize].clone(),
                to: m.territory_ids[t as usize].clone(),
                how: MoveKind::Strategic,
            });
        }
    }
    out.push(Action::Done);
    out
}

/// Why a move is refused.
pub fn why_not(world: &World, p: P, general: &str, to: &str, how: MoveKind) -> String {
    let m = world.res::<MapIndex>();
    let (Some(g), Some(t)) = (m.general(general), m.territory(to)) else {
        return format!("no General \"{general}\" or Territory \"{to}\"");
    };
    match route(world, p, g, t, how) {
        Err(e) => e,
        Ok(_) => "that move is not open now".into(),
    }
}

/// The round of movement ends: the Territories to fight over, in map order.
fn end_round_of_movement(world: &mut World) {
    let p = {
        let turn = world.res::<Turn>();
        turn.order[turn.actor]
    };
    let l = Lens::new(world);
    let contested: Vec<T> = (0..l.m.territory_ids.len() as T)
        .filter(|t| contested_in(&l, p, *t))
        .collect();
    let mut turn = world.res_mut::<Turn>();
    turn.contested = contested;
    turn.battled.clear();
    turn.doing = Doing::Battles;
}

/// Whether `t` holds a General of the mover `p` and a rival General or Garrison.
pub fn contested(world: &World, p: P, t: T) -> bool {
    contested_in(&Lens::new(world), p, t)
}

fn contested_in(l: &Lens, p: P, t: T) -> bool {
    l.generals_at(t).iter().any(|g| l.owner(*g) == p) && rivals(l, p, t)
}

fn battles(world: &mut World, p: P) -> bool {
    loop {
        if world.res::<crate::engine::flow::Flow>().over {
            return true;
        }
        if world.res::<Turn>().battle.is_some() {
            if battle::step(world) {
                return true;
            }
            continue;
        }
        let next = {
            let mut turn = world.res_mut::<Turn>();
            if turn.contested.is_empty() {
                None
            } else {
                Some(turn.contested.remove(0))
            }
        };
        match next {
            Some(t) => {
                if contested(world, p, t) {
                    world.res_mut::<Turn>().battled.push(t);
                    battle::start(world, p, t);
                }
            }
            None => {
                offer_garrisons(world, p);
                return false;
            }
        }
    }
}

/// Whether `p` may leave a Garrison in `t`: none stands there, `p` does not control it, and it
/// is not a Home Territory of a Coalition Ally or of a Power of the same player.
pub fn may_garrison(world: &World, p: P, t: T) -> bool {
    if hold(world, t).garrison.is_some() || controller(world, t) == Some(p) {
        return false;
    }
    match &map(world).kinds[t as usize] {
        Kind::Home(h) => !friends(world, p, *h),
        _ => true,
    }
}

fn offer_garrisons(world: &mut World, p: P) {
    let battled = world.res::<Turn>().battled.clone();
    let mut offers = Vec::new();
    for g in movers(world, p) {
        let t = army(world, g).at.expect("on the map");
        if battled.contains(&t) || offers.iter().any(|(_, o)| *o == t) {
            continue;
        }
        if may_garrison(world, p, t) && !rivals_in(world, p, t) {
            offers.push((g, t));
        }
    }
    let mut turn = world.res_mut::<Turn>();
    turn.offers = offers;
    turn.doing = Doing::Garrisons;
}

/// Converts one of `g`'s Units into a Garrison of `p` in `t` (the General stays, with one Unit
/// fewer).
pub fn convert_to_garrison(world: &mut World, p: P, g: G, t: T, rule: &'static str) {
    hold_mut(world, t).garrison = Some(p);
    let units = {
        let mut a = army_mut(world, g);
        a.units = a.units.saturating_sub(1);
        a.units
    };
    let m = map(world);
    let text = format!(
        "{} converts a Unit into a Garrison and takes control of {} ({units} Units left)",
        m.general_names[g as usize], m.territory_names[t as usize],
    );
    note(world, rule, p, text);
}

fn garrisons(world: &mut World, p: P) -> bool {
    loop {
        let Some(&(g, t)) = world.res::<Turn>().offers.first() else {
            world.res_mut::<Turn>().doing = Doing::Grant;
            return false;
        };
        match take_answer(world) {
            Some(Action::Garrison) => {
                world.res_mut::<Turn>().offers.remove(0);
                convert_to_garrison(world, p, g, t, ids::MOVEMENT);
            }
            Some(_) => {
                world.res_mut::<Turn>().offers.remove(0);
            }
            None => {
                if army(world, g).at != Some(t)
                    || army(world, g).units == 0
                    || !may_garrison(world, p, t)
                {
                    world.res_mut::<Turn>().offers.remove(0);
                    continue;
                }
                let territory = map(world).territory_ids[t as usize].clone();
                ask(world, p, DecisionKind::Garrison { territory });
                return true;
            }
        }
    }
}

fn grant(world: &mut World, p: P) -> bool {
    let (envoy, round, moved) = {
        let turn = world.res::<Turn>();
        (turn.envoy, turn.move_round, !turn.moved.is_empty())
    };
    let more = moved && round < house(world).movement_rounds && !movers(world, p).is_empty();
    let Some(envoy) = envoy.filter(|_| more) else {
        finish(world, p);
        return false;
    };
    match take_answer(world) {
        Some(Action::Agree) => {
            note(
                world,
                ids::ENVOY,
                envoy,
                format!(
                    "Envoy {} grants {} round {} of movement",
                    power_id(world, envoy),
                    power_id(world, p),
                    round + 1
                ),
            );
            let mut turn = world.res_mut::<Turn>();
            turn.move_round += 1;
            turn.moved.clear();
            turn.doing = Doing::Moving;
            false
        }
        Some(_) => {
            note(
                world,
                ids::ENVOY,
                envoy,
                format!(
                    "Envoy {} refuses {} another round of movement",
                    power_id(world, envoy),
                    power_id(world, p)
                ),
            );
            finish(world, p);
            false
        }
        None => {
            let mover = power_id(world, p).to_string();
            ask(world, envoy, DecisionKind::Grant { mover });
            true
        }
    }
}
