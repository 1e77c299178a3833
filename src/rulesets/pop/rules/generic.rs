//! The generic and basic actions beyond Events, Ideas, stability and unrest (5.1, FACTS 4):
//! one door through which the Action phase lists, checks, runs and resumes them.
//!
//! The rules live in `diplomacy`, `trade`, `explore`, `focus`, `religion` and `integrate`; this module
//! keeps their progress inside a turn (a deal waiting for an answer, a die being re-rolled,
//! cards being exchanged, influence being placed) and the helpers they share. Completing a
//! Mission or Milestone (`missions`) also comes through here, as a minor action that leaves
//! the turn's main action open, and so do the minor actions of `minor`.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, Offer, Pending};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::{
    colonize, curia, diplomacy, explore, focus, integrate, minor, missions, religion, trade,
};
use crate::rulesets::pop::state::{Content, key_of, sid_of, sort_dedup_by_sid};

pub struct GenericActionsPlugin;

impl Plugin for GenericActionsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Generic>();
    }
}

/// A deal offered to another player, waiting for the answer.
#[derive(Clone, Debug)]
pub struct Deal {
    pub from: Entity,
    pub to: Entity,
    pub offer: Offer,
}

/// The exploration die of an Explore action in progress.
#[derive(Clone, Copy, Debug)]
pub struct ExploreRoll {
    pub realm: Entity,
    pub face: u8,
    pub mark: bool,
    pub rerolls: u8,
}

/// A Change National Focus in progress: cards discarded so far, draws left.
#[derive(Clone, Debug)]
pub struct FocusRun {
    pub realm: Entity,
    /// Monarch power was shifted (option 1), so discarding nothing is fine.
    pub shifted: bool,
    pub discarded: Vec<usize>,
    /// Discarding is over; this many cards remain to draw.
    pub draws_left: Option<u8>,
    /// One of the new cards was bought from the top 5 discards (once per action).
    pub bought_discard: bool,
}

/// An Influence action in progress: cubes placed per area in this action.
#[derive(Clone, Debug)]
pub struct InfluenceRun {
    pub realm: Entity,
    pub placed: Vec<(Entity, u8)>,
}

/// Progress of the generic actions within a turn, and the once-per-Round marks.
#[derive(Resource, Clone, Debug, Default)]
pub struct Generic {
    pub deal: Option<Deal>,
    pub explore: Option<ExploreRoll>,
    pub focus: Option<FocusRun>,
    pub influence: Option<InfluenceRun>,
    /// A Change State Religion whose price is being paid, choice by choice.
    pub religion_change: Option<religion::ReligionChange>,
    /// Rebel dice after a change of State Religion are being rolled for this realm.
    pub religion_dice: Option<Entity>,
    /// A Royal Marriage was just made: these realms, in turn, may draw an Action Card of this
    /// type (5.1: "both players may draw").
    pub marriage_draws: Vec<(Entity, MpKind)>,
    /// (realm, Round number) of each Change National Focus taken (the cube on the mat).
    pub focus_taken: Vec<(Entity, u32)>,
    /// The action in progress is over: the turn's main action is done.
    pub finished: bool,
}

