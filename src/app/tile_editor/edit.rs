//! The tile editor's edits from the menus and keys: turn (R) what is under the pointer, the
//! selection or the brush; copy, cut, paste and flip the selection.

use super::TileEditor;
use super::selection;
use super::tools::rotate_square;
use crate::app::command::Tool;
use crate::app::state::Workspace;
use crate::geom::Rotation;

impl TileEditor {
    /// R: turns the selection when the Select tool has one, else the tile's element under the
    /// pointer, else the brush. The undo point waits until the burst of presses is over.
    pub fn rotate(&mut self, ws: &mut Workspace, now: f64, clockwise: bool) {
        if self.tool == Tool::Select && self.selection.is_some() {
            let turn = if clockwise {
                Rotation::R90
            } else {
                Rotation::R270
            };
            self.transform_selection(ws, now, Some(turn));
            return;
        }
        let turned = match ws.hovered_square() {
            Some(square) if ws.editing_tile() => {
                ws.edit_tile(|t| rotate_square(t, square, clockwise))
            }
            _ => false,
        };
        if turned {
            ws.start_burst(now);
        } else if ws.editing_tile() {
            self.brush.facing = if clockwise {
                self.brush.facing.right()
            } else {
                self.brush.facing.left()
            };
        }
    }

    /// Turns (or with `None` mirrors) the selection in place; a burst is one undo step.
    pub fn transform_selection(&mut self, ws: &mut Workspace, now: f64, turn: Option<Rotation>) {
        let Some(sel) = self.selection else {
            return;
        };
        let mut result = None;
        ws.edit_tile(|t| {
            result = selection::transform(t, sel, turn);
            true
        });
        if result.is_some() {
            ws.start_burst(now);
            self.set_selection(ws, result);
        }
    }

    /// Copy, or with `cut` Cut: takes the selected squares for Paste (and clears them).
    pub fn copy(&mut self, ws: &mut Workspace, cut: bool) {
        let sel = self.selection;
        let clip = ws
            .doc
            .as_ref()
            .and_then(|d| d.tile())
            .zip(sel)
            .map(|(t, sel)| selection::copy(t, sel));
        if clip.is_some() {
            self.clipboard = clip;
            if cut && let Some(sel) = sel {
                ws.edit_tile(|t| {
                    selection::clear(t, sel);
                    true
                });
            }
        }
    }

    /// Pastes what was copied with its north-west corner under the pointer (or on the
    /// selection's), and selects it.
    pub fn paste(&mut self, ws: &mut Workspace) {
        let at = ws.hovered_square().or(self.selection.map(|s| s.min));
        if let (Some(clip), Some(at)) = (self.clipboard.clone(), at) {
            let mut pasted = None;
            ws.edit_tile(|t| {
                pasted = selection::paste(t, &clip, at);
                pasted.is_some()
            });
            if pasted.is_some() {
                self.tool = Tool::Select;
                self.set_selection(ws, pasted);
            }
        }
    }
}
