//! The builder's pen: a square's turned frame, the drawing primitives, the shared colours and the
//! small symbols (badges, the radiation sign) that several kinds of element use.

use crate::geom::{Facing, Square};
use crate::model::{Colour, Phases};
use crate::render::scene::{Anchor, Point, Rgba, Shape, Stroke};
use std::f32::consts::{FRAC_PI_2, PI, TAU};

pub(super) const INK: Rgba = Rgba::rgb(28, 28, 32);
pub(super) const WHITE: Rgba = Rgba::rgb(250, 250, 250);
pub(super) const REPULSOR: Rgba = Rgba::rgb(140, 80, 220);

/// A square's own coordinates turned so that local north (-y) points to `up`: elements are drawn
/// once, facing north, and turned into place.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) up: Facing,
}

impl Frame {
    pub(super) fn new(s: Square, up: Facing) -> Frame {
        Frame {
            x: s.x as f32,
            y: s.y as f32,
            up,
        }
    }

    /// The board point of local point `(x, y)` (0..1 across the square).
    pub(super) fn p(&self, x: f32, y: f32) -> Point {
        let (u, v) = (x - 0.5, y - 0.5);
        let (u, v) = match self.up {
            Facing::N => (u, v),
            Facing::E => (-v, u),
            Facing::S => (-u, -v),
            Facing::W => (v, -u),
        };
        Point::new(self.x + 0.5 + u, self.y + 0.5 + v)
    }

    pub(super) fn pts(&self, local: &[(f32, f32)]) -> Vec<Point> {
        local.iter().map(|&(x, y)| self.p(x, y)).collect()
    }
}

/// Collects the shapes of a scene in painting order; each kind of thing adds its own.
pub(super) struct Builder {
    pub(super) shapes: Vec<Shape>,
}

/// Points on the circle of radius `r` about `(cx, cy)`, from angle `from` to `to` in `steps` segments.
pub(super) fn arc(cx: f32, cy: f32, r: f32, from: f32, to: f32, steps: usize) -> Vec<(f32, f32)> {
    (0..=steps)
        .map(|i| {
            let t = from + (to - from) * i as f32 / steps as f32;
            (cx + r * t.cos(), cy + r * t.sin())
        })
        .collect()
}

/// How a named colour (of a portal or a gate) is drawn.
pub(super) fn colour_of(c: Colour) -> Rgba {
    match c {
        Colour::Red => Rgba::rgb(222, 40, 40),
        Colour::Blue => Rgba::rgb(40, 96, 232),
        Colour::Green => Rgba::rgb(36, 168, 70),
        Colour::Yellow => Rgba::rgb(244, 212, 36),
        Colour::Purple => Rgba::rgb(150, 60, 210),
        Colour::Orange => Rgba::rgb(246, 140, 28),
    }
}

impl Builder {
    pub(super) fn rect(
        &mut self,
        f: Frame,
        a: (f32, f32),
        b: (f32, f32),
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    ) {
        let (p, q) = (f.p(a.0, a.1), f.p(b.0, b.1));
        self.shapes.push(Shape::Rect {
            min: Point::new(p.x.min(q.x), p.y.min(q.y)),
            max: Point::new(p.x.max(q.x), p.y.max(q.y)),
            fill,
            stroke,
        });
    }

    pub(super) fn poly(
        &mut self,
        f: Frame,
        local: &[(f32, f32)],
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    ) {
        self.shapes.push(Shape::Polygon {
            points: f.pts(local),
            fill,
            stroke,
        });
    }

    pub(super) fn line(&mut self, f: Frame, local: &[(f32, f32)], width: f32, colour: Rgba) {
        self.shapes.push(Shape::Polyline {
            points: f.pts(local),
            stroke: Stroke::new(width, colour),
        });
    }

    pub(super) fn circle(
        &mut self,
        f: Frame,
        c: (f32, f32),
        radius: f32,
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    ) {
        self.shapes.push(Shape::Circle {
            center: f.p(c.0, c.1),
            radius,
            fill,
            stroke,
        });
    }

    pub(super) fn text(
        &mut self,
        f: Frame,
        at: (f32, f32),
        text: impl Into<String>,
        size: f32,
        colour: Rgba,
    ) {
        self.shapes.push(Shape::Text {
            text: text.into(),
            pos: f.p(at.0, at.1),
            size,
            colour,
            anchor: Anchor::CENTER,
        });
    }

    /// A white label with dark numbers, upright whatever the frame: phase numbers and the like.
    pub(super) fn badge(&mut self, f: Frame, at: (f32, f32), text: String) {
        let size = 0.2;
        let c = f.p(at.0, at.1);
        // Ubuntu digits are about half an em wide, spaces a quarter.
        let width = text
            .chars()
            .map(|ch| if ch == ' ' { 0.25 } else { 0.52 })
            .sum::<f32>()
            * size
            + 0.08;
        let half = (width / 2.0, size * 0.62);
        self.shapes.push(Shape::Rect {
            min: Point::new(c.x - half.0, c.y - half.1),
            max: Point::new(c.x + half.0, c.y + half.1),
            fill: Some(Rgba::new(255, 255, 255, 235)),
            stroke: Some(Stroke::new(0.02, INK)),
        });
        self.shapes.push(Shape::Text {
            text,
            pos: c,
            size,
            colour: INK,
            anchor: Anchor::CENTER,
        });
    }

    pub(super) fn phases_badge(&mut self, f: Frame, at: (f32, f32), phases: Phases) {
        let label = if phases.is_empty() {
            "-".to_string()
        } else {
            phases.label()
        };
        self.badge(f, at, label);
    }

    /// The radiation sign: three blades and a hub.
    pub(super) fn trefoil(&mut self, f: Frame, c: (f32, f32), r: f32, colour: Rgba) {
        for k in 0..3 {
            let mid = -FRAC_PI_2 + k as f32 * TAU / 3.0 + PI / 3.0;
            let (a0, a1) = (mid - PI / 6.0, mid + PI / 6.0);
            let mut pts = arc(c.0, c.1, r * 0.3, a1, a0, 3);
            pts.extend(arc(c.0, c.1, r, a0, a1, 6));
            self.poly(f, &pts, Some(colour), None);
        }
        self.circle(f, c, r * 0.18, Some(colour), None);
    }
}