impl Generic {
    /// The progress with realms named by content id, for the state snapshot.
    pub fn describe(&self, world: &World) -> String {
        let key = |e: Entity| key_of(world, e);
        // Only while one is going on, so the snapshot of every other state reads as before.
        let change = self
            .religion_change
            .as_ref()
            .map(|c| format!(", religion change {}", c.describe(world)))
            .unwrap_or_default();
        let draws = if self.marriage_draws.is_empty() {
            String::new()
        } else {
            format!(
                ", marriage draws {:?}",
                self.marriage_draws
                    .iter()
                    .map(|(r, k)| (key(*r), *k))
                    .collect::<Vec<_>>()
            )
        };
        let text = format!(
            "deal {:?}, explore {:?}, focus {:?}, influence {:?}, religion dice {:?}, focus taken {:?}, finished {}",
            self.deal
                .as_ref()
                .map(|d| (key(d.from), key(d.to), &d.offer)),
            self.explore
                .map(|x| (key(x.realm), x.face, x.mark, x.rerolls)),
            self.focus
                .as_ref()
                .map(|f| (key(f.realm), &f.discarded, f.draws_left)),
            self.influence.as_ref().map(|i| (
                key(i.realm),
                i.placed
                    .iter()
                    .map(|(a, n)| (key(*a), *n))
                    .collect::<Vec<_>>()
            )),
            self.religion_dice.map(key),
            self.focus_taken
                .iter()
                .map(|(r, n)| (key(*r), *n))
                .collect::<Vec<_>>(),
            self.finished
        );
        text + &change + &draws
    }
}

/// What `resume` found.
#[derive(Debug, PartialEq, Eq)]
pub enum Resume {
    /// Nothing of ours is going on.
    Idle,
    /// A decision is pending.
    Waiting,
    /// The action is over: end the turn's main action.
    Finished,
}

type OwnsAction = fn(&Action) -> bool;
type Problem = fn(&World, Entity, &Action) -> Option<Illegal>;

/// The modules whose turn actions this one checks and runs, each with its `owns` and its
/// `problem`. Each action has one owner, and every module's `problem` passes an action it does
/// not own, so the owner's answer is the one asking all of them in turn would give (the test
/// `each_turn_candidate_has_one_owner_and_the_others_pass_it` holds both halves).
const OWNERS: [(OwnsAction, Problem); 9] = [
    (diplomacy::owns, diplomacy::problem),
    (trade::owns, trade::problem),
    (explore::owns, explore::problem),
    (focus::owns, focus::problem),
    (religion::owns, religion::problem),
    (integrate::owns, integrate::problem),
    (colonize::owns, colonize::problem),
    (curia::owns, curia::problem),
    (
        crate::rulesets::pop::rules::empire::owns,
        crate::rulesets::pop::rules::empire::problem,
    ),
];

/// Checks one of our turn actions; `None` when the action is not ours.
pub fn check(
    world: &World,
    realm: Entity,
    main_done: bool,
    action: &Action,
) -> Option<Result<(), Illegal>> {
    // A claim is a minor action: it needs no main action left, and uses none.
    if missions::owns(action) {
        return Some(match missions::claim_action_problem(world, realm, action) {
            Some(p) => Err(p),
            None => Ok(()),
        });
    }
    if minor::owns(action) {
        return Some(minor::problem(world, realm, action).map_or(Ok(()), Err));
    }
    let (_, problem) = OWNERS.iter().find(|(owns, _)| owns(action))?;
    if main_done {
        return Some(Err(Illegal::new(
            ids::SEQ_PHASE2_TURN,
            "one action per turn",
        )));
    }
    let problem = problem(world, realm, action);
    Some(match problem {
        Some(p) => Err(p),
        None => Ok(()),
    })
}

/// Runs one of our turn actions; `None` when it is not ours, else whether the turn's main
/// action is over already (otherwise `resume` carries it on).
pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    if missions::owns(action) {
        missions::apply_claim(world, realm, action);
        return Some(false);
    }
    if minor::owns(action) {
        minor::apply(world, realm, action);
        return Some(false);
    }
    world.res_mut::<Generic>().finished = false;
    diplomacy::handle(world, realm, action)
        .or_else(|| trade::handle(world, realm, action))
        .or_else(|| explore::handle(world, realm, action))
        .or_else(|| focus::handle(world, realm, action))
        .or_else(|| religion::handle(world, realm, action))
        .or_else(|| colonize::handle(world, realm, action))
        .or_else(|| curia::handle(world, realm, action))
        .or_else(|| crate::rulesets::pop::rules::empire::handle(world, realm, action))
}

