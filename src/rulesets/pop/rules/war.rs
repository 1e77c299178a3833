//! War and peace (FACTS section 5): declaring war with its Casus Belli and stability costs,
//! Calls to Arms, Non-Player Realm invasions (Phase 3 step B), peace resolution with its terms
//! and truces (Phase 3 step D).

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::step_progress;
use crate::engine::log::{Note, write};
use crate::engine::query_cache::with_query;
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{
    Action, DecisionKind, Illegal, LevyKind, PeaceTerm, Pending, ask, take_answer,
};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::battle::{self, BattleSpec, Party};
use crate::rulesets::pop::rules::economy::{
    change_mp, change_prestige, change_stability, gain_ducats, pay_mandatory,
};
use crate::rulesets::pop::rules::effects::{Progress, add_unrest};
use crate::rulesets::pop::rules::generic::add_influence;
use crate::rulesets::pop::rules::military::{
    Ground, controller, ground, has_own_units_at, hostile_units_at, own_units_at, raise_units,
    turn_rebel, units_at,
};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::towns::{core_owners, place_town, remove_tokens};
use crate::rulesets::pop::state::{Index, key_of, sid_of, sort_dedup_by_sid, spawn_sim};

pub struct WarPlugin;

impl Plugin for WarPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<WarState>();
    }
}

/// Ransom for a capital given back under "keep the current board state".
pub const CAPITAL_RANSOM: i32 = 10;

/// A Call to Arms waiting for its answer.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Call {
    pub ally: u32,
    pub caller: u32,
    pub enemy: u32,
    pub defensive: bool,
    /// Defending the HRE (18.4): the Emperor called by an Imperial Subject, no ally.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub imperial: bool,
}

/// A peace question asked in Phase 3 step D.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PeaceQuestion {
    pub war: u32,
    pub winner: u32,
    pub loser: u32,
    pub total: bool,
    pub surrendered: bool,
    /// True while the loser is asked whether to surrender; false while the winner picks terms.
    pub surrender_asked: bool,
}

/// A realm that may call its allies to arms (5.5b step 3 a and d, and after answering a
/// Non-Player Realm's defensive call).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Sender {
    pub caller: u32,
    pub enemy: u32,
    pub defensive: bool,
    /// Only Non-Player Realm allies may be called: the caller answered an NPR ally's call.
    pub npr_only: bool,
}

/// One step of the Calls to Arms after a declaration, taken in order.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub enum CallStep {
    /// A realm chooses which allies to call.
    Send(Sender),
    /// A Player Realm answers a call.
    Answer(Call),
    /// A Player Realm that answered a Non-Player Realm's call decides whether to make that ally
    /// Active (11.3 Accepting a CtA, step 4); `call.ally` is the Player Realm, `call.caller`
    /// the Non-Player Realm.
    Activate(Call),
    /// A Player Realm Imperial Subject pays its part when the Emperor Defends the HRE (18.3).
    Levy(Levy),
    /// A Player Realm Emperor with its capital in the Empire, attacked directly from outside,
    /// decides whether to take up Defending the HRE (18.4); `subject` is the Emperor here.
    DefendItself(Levy),
}

/// An Imperial Subject's part in Defending the HRE (18.3): `subject` chooses one of the four
/// ways to pay; `aggressor` is the realm outside the Empire the Emperor fights.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Levy {
    pub subject: u32,
    pub aggressor: u32,
}

/// Most manpower a subject exhausts, and most ducats it loses, for the Emperor's defence
/// (18.3: 2 manpower, at most half its total; 6 ducats, at most half its tax income).
pub const LEVY_MANPOWER: i32 = 2;
pub const LEVY_DUCATS: i32 = 6;

#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct WarState {
    /// Calls to Arms still to send or answer, first first.
    pub calls: Vec<CallStep>,
    /// The call a Player Realm is answering.
    pub asked: Option<Call>,
    /// The realm choosing whom to call.
    pub sending: Option<Sender>,
    /// The Player Realm deciding whether to make the Non-Player Realm that called it Active.
    pub activating: Option<Call>,
    /// Non-Player Realms fighting as Active Allies.
    pub active_allies: Vec<u32>,
    /// The allied units each Active Ally lent when it was activated (half the tax value of its
    /// pre-war provinces, at most 5): what a split takes back.
    pub lent: Vec<(u32, i32)>,
    /// Wars settled (or left to go on) in this Phase 3 step D.
    pub peace_done: Vec<u32>,
    /// Wars of a Player Realm with an Imperial Subject set aside in this Phase 3 step D until
    /// the Player Realm's peace with the defending Emperor (18.4).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waiting_for_emperor: Vec<u32>,
    pub peace_asked: Option<PeaceQuestion>,
    /// Non-Player Realms that invaded this Round.
    pub invaded: Vec<u32>,
    /// The Imperial Subject choosing how to pay for the Emperor's defence (18.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levying: Option<Levy>,
    /// The Emperor deciding whether to Defend the HRE against a direct attack (18.4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defending_itself: Option<Levy>,
}

pub fn active_allies(world: &World) -> Vec<u32> {
    world.res::<WarState>().active_allies.clone()
}

/// The allied units an Active Ally lent at its activation (11.3: a split takes back half the
/// tax value of its pre-war provinces); 0 for a realm that is no Active Ally.
pub fn lent_at_activation(world: &World, npr: Entity) -> i32 {
    let sid = sid_of(world, npr);
    world
        .res::<WarState>()
        .lent
        .iter()
        .find(|(s, _)| *s == sid)
        .map_or(0, |(_, n)| *n)
}

/// The Non-Player Realm is an Active Ally no longer.
pub fn deactivate(world: &mut World, npr: Entity) {
    let sid = sid_of(world, npr);
    let mut state = world.res_mut::<WarState>();
    state.active_allies.retain(|s| *s != sid);
    state.lent.retain(|(s, _)| *s != sid);
}

fn entity(world: &World, sid: u32) -> Option<Entity> {
    world.res::<Index>().by_sid(sid)
}

fn is_player(world: &World, realm: Entity) -> bool {
    world.read::<PlayerRealm>(realm).is_some()
}

/// Tax value of a realm: its towns for a Player Realm, its provinces for a Non-Player Realm.
pub fn realm_tax_value(world: &World, realm: Entity) -> i32 {
    if is_player(world, realm) {
        return crate::rulesets::pop::rules::scoring::tax_income(world, realm);
    }
    crate::rulesets::pop::rules::generic::province_tax(world, realm)
}

/// The Casus Belli `realm` holds against `target`, if any, in words. The Holy War CB comes
/// first: a realm holding it is Committed to Crusade when it declares (19.3, house rule), so it
/// is the CB used.
pub fn casus_belli(world: &World, realm: Entity, target: Entity) -> Option<&'static str> {
    if crate::rulesets::pop::rules::curia::holy_war_cb(world, realm, target) {
        return Some("a Holy War (Crusade)");
    }
    let token = with_query::<&CasusBelli, (), _>(world, |mut q| {
        q.any(|c| c.holder == realm && c.target == target)
    })
    .unwrap_or(false);
    if token {
        return Some("a CB token");
    }
    let target_areas = owned_areas(world, target);
    let claim = with_query::<&Claim, (), _>(world, |mut q| {
        q.any(|c| c.realm == realm && target_areas.contains(&c.area))
    })
    .unwrap_or(false);
    if claim {
        return Some("a claim on its land");
    }
    let core_token = with_query::<&CoreToken, (), _>(world, |mut q| {
        q.any(|c| c.realm == realm && target_areas.contains(&c.area))
    })
    .unwrap_or(false);
    if core_token {
        return Some("a core token on its land");
    }
    let disputed = with_query::<&Marriage, (), _>(world, |mut q| q.any(|m| m.disputed_on(target)))
        .unwrap_or(false);
    if disputed {
        return Some("its Disputed Succession");
    }
    if crate::rulesets::pop::rules::curia::excommunication_cb(world, realm, target) {
        return Some("its ruler's Excommunication");
    }
    if crate::rulesets::pop::rules::empire::imperial_liberation_cb(world, realm, target) {
        return Some(crate::rulesets::pop::rules::empire::IMPERIAL_LIBERATION);
    }
    None
}

/// Stability lost for declaring war without a Casus Belli, and on a realm one is married to
/// (FACTS section 5, step 2).
pub const NO_CB_STABILITY: i32 = 2;
pub const MARRIED_STABILITY: i32 = 1;

/// Whether `realm` and `target` are joined by a royal marriage.
pub fn married(world: &World, realm: Entity, target: Entity) -> bool {
    crate::engine::query_cache::with_query::<&Marriage, (), _>(world, |mut q| {
        q.any(|m| m.between(realm, target))
    })
    .unwrap_or(false)
}

/// The stability a declaration of war on `target` costs `realm` (step 2): 2 without a Casus
/// Belli, 1 more when married to it.
pub fn declaration_stability(world: &World, realm: Entity, target: Entity) -> i32 {
    let no_cb = if casus_belli(world, realm, target).is_none() {
        NO_CB_STABILITY
    } else {
        0
    };
    no_cb
        + if married(world, realm, target) {
            MARRIED_STABILITY
        } else {
            0
        }
}

/// The influence cubes a declaration of war on `target` takes off the board (step 5: all the
/// attacker's influence in the target's areas; 18.5: first three of an Emperor declaring on a
/// member without a Casus Belli, where it has the most).
pub fn declaration_influence(world: &World, realm: Entity, target: Entity) -> i32 {
    let has_cb = casus_belli(world, realm, target).is_some();
    let internal =
        crate::rulesets::pop::rules::empire::internal_war_influence(world, realm, target, has_cb);
    let in_target_areas: usize = owned_areas(world, target)
        .into_iter()
        .map(|area| {
            let taken_first = internal.iter().filter(|a| **a == area).count();
            usize::from(influence_counted(world, realm, area)).saturating_sub(taken_first)
        })
        .sum();
    (internal.len() + in_target_areas) as i32
}

