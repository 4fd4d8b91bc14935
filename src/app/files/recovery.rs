//! Crash recovery, one file per document: while a document has unsaved changes, a copy is kept
//! in its own recovery file (written atomically after each undo step) and removed once it is
//! saved or closed; at start-up every copy a crashed window left behind is offered back. A copy
//! that cannot be loaded is reported and moved aside into `unreadable/`, never deleted. The
//! user's own files are never written by this.

use super::Files;
use crate::app::state::Workspace;
use crate::app::state::document::{Content, Document, fingerprint};
use crate::format::{Document as FileDocument, document_from_str, read_text, save_atomic};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of recovery files: `<id>.json` holds a document, `<id>.path` the file it belongs
/// to (empty for a document never saved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    dir: PathBuf,
}

/// A document found in the recovery folder, offered back.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovered {
    pub id: String,
    pub content: Content,
    pub path: Option<PathBuf>,
}

/// Whether another window that wrote recovery file `id` (named after its process) still runs:
/// its copies are its own, not a crash's. Where that cannot be told, it is taken as gone. This
/// process's own id counts as gone: at start-up nothing of its own is written yet, so such a
/// copy is an earlier process's that had the same id.
fn writer_alive(id: &str) -> bool {
    let Some(pid) = id.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    pid != std::process::id()
        && cfg!(target_os = "linux")
        && Path::new(&format!("/proc/{pid}")).exists()
}

impl Recovery {
    pub fn new(dir: PathBuf) -> Recovery {
        Recovery { dir }
    }

    /// The recovery folder in eframe's storage folder for the app.
    pub fn in_storage_dir(app_id: &str) -> Option<Recovery> {
        eframe::storage_dir(app_id).map(|dir| Recovery::new(dir.join("recovery")))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    fn path_file(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.path"))
    }

    /// Keeps a copy of `doc` in its own recovery file.
    pub fn write(&self, doc: &Document) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        // Put right what the loader would refuse (an empty name), or the copy would not load back.
        let mut content = doc.content.clone();
        super::save::fix_for_save(&mut content);
        save_atomic(&self.file(&doc.recovery_id), content.to_file_string())?;
        let path_text = doc
            .path
            .as_ref()
            .map_or_else(String::new, |p| p.display().to_string());
        save_atomic(&self.path_file(&doc.recovery_id), &path_text)
    }

    /// Removes the copy of document `id`: nothing of it is unsaved any more.
    pub fn clear(&self, id: &str) {
        // A missing file is what we want; any other failure only leaves a stale offer behind.
        let _ = std::fs::remove_file(self.file(id));
        let _ = std::fs::remove_file(self.path_file(id));
    }

    /// The ids of the copies in the folder, oldest first (by name: the ids start with the time).
    fn ids(&self) -> Vec<String> {
        let Ok(rd) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut ids: Vec<(std::time::SystemTime, String)> = rd
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let id = name.strip_suffix(".json")?.to_string();
                let time = e.metadata().and_then(|m| m.modified()).ok()?;
                Some((time, id))
            })
            .collect();
        ids.sort();
        ids.into_iter().map(|(_, id)| id).collect()
    }

    /// Every copy a window that is no longer running left behind, oldest first; with the copies
    /// that could not be loaded, moved aside, and why.
    pub fn read_all(&self) -> (Vec<Recovered>, Vec<String>) {
        let mut found = Vec::new();
        let mut problems = Vec::new();
        for id in self.ids().into_iter().filter(|id| !writer_alive(id)) {
            match self.read_one(&id) {
                Ok(r) => found.push(r),
                Err(e) => problems.push(self.move_aside(&id, &e)),
            }
        }
        (found, problems)
    }

    /// The newest copy left behind, if any loads.
    pub fn read(&self) -> Option<(Content, Option<PathBuf>)> {
        let file = |id: &str| self.file(id);
        let mut ids = self.ids();
        ids.sort_by_key(|id| std::fs::metadata(file(id)).and_then(|m| m.modified()).ok());
        ids.iter()
            .rev()
            .find_map(|id| self.read_one(id).ok())
            .map(|r| (r.content, r.path))
    }

    fn read_one(&self, id: &str) -> Result<Recovered, String> {
        let file = self.file(id);
        let text = read_text(&file).map_err(|e| e.to_string())?;
        let content = match document_from_str(&file.display().to_string(), &text)
            .map_err(|e| e.to_string())?
        {
            FileDocument::Tile(t) => Content::Tile(t),
            FileDocument::Course(c) => Content::Course(c),
        };
        let path = std::fs::read_to_string(self.path_file(id))
            .ok()
            .filter(|p| !p.trim().is_empty())
            .map(|p| PathBuf::from(p.trim()));
        Ok(Recovered {
            id: id.to_string(),
            content,
            path,
        })
    }

    /// Moves the copy of `id` that did not load into `unreadable/`, and says so.
    fn move_aside(&self, id: &str, why: &str) -> String {
        let aside = self.dir.join("unreadable");
        let moved = std::fs::create_dir_all(&aside).and_then(|()| {
            std::fs::rename(self.file(id), aside.join(format!("{id}.json")))?;
            // The path file is a help, not the work: it may be missing.
            let _ = std::fs::rename(self.path_file(id), aside.join(format!("{id}.path")));
            Ok(())
        });
        match moved {
            Ok(()) => format!(
                "A recovery copy could not be loaded and was moved to {}: {why}",
                aside.join(format!("{id}.json")).display()
            ),
            Err(e) => format!(
                "A recovery copy could not be loaded ({why}) nor moved aside ({e}); it stays at {}",
                self.file(id).display()
            ),
        }
    }
}

