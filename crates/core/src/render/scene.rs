//! The scene: a board's picture as plain shapes in board units, which the app's egui painter and the
//! PNG writer both draw.

use crate::geom::Square;

/// A colour as plain, non-premultiplied RGBA bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rgba {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Rgba {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Rgba {
        Rgba { r, g, b, a }
    }

    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }
}

/// A point in board units: one square is 1.0 x 1.0, `(0, 0)` is the north-west corner of square
/// `(0, 0)`, y grows to the south.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// An outline: its width in board units and its colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub width: f32,
    pub colour: Rgba,
}

impl Stroke {
    pub const fn new(width: f32, colour: Rgba) -> Stroke {
        Stroke { width, colour }
    }
}

/// Where a text's position sits on the text's box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HAlign {
    Left,
    Center,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VAlign {
    Top,
    Center,
    Bottom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Anchor {
    pub h: HAlign,
    pub v: VAlign,
}

impl Anchor {
    pub const CENTER: Anchor = Anchor {
        h: HAlign::Center,
        v: VAlign::Center,
    };
    pub const TOP_LEFT: Anchor = Anchor {
        h: HAlign::Left,
        v: VAlign::Top,
    };
}

/// One drawing primitive. Filled polygons must be convex (egui fills only convex paths); the
/// builder splits anything else into convex pieces. Strokes are centred on the outline.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Rect {
        min: Point,
        max: Point,
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    },
    /// A closed convex polygon.
    Polygon {
        points: Vec<Point>,
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    },
    /// An open line through the points.
    Polyline { points: Vec<Point>, stroke: Stroke },
    Circle {
        center: Point,
        radius: f32,
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    },
    /// One line of text; `size` is the font's em size in board units.
    Text {
        text: String,
        pos: Point,
        size: f32,
        colour: Rgba,
        anchor: Anchor,
    },
}

/// A picture of a board: shapes painted in order, over a `width` x `height` squares area.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    pub width: f32,
    pub height: f32,
    /// The colour behind everything (the void around and between tiles).
    pub background: Rgba,
    pub shapes: Vec<Shape>,
}

impl Shape {
    /// Passes every colour of the shape (fill, stroke, text) through `f`.
    pub fn map_colours(&mut self, f: impl Fn(Rgba) -> Rgba) {
        match self {
            Shape::Rect { fill, stroke, .. }
            | Shape::Polygon { fill, stroke, .. }
            | Shape::Circle { fill, stroke, .. } => {
                if let Some(c) = fill {
                    *c = f(*c);
                }
                if let Some(s) = stroke {
                    s.colour = f(s.colour);
                }
            }
            Shape::Polyline { stroke, .. } => stroke.colour = f(stroke.colour),
            Shape::Text { colour, .. } => *colour = f(*colour),
        }
    }
}

impl Scene {
    /// The scene with every colour, the background's too, passed through `f`.
    pub fn map_colours(&self, f: impl Fn(Rgba) -> Rgba) -> Scene {
        let mut out = self.clone();
        out.background = f(out.background);
        for shape in &mut out.shapes {
            shape.map_colours(&f);
        }
        out
    }

    /// The texts of the scene, in painting order: what tests and tooltips look for.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.shapes.iter().filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
    }
}

/// What to draw besides the board itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneOptions {
    /// Thin lines between all squares.
    pub grid: bool,
    /// The 1994 archive start square (`StartRule::Archive`), marked where robots start.
    pub archive_start: Option<Square>,
    /// Squares tinted with a colour, drawn over the board (selection, validation problems ...).
    pub highlights: Vec<(Square, Rgba)>,
    /// A path through squares drawn on top of everything (a solver's route, a robot's moves).
    pub path: Option<ScenePath>,
}

/// A path overlay: the squares in order, and its colour.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenePath {
    pub squares: Vec<Square>,
    pub colour: Rgba,
}
