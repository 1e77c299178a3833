//! A larger map for scaling measurements (issue 18): a scenario's map copied side by side `k`
//! times, each copy with its own areas, provinces, sea zones and Non-Player Realms, so that the
//! same rules and the same Player Realms play on a board `k` times the size.

use crate::engine::id::Id;
use crate::rulesets::pop::content::schema::{RealmKind, Scenario};

/// `base` with its map copied `k` times (the original and `k - 1` copies to its east). The
/// copies' ids end in `_x2`, `_x3`, ...; their realms are Non-Player Realms (the seats stay the
/// original Player Realms), with no ruler, advisors or merchants. Events, cards, trade nodes
/// and the Empire keep naming the original map only. Copies join the original by nothing: a
/// realm reaches another copy as it reaches any land it does not border.
pub fn scaled(base: &Scenario, k: usize) -> Scenario {
    let mut s = base.clone();
    let (min_x, _, max_x, _) = base.map.bounds;
    let width = max_x - min_x;
    for copy in 2..=k {
        let tag = |id: &str| Id::new(&format!("{id}_x{copy}"));
        let dx = width * (copy - 1) as f32;
        let shift = |p: (f32, f32)| (p.0 + dx, p.1);
        let shift_shape = |shape: &[Vec<(f32, f32)>]| -> Vec<Vec<(f32, f32)>> {
            shape
                .iter()
                .map(|ring| ring.iter().map(|q| shift(*q)).collect())
                .collect()
        };
        for a in &base.map.areas {
            let mut c = a.clone();
            c.id = tag(&a.id);
            c.name = format!("{} {copy}", a.name);
            for n in &mut c.neighbours {
                n.area = tag(&n.area);
            }
            c.seas = a.seas.iter().map(|z| tag(z)).collect();
            s.map.areas.push(c);
        }
        for z in &base.map.sea_zones {
            let mut c = z.clone();
            c.id = tag(&z.id);
            c.name = format!("{} {copy}", z.name);
            c.neighbours = z.neighbours.iter().map(|n| tag(n)).collect();
            c.shape = shift_shape(&z.shape);
            c.site = shift(z.site);
            s.map.sea_zones.push(c);
        }
        for p in &base.map.provinces {
            let mut c = p.clone();
            c.id = tag(&p.id);
            c.name = format!("{} {copy}", p.name);
            c.area = tag(&p.area);
            c.port = p.port.as_deref().map(&tag);
            c.cores = p.cores.iter().map(|r| tag(r)).collect();
            c.owner = p.owner.as_deref().map(&tag);
            c.shape = shift_shape(&p.shape);
            c.site = shift(p.site);
            s.map.provinces.push(c);
        }
        for r in &base.realms {
            let mut c = r.clone();
            c.id = tag(&r.id);
            c.name = format!("{} {copy}", r.name);
            c.kind = RealmKind::NonPlayer;
            c.capital = tag(&r.capital);
            c.ruler = None;
            c.advisors = Vec::new();
            c.merchants = Vec::new();
            c.cardinals = 0;
            s.realms.push(c);
        }
    }
    s.map.bounds.2 = max_x + width * (k.saturating_sub(1)) as f32;
    s.id = format!("{}_x{k}", base.id);
    s.name = format!("{} ({k} maps)", base.name);
    s
}

/// `scaled`, written out and read back through the scenario loader, so that every check a
/// modder's file gets holds for the generated one too.
pub fn scaled_checked(
    base: &Scenario,
    k: usize,
) -> Result<Scenario, Vec<crate::engine::content::ContentError>> {
    let s = scaled(base, k);
    let text = ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default())
        .expect("a scenario serializes");
    crate::rulesets::pop::content::load::parse_scenario(&text, &format!("{}.ron", s.id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::pop::bot::Bot;
    use crate::rulesets::pop::content::default_scenario;
    use crate::rulesets::pop::{Game, GameSetup};

    #[test]
    fn a_map_four_times_larger_loads_and_plays_its_first_round() {
        let base = default_scenario();
        let big = scaled_checked(&base, 4).unwrap_or_else(|errors| {
            panic!(
                "{}",
                errors
                    .iter()
                    .take(10)
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        assert_eq!(big.map.areas.len(), 4 * base.map.areas.len());
        assert_eq!(big.map.provinces.len(), 4 * base.map.provinces.len());
        assert_eq!(big.map.sea_zones.len(), 4 * base.map.sea_zones.len());
        assert_eq!(big.realms.len(), 4 * base.realms.len());
        let players = |s: &Scenario| {
            s.realms
                .iter()
                .filter(|r| r.kind == RealmKind::Player)
                .count()
        };
        assert_eq!(players(&big), players(&base), "the same seats");
        let mut game = Game::new(std::sync::Arc::new(big), GameSetup::default(), 3).unwrap();
        let mut bot = Bot::new(3);
        while game.flow().round < 2 && !game.is_over() {
            let action = bot.choose(&game).unwrap();
            game.apply(action).unwrap();
        }
        assert_eq!(game.flow().round, 2, "the first Round was played through");
    }
}
