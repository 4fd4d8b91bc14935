//! Belts, currents and rivers: bands along each path from an entry side to the out side, with
//! chevrons or waves that show which way things move.

use super::pen::{Builder, Frame, INK, WHITE, arc};
use crate::geom::Square;
use crate::model::{Flow, FlowKind, FlowShape};
use crate::render::scene::Rgba;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

const BELT_HOUSING: Rgba = Rgba::rgb(72, 74, 80);

impl Builder {
    /// A belt, current or river piece: a band (or wave) along each path from an entry side to the
    /// out side, chevrons showing the direction: one, two or three for belt, express and gold.
    pub(super) fn flow(&mut self, s: Square, flow: Flow) {
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
