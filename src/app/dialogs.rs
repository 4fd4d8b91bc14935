//! The modal windows: the Save / Don't Save / Cancel prompt before changes would be lost, the
//! help window listing every command and its shortcut (F1), and the overlay while a file is
//! dragged over the window.

use super::command::{Action, Command, Menu, PromptAnswer};
use egui::{Context, Id, Modal};

/// The unsaved-changes prompt for the document `name`. Returns the answer once given; closing
/// the prompt with Escape or a click outside cancels.
pub fn unsaved_prompt(ctx: &Context, name: &str) -> Option<Command> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("unsaved_changes")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(format!("Save the changes to \"{name}\" first?"));
        ui.horizontal(|ui| {
            if ui
                .button("Save")
                .on_hover_text("Save, then go on")
                .clicked()
            {
                answer = Some(PromptAnswer::Save);
            }
            if ui
                .button("Don't Save")
                .on_hover_text("Go on and lose the changes")
                .clicked()
            {
                answer = Some(PromptAnswer::DontSave);
            }
            if ui
                .button("Cancel")
                .on_hover_text("Keep editing the document")
                .clicked()
            {
                answer = Some(PromptAnswer::Cancel);
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(PromptAnswer::Cancel);
    }
    answer.map(Command::Prompt)
}

/// The help window. `open` is cleared when the user closes it.
pub fn help_window(ctx: &Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .resizable(true)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for menu in Menu::ALL {
                    for action in Action::ALL.iter().filter(|a| a.menu() == menu) {
                        ui.label(menu.text());
                        ui.label(action.text());
                        let keys = action
                            .shortcuts()
                            .iter()
                            .map(|s| ctx.format_shortcut(s))
                            .collect::<Vec<_>>()
                            .join(", ");
                        ui.monospace(keys);
                        ui.weak(action.tooltip());
                        ui.end_row();
                    }
                }
                ui.label("Tile");
                ui.label("Erase");
                ui.monospace("Right button");
                ui.weak("Erase with any tool");
                ui.end_row();
                ui.label("Tile");
                ui.label("Rotate");
                ui.monospace("Alt+wheel");
                ui.weak("Turn the element or tile under the pointer");
                ui.end_row();
            });
        });
}

/// Darkens the window and says what dropping will do while files are dragged over it.
pub fn drop_overlay(ctx: &Context) {
    if ctx.input(|i| i.raw.hovered_files.is_empty()) {
        return;
    }
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        Id::unique("file_drop_overlay"),
    ));
    let rect = ctx.content_rect();
    painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(160));
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        "Drop a tile or course file to open it",
        egui::FontId::proportional(24.0),
        egui::Color32::WHITE,
    );
}

/// The offer of unsaved work from a session that did not end cleanly. Returns `Some(true)` to
/// restore it, `Some(false)` to discard it.
pub fn restore_prompt(ctx: &Context) -> Option<bool> {
    let mut answer = None;
    Modal::new(Id::unique("restore_unsaved_work")).show(ctx, |ui| {
        ui.heading("Unsaved work found");
        ui.label("The last session ended with unsaved changes. Restore them?");
        ui.horizontal(|ui| {
            if ui
                .button("Restore")
                .on_hover_text("Open the unsaved work as an unsaved document")
                .clicked()
            {
                answer = Some(true);
            }
            if ui
                .button("Discard")
                .on_hover_text("Throw the unsaved work away")
                .clicked()
            {
                answer = Some(false);
            }
        });
    });
    answer
}
