//! Ideas (5.1 Research Idea): the open grid of Ideas (a Basic Idea and two more of each type,
//! refreshed at the end of each Age), researching one for its cost, the prestige for the
//! researcher and for earlier researchers while few hold it.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::{IdeaEffect, MpKind};
use crate::rulesets::pop::decision::Illegal;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::Mat;
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige};
use crate::rulesets::pop::state::{Content, Index, Seats, key_of, sid_of};

pub struct IdeasPlugin;

impl Plugin for IdeasPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<IdeaGrid>();
    }
}

/// Non-basic Ideas open per type besides the Basic one.
pub const OPEN_PER_TYPE: usize = 2;
/// Prestige for researching an Idea.
pub const RESEARCH_PRESTIGE: i32 = 2;
/// Earlier researchers gain 1 while at most this many players already hold the Idea.
pub const EARLIER_BONUS_LIMIT: usize = 2;

/// The Ideas open for research (indices into the scenario's ideas) and who holds which.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct IdeaGrid {
    pub open: Vec<usize>,
    /// (realm stable id, idea) in the order they were researched.
    pub researched: Vec<(u32, usize)>,
}

impl IdeaGrid {
    pub fn holders(&self, idea: usize) -> Vec<u32> {
        self.researched
            .iter()
            .filter(|(_, i)| *i == idea)
            .map(|(r, _)| *r)
            .collect()
    }
}

/// Fills the grid for `age`: every Basic Idea of that age or earlier stays open; each type gets
/// up to two non-basic Ideas of that age or earlier, drawn by lot among those not yet open.
pub fn fill_grid(world: &mut World, age: u8) {
    let content = world.res::<Content>().0.clone();
    let mut grid = world.res::<IdeaGrid>().clone();
    for kind in MpKind::ALL {
        for (i, idea) in content.ideas.iter().enumerate() {
            if idea.kind == kind && idea.basic && idea.age <= age && !grid.open.contains(&i) {
                grid.open.push(i);
            }
        }
        // Researched Ideas stay on the board for others; the two slots count only the Ideas
        // nobody holds yet, so new rows come in as Ideas are taken (the event rows of the
        // board game are not modelled).
        let open_now = grid
            .open
            .iter()
            .filter(|i| content.ideas[**i].kind == kind && !content.ideas[**i].basic)
            .filter(|i| !grid.researched.iter().any(|(_, r)| r == *i))
            .count();
        let mut pool: Vec<usize> = content
            .ideas
            .iter()
            .enumerate()
            .filter(|(i, d)| d.kind == kind && !d.basic && d.age <= age && !grid.open.contains(i))
            .filter(|(i, _)| !grid.researched.iter().any(|(_, r)| r == i))
            .map(|(i, _)| i)
            .collect();
        world.res_mut::<GameRng>().shuffle(&mut pool);
        grid.open.extend(
            pool.into_iter()
                .take(OPEN_PER_TYPE.saturating_sub(open_now)),
        );
    }
    grid.open.sort();
    let names: Vec<String> = grid
        .open
        .iter()
        .map(|i| content.ideas[*i].name.clone())
        .collect();
    world.insert_resource(grid);
    write(
        world,
        Note::new(
            ids::FLOW_SETUP,
            format!("Ideas open for research: {}", names.join(", ")),
        ),
    );
}

/// End of Age (5D step 3): unresearched non-basic Ideas are replaced with new ones.
pub fn refresh_ideas_at_end_of_age(world: &mut World) {
    // Phase 5 D asks questions (the last Milestone claims, the least-prestige swap) around
    // this step; while one waits the step runs again, and the Ideas must be replaced once.
    if world
        .res::<crate::rulesets::pop::decision::Pending>()
        .0
        .is_some()
    {
        return;
    }
    let age = world.res::<Flow>().age;
    if !world
        .res::<crate::rulesets::pop::rules::events::EventDisplay>()
        .deck(age)
        .is_empty()
    {
        return;
    }
    let content = world.res::<Content>().0.clone();
    let mut grid = world.res::<IdeaGrid>().clone();
    let researched: Vec<usize> = grid.researched.iter().map(|(_, i)| *i).collect();
    grid.open
        .retain(|i| content.ideas[*i].basic || researched.contains(i));
    world.insert_resource(grid);
    fill_grid(world, (age + 1).min(4));
}

