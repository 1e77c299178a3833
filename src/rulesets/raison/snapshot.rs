//! Raison d'Etat's state as data: the whole of it for the state hash (`snapshot`), and what one
//! seat may see (`view`): its own hand and those of the Minors it controls, everyone's public
//! state, hand sizes but not hands, face-down Battle cards as hidden, secret choices only its
//! own until revealed, and the deck's size but not its order.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::query_cache::with_query;
use crate::engine::reads::Reads;
use crate::rulesets::raison::content::schema::{DialAction, Status};
use crate::rulesets::raison::model::{
    Army, General, Hold, MapIndex, Outcome, Power, Purse, Table, Territory, army, controller, hold,
    player_of, purse, segment,
};
use crate::rulesets::raison::rules::Turn;

#[derive(Serialize, Clone, Debug)]
pub struct Snapshot {
    pub round: u32,
    /// The action turn within the round, from 1.
    pub turn: u8,
    pub emperor: Option<String>,
    /// The draw pile, top last (empty in a seat's view, where only its size shows).
    pub deck: Vec<u8>,
    pub deck_size: usize,
    pub discard: Vec<u8>,
    pub powers: Vec<PowerState>,
    pub territories: Vec<TerritoryState>,
    pub generals: Vec<GeneralState>,
    /// The action turn in progress (secret choices and hidden cards blanked in a view).
    pub progress: Turn,
    pub outcome: Outcome,
}

#[derive(Serialize, Clone, Debug)]
pub struct PowerState {
    pub id: String,
    pub major: bool,
    pub money: i32,
    pub morale: i32,
    pub influence: i32,
    /// The hand (empty in another seat's view).
    pub hand: Vec<u8>,
    pub hand_size: usize,
    pub status: Status,
    /// The Major that plays it (itself for a Major).
    pub player: Option<String>,
    /// What its dial shows this action turn.
    pub segment: DialAction,
}

#[derive(Serialize, Clone, Debug)]
pub struct TerritoryState {
    pub id: String,
    pub garrison: Option<String>,
    pub fortress: bool,
    pub controller: Option<String>,
}

#[derive(Serialize, Clone, Debug)]
pub struct GeneralState {
    pub id: String,
    pub power: String,
    pub at: Option<String>,
    pub units: u8,
}

/// Every Power's state, hands included.
fn powers_of(world: &World) -> Vec<PowerState> {
    let m = world.res::<MapIndex>();
    let pid = |p: u8| m.power_ids[p as usize].clone();
    (0..m.powers.len() as u8)
        .map(|p| {
            let purse = purse(world, p);
            PowerState {
                id: pid(p),
                major: purse.major,
                money: purse.money,
                morale: purse.morale,
                influence: purse.influence,
                hand: purse.hand.clone(),
                hand_size: purse.hand.len(),
                status: crate::rulesets::raison::model::status(world, p),
                player: player_of(world, p).map(pid),
                segment: segment(world, p),
            }
        })
        .collect()
}

/// The whole state: what the state hash is made of.
pub fn snapshot(world: &World) -> Snapshot {
    let m = world.res::<MapIndex>();
    let table = world.res::<Table>();
    let pid = |p: u8| m.power_ids[p as usize].clone();
    let powers = powers_of(world);
    let territories = (0..m.territory_ids.len() as u16)
        .map(|t| {
            let Hold { garrison, fortress } = hold(world, t);
            TerritoryState {
                id: m.territory_ids[t as usize].clone(),
                garrison: garrison.map(pid),
                fortress,
                controller: controller(world, t).map(pid),
            }
        })
        .collect();
    let generals = (0..m.generals.len() as u16)
        .map(|g| {
            let a = army(world, g);
            GeneralState {
                id: m.general_ids[g as usize].clone(),
                power: pid(crate::rulesets::raison::model::owner_of_general(world, g)),
                at: a.at.map(|t| m.territory_ids[t as usize].clone()),
                units: a.units,
            }
        })
        .collect();
    Snapshot {
        round: table.round,
        turn: table.turn + 1,
        emperor: table.emperor.map(pid),
        deck: table.deck.clone(),
        deck_size: table.deck.len(),
        discard: table.discard.clone(),
        powers,
        territories,
        generals,
        progress: world.res::<Turn>().clone(),
        outcome: world.res::<Outcome>().clone(),
    }
}

/// What `seat` may see (`None`: a spectator, public state only).
pub fn view(world: &World, seat: Option<&str>) -> Snapshot {
    hide(world, seat, snapshot(world))
}

fn hide(world: &World, seat: Option<&str>, mut s: Snapshot) -> Snapshot {
    let m = world.res::<MapIndex>();
    let me = seat.and_then(|id| m.power(id));
    // Powers `seat` plays: itself and the Minors it controls.
    let mine = |p: u8| me.is_some_and(|me| player_of(world, p) == Some(me));
    s.deck.clear();
    for (p, power) in s.powers.iter_mut().enumerate() {
        if !mine(p as u8) {
            power.hand.clear();
        }
    }
    s.progress.secret.retain(|(p, _)| mine(*p));
    // Once the battle is decided every card has been turned over (the log shows them).
    if let Some(b) = s.progress.battle.as_mut().filter(|b| !b.stage.decided()) {
        for pile in &mut b.piles {
            if mine(pile.owner) {
                continue;
            }
            for c in &mut pile.cards {
                if !c.face_up && !c.revealed {
                    c.value = 0;
                }
            }
        }
    }
    s
}

