//! The eframe application: the editor window in which tiles are drawn and courses composed, with
//! undo, live validation and files. The model knows nothing of egui; this is a thin layer over it.

pub mod analysis;
pub mod canvas;
pub mod command;
pub mod course_panel;
pub mod dialogs;
pub mod document;
pub mod egui_paint;
pub mod inspector;
pub mod library_panel;
pub mod linked;
pub mod palette;
pub mod play;
pub mod recovery;
pub mod screenshot;
pub mod selection;
pub mod status_bar;
pub mod thumbnails;
pub mod tile_tools;
pub mod top_bar;
pub mod validation_panel;

use crate::app::egui_paint::paint_scene;
use crate::format::Library;
use crate::format::library::Origin;
use crate::format::{Document as FileDocument, LoadError, load_document, save_atomic};
use crate::geom::{Facing, Rotation, Square};
use crate::model::{
    Board, Course, EdgeSpec, ElementKind, Flag, LivesRule, PlayerRange, RulesEdition, StartRule,
    Tile, TilePlacement,
};
use crate::render::{Rgba, Scene, SceneOptions, build_scene};
use crate::validate::{Analysis, Diagnostic, Solution};
use canvas::BoardView;
use command::{Action, Command, CourseTool, Entry, PromptAnswer};
use document::{Content, Document};
use palette::Swatches;
use recovery::Recovery;
use selection::Selection;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use tile_tools::{
    Brush, Tool, erase_at, fill, flow_step, is_flow, paint_at, path_between, pick_at, rotate_square,
};

/// The app id: eframe keeps the window geometry and `State` in a folder named after it.
pub const APP_ID: &str = "factory-floor";

/// Opens the editor window and runs it until it is closed.
pub fn run(file: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_app_id(APP_ID)
            .with_title("factory-floor")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([480.0, 320.0]),
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| Ok(Box::new(App::new(cc, file)))),
    )
}

/// What `--screenshot` shows when no file is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenshotView {
    /// The sample course in the course composer.
    Course,
    /// The first library tile in the tile editor.
    Tile,
    /// The play view on the course, a game of sample bots a few phases in.
    Play,
    /// The play view's test-drive results on the course (a small drive run first).
    Drive,
    /// The play view with a "you" robot holding options, programming its first turn.
    PlayOptions,
}

/// What a screenshot shows besides the document: for the docs' pictures of the features.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScreenshotExtras {
    /// Draw the solver's best line on the course.
    pub best_line: bool,
    /// Open this placed tile of the course in the tile editor, the course beside it.
    pub edit_placed: Option<usize>,
}

/// Opens the window on `file` (or on `view`'s sample), draws a few frames, saves a picture of the
/// window to `out` and closes. Runs apart from the user's saved window state and crash recovery.
pub fn run_screenshot(
    out: PathBuf,
    file: Option<PathBuf>,
    view: ScreenshotView,
    size: [f32; 2],
    extras: ScreenshotExtras,
) -> Result<(), String> {
    let plan = screenshot::ScreenshotPlan::new(out);
    let outcome = std::sync::Arc::clone(&plan.outcome);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_app_id("factory-floor-screenshot")
            .with_title("factory-floor")
            .with_inner_size(size),
        persist_window: false,
        ..Default::default()
    };
    let mut plan = Some(plan);
    eframe::run_native(
        "factory-floor-screenshot",
        options,
        Box::new(move |cc| {
            let show_first_tile = file.is_none() && view == ScreenshotView::Tile;
            // The same picture on every run: nothing from earlier screenshots' settings or panel
            // sizes (eframe keeps egui's memory even under this separate app id).
            cc.egui_ctx.memory_mut(|m| *m = egui::Memory::default());
            let mut app = App::with_state(cc, Library::builtin(), file, State::default());
            if show_first_tile && !app.library.tiles.is_empty() {
                app.open_entry(Entry::Tile(0));
            }
            if extras.best_line {
                app.state.show_path = true;
                app.rebuild();
            }
            if let Some(index) = extras.edit_placed {
                app.edit_placed_tile(index);
            }
            match view {
                ScreenshotView::Play => app.show_play_sample(screenshot::PLAY_STEPS),
                ScreenshotView::Drive => app.show_drive_sample(screenshot::DRIVE_GAMES),
                ScreenshotView::PlayOptions => app.show_play_options_sample(),
                _ => {}
            }
            app.screenshot = plan.take();
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}"))?;
    let result = outcome.lock().ok().and_then(|mut slot| slot.take());
    result.unwrap_or_else(|| Err("the window closed before the screenshot was taken".to_string()))
}

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
    /// The zoom (points per square) the user chose, or `None` to fit the board to the window.
    pub zoom: Option<f32>,
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

impl State {
    /// Puts `path` first in the recent files, once, keeping at most `RECENT_LIMIT`.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
    }
}

/// What the shown board is, for the top bar.
#[derive(Clone, Debug, PartialEq)]
pub enum ShownKind {
    Course {
        flags: usize,
        start: StartRule,
        players: (u8, u8),
        tiles: usize,
    },
    Tile {
        id: String,
    },
}

/// The open document compiled into a board, for the canvas and the top bar.
#[derive(Clone, Debug)]
pub struct Shown {
    pub name: String,
    pub kind: ShownKind,
    pub board: Board,
    /// The picture of `board` the canvas paints, rebuilt when the document or the options change.
    pub scene: Scene,
}

/// What is on the square under the pointer, for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    pub square: Square,
    /// False on a hole between a course's tiles.
    pub on_board: bool,
    /// The elements on the square, then those on its edges with the side they stand on.
    pub kinds: Vec<(ElementKind, Option<Facing>)>,
    /// Flag numbers on this square.
    pub flags: Vec<u32>,
}

impl HoverInfo {
    pub fn of(board: &Board, square: Square) -> HoverInfo {
        let mut kinds: Vec<(ElementKind, Option<Facing>)> = board
            .spec(square)
            .map(|spec| spec.kinds().into_iter().map(|k| (k, None)).collect())
            .unwrap_or_default();
        for side in Facing::ALL {
            let edge = EdgeSpec {
                barrier: board.barrier(square, side).map(|b| b.barrier),
                mount: board.mount(square, side),
            };
            kinds.extend(edge.kinds().into_iter().map(|k| (k, Some(side))));
        }
        let flags = board
            .flags
            .iter()
            .filter(|f| f.1 == square)
            .map(|f| f.0)
            .collect();
        HoverInfo {
            square,
            on_board: board.is_on_board(square),
            kinds,
            flags,
        }
    }
}

/// What to do once the unsaved-changes prompt is answered (or at once if nothing is unsaved).
#[derive(Clone, Debug, PartialEq)]
pub enum PendingAction {
    Show(Entry),
    NewTile,
    NewCourse,
    /// Open this file, or ask for one with a dialog.
    Open(Option<PathBuf>),
    /// Import this Tiled map as a new course, or ask for one with a dialog.
    Import(Option<PathBuf>),
    /// Close the window.
    Close,
    /// Close the placed tile being edited and show its course again.
    BackToCourse,
}

/// A drag on the course that moves something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CourseDrag {
    Flag {
        index: usize,
    },
    Tile {
        index: usize,
        grab: Square,
        from: Square,
    },
}

/// A stroke of the tile tools under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stroke {
    /// The square the pointer was on last.
    square: Square,
    /// Whether the pointer has left the square it pressed on.
    moved: bool,
}

