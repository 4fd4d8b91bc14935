//! Where a tile about to be placed on the course would go (issue 19): its footprint under the
//! pointer, snapped to a neighbouring tile's edge when within a square of it, with the squares it
//! would share with another tile in red, for a tile from the library, a placed tile being moved
//! and copied tiles being pasted; and copy, cut and paste of placed tiles.

use super::{CourseDrag, CourseEditor, TileDrag};
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

/// The areas of the tiles placed on the course, leaving out placement `except`.
fn placed_areas(ws: &Workspace, except: Option<usize>) -> Vec<Area> {
    ws.shown
        .as_ref()
        .map(|s| {
            s.board
                .placements
                .iter()
                .filter(|p| Some(p.0) != except)
                .map(|p| (p.1, p.2, p.3))
                .collect()
        })
        .unwrap_or_default()
}

/// Where the copied tiles of `clip` pasted with the group's corner on `at` go: the group's
/// corner snapped to a neighbour's side, each tile's area there, and the squares they would
/// share with tiles already placed.
pub fn clip_footprint(
    ws: &Workspace,
    clip: &Clip,
    at: Square,
) -> Option<(Square, Vec<Area>, Vec<Square>)> {
    let Clip::Placements { placements, .. } = clip else {
        return None;
    };
    let areas: Vec<Area> = placements
        .iter()
        .filter_map(|p| {
            let (w, h) = tile_size(ws, &p.tile).or_else(|| {
                let Clip::Placements { embedded, .. } = clip else {
                    return None;
                };
                embedded
                    .iter()
                    .find(|t| t.id == p.tile)
                    .map(|t| (t.width(), t.height()))
            })?;
            let (w, h) = if p.rotation.quarter_turns() % 2 == 1 {
                (h, w)
            } else {
                (w, h)
            };
            Some((p.at, w, h))
        })
        .collect();
    let width = areas.iter().map(|(a, w, _)| a.x + w).max()?;
    let height = areas.iter().map(|(a, _, h)| a.y + h).max()?;
    let others = placed_areas(ws, None);
    let at = snapped(
        Square::new(at.x.max(0), at.y.max(0)),
        width,
        height,
        &others,
    );
    let areas: Vec<Area> = areas
        .into_iter()
        .map(|(a, w, h)| (a.offset(at.x, at.y), w, h))
        .collect();
    let mut overlaps: Vec<Square> = areas
        .iter()
        .flat_map(|&area| overlapping(area, &others))
        .collect();
    overlaps.sort_by_key(|s| (s.y, s.x));
    overlaps.dedup();
    Some((at, areas, overlaps))
}

/// Where placed tile `index`, dragged so its corner would be on `at`, goes: snapped to the other
/// tiles' sides as a tile from the library is.
pub fn moved_to(ws: &Workspace, index: usize, at: Square) -> Square {
    let size = ws.shown.as_ref().and_then(|s| {
        s.board
            .placements
            .iter()
            .find(|p| p.0 == index)
            .map(|p| (p.2, p.3))
    });
    match size {
        Some((w, h)) => snapped(at, w, h, &placed_areas(ws, Some(index))),
        None => at,
    }
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
        let scale = to_screen.scale().x;
        if let Some(clip) = &self.floating {
            let Some(pos) = r.board_pos.filter(|_| r.pointer_over_canvas) else {
                return;
            };
            let at = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
            let Some((at, areas, overlaps)) = clip_footprint(ws, clip, at) else {
                return;
            };
            for &(nw, w, h) in &areas {
                let rect = area_rect(to_screen, nw, w, h);
                painter.rect_filled(rect, 0.0, GHOST_OUTLINE.gamma_multiply(0.15));
                paint_outline(painter, rect, scale, GHOST_OUTLINE);
            }
            for s in &overlaps {
                painter.rect_filled(square_rect(to_screen, *s), 0.0, OVERLAP_FILL);
            }
            let width = areas
                .iter()
                .map(|(a, w, _)| a.x + w - at.x)
                .max()
                .unwrap_or(0);
            let height = areas
                .iter()
                .map(|(a, _, h)| a.y + h - at.y)
                .max()
                .unwrap_or(0);
            self.preview = Some(PreviewShown::Paste { at, width, height });
            return;
        }
        if let Some(CourseDrag::Tile { index, .. }) = self.drag {
            // The tile being moved is drawn where it is; its outline and what it would cover
            // of another tile show before the button is let go.
            let Some(&(_, at, w, h)) = ws
                .shown
                .as_ref()
                .and_then(|s| s.board.placements.iter().find(|p| p.0 == index))
            else {
                return;
            };
            let overlaps = overlapping((at, w, h), &placed_areas(ws, Some(index)));
            for s in &overlaps {
                painter.rect_filled(square_rect(to_screen, *s), 0.0, OVERLAP_FILL);
            }
            paint_outline(
                painter,
                area_rect(to_screen, at, w, h),
                scale,
                GHOST_OUTLINE,
            );
            self.preview = Some(PreviewShown::Footprint {
                at,
                width: w,
                height: h,
                overlaps: overlaps.len(),
            });
            return;
        }
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
        paint_outline(painter, rect, scale, GHOST_OUTLINE);
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

    /// Paste: the copied tiles with their corner under the pointer (snapped as a dropped tile
    /// is). With the pointer off the course (Paste from the menu) they follow the pointer, their
    /// footprint shown, until a click puts them down.
    pub fn paste(&mut self, ws: &mut Workspace, clip: &Clip) {
        if let Clip::Squares(_) = clip {
            ws.errors
                .push("The clipboard holds squares: paste them into a tile.".to_string());
            return;
        }
        match ws.hovered_square() {
            Some(at) => self.paste_at(ws, clip, at),
            None => self.floating = Some(clip.clone()),
        }
    }

    /// Pastes the copied tiles with the group's corner on `at`, snapped to a neighbour's side.
    pub(super) fn paste_at(&mut self, ws: &mut Workspace, clip: &Clip, at: Square) {
        let at = clip_footprint(ws, clip, at).map_or(at, |(at, _, _)| at);
        ws.edit_course(|c| !clip.paste_placements(c, at).is_empty());
    }

    /// While copied tiles follow the pointer: a primary click puts them down, a secondary click
    /// or Escape lets them go. True while they were following it (the click is used up).
    pub(super) fn floating_input(&mut self, ws: &mut Workspace, r: &CanvasResponse) -> bool {
        if self.floating.is_none() {
            return false;
        }
        let escape = r
            .response
            .ctx
            .input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        if escape || (r.tool_pressed && r.tool_button == Some(egui::PointerButton::Secondary)) {
            self.floating = None;
            return true;
        }
        if let (true, Some(egui::PointerButton::Primary), Some(pos)) =
            (r.tool_pressed, r.tool_button, r.board_pos)
            && let Some(clip) = self.floating.take()
        {
            ws.begin_edit();
            self.paste_at(
                ws,
                &clip,
                Square::new(pos.x.floor() as i32, pos.y.floor() as i32),
            );
        }
        true
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
