//! The pieces on the board, painted by egui over the map so they keep their size on screen at
//! any zoom: towns (a disc, larger for a large town) and vassals (a diamond) in their owner's
//! colour, with a thick red rim and a red centre while they show the unrest side; Rebel Towns
//! (a black triangle); army and fleet stacks (a box in the realm's colour with the number of
//! units, rebels in black); claims (hollow squares) and core tokens (filled squares) under
//! each area's centre, influence cubes (a small cube with the count) beside them; CB tokens as
//! a small "CB" flag on the target's capital; the Crusade token (a red cross) and the Active
//! Power Struggles' Battleground Areas (a gold "PS" tag); and lines between capitals for
//! alliances, royal marriages, truces and wars, with a legend in the corner.
//!
//! What stands where is read from the game once per change (`TokenView`) and painted every
//! frame from that, so an idle frame costs only the painting.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::discs::rimmed_disc;
use crate::rulesets::pop::model::{
    Alliance, At, CasusBelli, Claim, CoreToken, Holdings, Influence, Marriage, NonPlayerRealm,
    PlayerRealm, Realm, RebelTown, TokenOf, Town, Truce, Unit, UnitKind, UnitOf, UnitStatus,
    Unrest, Vassal, War,
};
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::camera::ScreenMap;
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot};
use crate::rulesets::pop::window::palette;
use crate::rulesets::pop::window::places::BoardPlaces;
use crate::rulesets::pop::window::session::{ActiveGame, SessionSet};

pub struct TokenMarkersPlugin;

impl Plugin for TokenMarkersPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TokenView>()
            .add_systems(
                Update,
                read_tokens
                    .after(SessionSet::Advance)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                paint_tokens
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// A town or vassal token on a province.
#[derive(Clone, Debug)]
pub struct TownPiece {
    pub at: Vec2,
    pub colour: egui::Color32,
    pub large: bool,
    pub vassal: bool,
    pub unrest: bool,
}

/// All units of one side in one area or sea zone.
#[derive(Clone, Debug)]
pub struct Stack {
    pub at: Vec2,
    /// `None` for rebels.
    pub colour: Option<egui::Color32>,
    pub count: usize,
    pub fleet: bool,
    /// Position among the stacks in the same place, left to right.
    pub slot: usize,
}

/// A line between two capitals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bond {
    Alliance,
    Marriage,
    Truce,
    War,
}

/// What stands on the board, read once per game change.
#[derive(Resource, Default)]
pub struct TokenView {
    revision: u64,
    pub towns: Vec<TownPiece>,
    pub rebel_towns: Vec<Vec2>,
    pub stacks: Vec<Stack>,
    /// Claims and core tokens: place, realm colour, core.
    pub area_marks: Vec<(Vec2, egui::Color32, bool)>,
    /// Influence cubes: place, realm colour, count.
    pub influence: Vec<(Vec2, egui::Color32, u8)>,
    /// CB tokens on a capital, in the holder's colour.
    pub cbs: Vec<(Vec2, egui::Color32)>,
    /// The area with the Crusade token.
    pub crusade: Option<Vec2>,
    /// Battleground Areas of the Active Power Struggles.
    pub battlegrounds: Vec<Vec2>,
    pub bonds: Vec<(Vec2, Vec2, Bond)>,
}

pub fn realm_egui_colour(world: &World, realm: Entity) -> egui::Color32 {
    let Some(def) = world.get::<Realm>(realm) else {
        return egui::Color32::GRAY;
    };
    let player =
        world.get::<PlayerRealm>(realm).is_some() && world.get::<NonPlayerRealm>(realm).is_none();
    palette::egui_colour(palette::realm_colour(def.colour, player))
}

fn is_fleet(kind: UnitKind) -> bool {
    matches!(
        kind,
        UnitKind::LightShip | UnitKind::HeavyShip | UnitKind::Galley
    )
}

