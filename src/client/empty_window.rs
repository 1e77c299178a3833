//! The frame-time baseline: `regnum --frames N --empty-window` opens a Bevy+egui window of the
//! game's size, with Bevy's default settings and nothing on it but a camera and one small egui
//! window, times N frames the way
//! `--frames` times the board and prints the same report. `tools/frame_ratio.sh` runs both under
//! one virtual display and prints how many times an empty window the board costs.

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use crate::client::automation::FrameReport;

/// Frames drawn before timing starts, as the board settles before it is timed: the first
/// frames compile shaders and upload the font atlas.
const WARM_UP_FRAMES: u32 = 10;

#[derive(Resource)]
struct Timing {
    warm_up_left: u32,
    wanted: u32,
    samples: Vec<f32>,
}

/// Opens the empty window, times `frames` frames, prints the report and returns the exit code.
pub fn run(frames: u32) -> i32 {
    let mut app = App::new();
    app.insert_resource(ClearColor(crate::client::SEA_DEEP))
        .insert_resource(WinitSettings {
            // As in the game's unattended runs: a virtual display never focuses the window.
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        })
        .insert_resource(Timing {
            warm_up_left: WARM_UP_FRAMES,
            wanted: frames.max(1),
            samples: Vec::with_capacity(frames as usize),
        })
        .add_plugins(DefaultPlugins.set(crate::client::game_window("Regnum (empty window)")))
        // Bevy's defaults as they come (the game drops multisampling on a software renderer;
        // the empty window keeps it, as an empty Bevy window has it).
        .add_plugins(EguiPlugin::default())
        .add_systems(Startup, spawn_camera)
        .add_systems(EguiPrimaryContextPass, show_a_label)
        .add_systems(Update, time_frames);
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// One egui window, so that egui lays out, tessellates and paints every frame as in the game.
fn show_a_label(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new("Baseline").show(&ctx, |ui| {
        ui.label("An empty Bevy and egui window, timed as the board is.");
    });
    Ok(())
}

fn time_frames(time: Res<Time>, mut timing: ResMut<Timing>, mut exit: MessageWriter<AppExit>) {
    if timing.warm_up_left > 0 {
        timing.warm_up_left -= 1;
        return;
    }
    timing.samples.push(time.delta_secs());
    if timing.samples.len() != timing.wanted as usize {
        // Short of the count, or past it while the exit takes effect: one report only.
        return;
    }
    if let Some(report) = FrameReport::of(&timing.samples) {
        println!("{}", report.line("an empty window"));
    }
    exit.write(AppExit::Success);
}
