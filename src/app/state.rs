//! The open documents and the settings kept between runs: `State` is the one persisted serde
//! struct; `Workspace` holds beside it what lives only while the window is open (the document, the
//! board compiled from it, its analysis, the view of it).

pub mod analysis;
pub mod document;
pub mod linked;
pub mod shown;

use crate::app::canvas::{BoardView, SavedView};
use crate::app::command::Entry;
use crate::format::Library;
use crate::format::library::Origin;
use crate::geom::Square;
use crate::model::{Board, Course, Tile};
use crate::render::{Rgba, Scene, SceneOptions, build_course_scene};
use crate::validate::{Analysis, Diagnostic, Solution};
use analysis::Analyser;
use document::{Content, Document};
use linked::LinkedCourse;
use serde::{Deserialize, Serialize};
use shown::{HoverInfo, Shown, ShownKind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the user chose that should come back next time. Everything else is runtime state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    pub show_grid: bool,
    /// Files opened or saved lately, newest first (File > Recent).
    pub recent: Vec<PathBuf>,
    /// Whether the solver's best line is drawn on courses.
    pub show_path: bool,
    /// Which panels are open.
    pub show_library: bool,
    pub show_side_panel: bool,
    /// The widths of the library list and the side panel, in points. egui keeps them in its own
    /// memory too; these make them come back even where that memory is not kept.
    pub library_width: f32,
    pub side_panel_width: f32,
    /// What the window opens on when no file is given: the sample course or the first tile.
    pub view: StartView,
    /// The zoom (points per square) the user chose for the document open last, or `None` when
    /// it was fitted to the window. Each document's own view is in `views`.
    pub zoom: Option<f32>,
    /// Folders of tiles the user added to the library (or saved a tile into), read at start.
    pub library_folders: Vec<PathBuf>,
    /// Each document's zoom and pan, by `view_key`: a document opens as it was left, or fitted.
    pub views: BTreeMap<String, SavedView>,
    /// The document open last (its `view_key`), opened again at the next start.
    pub last_document: Option<String>,
    /// The light theme instead of the dark one.
    pub light_theme: bool,
    /// Lasers, belts, gears and flags in the colour-blind-safe set.
    pub colour_blind_safe: bool,
    /// The size of text and controls (egui's zoom factor); 1 is normal.
    pub ui_scale: f32,
}

impl Default for State {
    fn default() -> Self {
        State {
            show_grid: true,
            recent: Vec::new(),
            show_path: false,
            show_library: true,
            show_side_panel: true,
            library_width: DEFAULT_LIBRARY_WIDTH,
            side_panel_width: DEFAULT_SIDE_PANEL_WIDTH,
            view: StartView::Course,
            zoom: None,
            library_folders: Vec::new(),
            views: BTreeMap::new(),
            last_document: None,
            light_theme: false,
            colour_blind_safe: false,
            ui_scale: 1.0,
        }
    }
}

/// The library list's width when nothing else is known, in points.
pub const DEFAULT_LIBRARY_WIDTH: f32 = 220.0;
/// The side panel's width when nothing else is known, in points.
pub const DEFAULT_SIDE_PANEL_WIDTH: f32 = 280.0;

/// Which editor the window opens in when no file is given: the one used last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StartView {
    #[default]
    Course,
    Tile,
}

/// How many files File > Recent lists.
pub const RECENT_LIMIT: usize = 10;
/// How many documents' views are kept: the oldest go first.
pub const VIEWS_LIMIT: usize = 64;
/// The interface sizes the View menu steps through.
pub const UI_SCALE_RANGE: (f32, f32) = (0.75, 2.0);

/// The key a document's view is kept under: its file, or the library tile or course it copies.
pub fn view_key(doc: &Document) -> String {
    match (&doc.path, &doc.content) {
        (Some(p), _) => format!("file:{}", p.display()),
        (None, Content::Tile(t)) => format!("tile:{}", t.id),
        (None, Content::Course(c)) => format!("course:{}", c.name),
    }
}

impl State {
    /// Puts `path` first in the recent files, once, keeping at most `RECENT_LIMIT`.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
    }
}

/// How long after the last R press a burst of rotations still counts as one undo step, in seconds.
const ROTATION_BURST: f64 = 0.8;

/// The colour of squares a validation problem concerns.
const PROBLEM_HIGHLIGHT: Rgba = Rgba::new(255, 40, 200, 110);