pub fn idea_index(world: &World, id: &str) -> Option<usize> {
    world
        .res::<Content>()
        .0
        .ideas
        .iter()
        .position(|i| i.id == id)
}

/// Why `realm` cannot research this Idea now, if it cannot.
pub fn research_problem(world: &World, realm: Entity, id: &str) -> Option<Illegal> {
    let Some(idea) = idea_index(world, id) else {
        return Some(Illegal::new(
            ids::RESEARCH_IDEA,
            format!("no Idea \"{id}\""),
        ));
    };
    let grid = world.res::<IdeaGrid>();
    if !grid.open.contains(&idea) {
        return Some(Illegal::new(
            ids::RESEARCH_IDEA,
            "that Idea is not open for research",
        ));
    }
    if grid.holders(idea).contains(&sid_of(world, realm)) {
        return Some(Illegal::new(
            ids::RESEARCH_IDEA,
            "you already hold that Idea",
        ));
    }
    let def = &world.res::<Content>().0.ideas[idea];
    // 18.3: an Imperial Subject may not research Government Ideas while E is 3 or more.
    if def.government
        && crate::rulesets::pop::rules::empire::is_subject(world, realm)
        && crate::rulesets::pop::rules::empire::authority(world) >= 3
    {
        return Some(Illegal::new(
            ids::EMPIRE_LANDS,
            "an Imperial Subject may not research a Government Idea while Imperial Authority is 3 or more",
        ));
    }
    let (kind, cost) = idea_cost(world, id)?;
    let have = world.read::<Mat>(realm).map_or(0, |m| m.mp(kind));
    (have < cost).then(|| {
        Illegal::explained(ids::RESEARCH_IDEA, || {
            format!(
                "{} costs {} {:?}, you have {have}",
                def.name, def.cost, def.kind
            )
        })
    })
}

/// The monarch power type and amount researching the Idea with this id costs.
pub fn idea_cost(world: &World, id: &str) -> Option<(MpKind, i32)> {
    let def = &world.res::<Content>().0.ideas[idea_index(world, id)?];
    Some((def.kind, i32::from(def.cost)))
}

/// Researches an Idea: pay its cost, +2 prestige; each earlier researcher gains 1 while at most
/// two players already hold it.
pub fn research(world: &mut World, realm: Entity, id: &str) {
    let Some(idea) = idea_index(world, id) else {
        return;
    };
    let def = world.res::<Content>().0.ideas[idea].clone();
    let name = key_of(world, realm);
    let earlier = world.res::<IdeaGrid>().holders(idea);
    write(
        world,
        Note::new(
            ids::RESEARCH_IDEA,
            format!("{name} researches {}", def.name),
        )
        .realm(name),
    );
    if let Some((kind, cost)) = idea_cost(world, id) {
        change_mp(world, realm, kind, -cost, ids::RESEARCH_IDEA);
    }
    change_prestige(world, realm, RESEARCH_PRESTIGE, ids::RESEARCH_IDEA);
    if earlier.len() <= EARLIER_BONUS_LIMIT {
        for holder in earlier {
            if let Some(e) = world.res::<Index>().by_sid(holder) {
                change_prestige(world, e, 1, ids::RESEARCH_IDEA);
            }
        }
    }
    let sid = sid_of(world, realm);
    if def.government {
        // Only one Government-form Idea at a time: the new one replaces the old.
        let content = world.res::<Content>().0.clone();
        let old: Vec<usize> = world
            .res::<IdeaGrid>()
            .researched
            .iter()
            .filter(|(r, i)| *r == sid && content.ideas[*i].government)
            .map(|(_, i)| *i)
            .collect();
        for i in old {
            world
                .res_mut::<IdeaGrid>()
                .researched
                .retain(|(r, x)| !(*r == sid && *x == i));
            let old_name = content.ideas[i].name.clone();
            write(
                world,
                Note::new(
                    ids::RESEARCH_IDEA,
                    format!("{name} gives up {old_name} for {}", def.name),
                )
                .realm(name),
            );
        }
    }
    world.res_mut::<IdeaGrid>().researched.push((sid, idea));
    if def.government {
        if def.effects.contains(&IdeaEffect::Revolutionary) {
            crate::rulesets::pop::rules::religion::become_revolutionary(world, realm);
        } else {
            crate::rulesets::pop::rules::religion::end_revolutionary_regime(world, realm);
        }
    }
    if !def.immediate.is_empty() {
        crate::rulesets::pop::rules::effects::queue_effects(
            world,
            realm,
            def.immediate.clone(),
            &def.name,
        );
    }
}

