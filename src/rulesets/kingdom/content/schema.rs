//! Kingdom's scenario format: the frontier hex map, the kingdoms and their leaders, and every
//! table of the kingdom rules a modder may change (terrain, leadership roles, edicts, size
//! limits, terrain improvements, buildings, events).

use serde::{Deserialize, Serialize};

use crate::engine::ruleset::RulesetId;

/// A Kingdom scenario (`ruleset: Kingdom`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub ruleset: RulesetId,
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The game ends after this many months at the latest.
    pub months: u32,
    /// What a kingdom must reach to win (checked at the end of every month).
    pub goals: Goals,
    /// The numbers of this project's house rules (exploring, clearing, armies): `docs/kingdom.md`.
    pub house: HouseRules,
    pub map: MapDef,
    pub terrains: Vec<TerrainDef>,
    pub kingdoms: Vec<KingdomDef>,
    pub roles: Vec<RoleDef>,
    pub edicts: Vec<EdictDef>,
    /// Improvements per Edict phase by Size, smallest Size first.
    pub limits: Vec<LimitRow>,
    pub improvements: Vec<ImprovementDef>,
    pub buildings: Vec<BuildingDef>,
    /// The d% table that picks an event's kind.
    pub event_types: Vec<EventTypeRow>,
    pub events: Vec<EventDef>,
    /// Names given to new settlements, in order.
    pub settlement_names: Vec<String>,
}

/// A kingdom wins when, at the end of a month, it is not in Anarchy and has all of these.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Goals {
    pub size: u32,
    pub settlements: u32,
    pub buildings: u32,
}

/// The numbers of the house rules a board game needs where the seed leaves play to a game
/// master.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// Hexes the leaders may explore each Edict phase.
    pub explorations_per_month: u8,
    /// BP to raise a new army unit (size 1).
    pub army_cost: i32,
    /// BP per size step to expand an army, per size to equip it, per 5 lost hit points to
    /// repair it.
    pub army_expand_cost: i32,
    pub army_equip_cost: i32,
    pub army_repair_cost: i32,
    /// The largest army size.
    pub army_max_size: u8,
}

