//! What an unattended run of any window asks for (`--autoplay`, `--screenshot`, `--frames`,
//! `--pick-on-board`), and the frame-time report every window prints for `--frames`. Each
//! ruleset's window carries the run out its own way (Price of Power's `window::automation`,
//! the shell's session for the others).

use std::path::PathBuf;

use bevy::prelude::*;

/// What the command line asked for. Inserted by the window before the plugins are built;
/// the default (nothing asked) leaves the game to the person at the screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct Automation {
    /// Bots play every seat for this many complete Rounds.
    pub autoplay_rounds: Option<u32>,
    /// Where the PNG of the window goes; the program quits once it is written.
    pub screenshot: Option<PathBuf>,
    /// Time this many frames of the drawn board and print the report.
    pub frames: Option<u32>,
    /// Pick a march by clicking the board (a window test of 22).
    pub pick_on_board: bool,
    /// The bots play every seat until a decision of this kind is asked of a person's seat.
    pub autoplay_until: Option<String>,
}

impl Automation {
    /// Nobody is at the screen: the program ends by itself.
    pub fn is_active(&self) -> bool {
        self.autoplay_rounds.is_some()
            || self.screenshot.is_some()
            || self.frames.is_some()
            || self.pick_on_board
            || self.autoplay_until.is_some()
    }
}

/// Whether a decision (its `Debug` form: every ruleset's decision has a `kind` field) is of
/// the kind named: `kind: LostAtSea { owner: .. }` is `LostAtSea`, not `LostAtSeaShips`, and a
/// prompt that happens to hold the word does not count.
pub fn decision_is(decision: &impl std::fmt::Debug, kind: &str) -> bool {
    let text = format!("{decision:?}");
    let field = format!("kind: {kind}");
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(&field)
        .any(|(at, _)| !text[at + field.len()..].starts_with(word))
}

/// Frame times, in milliseconds: mean, median, 95th percentile, worst.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameReport {
    pub frames: usize,
    pub mean_ms: f32,
    pub median_ms: f32,
    pub p95_ms: f32,
    pub worst_ms: f32,
}

impl FrameReport {
    pub fn of(seconds: &[f32]) -> Option<FrameReport> {
        if seconds.is_empty() {
            return None;
        }
        let mut ms: Vec<f32> = seconds.iter().map(|s| s * 1000.0).collect();
        ms.sort_by(f32::total_cmp);
        let at = |q: f32| ms[((ms.len() - 1) as f32 * q).round() as usize];
        Some(FrameReport {
            frames: ms.len(),
            mean_ms: ms.iter().sum::<f32>() / ms.len() as f32,
            median_ms: at(0.5),
            p95_ms: at(0.95),
            worst_ms: ms[ms.len() - 1],
        })
    }
}

impl FrameReport {
    /// The report as one line, saying what was drawn (`tools/frame_ratio.sh` reads the median
    /// from it).
    pub fn line(&self, subject: &str) -> String {
        format!(
            "frames: {} frames of {subject}: mean {:.1} ms ({:.0} fps), median {:.1} ms, \
             95th percentile {:.1} ms, worst {:.1} ms",
            self.frames,
            self.mean_ms,
            1000.0 / self.mean_ms.max(f32::EPSILON),
            self.median_ms,
            self.p95_ms,
            self.worst_ms
        )
    }
}

impl std::fmt::Display for FrameReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.line("the full board"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_report_gives_mean_median_and_tail() {
        let report = FrameReport::of(&[0.010, 0.020, 0.030, 0.040]).unwrap();
        assert_eq!(report.frames, 4);
        assert!((report.mean_ms - 25.0).abs() < 1e-3);
        assert!((report.worst_ms - 40.0).abs() < 1e-3);
        assert!(report.to_string().contains("40 fps"));
        assert!(FrameReport::of(&[]).is_none());
    }
}

#[cfg(test)]
mod decision_name_tests {
    use super::decision_is;

    #[derive(Debug)]
    #[allow(dead_code)]
    enum Kind {
        LostAtSea { owner: String },
        LostAtSeaShips,
        Turn,
    }

    #[derive(Debug)]
    #[allow(dead_code)]
    struct Decision {
        kind: Kind,
        prompt: &'static str,
    }

    #[test]
    fn a_decision_is_named_by_its_kind_as_a_whole_word() {
        let asked = |kind| Decision {
            kind,
            prompt: "Turn back the pirates (LostAtSea)",
        };
        let lost = asked(Kind::LostAtSea {
            owner: "ENG".into(),
        });
        assert!(decision_is(&lost, "LostAtSea"));
        assert!(!decision_is(&asked(Kind::LostAtSeaShips), "LostAtSea"));
        assert!(!decision_is(&lost, "AtSea"));
        assert!(decision_is(&asked(Kind::Turn), "Turn"));
        assert!(
            !decision_is(&asked(Kind::Turn), "LostAtSea"),
            "the prompt's words are not the kind"
        );
    }
}
