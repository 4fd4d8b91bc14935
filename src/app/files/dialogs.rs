//! The windows about files: the Save / Don't Save / Cancel prompt before changes would be lost,
//! the offer of unsaved work from a crash, the overlay while a file is dragged over the window,
//! and the system's file pickers (which tests cannot drive: they give paths through commands).

use crate::app::command::{Command, PromptAnswer};
use egui::{Context, Id, Modal};
use std::path::PathBuf;

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

/// Asks for a tile or course file to open.
pub fn pick_document() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("factory-floor tile or course", &["json"])
        .pick_file()
}

/// Asks for a Tiled map to import.
pub fn pick_tiled_map() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("Tiled map", &["json", "tmj", "tmx"])
        .pick_file()
}

/// Asks where to save a tile or course, offering `name`.
pub fn pick_save_path(name: String) -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("factory-floor tile or course", &["json"])
        .set_file_name(name)
        .save_file()
}

/// Asks where to save the course a placed tile was opened from.
pub fn pick_course_save_path() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("factory-floor course", &["json"])
        .set_file_name("course.json")
        .save_file()
}

/// Asks where to export the board as a PNG picture.
pub fn pick_png_path() -> Option<PathBuf> {
    rfd::FileDialog::new()
        .add_filter("PNG picture", &["png"])
        .set_file_name("board.png")
        .save_file()
}
