//! The round around the actions: setting up (the deck shuffled, hands dealt), the start and
//! end of a round, the Diplomacy phase's secret statuses, the start of each action turn, the
//! Imperial Election, the Minor Powers' bids, and what every rule shares (drawing a card,
//! gaining Influence and the victory it may bring).

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::raison::content::schema::{DialAction, Side, Status};
use crate::rulesets::raison::decision::{Action, DecisionKind};
use crate::rulesets::raison::ids;
use crate::rulesets::raison::model::{
    Content, MapIndex, Outcome, P, Seats, Table, controller, power_id, powers, purse, purse_mut,
    segment,
};
use crate::rulesets::raison::rules::{Secret, Stage, Turn, ask, take_answer};

/// Shuffles the battle-card deck and deals each Power its starting hand.
pub fn set_up(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let mut deck: Vec<u8> = content
        .deck
        .iter()
        .flat_map(|c| std::iter::repeat_n(c.value, c.count as usize))
        .collect();
    world.res_mut::<GameRng>().shuffle(&mut deck);
    world.res_mut::<Table>().deck = deck;
    for p in powers(world) {
        for _ in 0..content.powers[p as usize].hand {
            draw(world, p);
        }
        let (n, major) = {
            let purse = purse(world, p);
            (purse.hand.len(), purse.major)
        };
        write(
            world,
            Note::new(
                ids::FLOW_PHASE,
                format!(
                    "{} takes its place as a {} Power with {n} Battle cards",
                    content.powers[p as usize].name,
                    if major { "Major" } else { "Minor" }
                ),
            )
            .realm(power_id(world, p).to_string()),
        );
    }
}

/// A new round: the round counter, and a fresh first action turn.
pub fn start_round(world: &mut World) {
    let round = {
        let mut table = world.res_mut::<Table>();
        table.round += 1;
        table.turn = 0;
        table.round
    };
    {
        let mut flow = world.res_mut::<Flow>();
        flow.round = round;
        flow.age = round.min(255) as u8;
        flow.round_in_age = 0;
    }
    *world.res_mut::<Turn>() = Turn::default();
    write(
        world,
        Note::new(ids::FLOW_PHASE, format!("Round {round} begins")).amount(round as i32),
    );
}

/// The Diplomacy phase (skipped in round 1): every seated Major chooses its Diplomatic Status
/// in secret; all are revealed together, and each Minor mirrors its controller.
pub fn choose_statuses(world: &mut World) {
    if world.res::<Table>().round <= 1 {
        write(
            world,
            Note::new(
                ids::DIPLOMACY,
                "No Diplomacy phase in round 1: every Power keeps the status it starts with",
            ),
        );
        return;
    }
    if let Some(Action::ChooseStatus(s)) = take_answer(world) {
        let mut turn = world.res_mut::<Turn>();
        let p = turn.queue.remove(0);
        turn.secret.push((p, Secret::Status(s)));
    } else if world.res::<Turn>().secret.is_empty() && world.res::<Turn>().queue.is_empty() {
        let seats = world.res::<Seats>().0.clone();
        world.res_mut::<Turn>().queue = seats;
    }
    if let Some(&p) = world.res::<Turn>().queue.first() {
        ask(world, p, DecisionKind::Status);
        return;
    }
    let chosen = std::mem::take(&mut world.res_mut::<Turn>().secret);
    let names = coalition_names(world);
    for (p, secret) in chosen {
        let Secret::Status(s) = secret else { continue };
        purse_mut(world, p).status = s;
        write(
            world,
            Note::new(
                ids::DIPLOMACY,
                format!(
                    "{} declares itself {}",
                    power_id(world, p),
                    describe_status(s, &names)
                ),
            )
            .realm(power_id(world, p).to_string()),
        );
    }
    crate::rulesets::raison::model::refresh_relations(world);
    withdraw_garrisons_from_friends_homes(world, ids::COALITION);
    for p in powers(world) {
        let purse = purse(world, p);
        if purse.major {
            continue;
        }
        if let Some(c) = purse.controller {
            let s = purse_of_status(world, c);
            write(
                world,
                Note::new(
                    ids::MINOR_CONTROL,
                    format!(
                        "{} mirrors its controller {}: {}",
                        power_id(world, p),
                        power_id(world, c),
                        describe_status(s, &names)
                    ),
                )
                .realm(power_id(world, p).to_string()),
            );
        }
    }
}

