//! Drawing the play view: the two tabs (one game step by step, the test drive) and the panels of
//! the game tab, each drawn by its own file.

use super::heat_legend::heat_legend_ui;
use super::{PlayTab, PlayView};
use crate::app::canvas::paint::ColourMap;
use egui::Ui;

impl PlayView {
    /// Draws the play view in the window below the menus. Returns true when the user asks to go
    /// back to the editor.
    pub fn ui(&mut self, ui: &mut Ui, colours: ColourMap) -> bool {
        self.colours = colours;
        self.drive.colours = colours;
        let mut leave = false;
        egui::Panel::top("play_tabs").show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button("Back to editor")
                    .on_hover_text("Leave the play view (F5)")
                    .clicked()
                {
                    leave = true;
                }
                ui.separator();
                ui.selectable_value(&mut self.tab, PlayTab::Game, "Game")
                    .on_hover_text("Play one game step by step");
                ui.selectable_value(&mut self.tab, PlayTab::Drive, "Test drive")
                    .on_hover_text("Play many games of bots and see the statistics");
                ui.separator();
                ui.strong(&self.course_name);
            });
        });
        match self.tab {
            PlayTab::Game => self.game_ui(ui),
            PlayTab::Drive => {
                let arena = std::sync::Arc::clone(&self.arena);
                egui::Panel::left("drive_side")
                    .resizable(true)
                    .default_size(360.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical().show(ui, |ui| self.drive.side_ui(ui, &arena));
                    });
                egui::Panel::bottom("drive_plot")
                    .resizable(true)
                    .default_size(240.0)
                    .show(ui, |ui| self.drive.histogram_ui(ui));
                egui::CentralPanel::default()
                    .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
                    .show(ui, |ui| {
                        self.drive.board_ui(ui, &arena, &self.scene);
                        if let Some(r) = self.drive.results() {
                            heat_legend_ui(ui, self.drive.board_view(), r, self.drive.heat);
                        }
                    });
            }
        }
        // A drive keeps running (and is polled) while the game tab is shown.
        if self.tab == PlayTab::Game && self.drive.is_running() {
            self.drive.poll(&self.arena);
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
        leave
    }

    fn game_ui(&mut self, ui: &mut Ui) {
        let now = ui.input(|i| i.time);
        self.last_now = now;
        self.poll_steps(ui.ctx(), now);
        self.auto_step(ui.ctx(), now);
        egui::Panel::bottom("play_controls").show(ui, |ui| {
            self.controls_ui(ui, now);
            self.hand_ui(ui);
        });
        egui::Panel::bottom("play_square").show(ui, |ui| self.square_rules_ui(ui));
        egui::Panel::left("play_side")
            .resizable(true)
            .default_size(330.0)
            .min_size(260.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.setup_ui(ui);
                    ui.separator();
                    self.robots_ui(ui);
                });
            });
        egui::Panel::right("play_log")
            .resizable(true)
            .default_size(330.0)
            .min_size(240.0)
            .show(ui, |ui| self.log_ui(ui));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
            .show(ui, |ui| self.board_ui(ui, now));
    }
}
