//! The minor actions Replenish Manpower and Cut Ties (FACTS 4): no turn of their own, taken
//! alongside a turn's action as often as they can be paid for.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, Illegal, Tie};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::*;
use crate::rulesets::pop::rules::economy::{change_mp, change_stability};
use crate::rulesets::pop::rules::generic::{add_influence, markers, mat};
use crate::rulesets::pop::rules::relations::*;
use crate::rulesets::pop::rules::war::{self, end_alliance, remove_influence};
use crate::rulesets::pop::state::{Index, key_of, sid_of, spawn_sim};

/// Replenish Manpower refreshes this many exhausted units for each mil.
pub const UNITS_PER_MIL: u8 = 3;

/// Influence lost when ending an alliance with a realm at peace.
pub const PEACEFUL_SPLIT_INFLUENCE: u8 = 5;

/// Whether the action is one of ours.
pub fn owns(action: &Action) -> bool {
    matches!(
        action,
        Action::ReplenishManpower { .. } | Action::CutTies { .. }
    )
}

/// Mil that refreshing `units` exhausted units costs: 1 for every 3 or part of 3.
pub fn replenish_cost(units: u8) -> i32 {
    i32::from(units.div_ceil(UNITS_PER_MIL))
}

/// Our minor actions worth checking for `realm`.
pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let m = mat(world, realm);
    let mut all: Vec<Action> = (1..=m.exhausted_manpower.clamp(0, 40) as u8)
        .map(|units| Action::ReplenishManpower { units })
        .collect();
    let mut areas: Vec<Entity> = markers::<Influence>(world)
        .iter()
        .copied()
        .filter(|(_, i)| i.realm == realm)
        .map(|(_, i)| i.area)
        .collect();
    areas.sort_by_key(|a| key_of(world, *a));
    all.extend(areas.into_iter().map(|a| Action::CutTies {
        tie: Tie::Influence {
            area: key_of(world, a),
        },
    }));
    let mut claims: Vec<Entity> = markers::<Claim>(world)
        .iter()
        .copied()
        .filter(|(_, c)| c.realm == realm)
        .map(|(_, c)| c.area)
        .collect();
    claims.sort_by_key(|a| key_of(world, *a));
    claims.dedup();
    all.extend(claims.into_iter().map(|a| Action::CutTies {
        tie: Tie::Claim {
            area: key_of(world, a),
        },
    }));
    let mut allies = partners::<Alliance>(world, realm);
    allies.sort_by_key(|a| key_of(world, *a));
    all.extend(allies.into_iter().map(|a| Action::CutTies {
        tie: Tie::Alliance {
            realm: key_of(world, a),
        },
    }));
    all
}

/// Why `realm` may not take this minor action now, if it may not.
pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    let lookup = |id: &str| world.res::<Index>().get(id);
    match action {
        Action::ReplenishManpower { units } => {
            let m = mat(world, realm);
            let cost = replenish_cost(*units);
            if *units == 0 || i32::from(*units) > m.exhausted_manpower {
                Some(Illegal::new(
                    ids::ACT_REPLENISH_MANPOWER,
                    format!(
                        "you have {} exhausted units to replenish",
                        m.exhausted_manpower
                    ),
                ))
            } else if m.mp(MpKind::Mil) < cost {
                Some(Illegal::new(
                    ids::ACT_REPLENISH_MANPOWER,
                    format!(
                        "replenishing {units} units costs {cost} mil, you have {}",
                        m.mp(MpKind::Mil)
                    ),
                ))
            } else {
                None
            }
        }
        Action::CutTies { tie } => {
            let no = |text: String| Some(Illegal::new(ids::ACT_CUT_TIES, text));
            match tie {
                Tie::Influence { area } => match lookup(area) {
                    Some(a) if influence_in(world, realm, a) > 0 => None,
                    _ => no(format!("you have no influence in {area}")),
                },
                // Only Claim markers are given up: a core token is no claim to return.
                Tie::Claim { area } => match lookup(area) {
                    Some(a)
                        if markers::<Claim>(world)
                            .iter()
                            .any(|(_, c)| c.realm == realm && c.area == a) =>
                    {
                        None
                    }
                    _ => no(format!("you have no claim on {area}")),
                },
                Tie::Alliance { realm: other } => match lookup(other) {
                    Some(o) if allied(world, realm, o) => None,
                    _ => no(format!("you have no alliance with {other}")),
                },
            }
        }
        _ => None,
    }
}

