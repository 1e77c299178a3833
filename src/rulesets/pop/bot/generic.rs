//! The bot's heuristics for the generic and diplomatic actions: deals between players,
//! exploring, influence and alliances with Non-Player Realms, claims, trade, national focus,
//! action cards, integrating areas and (rarely) a change of faith.

use super::legal::Legal;
use crate::engine::reads::Reads;
use crate::rulesets::pop::rules::actions::TurnPart;
use bevy::prelude::*;
use chacha20::ChaCha8Rng;
use rand::RngExt;

use crate::engine::flow::Flow;
use crate::rulesets::pop::content::schema::{IdeaEffect, MpKind};
use crate::rulesets::pop::decision::{Action, DecisionKind, Offer};
use crate::rulesets::pop::model::{
    Area, Coasts, Forces, Mat, Province, Realm, Religion, Unit, UnitKind,
};
use crate::rulesets::pop::rules::cards::{Hand, card_id};
use crate::rulesets::pop::rules::diplomacy::{forge_cost, sale_prestige};
use crate::rulesets::pop::rules::generic::{Generic, all_of, has_claim, owned, owner};
use crate::rulesets::pop::rules::ideas::quest_for_new_world;
use crate::rulesets::pop::rules::relations::{
    allied, area_provinces, enemies_of, married, provinces_of,
};
use crate::rulesets::pop::rules::trade;
use crate::rulesets::pop::state::{Content, Index};

fn pick(legal: &Legal, f: impl Fn(&Action) -> bool) -> Option<Action> {
    legal.find(f)
}

/// `pick` among one part of a turn's diplomatic actions (proposals, influence, alliances or
/// claims).
fn pick_diplomacy(legal: &Legal, part: TurnPart, f: impl Fn(&Action) -> bool) -> Option<Action> {
    legal.find_in(&[part], f)
}

/// Whether the other player's bot would take this offer (a bot only offers what it expects
/// to be accepted, so that turns are not spent on refusals).
fn welcome(world: &World, realm: Entity, action: &Action) -> bool {
    let Action::Propose {
        realm: other,
        offer,
    } = action
    else {
        return true;
    };
    let Some(other) = world.res::<Index>().get(other) else {
        return false;
    };
    let other_mat = world.read::<Mat>(other).cloned().unwrap_or_default();
    accepts(world, other, realm, &other_mat, offer)
}

