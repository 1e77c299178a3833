//! What an action would do, shown before it is taken (22, 23), for every ruleset: the game is
//! rebuilt to where it stands, the action is applied to that copy through the same `apply` that
//! plays it, and each seat's figures and the public facts between seats are compared. So the
//! preview and the rules cannot disagree. An action whose outcome turns on a die, a card or
//! another seat's secret shows no outcome at all: a preview must not let a player peek.

use std::cell::RefCell;
use std::collections::BTreeSet;

use crate::engine::game::Game;
use crate::engine::log::DisplayNames;
use crate::engine::ruleset::Ruleset;

/// Words in rule ids that show something hidden or random, whatever the ruleset
/// (`Ruleset::reveals` by default): whole words of the id (`names_a_word`), so that
/// `pop.19.controller` is no roll, `km.income.withdraw` no draw and a battleground no battle.
pub const GENERIC_REVEALS: &[&str] = &["roll", "dice", "draw", "reveal", "battle"];

/// Whether rule id `rule` has one of `words` as a whole word (its parts between `.` and `_`).
pub fn names_a_word(rule: &str, words: &[&str]) -> bool {
    rule.split(['.', '_']).any(|part| words.contains(&part))
}

/// Where the game stands, as a preview compares it: each seat's figures by name, and the facts
/// between seats that everyone sees (a war, an alliance, a marriage), in words with ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub seats: Vec<(String, Vec<(&'static str, i32)>)>,
    pub facts: BTreeSet<String>,
}

impl Standing {
    /// The Stats window's figures, paired with their names; no facts.
    pub fn of_figures(names: &'static [&'static str], seats: Vec<(String, Vec<i32>)>) -> Self {
        Standing {
            seats: seats
                .into_iter()
                .map(|(seat, values)| (seat, names.iter().copied().zip(values).collect()))
                .collect(),
            facts: BTreeSet::new(),
        }
    }
}

/// One figure of one seat that an action changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureChange {
    pub seat: String,
    pub figure: &'static str,
    pub before: i32,
    pub after: i32,
}

/// What an action would do: its outcome, and the rules it goes through (the ids of the log
/// entries applying it writes, first to last, each once), which the help explains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    pub outcome: Outcome,
    pub rules: Vec<&'static str>,
}

/// What an action would change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing hidden or random decides it: every change to the seats' figures, and the facts
    /// it makes true or ends, up to the next decision.
    Known {
        changes: Vec<FigureChange>,
        begins: Vec<String>,
        ends: Vec<String>,
    },
    /// A die, a card or a secret decides it: only its price is known in advance.
    Unknown,
    /// The game could not be rebuilt to look ahead (a broken history), with why.
    Failed(String),
}

impl Preview {
    /// In words for a tooltip, ids shown by their names, then the rules it goes through with
    /// what each means (`meaning`).
    pub fn describe(&self, names: &DisplayNames, meaning: impl Fn(&str) -> String) -> String {
        let outcome = self.outcome.describe(names);
        if self.rules.is_empty() {
            return outcome;
        }
        let rules: Vec<String> = self
            .rules
            .iter()
            .map(|r| format!("{r}: {}", meaning(r)))
            .collect();
        format!("{outcome}\n\nRules: {}", rules.join("; "))
    }
}

impl Outcome {
    /// In words for a tooltip, ids shown by their names.
    pub fn describe(&self, names: &DisplayNames) -> String {
        match self {
            Outcome::Unknown => {
                "It, or what follows it before the next decision, rolls a die, draws or turns a card, or reveals a secret choice: the outcome is not shown in advance, and once seen it cannot be undone."
                    .to_string()
            }
            Outcome::Failed(why) => format!("No preview: {why}"),
            Outcome::Known {
                changes,
                begins,
                ends,
            } => {
                if changes.is_empty() && begins.is_empty() && ends.is_empty() {
                    return "By itself it changes no figure on any mat.".to_string();
                }
                let mut lines = vec!["What it changes (nothing rolled or drawn):".to_string()];
                let mut seats: Vec<&str> = Vec::new();
                for c in changes {
                    if !seats.contains(&c.seat.as_str()) {
                        seats.push(&c.seat);
                    }
                }
                for seat in seats {
                    let figures: Vec<String> = changes
                        .iter()
                        .filter(|c| c.seat == seat)
                        .map(|c| format!("{} {} -> {}", c.figure, c.before, c.after))
                        .collect();
                    lines.push(format!("{}: {}", names.name(seat), figures.join(", ")));
                }
                for fact in begins {
                    lines.push(format!("Begins: {}", names.readable(fact)));
                }
                for fact in ends {
                    lines.push(format!("Ends: {}", names.readable(fact)));
                }
                lines.join("\n")
            }
        }
    }
}

