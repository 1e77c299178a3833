//! The Holy Roman Empire (18): the Emperor and Imperial Authority (E), the Empire's lands,
//! members and Elector Areas, the Emperor's income, monarch power and prestige, the Increase
//! Authority action, the shield over members, Defending the HRE, the authority won and lost in
//! wars, Areas leaving and rejoining, Imperial Elections and final scoring.
//!
//! The state is the `Empire` resource. Which areas lie inside the Empire and which are
//! electorates comes from the scenario options (`hre_areas`, `electors`); the areas that left
//! (a "Not HRE" token) and the electors counting now are kept in the resource. `tidy` runs after
//! every pass of the rules and keeps it legal: areas leave and rejoin on ownership changes, the
//! counting electors are recomputed, and E is held under its cap (docs/rules_notes.md).

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::id::{Id, join_ids};
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige};
use crate::rulesets::pop::rules::generic::{held_as_vassal, mp, owner};
use crate::rulesets::pop::rules::relations::{
    area_provinces, at_war_between, influence_in, provinces_of,
};
use crate::rulesets::pop::state::{Content, Index, Seats, key_of, spawn_sim};

/// The Casus Belli the Emperor holds on outsiders holding land of the Empire (18.3).
pub const IMPERIAL_LIBERATION: &str = "Imperial Liberation";
/// Imperial Authority runs from 0 to 6 (18.1).
pub const MAX_AUTHORITY: i32 = 6;
/// An Imperial Election is held when the Emperor's ruler goes with E at most this (18.9).
pub const ELECTION_MAX_AUTHORITY: i32 = 4;
/// After an election E below this rises by 1 (18.9).
pub const ELECTION_FLOOR: i32 = 3;

pub struct EmpirePlugin;

impl Plugin for EmpirePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Empire>();
    }
}

/// The Holy Roman Empire on the board.
#[derive(Resource, Serialize, Clone, Debug, Default, PartialEq)]
pub struct Empire {
    /// The Emperor's realm (content id); `None` when the scenario has no Empire.
    pub emperor: Option<Id>,
    /// Imperial Authority, 0 to 6.
    pub authority: i32,
    /// Areas of the Empire that left it (a "Not HRE" token), in scenario order.
    pub left: Vec<Id>,
    /// Areas of the Empire wholly owned by realms outside it when the rules last looked: an
    /// area leaves only when it becomes so, never for how the scenario starts.
    pub outside: Vec<Id>,
    /// The Elector Areas counting now (18.3), in scenario order.
    pub electors: Vec<Id>,
    /// The Empire ceased to exist (18.7, 18.8): a Non-Player Emperor fully annexed, or an
    /// Emperor turned Revolutionary. `emperor` is `None` from then on.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dissolved: bool,
    /// The Empire's official religion (18.7): Catholic at the start, checked at the end of
    /// every Round from Age III.
    #[serde(skip_serializing_if = "HreFaith::is_catholic")]
    pub faith: HreFaith,
    /// The Emperor is Defending the HRE (the tag on the Status Mat, 18.4): set when it accepts
    /// a subject's call or takes up its own defence, it lasts while the Emperor is at war.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub defending: bool,
    /// Imperial Influence cubes on the board (18.2): (area, cubes), in the order placed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub imperial_influence: Vec<(Id, u8)>,
    /// Imperial Influence cubes the Emperor still has to place in this Phase 5 B.
    #[serde(skip_serializing_if = "is_zero")]
    pub imperial_to_place: u8,
    /// The Imperial manpower pool (18.4): infantry that fight beside the Emperor.
    #[serde(skip_serializing_if = "is_zero")]
    pub imperial_manpower: u8,
    /// An Imperial Election under way (18.9), waiting for the Emperor to break a tie.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub election: Option<Election>,
}

/// An Imperial Election being held (18.9): the Elector Areas vote one by one, and where the
/// most influence in an area, or the most votes overall, is tied, the sitting Emperor chooses.
#[derive(Serialize, Clone, Debug, Default, PartialEq)]
pub struct Election {
    /// The Emperor whose ruler went: it holds the title, and breaks ties, until the result.
    pub emperor: Id,
    /// Whether it was Defending the HRE when its ruler went.
    pub was_defending: bool,
    /// Counting Elector Areas that have not voted yet, in scenario order.
    pub to_vote: Vec<Id>,
    /// Votes so far, one line per seat in seat order.
    pub tally: Vec<(Id, usize)>,
    /// The realms tied, waiting for the Emperor's choice (empty while none is).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tied: Vec<Id>,
    /// The Elector Area whose vote the tie is for; `None` for the title itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie_area: Option<Id>,
    /// The tie has been put to the Emperor as a decision.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub asked: bool,
}

/// The Imperial manpower pool holds at most this many units (18.4).
pub const MAX_IMPERIAL_MANPOWER: u8 = 8;

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The official religion of the Empire (18.7): Catholic, Protestant, or none (Diverse Faiths).
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HreFaith {
    #[default]
    Catholic,
    Protestant,
    Diverse,
}

impl HreFaith {
    fn is_catholic(&self) -> bool {
        *self == HreFaith::Catholic
    }

    /// The State Religion a realm must follow to be elected, if any.
    pub fn religion(self) -> Option<Religion> {
        match self {
            HreFaith::Catholic => Some(Religion::Catholic),
            HreFaith::Protestant => Some(Religion::Protestant),
            HreFaith::Diverse => None,
        }
    }
}

/// The Age from which the Empire's religion may change (18.7).
pub const FAITH_FROM_AGE: u8 = 3;

// ---------------------------------------------------------------------------------------------
// Who is who

/// The Emperor's realm, if the Empire is in play.
pub fn emperor(world: &World) -> Option<Entity> {
    let key = world.get_res::<Empire>()?.emperor?;
    world.res::<Index>().get(key)
}

/// The Emperor's content id, for the log ("" without an Empire).
fn emperor_key(world: &World) -> Id {
    world.res::<Empire>().emperor.unwrap_or_default()
}

pub fn is_emperor(world: &World, realm: Entity) -> bool {
    emperor(world) == Some(realm)
}

/// The Emperor when it is a Non-Player Realm (18.8).
pub fn npr_emperor(world: &World) -> Option<Entity> {
    emperor(world).filter(|e| world.read::<NonPlayerRealm>(*e).is_some())
}

/// How many areas of the Empire hold units of realms outside it (18.8's count).
pub fn areas_with_outsiders(world: &World) -> u32 {
    listed_areas(world, Listed::Hre)
        .into_iter()
        .filter(|(_, a)| hre_area(world, *a))
        .filter(|(_, a)| {
            world.read::<Present>(*a).is_some_and(|present| {
                present.iter().any(|u| {
                    world
                        .read::<UnitOf>(u)
                        .is_some_and(|o| is_external(world, o.0))
                })
            })
        })
        .count() as u32
}

/// The Empire's share in defending an area of the Empire attacked while the Emperor is a
/// Non-Player Realm (18.8): 3 x E, less 2 for each area of the Empire that held outsiders'
/// units before this turn began (`outsiders_before`). Only for an NPR member of the Empire.
pub fn npr_empire_defence(world: &World, npr: Entity, area: Entity, outsiders_before: u32) -> i32 {
    if npr_emperor(world).is_none() || !hre_area(world, area) || !is_member(world, npr) {
        return 0;
    }
    3 * authority(world) - 2 * outsiders_before as i32
}

/// The Holy Roman Empire ceases to exist for the rest of the game (18.7, 18.8).
pub fn dissolve(world: &mut World, rule: &'static str, why: &str) {
    let Some(emp) = world.res::<Empire>().emperor else {
        return;
    };
    {
        let mut empire = world.res_mut::<Empire>();
        empire.emperor = None;
        empire.authority = 0;
        empire.dissolved = true;
    }
    write(
        world,
        Note::new(rule, format!("The Holy Roman Empire is dissolved: {why}")).realm(emp),
    );
}

// ---------------------------------------------------------------------------------------------
// Imperial Influence (18.2)

/// Imperial Influence cubes in an area.
pub fn imperial_influence_in(world: &World, area: Entity) -> u8 {
    let key = key_of(world, area);
    world
        .res::<Empire>()
        .imperial_influence
        .iter()
        .find(|(a, _)| *a == key)
        .map_or(0, |(_, n)| *n)
}

