//! Milestones (17.3; FACTS sections 1 and 6): four public goals per Age, one drawn by lot from
//! each of the Age's Expansion, Politics, Warfare and Economics decks. The first, second and
//! third realm to complete one score 5, 3 and 1 prestige, and each of them its reward. At the
//! end of an Age (Phase 5 D) players may still complete what they have fulfilled, the
//! Milestones are replaced with the next Age's, and the realm with the least prestige may
//! replace one new Idea or Milestone with one of its choice.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::{MilestoneCategory, MilestoneDef};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, Pending, ask, take_answer};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::Mat;
use crate::rulesets::pop::rules::conditions::{describe, first_unmet};
use crate::rulesets::pop::rules::economy::change_prestige;
use crate::rulesets::pop::rules::effects::{Visit, apply_now, for_each_realm};
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::rules::ideas::IdeaGrid;
use crate::rulesets::pop::state::{Content, Index, Seats, key_of, sid_of};

pub struct MilestonesPlugin;

impl Plugin for MilestonesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Milestones>();
    }
}

/// Prestige for the first, second and third realm to complete a Milestone.
pub const PLACE_PRESTIGE: [i32; 3] = [5, 3, 1];

/// How far the end of an Age has got (Phase 5 D steps 2 and 4 and the claims before them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum AgeEnd {
    /// Players complete what they can before the Milestones go.
    #[default]
    Claims,
    /// Milestones replaced; the least-prestige swap comes after the Ideas are refreshed.
    Swap,
    /// Step 5: royal marriages score, then each is kept for 2 dip or one ends.
    Marriages,
    Done,
}

/// The Milestones on display, those drawn so far, and who completed which.
#[derive(Resource, Clone, Debug, Default, Serialize, PartialEq)]
pub struct Milestones {
    /// On display (content indices), in category order.
    pub open: Vec<usize>,
    /// Every Milestone drawn so far: out of its deck for good.
    pub drawn: Vec<usize>,
    /// Completions in order: (milestone, realm stable id).
    pub completed: Vec<(usize, u32)>,
    /// The end of the Age being played: its Round and stage.
    pub age_end: Option<(u32, AgeEnd)>,
    /// Milestones and Ideas put on display at this end of Age (those the swap may replace).
    pub new_milestones: Vec<usize>,
    pub new_ideas: Vec<usize>,
    /// Ideas open before the end-of-Age refresh, to tell the new ones.
    pub ideas_before: Vec<usize>,
    /// The realms (stable ids) that scored for their marriages at this end of Age, each still
    /// to end one marriage or pay 2 dip (step 5). Left out of the state's JSON while empty, so
    /// the hash of every state outside that step is what it was before the step was written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marriages_due: Vec<u32>,
}

impl Milestones {
    pub fn completers(&self, milestone: usize) -> Vec<u32> {
        self.completed
            .iter()
            .filter(|(m, _)| *m == milestone)
            .map(|(_, r)| *r)
            .collect()
    }
}

fn defs(world: &World) -> &[MilestoneDef] {
    &world.res::<Content>().0.milestones
}

pub fn milestone_index(world: &World, id: impl crate::engine::id::AsId) -> Option<usize> {
    // Compared as interned ids (one comparison each), not as text.
    let id = id.existing_id()?;
    defs(world).iter().position(|m| m.id == id)
}

/// Milestones still in the deck of this Age and category.
pub fn deck(world: &World, age: u8, category: MilestoneCategory) -> Vec<usize> {
    let drawn = &world.res::<Milestones>().drawn;
    defs(world)
        .iter()
        .enumerate()
        .filter(|(i, m)| m.age == age && m.category == category && !drawn.contains(i))
        .map(|(i, _)| i)
        .collect()
}

/// Draws one Milestone by lot from each of the Age's four decks (an empty deck gives none).
fn draw_for_age(world: &mut World, age: u8) -> Vec<usize> {
    let mut drawn = Vec::new();
    for category in MilestoneCategory::ALL {
        let pool = deck(world, age, category);
        if pool.is_empty() {
            continue;
        }
        let pick = pool[world.res_mut::<GameRng>().below(pool.len() as u32) as usize];
        let mut board = world.res_mut::<Milestones>();
        board.drawn.push(pick);
        board.open.push(pick);
        drawn.push(pick);
    }
    drawn
}

