//! Where a tile about to be placed on the course would go (issue 19): its footprint under the
//! pointer, snapped to a neighbouring tile's edge when within a square of it, with the squares it
//! would share with another tile in red; and copy, cut and paste of placed tiles.

use super::{CourseEditor, TileDrag};
use crate::app::canvas::CanvasResponse;
use crate::app::canvas::preview::{
    GHOST_OUTLINE, OVERLAP_FILL, PreviewShown, area_rect, paint_outline, square_rect,
};
use crate::app::clipboard::Clip;
use crate::app::command::CourseTool;
use crate::app::state::Workspace;
use crate::geom::Square;
use egui::Painter;
use egui::emath::RectTransform;

/// How near (in squares) a dropped tile's side must come to a neighbour's to snap to it.
const SNAP: i32 = 1;

/// A placed tile's rectangle on the board: north-west corner, width, height.
pub type Area = (Square, i32, i32);

/// The corner a tile of `w` x `h` squares dropped with its corner on `at` gets: each axis snaps
/// to the nearest side of another tile (sides flush, or corners aligned) within `SNAP` squares.
pub fn snapped(at: Square, w: i32, h: i32, others: &[Area]) -> Square {
    let snap = |v: i32, size: i32, sides: &mut dyn Iterator<Item = (i32, i32)>| {
        sides
            .flat_map(|(start, len)| [start, start + len, start - size, start + len - size])
            .filter(|c| (c - v).abs() <= SNAP)
            .min_by_key(|c| (c - v).abs())
            .unwrap_or(v)
    };
    let x = snap(at.x, w, &mut others.iter().map(|(nw, ow, _)| (nw.x, *ow)));
    let y = snap(at.y, h, &mut others.iter().map(|(nw, _, oh)| (nw.y, *oh)));
    Square::new(x.max(0), y.max(0))
}

/// The squares of `area` that another tile already covers.
pub fn overlapping(area: Area, others: &[Area]) -> Vec<Square> {
    let (at, w, h) = area;
    let inside = |s: Square, (nw, ow, oh): &Area| {
        (nw.x..nw.x + ow).contains(&s.x) && (nw.y..nw.y + oh).contains(&s.y)
    };
    (0..h)
        .flat_map(|y| (0..w).map(move |x| at.offset(x, y)))
        .filter(|&s| others.iter().any(|o| inside(s, o)))
        .collect()
}

/// The size of the library (or embedded) tile `id`, unturned.
fn tile_size(ws: &Workspace, id: &str) -> Option<(i32, i32)> {
    let embedded = ws
        .doc
        .as_ref()
        .and_then(|d| d.course())
        .and_then(|c| c.embedded.iter().find(|t| t.id == id).cloned());
    let tile = embedded.or_else(|| {
        ws.library
            .tiles
            .iter()
            .find(|t| t.tile.id == id)
            .map(|t| t.tile.clone())
    })?;
    Some((tile.width(), tile.height()))
}

/// Where tile `id` dropped with its corner on `at` goes: the snapped area and the squares it
/// would share with other tiles.
pub fn footprint(ws: &Workspace, id: &str, at: Square) -> Option<(Area, Vec<Square>)> {
    let (w, h) = tile_size(ws, id)?;
    let others: Vec<Area> = ws
        .shown
        .as_ref()
        .map(|s| s.board.placements.iter().map(|p| (p.1, p.2, p.3)).collect())
        .unwrap_or_default();
    let at = snapped(Square::new(at.x.max(0), at.y.max(0)), w, h, &others);
    let area = (at, w, h);
    Some((area, overlapping(area, &others)))
}

impl CourseEditor {
    /// Draws the footprint of the tile a click (Place) or a drop (a library thumbnail dragged
    /// over the board) would put down, and keeps a record of it in `self.preview`.
    pub fn preview_ui(
        &mut self,
        ws: &Workspace,
        painter: &Painter,
        to_screen: RectTransform,
        r: &CanvasResponse,
    ) {
        self.preview = None;
        let ctx = &r.response.ctx;
        let dragged = egui::DragAndDrop::payload::<TileDrag>(ctx).map(|p| p.0.clone());
        let (id, pos) = match (&self.tool, dragged) {
            (_, Some(id)) => (id, r.drop_pos),
            (CourseTool::Place(id), None) if r.pointer_over_canvas => (id.clone(), r.board_pos),
            _ => return,
        };
        let Some(pos) = pos else {
            return;
        };
        let at = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        let Some(((at, w, h), overlaps)) = footprint(ws, &id, at) else {
            return;
        };
        let rect = area_rect(to_screen, at, w, h);
        painter.rect_filled(rect, 0.0, GHOST_OUTLINE.gamma_multiply(0.15));
        for s in &overlaps {
            painter.rect_filled(square_rect(to_screen, *s), 0.0, OVERLAP_FILL);
        }
        paint_outline(painter, rect, to_screen.scale().x, GHOST_OUTLINE);
        self.preview = Some(PreviewShown::Footprint {
            at,
            width: w,
            height: h,
            overlaps: overlaps.len(),
        });
    }

    /// Copy (or Cut): the placed tile under the pointer.
    pub fn copy(&mut self, ws: &mut Workspace, cut: bool) -> Option<Clip> {
        let index = ws.hovered_square().and_then(|s| ws.placement_at(s))?;
        let clip = Clip::of_placements(ws.doc.as_ref()?.course()?, &[index])?;
        if cut {
            ws.edit_course(|c| {
                if index < c.placements.len() {
                    c.placements.remove(index);
                }
                true
            });
        }
        Some(clip)
    }

    /// Paste: the copied tiles with their corner under the pointer, or else east of the course.
    pub fn paste(&mut self, ws: &mut Workspace, clip: &Clip) {
        if let Clip::Squares(_) = clip {
            ws.errors
                .push("The clipboard holds squares: paste them into a tile.".to_string());
            return;
        }
        let east = ws.shown.as_ref().map_or(0, |s| s.board.width());
        let at = ws.hovered_square().unwrap_or(Square::new(east, 0));
        ws.edit_course(|c| !clip.paste_placements(c, at).is_empty());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_tile_snaps_to_its_neighbours_side_within_a_square() {
        let yard: Area = (Square::new(0, 0), 12, 12);
        // One square short of the east side: flush against it.
        assert_eq!(
            snapped(Square::new(11, 0), 12, 4, &[yard]),
            Square::new(12, 0)
        );
        assert_eq!(
            snapped(Square::new(13, 1), 12, 4, &[yard]),
            Square::new(12, 0)
        );
        // Two squares off: left where it was dropped.
        assert_eq!(
            snapped(Square::new(2, 8), 12, 4, &[yard]),
            Square::new(2, 8)
        );
        // Its south side flush with the neighbour's.
        assert_eq!(
            snapped(Square::new(12, 7), 12, 4, &[yard]),
            Square::new(12, 8)
        );
    }

    #[test]
    fn the_squares_another_tile_covers_are_the_overlap() {
        let yard: Area = (Square::new(0, 0), 12, 12);
        assert_eq!(overlapping((Square::new(12, 0), 12, 4), &[yard]).len(), 0);
        assert_eq!(overlapping((Square::new(10, 10), 4, 4), &[yard]).len(), 4);
    }
}