/// A generic action worth taking this turn, if any.
pub fn turn(
    world: &World,
    realm: Entity,
    mat: &Mat,
    legal: &Legal,
    rng: &mut ChaCha8Rng,
    value: impl Fn(&crate::rulesets::pop::content::schema::Effect) -> i32,
) -> Option<Action> {
    let dip = mat.mp(MpKind::Dip);
    let adm = mat.mp(MpKind::Adm);
    let mil = mat.mp(MpKind::Mil);
    // An Action Card worth its price, with some power left over.
    let content = &world.res::<Content>().0;
    let hand = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    for c in hand {
        let def = &content.action_cards[c];
        let worth = card_worth(world, realm, c, &value);
        let play = Action::PlayCard {
            card: card_id(world, c),
        };
        if worth > PLAY_WORTH
            && mat.mp(def.deck)
                >= crate::rulesets::pop::rules::economy::card_mp_cost(world, realm, def) + 2
            && mat.ducats >= i32::from(def.ducats) + 4
            && legal.contains(&play)
        {
            return Some(play);
        }
    }
    // Cards the bot will never play go back through Change National Focus.
    if let Some(a) = card_exchange(world, realm, mat, legal, &value) {
        return Some(a);
    }
    // At the alliance cap, a much larger partner is worth more than the smallest ally at
    // peace: cut ties with it first (its 5 influence and a truce are the price).
    if let Some(cut) = trade_up_alliance(world, realm, dip, legal) {
        return Some(cut);
    }
    // An alliance with an NPR where the influence is already in place.
    if let Some(a) = pick_diplomacy(legal, TurnPart::Alliances, |a| match a {
        Action::ForgeAlliance { realm: npr } => world
            .res::<Index>()
            .get(npr)
            .is_some_and(|n| dip > forge_cost(world, n)),
        _ => false,
    }) {
        return Some(a);
    }
    // Friendship with another player: alliance and marriage when diplomats are idle.
    if dip >= 4 && rng.random_range(0..3) == 0 {
        let friendly = |a: &Action, both: bool| match a {
            Action::Propose { offer, .. } => {
                offer.ducats == 0
                    && offer.provinces.is_empty()
                    && (offer.alliance && offer.marriage.is_some()) == both
                    && welcome(world, realm, a)
            }
            _ => false,
        };
        if let Some(a) = pick_diplomacy(legal, TurnPart::Proposals, |a| friendly(a, true))
            .or_else(|| pick_diplomacy(legal, TurnPart::Proposals, |a| friendly(a, false)))
        {
            return Some(a);
        }
    }
    // Short of money with loans: ask a married or allied player for support.
    if mat.ducats < 4
        && mat.loans >= 1
        && dip >= 2
        && let Some(a) = pick_diplomacy(legal, TurnPart::Proposals, |a| match a {
            Action::Propose {
                realm: other,
                offer,
            } => {
                offer.ducats == -5
                    && welcome(world, realm, a)
                    && world
                        .res::<Index>()
                        .get(other)
                        .is_some_and(|o| allied(world, realm, o) || married(world, realm, o))
            }
            _ => false,
        })
    {
        return Some(a);
    }
    // Buy a province where the realm holds a claim, when rich.
    if mat.ducats >= 25
        && adm >= 3
        && let Some(a) = pick_diplomacy(legal, TurnPart::Proposals, |a| match a {
            Action::Propose { offer, .. } => {
                offer.price == 10
                    && welcome(world, realm, a)
                    && offer.provinces.first().is_some_and(|p| {
                        world.res::<Index>().get(p).and_then(|p| owner(world, p)) != Some(realm)
                    })
            }
            _ => false,
        })
    {
        return Some(a);
    }
    // Influence where an alliance could follow.
    if dip >= 4 && rng.random_range(0..2) == 0 {
        let options: Vec<&Action> = legal
            .matching_in(&[TurnPart::Influence], |a| {
                matches!(a, Action::Influence { .. })
            })
            .collect();
        if !options.is_empty() {
            return Some(options[rng.random_range(0..options.len())].clone());
        }
    }
    // With "Quest for the New World" a realm without a Light Ship builds one in a port.
    if let Some(a) = explorer_recruit(world, realm, mat, legal) {
        return Some(a);
    }
    // Explore with power to spare for a re-roll; with the Quest, more often and by sea first.
    let quest = quest_for_new_world(world, realm);
    let odds = if quest { 2 } else { 3 };
    if dip >= 3 && mil >= 3 && rng.random_range(0..odds) == 0 {
        if let Some(a) = best_ship_move(world, realm, legal) {
            return Some(a);
        }
        if legal.contains(&Action::Explore) {
            return Some(Action::Explore);
        }
    }
    // A claim next door, for a later war; a Power Struggle battleground first, where it costs
    // half and scores prestige when the struggle comes (17.4). (Under 4 dip no claim is wanted:
    // the candidates are not even checked.)
    if let Some(a) = fabricate_claim(world, realm, dip, legal, rng) {
        return Some(a);
    }
    // Trade when the treasury is thin, or now and then with diplomats to spare: even a poor
    // draw pays 2 ducats.
    let trade = (mat.ducats < 10 && dip >= 2) || (dip >= 5 && rng.random_range(0..3) == 0);
    if trade && legal.contains(&Action::Trade) {
        return Some(Action::Trade);
    }
    // Even out the pools: a starved pool fed from two full ones.
    let low = MpKind::ALL.into_iter().min_by_key(|k| mat.mp(*k))?;
    if mat.mp(low) <= 1 && MpKind::ALL.iter().filter(|k| mat.mp(**k) >= 5).count() == 2 {
        let others: Vec<MpKind> = MpKind::ALL.into_iter().filter(|k| *k != low).collect();
        let shift = Action::ChangeFocus {
            into: Some(low),
            from: others,
        };
        if legal.contains(&shift) {
            return Some(shift);
        }
    }
    // Religious dissent costs unrest every Round: convert the area where the realm holds the
    // most provinces of another faith, with power and money to spare.
    if adm >= 5 && mat.ducats >= 10 && rng.random_range(0..3) == 0 {
        let held = |a: &Action| match a {
            Action::ConvertArea { area } => world
                .res::<crate::rulesets::pop::state::Index>()
                .get(area)
                .map_or(0, |area| {
                    provinces_of(world, area)
                        .iter()
                        .filter(|p| owner(world, **p) == Some(realm))
                        .count()
                }),
            _ => 0,
        };
        if let Some(a) = legal
            .matching_in(&[TurnPart::Religion], |a| {
                matches!(a, Action::ConvertArea { .. })
            })
            .max_by_key(|a| held(a))
        {
            return Some(a.clone());
        }
    }
    // A secure Catholic realm may embrace the Counter-Reformation.
    if adm >= 7 && rng.random_range(0..6) == 0 && legal.contains(&Action::CounterReformation) {
        return Some(Action::CounterReformation);
    }
    // Very rarely, a calm and secure realm follows (or leaves) the Reformation.
    let age = world.res::<Flow>().age;
    let calm = crate::rulesets::pop::rules::rebels::counting_unrest(world, realm, None).is_empty();
    if age >= 2
        && mat.stability >= 2
        && mat.ducats >= 10
        && calm
        && rng.random_range(0..250) == 0
        && legal.contains(&Action::ChangeReligion)
    {
        return Some(Action::ChangeReligion);
    }
    None
}

/// A claim next door the bot fabricates now, if any: a cheap one (a Power Struggle battleground)
/// with 4 dip, any with 6, one time in four.
fn fabricate_claim(
    world: &World,
    realm: Entity,
    dip: i32,
    legal: &Legal,
    rng: &mut ChaCha8Rng,
) -> Option<Action> {
    if dip < 4 {
        return None;
    }
    let claims: Vec<&Action> = legal
        .matching_in(&[TurnPart::Claims], |a| {
            matches!(a, Action::FabricateClaim { .. })
        })
        .collect();
    let cheap: Vec<&Action> = claims
        .iter()
        .copied()
        .filter(|a| crate::rulesets::pop::rules::costs::action_cost(world, realm, a).dip < 2)
        .collect();
    let need = if cheap.is_empty() { 6 } else { 4 };
    if dip >= need && rng.random_range(0..4) == 0 {
        let options = if cheap.is_empty() { claims } else { cheap };
        if !options.is_empty() {
            return Some(options[rng.random_range(0..options.len())].clone());
        }
    }
    None
}

