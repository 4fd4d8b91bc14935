//! Asking for a path without freezing the window: the native dialog (rfd) runs on a thread of
//! its own and its answer is polled each frame; where the desktop cannot show one (no
//! xdg-desktop-portal and no zenity, which is all rfd's portal backend can use) the window draws
//! its own dialog instead, so a dialog always appears. The path given goes where it was asked for.

use super::file_dialog::{InAppDialog, Mode, Outcome};
use super::{DialogMode, Files, Purpose};
use crate::app::command::PromptAnswer;
use crate::app::state::Workspace;
use crate::app::state::document::Content;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Names the dialog kind instead of looking: `in-app` or `native`.
pub const DIALOGS_ENV: &str = "FACTORY_FLOOR_DIALOGS";

/// A file dialog while it is open.
pub enum Active {
    /// The native dialog on its thread: the answer comes through the channel.
    Native(Receiver<Reply>, Purpose, Request),
    InApp(InAppDialog, Purpose),
}

/// What the native dialog's thread sends back.
pub enum Reply {
    Chosen(Option<PathBuf>),
    /// No native dialog can be shown here: draw the window's own.
    NoNative,
}

/// What a dialog asks for, in the terms both kinds of dialog take.
#[derive(Clone, Debug)]
pub struct Request {
    pub title: &'static str,
    pub mode: Mode,
    pub dir: PathBuf,
    pub name: String,
    pub filter: &'static str,
    pub extensions: &'static [&'static str],
}

/// Whether a program is on the PATH.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// Whether the session bus has the desktop portal running or can start it, asked with
/// `dbus-send` (the bus's own tool). No bus, no tool, or no answer within a second: no portal.
fn portal_on_bus() -> bool {
    let runtime_bus = std::env::var_os("XDG_RUNTIME_DIR")
        .map(|d| Path::new(&d).join("bus"))
        .is_some_and(|p| p.exists());
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() && !runtime_bus {
        return false;
    }
    ["ListNames", "ListActivatableNames"].iter().any(|method| {
        std::process::Command::new("dbus-send")
            .args([
                "--session",
                "--print-reply",
                "--reply-timeout=1000",
                "--dest=org.freedesktop.DBus",
                "/org/freedesktop/DBus",
                &format!("org.freedesktop.DBus.{method}"),
            ])
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .is_ok_and(|o| {
                String::from_utf8_lossy(&o.stdout).contains("org.freedesktop.portal.Desktop")
            })
    })
}

/// Whether rfd can show a native dialog here: always on Windows and macOS; on Linux and the
/// BSDs when the desktop portal is there or zenity (rfd's fallback) is installed.
/// `FACTORY_FLOOR_DIALOGS` decides instead when set.
pub fn detect_native(env: Option<&str>, zenity: bool, portal: impl FnOnce() -> bool) -> bool {
    match env {
        Some("in-app") => false,
        Some("native") => true,
        _ if cfg!(any(windows, target_os = "macos")) => true,
        _ => zenity || portal(),
    }
}

/// `detect_native` for this desktop, looked at once per run (off the UI thread).
fn native_available() -> bool {
    static NATIVE: OnceLock<bool> = OnceLock::new();
    *NATIVE.get_or_init(|| {
        let env = std::env::var(DIALOGS_ENV).ok();
        detect_native(env.as_deref(), on_path("zenity"), portal_on_bus)
    })
}

/// Runs the native dialog (blocking: on the dialog's own thread).
fn run_native(r: &Request) -> Option<PathBuf> {
    let dialog = rfd::FileDialog::new()
        .set_title(r.title)
        .set_directory(&r.dir);
    let dialog = if r.extensions.is_empty() {
        dialog
    } else {
        dialog.add_filter(r.filter, r.extensions)
    };
    match r.mode {
        Mode::Open => dialog.pick_file(),
        Mode::Save => dialog.set_file_name(&r.name).save_file(),
        Mode::Folder => dialog.pick_folder(),
    }
}

/// What the dialog for `purpose` asks, starting in `dir`.
fn request_for(purpose: &Purpose, ws: &Workspace, dir: PathBuf) -> Request {
    const OURS: &[&str] = &["json"];
    let doc_name = |fallback: &str| {
        ws.doc.as_ref().map_or_else(
            || fallback.to_string(),
            |d| match &d.content {
                Content::Tile(t) => format!("{}.json", t.id),
                Content::Course(c) => {
                    format!("{}.json", crate::format::library::id_from_name(&c.name))
                }
            },
        )
    };
    let (title, mode, name, filter, extensions) = match purpose {
        Purpose::Open => (
            "Open a tile or course",
            Mode::Open,
            String::new(),
            "factory-floor tile or course",
            OURS,
        ),
        Purpose::Import => (
            "Import a Tiled map",
            Mode::Open,
            String::new(),
            "Tiled map",
            &["json", "tmj", "tmx"][..],
        ),
        Purpose::SaveAs(_) => (
            "Save As",
            Mode::Save,
            doc_name("untitled.json"),
            "factory-floor tile or course",
            OURS,
        ),
        Purpose::SaveLinked(_) => (
            "Save the course",
            Mode::Save,
            "course.json".to_string(),
            "factory-floor course",
            OURS,
        ),
        Purpose::ExportPng => (
            "Export PNG",
            Mode::Save,
            "board.png".to_string(),
            "PNG picture",
            &["png"][..],
        ),
        Purpose::SaveForSharing => {
            let name = doc_name("course.json").replace(".json", "-bundle.json");
            (
                "Save for sharing",
                Mode::Save,
                name,
                "factory-floor course",
                OURS,
            )
        }
        Purpose::LocateTile(id) => (
            "Locate the tile file",
            Mode::Open,
            format!("{id}.json"),
            "factory-floor tile",
            OURS,
        ),
        Purpose::AddFolder => (
            "Add a folder of tiles",
            Mode::Folder,
            String::new(),
            "",
            &[][..],
        ),
    };
    Request {
        title,
        mode,
        dir,
        name,
        filter,
        extensions,
    }
}