/// Whether researching this Idea queues immediate effects (the Action phase then resolves them
/// before the action ends).
pub fn has_immediate_effects(world: &World, id: &str) -> bool {
    idea_index(world, id).is_some_and(|i| !world.res::<Content>().0.ideas[i].immediate.is_empty())
}

/// Ideas a realm holds, by id.
pub fn ideas_of(world: &World, realm: Entity) -> Vec<Id> {
    let sid = sid_of(world, realm);
    let content = world.res::<Content>().0.clone();
    world
        .res::<IdeaGrid>()
        .researched
        .iter()
        .filter(|(r, _)| *r == sid)
        .map(|(_, i)| content.ideas[*i].id)
        .collect()
}

/// What the Ideas a realm holds do, in the order researched. Asked by many checks of one
/// decision's candidates (influence, costs, skills): remembered while the World cannot change.
pub fn idea_effects(world: &World, realm: Entity) -> std::rc::Rc<Vec<IdeaEffect>> {
    struct IdeaEffectsOf;
    crate::engine::memo::cached::<IdeaEffectsOf, _, _>(world, realm, || {
        idea_effects_now(world, realm)
    })
}

fn idea_effects_now(world: &World, realm: Entity) -> Vec<IdeaEffect> {
    let sid = sid_of(world, realm);
    let content = &world.res::<Content>().0;
    world
        .res::<IdeaGrid>()
        .researched
        .iter()
        .filter(|(r, _)| *r == sid)
        .flat_map(|(_, i)| content.ideas[*i].effects.iter().cloned())
        .collect()
}

/// Skill added by Ideas in one type (7.1: "Ideas may modify" the skill level).
pub fn idea_skill(world: &World, realm: Entity, kind: MpKind) -> i32 {
    idea_effects(world, realm)
        .iter()
        .map(|e| match e {
            IdeaEffect::Skill(k, n) if *k == kind => *n,
            _ => 0,
        })
        .sum()
}

/// Ducats of income from Ideas in Phase 4 B.
pub fn idea_income(world: &World, realm: Entity) -> i32 {
    idea_effects(world, realm)
        .iter()
        .map(|e| match e {
            IdeaEffect::Income(n) => *n,
            _ => 0,
        })
        .sum()
}

/// The sum of one numeric Idea effect over the Ideas a realm holds (`amount` picks it out).
pub fn idea_sum(world: &World, realm: Entity, amount: impl Fn(&IdeaEffect) -> Option<i32>) -> i32 {
    idea_effects(world, realm).iter().filter_map(amount).sum()
}

/// Adm less that Increase Stability costs.
pub fn stability_discount(world: &World, realm: Entity) -> i32 {
    idea_sum(world, realm, |e| match e {
        IdeaEffect::StabilityCost(n) => Some(*n),
        _ => None,
    })
}

/// Manpower Ideas add to the tracks in Phase 5 A.
pub fn idea_manpower(world: &World, realm: Entity) -> i32 {
    idea_sum(world, realm, |e| match e {
        IdeaEffect::Manpower(n) => Some(*n),
        _ => None,
    })
}

/// Extra influence per area per Influence action.
pub fn extra_influence(world: &World, realm: Entity) -> u8 {
    let n = idea_sum(world, realm, |e| match e {
        IdeaEffect::Influence(n) => Some(i32::from(*n)),
        _ => None,
    });
    u8::try_from(n).unwrap_or(0)
}

