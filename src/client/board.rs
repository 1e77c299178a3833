//! Draws the board from the scenario's geometry: backdrop land, sea zones, and every province
//! filled with its owner's colour, with thin borders. Outlines are non-convex, so each ring is
//! triangulated with earcut. Provinces are repainted whenever the game changes (owners move).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::client::AppState;
use crate::client::camera::BoardView;
use crate::client::loading::{ScenarioAsset, ScenarioAssets};
use crate::client::palette;
use crate::client::session::{ActiveGame, SessionSet};
use crate::rulesets::pop::content::schema::{MapDef, Point};
use crate::rulesets::pop::model::{NonPlayerRealm, OwnedBy, PlayerRealm, Realm};
use crate::rulesets::pop::state::Index;

/// Draw order, back to front.
pub mod z {
    pub const BACKDROP: f32 = 0.0;
    pub const SEA: f32 = 1.0;
    pub const SEA_BORDER: f32 = 1.5;
    pub const PROVINCE: f32 = 2.0;
    pub const BORDER: f32 = 3.0;
    pub const TOKEN: f32 = 4.0;
    pub const LABEL: f32 = 5.0;
}

pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(AppState::Playing),
            spawn_board.after(SessionSet::Start),
        )
        .add_systems(
            Update,
            paint_provinces
                .after(SessionSet::Advance)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

/// A province on the board, by content id; its material is its own so it can be repainted.
#[derive(Component, Debug)]
pub struct ProvinceTile {
    pub key: String,
    pub material: Handle<ColorMaterial>,
}

/// Triangulates rings (each an outline, closed or not) into one mesh.
pub fn fill_mesh(rings: &[Vec<Point>]) -> Option<Mesh> {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for ring in rings {
        let ring = open_ring(ring);
        if ring.len() < 3 {
            continue;
        }
        let flat: Vec<f64> = ring
            .iter()
            .flat_map(|(x, y)| [f64::from(*x), f64::from(*y)])
            .collect();
        let Ok(triangles) = earcutr::earcut(&flat, &[], 2) else {
            continue;
        };
        let base = positions.len() as u32;
        positions.extend(ring.iter().map(|(x, y)| [*x, *y, 0.0]));
        indices.extend(triangles.into_iter().map(|i| base + i as u32));
    }
    if indices.is_empty() {
        return None;
    }
    Some(mesh_of(PrimitiveTopology::TriangleList, positions, indices))
}

/// Every ring edge as a line segment: borders drawn one pixel wide at any zoom.
pub fn outline_mesh<'a>(rings: impl IntoIterator<Item = &'a Vec<Point>>) -> Option<Mesh> {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for ring in rings {
        let ring = open_ring(ring);
        if ring.len() < 2 {
            continue;
        }
        let base = positions.len() as u32;
        positions.extend(ring.iter().map(|(x, y)| [*x, *y, 0.0]));
        let n = ring.len() as u32;
        for i in 0..n {
            indices.extend([base + i, base + (i + 1) % n]);
        }
    }
    if indices.is_empty() {
        return None;
    }
    Some(mesh_of(PrimitiveTopology::LineList, positions, indices))
}

/// A ring without its closing point (if the file repeats the first point at the end).
fn open_ring(ring: &[Point]) -> &[Point] {
    match (ring.first(), ring.last()) {
        (Some(a), Some(b)) if ring.len() > 1 && a == b => &ring[..ring.len() - 1],
        _ => ring,
    }
}

