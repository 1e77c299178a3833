//! Phase 4 - Income & Upkeep, steps A-C and E (7.4): cutting costs, tax income and upkeep
//! computed together, unpaid advisors and units, interest, corruption; and Phase 5 step A's
//! manpower update and recovery.

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::characters::advisors;
use crate::rulesets::pop::rules::economy::{LOAN_DUCATS, change_mp, pay_mandatory};
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm};
use crate::rulesets::pop::rules::military::units_of;
use crate::rulesets::pop::rules::towns::{MANPOWER_CAP, tracks};
use crate::rulesets::pop::state::{Index, key_of, sid_of};

/// The last Phase 4 step B of a realm, line by line, for the player mat.
#[derive(Component, Clone, Debug, Default, Serialize, PartialEq)]
pub struct IncomeBreakdown {
    pub towns: i32,
    /// Income from Ideas (e.g. Bureaucracy).
    pub ideas: i32,
    pub stability: i32,
    pub advisors: i32,
    pub units: i32,
    pub interest: i32,
    pub net: i32,
}

/// Upkeep of one unit per Round: regulars 1, mercenaries 2, ships at sea 1/2 (counted in
/// halves and rounded up by the caller); allied and rebel units cost nothing.
pub fn unit_upkeep_halves(world: &World, unit: Entity) -> i32 {
    let Some(u) = world.read::<Unit>(unit) else {
        return 0;
    };
    let ship = matches!(
        u.kind,
        UnitKind::LightShip | UnitKind::HeavyShip | UnitKind::Galley
    );
    if ship {
        let at_sea = world
            .read::<At>(unit)
            .is_some_and(|a| world.read::<SeaZone>(a.0).is_some());
        return i32::from(at_sea);
    }
    match u.status {
        UnitStatus::Regular => 2,
        UnitStatus::Mercenary => 4,
        UnitStatus::Allied | UnitStatus::Rebel => 0,
    }
}

/// Stability's effect on tax income: +2 from +1 up, -2 from -1 down.
pub fn stability_income(stability: i32) -> i32 {
    match stability {
        s if s >= 1 => 2,
        s if s <= -1 => -2,
        _ => 0,
    }
}

/// Step A: each realm may fire advisors to cut costs.
pub(crate) fn cut_costs(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            ask(
                world,
                key_of(world, realm),
                DecisionKind::CutCosts,
                "Income & Upkeep: fire advisors to save their upkeep, take a loan, or go on",
            );
            Visit::Asked
        },
        |world, realm, action| match action {
            Action::TakeLoan => {
                crate::rulesets::pop::rules::economy::take_loan(world, realm, ids::LOAN);
                Visit::Asked
            }
            Action::FireAdvisor { character } => {
                if let Some(c) = world.res::<Index>().get(character) {
                    crate::rulesets::pop::rules::characters::leave_play(world, c);
                    let name = key_of(world, realm);
                    // "If you cannot or do not want to pay the upkeep for an Advisor, it must
                    // be discarded" (7.2): firing one is that rule's choice.
                    write(
                        world,
                        Note::new(
                            ids::ADVISOR_UPKEEP,
                            format!(
                                "{name} will not pay {character}'s upkeep: the advisor is fired and discarded"
                            ),
                        )
                        .realm(name)
                        .subject(sid_of(world, c)),
                    );
                }
                Visit::Asked
            }
            Action::DisbandUnit {
                place,
                kind,
                mercenary,
            } => {
                disband_unit(world, realm, &place, kind, mercenary);
                Visit::Asked
            }
            Action::RecallShips { from, to } => {
                recall_ships(world, realm, &from, &to);
                Visit::Asked
            }
            _ => Visit::Next,
        },
    );
}

fn is_ship(kind: UnitKind) -> bool {
    !kind.is_land()
}

/// The realm's own units (not allied) at a place, of a kind and status.
fn own_units_of_kind(
    world: &World,
    realm: Entity,
    place: Entity,
    kind: UnitKind,
    status: UnitStatus,
) -> Vec<Entity> {
    let mut units: Vec<Entity> = units_of(world, realm)
        .into_iter()
        .filter(|u| world.read::<At>(*u).is_some_and(|a| a.0 == place))
        .filter(|u| {
            world
                .read::<Unit>(*u)
                .is_some_and(|x| x.kind == kind && x.status == status)
        })
        .collect();
    units.sort_by_cached_key(|u| sid_of(world, *u));
    units
}

