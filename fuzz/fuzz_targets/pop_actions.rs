//! Sequences of actions, mostly illegal, applied to a running game of Price of Power (mini scenario).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regnum::fuzzing::pop_actions(data));
