//! `regnum report`: a modder's balance report. Bots play N games of a scenario on all cores and
//! one self-contained HTML page shows how they went: win rates with 95% intervals, final
//! scores, game length, when games were decided, which rules fired (and which never did), and
//! each seat's troubles. With `--against`, a second version of the scenario plays the same seeds
//! and the page puts the two side by side, marking the differences larger than chance.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use plotters::prelude::*;

use crate::cli::load_content;
use crate::cli::simulate::{in_parallel, threads_or_all};
use crate::engine::content::{joined, read};
use crate::engine::game::Game;
use crate::engine::ruleset::{PlayedOut, Ruleset, RulesetId, play_out_checking};
use crate::engine::state::GameSetup;

#[derive(Args, Debug, Clone)]
pub struct ReportArgs {
    /// Scenario file (default: the embedded 1444 scenario).
    #[arg(long)]
    pub scenario: Option<PathBuf>,
    /// A second version of the scenario (same ruleset) to compare with, on the same seeds.
    #[arg(long, value_name = "OTHER_FILE")]
    pub against: Option<PathBuf>,
    /// Number of games (per version).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Seed of the first game; game i uses seed S+i (as `simulate`).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seats in play, comma-separated (default: all of the scenario's).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// Folder for the report: `index.html` (charts inside) and `report.json` (the figures).
    #[arg(long)]
    pub out: PathBuf,
}

/// What one bot game showed.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameFigures {
    pub seed: u64,
    pub winner: Option<String>,
    pub rounds: u32,
    /// Each seat's final score.
    pub scores: Vec<(String, i32)>,
    /// The Round from which the winner led alone at every later Round's start (the last Round
    /// when it only took the lead at the end); `None` for a shared win.
    pub decided: Option<u32>,
    pub rule_counts: BTreeMap<String, u64>,
    /// (seat, trouble label) -> times it happened.
    pub troubles: BTreeMap<String, BTreeMap<String, u32>>,
}

/// Plays one bot game and takes its figures. The bots choose exactly as in `simulate` (the same
/// `play_out`), so the winners equal those of `simulate` with the same seeds.
pub fn play_for_report<R: Ruleset>(
    scenario: Arc<R::Content>,
    seed: u64,
    setup: &GameSetup,
) -> Result<GameFigures, String> {
    let mut game = Game::<R>::new(scenario, setup.clone(), seed).map_err(|e| e.to_string())?;
    let mut round = game.flow().round;
    let mut leaders: Vec<(u32, Vec<String>)> = Vec::new();
    let ended = play_out_checking(&mut game, seed, |g, _| {
        let now = g.flow().round;
        if now != round {
            round = now;
            leaders.push((now, leading(&R::scores(g.world()))));
        }
    });
    if ended == PlayedOut::Stuck {
        return Err(format!("seed {seed}: the game did not end and was stopped"));
    }
    let winner = game.winner();
    let rounds = game.flow().round;
    let decided = winner.as_ref().map(|w| {
        // The earliest Round after which the winner was the sole leader at every sample.
        let mut from = rounds;
        for (r, top) in leaders.iter().rev() {
            if top.len() == 1 && top[0] == *w {
                from = *r;
            } else {
                break;
            }
        }
        from
    });
    let rule_counts = crate::cli::simulate::rule_counts(game.log());
    let mut troubles: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for entry in &game.log().entries {
        if let Some((_, label)) = R::trouble_rules().iter().find(|(id, _)| *id == entry.rule) {
            let seat = entry.realm.clone().unwrap_or_else(|| "-".into());
            *troubles
                .entry(seat)
                .or_default()
                .entry(label.to_string())
                .or_insert(0) += 1;
        }
    }
    Ok(GameFigures {
        seed,
        winner,
        rounds,
        scores: if game.is_over() {
            R::scores(game.world())
        } else {
            Vec::new()
        },
        decided,
        rule_counts,
        troubles,
    })
}

/// The seats sharing the highest score.
fn leading(scores: &[(String, i32)]) -> Vec<String> {
    let Some(best) = scores.iter().map(|(_, s)| *s).max() else {
        return Vec::new();
    };
    scores
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(seat, _)| seat.clone())
        .collect()
}