/// Whether the realm holds "Quest for the New World" but has no Light Ship to explore with.
pub fn wants_explorer(world: &World, realm: Entity) -> bool {
    quest_for_new_world(world, realm)
        && !world.read::<Forces>(realm).is_some_and(|f| {
            f.iter().any(|u| {
                world
                    .read::<Unit>(u)
                    .is_some_and(|u| u.kind == UnitKind::LightShip)
            })
        })
}

/// A Recruit in an area with a port of the realm, to build an explorer (a Light Ship costs 4
/// ducats and the action 1 mil), at peace and with money to spare.
fn explorer_recruit(world: &World, realm: Entity, mat: &Mat, legal: &Legal) -> Option<Action> {
    if !wants_explorer(world, realm)
        || mat.ducats < 10
        || mat.mp(MpKind::Mil) < 3
        || !enemies_of(world, realm).is_empty()
    {
        return None;
    }
    legal.find_in(&[TurnPart::Recruits], |a| match a {
        Action::Recruit { area } => world.res::<Index>().get(area).is_some_and(|area| {
            area_provinces(world, area).iter().any(|p| {
                owner(world, *p) == Some(realm)
                    && world.read::<Province>(*p).is_some_and(|p| p.port.is_some())
            })
        }),
        _ => false,
    })
}

/// The Explore that first sails a Light Ship to the distant sea zone touching the most distant
/// areas the realm has no claim in yet (ties: the first listed).
fn best_ship_move(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    let unclaimed_near = |sea: Entity| {
        all_of::<Area>(world)
            .into_iter()
            .filter(|a| world.read::<Area>(*a).is_some_and(|a| a.distant))
            .filter(|a| !has_claim(world, realm, *a))
            .filter(|a| world.read::<Coasts>(*a).is_some_and(|c| c.0.contains(&sea)))
            .count()
    };
    legal
        .matching_in(&[TurnPart::Explore], |a| {
            matches!(a, Action::ExploreWithShip { .. })
        })
        .filter_map(|a| match a {
            Action::ExploreWithShip { to, .. } => world
                .res::<Index>()
                .get(to)
                .map(|sea| (unclaimed_near(sea), a)),
            _ => None,
        })
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, _)| *n)
        .map(|(_, a)| a.clone())
}

/// How much an Idea is worth to the realm (rough weights of what each effect brings in a game;
/// 0 or less: not worth researching).
pub fn idea_value(world: &World, realm: Entity, effects: &[IdeaEffect]) -> i32 {
    let ports = owned(world, realm)
        .iter()
        .any(|p| world.read::<Province>(*p).is_some_and(|p| p.port.is_some()));
    let has_ships = world.read::<Forces>(realm).is_some_and(|f| {
        f.iter()
            .any(|u| world.read::<Unit>(u).is_some_and(|u| !u.kind.is_land()))
    });
    let advisors = crate::rulesets::pop::rules::characters::advisors(world, realm).len() as i32;
    effects
        .iter()
        .map(|e| match e {
            IdeaEffect::Skill(_, n) => 6 * n,
            IdeaEffect::Income(n) | IdeaEffect::TradeIncome(n) => 3 * n,
            IdeaEffect::StablePrestige(n) => 4 * n,
            IdeaEffect::Artillery => 3,
            IdeaEffect::Tercios => 4,
            IdeaEffect::StabilityCost(n) => 3 * n,
            IdeaEffect::Manpower(n) => 2 * n,
            IdeaEffect::Influence(n) | IdeaEffect::HandLimit(n) | IdeaEffect::Alliances(n) => {
                2 * i32::from(*n)
            }
            IdeaEffect::AdvisorCost(n) => n * advisors.max(1),
            IdeaEffect::ExploreRerolls(n) => i32::from(*n) * if ports { 2 } else { 1 },
            IdeaEffect::QuestForTheNewWorld => {
                if ports {
                    5
                } else {
                    0
                }
            }
            IdeaEffect::Loans(n) => i32::from(*n),
            IdeaEffect::NavalDice(n) => i32::from(*n) * if has_ships { 3 } else { 1 },
            IdeaEffect::LeaderCost(n) => 2 * n,
            IdeaEffect::Revolutionary => {
                // Worth it only where the revolution already holds most of the realm: every
                // other area of the realm falls into religious dissent.
                let areas = crate::rulesets::pop::rules::rebels::realm_areas(world, realm, false);
                let red = areas
                    .iter()
                    .filter(|a| world.read::<Area>(**a).is_some_and(|x| x.revolution))
                    .count() as i32;
                3 * red - 3 * (areas.len() as i32 - red)
            }
        })
        .sum()
}

