//! Files: opening and importing, saving and exporting, the unsaved-changes prompt before work
//! would be lost, and crash recovery. `Files` keeps what outlives one command (the recovery file,
//! the action waiting for the prompt); the documents themselves are the workspace's.

pub mod dialogs;
pub mod export_dialog;
pub mod open;
pub mod pending;
pub mod recovery;
pub mod save;

use crate::app::state::document::Content;
use pending::PendingAction;
use recovery::Recovery;
use std::path::PathBuf;

/// The window's side of files: the recovery file and the action waiting for the prompt.
#[derive(Default)]
pub struct Files {
    /// Where unsaved changes are kept in case of a crash.
    pub recovery: Option<Recovery>,
    /// Unsaved work found at start-up, offered back until the user chooses.
    pub offer_restore: Option<(Content, Option<PathBuf>)>,
    /// What to do once the unsaved-changes prompt is answered.
    pub pending: Option<PendingAction>,
    /// Set once the user agreed to close, so the next close request goes through.
    pub allow_close: bool,
    /// The workspace generation (the document set last) the recovery file was brought up to.
    recovery_generation: u64,
}
