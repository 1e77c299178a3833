//! Raison d'Etat (seed 003, the player aid): Powers act at the same moment, each on the segment
//! of its own action dial (Muster, Taxation, Subsidise & Mercenaries, Leadership, Mobilisation,
//! Gain Influence, Movement); Coalitions, battles fought with face-down Battle cards, Minor
//! Powers bid for with Morale, the Imperial Election, and an Influence victory.
//!
//! Everything of this ruleset lives in this folder: its scenario schema and loading
//! (`content`), its ECS model (`model`), its decisions and actions (`decision`), its rules
//! (`rules`: the round, the actions, movement, battles), its rule ids (`ids`), its snapshot and
//! per-seat view (`snapshot`) and its bot (`bot`). `RaisonDEtat` is its side of the engine's
//! `Ruleset` contract. The house rules it settles are in `docs/raison.md`.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::content::ContentError;
use crate::engine::decision::Illegal;
use crate::engine::flow::Flow;
use crate::engine::game::GameError;
use crate::engine::reads::Reads;
use crate::engine::ruleset::{Checked, Ruleset, RulesetId};
use crate::engine::state::GameSetup;

pub mod bot;
pub mod content;
pub mod decision;
pub mod ids;
pub mod model;
pub mod rules;
pub mod snapshot;
pub mod topics;
#[cfg(feature = "client")]
pub mod view;

pub use decision::{Action, Decision, DecisionKind, MoveKind};

/// A game of Raison d'Etat.
pub type Game = crate::engine::game::Game<RaisonDEtat>;

/// The Raison d'Etat ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaisonDEtat;

/// What an action costs up front: the Money a Mobilisation purchase takes.
#[derive(Clone, Debug, Default, serde::Serialize, PartialEq, Eq)]
pub struct Cost {
    pub money: i32,
}

/// The fewest seated Major Powers a game needs (the seed's "3-6 player game").
pub const MIN_SEATS: usize = 3;
/// The most seated Major Powers a game takes (the seed's "3-6 player game"): with no seats
/// named, the scenario's first six Majors are seated and any other plays as a Minor Power.
pub const MAX_SEATS: usize = 6;

impl Ruleset for RaisonDEtat {
    const ID: RulesetId = RulesetId::RaisonDEtat;
    const PHASE_RULE: &'static str = ids::FLOW_PHASE;

    type Content = content::Scenario;
    type Action = Action;
    type Decision = Decision;
    type Cost = Cost;
    type Snapshot = snapshot::Snapshot;
    type View = snapshot::Snapshot;
    type Bot = bot::Bot;

    fn default_content() -> Arc<content::Scenario> {
        content::default_scenario()
    }

    fn parse_content(text: &str, file: &str) -> Result<content::Scenario, Vec<ContentError>> {
        content::parse_scenario(text, file)
    }

    fn check_file(path: &Path, text: &str) -> Result<Checked, Vec<ContentError>> {
        let s = content::parse_scenario(text, &path.display().to_string())?;
        let majors = s.powers.iter().filter(|p| p.major).count();
        Ok(Checked {
            ruleset: Self::ID,
            summary: format!(
                "scenario {} ({}): {} territories, {} sea lanes, {majors} Major and {} Minor Powers, {} generals, {} battle cards",
                s.id,
                s.name,
                s.territories.len(),
                s.sea_lanes.len(),
                s.powers.len() - majors,
                s.powers.iter().map(|p| p.generals.len()).sum::<usize>(),
                s.deck.iter().map(|c| usize::from(c.count)).sum::<usize>()
            ),
        })
    }

    fn content_id(content: &content::Scenario) -> &str {
        &content.id
    }

    fn content_name(content: &content::Scenario) -> &str {
        &content.name
    }

    fn players(content: &content::Scenario, setup: &GameSetup) -> Result<Vec<String>, GameError> {
        let offered: Vec<&str> = content
            .powers
            .iter()
            .filter(|p| p.major)
            .map(|p| p.id.as_str())
            .collect();
        let named = !setup.players.is_empty();
        let mut seats = crate::engine::state::resolve_seats(&offered, setup)?;
        if seats.len() > MAX_SEATS {
            if named {
                return Err(GameError::TooManyPlayers {
                    most: MAX_SEATS,
                    got: seats.len(),
                });
            }
            seats.truncate(MAX_SEATS);
        }
        if seats.len() < MIN_SEATS {
            return Err(GameError::TooFewPlayers {
                need: MIN_SEATS,
                got: seats.len(),
            });
        }
        Ok(seats)
    }

    fn configure(content: &Arc<content::Scenario>, _setup: &GameSetup) -> Arc<content::Scenario> {
        content.clone()
    }

    fn insert_content(app: &mut App, content: &Arc<content::Scenario>) {
        app.insert_resource(model::Content(content.clone()));
    }

    fn build(app: &mut App, content: &Arc<content::Scenario>, players: &[String]) {
        app.init_resource::<rules::Turn>()
            .init_resource::<model::Outcome>();
        app.insert_resource(Flow::new(rules::STEPS, rules::ROUND_START, 1));
        app.add_plugins(rules::RaisonRulesPlugin);
        content::spawn::spawn_scenario(app.world_mut(), content, players);
    }

    fn decider(decision: &Decision) -> &str {
        &decision.seat
    }

