//! The legal answers to a decision as the bot reads them: built and checked only when the bot
//! asks about them. `legal_actions` builds and checks every candidate (a Phase 2 turn has some
//! 230, most of them offers and declarations the bot never weighs); the bot asks "is there a
//! legal Siege?" or "is Pass legal?", and only the part of a turn's candidates that can hold the
//! answer is built (`actions::TurnPart`), and only the candidates asked about are checked, each
//! at most once.
//!
//! Every question answers exactly as it would over the full list of legal actions, in the same
//! order, so a bot reading this set chooses what it chose before: `find(pred)` is the first
//! legal candidate matching `pred`, which is the first action of `legal_actions` matching it
//! (predicates are pure questions about the World and the action). `find_in(parts, pred)` looks
//! only in the turn parts named: the caller promises that nothing outside them matches `pred`
//! (debug builds check the promise).

use std::cell::{OnceCell, RefCell};

use bevy::prelude::*;

use crate::engine::decision::quietly;
use crate::engine::reads::Reads;
use crate::rulesets::pop::decision::{Action, Decision, Illegal, Pending};
use crate::rulesets::pop::rules::actions::{TurnPart, event_candidates, is_turn, turn_part};
use crate::rulesets::pop::rules::{answered_from_its_list, candidates, check, check_pending};
use crate::rulesets::pop::state::Index;

/// Where a candidate stands in a `Legal`: its part and its place there.
#[derive(Clone, Copy, Debug)]
pub struct Ticket(usize, usize);

/// A run of candidates and each one's verdict once checked.
struct Built {
    actions: Vec<Action>,
    verdicts: RefCell<Vec<Option<bool>>>,
}

impl Built {
    fn new(actions: Vec<Action>, known: Option<bool>) -> Self {
        let verdicts = RefCell::new(vec![known; actions.len()]);
        Built { actions, verdicts }
    }
}

/// One part of the candidates: built at once (a decision that is not a turn), or a turn's part
/// built on first use.
struct Part {
    turn: Option<TurnPart>,
    built: OnceCell<Built>,
}

pub struct Legal<'w> {
    world: Option<&'w World>,
    /// The World's pending decision and its realm on the board, found once for building the
    /// parts and for every check (`check_pending`).
    decision: Option<&'w Decision>,
    realm: Option<Entity>,
    parts: Vec<Part>,
    all: OnceCell<Vec<Action>>,
}

impl<'w> Legal<'w> {
    /// The legal answers to the decision pending in `world` (built and checked lazily); none
    /// once the game is over.
    pub fn of_pending(world: &'w World) -> Self {
        let decision = world.res::<Pending>().0.as_ref();
        let realm = decision.and_then(|d| world.res::<Index>().get(d.realm));
        let parts = match decision {
            Some(d) if is_turn(&d.kind) && realm.is_some() => TurnPart::ALL
                .into_iter()
                .map(|part| Part {
                    turn: Some(part),
                    built: OnceCell::new(),
                })
                .collect(),
            // A decision answered from its list: every listed answer passes the rules' check
            // (which asks whether the list holds it), so none is checked again.
            Some(d) => vec![Part {
                turn: None,
                built: OnceCell::from(Built::new(
                    candidates(world, d),
                    (realm.is_some() && answered_from_its_list(&d.kind).is_some()).then_some(true),
                )),
            }],
            None => Vec::new(),
        };
        Self {
            world: Some(world),
            decision,
            realm,
            parts,
            all: OnceCell::new(),
        }
    }

    /// A set of actions known to be legal (tests hand the bot a list of their own).
    pub fn known(actions: Vec<Action>) -> Self {
        Self {
            world: None,
            decision: None,
            realm: None,
            parts: vec![Part {
                turn: None,
                built: OnceCell::from(Built::new(actions, Some(true))),
            }],
            all: OnceCell::new(),
        }
    }

    fn part(&self, i: usize) -> &Built {
        let part = &self.parts[i];
        part.built.get_or_init(|| {
            let actions = match (self.world, part.turn) {
                (Some(world), Some(turn)) => turn_part(world, self.realm, turn),
                _ => Vec::new(),
            };
            Built::new(actions, None)
        })
    }

    fn legal_at(&self, part: usize, i: usize) -> bool {
        let built = self.part(part);
        if let Some(known) = built.verdicts.borrow()[i] {
            return known;
        }
        let ok = self
            .world
            .is_some_and(|w| quietly(|| self.check(w, &built.actions[i]).is_ok()));
        built.verdicts.borrow_mut()[i] = Some(ok);
        ok
    }

