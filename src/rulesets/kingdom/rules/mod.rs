//! Kingdom's month (seed 004): Upkeep, Edict, Income and Event, each step a `KmStep` with a
//! schedule of its own (`StepRules`), run in the seed's order. Each step visits the kingdoms in seat
//! order; a step that needs choices asks the kingdom again after each answer until it answers
//! `Done`.

use bevy::prelude::*;

use crate::engine::decision::{Answer, Illegal, Pending};
use crate::engine::flow::{StepDef, add_step_schedules, step_progress, step_schedule};
use crate::engine::reads::Reads;
use crate::rulesets::kingdom::decision::{Action, Decision, DecisionKind};
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::model::{Kingdom, Seats};

pub mod edict;
pub mod event;
pub mod income;
pub mod month;
pub mod sheet;
pub mod upkeep;

#[cfg(test)]
mod tests;

/// The steps of a Kingdom game, in the seed's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KmStep {
    Setup,
    MonthStart,
    UpkeepStability,
    UpkeepConsumption,
    UpkeepItemSlots,
    UpkeepUnrest,
    EdictLeadership,
    EdictClaims,
    EdictTerrain,
    EdictSettlements,
    EdictArmies,
    EdictEdicts,
    IncomeWithdraw,
    IncomeDeposit,
    IncomeSell,
    IncomeTaxes,
    Event,
    MonthEnd,
}

macro_rules! steps {
    ($($set:ident => $id:literal, $phase:literal, $name:literal;)*) => {
        /// Steps in the seed's order.
        pub const SETS: &[KmStep] = &[$(KmStep::$set),*];
        /// Step table for the flow cursor, index-aligned with `SETS`.
        pub const STEPS: &[StepDef] = &[$(StepDef { id: $id, phase: $phase, name: $name }),*];
    };
}

steps! {
    Setup => "km.step.setup", 0, "Founding";
    MonthStart => "km.step.month_start", 0, "Start of the month";
    UpkeepStability => "km.step.upkeep1", 1, "Upkeep Phase: 1. Kingdom Stability";
    UpkeepConsumption => "km.step.upkeep2", 1, "Upkeep Phase: 2. Pay Consumption";
    UpkeepItemSlots => "km.step.upkeep3", 1, "Upkeep Phase: 3. Fill vacant magic item slots";
    UpkeepUnrest => "km.step.upkeep4", 1, "Upkeep Phase: 4. Unrest";
    EdictLeadership => "km.step.edict1", 2, "Edict Phase: 1. Select leadership";
    EdictClaims => "km.step.edict2", 2, "Edict Phase: 2. Claim and abandon hexes";
    EdictTerrain => "km.step.edict3", 2, "Edict Phase: 3. Terrain improvements";
    EdictSettlements => "km.step.edict4", 2, "Edict Phase: 4. Settlements and buildings";
    EdictArmies => "km.step.edict5", 2, "Edict Phase: 5. Army units";
    EdictEdicts => "km.step.edict6", 2, "Edict Phase: 6. Edicts";
    IncomeWithdraw => "km.step.income1", 3, "Income Phase: 1. Withdrawals";
    IncomeDeposit => "km.step.income2", 3, "Income Phase: 2. Deposits";
    IncomeSell => "km.step.income3", 3, "Income Phase: 3. Sell valuable items";
    IncomeTaxes => "km.step.income4", 3, "Income Phase: 4. Generate income";
    Event => "km.step.event", 4, "Event Phase";
    MonthEnd => "km.step.month_end", 0, "End of the month";
}

/// Index of `KmStep::MonthStart` in `STEPS`: where the cursor wraps after a month.
pub const MONTH_START: u16 = 1;

/// The Kingdom rules: one system per step, each in the step's own schedule.
pub struct KingdomRulesPlugin;

