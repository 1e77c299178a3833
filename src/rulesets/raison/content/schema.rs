//! Raison d'Etat's scenario format: the map of Territories and Sea Lanes, the Powers (major and
//! minor) with their Generals, Garrisons and Fortresses, the action dial, the battle-card deck,
//! and the numbers of this project's house rules (`docs/raison.md`).

use serde::{Deserialize, Serialize};

use crate::engine::ruleset::RulesetId;

/// A Raison d'Etat scenario (`ruleset: RaisonDEtat`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub ruleset: RulesetId,
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Influence that wins at once (30 in 1618, 25 in 1702).
    pub victory: i32,
    /// A house rule for a game with a time limit, off unless a scenario sets it: the game ends
    /// after this many rounds if nobody has won, most Influence winning. The seed's only end is
    /// the Influence target, so the shipped scenarios leave it out.
    #[serde(default)]
    pub max_rounds: Option<u32>,
    /// The dial's segments in order; every Power's dial shows them in this order.
    pub dial: Vec<DialAction>,
    /// The Power whose dial returning to Muster begins a new round (1618: the Protestants,
    /// 1702: Britain). Its dial starts on Muster.
    pub round_keeper: String,
    /// The Imperial Election is held before this Power's Muster action (France).
    pub election_before: String,
    /// The names of the two opposed Coalitions, side A then side B.
    pub coalitions: (String, String),
    pub house: HouseRules,
    /// The battle-card deck: how many cards of each value 1-5.
    pub deck: Vec<CardCount>,
    pub powers: Vec<PowerDef>,
    pub territories: Vec<TerritoryDef>,
    #[serde(default)]
    pub sea_lanes: Vec<SeaLaneDef>,
}

/// One segment of the action dial.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DialAction {
    Muster,
    Taxation,
    /// Subsidise & Mercenaries as an action of its own (1618).
    Subsidise,
    Leadership,
    /// Leadership, then Subsidise & Mercenaries (1702).
    LeadershipAndSubsidise,
    Mobilisation,
    GainInfluence,
    Movement,
}

impl DialAction {
    pub fn title(self) -> &'static str {
        match self {
            DialAction::Muster => "Muster",
            DialAction::Taxation => "Taxation",
            DialAction::Subsidise => "Subsidise & Mercenaries",
            DialAction::Leadership => "Leadership",
            DialAction::LeadershipAndSubsidise => "Leadership, Subsidise & Mercenaries",
            DialAction::Mobilisation => "Mobilisation",
            DialAction::GainInfluence => "Gain Influence",
            DialAction::Movement => "Movement",
        }
    }
}

/// The numbers the seed leaves open, settled as house rules (`docs/raison.md`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// The most Battle cards a Power holds at the end of an action (the seed: 6).
    pub hand_limit: u8,
    /// Money or Battle cards one Subsidise & Mercenaries may give (the seed: 3).
    pub subsidy_limit: u8,
    /// Mobilisation prices (the seed: 5 for a Fortress, 1 for everything else).
    pub fortress_cost: i32,
    pub unit_cost: i32,
    pub card_cost: i32,
    pub morale_cost: i32,
    /// Influence the Emperor gains at Gain Influence (the seed: 2).
    pub emperor_influence: i32,
    /// Battle strength of one Unit, one Garrison, one Fortress.
    pub unit_strength: i32,
    pub garrison_strength: i32,
    pub fortress_strength: i32,
    /// The most Units one General leads.
    pub max_units: u8,
    /// Morale never exceeds this.
    pub max_morale: i32,
    /// Morale a Power loses when it loses a battle, before the 5 cards' additional loss.
    pub battle_loss_morale: i32,
    /// Territories a strategic land movement may cross (the seed: 3).
    pub strategic_steps: u8,
    /// Rounds of movement in one Movement action: the first, then one more for each the Envoy
    /// grants.
    pub movement_rounds: u8,
}

/// How many cards of one value the deck holds.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CardCount {
    pub value: u8,
    pub count: u8,
}

/// A Power's Diplomatic Status for a round.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Status {
    /// In the Coalition of one side.
    Coalition(Side),
    #[default]
    Neutral,
    Expansionist,
}

/// One of the two opposed Coalitions.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    A,
    B,
}

/// A Power, major or minor.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PowerDef {
    /// A short code (`FRA`), unique in the scenario.
    pub id: String,
    pub name: String,
    /// Major Powers are played (by people or bots) and can win; Minor Powers are controlled by
    /// the Major that bids the most Morale at their Muster.
    pub major: bool,
    /// Its colour on the map, as RGB.
    pub colour: (u8, u8, u8),
    /// Its capital Territory (a Home Territory of its own).
    pub capital: String,
    /// The dial segment (0 = the first of `dial`) it acts on in the first action turn.
    pub dial_start: u8,
    /// Its Diplomatic Status in round 1 (the Diplomacy phase is skipped then).
    pub status: Status,
    pub money: i32,
    pub morale: i32,
    #[serde(default)]
    pub influence: i32,
    /// Battle cards dealt to it before play begins.
    pub hand: u8,
    /// A Minor Power's controller until its first Muster; none means its first Muster comes
    /// before it acts (its dial must start on Muster).
    #[serde(default)]
    pub controller: Option<String>,
    /// Holds the Imperial crown at the start.
    #[serde(default)]
    pub emperor: bool,
    pub generals: Vec<GeneralDef>,
    /// Territories holding one of its Garrisons at the start.
    #[serde(default)]
    pub garrisons: Vec<String>,
    /// Territories holding one of its Fortresses at the start.
    #[serde(default)]
    pub fortresses: Vec<String>,
}

/// A General and the Units it leads.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GeneralDef {
    pub id: String,
    pub name: String,
    /// Where it stands at the start; none means off-map.
    #[serde(default)]
    pub at: Option<String>,
    pub units: u8,
}

/// What kind of Territory a Territory is.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum TerritoryKind {
    /// A Home Territory in the colour of this Power.
    Home(String),
    Undisputed,
    /// A Disputed Territory striped with these Powers' colours.
    Disputed(Vec<String>),
}

/// A land Territory.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TerritoryDef {
    pub id: String,
    pub name: String,
    pub kind: TerritoryKind,
    /// The number printed in it: Money at Taxation, Influence at Gain Influence (1-3).
    pub value: u8,
    /// Where it lies: (longitude, latitude) in degrees, for drawing the map.
    pub at: (f32, f32),
    /// Land Territories it borders; a border need only be written on one of its two sides.
    #[serde(default)]
    pub adjacent: Vec<String>,
    /// Holds a vote in the Imperial Election.
    #[serde(default)]
    pub elector: bool,
}

/// A Sea Lane between two coastal Territories.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeaLaneDef {
    pub id: String,
    pub name: String,
    pub ends: (String, String),
}