/// Areas holding Imperial Influence, in the order placed, when `realm` is the Emperor (they
/// count as its influence there, 18.2); none for any other realm.
pub fn imperial_areas_of(world: &World, realm: Entity) -> Vec<Entity> {
    if !is_emperor(world, realm) {
        return Vec::new();
    }
    let index = world.res::<Index>();
    world
        .res::<Empire>()
        .imperial_influence
        .iter()
        .filter(|(_, n)| *n > 0)
        .filter_map(|(a, _)| index.get(a))
        .collect()
}

/// The Imperial Influence in `area` goes back to the supply (removed as the Emperor's
/// influence would be); Phase 5 B places it again. Returns how many cubes went.
pub fn return_imperial_influence(world: &mut World, area: Entity) -> u8 {
    let key = key_of(world, area);
    let mut empire = world.res_mut::<Empire>();
    let gone = empire
        .imperial_influence
        .iter()
        .find(|(a, _)| *a == key)
        .map_or(0, |(_, n)| *n);
    empire.imperial_influence.retain(|(a, _)| *a != key);
    gone
}

/// A realm's influence in an area, the Emperor's Imperial Influence there included (18.2: it
/// works as the Emperor's influence "for most purposes": the votes of 18.9, requirements,
/// majorities, access and trade connections; see `relations::influence_counted`).
pub fn influence_with_imperial(world: &World, realm: Entity, area: Entity) -> u8 {
    let own = influence_in(world, realm, area);
    if is_emperor(world, realm) {
        own + imperial_influence_in(world, area)
    } else {
        own
    }
}

