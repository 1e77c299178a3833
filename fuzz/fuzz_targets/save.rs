//! Save text of any ruleset through loading and replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regnum::fuzzing::save_text(data));