/// What `action` would do in `game`, which is left as it is.
pub fn preview<R: Ruleset>(game: &Game<R>, action: &R::Action) -> Preview {
    let failed = |why: String| Preview {
        outcome: Outcome::Failed(why),
        rules: Vec::new(),
    };
    let mut copy = match game.replayed_to(game.history().len()) {
        Ok(copy) => copy,
        Err(why) => return failed(why),
    };
    let before = R::standing(copy.world());
    let logged = copy.log().entries.len();
    match copy.apply_revealing(action.clone()) {
        Ok(false) => Preview {
            outcome: compare(&before, &R::standing(copy.world())),
            rules: rules_of(&copy.log().entries[logged..]),
        },
        Ok(true) => Preview {
            outcome: Outcome::Unknown,
            rules: rules_before_a_reveal::<R>(&copy.log().entries[logged..]),
        },
        Err(illegal) => failed(illegal.to_string()),
    }
}

/// For an outcome that turns on a roll or a draw: which rules follow it can tell how it fell
/// (a battle drawn or lost, a rebel die with no effect), so only the action's own first rule is
/// named, and none when its first line is already the roll or the draw.
pub fn rules_before_a_reveal<R: Ruleset>(
    entries: &[crate::engine::log::LogEntry],
) -> Vec<&'static str> {
    let before = entries
        .iter()
        .position(|e| R::reveals(e.rule))
        .unwrap_or(entries.len());
    let mut rules = rules_of(&entries[..before]);
    rules.truncate(1);
    rules
}

/// The rules log entries went through, each once, the sequence of play's own ids (phases,
/// turns) left out.
/// Only the ids: the entries' words may tell what a die or a card showed.
pub fn rules_of(entries: &[crate::engine::log::LogEntry]) -> Vec<&'static str> {
    let mut rules: Vec<&'static str> = Vec::new();
    for entry in entries {
        // The next seat's turn is not the action's doing.
        let sequence = entry.rule.contains(".flow.") || entry.rule.ends_with(".turn");
        if !rules.contains(&entry.rule) && !sequence {
            rules.push(entry.rule);
        }
    }
    rules.truncate(MAX_RULES);
    rules
}

/// At most this many rule ids are named under a preview: the action's own and its first
/// consequences, not a whole phase that it ends.
const MAX_RULES: usize = 4;

/// The changes from one standing to another.
pub fn compare(before: &Standing, after: &Standing) -> Outcome {
    let mut changes = Vec::new();
    for (seat, figures) in &after.seats {
        let old = before.seats.iter().find(|(s, _)| s == seat);
        for (figure, value) in figures {
            let was = old
                .and_then(|(_, f)| f.iter().find(|(n, _)| n == figure))
                .map_or(0, |(_, v)| *v);
            if was != *value {
                changes.push(FigureChange {
                    seat: seat.clone(),
                    figure,
                    before: was,
                    after: *value,
                });
            }
        }
    }
    Outcome::Known {
        changes,
        begins: after.facts.difference(&before.facts).cloned().collect(),
        ends: before.facts.difference(&after.facts).cloned().collect(),
    }
}

/// The last preview a window asked for, kept while the pointer rests on the same choice of
/// the same moment of the game: rebuilding the game grows with its history (criterion
/// `preview_1500_actions_in_1444`: 15.8 ms 1500 actions into a game of 1444).
pub struct PreviewCache<R: Ruleset> {
    last: RefCell<Option<(u64, R::Action, Preview)>>,
}

impl<R: Ruleset> Default for PreviewCache<R> {
    fn default() -> Self {
        PreviewCache {
            last: RefCell::new(None),
        }
    }
}