/// Whether a decision kind is one of ours.
pub fn owns(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::Proposal { .. }
            | DecisionKind::MarriageDraw { .. }
            | DecisionKind::Exploration { .. }
            | DecisionKind::FocusDiscard { .. }
            | DecisionKind::FocusDraw { .. }
            | DecisionKind::InfluenceMore
            | DecisionKind::ReligionMarriage
            | DecisionKind::ReligionInfluenceOut { .. }
            | DecisionKind::ReligionInfluenceIn { .. }
    ) || trade::owns_decision(kind)
}

/// Answers worth checking for one of our decisions.
pub fn decision_candidates(world: &World, realm: Entity, kind: &DecisionKind) -> Vec<Action> {
    match kind {
        DecisionKind::Proposal { .. } | DecisionKind::MarriageDraw { .. } => {
            vec![Action::Accept, Action::Decline]
        }
        DecisionKind::Exploration { .. } => explore::answers(world, realm),
        DecisionKind::FocusDiscard { .. } | DecisionKind::FocusDraw { .. } => {
            focus::answers(world, realm, kind)
        }
        DecisionKind::InfluenceMore => diplomacy::influence_answers(world, realm),
        DecisionKind::ReligionMarriage
        | DecisionKind::ReligionInfluenceOut { .. }
        | DecisionKind::ReligionInfluenceIn { .. } => religion::answers(world, kind),
        k if trade::owns_decision(k) => trade::answers(world, realm, k),
        _ => Vec::new(),
    }
}