/// The drag-and-drop payload of a library tile dragged onto the course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDrag(pub String);

/// Pixels per square of an exported PNG.
const EXPORT_SCALE: u32 = 64;

/// How long after the last R press a burst of rotations still counts as one undo step, in seconds.
const ROTATION_BURST: f64 = 0.8;

/// The colour of squares a validation problem concerns.
const PROBLEM_HIGHLIGHT: Rgba = Rgba::new(255, 40, 200, 110);
/// The colour of the square the inspector edits.
const SELECTED_HIGHLIGHT: Rgba = Rgba::new(80, 160, 255, 90);
/// The colour of the Select tool's rectangle.
const SELECTION_HIGHLIGHT: Rgba = Rgba::new(255, 200, 40, 80);

/// The window's application.
pub struct App {
    state: State,
    library: Library,
    doc: Option<Document>,
    /// The library entry the document was copied from.
    source: Option<Entry>,
    shown: Option<Shown>,
    view: BoardView,
    hovered: Option<HoverInfo>,
    /// Problems to show in the window until dismissed (a file that could not be opened or saved).
    errors: Vec<String>,
    /// Where the status bar was last drawn: the hover report stays while the pointer is there,
    /// so its tooltips can be read.
    status_bar_rect: Option<egui::Rect>,
    /// The window title last sent, so it is sent again only when it changes.
    window_title: String,
    tool: Tool,
    brush: Brush,
    search: String,
    swatches: Swatches,
    /// The tile square the inspector edits.
    selected: Option<Square>,
    stroke: Option<Stroke>,
    /// The rectangle the Select tool drew, and the square its drag started on.
    selection: Option<Selection>,
    selection_anchor: Option<Square>,
    /// What Copy or Cut took, for Paste.
    clipboard: Option<Tile>,
    course_tool: CourseTool,
    course_drag: Option<CourseDrag>,
    diagnostics: Vec<Diagnostic>,
    /// The diagnostic whose squares are highlighted; it goes when an edit fixes it.
    diagnostic_shown: Option<Diagnostic>,
    pending: Option<PendingAction>,
    /// Set once the user agreed to close, so the next close request goes through.
    allow_close: bool,
    show_help: bool,
    /// Until when edits are not recorded yet: a burst of rotations is one undo step.
    burst_until: Option<f64>,
    /// Where unsaved changes are kept in case of a crash.
    recovery: Option<Recovery>,
    /// Unsaved work found at start-up, offered back until the user chooses.
    offer_restore: Option<(Content, Option<PathBuf>)>,
    /// Set by `--screenshot`: take a picture of the window after a few frames, then close.
    screenshot: Option<screenshot::ScreenshotPlan>,
    /// The pictures of the library's tiles.
    thumbnails: thumbnails::Thumbnails,
    /// The solver's best line for the open course.
    solution: Option<Solution>,
    /// The course a placed tile being edited was opened from.
    linked: Option<linked::LinkedCourse>,
    /// The placement a context menu on the course was opened on.
    context_placement: Option<usize>,
    /// Validation and the solver of the open course, and of the course a placed tile came from,
    /// run off the frame.
    analyser: analysis::Analyser,
    linked_analyser: analysis::Analyser,
    /// The play view (issue 6), while it is open in place of the editor.
    play: Option<play::PlayView>,
}

