//! Kingdom's scenario content: the RON format (`schema`), parsing with every cross-reference
//! checked at its `file:line:col`, the embedded default scenario, and spawning into a World
//! (`spawn`).

use std::collections::HashSet;
use std::sync::Arc;

use crate::engine::content::{ContentError, value_position};
use crate::engine::locate::{Locator, scan};
use crate::engine::ruleset::RulesetId;

pub mod schema;
pub mod spawn;

pub use schema::Scenario;
use schema::{EventPick, EventTable, FeatureKind, Need, Role};

/// The default Kingdom scenario, embedded so that it plays from any folder.
pub const DEFAULT_SCENARIO_RON: &str = include_str!("../../../../scenarios/frontier.ron");
pub const DEFAULT_SCENARIO_FILE: &str = "scenarios/frontier.ron";

/// The top-level collections of items in a Kingdom scenario, for locating errors.
pub const SECTIONS: &[&str] = &[
    "rows",
    "features",
    "terrains",
    "kingdoms",
    "leaders",
    "roles",
    "edicts",
    "limits",
    "improvements",
    "buildings",
    "event_types",
    "events",
];

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
        s.kingdoms
            .iter()
            .map(|x| ("kingdoms", x.id.as_str(), x.name.as_str())),
    );
    named.extend(
        s.terrains
            .iter()
            .map(|x| ("terrains", x.id.as_str(), x.name.as_str())),
    );
    named.extend(
        s.improvements
            .iter()
            .map(|x| ("improvements", x.id.as_str(), x.name.as_str())),
    );
    named.extend(
        s.buildings
            .iter()
            .map(|x| ("buildings", x.id.as_str(), x.name.as_str())),
    );
    named.extend(
        s.events
            .iter()
            .map(|x| ("events", x.id.as_str(), x.name.as_str())),
    );
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
    if s.ruleset != RulesetId::Kingdom {
        error(
            None,
            "ruleset",
            "a Kingdom scenario must say `ruleset: Kingdom`".into(),
        );
    }
    if s.months == 0 {
        error(
            None,
            "months",
            "the game must last at least one month".into(),
        );
    }
    if s.settlement_names.is_empty() {
        error(
            None,
            "settlement_names",
            "give at least one settlement name".into(),
        );
    }

    // Terrains.
    let mut codes = HashSet::new();
    let mut terrain_ids = HashSet::new();
    for (i, t) in s.terrains.iter().enumerate() {
        let occurrence = s.terrains[..i].iter().filter(|o| o.id == t.id).count();
        if !codes.insert(t.code) {
            error(
                locator.field("terrains", &t.id, occurrence, "code"),
                "terrains",
                format!("terrain code '{}' is used twice", t.code),
            );
        }
        if !terrain_ids.insert(t.id.as_str()) {
            error(
                locator.item("terrains", &t.id, occurrence),
                "terrains",
                format!("terrain id \"{}\" is defined twice", t.id),
            );
        }
    }

    // The map.
    let rows: Vec<_> = scan(text, SECTIONS)
        .into_iter()
        .filter(|l| !l.bare && l.section.as_deref() == Some("rows"))
        .collect();
    if s.map.rows.len() != s.map.height as usize {
        error(
            None,
            "rows",
            format!(
                "the map is {} rows high but {} rows are given",
                s.map.height,
                s.map.rows.len()
            ),
        );
    }
    for (r, row) in s.map.rows.iter().enumerate() {
        let at = rows.get(r).map(|l| (l.line, l.col));
        let n = row.chars().count();
        if n != s.map.width as usize {
            error(
                at,
                "rows",
                format!("row {r} has {n} hexes; the map is {} wide", s.map.width),
            );
        }
        for (c, code) in row.chars().enumerate() {
            if !codes.contains(&code) {
                error(
                    at.map(|(l, col)| (l, col + 1 + c)),
                    "rows",
                    format!("row {r}, column {c}: '{code}' is not a terrain code"),
                );
            }
        }
    }
    let inside = |(c, r): (i32, i32)| {
        c >= 0 && r >= 0 && (c as u32) < s.map.width && (r as u32) < s.map.height
    };
    let terrain_at = |(c, r): (i32, i32)| {
        s.map
            .rows
            .get(r as usize)
            .and_then(|row| row.chars().nth(c as usize))
            .and_then(|code| s.terrains.iter().find(|t| t.code == code))
    };
    for at in &s.map.rivers {
        if !inside(*at) {
            error(None, "rivers", format!("river hex {at:?} is off the map"));
        }
    }
    let mut featured = HashSet::new();
    for f in &s.map.features {
        if !inside(f.at) {
            error(
                None,
                "features",
                format!("feature at {:?} is off the map", f.at),
            );
        } else if !featured.insert(f.at) {
            error(
                None,
                "features",
                format!("hex {:?} has two features; give it one", f.at),
            );
        }
        if let FeatureKind::Ruin { item_gp, .. } = &f.kind
            && (1..=4_000).contains(item_gp)
        {
            error(
                None,
                "features",
                format!(
                    "the ruin at {:?} holds an item of {item_gp} gp: an item of 4,000 gp or less is deposited as coin, so give it as `gp`",
                    f.at
                ),
            );
        }
        if let FeatureKind::Lair { dc, .. } = &f.kind
            && *dc < 1
        {
            error(
                None,
                "features",
                format!("the lair at {:?} needs a DC of 1 or more", f.at),
            );
        }
    }

    // Kingdoms and leaders.
    let roles: HashSet<Role> = s.roles.iter().map(|r| r.role).collect();
    if s.kingdoms.is_empty() {
        error(None, "kingdoms", "the scenario has no kingdoms".into());
    }
    if s.kingdoms.len() > 8 {
        error(
            None,
            "kingdoms",
            "at most 8 kingdoms can share a map".into(),
        );
    }
    let mut kingdom_ids = HashSet::new();
    for (i, k) in s.kingdoms.iter().enumerate() {
        let occurrence = s.kingdoms[..i].iter().filter(|o| o.id == k.id).count();
        let at = locator.item("kingdoms", &k.id, occurrence);
        if !kingdom_ids.insert(k.id.as_str()) {
            error(
                at,
                "kingdoms",
                format!("kingdom id \"{}\" is used twice", k.id),
            );
        }
        if !inside(k.start) {
            error(
                at,
                "kingdoms",
                format!("{}'s start {:?} is off the map", k.id, k.start),
            );
        } else if terrain_at(k.start).is_some_and(|t| t.water) {
            error(
                at,
                "kingdoms",
                format!("{}'s start {:?} is open water", k.id, k.start),
            );
        }
        if s.map
            .features
            .iter()
            .any(|f| f.at == k.start && matches!(f.kind, FeatureKind::Lair { .. }))
        {
            error(
                at,
                "kingdoms",
                format!("{}'s start {:?} holds a lair", k.id, k.start),
            );
        }
        if k.leaders.is_empty() {
            error(at, "kingdoms", format!("{} has no leaders", k.id));
        }
        let mut held = HashSet::new();
        for leader in &k.leaders {
            for score in [
                leader.str, leader.dex, leader.con, leader.int, leader.wis, leader.cha,
            ] {
                if !(1..=40).contains(&score) {
                    error(
                        locator.reference("kingdoms", &k.id, occurrence, &leader.name),
                        "leaders",
                        format!("{}: ability scores run from 1 to 40", leader.name),
                    );
                    break;
                }
            }
            if let Some(role) = leader.role {
                if !held.insert(role) {
                    error(
                        locator.reference("kingdoms", &k.id, occurrence, &leader.name),
                        "leaders",
                        format!(
                            "{}: {role:?} is held by two leaders of {}",
                            leader.name, k.id
                        ),
                    );
                }
                if !roles.contains(&role) {
                    error(
                        locator.reference("kingdoms", &k.id, occurrence, &leader.name),
                        "leaders",
                        format!("{}: role {role:?} is not defined in `roles`", leader.name),
                    );
                }
            }
        }
    }

    // Roles, edicts, limits.
    let mut seen_roles = HashSet::new();
    for r in &s.roles {
        if !seen_roles.insert(r.role) {
            error(None, "roles", format!("role {:?} is defined twice", r.role));
        }
        if r.abilities.is_empty() {
            error(
                None,
                "roles",
                format!("role {:?} needs at least one ability", r.role),
            );
        }
    }
    if !roles.contains(&Role::Ruler) {
        error(None, "roles", "the roles must include the Ruler".into());
    }
    for kind in [
        schema::EdictKind::Holidays,
        schema::EdictKind::Promotion,
        schema::EdictKind::Taxation,
    ] {
        match s.edicts.iter().filter(|e| e.kind == kind).count() {
            1 => {}
            0 => error(None, "edicts", format!("the {kind:?} edict is missing")),
            _ => error(
                None,
                "edicts",
                format!("the {kind:?} edict is defined twice"),
            ),
        }
    }
    for e in &s.edicts {
        if e.levels.is_empty() || e.levels.len() > 10 {
            error(
                None,
                "edicts",
                format!("the {:?} edict needs 1 to 10 levels", e.kind),
            );
        }
    }
    if s.limits.is_empty() || s.limits.last().is_some_and(|l| l.max_size.is_some()) {
        error(
            None,
            "limits",
            "the last size limit row must have `max_size: None`".into(),
        );
    }
    if s.limits
        .windows(2)
        .any(|w| match (w[0].max_size, w[1].max_size) {
            (Some(a), Some(b)) => a >= b,
            (None, _) => true,
            _ => false,
        })
    {
        error(
            None,
            "limits",
            "size limit rows must go from the smallest Size up".into(),
        );
    }

    // Improvements and buildings.
    let mut improvement_ids = HashSet::new();
    for (i, imp) in s.improvements.iter().enumerate() {
        let occurrence = s.improvements[..i]
            .iter()
            .filter(|o| o.id == imp.id)
            .count();
        if !improvement_ids.insert(imp.id.as_str()) {
            error(
                locator.item("improvements", &imp.id, occurrence),
                "improvements",
                format!("improvement id \"{}\" is defined twice", imp.id),
            );
        }
        for t in &imp.terrains {
            if !terrain_ids.contains(t.as_str()) {
                error(
                    locator.reference("improvements", &imp.id, occurrence, t),
                    "improvements",
                    format!("{}: unknown terrain \"{t}\"", imp.id),
                );
            }
        }
        if imp.every.iter().any(|e| e.count == 0) {
            error(
                locator.item("improvements", &imp.id, occurrence),
                "improvements",
                format!("{}: `every` needs a count of 1 or more", imp.id),
            );
        }
    }
    for (i, imp) in s.improvements.iter().enumerate() {
        let occurrence = s.improvements[..i]
            .iter()
            .filter(|o| o.id == imp.id)
            .count();
        let needed = imp.needs.iter().filter_map(|need| match need {
            Need::Improvement(other) => Some(other),
            _ => None,
        });
        for other in needed.chain(imp.upgrade_from.iter()) {
            if !improvement_ids.contains(other.as_str()) {
                error(
                    locator.reference("improvements", &imp.id, occurrence, other),
                    "improvements",
                    format!("{}: unknown improvement \"{other}\"", imp.id),
                );
            }
        }
        if imp.upgrade_from.as_deref() == Some(imp.id.as_str()) {
            error(
                locator.field("improvements", &imp.id, occurrence, "upgrade_from"),
                "improvements",
                format!("{}: an improvement cannot upgrade itself", imp.id),
            );
        }
    }
    let building_ids: HashSet<&str> = s.buildings.iter().map(|b| b.id.as_str()).collect();
    let mut seen_buildings = HashSet::new();
    for (i, b) in s.buildings.iter().enumerate() {
        let occurrence = s.buildings[..i].iter().filter(|o| o.id == b.id).count();
        let at = locator.item("buildings", &b.id, occurrence);
        if !seen_buildings.insert(b.id.as_str()) {
            error(
                at,
                "buildings",
                format!("building id \"{}\" is defined twice", b.id),
            );
        }
        if ![0, 1, 2, 4].contains(&b.lots) {
            error(
                locator.field("buildings", &b.id, occurrence, "lots"),
                "buildings",
                format!(
                    "{}: a building fills 0, 1, 2 or 4 lots, not {}",
                    b.id, b.lots
                ),
            );
        }
        if b.cost < 0 {
            error(
                locator.field("buildings", &b.id, occurrence, "cost"),
                "buildings",
                format!("{}: a cost cannot be negative", b.id),
            );
        }
        let refs = b
            .near
            .iter()
            .map(|(id, _)| id)
            .chain(&b.not_near)
            .chain(b.upgrade_from.iter());
        for other in refs {
            if !building_ids.contains(other.as_str()) {
                error(
                    locator.reference("buildings", &b.id, occurrence, other),
                    "buildings",
                    format!("{}: unknown building \"{other}\"", b.id),
                );
            }
        }
        for (improvement, _) in &b.boosts {
            if !improvement_ids.contains(improvement.as_str()) {
                error(
                    locator.reference("buildings", &b.id, occurrence, improvement),
                    "buildings",
                    format!("{}: boosts an unknown improvement \"{improvement}\"", b.id),
                );
            }
        }
    }

    // Events.
    let event_ids: HashSet<&str> = s.events.iter().map(|e| e.id.as_str()).collect();
    let mut seen_events = HashSet::new();
    for (i, e) in s.events.iter().enumerate() {
        let occurrence = s.events[..i].iter().filter(|o| o.id == e.id).count();
        if !seen_events.insert(e.id.as_str()) {
            error(
                locator.item("events", &e.id, occurrence),
                "events",
                format!("event id \"{}\" is defined twice", e.id),
            );
        }
    }
    for row in &s.event_types {
        if let EventPick::Event(id) = &row.pick
            && !event_ids.contains(id.as_str())
        {
            error(
                locator
                    .top_level(id)
                    .or(value_position(text, "event_types")),
                "event_types",
                format!("unknown event \"{id}\""),
            );
        }
    }
    for e in &s.events {
        let check = e
            .check
            .iter()
            .flat_map(|c| c.success.iter().chain(&c.failure));
        for effect in e.effects.iter().chain(check) {
            if let schema::Effect::Item(gp) = effect
                && *gp <= 4_000
            {
                let occurrence = 0;
                error(
                    locator.item("events", &e.id, occurrence),
                    "events",
                    format!(
                        "{}: an item of 4,000 gp or less is deposited as coin; use Gold({gp})",
                        e.id
                    ),
                );
            }
        }
    }
    let mut tables: Vec<(String, Vec<(u8, u8)>)> = vec![(
        "event_types".into(),
        s.event_types.iter().map(|r| r.range).collect(),
    )];
    for table in [
        EventTable::BeneficialKingdom,
        EventTable::DangerousKingdom,
        EventTable::BeneficialSettlement,
        EventTable::DangerousSettlement,
    ] {
        tables.push((
            format!("the {table:?} events"),
            s.events
                .iter()
                .filter(|e| e.table == table)
                .map(|e| e.range)
                .collect(),
        ));
    }
    for (name, mut ranges) in tables {
        ranges.sort_unstable();
        let mut next = 1u8;
        let mut problem = None;
        for (lo, hi) in &ranges {
            if lo > hi {
                problem = Some(format!("{name}: range ({lo}, {hi}) runs backwards"));
                break;
            }
            if *lo != next {
                problem = Some(if *lo > next {
                    format!("{name}: d% results {next} to {} pick nothing", lo - 1)
                } else {
                    format!("{name}: d% result {lo} is picked twice")
                });
                break;
            }
            next = hi.saturating_add(1);
        }
        if problem.is_none() && next != 101 {
            problem = Some(format!("{name}: the d% results must run from 1 to 100"));
        }
        if let Some(p) = problem {
            error(
                None,
                if name == "event_types" {
                    "event_types"
                } else {
                    "events"
                },
                p,
            );
        }
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
