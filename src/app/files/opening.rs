//! Opening a large file without freezing the window (issue 16 item 7): reading and parsing the
//! largest course the format allows takes about 100 ms with the tiles beside it, so a file over
//! `READ_ASIDE_BYTES` is read on a worker thread while the window goes on, and opened in the
//! frame its reading is done. Smaller files open at once, in the frame that asked.

use super::Files;
use super::open::{ReadFile, open_read, read_file};
use crate::app::state::Workspace;
use crate::format::LoadError;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// Files larger than this are read on a worker thread (the sample courses are under 100 KB; a
/// course of 5 x 5 tiles of 64 x 64 squares is about 3 MB).
pub const READ_ASIDE_BYTES: u64 = 256 * 1024;

/// A file being read on a worker thread.
pub struct Opening {
    pub path: PathBuf,
    done: Receiver<Result<ReadFile, LoadError>>,
}

impl Files {
    /// Whether the file at `path` is large enough to be read aside.
    pub(super) fn reads_aside(path: &Path) -> bool {
        std::fs::metadata(path).is_ok_and(|m| m.len() > READ_ASIDE_BYTES)
    }

    /// Starts reading `path` on a worker thread; a file asked for while another is being read
    /// replaces it (the older one's result is dropped when it comes).
    pub(super) fn read_aside(&mut self, path: &Path, ctx: &egui::Context) {
        let (send, done) = channel();
        let worker_path = path.to_path_buf();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let read = read_file(&worker_path);
            // The window may have gone: nothing is waiting then.
            let _ = send.send(read);
            ctx.request_repaint();
        });
        self.opening = Some(Opening {
            path: path.to_path_buf(),
            done,
        });
    }

    /// The file being read aside, if any (the status bar names it).
    pub fn opening_path(&self) -> Option<&Path> {
        self.opening.as_ref().map(|o| o.path.as_path())
    }

    /// Opens the file read aside once its reading is done.
    pub(super) fn poll_opening(&mut self, ws: &mut Workspace, ctx: &egui::Context) {
        let Some(opening) = &self.opening else {
            return;
        };
        let read = match opening.done.try_recv() {
            Ok(read) => read,
            Err(TryRecvError::Empty) => {
                ctx.request_repaint_after(std::time::Duration::from_millis(50));
                return;
            }
            Err(TryRecvError::Disconnected) => Err(LoadError {
                file: opening.path.display().to_string(),
                line: 0,
                column: 0,
                message: "reading the file stopped without an answer".to_string(),
                kind: crate::format::ErrorKind::Invalid,
            }),
        };
        let path = opening.path.clone();
        self.opening = None;
        open_read(ws, &path, read);
        self.after_open(ws, &path);
    }
}
