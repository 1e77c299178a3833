//! The Income phase (seed 004): withdrawals (+1 Unrest each, a Loyalty check against Command DC
//! plus the BP withdrawn, Unrest equal to the total on a failure, 2,000 gp per BP), deposits (1 BP
//! per full 4,000 gp, after every withdrawal is paid), selling valuable items (one attempt per
//! district, an Economy check; 1, 4 or 9 BP for a slot's minor, medium or major item, (price /
//! 2) / 4,000 BP for the leaders' own) and taxes (an Economy check; the result / 3 on a success).

use bevy::prelude::*;

use crate::engine::decision::Illegal;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::state::sid_of;
use crate::rulesets::kingdom::content::schema::{Attr, Forbid};
use crate::rulesets::kingdom::decision::{Action, DecisionKind, ItemRef};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Content, HexTile, Kingdom, Settlement};
use crate::rulesets::kingdom::rules::edict::settlement_at;
use crate::rulesets::kingdom::rules::sheet::{command_dc, forbidden, kingdom_check, totals};
use crate::rulesets::kingdom::rules::upkeep::add_unrest;
use crate::rulesets::kingdom::rules::{ask_each, seats, wrong_kind};

/// BP a settlement slot's item sells for, by tier.
pub const SLOT_ITEM_BP: [i32; 3] = [1, 4, 9];
/// gp a withdrawn BP turns into.
pub const GP_PER_WITHDRAWN_BP: u32 = 2_000;
/// gp a deposited BP takes.
pub const GP_PER_DEPOSITED_BP: u32 = 4_000;

/// A kingdom in Anarchy takes no Income actions. Holding no hex stops none of them: the seed
/// skips only the Upkeep phase at 0 hexes.
fn idle(world: &World, k: Entity) -> bool {
    world.read::<Kingdom>(k).expect("kingdom").anarchy
}

/// Step 1.
pub fn withdraw(world: &mut World) {
    ask_each(world, DecisionKind::Withdraw, idle, perform);
}

/// Step 2.
pub fn deposit(world: &mut World) {
    ask_each(
        world,
        DecisionKind::Deposit,
        |w, k| idle(w, k) || w.get::<Kingdom>(k).expect("kingdom").purse_gp < GP_PER_DEPOSITED_BP,
        perform,
    );
}

/// Step 3.
pub fn sell_items(world: &mut World) {
    ask_each(
        world,
        DecisionKind::Sell,
        |w, k| idle(w, k) || sale_attempts_left(w, k) == 0,
        perform,
    );
}

fn districts(world: &World, k: &Kingdom) -> u32 {
    k.settlements
        .iter()
        .filter_map(|s| world.read::<Settlement>(*s))
        .map(|s| s.districts.len() as u32)
        .sum()
}

fn sale_attempts_left(world: &World, k: Entity) -> u32 {
    let kingdom = world.read::<Kingdom>(k).expect("kingdom");
    districts(world, kingdom).saturating_sub(kingdom.used.sales)
}

/// Step 4: taxes, then what Mines, Quarries, Sawmills and the like bring in.
pub fn collect_taxes(world: &mut World) {
    let s = world.res::<Content>().0.clone();
    for k in seats(world) {
        let kingdom = world.read::<Kingdom>(k).expect("kingdom").clone();
        let sh = totals(world, k);
        if let Some(role) = forbidden(&s, &kingdom, Forbid::Taxes) {
            write(
                world,
                Note::new(
                    ids::EDICT_VACANCY,
                    format!("With no {role:?} no taxes are collected this month"),
                )
                .realm(kingdom.id.clone()),
            );
        } else {
            let roll = kingdom_check(
                world,
                k,
                Attr::Economy,
                sh.command_dc.total,
                "Command DC",
                &[],
                "Income: taxes",
            );
            let gain = if roll.success {
                roll.total.max(0) / 3
            } else {
                0
            };
            world.get_mut::<Kingdom>(k).expect("kingdom").treasury += gain;
            let text = if roll.success {
                format!(
                    "Taxes: the Economy check's result {} / 3 = {gain} BP",
                    roll.total
                )
            } else {
                "Taxes: the Economy check failed; no BP".to_string()
            };
            write(
                world,
                Note::new(ids::INCOME_TAXES, text)
                    .realm(kingdom.id.clone())
                    .amount(gain),
            );
        }
        if sh.bp_income != 0 && !kingdom.anarchy {
            world.get_mut::<Kingdom>(k).expect("kingdom").treasury += sh.bp_income;
            write(
                world,
                Note::new(
                    ids::INCOME_TAXES,
                    format!(
                        "Mines, quarries, sawmills and trades bring {} BP",
                        sh.bp_income
                    ),
                )
                .realm(kingdom.id.clone())
                .amount(sh.bp_income),
            );
        }
    }
}

/// What an item brings if it sells: a settlement slot's item 1, 4 or 9 BP by its tier, one of
/// the leaders' own items half its price in 4,000s, rounded down (`(Price/2)/4000`).
fn sale_bp(tier: Option<u8>, price: u32) -> i32 {
    match tier {
        Some(t) => SLOT_ITEM_BP[usize::from(t).min(2)],
        None => ((price / 2) / 4_000) as i32,
    }
}