impl Plugin for KingdomRulesPlugin {
    fn build(&self, app: &mut App) {
        debug_assert_eq!(SETS.len(), STEPS.len());
        add_step_schedules(app, SETS.len());
        let at = |step| step_schedule(SETS, step);
        app.add_systems(at(KmStep::Setup), month::found_kingdoms)
            .add_systems(at(KmStep::MonthStart), month::start_month)
            .add_systems(at(KmStep::UpkeepStability), upkeep::check_stability)
            .add_systems(at(KmStep::UpkeepConsumption), upkeep::pay_consumption)
            .add_systems(at(KmStep::UpkeepItemSlots), upkeep::fill_item_slots)
            .add_systems(at(KmStep::UpkeepUnrest), upkeep::settle_unrest)
            .add_systems(at(KmStep::EdictLeadership), edict::select_leadership)
            .add_systems(at(KmStep::EdictClaims), edict::claim_hexes)
            .add_systems(at(KmStep::EdictTerrain), edict::improve_terrain)
            .add_systems(at(KmStep::EdictSettlements), edict::build_settlements)
            .add_systems(at(KmStep::EdictArmies), edict::raise_armies)
            .add_systems(at(KmStep::EdictEdicts), edict::set_edicts)
            .add_systems(at(KmStep::IncomeWithdraw), income::withdraw)
            .add_systems(at(KmStep::IncomeDeposit), income::deposit)
            .add_systems(at(KmStep::IncomeSell), income::sell_items)
            .add_systems(at(KmStep::IncomeTaxes), income::collect_taxes)
            .add_systems(at(KmStep::Event), event::roll_events)
            .add_systems(at(KmStep::MonthEnd), month::end_month);
    }
}

/// Takes the answer `apply` accepted, clearing the pending decision.
pub fn take_answer(world: &mut World) -> Option<Action> {
    let action = world.res_mut::<Answer<Action>>().0.take()?;
    world.res_mut::<Pending<Decision>>().0 = None;
    Some(action)
}

pub fn ask(world: &mut World, kingdom: Entity, kind: DecisionKind) {
    let id = world.read::<Kingdom>(kingdom).expect("kingdom").id.clone();
    world.res_mut::<Pending<Decision>>().0 = Some(Decision { kingdom: id, kind });
}

/// The kingdoms in seat order.
pub fn seats(world: &World) -> Vec<Entity> {
    world.res::<Seats>().0.clone()
}

/// For a step that goes through each kingdom in stages: the kingdom it is at and that
/// kingdom's stage (`None` once every kingdom is done). Progress lives in `StepProgress`, so
/// the step picks up where it was after each answer.
pub fn staged(world: &mut World, kingdoms: &[Entity]) -> Option<(Entity, u32)> {
    let p = step_progress(world);
    let (cursor, stage) = (p.cursor as usize, p.visits);
    kingdoms.get(cursor).map(|k| (*k, stage))
}

/// The staged step moves on to its next stage for the same kingdom.
pub fn next_stage(world: &mut World) {
    step_progress(world).visits += 1;
}

/// The staged step moves on to the next kingdom, at its first stage.
pub fn next_kingdom(world: &mut World) {
    let mut p = step_progress(world);
    p.cursor += 1;
    p.visits = 0;
}

/// Visits every kingdom in seat order for a step that asks `kind` again after each answer
/// until the kingdom answers `Done`. `skip` passes over a kingdom that has nothing to decide;
/// `perform` applies one (already checked) answer.
pub fn ask_each(
    world: &mut World,
    kind: DecisionKind,
    skip: fn(&World, Entity) -> bool,
    perform: fn(&mut World, Entity, Action),
) {
    let kingdoms = seats(world);
    loop {
        let cursor = step_progress(world).cursor as usize;
        let Some(&kingdom) = kingdoms.get(cursor) else {
            return;
        };
        if let Some(action) = take_answer(world) {
            if action == Action::Done {
                step_progress(world).cursor += 1;
                continue;
            }
            perform(world, kingdom, action);
        }
        if skip(world, kingdom) {
            step_progress(world).cursor += 1;
            continue;
        }
        ask(world, kingdom, kind);
        return;
    }
}

/// The kingdom that must answer the pending decision.
pub fn deciding(world: &World) -> Option<(Entity, DecisionKind)> {
    let d = world.res::<Pending<Decision>>().0.as_ref()?;
    let kingdom = world.res::<crate::engine::state::Index>().get(&d.kingdom)?;
    Some((kingdom, d.kind))
}

