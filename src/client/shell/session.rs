//! The game in a ruleset's window, written once for every ruleset the shell hosts: loading the
//! scenario (or a save), who sits at the screen, the bots that answer for every other seat,
//! saves (`Ctrl+S`), undo (`Ctrl+Z`, back to the last decision a person made, replayed from the
//! start so nothing is re-rolled). Unattended runs are `unattended`'s.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;

use crate::client::automation::Automation;
use crate::client::shell::Shelled;
use crate::engine::content::{joined, read};
use crate::engine::game::Game;
use crate::engine::ruleset::SeatBot;
use crate::engine::save::Save;
use crate::engine::state::GameSetup;

static NEXT_GENERATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// Where the game comes from, as given on the command line.
#[derive(Resource, Clone, Debug, Default)]
pub struct Launch {
    pub scenario: Option<PathBuf>,
    pub load: Option<PathBuf>,
}

/// Where the window is: loading the scenario (a Bevy asset, `shell::loading`), then on the
/// screens of `Screen`.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShellState {
    #[default]
    Loading,
    Loaded,
    Failed,
}

/// Which screen the window shows.
#[derive(Resource, Clone, Debug, PartialEq)]
pub enum Screen {
    /// Choosing the scenario, who plays each seat, the options and the seed.
    NewGame(Box<crate::client::shell::new_game::NewGameForm>),
    Playing,
    /// The scenario or save cannot be used: every problem, one per line.
    Failed(String),
}

/// The loaded scenario, before a game starts.
#[derive(Resource)]
pub struct LoadedScenario<R: Shelled> {
    pub scenario: Arc<R::Content>,
    pub file: Option<String>,
}

impl<R: Shelled> Clone for LoadedScenario<R> {
    fn clone(&self) -> Self {
        Self {
            scenario: self.scenario.clone(),
            file: self.file.clone(),
        }
    }
}

/// The game in play. `Game` owns a Bevy `App`, which is not `Send`: non-send data.
pub struct Session<R: Shelled> {
    pub game: Game<R>,
    bot: R::Bot,
    /// Seats people decide for at this screen.
    pub humans: Vec<String>,
    /// The seat whose view the screen shows: the human deciding now, else the last one.
    pub front: String,
    /// Each action applied at this screen, for undo (a loaded game's earlier actions have none).
    marks: Vec<Mark>,
    pub scenario_file: Option<String>,
    /// Bumped on every change so the board repaints only when something happened.
    pub revision: u64,
    /// Different for every game put on the screen (a new game, a load): what was drawn or
    /// read for another game is stale whatever its revision.
    pub generation: u64,
    /// A message for the player (a save written, a save that replayed differently).
    pub notice: Option<String>,
    /// The seat whose person last took the mouse at a hot-seat hand-over (`None` before the
    /// first): while another person's seat decides, the hand-over screen covers the window.
    pub at_screen: Option<String>,
    /// A person's answer waiting for a second click, with why (`Ruleset::warning`).
    pub confirming: Option<(R::Action, String)>,
    /// The words the decision panel's grouped choices are filtered by.
    pub choice_filter: String,
    /// What the panels read, computed once per revision: the view of the seat in front and the
    /// legal answers to the pending decision.
    cache: Option<Cached<R>>,
    /// The last preview a choice's tooltip asked for (22, 23).
    previews: crate::engine::preview::PreviewCache<R>,
}

/// One action applied at this screen: where it stands in the history, who decided it, and
/// whether applying it showed a die, a card or a secret (undo never goes back past that).
struct Mark {
    at: usize,
    who: String,
    revealed: bool,
}

struct Cached<R: Shelled> {
    revision: u64,
    front: String,
    view: Arc<R::View>,
    legal: Arc<Vec<R::Action>>,
}

