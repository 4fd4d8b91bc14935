//! What is drawn over the board: tile borders, the grid, the archive start, flags, highlighted
//! squares and a path.

use super::pen::{Builder, Frame, INK, WHITE};
use crate::geom::{Facing, Square};
use crate::render::scene::{Point, Rgba, Shape, Stroke};

impl Builder {
    /// The outline of one placed tile, so the tiles of a course stay visible.
    pub(super) fn tile_border(&mut self, at: Square, w: i32, h: i32) {
        self.shapes.push(Shape::Rect {
            min: Point::new(at.x as f32, at.y as f32),
            max: Point::new((at.x + w) as f32, (at.y + h) as f32),
            fill: None,
            stroke: Some(Stroke::new(0.05, Rgba::new(16, 16, 20, 200))),
        });
    }

    pub(super) fn grid(&mut self, w: i32, h: i32) {
        let stroke = Stroke::new(0.015, Rgba::new(0, 0, 0, 90));
        for x in 0..=w {
            self.shapes.push(Shape::Polyline {
                points: vec![Point::new(x as f32, 0.0), Point::new(x as f32, h as f32)],
                stroke,
            });
        }
        for y in 0..=h {
            self.shapes.push(Shape::Polyline {
                points: vec![Point::new(0.0, y as f32), Point::new(w as f32, y as f32)],
                stroke,
            });
        }
    }

    pub(super) fn archive(&mut self, s: Square) {
        let f = Frame::new(s, Facing::N);
        let purple = Rgba::rgb(130, 40, 200);
        self.circle(f, (0.5, 0.5), 0.44, None, Some(Stroke::new(0.06, purple)));
        self.rect(f, (0.22, 0.8), (0.78, 0.98), Some(purple), None);
        self.text(f, (0.5, 0.89), "start", 0.16, WHITE);
    }

    pub(super) fn flag(&mut self, s: Square, number: u32) {
        let f = Frame::new(s, Facing::N);
        self.line(f, &[(0.26, 0.9), (0.26, 0.1)], 0.05, INK);
        self.poly(
            f,
            &[(0.26, 0.1), (0.8, 0.26), (0.26, 0.42)],
            Some(Rgba::rgb(236, 70, 30)),
            Some(Stroke::new(0.02, INK)),
        );
        self.circle(
            f,
            (0.6, 0.64),
            0.25,
            Some(WHITE),
            Some(Stroke::new(0.04, INK)),
        );
        self.text(f, (0.6, 0.64), number.to_string(), 0.38, INK);
    }

    /// A square tinted with `colour` (selection, validation problems ...), outlined opaque.
    pub(super) fn highlight(&mut self, s: Square, colour: Rgba) {
        self.shapes.push(Shape::Rect {
            min: Point::new(s.x as f32, s.y as f32),
            max: Point::new(s.x as f32 + 1.0, s.y as f32 + 1.0),
            fill: Some(colour),
            stroke: Some(Stroke::new(0.06, colour.with_alpha(255))),
        });
    }

    pub(super) fn path(&mut self, squares: &[Square], colour: Rgba) {
        let centre = |s: &Square| Point::new(s.x as f32 + 0.5, s.y as f32 + 0.5);
        let Some(first) = squares.first() else { return };
        self.shapes.push(Shape::Circle {
            center: centre(first),
            radius: 0.12,
            fill: Some(colour),
            stroke: None,
        });
        if squares.len() >= 2 {
            self.shapes.push(Shape::Polyline {
                points: squares.iter().map(centre).collect(),
                stroke: Stroke::new(0.1, colour),
            });
        }
        if let [.., a, b] = squares
            && let Some(dir) = a.facing_to(*b)
        {
            let f = Frame::new(*b, dir);
            self.poly(f, &[(0.3, 0.6), (0.5, 0.3), (0.7, 0.6)], Some(colour), None);
        }
    }
}