fn purse_of_status(world: &World, p: P) -> Status {
    purse(world, p).status
}

/// The legal Diplomatic Statuses.
pub fn status_choices() -> Vec<Action> {
    vec![
        Action::ChooseStatus(Status::Coalition(Side::A)),
        Action::ChooseStatus(Status::Coalition(Side::B)),
        Action::ChooseStatus(Status::Neutral),
        Action::ChooseStatus(Status::Expansionist),
    ]
}

/// The two Coalitions' names.
pub fn coalition_names(world: &World) -> (String, String) {
    world.res::<Content>().0.coalitions.clone()
}

/// A status in words: "in the Coalition of the Protestant Union", "Neutral".
pub fn describe_status(s: Status, names: &(String, String)) -> String {
    match s {
        Status::Coalition(Side::A) => format!("in the Coalition of the {}", names.0),
        Status::Coalition(Side::B) => format!("in the Coalition of the {}", names.1),
        Status::Neutral => "Neutral".into(),
        Status::Expansionist => "Expansionist".into(),
    }
}

/// The end of a round: with a time limit (the scenario's `max_rounds`, a house rule), the game
/// ends after the last round, most Influence winning. Without one, only the Influence target
/// ends the game, as the seed has it.
pub fn end_round(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let Some(last) = content.max_rounds else {
        return;
    };
    if world.res::<Table>().round < last {
        return;
    }
    let seats = world.res::<Seats>().0.clone();
    let best = seats
        .iter()
        .map(|p| purse(world, *p).influence)
        .max()
        .unwrap_or(0);
    let leaders: Vec<P> = seats
        .iter()
        .copied()
        .filter(|p| purse(world, *p).influence == best)
        .collect();
    let winner = (leaders.len() == 1).then(|| power_id(world, leaders[0]).to_string());
    let text = match &winner {
        Some(w) => format!(
            "The last round is over; nobody reached {} Influence. {w} leads with {best} and wins",
            content.victory
        ),
        None => format!(
            "The last round is over; nobody reached {} Influence, and {} share the lead with {best}: no single winner",
            content.victory,
            leaders
                .iter()
                .map(|p| power_id(world, *p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    write(world, Note::new(ids::GAME_END, text).amount(best));
    *world.res_mut::<Outcome>() = Outcome {
        winner,
        reason: "the last round ended".into(),
    };
    world.res_mut::<Flow>().over = true;
}

/// Draws the top Battle card for `p`; an empty deck is reshuffled from the discards first.
/// `None` when no card is left anywhere.
pub fn draw(world: &mut World, p: P) -> Option<u8> {
    if world.res::<Table>().deck.is_empty() {
        let mut discards = std::mem::take(&mut world.res_mut::<Table>().discard);
        if discards.is_empty() {
            return None;
        }
        discards.sort_unstable();
        world.res_mut::<GameRng>().shuffle(&mut discards);
        world.res_mut::<Table>().deck = discards;
    }
    let card = world.res_mut::<Table>().deck.pop()?;
    world.res_mut::<GameRng>().show();
    let mut purse = purse_mut(world, p);
    let at = purse.hand.partition_point(|c| *c <= card);
    purse.hand.insert(at, card);
    Some(card)
}

/// Moves one card of `value` from `p`'s hand to the discard pile.
pub fn discard(world: &mut World, p: P, value: u8) {
    let mut purse = purse_mut(world, p);
    if let Some(i) = purse.hand.iter().position(|c| *c == value) {
        purse.hand.remove(i);
        world.res_mut::<Table>().discard.push(value);
    }
}

/// `p` gains Influence (a Minor's goes to its controller); reaching the target wins at once.
pub fn gain_influence(world: &mut World, p: P, amount: i32, rule: &'static str, why: &str) {
    if amount <= 0 {
        return;
    }
    let to = if purse(world, p).major {
        p
    } else {
        match purse(world, p).controller {
            Some(c) => c,
            None => return,
        }
    };
    let total = {
        let mut purse = purse_mut(world, to);
        purse.influence += amount;
        purse.influence
    };
    let via = if to == p {
        String::new()
    } else {
        format!(" (through {})", power_id(world, p))
    };
    write(
        world,
        Note::new(
            rule,
            format!(
                "{} gains {amount} Influence{via}: {why}; now {total}",
                power_id(world, to)
            ),
        )
        .realm(power_id(world, to).to_string())
        .amount(amount),
    );
    let victory = world.res::<Content>().0.victory;
    if total >= victory && !world.res::<Flow>().over {
        write(
            world,
            Note::new(
                ids::VICTORY,
                format!(
                    "{} reaches {total} Influence (target {victory}) and wins at once",
                    power_id(world, to)
                ),
            )
            .realm(power_id(world, to).to_string())
            .amount(total),
        );
        *world.res_mut::<Outcome>() = Outcome {
            winner: Some(power_id(world, to).to_string()),
            reason: format!("reached {victory} Influence"),
        };
        world.res_mut::<Flow>().over = true;
    }
}

/// Begins the next action turn (`false` when the round's turns are all played): logs what each
/// dial shows, orders the Powers, and opens the Imperial Election or the bids when due.
pub fn begin_turn(world: &mut World) -> bool {
    let content = world.res::<Content>().0.clone();
    if world.res::<Table>().turn as usize >= content.dial.len() {
        return false;
    }
    let turn_no = world.res::<Table>().turn;
    world.res_mut::<Flow>().round_in_age = turn_no + 1;
    let dials: Vec<String> = powers(world)
        .map(|p| format!("{} {}", power_id(world, p), segment(world, p).title()))
        .collect();
    write(
        world,
        Note::new(
            ids::FLOW_TURN,
            format!("Action turn {}: {}", turn_no + 1, dials.join(", ")),
        )
        .amount(i32::from(turn_no) + 1),
    );
    // Resolution order: by the dial segment each Power acts on, then scenario order
    // (docs/raison.md).
    let mut order: Vec<P> = powers(world).collect();
    let position = |a: DialAction| content.dial.iter().position(|d| *d == a).unwrap_or(0);
    order.sort_by_key(|p| (position(segment(world, *p)), *p));
    // Minors at their Muster ("At Minor Power's Muster action, before any actions are taken";
    // a Minor nobody controls yet waits for its first Muster, taking no action before it).
    let minors: Vec<P> = powers(world)
        .filter(|p| !purse(world, *p).major && segment(world, *p) == DialAction::Muster)
        .collect();
    let election = content
        .powers
        .iter()
        .position(|p| p.id == content.election_before)
        .is_some_and(|f| segment(world, f as P) == DialAction::Muster);
    let mut turn = world.res_mut::<Turn>();
    *turn = Turn {
        order,
        minors,
        ..Turn::default()
    };
    turn.stage = if election {
        Stage::Election
    } else {
        Stage::Bidding
    };
    true
}

/// The Powers that vote in the Imperial Election and their votes: each elector Territory's
/// controller (a Minor's vote cast by its controller), in scenario order.
pub fn electors(world: &World) -> Vec<(P, i32)> {
    let map = world.res::<MapIndex>();
    let mut votes: Vec<(P, i32)> = Vec::new();
    for t in 0..map.territory_ids.len() {
        if !map.electors[t] {
            continue;
        }
        if let Some(c) = controller(world, t as u16) {
            match votes.iter_mut().find(|(p, _)| *p == c) {
                Some(v) => v.1 += 1,
                None => votes.push((c, 1)),
            }
        }
    }
    votes.sort_by_key(|v| v.0);
    votes
}

/// The Imperial Election: every Power holding electors votes in secret for a Major; the most
/// votes win the crown (a tie keeps it with the Emperor if tied, else the first tied Major in
/// seat order). `true` when a vote was asked.
pub fn hold_election(world: &mut World) -> bool {
    if let Some(Action::Vote(candidate)) = take_answer(world) {
        let c = world
            .res::<MapIndex>()
            .power(&candidate)
            .expect("legal vote");
        let mut turn = world.res_mut::<Turn>();
        let p = turn.queue.remove(0);
        turn.secret.push((p, Secret::Vote(c)));
    } else if world.res::<Turn>().secret.is_empty() && world.res::<Turn>().queue.is_empty() {
        let voters: Vec<P> = electors(world)
            .into_iter()
            .map(|(p, _)| p)
            .filter(|p| crate::rulesets::raison::model::player_of(world, *p).is_some())
            .collect();
        world.res_mut::<Turn>().queue = voters;
    }
    if let Some(&p) = world.res::<Turn>().queue.first() {
        ask(world, p, DecisionKind::Vote);
        return true;
    }
    let cast = std::mem::take(&mut world.res_mut::<Turn>().secret);
    let weights = electors(world);
    let seats = world.res::<Seats>().0.clone();
    let mut tally: Vec<(P, i32)> = seats.iter().map(|p| (*p, 0)).collect();
    let mut lines = Vec::new();
    for (voter, secret) in &cast {
        let Secret::Vote(c) = secret else { continue };
        let n = weights.iter().find(|(p, _)| p == voter).map_or(0, |w| w.1);
        if let Some(t) = tally.iter_mut().find(|(p, _)| p == c) {
            t.1 += n;
        }
        lines.push(format!(
            "{} casts {n} for {}",
            power_id(world, *voter),
            power_id(world, *c)
        ));
    }
    let incumbent = world.res::<Table>().emperor;
    let best = tally.iter().map(|t| t.1).max().unwrap_or(0);
    let emperor = if best == 0 {
        incumbent
    } else {
        let tied: Vec<P> = tally.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
        match incumbent {
            Some(i) if tied.contains(&i) => Some(i),
            _ => tied.first().copied(),
        }
    };
    world.res_mut::<Table>().emperor = emperor;
    let result = match emperor {
        Some(e) => format!("{} is Holy Roman Emperor", power_id(world, e)),
        None => "the crown stays vacant".into(),
    };
    write(
        world,
        Note::new(
            ids::IMPERIAL_ELECTION,
            format!(
                "Imperial Election: {}; {result}",
                if lines.is_empty() {
                    "no elector votes".to_string()
                } else {
                    lines.join(", ")
                }
            ),
        )
        .realm(
            emperor
                .map(|e| power_id(world, e).to_string())
                .unwrap_or_default(),
        ),
    );
    world.res_mut::<Turn>().stage = Stage::Bidding;
    false
}

/// The Majors a vote may go to.
pub fn vote_choices(world: &World) -> Vec<Action> {
    world
        .res::<Seats>()
        .0
        .iter()
        .map(|p| Action::Vote(power_id(world, *p).to_string()))
        .collect()
}

/// The bids a Major may make: 0 up to its Morale.
pub fn bid_choices(world: &World, p: P) -> Vec<Action> {
    (0..=purse(world, p).morale.max(0))
        .map(Action::Bid)
        .collect()
}

/// The secret Morale bids for each Minor at its Muster, one Minor after another: every seated
/// Major bids (one with no Morale bids 0 without being asked); the highest bid takes control
/// and is paid. Ties keep the Minor with its controller if tied, else go to the tied Major with
/// the least Influence, then the first in seat order. `true` when a bid was asked.
pub fn take_bids(world: &mut World) -> bool {
    loop {
        let Some(&minor) = world.res::<Turn>().minors.first() else {
            world.res_mut::<Turn>().stage = Stage::Acting;
            return false;
        };
        if let Some(Action::Bid(n)) = take_answer(world) {
            let mut turn = world.res_mut::<Turn>();
            let p = turn.queue.remove(0);
            turn.secret.push((p, Secret::Bid(n)));
        } else if world.res::<Turn>().secret.is_empty() && world.res::<Turn>().queue.is_empty() {
            let seats = world.res::<Seats>().0.clone();
            world.res_mut::<Turn>().queue = seats;
        }
        // A Major without Morale can only bid 0: recorded without asking.
        while let Some(&p) = world.res::<Turn>().queue.first() {
            if purse(world, p).morale > 0 {
                break;
            }
            let mut turn = world.res_mut::<Turn>();
            turn.queue.remove(0);
            turn.secret.push((p, Secret::Bid(0)));
        }
        if let Some(&p) = world.res::<Turn>().queue.first() {
            let minor_id = power_id(world, minor).to_string();
            ask(world, p, DecisionKind::Bid { minor: minor_id });
            return true;
        }
        resolve_bids(world, minor);
    }
}

fn resolve_bids(world: &mut World, minor: P) {
    let bids: Vec<(P, i32)> = std::mem::take(&mut world.res_mut::<Turn>().secret)
        .into_iter()
        .filter_map(|(p, s)| match s {
            Secret::Bid(n) => Some((p, n)),
            _ => None,
        })
        .collect();
    world.res_mut::<Turn>().minors.remove(0);
    let best = bids.iter().map(|b| b.1).max().unwrap_or(0);
    let tied: Vec<P> = bids.iter().filter(|b| b.1 == best).map(|b| b.0).collect();
    let incumbent = purse(world, minor).controller;
    let winner = match incumbent {
        Some(i) if tied.contains(&i) => i,
        _ => *tied
            .iter()
            .min_by_key(|p| purse(world, **p).influence)
            .expect("at least one seated Major bids"),
    };
    let text: Vec<String> = bids
        .iter()
        .map(|(p, n)| format!("{} {n}", power_id(world, *p)))
        .collect();
    write(
        world,
        Note::new(
            ids::MINOR_BIDDING,
            format!("Bids for {}: {}", power_id(world, minor), text.join(", ")),
        )
        .realm(power_id(world, minor).to_string())
        .amount(best),
    );
    purse_mut(world, winner).morale -= best;
    purse_mut(world, minor).controller = Some(winner);
    crate::rulesets::raison::model::refresh_relations(world);
    let kept = if incumbent == Some(winner) {
        "keeps"
    } else {
        "takes"
    };
    write(
        world,
        Note::new(
            ids::MINOR_CONTROL,
            format!(
                "{} {kept} control of {} until its next Muster, paying {best} Morale",
                power_id(world, winner),
                power_id(world, minor)
            ),
        )
        .realm(power_id(world, winner).to_string())
        .amount(best),
    );
    withdraw_garrisons_from_friends_homes(world, ids::MINOR_CONTROL);
}

/// "Nor may a Power leave a Garrison in a Home Territory of a Coalition Ally", and a Minor and
/// its controller "nor may they leave a Garrison in a Home Territory of each other": a Garrison
/// that stands in a Home Territory of a Power that has just become its friend (a new Coalition,
/// a Minor changing hands; two Minors of one controller count as one player's, as
/// `may_garrison` has it) is withdrawn, and the Territory is its Home Power's again. Called
/// whenever the relations change in play.
fn withdraw_garrisons_from_friends_homes(world: &mut World, rule: &'static str) {
    let count = crate::rulesets::raison::model::map(world).kinds.len();
    for t in 0..count {
        let t = t as crate::rulesets::raison::model::T;
        let crate::rulesets::raison::model::Kind::Home(home) =
            crate::rulesets::raison::model::map(world).kinds[t as usize]
        else {
            continue;
        };
        let Some(q) = crate::rulesets::raison::model::hold(world, t).garrison else {
            continue;
        };
        if q == home || !crate::rulesets::raison::model::friends(world, q, home) {
            continue;
        }
        crate::rulesets::raison::model::hold_mut(world, t).garrison = None;
        let text = format!(
            "{}'s Garrison leaves {}, a Home Territory of {}: no Garrison stays in a friend's Home",
            power_id(world, q),
            crate::rulesets::raison::model::map(world).territory_names[t as usize],
            power_id(world, home)
        );
        write(
            world,
            Note::new(rule, text).realm(power_id(world, q).to_string()),
        );
    }
}
