//! Plays the game log back on the board: each new log entry is one beat, shown as a floating
//! text where it happened (its subject, else its realm's capital): gains float up in green,
//! losses in red; unrest, rebels and liberations also flash a ring; dice rolls land in a dice
//! tray in the board's corner; armies and fleets travel along the path their move took (the
//! stack at the destination waits until they arrive). The speed is 1x, 2x, 4x or instant, chosen in the log panel;
//! `Space` (or Skip) drops the beats still queued.
//!
//! The bots wait for the queue to drain before their next action, so they play visibly at the
//! chosen speed (one action per beat) unless the speed is instant or fast-forward is on.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::session::BotPace;
use crate::engine::log::LogEntry;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::camera::ScreenMap;
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot};
use crate::rulesets::pop::window::places::BoardPlaces;
use crate::rulesets::pop::window::session::{ActiveGame, SessionSet};
use crate::rulesets::pop::window::tokens::{board_painter, pos};

/// One beat at 1x, seconds.
const BEAT_SECONDS: f32 = 0.5;
/// How long a floating text stays, at 1x.
const FLOAT_SECONDS: f32 = 1.6;
/// Past this many queued beats the oldest are played at once, so a long bot turn never leaves
/// the board minutes behind the game.
const MAX_QUEUE: usize = 40;
/// Rolls kept in the dice tray.
const TRAY_ROLLS: usize = 3;
/// Seconds the tray stays after its newest roll, then the seconds it takes to fade away, so it
/// never hides the tokens under it for long.
const TRAY_HOLD_SECONDS: f32 = 8.0;
const TRAY_FADE_SECONDS: f32 = 2.0;
/// How much of the tray shows while the pointer is over it: the board beneath reads through.
const TRAY_SEE_THROUGH: f32 = 0.15;
/// How long a march or voyage takes on the board, at 1x.
const MOVE_SECONDS: f32 = 1.0;

pub struct AnimationPlugin;

impl Plugin for AnimationPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Playback>()
            .add_systems(
                Update,
                (
                    skip_on_space.run_if(not(egui_wants_any_keyboard_input)),
                    queue_new_entries,
                    play_beats,
                    hold_bots_while_playing,
                )
                    .chain()
                    .after(SessionSet::Advance)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                paint_animations
                    .in_set(PanelSlot::Windows)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Speed {
    #[default]
    X1,
    X2,
    X4,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::X1, Speed::X2, Speed::X4, Speed::Instant];

    pub fn label(self) -> &'static str {
        match self {
            Speed::X1 => "1x",
            Speed::X2 => "2x",
            Speed::X4 => "4x",
            Speed::Instant => "instant",
        }
    }

    fn factor(self) -> f32 {
        match self {
            Speed::X1 => 1.0,
            Speed::X2 => 2.0,
            Speed::X4 => 4.0,
            Speed::Instant => f32::INFINITY,
        }
    }
}

/// Something drawn on the board for a while.
#[derive(Clone, Debug)]
struct Floater {
    text: String,
    at: Vec2,
    colour: egui::Color32,
    flash: bool,
    /// Seconds since it appeared (at 1x).
    age: f32,
    /// Lifted by this many lines above others still rising from the same place.
    line: u8,
}

/// An army or fleet on its way along the places its move went through.
#[derive(Clone, Debug)]
struct Mover {
    points: Vec<Vec2>,
    colour: egui::Color32,
    count: usize,
    fleet: bool,
    /// The log entry of the move: it waits at its start until that entry's beat.
    seq: u32,
    started: bool,
    /// Seconds since it set off (at 1x).
    age: f32,
}

