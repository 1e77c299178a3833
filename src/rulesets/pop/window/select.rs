//! Pointing at the board: hovering a province shows a tooltip (owner, tax value, cores, towns
//! and unrest, religion, an occupier, units in its area); a click (a press and release without
//! dragging) selects the province and its owner, whose Player Mat the right panel then shows;
//! a click on a sea zone selects it (the choices about fleets there are listed); `Escape`
//! clears the selection. The selected province or sea zone is outlined.
//! With an army's area selected and its marches listed (their destinations outlined), a click
//! on a destination picks that march (or that voyage, for a fleet in port), as a person
//! would pick it from the list.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::pop::Game;
use crate::rulesets::pop::model::{
    Alliance, At, Capital, CasusBelli, Claim, ControlledBy, CoreToken, Holdings, InArea, Influence,
    Marriage, OwnedBy, PrintedCores, Province, RebelTown, TokenOf, Town, Truce, Unit, UnitOf,
    UnitStatus, Unrest, Vassal, War,
};
use crate::rulesets::pop::state::{Index, key_of};
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::camera::{CameraSet, ScreenMap, pointer_on_board};
use crate::rulesets::pop::window::describe::name_of;
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot};
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets};
use crate::rulesets::pop::window::places::BoardPlaces;
use crate::rulesets::pop::window::session::ActiveGame;
use crate::rulesets::pop::window::tokens::{board_painter, pos};

/// A press that moves less than this (logical pixels) before release is a click, not a drag.
const CLICK_SLOP: f32 = 5.0;

pub struct BoardSelectPlugin;

impl Plugin for BoardSelectPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Hover>()
            .init_resource::<Selection>()
            .init_resource::<BoardPick>()
            .init_resource::<Pointed>()
            .add_systems(
                Update,
                (
                    find_hovered_province,
                    select_on_click,
                    clear_selection_on_escape,
                )
                    .chain()
                    .after(CameraSet)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (outline_selection, outline_pointed, show_hover_tooltip)
                    .chain()
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// The province under the pointer, if the pointer is on the board.
#[derive(Resource, Default, Debug)]
pub struct Hover {
    pub province: Option<String>,
    /// The sea zone under the pointer when no province is.
    pub sea: Option<String>,
    pub screen: Vec2,
}

/// What the choice under the pointer in the decision panel is about (22), or the destinations
/// of the marches open to an army clicked on the board: their provinces are outlined.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Pointed(pub Vec<crate::engine::choices::Target>);

/// A march or voyage picked by clicking its destination on the board (22), waiting for the
/// decision panel to send it (or to ask for confirmation first, as a click on the list would).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct BoardPick(pub Option<crate::rulesets::pop::Action>);

/// What the person clicked: a province and its owner, a sea zone, or a realm picked from a
/// panel.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub province: Option<String>,
    pub realm: Option<String>,
    pub sea: Option<String>,
}

fn find_hovered_province(
    window: Single<&Window, With<PrimaryWindow>>,
    free: Res<FreeRect>,
    egui_wants: Res<EguiWantsInput>,
    map: Res<ScreenMap>,
    places: Option<Res<BoardPlaces>>,
    mut hover: ResMut<Hover>,
) {
    let at = window
        .cursor_position()
        .filter(|at| pointer_on_board(*at, &free, &egui_wants));
    let (province, sea) = match (at, places) {
        (Some(at), Some(places)) => {
            let board = map.to_board(at);
            match places.province_at(board) {
                Some(p) => (Some(p.to_string()), None),
                None => (None, places.sea_at(board).map(str::to_string)),
            }
        }
        _ => (None, None),
    };
    if hover.province != province {
        hover.province = province;
    }
    if hover.sea != sea {
        hover.sea = sea;
    }
    if let Some(at) = at {
        hover.screen = at;
    }
}