fn names(world: &World, list: &[usize]) -> String {
    list.iter()
        .map(|m| defs(world)[*m].name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Setup: the first Age's four Milestones.
pub fn reveal_first_milestones(world: &mut World) {
    let age = world.res::<Flow>().age;
    let drawn = draw_for_age(world, age);
    if drawn.is_empty() {
        return;
    }
    let text = format!("Milestones of Age {age}: {}", names(world, &drawn));
    write(
        world,
        Note::new(ids::MILESTONE_REVEAL, text).amount(drawn.len() as i32),
    );
}

pub fn claim_candidates(world: &World) -> Vec<Action> {
    world
        .res::<Milestones>()
        .open
        .iter()
        .map(|m| Action::ClaimMilestone {
            milestone: defs(world)[*m].id,
        })
        .collect()
}

/// Why the realm cannot complete this Milestone now, if it cannot.
pub fn complete_problem(world: &World, realm: Entity, id: Id) -> Option<Illegal> {
    let err = |why: String| Some(Illegal::new(ids::MILESTONE_COMPLETE, why));
    if world.res::<Flow>().current().phase == 1 {
        return Some(Illegal::new(
            ids::SEQ_PHASE1_MISSIONS,
            "Milestones are never completed in Phase 1",
        ));
    }
    let board = world.res::<Milestones>();
    let Some(m) = milestone_index(world, id).filter(|m| board.open.contains(m)) else {
        return err(format!("\"{id}\" is not a Milestone on display"));
    };
    let sid = sid_of(world, realm);
    if board.completed.contains(&(m, sid)) {
        return err("you have completed that Milestone already".to_string());
    }
    let def = &defs(world)[m];
    first_unmet(world, realm, &def.conditions).map(|c| {
        Illegal::explained(ids::MILESTONE_COMPLETE, || {
            format!(
                "{} is not fulfilled: {} is missing",
                def.name,
                describe(&world.res::<Content>().0, c)
            )
        })
    })
}

/// Completes a Milestone: 5, 3 or 1 prestige by place (nothing from the fourth on), and the
/// reward for every one who completes it.
pub fn complete(world: &mut World, realm: Entity, id: &str) {
    let Some(m) = milestone_index(world, id) else {
        return;
    };
    let def = defs(world)[m].clone();
    let place = world.res::<Milestones>().completers(m).len();
    let sid = sid_of(world, realm);
    world.res_mut::<Milestones>().completed.push((m, sid));
    let prestige = PLACE_PRESTIGE.get(place).copied().unwrap_or(0);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::MILESTONE_COMPLETE,
            format!(
                "{name} completes the Milestone \"{}\" ({}.): +{prestige} prestige",
                def.name,
                place + 1
            ),
        )
        .realm(name)
        .amount(prestige),
    );
    if prestige > 0 {
        change_prestige(world, realm, prestige, ids::MILESTONE_COMPLETE);
    }
    apply_now(world, realm, &def.reward);
}

