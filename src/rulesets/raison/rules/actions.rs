//! The actions on the dial (seed 003, "Actions"): Muster, Taxation, Subsidise & Mercenaries,
//! Leadership, Mobilisation with Corruption, Gain Influence, and the hand limit at the end of
//! every action. Movement and battles have their own modules.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::raison::content::schema::{DialAction, Status};
use crate::rulesets::raison::decision::{Action, DecisionKind};
use crate::rulesets::raison::ids;
use crate::rulesets::raison::model::{
    Kind, MapIndex, P, Table, army, army_mut, coalition_allies, controller, generals_at, hold_mut,
    map, place, power_id, powers, purse, purse_mut, segment, status,
};
use crate::rulesets::raison::rules::round::{discard, draw, gain_influence};
use crate::rulesets::raison::rules::{Doing, Stage, Turn, ask, movement, take_answer};

fn house(world: &World) -> &crate::rulesets::raison::content::schema::HouseRules {
    &world
        .res::<crate::rulesets::raison::model::Content>()
        .0
        .house
}

fn note(world: &mut World, rule: &'static str, p: P, text: String) {
    let id = power_id(world, p).to_string();
    write(world, Note::new(rule, text).realm(id));
}

/// Plays the actions of the turn, Power after Power, until one asks a decision (`true`) or the
/// turn is over (`false`: the next turn begins).
pub fn act(world: &mut World) -> bool {
    loop {
        if world.res::<crate::engine::flow::Flow>().over {
            return true;
        }
        let (actor, doing) = {
            let turn = world.res::<Turn>();
            (turn.order.get(turn.actor).copied(), turn.doing)
        };
        let Some(p) = actor else {
            let mut table = world.res_mut::<Table>();
            table.turn += 1;
            world.res_mut::<Turn>().stage = Stage::Start;
            return false;
        };
        let asked = match doing {
            Doing::Begin => begin(world, p),
            Doing::MusterDiscard => muster_discard(world, p),
            Doing::LeadershipChoice => leadership(world, p),
            Doing::Placing | Doing::Withdrawing => commanding(world, p),
            Doing::Subsidising => subsidising(world, p),
            Doing::Mobilising => mobilising(world, p),
            Doing::ChoosingEnvoy
            | Doing::Moving
            | Doing::Consent
            | Doing::Battles
            | Doing::Garrisons
            | Doing::Grant => movement::step(world, p),
            Doing::HandLimit => hand_limit(world),
        };
        if asked {
            return true;
        }
    }
}

fn set_doing(world: &mut World, doing: Doing) {
    world.res_mut::<Turn>().doing = doing;
}

/// The action is over: every Power over the hand limit discards down to it, the actor first.
pub fn finish(world: &mut World, p: P) {
    let limit = house(world).hand_limit as usize;
    let mut over: Vec<P> = powers(world)
        .filter(|q| purse(world, *q).hand.len() > limit)
        .collect();
    if let Some(i) = over.iter().position(|q| *q == p) {
        over.remove(i);
        over.insert(0, p);
    }
    let mut turn = world.res_mut::<Turn>();
    turn.over_limit = over;
    turn.doing = Doing::HandLimit;
}

fn hand_limit(world: &mut World) -> bool {
    let limit = house(world).hand_limit as usize;
    loop {
        let Some(&p) = world.res::<Turn>().over_limit.first() else {
            // The next Power's action.
            let mut turn = world.res_mut::<Turn>();
            turn.actor += 1;
            turn.doing = Doing::Begin;
            turn.given = 0;
            turn.gave_cards = None;
            return false;
        };
        if let Some(Action::Discard(v)) = take_answer(world) {
            discard(world, p, v);
            let left = purse(world, p).hand.len();
            note(
                world,
                ids::HAND_LIMIT,
                p,
                format!(
                    "{} discards a {v} to keep within the hand limit of {limit} ({left} left)",
                    power_id(world, p)
                ),
            );
        }
        if purse(world, p).hand.len() > limit {
            ask(world, p, DecisionKind::HandLimit);
            return true;
        }
        world.res_mut::<Turn>().over_limit.remove(0);
    }
}

/// The cards a Power may discard: one of each value it holds.
pub fn discard_choices(world: &World, p: P) -> Vec<Action> {
    let mut hand = purse(world, p).hand.clone();
    hand.dedup();
    hand.into_iter().map(Action::Discard).collect()
}