    /// The rules' check of one candidate: the pending decision and its realm were found once
    /// for all of them (what `rules::check` would find again for each; without a realm on the
    /// board it refuses with its own reason).
    fn check(&self, world: &World, action: &Action) -> Result<(), Illegal> {
        match (self.decision, self.realm) {
            (Some(decision), Some(realm)) => check_pending(world, decision, realm, action),
            _ => check(world, action),
        }
    }

    /// Whether part `i` is searched by a question about `parts` (`None`: every part). A part
    /// that is not a turn's holds every answer, so it is always searched.
    fn searched(&self, i: usize, parts: Option<&[TurnPart]>) -> bool {
        match (self.parts[i].turn, parts) {
            (Some(turn), Some(parts)) => parts.contains(&turn),
            _ => true,
        }
    }

    /// Every candidate in the parts searched, in order, with its ticket; parts are built as
    /// the iterator reaches them.
    fn candidates_among<'a>(
        &'a self,
        parts: Option<&'a [TurnPart]>,
    ) -> impl Iterator<Item = (Ticket, &'a Action)> + 'a {
        (0..self.parts.len())
            .filter(move |i| self.searched(*i, parts))
            .flat_map(move |i| {
                let built = self.part(i);
                (0..built.actions.len()).map(move |j| (Ticket(i, j), &built.actions[j]))
            })
    }

    fn matching_among<'a>(
        &'a self,
        parts: Option<&'a [TurnPart]>,
        mut pred: impl FnMut(&Action) -> bool + 'a,
    ) -> impl Iterator<Item = &'a Action> + 'a {
        self.candidates_among(parts)
            .filter(move |(ticket, a)| pred(a) && self.is_legal(*ticket))
            .map(|(_, a)| a)
    }

    /// The legal actions matching `pred`, in order, checked one by one as the iterator goes.
    pub fn matching<'a>(
        &'a self,
        pred: impl FnMut(&Action) -> bool + 'a,
    ) -> impl Iterator<Item = &'a Action> + 'a {
        self.matching_among(None, pred)
    }

    /// The legal actions matching `pred` among a turn's `parts`, in order: for a question whose
    /// answers can only be in those parts, which spares building the others.
    pub fn matching_in<'a>(
        &'a self,
        parts: &'a [TurnPart],
        pred: impl Fn(&Action) -> bool + 'a,
    ) -> impl Iterator<Item = &'a Action> + 'a {
        #[cfg(debug_assertions)]
        self.check_promise(parts, &pred);
        self.matching_among(Some(parts), pred)
    }

    /// Debug builds: nothing outside `parts` matches `pred` (builds every part, checks none).
    #[cfg(debug_assertions)]
    fn check_promise(&self, parts: &[TurnPart], pred: &impl Fn(&Action) -> bool) {
        for i in (0..self.parts.len()).filter(|i| !self.searched(*i, Some(parts))) {
            let stray = self.part(i).actions.iter().find(|a| pred(a));
            assert!(
                stray.is_none(),
                "a question about {parts:?} matches {stray:?}, which is in another part"
            );
        }
    }

    /// The candidates matching `pred` among a turn's `parts`, in order, legal or not, each with
    /// a ticket for `is_legal`: a bot that weighs candidates by cheaper questions first checks
    /// only those that would change its choice. Since checks are pure, weighing first and
    /// checking the survivors in the same order chooses what filtering first would have.
    pub fn unchecked_in<'a>(
        &'a self,
        parts: &'a [TurnPart],
        pred: impl Fn(&Action) -> bool + 'a,
    ) -> impl Iterator<Item = (Ticket, &'a Action)> + 'a {
        #[cfg(debug_assertions)]
        self.check_promise(parts, &pred);
        self.candidates_among(Some(parts))
            .filter(move |(_, a)| pred(a))
    }

    /// The legal action matching `pred` that `score` rates highest, the last of equals (what
    /// `matching(pred).filter_map(score).max_by(total_cmp)` picks), found by rating every
    /// candidate first and checking them from the best down until one is legal: the checks
    /// are dearer than the ratings and most are spared. A candidate rated `None` is not
    /// wanted.
    pub fn best_by(
        &self,
        pred: impl Fn(&Action) -> bool,
        score: impl Fn(&Action) -> Option<f32>,
    ) -> Option<&Action> {
        let mut rated: Vec<(f32, usize, Ticket, &Action)> = self
            .candidates_among(None)
            .filter(|(_, a)| pred(a))
            .filter_map(|(ticket, a)| Some((score(a)?, ticket, a)))
            .enumerate()
            .map(|(at, (rating, ticket, a))| (rating, at, ticket, a))
            .collect();
        // Best first; among equal ratings the later candidate first.
        rated.sort_by(|x, y| y.0.total_cmp(&x.0).then(y.1.cmp(&x.1)));
        rated
            .into_iter()
            .find(|(_, _, ticket, _)| self.is_legal(*ticket))
            .map(|(_, _, _, a)| a)
    }

    /// Whether the candidate behind a ticket from `unchecked_in` is legal (checked once).
    pub fn is_legal(&self, ticket: Ticket) -> bool {
        self.legal_at(ticket.0, ticket.1)
    }

    /// The first legal action matching `pred`.
    pub fn find(&self, pred: impl FnMut(&Action) -> bool) -> Option<Action> {
        self.matching(pred).next().cloned()
    }

    /// The first legal action matching `pred` among a turn's `parts` (see `matching_in`).
    pub fn find_in(&self, parts: &[TurnPart], pred: impl Fn(&Action) -> bool) -> Option<Action> {
        self.matching_in(parts, pred).next().cloned()
    }

    /// Whether a legal action matches `pred`.
    pub fn any(&self, pred: impl FnMut(&Action) -> bool) -> bool {
        self.matching(pred).next().is_some()
    }

    /// Whether `action` is legal (and among the answers the rules list). Only the part that
    /// would list it is built.
    pub fn contains(&self, action: &Action) -> bool {
        self.home_parts(action).any(|i| {
            self.part(i)
                .actions
                .iter()
                .position(|a| a == action)
                .is_some_and(|j| self.legal_at(i, j))
        })
    }

    /// The parts that would list `action`: its turn part, or the one list of a decision that
    /// is not a turn.
    fn home_parts(&self, action: &Action) -> impl Iterator<Item = usize> + '_ {
        let home = TurnPart::of(action);
        (0..self.parts.len()).filter(move |i| self.parts[*i].turn.is_none_or(|t| t == home))
    }

    /// Whether `action` has been checked and found legal already (without building or
    /// checking anything): the bot's answer, which `play_out` then applies without the rules
    /// checking it a second time in the same state.
    pub fn found_legal(&self, action: &Action) -> bool {
        self.home_parts(action)
            .filter_map(|i| self.parts[i].built.get())
            .any(|built| {
                built
                    .actions
                    .iter()
                    .position(|a| a == action)
                    .is_some_and(|j| built.verdicts.borrow()[j] == Some(true))
            })
    }

    /// The first legal action.
    pub fn first(&self) -> Option<&Action> {
        self.matching(|_| true).next()
    }

    /// Whether no answer is legal. A turn always lists `Pass` and the first face-up Event, and
    /// one of them is legal on nearly every turn (the Event until it is taken, passing after):
    /// asked first, they spare building and checking the whole Basic part (every Event,
    /// Appointment and unrest) for the bot's first question of every turn. Only when both are
    /// refused are the candidates searched in order.
    pub fn is_empty(&self) -> bool {
        let is_turn = self.parts.first().is_some_and(|p| p.turn.is_some());
        if is_turn && let Some(world) = self.world {
            let listed = [Some(Action::Pass), event_candidates(world).next()];
            if quietly(|| {
                listed
                    .iter()
                    .flatten()
                    .any(|a| self.check(world, a).is_ok())
            }) {
                return false;
            }
        }
        // A decision's list mostly ends in its plain way out (Decline, taking the ducats, no
        // retreat), which the rules always allow and check at once, where the first answers
        // can be dear ones (every Trade card and node): the last is asked first.
        if !is_turn && !self.parts.is_empty() {
            let n = self.part(0).actions.len();
            if n > 0 && self.legal_at(0, n - 1) {
                return false;
            }
        }
        self.first().is_none()
    }

    /// Every legal action, in order: checks all the candidates (once).
    pub fn all(&self) -> &[Action] {
        self.all
            .get_or_init(|| self.matching(|_| true).cloned().collect())
    }
}