/// Where Imperial Influence may go (18.2): areas of the Empire with a province owned by a
/// Non-Player member, in scenario order.
pub fn imperial_targets(world: &World) -> Vec<Entity> {
    listed_areas(world, Listed::Hre)
        .into_iter()
        .map(|(_, a)| a)
        .filter(|a| hre_area(world, *a))
        .filter(|a| {
            area_provinces(world, *a).iter().any(|p| {
                owner(world, *p).is_some_and(|o| {
                    world.read::<NonPlayerRealm>(o).is_some() && is_member(world, o)
                })
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Imperial manpower (18.4)

/// The Emperor takes up Defending the HRE: as many units as its influence in the counting
/// Elector Areas (Imperial Influence included) join the Imperial manpower pool, up to 8.
pub fn fill_imperial_manpower(world: &mut World) {
    let Some(emp) = emperor(world) else {
        return;
    };
    let influence: u32 = listed_areas(world, Listed::Electors)
        .into_iter()
        .filter(|(_, a)| elector_counts(world, *a))
        .map(|(_, a)| u32::from(influence_with_imperial(world, emp, a)))
        .sum();
    let before = world.res::<Empire>().imperial_manpower;
    let now = (u32::from(before) + influence).min(u32::from(MAX_IMPERIAL_MANPOWER)) as u8;
    world.res_mut::<Empire>().imperial_manpower = now;
    let name = key_of(world, emp);
    write(
        world,
        Note::new(
            ids::EMPIRE_DEFEND,
            format!("{influence} influence in the Elector Areas: the Imperial manpower pool holds {now} units (at most 8)"),
        )
        .realm(name)
        .amount(i32::from(now)),
    );
}

/// At the start of a land battle the Emperor fights (18.4): in an area of the Empire, or one of
/// its own areas next by land to one, the Imperial manpower joins its side as allied infantry,
/// unless the enemy there is a Non-Player member of the Empire. Returns the units raised.
pub fn raise_imperial_manpower(
    world: &mut World,
    spec: &crate::rulesets::pop::rules::battle::BattleSpec,
) -> Vec<u32> {
    use crate::rulesets::pop::rules::battle::Party;
    let pool = world.res::<Empire>().imperial_manpower;
    let Some(emp) = emperor(world) else {
        return Vec::new();
    };
    let index = world.res::<Index>();
    let (Some(place), emp_sid) = (
        index.by_sid(spec.place),
        crate::rulesets::pop::state::sid_of(world, emp),
    ) else {
        return Vec::new();
    };
    let enemy = if spec.attacker == Party::Realm(emp_sid) {
        spec.defender
    } else if spec.defender == Party::Realm(emp_sid) || spec.beside.contains(&Party::Realm(emp_sid))
    {
        spec.attacker
    } else {
        return Vec::new();
    };
    if pool == 0 || spec.naval {
        return Vec::new();
    }
    let near_the_empire = hre_area(world, place)
        || (provinces_of(world, place)
            .iter()
            .any(|p| owner(world, *p) == Some(emp))
            && world
                .read::<LandBorders>(place)
                .is_some_and(|b| b.0.iter().any(|(a, _)| hre_area(world, *a))));
    let npr_member = match enemy {
        Party::Realm(sid) => index
            .by_sid(sid)
            .is_some_and(|r| world.read::<NonPlayerRealm>(r).is_some() && is_member(world, r)),
        Party::Rebels => false,
    };
    if !near_the_empire || npr_member {
        return Vec::new();
    }
    let units = crate::rulesets::pop::rules::military::raise_units(
        world,
        Some(emp),
        place,
        UnitKind::Infantry,
        UnitStatus::Allied,
        usize::from(pool),
    );
    let name = key_of(world, emp);
    write(
        world,
        Note::new(
            ids::EMPIRE_DEFEND,
            format!(
                "{pool} Imperial infantry fight beside {name} at {}",
                key_of(world, place)
            ),
        )
        .realm(name)
        .amount(i32::from(pool)),
    );
    units
        .into_iter()
        .map(|u| crate::rulesets::pop::state::sid_of(world, u))
        .collect()
}

/// When the battle ends, the Imperial infantry that survived go back to the pool.
pub fn return_imperial_manpower(world: &mut World, raised: &[u32]) {
    if raised.is_empty() {
        return;
    }
    let survivors: Vec<Entity> = raised
        .iter()
        .filter_map(|sid| world.res::<Index>().by_sid(*sid))
        .filter(|u| world.read::<Unit>(*u).is_some())
        .collect();
    let back = survivors.len().min(usize::from(MAX_IMPERIAL_MANPOWER)) as u8;
    for u in survivors {
        world.despawn(u);
    }
    crate::rulesets::pop::rules::military::release_idle_commanders(world);
    world.res_mut::<Empire>().imperial_manpower = back;
}

/// Phase 5 B: the pool is emptied once the Emperor is at peace (18.4).
fn empty_imperial_manpower_at_peace(world: &mut World) {
    let Some(emp) = emperor(world) else {
        return;
    };
    if world.res::<Empire>().imperial_manpower > 0
        && !crate::rulesets::pop::rules::relations::at_war(world, emp)
    {
        world.res_mut::<Empire>().imperial_manpower = 0;
    }
}

/// Puts one Imperial Influence cube in an area.
pub fn place_imperial(world: &mut World, area: Entity) {
    let key = key_of(world, area);
    {
        let mut empire = world.res_mut::<Empire>();
        match empire
            .imperial_influence
            .iter_mut()
            .find(|(a, _)| *a == key)
        {
            Some((_, n)) => *n += 1,
            None => empire.imperial_influence.push((key, 1)),
        }
        empire.imperial_to_place = empire.imperial_to_place.saturating_sub(1);
    }
    let name = emperor_key(world);
    write(
        world,
        Note::new(
            ids::EMPIRE_IMPERIAL_INFLUENCE,
            format!("{name} places an Imperial Influence cube in {key}"),
        )
        .realm(name)
        .subject(crate::rulesets::pop::state::sid_of(world, area)),
    );
}

/// Takes every Imperial Influence cube off the board and gives the Emperor E of them to place
/// (a Player Realm Emperor only: Imperial Influence serves elections and the Emperor's defence,
/// which a Non-Player Emperor has none of).
fn take_up_imperial_influence(world: &mut World) {
    let e = authority(world);
    let player = emperor(world).is_some_and(|emp| world.read::<PlayerRealm>(emp).is_some());
    let mut empire = world.res_mut::<Empire>();
    empire.imperial_influence.clear();
    empire.imperial_to_place = if player {
        e.clamp(0, MAX_AUTHORITY) as u8
    } else {
        0
    };
}

/// Places the cubes still to place where no choice is left: all in the only area that may take
/// them, or none when no area may. Returns whether a choice remains.
fn place_imperial_without_choice(world: &mut World) -> bool {
    loop {
        if world.res::<Empire>().imperial_to_place == 0 {
            return false;
        }
        match imperial_targets(world).as_slice() {
            [] => {
                world.res_mut::<Empire>().imperial_to_place = 0;
                return false;
            }
            [only] => place_imperial(world, *only),
            _ => return true,
        }
    }
}

/// Setup (18.2): the Emperor's E cubes, by the house rule for the setup instructions the
/// sources do not give: one in each area that may take them, in scenario order, around again.
fn set_up_imperial_influence(world: &mut World) {
    take_up_imperial_influence(world);
    if !place_imperial_without_choice(world) {
        return;
    }
    while world.res::<Empire>().imperial_to_place > 0 {
        for area in imperial_targets(world) {
            if world.res::<Empire>().imperial_to_place == 0 {
                break;
            }
            place_imperial(world, area);
        }
    }
}

/// Phase 5 B (18.2): the Imperial Influence is taken up and placed again to match E, the
/// Emperor choosing each cube's area.
pub(crate) fn redistribute_imperial_influence(world: &mut World) {
    use crate::rulesets::pop::rules::effects::{Visit, for_each_realm};
    if emperor(world).is_none() {
        return;
    }
    empty_imperial_manpower_at_peace(world);
    let done = for_each_realm(
        world,
        |world, realm, visits| {
            if !is_emperor(world, realm) {
                return Visit::Next;
            }
            if visits == 0 {
                take_up_imperial_influence(world);
            }
            if !place_imperial_without_choice(world) {
                return Visit::Next;
            }
            let left = world.res::<Empire>().imperial_to_place;
            ask(
                world,
                key_of(world, realm),
                DecisionKind::ImperialInfluence { left },
                format!(
                    "Place your Imperial Influence: {left} more cubes, in areas of the Empire with a Non-Player member's province"
                ),
            );
            Visit::Asked
        },
        |world, _, action| {
            if let Action::PlaceInfluence { area } = action
                && let Some(a) = world.res::<Index>().get(area)
            {
                place_imperial(world, a);
            }
            Visit::Asked
        },
    );
    let _ = done;
}

/// Imperial Authority (0 without an Empire).
pub fn authority(world: &World) -> i32 {
    world
        .get_res::<Empire>()
        .filter(|e| e.emperor.is_some())
        .map_or(0, |e| e.authority)
}

/// Whether the area lies inside the Empire now: listed by the scenario and not left.
pub fn hre_area(world: &World, area: Entity) -> bool {
    let Some((key, _)) = world
        .res::<EmpireAreas>()
        .hre
        .iter()
        .find(|(_, a)| *a == area)
    else {
        return false;
    };
    let left = &world.res::<Empire>().left;
    left.is_empty() || !left.contains(key)
}

fn capital_province(world: &World, realm: Entity) -> Option<Entity> {
    world.read::<Capital>(realm).map(|c| c.0)
}

/// A member of the Empire (18.3): a realm in play whose capital lies inside the Empire.
pub fn is_member(world: &World, realm: Entity) -> bool {
    world.read::<Realm>(realm).is_some()
        && world
            .read::<Owns>(realm)
            .is_some_and(|o| o.iter().next().is_some())
        && capital_province(world, realm)
            .and_then(|p| world.read::<InArea>(p).map(|a| a.0))
            .is_some_and(|a| hre_area(world, a))
}

/// An Imperial Subject: a member that is not the Emperor.
pub fn is_subject(world: &World, realm: Entity) -> bool {
    emperor(world).is_some() && !is_emperor(world, realm) && is_member(world, realm)
}

/// A realm outside the Empire: neither the Emperor nor a member.
pub fn is_external(world: &World, realm: Entity) -> bool {
    !is_emperor(world, realm) && !is_member(world, realm)
}

/// The scenario's HRE areas and Elector Areas as entities, in scenario order, looked up once
/// when the game is set up (`index_areas`): the Empire's tidy-up asks about them after every
/// step, and finding each by its id was most of an action's time.
#[derive(Resource, Default)]
pub struct EmpireAreas {
    hre: Vec<(Id, Entity)>,
    electors: Vec<(Id, Entity)>,
}

/// Which of the scenario's lists of areas.
#[derive(Clone, Copy)]
enum Listed {
    Hre,
    Electors,
}

/// Finds the scenario's HRE areas and Elector Areas on the board (those it names that exist).
pub fn index_areas(world: &mut World) {
    let index = world.res::<Index>();
    let options = &world.res::<Content>().0.options;
    let find = |keys: &[Id]| -> Vec<(Id, Entity)> {
        keys.iter()
            .filter_map(|k| Some((*k, index.get(k)?)))
            .collect()
    };
    let areas = EmpireAreas {
        hre: find(&options.hre_areas),
        electors: find(&options.electors),
    };
    world.insert_resource(areas);
}

/// What the Empire's tidy-up read when it last worked the Empire's lands out, so that a step
/// which changed none of it skips the work (most steps: the tidy-up runs after every one).
///
/// Which areas are wholly outside, which left areas may rejoin and which Elector Areas count
/// depend on nothing but who owns each province, the realms' capitals, vassal tokens, which
/// realms exist, and the Emperor and the areas that left. The board's part is watched by the
/// observers `watch_empire_lands` adds (any insert or removal of those components, despawns
/// included); the Empire's part is compared. Working it out is a function of those inputs, so
/// when they are what they were at the start of the last time and that time changed nothing,
/// it would change nothing again.
#[derive(Resource)]
pub struct EmpireLandsWatch {
    board_changed: bool,
    emperor: Option<Id>,
    left: Vec<Id>,
    outside: Vec<Id>,
    electors: Vec<Id>,
}

impl Default for EmpireLandsWatch {
    fn default() -> Self {
        Self {
            board_changed: true,
            emperor: None,
            left: Vec::new(),
            outside: Vec::new(),
            electors: Vec::new(),
        }
    }
}

impl EmpireLandsWatch {
    /// Whether the Empire's lands are as they were at the start of the last working-out.
    fn unchanged(&self, empire: &Empire) -> bool {
        !self.board_changed
            && self.emperor == empire.emperor
            && self.left == empire.left
            && self.outside == empire.outside
            && self.electors == empire.electors
    }

    /// Remembers what a working-out starts from.
    fn start(&mut self, empire: &Empire) {
        self.board_changed = false;
        self.emperor.clone_from(&empire.emperor);
        self.left.clone_from(&empire.left);
        self.outside.clone_from(&empire.outside);
        self.electors.clone_from(&empire.electors);
    }
}

fn mark_empire_lands_changed(
    _: On<Insert, (OwnedBy, Capital, Vassal, InArea)>,
    mut watch: ResMut<EmpireLandsWatch>,
) {
    watch.board_changed = true;
}

fn mark_empire_lands_discarded(
    _: On<Discard, (OwnedBy, Capital, Vassal, InArea, Realm)>,
    mut watch: ResMut<EmpireLandsWatch>,
) {
    watch.board_changed = true;
}

/// Starts watching what the Empire's lands depend on (after the scenario is spawned: the first
/// tidy-up works everything out anyway).
pub fn watch_empire_lands(world: &mut World) {
    world.init_resource::<EmpireLandsWatch>();
    world.add_observer(mark_empire_lands_changed);
    world.add_observer(mark_empire_lands_discarded);
}

/// The scenario's HRE areas (or Elector Areas), as entities, in scenario order.
fn listed_areas(world: &World, which: Listed) -> Vec<(Id, Entity)> {
    listed(world, which).map(|(k, a)| (*k, a)).collect()
}

/// `listed_areas` borrowed, for the questions asked after every step (nothing copied).
fn listed(world: &World, which: Listed) -> impl Iterator<Item = (&Id, Entity)> {
    let areas = world.res::<EmpireAreas>();
    match which {
        Listed::Hre => &areas.hre,
        Listed::Electors => &areas.electors,
    }
    .iter()
    .map(|(k, a)| (k, *a))
}

/// Whether an Elector Area counts (18.3): it lies inside the Empire and holds the capital of a
/// member that still owns it.
fn elector_counts(world: &World, area: Entity) -> bool {
    // "Any province" does not depend on their order: read unsorted (asked every pass).
    hre_area(world, area)
        && world.read::<AreaProvinces>(area).is_some_and(|ps| {
            ps.iter()
                .any(|p| owner(world, p).is_some_and(|o| capital_province(world, o) == Some(p)))
        })
}

fn counting_electors(world: &World) -> Vec<Id> {
    counting_elector_keys(world).cloned().collect()
}

/// The Elector Areas counting, as the scenario lists them (borrowed: asked after every pass).
fn counting_elector_keys(world: &World) -> impl Iterator<Item = &Id> {
    listed(world, Listed::Electors)
        .filter(move |(_, a)| elector_counts(world, *a))
        .map(|(k, _)| k)
}

/// The cap on E (18.1): 6, and at most 1 + the Elector Areas counting.
pub fn max_authority(world: &World) -> i32 {
    (1 + counting_elector_keys(world).count() as i32).min(MAX_AUTHORITY)
}

// ---------------------------------------------------------------------------------------------
// Authority

/// Changes E by `delta` within its bounds (0 to the cap) and logs it under `rule`; returns the
/// change made.
pub fn change_authority(world: &mut World, delta: i32, rule: &'static str, why: &str) -> i32 {
    let Some(name) = world.res::<Empire>().emperor else {
        return 0;
    };
    let before = world.res::<Empire>().authority;
    let cap = max_authority(world).max(0);
    let after = if delta > 0 {
        (before + delta).min(cap.max(before))
    } else {
        (before + delta).max(0)
    };
    world.res_mut::<Empire>().authority = after;
    let made = after - before;
    let text = if made == delta {
        format!("Imperial Authority {before} -> {after}: {why}")
    } else {
        format!(
            "Imperial Authority stays within 0 to {cap}: {before} -> {after} instead of {:+} ({why})",
            delta
        )
    };
    write(world, Note::new(rule, text).realm(name).amount(made));
    made
}

// ---------------------------------------------------------------------------------------------
// Setup and upkeep of the Empire's state

pub(crate) fn set_up_empire(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let Some(name) = content
        .options
        .emperor
        .filter(|k| world.res::<Index>().get(k).is_some())
    else {
        return;
    };
    let start = content.options.imperial_authority.clamp(0, MAX_AUTHORITY);
    world.insert_resource(Empire {
        emperor: Some(name),
        authority: start,
        ..Default::default()
    });
    write(
        world,
        Note::new(
            ids::EMPIRE_SETUP,
            format!("{name} holds the imperial title with Imperial Authority {start}"),
        )
        .realm(name)
        .amount(start),
    );
    let mut members: Vec<Id> = crate::rulesets::pop::rules::generic::all_of::<Realm>(world)
        .into_iter()
        .filter(|r| is_member(world, *r))
        .map(|r| key_of(world, r))
        .collect();
    members.sort();
    write(
        world,
        Note::new(
            ids::EMPIRE_LANDS,
            format!(
                "The Empire's areas: {}; its members: {}",
                join_ids(&content.options.hre_areas, ", "),
                join_ids(&members, ", ")
            ),
        )
        .amount(members.len() as i32),
    );
    let outside = wholly_outside(world);
    world.res_mut::<Empire>().outside = outside;
    refresh_electors(world);
    set_up_imperial_influence(world);
    let cap = max_authority(world);
    write(
        world,
        Note::new(
            ids::EMPIRE_BOUNDS,
            format!(
                "Imperial Authority is held between 0 and {cap} (1 + the Elector Areas, at most 6)"
            ),
        )
        .realm(name)
        .amount(cap),
    );
    enforce_cap(world);
}

/// The Empire's areas wholly -owned- by realms outside it (18.6): a province an outsider holds
/// as a vassal is not owned by it, and keeps the area in.
fn wholly_outside(world: &World) -> Vec<Id> {
    // Asked after every pass of the rules: realms are few and provinces many, so each owner's
    // standing is worked out once, and the provinces are read unsorted ("every province" does
    // not depend on their order).
    let mut standing: Vec<(Entity, bool)> = Vec::new();
    let mut external = |o: Entity| match standing.iter().find(|(r, _)| *r == o) {
        Some((_, x)) => *x,
        None => {
            let x = is_external(world, o);
            standing.push((o, x));
            x
        }
    };
    // The keys are copied only for the areas outside (few, usually none).
    listed(world, Listed::Hre)
        .filter(|(_, area)| {
            let Some(provinces) = world.read::<AreaProvinces>(*area) else {
                return false;
            };
            let mut any = false;
            for p in provinces.iter() {
                any = true;
                if !owner(world, p).is_some_and(&mut external) || held_as_vassal(world, p) {
                    return false;
                }
            }
            any
        })
        .map(|(key, _)| *key)
        .collect()
}

/// Whether every province of a left area is owned by the Emperor, a member, or a realm whose
/// capital lies in that area (it becomes a member again when the area rejoins; house rule)
/// (18.6).
fn wholly_inside(world: &World, area: Entity) -> bool {
    let provinces = provinces_of(world, area);
    let home = |o: Entity| {
        capital_province(world, o)
            .and_then(|c| world.read::<InArea>(c))
            .is_some_and(|a| a.0 == area)
    };
    !provinces.is_empty()
        && provinces
            .iter()
            .all(|p| owner(world, *p).is_some_and(|o| !is_external(world, o) || home(o)))
}

/// Recomputes the counting Elector Areas, logging a change.
fn refresh_electors(world: &mut World) {
    // Compared in place: the list is built only when it changed.
    if counting_elector_keys(world).eq(world.res::<Empire>().electors.iter()) {
        return;
    }
    let now = counting_electors(world);
    world.res_mut::<Empire>().electors = now.clone();
    let name = emperor_key(world);
    write(
        world,
        Note::new(
            ids::EMPIRE_ELECTORS,
            format!(
                "The Elector Areas counting: {}",
                if now.is_empty() {
                    "none".to_string()
                } else {
                    join_ids(&now, ", ")
                }
            ),
        )
        .realm(name)
        .amount(now.len() as i32),
    );
}

/// E above its cap drops to it (18.1: 1 per Elector Area lost below E - 1).
fn enforce_cap(world: &mut World) {
    // The electors counting were just refreshed (`refresh_electors`): the cap is read off them
    // instead of counted again.
    let cap = (1 + world.res::<Empire>().electors.len() as i32).min(MAX_AUTHORITY);
    debug_assert_eq!(cap, max_authority(world));
    let e = world.res::<Empire>().authority;
    if e > cap {
        change_authority(
            world,
            cap - e,
            ids::EMPIRE_BOUNDS,
            "fewer Elector Areas count than Imperial Authority allows",
        );
    }
}

/// Keeps the Empire legal after anything that may have changed the board (runs after every pass
/// of the rules): areas leave or rejoin (18.6), the electors counting are recomputed (for the
/// log and the view; the cap and the votes read the board itself) and E is held under its cap.
pub fn tidy(world: &mut World) {
    if world.res::<Empire>().emperor.is_none() {
        return;
    }
    if world.res::<Empire>().defending
        && emperor(world)
            .is_none_or(|emp| !crate::rulesets::pop::rules::relations::at_war(world, emp))
    {
        world.res_mut::<Empire>().defending = false;
        let name = emperor_key(world);
        write(
            world,
            Note::new(
                ids::EMPIRE_DEFEND,
                format!("{name} is at peace: Defending the HRE ends"),
            )
            .realm(name),
        );
    }
    // A world set up without the watch (a test's own) works the lands out every time.
    let unchanged = world
        .get_res::<EmpireLandsWatch>()
        .is_some_and(|watch| watch.unchanged(world.res::<Empire>()));
    if !unchanged {
        work_out_lands(world);
    }
    enforce_cap(world);
}

/// Areas leave and rejoin the Empire (18.6) and the Elector Areas counting are recomputed.
fn work_out_lands(world: &mut World) {
    if world.contains_resource::<EmpireLandsWatch>() {
        world.resource_scope(|world, mut watch: Mut<EmpireLandsWatch>| {
            watch.start(world.res::<Empire>());
        });
    }
    let outside_before = world.res::<Empire>().outside.clone();
    // An area leaving makes the realms with their capital there outsiders, which may take
    // another area out with it: leave until nothing more does.
    let mut outside_now;
    loop {
        outside_now = wholly_outside(world);
        // In the scenario's order, as `wholly_outside` lists them.
        let leaving: Vec<Id> = outside_now
            .iter()
            .filter(|key| {
                !outside_before.contains(key) && !world.res::<Empire>().left.contains(key)
            })
            .cloned()
            .collect();
        if leaving.is_empty() {
            break;
        }
        for key in leaving {
            world.res_mut::<Empire>().left.push(key);
            // Its Imperial Influence goes back to the supply (18.2).
            world
                .res_mut::<Empire>()
                .imperial_influence
                .retain(|(a, _)| *a != key);
            change_authority(
                world,
                -1,
                ids::EMPIRE_LEAVE,
                &format!("{key} is wholly owned by realms outside the Empire and leaves it"),
            );
        }
    }
    let mut rejoined = false;
    // Only an area that left can rejoin: none, usually.
    let candidates = if world.res::<Empire>().left.is_empty() {
        Vec::new()
    } else {
        listed_areas(world, Listed::Hre)
    };
    for (key, area) in candidates {
        let left = world.res::<Empire>().left.contains(&key);
        if left && wholly_inside(world, area) {
            rejoined = true;
            world.res_mut::<Empire>().left.retain(|k| *k != key);
            change_authority(
                world,
                1,
                ids::EMPIRE_REJOIN,
                &format!(
                    "{key} is wholly owned by the Emperor and members again and rejoins the Empire"
                ),
            );
        }
    }
    // Nothing changed since the last count unless an area rejoined.
    let outside_after = if rejoined {
        wholly_outside(world)
    } else {
        outside_now
    };
    world.res_mut::<Empire>().outside = outside_after;
    refresh_electors(world);
}

// ---------------------------------------------------------------------------------------------
// Phase 4: income, monarch power, prestige

/// The Emperor's extra tax income in Phase 4 B (18.1: E ducats, not Base Tax).
pub fn imperial_income(world: &World, realm: Entity) -> i32 {
    if is_emperor(world, realm) {
        authority(world)
    } else {
        0
    }
}

/// The Emperor's extra monarch power in Phase 4 D by E (18.1): [adm, dip, mil].
pub fn monarch_power_bonus(world: &World, realm: Entity) -> [i32; 3] {
    if !is_emperor(world, realm) {
        return [0, 0, 0];
    }
    match authority(world) {
        2 | 3 => [0, 1, 0],
        4 | 5 => [0, 1, 1],
        e if e >= 6 => [0, 2, 1],
        _ => [0, 0, 0],
    }
}

/// Phase 4 D: the Emperor gains its bonus monarch power (called by the monarch power step).
pub fn gain_monarch_power(world: &mut World, realm: Entity) {
    let bonus = monarch_power_bonus(world, realm);
    if bonus == [0, 0, 0] {
        return;
    }
    let name = key_of(world, realm);
    let e = authority(world);
    write(
        world,
        Note::new(
            ids::EMPIRE_MONARCH_POWER,
            format!(
                "{name}, the Emperor at Imperial Authority {e}, gains {} dip and {} mil",
                bonus[1], bonus[2]
            ),
        )
        .realm(name),
    );
    for kind in MpKind::ALL {
        if bonus[kind.index()] > 0 {
            change_mp(
                world,
                realm,
                kind,
                bonus[kind.index()],
                ids::EMPIRE_MONARCH_POWER,
            );
        }
    }
}

/// Phase 4 E: at E 6 the Emperor scores 1 prestige (18.1).
pub(crate) fn score_empire(world: &mut World) {
    let Some(realm) = emperor(world) else {
        return;
    };
    if authority(world) < MAX_AUTHORITY || world.read::<PlayerRealm>(realm).is_none() {
        return;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::EMPIRE_PRESTIGE,
            format!("{name}, the Emperor at Imperial Authority 6, scores 1 prestige"),
        )
        .realm(name),
    );
    change_prestige(world, realm, 1, ids::EMPIRE_PRESTIGE);
}

/// 18.7: from Age III, at the end of every Round the Empire's religion follows its counting
/// Elector Areas: all Protestant, it turns Protestant (E -1 when it was not); all Catholic
/// (Counter-Reformed counting as Catholic), it is Catholic; of several faiths, it has none.
pub(crate) fn check_faith(world: &mut World) {
    if emperor(world).is_none() || world.res::<crate::engine::flow::Flow>().age < FAITH_FROM_AGE {
        return;
    }
    let faiths: Vec<Option<Religion>> = listed_areas(world, Listed::Electors)
        .into_iter()
        .filter(|(_, a)| elector_counts(world, *a))
        .map(|(_, a)| {
            crate::rulesets::pop::rules::religion::area_faith(world, a)
                .map(crate::rulesets::pop::rules::religion::state_religion_of)
        })
        .collect();
    if faiths.is_empty() {
        return;
    }
    let all = |r: Religion| faiths.iter().all(|f| *f == Some(r));
    let now = if all(Religion::Protestant) {
        HreFaith::Protestant
    } else if all(Religion::Catholic) {
        HreFaith::Catholic
    } else {
        HreFaith::Diverse
    };
    let before = world.res::<Empire>().faith;
    if now == before {
        return;
    }
    world.res_mut::<Empire>().faith = now;
    let name = emperor_key(world);
    write(
        world,
        Note::new(
            ids::EMPIRE_FAITH,
            match now {
                HreFaith::Diverse => "The Elector Areas are of several faiths: the Holy Roman Empire has no official religion".to_string(),
                faith => format!("The Elector Areas are all {faith:?}: the Holy Roman Empire's official religion is {faith:?}"),
            },
        )
        .realm(name),
    );
    if now == HreFaith::Protestant {
        change_authority(
            world,
            -1,
            ids::EMPIRE_FAITH,
            "the Holy Roman Empire turns Protestant",
        );
    }
}

/// Why the Emperor may not change its State Religion (18.7): only once the Empire has an
/// official religion other than the Emperor's.
pub fn change_religion_problem(world: &World, realm: Entity) -> Option<&'static str> {
    if !is_emperor(world, realm) {
        return None;
    }
    let official = world.res::<Empire>().faith.religion();
    let own = world.read::<Realm>(realm).map(|r| r.religion);
    match official {
        Some(r) if Some(r) != own => None,
        _ => Some(
            "the Emperor changes its State Religion only once the Empire's official religion is another",
        ),
    }
}

/// 18.8: a Non-Player Emperor's authority moves with a die at the end of each Round: 1 takes
/// 1 away, 6 adds 1, 2-5 take 1 away when 2 or more below E and add 1 when 2 or more above it.
pub(crate) fn roll_npr_authority(world: &mut World) {
    let Some(emp) = emperor(world) else {
        return;
    };
    if world.read::<PlayerRealm>(emp).is_some() {
        return;
    }
    let roll = i32::from(world.res_mut::<GameRng>().d6());
    let e = authority(world);
    let delta = match roll {
        1 => -1,
        6 => 1,
        r if r <= e - 2 => -1,
        r if r >= e + 2 => 1,
        _ => 0,
    };
    let name = key_of(world, emp);
    write(
        world,
        Note::new(
            ids::EMPIRE_BOUNDS,
            format!("{name}, a Non-Player Emperor, rolls {roll} against Imperial Authority {e}"),
        )
        .realm(name)
        .amount(roll),
    );
    if delta != 0 {
        change_authority(
            world,
            delta,
            ids::EMPIRE_BOUNDS,
            "the Non-Player Emperor's end-of-Round roll",
        );
    }
}

/// Final scoring: the Emperor scores E prestige (FACTS 6).
pub fn final_score(world: &World, realm: Entity) -> i32 {
    if is_emperor(world, realm) {
        authority(world)
    } else {
        0
    }
}

/// Logs the Emperor's final-scoring line.
pub fn note_final_score(world: &mut World, realm: Entity, points: i32) {
    if points == 0 && !is_emperor(world, realm) {
        return;
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::EMPIRE_FINAL_SCORE,
            format!("{name}, the Emperor, scores its Imperial Authority: {points} prestige"),
        )
        .realm(name)
        .amount(points),
    );
}

// ---------------------------------------------------------------------------------------------
// Increase Authority (18.1): a basic action of the Emperor

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::IncreaseAuthority)
}

