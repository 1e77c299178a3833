//! Battles (seed 003, "Battles"), in the seed's order: the strengths on each side, adjacent
//! Allies declaring support (the attacker's, then the defender's), Battle cards committed one by
//! one in a pile per General, then the outcome: a Unit lost by every General that took part, a
//! card drawn by every Power that played one, and the draw, the winner's Garrison and Influence
//! (with the Coalition bonus) or the loser's Units, Generals, Garrisons and Morale.

use std::collections::VecDeque;

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::raison::decision::{Action, CardRef, DecisionKind};
use crate::rulesets::raison::ids;
use crate::rulesets::raison::model::{
    G, MapIndex, P, T, Table, army, army_mut, controller, friends, generals_at, hold, hold_mut,
    map, owner_of_general, place, power_id, powers, purse, purse_mut, same_player, side,
};
use crate::rulesets::raison::rules::movement::{convert_to_garrison, may_garrison, rivals_in};
use crate::rulesets::raison::rules::round::{draw, gain_influence};
use crate::rulesets::raison::rules::{Turn, ask, take_answer};

/// A battle being fought.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Battle {
    pub territory: T,
    /// The moving Power, and the Power holding the Territory (its Garrison's, else the first
    /// defending General's).
    pub attacker: P,
    pub defender: P,
    /// Generals in the Territory on each side.
    pub attack: Vec<G>,
    pub defend: Vec<G>,
    /// The defending Garrison's Power, and whether a Fortress helps the defender.
    pub garrison: Option<P>,
    pub fortress: bool,
    /// Supporting Generals from adjacent Territories, `true` for the attacker's side.
    pub support: Vec<(G, bool)>,
    pub stage: BattleStage,
    /// Powers still to be asked in this stage.
    pub queue: Vec<P>,
    pub piles: Vec<Pile>,
    /// Powers on each side, in the order they commit cards, and those that have passed.
    pub attackers: Vec<P>,
    pub defenders: Vec<P>,
    pub passed: Vec<P>,
    /// Whose side commits next, and each side's turn cursor.
    pub attacker_next: bool,
    pub cursor: (usize, usize),
    /// Losing Generals still to choose their Capital or off-map; after a draw, the attacking
    /// Generals still to fall back.
    pub retreats: Vec<G>,
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub enum BattleStage {
    SupportAttacker,
    SupportDefender,
    Commit,
    Garrison,
    Retreat,
    /// After a draw: the attacking Generals (in `retreats`) fall back one by one.
    DrawRetreat,
}

impl BattleStage {
    /// Whether the battle's outcome is known: every card has been turned over and logged.
    pub fn decided(self) -> bool {
        matches!(
            self,
            BattleStage::Garrison | BattleStage::Retreat | BattleStage::DrawRetreat
        )
    }
}

/// The cards one Power committed for one General (or for the defending Garrison).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Pile {
    pub owner: P,
    pub general: Option<G>,
    pub attacker: bool,
    pub cards: Vec<Played>,
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Played {
    pub value: u8,
    /// Played face up for its ability (a 2 or a 3): adds no strength.
    pub face_up: bool,
    /// A face-down card turned over by an opponent's 2.
    pub revealed: bool,
    /// Discarded by an opponent's 3: counts for nothing.
    pub discarded: bool,
}

fn house(world: &World) -> &crate::rulesets::raison::content::schema::HouseRules {
    &world
        .res::<crate::rulesets::raison::model::Content>()
        .0
        .house
}

fn battle(world: &World) -> &Battle {
    world.res::<Turn>().battle.as_ref().expect("a battle")
}

fn battle_mut(world: &mut World) -> Mut<'_, Battle> {
    world
        .res_mut::<Turn>()
        .map_unchanged(|t| t.battle.as_mut().expect("a battle"))
}

fn tid(world: &World, t: T) -> String {
    map(world).territory_ids[t as usize].clone()
}

fn gid(world: &World, g: G) -> String {
    map(world).general_ids[g as usize].clone()
}

/// A Territory's and a General's names, for the log.
fn tname(world: &World, t: T) -> &str {
    &map(world).territory_names[t as usize]
}

fn gname(world: &World, g: G) -> &str {
    &map(world).general_names[g as usize]
}

