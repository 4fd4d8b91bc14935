//! Paints a `Scene` with egui shapes, so the editor window shows the picture the PNG export holds.

use crate::render::{Anchor, HAlign, Point, Rgba, Scene, Shape, Stroke, VAlign};
use egui::emath::RectTransform;
use egui::epaint::{CircleShape, RectShape};
use egui::{Align2, Color32, FontId, Pos2, StrokeKind};

/// Paints `scene` (board units) through `to_screen` (board rect -> screen rect).
pub fn paint_scene(painter: &egui::Painter, scene: &Scene, to_screen: RectTransform) {
    paint_scene_with(painter, scene, to_screen, ColourMap::default());
}

/// Paints `scene` with its colours mapped (faded for a ghost, or the colour-blind-safe set).
pub fn paint_scene_with(
    painter: &egui::Painter,
    scene: &Scene,
    to_screen: RectTransform,
    map: ColourMap,
) {
    let shapes = scene_to_shapes_mapped(scene, to_screen, map, |text| text_shape(painter, text));
    painter.extend(shapes);
}

/// A text request laid out with the painter's fonts.
pub fn text_shape(painter: &egui::Painter, text: TextRequest<'_>) -> egui::Shape {
    let galley = painter.layout_no_wrap(text.text.to_string(), text.font, text.colour);
    let rect = text.align.anchor_size(text.pos, galley.size());
    egui::Shape::galley(rect.min, galley, text.colour)
}

/// How the scene's colours reach the screen: see-through for a ghost of what a click would
/// place, and the colour-blind-safe set of colours for lasers, belts, gears and flags.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColourMap {
    /// 1 for the board itself, less for a ghost.
    pub opacity: f32,
    /// Swap the red-green pairs for the Okabe-Ito colours (Okabe and Ito, "Color Universal
    /// Design", 2002), which people with any common colour vision tell apart.
    pub colour_blind_safe: bool,
}

impl Default for ColourMap {
    fn default() -> Self {
        ColourMap {
            opacity: 1.0,
            colour_blind_safe: false,
        }
    }
}

/// The renderer's colours that carry meaning by hue, and their Okabe-Ito replacements.
type Rgb = (u8, u8, u8);
const SAFE_COLOURS: [(Rgb, Rgb); 11] = [
    // Laser mounts and beams: vermillion.
    ((230, 30, 30), (213, 94, 0)),
    ((255, 40, 40), (213, 94, 0)),
    // One-way walls: the blocked side vermillion, the open side bluish green.
    ((226, 30, 30), (213, 94, 0)),
    ((40, 190, 70), (0, 158, 115)),
    // Gears: clockwise bluish green, counter-clockwise reddish purple.
    ((40, 150, 60), (0, 158, 115)),
    ((200, 44, 40), (204, 121, 167)),
    // Belts yellow, express belts blue, currents sky blue.
    ((226, 186, 50), (240, 228, 66)),
    ((52, 104, 204), (0, 114, 178)),
    ((40, 92, 170), (86, 180, 233)),
    // Flags: orange.
    ((236, 70, 30), (230, 159, 0)),
    // The solver's best line: sky blue instead of green.
    ((20, 200, 90), (86, 180, 233)),
];

impl ColourMap {
    /// A ghost: the scene at `opacity`.
    pub fn faded(opacity: f32) -> ColourMap {
        ColourMap {
            opacity,
            ..ColourMap::default()
        }
    }

    pub fn colour(self, c: Rgba) -> Color32 {
        let (mut r, mut g, mut b) = (c.r, c.g, c.b);
        if self.colour_blind_safe
            && let Some((_, to)) = SAFE_COLOURS.iter().find(|(from, _)| *from == (r, g, b))
        {
            (r, g, b) = *to;
        }
        let a = (f32::from(c.a) * self.opacity.clamp(0.0, 1.0)).round() as u8;
        Color32::from_rgba_unmultiplied(r, g, b, a)
    }
}

