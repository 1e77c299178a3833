//! `regnum check`: validate scenarios and mods of any ruleset.

use std::path::PathBuf;

use crate::rulesets::check_path;

/// Prints `ok PATH: <ruleset> <what it is>` per good file and every error of the others as
/// `file:line:col: message`; 1 if any file has errors.
pub fn run(paths: &[PathBuf]) -> i32 {
    let mut failed = false;
    for path in paths {
        match check_path(path) {
            Ok(checked) => println!(
                "ok {}: {} {}",
                path.display(),
                checked.ruleset.title(),
                checked.summary
            ),
            Err(errors) => {
                failed = true;
                for error in errors {
                    println!("{error}");
                }
            }
        }
    }
    i32::from(failed)
}