impl Mover {
    /// Where it is at this moment: eased along the path by its length.
    fn position(&self) -> Vec2 {
        let t = (self.age / MOVE_SECONDS).clamp(0.0, 1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let lengths: Vec<f32> = self
            .points
            .windows(2)
            .map(|w| w[0].distance(w[1]))
            .collect();
        let mut left = eased * lengths.iter().sum::<f32>();
        for (w, len) in self.points.windows(2).zip(&lengths) {
            if left <= *len && *len > 0.0 {
                return w[0].lerp(w[1], left / len);
            }
            left -= len;
        }
        self.points.last().copied().unwrap_or_default()
    }
}

/// One die roll in the tray.
#[derive(Clone, Debug)]
struct Roll {
    who: String,
    faces: Vec<String>,
}

#[derive(Resource, Default)]
pub struct Playback {
    pub speed: Speed,
    /// Log entries (by position) already queued.
    seen: usize,
    /// The game generation the log was last read at; a load or undo starts over.
    generation: Option<u64>,
    queue: VecDeque<LogEntry>,
    until_next: f32,
    floaters: Vec<Floater>,
    movers: Vec<Mover>,
    tray: VecDeque<Roll>,
    /// When the newest roll landed in the tray: the tray fades away once it has been read.
    tray_since: Option<std::time::Instant>,
    skip: bool,
}

impl Playback {
    /// Nothing is waiting to be shown.
    pub fn idle(&self) -> bool {
        self.queue.is_empty()
    }

    /// A stack of this colour is still on its way to `at`: the board draws it moving instead.
    pub fn arriving(&self, at: Vec2, colour: egui::Color32, fleet: bool) -> bool {
        self.movers.iter().any(|m| {
            m.age < MOVE_SECONDS
                && m.colour == colour
                && m.fleet == fleet
                && m.points.last() == Some(&at)
        })
    }

    /// Drops everything queued.
    pub fn skip(&mut self) {
        self.skip = true;
    }

    /// A ring that draws the eye to a board point (the log panel's click-to-centre).
    pub fn point_at(&mut self, at: Vec2) {
        self.floaters.push(Floater {
            text: String::new(),
            at,
            colour: egui::Color32::TRANSPARENT,
            flash: true,
            age: 0.0,
            line: 0,
        });
    }
}

/// Entries that only keep time or say who decides: played without a beat of their own.
fn quiet(entry: &LogEntry) -> bool {
    entry.rule.starts_with("pop.flow.")
        || entry.rule.starts_with("pop.seq.phase2.turn")
        || (entry.amount.is_none() && entry.subject.is_none() && entry.realm.is_none())
}

fn is_roll(rule: &str) -> bool {
    rule.contains("roll") || rule.contains("dice")
}

fn flashes(rule: &str) -> bool {
    [
        "unrest", "rebel", "liberat", "death", "bankrupt", "battle", "siege",
    ]
    .iter()
    .any(|w| rule.contains(w))
}

/// The unit an amount counts, guessed from the rule id.
fn unit_of(rule: &str) -> &'static str {
    if rule.contains("ducat") || rule.contains("income") || rule.contains("loan") {
        " D"
    } else if rule.contains("prestige") {
        " prestige"
    } else if rule.contains("stability") || rule.contains("7.3") {
        " stability"
    } else if rule.contains("mp") || rule.contains("7.1") {
        " MP"
    } else if rule.contains("manpower") {
        " manpower"
    } else {
        ""
    }
}

/// The words floated for an entry: a signed amount where one makes sense, else the text, read
/// with the scenario's names.
fn float_text(
    entry: &LogEntry,
    names: &crate::engine::log::DisplayNames,
) -> (String, egui::Color32) {
    let unit = unit_of(entry.rule);
    match entry.amount {
        Some(n) if !unit.is_empty() => {
            let colour = if n >= 0 {
                egui::Color32::from_rgb(90, 230, 110)
            } else {
                egui::Color32::from_rgb(255, 90, 80)
            };
            (format!("{n:+}{unit}"), colour)
        }
        _ => {
            let readable = names.readable(&entry.text);
            let mut text: String = readable.chars().take(42).collect();
            if readable.chars().count() > 42 {
                text.push('…');
            }
            (text, egui::Color32::from_rgb(255, 240, 200))
        }
    }
}

