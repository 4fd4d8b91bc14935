//! Saving: the document to its file (through the core's one write routine), Save As, the course
//! a placed tile came from, and the board exported as a PNG picture. What the loader would refuse
//! is put right first and the user told which rule it was, so a saved file always opens again;
//! a tile only in memory is embedded in a course saved with it; a file changed on disk since it
//! was opened is never overwritten without asking.

use super::Files;
use crate::app::state::document::{Content, Document, fingerprint};
use crate::app::state::{Workspace, shown};
use crate::format::library::{Origin, Shelf, unique_id};
use crate::format::{
    Document as FileDocument, fix_course_for_save, fix_tile_for_save, save_atomic,
};
use crate::render::{SceneOptions, build_course_scene};
use std::path::{Path, PathBuf};

/// Pixels per square of an exported PNG.
const EXPORT_SCALE: u32 = 64;

/// Puts right what the loader would refuse in `content`; returns what was done, rule by rule.
pub fn fix_for_save(content: &mut Content) -> Vec<String> {
    match content {
        Content::Tile(t) => fix_tile_for_save(t),
        Content::Course(c) => fix_course_for_save(c),
    }
}

/// Writes `doc` to `path` and marks it saved there. Returns the load rules the document broke
/// and how they were put right (the fix is an undoable step of its own).
pub fn write_document(doc: &mut Document, path: &Path) -> Result<Vec<String>, String> {
    doc.commit();
    let warnings = fix_for_save(&mut doc.content);
    let text = doc.content.to_file_string();
    save_atomic(path, &text).map_err(|e| format!("Could not save {}: {e}", path.display()))?;
    doc.mark_saved(path.to_path_buf());
    doc.disk = Some(fingerprint(text.as_bytes()));
    doc.auto_id = false;
    Ok(warnings)
}

/// Writes the board as a PNG: the canvas's picture without the editing highlights.
pub fn export_png(ws: &mut Workspace, path: &Path) {
    let Some(shown) = &ws.shown else {
        return;
    };
    let options = SceneOptions {
        highlights: Vec::new(),
        ..ws.scene_options(shown)
    };
    let scene = build_course_scene(&shown.board, shown::cubed(&shown.kind), &options);
    let written = crate::render::png::scene_to_png(&scene, EXPORT_SCALE)
        .and_then(|bytes| save_atomic(path, bytes).map_err(|e| e.to_string()));
    if let Err(e) = written {
        ws.errors
            .push(format!("Could not export {}: {e}", path.display()));
    }
}

/// Whether tile id `id` is used by a library tile from another file than `path`, or was given
/// to another new tile.
fn id_taken(
    ws: &Workspace,
    issued: &std::collections::BTreeSet<String>,
    id: &str,
    path: &Path,
) -> bool {
    issued.contains(id)
        || ws
            .library
            .tiles
            .iter()
            .any(|t| t.tile.id == id && t.origin != Origin::File(path.to_path_buf()))
}

impl Files {
    /// Saves to the document's file, or asks where with a dialog (the save then happens when
    /// the dialog answers). Returns whether it saved now.
    pub fn save(&mut self, ws: &mut Workspace, ctx: &egui::Context) -> bool {
        match ws.doc.as_ref().and_then(|d| d.path.clone()) {
            Some(p) => self.save_to(ws, p),
            None => {
                self.ask(ws, ctx, super::Purpose::SaveAs(None));
                false
            }
        }
    }

    /// Writes the document to `path` and marks it saved. A new tile gets its id from its name
    /// first; a saved tile joins the library (and its folder the library's folders), so courses
    /// can place it after a restart too. A course embeds the tiles it uses that exist only in
    /// memory. Refused, with the question asked, when the file changed on disk meanwhile.
    pub fn save_to(&mut self, ws: &mut Workspace, path: PathBuf) -> bool {
        if self.changed_on_disk(ws, Some(&path)) {
            return false;
        }
        let issued = self.issued_ids.clone();
        let Some(doc) = ws.doc.as_mut() else {
            return false;
        };
        let mut renamed = None;
        if let Content::Tile(t) = &mut doc.content
            && doc.auto_id
        {
            let name = t.name.clone();
            let old = t.id.clone();
            let library = &ws.library;
            let taken = |id: &str| {
                id != old
                    && (issued.contains(id)
                        || library
                            .tiles
                            .iter()
                            .any(|e| e.tile.id == id && e.origin != Origin::File(path.clone())))
            };
            t.id = unique_id(&name, taken);
            if t.id != old {
                renamed = Some((old, t.id.clone()));
            }
        }
        if let Content::Course(c) = &mut doc.content {
            let embedded = ws.library.embed_memory_tiles(c);
            if !embedded.is_empty() {
                ws.errors.push(format!(
                    "Tile(s) {} exist only in this window: embedded in the course so it opens again",
                    embedded.join(", ")
                ));
            }
        }
        let warnings = match write_document(doc, &path) {
            Ok(w) => w,
            Err(e) => {
                ws.errors.push(e);
                return false;
            }
        };
        for w in warnings {
            ws.errors
                .push(format!("Saved {} with a change: {w}", path.display()));
        }
        ws.settings.remember(&path);
        let saved_tile = doc.tile().cloned();
        if let Some((old, new)) = renamed {
            ws.follow_tile_rename(&old, &new);
        }
        if let Some(tile) = saved_tile {
            self.issued_ids.insert(tile.id.clone());
            // The file now holds this tile under this id: an entry for an id it had before goes.
            ws.library
                .tiles
                .retain(|t| t.origin != Origin::File(path.clone()) || t.tile.id == tile.id);
            let folder = path.parent().map(Path::to_path_buf);
            let in_user_library = folder
                .as_ref()
                .is_some_and(|f| self.user_library().is_some_and(|u| same_dir(&u, f)));
            let shelf = if in_user_library {
                Shelf::User
            } else {
                Shelf::Folder
            };
            ws.library
                .add_on(FileDocument::Tile(tile), Origin::File(path.clone()), shelf);
            if let Some(folder) = folder.filter(|_| !in_user_library)
                && !ws
                    .settings
                    .library_folders
                    .iter()
                    .any(|f| same_dir(f, &folder))
            {
                ws.settings.library_folders.push(folder);
            }
            // The course beside it now finds the saved tile in the library.
            ws.rebuild();
        }
        self.refresh_recovery(ws);
        true
    }

    /// Saves the course a placed tile came from to `path`.
    pub fn save_linked_to(&mut self, ws: &mut Workspace, path: &Path) -> bool {
        let Some(linked) = ws.linked.as_mut() else {
            return false;
        };
        if let Content::Course(c) = &mut linked.doc.content {
            ws.library.embed_memory_tiles(c);
        }
        match write_document(&mut linked.doc, path) {
            Ok(warnings) => {
                for w in warnings {
                    ws.errors
                        .push(format!("Saved {} with a change: {w}", path.display()));
                }
                ws.settings.remember(path);
                self.refresh_recovery(ws);
                true
            }
            Err(e) => {
                ws.errors.push(e);
                false
            }
        }
    }

    /// A tile id for File > New tile no library tile, open document or earlier new tile has.
    pub fn new_tile_id_taken(&self, ws: &Workspace, id: &str) -> bool {
        id_taken(ws, &self.issued_ids, id, Path::new(""))
            || ws
                .doc
                .as_ref()
                .and_then(|d| d.tile())
                .is_some_and(|t| t.id == id)
    }
}

/// Whether two paths name one folder.
pub fn same_dir(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
