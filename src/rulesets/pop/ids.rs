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
pub const AGE_END_MARRIAGES: &str = "pop.seq.age_end.marriages";
pub const SEQ_GAME_END: &str = "pop.seq.game_end";
pub const SEQ_FINAL_SCORING: &str = "pop.seq.final_scoring";

pub const ACT_PASS: &str = "pop.act.pass";
pub const ACT_INCREASE_STABILITY: &str = "pop.act.increase_stability";
pub const ACT_SUPPRESS_UNREST: &str = "pop.act.suppress_unrest";

pub const EVENT: &str = "pop.5.1.event";
pub const EVENT_DUCATS: &str = "pop.5.1.event_ducats";
pub const EVENT_CHOICE: &str = "pop.5.1.event_choice";
pub const EVENT_SYMBOLS: &str = "pop.5.1.event_symbols";
pub const EVENT_RULER: &str = "pop.5.1.event_ruler";
pub const EVENT_LEFTOVER: &str = "pop.5.1.event_leftover";
pub const RESEARCH_IDEA: &str = "pop.5.1.research_idea";

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
pub const CARD_DISCARDED: &str = "pop.7.2.card_discarded";
pub const INTERREGNUM: &str = "pop.7.2.interregnum";
pub const UNREST: &str = "pop.14.1.unrest";
pub const UNREST_COVERED: &str = "pop.14.1.covered";

pub const SEQ_PHASE1_DRAW: &str = "pop.seq.phase1.draw";
pub const SEQ_PHASE1_KEEP: &str = "pop.seq.phase1.keep";
pub const SEQ_PHASE3_F: &str = "pop.seq.phase3.f";
pub const SEQ_PHASE3_H: &str = "pop.seq.phase3.h";
pub const SEQ_PHASE4_A: &str = "pop.seq.phase4.a";
pub const SEQ_PHASE4_B: &str = "pop.seq.phase4.b";
pub const SEQ_PHASE4_C: &str = "pop.seq.phase4.c";
pub const SEQ_PHASE4_D: &str = "pop.seq.phase4.d";
pub const SEQ_PHASE4_E: &str = "pop.seq.phase4.e";
pub const SEQ_PHASE5_A: &str = "pop.seq.phase5.a";
pub const SEQ_PHASE5_C: &str = "pop.seq.phase5.c";
pub const MP_INCOME: &str = "pop.7.1.income";
pub const APPOINT_RULER: &str = "pop.7.2.appoint_ruler";
pub const HISTORICAL_RULER: &str = "pop.7.2.historical_ruler";
pub const HISTORICAL_ILL: &str = "pop.7.2.historical_ill";
pub const APPOINT_MILITARY_LEADER: &str = "pop.7.2.appoint_military_leader";
pub const APPOINT_ADVISOR: &str = "pop.7.2.appoint_advisor";
pub const ADVISOR_UPKEEP: &str = "pop.7.2.advisor_upkeep";
pub const REACTION_APPOINT: &str = "pop.7.2.reaction_appoint";
pub const NO_RULER_PENALTY: &str = "pop.7.2.no_ruler_penalty";
pub const STABILITY_PLUS1: &str = "pop.7.3.plus1";
pub const STABILITY_PLUS2: &str = "pop.7.3.plus2";
pub const STABILITY_PLUS3: &str = "pop.7.3.plus3";
pub const STABILITY_MINUS1: &str = "pop.7.3.minus1";
pub const STABILITY_MINUS2: &str = "pop.7.3.minus2";
pub const STABILITY_MINUS3: &str = "pop.7.3.minus3";
pub const INCOME_UPKEEP: &str = "pop.7.4.income_upkeep";
pub const UNPAID_ADVISOR: &str = "pop.7.4.unpaid_advisor";
pub const UNPAID_UNITS: &str = "pop.7.4.unpaid_units";
pub const UNPAID_SHIPS: &str = "pop.7.4.unpaid_ships";
pub const INTEREST: &str = "pop.7.4.interest";
pub const TOWN_TRACK: &str = "pop.7.5.town_track";
pub const TOWN_INCOME: &str = "pop.7.5.town_income";
pub const INCOME_TILE: &str = "pop.7.5.income_tile";
pub const OUT_OF_TOWNS: &str = "pop.7.5.out_of_towns";

