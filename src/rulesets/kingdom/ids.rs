//! Kingdom's rule ids: the `km.*` ids fixed by `RULE_IDS.md` for seed 004's steps, and this
//! project's own ids for the kingdom check, the house rules (exploring, clearing) and the end of
//! the game (listed in `docs/kingdom.md`).

/// Upkeep, step 1: the Stability check against Command DC.
pub const UPKEEP_STABILITY: &str = "km.upkeep.stability";
/// Upkeep, step 2: Consumption paid from the Treasury, or the Treasury to 0 and +2 Unrest.
pub const UPKEEP_CONSUMPTION: &str = "km.upkeep.consumption";
/// Upkeep, step 3: each vacant magic item slot fills at 50%.
pub const UPKEEP_ITEM_SLOTS: &str = "km.upkeep.item_slots";
/// Upkeep, step 4: +1 Unrest per attribute below 0 (and vacancies that add Unrest).
pub const UPKEEP_UNREST: &str = "km.upkeep.unrest";
/// Upkeep, step 4: the Royal Enforcer may cut Unrest by 1 (Loyalty check or -1 Loyalty).
pub const UPKEEP_ENFORCER: &str = "km.upkeep.enforcer";
/// Upkeep, step 4: at Unrest 11+ the kingdom loses a hex of its choice.
pub const UPKEEP_LOSE_HEX: &str = "km.upkeep.lose_hex";
/// Upkeep, step 4: at Unrest 20+ the kingdom falls into Anarchy.
pub const UPKEEP_ANARCHY: &str = "km.upkeep.anarchy";
/// Edict, step 1: leaders assigned to roles.
pub const EDICT_LEADERSHIP: &str = "km.edict.leadership";
/// Edict, step 1: a leader steps down (Unrest, the Loyalty check).
pub const EDICT_ABDICATE: &str = "km.edict.abdicate";
/// A vacant role's penalty.
pub const EDICT_VACANCY: &str = "km.edict.vacancy";
/// Edict, step 2: a hex claimed for 1 BP.
pub const EDICT_CLAIM_HEX: &str = "km.edict.claim_hex";
/// Edict, step 2: a hex abandoned (+1 Unrest, +4 with a city).
pub const EDICT_ABANDON_HEX: &str = "km.edict.abandon_hex";
/// Edict, step 3: terrain improvements and site preparation.
pub const EDICT_TERRAIN: &str = "km.edict.terrain";
/// Edict, step 4: settlements and districts founded.
pub const EDICT_SETTLEMENT: &str = "km.edict.settlement";
/// Edict, step 4: buildings built.
pub const EDICT_BUILDING: &str = "km.edict.building";
/// Edict, step 5: army units created, expanded, equipped or repaired.
pub const EDICT_ARMY: &str = "km.edict.army";
/// Edict, step 6: edict levels set.
pub const EDICT_EDICTS: &str = "km.edict.edicts";
/// Income, step 1: a withdrawal.
pub const INCOME_WITHDRAW: &str = "km.income.withdraw";
/// Income, step 2: a deposit.
pub const INCOME_DEPOSIT: &str = "km.income.deposit";
/// Income, step 3: an item sold.
pub const INCOME_SELL_ITEM: &str = "km.income.sell_item";
/// Income, step 4: taxes.
pub const INCOME_TAXES: &str = "km.income.taxes";
/// Event, step 1: whether an event happens (25%, 75% after a month without one).
pub const EVENT_CHANCE: &str = "km.event.chance";
/// Event: an event and what it does.
pub const EVENT_RESOLVE: &str = "km.event.resolve";
/// Event, step 2: destroyed blocks (+1 Unrest each; same building rebuilt at half price).
pub const EVENT_DESTROYED_BLOCKS: &str = "km.event.destroyed_blocks";

/// This project's own ids.
/// A new phase of the month begins.
pub const FLOW_PHASE: &str = "km.flow.phase";
/// A new month begins.
pub const FLOW_MONTH: &str = "km.flow.month";
/// A kingdom check: d20 + attribute - Unrest against a DC, every modifier named.
pub const CHECK: &str = "km.check";
/// House rule: leaders explore a hex.
pub const HOUSE_EXPLORE: &str = "km.house.explore";
/// House rule: a lair cleared (or not) before a claim.
pub const HOUSE_CLEAR: &str = "km.house.clear";
/// House rule: at the start of a month a kingdom in Anarchy puts down revolt (Unrest -2d4) and
/// leaves Anarchy below Unrest 20.
pub const HOUSE_RESTORE_ORDER: &str = "km.house.restore_order";
/// An event's lasting effect runs out (as the kingdom's Event phase begins).
pub const HOUSE_EXPIRE: &str = "km.house.expire";
/// The game ends: a kingdom met the goals, or the months ran out.
pub const GAME_END: &str = "km.game.end";

/// Every id the Kingdom rules write into the log.
pub const ALL: &[&str] = &[
    UPKEEP_STABILITY,
    UPKEEP_CONSUMPTION,
    UPKEEP_ITEM_SLOTS,
    UPKEEP_UNREST,
    UPKEEP_ENFORCER,
    UPKEEP_LOSE_HEX,
    UPKEEP_ANARCHY,
    EDICT_LEADERSHIP,
    EDICT_ABDICATE,
    EDICT_VACANCY,
    EDICT_CLAIM_HEX,
    EDICT_ABANDON_HEX,
    EDICT_TERRAIN,
    EDICT_SETTLEMENT,
    EDICT_BUILDING,
    EDICT_ARMY,
    EDICT_EDICTS,
    INCOME_WITHDRAW,
    INCOME_DEPOSIT,
    INCOME_SELL_ITEM,
    INCOME_TAXES,
    EVENT_CHANCE,
    EVENT_RESOLVE,
    EVENT_DESTROYED_BLOCKS,
    FLOW_PHASE,
    FLOW_MONTH,
    CHECK,
    HOUSE_EXPLORE,
    HOUSE_CLEAR,
    HOUSE_RESTORE_ORDER,
    HOUSE_EXPIRE,
    GAME_END,
];
