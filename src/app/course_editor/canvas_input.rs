//! What the pointer does on the course: the course tools (move tiles and flags, place a tile, add
//! a flag, set the start), a library tile dropped on it, a double click or the context menu to
//! edit a placed tile.

use super::{CourseDrag, CourseEditor, TileDrag, library_panel};
use crate::app::canvas::CanvasResponse;
use crate::app::command::{Action, CourseTool};
use crate::app::state::Workspace;
use crate::geom::{Rotation, Square};
use crate::model::{Flag, StartRule, TilePlacement};

impl CourseEditor {
    /// The course tools: move tiles and flags, place a tile, add a flag, set the start; and a
    /// library tile dropped on the canvas.
    pub fn canvas_input(&mut self, ws: &mut Workspace, ctx: &egui::Context, r: &CanvasResponse) {
        if self.floating_input(ws, r) {
            return;
        }
        let released = ctx.input(|i| i.pointer.any_released());
        if released
            && let Some(pos) = r.drop_pos
            && let Some(payload) = egui::DragAndDrop::take_payload::<TileDrag>(ctx)
        {
            let at = Square::new(pos.x.floor().max(0.0) as i32, pos.y.floor().max(0.0) as i32);
            place_tile(ws, payload.0.clone(), at);
            return;
        }
        // A double click on a placed tile opens it in the tile editor.
        if r.double_clicked
            && self.tool == CourseTool::Move
            && let Some(pos) = r.board_pos
            && let Some(index) =
                ws.placement_at(Square::new(pos.x.floor() as i32, pos.y.floor() as i32))
        {
            self.drag = None;
            ws.edit_placed_tile(index);
            return;
        }
        let (Some(egui::PointerButton::Primary), Some(pos)) = (r.tool_button, r.board_pos) else {
            // A slow frame can hold the last move of a drag and its release together.
            if let Some(pos) = r.board_pos {
                self.drag_to(ws, Square::new(pos.x.floor() as i32, pos.y.floor() as i32));
            }
            self.drag = None;
            return;
        };
        let square = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        if r.tool_pressed {
            ws.begin_edit();
            match self.tool.clone() {
                CourseTool::Move => {
                    let flag = ws
                        .doc
                        .as_ref()
                        .and_then(|d| d.course())
                        .and_then(|c| c.flags.iter().position(|f| f.at == square));
                    self.drag = match flag {
                        Some(index) => Some(CourseDrag::Flag { index }),
                        None => ws.placement_at(square).and_then(|index| {
                            let from = ws.doc.as_ref()?.course()?.placements.get(index)?.at;
                            Some(CourseDrag::Tile {
                                index,
                                grab: square,
                                from,
                            })
                        }),
                    };
                }
                CourseTool::Place(id) => {
                    let at = Square::new(square.x.max(0), square.y.max(0));
                    place_tile(ws, id, at);
                    self.tool = CourseTool::Move;
                }
                CourseTool::Flag => {
                    ws.edit_course(|c| {
                        if c.flags.iter().any(|f| f.at == square) {
                            return false;
                        }
                        let number = c.flags.iter().map(|f| f.number).max().unwrap_or(0) + 1;
                        c.flags.push(Flag { number, at: square });
                        true
                    });
                }
                CourseTool::Start => {
                    ws.edit_course(|c| {
                        c.start = StartRule::Archive(square);
                        true
                    });
                }
            }
        }
        self.drag_to(ws, square);
    }

    /// Moves the flag or placed tile being dragged so it follows the pointer to `square`.
    fn drag_to(&mut self, ws: &mut Workspace, square: Square) {
        match self.drag {
            Some(CourseDrag::Flag { index }) => {
                let on_board = ws.shown.as_ref().is_some_and(|s| s.board.in_bounds(square));
                if on_board {
                    ws.edit_course(|c| match c.flags.get_mut(index) {
                        Some(f) if f.at != square => {
                            f.at = square;
                            true
                        }
                        _ => false,
                    });
                }
            }
            Some(CourseDrag::Tile { index, grab, from }) => {
                // Snapped to the other tiles' sides, as a tile from the library is.
                let at = super::preview::moved_to(
                    ws,
                    index,
                    Square::new(
                        (from.x + square.x - grab.x).max(0),
                        (from.y + square.y - grab.y).max(0),
                    ),
                );
                ws.edit_course(|c| match c.placements.get_mut(index) {
                    Some(p) if p.at != at => {
                        p.at = at;
                        true
                    }
                    _ => false,
                });
            }
            None => {}
        }
    }

    /// The context menu of a placed tile: edit it in the tile editor, or remove it.
    pub fn context_menu(&mut self, ws: &mut Workspace, response: &egui::Response) {
        if response.secondary_clicked() {
            self.context_placement = ws.hovered_square().and_then(|s| ws.placement_at(s));
        }
        let Some(index) = self.context_placement else {
            return;
        };
        let id = ws
            .doc
            .as_ref()
            .and_then(|d| d.course())
            .and_then(|c| c.placements.get(index))
            .map(|p| p.tile.clone())
            .unwrap_or_default();
        let name = ws
            .library
            .tiles
            .iter()
            .position(|t| t.tile.id == id)
            .map_or(id, |i| library_panel::tile_label(&ws.library, i));
        let mut chosen = None;
        response.context_menu(|ui| {
            let edit = Action::EditPlacedTile;
            if ui
                .button(format!("Edit tile \"{name}\""))
                .on_hover_text(edit.tooltip())
                .clicked()
            {
                chosen = Some(MenuChoice::Edit);
                ui.close();
            }
            if ui
                .button("Remove tile")
                .on_hover_text("Take this tile off the course")
                .clicked()
            {
                chosen = Some(MenuChoice::Remove);
                ui.close();
            }
        });
        match chosen {
            Some(MenuChoice::Edit) => ws.edit_placed_tile(index),
            Some(MenuChoice::Remove) => {
                ws.edit_course(|c| {
                    if index < c.placements.len() {
                        c.placements.remove(index);
                        true
                    } else {
                        false
                    }
                });
                self.context_placement = None;
            }
            None => {}
        }
    }
}

/// The entries of a placed tile's context menu.
enum MenuChoice {
    Edit,
    Remove,
}

/// Places library tile `id` with its north-west corner on `at` (snapped to a neighbour's side as
/// its footprint showed), unturned.
fn place_tile(ws: &mut Workspace, id: String, at: Square) {
    let at = super::preview::footprint(ws, &id, at).map_or(at, |((at, _, _), _)| at);
    ws.edit_course(|c| {
        if c.placements.len() >= crate::model::course::MAX_PLACEMENTS {
            return false;
        }
        c.placements.push(TilePlacement {
            tile: id,
            at,
            rotation: Rotation::R0,
        });
        true
    });
}
