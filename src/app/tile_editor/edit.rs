//! The tile editor's edits from the menus and keys: turn (R) what is under the pointer, the
//! selection or the brush; copy, cut, paste and flip the selection.

use super::TileEditor;
use super::selection;
use super::tools::rotate_square;
use crate::app::clipboard::Clip;
use crate::app::command::Tool;
use crate::app::state::Workspace;
use crate::geom::{Rotation, Square};
use crate::model::{Board, Tile};
use crate::render::{SceneOptions, build_scene};

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

    /// Copy, or with `cut` Cut: the selected squares, for Paste (and clears them).
    pub fn copy(&mut self, ws: &mut Workspace, cut: bool) -> Option<Clip> {
        let sel = self.selection?;
        let clip = ws
            .doc
            .as_ref()
            .and_then(|d| d.tile())
            .map(|t| selection::copy(t, sel))?;
        if cut {
            ws.edit_tile(|t| {
                selection::clear(t, sel);
                true
            });
        }
        Some(Clip::Squares(clip))
    }

    /// Pastes copied squares with their north-west corner under the pointer, and selects them.
    /// With the pointer off the tile (Paste from the menu), they follow the pointer until a
    /// click puts them down.
    pub fn paste(&mut self, ws: &mut Workspace, clip: &Clip) {
        let Clip::Squares(clip) = clip else {
            ws.errors
                .push("The clipboard holds placed tiles: paste them into a course.".to_string());
            return;
        };
        match ws.hovered_square() {
            Some(at) => self.paste_at(ws, clip, at),
            None => {
                let board = Board::from_tile(clip, &[]);
                let scene = build_scene(&board, &SceneOptions::default());
                self.floating = Some((clip.clone(), scene));
            }
        }
    }

    /// Pastes `clip` with its north-west corner on `at` and selects it.
    pub(super) fn paste_at(&mut self, ws: &mut Workspace, clip: &Tile, at: Square) {
        let mut pasted = None;
        ws.edit_tile(|t| {
            pasted = selection::paste(t, clip, at);
            pasted.is_some()
        });
        if pasted.is_some() {
            self.tool = Tool::Select;
            self.selection_anchor = None;
            self.set_selection(ws, pasted);
        }
    }

    /// Whether copied squares are following the pointer, waiting for a click.
    pub fn is_pasting(&self) -> bool {
        self.floating.is_some()
    }
}
