//! Rule ids the engine writes into the log. Ids from `../shared/rules/RULE_IDS.md` are used as
//! they are; the project's own (`pop.flow.*`, ...) are listed in `docs/rule_ids.md`.

pub const FLOW_PHASE: &str = "pop.flow.phase";
pub const FLOW_SETUP: &str = "pop.flow.setup";
pub const FLOW_ROUND: &str = "pop.flow.round";
pub const FLOW_AGE: &str = "pop.flow.age";

pub const SEQ_PHASE1_EVENTS: &str = "pop.seq.phase1.events";
pub const SEQ_PHASE2_TURN: &str = "pop.seq.phase2.turn";
pub const SEQ_PHASE2_PASS: &str = "pop.seq.phase2.pass";
pub const SEQ_PHASE2_FIRST_PLAYER: &str = "pop.seq.phase2.first_player";
pub const SEQ_PHASE5_B: &str = "pop.seq.phase5.b";
pub const SEQ_PHASE5_D: &str = "pop.seq.phase5.d";
pub const SEQ_GAME_END: &str = "pop.seq.game_end";
pub const SEQ_FINAL_SCORING: &str = "pop.seq.final_scoring";

pub const ACT_PASS: &str = "pop.act.pass";
pub const ACT_INCREASE_STABILITY: &str = "pop.act.increase_stability";

pub const EVENT: &str = "pop.5.1.event";
pub const EVENT_DUCATS: &str = "pop.5.1.event_ducats";
pub const EVENT_CHOICE: &str = "pop.5.1.event_choice";

pub const MP_CAP: &str = "pop.7.1.cap";
pub const STABILITY_COST: &str = "pop.7.3.increase_cost";
pub const STABILITY_OVERFLOW: &str = "pop.7.3.overflow";
pub const STABILITY_UNDERFLOW: &str = "pop.7.3.underflow";
pub const LOAN: &str = "pop.7.4.loan";
pub const FORCED_LOAN: &str = "pop.7.4.forced_loan";
pub const REPAY: &str = "pop.7.4.repay";
pub const BANKRUPTCY: &str = "pop.7.4.bankruptcy";
pub const ILL_HEALTH: &str = "pop.7.2.ill_health";
pub const DEATH: &str = "pop.7.2.death";
pub const INTERREGNUM: &str = "pop.7.2.interregnum";
pub const UNREST: &str = "pop.14.1.unrest";

/// Project ids for effects the seeds leave unnamed (documented in docs/rule_ids.md).
pub const EFFECT_DUCATS: &str = "pop.effect.ducats";
pub const EFFECT_MP: &str = "pop.effect.mp";
pub const EFFECT_STABILITY: &str = "pop.effect.stability";
pub const EFFECT_PRESTIGE: &str = "pop.effect.prestige";
pub const EFFECT_MANPOWER: &str = "pop.effect.manpower";
pub const EFFECT_CLAIM: &str = "pop.effect.claim";
pub const EFFECT_CB: &str = "pop.effect.casus_belli";
/// A decision asked but unanswerable (nothing to choose from) is skipped with this id.
pub const EFFECT_NO_TARGET: &str = "pop.effect.no_target";

/// Every id the engine can write, for the documentation test.
pub const ALL: &[&str] = &[
    FLOW_PHASE,
    FLOW_SETUP,
    FLOW_ROUND,
    FLOW_AGE,
    SEQ_PHASE1_EVENTS,
    SEQ_PHASE2_TURN,
    SEQ_PHASE2_PASS,
    SEQ_PHASE2_FIRST_PLAYER,
    SEQ_PHASE5_B,
    SEQ_PHASE5_D,
    SEQ_GAME_END,
    SEQ_FINAL_SCORING,
    ACT_PASS,
    ACT_INCREASE_STABILITY,
    EVENT,
    EVENT_DUCATS,
    EVENT_CHOICE,
    MP_CAP,
    STABILITY_COST,
    STABILITY_OVERFLOW,
    STABILITY_UNDERFLOW,
    LOAN,
    FORCED_LOAN,
    REPAY,
    BANKRUPTCY,
    ILL_HEALTH,
    DEATH,
    INTERREGNUM,
    UNREST,
    EFFECT_DUCATS,
    EFFECT_MP,
    EFFECT_STABILITY,
    EFFECT_PRESTIGE,
    EFFECT_MANPOWER,
    EFFECT_CLAIM,
    EFFECT_CB,
    EFFECT_NO_TARGET,
];
