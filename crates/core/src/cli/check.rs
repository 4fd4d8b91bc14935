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
            // A tile file beside the course that cannot be read is not used: a tile of its id
            // from elsewhere (the built-in one) would stand in for it without a word.
            report.problems.extend(
                library
                    .errors
                    .iter()
                    .map(|e| format!("{}: a file beside it is not read: {e}", path.display())),
            );
            // Which copy of a tile the course takes from the library where two differ
            // (docs/formats.md); a tile the course embeds is its own, whatever lies beside it.
            report.warnings.extend(
                library
                    .resolution_notes(&course)
                    .iter()
                    .filter(|n| !course.embedded.iter().any(|t| t.id == n.id))
                    .map(|n| format!("{}: {n}", path.display())),
            );
            // Each problem with the line of the flag, start or tile it is about, like a syntax
            // error (the file was read a moment ago; if it cannot be read again, without lines).
            let text = std::fs::read_to_string(path).ok();
            let (lines, errors) = placed_problems(&course, &library, text.as_deref());
            let target = if errors {
                &mut report.problems
            } else {
                &mut report.warnings
            };
            target.extend(lines.into_iter().map(|(place, p)| match place {
                Some((line, column)) => format!("{}:{line}:{column}: {p}", path.display()),
                None => format!("{}: {p}", path.display()),
            }));
        }
    }
    report
}

/// A course's problems as lines: every error and warning of `validate`, errors first.
/// Returns the lines and whether any of them is an error.
pub fn course_problems(course: &Course, library: &Library) -> (Vec<String>, bool) {
    let (lines, errors) = placed_problems(course, library, None);
    (lines.into_iter().map(|(_, line)| line).collect(), errors)
}

/// A problem's line, with the line and column of the course file's entry it is about, if any.
type Placed = (Option<(usize, usize)>, String);

