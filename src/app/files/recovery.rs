//! Crash recovery: while the document has unsaved changes, a copy is kept in a recovery file
//! (written atomically after each undo step), removed once nothing is unsaved; at start-up a
//! recovery file left behind is offered back. The user's own file is never written by this.

use super::Files;
use crate::app::state::Workspace;
use crate::app::state::document::{Content, Document};
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

impl Files {
    /// Keeps unsaved changes in `recovery` from now on, and offers back what it holds from a
    /// session that did not end cleanly. The document open now is the recovery file's starting
    /// point: it is written at the next change.
    pub fn keep_recovery(&mut self, recovery: Recovery, ws: &Workspace) {
        self.offer_restore = recovery.read();
        self.recovery = Some(recovery);
        self.recovery_generation = ws.generation();
    }

    /// The recovery file, unless unsaved work from before is still on offer (it must not be
    /// overwritten until the user has chosen).
    fn live_recovery(&self) -> Option<&Recovery> {
        self.recovery
            .as_ref()
            .filter(|_| self.offer_restore.is_none())
    }

    /// Removes the recovery copy: nothing is unsaved any more.
    pub fn forget_recovery(&self) {
        if let Some(recovery) = self.live_recovery() {
            recovery.clear();
        }
    }

    /// After another document was opened: keeps what it leaves unsaved (the document, or the
    /// course a placed tile came from), or clears the copy. Best effort: a failure shows at the
    /// next edit's write.
    pub fn follow_document(&mut self, ws: &Workspace) {
        if self.recovery_generation == ws.generation() {
            return;
        }
        self.recovery_generation = ws.generation();
        let Some(recovery) = self.live_recovery() else {
            return;
        };
        match ws.recovery_copy() {
            Some((content, path)) => {
                let _ = recovery.write(content, path);
            }
            None => recovery.clear(),
        }
    }

    /// Writes what has unsaved changes to the recovery file, or clears it when nothing has.
    pub fn refresh_recovery(&mut self, ws: &mut Workspace) {
        let Some(recovery) = self.live_recovery() else {
            return;
        };
        match ws.recovery_copy() {
            Some((content, path)) => {
                if let Err(e) = recovery.write(content, path) {
                    ws.errors
                        .push(format!("Could not keep a recovery copy: {e}"));
                    // Say it once, not after every edit.
                    self.recovery = None;
                }
            }
            None => recovery.clear(),
        }
    }

    /// The answer to the offer of unsaved work from an earlier session.
    pub fn answer_restore(&mut self, ws: &mut Workspace, restore: bool) {
        let Some((content, path)) = self.offer_restore.take() else {
            return;
        };
        if restore {
            let mut doc = Document::new(content, path, false);
            // Nothing recorded yet: the restored content is unsaved, so keep its copy.
            doc.commit();
            ws.set_document(doc);
            self.follow_document(ws);
        } else if let Some(recovery) = &self.recovery {
            recovery.clear();
        }
    }
}
