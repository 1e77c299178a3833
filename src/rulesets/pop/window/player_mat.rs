//! The right-hand panel: the Player Mat of the human realm deciding now (hot-seat: it follows
//! whichever human realm's decision is pending) (treasury, loans, monarch power, stability,
//! prestige, ruler), the pending decision with one button per legal action, the hand of action
//! cards and Missions, the Event row, the Milestones on display, the Papal Curia and Power
//! Struggles, the other Player Realms at a glance, and the bots' fast-forward switch.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::panel_backdrop::backdrop_frame;
use crate::client::shell::session::BotPace;
use crate::engine::choices::{KindGroup, Target};
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::model::{Character, Interregnum, Mat, Realm, RoundMarkers, Title};
use crate::rulesets::pop::rules::cards::Hand;
use crate::rulesets::pop::rules::costs::Cost;
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::state::{Index, Seats, key_of};
use crate::rulesets::pop::window::describe::{action_label, mp_name, name_of, ruler_of};
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot, in_free_rect};
use crate::rulesets::pop::window::palette;
use crate::rulesets::pop::window::select::{BoardPick, Pointed, Selection};
use crate::rulesets::pop::window::session::{ActiveGame, Choose};
use crate::rulesets::pop::window::tracks;
use crate::rulesets::pop::{Action, Game};

pub struct PlayerMatPlugin;

impl Plugin for PlayerMatPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Confirming>().add_systems(
            EguiPrimaryContextPass,
            show_player_mat.in_set(PanelSlot::Right),
        );
    }
}

/// A choice waiting for the person's confirmation: the game's revision when it was asked (an
/// undo, a load or a restart since drops it), the action, its label and why it asks (its
/// stability, prestige or war, in the rules' own words with display names).
#[derive(Resource, Default)]
struct Confirming(Option<(u64, Action, String, String)>);

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn show_player_mat(
    mut contexts: EguiContexts,
    mut free: ResMut<FreeRect>,
    game: Option<NonSend<ActiveGame>>,
    mut pace: ResMut<BotPace>,
    mut choose: MessageWriter<Choose>,
    mut selection: ResMut<Selection>,
    mut confirming: ResMut<Confirming>,
    mut shown_decision: Local<Option<String>>,
    mut names: Local<Option<(usize, crate::engine::log::DisplayNames)>>,
    mut choice_filter: Local<ChoiceFilter>,
    mut pointed: ResMut<Pointed>,
    mut board_pick: ResMut<BoardPick>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game else { return Ok(()) };
    // Set again below while the pointer rests on a choice about something on the board.
    pointed.0.clear();
    // A choice that costs stability or prestige, or starts a war, waits for a second click.
    if let Some((asked_at, action, label, why)) = confirming.0.clone() {
        let still_legal =
            asked_at == game.revision && game.human_turn() && game.game.check(&action).is_ok();
        let answer = if still_legal {
            crate::client::shell::panels::confirm_modal(&ctx, &label, &why)
        } else {
            Some(false)
        };
        if let Some(confirmed) = answer {
            confirming.0 = None;
            if confirmed {
                choose.write(Choose(action));
            }
        }
    }
    // A march picked by clicking its destination goes the way a click on its button goes.
    if let Some(action) = board_pick.0.take()
        && game.human_turn()
        && game.game.check(&action).is_ok()
    {
        send_or_confirm(&game, action, &mut confirming, &mut choose, &mut names);
    }
    // The mat follows a realm clicked on the board; the hand stays the human's own.
    let viewed = selection
        .realm
        .clone()
        .filter(|r| game.game.setup().players.contains(r))
        .unwrap_or_else(|| game.front.clone());
    in_free_rect(&ctx, &mut free, "player_mat", |ui| {
        egui::Panel::right("player_mat")
            .frame(backdrop_frame(ui.style()))
            .resizable(true)
            .default_size(340.0)
            .min_size(260.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        turn_header(ui, &game);
                        if viewed != game.front {
                            ui.horizontal(|ui| {
                                ui.label(
                                    egui::RichText::new(format!(
                                        "Viewing {}",
                                        name_of(&game.game, &viewed)
                                    ))
                                    .italics(),
                                );
                                if ui.small_button("Back to your mat (Esc)").clicked() {
                                    selection.realm = None;
                                }
                            });
                        }
                        mat_section(ui, &game.game, &viewed);
                        ui.separator();
                        // A new decision of the person at the screen is scrolled into view.
                        let key = game.game.pending().map(|d| {
                            format!("{}|{}|{}", d.realm, d.prompt, game.game.log().entries.len())
                        });
                        let fresh = game.human_turn() && key != *shown_decision;
                        if fresh || !game.human_turn() {
                            *shown_decision = key;
                        }
                        let chosen = if viewed != game.front {
                            // Someone else's mat: the person's own buttons stay out of it, but
                            // for the choices about what was clicked.
                            ui.strong("Decision");
                            let mut picked = None;
                            if game.human_turn() {
                                ui.label(format!(
                                    "{} has a decision waiting: go back to its mat to answer it.",
                                    name_of(&game.game, &game.front)
                                ));
                                if ui.button("Back to your decision (Esc)").clicked() {
                                    selection.realm = None;
                                }
                                about_section(
                                    ui,
                                    &game,
                                    &selection,
                                    crate::rulesets::pop::window::describe::scenario_names(
                                        &mut names, &game.game,
                                    ),
                                    &mut pointed.0,
                                    &mut picked,
                                );
                            } else if let Some(d) = game.game.pending() {
                                let names = crate::rulesets::pop::window::describe::scenario_names(
                                    &mut names, &game.game,
                                );
                                ui.label(names.readable(
                                    &crate::rulesets::pop::window::describe::others_question(
                                        &game.game, d,
                                    ),
                                ));
                            }
                            picked
                        } else {
                            choice_filter.fresh = fresh;
                            decision_section(
                                ui,
                                &game,
                                &mut pace,
                                crate::rulesets::pop::window::describe::scenario_names(
                                    &mut names, &game.game,
                                ),
                                &mut choice_filter,
                                &mut pointed.0,
                                &selection,
                            )
                        };
                        if let Some(action) = chosen {
                            send_or_confirm(
                                &game,
                                action,
                                &mut confirming,
                                &mut choose,
                                &mut names,
                            );
                        }
                        ui.separator();
                        // With several people at the screen a hand shows only on its
                        // owner's own turn, never while the bots play.
                        if game.humans.len() <= 1 || game.human_turn() {
                            if viewed != game.front {
                                // The hand below is the person's own, not the viewed realm's.
                                ui.label(
                                    egui::RichText::new(format!(
                                        "Your own hand and Missions ({}):",
                                        name_of(&game.game, &game.front)
                                    ))
                                    .italics(),
                                );
                            }
                            hand_section(ui, &game.game, &game.front);
                            missions_section(ui, &game.game, &game.front);
                        } else {
                            ui.label(
                                egui::RichText::new("Hands are hidden until a human decides.")
                                    .weak(),
                            );
                        }
                        ui.separator();
                        event_row_section(ui, &game.game);
                        ui.separator();
                        milestones_section(ui, &game.game);
                        ui.separator();
                        tracks::curia_section(ui, &game.game);
                        tracks::empire_section(ui, &game.game);
                        tracks::power_struggles_section(ui, &game.game);
                        ui.separator();
                        if let Some(realm) = realms_section(ui, &game) {
                            selection.realm = Some(realm);
                        }
                    });
            });
    });
    Ok(())
}

