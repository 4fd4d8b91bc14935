//! The heat map's legend (issue 19): what the colour counts and its scale, from one square hit
//! once (faint) to the most-hit square (strongest), over the test drive's board.

use super::drive_panel::{DAMAGE_COLOUR, DESTROYED_COLOUR, DriveResults, Heat, heat_alpha};
use crate::app::canvas::BoardView;
use egui::{Color32, Ui};

/// How many steps of the scale the legend shows.
const STEPS: u32 = 5;

/// The legend in the bottom-left corner of the board: a title, a strip of colour steps, and the
/// count each step stands for.
pub fn heat_legend_ui(ui: &Ui, view: &BoardView, r: &DriveResults, heat: Heat) {
    let Some(canvas) = view.canvas() else {
        return;
    };
    let (grid, colour, what) = match heat {
        Heat::Destroyed => (
            &r.stats.destroyed,
            DESTROYED_COLOUR,
            "Robots destroyed on the square",
        ),
        Heat::Damage => (&r.stats.damage, DAMAGE_COLOUR, "Damage taken on the square"),
    };
    let max = grid.iter().flatten().copied().max().unwrap_or(0);
    egui::Area::new(egui::Id::unique("heat_legend"))
        .fixed_pos(canvas.left_bottom() + egui::vec2(8.0, -8.0))
        .pivot(egui::Align2::LEFT_BOTTOM)
        .order(egui::Order::Middle)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.strong(format!("Heat map: {what}"));
                ui.label(format!("over {} games", r.stats.games));
                if max == 0 {
                    ui.weak("none in these games");
                    return;
                }
                ui.horizontal(|ui| {
                    for k in 1..=STEPS {
                        let n = (max * k).div_ceil(STEPS).max(1);
                        ui.vertical(|ui| {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(36.0, 16.0), egui::Sense::hover());
                            let c = Color32::from_rgba_unmultiplied(
                                colour.r,
                                colour.g,
                                colour.b,
                                heat_alpha(n, max),
                            );
                            ui.painter().rect_filled(rect, 2.0, c);
                            ui.small(n.to_string());
                        });
                    }
                });
                ui.weak(format!("Scale: 1 (faintest) to {max} (strongest)"));
            });
        });
}