impl App {
    /// The app over the built-in library, opening `file` if one was given on the command line.
    pub fn new(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> App {
        let app = App::with_library(cc, Library::builtin(), file);
        match Recovery::in_storage_dir(APP_ID) {
            Some(recovery) => app.with_recovery(recovery),
            None => app,
        }
    }

    /// Keeps unsaved changes in `recovery` from now on, and offers back what it holds from a
    /// session that did not end cleanly.
    pub fn with_recovery(mut self, recovery: Recovery) -> App {
        self.offer_restore = recovery.read();
        self.recovery = Some(recovery);
        self
    }

    /// Whether unsaved work from an earlier session is being offered back.
    pub fn offers_restore(&self) -> bool {
        self.offer_restore.is_some()
    }

    /// The app over `library` (the tests give it their own), opening `file` if given.
    pub fn with_library(
        cc: &eframe::CreationContext<'_>,
        library: Library,
        file: Option<PathBuf>,
    ) -> App {
        let state = cc
            .storage
            .and_then(|s| eframe::get_value::<State>(s, eframe::APP_KEY))
            .unwrap_or_default();
        App::with_state(cc, library, file, state)
    }

    /// The app over `library` with the settings `state`, opening `file` if given.
    pub fn with_state(
        cc: &eframe::CreationContext<'_>,
        library: Library,
        file: Option<PathBuf>,
        state: State,
    ) -> App {
        // Ctrl+0, Ctrl+= and Ctrl+- are the board view's (fit, zoom), not egui's whole-UI zoom.
        cc.egui_ctx.options_mut(|o| o.zoom_with_keyboard = false);
        let mut app = App {
            state,
            library,
            doc: None,
            source: None,
            shown: None,
            view: BoardView::default(),
            hovered: None,
            errors: Vec::new(),
            window_title: String::new(),
            status_bar_rect: None,
            tool: Tool::Paint,
            brush: Brush::default(),
            search: String::new(),
            swatches: Swatches::new(),
            selected: None,
            stroke: None,
            selection: None,
            selection_anchor: None,
            clipboard: None,
            course_tool: CourseTool::Move,
            course_drag: None,
            diagnostics: Vec::new(),
            diagnostic_shown: None,
            pending: None,
            allow_close: false,
            show_help: false,
            burst_until: None,
            recovery: None,
            offer_restore: None,
            screenshot: None,
            thumbnails: thumbnails::Thumbnails::default(),
            solution: None,
            linked: None,
            context_placement: None,
            analyser: analysis::Analyser::new(cc.egui_ctx.clone()),
            linked_analyser: analysis::Analyser::new(cc.egui_ctx.clone()),
            play: None,
        };
        let restored_zoom = app.state.zoom;
        let opened = match file {
            Some(path) => match open_into(&mut app.library, &path) {
                Ok(entry) => Some(entry),
                Err(e) => {
                    app.errors.push(format!("Could not open {e}"));
                    None
                }
            },
            None => None,
        };
        let last_view = (app.state.view == StartView::Tile && !app.library.tiles.is_empty())
            .then_some(Entry::Tile(0));
        if let Some(entry) = opened.or(last_view).or_else(|| sample_entry(&app.library)) {
            app.open_entry(entry);
        }
        if let Some(zoom) = restored_zoom {
            app.view.show_at_zoom(zoom);
        }
        app
    }

    /// The library entry the open document was copied from.
    pub fn shown_entry(&self) -> Option<Entry> {
        self.source
    }

    /// The name of what is on the canvas.
    pub fn shown_name(&self) -> Option<&str> {
        self.shown.as_ref().map(|s| s.name.as_str())
    }

    pub fn shown(&self) -> Option<&Shown> {
        self.shown.as_ref()
    }

    /// The document being edited.
    pub fn document(&self) -> Option<&Document> {
        self.doc.as_ref()
    }

    pub fn view(&self) -> &BoardView {
        &self.view
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn library(&self) -> &Library {
        &self.library
    }

    pub fn brush(&self) -> Brush {
        self.brush
    }

    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// The validation diagnostics of the open course (empty for a tile).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The solver's best line for the open course, if it has a race to solve.
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref()
    }

    /// The pictures of the library's tiles.
    pub fn thumbnails(&self) -> &thumbnails::Thumbnails {
        &self.thumbnails
    }

    /// The action waiting for the unsaved-changes prompt.
    pub fn pending(&self) -> Option<&PendingAction> {
        self.pending.as_ref()
    }

    /// The square under the pointer and what is on it, as of the last frame.
    pub fn hovered(&self) -> Option<&HoverInfo> {
        self.hovered.as_ref()
    }

    /// Problems shown in the window (not the library's own load errors, which the list shows).
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// Runs a command as if a panel had returned it: the tests' way past the file dialogs.
    pub fn command(&mut self, ctx: &egui::Context, command: Command) {
        self.run_command(ctx, command);
    }

    /// Opens a copy of a library entry for editing. A file entry keeps its path, so Save writes
    /// back to it; a built-in one has none, so Save asks where.
    fn open_entry(&mut self, entry: Entry) {
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

    fn set_document(&mut self, doc: Document) {
        // The document replaced had nothing unsaved, or the user chose to drop it.
        if self.offer_restore.is_none()
            && let Some(recovery) = &self.recovery
        {
            if doc.is_dirty() {
                // Best effort: a failure shows at the next edit's write.
                let _ = recovery.write(&doc.content, doc.path.as_deref());
            } else {
                recovery.clear();
            }
        }
        self.doc = Some(doc);
        self.source = None;
        self.linked = None;
        self.linked_analyser.cancel();
        // The new document's problems are not known until its analysis comes back.
        self.diagnostics.clear();
        self.solution = None;
        self.context_placement = None;
        self.selected = None;
        self.stroke = None;
        self.selection = None;
        self.selection_anchor = None;
        self.course_drag = None;
        self.course_tool = CourseTool::Move;
        self.diagnostic_shown = None;
        self.hovered = None;
        self.burst_until = None;
        self.rebuild();
        self.view.request_fit();
    }

    /// Compiles the document into the board and scene the canvas shows, and validates a course.
    fn rebuild(&mut self) {
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
                (linked::course_kind(c), board)
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
            scene: Scene::default(),
        };
        shown.scene = build_scene(&shown.board, &self.scene_options(&shown));
        self.shown = Some(shown);
        self.rebuild_linked();
    }

    /// Takes the analyses that came back from the background, and draws the board again with
    /// their best line.
    fn take_analyses(&mut self) {
        if let Some(analysis) = self.analyser.poll() {
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
            if let Some(mut shown) = self.shown.take() {
                shown.scene = build_scene(&shown.board, &self.scene_options(&shown));
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
    /// squares of the problem being shown, the square being inspected.
    fn scene_options(&self, shown: &Shown) -> SceneOptions {
        let mut highlights: Vec<(Square, Rgba)> = Vec::new();
        if let Some(d) = &self.diagnostic_shown {
            highlights.extend(d.squares.iter().map(|&s| (s, PROBLEM_HIGHLIGHT)));
        }
        if matches!(shown.kind, ShownKind::Tile { .. }) {
            if let Some(sel) = self.selection {
                highlights.extend(sel.squares().map(|s| (s, SELECTION_HIGHLIGHT)));
            } else if let Some(s) = self.selected {
                highlights.push((s, SELECTED_HIGHLIGHT));
            }
        }
        SceneOptions {
            highlights,
            ..self.course_scene_options(shown, self.solution.as_ref())
        }
    }

    /// The scene options of a board without editing highlights: the grid if wanted, a course's
    /// archive start, and the solver's best line when it is to be shown.
    fn course_scene_options(&self, shown: &Shown, solution: Option<&Solution>) -> SceneOptions {
        SceneOptions {
            grid: self.state.show_grid,
            archive_start: linked::archive_start(&shown.kind),
            highlights: Vec::new(),
            path: solution
                .filter(|_| self.state.show_path)
                .map(validation_panel::best_line_path),
        }
    }

    /// Edits the open tile; rebuilds the board if `f` says it changed something.
    fn edit_tile(&mut self, f: impl FnOnce(&mut Tile) -> bool) -> bool {
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

    fn edit_course(&mut self, f: impl FnOnce(&mut Course) -> bool) -> bool {
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

    fn run_command(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Show(entry) => self.request(ctx, PendingAction::Show(entry)),
            Command::Action(action) => self.run_action(ctx, action),
            Command::DismissErrors => self.errors.clear(),
            Command::OpenPath(path) => self.request(ctx, PendingAction::Open(Some(path))),
            Command::ImportPath(path) => self.request(ctx, PendingAction::Import(Some(path))),
            Command::SaveTo(path) => {
                self.save_to(path);
            }
            Command::ExportTo(path) => self.export_png(&path),
            Command::Prompt(answer) => self.answer_prompt(ctx, answer),
            Command::Tool(tool) => self.tool = tool,
            Command::Brush(kind) => {
                self.brush.kind = kind;
                self.tool = Tool::Paint;
            }
            Command::PlaceTile(id) => self.course_tool = CourseTool::Place(id),
            Command::CourseTool(tool) => self.course_tool = tool,
            Command::ShowDiagnostic(i) => {
                self.diagnostic_shown = self.diagnostics.get(i).cloned();
                if let Some(d) = self.diagnostics.get(i)
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
            Command::EditPlacedTile(index) => self.edit_placed_tile(index),
        }
    }

    /// Runs `action` now, or after the unsaved-changes prompt if it would lose changes.
    fn request(&mut self, ctx: &egui::Context, action: PendingAction) {
        if self.loses_changes(&action) {
            self.pending = Some(action);
        } else {
            self.perform(ctx, action);
        }
    }

    fn perform(&mut self, ctx: &egui::Context, action: PendingAction) {
        self.pending = None;
        match action {
            PendingAction::Show(entry) => self.open_entry(entry),
            PendingAction::NewTile => {
                let mut tile = Tile::new("new-tile", 12, 12);
                tile.name = "New tile".to_string();
                self.set_document(Document::new(Content::Tile(tile), None, true));
            }
            PendingAction::NewCourse => {
                self.set_document(Document::new(Content::Course(new_course()), None, true));
            }
            PendingAction::Open(Some(path)) => self.open_path(&path),
            PendingAction::Open(None) => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("factory-floor tile or course", &["json"])
                    .pick_file()
                {
                    self.open_path(&path);
                }
            }
            PendingAction::Import(Some(path)) => self.import_tiled(&path),
            PendingAction::Import(None) => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("Tiled map", &["json", "tmj", "tmx"])
                    .pick_file()
                {
                    self.import_tiled(&path);
                }
            }
            PendingAction::Close => {
                if self.offer_restore.is_none()
                    && let Some(recovery) = &self.recovery
                {
                    recovery.clear();
                }
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            PendingAction::BackToCourse => self.back_to_course(),
        }
    }

    fn answer_prompt(&mut self, ctx: &egui::Context, answer: PromptAnswer) {
        let Some(action) = self.pending.take() else {
            return;
        };
        match answer {
            PromptAnswer::Cancel => {}
            PromptAnswer::DontSave => self.perform(ctx, action),
            PromptAnswer::Save => {
                if self.save_for(&action) {
                    self.perform(ctx, action);
                }
            }
        }
    }

    /// Opens a file. One that fails to load leaves the open document as it was and says why.
    fn open_path(&mut self, path: &Path) {
        match open_into(&mut self.library, path) {
            Ok(entry) => {
                self.state.remember(path);
                self.open_entry(entry);
            }
            Err(e) => self.errors.push(format!("Could not open {e}")),
        }
    }

    /// Imports a Tiled map as a new, unsaved course. A map that cannot be read leaves the open
    /// document as it was and says why; squares that could not be mapped are listed.
    fn import_tiled(&mut self, path: &Path) {
        match crate::format::tiled::import_file(path) {
            Ok(imported) => {
                self.set_document(Document::new(Content::Course(imported.course), None, false));
                if !imported.notes.is_empty() {
                    let shown: Vec<String> = imported
                        .notes
                        .iter()
                        .take(5)
                        .map(|n| n.to_string())
                        .collect();
                    let more = imported.notes.len().saturating_sub(5);
                    let more = if more > 0 {
                        format!("; and {more} more (factory-floor import lists them all)")
                    } else {
                        String::new()
                    };
                    self.errors.push(format!(
                        "Imported {} with {} square(s) not mapped: {}{more}",
                        path.display(),
                        imported.notes.len(),
                        shown.join("; ")
                    ));
                }
            }
            Err(e) => self.errors.push(format!("Could not import {e}")),
        }
    }

    /// Saves to the document's file, or asks where with a dialog. Returns whether it saved.
    fn save(&mut self) -> bool {
        let path = match self.doc.as_ref().and_then(|d| d.path.clone()) {
            Some(p) => Some(p),
            None => self.ask_save_path(),
        };
        path.is_some_and(|p| self.save_to(p))
    }

    fn ask_save_path(&self) -> Option<PathBuf> {
        let name = self
            .doc
            .as_ref()
            .map_or_else(String::new, |d| match &d.content {
                Content::Tile(t) => format!("{}.json", t.id),
                Content::Course(_) => "course.json".to_string(),
            });
        rfd::FileDialog::new()
            .add_filter("factory-floor tile or course", &["json"])
            .set_file_name(name)
            .save_file()
    }

    /// Writes the document to `path` (atomically) and marks it saved. A saved tile joins the
    /// library so courses can place it.
    fn save_to(&mut self, path: PathBuf) -> bool {
        let Some(doc) = self.doc.as_mut() else {
            return false;
        };
        if let Err(e) = write_document(doc, &path) {
            self.errors.push(e);
            return false;
        }
        self.state.remember(&path);
        if self.offer_restore.is_none()
            && let Some(recovery) = &self.recovery
        {
            recovery.clear();
        }
        if let Content::Tile(t) = &doc.content {
            self.library
                .add(FileDocument::Tile(t.clone()), Origin::File(path));
            // The course beside it now finds the saved tile in the library.
            self.rebuild();
        }
        true
    }

    /// Writes the board as a PNG: the canvas's picture without the editing highlights.
    fn export_png(&mut self, path: &Path) {
        let Some(shown) = &self.shown else {
            return;
        };
        let options = SceneOptions {
            highlights: Vec::new(),
            ..self.scene_options(shown)
        };
        let scene = build_scene(&shown.board, &options);
        let written = crate::render::png::scene_to_png(&scene, EXPORT_SCALE)
            .and_then(|bytes| std::fs::write(path, bytes).map_err(|e| e.to_string()));
        if let Err(e) = written {
            self.errors
                .push(format!("Could not export {}: {e}", path.display()));
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = match (&self.doc, self.linked_title()) {
            (_, Some(title)) => title,
            (Some(doc), None) => doc.title(),
            (None, None) => "factory-floor".to_string(),
        };
        if title != self.window_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.window_title = title;
        }
    }

    /// The title the window was last given.
    pub fn window_title(&self) -> &str {
        &self.window_title
    }

    fn run_action(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::NewTile => self.request(ctx, PendingAction::NewTile),
            Action::NewCourse => self.request(ctx, PendingAction::NewCourse),
            Action::Open => self.request(ctx, PendingAction::Open(None)),
            Action::ImportTiled => self.request(ctx, PendingAction::Import(None)),
            Action::Save => {
                self.save();
            }
            Action::SaveAs => {
                if let Some(path) = self.ask_save_path() {
                    self.save_to(path);
                }
            }
            Action::ExportPng => {
                if let Some(path) = rfd::FileDialog::new()
                    .add_filter("PNG picture", &["png"])
                    .set_file_name("board.png")
                    .save_file()
                {
                    self.export_png(&path);
                }
            }
            Action::Undo | Action::Redo => {
                self.burst_until = None;
                self.stroke = None;
                self.course_drag = None;
                let changed = self.doc.as_mut().is_some_and(|d| {
                    if action == Action::Undo {
                        d.undo()
                    } else {
                        d.redo()
                    }
                });
                if changed {
                    self.rebuild();
                    // Undoing back to the saved state leaves nothing to recover, and redoing
                    // brings the unsaved state back.
                    self.refresh_recovery();
                }
            }
            Action::RotateCw => self.rotate(ctx, true),
            Action::RotateCcw => self.rotate(ctx, false),
            Action::Delete => self.delete_hovered(),
            Action::ToolPaint => self.tool = Tool::Paint,
            Action::ToolErase => self.tool = Tool::Erase,
            Action::ToolFill => self.tool = Tool::Fill,
            Action::ToolPick => self.tool = Tool::Pick,
            Action::ToolSelect => self.tool = Tool::Select,
            Action::Copy | Action::Cut => {
                let sel = self.selection;
                let clip = self
                    .doc
                    .as_ref()
                    .and_then(|d| d.tile())
                    .zip(sel)
                    .map(|(t, sel)| selection::copy(t, sel));
                if clip.is_some() {
                    self.clipboard = clip;
                    if action == Action::Cut
                        && let Some(sel) = sel
                    {
                        self.edit_tile(|t| {
                            selection::clear(t, sel);
                            true
                        });
                    }
                }
            }
            Action::Paste => {
                let at = self
                    .hovered
                    .as_ref()
                    .map(|h| h.square)
                    .or(self.selection.map(|s| s.min));
                if let (Some(clip), Some(at)) = (self.clipboard.clone(), at) {
                    let mut pasted = None;
                    self.edit_tile(|t| {
                        pasted = selection::paste(t, &clip, at);
                        pasted.is_some()
                    });
                    if pasted.is_some() {
                        self.selection = pasted;
                        self.tool = Tool::Select;
                        self.rebuild();
                    }
                }
            }
            Action::FlipSelection => self.transform_selection(ctx, None),
            Action::FitView => self.view.request_fit(),
            Action::ZoomIn => self.view.zoom_by(canvas::ZOOM_STEP),
            Action::ZoomOut => self.view.zoom_by(1.0 / canvas::ZOOM_STEP),
            Action::ToggleGrid => {
                self.state.show_grid = !self.state.show_grid;
                self.rebuild();
            }
            Action::Help => self.show_help = !self.show_help,
            Action::EditPlacedTile => {
                let square = self.hovered.as_ref().map(|h| h.square);
                let editing_course = self.doc.as_ref().is_some_and(|d| d.course().is_some());
                if let Some(index) = square
                    .filter(|_| editing_course)
                    .and_then(|s| self.placement_at(s))
                {
                    self.edit_placed_tile(index);
                }
            }
            Action::BackToCourse => {
                if self.linked.is_some() {
                    self.request(ctx, PendingAction::BackToCourse);
                }
            }
            Action::ToggleBestLine => {
                self.state.show_path = !self.state.show_path;
                self.rebuild();
            }
            Action::ToggleLibrary => self.state.show_library = !self.state.show_library,
            Action::ToggleSidePanel => self.state.show_side_panel = !self.state.show_side_panel,
            Action::PlayView => self.toggle_play(),
        }
    }

    /// Turns (or with `None` mirrors) the selection in place; a burst is one undo step.
    fn transform_selection(&mut self, ctx: &egui::Context, turn: Option<Rotation>) {
        let Some(sel) = self.selection else {
            return;
        };
        let mut result = None;
        self.edit_tile(|t| {
            result = selection::transform(t, sel, turn);
            true
        });
        if result.is_some() {
            self.selection = result;
            self.burst_until = Some(ctx.input(|i| i.time) + ROTATION_BURST);
            self.rebuild();
        }
    }

    /// R: turns the selection when the Select tool has one, else what is under the pointer (a
    /// tile's element, a placed tile), else the brush. The undo point waits until the burst of
    /// presses is over.
    fn rotate(&mut self, ctx: &egui::Context, clockwise: bool) {
        if self.tool == Tool::Select && self.selection.is_some() {
            let turn = if clockwise {
                Rotation::R90
            } else {
                Rotation::R270
            };
            self.transform_selection(ctx, Some(turn));
            return;
        }
        let hovered = self.hovered.as_ref().map(|h| h.square);
        let turned = match (&self.doc, hovered) {
            (Some(doc), Some(square)) if doc.tile().is_some() => {
                self.edit_tile(|t| rotate_square(t, square, clockwise))
            }
            (Some(doc), Some(square)) if doc.course().is_some() => {
                let index = self.placement_at(square);
                self.edit_course(|c| {
                    let Some(p) = index.and_then(|i| c.placements.get_mut(i)) else {
                        return false;
                    };
                    let quarter = if clockwise {
                        Rotation::R90
                    } else {
                        Rotation::R270
                    };
                    p.rotation = p.rotation.then(quarter);
                    true
                })
            }
            _ => false,
        };
        if turned {
            self.burst_until = Some(ctx.input(|i| i.time) + ROTATION_BURST);
        } else if self.doc.as_ref().is_some_and(|d| d.tile().is_some()) {
            self.brush.facing = if clockwise {
                self.brush.facing.right()
            } else {
                self.brush.facing.left()
            };
        }
    }

    /// The placement (index into the course's placements) covering a board square.
    fn placement_at(&self, square: Square) -> Option<usize> {
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

    /// Delete: removes the flag under the pointer (renumbering the later ones) or else the
    /// placed tile under it.
    fn delete_hovered(&mut self) {
        let Some(square) = self.hovered.as_ref().map(|h| h.square) else {
            return;
        };
        let placement = self.placement_at(square);
        self.edit_course(|c| {
            if let Some(i) = c.flags.iter().position(|f| f.at == square) {
                let removed = c.flags.remove(i).number;
                for f in &mut c.flags {
                    if f.number > removed {
                        f.number -= 1;
                    }
                }
                return true;
            }
            match placement {
                Some(i) if i < c.placements.len() => {
                    c.placements.remove(i);
                    true
                }
                _ => false,
            }
        });
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(shown) = &self.shown else {
            ui.centered_and_justified(|ui| {
                ui.weak("Nothing is open: use File > New tile or New course.");
            });
            return;
        };
        // Alt+wheel turns the element or tile under the pointer instead of zooming.
        let alt_wheel: f32 = ui.input_mut(|i| {
            let sum: f32 = i
                .events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::MouseWheel {
                        delta, modifiers, ..
                    } if modifiers.alt => Some(delta.y + delta.x),
                    _ => None,
                })
                .sum();
            if i.modifiers.alt {
                i.smooth_scroll_delta = egui::Vec2::ZERO;
            }
            sum
        });
        let response = self
            .view
            .ui(ui, &shown.board, |painter, screen_from_board| {
                paint_scene(painter, &shown.scene, screen_from_board);
            });
        let pointer_on_status_bar = ui
            .ctx()
            .pointer_hover_pos()
            .zip(self.status_bar_rect)
            .is_some_and(|(p, r)| r.contains(p));
        if response.pointer_over_canvas || !pointer_on_status_bar {
            let hovered = response
                .hovered_square
                .map(|s| HoverInfo::of(&shown.board, s));
            if hovered != self.hovered {
                self.hovered = hovered;
                // The status bar was drawn before the canvas: draw it again with the new square.
                ui.ctx().request_repaint();
            }
        }
        if alt_wheel != 0.0 {
            self.rotate(ui.ctx(), alt_wheel < 0.0);
        }
        if self.doc.as_ref().is_some_and(|d| d.tile().is_some()) {
            self.tile_input(ui.ctx(), &response);
        } else {
            self.course_input(ui.ctx(), &response);
            self.course_context_menu(&response.response);
        }
    }

    /// The context menu of a placed tile: edit it in the tile editor, or remove it.
    fn course_context_menu(&mut self, response: &egui::Response) {
        if response.secondary_clicked() {
            self.context_placement = self
                .hovered
                .as_ref()
                .and_then(|h| self.placement_at(h.square));
        }
        let Some(index) = self.context_placement else {
            return;
        };
        let id = self
            .doc
            .as_ref()
            .and_then(|d| d.course())
            .and_then(|c| c.placements.get(index))
            .map(|p| p.tile.clone())
            .unwrap_or_default();
        let name = self
            .library
            .tiles
            .iter()
            .position(|t| t.tile.id == id)
            .map_or(id, |i| library_panel::tile_label(&self.library, i));
        let mut chosen = None;
        response.context_menu(|ui| {
            let edit = Action::EditPlacedTile;
            if ui
                .button(format!("Edit tile \"{name}\""))
                .on_hover_text(edit.tooltip())
                .clicked()
            {
                chosen = Some(Command::EditPlacedTile(index));
                ui.close();
            }
            if ui
                .button("Remove tile")
                .on_hover_text("Take this tile off the course")
                .clicked()
            {
                chosen = Some(Command::Action(Action::Delete));
                ui.close();
            }
        });
        match chosen {
            Some(Command::EditPlacedTile(index)) => self.edit_placed_tile(index),
            Some(_) => {
                self.edit_course(|c| {
                    if index < c.placements.len() {
                        c.placements.remove(index);
                        true
                    } else {
                        false
                    }
                });
                self.context_placement = None;
            }
            None => {}
        }
    }

    /// The tile tools: the primary button uses the chosen tool, the secondary one erases.
    fn tile_input(&mut self, ctx: &egui::Context, r: &canvas::CanvasResponse) {
        let (Some(button), Some(pos)) = (r.tool_button, r.board_pos) else {
            // A slow frame can hold the last move of a belt stroke and its release together.
            if let Some(pos) = r.board_pos
                && self.stroke.is_some_and(|s| s.moved)
                && self.tool == Tool::Paint
                && is_flow(self.brush.kind)
            {
                self.extend_flow_stroke(Square::new(pos.x.floor() as i32, pos.y.floor() as i32));
            }
            self.end_tile_stroke();
            return;
        };
        let square = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        if r.tool_pressed {
            // A new stroke closes a burst of rotations: it is a step of its own.
            self.burst_until = None;
            if let Some(doc) = self.doc.as_mut() {
                doc.commit();
            }
            self.stroke = Some(Stroke {
                square,
                moved: false,
            });
            if self
                .doc
                .as_ref()
                .and_then(|d| d.tile())
                .is_some_and(|t| t.contains(square))
            {
                self.selected = Some(square);
                self.rebuild();
            }
        }
        let brush = self.brush;
        match (button, self.tool) {
            (egui::PointerButton::Secondary, _) | (_, Tool::Erase) => {
                self.edit_tile(|t| erase_at(t, pos.x, pos.y));
            }
            (_, Tool::Paint) if is_flow(brush.kind) => self.extend_flow_stroke(square),
            (_, Tool::Paint) => {
                self.edit_tile(|t| paint_at(t, pos.x, pos.y, brush));
            }
            (_, Tool::Fill) => {
                if r.tool_pressed {
                    self.edit_tile(|t| fill(t, square, brush) > 0);
                }
            }
            (_, Tool::Select) => {
                let tile = self.doc.as_ref().and_then(|d| d.tile());
                if r.tool_pressed {
                    self.selection_anchor = Some(square);
                }
                let sel = self
                    .selection_anchor
                    .zip(tile)
                    .and_then(|(anchor, t)| Selection::spanning(anchor, square, t));
                if sel != self.selection {
                    self.selection = sel;
                    self.rebuild();
                }
            }
            (_, Tool::Pick) => {
                if r.tool_pressed
                    && let Some(picked) = self
                        .doc
                        .as_ref()
                        .and_then(|d| d.tile())
                        .and_then(|t| pick_at(t, pos.x, pos.y))
                {
                    self.brush = picked;
                    self.tool = Tool::Paint;
                }
            }
        }
        let _ = ctx;
    }

    /// Lays belts (or currents, rivers) from the stroke's last square to `square`, one step at a
    /// time; the first step makes the pressed square run towards the second.
    fn extend_flow_stroke(&mut self, square: Square) {
        let brush = self.brush;
        let Some(stroke) = self.stroke else {
            return;
        };
        if square == stroke.square {
            return;
        }
        let mut from = stroke.square;
        self.edit_tile(|t| {
            let mut changed = false;
            for to in path_between(from, square) {
                if !stroke.moved && from == stroke.square {
                    let facing = from.facing_to(to).unwrap_or(brush.facing);
                    let already = t
                        .square(from)
                        .and_then(|s| s.flow)
                        .is_some_and(|f| Some(f.kind) == brush.kind.flow_kind());
                    if !already {
                        changed |= paint_at(
                            t,
                            from.x as f32 + 0.5,
                            from.y as f32 + 0.5,
                            Brush { facing, ..brush },
                        );
                    }
                }
                changed |= flow_step(t, from, to, brush.kind);
                from = to;
            }
            changed
        });
        self.stroke = Some(Stroke {
            square,
            moved: true,
        });
    }

    /// Ends a tile stroke: a click without a drag with a belt brush lays one straight piece.
    fn end_tile_stroke(&mut self) {
        let Some(stroke) = self.stroke.take() else {
            return;
        };
        let brush = self.brush;
        if !stroke.moved && self.tool == Tool::Paint && is_flow(brush.kind) {
            let s = stroke.square;
            self.edit_tile(|t| paint_at(t, s.x as f32 + 0.5, s.y as f32 + 0.5, brush));
        }
    }

    /// The course tools: move tiles and flags, place a tile, add a flag, set the start; and a
    /// library tile dropped on the canvas.
    fn course_input(&mut self, ctx: &egui::Context, r: &canvas::CanvasResponse) {
        let released = ctx.input(|i| i.pointer.any_released());
        if released
            && let Some(pos) = r.drop_pos
            && let Some(payload) = egui::DragAndDrop::take_payload::<TileDrag>(ctx)
        {
            let at = Square::new(pos.x.floor().max(0.0) as i32, pos.y.floor().max(0.0) as i32);
            self.place_tile(payload.0.clone(), at);
            return;
        }
        // A double click on a placed tile opens it in the tile editor.
        if r.double_clicked
            && self.course_tool == CourseTool::Move
            && let Some(pos) = r.board_pos
            && let Some(index) =
                self.placement_at(Square::new(pos.x.floor() as i32, pos.y.floor() as i32))
        {
            self.course_drag = None;
            self.edit_placed_tile(index);
            return;
        }
        let (Some(egui::PointerButton::Primary), Some(pos)) = (r.tool_button, r.board_pos) else {
            // A slow frame can hold the last move of a drag and its release together.
            if let Some(pos) = r.board_pos {
                self.drag_course_to(Square::new(pos.x.floor() as i32, pos.y.floor() as i32));
            }
            self.course_drag = None;
            return;
        };
        let square = Square::new(pos.x.floor() as i32, pos.y.floor() as i32);
        if r.tool_pressed {
            self.burst_until = None;
            if let Some(doc) = self.doc.as_mut() {
                doc.commit();
            }
            match self.course_tool.clone() {
                CourseTool::Move => {
                    let flag = self
                        .doc
                        .as_ref()
                        .and_then(|d| d.course())
                        .and_then(|c| c.flags.iter().position(|f| f.at == square));
                    self.course_drag = match flag {
                        Some(index) => Some(CourseDrag::Flag { index }),
                        None => self.placement_at(square).and_then(|index| {
                            let from = self.doc.as_ref()?.course()?.placements.get(index)?.at;
                            Some(CourseDrag::Tile {
                                index,
                                grab: square,
                                from,
                            })
                        }),
                    };
                }
                CourseTool::Place(id) => {
                    let at = Square::new(square.x.max(0), square.y.max(0));
                    self.place_tile(id, at);
                    self.course_tool = CourseTool::Move;
                }
                CourseTool::Flag => {
                    self.edit_course(|c| {
                        if c.flags.iter().any(|f| f.at == square) {
                            return false;
                        }
                        let number = c.flags.iter().map(|f| f.number).max().unwrap_or(0) + 1;
                        c.flags.push(Flag { number, at: square });
                        true
                    });
                }
                CourseTool::Start => {
                    self.edit_course(|c| {
                        c.start = StartRule::Archive(square);
                        true
                    });
                }
            }
        }
        self.drag_course_to(square);
    }

    /// Moves the flag or placed tile being dragged so it follows the pointer to `square`.
    fn drag_course_to(&mut self, square: Square) {
        match self.course_drag {
            Some(CourseDrag::Flag { index }) => {
                let on_board = self
                    .shown
                    .as_ref()
                    .is_some_and(|s| s.board.in_bounds(square));
                if on_board {
                    self.edit_course(|c| match c.flags.get_mut(index) {
                        Some(f) if f.at != square => {
                            f.at = square;
                            true
                        }
                        _ => false,
                    });
                }
            }
            Some(CourseDrag::Tile { index, grab, from }) => {
                let at = Square::new(
                    (from.x + square.x - grab.x).max(0),
                    (from.y + square.y - grab.y).max(0),
                );
                self.edit_course(|c| match c.placements.get_mut(index) {
                    Some(p) if p.at != at => {
                        p.at = at;
                        true
                    }
                    _ => false,
                });
            }
            None => {}
        }
    }

    fn place_tile(&mut self, id: String, at: Square) {
        self.edit_course(|c| {
            if c.placements.len() >= crate::model::course::MAX_PLACEMENTS {
                return false;
            }
            c.placements.push(TilePlacement {
                tile: id,
                at,
                rotation: Rotation::R0,
            });
            true
        });
    }

    /// Records an undo point once nothing is being edited: no button held, no text field
    /// focused, no burst of rotations going on.
    fn record_undo_point(&mut self, ctx: &egui::Context) {
        let (any_down, now) = ctx.input(|i| (i.pointer.any_down(), i.time));
        if let Some(until) = self.burst_until {
            if now < until {
                ctx.request_repaint_after(std::time::Duration::from_secs_f64(until - now));
                return;
            }
            self.burst_until = None;
        }
        if any_down || ctx.egui_wants_keyboard_input() {
            return;
        }
        let Some(doc) = self.doc.as_mut() else {
            return;
        };
        if doc.commit() {
            self.refresh_recovery();
        }
    }

    /// Writes what has unsaved changes to the recovery file, or clears it when nothing has.
    fn refresh_recovery(&mut self) {
        if self.offer_restore.is_some() {
            return;
        }
        let Some(recovery) = &self.recovery else {
            return;
        };
        match self.recovery_copy() {
            Some((content, path)) => {
                if let Err(e) = recovery.write(content, path) {
                    self.errors
                        .push(format!("Could not keep a recovery copy: {e}"));
                    // Say it once, not after every edit.
                    self.recovery = None;
                }
            }
            None => recovery.clear(),
        }
    }

    /// The answer to the offer of unsaved work from an earlier session.
    fn answer_restore(&mut self, restore: bool) {
        let Some((content, path)) = self.offer_restore.take() else {
            return;
        };
        if restore {
            let mut doc = Document::new(content, path, false);
            // Nothing recorded yet: the restored content is unsaved, so keep its copy.
            doc.commit();
            self.set_document(doc);
        } else if let Some(recovery) = &self.recovery {
            recovery.clear();
        }
    }

    fn side_panel_ui(&mut self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        if self.linked.is_some() {
            // The course a placed tile came from, at the foot of the panel, so the palette above
            // leaves it room.
            egui::Panel::bottom("linked_course")
                .resizable(true)
                .default_size(ui.available_height() * 0.45)
                .show(ui, |ui| commands.extend(self.linked_course_ui(ui)));
        }
        let Some(doc) = self.doc.as_mut() else {
            return commands;
        };
        let mut changed = false;
        match &mut doc.content {
            Content::Tile(tile) => {
                commands.extend(palette::palette_ui(
                    ui,
                    &self.swatches,
                    &mut self.search,
                    self.tool,
                    self.brush,
                ));
                ui.separator();
                ui.heading("Inspector");
                match self.selected {
                    Some(square) => changed = inspector::inspector_ui(ui, tile, square),
                    None => {
                        ui.weak("Click a square to inspect it.");
                    }
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let label = ui.label("Name");
                    changed |= ui
                        .text_edit_singleline(&mut tile.name)
                        .labelled_by(label.id)
                        .on_hover_text("The tile's name")
                        .changed();
                });
            }
            Content::Course(course) => {
                let (c, ch) = course_panel::course_ui(ui, course, &self.course_tool);
                commands.extend(c);
                changed = ch;
                ui.separator();
                let mut show_path = self.state.show_path;
                if validation_panel::best_line_ui(ui, &mut show_path, self.solution.as_ref()) {
                    commands.push(Command::Action(Action::ToggleBestLine));
                }
                ui.separator();
                commands.extend(validation_panel::validation_ui(
                    ui,
                    &self.diagnostics,
                    self.diagnostic_shown.as_ref(),
                    self.analyser.is_busy(),
                ));
            }
        }
        if changed {
            self.view.hold();
            self.rebuild();
        }
        commands
    }

    /// The state to keep for the next run: what `State` holds, with the zoom as it is now.
    pub fn persisted_state(&self) -> State {
        State {
            zoom: (!self.view.is_fitted()).then(|| self.view.zoom()),
            view: match self.doc.as_ref().map(|d| &d.content) {
                Some(Content::Tile(_)) if self.linked.is_none() => StartView::Tile,
                Some(_) => StartView::Course,
                None => self.state.view,
            },
            ..self.state.clone()
        }
    }
}

/// Writes `doc` to `path` atomically and marks it saved there.
fn write_document(doc: &mut Document, path: &Path) -> Result<(), String> {
    doc.commit();
    let text = doc.content.to_file_string();
    save_atomic(path, &text).map_err(|e| format!("Could not save {}: {e}", path.display()))?;
    doc.mark_saved(path.to_path_buf());
    Ok(())
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.take_analyses();
        if let Some(plan) = self.screenshot.as_mut() {
            // The picture waits for the problems and the best line.
            if self.analyser.is_busy() || self.linked_analyser.is_busy() {
                ctx.request_repaint();
            } else {
                plan.on_frame(&ctx);
            }
        }
        let mut commands: Vec<Command> = Vec::new();
        if self.pending.is_none() {
            commands.extend(Action::consume_pressed(&ctx).map(Command::Action));
        }
        // A tile or course file dropped on the window opens (after the prompt if need be).
        let dropped: Option<PathBuf> =
            ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            commands.push(Command::OpenPath(path));
        }
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.has_unsaved_changes()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(PendingAction::Close);
        }

