//! Ideas (5.1 Research Idea): the open grid of Ideas (a Basic Idea and two more of each type,
//! refreshed at the end of each Age), researching one for its cost, the prestige for the
//! researcher and for earlier researchers while few hold it.

use bevy::prelude::*;
use serde::Serialize;

use crate::content::schema::MpKind;
use crate::sim::decision::Illegal;
use crate::sim::flow::{Flow, Rules};
use crate::sim::log::{Note, write};
use crate::sim::model::Mat;
use crate::sim::pop::PopStep;
use crate::sim::pop::economy::{change_mp, change_prestige};
use crate::sim::rng::GameRng;
use crate::sim::rules;
use crate::sim::state::{Content, Index, Seats, key_of, sid_of};

pub struct IdeasPlugin;

impl Plugin for IdeasPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<IdeaGrid>().add_systems(
            Rules,
            refresh_ideas_at_end_of_age
                .in_set(PopStep::P5D)
                .before(crate::sim::pop::cleanup::end_age),
        );
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
    let content = world.resource::<Content>().0.clone();
    let mut grid = world.resource::<IdeaGrid>().clone();
    for kind in MpKind::ALL {
        for (i, idea) in content.ideas.iter().enumerate() {
            if idea.kind == kind && idea.basic && idea.age <= age && !grid.open.contains(&i) {
                grid.open.push(i);
            }
        }
        let open_now = grid
            .open
            .iter()
            .filter(|i| content.ideas[**i].kind == kind && !content.ideas[**i].basic)
            .count();
        let mut pool: Vec<usize> = content
            .ideas
            .iter()
            .enumerate()
            .filter(|(i, d)| d.kind == kind && !d.basic && d.age <= age && !grid.open.contains(i))
            .filter(|(i, _)| !grid.researched.iter().any(|(_, r)| r == i))
            .map(|(i, _)| i)
            .collect();
        world.resource_mut::<GameRng>().shuffle(&mut pool);
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
            rules::FLOW_SETUP,
            format!("Ideas open for research: {}", names.join(", ")),
        ),
    );
}

/// End of Age (5D step 3): unresearched non-basic Ideas are replaced with new ones.
fn refresh_ideas_at_end_of_age(world: &mut World) {
    let age = world.resource::<Flow>().age;
    if !world
        .resource::<crate::sim::pop::events::EventDisplay>()
        .deck(age)
        .is_empty()
    {
        return;
    }
    let content = world.resource::<Content>().0.clone();
    let mut grid = world.resource::<IdeaGrid>().clone();
    let researched: Vec<usize> = grid.researched.iter().map(|(_, i)| *i).collect();
    grid.open
        .retain(|i| content.ideas[*i].basic || researched.contains(i));
    world.insert_resource(grid);
    fill_grid(world, (age + 1).min(4));
}

pub fn idea_index(world: &World, id: &str) -> Option<usize> {
    world
        .resource::<Content>()
        .0
        .ideas
        .iter()
        .position(|i| i.id == id)
}

/// Why `realm` cannot research this Idea now, if it cannot.
pub fn research_problem(world: &World, realm: Entity, id: &str) -> Option<Illegal> {
    let Some(idea) = idea_index(world, id) else {
        return Some(Illegal::new(
            rules::RESEARCH_IDEA,
            format!("no Idea \"{id}\""),
        ));
    };
    let grid = world.resource::<IdeaGrid>();
    if !grid.open.contains(&idea) {
        return Some(Illegal::new(
            rules::RESEARCH_IDEA,
            "that Idea is not open for research",
        ));
    }
    if grid.holders(idea).contains(&sid_of(world, realm)) {
        return Some(Illegal::new(
            rules::RESEARCH_IDEA,
            "you already hold that Idea",
        ));
    }
    let def = &world.resource::<Content>().0.ideas[idea];
    let have = world.get::<Mat>(realm).map_or(0, |m| m.mp(def.kind));
    (have < i32::from(def.cost)).then(|| {
        Illegal::new(
            rules::RESEARCH_IDEA,
            format!(
                "{} costs {} {:?}, you have {have}",
                def.name, def.cost, def.kind
            ),
        )
    })
}

/// Researches an Idea: pay its cost, +2 prestige; each earlier researcher gains 1 while at most
/// two players already hold it.
pub fn research(world: &mut World, realm: Entity, id: &str) {
    let Some(idea) = idea_index(world, id) else {
        return;
    };
    let def = world.resource::<Content>().0.ideas[idea].clone();
    let name = key_of(world, realm);
    let earlier = world.resource::<IdeaGrid>().holders(idea);
    write(
        world,
        Note::new(
            rules::RESEARCH_IDEA,
            format!("{name} researches {}", def.name),
        )
        .realm(&name),
    );
    change_mp(
        world,
        realm,
        def.kind,
        -i32::from(def.cost),
        rules::RESEARCH_IDEA,
    );
    change_prestige(world, realm, RESEARCH_PRESTIGE, rules::RESEARCH_IDEA);
    if earlier.len() <= EARLIER_BONUS_LIMIT {
        for holder in earlier {
            if let Some(e) = world.resource::<Index>().by_sid(holder) {
                change_prestige(world, e, 1, rules::RESEARCH_IDEA);
            }
        }
    }
    let sid = sid_of(world, realm);
    world
        .resource_mut::<IdeaGrid>()
        .researched
        .push((sid, idea));
}

/// Ideas a realm holds, by id.
pub fn ideas_of(world: &World, realm: Entity) -> Vec<String> {
    let sid = sid_of(world, realm);
    let content = world.resource::<Content>().0.clone();
    world
        .resource::<IdeaGrid>()
        .researched
        .iter()
        .filter(|(r, _)| *r == sid)
        .map(|(_, i)| content.ideas[*i].id.clone())
        .collect()
}

/// Setup step: the opening grid.
pub fn open_grid(world: &mut World) {
    let age = world.resource::<Flow>().age;
    let _ = world.resource::<Seats>();
    fill_grid(world, age);
}
