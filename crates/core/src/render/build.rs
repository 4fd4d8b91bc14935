//! Builds the `Scene` of a board: every element drawn legibly in board units (issue 2, item 6).

use super::scene::{Anchor, Point, Rgba, Scene, SceneOptions, Shape, Stroke};
use crate::geom::{Facing, Square};
use crate::model::{
    Barrier, Board, Colour, Device, Floor, Flow, FlowKind, FlowShape, Level, Mount, Phases, Spin,
    SquareSpec,
};
use std::f32::consts::{FRAC_PI_2, PI, TAU};

const VOID: Rgba = Rgba::rgb(34, 36, 44);
const FLOOR: Rgba = Rgba::rgb(176, 180, 184);
const FLOOR_SEAM: Rgba = Rgba::rgb(150, 154, 158);
const INK: Rgba = Rgba::rgb(28, 28, 32);
const WHITE: Rgba = Rgba::rgb(250, 250, 250);
const WALL: Rgba = Rgba::rgb(245, 196, 0);
const BELT_HOUSING: Rgba = Rgba::rgb(72, 74, 80);
const LASER_RED: Rgba = Rgba::rgb(230, 30, 30);
const REPULSOR: Rgba = Rgba::rgb(140, 80, 220);
/// Half the thickness of a wall drawn on an edge, in board units.
const WALL_HALF: f32 = 0.075;

/// Builds the picture of `board` with the overlays of `options`.
pub fn build_scene(board: &Board, options: &SceneOptions) -> Scene {
    let mut b = Builder {
        shapes: Vec::with_capacity((board.width() * board.height()).max(0) as usize * 8),
    };
    for s in board.all_squares() {
        if let Some(spec) = board.spec(s) {
            b.square_floor(s, spec);
        }
    }
    for s in board.all_squares() {
        if let Some(spec) = board.spec(s) {
            b.square_contents(s, spec);
        }
    }
    for beam in board.laser_beams() {
        b.laser_beam(beam.mount, beam.direction, beam.beams, &beam.squares);
    }
    for s in board.all_squares() {
        for side in Facing::ALL {
            if let Some(Mount::Repulsor(_)) = board.mount(s, side)
                && board.is_on_board(s)
            {
                let squares = board.trace_line(s, side.opposite());
                b.repulsor_beam(side.opposite(), &squares);
            }
        }
    }
    for s in board.all_squares() {
        for side in Facing::ALL {
            let Some(barrier) = board.barrier(s, side) else {
                continue;
            };
            // Each edge is drawn once, from its anchor square; an anchor off the grid cannot
            // hold the record, so the square inside draws it, seen from the other side.
            if barrier.anchored_here {
                b.barrier(s, side, barrier.barrier, true);
            } else if !board.in_bounds(s.step(side)) {
                b.barrier(s, side, barrier.barrier, false);
            }
        }
    }
    for s in board.all_squares() {
        if !board.is_on_board(s) {
            continue;
        }
        for side in Facing::ALL {
            if let Some(mount) = board.mount(s, side) {
                b.mount(s, side, mount);
            }
        }
    }
    for &(_, at, w, h) in &board.placements {
        b.shapes.push(Shape::Rect {
            min: Point::new(at.x as f32, at.y as f32),
            max: Point::new((at.x + w) as f32, (at.y + h) as f32),
            fill: None,
            stroke: Some(Stroke::new(0.05, Rgba::new(16, 16, 20, 200))),
        });
    }
    if options.grid {
        b.grid(board.width(), board.height());
    }
    if let Some(archive) = options.archive_start {
        b.archive(archive);
    }
    for &(number, s) in &board.flags {
        b.flag(s, number);
    }
    for &(s, colour) in &options.highlights {
        b.shapes.push(Shape::Rect {
            min: Point::new(s.x as f32, s.y as f32),
            max: Point::new(s.x as f32 + 1.0, s.y as f32 + 1.0),
            fill: Some(colour),
            stroke: Some(Stroke::new(0.06, colour.with_alpha(255))),
        });
    }
    if let Some(path) = &options.path {
        b.path(&path.squares, path.colour);
    }
    Scene {
        width: board.width().max(0) as f32,
        height: board.height().max(0) as f32,
        background: VOID,
        shapes: b.shapes,
    }
}

/// A square's own coordinates turned so that local north (-y) points to `up`: elements are drawn
/// once, facing north, and turned into place.
#[derive(Clone, Copy)]
struct Frame {
    x: f32,
    y: f32,
    up: Facing,
}

impl Frame {
    fn new(s: Square, up: Facing) -> Frame {
        Frame {
            x: s.x as f32,
            y: s.y as f32,
            up,
        }
    }

    /// The board point of local point `(x, y)` (0..1 across the square).
    fn p(&self, x: f32, y: f32) -> Point {
        let (u, v) = (x - 0.5, y - 0.5);
        let (u, v) = match self.up {
            Facing::N => (u, v),
            Facing::E => (-v, u),
            Facing::S => (-u, -v),
            Facing::W => (v, -u),
        };
        Point::new(self.x + 0.5 + u, self.y + 0.5 + v)
    }