/// Adm the Emperor pays to raise E by 1: 1 + E.
pub fn increase_cost(world: &World) -> i32 {
    1 + authority(world)
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    if is_emperor(world, realm) {
        vec![Action::IncreaseAuthority]
    } else {
        Vec::new()
    }
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    if !owns(action) {
        return None;
    }
    let cost = increase_cost(world);
    let why = if !is_emperor(world, realm) {
        "only the Emperor raises Imperial Authority".to_string()
    } else if authority(world) >= max_authority(world) {
        format!(
            "Imperial Authority is at its cap of {} (1 + the Elector Areas, at most 6)",
            max_authority(world)
        )
    } else if mp(world, realm, MpKind::Adm) < cost {
        format!("raising Imperial Authority costs {cost} adm (1 + Imperial Authority)")
    } else {
        return None;
    };
    Some(Illegal::new(ids::EMPIRE_INCREASE, why))
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    if !owns(action) {
        return None;
    }
    let cost = increase_cost(world);
    change_mp(world, realm, MpKind::Adm, -cost, ids::EMPIRE_INCREASE);
    change_authority(
        world,
        1,
        ids::EMPIRE_INCREASE,
        &format!("the Emperor spends {cost} adm"),
    );
    Some(true)
}

// ---------------------------------------------------------------------------------------------
// War