/// Step A: disband one unit. Regulars go back to available manpower; mercenaries and ships to
/// the supply.
pub(crate) fn disband_unit(
    world: &mut World,
    realm: Entity,
    place: &str,
    kind: UnitKind,
    mercenary: bool,
) {
    let Some(at) = world.res::<Index>().get(place) else {
        return;
    };
    let status = if mercenary {
        UnitStatus::Mercenary
    } else {
        UnitStatus::Regular
    };
    let Some(unit) = own_units_of_kind(world, realm, at, kind, status)
        .first()
        .copied()
    else {
        return;
    };
    if status == UnitStatus::Regular
        && kind.is_land()
        && let Some(mut m) = world.get_mut::<Mat>(realm)
    {
        m.manpower += 1;
    }
    world.despawn(unit);
    crate::rulesets::pop::rules::military::release_idle_commanders(world);
    let name = key_of(world, realm);
    let what = if mercenary { "mercenary " } else { "" };
    write(
        world,
        Note::new(
            ids::SEQ_PHASE4_A,
            format!("{name} disbands a {what}{kind:?} unit in {place} to cut costs"),
        )
        .realm(name),
    );
}

/// Friendly port areas the realm's ships at sea in `sea` can reach for free in step A: "Ships
/// may return to any Friendly Port within reach of their normal Movement, via non-Hostile Sea
/// Zones" (EUP-W 4.4). A fleet's two spaces: a port facing its sea zone, or one facing a next
/// sea zone that is not Hostile (2.0) and does not end the move (a Distant Continent's, 9.0a).
/// Friendly (2.0): "Ports Controlled by you, your Vassal, or your Ally" (a vassal's ports are
/// the realm's own in the model; an enemy port it occupies is its too).
fn recall_ports(world: &World, realm: Entity, sea: Entity) -> Vec<Entity> {
    use crate::rulesets::pop::rules::explore::hostile_sea;
    let mut reach = vec![sea];
    if let Some(next) = world.read::<SeaNeighbours>(sea) {
        reach.extend(next.0.iter().copied().filter(|s| {
            world.read::<SeaZone>(*s).is_some_and(|z| !z.distant) && !hostile_sea(world, realm, *s)
        }));
    }
    let mut out: Vec<Entity> = reach
        .iter()
        .flat_map(|s| crate::rulesets::pop::rules::trade::ports_facing(world, *s).into_owned())
        .filter(|p| crate::rulesets::pop::rules::military::friendly_port(world, realm, *p))
        .filter_map(|p| crate::rulesets::pop::rules::relations::area_of(world, p))
        .collect();
    crate::rulesets::pop::state::sort_dedup_by_sid(world, &mut out);
    out
}

/// Step A: every ship of the realm at sea in `from` sails home to `to` at no cost.
pub(crate) fn recall_ships(world: &mut World, realm: Entity, from: &str, to: &str) {
    let index = world.res::<Index>();
    let (Some(sea), Some(port)) = (index.get(from), index.get(to)) else {
        return;
    };
    let ships: Vec<Entity> = units_of(world, realm)
        .into_iter()
        .filter(|u| world.read::<At>(*u).is_some_and(|a| a.0 == sea))
        .filter(|u| world.read::<Unit>(*u).is_some_and(|x| is_ship(x.kind)))
        .collect();
    let count = ships.len();
    for ship in ships {
        crate::rulesets::pop::rules::military::place_unit(world, ship, port);
    }
    // The admiral goes home with the fleet.
    let admirals: Vec<Entity> = world
        .try_query::<(Entity, &InCommand, &Serves)>()
        .map(|mut q| {
            q.iter(world)
                .filter(|(_, c, s)| c.0 == sea && s.0 == realm)
                .map(|(e, _, _)| e)
                .collect()
        })
        .unwrap_or_default();
    for admiral in admirals {
        world.entity_mut(admiral).insert(InCommand(port));
    }
    let name = key_of(world, realm);
    write(
        world,
        Note::new(
            ids::SEQ_PHASE4_A,
            format!("{name} recalls {count} ships from {from} to port in {to}, free of upkeep"),
        )
        .realm(name),
    );
}

