//! `Game`: one game of a scenario of any ruleset, built on a Bevy `App` whose world holds the
//! board and whose steps' schedules run the ruleset's sequence of play. `apply` is the only way
//! to change it.

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::decision::{ActionHistory, Answer, Illegal, Pending};
use crate::engine::flow::{Flow, run_until_decision};
use crate::engine::log::GameLog;
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::engine::ruleset::Ruleset;
use crate::engine::state::{GameSetup, Index};

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    UnknownPlayer(String),
    DuplicatePlayer(String),
    NoPlayers,
    /// The ruleset needs more seats than the setup names.
    TooFewPlayers {
        need: usize,
        got: usize,
    },
    /// The setup names more seats than the ruleset allows.
    TooManyPlayers {
        most: usize,
        got: usize,
    },
    /// The setup names an option the ruleset does not have; `known`: those it has
    /// (`Ruleset::option_names`).
    UnknownOption {
        name: String,
        known: Vec<&'static str>,
    },
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::UnknownPlayer(p) => {
                write!(f, "\"{p}\" is not a seat of this scenario")
            }
            GameError::DuplicatePlayer(p) => write!(f, "\"{p}\" is seated twice"),
            GameError::NoPlayers => write!(f, "the scenario has no seats to play"),
            GameError::TooFewPlayers { need, got } => {
                write!(f, "this game needs at least {need} seats; {got} were named")
            }
            GameError::TooManyPlayers { most, got } => {
                write!(f, "this game seats at most {most}; {got} were named")
            }
            GameError::UnknownOption { name, known } if known.is_empty() => {
                write!(
                    f,
                    "\"{name}\" is not an option of this game's rules, which have none"
                )
            }
            GameError::UnknownOption { name, known } => write!(
                f,
                "\"{name}\" is not an option of this game's rules; its options: {}",
                known.join(", ")
            ),
        }
    }
}

impl std::error::Error for GameError {}

/// One game in progress of ruleset `R`.
pub struct Game<R: Ruleset> {
    app: App,
    content: Arc<R::Content>,
    /// The scenario as given, before this game's options changed it: what a save names.
    base: Arc<R::Content>,
    setup: GameSetup,
    seed: u64,
}

impl<R: Ruleset> Game<R> {
    /// Sets up a game and runs it to the first decision.
    pub fn new(content: Arc<R::Content>, setup: GameSetup, seed: u64) -> Result<Self, GameError> {
        if let Some(unknown) = setup
            .options
            .keys()
            .find(|o| !R::option_names().contains(&o.as_str()))
        {
            return Err(GameError::UnknownOption {
                name: unknown.clone(),
                known: R::option_names().to_vec(),
            });
        }
        let players = R::players(&content, &setup)?;
        let base = content.clone();
        let content = R::configure(&content, &setup);
        let mut app = App::empty();
        R::insert_content(&mut app, &content);
        app.insert_resource(GameRng::new(seed))
            .init_resource::<Index>()
            .init_resource::<GameLog>()
            .init_resource::<Pending<R::Decision>>()
            .init_resource::<Answer<R::Action>>()
            .init_resource::<ActionHistory<R::Action>>();
        R::build(&mut app, &content, &players);
        let mut game = Game {
            app,
            content,
            base,
            setup: GameSetup { players, ..setup },
            seed,
        };
        run_until_decision::<R>(game.app.world_mut());
        Ok(game)
    }

    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// Mutable access for the crate's own unit tests; play goes through `apply`.
    pub(crate) fn world_mut(&mut self) -> &mut World {
        self.app.world_mut()
    }

    /// The content this game plays (the setup's options applied).
    pub fn scenario(&self) -> &Arc<R::Content> {
        &self.content
    }

