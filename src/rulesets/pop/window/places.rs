//! Where things are on the board: province sites and outlines (for hit-testing the pointer),
//! area centres (the mean of their provinces' sites, where units and claims stand), sea zone
//! sites, and where any game entity a log entry names sits (a realm at its capital, a token on
//! its province, a unit in its area or sea zone, a character with its realm).

use std::collections::HashMap;

use bevy::prelude::*;

use crate::rulesets::pop::content::schema::Scenario;
use crate::rulesets::pop::model::{At, Capital, Claim, CoreToken, Key, OnProvince, Serves, UnitOf};
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::loading::{ScenarioAsset, ScenarioAssets};
use crate::rulesets::pop::window::session::SessionSet;

pub struct BoardPlacesPlugin;

impl Plugin for BoardPlacesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            OnEnter(AppState::Playing),
            measure_places.after(SessionSet::Start),
        );
    }
}

/// One province's outline, with its bounding box so most hit tests end early.
struct Outline {
    key: String,
    rings: Vec<Vec<Vec2>>,
    bounds: Rect,
}

/// Board positions (board units) of the scenario's places.
#[derive(Resource, Default)]
pub struct BoardPlaces {
    pub province: HashMap<String, Vec2>,
    pub area: HashMap<String, Vec2>,
    pub sea: HashMap<String, Vec2>,
    /// The area each province lies in.
    pub area_of: HashMap<String, String>,
    outlines: Vec<Outline>,
    sea_outlines: Vec<Outline>,
}

/// An outline with its bounding box, from scenario rings.
fn outline(key: &str, shape: &[Vec<(f32, f32)>]) -> Option<Outline> {
    let rings: Vec<Vec<Vec2>> = shape
        .iter()
        .map(|r| r.iter().map(|(x, y)| Vec2::new(*x, *y)).collect())
        .collect();
    let mut bounds: Option<Rect> = None;
    for point in rings.iter().flatten() {
        bounds = Some(bounds.map_or(Rect::from_corners(*point, *point), |b| {
            b.union_point(*point)
        }));
    }
    Some(Outline {
        key: key.to_string(),
        rings,
        bounds: bounds?,
    })
}

impl BoardPlaces {
    pub fn new(scenario: &Scenario) -> Self {
        let map = &scenario.map;
        let mut places = BoardPlaces::default();
        let mut sums: HashMap<&str, (Vec2, f32)> = HashMap::new();
        for p in &map.provinces {
            let site = Vec2::new(p.site.0, p.site.1);
            places.province.insert(p.id.to_string(), site);
            places.area_of.insert(p.id.to_string(), p.area.to_string());
            let sum = sums.entry(p.area.as_str()).or_default();
            sum.0 += site;
            sum.1 += 1.0;
            places.outlines.extend(outline(&p.id, &p.shape));
        }
        for (area, (sum, n)) in sums {
            places.area.insert(area.to_string(), sum / n);
        }
        for s in &map.sea_zones {
            places
                .sea
                .insert(s.id.to_string(), Vec2::new(s.site.0, s.site.1));
            places.sea_outlines.extend(outline(&s.id, &s.shape));
        }
        places
    }

    /// The province under a board point, if any (even-odd rule over all its rings).
    pub fn province_at(&self, at: Vec2) -> Option<&str> {
        self.outlines
            .iter()
            .find(|o| o.bounds.contains(at) && inside(&o.rings, at))
            .map(|o| o.key.as_str())
    }

    /// The sea zone under a board point, if any.
    pub fn sea_at(&self, at: Vec2) -> Option<&str> {
        self.sea_outlines
            .iter()
            .find(|o| o.bounds.contains(at) && inside(&o.rings, at))
            .map(|o| o.key.as_str())
    }

    /// Where an area, province or sea zone of this content id is.
    pub fn of_key(&self, key: &str) -> Option<Vec2> {
        self.province
            .get(key)
            .or_else(|| self.area.get(key))
            .or_else(|| self.sea.get(key))
            .copied()
    }

