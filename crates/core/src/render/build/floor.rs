//! Floors: open floor, pits, drains, water, slime, oil, lava pits, trap doors and raised squares.

use super::pen::{Builder, Frame, INK};
use crate::geom::{Facing, Square};
use crate::model::{Floor, Level, SquareSpec};
use crate::render::scene::{Rgba, Stroke};
use std::f32::consts::TAU;

const FLOOR: Rgba = Rgba::rgb(176, 180, 184);
const FLOOR_SEAM: Rgba = Rgba::rgb(150, 154, 158);

impl Builder {
    /// Floor, pits and everything flat under the square's devices.
    pub(super) fn square_floor(&mut self, s: Square, spec: &SquareSpec) {
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
}
