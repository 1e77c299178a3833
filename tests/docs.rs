//! Every rule id the engine can write is documented: in the shared RULE_IDS.md or in
//! docs/rule_ids.md.

#[test]
fn every_rule_id_is_documented() {
    let ours = std::fs::read_to_string("docs/rule_ids.md").expect("docs/rule_ids.md");
    let shared = std::fs::read_to_string("../shared/rules/RULE_IDS.md").ok();
    for id in regnum::rulesets::pop::ids::ALL {
        let quoted = format!("`{id}`");
        let in_ours = ours.contains(&quoted);
        // RULE_IDS.md lists lettered steps as ranges: `pop.seq.phase3.a` … `pop.seq.phase3.i`.
        let range_start = id
            .rsplit_once('.')
            .filter(|(head, _)| head.starts_with("pop.seq.phase"))
            .map(|(head, _)| format!("`{head}.a`"));
        let in_shared = shared.as_ref().is_some_and(|s| {
            s.contains(&format!("| {id} |"))
                || s.contains(&quoted)
                || range_start.as_ref().is_some_and(|r| s.contains(r))
        });
        // Without the shared folder, ids in the seed style are accepted by their shape.
        let seed_style =
            shared.is_none() && !id.starts_with("pop.flow.") && !id.starts_with("pop.effect.");
        assert!(in_ours || in_shared || seed_style, "{id} is not documented");
    }
}

#[test]
fn logs_use_only_known_rule_ids() {
    let mut game = regnum::rulesets::pop::Game::new(
        regnum::rulesets::pop::content::default_scenario(),
        Default::default(),
        2,
    )
    .unwrap();
    regnum::rulesets::pop::bot::play_out(&mut game, 2);
    for entry in &game.log().entries {
        assert!(
            regnum::rulesets::pop::ids::ALL.contains(&entry.rule),
            "{} is not in rulesets::pop::ids::ALL",
            entry.rule
        );
    }
}