impl TokenView {
    /// Reads every piece from the game (the game lends its world read-only, hence `try_query`:
    /// `None` only while no entity ever had the component).
    pub fn read(world: &World, places: &BoardPlaces) -> TokenView {
        let mut view = TokenView::default();
        let index = world.resource::<Index>();
        for (key, at) in &places.province {
            let Some(province) = index.get(key) else {
                continue;
            };
            if world.get::<RebelTown>(province).is_some() {
                view.rebel_towns.push(*at);
            }
            let Some(holdings) = world.get::<Holdings>(province) else {
                continue;
            };
            for token in holdings.iter() {
                let town = world.get::<Town>(token).copied();
                let vassal = world.get::<Vassal>(token).is_some();
                if town.is_none() && !vassal {
                    continue;
                }
                let colour = world
                    .get::<TokenOf>(token)
                    .map_or(egui::Color32::WHITE, |o| realm_egui_colour(world, o.0));
                view.towns.push(TownPiece {
                    at: *at,
                    colour,
                    large: town.is_some_and(|t| t.large),
                    vassal,
                    unrest: world.get::<Unrest>(token).is_some(),
                });
            }
        }
        // One stack per (place, side, army or fleet); the BTreeMap keeps the order stable so
        // stacks do not swap places between frames.
        let mut stacks: BTreeMap<(u32, u32, bool), (Vec2, Option<egui::Color32>, usize)> =
            BTreeMap::new();
        if let Some(mut units) = world.try_query::<(&Unit, &At, Option<&UnitOf>)>() {
            for (unit, at, of) in units.iter(world) {
                let Some(place) = places.of_entity(world, at.0) else {
                    continue;
                };
                let side = of.filter(|_| unit.status != UnitStatus::Rebel).map(|o| o.0);
                let colour = side.map(|s| realm_egui_colour(world, s));
                let side_id = side.map_or(u32::MAX, |s| s.index_u32());
                stacks
                    .entry((at.0.index_u32(), side_id, is_fleet(unit.kind)))
                    .or_insert((place, colour, 0))
                    .2 += 1;
            }
        }
        let mut slot: BTreeMap<u32, usize> = BTreeMap::new();
        for ((place_id, _, fleet), (at, colour, count)) in stacks {
            let n = slot.entry(place_id).or_default();
            view.stacks.push(Stack {
                at,
                colour,
                count,
                fleet,
                slot: *n,
            });
            *n += 1;
        }
        let mut marks: Vec<(Entity, Entity, bool)> = Vec::new();
        if let Some(mut q) = world.try_query::<&Claim>() {
            marks.extend(q.iter(world).map(|c| (c.area, c.realm, false)));
        }
        if let Some(mut q) = world.try_query::<&CoreToken>() {
            marks.extend(q.iter(world).map(|c| (c.area, c.realm, true)));
        }
        for (area, realm, core) in marks {
            if let Some(at) = places.of_entity(world, area) {
                view.area_marks
                    .push((at, realm_egui_colour(world, realm), core));
            }
        }
        if let Some(mut q) = world.try_query::<&Influence>() {
            for cubes in q.iter(world).filter(|i| i.count > 0) {
                if let Some(at) = places.of_entity(world, cubes.area) {
                    let colour = realm_egui_colour(world, cubes.realm);
                    view.influence.push((at, colour, cubes.count));
                }
            }
        }
        if let Some(mut q) = world.try_query::<&CasusBelli>() {
            for cb in q.iter(world) {
                if let Some(at) = places.of_entity(world, cb.target) {
                    view.cbs.push((at, realm_egui_colour(world, cb.holder)));
                }
            }
        }
        let area_at = |id: &str| index.get(id).and_then(|area| places.of_entity(world, area));
        let curia = world.resource::<crate::rulesets::pop::rules::curia::Curia>();
        view.crusade = curia.crusade.as_deref().and_then(area_at);
        let content = &world.resource::<crate::rulesets::pop::state::Content>().0;
        let struggles = world.resource::<crate::rulesets::pop::rules::struggle::PowerStruggles>();
        for card in &struggles.active {
            if let Some(def) = content.power_struggles.get(*card) {
                view.battlegrounds
                    .extend(def.battlegrounds.iter().filter_map(|a| area_at(a)));
            }
        }
        let mut pairs: Vec<(Entity, Entity, Bond)> = Vec::new();
        if let Some(mut q) = world.try_query::<&Alliance>() {
            pairs.extend(q.iter(world).map(|a| (a.a, a.b, Bond::Alliance)));
        }
        if let Some(mut q) = world.try_query::<&Marriage>() {
            pairs.extend(q.iter(world).map(|m| (m.a, m.b, Bond::Marriage)));
        }
        if let Some(mut q) = world.try_query::<&Truce>() {
            pairs.extend(q.iter(world).map(|t| (t.a, t.b, Bond::Truce)));
        }
        if let Some(mut q) = world.try_query::<&War>() {
            pairs.extend(q.iter(world).map(|w| (w.attacker, w.defender, Bond::War)));
        }
        for (a, b, bond) in pairs {
            if let (Some(pa), Some(pb)) = (places.of_entity(world, a), places.of_entity(world, b)) {
                view.bonds.push((pa, pb, bond));
            }
        }
        view
    }
}

