//! The baseline bot: answers every decision from the legal actions with simple heuristics and
//! its own seeded RNG (never the game's, so bots do not change what the dice say).

mod colonies;
mod curia;
mod generic;
pub mod legal;
mod missions;
mod war;

#[cfg(test)]
mod blind_tests;
#[cfg(test)]
mod checked_tests;

use crate::engine::id::Id;
use crate::rulesets::pop::rules::actions::TurnPart;
use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{Effect, MpKind};
use crate::rulesets::pop::model::{Interregnum, Mat, OwnedBy, RoundMarkers};
use crate::rulesets::pop::rules::characters::advisors;
use crate::rulesets::pop::rules::economy::stability_cost;
use crate::rulesets::pop::rules::events::{EventDisplay, EventInProgress};
use crate::rulesets::pop::rules::relations::enemies_of;
use crate::rulesets::pop::state::{Content, Index};
use crate::rulesets::pop::{Action, DecisionKind, Game};
use legal::Legal;

/// A bot with its own RNG for tie-breaks.
pub struct Bot {
    rng: ChaCha8Rng,
    seed: u64,
    /// Generic actions taken per realm in the current Round: (realm, Round, count).
    generic_taken: Vec<(Id, u32, u8)>,
    /// Whether the rules' check passed the last answer given (see `checked_answer`).
    checked_answer: bool,
}

/// How a bot plays a realm. Human players differ; so do the bots, so that ordinary games see
/// realms that overreach as well as careful ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Temperament {
    /// Keeps stability up, repays loans, recalls idle fleets, fights with a casus belli.
    Prudent,
    /// Borrows to keep its armies in the field, lets stability slide while at war, keeps its
    /// fleets at sea and declares wars it has no casus belli for.
    Bold,
}

/// Most generic actions (deals, exploring, influence, cards, ...) a bot takes in a Round, so
/// that it still passes early enough to earn passing money.
const GENERIC_PER_ROUND: u8 = 3;

