//! The egui overlays every ruleset's window shares: the new-game screen (who plays each seat,
//! the seed), the failure screen (every `file:line:col` problem), the log panel with its filter,
//! the top bar's Undo, Save, Load and Help buttons with the notice line, the list of saves to
//! load, the F1 help window, and the hot-seat hand-over screen.

use std::marker::PhantomData;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::Shelled;
use crate::client::shell::new_game::{FormAnswer, new_game_window, open_in_its_window};
use crate::client::shell::session::{
    LoadedScenario, Screen, Session, open_save, save, start_game, switch_scenario,
};

/// The shared overlays for ruleset `R`.
pub struct ShellPanelsPlugin<R: Shelled>(PhantomData<R>);

impl<R: Shelled> Default for ShellPanelsPlugin<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: Shelled> Plugin for ShellPanelsPlugin<R> {
    fn build(&self, app: &mut App) {
        app.init_resource::<crate::client::shell::LogFilter>()
            .init_resource::<HelpWindow>()
            .init_resource::<LoadList>()
            .init_resource::<StartRequest>()
            .insert_resource(StatsOpen {
                // `REGNUM_STATS` set opens it at the start (a screenshot of the charts).
                open: std::env::var_os("REGNUM_STATS").is_some(),
                figure: 0,
            })
            .add_systems(
                Update,
                (toggle_help, load_picked::<R>, start_requested::<R>),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (draw_screens::<R>, draw_overlays::<R>),
            );
    }
}

pub use crate::client::shell::help::HelpWindow;

/// The list of saves to load, while its window is open; the one picked.
#[derive(Resource, Default)]
pub struct LoadList {
    pub files: Option<Vec<crate::client::shell::saves::SaveFile>>,
    picked: Option<PathBuf>,
}

/// The new-game screen's answer, taken by an exclusive system.
#[derive(Resource, Default)]
struct StartRequest(Option<FormAnswer>);

fn toggle_help(
    keyboard: Res<ButtonInput<KeyCode>>,
    mut help: ResMut<HelpWindow>,
    mut stats: ResMut<StatsOpen>,
) {
    if keyboard.just_pressed(KeyCode::F1) {
        help.toggle();
    }
    if keyboard.just_pressed(KeyCode::F2) {
        stats.open = !stats.open;
    }
}

fn load_picked<R: Shelled>(world: &mut World) {
    let Some(path) = world.resource_mut::<LoadList>().picked.take() else {
        return;
    };
    if let Err(e) = open_save::<R>(world, &path)
        && let Some(mut session) = world.get_non_send_mut::<Session<R>>()
    {
        session.notice = Some(e);
    }
}

fn start_requested<R: Shelled>(world: &mut World) {
    let Some(answer) = world.resource_mut::<StartRequest>().0.take() else {
        return;
    };
    let problem = match answer {
        FormAnswer::Start(settings) => {
            start_game::<R>(world, &settings);
            None
        }
        FormAnswer::Pick(path, None) => {
            switch_scenario::<R>(world, &path);
            None
        }
        // Another ruleset's scenario opens that ruleset's window: this program starts again
        // on it, and this window closes.
        FormAnswer::Pick(path, Some(_)) => match open_in_its_window(&path) {
            Ok(()) => {
                world.write_message(AppExit::Success);
                None
            }
            Err(e) => Some(e),
        },
        FormAnswer::Resume(path) => open_save::<R>(world, &path).err(),
    };
    if let (Some(problem), Some(Screen::NewGame(form))) =
        (problem, world.get_resource_mut::<Screen>().as_deref_mut())
    {
        form.error = Some(problem);
    }
}

/// A choice waiting for a second click (23), the same in every window: its heading, why it
/// should be confirmed (a line per reason), Confirm (Enter) and Cancel (Escape). `Some` once
/// the person answered.
pub fn confirm_modal(ctx: &egui::Context, heading: &str, why: &str) -> Option<bool> {
    let mut answer = None;
    egui::Modal::new(egui::Id::new("confirm_choice")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(heading);
        ui.add_space(4.0);
        for line in why.lines() {
            ui.label(line);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Confirm (Enter)").clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Enter))
            {
                answer = Some(true);
            }
            if ui.button("Cancel (Esc)").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                answer = Some(false);
            }
        });
    });
    answer
}

/// Up to this many choices are listed as plain buttons; more are grouped by kind (22).
pub const FLAT_CHOICES: usize = 12;

/// What the pointer did in a list of choices: the choice clicked, and the one under the pointer
/// (its target is lit on the board, 22).
pub struct Picked<A> {
    pub chosen: Option<A>,
    pub hovered: Option<A>,
}

