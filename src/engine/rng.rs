//! The one seeded random number generator of a game: every die, shuffle and draw comes from it.

use bevy::prelude::*;
use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// The game's RNG. ChaCha8 is portable (same stream on every machine) and its position can be
/// read, so the state hash covers it.
#[derive(Resource)]
pub struct GameRng {
    rng: ChaCha8Rng,
    seed: u64,
    /// Hidden things made known without moving the RNG (`show`). Not part of the state hash:
    /// it only tells undo and previews that something hidden became known.
    shown: u64,
}

impl GameRng {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
            shown: 0,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many 32-bit words have been drawn: part of the state hash.
    pub fn position(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// Something hidden becomes known without the RNG moving: a card comes off a deck shuffled
    /// earlier (drawn into a hand, turned up) or a hidden place is explored. The rules call it
    /// where that happens (Price of Power's action, Trade and Power Struggle decks, Raison
    /// d'Etat's Battle cards, Kingdom's exploring; Price of Power's Events are caught by their
    /// rule ids, `Ruleset::reveals`), so that undo never goes back past it and a preview never
    /// shows it, even when the deck was shuffled long before.
    pub fn show(&mut self) {
        self.shown += 1;
    }

    /// How many cards have come off shuffled decks (`show`).
    pub fn shown(&self) -> u64 {
        self.shown
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        self.rng.random_range(0..n)
    }

    /// One six-sided die, 1..=6.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Fisher-Yates, written out so the order only depends on this crate and the stream.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}
