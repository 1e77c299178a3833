//! Hot-seat hand-over in Price of Power's window: when the decision passes from one person's
//! realm to another's, the shell's hand-over screen (`client::shell::panels::handover_screen`)
//! covers the window in the realm's colour until the next player clicks; the mat then opens on
//! their own realm. When it is needed is the shell session's (`Session::handover_needed`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::panels::handover_screen;
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
        app.add_systems(
            EguiPrimaryContextPass,
            show_handover_screen
                .in_set(PanelSlot::Windows)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

fn show_handover_screen(
    mut contexts: EguiContexts,
    game: Option<NonSendMut<ActiveGame>>,
    mut selection: ResMut<Selection>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(mut game) = game else { return Ok(()) };
    if !game.handover_needed() {
        return Ok(());
    }
    let name = name_of(&game.game, &game.front);
    let world = game.game.world();
    let colour = world
        .resource::<Index>()
        .get(&game.front)
        .and_then(|r| world.get::<Realm>(r))
        .map(|r| egui::Color32::from_rgb(r.colour.0, r.colour.1, r.colour.2));
    if handover_screen(ctx, &name, colour) {
        game.take_the_mouse();
        // The mat opens on the new player's own realm.
        *selection = Selection::default();
    }
    Ok(())
}