/// A decision's choices as people read them (22), the same for every ruleset: a few are plain
/// buttons; more are grouped by kind (folded, each with its count) and then by what they are
/// about, under a filter box that narrows them by any words. Hovering a choice shows its
/// `tooltip` (what it would do, 23).
pub fn choice_list<A: Clone>(
    ui: &mut egui::Ui,
    groups: &[crate::engine::choices::KindGroup<A>],
    filter: &mut String,
    label: impl Fn(&A) -> String,
    tooltip: impl Fn(&A) -> String,
) -> Picked<A> {
    let total: usize = groups.iter().map(|g| g.len()).sum();
    let mut chosen = None;
    let mut hovered = None;
    let mut button = |ui: &mut egui::Ui, a: &A, text: String| {
        let mut response = ui.button(text);
        if response.clicked() {
            chosen = Some(a.clone());
        }
        // Worked out only for the choice under the pointer.
        if response.hovered() {
            hovered = Some(a.clone());
            response = response.on_hover_text(tooltip(a));
        }
        let _ = response;
    };
    if total <= FLAT_CHOICES {
        for a in groups.iter().flat_map(|g| g.choices()) {
            button(ui, a, label(a));
        }
        return Picked { chosen, hovered };
    }
    ui.horizontal(|ui| {
        ui.label("Filter:");
        ui.text_edit_singleline(filter);
    });
    let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
    let shown = |text: &str| {
        let text = text.to_lowercase();
        words.iter().all(|w| text.contains(w.as_str()))
    };
    for g in groups {
        let matching: Vec<(Option<&crate::engine::choices::Target>, &A, String)> = g
            .by_target
            .iter()
            .flat_map(|(t, list)| list.iter().map(move |a| (t.as_ref(), a)))
            .map(|(t, a)| (t, a, label(a)))
            .filter(|(t, _, text)| {
                shown(&format!("{} {} {text}", g.kind, t.map_or("", |t| t.id())))
            })
            .collect();
        if matching.is_empty() {
            continue;
        }
        let header = egui::CollapsingHeader::new(format!("{} ({})", g.kind, matching.len()))
            .id_salt(("choice_kind", g.kind))
            .open((!words.is_empty()).then_some(true));
        header.show(ui, |ui| {
            let mut last: Option<Option<&crate::engine::choices::Target>> = None;
            for (t, a, text) in &matching {
                if last != Some(*t) {
                    if let Some(t) = t {
                        ui.label(egui::RichText::new(t.id()).small().weak());
                    }
                    last = Some(*t);
                }
                button(ui, a, text.clone());
            }
        });
    }
    Picked { chosen, hovered }
}

/// A Ui over the whole window, behind egui's windows, for a ruleset's panels.
pub fn background_ui(ctx: &egui::Context, name: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(name),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .ui_stack_info(crate::client::shell::panel_backdrop::backdrop_stack_info(
                &ctx.global_style(),
            ))
            .max_rect(ctx.viewport_rect()),
    )
}

/// The top bar's right-hand controls (fast-forward of the bots, Undo, Save, Load, Stats,
/// Help). Call inside a right-to-left layout.
pub fn top_bar_buttons<R: Shelled>(
    ui: &mut egui::Ui,
    session: &mut Session<R>,
    loads: &mut LoadList,
    help: &mut HelpWindow,
    stats: &mut StatsOpen,
    pace: &mut crate::client::shell::session::BotPace,
) {
    ui.checkbox(&mut pace.fast_forward, "Fast-forward bots")
        .on_hover_text("Play the bots' moves at once, up to the next decision of a person here");
    if ui
        .button("Undo")
        .on_hover_text("Back to before your last decision (Ctrl+Z)")
        .clicked()
    {
        session.undo();
    }
    if ui
        .button("Save")
        .on_hover_text(format!("{} (Ctrl+S)", R::QUICKSAVE))
        .clicked()
    {
        save(session, std::path::Path::new(R::QUICKSAVE));
    }
    if ui
        .button("Load")
        .on_hover_text(format!("Open a {} save from saves/", R::ID.title()))
        .clicked()
    {
        loads.files = match loads.files {
            Some(_) => None,
            None => Some(crate::client::shell::saves::list_saves::<R>(
                std::path::Path::new(crate::client::shell::saves::SAVE_DIR),
            )),
        };
    }
    if !R::figure_names().is_empty()
        && ui
            .button("Stats")
            .on_hover_text("Each seat's figures over the game (F2)")
            .clicked()
    {
        stats.open = !stats.open;
    }
    if ui.button("?").on_hover_text("Help (F1)").clicked() {
        help.toggle();
    }
}

/// The notice line (a save written, an illegal answer), with a button to dismiss it.
pub fn notice_line<R: Shelled>(ui: &mut egui::Ui, session: &mut Session<R>) {
    if let Some(n) = session.notice.clone() {
        ui.horizontal(|ui| {
            ui.colored_label(egui::Color32::from_rgb(240, 210, 120), n);
            if ui.small_button("x").clicked() {
                session.notice = None;
            }
        });
    }
}

