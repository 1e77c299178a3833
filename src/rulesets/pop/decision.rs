//! Decisions and actions: the one door through which humans, bots and replays change the game.
//!
//! The engine runs until someone must choose, then stops with a pending `Decision`.
//! `legal_actions` lists every legal answer; `apply` checks an answer, records it and runs on.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::id::Id;
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::model::UnitKind;

/// An answer to a decision. Serialized to RON in saves and replays.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// End your actions for this Round.
    Pass,
    /// Take the face-up Event in this slot of the display (0 = leftmost).
    TakeEvent { slot: u8 },
    /// Pick option A (0) or B (1) of the Event being resolved.
    ChooseOption { option: u8 },
    /// Pick the monarch-power type an effect applies to.
    ChooseMp { kind: MpKind },
    /// Pick a province (by content id) an effect applies to.
    ChooseProvince { province: Id },
    /// Minor action: take a Loan.
    TakeLoan,
    /// Minor action: repay a Loan.
    RepayLoan,
    /// Basic action: Increase Stability.
    IncreaseStability,
    /// Basic action (5.1): Research this Idea (by id).
    ResearchIdea { idea: Id },
    /// Basic action: Suppress Unrest, starting with this province (1 mil each).
    SuppressUnrest { province: Id },
    /// Phase 1 B: draw an action card from this deck.
    DrawCard { deck: MpKind },
    /// Phase 1 C: keep this drawn card for 2 ducats.
    KeepCard { card: Id },
    /// Phase 1 C: let this drawn card go; Phase 5 C: discard it from the hand.
    DiscardCard { card: Id },
    /// Minor action (also a Reaction): appoint the character on this card in hand.
    Appoint { card: Id },
    /// Phase 4 A: fire an advisor (by character id) to save its upkeep.
    FireAdvisor { character: Id },
    /// Phase 4 A: disband one of your units of this kind at this place (area or sea zone).
    DisbandUnit {
        place: Id,
        kind: UnitKind,
        mercenary: bool,
    },
    /// Phase 4 A: bring your ships at sea in `from` back to the friendly port area `to`, free.
    RecallShips { from: Id, to: Id },
    /// Take the historical ruler offered.
    AcceptRuler,
    /// Take this one of the historical rulers an Event shows (by character id).
    TakeRuler { character: Id },
    /// Phase 4 C: pay corruption with this much adm, the rest as loan tokens.
    PayCorruption { adm: u8 },
    /// Phase 4 C: throw ducats away down to 49 instead of paying corruption.
    DiscardDucats,
    /// Pick a realm (by content id), e.g. the colour of a liberated territory.
    ChooseRealm { realm: Id },
    /// Remove 1 influence from this area instead of a vassal gaining unrest.
    RemoveInfluence { area: Id },
    /// Say no to an optional choice (done cutting costs, keep the unrest, no reaction, ...).
    Decline,
    /// Basic action (1 mil): declare war on this realm (by content id).
    DeclareWar { target: Id },
    /// Basic action (1 mil plus the units): recruit in this area; the units follow one by one.
    Recruit { area: Id },
    /// One unit of the recruitment going on: its kind, and whether it is a mercenary.
    RecruitUnit { kind: UnitKind, mercenary: bool },
    /// Basic action (Activate, 1 mil): the army in `from` marches to `to`, up to two areas.
    Move { from: Id, to: Id },
    /// Basic action (Activate, 1 mil): the fleet at `from` (a port's area or a sea zone) sails
    /// to `to`, up to two spaces.
    Sail { from: Id, to: Id },
    /// Basic action (1 mil, plus 1 for each extra unit): siege this province with the army in
    /// its area; more provinces of the area may follow.
    Siege { province: Id },
    /// Minor action (1-2 mil): the leader on this card in hand commands the army or fleet at
    /// `place` as general or admiral.
    /// `fleet`: in a port area holding both the realm's army and its fleet, the leader becomes
    /// the fleet's admiral instead of the army's general.
    AppointGeneral {
        card: Id,
        place: Id,
        #[serde(default)]
        fleet: bool,
    },
    /// Minor action: a serving leader takes command at `place` (the ruler as Ruler General,
    /// free; a general or admiral moving to another army or fleet).
    CommandArmy { character: Id, place: Id },
    /// Minor action (1-2 mil): the leader on this card in hand becomes a general (`fleet`: an
    /// admiral) on a free Army (Fleet) Mat that has no units yet (7.2: a Military Leader is
    /// tucked under a mat, "even one without any Units"); it takes command later.
    AppointToEmptyMat {
        card: Id,
        #[serde(default)]
        fleet: bool,
    },
    /// Minor action, free: a general or admiral leaves the army or fleet it commands for
    /// another mat without units (7.2: "a General moved to another Army (even one without any
    /// Units)"); the army stays without a general.
    ToEmptyMat { character: Id },
    /// Leave the battle for this area (costs one more casualty).
    Retreat { to: Id },
    /// Say yes (answer a Call to Arms, surrender, accept a deal offered).
    Accept,
    /// The terms the victor imposes (one per war).
    Peace { term: PeaceTerm },
    /// Player-to-player diplomacy (5.1): offer a deal to another Player Realm.
    Propose { realm: Id, offer: Offer },
    /// Basic action (5.1): Explore, 1 dip + 1 mil.
    Explore,
    /// Explore with "Quest for the New World": first sail one Light Ship from `from` (a port's
    /// area or a sea zone) to the distant sea zone `to`, then roll the exploration die.
    ExploreWithShip { from: Id, to: Id },
    /// Explore: place a claim on this discovered area.
    Discover { area: Id },
    /// Explore: pay 1 dip to roll the exploration die again.
    Reroll,
    /// Basic action (5.1): Change National Focus. `into`: the pool that gains 1 MP from each of
    /// the pools in `from`; `None` to only exchange cards.
    ChangeFocus {
        into: Option<MpKind>,
        from: Vec<MpKind>,
    },
    /// Basic action (5.1, Age II on): Change State Religion (Catholic <-> Protestant).
    ChangeReligion,
    /// Basic action (5.1): a Catholic realm embraces the Counter-Reformation for 3 adm.
    CounterReformation,
    /// Basic action: Influence in this area for 1 dip.
    Influence { area: Id },
    /// Influence: another cube in this area for 3 ducats.
    InfluenceForDucats { area: Id },
    /// Basic action: Forge Alliance with this Non-Player Realm.
    ForgeAlliance { realm: Id },
    /// Basic action: Fabricate Claim in this area (2 dip).
    FabricateClaim { area: Id },
    /// Basic action: Trade (1 dip, an upright merchant): reveal 3 Trade Cards.
    Trade,
    /// Trade step 2: discard the revealed Trade Cards and take 2 ducats.
    TakeTradeDucats,
    /// Trade step 3: one Light Ship sails from `from` (a port's area or a sea zone) to the sea
    /// zone `to`; `protect` lays it on a Trade Protection slot there.
    TradeShip { from: Id, to: Id, protect: bool },
    /// Trade steps 4-6: trade with this revealed card (by id) at this node (a node it names, or
    /// a secondary one). `merchant`: the node whose upright merchant moves there; `None` for the
    /// merchant already there or one off the board.
    ChooseTradeCard {
        card: Id,
        node: Id,
        merchant: Option<Id>,
    },
    /// Gold inflation: pay 1 adm (`adm`), or take an interest token.
    PayInflation { adm: bool },
    /// Basic action (Administrative): Convert Area, this area takes the realm's State Religion.
    ConvertArea { area: Id },
    /// Integrate Area, a core token on this area: the answer to a Development card's question.
    IntegrateArea { area: Id },
    /// Change State Religion: place one of the influence it moved in this area of the new
    /// faith.
    PlaceInfluence { area: Id },
    /// Defending the HRE: the Imperial Subject's part (18.3).
    PayLevy { levy: LevyKind },
    /// Basic action: play this Action Card from the hand for its effects.
    PlayCard { card: Id },
    /// Basic action (Administrative): found a colony on this vacant Territory, paying 4 in adm
    /// and colonists, `colonists` of them from the pool.
    Colonize { province: Id, colonists: u8 },
    /// Phase 1 D: pick this Mission (by id) from your deck into your hand.
    PickMission { mission: Id },
    /// Phase 1 D: put Mission `give` back into your deck and pick `take` instead.
    SwapMission { give: Id, take: Id },
    /// Complete this Mission in your hand: its requirements hold now (never in Phase 1).
    ClaimMission { mission: Id },
    /// Complete this Milestone on display.
    ClaimMilestone { milestone: Id },
    /// End of Age, least prestige: replace the new Milestone `old` with `new` from its deck.
    SwapMilestone { old: Id, new: Id },
    /// End of Age, least prestige: replace the new Idea `old` with `new` of the same type.
    SwapIdea { old: Id, new: Id },
    /// Call to Arms (minor action, also a Reaction): call this ally (by content id) into the
    /// war just declared by or on you.
    CallToArms { ally: Id },
    /// Minor action (1 mil per 3 units): move this many exhausted units back to the available
    /// manpower.
    ReplenishManpower { units: u8 },
    /// Minor action: Cut Ties, giving up one influence cube, a claim or an alliance.
    CutTies { tie: Tie },
    /// Change National Focus: instead of a draw, buy this card from the top 5 of its deck's
    /// discard pile for 1 MP of that type and 2 ducats (once per action).
    TakeDiscard { card: Id },
    /// Papal Action (19.3, basic action, 2 dip): the Papal Controller excommunicates the ruler
    /// of this Catholic realm (by content id).
    Excommunicate { realm: Id },
    /// Papal Action (19.3, basic action, 2 dip): the Papal Controller calls a Crusade against
    /// this area; `war`: a Muslim realm with provinces there on which it declares war at once,
    /// free, gaining 1 prestige and 2 mercenary infantry (`None`: no war now).
    CallCrusade { area: Id, war: Option<Id> },
    /// Increase Imperial Authority (18.1, basic action of the Emperor): 1 + E adm for +1 E.
    IncreaseAuthority,
    /// Pick a Trade Node (by content id) an effect applies to (Commercial Growth expands it, a
    /// Pirates symbol puts its ship there).
    ChooseNode { node: Id },
    /// Pick the cardinal in this regular slot of the Papal Curia track (0 = leftmost, Roma
    /// never): the one that dies, or the one an excommunicated realm loses.
    ChooseCardinal { slot: u8 },
    /// Pick an area (by content id) a symbol applies to: Disloyal Vassals' wavering area, or
    /// where the Active Player's one rebel die is rolled.
    ChooseArea { area: Id },
    /// Place a token of this infectious faith in this area (Spread of Religious Ideas).
    PlaceFaith {
        area: Id,
        faith: crate::rulesets::pop::content::schema::Religion,
    },
    /// Basic action, optional rule 5 (14.4): Change State Religion to the capital area's
    /// faith while religious rebels hold the capital and at least 2 more provinces (beside the
    /// ordinary `ChangeReligion`, which stays open).
    AdoptRebelFaith,
}