    fn pts(&self, local: &[(f32, f32)]) -> Vec<Point> {
        local.iter().map(|&(x, y)| self.p(x, y)).collect()
    }
}

struct Builder {
    shapes: Vec<Shape>,
}

fn arc(cx: f32, cy: f32, r: f32, from: f32, to: f32, steps: usize) -> Vec<(f32, f32)> {
    (0..=steps)
        .map(|i| {
            let t = from + (to - from) * i as f32 / steps as f32;
            (cx + r * t.cos(), cy + r * t.sin())
        })
        .collect()
}

fn colour_of(c: Colour) -> Rgba {
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
    fn rect(
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

    fn poly(&mut self, f: Frame, local: &[(f32, f32)], fill: Option<Rgba>, stroke: Option<Stroke>) {
        self.shapes.push(Shape::Polygon {
            points: f.pts(local),
            fill,
            stroke,
        });
    }

    fn line(&mut self, f: Frame, local: &[(f32, f32)], width: f32, colour: Rgba) {
        self.shapes.push(Shape::Polyline {
            points: f.pts(local),
            stroke: Stroke::new(width, colour),
        });
    }

    fn circle(
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

    fn text(&mut self, f: Frame, at: (f32, f32), text: impl Into<String>, size: f32, colour: Rgba) {
        self.shapes.push(Shape::Text {
            text: text.into(),
            pos: f.p(at.0, at.1),
            size,
            colour,
            anchor: Anchor::CENTER,
        });
    }

    /// A white label with dark numbers, upright whatever the frame: phase numbers and the like.
    fn badge(&mut self, f: Frame, at: (f32, f32), text: String) {
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

    fn phases_badge(&mut self, f: Frame, at: (f32, f32), phases: Phases) {
        let label = if phases.is_empty() {
            "-".to_string()
        } else {
            phases.label()
        };
        self.badge(f, at, label);
    }

    /// Floor, pits and everything flat under the square's devices.
    fn square_floor(&mut self, s: Square, spec: &SquareSpec) {
        let f = Frame::new(s, Facing::N);
        self.rect(f, (0.0, 0.0), (1.0, 1.0), Some(FLOOR), None);
        self.rect(
            f,
            (0.03, 0.03),
            (0.97, 0.97),
            None,
            Some(Stroke::new(0.02, FLOOR_SEAM)),
        );
        match spec.floor {
            None => {}
            Some(Floor::Pit) => {
                self.rect(f, (0.0, 0.0), (1.0, 1.0), Some(Rgba::rgb(64, 60, 56)), None);
                self.rect(f, (0.1, 0.1), (0.9, 0.9), Some(Rgba::rgb(6, 6, 8)), None);
                // Hazard corners so a pit never reads as a void between tiles.
                for (x, y) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] {
                    let dx = if x > 0.5 { -0.22 } else { 0.22 };
                    let dy = if y > 0.5 { -0.22 } else { 0.22 };
                    self.poly(
                        f,
                        &[(x, y), (x + dx, y), (x, y + dy)],
                        Some(Rgba::rgb(236, 190, 20)),
                        None,
                    );
                }
            }
            Some(Floor::Drain) => self.drain(f, false),
            Some(Floor::RadioactiveDrain) => self.drain(f, true),
            Some(Floor::Water) => self.water(f),
            Some(Floor::Slime) => {
                self.rect(
                    f,
                    (0.0, 0.0),
                    (1.0, 1.0),
                    Some(Rgba::rgb(112, 168, 56)),
                    None,
                );
                for &(x, y, r) in &[
                    (0.3, 0.3, 0.14),
                    (0.68, 0.42, 0.18),
                    (0.4, 0.72, 0.12),
                    (0.78, 0.8, 0.08),
                ] {
                    self.circle(
                        f,
                        (x, y),
                        r,
                        Some(Rgba::rgb(150, 206, 80)),
                        Some(Stroke::new(0.02, Rgba::rgb(70, 120, 30))),
                    );
                }
                self.text(f, (0.5, 0.5), "slime", 0.2, Rgba::rgb(30, 60, 10));
            }
            Some(Floor::OilSlick) => {
                for &(x, y, r) in &[
                    (0.42, 0.45, 0.26),
                    (0.64, 0.6, 0.22),
                    (0.3, 0.66, 0.14),
                    (0.7, 0.3, 0.1),
                ] {
                    self.circle(f, (x, y), r, Some(Rgba::rgb(22, 22, 30)), None);
                }
                self.circle(f, (0.36, 0.36), 0.06, Some(Rgba::rgb(110, 110, 150)), None);
                self.circle(f, (0.6, 0.54), 0.035, Some(Rgba::rgb(110, 110, 150)), None);
            }
            Some(Floor::LavaPit(phases)) => {
                self.rect(
                    f,
                    (0.0, 0.0),
                    (1.0, 1.0),
                    Some(Rgba::rgb(120, 30, 10)),
                    None,
                );
                self.rect(
                    f,
                    (0.08, 0.08),
                    (0.92, 0.92),
                    Some(Rgba::rgb(214, 70, 16)),
                    None,
                );
                for &(x, y, r) in &[
                    (0.3, 0.3, 0.1),
                    (0.7, 0.28, 0.08),
                    (0.58, 0.5, 0.12),
                    (0.26, 0.56, 0.07),
                ] {
                    self.circle(f, (x, y), r, Some(Rgba::rgb(252, 176, 40)), None);
                }
                self.phases_badge(f, (0.5, 0.8), phases);
            }
            Some(Floor::TrapDoor(phases)) => {
                self.rect(
                    f,
                    (0.06, 0.06),
                    (0.94, 0.94),
                    Some(Rgba::rgb(60, 62, 70)),
                    Some(Stroke::new(0.04, INK)),
                );
                // Two doors meeting on a diagonal seam, with hinges on the far edges.
                self.poly(
                    f,
                    &[(0.1, 0.1), (0.9, 0.1), (0.1, 0.9)],
                    Some(Rgba::rgb(120, 124, 134)),
                    None,
                );
                self.poly(
                    f,
                    &[(0.9, 0.16), (0.9, 0.9), (0.16, 0.9)],
                    Some(Rgba::rgb(104, 108, 118)),
                    None,
                );
                self.line(f, &[(0.1, 0.9), (0.9, 0.1)], 0.05, INK);
                self.phases_badge(f, (0.5, 0.5), phases);
            }
        }
        if spec.level == Level::Upper {
            // A raised square: lit on its north and west edges, shaded on the others.
            self.rect(
                f,
                (0.0, 0.0),
                (1.0, 1.0),
                Some(Rgba::new(255, 250, 230, 70)),
                None,
            );
            self.line(
                f,
                &[(0.04, 0.96), (0.04, 0.04), (0.96, 0.04)],
                0.07,
                Rgba::new(255, 255, 255, 200),
            );
            self.line(
                f,
                &[(0.96, 0.04), (0.96, 0.96), (0.04, 0.96)],
                0.07,
                Rgba::new(40, 40, 50, 170),
            );
        }
    }

    fn water(&mut self, f: Frame) {
        self.rect(
            f,
            (0.0, 0.0),
            (1.0, 1.0),
            Some(Rgba::rgb(64, 128, 204)),
            None,
        );
        for y in [0.25, 0.5, 0.75] {
            let pts: Vec<(f32, f32)> = (0..=12)
                .map(|i| {
                    let x = 0.08 + 0.84 * i as f32 / 12.0;
                    (x, y + 0.04 * (x * TAU * 2.0).sin())
                })
                .collect();
            self.line(f, &pts, 0.03, Rgba::new(180, 220, 250, 200));
        }
    }

    fn drain(&mut self, f: Frame, radioactive: bool) {
        let rim = if radioactive {
            Rgba::rgb(176, 220, 30)
        } else {
            Rgba::rgb(150, 160, 180)
        };
        self.rect(f, (0.0, 0.0), (1.0, 1.0), Some(Rgba::rgb(56, 62, 76)), None);
        self.circle(
            f,
            (0.5, 0.5),
            0.38,
            Some(Rgba::rgb(8, 10, 14)),
            Some(Stroke::new(0.06, rim)),
        );
        if radioactive {
            self.trefoil(f, (0.5, 0.5), 0.26, rim);
        } else {
            for dx in [-0.2f32, 0.0, 0.2] {
                let h = (0.38f32 * 0.38 - dx * dx).max(0.0).sqrt();
                self.line(f, &[(0.5 + dx, 0.5 - h), (0.5 + dx, 0.5 + h)], 0.05, rim);
            }
        }
    }

    /// The radiation sign: three blades and a hub.
    fn trefoil(&mut self, f: Frame, c: (f32, f32), r: f32, colour: Rgba) {
        for k in 0..3 {
            let mid = -FRAC_PI_2 + k as f32 * TAU / 3.0 + PI / 3.0;
            let (a0, a1) = (mid - PI / 6.0, mid + PI / 6.0);
            let mut pts = arc(c.0, c.1, r * 0.3, a1, a0, 3);
            pts.extend(arc(c.0, c.1, r, a0, a1, 6));
            self.poly(f, &pts, Some(colour), None);
        }
        self.circle(f, c, r * 0.18, Some(colour), None);
    }

    fn square_contents(&mut self, s: Square, spec: &SquareSpec) {
        if let Some(flow) = spec.flow {
            self.flow(s, flow);
        }
        if let Some(spin) = spec.gear {
            self.gear(s, spin);
        }
        if let Some(wrenches) = spec.repair {
            self.repair(s, wrenches.get());
        }
        if let Some(start) = spec.start {
            self.start(s, start.number.get(), start.facing);
        }
        if let Some(device) = spec.device {
            self.device(s, device);
        }
        if let Some(phases) = spec.crusher {
            self.crusher(s, phases);
        }
    }

    /// A belt, current or river piece: a band (or wave) along each path from an entry side to the
    /// out side, chevrons showing the direction: one, two or three for belt, express and gold.
    fn flow(&mut self, s: Square, flow: Flow) {
        let f = Frame::new(s, flow.out);
        let behind = flow.entries.contains(flow.out.opposite());
        let left = flow.entries.contains(flow.out.left());
        let right = flow.entries.contains(flow.out.right());
        let straight = vec![(0.5, 1.0), (0.5, 0.0)];
        // A turn is a quarter circle about the corner between its entry side and the out side.
        let from_left = turn_path(arc(0.0, 0.0, 0.5, FRAC_PI_2, 0.0, 12));
        let from_right = turn_path(arc(1.0, 0.0, 0.5, FRAC_PI_2, PI, 12));
        let mut side_paths = Vec::new();
        let main = match flow.shape() {
            FlowShape::Straight => straight,
            FlowShape::Turn(_) => {
                if left {
                    from_left
                } else {
                    from_right
                }
            }
            FlowShape::Merge | FlowShape::TMerge => {
                if left {
                    side_paths.push(from_left);
                }
                if right {
                    side_paths.push(from_right);
                }
                if behind || side_paths.is_empty() {
                    straight
                } else {
                    side_paths.remove(0)
                }
            }
        };
        let (band, chevron, count) = match flow.kind {
            FlowKind::Belt => (Rgba::rgb(226, 186, 50), INK, 1),
            FlowKind::Express => (Rgba::rgb(52, 104, 204), WHITE, 2),
            FlowKind::Gold => (Rgba::rgb(168, 116, 14), Rgba::rgb(255, 236, 140), 3),
            FlowKind::Current => (Rgba::rgb(40, 92, 170), Rgba::rgb(200, 240, 255), 1),
            FlowKind::River => (Rgba::rgb(230, 90, 14), Rgba::rgb(255, 230, 90), 1),
        };
        if flow.kind.is_belt() {
            self.rect(f, (0.0, 0.0), (1.0, 1.0), Some(BELT_HOUSING), None);
            for p in side_paths.iter().chain(std::iter::once(&main)) {
                self.line(f, p, 0.72, band);
            }
            for p in &side_paths {
                self.chevrons(f, p, 1, 0.45, 0.7, chevron);
            }
            self.chevrons(f, &main, count, 0.88, 1.0, chevron);
        } else {
            // Currents and rivers fill the square and show their flow as wavy arrows.
            let ground = if flow.kind == FlowKind::Current {
                Rgba::rgb(64, 128, 204)
            } else {
                Rgba::rgb(120, 34, 10)
            };
            self.rect(f, (0.0, 0.0), (1.0, 1.0), Some(ground), None);
            for p in side_paths.iter().chain(std::iter::once(&main)) {
                self.line(f, p, 0.5, band);
                self.line(f, &wavy(p), 0.05, chevron);
            }
            self.chevrons(f, &main, count, 0.85, 1.1, chevron);
        }
    }

    /// `count` chevrons along `path` (local points), the last at fraction `at` of its length.
    fn chevrons(
        &mut self,
        f: Frame,
        path: &[(f32, f32)],
        count: usize,
        at: f32,
        scale: f32,
        colour: Rgba,
    ) {
        let total = path_length(path);
        for i in 0..count {
            let d = total * at - i as f32 * 0.2;
            let Some(((x, y), (tx, ty))) = point_at(path, d) else {
                continue;
            };
            let (nx, ny) = (-ty, tx);
            let (w, l) = (0.2 * scale, 0.13 * scale);
            self.line(
                f,
                &[
                    (x - tx * l + nx * w, y - ty * l + ny * w),
                    (x, y),
                    (x - tx * l - nx * w, y - ty * l - ny * w),
                ],
                0.075 * scale,
                colour,
            );
        }
    }

    fn gear(&mut self, s: Square, spin: Spin) {
        let f = Frame::new(s, Facing::N);
        // Colour and arrow both tell the sense: green turns right (clockwise), red turns left.
        let body = match spin {
            Spin::Cw => Rgba::rgb(40, 150, 60),
            Spin::Ccw => Rgba::rgb(200, 44, 40),
        };
        for k in 0..8 {
            let a = k as f32 * TAU / 8.0;
            let (c, sn) = (a.cos(), a.sin());
            let (nx, ny) = (-sn, c);
            let tooth = |r: f32, w: f32| (0.5 + c * r + nx * w, 0.5 + sn * r + ny * w);
            self.poly(
                f,
                &[
                    tooth(0.3, -0.07),
                    tooth(0.44, -0.05),
                    tooth(0.44, 0.05),
                    tooth(0.3, 0.07),
                ],
                Some(Rgba::rgb(70, 70, 76)),
                None,
            );
        }
        self.circle(
            f,
            (0.5, 0.5),
            0.34,
            Some(body),
            Some(Stroke::new(0.03, INK)),
        );
        // A three-quarter arrow around the hub in the sense of rotation.
        let (a0, a1) = match spin {
            Spin::Cw => (-PI * 0.9, PI * 0.55),
            Spin::Ccw => (-PI * 0.1, -PI * 1.55),
        };
        self.round_arrow(f, 0.21, a0, a1, 16);
    }

    /// A white arrow along a circle about the square's centre, from angle `a0` to `a1` (`steps`
    /// segments), its head at `a1`: the gear's sense of rotation and the repeater's "again".
    fn round_arrow(&mut self, f: Frame, r: f32, a0: f32, a1: f32, steps: usize) {
        let pts = arc(0.5, 0.5, r, a0, a1, steps);
        self.line(f, &pts, 0.06, WHITE);
        let (ex, ey) = (0.5 + r * a1.cos(), 0.5 + r * a1.sin());
        let dir = if a1 > a0 { 1.0 } else { -1.0 };
        let (tx, ty) = (-a1.sin() * dir, a1.cos() * dir);
        let (nx, ny) = (-ty, tx);
        self.poly(
            f,
            &[
                (ex + tx * 0.11, ey + ty * 0.11),
                (ex + nx * 0.09, ey + ny * 0.09),
                (ex - nx * 0.09, ey - ny * 0.09),
            ],
            Some(WHITE),
            None,
        );
    }

    fn repair(&mut self, s: Square, wrenches: u8) {
        let f = Frame::new(s, Facing::N);
        self.circle(
            f,
            (0.5, 0.5),
            0.38,
            Some(Rgba::rgb(240, 240, 236)),
            Some(Stroke::new(0.04, Rgba::rgb(30, 120, 60))),
        );
        self.wrench(f, false);
        if wrenches >= 2 {
            self.wrench(f, true);
        }
    }

    /// A wrench on the diagonal of the square, mirrored for the second of a double repair site.
    fn wrench(&mut self, f: Frame, mirrored: bool) {
        let m = |x: f32, y: f32| if mirrored { (1.0 - x, y) } else { (x, y) };
        let colour = Rgba::rgb(40, 44, 52);
        self.line(f, &[m(0.32, 0.68), m(0.6, 0.4)], 0.08, colour);
        // Open jaw: a ring with a notch towards the outside.
        let (cx, cy) = m(0.64, 0.36);
        let (a0, a1) = if mirrored {
            (-PI * 0.25 + PI + 0.7, -PI * 0.25 + PI + TAU - 0.7)
        } else {
            (-PI * 0.25 + 0.7, -PI * 0.25 + TAU - 0.7)
        };
        let jaw = arc(cx, cy, 0.08, a0, a1, 12);
        self.line(f, &jaw, 0.06, colour);
        self.circle(f, m(0.32, 0.68), 0.05, Some(colour), None);
    }

    fn start(&mut self, s: Square, number: u8, facing: Facing) {
        let up = Frame::new(s, Facing::N);
        self.rect(
            up,
            (0.0, 0.0),
            (1.0, 1.0),
            Some(Rgba::rgb(52, 96, 78)),
            None,
        );
        self.rect(
            up,
            (0.07, 0.07),
            (0.93, 0.93),
            None,
            Some(Stroke::new(0.03, WHITE)),
        );
        let f = Frame::new(s, facing);
        self.poly(
            f,
            &[(0.34, 0.25), (0.5, 0.1), (0.66, 0.25)],
            Some(WHITE),
            None,
        );
        self.circle(up, (0.5, 0.5), 0.2, Some(WHITE), None);
        self.text(up, (0.5, 0.5), number.to_string(), 0.32, INK);
    }

    fn device(&mut self, s: Square, device: Device) {
        let f = Frame::new(s, Facing::N);
        match device {
            Device::Randomizer => {
                self.rect(
                    f,
                    (0.12, 0.12),
                    (0.88, 0.88),
                    Some(Rgba::rgb(120, 56, 170)),
                    Some(Stroke::new(0.04, INK)),
                );
                for &(x, y) in &[(0.24, 0.24), (0.76, 0.24), (0.24, 0.76), (0.76, 0.76)] {
                    self.circle(f, (x, y), 0.05, Some(WHITE), None);
                }
                self.text(f, (0.5, 0.5), "?", 0.5, WHITE);
            }
            Device::Teleporter => self.rings(f, Rgba::rgb(40, 210, 230), None),
            Device::FreakTeleporter => self.rings(f, Rgba::rgb(230, 60, 210), Some("?")),
            Device::Ramp(up) => self.ramp(s, up),
            Device::Portal(colour) => {
                let c = colour_of(colour);
                self.circle(
                    f,
                    (0.5, 0.5),
                    0.36,
                    Some(Rgba::rgb(16, 16, 26)),
                    Some(Stroke::new(0.12, c)),
                );
                self.circle(f, (0.5, 0.5), 0.16, None, Some(Stroke::new(0.05, c)));
                self.circle(f, (0.5, 0.5), 0.05, Some(c), None);
            }
            Device::RepulsorField => {
                self.rect(
                    f,
                    (0.0, 0.0),
                    (1.0, 1.0),
                    Some(Rgba::new(190, 150, 250, 150)),
                    None,
                );
                self.circle(f, (0.5, 0.5), 0.16, None, Some(Stroke::new(0.04, REPULSOR)));
                for side in Facing::ALL {
                    let g = Frame { up: side, ..f };
                    self.line(g, &[(0.36, 0.2), (0.5, 0.08), (0.64, 0.2)], 0.06, REPULSOR);
                }
            }
            Device::ChopShop => {
                self.rect(
                    f,
                    (0.1, 0.14),
                    (0.9, 0.86),
                    Some(Rgba::rgb(84, 86, 96)),
                    Some(Stroke::new(0.04, INK)),
                );
                self.text(f, (0.5, 0.36), "CHOP", 0.22, WHITE);
                self.text(f, (0.5, 0.64), "SHOP", 0.22, Rgba::rgb(250, 210, 60));
            }
            Device::Radiation => {
                self.circle(
                    f,
                    (0.5, 0.5),
                    0.38,
                    Some(Rgba::rgb(250, 220, 30)),
                    Some(Stroke::new(0.04, INK)),
                );
                self.trefoil(f, (0.5, 0.5), 0.32, INK);
            }
            Device::RadioactiveWaste => {
                self.rect(
                    f,
                    (0.26, 0.16),
                    (0.74, 0.86),
                    Some(Rgba::rgb(56, 140, 48)),
                    Some(Stroke::new(0.04, INK)),
                );
                self.line(f, &[(0.26, 0.3), (0.74, 0.3)], 0.04, INK);
                self.line(f, &[(0.26, 0.72), (0.74, 0.72)], 0.04, INK);
                self.circle(f, (0.5, 0.51), 0.16, Some(Rgba::rgb(250, 220, 30)), None);
                self.trefoil(f, (0.5, 0.51), 0.14, INK);
            }
            Device::Maglock(phases) => {
                let red = Rgba::rgb(210, 36, 36);
                let mut magnet = vec![(0.3, 0.14), (0.3, 0.42)];
                magnet.extend(arc(0.5, 0.42, 0.2, PI, 0.0, 12));
                magnet.push((0.7, 0.14));
                self.line(f, &magnet, 0.13, red);
                self.rect(
                    f,
                    (0.235, 0.1),
                    (0.365, 0.2),
                    Some(Rgba::rgb(210, 210, 220)),
                    None,
                );
                self.rect(
                    f,
                    (0.635, 0.1),
                    (0.765, 0.2),
                    Some(Rgba::rgb(210, 210, 220)),
                    None,
                );
                self.phases_badge(f, (0.5, 0.82), phases);
            }
            Device::Repeater => {
                let teal = Rgba::rgb(20, 140, 140);
                self.circle(
                    f,
                    (0.5, 0.5),
                    0.38,
                    Some(teal),
                    Some(Stroke::new(0.04, INK)),
                );
                self.round_arrow(f, 0.26, -PI * 0.35, PI * 1.35, 20);
                self.text(f, (0.5, 0.52), "x2", 0.22, WHITE);
            }
        }
    }

    /// Concentric rings: teleporters (and, with a question mark, the freak teleporter).
    fn rings(&mut self, f: Frame, colour: Rgba, mark: Option<&str>) {
        self.circle(f, (0.5, 0.5), 0.42, Some(Rgba::rgb(16, 24, 40)), None);
        for r in [0.36, 0.26, 0.16] {
            self.circle(f, (0.5, 0.5), r, None, Some(Stroke::new(0.045, colour)));
        }
        match mark {
            Some(m) => self.text(f, (0.5, 0.5), m, 0.24, WHITE),
            None => self.circle(f, (0.5, 0.5), 0.06, Some(colour), None),
        }
    }

    fn ramp(&mut self, s: Square, up: Facing) {
        let f = Frame::new(s, up);
        // Bands lighter towards the top of the slope, and a big arrow pointing up it.
        for (i, shade) in [120u8, 145, 170, 195].iter().enumerate() {
            let y0 = 1.0 - (i as f32 + 1.0) * 0.25;
            self.rect(
                f,
                (0.0, y0),
                (1.0, y0 + 0.25),
                Some(Rgba::rgb(*shade, *shade - 20, *shade - 50)),
                None,
            );
        }
        self.rect(f, (0.42, 0.42), (0.58, 0.88), Some(WHITE), None);
        self.poly(
            f,
            &[(0.22, 0.46), (0.5, 0.12), (0.78, 0.46)],
            Some(WHITE),
            Some(Stroke::new(0.02, INK)),
        );
    }

    fn crusher(&mut self, s: Square, phases: Phases) {
        let f = Frame::new(s, Facing::N);
        let jaw = Rgba::rgb(140, 24, 24);
        let teeth = Rgba::rgb(214, 214, 222);
        for (y0, y1, dir) in [(0.04, 0.18, 1.0f32), (0.82, 0.96, -1.0)] {
            self.rect(
                f,
                (0.04, y0),
                (0.96, y1),
                Some(jaw),
                Some(Stroke::new(0.02, INK)),
            );
            let base = if dir > 0.0 { y1 } else { y0 };
            for k in 0..4 {
                let x = 0.1 + k as f32 * 0.2;
                self.poly(
                    f,
                    &[(x, base), (x + 0.2, base), (x + 0.1, base + dir * 0.16)],
                    Some(teeth),
                    Some(Stroke::new(0.015, INK)),
                );
            }
        }
        self.phases_badge(f, (0.5, 0.5), phases);
    }

    fn laser_beam(&mut self, mount: Square, dir: Facing, beams: u8, squares: &[Square]) {
        let Some(&last) = squares.last() else { return };
        let (dx, dy) = dir.delta();
        let (dx, dy) = (dx as f32, dy as f32);
        // From the mount's wall to the far side of the last square.
        let start = (
            mount.x as f32 + 0.5 - dx * 0.5,
            mount.y as f32 + 0.5 - dy * 0.5,
        );
        let end = (
            last.x as f32 + 0.5 + dx * 0.5,
            last.y as f32 + 0.5 + dy * 0.5,
        );
        let (nx, ny) = (-dy, dx);
        for i in 0..beams {
            let off = beam_offset(i, beams);
            self.shapes.push(Shape::Polyline {
                points: vec![
                    Point::new(start.0 + nx * off, start.1 + ny * off),
                    Point::new(end.0 + nx * off, end.1 + ny * off),
                ],
                stroke: Stroke::new(0.04, Rgba::new(255, 40, 40, 230)),
            });
        }
    }

    fn repulsor_beam(&mut self, dir: Facing, squares: &[Square]) {
        let (dx, dy) = dir.delta();
        for s in squares {
            for k in 0..3 {
                let t = -0.33 + k as f32 * 0.33;
                self.shapes.push(Shape::Circle {
                    center: Point::new(
                        s.x as f32 + 0.5 + dx as f32 * t,
                        s.y as f32 + 0.5 + dy as f32 * t,
                    ),
                    radius: 0.045,
                    fill: Some(REPULSOR.with_alpha(200)),
                    stroke: None,
                });
            }
        }
    }

    /// A barrier on side `side` of `s`. `anchored_here` says whether `s` is its anchor (the red,
    /// spiked, upper or coloured side).
    fn barrier(&mut self, s: Square, side: Facing, barrier: Barrier, anchored_here: bool) {
        // Drawn from the anchor's point of view: the edge is local north, the anchor is below it.
        let f = if anchored_here {
            Frame::new(s, side)
        } else {
            Frame::new(s.step(side), side.opposite())
        };
        let t = WALL_HALF;
        let outline = Some(Stroke::new(0.02, INK));
        match barrier {
            Barrier::Plain => {
                self.rect(f, (-0.03, -t), (1.03, t), Some(WALL), outline);
            }
            Barrier::OneWay => {
                self.two_sided_wall(f, Rgba::rgb(226, 30, 30), Rgba::rgb(40, 190, 70));
            }
            Barrier::Spiked => {
                self.rect(
                    f,
                    (-0.03, -t),
                    (1.03, t),
                    Some(Rgba::rgb(110, 112, 122)),
                    outline,
                );
                for k in 0..5 {
                    let x = 0.05 + k as f32 * 0.18;
                    self.poly(
                        f,
                        &[(x, t), (x + 0.18, t), (x + 0.09, t + 0.17)],
                        Some(Rgba::rgb(220, 222, 232)),
                        Some(Stroke::new(0.015, INK)),
                    );
                }
            }
            Barrier::Ledge => {
                // The upper side is the anchor; hachures hang down towards the lower side.
                self.rect(
                    f,
                    (-0.03, -0.03),
                    (1.03, 0.05),
                    Some(Rgba::rgb(150, 100, 50)),
                    outline,
                );
                for k in 0..6 {
                    let x = 0.04 + k as f32 * 0.16;
                    self.poly(
                        f,
                        &[(x, -0.03), (x + 0.12, -0.03), (x + 0.06, -0.16)],
                        Some(Rgba::rgb(110, 70, 30)),
                        None,
                    );
                }
            }
            Barrier::Gate(colour) => {
                let c = colour_of(colour);
                self.two_sided_wall(f, c, Rgba::rgb(50, 50, 56));
                // An arrow in the gate's colour: robots go in from this side.
                self.line(f, &[(0.32, 0.32), (0.5, 0.18), (0.68, 0.32)], 0.07, c);
            }
        }
    }

    /// A wall of two halves along the frame's north edge: `anchor` on the anchor's side (below the
    /// edge), `other` beyond it. One-way walls and gates say which side is which this way.
    fn two_sided_wall(&mut self, f: Frame, anchor: Rgba, other: Rgba) {
        let t = WALL_HALF;
        let outline = Some(Stroke::new(0.02, INK));
        self.rect(f, (-0.03, 0.0), (1.03, t + 0.02), Some(anchor), outline);
        self.rect(f, (-0.03, -t - 0.02), (1.03, 0.0), Some(other), outline);
    }

    fn mount(&mut self, s: Square, side: Facing, mount: Mount) {
        let f = Frame::new(s, side);
        match mount {
            Mount::Laser(beams) => {
                self.poly(
                    f,
                    &[(0.28, 0.0), (0.72, 0.0), (0.62, 0.2), (0.38, 0.2)],
                    Some(Rgba::rgb(60, 60, 66)),
                    Some(Stroke::new(0.02, INK)),
                );
                let n = beams.get();
                for i in 0..n {
                    let x = 0.5 + beam_offset(i, n);
                    self.circle(f, (x, 0.13), 0.04, Some(LASER_RED), None);
                }
            }
            Mount::Pusher(phases) => {
                self.rect(
                    f,
                    (0.14, 0.0),
                    (0.86, 0.16),
                    Some(Rgba::rgb(244, 206, 40)),
                    Some(Stroke::new(0.02, INK)),
                );
                for k in 0..4 {
                    let x = 0.18 + k as f32 * 0.17;
                    self.poly(
                        f,
                        &[(x, 0.0), (x + 0.08, 0.0), (x + 0.0, 0.16), (x - 0.08, 0.16)],
                        Some(INK),
                        None,
                    );
                }
                self.rect(
                    f,
                    (0.44, 0.16),
                    (0.56, 0.24),
                    Some(Rgba::rgb(120, 120, 130)),
                    None,
                );
                self.phases_badge(f, (0.5, 0.38), phases);
            }
            Mount::Flamer(phases) => {
                self.rect(
                    f,
                    (0.3, 0.0),
                    (0.7, 0.12),
                    Some(Rgba::rgb(70, 60, 56)),
                    Some(Stroke::new(0.02, INK)),
                );
                self.poly(
                    f,
                    &[(0.34, 0.12), (0.66, 0.12), (0.5, 0.5)],
                    Some(Rgba::rgb(250, 120, 20)),
                    None,
                );
                self.poly(
                    f,
                    &[(0.4, 0.12), (0.6, 0.12), (0.5, 0.36)],
                    Some(Rgba::rgb(255, 220, 60)),
                    None,
                );
                self.phases_badge(f, (0.5, 0.66), phases);
            }
            Mount::Repulsor(phases) => {
                self.rect(
                    f,
                    (0.26, 0.0),
                    (0.74, 0.12),
                    Some(REPULSOR),
                    Some(Stroke::new(0.02, INK)),
                );
                for r in [0.12f32, 0.2] {
                    let pts = arc(0.5, 0.1, r, PI * 0.25, PI * 0.75, 8);
                    self.line(f, &pts, 0.035, REPULSOR);
                }
                self.phases_badge(f, (0.5, 0.5), phases);
            }
        }
    }

    fn grid(&mut self, w: i32, h: i32) {
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

    fn archive(&mut self, s: Square) {
        let f = Frame::new(s, Facing::N);
        let purple = Rgba::rgb(130, 40, 200);
        self.circle(f, (0.5, 0.5), 0.44, None, Some(Stroke::new(0.06, purple)));
        self.rect(f, (0.22, 0.8), (0.78, 0.98), Some(purple), None);
        self.text(f, (0.5, 0.89), "start", 0.16, WHITE);
    }

    fn flag(&mut self, s: Square, number: u32) {
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

    fn path(&mut self, squares: &[Square], colour: Rgba) {
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

/// How far beam `i` of `beams` lies beside the laser's centre line: beams are 0.1 apart, centred,
/// so the dots on a mount line up with the lines it fires.
fn beam_offset(i: u8, beams: u8) -> f32 {
    (i as f32 - (beams as f32 - 1.0) / 2.0) * 0.1
}

/// A quarter turn from an entry side to the out side (local north), with a tiny straight stub at
/// each end so a thick band's square ends lie exactly on the square's edges.
fn turn_path(mut arc: Vec<(f32, f32)>) -> Vec<(f32, f32)> {
    let stub = 0.002;
    if let (Some(&(x, y)), Some(&(x1, _))) = (arc.first(), arc.get(1)) {
        // The entry point is on the west or east edge: the path leaves it horizontally.
        let dx = if x1 > x { stub } else { -stub };
        arc.insert(1, (x + dx, y));
    }
    if let Some(&(x, y)) = arc.last() {
        let n = arc.len();
        arc.insert(n - 1, (x, y + stub));
    }
    arc
}

fn path_length(path: &[(f32, f32)]) -> f32 {
    path.windows(2)
        .map(|w| ((w[1].0 - w[0].0).powi(2) + (w[1].1 - w[0].1).powi(2)).sqrt())
        .sum()
}

/// The point at distance `d` along `path` and the unit tangent there.
fn point_at(path: &[(f32, f32)], d: f32) -> Option<((f32, f32), (f32, f32))> {
    if d < 0.0 {
        return None;
    }
    let mut left = d;
    for w in path.windows(2) {
        let (dx, dy) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
        let len = (dx * dx + dy * dy).sqrt();
        if len <= 0.0 {
            continue;
        }
        if left <= len {
            let t = left / len;
            return Some(((w[0].0 + dx * t, w[0].1 + dy * t), (dx / len, dy / len)));
        }
        left -= len;
    }
    None
}

/// A wave along `path`, for currents and rivers.
fn wavy(path: &[(f32, f32)]) -> Vec<(f32, f32)> {
    let total = path_length(path);
    let n = 16;
    (0..=n)
        .filter_map(|i| {
            let d = total * i as f32 / n as f32;
            let ((x, y), (tx, ty)) = point_at(path, d.min(total - 1e-4))?;
            let a = 0.06 * (d / total * TAU * 2.0).sin();
            Some((x - ty * a, y + tx * a))
        })
        .collect()
}
