//! `Game`: one game of a scenario, built on a Bevy `App` whose world holds the board and whose
//! `Rules` schedule runs the sequence of play. `apply` is the only way to change it.

use std::sync::Arc;

use bevy::prelude::*;

use crate::content::schema::{RealmKind, Ruleset, Scenario};
use crate::content::spawn::spawn_scenario;
use crate::sim::decision::{Action, ActionHistory, Answer, Decision, Illegal, Pending};
use crate::sim::flow::{Flow, add_rules_schedule, run_until_decision};
use crate::sim::log::GameLog;
use crate::sim::pop;
use crate::sim::pop::costs::Cost;
use crate::sim::rng::GameRng;
use crate::sim::snapshot::{Snapshot, snapshot, state_hash};
use crate::sim::state::{Content, GameSetup, Index};

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    UnknownPlayer(String),
    DuplicatePlayer(String),
    NoPlayers,
    UnsupportedRuleset(Ruleset),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::UnknownPlayer(p) => {
                write!(f, "\"{p}\" is not a Player Realm of this scenario")
            }
            GameError::DuplicatePlayer(p) => write!(f, "\"{p}\" is seated twice"),
            GameError::NoPlayers => write!(f, "the scenario has no Player Realms"),
            GameError::UnsupportedRuleset(r) => write!(f, "the {r:?} ruleset is not playable yet"),
        }
    }
}

impl std::error::Error for GameError {}

/// One game in progress.
pub struct Game {
    app: App,
    scenario: Arc<Scenario>,
    /// The scenario as given, before this game's options changed it: what a save names.
    base: Arc<Scenario>,
    setup: GameSetup,
    seed: u64,
}

