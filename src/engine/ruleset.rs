//! The ruleset contract: what a ruleset gives the engine so that the engine can host it.
//!
//! The engine (`Game`, saves, replays, the command line, the client shell) is written once and
//! knows a ruleset only through this trait. A ruleset brings its own content schema, its own
//! `Action` and `Decision` types, its sequence of steps (a `Flow` of its own, one schedule per
//! step), its legality checks and costs, its part of the state hash, its scoring, its
//! per-seat view and its bot. `docs/rulesets.md` walks through adding one.

use std::fmt::Debug;
use std::hash::Hash;
use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::engine::content::ContentError;
use crate::engine::decision::Illegal;
use crate::engine::game::{Game, GameError};
use crate::engine::state::GameSetup;

/// Which ruleset a scenario or save is played with: the `ruleset:` field of every scenario.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RulesetId {
    /// Price of Power (seeds 000-002).
    #[default]
    PriceOfPower,
    /// Kingdom (seed 004): a hex-claiming kingdom's monthly turn.
    Kingdom,
    /// Raison d'Etat (seed 003): an action dial per Power, coalitions, battle cards.
    RaisonDEtat,
}

impl RulesetId {
    pub const ALL: [RulesetId; 3] = [
        RulesetId::PriceOfPower,
        RulesetId::Kingdom,
        RulesetId::RaisonDEtat,
    ];

    /// The ruleset's name as players know it.
    pub fn title(self) -> &'static str {
        match self {
            RulesetId::PriceOfPower => "Price of Power",
            RulesetId::Kingdom => "Kingdom",
            RulesetId::RaisonDEtat => "Raison d'Etat",
        }
    }

    /// The name written in scenario files (`ruleset: PriceOfPower`).
    pub fn key(self) -> &'static str {
        match self {
            RulesetId::PriceOfPower => "PriceOfPower",
            RulesetId::Kingdom => "Kingdom",
            RulesetId::RaisonDEtat => "RaisonDEtat",
        }
    }

    pub fn from_key(key: &str) -> Option<RulesetId> {
        RulesetId::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// What a content file of a ruleset turned out to be, for `regnum check`'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub ruleset: RulesetId,
    /// "scenario 1444 (Europe in 1444)", "mod my_mod on 1444", ...
    pub summary: String,
}

/// A bot for one ruleset: answers the pending decision of any seat it is asked for, through the
/// legal actions the engine lists. Bots decide from what their seat may see (`Ruleset::view`).
pub trait SeatBot<R: Ruleset> {
    /// A bot whose own choices (temperament, tie-breaks) follow `seed`.
    fn seeded(seed: u64) -> Self;
    /// The answer to the pending decision, `None` once the game is over.
    fn choose(&mut self, game: &Game<R>) -> Option<R::Action>;
    /// Whether the rules' own check (`Ruleset::check`, or the same check with the pending
    /// decision found once) passed the answer `choose` last gave, in the state it was chosen
    /// in. A bot that checked its candidates says so, and `play_out` applies the answer
    /// without checking it a second time (debug builds check it anyway and fail loudly if
    /// the bot was wrong).
    fn checked_answer(&self) -> bool {
        false
    }
}

