//! Rasterises a `Scene` to PNG on the CPU (vello_cpu for shapes and glyphs, skrifa for glyph ids
//! and advances, egui's default proportional font) and draws tiles and courses as PNG pictures.

use super::{HAlign, Point, Rgba, Scene, SceneOptions, Shape, Stroke, VAlign, build_scene};
use crate::format::Document;
use crate::model::{Board, CompileProblem, StartRule, TileSource};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};
use std::sync::Arc;
use vello_cpu::color::{AlphaColor, Srgb};
use vello_cpu::kurbo::{Affine, BezPath, Cap, Circle, Join, Rect, Shape as _};
use vello_cpu::peniko::{Blob, FontData};
use vello_cpu::{Glyph, Pixmap, RenderContext, Resources};

/// The largest picture side, in pixels, the exporter makes.
pub const MAX_SIDE_PX: u32 = 16384;
/// The most pixels one picture may have (64 megapixels, 256 MiB of RGBA): a bigger one would
/// need gigabytes while it is drawn and encoded.
pub const MAX_PIXELS: u64 = 8192 * 8192;

/// The font egui paints proportional text with, so both pictures set text alike.
const FONT: &[u8] = epaint_default_fonts::UBUNTU_LIGHT;

/// The size in pixels of `scene` drawn at `scale` pixels per square, or why it cannot be drawn.
pub fn picture_size(scene: &Scene, scale: u32) -> Result<(u32, u32), String> {
    if scale == 0 {
        return Err("the scale must be at least 1 pixel per square".to_string());
    }
    let w = (scene.width.max(0.0) * scale as f32).ceil() as u64;
    let h = (scene.height.max(0.0) * scale as f32).ceil() as u64;
    if w == 0 || h == 0 {
        return Err("the board has no squares to draw".to_string());
    }
    if w > u64::from(MAX_SIDE_PX) || h > u64::from(MAX_SIDE_PX) {
        return Err(format!(
            "a picture of {w} x {h} pixels is too large: at most {MAX_SIDE_PX} pixels a side; use a smaller --scale"
        ));
    }
    if w * h > MAX_PIXELS {
        return Err(format!(
            "a picture of {w} x {h} pixels is too large: at most {} megapixels; use a smaller --scale",
            MAX_PIXELS / (1024 * 1024)
        ));
    }
    Ok((w as u32, h as u32))
}

/// The scene as non-premultiplied RGBA pixels, row by row, with its width and height.
pub fn rasterise(scene: &Scene, scale: u32) -> Result<(u32, u32, Vec<u8>), String> {
    let (w, h) = picture_size(scene, scale)?;
    // MAX_SIDE_PX fits in u16, which is what vello_cpu counts pixels in.
    let (w16, h16) = (
        u16::try_from(w).map_err(|e| e.to_string())?,
        u16::try_from(h).map_err(|e| e.to_string())?,
    );
    let font = FontRef::new(FONT).map_err(|e| format!("the built-in font cannot be read: {e}"))?;
    let font_data = FontData::new(Blob::new(Arc::new(FONT)), 0);
    let mut ctx = RenderContext::new(w16, h16);
    let mut resources = Resources::new();
    let s = f64::from(scale);
    let board = Affine::scale(s);
    ctx.set_transform(Affine::IDENTITY);
    ctx.set_paint(colour(scene.background));
    ctx.fill_rect(&Rect::new(0.0, 0.0, f64::from(w), f64::from(h)));
    ctx.set_transform(board);
    for shape in &scene.shapes {
        match shape {
            Shape::Rect {
                min,
                max,
                fill,
                stroke,
            } => {
                let r = Rect::new(
                    f64::from(min.x),
                    f64::from(min.y),
                    f64::from(max.x),
                    f64::from(max.y),
                );
                if let Some(c) = fill {
                    ctx.set_paint(colour(*c));
                    ctx.fill_rect(&r);
                }
                if let Some(st) = stroke {
                    set_stroke(&mut ctx, *st, Join::Miter);
                    ctx.stroke_rect(&r);
                }
            }
            Shape::Polygon {
                points,
                fill,
                stroke,
            } => {
                let path = bez(points, true);
                if let Some(c) = fill {
                    ctx.set_paint(colour(*c));
                    ctx.fill_path(&path);
                }
                if let Some(st) = stroke {
                    set_stroke(&mut ctx, *st, Join::Miter);
                    ctx.stroke_path(&path);
                }
            }
            Shape::Polyline { points, stroke } => {
                set_stroke(&mut ctx, *stroke, Join::Round);
                ctx.stroke_path(&bez(points, false));
            }
            Shape::Circle {
                center,
                radius,
                fill,
                stroke,
            } => {
                let path = Circle::new(
                    (f64::from(center.x), f64::from(center.y)),
                    f64::from(*radius),
                )
                .to_path(0.2 / s);
                if let Some(c) = fill {
                    ctx.set_paint(colour(*c));
                    ctx.fill_path(&path);
                }
                if let Some(st) = stroke {
                    set_stroke(&mut ctx, *st, Join::Round);
                    ctx.stroke_path(&path);
                }
            }
            Shape::Text {
                text,
                pos,
                size,
                colour: c,
                anchor,
            } => {
                let px = size * scale as f32;
                if px < 1.0 || text.is_empty() {
                    continue;
                }
                let glyphs = layout(&font, text, px, *pos, scale as f32, *anchor);
                // Glyphs are placed in pixels: the font is hinted and sized at its real size.
                ctx.set_transform(Affine::IDENTITY);
                ctx.set_paint(colour(*c));
                ctx.glyph_run(&mut resources, &font_data)
                    .font_size(px)
                    .hint(true)
                    .fill_glyphs(glyphs.into_iter());
                ctx.set_transform(board);
            }
        }
    }
    ctx.flush();
    let mut pixmap = Pixmap::new(w16, h16);
    ctx.render(&mut pixmap, &mut resources);
    let bytes = pixmap
        .take_unpremultiplied()
        .into_iter()
        .flat_map(|p| [p.r, p.g, p.b, p.a])
        .collect();
    Ok((w, h, bytes))
}