        egui::Panel::top("top_bar").show(ui, |ui| {
            // Files that have gone since are not offered.
            self.state.recent.retain(|p| p.exists());
            commands.extend(top_bar::menu_bar_ui(
                ui,
                self.doc.as_ref(),
                &self.state.recent,
            ));
            commands.extend(top_bar::top_bar_ui(
                ui,
                self.shown.as_ref(),
                &self.view,
                &self.state,
                &self.errors,
            ));
        });
        let status_bar = egui::Panel::bottom("status_bar").show(ui, |ui| {
            status_bar::status_bar_ui(ui, self.hovered.as_ref());
        });
        self.status_bar_rect = Some(status_bar.response.rect);
        if self.play_frame_ui(ui, &mut commands) {
            return;
        }
        let editing_course = self.doc.as_ref().is_some_and(|d| d.course().is_some());
        self.thumbnails.update(&ctx, &self.library);
        if self.state.show_library {
            let panel = egui::Panel::left("library")
                .resizable(true)
                .default_size(self.state.library_width)
                .show(ui, |ui| {
                    // Fill the width the user gave the panel: egui fits a panel to its contents,
                    // which would make it narrower whenever the list is.
                    ui.set_min_width(ui.available_width());
                    commands.extend(library_panel::library_ui(
                        ui,
                        &self.library,
                        &self.thumbnails,
                        self.source,
                        editing_course,
                    ));
                });
            self.state.library_width = panel.response.rect.width();
        }
        if self.state.show_side_panel {
            let panel = egui::Panel::right("editor_panel")
                .resizable(true)
                .default_size(self.state.side_panel_width)
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    let c = self.side_panel_ui(ui);
                    commands.extend(c);
                });
            self.state.side_panel_width = panel.response.rect.width();
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
            .show(ui, |ui| self.canvas_ui(ui));

        if self.offer_restore.is_some()
            && let Some(restore) = dialogs::restore_prompt(&ctx)
        {
            self.answer_restore(restore);
        }
        if let Some(pending) = &self.pending {
            let name = self.unsaved_names(pending);
            commands.extend(dialogs::unsaved_prompt(&ctx, &name));
        }
        dialogs::help_window(&ctx, &mut self.show_help);
        dialogs::drop_overlay(&ctx);

        for command in commands {
            self.run_command(&ctx, command);
        }
        self.record_undo_point(&ctx);
        self.update_title(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        // A screenshot leaves the settings alone.
        if self.screenshot.is_none() {
            eframe::set_value(storage, eframe::APP_KEY, &self.persisted_state());
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}

/// An empty course for File > New course: the 1994 rules and start on (0, 0) until changed.
fn new_course() -> Course {
    Course {
        name: "New course".to_string(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994,
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements: Vec::new(),
        embedded: Vec::new(),
        flags: Vec::new(),
        start: StartRule::Archive(Square::new(0, 0)),
    }
}

/// The entry the window opens on: the 2 x 2 sample course if there is one, else the first course,
/// else the first tile.
pub fn sample_entry(library: &Library) -> Option<Entry> {
    let is_2x2 = |name: &str| {
        let n = name.to_lowercase();
        n.contains("2 x 2") || n.contains("2x2")
    };
    library
        .courses
        .iter()
        .position(|c| is_2x2(&c.course.name) || is_2x2(&c.origin.label()))
        .map(Entry::Course)
        .or_else(|| (!library.courses.is_empty()).then_some(Entry::Course(0)))
        .or_else(|| (!library.tiles.is_empty()).then_some(Entry::Tile(0)))
}

/// Loads a tile or course file into the library and returns its entry. A course's tiles are
/// looked up in the `tiles/` folders beside it too, as `check` does.
fn open_into(library: &mut Library, path: &Path) -> Result<Entry, LoadError> {
    let doc = load_document(path)?;
    for t in Library::for_file(path).tiles {
        if matches!(t.origin, Origin::File(_)) {
            library.add(FileDocument::Tile(t.tile), t.origin);
        }
    }
    let tile_id = match &doc {
        FileDocument::Tile(t) => Some(t.id.clone()),
        FileDocument::Course(_) => None,
    };
    let entry = match doc {
        FileDocument::Course(course) => {
            add_course_once(library, course, path);
            library
                .courses
                .iter()
                .position(|c| same_file(&c.origin, path))
                .map(Entry::Course)
        }
        tile => {
            library.add(tile, Origin::File(path.to_path_buf()));
            tile_id.and_then(|id| {
                library
                    .tiles
                    .iter()
                    .position(|t| t.tile.id == id)
                    .map(Entry::Tile)
            })
        }
    };
    entry.ok_or_else(|| LoadError {
        file: path.display().to_string(),
        line: 0,
        column: 0,
        message: "the file loaded but is not in the library".to_string(),
        kind: crate::format::ErrorKind::Invalid,
    })
}

/// Whether a library entry came from the file at `path` (compared as canonical paths, so
/// `courses/x.json` and `./courses/x.json` are one file).
fn same_file(origin: &Origin, path: &Path) -> bool {
    let Origin::File(p) = origin else {
        return false;
    };
    match (std::fs::canonicalize(p), std::fs::canonicalize(path)) {
        (Ok(a), Ok(b)) => a == b,
        _ => p == path,
    }
}

/// Adds a course opened from `path` to the library without listing one course twice: opening a
/// file again replaces its entry, and a file that holds exactly a built-in course of the same
/// file name (the sample courses opened from the source tree) takes the built-in entry's place.
/// Courses that differ but share a name stay apart; the list tells them apart by their files.
fn add_course_once(library: &mut Library, course: Course, path: &Path) {
    let file_name = path.file_name();
    let existing = library.courses.iter().position(|c| {
        same_file(&c.origin, path)
            || matches!(&c.origin, Origin::Builtin(name)
                if Path::new(name).file_name() == file_name && c.course == course)
    });
    let entry = crate::format::library::LibraryCourse {
        course,
        origin: Origin::File(path.to_path_buf()),
    };
    match existing.and_then(|i| library.courses.get_mut(i)) {
        Some(slot) => *slot = entry,
        None => library.courses.push(entry),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Course, LivesRule, PlayerRange, RulesEdition, Tile};

    fn course(name: &str) -> FileDocument {
        FileDocument::Course(Course {
            name: name.to_string(),
            description: String::new(),
            author: String::new(),
            rules: RulesEdition::Classic1994,
            players: PlayerRange::default(),
            lives: LivesRule::Standard,
            placements: Vec::new(),
            embedded: Vec::new(),
            flags: Vec::new(),
            start: StartRule::Numbered,
        })
    }

    #[test]
    fn a_course_opened_twice_or_from_its_built_in_file_is_listed_once_and_twins_are_told_apart() {
        let dir = tempfile::tempdir().expect("temp dir");
        let FileDocument::Course(tour) = course("Grand Tour") else {
            panic!("a course");
        };
        let path = dir.path().join("grand-tour.json");
        std::fs::write(&path, crate::format::course_to_string(&tour)).expect("write");
        let mut lib = Library::default();
        lib.add(
            course("Grand Tour"),
            Origin::Builtin("courses/grand-tour.json"),
        );
        // The same course from a file of the same name takes the built-in entry's place.
        assert_eq!(open_into(&mut lib, &path).ok(), Some(Entry::Course(0)));
        assert_eq!(lib.courses.len(), 1);
        assert_eq!(lib.courses[0].origin, Origin::File(path.clone()));
        // Opening it again replaces its entry.
        assert_eq!(open_into(&mut lib, &path).ok(), Some(Entry::Course(0)));
        assert_eq!(lib.courses.len(), 1);
        // A different course of the same name is listed apart, and the labels say which is which.
        let mut other = tour.clone();
        other.description = "a copy".to_string();
        let copy = dir.path().join("copy.json");
        std::fs::write(&copy, crate::format::course_to_string(&other)).expect("write");
        assert_eq!(open_into(&mut lib, &copy).ok(), Some(Entry::Course(1)));
        let labels = [
            library_panel::course_label(&lib, 0),
            library_panel::course_label(&lib, 1),
        ];
        assert_ne!(labels[0], labels[1]);
        assert!(labels[1].starts_with("Grand Tour (") && labels[1].contains("copy.json"));
        // A built-in twin says it is built in.
        lib.add(
            course("Grand Tour"),
            Origin::Builtin("courses/grand-tour.json"),
        );
        assert_eq!(
            library_panel::course_label(&lib, 2),
            "Grand Tour (built-in grand-tour.json)"
        );
    }

    #[test]
    fn the_sample_is_the_2x2_course_found_by_its_file_name_too() {
        let mut lib = Library::default();
        lib.add(
            FileDocument::Tile(Tile::new("t", 2, 2)),
            Origin::Builtin("tiles/t.json"),
        );
        assert_eq!(sample_entry(&lib), Some(Entry::Tile(0)));
        lib.add(course("First"), Origin::Builtin("courses/first.json"));
        assert_eq!(sample_entry(&lib), Some(Entry::Course(0)));
        lib.add(
            course("Standard Factory"),
            Origin::Builtin("courses/standard-2x2.json"),
        );
        assert_eq!(sample_entry(&lib), Some(Entry::Course(1)));
        assert_eq!(sample_entry(&Library::default()), None);
    }
}
