//! What the canvas shows of what a click would do before it is done (issue 19, "previews
//! everywhere"): the colours of the overlays, and `PreviewShown`, the record of the preview drawn
//! in the last frame that the status bar and the tests read.

use crate::geom::{Facing, Square};
use crate::model::ElementKind;
use egui::emath::RectTransform;
use egui::{Color32, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};

/// How opaque a ghost of what a click would place is.
pub const GHOST_OPACITY: f32 = 0.6;
/// The outline around a ghost, a paste or a tile's footprint.
pub const GHOST_OUTLINE: Color32 = Color32::from_rgb(40, 200, 255);
/// The edge a wall or a wall mount would go on.
pub const EDGE_HIGHLIGHT: Color32 = Color32::from_rgb(255, 240, 60);
/// What the right button (or the Erase tool) would clear.
pub const ERASE_HIGHLIGHT: Color32 = Color32::from_rgb(255, 60, 60);
/// Squares a dropped tile would cover that another tile already covers.
pub const OVERLAP_FILL: Color32 = Color32::from_rgba_premultiplied(150, 20, 20, 150);

/// The preview drawn in the last frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreviewShown {
    /// A ghost of `kind` facing `facing` on `square`, or on its `edge` for edge elements.
    Element {
        kind: ElementKind,
        facing: Facing,
        square: Square,
        edge: Option<Facing>,
    },
    /// What an erase would clear: the edge, or else the whole square.
    Erase {
        square: Square,
        edge: Option<Facing>,
    },
    /// Copied squares following the pointer until a click pastes them.
    Paste { at: Square, width: i32, height: i32 },
    /// A tile about to be placed on a course: its footprint, and how many of its squares would
    /// land on another tile.
    Footprint {
        at: Square,
        width: i32,
        height: i32,
        overlaps: usize,
    },
}

/// The screen rectangle of a board square.
pub fn square_rect(to_screen: RectTransform, square: Square) -> Rect {
    let min = Pos2::new(square.x as f32, square.y as f32);
    to_screen.transform_rect(Rect::from_min_size(min, Vec2::splat(1.0)))
}

/// The screen rectangle of `width` x `height` squares from `at`.
pub fn area_rect(to_screen: RectTransform, at: Square, width: i32, height: i32) -> Rect {
    let min = Pos2::new(at.x as f32, at.y as f32);
    to_screen.transform_rect(Rect::from_min_size(
        min,
        Vec2::new(width as f32, height as f32),
    ))
}

/// The transform that draws a board of `size` squares with its corner on `at`.
pub fn placed_at(to_screen: RectTransform, at: Square, size: Vec2) -> RectTransform {
    RectTransform::from_to(
        Rect::from_min_size(Pos2::ZERO, size),
        area_rect(to_screen, at, size.x as i32, size.y as i32),
    )
}

/// The two ends of a square's side on the screen.
pub fn edge_ends(to_screen: RectTransform, square: Square, side: Facing) -> [Pos2; 2] {
    let r = square_rect(to_screen, square);
    match side {
        Facing::N => [r.left_top(), r.right_top()],
        Facing::E => [r.right_top(), r.right_bottom()],
        Facing::S => [r.left_bottom(), r.right_bottom()],
        Facing::W => [r.left_top(), r.left_bottom()],
    }
}

/// Highlights a square's side: a bar a sixth of a square thick, at least 3 points.
pub fn paint_edge(
    painter: &Painter,
    to_screen: RectTransform,
    square: Square,
    side: Facing,
    colour: Color32,
) {
    let width = (to_screen.scale().x / 6.0).max(3.0);
    painter.line_segment(
        edge_ends(to_screen, square, side),
        Stroke::new(width, colour),
    );
}

/// Outlines an area of squares, the line scaling with the square size (at least 2 points).
pub fn paint_outline(painter: &Painter, rect: Rect, scale: f32, colour: Color32) {
    let width = (scale / 16.0).clamp(2.0, 6.0);
    painter.rect_stroke(rect, 0.0, Stroke::new(width, colour), StrokeKind::Middle);
}
