//! The board camera: fits `map.bounds` into the part of the window the panels leave free, pans
//! with a mouse drag (left or middle button) or WASD/arrow keys, zooms with the wheel (toward the
//! pointer) or +/-, and `Home` fits the board again. Pointer input over an egui panel or window
//! is left to egui.
//!
//! Board units are world units; the orthographic scale is board units per logical pixel.
//! Markers and labels that should keep their size on screen carry `ScreenSized`; overlays that
//! egui paints over the board convert positions with `ScreenMap`. Other plugins move the camera
//! by setting `BoardView::centre_on`.

use bevy::input::ButtonState;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};
use bevy_egui::input::{
    EguiWantsInput, egui_wants_any_keyboard_input, egui_wants_any_pointer_input,
};

use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::layout::FreeRect;

pub struct BoardCameraPlugin;

impl Plugin for BoardCameraPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardView>()
            .init_resource::<ScreenMap>()
            .add_systems(Startup, spawn_camera)
            .add_systems(
                Update,
                (
                    fit_board_when_asked,
                    centre_when_asked,
                    pan_with_mouse,
                    zoom_with_wheel.run_if(not(egui_wants_any_pointer_input)),
                    move_with_keys.run_if(not(egui_wants_any_keyboard_input)),
                    keep_screen_size,
                    record_screen_map,
                )
                    .chain()
                    .in_set(CameraSet)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// Camera moves happen here; systems that depend on the zoom run after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CameraSet;

#[derive(Component)]
pub struct BoardCamera;

/// The board's extent and whether the camera should fit it.
#[derive(Resource, Default)]
pub struct BoardView {
    pub bounds: Option<Rect>,
    pub fit_pending: bool,
    /// The part of the board the next fit frames instead of the whole sheet (once): the
    /// person's own realm and its neighbours when a game opens.
    pub frame: Option<Rect>,
    /// Move the camera so this board point is at the centre of the free part of the window.
    pub centre_on: Option<Vec2>,
}

/// How board points map to window points this frame (logical pixels, y down, as egui uses).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ScreenMap {
    pub centre: Vec2,
    pub scale: f32,
    pub window: Vec2,
}

impl Default for ScreenMap {
    fn default() -> Self {
        ScreenMap {
            centre: Vec2::ZERO,
            scale: 1.0,
            window: Vec2::ONE,
        }
    }
}

impl ScreenMap {
    pub fn to_screen(&self, at: Vec2) -> Vec2 {
        let d = (at - self.centre) / self.scale;
        Vec2::new(self.window.x / 2.0 + d.x, self.window.y / 2.0 - d.y)
    }

    pub fn to_board(&self, screen: Vec2) -> Vec2 {
        let d = screen - self.window / 2.0;
        self.centre + Vec2::new(d.x, -d.y) * self.scale
    }
}

/// Keeps an entity the same size on screen at any zoom: it sits at `at` (board units) shifted by
/// `offset_px` screen pixels, its mesh or text units drawn as `size` screen pixels each.
#[derive(Component, Clone, Copy, Debug)]
pub struct ScreenSized {
    pub at: Vec2,
    pub offset_px: Vec2,
    pub z: f32,
    pub size: f32,
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera));
}

/// Scale of the board camera (board units per pixel), for plugins that depend on the zoom.
pub fn zoom_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

fn set_zoom(projection: &mut Projection, scale: f32) {
    if let Projection::Orthographic(o) = projection {
        o.scale = scale;
    }
}