fn mesh_of(topology: PrimitiveTopology, positions: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    Mesh::new(topology, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
        .with_inserted_indices(Indices::U32(indices))
}

/// The board's extent: `map.bounds`, or the geometry's own if the scenario leaves it unset.
/// The provinces a realm owns on its capital's continent, with room around them for its
/// neighbours (three times their extent, at least a fifth of the sheet's), inside the sheet.
fn home_frame(
    game: &crate::rulesets::pop::Game,
    map: &MapDef,
    realm: &str,
    sheet: Rect,
) -> Option<Rect> {
    let world = game.world();
    let index = world.resource::<crate::rulesets::pop::state::Index>();
    let realm_entity = index.get(realm)?;
    let continent_of = |area: &str| {
        map.areas
            .iter()
            .find(|a| a.id == area)
            .map(|a| a.continent.clone())
    };
    let owned = |p: &crate::rulesets::pop::content::schema::ProvinceDef| {
        index
            .get(&p.id)
            .and_then(|e| world.get::<crate::rulesets::pop::model::OwnedBy>(e))
            .is_some_and(|o| o.0 == realm_entity)
    };
    let home_continent = world
        .get::<crate::rulesets::pop::model::Capital>(realm_entity)
        .map(|c| crate::rulesets::pop::state::key_of(world, c.0))
        .and_then(|capital| map.provinces.iter().find(|p| p.id == capital))
        .and_then(|p| continent_of(&p.area))?;
    let mut rect: Option<Rect> = None;
    for p in map
        .provinces
        .iter()
        .filter(|p| owned(p) && continent_of(&p.area).as_deref() == Some(home_continent.as_str()))
    {
        for (x, y) in p.shape.iter().flatten().copied().chain([p.site]) {
            let at = Vec2::new(x, y);
            rect = Some(rect.map_or(Rect::from_corners(at, at), |r| r.union_point(at)));
        }
    }
    let rect = rect?;
    let size = (rect.size() * 3.0).max(sheet.size() / 5.0);
    let framed = Rect::from_center_size(rect.center(), size).intersect(sheet);
    (!framed.is_empty()).then_some(framed)
}

pub fn board_bounds(map: &MapDef) -> Option<Rect> {
    let (x0, y0, x1, y1) = map.bounds;
    if x1 > x0 && y1 > y0 {
        return Some(Rect::new(x0, y0, x1, y1));
    }
    let points = map
        .provinces
        .iter()
        .flat_map(|p| p.shape.iter().flatten().copied().chain([p.site]))
        .chain(
            map.sea_zones
                .iter()
                .flat_map(|s| s.shape.iter().flatten().copied()),
        );
    let mut rect: Option<Rect> = None;
    for (x, y) in points {
        let p = Vec2::new(x, y);
        rect = Some(rect.map_or(Rect::from_corners(p, p), |r| r.union_point(p)));
    }
    rect
}

fn spawn_board(
    mut commands: Commands,
    scenario: Res<ScenarioAssets>,
    scenarios: Res<Assets<ScenarioAsset>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut view: ResMut<BoardView>,
    game: Option<NonSend<ActiveGame>>,
) {
    let Some(scenario) = scenario.get(&scenarios) else {
        return;
    };
    let map = &scenario.map;
    view.bounds = board_bounds(map);
    view.fit_pending = true;
    // With a person at the screen the board opens on their realm; `Home` shows the whole sheet.
    view.frame = game
        .filter(|g| !g.humans.is_empty())
        .and_then(|g| home_frame(&g.game, map, &g.human, view.bounds?));

    let mut fill =
        |commands: &mut Commands, rings: &[Vec<Point>], material: Handle<ColorMaterial>, z: f32| {
            fill_mesh(rings).map(|mesh| {
                commands
                    .spawn((
                        Mesh2d(meshes.add(mesh)),
                        MeshMaterial2d(material),
                        Transform::from_xyz(0.0, 0.0, z),
                    ))
                    .id()
            })
        };
    let backdrop = materials.add(palette::BACKDROP);
    fill(&mut commands, &map.backdrop, backdrop, z::BACKDROP);
    let sea = materials.add(palette::SEA_ZONE);
    for zone in &map.sea_zones {
        fill(&mut commands, &zone.shape, sea.clone(), z::SEA);
    }
    for province in &map.provinces {
        let material = materials.add(palette::UNOWNED);
        if let Some(entity) = fill(
            &mut commands,
            &province.shape,
            material.clone(),
            z::PROVINCE,
        ) {
            commands.entity(entity).insert(ProvinceTile {
                key: province.id.clone(),
                material,
            });
        }
    }

    let mut spawn_lines = |mesh: Option<Mesh>, colour: Color, z: f32| {
        if let Some(mesh) = mesh {
            commands.spawn((
                Mesh2d(meshes.add(mesh)),
                MeshMaterial2d(materials.add(colour)),
                Transform::from_xyz(0.0, 0.0, z),
            ));
        }
    };
    spawn_lines(outline_mesh(&map.backdrop), palette::COAST, z::SEA_BORDER);
    spawn_lines(
        outline_mesh(map.sea_zones.iter().flat_map(|s| &s.shape)),
        palette::SEA_BORDER,
        z::SEA_BORDER,
    );
    spawn_lines(
        outline_mesh(map.provinces.iter().flat_map(|p| &p.shape)),
        palette::PROVINCE_BORDER,
        z::BORDER,
    );
}

/// The fill of a province now: its owner's colour, or unowned land.
fn province_colour(world: &World, index: &Index, key: &str) -> Color {
    let owner = index
        .get(key)
        .and_then(|p| world.get::<OwnedBy>(p))
        .map(|o| o.0);
    let Some(realm) = owner else {
        return palette::UNOWNED;
    };
    let Some(def) = world.get::<Realm>(realm) else {
        return palette::UNOWNED;
    };
    // An unplayed Player Realm is a Non-Player Realm in this game.
    let player =
        world.get::<PlayerRealm>(realm).is_some() && world.get::<NonPlayerRealm>(realm).is_none();
    palette::realm_colour(def.colour, player)
}

fn paint_provinces(
    game: Option<NonSend<ActiveGame>>,
    tiles: Query<&ProvinceTile>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut painted: Local<u64>,
) {
    let Some(game) = game else { return };
    if *painted == game.revision {
        return;
    }
    let world = game.game.world();
    let index = world.resource::<Index>();
    for tile in &tiles {
        let colour = province_colour(world, index, &tile.key);
        if let Some(mut material) = materials.get_mut(&tile.material)
            && material.color != colour
        {
            material.color = colour;
        }
    }
    *painted = game.revision;
}