/// Whether the Emperor holds the Imperial Liberation Casus Belli on `target` (18.3): an outsider
/// owning or occupying a province in an area still inside the Empire.
pub fn imperial_liberation_cb(world: &World, realm: Entity, target: Entity) -> bool {
    if !is_emperor(world, realm) || !is_external(world, target) {
        return false;
    }
    // Asked for every realm a bot weighs a war on: read off the target's own provinces (it owns
    // or occupies a province of the Empire exactly when one of them lies in an area of it),
    // fewer than the Empire's.
    let left = &world.res::<Empire>().left;
    let in_empire = |area: Entity| {
        listed(world, Listed::Hre)
            .any(|(key, a)| a == area && (left.is_empty() || !left.contains(key)))
    };
    held_provinces(world, target).any(|p| world.read::<InArea>(p).is_some_and(|a| in_empire(a.0)))
}

/// The provinces `realm` owns, then those it occupies (a province may come twice).
fn held_provinces(world: &World, realm: Entity) -> impl Iterator<Item = Entity> + '_ {
    let owned = world.read::<Owns>(realm).into_iter().flat_map(|o| o.iter());
    let occupied = world
        .read::<Controls>(realm)
        .into_iter()
        .flat_map(|c| c.iter());
    owned.chain(occupied)
}

