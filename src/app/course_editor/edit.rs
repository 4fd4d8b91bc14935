//! The course composer's edits from the menus and keys: turn (R) or remove (Delete) what is under
//! the pointer, and open the placed tile under it in the tile editor (T).

use super::CourseEditor;
use crate::app::state::Workspace;
use crate::geom::Rotation;

impl CourseEditor {
    /// R: turns the placed tile under the pointer a quarter. The undo point waits until the burst
    /// of presses is over.
    pub fn rotate(&mut self, ws: &mut Workspace, now: f64, clockwise: bool) {
        let Some(square) = ws.hovered_square() else {
            return;
        };
        let index = ws.placement_at(square);
        let turned = ws.edit_course(|c| {
            let Some(p) = index.and_then(|i| c.placements.get_mut(i)) else {
                return false;
            };
            let quarter = if clockwise {
                Rotation::R90
            } else {
                Rotation::R270
            };
            p.rotation = p.rotation.then(quarter);
            true
        });
        if turned {
            ws.start_burst(now);
        }
    }

    /// Delete: removes the flag under the pointer (renumbering the later ones) or else the
    /// placed tile under it.
    pub fn delete_hovered(&mut self, ws: &mut Workspace) {
        let Some(square) = ws.hovered_square() else {
            return;
        };
        let placement = ws.placement_at(square);
        ws.edit_course(|c| {
            if let Some(i) = c.flags.iter().position(|f| f.at == square) {
                let removed = c.flags.remove(i).number;
                for f in &mut c.flags {
                    if f.number > removed {
                        f.number -= 1;
                    }
                }
                return true;
            }
            match placement {
                Some(i) if i < c.placements.len() => {
                    c.placements.remove(i);
                    true
                }
                _ => false,
            }
        });
    }

    /// T: opens the tile placed under the pointer in the tile editor, the course beside it.
    pub fn edit_tile_under_pointer(&mut self, ws: &mut Workspace) {
        if let Some(index) = ws
            .hovered_square()
            .filter(|_| ws.editing_course())
            .and_then(|s| ws.placement_at(s))
        {
            ws.edit_placed_tile(index);
        }
    }
}
