//! The bot's colonial plans: found a colony on a colonial claim when it can, and otherwise
//! post light ships along the sea lane that would link the claim to the capital.

use super::legal::Legal;
use crate::engine::reads::Reads;
use crate::rulesets::pop::rules::actions::TurnPart;
use std::collections::VecDeque;

use bevy::ecs::entity::EntityHashMap;
use bevy::prelude::*;

use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::Action;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::colonize::{colonial_claims, linked_to_capital, neighbours};
use crate::rulesets::pop::rules::relations::area_of;
use crate::rulesets::pop::state::Index;

/// The Colonize answer using the most colonists, keeping at least 2 adm in hand.
pub fn colonize(mat: &Mat, legal: &Legal) -> Option<Action> {
    legal
        .matching_in(&[TurnPart::Colonize], |a| {
            matches!(a, Action::Colonize { .. })
        })
        .filter_map(|a| match a {
            Action::Colonize { colonists, .. } => Some((*colonists, a)),
            _ => None,
        })
        .filter(|(c, _)| mat.mp(MpKind::Adm) - (4 - i32::from(*c)) >= 2)
        .max_by_key(|(c, _)| *c)
        .map(|(_, a)| a.clone())
}

/// The sea zones of the shortest sea lane from the capital area to an unlinked colonial claim,
/// from the capital outwards; empty when every claim is linked or none can be reached.
pub fn sea_lane(world: &World, realm: Entity) -> Vec<Entity> {
    let Some(capital) = world
        .read::<Capital>(realm)
        .and_then(|c| area_of(world, c.0))
    else {
        return Vec::new();
    };
    let targets: Vec<Entity> = colonial_claims(world, realm)
        .into_iter()
        .filter(|a| !linked_to_capital(world, realm, *a))
        .collect();
    if targets.is_empty() {
        return Vec::new();
    }
    let shores = crate::rulesets::pop::rules::trade::shores_map(world);
    // Breadth-first over sea zones from the capital's coasts (other areas are not crossed).
    let mut parent: EntityHashMap<Entity> = EntityHashMap::default();
    let mut queue: VecDeque<Entity> = VecDeque::new();
    for s in world
        .read::<Coasts>(capital)
        .map(|c| c.0.clone())
        .unwrap_or_default()
    {
        parent.insert(s, capital);
        queue.push_back(s);
    }
    while let Some(node) = queue.pop_front() {
        for n in neighbours(world, node, &shores) {
            if targets.contains(&n) {
                let mut lane = Vec::new();
                let mut at = node;
                while at != capital {
                    lane.push(at);
                    at = parent[&at];
                }
                lane.reverse();
                return lane;
            }
            if world.read::<SeaZone>(n).is_some() && !parent.contains_key(&n) {
                parent.insert(n, node);
                queue.push_back(n);
            }
        }
    }
    Vec::new()
}

fn has_ship(world: &World, realm: Entity, sea: Entity) -> bool {
    world.read::<Present>(sea).is_some_and(|p| {
        p.iter().any(|u| {
            world.read::<UnitOf>(u).is_some_and(|o| o.0 == realm)
                && world.read::<Unit>(u).is_some_and(|x| !x.kind.is_land())
        })
    })
}

/// Whether the realm should build a light ship for its colonial lane: a gap and no ship free.
pub fn wants_ship(world: &World, realm: Entity) -> bool {
    let lane = sea_lane(world, realm);
    let gaps = lane.iter().filter(|s| !has_ship(world, realm, **s)).count();
    let free = world.read::<Forces>(realm).map_or(0, |f| {
        f.iter()
            .filter(|u| world.read::<Unit>(*u).is_some_and(|x| !x.kind.is_land()))
            .filter(|u| {
                world
                    .read::<At>(*u)
                    .is_some_and(|a| world.read::<SeaZone>(a.0).is_none() || !lane.contains(&a.0))
            })
            .count()
    });
    gaps > free
}

/// A Sail that brings a ship in port, or at sea off the lane, closer to the lane's first gap.
/// Ships already on the lane stay where they are: they hold it.
pub fn sail_to_gap(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    let lane = sea_lane(world, realm);
    let gap = *lane.iter().find(|s| !has_ship(world, realm, **s))?;
    let index = world.res::<Index>();
    let mut dist: EntityHashMap<u32> = EntityHashMap::from_iter([(gap, 0)]);
    let mut queue = VecDeque::from([gap]);
    while let Some(s) = queue.pop_front() {
        for n in world
            .read::<SeaNeighbours>(s)
            .map(|n| n.0.clone())
            .unwrap_or_default()
        {
            if !dist.contains_key(&n) {
                let d = dist[&s] + 1;
                dist.insert(n, d);
                queue.push_back(n);
            }
        }
    }
    legal
        .matching_in(&[TurnPart::Sails], |a| matches!(a, Action::Sail { .. }))
        .filter_map(|a| match a {
            Action::Sail { from, to } => {
                let (f, t) = (index.get(from)?, index.get(to)?);
                let free = world.read::<SeaZone>(f).is_none() || !lane.contains(&f);
                free.then_some(())?;
                Some((*dist.get(&t)?, a))
            }
            _ => None,
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a.clone())
}
