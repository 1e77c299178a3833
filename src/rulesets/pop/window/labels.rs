//! Names on the board: each province's name just under its site, each sea zone's at its site.
//! Text keeps one size on screen; a label appears only once its province is drawn large enough
//! to hold it, so the zoomed-out map is not a heap of words.

use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::rulesets::pop::content::schema::Point;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::board::z;
use crate::rulesets::pop::window::camera::{BoardCamera, CameraSet, ScreenSized, zoom_of};
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets};
use crate::rulesets::pop::window::palette;
use crate::rulesets::pop::window::session::SessionSet;

/// Font size of province names, in screen pixels.
const FONT_PX: f32 = 12.0;
/// A name shows once its province (or sea zone) is drawn at least this many pixels across.
const PROVINCE_SHOWN_AT_PX: f32 = 48.0;
const SEA_SHOWN_AT_PX: f32 = 140.0;

pub struct ProvinceLabelsPlugin;

impl Plugin for ProvinceLabelsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(AppState::Playing),
            spawn_labels.after(SessionSet::Start),
        )
        .add_systems(
            Update,
            reveal_labels_by_zoom
                .after(CameraSet)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

/// How wide (board units) the thing a label names is.
#[derive(Component)]
struct LabelExtent {
    width: f32,
    shown_at_px: f32,
}

/// Width of the widest ring's bounding box; a shape-less item counts as small.
fn extent(shape: &[Vec<Point>]) -> f32 {
    shape
        .iter()
        .map(|ring| {
            let (mut x0, mut x1) = (f32::MAX, f32::MIN);
            for (x, _) in ring {
                x0 = x0.min(*x);
                x1 = x1.max(*x);
            }
            (x1 - x0).max(0.0)
        })
        .fold(0.0, f32::max)
}

fn spawn_labels(
    mut commands: Commands,
    scenario: Res<ScenarioAssets>,
    scenarios: Res<Assets<ScenarioAsset>>,
) {
    let Some(scenario) = scenario.get(&scenarios) else {
        return;
    };
    let mut spawn = |name: &str,
                     site: Point,
                     width: f32,
                     shown_at_px: f32,
                     colour: Color,
                     offset_px: Vec2,
                     anchor: Anchor| {
        let at = Vec2::new(site.0, site.1);
        commands.spawn((
            Text2d::new(name),
            TextFont::from_font_size(FONT_PX),
            TextColor(colour),
            anchor,
            ScreenSized {
                at,
                offset_px,
                z: z::LABEL,
                size: 1.0,
            },
            LabelExtent { width, shown_at_px },
            Transform::from_xyz(at.x, at.y, z::LABEL),
            Visibility::Hidden,
        ));
    };
    for p in &scenario.map.provinces {
        // Under the town dot, which sits on the site.
        spawn(
            &p.name,
            p.site,
            extent(&p.shape),
            PROVINCE_SHOWN_AT_PX,
            palette::LABEL,
            Vec2::new(0.0, -6.0),
            Anchor::TOP_CENTER,
        );
    }
    for s in &scenario.map.sea_zones {
        spawn(
            &s.name,
            s.site,
            extent(&s.shape).max(1.0),
            SEA_SHOWN_AT_PX,
            palette::SEA_LABEL,
            Vec2::ZERO,
            Anchor::CENTER,
        );
    }
}

fn reveal_labels_by_zoom(
    camera: Single<&Projection, (With<BoardCamera>, Changed<Projection>)>,
    mut labels: Query<(&LabelExtent, &mut Visibility)>,
) {
    let scale = zoom_of(&camera).max(f32::EPSILON);
    for (extent, mut visibility) in &mut labels {
        let shown = extent.width / scale >= extent.shown_at_px;
        visibility.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}
