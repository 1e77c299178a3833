//! Action cards: the three decks, Phase 1 B (draw three in any mix) and C (pay 2 ducats for
//! each card kept), the hand, and Phase 5 C (discard down to five).

use bevy::prelude::*;
use serde::Serialize;

use crate::engine::flow::Flow;
use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::MpKind;
use crate::rulesets::pop::decision::{Action, DecisionKind, Illegal, ask};
use crate::rulesets::pop::ids;
use crate::rulesets::pop::model::Mat;
use crate::rulesets::pop::rules::economy::spend;
use crate::rulesets::pop::rules::effects::{Visit, for_each_realm};
use crate::rulesets::pop::state::{Content, key_of};

/// Cards kept cost this much each (Phase 1 C).
pub const KEEP_COST: i32 = 2;
/// Most cards in hand after Phase 5 C.
pub const HAND_LIMIT: usize = 5;
/// Cards drawn in Phase 1 B; in the first Round one from each deck comes on top.
pub const DRAWS: u8 = 3;
/// Most cards kept in the first Round.
pub const FIRST_ROUND_KEEP: usize = 4;

/// The adm, dip and mil decks (top card last) and their discard piles.
#[derive(Resource, Clone, Debug, Default, Serialize)]
pub struct ActionDecks {
    pub decks: [Vec<usize>; 3],
    pub discard: [Vec<usize>; 3],
}

impl ActionDecks {
    /// Draws from a deck. An empty deck is rebuilt from its discards, shuffled, leaving the top
    /// 5 discards out (all of them are shuffled in when there are 5 or fewer).
    pub(crate) fn draw(&mut self, kind: MpKind, rng: &mut GameRng) -> Option<usize> {
        let i = kind.index();
        if self.decks[i].is_empty() {
            let pile = &mut self.discard[i];
            let keep = if pile.len() > 5 { 5 } else { 0 };
            let mut reshuffled: Vec<usize> = pile.drain(..pile.len() - keep).collect();
            rng.shuffle(&mut reshuffled);
            self.decks[i] = reshuffled;
        }
        let card = self.decks[i].pop();
        if card.is_some() {
            rng.show();
        }
        card
    }

    pub fn discard(&mut self, card: usize, kind: MpKind) {
        self.discard[kind.index()].push(card);
    }
}

/// Cards in a realm's hand, and those drawn this Round waiting to be kept or let go.
#[derive(Component, Clone, Debug, Default, Serialize, PartialEq)]
pub struct Hand {
    pub cards: Vec<usize>,
    pub drawn: Vec<usize>,
}

pub fn card_id(world: &World, card: usize) -> Id {
    world.res::<Content>().0.action_cards[card].id
}

pub fn card_deck(world: &World, card: usize) -> MpKind {
    world.res::<Content>().0.action_cards[card].deck
}

/// Index of the card with this id, if the realm holds it in `list`.
pub fn find_card(world: &World, list: &[usize], id: &str) -> Option<usize> {
    list.iter().copied().find(|c| card_id(world, *c) == id)
}

/// Setup: shuffle each deck; every Player Realm gets an empty hand.
pub fn shuffle_action_decks(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let mut decks = ActionDecks::default();
    let index = world.res::<crate::rulesets::pop::state::Index>();
    for (i, card) in content.action_cards.iter().enumerate() {
        // The card of a character serving from the start is tucked under its mat, not dealt.
        let serving = card
            .character
            .as_deref()
            .and_then(|c| index.get(c))
            .is_some_and(|c| {
                world
                    .read::<crate::rulesets::pop::model::Serves>(c)
                    .is_some()
            });
        if !serving {
            decks.decks[card.deck.index()].push(i);
        }
    }
    let mut rng = world.res_mut::<GameRng>();
    for deck in &mut decks.decks {
        rng.shuffle(deck);
    }
    world.insert_resource(decks);
    let mut hands =
        world.query_filtered::<Entity, With<crate::rulesets::pop::model::PlayerRealm>>();
    let realms: Vec<Entity> = hands.iter(world).collect();
    for realm in realms {
        world.entity_mut(realm).insert(Hand::default());
    }
}

/// Ducats keeping a drawn card costs now: nothing for the first Round's hand.
pub fn keep_cost(world: &World) -> i32 {
    if first_round(world) { 0 } else { KEEP_COST }
}

fn first_round(world: &World) -> bool {
    world.res::<Flow>().round == 1
}