/// One ruleset the engine can host.
///
/// Every function that reads the game takes the `World` of a game built by `build`; the engine
/// never changes that world except by writing the answer to a pending decision and running the
/// steps' schedules (`engine::flow::run_until_decision`).
pub trait Ruleset: Sized + Send + Sync + 'static {
    /// The id scenarios of this ruleset carry in their `ruleset:` field.
    const ID: RulesetId;
    /// The rule id logged when the sequence of play enters a new phase.
    const PHASE_RULE: &'static str;

    /// The ruleset's scenario: its own schema, read from RON.
    type Content: Serialize + Send + Sync + 'static;
    /// An answer to a decision: what humans, bots and saves send through `Game::apply`.
    type Action: Clone
        + Debug
        + PartialEq
        + Eq
        + Hash
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// A question the game waits on.
    type Decision: Clone + Debug + Serialize + Send + Sync + 'static;
    /// What an action costs the deciding seat up front.
    type Cost: Clone + Debug + Default + Serialize;
    /// Everything that decides what happens next: serialized and hashed for the state hash.
    type Snapshot: Serialize;
    /// What one seat may see: its own hidden things and everyone's public state.
    type View: Serialize;
    /// The ruleset's bot.
    type Bot: SeatBot<Self>;

    /// Parses and validates a scenario text of this ruleset; every problem as
    /// `file:line:col: message`, all at once.
    fn parse_content(text: &str, file: &str) -> Result<Self::Content, Vec<ContentError>>;
    /// The scenario embedded in the game, played when no file is given.
    fn default_content() -> Arc<Self::Content>;
    /// Checks a scenario or mod file of this ruleset (a mod applied to its base).
    fn check_file(path: &Path, text: &str) -> Result<Checked, Vec<ContentError>>;
    /// The scenario's id, written into saves.
    fn content_id(content: &Self::Content) -> &str;
    /// The scenario's name as players read it.
    fn content_name(content: &Self::Content) -> &str;

    /// The seats in play, in seat order, from the setup (empty: all of the scenario's).
    fn players(content: &Self::Content, setup: &GameSetup) -> Result<Vec<String>, GameError>;
    /// The content as this game plays it: the setup's options applied (the same `Arc` when they
    /// change nothing).
    fn configure(content: &Arc<Self::Content>, setup: &GameSetup) -> Arc<Self::Content>;
    /// The options a game's setup may switch on or off (`GameSetup::option`), which
    /// `configure` reads; a setup naming another is refused. None by default.
    fn option_names() -> &'static [&'static str] {
        &[]
    }
    /// Inserts the content resource the rules read; the engine's own resources come next.
    fn insert_content(app: &mut App, content: &Arc<Self::Content>);
    /// Adds the ruleset's resources, its `Flow` and its rules plugins, then spawns the scenario's
    /// board, seats and pieces into the world.
    fn build(app: &mut App, content: &Arc<Self::Content>, players: &[String]);

    /// The seat (realm, kingdom, Power) that must answer a decision.
    fn decider(decision: &Self::Decision) -> &str;
    /// A decision in a few words for people and logs: who decides what (`FRA (Turn)`).
    fn describe_decision(decision: &Self::Decision) -> String;
    /// A cost in a few words (`2 ADM, 3 ducats`; empty when free).
    fn describe_cost(cost: &Self::Cost) -> String;
    /// Every legal answer to the pending decision.
    fn legal_actions(world: &World) -> Vec<Self::Action>;
    /// Whether `action` answers the pending decision legally; if not, the rule id that forbids it.
    fn check(world: &World, action: &Self::Action) -> Result<(), Illegal>;
    /// Whether `legal_actions` lists every legal action of this one's shape. An action with
    /// open-ended amounts (a proposal bundling any provinces for any price) is legal whenever
    /// `check` allows it, while the list offers only a sample; the fuzz targets hold every
    /// other accepted action to having been offered.
    fn listed_in_full(_action: &Self::Action) -> bool {
        true
    }
    /// What `action` costs the seat deciding now.
    fn cost(world: &World, action: &Self::Action) -> Self::Cost;
    /// The kinds of action in the order the client lists them (`choices::group`).
    fn kinds() -> &'static [&'static str] {
        &[]
    }
    /// What `action` is about: its kind (one of `kinds`) and the piece or place it concerns,
    /// as data (the client groups choices with it and points at the target on the board).
    fn topic(_world: &World, _action: &Self::Action) -> crate::engine::choices::Topic {
        crate::engine::choices::Topic::new("Choices")
    }
    /// Why `action` should be confirmed before it is taken, in words the player reads (it costs
    /// Stability or Prestige, starts a war, cannot be undone), from the same rules that apply
    /// it; `None` for an ordinary choice. The client asks before sending such an action.
    fn warning(_world: &World, _action: &Self::Action) -> Option<String> {
        None
    }
    /// What the rules say `action` does, in the player's words, where its label and its preview
    /// do not tell it all (a consequence that shows later, a choice that costs nothing); `None`
    /// for an ordinary choice. The client shows it on hover.
    fn explain(_world: &World, _action: &Self::Action) -> Option<String> {
        None
    }
    /// Every legal answer with its cost (a ruleset may compute them together, faster).
    fn legal_actions_with_costs(world: &World) -> Vec<(Self::Action, Self::Cost)> {
        Self::legal_actions(world)
            .into_iter()
            .map(|a| {
                let cost = Self::cost(world, &a);
                (a, cost)
            })
            .collect()
    }

    /// The whole state, for the state hash (`docs/state_hash.md`).
    fn snapshot(world: &World) -> Self::Snapshot;
    /// What `seat` may see (`None`: a spectator, public state only).
    fn view(world: &World, seat: Option<&str>) -> Self::View;
    /// The winner once the game is over (`None` for a shared win or an unfinished game).
    fn winner(world: &World) -> Option<String>;
    /// Each seat's score as the ruleset counts it (final once the game is over).
    fn scores(world: &World) -> Vec<(String, i32)>;
    /// Every rule id the ruleset writes into the log.
    fn rule_ids() -> &'static [&'static str];
    /// The figures the Stats window charts for every seat (19), by name, in the order
    /// `figures` gives them. None by default.
    fn figure_names() -> &'static [&'static str] {
        &[]
    }
    /// Each seat's figures as they stand, in the order of `figure_names`.
    fn figures(_world: &World) -> Vec<(String, Vec<i32>)> {
        Vec::new()
    }
    /// Whether a log entry under `rule` shows something that was hidden or random: a die, a
    /// draw, a revealed card, a secret choice made known. Undo never goes back past one, and a
    /// preview never shows one in advance. A moving RNG is caught apart from this, so a ruleset
    /// only needs to name what reveals without rolling (a card off an already shuffled deck, a
    /// secret). By default: rules whose ids speak of rolls, dice, draws, reveals or battles.
    fn reveals(rule: &str) -> bool {
        crate::engine::preview::names_a_word(rule, crate::engine::preview::GENERIC_REVEALS)
    }
    /// Where the game stands for a preview (`engine::preview`): each seat's figures by name
    /// and the public facts between seats. By default the Stats window's figures, no facts.
    fn standing(world: &World) -> crate::engine::preview::Standing {
        crate::engine::preview::Standing::of_figures(Self::figure_names(), Self::figures(world))
    }
    /// The log's rule ids that mean a seat is in trouble (a bankruptcy, Anarchy, a battle
    /// lost), each with a plural label: the balance report counts them per seat.
    fn trouble_rules() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The names the content gives its ids (realms, places, characters, cards ...), for log
    /// text shown to people (`engine::log::DisplayNames`). None by default.
    fn display_names(_content: &Self::Content) -> crate::engine::log::DisplayNames {
        crate::engine::log::DisplayNames::default()
    }
    /// Each seat's final score as `simulate` reports it: at least `realm` and `total`, and the
    /// ruleset's own lines beside them.
    fn final_scores(world: &World) -> Vec<serde_json::Value> {
        Self::scores(world)
            .into_iter()
            .map(|(realm, total)| serde_json::json!({ "realm": realm, "total": total }))
            .collect()
    }
    /// What is wrong with the state, if anything: broken invariants of the ruleset (no
    /// negative treasury or pool, figures inside their tracks), each in words. Checked after
    /// every action by `simulate --check-invariants`.
    fn broken_invariants(_world: &World) -> Vec<String> {
        Vec::new()
    }
    /// When a log entry happened, in the ruleset's own calendar (the log's `age` and `round`).
    fn time_label(age: u8, round: u8) -> String {
        format!("Age {age} Round {round}")
    }
}

