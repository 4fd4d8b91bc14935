//! Writes a `Scene` as SVG: each shape one SVG element (rect, polygon, polyline, circle, text),
//! text as text in the canvas's font (embedded), at a real size in millimetres per square.

use super::text::{FAMILY, FONT, baseline_start, measure};
use super::{Rgba, Scene, Shape, Stroke};
use base64::Engine as _;
use std::fmt::Write as _;

/// The scene as an SVG document whose squares are `square_mm` millimetres wide. `progress` is
/// told (shapes written, shapes in all) now and then, for long exports.
pub fn scene_to_svg(
    scene: &Scene,
    square_mm: f32,
    progress: &mut dyn FnMut(usize, usize),
) -> String {
    let total = scene.shapes.len();
    // About 110 bytes a shape, and the font.
    let mut out = String::with_capacity(total * 110 + FONT.len() * 4 / 3 + 1024);
    let (w, h) = (scene.width.max(0.0), scene.height.max(0.0));
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}mm\" height=\"{}mm\" viewBox=\"0 0 {} {}\">\n\
         <style>@font-face{{font-family:\"{FAMILY}\";src:url(\"data:font/ttf;base64,{}\")}} \
         text{{font-family:\"{FAMILY}\",sans-serif;white-space:pre}}</style>\n",
        num(w * square_mm),
        num(h * square_mm),
        num(w),
        num(h),
        base64::engine::general_purpose::STANDARD.encode(FONT),
    );
    let _ = writeln!(
        out,
        "<rect id=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"{}/>",
        num(w),
        num(h),
        paint("fill", Some(scene.background))
    );
    out.push_str("<g id=\"scene\">\n");
    let step = (total / 20).max(1);
    for (i, shape) in scene.shapes.iter().enumerate() {
        write_shape(&mut out, shape);
        if i % step == 0 {
            progress(i, total);
        }
    }
    progress(total, total);
    out.push_str("</g>\n</svg>\n");
    out
}

fn write_shape(out: &mut String, shape: &Shape) {
    match shape {
        Shape::Rect {
            min,
            max,
            fill,
            stroke,
        } => {
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}{}/>",
                num(min.x),
                num(min.y),
                num(max.x - min.x),
                num(max.y - min.y),
                paint("fill", *fill),
                outline(*stroke, "miter")
            );
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let _ = writeln!(
                out,
                "<polygon points=\"{}\"{}{}/>",
                point_list(points),
                paint("fill", *fill),
                outline(*stroke, "miter")
            );
        }
        Shape::Polyline { points, stroke } => {
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" fill=\"none\"{}/>",
                point_list(points),
                outline(Some(*stroke), "round")
            );
        }
        Shape::Circle {
            center,
            radius,
            fill,
            stroke,
        } => {
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{}/>",
                num(center.x),
                num(center.y),
                num(*radius),
                paint("fill", *fill),
                outline(*stroke, "round")
            );
        }
        Shape::Text {
            text,
            pos,
            size,
            colour,
            anchor,
        } => {
            let at = baseline_start(*pos, *anchor, measure(text, *size));
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}>{}</text>",
                num(at.x),
                num(at.y),
                num(*size),
                paint("fill", Some(*colour)),
                escape(text)
            );
        }
    }
}

/// ` fill="#rrggbb"` (with its opacity when not opaque), or ` fill="none"`.
fn paint(attribute: &str, colour: Option<Rgba>) -> String {
    match colour {
        None => format!(" {attribute}=\"none\""),
        Some(c) if c.a == 255 => format!(" {attribute}=\"#{:02x}{:02x}{:02x}\"", c.r, c.g, c.b),
        Some(c) => format!(
            " {attribute}=\"#{:02x}{:02x}{:02x}\" {attribute}-opacity=\"{}\"",
            c.r,
            c.g,
            c.b,
            num(f32::from(c.a) / 255.0)
        ),
    }
}

/// The stroke attributes; strokes are centred and butt-capped as the PNG writer draws them.
fn outline(stroke: Option<Stroke>, join: &str) -> String {
    match stroke {
        None => String::new(),
        Some(s) => format!(
            "{} stroke-width=\"{}\" stroke-linejoin=\"{join}\"",
            paint("stroke", Some(s.colour)),
            num(s.width)
        ),
    }
}

fn point_list(points: &[super::Point]) -> String {
    let mut s = String::with_capacity(points.len() * 12);
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{},{}", num(p.x), num(p.y));
    }
    s
}

/// A number with at most four decimals and no trailing zeros: a ten-thousandth of a square is
/// far below a printer's dot.
pub(crate) fn num(v: f32) -> String {
    let s = format!("{:.4}", if v.is_finite() { v } else { 0.0 });
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