fn fit_board_when_asked(
    mut view: ResMut<BoardView>,
    free: Res<FreeRect>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    // Wait for the panels' first layout: the board goes where they leave room.
    let (true, Some(whole)) = (view.fit_pending && free.ready, view.bounds) else {
        return;
    };
    let bounds = view.frame.take().unwrap_or(whole);
    let (mut transform, mut projection) = camera.into_inner();
    let size = window.size();
    let free_min = Vec2::new(free.rect.min.x, free.rect.min.y);
    let free_size = Vec2::new(free.rect.width(), free.rect.height()).max(Vec2::splat(50.0));
    let scale = (bounds.width() / free_size.x).max(bounds.height() / free_size.y) * 1.04;
    // Put the board's centre at the centre of the free rect (screen y grows down, board y up).
    let free_centre = free_min + free_size / 2.0;
    let off = free_centre - size / 2.0;
    let centre = bounds.center() - Vec2::new(off.x, -off.y) * scale;
    transform.translation = centre.extend(transform.translation.z);
    set_zoom(&mut projection, scale.max(f32::EPSILON));
    view.fit_pending = false;
}

fn centre_when_asked(
    mut view: ResMut<BoardView>,
    free: Res<FreeRect>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<BoardCamera>>,
) {
    let Some(target) = view.centre_on.take() else {
        return;
    };
    let (mut transform, projection) = camera.into_inner();
    let scale = zoom_of(projection);
    // The free rect's centre, not the window's: panels cover the right and bottom.
    let off = Vec2::new(free.rect.center().x, free.rect.center().y) - window.size() / 2.0;
    let centre = target - Vec2::new(off.x, -off.y) * scale;
    transform.translation = centre.extend(transform.translation.z);
}

/// Zoom limits relative to the scale that fits the whole board.
fn zoom_limits(view: &BoardView, window: &Window) -> (f32, f32) {
    let Some(b) = view.bounds else {
        return (0.01, 100.0);
    };
    let fit = (b.width() / window.width().max(1.0)).max(b.height() / window.height().max(1.0));
    (fit / 40.0, fit * 4.0)
}

/// The pointer is over the board: inside the part the panels leave free (egui's own check does
/// not see panels drawn on its background layer) and not over a floating egui window.
pub fn pointer_on_board(at: Vec2, free: &FreeRect, egui_wants: &EguiWantsInput) -> bool {
    free.ready
        && free.rect.contains(bevy_egui::egui::pos2(at.x, at.y))
        && !egui_wants.wants_any_pointer_input()
}

/// Where a board drag last was, and where the pointer is.
#[derive(Default)]
struct DragState {
    pointer: Option<Vec2>,
    dragging_from: Option<Vec2>,
}

fn pan_with_mouse(
    mut events: MessageReader<WindowEvent>,
    free: Res<FreeRect>,
    egui_wants: Res<EguiWantsInput>,
    camera: Single<(&mut Transform, &Projection), With<BoardCamera>>,
    mut state: Local<DragState>,
) {
    let (mut transform, projection) = camera.into_inner();
    let scale = zoom_of(projection);
    // Window events keep presses and moves in order, so even a drag that starts and ends
    // within one frame pans the board.
    for event in events.read() {
        match event {
            WindowEvent::CursorMoved(moved) => {
                if let Some(from) = state.dragging_from {
                    let delta = moved.position - from;
                    transform.translation.x -= delta.x * scale;
                    transform.translation.y += delta.y * scale;
                    state.dragging_from = Some(moved.position);
                }
                state.pointer = Some(moved.position);
            }
            WindowEvent::CursorLeft(_) => state.pointer = None,
            WindowEvent::MouseButtonInput(input)
                if matches!(input.button, MouseButton::Left | MouseButton::Middle) =>
            {
                state.dragging_from = match input.state {
                    ButtonState::Pressed => state
                        .pointer
                        .filter(|at| pointer_on_board(*at, &free, &egui_wants)),
                    ButtonState::Released => None,
                };
            }
            _ => {}
        }
    }
}