fn begin(world: &mut World, p: P) -> bool {
    // "The controlling Major Power takes all the actions of that Minor Power, starting with
    // Muster": before its first Muster nobody plays it.
    if crate::rulesets::raison::model::player_of(world, p).is_none() {
        note(
            world,
            ids::MINOR_CONTROL,
            p,
            format!(
                "{} is a Minor Power nobody controls yet: no action before its Muster",
                power_id(world, p)
            ),
        );
        finish(world, p);
        return false;
    }
    match segment(world, p) {
        DialAction::Muster => {
            match draw(world, p) {
                // The card stays secret: the log is read by every seat.
                Some(_) => note(
                    world,
                    ids::MUSTER,
                    p,
                    format!("{} musters and draws a Battle card", power_id(world, p)),
                ),
                None => note(
                    world,
                    ids::MUSTER,
                    p,
                    format!(
                        "{} musters; no Battle card is left to draw",
                        power_id(world, p)
                    ),
                ),
            }
            if purse(world, p).hand.is_empty() {
                finish(world, p);
            } else {
                set_doing(world, Doing::MusterDiscard);
            }
        }
        DialAction::Taxation => {
            taxation(world, p);
            finish(world, p);
        }
        DialAction::Subsidise => start_subsidy(world),
        DialAction::Leadership | DialAction::LeadershipAndSubsidise => {
            set_doing(world, Doing::LeadershipChoice)
        }
        DialAction::Mobilisation => set_doing(world, Doing::Mobilising),
        DialAction::GainInfluence => {
            gain_influence_action(world, p);
            finish(world, p);
        }
        DialAction::Movement => movement::begin(world, p),
    }
    false
}

fn muster_discard(world: &mut World, p: P) -> bool {
    if let Some(Action::Discard(v)) = take_answer(world) {
        discard(world, p, v);
        note(
            world,
            ids::MUSTER,
            p,
            format!("{} discards a {v}", power_id(world, p)),
        );
        finish(world, p);
        return false;
    }
    ask(world, p, DecisionKind::MusterDiscard);
    true
}

/// What Taxation would bring `p` now: its controlled Home Territories, Undisputed ones, and
/// Disputed ones without its stripe, each at its value; doubled when Neutral.
pub fn tax_income(world: &World, p: P) -> i32 {
    let m = map(world);
    let mut total = 0;
    for t in 0..m.territory_ids.len() {
        if controller(world, t as u16) != Some(p) {
            continue;
        }
        let counts = match &m.kinds[t] {
            Kind::Home(h) => *h == p,
            Kind::Undisputed => true,
            Kind::Disputed(stripes) => !stripes.contains(&p),
        };
        if counts {
            total += i32::from(m.values[t]);
        }
    }
    if status(world, p) == Status::Neutral {
        total *= 2;
    }
    total
}

fn taxation(world: &mut World, p: P) {
    let income = tax_income(world, p);
    let neutral = status(world, p) == Status::Neutral;
    let money = {
        let mut purse = purse_mut(world, p);
        purse.money += income;
        purse.money
    };
    let doubled = if neutral { " (doubled: Neutral)" } else { "" };
    let id = power_id(world, p).to_string();
    write(
        world,
        Note::new(
            ids::TAXATION,
            format!("{id} collects {income} Money in taxes{doubled}; now {money}"),
        )
        .realm(id)
        .amount(income),
    );
}

/// What Gain Influence would bring `p` now: its controlled Disputed Territories with its
/// stripe, other Powers' Home Territories it controls, each at its value, and the Emperor's 2.
pub fn influence_income(world: &World, p: P) -> i32 {
    let m = map(world);
    let mut total = 0;
    for t in 0..m.territory_ids.len() {
        if controller(world, t as u16) != Some(p) {
            continue;
        }
        let counts = match &m.kinds[t] {
            Kind::Home(h) => *h != p,
            Kind::Undisputed => false,
            Kind::Disputed(stripes) => stripes.contains(&p),
        };
        if counts {
            total += i32::from(m.values[t]);
        }
    }
    if world.res::<Table>().emperor == Some(p) {
        total += house(world).emperor_influence;
    }
    total
}

