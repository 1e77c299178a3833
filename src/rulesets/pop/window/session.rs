//! The game in play: built when entering `AppState::Playing` from the loaded scenario and the
//! new-game screen's `ChosenSettings` (without them, as in unattended runs: every Player Realm
//! plays and seat 0 is the human's). Every realm marked human is decided at this screen
//! (hot-seat); the bots play the others.
//!
//! Choices reach the game only through `Game::apply`: the humans' as `Choose` messages from the
//! panels, the bots' one every `BOT_STEP_SECONDS` so a person can watch, or all at once up to
//! a human's next decision when fast-forward is on.

use std::sync::Arc;

use bevy::prelude::*;

use crate::client::shell::new_game::new_seed;
use crate::client::shell::session::{BotPace, play_bots};
use crate::client::shell::{Session, Shelled};
use crate::rulesets::pop::PriceOfPower;
use crate::rulesets::pop::content::schema::{RealmKind, Scenario};
use crate::rulesets::pop::state::{Seats, key_of};
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::failed::FailureReport;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets, ScenarioOrigin};
use crate::rulesets::pop::window::new_game::ChosenSettings;
use crate::rulesets::pop::{Action, Game, GameSetup};

pub struct SessionPlugin;

impl Plugin for SessionPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Choose>()
            .add_message::<Undo>()
            .insert_resource(BotPace::new::<PriceOfPower>())
            .init_resource::<Notices>()
            .add_systems(
                OnEnter(AppState::Playing),
                start_game.in_set(SessionSet::Start),
            )
            .add_systems(
                Update,
                (
                    undo_when_asked,
                    apply_human_choices,
                    play_bots::<PriceOfPower>,
                )
                    .chain()
                    .in_set(SessionSet::Advance)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// Ordering handles for plugins that read the game right after it changes.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum SessionSet {
    /// `OnEnter(Playing)`: the game is created.
    Start,
    /// `Update`: human and bot actions are applied.
    Advance,
}

/// The game in play: the shell's session (`client::shell::Session`), written once for every
/// ruleset: the game and its one door, the human seats and the bots, undo that never goes
/// back past a die or a shown card, previews, and the hot-seat hand-over's state. `Game` owns a
/// Bevy `App`, which is not `Send`, so this is non-send data living on the main thread.
pub type ActiveGame = Session<PriceOfPower>;

// The shell's generic assets (`ContentAsset<R>`) name their ruleset by type path.
impl bevy::reflect::TypePath for PriceOfPower {
    fn type_path() -> &'static str {
        "regnum::rulesets::pop::PriceOfPower"
    }
    fn short_type_path() -> &'static str {
        "PriceOfPower"
    }
}

impl Shelled for PriceOfPower {
    const DEFAULT_RON: &'static str = crate::rulesets::pop::content::DEFAULT_SCENARIO_RON;
    const DEFAULT_FILE: &'static str = crate::rulesets::pop::content::DEFAULT_SCENARIO_FILE;
    const WINDOW_TITLE: &'static str = "Regnum";
    const QUICKSAVE: &'static str = "saves/quicksave.ron";
    const AUTOSAVE: &'static str = "saves/autosave.ron";
    const HELP_TITLE: &'static str = "Help";
    const HELP: &'static [(&'static str, &'static str)] =
        crate::rulesets::pop::window::help::HOW_TO_PLAY;
    const SHORTCUTS: &'static [(&'static str, &'static str)] =
        crate::rulesets::pop::window::help::SHORTCUTS;
    const RULES_NOTES: &'static str = "docs/rules_notes.md";
    const START_LABEL: &'static str = "Start game";
    /// A Player Realm left out of the game is a Non-Player Realm.
    const SEATS_MAY_SIT_OUT: bool = true;
    const SEAT_NOUN: &'static str = "Player Realm";

    fn default_scenario() -> Arc<Scenario> {
        crate::rulesets::pop::content::load::default_scenario()
    }

    /// The Player Realms, in the scenario's order.
    fn seats(content: &Scenario) -> Vec<(String, String)> {
        content
            .realms
            .iter()
            .filter(|r| r.kind == RealmKind::Player)
            .map(|r| (r.id.to_string(), r.name.clone()))
            .collect()
    }

