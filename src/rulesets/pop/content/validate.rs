//! Cross-reference validation of a parsed scenario: every duplicate id, every unresolved
//! reference, asymmetric adjacency and impossible setups, all reported at once.

use std::collections::{HashMap, HashSet};

use crate::engine::content::ContentError;
use crate::engine::id::Id;
use crate::engine::locate::Locator;
use crate::rulesets::pop::content::schema::*;

/// One problem, tied to the item (and the value) it is about.
struct Problem {
    section: &'static str,
    id: String,
    occurrence: usize,
    value: Option<String>,
    /// The field whose value is at fault, where no string names it (`cardinals: 1`).
    field: Option<&'static str>,
    message: String,
}

struct Checker<'a> {
    problems: Vec<Problem>,
    ids: HashMap<&'static str, HashSet<&'a str>>,
}

impl<'a> Checker<'a> {
    /// Registers ids of one section, reporting duplicates and empty ids.
    fn section<T>(&mut self, section: &'static str, items: &'a [T], id: impl Fn(&'a T) -> &'a str) {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for item in items {
            let key = id(item);
            let count = seen.entry(key).or_insert(0);
            if key.trim().is_empty() {
                self.problems.push(Problem {
                    section,
                    id: key.to_string(),
                    occurrence: *count,
                    value: None,
                    field: None,
                    message: format!("an item in {section} has an empty id"),
                });
            } else if *count > 0 {
                self.problems.push(Problem {
                    section,
                    id: key.to_string(),
                    occurrence: *count,
                    value: None,
                    field: None,
                    message: format!("duplicate id \"{key}\" in {section}"),
                });
            }
            *count += 1;
        }
        self.ids.insert(section, seen.keys().copied().collect());
    }

    fn has(&self, section: &str, id: &str) -> bool {
        self.ids.get(section).is_some_and(|s| s.contains(id))
    }

    /// Reports `value` unless it is an id of `target`.
    fn reference(
        &mut self,
        section: &'static str,
        id: &str,
        field: &str,
        target: &'static str,
        value: &str,
    ) {
        if !self.has(target, value) {
            let kind = target.trim_end_matches('s').replace('_', " ");
            self.problems.push(Problem {
                section,
                id: id.to_string(),
                occurrence: 0,
                value: Some(value.to_string()),
                field: None,
                message: format!("{field}: unknown {kind} id \"{value}\" (in {section} \"{id}\")"),
            });
        }
    }

    fn problem(&mut self, section: &'static str, id: &str, value: Option<&str>, message: String) {
        self.problems.push(Problem {
            section,
            id: id.to_string(),
            occurrence: 0,
            value: value.map(str::to_string),
            field: None,
            message,
        });
    }

    /// A problem with the value of `field` in the item `id` of `section` (`id` empty: a
    /// top-level field such as an option).
    fn field_problem(
        &mut self,
        section: &'static str,
        id: &str,
        field: &'static str,
        message: String,
    ) {
        self.problems.push(Problem {
            section,
            id: id.to_string(),
            occurrence: 0,
            value: None,
            field: Some(field),
            message,
        });
    }
}

/// Validates a scenario; positions come from `locator` over the text of `file`.
pub fn validate(s: &Scenario, locator: &Locator, file: &str) -> Vec<ContentError> {
    let mut c = Checker {
        problems: Vec::new(),
        ids: HashMap::new(),
    };
    c.section("areas", &s.map.areas, |x| &x.id);
    c.section("provinces", &s.map.provinces, |x| &x.id);
    c.section("sea_zones", &s.map.sea_zones, |x| &x.id);
    c.section("realms", &s.realms, |x| &x.id);
    c.section("characters", &s.characters, |x| &x.id);
    c.section("events", &s.events, |x| &x.id);
    c.section("action_cards", &s.action_cards, |x| &x.id);
    c.section("ideas", &s.ideas, |x| &x.id);
    c.section("missions", &s.missions, |x| &x.id);
    c.section("milestones", &s.milestones, |x| &x.id);
    c.section("trade_nodes", &s.trade_nodes, |x| &x.id);
    c.section("trade_cards", &s.trade_cards, |x| &x.id);
    c.section("power_struggles", &s.power_struggles, |x| &x.id);

    // Areas, provinces, sea zones, realms and characters share one id space in the game (a
    // province and an area both called "naples" would be ambiguous in every reference).
    let mut owner_of: HashMap<&str, &'static str> = HashMap::new();
    let shared: [(&'static str, Vec<&str>); 5] = [
        ("areas", s.map.areas.iter().map(|x| x.id.as_str()).collect()),
        (
            "provinces",
            s.map.provinces.iter().map(|x| x.id.as_str()).collect(),
        ),
        (
            "sea_zones",
            s.map.sea_zones.iter().map(|x| x.id.as_str()).collect(),
        ),
        ("realms", s.realms.iter().map(|x| x.id.as_str()).collect()),
        (
            "characters",
            s.characters.iter().map(|x| x.id.as_str()).collect(),
        ),
    ];
    for (section, ids) in &shared {
        for id in ids {
            match owner_of.get(id) {
                Some(first) if first != section => c.problem(
                    section,
                    id,
                    None,
                    format!("id \"{id}\" is used in {first} and in {section}; ids must differ across areas, provinces, sea zones, realms and characters"),
                ),
                Some(_) => {}
                None => {
                    owner_of.insert(id, section);
                }
            }
        }
    }
    // An id may be shared under one name (a province and the trade node named after it), not
    // under two: the log and the window show one name wherever the id is written.
    for clash in crate::engine::log::name_clashes(super::named_items(s)) {
        c.problem(clash.second.0, clash.id, None, clash.message());
    }
    let areas: HashMap<&str, &AreaDef> = s.map.areas.iter().map(|a| (a.id.as_str(), a)).collect();
    let seas: HashMap<&str, &SeaZoneDef> =
        s.map.sea_zones.iter().map(|z| (z.id.as_str(), z)).collect();
    for area in &s.map.areas {
        for border in &area.neighbours {
            c.reference("areas", &area.id, "neighbours", "areas", &border.area);
            if let Some(other) = areas.get(border.area.as_str()) {
                match other.neighbours.iter().find(|b| b.area == area.id) {
                    None => c.problem(
                        "areas",
                        &area.id,
                        Some(&border.area),
                        format!(
                            "area \"{}\" lists \"{}\" as a neighbour, but not the other way round",
                            area.id, border.area
                        ),
                    ),
                    Some(back) if back.mountain != border.mountain => c.problem(
                        "areas",
                        &area.id,
                        Some(&border.area),
                        format!(
                            "the border {} - {} is a mountain border on one side only",
                            area.id, border.area
                        ),
                    ),
                    _ => {}
                }
            }
            if border.area == area.id {
                c.problem(
                    "areas",
                    &area.id,
                    Some(&border.area),
                    format!("area \"{}\" borders itself", area.id),
                );
            }
        }
        for sea in &area.seas {
            c.reference("areas", &area.id, "seas", "sea_zones", sea);
        }
        if area.explore > 3 || (area.explore > 0 && !area.distant) {
            c.problem(
                "areas",
                &area.id,
                None,
                format!(
                    "area \"{}\": an exploration number is 1-3 and only on a distant area",
                    area.id
                ),
            );
        }
    }
    for sea in &s.map.sea_zones {
        for n in &sea.neighbours {
            c.reference("sea_zones", &sea.id, "neighbours", "sea_zones", n);
            if let Some(other) = seas.get(n.as_str())
                && !other.neighbours.contains(&sea.id)
            {
                c.problem(
                    "sea_zones",
                    &sea.id,
                    Some(n),
                    format!(
                        "sea zone \"{}\" lists \"{n}\" as a neighbour, but not the other way round",
                        sea.id
                    ),
                );
            }
        }
    }
    let owners: HashMap<&str, Option<&str>> = s
        .map
        .provinces
        .iter()
        .map(|p| (p.id.as_str(), p.owner.as_deref()))
        .collect();
    for p in &s.map.provinces {
        c.reference("provinces", &p.id, "area", "areas", &p.area);
        if let Some(port) = &p.port {
            c.reference("provinces", &p.id, "port", "sea_zones", port);
            if let Some(area) = areas.get(p.area.as_str())
                && c.has("sea_zones", port)
                && !area.seas.contains(port)
            {
                c.problem(
                    "provinces",
                    &p.id,
                    Some(port),
                    format!(
                        "port of \"{}\" faces \"{port}\", which its area \"{}\" does not touch",
                        p.id, p.area
                    ),
                );
            }
        }
        for core in &p.cores {
            c.reference("provinces", &p.id, "cores", "realms", core);
        }
        if let Some(owner) = &p.owner {
            c.reference("provinces", &p.id, "owner", "realms", owner);
        } else if p.holding != Holding::None {
            c.problem(
                "provinces",
                &p.id,
                None,
                format!("province \"{}\" has a {:?} but no owner", p.id, p.holding),
            );
        }
        if p.shape.iter().any(|ring| ring.len() < 3) {
            c.problem(
                "provinces",
                &p.id,
                None,
                format!(
                    "province \"{}\" has a shape ring with fewer than 3 points",
                    p.id
                ),
            );
        }
    }
    for r in &s.realms {
        c.reference("realms", &r.id, "capital", "provinces", &r.capital);
        if let Some(Some(owner)) = owners.get(r.capital.as_str())
            && *owner != r.id
        {
            c.problem(
                "realms",
                &r.id,
                Some(&r.capital),
                format!(
                    "capital \"{}\" of \"{}\" is owned by \"{owner}\"",
                    r.capital, r.id
                ),
            );
        }
        if !(-3..=3).contains(&r.stability) {
            c.problem(
                "realms",
                &r.id,
                None,
                format!(
                    "stability of \"{}\" must be -3 to +3, not {}",
                    r.id, r.stability
                ),
            );
        }
        match &r.ruler {
            Some(ruler) => {
                c.reference("realms", &r.id, "ruler", "characters", ruler);
                if s.characters
                    .iter()
                    .any(|ch| &ch.id == ruler && ch.kind != CharacterKind::Leader)
                {
                    c.problem(
                        "realms",
                        &r.id,
                        Some(ruler),
                        format!("ruler \"{ruler}\" is not a leader"),
                    );
                }
            }
            None if r.kind == RealmKind::Player => c.problem(
                "realms",
                &r.id,
                None,
                format!("Player Realm \"{}\" needs a starting ruler", r.id),
            ),
            None => {}
        }
        for advisor in &r.advisors {
            c.reference("realms", &r.id, "advisors", "characters", advisor);
            if let Some(ch) = s.characters.iter().find(|ch| &ch.id == advisor)
                && !matches!(ch.kind, CharacterKind::Advisor(_))
            {
                c.problem(
                    "realms",
                    &r.id,
                    Some(advisor),
                    format!("\"{advisor}\" is not an advisor"),
                );
            }
        }
    }
    // A character starts in at most one post.
    let mut posts: HashMap<&str, &str> = HashMap::new();
    for r in &s.realms {
        for ch in r.ruler.iter().chain(r.advisors.iter()) {
            if let Some(other) = posts.insert(ch.as_str(), r.id.as_str()) {
                c.problem(
                    "realms",
                    &r.id,
                    Some(ch),
                    format!("\"{ch}\" already starts in a post of \"{other}\""),
                );
            }
        }
        let mut kinds = Vec::new();
        for advisor in &r.advisors {
            if let Some(CharacterKind::Advisor(kind)) = s
                .characters
                .iter()
                .find(|ch| &ch.id == advisor)
                .map(|ch| ch.kind)
            {
                if kinds.contains(&kind) {
                    c.problem(
                        "realms",
                        &r.id,
                        Some(advisor),
                        format!("\"{}\" has two {kind:?} advisors", r.id),
                    );
                }
                kinds.push(kind);
            }
        }
    }
    if s.ruleset == Ruleset::PriceOfPower && !s.realms.iter().any(|r| r.kind == RealmKind::Player) {
        c.problems.push(Problem {
            section: "realms",
            id: String::new(),
            occurrence: 0,
            value: None,
            field: None,
            message: "a Price of Power scenario needs at least one Player Realm".to_string(),
        });
    }
    for ch in &s.characters {
        if let Some(realm) = &ch.realm {
            c.reference("characters", &ch.id, "realm", "realms", realm);
        }
        if ch.mortality.is_some_and(|m| !(1..=6).contains(&m)) {
            c.problem(
                "characters",
                &ch.id,
                None,
                format!("mortality icon of \"{}\" must be 1-6", ch.id),
            );
        }
    }
    for e in &s.events {
        if !(1..=4).contains(&e.age) {
            c.problem(
                "events",
                &e.id,
                None,
                format!("event \"{}\": age must be 1-4, not {}", e.id, e.age),
            );
        }
        if e.half > 2 {
            c.problem(
                "events",
                &e.id,
                None,
                format!("event \"{}\": half must be 1, 2 or 0 for (X)", e.id),
            );
        }
        if e.options.len() > 2 {
            c.problem(
                "events",
                &e.id,
                None,
                format!("event \"{}\" has more than two options", e.id),
            );
        }
        match (&e.kind, &e.realm) {
            (EventKind::Realm, None) => c.problem(
                "events",
                &e.id,
                None,
                format!("realm event \"{}\" needs a realm", e.id),
            ),
            (_, Some(realm)) => c.reference("events", &e.id, "realm", "realms", realm),
            _ => {}
        }
        if let Some(chooser) = &e.chooser {
            c.reference("events", &e.id, "chooser", "realms", chooser);
            if e.options.len() < 2 {
                c.problem(
                    "events",
                    &e.id,
                    Some(chooser),
                    format!(
                        "\"{}\" names a `chooser` but offers no A/B choice: give it two options or leave the chooser out",
                        e.id
                    ),
                );
            }
        }
        if e.ruler.is_some() && !e.rulers.is_empty() {
            c.problem(
                "events",
                &e.id,
                e.rulers.first().map(|r| r.as_str()),
                format!(
                    "\"{}\" gives both `ruler` and `rulers`: list every ruler on the card in `rulers`",
                    e.id
                ),
            );
        }
        for (n, ruler) in e.shown_rulers().enumerate() {
            let field = if e.ruler.is_some() && n == 0 {
                "ruler"
            } else {
                "rulers"
            };
            c.reference("events", &e.id, field, "characters", ruler);
            if s.characters
                .iter()
                .any(|ch| &ch.id == ruler && ch.kind != CharacterKind::Leader)
            {
                c.problem(
                    "events",
                    &e.id,
                    Some(ruler),
                    format!("the ruler \"{ruler}\" on \"{}\" is not a leader", e.id),
                );
            }
            if e.shown_rulers().take(n).any(|r| r == ruler) {
                c.problem(
                    "events",
                    &e.id,
                    Some(ruler),
                    format!("the ruler \"{ruler}\" is shown twice on \"{}\"", e.id),
                );
            }
        }
        // The card's flag names whose rulers they are; without one, the rulers' own realm does,
        // and a card cannot offer its rulers to two realms.
        if e.realm.is_none() {
            // Characters the scenario lacks are reported above, once.
            let mut shown = e.shown_rulers().filter_map(|id| {
                s.characters
                    .iter()
                    .find(|ch| &ch.id == id)
                    .map(|ch| (id, ch.realm))
            });
            if let Some((_, owner)) = shown.next()
                && let Some((other, _)) = shown.find(|(_, realm)| *realm != owner)
            {
                c.problem(
                    "events",
                    &e.id,
                    Some(other),
                    format!(
                        "the rulers on \"{}\" belong to different realms: give the card a `realm`",
                        e.id
                    ),
                );
            }
        }
        for effect in e.options.iter().flat_map(|o| &o.effects) {
            check_effect(&mut c, "events", &e.id, effect);
        }
        for symbol in &e.symbols {
            match symbol {
                EventSymbol::DnprExpansion(realm) => {
                    c.reference("events", &e.id, "symbols", "realms", realm)
                }
                EventSymbol::Mortality(m) if !(1..=6).contains(m) => c.problem(
                    "events",
                    &e.id,
                    None,
                    format!("event \"{}\": mortality icon must be 1-6", e.id),
                ),
                _ => {}
            }
        }
    }
    for card in &s.action_cards {
        if let Some(ch) = &card.character {
            c.reference("action_cards", &card.id, "character", "characters", ch);
        }
        for effect in &card.effects {
            check_effect(&mut c, "action_cards", &card.id, effect);
        }
    }
    for idea in &s.ideas {
        for effect in &idea.immediate {
            check_effect(&mut c, "ideas", &idea.id, effect);
        }
    }
    check_missions(&mut c, s);
    check_trade(&mut c, s);
    check_power_struggles(&mut c, s);
    if let Some(emperor) = s.options.emperor.as_deref().filter(|e| !c.has("realms", e)) {
        c.problem(
            "realms",
            "",
            Some(emperor),
            format!("options: emperor: unknown realm id \"{emperor}\""),
        );
    }
    check_curia(&mut c, s);
    check_empire(&mut c, s);
    if s.options.first_age < 1 || s.options.last_age > 4 || s.options.first_age > s.options.last_age
    {
        c.problem(
            "realms",
            "",
            None,
            "options: ages must satisfy 1 <= first_age <= last_age <= 4".to_string(),
        );
    }

    c.problems
        .into_iter()
        .map(|p| {
            let at = match (&p.value, p.field) {
                (Some(v), _) => locator
                    .reference(p.section, &p.id, p.occurrence, v)
                    .or_else(|| locator.top_level(v)),
                (None, Some(f)) if p.id.is_empty() => locator.top_level_field(f),
                (None, Some(f)) => locator.field(p.section, &p.id, p.occurrence, f),
                (None, None) => locator.item(p.section, &p.id, p.occurrence),
            };
            let (line, col) = at.unwrap_or((1, 1));
            ContentError {
                file: file.to_string(),
                line,
                col,
                message: p.message,
            }
        })
        .collect()
}

/// Largest size of each kind of effect: beyond it a card is surely a typo (and could overflow).
fn effect_bound(effect: &Effect) -> Option<(i64, i64)> {
    match effect {
        Effect::Ducats(n) => Some((i64::from(*n), 1000)),
        Effect::Mp(_, n) | Effect::AnyMp(n) => Some((i64::from(*n), 10)),
        Effect::Stability(n) => Some((i64::from(*n), 6)),
        Effect::Prestige(n) => Some((i64::from(*n), 100)),
        Effect::Manpower(n) => Some((i64::from(*n), 20)),
        Effect::Unrest(n)
        | Effect::UnrestIn(_, n)
        | Effect::TownUnrest(n)
        | Effect::TownUnrestIn(_, n) => Some((i64::from(*n), 20)),
        Effect::Loan(n) => Some((i64::from(*n), 5)),
        _ => None,
    }
}

fn check_effect(c: &mut Checker, section: &'static str, id: &str, effect: &Effect) {
    if let Some((n, bound)) = effect_bound(effect)
        && n.abs() > bound
    {
        c.problem(
            section,
            id,
            None,
            format!("{effect:?} in \"{id}\" is out of range (at most {bound} either way)"),
        );
    }
    match effect {
        Effect::Claim(area)
        | Effect::CoreToken(area)
        | Effect::UnrestIn(area, _)
        | Effect::TownUnrestIn(area, _)
        | Effect::Faith(area, _) => c.reference(section, id, "area", "areas", area),
        Effect::CasusBelli(realm) => c.reference(section, id, "CasusBelli", "realms", realm),
        Effect::ExpandNode(node) => c.reference(section, id, "ExpandNode", "trade_nodes", node),
        _ => {}
    }
}

/// Missions and Milestones: their decks, prerequisites, conditions and rewards.
fn board_of(s: &Scenario) -> Board {
    Board {
        continents: s.map.areas.iter().map(|a| a.continent).collect(),
        area_sizes: s
            .map
            .areas
            .iter()
            .map(|a| {
                let n = s.map.provinces.iter().filter(|p| p.area == a.id).count();
                (a.id, n)
            })
            .collect(),
    }
}

fn check_missions(c: &mut Checker, s: &Scenario) {
    let board = board_of(s);
    for m in &s.missions {
        for realm in &m.realms {
            c.reference("missions", &m.id, "realms", "realms", realm);
            if s.realms
                .iter()
                .any(|r| &r.id == realm && r.kind != RealmKind::Player)
            {
                c.problem(
                    "missions",
                    &m.id,
                    Some(realm),
                    format!("mission \"{}\": \"{realm}\" is not a Player Realm, so it has no Mission deck", m.id),
                );
            }
        }
        for r in &m.requires {
            c.reference("missions", &m.id, "requires", "missions", r);
            if r == &m.id {
                c.problem(
                    "missions",
                    &m.id,
                    Some(r),
                    format!("mission \"{}\" requires itself", m.id),
                );
            }
        }
        if m.starting && !m.requires.is_empty() {
            c.problem(
                "missions",
                &m.id,
                None,
                format!(
                    "starting mission \"{}\" cannot require other missions",
                    m.id
                ),
            );
        }
        check_goal(c, "missions", &m.id, &m.conditions, &m.reward, &board);
    }
    for m in &s.milestones {
        if !(1..=4).contains(&m.age) {
            c.problem(
                "milestones",
                &m.id,
                None,
                format!("milestone \"{}\": age must be 1-4, not {}", m.id, m.age),
            );
        }
        check_goal(c, "milestones", &m.id, &m.conditions, &m.reward, &board);
    }
}

/// Power Struggles (17.4): Battleground Areas on the map, criteria naming Player Realms and
/// conditions that resolve.
fn check_power_struggles(c: &mut Checker, s: &Scenario) {
    let board = board_of(s);
    if s.options.power_struggles && s.power_struggles.is_empty() {
        c.field_problem(
            "power_struggles",
            "",
            "power_struggles",
            "options: power_struggles: true, but the scenario lists no Power Struggle cards"
                .to_string(),
        );
    }
    for p in &s.power_struggles {
        for (i, area) in p.battlegrounds.iter().enumerate() {
            if p.battlegrounds[..i].contains(area) {
                c.problem(
                    "power_struggles",
                    &p.id,
                    Some(area),
                    format!(
                        "power struggle \"{}\" lists the battleground area \"{area}\" twice",
                        p.id
                    ),
                );
            }
        }
        if p.battlegrounds.is_empty() {
            c.problem(
                "power_struggles",
                &p.id,
                None,
                format!("power struggle \"{}\" has no battleground areas", p.id),
            );
        }
        for area in &p.battlegrounds {
            c.reference("power_struggles", &p.id, "battlegrounds", "areas", area);
        }
        for criterion in &p.criteria {
            for realm in &criterion.realms {
                c.reference("power_struggles", &p.id, "realms", "realms", realm);
                if s.realms
                    .iter()
                    .any(|r| &r.id == realm && r.kind != RealmKind::Player)
                {
                    c.problem(
                        "power_struggles",
                        &p.id,
                        Some(realm),
                        format!(
                            "power struggle \"{}\": \"{realm}\" is not a Player Realm and never scores",
                            p.id
                        ),
                    );
                }
            }
            if criterion.conditions.is_empty() {
                c.problem(
                    "power_struggles",
                    &p.id,
                    None,
                    format!(
                        "power struggle \"{}\": the criterion \"{}\" has no conditions",
                        p.id, criterion.text
                    ),
                );
            }
            for condition in &criterion.conditions {
                check_condition(c, "power_struggles", &p.id, condition, &board);
            }
        }
    }
}

/// What conditions are checked against.
/// Trade (12): nodes on the map, cards naming nodes and Key Provinces, income rows best
/// first, distant cards on real distant continents, and the merchants realms start with.
fn check_trade(c: &mut Checker, s: &Scenario) {
    for n in &s.trade_nodes {
        if n.maritime {
            if n.seas.is_empty() || n.area.is_some() {
                c.problem(
                    "trade_nodes",
                    &n.id,
                    None,
                    format!(
                        "maritime trade node \"{}\" needs sea zones and no area",
                        n.id
                    ),
                );
            }
            for sea in &n.seas {
                c.reference("trade_nodes", &n.id, "seas", "sea_zones", sea);
            }
        } else {
            match &n.area {
                Some(area) => c.reference("trade_nodes", &n.id, "area", "areas", area),
                None => c.problem(
                    "trade_nodes",
                    &n.id,
                    None,
                    format!("inland trade node \"{}\" needs the area it sits in", n.id),
                ),
            }
            if !n.seas.is_empty() {
                c.problem(
                    "trade_nodes",
                    &n.id,
                    None,
                    format!("inland trade node \"{}\" touches no sea zones", n.id),
                );
            }
        }
    }
    let distant: HashSet<&str> = s
        .map
        .areas
        .iter()
        .filter(|a| a.distant)
        .map(|a| a.continent.as_str())
        .collect();
    for card in &s.trade_cards {
        let id = card.id.as_str();
        if !(2..=3).contains(&card.nodes.len()) {
            c.problem(
                "trade_cards",
                id,
                None,
                format!(
                    "trade card \"{id}\" names 2 or 3 trade nodes, not {}",
                    card.nodes.len()
                ),
            );
        }
        let mut named: Vec<&str> = Vec::new();
        for node in &card.nodes {
            c.reference("trade_cards", id, "node", "trade_nodes", &node.node);
            if named.contains(&node.node.as_str()) {
                c.problem(
                    "trade_cards",
                    id,
                    Some(&node.node),
                    format!("trade card \"{id}\" names \"{}\" twice", node.node),
                );
            }
            named.push(&node.node);
            if node.keys.len() > 4 {
                c.problem(
                    "trade_cards",
                    id,
                    Some(&node.node),
                    format!("trade card \"{id}\": at most 4 Key Provinces per node"),
                );
            }
            for key in &node.keys {
                c.reference("trade_cards", id, "keys", "provinces", &key.province);
            }
            if let Some(secondary) = &node.secondary {
                c.reference("trade_cards", id, "secondary", "trade_nodes", secondary);
                if *secondary == node.node {
                    c.problem(
                        "trade_cards",
                        id,
                        Some(secondary),
                        format!("trade card \"{id}\": a node is not its own secondary node"),
                    );
                }
            }
        }
        let descending = card.rows.windows(2).all(|w| w[0].power > w[1].power);
        if card.rows.is_empty() || !descending || card.rows.iter().any(|r| r.power == 0) {
            c.problem(
                "trade_cards",
                id,
                None,
                format!(
                    "trade card \"{id}\": income rows are listed best first, each needing more trade power (at least 1) than the next"
                ),
            );
        }
        for continent in &card.continents {
            if !distant.contains(continent.as_str()) {
                c.problem(
                    "trade_cards",
                    id,
                    Some(continent),
                    format!(
                        "trade card \"{id}\": \"{continent}\" is not a distant continent of the map"
                    ),
                );
            }
        }
    }
    for r in &s.realms {
        let mut seen: Vec<&str> = Vec::new();
        for node in &r.merchants {
            c.reference("realms", &r.id, "merchants", "trade_nodes", node);
            if seen.contains(&node.as_str()) {
                c.problem(
                    "realms",
                    &r.id,
                    Some(node),
                    format!("\"{}\" may have only 1 merchant in \"{node}\"", r.id),
                );
            }
            seen.push(node);
        }
        if r.merchants.len() > usize::from(s.options.merchants) {
            c.problem(
                "realms",
                &r.id,
                None,
                format!(
                    "\"{}\" places {} merchants but a realm has {} (options: merchants)",
                    r.id,
                    r.merchants.len(),
                    s.options.merchants
                ),
            );
        }
        if !r.merchants.is_empty() && r.kind != RealmKind::Player {
            c.problem(
                "realms",
                &r.id,
                None,
                format!("only Player Realms have merchants, not \"{}\"", r.id),
            );
        }
    }
}

/// The Holy Roman Empire (18): known areas, electors inside the Empire, authority 0 to 6.
fn check_empire(c: &mut Checker, s: &Scenario) {
    let o = &s.options;
    for (field, list) in [("hre_areas", &o.hre_areas), ("electors", &o.electors)] {
        let unknown: Vec<&Id> = list.iter().filter(|a| !c.has("areas", a)).collect();
        for area in unknown {
            c.problem(
                "areas",
                "",
                Some(area),
                format!("options: {field}: unknown area id \"{area}\""),
            );
        }
    }
    for area in o.electors.iter().filter(|a| !o.hre_areas.contains(a)) {
        c.problem(
            "areas",
            "",
            Some(area),
            format!("options: electors: \"{area}\" is not listed in hre_areas"),
        );
    }
    if !(0..=6).contains(&o.imperial_authority) {
        c.problem(
            "realms",
            "",
            o.emperor.as_deref(),
            format!(
                "options: imperial_authority: {} is outside 0 to 6",
                o.imperial_authority
            ),
        );
    }
}

/// The Papal Curia (19): the Papal States realm and the Roma province named in the options,
/// and starting cardinals only on Catholic Player Realms.
fn check_curia(c: &mut Checker, s: &Scenario) {
    if let Some(pap) = s.options.papal_states.as_deref() {
        if !c.has("realms", pap) {
            c.problem(
                "realms",
                "",
                Some(pap),
                format!("options: papal_states: unknown realm id \"{pap}\""),
            );
        } else if !s
            .realms
            .iter()
            .any(|r| r.id == pap && r.kind == RealmKind::NonPlayer && r.religion.catholic())
        {
            c.problem(
                "realms",
                "",
                Some(pap),
                format!("options: papal_states: \"{pap}\" is not a Catholic Non-Player Realm"),
            );
        }
    }
    if let Some(roma) = s.options.roma.as_deref()
        && !c.has("provinces", roma)
    {
        c.problem(
            "provinces",
            "",
            Some(roma),
            format!("options: roma: unknown province id \"{roma}\""),
        );
    }
    for r in s.realms.iter().filter(|r| r.cardinals > 0) {
        let catholic = r.religion.catholic();
        if r.kind != RealmKind::Player || !catholic {
            c.field_problem(
                "realms",
                &r.id,
                "cardinals",
                format!(
                    "only Catholic Player Realms hold cardinals, not \"{}\" (cardinals: {})",
                    r.id, r.cardinals
                ),
            );
        }
    }
}

struct Board {
    continents: HashSet<Id>,
    area_sizes: HashMap<Id, usize>,
}

fn check_goal(
    c: &mut Checker,
    section: &'static str,
    id: &str,
    conditions: &[Condition],
    reward: &[Effect],
    board: &Board,
) {
    if conditions.is_empty() {
        c.problem(
            section,
            id,
            None,
            format!("\"{id}\" has no conditions: it would score for nothing"),
        );
    }
    for condition in conditions {
        check_condition(c, section, id, condition, board);
    }
    for effect in reward {
        check_effect(c, section, id, effect);
        if matches!(
            effect,
            Effect::AnyMp(_)
                | Effect::Unrest(_)
                | Effect::UnrestIn(..)
                | Effect::TownUnrest(_)
                | Effect::TownUnrestIn(..)
                | Effect::Loan(_)
                | Effect::RulerIllHealth
                | Effect::ExpandAnyNode
                | Effect::IntegrateArea
        ) {
            c.problem(
                section,
                id,
                None,
                format!("reward of \"{id}\": {effect:?} asks a choice or is no reward; use Ducats, Mp, Stability, Prestige, Manpower, Claim, CoreToken, CasusBelli, Faith or ExpandNode"),
            );
        }
    }
}

fn check_condition(
    c: &mut Checker,
    section: &'static str,
    id: &str,
    condition: &Condition,
    board: &Board,
) {
    match condition {
        Condition::Province(p) => c.reference(section, id, "conditions", "provinces", p),
        Condition::ProvincesIn(area, n) => {
            c.reference(section, id, "conditions", "areas", area);
            if let Some(size) = board.area_sizes.get(area)
                && usize::from(*n) > *size
            {
                c.problem(
                    section,
                    id,
                    Some(area),
                    format!("\"{id}\": {area} has only {size} provinces, never {n}"),
                );
            }
        }
        Condition::WholeArea(area) | Condition::ClaimOn(area) | Condition::InfluenceIn(area, _) => {
            c.reference(section, id, "conditions", "areas", area)
        }
        Condition::ProvincesInAreas(areas, _) => {
            for area in areas {
                c.reference(section, id, "conditions", "areas", area);
            }
        }
        Condition::AlliedWith(realm)
        | Condition::MarriedTo(realm)
        | Condition::WonWarAgainst(realm) => {
            c.reference(section, id, "conditions", "realms", realm)
        }
        Condition::Idea(idea) => c.reference(section, id, "conditions", "ideas", idea),
        Condition::Discovered(continent) if !board.continents.contains(continent) => c.problem(
            section,
            id,
            Some(continent),
            format!("\"{id}\": no area lies on a continent \"{continent}\""),
        ),
        Condition::Stability(n) if !(-3..=3).contains(n) => c.problem(
            section,
            id,
            None,
            format!("\"{id}\": stability runs from -3 to +3, not {n}"),
        ),
        Condition::AnyOf(options) => {
            if options.is_empty() {
                c.problem(
                    section,
                    id,
                    None,
                    format!("\"{id}\": AnyOf needs at least one condition"),
                );
            }
            for option in options {
                check_condition(c, section, id, option, board);
            }
        }
        _ => {}
    }
}