pub fn run(args: &ReportArgs) -> i32 {
    let ruleset = match ruleset_of(args.scenario.as_ref()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    if let Some(other) = &args.against {
        match ruleset_of(Some(other)) {
            Ok(r) if r == ruleset => {}
            Ok(_) => {
                eprintln!(
                    "error: {} is a scenario of another ruleset: compare versions of one scenario",
                    other.display()
                );
                return 1;
            }
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        }
    }
    struct Report<'a>(&'a ReportArgs);
    impl crate::rulesets::ForRuleset for Report<'_> {
        type Output = Result<PathBuf, String>;
        fn run<R: Ruleset>(self) -> Self::Output {
            report::<R>(self.0)
        }
    }
    let result = crate::rulesets::for_ruleset(ruleset, Report(args));
    match result {
        Ok(path) => {
            println!("wrote {}", path.display());
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

fn ruleset_of(path: Option<&PathBuf>) -> Result<RulesetId, String> {
    let Some(path) = path else {
        return Ok(RulesetId::PriceOfPower);
    };
    let text = read(path).map_err(|e| joined(&e))?;
    crate::rulesets::ruleset_of(path, &text)
        .map(|r| r.unwrap_or(RulesetId::PriceOfPower))
        .map_err(|e| joined(&e))
}

/// One version's games, with its name for the page.
pub struct Version {
    pub name: String,
    pub games: Vec<GameFigures>,
}

fn play_version<R: Ruleset>(args: &ReportArgs, path: Option<&PathBuf>) -> Result<Version, String> {
    let scenario = load_content::<R>(path)?;
    let setup = GameSetup {
        players: args.players.clone(),
        ..GameSetup::default()
    };
    Game::<R>::new(scenario.clone(), setup.clone(), args.seed).map_err(|e| e.to_string())?;
    let name = path.map_or("the embedded scenario".to_string(), |p| {
        p.display().to_string()
    });
    eprintln!("playing {} games of {name}", args.games);
    let games = in_parallel(args.games, threads_or_all(args.threads), |i| {
        play_for_report::<R>(scenario.clone(), args.seed + i, &setup)
    })?;
    Ok(Version { name, games })
}

fn report<R: Ruleset>(args: &ReportArgs) -> Result<PathBuf, String> {
    let base = play_version::<R>(args, args.scenario.as_ref())?;
    let other = match &args.against {
        Some(path) => Some(play_version::<R>(args, Some(path))?),
        None => None,
    };
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let html = page(R::rule_ids(), &base, other.as_ref(), args.seed);
    let index = args.out.join("index.html");
    write(&index, &html)?;
    let versions: Vec<serde_json::Value> = std::iter::once(&base)
        .chain(other.as_ref())
        .map(|v| serde_json::json!({ "scenario": v.name, "games": v.games }))
        .collect();
    let json = serde_json::json!({ "seed": args.seed, "versions": versions });
    write(
        &args.out.join("report.json"),
        &serde_json::to_string_pretty(&json).expect("figures serialize"),
    )?;
    Ok(index)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    crate::engine::save::write_atomically(path, text)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

// ---------------------------------------------------------------------------------------------
// Figures

/// Each seat in a version, in order of first appearance in the final scores.
fn seats(v: &Version) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for g in &v.games {
        for (seat, _) in &g.scores {
            if !out.contains(seat) {
                out.push(seat.clone());
            }
        }
        if let Some(w) = g.winner.as_ref().filter(|w| !out.contains(w)) {
            out.push(w.clone());
        }
    }
    out
}

/// Games a seat won.
pub fn wins(v: &Version, seat: &str) -> u32 {
    v.games
        .iter()
        .filter(|g| g.winner.as_deref() == Some(seat))
        .count() as u32
}

/// The 95% Wilson interval of a proportion `k` of `n`.
pub fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (f64::from(k), f64::from(n), 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The z statistic of two proportions (pooled); 0 when it cannot be told.
pub fn two_proportions(k1: u32, n1: u32, k2: u32, n2: u32) -> f64 {
    if n1 == 0 || n2 == 0 {
        return 0.0;
    }
    let (k1, n1, k2, n2) = (f64::from(k1), f64::from(n1), f64::from(k2), f64::from(n2));
    let pooled = (k1 + k2) / (n1 + n2);
    let se = (pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)).sqrt();
    if se == 0.0 {
        0.0
    } else {
        (k1 / n1 - k2 / n2) / se
    }
}

fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        0.0
    } else {
        xs.iter().sum::<f64>() / xs.len() as f64
    }
}

