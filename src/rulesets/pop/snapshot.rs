//! A serializable picture of the whole game state and its hash.
//!
//! The state hash is the BLAKE3 digest of the snapshot's JSON. Entities appear in stable-id
//! order and are named by content or stable id, so the same scenario, seed and actions give the
//! same hash on every run and machine. See `docs/state_hash.md`.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::flow::StepProgress;
use crate::engine::id::Id;
use crate::engine::log::GameLog;
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{ActionHistory, Decision, Pending};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::actions::ActionPhase;
use crate::rulesets::pop::rules::cards::{ActionDecks, Hand, card_id};
use crate::rulesets::pop::rules::characters::DeadRulers;
use crate::rulesets::pop::rules::effects::EffectQueue;
use crate::rulesets::pop::rules::events::{
    EventDisplay, EventInProgress, EventStage, Leftover, PendingRulerOffer,
};
use crate::rulesets::pop::rules::income::IncomeBreakdown;
use crate::rulesets::pop::rules::monarch_power::skill_level;
use crate::rulesets::pop::rules::rebels::{EventRebelDice, PendingLiberation, RebelRoll};
use crate::rulesets::pop::rules::scoring::{Outcome, tax_income};
use crate::rulesets::pop::rules::towns::{Tracks, tracks};
use crate::rulesets::pop::state::{Content, FirstPlayer, key_of};

