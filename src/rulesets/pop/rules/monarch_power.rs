//! Phase 4 step D, monarch power income (7.1): ruler skill plus advisor skill per type (1 for
//! each type during an Interregnum), stability +3 gives 2 MP of choice, -3 costs 1.

use bevy::prelude::*;

use crate::engine::flow::Rules;
use crate::engine::log::{Note, write};
use crate::rulesets::pop::content::schema::{Effect, MpKind};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::{Character, Mat};
use crate::rulesets::pop::rules::PopStep;
use crate::rulesets::pop::rules::characters::{advisor_of, ruler_skill};
use crate::rulesets::pop::rules::economy::change_mp;
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm, queue_effects};
use crate::rulesets::pop::state::key_of;

pub struct MonarchPowerPlugin;

impl Plugin for MonarchPowerPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Rules, gain_monarch_power.in_set(PopStep::P4D));
    }
}

/// A realm's total skill level in one type: ruler (or regency 1) plus that type's advisor.
pub fn skill_level(world: &World, realm: Entity, kind: MpKind) -> i32 {
    let advisor = advisor_of(world, realm, kind)
        .and_then(|a| world.get::<Character>(a))
        .map_or(0, |c| c.skill(kind));
    ruler_skill(world, realm, kind)
        + advisor
        + crate::rulesets::pop::rules::ideas::idea_skill(world, realm, kind)
}

pub(crate) fn gain_monarch_power(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            let name = key_of(world, realm);
            let income: Vec<(MpKind, i32)> = MpKind::ALL
                .iter()
                .map(|k| (*k, skill_level(world, realm, *k)))
                .collect();
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE4_D,
                    format!(
                        "{name} gains monarch power: {} adm, {} dip, {} mil",
                        income[0].1, income[1].1, income[2].1
                    ),
                )
                .realm(&name),
            );
            for (kind, amount) in income {
                change_mp(world, realm, kind, amount, ids::MP_INCOME);
            }
            if crate::rulesets::pop::rules::curia::is_controller(world, realm) {
                write(
                    world,
                    Note::new(
                        ids::CURIA_CONTROLLER,
                        format!("{name}, the Papal Controller, gains 1 dip"),
                    )
                    .realm(&name),
                );
                change_mp(world, realm, MpKind::Dip, 1, ids::CURIA_CONTROLLER);
            }
            let stability = world.get::<Mat>(realm).map_or(0, |m| m.stability);
            if stability >= 3 {
                write(
                    world,
                    Note::new(
                        ids::STABILITY_PLUS3,
                        format!("{name} at +3 stability: 2 MP of choice"),
                    )
                    .realm(&name),
                );
                queue_effects(
                    world,
                    realm,
                    vec![Effect::AnyMp(1), Effect::AnyMp(1)],
                    "stability +3",
                );
            } else if stability <= -3 {
                write(
                    world,
                    Note::new(
                        ids::STABILITY_MINUS3,
                        format!("{name} at -3 stability: 1 MP fewer"),
                    )
                    .realm(&name),
                );
                queue_effects(world, realm, vec![Effect::AnyMp(-1)], "stability -3");
            }
            Visit::Next
        },
        |_, _, _| Visit::Next,
    );
}