impl Game {
    /// Sets up a game and runs it to the first decision.
    pub fn new(scenario: Arc<Scenario>, setup: GameSetup, seed: u64) -> Result<Game, GameError> {
        let players = resolve_players(&scenario, &setup)?;
        let base = scenario.clone();
        // Options chosen for this game override the scenario's.
        let rebels = setup
            .religious_rebels
            .filter(|on| *on != scenario.options.religious_rebels);
        let struggles = setup
            .power_struggles
            .filter(|on| *on != scenario.options.power_struggles);
        let scenario = if rebels.is_some() || struggles.is_some() {
            let mut changed = (*scenario).clone();
            if let Some(on) = rebels {
                changed.options.religious_rebels = on;
            }
            if let Some(on) = struggles {
                changed.options.power_struggles = on;
            }
            Arc::new(changed)
        } else {
            scenario
        };
        let mut app = App::empty();
        add_rules_schedule(&mut app);
        app.insert_resource(Content(scenario.clone()))
            .insert_resource(GameRng::new(seed))
            .init_resource::<Index>()
            .init_resource::<GameLog>()
            .init_resource::<Pending>()
            .init_resource::<Answer>()
            .init_resource::<ActionHistory>()
            .init_resource::<pop::events::EventDisplay>()
            .init_resource::<pop::events::EventInProgress>()
            .init_resource::<pop::events::EventStage>()
            .init_resource::<pop::events::PendingRulerOffer>()
            .init_resource::<pop::events::Leftover>()
            .init_resource::<pop::cards::ActionDecks>()
            .init_resource::<crate::sim::flow::StepProgress>()
            .init_resource::<pop::effects::EffectQueue>()
            .init_resource::<pop::actions::ActionPhase>();
        match scenario.ruleset {
            Ruleset::PriceOfPower => {
                app.insert_resource(Flow::new(
                    pop::STEPS,
                    pop::ROUND_START,
                    scenario.options.first_age.clamp(1, 4),
                ));
                app.add_plugins(pop::PopRulesPlugin);
            }
            other => return Err(GameError::UnsupportedRuleset(other)),
        }
        spawn_scenario(app.world_mut(), &scenario, &players);
        let mut game = Game {
            app,
            scenario,
            base,
            setup: GameSetup {
                players,
                religious_rebels: setup.religious_rebels,
                power_struggles: setup.power_struggles,
            },
            seed,
        };
        run_until_decision(game.world_mut());
        Ok(game)
    }

    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// Mutable access for the crate's own unit tests; play goes through `apply`.
    pub(crate) fn world_mut(&mut self) -> &mut World {
        self.app.world_mut()
    }

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    /// The scenario as loaded, without the options this game's setup changed; a save records
    /// its hash so that replaying on the same file works.
    pub fn base_scenario(&self) -> &Arc<Scenario> {
        &self.base
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The decision the game waits on; `None` once the game is over.
    pub fn pending(&self) -> Option<&Decision> {
        self.world().resource::<Pending>().0.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.world().resource::<Flow>().over
    }

    pub fn flow(&self) -> &Flow {
        self.world().resource::<Flow>()
    }

    /// Every legal answer to the pending decision.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.scenario.ruleset {
            Ruleset::PriceOfPower => pop::legal_actions(self.world()),
            _ => Vec::new(),
        }
    }

    /// Every legal answer to the pending decision with what it costs the deciding realm up
    /// front (see `pop::costs`).
    pub fn legal_actions_with_costs(&self) -> Vec<(Action, Cost)> {
        match self.scenario.ruleset {
            Ruleset::PriceOfPower => pop::costs::legal_actions_with_costs(self.world()),
            _ => Vec::new(),
        }
    }

    /// What `action` would cost the realm deciding now (free when nobody decides).
    pub fn action_cost(&self, action: &Action) -> Cost {
        let realm = self
            .pending()
            .and_then(|d| self.world().resource::<Index>().get(&d.realm));
        match (self.scenario.ruleset, realm) {
            (Ruleset::PriceOfPower, Some(realm)) => {
                pop::costs::action_cost(self.world(), realm, action)
            }
            _ => Cost::default(),
        }
    }

    /// Checks an action without applying it.
    pub fn check(&self, action: &Action) -> Result<(), Illegal> {
        match self.scenario.ruleset {
            Ruleset::PriceOfPower => pop::check(self.world(), action),
            _ => Err(Illegal::new("pop.seq.game_end", "ruleset not playable")),
        }
    }

    /// Checks, records and applies an answer, then runs to the next decision. An illegal
    /// action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        self.check(&action)?;
        let world = self.world_mut();
        world.resource_mut::<ActionHistory>().0.push(action.clone());
        world.resource_mut::<Answer>().0 = Some(action);
        run_until_decision(world);
        Ok(())
    }

    /// Every action applied so far.
    pub fn history(&self) -> &[Action] {
        &self.world().resource::<ActionHistory>().0
    }

    pub fn log(&self) -> &GameLog {
        self.world().resource::<GameLog>()
    }

    pub fn snapshot(&self) -> Snapshot {
        snapshot(self.world())
    }

    /// Hex digest of the whole game state (see `sim::snapshot`).
    pub fn state_hash(&self) -> String {
        state_hash(&self.snapshot())
    }

    /// The winner's realm id once the game is over (`None` for a shared win or an unfinished game).
    pub fn winner(&self) -> Option<String> {
        self.world()
            .get_resource::<pop::scoring::Outcome>()
            .and_then(|o| o.winner.clone())
    }
}

fn resolve_players(scenario: &Scenario, setup: &GameSetup) -> Result<Vec<String>, GameError> {
    let playable: Vec<&str> = scenario
        .realms
        .iter()
        .filter(|r| r.kind == RealmKind::Player)
        .map(|r| r.id.as_str())
        .collect();
    if setup.players.is_empty() {
        if playable.is_empty() {
            return Err(GameError::NoPlayers);
        }
        return Ok(playable.iter().map(|s| s.to_string()).collect());
    }
    for (i, p) in setup.players.iter().enumerate() {
        if !playable.contains(&p.as_str()) {
            return Err(GameError::UnknownPlayer(p.clone()));
        }
        if setup.players[..i].contains(p) {
            return Err(GameError::DuplicatePlayer(p.clone()));
        }
    }
    Ok(setup.players.clone())
}