fn variance(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let m = mean(xs);
    xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() - 1) as f64
}

/// Welch's t statistic of two samples; 0 when it cannot be told.
pub fn welch(a: &[f64], b: &[f64]) -> f64 {
    if a.len() < 2 || b.len() < 2 {
        return 0.0;
    }
    let se = (variance(a) / a.len() as f64 + variance(b) / b.len() as f64).sqrt();
    if se == 0.0 {
        if (mean(a) - mean(b)).abs() > 0.0 {
            f64::INFINITY
        } else {
            0.0
        }
    } else {
        (mean(a) - mean(b)) / se
    }
}

/// Larger than chance at the 5% level (two-sided, normal approximation).
fn beyond_chance(z: f64) -> bool {
    z.abs() > 1.96
}

fn final_scores(v: &Version, seat: &str) -> Vec<f64> {
    v.games
        .iter()
        .filter_map(|g| g.scores.iter().find(|(s, _)| s == seat))
        .map(|(_, score)| f64::from(*score))
        .collect()
}

fn per_game_counts(v: &Version, rule: &str) -> Vec<f64> {
    v.games
        .iter()
        .map(|g| g.rule_counts.get(rule).copied().unwrap_or(0) as f64)
        .collect()
}

fn trouble_counts(v: &Version, seat: &str, label: &str) -> Vec<f64> {
    v.games
        .iter()
        .map(|g| {
            g.troubles
                .get(seat)
                .and_then(|t| t.get(label))
                .copied()
                .unwrap_or(0) as f64
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The page

const BLUE: RGBColor = RGBColor(52, 101, 164);
const ORANGE: RGBColor = RGBColor(230, 126, 34);
/// Grid lines in plain greys (an SVG reader that ignores opacity still draws them light).
const GRID: RGBColor = RGBColor(215, 215, 215);
const LIGHT_GRID: RGBColor = RGBColor(242, 242, 242);

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The whole HTML page.
pub fn page(rule_ids: &[&str], base: &Version, other: Option<&Version>, seed: u64) -> String {
    let versions: Vec<&Version> = std::iter::once(base).chain(other).collect();
    let mut seat_list = seats(base);
    if let Some(o) = other {
        for s in seats(o) {
            if !seat_list.contains(&s) {
                seat_list.push(s);
            }
        }
    }
    let n = base.games.len();
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Balance report</title>\
<style>body{{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}}\
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}\
th:first-child,td:first-child{{text-align:left}}.chance{{background:#fde2c8;font-weight:bold}}\
.note{{color:#555;font-size:90%}}svg{{display:block;margin:1em 0}}</style></head><body>\
<h1>Balance report</h1><p>{} bot games of <b>{}</b>{}, seeds {} to {} (game i uses seed {}+i, as <code>regnum simulate</code>).</p>",
        n,
        escape(&base.name),
        other.map_or(String::new(), |o| format!(
            " against <b>{}</b> on the same seeds ({} in <span style=\"color:#3465a4\">blue</span>, {} in <span style=\"color:#e67e22\">orange</span>)",
            escape(&o.name),
            escape(&base.name),
            escape(&o.name)
        )),
        seed,
        seed + n.saturating_sub(1) as u64,
        seed
    );
    if other.is_some() {
        html.push_str("<p class=\"note\">A shaded cell marks a difference between the two versions larger than chance (a two-sided test at the 5% level: pooled z for win rates, Welch's t for means). With many rows a few will be shaded by chance alone.</p>");
    }

    // Wins.
    html.push_str("<h2>Who wins</h2>");
    html.push_str(&win_table(&seat_list, &versions));
    html.push_str(&win_chart(&seat_list, &versions));

    // Final scores.
    html.push_str("<h2>Final scores</h2>");
    html.push_str(&score_table(&seat_list, &versions));
    html.push_str(&score_chart(&seat_list, &versions));

    // Length and when decided.
    html.push_str("<h2>How long games last, and when they are decided</h2>");
    html.push_str(&length_table(&versions));
    html.push_str(&histogram(
        "Game length (Rounds)",
        "games",
        &versions
            .iter()
            .map(|v| v.games.iter().map(|g| g.rounds).collect())
            .collect::<Vec<Vec<u32>>>(),
    ));
    html.push_str("<p class=\"note\">Decided: the Round from which the eventual winner led alone at the start of every later Round (the last Round when the lead came only at the end).</p>");
    html.push_str(&histogram(
        "Round the game was decided",
        "games",
        &versions
            .iter()
            .map(|v| v.games.iter().filter_map(|g| g.decided).collect())
            .collect::<Vec<Vec<u32>>>(),
    ));

    // Troubles.
    let labels: Vec<String> = {
        let mut l: Vec<String> = Vec::new();
        for v in &versions {
            for g in &v.games {
                for t in g.troubles.values() {
                    for label in t.keys() {
                        if !l.contains(label) {
                            l.push(label.clone());
                        }
                    }
                }
            }
        }
        l
    };
    html.push_str("<h2>Troubles per seat</h2>");
    if labels.is_empty() {
        html.push_str("<p>None happened in these games.</p>");
    }
    for label in &labels {
        html.push_str(&trouble_table(&seat_list, &versions, label));
        html.push_str(&trouble_chart(&seat_list, &versions, label));
    }

    // Rules.
    html.push_str("<h2>Which rules fired</h2>");
    html.push_str(&rules_chart(&versions));
    html.push_str(&rules_table(rule_ids, &versions));
    html.push_str("</body></html>\n");
    html
}

fn cell(text: String, marked: bool) -> String {
    if marked {
        format!("<td class=\"chance\">{text}</td>")
    } else {
        format!("<td>{text}</td>")
    }
}

fn win_table(seats: &[String], versions: &[&Version]) -> String {
    let mut t = String::from("<table><tr><th>seat</th>");
    for v in versions {
        let _ = write!(
            t,
            "<th>wins ({})</th><th>win rate, 95% interval</th>",
            escape(&v.name)
        );
    }
    t.push_str("</tr>");
    let shared: Vec<u32> = versions
        .iter()
        .map(|v| v.games.iter().filter(|g| g.winner.is_none()).count() as u32)
        .collect();
    for seat in seats {
        let _ = write!(t, "<tr><td>{}</td>", escape(seat));
        let k: Vec<u32> = versions.iter().map(|v| wins(v, seat)).collect();
        let n: Vec<u32> = versions.iter().map(|v| v.games.len() as u32).collect();
        let marked = versions.len() == 2 && beyond_chance(two_proportions(k[0], n[0], k[1], n[1]));
        for i in 0..versions.len() {
            let (lo, hi) = wilson(k[i], n[i]);
            let rate = if n[i] == 0 {
                0.0
            } else {
                f64::from(k[i]) / f64::from(n[i])
            };
            t.push_str(&cell(k[i].to_string(), false));
            t.push_str(&cell(
                format!(
                    "{:.1}% ({:.1}-{:.1}%)",
                    100.0 * rate,
                    100.0 * lo,
                    100.0 * hi
                ),
                marked,
            ));
        }
        t.push_str("</tr>");
    }
    t.push_str("<tr><td>shared or no winner</td>");
    for s in &shared {
        let _ = write!(t, "<td>{s}</td><td></td>");
    }
    t.push_str("</tr></table>");
    t
}

fn score_table(seats: &[String], versions: &[&Version]) -> String {
    let mut t = String::from("<table><tr><th>seat</th>");
    for v in versions {
        let _ = write!(
            t,
            "<th>mean final score ({})</th><th>min</th><th>max</th>",
            escape(&v.name)
        );
    }
    t.push_str("</tr>");
    for seat in seats {
        let _ = write!(t, "<tr><td>{}</td>", escape(seat));
        let samples: Vec<Vec<f64>> = versions.iter().map(|v| final_scores(v, seat)).collect();
        let marked = samples.len() == 2 && beyond_chance(welch(&samples[0], &samples[1]));
        for s in &samples {
            let min = s.iter().copied().fold(f64::INFINITY, f64::min);
            let max = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            t.push_str(&cell(format!("{:.1}", mean(s)), marked));
            t.push_str(&cell(
                if s.is_empty() {
                    "-".into()
                } else {
                    format!("{min}")
                },
                false,
            ));
            t.push_str(&cell(
                if s.is_empty() {
                    "-".into()
                } else {
                    format!("{max}")
                },
                false,
            ));
        }
        t.push_str("</tr>");
    }
    t.push_str("</table>");
    t
}

fn length_table(versions: &[&Version]) -> String {
    let rounds: Vec<Vec<f64>> = versions
        .iter()
        .map(|v| v.games.iter().map(|g| f64::from(g.rounds)).collect())
        .collect();
    let decided: Vec<Vec<f64>> = versions
        .iter()
        .map(|v| {
            v.games
                .iter()
                .filter_map(|g| g.decided.map(f64::from))
                .collect()
        })
        .collect();
    let two = versions.len() == 2;
    let mut t = String::from("<table><tr><th></th>");
    for v in versions {
        let _ = write!(t, "<th>{}</th>", escape(&v.name));
    }
    t.push_str("</tr><tr><td>mean length (Rounds)</td>");
    let marked = two && beyond_chance(welch(&rounds[0], &rounds[1]));
    for r in &rounds {
        t.push_str(&cell(format!("{:.2}", mean(r)), marked));
    }
    t.push_str("</tr><tr><td>mean Round decided</td>");
    let marked = two && beyond_chance(welch(&decided[0], &decided[1]));
    for d in &decided {
        t.push_str(&cell(format!("{:.2}", mean(d)), marked));
    }
    t.push_str("</tr></table>");
    t
}

fn trouble_table(seats: &[String], versions: &[&Version], label: &str) -> String {
    let mut t = format!("<h3>{}</h3><table><tr><th>seat</th>", escape(label));
    for v in versions {
        let _ = write!(
            t,
            "<th>per game ({})</th><th>games with any</th>",
            escape(&v.name)
        );
    }
    t.push_str("</tr>");
    for seat in seats {
        let samples: Vec<Vec<f64>> = versions
            .iter()
            .map(|v| trouble_counts(v, seat, label))
            .collect();
        let marked = samples.len() == 2 && beyond_chance(welch(&samples[0], &samples[1]));
        let _ = write!(t, "<tr><td>{}</td>", escape(seat));
        for s in &samples {
            t.push_str(&cell(format!("{:.2}", mean(s)), marked));
            t.push_str(&cell(
                s.iter().filter(|x| **x > 0.0).count().to_string(),
                false,
            ));
        }
        t.push_str("</tr>");
    }
    t.push_str("</table>");
    t
}

fn rules_table(rule_ids: &[&str], versions: &[&Version]) -> String {
    let mut fired: Vec<String> = Vec::new();
    for v in versions {
        for g in &v.games {
            for rule in g.rule_counts.keys() {
                if !fired.contains(rule) {
                    fired.push(rule.clone());
                }
            }
        }
    }
    fired.sort();
    let never: Vec<&str> = rule_ids
        .iter()
        .copied()
        .filter(|id| !fired.iter().any(|f| f == id))
        .collect();
    let mut t = format!(
        "<h3>Rules that never fired ({} of {})</h3><p>{}</p>",
        never.len(),
        rule_ids.len(),
        if never.is_empty() {
            "Every rule id of the ruleset appeared in the log.".to_string()
        } else {
            never
                .iter()
                .map(|r| format!("<code>{}</code>", escape(r)))
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
    t.push_str("<h3>Every rule that fired, times per game</h3><table><tr><th>rule</th>");
    for v in versions {
        let _ = write!(t, "<th>{}</th><th>games with it</th>", escape(&v.name));
    }
    t.push_str("</tr>");
    for rule in &fired {
        let samples: Vec<Vec<f64>> = versions.iter().map(|v| per_game_counts(v, rule)).collect();
        let marked = samples.len() == 2 && beyond_chance(welch(&samples[0], &samples[1]));
        let _ = write!(t, "<tr><td><code>{}</code></td>", escape(rule));
        for s in &samples {
            t.push_str(&cell(format!("{:.2}", mean(s)), marked));
            t.push_str(&cell(
                s.iter().filter(|x| **x > 0.0).count().to_string(),
                false,
            ));
        }
        t.push_str("</tr>");
    }
    t.push_str("</table>");
    t
}

// ---------------------------------------------------------------------------------------------
// Charts (SVG, drawn with plotters)

/// Draws a chart into an SVG string; a drawing error becomes a line of text in the page.
fn svg(
    size: (u32, u32),
    draw: impl FnOnce(&DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String>,
) -> String {
    let mut out = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|_| draw(&root))
            .and_then(|_| root.present().map_err(|e| e.to_string()))
    };
    match result {
        Ok(()) => out,
        Err(e) => format!("<p>(chart not drawn: {})</p>", escape(&e)),
    }
}

/// The seat whose bars stand at `x` (seats sit at 0, 1, 2, ...), as an axis label.
fn seat_at(seats: &[String], x: f64) -> String {
    let i = x.round();
    if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < seats.len() {
        seats[i as usize].clone()
    } else {
        String::new()
    }
}

/// A bar's height and, where it has one, its 95% interval.
type Bar = (f64, Option<(f64, f64)>);

fn colour(i: usize) -> RGBColor {
    if i == 0 { BLUE } else { ORANGE }
}

/// Bars for each seat (one per version, side by side), with optional 95% error bars.
fn bars(
    title: &str,
    y_desc: &str,
    seats: &[String],
    values: &[Vec<Bar>],
    y_max: f64,
    y_format: &dyn Fn(&f64) -> String,
) -> String {
    let n = seats.len().max(1);
    let versions = values.len().max(1);
    svg((900, 380), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..y_max.max(1e-9))
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT_GRID)
            .bold_line_style(GRID)
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| seat_at(seats, *x))
            .y_label_formatter(y_format)
            .y_desc(y_desc)
            .draw()
            .map_err(|e| e.to_string())?;
        let width = 0.8 / versions as f64;
        for (vi, series) in values.iter().enumerate() {
            let c = colour(vi);
            let left = |i: usize| i as f64 - 0.4 + vi as f64 * width;
            chart
                .draw_series(series.iter().enumerate().map(|(i, (y, _))| {
                    Rectangle::new([(left(i), 0.0), (left(i) + width * 0.9, *y)], c.filled())
                }))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(series.iter().enumerate().filter_map(|(i, (y, ci))| {
                    ci.map(|(lo, hi)| {
                        ErrorBar::new_vertical(
                            left(i) + width * 0.45,
                            lo,
                            *y,
                            hi,
                            BLACK.filled(),
                            8,
                        )
                    })
                }))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

fn win_chart(seats: &[String], versions: &[&Version]) -> String {
    let values: Vec<Vec<Bar>> = versions
        .iter()
        .map(|v| {
            let n = v.games.len() as u32;
            seats
                .iter()
                .map(|s| {
                    let k = wins(v, s);
                    let rate = if n == 0 {
                        0.0
                    } else {
                        f64::from(k) / f64::from(n)
                    };
                    (rate, Some(wilson(k, n)))
                })
                .collect()
        })
        .collect();
    let top = values
        .iter()
        .flatten()
        .filter_map(|(_, ci)| ci.map(|c| c.1))
        .fold(0.0f64, f64::max);
    bars(
        "Win rate per seat, with 95% intervals",
        "share of games won (%)",
        seats,
        &values,
        (top * 1.1).clamp(0.05, 1.0),
        &|y| format!("{:.0}", 100.0 * y),
    )
}

fn trouble_chart(seats: &[String], versions: &[&Version], label: &str) -> String {
    let values: Vec<Vec<Bar>> = versions
        .iter()
        .map(|v| {
            seats
                .iter()
                .map(|s| (mean(&trouble_counts(v, s, label)), None))
                .collect()
        })
        .collect();
    let top = values
        .iter()
        .flatten()
        .map(|(y, _)| *y)
        .fold(0.0f64, f64::max);
    bars(
        &format!("{label}: times per game"),
        "per game",
        seats,
        &values,
        (top * 1.15).max(0.1),
        &|y| format!("{y:.1}"),
    )
}

/// A box per seat (and version): quartiles, whiskers at 1.5 times the spread of the middle half.
fn score_chart(seats: &[String], versions: &[&Version]) -> String {
    let samples: Vec<Vec<Vec<f64>>> = versions
        .iter()
        .map(|v| seats.iter().map(|s| final_scores(v, s)).collect())
        .collect();
    let all: Vec<f64> = samples.iter().flatten().flatten().copied().collect();
    if all.is_empty() {
        return "<p>No game ended with scores.</p>".into();
    }
    // The whiskers reach 1.5 times the middle half's spread, possibly past the data.
    let ends: Vec<f32> = samples
        .iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .flat_map(|s| Quartiles::new(s).values())
        .collect();
    let lo = ends.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = ends.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let pad = ((hi - lo) * 0.08).max(1.0);
    let n = seats.len().max(1);
    let width = 0.8 / versions.len().max(1) as f64;
    svg((900, 380), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("Final score per seat", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), (lo - pad)..(hi + pad))
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT_GRID)
            .bold_line_style(GRID)
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| seat_at(seats, *x))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .y_desc("final score")
            .draw()
            .map_err(|e| e.to_string())?;
        for (vi, per_seat) in samples.iter().enumerate() {
            let c = colour(vi);
            chart
                .draw_series(
                    per_seat
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| !s.is_empty())
                        .map(|(i, s)| {
                            let x = i as f64 - 0.4 + (vi as f64 + 0.5) * width;
                            Boxplot::new_vertical(x, &Quartiles::new(s))
                                .width(((width * 0.7) * 900.0 / n as f64 * 0.8) as u32)
                                .style(c)
                        }),
                )
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

/// Bars of how many games took each value (one colour per version).
fn histogram(title: &str, y_desc: &str, samples: &[Vec<u32>]) -> String {
    let all: Vec<u32> = samples.iter().flatten().copied().collect();
    let (Some(lo), Some(hi)) = (all.iter().min().copied(), all.iter().max().copied()) else {
        return format!("<p>{}: no games.</p>", escape(title));
    };
    let count = |s: &Vec<u32>, x: u32| s.iter().filter(|v| **v == x).count() as f64;
    let top = samples
        .iter()
        .flat_map(|s| (lo..=hi).map(move |x| count(s, x)))
        .fold(0.0f64, f64::max);
    let width = 0.8 / samples.len().max(1) as f64;
    svg((900, 340), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(
                (f64::from(lo) - 0.5)..(f64::from(hi) + 0.5),
                0f64..(top * 1.1).max(1.0),
            )
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT_GRID)
            .bold_line_style(GRID)
            .disable_x_mesh()
            .x_labels(((hi - lo + 1) as usize).min(30))
            .x_label_formatter(&|x| {
                if (x - x.round()).abs() < 1e-6 {
                    format!("{}", x.round())
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| format!("{y:.0}"))
            .y_desc(y_desc)
            .draw()
            .map_err(|e| e.to_string())?;
        for (vi, s) in samples.iter().enumerate() {
            let c = colour(vi);
            chart
                .draw_series((lo..=hi).map(|x| {
                    let left = f64::from(x) - 0.4 + vi as f64 * width;
                    Rectangle::new([(left, 0.0), (left + width * 0.9, count(s, x))], c.filled())
                }))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

/// The 25 rules firing most often per game (of the first version), as horizontal bars.
fn rules_chart(versions: &[&Version]) -> String {
    let Some(base) = versions.first() else {
        return String::new();
    };
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    for g in &base.games {
        for (rule, n) in &g.rule_counts {
            *totals.entry(rule.as_str()).or_insert(0) += n;
        }
    }
    let mut top: Vec<(&str, u64)> = totals.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    top.truncate(25);
    if top.is_empty() {
        return String::new();
    }
    let rules: Vec<String> = top.iter().map(|(r, _)| r.to_string()).collect();
    let per_game: Vec<Vec<f64>> = versions
        .iter()
        .map(|v| rules.iter().map(|r| mean(&per_game_counts(v, r))).collect())
        .collect();
    let max = per_game.iter().flatten().copied().fold(0.0f64, f64::max);
    let k = rules.len();
    let height = 80 + 22 * k as u32;
    let band = 0.8 / versions.len() as f64;
    svg((900, height), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(
                "The rules firing most often (times per game)",
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(260)
            .build_cartesian_2d(0f64..(max * 1.1).max(1.0), -0.5f64..(k as f64 - 0.5))
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .light_line_style(LIGHT_GRID)
            .bold_line_style(GRID)
            .disable_y_mesh()
            .y_labels(k)
            .y_label_formatter(&|y| {
                let i = y.round();
                if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < k {
                    // Most frequent at the top.
                    rules[k - 1 - i as usize].clone()
                } else {
                    String::new()
                }
            })
            .draw()
            .map_err(|e| e.to_string())?;
        for (vi, values) in per_game.iter().enumerate() {
            let c = colour(vi);
            chart
                .draw_series(values.iter().enumerate().map(|(i, x)| {
                    let y = (k - 1 - i) as f64 + 0.4 - vi as f64 * band;
                    Rectangle::new([(0.0, y), (*x, y - band * 0.9)], c.filled())
                }))
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::simulate::play_one;
    use crate::rulesets::pop::PriceOfPower;

    #[test]
    fn wilson_interval_and_tests_match_their_textbook_values() {
        // 50 of 100: 40.4% to 59.6%.
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        // 0 of 10: the interval still reaches 27.8%.
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
        // 60/100 against 40/100: z = 2.83, beyond chance; 52 against 48 is not.
        assert!((two_proportions(60, 100, 40, 100) - 2.828).abs() < 1e-2);
        assert!(!beyond_chance(two_proportions(52, 100, 48, 100)));
        assert!(beyond_chance(welch(
            &[1.0, 2.0, 3.0, 4.0],
            &[11.0, 12.0, 13.0, 14.0]
        )));
        assert_eq!(welch(&[1.0, 2.0, 3.0], &[1.0, 2.0, 3.0]), 0.0);
    }

    /// The report's games are `simulate`'s games: the same winners, rounds and final scores for
    /// the same seeds; and the page holds its charts and the never-fired rules.
    #[test]
    fn report_figures_equal_those_of_simulate_for_the_same_seeds() {
        let scenario = crate::rulesets::pop::content::default_scenario();
        let setup = GameSetup::default();
        let mut games = Vec::new();
        for seed in [3u64, 4] {
            let figures = play_for_report::<PriceOfPower>(scenario.clone(), seed, &setup).unwrap();
            let (simulated, counts) =
                play_one::<PriceOfPower>(scenario.clone(), seed, None, None, &setup, false)
                    .unwrap();
            assert_eq!(figures.winner, simulated.winner, "seed {seed}");
            assert_eq!(figures.rounds, simulated.rounds, "seed {seed}");
            assert_eq!(figures.rule_counts, counts, "seed {seed}");
            let totals: Vec<i64> = simulated
                .scores
                .iter()
                .map(|s| s["total"].as_i64().unwrap())
                .collect();
            let ours: Vec<i64> = figures.scores.iter().map(|(_, s)| i64::from(*s)).collect();
            assert_eq!(ours, totals, "seed {seed}");
            if let Some(w) = &figures.winner {
                let decided = figures.decided.expect("a winner's game is decided");
                assert!(decided >= 1 && decided <= figures.rounds, "{decided}");
                let _ = w;
            }
            games.push(figures);
        }
        let version = Version {
            name: "1444".into(),
            games,
        };
        let html = page(PriceOfPower::rule_ids(), &version, None, 3);
        assert!(html.matches("<svg").count() >= 5, "at least five charts");
        assert!(html.contains("Rules that never fired"));
        let won: u32 = seats(&version).iter().map(|s| wins(&version, s)).sum();
        assert_eq!(
            won as usize,
            version.games.iter().filter(|g| g.winner.is_some()).count()
        );
        // Against itself: no difference is beyond chance.
        let html = page(PriceOfPower::rule_ids(), &version, Some(&version), 3);
        assert!(!html.contains("class=\"chance\""));
    }
}
