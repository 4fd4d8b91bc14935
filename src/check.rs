//! `factory-floor check`: load tiles and courses and report every problem, without a window.

use crate::format::{self, Document, ErrorKind, Library};
use crate::model::{CompileProblem, Course};
use std::path::Path;

/// The outcome of checking one file.
#[derive(Debug, Default)]
pub struct FileReport {
    /// One line per problem, each naming the file.
    pub problems: Vec<String>,
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
            for p in course_problems(&course, &library) {
                report.problems.push(format!("{}: {p}", path.display()));
            }
        }
    }
    report
}

/// The structural problems of a course: tiles not found, overlaps, flags and starts off the board.
pub fn course_problems(course: &Course, library: &Library) -> Vec<String> {
    let board = course.compile(library);
    let mut problems: Vec<String> = board.problems.iter().map(CompileProblem::message).collect();
    if course.placements.is_empty() {
        problems.push("the course places no tiles".to_string());
    }
    let mut numbers: Vec<u32> = course.flags.iter().map(|f| f.number).collect();
    numbers.sort_unstable();
    // One line per repeated number, however often it repeats.
    for (i, pair) in numbers.windows(2).enumerate() {
        let first_repeat = i == 0 || numbers[i - 1] != pair[0];
        if pair[0] == pair[1] && first_repeat {
            problems.push(format!("flag {} is placed more than once", pair[0]));
        }
    }
    numbers.dedup();
    for (i, n) in numbers.iter().enumerate() {
        if *n != i as u32 + 1 {
            problems.push(format!(
                "flags must be numbered 1 to {} without gaps, but flag {} is missing",
                numbers.len(),
                i + 1
            ));
            break;
        }
    }
    if numbers.is_empty() {
        problems.push("the course has no flags".to_string());
    }
    for f in &course.flags {
        if !board.is_on_board(f.at) {
            problems.push(format!("flag {} at {} is not on any tile", f.number, f.at));
        }
    }
    match course.start {
        crate::model::StartRule::Archive(s) => {
            if !board.is_on_board(s) {
                problems.push(format!("the start square {s} is not on any tile"));
            }
        }
        crate::model::StartRule::Numbered => {
            if board.start_squares().is_empty() {
                problems.push(
                    "the course uses numbered starts but no placed tile has a start square"
                        .to_string(),
                );
            }
        }
    }
    problems
}
