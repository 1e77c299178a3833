//! The egui overlays of the Kingdom window: the top bar (month, phase, whose turn, save, undo),
//! the kingdom sheet (every figure with the sum behind it, leaders and vacancies, edicts), the
//! decision panel (every legal answer, filtered by the selected hex), the log (filterable, every
//! check with its roll, modifiers and DC), the hex card under the pointer and event cards. The
//! new-game and failure screens, the log panel, help, loading and the hand-over are the client
//! shell's (`client::shell::panels`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::Screen;
use crate::client::shell::log_panel::{LogFilter, log_panel};
use crate::client::shell::panel_backdrop::{PanelBackdrop, backdrop_frame};
use crate::client::shell::panels::{
    HelpWindow, LoadList, StatsOpen, background_ui, notice_line, top_bar_buttons,
};
use crate::engine::ruleset::Ruleset;
use crate::rulesets::kingdom::decision::Action;
use crate::rulesets::kingdom::ids;
use crate::rulesets::kingdom::rules::sheet::Figure;
use crate::rulesets::kingdom::snapshot::Snapshot;
use crate::rulesets::kingdom::view::board::{ChoiceHover, Hovered, Selected};
use crate::rulesets::kingdom::view::describe;
use crate::rulesets::kingdom::view::session::KmSession;
use crate::rulesets::kingdom::view::settlement::SettlementWindow;

pub struct KingdomPanelsPlugin;

impl Plugin for KingdomPanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EventCards>()
            .add_systems(EguiPrimaryContextPass, draw_panels);
    }
}

/// Events shown as cards: the log position read up to, and the cards not yet dismissed.
#[derive(Resource, Default)]
struct EventCards {
    /// The game (generation) and log position read up to; `None` or another game's: what
    /// happened before this game came to the screen (a loaded save's past) is in the log, not
    /// on cards.
    seen: Option<(u64, usize)>,
    open: Vec<(String, String)>,
}

fn figure_row(ui: &mut egui::Ui, name: &str, f: &Figure) {
    ui.label(name);
    ui.strong(f.total.to_string()).on_hover_text(f.explain());
    // The sum behind the figure, wrapped to the panel's width.
    ui.add(
        egui::Label::new(egui::RichText::new(f.explain()).small().weak())
            .wrap_mode(egui::TextWrapMode::Wrap),
    );
    ui.end_row();
}

fn sheet_panel(
    ui: &mut egui::Ui,
    view: &Snapshot,
    front: &str,
    s: &crate::rulesets::kingdom::content::Scenario,
) {
    for k in &view.kingdoms {
        let mine = k.kingdom.id == front;
        let def = s.kingdoms.iter().find(|d| d.id == k.kingdom.id);
        let colour = def.map_or(egui::Color32::WHITE, |d| {
            egui::Color32::from_rgb(d.colour.0, d.colour.1, d.colour.2)
        });
        let title = format!(
            "{} ({}){}",
            k.kingdom.name,
            k.kingdom.id,
            if k.kingdom.anarchy { " - ANARCHY" } else { "" }
        );
        egui::CollapsingHeader::new(egui::RichText::new(title).color(colour).strong())
            .default_open(mine)
            .id_salt(&k.kingdom.id)
            .show(ui, |ui| {
                let sh = &k.sheet;
                egui::Grid::new(format!("sheet-{}", k.kingdom.id))
                    .num_columns(3)
                    .max_col_width(230.0)
                    .striped(true)
                    .show(ui, |ui| {
                        figure_row(ui, "Economy", &sh.economy);
                        figure_row(ui, "Loyalty", &sh.loyalty);
                        figure_row(ui, "Stability", &sh.stability);
                        ui.label("Unrest");
                        ui.strong(k.kingdom.unrest.to_string());
                        ui.label("subtracted from every check");
                        ui.end_row();
                        figure_row(ui, "Consumption", &sh.consumption);
                        ui.label("Treasury");
                        ui.strong(format!("{} BP", k.kingdom.treasury));
                        ui.label(format!(
                            "leaders hold {} gp, {} item(s)",
                            k.kingdom.purse_gp,
                            k.kingdom.items.len()
                        ));
                        ui.end_row();
                        ui.label("Size");
                        ui.strong(sh.size.to_string());
                        ui.label(format!(
                            "{} district(s), {} building(s)",
                            sh.districts, sh.buildings
                        ));
                        ui.end_row();
                        figure_row(ui, "Command DC", &sh.command_dc);
                    });
                ui.label(egui::RichText::new("Leaders").strong());
                for l in &k.leaders {
                    let role = l.role.map_or("no role".to_string(), |r| format!("{r:?}"));
                    ui.label(format!(
                        "{role}: {} (Str {} Dex {} Con {} Int {} Wis {} Cha {})",
                        l.name,
                        l.abilities[0],
                        l.abilities[1],
                        l.abilities[2],
                        l.abilities[3],
                        l.abilities[4],
                        l.abilities[5]
                    ));
                }
                if !sh.vacant.is_empty() {
                    let names: Vec<String> = sh.vacant.iter().map(|r| format!("{r:?}")).collect();
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 120, 90),
                        format!("Vacant: {}", names.join(", ")),
                    );
                }
                let edicts: Vec<String> = s
                    .edicts
                    .iter()
                    .map(|e| {
                        let level =
                            usize::from(k.kingdom.edicts[e.kind as usize]).min(e.levels.len() - 1);
                        format!("{:?}: {}", e.kind, e.levels[level].name)
                    })
                    .collect();
                ui.label(format!("Edicts - {}", edicts.join("; ")));
            });
    }
}

