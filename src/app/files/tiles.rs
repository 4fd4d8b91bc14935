//! The user's tile library from the window: opening a course tells which tiles it could not find
//! (and which copy it used where two differ) and lets the user locate the missing file; a bundle
//! opened offers its tiles to the user library; folders of tiles are added; a course is saved for
//! sharing with every tile embedded.

use super::Files;
use super::open::open_path;
use crate::app::state::Workspace;
use crate::app::state::document::Content;
use crate::format::library::{Origin, Shelf};
use crate::format::{
    Document as FileDocument, course_to_string, load_document, save_atomic, tile_to_string,
};
use crate::model::{CompileProblem, Course, Tile};
use std::path::{Path, PathBuf};

/// Tiles a course carries that the user's library lacks, offered to it.
#[derive(Clone, Debug, PartialEq)]
pub struct TileOffer {
    pub course: String,
    pub tiles: Vec<Tile>,
}

/// The ids of the tiles the open course places that were found nowhere (its gaps).
pub fn missing_tiles(ws: &Workspace) -> Vec<String> {
    let Some(shown) = ws.shown.as_ref().filter(|_| ws.editing_course()) else {
        return Vec::new();
    };
    let mut ids: Vec<String> = Vec::new();
    for p in &shown.board.problems {
        if let CompileProblem::UnknownTile { id, .. } = p
            && !ids.contains(id)
        {
            ids.push(id.clone());
        }
    }
    ids
}

/// The embedded tiles of `course` that the library does not hold as they are.
fn tiles_new_to(ws: &Workspace, course: &Course) -> Vec<Tile> {
    course
        .embedded
        .iter()
        .filter(|t| {
            !ws.library
                .entry(&t.id)
                .is_some_and(|e| e.tile == **t && e.shelf != Shelf::Memory)
        })
        .cloned()
        .collect()
}

impl Files {
    /// Opens a file as the document and says what the library made of a course: the tiles it
    /// could not find (the course opens with the gaps shown), which copy it used where two
    /// differ, and, for a bundle, offers its tiles to the user library.
    /// A large file is read on a worker thread first (`opening.rs`), and this goes on when it
    /// is read.
    pub fn open_file(&mut self, ws: &mut Workspace, ctx: &egui::Context, path: &Path) {
        if Self::reads_aside(path) {
            self.read_aside(path, ctx);
            return;
        }
        self.open_file_now(ws, path);
    }

    /// As `open_file`, in this frame whatever the file's size (the file named on the command
    /// line, opened before the window's first frame).
    pub fn open_file_now(&mut self, ws: &mut Workspace, path: &Path) {
        open_path(ws, path);
        self.after_open(ws, path);
    }

    /// What `open_file` says once the file is open.
    pub(super) fn after_open(&mut self, ws: &mut Workspace, path: &Path) {
        let Some(course) = ws
            .doc
            .as_ref()
            .filter(|d| d.path.as_deref() == Some(path))
            .and_then(|d| d.course())
            .cloned()
        else {
            return;
        };
        for note in ws.library.resolution_notes(&course) {
            ws.errors.push(format!("{}: {note}", path.display()));
        }
        let missing = missing_tiles(ws);
        if !missing.is_empty() {
            ws.errors.push(format!(
                "{}: tile(s) {} found neither in the course, beside it, in your library nor built in; the course is open with the gaps shown: locate each file in the Missing tiles window",
                path.display(),
                missing.iter().map(|id| format!("\"{id}\"")).collect::<Vec<_>>().join(", ")
            ));
        }
        let new = tiles_new_to(ws, &course);
        if !new.is_empty() {
            self.offer_tiles = Some(TileOffer {
                course: course.name.clone(),
                tiles: new,
            });
        }
    }

