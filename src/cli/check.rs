//! `regnum check`: validate scenarios and mods.

use std::path::PathBuf;

use crate::rulesets::pop::content::check_path;

pub fn run(paths: &[PathBuf]) -> i32 {
    let mut failed = false;
    for path in paths {
        match check_path(path) {
            Ok(_) => println!("ok {}", path.display()),
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
