//! Price of Power (seeds 000, 001 and 002): Ages of four Rounds of five phases, Player Realms
//! governing monarch power, stability, towns and cores, with war, diplomacy, trade, colonies,
//! the Papal Curia, Missions, Milestones and Power Struggles.
//!
//! Everything of this ruleset lives in this folder: its scenario schema and loading
//! (`content`), its ECS model (`model`), its actions and decisions (`decision`), its rules, one
//! plugin per part of the rule book (`rules`), its rule ids (`ids`), its snapshot and per-seat
//! view (`snapshot`, `view`) and its bot (`bot`). `PriceOfPower` is its side of the engine's
//! `Ruleset` contract.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::content::ContentError;
use crate::engine::flow::Flow;
use crate::engine::reads::Reads;
use crate::engine::ruleset::{Checked, Ruleset, RulesetId, SeatBot};

pub mod bot;
pub mod content;
pub mod decision;
pub mod ids;
pub mod model;
pub mod rules;
pub mod save;
pub mod snapshot;
pub mod state;
pub mod stats;
pub mod topics;
pub mod view;
#[cfg(feature = "client")]
pub mod window;

pub use crate::engine::decision::Illegal;
pub use crate::engine::game::GameError;
pub use crate::engine::state::GameSetup;
pub use decision::{Action, Decision, DecisionKind};
pub use rules::costs::Cost;

/// Optional rule 5 (religious rebels), as a game's setup names it (`GameSetup::option`).
pub const OPTION_RELIGIOUS_REBELS: &str = "religious_rebels";
/// Advanced rule 17.4 (Power Struggles), as a game's setup names it.
pub const OPTION_POWER_STRUGGLES: &str = "power_struggles";

/// A game of Price of Power.
pub type Game = crate::engine::game::Game<PriceOfPower>;

/// The Price of Power ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PriceOfPower;

impl SeatBot<PriceOfPower> for bot::Bot {
    fn seeded(seed: u64) -> Self {
        bot::Bot::new(seed)
    }

    fn choose(&mut self, game: &Game) -> Option<Action> {
        bot::Bot::choose(self, game)
    }

    fn checked_answer(&self) -> bool {
        bot::Bot::checked_answer(self)
    }
}

impl Ruleset for PriceOfPower {
    const ID: RulesetId = RulesetId::PriceOfPower;
    const PHASE_RULE: &'static str = ids::FLOW_PHASE;

    type Content = content::Scenario;
    type Action = Action;
    type Decision = Decision;
    type Cost = Cost;
    type Snapshot = snapshot::Snapshot;
    type View = view::SeatView;
    type Bot = bot::Bot;

    fn default_content() -> Arc<content::Scenario> {
        content::default_scenario()
    }

    fn parse_content(text: &str, file: &str) -> Result<content::Scenario, Vec<ContentError>> {
        content::parse_scenario(text, file)
    }

    fn check_file(path: &Path, text: &str) -> Result<Checked, Vec<ContentError>> {
        let summary = match content::check_text(path, text)? {
            content::LoadedFile::Scenario(s) => format!("scenario {} ({})", s.id, s.name),
            content::LoadedFile::Mod(m, s) => format!("mod {} on scenario {}", m.id, s.id),
        };
        Ok(Checked {
            ruleset: Self::ID,
            summary,
        })
    }

    fn content_id(content: &content::Scenario) -> &str {
        &content.id
    }

    fn content_name(content: &content::Scenario) -> &str {
        &content.name
    }

    fn players(content: &content::Scenario, setup: &GameSetup) -> Result<Vec<String>, GameError> {
        state::resolve_players(content, setup)
    }

