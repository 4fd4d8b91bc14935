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
use crate::model::Course;
use std::path::Path;

/// Exit code: done, nothing wrong.
pub const OK: u8 = 0;
/// Exit code: the files were read and something in them is wrong.
pub const PROBLEMS: u8 = 1;
/// Exit code: a file could not be read or written, or the arguments make no sense.
pub const FAILED: u8 = 2;

/// Writes `reports` as pretty JSON to `out`; says on `err` why it cannot, and returns false then
/// (`scenario --json`, `validate --json` and `drive --json` share this), each character
/// `Escaped` would rewrite written as a JSON escape (`escape::json_safe`).
fn write_json_report(
    reports: &impl serde::Serialize,
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> bool {
    match serde_json::to_string_pretty(reports) {
        Ok(text) => {
            let _ = writeln!(out, "{}", escape::json_safe(&text));
            true
        }
        Err(e) => {
            let _ = writeln!(err, "cannot write the JSON report: {e}");
            false
        }
    }
}

/// `--rule`'s help: the form, then every house rule (`HouseRule::iter()`) with its value.
pub fn rules_help() -> String {
    use strum::IntoEnumIterator;
    let mut out = String::from(
        "A house rule NAME[=VALUE] applied to the course before anything else (repeatable; \
         NAME=off switches off a rule the course sets). The rules:\n",
    );
    for rule in crate::model::HouseRule::iter() {
        out += &format!("  {:<20} {}", rule.name(), rule.label());
        if let Some(hint) = rule.value_hint() {
            out += &format!(" ={hint}");
        }
        out.push('\n');
    }
    out
}

/// Applies `--rule NAME[=VALUE]` specs to a course's house rules, in order, before anything else
/// reads the course (`play`, `drive`, `validate`); the first bad spec is the error, which for an
/// unknown name lists the known ones.
pub fn apply_rules(course: &mut Course, specs: &[String]) -> Result<(), String> {
    for spec in specs {
        course
            .rules
            .house
            .apply(spec)
            .map_err(|e| format!("--rule {spec}: {e}"))?;
    }
    Ok(())
}

/// The bots named in `bots` ("planner,greedy,...") and the course at `course`, under the
/// `--rule`s `rules`, made ready for a race; what is wrong with either is written to `err`
/// (`play` and `drive` share this).
fn bots_and_arena(
    bots: &str,
    course: &Path,
    rules: &[String],
    err: &mut dyn std::io::Write,
) -> Option<(Vec<BotKind>, Arena)> {
    match parse_bots(bots).and_then(|b| Ok((b, Arena::load_checked(course, rules)?))) {
        Ok((bots, (arena, errors))) => {
            // The games play the course as it is; a course the setup rules find wrong (flags
            // numbered 2 and 3, which the race calls flags 1 and 2) says so first.
            for e in &errors {
                let _ = writeln!(
                    err,
                    "{}: the games play the course as it is, but it breaks a setup rule: {e}",
                    course.display()
                );
            }
            Some((bots, arena))
        }
        Err(e) => {
            let _ = writeln!(err, "{e}");
            None
        }
    }
}

impl Arena {
    /// Loads a course file with the tiles it sees (the built-in ones and `tiles/` beside it).
    pub fn load(path: &Path) -> Result<Arena, String> {
        Arena::load_under(path, &[])
    }

    /// `load`, with the `--rule NAME[=VALUE]` specs applied to the course first.
    pub fn load_under(path: &Path, rules: &[String]) -> Result<Arena, String> {
        Arena::load_course(path, rules).map(|(_, arena)| arena)
    }

    /// `load_under`, with the errors of the setup rules that need no solver
    /// (`validate::setup_rules`): a test drive plays a course as it is, and says what is wrong.
    pub fn load_checked(
        path: &Path,
        rules: &[String],
    ) -> Result<(Arena, Vec<crate::validate::Diagnostic>), String> {
        let (course, arena) = Arena::load_course(path, rules)?;
        let mut errors = crate::validate::setup_rules(&course, &arena.board);
        errors.retain(|d| d.severity == crate::validate::Severity::Error);
        Ok((arena, errors))
    }

    /// The course of `path` under `rules`, and its arena.
    fn load_course(path: &Path, rules: &[String]) -> Result<(Course, Arena), String> {
        match load_document(path).map_err(|e| e.to_string())? {
            Document::Course(mut course) => {
                apply_rules(&mut course, rules)?;
                let arena = Arena::new(&course, &Library::for_file(path))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Ok((course, arena))
            }
            Document::Tile(_) => Err(format!(
                "{} is a tile: test drives need a course",
                path.display()
            )),
        }
    }
}

/// Sets the allocator up for a command on the largest courses (issue 17 item 7: the largest
/// course validates in under 300 MB). glibc's allocator serves a block of up to 32 MB from its
/// heap once a block that large was freed, and a heap block that grows is copied, the old beside
/// the new: where a search's tables grew past the size of a table freed before, the peak held
/// both (the largest board with 8 flags under One Free Life: 300 MB instead of 237). Every block
/// of 1 MB or more is mapped of its own instead, so it grows in place and is given back when
/// freed. Not for the window, whose frames may allocate such blocks again and again.
pub fn batch_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets an allocator parameter, before this program's threads start.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}
