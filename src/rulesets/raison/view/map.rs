//! The map of Raison d'Etat's window, drawn with egui: real coastlines (the land mask
//! `assets/rde/europe_land.txt`, made by `tools/rde_land.py`) with every land pixel given to the
//! nearest Territory, coloured by who controls it and striped with the colours of the Powers a
//! Disputed Territory belongs to; sea lanes as dashed lines; each Territory's value, capital and
//! elector marks; Garrisons, Fortresses and Generals with their Units. Drag pans, the wheel
//! zooms, a click selects a Territory (the decision panel then shows only its actions).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::shell::discs::rimmed_disc;
use crate::rulesets::raison::content::Scenario;
use crate::rulesets::raison::content::schema::TerritoryKind;
use crate::rulesets::raison::snapshot::Snapshot;

/// The land mask, embedded so the window needs no files beside the binary.
const LAND: &str = include_str!("../../../../assets/rde/europe_land.txt");

/// Which Territory each pixel of the land mask belongs to, for one scenario.
pub struct Raster {
    pub width: usize,
    pub height: usize,
    west: f32,
    east: f32,
    south: f32,
    north: f32,
    /// The Territory of each pixel (`u16::MAX`: sea).
    cell: Vec<u16>,
    /// Pixels on a border between Territories or on a coast.
    edge: Vec<bool>,
}

impl Raster {
    pub fn build(s: &Scenario) -> Raster {
        let mut lines = LAND.lines();
        let head: Vec<f32> = lines
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        let (west, east, south, north) = (head[0], head[1], head[2], head[3]);
        let (width, height) = (head[4] as usize, head[5] as usize);
        let mut r = Raster {
            width,
            height,
            west,
            east,
            south,
            north,
            cell: vec![u16::MAX; width * height],
            edge: vec![false; width * height],
        };
        let points: Vec<(f32, f32)> = s.territories.iter().map(|t| r.project(t.at)).collect();
        for (y, line) in lines.take(height).enumerate() {
            let mut x = 0usize;
            let mut land = false;
            for run in line
                .split_whitespace()
                .filter_map(|n| n.parse::<usize>().ok())
            {
                if land {
                    for px in x..(x + run).min(width) {
                        let (fx, fy) = (px as f32 + 0.5, y as f32 + 0.5);
                        let nearest = points
                            .iter()
                            .enumerate()
                            .min_by(|a, b| {
                                let da = (a.1.0 - fx).powi(2) + (a.1.1 - fy).powi(2);
                                let db = (b.1.0 - fx).powi(2) + (b.1.1 - fy).powi(2);
                                da.total_cmp(&db)
                            })
                            .map_or(u16::MAX, |(i, _)| i as u16);
                        r.cell[y * width + px] = nearest;
                    }
                }
                x += run;
                land = !land;
            }
        }
        for y in 0..height {
            for x in 0..width {
                let c = r.cell[y * width + x];
                if c == u16::MAX {
                    continue;
                }
                let right = if x + 1 < width {
                    r.cell[y * width + x + 1]
                } else {
                    c
                };
                let down = if y + 1 < height {
                    r.cell[(y + 1) * width + x]
                } else {
                    c
                };
                r.edge[y * width + x] = right != c || down != c;
            }
        }
        r
    }

    /// A (longitude, latitude) point in pixels of the mask.
    pub fn project(&self, at: (f32, f32)) -> (f32, f32) {
        (
            (at.0 - self.west) / (self.east - self.west) * self.width as f32,
            (self.north - at.1) / (self.north - self.south) * self.height as f32,
        )
    }

    pub fn territory_at(&self, x: f32, y: f32) -> Option<u16> {
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (x, y) = (x as usize, y as usize);
        if x >= self.width || y >= self.height {
            return None;
        }
        let c = self.cell[y * self.width + x];
        (c != u16::MAX).then_some(c)
    }
}

/// The colour of a Power.
pub fn power_colour(s: &Scenario, id: &str) -> egui::Color32 {
    s.powers
        .iter()
        .find(|p| p.id == id)
        .map_or(egui::Color32::GRAY, |p| {
            egui::Color32::from_rgb(p.colour.0, p.colour.1, p.colour.2)
        })
}

fn mix(a: egui::Color32, b: egui::Color32, t: f32) -> egui::Color32 {
    let m = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t) as u8;
    egui::Color32::from_rgb(m(a.r(), b.r()), m(a.g(), b.g()), m(a.b(), b.b()))
}

const PARCHMENT: egui::Color32 = egui::Color32::from_rgb(222, 212, 186);
const SEA: egui::Color32 = egui::Color32::from_rgb(38, 58, 84);
const EDGE: egui::Color32 = egui::Color32::from_rgb(70, 58, 44);