/// A bot game still going after this many actions is stuck (a question that keeps coming back,
/// say): `play_out` stops it rather than run for ever. Whole games of every ruleset take a few
/// thousand.
pub const MAX_BOT_ACTIONS: usize = 200_000;

/// How a game played by `play_out` stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayedOut {
    /// The game is over.
    Over,
    /// The bot found no answer.
    NoAnswer,
    /// `MAX_BOT_ACTIONS` were applied and the game went on: it was stopped.
    Stuck,
}

/// Plays a game to its end with the ruleset's bot in every seat (the bot's own choices follow
/// `seed`).
pub fn play_out<R: Ruleset>(game: &mut Game<R>, seed: u64) -> PlayedOut {
    play_out_checking(game, seed, |_, _| {})
}

/// `play_out`, calling `after` with the game and the number of actions applied after each one.
pub fn play_out_checking<R: Ruleset>(
    game: &mut Game<R>,
    seed: u64,
    after: impl FnMut(&Game<R>, usize),
) -> PlayedOut {
    play_out_within(game, seed, MAX_BOT_ACTIONS, after)
}

/// `play_out_checking`, stopping the game as stuck after `max_actions`.
pub fn play_out_within<R: Ruleset>(
    game: &mut Game<R>,
    seed: u64,
    max_actions: usize,
    mut after: impl FnMut(&Game<R>, usize),
) -> PlayedOut {
    let mut bot = R::Bot::seeded(seed);
    let mut applied = 0;
    while !game.is_over() {
        if applied >= max_actions {
            return PlayedOut::Stuck;
        }
        let Some(action) = bot.choose(game) else {
            return PlayedOut::NoAnswer;
        };
        if bot.checked_answer() {
            // Nothing changed the game since the bot's check of this very answer.
            game.apply_checked(action);
        } else {
            game.apply(action).expect("bots only choose legal actions");
        }
        applied += 1;
        after(game, applied);
    }
    PlayedOut::Over
}
