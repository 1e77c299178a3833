//! The Upkeep phase (seed 004): the Stability check, Consumption, magic item slots, and Unrest
//! with the Royal Enforcer, the loss of a hex at Unrest 11+ and Anarchy at 20+. A kingdom that
//! controls no hex skips the phase.

use bevy::prelude::*;

use crate::engine::decision::Illegal;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::engine::state::sid_of;
use crate::rulesets::kingdom::content::schema::{Attr, Role};
use crate::rulesets::kingdom::decision::{Action, At, DecisionKind};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Board, Content, HexTile, Kingdom, Settlement};
use crate::rulesets::kingdom::rules::sheet::{
    Detail, command_dc, explaining, holder, is_vacant, kingdom_check, totals,
};
use crate::rulesets::kingdom::rules::{
    ask, next_kingdom, next_stage, seats, staged, take_answer, wrong_kind,
};

fn kingdom_id(world: &World, k: Entity) -> String {
    world.read::<Kingdom>(k).expect("kingdom").id.clone()
}

fn controls_hexes(world: &World, k: Entity) -> bool {
    !world
        .read::<Kingdom>(k)
        .expect("kingdom")
        .claimed
        .is_empty()
}

/// Changes Unrest (never below 0) and logs it under `rule`.
pub fn add_unrest(world: &mut World, k: Entity, amount: i32, rule: &'static str, why: &str) {
    let (id, before, after) = {
        let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
        let before = kingdom.unrest;
        kingdom.unrest = (kingdom.unrest + amount).max(0);
        (kingdom.id.clone(), before, kingdom.unrest)
    };
    if before != after {
        write(
            world,
            Note::new(rule, format!("{why}: Unrest {before} -> {after}"))
                .realm(id)
                .amount(after - before),
        );
    }
}

/// Step 1: the Stability check against Command DC.
pub fn check_stability(world: &mut World) {
    for k in seats(world) {
        if !controls_hexes(world, k) {
            continue;
        }
        let dc = command_dc(world, k);
        let roll = kingdom_check(
            world,
            k,
            Attr::Stability,
            dc,
            "Command DC",
            &[],
            "Upkeep: Stability",
        );
        if roll.success {
            let unrest = world.read::<Kingdom>(k).expect("kingdom").unrest;
            if unrest > 0 {
                add_unrest(world, k, -1, ids::UPKEEP_STABILITY, "The kingdom is secure");
            } else {
                let id = kingdom_id(world, k);
                world.get_mut::<Kingdom>(k).expect("kingdom").treasury += 1;
                write(
                    world,
                    Note::new(
                        ids::UPKEEP_STABILITY,
                        "The kingdom is secure and Unrest is 0: surplus goods bring +1 BP",
                    )
                    .realm(id)
                    .amount(1),
                );
            }
        } else if roll.failed_by() < 5 {
            add_unrest(
                world,
                k,
                1,
                ids::UPKEEP_STABILITY,
                "The Stability check failed by less than 5",
            );
        } else {
            let d4 = world.res_mut::<GameRng>().below(4) as i32 + 1;
            add_unrest(
                world,
                k,
                d4,
                ids::UPKEEP_STABILITY,
                &format!("The Stability check failed by 5 or more (1d4 rolled {d4})"),
            );
        }
    }
}

/// Step 2: Consumption from the Treasury; if it cannot be paid, the Treasury drops to 0 and
/// Unrest rises by 2.
pub fn pay_consumption(world: &mut World) {
    for k in seats(world) {
        if !controls_hexes(world, k) {
            continue;
        }
        let consumption = explaining(world, k, Detail::Consumption).consumption;
        let (id, treasury) = {
            let kingdom = world.read::<Kingdom>(k).expect("kingdom");
            (kingdom.id.clone(), kingdom.treasury)
        };
        let due = consumption.total;
        if treasury >= due {
            world.get_mut::<Kingdom>(k).expect("kingdom").treasury -= due;
            write(
                world,
                Note::new(
                    ids::UPKEEP_CONSUMPTION,
                    format!(
                        "Consumption {due} [{}] paid: Treasury {treasury} -> {} BP",
                        consumption.explain(),
                        treasury - due
                    ),
                )
                .realm(id)
                .amount(-due),
            );
        } else {
            world.get_mut::<Kingdom>(k).expect("kingdom").treasury = 0;
            write(
                world,
                Note::new(
                    ids::UPKEEP_CONSUMPTION,
                    format!("Consumption {due} cannot be paid from {treasury} BP: the Treasury drops to 0"),
                )
                .realm(id)
                .amount(-treasury),
            );
            add_unrest(world, k, 2, ids::UPKEEP_CONSUMPTION, "Unpaid Consumption");
        }
    }
}