/// The faces of a roll: what follows the last ": " of its text, comma-separated, up to a
/// "; " that starts the result ("...: Infantry, Cavalry; 1 hits").
fn faces_of(text: &str) -> Vec<String> {
    text.rsplit_once(": ")
        .map(|(_, faces)| {
            faces
                .split_once("; ")
                .map_or(faces, |(faces, _)| faces)
                .split(", ")
                .map(|f| f.trim().to_string())
                .filter(|f| !f.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

fn skip_on_space(keys: Res<ButtonInput<KeyCode>>, mut playback: ResMut<Playback>) {
    if keys.just_pressed(KeyCode::Space) {
        playback.skip();
    }
}

fn queue_new_entries(
    game: Option<NonSend<ActiveGame>>,
    places: Option<Res<BoardPlaces>>,
    mut playback: ResMut<Playback>,
) {
    let (Some(game), Some(places)) = (game, places) else {
        return;
    };
    let entries = &game.game.log().entries;
    // A new game, a load or an undo: what its log already holds is history, not news.
    if playback.generation != Some(game.generation) || entries.len() < playback.seen {
        playback.generation = Some(game.generation);
        playback.seen = entries.len();
        playback.queue.clear();
        playback.movers.clear();
        return;
    }
    let start = playback.seen;
    // A move waits at its start, so the board does not show it arrived before its beat.
    let movers: Vec<Mover> = entries[start..]
        .iter()
        .filter_map(|e| mover_of(game.game.world(), &places, e))
        .collect();
    playback.movers.extend(movers);
    playback.queue.extend(entries[start..].iter().cloned());
    playback.seen = entries.len();
}

fn play_beats(
    time: Res<Time>,
    game: Option<NonSend<ActiveGame>>,
    places: Option<Res<BoardPlaces>>,
    mut playback: ResMut<Playback>,
    mut names: Local<Option<(usize, crate::engine::log::DisplayNames)>>,
) {
    let (Some(game), Some(places)) = (game, places) else {
        return;
    };
    let names = crate::rulesets::pop::window::describe::scenario_names(&mut names, &game.game);
    let world = game.game.world();
    let factor = playback.speed.factor();
    let dt = time.delta_secs() * factor.min(8.0);
    for f in &mut playback.floaters {
        f.age += dt;
    }
    playback.floaters.retain(|f| f.age < FLOAT_SECONDS);
    for m in playback.movers.iter_mut().filter(|m| m.started) {
        m.age += dt;
    }
    playback.movers.retain(|m| m.age < MOVE_SECONDS);
    if std::mem::take(&mut playback.skip) || playback.speed == Speed::Instant {
        playback.movers.clear();
        // Dice still land in the tray; nothing floats.
        let queued: Vec<LogEntry> = playback.queue.drain(..).collect();
        for entry in queued.iter().filter(|e| is_roll(e.rule)) {
            push_roll(&mut playback, entry);
        }
        return;
    }
    while playback.queue.len() > MAX_QUEUE {
        if let Some(entry) = playback.queue.pop_front() {
            if is_roll(entry.rule) {
                push_roll(&mut playback, &entry);
            }
            playback.movers.retain(|m| m.seq != entry.seq);
        }
    }
    playback.until_next -= time.delta_secs() * factor;
    while playback.until_next <= 0.0 {
        let Some(entry) = playback.queue.pop_front() else {
            playback.until_next = 0.0;
            return;
        };
        if quiet(&entry) {
            continue;
        }
        playback.until_next += BEAT_SECONDS;
        if is_roll(entry.rule) {
            push_roll(&mut playback, &entry);
        }
        if let Some(mover) = playback.movers.iter_mut().find(|m| m.seq == entry.seq) {
            // The next beat waits for the march to arrive.
            mover.started = true;
            playback.until_next += MOVE_SECONDS - BEAT_SECONDS;
            continue;
        }
        let at = places.of_entry(world, &entry);
        if let Some(at) = at {
            let (text, colour) = float_text(&entry, names);
            let line = playback
                .floaters
                .iter()
                .filter(|f| f.at == at && f.age < FLOAT_SECONDS * 0.6)
                .map(|f| f.line + 1)
                .max()
                .unwrap_or(0);
            playback.floaters.push(Floater {
                text,
                at,
                colour,
                flash: flashes(entry.rule),
                age: 0.0,
                line,
            });
        }
    }
}

/// The army or fleet a move entry sets travelling, when the entry has a path on the board.
fn mover_of(world: &World, places: &BoardPlaces, entry: &LogEntry) -> Option<Mover> {
    if entry.path.len() < 2 {
        return None;
    }
    let index = world.resource::<crate::rulesets::pop::state::Index>();
    let points: Vec<Vec2> = entry
        .path
        .iter()
        .map(|sid| places.of_sid(world, *sid))
        .collect::<Option<_>>()?;
    let realm = index.get(entry.realm.as_deref()?)?;
    // A fleet ends its move at sea or in port and starts from either; an army carried across
    // the sea starts and ends on land, so a march is told by its rule.
    let fleet = entry.rule != crate::rulesets::pop::ids::WAR_MOVE
        && entry.path.iter().any(|sid| {
            index.by_sid(*sid).is_some_and(|e| {
                world
                    .get::<crate::rulesets::pop::model::SeaZone>(e)
                    .is_some()
            })
        });
    Some(Mover {
        points,
        colour: crate::rulesets::pop::window::tokens::realm_egui_colour(world, realm),
        count: entry.amount.unwrap_or(0).max(0) as usize,
        fleet,
        seq: entry.seq,
        started: false,
        age: 0.0,
    })
}

fn push_roll(playback: &mut Playback, entry: &LogEntry) {
    let faces = faces_of(&entry.text);
    if faces.is_empty() {
        return;
    }
    playback.tray.push_back(Roll {
        who: entry.realm.clone().unwrap_or_default(),
        faces,
    });
    playback.tray_since = Some(std::time::Instant::now());
    while playback.tray.len() > TRAY_ROLLS {
        playback.tray.pop_front();
    }
}

/// The bots wait while the board is still showing what happened.
fn hold_bots_while_playing(playback: Res<Playback>, mut pace: ResMut<BotPace>) {
    let busy = playback.speed != Speed::Instant && !playback.idle();
    if pace.held != busy {
        pace.held = busy;
    }
}

fn paint_animations(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    map: Res<ScreenMap>,
    playback: Res<Playback>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !free.ready {
        return Ok(());
    }
    let painter = board_painter(ctx, &free, "board_animation");
    let font = egui::FontId::proportional(11.0);
    for m in &playback.movers {
        // The way it goes, faintly, then the stack itself where it is now.
        let trail: Vec<egui::Pos2> = m.points.iter().map(|p| pos(&map, *p)).collect();
        let faint =
            egui::Color32::from_rgba_unmultiplied(m.colour.r(), m.colour.g(), m.colour.b(), 160);
        painter.extend(egui::Shape::dashed_line(
            &trail,
            egui::Stroke::new(2.0, faint),
            6.0,
            4.0,
        ));
        let at = pos(&map, m.position()) + egui::vec2(-10.0, -16.0);
        crate::rulesets::pop::window::tokens::paint_stack(
            &painter,
            at,
            Some(m.colour),
            m.count,
            m.fleet,
            &font,
        );
    }
    // Words already placed this frame: a label that would cover one moves up until it
    // clears it (floaters from nearby places rise at once and would overlap at 1x).
    let mut placed: Vec<egui::Rect> = Vec::new();
    for f in &playback.floaters {
        let t = (f.age / FLOAT_SECONDS).clamp(0.0, 1.0);
        let alpha = ((1.0 - t) * 255.0) as u8;
        let at = pos(&map, f.at);
        if f.flash {
            let ring = egui::Color32::from_rgba_unmultiplied(255, 80, 40, alpha);
            painter.circle_stroke(at, 8.0 + 30.0 * t, egui::Stroke::new(3.0, ring));
        }
        if f.text.is_empty() {
            continue;
        }
        let lift = egui::vec2(0.0, -12.0 - 30.0 * t - 20.0 * f32::from(f.line));
        let c = f.colour;
        let colour = egui::Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha);
        let galley =
            painter.layout_no_wrap(f.text.clone(), egui::FontId::proportional(14.0), colour);
        let mut rect = egui::Align2::CENTER_BOTTOM.anchor_size(at + lift, galley.size());
        while let Some(other) = placed
            .iter()
            .find(|p| p.intersects(rect.expand2(egui::vec2(5.0, 1.0))))
        {
            let up = rect.max.y - other.min.y + 3.0;
            rect = rect.translate(egui::vec2(0.0, -up));
        }
        placed.push(rect.expand2(egui::vec2(5.0, 1.0)));
        // A dark pill behind the words so they read on any province colour.
        painter.rect_filled(
            rect.expand2(egui::vec2(5.0, 1.0)),
            6.0,
            egui::Color32::from_black_alpha((f32::from(alpha) * 0.7) as u8),
        );
        painter.galley(rect.min, galley, colour);
    }
    if !playback.tray.is_empty() {
        let shown = playback
            .tray_since
            .map_or(0.0, |t| t.elapsed().as_secs_f32());
        let pointer = ctx.pointer_latest_pos();
        dice_tray(&painter, &free, &playback, tray_opacity(shown), pointer);
    }
    Ok(())
}

/// How much of the tray shows `shown` seconds after its newest roll: whole while it is read,
/// then fading to nothing.
fn tray_opacity(shown: f32) -> f32 {
    (1.0 - (shown - TRAY_HOLD_SECONDS) / TRAY_FADE_SECONDS).clamp(0.0, 1.0)
}

/// The latest rolls, one row each, in the board's bottom-right corner, at `opacity`; nearly
/// see-through while the pointer is over it, so what lies beneath can be read.
fn dice_tray(
    painter: &egui::Painter,
    free: &FreeRect,
    playback: &Playback,
    opacity: f32,
    pointer: Option<egui::Pos2>,
) {
    if opacity <= 0.0 {
        return;
    }
    let die = 40.0;
    let row = die + 20.0;
    let font = egui::FontId::proportional(12.0);
    // Each face is as wide as its words need (at least a square die), so nothing is cut.
    let face_width = |face: &str| {
        let (short, ink) = face_label(face);
        let text = painter.layout_no_wrap(short, font.clone(), ink).size().x;
        (text + 10.0).max(die)
    };
    let widest = playback
        .tray
        .iter()
        .map(|r| r.faces.iter().map(|f| face_width(f) + 4.0).sum::<f32>())
        .fold(0.0f32, f32::max);
    let size = egui::vec2(
        (widest + 12.0).max(120.0),
        row * playback.tray.len() as f32 + 8.0,
    );
    // The board's bottom-right corner: the top-left holds the Americas inset, the bottom-left
    // the map's legend.
    let min = egui::pos2(
        free.rect.right() - size.x - 8.0,
        free.rect.bottom() - size.y - 8.0,
    );
    let tray = egui::Rect::from_min_size(min, size);
    let opacity = if pointer.is_some_and(|p| tray.contains(p)) {
        opacity.min(TRAY_SEE_THROUGH)
    } else {
        opacity
    };
    // Everything of the tray through one painter at the tray's opacity.
    let mut painter = painter.clone();
    painter.multiply_opacity(opacity);
    painter.rect_filled(tray, 4.0, egui::Color32::from_black_alpha(160));
    for (i, roll) in playback.tray.iter().enumerate() {
        let top = min.y + 4.0 + row * i as f32;
        painter.text(
            egui::pos2(min.x + 6.0, top),
            egui::Align2::LEFT_TOP,
            format!("{} rolls", roll.who),
            egui::FontId::proportional(11.0),
            egui::Color32::from_gray(210),
        );
        let mut left = min.x + 6.0;
        for face in &roll.faces {
            let width = face_width(face);
            let rect =
                egui::Rect::from_min_size(egui::pos2(left, top + 16.0), egui::vec2(width, die));
            left += width + 4.0;
            painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(240, 232, 215));
            let (short, ink) = face_label(face);
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                short,
                egui::FontId::proportional(12.0),
                ink,
            );
        }
    }
}

/// What a die face shows in the tray: a few letters a player reads at a glance, and their ink
/// (red for what hurts the roller, green for what helps).
pub fn face_label(face: &str) -> (String, egui::Color32) {
    let hurt = egui::Color32::from_rgb(170, 20, 20);
    let help = egui::Color32::from_rgb(20, 110, 40);
    let plain = egui::Color32::BLACK;
    let (text, ink) = match face {
        // Rebel dice (14.2).
        "Rebellion" => ("Revolt", hurt),
        "LoseDucats" => ("-2 D", hurt),
        "LoseMp" => ("-1 MP", hurt),
        "NoEffect" => ("none", plain),
        "Exhaust" => ("-1 man", hurt),
        "RemoveUnrest" => ("calm", help),
        // Battle dice.
        "Infantry" => ("Inf", plain),
        "Outlined" => ("Inf*", plain),
        "Cavalry" => ("Cav", plain),
        "Artillery" => ("Art", plain),
        "Blank" => ("", plain),
        // Anything else (the exploration die's numbers, a monarch power type) as written; the
        // tray widens the die to fit it.
        other => return (other.chars().take(20).collect(), plain),
    };
    (text.to_string(), ink)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(rule: &'static str, text: &str, amount: Option<i32>) -> LogEntry {
        LogEntry {
            seq: 0,
            age: 1,
            round: 1,
            step: "pop.step.p3h",
            rule,
            realm: Some("FRA".into()),
            text: text.into(),
            subject: None,
            amount,
            path: Vec::new(),
        }
    }

    #[test]
    fn the_dice_tray_stays_while_it_is_read_then_fades_away() {
        assert_eq!(tray_opacity(0.0), 1.0);
        assert_eq!(tray_opacity(TRAY_HOLD_SECONDS), 1.0);
        let half = tray_opacity(TRAY_HOLD_SECONDS + TRAY_FADE_SECONDS / 2.0);
        assert!((half - 0.5).abs() < 1e-4, "{half}");
        assert_eq!(tray_opacity(TRAY_HOLD_SECONDS + TRAY_FADE_SECONDS), 0.0);
        assert_eq!(tray_opacity(60.0), 0.0);
    }

    #[test]
    fn a_mover_travels_its_path_by_length_and_ends_at_the_destination() {
        let mut m = Mover {
            points: vec![Vec2::ZERO, Vec2::new(30.0, 0.0), Vec2::new(30.0, 10.0)],
            colour: egui::Color32::RED,
            count: 3,
            fleet: false,
            seq: 0,
            started: true,
            age: 0.0,
        };
        assert_eq!(m.position(), Vec2::ZERO);
        // Halfway in time is halfway along the 40-unit path (the easing is symmetric).
        m.age = MOVE_SECONDS / 2.0;
        assert!(m.position().distance(Vec2::new(20.0, 0.0)) < 1e-3);
        m.age = MOVE_SECONDS;
        assert_eq!(m.position(), Vec2::new(30.0, 10.0));
        let mut playback = Playback::default();
        playback.movers.push(m.clone());
        playback.movers[0].age = 0.2;
        assert!(playback.arriving(Vec2::new(30.0, 10.0), egui::Color32::RED, false));
        assert!(!playback.arriving(Vec2::new(30.0, 10.0), egui::Color32::RED, true));
    }

    #[test]
    fn amounts_float_signed_and_rolls_give_their_faces() {
        let (text, _) = float_text(
            &entry("pop.effect.ducats", "FRA gains 3 ducats", Some(3)),
            &Default::default(),
        );
        assert_eq!(text, "+3 D");
        let (text, _) = float_text(
            &entry("pop.effect.prestige", "", Some(-1)),
            &Default::default(),
        );
        assert_eq!(text, "-1 prestige");
        assert_eq!(
            faces_of("France rolls 2 rebel dice in Brittany: Rebellion, NoEffect"),
            vec!["Rebellion".to_string(), "NoEffect".to_string()]
        );
        assert_eq!(
            faces_of("FRA rolls 3 White dice at paris (round 1): Infantry, Blank, Cavalry; 1 hits"),
            vec!["Infantry", "Blank", "Cavalry"]
        );
        assert!(is_roll("pop.14.2.roll") && !is_roll("pop.7.4.loan"));
        assert_eq!(face_label("LoseDucats").0, "-2 D");
        assert_eq!(face_label("Rebellion").0, "Revolt");
        assert_eq!(face_label("Cavalry").0, "Cav");
        assert!(quiet(&entry("pop.flow.phase", "", Some(2))));
    }
}