/// Declares war (FACTS section 5, steps 1-5; the battles of step 6 are queued; step 7 is the
/// free activation `military::continue_action` offers).
pub fn declare_war(world: &mut World, realm: Entity, target: Entity) {
    declare_war_paying(world, realm, target, true);
}

/// `declare_war`, paying its 1 mil or not (the free declaration of a Crusade, 19.3).
pub fn declare_war_paying(world: &mut World, realm: Entity, target: Entity, pay: bool) {
    declare_on(world, realm, target, pay);
    // Units already in place become hostile: battles follow, naval first.
    queue_battles_after_declaration(world, realm);
}

/// A declaration's steps 1-5 against one target (war token, stability, Calls to Arms queued,
/// the defender's mil, influence removed), paying the action's 1 mil or not: a declaration
/// naming several realms (EUP-W 5.5b) pays with its first and queues its battles once, after
/// the last (`queue_battles_after_declaration`).
pub fn declare_on(world: &mut World, realm: Entity, target: Entity, pay: bool) {
    let name = key_of(world, realm);
    let tname = key_of(world, target);
    if pay {
        change_mp(
            world,
            realm,
            MpKind::Mil,
            -crate::rulesets::pop::rules::military::ACTIVATION_MIL,
            ids::WAR_DECLARE,
        );
    }
    let cb = casus_belli(world, realm, target);
    crate::rulesets::pop::rules::curia::note_declaration(world, realm, target);
    crate::rulesets::pop::rules::empire::note_declaration(world, realm, target, cb);
    let emperor_called = crate::rulesets::pop::rules::empire::defend_call(world, realm, target);
    write(
        world,
        Note::new(
            ids::WAR_DECLARE,
            format!(
                "{name} declares war on {tname}{}",
                cb.map_or(" without a Casus Belli".to_string(), |c| format!(" ({c})"))
            ),
        )
        .realm(name),
    );
    if world.read::<Interregnum>(realm).is_some() {
        write(
            world,
            Note::new(
                ids::INTERREGNUM_RESTRICTIONS,
                format!("{name} is in Interregnum: only its Disputed Succession allows this war"),
            )
            .realm(name),
        );
    }
    if cb.is_none() {
        change_stability(world, realm, -NO_CB_STABILITY, ids::WAR_DECLARE);
    }
    if married(world, realm, target) {
        change_stability(world, realm, -MARRIED_STABILITY, ids::WAR_DECLARE);
    }
    spawn_sim(
        world,
        None,
        War {
            attacker: realm,
            defender: target,
        },
    );
    // Calls to Arms in the book's order: the attacker may call its allies (a); a targeted
    // Non-Player Realm calls its Player Realm allies at once (c); a targeted Player Realm may
    // call its allies (d).
    let (attacker, defender) = (sid_of(world, realm), sid_of(world, target));
    let mut calls = vec![CallStep::Send(Sender {
        caller: attacker,
        enemy: defender,
        defensive: false,
        npr_only: false,
    })];
    // Defending the HRE (18.4): a Player Realm Emperor is called next, once for a declaration
    // naming several members of the Empire (step 3b is one call).
    let already_called = |world: &World, emp: Entity| {
        let emp = sid_of(world, emp);
        world.res::<WarState>().calls.iter().any(|c| {
            matches!(c, CallStep::Answer(call) if call.imperial && call.ally == emp && call.enemy == attacker)
        })
    };
    if let Some(emp) = emperor_called.filter(|e| !already_called(world, *e)) {
        calls.push(CallStep::Answer(Call {
            ally: sid_of(world, emp),
            caller: defender,
            enemy: attacker,
            defensive: true,
            imperial: true,
        }));
    }
    // An Emperor attacked directly may take up the Empire's defence itself (18.4).
    if crate::rulesets::pop::rules::empire::may_defend_itself(world, realm, target) {
        calls.push(CallStep::DefendItself(Levy {
            subject: defender,
            aggressor: attacker,
        }));
    }
    if is_player(world, target) {
        calls.push(CallStep::Send(Sender {
            caller: defender,
            enemy: attacker,
            defensive: true,
            npr_only: false,
        }));
    } else {
        for ally in partners::<Alliance>(world, target) {
            // An Emperor called to Defend the HRE answers that call only (18.4: refusing it
            // costs 1 authority instead of the usual penalties).
            if ally != realm
                && Some(ally) != emperor_called
                && is_player(world, ally)
                && !at_war_between(world, ally, realm)
            {
                calls.push(CallStep::Answer(Call {
                    ally: sid_of(world, ally),
                    caller: defender,
                    enemy: attacker,
                    defensive: true,
                    imperial: false,
                }));
            }
        }
    }
    world.res_mut::<WarState>().calls.extend(calls);
    if is_player(world, target) {
        change_mp(world, target, MpKind::Mil, 1, ids::WAR_DECLARE);
    }
    // The attacker's influence in the target's areas is removed, an Emperor's Imperial
    // Influence there too (18.2: it works as the Emperor's influence; it comes back in Phase 5 B).
    for area in owned_areas(world, target) {
        let own = influence_in(world, realm, area);
        if own > 0 {
            add_influence(world, realm, area, -i32::from(own));
        }
        let imperial = if crate::rulesets::pop::rules::empire::is_emperor(world, realm) {
            crate::rulesets::pop::rules::empire::return_imperial_influence(world, area)
        } else {
            0
        };
        let count = own + imperial;
        if count > 0 {
            write(
                world,
                Note::new(
                    ids::WAR_DECLARE,
                    format!(
                        "{name} loses its {count} influence in {}",
                        key_of(world, area)
                    ),
                )
                .realm(name),
            );
        }
    }
}

/// The Calls to Arms of a declaration naming several realms, in step 3's order across all of
/// them (EUP-W 5.5b): the aggressor's offensive calls, then the Emperor's defence of the HRE,
/// then the targeted Non-Player Realms' automatic calls, then the targeted Player Realms'
/// defensive calls; within each, in the order the targets were named.
pub fn order_declaration_calls(world: &mut World) {
    let rank = |step: &CallStep| match step {
        CallStep::Send(s) if !s.defensive => 0,
        CallStep::Answer(c) if c.imperial => 1,
        CallStep::DefendItself(_) => 1,
        CallStep::Answer(_) => 2,
        CallStep::Send(_) => 3,
        CallStep::Activate(_) | CallStep::Levy(_) => 4,
    };
    world.res_mut::<WarState>().calls.sort_by_key(rank);
}

/// Units already in place become hostile: battles follow, naval first.
pub fn queue_battles_after_declaration(world: &mut World, realm: Entity) {
    for land in [false, true] {
        for place in crate::rulesets::pop::rules::military::army_places(world, realm, land)
            .iter()
            .copied()
        {
            crate::rulesets::pop::rules::military::start_battles_at(
                world, realm, place, None, false, land,
            );
        }
    }
}

/// Influence cubes a call to a Non-Player Realm ally spends from its areas: 2 when attacking,
/// 1 when defending, one fewer with a Royal Marriage to it (11.2).
pub fn call_cost(world: &World, caller: Entity, npr: Entity, defensive: bool) -> u8 {
    let base: u8 = if defensive { 1 } else { 2 };
    base.saturating_sub(u8::from(married(world, caller, npr)))
}

/// A Distant Realm: one whose land lies on the Distant Continents only (every area where it
/// owns a province is distant).
pub fn distant_realm(world: &World, realm: Entity) -> bool {
    let areas = owned_areas(world, realm);
    !areas.is_empty()
        && areas
            .iter()
            .all(|a| world.read::<Area>(*a).is_some_and(|x| x.distant))
}

/// What a call to a Non-Player Realm ally spends: influence cubes from its areas, or, for a
/// Distant Realm, colonists from the caller's pool instead (11.1 Influence on Distant
/// Continents, 11.3 Alliances with Distant NPRs), `call_cost` of them either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallPayment {
    Influence(u8),
    Colonists(u8),
}

/// What a call from `caller` to its Non-Player Realm ally `npr` spends.
pub fn call_payment(world: &World, caller: Entity, npr: Entity, defensive: bool) -> CallPayment {
    let cost = call_cost(world, caller, npr, defensive);
    if distant_realm(world, npr) {
        CallPayment::Colonists(cost)
    } else {
        CallPayment::Influence(cost)
    }
}

/// What calling `ally` into the war of the realm now choosing its calls costs: nothing for a
/// Player Realm ally, `call_payment` for a Non-Player Realm.
pub fn pending_call_cost(world: &World, ally: Entity) -> Option<CallPayment> {
    let sender = world.res::<WarState>().sending.clone()?;
    let caller = entity(world, sender.caller)?;
    (!is_player(world, ally)).then(|| call_payment(world, caller, ally, sender.defensive))
}

/// Prestige a Player Realm loses for refusing a defensive Call to Arms, with up to
/// `REFUSAL_INFLUENCE` influence in the caller's areas.
pub const REFUSAL_PRESTIGE: i32 = 2;
pub const REFUSAL_INFLUENCE: u8 = 5;

/// Whether refusing this call costs the ally prestige and influence: only a defensive call, and
/// not when the ally has passed or fights a war already.
pub fn refusal_is_penalised(world: &World, call: &Call) -> bool {
    let Some(ally) = entity(world, call.ally) else {
        return false;
    };
    let excused = world.read::<RoundMarkers>(ally).is_some_and(|m| m.passed) || at_war(world, ally);
    // An Emperor refusing the Empire's call loses 1 authority instead (18.4).
    call.defensive && !call.imperial && !excused
}

