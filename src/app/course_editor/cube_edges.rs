//! RoboRally Cubed in the course composer (seed 003 section 8.1): when the course is played on a
//! cube, each of the cube's twelve edges gets a letter and a colour, drawn on the two board edges
//! that meet there, with a dot on the squares that meet at the edge's first corner so the way the
//! edges match is visible; a net that does not fold outlines the tiles it names in red.

use crate::app::canvas::preview::{OVERLAP_FILL, area_rect, paint_edge, paint_outline};
use crate::app::state::Workspace;
use crate::engine::cube::Fold;
use crate::geom::{Facing, Square};
use egui::emath::RectTransform;
use egui::{Align2, Color32, FontId, Painter, Pos2, Vec2};

/// Twelve colours far enough apart to tell the cube's edges apart.
const COLOURS: [Color32; 12] = [
    Color32::from_rgb(230, 25, 75),
    Color32::from_rgb(60, 180, 75),
    Color32::from_rgb(0, 130, 200),
    Color32::from_rgb(245, 130, 48),
    Color32::from_rgb(145, 30, 180),
    Color32::from_rgb(70, 200, 200),
    Color32::from_rgb(240, 50, 230),
    Color32::from_rgb(170, 110, 40),
    Color32::from_rgb(128, 128, 0),
    Color32::from_rgb(0, 0, 128),
    Color32::from_rgb(128, 0, 0),
    Color32::from_rgb(90, 90, 90),
];

/// A board edge's squares, in reading order (west to east, north to south).
fn edge_squares(at: Square, n: i32, side: Facing) -> Vec<Square> {
    (0..n)
        .map(|k| match side {
            Facing::N => Square::new(at.x + k, at.y),
            Facing::S => Square::new(at.x + k, at.y + n - 1),
            Facing::W => Square::new(at.x, at.y + k),
            Facing::E => Square::new(at.x + n - 1, at.y + k),
        })
        .collect()
}

/// Where a board edge's letter goes: its middle, a little inside the board.
fn label_pos(to_screen: RectTransform, at: Square, n: i32, side: Facing) -> Pos2 {
    let half = n as f32 / 2.0;
    let inset = 0.45;
    let (x, y) = (at.x as f32, at.y as f32);
    let p = match side {
        Facing::N => Pos2::new(x + half, y + inset),
        Facing::S => Pos2::new(x + half, y + n as f32 - inset),
        Facing::W => Pos2::new(x + inset, y + half),
        Facing::E => Pos2::new(x + n as f32 - inset, y + half),
    };
    to_screen.transform_pos(p)
}

/// Draws the cube's edges over the course when RoboRally Cubed is in force.
pub fn paint(ws: &Workspace, painter: &Painter, to_screen: RectTransform) {
    let Some(course) = ws.doc.as_ref().and_then(|d| d.course()) else {
        return;
    };
    if course.rules.house.cubed.is_none() {
        return;
    }
    let Some(shown) = ws.shown.as_ref() else {
        return;
    };
    let placements = &shown.board.placements;
    let scale = to_screen.scale().x;
    let fold = match Fold::of(placements) {
        Ok(fold) => fold,
        Err(e) => {
            for p in placements.iter().filter(|p| e.placements().contains(&p.0)) {
                let rect = area_rect(to_screen, p.1, p.2, p.3);
                painter.rect_filled(rect, 0.0, OVERLAP_FILL);
                paint_outline(painter, rect, scale, Color32::RED);
            }
            return;
        }
    };
    let corner = |placement: usize| placements.iter().find(|p| p.0 == placement).map(|p| p.1);
    let font = FontId::proportional((scale * 0.55).clamp(10.0, 28.0));
    let dot = (scale / 7.0).clamp(2.0, 8.0);
    for (k, seam) in fold.seams().iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let letter = char::from(b'A' + (k % 26) as u8).to_string();
        let (Some(a), Some(b)) = (corner(seam.from.0), corner(seam.to.0)) else {
            continue;
        };
        for (at, side) in [(a, seam.from.1), (b, seam.to.1)] {
            for s in edge_squares(at, fold.side, side) {
                paint_edge(painter, to_screen, s, side, colour.gamma_multiply(0.85));
            }
            let pos = label_pos(to_screen, at, fold.side, side);
            painter.circle_filled(pos, font.size * 0.62, Color32::from_black_alpha(170));
            painter.text(pos, Align2::CENTER_CENTER, &letter, font.clone(), colour);
        }
        // The squares that meet at the first corner of the edge: one dot on each.
        let first = edge_squares(a, fold.side, seam.from.1)[0];
        if let Some((across, _)) = fold.cross(first, seam.from.1) {
            for s in [first, across] {
                let centre = to_screen.transform_pos(Pos2::new(s.x as f32, s.y as f32))
                    + Vec2::splat(scale / 2.0);
                painter.circle_filled(centre, dot, colour);
            }
        }
    }
}
