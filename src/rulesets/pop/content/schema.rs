//! The scenario and mod file format: plain serde types a modder writes in RON.
//!
//! Every cross-reference is a string id (`"paris"`, `"FRA"`); `validate` resolves them all and
//! reports each unresolved or duplicate id with its file position.

use crate::engine::id::Id;
use serde::{Deserialize, Serialize};

/// Which ruleset a scenario is played with: the engine's list (`ruleset: PriceOfPower` here).
pub use crate::engine::ruleset::RulesetId as Ruleset;

/// A whole scenario: the map, the realms on it, the people and the decks.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    /// Stable id written into saves, e.g. `"1444"`.
    pub id: String,
    pub name: String,
    pub ruleset: Ruleset,
    pub description: String,
    pub start_year: i32,
    pub options: ScenarioOptions,
    pub map: MapDef,
    pub realms: Vec<RealmDef>,
    pub characters: Vec<CharacterDef>,
    pub events: Vec<EventDef>,
    pub action_cards: Vec<ActionCardDef>,
    pub ideas: Vec<IdeaDef>,
    /// Mission cards: each Player Realm's deck and the generic ones (17.2).
    pub missions: Vec<MissionDef>,
    /// Milestone cards: four decks per Age, one per category (17.3).
    pub milestones: Vec<MilestoneDef>,
    /// Trade Nodes on the board (12.2).
    pub trade_nodes: Vec<TradeNodeDef>,
    /// Trade Cards: the starting Trade Deck and the distant cards (12.1, 12.6).
    pub trade_cards: Vec<TradeCardDef>,
    /// The Power Struggle deck (17.4), the first listed on top; shuffled at setup when
    /// `options.shuffle_power_struggles` says so.
    pub power_struggles: Vec<PowerStruggleDef>,
}

/// Switches a scenario sets; optional rules from the rule book live here.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ScenarioOptions {
    /// First and last Age played (the full game is I to IV).
    pub first_age: u8,
    pub last_age: u8,
    /// Optional rule 5: religious rebels.
    pub religious_rebels: bool,
    /// Optional rule 1: secret negotiations between players.
    pub secret_negotiations: bool,
    /// Advanced rule 17.4: Power Struggles (the scenario's `power_struggles` deck).
    pub power_struggles: bool,
    /// Shuffle the Power Struggle deck at setup instead of keeping the order listed.
    pub shuffle_power_struggles: bool,
    /// Starting treasury and monarch power of every Player Realm (FACTS: 15 D and 3 MP).
    pub starting_ducats: i32,
    pub starting_mp: i32,
    /// The realm whose ruler is Holy Roman Emperor at the start, if any.
    pub emperor: Option<Id>,
    /// The Holy Roman Empire (18.3): the areas inside the Empire's border at the start. Realms
    /// whose capital lies in one of them are its members.
    pub hre_areas: Vec<Id>,
    /// The Elector Areas (18.3), each also listed in `hre_areas`.
    pub electors: Vec<Id>,
    /// The Emperor's Imperial Authority at the start (18.1: 3 in 1444), 0 to 6.
    pub imperial_authority: i32,
    /// Merchants each Player Realm owns (12.4: 2 unless the scenario says otherwise); those
    /// its `merchants` list does not place wait off the board until a Trade action places them.
    pub merchants: u8,
    /// The Non-Player Realm whose alliance gives the Roma cardinal slot of the Papal Curia
    /// (19.1), if the scenario has a Papacy.
    pub papal_states: Option<Id>,
    /// The province of Roma: a Player Realm controlling it takes the Roma slot (19.1).
    pub roma: Option<Id>,
}

impl Default for ScenarioOptions {
    fn default() -> Self {
        Self {
            first_age: 1,
            last_age: 4,
            religious_rebels: false,
            secret_negotiations: false,
            power_struggles: false,
            shuffle_power_struggles: false,
            starting_ducats: 15,
            starting_mp: 3,
            emperor: None,
            hre_areas: Vec::new(),
            electors: Vec::new(),
            imperial_authority: 3,
            merchants: 2,
            papal_states: None,
            roma: None,
        }
    }
}