impl<R: Shelled> Session<R> {
    /// `humans`: the seats people play at this screen; those not in play are dropped. The
    /// screen shows the first of them (else seat 0, watched), then follows whoever decides.
    pub fn new(game: Game<R>, humans: Vec<String>, scenario_file: Option<String>) -> Self {
        let humans = in_play(&game, humans);
        let front = humans
            .first()
            .or(game.setup().players.first())
            .cloned()
            .unwrap_or_default();
        let seed = game.seed();
        let mut session = Session {
            game,
            bot: R::Bot::seeded(seed),
            humans,
            front,
            marks: Vec::new(),
            scenario_file,
            revision: 1,
            generation: next_generation(),
            notice: None,
            at_screen: None,
            confirming: None,
            choice_filter: String::new(),
            cache: None,
            previews: Default::default(),
        };
        session.follow_decision();
        session
    }

    /// Swaps in another game (a loaded save, a reloaded scenario): the people at the screen
    /// keep the seats still in play; with none left, seat 0 is a person's.
    pub fn replace(&mut self, game: Game<R>) {
        let mut humans = in_play(&game, std::mem::take(&mut self.humans));
        if humans.is_empty()
            && let Some(first) = game.setup().players.first()
        {
            humans.push(first.clone());
        }
        self.front = humans[0].clone();
        self.humans = humans;
        self.game = game;
        self.marks.clear();
        self.confirming = None;
        self.bot = R::Bot::seeded(self.game.seed());
        self.revision += 1;
        self.generation = next_generation();
        self.follow_decision();
    }

    /// The screen shows the person whose decision is pending.
    fn follow_decision(&mut self) {
        if let Some(decider) = self.game.decider()
            && self.humans.iter().any(|h| h == decider)
            && decider != self.front
        {
            self.front = decider.to_string();
        }
    }

    /// People decide for this seat at this screen.
    pub fn is_human(&self, seat: &str) -> bool {
        self.humans.iter().any(|h| h == seat)
    }

    /// A bot must answer the pending decision.
    pub fn bots_turn(&self) -> bool {
        self.game.decider().is_some_and(|d| !self.is_human(d))
    }

    /// The hot-seat hand-over screen must cover the window: another person's seat decides
    /// now (only with two or more people at the screen).
    pub fn handover_needed(&self) -> bool {
        self.humans.len() > 1
            && self.human_turn()
            && self.at_screen.as_deref() != Some(self.front.as_str())
    }

    /// The person whose seat decides took the mouse: the hand-over screen lifts.
    pub fn take_the_mouse(&mut self) {
        self.at_screen = Some(self.front.clone());
    }

    /// What `action` would do now, worked out by the rules on a copy of the game
    /// (`engine::preview`); nothing hidden or random is shown.
    pub fn preview(&self, action: &R::Action) -> crate::engine::preview::Preview {
        self.previews.get(self.revision, &self.game, action)
    }

    fn refresh(&mut self) -> &Cached<R> {
        let stale = self
            .cache
            .as_ref()
            .is_none_or(|c| c.revision != self.revision || c.front != self.front);
        if stale {
            self.cache = Some(Cached {
                revision: self.revision,
                front: self.front.clone(),
                view: Arc::new(self.game.view(Some(&self.front))),
                legal: Arc::new(self.game.legal_actions()),
            });
        }
        self.cache.as_ref().expect("just filled")
    }

    /// What `action` would do now, in words (22, 23): what the rules say of it
    /// (`Ruleset::explain`), what it changes, worked out by the rules on a copy of the game
    /// (`engine::preview`, nothing hidden or random shown), the rules it goes through, and why
    /// it would ask to be confirmed, if it would.
    pub fn preview_text(&self, action: &R::Action) -> String {
        let names = R::display_names(self.game.base_scenario());
        let preview = self
            .preview(action)
            .describe(&names, crate::client::rule_text::meaning);
        let preview = match self.game.explain(action) {
            Some(what) => format!("{what}\n\n{preview}"),
            None => preview,
        };
        match self.game.warning(action) {
            Some(why) => format!("{preview}\n\nAsks to be confirmed: {why}"),
            None => preview,
        }
    }

    /// What the seat in front of the screen may see.
    pub fn view(&mut self) -> Arc<R::View> {
        self.refresh().view.clone()
    }

