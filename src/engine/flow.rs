//! The step schedules and the cursor that walks the sequence of play.
//!
//! A ruleset lists its steps in rule-book order (`StepDef`) and gives each step a schedule of
//! its own (`StepRules`, `add_step_schedules`) holding that step's systems. The driver runs the
//! current step's schedule; when its systems leave no pending decision the step is over and the
//! cursor moves on. A system that needs a choice pushes a `Decision` and returns; it runs again,
//! with the answer, once `apply` accepts one. Such systems keep their progress in resources, so
//! a step may run several times before it is done.
//!
//! Why one schedule per step rather than one schedule with a gated set per step: only the
//! current step's systems run (evaluating every step's gate on each pass was a fifth of a
//! Kingdom bot game), and a schedule is built the first time its step comes round, so setting a
//! game up builds only the first steps' (a fifth less time for a Price of Power set-up).

use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;
use serde::Serialize;

use crate::engine::decision::{Answer, Pending};
use crate::engine::reads::Reads;
use crate::engine::ruleset::Ruleset;

/// One step of a ruleset's sequence of play.
#[derive(Clone, Copy, Debug)]
pub struct StepDef {
    /// Stable id, e.g. `pop.step.p3a`.
    pub id: &'static str,
    /// What the rule book calls it.
    pub name: &'static str,
    /// The phase number (0 for setup and the end-of-Round check).
    pub phase: u8,
}

/// Where the game stands in its sequence of play.
#[derive(Resource, Clone, Debug, Serialize)]
pub struct Flow {
    #[serde(skip)]
    pub steps: &'static [StepDef],
    /// Index into `steps` of the step being played.
    pub step: u16,
    /// Where a new Round starts in `steps`.
    #[serde(skip)]
    pub round_start: u16,
    /// Age I-IV as 1-4.
    pub age: u8,
    /// Round within the Age, 1-4.
    pub round_in_age: u8,
    /// Rounds begun since the start, from 1.
    pub round: u32,
    /// The game has ended.
    pub over: bool,
}

impl Flow {
    pub fn new(steps: &'static [StepDef], round_start: u16, age: u8) -> Self {
        Self {
            steps,
            step: 0,
            round_start,
            age,
            round_in_age: 0,
            round: 0,
            over: false,
        }
    }

    pub fn current(&self) -> &'static StepDef {
        &self.steps[self.step as usize]
    }

    pub fn step_id(&self) -> &'static str {
        self.steps.get(self.step as usize).map_or("", |s| s.id)
    }

    /// Moves the cursor to the next step, wrapping to the start of the next Round.
    fn advance(&mut self) {
        let next = self.step as usize + 1;
        self.step = if next >= self.steps.len() {
            self.round_start
        } else {
            next as u16
        };
    }
}

/// Progress of the step being played, for step systems that ask several decisions in turn
/// (one realm after another). Reset whenever the step changes; part of the state hash.
#[derive(Resource, Clone, Debug, Default, Serialize, PartialEq)]
pub struct StepProgress {
    /// The step and round it belongs to.
    pub step: u16,
    pub round: u32,
    /// How far the step's system got (e.g. the number of realms done).
    pub cursor: u32,
    /// How often the current realm has been visited in this step.
    pub visits: u32,
}

/// The progress of the current step, reset if it belongs to an earlier step.
pub fn step_progress(world: &mut World) -> Mut<'_, StepProgress> {
    let (step, round) = {
        let flow = world.res::<Flow>();
        (flow.step, flow.round)
    };
    let mut progress = world.res_mut::<StepProgress>();
    if progress.step != step || progress.round != round {
        *progress = StepProgress {
            step,
            round,
            cursor: 0,
            visits: 0,
        };
    }
    progress
}