/// A point on the board, in board units (x to the east, y to the north).
pub type Point = (f32, f32);

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MapDef {
    /// Board extent `(min_x, min_y, max_x, max_y)`, for the camera.
    pub bounds: (f32, f32, f32, f32),
    pub areas: Vec<AreaDef>,
    pub provinces: Vec<ProvinceDef>,
    pub sea_zones: Vec<SeaZoneDef>,
    /// Decorative land outside the playable provinces (coastlines), drawn under everything.
    pub backdrop: Vec<Vec<Point>>,
}

/// An area: the unit of movement, claims, influence and rebel dice.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct AreaDef {
    pub id: Id,
    pub name: String,
    /// `"europe"` or the name of a distant continent.
    pub continent: Id,
    /// Distant areas stop movement and count double for NPR capacity.
    pub distant: bool,
    /// Religion of the area (for religious dissent).
    pub religion: Religion,
    /// Land neighbours. Must be listed on both sides.
    pub neighbours: Vec<BorderDef>,
    /// Sea zones this area touches.
    pub seas: Vec<Id>,
    /// Exploration number of a distant Territory (1-3, matched by the exploration die); 0 for
    /// none.
    pub explore: u8,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct BorderDef {
    pub area: Id,
    /// A mountain border lets only 3 units cross per activation.
    pub mountain: bool,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ProvinceSize {
    #[default]
    Small,
    Large,
}

impl ProvinceSize {
    /// Tax value: small 1, large 2.
    pub fn tax_value(self) -> i32 {
        match self {
            ProvinceSize::Small => 1,
            ProvinceSize::Large => 2,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Terrain {
    #[default]
    Plains,
    Forest,
    Hills,
    Mountains,
    Marsh,
    Desert,
    Steppe,
    Jungle,
}

#[derive(
    Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord,
)]
pub enum Religion {
    #[default]
    Catholic,
    Protestant,
    CounterReformed,
    Orthodox,
    Sunni,
    Shia,
    Pagan,
    /// Revolutionary Ideology (Age IV): as an area's faith it lies on top of the area's own
    /// religion token (see `Area::revolution`); as a State Religion it comes with the
    /// Revolutionary Regime government form.
    Revolutionary,
}

impl Religion {
    /// Catholic, Counter-Reformed, Protestant or Orthodox (marriages need both or neither).
    pub fn christian(self) -> bool {
        matches!(
            self,
            Religion::Catholic
                | Religion::CounterReformed
                | Religion::Protestant
                | Religion::Orthodox
        )
    }

    /// Catholic, Counter-Reformed included (15.0): the faith of the Papal Curia.
    pub fn catholic(self) -> bool {
        matches!(self, Religion::Catholic | Religion::CounterReformed)
    }

    pub fn muslim(self) -> bool {
        matches!(self, Religion::Sunni | Religion::Shia)
    }
}

/// What a realm has on a province: a town, a vassal token, or nothing yet.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Holding {
    /// Small or large town matching the province size.
    #[default]
    Town,
    Vassal,
    /// Owned by nobody (an undiscovered or uncolonised land).
    None,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ProvinceDef {
    pub id: Id,
    pub name: String,
    pub area: Id,
    pub size: ProvinceSize,
    pub terrain: Terrain,
    pub religion: Religion,
    /// The sea zone its port faces, if it has one.
    pub port: Option<Id>,
    /// A large port counts 2 for naval capacity.
    pub large_port: bool,
    /// An island needs a ship in a facing sea zone to be besieged.
    pub island: bool,
    /// Realms whose flag is printed here (cores).
    pub cores: Vec<Id>,
    /// Current owner; `None` for unclaimed land.
    pub owner: Option<Id>,
    pub holding: Holding,
    /// Drawn outline (one or more rings) and label position.
    pub shape: Vec<Vec<Point>>,
    pub site: Point,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct SeaZoneDef {
    pub id: Id,
    pub name: String,
    pub neighbours: Vec<Id>,
    /// Galleys may only be built for and used in marked seas.
    pub galleys: bool,
    /// A sea next to a distant continent.
    pub distant: bool,
    /// Trade Protection slots (12.3): Light Ships that may protect trade here at once.
    pub trade_protection: u8,
    pub shape: Vec<Vec<Point>>,
    pub site: Point,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RealmKind {
    /// A Player Realm, playable by a human or a bot.
    #[default]
    Player,
    /// A Non-Player Realm.
    NonPlayer,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RealmDef {
    pub id: Id,
    pub name: String,
    pub kind: RealmKind,
    pub colour: (u8, u8, u8),
    pub capital: Id,
    pub religion: Religion,
    /// Starting ruler (a character id); Player Realms must have one.
    pub ruler: Option<Id>,
    pub advisors: Vec<Id>,
    pub stability: i32,
    pub prestige: i32,
    /// A dynamic NPR that can expand by events.
    pub dynamic: bool,
    /// Player Realms: the continents they start having discovered (Europe is always known).
    pub discovered: Vec<Id>,
    /// Player Realms: the Trade Nodes (by id) where its merchants stand at the start (12.4).
    pub merchants: Vec<Id>,
    /// Catholic Player Realms: cardinals on the Papal Curia track at the start (19.1). The
    /// track is filled left to right in the order the realms are listed.
    pub cardinals: u8,
}

#[derive(
    Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord,
)]
pub enum MpKind {
    #[default]
    Adm,
    Dip,
    Mil,
}

impl MpKind {
    pub const ALL: [MpKind; 3] = [MpKind::Adm, MpKind::Dip, MpKind::Mil];
    pub fn index(self) -> usize {
        self as usize
    }

    /// The type's name as the rulebook writes it.
    pub fn name(self) -> &'static str {
        match self {
            MpKind::Adm => "Administrative",
            MpKind::Dip => "Diplomatic",
            MpKind::Mil => "Military",
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CharacterKind {
    /// Round portrait: ruler, general or admiral.
    #[default]
    Leader,
    /// Square portrait: advisor of one monarch-power type.
    Advisor(MpKind),
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CharacterDef {
    pub id: Id,
    pub name: String,
    pub kind: CharacterKind,
    /// Skills (adm, dip, mil). An advisor uses only its own type.
    pub skills: (u8, u8, u8),
    /// Extra battle dice as a general or admiral.
    pub dice: u8,
    /// Advisor: ducats to appoint and per Round. Military leader: mil to appoint (1-2).
    pub cost: u8,
    /// The mortality icon next to the portrait (1-6), if any.
    pub mortality: Option<u8>,
    /// The H icon: starts with one ill-health token.
    pub ill: bool,
    /// Historical rulers belong to the realm whose flag they carry.
    pub realm: Option<Id>,
}

/// A card-side effect. Modders combine these; a mod cannot run code.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Effect {
    Ducats(i32),
    Mp(MpKind, i32),
    /// Monarch power of the realm's choice (the bot or player picks the type).
    AnyMp(i32),
    Stability(i32),
    Prestige(i32),
    /// Add unrest to this many of the realm's provinces, towns or vassals (the realm picks).
    Unrest(u8),
    /// Add unrest to this many of the realm's towns or vassals in one area (by area id).
    UnrestIn(Id, u8),
    /// Add unrest to this many of the realm's towns, never a vassal (Phase 3 H: a realm still
    /// at war "must add unrest to 2 of their towns").
    TownUnrest(u8),
    /// Add unrest to this many of the realm's towns in one area, never a vassal (Phase 3 G:
    /// "1 of their own towns in each area" of religious dissent).
    TownUnrestIn(Id, u8),
    /// Take loans (a forced loan if the rules call it so).
    Loan(u8),
    /// Ill health to the realm's ruler.
    RulerIllHealth,
    /// Manpower gained (negative: exhausted).
    Manpower(i32),
    /// Place a claim in an area.
    Claim(Id),
    /// Place the realm's core token in an area (7.6: "Sometimes a core token may be placed via
    /// a Mission reward"): every province there becomes its core, displacing NPR markers and
    /// other core tokens; nothing happens where all of them are its cores already.
    CoreToken(Id),
    /// Place a casus belli on a realm's capital.
    CasusBelli(Id),
    /// Place a religion token in an area (by id): the area now belongs to that faith (e.g. a
    /// Counter-Reformed token after the Council of Trent).
    Faith(Id, Religion),
    /// The Comet Sighted Event (17.3): the Milestones on display are discarded and new ones
    /// drawn from those left in the current Age's decks (a deck left empty keeps its card).
    ReplaceMilestones,
    /// Gain one cardinal on the Papal Curia track (19.1; a "Man of the Church" card). Only a
    /// Catholic Player Realm that does not control Roma gains it.
    Cardinal,
    /// Expand this Trade Node (by id; 12.5, an Event or a Mission naming the node): from now on
    /// its income is read from the expanded column. A node expanded already stays so.
    ExpandNode(Id),
    /// Expand a Trade Node of the realm's choice (the "Commercial Growth" card): one not yet
    /// expanded where it has a merchant or a valid connection (house rule). Asks a choice, so
    /// it is no Mission or Milestone reward.
    ExpandAnyNode,
    /// Integrate Area, the action of a Development card (7.6): a core token in an area of the
    /// realm's choice where it owns every province and not all are its cores yet. Asks a choice,
    /// so it is no Mission or Milestone reward (those name the area: `CoreToken`); a card
    /// carrying it cannot be played while no area qualifies.
    IntegrateArea,
}

/// Bottom-row symbols on an event card, resolved left to right (FACTS section 3).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum EventSymbol {
    /// Characters with this mortality icon gain ill health.
    Mortality(u8),
    Unrest,
    NativeUprising,
    LostAtSea,
    Pirates,
    CardinalDies,
    Attrition,
    DisloyalVassals,
    /// A dynamic NPR (by realm id) expands.
    DnprExpansion(Id),
    SpreadReligion,
    SpreadRevolution,
    PowerStruggle,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EventKind {
    /// Drives character mortality; 8 per Age.
    #[default]
    A,
    B,
    /// Carries a realm flag (the `realm` field).
    Realm,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct EventOptionDef {
    pub label: String,
    pub effects: Vec<Effect>,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct EventDef {
    pub id: Id,
    pub name: String,
    /// Age I-IV as 1-4.
    pub age: u8,
    /// Which half of the Age deck: 1, 2, or 0 for (X).
    pub half: u8,
    pub kind: EventKind,
    /// The flag on a realm event.
    pub realm: Option<Id>,
    pub text: String,
    /// Option A and, where printed, option B.
    pub options: Vec<EventOptionDef>,
    pub symbols: Vec<EventSymbol>,
    /// The historical ruler shown on the card.
    pub ruler: Option<Id>,
    /// A card that shows several historical rulers lists them all here instead of `ruler`
    /// (seed 002: the realm "must replace your current Ruler with any Ruler on this card").
    /// Left out of the scenario's hash when empty, so saves of one-ruler content still open.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rulers: Vec<Id>,
    /// The realm whose player makes the A/B choice when the card names one other than the
    /// Active Player (seed 002: "Whenever an effect on an Event says 'you,' that effect applies
    /// to the Active Player or to the player required to make an A/B-choice"): the chosen
    /// option's effects are that realm's. Left out, or naming a realm no player holds, the
    /// Active Player chooses. Left out of the scenario's hash when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chooser: Option<Id>,
}

impl EventDef {
    /// Every historical ruler shown on the card, in the order written (`ruler`, then `rulers`).
    pub fn shown_rulers(&self) -> impl Iterator<Item = &Id> {
        self.ruler.iter().chain(self.rulers.iter())
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ActionCardDef {
    pub id: Id,
    pub name: String,
    pub deck: MpKind,
    /// Cost in the deck's monarch power.
    pub cost: u8,
    /// Extra ducats for strong cards.
    pub ducats: u8,
    pub text: String,
    pub effects: Vec<Effect>,
    /// The character printed at the bottom (a character id).
    pub character: Option<Id>,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct IdeaDef {
    pub id: Id,
    pub name: String,
    pub kind: MpKind,
    pub basic: bool,
    pub age: u8,
    pub cost: u8,
    pub text: String,
    /// A Government-form Idea: a realm holds only one at a time.
    pub government: bool,
    /// What the Idea does once researched.
    pub effects: Vec<IdeaEffect>,
    /// Effects applied once, when the Idea is researched (5.1: "Apply any immediate effects in
    /// the Idea's description"), in order, asking where they ask. Left out of a written
    /// scenario when empty, so that the scenario hash of files without it stays as it was.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub immediate: Vec<Effect>,
}

/// What a researched Idea does. Modders combine these.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum IdeaEffect {
    /// +n to the realm's skill level, and so its monarch-power income, in one type (7.1).
    Skill(MpKind, i32),
    /// +n ducats of income in Phase 4 B.
    Income(i32),
    /// +n prestige in Phase 4 E while stability is positive.
    StablePrestige(i32),
    /// The realm may recruit artillery (the "Cannons" Idea of FACTS section 2).
    Artillery,
    /// In battle each outlined infantry face counts as two infantry matches (Tercios, Line
    /// Infantry).
    Tercios,
    // The variants below were added with the 1444 Ideas of issue 6; their values are house
    // rules (docs/rules_notes.md, "Ideas").
    /// Increase Stability costs n adm less (at least 1).
    StabilityCost(i32),
    /// +n manpower on the tracks when manpower is counted in Phase 5 A.
    Manpower(i32),
    /// +n influence a realm may place in one area per Influence action.
    Influence(u8),
    /// Advisors cost n ducats less to appoint and to keep each Round (at least 1).
    AdvisorCost(i32),
    /// +n re-rolls of the exploration die per Explore action.
    ExploreRerolls(u8),
    /// "Quest for the New World": Explore may first move a Light Ship to a distant sea, and a
    /// discovery may be next to one of the realm's ships.
    QuestForTheNewWorld,
    /// +n interest tokens a realm may hold before it can take no more loans (and goes bankrupt).
    Loans(u8),
    /// +n dice in every naval battle the realm fights.
    NavalDice(u8),
    /// Generals and admirals cost n mil less to appoint (at least 0).
    LeaderCost(i32),
    /// +n ducats from each Trade action (above the usual cap of 5).
    TradeIncome(i32),
    /// +n alliances and +n marriages above the caps of 3 (the "Cabinet" Idea of FACTS 4).
    Alliances(u8),
    /// +n cards kept at the Phase 5 C hand limit.
    HandLimit(u8),
    /// "Revolutionary Regime" (a government form, Age IV): the realm's State Religion becomes
    /// Revolutionary and a Revolutionary token goes on its capital area; researching another
    /// government form later ends it (15.0).
    Revolutionary,
}

/// Something the engine checks against the board, for Missions and Milestones. Counts are
/// "at least"; provinces count when the realm owns them (towns and vassals alike). Modders
/// combine these; a mod cannot run code.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Condition {
    /// Own this province.
    Province(Id),
    /// Own at least n provinces of this area.
    ProvincesIn(Id, u8),
    /// Own every province of this area.
    WholeArea(Id),
    /// Own at least n provinces in these areas together (a region).
    ProvincesInAreas(Vec<Id>, u8),
    /// Own at least n provinces in all.
    Provinces(u8),
    /// Own at least n provinces on distant continents.
    DistantProvinces(u8),
    /// Tax income (small town 1, large town 2, vassal 1/2) of at least n.
    TaxIncome(u8),
    /// At least n towns on the board.
    Towns(u8),
    /// At least n vassals.
    Vassals(u8),
    /// At least n core tokens (Integrate Area).
    CoreTokens(u8),
    /// At least n claims, each core token counting as one (7.6: "Each F in play counts as a G
    /// in its Area").
    Claims(u8),
    /// A claim or core token in this area.
    ClaimOn(Id),
    /// At least n alliances.
    Alliances(u8),
    /// At least n royal marriages.
    Marriages(u8),
    /// An alliance with this realm.
    AlliedWith(Id),
    /// A royal marriage with this realm.
    MarriedTo(Id),
    /// At least n influence in this area.
    InfluenceIn(Id, u8),
    /// At least n Ideas researched.
    Ideas(u8),
    /// At least n Ideas of this type researched.
    IdeasOf(MpKind, u8),
    /// This Idea researched.
    Idea(Id),
    /// Stability of at least n (-3 to +3).
    Stability(i32),
    /// At least n ducats in the treasury.
    Treasury(i32),
    /// No loan (interest) tokens.
    NoLoans,
    /// At least n prestige.
    Prestige(i32),
    /// At least n monarch power of this type in the pool.
    MonarchPower(MpKind, u8),
    /// No town or vassal of the realm shows unrest, and no Rebel Town stands on its provinces.
    NoUnrest,
    /// Not at war with anyone.
    AtPeace,
    /// Has won a war against this realm this game (as the victor setting the terms).
    WonWarAgainst(Id),
    /// Has won at least n wars this game.
    WarsWon(u8),
    /// At least n land units (regulars and mercenaries) on the board.
    Army(u8),
    /// At least n ships on the board.
    Fleet(u8),
    /// This continent discovered (Explore).
    Discovered(Id),
    /// This State Religion.
    Religion(Religion),
    /// At least n advisors appointed.
    Advisors(u8),
    /// At least one of these.
    AnyOf(Vec<Condition>),
}

/// The four Milestone decks of each Age (17.3).
#[derive(
    Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord,
)]
pub enum MilestoneCategory {
    #[default]
    Expansion,
    Politics,
    Warfare,
    Economics,
}

impl MilestoneCategory {
    pub const ALL: [MilestoneCategory; 4] = [
        MilestoneCategory::Expansion,
        MilestoneCategory::Politics,
        MilestoneCategory::Warfare,
        MilestoneCategory::Economics,
    ];
}

/// A Mission card (17.2): a goal one realm pursues in secret; scored when announced.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MissionDef {
    pub id: Id,
    pub name: String,
    /// Realms whose Mission deck holds it; empty: a generic Mission in every Player Realm's deck.
    pub realms: Vec<Id>,
    /// A green starting Mission: one of those picked at setup.
    pub starting: bool,
    /// Mission ids of which at least one must be completed before this one can be picked.
    pub requires: Vec<Id>,
    /// Prestige scored on completion (top right corner).
    pub prestige: u8,
    pub text: String,
    /// All must hold at the moment of scoring.
    pub conditions: Vec<Condition>,
    /// Effects on completion (ignored at final scoring). Only effects that ask no choice.
    pub reward: Vec<Effect>,
}

/// A Milestone card (17.3): a public goal; the first three realms to complete it score 5, 3
/// and 1 prestige, and every one of them the reward.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct MilestoneDef {
    pub id: Id,
    pub name: String,
    pub category: MilestoneCategory,
    /// Age I-IV as 1-4: the deck it belongs to.
    pub age: u8,
    pub text: String,
    pub conditions: Vec<Condition>,
    /// Monarch power or ducats for every realm completing it.
    pub reward: Vec<Effect>,
}

/// A Trade Node (12.2): a circle on the board where merchants trade.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TradeNodeDef {
    pub id: Id,
    pub name: String,
    /// A Maritime node (blue) touches sea zones; an Inland node (brown) sits in an area.
    pub maritime: bool,
    /// Inland: the area it sits in.
    pub area: Option<Id>,
    /// Maritime: the sea zones it touches (Light Ships protecting trade there count for it).
    pub seas: Vec<Id>,
    /// Expanded from the start (Commercial Growth, a Mission or an Event expand it in play):
    /// its income is read from the expanded column.
    pub expanded: bool,
    /// Where the client draws it.
    pub site: Point,
}

/// A Key Province of a node on a Trade Card: +1 trade power to its owner, +1 per '+'.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TradeKeyDef {
    pub province: Id,
    /// The '+' signs printed next to it.
    pub plus: u8,
}

/// One node a Trade Card names, with its Key Provinces and optional secondary node.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TradeCardNodeDef {
    pub node: Id,
    /// Up to 4 Key Provinces.
    pub keys: Vec<TradeKeyDef>,
    /// The node printed in parentheses below it, if any (12.5, Secondary Trade Nodes).
    pub secondary: Option<Id>,
    /// What a realm needs besides a merchant to collect income here (12.1, Additional
    /// Requirements).
    pub requirement: TradeRequirement,
}

/// A Trade Card node's additional requirement (12.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TradeRequirement {
    #[default]
    None,
    /// A town or vassal (a colony is a town) of the realm on one of the node's Key Provinces.
    Holding,
    /// The realm owns one of the node's Key Provinces.
    OwnKey,
}