/// Step 3: each vacant magic item slot of every district fills at 50%.
pub fn fill_item_slots(world: &mut World) {
    for k in seats(world) {
        if !controls_hexes(world, k) {
            continue;
        }
        let (id, settlements) = {
            let kingdom = world.read::<Kingdom>(k).expect("kingdom");
            (kingdom.id.clone(), kingdom.settlements.clone())
        };
        for st in settlements {
            let mut settlement = world.read::<Settlement>(st).expect("settlement").clone();
            let mut filled = [0u32; 3];
            let mut vacant = 0;
            for d in &mut settlement.districts {
                for p in &mut d.placed {
                    for slot in &mut p.slots {
                        if slot.1 {
                            continue;
                        }
                        vacant += 1;
                        if world.res_mut::<GameRng>().below(2) == 0 {
                            slot.1 = true;
                            filled[slot.0 as usize] += 1;
                        }
                    }
                }
            }
            if vacant == 0 {
                continue;
            }
            let name = settlement.name.clone();
            *world.get_mut::<Settlement>(st).expect("settlement") = settlement;
            let total: u32 = filled.iter().sum();
            write(
                world,
                Note::new(
                    ids::UPKEEP_ITEM_SLOTS,
                    format!(
                        "{name}: {total} of {vacant} vacant item slots filled ({} minor, {} medium, {} major)",
                        filled[0], filled[1], filled[2]
                    ),
                )
                .realm(id.clone())
                .subject(sid_of(world, st))
                .amount(total as i32),
            );
        }
    }
}

/// Step 4: Unrest. +1 per attribute below 0 and the Unrest of vacant roles; the Royal
/// Enforcer's option; Anarchy at 20+; a hex lost at 11+.
pub fn settle_unrest(world: &mut World) {
    let kingdoms = seats(world);
    loop {
        let Some((k, stage)) = staged(world, &kingdoms) else {
            return;
        };
        let answer = take_answer(world);
        match stage {
            0 => {
                if !controls_hexes(world, k) {
                    next_kingdom(world);
                    continue;
                }
                raise_unrest(world, k);
                next_stage(world);
            }
            1 => {
                if answer == Some(Action::Enforce) {
                    use_enforcer(world, k);
                } else if answer.is_none() && enforcer_may_act(world, k) {
                    ask(world, k, DecisionKind::Enforcer);
                    return;
                }
                next_stage(world);
            }
            2 => {
                update_anarchy(world, k);
                next_stage(world);
            }
            3 => {
                if let Some(Action::LoseHex(at)) = answer {
                    lose_hex(world, k, at);
                } else if world.read::<Kingdom>(k).expect("kingdom").unrest >= 11
                    && controls_hexes(world, k)
                {
                    ask(world, k, DecisionKind::LoseHex);
                    return;
                }
                next_stage(world);
            }
            _ => next_kingdom(world),
        }
    }
}

fn raise_unrest(world: &mut World, k: Entity) {
    let sh = totals(world, k);
    for attr in Attr::ALL {
        let value = sh.attr(attr).total;
        if value < 0 {
            add_unrest(
                world,
                k,
                1,
                ids::UPKEEP_UNREST,
                &format!("{attr:?} is {value}, below 0"),
            );
        }
    }
    let s = world.res::<Content>().0.clone();
    let kingdom = world.read::<Kingdom>(k).expect("kingdom").clone();
    for role in &s.roles {
        if role.vacancy_unrest != 0 && is_vacant(&kingdom, role.role) {
            add_unrest(
                world,
                k,
                role.vacancy_unrest,
                ids::EDICT_VACANCY,
                &format!("{} is vacant", role.name),
            );
        }
    }
}

fn enforcer_may_act(world: &World, k: Entity) -> bool {
    let kingdom = world.read::<Kingdom>(k).expect("kingdom");
    !kingdom.anarchy
        && kingdom.unrest > 0
        && holder(kingdom, Role::RoyalEnforcer).is_some()
        && !kingdom.transition.contains(&Role::RoyalEnforcer)
}

fn use_enforcer(world: &mut World, k: Entity) {
    add_unrest(
        world,
        k,
        -1,
        ids::UPKEEP_ENFORCER,
        "The Royal Enforcer cracks down",
    );
    let dc = command_dc(world, k);
    let roll = kingdom_check(
        world,
        k,
        Attr::Loyalty,
        dc,
        "Command DC",
        &[],
        "the Royal Enforcer",
    );
    if !roll.success {
        let id = kingdom_id(world, k);
        world
            .get_mut::<Kingdom>(k)
            .expect("kingdom")
            .enforcer_penalty = true;
        write(
            world,
            Note::new(
                ids::UPKEEP_ENFORCER,
                "The crackdown angers the people: Loyalty -1 until the end of the month",
            )
            .realm(id)
            .amount(-1),
        );
    }
}