/// Opens the battle for `t`, moved into by `mover`.
pub fn start(world: &mut World, mover: P, t: T) {
    let here = generals_at(world, t);
    let attack: Vec<G> = here
        .iter()
        .copied()
        .filter(|g| friends(world, mover, owner_of_general(world, *g)))
        .collect();
    let defend: Vec<G> = here
        .iter()
        .copied()
        .filter(|g| !friends(world, mover, owner_of_general(world, *g)))
        .collect();
    let h = hold(world, t);
    let garrison = h.garrison.filter(|q| !friends(world, mover, *q));
    let defender = garrison
        .or_else(|| defend.first().map(|g| owner_of_general(world, *g)))
        .expect("a contested Territory holds a rival");
    let fortress = h.fortress && controller(world, t).is_some_and(|c| friends(world, defender, c));
    let text = format!(
        "{} attacks {} in {}",
        power_id(world, mover),
        power_id(world, defender),
        tname(world, t)
    );
    write(
        world,
        Note::new(ids::BATTLE, text).realm(power_id(world, mover).to_string()),
    );
    let b = Battle {
        territory: t,
        attacker: mover,
        defender,
        attack,
        defend,
        garrison,
        fortress,
        support: Vec::new(),
        stage: BattleStage::SupportAttacker,
        queue: Vec::new(),
        piles: Vec::new(),
        attackers: Vec::new(),
        defenders: Vec::new(),
        passed: Vec::new(),
        attacker_next: true,
        cursor: (0, 0),
        retreats: Vec::new(),
    };
    world.res_mut::<Turn>().battle = Some(b);
    // Step 1, "Total up attacker & defender strengths", before any Ally declares support (the
    // supporters see what they would join).
    let text = {
        let b = battle(world);
        let (a, d) = strengths(world, b);
        format!(
            "Strengths in {}: {} {a}, {} {d}",
            tname(world, t),
            power_id(world, mover),
            power_id(world, defender)
        )
    };
    write(world, Note::new(ids::BATTLE, text));
    let queue = supporters(world, true);
    battle_mut(world).queue = queue;
}

/// Powers that may support a side: its Allies ("Adjacent Allies declare support"), the other
/// Powers friendly to the side's leading Power (Coalition Allies, Powers of the same player)
/// and not to the other side's, with a General holding Units in a Territory adjacent to the
/// battle. The leading Power's own Generals next door are not Allies: they do not support.
fn supporters(world: &World, attacker_side: bool) -> Vec<P> {
    let b = battle(world);
    let (lead, other) = if attacker_side {
        (b.attacker, b.defender)
    } else {
        (b.defender, b.attacker)
    };
    powers(world)
        .filter(|q| *q != lead && friends(world, lead, *q) && !friends(world, other, *q))
        .filter(|q| !support_generals(world, *q).is_empty())
        .collect()
}

/// `q`'s Generals that could support the battle now.
fn support_generals(world: &World, q: P) -> Vec<G> {
    let b = battle(world);
    let m = map(world);
    m.generals_of[q as usize]
        .iter()
        .copied()
        .filter(|g| {
            let a = army(world, *g);
            a.units > 0
                && a.at.is_some_and(|at| m.borders(at, b.territory))
                && !b.support.iter().any(|(s, _)| s == g)
        })
        .collect()
}

pub fn support_choices(world: &World, p: P) -> Vec<Action> {
    let mut out: Vec<Action> = support_generals(world, p)
        .into_iter()
        .map(|g| Action::Support {
            general: gid(world, g),
        })
        .collect();
    out.push(Action::Done);
    out
}

/// The piles `p` may commit to: one per General of its own in the battle, or, for the defending
/// Garrison's Power with no General in it, the Garrison's.
fn own_piles(world: &World, p: P) -> Vec<(Option<G>, bool)> {
    let b = battle(world);
    let mut out = Vec::new();
    for g in &b.attack {
        if owner_of_general(world, *g) == p {
            out.push((Some(*g), true));
        }
    }
    for g in &b.defend {
        if owner_of_general(world, *g) == p {
            out.push((Some(*g), false));
        }
    }
    for (g, att) in &b.support {
        if owner_of_general(world, *g) == p {
            out.push((Some(*g), *att));
        }
    }
    // The seed makes "separate piles for each General"; a Power defending with its Garrison
    // alone has no General, and commits to one pile of the Garrison's instead.
    if b.garrison == Some(p) && out.is_empty() {
        out.push((None, false));
    }
    out
}

fn pile_name(world: &World, g: Option<G>) -> Option<String> {
    g.map(|g| gid(world, g))
}