fn gain_influence_action(world: &mut World, p: P) {
    if !purse(world, p).major {
        note(
            world,
            ids::GAIN_INFLUENCE,
            p,
            format!(
                "{} is a Minor Power: it takes no Gain Influence action",
                power_id(world, p)
            ),
        );
        return;
    }
    let amount = influence_income(world, p);
    if amount == 0 {
        note(
            world,
            ids::GAIN_INFLUENCE,
            p,
            format!("{} gains no Influence", power_id(world, p)),
        );
        return;
    }
    let emperor = world.res::<Table>().emperor == Some(p);
    let why = if emperor {
        "its striped Disputed Territories, other Powers' Homes, and the Imperial crown"
    } else {
        "its striped Disputed Territories and other Powers' Homes"
    };
    gain_influence(world, p, amount, ids::GAIN_INFLUENCE, why);
}

// ---- Subsidise & Mercenaries ----

fn start_subsidy(world: &mut World) {
    let mut turn = world.res_mut::<Turn>();
    turn.given = 0;
    turn.gave_cards = None;
    turn.doing = Doing::Subsidising;
}

/// The Coalition Allies `p` may give to.
fn allies(world: &World, p: P) -> Vec<P> {
    powers(world)
        .filter(|q| coalition_allies(world, p, *q))
        .collect()
}

/// The gifts `p` may make now: one Money or one Battle card to a Coalition Ally, up to the
/// limit, all of one kind; `Done` always.
pub fn subsidy_choices(world: &World, p: P) -> Vec<Action> {
    let turn = world.res::<Turn>();
    let limit = house(world).subsidy_limit;
    let mut out = Vec::new();
    if turn.given < limit {
        let purse = purse(world, p);
        let mut values = purse.hand.clone();
        values.dedup();
        for q in allies(world, p) {
            let to = power_id(world, q).to_string();
            if turn.gave_cards != Some(true) && purse.money > 0 {
                out.push(Action::GiveMoney { to: to.clone() });
            }
            if turn.gave_cards != Some(false) {
                for v in &values {
                    out.push(Action::GiveCard {
                        to: to.clone(),
                        value: *v,
                    });
                }
            }
        }
    }
    out.push(Action::Done);
    out
}

/// Why a gift is refused.
pub fn why_not_give(world: &World, p: P, to: &str, action: &Action) -> String {
    let Some(q) = world.res::<MapIndex>().power(to) else {
        return format!("\"{to}\" is not a Power");
    };
    if !coalition_allies(world, p, q) {
        return format!(
            "{to} is not a Coalition Ally of {}: Subsidise & Mercenaries give only to Coalition Allies",
            power_id(world, p)
        );
    }
    let turn = world.res::<Turn>();
    if turn.given >= house(world).subsidy_limit {
        return format!(
            "at most {} may be given in one action",
            house(world).subsidy_limit
        );
    }
    match action {
        Action::GiveMoney { .. } if turn.gave_cards == Some(true) => {
            "Subsidise or Mercenaries, not both: Battle cards were given already".into()
        }
        Action::GiveCard { .. } if turn.gave_cards == Some(false) => {
            "rde.mercenaries|Subsidise or Mercenaries, not both: Money was given already".into()
        }
        Action::GiveMoney { .. } => "no Money left to give".into(),
        Action::GiveCard { value, .. } => format!("no {value} in hand to give"),
        _ => String::new(),
    }
}

fn subsidising(world: &mut World, p: P) -> bool {
    match take_answer(world) {
        Some(Action::GiveMoney { to }) => {
            let q = world.res::<MapIndex>().power(&to).expect("legal gift");
            purse_mut(world, p).money -= 1;
            purse_mut(world, q).money += 1;
            let mut turn = world.res_mut::<Turn>();
            turn.given += 1;
            turn.gave_cards = Some(false);
            note(
                world,
                ids::SUBSIDISE,
                p,
                format!("{} subsidises {to} with 1 Money", power_id(world, p)),
            );
        }
        Some(Action::GiveCard { to, value }) => {
            let q = world.res::<MapIndex>().power(&to).expect("legal gift");
            {
                let mut purse = purse_mut(world, p);
                let i = purse
                    .hand
                    .iter()
                    .position(|c| *c == value)
                    .expect("legal gift");
                purse.hand.remove(i);
            }
            {
                let mut purse = purse_mut(world, q);
                let at = purse.hand.partition_point(|c| *c <= value);
                purse.hand.insert(at, value);
            }
            let mut turn = world.res_mut::<Turn>();
            turn.given += 1;
            turn.gave_cards = Some(true);
            note(
                world,
                ids::MERCENARIES,
                p,
                format!(
                    "{} sends {to} a Battle card as Mercenaries",
                    power_id(world, p)
                ),
            );
        }
        Some(_) => {
            // Done.
            finish(world, p);
            return false;
        }
        None => {
            if allies(world, p).is_empty() {
                note(
                    world,
                    ids::SUBSIDISE,
                    p,
                    format!("{} has no Coalition Ally to subsidise", power_id(world, p)),
                );
                finish(world, p);
                return false;
            }
        }
    }
    if subsidy_choices(world, p).len() == 1 {
        finish(world, p);
        return false;
    }
    ask(world, p, DecisionKind::Subsidise);
    true
}