    /// The scenario as loaded, without the options this game's setup changed; a save records
    /// its hash so that replaying on the same file works.
    pub fn base_scenario(&self) -> &Arc<R::Content> {
        &self.base
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The decision the game waits on; `None` once the game is over.
    pub fn pending(&self) -> Option<&R::Decision> {
        self.world().resource::<Pending<R::Decision>>().0.as_ref()
    }

    /// The seat that must answer the pending decision.
    pub fn decider(&self) -> Option<&str> {
        self.pending().map(R::decider)
    }

    pub fn is_over(&self) -> bool {
        self.world().resource::<Flow>().over
    }

    pub fn flow(&self) -> &Flow {
        self.world().resource::<Flow>()
    }

    /// Every legal answer to the pending decision.
    pub fn legal_actions(&self) -> Vec<R::Action> {
        R::legal_actions(self.world())
    }

    /// Every legal answer to the pending decision with what it costs the deciding seat up front.
    pub fn legal_actions_with_costs(&self) -> Vec<(R::Action, R::Cost)> {
        R::legal_actions_with_costs(self.world())
    }

    /// What `action` would cost the seat deciding now (free when nobody decides).
    pub fn action_cost(&self, action: &R::Action) -> R::Cost {
        if self.pending().is_none() {
            return R::Cost::default();
        }
        R::cost(self.world(), action)
    }

    /// The legal answers with their costs, grouped by kind and target for people
    /// (`choices::group`): every legal action exactly once.
    pub fn grouped_choices(&self) -> Vec<crate::engine::choices::KindGroup<(R::Action, R::Cost)>> {
        let world = self.world();
        crate::engine::choices::group(self.legal_actions_with_costs(), R::kinds(), |(a, _)| {
            R::topic(world, a)
        })
    }

    /// Why `action` should be confirmed before it is taken, if it should (`Ruleset::warning`).
    pub fn warning(&self, action: &R::Action) -> Option<String> {
        self.pending()?;
        R::warning(self.world(), action)
    }

    /// What the rules say `action` does beyond its label (`Ruleset::explain`).
    pub fn explain(&self, action: &R::Action) -> Option<String> {
        self.pending()?;
        R::explain(self.world(), action)
    }

    /// Checks an action without applying it.
    pub fn check(&self, action: &R::Action) -> Result<(), Illegal> {
        R::check(self.world(), action)
    }

    /// Checks, records and applies an answer, then runs to the next decision. An illegal
    /// action changes nothing.
    pub fn apply(&mut self, action: R::Action) -> Result<(), Illegal> {
        self.check(&action)?;
        self.record_and_run(action);
        Ok(())
    }

    /// Records a checked answer in the history, hands it to the pending decision and runs to
    /// the next one.
    fn record_and_run(&mut self, action: R::Action) {
        let world = self.world_mut();
        world
            .res_mut::<ActionHistory<R::Action>>()
            .0
            .push(action.clone());
        world.res_mut::<Answer<R::Action>>().0 = Some(action);
        run_until_decision::<R>(world);
    }

    /// Applies an answer the rules' own check has just passed in this very state (a bot's
    /// choice, checked while it chose: `SeatBot::checked_answer`), without checking it again:
    /// the check is a tenth of a bot game's cost. Debug builds check it anyway and panic if it
    /// is illegal, so every test that plays bots holds the bots to their word.
    pub(crate) fn apply_checked(&mut self, action: R::Action) {
        #[cfg(debug_assertions)]
        if let Err(illegal) = self.check(&action) {
            panic!("a bot vouched for {action:?}, which the rules refuse: {illegal}");
        }
        self.record_and_run(action);
    }

    /// Applies like `apply` and says whether doing so showed something that was hidden or
    /// random (a die, a draw, a revealed card or secret): what a seat has seen cannot be taken
    /// back by undo, and a preview cannot show it in advance.
    pub fn apply_revealing(&mut self, action: R::Action) -> Result<bool, Illegal> {
        let seen = |g: &Self| {
            let rng = g.world().resource::<GameRng>();
            (rng.position(), rng.shown())
        };
        let before = seen(self);
        let log_before = self.log().entries.len();
        self.apply(action)?;
        Ok(seen(self) != before
            || self.log().entries[log_before..]
                .iter()
                .any(|e| R::reveals(e.rule)))
    }

    /// The same game rebuilt from its scenario, setup and seed with its first `actions`
    /// actions applied again (undo, previews): the game is deterministic, so nothing is
    /// re-rolled. Fails only when the actions do not replay (a broken save), with why.
    pub fn replayed_to(&self, actions: usize) -> Result<Game<R>, String> {
        let mut game = Game::<R>::new(self.base.clone(), self.setup.clone(), self.seed)
            .map_err(|e| e.to_string())?;
        for (i, action) in self.history()[..actions.min(self.history().len())]
            .iter()
            .enumerate()
        {
            game.apply(action.clone())
                .map_err(|e| format!("action {} does not replay: {e}", i + 1))?;
        }
        Ok(game)
    }

    /// Every action applied so far.
    pub fn history(&self) -> &[R::Action] {
        &self.world().resource::<ActionHistory<R::Action>>().0
    }

    pub fn log(&self) -> &GameLog {
        self.world().resource::<GameLog>()
    }

    /// The whole state (see `docs/state_hash.md`).
    pub fn snapshot(&self) -> R::Snapshot {
        R::snapshot(self.world())
    }

    /// What one seat may see: its own hidden things and everyone's public state (`None`: what
    /// a spectator sees).
    pub fn view(&self, seat: Option<&str>) -> R::View {
        R::view(self.world(), seat)
    }

    /// Hex digest of the whole game state.
    pub fn state_hash(&self) -> String {
        crate::engine::state::hash_of(&self.snapshot())
    }

    /// The winner once the game is over (`None` for a shared win or an unfinished game).
    pub fn winner(&self) -> Option<String> {
        R::winner(self.world())
    }

    /// Each seat's score as the ruleset counts it.
    pub fn scores(&self) -> Vec<(String, i32)> {
        R::scores(self.world())
    }
}

/// A new game on `content` with the seed and seats of `game` (hot reload, 19); with `replay`,
/// `game`'s actions applied again in order until the new rules refuse one. Returns the game, how
/// many actions were replayed and, when the replay stopped early, why.
pub fn restarted_on<R: Ruleset>(
    game: &Game<R>,
    content: std::sync::Arc<R::Content>,
    replay: bool,
) -> Result<(Game<R>, usize, Option<String>), String> {
    let mut fresh = Game::<R>::new(content, game.setup().clone(), game.seed())
        .map_err(|e| format!("the new scenario cannot be set up with these seats: {e}"))?;
    let mut replayed = 0;
    let mut stopped = None;
    if replay {
        for action in game.history() {
            match fresh.apply(action.clone()) {
                Ok(()) => replayed += 1,
                Err(illegal) => {
                    stopped = Some(format!(
                        "action {} ({action:?}) is refused now: {illegal}",
                        replayed + 1
                    ));
                    break;
                }
            }
        }
    }
    Ok((fresh, replayed, stopped))
}