/// The cards `p` may commit now: each value in hand to each of its piles (face down), a 2 or a
/// 3 face up against an opposing pile it can act on, or `Pass`.
pub fn commit_choices(world: &World, p: P) -> Vec<Action> {
    let b = battle(world);
    let mut values = purse(world, p).hand.clone();
    values.dedup();
    let mine = own_piles(world, p);
    let Some(my_side) = mine.first().map(|(_, att)| *att) else {
        return vec![Action::Pass];
    };
    let mut out = Vec::new();
    for v in &values {
        for (i, (g, _)) in mine.iter().enumerate() {
            out.push(Action::PlayCard {
                value: *v,
                pile: pile_name(world, *g),
                target: None,
            });
            // A face-up 2 or 3 adds nothing to its pile: it goes on the first one.
            if (*v != 2 && *v != 3) || i > 0 {
                continue;
            }
            for pile in b.piles.iter().filter(|x| x.attacker != my_side) {
                for (i, c) in pile.cards.iter().enumerate() {
                    let usable = if *v == 2 {
                        !c.face_up && !c.revealed && !c.discarded
                    } else {
                        !c.discarded
                    };
                    if usable {
                        out.push(Action::PlayCard {
                            value: *v,
                            pile: pile_name(world, *g),
                            target: Some(CardRef {
                                pile: pile_name(world, pile.general),
                                card: i as u8,
                            }),
                        });
                    }
                }
            }
        }
    }
    out.push(Action::Pass);
    out
}

/// A won battle's Garrison: `Garrison` when one of the mover's Generals could convert a Unit,
/// one `GarrisonWith` per General when several could (the seed's "Attacker may convert 1
/// Unit": the player says whose); a Garrison offered after a move without a battle names its
/// one General already.
pub fn garrison_choices(world: &World) -> Vec<Action> {
    let in_battle = world
        .res::<Turn>()
        .battle
        .as_ref()
        .is_some_and(|b| b.stage == BattleStage::Garrison);
    let generals = if in_battle {
        garrisoning_generals(world)
    } else {
        Vec::new()
    };
    if generals.len() < 2 {
        return vec![Action::Garrison, Action::NoGarrison];
    }
    let mut choices: Vec<Action> = generals
        .into_iter()
        .map(|g| Action::GarrisonWith {
            general: gid(world, g),
        })
        .collect();
    choices.push(Action::NoGarrison);
    choices
}

/// After a draw: the equally near Territories the first attacking General still to fall back
/// may choose between.
pub fn draw_retreat_choices(world: &World) -> Vec<Action> {
    let b = battle(world);
    let Some(&g) = b.retreats.first() else {
        return Vec::new();
    };
    nearest_retreats(world, g, b.territory)
        .into_iter()
        .map(|t| Action::RetreatTo {
            territory: tid(world, t),
        })
        .collect()
}

pub fn retreat_choices(world: &World) -> Vec<Action> {
    let b = battle(world);
    let Some(&g) = b.retreats.first() else {
        return vec![Action::OffMap];
    };
    if capital_open(world, g) {
        vec![Action::ToCapital, Action::OffMap]
    } else {
        vec![Action::OffMap]
    }
}

/// Whether a defeated General may go to its Capital: its own player controls it and no rival
/// stands there.
fn capital_open(world: &World, g: G) -> bool {
    let q = owner_of_general(world, g);
    let cap = map(world).capitals[q as usize];
    controller(world, cap).is_some_and(|c| same_player(world, q, c)) && !rivals_in(world, q, cap)
}