    /// Adds the offered tiles to the user library folder. A tile whose id is there already
    /// with other squares is left alone (the user's own copy wins) and named.
    pub fn add_offered_tiles(&mut self, ws: &mut Workspace) {
        let Some(offer) = self.offer_tiles.take() else {
            return;
        };
        let Some(dir) = self.user_library() else {
            ws.errors.push(
                "There is no user library folder on this system: set FACTORY_FLOOR_LIBRARY"
                    .to_string(),
            );
            return;
        };
        if let Err(e) = std::fs::create_dir_all(&dir) {
            ws.errors.push(format!(
                "Could not make the library folder {}: {e}",
                dir.display()
            ));
            return;
        }
        let mut added = Vec::new();
        for tile in offer.tiles {
            let file = dir.join(format!("{}.json", tile.id));
            if let Ok(FileDocument::Tile(existing)) = load_document(&file) {
                if existing != tile {
                    ws.errors.push(format!(
                        "Tile \"{}\" is already in your library ({}) with other squares: yours was kept",
                        tile.id,
                        file.display()
                    ));
                }
                continue;
            }
            match save_atomic(&file, tile_to_string(&tile)) {
                Ok(()) => {
                    added.push(tile.id.clone());
                    ws.library
                        .add_on(FileDocument::Tile(tile), Origin::File(file), Shelf::User);
                }
                Err(e) => ws
                    .errors
                    .push(format!("Could not add {}: {e}", file.display())),
            }
        }
        if !added.is_empty() {
            ws.errors.push(format!(
                "Added tile(s) {} to your library in {}",
                added.join(", "),
                dir.display()
            ));
        }
    }

    /// The file of missing tile `id` was located at `path`: its tile joins the library. A tile
    /// there under another id is the one meant: the course's placements are pointed at it.
    pub fn locate_tile(&mut self, ws: &mut Workspace, id: &str, path: &Path) {
        let tile = match load_document(path) {
            Ok(FileDocument::Tile(t)) => t,
            Ok(FileDocument::Course(_)) => {
                ws.errors.push(format!(
                    "{} is a course, not the tile \"{id}\"",
                    path.display()
                ));
                return;
            }
            Err(e) => {
                ws.errors.push(format!("Could not open {e}"));
                return;
            }
        };
        let found = tile.id.clone();
        ws.library.add_on(
            FileDocument::Tile(tile),
            Origin::File(path.to_path_buf()),
            Shelf::Folder,
        );
        if let Some(folder) = path.parent().map(Path::to_path_buf)
            && !ws.settings.library_folders.contains(&folder)
        {
            ws.settings.library_folders.push(folder);
        }
        if found != id {
            ws.follow_tile_rename(id, &found);
            ws.errors.push(format!(
                "{} holds tile \"{found}\": the course now places it where it named \"{id}\"",
                path.display()
            ));
        }
        ws.rebuild();
    }

    /// Adds a folder of tiles to the library, now and in later runs.
    pub fn add_folder(&mut self, ws: &mut Workspace, folder: PathBuf) {
        let before = ws.library.tiles.len();
        ws.library.add_tiles_of(&folder, Shelf::Folder);
        if !ws.settings.library_folders.contains(&folder) {
            ws.settings.library_folders.push(folder.clone());
        }
        ws.errors.push(format!(
            "Added the folder {} to the library: {} new tile(s)",
            folder.display(),
            ws.library.tiles.len().saturating_sub(before)
        ));
        ws.rebuild();
    }

    /// Writes the open course (or the course a placed tile came from, with the tile as edited)
    /// to `path` with every tile it places embedded: one file that opens with no library.
    pub fn save_bundle(&mut self, ws: &mut Workspace, path: &Path) {
        let course = match (ws.doc.as_ref().map(|d| &d.content), ws.linked.as_ref()) {
            (Some(Content::Course(c)), _) => c.clone(),
            (Some(Content::Tile(t)), Some(linked)) => match &linked.doc.content {
                Content::Course(c) => {
                    let mut c = c.clone();
                    // The tile as edited travels, not the library's copy.
                    c.embedded.retain(|e| e.id != linked.tile_id);
                    let mut edited = t.clone();
                    edited.id = linked.tile_id.clone();
                    c.embedded.push(edited);
                    c
                }
                Content::Tile(_) => return,
            },
            _ => {
                ws.errors
                    .push("Save for sharing writes a course: open one first".to_string());
                return;
            }
        };
        let mut bundled = match ws.library.bundle(&course) {
            Ok(b) => b,
            Err(missing) => {
                ws.errors.push(format!(
                    "Cannot bundle: tile(s) {} are found nowhere; locate them first",
                    missing.join(", ")
                ));
                return;
            }
        };
        let warnings = crate::format::fix_course_for_save(&mut bundled);
        match save_atomic(path, course_to_string(&bundled)) {
            Ok(()) => ws.errors.push(format!(
                "Saved {} for sharing: the course with its {} tile(s) embedded",
                path.display(),
                bundled.embedded.len()
            )),
            Err(e) => ws
                .errors
                .push(format!("Could not save {}: {e}", path.display())),
        }
        ws.errors.extend(
            warnings
                .into_iter()
                .map(|w| format!("{}: {w}", path.display())),
        );
    }
}
