//! The unsaved-changes prompt: an action that would lose unsaved work waits for the answer (Save,
//! Don't Save, Cancel); one that would not runs at once.

use super::open::import_tiled;
use super::{Files, Purpose};
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
    /// Open the recovered document of this id.
    Restore(String),
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

    pub(super) fn perform(
        &mut self,
        ws: &mut Workspace,
        ctx: &egui::Context,
        action: PendingAction,
    ) {
        self.pending = None;
        match action {
            PendingAction::Show(entry) => ws.open_entry(entry),
            PendingAction::NewTile => {
                let tile = new_tile(|id| self.new_tile_id_taken(ws, id));
                self.issued_ids.insert(tile.id.clone());
                let mut doc = Document::new(Content::Tile(tile), None, true);
                doc.auto_id = true;
                ws.set_document(doc);
            }
            PendingAction::NewCourse => {
                ws.set_document(Document::new(Content::Course(new_course()), None, true));
            }
            PendingAction::Open(Some(path)) => self.open_file(ws, ctx, &path),
            PendingAction::Open(None) => self.ask(ws, ctx, Purpose::Open),
            PendingAction::Import(Some(path)) => import_tiled(ws, &path),
            PendingAction::Import(None) => self.ask(ws, ctx, Purpose::Import),
            PendingAction::Close => {
                self.forget_recovery();
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            PendingAction::BackToCourse => ws.back_to_course(),
            PendingAction::Restore(id) => self.restore(ws, &id),
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
                if self.save_for(ws, ctx, &action) {
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
    /// leaving both, the course. Returns whether everything asked for was saved now; where a
    /// file dialog has to ask where, `action` runs once it has answered and the save is done.
    fn save_for(
        &mut self,
        ws: &mut Workspace,
        ctx: &egui::Context,
        action: &PendingAction,
    ) -> bool {
        let embedded = ws.linked.as_ref().is_some_and(|l| l.embedded);
        if !embedded && ws.doc.as_ref().is_some_and(|d| d.is_dirty()) {
            match ws.doc.as_ref().and_then(|d| d.path.clone()) {
                Some(path) => {
                    if !self.save_to(ws, path) {
                        return false;
                    }
                }
                None => {
                    // Once saved where the dialog says, the prompt's Save goes on from here.
                    self.ask(ws, ctx, Purpose::SaveAs(Some(action.clone())));
                    return false;
                }
            }
        }
        if *action == PendingAction::BackToCourse {
            return true;
        }
        let Some(linked) = ws.linked.as_ref() else {
            return true;
        };
        if !linked.doc.is_dirty() {
            return true;
        }
        match linked.doc.path.clone() {
            Some(p) => self.save_linked_to(ws, &p),
            None => {
                self.ask(ws, ctx, Purpose::SaveLinked(Some(action.clone())));
                false
            }
        }
    }
}