pub const SEQ_PHASE3_A: &str = "pop.seq.phase3.a";
pub const SEQ_PHASE3_E: &str = "pop.seq.phase3.e";
pub const SEQ_PHASE3_G: &str = "pop.seq.phase3.g";
pub const SEQ_PHASE3_I: &str = "pop.seq.phase3.i";
pub const REBEL_ROLL: &str = "pop.14.2.roll";
pub const REBELLION_UNITS: &str = "pop.14.2.rebellion_units";
pub const REBEL_TOWN: &str = "pop.14.2.rebel_town";
pub const REBELLION_LIBERATES: &str = "pop.14.2.rebellion_liberates";
pub const REBEL_LOSE_DUCATS: &str = "pop.14.2.lose_ducats";
pub const REBEL_LOSE_MP: &str = "pop.14.2.lose_mp";
pub const REBEL_EXHAUST: &str = "pop.14.2.exhaust";
pub const REBEL_NO_EFFECT: &str = "pop.14.2.no_effect";
pub const REBEL_REMOVE_UNREST: &str = "pop.14.2.remove_unrest";
pub const REBEL_CANNOT_PAY: &str = "pop.14.2.cannot_pay";
pub const LIBERATION_OCCUPIED: &str = "pop.14.3.liberation_occupied";
pub const LIBERATION_CORE: &str = "pop.14.3.liberation_core";
pub const LIBERATION_TERRITORY: &str = "pop.14.3.liberation_territory";
pub const LIBERATION_CB: &str = "pop.14.3.liberation_cb";

/// War, battles, sieges and peace (FACTS sections 2 and 5) and the rebels' armies.
pub const SEQ_PHASE3_B: &str = "pop.seq.phase3.b";
pub const SEQ_PHASE3_C: &str = "pop.seq.phase3.c";
pub const SEQ_PHASE3_D: &str = "pop.seq.phase3.d";
pub const RULER_GENERAL: &str = "pop.7.2.ruler_general";
pub const REPLACE_MILITARY_LEADER: &str = "pop.7.2.replace_military_leader";
pub const INTERREGNUM_RESTRICTIONS: &str = "pop.7.2.interregnum_restrictions";
pub const REBEL_BATTLE: &str = "pop.14.3.battle";
pub const REBEL_SIEGE: &str = "pop.14.3.siege";
pub const REBEL_SIEGE_CHOICE: &str = "pop.14.3.siege_choice";
pub const REBEL_MOVE: &str = "pop.14.3.move";
pub const SIEGE_REBEL_TOWN: &str = "pop.14.4.siege_rebel_town";
pub const WAR_DECLARE: &str = "pop.war.declare";
pub const WAR_CALL_TO_ARMS: &str = "pop.war.call_to_arms";
pub const WAR_RECRUIT: &str = "pop.war.recruit";
pub const WAR_MOVE: &str = "pop.war.move";
pub const WAR_SIEGE: &str = "pop.war.siege";
pub const WAR_PEACE: &str = "pop.war.peace";
pub const WAR_TRUCE: &str = "pop.war.truce";
pub const WAR_NPR_INVASION: &str = "pop.war.npr_invasion";
pub const WAR_ACCESS: &str = "pop.war.access";
/// Naval Transport (5.5c): an army marches across a bridge of its realm's ships.
pub const WAR_NAVAL_TRANSPORT: &str = "pop.war.naval_transport";
pub const WAR_FREE_ACTIVATION: &str = "pop.war.free_activation";
pub const WAR_SURRENDER: &str = "pop.war.surrender";
pub const BATTLE_START: &str = "pop.battle.start";
pub const BATTLE_DICE: &str = "pop.battle.dice";
pub const BATTLE_CASUALTIES: &str = "pop.battle.casualties";
pub const BATTLE_LEADER_WOUND: &str = "pop.battle.leader_wound";
pub const BATTLE_RETREAT: &str = "pop.battle.retreat";
pub const BATTLE_NPR_DEFENCE: &str = "pop.battle.npr_defence";
pub const BATTLE_NAVAL: &str = "pop.battle.naval";
pub const BATTLE_MAIN_DEFENDER: &str = "pop.battle.main_defender";
pub const BATTLE_RESULT: &str = "pop.battle.result";
pub const WAR_ATTRITION: &str = "pop.war.attrition";
pub const WAR_LOST_AT_SEA: &str = "pop.war.lost_at_sea";
/// A Player Realm answering a Non-Player Realm ally's Call to Arms makes it an Active Ally, or
/// leaves it a plain ally (11.3 Accepting a CtA, step 4), the project's own id.
pub const WAR_ACTIVE_ALLY: &str = "pop.war.active_ally";

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

