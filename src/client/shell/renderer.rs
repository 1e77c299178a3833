//! Fits the cameras to the renderer the window got: on a software renderer (a CPU adapter, such
//! as Mesa's llvmpipe or lavapipe under a virtual display or a machine with no GPU driver)
//! every camera draws without multisampling. Multisampling is nearly free on a GPU, but a
//! software renderer shades and resolves four samples a pixel, which about halved the 1444
//! board's frame rate there (issue 18); on a GPU the cameras keep Bevy's default (4 samples).

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

pub struct RendererFitPlugin;

impl Plugin for RendererFitPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, fit_new_cameras_to_the_renderer);
    }
}

/// A camera whose sampling has been fitted to the renderer.
#[derive(Component)]
struct FittedToRenderer;

/// Whether the window draws on a software renderer.
pub fn is_software(info: &RenderAdapterInfo) -> bool {
    info.device_type == wgpu_types::DeviceType::Cpu
}

fn fit_new_cameras_to_the_renderer(
    mut commands: Commands,
    info: Option<Res<RenderAdapterInfo>>,
    cameras: Query<Entity, (With<Camera>, Without<FittedToRenderer>)>,
    mut told: Local<bool>,
) {
    // The adapter is known once the renderer has started; cameras spawned later are fitted
    // the frame they appear.
    let Some(info) = info else { return };
    let software = is_software(&info);
    for camera in &cameras {
        let mut entity = commands.entity(camera);
        entity.insert(FittedToRenderer);
        if software {
            entity.insert(Msaa::Off);
        }
    }
    if software && !*told && !cameras.is_empty() {
        *told = true;
        info!(
            "{} is a software renderer: the board draws without multisampling",
            info.name
        );
    }
}