fn update_anarchy(world: &mut World, k: Entity) {
    let (id, unrest, anarchy) = {
        let kingdom = world.read::<Kingdom>(k).expect("kingdom");
        (kingdom.id.clone(), kingdom.unrest, kingdom.anarchy)
    };
    // Only the fall: the seed says how a kingdom descends into Anarchy, not how it leaves;
    // the house rule that restores order runs at the start of the month (`restore_order`),
    // outside the seed's steps, so that step 4 adds exactly what the seed says.
    if unrest >= 20 && !anarchy {
        world.get_mut::<Kingdom>(k).expect("kingdom").anarchy = true;
        write(
            world,
            Note::new(ids::UPKEEP_ANARCHY, format!("Unrest {unrest}: the kingdom falls into Anarchy; it can take no actions and every check counts as 0"))
                .realm(id),
        );
    }
}

/// House rule, at the start of a month: a kingdom in Anarchy has its leaders put down revolt
/// (Unrest -2d4), and leaves Anarchy once Unrest is below 20. The seed gives Anarchy no way
/// out; this stands in for the quests that restore order in the source game.
pub fn restore_order(world: &mut World, k: Entity) {
    if !world.read::<Kingdom>(k).expect("kingdom").anarchy {
        return;
    }
    let roll = {
        let mut rng = world.res_mut::<GameRng>();
        rng.below(4) as i32 + rng.below(4) as i32 + 2
    };
    add_unrest(
        world,
        k,
        -roll,
        ids::HOUSE_RESTORE_ORDER,
        &format!("In Anarchy the leaders put down revolt (house rule, 2d4 = {roll})"),
    );
    let (id, unrest) = {
        let kingdom = world.read::<Kingdom>(k).expect("kingdom");
        (kingdom.id.clone(), kingdom.unrest)
    };
    if unrest < 20 {
        world.get_mut::<Kingdom>(k).expect("kingdom").anarchy = false;
        write(
            world,
            Note::new(
                ids::HOUSE_RESTORE_ORDER,
                format!("Unrest {unrest}: order returns and the kingdom leaves Anarchy"),
            )
            .realm(id),
        );
    }
}

/// Takes a hex out of the kingdom: its improvements are lost and its settlement becomes a free
/// town that must be annexed again.
pub fn release_hex(world: &mut World, k: Entity, hex: Entity) -> Option<String> {
    let seat = world.read::<Kingdom>(k).expect("kingdom").seat;
    let settlement = {
        let mut tile = world.get_mut::<HexTile>(hex)?;
        if tile.owner != Some(seat) {
            return None;
        }
        tile.owner = None;
        tile.improvements.clear();
        tile.prepared = None;
        tile.settlement
    };
    let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
    kingdom.claimed.retain(|h| *h != hex);
    let mut town = None;
    if let Some(st) = settlement {
        kingdom.settlements.retain(|e| *e != st);
        let mut s = world.get_mut::<Settlement>(st).expect("settlement");
        s.owner = None;
        town = Some(s.name.clone());
    }
    town
}

fn lose_hex(world: &mut World, k: Entity, (col, row): At) {
    let Some(hex) = world.res::<Board>().at(col, row) else {
        return;
    };
    let unrest = world.read::<Kingdom>(k).expect("kingdom").unrest;
    let town = release_hex(world, k, hex);
    let id = kingdom_id(world, k);
    let mut text =
        format!("Unrest {unrest}: the kingdom loses hex ({col}, {row}) and its improvements");
    if let Some(town) = town {
        text += &format!("; {town} becomes a free town that must be annexed");
    }
    let sid = sid_of(world, hex);
    write(
        world,
        Note::new(ids::UPKEEP_LOSE_HEX, text).realm(id).subject(sid),
    );
}

/// Checks an answer to the Enforcer or lose-a-hex decision.
pub fn check(world: &World, k: Entity, kind: DecisionKind, action: &Action) -> Result<(), Illegal> {
    match (kind, action) {
        (DecisionKind::Enforcer, Action::Enforce | Action::Done) => Ok(()),
        (DecisionKind::LoseHex, Action::LoseHex((col, row))) => {
            let seat = world.read::<Kingdom>(k).expect("kingdom").seat;
            let owned = world
                .res::<Board>()
                .at(*col, *row)
                .and_then(|h| world.read::<HexTile>(h))
                .is_some_and(|t| t.owner == Some(seat));
            if owned {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::UPKEEP_LOSE_HEX,
                    format!("hex ({col}, {row}) is not the kingdom's to lose"),
                ))
            }
        }
        (DecisionKind::LoseHex, Action::Done) => Err(Illegal::new(
            ids::UPKEEP_LOSE_HEX,
            "at Unrest 11 or more the kingdom must give up one of its hexes",
        )),
        _ => Err(wrong_kind(kind, action)),
    }
}

pub fn candidates(world: &World, k: Entity, kind: DecisionKind) -> Vec<Action> {
    match kind {
        DecisionKind::Enforcer => vec![Action::Enforce, Action::Done],
        _ => world
            .read::<Kingdom>(k)
            .expect("kingdom")
            .claimed
            .iter()
            .filter_map(|h| world.read::<HexTile>(*h))
            .map(|t| Action::LoseHex((t.col, t.row)))
            .collect(),
    }
}