/// The load list, the help window and the hand-over screen, over whatever the ruleset draws.
fn draw_overlays<R: Shelled>(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<Session<R>>>,
    mut help: ResMut<HelpWindow>,
    mut loads: ResMut<LoadList>,
    mut stats: ResMut<StatsOpen>,
    mut charted: Local<Charted>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    if let Some(files) = &loads.files {
        let title = format!("Load a {} save", R::ID.title());
        let (open, picked) = crate::client::shell::saves::save_list_window(&ctx, &title, files);
        if !open {
            loads.files = None;
        }
        if picked.is_some() {
            loads.picked = picked;
        }
    }
    crate::client::shell::help::help_window::<R>(&ctx, &mut help, session.as_deref());
    let Some(mut session) = session else {
        return Ok(());
    };
    stats_window(&ctx, &session, &mut stats, &mut charted);
    // An answer the rules warn about waits for a second click (Enter confirms, Escape cancels).
    if let Some((action, why)) = session.confirming.clone() {
        let answer = if session.game.check(&action).is_err() {
            Some(false)
        } else {
            confirm_modal(&ctx, "Are you sure?", &why)
        };
        if let Some(confirmed) = answer {
            session.confirming = None;
            if confirmed {
                session.apply(action);
            }
        }
    }
    if session.handover_needed() {
        let name = R::display_names(session.game.base_scenario())
            .name(&session.front)
            .to_string();
        let colour = R::seat_colour(session.game.base_scenario(), &session.front)
            .map(|(r, g, b)| egui::Color32::from_rgb(r, g, b));
        if handover_screen(&ctx, &name, colour) {
            session.take_the_mouse();
        }
    }
    Ok(())
}

/// The hot-seat hand-over: a screen over the whole window ("pass the mouse to ...") so the next
/// person does not see the hand and mat of the one before, with the seat's colour where it has
/// one. Returns whether the next person clicked (the screen then lifts).
pub fn handover_screen(ctx: &egui::Context, name: &str, colour: Option<egui::Color32>) -> bool {
    let screen = ctx.viewport_rect();
    let mut taken = false;
    // An opaque, interactable area over everything: nothing behind it shows or takes clicks.
    egui::Area::new(egui::Id::new("handover"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let (rect, response) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
            let painter = ui.painter();
            painter.rect_filled(rect, 0.0, egui::Color32::from_rgb(24, 22, 20));
            let centre = rect.center();
            if let Some(colour) = colour {
                painter.rect_filled(
                    egui::Rect::from_center_size(
                        centre - egui::vec2(0.0, 70.0),
                        egui::vec2(60.0, 40.0),
                    ),
                    4.0,
                    colour,
                );
            }
            painter.text(
                centre,
                egui::Align2::CENTER_CENTER,
                format!("Pass the mouse to {name}"),
                egui::FontId::proportional(34.0),
                egui::Color32::WHITE,
            );
            painter.text(
                centre + egui::vec2(0.0, 44.0),
                egui::Align2::CENTER_CENTER,
                format!("{name}: click anywhere to see your mat and hand."),
                egui::FontId::proportional(18.0),
                egui::Color32::from_gray(190),
            );
            taken = response.clicked();
        });
    taken
}

/// The failure screen and the new-game screen.
fn draw_screens<R: Shelled>(
    mut contexts: EguiContexts,
    screen: Option<ResMut<Screen>>,
    loaded: Option<Res<LoadedScenario<R>>>,
    mut start: ResMut<StartRequest>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut screen) = screen else {
        return Ok(());
    };
    match &mut *screen {
        Screen::Playing => {}
        Screen::Failed(problems) => {
            let lines: Vec<&str> = problems.lines().collect();
            if failure_window(&ctx, "This game cannot be played", None, &lines) {
                exit.write(AppExit::error());
            }
        }
        Screen::NewGame(form) => {
            let introduction = loaded.map(|l| R::introduction(&l.scenario));
            if let Some(answer) = new_game_window::<R>(&ctx, form, introduction) {
                start.0 = Some(answer);
            }
        }
    }
    Ok(())
}

