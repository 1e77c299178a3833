//! Trade on the board (12.2-12.5): each Trade Node as a disc at its site, blue for a maritime
//! node and light brown for an inland one, a second ring when it is expanded, its name once the
//! map is zoomed in; the Player Realms' merchants as small pawns in their colours around it
//! (hollow while laid down after trading this Round); and a black pirate flag per Pirate Ship.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::client::shell::discs::rimmed_disc;
use crate::rulesets::pop::rules::trade::TradeBoard;
use crate::rulesets::pop::state::Index;
use crate::rulesets::pop::window::AppState;
use crate::rulesets::pop::window::camera::ScreenMap;
use crate::rulesets::pop::window::layout::{FreeRect, PanelSlot};
use crate::rulesets::pop::window::session::{ActiveGame, SessionSet};
use crate::rulesets::pop::window::tokens::{
    INK, board_painter, pos, readable_on, realm_egui_colour,
};

pub struct TradeNodesPlugin;

impl Plugin for TradeNodesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TradeView>()
            .add_systems(
                Update,
                read_trade
                    .after(SessionSet::Advance)
                    .run_if(in_state(AppState::Playing)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                paint_trade
                    .in_set(PanelSlot::Windows)
                    .before(crate::rulesets::pop::window::tokens::paint_tokens)
                    .run_if(in_state(AppState::Playing)),
            );
    }
}

/// Board units per screen pixel up to which node names are written: zoomed out further they
/// would cover the provinces.
const NAMES_UP_TO_SCALE: f32 = 2.2;

/// One Trade Node as drawn.
#[derive(Clone, Debug)]
pub struct NodePiece {
    pub at: Vec2,
    pub name: String,
    pub maritime: bool,
    pub expanded: bool,
    /// Merchants standing there: realm colour, upright.
    pub merchants: Vec<(egui::Color32, bool)>,
    pub pirates: usize,
}

/// What trade shows, read from the game once per change.
#[derive(Resource, Default)]
pub struct TradeView {
    revision: u64,
    pub nodes: Vec<NodePiece>,
}

impl TradeView {
    pub fn read(game: &crate::rulesets::pop::Game) -> TradeView {
        let world = game.world();
        let Some(board) = world.get_resource::<TradeBoard>() else {
            return TradeView::default();
        };
        let index = world.resource::<Index>();
        let nodes = game
            .scenario()
            .trade_nodes
            .iter()
            .map(|n| NodePiece {
                at: Vec2::new(n.site.0, n.site.1),
                name: n.name.clone(),
                maritime: n.maritime,
                expanded: board.expanded.contains(&n.id),
                merchants: board
                    .merchants
                    .iter()
                    .filter(|m| m.node.as_deref() == Some(n.id.as_str()))
                    .filter_map(|m| {
                        let realm = index.get(m.realm)?;
                        Some((realm_egui_colour(world, realm), m.upright))
                    })
                    .collect(),
                pirates: board.pirates_at(&n.id),
            })
            .collect();
        TradeView { revision: 0, nodes }
    }
}

fn read_trade(game: Option<NonSend<ActiveGame>>, mut view: ResMut<TradeView>) {
    let Some(game) = game else { return };
    if view.revision == game.revision {
        return;
    }
    let mut read = TradeView::read(&game.game);
    read.revision = game.revision;
    *view = read;
}

const MARITIME: egui::Color32 = egui::Color32::from_rgb(70, 130, 200);
const INLAND: egui::Color32 = egui::Color32::from_rgb(196, 160, 110);

fn paint_trade(
    mut contexts: EguiContexts,
    free: Res<FreeRect>,
    map: Res<ScreenMap>,
    view: Res<TradeView>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !free.ready || view.nodes.is_empty() {
        return Ok(());
    }
    let painter = board_painter(ctx, &free, "board_trade");
    let names = map.scale <= NAMES_UP_TO_SCALE;
    for node in &view.nodes {
        let c = pos(&map, node.at);
        let fill = if node.maritime { MARITIME } else { INLAND };
        rimmed_disc(&painter, c, 7.0, fill, egui::Stroke::new(1.5, INK));
        if node.expanded {
            painter.circle_stroke(c, 10.0, egui::Stroke::new(1.5, fill));
        }
        // A coin in the middle says "trade" at any zoom.
        painter.circle_filled(c, 2.5, egui::Color32::from_rgb(235, 200, 60));
        // Merchants: a row of pawns to the right of the node.
        for (i, (colour, upright)) in node.merchants.iter().enumerate() {
            let p = c + egui::vec2(12.0 + 9.0 * i as f32, 0.0);
            if *upright {
                rimmed_disc(&painter, p, 3.8, *colour, egui::Stroke::new(1.0, INK));
                painter.circle_filled(p + egui::vec2(0.0, -5.0), 2.2, *colour);
            } else {
                // Laid on its side: a flat pawn, hollow.
                let rect = egui::Rect::from_center_size(p, egui::vec2(8.0, 4.0));
                painter.rect_stroke(
                    rect,
                    2.0,
                    egui::Stroke::new(1.5, *colour),
                    egui::StrokeKind::Middle,
                );
            }
        }
        // Pirates: a black flag each, to the left.
        for i in 0..node.pirates {
            let p = c + egui::vec2(-14.0 - 10.0 * i as f32, -2.0);
            let flag = egui::Rect::from_min_size(p + egui::vec2(0.0, -6.0), egui::vec2(8.0, 6.0));
            painter.line_segment(
                [p + egui::vec2(0.0, -6.0), p + egui::vec2(0.0, 6.0)],
                egui::Stroke::new(1.2, INK),
            );
            painter.rect_filled(flag, 0.0, INK);
            painter.circle_filled(flag.center(), 1.2, egui::Color32::WHITE);
        }
        if names {
            let text = if node.pirates > 0 {
                format!("{} (pirates)", node.name)
            } else {
                node.name.clone()
            };
            let galley = painter.layout_no_wrap(
                text,
                egui::FontId::proportional(10.0),
                egui::Color32::WHITE,
            );
            let rect =
                egui::Align2::CENTER_TOP.anchor_size(c + egui::vec2(0.0, 9.0), galley.size());
            painter.rect_filled(
                rect.expand2(egui::vec2(3.0, 0.0)),
                3.0,
                egui::Color32::from_black_alpha(140),
            );
            painter.galley(rect.min, galley, readable_on(INK));
        }
    }
    Ok(())
}