/// Whether the Emperor's bot should favour a war on `target`: an outsider holding land in an
/// area of the Empire, one that left included (winning it back brings the area back, 18.6).
pub fn reclaim_target(world: &World, realm: Entity, target: Entity) -> bool {
    is_emperor(world, realm)
        && is_external(world, target)
        && world.read::<Owns>(target).is_some_and(|owned| {
            owned.iter().any(|p| {
                world
                    .read::<InArea>(p)
                    .is_some_and(|a| listed(world, Listed::Hre).any(|(_, hre)| hre == a.0))
            })
        })
}

/// Why `attacker` may not declare war on `target` under the Emperor's protection (FACTS 5): the
/// target is a member at peace with an Emperor who is the attacker's ally or truce partner, or
/// has passed.
pub fn shield_problem(
    world: &World,
    covered: impl Fn(Entity) -> bool,
    attacker: Entity,
    target: Entity,
) -> Option<Illegal> {
    let emp = emperor(world)?;
    if emp == attacker || emp == target || !is_member(world, target) {
        return None;
    }
    if at_war_between(world, emp, target) || !covered(emp) {
        return None;
    }
    Some(Illegal::new(
        ids::EMPIRE_DOW_SHIELD,
        "that realm is a member of the Holy Roman Empire at peace with an Emperor you may not attack",
    ))
}

/// A declaration against a member: logs that the Emperor's protection was checked and does not
/// stand in the way (the Emperor is neither the attacker's ally nor truce partner, nor passed).
pub fn note_declaration(world: &mut World, attacker: Entity, target: Entity, cb: Option<&str>) {
    let Some(emp) = emperor(world) else {
        return;
    };
    if cb == Some(IMPERIAL_LIBERATION) {
        let (a, t) = (key_of(world, attacker), key_of(world, target));
        write(
            world,
            Note::new(
                ids::EMPIRE_LIBERATION,
                format!("{a}, the Emperor, uses its Imperial Liberation Casus Belli on {t}, which holds land of the Empire"),
            )
            .realm(a),
        );
    }
    let cb = cb.is_some();
    if !is_member(world, target) {
        return;
    }
    let (a, t) = (key_of(world, attacker), key_of(world, target));
    if !cb && is_subject(world, attacker) && world.read::<PlayerRealm>(emp).is_some() {
        // 18.5: a subject attacking another member without a Casus Belli gives the Emperor one.
        spawn_sim(
            world,
            None,
            CasusBelli {
                holder: emp,
                target: attacker,
            },
        );
        let e = key_of(world, emp);
        write(
            world,
            Note::new(
                ids::EMPIRE_INTERNAL_WAR,
                format!("{a}, an Imperial Subject, attacks the member {t} without a Casus Belli: the Emperor {e} places a Casus Belli on {a}"),
            )
            .realm(e),
        );
    }
    if emp == target {
        return;
    }
    if emp == attacker {
        write(
            world,
            Note::new(
                ids::EMPIRE_DOW_SHIELD,
                format!("{t} is a member of the Empire: its own Emperor {a} attacks it"),
            )
            .realm(a),
        );
        if !cb {
            change_authority(
                world,
                -1,
                ids::EMPIRE_INTERNAL_WAR,
                &format!("the Emperor declares war on the member {t} without a Casus Belli"),
            );
            remove_imperial_influence(world, attacker, INTERNAL_WAR_INFLUENCE);
        }
        return;
    }
    let e = key_of(world, emp);
    write(
        world,
        Note::new(
            ids::EMPIRE_DOW_SHIELD,
            format!("{t} is a member of the Empire, but the Emperor {e} is neither {a}'s ally nor truce partner and has not passed: the war may go on"),
        )
        .realm(a),
    );
}

/// 18.5: the areas from which the Emperor removes `n` of its influence cubes, one entry per
/// cube: where it has the most first, ties alphabetical (house rule: the book leaves the choice
/// to the Emperor); fewer if it has fewer there.
fn imperial_influence_removal(world: &World, emp: Entity, n: usize) -> Vec<(Id, Entity)> {
    let mut left: Vec<(Id, Entity, u8)> = listed_areas(world, Listed::Hre)
        .into_iter()
        .filter(|(_, a)| hre_area(world, *a))
        .map(|(k, a)| (k, a, influence_in(world, emp, a)))
        .collect();
    let mut plan = Vec::new();
    while plan.len() < n {
        let Some(best) = left
            .iter_mut()
            .filter(|(_, _, i)| *i > 0)
            .min_by(|x, y| y.2.cmp(&x.2).then_with(|| x.0.cmp(&y.0)))
        else {
            break;
        };
        best.2 -= 1;
        plan.push((best.0, best.1));
    }
    plan
}

/// The Emperor declaring on a member without a Casus Belli removes this many influence cubes
/// from the Empire's areas (18.5).
pub const INTERNAL_WAR_INFLUENCE: usize = 3;

/// Whether a declaration is the Emperor's on a member without a Casus Belli (18.5: it costs 1
/// authority and 3 influence).
pub fn internal_war(world: &World, attacker: Entity, target: Entity, has_cb: bool) -> bool {
    !has_cb && is_emperor(world, attacker) && attacker != target && is_member(world, target)
}

/// The areas an Emperor's declaration on `target` without a Casus Belli takes its influence
/// from (18.5), one entry per cube; none for any other declaration.
pub fn internal_war_influence(
    world: &World,
    attacker: Entity,
    target: Entity,
    has_cb: bool,
) -> Vec<Entity> {
    if !internal_war(world, attacker, target, has_cb) {
        return Vec::new();
    }
    imperial_influence_removal(world, attacker, INTERNAL_WAR_INFLUENCE)
        .into_iter()
        .map(|(_, a)| a)
        .collect()
}

/// 18.5: the Emperor removes `n` of its influence cubes from the Empire's areas.
fn remove_imperial_influence(world: &mut World, emp: Entity, n: usize) {
    let name = key_of(world, emp);
    for (key, area) in imperial_influence_removal(world, emp, n) {
        crate::rulesets::pop::rules::generic::add_influence(world, emp, area, -1);
        write(
            world,
            Note::new(
                ids::EMPIRE_INTERNAL_WAR,
                format!("{name} removes 1 influence from {key} for attacking a member without a Casus Belli"),
            )
            .realm(name)
            .amount(-1),
        );
    }
}

/// Whether a Player Realm Emperor whose capital lies in the Empire, attacked directly by a realm
/// outside it, may take up Defending the HRE for itself (18.4), with E at 1 or more.
pub fn may_defend_itself(world: &World, attacker: Entity, target: Entity) -> bool {
    is_emperor(world, target)
        && authority(world) >= 1
        && world.read::<PlayerRealm>(target).is_some()
        && is_external(world, attacker)
        && capital_province(world, target)
            .and_then(|c| world.read::<InArea>(c))
            .is_some_and(|a| hre_area(world, a.0))
}

/// The Emperor takes up Defending the HRE (18.4): the tag is placed until it is at peace.
pub fn start_defending(world: &mut World) {
    world.res_mut::<Empire>().defending = true;
}

/// Free military access through the Empire's areas (18.4): while the Emperor is Defending the
/// HRE, for the Emperor and for anyone at war with it.
pub fn free_access(world: &World, realm: Entity, area: Entity) -> bool {
    let Some(emp) = emperor(world) else {
        return false;
    };
    world.res::<Empire>().defending
        && hre_area(world, area)
        && (realm == emp || at_war_between(world, realm, emp))
}

