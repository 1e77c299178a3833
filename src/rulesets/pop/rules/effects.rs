//! Resolves card effects (the `Effect` enum modders combine) one at a time, pausing for the
//! choices some of them need (which monarch power, which town, which Trade Node).

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{Effect, MpKind};
use crate::rulesets::pop::decision::{Action, Decision, DecisionKind, Pending};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{
    MAX_LOANS, change_mp, change_prestige, change_stability, gain_ducats, pay_mandatory, take_loan,
};
use crate::rulesets::pop::rules::integrate;
use crate::rulesets::pop::rules::towns::token_provinces;
use crate::rulesets::pop::state::{Index, key_of, sid_of, spawn_sim};

/// Effects waiting to be resolved for a realm, first in front.
#[derive(Resource, Clone, Debug, Default)]
pub struct EffectQueue {
    pub realm: Option<Entity>,
    pub items: VecDeque<Effect>,
    /// Where they come from (a card name), for the log.
    pub source: String,
}

pub fn queue_effects(world: &mut World, realm: Entity, effects: Vec<Effect>, source: &str) {
    let mut queue = world.res_mut::<EffectQueue>();
    queue.realm = Some(realm);
    queue.items.extend(effects);
    queue.source = source.to_string();
}

/// Outcome of resolving queued effects.
#[derive(Debug, PartialEq, Eq)]
pub enum Progress {
    Done,
    /// A decision was pushed; call again after the answer.
    Waiting,
}

/// Resolves queued effects until one needs a choice or none are left.
pub fn resolve_effects(world: &mut World) -> Progress {
    loop {
        let Some(realm) = world.res::<EffectQueue>().realm else {
            return Progress::Done;
        };
        let Some(effect) = world.res_mut::<EffectQueue>().items.pop_front() else {
            world.res_mut::<EffectQueue>().realm = None;
            return Progress::Done;
        };
        if resolve_one(world, realm, effect) == Progress::Waiting {
            return Progress::Waiting;
        }
    }
}

/// Resolves effects that ask no choice at once (Mission and Milestone rewards; the validator
/// keeps the choosing kinds off them), without touching the queue of a card being resolved.
pub fn apply_now(world: &mut World, realm: Entity, effects: &[Effect]) {
    for effect in effects {
        let outcome = resolve_one(world, realm, effect.clone());
        debug_assert_eq!(outcome, Progress::Done, "{effect:?} asks a choice");
    }
}

/// The questions a queued effect asks (`resolve_one`): only their answers go to
/// `answer_effect`, so an answer to another question that happens to have the same shape (a
/// province chosen for a step's own purpose while an unrest effect waits in the queue) is never
/// taken for the effect's.
pub fn is_effect_question(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::MpType { .. }
            | DecisionKind::UnrestTown
            | DecisionKind::ExpandNode
            | DecisionKind::IntegrateArea
    )
}

/// Feeds the answer to the effect that asked for it. Returns false if the action is not for it.
pub fn answer_effect(world: &mut World, action: &Action) -> bool {
    let Some(realm) = world.res::<EffectQueue>().realm else {
        return false;
    };
    let front = world.res::<EffectQueue>().items.front().cloned();
    match (front, action) {
        (Some(Effect::AnyMp(amount)), Action::ChooseMp { kind }) => {
            world.res_mut::<EffectQueue>().items.pop_front();
            change_mp(world, realm, *kind, amount, ids::EFFECT_MP);
            true
        }
        (
            Some(
                front @ (Effect::Unrest(_)
                | Effect::UnrestIn(..)
                | Effect::TownUnrest(_)
                | Effect::TownUnrestIn(..)),
            ),
            Action::ChooseProvince { province },
        ) => {
            world.res_mut::<EffectQueue>().items.pop_front();
            if let Some(p) = world.res::<Index>().get(province) {
                add_unrest(world, realm, p);
            }
            // The rest of the unrest still to place, one fewer.
            let rest = match front {
                Effect::Unrest(n) if n > 1 => Some(Effect::Unrest(n - 1)),
                Effect::UnrestIn(area, n) if n > 1 => Some(Effect::UnrestIn(area, n - 1)),
                Effect::TownUnrest(n) if n > 1 => Some(Effect::TownUnrest(n - 1)),
                Effect::TownUnrestIn(area, n) if n > 1 => Some(Effect::TownUnrestIn(area, n - 1)),
                _ => None,
            };
            if let Some(rest) = rest {
                world.res_mut::<EffectQueue>().items.push_front(rest);
            }
            true
        }
        (Some(Effect::ExpandAnyNode), Action::ChooseNode { node }) => {
            world.res_mut::<EffectQueue>().items.pop_front();
            crate::rulesets::pop::rules::trade::expand_node(world, realm, *node);
            true
        }
        (Some(Effect::IntegrateArea), Action::IntegrateArea { area }) => {
            let Some(area) = world.res::<Index>().get(area) else {
                return false;
            };
            world.res_mut::<EffectQueue>().items.pop_front();
            integrate::integrate(world, realm, area);
            true
        }
        _ => false,
    }
}