    fn describe_decision(decision: &Decision) -> String {
        if decision.seat == decision.power {
            format!("{} ({:?})", decision.seat, decision.kind)
        } else {
            format!(
                "{} for {} ({:?})",
                decision.seat, decision.power, decision.kind
            )
        }
    }

    fn describe_cost(cost: &Cost) -> String {
        if cost.money == 0 {
            String::new()
        } else {
            format!("{} Money", cost.money)
        }
    }

    fn legal_actions(world: &World) -> Vec<Action> {
        rules::legal_actions(world)
    }

    fn check(world: &World, action: &Action) -> Result<(), Illegal> {
        rules::check(world, action)
    }

    fn kinds() -> &'static [&'static str] {
        topics::KINDS
    }
    fn topic(_world: &World, action: &Action) -> crate::engine::choices::Topic {
        topics::topic(action)
    }
    fn warning(world: &World, action: &Action) -> Option<String> {
        topics::warning(world, action)
    }
    fn explain(world: &World, action: &Action) -> Option<String> {
        topics::explain(world, action)
    }
    fn cost(world: &World, action: &Action) -> Cost {
        let h = &world.res::<model::Content>().0.house;
        let money = match action {
            Action::BuyUnit { .. } => h.unit_cost,
            Action::BuyFortress { .. } => h.fortress_cost,
            Action::BuyCard => h.card_cost,
            Action::BuyMorale => h.morale_cost,
            Action::GiveMoney { .. } => 1,
            _ => 0,
        };
        Cost { money }
    }

    fn snapshot(world: &World) -> snapshot::Snapshot {
        snapshot::snapshot(world)
    }

    fn view(world: &World, seat: Option<&str>) -> snapshot::Snapshot {
        snapshot::view(world, seat)
    }

    fn winner(world: &World) -> Option<String> {
        world
            .get_res::<model::Outcome>()
            .and_then(|o| o.winner.clone())
    }

    fn broken_invariants(world: &World) -> Vec<String> {
        let mut broken = Vec::new();
        if let Some(mut powers) = world.try_query::<(&model::Power, &model::Purse)>() {
            for (power, purse) in powers.iter(world) {
                let id = model::power_id(world, power.index);
                for (what, n) in [
                    ("money", purse.money),
                    ("morale", purse.morale),
                    ("influence", purse.influence),
                ] {
                    if n < 0 {
                        broken.push(format!("{id}: {what} {n}"));
                    }
                }
            }
        }
        broken
    }

    fn scores(world: &World) -> Vec<(String, i32)> {
        world
            .res::<model::Seats>()
            .0
            .iter()
            .map(|p| {
                (
                    model::power_id(world, *p).to_string(),
                    model::purse(world, *p).influence,
                )
            })
            .collect()
    }

    fn figure_names() -> &'static [&'static str] {
        &["Influence", "Money", "Morale", "Battle cards"]
    }
    fn figures(world: &World) -> Vec<(String, Vec<i32>)> {
        world
            .res::<model::Seats>()
            .0
            .iter()
            .map(|p| {
                let purse = model::purse(world, *p);
                (
                    model::power_id(world, *p).to_string(),
                    vec![
                        purse.influence,
                        purse.money,
                        purse.morale,
                        purse.hand.len() as i32,
                    ],
                )
            })
            .collect()
    }
    fn reveals(rule: &str) -> bool {
        // Secret choices made known together: Diplomatic Statuses, Minor Power bids, Imperial
        // votes (and the control they settle); face-down Battle cards go under "battle".
        [
            ids::DIPLOMACY,
            ids::MINOR_BIDDING,
            ids::MINOR_CONTROL,
            ids::IMPERIAL_ELECTION,
        ]
        .contains(&rule)
            || crate::engine::preview::names_a_word(rule, crate::engine::preview::GENERIC_REVEALS)
    }
    fn trouble_rules() -> &'static [(&'static str, &'static str)] {
        &[(ids::BATTLE_LOSS, "battles lost")]
    }
    fn rule_ids() -> &'static [&'static str] {
        ids::ALL
    }

    fn display_names(content: &Self::Content) -> crate::engine::log::DisplayNames {
        crate::engine::log::DisplayNames::of_named(content::named_items(content))
    }

    fn final_scores(world: &World) -> Vec<serde_json::Value> {
        Self::scores(world)
            .into_iter()
            .map(|(id, total)| {
                let p = world.res::<model::MapIndex>().power(&id).expect("seat");
                let purse = model::purse(world, p);
                let minors: Vec<String> = model::powers(world)
                    .filter(|q| *q != p && model::player_of(world, *q) == Some(p))
                    .map(|q| model::power_id(world, q).to_string())
                    .collect();
                serde_json::json!({
                    "realm": id,
                    "total": total,
                    "money": purse.money,
                    "morale": purse.morale,
                    "cards": purse.hand.len(),
                    "minors": minors,
                    "emperor": world.res::<model::Table>().emperor == Some(p),
                })
            })
            .collect()
    }

    fn time_label(round: u8, turn: u8) -> String {
        if turn == 0 {
            // Between action turns: the start of the round, the Diplomacy phase.
            format!("Round {round:>2}       ")
        } else {
            format!("Round {round:>2} Turn {turn}")
        }
    }
}