fn swatch(ui: &mut egui::Ui, colour: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, colour);
}

/// A realm's colour as the panels show it (a swatch, a chart's line).
pub(crate) fn realm_swatch_colour(game: &Game, realm: Entity) -> egui::Color32 {
    let rgb = game
        .world()
        .get::<Realm>(realm)
        .map_or((128, 128, 128), |r| r.colour);
    palette::egui_colour(palette::realm_colour(rgb, true))
}

/// Who the panel is for: "<Realm>, your decision" while a human realm decides, so people
/// sharing the screen see whose turn it is.
fn turn_header(ui: &mut egui::Ui, game: &ActiveGame) {
    let g = &game.game;
    let name = name_of(g, &game.front);
    let (text, colour) = if game.human_turn() {
        (
            format!("{name}, your decision"),
            egui::Color32::from_rgb(120, 220, 120),
        )
    } else if game.humans.is_empty() {
        (
            "Bots play every realm".to_string(),
            egui::Color32::from_gray(200),
        )
    } else if game.humans.len() > 1 {
        (
            format!("Waiting (last human turn: {name})"),
            egui::Color32::from_gray(200),
        )
    } else {
        (format!("{name}: waiting"), egui::Color32::from_gray(200))
    };
    let frame = egui::Frame::new()
        .fill(egui::Color32::from_black_alpha(90))
        .inner_margin(6.0)
        .corner_radius(4.0);
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(egui::RichText::new(text).size(20.0).strong().color(colour));
    });
    ui.add_space(4.0);
}

