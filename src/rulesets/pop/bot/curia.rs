//! The bot's Papal Actions (19.3): a Crusade against a Muslim-held area next to its own land
//! when its army there can fight, or the excommunication of a rival Catholic Player Realm.

use super::legal::Legal;
use crate::engine::reads::Reads;
use crate::rulesets::pop::rules::actions::TurnPart;
use bevy::prelude::*;

use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::Action;
use crate::rulesets::pop::model::{LandBorders, Mat, PlayerRealm};
use crate::rulesets::pop::rules::curia;
use crate::rulesets::pop::rules::military::own_units_at;
use crate::rulesets::pop::rules::relations::{at_war, enemies_of, owned_areas};
use crate::rulesets::pop::state::Index;

/// Land units of the realm needed in and around a Crusade's area before it calls one (its 2
/// free mercenaries come on top).
const CRUSADE_ARMY: usize = 2;

/// A Papal Action worth taking now, if any.
pub fn papal_action(world: &World, realm: Entity, mat: &Mat, legal: &Legal) -> Option<Action> {
    if mat.mp(MpKind::Dip) < curia::PAPAL_ACTION_DIP + 1 {
        return None;
    }
    crusade(world, realm, legal).or_else(|| excommunication(world, realm, mat, legal))
}

/// A Crusade with its free war, against an area the realm borders (it owns a province there or
/// next to it by land) where its army is strong enough; only at peace.
fn crusade(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    if at_war(world, realm) {
        return None;
    }
    let mine = owned_areas(world, realm);
    let index = world.res::<Index>();
    legal
        .matching_in(&[TurnPart::Curia], |a| {
            matches!(a, Action::CallCrusade { .. })
        })
        .filter_map(|a| match a {
            Action::CallCrusade {
                area,
                war: Some(target),
            } => Some((a, index.get(area)?, index.get(target)?)),
            _ => None,
        })
        .filter(|(_, area, target)| {
            // A Muslim Player Realm is a dangerous foe: only its Non-Player neighbours are fair game.
            world.read::<PlayerRealm>(*target).is_none() && {
                let mut around: Vec<Entity> = vec![*area];
                if let Some(b) = world.read::<LandBorders>(*area) {
                    around.extend(b.0.iter().map(|(n, _)| *n));
                }
                around.iter().any(|x| mine.contains(x))
                    && around
                        .iter()
                        .map(|x| own_units_at(world, realm, *x, true).len())
                        .sum::<usize>()
                        >= CRUSADE_ARMY
            }
        })
        .map(|(a, _, _)| a.clone())
        .next()
}

/// Excommunicate the Catholic Player Realm that threatens the realm most: an enemy first, then
/// a rival close behind in the Curia (a regular cardinal, at most one fewer than the
/// controller's), then a prestige leader well ahead of it.
fn excommunication(world: &World, realm: Entity, mat: &Mat, legal: &Legal) -> Option<Action> {
    if mat.mp(MpKind::Dip) < 2 * curia::PAPAL_ACTION_DIP {
        return None;
    }
    let index = world.res::<Index>();
    let enemies = enemies_of(world, realm);
    let candidates: Vec<(i32, Action)> = legal
        .matching_in(&[TurnPart::Curia], |a| {
            matches!(a, Action::Excommunicate { .. })
        })
        .filter_map(|a| match a {
            Action::Excommunicate { realm: t } => Some((a, index.get(t)?)),
            _ => None,
        })
        .filter(|(_, t)| world.read::<PlayerRealm>(*t).is_some())
        .filter_map(|(a, t)| {
            let prestige = world.read::<Mat>(t).map_or(0, |m| m.prestige);
            let cardinals = curia::regular_of(world, t) as i32;
            let mine = curia::cardinals_of(world, realm) as i32;
            let score = if enemies.contains(&t) {
                100
            } else if cardinals > 0 && cardinals + 1 >= mine {
                10 * cardinals + prestige / 10
            } else if prestige >= mat.prestige + 10 {
                prestige - mat.prestige
            } else {
                return None;
            };
            Some((score, a.clone()))
        })
        .collect();
    candidates
        .into_iter()
        .max_by_key(|(s, _)| *s)
        .map(|(_, a)| a)
}
