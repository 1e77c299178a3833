//! The panels' background painted in the board camera's own pass: four flat quads around the
//! part of the window the panels leave to the board, in front of the map, in egui's panel
//! colour, while the panels themselves are drawn with a see-through frame.
//!
//! Why: egui paints a panel's background like any of its shapes, through its own shader, which
//! samples its font texture and converts every pixel between gamma and linear colour. The panels
//! cover about half of the window, and on a software renderer (Mesa's lavapipe under a virtual
//! display) their fill was about a sixth of the whole frame's CPU (issue 18). A flat quad costs
//! a fraction of that, and as an opaque mesh in front of the map it also hides the map under the
//! panels from the depth test. The picture is the same: the panels' fill is opaque, so nothing
//! drawn beneath it ever showed.
//!
//! A window lays its panels out (with `backdrop_frame` as their frame), then says which part of
//! the window is left free with `PanelBackdrop::leave_free`; the quads follow every frame, so a
//! panel dragged wider or a camera zoomed is covered at once. A frame where no window said so
//! (a menu, a failure screen) shows no quads.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPostUpdateSet, egui};

use crate::client::shell::flat_colour::{FlatColour, recolour};

pub struct PanelBackdropPlugin;

impl Plugin for PanelBackdropPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PanelBackdrop>()
            .add_systems(Startup, spawn_backdrop_quads)
            .add_systems(First, forget_last_frames_layout)
            .add_systems(
                PostUpdate,
                cover_the_panels
                    .after(EguiPostUpdateSet::EndPass)
                    .before(TransformSystems::Propagate),
            );
    }
}

/// In front of everything a board draws (the boards' meshes and labels sit at z up to a few
/// tens), well inside a 2D camera's depth range (1,000 either way).
const PANEL_Z: f32 = 500.0;

/// The part of the window (logical pixels, egui's coordinates) the panels leave to the board
/// this frame, and the colour the panels are filled with.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct PanelBackdrop {
    free: Option<egui::Rect>,
    fill: egui::Color32,
}

impl PanelBackdrop {
    /// The panels have been laid out and leave `free` to the board: everything else in the
    /// window is painted in the context's panel colour.
    pub fn leave_free(&mut self, ctx: &egui::Context, free: egui::Rect) {
        self.free = Some(free);
        self.fill = ctx.global_style().visuals.panel_fill;
    }
}

/// The frame of a panel whose background the board camera paints: egui's own panel frame
/// (margins, stroke) without its fill.
pub fn backdrop_frame(style: &egui::Style) -> egui::Frame {
    egui::Frame::side_top_panel(style).fill(egui::Color32::TRANSPARENT)
}

/// What the `Ui` the panels are shown in tells its children about its background: the panel
/// colour, as if it were filled with it (nothing is painted). egui asks the nearest filled
/// frame above a widget for the colour behind it, for example to fade a scroll area's edges
/// into it; without this, a panel with `backdrop_frame` would have none and the fades would
/// vanish.
pub fn backdrop_stack_info(style: &egui::Style) -> egui::UiStackInfo {
    egui::UiStackInfo::default().with_frame(egui::Frame::NONE.fill(style.visuals.panel_fill))
}

/// One of the four quads: above, below, left and right of the free rect.
#[derive(Component, Clone, Copy, Debug)]
struct BackdropQuad(Side);

#[derive(Clone, Copy, Debug)]
enum Side {
    Above,
    Below,
    Left,
    Right,
}

/// The quads' shared material, recoloured when the panel colour changes.
#[derive(Resource)]
struct BackdropMaterial(Handle<FlatColour>);

fn spawn_backdrop_quads(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FlatColour>>,
) {
    // egui's own default until a window says which colour its panels have.
    let handle = materials.add(FlatColour::new(colour_of(egui::Visuals::dark().panel_fill)));
    // A unit square scaled to each strip, without an index list: Bevy draws a 2D camera's
    // opaque meshes sorted by whether they are indexed first (`BatchSetKey2d`), so meshes
    // without one come before every board's (indexed) meshes. Drawn first and in front, the
    // quads leave the map's pixels under the panels to the depth test, which discards them
    // before they are shaded.
    let mesh = meshes.add(Mesh::from(Rectangle::new(1.0, 1.0)).with_duplicated_vertices());
    for side in [Side::Above, Side::Below, Side::Left, Side::Right] {
        commands.spawn((
            BackdropQuad(side),
            Mesh2d(mesh.clone()),
            MeshMaterial2d(handle.clone()),
            Transform::default(),
            Visibility::Hidden,
        ));
    }
    commands.insert_resource(BackdropMaterial(handle));
}

fn colour_of(fill: egui::Color32) -> Color {
    let [r, g, b, a] = fill.to_srgba_unmultiplied();
    Color::srgba_u8(r, g, b, a)
}

fn forget_last_frames_layout(mut backdrop: ResMut<PanelBackdrop>) {
    backdrop.free = None;
}