/// Provinces holding this realm's town or vassal without unrest (in `area`, if given): where
/// unrest can go.
pub fn calm_holdings(world: &World, realm: Entity, area: Option<Entity>) -> Vec<Entity> {
    calm_places(world, realm, area, false)
}

/// `calm_holdings`, its towns only when `towns_only`.
fn calm_places(
    world: &World,
    realm: Entity,
    area: Option<Entity>,
    towns_only: bool,
) -> Vec<Entity> {
    // Tokens outside the area left out before the provinces are sorted, not after.
    token_provinces(world, realm, |t| {
        world.read::<Unrest>(t).is_none()
            && (!towns_only || world.read::<Town>(t).is_some())
            && area.is_none_or(|a| {
                world
                    .read::<OnProvince>(t)
                    .is_some_and(|p| in_area(world, p.0, a))
            })
    })
}

/// Where new unrest of the realm's may go (in `area`, if given): its calm holdings on its own
/// provinces whose unrest would count ("1 of your Provinces"); failing those, any calm holding
/// whose unrest counts (a town it holds as an occupier); failing those, any calm holding.
/// Covered unrest "does not count for any purpose" (14.1): placed under a rebel town or an
/// occupier's town while a counting one is at hand, Phase 3 H's or an Event's unrest would
/// spare the realm its dice.
pub fn unrest_places(world: &World, realm: Entity, area: Option<Entity>) -> Vec<Entity> {
    prefer_counting(world, realm, calm_holdings(world, realm, area))
}

/// `unrest_places`, its towns only when `towns_only`.
fn unrest_places_of(
    world: &World,
    realm: Entity,
    area: Option<Entity>,
    towns_only: bool,
) -> Vec<Entity> {
    prefer_counting(world, realm, calm_places(world, realm, area, towns_only))
}

/// Of the realm's calm holdings `calm`: those on its own provinces whose unrest would count if
/// any, else those whose unrest would count, else all (`unrest_places`).
pub fn prefer_counting(world: &World, realm: Entity, calm: Vec<Entity>) -> Vec<Entity> {
    let counts = |p: &Entity| !crate::rulesets::pop::rules::rebels::covered(world, realm, *p);
    let own = |p: &Entity| world.read::<OwnedBy>(*p).is_some_and(|o| o.0 == realm);
    let own_counting: Vec<Entity> = calm
        .iter()
        .copied()
        .filter(|p| counts(p) && own(p))
        .collect();
    if !own_counting.is_empty() {
        return own_counting;
    }
    let counting: Vec<Entity> = calm.iter().copied().filter(counts).collect();
    if counting.is_empty() { calm } else { counting }
}

fn in_area(world: &World, province: Entity, area: Entity) -> bool {
    world.read::<InArea>(province).is_some_and(|i| i.0 == area)
}