/// Answers to the generic actions' decisions; `None` leaves it to the fallback.
pub fn decide(
    world: &World,
    realm: Entity,
    mat: &Mat,
    kind: &DecisionKind,
    legal: &Legal,
) -> Option<Action> {
    match kind {
        DecisionKind::Proposal { from, offer } => {
            let from = world.res::<Index>().get(from)?;
            Some(if accepts(world, realm, from, mat, offer) {
                Action::Accept
            } else {
                Action::Decline
            })
        }
        DecisionKind::Exploration { .. } => {
            // Prefer a Territory (colonial claim), then any discovery; else re-roll while cheap.
            pick(legal, |a| matches!(a, Action::Discover { .. }))
                .or_else(|| {
                    (mat.mp(MpKind::Dip) >= 2)
                        .then(|| pick(legal, |a| *a == Action::Reroll))
                        .flatten()
                })
                .or_else(|| pick(legal, |a| *a == Action::Decline))
                // Failing with ships to choose from: the cheapest goes.
                .or_else(|| {
                    legal
                        .all()
                        .iter()
                        .filter_map(|a| match a {
                            Action::DisbandUnit { kind, .. } => Some((kind.ship_value(), a)),
                            _ => None,
                        })
                        .min_by_key(|(value, _)| *value)
                        .map(|(_, a)| a.clone())
                })
                .or_else(|| legal.first().cloned())
        }
        DecisionKind::InfluenceMore => {
            // One more cube in the same area: dip while there is plenty, else ducats if rich.
            let area = world
                .res::<Generic>()
                .influence
                .as_ref()
                .and_then(|r| r.placed.first().map(|(a, _)| *a))
                .map(|a| crate::rulesets::pop::state::key_of(world, a));
            let more = area.and_then(|area| {
                if mat.mp(MpKind::Dip) >= 3 {
                    pick(legal, |a| *a == Action::Influence { area })
                } else if mat.ducats >= 15 {
                    pick(legal, |a| *a == Action::InfluenceForDucats { area })
                } else {
                    None
                }
            });
            more.or(Some(Action::Decline))
        }
        DecisionKind::TradeCards { ship_moved, .. } => {
            Some(trade_choice(world, realm, *ship_moved, legal))
        }
        DecisionKind::GoldInflation => {
            // Adm is dear; an interest token costs a ducat a Round until repaid.
            let adm = Action::PayInflation { adm: true };
            Some(if mat.mp(MpKind::Adm) >= 3 && legal.contains(&adm) {
                adm
            } else {
                Action::PayInflation { adm: false }
            })
        }
        DecisionKind::FocusDiscard { discarded } => {
            // The cards the bot will never play go, worst first, as long as at least two go
            // (one card alone draws nothing back); then stop.
            let dead = dead_cards(world, realm, &super::value);
            let discard = dead
                .first()
                .filter(|_| usize::from(*discarded) + dead.len() >= 2)
                .map(|c| Action::DiscardCard {
                    card: card_id(world, *c),
                })
                .filter(|a| legal.contains(a));
            discard
                .or_else(|| pick(legal, |a| *a == Action::Decline))
                .or_else(|| legal.first().cloned())
        }
        DecisionKind::FocusDraw { .. } => {
            // A card worth playing on top of a discard pile is bought (1 MP + 2 ducats) rather
            // than drawn blind; otherwise a draw from the deck of the fullest pool.
            let content = &world.res::<Content>().0;
            let offered = legal
                .matching(|a| matches!(a, Action::TakeDiscard { .. }))
                .filter_map(|a| match a {
                    Action::TakeDiscard { card } => {
                        content.action_cards.iter().position(|c| c.id == *card)
                    }
                    _ => None,
                });
            if let Some(c) = discard_pick(world, realm, mat, offered, &super::value) {
                return Some(Action::TakeDiscard {
                    card: card_id(world, c),
                });
            }
            let fullest = MpKind::ALL.into_iter().max_by_key(|k| mat.mp(*k))?;
            pick(legal, |a| *a == Action::DrawCard { deck: fullest })
                .or_else(|| pick(legal, |a| matches!(a, Action::DrawCard { .. })))
        }
        _ => None,
    }
}

/// The bot plays an Action Card worth more than this (and keeps one it could play).
const PLAY_WORTH: i32 = 4;

/// What a card is worth to the bot: the worth of its effects; a cardinal is worth nothing to a
/// realm that cannot seat one (19.1).
fn card_worth(
    world: &World,
    realm: Entity,
    card: usize,
    value: impl Fn(&crate::rulesets::pop::content::schema::Effect) -> i32,
) -> i32 {
    let def = &world.res::<Content>().0.action_cards[card];
    let cardinal = def
        .effects
        .contains(&crate::rulesets::pop::content::schema::Effect::Cardinal);
    if cardinal && !crate::rulesets::pop::rules::curia::may_gain_cardinal(world, realm) {
        return 0;
    }
    // Commercial Growth needs a node within reach that is not expanded yet.
    if def
        .effects
        .contains(&crate::rulesets::pop::content::schema::Effect::ExpandAnyNode)
        && trade::expandable(world, realm).is_empty()
    {
        return 0;
    }
    // A Development card needs an area to integrate (7.6).
    if def
        .effects
        .contains(&crate::rulesets::pop::content::schema::Effect::IntegrateArea)
        && crate::rulesets::pop::rules::integrate::integrable(world, realm).is_empty()
    {
        return 0;
    }
    def.effects.iter().map(value).sum()
}