/// A text to lay out, in screen space: the caller turns it into a shape with its fonts.
pub struct TextRequest<'a> {
    pub text: &'a str,
    pub pos: Pos2,
    pub font: FontId,
    pub colour: Color32,
    pub align: Align2,
}

/// The egui shapes of `scene`, in painting order, the background first. Text goes through
/// `text`, which needs fonts; everything else is converted here.
pub fn scene_to_shapes(
    scene: &Scene,
    to_screen: RectTransform,
    text: impl FnMut(TextRequest<'_>) -> egui::Shape,
) -> Vec<egui::Shape> {
    scene_to_shapes_mapped(scene, to_screen, ColourMap::default(), text)
}

/// `scene_to_shapes` with the colours mapped through `map`.
pub fn scene_to_shapes_mapped(
    scene: &Scene,
    to_screen: RectTransform,
    map: ColourMap,
    mut text: impl FnMut(TextRequest<'_>) -> egui::Shape,
) -> Vec<egui::Shape> {
    let mut out = Vec::with_capacity(scene.shapes.len() + 1);
    out.push(background_shape(scene, to_screen, map));
    out.extend(
        scene
            .shapes
            .iter()
            .map(|shape| shape_to_egui(shape, to_screen, map, &mut text)),
    );
    out
}

/// The scene's background (the void around and between tiles) on the screen.
pub fn background_shape(scene: &Scene, to_screen: RectTransform, map: ColourMap) -> egui::Shape {
    let pos = |p: Point| to_screen.transform_pos(Pos2::new(p.x, p.y));
    egui::Shape::rect_filled(
        egui::Rect::from_min_max(
            pos(Point::new(0.0, 0.0)),
            pos(Point::new(scene.width, scene.height)),
        ),
        0.0,
        map.colour(scene.background),
    )
}

/// One scene shape as an egui shape placed through `to_screen`; a text goes through `text`.
pub fn shape_to_egui(
    shape: &Shape,
    to_screen: RectTransform,
    map: ColourMap,
    text: &mut impl FnMut(TextRequest<'_>) -> egui::Shape,
) -> egui::Shape {
    let colour = |c: Rgba| map.colour(c);
    let scale = to_screen.scale().x;
    let pos = |p: Point| to_screen.transform_pos(Pos2::new(p.x, p.y));
    let stroke = |s: Option<Stroke>| match s {
        Some(s) => egui::Stroke::new(s.width * scale, colour(s.colour)),
        None => egui::Stroke::NONE,
    };
    let fill = |c: Option<Rgba>| c.map_or(Color32::TRANSPARENT, colour);
    match shape {
        Shape::Rect {
            min,
            max,
            fill: f,
            stroke: s,
        } => egui::Shape::Rect(
            RectShape::new(
                egui::Rect::from_two_pos(pos(*min), pos(*max)),
                0.0,
                fill(*f),
                stroke(*s),
                StrokeKind::Middle,
            )
            // The PNG does not snap rectangles to pixels either.
            .with_round_to_pixels(false),
        ),
        Shape::Polygon {
            points,
            fill: f,
            stroke: s,
        } => {
            let points: Vec<Pos2> = points.iter().map(|&p| pos(p)).collect();
            match f {
                Some(_) => egui::Shape::convex_polygon(points, fill(*f), stroke(*s)),
                None => egui::Shape::closed_line(points, stroke(*s)),
            }
        }
        Shape::Polyline { points, stroke: s } => {
            egui::Shape::line(points.iter().map(|&p| pos(p)).collect(), stroke(Some(*s)))
        }
        Shape::Circle {
            center,
            radius,
            fill: f,
            stroke: s,
        } => {
            // egui strokes circles outside their radius; the scene centres strokes on it.
            let half = s.map_or(0.0, |s| s.width / 2.0);
            egui::Shape::Circle(CircleShape {
                center: pos(*center),
                radius: (radius - half).max(0.0) * scale,
                fill: fill(*f),
                stroke: stroke(*s),
            })
        }
        Shape::Text {
            text: t,
            pos: p,
            size,
            colour: c,
            anchor,
        } => text(TextRequest {
            text: t,
            pos: pos(*p),
            font: FontId::proportional(size * scale),
            colour: colour(*c),
            align: align(*anchor),
        }),
    }
}

fn align(a: Anchor) -> Align2 {
    let h = match a.h {
        HAlign::Left => egui::Align::Min,
        HAlign::Center => egui::Align::Center,
        HAlign::Right => egui::Align::Max,
    };
    let v = match a.v {
        VAlign::Top => egui::Align::Min,
        VAlign::Center => egui::Align::Center,
        VAlign::Bottom => egui::Align::Max,
    };
    Align2([h, v])
}

/// Tessellates `clipped` into one mesh. Every shape is drawn from the font atlas (glyphs, and its
/// white pixel for the rest), so all of it shares one texture.
pub(super) fn one_mesh(
    ctx: &egui::Context,
    clipped: Vec<egui::epaint::ClippedShape>,
    pixels_per_point: f32,
) -> egui::epaint::Mesh {
    let mut mesh = egui::epaint::Mesh::default();
    for primitive in ctx.tessellate(clipped, pixels_per_point) {
        if let egui::epaint::Primitive::Mesh(m) = primitive.primitive
            && (mesh.is_empty() || m.texture_id == mesh.texture_id)
        {
            mesh.append(m);
        }
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colour_blind_set_replaces_the_red_green_pairs_and_a_ghost_fades() {
        let safe = ColourMap {
            opacity: 1.0,
            colour_blind_safe: true,
        };
        // Lasers and clockwise gears no longer differ only by red and green.
        assert_eq!(
            safe.colour(Rgba::rgb(230, 30, 30)),
            Color32::from_rgb(213, 94, 0)
        );
        assert_eq!(
            safe.colour(Rgba::rgb(40, 150, 60)),
            Color32::from_rgb(0, 158, 115)
        );
        // Other colours, and the normal map, are left alone.
        assert_eq!(
            safe.colour(Rgba::rgb(176, 180, 184)),
            Color32::from_rgb(176, 180, 184)
        );
        assert_eq!(
            ColourMap::default().colour(Rgba::rgb(230, 30, 30)),
            Color32::from_rgb(230, 30, 30)
        );
        assert_eq!(ColourMap::faded(0.5).colour(Rgba::rgb(0, 0, 0)).a(), 128);
    }
    use crate::format::{self, Document};
    use crate::geom::Square;
    use crate::model::{Board, Tile};
    use crate::render::{SceneOptions, build_scene};

    fn every_element_tile() -> Tile {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/every_element.json");
        match format::load_document(&path) {
            Ok(Document::Tile(t)) => t,
            other => panic!("the every-element fixture should be a tile: {other:?}"),
        }
    }

    #[test]
    fn the_egui_shapes_are_the_scene_shapes_placed_on_screen() {
        let board = Board::from_tile(&every_element_tile(), &[Square::new(1, 5)]);
        let scene = build_scene(&board, &SceneOptions::default());
        let to_screen = egui::emath::RectTransform::from_to(
            egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(8.0, 8.0)),
            egui::Rect::from_min_size(egui::pos2(100.0, 50.0), egui::vec2(400.0, 400.0)),
        );
        let mut texts = Vec::new();
        let shapes = scene_to_shapes(&scene, to_screen, |t| {
            texts.push((t.text.to_string(), t.pos, t.font.size));
            egui::Shape::Noop
        });
        assert_eq!(shapes.len(), scene.shapes.len() + 1);
        assert_eq!(texts.len(), scene.texts().count());
        // The first square's floor lands at the screen origin, 50 pixels a square.
        assert!(matches!(&shapes[1], egui::Shape::Rect(r)
            if r.rect == egui::Rect::from_min_size(egui::pos2(100.0, 50.0), egui::vec2(50.0, 50.0))));
        // The flag number of flag 1 on (1, 5), 0.38 squares high.
        assert!(texts.iter().any(|(t, pos, size)| t == "1"
            && (*size - 19.0).abs() < 1e-3
            && pos.x > 150.0
            && pos.x < 200.0
            && pos.y > 300.0
            && pos.y < 350.0));
    }
}