/// What a Cut Ties minor action gives up.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// One of your influence cubes in this area goes back to your supply.
    Influence { area: Id },
    /// Your claim on this area goes back to your supply.
    Claim { area: Id },
    /// The alliance with this realm ends, with the penalties of ending an alliance.
    Alliance { realm: Id },
}

/// Peace terms of FACTS section 5 the engine offers the victor.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PeaceTerm {
    /// Both sides give back every occupied province; every Player Realm loses 1 prestige.
    WhitePeace,
    /// Occupied provinces change hands; capitals go back for a ransom of 10 ducats.
    KeepBoard,
    /// Occupied provinces go back; the victor gains 2 prestige per tax value returned (at most
    /// 10), the loser loses as much. Needs the enemy capital or a surrender.
    Humiliation,
    /// A Non-Player Realm becomes the victor's vassal: needs its capital and a province in
    /// another area.
    Vassalize,
    /// A Non-Player Realm beaten totally joins the victor's realm.
    Annex,
    /// The loser takes the victor's religion: victor +3 prestige, loser -5 and 4 influence.
    ForceConversion,
}

/// How an Imperial Subject pays its part when the Emperor Defends the HRE (18.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevyKind {
    /// Exhaust 2 manpower (at most half of it).
    Manpower,
    /// Lose 6 ducats (at most half the tax income).
    Ducats,
    /// Lose 1 prestige.
    Prestige,
    /// Place a Casus Belli on the aggressor's capital.
    CasusBelli,
}

