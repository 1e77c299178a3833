//! The egui overlays of the Raison d'Etat window: the top bar (round, action turn, Emperor,
//! whose screen) with the Influence track, the Powers panel (each Power's dial as a wheel
//! showing the segment it acts on, its Money, Morale, Influence, status and hand), the decision
//! panel (the question and every legal answer, filtered by the selected Territory), the battle
//! in progress (piles face down until turned over), the log, and the map in the middle. The
//! new-game and failure screens, help, loading and the hand-over are the client shell's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::Screen;
use crate::client::shell::discs::rimmed_disc;
use crate::client::shell::log_panel::{LogFilter, log_panel};
use crate::client::shell::panel_backdrop::{PanelBackdrop, backdrop_frame};
use crate::client::shell::panels::{
    HelpWindow, LoadList, StatsOpen, background_ui, notice_line, top_bar_buttons,
};
use crate::engine::ruleset::Ruleset;
use crate::rulesets::raison::Action;
use crate::rulesets::raison::content::Scenario;
use crate::rulesets::raison::content::schema::DialAction;
use crate::rulesets::raison::ids;
use crate::rulesets::raison::snapshot::Snapshot;
use crate::rulesets::raison::view::describe;
use crate::rulesets::raison::view::map::{self, MapState, power_colour};
use crate::rulesets::raison::view::session::RdeSession;

pub struct RaisonPanelsPlugin;

impl Plugin for RaisonPanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<MapState>()
            .init_resource::<BattleReports>()
            .add_systems(Startup, spawn_camera)
            .add_systems(EguiPrimaryContextPass, draw_panels);
    }
}

/// Battles the Power at the screen fought, shown once each with every card turned over: the log
/// position read up to (per game), and the reports not yet dismissed.
#[derive(Resource, Default)]
struct BattleReports {
    seen: Option<(u64, usize)>,
    open: Vec<String>,
}

/// Reads the new log entries for battles the seat at the screen (or a Minor it plays) fought.
fn collect_battles(reports: &mut BattleReports, session: &RdeSession, view: &Snapshot) {
    let entries = &session.game.log().entries;
    let from = match reports.seen {
        Some((generation, n)) if generation == session.generation && n <= entries.len() => n,
        _ => {
            reports.open.clear();
            entries.len()
        }
    };
    let mine: Vec<&str> = view
        .powers
        .iter()
        .filter(|p| p.player.as_deref() == Some(session.front.as_str()))
        .map(|p| p.id.as_str())
        .collect();
    for e in &entries[from..] {
        if e.rule != ids::BATTLE || !e.text.starts_with("Battle of ") {
            continue;
        }
        // "Battle of T: A n against D m (cards: ...); verdict"
        let sides = e.text.split(": ").nth(1).unwrap_or_default();
        if mine.iter().any(|p| {
            sides.starts_with(&format!("{p} ")) || sides.contains(&format!("against {p} "))
        }) {
            reports.open.push(e.text.clone());
        }
    }
    reports.seen = Some((session.generation, entries.len()));
    if reports.open.len() > 3 {
        let extra = reports.open.len() - 3;
        reports.open.drain(..extra);
    }
}

fn show_battles(ctx: &egui::Context, reports: &mut BattleReports) {
    let mut close = None;
    for (i, text) in reports.open.iter().enumerate() {
        let (title, rest) = text.split_once(": ").unwrap_or((text, ""));
        let (sides, rest) = rest.split_once(" (cards: ").unwrap_or((rest, ""));
        let (cards, verdict) = rest.rsplit_once("); ").unwrap_or(("", rest));
        egui::Window::new(title)
            .id(egui::Id::new(("battle_report", i)))
            .default_pos(egui::pos2(420.0, 110.0 + 40.0 * i as f32))
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.set_max_width(340.0);
                ui.strong(sides.split("; ").next().unwrap_or(sides));
                for pile in cards.split("; ").filter(|c| !c.is_empty()) {
                    ui.label(format!("Cards turned over: {pile}"));
                }
                let verdict = if verdict.is_empty() {
                    sides.rsplit("; ").next().unwrap_or_default()
                } else {
                    verdict
                };
                ui.label(egui::RichText::new(verdict).strong());
                if ui.button("OK").clicked() {
                    close = Some(i);
                }
            });
    }
    if let Some(i) = close {
        reports.open.remove(i);
    }
}