// A Bevy system: each argument is a system parameter it reads or writes.
#[allow(clippy::too_many_arguments)]
fn select_on_click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    free: Res<FreeRect>,
    egui_wants: Res<EguiWantsInput>,
    hover: Res<Hover>,
    game: Option<NonSend<ActiveGame>>,
    mut selection: ResMut<Selection>,
    mut pick: ResMut<BoardPick>,
    mut pressed_at: Local<Option<Vec2>>,
) {
    let cursor = window.cursor_position();
    if buttons.just_pressed(MouseButton::Left) {
        *pressed_at = cursor.filter(|at| pointer_on_board(*at, &free, &egui_wants));
    }
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    let (Some(from), Some(to)) = (pressed_at.take(), cursor) else {
        return;
    };
    if from.distance(to) > CLICK_SLOP {
        return;
    }
    let Some(game) = game else { return };
    if let Some(action) = march_to_clicked(&game, &selection, &hover) {
        pick.0 = Some(action);
        // The destination stays outlined; the mat stays the person's own, not its owner's.
        selection.set_if_neq(Selection {
            province: hover.province.clone(),
            realm: None,
            sea: hover.sea.clone(),
        });
        return;
    }
    let owner = hover
        .province
        .as_deref()
        .and_then(|p| owner_of(&game.game, p));
    let now = Selection {
        province: hover.province.clone(),
        realm: owner,
        sea: hover.sea.clone(),
    };
    selection.set_if_neq(now);
}

/// The person's march or voyage from the selected province's area (or sea zone) to the place
/// just clicked (a province's area or a sea zone), when it is their turn and that one is legal;
/// where both a march and a voyage go there, a click on land picks the march.
pub fn march_to_clicked(
    game: &ActiveGame,
    selection: &Selection,
    hover: &Hover,
) -> Option<crate::rulesets::pop::Action> {
    if !game.human_turn() {
        return None;
    }
    let g = &game.game;
    let area_of = |p: &str| {
        g.scenario()
            .map
            .provinces
            .iter()
            .find(|d| d.id == p)
            .map(|d| d.area.to_string())
    };
    // From the selected province's area, or from the selected sea zone (a fleet at sea).
    let origin = match (&selection.province, &selection.sea) {
        (Some(p), _) => area_of(p)?,
        (None, Some(sea)) => sea.clone(),
        _ => return None,
    };
    let place = match (&hover.province, &hover.sea) {
        (Some(p), _) => area_of(p)?,
        (None, Some(sea)) => sea.clone(),
        _ => return None,
    };
    if place == origin {
        return None;
    }
    march_between(
        &g.legal_actions(),
        &origin,
        &place,
        hover.province.is_some(),
    )
}

/// Among `legal`, the march or voyage a click picks from `origin` to `place` (an area or a sea
/// zone): the only one between them; where an army may march and a fleet sail between the same
/// two places, the march for a click on land (the voyage stays in the list).
pub fn march_between(
    legal: &[crate::rulesets::pop::Action],
    origin: &str,
    place: &str,
    on_land: bool,
) -> Option<crate::rulesets::pop::Action> {
    use crate::rulesets::pop::Action;
    let marches: Vec<&Action> = legal
        .iter()
        .filter(|a| match a {
            Action::Move { from, to } | Action::Sail { from, to } => from == origin && to == place,
            _ => false,
        })
        .collect();
    match marches.as_slice() {
        [one] => Some((*one).clone()),
        several => several
            .iter()
            .find(|a| on_land && matches!(a, Action::Move { .. }))
            .map(|a| (*a).clone()),
    }
}

fn clear_selection_on_escape(keys: Res<ButtonInput<KeyCode>>, mut selection: ResMut<Selection>) {
    if keys.just_pressed(KeyCode::Escape) {
        selection.set_if_neq(Selection::default());
    }
}

fn owner_of(game: &Game, province: &str) -> Option<String> {
    let world = game.world();
    let p = world.resource::<Index>().get(province)?;
    let owner = world.get::<OwnedBy>(p)?.0;
    Some(key_of(world, owner).to_string())
}

