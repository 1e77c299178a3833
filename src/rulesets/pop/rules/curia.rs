//! The Papal Curia (19): cardinals on the Curia track, the Roma slot, the Papal Controller and
//! its bonuses, the uncontested controller's prestige, the Papal Actions (Excommunicate Ruler,
//! Call Crusade) with their Casus Belli and Crusade scoring, and the Cardinal Dies symbol.
//!
//! The track is the `Curia` resource: the regular slots hold realm ids, leftmost first. The
//! Roma slot is worked out from the board each time (`roma_holder`): a Player Realm controlling
//! the province of Roma, else a Player Realm allied with the Papal States; `Curia::roma` keeps
//! the last holder for the log and the snapshot. `tidy` runs after every pass of the rules and
//! keeps the track legal: cardinals of realms that are no longer Catholic Player Realms go, a
//! realm controlling Roma keeps no other cardinal, and the slots shrink with the number of
//! Catholic Player Realms.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::memo::{Remembered, Remembers, forget_on_change};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{MpKind, Religion};
use crate::rulesets::pop::decision::{Action, Illegal};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{change_mp, change_prestige, change_stability};
use crate::rulesets::pop::rules::generic::{mp, owner};
use crate::rulesets::pop::rules::military::has_own_units_at;
use crate::rulesets::pop::rules::relations::{area_provinces, capital_area, owned_areas};
use crate::rulesets::pop::state::{Content, Index, Seats, key_of, sid_of, sort_dedup_by_sid};

/// Each Papal Action costs 2 dip (19.3).
pub const PAPAL_ACTION_DIP: i32 = 2;
/// Papal Actions may be taken in Ages I and II.
pub const PAPAL_ACTION_LAST_AGE: u8 = 2;
/// An excommunicated Player Realm loses this much stability, one cardinal and this many
/// influence cubes from Catholic areas.
pub const EXCOMMUNICATION_STABILITY: i32 = 1;
pub const EXCOMMUNICATION_INFLUENCE: i32 = 4;
/// A Crusade needs this many provinces owned by Muslim realms in its area.
pub const CRUSADE_PROVINCES: usize = 2;
/// The free declaration of a Crusade brings 1 prestige and 2 mercenary infantry.
pub const CRUSADE_PRESTIGE: i32 = 1;
pub const CRUSADE_MERCENARIES: usize = 2;
/// Crusade scoring: +2 or -2 to each committed realm; -2 to the controller if none committed.
pub const CRUSADE_SCORE: i32 = 2;
/// The uncontested controller's prestige is at most 3.
pub const UNCONTESTED_MAX: i32 = 3;
/// Uncontested control needs at least 2 cardinals.
pub const UNCONTESTED_MIN: usize = 2;

pub struct CuriaPlugin;

impl Plugin for CuriaPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Curia>();
    }
}

/// The Papal Curia track and the Papal Action tokens on the board.
#[derive(Resource, Serialize, Clone, Debug, Default, PartialEq)]
pub struct Curia {
    /// The regular cardinal slots, leftmost first: the realm (content id) of each cardinal.
    pub cardinals: Vec<Id>,
    /// The realm holding the Roma slot when the rules last looked.
    pub roma: Option<Id>,
    /// The realm whose ruler is excommunicated (until Phase 4 step E).
    pub excommunicated: Option<Id>,
    /// The area (content id) with the Crusade token (until Phase 4 step E).
    pub crusade: Option<Id>,
    /// Realms Committed to Crusade.
    pub committed: Vec<Id>,
}

impl Curia {
    /// Whether a Papal Action token (Excommunicated or Crusade) is on the board: one was taken
    /// this Round (both leave in Phase 4 step E of the Round they were placed in).
    fn token_placed(&self) -> bool {
        self.excommunicated.is_some() || self.crusade.is_some()
    }
}

// ---------------------------------------------------------------------------------------------
// Who is who

fn is_catholic(world: &World, realm: Entity) -> bool {
    world
        .read::<Realm>(realm)
        .is_some_and(|r| r.religion.catholic())
}

fn is_muslim(world: &World, realm: Entity) -> bool {
    world
        .read::<Realm>(realm)
        .is_some_and(|r| r.religion.muslim())
}

/// A Player Realm in play whose State Religion is Catholic: only these hold cardinals.
fn may_hold_cardinals(world: &World, realm: Entity) -> bool {
    world.read::<PlayerRealm>(realm).is_some() && is_catholic(world, realm)
}

/// The Catholic Player Realms in play, in seat order.
pub fn catholic_players(world: &World) -> Vec<Entity> {
    world
        .get_res::<Seats>()
        .map(|s| s.0.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|r| may_hold_cardinals(world, *r))
        .collect()
}

/// Regular cardinal slots: one more than the Catholic Player Realms (the Roma slot besides).
pub fn regular_slots(world: &World) -> usize {
    // Counted without listing the realms: asked after every step.
    world.get_res::<Seats>().map_or(0, |s| {
        s.0.iter()
            .filter(|r| may_hold_cardinals(world, **r))
            .count()
    }) + 1
}