pub const ALLIANCE: &str = "pop.5.1.alliance";
pub const MARRIAGE: &str = "pop.5.1.marriage";
pub const MONETARY_SUPPORT: &str = "pop.5.1.monetary_support";
pub const PROVINCE_SALE: &str = "pop.5.1.province_sale";
pub const EXPLORE: &str = "pop.5.1.explore";
/// Project ids (docs/rule_ids.md): Explore step 1 with "Quest for the New World" (a Light Ship
/// sails to a distant sea) and step 3 (the first discovery on a distant continent).
pub const EXPLORE_SHIP: &str = "pop.5.1.explore_ship";
pub const EXPLORE_FIRST: &str = "pop.5.1.explore_first";
pub const NATIONAL_FOCUS: &str = "pop.5.1.national_focus";
/// Project id (docs/rule_ids.md): Change National Focus picks one of the top 5 discards for
/// 1 MP and 2 ducats instead of a draw.
pub const FOCUS_DISCARD_PICK: &str = "pop.5.1.focus_discard_pick";
pub const CHANGE_RELIGION: &str = "pop.5.1.change_religion";
pub const COUNTER_REFORMATION: &str = "pop.5.1.counter_reformation";
pub const CORES: &str = "pop.7.6.cores";
pub const CORE_TOKEN: &str = "pop.7.6.core_token";
pub const ACT_INFLUENCE: &str = "pop.act.influence";
pub const ACT_FORGE_ALLIANCE: &str = "pop.act.forge_alliance";
pub const ACT_FABRICATE_CLAIM: &str = "pop.act.fabricate_claim";
pub const ACT_INTEGRATE_AREA: &str = "pop.act.integrate_area";
pub const ACT_CONVERT_AREA: &str = "pop.act.convert_area";
pub const REVOLUTION_SPREAD: &str = "pop.15.revolution_spread";
pub const REVOLUTIONARY_REGIME: &str = "pop.15.revolutionary_regime";
pub const ACT_PLAY_CARD: &str = "pop.act.play_card";
/// Project ids (docs/rule_ids.md): the Trade action itself, a deal offered and answered,
/// a religion token placed by an effect.
pub const ACT_TRADE: &str = "pop.act.trade";
/// Trade (12, the Trade action of 5.4e), the project's own ids (docs/rule_ids.md).
pub const TRADE_DECK: &str = "pop.12.trade_deck";
pub const TRADE_DUCATS: &str = "pop.12.trade_ducats";
pub const TRADE_ELIGIBLE: &str = "pop.12.eligible";
pub const TRADE_REQUIREMENT: &str = "pop.12.requirement";
pub const MERCHANT: &str = "pop.12.merchant";
pub const TRADE_PROTECTION: &str = "pop.12.trade_protection";
pub const TRADE_POWER: &str = "pop.12.trade_power";
pub const TRADE_INCOME: &str = "pop.12.trade_income";
pub const SECONDARY_NODE: &str = "pop.12.secondary_node";
pub const PIRATES: &str = "pop.12.pirates";
pub const TRADE_EXPAND: &str = "pop.12.expand";
pub const GOLD_INFLATION: &str = "pop.12.gold_inflation";
pub const SLAVES: &str = "pop.12.slaves";
/// Colonize (FACTS 4) and the colonist pool (FACTS 1, Phase 5 A), the project's own ids.
pub const ACT_COLONIZE: &str = "pop.act.colonize";
/// The DNPR Expansion event symbol (FACTS 3), the project's own id.
pub const DNPR_EXPANSION: &str = "pop.effect.dnpr_expansion";
/// The Emperor's ruler leaves the throne (7.2, 18.9 placeholder), the project's own id.
pub const IMPERIAL_ELECTION: &str = "pop.7.2.imperial_election";
/// The Disloyal Vassals event symbol (FACTS 3), the project's own id.
pub const DISLOYAL_VASSALS: &str = "pop.effect.disloyal_vassals";
/// Optional rule 5 (seed 001, 14.4).
pub const RELIGIOUS_REBELS: &str = "pop.14.4.religious_rebels";
pub const COLONISTS: &str = "pop.act.colonists";
pub const PROPOSAL: &str = "pop.5.1.proposal";
pub const EFFECT_FAITH: &str = "pop.effect.faith";

