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

use super::command::{Command, Entry};
use super::document::{Content, Document};
use super::validation_panel;
use super::{App, PendingAction, Shown, ShownKind};
use crate::app::egui_paint::paint_scene;
use crate::format::Library;
use crate::format::library::Origin;
use crate::model::{Board, Course, StartRule, Tile, TileSource};
use crate::render::{Scene, build_scene};
use crate::validate::{Analysis, Diagnostic, Solution};
use egui::Ui;

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

impl App {
    /// Opens the tile of placement `index` of the open course in the tile editor, keeping the
    /// course open beside it.
    pub(super) fn edit_placed_tile(&mut self, index: usize) {
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
        self.linked = Some(linked);
        // The course's own unsaved changes are what a crash would lose now.
        if self.offer_restore.is_none()
            && let (Some(recovery), Some(linked)) = (&self.recovery, &self.linked)
            && linked.doc.is_dirty()
        {
            let _ = recovery.write(&linked.doc.content, linked.doc.path.as_deref());
        }
        self.rebuild();
    }

    /// The course the open tile was opened from, if it was.
    pub fn linked_course(&self) -> Option<&LinkedCourse> {
        self.linked.as_ref()
    }

    /// Compiles and checks the linked course with the tile as it is now (after every edit).
    pub(super) fn rebuild_linked(&mut self) {
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
            scene: Scene::default(),
        };
        let options = self.course_scene_options(&shown, linked.solution.as_ref());
        shown.scene = build_scene(&shown.board, &options);
        linked.shown = Some(shown);
        self.linked = Some(linked);
    }

    /// The problems and best line of the linked course, back from the background: the preview is
    /// drawn again with them.
    pub(super) fn take_linked_analysis(&mut self, analysis: Analysis) {
        let Some(mut linked) = self.linked.take() else {
            return;
        };
        linked.diagnostics = analysis.diagnostics;
        linked.solution = analysis.solution;
        if let Some(mut shown) = linked.shown.take() {
            let options = self.course_scene_options(&shown, linked.solution.as_ref());
            shown.scene = build_scene(&shown.board, &options);
            linked.shown = Some(shown);
        }
        self.linked = Some(linked);
    }

    /// Back from the tile to the course it was opened from (after the prompt if the tile has
    /// unsaved edits).
    pub(super) fn back_to_course(&mut self) {
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

    /// What the recovery file keeps: the document with unsaved changes, the tile being edited
    /// first, else the course it came from (there is one recovery file, so with both unsaved
    /// only the tile's edits are kept).
    pub(super) fn recovery_copy(&self) -> Option<(&Content, Option<&std::path::Path>)> {
        let embedded = self.linked.as_ref().is_some_and(|l| l.embedded);
        if let Some(doc) = &self.doc
            && doc.is_dirty()
            && !embedded
        {
            return Some((&doc.content, doc.path.as_deref()));
        }
        self.linked
            .as_ref()
            .filter(|l| l.doc.is_dirty())
            .map(|l| (&l.doc.content, l.doc.path.as_deref()))
    }

    /// Whether `action` would lose unsaved changes.
    pub(super) fn loses_changes(&self, action: &PendingAction) -> bool {
        match action {
            // The course stays open: only a library tile's own edits are at stake.
            PendingAction::BackToCourse => {
                !self.linked.as_ref().is_some_and(|l| l.embedded)
                    && self.doc.as_ref().is_some_and(|d| d.is_dirty())
            }
            _ => self.has_unsaved_changes(),
        }
    }

    /// The names of what `action` would lose, for the prompt.
    pub(super) fn unsaved_names(&self, action: &PendingAction) -> String {
        let mut names = Vec::new();
        let embedded = self.linked.as_ref().is_some_and(|l| l.embedded);
        if let Some(doc) = &self.doc
            && doc.is_dirty()
            && !embedded
        {
            names.push(doc.content.display_name());
        }
        if *action != PendingAction::BackToCourse
            && let Some(linked) = &self.linked
            && linked.doc.is_dirty()
        {
            names.push(linked.doc.content.display_name());
        }
        names.join("\" and \"")
    }

    /// Save in the unsaved-changes prompt: the tile (unless its edits are the course's) and, when
    /// leaving both, the course. Returns whether everything asked for was saved.
    pub(super) fn save_for(&mut self, action: &PendingAction) -> bool {
        let embedded = self.linked.as_ref().is_some_and(|l| l.embedded);
        if !embedded && self.doc.as_ref().is_some_and(|d| d.is_dirty()) && !self.save() {
            return false;
        }
        if *action == PendingAction::BackToCourse {
            return true;
        }
        let Some(linked) = self.linked.as_mut() else {
            return true;
        };
        if !linked.doc.is_dirty() {
            return true;
        }
        let path = match linked.doc.path.clone() {
            Some(p) => p,
            None => match rfd::FileDialog::new()
                .add_filter("factory-floor course", &["json"])
                .set_file_name("course.json")
                .save_file()
            {
                Some(p) => p,
                None => return false,
            },
        };
        match super::write_document(&mut linked.doc, &path) {
            Ok(()) => {
                self.state.remember(&path);
                true
            }
            Err(e) => {
                self.errors.push(e);
                false
            }
        }
    }

    /// The window title while a placed tile is edited: both names, each with its unsaved mark.
    pub(super) fn linked_title(&self) -> Option<String> {
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

    /// The side panel's part about the course the tile was opened from: a picture of it as the
    /// edits leave it, its problems, and the way back.
    pub(super) fn linked_course_ui(&self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(linked) = &self.linked else {
            return commands;
        };
        ui.heading("In the course");
        ui.label(format!(
            "Placed in \"{}\": edits show in the course at once.",
            linked.doc.content.display_name()
        ));
        let back = super::command::Action::BackToCourse;
        if ui
            .button(back.text())
            .on_hover_text(back.tooltip())
            .clicked()
        {
            commands.push(Command::Action(back));
        }
        if let Some(shown) = &linked.shown {
            course_preview_ui(ui, shown, linked.placement);
        }
        let mut show_path = self.state.show_path;
        if validation_panel::best_line_ui(ui, &mut show_path, linked.solution.as_ref()) {
            commands.push(Command::Action(super::command::Action::ToggleBestLine));
        }
        // Clicking a problem here would show squares of a board that is not on the canvas.
        let _ = validation_panel::validation_ui(
            ui,
            &linked.diagnostics,
            None,
            self.linked_analyser.is_busy(),
        );
        commands
    }
}

/// What the top bar says about a course.
pub(super) fn course_kind(c: &Course) -> ShownKind {
    ShownKind::Course {
        flags: c.flags.len(),
        start: c.start,
        players: (c.players.min, c.players.max),
        tiles: c.placements.len(),
    }
}

/// A picture of the course as it is with the edits, the width of the panel, with the placement
/// the tile was opened from outlined.
fn course_preview_ui(ui: &mut Ui, shown: &Shown, placement: usize) {
    let board: &Board = &shown.board;
    let size = egui::vec2(board.width().max(1) as f32, board.height().max(1) as f32);
    let width = ui.available_width().max(32.0);
    let height = (width * size.y / size.x).min(200.0);
    let scale = (width / size.x).min(height / size.y);
    let (rect, response) = ui.allocate_exact_size(size * scale, egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Course preview"));
    let to_screen = egui::emath::RectTransform::from_to(
        egui::Rect::from_min_size(egui::Pos2::ZERO, size),
        rect,
    );
    let painter = ui.painter_at(rect);
    paint_scene(&painter, &shown.scene, to_screen);
    if let Some((_, nw, w, h)) = board.placements.iter().find(|p| p.0 == placement) {
        let outline = egui::Rect::from_min_size(
            egui::pos2(nw.x as f32, nw.y as f32),
            egui::vec2(*w as f32, *h as f32),
        );
        painter.rect_stroke(
            to_screen.transform_rect(outline),
            0.0,
            egui::Stroke::new(2.5, egui::Color32::from_rgb(80, 160, 255)),
            egui::StrokeKind::Inside,
        );
    }
}

/// Whether the course starts on one archive square (for the scene's start marker).
pub(super) fn archive_start(kind: &ShownKind) -> Option<crate::geom::Square> {
    match kind {
        ShownKind::Course {
            start: StartRule::Archive(square),
            ..
        } => Some(*square),
        _ => None,
    }
}