/// The scene as PNG file bytes.
pub fn scene_to_png(scene: &Scene, scale: u32) -> Result<Vec<u8>, String> {
    let (w, h, pixels) = rasterise(scene, scale)?;
    let mut out = Vec::new();
    let encoder = image::codecs::png::PngEncoder::new(&mut out);
    image::ImageEncoder::write_image(encoder, &pixels, w, h, image::ExtendedColorType::Rgba8)
        .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(out)
}

/// A tile or course drawn at `scale` pixels per square, as PNG file bytes; a course takes its
/// tiles from `library`. Reading and writing the files is `cli::render`'s.
pub fn render_document(
    doc: &Document,
    library: &dyn TileSource,
    scale: u32,
) -> Result<Vec<u8>, String> {
    let (board, options) = match doc {
        Document::Tile(tile) => (Board::from_tile(tile, &[]), SceneOptions::default()),
        Document::Course(course) => {
            let board = course.compile(library);
            // A missing tile would leave a silent hole in the picture: refuse instead.
            if let Some(problem) = board
                .problems
                .iter()
                .find(|p| matches!(p, CompileProblem::UnknownTile { .. }))
            {
                return Err(problem.message());
            }
            let archive_start = match course.start {
                StartRule::Archive(s) => Some(s),
                StartRule::Numbered => None,
            };
            (
                board,
                SceneOptions {
                    archive_start,
                    ..SceneOptions::default()
                },
            )
        }
    };
    scene_to_png(&build_scene(&board, &options), scale)
}

fn colour(c: Rgba) -> AlphaColor<Srgb> {
    AlphaColor::from_rgba8(c.r, c.g, c.b, c.a)
}

fn set_stroke(ctx: &mut RenderContext, st: Stroke, join: Join) {
    ctx.set_paint(colour(st.colour));
    ctx.set_stroke(
        vello_cpu::kurbo::Stroke::new(f64::from(st.width))
            .with_caps(Cap::Butt)
            .with_join(join),
    );
}

fn bez(points: &[Point], closed: bool) -> BezPath {
    let mut path = BezPath::new();
    for (i, p) in points.iter().enumerate() {
        let q = (f64::from(p.x), f64::from(p.y));
        if i == 0 {
            path.move_to(q);
        } else {
            path.line_to(q);
        }
    }
    if closed && points.len() > 2 {
        path.close_path();
    }
    path
}

/// Places the glyphs of one line of `text` in pixels, anchored as egui anchors a galley: the box
/// is the advance width by the row height (ascent - descent + line gap), the baseline at ascent.
fn layout(
    font: &FontRef<'_>,
    text: &str,
    px: f32,
    pos: Point,
    scale: f32,
    anchor: super::Anchor,
) -> Vec<Glyph> {
    let size = Size::new(px);
    let charmap = font.charmap();
    let advances = font.glyph_metrics(size, LocationRef::default());
    let metrics = font.metrics(size, LocationRef::default());
    let mut glyphs = Vec::with_capacity(text.len());
    let mut x = 0.0f32;
    for ch in text.chars() {
        let id = charmap.map(ch).unwrap_or_default();
        glyphs.push(Glyph {
            id: id.to_u32(),
            x,
            y: 0.0,
        });
        x += advances.advance_width(id).unwrap_or(0.0);
    }
    let row = metrics.ascent - metrics.descent + metrics.leading;
    let left = pos.x * scale
        - match anchor.h {
            HAlign::Left => 0.0,
            HAlign::Center => x / 2.0,
            HAlign::Right => x,
        };
    let top = pos.y * scale
        - match anchor.v {
            VAlign::Top => 0.0,
            VAlign::Center => row / 2.0,
            VAlign::Bottom => row,
        };
    let baseline = top + metrics.ascent;
    for g in &mut glyphs {
        g.x += left;
        g.y = baseline;
    }
    glyphs
}