/// Whether the card is kept for its character: an advisor the realm could seat in an empty
/// chair, or, while the realm is at war, a leader it may appoint as a general or admiral.
fn keeps_for_character(world: &World, realm: Entity, card: usize) -> bool {
    use crate::rulesets::pop::content::schema::CharacterKind;
    use crate::rulesets::pop::rules::characters::{advisor_of, card_character, free_by_card};
    let at_war = !crate::rulesets::pop::rules::relations::enemies_of(world, realm).is_empty();
    card_character(world, card).is_some_and(|ch| {
        match world
            .read::<crate::rulesets::pop::model::Character>(ch)
            .map(|c| c.kind)
        {
            Some(CharacterKind::Advisor(kind)) => {
                advisor_of(world, realm, kind).is_none() && free_by_card(world, ch)
            }
            Some(CharacterKind::Leader) => at_war,
            None => false,
        }
    })
}

/// The cards in hand the bot will never play (worth too little to it, or a cardinal it cannot
/// seat) and does not keep for their advisor, worst first.
fn dead_cards(
    world: &World,
    realm: Entity,
    value: &impl Fn(&crate::rulesets::pop::content::schema::Effect) -> i32,
) -> Vec<usize> {
    let hand = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    let mut dead: Vec<(i32, usize)> = hand
        .into_iter()
        .map(|c| (card_worth(world, realm, c, value), c))
        .filter(|(worth, c)| *worth <= PLAY_WORTH && !keeps_for_character(world, realm, *c))
        .collect();
    dead.sort();
    dead.into_iter().map(|(_, c)| c).collect()
}

/// The best of `offered` (cards on top of the discard piles) to buy with Change National
/// Focus: worth playing, and affordable with the power and money to play it afterwards.
fn discard_pick(
    world: &World,
    realm: Entity,
    mat: &Mat,
    offered: impl Iterator<Item = usize>,
    value: &impl Fn(&crate::rulesets::pop::content::schema::Effect) -> i32,
) -> Option<usize> {
    use crate::rulesets::pop::rules::focus::{DISCARD_PICK_DUCATS, DISCARD_PICK_MP};
    let content = &world.res::<Content>().0;
    offered
        .filter(|c| {
            let def = &content.action_cards[*c];
            mat.mp(def.deck) >= DISCARD_PICK_MP + i32::from(def.cost)
                && mat.ducats >= DISCARD_PICK_DUCATS + i32::from(def.ducats) + 2
        })
        .map(|c| (card_worth(world, realm, c, value), c))
        .filter(|(worth, _)| *worth > PLAY_WORTH)
        .max_by_key(|(worth, c)| (*worth, std::cmp::Reverse(*c)))
        .map(|(_, c)| c)
}

/// Change National Focus for the cards alone: three cards the bot will never play go for two
/// new ones, or two for one when a card worth playing lies on top of a discard pile to buy.
fn card_exchange(
    world: &World,
    realm: Entity,
    mat: &Mat,
    legal: &Legal,
    value: &impl Fn(&crate::rulesets::pop::content::schema::Effect) -> i32,
) -> Option<Action> {
    let exchange = Action::ChangeFocus {
        into: None,
        from: vec![],
    };
    if !legal.contains(&exchange) {
        return None;
    }
    let dead = dead_cards(world, realm, value).len();
    let tops = crate::rulesets::pop::rules::focus::top_discards_all(world);
    let worth_buying = discard_pick(world, realm, mat, tops.into_iter(), value).is_some();
    (dead >= 3 || (dead >= 2 && worth_buying)).then_some(exchange)
}

/// The revealed card and node that pay the bot most (keeping merchants where they stand when
/// it is all the same), a Light Ship sailed to a protection slot first when that pays more, or
/// the 2 ducats when no card beats them.
fn trade_choice(world: &World, realm: Entity, ship_moved: bool, legal: &Legal) -> Action {
    let content = world.res::<Content>().0.clone();
    let card_of = |id: &str| content.trade_cards.iter().position(|c| c.id == id);
    let mut best: Option<(i32, &Action)> = None;
    for a in legal.matching(|a| matches!(a, Action::ChooseTradeCard { .. })) {
        let Action::ChooseTradeCard {
            card,
            node,
            merchant,
        } = a
        else {
            continue;
        };
        let Some(c) = card_of(card) else { continue };
        let score =
            10 * trade::income_for(world, realm, c, node, 0) - i32::from(merchant.is_some());
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, a));
        }
    }
    let best_score = best.map_or(0, |(s, _)| s);
    if !ship_moved {
        // A Light Ship may link a node of a revealed card to the capital, and on a slot next
        // to a maritime node it adds 1 trade power there.
        let revealed: Vec<usize> = world.res::<trade::TradeBoard>().revealed.clone();
        let index = world.res::<Index>();
        let mut ship: Option<(i32, &Action)> = None;
        for a in legal.matching(|a| matches!(a, Action::TradeShip { .. })) {
            let Action::TradeShip { to, protect, .. } = a else {
                continue;
            };
            let Some(sea) = index.get(to) else { continue };
            for c in &revealed {
                let card = &content.trade_cards[*c];
                let nodes = card
                    .nodes
                    .iter()
                    .flat_map(|n| std::iter::once(&n.node).chain(n.secondary.iter()));
                for node in nodes {
                    let Some(def) = trade::node_def(&content, node) else {
                        continue;
                    };
                    if !trade::connected_with_ship(world, realm, def, sea) {
                        continue;
                    }
                    let bonus = i32::from(*protect && def.maritime && def.seas.contains(to));
                    let score = 10 * trade::income_for(world, realm, *c, node, bonus);
                    if score > best_score.max(10 * trade::FALLBACK_DUCATS)
                        && ship.is_none_or(|(s, _)| score > s)
                    {
                        ship = Some((score, a));
                    }
                }
            }
        }
        if let Some((_, a)) = ship {
            return a.clone();
        }
    }
    match best {
        Some((score, a)) if score > 10 * trade::FALLBACK_DUCATS => a.clone(),
        _ => Action::TakeTradeDucats,
    }
}