fn decision_panel(
    ui: &mut egui::Ui,
    session: &mut KmSession,
    selected: Option<(i32, i32)>,
    settlement: &mut SettlementWindow,
    clear_selection: &mut bool,
    lit: &mut Option<(i32, i32)>,
) {
    let view = session.view();
    let Some(decision) = session.game.pending().cloned() else {
        ui.heading("The game is over");
        let winner = session.game.winner().unwrap_or_else(|| "nobody".into());
        ui.label(format!("Winner: {winner}"));
        for (id, score) in session.game.scores() {
            ui.label(format!("{id}: {score}"));
        }
        return;
    };
    ui.heading(format!(
        "{}: {}",
        decision.kingdom,
        describe::step(decision.kind)
    ));
    if !session.human_turn() {
        ui.label("The bots are deciding...");
        return;
    }
    let s = session.game.scenario().clone();
    let legal = session.legal();
    let at_of = |a: &Action| -> Option<(i32, i32)> {
        match a {
            Action::LoseHex(at)
            | Action::Explore(at)
            | Action::Claim(at)
            | Action::Abandon(at)
            | Action::Prepare(at)
            | Action::Found(at)
            | Action::AddDistrict(at)
            | Action::RaiseArmy(at) => Some(*at),
            Action::Clear { at, .. } | Action::Improve { at, .. } | Action::Build { at, .. } => {
                Some(*at)
            }
            _ => None,
        }
    };
    if ui
        .button(egui::RichText::new("Done with this step").strong())
        .clicked()
        && legal.contains(&Action::Done)
    {
        session.apply(Action::Done);
        return;
    }
    let builds = legal
        .iter()
        .filter(|a| matches!(a, Action::Build { .. }))
        .count();
    if builds > 0 {
        ui.label(format!(
            "{builds} ways to build: open a settlement to choose a lot."
        ));
        if ui.button("Open the settlement view").clicked() {
            settlement.open = true;
            settlement.at = legal.iter().find_map(|a| match a {
                Action::Build { at, .. } => Some(*at),
                _ => None,
            });
        }
    }
    let mut clear = false;
    match selected {
        Some(at) => {
            ui.label(format!("Showing actions for hex {at:?}"));
            clear = ui.small_button("Show every hex's actions").clicked();
        }
        None => {
            ui.label("Click a hex to see only its actions.");
        }
    }
    if clear {
        *clear_selection = true;
    }
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut picked = None;
            // Stepping down costs Unrest and a Loyalty check: those answers wait behind a
            // header, so that a vacant seat's candidates come first.
            let abdications: Vec<&Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::Abdicate { .. } | Action::Swap { .. }))
                .collect();
            if !abdications.is_empty() {
                egui::CollapsingHeader::new(format!(
                    "Step down, move or swap ({})",
                    abdications.len()
                ))
                .show(ui, |ui| {
                    for a in &abdications {
                        if ui
                            .button(describe::action(&session.game, &view, &s, a))
                            .clicked()
                        {
                            picked = Some((*a).clone());
                        }
                    }
                });
            }
            if let Some(a) = picked {
                session.choose(a);
                return;
            }
            let list: Vec<Action> = legal
                .iter()
                .filter(|a| {
                    !matches!(
                        a,
                        Action::Done
                            | Action::Build { .. }
                            | Action::Abdicate { .. }
                            | Action::Swap { .. }
                    )
                })
                .filter(|a| match (selected, at_of(a)) {
                    (Some(sel), Some(at)) => sel == at,
                    _ => true,
                })
                .cloned()
                .collect();
            let shown = list.len();
            // Grouped by kind and hex as every ruleset's panel groups (22).
            let groups = crate::engine::choices::group(
                list,
                crate::rulesets::kingdom::topics::KINDS,
                crate::rulesets::kingdom::topics::topic,
            );
            let mut filter = std::mem::take(&mut session.choice_filter);
            let picked = crate::client::shell::panels::choice_list(
                ui,
                &groups,
                &mut filter,
                |a| describe::action(&session.game, &view, &s, a),
                |a| session.preview_text(a),
            );
            session.choice_filter = filter;
            *lit = picked.hovered.as_ref().and_then(at_of);
            if let Some(a) = picked.chosen {
                session.choose(a);
                return;
            }
            if shown == 0 && abdications.is_empty() {
                ui.label("Nothing to do here: choose Done, or select another hex.");
            }
        });
}

