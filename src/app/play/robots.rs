//! The robot panel of the play view: each robot's status, damage, lives, flags, archive, power,
//! registers and options.

use super::PlayView;
use super::choices_ui;
use super::labels::robot_colour;
use super::session::{Controller, Session};
use crate::engine::{Event, OptionCard, Status};
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
        ui.weak(format!("Rules: {}", s.arena().rules));
        let revealed = revealed_options(s);
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
                // Secret Options (seed 003 section 8.4): only people's robots show their options;
                // the others' are face-down cards until a use reveals them.
                let secret = game.settings.house.secret_options
                    && s.controllers().get(i) != Some(&Controller::You);
                if secret {
                    face_down_options_ui(ui, game, i, &revealed);
                } else {
                    choices_ui::robot_options_ui(ui, game, i);
                }
            });
        }
    }
}

/// The options each robot has used so far in the game shown (robot, option): face up under
/// Secret Options, by the engine's rule (`Event::reveals_option`).
fn revealed_options(s: &Session) -> Vec<(usize, OptionCard)> {
    s.steps()[..=s.cursor().min(s.steps().len().saturating_sub(1))]
        .iter()
        .flat_map(|step| step.events.iter())
        .filter_map(Event::reveals_option)
        .collect()
}

/// Robot `id`'s options under Secret Options: the ones it has used by name, the rest face down.
fn face_down_options_ui(
    ui: &mut Ui,
    game: &crate::engine::Game,
    id: usize,
    revealed: &[(usize, OptionCard)],
) {
    let held = game.options(id);
    if held.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("options");
        for o in held.iter() {
            if revealed.contains(&(id, o)) {
                ui.label(RichText::new(o.name()).italics())
                    .on_hover_text(o.rule_text());
            } else {
                ui.label(RichText::new("[face down]").monospace())
                    .on_hover_text("Secret Options: kept face down until used");
            }
        }
    });
}