/// The failure screen: every `file:line:col: message` of a scenario, mod or save that cannot
/// be played (a broken file is an answer, not an endless loading screen), and a Quit button.
/// `file` names the file at fault where the lines do not. Returns whether Quit was pressed.
pub fn failure_window<S: AsRef<str>>(
    ctx: &egui::Context,
    title: &str,
    file: Option<&str>,
    problems: &[S],
) -> bool {
    let mut quit = false;
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(760.0)
        .show(ctx, |ui| {
            let count = format!(
                "{} problem{}",
                problems.len(),
                if problems.len() == 1 { "" } else { "s" }
            );
            ui.label(match file {
                Some(file) => format!("{file} has {count}. Fix the file and start Regnum again."),
                None => format!("{count}. Fix the file and start Regnum again."),
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(420.0)
                .show(ui, |ui| {
                    for line in problems {
                        ui.label(
                            egui::RichText::new(line.as_ref())
                                .monospace()
                                .color(egui::Color32::from_rgb(255, 140, 120)),
                        );
                    }
                });
            ui.separator();
            quit = ui.button("Quit").clicked();
        });
    quit
}

/// The Stats window (`F2` or the top bar's Stats), for every ruleset in the shell (19): each
/// seat's figures (`Ruleset::figure_names`) at the start of every Round and now, one line per
/// seat, read from a replay of the game so a loaded save charts its whole history.
#[derive(Resource, Default)]
pub struct StatsOpen {
    pub open: bool,
    pub figure: usize,
}

/// The samples charted, kept until the game reaches another Round or is swapped for another.
#[derive(Default)]
pub struct Charted {
    key: Option<(u64, u32, bool)>,
    /// The game (its generation) whose end opened the window: the end of a game shows its
    /// charts beside the final scores, once.
    opened_at_end: Option<u64>,
    samples: Option<Result<Vec<crate::engine::stats::Sample>, String>>,
}

/// One chart line: its name, its colour (`None`: egui's next), its points (x: the sample).
pub type ChartLine = (String, Option<egui::Color32>, Vec<[f64; 2]>);

/// Lines over a game's samples (19), the same chart in every window: x is the sample, labelled
/// with its moment in the game ("I.2", "Year 1 Month 3", "now").
/// One line of points per seat for figure `figure` of the samples (x: the sample's place), each
/// with its seat's id, in the order of the last sample's seats.
pub fn figure_series(
    samples: &[crate::engine::stats::Sample],
    figure: usize,
) -> Vec<(String, Vec<[f64; 2]>)> {
    let seats: Vec<String> = samples
        .last()
        .map(|s| s.seats.iter().map(|(r, _)| r.clone()).collect())
        .unwrap_or_default();
    seats
        .into_iter()
        .map(|seat| {
            let points = samples
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    s.seats
                        .iter()
                        .find(|(r, _)| *r == seat)
                        .and_then(|(_, f)| f.get(figure))
                        .map(|v| [i as f64, f64::from(*v)])
                })
                .collect();
            (seat, points)
        })
        .collect()
}

pub fn plot_by_round(ui: &mut egui::Ui, id: &str, labels: Vec<String>, lines: Vec<ChartLine>) {
    egui_plot::Plot::new(id)
        .legend(egui_plot::Legend::default())
        .x_axis_formatter(move |mark, _| {
            labels
                .get(mark.value.round() as usize)
                .filter(|_| (mark.value - mark.value.round()).abs() < 1e-6)
                .cloned()
                .unwrap_or_default()
        })
        .show(ui, |plot| {
            for (name, colour, points) in lines {
                let line = egui_plot::Line::new(name, points).width(2.0);
                plot.line(match colour {
                    Some(c) => line.color(c),
                    None => line,
                });
            }
        });
}

/// Draws the Stats window when it is open.
pub fn stats_window<R: Shelled>(
    ctx: &egui::Context,
    session: &Session<R>,
    stats: &mut StatsOpen,
    charted: &mut Charted,
) {
    let g = &session.game;
    if g.is_over() && charted.opened_at_end != Some(session.generation) {
        charted.opened_at_end = Some(session.generation);
        stats.open = true;
    }
    if !stats.open || R::figure_names().is_empty() {
        return;
    }
    let key = (session.generation, g.flow().round, g.is_over());
    if charted.key != Some(key) {
        charted.key = Some(key);
        charted.samples = Some(crate::engine::stats::by_round(g));
    }
    let names = R::figure_names();
    let mut open = stats.open;
    egui::Window::new("Stats")
        .open(&mut open)
        .default_size([520.0, 340.0])
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (i, name) in names.iter().enumerate() {
                    ui.selectable_value(&mut stats.figure, i, *name);
                }
            });
            let samples = match charted.samples.as_ref() {
                Some(Ok(s)) => s,
                Some(Err(why)) => {
                    ui.label(format!("No chart: {why}"));
                    return;
                }
                None => return,
            };
            let figure = stats.figure.min(names.len() - 1);
            let labels: Vec<String> = samples.iter().map(|s| s.label.clone()).collect();
            ui.label(format!(
                "{} at the start of each Round, and now",
                names[figure]
            ));
            let lines = figure_series(samples, figure)
                .into_iter()
                .map(|(seat, points)| (seat, None, points))
                .collect();
            plot_by_round(ui, "shell_stats_plot", labels, lines);
        });
    stats.open = open;
}
