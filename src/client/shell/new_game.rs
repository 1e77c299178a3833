//! The new-game screen of every ruleset's window, written once: which scenario (the one loaded,
//! or any `scenarios/*.ron` or mod under `mods/` beside the working directory; one of another
//! ruleset opens that ruleset's window), every seat with its colour and who plays it (a person
//! at this screen, a bot, or, where the ruleset allows it, nobody), the ruleset's options
//! (`Shelled::options`), the seed, and the saves to carry on from. Any number of seats may be
//! people's: they share the screen (hot-seat).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy_egui::egui;

use crate::client::shell::Shelled;
use crate::client::shell::saves::SaveFile;
use crate::engine::ruleset::RulesetId;
use crate::engine::state::GameSetup;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    /// The person (or people) at this screen.
    Human,
    Bot,
    /// Left out of the game (only where `Shelled::SEATS_MAY_SIT_OUT`).
    NotPlaying,
}

/// One seat's line of the form.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatLine {
    pub id: String,
    pub name: String,
    pub colour: Option<(u8, u8, u8)>,
    pub choice: SeatChoice,
}

/// One of the ruleset's options on the form.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionLine {
    pub name: &'static str,
    pub label: String,
    pub on: bool,
}

/// The screen's state while the person fills it in.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameForm {
    /// Scenario and mod files found beside the working directory, each with the ruleset whose
    /// window it opens when that is another one.
    pub files: Vec<(PathBuf, Option<RulesetId>)>,
    /// The scenario loaded now: its name and, for a file, where it came from.
    pub scenario_name: String,
    pub scenario_file: Option<PathBuf>,
    pub seats: Vec<SeatLine>,
    pub options: Vec<OptionLine>,
    pub seed: String,
    /// The ruleset's saves on disk, newest first, and its autosave's path.
    pub saves: Vec<SaveFile>,
    pub autosave: PathBuf,
    pub error: Option<String>,
}

/// What the form decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameSettings {
    /// Seat ids in play, in the scenario's order.
    pub players: Vec<String>,
    /// Those of `players` the people at the screen decide for.
    pub humans: Vec<String>,
    pub seed: u64,
    /// The ruleset's options as chosen.
    pub options: BTreeMap<String, bool>,
}

impl NewGameSettings {
    /// The engine's setup of a game from these settings.
    pub fn setup(&self) -> GameSetup {
        self.options.iter().fold(
            GameSetup {
                players: self.players.clone(),
                ..Default::default()
            },
            |setup, (name, on)| setup.with_option(name, *on),
        )
    }
}

/// What the person did on the form this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum FormAnswer {
    /// Start a game with these settings.
    Start(NewGameSettings),
    /// Switch to this scenario or mod file (of this ruleset, or `Some` other's).
    Pick(PathBuf, Option<RulesetId>),
    /// Carry on from this save.
    Resume(PathBuf),
}

impl NewGameForm {
    /// The scenario's seats, the first a person's and the rest bots (those beyond the most a
    /// game takes left out), its options as the scenario sets them, and `seed`.
    pub fn new<R: Shelled>(content: &R::Content, file: Option<PathBuf>, seed: u64) -> Self {
        let most = R::most_seats().unwrap_or(usize::MAX);
        let seats = R::seats(content)
            .into_iter()
            .enumerate()
            .map(|(i, (id, name))| SeatLine {
                colour: R::seat_colour(content, &id),
                id,
                name,
                choice: match i {
                    0 => SeatChoice::Human,
                    i if i >= most => SeatChoice::NotPlaying,
                    _ => SeatChoice::Bot,
                },
            })
            .collect();
        let options = R::options(content)
            .into_iter()
            .map(|(name, label, on)| OptionLine { name, label, on })
            .collect();
        NewGameForm {
            files: Vec::new(),
            scenario_name: R::content_name(content).to_string(),
            scenario_file: file,
            seats,
            options,
            seed: seed.to_string(),
            saves: Vec::new(),
            autosave: PathBuf::from(R::AUTOSAVE),
            error: None,
        }
    }

