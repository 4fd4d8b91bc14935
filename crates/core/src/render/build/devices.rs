//! What stands on a square: gears, repair sites, start squares, crushers and the devices
//! (randomizers, teleporters, ramps, portals, repulsor fields and the rest).

use super::pen::{Builder, Frame, INK, REPULSOR, WHITE, arc, colour_of};
use crate::geom::{Facing, Square};
use crate::model::{Device, Phases, Spin};
use crate::render::scene::{Rgba, Stroke};
use std::f32::consts::{PI, TAU};

impl Builder {
    pub(super) fn gear(&mut self, s: Square, spin: Spin) {
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

    pub(super) fn repair(&mut self, s: Square, wrenches: u8) {
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

    pub(super) fn start(&mut self, s: Square, number: u8, facing: Facing) {
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

    pub(super) fn device(&mut self, s: Square, device: Device) {
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

    pub(super) fn crusher(&mut self, s: Square, phases: Phases) {
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
}
