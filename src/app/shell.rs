//! The window: the `eframe::App` that lays out the panels each frame, collects the commands they
//! return and runs them once the frame is drawn. It owns the workspace, the files side and the
//! three views, and connects them; each of those draws and edits only its own part.

mod accessors;
mod command_palette;
mod commands;
mod help;
mod look;
mod panels;
mod play_host;
mod prompt;
pub mod screenshot;
mod status_bar;
mod top_bar;

use crate::app::canvas::cache::BoardCache;
use crate::app::clipboard::Clip;
use crate::app::command::{Action, Command, Entry};
use crate::app::course_editor::CourseEditor;
use crate::app::course_editor::thumbnails::Thumbnails;
use crate::app::files::Files;
use crate::app::files::open::{open_into, sample_entry};
use crate::app::files::recovery::Recovery;
use crate::app::files::{dialogs, pending::PendingAction};
use crate::app::play::PlayView;
use crate::app::play::prepare::Preparing;
use crate::app::state::{StartView, State, Workspace};
use crate::app::tile_editor::TileEditor;
use crate::format::Library;
use crate::format::library::Shelf;
use command_palette::CommandPalette;
use std::path::PathBuf;

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

/// The library entry of a document's `view_key`: a library tile or course, or a file, loaded
/// into the library if it is not there yet and still exists.
fn last_entry(library: &mut Library, key: &str) -> Option<Entry> {
    use crate::format::library::Origin;
    if let Some(id) = key.strip_prefix("tile:") {
        return library
            .tiles
            .iter()
            .position(|t| t.tile.id == id)
            .map(Entry::Tile);
    }
    if let Some(name) = key.strip_prefix("course:") {
        return library
            .courses
            .iter()
            .position(|c| c.course.name == name)
            .map(Entry::Course);
    }
    let path = PathBuf::from(key.strip_prefix("file:")?);
    let is_it = |o: &Origin| matches!(o, Origin::File(p) if *p == path);
    if let Some(i) = library.tiles.iter().position(|t| is_it(&t.origin)) {
        return Some(Entry::Tile(i));
    }
    if let Some(i) = library.courses.iter().position(|c| is_it(&c.origin)) {
        return Some(Entry::Course(i));
    }
    path.exists()
        .then(|| open_into(library, &path).ok())
        .flatten()
}

/// The window's application.
pub struct App {
    /// The open documents and the settings.
    ws: Workspace,
    /// The recovery file and the action waiting for the unsaved-changes prompt.
    files: Files,
    tile: TileEditor,
    course: CourseEditor,
    /// The play view (issue 6), while it is open in place of the editor.
    play: Option<PlayView>,
    /// A large course being made ready for the play view on a worker thread (issue 16).
    preparing: Option<Preparing>,
    palette: CommandPalette,
    /// The F1 help window, its search text and whether it is open.
    help: help::Help,
    /// What Copy or Cut took last, in any document of the window.
    clipboard: Option<Clip>,
    /// The board's picture as a mesh, made again only when the board or the view changes.
    board_cache: BoardCache,
    /// The theme and interface size last applied to egui, to apply them again only on change.
    applied_look: Option<look::Look>,
    /// Whether the window fills the screen (F11).
    full_screen: bool,
    /// Where the status bar was last drawn: the hover report stays while the pointer is there,
    /// so its tooltips can be read.
    status_bar_rect: Option<egui::Rect>,
    /// The window title last sent, so it is sent again only when it changes.
    window_title: String,
    /// Set by `--screenshot`: take a picture of the window after a few frames, then close.
    screenshot: Option<screenshot::ScreenshotPlan>,
    /// The pictures of the library's tiles.
    thumbnails: Thumbnails,
}

impl App {
    /// The app over the built-in library, opening `file` if one was given on the command line.
    pub fn new(cc: &eframe::CreationContext<'_>, file: Option<PathBuf>) -> App {
        let folders = cc
            .storage
            .and_then(|s| eframe::get_value::<State>(s, eframe::APP_KEY))
            .map(|s| s.library_folders)
            .unwrap_or_default();
        let app = App::with_library(cc, Library::standard(&folders), file);
        match Recovery::in_storage_dir(APP_ID) {
            Some(recovery) => app.with_recovery(recovery),
            None => app,
        }
    }