/// Plays the battle on; `true` when a decision was asked, `false` once it is over.
pub fn step(world: &mut World) -> bool {
    loop {
        if world.res::<crate::engine::flow::Flow>().over {
            return true;
        }
        let Some(stage) = world.res::<Turn>().battle.as_ref().map(|b| b.stage) else {
            return false;
        };
        match stage {
            BattleStage::SupportAttacker | BattleStage::SupportDefender => {
                if ask_support(world) {
                    return true;
                }
            }
            BattleStage::Commit => {
                if ask_commit(world) {
                    return true;
                }
            }
            BattleStage::Garrison => {
                let (mover, t) = {
                    let b = battle(world);
                    (b.attacker, b.territory)
                };
                match take_answer(world) {
                    Some(Action::Garrison) => {
                        let g = garrisoning_generals(world)[0];
                        convert_to_garrison(world, mover, g, t, ids::BATTLE_WIN);
                        battle_mut(world).stage = BattleStage::Retreat;
                    }
                    Some(Action::GarrisonWith { general }) => {
                        let g = map(world).general(&general).expect("a listed General");
                        convert_to_garrison(world, mover, g, t, ids::BATTLE_WIN);
                        battle_mut(world).stage = BattleStage::Retreat;
                    }
                    Some(_) => battle_mut(world).stage = BattleStage::Retreat,
                    None => {
                        if !garrisoning_generals(world).is_empty() && may_garrison(world, mover, t)
                        {
                            ask(
                                world,
                                mover,
                                DecisionKind::Garrison {
                                    territory: tid(world, t),
                                },
                            );
                            return true;
                        }
                        battle_mut(world).stage = BattleStage::Retreat;
                    }
                }
            }
            BattleStage::DrawRetreat => {
                let (g, from) = {
                    let b = battle(world);
                    let Some(&g) = b.retreats.first() else {
                        world.res_mut::<Turn>().battle = None;
                        return false;
                    };
                    (g, b.territory)
                };
                let nearest = nearest_retreats(world, g, from);
                let to = match take_answer(world) {
                    Some(Action::RetreatTo { territory }) => map(world).territory(&territory),
                    Some(_) => nearest.first().copied(),
                    None if nearest.len() > 1 => {
                        let q = owner_of_general(world, g);
                        let general = gid(world, g);
                        ask(world, q, DecisionKind::DrawRetreat { general });
                        return true;
                    }
                    None => nearest.first().copied(),
                };
                retreat_after_draw(world, g, to);
                battle_mut(world).retreats.remove(0);
            }
            BattleStage::Retreat => {
                let Some(&g) = battle(world).retreats.first() else {
                    world.res_mut::<Turn>().battle = None;
                    return false;
                };
                let q = owner_of_general(world, g);
                match take_answer(world) {
                    Some(Action::ToCapital) => {
                        let cap = map(world).capitals[q as usize];
                        place(world, g, Some(cap));
                        battle_mut(world).retreats.remove(0);
                        let text = format!(
                            "{} falls back to its capital {}",
                            gname(world, g),
                            tname(world, cap)
                        );
                        write(
                            world,
                            Note::new(ids::BATTLE_LOSS, text).realm(power_id(world, q).to_string()),
                        );
                    }
                    Some(_) => {
                        place(world, g, None);
                        battle_mut(world).retreats.remove(0);
                        let text = format!("{} is placed off the map", gname(world, g));
                        write(
                            world,
                            Note::new(ids::BATTLE_LOSS, text).realm(power_id(world, q).to_string()),
                        );
                    }
                    None => {
                        let general = gid(world, g);
                        ask(world, q, DecisionKind::Retreat { general });
                        return true;
                    }
                }
            }
        }
    }
}

/// The mover's Generals in the won Territory that could convert a Unit: those with one left.
fn garrisoning_generals(world: &World) -> Vec<G> {
    let b = battle(world);
    b.attack
        .iter()
        .copied()
        .filter(|g| {
            owner_of_general(world, *g) == b.attacker
                && army(world, *g).units > 0
                && army(world, *g).at == Some(b.territory)
        })
        .collect()
}

fn ask_support(world: &mut World) -> bool {
    let attacker_side = battle(world).stage == BattleStage::SupportAttacker;
    loop {
        let Some(&q) = battle(world).queue.first() else {
            if attacker_side {
                let queue = supporters(world, false);
                let mut b = battle_mut(world);
                b.stage = BattleStage::SupportDefender;
                b.queue = queue;
                return ask_support(world);
            }
            open_commitment(world);
            return false;
        };
        match take_answer(world) {
            Some(Action::Support { general }) => {
                let g = world.res::<MapIndex>().general(&general).expect("legal");
                battle_mut(world).support.push((g, attacker_side));
                let side = if attacker_side {
                    "the attacker"
                } else {
                    "the defender"
                };
                let text = format!(
                    "{} of {} supports {side} from {}",
                    gname(world, g),
                    power_id(world, q),
                    tname(world, army(world, g).at.expect("on the map"))
                );
                write(
                    world,
                    Note::new(ids::BATTLE_SUPPORT, text).realm(power_id(world, q).to_string()),
                );
            }
            Some(_) => {
                battle_mut(world).queue.remove(0);
                continue;
            }
            None => {}
        }
        if support_generals(world, q).is_empty() {
            battle_mut(world).queue.remove(0);
            continue;
        }
        let territory = tid(world, battle(world).territory);
        ask(
            world,
            q,
            DecisionKind::Support {
                territory,
                attacker: attacker_side,
            },
        );
        return true;
    }
}

