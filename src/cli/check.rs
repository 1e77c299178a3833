//! `regnum check`: validate scenarios and mods of any ruleset.

use std::path::PathBuf;

use crate::engine::watch::Watched;
use crate::rulesets::check_path;

/// Prints `ok PATH: <ruleset> <what it is>` per good file and every error of the others as
/// `file:line:col: message`; 1 if any file has errors.
pub fn run(paths: &[PathBuf]) -> i32 {
    let (text, failed) = results(paths);
    print!("{text}");
    i32::from(failed)
}

/// What `check` prints for `paths`, and whether any file has errors.
pub fn results(paths: &[PathBuf]) -> (String, bool) {
    let mut out = String::new();
    let mut failed = false;
    for path in paths {
        match check_path(path) {
            Ok(checked) => out.push_str(&format!(
                "ok {}: {} {}\n",
                path.display(),
                checked.ruleset.title(),
                checked.summary
            )),
            Err(errors) => {
                failed = true;
                for error in errors {
                    out.push_str(&format!("{error}\n"));
                }
            }
        }
    }
    (out, failed)
}

/// `check --watch`: checks the files, then again each time one of them is saved with new
/// content, until the process is stopped (Ctrl-C).
pub fn watch(paths: &[PathBuf]) -> i32 {
    let mut watched = Watched::new(paths);
    print!("{}", results(paths).0);
    println!("watching {} file(s); Ctrl-C stops", paths.len());
    loop {
        std::thread::sleep(std::time::Duration::from_millis(300));
        let changed = watched.changed();
        if changed.is_empty() {
            continue;
        }
        for path in &changed {
            println!("--- {} changed", path.display());
        }
        print!("{}", results(paths).0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `check --watch` does on each save: the watcher notices the edit and the check gives
    /// the new result (here an error with its place, then `ok` again once mended).
    #[test]
    fn an_edited_file_is_noticed_and_checked_again() {
        let dir = std::env::temp_dir().join(format!("regnum-check-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("frontier.ron");
        let good = include_str!("../../scenarios/frontier.ron");
        std::fs::write(&file, good).unwrap();
        let paths = vec![file.clone()];
        let mut watched = Watched::new(&paths);
        let (text, failed) = results(&paths);
        assert!(!failed && text.starts_with("ok "), "{text}");
        // A modder breaks the file: the edit is noticed and the error names its place.
        std::fs::write(&file, good.replacen("Scenario(", "Scenario(oops: 1, ", 1)).unwrap();
        assert_eq!(watched.changed(), paths);
        let (text, failed) = results(&paths);
        assert!(failed, "{text}");
        let place = text
            .strip_prefix(&format!("{}:", file.display()))
            .and_then(|rest| rest.split(": ").next())
            .unwrap_or_default()
            .to_string();
        let mut parts = place.split(':');
        assert!(
            parts.next().is_some_and(|l| l.parse::<u32>().is_ok())
                && parts.next().is_some_and(|c| c.parse::<u32>().is_ok()),
            "an error with file:line:col: {text}"
        );
        // Mended: ok again.
        std::fs::write(&file, good).unwrap();
        assert_eq!(watched.changed(), paths);
        assert!(!results(&paths).1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
