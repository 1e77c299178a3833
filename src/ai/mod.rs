//! The baseline bot: answers every decision from the legal actions with simple heuristics and
//! its own seeded RNG (never the game's, so bots do not change what the dice say).

mod generic;
mod missions;
mod war;

use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::content::schema::{Effect, MpKind};
use crate::sim::model::{Character, Interregnum, Mat, RoundMarkers};
use crate::sim::pop::characters::advisors;
use crate::sim::pop::economy::increase_stability_cost;
use crate::sim::pop::events::{EventDisplay, EventInProgress};
use crate::sim::state::{Content, Index};
use crate::sim::{Action, DecisionKind, Game};

/// A bot with its own RNG for tie-breaks.
pub struct Bot {
    rng: ChaCha8Rng,
    /// Generic actions taken per realm in the current Round: (realm, Round, count).
    generic_taken: Vec<(String, u32, u8)>,
}

/// Most generic actions (deals, exploring, influence, cards, ...) a bot takes in a Round, so
/// that it still passes early enough to earn passing money.
const GENERIC_PER_ROUND: u8 = 3;

impl Bot {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_B07),
            generic_taken: Vec::new(),
        }
    }

    /// Picks one legal action for the pending decision; `None` when there is nothing to decide.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        let decision = game.pending()?.clone();
        let legal = game.legal_actions();
        if legal.is_empty() {
            return None;
        }
        let world = game.world();
        let realm = world.resource::<Index>().get(&decision.realm);
        let mat = realm
            .and_then(|r| world.get::<Mat>(r))
            .cloned()
            .unwrap_or_default();
        let markers = realm
            .and_then(|r| world.get::<RoundMarkers>(r))
            .cloned()
            .unwrap_or_default();
        let pick = match &decision.kind {
            DecisionKind::Turn | DecisionKind::LastAction | DecisionKind::LastEvent => {
                // A fulfilled Mission or Milestone is completed at once: it costs no action.
                if let Some(claim) = missions::claim(&legal) {
                    return Some(claim);
                }
                // Minor actions first: a ruler for an empty throne, an advisor for an empty seat.
                let appoint = legal
                    .iter()
                    .find(|a| matches!(a, Action::Appoint { .. }))
                    .cloned();
                let interregnum = realm.is_some_and(|r| world.get::<Interregnum>(r).is_some());
                let wants_advisor =
                    mat.ducats >= 10 && realm.is_some_and(|r| advisors(world, r).len() < 3);
                if let Some(appoint) = appoint.filter(|_| interregnum || wants_advisor) {
                    return Some(appoint);
                }
                // Two or more unrest and some mil to spare: suppress them.
                let suppress = legal
                    .iter()
                    .find(|a| matches!(a, Action::SuppressUnrest { .. }))
                    .cloned();
                let unrest = realm.map_or(0, |r| {
                    crate::sim::pop::rebels::counting_unrest(world, r, None).len()
                });
                if let Some(s) = suppress.filter(|_| unrest >= 2 && mat.mp(MpKind::Mil) >= 2) {
                    return Some(s);
                }
                if let Some(r) = realm {
                    if let Some(a) = war::turn_action(&mut self.rng, world, r, &mat, &legal) {
                        if legal.contains(&a) {
                            return Some(a);
                        }
                    }
                }
                // Monarch power piling up near the cap goes into an Idea.
                let research = legal.iter().find(|a| match a {
                    Action::ResearchIdea { idea } => world
                        .resource::<Content>()
                        .0
                        .ideas
                        .iter()
                        .find(|i| &i.id == idea)
                        .is_some_and(|i| mat.mp(i.kind) >= 8),
                    _ => false,
                });
                if let Some(r) = research {
                    return Some(r.clone());
                }
                let wants_stability = mat.stability < 2
                    && mat.mp(MpKind::Adm) >= increase_stability_cost(mat.stability) + 1;
                // Diplomacy, exploration, cards and the other generic actions.
                let round = game.flow().round;
                let taken = self
                    .generic_taken
                    .iter()
                    .find(|(r, n, _)| *r == decision.realm && *n == round)
                    .map_or(0, |(_, _, c)| *c);
                if let Some(r) = realm.filter(|_| !wants_stability && taken < GENERIC_PER_ROUND) {
                    if let Some(a) = generic::turn(world, r, &mat, &legal, &mut self.rng, value) {
                        self.generic_taken
                            .retain(|(r, n, _)| *r != decision.realm || *n == round);
                        match self
                            .generic_taken
                            .iter_mut()
                            .find(|(r, n, _)| *r == decision.realm && *n == round)
                        {
                            Some(entry) => entry.2 += 1,
                            None => self.generic_taken.push((decision.realm.clone(), round, 1)),
                        }
                        return Some(a);
                    }
                }
                if wants_stability && legal.contains(&Action::IncreaseStability) {
                    Some(Action::IncreaseStability)
                } else if !markers.took_event {
                    self.richest_event(game, &legal)
                } else if mat.loans > 0 && mat.ducats >= 12 && legal.contains(&Action::RepayLoan) {
                    Some(Action::RepayLoan)
                } else {
                    legal.iter().find(|a| **a == Action::Pass).cloned()
                }
            }
            DecisionKind::EventOption { .. } => {
                let card = world.resource::<EventInProgress>().0.map(|(_, c)| c);
                card.and_then(|card| {
                    let def = &world.resource::<Content>().0.events[card];
                    legal
                        .iter()
                        .max_by_key(|a| match a {
                            Action::ChooseOption { option } => def
                                .options
                                .get(usize::from(*option))
                                .map_or(i32::MIN, |o| o.effects.iter().map(value).sum()),
                            _ => i32::MIN,
                        })
                        .cloned()
                })
            }
            DecisionKind::MpType { amount } => {
                let by_pool = |k: &MpKind| mat.mp(*k);
                let kind = if *amount >= 0 {
                    MpKind::ALL.iter().min_by_key(|k| by_pool(k))
                } else {
                    MpKind::ALL.iter().max_by_key(|k| by_pool(k))
                };
                kind.map(|k| Action::ChooseMp { kind: *k })
            }
            DecisionKind::UnrestTown
            | DecisionKind::RemoveUnrest
            | DecisionKind::DrawCard { .. }
            | DecisionKind::HandLimit
            | DecisionKind::RebelRemoveUnrest { .. }
            | DecisionKind::AssignRebellion { .. }
            | DecisionKind::LiberationColour { .. }
            | DecisionKind::VassalDissent { .. } => None,
            DecisionKind::AfterPass => Some(if mat.ducats >= 12 {
                Action::RepayLoan
            } else {
                Action::Decline
            }),
            DecisionKind::SuppressMore => {
                if mat.mp(MpKind::Mil) >= 2 {
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::ChooseProvince { .. }))
                        .cloned()
                } else {
                    Some(Action::Decline)
                }
            }
            DecisionKind::KeepCard { card } => Some(if mat.ducats >= 8 {
                Action::KeepCard { card: card.clone() }
            } else {
                Action::DiscardCard { card: card.clone() }
            }),
            DecisionKind::ReplaceDeadRuler => legal.first().cloned(),
            DecisionKind::HistoricalRuler { .. } => Some(Action::AcceptRuler),
            DecisionKind::CutCosts
                if mat.ducats < 4 && mat.loans < 2 && legal.contains(&Action::TakeLoan) =>
            {
                // A thin treasury before upkeep: borrow a little rather than lose the court.
                Some(Action::TakeLoan)
            }
            DecisionKind::CutCosts => {
                // Fire the dearest advisor when the treasury and income cannot carry the court.
                let r = realm?;
                let income = crate::sim::pop::towns::tracks(world, r).income;
                let court: i32 = advisors(world, r)
                    .iter()
                    .filter_map(|a| world.get::<Character>(*a))
                    .map(|c| i32::from(c.cost))
                    .sum();
                if mat.ducats + income < court + i32::from(mat.loans) {
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::FireAdvisor { .. }))
                        .cloned()
                } else {
                    Some(Action::Decline)
                }
            }
            DecisionKind::RecruitUnits { .. }
            | DecisionKind::SiegeMore { .. }
            | DecisionKind::FreeActivation
            | DecisionKind::BattleRetreat { .. }
            | DecisionKind::CallToArms { .. }
            | DecisionKind::Surrender { .. }
            | DecisionKind::PeaceTerms { .. } => {
                let r = realm?;
                war::decide(&mut self.rng, world, r, &mat, &decision.kind, &legal)
            }
            DecisionKind::Proposal { .. }
            | DecisionKind::Exploration { .. }
            | DecisionKind::FocusDiscard { .. }
            | DecisionKind::FocusDraw { .. }
            | DecisionKind::InfluenceMore => {
                generic::decide(world, realm?, &mat, &decision.kind, &legal)
            }
            DecisionKind::Missions { .. } => missions::phase1(world, realm?, &legal),
            DecisionKind::AgeEndClaims => Some(missions::claim(&legal).unwrap_or(Action::Decline)),
            DecisionKind::AgeSwap => missions::age_swap(world, realm?, &legal),
            DecisionKind::Corruption { charge } => {
                let pay = Action::PayCorruption { adm: *charge };
                Some(if legal.contains(&pay) {
                    pay
                } else {
                    Action::DiscardDucats
                })
            }
        };
        // A heuristic that names an action the rules refuse here falls back to a legal one.
        let pick = pick.filter(|p| legal.contains(p));
        Some(pick.unwrap_or_else(|| legal[self.rng.random_range(0..legal.len())].clone()))
    }

    /// The face-up Event with the most ducats on it (ties by lot).
    fn richest_event(&mut self, game: &Game, legal: &[Action]) -> Option<Action> {
        let display = game.world().resource::<EventDisplay>();
        let events: Vec<(i32, &Action)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::TakeEvent { slot } => {
                    display.row.get(usize::from(*slot)).map(|s| (s.ducats, a))
                }
                _ => None,
            })
            .collect();
        let best = events.iter().map(|(d, _)| *d).max()?;
        let tied: Vec<&Action> = events
            .iter()
            .filter(|(d, _)| *d == best)
            .map(|(_, a)| *a)
            .collect();
        Some(tied[self.rng.random_range(0..tied.len())].clone())
    }
}

/// Rough worth of an effect to the realm that gets it.
fn value(effect: &Effect) -> i32 {
    match effect {
        Effect::Ducats(n) => 2 * n,
        Effect::Mp(_, n) | Effect::AnyMp(n) => 3 * n,
        Effect::Stability(n) => 8 * n,
        Effect::Prestige(n) => 4 * n,
        Effect::Unrest(n) | Effect::UnrestIn(_, n) => -6 * i32::from(*n),
        Effect::Loan(n) => -6 * i32::from(*n),
        Effect::RulerIllHealth => -8,
        Effect::Manpower(n) => *n,
        Effect::Claim(_) | Effect::CasusBelli(_) => 3,
        Effect::Faith(..) => 1,
    }
}

/// Plays a whole game with bots in every seat; returns it finished.
pub fn play_out(game: &mut Game, seed: u64) {
    let mut bot = Bot::new(seed);
    while !game.is_over() {
        let Some(action) = bot.choose(game) else {
            break;
        };
        game.apply(action).expect("bots only choose legal actions");
    }
}
