//! The choices of a decision grouped for people (22): each action's kind (diplomacy, war, ...)
//! and the piece or place it is about, as data the ruleset gives (`Ruleset::topic`), never parsed
//! from a label. The client shows the kinds open now, each with its choices grouped by target,
//! and points at a choice's target on the board; `group` is written once for every ruleset and
//! keeps every choice exactly once.

use serde::Serialize;

/// What an action is about on the board or the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Target {
    /// A seat or another realm, kingdom or Power (its content id).
    Realm(String),
    /// An area, a region or a territory.
    Area(String),
    /// A province or a hex.
    Province(String),
    /// The army or fleet standing in this area or sea zone.
    Force(String),
    /// A sea zone.
    Sea(String),
    /// A card, a mission, an idea or an event (its content id).
    Card(String),
}

impl Target {
    /// The content id the target names.
    pub fn id(&self) -> &str {
        match self {
            Target::Realm(id)
            | Target::Area(id)
            | Target::Province(id)
            | Target::Force(id)
            | Target::Sea(id)
            | Target::Card(id) => id,
        }
    }
}

/// An action's kind (one of the ruleset's `kinds`, in the words people read) and its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topic {
    pub kind: &'static str,
    pub target: Option<Target>,
}

impl Topic {
    pub fn new(kind: &'static str) -> Self {
        Topic { kind, target: None }
    }

    pub fn about(kind: &'static str, target: Target) -> Self {
        Topic {
            kind,
            target: Some(target),
        }
    }
}

/// One kind of action open now: its choices, grouped by target (a group without a target holds
/// the choices about nothing in particular), in the order the choices came.
#[derive(Clone, Debug)]
pub struct KindGroup<C> {
    pub kind: &'static str,
    pub by_target: Vec<(Option<Target>, Vec<C>)>,
}

impl<C> KindGroup<C> {
    /// How many choices the kind holds.
    pub fn len(&self) -> usize {
        self.by_target.iter().map(|(_, c)| c.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every choice of the kind, target by target.
    pub fn choices(&self) -> impl Iterator<Item = &C> {
        self.by_target.iter().flat_map(|(_, c)| c.iter())
    }
}

/// Groups `choices` by kind, then by target. Kinds come in the order of `kinds` (the ruleset's
/// order), any kind not listed there after them in the order met; targets and choices keep the
/// order they came in. Every choice lands in exactly one group.
pub fn group<C>(
    choices: impl IntoIterator<Item = C>,
    kinds: &[&'static str],
    topic: impl Fn(&C) -> Topic,
) -> Vec<KindGroup<C>> {
    let mut groups: Vec<KindGroup<C>> = Vec::new();
    for choice in choices {
        let Topic { kind, target } = topic(&choice);
        let g = match groups.iter().position(|g| g.kind == kind) {
            Some(i) => i,
            None => {
                groups.push(KindGroup {
                    kind,
                    by_target: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let by_target = &mut groups[g].by_target;
        match by_target.iter_mut().find(|(t, _)| *t == target) {
            Some((_, list)) => list.push(choice),
            None => by_target.push((target, vec![choice])),
        }
    }
    let rank = |kind: &str| kinds.iter().position(|k| *k == kind).unwrap_or(kinds.len());
    groups.sort_by_key(|g| rank(g.kind));
    groups
}

/// For the rulesets' tests: plays a bot game of `R` and, every `every` actions, checks that the
/// grouped choices hold exactly the legal actions (each once, in a kind the ruleset lists).
#[cfg(test)]
pub fn assert_bot_game_grouped<R: crate::engine::ruleset::Ruleset>(
    scenario: std::sync::Arc<R::Content>,
    seed: u64,
    every: usize,
) -> usize {
    let mut game = crate::engine::game::Game::<R>::new(scenario, Default::default(), seed)
        .expect("the scenario plays");
    let mut checked = 0;
    crate::engine::ruleset::play_out_checking(&mut game, seed, |g, applied| {
        if applied % every != 0 {
            return;
        }
        let legal = g.legal_actions();
        let groups = g.grouped_choices();
        let grouped: Vec<&R::Action> = groups
            .iter()
            .flat_map(|k| k.choices())
            .map(|(a, _)| a)
            .collect();
        assert_eq!(
            grouped.len(),
            legal.len(),
            "every legal action is grouped once"
        );
        for a in &legal {
            assert!(grouped.contains(&a), "{a:?} is grouped");
        }
        for k in &groups {
            assert!(R::kinds().contains(&k.kind), "{} is a listed kind", k.kind);
        }
        checked += 1;
    });
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_keeps_every_choice_once_kinds_in_the_rulesets_order() {
        let choices = ["war:a", "pass", "war:b", "war:a", "trade", "odd"];
        let topic = |c: &&str| match c.split_once(':') {
            Some(("war", t)) => Topic::about("War", Target::Realm(t.to_string())),
            _ if *c == "pass" => Topic::new("Pass"),
            _ if *c == "trade" => Topic::new("Trade"),
            _ => Topic::new("Other"),
        };
        let groups = group(choices, &["Trade", "War", "Pass"], topic);
        let kinds: Vec<&str> = groups.iter().map(|g| g.kind).collect();
        assert_eq!(kinds, ["Trade", "War", "Pass", "Other"]);
        let war = &groups[1];
        assert_eq!(war.len(), 3);
        assert_eq!(
            war.by_target
                .iter()
                .map(|(t, c)| (t.as_ref().map(|t| t.id().to_string()), c.len()))
                .collect::<Vec<_>>(),
            [(Some("a".to_string()), 2), (Some("b".to_string()), 1)]
        );
        let mut all: Vec<&str> = groups.iter().flat_map(|g| g.choices().copied()).collect();
        all.sort();
        let mut expected = choices.to_vec();
        expected.sort();
        assert_eq!(all, expected);
    }
}
