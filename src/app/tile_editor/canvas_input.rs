//! What the pointer does on the tile: the primary button uses the chosen tool (a belt brush lays
//! belts along the drag), the secondary one erases.

use super::selection::Selection;
use super::tools::{Brush, erase_at, fill, flow_step, is_flow, paint_at, path_between, pick_at};
use super::{Stroke, TileEditor};
use crate::app::canvas::CanvasResponse;
use crate::app::command::Tool;
use crate::app::state::Workspace;
use crate::geom::Square;

impl TileEditor {
    /// The tile tools: the primary button uses the chosen tool, the secondary one erases.
    pub fn canvas_input(&mut self, ws: &mut Workspace, r: &CanvasResponse) {
        if self.floating.is_some() {
            self.floating_input(ws, r);
            return;
        }
        if self.swallow_press {
            if r.tool_button.is_some() {
                return;
            }
            self.swallow_press = false;
        }
        let (Some(button), Some(pos)) = (r.tool_button, r.board_pos) else {
            // A slow frame can hold the last move of a belt stroke and its release together.
            if let Some(pos) = r.board_pos
                && self
                    .stroke
                    .is_some_and(|s| s.moved && s.button == egui::PointerButton::Primary)
                && self.tool == Tool::Paint
                && is_flow(self.brush.kind)
            {
                self.extend_flow_stroke(
                    ws,
                    Square::new(pos.x.floor() as i32, pos.y.floor() as i32),
                );
            }
            self.end_stroke(ws);
            return;
        };
        let square = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        if r.tool_pressed {
            ws.begin_edit();
            self.stroke = Some(Stroke {
                square,
                moved: false,
                button,
            });
            if ws
                .doc
                .as_ref()
                .and_then(|d| d.tile())
                .is_some_and(|t| t.contains(square))
            {
                self.select_square(ws, square);
            }
        }
        let brush = self.brush;
        match (button, self.tool) {
            (egui::PointerButton::Secondary, _) | (_, Tool::Erase) => {
                ws.edit_tile(|t| erase_at(t, pos.x, pos.y));
            }
            (_, Tool::Paint) if is_flow(brush.kind) => self.extend_flow_stroke(ws, square),
            (_, Tool::Paint) => {
                ws.edit_tile(|t| paint_at(t, pos.x, pos.y, brush));
            }
            (_, Tool::Fill) => {
                if r.tool_pressed {
                    ws.edit_tile(|t| fill(t, square, brush) > 0);
                }
            }
            (_, Tool::Select) => {
                let tile = ws.doc.as_ref().and_then(|d| d.tile());
                if r.tool_pressed {
                    self.selection_anchor = Some(square);
                }
                let sel = self
                    .selection_anchor
                    .zip(tile)
                    .and_then(|(anchor, t)| Selection::spanning(anchor, square, t));
                if sel != self.selection {
                    self.set_selection(ws, sel);
                }
            }
            (_, Tool::Pick) => {
                if r.tool_pressed
                    && let Some(picked) = ws
                        .doc
                        .as_ref()
                        .and_then(|d| d.tile())
                        .and_then(|t| pick_at(t, pos.x, pos.y))
                {
                    self.brush = picked;
                    self.tool = Tool::Paint;
                }
            }
        }
    }

    /// While copied squares follow the pointer: a primary click pastes them there, a secondary
    /// click or Escape lets them go.
    fn floating_input(&mut self, ws: &mut Workspace, r: &CanvasResponse) {
        let escape = r
            .response
            .ctx
            .input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        if escape || (r.tool_pressed && r.tool_button == Some(egui::PointerButton::Secondary)) {
            self.floating = None;
            return;
        }
        let (true, Some(egui::PointerButton::Primary), Some(pos)) =
            (r.tool_pressed, r.tool_button, r.board_pos)
        else {
            return;
        };
        let Some((clip, _)) = self.floating.take() else {
            return;
        };
        let at = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        ws.begin_edit();
        self.paste_at(ws, &clip, at);
        self.swallow_press = true;
    }

    /// Lays belts (or currents, rivers) from the stroke's last square to `square`, one step at a
    /// time; the first step makes the pressed square run towards the second.
    fn extend_flow_stroke(&mut self, ws: &mut Workspace, square: Square) {
        let brush = self.brush;
        let Some(stroke) = self.stroke else {
            return;
        };
        if stroke.button != egui::PointerButton::Primary {
            return;
        }
        if square == stroke.square {
            return;
        }
        let mut from = stroke.square;
        ws.edit_tile(|t| {
            let mut changed = false;
            for to in path_between(from, square) {
                if !stroke.moved && from == stroke.square {
                    let facing = from.facing_to(to).unwrap_or(brush.facing);
                    let already = t
                        .square(from)
                        .and_then(|s| s.flow)
                        .is_some_and(|f| Some(f.kind) == brush.kind.flow_kind());
                    if !already {
                        changed |= paint_at(
                            t,
                            from.x as f32 + 0.5,
                            from.y as f32 + 0.5,
                            Brush { facing, ..brush },
                        );
                    }
                }
                changed |= flow_step(t, from, to, brush.kind);
                from = to;
            }
            changed
        });
        self.stroke = Some(Stroke {
            square,
            moved: true,
            button: stroke.button,
        });
    }

    /// Ends a tile stroke: a click without a drag with a belt brush lays one straight piece.
    /// A right click erased already and lays nothing (issue 19: it used to paint a belt).
    fn end_stroke(&mut self, ws: &mut Workspace) {
        let Some(stroke) = self.stroke.take() else {
            return;
        };
        let brush = self.brush;
        if !stroke.moved
            && stroke.button == egui::PointerButton::Primary
            && self.tool == Tool::Paint
            && is_flow(brush.kind)
        {
            let s = stroke.square;
            ws.edit_tile(|t| paint_at(t, s.x as f32 + 0.5, s.y as f32 + 0.5, brush));
        }
    }
}
