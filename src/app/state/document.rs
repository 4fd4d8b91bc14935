//! The document being edited (a tile or a course), where it is saved, and its undo history.
//! Edits change the content in place; `commit` records an undo point once an edit is finished
//! (the pointer released, a burst of rotations over), so one drag stroke is one step.

use crate::format::{course_to_string, tile_to_string};
use crate::geom::Square;
use crate::model::{Course, LivesRule, PlayerRange, RulesEdition, StartRule, Tile};
use std::path::PathBuf;

/// The fewest undo steps kept (the issue asks for at least 200).
pub const HISTORY_LIMIT: usize = 256;

/// What is being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    Tile(Tile),
    Course(Course),
}

impl Content {
    /// The file text of the content, in the canonical layout.
    pub fn to_file_string(&self) -> String {
        match self {
            Content::Tile(t) => tile_to_string(t),
            Content::Course(c) => course_to_string(c),
        }
    }

    /// The name shown in the title: the tile's name or id, the course's name.
    pub fn display_name(&self) -> String {
        let name = match self {
            Content::Tile(t) if t.name.trim().is_empty() => t.id.clone(),
            Content::Tile(t) => t.name.clone(),
            Content::Course(c) => c.name.clone(),
        };
        if name.trim().is_empty() {
            "untitled".to_string()
        } else {
            name
        }
    }
}

/// An empty tile for File > New tile: 12 x 12 open floor, its id made from its name and free
/// as far as `taken` knows (the library, the open documents, the ids given out before).
pub fn new_tile(taken: impl Fn(&str) -> bool) -> Tile {
    let name = "New tile";
    let mut tile = Tile::new(crate::format::library::unique_id(name, taken), 12, 12);
    tile.name = name.to_string();
    tile
}

/// Counts the documents made in this run, for their recovery file names.
static DOCUMENTS_MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A name for a document's recovery file no other document and no other window uses: the
/// process id first (so a window can tell its own files, and a running window's, from those a
/// crash left), then the start time and a count.
fn new_recovery_id() -> String {
    let n = DOCUMENTS_MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{}-{nanos}-{n}", std::process::id())
}

