//! Raison d'Etat's bot: answers every decision from what its own seat may see (`snapshot::board`:
//! its hand, everyone's public figures, the public board, the battle with others' face-down
//! cards hidden) and the public map. Each seat gets a temperament from the bot's seed: a Hawk
//! picks fights and Coalitions, a Merchant stays Neutral more often and buys Fortresses, a
//! Schemer bids hard for Minor Powers.

use crate::engine::game::Game;
use crate::engine::rng::GameRng;
use crate::engine::ruleset::SeatBot;
use crate::rulesets::raison::RaisonDEtat;
use crate::rulesets::raison::content::schema::{Side, Status};
use crate::rulesets::raison::decision::{Action, DecisionKind, MoveKind};
use crate::rulesets::raison::model::{Kind, MapIndex};
use crate::rulesets::raison::snapshot::{Board, Part, board};

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
        let decision = game.pending()?;
        let legal = game.legal_actions();
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        let map = game.world().resource::<MapIndex>();
        let me = map.power(&decision.power)?;
        let seat = map.power(&decision.seat)?;
        // The board only as far as the question reads it.
        let part = match decision.kind {
            DecisionKind::Mobilise => Part::Generals,
            DecisionKind::PlaceGenerals
            | DecisionKind::Move { .. }
            | DecisionKind::Commit { .. } => Part::Full,
            _ => Part::Powers,
        };
        let view = board(game.world(), seat, me, part);
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
            // Garrison, or with several Generals there the first of them (`GarrisonWith`).
            DecisionKind::Garrison { .. } => legal.first().cloned(),
            DecisionKind::Retreat { .. } | DecisionKind::DrawRetreat { .. } => {
                legal.first().cloned()
            }
        };
        pick.filter(|a| legal.contains(a))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| **a == Action::Done || **a == Action::Pass)
                    .cloned()
            })
            .or_else(|| legal.first().cloned())
    }

    /// Every answer comes from `legal_actions`, and every answer that lists passes the rules'
    /// check (`rules::tests::every_listed_answer_passes_the_check` plays games to hold it; a
    /// debug build checks each vouched answer anyway).
    fn checked_answer(&self) -> bool {
        true
    }
}

impl Bot {
    fn temperament(&self, p: u8) -> Temperament {
        match (self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (p % 32)).wrapping_add(u64::from(p))
            % 3
        {
            0 => Temperament::Hawk,
            1 => Temperament::Merchant,
            _ => Temperament::Schemer,
        }
    }
}

struct Ctx<'a> {
    view: &'a Board,
    map: &'a MapIndex,
    me: u8,
    temperament: Temperament,
}