fn open_commitment(world: &mut World) {
    let (attackers, defenders) = {
        let b = battle(world);
        let mut att: Vec<P> = Vec::new();
        let mut def: Vec<P> = Vec::new();
        for g in &b.attack {
            push_unique(&mut att, owner_of_general(world, *g));
        }
        if let Some(q) = b.garrison {
            push_unique(&mut def, q);
        }
        for g in &b.defend {
            push_unique(&mut def, owner_of_general(world, *g));
        }
        for (g, a) in &b.support {
            let q = owner_of_general(world, *g);
            if *a {
                push_unique(&mut att, q);
            } else {
                push_unique(&mut def, q);
            }
        }
        (att, def)
    };
    let text = {
        let b = battle(world);
        let (a, d) = strengths(world, b);
        format!(
            "Strengths in {} before Battle cards: {} {a}, {} {d}",
            tname(world, b.territory),
            power_id(world, b.attacker),
            power_id(world, b.defender)
        )
    };
    write(world, Note::new(ids::BATTLE, text));
    let mut b = battle_mut(world);
    b.attackers = attackers;
    b.defenders = defenders;
    b.stage = BattleStage::Commit;
    b.attacker_next = true;
}

fn push_unique(v: &mut Vec<P>, p: P) {
    if !v.contains(&p) {
        v.push(p);
    }
}

/// The next Power to commit: the sides alternate, the attacker's first; within a side its
/// Powers take turns; a Power that passed (or holds no card) commits no more.
fn next_committer(world: &mut World) -> Option<P> {
    for _ in 0..2 {
        let (side_att, list, cursor) = {
            let b = battle(world);
            let list = if b.attacker_next {
                &b.attackers
            } else {
                &b.defenders
            };
            (
                b.attacker_next,
                list.clone(),
                if b.attacker_next {
                    b.cursor.0
                } else {
                    b.cursor.1
                },
            )
        };
        let n = list.len();
        for k in 0..n {
            let q = list[(cursor + k) % n];
            let passed = battle(world).passed.contains(&q);
            if passed {
                continue;
            }
            if purse(world, q).hand.is_empty() {
                battle_mut(world).passed.push(q);
                continue;
            }
            let mut b = battle_mut(world);
            if side_att {
                b.cursor.0 = (cursor + k + 1) % n;
            } else {
                b.cursor.1 = (cursor + k + 1) % n;
            }
            return Some(q);
        }
        let mut b = battle_mut(world);
        b.attacker_next = !b.attacker_next;
    }
    None
}

fn ask_commit(world: &mut World) -> bool {
    if let Some(answer) = take_answer(world) {
        let q = last_committer(world);
        match answer {
            Action::PlayCard {
                value,
                pile,
                target,
            } => play_card(world, q, value, pile, target),
            _ => {
                battle_mut(world).passed.push(q);
                let text = format!("{} commits no more Battle cards", power_id(world, q));
                write(
                    world,
                    Note::new(ids::BATTLE_CARD, text).realm(power_id(world, q).to_string()),
                );
            }
        }
        // The other side commits next.
        let mut b = battle_mut(world);
        b.attacker_next = !b.attacker_next;
    }
    match next_committer(world) {
        Some(q) => {
            let territory = tid(world, battle(world).territory);
            world.res_mut::<Turn>().committer = Some(q);
            ask(world, q, DecisionKind::Commit { territory });
            true
        }
        None => {
            resolve(world);
            false
        }
    }
}

fn last_committer(world: &World) -> P {
    world.res::<Turn>().committer.expect("a committer")
}

