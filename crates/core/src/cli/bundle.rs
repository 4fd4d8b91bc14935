//! `factory-floor bundle`: writes a course with every tile it places embedded, one file that
//! opens on any machine with no library (issue 20 item 4).

use crate::format::{Document, Library, course_to_string, load_document, save_atomic};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `bundle`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    /// The course file.
    pub course: PathBuf,
    /// Where to write the bundle.
    pub output: PathBuf,
}

/// Whether two paths name one file (the output would overwrite the input).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Bundles the course; exit 0 written, 1 a tile the course places is found nowhere, 2 the course
/// cannot be read or the bundle written.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let course = match load_document(&args.course) {
        Ok(Document::Course(c)) => c,
        Ok(Document::Tile(_)) => {
            let _ = writeln!(
                err,
                "{}: this is a tile; bundle takes a course",
                args.course.display()
            );
            return super::FAILED;
        }
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return super::FAILED;
        }
    };
    if same_file(&args.course, &args.output) {
        let _ = writeln!(
            err,
            "{}: the bundle would overwrite the course it is made from; give another -o",
            args.output.display()
        );
        return super::FAILED;
    }
    let library = Library::for_file(&args.course);
    let tiles = library.tile_files(&course);
    let inputs: Vec<&std::path::Path> = tiles.iter().map(|p| p.as_path()).collect();
    if let Err(e) = crate::format::refuse_input_as_output(&args.output, &inputs) {
        let _ = writeln!(err, "{e}");
        return super::FAILED;
    }
    for note in library.resolution_notes(&course) {
        let _ = writeln!(out, "{}: {note}", args.course.display());
    }
    let bundled = match library.bundle(&course) {
        Ok(b) => b,
        Err(missing) => {
            let _ = writeln!(
                err,
                "{}: tile(s) {} found neither in the course, beside it, in your library ({}) nor built in",
                args.course.display(),
                missing
                    .iter()
                    .map(|id| format!("\"{}\"", id.escape_debug()))
                    .collect::<Vec<_>>()
                    .join(", "),
                crate::format::library::user_library_dir()
                    .map_or_else(|| "none".to_string(), |d| d.display().to_string())
            );
            return super::PROBLEMS;
        }
    };
    if let Err(e) = save_atomic(&args.output, course_to_string(&bundled)) {
        let _ = writeln!(err, "{}: cannot write: {e}", args.output.display());
        return super::FAILED;
    }
    let _ = writeln!(
        out,
        "wrote {}: course \"{}\" with its {} tile(s) embedded",
        args.output.display(),
        bundled.name,
        bundled.embedded.len()
    );
    super::OK
}