fn draw_one(world: &mut World, realm: Entity, kind: MpKind) {
    let card = {
        let mut rng = world.remove_resource::<GameRng>().expect("rng");
        let card = world.res_mut::<ActionDecks>().draw(kind, &mut rng);
        world.insert_resource(rng);
        card
    };
    let name = key_of(world, realm);
    match card {
        Some(card) => {
            world.get_mut::<Hand>(realm).expect("hand").drawn.push(card);
            write(
                world,
                Note::new(
                    ids::SEQ_PHASE1_DRAW,
                    format!("{name} draws a {kind:?} card"),
                )
                .realm(name),
            );
        }
        None => write(
            world,
            Note::new(
                ids::SEQ_PHASE1_DRAW,
                format!("The {kind:?} deck is empty: {name} draws nothing"),
            )
            .realm(name),
        ),
    }
}

/// Draws a card of this deck straight into the hand (a Royal Marriage, Change National Focus).
/// Returns false when the deck and its discards are empty.
pub fn draw_to_hand(world: &mut World, realm: Entity, kind: MpKind, rule: &'static str) -> bool {
    let card = {
        let mut rng = world.remove_resource::<GameRng>().expect("rng");
        let card = world.res_mut::<ActionDecks>().draw(kind, &mut rng);
        world.insert_resource(rng);
        card
    };
    let Some(card) = card else {
        return false;
    };
    let Some(mut hand) = world.get_mut::<Hand>(realm) else {
        world.res_mut::<ActionDecks>().discard(card, kind);
        return false;
    };
    hand.cards.push(card);
    let name = key_of(world, realm);
    write(
        world,
        Note::new(rule, format!("{name} draws a {kind:?} card into the hand")).realm(name),
    );
    true
}

/// Phase 1 B: each player draws three cards in any mix (the first Round: one of each deck
/// first, then three of choice).
pub(crate) fn draw_action_cards(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, visits| {
            if visits == 0 && first_round(world) {
                for kind in MpKind::ALL {
                    draw_one(world, realm, kind);
                }
            }
            let drawn_this_step = world.read::<Hand>(realm).map_or(0, |h| h.drawn.len());
            let base = if first_round(world) { 3 } else { 0 };
            let left = (usize::from(DRAWS) + base).saturating_sub(drawn_this_step);
            if left == 0 || drawable(world).is_empty() {
                return Visit::Next;
            }
            ask(
                world,
                key_of(world, realm),
                DecisionKind::DrawCard { left: left as u8 },
                format!("Draw an action card ({left} left): adm, dip or mil deck"),
            );
            Visit::Asked
        },
        |world, realm, action| {
            if let Action::DrawCard { deck } = action {
                draw_one(world, realm, deck);
            }
            Visit::Asked
        },
    );
}

/// Decks that still have a card (or discards to reshuffle).
pub fn drawable(world: &World) -> Vec<MpKind> {
    let decks = world.res::<ActionDecks>();
    MpKind::ALL
        .into_iter()
        .filter(|k| !decks.decks[k.index()].is_empty() || !decks.discard[k.index()].is_empty())
        .collect()
}

/// Phase 1 C: for each drawn card, keep it for 2 ducats or let it go (the first Round: up to 4
/// kept free).
pub(crate) fn keep_action_cards(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            // The card and the size of the hand, read in place (asked once a card).
            let Some((card, kept)) = world
                .read::<Hand>(realm)
                .and_then(|h| Some((*h.drawn.first()?, h.cards.len())))
            else {
                return Visit::Next;
            };
            let name = key_of(world, realm);
            let def = &world.res::<Content>().0.action_cards[card];
            let prompt = match keep_cost(world) {
                0 if kept >= FIRST_ROUND_KEEP => format!(
                    "You keep {FIRST_ROUND_KEEP} cards already, the most in the first Round: \"{}\" ({:?}) goes",
                    def.name, def.deck
                ),
                0 => format!(
                    "Keep \"{}\" ({:?})? Free in the first Round (at most {FIRST_ROUND_KEEP} kept)",
                    def.name, def.deck
                ),
                price => format!("Keep \"{}\" ({:?}) for {price} ducats?", def.name, def.deck),
            };
            let card = def.id;
            ask(world, name, DecisionKind::KeepCard { card }, prompt);
            Visit::Asked
        },
        |world, realm, action| {
            let card = world
                .read::<Hand>(realm)
                .and_then(|h| h.drawn.first().copied());
            let Some(card) = card else { return Visit::Next };
            world.get_mut::<Hand>(realm).expect("hand").drawn.remove(0);
            let name = key_of(world, realm);
            let keeps = matches!(action, Action::KeepCard { .. });
            // The log's words, put together while the card's name is borrowed (not copied).
            let text = {
                let def_name = &world.res::<Content>().0.action_cards[card].name;
                if keeps {
                    format!("{name} keeps \"{def_name}\"")
                } else {
                    format!("{name} lets \"{def_name}\" go")
                }
            };
            if keeps {
                // The first Round's hand (at most 4) is free.
                let cost = keep_cost(world);
                if cost > 0 {
                    spend(world, realm, cost, ids::SEQ_PHASE1_KEEP);
                }
                world.get_mut::<Hand>(realm).expect("hand").cards.push(card);
            } else {
                let kind = card_deck(world, card);
                world.res_mut::<ActionDecks>().discard(card, kind);
            }
            write(world, Note::new(ids::SEQ_PHASE1_KEEP, text).realm(name));
            Visit::Asked
        },
    );
}

