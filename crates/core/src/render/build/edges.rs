//! What stands on an edge: walls of every kind, the wall mounts (lasers, pushers, flamers,
//! repulsors) and the beams the lasers and repulsors send across the board.

use super::pen::{Builder, Frame, INK, REPULSOR, arc, colour_of};
use crate::engine::Factory;
use crate::geom::{Facing, Square};
use crate::model::{Barrier, Mount};
use crate::render::scene::{Point, Rgba, Shape, Stroke};
use std::f32::consts::PI;

const WALL: Rgba = Rgba::rgb(245, 196, 0);
const LASER_RED: Rgba = Rgba::rgb(230, 30, 30);
/// Half the thickness of a wall drawn on an edge, in board units.
const WALL_HALF: f32 = 0.075;

impl Builder {
    /// A barrier on side `side` of `s`. `anchored_here` says whether `s` is its anchor (the red,
    /// spiked, upper or coloured side).
    pub(super) fn barrier(
        &mut self,
        s: Square,
        side: Facing,
        barrier: Barrier,
        anchored_here: bool,
    ) {
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

    pub(super) fn mount(&mut self, s: Square, side: Facing, mount: Mount) {
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

    pub(super) fn laser_beam(&mut self, mount: Square, dir: Facing, beams: u8, squares: &[Square]) {
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

    pub(super) fn repulsor_beam(&mut self, dir: Facing, squares: &[Square]) {
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
}

impl Builder {
    /// The beams of a cube's board lasers and repulsors from the engine's tables: each line's
    /// squares in runs of neighbours on the net, a run after a folded board edge drawn on the
    /// board it folds onto, travelling the way the fold turns it (`Factory::next`).
    pub(super) fn folded_beams(&mut self, factory: &Factory) {
        for line in factory.lasers() {
            for (dir, run) in runs(factory, line.direction, &line.cells) {
                self.laser_beam(run[0], dir, line.beams, &run);
            }
        }
        for line in factory.repulsors() {
            for (dir, run) in runs(factory, line.direction, &line.cells) {
                self.repulsor_beam(dir, &run);
            }
        }
    }
}

/// A traced beam's cells cut into runs of squares that follow each other on the net, each with
/// the way the beam travels along it.
fn runs(factory: &Factory, dir: Facing, cells: &[u32]) -> Vec<(Facing, Vec<Square>)> {
    let mut out: Vec<(Facing, Vec<Square>)> = Vec::new();
    let mut way = dir;
    for &c in cells {
        let s = factory.square_of(c as usize);
        if let Some((d, run)) = out.last_mut()
            && let Some(&prev) = run.last()
        {
            let (next, travel) = factory.next(prev, *d);
            if next == s && travel == *d {
                run.push(s);
                continue;
            }
            if next == s {
                way = travel;
            }
        }
        out.push((way, vec![s]));
    }
    out
}

/// How far beam `i` of `beams` lies beside the laser's centre line: beams are 0.1 apart, centred,
/// so the dots on a mount line up with the lines it fires.
fn beam_offset(i: u8, beams: u8) -> f32 {
    (i as f32 - (beams as f32 - 1.0) / 2.0) * 0.1
}