fn mat_section(ui: &mut egui::Ui, game: &Game, human: &str) {
    let world = game.world();
    let Some(realm) = world.resource::<Index>().get(human) else {
        ui.label("You have no realm in this game.");
        return;
    };
    ui.horizontal(|ui| {
        swatch(ui, realm_swatch_colour(game, realm));
        ui.heading(name_of(game, human));
    });
    let ruler = if world.get::<Interregnum>(realm).is_some() {
        "Regency council (interregnum)".to_string()
    } else {
        match ruler_of(world, realm) {
            Some(r) => {
                let name = world
                    .get::<Title>(r)
                    .map_or("?".to_string(), |t| t.0.clone());
                match world.get::<Character>(r) {
                    Some(c) => format!("{name} ({}/{}/{})", c.skills[0], c.skills[1], c.skills[2]),
                    None => name,
                }
            }
            None => "none".to_string(),
        }
    };
    ui.label(format!("Ruler: {ruler}")).on_hover_text(
        "The ruler's skills (ADM/DIP/MIL) are monarch power gained in every Phase 4 D (rule 7.1); without a ruler a regency council gives 1 of each",
    );
    court_lines(ui, game, realm);
    let Some(mat) = world.get::<Mat>(realm) else {
        return;
    };
    // Each figure says on hover what it is, what changes it and, where there is one, the sum
    // behind it, from the rules' own helpers.
    let figure = |ui: &mut egui::Ui, name: &str, value: String, tip: String| {
        ui.label(name).on_hover_text(&tip);
        ui.strong(value).on_hover_text(tip);
    };
    egui::Grid::new("mat_grid")
        .num_columns(4)
        .spacing([18.0, 4.0])
        .show(ui, |ui| {
            figure(
                ui,
                "Ducats",
                mat.ducats.to_string(),
                "The treasury: actions, advisors, units and keeping cards are paid from it; Phase 4 B adds the tax income and takes the upkeep".to_string(),
            );
            figure(
                ui,
                "Loans",
                mat.loans.to_string(),
                format!(
                    "Interest tokens: each brought {} ducats, costs 1 ducat of upkeep in every Phase 4 B and {} ducats to repay (rule 7.4)",
                    crate::rulesets::pop::rules::economy::LOAN_DUCATS,
                    crate::rulesets::pop::rules::economy::REPAY_DUCATS
                ),
            );
            ui.end_row();
            for kind in MpKind::ALL {
                figure(
                    ui,
                    mp_name(kind),
                    mat.mp(kind).to_string(),
                    mp_tip(world, realm, kind),
                );
            }
            ui.end_row();
            figure(
                ui,
                "Stability",
                format!("{:+}", mat.stability),
                format!(
                    "From -3 to +3 (rule 7.3). Increase Stability costs {} ADM now; at +3 a realm gains 2 monarch power of its choice in Phase 4 D, at -3 one fewer, and each step lost below -3 costs 2 ADM",
                    crate::rulesets::pop::rules::economy::stability_cost(world, realm)
                ),
            );
            figure(
                ui,
                "Prestige",
                mat.prestige.to_string(),
                "Victory points: Missions, Milestones, won wars and Ideas bring it, defeats and refused calls cost it; the most at the end wins (rule 17)".to_string(),
            );
            ui.end_row();
            figure(
                ui,
                "Manpower",
                mat.manpower.to_string(),
                "Available manpower: a regular land unit recruited takes 1; Phase 5 A refills it from what the tracks show, less units deployed and manpower exhausted".to_string(),
            );
            if mat.exhausted_manpower > 0 {
                figure(
                    ui,
                    "Exhausted",
                    mat.exhausted_manpower.to_string(),
                    "Exhausted manpower: half of it (at least 3, at most 6) comes back in Phase 5 A".to_string(),
                );
            }
            ui.end_row();
            if mat.colonists > 0 {
                ui.label("Colonists").on_hover_text(
                    "1 per colonial claim each Round, at most 4; each pays 1 of a colony's 4",
                );
                ui.strong(mat.colonists.to_string());
                ui.end_row();
            }
        });
}

/// Where a type of monarch power comes from in the next Phase 4 D: the sum behind the figure.
fn mp_tip(world: &World, realm: Entity, kind: MpKind) -> String {
    // The ruler and the advisor always show; other sources only when they give something.
    let parts: Vec<String> =
        crate::rulesets::pop::rules::monarch_power::income_sources(world, realm, kind)
            .into_iter()
            .filter(|(source, n)| *n != 0 || matches!(*source, "ruler" | "advisor"))
            .map(|(source, n)| format!("{source} {n}"))
            .collect();
    format!(
        "{} monarch power, at most 10 kept (rule 7.1). Next Phase 4 D: {}",
        mp_name(kind),
        parts.join(" + ")
    )
}

