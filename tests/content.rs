//! Scenario files: every shipped scenario checks clean; broken input gets `file:line:col`
//! errors, all of them at once, and never a panic.

mod common;

use std::path::Path;

use regnum::rulesets::pop::content::schema::{Holding, RealmKind};
use regnum::rulesets::pop::content::{check_path, default_scenario, parse_scenario};

#[test]
fn every_scenario_file_passes_check() {
    let mut checked = 0;
    for entry in std::fs::read_dir("scenarios").expect("scenarios folder") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            // Every ruleset's scenarios, through the registry `regnum check` uses.
            if let Err(errors) = regnum::rulesets::check_path(&path) {
                panic!(
                    "{} has errors:\n{}",
                    path.display(),
                    errors
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("\n")
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 1);
    assert!(check_path(Path::new("tests/data/mini.ron")).is_ok());
}

#[test]
fn default_scenario_is_europe_1444_at_full_size() {
    let s = default_scenario();
    assert_eq!(s.id, "1444");
    let players = s
        .realms
        .iter()
        .filter(|r| r.kind == RealmKind::Player)
        .count();
    let npr = s
        .realms
        .iter()
        .filter(|r| r.kind == RealmKind::NonPlayer)
        .count();
    assert!(players >= 5, "{players} Player Realms");
    assert!(npr >= 10, "{npr} Non-Player Realms");
    let distant: Vec<&str> = s
        .map
        .areas
        .iter()
        .filter(|a| a.distant)
        .map(|a| a.id.as_str())
        .collect();
    let land = s
        .map
        .provinces
        .iter()
        .filter(|p| !distant.contains(&p.area.as_str()))
        .count();
    assert!(land >= 80, "{land} land provinces on the main board");
    let areas = s.map.areas.iter().filter(|a| !a.distant).count();
    assert!(areas >= 25, "{areas} areas");
    assert!(!s.map.sea_zones.is_empty());
    assert!(!distant.is_empty(), "distant continents for Explore");
    let continents: std::collections::BTreeSet<&str> = s
        .map
        .areas
        .iter()
        .filter(|a| a.distant)
        .map(|a| a.continent.as_str())
        .collect();
    assert!(continents.len() >= 2, "{continents:?}");
    // Historical rulers on realm events.
    let historical = s.characters.iter().filter(|c| c.realm.is_some()).count();
    assert!(historical >= 10);
    assert!(s.events.iter().any(|e| e.ruler.is_some()));
    // Every province has something to draw.
    assert!(s.map.provinces.iter().all(|p| !p.shape.is_empty()));
    assert!(
        s.map
            .provinces
            .iter()
            .filter(|p| p.holding == Holding::Town)
            .count()
            > 20
    );
}

#[test]
fn default_scenario_has_the_issue_6_ideas_and_action_cards() {
    use regnum::rulesets::pop::content::schema::{CharacterKind, IdeaEffect, MpKind};
    let s = default_scenario();
    assert!(s.ideas.len() >= 24, "{} Ideas", s.ideas.len());
    let quest = s
        .ideas
        .iter()
        .find(|i| i.name == "Quest for the New World")
        .expect("Quest for the New World");
    assert!(quest.effects.contains(&IdeaEffect::QuestForTheNewWorld));
    assert!(
        s.ideas.iter().filter(|i| i.government).count() >= 3,
        "several government forms"
    );
    for idea in &s.ideas {
        assert!(!idea.effects.is_empty(), "{} does nothing", idea.id);
    }
    for deck in MpKind::ALL {
        let cards: Vec<_> = s.action_cards.iter().filter(|c| c.deck == deck).collect();
        assert!(cards.len() >= 30, "{deck:?}: {} cards", cards.len());
        for card in cards {
            let who = card
                .character
                .as_deref()
                .expect("every card has a character");
            let c = s
                .characters
                .iter()
                .find(|c| c.id == who)
                .unwrap_or_else(|| panic!("{}: no character {who}", card.id));
            let fits = match deck {
                MpKind::Mil => matches!(
                    c.kind,
                    CharacterKind::Leader | CharacterKind::Advisor(MpKind::Mil)
                ),
                _ => c.kind == CharacterKind::Advisor(deck),
            };
            assert!(fits, "{}: {who} does not fit the {deck:?} deck", card.id);
            assert!(!card.effects.is_empty(), "{} does nothing", card.id);
        }
    }
}

#[test]
fn scenario_cut_in_half_is_rejected_with_position() {
    let text = regnum::rulesets::pop::content::DEFAULT_SCENARIO_RON;
    let half = &text[..text.len() / 2];
    let errors = parse_scenario(half, "half.ron").unwrap_err();
    assert_eq!(errors.len(), 1);
    let e = &errors[0];
    assert_eq!(e.file, "half.ron");
    assert!(e.line > 1, "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("half.ron:{}:{}: ", e.line, e.col))
    );
}

#[test]
fn every_prefix_of_a_scenario_fails_cleanly() {
    // Truncations at many points: always an error, never a panic.
    let text = common::MINI;
    for cut in (0..text.len()).step_by(97) {
        if !text.is_char_boundary(cut) {
            continue;
        }
        assert!(
            parse_scenario(&text[..cut], "cut.ron").is_err(),
            "cut at {cut}"
        );
    }
}

#[test]
fn malformed_ron_reports_line_and_column() {
    let text = common::MINI.replace("size: Large, port", "size: Huge, port");
    let errors = parse_scenario(&text, "bad.ron").unwrap_err();
    let line = text.lines().position(|l| l.contains("Huge")).unwrap() + 1;
    assert_eq!(errors[0].line, line, "{}", errors[0]);
    assert!(errors[0].message.contains("Huge"), "{}", errors[0]);
}

#[test]
fn unknown_field_is_an_error_not_silently_ignored() {
    let text = common::MINI.replace(
        "religion: Orthodox,\n             neighbours",
        "relgion: Orthodox,\n             neighbours",
    );
    let errors = parse_scenario(&text, "typo.ron").unwrap_err();
    assert!(errors[0].message.contains("relgion"), "{}", errors[0]);
}

#[test]
fn every_unknown_id_is_reported_at_once_with_positions() {
    let text = common::MINI
        .replace(
            "area: \"south\", size: Large",
            "area: \"soth\", size: Large",
        )
        .replace("capital: \"capc\"", "capital: \"nowhere\"")
        .replace("ruler: Some(\"ruler_b\")", "ruler: Some(\"nobody\")");
    let errors = parse_scenario(&text, "refs.ron").unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 3, "{messages:#?}");
    for (needle, e) in [
        ("soth", &errors[0]),
        ("nobody", &errors[1]),
        ("nowhere", &errors[2]),
    ] {
        let found = messages
            .iter()
            .find(|m| m.contains(needle))
            .unwrap_or_else(|| panic!("{needle}: {messages:#?}"));
        let line = text
            .lines()
            .position(|l| l.contains(&format!("\"{needle}\"")))
            .unwrap()
            + 1;
        assert!(
            found.starts_with(&format!("refs.ron:{line}:")),
            "{found} (expected line {line})"
        );
        let _ = e;
    }
}