    fn seat_colour(content: &Scenario, seat: &str) -> Option<(u8, u8, u8)> {
        content
            .realms
            .iter()
            .find(|r| r.id == seat)
            .map(|r| r.colour)
    }

    fn options(content: &Scenario) -> Vec<(&'static str, String, bool)> {
        vec![
            (
                crate::rulesets::pop::OPTION_RELIGIOUS_REBELS,
                "Optional rule 5: religious rebels (rebel towns in areas of another faith; holding the capital, they let the realm take its capital's faith to end them)".into(),
                content.options.religious_rebels,
            ),
            (
                crate::rulesets::pop::OPTION_POWER_STRUGGLES,
                "Power Struggles (advanced rule: contested areas scored for prestige when an event activates them)".into(),
                content.options.power_struggles,
            ),
        ]
    }

    fn introduction(content: &Scenario) -> (String, String) {
        (
            content.description.clone(),
            "The realm with the most prestige when the last Age ends wins; a realm far ahead may end the game early.".into(),
        )
    }

    /// The board's meshes are made once from the scenario's map: another map needs a fresh
    /// window.
    fn same_board(shown: &Scenario, other: &Scenario) -> bool {
        crate::rulesets::pop::window::hot_reload::same_map(shown, other)
    }

    /// The groups the help window lists the rule ids in.
    fn rule_group(id: &str) -> String {
        crate::rulesets::pop::window::help::group_of(id).to_string()
    }

    fn rule_groups() -> Vec<String> {
        crate::rulesets::pop::window::help::group_names()
    }

    /// "I.2": the Age in Roman numerals and the Round.
    fn log_stamp(age: u8, round: u8) -> String {
        format!(
            "{}.{round}",
            crate::rulesets::pop::window::describe::roman(age)
        )
    }
}

/// Realm id of seat 0.
fn first_seat(game: &Game) -> String {
    let world = game.world();
    world
        .get_resource::<Seats>()
        .and_then(|seats| seats.0.first().copied())
        .map(|e| key_of(world, e).to_string())
        .or_else(|| game.setup().players.first().cloned())
        .unwrap_or_default()
}

/// The human answers the pending decision.
#[derive(Message, Clone, Debug)]
pub struct Choose(pub Action);

/// The human takes back their last action (`Ctrl+Z` or the panel's button).
#[derive(Message, Clone, Copy, Debug)]
pub struct Undo;

/// Messages for the person (errors, confirmations), shown one window each.
#[derive(Resource, Default)]
pub struct Notices(pub Vec<Notice>);

#[derive(Clone, Debug)]
pub struct Notice {
    pub title: String,
    pub text: String,
}

impl Notices {
    pub fn push(&mut self, title: impl Into<String>, text: impl Into<String>) {
        self.0.push(Notice {
            title: title.into(),
            text: text.into(),
        });
    }
}

/// A save to open instead of a new game (`regnum --load SAVE`).
#[derive(Resource, Default)]
pub struct LoadOnStart(pub Option<std::path::PathBuf>);

fn start_game(world: &mut World) {
    let scenario = world
        .get_resource::<ScenarioAssets>()
        .and_then(|assets| assets.get(world.resource::<Assets<ScenarioAsset>>()));
    let Some(scenario) = scenario else {
        fail(
            world,
            "the scenario asset is missing after loading".to_string(),
        );
        return;
    };
    if let Some(path) = world
        .get_resource::<LoadOnStart>()
        .and_then(|l| l.0.clone())
    {
        open_save(world, scenario, &path);
        return;
    }
    // Without the new-game screen's choice: every Player Realm, seat 0 human.
    let settings = world.get_resource::<ChosenSettings>().map(|c| c.0.clone());
    let (setup, humans, seed) = match settings {
        Some(s) => (s.setup(), Some(s.humans), s.seed),
        None => (GameSetup::default(), None, new_seed()),
    };
    match Game::new(scenario.clone(), setup, seed) {
        Ok(game) => {
            let humans = humans.unwrap_or_else(|| vec![first_seat(&game)]);
            info!(
                "new game of {} with seed {seed}: {:?} in play, {:?} human",
                scenario.id,
                game.setup().players,
                humans
            );
            let file = world.resource::<ScenarioOrigin>().save_reference();
            world.insert_non_send(ActiveGame::new(game, humans, file));
        }
        Err(e) => fail(
            world,
            format!(
                "{}: the game cannot be set up: {e}",
                world.resource::<ScenarioOrigin>().shown()
            ),
        ),
    }
}