/// Ducats less that each advisor costs to appoint and to keep.
pub fn advisor_discount(world: &World, realm: Entity) -> i32 {
    idea_sum(world, realm, |e| match e {
        IdeaEffect::AdvisorCost(n) => Some(*n),
        _ => None,
    })
}

/// An advisor's price after Ideas: the printed cost less the discount, at least 1 (a printed
/// 0 stays 0).
pub fn advisor_price(world: &World, realm: Entity, printed: i32) -> i32 {
    if printed <= 0 {
        return printed;
    }
    (printed - advisor_discount(world, realm)).max(1)
}

/// Extra re-rolls of the exploration die.
pub fn extra_rerolls(world: &World, realm: Entity) -> u8 {
    let n = idea_sum(world, realm, |e| match e {
        IdeaEffect::ExploreRerolls(n) => Some(i32::from(*n)),
        _ => None,
    });
    u8::try_from(n).unwrap_or(0)
}

/// Whether the realm holds "Quest for the New World" (ships explore).
pub fn quest_for_new_world(world: &World, realm: Entity) -> bool {
    idea_effects(world, realm)
        .iter()
        .any(|e| matches!(e, IdeaEffect::QuestForTheNewWorld))
}

/// Extra interest tokens the realm may hold.
pub fn extra_loans(world: &World, realm: Entity) -> u8 {
    let n = idea_sum(world, realm, |e| match e {
        IdeaEffect::Loans(n) => Some(i32::from(*n)),
        _ => None,
    });
    u8::try_from(n).unwrap_or(0)
}

/// Extra dice in naval battles.
pub fn naval_dice(world: &World, realm: Entity) -> u32 {
    let n = idea_sum(world, realm, |e| match e {
        IdeaEffect::NavalDice(n) => Some(i32::from(*n)),
        _ => None,
    });
    u32::try_from(n).unwrap_or(0)
}

/// Mil less that generals and admirals cost.
pub fn leader_discount(world: &World, realm: Entity) -> i32 {
    idea_sum(world, realm, |e| match e {
        IdeaEffect::LeaderCost(n) => Some(*n),
        _ => None,
    })
}

/// Extra ducats from Trade.
pub fn trade_bonus(world: &World, realm: Entity) -> i32 {
    idea_sum(world, realm, |e| match e {
        IdeaEffect::TradeIncome(n) => Some(*n),
        _ => None,
    })
}

/// Extra alliances and marriages above the caps.
pub fn extra_alliances(world: &World, realm: Entity) -> usize {
    let n = idea_sum(world, realm, |e| match e {
        IdeaEffect::Alliances(n) => Some(i32::from(*n)),
        _ => None,
    });
    usize::try_from(n).unwrap_or(0)
}

/// Extra cards kept at the hand limit.
pub fn extra_hand(world: &World, realm: Entity) -> usize {
    let n = idea_sum(world, realm, |e| match e {
        IdeaEffect::HandLimit(n) => Some(i32::from(*n)),
        _ => None,
    });
    usize::try_from(n).unwrap_or(0)
}

/// Phase 4 E: Ideas that score prestige while stability is positive.
pub fn score_idea_prestige(world: &mut World) {
    for realm in crate::rulesets::pop::state::turn_order(world) {
        let stability = world.read::<Mat>(realm).map_or(0, |m| m.stability);
        if stability <= 0 {
            continue;
        }
        let prestige: i32 = idea_effects(world, realm)
            .iter()
            .map(|e| match e {
                IdeaEffect::StablePrestige(n) => *n,
                _ => 0,
            })
            .sum();
        if prestige != 0 {
            let name = key_of(world, realm);
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE4_E,
                    format!(
                        "{name} scores {prestige} prestige for its Ideas and positive stability"
                    ),
                )
                .realm(name),
            );
            change_prestige(world, realm, prestige, ids::SEQ_PHASE4_E);
        }
    }
}

/// Setup step: the opening grid.
pub fn open_grid(world: &mut World) {
    let age = world.res::<Flow>().age;
    let _ = world.res::<Seats>();
    fill_grid(world, age);
}

#[cfg(test)]
pub fn score_idea_prestige_for_tests(world: &mut World) {
    score_idea_prestige(world);
}
