//! Scenario and mod text of any ruleset through loading and validation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A mod's base is looked for beside the input, among the test scenarios (mini.ron): the
    // campaign runs from the repository's root.
    regnum::fuzzing::content_text(data, std::path::Path::new("tests/data"));
});
