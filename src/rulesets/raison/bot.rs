//! Raison d'Etat's bot: answers every decision from its own seat's view (`snapshot::view`: its
//! own hand and secret choices, everyone's public state) and the public map. Each seat gets a
//! temperament from the bot's seed: a Hawk picks fights and Coalitions, a Merchant stays Neutral
//! more often and buys Fortresses, a Schemer bids hard for Minor Powers.

use crate::engine::game::Game;
use crate::engine::rng::GameRng;
use crate::engine::ruleset::SeatBot;
use crate::rulesets::raison::RaisonDEtat;
use crate::rulesets::raison::content::schema::{Side, Status};
use crate::rulesets::raison::decision::{Action, DecisionKind, MoveKind};
use crate::rulesets::raison::model::{Kind, MapIndex};
use crate::rulesets::raison::snapshot::Snapshot;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Temperament {
    Hawk,
    Merchant,
    Schemer,
}

pub struct Bot {
    rng: GameRng,
    seed: u64,
}

impl SeatBot<RaisonDEtat> for Bot {
    fn seeded(seed: u64) -> Self {
        Self {
            rng: GameRng::new(seed ^ 0x5eed_0003),
            seed,
        }
    }

    fn choose(&mut self, game: &Game<RaisonDEtat>) -> Option<Action> {
        let decision = game.pending()?.clone();
        let legal = game.legal_actions();
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        let view = game.view(Some(&decision.seat));
        let map = game.world().resource::<MapIndex>();
        let me = map.power(&decision.power)?;
        let ctx = Ctx {
            view: &view,
            map,
            me,
            temperament: self.temperament(me),
        };
        let pick = match &decision.kind {
            DecisionKind::Status => ctx.status(&mut self.rng),
            DecisionKind::Bid { .. } => ctx.bid(&mut self.rng),
            DecisionKind::Vote => Some(ctx.vote()),
            DecisionKind::MusterDiscard | DecisionKind::HandLimit => ctx.lowest_card(&legal),
            DecisionKind::Leadership => Some(ctx.leadership(&legal)),
            DecisionKind::PlaceGenerals => ctx.place(&legal),
            DecisionKind::WithdrawGenerals => Some(Action::Done),
            DecisionKind::Subsidise => ctx.subsidise(&legal, &mut self.rng),
            DecisionKind::Mobilise => ctx.mobilise(&legal, &mut self.rng),
            DecisionKind::Envoy => ctx.envoy(&legal),
            DecisionKind::Move { .. } => ctx.movement(&legal, &mut self.rng),
            DecisionKind::Consent { mover } => Some(ctx.consent(mover, &mut self.rng)),
            DecisionKind::Grant { mover } => Some(ctx.grant(mover)),
            DecisionKind::Support { .. } => legal.first().cloned(),
            DecisionKind::Commit { .. } => ctx.commit(&legal, &mut self.rng),
            DecisionKind::Garrison { .. } => Some(Action::Garrison),
            DecisionKind::Retreat { .. } => legal.first().cloned(),
        };
        pick.filter(|a| legal.contains(a))
            .or_else(|| legal.iter().find(|a| **a == Action::Done || **a == Action::Pass).cloned())
            .or_else(|| legal.first().cloned())
    }
}

impl Bot {
    fn temperament(&self, p: u8) -> Temperament {
        match (self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (p % 32)).wrapping_add(u64::from(p)) % 3 {
            0 => Temperament::Hawk,
            1 => Temperament::Merchant,
            _ => Temperament::Schemer,
        }
    }
}

struct Ctx<'a> {
    view: &'a Snapshot,
    map: &'a MapIndex,
    me: u8,
    temperament: Temperament,
}