#[test]
fn duplicate_ids_are_reported_at_the_second_definition() {
    let text = common::MINI.replace(
        "(id: \"nora\", name: \"Nora\"",
        "(id: \"capa\", name: \"Nora\"",
    );
    let errors = parse_scenario(&text, "dup.ron").unwrap_err();
    let dup = errors
        .iter()
        .find(|e| e.message.contains("duplicate id \"capa\""))
        .expect("duplicate reported");
    let line = text
        .lines()
        .position(|l| l.contains("name: \"Nora\""))
        .unwrap()
        + 1;
    assert_eq!(dup.line, line, "{dup}");
}

#[test]
fn an_id_under_two_names_is_reported_at_the_second() {
    // The province "kaffa" is "Kaffa"; its trade node, sharing the id, may not be "Caffa": the
    // log and the window show one name wherever the id is written.
    let original = "TradeNodeDef(id: \"kaffa\", name: \"Kaffa\"";
    let text = include_str!("../scenarios/1444.ron");
    assert!(text.contains(original));
    let text = text.replace(original, "TradeNodeDef(id: \"kaffa\", name: \"Caffa\"");
    let errors = parse_scenario(&text, "1444.ron").unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let line = text
        .lines()
        .position(|l| l.contains("name: \"Caffa\""))
        .unwrap()
        + 1;
    assert_eq!(
        errors[0].to_string(),
        format!(
            "1444.ron:{line}:26: id \"kaffa\" names the province \"Kaffa\" and the trade node \
             \"Caffa\": the log and the window show one name wherever the id is written; give \
             the two the same name, or one of them another id"
        )
    );
}

