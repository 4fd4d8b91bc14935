//! The files side's part of each frame: the file dialog, the offer of recovered documents, the
//! question about a file changed on disk (looked for when the window gets the focus), the offer
//! of a bundle's tiles, the tile id prompt and the missing tiles (the unsaved-changes prompt is
//! the shell's: it names the action it guards).

use super::dialogs::{self, RestoreAnswer};
use super::pending::PendingAction;
use super::tiles::missing_tiles;
use super::{Files, Purpose};
use crate::app::command::Action;
use crate::app::state::Workspace;
use crate::format::tile::check_id;

impl Files {
    /// Draws what the files side shows this frame and does what its answers ask.
    pub fn frame_ui(&mut self, ws: &mut Workspace, ctx: &egui::Context) {
        let focused = ctx.input(|i| {
            i.events
                .iter()
                .any(|e| matches!(e, egui::Event::WindowFocused(true)))
        });
        if focused {
            self.changed_on_disk(ws, None);
        }
        self.dialog_frame(ws, ctx);
        self.poll_opening(ws, ctx);
        if self.pending.is_none()
            && !self.offer_restore.is_empty()
            && let Some(answer) = dialogs::restore_prompt(ctx, &self.offer_restore)
        {
            match answer {
                RestoreAnswer::Restore(id) => self.request(ws, ctx, PendingAction::Restore(id)),
                RestoreAnswer::Discard(id) => self.discard_recovered(&id),
            }
        }
        if let Some(conflict) = &self.disk_conflict {
            let mine = ws
                .doc
                .as_ref()
                .map(|d| d.content.to_file_string())
                .unwrap_or_default();
            if let Some(answer) = dialogs::conflict_prompt(ctx, conflict, &mine) {
                self.answer_conflict(ws, answer);
            }
        }
        if let Some(offer) = &self.offer_tiles {
            let library = self
                .user_library()
                .map_or_else(|| "none".to_string(), |d| d.display().to_string());
            match dialogs::offer_tiles_prompt(ctx, offer, &library) {
                Some(true) => self.add_offered_tiles(ws),
                Some(false) => self.offer_tiles = None,
                None => {}
            }
        }
        if let Some(mut typed) = self.renaming.take() {
            let problem = self.rename_problem(ws, typed.trim());
            match dialogs::rename_prompt(ctx, &mut typed, problem) {
                Some(Some(id)) => {
                    if let Err(e) = ws.rename_open_tile(&id) {
                        ws.errors.push(e);
                    }
                }
                Some(None) => {}
                None => self.renaming = Some(typed),
            }
        }
        let missing = missing_tiles(ws);
        if !missing.is_empty()
            && self.dialog.is_none()
            && let Some(id) = dialogs::missing_tiles_window(ctx, &missing)
        {
            self.ask(ws, ctx, Purpose::LocateTile(id));
        }
        if self.dialog.is_some() {
            // The native dialog's thread asks for a frame when it answers; this is the backstop.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
    }

    /// Why the id typed in the rename prompt cannot be used, if it cannot.
    fn rename_problem(&self, ws: &Workspace, id: &str) -> Option<String> {
        if let Err(e) = check_id(id) {
            return Some(e);
        }
        let own_path = ws.doc.as_ref().and_then(|d| d.path.clone());
        let clash = ws.library.tiles.iter().any(|t| {
            t.tile.id == id
                && own_path
                    .as_ref()
                    .is_none_or(|p| t.origin != crate::format::library::Origin::File(p.clone()))
        });
        let unchanged = ws
            .doc
            .as_ref()
            .and_then(|d| d.tile())
            .is_some_and(|t| t.id == id);
        (clash && !unchanged).then(|| format!("the library has a tile \"{id}\" already"))
    }

    /// The file actions of the library: Save for sharing, Locate tile, Rename tile id, Add
    /// library folder.
    pub fn run_library_action(&mut self, ws: &mut Workspace, ctx: &egui::Context, action: Action) {
        match action {
            Action::SaveForSharing => self.ask(ws, ctx, Purpose::SaveForSharing),
            Action::LocateTile => match missing_tiles(ws).first() {
                Some(id) => self.ask(ws, ctx, Purpose::LocateTile(id.clone())),
                None => ws
                    .errors
                    .push("The open course finds all its tiles: nothing to locate".to_string()),
            },
            Action::RenameTileId => match ws.doc.as_ref().and_then(|d| d.tile()) {
                Some(t) => self.renaming = Some(t.id.clone()),
                None => ws
                    .errors
                    .push("Rename tile id works on an open tile: open one first".to_string()),
            },
            Action::AddLibraryFolder => self.ask(ws, ctx, Purpose::AddFolder),
            _ => {}
        }
    }
}