/// Why `ally` cannot be called to arms by this sender, if it cannot (5.2 Call to Arms, 11.3).
pub fn call_problem(world: &World, sender: &Sender, ally: Entity) -> Option<Illegal> {
    let no = |text: String| Some(Illegal::new(ids::WAR_CALL_TO_ARMS, text));
    let (Some(caller), Some(enemy)) = (entity(world, sender.caller), entity(world, sender.enemy))
    else {
        return no("no war to call allies into".into());
    };
    let name = key_of(world, ally);
    if ally == enemy || !allied(world, caller, ally) {
        return no(format!("{name} is not your ally in this war"));
    }
    if at_war_between(world, ally, enemy) {
        return no(format!("{name} is already at war with them"));
    }
    if is_player(world, ally) {
        if sender.npr_only {
            return no("after answering a Non-Player Realm's call you may call only Non-Player Realm allies".into());
        }
        if !sender.defensive && allied(world, ally, enemy) {
            return no(format!(
                "{name} is allied to both sides: only the defender may call it"
            ));
        }
        let queued = world.res::<WarState>().calls.iter().any(|step| {
            matches!(step, CallStep::Answer(c) if c.ally == sid_of(world, ally) && c.enemy == sender.enemy)
        });
        if queued {
            return no(format!("{name} has been called already"));
        }
        return None;
    }
    if !enemies_of(world, ally).is_empty() {
        return no(format!(
            "{name} is at war: a Non-Player Realm ally must be at peace to be called"
        ));
    }
    if !realms_adjacent(world, ally, caller) && !realms_adjacent(world, ally, enemy) {
        return no(format!(
            "{name} borders neither your realm nor the new enemy"
        ));
    }
    match call_payment(world, caller, ally, sender.defensive) {
        CallPayment::Influence(cost) => {
            let have: u8 = owned_areas(world, ally)
                .iter()
                .map(|a| influence_in(world, caller, *a))
                .sum();
            if have < cost {
                return no(format!(
                    "calling {name} costs {cost} influence in its areas, you have {have}"
                ));
            }
        }
        CallPayment::Colonists(cost) => {
            let have = world.read::<Mat>(caller).map_or(0, |m| m.colonists);
            if have < cost {
                return no(format!(
                    "{name} is a distant realm: calling it costs {cost} colonists, you have {have}"
                ));
            }
        }
    }
    None
}

/// The allies the realm choosing its calls may call now.
pub fn send_candidates(world: &World) -> Vec<Action> {
    let Some(sender) = world.res::<WarState>().sending.clone() else {
        return Vec::new();
    };
    let mut out = callable_allies(world, &sender);
    out.push(Action::Decline);
    out
}

fn callable_allies(world: &World, sender: &Sender) -> Vec<Action> {
    let Some(caller) = entity(world, sender.caller) else {
        return Vec::new();
    };
    let mut allies = partners::<Alliance>(world, caller);
    allies.sort_by_key(|a| key_of(world, *a));
    // An Emperor called to Defend the HRE in this war is not called again as an ally.
    let imperial = sender
        .defensive
        .then(|| entity(world, sender.enemy))
        .flatten()
        .and_then(|enemy| crate::rulesets::pop::rules::empire::defend_call(world, enemy, caller));
    allies
        .into_iter()
        .filter(|a| Some(*a) != imperial)
        .filter(|a| call_problem(world, sender, *a).is_none())
        .map(|a| Action::CallToArms {
            ally: key_of(world, a),
        })
        .collect()
}

/// Allied units an Active Ally lends: half its tax value, at most 5. The book counts the
/// provinces of the Non-Player Realm and its vassals; a Non-Player Realm's vassals are not
/// realms of their own here (their provinces are the Non-Player Realm's), so they count already.
pub fn units_lent_by(world: &World, npr: Entity) -> i32 {
    (realm_tax_value(world, npr) / 2).clamp(0, 5)
}

/// The allied units a realm commands, by stable id.
pub fn allied_units(world: &World, realm: Entity) -> Vec<Entity> {
    crate::rulesets::pop::rules::military::units_of(world, realm)
        .into_iter()
        .filter(|u| {
            world
                .read::<Unit>(*u)
                .is_some_and(|x| x.status == UnitStatus::Allied)
        })
        .collect()
}

/// Whether `action` answers the pending choice of calls.
pub fn check_send(world: &World, action: &Action) -> Result<(), Illegal> {
    let Some(sender) = world.res::<WarState>().sending.clone() else {
        return Err(Illegal::new(
            ids::WAR_CALL_TO_ARMS,
            "no war to call allies into",
        ));
    };
    match action {
        Action::Decline => Ok(()),
        Action::CallToArms { ally } => {
            let Some(a) = world.res::<Index>().get(ally) else {
                return Err(Illegal::new(
                    ids::WAR_CALL_TO_ARMS,
                    format!("no realm {ally}"),
                ));
            };
            call_problem(world, &sender, a).map_or(Ok(()), Err)
        }
        _ => Err(Illegal::new(
            ids::WAR_CALL_TO_ARMS,
            "call an ally to arms, or stop calling",
        )),
    }
}

/// Sends one Call to Arms chosen by the realm whose calls are pending, or stops its calls.
pub fn answer_send(world: &mut World, action: &Action) {
    let Some(sender) = world.res_mut::<WarState>().sending.take() else {
        return;
    };
    let Action::CallToArms { ally } = action else {
        return;
    };
    let (Some(caller), Some(enemy), Some(ally)) = (
        entity(world, sender.caller),
        entity(world, sender.enemy),
        world.res::<Index>().get(ally),
    ) else {
        return;
    };
    // The caller may go on calling once this call is settled.
    let mut next = vec![CallStep::Send(sender.clone())];
    if is_player(world, ally) {
        let (a, c, e) = (
            key_of(world, ally),
            key_of(world, caller),
            key_of(world, enemy),
        );
        write(
            world,
            Note::new(
                ids::WAR_CALL_TO_ARMS,
                format!("{c} calls its ally {a} to arms against {e}"),
            )
            .realm(c),
        );
        next.insert(
            0,
            CallStep::Answer(Call {
                ally: sid_of(world, ally),
                caller: sender.caller,
                enemy: sender.enemy,
                defensive: sender.defensive,
                imperial: false,
            }),
        );
    } else {
        call_npr_ally(world, caller, ally, enemy, sender.defensive);
    }
    let mut state = world.res_mut::<WarState>();
    for step in next.into_iter().rev() {
        state.calls.insert(0, step);
    }
}

/// A Non-Player Realm ally joins: the caller spends the influence in its areas (colonists for
/// a Distant Realm), it becomes an Active Ally at war with the enemy, lends allied infantry
/// (half its tax value, at most 5) at the caller's capital, and the caller gains 1 mil if it
/// borders the new enemy.
fn call_npr_ally(world: &mut World, caller: Entity, npr: Entity, enemy: Entity, defensive: bool) {
    let paid = match call_payment(world, caller, npr, defensive) {
        CallPayment::Influence(influence) => {
            let mut left = influence;
            for a in owned_areas(world, npr) {
                let take = influence_in(world, caller, a).min(left);
                add_influence(world, caller, a, -i32::from(take));
                left -= take;
            }
            format!("{influence} influence")
        }
        CallPayment::Colonists(colonists) => {
            if let Some(mut m) = world.get_mut::<Mat>(caller) {
                m.colonists = m.colonists.saturating_sub(colonists);
            }
            format!(
                "{colonists} colonist{} from the pool",
                if colonists == 1 { "" } else { "s" }
            )
        }
    };
    let war = if defensive {
        War {
            attacker: enemy,
            defender: npr,
        }
    } else {
        War {
            attacker: npr,
            defender: enemy,
        }
    };
    spawn_sim(world, None, war);
    let lent = activate(world, caller, npr);
    let (c, n, e) = (
        key_of(world, caller),
        key_of(world, npr),
        key_of(world, enemy),
    );
    write(
        world,
        Note::new(
            ids::WAR_CALL_TO_ARMS,
            format!(
                "{c} calls its ally {n} to arms against {e} ({paid}): {lent} allied infantry join"
            ),
        )
        .realm(c)
        .amount(lent),
    );
    if realms_adjacent(world, npr, enemy) {
        change_mp(world, caller, MpKind::Mil, 1, ids::WAR_CALL_TO_ARMS);
    }
}

/// Makes a Non-Player Realm the Active Ally of a Player Realm (11.3 Active Allies): it lends
/// allied infantry (half its tax value, at most 5; HR: at the Player Realm's capital rather than
/// in its manpower reserve), recorded for a later split. Returns the units lent.
fn activate(world: &mut World, pr: Entity, npr: Entity) -> i32 {
    let sid = sid_of(world, npr);
    let lent = units_lent_by(world, npr);
    {
        let mut state = world.res_mut::<WarState>();
        state.active_allies.push(sid);
        state.lent.push((sid, lent));
    }
    if let Some(area) = capital_area(world, pr) {
        raise_units(
            world,
            Some(pr),
            area,
            UnitKind::Infantry,
            UnitStatus::Allied,
            lent as usize,
        );
    }
    lent
}