/// The open document and everything derived from it, with the settings it is drawn with.
pub struct Workspace {
    pub settings: State,
    pub library: Library,
    pub doc: Option<Document>,
    /// The library entry the document was copied from.
    pub source: Option<Entry>,
    pub shown: Option<Shown>,
    pub view: BoardView,
    /// The square under the pointer and what is on it, as of the last frame.
    pub hovered: Option<HoverInfo>,
    /// Problems to show in the window until dismissed (a file that could not be opened or saved).
    pub errors: Vec<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// The diagnostic whose squares are highlighted; it goes when an edit fixes it.
    pub diagnostic_shown: Option<Diagnostic>,
    /// The solver's best line for the open course.
    pub solution: Option<Solution>,
    /// The course a placed tile being edited was opened from.
    pub linked: Option<LinkedCourse>,
    /// Squares the tile editor marks (the inspected square, the selection), drawn on a tile.
    pub marks: Vec<(Square, Rgba)>,
    /// Until when edits are not recorded yet: a burst of rotations is one undo step.
    pub burst_until: Option<f64>,
    /// Counts the documents set: the editors and the recovery file start afresh when it moves.
    generation: u64,
    /// Moves each time the shown scene is built again: the canvas keeps its mesh until then.
    pub scene_revision: u64,
    /// The `view_key` of the document shown, whose view is kept when another opens.
    view_key: Option<String>,
    /// Validation and the solver of the open course, and of the course a placed tile came from,
    /// run off the frame.
    pub analyser: Analyser,
    pub linked_analyser: Analyser,
}

impl Workspace {
    /// Nothing open yet, over `library`, drawn with `settings`.
    pub fn new(ctx: &egui::Context, library: Library, settings: State) -> Workspace {
        Workspace {
            settings,
            library,
            doc: None,
            source: None,
            shown: None,
            view: BoardView::default(),
            hovered: None,
            errors: Vec::new(),
            diagnostics: Vec::new(),
            diagnostic_shown: None,
            solution: None,
            linked: None,
            marks: Vec::new(),
            burst_until: None,
            generation: 0,
            scene_revision: 0,
            view_key: None,
            analyser: Analyser::new(ctx.clone()),
            linked_analyser: Analyser::new(ctx.clone()),
        }
    }

    /// Which document is open: moves each time one is set.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Opens a copy of a library entry for editing. A file entry keeps its path, so Save writes
    /// back to it; a built-in one has none, so Save asks where.
    pub fn open_entry(&mut self, entry: Entry) {
        let (content, origin) = match entry {
            Entry::Course(i) => match self.library.courses.get(i) {
                Some(c) => (Content::Course(c.course.clone()), &c.origin),
                None => return,
            },
            Entry::Tile(i) => match self.library.tiles.get(i) {
                Some(t) => (Content::Tile(t.tile.clone()), &t.origin),
                None => return,
            },
        };
        let path = match origin {
            Origin::File(p) => Some(p.clone()),
            _ => None,
        };
        self.set_document(Document::new(content, path, true));
        self.source = Some(entry);
    }

    /// Makes `doc` the open document. What the editors hold about the one before goes with it
    /// (they see the generation move), and so does a linked course.
    pub fn set_document(&mut self, doc: Document) {
        self.doc = Some(doc);
        self.generation += 1;
        self.source = None;
        self.linked = None;
        self.linked_analyser.cancel();
        // The new document's problems are not known until its analysis comes back.
        self.diagnostics.clear();
        self.solution = None;
        self.marks.clear();
        self.diagnostic_shown = None;
        self.hovered = None;
        self.burst_until = None;
        self.rebuild();
        self.keep_view();
        let key = self.doc.as_ref().map(view_key);
        match key.as_ref().and_then(|k| self.settings.views.get(k)) {
            Some(saved) => self.view.restore(*saved),
            None => self.view.request_fit(),
        }
        self.view_key = key;
    }

    /// Keeps the shown document's zoom and pan under its key (or forgets them while it is
    /// fitted, so it opens fitted again).
    pub fn keep_view(&mut self) {
        let Some(key) = self.view_key.clone() else {
            return;
        };
        match self.view.saved() {
            Some(saved) => {
                self.settings.views.insert(key, saved);
                while self.settings.views.len() > VIEWS_LIMIT {
                    let Some(first) = self.settings.views.keys().next().cloned() else {
                        break;
                    };
                    self.settings.views.remove(&first);
                }
            }
            None => {
                self.settings.views.remove(&key);
            }
        }
    }

