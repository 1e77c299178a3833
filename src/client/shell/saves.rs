//! Saves at the screen, written once for every ruleset: the saves folder and its list (only
//! the ruleset's own saves, newest first, with their age), the quicksave and the autosave at
//! each new Round (written through `engine::save::write_atomically`: a crash never leaves half
//! a save), the list's window, and what a person is told when a save replays differently
//! under today's rules.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::client::automation::Automation;
use crate::client::shell::{Session, Shelled};
use crate::engine::game::Game;
use crate::engine::save::{Save, SaveError};

/// Where saves are written and looked for, beside the working directory.
pub const SAVE_DIR: &str = "saves";

/// A save on disk and when it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveFile {
    pub path: PathBuf,
    pub modified: Option<SystemTime>,
}

/// The saves of ruleset `R` in `dir` (a `.ron` file whose header names `R`), newest first.
pub fn list_saves<R: Shelled>(dir: &Path) -> Vec<SaveFile> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<SaveFile> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter(|p| {
            crate::engine::content::read_limited(p).is_ok_and(|text| {
                crate::engine::save::parse_header(&text, "").is_ok_and(|h| h.ruleset == R::ID)
            })
        })
        .map(|path| {
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
            SaveFile { path, modified }
        })
        .collect();
    files.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
    files
}

/// Writes a save of `game` to `path`, making its folder if need be.
pub fn write_save<R: Shelled>(
    game: &Game<R>,
    scenario_file: Option<&str>,
    path: &Path,
) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    Save::of(game, scenario_file).write(path)
}

/// Saves the game at the screen to `R::AUTOSAVE` each time a new Round begins. Unattended
/// runs leave the disk alone; the first sight of a game (a new one, a load) only notes its
/// Round.
pub fn autosave_each_round<R: Shelled>(
    session: Option<NonSend<Session<R>>>,
    automation: Res<Automation>,
    mut last: Local<Option<(u64, u32)>>,
) {
    let Some(session) = session else { return };
    if automation.is_active() {
        return;
    }
    let round = session.game.flow().round;
    let seen = last.replace((session.generation, round));
    match seen {
        Some((generation, r)) if generation == session.generation && r != round => {}
        _ => return,
    }
    let path = Path::new(R::AUTOSAVE);
    match write_save(&session.game, session.scenario_file.as_deref(), path) {
        Ok(()) => info!("autosaved Round {round} to {}", path.display()),
        Err(e) => warn!("autosave to {} failed: {e}", path.display()),
    }
}

/// What a person is told when a save no longer replays as recorded (made before a rules
/// change): where the replay stopped, or that the state differs, and that play goes on.
pub fn replay_notice(file: &str, actions: usize, problem: &SaveError) -> String {
    match problem {
        SaveError::IllegalAction {
            index,
            action,
            illegal,
        } => format!(
            "{file} was saved under other rules. Its action {} ({action}) is refused by \
             today's rules ({}: {}), so the game stops before it, after {index} actions. \
             Play goes on from there.",
            index + 1,
            illegal.rule,
            illegal.reason
        ),
        _ => format!(
            "{file} was saved under other rules: its {actions} actions, replayed under \
             today's rules, give a different game from the one saved. Play goes on from the \
             game as replayed."
        ),
    }
}

/// The window listing `files` to load, each with its age. Returns whether it stays open and
/// the save picked, if any (picking one closes it).
pub fn save_list_window(
    ctx: &egui::Context,
    title: &str,
    files: &[SaveFile],
) -> (bool, Option<PathBuf>) {
    let mut open = true;
    let mut picked = None;
    egui::Window::new(title)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            if files.is_empty() {
                ui.label(format!("No saves in {SAVE_DIR}/ yet. Ctrl+S makes one."));
            }
            let now = SystemTime::now();
            egui::Grid::new("save_list").striped(true).show(ui, |ui| {
                for file in files {
                    let name = file
                        .path
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().to_string());
                    ui.label(name);
                    let age = file
                        .modified
                        .and_then(|m| now.duration_since(m).ok())
                        .map_or("?".to_string(), |d| ago(d.as_secs()));
                    ui.label(egui::RichText::new(age).weak());
                    if ui.button("Load").clicked() {
                        picked = Some(file.path.clone());
                    }
                    ui.end_row();
                }
            });
        });
    (open && picked.is_none(), picked)
}

/// "12 s ago", "5 min ago", "3 h ago", "2 days ago".
pub fn ago(secs: u64) -> String {
    match secs {
        0..60 => format!("{secs} s ago"),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86400 => format!("{} h ago", secs / 3600),
        _ => format!("{} days ago", secs / 86400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::kingdom::Kingdom;
    use crate::rulesets::pop::PriceOfPower;

    #[test]
    fn the_list_holds_only_the_rulesets_own_saves_newest_first() {
        let dir = std::env::temp_dir().join(format!("regnum-saves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pop = Game::<PriceOfPower>::new(
            crate::rulesets::pop::content::default_scenario(),
            Default::default(),
            1,
        )
        .unwrap();
        write_save(&pop, None, &dir.join("old.ron")).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write_save(&pop, None, &dir.join("new.ron")).unwrap();
        let kingdom = Game::<Kingdom>::new(
            crate::rulesets::kingdom::content::default_scenario(),
            Default::default(),
            1,
        )
        .unwrap();
        write_save(&kingdom, None, &dir.join("kingdom.ron")).unwrap();
        std::fs::write(dir.join("notes.txt"), "x").unwrap();
        std::fs::write(dir.join("broken.ron"), "(").unwrap();
        let names = |files: Vec<SaveFile>| -> Vec<String> {
            files
                .into_iter()
                .map(|f| f.path.file_name().unwrap().to_string_lossy().to_string())
                .collect()
        };
        let pop_saves = names(list_saves::<PriceOfPower>(&dir));
        let kingdom_saves = names(list_saves::<Kingdom>(&dir));
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(
            pop_saves,
            vec!["new.ron".to_string(), "old.ron".to_string()]
        );
        assert_eq!(kingdom_saves, vec!["kingdom.ron".to_string()]);
        assert!(list_saves::<PriceOfPower>(Path::new("/no/such/folder")).is_empty());
    }

    #[test]
    fn ages_read_in_the_largest_whole_unit() {
        assert_eq!(ago(12), "12 s ago");
        assert_eq!(ago(300), "5 min ago");
        assert_eq!(ago(3 * 3600 + 5), "3 h ago");
        assert_eq!(ago(2 * 86400), "2 days ago");
    }
}