/// Carries the Calls to Arms on: asks the next realm to choose its calls, or the next Player
/// Realm ally to answer.
pub fn continue_calls(world: &mut World) -> Progress {
    loop {
        {
            let state = world.res::<WarState>();
            if world.res::<Pending>().0.is_some()
                || state.asked.is_some()
                || state.sending.is_some()
                || state.activating.is_some()
                || state.levying.is_some()
                || state.defending_itself.is_some()
            {
                return Progress::Waiting;
            }
        }
        let Some(step) = world.res::<WarState>().calls.first().cloned() else {
            return Progress::Done;
        };
        world.res_mut::<WarState>().calls.remove(0);
        match step {
            CallStep::Send(sender) => {
                if callable_allies(world, &sender).is_empty() {
                    continue;
                }
                let (Some(caller), Some(enemy)) =
                    (entity(world, sender.caller), entity(world, sender.enemy))
                else {
                    continue;
                };
                let e = key_of(world, enemy);
                let defensive = sender.defensive;
                world.res_mut::<WarState>().sending = Some(sender);
                ask(
                    world,
                    key_of(world, caller),
                    DecisionKind::SendCalls {
                        enemy: e,
                        defensive,
                    },
                    format!(
                        "Call your allies to arms {} {e}: pick an ally, or stop",
                        if defensive {
                            "in defence against"
                        } else {
                            "against"
                        }
                    ),
                );
                return Progress::Waiting;
            }
            CallStep::Answer(call) => {
                if ask_call(world, call) {
                    return Progress::Waiting;
                }
            }
            CallStep::Activate(call) => {
                if ask_activation(world, call) {
                    return Progress::Waiting;
                }
            }
            CallStep::DefendItself(defence) => {
                let (Some(emp), Some(aggressor)) = (
                    entity(world, defence.subject),
                    entity(world, defence.aggressor),
                ) else {
                    continue;
                };
                if !at_war_between(world, emp, aggressor) {
                    continue;
                }
                let (s, a) = (key_of(world, emp), key_of(world, aggressor));
                world.res_mut::<WarState>().defending_itself = Some(defence);
                ask(
                    world,
                    s,
                    DecisionKind::DefendTheHre { aggressor: a },
                    format!(
                        "{a}, outside the Empire, attacks you, the Emperor: take up Defending the HRE (your Player Realm subjects pay their part; free military access in the Empire), or not"
                    ),
                );
                return Progress::Waiting;
            }
            CallStep::Levy(levy) => {
                let (Some(subject), Some(aggressor)) =
                    (entity(world, levy.subject), entity(world, levy.aggressor))
                else {
                    continue;
                };
                let (s, a) = (key_of(world, subject), key_of(world, aggressor));
                world.res_mut::<WarState>().levying = Some(levy);
                ask(
                    world,
                    s,
                    DecisionKind::ImperialLevy { aggressor: a },
                    format!(
                        "The Emperor Defends the HRE against {a}: as an Imperial Subject, exhaust 2 manpower, give up 6 ducats, lose 1 prestige, or place a casus belli on {a}"
                    ),
                );
                return Progress::Waiting;
            }
        }
    }
}

/// The Emperor takes up Defending the HRE against `aggressor` (18.4): the tag goes on, and every
/// Player Realm Imperial Subject pays its part (18.3), in seat order, before the calls go on.
fn defend_the_hre(world: &mut World, aggressor: u32) {
    crate::rulesets::pop::rules::empire::start_defending(world);
    crate::rulesets::pop::rules::empire::fill_imperial_manpower(world);
    let levies: Vec<CallStep> = crate::rulesets::pop::state::turn_order(world)
        .into_iter()
        .filter(|r| {
            crate::rulesets::pop::rules::empire::is_subject(world, *r) && is_player(world, *r)
        })
        .map(|r| {
            CallStep::Levy(Levy {
                subject: sid_of(world, r),
                aggressor,
            })
        })
        .collect();
    world.res_mut::<WarState>().calls.splice(0..0, levies);
}

/// The Emperor's answer on defending itself as the Empire (18.4).
pub fn answer_defend_itself(world: &mut World, action: &Action) {
    let Some(defence) = world.res_mut::<WarState>().defending_itself.take() else {
        return;
    };
    if *action != Action::Accept {
        return;
    }
    let (Some(emp), Some(aggressor)) = (
        entity(world, defence.subject),
        entity(world, defence.aggressor),
    ) else {
        return;
    };
    let (s, a) = (key_of(world, emp), key_of(world, aggressor));
    write(
        world,
        Note::new(
            ids::EMPIRE_DEFEND,
            format!("{s}, the Emperor, Defends the HRE against {a}'s attack on itself"),
        )
        .realm(s),
    );
    defend_the_hre(world, defence.aggressor);
}

/// What a subject may pay for the Emperor's defence: always all four ways (18.3).
pub fn levy_candidates() -> Vec<Action> {
    [
        LevyKind::Manpower,
        LevyKind::Ducats,
        LevyKind::Prestige,
        LevyKind::CasusBelli,
    ]
    .into_iter()
    .map(|levy| Action::PayLevy { levy })
    .collect()
}

/// The subject's choice: 2 manpower exhausted (at most half of its available manpower), 6
/// ducats lost (at most half its tax income), 1 prestige lost, or a Casus Belli on the
/// aggressor's capital (18.3).
pub fn answer_levy(world: &mut World, action: &Action) {
    let Some(levy) = world.res_mut::<WarState>().levying.take() else {
        return;
    };
    let (Some(subject), Some(aggressor), Action::PayLevy { levy: kind }) = (
        entity(world, levy.subject),
        entity(world, levy.aggressor),
        action,
    ) else {
        return;
    };
    let (s, a) = (key_of(world, subject), key_of(world, aggressor));
    let rule = ids::EMPIRE_DEFEND;
    let text = match kind {
        LevyKind::Manpower => {
            // At most half its total manpower (18.3), and never more than is available.
            let total = crate::rulesets::pop::rules::income::manpower_value(world, subject).total();
            let available = world.read::<Mat>(subject).map_or(0, |m| m.manpower);
            let n = LEVY_MANPOWER.min(total / 2).min(available).max(0);
            if let Some(mut m) = world.get_mut::<Mat>(subject) {
                m.manpower -= n;
                m.exhausted_manpower += n;
            }
            format!("{s} exhausts {n} manpower for the Emperor's defence against {a}")
        }
        LevyKind::Ducats => {
            let tax = crate::rulesets::pop::rules::scoring::tax_income(world, subject);
            let n = LEVY_DUCATS.min(tax / 2);
            if n > 0 {
                pay_mandatory(world, subject, n, rule);
            }
            format!("{s} gives up {n} ducats for the Emperor's defence against {a}")
        }
        LevyKind::Prestige => {
            change_prestige(world, subject, -1, rule);
            format!("{s} loses 1 prestige for the Emperor's defence against {a}")
        }
        LevyKind::CasusBelli => {
            spawn_sim(
                world,
                None,
                CasusBelli {
                    holder: subject,
                    target: aggressor,
                },
            );
            format!("{s} places a casus belli on {a}'s capital for the Emperor's defence")
        }
    };
    write(world, Note::new(rule, text).realm(s));
}

/// Asks a Player Realm that answered a Non-Player Realm ally's call whether to make it Active;
/// false when that no longer makes sense (the alliance ended, either left the war, or the ally
/// is Active already).
fn ask_activation(world: &mut World, call: Call) -> bool {
    let (Some(pr), Some(npr), Some(enemy)) = (
        entity(world, call.ally),
        entity(world, call.caller),
        entity(world, call.enemy),
    ) else {
        return false;
    };
    let active = world.res::<WarState>().active_allies.contains(&call.caller);
    if active
        || !allied(world, pr, npr)
        || !at_war_between(world, pr, enemy)
        || !at_war_between(world, npr, enemy)
    {
        return false;
    }
    let units = units_lent_by(world, npr);
    let (n, e) = (key_of(world, npr), key_of(world, enemy));
    world.res_mut::<WarState>().activating = Some(call);
    ask(
        world,
        key_of(world, pr),
        DecisionKind::ActivateAlly {
            ally: n,
            units: units.clamp(0, 5) as u8,
        },
        format!(
            "Make {n} an Active Ally against {e}: it lends you {units} allied infantry, defends \
             with half its military capacity and no longer invades on its own; or leave it a \
             plain ally"
        ),
    );
    true
}

/// The answer to "make the Non-Player Realm that called you an Active Ally?" (11.3 Accepting a
/// CtA, step 4; Active Allies): Accept activates it, Decline leaves it a plain ally at war.
pub fn answer_activation(world: &mut World, action: &Action) {
    let Some(call) = world.res_mut::<WarState>().activating.take() else {
        return;
    };
    let (Some(pr), Some(npr)) = (entity(world, call.ally), entity(world, call.caller)) else {
        return;
    };
    let (p, n) = (key_of(world, pr), key_of(world, npr));
    if *action == Action::Accept {
        let lent = activate(world, pr, npr);
        write(
            world,
            Note::new(
                ids::WAR_ACTIVE_ALLY,
                format!("{p} makes {n} an Active Ally: {lent} allied infantry join at its capital"),
            )
            .realm(p)
            .amount(lent),
        );
    } else {
        write(
            world,
            Note::new(
                ids::WAR_ACTIVE_ALLY,
                format!("{p} leaves {n} a plain ally: it fights with its full strength on its own"),
            )
            .realm(p),
        );
    }
}