/// The realm's advisors and the generals and admirals on its Army and Fleet Mats, with their
/// skills; each says on hover what it gives and costs.
fn court_lines(ui: &mut egui::Ui, game: &Game, realm: Entity) {
    use crate::rulesets::pop::rules::{characters, income, military};
    let world = game.world();
    let who = |c: Entity| {
        world
            .get::<Title>(c)
            .map_or_else(|| key_of(world, c).to_string(), |t| t.0.clone())
    };
    let advisors = characters::advisors(world, realm);
    if !advisors.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Advisors:");
            for a in advisors {
                let Some(c) = world.get::<Character>(a) else {
                    continue;
                };
                let (kind, skill) = MpKind::ALL
                    .into_iter()
                    .map(|k| (k, c.skill(k)))
                    .max_by_key(|(_, s)| *s)
                    .unwrap_or((MpKind::Adm, 0));
                let upkeep = income::advisor_upkeep(world, realm, a).0;
                ui.label(format!("{} ({} {skill})", who(a), mp_name(kind)))
                    .on_hover_text(format!(
                        "Adds {skill} {} in every Phase 4 D; upkeep {upkeep} ducats in every Phase 4 B (rule 7.2)",
                        mp_name(kind)
                    ));
            }
        });
    }
    for (land, title) in [(true, "Generals"), (false, "Admirals")] {
        let leaders = military::leaders_on_mats(world, realm, land);
        if leaders.is_empty() {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{title}:"));
            for l in leaders {
                let dice = world.get::<Character>(l).map_or(0, |c| c.dice);
                let dice = if dice == 1 {
                    "1 die".to_string()
                } else {
                    format!("{dice} dice")
                };
                ui.label(format!("{} ({dice})", who(l))).on_hover_text(
                    "Leads an army or fleet on its mat: its dice add to the battle's rolls (rule 7.2)",
                );
            }
        });
    }
}

/// The pending decision; returns the action the human clicked, if any.
fn decision_section(
    ui: &mut egui::Ui,
    game: &ActiveGame,
    pace: &mut BotPace,
    names: &crate::engine::log::DisplayNames,
    choices: &mut ChoiceFilter,
    pointed: &mut Vec<Target>,
    selection: &Selection,
) -> Option<Action> {
    let g = &game.game;
    let fresh = choices.fresh;
    let mut picked = None;
    // The switch sits beside the heading so it stays put while the buttons below change.
    ui.horizontal(|ui| {
        // The person's own decision is marked; a new one out of sight is scrolled to the top.
        let heading = if game.human_turn() {
            ui.label(
                egui::RichText::new("Decision - yours")
                    .strong()
                    .color(egui::Color32::from_rgb(140, 220, 140)),
            )
        } else {
            ui.strong("Decision")
        };
        if fresh && !ui.clip_rect().contains_rect(heading.rect) {
            heading.scroll_to_me(Some(egui::Align::TOP));
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // Short enough to fit beside the heading with the scroll bar showing.
            ui.checkbox(&mut pace.fast_forward, "Fast-forward bots")
                .on_hover_text(
                    "The bots play on without waiting for the log to play back, up to the next human decision",
                );
        });
    });
    match g.pending() {
        None if g.is_over() => {
            ui.label("The game is over.");
        }
        None => {
            ui.label("Nothing to decide.");
        }
        Some(decision) if decision.realm == game.front && game.human_turn() => {
            ui.label(names.readable(&decision.prompt));
            if fresh {
                choices.filter.clear();
            }
            about_section(ui, game, selection, names, pointed, &mut picked);
            let legal = g.legal_actions_with_costs();
            if legal.is_empty() {
                ui.colored_label(
                    egui::Color32::from_rgb(255, 140, 120),
                    "No legal action: the game is stuck here.",
                );
            }
            // A new short decision puts the keyboard on its first choice: the arrow keys move
            // between choices and Enter takes one (egui's own focus moves).
            let mut focus_first = fresh && legal.len() <= FLAT_CHOICES;
            let mut button = |ui: &mut egui::Ui, action: &Action, cost: &Cost| {
                let focus = std::mem::take(&mut focus_first);
                if choice_button(ui, game, action, cost, names, pointed, focus) {
                    picked = Some(action.clone());
                }
            };
            if legal.len() <= FLAT_CHOICES {
                for (action, cost) in &legal {
                    button(ui, action, cost);
                }
            } else {
                // Many choices: the kinds open now, each folded, with a filter over them all.
                ui.horizontal(|ui| {
                    ui.label("Filter:");
                    ui.add(
                        egui::TextEdit::singleline(&mut choices.filter)
                            .hint_text("any word of a choice")
                            .desired_width(ui.available_width()),
                    );
                });
                let words: Vec<String> = choices
                    .filter
                    .split_whitespace()
                    .map(str::to_lowercase)
                    .collect();
                if words.is_empty() {
                    let mut first_header = None;
                    for group in g.grouped_choices() {
                        let header = kind_section(ui, g, &group, names, &mut button);
                        first_header = first_header.or(header);
                    }
                    // A new long decision puts the keyboard on its first kind: the arrow keys
                    // (or Tab) move between kinds, Enter opens one and then its choices.
                    if let Some(h) = first_header.filter(|_| fresh) {
                        h.request_focus();
                    }
                } else {
                    let mut shown = 0;
                    for (action, cost) in &legal {
                        let label = action_label(g, action).to_lowercase();
                        if words.iter().all(|w| label.contains(w.as_str())) {
                            button(ui, action, cost);
                            shown += 1;
                        }
                    }
                    if shown == 0 {
                        ui.label(egui::RichText::new("No choice has those words.").weak());
                    }
                }
            }
        }
        Some(decision) => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label(
                    names.readable(&crate::rulesets::pop::window::describe::others_question(
                        g, decision,
                    )),
                );
            });
        }
    }
    picked
}

