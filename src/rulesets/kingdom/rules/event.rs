//! The Event phase (seed 004): a 25% chance of an event, 75% after a month without one; the
//! event tables of the scenario, each event's effects and check (adventurers may be hired for
//! it), and destroyed blocks (+1 Unrest each; the same building rebuilt there costs half).

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::decision::Illegal;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::engine::state::sid_of;
use crate::rulesets::kingdom::content::Scenario;
use crate::rulesets::kingdom::content::schema::{Dice, Effect, EventPick, EventTable};
use crate::rulesets::kingdom::decision::{Action, DecisionKind};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Content, DISTRICT_SIDE, Kingdom, Settlement, TempMod};
use crate::rulesets::kingdom::rules::sheet::{command_dc, kingdom_check};
use crate::rulesets::kingdom::rules::upkeep::add_unrest;
use crate::rulesets::kingdom::rules::{
    ask, next_kingdom, next_stage, seats, staged, take_answer, wrong_kind,
};

/// Hiring adventurers for an event's check: (BP, bonus) by tier 1-3.
pub const HIRE: [(i32, i32); 3] = [(4, 2), (8, 5), (16, 10)];

/// The events a kingdom still has to resolve this Event phase: (event index, settlement).
#[derive(Resource, Clone, Debug, Default, Serialize, PartialEq)]
pub struct EventQueue {
    #[serde(skip)]
    pub queue: Vec<(usize, Option<Entity>)>,
    /// The same queue by stable ids, for the state hash.
    pub hashed: Vec<(usize, Option<u32>)>,
}

fn roll(world: &mut World, dice: Dice) -> i32 {
    let mut total = dice.plus;
    let mut rng = world.res_mut::<GameRng>();
    for _ in 0..dice.n {
        if dice.d == 0 {
            continue;
        }
        loop {
            let face = rng.below(u32::from(dice.d)) as i32 + 1;
            total += face;
            // An exploding die rolls again on its highest face (bounded, for safety).
            if !(dice.explode && face == i32::from(dice.d) && dice.d > 1) {
                break;
            }
        }
    }
    total
}

fn d100(world: &mut World) -> u8 {
    world.res_mut::<GameRng>().below(100) as u8 + 1
}

fn find_event(s: &Scenario, table: EventTable, roll: u8) -> Option<usize> {
    s.events
        .iter()
        .position(|e| e.table == table && (e.range.0..=e.range.1).contains(&roll))
}

fn set_queue(world: &mut World, queue: Vec<(usize, Option<Entity>)>) {
    let hashed = queue
        .iter()
        .map(|(e, st)| (*e, st.map(|s| sid_of(world, s))))
        .collect();
    *world.res_mut::<EventQueue>() = EventQueue { queue, hashed };
}

/// Rolls for an event for each kingdom in seat order and resolves what it draws.
pub fn roll_events(world: &mut World) {
    let kingdoms = seats(world);
    loop {
        let Some((k, stage)) = staged(world, &kingdoms) else {
            return;
        };
        let answer = take_answer(world);
        match stage {
            0 => {
                // Every kingdom rolls for an Event, with land or not: the seed skips only the
                // Upkeep phase at 0 hexes.
                super::month::expire_lasting_effects(world, k);
                let queue = draw_events(world, k);
                set_queue(world, queue);
                next_stage(world);
            }
            1 => {
                let mut queue = world.res::<EventQueue>().queue.clone();
                if queue.is_empty() {
                    next_kingdom(world);
                    continue;
                }
                let (event, settlement) = queue[0];
                let s = world.res::<Content>().0.clone();
                let can_hire = s.events[event].check.is_some() && {
                    let kingdom = world.read::<Kingdom>(k).expect("kingdom");
                    // Adventurers are hired once per Event phase.
                    !kingdom.anarchy && !kingdom.used.hired && kingdom.treasury >= HIRE[0].0
                };
                if can_hire && answer.is_none() {
                    ask(world, k, DecisionKind::Hire);
                    return;
                }
                let bonus = match answer {
                    Some(Action::Hire(tier)) => hire(world, k, tier),
                    _ => 0,
                };
                queue.remove(0);
                set_queue(world, queue);
                resolve(world, k, event, settlement, bonus);
            }
            _ => unreachable!("the event step has two stages"),
        }
    }
}