impl Ctx<'_> {
    fn my(&self) -> &crate::rulesets::raison::snapshot::PowerState {
        &self.view.powers[self.me as usize]
    }

    fn my_id(&self) -> &str {
        &self.map.power_ids[self.me as usize]
    }

    fn controller(&self, t: usize) -> Option<&str> {
        self.view.territories[t].controller.as_deref()
    }

    /// What a Territory is worth to me if I held it: Influence for my stripe or another's Home
    /// counts double, Money counts once.
    fn worth(&self, t: usize) -> i32 {
        let v = i32::from(self.map.values[t]);
        match &self.map.kinds[t] {
            Kind::Home(h) if *h == self.me => v,
            Kind::Home(_) => 2 * v,
            Kind::Disputed(s) if s.contains(&self.me) => 2 * v,
            _ => v,
        }
    }

    fn status(&self, rng: &mut GameRng) -> Option<Action> {
        let current = self.my().status;
        let roll = rng.below(10);
        let s = match self.temperament {
            Temperament::Merchant if roll < 5 => Status::Neutral,
            Temperament::Hawk if roll < 2 => Status::Expansionist,
            _ if roll < 7 => match current {
                Status::Coalition(_) => current,
                _ => Status::Coalition(if rng.below(2) == 0 { Side::A } else { Side::B }),
            },
            _ if roll < 8 => Status::Neutral,
            _ => Status::Coalition(if self.me % 2 == 0 { Side::A } else { Side::B }),
        };
        Some(Action::ChooseStatus(s))
    }

    fn bid(&self, rng: &mut GameRng) -> Option<Action> {
        let morale = self.my().morale;
        let cap = match self.temperament {
            Temperament::Schemer => 3,
            Temperament::Hawk => 2,
            Temperament::Merchant => 1,
        };
        let n = (rng.below(cap + 1) as i32).min(morale).min((morale - 1).max(0));
        Some(Action::Bid(n))
    }

    fn vote(&self) -> Action {
        // A Major votes for itself; a Minor's votes go to its controller.
        let player = self.my().player.clone().unwrap_or_else(|| self.my_id().to_string());
        Action::Vote(player)
    }

    fn lowest_card(&self, legal: &[Action]) -> Option<Action> {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard(v) => Some(*v),
                _ => None,
            })
            .min()
            .map(Action::Discard)
    }

    fn leadership(&self, legal: &[Action]) -> Action {
        if legal.contains(&Action::PlaceGenerals) {
            return Action::PlaceGenerals;
        }
        if self.my().hand.len() < 4 || !legal.contains(&Action::GainMorale) {
            Action::TakeCard
        } else {
            Action::GainMorale
        }
    }

    /// Place a General where the richest prizes lie next door.
    fn place(&self, legal: &[Action]) -> Option<Action> {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Place { territory, .. } => {
                    let t = self.map.territory(territory)? as usize;
                    let score: i32 = self.map.borders[t]
                        .iter()
                        .filter(|n| self.controller(**n as usize) != Some(self.my_id()))
                        .map(|n| self.worth(*n as usize))
                        .sum();
                    Some((score, a))
                }
                _ => None,
            })
            .max_by_key(|(s, _)| *s)
            .map(|(_, a)| a.clone())
    }

    fn subsidise(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        if rng.below(3) != 0 {
            return Some(Action::Done);
        }
        if self.my().hand.len() > 4 {
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::GiveCard { value: 1 | 2, .. })) {
                return Some(a.clone());
            }
        }
        if self.my().money > 3 {
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::GiveMoney { .. })) {
                return Some(a.clone());
            }
        }
        Some(Action::Done)
    }

    fn mobilise(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let money = self.my().money;
        if money >= 5 && (self.temperament == Temperament::Merchant || rng.below(4) == 0) {
            let fortress = legal
                .iter()
                .filter_map(|a| match a {
                    Action::BuyFortress { territory } => {
                        let t = self.map.territory(territory)? as usize;
                        Some((i32::from(self.map.values[t]) + if t == self.map.capitals[self.me as usize] as usize { 2 } else { 0 }, a))
                    }
                    _ => None,
                })
                .max_by_key(|(s, _)| *s);
            if let Some((_, a)) = fortress {
                return Some(a.clone());
            }
        }
        // Units first for Generals on the map, fewest Units first.
        let unit = legal
            .iter()
            .filter_map(|a| match a {
                Action::BuyUnit { general } => {
                    let g = self.view.generals.iter().find(|x| x.id == *general)?;
                    Some(((g.at.is_none(), g.units), a))
                }
                _ => None,
            })
            .min_by_key(|(k, _)| *k);
        let hand = self.my().hand.len();
        if hand < 3 && legal.contains(&Action::BuyCard) {
            return Some(Action::BuyCard);
        }
        if let Some((_, a)) = unit {
            return Some(a.clone());
        }
        if hand < 6 && legal.contains(&Action::BuyCard) {
            return Some(Action::BuyCard);
        }
        if legal.contains(&Action::BuyMorale) {
            return Some(Action::BuyMorale);
        }
        Some(Action::Done)
    }

    /// The Envoy most likely to grant: the one with the most Influence (it fears me least).
    fn envoy(&self, legal: &[Action]) -> Option<Action> {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::ChooseEnvoy(e) => {
                    let p = self.view.powers.iter().find(|x| x.id == *e)?;
                    let inf = if p.major { p.influence } else { -1 };
                    Some((inf, a))
                }
                _ => None,
            })
            .max_by_key(|(i, _)| *i)
            .map(|(_, a)| a.clone())
    }

    fn influence_of(&self, id: &str) -> i32 {
        self.view.powers.iter().find(|p| p.id == id).map_or(0, |p| p.influence)
    }

    fn consent(&self, mover: &str, rng: &mut GameRng) -> Action {
        let leader = self.view.powers.iter().map(|p| p.influence).max().unwrap_or(0);
        if self.influence_of(mover) >= leader && leader > 10 || rng.below(5) == 0 {
            Action::Refuse
        } else {
            Action::Agree
        }
    }

    fn grant(&self, mover: &str) -> Action {
        let mine = self.view.powers.iter().find(|p| p.id == self.my().player.clone().unwrap_or_default()).map_or(0, |p| p.influence);
        if self.influence_of(mover) <= mine {
            Action::Agree
        } else {
            Action::Refuse
        }
    }

    /// The strength a defender shows in `t`: its Generals' Units, Garrison and Fortress, and a
    /// guess of 3 for each card it may play.
    fn defence(&self, t: usize) -> i32 {
        let id = &self.map.territory_ids[t];
        let ts = &self.view.territories[t];
        let mut s = 0;
        let mut owners: Vec<&str> = Vec::new();
        for g in &self.view.generals {
            if g.at.as_deref() == Some(id.as_str()) && g.power != self.my_id() {
                s += i32::from(g.units);
                owners.push(&g.power);
            }
        }
        if let Some(gar) = &ts.garrison {
            if gar != self.my_id() {
                s += 1;
                owners.push(gar);
                if ts.fortress {
                    s += 2;
                }
            }
        }
        owners.dedup();
        for o in owners {
            let cards = self.view.powers.iter().find(|p| p.id == o).map_or(0, |p| p.hand_size);
            s += 2 * cards.min(2) as i32;
        }
        s
    }

    fn movement(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let my_cards: i32 = self.my().hand.iter().rev().take(2).map(|c| i32::from(*c)).sum();
        let aggression = match self.temperament {
            Temperament::Hawk => 0,
            Temperament::Schemer => 1,
            Temperament::Merchant => 2,
        };
        let mut best: Option<(i32, &Action)> = None;
        for a in legal {
            let Action::Move { general, to, how } = a else {
                continue;
            };
            let Some(g) = self.view.generals.iter().find(|x| x.id == *general) else {
                continue;
            };
            let Some(t) = self.map.territory(to) else { continue };
            let t = t as usize;
            let ts = &self.view.territories[t];
            let here = self.map.territory_ids[t].as_str();
            let rivals = self
                .view
                .generals
                .iter()
                .any(|x| x.at.as_deref() == Some(here) && x.power != self.my_id())
                || ts.garrison.as_deref().is_some_and(|gar| gar != self.my_id());
            let score = if rivals {
                let mine = i32::from(g.units) + my_cards;
                let theirs = self.defence(t);
                if mine > theirs + aggression && g.units >= 2 {
                    3 + self.worth(t) + (mine - theirs).min(3)
                } else {
                    -1
                }
            } else if ts.controller.as_deref() != Some(self.my_id())
                && ts.garrison.is_none()
                && !matches!(self.map.kinds[t], Kind::Home(h) if self.view.powers[h as usize].player.as_deref() == Some(self.my_id()))
                && g.units >= 2
            {
                1 + self.worth(t)
            } else {
                -1
            };
            let score = score * 4 - if *how == MoveKind::Strategic { 1 } else { 0 } + rng.below(3) as i32;
            if score > 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a));
            }
        }
        Some(best.map_or(Action::Done, |(_, a)| a.clone()))
    }

    fn commit(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let b = self.view.progress.battle.as_ref()?;
        let me = self.my_id();
        let my_side_attacker = b.attack.iter().any(|g| self.view.generals[*g as usize].power == me)
            || b.support.iter().any(|(g, a)| *a && self.view.generals[*g as usize].power == me);
        // Known strength on each side, with 3 for every hidden card of the other side.
        let mut mine = 0;
        let mut theirs = 0;
        for pile in &b.piles {
            let sum: i32 = pile
                .cards
                .iter()
                .filter(|c| !c.face_up && !c.discarded)
                .map(|c| if c.value == 0 { 3 } else { i32::from(c.value) })
                .sum();
            if pile.attacker == my_side_attacker {
                mine += sum;
            } else {
                theirs += sum;
            }
        }
        let units = |gs: &[u16]| -> i32 { gs.iter().map(|g| i32::from(self.view.generals[*g as usize].units)).sum() };
        let (att_units, def_units) = (units(&b.attack), units(&b.defend));
        let support: (i32, i32) = b.support.iter().fold((0, 0), |acc, (g, a)| {
            let u = i32::from(self.view.generals[*g as usize].units);
            if *a { (acc.0 + u, acc.1) } else { (acc.0, acc.1 + u) }
        });
        let fixed_def = def_units + support.1 + i32::from(b.garrison.is_some()) + if b.fortress { 2 } else { 0 };
        let fixed_att = att_units + support.0;
        if my_side_attacker {
            mine += fixed_att;
            theirs += fixed_def;
        } else {
            mine += fixed_def;
            theirs += fixed_att;
        }
        if mine > theirs + 2 {
            return Some(Action::Pass);
        }
        // A face-up 3 against the other side's pile now and then; else the highest card.
        if rng.below(4) == 0 {
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::PlayCard { value: 3, target: Some(_), .. })) {
                return Some(a.clone());
            }
        }
        legal
            .iter()
            .filter_map(|a| match a {
                Action::PlayCard { value, target: None, .. } => Some((*value, a)),
                _ => None,
            })
            .max_by_key(|(v, _)| *v)
            .map(|(_, a)| a.clone())
            .or(Some(Action::Pass))
    }
}