/// The Trade Node the bot expands (Commercial Growth): where its own merchant stands, then
/// where it owns the most key power (Key Provinces of the Trade Cards naming the node, '+'
/// signs included), then fewest rival merchants to share the gain with, then the first listed.
/// The area to integrate with a Development card: the one with the most provinces that are
/// not yet the realm's cores (each becomes one, safe from liberation), the first by stable id
/// on a tie.
pub fn integrate_pick(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    let index = world.res::<Index>();
    legal
        .matching(|a| matches!(a, Action::IntegrateArea { .. }))
        .filter_map(|a| match a {
            Action::IntegrateArea { area } => index.get(area).map(|e| (a, e)),
            _ => None,
        })
        .map(|(a, area)| {
            let new_cores = crate::rulesets::pop::rules::relations::area_provinces(world, area)
                .iter()
                .copied()
                .filter(|p| !crate::rulesets::pop::rules::towns::is_core(world, *p, realm))
                .count();
            (a, new_cores)
        })
        .fold(None, |best: Option<(&Action, usize)>, (a, n)| match best {
            Some((_, m)) if m >= n => best,
            _ => Some((a, n)),
        })
        .map(|(a, _)| a.clone())
}

/// Of answers naming areas (`RemoveInfluence`, `PlaceInfluence`), the area where the realm has
/// the most influence (`most`) or the least, the first by stable id on a tie.
pub fn influence_pick(world: &World, realm: Entity, legal: &Legal, most: bool) -> Option<Action> {
    let index = world.res::<Index>();
    let held = |a: &Action| match a {
        Action::RemoveInfluence { area } | Action::PlaceInfluence { area } => index
            .get(area)
            .map(|e| crate::rulesets::pop::rules::relations::influence_in(world, realm, e) as i32),
        _ => None,
    };
    let mut best: Option<(i32, &Action)> = None;
    for a in legal.all() {
        let Some(n) = held(a) else { continue };
        let better = best.is_none_or(|(b, _)| if most { n > b } else { n < b });
        if better {
            best = Some((n, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// Where the Emperor's bot puts an Imperial Influence cube: an Elector Area first, where it has
/// the least influence (its own and Imperial), the first by scenario order on a tie.
pub fn imperial_influence_pick(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    let index = world.res::<Index>();
    let electors = &world.res::<Content>().0.options.electors;
    legal
        .matching(|a| matches!(a, Action::PlaceInfluence { .. }))
        .filter_map(|a| match a {
            Action::PlaceInfluence { area } => index.get(area).map(|e| (a, area, e)),
            _ => None,
        })
        .min_by_key(|(_, key, area)| {
            (
                !electors.contains(key),
                crate::rulesets::pop::rules::empire::influence_with_imperial(world, realm, *area),
            )
        })
        .map(|(a, _, _)| a.clone())
}

pub fn expand_pick(world: &World, realm: Entity, legal: &Legal) -> Option<Action> {
    let content = &world.res::<Content>().0;
    let board = world.res::<trade::TradeBoard>();
    let name = crate::rulesets::pop::state::key_of(world, realm);
    let index = world.res::<Index>();
    let score = |node: &str| {
        let (mine, rivals) = board
            .merchants
            .iter()
            .filter(|m| m.node.as_deref() == Some(node))
            .fold((0, 0), |(mine, rivals), m| {
                if m.realm == name {
                    (mine + 1, rivals)
                } else {
                    (mine, rivals + 1)
                }
            });
        let keys: i32 = content
            .trade_cards
            .iter()
            .flat_map(|c| c.nodes.iter().filter(|n| n.node == node))
            .flat_map(|n| n.keys.iter())
            .filter(|k| index.get(k.province).and_then(|p| owner(world, p)) == Some(realm))
            .map(|k| 1 + i32::from(k.plus))
            .sum();
        (mine, keys, -rivals)
    };
    let mut best: Option<((i32, i32, i32), &Action)> = None;
    for a in legal.matching(|a| matches!(a, Action::ChooseNode { .. })) {
        let Action::ChooseNode { node } = a else {
            continue;
        };
        let s = score(node);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// Whether the bot takes a deal offered by another player.
fn accepts(world: &World, realm: Entity, from: Entity, mat: &Mat, offer: &Offer) -> bool {
    // Asked for money: only a rich friend gives.
    if offer.ducats > 0 {
        return true;
    }
    if offer.ducats < 0 {
        let friend = allied(world, realm, from) || married(world, realm, from);
        return friend && mat.ducats >= -offer.ducats + 20;
    }
    if let Some(p) = offer
        .provinces
        .first()
        .and_then(|p| world.res::<Index>().get(p))
    {
        let tax = world.read::<Province>(p).map_or(1, Province::tax_value);
        if owner(world, p) == Some(realm) {
            // Selling: for a good price, never a core cheaply.
            let lost = sale_prestige(world, realm, &[p]);
            return (lost == 0 && offer.price >= 6 * tax)
                || (mat.loans >= 2 && offer.price >= 10 + 2 * lost);
        }
        // Buying (they sell): a fair price with money to spare.
        return mat.ducats >= offer.price + 10 && offer.price <= 6 * tax;
    }
    // Alliances and marriages between players of one faith are welcome.
    let faith = |r: Entity| world.read::<Realm>(r).map(|r| r.religion);
    faith(realm) == faith(from) || faith(realm) != Some(Religion::Sunni)
}

/// Cut Ties with the smallest Non-Player Realm ally at peace when the alliances are full and an
/// NPR at least 3 tax larger could be allied at once instead.
fn trade_up_alliance(world: &World, realm: Entity, dip: i32, legal: &Legal) -> Option<Action> {
    use crate::rulesets::pop::rules::diplomacy::alliance_cap;
    use crate::rulesets::pop::rules::relations::partners;
    use crate::rulesets::pop::rules::war::{active_allies, realm_tax_value};
    use crate::rulesets::pop::state::{key_of, sid_of};
    let allies = partners::<crate::rulesets::pop::model::Alliance>(world, realm);
    if allies.len() < alliance_cap(world, realm) || !enemies_of(world, realm).is_empty() {
        return None;
    }
    let active = active_allies(world);
    let weakest = allies
        .into_iter()
        .filter(|a| {
            world
                .read::<crate::rulesets::pop::model::NonPlayerRealm>(*a)
                .is_some()
                && enemies_of(world, *a).is_empty()
                && !active.contains(&sid_of(world, *a))
        })
        .min_by_key(|a| (realm_tax_value(world, *a), sid_of(world, *a)))?;
    let floor = realm_tax_value(world, weakest) + 3;
    // Forge Alliance is not legal at the cap, so look at the candidates the rules list.
    let better = crate::rulesets::pop::rules::diplomacy::alliance_candidates(world, realm)
        .iter()
        .any(|a| match a {
            Action::ForgeAlliance { realm: npr } => {
                world.res::<Index>().get(npr).is_some_and(|n| {
                    realm_tax_value(world, n) >= floor
                        && dip > forge_cost(world, n)
                        && crate::rulesets::pop::rules::diplomacy::forge_problem_but_cap(
                            world, realm, n,
                        )
                        .is_none()
                })
            }
            _ => false,
        });
    let cut = Action::CutTies {
        tie: crate::rulesets::pop::decision::Tie::Alliance {
            realm: key_of(world, weakest),
        },
    };
    (better && legal.contains(&cut)).then_some(cut)
}

#[cfg(test)]
mod tests {
    //! The bot's choices about Ideas and exploring by sea, on the mini scenario.

    use super::*;
    use crate::rulesets::pop::model::{At, UnitOf, UnitStatus};
    use crate::rulesets::pop::rules::ideas::{IdeaGrid, idea_index};
    use crate::rulesets::pop::rules::test_support::*;
    use crate::rulesets::pop::state::{sid_of, spawn_sim};

    const IDEAS: &str = r#"    ideas: [
        (id: "quest", name: "Quest for the New World", kind: Dip, age: 1, cost: 4, effects: [QuestForTheNewWorld]),
        (id: "loans", name: "Loans", kind: Adm, age: 1, cost: 4, effects: [Loans(1)]),
        (id: "skill", name: "Skill", kind: Adm, age: 1, cost: 4, effects: [Skill(Adm, 1)]),
        (id: "gov_big", name: "Big", kind: Adm, age: 1, cost: 4, government: true, effects: [Skill(Adm, 1), Income(2)]),
        (id: "gov_small", name: "Small", kind: Adm, age: 1, cost: 4, government: true, effects: [Income(1)]),
    ],"#;

    fn grant(world: &mut World, realm: Entity, id: &str) {
        let idea = idea_index(world, id).unwrap();
        let sid = sid_of(world, realm);
        world.res_mut::<IdeaGrid>().researched.push((sid, idea));
    }

    #[test]
    fn bot_researches_the_idea_worth_most_and_never_a_worse_government() {
        let game = game_with(|t| t.replace("    ideas: [],", IDEAS));
        let mut game = game;
        let a = e(&game, "AAA");
        let research = |id: &str| Action::ResearchIdea { idea: id.into() };
        let legal = Legal::known(vec![
            research("loans"),
            research("skill"),
            research("gov_small"),
        ]);
        let mut rich = mat(&game, a);
        rich.mp = [10, 10, 10];
        assert_eq!(
            crate::rulesets::pop::bot::research_pick(game.world(), a, &rich, &legal),
            Some(research("skill")),
            "a skill point beats one more loan and a small government"
        );
        let mut poor = rich.clone();
        poor.mp = [5, 10, 10];
        assert_eq!(
            crate::rulesets::pop::bot::research_pick(game.world(), a, &poor, &legal),
            None,
            "keep power in hand: cost + 3 first"
        );
        grant(game.world_mut(), a, "gov_big");
        assert_eq!(
            crate::rulesets::pop::bot::research_pick(
                game.world(),
                a,
                &rich,
                &Legal::known(vec![research("gov_small")])
            ),
            None,
            "a government form worth less than the one held is not taken"
        );
    }

    #[test]
    fn bot_with_the_quest_builds_a_light_ship_and_explores_by_sea() {
        let mut game = game_with(|t| t.replace("    ideas: [],", IDEAS));
        let a = e(&game, "AAA");
        assert!(!wants_explorer(game.world(), a), "no Quest, no explorer");
        grant(game.world_mut(), a, "quest");
        assert!(wants_explorer(game.world(), a));
        let mut m = mat(&game, a);
        m.ducats = 20;
        m.mp = [10, 10, 10];
        let legal = Legal::known(vec![
            Action::Recruit {
                area: "east".into(),
            },
            Action::Recruit {
                area: "north".into(),
            },
        ]);
        assert_eq!(
            explorer_recruit(game.world(), a, &m, &legal),
            Some(Action::Recruit {
                area: "north".into()
            }),
            "a port is needed for a ship"
        );
        let north = e(&game, "north");
        let ship = spawn_sim(
            game.world_mut(),
            None,
            (
                Unit {
                    kind: UnitKind::LightShip,
                    status: UnitStatus::Regular,
                    damaged: false,
                },
                At(north),
            ),
        );
        game.world_mut().entity_mut(ship).insert(UnitOf(a));
        assert!(!wants_explorer(game.world(), a), "one explorer is enough");
        let sail = Action::ExploreWithShip {
            from: "north".into(),
            to: "far_sea".into(),
        };
        let legal = Legal::known(crate::rulesets::pop::rules::explore::candidates(
            game.world(),
            a,
        ));
        assert!(legal.contains(&sail));
        assert_eq!(
            best_ship_move(game.world(), a, &legal),
            Some(sail),
            "Far Sea touches unclaimed Farland"
        );
    }

    #[test]
    fn bot_exchanges_cards_it_never_plays_and_buys_one_worth_playing_from_the_discards() {
        use crate::rulesets::pop::DecisionKind;
        use crate::rulesets::pop::rules::cards::ActionDecks;
        const CARDS: &str = r#"action_cards: [
        (id: "dull_adm", name: "Dull Adm", deck: Adm, cost: 1, effects: [Prestige(1)]),
        (id: "dull_dip", name: "Dull Dip", deck: Dip, cost: 1, effects: [Claim("north")]),
        (id: "dull_mil", name: "Dull Mil", deck: Mil, cost: 1, effects: [Ducats(1)]),
        (id: "good_adm", name: "Good Adm", deck: Adm, cost: 1, effects: [Stability(1)]),
        (id: "f_adm", name: "Filler Adm", deck: Adm, cost: 1, effects: [Ducats(1)]),
        (id: "f_dip", name: "Filler Dip", deck: Dip, cost: 1, effects: [Ducats(1)]),
        (id: "f_mil", name: "Filler Mil", deck: Mil, cost: 1, effects: [Ducats(1)]),
    ],"#;
        let mut game = game_with(|t| t.replace("action_cards: [],", CARDS));
        while game.pending().is_some_and(|d| d.kind != DecisionKind::Turn) {
            let first = game.legal_actions()[0].clone();
            game.apply(first).unwrap();
        }
        let me = e(&game, &game.pending().unwrap().realm.clone());
        set(&mut game, me, |m| {
            m.mp = [6, 6, 6];
            m.ducats = 20;
        });
        let index = |id: &str| {
            game.scenario()
                .action_cards
                .iter()
                .position(|c| c.id == id)
                .unwrap()
        };
        let dull: Vec<usize> = ["dull_adm", "dull_dip", "dull_mil"]
            .into_iter()
            .map(index)
            .collect();
        let good = index("good_adm");
        // The hand holds the three dull cards; Good Adm lies on top of the Adm discards.
        game.world_mut().get_mut::<Hand>(me).unwrap().cards = dull.clone();
        {
            let mut decks = game.world_mut().res_mut::<ActionDecks>();
            let decks = &mut *decks;
            for pile in decks.decks.iter_mut().chain(decks.discard.iter_mut()) {
                pile.retain(|c| *c != good && !dull.contains(c));
            }
            decks.discard[MpKind::Adm.index()].push(good);
        }
        let world = game.world();
        let value = &crate::rulesets::pop::bot::value;
        assert_eq!(dead_cards(world, me, value).len(), 3, "none worth playing");
        let legal = Legal::known(game.legal_actions());
        let exchange = Action::ChangeFocus {
            into: None,
            from: vec![],
        };
        assert_eq!(
            card_exchange(world, me, &mat(&game, me), &legal, value),
            Some(exchange.clone())
        );
        game.apply(exchange).unwrap();
        let mut steps = 0;
        while let Some(d) = game.pending().cloned().filter(|d| {
            matches!(
                d.kind,
                DecisionKind::FocusDiscard { .. } | DecisionKind::FocusDraw { .. }
            )
        }) {
            let legal = Legal::known(game.legal_actions());
            let pick = decide(game.world(), me, &mat(&game, me), &d.kind, &legal).unwrap();
            game.apply(pick).unwrap();
            steps += 1;
            assert!(steps < 10);
        }
        let held = game.world().get::<Hand>(me).unwrap().cards.clone();
        assert!(held.contains(&good), "the card worth playing is bought");
        assert!(dull.iter().all(|c| !held.contains(c)), "the dull cards go");
        assert_eq!(held.len(), 2, "three given up, two new");
        assert_eq!(mat(&game, me).ducats, 18, "the pick costs 2 ducats");
        assert_eq!(
            count(&game, "pop.5.1.focus_discard_pick"),
            3,
            "the 1 MP, the 2 ducats and the pick"
        );
    }
}