/// Asks a Player Realm ally to answer a call; false when the call no longer stands.
fn ask_call(world: &mut World, call: Call) -> bool {
    let (Some(ally), Some(caller), Some(enemy)) = (
        entity(world, call.ally),
        entity(world, call.caller),
        entity(world, call.enemy),
    ) else {
        return false;
    };
    if (!call.imperial && !allied(world, ally, caller)) || at_war_between(world, ally, enemy) {
        return false;
    }
    let (c, e) = (key_of(world, caller), key_of(world, enemy));
    let defensive = call.defensive;
    if call.imperial {
        if at_war_between(world, ally, caller) {
            return false;
        }
        let a = key_of(world, ally);
        write(
            world,
            Note::new(
                ids::EMPIRE_DEFEND,
                format!("{e}, outside the Empire, attacks the Imperial Subject {c}: the Emperor {a} is called to Defend the HRE"),
            )
            .realm(a),
        );
        world.res_mut::<WarState>().asked = Some(call);
        ask(
            world,
            a,
            DecisionKind::CallToArms {
                ally: c,
                enemy: e,
                defensive,
            },
            format!(
                "Defend the HRE: {c}, an Imperial Subject, calls you to arms against {e}; refusing costs 1 Imperial Authority"
            ),
        );
        return true;
    }
    world.res_mut::<WarState>().asked = Some(call);
    ask(
        world,
        key_of(world, ally),
        DecisionKind::CallToArms {
            ally: c,
            enemy: e,
            defensive,
        },
        format!(
            "{c} calls you to arms {} {e}: join the war, or refuse and end the alliance{}",
            if defensive {
                "in defence against"
            } else {
                "against"
            },
            if defensive {
                " (refusing costs 2 prestige and 5 influence)"
            } else {
                ""
            }
        ),
    );
    true
}

/// Ends the alliance between two realms.
pub fn end_alliance(world: &mut World, x: Entity, y: Entity) {
    let alliances: Vec<Entity> = world
        .try_query::<(Entity, &Alliance)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(_, a)| a.between(x, y))
                .map(|(e, _)| e)
                .collect()
        })
        .unwrap_or_default();
    for a in alliances {
        world.despawn(a);
    }
}

/// The ally's answer to a Call to Arms (11.3 Receiving a CtA). Returns false when no call
/// was asked.
pub fn answer_call(world: &mut World, action: &Action) -> bool {
    let Some(call) = world.res_mut::<WarState>().asked.take() else {
        return false;
    };
    let (Some(ally), Some(caller), Some(enemy)) = (
        entity(world, call.ally),
        entity(world, call.caller),
        entity(world, call.enemy),
    ) else {
        return true;
    };
    let (a, c, e) = (
        key_of(world, ally),
        key_of(world, caller),
        key_of(world, enemy),
    );
    if call.imperial {
        if *action == Action::Accept {
            spawn_sim(
                world,
                None,
                War {
                    attacker: enemy,
                    defender: ally,
                },
            );
            write(
                world,
                Note::new(
                    ids::EMPIRE_DEFEND,
                    format!("{a} Defends the HRE: it joins {c}'s war against {e}"),
                )
                .realm(a),
            );
            change_mp(world, ally, MpKind::Mil, 1, ids::EMPIRE_DEFEND);
            defend_the_hre(world, call.enemy);
        } else {
            crate::rulesets::pop::rules::empire::refuse_defence(world, caller, enemy);
        }
        return true;
    }
    if *action == Action::Accept {
        let war = if call.defensive {
            War {
                attacker: enemy,
                defender: ally,
            }
        } else {
            War {
                attacker: ally,
                defender: enemy,
            }
        };
        spawn_sim(world, None, war);
        write(
            world,
            Note::new(
                ids::WAR_CALL_TO_ARMS,
                format!("{a} answers {c}'s Call to Arms and goes to war with {e}"),
            )
            .realm(a),
        );
        // Defending alongside one ally against another ends the alliance with the aggressor.
        if call.defensive && allied(world, ally, enemy) {
            end_alliance(world, ally, enemy);
            write(
                world,
                Note::new(
                    ids::WAR_CALL_TO_ARMS,
                    format!("{a} sides with {c}: its alliance with {e} ends"),
                )
                .realm(a),
            );
        }
        // Answering a Non-Player Realm's defensive call: 1 mil (5.5b step 4), the right to
        // call the other Non-Player Realm allies in its defence (11.3 Accepting a CtA, step 2),
        // then the choice whether to make the caller an Active Ally (step 4).
        if call.defensive && !is_player(world, caller) {
            change_mp(world, ally, MpKind::Mil, 1, ids::WAR_CALL_TO_ARMS);
            let mut state = world.res_mut::<WarState>();
            state.calls.insert(0, CallStep::Activate(call.clone()));
            state.calls.insert(
                0,
                CallStep::Send(Sender {
                    caller: call.ally,
                    enemy: call.enemy,
                    defensive: true,
                    npr_only: true,
                }),
            );
        }
        return true;
    }
    // A refusal ends the alliance. A defensive one also costs prestige and influence, and a
    // Player Realm let down takes a CB on the refuser, unless the refuser has passed or fights
    // another war already; otherwise (always after letting down a Non-Player Realm) the two sign
    // a truce (11.3 Refusing a CtA, steps 3 to 5).
    end_alliance(world, ally, caller);
    write(
        world,
        Note::new(
            ids::WAR_CALL_TO_ARMS,
            format!("{a} refuses {c}'s Call to Arms: the alliance ends"),
        )
        .realm(a),
    );
    let penalised = refusal_is_penalised(world, &call);
    if penalised {
        change_prestige(world, ally, -REFUSAL_PRESTIGE, ids::WAR_CALL_TO_ARMS);
        let areas = owned_areas(world, caller);
        remove_influence(
            world,
            ally,
            REFUSAL_INFLUENCE,
            Some(&areas),
            ids::WAR_CALL_TO_ARMS,
        );
    }
    if penalised && is_player(world, caller) {
        spawn_sim(
            world,
            None,
            CasusBelli {
                holder: caller,
                target: ally,
            },
        );
        write(
            world,
            Note::new(
                ids::WAR_CALL_TO_ARMS,
                format!("{c}, let down, places a CB on {a}'s capital"),
            )
            .realm(c),
        );
    } else {
        spawn_sim(world, None, Truce { a: ally, b: caller });
        write(
            world,
            Note::new(ids::WAR_TRUCE, format!("{a} and {c} part in a truce")).realm(a),
        );
    }
    true
}

/// Removes up to `count` influence cubes of a realm, the longest-standing first, from the
/// given areas only when `within` names some, and logs the cubes removed under `rule` (with
/// the negative amount). Returns how many were removed.
pub(crate) fn remove_influence(
    world: &mut World,
    realm: Entity,
    count: u8,
    within: Option<&[Entity]>,
    rule: &'static str,
) -> i32 {
    let mut left = i32::from(count);
    let mut removed = 0;
    for &(_, cube) in crate::rulesets::pop::rules::generic::markers::<Influence>(world).iter() {
        if left == 0 || cube.realm != realm || within.is_some_and(|w| !w.contains(&cube.area)) {
            continue;
        }
        let take = i32::from(cube.count).min(left);
        add_influence(world, realm, cube.area, -take);
        left -= take;
        removed += take;
    }
    if removed > 0 {
        let name = key_of(world, realm);
        write(
            world,
            Note::new(rule, format!("{name} loses {removed} influence"))
                .realm(name)
                .amount(-removed),
        );
    }
    removed
}

// ---------------------------------------------------------------------------------------------
// Phase 3

pub(crate) fn reset_phase3_counters(world: &mut World) {
    {
        let mut s = world.res_mut::<WarState>();
        s.peace_done.clear();
        s.waiting_for_emperor.clear();
        s.invaded.clear();
    }
    crate::rulesets::pop::rules::military::new_turn(world, None);
}

/// Land units a realm has deployed anywhere.
pub fn deployed_land_units(world: &World, realm: Entity) -> usize {
    world.read::<Forces>(realm).map_or(0, |f| {
        f.iter()
            .filter(|u| world.read::<Unit>(*u).is_some_and(|x| x.kind.is_land()))
            .count()
    })
}

/// Phase 3 step B: each Non-Player Realm at war (not an Active Ally, no hostile units in its
/// areas) invades a neighbouring area holding an enemy town: 2 unrest there and invaders equal
/// to half its tax value, who fight at once and then stay on as rebels.
pub(crate) fn invade(world: &mut World) {
    use crate::rulesets::pop::rules::characters;
    // A battle's retreat, or a ruler fallen in an invasion battle: the Imperial Election it
    // may set off, and its realm's Reaction (7.2: replaced "immediately", before the step goes
    // on). Each answer goes to the rule that asked it.
    match crate::rulesets::pop::decision::take_answer_to(world) {
        Some((asked, action)) if characters::is_reaction_question(&asked) => {
            characters::answer_reaction(world, &action);
        }
        Some((DecisionKind::BattleRetreat { .. }, action)) => {
            battle::answer(world, &action);
        }
        _ => {}
    }
    if step_progress(world).cursor == 0 {
        step_progress(world).cursor = 1;
        write(
            world,
            Note::new(
                ids::SEQ_PHASE3_B,
                "Phase 3 B: Non-Player Realms at war invade",
            ),
        );
    }
    loop {
        if world.res::<Pending>().0.is_some()
            || battle::fight(world) == Progress::Waiting
            || crate::rulesets::pop::rules::characters::ask_reaction(world)
        {
            return;
        }
        let Some((npr, enemies, threatened)) = next_invader(world) else {
            return;
        };
        // Resolved in its turn either way: one threatened now does not invade later in the
        // step should an earlier invasion's battle clear its land.
        let sid = sid_of(world, npr);
        world.res_mut::<WarState>().invaded.push(sid);
        if threatened {
            continue;
        }
        if let Some(area) = invasion_target(world, npr, &enemies) {
            launch_invasion(world, npr, &enemies, area);
        }
    }
}