/// One income row of a Trade Card: the trade power it needs, and its ducats for a node not
/// expanded (the green column) and for an expanded one (the red column).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TradeRowDef {
    pub power: u8,
    pub ducats: i32,
    pub expanded: i32,
}

/// A Trade Card (12.1).
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TradeCardDef {
    pub id: Id,
    /// The trade good.
    pub name: String,
    /// 2 or 3 nodes.
    pub nodes: Vec<TradeCardNodeDef>,
    /// Income rows, best first.
    pub rows: Vec<TradeRowDef>,
    /// Distant continents (as area `continent` names) whose first discovery shuffles this card
    /// into the Trade Deck (12.6); empty: the card starts in the deck.
    pub continents: Vec<Id>,
    /// Gold: inflation when its income exceeds half the realm's tax income (12.1).
    pub gold: bool,
    /// Slaves: 1 prestige lost for using it in Age III or IV (12.1).
    pub slaves: bool,
}

/// A Power Struggle card (17.4): Battleground Areas where Player Realms compete for
/// prestige, and further criteria, scored in Phase 4 E while the card is Active.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct PowerStruggleDef {
    pub id: Id,
    pub name: String,
    pub text: String,
    /// Battleground Areas (area ids). In each, a Player Realm scores 1 prestige per tax value
    /// it controls (vassals half), 1 for being the only Player Realm with towns or vassals there
    /// (main map only) and 1 for an alliance or marriage there.
    pub battlegrounds: Vec<Id>,
    /// The additional criteria below the line, scored after the Battleground Areas.
    pub criteria: Vec<StruggleCriterionDef>,
}