    fn option_names() -> &'static [&'static str] {
        &[OPTION_RELIGIOUS_REBELS, OPTION_POWER_STRUGGLES]
    }
    fn configure(content: &Arc<content::Scenario>, setup: &GameSetup) -> Arc<content::Scenario> {
        // Options chosen for this game override the scenario's.
        let rebels = setup
            .option(OPTION_RELIGIOUS_REBELS)
            .filter(|on| *on != content.options.religious_rebels);
        let struggles = setup
            .option(OPTION_POWER_STRUGGLES)
            .filter(|on| *on != content.options.power_struggles);
        if rebels.is_none() && struggles.is_none() {
            return content.clone();
        }
        let mut changed = (**content).clone();
        if let Some(on) = rebels {
            changed.options.religious_rebels = on;
        }
        if let Some(on) = struggles {
            changed.options.power_struggles = on;
        }
        Arc::new(changed)
    }

    fn insert_content(app: &mut App, content: &Arc<content::Scenario>) {
        app.insert_resource(state::Content(content.clone()));
    }

    fn build(app: &mut App, content: &Arc<content::Scenario>, players: &[String]) {
        // The same resources in the same order as before the engine hosted several rulesets
        // (the engine's `StepProgress` among them): the recorded state hashes were made so.
        app.init_resource::<rules::events::EventDisplay>()
            .init_resource::<rules::events::EventInProgress>()
            .init_resource::<rules::events::EventStage>()
            .init_resource::<rules::events::PendingRulerOffer>()
            .init_resource::<rules::events::Leftover>()
            .init_resource::<rules::cards::ActionDecks>()
            .init_resource::<crate::engine::flow::StepProgress>()
            .init_resource::<rules::effects::EffectQueue>()
            .init_resource::<rules::actions::ActionPhase>();
        app.insert_resource(Flow::new(
            rules::STEPS,
            rules::ROUND_START,
            content.options.first_age.clamp(1, 4),
        ));
        app.add_plugins(rules::PopRulesPlugin);
        content::spawn::spawn_scenario(app.world_mut(), content, players);
        rules::empire::index_areas(app.world_mut());
        rules::curia::index_places(app.world_mut());
        rules::empire::watch_empire_lands(app.world_mut());
        rules::diplomacy::watch_npr_lands(app.world_mut());
        rules::curia::watch_papal_allies(app.world_mut());
    }

    fn decider(decision: &Decision) -> &str {
        &decision.realm
    }

    fn describe_decision(decision: &Decision) -> String {
        format!("{} ({:?})", decision.realm, decision.kind)
    }

    fn describe_cost(cost: &Cost) -> String {
        cost.describe()
    }

    fn legal_actions(world: &World) -> Vec<Action> {
        rules::legal_actions(world)
    }

    fn check(world: &World, action: &Action) -> Result<(), Illegal> {
        // Checking one answer may list a decision's candidates and check each (a free
        // activation's marches): the questions they repeat are remembered while it checks.
        crate::engine::memo::scope(world, || rules::check(world, action))
    }

    fn kinds() -> &'static [&'static str] {
        topics::KINDS
    }

    fn topic(world: &World, action: &Action) -> crate::engine::choices::Topic {
        topics::topic(world, action)
    }

    fn warning(world: &World, action: &Action) -> Option<String> {
        let realm = world
            .res::<decision::Pending>()
            .0
            .as_ref()
            .and_then(|d| world.res::<state::Index>().get(d.realm))?;
        rules::costs::warning(world, realm, action)
    }

    fn cost(world: &World, action: &Action) -> Cost {
        let deciding = world
            .res::<decision::Pending>()
            .0
            .as_ref()
            .and_then(|d| world.res::<state::Index>().get(d.realm));
        match deciding {
            Some(realm) => rules::costs::action_cost(world, realm, action),
            None => Cost::default(),
        }
    }

    fn legal_actions_with_costs(world: &World) -> Vec<(Action, Cost)> {
        rules::costs::legal_actions_with_costs(world)
    }

    fn snapshot(world: &World) -> snapshot::Snapshot {
        snapshot::snapshot(world)
    }

    fn view(world: &World, seat: Option<&str>) -> view::SeatView {
        view::seat_view(world, seat)
    }

    fn winner(world: &World) -> Option<String> {
        world
            .get_res::<rules::scoring::Outcome>()
            .and_then(|o| o.winner.map(String::from))
    }

    fn scores(world: &World) -> Vec<(String, i32)> {
        rules::scoring::current_scores(world)
            .into_iter()
            .map(|(realm, score)| (realm.to_string(), score))
            .collect()
    }

    fn listed_in_full(action: &Action) -> bool {
        // A proposal may bundle any of the seed's terms; the list offers one term at a time.
        match action {
            Action::Propose { offer, .. } => rules::diplomacy::listed_shape(offer),
            _ => true,
        }
    }

    fn broken_invariants(world: &World) -> Vec<String> {
        let mut broken = Vec::new();
        // Read off the mats alone: a whole snapshot per action is most of a fuzzed input's time.
        for (_, entity, m) in snapshot::sorted::<model::Mat>(world) {
            let id = crate::engine::state::key_of(world, entity);
            if !m.mp.iter().all(|p| (0..=10).contains(p)) {
                broken.push(format!("{id}: monarch power {:?} outside 0-10", m.mp));
            }
            if !(-3..=3).contains(&m.stability) {
                broken.push(format!("{id}: stability {}", m.stability));
            }
            if m.ducats < 0 {
                broken.push(format!("{id}: {} ducats", m.ducats));
            }
            // Interest tokens have no hard cap: corruption and gold inflation add them past the
            // loan limit (bankruptcy answers a loan taken at 5+), so only their sign is kept.
        }
        broken
    }

    fn figure_names() -> &'static [&'static str] {
        stats::FIGURE_NAMES
    }
    fn figures(world: &World) -> Vec<(String, Vec<i32>)> {
        stats::seat_figures(world)
    }
    fn reveals(rule: &str) -> bool {
        // Besides rolls, draws and battles: Event cards turned up and resolved, the set-up's
        // deals, and the rebels' results.
        const MARKS: [&str; 4] = ["events", "event", "setup", "rebellion"];
        use crate::engine::preview::{GENERIC_REVEALS, names_a_word};
        names_a_word(rule, GENERIC_REVEALS) || names_a_word(rule, &MARKS)
    }
    fn standing(world: &World) -> crate::engine::preview::Standing {
        stats::standing(world)
    }
    fn trouble_rules() -> &'static [(&'static str, &'static str)] {
        &[
            (ids::BANKRUPTCY, "bankruptcies"),
            (ids::INTERREGNUM, "interregna"),
            (ids::REBELLION_LIBERATES, "provinces liberated by rebels"),
        ]
    }
    fn rule_ids() -> &'static [&'static str] {
        ids::ALL
    }

    fn display_names(content: &Self::Content) -> crate::engine::log::DisplayNames {
        crate::engine::log::DisplayNames::of_named(content::named_items(content))
    }

    fn final_scores(world: &World) -> Vec<serde_json::Value> {
        // The final scoring, line by line.
        world
            .get_res::<rules::scoring::Outcome>()
            .map(|o| {
                o.scores
                    .iter()
                    .map(|s| serde_json::to_value(s).expect("scores serialize"))
                    .collect()
            })
            .unwrap_or_default()
    }
}
