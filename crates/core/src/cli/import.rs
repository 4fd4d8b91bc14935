//! `factory-floor import`: reads a Tiled map and writes it as a course with the map as one
//! embedded tile, naming every square it could not map.

use crate::format::{
    course_to_string, escape_control, refuse_input_as_output, save_atomic, shown, tiled,
};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `import`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    /// The Tiled map (.json, .tmj or .tmx).
    pub file: PathBuf,
    /// Where to write the course.
    pub output: PathBuf,
}

/// Imports the map; exit 0 written, 2 the map cannot be read or the course written.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let imported = match tiled::import_file(&args.file) {
        Ok(i) => i,
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return super::FAILED;
        }
    };
    // `import MAP -o MAP` (or -o one of its tilesets) would destroy the map before it could
    // be imported again: refused, the input left as it was.
    let inputs: Vec<&Path> = imported.inputs.iter().map(PathBuf::as_path).collect();
    if let Err(e) = refuse_input_as_output(&args.output, &inputs) {
        let _ = writeln!(err, "{e}");
        return super::FAILED;
    }
    let file = escape_control(&args.file.display().to_string()).into_owned();
    for note in &imported.notes {
        let _ = writeln!(out, "{file}: {}", escape_control(&note.to_string()));
    }
    if let Err(e) = save_atomic(&args.output, course_to_string(&imported.course)) {
        let _ = writeln!(err, "{}: cannot write: {e}", args.output.display());
        return super::FAILED;
    }
    let c = &imported.course;
    let (w, h) = c
        .embedded
        .first()
        .map_or((0, 0), |t| (t.width(), t.height()));
    let _ = writeln!(
        out,
        "wrote {}: course \"{}\", {w} x {h} squares, {} flag(s), {} thing(s) reported above",
        args.output.display(),
        shown(&c.name),
        c.flags.len(),
        imported.notes.len()
    );
    super::OK
}