/// Sends the person's choice, or first asks for confirmation when the rules warn about it
/// (it costs stability or prestige, starts a war).
fn send_or_confirm(
    game: &ActiveGame,
    action: Action,
    confirming: &mut Confirming,
    choose: &mut MessageWriter<Choose>,
    names: &mut Option<(usize, crate::engine::log::DisplayNames)>,
) {
    match game.game.warning(&action) {
        Some(why) if confirming.0.is_none() => {
            let names = crate::rulesets::pop::window::describe::scenario_names(names, &game.game);
            let label = action_label(&game.game, &action);
            confirming.0 = Some((game.revision, action, label, names.readable(&why)));
        }
        Some(_) => {}
        None => {
            choose.write(Choose(action));
        }
    }
}

/// Up to this many choices show as one list; more are grouped by kind (22).
const FLAT_CHOICES: usize = 12;

/// The words the person narrows a long decision's choices with, and whether the decision shown
/// is new this frame (the filter then starts empty and the panel comes to it).
#[derive(Default)]
struct ChoiceFilter {
    filter: String,
    fresh: bool,
}

/// One choice as a button with its price; true when clicked. Hovering it shows what it does
/// and points at its target on the board.
fn choice_button(
    ui: &mut egui::Ui,
    active: &ActiveGame,
    action: &Action,
    cost: &Cost,
    names: &crate::engine::log::DisplayNames,
    pointed: &mut Vec<Target>,
    focus: bool,
) -> bool {
    let g = &active.game;
    let label = action_label(g, action);
    let mut button = egui::Button::new(label)
        .wrap()
        .min_size(egui::vec2(ui.available_width(), 24.0));
    // The engine's price, right-aligned and small; free actions show none.
    if !cost.is_free() {
        // Gold like the ducats on the mat, so the price reads at a glance.
        button = button.right_text(
            egui::RichText::new(cost.describe()).color(egui::Color32::from_rgb(230, 200, 110)),
        );
    }
    let mut response = ui.add(button);
    if focus {
        response.request_focus();
    }
    // Worked out only for the button under the pointer: the list can be long.
    if response.hovered() {
        *pointed = pointing_at(g, action).into_iter().collect();
        // What the card or the rules say of it, then what it would change and the rules it
        // goes through (22, 23); a right click opens the help on the first of those.
        let preview = active.preview(action);
        let mut tip = preview.describe(names, crate::client::rule_text::meaning);
        if let Some(card) = action_tooltip(g, action, names) {
            tip = format!("{card}\n\n{tip}");
        }
        if let Some(rule) = preview.rules.first() {
            tip.push_str("\nRight-click: this rule in the help (F1)");
            if response.secondary_clicked() {
                crate::client::shell::help::ask_to_look_up(ui.ctx(), rule);
            }
        }
        response = response.on_hover_text(tip);
    }
    response.clicked()
}

/// Where a choice points on the board: a march or a voyage at where it goes, anything else at
/// what it is about.
fn pointing_at(g: &Game, action: &Action) -> Option<Target> {
    match action {
        Action::Move { to, .. } => Some(Target::Area(to.to_string())),
        Action::Sail { to, .. } => Some(Target::Sea(to.to_string())),
        _ => crate::rulesets::pop::topics::topic(g.world(), action).target,
    }
}