fn read_tokens(
    game: Option<NonSend<ActiveGame>>,
    places: Option<Res<BoardPlaces>>,
    mut view: ResMut<TokenView>,
) {
    let (Some(game), Some(places)) = (game, places) else {
        return;
    };
    if view.revision == game.revision {
        return;
    }
    let mut read = TokenView::read(game.game.world(), &places);
    read.revision = game.revision;
    *view = read;
}

pub const INK: egui::Color32 = egui::Color32::from_rgb(30, 26, 22);
const RED: egui::Color32 = egui::Color32::from_rgb(220, 24, 16);
const GOLD: egui::Color32 = egui::Color32::from_rgb(228, 180, 40);

fn bond_stroke(bond: Bond) -> (egui::Stroke, bool) {
    match bond {
        Bond::Alliance => (
            egui::Stroke::new(2.5, egui::Color32::from_rgb(40, 150, 60)),
            false,
        ),
        Bond::Marriage => (
            egui::Stroke::new(2.0, egui::Color32::from_rgb(200, 80, 190)),
            true,
        ),
        Bond::Truce => (
            egui::Stroke::new(2.0, egui::Color32::from_rgb(245, 245, 240)),
            true,
        ),
        Bond::War => (egui::Stroke::new(3.0, RED), false),
    }
}

/// A painter for the part of the window the board has, above the map and below windows.
pub fn board_painter(ctx: &egui::Context, free: &FreeRect, name: &str) -> egui::Painter {
    ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new(name),
    ))
    .with_clip_rect(free.rect)
}

pub fn pos(map: &ScreenMap, at: Vec2) -> egui::Pos2 {
    let p = map.to_screen(at);
    egui::pos2(p.x, p.y)
}