pub fn cut_costs_candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all: Vec<Action> = advisors(world, realm)
        .into_iter()
        .map(|a| Action::FireAdvisor {
            character: key_of(world, a),
        })
        .collect();
    // One disband answer per kind of unit standing somewhere, regulars and mercenaries apart.
    let mut disband: Vec<Action> = Vec::new();
    let mut recall: Vec<Action> = Vec::new();
    for unit in units_of(world, realm) {
        let (Some(u), Some(at)) = (world.read::<Unit>(unit), world.read::<At>(unit)) else {
            continue;
        };
        if !matches!(u.status, UnitStatus::Regular | UnitStatus::Mercenary) {
            continue;
        }
        let action = Action::DisbandUnit {
            place: key_of(world, at.0),
            kind: u.kind,
            mercenary: u.status == UnitStatus::Mercenary,
        };
        if !disband.contains(&action) {
            disband.push(action);
        }
        if is_ship(u.kind) && world.read::<SeaZone>(at.0).is_some() {
            for port in recall_ports(world, realm, at.0) {
                let action = Action::RecallShips {
                    from: key_of(world, at.0),
                    to: key_of(world, port),
                };
                if !recall.contains(&action) {
                    recall.push(action);
                }
            }
        }
    }
    all.extend(recall);
    all.extend(disband);
    if world
        .read::<Mat>(realm)
        .is_some_and(|m| m.loans < crate::rulesets::pop::rules::economy::max_loans(world, realm))
    {
        all.push(Action::TakeLoan);
    }
    all.push(Action::Decline);
    all
}

/// Step B: tax income and upkeep together. Optional costs the treasury cannot cover are not
/// paid: units are disbanded (mercenaries first), then advisors leave (dearest first) before
/// giving their bonus. Interest is mandatory: forced loans, then bankruptcy.
pub(crate) fn collect_income_and_pay_upkeep(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            pay_upkeep(world, realm);
            Visit::Next
        },
        |_, _, _| Visit::Next,
    );
}

/// What the realm pays for one of its advisors in Phase 4 B, and how much of the price the Papal
/// Controller's discount (19.2: 1 ducat less per advisor, never below 0) really saves: the
/// printed cost less the Ideas' discount, less the Papal one. Upkeep and the bots both ask this.
pub fn advisor_upkeep(world: &World, realm: Entity, advisor: Entity) -> (i32, i32) {
    let Some(c) = world.read::<Character>(advisor) else {
        return (0, 0);
    };
    let price =
        crate::rulesets::pop::rules::ideas::advisor_price(world, realm, i32::from(c.cost)).max(0);
    let cost = (price - crate::rulesets::pop::rules::curia::advisor_discount(world, realm)).max(0);
    (cost, price - cost)
}