/// The next Non-Player Realm to resolve, with every Player Realm at war with it (13.5: "If an
/// NPR is at War with any Player Realm(s) ... Resolve NPRs in alphabetical order"): the first
/// not yet resolved this step that is not an Active Ally, and whether hostile units stand where
/// it holds land (then it does not invade).
fn next_invader(world: &World) -> Option<(Entity, Vec<Entity>, bool)> {
    let state = world.res::<WarState>();
    let wars: Vec<War> = world
        .try_query::<&War>()
        .map(|mut q| q.iter(world).copied().collect())
        .unwrap_or_default();
    let mut nprs: Vec<(Entity, Vec<Entity>)> = Vec::new();
    for w in wars {
        for (npr, enemy) in [(w.attacker, w.defender), (w.defender, w.attacker)] {
            if world.read::<NonPlayerRealm>(npr).is_none() || !is_player(world, enemy) {
                continue;
            }
            match nprs.iter_mut().find(|(n, _)| *n == npr) {
                Some((_, enemies)) => enemies.push(enemy),
                None => nprs.push((npr, vec![enemy])),
            }
        }
    }
    nprs.sort_by_cached_key(|(n, _)| {
        crate::rulesets::pop::rules::rebel_armies::alphabetical(world, *n)
    });
    nprs.into_iter()
        .find(|(npr, _)| {
            let sid = sid_of(world, *npr);
            !state.invaded.contains(&sid) && !state.active_allies.contains(&sid)
        })
        .map(|(npr, mut enemies)| {
            sort_dedup_by_sid(world, &mut enemies);
            let threatened = owned_areas(world, npr)
                .into_iter()
                .any(|a| hostile_units_at(world, npr, a, true));
            (npr, enemies, threatened)
        })
}

/// The area a Non-Player Realm invades: one holding a town or vassal of a Player Realm at war
/// with it, in or next to its land, and no units of a Player Realm at peace with it (13.5); its
/// capital area first, then its core areas, then areas it borders, then by lot.
fn invasion_target(world: &mut World, npr: Entity, enemies: &[Entity]) -> Option<Entity> {
    let own = owned_areas(world, npr);
    let mut candidates: Vec<Entity> = own.clone();
    for a in &own {
        if let Some(b) = world.read::<LandBorders>(*a) {
            candidates.extend(b.0.iter().map(|(x, _)| *x));
        }
    }
    sort_dedup_by_sid(world, &mut candidates);
    candidates.retain(|a| {
        enemies
            .iter()
            .any(|e| !enemy_towns_in(world, *e, *a).is_empty())
            && !units_of_realms_at_peace_with(world, enemies, *a)
    });
    if candidates.is_empty() {
        return None;
    }
    if let Some(c) = capital_area(world, npr).filter(|c| candidates.contains(c)) {
        return Some(c);
    }
    let core_area = candidates.iter().copied().find(|a| {
        area_provinces(world, *a)
            .iter()
            .copied()
            .any(|p| core_owners(world, p).contains(&npr))
    });
    if core_area.is_some() {
        return core_area;
    }
    let bordering: Vec<Entity> = candidates
        .iter()
        .copied()
        .filter(|a| !own.contains(a))
        .collect();
    if let Some(first) = bordering.first() {
        return Some(*first);
    }
    let pick = world.res_mut::<GameRng>().below(candidates.len() as u32) as usize;
    Some(candidates[pick])
}

/// Whether a Player Realm not at war with the invader (none of its `enemies`) has land units in
/// `area`.
fn units_of_realms_at_peace_with(world: &World, enemies: &[Entity], area: Entity) -> bool {
    world
        .res::<crate::rulesets::pop::state::Seats>()
        .0
        .iter()
        .any(|pr| !enemies.contains(pr) && has_own_units_at(world, *pr, area, true))
}

/// Provinces of an area where `realm` has a town it holds.
fn enemy_towns_in(world: &World, realm: Entity, area: Entity) -> Vec<Entity> {
    area_provinces(world, area)
        .iter()
        .copied()
        .filter(|p| controller(world, *p) == Some(realm))
        .filter(|p| {
            world.read::<Holdings>(*p).is_some_and(|h| {
                h.iter()
                    .any(|t| world.read::<TokenOf>(t).is_some_and(|o| o.0 == realm))
            })
        })
        .collect()
}

