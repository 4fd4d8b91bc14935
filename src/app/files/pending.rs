//! The unsaved-changes prompt: an action that would lose unsaved work waits for the answer (Save,
//! Don't Save, Cancel); one that would not runs at once.

use super::Files;
use super::dialogs;
use super::open::{import_tiled, open_path};
use super::save::write_document;
use crate::app::command::{Entry, PromptAnswer};
use crate::app::state::Workspace;
use crate::app::state::document::{Content, Document, new_course, new_tile};
use std::path::PathBuf;

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

impl Files {
    /// Runs `action` now, or after the unsaved-changes prompt if it would lose changes.
    pub fn request(&mut self, ws: &mut Workspace, ctx: &egui::Context, action: PendingAction) {
        if ws.loses_changes(action == PendingAction::BackToCourse) {
            self.pending = Some(action);
        } else {
            self.perform(ws, ctx, action);
        }
    }

    fn perform(&mut self, ws: &mut Workspace, ctx: &egui::Context, action: PendingAction) {
        self.pending = None;
        match action {
            PendingAction::Show(entry) => ws.open_entry(entry),
            PendingAction::NewTile => {
                ws.set_document(Document::new(Content::Tile(new_tile()), None, true));
            }
            PendingAction::NewCourse => {
                ws.set_document(Document::new(Content::Course(new_course()), None, true));
            }
            PendingAction::Open(Some(path)) => open_path(ws, &path),
            PendingAction::Open(None) => {
                if let Some(path) = dialogs::pick_document() {
                    open_path(ws, &path);
                }
            }
            PendingAction::Import(Some(path)) => import_tiled(ws, &path),
            PendingAction::Import(None) => {
                if let Some(path) = dialogs::pick_tiled_map() {
                    import_tiled(ws, &path);
                }
            }
            PendingAction::Close => {
                self.forget_recovery();
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            PendingAction::BackToCourse => ws.back_to_course(),
        }
    }

    /// Runs the waiting action as the prompt's answer says.
    pub fn answer_prompt(&mut self, ws: &mut Workspace, ctx: &egui::Context, answer: PromptAnswer) {
        let Some(action) = self.pending.take() else {
            return;
        };
        match answer {
            PromptAnswer::Cancel => {}
            PromptAnswer::DontSave => self.perform(ws, ctx, action),
            PromptAnswer::Save => {
                if self.save_for(ws, &action) {
                    self.perform(ws, ctx, action);
                }
            }
        }
    }

    /// The names of what the waiting action would lose, for the prompt.
    pub fn pending_names(&self, ws: &Workspace) -> Option<String> {
        let action = self.pending.as_ref()?;
        Some(ws.unsaved_names(*action == PendingAction::BackToCourse))
    }

    /// Save in the unsaved-changes prompt: the tile (unless its edits are the course's) and, when
    /// leaving both, the course. Returns whether everything asked for was saved.
    fn save_for(&mut self, ws: &mut Workspace, action: &PendingAction) -> bool {
        let embedded = ws.linked.as_ref().is_some_and(|l| l.embedded);
        if !embedded && ws.doc.as_ref().is_some_and(|d| d.is_dirty()) && !self.save(ws) {
            return false;
        }
        if *action == PendingAction::BackToCourse {
            return true;
        }
        let Some(linked) = ws.linked.as_mut() else {
            return true;
        };
        if !linked.doc.is_dirty() {
            return true;
        }
        let path = match linked.doc.path.clone() {
            Some(p) => p,
            None => match dialogs::pick_course_save_path() {
                Some(p) => p,
                None => return false,
            },
        };
        match write_document(&mut linked.doc, &path) {
            Ok(()) => {
                ws.settings.remember(&path);
                true
            }
            Err(e) => {
                ws.errors.push(e);
                false
            }
        }
    }
}
