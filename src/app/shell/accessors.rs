//! What the tests, the benchmarks and `--screenshot` read of the window.

use super::App;
use crate::app::canvas::BoardView;
use crate::app::canvas::preview::PreviewShown;
use crate::app::clipboard::Clip;
use crate::app::command::Entry;
use crate::app::command::Tool;
use crate::app::course_editor::thumbnails::Thumbnails;
use crate::app::files::pending::PendingAction;
use crate::app::state::State;
use crate::app::state::document::Document;
use crate::app::state::linked::LinkedCourse;
use crate::app::state::shown::{HoverInfo, Shown};
use crate::app::tile_editor::tools::Brush;
use crate::format::Library;
use crate::validate::{Diagnostic, Solution};

impl App {
    /// The library entry the open document was copied from.
    pub fn shown_entry(&self) -> Option<Entry> {
        self.ws.source
    }

    /// The name of what is on the canvas.
    pub fn shown_name(&self) -> Option<&str> {
        self.ws.shown.as_ref().map(|s| s.name.as_str())
    }

    pub fn shown(&self) -> Option<&Shown> {
        self.ws.shown.as_ref()
    }

    /// The document being edited.
    pub fn document(&self) -> Option<&Document> {
        self.ws.doc.as_ref()
    }

    pub fn view(&self) -> &BoardView {
        &self.ws.view
    }

    pub fn state(&self) -> &State {
        &self.ws.settings
    }

    pub fn library(&self) -> &Library {
        &self.ws.library
    }

    pub fn brush(&self) -> Brush {
        self.tile.brush
    }

    pub fn tool(&self) -> Tool {
        self.tile.tool
    }

    /// The validation diagnostics of the open course (empty for a tile).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.ws.diagnostics
    }

    /// The solver's best line for the open course, if it has a race to solve.
    pub fn solution(&self) -> Option<&Solution> {
        self.ws.solution.as_ref()
    }

    /// The pictures of the library's tiles.
    pub fn thumbnails(&self) -> &Thumbnails {
        &self.thumbnails
    }

    /// The action waiting for the unsaved-changes prompt.
    pub fn pending(&self) -> Option<&PendingAction> {
        self.files.pending.as_ref()
    }

    /// The square under the pointer and what is on it, as of the last frame.
    pub fn hovered(&self) -> Option<&HoverInfo> {
        self.ws.hovered.as_ref()
    }

    /// Problems shown in the window (not the library's own load errors, which the list shows).
    pub fn errors(&self) -> &[String] {
        &self.ws.errors
    }

    /// Whether validation of a course shown is still running in the background.
    pub fn analysis_pending(&self) -> bool {
        self.ws.analysis_pending()
    }

    /// The open course's background check (progress, Cancel, whether its worker is working).
    pub fn analyser(&self) -> &crate::app::state::analysis::Analyser {
        &self.ws.analyser
    }

    /// The title the window was last given.
    pub fn window_title(&self) -> &str {
        &self.window_title
    }

    /// The state to keep for the next run: what `State` holds, with the zoom as it is now.
    pub fn persisted_state(&self) -> State {
        self.ws.persisted_state()
    }

    /// The course the open tile was opened from, if it was.
    pub fn linked_course(&self) -> Option<&LinkedCourse> {
        self.ws.linked.as_ref()
    }

    /// Whether anything open has unsaved changes: the document, and the course a tile was
    /// opened from.
    pub fn has_unsaved_changes(&self) -> bool {
        self.ws.has_unsaved_changes()
    }

    /// Whether unsaved work from an earlier session is being offered back.
    pub fn offers_restore(&self) -> bool {
        !self.files.offer_restore.is_empty()
    }

    /// Whether the command palette is open.
    pub fn palette_open(&self) -> bool {
        self.palette.is_open()
    }

    /// The files side: dialogs, recovery, the question about a file changed on disk.
    pub fn files(&self) -> &crate::app::files::Files {
        &self.files
    }

    pub fn files_mut(&mut self) -> &mut crate::app::files::Files {
        &mut self.files
    }

    /// What the canvas showed of the next click (or drop) in the last frame: a ghost, a lit
    /// edge, an erase, copied squares following the pointer, a tile's footprint.
    pub fn preview(&self) -> Option<&PreviewShown> {
        if self.ws.editing_course() {
            self.course.preview.as_ref()
        } else {
            self.tile.preview.as_ref()
        }
    }

    /// What Copy or Cut took last.
    pub fn clipboard(&self) -> Option<&Clip> {
        self.clipboard.as_ref()
    }

    /// Whether copied squares (or placed tiles) follow the pointer, waiting for a click to
    /// paste them.
    pub fn is_pasting(&self) -> bool {
        if self.ws.editing_course() {
            self.course.is_pasting()
        } else {
            self.tile.is_pasting()
        }
    }

    /// How many times the editor's board mesh has been made: a pointer moving over the board
    /// must not make it again.
    pub fn board_mesh_builds(&self) -> u64 {
        self.board_cache.builds()
    }

    /// Whether the F1 help is open.
    pub fn help_open(&self) -> bool {
        self.help.open
    }

    /// Whether the window was asked to fill the screen (F11).
    pub fn is_full_screen(&self) -> bool {
        self.full_screen
    }

    /// The question of the unsaved-changes prompt while an action waits for it.
    pub fn prompt_question(&self) -> Option<String> {
        self.prompt_text()
    }
}