/// The scenario's Roma and Papal States on the board, found once when the game is set up
/// (`index_places`): the Curia's tidy-up asks for both after every step, and finding each by
/// its id was a fifth of the tidy-up.
#[derive(Resource, Clone, Copy, Debug)]
pub struct CuriaPlaces {
    roma: Option<Entity>,
    papal_states: Option<Entity>,
}

/// Finds the scenario's Roma and Papal States on the board (`CuriaPlaces`).
pub fn index_places(world: &mut World) {
    let options = &world.res::<Content>().0.options;
    let index = world.res::<Index>();
    let places = CuriaPlaces {
        roma: options.roma.as_deref().and_then(|k| index.get(k)),
        papal_states: options.papal_states.as_deref().and_then(|k| index.get(k)),
    };
    world.insert_resource(places);
}

pub fn papal_states(world: &World) -> Option<Entity> {
    world.res::<CuriaPlaces>().papal_states
}

pub fn roma_province(world: &World) -> Option<Entity> {
    world.res::<CuriaPlaces>().roma
}

/// The Player Realm controlling (owning or occupying) Roma, Catholic or not.
fn roma_controller(world: &World) -> Option<Entity> {
    let roma = roma_province(world)?;
    crate::rulesets::pop::rules::military::controller(world, roma)
        .filter(|c| world.read::<PlayerRealm>(*c).is_some())
}

/// Who holds the Roma slot: the Player Realm controlling Roma (if it is Catholic; a Player
/// Realm of another faith controlling Roma leaves the slot empty), superseding an alliance
/// with the Papal States; else the Catholic Player Realm allied with the Papal States (the
/// oldest alliance when several are).
pub fn roma_holder(world: &World) -> Option<Entity> {
    struct RomaHolder;
    *crate::engine::memo::cached::<RomaHolder, _, _>(world, (), || roma_holder_now(world))
}

fn roma_holder_now(world: &World) -> Option<Entity> {
    roma_holder_given(world, roma_controller(world))
}

/// `roma_holder`, with the realm controlling Roma (`roma_controller`) found already.
fn roma_holder_given(world: &World, controller: Option<Entity>) -> Option<Entity> {
    if let Some(c) = controller {
        return may_hold_cardinals(world, c).then_some(c);
    }
    let pap = papal_states(world)?;
    // The first in stable-id order (the oldest alliance) whose realm may hold cardinals now.
    papal_allies(world, pap)
        .into_iter()
        .find(|(_, r)| may_hold_cardinals(world, *r))
        .map(|(_, r)| r)
}

/// The realms allied with the Papal States (the scenario's, fixed for a game), by the stable id
/// of their alliance (oldest first; one without a stable id last), remembered from one question
/// to the next until an alliance is made or broken: the Curia's tidy-up asks after every step,
/// and walking every alliance of the map each time was a third of it. Forgotten on any insert
/// or removal of an `Alliance`, which is never changed in place (`watch_papal_allies`).
#[derive(Resource, Default)]
pub struct PapalAlliesWatch(Remembered<Vec<(u32, Entity)>>);

impl Remembers for PapalAlliesWatch {
    fn forget(&self) {
        self.0.forget();
    }
}

/// Starts remembering the Papal States' allies (after the scenario is spawned).
pub fn watch_papal_allies(world: &mut World) {
    forget_on_change::<PapalAlliesWatch, Alliance>(world);
}

fn papal_allies(world: &World, pap: Entity) -> Vec<(u32, Entity)> {
    match world.get_res::<PapalAlliesWatch>() {
        Some(watch) => watch.0.get_or(|| papal_allies_now(world, pap)),
        None => papal_allies_now(world, pap),
    }
}

fn papal_allies_now(world: &World, pap: Entity) -> Vec<(u32, Entity)> {
    let mut allies = crate::engine::query_cache::with_query::<
        (Option<&crate::engine::state::Sid>, &Alliance),
        (),
        _,
    >(world, |q| {
        q.filter_map(|(sid, a)| Some((sid.map_or(u32::MAX, |s| s.0), a.other(pap)?)))
            .collect::<Vec<_>>()
    })
    .unwrap_or_default();
    allies.sort_by_key(|(sid, _)| *sid);
    allies
}

/// A realm's regular cardinals (the Roma slot not counted). The realm controlling Roma has none,
/// even before `tidy` discards them from the track.
pub fn regular_of(world: &World, realm: Entity) -> usize {
    if roma_controller(world) == Some(realm) {
        return 0;
    }
    let key = key_of(world, realm);
    world
        .res::<Curia>()
        .cardinals
        .iter()
        .filter(|c| **c == key)
        .count()
}

/// A realm's cardinals, the Roma slot included.
pub fn cardinals_of(world: &World, realm: Entity) -> usize {
    regular_of(world, realm) + usize::from(roma_holder(world) == Some(realm))
}

/// Each Catholic Player Realm with cardinals: (realm, cardinals, position of its leftmost
/// cardinal: 0 for Roma, then 1, 2, ... for the regular slots).
fn standings(world: &World) -> Vec<(Entity, usize, usize)> {
    struct Standings;
    crate::engine::memo::cached::<Standings, _, _>(world, (), || standings_now(world))
        .as_ref()
        .clone()
}