/// What one seat may see, by index rather than by name: the public board, every Power's
/// public figures, the seat's own hand and the battle with others' face-down cards hidden. Bots
/// read this (it costs no string copies); people read `view`.
#[derive(Clone, Debug)]
pub struct Board {
    pub powers: Vec<PublicPower>,
    /// The hand of the Power the question is for (the seat's own, or a Minor it plays).
    pub hand: Vec<u8>,
    pub controllers: Vec<Option<u8>>,
    pub garrisons: Vec<Option<u8>>,
    pub fortresses: Vec<bool>,
    /// Each General's Power, place and Units.
    pub generals: Vec<(u8, Option<u16>, u8)>,
    pub battle: Option<crate::rulesets::raison::rules::battle::Battle>,
    pub emperor: Option<u8>,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct PublicPower {
    pub major: bool,
    pub money: i32,
    pub morale: i32,
    pub influence: i32,
    pub hand_size: usize,
    pub status: Status,
    pub player: Option<u8>,
}

/// How much of the board a question reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The Powers and the hand.
    Powers,
    /// ... and the Generals.
    Generals,
    /// ... and the Territories and the battle.
    Full,
}

/// The board as seat `seat` sees it, for questions about Power `power`, as far as `part` (the
/// rest left empty), so a question about cards does not pay for the map.
pub fn board(world: &World, seat: u8, power: u8, part: Part) -> Board {
    let m = world.res::<MapIndex>();
    // Every purse once, over a kept query, placed by the Power's index; a Minor's status and
    // player come from its controller's.
    let n = m.powers.len();
    let mut powers = vec![PublicPower::default(); n];
    let mut controllers: Vec<Option<u8>> = vec![None; n];
    let found = with_query::<(&Power, &Purse), (), _>(world, |q| {
        let mut found = 0;
        for (p, purse) in q {
            let i = p.index as usize;
            controllers[i] = purse.controller;
            powers[i] = PublicPower {
                major: purse.major,
                money: purse.money,
                morale: purse.morale,
                influence: purse.influence,
                hand_size: purse.hand.len(),
                status: purse.status,
                player: if purse.major {
                    Some(p.index)
                } else {
                    purse.controller
                },
            };
            found += 1;
        }
        found
    });
    assert_eq!(found, Some(n), "every Power has a purse");
    let own_status: Vec<Status> = powers.iter().map(|p| p.status).collect();
    for (p, power) in powers.iter_mut().enumerate() {
        match controllers[p] {
            Some(c) if !power.major && c as usize != p => power.status = own_status[c as usize],
            _ => {}
        }
    }
    let hand = if powers[power as usize].player == Some(seat) || power == seat {
        world
            .read::<Purse>(m.powers[power as usize])
            .expect("every Power has a purse")
            .hand
            .clone()
    } else {
        Vec::new()
    };
    let mut b = Board {
        powers,
        hand,
        controllers: Vec::new(),
        garrisons: Vec::new(),
        fortresses: Vec::new(),
        generals: Vec::new(),
        battle: None,
        emperor: world.res::<Table>().emperor,
    };
    if part == Part::Powers {
        return b;
    }
    // Generals and Territories in one pass each over a kept query, placed by the index each
    // entity carries: a bot reads the board at nearly every decision, and a look-up per entity
    // cost more than the rest of its choice.
    b.generals = vec![(0, None, 0); m.generals.len()];
    let found = with_query::<(&General, &Army), (), _>(world, |q| {
        let mut found = 0;
        for (g, a) in q {
            b.generals[g.index as usize] = (m.general_owner[g.index as usize], a.at, a.units);
            found += 1;
        }
        found
    });
    assert_eq!(found, Some(m.generals.len()), "every General has an army");
    if part == Part::Generals {
        return b;
    }
    let n = m.territories.len();
    b.garrisons = vec![None; n];
    b.fortresses = vec![false; n];
    let found = with_query::<(&Territory, &Hold), (), _>(world, |q| {
        let mut found = 0;
        for (t, h) in q {
            b.garrisons[t.index as usize] = h.garrison;
            b.fortresses[t.index as usize] = h.fortress;
            found += 1;
        }
        found
    });
    assert_eq!(found, Some(n), "every Territory has a hold");
    b.controllers = (b.garrisons.iter().zip(&m.kinds))
        .map(|(garrison, kind)| match kind {
            crate::rulesets::raison::model::Kind::Home(p) => garrison.or(Some(*p)),
            _ => *garrison,
        })
        .collect();
    b.battle = world.res::<Turn>().battle.clone().map(|mut battle| {
        for pile in &mut battle.piles {
            if player_of(world, pile.owner) == Some(seat) {
                continue;
            }
            for c in &mut pile.cards {
                if !c.face_up && !c.revealed {
                    c.value = 0;
                }
            }
        }
        battle
    });
    b
}