/// egui draws through a camera; the map itself is egui's, so a plain 2D camera will do.
fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

fn initials(a: DialAction) -> &'static str {
    match a {
        DialAction::Muster => "Mu",
        DialAction::Taxation => "Tx",
        DialAction::Subsidise => "Sb",
        DialAction::Leadership => "Ld",
        DialAction::LeadershipAndSubsidise => "LS",
        DialAction::Mobilisation => "Mb",
        DialAction::GainInfluence => "In",
        DialAction::Movement => "Mv",
    }
}

/// A Power's dial as a wheel: one segment per action, the one it acts on now filled in its
/// colour.
fn dial(ui: &mut egui::Ui, s: &Scenario, current: DialAction, colour: egui::Color32) {
    let size = 46.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let c = rect.center();
    let r = size / 2.0 - 1.0;
    let n = s.dial.len();
    for (i, a) in s.dial.iter().enumerate() {
        let a0 = -std::f32::consts::FRAC_PI_2 + i as f32 / n as f32 * std::f32::consts::TAU;
        let a1 = a0 + std::f32::consts::TAU / n as f32;
        let steps = 8;
        let mut pts = vec![c];
        for k in 0..=steps {
            let t = a0 + (a1 - a0) * k as f32 / steps as f32;
            pts.push(c + egui::vec2(t.cos(), t.sin()) * r);
        }
        let fill = if *a == current {
            colour
        } else {
            egui::Color32::from_rgb(55, 55, 60)
        };
        painter.add(egui::Shape::convex_polygon(
            pts,
            fill,
            egui::Stroke::new(1.0, egui::Color32::from_rgb(20, 20, 22)),
        ));
        let mid = (a0 + a1) / 2.0;
        painter.text(
            c + egui::vec2(mid.cos(), mid.sin()) * r * 0.62,
            egui::Align2::CENTER_CENTER,
            initials(*a),
            egui::FontId::proportional(8.0),
            egui::Color32::WHITE,
        );
    }
    response.on_hover_text(format!("Acts on: {}", current.title()));
}

/// The Influence track: every Major's marker on a line to the target.
fn influence_track(ui: &mut egui::Ui, s: &Scenario, view: &Snapshot) {
    let width = ui.available_width().min(900.0);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 26.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let x = |v: i32| {
        rect.left()
            + 20.0
            + (rect.width() - 40.0) * (v.clamp(0, s.victory) as f32 / s.victory as f32)
    };
    let y = rect.center().y;
    painter.line_segment(
        [egui::pos2(x(0), y), egui::pos2(x(s.victory), y)],
        egui::Stroke::new(2.0, egui::Color32::from_rgb(150, 140, 120)),
    );
    for v in (0..=s.victory).step_by(5) {
        painter.line_segment(
            [egui::pos2(x(v), y - 4.0), egui::pos2(x(v), y + 4.0)],
            egui::Stroke::new(1.0, egui::Color32::from_rgb(150, 140, 120)),
        );
        painter.text(
            egui::pos2(x(v), y + 5.0),
            egui::Align2::CENTER_TOP,
            v.to_string(),
            egui::FontId::proportional(8.0),
            egui::Color32::GRAY,
        );
    }
    let mut seen: Vec<i32> = Vec::new();
    for p in view.powers.iter().filter(|p| p.major) {
        let stack = seen.iter().filter(|v| **v == p.influence).count() as f32;
        seen.push(p.influence);
        let c = egui::pos2(x(p.influence), y - 6.0 - 7.0 * stack);
        rimmed_disc(
            &painter,
            c,
            5.0,
            power_colour(s, &p.id),
            egui::Stroke::new(1.0, egui::Color32::BLACK),
        );
    }
}