/// What a Player-to-Player Diplomacy action offers (5.1). Several transactions may go
/// together, except Monetary Support with Buy/Sell Provinces.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[serde(default)]
pub struct Offer {
    /// Enter into an Alliance.
    pub alliance: bool,
    /// Enter into a Royal Marriage; both realms draw an Action Card of this type.
    pub marriage: Option<MpKind>,
    /// Monetary Support: ducats the active realm gives (negative: receives).
    pub ducats: i32,
    /// Provinces changing hands (all owned by the same side of the deal).
    pub provinces: Vec<Id>,
    /// Ducats the buyer pays for all the provinces.
    pub price: i32,
}

/// What the pending decision asks for.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum DecisionKind {
    /// A turn in the Action phase: one basic action or card, any minor actions, or pass.
    Turn,
    /// A final turn after the passing money ran out: one more action.
    LastAction,
    /// A last turn only to take the mandatory Event.
    LastEvent,
    /// Choose option A or B of an Event.
    EventOption { event: Id },
    /// Choose the type of monarch power an effect gives or takes.
    MpType { amount: i32 },
    /// Choose a town to gain unrest.
    UnrestTown,
    /// Phase 1 B: draw a card from a deck (`left` more to draw).
    DrawCard { left: u8 },
    /// Phase 1 C: keep this card for 2 ducats, or let it go.
    KeepCard { card: Id },
    /// Phase 5 C: discard down to the hand limit.
    HandLimit,
    /// The ruler died: appoint a leader from the hand at once (a Reaction), or enter Interregnum.
    ReplaceDeadRuler,
    /// A historical ruler of your realm appeared on another player's Event: take it or not.
    HistoricalRuler { character: Id },
    /// An Event shows several historical rulers of your realm: take one (`must`: your own
    /// Event, one of them has to be taken) or decline.
    HistoricalRulers { characters: Vec<Id>, must: bool },
    /// Stability +2 or higher in Phase 3 H: you may remove 1 unrest.
    RemoveUnrest,
    /// Suppress Unrest: another province for 1 mil, or stop.
    SuppressMore,
    /// After passing: repay loans with the passing money, or end the turn.
    AfterPass,
    /// Phase 4 A: fire advisors to cut costs, or be done.
    CutCosts,
    /// Rebel die "remove 1 unrest": which province of the area.
    RebelRemoveUnrest { area: Id },
    /// Rebel die "rebellion": which unrest province of the area the rebels take.
    AssignRebellion { area: Id },
    /// Rebel die "exhaust 1 manpower": from Available manpower (Accept) or which deployed
    /// regular (DisbandUnit).
    RebelExhaust { area: Id },
    /// 14.3: several Player Realms have unrest in the area; the one with the lowest tax income
    /// there chooses which province the rebels besiege.
    RebelSiege { area: Id },
    /// A liberated territory becomes a province of which Non-Player Realm.
    LiberationColour { province: Id },
    /// Religious dissent in a vassal area: a vassal gains unrest, or 1 influence goes.
    VassalDissent { area: Id },
    /// Phase 4 C: corruption of `charge` adm on a large treasury.
    Corruption { charge: u8 },
    /// Recruiting in this area: another unit, or done.
    RecruitUnits { area: Id },
    /// Sieging in this area: another province within the army's strength, or done.
    SiegeMore { area: Id },
    /// A rebel town of a realm you are at war with was stormed (14.4): place your own town on
    /// the province (`Accept`, unrest side up) or leave it to its owner (`Decline`).
    OccupyRebelTown { province: Id },
    /// War declared and no battle followed: a free Activate or Recruit, or none.
    FreeActivation,
    /// Declare War names "any number of Realms" in one action (EUP-W 5.5b): another target
    /// (`DeclareWar`, no more mil), or no more (`Decline`); the declaration's steps then run for
    /// every target chosen.
    MoreWarTargets,
    /// Ships moved to `sea` (Naval Transport after a Naval Movement, 5.5c): carry an army
    /// across the bridge through that sea zone (a `Move`), or not.
    NavalTransport { sea: Id },
    /// A battle round is over and both sides still stand: retreat, or fight on.
    BattleRetreat { place: Id },
    /// A war was declared by or on you: call your allies to arms against `enemy` one by one,
    /// or stop.
    SendCalls { enemy: Id, defensive: bool },
    /// An ally calls you to arms against `enemy`: join the war, or refuse.
    CallToArms {
        ally: Id,
        enemy: Id,
        defensive: bool,
    },
    /// You answered the Non-Player Realm `ally`'s Call to Arms: make it an Active Ally, lending
    /// you `units` allied infantry while it defends with half its military capacity and stops
    /// invading on its own (Accept), or leave it a plain ally (Decline).
    ActivateAlly { ally: Id, units: u8 },
    /// The war with `enemy` is inconclusive: surrender, or fight on.
    Surrender { enemy: Id },
    /// You won the war against `enemy`: choose the peace terms.
    PeaceTerms { enemy: Id },
    /// Another player offers a deal: accept or decline.
    Proposal { from: Id, offer: Offer },
    /// A Royal Marriage was made: draw an Action Card of this type (`Accept`) or not
    /// (`Decline`) (5.1: "both players may draw").
    MarriageDraw { kind: MpKind },
    /// Explore: the exploration die shows `face` (`mark`: the failure mark); discover, re-roll
    /// (`rerolls` used so far) or give up.
    Exploration { face: u8, mark: bool, rerolls: u8 },
    /// Change National Focus: discard another card (`discarded` so far, at most 3), or stop.
    FocusDiscard { discarded: u8 },
    /// Change National Focus: draw a card from a deck (`left` more to draw).
    FocusDraw { left: u8 },
    /// Influence: another cube (1 dip or 3 ducats), or stop.
    InfluenceMore,
    /// Trade: the revealed cards (by id); pick a card and node, move a Light Ship first (unless
    /// one moved already), or take 2 ducats.
    TradeCards { cards: Vec<Id>, ship_moved: bool },
    /// Gold inflation after trading with a Gold card: pay 1 adm or take an interest token.
    GoldInflation,
    /// Phase 1 D: pick Missions up to 2 in hand (`held` now), swap one, or be done.
    Missions { held: u8 },
    /// The Age ends: complete Missions or Milestones before the Milestones are replaced.
    AgeEndClaims,
    /// End of Age (Phase 5 D step 4), least prestige: replace one new Idea or Milestone with
    /// one of your choice, or not.
    AgeSwap,
    /// End of Age (Phase 5 D step 5): a realm that scored for its royal marriages ends one of
    /// them (`ChooseRealm` naming the partner; a Non-Player Realm's while it has one) or pays 2
    /// dip to keep them all (`Accept`).
    AgeMarriages,
    /// Commercial Growth: choose the Trade Node to expand.
    ExpandNode,
    /// A Development card's Integrate Area: choose the area for the core token.
    IntegrateArea,
    /// Phase 5 B (18.2): the Emperor places one of its `left` Imperial Influence cubes
    /// (answered with `PlaceInfluence`).
    ImperialInfluence { left: u8 },
    /// An Emperor with its capital in the Empire, attacked directly from outside: take up
    /// Defending the HRE (`Accept`) or not (`Decline`) (18.4).
    DefendTheHre { aggressor: Id },
    /// Defending the HRE (18.3): an Imperial Subject chooses how it pays its part against the
    /// aggressor (answered with `PayLevy`).
    ImperialLevy { aggressor: Id },
    /// An Imperial Election ties (18.9): as the sitting Emperor, choose which of the realms
    /// tied receives the vote of the Elector Area `area`, or (`None`) is elected (answered with
    /// `ChooseRealm`).
    ElectionTie { area: Option<Id> },
    /// A Lost at Sea symbol: choose which ship of `owner`'s far from its ports is lost
    /// (answered with `DisbandUnit`). On the Event you took you choose for each opponent; on
    /// the Event nobody took each player chooses its own.
    LostAtSea { owner: Id },
    /// An unrest symbol of the Event you took: you roll 1 rebel die at most; choose which of
    /// your unrest areas it is rolled for (answered with `ChooseArea`).
    RebelDieArea,
    /// A Disloyal Vassals symbol: choose the area, among those where your vassals waver with
    /// the most of them, whose vassals gain unrest and raise rebels (answered with
    /// `ChooseArea`).
    DisloyalVassals,
    /// A Native Uprising symbol: `spare` (the Active Player): ignore one effect, keeping your
    /// colonist by choosing the distant town that gains unrest (`ChooseProvince`) or sparing
    /// your towns by losing the colonist (`Decline`); otherwise choose the distant town that
    /// gains unrest (`ChooseProvince`).
    NativeUprising { spare: bool },
    /// A DNPR Expansion symbol on the Event you took: choose the province next to the dynamic
    /// Non-Player Realm `realm` where it places its marker (answered with `ChooseProvince`).
    DnprExpansion { realm: Id },
    /// A Spread of Religious Ideas symbol on the Event you took: place token number
    /// `placed + 1` (at most 4), next to a cluster of its faith that has none yet (answered with
    /// `PlaceFaith`).
    SpreadReligion { placed: u8 },
    /// A Spread of the Revolution symbol on the Event you took: place Revolutionary token number
    /// `placed + 1` (answered with `PlaceFaith`).
    SpreadRevolution { placed: u8 },
    /// A Pirates symbol on the Event you took: choose the maritime trade node where the pirate
    /// ship lurks, one with a merchant while there is one (answered with `ChooseNode`).
    Pirates,
    /// Change State Religion (5.1): choose which marriage, with its token in an area of the
    /// abandoned faith, ends (answered with `ChooseRealm`).
    ReligionMarriage,
    /// Change State Religion: choose an area of the abandoned faith to take one influence from
    /// (`RemoveInfluence`); `left` cubes are still to go.
    ReligionInfluenceOut { left: u8 },
    /// Change State Religion: choose an area of the new faith for one removed influence
    /// (`PlaceInfluence`); `left` cubes are still to place.
    ReligionInfluenceIn { left: u8 },
    /// The Cardinal Dies symbol of the Event you took: choose the cardinal (not Roma's) that
    /// leaves the Papal Curia.
    CardinalDies,
    /// Your ruler is excommunicated: choose which of your cardinals leaves the Papal Curia.
    ExcommunicationCardinal,
}

