//! The headless commands of `factory-floor` as library functions, one file per command. Each
//! takes its parsed arguments as a plain struct, writes what it has to say to `out` and its
//! errors to `err`, and returns the process exit code; all their file reading and writing lives
//! here. `src/main.rs` only parses the command line and calls them.

pub mod bundle;
pub mod check;
pub mod drive;
mod escape;
pub mod export;
pub mod import;
pub mod play;
pub mod render;
pub mod scenario;
pub mod validate;

pub use escape::Escaped;

use crate::bots::{Arena, BotKind, parse_bots};
use crate::format::{Document, Library, load_document};
use std::path::Path;

/// Exit code: done, nothing wrong.
pub const OK: u8 = 0;
/// Exit code: the files were read and something in them is wrong.
pub const PROBLEMS: u8 = 1;
/// Exit code: a file could not be read or written, or the arguments make no sense.
pub const FAILED: u8 = 2;

/// Writes `reports` as pretty JSON to `out`; says on `err` why it cannot, and returns false then
/// (`scenario --json` and `validate --json` share this).
fn write_json_report(
    reports: &impl serde::Serialize,
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> bool {
    match serde_json::to_string_pretty(reports) {
        Ok(text) => {
            let _ = writeln!(out, "{text}");
            true
        }
        Err(e) => {
            let _ = writeln!(err, "cannot write the JSON report: {e}");
            false
        }
    }
}

/// The bots named in `bots` ("planner,greedy,...") and the course at `course` made ready for a
/// race; what is wrong with either is written to `err` (`play` and `drive` share this).
fn bots_and_arena(
    bots: &str,
    course: &Path,
    err: &mut dyn std::io::Write,
) -> Option<(Vec<BotKind>, Arena)> {
    match parse_bots(bots).and_then(|b| Ok((b, Arena::load(course)?))) {
        Ok(setup) => Some(setup),
        Err(e) => {
            let _ = writeln!(err, "{e}");
            None
        }
    }
}

impl Arena {
    /// Loads a course file with the tiles it sees (the built-in ones and `tiles/` beside it).
    pub fn load(path: &Path) -> Result<Arena, String> {
        match load_document(path).map_err(|e| e.to_string())? {
            Document::Course(course) => Arena::new(&course, &Library::for_file(path)),
            Document::Tile(_) => Err(format!(
                "{} is a tile: test drives need a course",
                path.display()
            )),
        }
    }
}
