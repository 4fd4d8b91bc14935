//! `factory-floor render`: reads a tile or course file and writes its picture as a PNG.

use crate::format::{Library, load_document, save_atomic};
use crate::render::render_document;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `render`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub file: PathBuf,
    /// Where to write the PNG.
    pub output: PathBuf,
    /// Pixels per square.
    pub scale: u32,
}

/// Renders the file; exit 0 written, 2 the file cannot be read, drawn or written.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match render_file(&args.file, &args.output, args.scale) {
        Ok(()) => {
            let _ = writeln!(out, "wrote {}", args.output.display());
            super::OK
        }
        Err(e) => {
            let _ = writeln!(err, "{e}");
            super::FAILED
        }
    }
}

/// Loads a tile or course file, draws it at `scale` pixels per square and writes the PNG to
/// `output` (atomically). Errors name the file they are about.
pub fn render_file(input: &Path, output: &Path, scale: u32) -> Result<(), String> {
    crate::format::refuse_input_as_output(output, &[input])?;
    let doc = load_document(input).map_err(|e| e.to_string())?;
    let png = render_document(&doc, &Library::for_file(input), scale)
        .map_err(|e| format!("{}: {e}", input.display()))?;
    save_atomic(output, &png).map_err(|e| format!("{}: cannot write: {e}", output.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures")
            .join(name)
    }

    #[test]
    fn render_file_writes_a_course_picture_and_names_files_it_cannot_read() {
        let dir = tempfile::tempdir().ok();
        let Some(dir) = dir else {
            panic!("no temp dir")
        };
        let out = dir.path().join("course.png");
        let result = render_file(&fixture("two_tiles_course.json"), &out, 10);
        assert_eq!(result, Ok(()));
        let bytes = std::fs::read(&out).unwrap_or_default();
        let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png);
        assert_eq!(img.map(|i| (i.width(), i.height())).ok(), Some((90, 40)));

        let text = std::fs::read_to_string(fixture("two_tiles_course.json")).unwrap_or_default();
        let unknown = dir.path().join("unknown.json");
        let written = std::fs::write(
            &unknown,
            text.replace("\"tile\": \"small\"", "\"tile\": \"nowhere\""),
        );
        assert!(written.is_ok());
        let err = render_file(&unknown, &out, 10).err().unwrap_or_default();
        assert!(
            err.contains("unknown.json") && err.contains("\"nowhere\""),
            "{err}"
        );

        let missing = dir.path().join("nothing.json");
        let err = render_file(&missing, &out, 10).err().unwrap_or_default();
        assert!(err.contains("nothing.json"), "{err}");
        let err = render_file(&fixture("every_element.json"), &out, 5000)
            .err()
            .unwrap_or_default();
        assert!(
            err.contains("every_element.json") && err.contains("too large"),
            "{err}"
        );
    }
}