/// Someone must choose.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Decision {
    /// Content id of the realm that decides.
    pub realm: Id,
    pub kind: DecisionKind,
    /// A sentence for people.
    pub prompt: String,
}

/// The decision the engine waits on, if any.
pub type Pending = crate::engine::decision::Pending<Decision>;

/// An accepted answer waiting to be consumed by the system that asked.
pub type Answer = crate::engine::decision::Answer<Action>;

/// Every action applied so far, in order: with the scenario and seed, the whole game.
pub type ActionHistory = crate::engine::decision::ActionHistory<Action>;

pub use crate::engine::decision::Illegal;

/// Takes the accepted answer with the question it answers, and clears that question: for
/// steps that hand answers to several rules (a battle's retreat, a Reaction, a card effect),
/// each of which must take only the answers to its own questions.
pub fn take_answer_to(world: &mut World) -> Option<(DecisionKind, Action)> {
    let asked = world.res::<Pending>().0.as_ref().map(|d| d.kind.clone())?;
    let action = take_answer(world)?;
    Some((asked, action))
}

/// Takes the accepted answer, if any, and clears the decision it answered.
pub fn take_answer(world: &mut World) -> Option<Action> {
    let action = world.res_mut::<Answer>().0.take()?;
    world.res_mut::<Pending>().0 = None;
    Some(action)
}

/// Asks `realm` (by content id) to decide.
pub fn ask(world: &mut World, realm: Id, kind: DecisionKind, prompt: impl Into<String>) {
    let decision = Decision {
        realm,
        kind,
        prompt: prompt.into(),
    };
    // A ruler died on the way to this question: the Reaction comes first (7.1 "immediately"),
    // this question after it.
    use crate::rulesets::pop::rules::characters;
    if !characters::is_reaction_question(&decision.kind) && characters::reaction_due(world) {
        debug_assert!(
            world.res::<characters::DeferredQuestion>().0.is_none(),
            "one question waits behind the Reactions at a time"
        );
        world.res_mut::<characters::DeferredQuestion>().0 = Some(decision);
        characters::ask_reaction(world);
        return;
    }
    world.res_mut::<Pending>().0 = Some(decision);
}