    /// Where a game entity sits on the board, if it has a place.
    pub fn of_entity(&self, world: &World, entity: Entity) -> Option<Vec2> {
        if let Some(key) = world.get::<Key>(entity)
            && let Some(at) = self.of_key(&key.0)
        {
            return Some(at);
        }
        if let Some(capital) = world.get::<Capital>(entity) {
            return self.of_entity(world, capital.0);
        }
        if let Some(on) = world.get::<OnProvince>(entity) {
            return self.of_entity(world, on.0);
        }
        if let Some(at) = world.get::<At>(entity) {
            return self.of_entity(world, at.0);
        }
        if let Some(claim) = world.get::<Claim>(entity) {
            return self.of_entity(world, claim.area);
        }
        if let Some(core) = world.get::<CoreToken>(entity) {
            return self.of_entity(world, core.area);
        }
        if let Some(unit) = world.get::<UnitOf>(entity) {
            return self.of_entity(world, unit.0);
        }
        if let Some(serves) = world.get::<Serves>(entity) {
            return self.of_entity(world, serves.0);
        }
        None
    }

    /// Where the entity with this stable id (a log entry's subject) sits.
    pub fn of_sid(&self, world: &World, sid: u32) -> Option<Vec2> {
        let entity = world.resource::<Index>().by_sid(sid)?;
        self.of_entity(world, entity)
    }

    /// Where a realm (by content id) is: its capital.
    pub fn of_realm(&self, world: &World, realm: &str) -> Option<Vec2> {
        let entity = world.resource::<Index>().get(realm)?;
        let capital = world.get::<Capital>(entity)?;
        self.of_entity(world, capital.0)
    }

    /// Where a log entry happened: its subject, else its realm's capital.
    pub fn of_entry(&self, world: &World, entry: &crate::engine::log::LogEntry) -> Option<Vec2> {
        entry
            .subject
            .and_then(|sid| self.of_sid(world, sid))
            .or_else(|| entry.realm.as_deref().and_then(|r| self.of_realm(world, r)))
    }
}

/// Even-odd point-in-polygon over every ring (holes and islands alike).
fn inside(rings: &[Vec<Vec2>], p: Vec2) -> bool {
    let mut inside = false;
    for ring in rings {
        let n = ring.len();
        if n < 3 {
            continue;
        }
        let mut j = n - 1;
        for i in 0..n {
            let (a, b) = (ring[i], ring[j]);
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                inside = !inside;
            }
            j = i;
        }
    }
    inside
}

fn measure_places(
    mut commands: Commands,
    scenario: Option<Res<ScenarioAssets>>,
    scenarios: Res<Assets<ScenarioAsset>>,
) {
    if let Some(scenario) = scenario.and_then(|s| s.get(&scenarios)) {
        commands.insert_resource(BoardPlaces::new(&scenario));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::content::default_scenario;

    #[test]
    fn every_province_site_hits_its_own_province_or_a_neighbour() {
        let scenario = default_scenario();
        let places = BoardPlaces::new(&scenario);
        let mut own = 0;
        for p in &scenario.map.provinces {
            let site = Vec2::new(p.site.0, p.site.1);
            if places.province_at(site) == Some(p.id.as_str()) {
                own += 1;
            }
        }
        // Sites are town positions inside their cells; allow a few sliver cells.
        assert!(
            own * 10 >= scenario.map.provinces.len() * 9,
            "{own} of {} sites hit their own province",
            scenario.map.provinces.len()
        );
        assert!(places.province_at(Vec2::splat(-1.0e6)).is_none());
        let seas = scenario
            .map
            .sea_zones
            .iter()
            .filter(|s| places.sea_at(Vec2::new(s.site.0, s.site.1)) == Some(s.id.as_str()))
            .count();
        assert!(
            seas * 10 >= scenario.map.sea_zones.len() * 9,
            "{seas} sea sites hit"
        );
    }
}