impl Ctx<'_> {
    fn my(&self) -> &crate::rulesets::raison::snapshot::PublicPower {
        &self.view.powers[self.me as usize]
    }

    fn power(&self, id: &str) -> Option<u8> {
        self.map.power(id)
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
            _ => Status::Coalition(if self.me.is_multiple_of(2) {
                Side::A
            } else {
                Side::B
            }),
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
        let n = (rng.below(cap + 1) as i32)
            .min(morale)
            .min((morale - 1).max(0));
        Some(Action::Bid(n))
    }

    fn vote(&self) -> Action {
        // A Major votes for itself; a Minor's votes go to its controller.
        let player = self.my().player.unwrap_or(self.me);
        Action::Vote(self.map.power_ids[player as usize].clone())
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
        if self.view.hand.len() < 4 || !legal.contains(&Action::GainMorale) {
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
                        .filter(|n| self.view.controllers[**n as usize] != Some(self.me))
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
        if self.view.hand.len() > 4
            && let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Action::GiveCard { value: 1 | 2, .. }))
        {
            return Some(a.clone());
        }
        if self.my().money > 3
            && let Some(a) = legal.iter().find(|a| matches!(a, Action::GiveMoney { .. }))
        {
            return Some(a.clone());
        }
        Some(Action::Done)
    }

    fn mobilise(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let money = self.my().money;
        if money >= 5 && (self.temperament == Temperament::Merchant || rng.below(4) == 0) {
            let capital = self.map.capitals[self.me as usize] as usize;
            let fortress = legal
                .iter()
                .filter_map(|a| match a {
                    Action::BuyFortress { territory } => {
                        let t = self.map.territory(territory)? as usize;
                        Some((
                            i32::from(self.map.values[t]) + if t == capital { 2 } else { 0 },
                            a,
                        ))
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
                    let (_, at, units) = self.view.generals[self.map.general(general)? as usize];
                    Some(((at.is_none(), units), a))
                }
                _ => None,
            })
            .min_by_key(|(k, _)| *k);
        let hand = self.view.hand.len();
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
                    let p = self.view.powers[self.power(e)? as usize];
                    Some((if p.major { p.influence } else { -1 }, a))
                }
                _ => None,
            })
            .max_by_key(|(i, _)| *i)
            .map(|(_, a)| a.clone())
    }

    fn influence_of(&self, id: &str) -> i32 {
        self.power(id)
            .map_or(0, |p| self.view.powers[p as usize].influence)
    }

    fn consent(&self, mover: &str, rng: &mut GameRng) -> Action {
        let leader = self
            .view
            .powers
            .iter()
            .map(|p| p.influence)
            .max()
            .unwrap_or(0);
        if self.influence_of(mover) >= leader && leader > 10 || rng.below(5) == 0 {
            Action::Refuse
        } else {
            Action::Agree
        }
    }

    fn grant(&self, mover: &str) -> Action {
        let player = self.my().player.unwrap_or(self.me);
        let mine = self.view.powers[player as usize].influence;
        if self.influence_of(mover) <= mine {
            Action::Agree
        } else {
            Action::Refuse
        }
    }

    /// The strength a defender shows in `t`: its Generals' Units, Garrison and Fortress, and a
    /// guess of 2 for each of up to two cards it may play.
    fn defence(&self, t: usize) -> i32 {
        let mut s = 0;
        let mut owners: Vec<u8> = Vec::new();
        for (power, at, units) in &self.view.generals {
            if *at == Some(t as u16) && *power != self.me {
                s += i32::from(*units);
                owners.push(*power);
            }
        }
        if let Some(gar) = self.view.garrisons[t]
            && gar != self.me
        {
            s += 1;
            owners.push(gar);
            if self.view.fortresses[t] {
                s += 2;
            }
        }
        owners.dedup();
        for o in owners {
            s += 2 * self.view.powers[o as usize].hand_size.min(2) as i32;
        }
        s
    }

    fn movement(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let my_cards: i32 = self
            .view
            .hand
            .iter()
            .rev()
            .take(2)
            .map(|c| i32::from(*c))
            .sum();
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
            let (Some(g), Some(t)) = (self.map.general(general), self.map.territory(to)) else {
                continue;
            };
            // A strategic move of one step ends where a land advance would: weighed once, as
            // the advance.
            if *how == MoveKind::Strategic
                && self.view.generals[g as usize]
                    .1
                    .is_some_and(|at| self.map.borders(at, t))
            {
                continue;
            }
            let units = self.view.generals[g as usize].2;
            let t = t as usize;
            let rivals = self
                .view
                .generals
                .iter()
                .any(|(p, at, _)| *at == Some(t as u16) && *p != self.me)
                || self.view.garrisons[t].is_some_and(|gar| gar != self.me);
            let own_home = matches!(self.map.kinds[t], Kind::Home(h)
                if self.view.powers[h as usize].player == Some(self.me) || h == self.me);
            let score = if rivals {
                let mine = i32::from(units) + my_cards;
                let theirs = self.defence(t);
                if mine > theirs + aggression && units >= 2 {
                    3 + self.worth(t) + (mine - theirs).min(3)
                } else {
                    -1
                }
            } else if self.view.controllers[t] != Some(self.me)
                && self.view.garrisons[t].is_none()
                && !own_home
                && units >= 2
            {
                1 + self.worth(t)
            } else {
                -1
            };
            let score = score * 4 - i32::from(*how == MoveKind::Strategic) + rng.below(3) as i32;
            if score > 0 && best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a));
            }
        }
        Some(best.map_or(Action::Done, |(_, a)| a.clone()))
    }

    fn commit(&self, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let b = self.view.battle.as_ref()?;
        let me = self.me;
        let owner = |g: &u16| self.view.generals[*g as usize].0;
        let units = |g: &u16| i32::from(self.view.generals[*g as usize].2);
        let my_side_attacker = b.attack.iter().any(|g| owner(g) == me)
            || b.support.iter().any(|(g, a)| *a && owner(g) == me);
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
        let support = b.support.iter().fold((0, 0), |acc, (g, a)| {
            if *a {
                (acc.0 + units(g), acc.1)
            } else {
                (acc.0, acc.1 + units(g))
            }
        });
        let fixed_def = b.defend.iter().map(units).sum::<i32>()
            + support.1
            + i32::from(b.garrison.is_some())
            + if b.fortress { 2 } else { 0 };
        let fixed_att = b.attack.iter().map(units).sum::<i32>() + support.0;
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
        if rng.below(4) == 0
            && let Some(a) = legal.iter().find(|a| {
                matches!(
                    a,
                    Action::PlayCard {
                        value: 3,
                        target: Some(_),
                        ..
                    }
                )
            })
        {
            return Some(a.clone());
        }
        legal
            .iter()
            .filter_map(|a| match a {
                Action::PlayCard {
                    value,
                    target: None,
                    ..
                } => Some((*value, a)),
                _ => None,
            })
            .max_by_key(|(v, _)| *v)
            .map(|(_, a)| a.clone())
            .or(Some(Action::Pass))
    }
}