/// `course_problems`, each with the line and column of the entry of the course file `text` (when
/// given) it is about (`format::course::course_place`), where there is one.
fn placed_problems(course: &Course, library: &Library, text: Option<&str>) -> (Vec<Placed>, bool) {
    let diagnostics = validate::validate(course, library);
    let lines = diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Advice)
        .map(|d| {
            let place =
                text.and_then(|t| format::course::course_place(t, course, &d.squares, &d.tiles));
            (place, d.to_string())
        })
        .collect();
    (lines, validate::has_errors(&diagnostics))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_file_beside_a_course_that_cannot_be_read_is_a_problem_naming_it_and_its_line() {
        // A tile cut short beside the course is not read; a built-in tile of its id would
        // stand in for it without a word. The course itself is clean.
        let Ok(dir) = tempfile::tempdir() else {
            panic!("no temp dir")
        };
        let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/first-steps.json");
        let courses = dir.path().join("courses");
        let tiles = dir.path().join("tiles");
        assert!(std::fs::create_dir_all(&courses).is_ok() && std::fs::create_dir(&tiles).is_ok());
        let course = courses.join("c.json");
        assert!(std::fs::copy(&sample, &course).is_ok());
        let clean = check_file(&course);
        assert!(clean.problems.is_empty(), "{:?}", clean.problems);
        let cut = "{\n  \"format\": \"factory-floor/tile\",\n  \"version\": 1,\n  \"id\": \"gear";
        assert!(std::fs::write(tiles.join("mine.json"), cut).is_ok());
        let report = check_file(&course);
        assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
        assert!(
            !report.warnings.iter().any(|w| w.contains("differs")),
            "{:?}",
            report.warnings
        );
        let line = &report.problems[0];
        assert!(
            line.contains("c.json: a file beside it is not read: ")
                && line.contains("mine.json:4:"),
            "{line}"
        );
        assert!(!report.unreadable);
    }

    #[test]
    fn check_says_which_copy_of_a_tile_a_course_uses_where_two_differ() {
        // docs/formats.md: the course folder's copy over the built-in one, and check says so.
        let Ok(dir) = tempfile::tempdir() else {
            panic!("no temp dir")
        };
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let course = dir.path().join("c.json");
        assert!(std::fs::copy(root.join("courses/first-steps.json"), &course).is_ok());
        let Ok(crate::format::Document::Course(c)) = format::load_document(&course) else {
            panic!("first-steps is no course")
        };
        let Some(id) = c.placements.first().map(|p| p.tile.clone()) else {
            panic!("no tile placed")
        };
        let Some(mut tile) = Library::builtin().entry(&id).map(|t| t.tile.clone()) else {
            panic!("{id} is not built in")
        };
        tile.description = "changed beside the course".to_string();
        let text = crate::format::tile_to_string(&tile);
        assert!(std::fs::write(dir.path().join("mine.json"), text).is_ok());
        let report = check_file(&course);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert!(
            report.warnings.iter().any(|w| w
                .contains(&format!("tile \"{id}\": used the copy beside the course"))
                && w.contains("; the built-in copy")
                && w.contains("differs")),
            "{:?}",
            report.warnings
        );
    }

    /// First Steps with `from` replaced by `to`, written as `c.json` in a temporary folder: the
    /// folder (kept while it is in use), the file and its text.
    fn first_steps_with(from: &str, to: &str) -> (tempfile::TempDir, PathBuf, String) {
        let Ok(dir) = tempfile::tempdir() else {
            panic!("no temp dir")
        };
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let Ok(text) = std::fs::read_to_string(root.join("courses/first-steps.json")) else {
            panic!("no first-steps")
        };
        let edited = text.replace(from, to);
        assert_ne!(edited, text, "{from} is not in first-steps");
        let course = dir.path().join("c.json");
        assert!(std::fs::write(&course, &edited).is_ok());
        (dir, course, edited)
    }

    #[test]
    fn a_problem_with_a_flag_or_the_start_names_the_line_where_the_file_writes_it() {
        // Bad input gets a message naming the file, the line and what is wrong (README): a
        // flag stacked on another is written down on a line of the course file, as is the
        // archive start; a problem inside a tile's own drawing has no line of the course file.
        // Flag 2 moved onto flag 1's square, on its own line of the file.
        let (_dir, course, stacked) = first_steps_with(
            "{\"number\": 2, \"at\": [2, 10]}",
            "{\"number\": 2, \"at\": [9, 1]}",
        );
        let Some(line) = stacked.lines().position(|l| l.contains("\"number\": 2")) else {
            panic!("no flag 2")
        };
        let report = check_file(&course);
        let Some(problem) = report
            .problems
            .iter()
            .find(|p| p.contains("[flags-on-one-square]"))
        else {
            panic!("{:?}", report.problems)
        };
        // The entry of the first flag on the square: flag 1, the line before flag 2's.
        assert!(
            problem.contains(&format!("c.json:{}:", line)),
            "{problem} (flag 2 on line {})",
            line + 1
        );
        // The course's belts that run off the board are drawn in the tile: no course line.
        assert!(
            report
                .warnings
                .iter()
                .filter(|w| w.contains("[belt-off-board]"))
                .all(|w| w.contains("c.json: warning")),
            "{:?}",
            report.warnings
        );
        // validate's text and JSON carry the same line.
        let result = super::super::validate::validate_file(&course);
        let report = crate::validate::command::render_text(&course, &result);
        assert!(
            report.contains(&format!("  line {line}: error [flags-on-one-square]")),
            "{report}"
        );
        let json = crate::validate::command::render_json(&course, &result);
        let first = json["diagnostics"]
            .as_array()
            .and_then(|d| d.iter().find(|d| d["rule"] == "flags-on-one-square"))
            .map(|d| (d["line"].as_u64(), d["column"].as_u64()));
        assert!(
            matches!(first, Some((Some(l), Some(c))) if l == line as u64 && c > 1),
            "{first:?}"
        );
    }

    #[test]
    fn a_line_break_or_a_bidi_mark_in_a_course_name_never_makes_a_line_of_the_report() {
        // A name may say anything; the report's lines are its own. Found by fuzzing: a name
        // ending in "\n<another file> (...): valid" printed a verdict for a file never read.
        let (_dir, course, _) = first_steps_with(
            "\"name\": \"First Steps\"",
            "\"name\": \"First\\nother.json (\\\"x\\\"): valid\\t\\u202eSteps\"",
        );
        let result = super::super::validate::validate_file(&course);
        let report = crate::validate::command::render_text(&course, &result);
        let Some(head) = report.lines().next() else {
            panic!("no report")
        };
        assert!(
            head.contains("First\\nother.json") && head.contains("\\t\\u{202e}Steps"),
            "{head}"
        );
        assert!(
            !report.lines().any(|l| l.starts_with("other.json")),
            "{report}"
        );
    }
}