fn launch_invasion(world: &mut World, npr: Entity, enemies: &[Entity], area: Entity) {
    let (n, a) = (key_of(world, npr), key_of(world, area));
    let against: Vec<crate::engine::id::Id> = enemies
        .iter()
        .filter(|e| !enemy_towns_in(world, **e, area).is_empty())
        .map(|e| key_of(world, *e))
        .collect();
    let count = (realm_tax_value(world, npr) / 2).max(1);
    write(
        world,
        Note::new(
            ids::WAR_NPR_INVASION,
            format!(
                "{n} invades {a} with {count} units against {}",
                crate::engine::id::join_ids(&against, ", ")
            ),
        )
        .realm(n)
        .subject(sid_of(world, area))
        .amount(count),
    );
    // "add u to 2 t/v belonging to players at War with the NPR (pick Provinces
    // alphabetically)".
    let mut towns: Vec<(Entity, Entity)> = enemies
        .iter()
        .flat_map(|e| {
            enemy_towns_in(world, *e, area)
                .into_iter()
                .map(move |p| (*e, p))
        })
        .collect();
    towns.sort_by_cached_key(|(_, p)| {
        crate::rulesets::pop::rules::rebel_armies::alphabetical(world, *p)
    });
    for (enemy, p) in towns.into_iter().take(2) {
        add_unrest(world, enemy, p);
    }
    raise_units(
        world,
        Some(npr),
        area,
        UnitKind::Infantry,
        UnitStatus::Regular,
        count as usize,
    );
    // The battle is aimed at the largest army there; every enemy army there defends beside it
    // (battle::begin names the Main Defender).
    let defender = enemies
        .iter()
        .copied()
        .map(|e| (own_units_at(world, e, area, true).len(), e))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, e)| (*n, std::cmp::Reverse(sid_of(world, *e))))
        .map(|(_, e)| e);
    match defender {
        None => {
            let invaders = units_at(world, area, Party::Realm(sid_of(world, npr)), true);
            turn_rebel(world, &invaders);
        }
        Some(enemy) => battle::queue(
            world,
            BattleSpec {
                place: sid_of(world, area),
                attacker: Party::Realm(sid_of(world, npr)),
                defender: Party::Realm(sid_of(world, enemy)),
                from: None,
                naval: false,
                active: None,
                invaders: true,
                beside: Vec::new(),
            },
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Peace (Phase 3 step D)

/// Provinces of `owner` held by `occupier`.
pub fn occupied_by(world: &World, occupier: Entity, owner: Entity) -> Vec<Entity> {
    let mut out: Vec<Entity> = world
        .read::<Owns>(owner)
        .map(|o| {
            o.iter()
                .filter(|p| {
                    world
                        .read::<ControlledBy>(*p)
                        .is_some_and(|c| c.0 == occupier)
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_cached_key(|p| sid_of(world, *p));
    out
}

pub(crate) fn total_victory(world: &World, winner: Entity, loser: Entity) -> bool {
    let all_taken = world.read::<Owns>(loser).is_some_and(|o| {
        o.iter().next().is_some()
            && o.iter()
                .all(|p| world.read::<ControlledBy>(p).is_some_and(|c| c.0 == winner))
    });
    all_taken && deployed_land_units(world, loser) == 0
}

/// Rebel units standing in the areas where a realm holds provinces.
fn rebels_in_areas(world: &World, realm: Entity) -> usize {
    owned_areas(world, realm)
        .into_iter()
        .map(|a| units_at(world, a, Party::Rebels, true).len())
        .sum()
}

pub(crate) fn partial_victory(world: &World, winner: Entity, loser: Entity) -> bool {
    let mine = deployed_land_units(world, winner);
    let theirs = deployed_land_units(world, loser);
    if mine == 0 {
        return false;
    }
    if is_player(world, loser) {
        mine >= 2 * theirs
    } else {
        mine > rebels_in_areas(world, winner) + theirs
    }
}

pub(crate) fn resolve_peace(world: &mut World) {
    if let Some(action) = take_answer(world) {
        answer_peace(world, &action);
    }
    if step_progress(world).cursor == 0 {
        step_progress(world).cursor = 1;
        write(
            world,
            Note::new(ids::SEQ_PHASE3_D, "Phase 3 D: peace resolution"),
        );
    }
    loop {
        if world.res::<Pending>().0.is_some() {
            return;
        }
        let done = world.res::<WarState>().peace_done.clone();
        let wars: Vec<(u32, Entity, War)> = world
            .try_query::<(Entity, &Sid, &War)>()
            .map(|mut q| q.iter(world).map(|(e, s, w)| (s.0, e, *w)).collect())
            .unwrap_or_default();
        // FACTS 5 "Peace (Phase 3D, in this order)": every automatic white peace first, then
        // every total victory, then everything else in turn order; each war's stage is read
        // again after every peace, as an earlier one may have changed what is occupied.
        let Some((_, sid, war)) = wars
            .into_iter()
            .filter(|(s, _, _)| !done.contains(s))
            .map(|(s, _, w)| (peace_order(world, &w, s), s, w))
            .min_by_key(|(key, _, _)| *key)
        else {
            return;
        };
        world.res_mut::<WarState>().peace_done.push(sid);
        if crate::rulesets::pop::rules::empire_peace::waits_for_the_emperor(world, &war) {
            crate::rulesets::pop::rules::empire_peace::wait_for_the_emperor(world, sid, &war);
            continue;
        }
        settle(world, sid, war);
    }
}

/// Where a war stands in Phase 3 D's order: (stage, turn position, stable id). Stage 0 is an
/// automatic white peace (neither side holds anything of the other), 1 a total victory, 2
/// everything else; within a stage the war of the Player Realm first in turn order goes
/// first (the war's earlier seat), then the older war.
fn peace_order(world: &World, war: &War, sid: u32) -> (u8, usize, u32) {
    let (a, d) = (war.attacker, war.defender);
    let (a_holds, d_holds) =
        crate::rulesets::pop::rules::empire_peace::holdings_across(world, a, d);
    let stage = if a_holds == 0 && d_holds == 0 {
        0
    } else if total_victory(world, a, d) || total_victory(world, d, a) {
        1
    } else {
        2
    };
    let order = crate::rulesets::pop::state::turn_order(world);
    let seat = [a, d]
        .iter()
        .filter_map(|r| order.iter().position(|s| s == r))
        .min()
        .unwrap_or(usize::MAX);
    (stage, seat, sid)
}

/// Who won a war between `a` and `d`, if anyone: `(winner, loser, total)`, total victories
/// before partial ones, the attacker's before the defender's (10.1).
pub(crate) fn outcome(world: &World, a: Entity, d: Entity) -> Option<(Entity, Entity, bool)> {
    if total_victory(world, a, d) {
        Some((a, d, true))
    } else if total_victory(world, d, a) {
        Some((d, a, true))
    } else if partial_victory(world, a, d) {
        Some((a, d, false))
    } else if partial_victory(world, d, a) {
        Some((d, a, false))
    } else {
        None
    }
}

fn settle(world: &mut World, war_sid: u32, war: War) {
    let (a, d) = (war.attacker, war.defender);
    // The defending Emperor's Non-Player subjects count as part of its side (18.4, 10.3).
    let (a_holds, d_holds) =
        crate::rulesets::pop::rules::empire_peace::holdings_across(world, a, d);
    if a_holds == 0 && d_holds == 0 {
        write(
            world,
            Note::new(
                ids::WAR_PEACE,
                format!(
                    "Nobody holds anything of the other: white peace between {} and {}",
                    key_of(world, a),
                    key_of(world, d)
                ),
            ),
        );
        make_peace(world, war_sid, a, d, PeaceTerm::WhitePeace);
        return;
    }
    if let Some((winner, loser, total)) = outcome(world, a, d) {
        if !is_player(world, winner) {
            make_peace(world, war_sid, winner, loser, PeaceTerm::WhitePeace);
            return;
        }
        ask_terms(world, war_sid, winner, loser, total, false);
        return;
    }
    // Inconclusive: a Non-Player Realm accepts white peace; between players the side holding
    // less may surrender.
    if !is_player(world, a) || !is_player(world, d) {
        write(
            world,
            Note::new(
                ids::WAR_PEACE,
                format!(
                    "The war between {} and {} is inconclusive: the Non-Player Realm accepts white peace",
                    key_of(world, a),
                    key_of(world, d)
                ),
            ),
        );
        make_peace(world, war_sid, a, d, PeaceTerm::WhitePeace);
        return;
    }
    let (winner, loser) = if a_holds > d_holds { (a, d) } else { (d, a) };
    world.res_mut::<WarState>().peace_asked = Some(PeaceQuestion {
        war: war_sid,
        winner: sid_of(world, winner),
        loser: sid_of(world, loser),
        total: false,
        surrendered: false,
        surrender_asked: true,
    });
    let w = key_of(world, winner);
    ask(
        world,
        key_of(world, loser),
        DecisionKind::Surrender { enemy: w },
        format!(
            "The war with {w} is inconclusive: surrender (2 prestige to them, and they set the terms), or fight on"
        ),
    );
}

fn ask_terms(
    world: &mut World,
    war_sid: u32,
    winner: Entity,
    loser: Entity,
    total: bool,
    surrendered: bool,
) {
    world.res_mut::<WarState>().peace_asked = Some(PeaceQuestion {
        war: war_sid,
        winner: sid_of(world, winner),
        loser: sid_of(world, loser),
        total,
        surrendered,
        surrender_asked: false,
    });
    let l = key_of(world, loser);
    write(
        world,
        Note::new(
            ids::WAR_PEACE,
            format!(
                "{} wins the war against {l} ({})",
                key_of(world, winner),
                if total {
                    "total victory"
                } else if surrendered {
                    "surrender"
                } else {
                    "partial victory"
                }
            ),
        )
        .realm(key_of(world, winner)),
    );
    ask(
        world,
        key_of(world, winner),
        DecisionKind::PeaceTerms { enemy: l },
        format!("You won the war against {l}: choose the peace terms"),
    );
}

/// Why the victor may not impose this term, if it may not.
pub fn term_problem(world: &World, q: &PeaceQuestion, term: PeaceTerm) -> Option<Illegal> {
    let (Some(winner), Some(loser)) = (entity(world, q.winner), entity(world, q.loser)) else {
        return Some(Illegal::new(ids::WAR_PEACE, "no war to settle"));
    };
    let npr = !is_player(world, loser);
    let holds_capital = world.read::<Capital>(loser).is_some_and(|c| {
        world
            .read::<ControlledBy>(c.0)
            .is_some_and(|x| x.0 == winner)
    });
    let why = match term {
        PeaceTerm::WhitePeace | PeaceTerm::KeepBoard => None,
        PeaceTerm::Humiliation if !(holds_capital || q.surrendered) => {
            Some("humiliation needs the enemy capital or a surrender")
        }
        PeaceTerm::Vassalize if !npr => Some("only a Non-Player Realm can be vassalized"),
        PeaceTerm::Vassalize if crate::rulesets::pop::rules::empire::is_emperor(world, loser) => {
            Some("a Non-Player Emperor cannot be vassalized (18.8)")
        }
        PeaceTerm::Vassalize => {
            let capital_area = capital_area(world, loser);
            let other = occupied_by(world, winner, loser)
                .into_iter()
                .any(|p| world.read::<InArea>(p).map(|a| a.0) != capital_area);
            (!(holds_capital && other))
                .then_some("vassalization needs its capital and a province in another area")
        }
        PeaceTerm::Annex if !(npr && q.total) => {
            Some("full annexation needs a total victory over a Non-Player Realm")
        }
        PeaceTerm::ForceConversion => {
            let rw = world.read::<Realm>(winner).map(|r| r.religion);
            let rl = world.read::<Realm>(loser).map(|r| r.religion);
            // 10.0 Force Conversion: "Victor must Control all Provinces in Loser's Capital
            // Area" (which holds the capital the eligibility table asks for, surrender or not).
            let controls_capital_area = capital_area(world, loser).is_some_and(|a| {
                let provinces = area_provinces(world, a);
                !provinces.is_empty()
                    && provinces
                        .iter()
                        .all(|p| controller(world, *p) == Some(winner))
            });
            if crate::rulesets::pop::rules::religion::same_faith(rw, rl) {
                Some("the loser already shares your religion")
            } else if !controls_capital_area {
                Some(
                    "forcing a conversion needs every province of the loser's capital area under your control",
                )
            } else {
                None
            }
        }
        _ => None,
    };
    why.map(|w| Illegal::new(ids::WAR_PEACE, w))
}

/// Why the Call to Arms being answered cannot be accepted, if it cannot: an offensive call
/// obeys the Declare War restrictions against the caller's enemy (11.3 Receiving a CtA; a
/// defensive call can always be accepted).
pub fn accept_problem(world: &World) -> Option<Illegal> {
    let call = world.res::<WarState>().asked.clone()?;
    if call.defensive {
        return None;
    }
    let (ally, enemy) = (entity(world, call.ally)?, entity(world, call.enemy)?);
    crate::rulesets::pop::rules::military::declare_problem(world, ally, enemy)
}

/// Legal-or-not answers to the peace questions (a Call to Arms that cannot be accepted must
/// be refused).
pub fn peace_candidates(world: &World, kind: &DecisionKind) -> Vec<Action> {
    match kind {
        DecisionKind::Surrender { .. } => vec![Action::Accept, Action::Decline],
        DecisionKind::PeaceTerms { .. } => [
            PeaceTerm::WhitePeace,
            PeaceTerm::KeepBoard,
            PeaceTerm::Humiliation,
            PeaceTerm::Vassalize,
            PeaceTerm::Annex,
            PeaceTerm::ForceConversion,
        ]
        .into_iter()
        .map(|term| Action::Peace { term })
        .collect(),
        DecisionKind::CallToArms { .. } if accept_problem(world).is_some() => {
            vec![Action::Decline]
        }
        DecisionKind::CallToArms { .. } | DecisionKind::ActivateAlly { .. } => {
            vec![Action::Accept, Action::Decline]
        }
        _ => Vec::new(),
    }
}

pub fn check_peace(world: &World, kind: &DecisionKind, action: &Action) -> Result<(), Illegal> {
    match (kind, action) {
        (DecisionKind::CallToArms { .. }, Action::Accept) => {
            accept_problem(world).map_or(Ok(()), Err)
        }
        (DecisionKind::Surrender { .. }, Action::Accept)
        | (DecisionKind::Surrender { .. } | DecisionKind::CallToArms { .. }, Action::Decline) => {
            Ok(())
        }
        (DecisionKind::PeaceTerms { .. }, Action::Peace { term }) => {
            let Some(q) = world.res::<WarState>().peace_asked.clone() else {
                return Err(Illegal::new(ids::WAR_PEACE, "no war to settle"));
            };
            term_problem(world, &q, *term).map_or(Ok(()), Err)
        }
        (DecisionKind::CallToArms { .. }, _) => Err(Illegal::new(
            ids::WAR_CALL_TO_ARMS,
            "answer the Call to Arms: accept or decline",
        )),
        (DecisionKind::ActivateAlly { .. }, Action::Accept | Action::Decline) => Ok(()),
        (DecisionKind::ActivateAlly { .. }, _) => Err(Illegal::new(
            ids::WAR_ACTIVE_ALLY,
            "make the ally Active (accept) or leave it a plain ally (decline)",
        )),
        _ => Err(Illegal::new(ids::WAR_PEACE, "answer the peace question")),
    }
}

fn answer_peace(world: &mut World, action: &Action) {
    let Some(q) = world.res_mut::<WarState>().peace_asked.take() else {
        return;
    };
    let (Some(winner), Some(loser)) = (entity(world, q.winner), entity(world, q.loser)) else {
        return;
    };
    match action {
        Action::Accept if q.surrender_asked => {
            let (w, l) = (key_of(world, winner), key_of(world, loser));
            write(
                world,
                Note::new(ids::WAR_SURRENDER, format!("{l} surrenders to {w}")).realm(l),
            );
            change_prestige(world, loser, -2, ids::WAR_SURRENDER);
            change_prestige(world, winner, 2, ids::WAR_SURRENDER);
            ask_terms(world, q.war, winner, loser, false, true);
        }
        Action::Peace { term } if !q.surrender_asked => {
            crate::rulesets::pop::rules::missions::record_victory(world, winner, loser);
            make_peace(world, q.war, winner, loser, *term);
        }
        _ => {
            let l = key_of(world, loser);
            write(
                world,
                Note::new(ids::WAR_PEACE, format!("{l} fights on: the war goes on")).realm(l),
            );
        }
    }
}

/// Gives an occupied province back to its lawful owner.
pub(crate) fn give_back(world: &mut World, province: Entity) -> i32 {
    let owner = world.read::<OwnedBy>(province).map(|o| o.0);
    let Some(held) = world.read::<ControlledBy>(province).map(|c| c.0) else {
        return 0;
    };
    let Some(owner) = owner.filter(|o| *o != held) else {
        return 0;
    };
    remove_tokens(world, held, province);
    world.entity_mut(province).insert(ControlledBy(owner));
    world
        .read::<Province>(province)
        .map_or(1, |p| p.tax_value())
}

/// The occupier keeps an occupied province: the old owner's tokens and cube go.
fn cede(world: &mut World, province: Entity, to: Entity) {
    if let Some(owner) = world.read::<OwnedBy>(province).map(|o| o.0) {
        remove_tokens(world, owner, province);
    }
    world
        .entity_mut(province)
        .insert((OwnedBy(to), ControlledBy(to)));
}

/// Ends a war on these terms, places a truce, and sends the armies home.
pub fn make_peace(world: &mut World, war_sid: u32, winner: Entity, loser: Entity, term: PeaceTerm) {
    let (w, l) = (key_of(world, winner), key_of(world, loser));
    let the_war = entity(world, war_sid).and_then(|e| world.read::<War>(e).copied());
    crate::rulesets::pop::rules::empire::after_peace(
        world,
        the_war,
        winner,
        loser,
        term == PeaceTerm::Annex,
    );
    let mut returned_value = 0;
    match term {
        PeaceTerm::WhitePeace | PeaceTerm::Humiliation | PeaceTerm::ForceConversion => {
            for p in occupied_by(world, winner, loser) {
                returned_value += give_back(world, p);
            }
            for p in occupied_by(world, loser, winner) {
                give_back(world, p);
            }
        }
        PeaceTerm::KeepBoard => {
            for p in occupied_by(world, loser, winner) {
                give_back(world, p);
            }
            let capital = world.read::<Capital>(loser).map(|c| c.0);
            for p in occupied_by(world, winner, loser) {
                if Some(p) == capital {
                    give_back(world, p);
                    if is_player(world, loser) {
                        pay_mandatory(world, loser, CAPITAL_RANSOM, ids::WAR_PEACE);
                        gain_ducats(world, winner, CAPITAL_RANSOM, ids::WAR_PEACE);
                    }
                } else {
                    cede(world, p, winner);
                }
            }
        }
        PeaceTerm::Vassalize | PeaceTerm::Annex => {
            for p in occupied_by(world, loser, winner) {
                give_back(world, p);
            }
            let provinces: Vec<Entity> = {
                let mut v: Vec<Entity> = world
                    .read::<Owns>(loser)
                    .map(|o| o.iter().collect())
                    .unwrap_or_default();
                v.sort_by_cached_key(|p| sid_of(world, *p));
                v
            };
            for p in provinces {
                let held = world.read::<ControlledBy>(p).is_some_and(|c| c.0 == winner);
                if term == PeaceTerm::Vassalize {
                    if held {
                        remove_tokens(world, winner, p);
                    }
                    spawn_sim(world, None, (Vassal, TokenOf(winner), OnProvince(p)));
                    world
                        .entity_mut(p)
                        .insert((OwnedBy(winner), ControlledBy(winner)));
                } else {
                    world
                        .entity_mut(p)
                        .insert((OwnedBy(winner), ControlledBy(winner)));
                    if !held {
                        place_town(world, winner, p);
                    }
                }
            }
        }
    }
    match term {
        PeaceTerm::WhitePeace => {
            for r in [winner, loser] {
                if is_player(world, r) {
                    change_prestige(world, r, -1, ids::WAR_PEACE);
                }
            }
        }
        PeaceTerm::Humiliation => {
            let p = (2 * returned_value).min(10);
            change_prestige(world, winner, p, ids::WAR_PEACE);
            if is_player(world, loser) {
                change_prestige(world, loser, -p, ids::WAR_PEACE);
            }
        }
        PeaceTerm::ForceConversion => {
            // "The Loser must change their State Religion and the Religion of their Capital
            // Area to match the State Religion of the Victor. The Victor gains 3, and may add
            // 2 influence in the Loser's Capital Area" (10.0; taken: nothing is lost by it).
            let area = capital_area(world, loser);
            if let Some(religion) = world.read::<Realm>(winner).map(|r| r.religion) {
                crate::rulesets::pop::rules::religion::set_state_religion(world, loser, religion);
                if let Some(area) = area {
                    crate::rulesets::pop::rules::religion::place_faith(world, area, religion);
                }
            }
            if let Some(area) = area {
                add_influence(world, winner, area, 2);
                let (name, area_name) = (key_of(world, winner), key_of(world, area));
                write(
                    world,
                    Note::new(
                        ids::WAR_PEACE,
                        format!(
                            "{name} adds 2 influence in {area_name}, the converted capital area"
                        ),
                    )
                    .realm(name),
                );
            }
            change_prestige(world, winner, 3, ids::WAR_PEACE);
            if is_player(world, loser) {
                change_prestige(world, loser, -5, ids::WAR_PEACE);
            }
            remove_influence(world, loser, 4, None, ids::WAR_PEACE);
        }
        _ => {}
    }
    write(
        world,
        Note::new(
            ids::WAR_PEACE,
            format!("Peace between {w} and {l}: {term:?}"),
        )
        .realm(w),
    );
    if let Some(e) = entity(world, war_sid) {
        world.despawn(e);
    }
    spawn_sim(
        world,
        None,
        Truce {
            a: winner,
            b: loser,
        },
    );
    write(
        world,
        Note::new(
            ids::WAR_TRUCE,
            format!("A truce between {w} and {l} until the next Phase 3"),
        )
        .realm(w),
    );
    for r in [winner, loser] {
        aftermath(world, r);
    }
    crate::rulesets::pop::rules::empire_peace::after_peace_with_the_emperor(
        world, winner, loser, term,
    );
}

/// After a peace: a realm at peace with everyone sends its allied units away, an Active Ally
/// goes back to being an ally, and armies standing on neutral ground go home.
pub(crate) fn aftermath(world: &mut World, realm: Entity) {
    if enemies_of(world, realm).is_empty() {
        deactivate(world, realm);
        for u in allied_units(world, realm) {
            world.despawn(u);
        }
    }
    let Some(home) = capital_area(world, realm) else {
        return;
    };
    for place in crate::rulesets::pop::rules::military::army_places(world, realm, true)
        .iter()
        .copied()
    {
        if ground(world, realm, place) == Ground::Neutral {
            for u in own_units_at(world, realm, place, true) {
                crate::rulesets::pop::rules::military::place_unit(world, u, home);
            }
            if let Some(g) =
                crate::rulesets::pop::rules::military::commander_at(world, realm, place, true)
            {
                world.entity_mut(g).insert(InCommand(home));
            }
            let name = key_of(world, realm);
            write(
                world,
                Note::new(
                    ids::WAR_PEACE,
                    format!("{name}'s army in {} goes home", key_of(world, place)),
                )
                .realm(name),
            );
        }
    }
}

/// Launches `npr`'s invasion of `enemy` as step B would (for tests).
#[cfg(test)]
pub fn launch_invasion_for_tests(world: &mut World, npr: Entity, enemy: Entity) {
    if let Some(area) = invasion_target(world, npr, &[enemy]) {
        launch_invasion(world, npr, &[enemy], area);
    }
}

/// Runs Phase 3 step B on the board as it is (for tests).
#[cfg(test)]
pub fn run_step_b_for_tests(world: &mut World) {
    invade(world);
}

/// Runs Phase 3 step D on the board as it is, answering with `answer` first (for tests).
#[cfg(test)]
pub fn run_step_d_for_tests(world: &mut World, answer: Option<Action>) {
    world.res_mut::<crate::rulesets::pop::decision::Answer>().0 = answer;
    resolve_peace(world);
}
