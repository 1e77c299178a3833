//! Raison d'Etat's scenario content: the RON format (`schema`), parsing with every
//! cross-reference checked at its `file:line:col`, the embedded default scenario (1618), and
//! spawning into a World (`spawn`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::engine::content::{ContentError, value_position};
use crate::engine::locate::Locator;
use crate::engine::ruleset::RulesetId;

pub mod schema;
pub mod spawn;

pub use schema::Scenario;
use schema::{DialAction, TerritoryKind};

/// The default Raison d'Etat scenario (1618), embedded so that it plays from any folder.
pub const DEFAULT_SCENARIO_RON: &str = include_str!("../../../../scenarios/rde_1618.ron");
pub const DEFAULT_SCENARIO_FILE: &str = "scenarios/rde_1618.ron";

/// The top-level collections of items in a scenario, for locating errors.
pub const SECTIONS: &[&str] = &["powers", "generals", "territories", "sea_lanes"];

/// The embedded default scenario.
pub fn default_scenario() -> Arc<Scenario> {
    crate::engine::content::embedded(DEFAULT_SCENARIO_RON, DEFAULT_SCENARIO_FILE, parse_scenario)
}

/// Parses a scenario and checks every cross-reference; all problems at once.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, Vec<ContentError>> {
    crate::engine::content::parse_validated(text, file, validate)
}

/// Every item of a scenario that has a name a reader sees in place of its id, by section: the
/// log's names (`display_names`), and the loader's check that no id stands for two names.
pub fn named_items(s: &Scenario) -> Vec<crate::engine::log::Named<'_>> {
    let mut named = Vec::new();
    named.extend(
        s.powers
            .iter()
            .map(|x| ("powers", x.id.as_str(), x.name.as_str())),
    );
    named.extend(
        s.territories
            .iter()
            .map(|x| ("territories", x.id.as_str(), x.name.as_str())),
    );
    named.extend(
        s.sea_lanes
            .iter()
            .map(|x| ("sea_lanes", x.id.as_str(), x.name.as_str())),
    );
    named.extend(s.powers.iter().flat_map(|p| {
        p.generals
            .iter()
            .map(|g| ("generals", g.id.as_str(), g.name.as_str()))
    }));
    named
}

