//! Draws the board from the scenario's geometry: backdrop land, sea zones, and every province
//! filled with its owner's colour, with thin borders. Outlines are non-convex, so each ring is
//! triangulated with earcut. Provinces are repainted whenever the game changes (owners move).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;

use crate::client::shell::flat_colour::FlatColour;
use crate::rulesets::pop::content::schema::{MapDef, Point};
use crate::rulesets::pop::model::{NonPlayerRealm, OwnedBy, PlayerRealm, Realm};
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::camera::BoardView;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets};
use crate::rulesets::pop::window::palette;
use crate::rulesets::pop::window::session::{ActiveGame, SessionSet};

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

/// Every province's fill in one mesh, so the whole map of provinces is one draw: each province
/// owns a run of the mesh's vertices, whose colour is its owner's. One draw instead of one per
/// province (each with a material of its own) is what keeps a software renderer's frame close
/// to an empty window's (issue 18).
#[derive(Component, Debug)]
pub struct ProvinceFills {
    pub mesh: Handle<Mesh>,
    /// Each province's content id and its vertices in the mesh.
    pub runs: Vec<(String, std::ops::Range<usize>)>,
}

/// Rings triangulated into one mesh, piece by piece, remembering which vertices each piece owns.
#[derive(Default)]
struct FillBuilder {
    positions: Vec<[f32; 3]>,
    indices: Vec<u32>,
}

impl FillBuilder {
    /// Adds a piece's rings; returns the vertices it took.
    fn add(&mut self, rings: &[Vec<Point>]) -> std::ops::Range<usize> {
        self.add_at(rings, 0.0)
    }