#[test]
fn asymmetric_adjacency_is_an_error() {
    let text = common::MINI.replace(
        "neighbours: [(area: \"north\"), (area: \"east\")]",
        "neighbours: [(area: \"east\")]",
    );
    let errors = parse_scenario(&text, "adj.ron").unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("not the other way round")),
        "{errors:?}"
    );
}

#[test]
fn check_reports_a_missing_file_without_panicking() {
    let errors = check_path(Path::new("no/such/file.ron")).unwrap_err();
    assert!(
        errors[0]
            .to_string()
            .starts_with("no/such/file.ron:1:1: cannot read")
    );
}

#[test]
fn a_mod_replaces_and_adds_items_on_its_base() {
    let dir = common::temp_dir("mod");
    std::fs::write(dir.join("mini.ron"), common::MINI).unwrap();
    std::fs::write(
        dir.join("my_mod.ron"),
        r#"Mod(id: "m", name: "Test mod", base: "mini",
            characters: [(id: "ruler_b", name: "Berta", kind: Leader, skills: (5, 5, 5))],
            realms: [],
        )"#,
    )
    .unwrap();
    match check_path(&dir.join("my_mod.ron")).expect("mod checks") {
        regnum::rulesets::pop::content::LoadedFile::Mod(_, merged) => {
            let b = merged
                .characters
                .iter()
                .find(|c| c.id == "ruler_b")
                .unwrap();
            assert_eq!((b.name.as_str(), b.skills), ("Berta", (5, 5, 5)));
        }
        other => panic!("not a mod: {other:?}"),
    }
    std::fs::write(dir.join("bad_mod.ron"), r#"Mod(id: "m", base: "mini", realms: [(id: "DDD", capital: "atlantis", kind: NonPlayer)])"#).unwrap();
    let errors = check_path(&dir.join("bad_mod.ron")).unwrap_err();
    assert!(
        errors[0].to_string().contains("bad_mod.ron:1:"),
        "{errors:?}"
    );
    assert!(errors[0].message.contains("atlantis"));
}

#[test]
fn ids_must_differ_across_areas_provinces_seas_realms_and_characters() {
    let text = common::MINI.replace(
        "(id: \"nora\", name: \"Nora\", area: \"north\"",
        "(id: \"east\", name: \"Nora\", area: \"north\"",
    );
    let errors = parse_scenario(&text, "clash.ron").unwrap_err();
    assert!(
        errors.iter().any(|e| e
            .message
            .contains("id \"east\" is used in areas and in provinces")),
        "{errors:?}"
    );
}

