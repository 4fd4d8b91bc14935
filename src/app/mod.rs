//! The eframe application: the window in which tiles are drawn, courses composed and raced, with
//! undo, live validation and files. The core knows nothing of egui; this is a thin layer over it.
//!
//! This file only wires the parts together (DESIGN.md, "src/app/"). Arrows point down:
//! `shell` (the window, its panels and frame loop) uses everything below it; the views
//! `tile_editor`, `course_editor` and `play` use `state`, `command` and `canvas`; `files` uses
//! `state` and `command`; `state` (documents and settings) uses `command` and `canvas`, which use
//! only the core.

pub mod canvas;
pub mod clipboard;
pub mod command;
pub mod course_editor;
pub mod files;
pub mod frame_probe;
pub mod play;
pub mod shell;
pub mod state;
pub mod tile_editor;

#[cfg(test)]
mod layout_check;

pub use files::open::sample_entry;
pub use files::pending::PendingAction;
pub use shell::screenshot::{ScreenshotExtras, ScreenshotView, run_screenshot};
pub use shell::{APP_ID, App, run};
pub use state::{StartView, State};