fn standings_now(world: &World) -> Vec<(Entity, usize, usize)> {
    let curia = world.res::<Curia>();
    // Who controls Roma and who holds its slot, found once for every realm (`cardinals_of`
    // asked them again for each: the Papal Controller is asked in every Phase 4 and turn).
    let controller = roma_controller(world);
    let roma = roma_holder_given(world, controller);
    let seats = world.get_res::<Seats>().map_or(&[][..], |s| s.0.as_slice());
    seats
        .iter()
        .copied()
        .filter(|r| may_hold_cardinals(world, *r))
        .filter_map(|r| {
            let key = key_of(world, r);
            let first = curia
                .cardinals
                .iter()
                .position(|c| *c == key)
                .map(|i| i + 1);
            // As `regular_of`: the realm controlling Roma has no regular cardinal.
            let regular = if controller == Some(r) {
                0
            } else {
                curia.cardinals.iter().filter(|c| **c == key).count()
            };
            let holds_roma = roma == Some(r);
            let leftmost = if holds_roma { Some(0) } else { first };
            leftmost.map(|l| (r, regular + usize::from(holds_roma), l))
        })
        .collect()
}

/// The Papal Controller: the most cardinals, ties to the leftmost cardinal (19.2).
pub fn controller(world: &World) -> Option<Entity> {
    standings(world)
        .into_iter()
        .min_by_key(|(_, n, left)| (std::cmp::Reverse(*n), *left))
        .map(|(r, _, _)| r)
}

/// The uncontested Papal Controller: at least 2 cardinals and strictly more than anyone else.
pub fn uncontested(world: &World) -> Option<Entity> {
    let all = standings(world);
    let best = all.iter().map(|(_, n, _)| *n).max()?;
    let top: Vec<Entity> = all
        .iter()
        .filter(|(_, n, _)| *n == best)
        .map(|(r, _, _)| *r)
        .collect();
    (best >= UNCONTESTED_MIN && top.len() == 1).then(|| top[0])
}

pub fn is_controller(world: &World, realm: Entity) -> bool {
    controller(world) == Some(realm)
}

/// Ducats the Papal Controller pays less per advisor in Phase 4 step B.
pub fn advisor_discount(world: &World, realm: Entity) -> i32 {
    i32::from(is_controller(world, realm))
}

/// Adm the Papal Controller pays less for Increase Stability.
pub fn stability_discount(world: &World, realm: Entity) -> i32 {
    i32::from(is_controller(world, realm))
}

// ---------------------------------------------------------------------------------------------
// Cardinals coming and going

/// Setup: each Catholic Player Realm in play places its scenario cardinals, the track filled
/// left to right in the scenario's order of realms, as far as the slots go.
pub(crate) fn set_up_curia(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let slots = regular_slots(world);
    let mut curia = Curia::default();
    for def in content.realms.iter().filter(|r| r.cardinals > 0) {
        let Some(realm) = world.res::<Index>().get(def.id) else {
            continue;
        };
        if !may_hold_cardinals(world, realm) {
            continue;
        }
        for _ in 0..def.cardinals {
            if curia.cardinals.len() < slots {
                curia.cardinals.push(def.id);
            }
        }
    }
    let placed = curia.cardinals.len();
    world.insert_resource(curia);
    if placed > 0 || papal_states(world).is_some() {
        let track = crate::engine::id::join_ids(&world.res::<Curia>().cardinals, ", ");
        write(
            world,
            Note::new(
                ids::CURIA_CARDINAL,
                format!(
                    "The Papal Curia has {slots} regular slots besides Roma; cardinals: {track}"
                ),
            )
            .amount(placed as i32),
        );
    }
    tidy(world);
}

/// Whether the realm would seat a cardinal it gains: a Catholic Player Realm not controlling Roma.
pub fn may_gain_cardinal(world: &World, realm: Entity) -> bool {
    may_hold_cardinals(world, realm) && roma_controller(world) != Some(realm)
}

/// Gains one cardinal (a "Man of the Church" card): it enters the first regular slot and the
/// others slide right; one pushed off the last slot goes back to its owner. Only a Catholic
/// Player Realm that does not control Roma gains one.
pub fn gain_cardinal(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    if !may_hold_cardinals(world, realm) {
        write(
            world,
            Note::new(
                ids::CURIA_CARDINAL,
                format!("{name} is not a Catholic Player Realm: no cardinal"),
            )
            .realm(name),
        );
        return;
    }
    if roma_controller(world) == Some(realm) {
        write(
            world,
            Note::new(
                ids::CURIA_ROMA,
                format!("{name} controls Roma and may gain no other cardinal"),
            )
            .realm(name),
        );
        return;
    }
    let slots = regular_slots(world);
    let pushed = {
        let mut curia = world.res_mut::<Curia>();
        curia.cardinals.insert(0, name);
        (curia.cardinals.len() > slots).then(|| curia.cardinals.pop())
    };
    write(
        world,
        Note::new(
            ids::CURIA_CARDINAL,
            format!("{name} gains a cardinal in the first slot of the Papal Curia"),
        )
        .realm(name)
        .amount(1),
    );
    if let Some(Some(back)) = pushed {
        write(
            world,
            Note::new(
                ids::CURIA_CARDINAL,
                format!("{back}'s cardinal is pushed off the last slot and goes back to {back}"),
            )
            .realm(back)
            .amount(-1),
        );
    }
}