impl Files {
    /// Opens a file dialog for `purpose`; its answer is handled in a later frame. A dialog
    /// already open keeps the window's attention: a second is not stacked on it.
    pub fn ask(&mut self, ws: &Workspace, ctx: &egui::Context, purpose: Purpose) {
        if self.dialog.is_some() {
            return;
        }
        let request = request_for(&purpose, ws, self.start_dir(ws));
        if self.dialogs == DialogMode::InApp {
            self.open_in_app(request, purpose);
            return;
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let on_thread = request.clone();
        let spawned = std::thread::Builder::new()
            .name("file dialog".to_string())
            .spawn(move || {
                let reply = if native_available() {
                    Reply::Chosen(run_native(&on_thread))
                } else {
                    Reply::NoNative
                };
                let _ = tx.send(reply);
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => self.dialog = Some(Active::Native(rx, purpose, request)),
            Err(_) => self.open_in_app(request, purpose),
        }
    }

    fn open_in_app(&mut self, r: Request, purpose: Purpose) {
        let dialog = InAppDialog::new(r.title, r.mode, r.dir, r.name, r.extensions);
        self.dialog = Some(Active::InApp(dialog, purpose));
    }

    /// Draws the in-app dialog or looks for the native one's answer; hands a path given on.
    pub fn dialog_frame(&mut self, ws: &mut Workspace, ctx: &egui::Context) {
        let Some(active) = self.dialog.take() else {
            return;
        };
        match active {
            Active::Native(rx, purpose, request) => match rx.try_recv() {
                Ok(Reply::Chosen(Some(path))) => self.chosen(ws, ctx, purpose, path),
                Ok(Reply::Chosen(None)) => {}
                Ok(Reply::NoNative) | Err(TryRecvError::Disconnected) => {
                    self.open_in_app(request, purpose);
                }
                Err(TryRecvError::Empty) => {
                    self.dialog = Some(Active::Native(rx, purpose, request));
                }
            },
            Active::InApp(mut dialog, purpose) => match dialog.ui(ctx) {
                Some(Outcome::Chosen(path)) => self.chosen(ws, ctx, purpose, path),
                Some(Outcome::Cancelled) => {}
                None => self.dialog = Some(Active::InApp(dialog, purpose)),
            },
        }
    }

    /// Does what the dialog was opened for with the path it gave.
    fn chosen(&mut self, ws: &mut Workspace, ctx: &egui::Context, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::Open => self.open_file(ws, ctx, &path),
            Purpose::Import => super::open::import_tiled(ws, &path),
            // Saved for the unsaved-changes prompt: its Save goes on with what is left to save.
            Purpose::SaveAs(then) => {
                if self.save_to(ws, path)
                    && let Some(action) = then
                {
                    self.pending = Some(action);
                    self.answer_prompt(ws, ctx, PromptAnswer::Save);
                }
            }
            Purpose::SaveLinked(then) => {
                if self.save_linked_to(ws, &path)
                    && let Some(action) = then
                {
                    self.pending = Some(action);
                    self.answer_prompt(ws, ctx, PromptAnswer::Save);
                }
            }
            Purpose::ExportPng => super::save::export_png(ws, &path),
            Purpose::SaveForSharing => self.save_bundle(ws, &path),
            Purpose::LocateTile(id) => self.locate_tile(ws, &id, &path),
            Purpose::AddFolder => self.add_folder(ws, path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_portal_or_zenity_no_native_dialog_is_tried_on_linux() {
        if cfg!(any(windows, target_os = "macos")) {
            return;
        }
        assert!(!detect_native(None, false, || false));
        assert!(
            detect_native(None, true, || false),
            "rfd falls back to zenity"
        );
        assert!(detect_native(None, false, || true));
        assert!(!detect_native(Some("in-app"), true, || true));
        assert!(detect_native(Some("native"), false, || false));
        // This test machine has no session bus: the portal is not found.
        if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
            assert!(!portal_on_bus());
        }
    }
}