pub(crate) fn pay_upkeep(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let town_income = tracks(world, realm).income;
    let idea_income = crate::rulesets::pop::rules::ideas::idea_income(world, realm);
    let imperial = crate::rulesets::pop::rules::empire::imperial_income(world, realm);
    let stability = stability_income(mat.stability);
    let interest = i32::from(mat.loans);
    let mut advisor_list: Vec<(i32, Entity)> = advisors(world, realm)
        .into_iter()
        .map(|a| (advisor_upkeep(world, realm, a).0, a))
        .collect();
    // Units that cost nothing (allied, ships in port) are never disbanded for want of money.
    let mut units: Vec<(i32, Entity)> = units_of(world, realm)
        .into_iter()
        .map(|u| (unit_upkeep_halves(world, u), u))
        .filter(|(halves, _)| *halves > 0)
        .collect();
    let total = |advisors: &[(i32, Entity)], units: &[(i32, Entity)]| {
        let unit_halves: i32 = units.iter().map(|(h, _)| h).sum();
        advisors.iter().map(|(c, _)| c).sum::<i32>() + (unit_halves + 1) / 2
    };
    // What the treasury can give to optional costs once income is in and interest is set aside.
    // Interest it cannot cover forces loans (7.4: "you must either take another Loan (if able)
    // or go Bankrupt"), and their ducats are in the same settlement ("calculated
    // simultaneously"): they pay units and advisors too, which are only unpaid when even they
    // do not reach (the loans themselves are taken below, as the interest is paid).
    let mut budget = mat.ducats + town_income + idea_income + imperial + stability - interest;
    if budget < 0 {
        let room = i32::from(crate::rulesets::pop::rules::economy::max_loans(
            world, realm,
        )) - i32::from(mat.loans);
        let forced = (-budget + LOAN_DUCATS - 1) / LOAN_DUCATS;
        budget += LOAN_DUCATS * forced.min(room.max(0));
    }
    // Which unpaid unit goes first is the player's choice in step A; what is still unpaid in
    // step B goes in this order: mercenaries (dearest), ships at sea (the rule singles them
    // out), then regulars, so the army holding the land is kept longest.
    let rank = |world: &World, u: Entity| match world.read::<Unit>(u) {
        Some(x) if x.status == UnitStatus::Mercenary => 0,
        Some(x) if is_ship(x.kind) => 1,
        _ => 2,
    };
    units.sort_by_cached_key(|(_, u)| (rank(world, *u), sid_of(world, *u)));
    advisor_list.sort_by_cached_key(|(c, a)| (-c, sid_of(world, *a)));
    while total(&advisor_list, &units) > budget.max(0) {
        if let Some((_, unit)) = (!units.is_empty()).then(|| units.remove(0)) {
            let ship = world.read::<Unit>(unit).is_some_and(|u| {
                matches!(
                    u.kind,
                    UnitKind::LightShip | UnitKind::HeavyShip | UnitKind::Galley
                )
            });
            let rule = if ship {
                ids::UNPAID_SHIPS
            } else {
                ids::UNPAID_UNITS
            };
            if let Some(u) = world.read::<Unit>(unit).copied()
                && u.status == UnitStatus::Regular
                && !ship
                && let Some(mut m) = world.get_mut::<Mat>(realm)
            {
                m.manpower += 1;
            }
            world.despawn(unit);
            write(
                world,
                Note::new(rule, format!("{name} cannot pay a unit: it is disbanded")).realm(name),
            );
        } else if !advisor_list.is_empty() {
            let (cost, advisor) = advisor_list.remove(0);
            let who = key_of(world, advisor);
            crate::rulesets::pop::rules::characters::leave_play(world, advisor);
            write(
                world,
                Note::new(
                    ids::UNPAID_ADVISOR,
                    format!("{name} cannot pay {who} ({cost} ducats): the advisor leaves"),
                )
                .realm(name)
                .subject(sid_of(world, advisor)),
            );
        } else {
            break;
        }
    }
    // A general or admiral whose last unit went unpaid leaves its command (7.2).
    crate::rulesets::pop::rules::military::release_idle_commanders(world);
    let advisor_cost: i32 = advisor_list.iter().map(|(c, _)| c).sum();
    let unit_cost = total(&[], &units);
    let saved: i32 = advisor_list
        .iter()
        .map(|(_, a)| advisor_upkeep(world, realm, *a).1)
        .sum();
    if saved > 0 {
        write(
            world,
            Note::new(
                ids::CURIA_CONTROLLER,
                format!(
                    "{name}, the Papal Controller, pays {saved} {} less for its advisors",
                    if saved == 1 { "ducat" } else { "ducats" }
                ),
            )
            .realm(name)
            .amount(saved),
        );
    }
    for (cost, advisor) in &advisor_list {
        let who = key_of(world, *advisor);
        write(
            world,
            Note::new(
                ids::ADVISOR_UPKEEP,
                format!("{name} pays {who} {cost} ducats"),
            )
            .realm(name)
            .amount(-cost),
        );
    }
    write(
        world,
        Note::new(
            ids::TOWN_INCOME,
            format!("{name}: {town_income} ducats from its town and vassal tracks"),
        )
        .realm(name)
        .amount(town_income),
    );
    if imperial > 0 {
        write(
            world,
            Note::new(
                ids::EMPIRE_INCOME,
                format!("{name}, the Emperor: {imperial} ducats of Imperial Authority"),
            )
            .realm(name)
            .amount(imperial),
        );
    }
    if stability > 0 {
        write(
            world,
            Note::new(
                ids::STABILITY_PLUS1,
                format!("{name}: +2 ducats for positive stability"),
            )
            .realm(name)
            .amount(2),
        );
    } else if stability < 0 {
        write(
            world,
            Note::new(
                ids::STABILITY_MINUS1,
                format!("{name}: -2 ducats for negative stability"),
            )
            .realm(name)
            .amount(-2),
        );
    }
    let net_before_interest =
        town_income + idea_income + imperial + stability - advisor_cost - unit_cost;
    if let Some(mut m) = world.get_mut::<Mat>(realm) {
        m.ducats += net_before_interest;
    }
    // A negative balance here is a mandatory shortfall (negative stability with an empty
    // treasury): it is paid like one.
    let shortfall = -world.read::<Mat>(realm).map_or(0, |m| m.ducats.min(0));
    if shortfall > 0 {
        world.get_mut::<Mat>(realm).expect("mat").ducats = 0;
        pay_mandatory(world, realm, shortfall, ids::INCOME_UPKEEP);
    }
    // Interest on the loans held at the step's start, as one settlement with the income (a
    // loan forced by the shortfall just now is not charged yet), but only on those still held:
    // a bankruptcy over the shortfall discarded 3 of them (7.4).
    let interest = world
        .read::<Mat>(realm)
        .map_or(interest, |m| interest.min(i32::from(m.loans)));
    write(
        world,
        Note::new(
            ids::INCOME_UPKEEP,
            format!(
                "{name}: towns {town_income:+}, ideas {idea_income:+}, empire {imperial:+}, stability {stability:+}, advisors -{advisor_cost}, units -{unit_cost}, interest -{interest}"
            ),
        )
        .realm(name)
        .amount(net_before_interest - interest),
    );
    if interest > 0 {
        pay_mandatory(world, realm, interest, ids::INTEREST);
    }
    world.entity_mut(realm).insert(IncomeBreakdown {
        towns: town_income,
        ideas: idea_income,
        stability,
        advisors: -advisor_cost,
        units: -unit_cost,
        interest: -interest,
        net: net_before_interest - interest,
    });
    write(
        world,
        Note::new(
            ids::SEQ_PHASE4_B,
            format!("{name} settles its income and upkeep"),
        )
        .realm(name),
    );
}