impl Files {
    /// Keeps unsaved changes in `recovery` from now on, and offers back every document it holds
    /// from sessions that did not end cleanly; copies that do not load are reported.
    pub fn keep_recovery(&mut self, recovery: Recovery, ws: &mut Workspace) {
        let (found, problems) = recovery.read_all();
        self.offer_restore = found;
        ws.errors.extend(problems);
        self.recovery = Some(recovery);
        self.recovery_generation = ws.generation();
    }

    /// Removes the recovery copies of this window: nothing is unsaved any more (the window is
    /// closing after the prompt).
    pub fn forget_recovery(&mut self) {
        if let Some(recovery) = &self.recovery {
            for id in std::mem::take(&mut self.recovery_written).keys() {
                recovery.clear(id);
            }
        }
    }

    /// After another document was opened: brings the recovery files up to date.
    pub fn follow_document(&mut self, ws: &mut Workspace) {
        if self.recovery_generation == ws.generation() {
            return;
        }
        self.recovery_generation = ws.generation();
        self.refresh_recovery(ws);
    }

    /// Writes each open document with unsaved changes to its own recovery file, and removes
    /// the files of documents saved or closed since.
    pub fn refresh_recovery(&mut self, ws: &mut Workspace) {
        let Some(recovery) = &self.recovery else {
            return;
        };
        let unsaved = ws.unsaved_documents();
        let mut written = BTreeMap::new();
        let mut failed = None;
        for doc in unsaved {
            let text = doc.content.to_file_string();
            let stamp = fingerprint(text.as_bytes());
            // A copy already up to date is left as it is (and keeps its time).
            if self.recovery_written.get(&doc.recovery_id) == Some(&stamp) {
                written.insert(doc.recovery_id.clone(), stamp);
                continue;
            }
            match recovery.write(doc) {
                Ok(()) => {
                    written.insert(doc.recovery_id.clone(), stamp);
                }
                Err(e) => failed = Some(e),
            }
        }
        for gone in self
            .recovery_written
            .keys()
            .filter(|id| !written.contains_key(*id))
        {
            recovery.clear(gone);
        }
        self.recovery_written = written;
        if let Some(e) = failed {
            ws.errors
                .push(format!("Could not keep a recovery copy: {e}"));
            // Say it once, not after every edit.
            self.recovery = None;
        }
    }

    /// Opens recovered document `id` (the unsaved-changes prompt has been answered); it goes on
    /// using its recovery file.
    pub fn restore(&mut self, ws: &mut Workspace, id: &str) {
        let Some(i) = self.offer_restore.iter().position(|r| r.id == id) else {
            return;
        };
        let r = self.offer_restore.remove(i);
        let mut doc = Document::new(r.content, r.path, false);
        doc.recovery_id = r.id;
        // Nothing recorded yet: the restored content is unsaved, so keep its copy.
        doc.commit();
        ws.set_document(doc);
        self.follow_document(ws);
    }

    /// Throws recovered document `id` away.
    pub fn discard_recovered(&mut self, id: &str) {
        self.offer_restore.retain(|r| r.id != id);
        if let Some(recovery) = &self.recovery {
            recovery.clear(id);
        }
    }

    /// The old answer to the offer: restore (the newest) or discard every copy.
    pub fn answer_restore(&mut self, ws: &mut Workspace, restore: bool) {
        if restore {
            if let Some(id) = self.offer_restore.last().map(|r| r.id.clone()) {
                self.restore(ws, &id);
            }
        } else {
            let ids: Vec<String> = self.offer_restore.iter().map(|r| r.id.clone()).collect();
            for id in ids {
                self.discard_recovered(&id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Tile;

    #[test]
    fn each_document_has_its_own_copy_and_an_unreadable_one_is_moved_aside() {
        let dir = tempfile::tempdir().expect("temp dir");
        let recovery = Recovery::new(dir.path().join("recovery"));
        // A tile with no name breaks a load rule: its copy still loads back.
        let a = Document::new(Content::Tile(Tile::new("a", 2, 2)), None, false);
        let b = Document::new(
            Content::Tile(Tile::new("b", 2, 2)),
            Some("b.json".into()),
            false,
        );
        recovery.write(&a).expect("write a");
        recovery.write(&b).expect("write b");
        // A copy of a window still running (process 1 always runs on Linux) is its own.
        let mut live = a.clone();
        live.recovery_id = "1-0-0".to_string();
        recovery.write(&live).expect("write");
        std::fs::write(recovery.dir().join("4294967295-broken.json"), "{ not json").expect("w");
        let (found, problems) = recovery.read_all();
        let expected = if cfg!(target_os = "linux") { 2 } else { 3 };
        assert_eq!(found.len(), expected, "both documents are offered");
        assert!(found.iter().any(|r| r.path == Some("b.json".into())));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("moved to"), "{}", problems[0]);
        assert!(
            recovery
                .dir()
                .join("unreadable/4294967295-broken.json")
                .exists(),
            "kept aside, not deleted"
        );
    }
}