/// Whether the track is already as `tidy` would leave it: every cardinal a Catholic Player
/// Realm's that does not control Roma, no more of them than the slots, and the Roma slot's
/// holder the one recorded. Asked after every step, it reads the track in place (nothing
/// copied, no id spelled out); the tidy-up does its work only when it says no.
fn curia_settled(world: &World) -> bool {
    let controller = roma_controller(world);
    let roma = roma_holder_given(world, controller);
    // Whether each seated realm may hold cardinals, read once: the slots count them, and the
    // cardinals on the track are theirs (a realm off the seats is read when asked).
    const FEW: usize = 16;
    let seats = world.get_res::<Seats>().map_or(&[][..], |s| s.0.as_slice());
    let mut standing = [(Entity::PLACEHOLDER, false); FEW];
    for (kept, realm) in standing.iter_mut().zip(seats) {
        *kept = (*realm, may_hold_cardinals(world, *realm));
    }
    let standing = &standing[..seats.len().min(FEW)];
    let slots = if seats.len() <= FEW {
        standing.iter().filter(|(_, may)| *may).count() + 1
    } else {
        regular_slots(world)
    };
    let may_hold = |realm: Entity| match standing.iter().find(|(r, _)| *r == realm) {
        Some((_, may)) => *may,
        None => may_hold_cardinals(world, realm),
    };
    let index = world.res::<Index>();
    let curia = world.res::<Curia>();
    let holds = |key: &Id| {
        index
            .get(key)
            .is_some_and(|r| Some(r) != controller && may_hold(r))
    };
    let roma_recorded = match (curia.roma.as_deref(), roma) {
        (None, None) => true,
        (Some(key), Some(r)) => index.get(key) == Some(r),
        _ => false,
    };
    roma_recorded && curia.cardinals.len() <= slots && curia.cardinals.iter().all(holds)
}

/// Removes a realm's rightmost regular cardinal (never Roma's). Returns whether it had one.
fn remove_cardinal(world: &mut World, realm: Entity, rule: &'static str, why: &str) -> bool {
    let name = key_of(world, realm);
    let slot = world
        .res::<Curia>()
        .cardinals
        .iter()
        .rposition(|c| *c == name);
    if let Some(slot) = slot {
        remove_slot(world, slot, rule, why);
    }
    slot.is_some()
}

/// Keeps the track legal after anything that may have changed it (runs after every pass of the
/// rules): cardinals of realms that are not Catholic Player Realms go; the realm controlling
/// Roma discards its other cardinals; the slots shrink with the Catholic Player Realms; a new
/// holder of the Roma slot is logged.
pub fn tidy(world: &mut World) {
    if curia_settled(world) {
        return;
    }
    let keys: Vec<Id> = world.res::<Curia>().cardinals.clone();
    let mut gone: Vec<(Id, &'static str, &'static str)> = Vec::new();
    let roma_controller = roma_controller(world).map(|r| key_of(world, r));
    let mut kept = Vec::new();
    for key in keys {
        let realm = world.res::<Index>().get(key);
        if !realm.is_some_and(|r| may_hold_cardinals(world, r)) {
            gone.push((
                key,
                ids::CURIA_CARDINAL,
                "it is not a Catholic Player Realm",
            ));
        } else if roma_controller.as_deref() == Some(key.as_str()) {
            gone.push((
                key,
                ids::CURIA_ROMA,
                "it controls Roma and keeps no other cardinal",
            ));
        } else {
            kept.push(key);
        }
    }
    let slots = regular_slots(world);
    while kept.len() > slots {
        if let Some(key) = kept.pop() {
            gone.push((key, ids::CURIA_CARDINAL, "the Curia lost a slot"));
        }
    }
    let roma = roma_holder(world).map(|r| key_of(world, r));
    let changed = {
        let curia = world.res::<Curia>();
        curia.cardinals != kept || curia.roma != roma
    };
    if !changed {
        return;
    }
    let roma_before = world.res::<Curia>().roma;
    {
        let mut curia = world.res_mut::<Curia>();
        curia.cardinals = kept;
        curia.roma = roma;
    }
    for (key, rule, why) in gone {
        write(
            world,
            Note::new(
                rule,
                format!("{key}'s cardinal leaves the Papal Curia: {why}"),
            )
            .realm(key)
            .amount(-1),
        );
    }
    if roma_before != roma {
        let text = match &roma {
            Some(r) => format!("{r} takes the Roma cardinal slot"),
            None => "The Roma cardinal slot stands empty".to_string(),
        };
        let mut note = Note::new(ids::CURIA_ROMA, text);
        if let Some(r) = &roma {
            note = note.realm(r);
        }
        write(world, note);
    }
}