fn power_panel(ui: &mut egui::Ui, s: &Scenario, view: &Snapshot, front: &str) {
    for (i, p) in view.powers.iter().enumerate() {
        let def = &s.powers[i];
        let colour = power_colour(s, &p.id);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                dial(ui, s, p.segment, colour);
                ui.vertical(|ui| {
                    ui.horizontal(|ui| {
                        let (r, _) =
                            ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                        ui.painter().rect_filled(r, 2.0, colour);
                        let title = format!("{} ({})", def.name, p.id);
                        if p.id == front {
                            ui.strong(title);
                        } else {
                            ui.label(title);
                        }
                        if view.emperor.as_deref() == Some(p.id.as_str()) {
                            ui.label(
                                egui::RichText::new("Emperor")
                                    .color(egui::Color32::from_rgb(230, 190, 60)),
                            );
                        }
                    });
                    let who = if p.major {
                        describe::status(s, p.status)
                    } else {
                        format!(
                            "Minor, played by {}: {}",
                            p.player.as_deref().unwrap_or("nobody yet"),
                            describe::status(s, p.status)
                        )
                    };
                    ui.label(egui::RichText::new(who).small());
                    let influence = if p.major {
                        format!("Influence {}/{}  ", p.influence, s.victory)
                    } else {
                        String::new()
                    };
                    ui.label(format!(
                        "{influence}Money {}  Morale {}  Cards {}",
                        p.money, p.morale, p.hand_size
                    ));
                    if !p.hand.is_empty() {
                        ui.horizontal(|ui| {
                            ui.label(egui::RichText::new("Hand:").small());
                            for c in &p.hand {
                                egui::Frame::new()
                                    .fill(egui::Color32::from_rgb(240, 232, 210))
                                    .corner_radius(3.0)
                                    .inner_margin(egui::Margin::symmetric(5, 1))
                                    .show(ui, |ui| {
                                        ui.label(
                                            egui::RichText::new(c.to_string())
                                                .color(egui::Color32::BLACK)
                                                .strong(),
                                        );
                                    });
                            }
                        });
                    }
                });
            });
        });
    }
}

/// The battle being fought: each side's Generals, the Garrison and Fortress, and the piles,
/// hidden cards as "?".
fn battle_box(ui: &mut egui::Ui, s: &Scenario, view: &Snapshot) {
    let Some(b) = &view.progress.battle else {
        return;
    };
    let t = &s.territories[b.territory as usize];
    ui.separator();
    ui.heading(format!("Battle of {}", t.name));
    let general = |g: u16| {
        let st = &view.generals[g as usize];
        let name = s
            .powers
            .iter()
            .flat_map(|p| &p.generals)
            .find(|x| x.id == st.id)
            .map_or(st.id.as_str(), |x| x.name.as_str());
        format!("{name} ({}, {} Units)", st.power, st.units)
    };
    for (title, attacker) in [("Attacker", true), ("Defender", false)] {
        ui.strong(title);
        let here = if attacker { &b.attack } else { &b.defend };
        for g in here {
            ui.label(general(*g));
        }
        for (g, a) in &b.support {
            if *a == attacker {
                ui.label(format!("{} in support", general(*g)));
            }
        }
        if !attacker && b.garrison.is_some() {
            ui.label(format!(
                "Garrison{}",
                if b.fortress { " and Fortress" } else { "" }
            ));
        }
        for pile in b.piles.iter().filter(|p| p.attacker == attacker) {
            ui.horizontal(|ui| {
                let owner = pile.general.map_or("Garrison".to_string(), |g| {
                    let id = &view.generals[g as usize].id;
                    s.powers
                        .iter()
                        .flat_map(|p| &p.generals)
                        .find(|x| x.id == *id)
                        .map_or(id.clone(), |x| x.name.clone())
                });
                ui.label(egui::RichText::new(format!("{owner}:")).small());
                for c in &pile.cards {
                    let text = if c.value == 0 {
                        "?".to_string()
                    } else if c.discarded {
                        format!("{} (discarded)", c.value)
                    } else if c.face_up {
                        format!("{} (face up)", c.value)
                    } else {
                        c.value.to_string()
                    };
                    egui::Frame::new()
                        .fill(if c.value == 0 {
                            egui::Color32::from_rgb(90, 60, 50)
                        } else {
                            egui::Color32::from_rgb(240, 232, 210)
                        })
                        .corner_radius(3.0)
                        .inner_margin(egui::Margin::symmetric(5, 1))
                        .show(ui, |ui| {
                            ui.label(egui::RichText::new(text).color(if c.value == 0 {
                                egui::Color32::WHITE
                            } else {
                                egui::Color32::BLACK
                            }));
                        });
                }
            });
        }
    }
}