// ---- Leadership ----

/// Off-map Generals of `p`.
fn placeable(world: &World, p: P) -> Vec<u16> {
    map(world).generals_of[p as usize]
        .iter()
        .copied()
        .filter(|g| army(world, *g).at.is_none())
        .collect()
}

/// Territories `p` controls where a General may be placed (no rival General there).
fn placement_targets(world: &World, p: P) -> Vec<u16> {
    let m = map(world);
    (0..m.territory_ids.len() as u16)
        .filter(|t| controller(world, *t) == Some(p))
        .filter(|t| {
            generals_at(world, *t).iter().all(|g| {
                crate::rulesets::raison::model::friends(
                    world,
                    p,
                    crate::rulesets::raison::model::owner_of_general(world, *g),
                )
            })
        })
        .collect()
}

fn on_map(world: &World, p: P) -> Vec<u16> {
    map(world).generals_of[p as usize]
        .iter()
        .copied()
        .filter(|g| army(world, *g).at.is_some())
        .collect()
}

/// The Leadership options open to `p`.
pub fn leadership_choices(world: &World, p: P) -> Vec<Action> {
    let mut out = Vec::new();
    if !placeable(world, p).is_empty() && !placement_targets(world, p).is_empty() {
        out.push(Action::PlaceGenerals);
    }
    if !on_map(world, p).is_empty() {
        out.push(Action::WithdrawGenerals);
    }
    out.push(Action::TakeCard);
    if purse(world, p).morale < house(world).max_morale {
        out.push(Action::GainMorale);
    }
    out
}

pub fn place_choices(world: &World, p: P) -> Vec<Action> {
    let m = map(world);
    let targets = placement_targets(world, p);
    let mut out = Vec::new();
    for g in placeable(world, p) {
        for t in &targets {
            out.push(Action::Place {
                general: m.general_ids[g as usize].clone(),
                territory: m.territory_ids[*t as usize].clone(),
            });
        }
    }
    out.push(Action::Done);
    out
}

pub fn withdraw_choices(world: &World, p: P) -> Vec<Action> {
    let m = map(world);
    let mut out: Vec<Action> = on_map(world, p)
        .into_iter()
        .map(|g| Action::Withdraw {
            general: m.general_ids[g as usize].clone(),
        })
        .collect();
    out.push(Action::Done);
    out
}

/// After Leadership: Subsidise & Mercenaries in the 1702 dial, else the action is over.
fn after_leadership(world: &mut World, p: P) {
    if segment(world, p) == DialAction::LeadershipAndSubsidise {
        start_subsidy(world);
    } else {
        finish(world, p);
    }
}

fn leadership(world: &mut World, p: P) -> bool {
    match take_answer(world) {
        Some(Action::PlaceGenerals) => set_doing(world, Doing::Placing),
        Some(Action::WithdrawGenerals) => set_doing(world, Doing::Withdrawing),
        Some(Action::TakeCard) => {
            let text = match draw(world, p) {
                Some(_) => format!("{} takes a Battle card", power_id(world, p)),
                None => format!(
                    "{} takes a Battle card, but none is left",
                    power_id(world, p)
                ),
            };
            note(world, ids::LEADERSHIP, p, text);
            after_leadership(world, p);
        }
        Some(_) => {
            let max = house(world).max_morale;
            let morale = {
                let mut purse = purse_mut(world, p);
                purse.morale = (purse.morale + 1).min(max);
                purse.morale
            };
            note(
                world,
                ids::LEADERSHIP,
                p,
                format!("{} gains 1 Morale; now {morale}", power_id(world, p)),
            );
            after_leadership(world, p);
        }
        None => {
            ask(world, p, DecisionKind::Leadership);
            return true;
        }
    }
    false
}

