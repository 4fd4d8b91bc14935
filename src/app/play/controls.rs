//! The play view's controls below the board: previous step, next phase, next turn, play and
//! pause with the speed, replay from here, and the timeline.

use super::PlayView;
use egui::Ui;

impl PlayView {
    pub(super) fn controls_ui(&mut self, ui: &mut Ui, now: f64) {
        let Some(s) = self.session.as_ref() else {
            ui.label("Choose the robots and press Start.");
            return;
        };
        let (cursor, len) = (s.cursor(), s.steps().len());
        // While a worker takes the next steps the timeline stays where it is.
        let stepping = self.stepping.is_some();
        let can_forward = s.can_step_forward() && !stepping;
        let waiting = s.waiting_for();
        let over = s.at_end() && s.game().is_over();
        let at_end = s.at_end();
        let label = s.step().kind.label();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(cursor > 0 && !stepping, egui::Button::new("Previous step"))
                .on_hover_text("Show the step before (the timeline keeps every step)")
                .clicked()
            {
                self.seek(cursor.saturating_sub(1));
            }
            if ui
                .add_enabled(can_forward, egui::Button::new("Next phase"))
                .on_hover_text("Run the next step: cards dealt, a register phase, end of turn")
                .clicked()
            {
                self.step_forward(now);
            }
            if ui
                .add_enabled(can_forward, egui::Button::new("Next turn"))
                .on_hover_text("Run to the end of the turn")
                .clicked()
            {
                self.next_turn(now);
            }
            let play_text = if self.playing { "Pause" } else { "Play" };
            if ui
                .add_enabled(can_forward || self.playing, egui::Button::new(play_text))
                .on_hover_text("Step on its own, animated")
                .clicked()
            {
                self.playing = !self.playing;
            }
            let l = ui.label("Speed");
            ui.add(
                egui::Slider::new(&mut self.speed, 0.25..=8.0)
                    .logarithmic(true)
                    .suffix("x"),
            )
            .labelled_by(l.id)
            .on_hover_text("How fast steps are animated and played");
            if ui
                .add_enabled(!at_end && !stepping, egui::Button::new("Replay from here"))
                .on_hover_text("Forget the later steps and play on from this one")
                .clicked()
                && let Some(s) = self.session.as_mut()
            {
                s.replay_from_here();
            }
            ui.separator();
            ui.strong(&label);
            if stepping {
                ui.label("- the robots are moving...");
            } else if over {
                ui.label("- the game is over");
            } else if !waiting.is_empty() {
                ui.colored_label(ui.visuals().warn_fg_color, "- waiting for your program");
            }
        });
        let mut index = cursor;
        ui.horizontal(|ui| {
            let l = ui.label("Timeline");
            ui.spacing_mut().slider_width = (ui.available_width() - 120.0).max(100.0);
            ui.add_enabled(
                !stepping,
                egui::Slider::new(&mut index, 0..=len.saturating_sub(1)).show_value(false),
            )
            .labelled_by(l.id)
            .on_hover_text("Drag to any earlier step");
            ui.label(format!("step {} of {}", cursor + 1, len));
        });
        if index != cursor {
            self.seek(index);
        }
    }
}
