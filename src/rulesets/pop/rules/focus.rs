//! What a realm does with its pools and its hand: Change National Focus (5.1, once per Round:
//! shift monarch power, and/or exchange up to 3 cards for one fewer, one of them perhaps bought
//! from the top 5 discards) and playing an Action Card
//! for its effects (FACTS 4).

use bevy::prelude::*;

use crate::engine::flow::Flow;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::rulesets::pop::content::schema::{Effect, MpKind};
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::rules::cards::{
    ActionDecks, Hand, card_deck, card_id, draw_to_hand, drawable, find_card, take_from_hand,
};
use crate::rulesets::pop::rules::economy::{
    card_increases_stability, card_mp_cost, change_mp, spend,
};
use crate::rulesets::pop::rules::effects::queue_effects;
use crate::rulesets::pop::rules::generic::*;
use crate::rulesets::pop::rules::integrate;
use crate::rulesets::pop::state::{Content, key_of};

/// Most cards discarded by Change National Focus.
pub const FOCUS_DISCARDS: usize = 3;

pub fn owns(action: &Action) -> bool {
    matches!(action, Action::ChangeFocus { .. } | Action::PlayCard { .. })
}

fn hand(world: &World, realm: Entity) -> Vec<usize> {
    world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default()
}

/// The shapes of Change National Focus: cards only, or one pool fed by one or both others.
fn focus_shapes() -> Vec<Action> {
    let mut all = vec![Action::ChangeFocus {
        into: None,
        from: vec![],
    }];
    for into in MpKind::ALL {
        let others: Vec<MpKind> = MpKind::ALL.into_iter().filter(|k| *k != into).collect();
        for from in [vec![others[0]], vec![others[1]], others.clone()] {
            all.push(Action::ChangeFocus {
                into: Some(into),
                from,
            });
        }
    }
    all
}

pub fn candidates(world: &World, realm: Entity) -> Vec<Action> {
    let mut all = focus_shapes();
    all.extend(hand(world, realm).into_iter().map(|c| Action::PlayCard {
        card: card_id(world, c),
    }));
    all
}

/// Whether the realm has changed its National Focus this Round (the cube on its mat).
pub fn focus_taken(world: &World, realm: Entity) -> bool {
    let round = world.res::<Flow>().round;
    world.res::<Generic>().focus_taken.contains(&(realm, round))
}

pub fn problem(world: &World, realm: Entity, action: &Action) -> Option<Illegal> {
    match action {
        Action::ChangeFocus { into, from } => {
            let err = |why: &'static str| Some(Illegal::new(ids::NATIONAL_FOCUS, why));
            if focus_taken(world, realm) {
                return err("Change National Focus is taken once per Round");
            }
            // The pools that give are a set: named in any order, they are the same shift.
            let mut givers = from.clone();
            givers.sort_unstable();
            let shape = Action::ChangeFocus {
                into: *into,
                from: givers,
            };
            if !focus_shapes().contains(&shape) {
                return err("one pool gains 1 from each of one or both other pools");
            }
            match into {
                None if hand(world, realm).is_empty() => {
                    err("no monarch power to shift and no card to discard")
                }
                None if drawable(world).is_empty() => err(
                    "every action deck and discard pile is empty: there is no card to exchange for",
                ),
                None => None,
                Some(_) if from.iter().any(|k| mp(world, realm, *k) < 1) => {
                    err("a pool with nothing in it cannot give")
                }
                Some(_) => None,
            }
        }
        Action::PlayCard { card } => {
            let Some(c) = find_card(world, &hand(world, realm), card) else {
                return Some(Illegal::new(
                    ids::ACT_PLAY_CARD,
                    "that card is not in your hand",
                ));
            };
            let def = &world.res::<Content>().0.action_cards[c];
            let cost = card_mp_cost(world, realm, def);
            if mp(world, realm, def.deck) < cost {
                let rule = if cost > i32::from(def.cost) {
                    ids::STABILITY_COST
                } else {
                    ids::ACT_PLAY_CARD
                };
                Some(Illegal::new(
                    rule,
                    format!("{} costs {cost} {:?}", def.name, def.deck),
                ))
            } else if mat(world, realm).ducats < i32::from(def.ducats) {
                Some(Illegal::new(
                    ids::ACT_PLAY_CARD,
                    format!("{} also costs {} ducats", def.name, def.ducats),
                ))
            } else if def.effects.contains(&Effect::IntegrateArea)
                && integrate::integrable(world, realm).is_empty()
            {
                // A Development card is played for its Integrate Area action, which needs an
                // area the realm owns whole with a province that is not its core (7.6).
                Some(Illegal::new(
                    ids::ACT_INTEGRATE_AREA,
                    format!(
                        "{}: you own no whole area with a province that is not your core",
                        def.name
                    ),
                ))
            } else {
                None
            }
        }
        _ => None,
    }
}