fn zoom_with_wheel(
    scroll: Res<AccumulatedMouseScroll>,
    view: Res<BoardView>,
    free: Res<FreeRect>,
    egui_wants: Res<EguiWantsInput>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    if scroll.delta.y == 0.0 {
        return;
    }
    // The wheel over the log or the mat scrolls them, not the board.
    if !window
        .cursor_position()
        .is_some_and(|at| pointer_on_board(at, &free, &egui_wants))
    {
        return;
    }
    let notches = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    let (mut transform, mut projection) = camera.into_inner();
    let old = zoom_of(&projection);
    let (min, max) = zoom_limits(&view, &window);
    let new = (old * 0.85f32.powf(notches)).clamp(min, max);
    // Keep the board point under the pointer where it is.
    if let Some(cursor) = window.cursor_position() {
        let from_centre = cursor - window.size() / 2.0;
        let under = Vec2::new(from_centre.x, -from_centre.y);
        let shift = under * (old - new);
        transform.translation.x += shift.x;
        transform.translation.y += shift.y;
    }
    set_zoom(&mut projection, new);
}

fn move_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    egui_wants: Res<EguiWantsInput>,
    mut view: ResMut<BoardView>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    if keys.just_pressed(KeyCode::Home) {
        view.fit_pending = true;
        return;
    }
    // Ctrl+S saves and Ctrl+Z undoes: those are not moves; nor are keys typed into a text box
    // (the log's filter).
    if crate::rulesets::pop::window::session::ctrl_held(&keys)
        || egui_wants.wants_any_keyboard_input()
    {
        return;
    }
    let (mut transform, mut projection) = camera.into_inner();
    let scale = zoom_of(&projection);
    let mut dir = Vec2::ZERO;
    if keys.any_pressed([KeyCode::KeyA, KeyCode::ArrowLeft]) {
        dir.x -= 1.0;
    }
    if keys.any_pressed([KeyCode::KeyD, KeyCode::ArrowRight]) {
        dir.x += 1.0;
    }
    if keys.any_pressed([KeyCode::KeyW, KeyCode::ArrowUp]) {
        dir.y += 1.0;
    }
    if keys.any_pressed([KeyCode::KeyS, KeyCode::ArrowDown]) {
        dir.y -= 1.0;
    }
    // 600 screen pixels a second, whatever the zoom, and never past the board's edge: the
    // centre of the view stays over the board.
    let step = dir * 600.0 * scale * time.delta_secs();
    if step != Vec2::ZERO {
        let moved = transform.translation.truncate() + step;
        let held = view.bounds.map_or(moved, |b| moved.clamp(b.min, b.max));
        transform.translation.x = held.x;
        transform.translation.y = held.y;
    }
    let mut zoom = 1.0;
    if keys.any_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
        zoom /= 1.0 + 1.5 * time.delta_secs();
    }
    if keys.any_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
        zoom *= 1.0 + 1.5 * time.delta_secs();
    }
    if zoom != 1.0 {
        let (min, max) = zoom_limits(&view, &window);
        set_zoom(&mut projection, (scale * zoom).clamp(min, max));
    }
}

fn record_screen_map(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Transform, &Projection), With<BoardCamera>>,
    mut map: ResMut<ScreenMap>,
) {
    let (transform, projection) = camera.into_inner();
    let now = ScreenMap {
        centre: transform.translation.truncate(),
        scale: zoom_of(projection).max(f32::EPSILON),
        window: window.size(),
    };
    if map.centre != now.centre || map.scale != now.scale || map.window != now.window {
        *map = now;
    }
}

fn keep_screen_size(
    camera: Single<&Projection, With<BoardCamera>>,
    mut sized: Query<(&ScreenSized, &mut Transform), Without<BoardCamera>>,
) {
    let scale = zoom_of(&camera);
    for (s, mut transform) in &mut sized {
        let at = s.at + s.offset_px * scale;
        let unit = scale * s.size;
        let target = Transform::from_xyz(at.x, at.y, s.z).with_scale(Vec3::new(unit, unit, 1.0));
        // Only touch transforms that moved, so change detection stays quiet while idle.
        if *transform != target {
            *transform = target;
        }
    }
}
