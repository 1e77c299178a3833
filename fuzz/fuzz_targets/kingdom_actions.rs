//! Sequences of actions, mostly illegal, applied to a running game of Kingdom (frontier scenario).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regnum::fuzzing::kingdom_actions(data));
