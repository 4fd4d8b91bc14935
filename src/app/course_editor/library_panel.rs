//! The library list on the left: the courses and tiles the program knows, each tile with a
//! thumbnail, and the files that could not be loaded. Clicking an entry opens a copy of it for
//! editing; while a course is open, a tile's thumbnail can be dragged onto it, or the tile placed
//! with its Place button.

use super::TileDrag;
use super::thumbnails::Thumbnails;
use crate::app::command::{Action, Command, Entry};
use crate::format::Library;
use crate::format::library::Origin;
use egui::{RichText, ScrollArea, Ui};
use std::path::Path;

/// The longest side of a thumbnail in the list, in points.
const THUMBNAIL_SIDE: f32 = 48.0;

/// Where an entry came from, short: the file's path, or "built-in" and its file name.
fn origin_short(origin: &Origin) -> String {
    match origin {
        Origin::Builtin(name) => {
            let file = Path::new(name)
                .file_name()
                .map_or_else(|| (*name).to_string(), |n| n.to_string_lossy().into_owned());
            format!("built-in {file}")
        }
        Origin::File(p) => p.display().to_string(),
    }
}

/// A course's name, or its file when it has none.
fn course_name(library: &Library, index: usize) -> Option<String> {
    library.courses.get(index).map(|c| {
        if c.course.name.trim().is_empty() {
            c.origin.label()
        } else {
            c.course.name.clone()
        }
    })
}

/// The label a course has in the list: its name (or its file when it has none), and where it
/// came from when another course in the library has the same name, so the two are told apart.
pub fn course_label(library: &Library, index: usize) -> String {
    let (Some(name), Some(entry)) = (course_name(library, index), library.courses.get(index))
    else {
        return String::new();
    };
    let twins = (0..library.courses.len())
        .filter(|&i| i != index && course_name(library, i).as_deref() == Some(name.as_str()))
        .count();
    if twins == 0 {
        name
    } else {
        format!("{name} ({})", origin_short(&entry.origin))
    }
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
    thumbnails: &Thumbnails,
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
        ui.horizontal(|ui| {
            ui.heading("Tiles");
            if ui
                .small_button("Add folder...")
                .on_hover_text(Action::AddLibraryFolder.tooltip())
                .clicked()
            {
                command = Some(Command::Action(Action::AddLibraryFolder));
            }
        });
        if let Some(dir) = crate::format::library::user_library_dir() {
            // Truncated: a long path must not widen the panel the user sized.
            ui.add(
                egui::Label::new(RichText::new(format!("Your library: {}", dir.display())).weak())
                    .truncate(),
            )
            .on_hover_text(format!(
                "{}\nTiles saved here are in the library at every start, for every course",
                dir.display()
            ));
        }
        if library.tiles.is_empty() {
            ui.weak("No tiles in the library.");
        }
        if editing_course && !library.tiles.is_empty() {
            ui.weak("Drag a picture onto the course to place its tile.");
        }
        for (index, entry) in library.tiles.iter().enumerate() {
            let selected = shown == Some(Entry::Tile(index));
            let t = &entry.tile;
            let label = tile_label(library, index);
            let hover = format!(
                "{} ({})\nid \"{}\", {} x {} squares",
                entry.origin.label(),
                entry.shelf.label(),
                t.id,
                t.width(),
                t.height()
            );
            ui.horizontal(|ui| {
                let picture = |ui: &mut Ui| thumbnail_ui(ui, thumbnails, &t.id, &label);
                if editing_course {
                    ui.dnd_drag_source(
                        egui::Id::unique(("library_tile", index)),
                        TileDrag(t.id.clone()),
                        picture,
                    )
                    .response
                    .on_hover_text(format!("Drag {label} onto the course"));
                } else {
                    picture(ui);
                }
                ui.vertical(|ui| {
                    if ui
                        .selectable_label(selected, label.clone())
                        .on_hover_text(hover)
                        .clicked()
                    {
                        command = Some(Command::Show(Entry::Tile(index)));
                    }
                    // Where the tile comes from: built in, your library, a folder, beside a course.
                    ui.small(RichText::new(entry.shelf.label()).weak())
                        .on_hover_text(entry.origin.label());
                    if editing_course
                        && ui
                            .small_button("Place")
                            .on_hover_text(format!(
                                "Place {label} on the course with the next click"
                            ))
                            .clicked()
                    {
                        command = Some(Command::PlaceTile(t.id.clone()));
                    }
                });
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

/// The tile's thumbnail scaled to fit `THUMBNAIL_SIDE`, or an empty square of that size until it
/// is drawn (so the list does not jump).
fn thumbnail_ui(ui: &mut Ui, thumbnails: &Thumbnails, id: &str, label: &str) {
    match thumbnails.get(id) {
        Some(texture) => {
            let size = texture.size_vec2();
            let scale = THUMBNAIL_SIDE / size.x.max(size.y).max(1.0);
            ui.add(
                egui::Image::new((texture.id(), size * scale))
                    .alt_text(format!("Thumbnail of {label}")),
            );
        }
        None => {
            ui.allocate_space(egui::Vec2::splat(THUMBNAIL_SIDE));
        }
    }
}