/// Throwing ducats away instead of paying corruption leaves this many.
pub const CORRUPTION_KEEP: i32 = 49;

/// Adm the corruption of a treasury costs: nothing below 50 ducats, 1 at 50-59, +1 per 10.
pub fn corruption_charge(ducats: i32) -> i32 {
    if ducats < 50 {
        0
    } else {
        1 + (ducats - 50) / 10
    }
}

/// Step C: a treasury of 50 ducats or more pays corruption in adm (each unpaid adm a loan
/// token), unless ducats are thrown away to below 50.
pub(crate) fn charge_corruption(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            let ducats = world.read::<Mat>(realm).map_or(0, |m| m.ducats);
            let charge = corruption_charge(ducats);
            if charge == 0 {
                return Visit::Next;
            }
            ask(
                world,
                key_of(world, realm),
                DecisionKind::Corruption {
                    charge: charge.min(i32::from(u8::MAX)) as u8,
                },
                format!(
                    "Corruption on {ducats} ducats: pay {charge} adm (each unpaid adm a loan token), or throw ducats away to 49"
                ),
            );
            Visit::Asked
        },
        |world, realm, action| {
            let name = key_of(world, realm);
            let ducats = world.read::<Mat>(realm).map_or(0, |m| m.ducats);
            let charge = corruption_charge(ducats);
            match action {
                Action::PayCorruption { adm } => {
                    let adm = i32::from(adm).min(charge);
                    if adm > 0 {
                        change_mp(world, realm, MpKind::Adm, -adm, ids::SEQ_PHASE4_C);
                    }
                    let tokens = (charge - adm) as u8;
                    if let Some(mut m) = world.get_mut::<Mat>(realm) {
                        m.loans += tokens;
                    }
                    write(
                        world,
                        Note::new(
                            ids::SEQ_PHASE4_C,
                            format!("{name} pays corruption: {adm} adm and {tokens} loan tokens"),
                        )
                        .realm(name)
                        .amount(-charge),
                    );
                }
                _ => {
                    let thrown = ducats - CORRUPTION_KEEP;
                    if let Some(mut m) = world.get_mut::<Mat>(realm) {
                        m.ducats = CORRUPTION_KEEP;
                    }
                    write(
                        world,
                        Note::new(
                            ids::SEQ_PHASE4_C,
                            format!("{name} throws {thrown} ducats away to avoid corruption"),
                        )
                        .realm(name)
                        .amount(-thrown),
                    );
                }
            }
            Visit::Next
        },
    );
}

