//! Noticing that files changed on disk: the files' sizes and modification times are polled,
//! and a file whose metadata moved is read and compared by content, so a save that changes
//! nothing (or a touch) is not a change. Polling needs no platform watcher and behaves the same
//! on every system; a handful of content files every few hundred milliseconds costs nothing.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What a file looked like when last seen: `None` when it could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    len: u64,
    modified: Option<SystemTime>,
    digest: [u8; 32],
}

fn look(path: &Path) -> Option<Seen> {
    let meta = std::fs::metadata(path).ok()?;
    let bytes = std::fs::read(path).ok()?;
    Some(Seen {
        len: meta.len(),
        modified: meta.modified().ok(),
        digest: *blake3::hash(&bytes).as_bytes(),
    })
}

/// A set of files being watched.
pub struct Watched {
    files: Vec<(PathBuf, Option<Seen>)>,
}

impl Watched {
    /// Starts watching `paths` as they are now.
    pub fn new(paths: &[PathBuf]) -> Self {
        Self {
            files: paths.iter().map(|p| (p.clone(), look(p))).collect(),
        }
    }

    /// The files whose content changed (or that appeared or vanished) since the last call.
    pub fn changed(&mut self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for (path, seen) in &mut self.files {
            let meta = std::fs::metadata(&*path).ok();
            let same_meta = match (&*seen, &meta) {
                (Some(s), Some(m)) => s.len == m.len() && s.modified == m.modified().ok(),
                (None, None) => true,
                _ => false,
            };
            if same_meta {
                continue;
            }
            let now = look(path);
            let content_moved = match (&*seen, &now) {
                (Some(a), Some(b)) => a.digest != b.digest,
                (None, None) => false,
                _ => true,
            };
            *seen = now;
            if content_moved {
                out.push(path.clone());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_of_content_is_noticed_once_and_a_rewrite_of_the_same_text_is_not() {
        let dir = std::env::temp_dir().join(format!("regnum-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.ron");
        std::fs::write(&file, "one").unwrap();
        let mut watched = Watched::new(std::slice::from_ref(&file));
        assert!(watched.changed().is_empty());
        std::fs::write(&file, "two, longer").unwrap();
        assert_eq!(watched.changed(), vec![file.clone()]);
        assert!(watched.changed().is_empty(), "reported once");
        std::fs::write(&file, "two, longer").unwrap();
        assert!(
            watched.changed().is_empty(),
            "the same text again is no change"
        );
        std::fs::remove_file(&file).unwrap();
        assert_eq!(
            watched.changed(),
            vec![file.clone()],
            "a file removed is a change"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