/// A short fingerprint of file bytes: what the document's file held when it was opened or saved,
/// so a change by another program is noticed.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// An empty course for File > New course: the 1994 rules and start on (0, 0) until changed.
pub fn new_course() -> Course {
    Course {
        name: "New course".to_string(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements: Vec::new(),
        embedded: Vec::new(),
        flags: Vec::new(),
        start: StartRule::Archive(Square::new(0, 0)),
    }
}

/// A snapshot history: `states[cursor]` is the content as of the last recorded step.
#[derive(Clone, Debug)]
pub struct History {
    states: Vec<Content>,
    cursor: usize,
    /// The index of the state that matches the file on disk; `None` once that state has been
    /// dropped from the history or was never saved.
    saved_at: Option<usize>,
}

impl History {
    fn new(initial: Content, saved: bool) -> History {
        History {
            states: vec![initial],
            cursor: 0,
            saved_at: saved.then_some(0),
        }
    }

    fn current(&self) -> Option<&Content> {
        self.states.get(self.cursor)
    }

    /// Records `content` as a new step if it differs from the current one; drops redo steps.
    fn record(&mut self, content: &Content) -> bool {
        if self.current() == Some(content) {
            return false;
        }
        self.states.truncate(self.cursor + 1);
        if self.saved_at.is_some_and(|s| s > self.cursor) {
            self.saved_at = None;
        }
        self.states.push(content.clone());
        self.cursor = self.states.len() - 1;
        if self.states.len() > HISTORY_LIMIT + 1 {
            self.states.remove(0);
            self.cursor -= 1;
            self.saved_at = self.saved_at.and_then(|s| s.checked_sub(1));
        }
        true
    }
}

/// A tile or course open for editing.
#[derive(Clone, Debug)]
pub struct Document {
    pub content: Content,
    /// The file it was opened from or last saved to; `None` for a new document or a copy of a
    /// built-in library entry.
    pub path: Option<PathBuf>,
    history: History,
    /// The name of this document's own recovery file (`files::recovery`).
    pub recovery_id: String,
    /// A new tile whose id still follows its name: the first save makes the id from the name.
    pub auto_id: bool,
    /// The fingerprint of the file's bytes when it was opened or last saved; `None` when there
    /// is no file (or it could not be read).
    pub disk: Option<u64>,
}

impl Document {
    /// A document for `content`. `saved` says whether there is nothing to lose yet: `path` holds
    /// exactly this content, or the document is new or a copy of a built-in entry.
    pub fn new(content: Content, path: Option<PathBuf>, saved: bool) -> Document {
        // A document opened from its file remembers what the file held then.
        let disk = path
            .as_ref()
            .filter(|_| saved)
            .and_then(|p| std::fs::read(p).ok())
            .map(|b| fingerprint(&b));
        Document {
            history: History::new(content.clone(), saved),
            content,
            path,
            recovery_id: new_recovery_id(),
            auto_id: false,
            disk,
        }
    }

    /// The content as last saved, if it is still in the history.
    pub fn saved_content(&self) -> Option<&Content> {
        self.history
            .saved_at
            .and_then(|i| self.history.states.get(i))
    }

    pub fn tile(&self) -> Option<&Tile> {
        match &self.content {
            Content::Tile(t) => Some(t),
            Content::Course(_) => None,
        }
    }

    pub fn course(&self) -> Option<&Course> {
        match &self.content {
            Content::Course(c) => Some(c),
            Content::Tile(_) => None,
        }
    }

    /// Records an undo point if the content changed since the last one. Returns whether it did.
    pub fn commit(&mut self) -> bool {
        self.history.record(&self.content)
    }

    /// Whether the content has edits not yet recorded as a step.
    pub fn has_pending_edit(&self) -> bool {
        self.history.current() != Some(&self.content)
    }

    pub fn can_undo(&self) -> bool {
        self.history.cursor > 0 || self.has_pending_edit()
    }

    pub fn can_redo(&self) -> bool {
        !self.has_pending_edit() && self.history.cursor + 1 < self.history.states.len()
    }

    /// Steps back one recorded step (an unrecorded edit is recorded first). Returns whether the
    /// content changed.
    pub fn undo(&mut self) -> bool {
        self.commit();
        if self.history.cursor == 0 {
            return false;
        }
        self.history.cursor -= 1;
        self.restore()
    }

    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.history.cursor += 1;
        self.restore()
    }

    fn restore(&mut self) -> bool {
        match self.history.current() {
            Some(c) => {
                self.content = c.clone();
                true
            }
            None => false,
        }
    }

    /// How many steps can be undone.
    pub fn undo_steps(&self) -> usize {
        self.history.cursor
    }

    /// Whether the content differs from what was last saved (or was never saved).
    pub fn is_dirty(&self) -> bool {
        self.has_pending_edit() || self.history.saved_at != Some(self.history.cursor)
    }

    /// Marks the current content as saved to `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.commit();
        self.path = Some(path);
        self.history.saved_at = Some(self.history.cursor);
    }

    /// The window title: `name* — factory-floor`, with the star while there are unsaved changes.
    pub fn title(&self) -> String {
        let star = if self.is_dirty() { "*" } else { "" };
        format!("{}{star} — factory-floor", self.content.display_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Square;
    use crate::model::{Floor, SquareSpec};

    fn pit_at(t: &mut Tile, x: i32) {
        t.set_square(
            Square::new(x, 0),
            SquareSpec {
                floor: Some(Floor::Pit),
                ..SquareSpec::default()
            },
        );
    }

    fn tile_doc() -> Document {
        Document::new(
            Content::Tile(Tile::new("t", 60, 1)),
            Some("t.json".into()),
            true,
        )
    }

    fn edit(doc: &mut Document, x: i32) {
        if let Content::Tile(t) = &mut doc.content {
            pit_at(t, x);
        }
    }

    #[test]
    fn undo_and_redo_walk_the_recorded_steps_and_the_dirty_flag_follows() {
        let mut doc = tile_doc();
        assert!(!doc.is_dirty());
        assert_eq!(doc.title(), "t — factory-floor");
        edit(&mut doc, 0);
        assert!(doc.is_dirty(), "an unrecorded edit is unsaved too");
        assert!(doc.commit());
        assert!(!doc.commit(), "nothing changed since");
        edit(&mut doc, 1);
        doc.commit();
        assert_eq!(doc.undo_steps(), 2);
        assert_eq!(doc.title(), "t* — factory-floor");
        assert!(doc.undo());
        assert!(
            doc.tile().and_then(|t| t.square(Square::new(1, 0))) == Some(&SquareSpec::default())
        );
        assert!(doc.undo());
        assert!(!doc.is_dirty(), "back at the saved state");
        assert!(!doc.undo());
        assert!(doc.redo() && doc.redo() && !doc.redo());
        assert!(doc.is_dirty());
        doc.mark_saved("t.json".into());
        assert!(!doc.is_dirty());
    }

    #[test]
    fn a_new_edit_after_undo_drops_the_redo_steps() {
        let mut doc = tile_doc();
        edit(&mut doc, 0);
        doc.commit();
        doc.undo();
        edit(&mut doc, 5);
        doc.commit();
        assert!(!doc.can_redo());
        assert_eq!(doc.undo_steps(), 1);
    }

    #[test]
    fn the_history_keeps_at_least_200_steps() {
        let mut doc = tile_doc();
        for x in 0..(HISTORY_LIMIT as i32 + 20) {
            edit(&mut doc, x % 60);
            if let Content::Tile(t) = &mut doc.content {
                t.name = format!("step {x}");
            }
            doc.commit();
        }
        assert_eq!(doc.undo_steps(), HISTORY_LIMIT);
        let mut undone = 0;
        while doc.undo() {
            undone += 1;
        }
        assert!(undone >= 200, "{undone}");
        assert!(doc.is_dirty(), "the saved state fell off the history");
    }
}
