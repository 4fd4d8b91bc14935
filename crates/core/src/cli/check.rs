//! `factory-floor check`: load tiles and courses and report every problem, without a window.

use crate::format::{self, Document, ErrorKind, Library};
use crate::model::Course;
use crate::validate::{self, Severity};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `check`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub files: Vec<PathBuf>,
}

/// Checks every file and prints its problems; exit 0 clean, 1 problems, 2 a file unreadable.
pub fn run(args: &Args, out: &mut dyn Write) -> u8 {
    let mut code = super::OK;
    for path in &args.files {
        let report = check_file(path);
        for p in report.problems.iter().chain(&report.warnings) {
            let _ = writeln!(out, "{p}");
        }
        if report.unreadable {
            code = super::FAILED;
        } else if !report.problems.is_empty() {
            code = code.max(super::PROBLEMS);
        }
    }
    if code == super::OK {
        let _ = writeln!(out, "{} file(s) checked: no problems", args.files.len());
    }
    code
}

/// The outcome of checking one file.
#[derive(Debug, Default)]
pub struct FileReport {
    /// One line per problem, each naming the file.
    pub problems: Vec<String>,
    /// Lines worth reading that do not make the file fail (warnings of a course without errors).
    pub warnings: Vec<String>,
    /// The file could not be read at all (exit code 2).
    pub unreadable: bool,
}

/// Checks one tile or course file: that it loads, and for a course that every tile it names is
/// found and that it compiles into a board cleanly.
pub fn check_file(path: &Path) -> FileReport {
    let mut report = FileReport::default();
    match format::load_document(path) {
        Err(e) => {
            report.unreadable = e.kind == ErrorKind::Unreadable;
            report.problems.push(e.to_string());
        }
        Ok(Document::Tile(_)) => {}
        Ok(Document::Course(course)) => {
            let library = Library::for_file(path);
            let (lines, errors) = course_problems(&course, &library);
            let target = if errors {
                &mut report.problems
            } else {
                &mut report.warnings
            };
            target.extend(
                lines
                    .into_iter()
                    .map(|p| format!("{}: {p}", path.display())),
            );
        }
    }
    report
}

/// A course's problems as lines: every error and warning of `validate`, errors first.
/// Returns the lines and whether any of them is an error.
pub fn course_problems(course: &Course, library: &Library) -> (Vec<String>, bool) {
    let diagnostics = validate::validate(course, library);
    let lines = diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Advice)
        .map(|d| d.to_string())
        .collect();
    (lines, validate::has_errors(&diagnostics))
}
