//! Kingdom's decisions (what a kingdom is asked) and actions (its answers).

use serde::{Deserialize, Serialize};

use crate::rulesets::kingdom::content::schema::{EdictKind, Role};

/// A hex by its map position (column, row).
pub type At = (i32, i32);

/// What a kingdom is asked; each Edict step asks again until the kingdom answers `Done`.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// Upkeep step 4: use the Royal Enforcer to cut Unrest by 1?
    Enforcer,
    /// Upkeep step 4: Unrest 11+: which hex to give up.
    LoseHex,
    /// Edict step 1: leadership roles.
    Leadership,
    /// Edict step 2: explore, clear, claim and abandon hexes.
    Claims,
    /// Edict step 3: terrain improvements and site preparation.
    Terrain,
    /// Edict step 4: settlements, districts and buildings.
    Settlements,
    /// Edict step 5: army units.
    Armies,
    /// Edict step 6: edict levels.
    Edicts,
    /// Income step 1: withdrawals.
    Withdraw,
    /// Income step 2: deposits.
    Deposit,
    /// Income step 3: items to sell.
    Sell,
    /// Event: hire adventurers before the event's check?
    Hire,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Decision {
    pub kingdom: String,
    pub kind: DecisionKind,
}

/// Where an item for sale is: the leaders' own, or a settlement's slot.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemRef {
    /// Index into the kingdom's `items`.
    Leaders(u8),
    /// A filled slot: settlement (by map position), district, building, slot.
    Slot {
        at: At,
        district: u8,
        building: u8,
        slot: u8,
    },
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Finish the current step (or decline the Enforcer, a withdrawal, a hire).
    Done,
    /// Use the Royal Enforcer.
    Enforce,
    /// Give up this hex (Unrest 11+).
    LoseHex(At),
    /// Put a leader without a role into a vacant role; `focus` names the attributes (bits
    /// Economy 1, Loyalty 2, Stability 4) for the Ruler and the Spymaster.
    Assign {
        role: Role,
        leader: u8,
        focus: u8,
    },
    /// The leader holding `role` steps down; with `to`, takes that vacant role instead, with
    /// `focus` naming its attributes as `Assign` does (the Ruler's and the Spymaster's seats).
    Abdicate {
        role: Role,
        to: Option<Role>,
        #[serde(default)]
        focus: u8,
    },
    /// The leaders holding `role` and `with` exchange seats, each "leaving one leadership role
    /// to take a different one" (a Loyalty check each, +4, no Unrest; the Ruler leaving its
    /// seat pays as the Ruler abdicating does). `focus` names the attributes of the leader
    /// arriving in `with`, `with_focus` those of the one arriving in `role` (bits as for
    /// `Assign`). `role` comes before `with` in the scenario's list of roles.
    Swap {
        role: Role,
        with: Role,
        focus: u8,
        with_focus: u8,
    },
    /// The seated Ruler's bonus reaches more attributes as the kingdom grows (FACTS: 2 at Size
    /// 26-100, 3 at 101 and more): `focus` names the wider set, the attributes it had and the
    /// new ones (bits as for `Assign`).
    RulerFocus(u8),
    /// Leaders explore a hex next to the kingdom or to a hex they explored.
    Explore(At),
    /// Clear a lair, with an army unit standing in or next to the hex (by its index) or with the
    /// leaders alone.
    Clear {
        at: At,
        army: Option<u8>,
    },
    Claim(At),
    Abandon(At),
    /// A terrain improvement by id.
    Improve {
        at: At,
        improvement: String,
    },
    /// Prepare a hex for a settlement.
    Prepare(At),
    /// Found a settlement on a prepared hex.
    Found(At),
    /// Add a district to a settlement.
    AddDistrict(At),
    /// Build on a district's lots: `cell` is the first lot (row * 6 + col); `wide` lays a
    /// two-lot building across instead of down.
    Build {
        at: At,
        district: u8,
        cell: u8,
        wide: bool,
        building: String,
    },
    /// Raise an army unit in a settlement's hex.
    RaiseArmy(At),
    ExpandArmy(u8),
    EquipArmy(u8),
    RepairArmy(u8),
    SetEdict {
        edict: EdictKind,
        level: u8,
    },
    /// Withdraw BP from the Treasury for the leaders.
    Withdraw(u16),
    /// Deposit gp from the leaders' purse (every full 4,000 gp is 1 BP).
    Deposit(u32),
    Sell(ItemRef),
    /// Hire adventurers for the event's check: tier 1, 2 or 3 (+2, +5, +10 for 4, 8, 16 BP).
    Hire(u8),
}
