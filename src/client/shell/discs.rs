//! Round pieces painted over a board by egui, cheap for a software renderer: a disc with a rim
//! as two filled discs.
//!
//! egui paints a filled disc as one square cut from discs it drew into its font texture
//! beforehand (two triangles), but a circle with a stroke as a ring of thin, anti-aliased
//! triangles, a hundred or more per piece. A software renderer (Mesa's lavapipe, the window
//! tests' renderer) pays for every triangle however few pixels it covers: the 1444 board's
//! towns alone came to 6,100 of the 18,300 triangles egui drew a frame (issue 18,
//! docs/performance.md).

use bevy_egui::egui;

/// A disc of `radius` filled with `fill` and ringed by `rim` outside the radius, as
/// `painter.circle(centre, radius, fill, rim)` paints it, made of two filled discs: the rim's
/// colour out to the rim's outer edge, the fill over it. For an opaque fill (every piece's):
/// a see-through fill would show the rim's disc beneath it.
pub fn rimmed_disc(
    painter: &egui::Painter,
    centre: egui::Pos2,
    radius: f32,
    fill: egui::Color32,
    rim: egui::Stroke,
) {
    if !rim.is_empty() {
        painter.circle_filled(centre, radius + rim.width, rim.color);
    }
    painter.circle_filled(centre, radius, fill);
}
