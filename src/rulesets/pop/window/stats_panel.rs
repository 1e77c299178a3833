//! The Stats window (`F2` or the top bar's Stats): each Player Realm's prestige, treasury,
//! stability, monarch power, provinces or land units Round by Round, as lines in the realm's
//! colour (the figures of `rulesets::pop::stats`, sampled by `engine::stats`, which replays the
//! game, so a loaded save charts its whole history; the series as every ruleset's Stats window
//! draws them).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::engine::stats::{Sample, by_round};
use crate::rulesets::pop::stats::FIGURE_NAMES;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::describe::name_of;
use crate::rulesets::pop::window::layout::PanelSlot;
use crate::rulesets::pop::window::session::ActiveGame;

pub struct StatsPanelPlugin;

impl Plugin for StatsPanelPlugin {
    fn build(&self, app: &mut App) {
        // `REGNUM_STATS` set opens it at the start (with --autoplay and --screenshot, the
        // charts of a bot game in one picture).
        app.insert_resource(StatsWindow {
            open: std::env::var_os("REGNUM_STATS").is_some(),
            figure: 0,
        })
        .add_systems(
            Update,
            toggle_stats_on_f2.run_if(in_state(AppState::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            show_stats
                .in_set(PanelSlot::Windows)
                .run_if(in_state(AppState::Playing)),
        );
    }
}

/// Whether the Stats window is open, and which figure it charts.
#[derive(Resource, Default)]
pub struct StatsWindow {
    pub open: bool,
    pub figure: usize,
}

fn toggle_stats_on_f2(keys: Res<ButtonInput<KeyCode>>, mut stats: ResMut<StatsWindow>) {
    if keys.just_pressed(KeyCode::F2) {
        stats.open = !stats.open;
    }
}

/// The samples charted, kept until the game reaches another Round (or is swapped for another):
/// replaying a whole game each frame would be far too slow.
struct Charted {
    key: (u64, u32, bool),
    samples: Result<Vec<Sample>, String>,
}

fn show_stats(
    mut contexts: EguiContexts,
    game: Option<NonSend<ActiveGame>>,
    mut stats: ResMut<StatsWindow>,
    mut charted: Local<Option<Charted>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(game) = game.filter(|_| stats.open) else {
        return Ok(());
    };
    let g = &game.game;
    let key = (game.generation, g.flow().round, g.is_over());
    if charted.as_ref().is_none_or(|c| c.key != key) {
        *charted = Some(Charted {
            key,
            samples: by_round(g),
        });
    }
    let charted = charted.as_ref().expect("just filled");
    let mut open = stats.open;
    egui::Window::new("Stats")
        .open(&mut open)
        .default_size([520.0, 340.0])
        .show(&ctx, |ui| {
            ui.horizontal(|ui| {
                for (i, name) in FIGURE_NAMES.iter().enumerate() {
                    ui.selectable_value(&mut stats.figure, i, *name);
                }
            });
            let samples = match &charted.samples {
                Ok(s) => s,
                Err(why) => {
                    ui.label(format!("No chart: {why}"));
                    return;
                }
            };
            let figure = stats.figure.min(FIGURE_NAMES.len() - 1);
            let name = FIGURE_NAMES[figure];
            let labels: Vec<String> = samples.iter().map(|s| s.label.clone()).collect();
            ui.label(format!(
                "{name} at the start of each Round, and now (x: Rounds played)"
            ));
            let index = g.world().resource::<crate::rulesets::pop::state::Index>();
            let lines = crate::client::shell::panels::figure_series(samples, figure)
                .into_iter()
                .map(|(seat, points)| {
                    let colour = index.get(&seat).map_or(egui::Color32::GRAY, |r| {
                        crate::rulesets::pop::window::player_mat::realm_swatch_colour(g, r)
                    });
                    (name_of(g, &seat), Some(colour), points)
                })
                .collect();
            crate::client::shell::panels::plot_by_round(ui, "stats_plot", labels, lines);
        });
    stats.open = open;
    Ok(())
}