    /// Keeps unsaved changes in `recovery` from now on, and offers back what it holds from a
    /// session that did not end cleanly.
    pub fn with_recovery(mut self, recovery: Recovery) -> App {
        self.files.keep_recovery(recovery, &mut self.ws);
        self
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
            ws: Workspace::new(&cc.egui_ctx, library, state),
            files: Files::default(),
            tile: TileEditor::default(),
            course: CourseEditor::default(),
            play: None,
            preparing: None,
            palette: CommandPalette::default(),
            help: help::Help::default(),
            clipboard: None,
            board_cache: BoardCache::default(),
            applied_look: None,
            full_screen: false,
            status_bar_rect: None,
            window_title: String::new(),
            screenshot: None,
            thumbnails: Thumbnails::default(),
        };
        let ws = &mut app.ws;
        // Folders the user added to the library (or saved tiles into) in earlier runs.
        for folder in ws.settings.library_folders.clone() {
            if !ws.library.tiles.iter().any(|t| {
                matches!(&t.origin, crate::format::library::Origin::File(p) if p.parent() == Some(folder.as_path()))
            }) {
                ws.library.add_tiles_of(&folder, Shelf::Folder);
            }
        }
        // A file named on the command line opens as Open would: a bundle offers its tiles, a
        // course names the tiles it cannot find.
        if let Some(path) = file {
            app.files.open_file_now(&mut app.ws, &path);
        }
        let ws = &mut app.ws;
        // Else the document open last, as it was left (its own zoom and pan come back with it).
        let last_document = match ws.settings.last_document.clone() {
            Some(key) if ws.doc.is_none() => last_entry(&mut ws.library, &key),
            _ => None,
        };
        let last_view = (ws.settings.view == StartView::Tile && !ws.library.tiles.is_empty())
            .then_some(Entry::Tile(0));
        if ws.doc.is_none()
            && let Some(entry) = last_document
                .or(last_view)
                .or_else(|| sample_entry(&ws.library))
        {
            ws.open_entry(entry);
        }
        app.follow_document();
        app
    }

    /// After a command or an edit that may have opened another document: the editors forget what
    /// they held about the one before, and the recovery file keeps what is now unsaved.
    fn follow_document(&mut self) {
        self.tile.follow(&self.ws);
        self.course.follow(&self.ws);
        self.files.follow_document(&mut self.ws);
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.ws.title();
        if title != self.window_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.window_title = title;
        }
    }

    /// The commands of the frame that do not come from a panel: shortcuts, a dropped file, a
    /// request to close the window.
    fn input_commands(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let mut commands: Vec<Command> = Vec::new();
        if self.files.pending.is_none() {
            // What another window copied arrives as the text of a tile or course file.
            if !ctx.egui_wants_keyboard_input()
                && let Some(clip) = ctx.input(|i| {
                    i.events.iter().find_map(|e| match e {
                        egui::Event::Paste(text) => Clip::from_json(text),
                        _ => None,
                    })
                })
            {
                self.clipboard = Some(clip);
            }
            commands.extend(Action::consume_pressed(ctx).map(Command::Action));
        }
        // A tile or course file dropped on the window opens (after the prompt if need be).
        let dropped: Option<PathBuf> =
            ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            commands.push(Command::OpenPath(path));
        }
        if ctx.input(|i| i.viewport().close_requested())
            && !self.files.allow_close
            && self.ws.has_unsaved_changes()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.files.pending = Some(PendingAction::Close);
        }
        commands
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let _frame_time = crate::app::frame_probe::FrameTimer::start_after(_frame.info().cpu_usage);
        let ctx = ui.ctx().clone();
        self.apply_look(&ctx);
        self.ws.take_analyses();
        if let Some(plan) = self.screenshot.as_mut() {
            // The picture waits for the problems and the best line.
            if self.ws.analysis_pending() {
                ctx.request_repaint();
            } else {
                plan.on_frame(&ctx);
            }
        }
        let mut commands = self.input_commands(&ctx);
        egui::Panel::top("top_bar").show(ui, |ui| {
            // Files that have gone since are not offered.
            self.ws.settings.recent.retain(|p| p.exists());
            commands.extend(top_bar::menu_bar_ui(
                ui,
                self.ws.doc.as_ref(),
                &self.ws.settings.recent,
            ));
            commands.extend(top_bar::top_bar_ui(
                ui,
                self.ws.shown.as_ref(),
                &self.ws.view,
                &self.ws.settings,
                &self.ws.errors,
            ));
        });
        let mut hint = self.mouse_hint();
        if let Some(path) = self.files.opening_path() {
            // A large file being read aside (files/opening.rs): the document stays as it was.
            hint = format!("Opening {}...  {hint}", path.display());
        }
        let status_bar = egui::Panel::bottom("status_bar").show(ui, |ui| {
            status_bar::status_bar_ui(ui, self.ws.hovered.as_ref(), &hint);
        });
        self.status_bar_rect = Some(status_bar.response.rect);
        if self.play_frame_ui(ui, &mut commands) {
            return;
        }
        self.editor_panels_ui(ui, &mut commands);

        self.files.frame_ui(&mut self.ws, &ctx);
        self.follow_document();
        // The unsaved-changes question names the documents and the action it guards.
        if let Some(text) = self.prompt_text() {
            commands.extend(prompt::unsaved_prompt(&ctx, &text));
        }
        self.help.window(&ctx);
        commands.extend(self.palette.ui(&ctx).map(Command::Action));
        dialogs::drop_overlay(&ctx);

        for command in commands {
            self.run_command(&ctx, command);
        }
        if self.ws.record_undo_point(&ctx) {
            self.files.refresh_recovery(&mut self.ws);
        }
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