/// Whether `action` answers the pending decision legally; if not, the rule that forbids it.
pub fn check(world: &World, action: &Action) -> Result<(), Illegal> {
    let Some((kingdom, kind)) = deciding(world) else {
        return Err(Illegal::new(
            ids::GAME_END,
            "the game is over: nobody is asked anything",
        ));
    };
    check_as(world, kingdom, kind, action, edict::Why::Explain)
}

/// `check` for a caller that already knows who decides what (`deciding`): the bot, which
/// weighs many answers to one decision and needs no refusal put in words (`Why::Quiet`).
pub fn check_as(
    world: &World,
    kingdom: Entity,
    kind: DecisionKind,
    action: &Action,
    why: edict::Why,
) -> Result<(), Illegal> {
    match kind {
        DecisionKind::Enforcer | DecisionKind::LoseHex => {
            upkeep::check(world, kingdom, kind, action)
        }
        DecisionKind::Leadership
        | DecisionKind::Claims
        | DecisionKind::Terrain
        | DecisionKind::Settlements
        | DecisionKind::Armies
        | DecisionKind::Edicts => edict::check(world, kingdom, kind, action, why),
        DecisionKind::Withdraw | DecisionKind::Deposit | DecisionKind::Sell => {
            income::check(world, kingdom, kind, action)
        }
        DecisionKind::Hire => event::check(world, kingdom, action),
    }
}

/// Every legal answer to the pending decision.
pub fn legal_actions(world: &World) -> Vec<Action> {
    let Some((kingdom, kind)) = deciding(world) else {
        return Vec::new();
    };
    let candidates = match kind {
        DecisionKind::Enforcer | DecisionKind::LoseHex => upkeep::candidates(world, kingdom, kind),
        DecisionKind::Withdraw | DecisionKind::Deposit | DecisionKind::Sell => {
            income::candidates(world, kingdom, kind)
        }
        DecisionKind::Hire => vec![
            Action::Done,
            Action::Hire(1),
            Action::Hire(2),
            Action::Hire(3),
        ],
        _ => edict::candidates(world, kingdom, kind),
    };
    if edict::answers(kind) {
        let checking = edict::Checking::new(world, kingdom);
        return candidates
            .into_iter()
            .filter(|a| checking.check(kind, a, edict::Why::Quiet).is_ok())
            .collect();
    }
    candidates
        .into_iter()
        .filter(|a| check_as(world, kingdom, kind, a, edict::Why::Quiet).is_ok())
        .collect()
}

/// The refusal for an action that does not answer this kind of decision.
pub fn wrong_kind(kind: DecisionKind, action: &Action) -> Illegal {
    let rule = match kind {
        DecisionKind::Enforcer => ids::UPKEEP_ENFORCER,
        DecisionKind::LoseHex => ids::UPKEEP_LOSE_HEX,
        DecisionKind::Leadership => ids::EDICT_LEADERSHIP,
        DecisionKind::Claims => ids::EDICT_CLAIM_HEX,
        DecisionKind::Terrain => ids::EDICT_TERRAIN,
        DecisionKind::Settlements => ids::EDICT_SETTLEMENT,
        DecisionKind::Armies => ids::EDICT_ARMY,
        DecisionKind::Edicts => ids::EDICT_EDICTS,
        DecisionKind::Withdraw => ids::INCOME_WITHDRAW,
        DecisionKind::Deposit => ids::INCOME_DEPOSIT,
        DecisionKind::Sell => ids::INCOME_SELL_ITEM,
        DecisionKind::Hire => ids::EVENT_RESOLVE,
    };
    Illegal::new(
        rule,
        format!("{action:?} does not answer the {kind:?} decision"),
    )
}

/// The BP an action would take from the Treasury up front (`None` when it costs nothing;
/// a withdrawal's is negative: it gives BP to the leaders).
pub fn cost_of(world: &World, kingdom: Entity, action: &Action) -> Option<i32> {
    match action {
        Action::Withdraw(bp) => Some(-i32::from(*bp)),
        Action::Hire(t @ 1..=3) => Some(event::HIRE[usize::from(*t - 1)].0),
        _ => edict::bp_cost(world, world.read::<Kingdom>(kingdom)?, action),
    }
}