/// The slot of the cardinal FACTS' auto-resolution of Cardinal Dies removes: the rightmost
/// regular cardinal of the realm with the most cardinals (Roma's counted, never removed); among
/// realms tied for the most, the cardinal standing furthest right (house rule).
pub fn dying_cardinal(world: &World) -> Option<usize> {
    let curia = &world.res::<Curia>().cardinals;
    curia
        .iter()
        .enumerate()
        .filter_map(|(i, key)| {
            let realm = world.res::<Index>().get(key)?;
            Some((cardinals_of(world, realm), i))
        })
        .max_by_key(|(n, i)| (*n, *i))
        .map(|(_, i)| i)
}

/// The Cardinal Dies event symbol by its auto-resolution (an Event nobody took, a single
/// outcome): see `dying_cardinal`.
pub fn cardinal_dies(world: &mut World) {
    match dying_cardinal(world) {
        Some(slot) => remove_slot(world, slot, ids::CURIA_CARDINAL_DIES, "a cardinal dies"),
        None => write(
            world,
            Note::new(
                ids::CURIA_CARDINAL_DIES,
                "A cardinal dies: no regular cardinal is on the Papal Curia track",
            ),
        ),
    }
}

/// The Cardinal Dies symbol of an Event (16.5): the player resolving it (`chooser`; `None` for
/// the Event nobody took, which has no Active Player) removes any regular cardinal. It is asked
/// when the choice changes the track (`cardinal_choices` offers two or more); otherwise, and
/// without a chooser, the auto-resolution applies. Returns true when a decision was asked.
pub fn resolve_cardinal_dies(world: &mut World, chooser: Option<Entity>) -> bool {
    let Some(chooser) = chooser.filter(|_| cardinal_choices(world, None).len() > 1) else {
        cardinal_dies(world);
        return false;
    };
    let name = key_of(world, chooser);
    crate::rulesets::pop::decision::ask(
        world,
        name,
        crate::rulesets::pop::decision::DecisionKind::CardinalDies,
        "A cardinal dies: choose the cardinal that leaves the Papal Curia (Roma's never does)",
    );
    true
}

/// Regular slots whose cardinal may be chosen to leave (of realm `of` only, if given), one per
/// outcome: taking any cardinal out of a run of one realm's neighbouring cardinals leaves the
/// same track, so each run offers its rightmost.
pub fn cardinal_choices(world: &World, of: Option<&str>) -> Vec<usize> {
    let track = &world.res::<Curia>().cardinals;
    (0..track.len())
        .filter(|&i| of.is_none_or(|r| track[i] == r))
        .filter(|&i| track.get(i + 1) != Some(&track[i]))
        .collect()
}

/// Answers worth offering for a cardinal decision: the slots of `cardinal_choices`.
pub fn cardinal_answers(
    world: &World,
    realm: Entity,
    kind: &crate::rulesets::pop::decision::DecisionKind,
) -> Vec<Action> {
    use crate::rulesets::pop::decision::DecisionKind;
    let name = key_of(world, realm);
    let of = match kind {
        DecisionKind::CardinalDies => None,
        DecisionKind::ExcommunicationCardinal => Some(name.as_str()),
        _ => return Vec::new(),
    };
    cardinal_choices(world, of)
        .into_iter()
        .map(|slot| Action::ChooseCardinal { slot: slot as u8 })
        .collect()
}

/// Feeds the answer to a cardinal decision: that cardinal leaves the track. After an
/// excommunication the realm then discards its influence and the Papal Action is over.
pub fn answer_cardinal(
    world: &mut World,
    kind: &crate::rulesets::pop::decision::DecisionKind,
    action: &Action,
) {
    use crate::rulesets::pop::decision::DecisionKind;
    let Action::ChooseCardinal { slot } = action else {
        return;
    };
    let slot = usize::from(*slot);
    match kind {
        DecisionKind::CardinalDies => {
            remove_slot(world, slot, ids::CURIA_CARDINAL_DIES, "a cardinal dies");
        }
        DecisionKind::ExcommunicationCardinal => {
            remove_slot(
                world,
                slot,
                ids::CURIA_EXCOMMUNICATE,
                "its ruler is excommunicated",
            );
            let target = world.res::<Curia>().excommunicated;
            if let Some(t) = target.and_then(|t| world.res::<Index>().get(t)) {
                discard_catholic_influence(world, t);
            }
            world
                .res_mut::<crate::rulesets::pop::rules::generic::Generic>()
                .finished = true;
        }
        _ => {}
    }
}