/// Missions and Milestones (17.2, 17.3): the seed id for Phase 1 D names every Mission picked,
/// swapped or completed; the Milestone ids are the project's own (docs/rule_ids.md).
pub const SEQ_PHASE1_MISSIONS: &str = "pop.seq.phase1.missions";
pub const MILESTONE_REVEAL: &str = "pop.milestone.reveal";
pub const MILESTONE_REPLACE: &str = "pop.milestone.replace";
pub const MILESTONE_COMPLETE: &str = "pop.milestone.complete";
pub const MILESTONE_SWAP: &str = "pop.milestone.swap";
pub const MILESTONE_COMET: &str = "pop.milestone.comet";
pub const STRUGGLE_SETUP: &str = "pop.17.4.setup";
pub const STRUGGLE_ACTIVATE: &str = "pop.17.4.activate";
pub const STRUGGLE_BATTLEGROUND: &str = "pop.17.4.battleground";
pub const STRUGGLE_CRITERIA: &str = "pop.17.4.criteria";
pub const STRUGGLE_DISCARD: &str = "pop.17.4.discard";
pub const STRUGGLE_FABRICATE_DISCOUNT: &str = "pop.17.4.fabricate_discount";

/// The minor actions Replenish Manpower and Cut Ties (FACTS 4), the project's own ids.
pub const ACT_REPLENISH_MANPOWER: &str = "pop.act.replenish_manpower";
pub const ACT_CUT_TIES: &str = "pop.act.cut_ties";

/// The Papal Curia (19), the project's own ids.
pub const CURIA_CARDINAL: &str = "pop.19.cardinal";
pub const CURIA_ROMA: &str = "pop.19.roma";
pub const CURIA_CONTROLLER: &str = "pop.19.controller";
pub const CURIA_UNCONTESTED: &str = "pop.19.uncontested";
pub const CURIA_PAPAL_ACTION: &str = "pop.19.papal_action";
pub const CURIA_EXCOMMUNICATE: &str = "pop.19.excommunicate";
pub const CURIA_CRUSADE: &str = "pop.19.crusade";
pub const CURIA_CRUSADE_SCORING: &str = "pop.19.crusade_scoring";
pub const CURIA_CARDINAL_DIES: &str = "pop.19.cardinal_dies";

/// The Holy Roman Empire (18), the project's own ids (docs/rule_ids.md).
pub const EMPIRE_SETUP: &str = "pop.18.1.setup";
pub const EMPIRE_LANDS: &str = "pop.18.2.lands";
pub const EMPIRE_ELECTORS: &str = "pop.18.3.electors";
pub const EMPIRE_BOUNDS: &str = "pop.18.4.bounds";
pub const EMPIRE_INCOME: &str = "pop.18.5.income";
pub const EMPIRE_MONARCH_POWER: &str = "pop.18.6.monarch_power";
pub const EMPIRE_PRESTIGE: &str = "pop.18.7.prestige";
pub const EMPIRE_INCREASE: &str = "pop.18.9.increase_authority";
pub const EMPIRE_LIBERATION: &str = "pop.18.11.imperial_liberation";
pub const EMPIRE_DOW_SHIELD: &str = "pop.18.12.dow_shield";
pub const EMPIRE_DEFEND: &str = "pop.18.13.defend_call";
pub const EMPIRE_DEFEND_REFUSED: &str = "pop.18.14.defend_refused";
pub const EMPIRE_PEACE: &str = "pop.18.19.peace";
pub const EMPIRE_INTERNAL_WAR: &str = "pop.18.22.internal_war";
pub const EMPIRE_ANNEX: &str = "pop.18.23.annex";
pub const EMPIRE_LEAVE: &str = "pop.18.24.leave";
pub const EMPIRE_REJOIN: &str = "pop.18.25.rejoin";
pub const EMPIRE_ELECTION: &str = "pop.18.28.election";
pub const EMPIRE_VOTE: &str = "pop.18.29.vote";
pub const EMPIRE_ELECTION_BONUS: &str = "pop.18.30.election_bonus";
pub const EMPIRE_FINAL_SCORE: &str = "pop.18.32.final_score";
pub const EMPIRE_FAITH: &str = "pop.18.33.faith";
pub const EMPIRE_IMPERIAL_INFLUENCE: &str = "pop.18.34.imperial_influence";