/// Whether `action` answers one of our decisions legally.
pub fn check_decision(
    world: &World,
    realm: Entity,
    kind: &DecisionKind,
    action: &Action,
) -> Result<(), Illegal> {
    let problem = match kind {
        DecisionKind::Proposal { .. } => diplomacy::answer_problem(world, action),
        DecisionKind::MarriageDraw { .. } => (!matches!(action, Action::Accept | Action::Decline))
            .then(|| Illegal::new(ids::MARRIAGE, "draw the card (accept) or not (decline)")),
        DecisionKind::Exploration { .. } => explore::answer_problem(world, realm, action),
        DecisionKind::FocusDiscard { .. } | DecisionKind::FocusDraw { .. } => {
            focus::answer_problem(world, realm, kind, action)
        }
        DecisionKind::InfluenceMore => diplomacy::influence_answer_problem(world, realm, action),
        DecisionKind::ReligionMarriage
        | DecisionKind::ReligionInfluenceOut { .. }
        | DecisionKind::ReligionInfluenceIn { .. } => religion::answer_problem(world, kind, action),
        k if trade::owns_decision(k) => trade::answer_problem(world, realm, k, action),
        _ => Some(Illegal::new(ids::SEQ_PHASE2_TURN, "not a decision here")),
    };
    match problem {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

/// Feeds the answer to one of our decisions.
pub fn answer(world: &mut World, kind: &DecisionKind, action: &Action) {
    match kind {
        DecisionKind::Proposal { .. } => diplomacy::answer(world, action),
        DecisionKind::MarriageDraw { .. } => diplomacy::answer_marriage_draw(world, action),
        DecisionKind::Exploration { .. } => explore::answer(world, action),
        DecisionKind::FocusDiscard { .. } | DecisionKind::FocusDraw { .. } => {
            focus::answer(world, action)
        }
        DecisionKind::InfluenceMore => diplomacy::influence_answer(world, action),
        DecisionKind::ReligionMarriage
        | DecisionKind::ReligionInfluenceOut { .. }
        | DecisionKind::ReligionInfluenceIn { .. } => religion::answer(world, action),
        k if trade::owns_decision(k) => trade::answer(world, k, action),
        _ => {}
    }
}

/// Carries an action in progress on: asks the next question, or reports it over.
pub fn resume(world: &mut World) -> Resume {
    if world.res::<Pending>().0.is_some() {
        return Resume::Waiting;
    }
    for step in [
        diplomacy::resume,
        trade::resume,
        explore::resume,
        focus::resume,
        religion::resume,
    ] {
        match step(world) {
            Resume::Idle => {}
            other => return other,
        }
    }
    let mut g = world.res_mut::<Generic>();
    if g.finished {
        g.finished = false;
        return Resume::Finished;
    }
    Resume::Idle
}

// ---------------------------------------------------------------------------------------------
// Helpers shared by the generic actions

/// The entity of a content id or stable key, if any.
pub fn lookup(world: &World, key: impl crate::engine::id::AsId) -> Option<Entity> {
    world.res::<crate::rulesets::pop::state::Index>().get(key)
}

pub fn mat(world: &World, realm: Entity) -> Mat {
    world.read::<Mat>(realm).cloned().unwrap_or_default()
}

pub fn mp(world: &World, realm: Entity, kind: MpKind) -> i32 {
    mat(world, realm).mp(kind)
}

/// Entities with component `T`, in stable-id order.
pub fn all_of<T: Component>(world: &World) -> Vec<Entity> {
    // Read with their stable ids (an entity without one last), so ordering looks nothing up.
    let Some(mut items) = crate::engine::query_cache::with_query::<
        (Entity, Option<&crate::engine::state::Sid>),
        With<T>,
        _,
    >(world, |q| {
        q.map(|(e, sid)| (sid.map_or(u32::MAX, |s| s.0), e))
            .collect::<Vec<_>>()
    }) else {
        return Vec::new();
    };
    items.sort_by_key(|(sid, _)| *sid);
    items.into_iter().map(|(_, e)| e).collect()
}

/// Markers of type `T` (claims, alliances, ...), with their entity, in stable-id order. Shared,
/// not copied: inside a memo scope every question about claims or influence reads the same list
/// (a Mission's conditions, every offer, every colonial claim ask it).
pub fn markers<T: Component + Copy>(world: &World) -> std::rc::Rc<Vec<(Entity, T)>> {
    struct Markers<T>(std::marker::PhantomData<T>);
    crate::engine::memo::cached::<Markers<T>, _, _>(world, (), || markers_now::<T>(world))
}

fn markers_now<T: Component + Copy>(world: &World) -> Vec<(Entity, T)> {
    // Read in one pass with their stable ids (as `all_of` orders them, an entity without one
    // last), instead of looking each marker and id up again by entity.
    let Some(mut found) = crate::engine::query_cache::with_query::<
        (Entity, Option<&crate::engine::state::Sid>, &T),
        (),
        _,
    >(world, |q| {
        q.map(|(e, sid, t)| (sid.map_or(u32::MAX, |s| s.0), e, *t))
            .collect::<Vec<_>>()
    }) else {
        return Vec::new();
    };
    found.sort_by_key(|(sid, _, _)| *sid);
    found.into_iter().map(|(_, e, t)| (e, t)).collect()
}

pub fn owner(world: &World, province: Entity) -> Option<Entity> {
    world.read::<OwnedBy>(province).map(|o| o.0)
}

/// Whether a province's lawful owner in the model holds it as a vassal (its token there is a
/// vassal, not a town): a vassal's provinces are not part of the overlord's Realm (EUP-W 11.4),
/// so a rule about the provinces a realm Owns does not count them.
pub fn held_as_vassal(world: &World, province: Entity) -> bool {
    let Some(o) = owner(world, province) else {
        return false;
    };
    world.read::<Holdings>(province).is_some_and(|h| {
        h.iter().any(|t| {
            world.read::<TokenOf>(t).is_some_and(|x| x.0 == o) && world.read::<Vassal>(t).is_some()
        })
    })
}

/// Provinces a realm owns, in stable-id order.
pub fn owned(world: &World, realm: Entity) -> Vec<Entity> {
    let mut list: Vec<Entity> = world
        .read::<Owns>(realm)
        .map(|o| o.iter().collect())
        .unwrap_or_default();
    list.sort_by_cached_key(|e| sid_of(world, *e));
    list
}

/// Provinces a realm owns, in no particular order: for counts and sums, which need no sort.
pub fn owned_any_order(world: &World, realm: Entity) -> impl Iterator<Item = Entity> + '_ {
    world.read::<Owns>(realm).into_iter().flat_map(|o| o.iter())
}

/// A claim of the realm in the area; a core token counts as one (7.6).
pub fn has_claim(world: &World, realm: Entity, area: Entity) -> bool {
    markers::<Claim>(world)
        .iter()
        .any(|(_, c)| c.realm == realm && c.area == area)
        || has_core_token(world, realm, area)
}

pub fn has_core_token(world: &World, realm: Entity, area: Entity) -> bool {
    markers::<CoreToken>(world)
        .iter()
        .any(|(_, c)| c.realm == realm && c.area == area)
}

/// Whether `realm` Owns `province` as the rulebook's terms define it (EUP-W 2.0: "Provinces on
/// which you have a t, and where there is no v, R, Enemy t, or Occupied token"; 9.8: lawfully
/// owned and controlled by the same realm): its lawful owner, controlling it, not holding it as
/// a vassal, no Rebel Town on it. The model's `owner` also answers for vassals and occupied
/// provinces, which most rules about "your provinces" count (docs/rules_notes.md); a rule that
/// says "Own" or "your Realm" strictly asks this.
pub fn owns_in_full(world: &World, realm: Entity, province: Entity) -> bool {
    owner(world, province) == Some(realm)
        && world
            .read::<ControlledBy>(province)
            .is_some_and(|c| c.0 == realm)
        && world.read::<RebelTown>(province).is_none()
        && !held_as_vassal(world, province)
}

/// The provinces of `realm`'s Realm in the strict sense of `owns_in_full`, in stable-id order.
pub fn realm_provinces(world: &World, realm: Entity) -> Vec<Entity> {
    let mut list = owned(world, realm);
    list.retain(|p| owns_in_full(world, realm, *p));
    list
}

/// Areas where a realm is present: it owns a province there or has a claim or core token.
pub fn presence_areas(world: &World, realm: Entity) -> Vec<Entity> {
    struct PresenceAreas;
    crate::engine::memo::cached::<PresenceAreas, _, _>(world, realm, || {
        presence_areas_now(world, realm)
    })
    .as_ref()
    .clone()
}

fn presence_areas_now(world: &World, realm: Entity) -> Vec<Entity> {
    let mut areas: Vec<Entity> = owned(world, realm)
        .into_iter()
        .filter_map(|p| area_of(world, p))
        .collect();
    areas.extend(
        markers::<Claim>(world)
            .iter()
            .copied()
            .filter(|(_, c)| c.realm == realm)
            .map(|(_, c)| c.area),
    );
    areas.extend(
        markers::<CoreToken>(world)
            .iter()
            .copied()
            .filter(|(_, c)| c.realm == realm)
            .map(|(_, c)| c.area),
    );
    sort_dedup_by_sid(world, &mut areas);
    areas
}

/// Whether the realm knows the area's continent.
pub fn discovered(world: &World, realm: Entity, area: Entity) -> bool {
    let Some(a) = world.read::<Area>(area) else {
        return false;
    };
    !a.distant
        || world
            .read::<Discovered>(realm)
            .is_some_and(|d| d.0.contains(&a.continent))
}

pub fn alliances_of(world: &World, realm: Entity) -> usize {
    markers::<Alliance>(world)
        .iter()
        .filter(|(_, a)| a.a == realm || a.b == realm)
        .count()
}

/// Takes the royal marriage of `realm` and `partner` off the board (both tokens); whether there
/// was one. The caller logs why it ended.
pub fn remove_marriage(world: &mut World, realm: Entity, partner: Entity) -> bool {
    let found = markers::<Marriage>(world)
        .iter()
        .copied()
        .find(|(_, m)| (m.a == realm && m.b == partner) || (m.b == realm && m.a == partner));
    match found {
        Some((e, _)) => {
            world.despawn(e);
            true
        }
        None => false,
    }
}

pub fn marriages_of(world: &World, realm: Entity) -> usize {
    markers::<Marriage>(world)
        .iter()
        .filter(|(_, m)| m.a == realm || m.b == realm)
        .count()
}

/// The area's exploration number from the scenario (0: none).
pub fn explore_number(world: &World, area: Entity) -> u8 {
    let key = key_of(world, area);
    world
        .res::<Content>()
        .0
        .map
        .areas
        .iter()
        .find(|a| a.id == key)
        .map_or(0, |a| a.explore)
}

/// Tax value of the provinces a realm owns (an NPR's tax income, 7.5 counted by province).
pub fn province_tax(world: &World, realm: Entity) -> i32 {
    owned_any_order(world, realm)
        .filter_map(|p| world.read::<Province>(p).map(Province::tax_value))
        .sum()
}

/// Adds (or with a negative amount removes) influence cubes of a realm in an area.
pub fn add_influence(world: &mut World, realm: Entity, area: Entity, amount: i32) {
    let existing = markers::<Influence>(world)
        .iter()
        .copied()
        .find(|(_, i)| i.realm == realm && i.area == area);
    match existing {
        Some((e, i)) => {
            let count = (i32::from(i.count) + amount).max(0);
            if count == 0 {
                world.despawn(e);
            } else if let Some(mut inf) = world.get_mut::<Influence>(e) {
                inf.count = count as u8;
            }
        }
        None if amount > 0 => {
            crate::rulesets::pop::state::spawn_sim(
                world,
                None,
                Influence {
                    realm,
                    area,
                    count: amount as u8,
                },
            );
        }
        None => {}
    }
}

/// Whether the realm holds a port province in this area.
pub fn has_own_port(world: &World, realm: Entity, area: Entity) -> bool {
    area_provinces(world, area).iter().any(|p| {
        owner(world, *p) == Some(realm)
            && world.read::<Province>(*p).is_some_and(|x| x.port.is_some())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::rules::actions::is_turn;
    use crate::rulesets::pop::rules::test_support::game;

    /// `check` asks only an action's owner (`OWNERS`): that gives what asking every module
    /// in turn gave only if no turn candidate has two owners and every other module's
    /// `problem` passes it. Every candidate of the turns among the bot's first 600 answers.
    #[test]
    fn each_turn_candidate_has_one_owner_and_the_others_pass_it() {
        let mut game = game();
        let mut bot = crate::rulesets::pop::bot::Bot::new(7);
        let mut turns = 0;
        for _ in 0..600 {
            let Some(decision) = game.pending().cloned() else {
                break;
            };
            if is_turn(&decision.kind) {
                turns += 1;
                let world = game.world();
                let realm = world
                    .res::<crate::rulesets::pop::state::Index>()
                    .get(decision.realm)
                    .expect("a turn's realm is on the board");
                for action in crate::rulesets::pop::rules::candidates(world, &decision) {
                    let owners = OWNERS.iter().filter(|(owns, _)| owns(&action)).count()
                        + usize::from(missions::owns(&action))
                        + usize::from(minor::owns(&action));
                    assert!(owners <= 1, "{action:?} has {owners} owners");
                    for (_, problem) in OWNERS.iter().filter(|(owns, _)| !owns(&action)) {
                        let refusal = problem(world, realm, &action);
                        assert!(
                            refusal.is_none(),
                            "{action:?} is refused by a module that does not own it: {refusal:?}"
                        );
                    }
                }
            }
            let action = bot.choose(&game).expect("a decision is pending");
            game.apply(action).expect("the bot answers legally");
        }
        assert!(turns > 20, "only {turns} turns were looked at");
    }
}