fn outline_selection(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    map: Res<ScreenMap>,
    selection: Res<Selection>,
    scenario: Option<Res<ScenarioAssets>>,
    scenarios: Res<Assets<ScenarioAsset>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(scenario) = scenario.and_then(|s| s.get(&scenarios)) else {
        return Ok(());
    };
    let map_def = &scenario.map;
    let shape = match (&selection.province, &selection.sea) {
        (Some(key), _) => map_def
            .provinces
            .iter()
            .find(|p| p.id == *key)
            .map(|p| &p.shape),
        (None, Some(key)) => map_def
            .sea_zones
            .iter()
            .find(|z| z.id == *key)
            .map(|z| &z.shape),
        _ => None,
    };
    let Some(shape) = shape else {
        return Ok(());
    };
    let painter = board_painter(ctx, &free, "board_selection");
    outline(&painter, &map, shape, egui::Color32::from_rgb(255, 220, 60));
    Ok(())
}

/// Draws a province's or a sea zone's outline (its shape's rings) in `colour` over a dark rim,
/// so it reads on any fill.
fn outline(
    painter: &egui::Painter,
    map: &ScreenMap,
    shape: &[Vec<crate::rulesets::pop::content::schema::Point>],
    colour: egui::Color32,
) {
    for ring in shape {
        let points: Vec<egui::Pos2> = ring
            .iter()
            .map(|(x, y)| pos(map, Vec2::new(*x, *y)))
            .collect();
        painter.add(egui::Shape::closed_line(
            points.clone(),
            egui::Stroke::new(4.0, egui::Color32::from_black_alpha(165)),
        ));
        painter.add(egui::Shape::closed_line(
            points,
            egui::Stroke::new(2.0, colour),
        ));
    }
}

/// Outlines the provinces of the pointed choice's target: a realm's provinces, an area's, one
/// province, the area an army stands in, or the sea zone (or port area) a voyage ends in.
fn outline_pointed(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    map: Res<ScreenMap>,
    pointed: Res<Pointed>,
    game: Option<NonSend<ActiveGame>>,
) -> Result {
    use crate::engine::choices::Target;
    let ctx = contexts.ctx_mut()?;
    let Some(game) = game.filter(|_| !pointed.0.is_empty()) else {
        return Ok(());
    };
    let g = &game.game;
    let world = g.world();
    let owner_of = |id: &str| {
        world
            .resource::<Index>()
            .get(id)
            .and_then(|p| world.get::<OwnedBy>(p))
            .map(|o| key_of(world, o.0))
    };
    let provinces: Vec<&crate::rulesets::pop::content::schema::ProvinceDef> = g
        .scenario()
        .map
        .provinces
        .iter()
        .filter(|p| {
            pointed.0.iter().any(|target| match target {
                Target::Realm(r) => owner_of(&p.id).as_deref() == Some(r.as_str()),
                // A voyage may end in a port's area as well as at sea.
                Target::Area(a) | Target::Force(a) | Target::Sea(a) => p.area == *a,
                Target::Province(id) => p.id == *id,
                Target::Card(_) => false,
            })
        })
        .collect();
    let seas: Vec<&crate::rulesets::pop::content::schema::SeaZoneDef> = g
        .scenario()
        .map
        .sea_zones
        .iter()
        .filter(|z| pointed.0.contains(&Target::Sea(z.id.to_string())))
        .collect();
    if provinces.is_empty() && seas.is_empty() {
        return Ok(());
    }
    let painter = board_painter(ctx, &free, "board_pointed");
    let colour = egui::Color32::from_rgb(120, 230, 255);
    for province in provinces {
        outline(&painter, &map, &province.shape, colour);
    }
    for sea in seas {
        outline(&painter, &map, &sea.shape, colour);
    }
    Ok(())
}