/// Leadership's first option: Generals placed (or, chosen instead, taken off the map) one at a
/// time until `Done` or none is left to move.
fn commanding(world: &mut World, p: P) -> bool {
    match take_answer(world) {
        Some(Action::Place { general, territory }) => {
            let (g, t) = {
                let m = world.res::<MapIndex>();
                (
                    m.general(&general).expect("legal"),
                    m.territory(&territory).expect("legal"),
                )
            };
            place(world, g, Some(t));
            let text = format!(
                "{} takes the field in {}",
                map(world).general_names[g as usize],
                map(world).territory_names[t as usize]
            );
            note(world, ids::LEADERSHIP, p, text);
        }
        Some(Action::Withdraw { general }) => {
            let g = world.res::<MapIndex>().general(&general).expect("legal");
            place(world, g, None);
            let text = format!("{} leaves the map", map(world).general_names[g as usize]);
            note(world, ids::LEADERSHIP, p, text);
        }
        Some(_) => {
            after_leadership(world, p);
            return false;
        }
        None => {}
    }
    let (choices, kind) = if world.res::<Turn>().doing == Doing::Placing {
        (place_choices(world, p), DecisionKind::PlaceGenerals)
    } else {
        (withdraw_choices(world, p), DecisionKind::WithdrawGenerals)
    };
    if choices.len() == 1 {
        after_leadership(world, p);
        return false;
    }
    ask(world, p, kind);
    true
}

// ---- Mobilisation ----

/// The purchases open to `p` with the Money it holds.
pub fn mobilise_choices(world: &World, p: P) -> Vec<Action> {
    let shop = Shop::new(world, p);
    let m = shop.m;
    let mut out = Vec::new();
    for g in &m.generals_of[p as usize] {
        if shop.may(Purchase::Unit(*g)) {
            out.push(Action::BuyUnit {
                general: m.general_ids[*g as usize].clone(),
            });
        }
    }
    if shop.money >= shop.h.fortress_cost {
        for t in 0..m.territory_ids.len() {
            if shop.may(Purchase::Fortress(t as u16)) {
                out.push(Action::BuyFortress {
                    territory: m.territory_ids[t].clone(),
                });
            }
        }
    }
    if shop.may(Purchase::Card) {
        out.push(Action::BuyCard);
    }
    if shop.may(Purchase::Morale) {
        out.push(Action::BuyMorale);
    }
    out.push(Action::Done);
    out
}

/// A Mobilisation purchase, by index.
#[derive(Clone, Copy, Debug)]
enum Purchase {
    Unit(u16),
    Fortress(u16),
    Card,
    Morale,
}

/// Whether `p` may make this Mobilisation purchase now: it has the Money, and a Unit goes to a
/// General of its own below the house limit, a Fortress to a Territory it controls without one,
/// a card comes from a deck (or discards) not empty, Morale stays within its limit. The one rule
/// behind `mobilise_choices` and `check` (`may_buy`).
fn may_buy_item(world: &World, p: P, item: Purchase) -> bool {
    Shop::new(world, p).may(item)
}

/// What the Mobilisation rule reads, fetched once for a whole list of purchases.
struct Shop<'w> {
    world: &'w World,
    m: &'w MapIndex,
    h: &'w crate::rulesets::raison::content::schema::HouseRules,
    p: P,
    money: i32,
    morale: i32,
}

impl<'w> Shop<'w> {
    fn new(world: &'w World, p: P) -> Self {
        let purse = purse(world, p);
        Shop {
            world,
            m: map(world),
            h: house(world),
            p,
            money: purse.money,
            morale: purse.morale,
        }
    }

    fn may(&self, item: Purchase) -> bool {
        let (h, p) = (self.h, self.p);
        match item {
            Purchase::Unit(g) => {
                self.money >= h.unit_cost
                    && self.m.generals_of[p as usize].contains(&g)
                    && self
                        .world
                        .read::<crate::rulesets::raison::model::Army>(self.m.generals[g as usize])
                        .is_some_and(|a| a.units < h.max_units)
            }
            Purchase::Fortress(t) => {
                self.money >= h.fortress_cost && {
                    // One look at the Territory: its Garrison, else its Home Power, controls it.
                    let hold = self
                        .world
                        .read::<crate::rulesets::raison::model::Hold>(
                            self.m.territories[t as usize],
                        )
                        .expect("every Territory has a hold");
                    let home = matches!(self.m.kinds[t as usize], Kind::Home(h) if h == p);
                    !hold.fortress
                        && (hold.garrison == Some(p) || (hold.garrison.is_none() && home))
                }
            }
            Purchase::Card => {
                let table = self.world.res::<Table>();
                self.money >= h.card_cost && !(table.deck.is_empty() && table.discard.is_empty())
            }
            Purchase::Morale => self.money >= h.morale_cost && self.morale < h.max_morale,
        }
    }
}