/// Whether `province` is one of `calm_holdings(world, realm, area)`, asked of it alone: a
/// token of the realm's without unrest on it (and the province in `area`, when given).
fn is_calm_holding(
    world: &World,
    realm: Entity,
    province: Entity,
    area: Option<Entity>,
    towns_only: bool,
) -> bool {
    area.is_none_or(|a| in_area(world, province, a))
        && world.read::<Holdings>(province).is_some_and(|h| {
            h.iter().any(|t| {
                world.read::<TokenOf>(t).is_some_and(|o| o.0 == realm)
                    && world.read::<Unrest>(t).is_none()
                    && (!towns_only || world.read::<Town>(t).is_some())
            })
        })
}

/// Where the unrest effect in hand goes: the area it names, if any (an Unrest Town decision's
/// answers are the realm's calm holdings there), and whether only towns may take it.
fn unrest_target(world: &World) -> (Option<Entity>, bool) {
    let area = |id: &Id| world.res::<Index>().get(id);
    match world.res::<EffectQueue>().items.front() {
        Some(Effect::UnrestIn(id, _)) => (area(id), false),
        Some(Effect::TownUnrestIn(id, _)) => (area(id), true),
        Some(Effect::TownUnrest(_)) => (None, true),
        _ => (None, false),
    }
}

/// Whether choosing `province` answers the pending Unrest Town `decision`: one of the answers
/// `effect_candidates` lists, asked of the one province (the bot checks each answer; listing
/// them all for each was a square of the list).
pub fn unrest_town_allowed(world: &World, decision: &Decision, province: Id) -> bool {
    let index = world.res::<Index>();
    let (Some(realm), Some(province)) = (index.get(decision.realm), index.get(province)) else {
        return false;
    };
    let (area, towns_only) = unrest_target(world);
    if !is_calm_holding(world, realm, province, area, towns_only) {
        return false;
    }
    // The preferred places only (`unrest_places`): asked of the one province when it is one of
    // the realm's own whose unrest counts, the first choice whenever it is there.
    let own = world
        .read::<OwnedBy>(province)
        .is_some_and(|o| o.0 == realm);
    (own && !crate::rulesets::pop::rules::rebels::covered(world, realm, province))
        || unrest_places_of(world, realm, area, towns_only).contains(&province)
}

pub fn add_unrest(world: &mut World, realm: Entity, province: Entity) {
    let Some(holdings) = world.read::<Holdings>(province) else {
        return;
    };
    let token = holdings.iter().find(|t| {
        world.read::<TokenOf>(*t).is_some_and(|o| o.0 == realm)
            && world.read::<Unrest>(*t).is_none()
    });
    let Some(token) = token else { return };
    world.entity_mut(token).insert(Unrest);
    let name = key_of(world, realm);
    let place = key_of(world, province);
    let sid = sid_of(world, province);
    write(
        world,
        Note::new(ids::UNREST, format!("Unrest in {place} ({name})"))
            .realm(name)
            .subject(sid),
    );
}

fn ask(world: &mut World, realm: Entity, kind: DecisionKind, prompt: String) -> Progress {
    let name = key_of(world, realm);
    world.res_mut::<Pending>().0 = Some(Decision {
        realm: name,
        kind,
        prompt,
    });
    Progress::Waiting
}