/// For the panels: an item offered for sale by the kingdom `kingdom_id`, as its tier (a
/// settlement slot's), its price (the leaders' own) and the BP it brings if it sells.
pub fn sale_offer(
    world: &World,
    kingdom_id: &str,
    item_ref: ItemRef,
) -> Option<(Option<u8>, u32, i32)> {
    let k = seats(world)
        .into_iter()
        .filter_map(|e| world.read::<Kingdom>(e))
        .find(|k| k.id == kingdom_id)?;
    let (tier, price, _) = item(world, k, item_ref)?;
    Some((tier, price, sale_bp(tier, price)))
}

/// The item a reference points at: (tier or `None` for the leaders' own, price, the stable id
/// of its settlement or 0).
fn item(world: &World, k: &Kingdom, item: ItemRef) -> Option<(Option<u8>, u32, u32)> {
    match item {
        ItemRef::Leaders(i) => k.items.get(usize::from(i)).map(|gp| (None, *gp, 0)),
        ItemRef::Slot {
            at,
            district,
            building,
            slot,
        } => {
            let (st, settlement) = settlement_at(world, k.seat, at)?;
            let d = settlement.districts.get(usize::from(district))?;
            let (tier, filled) = *d
                .placed
                .get(usize::from(building))?
                .slots
                .get(usize::from(slot))?;
            filled.then_some((Some(tier), 0, sid_of(world, st)))
        }
    }
}

pub fn check(
    world: &World,
    kingdom: Entity,
    kind: DecisionKind,
    action: &Action,
) -> Result<(), Illegal> {
    let k = world.read::<Kingdom>(kingdom).expect("kingdom");
    match (kind, action) {
        (_, Action::Done) => Ok(()),
        (DecisionKind::Withdraw, Action::Withdraw(bp)) => {
            if *bp == 0 || i32::from(*bp) > k.treasury {
                return Err(Illegal::new(
                    ids::INCOME_WITHDRAW,
                    format!("withdraw 1 to {} BP", k.treasury),
                ));
            }
            Ok(())
        }
        (DecisionKind::Deposit, Action::Deposit(gp)) => {
            if k.withdrawn > 0 {
                return Err(Illegal::new(
                    ids::INCOME_DEPOSIT,
                    "no deposits in an Income phase with withdrawals: the withdrawal is paid in full first",
                ));
            }
            if *gp > k.purse_gp {
                return Err(Illegal::new(
                    ids::INCOME_DEPOSIT,
                    format!("the leaders hold {} gp", k.purse_gp),
                ));
            }
            // Below one full 4,000 gp a deposit adds nothing and the gp stay with the leaders:
            // refused, so that no one "deposits" to no effect.
            if *gp < GP_PER_DEPOSITED_BP {
                return Err(Illegal::new(
                    ids::INCOME_DEPOSIT,
                    "every full 4,000 gp deposited is 1 BP: deposit at least 4,000 gp",
                ));
            }
            Ok(())
        }
        (DecisionKind::Sell, Action::Sell(item_ref)) => {
            if sale_attempts_left(world, kingdom) == 0 {
                return Err(Illegal::new(
                    ids::INCOME_SELL_ITEM,
                    "one sale may be tried per district each month",
                ));
            }
            let Some((tier, price, settlement)) = item(world, k, *item_ref) else {
                return Err(Illegal::new(
                    ids::INCOME_SELL_ITEM,
                    "there is no such item to sell",
                ));
            };
            match (tier, item_ref) {
                (None, _) if price <= 4_000 => Err(Illegal::new(
                    ids::INCOME_SELL_ITEM,
                    "items of 4,000 gp or less are deposited, not sold",
                )),
                (Some(_), ItemRef::Slot { district, .. })
                    if k.used.sold_from.contains(&(settlement, *district)) =>
                {
                    Err(Illegal::new(
                        ids::INCOME_SELL_ITEM,
                        "that district has tried a sale this month",
                    ))
                }
                _ => Ok(()),
            }
        }
        _ => Err(wrong_kind(kind, action)),
    }
}

pub fn candidates(world: &World, kingdom: Entity, kind: DecisionKind) -> Vec<Action> {
    let k = world.read::<Kingdom>(kingdom).expect("kingdom");
    let mut out = vec![Action::Done];
    match kind {
        DecisionKind::Withdraw => {
            // Any amount up to the whole Treasury: how much to take at once is the kingdom's
            // choice (each withdrawal is its own +1 Unrest and Loyalty check).
            let most = k.treasury.clamp(0, i32::from(u16::MAX)) as u16;
            out.extend((1..=most).map(Action::Withdraw));
        }
        DecisionKind::Deposit => {
            let n = k.purse_gp / GP_PER_DEPOSITED_BP;
            out.extend((1..=n).map(|i| Action::Deposit(i * GP_PER_DEPOSITED_BP)));
        }
        DecisionKind::Sell => {
            out.extend((0..k.items.len() as u8).map(|i| Action::Sell(ItemRef::Leaders(i))));
            for st in &k.settlements {
                let settlement = world.read::<Settlement>(*st).expect("settlement");
                let tile = world.read::<HexTile>(settlement.hex).expect("hex");
                for (di, d) in settlement.districts.iter().enumerate() {
                    for (bi, p) in d.placed.iter().enumerate() {
                        for si in 0..p.slots.len() {
                            out.push(Action::Sell(ItemRef::Slot {
                                at: (tile.col, tile.row),
                                district: di as u8,
                                building: bi as u8,
                                slot: si as u8,
                            }));
                        }
                    }
                }
            }
        }
        _ => {}
    }
    out
}

