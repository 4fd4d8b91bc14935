//! The open file changed on disk by another program: noticed when the window gets the focus and
//! before a save, and asked about (reload, keep mine, compare). A save never silently overwrites
//! a file newer than what the window last read or wrote.

use super::Files;
use super::save::same_dir;
use crate::app::state::Workspace;
use crate::app::state::document::{Content, Document, fingerprint};
use crate::format::{Document as FileDocument, MAX_FILE_BYTES, document_from_str};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The question about a file changed on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    pub path: PathBuf,
    /// What the file holds now.
    pub disk_text: String,
    /// Whether the two versions are shown side by side.
    pub compare: bool,
    /// The save that was stopped to ask: it goes on if the user keeps their version.
    pub resume_save: Option<PathBuf>,
}

/// The answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConflictAnswer {
    /// Load the file as it is on disk, dropping the window's changes.
    Reload,
    /// Keep the window's version; the next save writes it over the file.
    KeepMine,
    /// Show both versions side by side.
    Compare,
}

/// The file's bytes, at most `MAX_FILE_BYTES` of them.
fn read_capped(path: &Path) -> Option<Vec<u8>> {
    let f = std::fs::File::open(path).ok()?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

fn content_of(doc: FileDocument) -> Content {
    match doc {
        FileDocument::Tile(t) => Content::Tile(t),
        FileDocument::Course(c) => Content::Course(c),
    }
}

impl Files {
    /// Whether the open document's file changed on disk since the window read or wrote it; if
    /// so, the question is asked. With `saving_to`, only a save over the document's own file is
    /// checked. A file holding the same document in other bytes is no change.
    pub fn changed_on_disk(&mut self, ws: &mut Workspace, saving_to: Option<&Path>) -> bool {
        if self.disk_conflict.is_some() {
            return true;
        }
        let Some(doc) = ws.doc.as_mut() else {
            return false;
        };
        let (Some(path), Some(stamp)) = (doc.path.clone(), doc.disk) else {
            return false;
        };
        if saving_to.is_some_and(|target| !same_dir(target, &path)) {
            return false;
        }
        // A file that has gone is written again by the save: nothing of anyone's is lost.
        let Some(bytes) = read_capped(&path) else {
            return false;
        };
        let now = fingerprint(&bytes);
        if now == stamp {
            return false;
        }
        let disk_text = String::from_utf8_lossy(&bytes).into_owned();
        let same = document_from_str(&path.display().to_string(), &disk_text)
            .ok()
            .map(content_of);
        if same.is_some() && same.as_ref() == doc.saved_content() {
            doc.disk = Some(now);
            return false;
        }
        self.disk_conflict = Some(Conflict {
            path,
            disk_text,
            compare: false,
            resume_save: saving_to.map(Path::to_path_buf),
        });
        true
    }

    /// Does what the user answered about the file changed on disk.
    pub fn answer_conflict(&mut self, ws: &mut Workspace, answer: ConflictAnswer) {
        let Some(mut conflict) = self.disk_conflict.take() else {
            return;
        };
        match answer {
            ConflictAnswer::Compare => {
                conflict.compare = !conflict.compare;
                self.disk_conflict = Some(conflict);
            }
            ConflictAnswer::KeepMine => {
                if let Some(doc) = ws.doc.as_mut() {
                    doc.disk = Some(fingerprint(conflict.disk_text.as_bytes()));
                }
                if let Some(path) = conflict.resume_save {
                    self.save_to(ws, path);
                }
            }
            ConflictAnswer::Reload => {
                match document_from_str(&conflict.path.display().to_string(), &conflict.disk_text) {
                    Ok(loaded) => {
                        let doc = Document::new(content_of(loaded), Some(conflict.path), true);
                        if ws.linked.is_some() {
                            // The course a placed tile came from stays open beside it.
                            ws.doc = Some(doc);
                            ws.rebuild();
                        } else {
                            ws.set_document(doc);
                        }
                        self.refresh_recovery(ws);
                    }
                    Err(e) => {
                        ws.errors.push(format!("Cannot reload: {e}"));
                        self.disk_conflict = Some(conflict);
                    }
                }
            }
        }
    }
}