/// The window's 2D camera, never one of the quads (both have a `Transform`).
type BoardCameraOnly = (With<Camera2d>, Without<BackdropQuad>);

/// Places the quads over the panels as the camera sees the board now, or hides them.
fn cover_the_panels(
    backdrop: Res<PanelBackdrop>,
    material: Res<BackdropMaterial>,
    mut materials: ResMut<Assets<FlatColour>>,
    mut contexts: EguiContexts,
    cameras: Query<(&Transform, &Projection), BoardCameraOnly>,
    mut quads: Query<(&BackdropQuad, &mut Transform, &mut Visibility)>,
) {
    // Only an opaque fill can stand in for the panels' (a see-through one would show the map).
    let cover = backdrop.free.filter(|_| backdrop.fill.a() == 255);
    let window = contexts
        .ctx_mut()
        .ok()
        .map(|ctx| ctx.viewport_rect())
        .filter(|w| w.is_positive());
    // One board camera: the windows draw their board with a single 2D camera.
    let (Some(free), Some(window), Ok((camera, projection))) = (cover, window, cameras.single())
    else {
        for (_, _, mut visibility) in &mut quads {
            visibility.set_if_neq(Visibility::Hidden);
        }
        return;
    };
    recolour(&mut materials, &material.0, colour_of(backdrop.fill));
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let free = free.intersect(window);
    for (quad, mut transform, mut visibility) in &mut quads {
        let strip = strip_of(quad.0, window, free);
        if !strip.is_positive() {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        // Screen y grows down, board y up; the camera's centre is the window's centre.
        let offset = strip.center() - window.center();
        let at = camera.translation.truncate() + Vec2::new(offset.x, -offset.y) * scale;
        let placed = Transform::from_xyz(at.x, at.y, PANEL_Z).with_scale(Vec3::new(
            strip.width() * scale,
            strip.height() * scale,
            1.0,
        ));
        // Placed before transform propagation (see the plugin), so they follow this frame.
        transform.set_if_neq(placed);
        visibility.set_if_neq(Visibility::Inherited);
    }
}

/// The part of the window on one side of the free rect: the strips above and below span the
/// window's width, those left and right only the free rect's height.
fn strip_of(side: Side, window: egui::Rect, free: egui::Rect) -> egui::Rect {
    use egui::{Rect, pos2};
    if !free.is_positive() {
        // Nothing free: the panels fill the window.
        return match side {
            Side::Above => window,
            _ => Rect::NOTHING,
        };
    }
    match side {
        Side::Above => Rect::from_min_max(window.min, pos2(window.max.x, free.min.y)),
        Side::Below => Rect::from_min_max(pos2(window.min.x, free.max.y), window.max),
        Side::Left => {
            Rect::from_min_max(pos2(window.min.x, free.min.y), pos2(free.min.x, free.max.y))
        }
        Side::Right => {
            Rect::from_min_max(pos2(free.max.x, free.min.y), pos2(window.max.x, free.max.y))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui::{Rect, pos2};

    #[test]
    fn the_four_strips_cover_the_window_outside_the_free_rect_once() {
        let window = Rect::from_min_max(pos2(0.0, 0.0), pos2(1280.0, 800.0));
        // Price of Power's layout: a top bar, the mat on the right, the log at the bottom.
        let free = Rect::from_min_max(pos2(0.0, 44.0), pos2(905.0, 630.0));
        let strips: Vec<Rect> = [Side::Above, Side::Below, Side::Left, Side::Right]
            .into_iter()
            .map(|side| strip_of(side, window, free))
            .collect();
        let area = |r: &Rect| {
            if r.is_positive() {
                r.width() * r.height()
            } else {
                0.0
            }
        };
        let covered: f32 = strips.iter().map(area).sum();
        assert_eq!(covered, 1280.0 * 800.0 - 905.0 * 586.0);
        assert_eq!(
            strips[0],
            Rect::from_min_max(pos2(0.0, 0.0), pos2(1280.0, 44.0))
        );
        assert_eq!(
            strips[1],
            Rect::from_min_max(pos2(0.0, 630.0), pos2(1280.0, 800.0))
        );
        assert!(!strips[2].is_positive(), "no panel on the left");
        assert_eq!(
            strips[3],
            Rect::from_min_max(pos2(905.0, 44.0), pos2(1280.0, 630.0))
        );
        for (i, a) in strips.iter().enumerate() {
            assert!(
                area(&a.intersect(free)) == 0.0,
                "{a:?} covers part of the board"
            );
            for b in &strips[i + 1..] {
                assert!(area(&a.intersect(*b)) == 0.0, "{a:?} and {b:?} overlap");
            }
        }
        // No free part at all: one quad covers the window.
        assert_eq!(strip_of(Side::Above, window, Rect::NOTHING), window);
        assert!(!strip_of(Side::Right, window, Rect::NOTHING).is_positive());
    }
}
