//! The editor's panels: the library list on the left, the side panel of the view shown on the
//! right (with the course a placed tile came from at its foot), and the canvas in the middle.

use super::App;
use crate::app::canvas::board_size;
use crate::app::command::Command;
use crate::app::course_editor::{library_panel, linked_panel};
use crate::app::state::shown::HoverInfo;

impl App {
    /// Draws the library list, the side panel and the canvas.
    pub(super) fn editor_panels_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        let editing_course = self.ws.editing_course();
        self.thumbnails.update(&ctx, &self.ws.library);
        if self.ws.settings.show_library {
            let panel = egui::Panel::left("library")
                .resizable(true)
                .default_size(self.ws.settings.library_width)
                .show(ui, |ui| {
                    // Fill the width the user gave the panel: egui fits a panel to its contents,
                    // which would make it narrower whenever the list is.
                    ui.set_min_width(ui.available_width());
                    commands.extend(library_panel::library_ui(
                        ui,
                        &self.ws.library,
                        &self.thumbnails,
                        self.ws.source,
                        editing_course,
                    ));
                });
            self.ws.settings.library_width = panel.response.rect.width();
        }
        if self.ws.settings.show_side_panel {
            let panel = egui::Panel::right("editor_panel")
                .resizable(true)
                .default_size(self.ws.settings.side_panel_width)
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    commands.extend(self.side_panel_ui(ui));
                });
            // The panel never squeezes the canvas to nothing at 1280 x 800 (issue 19).
            self.ws.settings.side_panel_width = panel.response.rect.width();
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
            .show(ui, |ui| self.canvas_ui(ui));
    }

    fn side_panel_ui(&mut self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.ws.linked.is_some() {
            // The course a placed tile came from, at the foot of the panel, so the palette above
            // leaves it room.
            egui::Panel::bottom("linked_course")
                .resizable(true)
                .default_size(ui.available_height() * 0.45)
                .show(ui, |ui| {
                    commands.extend(linked_panel::linked_course_ui(ui, &self.ws))
                });
        }
        // The whole panel scrolls, so nothing in it is out of reach in a small window.
        egui::ScrollArea::vertical()
            .id_salt("side_panel_scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if self.ws.editing_tile() {
                    commands.extend(self.tile.side_panel_ui(ui, &mut self.ws));
                } else {
                    commands.extend(self.course.side_panel_ui(ui, &mut self.ws));
                }
            });
        commands
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(shown) = &self.ws.shown else {
            ui.centered_and_justified(|ui| {
                ui.weak("Nothing is open: use File > New tile or New course.");
            });
            return;
        };
        // Alt+wheel turns the element or tile under the pointer instead of zooming.
        let alt_wheel: f32 = ui.input_mut(|i| {
            let sum: f32 = i
                .events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::MouseWheel {
                        delta, modifiers, ..
                    } if modifiers.alt => Some(delta.y + delta.x),
                    _ => None,
                })
                .sum();
            if i.modifiers.alt {
                i.smooth_scroll_delta = egui::Vec2::ZERO;
            }
            sum
        });
        let map = self.colour_map();
        let revision = self.ws.scene_revision;
        let cache = &mut self.board_cache;
        let response = self
            .ws
            .view
            .ui(ui, &shown.board, |painter, screen_from_board| {
                cache.paint(painter, &shown.scene, revision, screen_from_board, map);
            });
        // What a click would do, over the board.
        if let Some(canvas) = self.ws.view.canvas() {
            let to_screen = self
                .ws
                .view
                .screen_from_board(canvas, board_size(&shown.board));
            let painter = ui.painter_at(canvas);
            if self.ws.editing_tile() {
                self.tile
                    .preview_ui(&self.ws, &painter, to_screen, &response, map);
            } else {
                self.course
                    .preview_ui(&self.ws, &painter, to_screen, &response);
                crate::app::course_editor::cube_edges::paint(&self.ws, &painter, to_screen);
            }
        }
        let pointer_on_status_bar = ui
            .ctx()
            .pointer_hover_pos()
            .zip(self.status_bar_rect)
            .is_some_and(|(p, r)| r.contains(p));
        if response.pointer_over_canvas || !pointer_on_status_bar {
            let hovered = response
                .hovered_square
                .map(|s| HoverInfo::of(&shown.board, s));
            if hovered != self.ws.hovered {
                self.ws.hovered = hovered;
                // The status bar was drawn before the canvas: draw it again with the new square.
                ui.ctx().request_repaint();
            }
        }
        if alt_wheel != 0.0 {
            self.rotate(ui.ctx(), alt_wheel < 0.0);
        }
        if self.ws.editing_tile() {
            self.tile.canvas_input(&mut self.ws, &response);
        } else {
            self.course.canvas_input(&mut self.ws, ui.ctx(), &response);
            // A double click may have opened a placed tile: no context menu of the course then.
            self.follow_document();
            self.course.context_menu(&mut self.ws, &response.response);
        }
        self.follow_document();
    }
}