/// Cards a realm keeps at Phase 5 C: five, more with Ideas.
pub fn hand_limit(world: &World, realm: Entity) -> usize {
    HAND_LIMIT + crate::rulesets::pop::rules::ideas::extra_hand(world, realm)
}

/// Phase 5 C: discard down to five cards (more with Ideas).
pub(crate) fn discard_to_hand_limit(world: &mut World) {
    for_each_realm(
        world,
        |world, realm, _| {
            let held = world.read::<Hand>(realm).map_or(0, |h| h.cards.len());
            let limit = hand_limit(world, realm);
            if held <= limit {
                return Visit::Next;
            }
            ask(
                world,
                key_of(world, realm),
                DecisionKind::HandLimit,
                format!("Discard down to {limit} cards ({held} held)"),
            );
            Visit::Asked
        },
        |world, realm, action| {
            if let Action::DiscardCard { card } = action {
                discard_from_hand(world, realm, &card, ids::SEQ_PHASE5_C);
            }
            Visit::Asked
        },
    );
}

/// Takes the card with this id out of the realm's hand, if it holds it.
pub fn take_from_hand(world: &mut World, realm: Entity, card_key: &str) -> Option<usize> {
    let cards = world
        .read::<Hand>(realm)
        .map(|h| h.cards.clone())
        .unwrap_or_default();
    let card = find_card(world, &cards, card_key)?;
    world.get_mut::<Hand>(realm)?.cards.retain(|c| *c != card);
    Some(card)
}

/// Moves a card from the hand to its deck's discard pile.
pub fn discard_from_hand(world: &mut World, realm: Entity, card_id_str: &str, rule: &'static str) {
    let Some(card) = take_from_hand(world, realm, card_id_str) else {
        return;
    };
    let kind = card_deck(world, card);
    world.res_mut::<ActionDecks>().discard(card, kind);
    let name = key_of(world, realm);
    let def_name = world.res::<Content>().0.action_cards[card].name.clone();
    write(
        world,
        Note::new(rule, format!("{name} discards \"{def_name}\"")).realm(name),
    );
}

/// Answers for the card decisions.
pub fn candidates(world: &World, realm: Entity, kind: &DecisionKind) -> Vec<Action> {
    let hand = world.read::<Hand>(realm).cloned().unwrap_or_default();
    match kind {
        DecisionKind::DrawCard { .. } => drawable(world)
            .into_iter()
            .map(|deck| Action::DrawCard { deck })
            .collect(),
        DecisionKind::KeepCard { card } => vec![
            Action::KeepCard { card: *card },
            Action::DiscardCard { card: *card },
        ],
        DecisionKind::HandLimit => hand
            .cards
            .iter()
            .map(|c| Action::DiscardCard {
                card: card_id(world, *c),
            })
            .collect(),
        _ => Vec::new(),
    }
}

pub fn check(
    world: &World,
    realm: Entity,
    kind: &DecisionKind,
    action: &Action,
) -> Result<(), Illegal> {
    let hand = world.read::<Hand>(realm).cloned().unwrap_or_default();
    match (kind, action) {
        (DecisionKind::DrawCard { .. }, Action::DrawCard { deck }) => {
            if drawable(world).contains(deck) {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::SEQ_PHASE1_DRAW,
                    format!("the {deck:?} deck is empty"),
                ))
            }
        }
        (DecisionKind::KeepCard { card }, Action::DiscardCard { card: c }) if c == card => Ok(()),
        (DecisionKind::KeepCard { card }, Action::KeepCard { card: c }) if c == card => {
            if first_round(world) && hand.cards.len() >= FIRST_ROUND_KEEP {
                return Err(Illegal::new(
                    ids::SEQ_PHASE1_KEEP,
                    "at most 4 cards are kept in the first Round",
                ));
            }
            if world.read::<Mat>(realm).map_or(0, |m| m.ducats) < keep_cost(world) {
                return Err(Illegal::new(
                    ids::SEQ_PHASE1_KEEP,
                    "keeping a card costs 2 ducats",
                ));
            }
            Ok(())
        }
        (DecisionKind::HandLimit, Action::DiscardCard { card }) => {
            if find_card(world, &hand.cards, card).is_some() {
                Ok(())
            } else {
                Err(Illegal::new(
                    ids::SEQ_PHASE5_C,
                    "that card is not in your hand",
                ))
            }
        }
        _ => Err(Illegal::new(
            ids::SEQ_PHASE1_DRAW,
            format!("{action:?} does not answer this card decision"),
        )),
    }
}
