//! The unsaved-changes prompt, saying which documents would lose changes and which action waits
//! for the answer (issue 19: "Save changes to Dockside before opening Grand Tour?").

use super::App;
use crate::app::command::{Command, Entry, PromptAnswer};
use crate::app::files::pending::PendingAction;
use crate::format::Library;
use egui::{Context, Id, Modal};
use std::path::Path;

/// The file name of `path`, as the prompt names it.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// What the action waiting for the prompt will do, ending the prompt's question.
pub fn action_words(action: &PendingAction, library: &Library) -> String {
    match action {
        PendingAction::Show(Entry::Course(i)) => library.courses.get(*i).map_or_else(
            || "opening another course".to_string(),
            |c| format!("opening \"{}\"", c.course.name),
        ),
        PendingAction::Show(Entry::Tile(i)) => library.tiles.get(*i).map_or_else(
            || "opening another tile".to_string(),
            |t| {
                let name = if t.tile.name.trim().is_empty() {
                    &t.tile.id
                } else {
                    &t.tile.name
                };
                format!("opening \"{name}\"")
            },
        ),
        PendingAction::NewTile => "starting a new tile".to_string(),
        PendingAction::NewCourse => "starting a new course".to_string(),
        PendingAction::Open(Some(path)) => format!("opening \"{}\"", file_name(path)),
        PendingAction::Open(None) => "opening another file".to_string(),
        PendingAction::Import(Some(path)) => format!("importing \"{}\"", file_name(path)),
        PendingAction::Import(None) => "importing a Tiled map".to_string(),
        PendingAction::Close => "quitting".to_string(),
        PendingAction::BackToCourse => "going back to the course".to_string(),
        PendingAction::Restore(_) => "restoring the recovered document".to_string(),
    }
}

impl App {
    /// The prompt's question while an action waits for it.
    pub(super) fn prompt_text(&self) -> Option<String> {
        let names = self.files.pending_names(&self.ws)?;
        let action = self.files.pending.as_ref()?;
        Some(format!(
            "Save changes to \"{names}\" before {}?",
            action_words(action, &self.ws.library)
        ))
    }
}

/// The Save / Don't Save / Cancel prompt asking `question`. Returns the answer once given;
/// closing it with Escape or a click outside cancels.
pub fn unsaved_prompt(ctx: &Context, question: &str) -> Option<Command> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("unsaved_changes")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(question);
        ui.horizontal(|ui| {
            for (text, hover, a) in [
                ("Save", "Save, then go on", PromptAnswer::Save),
                (
                    "Don't Save",
                    "Go on and lose the changes",
                    PromptAnswer::DontSave,
                ),
                ("Cancel", "Keep editing the document", PromptAnswer::Cancel),
            ] {
                if ui.button(text).on_hover_text(hover).clicked() {
                    answer = Some(a);
                }
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(PromptAnswer::Cancel);
    }
    answer.map(Command::Prompt)
}
