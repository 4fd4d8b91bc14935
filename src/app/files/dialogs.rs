//! The windows about files: the Save / Don't Save / Cancel prompt before changes would be lost,
//! the offer of unsaved documents from a crash, the question about a file changed on disk, the
//! offer of a bundle's tiles, the tile id prompt, the missing tiles, and the overlay while a file
//! is dragged over the window. The file dialogs themselves are `picker` and `file_dialog`.

use super::disk::{Conflict, ConflictAnswer};
use super::recovery::Recovered;
use super::tiles::TileOffer;
use crate::app::state::document::Content;
use egui::{Context, Id, Modal, RichText, ScrollArea};

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

/// The answer about one recovered document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreAnswer {
    Restore(String),
    Discard(String),
}

/// The offer of every unsaved document a crashed session left, each with Restore and Discard.
pub fn restore_prompt(ctx: &Context, offers: &[Recovered]) -> Option<RestoreAnswer> {
    let mut answer = None;
    Modal::new(Id::unique("restore_unsaved_work")).show(ctx, |ui| {
        ui.heading("Unsaved work found");
        ui.label(format!(
            "The last session ended with {} unsaved document(s). Restore each, or discard it:",
            offers.len()
        ));
        for r in offers {
            ui.horizontal(|ui| {
                let kind = match r.content {
                    Content::Tile(_) => "tile",
                    Content::Course(_) => "course",
                };
                let from = r
                    .path
                    .as_ref()
                    .map_or_else(|| "never saved".to_string(), |p| p.display().to_string());
                ui.label(format!("{} ({kind}, {from})", r.content.display_name()));
                if ui
                    .button("Restore")
                    .on_hover_text("Open the unsaved work as an unsaved document")
                    .clicked()
                {
                    answer = Some(RestoreAnswer::Restore(r.id.clone()));
                }
                if ui
                    .button("Discard")
                    .on_hover_text("Throw this unsaved work away")
                    .clicked()
                {
                    answer = Some(RestoreAnswer::Discard(r.id.clone()));
                }
            });
        }
    });
    answer
}

/// The question about the open file changed on disk, with both versions side by side when
/// comparing (lines that differ marked).
pub fn conflict_prompt(ctx: &Context, conflict: &Conflict, mine: &str) -> Option<ConflictAnswer> {
    let mut answer = None;
    Modal::new(Id::unique("changed_on_disk")).show(ctx, |ui| {
        ui.heading("Changed on disk");
        ui.label(format!(
            "{} was changed by another program since it was opened or saved here.",
            conflict.path.display()
        ));
        if conflict.resume_save.is_some() {
            ui.label("The save was stopped so that nothing is overwritten without asking.");
        }
        ui.horizontal(|ui| {
            if ui
                .button("Reload")
                .on_hover_text("Open the file as it is on disk; the changes made here are dropped")
                .clicked()
            {
                answer = Some(ConflictAnswer::Reload);
            }
            if ui
                .button("Keep mine")
                .on_hover_text("Keep the version in the window; saving writes it over the file")
                .clicked()
            {
                answer = Some(ConflictAnswer::KeepMine);
            }
            let compare = if conflict.compare {
                "Hide comparison"
            } else {
                "Compare"
            };
            if ui
                .button(compare)
                .on_hover_text("Show the file on disk and the version here side by side")
                .clicked()
            {
                answer = Some(ConflictAnswer::Compare);
            }
        });
        if conflict.compare {
            compare_ui(ui, &conflict.disk_text, mine);
        }
    });
    answer
}

/// The lines where the two texts differ, each with both versions (the first 200).
fn compare_ui(ui: &mut egui::Ui, disk: &str, mine: &str) {
    let (a, b): (Vec<&str>, Vec<&str>) = (disk.lines().collect(), mine.lines().collect());
    let differing: Vec<usize> = (0..a.len().max(b.len()))
        .filter(|&i| a.get(i) != b.get(i))
        .collect();
    ui.label(format!("{} line(s) differ:", differing.len()));
    ScrollArea::vertical()
        .max_height(320.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for &i in differing.iter().take(200) {
                ui.strong(format!("line {}", i + 1));
                let line = |side: Option<&&str>| side.copied().unwrap_or("(no line)").to_string();
                ui.label(
                    RichText::new(format!("on disk: {}", line(a.get(i))))
                        .monospace()
                        .color(ui.visuals().warn_fg_color),
                );
                ui.label(RichText::new(format!("here:    {}", line(b.get(i)))).monospace());
            }
        });
}

/// The offer of a bundle's tiles to the user's library. `Some(true)` adds them.
pub fn offer_tiles_prompt(ctx: &Context, offer: &TileOffer, library: &str) -> Option<bool> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("offer_bundle_tiles")).show(ctx, |ui| {
        ui.heading("Tiles new to your library");
        let ids: Vec<&str> = offer.tiles.iter().map(|t| t.id.as_str()).collect();
        ui.label(format!(
            "\"{}\" carries {} tile(s) your library does not have: {}.",
            offer.course,
            ids.len(),
            ids.join(", ")
        ));
        ui.label(format!("Add them to your library ({library})?"));
        ui.horizontal(|ui| {
            if ui
                .button("Add to my library")
                .on_hover_text("Write each tile to your library folder so other courses can use it")
                .clicked()
            {
                answer = Some(true);
            }
            if ui
                .button("Not now")
                .on_hover_text("Keep the tiles in the course only")
                .clicked()
            {
                answer = Some(false);
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(false);
    }
    answer
}

/// The tile id prompt: the id typed, checked as typed. `Some(Some(id))` renames, `Some(None)`
/// cancels.
pub fn rename_prompt(
    ctx: &Context,
    typed: &mut String,
    problem: Option<String>,
) -> Option<Option<String>> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("rename_tile_id")).show(ctx, |ui| {
        ui.heading("Rename tile id");
        ui.label("Courses name a tile by its id; every open course that places it follows.");
        ui.horizontal(|ui| {
            let label = ui.label("Tile id");
            ui.add(egui::TextEdit::singleline(typed).hint_text("tile id"))
                .labelled_by(label.id);
        });
        match &problem {
            Some(p) => {
                ui.label(RichText::new(p).color(ui.visuals().error_fg_color));
            }
            None => {
                ui.weak("Lower-case letters, digits and dashes.");
            }
        }
        ui.horizontal(|ui| {
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui
                .add_enabled(problem.is_none(), egui::Button::new("Rename"))
                .on_hover_text("Give the tile this id")
                .clicked()
                || (enter && problem.is_none())
            {
                answer = Some(Some(typed.trim().to_string()));
            }
            if ui
                .button("Cancel")
                .on_hover_text("Keep the id as it is")
                .clicked()
            {
                answer = Some(None);
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(None);
    }
    answer
}

/// The tiles the open course could not find, each with a button to locate its file. Returns the
/// id whose Locate was clicked.
pub fn missing_tiles_window(ctx: &Context, missing: &[String]) -> Option<String> {
    let mut locate = None;
    egui::Window::new("Missing tiles")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -40.0])
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            ui.label("The course places tiles found nowhere; they are left as gaps:");
            for id in missing {
                ui.horizontal(|ui| {
                    ui.monospace(id);
                    if ui
                        .button("Locate...")
                        .on_hover_text(format!("Find the file of tile \"{id}\""))
                        .clicked()
                    {
                        locate = Some(id.clone());
                    }
                });
            }
        });
    locate
}
