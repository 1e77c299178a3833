//! Raison d'Etat's desktop window (feature `client`): the map of Europe with every Territory's
//! control, stripes, Garrisons, Fortresses and Generals; every Power's dial as a wheel; the
//! Influence track; the hand of Battle cards; the battle in progress with its piles face down;
//! the log with `rde.*` ids; saves, undo and hot-seat from the client shell.
//!
//! It reads the game through `Game::view` (only what the seat in front of the screen may see)
//! and the log, and changes it only through `Game::apply`. Its own plugins, one per file:
//! `session` (what the shell needs to know of Raison d'Etat), `panels` (the overlays and the
//! map in the middle); `map` draws the map, `describe` words the choices.

use std::path::PathBuf;

use crate::client::automation::Automation;
use crate::rulesets::raison::RaisonDEtat;

pub mod describe;
pub mod map;
pub mod panels;
pub mod session;

/// Opens the Raison d'Etat window on a scenario file (or the embedded 1618), or on a save.
/// Returns the process exit code.
pub fn run(scenario: Option<PathBuf>, load: Option<PathBuf>, automation: Automation) -> i32 {
    crate::client::shell::run::<RaisonDEtat, _>(
        scenario,
        load,
        automation,
        panels::RaisonPanelsPlugin,
    )
}