    /// The files beside the working directory and the ruleset's saves, for the pickers.
    pub fn look_around<R: Shelled>(mut self, root: &Path) -> Self {
        self.files = scenario_files(root)
            .into_iter()
            .map(|f| {
                let other = crate::rulesets::ruleset_of_file(&f).filter(|r| *r != R::ID);
                (f, other)
            })
            .collect();
        self.saves = crate::client::shell::saves::list_saves::<R>(
            &root.join(crate::client::shell::saves::SAVE_DIR),
        );
        self
    }

    /// The same form on another scenario: its seats and options, the files, saves and seed
    /// kept.
    pub fn on<R: Shelled>(&self, content: &R::Content, file: PathBuf) -> Self {
        let mut form = NewGameForm::new::<R>(content, Some(file), 0);
        form.files = self.files.clone();
        form.saves = self.saves.clone();
        form.seed = self.seed.clone();
        form
    }

    /// The settings, or why the form cannot start a game.
    pub fn settings(&self) -> Result<NewGameSettings, String> {
        let seed = self
            .seed
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("The seed must be a whole number, not {:?}.", self.seed))?;
        let players: Vec<String> = self
            .seats
            .iter()
            .filter(|s| s.choice != SeatChoice::NotPlaying)
            .map(|s| s.id.clone())
            .collect();
        if players.is_empty() {
            return Err("At least one seat must play.".to_string());
        }
        let humans = self
            .seats
            .iter()
            .filter(|s| s.choice == SeatChoice::Human)
            .map(|s| s.id.clone())
            .collect();
        let options = self
            .options
            .iter()
            .map(|o| (o.name.to_string(), o.on))
            .collect();
        Ok(NewGameSettings {
            players,
            humans,
            seed,
            options,
        })
    }
}

/// `scenarios/*.ron`, `mods/*.ron` and every `*.ron` one level down in `mods/` (a mod is a
/// folder), sorted.
pub fn scenario_files(root: &Path) -> Vec<PathBuf> {
    let ron_in = |dir: PathBuf| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut files = ron_in(root.join("scenarios"));
    files.extend(ron_in(root.join("mods")));
    if let Ok(mods) = std::fs::read_dir(root.join("mods")) {
        for dir in mods.flatten().map(|e| e.path()).filter(|p| p.is_dir()) {
            files.extend(ron_in(dir));
        }
    }
    files.sort();
    files
}

