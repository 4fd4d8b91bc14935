//! Saving: the document to its file (atomically, the one write routine of the core), Save As,
//! and the board exported as a PNG picture.

use super::Files;
use super::dialogs;
use crate::app::state::Workspace;
use crate::app::state::document::{Content, Document};
use crate::format::library::Origin;
use crate::format::{Document as FileDocument, save_atomic};
use crate::render::{SceneOptions, build_scene};
use std::path::{Path, PathBuf};

/// Pixels per square of an exported PNG.
const EXPORT_SCALE: u32 = 64;

/// Writes `doc` to `path` atomically and marks it saved there.
pub fn write_document(doc: &mut Document, path: &Path) -> Result<(), String> {
    doc.commit();
    let text = doc.content.to_file_string();
    save_atomic(path, &text).map_err(|e| format!("Could not save {}: {e}", path.display()))?;
    doc.mark_saved(path.to_path_buf());
    Ok(())
}

/// Asks where to save the open document, offering a name made from it.
pub fn ask_save_path(ws: &Workspace) -> Option<PathBuf> {
    let name = ws
        .doc
        .as_ref()
        .map_or_else(String::new, |d| match &d.content {
            Content::Tile(t) => format!("{}.json", t.id),
            Content::Course(_) => "course.json".to_string(),
        });
    dialogs::pick_save_path(name)
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
    let scene = build_scene(&shown.board, &options);
    let written = crate::render::png::scene_to_png(&scene, EXPORT_SCALE)
        .and_then(|bytes| save_atomic(path, bytes).map_err(|e| e.to_string()));
    if let Err(e) = written {
        ws.errors
            .push(format!("Could not export {}: {e}", path.display()));
    }
}

impl Files {
    /// Saves to the document's file, or asks where with a dialog. Returns whether it saved.
    pub fn save(&mut self, ws: &mut Workspace) -> bool {
        let path = match ws.doc.as_ref().and_then(|d| d.path.clone()) {
            Some(p) => Some(p),
            None => ask_save_path(ws),
        };
        path.is_some_and(|p| self.save_to(ws, p))
    }

    /// Writes the document to `path` (atomically) and marks it saved. A saved tile joins the
    /// library so courses can place it.
    pub fn save_to(&mut self, ws: &mut Workspace, path: PathBuf) -> bool {
        let Some(doc) = ws.doc.as_mut() else {
            return false;
        };
        if let Err(e) = write_document(doc, &path) {
            ws.errors.push(e);
            return false;
        }
        ws.settings.remember(&path);
        self.forget_recovery();
        let saved_tile = match &doc.content {
            Content::Tile(t) => Some(t.clone()),
            Content::Course(_) => None,
        };
        if let Some(tile) = saved_tile {
            ws.library.add(FileDocument::Tile(tile), Origin::File(path));
            // The course beside it now finds the saved tile in the library.
            ws.rebuild();
        }
        true
    }
}