#[test]
fn impossible_setups_are_rejected() {
    // Stability outside -3..+3, an advisor as ruler, one character in two posts, a huge effect.
    let text = common::MINI
        .replace(
            "ruler: Some(\"ruler_b\")",
            "ruler: Some(\"adv_a\"), stability: 5",
        )
        .replace("Ducats(3)", "Ducats(5000)");
    let errors = parse_scenario(&text, "bad.ron").unwrap_err();
    let all = errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        all.contains("stability of \"BBB\" must be -3 to +3"),
        "{all}"
    );
    assert!(all.contains("ruler \"adv_a\" is not a leader"), "{all}");
    assert!(
        all.contains("\"adv_a\" already starts in a post of \"AAA\""),
        "{all}"
    );
    assert!(all.contains("Ducats(5000)"), "{all}");
}

#[test]
fn an_unknown_emperor_is_reported_at_its_position() {
    let text = common::MINI.replace(
        "options: (first_age: 1, last_age: 2)",
        "options: (first_age: 1, last_age: 2, emperor: Some(\"ZZZ\"))",
    );
    let errors = parse_scenario(&text, "emp.ron").unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 1, "{messages:#?}");
    let line = text.lines().position(|l| l.contains("\"ZZZ\"")).unwrap() + 1;
    assert!(
        messages[0].starts_with(&format!("emp.ron:{line}:")) && messages[0].contains("emperor"),
        "{messages:#?}"
    );
}

/// Trade content (12) in the mini scenario: a node, a card and a merchant, with `edit` applied.
fn mini_with_trade(edit: impl Fn(String) -> String) -> String {
    let trade = r#"    action_cards: [],
    trade_nodes: [
        (id: "bay", name: "The Bay", maritime: true, seas: ["west_sea"]),
        (id: "inland", name: "Inland", area: Some("east")),
    ],
    trade_cards: [
        (id: "cloth", name: "Cloth", rows: [(power: 2, ducats: 3, expanded: 4), (power: 1, ducats: 1, expanded: 2)],
         nodes: [(node: "bay", keys: [(province: "capa", plus: 1)]), (node: "inland", secondary: Some("bay"))]),
    ],"#;
    edit(
        common::MINI
            .replace("    action_cards: [],", trade)
            .replace(
                "advisors: [\"adv_a\"]),",
                "advisors: [\"adv_a\"], merchants: [\"bay\"]),",
            ),
    )
}

#[test]
fn trade_content_checks_clean_and_every_bad_trade_reference_has_a_position() {
    parse_scenario(&mini_with_trade(|t| t), "trade.ron").unwrap();
    let text = mini_with_trade(|t| {
        t.replace(
            "maritime: true, seas: [\"west_sea\"]",
            "maritime: true, seas: [\"east_sea\"]",
        )
        .replace(
            "(province: \"capa\", plus: 1)",
            "(province: \"capz\", plus: 1)",
        )
        .replace("secondary: Some(\"bay\")", "secondary: Some(\"cove\")")
        .replace("merchants: [\"bay\"]", "merchants: [\"harbour\"]")
    });
    let errors = parse_scenario(&text, "trade.ron").unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 4, "{messages:#?}");
    for needle in ["east_sea", "capz", "cove", "harbour"] {
        let found = messages
            .iter()
            .find(|m| m.contains(needle))
            .unwrap_or_else(|| panic!("{needle}: {messages:#?}"));
        let line = text
            .lines()
            .position(|l| l.contains(&format!("\"{needle}\"")))
            .unwrap()
            + 1;
        assert!(
            found.starts_with(&format!("trade.ron:{line}:")),
            "{found} (expected line {line})"
        );
    }
}

#[test]
fn default_scenario_trades_in_europe_and_beyond() {
    let s = default_scenario();
    assert!(s.trade_nodes.len() >= 24, "{} nodes", s.trade_nodes.len());
    assert!(s.trade_cards.len() >= 24, "{} cards", s.trade_cards.len());
    assert!(s.trade_cards.iter().any(|c| c.gold) && s.trade_cards.iter().any(|c| c.slaves));
    assert!(s.trade_cards.iter().any(|c| !c.continents.is_empty()));
    for r in s.realms.iter().filter(|r| r.kind == RealmKind::Player) {
        assert_eq!(r.merchants.len(), 2, "{} starts with 2 merchants", r.id);
    }
}

