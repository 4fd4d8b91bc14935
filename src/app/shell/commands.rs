//! Running what the user asked for: each command goes to the part of the window that owns what it
//! changes (the workspace, the files side, the tile editor or the course composer).

use super::App;
use crate::app::canvas::ZOOM_STEP;
use crate::app::command::{Action, Command, CourseTool, Tool};
use crate::app::files::Purpose;
use crate::app::files::pending::PendingAction;
use crate::app::files::save::export_png;

impl App {
    /// Runs a command as if a panel had returned it: the tests' way past the file dialogs.
    pub fn command(&mut self, ctx: &egui::Context, command: Command) {
        self.run_command(ctx, command);
    }

    pub(super) fn run_command(&mut self, ctx: &egui::Context, command: Command) {
        let ws = &mut self.ws;
        match command {
            Command::Show(entry) => self.files.request(ws, ctx, PendingAction::Show(entry)),
            Command::Action(action) => self.run_action(ctx, action),
            Command::DismissErrors => ws.errors.clear(),
            Command::OpenPath(path) => {
                self.files.request(ws, ctx, PendingAction::Open(Some(path)));
            }
            Command::ImportPath(path) => {
                self.files
                    .request(ws, ctx, PendingAction::Import(Some(path)));
            }
            Command::SaveTo(path) => {
                self.files.save_to(ws, path);
            }
            Command::ExportTo(path) => export_png(ws, &path),
            Command::Prompt(answer) => self.files.answer_prompt(ws, ctx, answer),
            Command::Tool(tool) => self.tile.tool = tool,
            Command::Brush(kind) => {
                self.tile.brush.kind = kind;
                self.tile.tool = Tool::Paint;
            }
            Command::PlaceTile(id) => self.course.tool = CourseTool::Place(id),
            Command::CourseTool(tool) => self.course.tool = tool,
            Command::ShowDiagnostic(i) => ws.show_diagnostic(i),
            Command::EditPlacedTile(index) => ws.edit_placed_tile(index),
        }
        self.follow_document();
    }

    fn run_action(&mut self, ctx: &egui::Context, action: Action) {
        let ws = &mut self.ws;
        let now = ctx.input(|i| i.time);
        match action {
            Action::NewTile => self.files.request(ws, ctx, PendingAction::NewTile),
            Action::NewCourse => self.files.request(ws, ctx, PendingAction::NewCourse),
            Action::Open => self.files.request(ws, ctx, PendingAction::Open(None)),
            Action::ImportTiled => self.files.request(ws, ctx, PendingAction::Import(None)),
            Action::Save => {
                self.files.save(ws, ctx);
            }
            Action::SaveAs => self.files.ask(ws, ctx, Purpose::SaveAs(None)),
            Action::ExportPng => crate::app::files::export_dialog::open(ctx, ws),
            Action::SaveForSharing
            | Action::LocateTile
            | Action::RenameTileId
            | Action::AddLibraryFolder => self.files.run_library_action(ws, ctx, action),
            Action::Undo | Action::Redo => {
                self.tile.drop_stroke();
                self.course.drop_drag();
                if ws.undo_or_redo(action == Action::Undo) {
                    // Undoing back to the saved state leaves nothing to recover, and redoing
                    // brings the unsaved state back.
                    self.files.refresh_recovery(ws);
                }
            }
            Action::RotateCw => self.rotate(ctx, true),
            Action::RotateCcw => self.rotate(ctx, false),
            Action::Delete => self.course.delete_hovered(ws),
            Action::ToolPaint => self.tile.tool = Tool::Paint,
            Action::ToolErase => self.tile.tool = Tool::Erase,
            Action::ToolFill => self.tile.tool = Tool::Fill,
            Action::ToolPick => self.tile.tool = Tool::Pick,
            Action::ToolSelect => self.tile.tool = Tool::Select,
            Action::Copy | Action::Cut => self.copy(ctx, action == Action::Cut),
            Action::Paste => {
                let Some(clip) = self.clipboard.clone() else {
                    return;
                };
                if ws.editing_course() {
                    self.course.paste(ws, &clip);
                } else {
                    self.tile.paste(ws, &clip);
                }
            }
            Action::FlipSelection => self.tile.transform_selection(ws, now, None),
            Action::FitView => ws.view.request_fit(),
            Action::ZoomIn => ws.view.zoom_by(ZOOM_STEP),
            Action::ZoomOut => ws.view.zoom_by(1.0 / ZOOM_STEP),
            Action::ToggleGrid => {
                ws.settings.show_grid = !ws.settings.show_grid;
                ws.rebuild();
            }
            Action::Help => self.help.toggle(),
            Action::EditPlacedTile => self.course.edit_tile_under_pointer(ws),
            Action::BackToCourse => {
                if ws.linked.is_some() {
                    self.files.request(ws, ctx, PendingAction::BackToCourse);
                }
            }
            Action::ToggleBestLine => {
                ws.settings.show_path = !ws.settings.show_path;
                ws.rebuild();
            }
            Action::ToggleLibrary => ws.settings.show_library = !ws.settings.show_library,
            Action::ToggleSidePanel => {
                ws.settings.show_side_panel = !ws.settings.show_side_panel;
            }
            Action::PlayView => self.toggle_play(),
            Action::CommandPalette => self.palette.toggle(),
            // The close request comes back as `close_requested`: the prompt asks first.
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::FullScreen => {
                self.full_screen = !self.full_screen;
                ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.full_screen));
            }
            Action::ToggleTheme => ws.settings.light_theme = !ws.settings.light_theme,
            Action::ToggleColourBlind => {
                ws.settings.colour_blind_safe = !ws.settings.colour_blind_safe;
            }
            Action::UiLarger => self.scale_ui(1),
            Action::UiSmaller => self.scale_ui(-1),
            Action::UiNormal => self.scale_ui(0),
        }
    }

    /// Copy or Cut: the selection of a tile, or the placed tile under the pointer on a course,
    /// kept for Paste in any document of the window and put on the system clipboard as the text
    /// of a tile or course file, for other windows.
    fn copy(&mut self, ctx: &egui::Context, cut: bool) {
        let clip = if self.ws.editing_course() {
            self.course.copy(&mut self.ws, cut)
        } else {
            self.tile.copy(&mut self.ws, cut)
        };
        if let Some(clip) = clip {
            ctx.copy_text(clip.to_json());
            self.clipboard = Some(clip);
        }
    }

    /// R or Alt+wheel: the course composer turns the placed tile under the pointer; the tile
    /// editor the selection, the element under the pointer or the brush.
    pub(super) fn rotate(&mut self, ctx: &egui::Context, clockwise: bool) {
        let now = ctx.input(|i| i.time);
        if self.ws.editing_course() {
            self.course.rotate(&mut self.ws, now, clockwise);
        } else {
            self.tile.rotate(&mut self.ws, now, clockwise);
        }
    }
}