fn show_hover_tooltip(
    mut contexts: EguiContexts,
    hover: Res<Hover>,
    game: Option<NonSend<ActiveGame>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = game else { return Ok(()) };
    let lines = match (hover.province.as_deref(), hover.sea.as_deref()) {
        (Some(province), _) => province_details(&game.game, province),
        (None, Some(sea)) => sea_details(&game.game, sea),
        _ => return Ok(()),
    };
    if lines.is_empty() {
        return Ok(());
    }
    egui::Area::new(egui::Id::new("province_tooltip"))
        .order(egui::Order::Tooltip)
        .fixed_pos(egui::pos2(hover.screen.x + 18.0, hover.screen.y + 18.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(280.0);
                let mut lines = lines.into_iter();
                if let Some(title) = lines.next() {
                    ui.strong(title);
                }
                for line in lines {
                    ui.label(line);
                }
            });
        });
    Ok(())
}

/// Names of the realms in a list of entities, joined.
fn names(game: &Game, realms: impl IntoIterator<Item = Entity>) -> String {
    let world = game.world();
    let mut names: Vec<String> = realms
        .into_iter()
        .map(|r| name_of(game, &key_of(world, r)))
        .collect();
    names.dedup();
    names.join(", ")
}

/// What the tooltip says about a province: its name first, then one fact a line.
pub fn province_details(game: &Game, key: &str) -> Vec<String> {
    let world = game.world();
    let Some(p) = world.resource::<Index>().get(key) else {
        return Vec::new();
    };
    let Some(province) = world.get::<Province>(p) else {
        return Vec::new();
    };
    let def = game.scenario().map.provinces.iter().find(|d| d.id == key);
    let area = world.get::<InArea>(p).map(|a| a.0);
    let area_name = def
        .and_then(|d| game.scenario().map.areas.iter().find(|a| a.id == d.area))
        .map_or(String::new(), |a| a.name.clone());
    let mut lines = vec![format!(
        "{} ({area_name})",
        def.map_or(key.to_string(), |d| d.name.clone())
    )];
    let owner = world.get::<OwnedBy>(p).map(|o| o.0);
    match owner {
        Some(o) => lines.push(format!("Owner: {}", names(game, [o]))),
        None => lines.push("Owner: nobody".to_string()),
    }
    if let (Some(owner), Some(controller)) = (owner, world.get::<ControlledBy>(p).map(|c| c.0))
        && owner != controller
    {
        lines.push(format!("Occupied by {}", names(game, [controller])));
    }
    // Religion belongs to the area (15.3) and changes in play; a Revolutionary token lies on top
    // of the area's own religion.
    let faith = match area.and_then(|a| world.get::<crate::rulesets::pop::model::Area>(a)) {
        Some(a) if a.revolution => format!("Revolutionary (over {:?})", a.religion),
        Some(a) => format!("{:?}", a.religion),
        None => format!("{:?}", province.religion),
    };
    lines.push(format!(
        "Tax value {}  ·  {faith}  ·  {:?}",
        province.tax_value(),
        province.terrain
    ));
    let mut cores: Vec<Entity> = world
        .get::<PrintedCores>(p)
        .map(|c| c.0.clone())
        .unwrap_or_default();
    let mut claims: Vec<Entity> = Vec::new();
    if let Some(area) = area {
        if let Some(mut q) = world.try_query::<&CoreToken>() {
            cores.extend(q.iter(world).filter(|c| c.area == area).map(|c| c.realm));
        }
        if let Some(mut q) = world.try_query::<&Claim>() {
            claims.extend(q.iter(world).filter(|c| c.area == area).map(|c| c.realm));
        }
    }
    if !cores.is_empty() {
        lines.push(format!("Core of {}", names(game, cores)));
    }
    if !claims.is_empty() {
        lines.push(format!("Claimed by {}", names(game, claims)));
    }
    if let Some(holdings) = world.get::<Holdings>(p) {
        for token in holdings.iter() {
            let kind = match (world.get::<Town>(token), world.get::<Vassal>(token)) {
                (Some(t), _) if t.large => "Large town",
                (Some(_), _) => "Town",
                (None, Some(_)) => "Vassal",
                _ => continue,
            };
            let of = world
                .get::<TokenOf>(token)
                .map(|o| names(game, [o.0]))
                .unwrap_or_default();
            let unrest = if world.get::<Unrest>(token).is_some() {
                ", in unrest"
            } else {
                ""
            };
            lines.push(format!("{kind} of {of}{unrest}"));
        }
    }
    if let Some(realm) = owner
        && world.get::<Capital>(realm).is_some_and(|c| c.0 == p)
    {
        lines.extend(relations(game, realm));
    }
    if world.get::<RebelTown>(p).is_some() {
        lines.push("A Rebel Town stands here".to_string());
    }
    if let Some(area) = area {
        if let Some(mut q) = world.try_query::<&Influence>() {
            let cubes: Vec<String> = q
                .iter(world)
                .filter(|i| i.area == area && i.count > 0)
                .map(|i| format!("{} {}", names(game, [i.realm]), i.count))
                .collect();
            if !cubes.is_empty() {
                lines.push(format!("Influence: {}", cubes.join(", ")));
            }
        }
        if let Some(units) = units_in(game, area) {
            lines.push(format!("Units in the area: {units}"));
        }
    }
    lines
}

