//! `factory-floor validate`: reads course files, checks them against the setup rules and solves
//! them; the report itself is `validate::command`'s.

use crate::format::{self, Document, ErrorKind, Library};
use crate::validate::command::{FileResult, render_json, render_text};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `validate`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub files: Vec<PathBuf>,
    /// The reports as JSON for tools.
    pub json: bool,
    /// Bot games for the "how it plays" estimate (0: none).
    pub play: usize,
    /// `--rule NAME[=VALUE]`: house rules applied to each course before it is checked.
    pub rules: Vec<String>,
}

/// Loads and validates one course file with the library it sees (`Library::for_file`).
pub fn validate_file(path: &Path) -> FileResult {
    validate_file_with(path, 0)
}

/// `validate_file`, with `play` bot games for the "how it plays" estimate (0: none).
pub fn validate_file_with(path: &Path, play: usize) -> FileResult {
    validate_file_under(path, play, &[])
}

/// `validate_file_with`, with the `--rule NAME[=VALUE]` specs `rules` applied to the course
/// before anything reads it; a bad spec is the file's error.
pub fn validate_file_under(path: &Path, play: usize, rules: &[String]) -> FileResult {
    match format::load_document(path) {
        Err(e) => FileResult::NotValidated {
            unreadable: e.kind == ErrorKind::Unreadable,
            message: e.to_string(),
        },
        Ok(Document::Tile(_)) => FileResult::NotValidated {
            message: format!(
                "{}: is a tile, not a course; `validate` checks courses (`check` loads tiles)",
                path.display()
            ),
            unreadable: false,
        },
        Ok(Document::Course(mut course)) => {
            if let Err(message) = super::apply_rules(&mut course, rules) {
                return FileResult::NotValidated {
                    message,
                    unreadable: false,
                };
            }
            let library = Library::for_file(path);
            let mut analysis = crate::validate::analyse(&course, &library);
            if play > 0
                && analysis.solution.is_some()
                && let Ok(arena) = crate::bots::Arena::new(&course, &library)
            {
                let players = crate::validate::play::players_of(&course);
                analysis.play =
                    crate::validate::play::estimate(&arena, players, play, 1, &mut |_| true).ok();
            }
            // Where in the file each diagnostic's flag, start or tile is written (the file was
            // read a moment ago; if it cannot be read again, the report goes without lines).
            let text = std::fs::read_to_string(path).ok();
            let places = analysis
                .diagnostics
                .iter()
                .map(|d| {
                    let text = text.as_deref()?;
                    format::course::course_place(text, &course, &d.squares, &d.tiles)
                })
                .collect();
            FileResult::Course {
                name: course.name.clone(),
                analysis: Box::new(analysis),
                places,
            }
        }
    }
}

/// Validates every file and prints the reports; returns the exit code (the worst file's: 0
/// valid, 1 errors found, 2 unreadable). A closed output (`validate ... | head`) stops the
/// printing, not the command.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut code = super::OK;
    let mut reports = Vec::new();
    for path in &args.files {
        let result = validate_file_under(path, args.play, &args.rules);
        code = code.max(result.code());
        if args.json {
            reports.push(render_json(path, &result));
        } else {
            let _ = out.write_all(render_text(path, &result).as_bytes());
        }
    }
    if args.json && !super::write_json_report(&reports, out, err) {
        code = super::FAILED;
    }
    let _ = out.flush();
    code
}
