//! The library list on the left: the courses and tiles the program knows, and the files that
//! could not be loaded. Clicking an entry opens a copy of it for editing; while a course is open,
//! tiles can be dragged onto it or placed with their Place button.

use super::TileDrag;
use super::command::{Command, Entry};
use crate::format::Library;
use egui::{RichText, ScrollArea, Ui};

/// The label a course has in the list (its name, or its file when it has none).
pub fn course_label(library: &Library, index: usize) -> String {
    library.courses.get(index).map_or_else(String::new, |c| {
        if c.course.name.trim().is_empty() {
            c.origin.label()
        } else {
            c.course.name.clone()
        }
    })
}

/// The label a tile has in the list (its name, or its id when it has none).
pub fn tile_label(library: &Library, index: usize) -> String {
    library.tiles.get(index).map_or_else(String::new, |t| {
        if t.tile.name.trim().is_empty() {
            t.tile.id.clone()
        } else {
            t.tile.name.clone()
        }
    })
}

/// Lists the library, marking `shown`. Returns the entry the user clicked, if any.
pub fn library_ui(
    ui: &mut Ui,
    library: &Library,
    shown: Option<Entry>,
    editing_course: bool,
) -> Option<Command> {
    let mut command = None;
    ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Courses");
        if library.courses.is_empty() {
            ui.weak("No courses in the library.");
        }
        for (index, entry) in library.courses.iter().enumerate() {
            let selected = shown == Some(Entry::Course(index));
            let c = &entry.course;
            let hover = format!(
                "{}\n{} tile(s), {} flag(s), {}-{} players",
                entry.origin.label(),
                c.placements.len(),
                c.flags.len(),
                c.players.min,
                c.players.max
            );
            if ui
                .selectable_label(selected, course_label(library, index))
                .on_hover_text(hover)
                .clicked()
            {
                command = Some(Command::Show(Entry::Course(index)));
            }
        }

        ui.add_space(8.0);
        ui.heading("Tiles");
        if library.tiles.is_empty() {
            ui.weak("No tiles in the library.");
        }
        for (index, entry) in library.tiles.iter().enumerate() {
            let selected = shown == Some(Entry::Tile(index));
            let t = &entry.tile;
            let hover = format!(
                "{}\nid \"{}\", {} x {} squares",
                entry.origin.label(),
                t.id,
                t.width(),
                t.height()
            );
            ui.horizontal(|ui| {
                if editing_course {
                    let label = tile_label(library, index);
                    if ui
                        .small_button("Place")
                        .on_hover_text(format!("Place {label} on the course with the next click"))
                        .clicked()
                    {
                        command = Some(Command::PlaceTile(t.id.clone()));
                    }
                    ui.dnd_drag_source(
                        egui::Id::unique(("library_tile", index)),
                        TileDrag(t.id.clone()),
                        |ui| {
                            ui.label("drag")
                                .on_hover_text(format!("Drag {label} onto the course"));
                        },
                    );
                }
                if ui
                    .selectable_label(selected, tile_label(library, index))
                    .on_hover_text(hover)
                    .clicked()
                {
                    command = Some(Command::Show(Entry::Tile(index)));
                }
            });
        }

        if !library.errors.is_empty() {
            ui.add_space(8.0);
            ui.heading("Not loaded");
            for e in &library.errors {
                ui.label(RichText::new(e.to_string()).color(ui.visuals().error_fg_color));
            }
        }
    });
    command
}
