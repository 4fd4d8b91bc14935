//! The play view's board: the course with the robots where the animation has them, laser shots
//! as they fire, robots sharing a square fanned out.

use super::PlayView;
use super::anim::{Pose, centre, poses_of};
use super::labels::robot_colour;
use crate::app::state::shown::HoverInfo;
use crate::geom::Square;
use egui::emath::RectTransform;
use egui::{Color32, Pos2, Stroke, Ui, Vec2};

impl PlayView {
    pub(super) fn board_ui(&mut self, ui: &mut Ui, now: f64) {
        let (poses, shots) = match (&self.session, &self.playback) {
            (Some(s), Some(p)) if p.step == s.cursor() => {
                let t = self.progress(p, now);
                if t < 1.0 || p.frozen.is_some() {
                    if p.frozen.is_none() {
                        ui.ctx().request_repaint();
                    }
                    p.anim.at(t)
                } else {
                    (poses_of(s.game()), Vec::new())
                }
            }
            (Some(s), _) => (poses_of(s.game()), Vec::new()),
            (None, _) => (Vec::new(), Vec::new()),
        };
        let powered_down: Vec<bool> = self.session.as_ref().map_or(Vec::new(), |s| {
            s.game().robots().iter().map(|r| r.powered_down).collect()
        });
        // Moving flags and the Dice Rule: each flag where the game has it now, with its die.
        let flags: Vec<FlagNow> = self.session.as_ref().map_or(Vec::new(), |s| {
            let g = s.game();
            let starts = g.factory().flags();
            g.flag_squares()
                .into_iter()
                .zip(starts)
                .enumerate()
                .map(|(k, (now, &start))| FlagNow {
                    number: k as u8 + 1,
                    now,
                    start,
                    die: g.die_points(k as u8 + 1),
                })
                .filter(|f| f.now != f.start || f.die.is_some())
                .collect()
        });
        // Robots on one square (virtual ones) are fanned out a little so each can be seen.
        let mut poses = poses;
        let at: Vec<(Pos2, bool)> = poses.iter().map(|p| (p.pos, p.alpha > 0.0)).collect();
        for i in 0..poses.len() {
            let sharing = (0..i)
                .filter(|&j| at[j].1 && (at[j].0 - at[i].0).length() < 0.05)
                .count();
            if sharing > 0 && poses[i].alpha > 0.0 {
                let turn = sharing as f32 * std::f32::consts::FRAC_PI_4 * 3.0;
                poses[i].pos += Vec2::new(turn.cos(), turn.sin()) * 0.22;
            }
        }
        let scene = &self.scene;
        let (cache, colours) = (&mut self.board_cache, self.colours);
        let response = self
            .board_view
            .ui(ui, &self.arena.board, |painter, to_screen| {
                // The course never changes in the play view: one revision.
                cache.paint(painter, scene, 0, to_screen, colours);
                let scale = to_screen.scale().x;
                for f in &flags {
                    paint_flag_now(painter, to_screen, scale, f);
                }
                for (line, strength) in &shots {
                    let colour = if line.by_robot {
                        Color32::from_rgb(255, 60, 200)
                    } else {
                        Color32::from_rgb(255, 30, 30)
                    };
                    let a = to_screen.transform_pos(line.from);
                    let b = to_screen.transform_pos(line.to);
                    painter.line_segment(
                        [a, b],
                        Stroke::new(0.12 * scale * strength, colour.gamma_multiply(*strength)),
                    );
                    painter.circle_filled(b, 0.2 * scale * strength, colour.gamma_multiply(0.6));
                }
                for (i, pose) in poses.iter().enumerate() {
                    paint_robot(
                        painter,
                        to_screen.transform_pos(pose.pos),
                        scale,
                        pose,
                        i,
                        powered_down.get(i).copied().unwrap_or(false),
                    );
                }
            });
        let hovered = response
            .hovered_square
            .map(|s| HoverInfo::of(&self.arena.board, s));
        if hovered != self.hovered {
            self.hovered = hovered;
            // The bar below the board was drawn before the board: draw it again.
            ui.ctx().request_repaint();
        }
    }

    /// The bar below the board: the square under the pointer and, for each element on it, its
    /// name and the ruling sentence a designer would otherwise guess (issue 22 item 3).
    pub(super) fn square_rules_ui(&self, ui: &mut Ui) {
        let Some(info) = &self.hovered else {
            ui.weak("Point at a square to read the rules of what is on it.");
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.monospace(info.square.to_string());
            if info.kinds.is_empty() {
                ui.weak(if info.on_board {
                    "open floor"
                } else {
                    "off the board: a robot that goes here is destroyed"
                });
            }
            for (kind, side) in &info.kinds {
                let name = match side {
                    Some(side) => format!("{} ({side} side):", kind.name()),
                    None => format!("{}:", kind.name()),
                };
                ui.strong(name);
                ui.label(kind.rule());
            }
        });
    }
}