pub fn corruption_candidates(world: &World, realm: Entity, charge: u8) -> Vec<Action> {
    let mat = world.read::<Mat>(realm).cloned().unwrap_or_default();
    let limit = crate::rulesets::pop::rules::economy::max_loans(world, realm);
    let mut all: Vec<Action> = (0..=charge)
        .filter(|adm| i32::from(*adm) <= mat.mp(MpKind::Adm))
        .filter(|adm| i32::from(charge - adm) + i32::from(mat.loans) <= i32::from(limit))
        .map(|adm| Action::PayCorruption { adm })
        .collect();
    all.push(Action::DiscardDucats);
    all
}

pub fn check_corruption(
    world: &World,
    realm: Entity,
    charge: u8,
    action: &Action,
) -> Result<(), Illegal> {
    if corruption_candidates(world, realm, charge).contains(action) {
        Ok(())
    } else {
        Err(Illegal::new(
            ids::SEQ_PHASE4_C,
            "pay corruption with adm you have (loan tokens for the rest, at most 5 in all), or throw ducats away",
        ))
    }
}

/// Phase 5 step A: manpower is recomputed from the tracks (deployed regulars count toward it)
/// and half of the exhausted manpower returns (at least 3, at most 6).
pub(crate) fn update_manpower(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            recount_manpower(world, realm);
            Visit::Next
        },
        |_, _, _| Visit::Next,
    );
}

/// Where a realm's manpower value (its total `m`) comes from: what the tracks show (counted up
/// to their cap of 20), manpower Ideas above that cap, and the Emperor's Imperial Authority
/// (18.1).
pub struct ManpowerValue {
    pub shown: i32,
    pub from_ideas: i32,
    pub from_empire: i32,
}

impl ManpowerValue {
    pub fn total(&self) -> i32 {
        self.shown.min(MANPOWER_CAP) + self.from_ideas + self.from_empire
    }
}

pub fn manpower_value(world: &World, realm: Entity) -> ManpowerValue {
    ManpowerValue {
        shown: tracks(world, realm).manpower,
        from_ideas: crate::rulesets::pop::rules::ideas::idea_manpower(world, realm),
        from_empire: if crate::rulesets::pop::rules::empire::is_emperor(world, realm) {
            crate::rulesets::pop::rules::empire::authority(world)
        } else {
            0
        },
    }
}

/// One realm's Phase 5 A manpower count.
pub(crate) fn recount_manpower(world: &mut World, realm: Entity) {
    let name = key_of(world, realm);
    let value = manpower_value(world, realm);
    let ManpowerValue {
        shown,
        from_ideas,
        from_empire,
    } = value;
    let deployed = units_of(world, realm)
        .into_iter()
        .filter(|u| {
            world.read::<Unit>(*u).is_some_and(|u| {
                u.status == UnitStatus::Regular
                    && !matches!(
                        u.kind,
                        UnitKind::LightShip | UnitKind::HeavyShip | UnitKind::Galley
                    )
            })
        })
        .count() as i32;
    let Some(mut m) = world.get_mut::<Mat>(realm) else {
        return;
    };
    let recovered = if m.exhausted_manpower > 0 {
        (m.exhausted_manpower / 2)
            .clamp(3, 6)
            .min(m.exhausted_manpower)
    } else {
        0
    };
    m.exhausted_manpower -= recovered;
    // The reserve is what the tracks show, less what is deployed or exhausted.
    let reserve = (value.total() - deployed - m.exhausted_manpower).max(0);
    m.manpower = reserve;
    crate::rulesets::pop::rules::colonize::gain_colonists(world, realm);
    write(
        world,
        Note::new(
            ids::SEQ_PHASE5_A,
            format!("{name}: manpower {reserve} available ({shown} on the tracks, {from_ideas:+} from Ideas), {recovered} recovered from exhaustion"),
        )
        .realm(name)
        .amount(recovered),
    );
    if from_empire > 0 {
        write(
            world,
            Note::new(
                ids::EMPIRE_INCOME,
                format!("{name}, the Emperor: {from_empire:+} manpower from Imperial Authority"),
            )
            .realm(name)
            .amount(from_empire),
        );
    }
}