#[cfg(test)]
mod blind_tests {
    //! The bot decides from what its own seat may see (14): another seat's hand, its face-down
    //! Battle cards, its secret choices not yet revealed and the order of the deck are hidden,
    //! so changing them must never change the bot's choice.

    use super::*;
    use crate::rulesets::raison::model::{Table, player_of, powers, purse_mut};
    use crate::rulesets::raison::rules::{Secret, Turn};
    use bevy::prelude::World;

    /// Replaces everything `seat` may not see by something else of the same shape; says how many
    /// secret choices and face-down Battle cards it changed.
    fn scramble(world: &mut World, seat: u8) -> (usize, usize) {
        let other = |world: &World, p: u8| player_of(world, p) != Some(seat);
        let twist = |v: u8| v % 5 + 1;
        for p in powers(world) {
            if other(world, p) {
                let mut purse = purse_mut(world, p);
                for c in purse.hand.iter_mut() {
                    *c = twist(*c);
                }
                purse.hand.sort_unstable();
            }
        }
        world.resource_mut::<Table>().deck.reverse();
        let owners: Vec<bool> = {
            let turn = world.resource::<Turn>();
            turn.secret.iter().map(|(p, _)| other(world, *p)).collect()
        };
        let battle_others: Vec<bool> = world
            .resource::<Turn>()
            .battle
            .as_ref()
            .map(|b| {
                b.piles
                    .iter()
                    .map(|pile| other(world, pile.owner))
                    .collect()
            })
            .unwrap_or_default();
        let (mut secrets, mut cards) = (0, 0);
        let mut turn = world.resource_mut::<Turn>();
        for ((_, secret), hidden) in turn.secret.iter_mut().zip(owners) {
            if hidden {
                secrets += 1;
                *secret = match *secret {
                    Secret::Status(Status::Neutral) => Secret::Status(Status::Expansionist),
                    Secret::Status(_) => Secret::Status(Status::Neutral),
                    Secret::Bid(n) => Secret::Bid(n + 3),
                    Secret::Vote(c) => Secret::Vote(c.wrapping_add(1)),
                };
            }
        }
        // Once a battle is decided every card has been turned over (the view shows them).
        if let Some(b) = turn.battle.as_mut().filter(|b| !b.stage.decided()) {
            for (pile, hidden) in b.piles.iter_mut().zip(battle_others) {
                if hidden {
                    for c in pile.cards.iter_mut().filter(|c| !c.face_up && !c.revealed) {
                        c.value = twist(c.value);
                        cards += 1;
                    }
                }
            }
        }
        (secrets, cards)
    }

    #[test]
    fn raison_bots_choose_the_same_whatever_the_other_seats_hide() {
        let mut compared = 0;
        let mut scrambled = 0;
        let (mut secrets, mut cards) = (0, 0);
        for seed in [1u64, 2] {
            let mut game = Game::<RaisonDEtat>::new(
                crate::rulesets::raison::content::default_scenario(),
                Default::default(),
                seed,
            )
            .unwrap();
            let mut bot = Bot::seeded(seed);
            for step in 0..4000usize {
                if game.is_over() {
                    break;
                }
                if step % 2 == 0 {
                    let decision = game.pending().unwrap().clone();
                    let seat = game
                        .world()
                        .resource::<MapIndex>()
                        .power(&decision.seat)
                        .unwrap();
                    let seeing = Bot::seeded(seed ^ step as u64).choose(&game);
                    let mut blind_game = game.replayed_to(game.history().len()).unwrap();
                    let (s, c) = scramble(blind_game.world_mut(), seat);
                    secrets += s;
                    cards += c;
                    // Something hidden was there to change (the test is not idle).
                    if blind_game.state_hash() != game.state_hash() {
                        scrambled += 1;
                    }
                    let blind = Bot::seeded(seed ^ step as u64).choose(&blind_game);
                    assert_eq!(
                        seeing, blind,
                        "seed {seed}, decision {step} ({decision:?}): the bot's choice changed with what its seat cannot see"
                    );
                    compared += 1;
                }
                let action = bot.choose(&game).unwrap();
                game.apply(action).unwrap();
            }
        }
        assert!(compared > 500, "only {compared} decisions compared");
        assert!(
            scrambled * 2 > compared,
            "{scrambled} of {compared} had anything hidden"
        );
        // Each kind of hidden thing was there to change at some decision.
        assert!(
            secrets > 0 && cards > 0,
            "{secrets} secret choices, {cards} cards changed"
        );
    }
}
