//! Marks the towns of Player Realms with a small dot at the province's site (a bigger one for a
//! large town) and turns it red while the town shows its unrest side. Dots keep their size on
//! screen at any zoom.

use bevy::prelude::*;

use crate::client::AppState;
use crate::client::board::z;
use crate::client::camera::{CameraSet, ScreenSized};
use crate::client::loading::{ScenarioAsset, ScenarioAssets};
use crate::client::palette;
use crate::client::session::{ActiveGame, SessionSet};
use crate::sim::model::{Holdings, NonPlayerRealm, PlayerRealm, TokenOf, Town, Unrest};
use crate::sim::state::Index;

pub struct TokenMarkersPlugin;

impl Plugin for TokenMarkersPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(AppState::Playing),
            spawn_town_markers.after(SessionSet::Start),
        )
        .add_systems(
            Update,
            show_town_markers
                .after(SessionSet::Advance)
                .before(CameraSet)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

/// The dot of one province; hidden while no Player Realm town stands there.
#[derive(Component)]
struct TownMarker {
    province: String,
    /// Child fill whose colour shows calm or unrest.
    fill: Handle<ColorMaterial>,
}

fn spawn_town_markers(
    mut commands: Commands,
    scenario: Res<ScenarioAssets>,
    scenarios: Res<Assets<ScenarioAsset>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(scenario) = scenario.get(&scenarios) else {
        return;
    };
    // Radii in screen pixels: `ScreenSized` scales the unit by the zoom.
    let rim = meshes.add(Circle::new(4.5));
    let dot = meshes.add(Circle::new(3.2));
    let rim_colour = materials.add(palette::TOWN_RIM);
    for province in &scenario.map.provinces {
        let fill = materials.add(palette::TOWN);
        let (x, y) = province.site;
        commands
            .spawn((
                TownMarker {
                    province: province.id.clone(),
                    fill: fill.clone(),
                },
                ScreenSized {
                    at: Vec2::new(x, y),
                    offset_px: Vec2::ZERO,
                    z: z::TOKEN,
                    size: 1.0,
                },
                Transform::from_xyz(x, y, z::TOKEN),
                Visibility::Hidden,
                Mesh2d(rim.clone()),
                MeshMaterial2d(rim_colour.clone()),
            ))
            .with_child((
                Mesh2d(dot.clone()),
                MeshMaterial2d(fill),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
    }
}

/// What stands on a province: a Player Realm town, whether large, whether in unrest.
fn town_on(world: &bevy::ecs::world::World, index: &Index, province: &str) -> Option<(bool, bool)> {
    let holdings = world.get::<Holdings>(index.get(province)?)?;
    holdings.iter().find_map(|token| {
        let town = world.get::<Town>(token)?;
        let realm = world.get::<TokenOf>(token)?.0;
        let player = world.get::<PlayerRealm>(realm).is_some()
            && world.get::<NonPlayerRealm>(realm).is_none();
        player.then(|| (town.large, world.get::<Unrest>(token).is_some()))
    })
}

fn show_town_markers(
    game: Option<NonSend<ActiveGame>>,
    mut markers: Query<(&TownMarker, &mut Visibility, &mut ScreenSized)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut shown: Local<u64>,
) {
    let Some(game) = game else { return };
    if *shown == game.revision {
        return;
    }
    let world = game.game.world();
    let index = world.resource::<Index>();
    for (marker, mut visibility, mut sized) in &mut markers {
        let town = town_on(world, index, &marker.province);
        visibility.set_if_neq(if town.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        let Some((large, unrest)) = town else {
            continue;
        };
        let size = if large { 1.4 } else { 1.0 };
        if sized.size != size {
            sized.size = size;
        }
        let colour = if unrest {
            palette::UNREST
        } else {
            palette::TOWN
        };
        if let Some(mut m) = materials.get_mut(&marker.fill)
            && m.color != colour
        {
            m.color = colour;
        }
    }
    *shown = game.revision;
}
