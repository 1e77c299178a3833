//! The board's colours, in one place so the map reads as one picture.

use bevy::prelude::*;

/// Open sea: the clear colour behind everything.
pub use crate::client::SEA_DEEP;
/// Sea zones: a little lighter than the open sea, so their extent shows.
pub const SEA_ZONE: Color = Color::srgb(0.52, 0.64, 0.73);
pub const SEA_BORDER: Color = Color::srgb(0.44, 0.56, 0.66);
/// Land outside the playable provinces (coastlines of the backdrop).
pub const BACKDROP: Color = Color::srgb(0.70, 0.69, 0.64);
pub const COAST: Color = Color::srgb(0.36, 0.38, 0.38);
/// Land nobody owns yet.
pub const UNOWNED: Color = Color::srgb(0.84, 0.80, 0.70);
pub const PROVINCE_BORDER: Color = Color::srgb(0.24, 0.22, 0.20);
pub const LABEL: Color = Color::srgb(0.08, 0.07, 0.06);
pub const SEA_LABEL: Color = Color::srgb(0.16, 0.26, 0.40);
pub const TOWN: Color = Color::srgb(0.98, 0.96, 0.88);
pub const TOWN_RIM: Color = Color::srgb(0.12, 0.10, 0.08);
pub const UNREST: Color = Color::srgb(0.86, 0.08, 0.06);

/// A realm's colour on the board: Player Realms as printed, Non-Player Realms washed out
/// toward parchment so the Player Realms stand out.
pub fn realm_colour(rgb: (u8, u8, u8), player: bool) -> Color {
    let c = Color::srgb_u8(rgb.0, rgb.1, rgb.2);
    if player {
        return c;
    }
    let c = c.to_srgba();
    let paper = UNOWNED.to_srgba();
    let mix = |a: f32, b: f32| a + (b - a) * 0.5;
    Color::srgb(
        mix(c.red, paper.red),
        mix(c.green, paper.green),
        mix(c.blue, paper.blue),
    )
}

/// The same colour for egui.
pub fn egui_colour(c: Color) -> bevy_egui::egui::Color32 {
    let s = c.to_srgba();
    bevy_egui::egui::Color32::from_rgb(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
    )
}