/// Takes the cardinal in this regular slot off the track (the others slide left).
fn remove_slot(world: &mut World, slot: usize, rule: &'static str, why: &str) {
    let removed = {
        let mut curia = world.res_mut::<Curia>();
        (slot < curia.cardinals.len()).then(|| curia.cardinals.remove(slot))
    };
    if let Some(name) = removed {
        let place = slot + 1;
        write(
            world,
            Note::new(
                rule,
                format!("{name} loses a cardinal (slot {place}): {why}"),
            )
            .realm(name)
            .amount(-1),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Phase 4 step E and final scoring

/// Phase 4 step E: the uncontested controller's prestige, Crusade scoring, and the
/// Excommunicated and Crusade tokens leave the board. The notes explain; the prestige entries
/// of `change_prestige` carry the amounts (so sums by rule id count each gain once).
pub(crate) fn score_curia(world: &mut World) {
    if let Some(pope) = uncontested(world) {
        let gain = (catholic_players(world).len() as i32 - 1).clamp(0, UNCONTESTED_MAX);
        let name = key_of(world, pope);
        write(
            world,
            Note::new(
                ids::CURIA_UNCONTESTED,
                format!("{name} controls the Papal Curia uncontested: +{gain} prestige"),
            )
            .realm(name),
        );
        if gain > 0 {
            change_prestige(world, pope, gain, ids::CURIA_UNCONTESTED);
        }
    }
    score_crusade(world);
    let excommunicated = world.res_mut::<Curia>().excommunicated.take();
    if let Some(r) = excommunicated {
        write(
            world,
            Note::new(
                ids::CURIA_EXCOMMUNICATE,
                format!("The Excommunicated token leaves {r}'s capital"),
            )
            .realm(r),
        );
    }
}

/// Crusade scoring (19.3): each committed Catholic realm scores +2 with units in the area and
/// no Muslim-owned province left there, else -2; with nobody committed the Papal Controller
/// loses 2. The token is then removed.
fn score_crusade(world: &mut World) {
    let (area_key, committed) = {
        let mut curia = world.res_mut::<Curia>();
        let Some(area) = curia.crusade.take() else {
            return;
        };
        (area, std::mem::take(&mut curia.committed))
    };
    let Some(area) = world.res::<Index>().get(area_key) else {
        return;
    };
    let muslim_left = !muslim_provinces(world, area).is_empty();
    let committed: Vec<Entity> = committed
        .iter()
        .filter_map(|k| world.res::<Index>().get(k))
        .filter(|r| is_catholic(world, *r))
        .collect();
    if committed.is_empty() {
        match controller(world) {
            Some(pope) => {
                let name = key_of(world, pope);
                write(
                    world,
                    Note::new(
                        ids::CURIA_CRUSADE_SCORING,
                        format!("Nobody answered the Crusade against {area_key}: the Papal Controller {name} loses {CRUSADE_SCORE} prestige"),
                    )
                    .realm(name),
                );
                change_prestige(world, pope, -CRUSADE_SCORE, ids::CURIA_CRUSADE_SCORING);
            }
            None => write(
                world,
                Note::new(
                    ids::CURIA_CRUSADE_SCORING,
                    format!("Nobody answered the Crusade against {area_key}"),
                ),
            ),
        }
        return;
    }
    for realm in committed {
        let name = key_of(world, realm);
        let present = has_own_units_at(world, realm, area, true);
        let won = present && !muslim_left;
        let delta = if won { CRUSADE_SCORE } else { -CRUSADE_SCORE };
        let why = if won {
            "its army stands there and no Muslim realm owns a province there"
        } else if muslim_left {
            "Muslim realms still own provinces there"
        } else {
            "it has no army there"
        };
        write(
            world,
            Note::new(
                ids::CURIA_CRUSADE_SCORING,
                format!("{name}, committed to the Crusade against {area_key}: {delta:+} prestige ({why})"),
            )
            .realm(name),
        );
        change_prestige(world, realm, delta, ids::CURIA_CRUSADE_SCORING);
    }
    write(
        world,
        Note::new(
            ids::CURIA_CRUSADE,
            format!("The Crusade token leaves {area_key}"),
        ),
    );
}

/// Final scoring: the Papal Controller scores the number of Catholic Player Realms.
pub fn final_score(world: &World, realm: Entity) -> i32 {
    if is_controller(world, realm) {
        catholic_players(world).len() as i32
    } else {
        0
    }
}

// ---------------------------------------------------------------------------------------------
// Casus Belli

/// The Excommunication CB: a Catholic realm against the realm whose ruler is excommunicated.
pub fn excommunication_cb(world: &World, realm: Entity, target: Entity) -> bool {
    realm != target
        && is_catholic(world, realm)
        && world
            .res::<Curia>()
            .excommunicated
            .as_deref()
            .is_some_and(|k| world.res::<Index>().get(k) == Some(target))
}

/// The Holy War CB of a Crusade: a Catholic realm against a Muslim realm owning a province in
/// the Crusade's area.
pub fn holy_war_cb(world: &World, realm: Entity, target: Entity) -> bool {
    let Some(area) = crusade_area(world) else {
        return false;
    };
    is_catholic(world, realm)
        && is_muslim(world, target)
        && owned_areas(world, target).contains(&area)
}

fn crusade_area(world: &World) -> Option<Entity> {
    let curia = world.res::<Curia>();
    curia
        .crusade
        .as_deref()
        .and_then(|a| world.res::<Index>().get(a))
}

/// A declaration of war on a Crusade's target with the Holy War CB commits the realm to the
/// Crusade (house rule: whenever the realm holds that CB, it is the one used).
pub fn note_declaration(world: &mut World, realm: Entity, target: Entity) {
    if !holy_war_cb(world, realm, target) {
        return;
    }
    commit(world, realm);
}

fn commit(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    if world.res::<Curia>().committed.contains(&name) {
        return;
    }
    world.res_mut::<Curia>().committed.push(name);
    write(
        world,
        Note::new(
            ids::CURIA_CRUSADE,
            format!("{name} is Committed to Crusade"),
        )
        .realm(name),
    );
}

/// Provinces of an area owned by Muslim realms.
pub fn muslim_provinces(world: &World, area: Entity) -> Vec<Entity> {
    area_provinces(world, area)
        .iter()
        .copied()
        .filter(|p| owner(world, *p).is_some_and(|o| is_muslim(world, o)))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Papal Actions (19.3): basic actions of the Papal Controller, once per Round in Ages I-II

pub fn owns(action: &Action) -> bool {
    matches!(
        action,
        Action::Excommunicate { .. } | Action::CallCrusade { .. }
    )
}

/// Papal Actions worth checking for `realm` (the controller only).
pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    if !is_controller(world, realm) || papal_action_problem(world, realm).is_some() {
        return Vec::new();
    }
    let mut all = Vec::new();
    let mut realms: Vec<Entity> = crate::rulesets::pop::rules::generic::all_of::<Realm>(world)
        .into_iter()
        .filter(|r| excommunicate_problem(world, realm, *r).is_none())
        .collect();
    realms.sort_by_cached_key(|r| sid_of(world, *r));
    all.extend(realms.into_iter().map(|r| Action::Excommunicate {
        realm: key_of(world, r),
    }));
    for area in crate::rulesets::pop::rules::generic::all_of::<Area>(world) {
        let held = muslim_provinces(world, area);
        if held.len() < CRUSADE_PROVINCES {
            continue;
        }
        let key = key_of(world, area);
        all.push(Action::CallCrusade {
            area: key,
            war: None,
        });
        let mut targets: Vec<Entity> = held.iter().filter_map(|p| owner(world, *p)).collect();
        sort_dedup_by_sid(world, &mut targets);
        for t in targets {
            all.push(Action::CallCrusade {
                area: key,
                war: Some(key_of(world, t)),
            });
        }
    }
    all
}

/// Why the realm may take no Papal Action now, if so.
fn papal_action_problem(world: &World, realm: Entity) -> Option<Illegal> {
    let flow = world.res::<Flow>();
    let curia = world.res::<Curia>();
    let why = if flow.age > PAPAL_ACTION_LAST_AGE {
        "Papal Actions are taken only in Ages I and II"
    } else if !is_controller(world, realm) {
        "only the Papal Controller takes Papal Actions"
    } else if curia.token_placed() {
        "one Papal Action per Round: the token is on the board already"
    } else if mp(world, realm, MpKind::Dip) < PAPAL_ACTION_DIP {
        return Some(Illegal::new(
            ids::CURIA_PAPAL_ACTION,
            format!("a Papal Action costs {PAPAL_ACTION_DIP} dip"),
        ));
    } else {
        return None;
    };
    Some(Illegal::new(ids::CURIA_PAPAL_ACTION, why))
}

/// Why `realm` may not excommunicate the ruler of `target`, if so: the target must be a
/// Catholic realm in play (holding a province), neither the controller itself nor the Papal
/// States. The candidates and the check both ask this.
fn excommunicate_problem(world: &World, realm: Entity, target: Entity) -> Option<&'static str> {
    let why = if world.read::<Realm>(target).is_none() {
        "no such realm"
    } else if target == realm {
        "the Papal Controller does not excommunicate itself"
    } else if Some(target) == papal_states(world) {
        "the Pope is not excommunicated"
    } else if !is_catholic(world, target) {
        "only a Catholic realm's ruler is excommunicated"
    } else if world
        .read::<Owns>(target)
        .is_none_or(|o| o.iter().next().is_none())
    {
        "the realm holds no province: it is out of the game"
    } else {
        return None;
    };
    Some(why)
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    if !owns(action) {
        return None;
    }
    if let Some(p) = papal_action_problem(world, realm) {
        return Some(p);
    }
    let index = |k: &str| world.res::<Index>().get(k);
    match action {
        Action::Excommunicate { realm: target } => {
            let why = match index(target) {
                None => "no such realm",
                Some(t) => excommunicate_problem(world, realm, t)?,
            };
            Some(Illegal::new(ids::CURIA_EXCOMMUNICATE, why))
        }
        Action::CallCrusade { area, war } => {
            let Some(a) = index(area).filter(|a| world.read::<Area>(*a).is_some()) else {
                return Some(Illegal::new(ids::CURIA_CRUSADE, "no such area"));
            };
            if muslim_provinces(world, a).len() < CRUSADE_PROVINCES {
                return Some(Illegal::new(
                    ids::CURIA_CRUSADE,
                    format!(
                        "a Crusade needs an area with at least {CRUSADE_PROVINCES} provinces owned by Muslim realms"
                    ),
                ));
            }
            let Some(target) = war else {
                return None;
            };
            let Some(t) = index(target) else {
                return Some(Illegal::new(ids::CURIA_CRUSADE, "no such realm"));
            };
            if !is_muslim(world, t) || !owned_areas(world, t).contains(&a) {
                return Some(Illegal::new(
                    ids::CURIA_CRUSADE,
                    "the Crusade's war is declared on a Muslim realm owning a province in its area",
                ));
            }
            crate::rulesets::pop::rules::military::declare_problem(world, realm, t)
        }
        _ => None,
    }
}

/// Takes a Papal Action. Returns whether the turn's main action is over (a Crusade with a
/// war goes on with the war's calls and battles).
pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let name = key_of(world, realm);
    match action {
        Action::Excommunicate { realm: target } => {
            let t = world.res::<Index>().get(target)?;
            change_mp(
                world,
                realm,
                MpKind::Dip,
                -PAPAL_ACTION_DIP,
                ids::CURIA_EXCOMMUNICATE,
            );
            {
                world.res_mut::<Curia>().excommunicated = Some(*target);
            }
            write(
                world,
                Note::new(
                    ids::CURIA_EXCOMMUNICATE,
                    format!("{name} excommunicates the ruler of {target}: every Catholic realm has a CB on {target} until Phase 4 step E"),
                )
                .realm(name)
                .subject(sid_of(world, t)),
            );
            if world.read::<PlayerRealm>(t).is_some() {
                change_stability(
                    world,
                    t,
                    -EXCOMMUNICATION_STABILITY,
                    ids::CURIA_EXCOMMUNICATE,
                );
                // The realm chooses which of its cardinals goes when that changes the track.
                if cardinal_choices(world, Some(target.as_str())).len() > 1 {
                    crate::rulesets::pop::decision::ask(
                        world,
                        *target,
                        crate::rulesets::pop::decision::DecisionKind::ExcommunicationCardinal,
                        "Your ruler is excommunicated: choose which of your cardinals leaves the Papal Curia",
                    );
                    return Some(false);
                }
                remove_cardinal(
                    world,
                    t,
                    ids::CURIA_EXCOMMUNICATE,
                    "its ruler is excommunicated",
                );
                discard_catholic_influence(world, t);
            }
            Some(true)
        }
        Action::CallCrusade { area, war } => {
            let a = world.res::<Index>().get(area)?;
            change_mp(
                world,
                realm,
                MpKind::Dip,
                -PAPAL_ACTION_DIP,
                ids::CURIA_CRUSADE,
            );
            {
                let mut curia = world.res_mut::<Curia>();
                curia.crusade = Some(*area);
                curia.committed.clear();
            }
            write(
                world,
                Note::new(
                    ids::CURIA_CRUSADE,
                    format!("{name} calls a Crusade against {area}: Catholic realms have a Holy War CB on the Muslim realms owning provinces there"),
                )
                .realm(name)
                .subject(sid_of(world, a)),
            );
            let target = war.as_deref().and_then(|t| world.res::<Index>().get(t));
            let Some(t) = target else {
                return Some(true);
            };
            change_prestige(world, realm, CRUSADE_PRESTIGE, ids::CURIA_CRUSADE);
            match capital_area(world, realm) {
                Some(capital) => {
                crate::rulesets::pop::rules::military::raise_units(
                    world,
                    Some(realm),
                    capital,
                    UnitKind::Infantry,
                    UnitStatus::Mercenary,
                    CRUSADE_MERCENARIES,
                );
                let at = key_of(world, capital);
                write(
                    world,
                    Note::new(
                        ids::CURIA_CRUSADE,
                        format!("{name} gains {CRUSADE_MERCENARIES} mercenary infantry for the Crusade at {at}"),
                    )
                    .realm(name)
                    .subject(sid_of(world, capital)),
                );
                }
                None => write(
                    world,
                    Note::new(
                        ids::CURIA_CRUSADE,
                        format!("{name} has no capital area: its {CRUSADE_MERCENARIES} mercenary infantry for the Crusade are not placed"),
                    )
                    .realm(name),
                ),
            }
            commit(world, realm);
            crate::rulesets::pop::rules::military::start_free_war(world, realm, t);
            Some(false)
        }
        _ => None,
    }
}

/// An excommunicated Player Realm discards 4 influence from Catholic areas (stable-id order).
fn discard_catholic_influence(world: &mut World, realm: Entity) {
    // A Revolutionary token makes an area Revolutionary, not Catholic.
    let removed = crate::rulesets::pop::rules::religion::discard_influence_of_faith(
        world,
        realm,
        |f| f.is_some_and(Religion::catholic),
        EXCOMMUNICATION_INFLUENCE,
    );
    if removed > 0 {
        let name = key_of(world, realm);
        write(
            world,
            Note::new(
                ids::CURIA_EXCOMMUNICATE,
                format!("{name} discards {removed} influence from Catholic areas"),
            )
            .realm(name)
            .amount(-removed),
        );
    }
}
