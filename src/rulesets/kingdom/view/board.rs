//! The hex board: one hexagon per hex, coloured by terrain where the seat in front has explored
//! and dark where it has not, ringed in the colour of the kingdom that claims it; markers for
//! rivers, resources, lairs, ruins, improvements, prepared sites and settlements. The camera
//! pans (right or middle drag, arrow keys) and zooms (wheel); hovering names a hex, a click
//! selects it for the panels.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;

use crate::client::shell::flat_colour::{FlatColour, recolour};
use crate::rulesets::kingdom::snapshot::Snapshot;
use crate::rulesets::kingdom::view::session::KmSession;

/// The ring of the hex a hovered choice is about (22).
const LIT: Color = Color::srgb(1.0, 0.84, 0.2);

/// Size of a hex (centre to corner) in world units.
pub const HEX: f32 = 30.0;

pub struct HexBoardPlugin;

impl Plugin for HexBoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Hovered>()
            .init_resource::<Selected>()
            .init_resource::<ChoiceHover>()
            .init_resource::<Painted>()
            .add_systems(Startup, spawn_camera)
            .add_systems(
                Update,
                (
                    spawn_board,
                    paint_board,
                    move_camera,
                    hover_hex,
                    select_hex.run_if(not(egui_wants_any_pointer_input)),
                )
                    .chain(),
            );
    }
}

/// The hex under the pointer, as (column, row).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Hovered(pub Option<(i32, i32)>);

/// The hex last clicked.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Selected(pub Option<(i32, i32)>);

/// The hex of the choice under the pointer in the decision panel, lit on the board (22).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ChoiceHover(pub Option<(i32, i32)>);

/// The game (generation) and revision the board shows.
#[derive(Resource, Default)]
struct Painted(u64, u64);

#[derive(Component)]
struct BoardCamera;

#[derive(Component)]
struct HexFace {
    index: usize,
    ring: Handle<FlatColour>,
    face: Handle<FlatColour>,
}

/// A marker drawn on a hex; all are redrawn when the game changes.
#[derive(Component)]
struct Marker;

fn layout() -> hexx::HexLayout {
    let mut layout = hexx::HexLayout::new(hexx::HexOrientation::Pointy).with_hex_size(HEX);
    // Row 0 at the top of the screen.
    layout.invert_y();
    layout
}

/// Where a hex's centre is on the board.
pub fn centre(col: i32, row: i32) -> Vec2 {
    let p = layout().hex_to_world_pos(crate::rulesets::kingdom::content::spawn::axial(col, row));
    Vec2::new(p.x, p.y)
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera));
}

pub fn terrain_colour(id: &str) -> Color {
    match id {
        "plains" => Color::srgb(0.62, 0.74, 0.42),
        "hills" => Color::srgb(0.70, 0.60, 0.40),
        "forest" => Color::srgb(0.28, 0.48, 0.24),
        "marsh" => Color::srgb(0.40, 0.52, 0.44),
        "mountains" => Color::srgb(0.55, 0.53, 0.52),
        "water" => Color::srgb(0.26, 0.48, 0.70),
        "desert" => Color::srgb(0.85, 0.77, 0.54),
        "jungle" => Color::srgb(0.18, 0.40, 0.20),
        "cavern" => Color::srgb(0.35, 0.30, 0.32),
        _ => Color::srgb(0.5, 0.5, 0.5),
    }
}

const FOG: Color = Color::srgb(0.16, 0.17, 0.21);
const GAP: Color = Color::srgb(0.10, 0.11, 0.13);

pub fn kingdom_colour(rgb: (u8, u8, u8)) -> Color {
    Color::srgb_u8(rgb.0, rgb.1, rgb.2)
}

