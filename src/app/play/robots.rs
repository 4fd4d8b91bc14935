//! The robot panel of the play view: each robot's status, damage, lives, flags, archive, power,
//! registers and options.

use super::PlayView;
use super::choices_ui;
use super::labels::robot_colour;
use crate::engine::Status;
use egui::{RichText, Ui};

impl PlayView {
    /// Each robot's damage, locked registers, lives, flags, archive and power.
    pub(super) fn robots_ui(&mut self, ui: &mut Ui) {
        ui.heading("Robots");
        let Some(s) = self.session.as_ref() else {
            ui.weak("No game yet.");
            return;
        };
        let game = s.game();
        let flags = s.arena().maps.flag_count();
        for (i, r) in game.robots().iter().enumerate() {
            let name = &game.names()[i];
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(RichText::new(name).color(robot_colour(i)).strong());
                    let status = match r.status {
                        Status::Active if r.powered_down => "powered down".to_string(),
                        Status::Active if r.is_virtual => "on the board (virtual)".to_string(),
                        Status::Active => "on the board".to_string(),
                        Status::Destroyed => "destroyed: re-enters next turn".to_string(),
                        Status::Eliminated => "out of lives".to_string(),
                        Status::Finished => format!("finished, place {}", r.place.unwrap_or(0)),
                    };
                    ui.label(status);
                });
                ui.label(format!(
                    "damage {} / 10   lives {}   flags {} / {flags}",
                    r.damage, r.lives, r.flags
                ));
                ui.label(format!(
                    "at {} facing {}   archive {}",
                    r.square, r.facing, r.archive
                ));
                if r.announced_power_down {
                    ui.label("announced a power down for next turn");
                }
                ui.horizontal(|ui| {
                    ui.label("registers");
                    for (k, reg) in r.registers.iter().enumerate() {
                        let text = reg.map_or("-".to_string(), |c| c.kind.name().to_string());
                        let locked = r.is_locked(k);
                        let mut rt = RichText::new(text).monospace();
                        if locked {
                            rt = rt.color(ui.visuals().error_fg_color);
                        }
                        let l = ui.label(rt);
                        if locked {
                            l.on_hover_text(format!("Register {} is locked by damage", k + 1));
                        }
                    }
                });
                choices_ui::robot_options_ui(ui, game, i);
            });
        }
    }
}
