// A board's flat colours (client::shell::flat_colour): the vertex colour times the material's
// colour, written as it is. Bevy's own 2D materials also run the camera's tone mapping here,
// which for a board without HDR changes nothing but costs a software renderer dearly.
#import bevy_sprite::mesh2d_vertex_output::VertexOutput

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> colour: vec4<f32>;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef VERTEX_COLORS
    return in.color * colour;
#else
    return colour;
#endif
}