    /// Compiles the document into the board and scene the canvas shows, and validates a course.
    pub fn rebuild(&mut self) {
        let Some(doc) = &self.doc else {
            self.shown = None;
            return;
        };
        let name = doc.content.display_name();
        let (kind, board) = match &doc.content {
            Content::Course(c) => {
                let board = c.compile(&self.library);
                // The rules and the solver together, off the frame: the problems and the best
                // line come back in a later frame (`take_analyses`).
                self.analyser.submit(c, &board);
                (shown::course_kind(c), board)
            }
            Content::Tile(t) => {
                self.analyser.cancel();
                self.diagnostics.clear();
                self.solution = None;
                (
                    ShownKind::Tile { id: t.id.clone() },
                    Board::from_tile(t, &[]),
                )
            }
        };
        let mut shown = Shown {
            name,
            kind,
            board,
            scene: Scene::default().into(),
        };
        shown.scene = build_course_scene(
            &shown.board,
            shown::cubed(&shown.kind),
            &self.scene_options(&shown),
        )
        .into();
        self.shown = Some(shown);
        self.scene_revision += 1;
        self.rebuild_linked();
    }

    /// Takes the analyses that came back from the background, and draws the board again with
    /// their best line.
    pub fn take_analyses(&mut self) {
        if let Some(analysis) = self.analyser.poll() {
            // What the scene was drawn with: it is drawn again only if the analysis changes it.
            let before = self.shown.as_ref().map(|s| self.scene_options(s));
            let Analysis {
                diagnostics,
                solution,
                ..
            } = analysis;
            self.diagnostics = diagnostics;
            self.solution = solution;
            // The problem being shown has gone if the edit fixed it.
            if self
                .diagnostic_shown
                .as_ref()
                .is_some_and(|d| !self.diagnostics.contains(d))
            {
                self.diagnostic_shown = None;
            }
            // A new best line shown or a problem gone (the largest course's scene takes tens of
            // milliseconds to build, and its picture seconds on a worker).
            if let Some(mut shown) = self.shown.take() {
                let options = self.scene_options(&shown);
                if before.as_ref() != Some(&options) {
                    shown.scene =
                        build_course_scene(&shown.board, shown::cubed(&shown.kind), &options)
                            .into();
                    self.scene_revision += 1;
                }
                self.shown = Some(shown);
            }
        }
        if let Some(analysis) = self.linked_analyser.poll() {
            self.take_linked_analysis(analysis);
        }
    }

    /// Whether validation of a course shown is still running in the background.
    pub fn analysis_pending(&self) -> bool {
        self.analyser.is_busy() || self.linked_analyser.is_busy()
    }

    /// What the scene shows besides the board: the grid if wanted, a course's archive start, the
    /// squares of the problem being shown, the tile editor's marks.
    pub fn scene_options(&self, shown: &Shown) -> SceneOptions {
        let mut highlights: Vec<(Square, Rgba)> = Vec::new();
        if let Some(d) = &self.diagnostic_shown {
            highlights.extend(d.squares.iter().map(|&s| (s, PROBLEM_HIGHLIGHT)));
        }
        if matches!(shown.kind, ShownKind::Tile { .. }) {
            highlights.extend(self.marks.iter().copied());
        }
        SceneOptions {
            highlights,
            ..self.course_scene_options(shown, self.solution.as_ref())
        }
    }

    /// The scene options of a board without editing highlights: the grid if wanted, a course's
    /// archive start, and the solver's best line when it is to be shown.
    pub fn course_scene_options(&self, shown: &Shown, solution: Option<&Solution>) -> SceneOptions {
        SceneOptions {
            grid: self.settings.show_grid,
            archive_start: shown::archive_start(&shown.kind),
            highlights: Vec::new(),
            path: solution
                .filter(|_| self.settings.show_path)
                .map(shown::best_line_path),
        }
    }

    /// Edits the open tile; rebuilds the board if `f` says it changed something.
    pub fn edit_tile(&mut self, f: impl FnOnce(&mut Tile) -> bool) -> bool {
        let changed = match self.doc.as_mut().map(|d| &mut d.content) {
            Some(Content::Tile(t)) => f(t),
            _ => false,
        };
        if changed {
            self.view.hold();
            self.rebuild();
        }
        changed
    }

    pub fn edit_course(&mut self, f: impl FnOnce(&mut Course) -> bool) -> bool {
        let changed = match self.doc.as_mut().map(|d| &mut d.content) {
            Some(Content::Course(c)) => f(c),
            _ => false,
        };
        if changed {
            self.view.hold();
            self.rebuild();
        }
        changed
    }

