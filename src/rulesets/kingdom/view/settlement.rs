//! The settlement view: a settlement's districts as 3 x 3 blocks of 2 x 2 lots, each built lot
//! naming its building; click an empty lot to see what may be built there, at what cost and
//! with what it would change, and build it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::kingdom::decision::Action;
use crate::rulesets::kingdom::model::{DISTRICT_SIDE, HexTile, Settlement};
use crate::rulesets::kingdom::view::describe;
use crate::rulesets::kingdom::view::session::KmSession;

pub struct SettlementViewPlugin;

impl Plugin for SettlementViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SettlementWindow>()
            .add_systems(EguiPrimaryContextPass, draw_settlement);
    }
}

/// Whether the settlement view is open, on which settlement (by hex), district and lot.
#[derive(Resource, Default)]
pub struct SettlementWindow {
    pub open: bool,
    pub at: Option<(i32, i32)>,
    pub district: u8,
    pub cell: Option<u8>,
}

fn draw_settlement(
    mut contexts: EguiContexts,
    session: Option<NonSendMut<KmSession>>,
    mut window: ResMut<SettlementWindow>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut session) = session else {
        return Ok(());
    };
    if !window.open {
        return Ok(());
    }
    let s = session.game.scenario().clone();
    // The settlements of the kingdom at the screen.
    let front = session.front.clone();
    let world = session.game.world();
    let mut towns: Vec<((i32, i32), Settlement)> = Vec::new();
    let mut q = world.try_query::<&Settlement>().expect("registered");
    for st in q.iter(world) {
        let owner = st
            .owner
            .and_then(|o| session.game.setup().players.get(usize::from(o)));
        if owner == Some(&front)
            && let Some(t) = world.get::<HexTile>(st.hex)
        {
            towns.push(((t.col, t.row), st.clone()));
        }
    }
    towns.sort_by_key(|(at, _)| *at);
    let mut open = window.open;
    egui::Window::new("Settlement").open(&mut open).default_pos(egui::pos2(360.0, 120.0)).show(&ctx, |ui| {
        if towns.is_empty() {
            ui.label("No settlement yet: prepare a site (Edict 3), then found one (Edict 4).");
            return;
        }
        if window.at.is_none_or(|at| !towns.iter().any(|(a, _)| *a == at)) {
            window.at = Some(towns[0].0);
        }
        ui.horizontal(|ui| {
            for (at, st) in &towns {
                if ui.selectable_label(window.at == Some(*at), &st.name).clicked() {
                    window.at = Some(*at);
                    window.district = 0;
                    window.cell = None;
                }
            }
        });
        let Some((at, st)) = towns.iter().find(|(a, _)| Some(*a) == window.at).cloned() else { return };
        ui.horizontal(|ui| {
            for d in 0..st.districts.len() as u8 {
                if ui.selectable_label(window.district == d, format!("District {}", d + 1)).clicked() {
                    window.district = d;
                    window.cell = None;
                }
            }
        });
        let Some(district) = st.districts.get(usize::from(window.district)) else {
            window.district = 0;
            return;
        };
        if district.water {
            ui.label(egui::RichText::new("~ water along the top row of lots ~").color(egui::Color32::from_rgb(110, 160, 230)));
        }
        egui::Grid::new("lots").spacing(egui::vec2(2.0, 2.0)).show(ui, |ui| {
            for row in 0..DISTRICT_SIDE {
                for col in 0..DISTRICT_SIDE {
                    let cell = row * DISTRICT_SIDE + col;
                    let label = match district.at(cell) {
                        Some(i) => {
                            let b = &s.buildings[district.placed[i].building];
                            b.name.chars().take(9).collect::<String>()
                        }
                        None => "empty".to_string(),
                    };
                    let picked = window.cell == Some(cell);
                    let button = egui::Button::new(egui::RichText::new(label).small())
                        .min_size(egui::vec2(64.0, 30.0))
                        .selected(picked);
                    let response = ui.add(button);
                    let response = match district.at(cell) {
                        Some(i) => {
                            let b = &s.buildings[district.placed[i].building];
                            let filled = district.placed[i].slots.iter().filter(|x| x.1).count();
                            response.on_hover_text(format!("{}\nitem slots: {} of {} filled", describe::building(b), filled, district.placed[i].slots.len()))
                        }
                        None => response,
                    };
                    if response.clicked() {
                        window.cell = Some(cell);
                    }
                    // A street between blocks.
                    if col % 2 == 1 && col + 1 < DISTRICT_SIDE {
                        ui.label(" ");
                    }
                }
                ui.end_row();
                if row % 2 == 1 && row + 1 < DISTRICT_SIDE {
                    ui.label("");
                    ui.end_row();
                }
            }
        });
        let works: Vec<&str> = district.placed.iter().filter(|p| p.cells.is_empty()).map(|p| s.buildings[p.building].name.as_str()).collect();
        if !works.is_empty() {
            ui.label(format!("District works: {}", works.join(", ")));
        }
        ui.separator();
        let Some(cell) = window.cell else {
            ui.label("Click a lot to see what may be built there.");
            return;
        };
        let decision_here = session.game.pending().is_some_and(|d| d.kingdom == front) && session.human_turn();
        let legal: Vec<Action> = if decision_here {
            session
                .legal()
                .iter()
                .cloned()
                .filter(|a| matches!(a, Action::Build { at: a_at, district: d, cell: c, .. } if *a_at == at && *d == window.district && (*c == cell || s.buildings.iter().any(|b| b.lots == 0))))
                .filter(|a| matches!(a, Action::Build { cell: c, building, .. } if *c == cell || s.buildings.iter().any(|b| &b.id == building && b.lots == 0)))
                .collect()
        } else {
            Vec::new()
        };
        ui.strong(format!("Lot {cell} (block {}, row {}, column {})", (cell / DISTRICT_SIDE / 2) * 3 + (cell % DISTRICT_SIDE) / 2 + 1, cell / DISTRICT_SIDE + 1, cell % DISTRICT_SIDE + 1));
        if !decision_here {
            ui.label("Buildings go up in the Edict phase's settlement step.");
            return;
        }
        if legal.is_empty() {
            ui.label("Nothing can be built starting on this lot now (cost, neighbours, water, the limit by Size).");
            return;
        }
        egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
            for a in legal {
                let view = session.view();
                if ui.button(describe::action(&session.game, &view, &s, &a)).clicked() {
                    session.apply(a);
                    break;
                }
            }
        });
    });
    window.open = open;
    Ok(())
}