pub fn paint_tokens(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    map: Res<ScreenMap>,
    view: Res<TokenView>,
    playback: Res<crate::rulesets::pop::window::animation::Playback>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !free.ready {
        return Ok(());
    }
    let painter = board_painter(ctx, &free, "board_tokens");
    let font = egui::FontId::proportional(11.0);
    for (a, b, bond) in &view.bonds {
        let (stroke, dashed) = bond_stroke(*bond);
        let points = [pos(&map, *a), pos(&map, *b)];
        if dashed {
            painter.extend(egui::Shape::dashed_line(&points, stroke, 6.0, 4.0));
        } else {
            painter.line_segment(points, stroke);
        }
    }
    // Claims and cores: a row of small squares under the area's centre, per area.
    let mut per_area: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    for (at, colour, core) in &view.area_marks {
        let key = ((at.x * 10.0) as i64, (at.y * 10.0) as i64);
        let n = per_area.entry(key).or_default();
        let centre = pos(&map, *at) + egui::vec2(-14.0 + 9.0 * *n as f32, 14.0);
        *n += 1;
        let rect = egui::Rect::from_center_size(centre, egui::vec2(7.0, 7.0));
        if *core {
            painter.rect_filled(rect, 0.0, *colour);
            painter.rect_stroke(
                rect,
                0.0,
                egui::Stroke::new(1.0, INK),
                egui::StrokeKind::Outside,
            );
        } else {
            painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
            painter.rect_stroke(
                rect,
                0.0,
                egui::Stroke::new(2.0, *colour),
                egui::StrokeKind::Inside,
            );
        }
    }
    // Influence: a small cube per realm with its count, above the area's centre.
    let mut per_area: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    for (at, colour, count) in &view.influence {
        let key = ((at.x * 10.0) as i64, (at.y * 10.0) as i64);
        let n = per_area.entry(key).or_default();
        let centre = pos(&map, *at) + egui::vec2(-14.0 + 13.0 * *n as f32, 26.0);
        *n += 1;
        let rect = egui::Rect::from_center_size(centre, egui::vec2(11.0, 11.0));
        count_box(
            &painter,
            rect,
            2.0,
            (*colour, readable_on(*colour)),
            *count as usize,
            &egui::FontId::proportional(9.0),
        );
    }
    for piece in &view.towns {
        let c = pos(&map, piece.at);
        let r = if piece.large { 6.0 } else { 4.5 };
        let rim = if piece.unrest {
            egui::Stroke::new(2.5, RED)
        } else {
            egui::Stroke::new(1.2, INK)
        };
        if piece.vassal {
            let d = r + 1.0;
            let shape = vec![
                c + egui::vec2(0.0, -d),
                c + egui::vec2(d, 0.0),
                c + egui::vec2(0.0, d),
                c + egui::vec2(-d, 0.0),
            ];
            painter.add(egui::Shape::convex_polygon(shape, piece.colour, rim));
        } else {
            rimmed_disc(&painter, c, r, piece.colour, rim);
        }
        if piece.unrest {
            painter.circle_filled(c, 1.8, RED);
        }
    }
    for at in &view.rebel_towns {
        let c = pos(&map, *at) + egui::vec2(8.0, -4.0);
        let shape = vec![
            c + egui::vec2(0.0, -6.0),
            c + egui::vec2(5.5, 4.0),
            c + egui::vec2(-5.5, 4.0),
        ];
        painter.add(egui::Shape::convex_polygon(
            shape,
            INK,
            egui::Stroke::new(1.5, RED),
        ));
    }
    for (at, colour) in &view.cbs {
        let c = pos(&map, *at) + egui::vec2(-16.0, -10.0);
        text_tag(&painter, c, *colour, readable_on(*colour), "CB");
    }
    if let Some(at) = view.crusade {
        // A white tag with a red cross, left of the area's centre.
        let c = pos(&map, at) + egui::vec2(-26.0, 2.0);
        let rect = egui::Rect::from_center_size(c, egui::vec2(12.0, 12.0));
        painter.rect_filled(rect, 1.0, egui::Color32::WHITE);
        painter.rect_stroke(
            rect,
            1.0,
            egui::Stroke::new(1.0, INK),
            egui::StrokeKind::Outside,
        );
        let bar = egui::Stroke::new(2.5, RED);
        painter.line_segment([c + egui::vec2(0.0, -5.0), c + egui::vec2(0.0, 5.0)], bar);
        painter.line_segment([c + egui::vec2(-4.0, -1.0), c + egui::vec2(4.0, -1.0)], bar);
    }
    for at in &view.battlegrounds {
        // A gold tag, right of the area's centre.
        let c = pos(&map, *at) + egui::vec2(24.0, 2.0);
        text_tag(&painter, c, GOLD, INK, "PS");
    }
    for stack in &view.stacks {
        // A stack still marching there is drawn on its way by the animation instead.
        if stack
            .colour
            .is_some_and(|c| playback.arriving(stack.at, c, stack.fleet))
        {
            continue;
        }
        let c = pos(&map, stack.at) + egui::vec2(-10.0 + 24.0 * stack.slot as f32, -16.0);
        paint_stack(&painter, c, stack.colour, stack.count, stack.fleet, &font);
    }
    if !view.bonds.is_empty() {
        legend(&painter, &free, &view);
    }
    Ok(())
}

/// A small flag with two letters on it (a CB token, a battleground tag).
fn text_tag(
    painter: &egui::Painter,
    centre: egui::Pos2,
    fill: egui::Color32,
    ink: egui::Color32,
    text: &str,
) {
    let rect = egui::Rect::from_center_size(centre, egui::vec2(17.0, 11.0));
    painter.rect_filled(rect, 1.0, fill);
    painter.rect_stroke(
        rect,
        1.0,
        egui::Stroke::new(1.0, INK),
        egui::StrokeKind::Outside,
    );
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(9.0),
        ink,
    );
}

/// An army (square corners) or fleet (rounded ends) box in its realm's colour, black for
/// rebels, with the number of units.
pub fn paint_stack(
    painter: &egui::Painter,
    centre: egui::Pos2,
    colour: Option<egui::Color32>,
    count: usize,
    fleet: bool,
    font: &egui::FontId,
) {
    let size = if fleet {
        egui::vec2(22.0, 13.0)
    } else {
        egui::vec2(20.0, 14.0)
    };
    let rect = egui::Rect::from_center_size(centre, size);
    let colours = match colour {
        Some(colour) => (colour, readable_on(colour)),
        None => (INK, RED),
    };
    let corner = if fleet { 6.0 } else { 1.0 };
    count_box(painter, rect, corner, colours, count, font);
}

/// A filled, ink-rimmed box with a number in it: (fill, text) colours.
fn count_box(
    painter: &egui::Painter,
    rect: egui::Rect,
    corner: f32,
    (fill, text): (egui::Color32, egui::Color32),
    count: usize,
    font: &egui::FontId,
) {
    painter.rect_filled(rect, corner, fill);
    painter.rect_stroke(
        rect,
        corner,
        egui::Stroke::new(1.0, INK),
        egui::StrokeKind::Outside,
    );
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        count.to_string(),
        font.clone(),
        text,
    );
}