fn play_card(world: &mut World, q: P, value: u8, pile: Option<String>, target: Option<CardRef>) {
    {
        let mut purse = purse_mut(world, q);
        if let Some(i) = purse.hand.iter().position(|c| *c == value) {
            purse.hand.remove(i);
        }
    }
    let general = pile
        .as_deref()
        .and_then(|g| world.res::<MapIndex>().general(g));
    let attacker_side = own_piles(world, q)
        .iter()
        .find(|(g, _)| *g == general)
        .map(|(_, a)| *a)
        .unwrap_or(true);
    let face_up = target.is_some();
    {
        let mut b = battle_mut(world);
        let played = Played {
            value,
            face_up,
            revealed: face_up,
            discarded: false,
        };
        match b
            .piles
            .iter_mut()
            .find(|x| x.owner == q && x.general == general)
        {
            Some(x) => x.cards.push(played),
            None => b.piles.push(Pile {
                owner: q,
                general,
                attacker: attacker_side,
                cards: vec![played],
            }),
        }
    }
    let where_ = general
        .map_or("its Garrison", |g| gname(world, g))
        .to_string();
    let text = if face_up {
        format!(
            "{} plays a {value} face up on {where_}'s pile",
            power_id(world, q)
        )
    } else {
        format!(
            "{} commits a Battle card face down to {where_}'s pile",
            power_id(world, q)
        )
    };
    write(
        world,
        Note::new(ids::BATTLE_CARD, text).realm(power_id(world, q).to_string()),
    );
    let Some(target) = target else { return };
    let target_general = target
        .pile
        .as_deref()
        .and_then(|g| world.res::<MapIndex>().general(g));
    let effect = {
        let mut b = battle_mut(world);
        let card = b
            .piles
            .iter_mut()
            .find(|x| x.attacker != attacker_side && x.general == target_general)
            .and_then(|pile| pile.cards.get_mut(target.card as usize));
        match (value, card) {
            (2, Some(c)) => {
                c.revealed = true;
                Some(format!("reveals a {}", c.value))
            }
            (3, Some(c)) => {
                c.discarded = true;
                Some(format!("discards a {}", c.value))
            }
            _ => None,
        }
    };
    if let Some(effect) = effect {
        let text = format!(
            "{}'s {value} {effect} in {}'s pile",
            power_id(world, q),
            target_general.map_or("the Garrison", |g| gname(world, g))
        );
        write(
            world,
            Note::new(ids::BATTLE_CARD, text).realm(power_id(world, q).to_string()),
        );
    }
}

/// The strength of each side: Units, the defending Garrison and Fortress, and the committed
/// cards (face-down and revealed cards at their value, +1 for each pair of 4s in one pile;
/// face-up ability cards and discarded cards count for nothing).
pub fn strengths(world: &World, b: &Battle) -> (i32, i32) {
    let h = house(world);
    let units = |g: &G| i32::from(army(world, *g).units) * h.unit_strength;
    let mut att: i32 = b.attack.iter().map(units).sum();
    let mut def: i32 = b.defend.iter().map(units).sum();
    for (g, a) in &b.support {
        if *a {
            att += units(g);
        } else {
            def += units(g);
        }
    }
    if b.garrison.is_some() {
        def += h.garrison_strength;
    }
    if b.fortress {
        def += h.fortress_strength;
    }
    for pile in &b.piles {
        let counted: Vec<u8> = pile
            .cards
            .iter()
            .filter(|c| !c.face_up && !c.discarded)
            .map(|c| c.value)
            .collect();
        let fours = counted.iter().filter(|v| **v == 4).count() as i32;
        let total: i32 = counted.iter().map(|v| i32::from(*v)).sum::<i32>() + fours / 2;
        if pile.attacker {
            att += total;
        } else {
            def += total;
        }
    }
    (att, def)
}

