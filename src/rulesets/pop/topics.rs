//! What each Price of Power action is about (22): its kind, in the order the decision panel
//! lists kinds, and the realm, area, province, army, fleet or card it concerns. The client groups
//! a decision's choices with it and points at the target on the board.

use bevy::prelude::*;

use crate::engine::choices::{Target, Topic};
use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{Action, Tie};
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::state::Content;

pub const EVENTS: &str = "Events";
pub const CARDS: &str = "Cards";
pub const GOVERNING: &str = "Governing";
pub const DIPLOMACY: &str = "Diplomacy";
pub const WAR: &str = "War";
pub const MILITARY: &str = "Military";
pub const TRADE: &str = "Trade";
pub const EXPLORE: &str = "Explore and colonise";
pub const CHURCH_AND_EMPIRE: &str = "Papacy and Empire";
pub const MISSIONS: &str = "Missions and Milestones";
pub const ANSWERS: &str = "Answers";
pub const PASS: &str = "Pass";

/// The kinds in the order the panel lists them.
pub const KINDS: &[&str] = &[
    EVENTS,
    CARDS,
    GOVERNING,
    DIPLOMACY,
    WAR,
    MILITARY,
    TRADE,
    EXPLORE,
    CHURCH_AND_EMPIRE,
    MISSIONS,
    ANSWERS,
    PASS,
];

/// The kind of `action` and what it is about.
pub fn topic(world: &World, action: &Action) -> Topic {
    let realm = |id: &str| Target::Realm(id.to_string());
    let area = |id: &str| Target::Area(id.to_string());
    let province = |id: &str| Target::Province(id.to_string());
    let force = |id: &str| Target::Force(id.to_string());
    let card = |id: &str| Target::Card(id.to_string());
    match action {
        Action::TakeEvent { slot } => {
            let event = world
                .res::<EventDisplay>()
                .row
                .get(usize::from(*slot))
                .and_then(|s| world.res::<Content>().0.events.get(s.card))
                .map(|def| def.id);
            match event {
                Some(id) => Topic::about(EVENTS, Target::Card(id.to_string())),
                None => Topic::new(EVENTS),
            }
        }
        Action::PlayCard { card: c }
        | Action::Appoint { card: c }
        | Action::KeepCard { card: c }
        | Action::DiscardCard { card: c }
        | Action::TakeDiscard { card: c } => Topic::about(CARDS, card(c)),
        Action::DrawCard { .. } => Topic::new(CARDS),
        Action::ResearchIdea { idea } => Topic::about(GOVERNING, card(idea)),
        Action::ConvertArea { area: a } | Action::IntegrateArea { area: a } => {
            Topic::about(GOVERNING, area(a))
        }
        Action::SuppressUnrest { province: p } => Topic::about(GOVERNING, province(p)),
        Action::FireAdvisor { character } => Topic::about(GOVERNING, card(character)),
        Action::IncreaseStability
        | Action::ChangeFocus { .. }
        | Action::ChangeReligion
        | Action::AdoptRebelFaith
        | Action::CounterReformation
        | Action::TakeLoan
        | Action::RepayLoan
        | Action::PayCorruption { .. }
        | Action::DiscardDucats => Topic::new(GOVERNING),
        Action::Influence { area: a }
        | Action::InfluenceForDucats { area: a }
        | Action::FabricateClaim { area: a }
        | Action::PlaceInfluence { area: a }
        | Action::RemoveInfluence { area: a } => Topic::about(DIPLOMACY, area(a)),
        Action::ForgeAlliance { realm: r }
        | Action::Propose { realm: r, .. }
        | Action::ChooseRealm { realm: r } => Topic::about(DIPLOMACY, realm(r)),
        Action::CutTies { tie } => Topic::about(
            DIPLOMACY,
            match tie {
                Tie::Influence { area: a } | Tie::Claim { area: a } => area(a),
                Tie::Alliance { realm: r } => realm(r),
            },
        ),
        Action::DeclareWar { target } => Topic::about(WAR, realm(target)),
        Action::CallToArms { ally } => Topic::about(WAR, realm(ally)),
        Action::Peace { .. } => Topic::new(WAR),
        Action::Recruit { area: a } => Topic::about(MILITARY, area(a)),
        Action::Move { from, .. }
        | Action::Sail { from, .. }
        | Action::RecallShips { from, .. } => Topic::about(MILITARY, force(from)),
        Action::AppointGeneral { place, .. }
        | Action::CommandArmy { place, .. }
        | Action::DisbandUnit { place, .. } => Topic::about(MILITARY, force(place)),
        Action::Siege { province: p } => Topic::about(MILITARY, province(p)),
        Action::Retreat { to } => Topic::about(MILITARY, area(to)),
        Action::RecruitUnit { .. }
        | Action::ReplenishManpower { .. }
        | Action::AppointToEmptyMat { .. }
        | Action::ToEmptyMat { .. } => Topic::new(MILITARY),
        Action::TradeShip { from, .. } => Topic::about(TRADE, force(from)),
        Action::ChooseTradeCard { node, .. } | Action::ChooseNode { node } => {
            Topic::about(TRADE, card(node))
        }
        Action::Trade | Action::TakeTradeDucats | Action::PayInflation { .. } => Topic::new(TRADE),
        Action::ExploreWithShip { from, .. } => Topic::about(EXPLORE, force(from)),
        Action::Discover { area: a } => Topic::about(EXPLORE, area(a)),
        Action::Colonize { province: p, .. } => Topic::about(EXPLORE, province(p)),
        Action::Explore | Action::Reroll => Topic::new(EXPLORE),
        Action::Excommunicate { realm: r } => Topic::about(CHURCH_AND_EMPIRE, realm(r)),
        Action::CallCrusade { area: a, .. } => Topic::about(CHURCH_AND_EMPIRE, area(a)),
        Action::IncreaseAuthority | Action::PayLevy { .. } | Action::ChooseCardinal { .. } => {
            Topic::new(CHURCH_AND_EMPIRE)
        }
        Action::PickMission { mission } | Action::ClaimMission { mission } => {
            Topic::about(MISSIONS, card(mission))
        }
        Action::SwapMission { give, .. } => Topic::about(MISSIONS, card(give)),
        Action::ClaimMilestone { milestone } => Topic::about(MISSIONS, card(milestone)),
        Action::SwapMilestone { old, .. } | Action::SwapIdea { old, .. } => {
            Topic::about(MISSIONS, card(old))
        }
        Action::ChooseProvince { province: p } => Topic::about(ANSWERS, province(p)),
        Action::ChooseArea { area: a } => Topic::about(ANSWERS, area(a)),
        Action::PlaceFaith { area: a, .. } => Topic::about(ANSWERS, area(a)),
        Action::Pass => Topic::new(PASS),
        Action::ChooseOption { .. }
        | Action::ChooseMp { .. }
        | Action::AcceptRuler
        | Action::TakeRuler { .. }
        | Action::Accept
        | Action::Decline => Topic::new(ANSWERS),
    }
}
