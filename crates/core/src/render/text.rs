//! The one font every picture sets text in (egui's default proportional font, as the canvas) and
//! how a line of it measures, so the PNG, SVG and PDF writers anchor text alike.

use super::{Anchor, HAlign, Point, VAlign};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

/// The font egui paints proportional text with.
pub const FONT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;
/// The family name the SVG writer gives the embedded font.
pub const FAMILY: &str = "Ubuntu Light";

/// A line of text's box at one size: its advance width, and the row as egui lays it out (ascent
/// above the baseline, the row height ascent - descent + line gap).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineBox {
    pub width: f32,
    pub ascent: f32,
    pub row: f32,
}

/// Measures one line of `text` at `size` (an em in any unit: the box comes out in that unit).
/// Unknown characters measure as the font's missing glyph, as they draw.
pub fn measure(text: &str, size: f32) -> LineBox {
    let Ok(font) = FontRef::new(FONT) else {
        // The font is compiled in; a build whose font does not parse draws no text at all.
        return LineBox {
            width: 0.0,
            ascent: 0.0,
            row: 0.0,
        };
    };
    let size = Size::new(size);
    let charmap = font.charmap();
    let advances = font.glyph_metrics(size, LocationRef::default());
    let metrics = font.metrics(size, LocationRef::default());
    let width = text
        .chars()
        .map(|ch| advances.advance_width(charmap.map(ch).unwrap_or_default()))
        .map(|a| a.unwrap_or(0.0))
        .sum();
    LineBox {
        width,
        ascent: metrics.ascent,
        row: metrics.ascent - metrics.descent + metrics.leading,
    }
}

/// Where the baseline of a line starts (its left end) when the line's box is anchored at `pos`
/// as egui anchors a galley.
pub fn baseline_start(pos: Point, anchor: Anchor, line: LineBox) -> Point {
    let left = pos.x
        - match anchor.h {
            HAlign::Left => 0.0,
            HAlign::Center => line.width / 2.0,
            HAlign::Right => line.width,
        };
    let top = pos.y
        - match anchor.v {
            VAlign::Top => 0.0,
            VAlign::Center => line.row / 2.0,
            VAlign::Bottom => line.row,
        };
    Point::new(left, top + line.ascent)
}