/// The Comet Sighted Event (17.3): each Milestone on display is discarded and replaced by one
/// drawn by lot from those left in the current Age's deck of its category; a category whose deck
/// is empty keeps its card. Completions marked on a discarded Milestone leave with it.
pub fn comet_sighted(world: &mut World, realm: Entity) {
    let age = world.res::<Flow>().age;
    let open = world.res::<Milestones>().open.clone();
    let mut swaps = Vec::new();
    let mut kept = Vec::new();
    for (slot, old) in open.iter().enumerate() {
        let category = defs(world)[*old].category;
        let pool = deck(world, age, category);
        if pool.is_empty() {
            kept.push(*old);
            continue;
        }
        let new = pool[world.res_mut::<GameRng>().below(pool.len() as u32) as usize];
        let mut board = world.res_mut::<Milestones>();
        board.open[slot] = new;
        board.drawn.push(new);
        board.completed.retain(|(m, _)| m != old);
        swaps.push((*old, new));
    }
    let name = key_of(world, realm);
    let mut text = if swaps.is_empty() {
        "A comet is sighted, but no Milestone is left to draw".to_string()
    } else {
        format!(
            "A comet is sighted: {}",
            swaps
                .iter()
                .map(|(o, n)| format!(
                    "\"{}\" gives way to \"{}\"",
                    defs(world)[*o].name,
                    defs(world)[*n].name
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    if !kept.is_empty() {
        text.push_str(&format!(
            "; {} stays (its deck is empty)",
            names(world, &kept)
        ));
    }
    write(
        world,
        Note::new(ids::MILESTONE_COMET, text)
            .realm(name)
            .amount(swaps.len() as i32),
    );
}

/// Whether the realm could complete anything now (a Mission or a Milestone).
fn claimable(world: &World, realm: Entity) -> Vec<Action> {
    crate::rulesets::pop::rules::missions::claim_candidates(world, realm)
        .into_iter()
        .filter(|a| {
            crate::rulesets::pop::rules::missions::claim_action_problem(world, realm, a).is_none()
        })
        .collect()
}

/// The stage of this Round's end of Age.
fn stage(world: &World) -> AgeEnd {
    let round = world.res::<Flow>().round;
    match world.res::<Milestones>().age_end {
        Some((r, stage)) if r == round => stage,
        _ => AgeEnd::Claims,
    }
}

fn set_stage(world: &mut World, stage: AgeEnd) {
    let round = world.res::<Flow>().round;
    world.res_mut::<Milestones>().age_end = Some((round, stage));
}

fn age_ends(world: &World) -> bool {
    let age = world.res::<Flow>().age;
    world.res::<EventDisplay>().deck(age).is_empty()
}

fn next_age(world: &World) -> Option<u8> {
    let age = world.res::<Flow>().age;
    let last = world.res::<Content>().0.options.last_age.min(4);
    (age < last).then_some(age + 1)
}

/// Phase 5 D, when the Age ends: in turn order each realm may complete Missions and Milestones
/// before these go; then step 2, the next Age's Milestones replace them.
pub(crate) fn close_age_claims(world: &mut World) {
    if !age_ends(world) || stage(world) != AgeEnd::Claims {
        return;
    }
    let done = for_each_realm(
        world,
        |world, realm, _| {
            if claimable(world, realm).is_empty() {
                return Visit::Next;
            }
            ask(
                world,
                key_of(world, realm),
                DecisionKind::AgeEndClaims,
                "The Age ends: complete a Mission or Milestone before the Milestones are replaced, or go on",
            );
            Visit::Asked
        },
        |world, realm, action| {
            if crate::rulesets::pop::rules::missions::owns(&action) {
                crate::rulesets::pop::rules::missions::apply_claim(world, realm, &action);
                Visit::Asked
            } else {
                Visit::Next
            }
        },
    );
    if !done {
        return;
    }
    let Some(next) = next_age(world) else {
        set_stage(world, AgeEnd::Done);
        return;
    };
    let old = std::mem::take(&mut world.res_mut::<Milestones>().open);
    let drawn = draw_for_age(world, next);
    if !old.is_empty() || !drawn.is_empty() {
        let text = format!(
            "The Milestones of the Age are removed; Age {next} brings {}",
            names(world, &drawn)
        );
        write(
            world,
            Note::new(ids::MILESTONE_REPLACE, text).amount(drawn.len() as i32),
        );
    }
    let ideas_before = world.res::<IdeaGrid>().open.clone();
    let mut board = world.res_mut::<Milestones>();
    board.new_milestones = drawn;
    board.ideas_before = ideas_before;
    set_stage(world, AgeEnd::Swap);
}

/// Step 4: the realm with the least prestige (none on a tie) may replace one new Idea or
/// Milestone with one of its choice from the matching deck.
pub(crate) fn offer_least_prestige_swap(world: &mut World) {
    if !age_ends(world) || stage(world) != AgeEnd::Swap {
        return;
    }
    let asked = world.res::<Pending>().0.clone();
    if let Some(decision) = asked.filter(|d| d.kind == DecisionKind::AgeSwap) {
        let Some(action) = take_answer(world) else {
            return;
        };
        if let Some(realm) = world.res::<Index>().get(decision.realm) {
            apply_swap(world, realm, &action);
        }
        begin_marriages(world);
        return;
    }
    if world.res::<Pending>().0.is_some() {
        return;
    }
    let new_ideas: Vec<usize> = {
        let grid = world.res::<IdeaGrid>();
        let before = &world.res::<Milestones>().ideas_before;
        grid.open
            .iter()
            .filter(|i| !before.contains(i))
            .copied()
            .collect()
    };
    world.res_mut::<Milestones>().new_ideas = new_ideas;
    let Some(realm) = least_prestige(world) else {
        begin_marriages(world);
        return;
    };
    if swap_candidates(world).is_empty() {
        begin_marriages(world);
        return;
    }
    ask(
        world,
        key_of(world, realm),
        DecisionKind::AgeSwap,
        "Least prestige: replace one new Idea or Milestone with one of your choice, or keep them",
    );
}

/// Step 5 begins (EUP-W 4.6: "Players who have at least 1 M in play score 1, and must then
/// (in updated Turn order) remove 1 of their M from the board (from an NPR if possible), or pay
/// 2 dip to avoid this"): every Player Realm with a royal marriage scores 1 prestige at once,
/// and owes the choice.
fn begin_marriages(world: &mut World) {
    set_stage(world, AgeEnd::Marriages);
    {
        let mut p = crate::engine::flow::step_progress(world);
        p.cursor = 0;
        p.visits = 0;
    }
    let seats = world.res::<Seats>().0.clone();
    let mut due = Vec::new();
    for realm in seats {
        if crate::rulesets::pop::rules::generic::marriages_of(world, realm) == 0 {
            continue;
        }
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::AGE_END_MARRIAGES,
                format!("The Age ends: {name} scores 1 prestige for its royal marriages"),
            )
            .realm(name)
            .amount(1),
        );
        change_prestige(world, realm, 1, ids::AGE_END_MARRIAGES);
        due.push(sid_of(world, realm));
    }
    world.res_mut::<Milestones>().marriages_due = due;
}

/// The realm's royal marriage partners, those it may end at the end of the Age: only the
/// Non-Player Realms while it is married to one ("from an NPR if possible").
fn marriage_partners(world: &World, realm: Entity) -> Vec<Entity> {
    use crate::rulesets::pop::model::{Marriage, NonPlayerRealm};
    let mut all = crate::rulesets::pop::rules::relations::partners::<Marriage>(world, realm);
    if all
        .iter()
        .any(|p| world.read::<NonPlayerRealm>(*p).is_some())
    {
        all.retain(|p| world.read::<NonPlayerRealm>(*p).is_some());
    }
    all
}

/// The answers of the step-5 question: end the marriage with each partner it may end, or keep
/// them all for 2 dip while it has them.
pub fn marriage_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = marriage_partners(world, realm)
        .into_iter()
        .map(|p| Action::ChooseRealm {
            realm: key_of(world, p),
        })
        .collect();
    if world.read::<Mat>(realm).is_some_and(|m| {
        m.mp(crate::rulesets::pop::content::schema::MpKind::Dip) >= MARRIAGE_KEEP_DIP
    }) {
        all.push(Action::Accept);
    }
    all
}

/// What keeping every marriage at the end of an Age costs.
pub const MARRIAGE_KEEP_DIP: i32 = 2;

/// Step 5, in turn order: each realm that scored ends one marriage or pays 2 dip. A realm whose
/// last marriage its partner ended in this step still owes the choice ("you must still remove
/// another M (if you have one), or pay 2 dip"): it pays; with fewer than 2 dip and nothing to
/// end it pays what dip it has (house rule).
pub(crate) fn settle_marriages_at_age_end(world: &mut World) {
    if !age_ends(world) || stage(world) != AgeEnd::Marriages {
        return;
    }
    let done = for_each_realm(
        world,
        |world, realm, visits| {
            let sid = sid_of(world, realm);
            if visits > 0 || !world.res::<Milestones>().marriages_due.contains(&sid) {
                return Visit::Next;
            }
            let choices = marriage_candidates(world, realm);
            match choices.as_slice() {
                [] => {
                    let dip = world.read::<Mat>(realm).map_or(0, |m| {
                        m.mp(crate::rulesets::pop::content::schema::MpKind::Dip)
                    });
                    pay_to_keep(world, realm, dip.min(MARRIAGE_KEEP_DIP));
                    Visit::Next
                }
                [Action::Accept] => {
                    pay_to_keep(world, realm, MARRIAGE_KEEP_DIP);
                    Visit::Next
                }
                _ => {
                    ask(
                        world,
                        key_of(world, realm),
                        DecisionKind::AgeMarriages,
                        "The Age ends: end one of your royal marriages, or pay 2 dip to keep them",
                    );
                    Visit::Asked
                }
            }
        },
        |world, realm, action| {
            match action {
                Action::ChooseRealm { realm: partner } => {
                    if let Some(p) = world.res::<Index>().get(partner) {
                        end_marriage(world, realm, p);
                    }
                }
                Action::Accept => pay_to_keep(world, realm, MARRIAGE_KEEP_DIP),
                _ => {}
            }
            Visit::Next
        },
    );
    if done {
        world.res_mut::<Milestones>().marriages_due.clear();
        set_stage(world, AgeEnd::Done);
    }
}

fn pay_to_keep(world: &mut World, realm: Entity, dip: i32) {
    let name = key_of(world, realm);
    let text = if dip >= MARRIAGE_KEEP_DIP {
        format!("{name} pays {dip} dip to keep its royal marriages into the new Age")
    } else {
        format!(
            "{name} has no royal marriage left to end and pays the {dip} dip it has (of the 2 owed)"
        )
    };
    write(
        world,
        Note::new(ids::AGE_END_MARRIAGES, text)
            .realm(name)
            .amount(-dip),
    );
    if dip > 0 {
        crate::rulesets::pop::rules::economy::change_mp(
            world,
            realm,
            crate::rulesets::pop::content::schema::MpKind::Dip,
            -dip,
            ids::AGE_END_MARRIAGES,
        );
    }
}

fn end_marriage(world: &mut World, realm: Entity, partner: Entity) {
    if !crate::rulesets::pop::rules::generic::remove_marriage(world, realm, partner) {
        return;
    }
    let (a, b) = (key_of(world, realm), key_of(world, partner));
    write(
        world,
        Note::new(
            ids::AGE_END_MARRIAGES,
            format!("The Age ends: {a} ends its royal marriage with {b}"),
        )
        .realm(a),
    );
}

/// The Player Realm with the least prestige; `None` on a tie.
pub fn least_prestige(world: &World) -> Option<Entity> {
    let seats = &world.res::<Seats>().0;
    let prestige = |e: &Entity| world.read::<Mat>(*e).map_or(0, |m| m.prestige);
    let low = seats.iter().map(prestige).min()?;
    let lowest: Vec<&Entity> = seats.iter().filter(|e| prestige(e) == low).collect();
    (lowest.len() == 1).then(|| *lowest[0])
}

/// Every swap the least-prestige realm may make, and declining.
pub fn swap_candidates(world: &World) -> Vec<Action> {
    let content = &world.res::<Content>().0;
    let board = world.res::<Milestones>();
    let mut all = Vec::new();
    for old in &board.new_milestones {
        let def = &content.milestones[*old];
        for new in deck(world, def.age, def.category) {
            all.push(Action::SwapMilestone {
                old: def.id,
                new: content.milestones[new].id,
            });
        }
    }
    let grid = world.res::<IdeaGrid>();
    let age = next_age(world).unwrap_or(4);
    for old in &board.new_ideas {
        let def = &content.ideas[*old];
        for (i, idea) in content.ideas.iter().enumerate() {
            let free = !grid.open.contains(&i) && !grid.researched.iter().any(|(_, r)| *r == i);
            if idea.kind == def.kind && !idea.basic && idea.age <= age && free {
                all.push(Action::SwapIdea {
                    old: def.id,
                    new: idea.id,
                });
            }
        }
    }
    all
}

pub fn swap_problem(world: &World, action: &Action) -> Option<Illegal> {
    if *action == Action::Decline || swap_candidates(world).contains(action) {
        None
    } else {
        Some(Illegal::new(
            ids::MILESTONE_SWAP,
            "replace one new Milestone or Idea with another of the same deck, or keep them",
        ))
    }
}

fn apply_swap(world: &mut World, realm: Entity, action: &Action) {
    let name = key_of(world, realm);
    let content = world.res::<Content>().0.clone();
    let text = match action {
        Action::SwapMilestone { old, new } => {
            let (Some(o), Some(n)) = (milestone_index(world, old), milestone_index(world, new))
            else {
                return;
            };
            let mut board = world.res_mut::<Milestones>();
            for slot in board.open.iter_mut().filter(|m| **m == o) {
                *slot = n;
            }
            board.drawn.push(n);
            board.new_milestones.retain(|m| *m != o);
            format!(
                "{name} has the least prestige and replaces the Milestone \"{}\" with \"{}\"",
                content.milestones[o].name, content.milestones[n].name
            )
        }
        Action::SwapIdea { old, new } => {
            let pos = |id: &str| content.ideas.iter().position(|i| i.id == id);
            let (Some(o), Some(n)) = (pos(old), pos(new)) else {
                return;
            };
            let mut grid = world.res_mut::<IdeaGrid>();
            grid.open.retain(|i| *i != o);
            grid.open.push(n);
            grid.open.sort();
            format!(
                "{name} has the least prestige and replaces the Idea {} with {}",
                content.ideas[o].name, content.ideas[n].name
            )
        }
        _ => return,
    };
    write(world, Note::new(ids::MILESTONE_SWAP, text).realm(name));
}

/// Answers worth checking for the end-of-Age claims.
pub fn age_end_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = crate::rulesets::pop::rules::missions::claim_candidates(world, realm);
    all.push(Action::Decline);
    all
}
