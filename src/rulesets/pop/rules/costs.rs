//! What each legal action costs the realm taking it, from the helpers the rules charge with.
//!
//! `action_cost` answers for the pending decision: the same action can cost differently by
//! context (a Move is free as the activation after a declaration of war, a province chosen
//! while suppressing unrest costs 1 mil). A cost is what the action spends or gives up by
//! itself; what its effects (an Event's option, a played card's effects, battle losses, dice)
//! later take or give is not part of it. A deal offered to another player is charged when it
//! is accepted: `Propose` lists the proposer's share, `Accept` the answering realm's.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Offer, Pending, Tie};
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::relations::{influence_in, owned_areas};
use crate::rulesets::pop::rules::{
    actions, cards, characters, colonize, diplomacy, economy, explore, generic, ideas, income,
    military, minor, religion, trade, war,
};
use crate::rulesets::pop::state::{Content, Index};

/// What taking an action costs a realm. Every field counts what is spent or given up, so all
/// are zero or positive. Loans count the interest tokens the action adds (Take a Loan, paying
/// corruption or gold inflation in tokens): debt, not ducats.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[serde(default)]
pub struct Cost {
    #[serde(skip_serializing_if = "is_zero")]
    pub adm: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub dip: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub mil: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub ducats: i32,
    /// Available manpower (a regular land unit recruited).
    #[serde(skip_serializing_if = "is_zero")]
    pub manpower: i32,
    /// Colonists from the pool.
    #[serde(skip_serializing_if = "is_zero")]
    pub colonists: i32,
    /// Influence cubes taken off the board.
    #[serde(skip_serializing_if = "is_zero")]
    pub influence: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub prestige: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub stability: i32,
    /// Interest tokens taken on.
    #[serde(skip_serializing_if = "is_zero")]
    pub loans: i32,
    /// Monarch power of the realm's choice (an event option's "lose 2 MP"); asked afterwards.
    #[serde(skip_serializing_if = "is_zero")]
    pub any_mp: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

impl Cost {
    /// The monarch power of one type it costs.
    pub fn mp(&self, kind: MpKind) -> i32 {
        match kind {
            MpKind::Adm => self.adm,
            MpKind::Dip => self.dip,
            MpKind::Mil => self.mil,
        }
    }

    fn add_mp(&mut self, kind: MpKind, amount: i32) {
        match kind {
            MpKind::Adm => self.adm += amount,
            MpKind::Dip => self.dip += amount,
            MpKind::Mil => self.mil += amount,
        }
    }

    pub fn is_free(&self) -> bool {
        *self == Cost::default()
    }