    /// Whether the open document is a tile (the tile editor is shown).
    pub fn editing_tile(&self) -> bool {
        self.doc.as_ref().is_some_and(|d| d.tile().is_some())
    }

    /// Whether the open document is a course (the course composer is shown).
    pub fn editing_course(&self) -> bool {
        self.doc.as_ref().is_some_and(|d| d.course().is_some())
    }

    /// The square under the pointer, as of the last frame.
    pub fn hovered_square(&self) -> Option<Square> {
        self.hovered.as_ref().map(|h| h.square)
    }

    /// The placement (index into the course's placements) covering a board square.
    pub fn placement_at(&self, square: Square) -> Option<usize> {
        let shown = self.shown.as_ref()?;
        shown
            .board
            .placements
            .iter()
            .rev()
            .find(|(_, nw, w, h)| {
                (nw.x..nw.x + w).contains(&square.x) && (nw.y..nw.y + h).contains(&square.y)
            })
            .map(|p| p.0)
    }

    /// Highlights the squares of diagnostic `index` and centres the view on them.
    pub fn show_diagnostic(&mut self, index: usize) {
        self.diagnostic_shown = self.diagnostics.get(index).cloned();
        if let Some(d) = self.diagnostics.get(index)
            && !d.squares.is_empty()
        {
            let n = d.squares.len() as f32;
            let (x, y) = d.squares.iter().fold((0.0, 0.0), |(x, y), s| {
                (x + s.x as f32 + 0.5, y + s.y as f32 + 0.5)
            });
            self.view.centre_on(egui::Pos2::new(x / n, y / n));
        }
        self.rebuild();
    }

    /// Undo (or redo) one step. Returns whether the document changed.
    pub fn undo_or_redo(&mut self, undo: bool) -> bool {
        self.burst_until = None;
        let changed = self
            .doc
            .as_mut()
            .is_some_and(|d| if undo { d.undo() } else { d.redo() });
        if changed {
            self.rebuild();
        }
        changed
    }

    /// Holds the next undo point back until a burst of edits (R presses) is over.
    pub fn start_burst(&mut self, now: f64) {
        self.burst_until = Some(now + ROTATION_BURST);
    }

    /// A new stroke or drag closes a burst of rotations and starts a step of its own.
    pub fn begin_edit(&mut self) {
        self.burst_until = None;
        if let Some(doc) = self.doc.as_mut() {
            doc.commit();
        }
    }

    /// Records an undo point once nothing is being edited: no button held, no text field
    /// focused, no burst of rotations going on. Returns whether a step was recorded.
    pub fn record_undo_point(&mut self, ctx: &egui::Context) -> bool {
        let (any_down, now) = ctx.input(|i| (i.pointer.any_down(), i.time));
        if let Some(until) = self.burst_until {
            if now < until {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(until - now));
                return false;
            }
            self.burst_until = None;
        }
        if any_down || ctx.egui_wants_keyboard_input() {
            return false;
        }
        self.doc.as_mut().is_some_and(|doc| doc.commit())
    }

    /// The window title: the document's name with its unsaved mark (both names while a placed
    /// tile is edited).
    pub fn title(&self) -> String {
        match (&self.doc, self.linked_title()) {
            (_, Some(title)) => title,
            (Some(doc), None) => doc.title(),
            (None, None) => "factory-floor".to_string(),
        }
    }

    /// The state to keep for the next run: what `State` holds, with the zoom as it is now.
    pub fn persisted_state(&self) -> State {
        let mut views = self.settings.views.clone();
        if let Some(key) = &self.view_key {
            match self.view.saved() {
                Some(saved) => {
                    views.insert(key.clone(), saved);
                }
                None => {
                    views.remove(key);
                }
            }
        }
        State {
            zoom: (!self.view.is_fitted()).then(|| self.view.zoom()),
            views,
            last_document: match &self.linked {
                // A placed tile is opened from its course: the course opens next time.
                Some(l) => Some(view_key(&l.doc)),
                None => self.doc.as_ref().map(view_key),
            },
            view: match self.doc.as_ref().map(|d| &d.content) {
                Some(Content::Tile(_)) if self.linked.is_none() => StartView::Tile,
                Some(_) => StartView::Course,
                None => self.settings.view,
            },
            ..self.settings.clone()
        }
    }
}
