//! Writes scenes as PDF with krilla: every shape a vector path, text as text in the canvas's font
//! (embedded and subset by krilla, so it stays selectable). One page fitted to the paper, or the
//! board at real size over as many pages as it takes (`page::plan`), with cut marks and labels
//! that say which page joins which.

use super::page::{HEADER_MM, PT_PER_MM, PagePlan, PageTile, Window};
use super::text::{FONT, baseline_start, measure};
use super::{Anchor, HAlign, Point, Rgba, Scene, Shape, VAlign};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Rect, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

/// The font, loaded once per document.
pub(crate) fn font() -> Result<Font, String> {
    Font::new(FONT.into(), 0).ok_or_else(|| "the built-in font cannot be read".to_string())
}

/// A finished document's bytes, or why krilla could not write it.
pub(crate) fn finish(doc: Document) -> Result<Vec<u8>, String> {
    doc.finish()
        .map_err(|e| format!("cannot write the PDF: {e:?}"))
}

/// A new page of `w` x `h` millimetres.
pub(crate) fn page_settings(w_mm: f32, h_mm: f32) -> Result<PageSettings, String> {
    PageSettings::from_wh(w_mm * PT_PER_MM, h_mm * PT_PER_MM)
        .ok_or_else(|| format!("a page of {w_mm} x {h_mm} mm is not a page"))
}

/// The whole scene on one page of `page_mm`, as large as fits inside `margin_mm`, under a
/// `title` line. Used for the course map of a sheet and `render --fit`.
pub fn scene_to_pdf_fitted(
    scene: &Scene,
    page_mm: (f32, f32),
    margin_mm: f32,
    title: &str,
) -> Result<Vec<u8>, String> {
    let font = font()?;
    let mut doc = Document::new();
    let mut page = doc.start_page_with(page_settings(page_mm.0, page_mm.1)?);
    let mut surface = page.surface();
    let top = margin_mm + if title.is_empty() { 0.0 } else { HEADER_MM };
    if !title.is_empty() {
        label(
            &mut surface,
            &font,
            &heading(title),
            (margin_mm, margin_mm),
            4.0,
            Anchor::TOP_LEFT,
        );
    }
    let area = (page_mm.0 - 2.0 * margin_mm, page_mm.1 - top - margin_mm);
    draw_scene_in(
        &mut surface,
        &font,
        scene,
        (margin_mm, top),
        area,
        &mut |_, _| (),
    );
    surface.finish();
    page.finish();
    finish(doc)
}

/// Draws all of `scene` as large as fits in the `area` (millimetres) at `at`, centred across.
pub(crate) fn draw_scene_in(
    surface: &mut Surface<'_>,
    font: &Font,
    scene: &Scene,
    at: (f32, f32),
    area: (f32, f32),
    progress: &mut dyn FnMut(usize, usize),
) {
    if scene.width <= 0.0 || scene.height <= 0.0 {
        return;
    }
    let mm = (area.0 / scene.width).min(area.1 / scene.height);
    let left = at.0 + (area.0 - scene.width * mm) / 2.0;
    let window = Window {
        x0: 0.0,
        y0: 0.0,
        x1: scene.width,
        y1: scene.height,
    };
    draw_window(surface, font, scene, window, (left, at.1), mm, progress);
}

/// The board at real size over the pages of `plan`: each page its window of the board, its name
/// and the scale in the header, cut marks at the picture's corners, and on each side that
/// another page overlaps a line with "A1 joins B1 here". `progress` hears (pages done, pages).
pub fn scene_to_pdf_pages(
    scene: &Scene,
    plan: &PagePlan,
    title: &str,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u8>, String> {
    let font = font()?;
    let mut doc = Document::new();
    let total = plan.pages.len();
    for (i, tile) in plan.pages.iter().enumerate() {
        let mut page = doc.start_page_with(page_settings(plan.page_mm.0, plan.page_mm.1)?);
        let mut surface = page.surface();
        let square = plan.settings.square_mm;
        draw_window(
            &mut surface,
            &font,
            scene,
            tile.window,
            plan.image_origin_mm,
            square,
            &mut |_, _| (),
        );
        furniture(&mut surface, &font, plan, tile, title, i, total);
        surface.finish();
        page.finish();
        progress(i + 1, total);
    }
    finish(doc)
}

/// The most characters of a name a page's heading prints: a line across the page, the page's
/// name after it.
const HEADING_CHARS: usize = 40;

/// `title` as a page's heading prints it: cut at `HEADING_CHARS` with an ellipsis. A longer
/// name runs off the paper anyway, and laid out on every page of a large print (a course name
/// may be as long as its file) it took longer than the map.
fn heading(title: &str) -> std::borrow::Cow<'_, str> {
    match title.char_indices().nth(HEADING_CHARS) {
        None => title.into(),
        Some(_) => {
            let cut = title
                .char_indices()
                .nth(HEADING_CHARS - 1)
                .map_or(title.len(), |(i, _)| i);
            format!("{}\u{2026}", &title[..cut]).into()
        }
    }
}