fn resolve_one(world: &mut World, realm: Entity, effect: Effect) -> Progress {
    let name = key_of(world, realm);
    match effect {
        Effect::Ducats(n) if n >= 0 => gain_ducats(world, realm, n, ids::EFFECT_DUCATS),
        Effect::Ducats(n) => pay_mandatory(world, realm, -n, ids::EFFECT_DUCATS),
        Effect::Mp(kind, n) => change_mp(world, realm, kind, n, ids::EFFECT_MP),
        Effect::AnyMp(n) => {
            // Put it back in front: the answer resolves it.
            world
                .res_mut::<EffectQueue>()
                .items
                .push_front(Effect::AnyMp(n));
            let verb = if n >= 0 { "gain" } else { "lose" };
            return ask(
                world,
                realm,
                DecisionKind::MpType { amount: n },
                format!("Choose the monarch power to {verb} ({})", n.abs()),
            );
        }
        Effect::Stability(n) => change_stability(world, realm, n, ids::EFFECT_STABILITY),
        Effect::Prestige(n) => change_prestige(world, realm, n, ids::EFFECT_PRESTIGE),
        Effect::Unrest(0)
        | Effect::UnrestIn(_, 0)
        | Effect::TownUnrest(0)
        | Effect::TownUnrestIn(_, 0) => {}
        Effect::Unrest(n) | Effect::TownUnrest(n) => {
            let towns_only = matches!(effect, Effect::TownUnrest(_));
            if calm_places(world, realm, None, towns_only).is_empty() {
                write(
                    world,
                    Note::new(
                        ids::EFFECT_NO_TARGET,
                        format!("{name} has no calm town for unrest"),
                    )
                    .realm(name),
                );
            } else {
                world.res_mut::<EffectQueue>().items.push_front(effect);
                return ask(
                    world,
                    realm,
                    DecisionKind::UnrestTown,
                    format!("Choose a town to gain unrest ({n} to place)"),
                );
            }
        }
        Effect::UnrestIn(ref area, n) | Effect::TownUnrestIn(ref area, n) => {
            let towns_only = matches!(effect, Effect::TownUnrestIn(..));
            let area_e = world.res::<Index>().get(area);
            if area_e.is_none() || calm_places(world, realm, area_e, towns_only).is_empty() {
                write(
                    world,
                    Note::new(
                        ids::EFFECT_NO_TARGET,
                        format!("{name} has no calm town in {area} for unrest"),
                    )
                    .realm(name),
                );
            } else {
                let what = if towns_only { "a town" } else { "a town or vassal" };
                let prompt = format!("Choose {what} in {area} to gain unrest ({n} to place)");
                world.res_mut::<EffectQueue>().items.push_front(effect.clone());
                return ask(world, realm, DecisionKind::UnrestTown, prompt);
            }
        }
        Effect::Loan(n) => {
            for _ in 0..n {
                let loans = world.read::<Mat>(realm).map_or(MAX_LOANS, |m| m.loans);
                if loans >= crate::rulesets::pop::rules::economy::max_loans(world, realm) {
                    // A loan the realm must take but may not: it cannot pay, so it goes bankrupt.
                    crate::rulesets::pop::rules::economy::bankruptcy(world, realm);
                    break;
                }
                take_loan(world, realm, ids::FORCED_LOAN);
            }
        }
        Effect::RulerIllHealth => ruler_ill_health(world, realm),
        Effect::Manpower(n) => {
            // Up to the track's 20 or, above it, the realm's whole manpower value (Ideas and
            // the Emperor's authority add beyond the track); a gain never lowers the pool.
            let most = crate::rulesets::pop::rules::towns::MANPOWER_CAP.max(
                crate::rulesets::pop::rules::income::manpower_value(world, realm).total(),
            );
            if let Some(mut mat) = world.get_mut::<Mat>(realm) {
                if n >= 0 {
                    mat.manpower = mat.manpower.max((mat.manpower + n).min(most));
                } else {
                    let lost = (-n).min(mat.manpower);
                    mat.manpower -= lost;
                    mat.exhausted_manpower += lost;
                }
            }
            write(
                world,
                Note::new(ids::EFFECT_MANPOWER, format!("{name}: manpower {n:+}"))
                    .realm(name)
                    .amount(n),
            );
        }
        Effect::CoreToken(area) => {
            if let Some(area_e) = world.res::<Index>().get(area) {
                crate::rulesets::pop::rules::integrate::place_core_token(world, realm, area_e);
            }
        }
        Effect::Claim(area) => {
            let Some(area_e) = world.res::<Index>().get(area) else {
                return Progress::Done;
            };
            let mut claims = world.query::<&Claim>();
            let has = claims
                .iter(world)
                .any(|c| c.realm == realm && c.area == area_e);
            if !has {
                spawn_sim(
                    world,
                    None,
                    Claim {
                        realm,
                        area: area_e,
                    },
                );
                write(
                    world,
                    Note::new(
                        ids::EFFECT_CLAIM,
                        format!("{name} places a claim in {area}"),
                    )
                    .realm(name)
                    .subject(sid_of(world, area_e)),
                );
                crate::rulesets::pop::rules::trade::open_continent(world, realm, area_e);
            }
        }
        Effect::Faith(area, religion) => {
            if let Some(area_e) = world.res::<Index>().get(area) {
                crate::rulesets::pop::rules::religion::place_faith(world, area_e, religion);
            }
        }
        Effect::Cardinal => crate::rulesets::pop::rules::curia::gain_cardinal(world, realm),
        Effect::CasusBelli(target) => {
            let Some(target_e) = world.res::<Index>().get(target) else {
                return Progress::Done;
            };
            spawn_sim(
                world,
                None,
                CasusBelli {
                    holder: realm,
                    target: target_e,
                },
            );
            write(
                world,
                Note::new(
                    ids::EFFECT_CB,
                    format!("{name} gains a casus belli on {target}"),
                )
                .realm(name),
            );
        }
        Effect::ReplaceMilestones => {
            crate::rulesets::pop::rules::milestones::comet_sighted(world, realm)
        }
        Effect::ExpandNode(node) => {
            crate::rulesets::pop::rules::trade::expand_node(world, realm, node)
        }
        Effect::ExpandAnyNode => {
            let nodes = crate::rulesets::pop::rules::trade::expandable(world, realm);
            match nodes.as_slice() {
                [] => write(
                    world,
                    Note::new(
                        ids::TRADE_EXPAND,
                        format!("{name} has no Trade Node to expand: none within reach is left unexpanded"),
                    )
                    .realm(name),
                ),
                [only] => crate::rulesets::pop::rules::trade::expand_node(world, realm, *only),
                _ => {
                    world
                        .res_mut::<EffectQueue>()
                        .items
                        .push_front(Effect::ExpandAnyNode);
                    return ask(
                        world,
                        realm,
                        DecisionKind::ExpandNode,
                        "Choose the Trade Node to expand".to_string(),
                    );
                }
            }
        }
        Effect::IntegrateArea => match integrate::integrable(world, realm).as_slice() {
            // Playing the card is refused while no area qualifies; an Event may still carry it.
            [] => write(
                world,
                Note::new(
                    ids::ACT_INTEGRATE_AREA,
                    format!("{name} has no area to integrate: none it owns whole has a province that is not its core"),
                )
                .realm(name),
            ),
            [only] => integrate::integrate(world, realm, *only),
            _ => {
                world
                    .res_mut::<EffectQueue>()
                    .items
                    .push_front(Effect::IntegrateArea);
                return ask(
                    world,
                    realm,
                    DecisionKind::IntegrateArea,
                    "Integrate Area: choose the area for your core token".to_string(),
                );
            }
        },
    }
    Progress::Done
}

