//! Editing a placed tile from the course composer, with the course kept open beside it: the course
//! is compiled again with the tile as edited after every edit, so its preview, its problems and
//! the solver's best line follow the tile at once.
//!
//! Unsaved work: the tile and the course are two documents, each with its own undo history and
//! dirty mark. A course names its tiles by id, so editing a library tile changes the tile's file,
//! not the course's: the course keeps its mark as it was. A tile the course embeds is part of the
//! course file, so its edits are copied into the course, which then shows them as unsaved. Going
//! back to the course asks first to save a library tile with unsaved edits (Save writes the tile
//! file and the course goes on showing the edits; Don't Save drops them). Leaving both (close,
//! New, Open, another library entry) asks once for everything unsaved, and Save saves both.

use super::Workspace;
use super::document::{Content, Document};
use super::shown::{Shown, course_kind, cubed as course_cubed};
use crate::app::command::Entry;
use crate::format::Library;
use crate::format::library::Origin;
use crate::model::{Tile, TileSource};
use crate::render::{Scene, build_course_scene};
use crate::validate::{Analysis, Diagnostic, Solution};

/// The course a placed tile was opened from, while the tile is being edited.
pub struct LinkedCourse {
    pub doc: Document,
    /// The library entry the course was copied from.
    pub source: Option<Entry>,
    /// The id the course's placements name the edited tile by.
    pub tile_id: String,
    /// The placement the tile was opened from (index into the course's placements), outlined in
    /// the preview.
    pub placement: usize,
    /// Whether the tile is embedded in the course (its edits are the course's).
    pub embedded: bool,
    /// The course compiled with the tile as edited.
    pub shown: Option<Shown>,
    pub diagnostics: Vec<Diagnostic>,
    pub solution: Option<Solution>,
}

/// The library, with the tile being edited in place of the library's tile of the same id.
struct WithEdited<'a> {
    id: &'a str,
    tile: &'a Tile,
    library: &'a Library,
}

impl TileSource for WithEdited<'_> {
    fn tile(&self, id: &str) -> Option<&Tile> {
        if id == self.id {
            Some(self.tile)
        } else {
            self.library.tile(id)
        }
    }
}

impl Workspace {
    /// Opens the tile of placement `index` of the open course in the tile editor, keeping the
    /// course open beside it.
    pub fn edit_placed_tile(&mut self, index: usize) {
        let Some(course) = self.doc.as_ref().and_then(|d| d.course()) else {
            return;
        };
        let Some(id) = course.placements.get(index).map(|p| p.tile.clone()) else {
            return;
        };
        let embedded = course.embedded.iter().find(|t| t.id == id).cloned();
        let library_entry = self.library.tiles.iter().position(|t| t.tile.id == id);
        let (tile, path, entry) = match (embedded.clone(), library_entry) {
            (Some(tile), _) => (tile, None, None),
            (None, Some(i)) => {
                let t = &self.library.tiles[i];
                let path = match &t.origin {
                    Origin::File(p) => Some(p.clone()),
                    Origin::Builtin(_) => None,
                };
                (t.tile.clone(), path, Some(Entry::Tile(i)))
            }
            (None, None) => {
                self.errors.push(format!(
                    "Cannot edit tile \"{id}\": it is neither in the library nor in the course"
                ));
                return;
            }
        };
        let Some(mut course_doc) = self.doc.take() else {
            return;
        };
        course_doc.commit();
        let linked = LinkedCourse {
            doc: course_doc,
            source: self.source,
            tile_id: id,
            placement: index,
            embedded: embedded.is_some(),
            shown: None,
            diagnostics: Vec::new(),
            solution: None,
        };
        self.set_document(Document::new(Content::Tile(tile), path, true));
        self.source = entry;
        // The course's own unsaved changes are what a crash would lose now: the recovery file
        // follows `recovery_copy` when the generation moves.
        self.linked = Some(linked);
        self.rebuild();
    }

    /// Compiles and checks the linked course with the tile as it is now (after every edit).
    pub fn rebuild_linked(&mut self) {
        let Some(mut linked) = self.linked.take() else {
            return;
        };
        let Some(Content::Tile(tile)) = self.doc.as_ref().map(|d| &d.content) else {
            self.linked = Some(linked);
            return;
        };
        if linked.embedded
            && let Content::Course(course) = &mut linked.doc.content
            && let Some(slot) = course.embedded.iter_mut().find(|t| t.id == linked.tile_id)
            && slot != tile
        {
            *slot = tile.clone();
        }
        let Content::Course(course) = &linked.doc.content else {
            self.linked = Some(linked);
            return;
        };
        let source = WithEdited {
            id: &linked.tile_id,
            tile,
            library: &self.library,
        };
        let board = course.compile(&source);
        // Checked off the frame; the results come back through `take_linked_analysis`.
        self.linked_analyser.submit(course, &board);
        let mut shown = Shown {
            name: linked.doc.content.display_name(),
            kind: course_kind(course),
            board,
            scene: Scene::default().into(),
        };
        let options = self.course_scene_options(&shown, linked.solution.as_ref());
        shown.scene = build_course_scene(&shown.board, course_cubed(&shown.kind), &options).into();
        linked.shown = Some(shown);
        self.linked = Some(linked);
    }