/// Whether an answer to the Mobilisation question is legal (`Done` always is).
pub fn may_buy(world: &World, p: P, a: &Action) -> bool {
    let m = map(world);
    let item = match a {
        Action::Done => return true,
        Action::BuyUnit { general } => m.general(general).map(Purchase::Unit),
        Action::BuyFortress { territory } => m.territory(territory).map(Purchase::Fortress),
        Action::BuyCard => Some(Purchase::Card),
        Action::BuyMorale => Some(Purchase::Morale),
        _ => None,
    };
    item.is_some_and(|i| may_buy_item(world, p, i))
}

/// Whether any purchase is open to `p` (`mobilise_choices` would list more than `Done`),
/// cheapest questions first.
fn can_buy(world: &World, p: P) -> bool {
    let shop = Shop::new(world, p);
    shop.may(Purchase::Card)
        || shop.may(Purchase::Morale)
        || shop.m.generals_of[p as usize]
            .iter()
            .any(|g| shop.may(Purchase::Unit(*g)))
        || (shop.money >= shop.h.fortress_cost
            && (0..shop.m.territory_ids.len() as u16).any(|t| shop.may(Purchase::Fortress(t))))
}

fn mobilising(world: &mut World, p: P) -> bool {
    let h = house(world).clone();
    let id = power_id(world, p).to_string();
    match take_answer(world) {
        Some(Action::BuyUnit { general }) => {
            let g = world.res::<MapIndex>().general(&general).expect("legal");
            purse_mut(world, p).money -= h.unit_cost;
            army_mut(world, g).units += 1;
            let units = army(world, g).units;
            let name = map(world).general_names[g as usize].clone();
            note(
                world,
                ids::MOBILISATION,
                p,
                format!(
                    "{id} buys a Unit for {name} ({units} now) for {} Money",
                    h.unit_cost
                ),
            );
        }
        Some(Action::BuyFortress { territory }) => {
            let t = world
                .res::<MapIndex>()
                .territory(&territory)
                .expect("legal");
            purse_mut(world, p).money -= h.fortress_cost;
            hold_mut(world, t).fortress = true;
            let name = map(world).territory_names[t as usize].clone();
            note(
                world,
                ids::MOBILISATION,
                p,
                format!(
                    "{id} builds a Fortress in {name} for {} Money",
                    h.fortress_cost
                ),
            );
        }
        Some(Action::BuyCard) => {
            purse_mut(world, p).money -= h.card_cost;
            draw(world, p);
            note(
                world,
                ids::MOBILISATION,
                p,
                format!("{id} buys a Battle card for {} Money", h.card_cost),
            );
        }
        Some(Action::BuyMorale) => {
            let morale = {
                let mut purse = purse_mut(world, p);
                purse.money -= h.morale_cost;
                purse.morale += 1;
                purse.morale
            };
            note(
                world,
                ids::MOBILISATION,
                p,
                format!(
                    "{id} buys 1 Morale for {} Money; now {morale}",
                    h.morale_cost
                ),
            );
        }
        Some(_) => {
            end_mobilisation(world, p);
            return false;
        }
        None => {}
    }
    if !can_buy(world, p) {
        end_mobilisation(world, p);
        return false;
    }
    ask(world, p, DecisionKind::Mobilise);
    true
}

/// After the purchases: a Battle card for each off-map General, then Corruption.
fn end_mobilisation(world: &mut World, p: P) {
    let id = power_id(world, p).to_string();
    let off: Vec<u16> = map(world).generals_of[p as usize]
        .iter()
        .copied()
        .filter(|g| army(world, *g).at.is_none())
        .collect();
    if !off.is_empty() {
        let mut drawn = 0;
        for _ in &off {
            if draw(world, p).is_some() {
                drawn += 1;
            }
        }
        note(
            world,
            ids::MOBILISATION,
            p,
            format!(
                "{id} takes {drawn} Battle card(s) for its {} General(s) off the map",
                off.len()
            ),
        );
    }
    let lost = std::mem::take(&mut purse_mut(world, p).money);
    write(
        world,
        Note::new(
            ids::CORRUPTION,
            format!("Corruption: {id}'s {lost} unspent Money returns to the supply"),
        )
        .realm(id)
        .amount(lost),
    );
    finish(world, p);
}