/// Version of the snapshot layout; bump it when fields change meaning.
pub const SNAPSHOT_FORMAT: u32 = 1;

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct RealmState {
    pub id: Id,
    pub player: bool,
    pub seat: Option<u8>,
    /// The State Religion (it changes by action, peace term or government form).
    pub religion: Option<crate::rulesets::pop::content::schema::Religion>,
    pub mat: Option<Mat>,
    pub round: Option<RoundMarkers>,
    pub interregnum: bool,
    pub ruler: Option<Id>,
    pub advisors: Vec<Id>,
    pub tax_income: i32,
    pub provinces: usize,
    /// Total skill level per type (ruler or regency + advisor): the MP income of Phase 4 D.
    pub skill_levels: [i32; 3],
    /// Town and vassal tracks: tokens placed, slots covered, income and manpower shown.
    pub tracks: Tracks,
    /// The last Phase 4 step B, line by line.
    pub income: Option<IncomeBreakdown>,
    /// Action cards in hand and drawn this Round, by card id.
    pub hand: Vec<Id>,
    pub drawn: Vec<Id>,
    /// Ideas researched, by id, in order.
    pub ideas: Vec<Id>,
    /// Missions in hand and completed, by id; those put back and picked in this Phase 1 D.
    pub missions: Vec<Id>,
    pub missions_done: Vec<Id>,
    pub missions_returned: Vec<Id>,
    pub missions_picked: Vec<Id>,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ProvinceState {
    pub id: Id,
    pub owner: Option<Id>,
    pub controller: Option<Id>,
    pub rebel_town: bool,
    pub npr_marker: Option<Id>,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct TokenState {
    pub sid: u32,
    pub kind: &'static str,
    pub realm: Id,
    pub province: Id,
    pub unrest: bool,
}

#[derive(Serialize, Clone, Debug)]
pub struct UnitState {
    pub sid: u32,
    pub unit: Unit,
    pub realm: Option<Id>,
    pub at: Option<Id>,
    /// A Light Ship on a Trade Protection slot of the sea zone it is in.
    pub protecting: bool,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct CharacterState {
    pub id: Id,
    pub serves: Option<Id>,
    pub role: Option<Role>,
    pub ill_health: u8,
    /// The area or sea zone a general, admiral or Ruler General commands at.
    pub commands: Option<Id>,
    /// Dead for good (a historical ruler who died); absent while alive.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dead: bool,
}

/// The rules' bookkeeping inside a step, with entities named by content or stable id.
#[derive(Serialize, Clone, Debug)]
pub struct RulesProgress {
    pub step: StepProgress,
    pub action_phase: String,
    pub event_in_progress: Option<(Id, usize)>,
    pub event_stage: String,
    pub leftover: String,
    /// The realm offered the rulers on an Event and those rulers ("a or b" where several).
    pub ruler_offer: Option<(Id, String)>,
    pub effects: Option<(Id, Vec<crate::rulesets::pop::content::schema::Effect>)>,
    pub rebel_roll: RebelRoll,
    pub event_rebel_dice: EventRebelDice,
    pub dead_rulers: Vec<Id>,
    /// A question waiting behind a Reaction (none, and not written, nearly always).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deferred: Option<crate::rulesets::pop::decision::Decision>,
    pub liberation: Option<(Id, Id)>,
    pub battles: crate::rulesets::pop::rules::battle::Battles,
    pub military: crate::rulesets::pop::rules::military::MilitaryAction,
    pub war: crate::rulesets::pop::rules::war::WarState,
    pub rebel_sieges: crate::rulesets::pop::rules::rebel_armies::RebelSiegeStrength,
    /// The areas Phase 3 C resolves, in order (empty, and not written, outside that step).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rebel_order: Vec<(u32, bool)>,
    /// Generic actions in progress (a deal, an exploration, ...) and once-per-Round marks.
    pub generic: String,
    /// A Spread of Religious Ideas whose tokens are being placed (none, and not written, nearly
    /// always).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faith_spread: Option<String>,
}

fn rules_progress(world: &World) -> RulesProgress {
    let key = |e: Entity| key_of(world, e);
    let queue = world.res::<EffectQueue>();
    RulesProgress {
        step: world.res::<StepProgress>().clone(),
        action_phase: world.res::<ActionPhase>().describe(world),
        event_in_progress: world.res::<EventInProgress>().0.map(|(r, c)| (key(r), c)),
        event_stage: format!("{:?}", world.res::<EventStage>()),
        leftover: format!("{:?}", world.res::<Leftover>()),
        ruler_offer: world.res::<PendingRulerOffer>().0.as_ref().map(|o| {
            (
                key(o.owner),
                crate::rulesets::pop::rules::events::either_of(world, &o.rulers),
            )
        }),
        effects: queue
            .realm
            .map(|r| (key(r), queue.items.iter().cloned().collect())),
        rebel_roll: world.res::<RebelRoll>().clone(),
        event_rebel_dice: world.res::<EventRebelDice>().clone(),
        dead_rulers: world
            .res::<DeadRulers>()
            .0
            .iter()
            .map(|e| key(*e))
            .collect(),
        deferred: world
            .res::<crate::rulesets::pop::rules::characters::DeferredQuestion>()
            .0
            .clone(),
        liberation: world
            .get_res::<PendingLiberation>()
            .map(|l| (key(l.loser), key(l.province))),
        battles: world
            .res::<crate::rulesets::pop::rules::battle::Battles>()
            .clone(),
        military: world
            .res::<crate::rulesets::pop::rules::military::MilitaryAction>()
            .clone(),
        war: world
            .res::<crate::rulesets::pop::rules::war::WarState>()
            .clone(),
        rebel_sieges: world
            .res::<crate::rulesets::pop::rules::rebel_armies::RebelSiegeStrength>()
            .clone(),
        rebel_order: world
            .res::<crate::rulesets::pop::rules::rebel_armies::RebelOrder>()
            .0
            .clone(),
        generic: world
            .res::<crate::rulesets::pop::rules::generic::Generic>()
            .describe(world),
        faith_spread: world
            .get_resource::<crate::rulesets::pop::rules::symbols::FaithSpread>()
            .map(|s| s.describe(world)),
    }
}

/// Everything that decides what happens next.
#[derive(Serialize, Clone, Debug)]
pub struct Snapshot {
    pub format: u32,
    pub scenario: String,
    pub seed: u64,
    /// Words drawn from the RNG so far (as text: JSON has no 128-bit numbers).
    pub rng_position: String,
    pub flow: Flow,
    pub pending: Option<Decision>,
    pub first_player: Option<Id>,
    pub realms: Vec<RealmState>,
    pub provinces: Vec<ProvinceState>,
    pub tokens: Vec<TokenState>,
    pub units: Vec<UnitState>,
    pub characters: Vec<CharacterState>,
    /// Claims, core tokens, influence, CBs, truces, alliances, marriages and wars, as text.
    pub markers: Vec<String>,
    /// Each area's faith as text (`id Religion`, `+Revolutionary` with a Revolutionary token on
    /// top): converted areas, spread faiths and the revolution change it.
    pub faiths: Vec<String>,
    pub events: EventDisplay,
    pub action_decks: ActionDecks,
    pub idea_grid: crate::rulesets::pop::rules::ideas::IdeaGrid,
    /// The Trade Deck, merchants, pirates, expanded nodes and a Trade action under way.
    pub trade: crate::rulesets::pop::rules::trade::TradeBoard,
    /// The Power Struggle deck (its top the Upcoming one), the Active ones and the discard.
    pub power_struggles: crate::rulesets::pop::rules::struggle::PowerStruggles,
    /// The Papal Curia track (regular slots, leftmost first), the Roma slot's holder, and the
    /// Excommunicated and Crusade tokens.
    pub curia: crate::rulesets::pop::rules::curia::Curia,
    /// The Holy Roman Empire: the Emperor, Imperial Authority, the areas that left, the areas
    /// wholly owned by outsiders and the Elector Areas counting.
    pub empire: crate::rulesets::pop::rules::empire::Empire,
    /// The Milestones on display (by id), who completed which, and the full bookkeeping.
    pub milestones_open: Vec<Id>,
    pub milestones_completed: Vec<(Id, Id)>,
    pub milestones: crate::rulesets::pop::rules::milestones::Milestones,
    /// Wars won, as (victor, loser) stable ids.
    pub victories: crate::rulesets::pop::rules::missions::Victories,
    /// Where the rules stand inside the current step: what a resumed step picks up from.
    pub progress: RulesProgress,
    pub actions_applied: usize,
    pub log_entries: usize,
    pub outcome: Option<Outcome>,
}

/// Entities with component `T` and that component, in stable-id order.
pub(crate) fn sorted<T: Component>(world: &World) -> Vec<(u32, Entity, &T)> {
    let Some(mut query) = world.try_query::<(Entity, &Sid)>() else {
        return Vec::new();
    };
    let mut items: Vec<(u32, Entity, &T)> = query
        .iter(world)
        .filter_map(|(e, sid)| world.read::<T>(e).map(|t| (sid.0, e, t)))
        .collect();
    items.sort_by_key(|(sid, _, _)| *sid);
    items
}

pub fn snapshot(world: &World) -> Snapshot {
    let key = |e: Entity| key_of(world, e);
    let mut realms = Vec::new();
    for (_, entity, _) in sorted::<Realm>(world) {
        let court: Vec<Entity> = world
            .read::<Court>(entity)
            .map(|c| c.iter().collect())
            .unwrap_or_default();
        let ruler = court
            .iter()
            .find(|c| {
                matches!(
                    world.read::<Role>(**c),
                    Some(Role::Ruler | Role::RulerGeneral)
                )
            })
            .map(|c| key(*c));
        let mut advisors: Vec<Id> = court
            .iter()
            .filter(|c| matches!(world.read::<Role>(**c), Some(Role::Advisor(_))))
            .map(|c| key(*c))
            .collect();
        advisors.sort();
        realms.push(RealmState {
            id: key(entity),
            player: world.read::<PlayerRealm>(entity).is_some(),
            seat: world.read::<PlayerRealm>(entity).map(|p| p.seat),
            religion: world.read::<Realm>(entity).map(|r| r.religion),
            mat: world.read::<Mat>(entity).cloned(),
            round: world.read::<RoundMarkers>(entity).cloned(),
            interregnum: world.read::<Interregnum>(entity).is_some(),
            ruler,
            advisors,
            tax_income: tax_income(world, entity),
            provinces: world.read::<Owns>(entity).map_or(0, |o| o.iter().count()),
            skill_levels: [MpKind::Adm, MpKind::Dip, MpKind::Mil]
                .map(|k| skill_level(world, entity, k)),
            tracks: tracks(world, entity),
            income: world.read::<IncomeBreakdown>(entity).cloned(),
            hand: world
                .read::<Hand>(entity)
                .map(|h| h.cards.iter().map(|c| card_id(world, *c)).collect())
                .unwrap_or_default(),
            ideas: crate::rulesets::pop::rules::ideas::ideas_of(world, entity),
            missions: mission_ids(world, |h| &h.held, entity),
            missions_done: mission_ids(world, |h| &h.done, entity),
            missions_returned: mission_ids(world, |h| &h.returned, entity),
            missions_picked: mission_ids(world, |h| &h.picked, entity),
            drawn: world
                .read::<Hand>(entity)
                .map(|h| h.drawn.iter().map(|c| card_id(world, *c)).collect())
                .unwrap_or_default(),
        });
    }
    let provinces = sorted::<Province>(world)
        .into_iter()
        .map(|(_, e, _)| ProvinceState {
            id: key(e),
            owner: world.read::<OwnedBy>(e).map(|o| key(o.0)),
            controller: world.read::<ControlledBy>(e).map(|o| key(o.0)),
            rebel_town: world.read::<RebelTown>(e).is_some(),
            npr_marker: world.read::<NprMarker>(e).map(|m| key(m.0)),
        })
        .collect();
    let tokens = sorted::<TokenOf>(world)
        .into_iter()
        .filter_map(|(sid, e, of)| world.read::<OnProvince>(e).map(|on| (sid, e, of, on)))
        .map(|(sid, e, of, on)| TokenState {
            sid,
            kind: match world.read::<Town>(e) {
                Some(Town { large: true }) => "large_town",
                Some(_) => "small_town",
                None => "vassal",
            },
            realm: key(of.0),
            province: key(on.0),
            unrest: world.read::<Unrest>(e).is_some(),
        })
        .collect();
    let units = sorted::<Unit>(world)
        .into_iter()
        .map(|(sid, e, unit)| UnitState {
            sid,
            unit: *unit,
            realm: world.read::<UnitOf>(e).map(|u| key(u.0)),
            at: world.read::<At>(e).map(|a| key(a.0)),
            protecting: crate::rulesets::pop::rules::trade::protects(world, e),
        })
        .collect();
    let characters = sorted::<Character>(world)
        .into_iter()
        .map(|(_, e, _)| CharacterState {
            id: key(e),
            serves: world.read::<Serves>(e).map(|s| key(s.0)),
            role: world.read::<Role>(e).copied(),
            ill_health: world.read::<IllHealth>(e).map_or(0, |i| i.0),
            commands: world.read::<InCommand>(e).map(|c| key(c.0)),
            dead: world.read::<crate::rulesets::pop::model::Dead>(e).is_some(),
        })
        .collect();
    let mut markers = Vec::new();
    for (sid, _, c) in sorted::<Claim>(world) {
        markers.push(format!("#{sid} claim {} {}", key(c.realm), key(c.area)));
    }
    for (sid, _, c) in sorted::<CoreToken>(world) {
        markers.push(format!("#{sid} core {} {}", key(c.realm), key(c.area)));
    }
    for (sid, _, i) in sorted::<Influence>(world) {
        markers.push(format!(
            "#{sid} influence {} {} {}",
            key(i.realm),
            key(i.area),
            i.count
        ));
    }
    for (sid, _, c) in sorted::<CasusBelli>(world) {
        markers.push(format!("#{sid} cb {} {}", key(c.holder), key(c.target)));
    }
    for (sid, _, t) in sorted::<Truce>(world) {
        markers.push(format!("#{sid} truce {} {}", key(t.a), key(t.b)));
    }
    for (sid, _, a) in sorted::<Alliance>(world) {
        markers.push(format!("#{sid} alliance {} {}", key(a.a), key(a.b)));
    }
    for (sid, _, m) in sorted::<Marriage>(world) {
        let side = if m.disputed() { "disputed" } else { "marriage" };
        let on: String = [(m.disputed_a, m.a), (m.disputed_b, m.b)]
            .iter()
            .filter(|(d, _)| *d)
            .map(|(_, r)| format!(" on {}", key(*r)))
            .collect();
        markers.push(format!("#{sid} {side} {} {}{on}", key(m.a), key(m.b)));
    }
    for (sid, _, w) in sorted::<War>(world) {
        markers.push(format!(
            "#{sid} war {} {}",
            key(w.attacker),
            key(w.defender)
        ));
    }
    let faiths = sorted::<Area>(world)
        .into_iter()
        .map(|(_, e, a)| {
            let top = if a.revolution { " +Revolutionary" } else { "" };
            format!("{} {:?}{top}", key(e), a.religion)
        })
        .collect();
    let rng = world.res::<GameRng>();
    let milestones = world.res::<crate::rulesets::pop::rules::milestones::Milestones>();
    let content = &world.res::<Content>().0;
    Snapshot {
        format: SNAPSHOT_FORMAT,
        scenario: world.res::<Content>().0.id.clone(),
        seed: rng.seed(),
        rng_position: rng.position().to_string(),
        flow: world.res::<Flow>().clone(),
        pending: world.res::<Pending>().0.clone(),
        first_player: world.get_res::<FirstPlayer>().map(|f| key(f.0)),
        realms,
        provinces,
        tokens,
        units,
        characters,
        markers,
        faiths,
        events: world.res::<EventDisplay>().clone(),
        action_decks: world.res::<ActionDecks>().clone(),
        idea_grid: world
            .res::<crate::rulesets::pop::rules::ideas::IdeaGrid>()
            .clone(),
        trade: world
            .res::<crate::rulesets::pop::rules::trade::TradeBoard>()
            .clone(),
        power_struggles: world
            .res::<crate::rulesets::pop::rules::struggle::PowerStruggles>()
            .clone(),
        curia: world
            .res::<crate::rulesets::pop::rules::curia::Curia>()
            .clone(),
        empire: world
            .res::<crate::rulesets::pop::rules::empire::Empire>()
            .clone(),
        milestones_open: milestones
            .open
            .iter()
            .map(|m| content.milestones[*m].id)
            .collect(),
        milestones_completed: milestones
            .completed
            .iter()
            .map(|(m, r)| {
                let realm = world
                    .res::<crate::rulesets::pop::state::Index>()
                    .by_sid(*r)
                    .map_or_else(|| Id::new(&format!("#{r}")), key);
                (content.milestones[*m].id, realm)
            })
            .collect(),
        milestones: milestones.clone(),
        victories: world
            .res::<crate::rulesets::pop::rules::missions::Victories>()
            .clone(),
        progress: rules_progress(world),
        actions_applied: world.res::<ActionHistory>().0.len(),
        log_entries: world.res::<GameLog>().entries.len(),
        outcome: world.get_res::<Outcome>().cloned(),
    }
}

/// A realm's Missions (held or done, as `pick` says), by id.
fn mission_ids(
    world: &World,
    pick: impl Fn(&crate::rulesets::pop::rules::missions::MissionHand) -> &Vec<usize>,
    realm: Entity,
) -> Vec<Id> {
    let content = &world.res::<Content>().0;
    world
        .read::<crate::rulesets::pop::rules::missions::MissionHand>(realm)
        .map(|h| pick(h).iter().map(|m| content.missions[*m].id).collect())
        .unwrap_or_default()
}