    /// The cost in words, e.g. "2 DIP + 3 ducats", or "free".
    pub fn describe(&self) -> String {
        let plural =
            |n: i32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let parts: Vec<String> = [
            (self.adm, "ADM", "ADM"),
            (self.dip, "DIP", "DIP"),
            (self.mil, "MIL", "MIL"),
            (self.any_mp, "MP of your choice", "MP of your choice"),
            (self.ducats, "ducat", "ducats"),
            (self.manpower, "manpower", "manpower"),
            (self.colonists, "colonist", "colonists"),
            (self.influence, "influence", "influence"),
            (self.prestige, "prestige", "prestige"),
            (self.stability, "stability", "stability"),
            (self.loans, "loan", "loans"),
        ]
        .into_iter()
        .filter(|(n, _, _)| *n != 0)
        .map(|(n, one, many)| plural(n, one, many))
        .collect();
        if parts.is_empty() {
            "free".to_string()
        } else {
            parts.join(" + ")
        }
    }
}

/// What taking `action` now costs `realm` up front, for the decision pending. Actions that
/// cost nothing (passing, taking an Event, choosing an option, ...) are free.
pub fn action_cost(world: &World, realm: Entity, action: &Action) -> Cost {
    let pending = world.res::<Pending>().0.as_ref().map(|d| d.kind.clone());
    let index = |key: &str| world.res::<Index>().get(key);
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let mut cost = Cost::default();
    match action {
        Action::IncreaseStability => cost.adm = economy::stability_cost(world, realm),
        Action::SuppressUnrest { .. } => cost.mil = actions::SUPPRESS_MIL,
        Action::ChooseProvince { province } => match pending {
            Some(DecisionKind::SuppressMore) => cost.mil = actions::SUPPRESS_MIL,
            Some(DecisionKind::SiegeMore { .. }) => {
                cost.mil = military::siege_more_cost(world, realm, province)
            }
            _ => {}
        },
        Action::TakeLoan => cost.loans = 1,
        Action::RepayLoan => cost.ducats = economy::REPAY_DUCATS,
        Action::ResearchIdea { idea } => {
            if let Some((kind, amount)) = ideas::idea_cost(world, idea) {
                cost.add_mp(kind, amount);
            }
        }
        Action::KeepCard { .. } => cost.ducats = cards::keep_cost(world),
        Action::Appoint { card } => {
            if let Some(character) = card_character(world, realm, card) {
                cost.ducats = characters::appointment_cost(world, realm, character);
            }
        }
        Action::AppointGeneral { card, .. } | Action::AppointToEmptyMat { card, .. } => {
            if let Some(character) = card_character(world, realm, card) {
                cost.mil = military::leader_cost(world, realm, character);
            }
        }
        Action::PayCorruption { adm } => {
            if let Some(DecisionKind::Corruption { charge }) = pending {
                let paid = (*adm).min(charge);
                cost.adm = i32::from(paid);
                cost.loans = i32::from(charge - paid);
            }
        }
        Action::DiscardDucats => cost.ducats = (mat.ducats - income::CORRUPTION_KEEP).max(0),
        Action::Decline => {
            if let Some(DecisionKind::CallToArms { .. }) = pending {
                refusal_cost(world, realm, &mut cost);
            }
        }
        Action::DeclareWar { target } => {
            // A further target of the same declaration costs no more mil.
            if pending != Some(DecisionKind::MoreWarTargets) {
                cost.mil = military::ACTIVATION_MIL;
            }
            if let Some(target) = index(target) {
                cost.stability = war::declaration_stability(world, realm, target);
                cost.influence = war::declaration_influence(world, realm, target);
            }
        }
        Action::Recruit { .. } | Action::Sail { .. } => {
            cost.mil = activation(world, pending.as_ref())
        }
        Action::Move { to, .. } => {
            cost.mil = activation(world, pending.as_ref());
            match index(to).map(|t| military::access_price(world, realm, t)) {
                Some(military::AccessPrice::Influence) => cost.influence = 1,
                Some(military::AccessPrice::Ducats) => cost.ducats = military::ACCESS_DUCATS,
                _ => {}
            }
        }
        Action::RecruitUnit { kind, mercenary } => {
            cost.ducats = military::unit_cost(*kind, *mercenary);
            cost.manpower = military::unit_manpower(*kind, *mercenary);
        }
        Action::Siege { province } => {
            let target = index(province).and_then(|p| Some((p, world.read::<InArea>(p)?.0)));
            if let Some((p, area)) = target {
                cost.mil = military::siege_cost(world, realm, area, p, 0);
            }
        }
        Action::Propose {
            realm: other,
            offer,
        } => {
            if let Some(other) = index(other) {
                cost = deal_cost(world, realm, realm, other, offer);
            }
        }
        Action::Accept => {
            if let Some(DecisionKind::Proposal { .. }) = pending
                && let Some(deal) = world.res::<generic::Generic>().deal.clone()
            {
                cost = deal_cost(world, realm, deal.from, deal.to, &deal.offer);
            } else if let Some(DecisionKind::AgeMarriages) = pending {
                cost.dip = crate::rulesets::pop::rules::milestones::MARRIAGE_KEEP_DIP;
            }
        }
        Action::Explore | Action::ExploreWithShip { .. } => {
            cost.dip = explore::EXPLORE_DIP;
            cost.mil = explore::EXPLORE_MIL;
        }
        Action::Reroll => cost.dip = explore::REROLL_DIP,
        Action::Discover { .. }
            if world
                .res::<generic::Generic>()
                .explore
                .is_some_and(|roll| roll.mark) =>
        {
            cost.dip = explore::REROLL_DIP;
        }
        Action::ChangeFocus {
            into: Some(_),
            from,
        } => {
            for kind in from {
                cost.add_mp(*kind, 1);
            }
        }
        Action::ChangeReligion | Action::AdoptRebelFaith => {
            cost.prestige = religion::CHANGE_PRESTIGE;
            cost.stability = religion::CHANGE_STABILITY;
        }
        Action::CounterReformation => cost.adm = religion::COUNTER_REFORMATION_ADM,
        Action::ConvertArea { .. } => {
            cost.adm = religion::convert_adm(world, realm);
            cost.ducats = religion::CONVERT_DUCATS;
        }
        Action::Influence { .. } => cost.dip = diplomacy::INFLUENCE_DIP,
        Action::InfluenceForDucats { .. } => cost.ducats = diplomacy::INFLUENCE_DUCATS,
        Action::ForgeAlliance { realm: npr } => {
            if let Some(npr) = index(npr) {
                cost.dip = diplomacy::forge_cost(world, npr);
            }
        }
        Action::FabricateClaim { area } => {
            cost.dip = index(area).map_or(diplomacy::FABRICATE_DIP, |a| {
                diplomacy::fabricate_dip(world, a)
            })
        }
        Action::Trade => cost.dip = trade::TRADE_DIP,
        Action::PayInflation { adm: true } => cost.adm = trade::INFLATION_ADM,
        Action::PayInflation { adm: false } => cost.loans = 1,
        Action::PlayCard { card } => {
            let hand = world
                .read::<crate::rulesets::pop::rules::cards::Hand>(realm)
                .map(|h| h.cards.clone())
                .unwrap_or_default();
            if let Some(c) = cards::find_card(world, &hand, card) {
                let def = &world.res::<Content>().0.action_cards[c];
                cost.add_mp(def.deck, economy::card_mp_cost(world, realm, def));
                cost.ducats = i32::from(def.ducats);
            }
        }
        Action::Colonize { colonists, .. } => {
            cost.adm = colonize::colonize_adm(*colonists);
            cost.colonists = i32::from(*colonists);
        }
        Action::CallToArms { ally } => {
            match index(ally).and_then(|ally| war::pending_call_cost(world, ally)) {
                Some(war::CallPayment::Influence(n)) => cost.influence = i32::from(n),
                Some(war::CallPayment::Colonists(n)) => cost.colonists = i32::from(n),
                None => {}
            }
        }
        Action::ReplenishManpower { units } => cost.mil = minor::replenish_cost(*units),
        Action::TakeDiscard { card } => {
            let content = &world.res::<Content>().0;
            if let Some(def) = content.action_cards.iter().find(|c| c.id == *card) {
                cost.add_mp(
                    def.deck,
                    crate::rulesets::pop::rules::focus::DISCARD_PICK_MP,
                );
                cost.ducats = crate::rulesets::pop::rules::focus::DISCARD_PICK_DUCATS;
            }
        }
        Action::CutTies { tie } => cut_ties_cost(world, realm, tie, &mut cost),
        Action::ChooseOption { option } => {
            if let (Some(DecisionKind::EventOption { .. }), Some((_, card))) = (
                pending,
                world
                    .res::<crate::rulesets::pop::rules::events::EventInProgress>()
                    .0,
            ) {
                let def = &world.res::<Content>().0.events[card];
                if let Some(o) = def.options.get(usize::from(*option)) {
                    cost = effects_cost(&mat, economy::max_loans(world, realm), &o.effects);
                }
            }
        }
        // Seed 002 step 6: the ruler on the Event nobody took costs its realm 2 adm.
        Action::AcceptRuler | Action::TakeRuler { .. }
            if world
                .res::<crate::rulesets::pop::rules::events::Leftover>()
                .resolving =>
        {
            cost.adm = crate::rulesets::pop::rules::events::LEFTOVER_RULER_ADM
        }
        Action::IncreaseAuthority => {
            cost.adm = crate::rulesets::pop::rules::empire::increase_cost(world)
        }
        Action::Excommunicate { .. } | Action::CallCrusade { .. } => {
            cost.dip = crate::rulesets::pop::rules::curia::PAPAL_ACTION_DIP
        }
        _ => {}
    }
    cost
}

/// What a list of effects (an event option) takes from the realm, applied in order as the
/// effects apply them: gains first where they come first, monarch power only as far as the
/// pools go, manpower only as far as it is available, and ducats in full with the forced loans
/// (5 ducats each, up to `max_loans` tokens) that cover a shortfall. A shortfall beyond the
/// loans is bankruptcy; the ducats are still listed.
pub fn effects_cost(
    mat: &Mat,
    max_loans: u8,
    effects: &[crate::rulesets::pop::content::schema::Effect],
) -> Cost {
    use crate::rulesets::pop::content::schema::Effect;
    let mut m = mat.clone();
    let mut cost = Cost::default();
    let take_loan = |m: &mut Mat, cost: &mut Cost| {
        if m.loans >= max_loans {
            return false;
        }
        m.loans += 1;
        m.ducats += economy::LOAN_DUCATS;
        cost.loans += 1;
        true
    };
    for effect in effects {
        match *effect {
            Effect::Ducats(n) if n >= 0 => m.ducats += n,
            Effect::Ducats(n) => {
                while m.ducats < -n && take_loan(&mut m, &mut cost) {}
                m.ducats += n;
                cost.ducats -= n;
            }
            Effect::Loan(n) => {
                for _ in 0..n {
                    take_loan(&mut m, &mut cost);
                }
            }
            Effect::Mp(kind, n) if n >= 0 => {
                m.mp[kind.index()] = (m.mp(kind) + n).min(economy::MP_CAP);
            }
            Effect::Mp(kind, n) => {
                let paid = (-n).min(m.mp(kind));
                m.mp[kind.index()] -= paid;
                cost.add_mp(kind, paid);
            }
            Effect::AnyMp(n) if n < 0 => {
                // The realm chooses; the fullest pool pays, as far as power is left.
                for _ in 0..-n {
                    let Some(kind) = MpKind::ALL
                        .into_iter()
                        .filter(|k| m.mp(*k) > 0)
                        .max_by_key(|k| m.mp(*k))
                    else {
                        break;
                    };
                    m.mp[kind.index()] -= 1;
                    cost.any_mp += 1;
                }
            }
            Effect::Stability(n) if n < 0 => cost.stability -= n,
            Effect::Prestige(n) if n < 0 => cost.prestige -= n,
            Effect::Manpower(n) if n >= 0 => m.manpower += n,
            Effect::Manpower(n) => {
                let lost = (-n).min(m.manpower);
                m.manpower -= lost;
                cost.manpower += lost;
            }
            _ => {}
        }
    }
    cost
}

/// Each legal answer to the pending decision with what it costs the deciding realm.
pub fn legal_actions_with_costs(world: &World) -> Vec<(Action, Cost)> {
    let Some(realm) = world
        .res::<Pending>()
        .0
        .as_ref()
        .and_then(|d| world.res::<Index>().get(d.realm))
    else {
        return Vec::new();
    };
    crate::rulesets::pop::rules::legal_actions(world)
        .into_iter()
        .map(|a| {
            let cost = action_cost(world, realm, &a);
            (a, cost)
        })
        .collect()
}

/// Mil an Activate or Recruit costs: nothing as the free activation after a declaration, or
/// as the army carried along by a Naval Movement (paid with the sail).
fn activation(world: &World, pending: Option<&DecisionKind>) -> i32 {
    match pending {
        Some(DecisionKind::FreeActivation | DecisionKind::NavalTransport { .. }) => 0,
        _ => military::activation_cost(world),
    }
}

/// The character on a card in the realm's hand.
fn card_character(world: &World, realm: Entity, card: &str) -> Option<Entity> {
    let hand = world.read::<cards::Hand>(realm)?;
    let index = cards::find_card(world, &hand.cards, card)?;
    characters::card_character(world, index)
}

/// `payer`'s share of a deal `from` offers `to` (charged when it is made): the proposer's dip
/// for alliance, marriage and Monetary Support; the giver's ducats; the buyer's price; 1 adm
/// each for a province sale.
fn deal_cost(world: &World, payer: Entity, from: Entity, to: Entity, offer: &Offer) -> Cost {
    let mut cost = Cost::default();
    if payer == from {
        cost.dip = diplomacy::offer_dip(offer);
    }
    let giver = if offer.ducats > 0 { from } else { to };
    if offer.ducats != 0 && giver == payer {
        cost.ducats += offer.ducats.abs();
    }
    if !offer.provinces.is_empty()
        && let Some((buyer, seller)) = diplomacy::sale_sides(world, from, to, offer)
    {
        if payer == buyer || payer == seller {
            cost.adm = diplomacy::SALE_ADM;
        }
        if payer == buyer {
            cost.ducats += offer.price;
        }
    }
    cost
}

/// What refusing the Call to Arms being answered costs: prestige and influence in the caller's
/// areas for a defensive call the realm is not excused from.
fn refusal_cost(world: &World, realm: Entity, cost: &mut Cost) {
    let Some(call) = world.res::<war::WarState>().asked.clone() else {
        return;
    };
    if !war::refusal_is_penalised(world, &call) {
        return;
    }
    cost.prestige = war::REFUSAL_PRESTIGE;
    if let Some(caller) = world.res::<Index>().by_sid(call.caller) {
        cost.influence = influence_within(world, realm, &owned_areas(world, caller))
            .min(i32::from(war::REFUSAL_INFLUENCE));
    }
}

/// What a Cut Ties gives up that the cost counts: the influence cube, or the penalties of
/// ending an alliance (5 influence in the ally's areas at peace; 2 stability and all influence
/// there in wartime). A claim given up is free.
fn cut_ties_cost(world: &World, realm: Entity, tie: &Tie, cost: &mut Cost) {
    match tie {
        Tie::Influence { .. } => cost.influence = 1,
        Tie::Claim { .. } => {}
        Tie::Alliance { realm: ally } => {
            let Some(ally) = world.res::<Index>().get(ally) else {
                return;
            };
            let held = influence_within(world, realm, &owned_areas(world, ally));
            if minor::split_in_wartime(world, ally) {
                cost.stability = minor::WARTIME_SPLIT_STABILITY;
                cost.influence = held;
            } else {
                cost.influence = held.min(i32::from(minor::PEACEFUL_SPLIT_INFLUENCE));
            }
        }
    }
}

fn influence_within(world: &World, realm: Entity, areas: &[Entity]) -> i32 {
    areas
        .iter()
        .map(|a| i32::from(influence_in(world, realm, *a)))
        .sum()
}

/// Why `realm` should confirm `action` before taking it, in words (with content ids, which the
/// client shows by name): a declaration of war says what it starts and every price of it with
/// its reason; any other choice costing stability or prestige says so. `None` otherwise.
pub fn warning(world: &World, realm: Entity, action: &Action) -> Option<String> {
    let cost = action_cost(world, realm, action);
    let mut why = Vec::new();
    if let Action::DeclareWar { target: key } = action {
        let target = world.res::<Index>().get(key)?;
        why.push(format!("This starts a war with {key}."));
        let has_cb = war::casus_belli(world, realm, target).is_some();
        if !has_cb {
            why.push(format!(
                "You hold no Casus Belli on {key}: -{} stability.",
                war::NO_CB_STABILITY
            ));
        }
        if war::married(world, realm, target) {
            why.push(format!(
                "You are married to {key}: -{} stability.",
                war::MARRIED_STABILITY
            ));
        }
        if cost.influence > 0 {
            why.push(format!(
                "{} of your influence cubes leave the board (all of them in {key}'s areas).",
                cost.influence
            ));
        }
        if crate::rulesets::pop::rules::empire::internal_war(world, realm, target, has_cb) {
            why.push(format!(
                "As Emperor, attacking {key}, a member of the Empire, without a Casus Belli costs 1 Imperial Authority and {} of your influence in the Empire (counted above).",
                crate::rulesets::pop::rules::empire::internal_war_influence(
                    world, realm, target, has_cb
                )
                .len()
            ));
        }
    } else {
        let imperial_call = world
            .res::<war::WarState>()
            .asked
            .as_ref()
            .is_some_and(|call| call.imperial);
        if *action == Action::Decline && imperial_call {
            why.push(
                "Refusing to Defend the HRE costs the Emperor 1 Imperial Authority.".to_string(),
            );
        }
        if cost.stability > 0 {
            why.push(format!("This costs {} stability.", cost.stability));
        }
        if cost.prestige > 0 {
            why.push(format!("This costs {} prestige.", cost.prestige));
        }
    }
    if cost.stability > 0 {
        let stability = world.read::<Mat>(realm).map_or(0, |m| m.stability);
        let below = (cost.stability - (stability + 3)).max(0);
        if below > 0 {
            why.push(format!(
                "Your stability is {stability:+}: it stops at -3, and each step below costs 2 ADM instead ({below} step{}).",
                if below == 1 { "" } else { "s" }
            ));
        }
    }
    (!why.is_empty()).then(|| why.join("\n"))
}