/// Black or white text, whichever reads on the colour.
pub fn readable_on(c: egui::Color32) -> egui::Color32 {
    let l = 0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b());
    if l > 140.0 { INK } else { egui::Color32::WHITE }
}

/// What the lines between capitals mean, in the board's lower-left corner.
fn legend(painter: &egui::Painter, free: &FreeRect, view: &TokenView) {
    let mut kinds: Vec<Bond> = view.bonds.iter().map(|b| b.2).collect();
    kinds.sort();
    kinds.dedup();
    let font = egui::FontId::proportional(12.0);
    let row = 16.0;
    let height = row * kinds.len() as f32 + 8.0;
    let min = egui::pos2(free.rect.left() + 8.0, free.rect.bottom() - height - 8.0);
    let rect = egui::Rect::from_min_size(min, egui::vec2(118.0, height));
    painter.rect_filled(rect, 4.0, egui::Color32::from_black_alpha(150));
    for (i, bond) in kinds.iter().enumerate() {
        let y = min.y + 4.0 + row * (i as f32 + 0.5);
        let (stroke, dashed) = bond_stroke(*bond);
        let points = [egui::pos2(min.x + 8.0, y), egui::pos2(min.x + 34.0, y)];
        if dashed {
            painter.extend(egui::Shape::dashed_line(&points, stroke, 6.0, 4.0));
        } else {
            painter.line_segment(points, stroke);
        }
        let name = match bond {
            Bond::Alliance => "Alliance",
            Bond::Marriage => "Royal marriage",
            Bond::Truce => "Truce",
            Bond::War => "War",
        };
        painter.text(
            egui::pos2(min.x + 42.0, y),
            egui::Align2::LEFT_CENTER,
            name,
            font.clone(),
            egui::Color32::WHITE,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::content::default_scenario;
    use crate::rulesets::pop::model::{Unit, UnitKind, UnitStatus};
    use crate::rulesets::pop::state::spawn_sim;
    use crate::rulesets::pop::{Game, GameSetup};

    #[test]
    fn units_stack_per_realm_and_place_and_rebels_stand_apart() {
        let mut game = Game::new(default_scenario(), GameSetup::default(), 7).expect("plays");
        let places = BoardPlaces::new(game.scenario());
        let area_id = game.scenario().map.areas[0].id;
        let world = game.world_mut();
        let area = world.resource::<Index>().get(area_id).expect("area");
        let fra = world.resource::<Index>().get("FRA").expect("France");
        let unit = |status| Unit {
            kind: UnitKind::Infantry,
            status,
            damaged: false,
        };
        for _ in 0..3 {
            spawn_sim(
                world,
                None,
                (unit(UnitStatus::Regular), UnitOf(fra), At(area)),
            );
        }
        spawn_sim(world, None, (unit(UnitStatus::Rebel), At(area)));
        let view = TokenView::read(game.world(), &places);
        let mut counts: Vec<(usize, bool)> = view
            .stacks
            .iter()
            .map(|s| (s.count, s.colour.is_some()))
            .collect();
        counts.sort();
        assert_eq!(counts, vec![(1, false), (3, true)]);
        assert_eq!(view.stacks[0].at, places.area[area_id.as_str()]);
        assert!(
            !view.towns.is_empty(),
            "the scenario's towns are on the board"
        );
    }

    #[test]
    fn the_crusade_token_and_active_battlegrounds_are_read_onto_their_areas() {
        let mut game = Game::new(default_scenario(), GameSetup::default(), 7).expect("plays");
        let places = BoardPlaces::new(game.scenario());
        assert!(TokenView::read(game.world(), &places).crusade.is_none());
        let card = game.scenario().power_struggles[0].clone();
        let area_id = game.scenario().map.areas[0].id;
        let world = game.world_mut();
        world
            .resource_mut::<crate::rulesets::pop::rules::curia::Curia>()
            .crusade = Some(area_id);
        world
            .resource_mut::<crate::rulesets::pop::rules::struggle::PowerStruggles>()
            .active = vec![0];
        let view = TokenView::read(game.world(), &places);
        assert_eq!(view.crusade, Some(places.area[area_id.as_str()]));
        let expected: Vec<Vec2> = card
            .battlegrounds
            .iter()
            .map(|a| places.area[a.as_str()])
            .collect();
        assert_eq!(view.battlegrounds, expected);
    }
}