/// One ill-health token to the realm's ruler; the second kills (with the Reaction window).
fn ruler_ill_health(world: &mut World, realm: Entity) {
    if let Some(ruler) = crate::rulesets::pop::rules::characters::ruler_of(world, realm) {
        crate::rulesets::pop::rules::characters::make_ill(world, ruler);
    }
}

/// Legal answers to an effect's decision.
pub fn effect_candidates(world: &World, decision: &Decision) -> Vec<Action> {
    match decision.kind {
        DecisionKind::MpType { amount } => {
            // A loss comes out of a pool that has something in it, while any has.
            let mat = world
                .res::<Index>()
                .get(decision.realm)
                .and_then(|r| world.read::<Mat>(r))
                .cloned()
                .unwrap_or_default();
            let from_effect = matches!(
                world.res::<EffectQueue>().items.front(),
                Some(Effect::AnyMp(_))
            );
            let kinds: Vec<MpKind> = if from_effect || amount >= 0 {
                MpKind::ALL
                    .into_iter()
                    .filter(|k| amount >= 0 || mat.mp(*k) > 0)
                    .collect()
            } else {
                // Stability -3 in Phase 4 D: 1 fewer of a type the realm receives.
                world
                    .res::<Index>()
                    .get(decision.realm)
                    .map(|r| crate::rulesets::pop::rules::monarch_power::shortfall_kinds(world, r))
                    .unwrap_or_default()
            };
            let kinds = if kinds.is_empty() {
                MpKind::ALL.to_vec()
            } else {
                kinds
            };
            kinds
                .into_iter()
                .map(|kind| Action::ChooseMp { kind })
                .collect()
        }
        DecisionKind::UnrestTown => {
            let Some(realm) = world.res::<Index>().get(decision.realm) else {
                return Vec::new();
            };
            let (area, towns_only) = unrest_target(world);
            unrest_places_of(world, realm, area, towns_only)
                .into_iter()
                .map(|p| Action::ChooseProvince {
                    province: key_of(world, p),
                })
                .collect()
        }
        DecisionKind::ExpandNode => {
            let Some(realm) = world.res::<Index>().get(decision.realm) else {
                return Vec::new();
            };
            crate::rulesets::pop::rules::trade::expandable(world, realm)
                .into_iter()
                .map(|node| Action::ChooseNode { node })
                .collect()
        }
        DecisionKind::IntegrateArea => {
            let Some(realm) = world.res::<Index>().get(decision.realm) else {
                return Vec::new();
            };
            integrate::integrable(world, realm)
                .into_iter()
                .map(|a| Action::IntegrateArea {
                    area: key_of(world, a),
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

/// What a realm's visit in a simultaneous step led to.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Visit {
    /// This realm is done; go on to the next.
    Next,
    /// A decision was pushed for this realm; visit it again after the answer.
    Asked,
}

/// Plays a step "all players at once" as the rule book does, in turn order from the First
/// Player: `visit` is called for each realm (with how often it was visited before) until it
/// returns `Next`; answers to effect decisions go to the effect, other answers to `answer`.
/// Returns true when every realm is done.
pub fn for_each_realm(
    world: &mut World,
    mut visit: impl FnMut(&mut World, Entity, u32) -> Visit,
    mut answer: impl FnMut(&mut World, Entity, Action) -> Visit,
) -> bool {
    use crate::engine::flow::{step_cursor, step_progress};
    let order = crate::rulesets::pop::state::turn_order(world);
    use crate::rulesets::pop::rules::characters;
    // Each answer goes to the rule that asked it, by the question, never by its shape.
    if let Some((asked, action)) = crate::rulesets::pop::decision::take_answer_to(world) {
        if characters::is_reaction_question(&asked) {
            // A dead ruler replaced (or not) as a Reaction; the step goes on where it was.
            characters::answer_reaction(world, &action);
        } else if matches!(asked, DecisionKind::BattleRetreat { .. }) {
            // A side decided whether to retreat; the battle goes on below.
            crate::rulesets::pop::rules::battle::answer(world, &action);
        } else if !(is_effect_question(&asked) && answer_effect(world, &action)) {
            let cursor = step_cursor(world).0 as usize;
            if let Some(realm) = order.get(cursor).copied()
                && answer(world, realm, action) == Visit::Next
            {
                let mut p = step_progress(world);
                p.cursor += 1;
                p.visits = 0;
            }
        }
    }
    loop {
        // A question a visit asked comes before the effects it queued.
        if world.res::<Pending>().0.is_some()
            || crate::rulesets::pop::rules::battle::fight(world) == Progress::Waiting
            || resolve_effects(world) == Progress::Waiting
            || crate::rulesets::pop::rules::characters::ask_reaction(world)
        {
            return false;
        }
        let (cursor, visits) = step_cursor(world);
        let cursor = cursor as usize;
        let Some(realm) = order.get(cursor).copied() else {
            return true;
        };
        match visit(world, realm, visits) {
            Visit::Next => {
                let mut p = step_progress(world);
                p.cursor += 1;
                p.visits = 0;
            }
            Visit::Asked => step_progress(world).visits += 1,
        }
    }
}