/// The map's picture for the state in `view`.
pub fn paint(r: &Raster, s: &Scenario, view: &Snapshot) -> egui::ColorImage {
    let fills: Vec<egui::Color32> = view
        .territories
        .iter()
        .map(|t| match &t.controller {
            Some(c) => mix(PARCHMENT, power_colour(s, c), 0.62),
            None => PARCHMENT,
        })
        .collect();
    let stripes: Vec<Vec<egui::Color32>> = s
        .territories
        .iter()
        .map(|t| match &t.kind {
            TerritoryKind::Disputed(ps) => ps.iter().map(|p| power_colour(s, p)).collect(),
            _ => Vec::new(),
        })
        .collect();
    let mut pixels = vec![SEA; r.width * r.height];
    for y in 0..r.height {
        for x in 0..r.width {
            let i = y * r.width + x;
            let c = r.cell[i];
            if c == u16::MAX {
                continue;
            }
            let c = c as usize;
            pixels[i] = if r.edge[i] {
                EDGE
            } else if !stripes[c].is_empty() && (x + y) % 7 < 2 {
                let n = stripes[c].len();
                mix(fills[c], stripes[c][((x + y) / 14) % n], 0.8)
            } else {
                fills[c]
            };
        }
    }
    egui::ColorImage::new([r.width, r.height], pixels)
}

/// The ring around a Territory a hovered choice is about (22).
const LIT: egui::Color32 = egui::Color32::from_rgb(255, 214, 51);

/// The map's camera and what the pointer is on.
#[derive(Resource)]
pub struct MapState {
    pub raster: Option<(u64, Raster)>,
    pub texture: Option<((u64, u64), egui::TextureHandle)>,
    pub zoom: f32,
    pub pan: egui::Vec2,
    pub hovered: Option<u16>,
    pub selected: Option<u16>,
    /// Territories of the choice under the pointer in the decision panel (22).
    pub lit: Vec<u16>,
}

impl Default for MapState {
    fn default() -> Self {
        Self {
            raster: None,
            texture: None,
            zoom: 1.0,
            pan: egui::Vec2::ZERO,
            hovered: None,
            selected: None,
            lit: Vec::new(),
        }
    }
}