pub fn handle(world: &mut World, realm: Entity, action: &Action) -> Option<bool> {
    let name = key_of(world, realm);
    match action {
        Action::ChangeFocus { into, from } => {
            let round = world.res::<Flow>().round;
            world.res_mut::<Generic>().focus_taken.push((realm, round));
            write(
                world,
                Note::new(
                    ids::NATIONAL_FOCUS,
                    format!("{name} changes its National Focus"),
                )
                .realm(name),
            );
            if let Some(into) = into {
                for k in from {
                    change_mp(world, realm, *k, -1, ids::NATIONAL_FOCUS);
                    change_mp(world, realm, *into, 1, ids::NATIONAL_FOCUS);
                }
            }
            world.res_mut::<Generic>().focus = Some(FocusRun {
                realm,
                shifted: into.is_some(),
                discarded: Vec::new(),
                draws_left: None,
                bought_discard: false,
            });
            Some(false)
        }
        Action::PlayCard { card } => {
            let c = take_from_hand(world, realm, card)?;
            let def = world.res::<Content>().0.action_cards[c].clone();
            write(
                world,
                Note::new(ids::ACT_PLAY_CARD, format!("{name} plays \"{}\"", def.name)).realm(name),
            );
            let cost = card_mp_cost(world, realm, &def);
            if cost > 0 {
                let rule = if card_increases_stability(&def) {
                    ids::STABILITY_COST
                } else {
                    ids::ACT_PLAY_CARD
                };
                change_mp(world, realm, def.deck, -cost, rule);
            }
            if def.ducats > 0 {
                spend(world, realm, i32::from(def.ducats), ids::ACT_PLAY_CARD);
            }
            world.res_mut::<ActionDecks>().discard(c, def.deck);
            let done = def.effects.is_empty();
            queue_effects(world, realm, def.effects, &def.name);
            // With effects queued the Action phase resolves them and then ends the action.
            Some(done)
        }
        _ => None,
    }
}

pub fn answers(world: &World, realm: Entity, kind: &DecisionKind) -> Vec<Action> {
    match kind {
        DecisionKind::FocusDiscard { .. } => {
            let mut all: Vec<Action> = hand(world, realm)
                .into_iter()
                .map(|c| Action::DiscardCard {
                    card: card_id(world, c),
                })
                .collect();
            all.push(Action::Decline);
            all
        }
        DecisionKind::FocusDraw { .. } => {
            let mut all: Vec<Action> = drawable(world)
                .into_iter()
                .map(|deck| Action::DrawCard { deck })
                .collect();
            let decks = world.res::<ActionDecks>();
            for kind in MpKind::ALL {
                all.extend(
                    top_discards(decks, kind)
                        .iter()
                        .map(|c| Action::TakeDiscard {
                            card: card_id(world, *c),
                        }),
                );
            }
            all
        }
        _ => Vec::new(),
    }
}

/// Cards of a deck's discard pile that may be bought instead of a draw: the top 5.
fn top_discards(decks: &ActionDecks, kind: MpKind) -> &[usize] {
    let pile = &decks.discard[kind.index()];
    &pile[pile.len().saturating_sub(DISCARD_PICKS)..]
}

/// The cards that may be bought from the discard piles now: the top 5 of each, Adm, Dip, Mil.
pub fn top_discards_all(world: &World) -> Vec<usize> {
    let decks = world.res::<ActionDecks>();
    MpKind::ALL
        .into_iter()
        .flat_map(|kind| top_discards(decks, kind).iter().copied())
        .collect()
}

/// How many cards on top of a discard pile may be picked from.
pub const DISCARD_PICKS: usize = 5;
/// What picking a new card from the discards costs: 1 MP of that deck's type and 2 ducats.
pub const DISCARD_PICK_MP: i32 = 1;
pub const DISCARD_PICK_DUCATS: i32 = 2;

pub fn answer_problem(
    world: &World,
    realm: Entity,
    kind: &DecisionKind,
    action: &Action,
) -> Option<Illegal> {
    let run = world.res::<Generic>().focus.clone()?;
    let err = |why: &'static str| Some(Illegal::new(ids::NATIONAL_FOCUS, why));
    match (kind, action) {
        (DecisionKind::FocusDiscard { .. }, Action::Decline) => (!run.shifted
            && run.discarded.is_empty())
        .then(|| Illegal::new(ids::NATIONAL_FOCUS, "discard at least one card")),
        (DecisionKind::FocusDiscard { .. }, Action::DiscardCard { card }) => {
            if find_card(world, &hand(world, realm), card).is_none() {
                err("that card is not in your hand")
            } else if run.discarded.len() >= FOCUS_DISCARDS {
                err("at most 3 cards")
            } else {
                None
            }
        }
        (DecisionKind::FocusDraw { .. }, Action::DrawCard { deck }) => (!drawable(world)
            .contains(deck))
        .then(|| Illegal::new(ids::NATIONAL_FOCUS, "that deck is empty")),
        (DecisionKind::FocusDraw { .. }, Action::TakeDiscard { card }) => {
            let err = |why: std::borrow::Cow<'static, str>| {
                Some(Illegal::new(ids::FOCUS_DISCARD_PICK, why))
            };
            let m = crate::rulesets::pop::rules::generic::mat(world, realm);
            let decks = world.res::<ActionDecks>();
            let found = MpKind::ALL.into_iter().find(|kind| {
                top_discards(decks, *kind)
                    .iter()
                    .any(|c| card_id(world, *c) == *card)
            });
            match found {
                None => err("only one of the top 5 cards of a discard pile".into()),
                Some(_) if run.bought_discard => {
                    err("one new card from the discards per action".into())
                }
                Some(kind) if m.mp(kind) < DISCARD_PICK_MP || m.ducats < DISCARD_PICK_DUCATS => {
                    err(
                        format!("picking from the {kind:?} discards costs 1 {kind:?} and 2 ducats")
                            .into(),
                    )
                }
                Some(_) => None,
            }
        }
        _ => err("discard a card or stop; then draw"),
    }
}

