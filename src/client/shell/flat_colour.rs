//! The material every board's meshes are drawn with: a flat colour (times the mesh's vertex
//! colours, where it has them), as Bevy's `ColorMaterial` draws it, without the tone mapping
//! that Bevy's 2D materials run for every pixel.
//!
//! The windows draw without HDR and with Bevy's default `Tonemapping::None`, so that step
//! (an exposure applied with `pow` and a saturation, both neutral here) never changes a pixel;
//! but a software renderer (Mesa's lavapipe under a virtual display, the window tests' renderer)
//! pays for it on every pixel of the map, and the 1444 board's fill was then the largest single
//! cost of a frame (issue 18). The same board drawn with this material is identical pixel for
//! pixel (a screenshot compared with the `ColorMaterial` one differs in 0 pixels).

use bevy::asset::embedded_asset;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use bevy::sprite_render::{AlphaMode2d, Material2d, Material2dPlugin};

pub struct FlatColourPlugin;

impl Plugin for FlatColourPlugin {
    fn build(&self, app: &mut App) {
        embedded_asset!(app, "flat_colour.wgsl");
        app.add_plugins(Material2dPlugin::<FlatColour>::default());
    }
}

/// A flat colour for a 2D mesh; a mesh with vertex colours is painted with each vertex's colour
/// times this one (white keeps the vertex colours as they are).
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone, Copy, PartialEq)]
pub struct FlatColour {
    #[uniform(0)]
    pub colour: LinearRgba,
}

impl FlatColour {
    pub fn new(colour: impl Into<Color>) -> Self {
        FlatColour {
            colour: colour.into().to_linear(),
        }
    }
}

/// Sets a material's colour, writing it only when it differs: a written material is prepared
/// for the renderer again, and boards set their colours on every repaint.
pub fn recolour(materials: &mut Assets<FlatColour>, handle: &Handle<FlatColour>, colour: Color) {
    let linear = colour.to_linear();
    if materials.get(handle).is_some_and(|m| m.colour != linear)
        && let Some(mut m) = materials.get_mut(handle)
    {
        m.colour = linear;
    }
}

impl Material2d for FlatColour {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path("embedded://regnum/client/shell/flat_colour.wgsl".into())
    }

    /// Opaque unless the colour is see-through, as `ColorMaterial::from_color` decides.
    fn alpha_mode(&self) -> AlphaMode2d {
        if self.colour.alpha < 1.0 {
            AlphaMode2d::Blend
        } else {
            AlphaMode2d::Opaque
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_is_kept_linear_and_see_through_colours_blend() {
        let grey = FlatColour::new(Color::srgb(0.5, 0.5, 0.5));
        // sRGB 0.5 is about 0.214 in linear light: the shader is handed linear colour, as
        // ColorMaterial's is.
        assert!((grey.colour.red - 0.214).abs() < 0.001);
        assert_eq!(grey.alpha_mode(), AlphaMode2d::Opaque);
        let veil = FlatColour::new(Color::srgba(0.0, 0.0, 0.0, 0.4));
        assert_eq!(veil.alpha_mode(), AlphaMode2d::Blend);
        assert_eq!(FlatColour::new(Color::WHITE).colour, LinearRgba::WHITE);
    }

    #[test]
    fn recolouring_sets_the_colour_in_linear_light() {
        let mut materials = Assets::<FlatColour>::default();
        let handle = materials.add(FlatColour::new(Color::BLACK));
        recolour(&mut materials, &handle, Color::srgb(0.5, 0.5, 0.5));
        let grey = materials.get(&handle).unwrap().colour;
        assert!((grey.red - 0.214).abs() < 0.001);
        // The same colour again leaves it as it is.
        recolour(&mut materials, &handle, Color::srgb(0.5, 0.5, 0.5));
        assert_eq!(materials.get(&handle).unwrap().colour, grey);
    }
}