    /// The legal answers to the pending decision.
    pub fn legal(&mut self) -> Arc<Vec<R::Action>> {
        self.refresh().legal.clone()
    }

    /// A person's answer from a panel: one the rules warn about (it costs Unrest, gives up a
    /// hex) waits for confirmation; any other is applied at once.
    pub fn choose(&mut self, action: R::Action) {
        match self.game.warning(&action) {
            Some(why) => self.confirming = Some((action, why)),
            None => self.apply(action),
        }
    }

    /// Applies a person's answer (the panels call this); a refusal becomes the notice.
    pub fn apply(&mut self, action: R::Action) {
        if let Err(illegal) = self.try_apply(action) {
            self.notice = Some(illegal.to_string());
        }
    }

    /// Applies an answer through the game's one door and marks it for undo; a refusal changes
    /// nothing.
    pub fn try_apply(&mut self, action: R::Action) -> Result<(), crate::engine::Illegal> {
        let who = self.game.decider().unwrap_or_default().to_string();
        let at = self.game.history().len();
        let revealed = self.game.apply_revealing(action)?;
        self.marks.push(Mark { at, who, revealed });
        self.revision += 1;
        self.follow_decision();
        Ok(())
    }

    /// Lets the bot answer the pending decision, whoever's it is (an unattended run plays the
    /// people's seats too). `false` when it had nothing to answer.
    pub fn step_bot(&mut self) -> bool {
        let Some(action) = self.bot.choose(&self.game) else {
            return false;
        };
        match self.try_apply(action) {
            Ok(()) => true,
            Err(illegal) => {
                error!("a bot chose an illegal action: {illegal}");
                false
            }
        }
    }

    /// Whether a person decides now.
    pub fn human_turn(&self) -> bool {
        self.game
            .decider()
            .is_some_and(|d| self.humans.iter().any(|h| h == d))
    }

    /// The mark of the last decision taken at this screen by a person, if it was the person
    /// deciding now, no other seat (a person or a bot) answered anything since, and nothing
    /// shown since (a die, a card, a secret) forbids taking it back. Another seat's answer is a
    /// barrier: taking it back would let a person try a move, see how another player answers
    /// (from a hand or a temperament they cannot see), and try another.
    fn undoable(&self) -> Result<usize, &'static str> {
        let last = self
            .marks
            .iter()
            .rposition(|m| self.is_human(&m.who))
            .filter(|&last| self.human_turn() && self.game.decider() == Some(&self.marks[last].who))
            .ok_or("Nothing of yours to undo: only the last decision of the person deciding now, made at this screen, can be taken back")?;
        if self.marks[last..]
            .iter()
            .any(|m| m.who != self.marks[last].who)
        {
            return Err("Cannot undo: another player has answered since your last decision");
        }
        if self.marks[last..].iter().any(|m| m.revealed) {
            return Err(
                "Cannot undo: a die was rolled or a card or secret shown since your last decision",
            );
        }
        Ok(last)
    }

    /// Whether `undo` would take something back now.
    pub fn can_undo(&self) -> bool {
        self.undoable().is_ok()
    }

    /// Back to before the last decision of the person deciding now: the game is replayed from
    /// the start with the actions before it, so every roll comes out as it did. Refused when
    /// another seat answered since, or when that decision or anything after it showed a die, a
    /// card or a secret: what was seen cannot be unseen. The bots keep their state (no bot
    /// answered since, so nothing of theirs is taken back or re-rolled). Returns whether it
    /// went back; the notice says what happened.
    pub fn undo(&mut self) -> bool {
        let last = match self.undoable() {
            Ok(last) => last,
            Err(why) => {
                self.notice = Some(why.into());
                return false;
            }
        };
        let game = match self.game.replayed_to(self.marks[last].at) {
            Ok(g) => g,
            Err(e) => {
                self.notice = Some(e);
                return false;
            }
        };
        self.game = game;
        // The log is a new one (replayed), not a continuation of the one shown.
        self.generation = next_generation();
        self.marks.truncate(last);
        self.confirming = None;
        self.revision += 1;
        self.follow_decision();
        self.notice = Some("Undone: back to before your last decision".into());
        true
    }
}