/// Whether a declaration of `attacker` on `target` calls a Player Realm Emperor to Defend the
/// HRE (18.4): the target is an Imperial Subject, the attacker is outside the Empire, E is at
/// least 1, and the Emperor is a Player Realm at war with neither.
pub fn defend_call(world: &World, attacker: Entity, target: Entity) -> Option<Entity> {
    let emp = emperor(world)?;
    (authority(world) >= 1
        && world.read::<PlayerRealm>(emp).is_some()
        && is_subject(world, target)
        && is_external(world, attacker)
        && emp != attacker
        && !at_war_between(world, emp, target)
        && !at_war_between(world, emp, attacker))
    .then_some(emp)
}

/// The Emperor refuses to Defend the HRE: 1 authority instead of the usual penalties.
pub fn refuse_defence(world: &mut World, subject: Entity, enemy: Entity) {
    let (s, e) = (key_of(world, subject), key_of(world, enemy));
    change_authority(
        world,
        -1,
        ids::EMPIRE_DEFEND_REFUSED,
        &format!("the Emperor refuses to defend {s} against {e}"),
    );
}

/// After a peace between `winner` and `loser` of the war `war` (18.4, 18.5): the Emperor
/// defeating an attacker from outside the Empire gains 1 (its conquests stay with the Emperor,
/// so no HRE province goes to an outsider); losing to one costs 1; fully annexing a member of
/// its own faith costs 1.
pub fn after_peace(
    world: &mut World,
    war: Option<War>,
    winner: Entity,
    loser: Entity,
    annexed: bool,
) {
    let Some(emp) = emperor(world) else {
        return;
    };
    if annexed && loser == emp {
        // Only a Non-Player Realm can be annexed (18.8).
        let (w, l) = (key_of(world, winner), key_of(world, loser));
        dissolve(
            world,
            ids::EMPIRE_ANNEX,
            &format!("{w} fully annexes {l}, the Non-Player Emperor"),
        );
        return;
    }
    let religion = |r: Entity| world.read::<Realm>(r).map(|x| x.religion);
    if annexed && winner == emp && loser != emp {
        let member_before = world
            .read::<Capital>(loser)
            .and_then(|c| world.read::<InArea>(c.0))
            .is_some_and(|a| hre_area(world, a.0));
        if member_before && religion(winner) == religion(loser) {
            let l = key_of(world, loser);
            change_authority(
                world,
                -1,
                ids::EMPIRE_ANNEX,
                &format!("the Emperor fully annexes {l}, a member of its own faith"),
            );
        }
    }
    let Some(war) = war else {
        return;
    };
    let (w, l) = (key_of(world, winner), key_of(world, loser));
    if winner == emp && war.attacker == loser && is_external(world, loser) {
        change_authority(
            world,
            1,
            ids::EMPIRE_PEACE,
            &format!("the Emperor defeats {l}, an attacker from outside the Empire"),
        );
    } else if loser == emp && war.attacker == winner && is_external(world, winner) {
        change_authority(
            world,
            -1,
            ids::EMPIRE_PEACE,
            &format!("the Emperor loses its war against {w}, an attacker from outside the Empire"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Imperial Elections (18.9)

/// Whether a Player Realm may be elected: it follows the Empire's official faith (Catholic;
/// the Empire's religion rules are not built, so it stays Catholic).
fn eligible(world: &World, realm: Entity) -> bool {
    let official = world.res::<Empire>().faith.religion();
    world.read::<PlayerRealm>(realm).is_some()
        && world.read::<Realm>(realm).is_some_and(|r| {
            official.is_none_or(|o| {
                crate::rulesets::pop::rules::religion::state_religion_of(r.religion) == o
            })
        })
        && world
            .read::<Owns>(realm)
            .is_some_and(|o| o.iter().next().is_some())
}

/// Who one Elector Area votes for (18.9).
enum Vote {
    For(Entity),
    /// Several eligible realms tie: the sitting Emperor chooses among them.
    Tied(Vec<Entity>),
    Abstains,
}

impl Vote {
    fn among(mut realms: Vec<Entity>) -> Self {
        match realms.len() {
            0 => Vote::Abstains,
            1 => Vote::For(realms.remove(0)),
            _ => Vote::Tied(realms),
        }
    }
}

/// The Player Realm whose vassals are the only vassals in an area with no Non-Player Realm
/// province (18.9: such an area votes for it automatically).
fn sole_vassal_lord(world: &World, area: Entity) -> Option<Entity> {
    let provinces = provinces_of(world, area);
    let npr = provinces
        .iter()
        .any(|p| owner(world, *p).is_some_and(|o| world.read::<PlayerRealm>(o).is_none()));
    if npr {
        return None;
    }
    let mut lords = provinces
        .iter()
        .filter_map(|p| world.read::<Holdings>(*p))
        .flat_map(|h| h.iter().collect::<Vec<_>>())
        .filter(|t| world.read::<Vassal>(*t).is_some())
        .filter_map(|t| world.read::<TokenOf>(t).map(|o| o.0));
    let first = lords.next()?;
    lords.all(|l| l == first).then_some(first)
}

/// The vote of one counting Elector Area: an eligible Player Realm with its capital there; else
/// the eligible Player Realm holding every vassal of an area with no Non-Player Realm province;
/// else the eligible Player Realm with the most influence there (at least 1, Imperial Influence
/// included). Two realms based there, or tied for the most influence, are a tie.
fn vote_of(world: &World, area: Entity, seats: &[Entity]) -> Vote {
    let eligible_here: Vec<Entity> = seats
        .iter()
        .copied()
        .filter(|r| eligible(world, *r))
        .collect();
    let based: Vec<Entity> = eligible_here
        .iter()
        .copied()
        .filter(|r| {
            capital_province(world, *r)
                .and_then(|p| world.read::<InArea>(p))
                .is_some_and(|a| a.0 == area)
        })
        .collect();
    if !based.is_empty() {
        return Vote::among(based);
    }
    if let Some(lord) = sole_vassal_lord(world, area).filter(|l| eligible_here.contains(l)) {
        return Vote::For(lord);
    }
    let best = eligible_here
        .iter()
        .map(|r| influence_with_imperial(world, *r, area))
        .max()
        .unwrap_or(0);
    if best == 0 {
        return Vote::Abstains;
    }
    Vote::among(
        eligible_here
            .into_iter()
            .filter(|r| influence_with_imperial(world, *r, area) == best)
            .collect(),
    )
}

/// The Emperor's ruler is replaced or discarded (7.2, 18.9): with E at most 4 and a Player
/// Realm Emperor, an Imperial Election is held at once. Where it ties, it waits for the
/// sitting Emperor's choice (`ask_election_tie`).
pub fn ruler_gone(world: &mut World, realm: Entity) {
    if !is_emperor(world, realm) {
        return;
    }
    let name = key_of(world, realm);
    if world.res::<Empire>().election.is_some() {
        // The title is being decided already: this ruler's going changes nothing of it.
        return;
    }
    let e = authority(world);
    if world.read::<PlayerRealm>(realm).is_none() {
        write(
            world,
            Note::new(
                ids::EMPIRE_ELECTION,
                format!("{name}, a Non-Player Emperor, holds no election"),
            )
            .realm(name),
        );
        return;
    }
    if e > ELECTION_MAX_AUTHORITY {
        write(
            world,
            Note::new(
                ids::EMPIRE_ELECTION,
                format!("Imperial Authority {e} is above {ELECTION_MAX_AUTHORITY}: no Imperial Election, {name} keeps the title"),
            )
            .realm(name),
        );
        return;
    }
    let seats: Vec<Entity> = world
        .get_res::<Seats>()
        .map(|s| s.0.clone())
        .unwrap_or_default();
    if !seats.iter().any(|r| eligible(world, *r)) {
        write(
            world,
            Note::new(
                ids::EMPIRE_ELECTION,
                format!(
                    "An Imperial Election: no Player Realm is eligible, {name} keeps the title"
                ),
            )
            .realm(name),
        );
        change_authority(
            world,
            -2,
            ids::EMPIRE_ELECTION,
            "no Player Realm is eligible in the election",
        );
        return;
    }
    let to_vote: Vec<Id> = listed_areas(world, Listed::Electors)
        .into_iter()
        .filter(|(_, a)| elector_counts(world, *a))
        .map(|(key, _)| key)
        .collect();
    let tally = seats.iter().map(|r| (key_of(world, *r), 0)).collect();
    let was_defending = world.res::<Empire>().defending;
    world.res_mut::<Empire>().election = Some(Election {
        emperor: name,
        was_defending,
        to_vote,
        tally,
        ..default()
    });
    hold_election(world);
}

/// Counts the votes of the Elector Areas still to vote, then proclaims the result, until done
/// or until a tie waits for the sitting Emperor.
fn hold_election(world: &mut World) {
    let seats: Vec<Entity> = world
        .get_res::<Seats>()
        .map(|s| s.0.clone())
        .unwrap_or_default();
    loop {
        let Some(election) = world.res::<Empire>().election.clone() else {
            return;
        };
        if !election.tied.is_empty() {
            return;
        }
        if let Some(key) = election.to_vote.first().cloned() {
            if let Some(e) = world.res_mut::<Empire>().election.as_mut() {
                e.to_vote.remove(0);
            }
            let Some(area) = world.res::<Index>().get(key) else {
                continue;
            };
            match vote_of(world, area, &seats) {
                Vote::For(realm) => cast_vote(world, &key, Some(realm), false),
                Vote::Abstains => cast_vote(world, &key, None, false),
                Vote::Tied(realms) => {
                    let tied = realms.iter().map(|r| key_of(world, *r)).collect();
                    wait_for_the_emperor(world, tied, Some(key));
                    return;
                }
            }
            continue;
        }
        let best = election.tally.iter().map(|(_, n)| *n).max().unwrap_or(0);
        if best == 0 {
            world.res_mut::<Empire>().election = None;
            let name = election.emperor;
            write(
                world,
                Note::new(
                    ids::EMPIRE_ELECTION,
                    format!("An Imperial Election: no Elector Area votes, {name} keeps the title"),
                )
                .realm(name),
            );
            return;
        }
        let mut top: Vec<Id> = election
            .tally
            .into_iter()
            .filter(|(_, n)| *n == best)
            .map(|(r, _)| r)
            .collect();
        if top.len() > 1 {
            wait_for_the_emperor(world, top, None);
            return;
        }
        proclaim(world, top.remove(0), false);
        return;
    }
}

fn wait_for_the_emperor(world: &mut World, tied: Vec<Id>, area: Option<Id>) {
    if let Some(e) = world.res_mut::<Empire>().election.as_mut() {
        e.tied = tied;
        e.tie_area = area;
        e.asked = false;
    }
}

/// One Elector Area's vote (or abstention) is counted; `chosen`: the Emperor broke a tie for it.
fn cast_vote(world: &mut World, area: &str, vote: Option<Entity>, chosen: bool) {
    let text = match vote {
        Some(v) if chosen => format!(
            "The Elector Area {area} votes for {}, the Emperor's choice among those tied for the most influence there",
            key_of(world, v)
        ),
        Some(v) => format!("The Elector Area {area} votes for {}", key_of(world, v)),
        None => format!("The Elector Area {area} does not vote"),
    };
    let mut note = Note::new(ids::EMPIRE_VOTE, text);
    if let Some(v) = vote {
        let key = key_of(world, v);
        note = note.realm(key);
        if let Some(e) = world.res_mut::<Empire>().election.as_mut()
            && let Some(line) = e.tally.iter_mut().find(|(r, _)| *r == key)
        {
            line.1 += 1;
        }
    }
    write(world, note);
}

/// The election's winner takes the title (`by_tie`: the sitting Emperor chose it among those
/// tied for the most votes); E below 3 rises by 1; a new Emperor elected during the defence
/// takes it up.
fn proclaim(world: &mut World, winner: Id, by_tie: bool) {
    let Some(election) = world.res_mut::<Empire>().election.take() else {
        return;
    };
    let Some(realm) = world.res::<Index>().get(winner) else {
        return;
    };
    let votes = election
        .tally
        .iter()
        .find(|(r, _)| *r == winner)
        .map_or(0, |(_, n)| *n);
    let old = election.emperor;
    world.res_mut::<Empire>().emperor = Some(winner);
    let mut text = if winner == old {
        format!("An Imperial Election: {winner} is re-elected Emperor with {votes} votes")
    } else {
        format!(
            "An Imperial Election: {winner} is elected Emperor with {votes} votes, succeeding {old}"
        )
    };
    if by_tie {
        text.push_str(&format!(", {old} breaking the tie for the most votes"));
    }
    write(
        world,
        Note::new(ids::EMPIRE_ELECTION, text)
            .realm(winner)
            .amount(votes as i32),
    );
    if authority(world) < ELECTION_FLOOR {
        change_authority(
            world,
            1,
            ids::EMPIRE_ELECTION_BONUS,
            "Imperial Authority below 3 after an election",
        );
    }
    if winner != old && election.was_defending {
        take_up_the_defence(world, realm);
    }
}

/// Asks the sitting Emperor to break the tie an Imperial Election waits on (18.9: "Ties ... are
/// decided by the current Emperor"). Returns whether it asked.
pub fn ask_election_tie(world: &mut World) -> bool {
    let Some(election) = world.res::<Empire>().election.clone() else {
        return false;
    };
    if election.tied.is_empty() {
        return false;
    }
    let names = join_ids(&election.tied, ", ");
    let prompt = match &election.tie_area {
        Some(area) => format!(
            "Imperial Election: {names} tie for the most influence in the Elector Area {area}. As Emperor, choose who receives its vote"
        ),
        None => format!(
            "Imperial Election: {names} tie for the most Elector votes. As Emperor, choose who is elected"
        ),
    };
    if let Some(e) = world.res_mut::<Empire>().election.as_mut() {
        e.asked = true;
    }
    ask(
        world,
        election.emperor,
        DecisionKind::ElectionTie {
            area: election.tie_area,
        },
        prompt,
    );
    true
}

/// The answers to an election tie: one of the realms tied, in seat order.
pub fn election_tie_candidates(world: &World) -> Vec<Action> {
    world
        .res::<Empire>()
        .election
        .as_ref()
        .map(|e| {
            e.tied
                .iter()
                .map(|r| Action::ChooseRealm { realm: *r })
                .collect()
        })
        .unwrap_or_default()
}

/// The sitting Emperor's answer to an election tie: `choice` receives the area's vote, or the
/// title; the election then goes on. Returns false when no tie was asked or `choice` is not tied.
pub fn break_election_tie(world: &mut World, choice: &str) -> bool {
    let Some(election) = world.res::<Empire>().election.clone() else {
        return false;
    };
    if !election.asked || !election.tied.iter().any(|r| r == choice) {
        return false;
    }
    if let Some(e) = world.res_mut::<Empire>().election.as_mut() {
        e.tied.clear();
        e.tie_area = None;
        e.asked = false;
    }
    match election.tie_area {
        Some(area) => {
            let vote = world.res::<Index>().get(choice);
            cast_vote(world, &area, vote, true);
            hold_election(world);
        }
        None => proclaim(world, Id::new(choice), true),
    }
    true
}

/// 18.9: a Player Realm elected while the departed Emperor was Defending the HRE places a Casus
/// Belli token on the realms outside the Empire at war with Non-Player members (the book's "a CB
/// token on any non-HRE Realm at war with NPR HRE Members", read as each of them: a token costs
/// nothing, so a player would take every one). The Imperial manpower pool stays as it is.
fn take_up_the_defence(world: &mut World, new_emperor: Entity) {
    let mut aggressors: Vec<(u32, Entity)> = world
        .try_query::<(Entity, &Sid, &Realm)>()
        .map(|mut q| q.iter(world).map(|(e, s, _)| (s.0, e)).collect())
        .unwrap_or_default();
    aggressors.sort_by_key(|(s, _)| *s);
    let aggressors: Vec<Entity> = aggressors
        .into_iter()
        .map(|(_, r)| r)
        .filter(|r| {
            *r != new_emperor
                && is_external(world, *r)
                && crate::rulesets::pop::rules::relations::enemies_of(world, *r)
                    .into_iter()
                    .any(|x| is_member(world, x) && world.read::<PlayerRealm>(x).is_none())
        })
        .collect();
    let e = key_of(world, new_emperor);
    for target in aggressors {
        spawn_sim(
            world,
            None,
            CasusBelli {
                holder: new_emperor,
                target,
            },
        );
        let t = key_of(world, target);
        write(
            world,
            Note::new(
                ids::EMPIRE_ELECTION,
                format!("{e}, elected while the Empire was being defended, places a Casus Belli on {t}, at war with a Non-Player member"),
            )
            .realm(e),
        );
    }
}
