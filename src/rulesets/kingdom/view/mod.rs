//! Kingdom's desktop window (feature `client`): the frontier hex board with fog, claimed hexes,
//! settlements and improvements; the kingdom sheet; the pending decision; the settlement's
//! lots; the log with every check's roll and modifiers; event cards; saves, undo and hot-seat
//! hand-over.
//!
//! It reads the game through `Game::view` (only what the seat in front of the screen may see)
//! and the log, and changes it only through `Game::apply`, like a bot or a replay. The client
//! shell (`client::shell`) gives it the session (seats, bots, saves, undo, automation), the log
//! panel, help, loading, the hand-over and the new-game and failure screens; its own plugins,
//! one per file: `session` (what the shell needs to know of Kingdom), `board` (hexes, markers,
//! camera, hover), `panels` (top bar, sheet, decision, hover card, event cards), `settlement`
//! (districts and lots).

use std::path::PathBuf;

use crate::client::automation::Automation;
use crate::rulesets::kingdom::Kingdom;

pub mod board;
pub mod describe;
pub mod panels;
pub mod session;
pub mod settlement;

/// Opens the Kingdom window on a scenario file (or the embedded frontier scenario), or on a
/// save. Returns the process exit code.
pub fn run(scenario: Option<PathBuf>, load: Option<PathBuf>, automation: Automation) -> i32 {
    crate::client::shell::run::<Kingdom, _>(
        scenario,
        load,
        automation,
        (
            board::HexBoardPlugin,
            panels::KingdomPanelsPlugin,
            settlement::SettlementViewPlugin,
        ),
    )
}
