//! Hot-seat hand-over: when the decision passes from one person's realm to another's, a screen
//! covers the whole window ("pass the mouse to ...") so the next player does not see the hand
//! and mat of the one before; it lifts when the next player clicks. Only with two or more human
//! realms.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::pop::model::Realm;
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::describe::name_of;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::select::Selection;
use crate::rulesets::pop::window::session::ActiveGame;

pub struct HandoverPlugin;

impl Plugin for HandoverPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Handover>().add_systems(
            EguiPrimaryContextPass,
            show_handover_screen
                .in_set(PanelSlot::Windows)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

/// The human realm whose player last took the mouse.
#[derive(Resource, Default, Debug)]
pub struct Handover {
    pub at_screen: Option<String>,
}

impl Handover {
    /// The screen must cover the window: another person's realm decides now.
    pub fn needed(&self, game: &ActiveGame) -> bool {
        game.humans.len() > 1
            && game.humans_turn()
            && self.at_screen.as_deref() != Some(game.human.as_str())
    }
}

fn show_handover_screen(
    mut contexts: EguiContexts,
    game: Option<NonSend<ActiveGame>>,
    mut handover: ResMut<Handover>,
    mut selection: ResMut<Selection>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = game else { return Ok(()) };
    if !handover.needed(&game) {
        return Ok(());
    }
    let g = &game.game;
    let name = name_of(g, &game.human);
    let world = g.world();
    let colour = world
        .resource::<Index>()
        .get(&game.human)
        .and_then(|r| world.get::<Realm>(r))
        .map_or(egui::Color32::GRAY, |r| {
            egui::Color32::from_rgb(r.colour.0, r.colour.1, r.colour.2)
        });
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
            painter.rect_filled(
                egui::Rect::from_center_size(
                    centre - egui::vec2(0.0, 70.0),
                    egui::vec2(60.0, 40.0),
                ),
                4.0,
                colour,
            );
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
    if taken {
        handover.at_screen = Some(game.human.clone());
        // The mat opens on the new player's own realm.
        *selection = Selection::default();
    }
    Ok(())
}