/// Replays a save from the command line; the first seat is the person's, as in a new game.
fn open_save(
    world: &mut World,
    scenario: std::sync::Arc<crate::rulesets::pop::content::schema::Scenario>,
    path: &std::path::Path,
) {
    match crate::rulesets::pop::save::Save::read(path)
        .and_then(|save| save.replay_lenient(scenario.clone()))
    {
        Ok(replayed) => {
            let game = replayed.game;
            info!(
                "opened {} ({} actions replayed)",
                path.display(),
                game.history().len()
            );
            if let Some(problem) = replayed.problem {
                let text = crate::client::shell::saves::replay_notice(
                    &path.display().to_string(),
                    game.history().len(),
                    &problem,
                );
                warn!("{text}");
                world
                    .resource_mut::<Notices>()
                    .push("Opened, with a difference", text);
            }
            let humans = vec![first_seat(&game)];
            let file = world.resource::<ScenarioOrigin>().save_reference();
            world.insert_non_send(ActiveGame::new(game, humans, file));
        }
        Err(e) => {
            world.insert_resource(crate::rulesets::pop::window::failed::FailedSave(
                path.display().to_string(),
            ));
            fail(world, format!("{}: {e}", path.display()));
        }
    }
}

fn fail(world: &mut World, line: String) {
    world.resource_mut::<FailureReport>().0.push(line);
    let mut next = world.resource_mut::<NextState<AppState>>();
    // The state's own `set_if_neq`, not the change-detection one of the same name.
    NextState::set_if_neq(&mut next, AppState::Failed);
}

fn apply_human_choices(
    mut choices: MessageReader<Choose>,
    game: Option<NonSendMut<ActiveGame>>,
    mut notices: ResMut<Notices>,
) {
    let Some(mut game) = game else { return };
    for Choose(action) in choices.read() {
        // A click from a frame drawn before the bots moved on must not answer their decision.
        if !game.human_turn() {
            continue;
        }
        if let Err(illegal) = game.try_apply(action.clone()) {
            notices.push("That is not allowed", format!("{illegal}"));
        }
    }
}

/// Ctrl is down, or was this frame: a quick Ctrl+key tap can press and release both keys
/// between two frames.
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    let ctrl = [KeyCode::ControlLeft, KeyCode::ControlRight];
    keys.any_pressed(ctrl) || keys.any_just_released(ctrl)
}

