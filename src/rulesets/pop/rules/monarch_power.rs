//! Phase 4 step D, monarch power income (7.1): ruler skill plus advisor skill per type (1 for
//! each type during an Interregnum), stability +3 gives 2 MP of choice, -3 receives 1 fewer.

use bevy::prelude::*;

use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{Effect, MpKind};
use crate::rulesets::pop::decision::{Action, DecisionKind, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::{Character, Mat};
use crate::rulesets::pop::rules::characters::{advisor_of, ruler_skill};
use crate::rulesets::pop::rules::economy::change_mp;
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm, queue_effects};
use crate::rulesets::pop::state::key_of;

/// A realm's total skill level in one type: ruler (or regency 1) plus that type's advisor plus
/// its Ideas.
pub fn skill_level(world: &World, realm: Entity, kind: MpKind) -> i32 {
    skill_sources(world, realm, kind)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// Where a skill level comes from: the ruler (or regency), the advisor, the Ideas.
fn skill_sources(world: &World, realm: Entity, kind: MpKind) -> [(&'static str, i32); 3] {
    let advisor = advisor_of(world, realm, kind)
        .and_then(|a| world.read::<Character>(a))
        .map_or(0, |c| c.skill(kind));
    [
        ("ruler", ruler_skill(world, realm, kind)),
        ("advisor", advisor),
        (
            "Ideas",
            crate::rulesets::pop::rules::ideas::idea_skill(world, realm, kind),
        ),
    ]
}

/// Everything a realm will gain of one type in the next Phase 4 D, by source (the sum behind
/// the figure on the mat): its skill levels, the Papal Controller's 1 dip, and the Emperor's
/// bonus by Imperial Authority (18.1). Stability +3 or -3 comes on top.
pub fn income_sources(world: &World, realm: Entity, kind: MpKind) -> Vec<(&'static str, i32)> {
    let mut sources = skill_sources(world, realm, kind).to_vec();
    if kind == MpKind::Dip {
        sources.push(("Papal Controller", income_parts(world, realm).1));
    }
    sources.push((
        "Emperor",
        crate::rulesets::pop::rules::empire::monarch_power_bonus(world, realm)[kind.index()],
    ));
    sources
}

/// Where a realm's Phase 4 D monarch power comes from: its skill levels by type, and the
/// Papal Controller's 1 dip (0 for anyone else).
fn income_parts(world: &World, realm: Entity) -> ([i32; 3], i32) {
    let skills = MpKind::ALL.map(|k| skill_level(world, realm, k));
    let papal = i32::from(crate::rulesets::pop::rules::curia::is_controller(
        world, realm,
    ));
    (skills, papal)
}

/// The monarch power a realm receives in Phase 4 D, by type: its skill levels, plus the Papal
/// Controller's 1 dip.
fn income(world: &World, realm: Entity) -> [i32; 3] {
    let (mut income, papal) = income_parts(world, realm);
    income[MpKind::Dip.index()] += papal;
    income
}

/// The types a realm at -3 stability may receive 1 fewer of: those it receives any of.
pub fn shortfall_kinds(world: &World, realm: Entity) -> Vec<MpKind> {
    let income = income(world, realm);
    MpKind::ALL
        .into_iter()
        .filter(|k| income[k.index()] > 0)
        .collect()
}

pub(crate) fn gain_monarch_power(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            let stability = world.read::<Mat>(realm).map_or(0, |m| m.stability);
            if stability <= -3 {
                // "-3s: Receive 1d fewer (of your choice)": the income itself is 1 smaller, before
                // the cap of 10 discards any surplus (7.1, 7.3).
                let kinds = shortfall_kinds(world, realm);
                if kinds.len() > 1 {
                    let name = key_of(world, realm);
                    ask(
                        world,
                        name,
                        DecisionKind::MpType { amount: -1 },
                        "Stability -3: choose the monarch power to receive 1 fewer of",
                    );
                    return Visit::Asked;
                }
                receive(world, realm, kinds.first().copied());
            } else {
                receive(world, realm, None);
            }
            Visit::Next
        },
        |world, realm, action| {
            if let Action::ChooseMp { kind } = action {
                receive(world, realm, Some(kind));
            }
            Visit::Next
        },
    );
}

/// Adds the realm's Phase 4 D income, 1 fewer of `fewer` (stability -3), each pool capped at 10
/// only after that; +3 stability then gives 2 MP of choice.
fn receive(world: &mut World, realm: Entity, fewer: Option<MpKind>) {
    let name = key_of(world, realm);
    let (mut skills, mut papal) = income_parts(world, realm);
    let controller = papal > 0;
    write(
        world,
        Note::new(
            ids::SEQ_PHASE4_D,
            format!(
                "{name} gains monarch power: {} adm, {} dip, {} mil",
                skills[0], skills[1], skills[2]
            ),
        )
        .realm(name),
    );
    if let Some(kind) = fewer {
        if skills[kind.index()] > 0 {
            skills[kind.index()] -= 1;
        } else if kind == MpKind::Dip {
            papal = (papal - 1).max(0);
        }
        write(
            world,
            Note::new(
                ids::STABILITY_MINUS3,
                format!("{name} at -3 stability: receives 1 {kind:?} fewer"),
            )
            .realm(name)
            .amount(-1),
        );
    } else if world.read::<Mat>(realm).is_some_and(|m| m.stability <= -3) {
        write(
            world,
            Note::new(
                ids::STABILITY_MINUS3,
                format!("{name} at -3 stability: receives no monarch power to lose 1 of"),
            )
            .realm(name),
        );
    }
    for kind in MpKind::ALL {
        change_mp(world, realm, kind, skills[kind.index()], ids::MP_INCOME);
    }
    if controller {
        write(
            world,
            Note::new(
                ids::CURIA_CONTROLLER,
                format!("{name}, the Papal Controller, gains 1 dip"),
            )
            .realm(name),
        );
        change_mp(world, realm, MpKind::Dip, papal, ids::CURIA_CONTROLLER);
    }
    crate::rulesets::pop::rules::empire::gain_monarch_power(world, realm);
    if world.read::<Mat>(realm).is_some_and(|m| m.stability >= 3) {
        write(
            world,
            Note::new(
                ids::STABILITY_PLUS3,
                format!("{name} at +3 stability: 2 MP of choice"),
            )
            .realm(name),
        );
        queue_effects(
            world,
            realm,
            vec![Effect::AnyMp(1), Effect::AnyMp(1)],
            "stability +3",
        );
    }
}
