//! Files: opening and importing, saving and exporting, the unsaved-changes prompt before work
//! would be lost, crash recovery per document, a file changed on disk by another program, the
//! user's tile library (folders, missing tiles, bundles) and the file dialogs (native where the
//! desktop has one, drawn by the window where it has not). `Files` keeps what outlives one
//! command; the documents themselves are the workspace's.
//!
//! Layers: `file_dialog` and `dialogs` draw; `open`, `save`, `recovery`, `disk` and `tiles` do
//! the work; `picker` asks for paths and hands them on; `pending` and `frame` drive the rest.

pub mod dialogs;
pub mod disk;
pub mod export_dialog;
pub mod file_dialog;
pub mod frame;
pub mod open;
pub mod opening;
pub mod pending;
pub mod picker;
pub mod recovery;
pub mod save;
pub mod tiles;

use pending::PendingAction;
use recovery::{Recovered, Recovery};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// What a file dialog was opened for: the path it gives goes there.
#[derive(Clone, Debug, PartialEq)]
pub enum Purpose {
    Open,
    Import,
    /// Save the document under a new name, then run the action waiting for it, if any.
    SaveAs(Option<PendingAction>),
    /// Save the course a placed tile came from, then run the waiting action.
    SaveLinked(Option<PendingAction>),
    ExportPng,
    /// Write the course with all its tiles embedded (a bundle to share).
    SaveForSharing,
    /// Find the file of a tile the open course places but no library has.
    LocateTile(String),
    /// Add a folder of tiles to the library.
    AddFolder,
}

/// How file dialogs are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DialogMode {
    /// The native dialog where the desktop can show one, else the window's own.
    #[default]
    Auto,
    /// Always the window's own dialog (tests; desktops without a portal).
    InApp,
}

/// The window's side of files.
#[derive(Default)]
pub struct Files {
    /// The folder of recovery files, while unsaved changes are kept.
    pub recovery: Option<Recovery>,
    /// Unsaved documents found at start-up, offered back until the user chooses for each.
    pub offer_restore: Vec<Recovered>,
    /// What to do once the unsaved-changes prompt is answered.
    pub pending: Option<PendingAction>,
    /// Set once the user agreed to close, so the next close request goes through.
    pub allow_close: bool,
    /// How file dialogs are shown.
    pub dialogs: DialogMode,
    /// The file dialog open now, if any.
    pub dialog: Option<picker::Active>,
    /// The open file changed on disk: the question asked about it.
    pub disk_conflict: Option<disk::Conflict>,
    /// Tiles a course just opened carries that the user's library lacks, offered to it.
    pub offer_tiles: Option<tiles::TileOffer>,
    /// The tile id being typed in the Rename tile id prompt.
    pub renaming: Option<String>,
    /// Tile ids given to new tiles in this run, so two new tiles never share one.
    pub issued_ids: BTreeSet<String>,
    /// The workspace generation (the document set last) the recovery files were brought up to.
    recovery_generation: u64,
    /// The recovery files this window has written and not yet removed: id and fingerprint.
    recovery_written: std::collections::BTreeMap<String, u64>,
    /// The user library folder, when not the platform's (`user_library_dir`): tests set it.
    pub user_library: Option<PathBuf>,
    /// A large file being read on a worker thread (`opening.rs`).
    pub opening: Option<opening::Opening>,
}

impl Files {
    /// The user library folder: where a bundle's tiles are added, and where dialogs start when
    /// no document has a folder.
    pub fn user_library(&self) -> Option<PathBuf> {
        self.user_library
            .clone()
            .or_else(crate::format::library::user_library_dir)
    }

    /// The path of the in-app dialog's folder, while it is open (tests read it).
    pub fn in_app_dialog(&self) -> Option<&file_dialog::InAppDialog> {
        match &self.dialog {
            Some(picker::Active::InApp(d, _)) => Some(d),
            _ => None,
        }
    }

    /// The folder dialogs start in: the open document's folder, else the user library (made
    /// if need be), else the working folder.
    pub fn start_dir(&self, ws: &crate::app::state::Workspace) -> PathBuf {
        let doc_dir = ws
            .doc
            .as_ref()
            .and_then(|d| d.path.as_ref())
            .or_else(|| ws.linked.as_ref().and_then(|l| l.doc.path.as_ref()))
            .and_then(|p| p.parent())
            .filter(|p| p.is_dir())
            .map(PathBuf::from);
        doc_dir
            .or_else(|| {
                self.user_library()
                    .filter(|d| std::fs::create_dir_all(d).is_ok())
            })
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("."))
    }
}