/// The markers between a realm and others, as its capital's tooltip lists them.
fn relations(game: &Game, realm: Entity) -> Vec<String> {
    let world = game.world();
    let mut lines = vec![format!("Capital of {}", names(game, [realm]))];
    let mut pairs = |label: &str, found: Vec<Entity>| {
        if !found.is_empty() {
            lines.push(format!("{label} {}", names(game, found)));
        }
    };
    let other = |a: Entity, b: Entity| if a == realm { b } else { a };
    let involved = |a: Entity, b: Entity| a == realm || b == realm;
    let mut found = Vec::new();
    if let Some(mut q) = world.try_query::<&Alliance>() {
        found = q
            .iter(world)
            .filter(|x| involved(x.a, x.b))
            .map(|x| other(x.a, x.b))
            .collect();
    }
    pairs("Allied with", found);
    let mut found = Vec::new();
    if let Some(mut q) = world.try_query::<&Marriage>() {
        found = q
            .iter(world)
            .filter(|x| involved(x.a, x.b))
            .map(|x| other(x.a, x.b))
            .collect();
    }
    pairs("Royal marriage with", found);
    let mut found = Vec::new();
    if let Some(mut q) = world.try_query::<&Truce>() {
        found = q
            .iter(world)
            .filter(|x| involved(x.a, x.b))
            .map(|x| other(x.a, x.b))
            .collect();
    }
    pairs("Truce with", found);
    let mut found = Vec::new();
    if let Some(mut q) = world.try_query::<&War>() {
        found = q
            .iter(world)
            .filter(|x| involved(x.attacker, x.defender))
            .map(|x| other(x.attacker, x.defender))
            .collect();
    }
    pairs("At war with", found);
    let mut found = Vec::new();
    if let Some(mut q) = world.try_query::<&CasusBelli>() {
        found = q
            .iter(world)
            .filter(|x| x.target == realm)
            .map(|x| x.holder)
            .collect();
    }
    pairs("Casus belli held by", found);
    lines
}

/// "3 France, 1 rebels": the units in an area or sea zone by side, if any.
fn units_in(game: &Game, place: Entity) -> Option<String> {
    let world = game.world();
    let mut q = world.try_query::<(&Unit, &At, Option<&UnitOf>)>()?;
    let mut sides: Vec<(String, usize)> = Vec::new();
    for (unit, at, of) in q.iter(world) {
        if at.0 != place {
            continue;
        }
        let side = match of {
            Some(o) if unit.status != UnitStatus::Rebel => names(game, [o.0]),
            _ => "rebels".to_string(),
        };
        match sides.iter_mut().find(|(s, _)| *s == side) {
            Some(entry) => entry.1 += 1,
            None => sides.push((side, 1)),
        }
    }
    let list: Vec<String> = sides.iter().map(|(s, n)| format!("{n} {s}")).collect();
    (!list.is_empty()).then(|| list.join(", "))
}