/// The page's name, the cut marks and the join lines and labels.
fn furniture(
    surface: &mut Surface<'_>,
    font: &Font,
    plan: &PagePlan,
    tile: &PageTile,
    title: &str,
    index: usize,
    total: usize,
) {
    let m = plan.settings.margin_mm;
    let name = tile.label();
    let title = heading(title);
    let header = format!(
        "{title}  -  page {name} ({} of {total}, {} x {} pages)  -  squares {} mm: 10 squares = {} mm",
        index + 1,
        plan.cols,
        plan.rows,
        plan.settings.square_mm,
        plan.settings.square_mm * 10.0
    );
    label(surface, font, &header, (m, m), 3.2, Anchor::TOP_LEFT);
    // The picture's drawn extent on this page (the last pages stop at the board's edge).
    let (x0, y0) = plan.image_origin_mm;
    let (x1, y1) = plan.to_page_mm(tile, tile.window.x1, tile.window.y1);
    let ink = Rgba::rgb(0, 0, 0);
    // Cut marks: short lines in the margin on the lines of the picture's edges.
    let mark = (m * 0.7).min(6.0);
    let gap = 1.0;
    for &(x, y) in &[(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
        let dx = if x == x0 { -1.0 } else { 1.0 };
        let dy = if y == y0 { -1.0 } else { 1.0 };
        line_mm(
            surface,
            &[(x + dx * gap, y), (x + dx * (gap + mark), y)],
            0.2,
            ink,
            false,
        );
        line_mm(
            surface,
            &[(x, y + dy * gap), (x, y + dy * (gap + mark))],
            0.2,
            ink,
            false,
        );
    }
    let join = Rgba::rgb(220, 0, 140);
    let small = 2.6;
    if let Some(right) = plan.neighbour(tile, true) {
        let (jx, _) = plan.to_page_mm(tile, right.window.x0, 0.0);
        line_mm(surface, &[(jx, y0), (jx, y1)], 0.35, join, true);
        let text = format!(
            "{name} joins {} here: lay {}'s cut left edge on this line",
            right.label(),
            right.label()
        );
        vertical_label(surface, font, &text, (x1 + 1.5, (y0 + y1) / 2.0), small);
    }
    if let Some(below) = plan.neighbour(tile, false) {
        let (_, jy) = plan.to_page_mm(tile, 0.0, below.window.y0);
        line_mm(surface, &[(x0, jy), (x1, jy)], 0.35, join, true);
        let text = format!(
            "{name} joins {} here: lay {}'s cut top edge on this line",
            below.label(),
            below.label()
        );
        label(
            surface,
            font,
            &text,
            ((x0 + x1) / 2.0, y1 + 1.5),
            small,
            Anchor {
                h: HAlign::Center,
                v: VAlign::Top,
            },
        );
    }
    if tile.col > 0 {
        let text = format!(
            "cut along this edge; {name} joins {} here",
            super::page::page_label(tile.col - 1, tile.row)
        );
        vertical_label(
            surface,
            font,
            &text,
            (x0 - 1.5 - small * 1.2, (y0 + y1) / 2.0),
            small,
        );
    }
    if tile.row > 0 {
        let text = format!(
            "cut along this edge; {name} joins {} here",
            super::page::page_label(tile.col, tile.row - 1)
        );
        label(
            surface,
            font,
            &text,
            ((x0 + x1) / 2.0, y0 - 0.8),
            small,
            Anchor {
                h: HAlign::Center,
                v: VAlign::Bottom,
            },
        );
    }
}

/// One line of text at `at` (millimetres), `size_mm` tall, anchored like the scene's text.
pub(crate) fn label(
    surface: &mut Surface<'_>,
    font: &Font,
    text: &str,
    at: (f32, f32),
    size_mm: f32,
    anchor: Anchor,
) {
    surface.push_transform(&Transform::from_scale(PT_PER_MM, PT_PER_MM));
    text_at(
        surface,
        font,
        text,
        Point::new(at.0, at.1),
        size_mm,
        anchor,
        Rgba::rgb(0, 0, 0),
    );
    surface.pop();
}

/// Text turned a quarter clockwise, reading downwards, centred on `at`.
fn vertical_label(
    surface: &mut Surface<'_>,
    font: &Font,
    text: &str,
    at: (f32, f32),
    size_mm: f32,
) {
    let (x, y) = (at.0 * PT_PER_MM, at.1 * PT_PER_MM);
    surface.push_transform(&Transform::from_row(0.0, PT_PER_MM, -PT_PER_MM, 0.0, x, y));
    text_at(
        surface,
        font,
        text,
        Point::new(0.0, 0.0),
        size_mm,
        Anchor {
            h: HAlign::Center,
            v: VAlign::Bottom,
        },
        Rgba::rgb(0, 0, 0),
    );
    surface.pop();
}

/// A line through points in millimetres, dashed or solid.
pub(crate) fn line_mm(
    surface: &mut Surface<'_>,
    points: &[(f32, f32)],
    width_mm: f32,
    colour: Rgba,
    dashed: bool,
) {
    let pts: Vec<Point> = points
        .iter()
        .map(|&(x, y)| Point::new(x * PT_PER_MM, y * PT_PER_MM))
        .collect();
    let Some(path) = polyline(&pts, false) else {
        return;
    };
    let mut stroke = stroke_of(colour, width_mm * PT_PER_MM, LineJoin::Miter);
    if dashed {
        stroke.dash = Some(StrokeDash {
            array: vec![3.0 * PT_PER_MM, 1.5 * PT_PER_MM],
            offset: 0.0,
        });
    }
    surface.set_fill(None);
    surface.set_stroke(Some(stroke));
    surface.draw_path(&path);
}

/// Draws the part `window` of the scene (board units) with its top-left corner at `at`
/// (millimetres on the page), `mm` millimetres a square, clipped to the window. Shapes wholly
/// outside the window are left out, so a page costs what it shows.
pub(crate) fn draw_window(
    surface: &mut Surface<'_>,
    font: &Font,
    scene: &Scene,
    window: Window,
    at: (f32, f32),
    mm: f32,
    progress: &mut dyn FnMut(usize, usize),
) {
    let k = mm * PT_PER_MM;
    surface.push_transform(&Transform::from_row(
        k,
        0.0,
        0.0,
        k,
        at.0 * PT_PER_MM - window.x0 * k,
        at.1 * PT_PER_MM - window.y0 * k,
    ));
    let clip = Rect::from_ltrb(
        window.x0,
        window.y0,
        window.x1.max(window.x0 + 1e-3),
        window.y1.max(window.y0 + 1e-3),
    );
    let mut clipped = false;
    if let Some(path) = clip.and_then(|r| {
        let mut b = PathBuilder::new();
        b.push_rect(r);
        b.finish()
    }) {
        surface.push_clip_path(&path, &FillRule::NonZero);
        clipped = true;
        surface.set_stroke(None);
        surface.set_fill(Some(fill_of(scene.background)));
        surface.draw_path(&path);
    }
    let total = scene.shapes.len();
    for (i, shape) in scene.shapes.iter().enumerate() {
        if overlaps(bounds(shape), window) {
            draw_shape(surface, font, shape);
        }
        if i % 65536 == 0 {
            progress(i, total);
        }
    }
    progress(total, total);
    if clipped {
        surface.pop();
    }
    surface.pop();
}

/// Draws one shape in the current (board unit) coordinates. Rectangles are four corners and a
/// close; polygons name their first corner again before the close, so a reader of the PDF can
/// tell the two apart (the shape count test does).
pub(crate) fn draw_shape(surface: &mut Surface<'_>, font: &Font, shape: &Shape) {
    match shape {
        Shape::Rect {
            min,
            max,
            fill,
            stroke,
        } => {
            let corners = [
                *min,
                Point::new(max.x, min.y),
                *max,
                Point::new(min.x, max.y),
            ];
            if let Some(path) = polyline(&corners, true) {
                paint(surface, &path, *fill, *stroke, LineJoin::Miter);
            }
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let mut closed = points.clone();
            if let Some(&first) = points.first() {
                closed.push(first);
            }
            if let Some(path) = polyline(&closed, true) {
                paint(surface, &path, *fill, *stroke, LineJoin::Miter);
            }
        }
        Shape::Polyline { points, stroke } => {
            if let Some(path) = polyline(points, false) {
                paint(surface, &path, None, Some(*stroke), LineJoin::Round);
            }
        }
        Shape::Circle {
            center,
            radius,
            fill,
            stroke,
        } => {
            if let Some(path) = circle(*center, *radius) {
                paint(surface, &path, *fill, *stroke, LineJoin::Round);
            }
        }
        Shape::Text {
            text,
            pos,
            size,
            colour,
            anchor,
        } => text_at(surface, font, text, *pos, *size, *anchor, *colour),
    }
}

fn text_at(
    surface: &mut Surface<'_>,
    font: &Font,
    text: &str,
    pos: Point,
    size: f32,
    anchor: Anchor,
    colour: Rgba,
) {
    if text.is_empty() || size <= 0.0 {
        return;
    }
    let at = baseline_start(pos, anchor, measure(text, size));
    surface.set_stroke(None);
    surface.set_fill(Some(fill_of(colour)));
    surface.draw_text(
        krilla::geom::Point::from_xy(at.x, at.y),
        font.clone(),
        size,
        text,
        false,
        TextDirection::Auto,
    );
}

fn paint(
    surface: &mut Surface<'_>,
    path: &Path,
    fill: Option<Rgba>,
    stroke: Option<super::Stroke>,
    join: LineJoin,
) {
    surface.set_fill(fill.map(fill_of));
    surface.set_stroke(stroke.map(|s| stroke_of(s.colour, s.width, join)));
    surface.draw_path(path);
}

fn opacity(c: Rgba) -> NormalizedF32 {
    NormalizedF32::new(f32::from(c.a) / 255.0).unwrap_or(NormalizedF32::ONE)
}

fn fill_of(c: Rgba) -> Fill {
    Fill {
        paint: rgb::Color::new(c.r, c.g, c.b).into(),
        opacity: opacity(c),
        rule: FillRule::NonZero,
    }
}

fn stroke_of(c: Rgba, width: f32, join: LineJoin) -> Stroke {
    Stroke {
        paint: rgb::Color::new(c.r, c.g, c.b).into(),
        width,
        miter_limit: 10.0,
        line_cap: LineCap::Butt,
        line_join: join,
        opacity: opacity(c),
        dash: None,
    }
}

fn polyline(points: &[Point], closed: bool) -> Option<Path> {
    let mut b = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    b.move_to(first.x, first.y);
    for p in rest {
        b.line_to(p.x, p.y);
    }
    if closed {
        b.close();
    }
    b.finish()
}

/// A circle as four cubic arcs (the usual 0.5523 control distance).
fn circle(c: Point, r: f32) -> Option<Path> {
    if r <= 0.0 {
        return None;
    }
    let k = 0.552_284_8 * r;
    let mut b = PathBuilder::new();
    b.move_to(c.x + r, c.y);
    b.cubic_to(c.x + r, c.y + k, c.x + k, c.y + r, c.x, c.y + r);
    b.cubic_to(c.x - k, c.y + r, c.x - r, c.y + k, c.x - r, c.y);
    b.cubic_to(c.x - r, c.y - k, c.x - k, c.y - r, c.x, c.y - r);
    b.cubic_to(c.x + k, c.y - r, c.x + r, c.y - k, c.x + r, c.y);
    b.close();
    b.finish()
}

/// A box around a shape in board units, generous for text (a character is under an em wide).
fn bounds(shape: &Shape) -> Window {
    let from_points = |pts: &mut dyn Iterator<Item = Point>, pad: f32| {
        let mut w = Window {
            x0: f32::INFINITY,
            y0: f32::INFINITY,
            x1: f32::NEG_INFINITY,
            y1: f32::NEG_INFINITY,
        };
        for p in pts {
            w.x0 = w.x0.min(p.x - pad);
            w.y0 = w.y0.min(p.y - pad);
            w.x1 = w.x1.max(p.x + pad);
            w.y1 = w.y1.max(p.y + pad);
        }
        w
    };
    let pad = |s: &Option<super::Stroke>| s.map_or(0.0, |s| s.width);
    match shape {
        Shape::Rect {
            min, max, stroke, ..
        } => from_points(&mut [*min, *max].into_iter(), pad(stroke)),
        Shape::Polygon { points, stroke, .. } => {
            from_points(&mut points.iter().copied(), pad(stroke))
        }
        Shape::Polyline { points, stroke } => {
            from_points(&mut points.iter().copied(), stroke.width)
        }
        Shape::Circle {
            center,
            radius,
            stroke,
            ..
        } => from_points(&mut [*center].into_iter(), radius + pad(stroke)),
        Shape::Text {
            text, pos, size, ..
        } => from_points(
            &mut [*pos].into_iter(),
            size * (text.chars().count() as f32 + 2.0),
        ),
    }
}

fn overlaps(a: Window, b: Window) -> bool {
    a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_heading_cuts_a_long_name_with_an_ellipsis_and_keeps_a_short_one() {
        assert_eq!(heading("Grand Tour"), "Grand Tour");
        let exact = "é".repeat(HEADING_CHARS);
        assert_eq!(heading(&exact), exact.as_str());
        let long = "ü".repeat(100_000);
        let cut = heading(&long);
        assert_eq!(cut.chars().count(), HEADING_CHARS);
        assert!(cut.ends_with('\u{2026}') && cut.starts_with("üü"));
    }
}