/// Every id the engine can write, for the documentation test.
pub const ALL: &[&str] = &[
    ACT_REPLENISH_MANPOWER,
    ACT_CUT_TIES,
    ACT_COLONIZE,
    DNPR_EXPANSION,
    IMPERIAL_ELECTION,
    DISLOYAL_VASSALS,
    RELIGIOUS_REBELS,
    COLONISTS,
    SEQ_PHASE3_B,
    SEQ_PHASE3_C,
    SEQ_PHASE3_D,
    RULER_GENERAL,
    REPLACE_MILITARY_LEADER,
    INTERREGNUM_RESTRICTIONS,
    REBEL_BATTLE,
    REBEL_SIEGE,
    REBEL_SIEGE_CHOICE,
    REBEL_MOVE,
    SIEGE_REBEL_TOWN,
    WAR_DECLARE,
    WAR_CALL_TO_ARMS,
    WAR_RECRUIT,
    WAR_MOVE,
    WAR_SIEGE,
    WAR_PEACE,
    WAR_TRUCE,
    WAR_NPR_INVASION,
    WAR_ACCESS,
    WAR_NAVAL_TRANSPORT,
    WAR_FREE_ACTIVATION,
    WAR_SURRENDER,
    WAR_ACTIVE_ALLY,
    BATTLE_START,
    BATTLE_DICE,
    BATTLE_CASUALTIES,
    BATTLE_LEADER_WOUND,
    BATTLE_RETREAT,
    BATTLE_NPR_DEFENCE,
    BATTLE_NAVAL,
    BATTLE_MAIN_DEFENDER,
    BATTLE_RESULT,
    WAR_ATTRITION,
    WAR_LOST_AT_SEA,
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
    AGE_END_MARRIAGES,
    SEQ_GAME_END,
    SEQ_FINAL_SCORING,
    ACT_PASS,
    ACT_INCREASE_STABILITY,
    ACT_SUPPRESS_UNREST,
    EVENT,
    EVENT_DUCATS,
    EVENT_CHOICE,
    EVENT_SYMBOLS,
    EVENT_RULER,
    EVENT_LEFTOVER,
    RESEARCH_IDEA,
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
    CARD_DISCARDED,
    INTERREGNUM,
    UNREST,
    UNREST_COVERED,
    EFFECT_DUCATS,
    EFFECT_MP,
    EFFECT_STABILITY,
    EFFECT_PRESTIGE,
    EFFECT_MANPOWER,
    EFFECT_CLAIM,
    EFFECT_CB,
    EFFECT_NO_TARGET,
    SEQ_PHASE1_DRAW,
    SEQ_PHASE1_KEEP,
    SEQ_PHASE3_F,
    SEQ_PHASE3_H,
    SEQ_PHASE4_A,
    SEQ_PHASE4_B,
    SEQ_PHASE4_C,
    SEQ_PHASE4_D,
    SEQ_PHASE4_E,
    SEQ_PHASE5_A,
    SEQ_PHASE5_C,
    MP_INCOME,
    APPOINT_RULER,
    HISTORICAL_RULER,
    HISTORICAL_ILL,
    APPOINT_MILITARY_LEADER,
    APPOINT_ADVISOR,
    ADVISOR_UPKEEP,
    REACTION_APPOINT,
    NO_RULER_PENALTY,
    STABILITY_PLUS1,
    STABILITY_PLUS2,
    STABILITY_PLUS3,
    STABILITY_MINUS1,
    STABILITY_MINUS2,
    STABILITY_MINUS3,
    INCOME_UPKEEP,
    UNPAID_ADVISOR,
    UNPAID_UNITS,
    UNPAID_SHIPS,
    INTEREST,
    TOWN_TRACK,
    TOWN_INCOME,
    INCOME_TILE,
    OUT_OF_TOWNS,
    SEQ_PHASE3_A,
    SEQ_PHASE3_E,
    SEQ_PHASE3_G,
    SEQ_PHASE3_I,
    REBEL_ROLL,
    REBELLION_UNITS,
    REBEL_TOWN,
    REBELLION_LIBERATES,
    REBEL_LOSE_DUCATS,
    REBEL_LOSE_MP,
    REBEL_EXHAUST,
    REBEL_NO_EFFECT,
    REBEL_REMOVE_UNREST,
    REBEL_CANNOT_PAY,
    LIBERATION_OCCUPIED,
    LIBERATION_CORE,
    LIBERATION_TERRITORY,
    LIBERATION_CB,
    ALLIANCE,
    MARRIAGE,
    MONETARY_SUPPORT,
    PROVINCE_SALE,
    EXPLORE,
    EXPLORE_SHIP,
    EXPLORE_FIRST,
    NATIONAL_FOCUS,
    FOCUS_DISCARD_PICK,
    CHANGE_RELIGION,
    COUNTER_REFORMATION,
    CORES,
    CORE_TOKEN,
    ACT_INFLUENCE,
    ACT_FORGE_ALLIANCE,
    ACT_FABRICATE_CLAIM,
    ACT_INTEGRATE_AREA,
    ACT_CONVERT_AREA,
    REVOLUTION_SPREAD,
    REVOLUTIONARY_REGIME,
    ACT_PLAY_CARD,
    ACT_TRADE,
    TRADE_DECK,
    TRADE_DUCATS,
    TRADE_ELIGIBLE,
    TRADE_REQUIREMENT,
    MERCHANT,
    TRADE_PROTECTION,
    TRADE_POWER,
    TRADE_INCOME,
    SECONDARY_NODE,
    PIRATES,
    TRADE_EXPAND,
    GOLD_INFLATION,
    SLAVES,
    PROPOSAL,
    EFFECT_FAITH,
    SEQ_PHASE1_MISSIONS,
    MILESTONE_REVEAL,
    MILESTONE_REPLACE,
    MILESTONE_COMPLETE,
    MILESTONE_SWAP,
    MILESTONE_COMET,
    STRUGGLE_SETUP,
    STRUGGLE_ACTIVATE,
    STRUGGLE_BATTLEGROUND,
    STRUGGLE_CRITERIA,
    STRUGGLE_DISCARD,
    STRUGGLE_FABRICATE_DISCOUNT,
    CURIA_CARDINAL,
    CURIA_ROMA,
    CURIA_CONTROLLER,
    CURIA_UNCONTESTED,
    CURIA_PAPAL_ACTION,
    CURIA_EXCOMMUNICATE,
    CURIA_CRUSADE,
    CURIA_CRUSADE_SCORING,
    CURIA_CARDINAL_DIES,
    EMPIRE_SETUP,
    EMPIRE_LANDS,
    EMPIRE_ELECTORS,
    EMPIRE_BOUNDS,
    EMPIRE_INCOME,
    EMPIRE_MONARCH_POWER,
    EMPIRE_PRESTIGE,
    EMPIRE_INCREASE,
    EMPIRE_LIBERATION,
    EMPIRE_DOW_SHIELD,
    EMPIRE_DEFEND,
    EMPIRE_DEFEND_REFUSED,
    EMPIRE_PEACE,
    EMPIRE_INTERNAL_WAR,
    EMPIRE_ANNEX,
    EMPIRE_LEAVE,
    EMPIRE_REJOIN,
    EMPIRE_ELECTION,
    EMPIRE_VOTE,
    EMPIRE_ELECTION_BONUS,
    EMPIRE_FAITH,
    EMPIRE_IMPERIAL_INFLUENCE,
    EMPIRE_FINAL_SCORE,
];