pub fn answer(world: &mut World, action: &Action) {
    let Some(mut run) = world.res_mut::<Generic>().focus.take() else {
        return;
    };
    match action {
        Action::DiscardCard { card } => {
            if let Some(c) = take_from_hand(world, run.realm, card) {
                run.discarded.push(c);
                let name = key_of(world, run.realm);
                let card_name = world.res::<Content>().0.action_cards[c].name.clone();
                write(
                    world,
                    Note::new(
                        ids::NATIONAL_FOCUS,
                        format!("{name} sets \"{card_name}\" aside to exchange"),
                    )
                    .realm(name),
                );
            }
        }
        Action::Decline => {
            run.draws_left = Some(run.discarded.len().saturating_sub(1) as u8);
        }
        Action::DrawCard { deck } => {
            draw_to_hand(world, run.realm, *deck, ids::NATIONAL_FOCUS);
            run.draws_left = run.draws_left.map(|n| n.saturating_sub(1));
        }
        Action::TakeDiscard { card } => {
            buy_discard(world, run.realm, card);
            run.bought_discard = true;
            run.draws_left = run.draws_left.map(|n| n.saturating_sub(1));
        }
        _ => {}
    }
    world.res_mut::<Generic>().focus = Some(run);
}

/// Takes a card from the top 5 of its discard pile into the hand for 1 MP of its type and 2
/// ducats (checked already).
fn buy_discard(world: &mut World, realm: Entity, card: &str) {
    let Some(c) = world
        .res::<Content>()
        .0
        .action_cards
        .iter()
        .position(|d| d.id == card)
    else {
        return;
    };
    let kind = card_deck(world, c);
    {
        let mut decks = world.res_mut::<ActionDecks>();
        let pile = &mut decks.discard[kind.index()];
        let Some(at) = pile.iter().rposition(|x| *x == c) else {
            return;
        };
        pile.remove(at);
    }
    change_mp(
        world,
        realm,
        kind,
        -DISCARD_PICK_MP,
        ids::FOCUS_DISCARD_PICK,
    );
    spend(world, realm, DISCARD_PICK_DUCATS, ids::FOCUS_DISCARD_PICK);
    if let Some(mut hand) = world.get_mut::<Hand>(realm) {
        hand.cards.push(c);
    }
    let name = key_of(world, realm);
    let card_name = world.res::<Content>().0.action_cards[c].name.clone();
    write(
        world,
        Note::new(
            ids::FOCUS_DISCARD_PICK,
            format!("{name} picks \"{card_name}\" from the {kind:?} discards for 1 {kind:?} and 2 ducats"),
        )
        .realm(name),
    );
}

pub fn resume(world: &mut World) -> Resume {
    let Some(mut run) = world.res::<Generic>().focus.clone() else {
        return Resume::Idle;
    };
    let name = key_of(world, run.realm);
    if run.draws_left.is_none() {
        // With every deck and discard pile empty there is nothing to exchange cards for (a
        // shift of monarch power goes on alone): the discards are not offered.
        if run.discarded.len() < FOCUS_DISCARDS
            && !hand(world, run.realm).is_empty()
            && !drawable(world).is_empty()
        {
            ask(
                world,
                name,
                DecisionKind::FocusDiscard {
                    discarded: run.discarded.len() as u8,
                },
                "Change National Focus: discard a card (up to 3, then draw one fewer), or stop",
            );
            return Resume::Waiting;
        }
        run.draws_left = Some(run.discarded.len().saturating_sub(1) as u8);
    }
    let left = run.draws_left.unwrap_or(0);
    if left > 0 && !drawable(world).is_empty() {
        world.res_mut::<Generic>().focus = Some(run);
        ask(
            world,
            name,
            DecisionKind::FocusDraw { left },
            format!("Change National Focus: draw a card from any deck ({left} to draw)"),
        );
        return Resume::Waiting;
    }
    // Done: the exchanged cards go to their discard piles after the action.
    for c in run.discarded {
        let kind = card_deck(world, c);
        world.res_mut::<ActionDecks>().discard(c, kind);
    }
    world.res_mut::<Generic>().focus = None;
    Resume::Finished
}