fn hex_card(
    ctx: &egui::Context,
    view: &Snapshot,
    at: (i32, i32),
    s: &crate::rulesets::kingdom::content::Scenario,
) {
    let Some(h) = view.hexes.iter().find(|h| (h.tile.col, h.tile.row) == at) else {
        return;
    };
    let Some(pos) = ctx.pointer_hover_pos() else {
        return;
    };
    egui::Area::new(egui::Id::new("hex_card"))
        .order(egui::Order::Tooltip)
        .fixed_pos(pos + egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.strong(format!("Hex {at:?}"));
                if h.tile.terrain == usize::MAX {
                    ui.label("Unexplored");
                    return;
                }
                let t = &s.terrains[h.tile.terrain];
                ui.label(&t.name);
                if h.tile.river {
                    ui.label("A river runs through it");
                }
                if let Some(r) = &h.tile.resource {
                    ui.label(format!("Resource: {r}"));
                }
                if let Some(l) = &h.tile.lair {
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 90, 80),
                        format!("{} (DC {}): clear it before a claim", l.name, l.dc),
                    );
                }
                if let Some(r) = &h.tile.ruin {
                    ui.label(format!("Ruins: {}", r.name));
                }
                match h.tile.owner.and_then(|o| view.kingdoms.get(usize::from(o))) {
                    Some(k) => ui.label(format!("Claimed by {}", k.kingdom.name)),
                    None => ui.label("Unclaimed"),
                };
                for i in &h.tile.improvements {
                    let d = &s.improvements[*i];
                    ui.label(format!("{}: {}", d.name, describe::mods(&d.mods)));
                }
                match h.tile.prepared {
                    Some(0) if h.settlement.is_none() => {
                        ui.label("Prepared for a settlement");
                    }
                    Some(m) if h.settlement.is_none() => {
                        ui.label(format!("Site ready in {m} month(s)"));
                    }
                    _ => {}
                }
                if let Some(st) = h
                    .settlement
                    .and_then(|sid| view.settlements.iter().find(|x| x.sid == sid))
                {
                    let lots: usize = st
                        .settlement
                        .districts
                        .iter()
                        .map(|d| d.placed.iter().map(|p| p.cells.len()).sum::<usize>())
                        .sum();
                    ui.label(format!(
                        "{}: {} district(s), {lots} lot(s) built",
                        st.settlement.name,
                        st.settlement.districts.len()
                    ));
                }
                ui.label(
                    egui::RichText::new(format!(
                        "Farm {}, Road {}, site {}",
                        t.farm.map_or("-".into(), |v| format!("{v} BP")),
                        t.road.map_or("-".into(), |v| format!("{v} BP")),
                        t.preparation.map_or("-".into(), |v| format!("{v} BP"))
                    ))
                    .small()
                    .weak(),
                );
            });
        });
}