/// Takes one of our minor actions (checked already).
pub fn apply(world: &mut World, realm: Entity, action: &Action) {
    let name = key_of(world, realm);
    match action {
        Action::ReplenishManpower { units } => {
            let cost = replenish_cost(*units);
            change_mp(
                world,
                realm,
                MpKind::Mil,
                -cost,
                ids::ACT_REPLENISH_MANPOWER,
            );
            if let Some(mut m) = world.get_mut::<Mat>(realm) {
                m.exhausted_manpower -= i32::from(*units);
                m.manpower += i32::from(*units);
            }
            write(
                world,
                Note::new(
                    ids::ACT_REPLENISH_MANPOWER,
                    format!("{name} replenishes {units} exhausted units for {cost} mil"),
                )
                .realm(name)
                .amount(i32::from(*units)),
            );
        }
        Action::CutTies { tie } => cut_ties(world, realm, tie),
        _ => {}
    }
}

fn cut_ties(world: &mut World, realm: Entity, tie: &Tie) {
    let name = key_of(world, realm);
    match tie {
        Tie::Influence { area } => {
            let Some(a) = world.res::<Index>().get(area) else {
                return;
            };
            add_influence(world, realm, a, -1);
            write(
                world,
                Note::new(
                    ids::ACT_CUT_TIES,
                    format!("{name} takes 1 influence back from {area}"),
                )
                .realm(name),
            );
        }
        Tie::Claim { area } => {
            let Some(a) = world.res::<Index>().get(area) else {
                return;
            };
            let claims: Vec<Entity> = markers::<Claim>(world)
                .iter()
                .copied()
                .filter(|(_, c)| c.realm == realm && c.area == a)
                .map(|(e, _)| e)
                .collect();
            for c in claims {
                world.despawn(c);
            }
            write(
                world,
                Note::new(
                    ids::ACT_CUT_TIES,
                    format!("{name} gives up its claim on {area}"),
                )
                .realm(name),
            );
        }
        Tie::Alliance { realm: other } => {
            if let Some(o) = world.res::<Index>().get(other) {
                end_alliance_by_choice(world, realm, o);
            }
        }
    }
}

/// Stability lost for ending an alliance with a realm at war.
pub const WARTIME_SPLIT_STABILITY: i32 = 2;

/// Whether ending the alliance with `ally` now is a split in wartime: the ally is at war or
/// fighting as an Active Ally.
pub fn split_in_wartime(world: &World, ally: Entity) -> bool {
    war::active_allies(world).contains(&sid_of(world, ally)) || at_war(world, ally)
}

/// Ends an alliance by Cut Ties (11.3 Ending an Alliance). With the ally at peace: 5 influence
/// from its areas and a truce. With the ally at war or fighting as an Active Ally: 2 stability
/// and all influence in its areas; an Active Ally also takes back its lent units (half its tax
/// value, at most 5) and fights its war on alone.
fn end_alliance_by_choice(world: &mut World, realm: Entity, ally: Entity) {
    let (name, other) = (key_of(world, realm), key_of(world, ally));
    let active = war::active_allies(world).contains(&sid_of(world, ally));
    let fighting = split_in_wartime(world, ally);
    end_alliance(world, realm, ally);
    let areas = owned_areas(world, ally);
    write(
        world,
        Note::new(
            ids::ACT_CUT_TIES,
            format!(
                "{name} ends its alliance with {other}{}",
                if fighting {
                    " in the middle of a war"
                } else {
                    ""
                }
            ),
        )
        .realm(name),
    );
    if !fighting {
        remove_influence(
            world,
            realm,
            PEACEFUL_SPLIT_INFLUENCE,
            Some(&areas),
            ids::ACT_CUT_TIES,
        );
        spawn_sim(world, None, Truce { a: realm, b: ally });
        write(
            world,
            Note::new(
                ids::WAR_TRUCE,
                format!("{name} and {other} part in a truce"),
            )
            .realm(name),
        );
        return;
    }
    change_stability(world, realm, -WARTIME_SPLIT_STABILITY, ids::ACT_CUT_TIES);
    remove_influence(world, realm, u8::MAX, Some(&areas), ids::ACT_CUT_TIES);
    if active {
        // The units lent at its activation, counted then from its pre-war provinces.
        let lent = war::lent_at_activation(world, ally).max(0) as usize;
        war::deactivate(world, ally);
        let units = war::allied_units(world, realm);
        let gone = units.len().min(lent);
        for u in units.into_iter().take(lent) {
            world.despawn(u);
        }
        write(
            world,
            Note::new(
                ids::ACT_CUT_TIES,
                format!("{other} takes back {gone} allied units and fights its war alone"),
            )
            .realm(name)
            .amount(gone as i32),
        );
    }
}
