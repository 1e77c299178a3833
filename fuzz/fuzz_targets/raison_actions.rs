//! Sequences of actions, mostly illegal, applied to a running game of Raison d'Etat (1618 scenario).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| regnum::fuzzing::raison_actions(data));
