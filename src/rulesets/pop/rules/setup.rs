//! Game setup: the Age event decks from their two shuffled halves, the First Player, the
//! decks, the open Ideas, the Mission hands and the first Age's Milestones.

use bevy::prelude::*;

use crate::engine::id::Id;
use crate::engine::log::{Note, write};
use crate::engine::reads::Reads;
use crate::engine::rng::GameRng;
use crate::rulesets::pop::content::schema::EventKind;
use crate::rulesets::pop::ids;
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::state::{Content, FirstPlayer, Seats, key_of};

/// Cards an Age deck holds: players + 1 revealed in each of its 4 Rounds.
pub fn age_deck_size(players: usize) -> usize {
    4 * (players + 1)
}

/// Builds each Age's deck: realm events only for realms in play; the (1) half on top of the (2)
/// half, each shuffled on its own; (X) cards fill whichever half is smaller. The deck is cut to
/// exactly four Rounds of reveals (house rule: the rule book sizes decks by player count).
pub(crate) fn build_event_decks(world: &mut World) {
    let content = world.res::<Content>().0.clone();
    let seats = world.res::<Seats>().0.clone();
    let in_play: Vec<Id> = seats.iter().map(|e| key_of(world, *e)).collect();
    let size = age_deck_size(seats.len());
    let mut display = EventDisplay::default();
    for age in 1..=4u8 {
        let mut halves: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut unmarked = Vec::new();
        for (i, card) in content.events.iter().enumerate() {
            if card.age != age {
                continue;
            }
            if card.kind == EventKind::Realm
                && !card.realm.as_ref().is_some_and(|r| in_play.contains(r))
            {
                continue;
            }
            match card.half {
                1 => halves[0].push(i),
                2 => halves[1].push(i),
                _ => unmarked.push(i),
            }
        }
        for card in unmarked {
            let smaller = usize::from(halves[1].len() < halves[0].len());
            halves[smaller].push(card);
        }
        let mut rng = world.res_mut::<GameRng>();
        rng.shuffle(&mut halves[0]);
        rng.shuffle(&mut halves[1]);
        // Keep half of the cut from each half, the first half's share rounded up.
        let second = halves[1]
            .len()
            .min(size - halves[0].len().min(size.div_ceil(2)));
        let first = halves[0].len().min(size - second);
        let mut deck: Vec<usize> = halves[0][..first].to_vec();
        deck.extend_from_slice(&halves[1][..second]);
        // Stored top card last.
        deck.reverse();
        let count = deck.len();
        *display.deck_mut(age) = deck;
        write(
            world,
            Note::new(
                ids::FLOW_SETUP,
                format!("Age {age} event deck: {count} cards"),
            )
            .amount(count as i32),
        );
    }
    world.insert_resource(display);
}

/// The First Player is drawn by lot.
pub(crate) fn choose_first_player(world: &mut World) {
    let seats = world.res::<Seats>().0.clone();
    if seats.is_empty() {
        return;
    }
    let pick = world.res_mut::<GameRng>().below(seats.len() as u32) as usize;
    let first = seats[pick];
    world.insert_resource(FirstPlayer(first));
    let name = key_of(world, first);
    write(
        world,
        Note::new(ids::FLOW_SETUP, format!("{name} is the First Player")).realm(name),
    );
}