fn perform(world: &mut World, kingdom: Entity, action: Action) {
    let id = world.read::<Kingdom>(kingdom).expect("kingdom").id.clone();
    match action {
        Action::Withdraw(bp) => {
            let bp = i32::from(bp);
            let total = {
                let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
                k.treasury -= bp;
                k.purse_gp += bp as u32 * GP_PER_WITHDRAWN_BP;
                k.withdrawn += bp;
                k.withdrawn
            };
            write(
                world,
                Note::new(
                    ids::INCOME_WITHDRAW,
                    format!(
                        "Withdraws {bp} BP for {} gp",
                        bp as u32 * GP_PER_WITHDRAWN_BP
                    ),
                )
                .realm(id.clone())
                .amount(-bp),
            );
            add_unrest(
                world,
                kingdom,
                1,
                ids::INCOME_WITHDRAW,
                "A withdrawal from the Treasury",
            );
            let dc = command_dc(world, kingdom) + total;
            let roll = kingdom_check(
                world,
                kingdom,
                Attr::Loyalty,
                dc,
                &format!("Command DC + {total} BP withdrawn"),
                &[],
                "a withdrawal",
            );
            if !roll.success {
                add_unrest(
                    world,
                    kingdom,
                    total,
                    ids::INCOME_WITHDRAW,
                    &format!("The people resent the {total} BP withdrawn"),
                );
            }
        }
        Action::Deposit(gp) => {
            // Every full 4,000 gp of the deposit is 1 BP (seed 004, Income step 2); gp over the
            // last full 4,000 buy nothing, so they stay with the leaders.
            let bp = (gp / GP_PER_DEPOSITED_BP) as i32;
            let taken = bp as u32 * GP_PER_DEPOSITED_BP;
            {
                let mut k = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
                k.purse_gp -= taken;
                k.treasury += bp;
            }
            let text = if taken == gp {
                format!("Deposits {gp} gp: +{bp} BP")
            } else {
                format!(
                    "Deposits {gp} gp: +{bp} BP for the full 4,000s; the {} gp over stay with the leaders",
                    gp - taken
                )
            };
            write(
                world,
                Note::new(ids::INCOME_DEPOSIT, text).realm(id).amount(bp),
            );
        }
        Action::Sell(item_ref) => {
            let k = world.read::<Kingdom>(kingdom).expect("kingdom").clone();
            let (tier, price, settlement) = item(world, &k, item_ref).expect("checked");
            {
                let mut km = world.get_mut::<Kingdom>(kingdom).expect("kingdom");
                km.used.sales += 1;
                if let ItemRef::Slot { district, .. } = item_ref {
                    km.used.sold_from.push((settlement, district));
                }
            }
            let dc = command_dc(world, kingdom);
            let roll = kingdom_check(
                world,
                kingdom,
                Attr::Economy,
                dc,
                "Command DC",
                &[],
                "selling an item",
            );
            if !roll.success {
                write(
                    world,
                    Note::new(ids::INCOME_SELL_ITEM, "The item finds no buyer").realm(id),
                );
                return;
            }
            let bp = match (tier, item_ref) {
                (
                    Some(t),
                    ItemRef::Slot {
                        at,
                        district,
                        building,
                        slot,
                    },
                ) => {
                    let seat = world.read::<Kingdom>(kingdom).expect("kingdom").seat;
                    let (st, _) = settlement_at(world, seat, at).expect("checked");
                    world
                        .get_mut::<Settlement>(st)
                        .expect("settlement")
                        .districts[usize::from(district)]
                    .placed[usize::from(building)]
                    .slots[usize::from(slot)]
                    .1 = false;
                    sale_bp(Some(t), price)
                }
                _ => {
                    let ItemRef::Leaders(i) = item_ref else {
                        unreachable!("leaders' items have no tier")
                    };
                    world
                        .get_mut::<Kingdom>(kingdom)
                        .expect("kingdom")
                        .items
                        .remove(usize::from(i));
                    sale_bp(None, price)
                }
            };
            world.get_mut::<Kingdom>(kingdom).expect("kingdom").treasury += bp;
            let what = match tier {
                Some(0) => "a minor item".to_string(),
                Some(1) => "a medium item".to_string(),
                Some(_) => "a major item".to_string(),
                None => format!("an item worth {price} gp"),
            };
            write(
                world,
                Note::new(ids::INCOME_SELL_ITEM, format!("Sells {what}: +{bp} BP"))
                    .realm(id)
                    .amount(bp),
            );
        }
        _ => {}
    }
}