/// The decision, its question and its choices; `lit` gets the Territories of the choice under
/// the pointer, for the map to light (22).
fn decision_panel(
    ui: &mut egui::Ui,
    session: &mut RdeSession,
    selected: Option<u16>,
    lit: &mut Vec<u16>,
) {
    let s = session.game.scenario().clone();
    let view = session.view();
    let Some(d) = session.game.pending().cloned() else {
        ui.heading("The game is over");
        match session.game.winner() {
            Some(w) => ui.label(format!("{} wins", describe::power(&s, &w))),
            None => ui.label("No single winner"),
        };
        return;
    };
    let mine = session.humans.contains(&d.seat);
    ui.heading(if d.seat == d.power {
        describe::power(&s, &d.power).to_string()
    } else {
        format!(
            "{} for {}",
            describe::power(&s, &d.seat),
            describe::power(&s, &d.power)
        )
    });
    ui.label(describe::question(&s, &d.kind));
    if !mine {
        ui.label(egui::RichText::new("A bot decides.").weak());
        battle_box(ui, &s, &view);
        return;
    }
    let legal = session.legal();
    let place = selected.map(|t| s.territories[t as usize].id.clone());
    let about_place = place.as_ref().is_some_and(|p| {
        legal
            .iter()
            .any(|a| describe::places(a).contains(&p.as_str()))
    });
    if let (Some(p), true) = (&place, about_place) {
        ui.label(
            egui::RichText::new(format!(
                "Only what concerns {p} (click it again to see all)"
            ))
            .small()
            .weak(),
        );
    }
    let mut chosen = None;
    let list: Vec<Action> = legal
        .iter()
        .filter(|a| {
            if !about_place {
                return true;
            }
            let places = describe::places(a);
            places.is_empty() || places.contains(&place.as_deref().unwrap_or_default())
        })
        .cloned()
        .collect();
    // Grouped by kind and by the Power, Territory or General they concern (22).
    let groups = crate::engine::choices::group(
        list,
        crate::rulesets::raison::topics::KINDS,
        crate::rulesets::raison::topics::topic,
    );
    let mut filter = std::mem::take(&mut session.choice_filter);
    egui::ScrollArea::vertical()
        .id_salt("rde_choices")
        .max_height(360.0)
        .show(ui, |ui| {
            let picked = crate::client::shell::panels::choice_list(
                ui,
                &groups,
                &mut filter,
                |a| {
                    // Purchases name their price; a gift of Money says what it gives already.
                    let cost = session.game.action_cost(a);
                    if cost.money > 0 && !matches!(a, Action::GiveMoney { .. }) {
                        format!("{} ({} Money)", describe::action(&s, a), cost.money)
                    } else {
                        describe::action(&s, a)
                    }
                },
                |a| session.preview_text(a),
            );
            chosen = picked.chosen;
            if let Some(a) = &picked.hovered {
                *lit = lit_territories(&s, &view, a);
            }
        });
    session.choice_filter = filter;
    battle_box(ui, &s, &view);
    if let Some(a) = chosen {
        session.choose(a);
    }
}

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn draw_panels(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<RdeSession>>,
    mut filter: ResMut<LogFilter>,
    mut help: ResMut<HelpWindow>,
    mut loads: ResMut<LoadList>,
    mut stats: ResMut<StatsOpen>,
    mut pace: ResMut<crate::client::shell::session::BotPace>,
    mut map_state: ResMut<MapState>,
    mut reports: ResMut<BattleReports>,
    screen: Option<Res<Screen>>,
    mut backdrop: ResMut<PanelBackdrop>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut session) = session else {
        return Ok(());
    };
    if screen.as_deref() != Some(&Screen::Playing) {
        return Ok(());
    }
    let s = session.game.scenario().clone();
    let view = session.view();
    let mut ui = background_ui(&ctx, "raison_panels");
    let frame = backdrop_frame(ui.style());
    egui::Panel::top("rde_top")
        .frame(frame)
        .show(&mut ui, |ui| {
            ui.horizontal(|ui| {
                ui.strong(&s.name);
                ui.separator();
                ui.label(format!(
                    "Round {}{}, action turn {} of {}",
                    view.round.max(1),
                    s.max_rounds.map_or(String::new(), |m| format!(" of {m}")),
                    view.turn.min(s.dial.len() as u8),
                    s.dial.len()
                ));
                ui.separator();
                ui.label(format!(
                    "Emperor: {}",
                    view.emperor
                        .as_deref()
                        .map_or("none", |e| describe::power(&s, e))
                ));
                ui.separator();
                ui.label(format!("Screen: {}", session.front));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    top_bar_buttons(
                        ui,
                        &mut session,
                        &mut loads,
                        &mut help,
                        &mut stats,
                        &mut pace,
                    );
                });
            });
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Influence").small());
                influence_track(ui, &s, &view);
            });
            notice_line(ui, &mut session);
        });
    egui::Panel::bottom("rde_log")
        .frame(frame)
        .resizable(true)
        .default_size(150.0)
        .show(&mut ui, |ui| {
            let names = <crate::rulesets::raison::RaisonDEtat as Ruleset>::display_names(
                session.game.scenario(),
            );
            let clicks = log_panel(
                ui,
                &session,
                &names,
                &mut filter,
                "Words of a line or a rule id, e.g. rde.battle",
                &[ids::BATTLE, ids::VICTORY, ids::IMPERIAL_ELECTION],
                |_| {},
            );
            if let Some(rule) = clicks.look_up {
                help.look_up(rule);
            }
        });
    egui::Panel::right("rde_powers")
        .frame(frame)
        .resizable(true)
        .default_size(330.0)
        .show(&mut ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("powers")
                .show(ui, |ui| power_panel(ui, &s, &view, &session.front));
        });
    egui::Panel::left("rde_decision")
        .frame(frame)
        .resizable(true)
        .default_size(280.0)
        .show(&mut ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("rde_decision_scroll")
                .show(ui, |ui| {
                    let mut lit = Vec::new();
                    decision_panel(ui, &mut session, map_state.selected, &mut lit);
                    map_state.lit = lit;
                });
        });
    // The map's egui painting keeps its own background; the panels' is the board camera's.
    backdrop.leave_free(&ctx, ui.available_rect_before_wrap());
    let (generation, revision) = (session.generation, session.revision);
    egui::CentralPanel::no_frame().show(&mut ui, |ui| {
        map::draw(ui, &mut map_state, &s, &view, generation, revision);
    });
    if !session.humans.is_empty() {
        collect_battles(&mut reports, &session, &view);
        show_battles(&ctx, &mut reports);
    }
    Ok(())
}

/// The Territories a choice is about, as map indices: where it places, moves or builds, or where
/// the General it names stands.
fn lit_territories(
    s: &crate::rulesets::raison::content::Scenario,
    view: &crate::rulesets::raison::snapshot::Snapshot,
    a: &Action,
) -> Vec<u16> {
    let general_at = |g: &str| {
        view.generals
            .iter()
            .find(|x| x.id == g)
            .and_then(|x| x.at.clone())
    };
    let mut ids: Vec<String> = describe::places(a).into_iter().map(String::from).collect();
    match a {
        Action::Move { general, .. }
        | Action::Withdraw { general }
        | Action::BuyUnit { general }
        | Action::Support { general } => ids.extend(general_at(general)),
        Action::PlayCard { pile: Some(g), .. } => ids.extend(general_at(g)),
        _ => {}
    }
    ids.iter()
        .filter_map(|id| s.territories.iter().position(|t| t.id == *id))
        .map(|i| i as u16)
        .collect()
}