/// The current step's `(cursor, visits)`: read in place when the progress is this step's (the
/// usual case: a step asks its realms one after another), reset as `step_progress` resets it
/// when it is an earlier step's. For readers that change nothing: taking the progress to
/// change it costs twice as much as reading it.
pub fn step_cursor(world: &mut World) -> (u32, u32) {
    let (step, round) = {
        let flow = world.res::<Flow>();
        (flow.step, flow.round)
    };
    let progress = world.res::<StepProgress>();
    if progress.step == step && progress.round == round {
        return (progress.cursor, progress.visits);
    }
    let progress = step_progress(world);
    (progress.cursor, progress.visits)
}

/// The step schedules, each taken out of Bevy's `Schedules` on its first run and kept here by
/// step: running a schedule from `Schedules` takes it out of a hash map and puts it back every
/// time (a tenth of applying a simple answer); from here it is the move of a box.
#[derive(Resource, Default)]
struct StepSchedules(Vec<Option<Box<Schedule>>>);

/// Runs the schedule of `step` (`StepRules(step)`), as `World::run_schedule` would.
fn run_step(world: &mut World, step: u16) {
    let at = usize::from(step);
    let kept = world
        .get_resource_mut::<StepSchedules>()
        .and_then(|mut kept| kept.0.get_mut(at).and_then(Option::take));
    let mut schedule = match kept {
        Some(schedule) => schedule,
        None => {
            let first = world
                .get_resource_mut::<Schedules>()
                .and_then(|mut schedules| schedules.remove(StepRules(step)));
            match first {
                Some(schedule) => Box::new(schedule),
                // Not there (running already, or never added): Bevy says which.
                None => {
                    world.run_schedule(StepRules(step));
                    return;
                }
            }
        }
    };
    schedule.run(world);
    let mut kept = world.get_resource_or_init::<StepSchedules>();
    if kept.0.len() <= at {
        kept.0.resize_with(at + 1, || None);
    }
    kept.0[at] = Some(schedule);
}

/// The schedule of one step (by index into the ruleset's `StepDef`s), single-threaded so
/// that the order of its systems is exact.
#[derive(ScheduleLabel, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepRules(pub u16);

/// Gives each of `count` steps its own single-threaded schedule (`StepRules(index)`), to which
/// the ruleset adds that step's systems.
pub fn add_step_schedules(app: &mut App, count: usize) {
    for index in 0..count {
        let mut schedule = Schedule::new(StepRules(index as u16));
        schedule.set_executor(SingleThreadedExecutor::default());
        app.add_schedule(schedule);
    }
}

/// The schedule of `step` among a ruleset's steps in rule-book order.
pub fn step_schedule<S: PartialEq>(steps: &[S], step: S) -> StepRules {
    let index = steps
        .iter()
        .position(|s| *s == step)
        .expect("the step is one of the ruleset's steps");
    StepRules(index as u16)
}

/// Runs the rules until someone must choose or the game is over.
pub fn run_until_decision<R: Ruleset>(world: &mut World) {
    // A step that neither asks nor finishes would loop forever; no real step takes this many.
    const MAX_STEPS_WITHOUT_DECISION: u32 = 100_000;
    for _ in 0..MAX_STEPS_WITHOUT_DECISION {
        if world.res::<Flow>().over {
            return;
        }
        let step = world.res::<Flow>().step;
        run_step(world, step);
        // An answer nobody consumed means the asking system did not run: drop it rather than
        // let it answer a later question.
        let unconsumed = world.res_mut::<Answer<R::Action>>().0.take();
        debug_assert!(
            unconsumed.is_none(),
            "answer {unconsumed:?} was not consumed"
        );
        if world.res::<Pending<R::Decision>>().0.is_some() || world.res::<Flow>().over {
            return;
        }
        let before = world.res::<Flow>().current().phase;
        world.res_mut::<Flow>().advance();
        let step = *world.res::<Flow>().current();
        if step.phase != before && step.phase > 0 {
            crate::engine::log::write(
                world,
                crate::engine::log::Note::new(
                    R::PHASE_RULE,
                    step.name.split(':').next().unwrap_or(step.name),
                )
                .amount(i32::from(step.phase)),
            );
        }
    }
    panic!("the rules ran {MAX_STEPS_WITHOUT_DECISION} steps without asking anyone anything");
}
