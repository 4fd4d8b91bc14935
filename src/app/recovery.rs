//! Crash recovery: while the document has unsaved changes, a copy is kept in a recovery file
//! (written atomically after each undo step), removed once nothing is unsaved; at start-up a
//! recovery file left behind is offered back. The user's own file is never written by this.

use super::document::Content;
use crate::format::{Document as FileDocument, document_from_str, save_atomic};
use std::path::{Path, PathBuf};

/// The recovery file and, beside it, the file the document belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    file: PathBuf,
}

impl Recovery {
    pub fn new(file: PathBuf) -> Recovery {
        Recovery { file }
    }

    /// The recovery file in eframe's storage folder for the app.
    pub fn in_storage_dir(app_id: &str) -> Option<Recovery> {
        eframe::storage_dir(app_id).map(|dir| Recovery::new(dir.join("recovery.json")))
    }

    fn path_file(&self) -> PathBuf {
        self.file.with_extension("path")
    }

    /// Keeps a copy of `content`, which belongs to `path` (if it has a file).
    pub fn write(&self, content: &Content, path: Option<&Path>) -> std::io::Result<()> {
        if let Some(dir) = self.file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        save_atomic(&self.file, content.to_file_string())?;
        let path_text = path.map_or_else(String::new, |p| p.display().to_string());
        save_atomic(&self.path_file(), &path_text)
    }

    /// Removes the copy: nothing is unsaved any more.
    pub fn clear(&self) {
        // A missing file is what we want; any other failure only leaves a stale offer behind.
        let _ = std::fs::remove_file(&self.file);
        let _ = std::fs::remove_file(self.path_file());
    }

    /// The copy left behind, if there is one that loads.
    pub fn read(&self) -> Option<(Content, Option<PathBuf>)> {
        let text = std::fs::read_to_string(&self.file).ok()?;
        let content = match document_from_str(&self.file.display().to_string(), &text).ok()? {
            FileDocument::Tile(t) => Content::Tile(t),
            FileDocument::Course(c) => Content::Course(c),
        };
        let path = std::fs::read_to_string(self.path_file())
            .ok()
            .filter(|p| !p.trim().is_empty())
            .map(|p| PathBuf::from(p.trim()));
        Some((content, path))
    }
}