fn hire(world: &mut World, k: Entity, tier: u8) -> i32 {
    let (cost, bonus) = HIRE[usize::from(tier - 1)];
    {
        let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
        kingdom.treasury -= cost;
        kingdom.used.hired = true;
    }
    let id = world.read::<Kingdom>(k).expect("kingdom").id.clone();
    write(
        world,
        Note::new(
            ids::EVENT_RESOLVE,
            format!("Hires adventurers for {cost} BP: +{bonus} on the event's check"),
        )
        .realm(id)
        .amount(-cost),
    );
    bonus
}

/// Step 1: the chance of an event, and the events the tables give.
pub(crate) fn draw_events(world: &mut World, k: Entity) -> Vec<(usize, Option<Entity>)> {
    let s = world.res::<Content>().0.clone();
    let (id, quiet) = {
        let kingdom = world.read::<Kingdom>(k).expect("kingdom");
        (kingdom.id.clone(), !kingdom.event_last_month)
    };
    let chance = if quiet { 75 } else { 25 };
    let roll_chance = d100(world);
    let happens = i32::from(roll_chance) <= chance;
    world
        .get_mut::<Kingdom>(k)
        .expect("kingdom")
        .event_last_month = happens;
    let why = if quiet {
        "75%, no event last month"
    } else {
        "25%"
    };
    write(
        world,
        Note::new(
            ids::EVENT_CHANCE,
            format!(
                "Chance of an event {why}: d% {roll_chance}, {}",
                if happens { "an event" } else { "a quiet month" }
            ),
        )
        .realm(id)
        .amount(i32::from(roll_chance)),
    );
    if !happens {
        return Vec::new();
    }
    let mut out = Vec::new();
    // "+ reroll" rows add an event and roll again; bounded so a modder's table cannot loop.
    for _ in 0..5 {
        let r = d100(world);
        let Some(row) = s
            .event_types
            .iter()
            .find(|row| (row.range.0..=row.range.1).contains(&r))
        else {
            break;
        };
        let event = match &row.pick {
            EventPick::Event(eid) => s.events.iter().position(|e| &e.id == eid),
            EventPick::Table(table) => {
                let r2 = d100(world);
                find_event(&s, *table, r2)
            }
        };
        // A reroll that names an event already rolled this month is ignored (PRD table 4-7):
        // the same event does not strike twice at once.
        if let Some(e) = event.filter(|e| out.iter().all(|(x, _)| x != e)) {
            let settlement = matches!(
                s.events[e].table,
                EventTable::BeneficialSettlement | EventTable::DangerousSettlement
            )
            .then(|| random_settlement(world, k))
            .flatten();
            out.push((e, settlement));
        }
        if !row.reroll {
            break;
        }
    }
    out
}

fn random_settlement(world: &mut World, k: Entity) -> Option<Entity> {
    let settlements = world
        .read::<Kingdom>(k)
        .expect("kingdom")
        .settlements
        .clone();
    if settlements.is_empty() {
        return None;
    }
    let i = world.res_mut::<GameRng>().below(settlements.len() as u32) as usize;
    Some(settlements[i])
}

