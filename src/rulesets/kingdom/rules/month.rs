//! The month around the four phases: its start (counters, the limits by Size, vacancies named),
//! its end (site preparation advances, the goals are checked), the end of the game, and the
//! months events' lasting effects count (at the start of each Event phase).

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Content, HexTile, Kingdom, Outcome, Used};
use crate::rulesets::kingdom::rules::seats;
use crate::rulesets::kingdom::rules::sheet::{is_vacant, totals};

/// Setup: the founders stand on their start hex, explored and cleared; nothing is claimed yet.
pub fn found_kingdoms(world: &mut World) {
    for k in seats(world) {
        let (id, name) = {
            let k = world.read::<Kingdom>(k).expect("kingdom");
            (k.id.clone(), k.name.clone())
        };
        write(
            world,
            Note::new(
                ids::FLOW_MONTH,
                format!("The founders of {name} gather; their first claim may be any hex they have explored"),
            )
            .realm(id),
        );
    }
}

/// A new month: the calendar moves on, each kingdom's counters for the Edict phase reset, a
/// kingdom in Anarchy restores order (house rule, `upkeep::restore_order`), and vacant roles
/// are named with their penalties.
pub fn start_month(world: &mut World) {
    {
        let mut flow = world.res_mut::<Flow>();
        flow.round += 1;
        // Years and months, for people: `age` is the year, `round_in_age` the month.
        flow.age = ((flow.round - 1) / 12 + 1).min(255) as u8;
        flow.round_in_age = ((flow.round - 1) % 12 + 1) as u8;
    }
    let month = world.res::<Flow>().round;
    write(
        world,
        Note::new(ids::FLOW_MONTH, format!("Month {month} begins")).amount(month as i32),
    );
    let s = world.res::<Content>().0.clone();
    for k in seats(world) {
        {
            let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
            kingdom.used = Used::default();
            kingdom.withdrawn = 0;
        }
        super::upkeep::restore_order(world, k);
        let kingdom = world.read::<Kingdom>(k).expect("kingdom").clone();
        if kingdom.claimed.is_empty() {
            continue;
        }
        for role in &s.roles {
            if !is_vacant(&kingdom, role.role) {
                continue;
            }
            let penalty = role.vacancy.eco != 0
                || role.vacancy.loy != 0
                || role.vacancy.stab != 0
                || role.vacancy_unrest != 0
                || !role.vacancy_forbids.is_empty();
            if penalty {
                let mut what = Vec::new();
                for (n, v) in [
                    ("Economy", role.vacancy.eco),
                    ("Loyalty", role.vacancy.loy),
                    ("Stability", role.vacancy.stab),
                ] {
                    if v != 0 {
                        what.push(format!("{n} {v:+}"));
                    }
                }
                if role.vacancy_unrest != 0 {
                    what.push(format!("+{} Unrest each Upkeep", role.vacancy_unrest));
                }
                for f in &role.vacancy_forbids {
                    what.push(format!("{f:?} stopped"));
                }
                write(
                    world,
                    Note::new(
                        ids::EDICT_VACANCY,
                        format!("{} is vacant: {}", role.name, what.join(", ")),
                    )
                    .realm(kingdom.id.clone()),
                );
            }
        }
    }
}

/// A kingdom's score: Size, plus 2 per district, plus 1 per building, plus a tenth of the
/// Treasury, minus Unrest; a kingdom in Anarchy scores 0.
pub fn score(world: &World, kingdom: Entity) -> i32 {
    let k = world.read::<Kingdom>(kingdom).expect("kingdom");
    if k.anarchy {
        return 0;
    }
    let sh = totals(world, kingdom);
    sh.size as i32 + 2 * sh.districts as i32 + sh.buildings as i32 + k.treasury / 10 - k.unrest
}

