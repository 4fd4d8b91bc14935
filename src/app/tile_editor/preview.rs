//! What the tile editor shows of the next click at the pointer (issue 19): a ghost of the brush
//! element (its rotation and variant as placed), the edge a wall or mount would go on, what an
//! erase would clear, and copied squares following the pointer until a click pastes them.

use super::TileEditor;
use super::tools::{Brush, near_edge, nearest_edge, paint_at};
use crate::app::canvas::CanvasResponse;
use crate::app::canvas::paint::{ColourMap, paint_scene_with};
use crate::app::canvas::preview::{
    EDGE_HIGHLIGHT, ERASE_HIGHLIGHT, GHOST_OPACITY, GHOST_OUTLINE, PreviewShown, area_rect,
    paint_edge, paint_outline, placed_at, square_rect,
};
use crate::app::command::Tool;
use crate::app::state::Workspace;
use crate::geom::{Facing, Square};
use crate::model::{Board, Placement, Tile};
use crate::render::{Scene, SceneOptions, build_scene};
use egui::emath::RectTransform;
use egui::{Painter, Vec2};

/// The picture of a one-square tile holding the brush element, on `side` for edge elements.
fn element_scene(brush: Brush, side: Option<Facing>) -> Scene {
    let mut tile = Tile::new("ghost", 1, 1);
    let (x, y) = match side {
        Some(Facing::N) => (0.5, 0.05),
        Some(Facing::E) => (0.95, 0.5),
        Some(Facing::S) => (0.5, 0.95),
        Some(Facing::W) => (0.05, 0.5),
        None => (0.5, 0.5),
    };
    paint_at(&mut tile, x, y, brush);
    build_scene(&Board::from_tile(&tile, &[]), &SceneOptions::default())
}

impl TileEditor {
    /// Draws what a click would do where the pointer is, and keeps a record of it in
    /// `self.preview`. Nothing while a button is held: the stroke itself shows then.
    pub fn preview_ui(
        &mut self,
        ws: &Workspace,
        painter: &Painter,
        to_screen: RectTransform,
        r: &CanvasResponse,
        map: ColourMap,
    ) {
        self.preview = None;
        let Some(tile) = ws.doc.as_ref().and_then(|d| d.tile()) else {
            return;
        };
        let (true, Some(pos)) = (r.pointer_over_canvas, r.board_pos) else {
            return;
        };
        let square = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        let ghost = ColourMap {
            opacity: GHOST_OPACITY,
            ..map
        };
        let scale = to_screen.scale().x;
        if let Some((clip, scene)) = &self.floating {
            let (w, h) = (clip.width(), clip.height());
            let size = Vec2::new(w as f32, h as f32);
            paint_scene_with(painter, scene, placed_at(to_screen, square, size), ghost);
            paint_outline(
                painter,
                area_rect(to_screen, square, w, h),
                scale,
                GHOST_OUTLINE,
            );
            self.preview = Some(PreviewShown::Paste {
                at: square,
                width: w,
                height: h,
            });
            return;
        }
        if !tile.contains(square) || r.tool_button.is_some() {
            return;
        }
        match self.tool {
            Tool::Erase => {
                let (sq, side) = nearest_edge(pos.x, pos.y);
                let edge_held = !tile.edge(sq, side).is_empty() || tile.barrier(sq, side).is_some();
                let edge = (near_edge(pos.x, pos.y) && edge_held).then_some(side);
                match edge {
                    Some(side) => paint_edge(painter, to_screen, sq, side, ERASE_HIGHLIGHT),
                    None => paint_outline(
                        painter,
                        square_rect(to_screen, square),
                        scale,
                        ERASE_HIGHLIGHT,
                    ),
                }
                self.preview = Some(PreviewShown::Erase { square, edge });
            }
            Tool::Paint | Tool::Fill => {
                let edge = match self.brush.kind.placement() {
                    Placement::Edge if self.tool == Tool::Paint => {
                        Some(nearest_edge(pos.x, pos.y).1)
                    }
                    Placement::Edge => return,
                    Placement::Square => None,
                };
                let brush = self.brush;
                let fresh = self
                    .ghost
                    .as_ref()
                    .is_none_or(|(b, e, _)| *b != brush || *e != edge);
                if fresh {
                    self.ghost = Some((brush, edge, element_scene(brush, edge)));
                }
                if let Some((_, _, scene)) = &self.ghost {
                    let one = Vec2::splat(1.0);
                    paint_scene_with(painter, scene, placed_at(to_screen, square, one), ghost);
                }
                let rect = square_rect(to_screen, square);
                match edge {
                    Some(side) => paint_edge(painter, to_screen, square, side, EDGE_HIGHLIGHT),
                    None => paint_outline(painter, rect, scale, GHOST_OUTLINE),
                }
                self.preview = Some(PreviewShown::Element {
                    kind: brush.kind,
                    facing: brush.facing,
                    square,
                    edge,
                });
            }
            Tool::Pick | Tool::Select => {}
        }
    }
}