fn next_generation() -> u64 {
    NEXT_GENERATION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Those of `seats` that hold a seat in `game`, each once.
fn in_play<R: Shelled>(game: &Game<R>, seats: Vec<String>) -> Vec<String> {
    let players = &game.setup().players;
    let mut kept: Vec<String> = Vec::new();
    for seat in seats {
        if players.contains(&seat) && !kept.contains(&seat) {
            kept.push(seat);
        }
    }
    kept
}

/// The session's systems for ruleset `R`.
pub struct ShellSessionPlugin<R: Shelled>(std::marker::PhantomData<R>);

impl<R: Shelled> Default for ShellSessionPlugin<R> {
    fn default() -> Self {
        Self(std::marker::PhantomData)
    }
}

impl<R: Shelled> Plugin for ShellSessionPlugin<R> {
    fn build(&self, app: &mut App) {
        app.insert_resource(BotPace::new::<R>())
            .add_systems(OnEnter(ShellState::Loaded), start_from_loaded::<R>)
            .add_systems(OnEnter(ShellState::Failed), loading_failed::<R>)
            .add_systems(
                Update,
                (
                    play_bots::<R>,
                    keys::<R>.run_if(not(egui_wants_any_keyboard_input)),
                    crate::client::shell::saves::autosave_each_round::<R>,
                )
                    .chain(),
            );
    }
}

/// The window could not load its scenario: the failure screen lists why.
fn loading_failed<R: Shelled>(world: &mut World) {
    let mut lines = crate::client::shell::loading::load_failure::<R>(world);
    if lines.is_empty() {
        let shown = world
            .resource::<crate::client::shell::loading::ScenarioOrigin>()
            .shown();
        lines.push(format!("{shown}: the scenario could not be loaded"));
    }
    fail(world, lines.join("\n"));
}

/// The scenario is loaded: a save given with `--load` is replayed on it, an unattended run
/// starts a game of bots, and otherwise the new-game screen opens.
fn start_from_loaded<R: Shelled>(world: &mut World) {
    let launch = world.resource::<Launch>().clone();
    let automation = world.resource::<Automation>().clone();
    let origin = world
        .resource::<crate::client::shell::loading::ScenarioOrigin>()
        .clone();
    let loaded = world
        .get_resource::<crate::client::shell::loading::ContentAssets<R>>()
        .and_then(|assets| {
            assets.get(world.resource::<Assets<crate::client::shell::loading::ContentAsset<R>>>())
        });
    let Some(scenario) = loaded else {
        fail(
            world,
            format!(
                "{}: the scenario asset is missing after loading",
                origin.shown()
            ),
        );
        return;
    };
    let save = match &launch.load {
        Some(path) => match Save::<R>::read(path) {
            Ok(save) => Some(save),
            Err(e) => {
                fail(world, format!("{}: {e}", path.display()));
                return;
            }
        },
        None => None,
    };
    // A save that names a file outside the game's folder is refused (the window then loaded
    // the embedded scenario).
    if let (None, Some(s)) = (&launch.scenario, &save)
        && let Err(e) = crate::engine::save::scenario_file_of(s.scenario_file.as_deref())
    {
        fail(world, e.to_string());
        return;
    }
    let file = origin.file();
    let file = file.map(|p| p.display().to_string());
    if let (Some(save), Some(from)) = (save, &launch.load) {
        match replayed_session(from, save, scenario, file) {
            Ok(session) => {
                world.insert_non_send(session);
                world.insert_resource(Screen::Playing);
            }
            Err(e) => fail(world, e),
        }
        return;
    }
    world.insert_resource(LoadedScenario::<R> {
        scenario: scenario.clone(),
        file: file.clone(),
    });
    if automation.is_active() {
        // Nobody is at the screen: bots play every seat.
        let game = Game::<R>::new(scenario, GameSetup::default(), 1)
            .expect("a validated scenario sets up");
        world.insert_non_send(Session::new(game, Vec::new(), file));
        world.insert_resource(Screen::Playing);
    } else {
        let form = crate::client::shell::new_game::NewGameForm::new::<R>(
            &scenario,
            launch.scenario.clone(),
            crate::client::shell::new_game::new_seed(),
        )
        .look_around::<R>(Path::new("."));
        world.insert_resource(Screen::NewGame(Box::new(form)));
    }
}

/// A save replayed as far as today's rules allow, as the game at the screen. The first seat
/// is the person's; bots play the others.
fn replayed_session<R: Shelled>(
    from: &Path,
    save: Save<R>,
    scenario: Arc<R::Content>,
    file: Option<String>,
) -> Result<Session<R>, String> {
    let replayed = save.replay_lenient(scenario).map_err(|e| e.to_string())?;
    let actions = replayed.game.history().len();
    let humans = replayed
        .game
        .setup()
        .players
        .iter()
        .take(1)
        .cloned()
        .collect();
    let mut session = Session::new(replayed.game, humans, file);
    session.notice = Some(match replayed.problem {
        None => "Loaded".into(),
        Some(p) => {
            crate::client::shell::saves::replay_notice(&from.display().to_string(), actions, &p)
        }
    });
    Ok(session)
}

/// Opens a save in the running window, on the scenario file it names (or the embedded one).
/// A save on a board the window cannot redraw (`Shelled::same_board`) needs a fresh window
/// (`--load`).
pub fn open_save<R: Shelled>(world: &mut World, path: &Path) -> Result<(), String> {
    let save = Save::<R>::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let named = crate::engine::save::scenario_file_of(save.scenario_file.as_deref())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let file = save.scenario_file.clone();
    let scenario = match &named {
        None => R::default_scenario(),
        Some(p) => {
            let f = p.display().to_string();
            let text = read(p).map_err(|e| joined(&e))?;
            Arc::new(R::parse_content(&text, &f).map_err(|e| joined(&e))?)
        }
    };
    if let Some(current) = world.get_non_send::<Session<R>>()
        && !R::same_board(current.game.scenario(), &scenario)
    {
        return Err(format!(
            "{} is on another board; open it with `regnum --load {}`",
            path.display(),
            path.display()
        ));
    }
    let session = replayed_session(path, save, scenario, file)?;
    world.insert_non_send(session);
    world.insert_resource(Screen::Playing);
    Ok(())
}

fn fail(world: &mut World, problems: String) {
    eprintln!("{problems}");
    world.insert_resource(Screen::Failed(problems));
}

/// Starts the game chosen on the new-game screen.
pub fn start_game<R: Shelled>(
    world: &mut World,
    settings: &crate::client::shell::new_game::NewGameSettings,
) {
    let loaded = world.resource::<LoadedScenario<R>>().clone();
    match Game::<R>::new(loaded.scenario, settings.setup(), settings.seed) {
        Ok(game) => {
            world.insert_non_send(Session::new(game, settings.humans.clone(), loaded.file));
            world.insert_resource(Screen::Playing);
        }
        // The form says why, and the person may change it.
        Err(e) => {
            if let Some(mut screen) = world.get_resource_mut::<Screen>()
                && let Screen::NewGame(form) = &mut *screen
            {
                form.error = Some(format!("The game cannot be set up: {e}"));
            } else {
                fail(world, e.to_string());
            }
        }
    }
}

/// Puts the scenario or mod file picked on the new-game screen in place of the loaded one
/// (the form then shows its seats and options), or says why it cannot be played.
pub fn switch_scenario<R: Shelled>(world: &mut World, path: &Path) {
    let shown = path.display().to_string();
    let content = read(path).and_then(|text| R::parse_content(&text, &shown));
    let Some(Screen::NewGame(form)) = world.get_resource::<Screen>().cloned() else {
        return;
    };
    let form = match content {
        Ok(content) => {
            let form = form.on::<R>(&content, path.to_path_buf());
            world.insert_resource(LoadedScenario::<R> {
                scenario: Arc::new(content),
                file: Some(shown),
            });
            // Hot reload follows the file picked.
            world.insert_resource(crate::client::shell::hot_reload::ScenarioWatch::new(
                path.to_path_buf(),
            ));
            form
        }
        Err(errors) => {
            let lines: Vec<String> = errors.iter().take(5).map(ToString::to_string).collect();
            let mut form = *form;
            form.error = Some(lines.join("\n"));
            form
        }
    };
    world.insert_resource(Screen::NewGame(Box::new(form)));
}

/// Frame time fast-forward may spend on bot actions before letting the window redraw.
const FAST_FORWARD_BUDGET: std::time::Duration = std::time::Duration::from_millis(30);

/// How the bots play at the screen: one action every `Shelled::BOT_STEP_SECONDS` so people
/// can follow them, or, fast-forwarded, all at once up to a person's next decision.
#[derive(Resource)]
pub struct BotPace {
    timer: Timer,
    /// Play every bot decision at once until it is a person's turn again.
    pub fast_forward: bool,
    /// The board is still showing the last moves (a window's animation sets this): the bots
    /// wait so people can follow them.
    pub held: bool,
}

impl BotPace {
    pub fn new<R: Shelled>() -> Self {
        BotPace {
            timer: Timer::from_seconds(R::BOT_STEP_SECONDS, TimerMode::Repeating),
            fast_forward: false,
            held: false,
        }
    }
}

/// Bots answer every decision no person at the screen owns, at the pace of `BotPace` (the
/// screen follows the person who decides; `Session::handover_needed` covers it between two
/// people). In an unattended run the bots play every seat through `unattended` instead.
pub fn play_bots<R: Shelled>(
    time: Res<Time>,
    automation: Res<Automation>,
    mut pace: ResMut<BotPace>,
    session: Option<NonSendMut<Session<R>>>,
) {
    let Some(mut session) = session else { return };
    if automation.is_active() {
        return;
    }
    if pace.fast_forward {
        let started = std::time::Instant::now();
        let mut stepped = false;
        while session.bots_turn() && started.elapsed() < FAST_FORWARD_BUDGET {
            if !session.step_bot() {
                break;
            }
            stepped = true;
        }
        // Switched on during the person's own turn, it waits for the bots' next run; it is
        // done once they have played up to the person's next decision.
        if (stepped && !session.bots_turn()) || session.game.is_over() {
            pace.fast_forward = false;
        }
        return;
    }
    if pace.held {
        return;
    }
    if pace.timer.tick(time.delta()).just_finished() && session.bots_turn() {
        session.step_bot();
    }
}

fn keys<R: Shelled>(keyboard: Res<ButtonInput<KeyCode>>, session: Option<NonSendMut<Session<R>>>) {
    let Some(mut session) = session else { return };
    let ctrl = keyboard.pressed(KeyCode::ControlLeft) || keyboard.pressed(KeyCode::ControlRight);
    if ctrl && keyboard.just_pressed(KeyCode::KeyS) {
        save(&mut session, Path::new(R::QUICKSAVE));
    }
    if ctrl && keyboard.just_pressed(KeyCode::KeyZ) {
        session.undo();
    }
}

/// Writes a save (to a temporary file, then renamed); the notice says where, or why not.
pub fn save<R: Shelled>(session: &mut Session<R>, path: &Path) {
    let written = crate::client::shell::saves::write_save(
        &session.game,
        session.scenario_file.as_deref(),
        path,
    );
    session.notice = Some(match written {
        Ok(()) => format!("Saved to {}", path.display()),
        Err(e) => format!("Cannot save to {}: {e}", path.display()),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::raison::RaisonDEtat;

    /// Whether applying `a` now would show something hidden (worked out on a copy).
    fn would_reveal<R: Shelled>(game: &Game<R>, a: &R::Action) -> bool {
        let mut copy = game.replayed_to(game.history().len()).unwrap();
        copy.apply_revealing(a.clone()).unwrap()
    }

    /// Undo was refused and said so.
    fn assert_undo_refused<R: Shelled>(session: &Session<R>) {
        assert!(
            session
                .notice
                .as_deref()
                .unwrap()
                .starts_with("Cannot undo")
        );
    }

    fn game_with(actions: usize) -> Game<RaisonDEtat> {
        let mut game = Game::<RaisonDEtat>::new(
            crate::rulesets::raison::content::default_scenario(),
            Default::default(),
            3,
        )
        .unwrap();
        for _ in 0..actions {
            let a = game.legal_actions().into_iter().next().unwrap();
            game.apply(a).unwrap();
        }
        game
    }

    #[test]
    fn undo_goes_back_to_a_persons_last_decision_of_a_loaded_game_and_never_past_a_reveal() {
        // A loaded game: its earlier actions were not taken at this screen.
        let game = game_with(5);
        let seats = game.setup().players.clone();
        let mut session = Session::new(game, seats, None);
        let mut undone = 0;
        let mut refused = 0;
        let mut passed_on = 0;
        for _ in 0..120 {
            if session.game.is_over() {
                break;
            }
            let len = session.game.history().len();
            let hash = session.game.state_hash();
            let who = session.game.decider().unwrap().to_string();
            let a = session.legal().first().cloned().unwrap();
            let revealed = would_reveal(&session.game, &a);
            session.apply(a);
            let still_theirs = session.game.decider() == Some(who.as_str());
            let after = session.game.state_hash();
            session.undo();
            if !still_theirs {
                // Hot-seat: the next person cannot take back the one before's decision.
                assert_eq!(session.game.state_hash(), after);
                assert!(
                    session
                        .notice
                        .as_deref()
                        .unwrap()
                        .starts_with("Nothing of yours")
                );
                passed_on += 1;
                continue;
            }
            if revealed {
                // What was shown stays shown: the game goes on from it.
                assert_eq!(session.game.history().len(), len + 1);
                assert_undo_refused(&session);
                refused += 1;
            } else {
                assert_eq!(
                    session.game.history().len(),
                    len,
                    "back to before it, not to 0"
                );
                assert_eq!(session.game.state_hash(), hash);
                undone += 1;
                // Move on with the same answer.
                let a = session.legal().first().cloned().unwrap();
                session.apply(a);
            }
        }
        assert!(
            undone > 0 && refused > 0 && passed_on > 0,
            "{undone} undone, {refused} refused, {passed_on} passed on"
        );
    }

    /// A Kingdom game whose first seat is a person's and whose other seat a bot answers for
    /// (the session's own bots are not used: the tests step them).
    fn kingdom_with_one_person(
        seed: u64,
    ) -> (
        Session<crate::rulesets::kingdom::Kingdom>,
        String,
        <crate::rulesets::kingdom::Kingdom as crate::engine::ruleset::Ruleset>::Bot,
    ) {
        use crate::engine::ruleset::SeatBot;
        let game = Game::<crate::rulesets::kingdom::Kingdom>::new(
            crate::rulesets::kingdom::content::default_scenario(),
            Default::default(),
            seed,
        )
        .unwrap();
        let person = game.setup().players[0].clone();
        let session = Session::new(game, vec![person.clone()], None);
        (session, person, SeatBot::seeded(seed))
    }

    #[test]
    fn undo_is_refused_when_a_bot_rolled_or_drew_after_the_persons_decision() {
        let (mut session, person, mut bot) = kingdom_with_one_person(4);
        let mut refused = false;
        // A bot showed a roll or a card since the person's last decision.
        let mut shown_since = false;
        for _ in 0..3000 {
            if session.game.is_over() {
                break;
            }
            if session.human_turn() {
                // Back at the person's decision after a bot's roll or draw: undo must refuse
                // and leave the game as it is.
                if shown_since {
                    let hash = session.game.state_hash();
                    assert!(!session.can_undo());
                    assert!(!session.undo());
                    assert_undo_refused(&session);
                    assert_eq!(session.game.state_hash(), hash);
                    refused = true;
                    break;
                }
                let a = session.legal().first().cloned().unwrap();
                session.apply(a);
                continue;
            }
            let a = bot.choose(&session.game).unwrap();
            let person_acted = session.marks.iter().any(|m| m.who == person);
            shown_since |= person_acted && would_reveal(&session.game, &a);
            session.apply(a);
        }
        assert!(
            refused,
            "no bot roll or draw followed the person's decision"
        );
    }

    #[test]
    fn undo_stops_at_another_seats_answer_and_leaves_the_bots_as_they_were() {
        use crate::engine::ruleset::Ruleset;
        let (mut session, person, mut bot) = kingdom_with_one_person(6);
        let mut undone = false;
        let mut barred = false;
        for _ in 0..3000 {
            if session.game.is_over() || (undone && barred) {
                break;
            }
            if session.human_turn() {
                // Right after the person's own answer, with nothing shown and the turn still
                // theirs, undo goes back.
                let legal = session.legal();
                let keeps_the_turn =
                    |a: &<crate::rulesets::kingdom::Kingdom as Ruleset>::Action| {
                        let mut copy = session
                            .game
                            .replayed_to(session.game.history().len())
                            .unwrap();
                        let revealed = copy.apply_revealing(a.clone()).unwrap();
                        !revealed && copy.decider() == Some(person.as_str())
                    };
                if !undone && let Some(a) = legal.iter().take(8).find(|a| keeps_the_turn(a)) {
                    let hash = session.game.state_hash();
                    session.apply(a.clone());
                    assert!(session.undo(), "{:?}", session.notice);
                    assert_eq!(session.game.state_hash(), hash);
                    undone = true;
                }
                let a = session.legal().first().cloned().unwrap();
                session.apply(a);
                continue;
            }
            let a = bot.choose(&session.game).unwrap();
            session.apply(a);
            // Back at the person's decision after a bot answered: refused, nothing changed.
            if session.human_turn() && session.marks.iter().any(|m| m.who == person) {
                let hash = session.game.state_hash();
                assert!(!session.can_undo());
                assert!(!session.undo());
                assert_undo_refused(&session);
                assert_eq!(session.game.state_hash(), hash);
                barred = true;
            }
        }
        assert!(undone && barred, "undone {undone}, barred {barred}");
    }

    #[test]
    fn a_game_the_form_cannot_set_up_says_why_on_the_form_and_a_seat_may_sit_out() {
        use crate::client::shell::new_game::{NewGameForm, SeatChoice};
        // Raison d'Etat seats at least three Majors: with two, the form says so.
        let content = crate::rulesets::raison::content::default_scenario();
        let mut form = NewGameForm::new::<RaisonDEtat>(&content, None, 1);
        for line in form.seats.iter_mut().skip(2) {
            line.choice = SeatChoice::NotPlaying;
        }
        let mut world = World::new();
        world.insert_resource(LoadedScenario::<RaisonDEtat> {
            scenario: content.clone(),
            file: None,
        });
        world.insert_resource(Screen::NewGame(Box::new(form.clone())));
        start_game::<RaisonDEtat>(&mut world, &form.settings().unwrap());
        match world.resource::<Screen>() {
            Screen::NewGame(form) => assert!(
                form.error
                    .as_deref()
                    .is_some_and(|e| e.contains("at least 3")),
                "{:?}",
                form.error
            ),
            other => panic!("{other:?}"),
        }
        assert!(world.get_non_send::<Session<RaisonDEtat>>().is_none());
        // Three Majors seated, the rest played as Minors: the game starts.
        form.seats[2].choice = SeatChoice::Bot;
        start_game::<RaisonDEtat>(&mut world, &form.settings().unwrap());
        assert_eq!(*world.resource::<Screen>(), Screen::Playing);
        let session = world.get_non_send::<Session<RaisonDEtat>>().unwrap();
        assert_eq!(session.game.setup().players.len(), 3);
    }
}