fn undo_when_asked(
    mut requests: MessageReader<Undo>,
    keys: Res<ButtonInput<KeyCode>>,
    game: Option<NonSendMut<ActiveGame>>,
    mut notices: ResMut<Notices>,
) {
    let asked =
        requests.read().count() > 0 || (ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyZ));
    let Some(mut game) = game else { return };
    if asked && !game.undo() {
        let why = game.notice.take().unwrap_or_default();
        notices.push("Nothing to undo", why);
    } else if asked {
        game.notice = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::content::default_scenario;

    fn game(players: &[&str]) -> Game {
        let setup = GameSetup {
            players: players.iter().map(|p| p.to_string()).collect(),
            ..Default::default()
        };
        Game::new(default_scenario(), setup, 7).expect("default scenario plays")
    }

    #[test]
    fn only_realms_in_play_are_human_and_bots_answer_the_rest() {
        let active = ActiveGame::new(
            game(&["FRA", "ENG", "CAS"]),
            vec!["ENG".into(), "POR".into(), "FRA".into()],
            None,
        );
        assert_eq!(active.humans, vec!["ENG".to_string(), "FRA".to_string()]);
        let pending = active.game.pending().expect("a decision").realm;
        assert_eq!(active.human_turn(), active.is_human(&pending));
        assert_eq!(active.bots_turn(), !active.is_human(&pending));
        if active.human_turn() {
            assert_eq!(
                active.front, pending,
                "the panels follow the deciding human"
            );
        }
    }

    #[test]
    fn a_save_given_on_the_command_line_opens_or_names_its_problem() {
        let dir = std::env::temp_dir().join(format!("regnum-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut played = game(&["FRA", "ENG"]);
        for _ in 0..5 {
            let first = played.legal_actions()[0].clone();
            played.apply(first).unwrap();
        }
        let good = dir.join("good.ron");
        crate::rulesets::pop::save::Save::of(&played, None)
            .write(&good)
            .unwrap();
        let world_with = || {
            let mut world = World::new();
            world.insert_resource(ScenarioOrigin::from_cli::<PriceOfPower>(None));
            world.init_resource::<crate::rulesets::pop::window::failed::FailureReport>();
            world.init_resource::<NextState<AppState>>();
            world
        };
        let mut world = world_with();
        open_save(&mut world, default_scenario(), &good);
        let opened = world.get_non_send::<ActiveGame>().expect("opened");
        assert_eq!(opened.game.state_hash(), played.state_hash());
        assert_eq!(
            opened.humans,
            vec!["FRA".to_string()],
            "the first seat is yours"
        );
        // A damaged save: its own file and position on the failure screen, no game.
        let bad = dir.join("bad.ron");
        std::fs::write(&bad, "(broken").unwrap();
        let mut world = world_with();
        open_save(&mut world, default_scenario(), &bad);
        assert!(world.get_non_send::<ActiveGame>().is_none());
        let report = &world
            .resource::<crate::rulesets::pop::window::failed::FailureReport>()
            .0;
        assert!(
            report[0].starts_with(&format!(
                "{}: the save is damaged: {}:1:",
                bad.display(),
                bad.display()
            )),
            "{report:?}"
        );
        assert!(
            world
                .get_resource::<crate::rulesets::pop::window::failed::FailedSave>()
                .is_some()
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_loaded_game_keeps_the_humans_still_in_play_else_seat_zero() {
        let mut active = ActiveGame::new(game(&["FRA", "ENG"]), vec!["ENG".into()], None);
        active.replace(game(&["ENG", "CAS"]));
        assert_eq!(active.humans, vec!["ENG".to_string()]);
        active.replace(game(&["CAS", "TUR"]));
        assert_eq!(active.humans, vec!["CAS".to_string()]);
    }

    #[test]
    fn undo_replays_without_the_last_action_and_stops_at_a_reveal() {
        let mut active = ActiveGame::new(
            game(&["FRA", "ENG"]),
            vec!["FRA".into(), "ENG".into()],
            None,
        );
        assert!(!active.can_undo(), "nothing applied yet");
        let mut undone = 0;
        for _ in 0..300 {
            if active.game.is_over() {
                break;
            }
            let before = active.game.state_hash();
            let len = active.game.history().len();
            let action = active
                .game
                .legal_actions()
                .into_iter()
                .next()
                .expect("legal");
            active.try_apply(action).expect("applies");
            if active.can_undo() {
                assert!(active.undo());
                assert_eq!(active.game.history().len(), len);
                assert_eq!(active.game.state_hash(), before, "undo restores the state");
                undone += 1;
                // Go on with another choice so the game moves forward.
                let other = active
                    .game
                    .legal_actions()
                    .into_iter()
                    .last()
                    .expect("legal");
                active.try_apply(other).expect("applies");
            }
        }
        assert!(undone > 0, "some action could be taken back");
        use crate::engine::Ruleset;
        use crate::rulesets::pop::PriceOfPower;
        assert!(PriceOfPower::reveals("pop.14.2.roll"));
        assert!(PriceOfPower::reveals("pop.seq.phase1.draw"));
        assert!(!PriceOfPower::reveals("pop.act.pass"));
    }

    #[test]
    fn the_panels_follow_each_human_in_turn() {
        let mut active = ActiveGame::new(game(&[]), Vec::new(), None);
        let all = active.game.setup().players.clone();
        active.humans = all.clone();
        for _ in 0..40 {
            let Some(d) = active.game.pending() else {
                break;
            };
            let realm = d.realm;
            assert!(active.human_turn());
            let action = active
                .game
                .legal_actions()
                .into_iter()
                .next()
                .expect("legal");
            active.try_apply(action).expect("applies");
            if let Some(next) = active.game.pending() {
                assert_eq!(active.front, next.realm, "after {realm}");
            }
        }
    }
}
