//! The eframe application: the window that shows the library's courses and tiles on a zoomable
//! board view. The model knows nothing of egui; this module is a thin layer over it.

pub mod canvas;
pub mod command;
pub mod library_panel;
pub mod status_bar;
pub mod top_bar;

use crate::format::library::Origin;
use crate::format::{Document, LoadError, load_document};
use crate::format::{Library, library::LibraryTile};
use crate::geom::{Facing, Square};
use crate::model::{Board, EdgeSpec, ElementKind, StartRule};
use crate::render::egui_paint::paint_scene;
use crate::render::{Scene, SceneOptions, build_scene};
use canvas::BoardView;
use command::{Action, Command, Entry};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

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

/// What the user chose that should come back next time. Everything else is runtime state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    pub show_grid: bool,
}

impl Default for State {
    fn default() -> Self {
        State { show_grid: true }
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

/// The library entry on the canvas, compiled into a board.
#[derive(Clone, Debug)]
pub struct Shown {
    pub entry: Entry,
    pub name: String,
    pub kind: ShownKind,
    pub board: Board,
    /// The picture of `board` the canvas paints, rebuilt when the board or the options change.
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

/// The window's application.
pub struct App {
    state: State,
    library: Library,
    shown: Option<Shown>,
    view: BoardView,
    hovered: Option<HoverInfo>,
    /// Problems to show in the window until dismissed (a file given on the command line that
    /// could not be loaded).
    errors: Vec<String>,
    /// Where the status bar was last drawn: the hover report stays while the pointer is there,
    /// so its tooltips can be read.
    status_bar_rect: Option<egui::Rect>,
    /// The window title last sent, so it is sent again only when it changes.
    window_title: String,
}

impl App {
    /// The app over the built-in library, opening `file` if one was given on the command line.
    pub fn new(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> App {
        App::with_library(cc, Library::builtin(), file)
    }

    /// The app over `library` (the tests give it their own), opening `file` if given.
    pub fn with_library(
        cc: &eframe::CreationContext<'_>,
        library: Library,
        file: Option<PathBuf>,
    ) -> App {
        // Ctrl+0, Ctrl+= and Ctrl+- are the board view's (fit, zoom), not egui's whole-UI zoom.
        cc.egui_ctx.options_mut(|o| o.zoom_with_keyboard = false);
        let state = cc
            .storage
            .and_then(|s| eframe::get_value::<State>(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = App {
            state,
            library,
            shown: None,
            view: BoardView::default(),
            hovered: None,
            errors: Vec::new(),
            window_title: String::new(),
            status_bar_rect: None,
        };
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
        if let Some(entry) = opened.or_else(|| sample_entry(&app.library)) {
            app.show(entry);
        }
        app
    }

    /// The library entry on the canvas.
    pub fn shown_entry(&self) -> Option<Entry> {
        self.shown.as_ref().map(|s| s.entry)
    }

    /// The name of what is on the canvas.
    pub fn shown_name(&self) -> Option<&str> {
        self.shown.as_ref().map(|s| s.name.as_str())
    }

    pub fn shown(&self) -> Option<&Shown> {
        self.shown.as_ref()
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

    /// The square under the pointer and what is on it, as of the last frame.
    pub fn hovered(&self) -> Option<&HoverInfo> {
        self.hovered.as_ref()
    }

    /// Problems shown in the window (not the library's own load errors, which the list shows).
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    fn show(&mut self, entry: Entry) {
        let Some(mut shown) = compile_entry(&self.library, entry) else {
            return;
        };
        shown.scene = build_scene(&shown.board, &scene_options(&shown, self.state.show_grid));
        self.shown = Some(shown);
        self.hovered = None;
        self.view.request_fit();
    }

    fn rebuild_scene(&mut self) {
        if let Some(shown) = &mut self.shown {
            shown.scene = build_scene(&shown.board, &scene_options(shown, self.state.show_grid));
        }
    }

    fn run_command(&mut self, command: Command) {
        match command {
            Command::Show(entry) => self.show(entry),
            Command::Action(action) => self.run_action(action),
            Command::DismissErrors => self.errors.clear(),
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = match self.shown_name() {
            Some(name) => format!("{name} — factory-floor"),
            None => "factory-floor".to_string(),
        };
        if title != self.window_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.window_title = title;
        }
    }

    fn run_action(&mut self, action: Action) {
        match action {
            Action::FitView => self.view.request_fit(),
            Action::ZoomIn => self.view.zoom_by(canvas::ZOOM_STEP),
            Action::ZoomOut => self.view.zoom_by(1.0 / canvas::ZOOM_STEP),
            Action::ToggleGrid => {
                self.state.show_grid = !self.state.show_grid;
                self.rebuild_scene();
            }
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(shown) = &self.shown else {
            ui.centered_and_justified(|ui| {
                ui.weak("The library is empty: there is nothing to show.");
            });
            return;
        };
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
        if !response.pointer_over_canvas && pointer_on_status_bar {
            return;
        }
        let hovered = response
            .hovered_square
            .map(|s| HoverInfo::of(&shown.board, s));
        if hovered != self.hovered {
            self.hovered = hovered;
            // The status bar was drawn before the canvas: draw it again with the new square.
            ui.ctx().request_repaint();
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let mut commands: Vec<Command> = Vec::new();
        commands.extend(Action::consume_pressed(ui.ctx()).map(Command::Action));

        egui::Panel::top("top_bar").show(ui, |ui| {
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
        egui::Panel::left("library")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| {
                commands.extend(library_panel::library_ui(
                    ui,
                    &self.library,
                    self.shown_entry(),
                ));
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(ui.visuals().extreme_bg_color))
            .show(ui, |ui| self.canvas_ui(ui));

        for command in commands {
            self.run_command(command);
        }
        self.update_title(ui.ctx());
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state);
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

/// What the scene shows besides the board: the grid if wanted, and a course's archive start.
fn scene_options(shown: &Shown, grid: bool) -> SceneOptions {
    let archive_start = match shown.kind {
        ShownKind::Course {
            start: StartRule::Archive(square),
            ..
        } => Some(square),
        _ => None,
    };
    SceneOptions {
        grid,
        archive_start,
        ..SceneOptions::default()
    }
}

/// Compiles a library entry into the board the canvas shows.
fn compile_entry(library: &Library, entry: Entry) -> Option<Shown> {
    match entry {
        Entry::Course(i) => {
            let c = &library.courses.get(i)?.course;
            Some(Shown {
                entry,
                name: library_panel::course_label(library, i),
                kind: ShownKind::Course {
                    flags: c.flags.len(),
                    start: c.start,
                    players: (c.players.min, c.players.max),
                    tiles: c.placements.len(),
                },
                board: c.compile(library),
                scene: Scene::default(),
            })
        }
        Entry::Tile(i) => {
            let LibraryTile { tile, .. } = library.tiles.get(i)?;
            Some(Shown {
                entry,
                name: library_panel::tile_label(library, i),
                kind: ShownKind::Tile {
                    id: tile.id.clone(),
                },
                board: Board::from_tile(tile, &[]),
                scene: Scene::default(),
            })
        }
    }
}

/// Loads a tile or course file into the library and returns its entry. A course's tiles are
/// looked up in the `tiles/` folders beside it too, as `check` does.
fn open_into(library: &mut Library, path: &Path) -> Result<Entry, LoadError> {
    let doc = load_document(path)?;
    for t in Library::for_file(path).tiles {
        if matches!(t.origin, Origin::File(_)) {
            library.add(Document::Tile(t.tile), t.origin);
        }
    }
    let tile_id = match &doc {
        Document::Tile(t) => Some(t.id.clone()),
        Document::Course(_) => None,
    };
    library.add(doc, Origin::File(path.to_path_buf()));
    let entry = match tile_id {
        Some(id) => library
            .tiles
            .iter()
            .position(|t| t.tile.id == id)
            .map(Entry::Tile),
        None => library.courses.len().checked_sub(1).map(Entry::Course),
    };
    entry.ok_or_else(|| LoadError {
        file: path.display().to_string(),
        line: 0,
        column: 0,
        message: "the file loaded but is not in the library".to_string(),
        kind: crate::format::ErrorKind::Invalid,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Course, LivesRule, PlayerRange, RulesEdition, Tile};

    fn course(name: &str) -> Document {
        Document::Course(Course {
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
    fn the_sample_is_the_2x2_course_found_by_its_file_name_too() {
        let mut lib = Library::default();
        lib.add(
            Document::Tile(Tile::new("t", 2, 2)),
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