    /// Adds a piece's rings at depth `z` (relative to the mesh); returns the vertices it took.
    fn add_at(&mut self, rings: &[Vec<Point>], z: f32) -> std::ops::Range<usize> {
        let start = self.positions.len();
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
            if triangles.is_empty() {
                continue;
            }
            let base = self.positions.len() as u32;
            self.positions.extend(ring.iter().map(|(x, y)| [*x, *y, z]));
            self.indices
                .extend(triangles.into_iter().map(|i| base + i as u32));
        }
        start..self.positions.len()
    }

    fn build(self) -> Option<Mesh> {
        (!self.indices.is_empty()).then(|| {
            mesh_of(
                PrimitiveTopology::TriangleList,
                self.positions,
                self.indices,
            )
        })
    }
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
    let continent_of = |area: &str| map.areas.iter().find(|a| a.id == area).map(|a| a.continent);
    let owned = |p: &crate::rulesets::pop::content::schema::ProvinceDef| {
        index
            .get(p.id)
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

/// The vertices a run of shapes covers, from the first one's start to the last one's end (the
/// builder adds them one after another); empty when there are none.
fn covering(runs: impl Iterator<Item = std::ops::Range<usize>>) -> std::ops::Range<usize> {
    runs.reduce(|all, r| all.start.min(r.start)..all.end.max(r.end))
        .unwrap_or(0..0)
}

fn spawn_board(
    mut commands: Commands,
    scenario: Res<ScenarioAssets>,
    scenarios: Res<Assets<ScenarioAsset>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FlatColour>>,
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
        .and_then(|g| home_frame(&g.game, map, &g.front, view.bounds?));

    // Every fill in one mesh, painted through its vertex colours over a white material: the
    // provinces first, then the sea zones and the backdrop land beneath them. One draw, and
    // drawn front to back, so a software renderer's depth test throws away the backdrop under
    // every province instead of shading the land twice.
    let mut builder = FillBuilder::default();
    let runs: Vec<(String, std::ops::Range<usize>)> = map
        .provinces
        .iter()
        .map(|p| (p.id.to_string(), builder.add(&p.shape)))
        .collect();
    let sea = covering(
        map.sea_zones
            .iter()
            .map(|s| builder.add_at(&s.shape, z::SEA - z::PROVINCE)),
    );
    let backdrop = covering(
        map.backdrop
            .iter()
            .map(|ring| builder.add_at(std::slice::from_ref(ring), z::BACKDROP - z::PROVINCE)),
    );
    if let Some(mut mesh) = builder.build() {
        let unowned = LinearRgba::from(palette::UNOWNED).to_f32_array();
        let count = mesh.count_vertices();
        let mut colours = vec![unowned; count];
        for (range, colour) in [(sea, palette::SEA_ZONE), (backdrop, palette::BACKDROP)] {
            if let Some(part) = colours.get_mut(range) {
                part.fill(LinearRgba::from(colour).to_f32_array());
            }
        }
        mesh.insert_attribute(Mesh::ATTRIBUTE_COLOR, colours);
        let mesh = meshes.add(mesh);
        commands.spawn((
            Mesh2d(mesh.clone()),
            MeshMaterial2d(materials.add(FlatColour::new(Color::WHITE))),
            Transform::from_xyz(0.0, 0.0, z::PROVINCE),
            ProvinceFills { mesh, runs },
        ));
    }

    let mut spawn_lines = |mesh: Option<Mesh>, colour: Color, z: f32| {
        if let Some(mesh) = mesh {
            commands.spawn((
                Mesh2d(meshes.add(mesh)),
                MeshMaterial2d(materials.add(FlatColour::new(colour))),
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
    fills: Query<&ProvinceFills>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut painted: Local<u64>,
) {
    let Some(game) = game else { return };
    if *painted == game.revision {
        return;
    }
    let world = game.game.world();
    let index = world.resource::<Index>();
    for fills in &fills {
        // Read first and write only on a change: taking the mesh mutably uploads it again.
        let Some(mesh) = meshes.get(&fills.mesh) else {
            continue;
        };
        let Some(VertexAttributeValues::Float32x4(now)) = mesh.attribute(Mesh::ATTRIBUTE_COLOR)
        else {
            continue;
        };
        let wanted: Vec<(std::ops::Range<usize>, [f32; 4])> = fills
            .runs
            .iter()
            .map(|(key, run)| {
                let colour = province_colour(world, index, key);
                (run.clone(), LinearRgba::from(colour).to_f32_array())
            })
            .filter(|(run, colour)| {
                now.get(run.clone())
                    .is_some_and(|v| v.iter().any(|c| c != colour))
            })
            .collect();
        if wanted.is_empty() {
            continue;
        }
        let Some(mut mesh) = meshes.get_mut(&fills.mesh) else {
            continue;
        };
        if let Some(VertexAttributeValues::Float32x4(colours)) =
            mesh.attribute_mut(Mesh::ATTRIBUTE_COLOR)
        {
            for (run, colour) in wanted {
                colours[run].fill(colour);
            }
        }
    }
    *painted = game.revision;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f32) -> Vec<Vec<Point>> {
        vec![vec![
            (x, 0.0),
            (x + 1.0, 0.0),
            (x + 1.0, 1.0),
            (x, 1.0),
            (x, 0.0),
        ]]
    }

    #[test]
    fn provinces_share_one_mesh_each_owning_its_own_vertices() {
        let mut builder = FillBuilder::default();
        let a = builder.add(&square(0.0));
        // A ring with fewer than three distinct points has no area and takes no vertices.
        let empty = builder.add(&[vec![(5.0, 5.0), (6.0, 6.0)]]);
        let b = builder.add(&square(2.0));
        // The closing point is dropped: four vertices a square.
        assert_eq!((a.clone(), empty.clone(), b.clone()), (0..4, 4..4, 4..8));
        let mesh = builder.build().expect("two squares make a mesh");
        assert_eq!(mesh.count_vertices(), 8);
        let Some(Indices::U32(indices)) = mesh.indices() else {
            panic!("u32 indices");
        };
        // Two triangles a square, each square's triangles on its own vertices.
        assert_eq!(indices.len(), 12);
        assert!(indices[..6].iter().all(|i| a.contains(&(*i as usize))));
        assert!(indices[6..].iter().all(|i| b.contains(&(*i as usize))));
    }
}
