//! The new-game screen (`AppState::NewGame`): every Player Realm of the scenario with its colour
//! and who plays it (a person at this screen, a bot, or nobody: then it is a Non-Player Realm),
//! and the seed. Any number of realms may be human: they share the screen (hot-seat).
//!
//! "Start game" leaves the choice in `NewGameSettings` and moves on to `AppState::Playing`,
//! where the session builds the game from it. Unattended runs (`--autoplay`, `--screenshot`)
//! skip the screen: the session then plays every realm with the first seat as the human's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::AppState;
use crate::client::automation::Automation;
use crate::client::loading::{ScenarioAsset, ScenarioAssets};
use crate::client::palette;
use crate::client::session::new_seed;
use crate::content::schema::{RealmKind, Scenario};

pub struct NewGamePlugin;

impl Plugin for NewGamePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(AppState::NewGame), open_form)
            .add_systems(
                EguiPrimaryContextPass,
                show_form.run_if(in_state(AppState::NewGame)),
            );
    }
}

/// Who plays a Player Realm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// The person (or people) at this screen.
    Human,
    Bot,
    /// Left out of the game: the realm is a Non-Player Realm.
    NotPlaying,
}

/// One line of the form.
#[derive(Clone, Debug)]
pub struct RealmLine {
    pub id: String,
    pub name: String,
    pub colour: (u8, u8, u8),
    pub choice: SeatChoice,
}

/// The screen's state while the person fills it in.
#[derive(Resource, Clone, Debug)]
pub struct NewGameForm {
    pub realms: Vec<RealmLine>,
    pub seed: String,
    pub error: Option<String>,
}

/// What the screen decided; the session builds the game from it.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct NewGameSettings {
    /// Realm ids in play, seat order (the scenario's order).
    pub players: Vec<String>,
    /// Those of `players` the people at the screen decide for.
    pub humans: Vec<String>,
    pub seed: u64,
}

impl NewGameForm {
    /// The scenario's Player Realms, the first one human and the rest bots, as before this
    /// screen existed.
    pub fn new(scenario: &Scenario, seed: u64) -> Self {
        let realms = scenario
            .realms
            .iter()
            .filter(|r| r.kind == RealmKind::Player)
            .enumerate()
            .map(|(i, r)| RealmLine {
                id: r.id.clone(),
                name: r.name.clone(),
                colour: r.colour,
                choice: if i == 0 {
                    SeatChoice::Human
                } else {
                    SeatChoice::Bot
                },
            })
            .collect();
        NewGameForm {
            realms,
            seed: seed.to_string(),
            error: None,
        }
    }

    /// The settings, or why the form cannot start a game.
    pub fn settings(&self) -> Result<NewGameSettings, String> {
        let seed = self
            .seed
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("The seed must be a whole number, not {:?}.", self.seed))?;
        let playing = |c: SeatChoice| c != SeatChoice::NotPlaying;
        let players: Vec<String> = self
            .realms
            .iter()
            .filter(|r| playing(r.choice))
            .map(|r| r.id.clone())
            .collect();
        if players.is_empty() {
            return Err("At least one realm must play.".to_string());
        }
        let humans = self
            .realms
            .iter()
            .filter(|r| r.choice == SeatChoice::Human)
            .map(|r| r.id.clone())
            .collect();
        Ok(NewGameSettings {
            players,
            humans,
            seed,
        })
    }
}

fn open_form(
    mut commands: Commands,
    automation: Res<Automation>,
    assets: Option<Res<ScenarioAssets>>,
    scenarios: Res<Assets<ScenarioAsset>>,
    mut next: ResMut<NextState<AppState>>,
) {
    commands.remove_resource::<NewGameSettings>();
    let scenario = assets.and_then(|a| a.get(&scenarios));
    // Nobody is at the screen in an unattended run; without a scenario the session reports
    // the problem.
    let (false, Some(scenario)) = (automation.is_active(), scenario) else {
        NextState::set_if_neq(&mut next, AppState::Playing);
        return;
    };
    commands.insert_resource(NewGameForm::new(&scenario, new_seed()));
}