/// What the person clicked on the board, as the targets its choices may be about: the
/// province, its area and the forces there, and its owner (or a realm picked from a list); or
/// a sea zone and the fleets there.
fn selected_targets(g: &Game, selection: &Selection) -> (String, Vec<Target>) {
    let mut targets = Vec::new();
    let mut title = String::new();
    if let Some(p) = &selection.province {
        targets.push(Target::Province(p.clone()));
        if let Some(def) = g.scenario().map.provinces.iter().find(|d| d.id == *p) {
            title = def.name.clone();
            targets.push(Target::Area(def.area.to_string()));
            targets.push(Target::Force(def.area.to_string()));
        }
    }
    if let Some(sea) = selection
        .sea
        .as_ref()
        .filter(|_| selection.province.is_none())
    {
        // The fleets there, and the sea zone itself.
        targets.push(Target::Force(sea.clone()));
        targets.push(Target::Sea(sea.clone()));
        title = crate::rulesets::pop::window::describe::area_name(g, sea);
    }
    if let Some(r) = &selection.realm {
        targets.push(Target::Realm(r.clone()));
        title = if title.is_empty() {
            name_of(g, r)
        } else {
            format!("{title} ({})", name_of(g, r))
        };
    }
    (title, targets)
}

/// The person's choices about what was clicked on the board, listed there and then; the
/// marches open to an army clicked have their destinations outlined.
fn about_section(
    ui: &mut egui::Ui,
    active: &ActiveGame,
    selection: &Selection,
    names: &crate::engine::log::DisplayNames,
    pointed: &mut Vec<Target>,
    picked: &mut Option<Action>,
) {
    let g = &active.game;
    let (title, targets) = selected_targets(g, selection);
    if targets.is_empty() {
        return;
    }
    let about: Vec<(Action, Cost)> = g
        .legal_actions_with_costs()
        .into_iter()
        .filter(|(a, _)| {
            crate::rulesets::pop::topics::topic(g.world(), a)
                .target
                .is_some_and(|t| targets.contains(&t))
        })
        .collect();
    if about.is_empty() {
        return;
    }
    let marches: Vec<Target> = about
        .iter()
        .filter_map(|(a, _)| match a {
            Action::Move { .. } | Action::Sail { .. } => pointing_at(g, a),
            _ => None,
        })
        .collect();
    if pointed.is_empty() {
        *pointed = marches;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(egui::RichText::new(format!("Your choices about {title}")).strong());
        for (action, cost) in &about {
            if choice_button(ui, active, action, cost, names, pointed, false) {
                *picked = Some(action.clone());
            }
        }
    });
}

/// One kind of action: a kind with one choice is that choice's button; a larger one is a folded
/// header with its number of choices and their price range, its choices grouped by target.
fn kind_section(
    ui: &mut egui::Ui,
    g: &Game,
    group: &KindGroup<(Action, Cost)>,
    names: &crate::engine::log::DisplayNames,
    button: &mut impl FnMut(&mut egui::Ui, &Action, &Cost),
) -> Option<egui::Response> {
    if group.len() == 1 {
        if let Some((action, cost)) = group.choices().next() {
            button(ui, action, cost);
        }
        return None;
    }
    let weight = |c: &Cost| {
        c.adm
            + c.dip
            + c.mil
            + c.ducats
            + c.manpower
            + c.colonists
            + c.influence
            + c.prestige
            + c.stability
            + c.loans
            + c.any_mp
    };
    let cheapest = group.choices().map(|(_, c)| *c).min_by_key(weight);
    let dearest = group.choices().map(|(_, c)| *c).max_by_key(weight);
    let price = match (cheapest, dearest) {
        (Some(a), Some(b)) if a == b => a.describe(),
        (Some(a), Some(b)) => format!("{} to {}", a.describe(), b.describe()),
        _ => String::new(),
    };
    let header = egui::RichText::new(format!("{} ({})  {price}", group.kind, group.len()));
    let shown = egui::CollapsingHeader::new(header)
        .id_salt(("choices", group.kind))
        .default_open(false)
        .show(ui, |ui| {
            for (target, choices) in &group.by_target {
                match target {
                    Some(t) if choices.len() > 1 => {
                        ui.label(egui::RichText::new(target_name(g, t, names)).strong());
                        ui.indent(("target", t.id()), |ui| {
                            for (action, cost) in choices {
                                button(ui, action, cost);
                            }
                        });
                    }
                    _ => {
                        for (action, cost) in choices {
                            button(ui, action, cost);
                        }
                    }
                }
            }
        });
    Some(shown.header_response)
}

