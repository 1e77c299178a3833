//! Kingdom (seed 004, "Ruling a Kingdom"): a kingdom claims a frontier hex map month by month.
//! Each month has four phases (Upkeep, Edict, Income, Event); kingdom checks roll d20 +
//! Economy, Loyalty or Stability - Unrest against Command DC.
//!
//! Everything of this ruleset lives in this folder: its scenario schema and loading
//! (`content`), its ECS model (`model`), its decisions and actions (`decision`), its rules, one
//! module per phase (`rules`), its rule ids (`ids`), its snapshot and per-seat view
//! (`snapshot`) and its bot (`bot`). `Kingdom` is its side of the engine's `Ruleset` contract.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::content::ContentError;
use crate::engine::decision::Illegal;
use crate::engine::flow::{Flow, StepProgress};
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

pub use decision::{Action, Decision, DecisionKind};

/// A game of Kingdom.
pub type Game = crate::engine::game::Game<Kingdom>;

/// The Kingdom ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kingdom;

/// Kingdom's actions are paid for when they happen (their BP are in the log and the Treasury):
/// the cost shown up front is the BP an action takes from the Treasury.
#[derive(Clone, Debug, Default, serde::Serialize, PartialEq, Eq)]
pub struct Cost {
    pub bp: i32,
}

impl Ruleset for Kingdom {
    const ID: RulesetId = RulesetId::Kingdom;
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
        Ok(Checked {
            ruleset: Self::ID,
            summary: format!(
                "scenario {} ({}): {}x{} hexes, {} kingdoms, {} buildings, {} events",
                s.id,
                s.name,
                s.map.width,
                s.map.height,
                s.kingdoms.len(),
                s.buildings.len(),
                s.events.len()
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
        let offered: Vec<&str> = content.kingdoms.iter().map(|k| k.id.as_str()).collect();
        crate::engine::state::resolve_seats(&offered, setup)
    }

    fn configure(content: &Arc<content::Scenario>, _setup: &GameSetup) -> Arc<content::Scenario> {
        content.clone()
    }

    fn insert_content(app: &mut App, content: &Arc<content::Scenario>) {
        app.insert_resource(model::Content(content.clone()));
    }

    fn build(app: &mut App, content: &Arc<content::Scenario>, players: &[String]) {
        app.init_resource::<StepProgress>()
            .init_resource::<rules::event::EventQueue>();
        app.insert_resource(Flow::new(rules::STEPS, rules::MONTH_START, 1));
        app.add_plugins(rules::KingdomRulesPlugin);
        content::spawn::spawn_scenario(app.world_mut(), content, players);
    }

    fn decider(decision: &Decision) -> &str {
        &decision.kingdom
    }

    fn describe_decision(decision: &Decision) -> String {
        format!("{} ({:?})", decision.kingdom, decision.kind)
    }

    fn describe_cost(cost: &Cost) -> String {
        if cost.bp == 0 {
            String::new()
        } else {
            format!("{} BP", cost.bp)
        }
    }

    fn legal_actions(world: &World) -> Vec<Action> {
        rules::legal_actions(world)
    }

    fn check(world: &World, action: &Action) -> Result<(), Illegal> {
        rules::check(world, action)
    }

    fn listed_in_full(action: &Action) -> bool {
        // A deposit may name any amount of gp (every full 4,000 is 1 BP, the rest stays with
        // the leaders); the list offers the whole 4,000s.
        match action {
            Action::Deposit(gp) => gp % rules::income::GP_PER_DEPOSITED_BP == 0,
            _ => true,
        }
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
    fn cost(world: &World, action: &Action) -> Cost {
        let Some((k, _)) = rules::deciding(world) else {
            return Cost::default();
        };
        Cost {
            bp: rules::cost_of(world, k, action).unwrap_or(0),
        }
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
        for k in &world.res::<model::Seats>().0 {
            let Some(kingdom) = world.read::<model::Kingdom>(*k) else {
                broken.push("a seat without its kingdom".into());
                continue;
            };
            if kingdom.unrest < 0 {
                broken.push(format!("{}: Unrest {}", kingdom.id, kingdom.unrest));
            }
            if kingdom.treasury < 0 {
                broken.push(format!("{}: Treasury {} BP", kingdom.id, kingdom.treasury));
            }
            let owned = kingdom
                .claimed
                .iter()
                .filter(|h| {
                    world
                        .read::<model::HexTile>(**h)
                        .is_some_and(|t| t.owner == Some(kingdom.seat))
                })
                .count();
            if owned != kingdom.claimed.len() {
                broken.push(format!(
                    "{}: {} hexes claimed, {owned} of them its own on the board",
                    kingdom.id,
                    kingdom.claimed.len()
                ));
            }
        }
        broken
    }

    fn scores(world: &World) -> Vec<(String, i32)> {
        world
            .res::<model::Seats>()
            .0
            .iter()
            .map(|k| {
                (
                    world
                        .read::<model::Kingdom>(*k)
                        .expect("kingdom")
                        .id
                        .clone(),
                    rules::month::score(world, *k),
                )
            })
            .collect()
    }

    fn figure_names() -> &'static [&'static str] {
        &[
            "Economy",
            "Loyalty",
            "Stability",
            "Unrest",
            "Treasury (BP)",
            "Size",
        ]
    }
    fn figures(world: &World) -> Vec<(String, Vec<i32>)> {
        world
            .res::<model::Seats>()
            .0
            .iter()
            .map(|k| {
                let sheet = rules::sheet::totals(world, *k);
                let id = world
                    .read::<model::Kingdom>(*k)
                    .expect("kingdom")
                    .id
                    .clone();
                (
                    id,
                    vec![
                        sheet.economy.total,
                        sheet.loyalty.total,
                        sheet.stability.total,
                        sheet.unrest,
                        sheet.treasury,
                        sheet.size as i32,
                    ],
                )
            })
            .collect()
    }
    fn trouble_rules() -> &'static [(&'static str, &'static str)] {
        &[
            (ids::UPKEEP_ANARCHY, "falls into Anarchy"),
            (ids::UPKEEP_LOSE_HEX, "hexes lost to Unrest"),
        ]
    }
    fn rule_ids() -> &'static [&'static str] {
        ids::ALL
    }

    fn display_names(content: &Self::Content) -> crate::engine::log::DisplayNames {
        crate::engine::log::DisplayNames::of_named(content::named_items(content))
    }

    fn final_scores(world: &World) -> Vec<serde_json::Value> {
        // The score with the kingdom sheet's figures behind it.
        let snapshot = snapshot::snapshot(world);
        Self::scores(world)
            .into_iter()
            .map(|(id, total)| {
                let k = snapshot.kingdoms.iter().find(|k| k.kingdom.id == id);
                serde_json::json!({
                    "realm": id,
                    "total": total,
                    "size": k.map(|k| k.sheet.size),
                    "districts": k.map(|k| k.sheet.districts),
                    "buildings": k.map(|k| k.sheet.buildings),
                    "treasury": k.map(|k| k.kingdom.treasury),
                    "unrest": k.map(|k| k.kingdom.unrest),
                    "anarchy": k.map(|k| k.kingdom.anarchy),
                })
            })
            .collect()
    }

    fn time_label(year: u8, month: u8) -> String {
        format!("Year {year} Month {month:>2}")
    }
}
