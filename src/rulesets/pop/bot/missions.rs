//! The bot's heuristics for Missions and Milestones: pick the Missions nearest to done, put
//! back one that is far off when a much nearer one waits in the deck, complete whatever is
//! fulfilled as soon as it may, and at the end of an Age swap in the Milestone it is nearest to.

use std::cell::RefCell;

use super::legal::Legal;
use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::rules::actions::TurnPart;
use bevy::prelude::*;

use crate::rulesets::pop::Action;
use crate::rulesets::pop::rules::conditions::progress;
use crate::rulesets::pop::rules::milestones::milestone_index;
use crate::rulesets::pop::rules::missions::mission_index;
use crate::rulesets::pop::state::Content;

/// A held Mission this far along (0 to 1) or less is poor: worth swapping.
const POOR: f32 = 0.3;
/// A swap must bring a Mission at least this much nearer to done.
const BETTER_BY: f32 = 0.35;

fn mission_progress(world: &World, realm: Entity, id: Id) -> f32 {
    let content = &world.res::<Content>().0;
    mission_index(world, id).map_or(0.0, |m| {
        let def = &content.missions[m];
        // Nearness first; among equals the one worth more prestige.
        progress(world, realm, &def.conditions) + f32::from(def.prestige) / 100.0
    })
}

fn milestone_progress(world: &World, realm: Entity, id: &str) -> f32 {
    let content = &world.res::<Content>().0;
    milestone_index(world, id).map_or(0.0, |m| {
        progress(world, realm, &content.milestones[m].conditions)
    })
}

/// Complete a Milestone (its prestige falls as others complete it) or a Mission, if any is
/// legal now.
pub fn claim(legal: &Legal) -> Option<Action> {
    legal
        .find_in(&[TurnPart::Missions], |a| {
            matches!(a, Action::ClaimMilestone { .. })
        })
        .or_else(|| {
            legal.find_in(&[TurnPart::Missions], |a| {
                matches!(a, Action::ClaimMission { .. })
            })
        })
}

/// Phase 1 D: fill the hand with the nearest Missions; swap a poor one for a much nearer one.
pub fn phase1(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    // Each Mission weighed once: a swap names the one given up with every one it could take.
    let weighed: RefCell<Vec<(Id, f32)>> = RefCell::new(Vec::new());
    let progress_of = |id: Id| {
        if let Some(&(_, p)) = weighed.borrow().iter().find(|(m, _)| *m == id) {
            return p;
        }
        let p = mission_progress(world, realm, id);
        weighed.borrow_mut().push((id, p));
        p
    };
    let best_pick = legal.best_by(
        |a| matches!(a, Action::PickMission { .. }),
        |a| match a {
            Action::PickMission { mission } => Some(progress_of(*mission)),
            _ => None,
        },
    );
    if let Some(a) = best_pick {
        return Some(a.clone());
    }
    let best_swap = legal.best_by(
        |a| matches!(a, Action::SwapMission { .. }),
        |a| match a {
            Action::SwapMission { give, take } => {
                let (old, new) = (progress_of(*give), progress_of(*take));
                (old <= POOR && new >= old + BETTER_BY).then_some(new - old)
            }
            _ => None,
        },
    );
    Some(best_swap.map_or(Action::Decline, Action::clone))
}

/// End of Age, least prestige: bring in the Milestone the realm is nearest to, if it is much
/// nearer than the one it replaces; Ideas stay as drawn.
pub fn age_swap(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    let best = legal
        .matching(|a| matches!(a, Action::SwapMilestone { .. }))
        .filter_map(|a| match a {
            Action::SwapMilestone { old, new } => Some((
                milestone_progress(world, realm, new) - milestone_progress(world, realm, old),
                a,
            )),
            _ => None,
        })
        .max_by(|x, y| x.0.total_cmp(&y.0));
    Some(match best {
        Some((gain, a)) if gain >= BETTER_BY => a.clone(),
        _ => Action::Decline,
    })
}