impl<R: Ruleset> PreviewCache<R> {
    /// The preview of `action` at `revision` (a number the window changes with every change to
    /// the game).
    pub fn get(&self, revision: u64, game: &Game<R>, action: &R::Action) -> Preview {
        if let Some((r, a, p)) = self.last.borrow().as_ref()
            && *r == revision
            && a == action
        {
            return p.clone();
        }
        let p = preview(game, action);
        *self.last.borrow_mut() = Some((revision, action.clone(), p.clone()));
        p
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_reveal_is_named_by_a_whole_word_of_the_rule_id() {
        use crate::engine::ruleset::Ruleset;
        use crate::rulesets::kingdom::Kingdom;
        use crate::rulesets::pop::PriceOfPower;
        use crate::rulesets::raison::RaisonDEtat;
        for shown in [
            "pop.14.2.roll",
            "pop.battle.dice",
            "pop.seq.phase1.draw",
            "pop.milestone.reveal",
            "pop.seq.phase1.events",
            "pop.5.1.event_choice",
            "pop.flow.setup",
            "pop.14.2.rebellion_units",
        ] {
            assert!(PriceOfPower::reveals(shown), "{shown}");
        }
        // Words inside other words are not reveals.
        for hidden_nothing in ["pop.19.controller", "pop.17.4.battleground", "pop.act.pass"] {
            assert!(!PriceOfPower::reveals(hidden_nothing), "{hidden_nothing}");
        }
        assert!(!Kingdom::reveals("km.income.withdraw"));
        assert!(RaisonDEtat::reveals("rde.battle_card"));
        assert!(RaisonDEtat::reveals("rde.battle"));
    }

    use super::*;
    use crate::engine::ruleset::SeatBot;

    /// Plays `actions` bot actions; before each, the preview of the bot's choice must be what
    /// applying it then does: the same changes when nothing hidden or random decided it, and
    /// `Unknown` exactly when something was shown. The game previewed is left as it was.
    fn previews_match_what_applying_does<R: Ruleset>(
        scenario: std::sync::Arc<R::Content>,
        actions: usize,
    ) -> (usize, usize) {
        let mut game = Game::<R>::new(scenario, Default::default(), 5).unwrap();
        let mut bot = R::Bot::seeded(5);
        let (mut known, mut unknown) = (0, 0);
        for _ in 0..actions {
            let Some(a) = bot.choose(&game) else { break };
            let hash = game.state_hash();
            let preview = preview(&game, &a);
            assert_eq!(game.state_hash(), hash, "a preview leaves the game alone");
            let before = R::standing(game.world());
            let logged = game.log().entries.len();
            let revealed = game.apply_revealing(a.clone()).unwrap();
            let entries = &game.log().entries[logged..];
            let rules = if revealed {
                rules_before_a_reveal::<R>(entries)
            } else {
                rules_of(entries)
            };
            assert_eq!(preview.rules, rules);
            // A hidden outcome names at most the action's own rule, never one that reveals.
            if revealed {
                assert!(preview.rules.len() <= 1 && preview.rules.iter().all(|r| !R::reveals(r)));
            }
            if revealed {
                assert_eq!(preview.outcome, Outcome::Unknown, "{a:?}");
                unknown += 1;
            } else {
                assert_eq!(
                    preview.outcome,
                    compare(&before, &R::standing(game.world())),
                    "{a:?}"
                );
                known += 1;
            }
        }
        (known, unknown)
    }

    #[test]
    fn a_preview_shows_what_applying_does_and_nothing_rolled_drawn_or_secret() {
        let (known, unknown) = previews_match_what_applying_does::<
            crate::rulesets::pop::PriceOfPower,
        >(crate::rulesets::pop::content::default_scenario(), 60);
        assert!(known > 0 && unknown > 0, "{known} known, {unknown} unknown");
        let (known, unknown) = previews_match_what_applying_does::<crate::rulesets::kingdom::Kingdom>(
            crate::rulesets::kingdom::content::default_scenario(),
            60,
        );
        assert!(known > 0 && unknown > 0, "{known} known, {unknown} unknown");
        let (known, unknown) = previews_match_what_applying_does::<
            crate::rulesets::raison::RaisonDEtat,
        >(crate::rulesets::raison::content::default_scenario(), 60);
        assert!(known > 0 && unknown > 0, "{known} known, {unknown} unknown");
    }

    #[test]
    fn price_of_power_previews_name_each_figure_and_each_new_relation() {
        use crate::rulesets::pop::PriceOfPower;
        let before = Standing {
            seats: vec![("FRA".into(), vec![("Ducats", 10), ("Stability", 0)])],
            facts: ["a truce between ENG and FRA".to_string()].into(),
        };
        let after = Standing {
            seats: vec![("FRA".into(), vec![("Ducats", 7), ("Stability", 0)])],
            facts: ["war between ENG and FRA".to_string()].into(),
        };
        let p = compare(&before, &after);
        let names = <PriceOfPower as Ruleset>::display_names(
            &crate::rulesets::pop::content::default_scenario(),
        );
        let text = p.describe(&names);
        let p = Preview {
            outcome: p,
            rules: vec!["pop.act.loan"],
        };
        let with_rules = p.describe(&names, |r| format!("what {r} means"));
        assert!(with_rules.ends_with("Rules: pop.act.loan: what pop.act.loan means"));
        assert!(text.contains("France: Ducats 10 -> 7"), "{text}");
        assert!(!text.contains("Stability"), "{text}");
        assert!(
            text.contains("Begins: war between England and France"),
            "{text}"
        );
        assert!(
            text.contains("Ends: a truce between England and France"),
            "{text}"
        );
    }

    #[test]
    fn a_card_off_a_shuffled_deck_counts_as_shown_though_the_rng_does_not_move() {
        use crate::engine::rng::GameRng;
        use crate::rulesets::pop::content::schema::MpKind;
        // Price of Power's action decks: a draw that needs no reshuffle.
        let mut rng = GameRng::new(1);
        let mut decks = crate::rulesets::pop::rules::cards::ActionDecks::default();
        decks.decks[MpKind::Adm.index()] = vec![3, 4];
        let at = rng.position();
        assert_eq!(decks.draw(MpKind::Adm, &mut rng), Some(4));
        assert_eq!((rng.position(), rng.shown()), (at, 1));
        // Raison d'Etat's Battle cards, drawn in the middle of a game.
        let mut game = Game::<crate::rulesets::raison::RaisonDEtat>::new(
            crate::rulesets::raison::content::default_scenario(),
            Default::default(),
            2,
        )
        .unwrap();
        let world = game.world_mut();
        let (at, shown) = {
            let rng = world.resource::<GameRng>();
            (rng.position(), rng.shown())
        };
        assert!(crate::rulesets::raison::rules::round::draw(world, 0).is_some());
        let rng = world.resource::<GameRng>();
        assert_eq!((rng.position(), rng.shown()), (at, shown + 1));
    }
}