/// Draws the map into the remaining space of `ui`.
pub fn draw(
    ui: &mut egui::Ui,
    state: &mut MapState,
    s: &Scenario,
    view: &Snapshot,
    generation: u64,
    revision: u64,
) {
    if state.raster.as_ref().is_none_or(|(g, _)| *g != generation) {
        state.raster = Some((generation, Raster::build(s)));
        state.texture = None;
        state.selected = None;
    }
    let raster = &state.raster.as_ref().expect("just built").1;
    if state
        .texture
        .as_ref()
        .is_none_or(|(k, _)| *k != (generation, revision))
    {
        let image = paint(raster, s, view);
        let handle = ui
            .ctx()
            .load_texture("rde_map", image, egui::TextureOptions::LINEAR);
        state.texture = Some(((generation, revision), handle));
    }
    let texture = state.texture.as_ref().expect("just painted").1.id();
    let area = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(area, egui::Sense::click_and_drag());
    if response.dragged() {
        state.pan += response.drag_delta();
    }
    if response.hovered() {
        let scroll = ui.ctx().input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            let before = state.zoom;
            state.zoom = (state.zoom * (scroll * 0.002).exp()).clamp(0.8, 6.0);
            // Zoom about the pointer.
            if let Some(p) = response.hover_pos() {
                let centre = area.center() + state.pan;
                let k = state.zoom / before;
                state.pan += (p - centre) * (1.0 - k);
            }
        }
    }
    let fit = (area.width() / raster.width as f32).min(area.height() / raster.height as f32);
    let scale = fit * state.zoom;
    let size = egui::vec2(raster.width as f32, raster.height as f32) * scale;
    let rect = egui::Rect::from_center_size(area.center() + state.pan, size);
    let painter = ui.painter_at(area);
    painter.rect_filled(area, 0.0, SEA);
    painter.image(
        texture,
        rect,
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        egui::Color32::WHITE,
    );
    let to_screen = |at: (f32, f32)| {
        let (x, y) = raster.project(at);
        rect.min + egui::vec2(x, y) * scale
    };
    state.hovered = response.hover_pos().and_then(|p| {
        let local = (p - rect.min) / scale;
        raster.territory_at(local.x, local.y)
    });
    if response.clicked() {
        state.selected = match (state.hovered, state.selected) {
            (Some(h), Some(s)) if h == s => None,
            (h, _) => h,
        };
    }
    // Sea lanes.
    for lane in &s.sea_lanes {
        let ends: Vec<egui::Pos2> = [&lane.ends.0, &lane.ends.1]
            .iter()
            .filter_map(|id| s.territories.iter().find(|t| t.id == **id))
            .map(|t| to_screen(t.at))
            .collect();
        if ends.len() == 2 {
            painter.extend(egui::Shape::dashed_line(
                &ends,
                egui::Stroke::new(1.5, egui::Color32::from_rgb(150, 200, 235)),
                6.0,
                4.0,
            ));
        }
    }
    let small = egui::FontId::proportional(10.0);
    let capitals: Vec<&str> = s.powers.iter().map(|p| p.capital.as_str()).collect();
    for (i, t) in s.territories.iter().enumerate() {
        let at = to_screen(t.at);
        let state_t = &view.territories[i];
        if state.selected == Some(i as u16) {
            painter.circle_stroke(at, 16.0, egui::Stroke::new(2.5, egui::Color32::WHITE));
        }
        if state.lit.contains(&(i as u16)) {
            painter.circle_stroke(at, 20.0, egui::Stroke::new(3.0, LIT));
        }
        // The value, ringed in gold at a capital; an elector's E beside it.
        let ring = if capitals.contains(&t.id.as_str()) {
            egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 190, 60))
        } else {
            egui::Stroke::new(1.0, EDGE)
        };
        rimmed_disc(
            &painter,
            at,
            7.0,
            egui::Color32::from_rgb(250, 246, 232),
            ring,
        );
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            t.value.to_string(),
            small.clone(),
            egui::Color32::BLACK,
        );
        if t.elector {
            let e = at + egui::vec2(-11.0, -9.0);
            painter.circle_filled(e, 5.0, egui::Color32::from_rgb(120, 60, 150));
            painter.text(
                e,
                egui::Align2::CENTER_CENTER,
                "E",
                egui::FontId::proportional(8.0),
                egui::Color32::WHITE,
            );
        }
        if let Some(g) = &state_t.garrison {
            let r = egui::Rect::from_center_size(at + egui::vec2(-10.0, 9.0), egui::vec2(8.0, 8.0));
            painter.rect_filled(r, 1.0, power_colour(s, g));
            painter.rect_stroke(
                r,
                1.0,
                egui::Stroke::new(1.0, egui::Color32::BLACK),
                egui::StrokeKind::Outside,
            );
        }
        if state_t.fortress {
            let r = egui::Rect::from_center_size(at + egui::vec2(0.0, 11.0), egui::vec2(9.0, 7.0));
            painter.rect_filled(r, 0.0, egui::Color32::from_rgb(90, 90, 95));
            painter.rect_stroke(
                r,
                0.0,
                egui::Stroke::new(1.0, egui::Color32::WHITE),
                egui::StrokeKind::Outside,
            );
        }
        if state.zoom >= 1.6 {
            painter.text(
                at + egui::vec2(0.0, -10.0),
                egui::Align2::CENTER_BOTTOM,
                &t.name,
                small.clone(),
                egui::Color32::from_rgb(30, 25, 20),
            );
        }
        // Generals standing here, side by side: the Power's colour and the Units they lead.
        let here: Vec<_> = view
            .generals
            .iter()
            .filter(|g| g.at.as_deref() == Some(t.id.as_str()))
            .collect();
        for (k, g) in here.iter().enumerate() {
            let c = at + egui::vec2(12.0 + 15.0 * k as f32, -2.0);
            rimmed_disc(
                &painter,
                c,
                7.5,
                power_colour(s, &g.power),
                egui::Stroke::new(1.5, egui::Color32::BLACK),
            );
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                g.units.to_string(),
                egui::FontId::proportional(10.0),
                egui::Color32::WHITE,
            );
        }
    }
    if let Some(h) = state.hovered {
        let t = &s.territories[h as usize];
        let st = &view.territories[h as usize];
        let kind = match &t.kind {
            TerritoryKind::Home(p) => format!("Home of {}", super::describe::power(s, p)),
            TerritoryKind::Undisputed => "Undisputed".into(),
            TerritoryKind::Disputed(ps) => format!("Disputed, striped {}", ps.join("/")),
        };
        let generals: Vec<String> = view
            .generals
            .iter()
            .filter(|g| g.at.as_deref() == Some(t.id.as_str()))
            .map(|g| {
                let name = s
                    .powers
                    .iter()
                    .flat_map(|p| &p.generals)
                    .find(|x| x.id == g.id)
                    .map_or(g.id.as_str(), |x| x.name.as_str());
                format!("{name} ({}, {} Units)", g.power, g.units)
            })
            .collect();
        response.on_hover_ui_at_pointer(|ui| {
            ui.strong(&t.name);
            ui.label(format!(
                "{kind}, value {}{}",
                t.value,
                if t.elector { ", an elector" } else { "" }
            ));
            ui.label(format!(
                "Controlled by {}",
                st.controller
                    .as_deref()
                    .map_or("nobody".into(), |c| super::describe::power(s, c)
                        .to_string())
            ));
            if let Some(g) = &st.garrison {
                ui.label(format!(
                    "Garrison of {g}{}",
                    if st.fortress { ", with a Fortress" } else { "" }
                ));
            } else if st.fortress {
                ui.label("A Fortress");
            }
            for g in generals {
                ui.label(g);
            }
        });
    }
}