/// A flag the game has moved from its start square or blockaded with a die.
struct FlagNow {
    number: u8,
    now: Square,
    start: Square,
    die: Option<u8>,
}

/// A moved flag: its printed start square dimmed with a dashed ring, and a pennant with its number
/// where it stands now; a die: a white die with its points left on the flag's square.
fn paint_flag_now(painter: &egui::Painter, to_screen: RectTransform, scale: f32, f: &FlagNow) {
    if f.now != f.start {
        let c = to_screen.transform_pos(centre(f.start));
        let half = Vec2::splat(0.45 * scale);
        painter.rect_filled(
            egui::Rect::from_center_size(c, half * 2.0),
            0.0,
            Color32::from_black_alpha(110),
        );
        painter.text(
            c,
            egui::Align2::CENTER_CENTER,
            format!("{} start", f.number),
            egui::FontId::proportional((0.2 * scale).max(6.0)),
            Color32::from_gray(230),
        );
        let at = to_screen.transform_pos(centre(f.now));
        let pole_top = at + Vec2::new(-0.2, -0.38) * scale;
        let pole_foot = at + Vec2::new(-0.2, 0.38) * scale;
        let ink = Color32::from_gray(20);
        painter.line_segment(
            [pole_top, pole_foot],
            Stroke::new((0.05 * scale).max(1.0), ink),
        );
        painter.add(egui::Shape::convex_polygon(
            vec![
                pole_top,
                pole_top + Vec2::new(0.55, 0.2) * scale,
                pole_top + Vec2::new(0.0, 0.4) * scale,
            ],
            Color32::from_rgb(230, 40, 30),
            Stroke::new((0.03 * scale).max(1.0), ink),
        ));
        // The number on a white disc, as the board draws a flag, so it reads on belts too.
        let disc = at + Vec2::new(0.12, 0.18) * scale;
        painter.circle(
            disc,
            0.2 * scale,
            Color32::WHITE,
            Stroke::new((0.03 * scale).max(1.0), ink),
        );
        painter.text(
            disc,
            egui::Align2::CENTER_CENTER,
            f.number.to_string(),
            egui::FontId::proportional((0.3 * scale).max(7.0)),
            ink,
        );
    }
    if let Some(points) = f.die {
        let at = to_screen.transform_pos(centre(f.now)) + Vec2::new(0.18, -0.18) * scale;
        let rect = egui::Rect::from_center_size(at, Vec2::splat(0.46 * scale));
        painter.rect(
            rect,
            0.08 * scale,
            Color32::WHITE,
            Stroke::new((0.04 * scale).max(1.0), Color32::from_gray(20)),
            egui::StrokeKind::Inside,
        );
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            points.to_string(),
            egui::FontId::proportional((0.34 * scale).max(7.0)),
            Color32::from_rgb(180, 0, 0),
        );
    }
}

/// A robot: a disc in its colour with a nose pointing where it faces and its number; a virtual
/// robot is drawn see-through with a dashed look (a thin ring), a powered-down one greyed.
fn paint_robot(
    painter: &egui::Painter,
    centre: Pos2,
    scale: f32,
    pose: &Pose,
    i: usize,
    powered_down: bool,
) {
    if pose.alpha <= 0.01 {
        return;
    }
    let mut colour = robot_colour(i);
    if powered_down {
        colour = Color32::from_gray(140);
    }
    let body = if pose.is_virtual {
        colour.gamma_multiply(0.45 * pose.alpha)
    } else {
        colour.gamma_multiply(pose.alpha)
    };
    let r = 0.34 * scale;
    painter.circle(
        centre,
        r,
        body,
        Stroke::new(
            (0.05 * scale).max(1.0),
            Color32::from_gray(20).gamma_multiply(pose.alpha),
        ),
    );
    let dir = Vec2::new(pose.angle.sin(), -pose.angle.cos());
    let side = Vec2::new(-dir.y, dir.x);
    let tip = centre + dir * (0.46 * scale);
    let base = centre + dir * (0.18 * scale);
    painter.add(egui::Shape::convex_polygon(
        vec![
            tip,
            base + side * (0.16 * scale),
            base - side * (0.16 * scale),
        ],
        Color32::WHITE.gamma_multiply(pose.alpha),
        Stroke::new(
            (0.03 * scale).max(1.0),
            Color32::from_gray(20).gamma_multiply(pose.alpha),
        ),
    ));
    painter.text(
        centre - dir * (0.1 * scale),
        egui::Align2::CENTER_CENTER,
        format!("{}", i + 1),
        egui::FontId::proportional((0.3 * scale).max(6.0)),
        Color32::WHITE.gamma_multiply(pose.alpha),
    );
}
