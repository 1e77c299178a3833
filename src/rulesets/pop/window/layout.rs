//! Shares the window between the egui panels and the board.
//!
//! egui 0.36 panels are shown inside a `Ui`. Each panel system takes the rect the panels before
//! it left free (`FreeRect`), shows its panel in a `Ui` over that rect, and stores what is still
//! free. The `PanelSlot` sets run in a fixed order, so panels never overlap and the board
//! camera knows which part of the window it has.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::panel_backdrop::{PanelBackdrop, backdrop_stack_info};
use crate::rulesets::pop::window::AppState;

pub struct UiLayoutPlugin;

impl Plugin for UiLayoutPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<FreeRect>()
            .configure_sets(
                EguiPrimaryContextPass,
                (
                    PanelSlot::Reset,
                    PanelSlot::Top,
                    PanelSlot::Right,
                    PanelSlot::Bottom,
                    PanelSlot::Windows,
                )
                    .chain()
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    reset_free_rect.in_set(PanelSlot::Reset),
                    leave_the_free_rect_to_the_board.in_set(PanelSlot::Windows),
                ),
            );
    }
}

/// Where each overlay is drawn, in this order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PanelSlot {
    Reset,
    Top,
    Right,
    Bottom,
    /// Floating windows over the board.
    Windows,
}

/// The part of the window (logical pixels, egui coordinates) not covered by panels.
#[derive(Resource, Debug, Clone, Copy)]
pub struct FreeRect {
    pub rect: egui::Rect,
    /// Panels have been laid out at least once (the camera fits the board only then).
    pub ready: bool,
}

impl Default for FreeRect {
    fn default() -> Self {
        FreeRect {
            rect: egui::Rect::NOTHING,
            ready: false,
        }
    }
}

fn reset_free_rect(mut contexts: EguiContexts, mut free: ResMut<FreeRect>) -> Result {
    let ctx = contexts.ctx_mut()?;
    free.rect = ctx.viewport_rect();
    Ok(())
}

/// The panels are laid out: the board camera paints their background around what they left
/// free (`client::shell::panel_backdrop`; the panels' own frames have no fill).
fn leave_the_free_rect_to_the_board(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    mut backdrop: ResMut<PanelBackdrop>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    backdrop.leave_free(ctx, free.rect);
    Ok(())
}

/// Shows one panel in the free part of the window and shrinks the free part by it.
pub fn in_free_rect(
    ctx: &egui::Context,
    free: &mut FreeRect,
    id: &str,
    show: impl FnOnce(&mut egui::Ui),
) {
    let mut ui = egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .ui_stack_info(backdrop_stack_info(&ctx.global_style()))
            .max_rect(free.rect),
    );
    show(&mut ui);
    free.rect = ui.available_rect_before_wrap();
    free.ready = true;
}