/// A new seed: `REGNUM_SEED` if set (repeatable sessions), else the clock.
pub fn new_seed() -> u64 {
    if let Some(seed) = std::env::var("REGNUM_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        return seed;
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Draws the new-game form of ruleset `R`; `Some` once the person started, picked a file or a
/// save. `introduction`: the scenario's description and what wins.
pub fn new_game_window<R: Shelled>(
    ctx: &egui::Context,
    form: &mut NewGameForm,
    introduction: Option<(String, String)>,
) -> Option<FormAnswer> {
    let mut answer = None;
    egui::Window::new(format!("New game of {}", R::ID.title()))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Scenario");
                let shown = match &form.scenario_file {
                    Some(f) => format!("{} ({})", form.scenario_name, f.display()),
                    None => form.scenario_name.clone(),
                };
                egui::ComboBox::from_id_salt("scenario_pick")
                    .selected_text(shown)
                    .width(300.0)
                    .show_ui(ui, |ui| {
                        if form.files.is_empty() {
                            ui.label("No scenarios/ or mods/ folder here.");
                        }
                        for (file, other) in &form.files {
                            let label = match other {
                                Some(ruleset) => {
                                    format!("{} ({})", file.display(), ruleset.title())
                                }
                                None => file.display().to_string(),
                            };
                            if ui.selectable_label(false, label).clicked() {
                                answer = Some(FormAnswer::Pick(file.clone(), *other));
                            }
                        }
                    });
            });
            if let Some((description, goal)) = &introduction {
                ui.label(description);
                ui.label(egui::RichText::new(goal).weak());
            }
            ui.add_space(4.0);
            ui.label(format!(
                "Who plays each {}? Several people take turns at this screen.",
                R::SEAT_NOUN
            ));
            ui.add_space(6.0);
            egui::Grid::new("new_game_seats")
                .num_columns(4)
                .spacing([10.0, 6.0])
                .striped(true)
                .show(ui, |ui| {
                    for line in &mut form.seats {
                        ui.horizontal(|ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                            if let Some((r, g, b)) = line.colour {
                                let colour = egui::Color32::from_rgb(r, g, b);
                                let colour = if line.choice == SeatChoice::NotPlaying {
                                    colour.gamma_multiply(0.35)
                                } else {
                                    colour
                                };
                                ui.painter().rect_filled(rect, 2.0, colour);
                            }
                            ui.add_sized(
                                [170.0, 18.0],
                                egui::Label::new(egui::RichText::new(&line.name).strong()),
                            );
                        });
                        ui.selectable_value(&mut line.choice, SeatChoice::Human, "Human");
                        ui.selectable_value(&mut line.choice, SeatChoice::Bot, "Bot");
                        if R::SEATS_MAY_SIT_OUT {
                            ui.selectable_value(
                                &mut line.choice,
                                SeatChoice::NotPlaying,
                                R::SIT_OUT_LABEL,
                            );
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
            for option in &mut form.options {
                ui.checkbox(&mut option.on, &option.label);
            }
            if let Some(error) = &form.error {
                ui.colored_label(egui::Color32::from_rgb(255, 140, 120), error);
            }
            ui.add_space(6.0);
            ui.vertical_centered(|ui| {
                if ui
                    .add(egui::Button::new(
                        egui::RichText::new(R::START_LABEL).heading(),
                    ))
                    .clicked()
                {
                    match form.settings() {
                        Ok(settings) => answer = Some(FormAnswer::Start(settings)),
                        Err(e) => form.error = Some(e),
                    }
                }
            });
            // Or carry on: the latest autosave at once, or any save on disk.
            if !form.saves.is_empty() {
                ui.separator();
                ui.horizontal(|ui| {
                    if let Some(path) = form
                        .saves
                        .iter()
                        .map(|f| &f.path)
                        .find(|p| p.ends_with(&form.autosave))
                        && ui
                            .button("Continue")
                            .on_hover_text(format!(
                                "Go on with the last autosave ({})",
                                path.display()
                            ))
                            .clicked()
                    {
                        answer = Some(FormAnswer::Resume(path.clone()));
                    }
                    ui.label("Load:");
                    egui::ComboBox::from_id_salt("load_save")
                        .selected_text("a save ...")
                        .show_ui(ui, |ui| {
                            for path in form.saves.iter().map(|f| &f.path) {
                                let name = path.file_name().map_or_else(
                                    || path.display().to_string(),
                                    |n| n.to_string_lossy().to_string(),
                                );
                                if ui.selectable_label(false, name).clicked() {
                                    answer = Some(FormAnswer::Resume(path.clone()));
                                }
                            }
                        });
                });
            }
        });
    answer
}

/// Starts this program again on `file`, whose ruleset has a window of its own; the caller
/// then quits this window.
pub fn open_in_its_window(file: &Path) -> Result<(), String> {
    std::env::current_exe()
        .and_then(|exe| {
            std::process::Command::new(exe)
                .arg("--scenario")
                .arg(file)
                .spawn()
        })
        .map(|_| ())
        .map_err(|e| format!("{}: cannot open its window: {e}", file.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::kingdom::Kingdom;
    use crate::rulesets::pop::PriceOfPower;

    fn pop_form() -> NewGameForm {
        NewGameForm::new::<PriceOfPower>(
            &crate::rulesets::pop::content::default_scenario(),
            None,
            42,
        )
    }

    #[test]
    fn the_defaults_play_every_seat_with_the_first_one_human() {
        let form = pop_form();
        assert!(form.seats.len() >= 2);
        let settings = form.settings().unwrap();
        assert_eq!(settings.players.len(), form.seats.len());
        assert_eq!(settings.humans, vec![form.seats[0].id.clone()]);
        assert_eq!(settings.seed, 42);
        assert!(form.seats.iter().all(|s| s.colour.is_some()));
        let kingdom = NewGameForm::new::<Kingdom>(
            &crate::rulesets::kingdom::content::default_scenario(),
            None,
            1,
        );
        assert_eq!(kingdom.seats.len(), 2);
        assert!(kingdom.options.is_empty());
    }

    #[test]
    fn raison_d_etat_1702_seats_six_of_its_seven_majors() {
        // The seed's "3-6 player game": the seventh Major is left out (it plays as a Minor).
        let later = crate::rulesets::raison::content::parse_scenario(
            include_str!("../../../scenarios/rde_1702.ron"),
            "rde_1702.ron",
        )
        .unwrap();
        let form = NewGameForm::new::<crate::rulesets::raison::RaisonDEtat>(&later, None, 1);
        assert_eq!(form.seats.len(), 7);
        assert!(matches!(form.seats[6].choice, SeatChoice::NotPlaying));
        assert_eq!(form.settings().unwrap().players.len(), 6);
    }

    #[test]
    fn seats_not_playing_are_left_out_and_several_may_be_human() {
        let mut form = pop_form();
        form.seats[0].choice = SeatChoice::NotPlaying;
        form.seats[1].choice = SeatChoice::Human;
        let last = form.seats.len() - 1;
        form.seats[last].choice = SeatChoice::Human;
        let settings = form.settings().unwrap();
        assert!(!settings.players.contains(&form.seats[0].id));
        assert_eq!(settings.players.len(), form.seats.len() - 1);
        assert_eq!(
            settings.humans,
            vec![form.seats[1].id.clone(), form.seats[last].id.clone()]
        );
    }

    #[test]
    fn the_options_reach_the_games_setup() {
        let mut form = pop_form();
        let names: Vec<&str> = form.options.iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            vec![
                crate::rulesets::pop::OPTION_RELIGIOUS_REBELS,
                crate::rulesets::pop::OPTION_POWER_STRUGGLES
            ]
        );
        for option in &mut form.options {
            option.on = true;
        }
        let setup = form.settings().unwrap().setup();
        assert_eq!(
            setup.option(crate::rulesets::pop::OPTION_RELIGIOUS_REBELS),
            Some(true)
        );
        assert_eq!(
            setup.option(crate::rulesets::pop::OPTION_POWER_STRUGGLES),
            Some(true)
        );
    }

    #[test]
    fn the_picker_lists_scenarios_and_mod_folders() {
        let root = std::env::temp_dir().join(format!("regnum-pick-{}", std::process::id()));
        std::fs::create_dir_all(root.join("scenarios")).unwrap();
        std::fs::create_dir_all(root.join("mods/big_italy")).unwrap();
        std::fs::write(root.join("scenarios/1444.ron"), "").unwrap();
        std::fs::write(root.join("scenarios/readme.txt"), "").unwrap();
        std::fs::write(root.join("mods/big_italy/italy.ron"), "").unwrap();
        let files = scenario_files(&root);
        std::fs::remove_dir_all(&root).ok();
        let names: Vec<String> = files
            .iter()
            .map(|f| f.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            vec!["mods/big_italy/italy.ron", "scenarios/1444.ron"]
        );
    }

    #[test]
    fn a_game_needs_a_seat_in_play_and_a_numeric_seed() {
        let mut form = pop_form();
        form.seed = "abc".into();
        assert!(form.settings().is_err());
        form.seed = " 7 ".into();
        assert_eq!(form.settings().unwrap().seed, 7);
        for line in &mut form.seats {
            line.choice = SeatChoice::NotPlaying;
        }
        assert!(form.settings().is_err());
    }
}