/// Resolves one event for a kingdom: its text, its effects, its check (with `bonus` from hired
/// adventurers) and what the check's outcome brings.
pub(crate) fn resolve(
    world: &mut World,
    k: Entity,
    event: usize,
    settlement: Option<Entity>,
    bonus: i32,
) {
    let s = world.res::<Content>().0.clone();
    let def = &s.events[event];
    let id = world.read::<Kingdom>(k).expect("kingdom").id.clone();
    let settlement_event = matches!(
        def.table,
        EventTable::BeneficialSettlement | EventTable::DangerousSettlement
    );
    let place = settlement
        .and_then(|st| world.read::<Settlement>(st))
        .map(|st| st.name.clone());
    let mut text = format!("{}: {}", def.name, def.text);
    if let Some(p) = &place {
        text = format!("{} in {p}: {}", def.name, def.text);
    }
    if settlement_event && place.is_none() {
        write(
            world,
            Note::new(
                ids::EVENT_RESOLVE,
                format!(
                    "{}: the kingdom has no settlement, so it passes harmlessly",
                    def.name
                ),
            )
            .realm(id),
        );
        return;
    }
    write(world, Note::new(ids::EVENT_RESOLVE, text).realm(id.clone()));
    let target = settlement.or_else(|| {
        world
            .read::<Kingdom>(k)
            .expect("kingdom")
            .settlements
            .first()
            .copied()
    });
    for effect in &def.effects {
        apply_effect(world, k, target, effect, &def.name);
    }
    if let Some(check) = &def.check {
        let dc = command_dc(world, k) + check.dc;
        let extra = if bonus > 0 {
            vec![("adventurers".to_string(), bonus)]
        } else {
            Vec::new()
        };
        let roll = kingdom_check(world, k, check.attr, dc, "Command DC", &extra, &def.name);
        let effects = if roll.success {
            &check.success
        } else {
            &check.failure
        };
        for effect in effects {
            apply_effect(world, k, target, effect, &def.name);
        }
    }
}

fn apply_effect(
    world: &mut World,
    k: Entity,
    settlement: Option<Entity>,
    effect: &Effect,
    source: &str,
) {
    let id = world.read::<Kingdom>(k).expect("kingdom").id.clone();
    match effect {
        Effect::Bp(d) => {
            let n = roll(world, *d);
            world.get_mut::<Kingdom>(k).expect("kingdom").treasury += n;
            write(
                world,
                Note::new(ids::EVENT_RESOLVE, format!("{source}: +{n} BP"))
                    .realm(id)
                    .amount(n),
            );
        }
        Effect::LoseBp(d) => {
            let n = roll(world, *d);
            let lost = {
                let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
                let lost = n.min(kingdom.treasury.max(0));
                kingdom.treasury -= lost;
                lost
            };
            write(
                world,
                Note::new(ids::EVENT_RESOLVE, format!("{source}: -{lost} BP"))
                    .realm(id)
                    .amount(-lost),
            );
        }
        Effect::Unrest(d) => {
            let n = roll(world, *d);
            add_unrest(world, k, n, ids::EVENT_RESOLVE, source);
        }
        Effect::CalmUnrest(d) => {
            let n = roll(world, *d);
            add_unrest(world, k, -n, ids::EVENT_RESOLVE, source);
        }
        Effect::Modifier {
            attr,
            amount,
            months,
        } => {
            world
                .get_mut::<Kingdom>(k)
                .expect("kingdom")
                .temp
                .push(TempMod {
                    source: source.to_string(),
                    attr: Some(*attr),
                    amount: *amount,
                    consumption_percent: 0,
                    months: *months,
                });
            write(
                world,
                Note::new(
                    ids::EVENT_RESOLVE,
                    format!("{source}: {attr:?} {amount:+} for {months} month(s)"),
                )
                .realm(id)
                .amount(*amount),
            );
        }
        Effect::Consumption { percent, months } => {
            world
                .get_mut::<Kingdom>(k)
                .expect("kingdom")
                .temp
                .push(TempMod {
                    source: source.to_string(),
                    attr: None,
                    amount: 0,
                    consumption_percent: *percent,
                    months: *months,
                });
            write(
                world,
                Note::new(
                    ids::EVENT_RESOLVE,
                    format!("{source}: Consumption {percent:+}% for {months} month(s)"),
                )
                .realm(id)
                .amount(*percent),
            );
        }
        Effect::DestroyBlocks(d) => {
            let n = roll(world, *d).max(0) as u32;
            if let Some(st) = settlement {
                destroy_blocks(world, k, st, n, source);
            }
        }
        Effect::FillItemSlots(n) => {
            let Some(st) = settlement else { return };
            let mut left = *n;
            let mut town = world.get_mut::<Settlement>(st).expect("settlement");
            for d in &mut town.districts {
                for p in &mut d.placed {
                    for slot in &mut p.slots {
                        if left > 0 && !slot.1 {
                            slot.1 = true;
                            left -= 1;
                        }
                    }
                }
            }
            let filled = n - left;
            write(
                world,
                Note::new(
                    ids::EVENT_RESOLVE,
                    format!("{source}: {filled} item slot(s) filled"),
                )
                .realm(id)
                .amount(i32::from(filled)),
            );
        }
        Effect::Gold(gp) => {
            world.get_mut::<Kingdom>(k).expect("kingdom").purse_gp += gp;
            write(
                world,
                Note::new(
                    ids::EVENT_RESOLVE,
                    format!("{source}: the leaders gain {gp} gp"),
                )
                .realm(id),
            );
        }
        Effect::Item(gp) => {
            world
                .get_mut::<Kingdom>(k)
                .expect("kingdom")
                .items
                .push(*gp);
            write(
                world,
                Note::new(
                    ids::EVENT_RESOLVE,
                    format!("{source}: the leaders gain an item worth {gp} gp"),
                )
                .realm(id),
            );
        }
        Effect::BuildingDiscount(bp) => {
            if let Some(st) = settlement {
                world
                    .get_mut::<Settlement>(st)
                    .expect("settlement")
                    .discount += bp;
                write(
                    world,
                    Note::new(
                        ids::EVENT_RESOLVE,
                        format!("{source}: the next building there costs {bp} BP less"),
                    )
                    .realm(id),
                );
            }
        }
    }
}