#[allow(clippy::too_many_arguments)]
fn draw_panels(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<KmSession>>,
    mut filter: ResMut<LogFilter>,
    hovered: Res<Hovered>,
    mut selected: ResMut<Selected>,
    mut choice_hover: ResMut<ChoiceHover>,
    mut settlement: ResMut<SettlementWindow>,
    mut cards: ResMut<EventCards>,
    screen: Option<Res<Screen>>,
    mut help: ResMut<HelpWindow>,
    mut loads: ResMut<LoadList>,
    mut stats: ResMut<StatsOpen>,
    mut pace: ResMut<crate::client::shell::session::BotPace>,
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
    let mut ui = background_ui(&ctx, "kingdom_panels");
    let frame = backdrop_frame(ui.style());
    egui::Panel::top("km_top").frame(frame).show(&mut ui, |ui| {
        ui.horizontal(|ui| {
            let flow = session.game.flow();
            ui.strong(&s.name);
            ui.separator();
            ui.label(format!(
                "Year {} Month {} (month {} of {})",
                flow.age,
                flow.round_in_age.max(1),
                flow.round.max(1),
                s.months
            ));
            ui.separator();
            ui.label(flow.current().name);
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
                if ui
                    .button("Lots")
                    .on_hover_text("The settlement view")
                    .clicked()
                {
                    settlement.open = !settlement.open;
                }
            });
        });
        notice_line(ui, &mut session);
    });
    // The log first, so that it runs the whole width under the board.
    egui::Panel::bottom("km_log")
        .frame(frame)
        .resizable(true)
        .default_size(170.0)
        .show(&mut ui, |ui| {
            let names = <crate::rulesets::kingdom::Kingdom as Ruleset>::display_names(
                session.game.scenario(),
            );
            let clicks = log_panel(
                ui,
                &session,
                &names,
                &mut filter,
                "Words of a line or a rule id, e.g. km.check",
                &[ids::CHECK],
                |_| {},
            );
            if let Some(rule) = clicks.look_up {
                help.look_up(rule);
            }
        });
    egui::Panel::right("km_sheet")
        .frame(frame)
        .resizable(true)
        .default_size(360.0)
        .max_size(520.0)
        .show(&mut ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("sheet")
                .show(ui, |ui| sheet_panel(ui, &view, &session.front, &s));
        });
    egui::Panel::left("km_decision")
        .frame(frame)
        .resizable(true)
        .default_size(290.0)
        .max_size(480.0)
        .show(&mut ui, |ui| {
            let mut clear = false;
            let mut lit = None;
            decision_panel(
                ui,
                &mut session,
                selected.0,
                &mut settlement,
                &mut clear,
                &mut lit,
            );
            if clear {
                selected.0 = None;
            }
            // Written only on a change: the board repaints when it changes.
            if choice_hover.0 != lit {
                choice_hover.0 = lit;
            }
        });
    // The board has what the panels left; their background is the board camera's.
    backdrop.leave_free(&ctx, ui.available_rect_before_wrap());
    // Event cards for the kingdom at the screen.
    let entries = &session.game.log().entries;
    let from = match cards.seen {
        Some((generation, n)) if generation == session.generation && n <= entries.len() => n,
        _ => {
            cards.open.clear();
            entries.len()
        }
    };
    for e in &entries[from..] {
        let hire = e.text.starts_with("Hires adventurers");
        if e.rule == ids::EVENT_RESOLVE
            && !hire
            && e.realm.as_deref() == Some(session.front.as_str())
            && e.text.contains(": ")
        {
            let (name, text) = e.text.split_once(": ").unwrap_or((&e.text, ""));
            // The lines of one event (its text, then its effects) go on one card.
            let base = name.split(" in ").next().unwrap_or(name);
            if let Some(last) = cards.open.last_mut()
                && last.0.split(" in ").next() == Some(base)
            {
                last.1 += &format!("\n{text}");
                continue;
            }
            cards.open.push((name.to_string(), text.to_string()));
        }
    }
    cards.seen = Some((session.generation, entries.len()));
    if cards.open.len() > 3 {
        let extra = cards.open.len() - 3;
        cards.open.drain(..extra);
    }
    let mut close = None;
    for (i, (name, text)) in cards.open.iter().enumerate() {
        egui::Window::new(format!("Event: {name}"))
            .id(egui::Id::new(("event_card", i)))
            .default_pos(egui::pos2(420.0, 90.0 + 40.0 * i as f32))
            .collapsible(false)
            .resizable(false)
            .show(&ctx, |ui| {
                ui.set_max_width(320.0);
                ui.label(text);
                if ui.button("OK").clicked() {
                    close = Some(i);
                }
            });
    }
    if let Some(i) = close {
        cards.open.remove(i);
    }
    if let Some(at) = hovered.0 {
        hex_card(&ctx, &view, at, &s);
    }
    Ok(())
}
