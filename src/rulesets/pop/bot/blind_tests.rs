//! The bots decide from what their own seat may see (14): another seat's hand, drawn cards and
//! Missions, the order of the decks and the face-down Events are hidden, so scrambling them
//! must never change a bot's choice.

use bevy::prelude::*;

use crate::engine::reads::Reads;
use crate::rulesets::pop::Game;
use crate::rulesets::pop::bot::Bot;
use crate::rulesets::pop::rules::cards::{ActionDecks, Hand};
use crate::rulesets::pop::rules::events::EventDisplay;
use crate::rulesets::pop::rules::missions::MissionHand;
use crate::rulesets::pop::state::{Content, Index, Seats};

/// What a seat other than `me` keeps hidden, as it stands, to put back afterwards.
struct Hidden {
    hands: Vec<(Entity, Hand)>,
    missions: Vec<(Entity, MissionHand)>,
    decks: ActionDecks,
    events: EventDisplay,
}

fn take_hidden(world: &World, me: Entity) -> Hidden {
    let others: Vec<Entity> = world
        .res::<Seats>()
        .0
        .iter()
        .copied()
        .filter(|r| *r != me)
        .collect();
    Hidden {
        hands: others
            .iter()
            .filter_map(|r| world.read::<Hand>(*r).map(|h| (*r, h.clone())))
            .collect(),
        missions: others
            .iter()
            .filter_map(|r| world.read::<MissionHand>(*r).map(|h| (*r, h.clone())))
            .collect(),
        decks: world.res::<ActionDecks>().clone(),
        events: world.res::<EventDisplay>().clone(),
    }
}

fn put_back(world: &mut World, hidden: Hidden) {
    for (r, h) in hidden.hands {
        *world.get_mut::<Hand>(r).unwrap() = h;
    }
    for (r, h) in hidden.missions {
        *world.get_mut::<MissionHand>(r).unwrap() = h;
    }
    world.insert_resource(hidden.decks);
    world.insert_resource(hidden.events);
}

/// Replaces every hidden thing of the other seats by something else of the same size: other
/// cards in their hands, other Missions held, the decks reversed, other face-down Events.
fn scramble(world: &mut World, hidden: &Hidden) {
    let (cards, missions, events) = {
        let content = &world.res::<Content>().0;
        (
            content.action_cards.len(),
            content.missions.len(),
            content.events.len(),
        )
    };
    let shift = |i: usize, n: usize, by: usize| if n == 0 { i } else { (i + by) % n };
    for (r, h) in &hidden.hands {
        let mut hand = world.get_mut::<Hand>(*r).unwrap();
        hand.cards = h.cards.iter().map(|c| shift(*c, cards, 17)).collect();
        hand.drawn = h.drawn.iter().map(|c| shift(*c, cards, 29)).collect();
    }
    for (r, h) in &hidden.missions {
        let mut hand = world.get_mut::<MissionHand>(*r).unwrap();
        hand.held = h.held.iter().map(|m| shift(*m, missions, 11)).collect();
    }
    let mut decks = world.res_mut::<ActionDecks>();
    for d in &mut decks.decks {
        d.reverse();
    }
    let mut display = world.res_mut::<EventDisplay>();
    for d in &mut display.decks {
        d.reverse();
    }
    for slot in display.row.iter_mut().filter(|s| !s.face_up) {
        slot.card = shift(slot.card, events, 13);
    }
}

/// Plays a bot game of the default scenario; at every `every`-th decision the deciding bot
/// chooses twice, once as things are and once with everything hidden from it scrambled, and
/// must choose the same. Returns how many decisions were compared.
fn compare_blind(seed: u64, every: usize, limit: usize) -> usize {
    let mut game = Game::new(
        crate::rulesets::pop::content::default_scenario(),
        crate::rulesets::pop::GameSetup::default(),
        seed,
    )
    .unwrap();
    let mut bot = Bot::new(seed);
    let mut compared = 0;
    for step in 0..limit {
        if game.is_over() {
            break;
        }
        if step % every == 0 {
            let decider = game.pending().unwrap().realm;
            let me = game.world().resource::<Index>().get(decider).unwrap();
            let seeing = Bot::new(seed ^ step as u64).choose(&game);
            let hidden = take_hidden(game.world(), me);
            scramble(game.world_mut(), &hidden);
            let blind = Bot::new(seed ^ step as u64).choose(&game);
            put_back(game.world_mut(), hidden);
            assert_eq!(
                seeing,
                blind,
                "seed {seed}, decision {step} ({decider}, {:?}): the bot's choice changed with what it cannot see",
                game.pending().map(|d| &d.kind)
            );
            compared += 1;
        }
        let action = bot.choose(&game).expect("a legal action");
        game.apply(action).unwrap();
    }
    compared
}

#[test]
fn pop_bots_choose_the_same_whatever_the_other_seats_hide() {
    let mut compared = 0;
    for seed in [1, 2, 3] {
        compared += compare_blind(seed, 3, 6000);
    }
    assert!(compared > 1000, "only {compared} decisions compared");
}