/// Step 2: destroys up to `n` built blocks of a settlement: +1 Unrest per block; the lots
/// remember what stood there, so the same building costs half to rebuild.
pub fn destroy_blocks(world: &mut World, k: Entity, st: Entity, n: u32, source: &str) {
    let mut town = world.read::<Settlement>(st).expect("settlement").clone();
    let mut destroyed = 0;
    for _ in 0..n {
        // Blocks with a building on them, as (district, block top-left lot).
        let mut built = Vec::new();
        for (di, d) in town.districts.iter().enumerate() {
            for block in 0..9u8 {
                let top = (block / 3) * 2 * DISTRICT_SIDE + (block % 3) * 2;
                let lots = [top, top + 1, top + DISTRICT_SIDE, top + DISTRICT_SIDE + 1];
                if lots.iter().any(|c| d.at(*c).is_some()) {
                    built.push((di, lots));
                }
            }
        }
        if built.is_empty() {
            break;
        }
        let pick = world.res_mut::<GameRng>().below(built.len() as u32) as usize;
        let (di, lots) = built[pick];
        let d = &mut town.districts[di];
        let mut i = 0;
        while i < d.placed.len() {
            if d.placed[i].cells.iter().any(|c| lots.contains(c)) {
                let p = d.placed.remove(i);
                let anchor = p.cells[0];
                d.ruined.push((anchor, p.building));
            } else {
                i += 1;
            }
        }
        destroyed += 1;
    }
    let name = town.name.clone();
    *world.get_mut::<Settlement>(st).expect("settlement") = town;
    if destroyed == 0 {
        return;
    }
    let id = world.read::<Kingdom>(k).expect("kingdom").id.clone();
    write(
        world,
        Note::new(ids::EVENT_DESTROYED_BLOCKS, format!("{source}: {destroyed} block(s) of {name} destroyed; the same buildings cost half to rebuild"))
            .realm(id)
            .subject(sid_of(world, st))
            .amount(destroyed),
    );
    add_unrest(
        world,
        k,
        destroyed,
        ids::EVENT_DESTROYED_BLOCKS,
        &format!("{destroyed} destroyed block(s)"),
    );
}

pub fn check(world: &World, kingdom: Entity, action: &Action) -> Result<(), Illegal> {
    match action {
        Action::Done => Ok(()),
        Action::Hire(tier @ 1..=3) => {
            let (cost, _) = HIRE[usize::from(*tier - 1)];
            let k = world.read::<Kingdom>(kingdom).expect("kingdom");
            if k.used.hired {
                return Err(Illegal::new(
                    ids::EVENT_RESOLVE,
                    "adventurers are hired once per Event phase",
                ));
            }
            let treasury = k.treasury;
            if treasury < cost {
                return Err(Illegal::new(
                    ids::EVENT_RESOLVE,
                    format!("those adventurers cost {cost} BP; the Treasury holds {treasury}"),
                ));
            }
            Ok(())
        }
        _ => Err(wrong_kind(DecisionKind::Hire, action)),
    }
}