#[test]
fn power_struggle_references_are_checked_with_positions() {
    let cards = r#"    ideas: [],
    power_struggles: [
        (id: "ps_a", name: "A", text: "t", battlegrounds: ["north", "nowhere"],
         criteria: [(text: "c", realms: ["CCC"], conditions: [ProvincesIn("elsewhere", 1)], met: 1)]),
    ],"#;
    let good = common::MINI
        .replace("    ideas: [],", cards)
        .replace("\"nowhere\"", "\"south\"")
        .replace("[\"CCC\"]", "[\"AAA\"]")
        .replace("\"elsewhere\"", "\"east\"");
    parse_scenario(&good, "ps.ron").unwrap();
    let text = common::MINI.replace("    ideas: [],", cards);
    let errors = parse_scenario(&text, "ps.ron").unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 3, "{messages:#?}");
    for needle in ["nowhere", "CCC", "elsewhere"] {
        let found = messages
            .iter()
            .find(|m| m.contains(needle))
            .unwrap_or_else(|| panic!("{needle}: {messages:#?}"));
        // The line inside the power_struggles section (CCC is also a realm of the scenario).
        let start = text
            .lines()
            .position(|l| l.contains("power_struggles"))
            .unwrap();
        let line = text
            .lines()
            .skip(start)
            .position(|l| l.contains(&format!("\"{needle}\"")))
            .unwrap()
            + start
            + 1;
        assert!(
            found.starts_with(&format!("ps.ron:{line}:")),
            "{found} (expected line {line})"
        );
    }
}

#[test]
fn power_struggles_on_without_cards_and_a_battleground_listed_twice_are_reported() {
    let on = "options: (first_age: 1, last_age: 2, power_struggles: true)";
    let text = common::MINI.replace("options: (first_age: 1, last_age: 2)", on);
    let errors = parse_scenario(&text, "ps.ron").unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 1, "{messages:#?}");
    let (line, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(on))
        .unwrap();
    let col = l.find("true").unwrap() + 1;
    assert!(
        messages[0].starts_with(&format!("ps.ron:{}:{col}:", line + 1))
            && messages[0].contains("lists no Power Struggle cards"),
        "{messages:#?}"
    );
    let cards = r#"    ideas: [],
    power_struggles: [
        (id: "ps_a", name: "A", text: "t", battlegrounds: ["north", "south", "north"]),
    ],"#;
    let text = common::MINI.replace("    ideas: [],", cards);
    let errors = parse_scenario(&text, "ps.ron").unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 1, "{messages:#?}");
    let (line, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("\"ps_a\""))
        .unwrap();
    let col = l.find("\"north\"").unwrap() + 1;
    assert!(
        messages[0].starts_with(&format!("ps.ron:{}:{col}:", line + 1))
            && messages[0].contains("lists the battleground area \"north\" twice"),
        "{messages:#?}"
    );
}

#[test]
fn default_scenario_plays_with_power_struggles_on_real_areas() {
    let s = default_scenario();
    assert!(s.options.power_struggles);
    assert!((8..=12).contains(&s.power_struggles.len()));
    for p in &s.power_struggles {
        assert!((2..=4).contains(&p.battlegrounds.len()), "{}", p.id);
        assert!((1..=3).contains(&p.criteria.len()), "{}", p.id);
        for a in &p.battlegrounds {
            assert!(s.map.areas.iter().any(|x| &x.id == a), "{}: {a}", p.id);
        }
    }
    let comet = s
        .events
        .iter()
        .find(|e| e.id == "a1_comet_sighted")
        .unwrap();
    assert!(comet.options.iter().all(|o| {
        o.effects
            .contains(&regnum::rulesets::pop::content::schema::Effect::ReplaceMilestones)
    }));
}