/// A target as a sub-heading: the realm, area, province or card by name, an army by its place.
fn target_name(g: &Game, target: &Target, names: &crate::engine::log::DisplayNames) -> String {
    match target {
        Target::Force(place) => {
            format!(
                "Forces in {}",
                crate::rulesets::pop::window::describe::area_name(g, place)
            )
        }
        Target::Area(a) | Target::Sea(a) => crate::rulesets::pop::window::describe::area_name(g, a),
        Target::Realm(r) => name_of(g, r),
        Target::Province(id) | Target::Card(id) => names.name(id).to_string(),
    }
}

/// What an action deck holds, for its Draw button: how many cards are left and discarded, how
/// many carry a character to appoint, and the kinds of effect its cards have.
fn deck_tooltip(game: &Game, deck: MpKind) -> String {
    let world = game.world();
    let decks = world.resource::<crate::rulesets::pop::rules::cards::ActionDecks>();
    let (left, discarded) = (
        decks.decks[deck.index()].len(),
        decks.discard[deck.index()].len(),
    );
    let cards: Vec<&crate::rulesets::pop::content::schema::ActionCardDef> = game
        .scenario()
        .action_cards
        .iter()
        .filter(|c| c.deck == deck)
        .collect();
    let characters = cards.iter().filter(|c| c.character.is_some()).count();
    let mut kinds: Vec<String> = Vec::new();
    for effect in cards.iter().flat_map(|c| c.effects.iter()) {
        let text = crate::rulesets::pop::window::describe::effect_text(game, effect);
        // One example per kind of effect: the words after the number.
        let kind: String = text
            .split_whitespace()
            .filter(|w| !w.starts_with(['+', '-']) && !w.chars().all(|c| c.is_ascii_digit()))
            .collect::<Vec<_>>()
            .join(" ");
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds.truncate(8);
    format!(
        "The {} action deck: {left} cards left, {discarded} discarded (an empty deck is shuffled again from its discards). Of its {} cards, {characters} carry a character to appoint (an advisor or a leader); the cards' effects give {}.",
        mp_name(deck),
        cards.len(),
        if kinds.is_empty() {
            "nothing listed".to_string()
        } else {
            kinds.join(", ")
        }
    )
}

/// What a choice does, on hover, where a card says more than its button: an Event's options and
/// symbols, an action card's effects and price, and why a choice will ask to be confirmed.
fn action_tooltip(
    game: &Game,
    action: &Action,
    names: &crate::engine::log::DisplayNames,
) -> Option<String> {
    let describe = crate::rulesets::pop::window::describe::event_tooltip;
    let scenario = game.scenario();
    let card_text = match action {
        Action::TakeEvent { slot } => game
            .world()
            .resource::<EventDisplay>()
            .row
            .get(usize::from(*slot))
            .and_then(|s| scenario.events.get(s.card))
            .map(|def| describe(game, def)),
        Action::PlayCard { card } | Action::Appoint { card } => scenario
            .action_cards
            .iter()
            .find(|c| c.id == *card)
            .map(|def| crate::rulesets::pop::window::describe::card_tooltip(game, def)),
        Action::DrawCard { deck } => Some(deck_tooltip(game, *deck)),
        _ => None,
    };
    let warning = game.warning(action).map(|w| names.readable(&w));
    match (card_text, warning) {
        (Some(c), Some(w)) => Some(format!("{c}\n\n{w}")),
        (c, w) => c.or(w),
    }
}

fn hand_section(ui: &mut egui::Ui, game: &Game, human: &str) {
    let world = game.world();
    let Some(hand) = world
        .resource::<Index>()
        .get(human)
        .and_then(|r| world.get::<Hand>(r))
    else {
        return;
    };
    ui.strong(format!("Action cards in hand ({})", hand.cards.len()));
    let cards = &game.scenario().action_cards;
    let line = |ui: &mut egui::Ui, card: usize, note: &str| {
        let Some(def) = cards.get(card) else { return };
        let cost = if def.ducats > 0 {
            format!("{} {} + {} D", mp_name(def.deck), def.cost, def.ducats)
        } else {
            format!("{} {}", mp_name(def.deck), def.cost)
        };
        ui.label(format!("{}  ({cost}){note}", def.name))
            .on_hover_text(crate::rulesets::pop::window::describe::card_tooltip(
                game, def,
            ));
    };
    for card in &hand.cards {
        line(ui, *card, "");
    }
    for card in &hand.drawn {
        line(ui, *card, "  - drawn, not kept yet");
    }
    if hand.cards.is_empty() && hand.drawn.is_empty() {
        ui.label(egui::RichText::new("none").weak());
    }
}

/// The human's Missions in hand (secret, like the hand), requirements on hover.
fn missions_section(ui: &mut egui::Ui, game: &Game, human: &str) {
    let world = game.world();
    let Some(realm) = world.resource::<Index>().get(human) else {
        return;
    };
    let hand = crate::rulesets::pop::rules::missions::hand(world, realm);
    ui.strong(format!("Missions in hand ({})", hand.held.len()));
    for m in &hand.held {
        let Some(def) = game.scenario().missions.get(*m) else {
            continue;
        };
        let needs =
            crate::rulesets::pop::rules::conditions::describe_all(game.scenario(), &def.conditions);
        ui.label(format!("{}  ({} prestige)", def.name, def.prestige))
            .on_hover_text(format!("{}\nNeeds: {needs}", def.text));
    }
    if hand.held.is_empty() {
        ui.label(egui::RichText::new("none").weak());
    }
}

/// The public Milestones, with who completed them so far.
fn milestones_section(ui: &mut egui::Ui, game: &Game) {
    ui.strong("Milestones");
    let world = game.world();
    let board = world.resource::<crate::rulesets::pop::rules::milestones::Milestones>();
    if board.open.is_empty() {
        ui.label(egui::RichText::new("none").weak());
    }
    for m in &board.open {
        let Some(def) = game.scenario().milestones.get(*m) else {
            continue;
        };
        let done: Vec<String> = board
            .completers(*m)
            .into_iter()
            .filter_map(|sid| world.resource::<Index>().by_sid(sid))
            .map(|e| name_of(game, &key_of(world, e)))
            .collect();
        let needs =
            crate::rulesets::pop::rules::conditions::describe_all(game.scenario(), &def.conditions);
        let by = if done.is_empty() {
            String::new()
        } else {
            format!("  - done: {}", done.join(", "))
        };
        ui.label(format!("{:?}: {}{by}", def.category, def.name))
            .on_hover_text(format!("{}\nNeeds: {needs}", def.text));
    }
}

fn event_row_section(ui: &mut egui::Ui, game: &Game) {
    ui.strong("Events on display");
    let display = game.world().resource::<EventDisplay>();
    if display.row.is_empty() {
        ui.label(egui::RichText::new("none").weak());
    }
    for slot in &display.row {
        if slot.face_up {
            let Some(def) = game.scenario().events.get(slot.card) else {
                continue;
            };
            ui.label(format!("{}  ({} D)", def.name, slot.ducats))
                .on_hover_text(crate::rulesets::pop::window::describe::event_tooltip(
                    game, def,
                ));
        } else {
            ui.label(egui::RichText::new("(face down)").weak());
        }
    }
}

/// The Player Realms at a glance; returns the realm whose name was clicked.
fn realms_section(ui: &mut egui::Ui, active: &ActiveGame) -> Option<String> {
    let game = &active.game;
    ui.strong("Player Realms");
    let world = game.world();
    let seats = world.get_resource::<Seats>()?;
    let mut clicked = None;
    egui::Grid::new("realms_grid")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label("D");
            ui.label("Stab.");
            ui.label("Prest.");
            ui.label("");
            ui.end_row();
            for realm in &seats.0 {
                let key = key_of(world, *realm);
                ui.horizontal(|ui| {
                    swatch(ui, realm_swatch_colour(game, *realm));
                    let name = name_of(game, &key);
                    let text = if key == active.front && active.human_turn() {
                        egui::RichText::new(format!("{name} (deciding)")).strong()
                    } else if active.is_human(&key) {
                        egui::RichText::new(format!("{name} (human)")).strong()
                    } else {
                        egui::RichText::new(format!("{name} (bot)"))
                    };
                    if ui
                        .add(egui::Label::new(text).sense(egui::Sense::click()))
                        .on_hover_text("Show this realm's mat")
                        .clicked()
                    {
                        clicked = Some(key.to_string());
                    }
                });
                let mat = world.get::<Mat>(*realm).cloned().unwrap_or_default();
                ui.label(mat.ducats.to_string());
                ui.label(format!("{:+}", mat.stability));
                ui.label(mat.prestige.to_string());
                let passed = world.get::<RoundMarkers>(*realm).is_some_and(|m| m.passed);
                ui.label(if passed { "passed" } else { "" });
                ui.end_row();
            }
        });
    clicked
}