/// Whether a kingdom meets the scenario's goals now.
pub fn meets_goals(world: &World, kingdom: Entity) -> bool {
    let s = &world.res::<Content>().0;
    let k = world.read::<Kingdom>(kingdom).expect("kingdom");
    if k.anarchy {
        return false;
    }
    let sh = totals(world, kingdom);
    sh.size >= s.goals.size
        && k.settlements.len() as u32 >= s.goals.settlements
        && sh.buildings >= s.goals.buildings
}

/// The end of the month: sites get ready, new leaders settle in, and the game ends when a
/// kingdom meets the goals or the months run out. (Events' lasting effects count their months
/// at the Event phase: `expire_lasting_effects`.)
pub fn end_month(world: &mut World) {
    let kingdoms = seats(world);
    for k in &kingdoms {
        {
            let mut kingdom = world.get_mut::<Kingdom>(*k).expect("kingdom");
            kingdom.enforcer_penalty = false;
        }
        let claimed = world.read::<Kingdom>(*k).expect("kingdom").claimed.clone();
        for hex in claimed {
            if let Some(mut tile) = world.get_mut::<HexTile>(hex)
                && let Some(months) = tile.prepared.as_mut()
            {
                *months = months.saturating_sub(1);
            }
        }
    }
    let s = world.res::<Content>().0.clone();
    let month = world.res::<Flow>().round;
    let winners: Vec<Entity> = kingdoms
        .iter()
        .copied()
        .filter(|k| meets_goals(world, *k))
        .collect();
    let out_of_time = month >= s.months;
    if winners.is_empty() && !out_of_time {
        return;
    }
    let field = if winners.is_empty() {
        kingdoms.clone()
    } else {
        winners.clone()
    };
    // The best score among those who qualify; ties go to the earlier seat.
    let best = field.iter().copied().max_by_key(|k| {
        (
            score(world, *k),
            std::cmp::Reverse(world.read::<Kingdom>(*k).expect("kingdom").seat),
        )
    });
    let winner = match best {
        // With the goals unmet, a single kingdom has nobody to beat: it has not won.
        Some(k) if !winners.is_empty() || kingdoms.len() > 1 => {
            Some(world.read::<Kingdom>(k).expect("kingdom").id.clone())
        }
        _ => None,
    };
    let reason = if winners.is_empty() {
        format!("The {} months are over", s.months)
    } else {
        format!(
            "{} met the goals (Size {}, {} settlements, {} buildings, no Anarchy)",
            winner.clone().unwrap_or_default(),
            s.goals.size,
            s.goals.settlements,
            s.goals.buildings
        )
    };
    let text = match &winner {
        Some(w) => format!("{reason}: {w} wins"),
        None => format!("{reason}: nobody wins"),
    };
    let mut note = Note::new(ids::GAME_END, text);
    if let Some(w) = &winner {
        note = note.realm(w.clone());
    }
    write(world, note);
    world.insert_resource(Outcome { winner, reason });
    world.res_mut::<Flow>().over = true;
}

/// At the start of a kingdom's Event phase, each lasting effect of an event counts one month
/// off, and those at none run out. An effect an event gives "until the next Event phase" (one
/// month) so holds through the next month's Upkeep, Edict and Income and ends as its Event
/// phase begins; counted at the month's end instead, it ran out before any check saw it.
pub fn expire_lasting_effects(world: &mut World, k: Entity) {
    let expired: Vec<String> = {
        let mut kingdom = world.get_mut::<Kingdom>(k).expect("kingdom");
        let mut gone = Vec::new();
        for t in &mut kingdom.temp {
            t.months = t.months.saturating_sub(1);
            if t.months == 0 {
                gone.push(t.source.clone());
            }
        }
        kingdom.temp.retain(|t| t.months > 0);
        gone
    };
    let id = world.read::<Kingdom>(k).expect("kingdom").id.clone();
    for source in expired {
        write(
            world,
            Note::new(ids::HOUSE_EXPIRE, format!("{source} runs out")).realm(id.clone()),
        );
    }
}