/// The map: `rows[r]` holds one terrain code per column; odd rows sit half a hex to the right.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    pub width: u32,
    pub height: u32,
    pub rows: Vec<String>,
    /// Hexes a river runs through, as (column, row).
    #[serde(default)]
    pub rivers: Vec<(i32, i32)>,
    #[serde(default)]
    pub features: Vec<FeatureDef>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FeatureDef {
    pub at: (i32, i32),
    pub kind: FeatureKind,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum FeatureKind {
    /// Ore, timber, game or stone worth working: a Mine, Quarry or Sawmill here gives +1 BP
    /// more, a Farm saves 1 Consumption more.
    Resource(String),
    /// Monsters that must be cleared (a check against `dc`) before the hex can be claimed.
    Lair { name: String, dc: i32, loot_gp: u32 },
    /// Old ruins: the first kingdom to explore them finds gold and perhaps an item.
    Ruin {
        name: String,
        gp: u32,
        #[serde(default)]
        item_gp: u32,
    },
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TerrainDef {
    /// The letter used in the map's rows.
    pub code: char,
    pub id: String,
    pub name: String,
    /// BP to prepare a settlement site; `None`: no settlement may be built here.
    pub preparation: Option<i32>,
    /// Months the preparation takes (0: ready at once).
    #[serde(default)]
    pub preparation_months: u8,
    /// BP of a Farm; `None`: no Farm here.
    pub farm: Option<i32>,
    /// BP of a Road; `None`: no Road here. Doubled in a hex with a river.
    pub road: Option<i32>,
    /// Open water: claimable for its fisheries, never settled or farmed.
    #[serde(default)]
    pub water: bool,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Alignment {
    LawfulGood,
    NeutralGood,
    ChaoticGood,
    LawfulNeutral,
    Neutral,
    ChaoticNeutral,
    LawfulEvil,
    NeutralEvil,
    ChaoticEvil,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KingdomDef {
    pub id: String,
    pub name: String,
    pub colour: (u8, u8, u8),
    /// The hex the founders start from: explored and cleared, claimable as the first hex.
    pub start: (i32, i32),
    pub alignment: Alignment,
    /// Treasury at the start, in BP.
    pub treasury: i32,
    /// The leaders' own coin, in gp: withdrawals fill it, deposits empty it.
    #[serde(default)]
    pub purse_gp: u32,
    pub leaders: Vec<LeaderDef>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LeaderDef {
    pub name: String,
    pub str: i32,
    pub dex: i32,
    pub con: i32,
    pub int: i32,
    pub wis: i32,
    pub cha: i32,
    /// The role held at the start.
    #[serde(default)]
    pub role: Option<Role>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ability {
    Str,
    Dex,
    Con,
    Int,
    Wis,
    Cha,
}

/// The three kingdom attributes.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Attr {
    Economy,
    Loyalty,
    Stability,
}

impl Attr {
    pub const ALL: [Attr; 3] = [Attr::Economy, Attr::Loyalty, Attr::Stability];

    pub fn bit(self) -> u8 {
        match self {
            Attr::Economy => 1,
            Attr::Loyalty => 2,
            Attr::Stability => 4,
        }
    }
}

/// The leadership roles. Their numbers are in the scenario's `roles`; what a role does beyond
/// numbers (the Ruler's bonus to one, two or three attributes, the Royal Enforcer's option, the
/// Treasurer's taxes) is in the rules.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Ruler,
    Consort,
    Heir,
    Councilor,
    General,
    GrandDiplomat,
    HighPriest,
    Magister,
    Marshal,
    RoyalEnforcer,
    Spymaster,
    Treasurer,
    Viceroy,
    Warden,
}

/// What a vacant role stops the kingdom from doing.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbid {
    /// No hex claims.
    Claims,
    /// No Farms or Roads.
    FarmsAndRoads,
    /// No new settlements or districts.
    Districts,
    /// No taxes in the Income phase.
    Taxes,
    /// Holidays give no Loyalty.
    HolidayBenefit,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RoleDef {
    pub role: Role,
    pub name: String,
    /// The abilities whose best modifier the role adds.
    pub abilities: Vec<Ability>,
    /// The attribute it adds to; `None`: one chosen when the leader is assigned (the Ruler's
    /// and the Spymaster's).
    pub attribute: Option<Attr>,
    /// Only half the modifier counts (rounded down).
    #[serde(default)]
    pub half: bool,
    /// Penalties while the role is vacant.
    #[serde(default)]
    pub vacancy: Mods,
    /// Unrest added at each Upkeep while vacant.
    #[serde(default)]
    pub vacancy_unrest: i32,
    #[serde(default)]
    pub vacancy_forbids: Vec<Forbid>,
}

/// Modifiers a building, improvement, edict level or role gives the kingdom sheet.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Mods {
    pub eco: i32,
    pub loy: i32,
    pub stab: i32,
    /// Unrest, applied once when the building or improvement is completed.
    pub unrest: i32,
    pub consumption: i32,
    pub defense: i32,
    /// BP each Income phase.
    pub bp: i32,
    /// A settlement's base value, in gp.
    pub base_value: i32,
    pub fame: i32,
}

impl Mods {
    pub fn get(&self, attr: Attr) -> i32 {
        match attr {
            Attr::Economy => self.eco,
            Attr::Loyalty => self.loy,
            Attr::Stability => self.stab,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EdictKind {
    Holidays,
    Promotion,
    Taxation,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EdictDef {
    pub kind: EdictKind,
    /// Level 0 first.
    pub levels: Vec<EdictLevel>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EdictLevel {
    pub name: String,
    pub mods: Mods,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LimitRow {
    /// The largest Size this row covers (`None`: every Size above the previous row).
    pub max_size: Option<u32>,
    pub settlements: u32,
    /// `None`: no limit.
    pub buildings: Option<u32>,
    pub terrain: u32,
    pub claims: u32,
}

/// What a terrain improvement costs.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImprovementCost {
    Fixed(i32),
    /// The terrain's Farm cost.
    Farm,
    /// The terrain's Road cost, doubled with a river.
    Road,
    /// Twice the Road cost (a Highway, a Canal).
    TwiceRoad,
}

/// A condition a hex must meet for an improvement.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Need {
    /// A river runs through the hex.
    River,
    /// A river runs through the hex, or it is open water, or next to open water.
    Water,
    /// The hex holds a settlement.
    Settlement,
    /// The hex has a resource.
    Resource,
    /// The hex already has this improvement.
    Improvement(String),
    /// The kingdom is at least this Size.
    Size(u32),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ImprovementDef {
    pub id: String,
    pub name: String,
    pub cost: ImprovementCost,
    /// Terrain ids it may be built on (empty: any land).
    #[serde(default)]
    pub terrains: Vec<String>,
    #[serde(default)]
    pub needs: Vec<Need>,
    /// What each one gives.
    #[serde(default)]
    pub mods: Mods,
    /// What every `count` of them together give (Roads: +1 Economy per 4 hexes).
    #[serde(default)]
    pub every: Vec<Every>,
    /// A Farm or Road: a vacant Ruler's seat stops it.
    #[serde(default)]
    pub needs_ruler: bool,
    /// A resource in the hex adds this much more (BP for a Mine, Consumption saved by a Farm).
    #[serde(default)]
    pub resource_bonus: Mods,
    /// Built over this improvement, which it replaces (PRD: "You may upgrade a Road into a
    /// Highway"): the hex must hold it, and it cannot be built again beside its upgrade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade_from: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Every {
    pub count: u32,
    pub mods: Mods,
}

/// Magic item slots a building adds to its district.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Slots {
    pub minor: u8,
    pub medium: u8,
    pub major: u8,
}

/// Something a building does beyond its modifiers.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Halves the Consumption of the Promotion edict.
    HalvePromotionConsumption,
    /// Halves the Loyalty penalty of the Taxation edict.
    HalveTaxationLoyalty,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BuildingDef {
    pub id: String,
    pub name: String,
    pub cost: i32,
    /// Lots it fills: 1, 2 or 4 (a whole block); 0 for a district-wide work such as a wall.
    pub lots: u8,
    #[serde(default)]
    pub mods: Mods,
    #[serde(default)]
    pub items: Slots,
    /// Must stand on a lot at the district's water border.
    #[serde(default)]
    pub needs_water: bool,
    /// Must stand next to this many of each of these buildings.
    #[serde(default)]
    pub near: Vec<(String, u8)>,
    /// May not stand next to any of these.
    #[serde(default)]
    pub not_near: Vec<String>,
    /// Counts as a House for buildings that must stand next to one.
    #[serde(default)]
    pub house: bool,
    /// The first of these each month does not count against the building limit.
    #[serde(default)]
    pub free_first: bool,
    #[serde(default)]
    pub special: Vec<Special>,
    /// Built on the lots of this building, replacing it; costs the difference.
    #[serde(default)]
    pub upgrade_from: Option<String>,
    /// Terrain improvements in its settlement's hex or a hex next to it that it makes worth
    /// more: each such improvement gains these modifiers, once however many of these buildings
    /// stand near it (PRD Stockyard: Farms in or next to its hex save 3 Consumption, not 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boosts: Vec<(String, Mods)>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventTable {
    BeneficialKingdom,
    DangerousKingdom,
    BeneficialSettlement,
    DangerousSettlement,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum EventPick {
    Table(EventTable),
    Event(String),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventTypeRow {
    /// d% results, both ends included.
    pub range: (u8, u8),
    pub pick: EventPick,
    /// Roll again on this table as well.
    #[serde(default)]
    pub reroll: bool,
}

/// Dice: `n`d`d` + `plus`; exploding dice roll again on their highest face.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Dice {
    pub n: u8,
    pub d: u8,
    pub plus: i32,
    pub explode: bool,
}

/// What an event does.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Effect {
    /// The Treasury gains BP.
    Bp(Dice),
    /// The Treasury loses BP (not below 0).
    LoseBp(Dice),
    /// Unrest rises.
    Unrest(Dice),
    /// Unrest falls (not below 0).
    CalmUnrest(Dice),
    /// An attribute changes for a number of months.
    Modifier { attr: Attr, amount: i32, months: u8 },
    /// Consumption changes by a percentage for a number of months.
    Consumption { percent: i32, months: u8 },
    /// Blocks of the settlement are destroyed (a kingdom event picks a settlement).
    DestroyBlocks(Dice),
    /// Vacant item slots of the settlement are filled.
    FillItemSlots(u8),
    /// Coin for the leaders' purse, in gp.
    Gold(u32),
    /// A valuable item for the leaders, worth this many gp.
    Item(u32),
    /// The settlement's next building costs less, in BP.
    BuildingDiscount(i32),
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventCheck {
    pub attr: Attr,
    /// Added to Command DC.
    #[serde(default)]
    pub dc: i32,
    #[serde(default)]
    pub success: Vec<Effect>,
    #[serde(default)]
    pub failure: Vec<Effect>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EventDef {
    pub id: String,
    pub name: String,
    pub table: EventTable,
    /// d% results on its table, both ends included.
    pub range: (u8, u8),
    pub text: String,
    #[serde(default)]
    pub effects: Vec<Effect>,
    #[serde(default)]
    pub check: Option<EventCheck>,
}