fn spawn_board(
    mut commands: Commands,
    session: Option<NonSend<KmSession>>,
    faces: Query<(), With<HexFace>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FlatColour>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    let Some(session) = session else { return };
    if !faces.is_empty() {
        return;
    }
    let s = session.game.scenario();
    let outer = meshes.add(RegularPolygon::new(HEX * 0.98, 6));
    let inner = meshes.add(RegularPolygon::new(HEX * 0.84, 6));
    let mut index = 0;
    for row in 0..s.map.height as i32 {
        for col in 0..s.map.width as i32 {
            let at = centre(col, row);
            let ring = materials.add(FlatColour::new(GAP));
            let face = materials.add(FlatColour::new(FOG));
            commands.spawn((
                Mesh2d(outer.clone()),
                MeshMaterial2d(ring.clone()),
                Transform::from_xyz(at.x, at.y, 0.0),
            ));
            commands.spawn((
                Mesh2d(inner.clone()),
                MeshMaterial2d(face.clone()),
                Transform::from_xyz(at.x, at.y, 1.0),
                HexFace { index, ring, face },
            ));
            index += 1;
        }
    }
    // Fit the whole map into the part of the window the panels leave (about 620 x 560 pixels
    // of 1280 x 800, a little right of the middle: the sheet is wider than the decision panel).
    let (a, b) = (
        centre(0, 0),
        centre(s.map.width as i32 - 1, s.map.height as i32 - 1),
    );
    let (w, h) = ((b.x - a.x).abs() + 2.0 * HEX, (b.y - a.y).abs() + 2.0 * HEX);
    let scale = (w / 620.0).max(h / 560.0).max(0.3);
    let mid = (a + b) / 2.0;
    if let Ok((mut t, mut projection)) = camera.single_mut() {
        t.translation = Vec3::new(mid.x + 35.0 * scale, mid.y - 60.0 * scale, t.translation.z);
        if let Projection::Orthographic(o) = &mut *projection {
            o.scale = scale;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn paint_board(
    mut commands: Commands,
    session: Option<NonSendMut<KmSession>>,
    mut painted: ResMut<Painted>,
    faces: Query<&HexFace>,
    markers: Query<Entity, With<Marker>>,
    selected: Res<Selected>,
    lit: Res<ChoiceHover>,
    mut materials: ResMut<Assets<FlatColour>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut shown_markers: Local<Vec<MarkerPiece>>,
) {
    let Some(mut session) = session else { return };
    if faces.is_empty()
        || ((painted.0, painted.1) == (session.generation, session.revision)
            && !selected.is_changed()
            && !lit.is_changed())
    {
        return;
    }
    *painted = Painted(session.generation, session.revision);
    let s = session.game.scenario().clone();
    let view: std::sync::Arc<Snapshot> = session.view();
    let colours: Vec<Color> = view
        .kingdoms
        .iter()
        .map(|k| {
            let def = s.kingdoms.iter().find(|d| d.id == k.kingdom.id);
            def.map_or(Color::WHITE, |d| kingdom_colour(d.colour))
        })
        .collect();
    for face in &faces {
        let Some(h) = view.hexes.get(face.index) else {
            continue;
        };
        let known = h.tile.terrain != usize::MAX;
        let colour = if known {
            terrain_colour(&s.terrains[h.tile.terrain].id)
        } else {
            FOG
        };
        recolour(&mut materials, &face.face, colour);
        let ring = match h.tile.owner {
            Some(seat) => colours
                .get(usize::from(seat))
                .copied()
                .unwrap_or(Color::WHITE),
            None => GAP,
        };
        let shown = if lit.0 == Some((h.tile.col, h.tile.row)) {
            LIT
        } else if selected.0 == Some((h.tile.col, h.tile.row)) {
            Color::WHITE
        } else {
            ring
        };
        recolour(&mut materials, &face.ring, shown);
    }
    let pieces = marker_pieces(&view, &colours);
    // Most steps of a game change no marker (a claim recolours a ring, a check changes none):
    // the markers are built again only when one of them changed.
    if pieces == *shown_markers {
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let dot = meshes.add(Circle::new(HEX * 0.13));
    let square = meshes.add(Rectangle::new(HEX * 0.55, HEX * 0.42));
    let roof = meshes.add(Triangle2d::new(
        Vec2::new(-HEX * 0.34, 0.0),
        Vec2::new(HEX * 0.34, 0.0),
        Vec2::new(0.0, HEX * 0.26),
    ));
    let river = meshes.add(Rectangle::new(HEX * 1.1, HEX * 0.12));
    let small = meshes.add(Rectangle::new(HEX * 0.16, HEX * 0.16));
    // One material per colour in use.
    let mut by_colour: Vec<(Color, Handle<FlatColour>)> = Vec::new();
    for piece in &pieces {
        let mesh = match piece.shape {
            MarkerShape::Dot => &dot,
            MarkerShape::Square => &square,
            MarkerShape::Roof => &roof,
            MarkerShape::River => &river,
            MarkerShape::Small => &small,
        };
        let material = match by_colour.iter().find(|(c, _)| *c == piece.colour) {
            Some((_, m)) => m.clone(),
            None => {
                let m = materials.add(FlatColour::new(piece.colour));
                by_colour.push((piece.colour, m.clone()));
                m
            }
        };
        commands.spawn((
            Mesh2d(mesh.clone()),
            MeshMaterial2d(material),
            Transform::from_translation(piece.at),
            Marker,
        ));
    }
    *shown_markers = pieces;
}

/// The shape of a marker on a hex.
#[derive(Clone, Copy, Debug, PartialEq)]
enum MarkerShape {
    Dot,
    Square,
    Roof,
    River,
    Small,
}

/// One marker as drawn: its shape, colour and place (z orders it over the hex).
#[derive(Clone, Copy, Debug, PartialEq)]
struct MarkerPiece {
    shape: MarkerShape,
    colour: Color,
    at: Vec3,
}

/// Every marker the board shows for this view of the game.
fn marker_pieces(view: &Snapshot, colours: &[Color]) -> Vec<MarkerPiece> {
    let blue = Color::srgb(0.30, 0.55, 0.85);
    let red = Color::srgb(0.80, 0.15, 0.12);
    let grey = Color::srgb(0.85, 0.82, 0.70);
    let gold = Color::srgb(0.95, 0.80, 0.25);
    let brown = Color::srgb(0.35, 0.24, 0.14);
    let white = Color::srgb(0.96, 0.95, 0.92);
    let mut pieces = Vec::new();
    for h in &view.hexes {
        if h.tile.terrain == usize::MAX {
            continue;
        }
        let c = centre(h.tile.col, h.tile.row);
        let mut put = |shape: MarkerShape, colour: Color, offset: Vec2, z: f32| {
            pieces.push(MarkerPiece {
                shape,
                colour,
                at: Vec3::new(c.x + offset.x, c.y + offset.y, z),
            });
        };
        if h.tile.river {
            put(MarkerShape::River, blue, Vec2::new(0.0, -HEX * 0.05), 2.0);
        }
        if h.tile.resource.is_some() {
            put(
                MarkerShape::Dot,
                gold,
                Vec2::new(-HEX * 0.45, HEX * 0.25),
                3.0,
            );
        }
        if h.tile.lair.is_some() {
            put(
                MarkerShape::Dot,
                red,
                Vec2::new(HEX * 0.45, HEX * 0.25),
                3.0,
            );
        }
        if h.tile.ruin.is_some() {
            put(
                MarkerShape::Dot,
                grey,
                Vec2::new(HEX * 0.45, -HEX * 0.25),
                3.0,
            );
        }
        // One small square per terrain improvement, along the bottom of the hex.
        for (i, _) in h.tile.improvements.iter().enumerate().take(5) {
            put(
                MarkerShape::Small,
                brown,
                Vec2::new(-HEX * 0.4 + i as f32 * HEX * 0.2, -HEX * 0.5),
                3.0,
            );
        }
        if h.tile.prepared.is_some() && h.settlement.is_none() {
            put(MarkerShape::Small, white, Vec2::ZERO, 3.0);
        }
        if let Some(st) = h.settlement {
            let owner = view
                .settlements
                .iter()
                .find(|x| x.sid == st)
                .and_then(|x| x.settlement.owner);
            let wall = owner
                .and_then(|o| colours.get(usize::from(o)).copied())
                .unwrap_or(Color::srgb(0.6, 0.6, 0.6));
            put(MarkerShape::Square, white, Vec2::new(0.0, -HEX * 0.06), 4.0);
            put(MarkerShape::Roof, wall, Vec2::new(0.0, HEX * 0.15), 4.0);
        }
    }
    pieces
}

fn move_camera(
    keyboard: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui_wants: Res<bevy_egui::input::EguiWantsInput>,
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = &mut *projection else {
        return;
    };
    if scroll.delta.y != 0.0 && !egui_wants.wants_any_pointer_input() {
        ortho.scale = (ortho.scale * 0.9f32.powf(scroll.delta.y.signum())).clamp(0.3, 3.0);
    }
    let mut pan = Vec2::ZERO;
    if mouse.pressed(MouseButton::Right) || mouse.pressed(MouseButton::Middle) {
        pan += Vec2::new(-motion.delta.x, motion.delta.y) * ortho.scale;
    }
    for (key, dir) in [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
    ] {
        if keyboard.pressed(key) && !egui_wants.wants_any_keyboard_input() {
            pan += dir * 8.0 * ortho.scale;
        }
    }
    transform.translation += pan.extend(0.0);
}

fn hover_hex(
    egui_wants: Res<bevy_egui::input::EguiWantsInput>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    session: Option<NonSend<KmSession>>,
    mut hovered: ResMut<Hovered>,
) {
    let Some(session) = session else { return };
    let (camera, at) = camera.into_inner();
    // Over a panel or window the pointer is not on the board.
    let on_board = !egui_wants.wants_any_pointer_input() && !egui_wants.is_pointer_over_area();
    let found = window
        .cursor_position()
        .filter(|_| on_board)
        .and_then(|p| camera.viewport_to_world_2d(at, p).ok())
        .map(|w| {
            let hex = layout().world_pos_to_hex(hexx::Vec2::new(w.x, w.y));
            crate::rulesets::kingdom::content::spawn::offset(hex)
        })
        .filter(|(c, r)| {
            let s = session.game.scenario();
            *c >= 0 && *r >= 0 && (*c as u32) < s.map.width && (*r as u32) < s.map.height
        });
    if hovered.0 != found {
        hovered.0 = found;
    }
}

fn select_hex(
    mouse: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    mut selected: ResMut<Selected>,
) {
    if mouse.just_pressed(MouseButton::Left) && hovered.0.is_some() {
        selected.0 = hovered.0;
    }
}