fn show_form(
    mut commands: Commands,
    mut contexts: EguiContexts,
    form: Option<ResMut<NewGameForm>>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(mut form) = form else { return Ok(()) };
    let mut start = false;
    egui::Window::new("New game")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("Who plays each Player Realm? Several humans take turns at this screen.");
            ui.add_space(6.0);
            egui::Grid::new("new_game_realms")
                .num_columns(4)
                .spacing([10.0, 6.0])
                .striped(true)
                .show(ui, |ui| {
                    for line in &mut form.realms {
                        ui.horizontal(|ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                            let colour = palette::egui_colour(palette::realm_colour(
                                line.colour,
                                line.choice != SeatChoice::NotPlaying,
                            ));
                            ui.painter().rect_filled(rect, 2.0, colour);
                            ui.add_sized(
                                [150.0, 18.0],
                                egui::Label::new(egui::RichText::new(&line.name).strong()),
                            );
                        });
                        for (choice, text) in [
                            (SeatChoice::Human, "Human"),
                            (SeatChoice::Bot, "Bot"),
                            (SeatChoice::NotPlaying, "Not playing"),
                        ] {
                            ui.selectable_value(&mut line.choice, choice, text);
                        }
                        ui.end_row();
                    }
                });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.label("Seed");
                ui.add(egui::TextEdit::singleline(&mut form.seed).desired_width(200.0));
                if ui.button("New seed").clicked() {
                    form.seed = new_seed().to_string();
                }
            });
            if let Some(error) = &form.error {
                ui.colored_label(egui::Color32::from_rgb(255, 140, 120), error);
            }
            ui.add_space(6.0);
            ui.vertical_centered(|ui| {
                if ui
                    .add(egui::Button::new(
                        egui::RichText::new("Start game").heading(),
                    ))
                    .clicked()
                {
                    start = true;
                }
            });
        });
    if start {
        match form.settings() {
            Ok(settings) => {
                commands.insert_resource(settings);
                NextState::set_if_neq(&mut next, AppState::Playing);
            }
            Err(e) => form.error = Some(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{DEFAULT_SCENARIO_RON, parse_scenario};

    fn form() -> NewGameForm {
        let scenario = parse_scenario(DEFAULT_SCENARIO_RON, "default.ron").expect("parses");
        NewGameForm::new(&scenario, 42)
    }

    #[test]
    fn the_defaults_play_every_realm_with_the_first_one_human() {
        let form = form();
        assert!(form.realms.len() >= 2);
        let settings = form.settings().unwrap();
        assert_eq!(settings.players.len(), form.realms.len());
        assert_eq!(settings.humans, vec![form.realms[0].id.clone()]);
        assert_eq!(settings.seed, 42);
    }

    #[test]
    fn realms_not_playing_are_left_out_and_several_may_be_human() {
        let mut form = form();
        form.realms[0].choice = SeatChoice::NotPlaying;
        form.realms[1].choice = SeatChoice::Human;
        let last = form.realms.len() - 1;
        form.realms[last].choice = SeatChoice::Human;
        let settings = form.settings().unwrap();
        assert!(!settings.players.contains(&form.realms[0].id));
        assert_eq!(settings.players.len(), form.realms.len() - 1);
        assert_eq!(
            settings.humans,
            vec![form.realms[1].id.clone(), form.realms[last].id.clone()]
        );
    }

    #[test]
    fn a_game_needs_a_realm_in_play_and_a_numeric_seed() {
        let mut form = form();
        form.seed = "abc".into();
        assert!(form.settings().is_err());
        form.seed = " 7 ".into();
        assert_eq!(form.settings().unwrap().seed, 7);
        for line in &mut form.realms {
            line.choice = SeatChoice::NotPlaying;
        }
        assert!(form.settings().is_err());
    }
}