fn resolve(world: &mut World) {
    let b = battle(world).clone();
    let (att, def) = strengths(world, &b);
    let t = b.territory;
    let cards: Vec<String> = b
        .piles
        .iter()
        .map(|pile| {
            let shown: Vec<String> = pile
                .cards
                .iter()
                .map(|c| {
                    let mut s = c.value.to_string();
                    if c.face_up {
                        s.push_str(" (face up)");
                    }
                    if c.discarded {
                        s.push_str(" (discarded)");
                    }
                    s
                })
                .collect();
            format!(
                "{} for {}: {}",
                power_id(world, pile.owner),
                pile.general
                    .map(|g| gname(world, g))
                    .unwrap_or_else(|| "the Garrison"),
                shown.join(", ")
            )
        })
        .collect();
    let verdict = match att.cmp(&def) {
        std::cmp::Ordering::Greater => format!("{} wins", power_id(world, b.attacker)),
        std::cmp::Ordering::Equal => "a draw".to_string(),
        std::cmp::Ordering::Less => format!("{} wins", power_id(world, b.defender)),
    };
    let text = format!(
        "Battle of {}: {} {att} against {} {def}{}; {verdict}",
        tname(world, t),
        power_id(world, b.attacker),
        power_id(world, b.defender),
        if cards.is_empty() {
            String::new()
        } else {
            format!(" (cards: {})", cards.join("; "))
        }
    );
    write(
        world,
        Note::new(ids::BATTLE, text)
            .realm(power_id(world, b.attacker).to_string())
            .amount(att - def),
    );

    // Always: every General that took part loses a Unit; every Power that played a card draws.
    let mut everyone: Vec<G> = b.attack.clone();
    everyone.extend(&b.defend);
    everyone.extend(b.support.iter().map(|(g, _)| *g));
    for g in &everyone {
        let mut a = army_mut(world, *g);
        a.units = a.units.saturating_sub(1);
    }
    let mut players: Vec<P> = Vec::new();
    for pile in &b.piles {
        push_unique(&mut players, pile.owner);
        let mut table = world.res_mut::<Table>();
        table.discard.extend(pile.cards.iter().map(|c| c.value));
    }
    for q in &players {
        draw(world, *q);
    }
    let text = format!(
        "Every General in the battle loses a Unit{}",
        if players.is_empty() {
            String::new()
        } else {
            format!(
                "; {} draw a Battle card for playing",
                players
                    .iter()
                    .map(|q| power_id(world, *q))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    write(world, Note::new(ids::BATTLE, text));

    match att.cmp(&def) {
        std::cmp::Ordering::Equal => {
            let text = format!(
                "Draw in {}: {} holds it, the attacker falls back",
                tname(world, t),
                power_id(world, b.defender)
            );
            write(
                world,
                Note::new(ids::BATTLE_DRAW, text).realm(power_id(world, b.defender).to_string()),
            );
            // The attacking Generals fall back one by one (`step`), each asked where only
            // when several Territories are equally near.
            let mut battle = battle_mut(world);
            battle.retreats = b.attack.clone();
            battle.stage = BattleStage::DrawRetreat;
        }
        std::cmp::Ordering::Greater => {
            win(world, &b, true);
        }
        std::cmp::Ordering::Less => {
            win(world, &b, false);
        }
    }
}

/// The Territories a drawn attacker may fall back to: those its own player controls with no
/// rival in it, fewest borders away, in the scenario's order (the seed's "nearest eligible
/// Territory"; several when equally near, and its player chooses). None: off-map.
fn nearest_retreats(world: &World, g: G, from: T) -> Vec<T> {
    let q = owner_of_general(world, g);
    let m = map(world);
    let mut dist = vec![usize::MAX; m.territory_ids.len()];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from]);
    let mut nearest: Vec<T> = Vec::new();
    let mut best = usize::MAX;
    while let Some(t) = queue.pop_front() {
        if dist[t as usize] > best {
            break;
        }
        if t != from
            && controller(world, t).is_some_and(|c| same_player(world, q, c))
            && !rivals_in(world, q, t)
        {
            best = dist[t as usize];
            nearest.push(t);
            continue;
        }
        for n in &m.borders[t as usize] {
            if dist[*n as usize] == usize::MAX {
                dist[*n as usize] = dist[t as usize] + 1;
                queue.push_back(*n);
            }
        }
    }
    nearest.sort_unstable();
    nearest
}

/// A drawn attacker falls back to `to`, or off-map.
fn retreat_after_draw(world: &mut World, g: G, to: Option<T>) {
    let q = owner_of_general(world, g);
    place(world, g, to);
    let text = match to {
        Some(t) => format!("{} retreats to {}", gname(world, g), tname(world, t)),
        None => format!(
            "{} finds no Territory to retreat to and leaves the map",
            gname(world, g)
        ),
    };
    write(
        world,
        Note::new(ids::BATTLE_DRAW, text).realm(power_id(world, q).to_string()),
    );
}

fn win(world: &mut World, b: &Battle, attacker_won: bool) {
    let t = b.territory;
    let (winners_here, losers_here): (Vec<G>, Vec<G>) = if attacker_won {
        (b.attack.clone(), b.defend.clone())
    } else {
        (b.defend.clone(), b.attack.clone())
    };
    // The losers in the Territory lose all their Units, then choose Capital or off-map.
    for g in &losers_here {
        army_mut(world, *g).units = 0;
    }
    let mut losing_powers: Vec<P> = Vec::new();
    for g in &losers_here {
        push_unique(&mut losing_powers, owner_of_general(world, *g));
    }
    for (g, a) in &b.support {
        if *a != attacker_won {
            push_unique(&mut losing_powers, owner_of_general(world, *g));
        }
    }
    // "Losing Garrisons are lost and removed": the defender's when the attacker wins; when the
    // defender wins, a Garrison of the attacker's side standing in the Territory.
    let losing_garrison = if attacker_won {
        b.garrison
    } else {
        hold(world, t)
            .garrison
            .filter(|q| friends(world, b.attacker, *q))
    };
    if let Some(q) = losing_garrison {
        push_unique(&mut losing_powers, q);
        hold_mut(world, t).garrison = None;
        let text = format!(
            "{}'s Garrison in {} is lost",
            power_id(world, q),
            tname(world, t)
        );
        write(
            world,
            Note::new(ids::BATTLE_LOSS, text).realm(power_id(world, q).to_string()),
        );
    }
    for g in &losers_here {
        let q = owner_of_general(world, *g);
        let text = format!(
            "{} loses all its Units in {}",
            gname(world, *g),
            tname(world, t)
        );
        write(
            world,
            Note::new(ids::BATTLE_LOSS, text).realm(power_id(world, q).to_string()),
        );
    }
    // Morale: the house loss for each losing Power, plus 1 for every undiscarded 5 it played.
    let base = house(world).battle_loss_morale;
    for q in &losing_powers {
        let fives = b
            .piles
            .iter()
            .filter(|pile| pile.owner == *q)
            .flat_map(|pile| &pile.cards)
            .filter(|c| c.value == 5 && !c.discarded)
            .count() as i32;
        let lost = base + fives;
        let morale = {
            let mut purse = purse_mut(world, *q);
            let before = purse.morale;
            purse.morale = (purse.morale - lost).max(0);
            before - purse.morale
        };
        let extra = if fives > 0 {
            format!(" ({fives} for its 5s)")
        } else {
            String::new()
        };
        let text = format!(
            "{} loses {morale} Morale for the defeat{extra}",
            power_id(world, *q)
        );
        write(
            world,
            Note::new(ids::BATTLE_LOSS, text)
                .realm(power_id(world, *q).to_string())
                .amount(-morale),
        );
    }
    // Influence: every Power of the winning side that took part gains 1 if an opposing General
    // was defeated; those in the Territory gain 1 more when in a Coalition and a defeated
    // General was of the opposing Coalition (not Minors, not supporters). A General that
    // supported the losing side took part in the battle and lost it: it is defeated too (it
    // stays where it stands; only those in the Territory lose their Units and leave).
    let winner = if attacker_won { b.attacker } else { b.defender };
    let text = format!(
        "{} wins the battle of {}",
        power_id(world, winner),
        tname(world, t)
    );
    write(
        world,
        Note::new(ids::BATTLE_WIN, text).realm(power_id(world, winner).to_string()),
    );
    let mut defeated = losers_here.clone();
    defeated.extend(
        b.support
            .iter()
            .filter(|(_, backs_attacker)| *backs_attacker != attacker_won)
            .map(|(g, _)| *g),
    );
    if !defeated.is_empty() {
        let mut here: Vec<P> = Vec::new();
        for g in &winners_here {
            push_unique(&mut here, owner_of_general(world, *g));
        }
        if !attacker_won && let Some(q) = b.garrison {
            push_unique(&mut here, q);
        }
        let mut all = here.clone();
        for (g, a) in &b.support {
            if *a == attacker_won {
                push_unique(&mut all, owner_of_general(world, *g));
            }
        }
        let loser_sides: Vec<_> = defeated
            .iter()
            .filter_map(|g| side(world, owner_of_general(world, *g)))
            .collect();
        for q in all {
            gain_influence(world, q, 1, ids::BATTLE_WIN, "a defeated General");
            let bonus = here.contains(&q)
                && purse(world, q).major
                && side(world, q).is_some_and(|s| loser_sides.iter().any(|l| *l != s));
            if bonus {
                gain_influence(
                    world,
                    q,
                    1,
                    ids::BATTLE_WIN,
                    "the Coalition bonus: the defeated General was of the opposing Coalition",
                );
            }
        }
    }
    let mut bm = battle_mut(world);
    bm.retreats = losers_here;
    bm.stage = if attacker_won {
        BattleStage::Garrison
    } else {
        BattleStage::Retreat
    };
}