/// One additional criterion of a Power Struggle: prestige for the realms that meet all its
/// conditions, and (usually a loss) for those that fail.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct StruggleCriterionDef {
    pub text: String,
    /// Player Realms it concerns (by id); empty: every Player Realm in play.
    pub realms: Vec<Id>,
    /// All must hold for the realm to meet the criterion.
    pub conditions: Vec<Condition>,
    /// Prestige for a realm that meets it.
    pub met: i32,
    /// Prestige for a realm that fails it (0 or negative, as printed).
    pub failed: i32,
}

/// A mod: content that replaces items with the same id, or adds new ones, on top of a scenario.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields, rename = "Mod")]
pub struct ModDef {
    pub id: String,
    pub name: String,
    /// The scenario id it applies to.
    pub base: String,
    pub options: Option<ScenarioOptions>,
    pub areas: Vec<AreaDef>,
    pub provinces: Vec<ProvinceDef>,
    pub sea_zones: Vec<SeaZoneDef>,
    pub realms: Vec<RealmDef>,
    pub characters: Vec<CharacterDef>,
    pub events: Vec<EventDef>,
    pub action_cards: Vec<ActionCardDef>,
    pub ideas: Vec<IdeaDef>,
    pub missions: Vec<MissionDef>,
    pub milestones: Vec<MilestoneDef>,
    pub trade_nodes: Vec<TradeNodeDef>,
    pub trade_cards: Vec<TradeCardDef>,
    pub power_struggles: Vec<PowerStruggleDef>,
}