/// Every problem of a parsed scenario, each at the place in `text` it concerns.
pub fn validate(s: &Scenario, text: &str, file: &str) -> Vec<ContentError> {
    let locator = Locator::new(text, SECTIONS);
    let mut errors = Vec::new();
    let mut error = |at: Option<(usize, usize)>, field: &str, message: String| {
        let (line, col) = at.or_else(|| value_position(text, field)).unwrap_or((1, 1));
        errors.push(ContentError {
            file: file.to_string(),
            line,
            col,
            message,
        });
    };
    if s.ruleset != RulesetId::RaisonDEtat {
        error(
            None,
            "ruleset",
            "a Raison d'Etat scenario must say `ruleset: RaisonDEtat`".into(),
        );
    }
    if s.victory <= 0 {
        error(
            None,
            "victory",
            "the Influence target must be above 0".into(),
        );
    }
    if s.max_rounds == Some(0) {
        error(
            None,
            "max_rounds",
            "the game must last at least one round".into(),
        );
    }
    if s.dial.first() != Some(&DialAction::Muster) {
        error(None, "dial", "the dial must begin with Muster".into());
    }
    let mut seen = HashSet::new();
    for a in &s.dial {
        if !seen.insert(*a) {
            error(None, "dial", format!("the dial shows {} twice", a.title()));
        }
    }
    if !s.dial.contains(&DialAction::Movement) || !s.dial.contains(&DialAction::Taxation) {
        error(None, "dial", "the dial needs Taxation and Movement".into());
    }
    let h = &s.house;
    if h.hand_limit == 0 || h.movement_rounds == 0 || h.strategic_steps == 0 || h.max_units == 0 {
        error(
            None,
            "house",
            "hand_limit, movement_rounds, strategic_steps and max_units must be at least 1".into(),
        );
    }
    if h.max_morale < 0
        || h.fortress_cost < 0
        || h.unit_cost < 1
        || h.card_cost < 1
        || h.morale_cost < 1
    {
        error(
            None,
            "house",
            "prices must be at least 1 (a Fortress at least 0) and max_morale at least 0".into(),
        );
    }
    let mut values = HashSet::new();
    let mut cards = 0u32;
    for c in &s.deck {
        if !(1..=5).contains(&c.value) {
            error(
                None,
                "deck",
                format!("Battle cards run from 1 to 5, not {}", c.value),
            );
        }
        if !values.insert(c.value) {
            error(
                None,
                "deck",
                format!("the deck lists the {} twice", c.value),
            );
        }
        cards += u32::from(c.count);
    }
    if cards == 0 {
        error(None, "deck", "the deck holds no Battle cards".into());
    }

    // Territories.
    let mut territory_ids: HashMap<&str, usize> = HashMap::new();
    for (i, t) in s.territories.iter().enumerate() {
        let occurrence = s.territories[..i].iter().filter(|o| o.id == t.id).count();
        if territory_ids.insert(t.id.as_str(), i).is_some() {
            error(
                locator.item("territories", &t.id, occurrence),
                "territories",
                format!("territory id \"{}\" is defined twice", t.id),
            );
        }
    }
    let power_ids: HashSet<&str> = s.powers.iter().map(|p| p.id.as_str()).collect();
    for (i, t) in s.territories.iter().enumerate() {
        let occurrence = s.territories[..i].iter().filter(|o| o.id == t.id).count();
        if !(1..=3).contains(&t.value) {
            error(
                locator.field("territories", &t.id, occurrence, "value"),
                "territories",
                format!(
                    "territory \"{}\" has value {}; values run from 1 to 3",
                    t.id, t.value
                ),
            );
        }
        let named: Vec<&String> = match &t.kind {
            TerritoryKind::Home(p) => vec![p],
            TerritoryKind::Undisputed => vec![],
            TerritoryKind::Disputed(ps) => {
                if ps.is_empty() || ps.len() > 2 {
                    error(
                        locator.item("territories", &t.id, occurrence),
                        "territories",
                        format!(
                            "disputed territory \"{}\" must be striped with one or two Powers",
                            t.id
                        ),
                    );
                }
                ps.iter().collect()
            }
        };
        for p in named {
            if !power_ids.contains(p.as_str()) {
                error(
                    locator.reference("territories", &t.id, occurrence, p),
                    "territories",
                    format!("territory \"{}\" names unknown Power \"{p}\"", t.id),
                );
            }
        }
        for a in &t.adjacent {
            if a == &t.id {
                error(
                    locator.reference("territories", &t.id, occurrence, a),
                    "territories",
                    format!("territory \"{}\" cannot border itself", t.id),
                );
            } else if !territory_ids.contains_key(a.as_str()) {
                error(
                    locator.reference("territories", &t.id, occurrence, a),
                    "territories",
                    format!("territory \"{}\" borders unknown territory \"{a}\"", t.id),
                );
            }
        }
    }

    // Sea lanes.
    let mut lane_ids = HashSet::new();
    for (i, l) in s.sea_lanes.iter().enumerate() {
        let occurrence = s.sea_lanes[..i].iter().filter(|o| o.id == l.id).count();
        if !lane_ids.insert(l.id.as_str()) {
            error(
                locator.item("sea_lanes", &l.id, occurrence),
                "sea_lanes",
                format!("sea lane id \"{}\" is defined twice", l.id),
            );
        }
        for end in [&l.ends.0, &l.ends.1] {
            if !territory_ids.contains_key(end.as_str()) {
                error(
                    locator.reference("sea_lanes", &l.id, occurrence, end),
                    "sea_lanes",
                    format!("sea lane \"{}\" ends at unknown territory \"{end}\"", l.id),
                );
            }
        }
        if l.ends.0 == l.ends.1 {
            error(
                locator.item("sea_lanes", &l.id, occurrence),
                "sea_lanes",
                format!("sea lane \"{}\" must join two different territories", l.id),
            );
        }
    }

    // Powers.
    let mut seen_powers = HashSet::new();
    let mut general_ids = HashSet::new();
    let mut garrisoned: HashMap<&str, &str> = HashMap::new();
    // Friendships are kept as 64-bit sets, one bit a Power.
    if s.powers.len() > 64 {
        error(
            None,
            "powers",
            format!(
                "a scenario may have at most 64 Powers; this one has {}",
                s.powers.len()
            ),
        );
    }
    let majors = s.powers.iter().filter(|p| p.major).count();
    if majors < 3 {
        error(
            None,
            "powers",
            format!("a scenario needs at least 3 Major Powers; this one has {majors}"),
        );
    }
    for (i, p) in s.powers.iter().enumerate() {
        let occurrence = s.powers[..i].iter().filter(|o| o.id == p.id).count();
        let at = |field: &str| locator.field("powers", &p.id, occurrence, field);
        if !seen_powers.insert(p.id.as_str()) {
            error(
                locator.item("powers", &p.id, occurrence),
                "powers",
                format!("Power id \"{}\" is defined twice", p.id),
            );
        }
        if p.dial_start as usize >= s.dial.len() {
            error(
                at("dial_start"),
                "powers",
                format!(
                    "{}'s dial_start {} is past the dial's {} segments",
                    p.id,
                    p.dial_start,
                    s.dial.len()
                ),
            );
        }
        let home_of_p = |t: &str| {
            territory_ids.get(t).is_some_and(
                |i| matches!(&s.territories[*i].kind, TerritoryKind::Home(o) if *o == p.id),
            )
        };
        if !territory_ids.contains_key(p.capital.as_str()) {
            error(
                at("capital"),
                "powers",
                format!("{}'s capital \"{}\" is not a territory", p.id, p.capital),
            );
        } else if !home_of_p(&p.capital) {
            error(
                at("capital"),
                "powers",
                format!(
                    "{}'s capital \"{}\" must be one of its Home territories",
                    p.id, p.capital
                ),
            );
        }
        if p.money < 0 || p.morale < 0 || p.influence < 0 {
            error(
                locator.item("powers", &p.id, occurrence),
                "powers",
                format!("{}'s money, morale and influence cannot be negative", p.id),
            );
        }
        if p.morale > s.house.max_morale {
            error(
                at("morale"),
                "powers",
                format!(
                    "{}'s morale {} is above max_morale {}",
                    p.id, p.morale, s.house.max_morale
                ),
            );
        }
        if let Some(c) = &p.controller {
            let major = s.powers.iter().find(|o| o.id == *c);
            if p.major {
                error(
                    at("controller"),
                    "powers",
                    format!(
                        "{} is a Major Power; only Minor Powers have a controller",
                        p.id
                    ),
                );
            } else if !major.is_some_and(|m| m.major) {
                error(
                    locator.reference("powers", &p.id, occurrence, c),
                    "powers",
                    format!("{}'s controller \"{c}\" is not a Major Power", p.id),
                );
            }
        }
        if p.emperor && !p.major {
            error(
                at("emperor"),
                "powers",
                format!(
                    "{} is a Minor Power and cannot hold the Imperial crown",
                    p.id
                ),
            );
        }
        for t in p.garrisons.iter().chain(&p.fortresses) {
            if !territory_ids.contains_key(t.as_str()) {
                error(
                    locator.reference("powers", &p.id, occurrence, t),
                    "powers",
                    format!("{} places a piece in unknown territory \"{t}\"", p.id),
                );
            }
        }
        for t in &p.garrisons {
            if let Some(other) = garrisoned.insert(t.as_str(), p.id.as_str()) {
                error(
                    locator.reference("powers", &p.id, occurrence, t),
                    "powers",
                    format!("\"{t}\" holds Garrisons of both {other} and {}", p.id),
                );
            }
        }
        for t in &p.fortresses {
            if !home_of_p(t) && !p.garrisons.contains(t) {
                error(
                    locator.reference("powers", &p.id, occurrence, t),
                    "powers",
                    format!(
                        "{}'s Fortress in \"{t}\" must stand in a territory it controls (a Home territory or one it garrisons)",
                        p.id
                    ),
                );
            }
        }
        if p.generals.is_empty() {
            error(
                locator.item("powers", &p.id, occurrence),
                "powers",
                format!("{} needs at least one General", p.id),
            );
        }
        for g in &p.generals {
            let g_at = locator.item("generals", &g.id, 0);
            if !general_ids.insert(g.id.as_str()) {
                error(
                    g_at,
                    "generals",
                    format!("General id \"{}\" is defined twice", g.id),
                );
            }
            if g.units > s.house.max_units {
                error(
                    g_at,
                    "generals",
                    format!(
                        "{} leads {} Units; max_units is {}",
                        g.id, g.units, s.house.max_units
                    ),
                );
            }
            if let Some(t) = &g.at {
                if !territory_ids.contains_key(t.as_str()) {
                    error(
                        locator.reference("generals", &g.id, 0, t),
                        "generals",
                        format!("General {} starts in unknown territory \"{t}\"", g.id),
                    );
                } else if !home_of_p(t) && !p.garrisons.contains(t) {
                    error(
                        locator.reference("generals", &g.id, 0, t),
                        "generals",
                        format!(
                            "General {} must start in a territory {} controls",
                            g.id, p.id
                        ),
                    );
                }
                if g.units == 0 {
                    error(
                        g_at,
                        "generals",
                        format!("General {} stands on the map without Units", g.id),
                    );
                }
            }
        }
    }
    for p in [&s.round_keeper, &s.election_before] {
        if !power_ids.contains(p.as_str()) {
            error(
                locator.top_level(p),
                "round_keeper",
                format!("\"{p}\" is not a Power of this scenario"),
            );
        }
    }
    if let Some(keeper) = s.powers.iter().find(|p| p.id == s.round_keeper)
        && keeper.dial_start != 0
    {
        error(
            locator.top_level(&s.round_keeper),
            "round_keeper",
            format!(
                "the round keeper {}'s dial must start on Muster (dial_start: 0)",
                keeper.id
            ),
        );
    }
    if s.powers.iter().filter(|p| p.emperor).count() > 1 {
        error(
            None,
            "emperor",
            "only one Power can start as Emperor".into(),
        );
    }
    // An id may be shared under one name, not under two: the log and the window show one
    // name wherever the id is written.
    for clash in crate::engine::log::name_clashes(named_items(s)) {
        error(
            locator.item(clash.second.0, clash.id, 0),
            clash.second.0,
            clash.message(),
        );
    }
    errors
}