    /// The problems and best line of the linked course, back from the background: the preview is
    /// drawn again with them.
    pub fn take_linked_analysis(&mut self, analysis: Analysis) {
        let Some(mut linked) = self.linked.take() else {
            return;
        };
        linked.diagnostics = analysis.diagnostics;
        linked.solution = analysis.solution;
        if let Some(mut shown) = linked.shown.take() {
            let options = self.course_scene_options(&shown, linked.solution.as_ref());
            shown.scene =
                build_course_scene(&shown.board, course_cubed(&shown.kind), &options).into();
            linked.shown = Some(shown);
        }
        self.linked = Some(linked);
    }

    /// Back from the tile to the course it was opened from (after the prompt if the tile has
    /// unsaved edits).
    pub fn back_to_course(&mut self) {
        let Some(mut linked) = self.linked.take() else {
            return;
        };
        linked.doc.commit();
        self.set_document(linked.doc);
        self.source = linked.source;
    }

    /// Whether anything open has unsaved changes: the document, and the course a tile was
    /// opened from.
    pub fn has_unsaved_changes(&self) -> bool {
        let tile_counts = !self.linked.as_ref().is_some_and(|l| l.embedded);
        let doc = tile_counts && self.doc.as_ref().is_some_and(|d| d.is_dirty());
        doc || self.linked.as_ref().is_some_and(|l| l.doc.is_dirty())
    }

    /// Gives the open tile the id `new`; every open course that places it follows, and so
    /// does the course a placed tile came from.
    pub fn rename_open_tile(&mut self, new: &str) -> Result<(), String> {
        crate::format::tile::check_id(new)?;
        let Some(tile) = self.doc.as_mut().and_then(|d| match &mut d.content {
            Content::Tile(t) => Some(t),
            Content::Course(_) => None,
        }) else {
            return Err("Rename tile id works on an open tile".to_string());
        };
        let old = std::mem::replace(&mut tile.id, new.to_string());
        if let Some(doc) = self.doc.as_mut() {
            // An id chosen by hand no longer follows the name.
            doc.auto_id = false;
            doc.commit();
        }
        self.follow_tile_rename(&old, new);
        self.rebuild();
        Ok(())
    }

    /// The open courses name tile `old` as `new` from now on (it was renamed): the course a
    /// placed tile came from, or the course open as the document.
    pub fn follow_tile_rename(&mut self, old: &str, new: &str) {
        if let Some(linked) = self.linked.as_mut() {
            if linked.tile_id == old {
                linked.tile_id = new.to_string();
            }
            if let Content::Course(c) = &mut linked.doc.content
                && c.rename_tile(old, new)
            {
                linked.doc.commit();
            }
        }
        if let Some(doc) = self.doc.as_mut()
            && let Content::Course(c) = &mut doc.content
            && c.rename_tile(old, new)
        {
            doc.commit();
            self.rebuild();
        }
    }

    /// The open documents with unsaved changes, each kept in its own recovery file: the
    /// document, unless it is a tile the course embeds (its edits are the course's), and the
    /// course a placed tile came from.
    pub fn unsaved_documents(&self) -> Vec<&Document> {
        let embedded = self.linked.as_ref().is_some_and(|l| l.embedded);
        let mut docs = Vec::new();
        if let Some(doc) = &self.doc
            && doc.is_dirty()
            && !embedded
        {
            docs.push(doc);
        }
        if let Some(linked) = self.linked.as_ref().filter(|l| l.doc.is_dirty()) {
            docs.push(&linked.doc);
        }
        docs
    }

    /// Whether going back to the course (`back_to_course`) or leaving everything open would lose
    /// unsaved changes.
    pub fn loses_changes(&self, back_to_course: bool) -> bool {
        if back_to_course {
            // The course stays open: only a library tile's own edits are at stake.
            !self.linked.as_ref().is_some_and(|l| l.embedded)
                && self.doc.as_ref().is_some_and(|d| d.is_dirty())
        } else {
            self.has_unsaved_changes()
        }
    }

    /// The names of what going back to the course (`back_to_course`) or leaving everything open
    /// would lose, for the prompt.
    pub fn unsaved_names(&self, back_to_course: bool) -> String {
        let mut names = Vec::new();
        let embedded = self.linked.as_ref().is_some_and(|l| l.embedded);
        if let Some(doc) = &self.doc
            && doc.is_dirty()
            && !embedded
        {
            names.push(doc.content.display_name());
        }
        if !back_to_course
            && let Some(linked) = &self.linked
            && linked.doc.is_dirty()
        {
            names.push(linked.doc.content.display_name());
        }
        names.join("\" and \"")
    }

    /// The window title while a placed tile is edited: both names, each with its unsaved mark.
    pub fn linked_title(&self) -> Option<String> {
        let linked = self.linked.as_ref()?;
        let doc = self.doc.as_ref()?;
        let star = |dirty: bool| if dirty { "*" } else { "" };
        Some(format!(
            "{}{} in {}{} — factory-floor",
            doc.content.display_name(),
            star(doc.is_dirty() && !linked.embedded),
            linked.doc.content.display_name(),
            star(linked.doc.is_dirty()),
        ))
    }
}
