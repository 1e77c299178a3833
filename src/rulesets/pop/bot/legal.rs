//! The legal answers to a decision as the bot reads them: checked only when the bot asks about
//! them. `legal_actions` checks every candidate (a Phase 2 turn has some 230, most of them
//! offers and declarations the bot never weighs); the bot asks "is there a legal Siege?" or
//! "is Pass legal?" and only those candidates are checked, each at most once.
//!
//! Every question answers exactly as it would over the full list of legal actions, in the same
//! order, so a bot reading this set chooses what it chose before: `find(pred)` is the first
//! legal candidate matching `pred`, which is the first action of `legal_actions` matching it
//! (predicates are pure questions about the World and the action).

use std::cell::{OnceCell, RefCell};

use bevy::prelude::*;

use crate::rulesets::pop::decision::{Action, Decision};
use crate::rulesets::pop::rules::{candidates, check};

pub struct Legal<'w> {
    world: Option<&'w World>,
    candidates: Vec<Action>,
    /// Each candidate's verdict once checked.
    verdicts: RefCell<Vec<Option<bool>>>,
    all: OnceCell<Vec<Action>>,
}

impl<'w> Legal<'w> {
    /// The legal answers to `decision` in `world` (checked lazily).
    pub fn of(world: &'w World, decision: &Decision) -> Self {
        let candidates = candidates(world, decision);
        let verdicts = RefCell::new(vec![None; candidates.len()]);
        Self {
            world: Some(world),
            candidates,
            verdicts,
            all: OnceCell::new(),
        }
    }

    /// A set of actions known to be legal (tests hand the bot a list of their own).
    pub fn known(actions: Vec<Action>) -> Self {
        let verdicts = RefCell::new(vec![Some(true); actions.len()]);
        Self {
            world: None,
            candidates: actions,
            verdicts,
            all: OnceCell::new(),
        }
    }

    fn legal_at(&self, i: usize) -> bool {
        if let Some(known) = self.verdicts.borrow()[i] {
            return known;
        }
        let ok = self
            .world
            .is_some_and(|w| check(w, &self.candidates[i]).is_ok());
        self.verdicts.borrow_mut()[i] = Some(ok);
        ok
    }

    /// The legal actions matching `pred`, in order, checked one by one as the iterator goes.
    pub fn matching<'a>(
        &'a self,
        mut pred: impl FnMut(&Action) -> bool + 'a,
    ) -> impl Iterator<Item = &'a Action> + 'a {
        self.candidates
            .iter()
            .enumerate()
            .filter(move |(i, a)| pred(a) && self.legal_at(*i))
            .map(|(_, a)| a)
    }

    /// The first legal action matching `pred`.
    pub fn find(&self, pred: impl FnMut(&Action) -> bool) -> Option<Action> {
        self.matching(pred).next().cloned()
    }

    /// Whether a legal action matches `pred`.
    pub fn any(&self, pred: impl FnMut(&Action) -> bool) -> bool {
        self.matching(pred).next().is_some()
    }

    /// Whether `action` is legal (and among the answers the rules list).
    pub fn contains(&self, action: &Action) -> bool {
        self.candidates
            .iter()
            .position(|a| a == action)
            .is_some_and(|i| self.legal_at(i))
    }

    /// The first legal action.
    pub fn first(&self) -> Option<&Action> {
        self.matching(|_| true).next()
    }

    pub fn is_empty(&self) -> bool {
        self.first().is_none()
    }

    /// Every legal action, in order: checks all the candidates (once).
    pub fn all(&self) -> &[Action] {
        self.all
            .get_or_init(|| self.matching(|_| true).cloned().collect())
    }
}