/// What the tooltip says about a sea zone.
pub fn sea_details(game: &Game, key: &str) -> Vec<String> {
    let Some(def) = game.scenario().map.sea_zones.iter().find(|s| s.id == key) else {
        return Vec::new();
    };
    let mut lines = vec![def.name.clone()];
    if def.galleys {
        lines.push("Galleys may sail here".to_string());
    }
    if def.distant {
        lines.push("A distant sea".to_string());
    }
    let world = game.world();
    if let Some(units) = world
        .resource::<Index>()
        .get(key)
        .and_then(|sea| units_in(game, sea))
    {
        lines.push(format!("Ships: {units}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::GameSetup;
    use crate::rulesets::pop::content::default_scenario;

    #[test]
    fn the_tooltip_names_owner_and_tax_of_an_owned_province() {
        let game = Game::new(default_scenario(), GameSetup::default(), 7).expect("plays");
        let owned = game
            .scenario()
            .map
            .provinces
            .iter()
            .find(|p| p.owner.is_some())
            .expect("an owned province");
        let lines = province_details(&game, &owned.id);
        assert!(lines[0].starts_with(&owned.name));
        assert!(lines.iter().any(|l| l.starts_with("Owner: ")));
        assert!(lines.iter().any(|l| l.starts_with("Tax value ")));
        let world = game.world();
        let france = world.resource::<Index>().get("FRA").expect("France");
        let capital = world.get::<Capital>(france).expect("a capital").0;
        let lines = province_details(&game, &key_of(world, capital));
        assert!(lines.iter().any(|l| l == "Capital of France"), "{lines:?}");
        assert!(!sea_details(&game, &game.scenario().map.sea_zones[0].id).is_empty());
    }

    #[test]
    fn a_click_on_an_outlined_destination_picks_that_march_and_elsewhere_none() {
        use crate::rulesets::pop::Action;
        let game = Game::new(default_scenario(), GameSetup::default(), 7).expect("plays");
        let mut active = ActiveGame::new(game, vec!["FRA".into()], None);
        let area_of = |g: &Game, p: &str| {
            g.scenario()
                .map
                .provinces
                .iter()
                .find(|d| d.area == p)
                .map(|d| d.id.to_string())
        };
        for _ in 0..5000 {
            let march = active.human_turn().then(|| {
                active
                    .game
                    .legal_actions()
                    .into_iter()
                    .find(|a| matches!(a, Action::Move { .. }))
            });
            if let Some(Some(Action::Move { from, to })) = march {
                let g = &active.game;
                let selection = Selection {
                    province: area_of(g, &from),
                    ..Default::default()
                };
                let mut hover = Hover {
                    province: area_of(g, &to),
                    ..Default::default()
                };
                assert_eq!(
                    march_to_clicked(&active, &selection, &hover),
                    Some(Action::Move { from, to })
                );
                // A click in the army's own area, or on an area no march goes to, picks none.
                hover.province = area_of(g, &from);
                assert_eq!(march_to_clicked(&active, &selection, &hover), None);
                let unreachable = g
                    .scenario()
                    .map
                    .areas
                    .iter()
                    .find(|a| !g.legal_actions().contains(&Action::Move { from, to: a.id }));
                hover.province = area_of(g, &unreachable.expect("an area").id);
                assert_eq!(march_to_clicked(&active, &selection, &hover), None);
                return;
            }
            assert!(active.step_bot(), "the bots answer");
        }
        panic!("France never had a march to pick");
    }
}