impl Bot {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x05EE_DB07),
            seed,
            generic_taken: Vec::new(),
            checked_answer: false,
        }
    }

    /// The bot's temperament for a realm, fixed for the game by the bot seed and the realm:
    /// about one realm in four is played boldly (see [`Temperament`]).
    pub fn temperament(&self, realm: &str) -> Temperament {
        // FNV-1a over the realm key, mixed with the seed: stable across runs and platforms.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for b in realm.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        if (h >> 29).is_multiple_of(4) {
            Temperament::Bold
        } else {
            Temperament::Prudent
        }
    }

    /// Picks one legal action for the pending decision; `None` when there is nothing to decide.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        // The bot asks what the rules asked while listing the legal actions: remembered.
        crate::engine::memo::scope(game.world(), || {
            let legal = Legal::of_pending(game.world());
            let answer = self.choose_in(game, &legal);
            self.checked_answer = answer.as_ref().is_some_and(|a| legal.found_legal(a));
            answer
        })
    }

    /// Whether the rules' own check passed the last answer `choose` gave, in the state it was
    /// chosen in: its `Legal` holds that verdict (nearly always: the answers come from the
    /// candidates it checked, and a heuristic's own pick is checked before it is given).
    pub fn checked_answer(&self) -> bool {
        self.checked_answer
    }

    fn choose_in(&mut self, game: &Game, legal: &Legal) -> Option<Action> {
        let decision = game.pending()?.clone();
        let world = game.world();
        if legal.is_empty() {
            return None;
        }
        let realm = world.res::<Index>().get(decision.realm);
        let mat = realm
            .and_then(|r| world.read::<Mat>(r))
            .cloned()
            .unwrap_or_default();
        let markers = realm
            .and_then(|r| world.read::<RoundMarkers>(r))
            .cloned()
            .unwrap_or_default();
        let bold = self.temperament(&decision.realm) == Temperament::Bold;
        let at_war = realm.is_some_and(|r| !enemies_of(world, r).is_empty());
        let pick = match &decision.kind {
            DecisionKind::Turn | DecisionKind::LastAction | DecisionKind::LastEvent => {
                // A fulfilled Mission or Milestone is completed at once: it costs no action.
                if let Some(claim) = missions::claim(legal) {
                    return Some(claim);
                }
                // Minor actions first: a ruler for an empty throne, an advisor for an empty seat.
                // (The wish is weighed before the legal answers are looked for: most turns
                // have none, and the checks cost more than the wish.)
                let interregnum = realm.is_some_and(|r| world.read::<Interregnum>(r).is_some());
                let wants_advisor = mat.ducats >= if bold { 6 } else { 10 }
                    && realm.is_some_and(|r| advisors(world, r).len() < 3);
                if interregnum || wants_advisor {
                    let appoint =
                        legal.find_in(&[TurnPart::Basic], |a| matches!(a, Action::Appoint { .. }));
                    if let Some(appoint) = appoint {
                        return Some(appoint);
                    }
                }
                // Two or more unrest and some mil to spare: suppress them.
                let unrest_to_suppress = mat.mp(MpKind::Mil) >= 2
                    && realm.is_some_and(|r| {
                        crate::rulesets::pop::rules::rebels::counting_unrest(world, r, None).len()
                            >= 2
                    });
                if unrest_to_suppress {
                    let suppress = legal.find_in(&[TurnPart::Basic], |a| {
                        matches!(a, Action::SuppressUnrest { .. })
                    });
                    if let Some(s) = suppress {
                        return Some(s);
                    }
                }
                // Optional rule 5: religious rebels holding the capital are bought off by
                // taking their faith.
                if realm.is_some_and(|r| {
                    crate::rulesets::pop::rules::religion::rebels_force_conversion(world, r)
                }) && legal.contains(&Action::AdoptRebelFaith)
                {
                    return Some(Action::AdoptRebelFaith);
                }
                // A Papal Action while the controller has the diplomats for it.
                if let Some(a) = realm.and_then(|r| curia::papal_action(world, r, &mat, legal)) {
                    return Some(a);
                }
                // The Emperor raises Imperial Authority when its adm leaves a margin (18.1).
                if legal.contains(&Action::IncreaseAuthority)
                    && mat.mp(MpKind::Adm)
                        >= crate::rulesets::pop::rules::empire::increase_cost(world) + 3
                {
                    return Some(Action::IncreaseAuthority);
                }
                if let Some(r) = realm
                    && let Some(a) = war::turn_action(&mut self.rng, world, r, &mat, legal, bold)
                    && legal.contains(&a)
                {
                    return Some(a);
                }
                // Colonies: found one on a linked claim, else man the sea lane to it.
                if let Some(r) = realm.filter(|_| !at_war) {
                    if let Some(a) = colonies::colonize(&mat, legal) {
                        return Some(a);
                    }
                    if mat.mp(MpKind::Mil) >= 2
                        && let Some(a) = colonies::sail_to_gap(world, r, legal)
                    {
                        return Some(a);
                    }
                    if mat.mp(MpKind::Mil) >= 3 && mat.ducats >= 8 && colonies::wants_ship(world, r)
                    {
                        let port = legal.find_in(&[TurnPart::Recruits], |a| match a {
                            Action::Recruit { area } => {
                                world.res::<Index>().get(area).is_some_and(|a| {
                                    crate::rulesets::pop::rules::generic::has_own_port(world, r, a)
                                })
                            }
                            _ => false,
                        });
                        if let Some(a) = port {
                            return Some(a);
                        }
                    }
                }
                // Monarch power piling up goes into the Idea worth most to the realm.
                if let Some(r) = realm.and_then(|r| research_pick(world, r, &mat, legal)) {
                    return Some(r);
                }
                // A bold realm at war lets stability go; at peace it only mends a collapse.
                let wants_stability = if bold {
                    !at_war
                        && mat.stability <= -2
                        && realm
                            .is_some_and(|r| mat.mp(MpKind::Adm) >= stability_cost(world, r) + 2)
                } else {
                    mat.stability < 2
                        && realm.is_some_and(|r| mat.mp(MpKind::Adm) > stability_cost(world, r))
                };
                // Diplomacy, exploration, cards and the other generic actions.
                let round = game.flow().round;
                let taken = self
                    .generic_taken
                    .iter()
                    .find(|(r, n, _)| *r == decision.realm && *n == round)
                    .map_or(0, |(_, _, c)| *c);
                if let Some(r) = realm.filter(|_| !wants_stability && taken < GENERIC_PER_ROUND)
                    && let Some(a) = generic::turn(world, r, &mat, legal, &mut self.rng, value)
                {
                    self.generic_taken
                        .retain(|(r, n, _)| *r != decision.realm || *n == round);
                    match self
                        .generic_taken
                        .iter_mut()
                        .find(|(r, n, _)| *r == decision.realm && *n == round)
                    {
                        Some(entry) => entry.2 += 1,
                        None => self.generic_taken.push((decision.realm, round, 1)),
                    }
                    return Some(a);
                }
                if wants_stability && legal.contains(&Action::IncreaseStability) {
                    Some(Action::IncreaseStability)
                } else if !markers.took_event {
                    self.richest_event(game, legal)
                } else if mat.loans > 0
                    && mat.ducats >= if bold { 25 } else { 12 }
                    && legal.contains(&Action::RepayLoan)
                {
                    Some(Action::RepayLoan)
                } else {
                    legal.find(|a| *a == Action::Pass)
                }
            }
            DecisionKind::EventOption { .. } => {
                let card = world.res::<EventInProgress>().0.map(|(_, c)| c);
                card.and_then(|card| {
                    let def = &world.res::<Content>().0.events[card];
                    legal
                        .all()
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
            // The one rebel die goes where an army stands: a Rebellion there raises rebels to
            // fight it instead of taking a province (14.2).
            DecisionKind::RebelDieArea => realm.and_then(|r| {
                legal
                    .find(|a| match a {
                        Action::ChooseArea { area } => {
                            world.res::<Index>().get(area).is_some_and(|p| {
                                !crate::rulesets::pop::rules::military::own_units_at(
                                    world, r, p, true,
                                )
                                .is_empty()
                            })
                        }
                        _ => false,
                    })
                    .or_else(|| legal.first().cloned())
            }),
            // 14.2: exhaust from Available manpower, keeping the armies in the field; with none
            // available, a unit of the largest army (the first such on a tie).
            DecisionKind::RebelExhaust { .. } => {
                if legal.contains(&Action::Accept) {
                    Some(Action::Accept)
                } else {
                    let index = world.res::<Index>();
                    let mut best: Option<(usize, Action)> = None;
                    for a in legal.matching(|a| matches!(a, Action::DisbandUnit { .. })) {
                        let Action::DisbandUnit { place, .. } = a else {
                            continue;
                        };
                        let size = match (realm, index.get(place)) {
                            (Some(r), Some(p)) => {
                                crate::rulesets::pop::rules::military::own_units_at(
                                    world, r, p, true,
                                )
                                .len()
                            }
                            _ => 0,
                        };
                        if best.as_ref().is_none_or(|(s, _)| size > *s) {
                            best = Some((size, a.clone()));
                        }
                    }
                    best.map(|(_, a)| a)
                }
            }
            // 14.3: send the rebels to a rival's province where the criteria allow.
            DecisionKind::RebelSiege { .. } => legal.find(|a| match a {
                Action::ChooseProvince { province } => world
                    .res::<Index>()
                    .get(province)
                    .is_some_and(|p| world.read::<OwnedBy>(p).map(|o| o.0) != realm),
                _ => false,
            }),
            DecisionKind::AfterPass => Some(if mat.ducats >= if bold { 25 } else { 12 } {
                Action::RepayLoan
            } else {
                Action::Decline
            }),
            DecisionKind::SuppressMore => {
                if mat.mp(MpKind::Mil) >= 2 {
                    legal.find(|a| matches!(a, Action::ChooseProvince { .. }))
                } else {
                    Some(Action::Decline)
                }
            }
            DecisionKind::KeepCard { card } => Some(if mat.ducats >= 8 {
                Action::KeepCard { card: *card }
            } else {
                Action::DiscardCard { card: *card }
            }),
            DecisionKind::ReplaceDeadRuler => legal.first().cloned(),
            DecisionKind::HistoricalRuler { .. } => Some(Action::AcceptRuler),
            // The ablest of the rulers on the card (the most monarch power a Round).
            DecisionKind::HistoricalRulers { characters, .. } => characters
                .iter()
                .max_by_key(|c| {
                    world
                        .res::<crate::rulesets::pop::state::Index>()
                        .get(c)
                        .and_then(|e| world.read::<crate::rulesets::pop::model::Character>(e))
                        .map_or(0, |ch| ch.skills.iter().map(|s| u32::from(*s)).sum::<u32>())
                })
                .map(|c| Action::TakeRuler { character: *c }),
            // A card drawn for a marriage costs nothing (the hand limit comes in Phase 5 C).
            DecisionKind::MarriageDraw { .. } => Some(Action::Accept),
            DecisionKind::CutCosts => {
                let r = realm?;
                let income = crate::rulesets::pop::rules::towns::tracks(world, r).income;
                let court: i32 = advisors(world, r)
                    .iter()
                    .map(|a| crate::rulesets::pop::rules::income::advisor_upkeep(world, r, *a).0)
                    .sum();
                let upkeep = court + i32::from(mat.loans) + war::army_upkeep(world, r);
                let short = mat.ducats + income < upkeep;
                let first = |pred: &dyn Fn(&Action) -> bool| legal.find(pred);
                if bold {
                    // Borrow rather than give up anything, while the bankers still lend; past
                    // that, whatever the treasury cannot carry goes unpaid in step B.
                    return Some(
                        if short && mat.loans < 4 && legal.contains(&Action::TakeLoan) {
                            Action::TakeLoan
                        } else {
                            Action::Decline
                        },
                    );
                }
                // Idle fleets come home at peace: at sea they cost upkeep.
                if !at_war {
                    // ... except the ships holding the sea lane to a colonial claim.
                    let lane = colonies::sea_lane(world, r);
                    let index = world.res::<Index>();
                    if let Some(recall) = first(&|a| match a {
                        Action::RecallShips { from, .. } => {
                            index.get(from).is_some_and(|f| !lane.contains(&f))
                        }
                        _ => false,
                    }) {
                        return Some(recall);
                    }
                }
                if mat.ducats < 4 && mat.loans < 2 && legal.contains(&Action::TakeLoan) {
                    // A thin treasury before upkeep: borrow a little rather than lose the court.
                    Some(Action::TakeLoan)
                } else if short && !at_war {
                    // Mercenaries go first at peace, then the dearest advisor.
                    first(&|a| {
                        matches!(
                            a,
                            Action::DisbandUnit {
                                mercenary: true,
                                ..
                            }
                        )
                    })
                    .or_else(|| first(&|a| matches!(a, Action::FireAdvisor { .. })))
                } else if short {
                    first(&|a| matches!(a, Action::FireAdvisor { .. }))
                } else {
                    Some(Action::Decline)
                }
            }
            DecisionKind::RecruitUnits { .. }
            | DecisionKind::SiegeMore { .. }
            | DecisionKind::OccupyRebelTown { .. }
            | DecisionKind::NavalTransport { .. }
            | DecisionKind::FreeActivation
            | DecisionKind::MoreWarTargets
            | DecisionKind::BattleRetreat { .. }
            | DecisionKind::SendCalls { .. }
            | DecisionKind::CallToArms { .. }
            | DecisionKind::ActivateAlly { .. }
            | DecisionKind::Surrender { .. }
            | DecisionKind::PeaceTerms { .. } => {
                let r = realm?;
                war::decide(&mut self.rng, world, r, &mat, &decision.kind, legal)
            }
            DecisionKind::Proposal { .. }
            | DecisionKind::Exploration { .. }
            | DecisionKind::FocusDiscard { .. }
            | DecisionKind::FocusDraw { .. }
            | DecisionKind::InfluenceMore
            | DecisionKind::TradeCards { .. }
            | DecisionKind::GoldInflation => {
                generic::decide(world, realm?, &mat, &decision.kind, legal)
            }
            DecisionKind::Missions { .. } => missions::phase1(world, realm?, legal),
            DecisionKind::AgeEndClaims => Some(missions::claim(legal).unwrap_or(Action::Decline)),
            DecisionKind::AgeSwap => missions::age_swap(world, realm?, legal),
            // A marriage is kept while diplomatic power is plentiful; else the first one the
            // rules allow ends (a Non-Player Realm's while there is one).
            DecisionKind::AgeMarriages => {
                if mat.mp(MpKind::Dip) >= 5 && legal.contains(&Action::Accept) {
                    Some(Action::Accept)
                } else {
                    legal
                        .find(|a| matches!(a, Action::ChooseRealm { .. }))
                        .or_else(|| legal.first().cloned())
                }
            }
            DecisionKind::ExpandNode => realm.and_then(|r| generic::expand_pick(world, r, legal)),
            DecisionKind::IntegrateArea => {
                realm.and_then(|r| generic::integrate_pick(world, r, legal))
            }
            // Imperial Influence: into the Elector Area where the Emperor's lead is smallest, for
            // the votes; else the first area.
            DecisionKind::ImperialInfluence { .. } => {
                realm.and_then(|r| generic::imperial_influence_pick(world, r, legal))
            }
            // An Emperor breaking an election tie keeps the title if it can, else favours an ally,
            // else the realm with the least prestige (the weakest rival).
            DecisionKind::ElectionTie { .. } => realm.and_then(|r| election_pick(world, r, legal)),
            // An Emperor attacked from outside takes up the Empire's defence: it costs nothing.
            DecisionKind::DefendTheHre { .. } => Some(Action::Accept),
            // The subject's part in the Emperor's defence: the casus belli costs nothing.
            DecisionKind::ImperialLevy { .. } => Some(Action::PayLevy {
                levy: crate::rulesets::pop::decision::LevyKind::CasusBelli,
            }),
            // Lost at Sea: its own cheapest ship goes (a galley, then a light ship, then a heavy
            // one); choosing for an opponent, the Active Player sinks the dearest.
            DecisionKind::LostAtSea { owner } => {
                let ship_value = |a: &&Action| match a {
                    Action::DisbandUnit { kind, .. } => i32::from(kind.ship_value()),
                    _ => -1,
                };
                if *owner == decision.realm {
                    legal.all().iter().min_by_key(ship_value).cloned()
                } else {
                    legal.all().iter().max_by_key(ship_value).cloned()
                }
            }
            // Disloyal Vassals: the area whose vassals raise the fewest rebels.
            DecisionKind::DisloyalVassals => realm.and_then(|r| {
                legal
                    .all()
                    .iter()
                    .min_by_key(|a| vassal_tax(world, r, a))
                    .cloned()
            }),
            // DNPR Expansion: under a rival's richest holding, else as the auto-resolution would
            // (a Non-Player Realm's province, its own areas first, the cheapest); never its own.
            DecisionKind::DnprExpansion { .. } => realm.and_then(|r| {
                let holder = |a: &Action| match a {
                    Action::ChooseProvince { province } => world
                        .res::<Index>()
                        .get(province)
                        .and_then(|p| crate::rulesets::pop::rules::generic::owner(world, p)),
                    _ => None,
                };
                let tax = |a: &Action| answer_province_tax(world, a).unwrap_or(0);
                let rival = |a: &&Action| {
                    holder(a).is_some_and(|h| {
                        h != r
                            && world
                                .read::<crate::rulesets::pop::model::PlayerRealm>(h)
                                .is_some()
                    })
                };
                legal
                    .all()
                    .iter()
                    .filter(rival)
                    .rev()
                    .max_by_key(|a| tax(a))
                    .or_else(|| {
                        legal.all().iter().find(|a| {
                            holder(a).is_some_and(|h| {
                                world
                                    .read::<crate::rulesets::pop::model::NonPlayerRealm>(h)
                                    .is_some()
                            })
                        })
                    })
                    .or_else(|| legal.all().iter().find(|a| holder(a) != Some(r)))
                    .or_else(|| legal.first())
                    .cloned()
            }),
            // Spread of Religious Ideas: as the auto-resolution would place it.
            // Spread of the Revolution: the first area the rules allow away from its own lands.
            DecisionKind::SpreadRevolution { .. } => realm.and_then(|r| {
                let own = |a: &&Action| match a {
                    Action::PlaceFaith { area, .. } => {
                        world.res::<Index>().get(area).is_some_and(|a| {
                            crate::rulesets::pop::rules::relations::provinces_of(world, a)
                                .iter()
                                .any(|p| {
                                    crate::rulesets::pop::rules::generic::owner(world, *p)
                                        == Some(r)
                                })
                        })
                    }
                    _ => true,
                };
                legal
                    .all()
                    .iter()
                    .find(|a| !own(a))
                    .or_else(|| legal.first())
                    .cloned()
            }),
            DecisionKind::SpreadReligion { .. } => {
                let choices = crate::rulesets::pop::rules::symbols::faith_spread_choices(world);
                crate::rulesets::pop::rules::symbols::auto_spread_pick(world, &choices).map(
                    |(area, faith)| Action::PlaceFaith {
                        area: crate::rulesets::pop::state::key_of(world, area),
                        faith,
                    },
                )
            }
            // Pirates: where rivals' merchants stand and its own do not.
            DecisionKind::Pirates => {
                let board = world.res::<crate::rulesets::pop::rules::trade::TradeBoard>();
                legal
                    .all()
                    .iter()
                    .rev()
                    .max_by_key(|a| match a {
                        Action::ChooseNode { node } => board
                            .merchants
                            .iter()
                            .filter(|m| m.node.as_deref() == Some(node.as_str()))
                            .map(|m| if m.realm == decision.realm { -2 } else { 1 })
                            .sum::<i32>(),
                        _ => i32::MIN,
                    })
                    .cloned()
            }
            // Native Uprising: with colonists to spare the Active Player loses one and keeps its
            // towns calm; otherwise the unrest goes to the poorest distant town.
            DecisionKind::NativeUprising { spare } => {
                let colonists = mat.colonists;
                if *spare && colonists >= 2 && legal.contains(&Action::Decline) {
                    Some(Action::Decline)
                } else {
                    legal
                        .all()
                        .iter()
                        .filter(|a| matches!(a, Action::ChooseProvince { .. }))
                        .min_by_key(|a| answer_province_tax(world, a).unwrap_or(i32::MAX))
                        .cloned()
                }
            }
            // Change State Religion: the first marriage; influence leaves where the bot has the
            // least and goes where it has the most, to keep and build majorities.
            DecisionKind::ReligionMarriage => legal.first().cloned(),
            DecisionKind::ReligionInfluenceOut { .. } => {
                realm.and_then(|r| generic::influence_pick(world, r, legal, false))
            }
            DecisionKind::ReligionInfluenceIn { .. } => {
                realm.and_then(|r| generic::influence_pick(world, r, legal, true))
            }
            // The Event's cardinal and the excommunicated realm's: as FACTS' auto-resolution
            // (16.5) and the rightmost of its own, keeping its leftmost for the tie-break.
            DecisionKind::CardinalDies => crate::rulesets::pop::rules::curia::dying_cardinal(world)
                .map(|slot| Action::ChooseCardinal { slot: slot as u8 }),
            DecisionKind::ExcommunicationCardinal => legal
                .matching(|a| matches!(a, Action::ChooseCardinal { .. }))
                .last()
                .cloned(),
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
        Some(pick.unwrap_or_else(|| {
            let all = legal.all();
            all[self.rng.random_range(0..all.len())].clone()
        }))
    }

    /// The face-up Event with the most ducats on it (ties by lot).
    fn richest_event(&mut self, game: &Game, legal: &Legal) -> Option<Action> {
        let display = game.world().resource::<EventDisplay>();
        let events: Vec<(i32, &Action)> = legal
            // An Event is taken by a basic action: the turn's other parts are not built.
            .matching_in(&[TurnPart::Basic], |a| {
                matches!(a, Action::TakeEvent { .. })
            })
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

/// The Idea to research now, if any: among those the realm can afford with power to spare
/// (cheap ones once the pool holds their cost + 3, dear ones near the cap), the one worth most
/// (`generic::idea_value`). A new government form must beat the one it would replace.
fn research_pick(
    world: &bevy::prelude::World,
    realm: bevy::prelude::Entity,
    mat: &Mat,
    legal: &Legal,
) -> Option<Action> {
    let content = &world.res::<Content>().0;
    let held = crate::rulesets::pop::rules::ideas::ideas_of(world, realm);
    let government_now: i32 = content
        .ideas
        .iter()
        .filter(|i| i.government && held.contains(&i.id))
        .map(|i| generic::idea_value(world, realm, &i.effects))
        .sum();
    // The bot's own questions (power to spare, worth) come before the rules' check: most open
    // Ideas fail them, and the checks are pure, so checking the survivors in the same order
    // picks what checking first would have.
    legal
        .unchecked_in(&[TurnPart::Ideas], |a| {
            matches!(a, Action::ResearchIdea { .. })
        })
        .filter_map(|(ticket, a)| match a {
            Action::ResearchIdea { idea } => content
                .ideas
                .iter()
                .find(|i| &i.id == idea)
                .map(|i| (i, ticket, a)),
            _ => None,
        })
        .filter(|(i, _, _)| {
            !held.contains(&i.id) && mat.mp(i.kind) >= (i32::from(i.cost) + 3).min(8)
        })
        .map(|(i, ticket, a)| {
            let mut worth = generic::idea_value(world, realm, &i.effects);
            if i.government {
                worth -= government_now;
            }
            (worth, ticket, a)
        })
        .filter(|(worth, _, _)| *worth > 0)
        .filter(|(_, ticket, _)| legal.is_legal(*ticket))
        .max_by_key(|(worth, _, _)| *worth)
        .map(|(_, _, a)| a.clone())
}

/// Rough worth of an effect to the realm that gets it.
fn value(effect: &Effect) -> i32 {
    match effect {
        Effect::Ducats(n) => 2 * n,
        Effect::Mp(_, n) | Effect::AnyMp(n) => 3 * n,
        Effect::Stability(n) => 8 * n,
        Effect::Prestige(n) => 4 * n,
        Effect::Unrest(n)
        | Effect::UnrestIn(_, n)
        | Effect::TownUnrest(n)
        | Effect::TownUnrestIn(_, n) => -6 * i32::from(*n),
        Effect::Loan(n) => -6 * i32::from(*n),
        Effect::RulerIllHealth => -8,
        Effect::Manpower(n) => *n,
        Effect::Claim(_) | Effect::CasusBelli(_) => 3,
        // Cores: no liberation there, and 1 at final scoring.
        Effect::CoreToken(_) => 6,
        Effect::Faith(..) => 1,
        Effect::ReplaceMilestones => 0,
        Effect::Cardinal => 10,
        // An expanded node pays 1-3 ducats more a row, to every merchant there.
        Effect::ExpandNode(_) | Effect::ExpandAnyNode => 5,
        // A core token from a Development card: as a rewarded one (the card is only playable
        // where an area qualifies).
        Effect::IntegrateArea => 6,
    }
}

/// Plays a whole game with bots in every seat; returns it finished.
pub fn play_out(game: &mut Game, seed: u64) {
    crate::engine::ruleset::play_out(game, seed);
}

/// The sitting Emperor's choice among realms tied in an Imperial Election (18.9).
fn election_pick(
    world: &bevy::prelude::World,
    emperor: bevy::prelude::Entity,
    legal: &Legal,
) -> Option<Action> {
    let index = world.res::<Index>();
    let allies = crate::rulesets::pop::rules::relations::player_allies(world, emperor);
    legal
        .all()
        .iter()
        .min_by_key(|a| {
            let Action::ChooseRealm { realm } = a else {
                return (3, 0);
            };
            let r = index.get(realm);
            let prestige = r
                .and_then(|r| world.read::<Mat>(r))
                .map_or(0, |m| m.prestige);
            match r {
                Some(r) if r == emperor => (0, 0),
                Some(r) if allies.contains(&r) => (1, prestige),
                _ => (2, prestige),
            }
        })
        .cloned()
}

/// The rebels `realm`'s vassals in the area a `ChooseArea` answer names would raise if they
/// wavered.
fn vassal_tax(world: &bevy::prelude::World, realm: bevy::prelude::Entity, answer: &Action) -> i32 {
    let Action::ChooseArea { area } = answer else {
        return i32::MAX;
    };
    world.res::<Index>().get(area).map_or(i32::MAX, |a| {
        crate::rulesets::pop::rules::symbols::wavering_tax(world, realm, a)
    })
}

/// The tax value of the province a `ChooseProvince` answer names.
fn answer_province_tax(world: &bevy::prelude::World, answer: &Action) -> Option<i32> {
    let Action::ChooseProvince { province } = answer else {
        return None;
    };
    let p = world.res::<Index>().get(province)?;
    world
        .read::<crate::rulesets::pop::model::Province>(p)
        .map(crate::rulesets::pop::model::Province::tax_value)
}
