//! Tile and course files on disk: versioned JSON in a canonical layout, exact round trips, errors
//! that name the file, line and column, and atomic saves.

pub mod course;
pub mod json;
pub mod library;
pub mod locate;
pub mod schema;
pub mod tile;

use locate::JsonPath;
use serde::Deserialize;
use std::fmt;
use std::io::{Read, Write};
use std::path::Path;

pub use course::{course_from_str, course_to_string};
pub use library::Library;
pub use tile::{tile_from_str, tile_to_string};

/// The version of both file formats this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;
pub const TILE_FORMAT: &str = "factory-floor/tile";
pub const COURSE_FORMAT: &str = "factory-floor/course";
/// Files larger than this are refused before they are read: no tile or course comes near it.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// Why a file could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read as JSON of our formats at all (I/O, encoding, syntax, types).
    Unreadable,
    /// The file is well-formed but describes something the model does not allow.
    Invalid,
}

/// A problem with a file, with the place in it where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub kind: ErrorKind,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for LoadError {}

/// A problem found after parsing, at a path in the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub path: JsonPath,
    pub message: String,
}

impl Invalid {
    pub fn new(path: JsonPath, message: impl Into<String>) -> Invalid {
        Invalid {
            path,
            message: message.into(),
        }
    }

    pub(crate) fn into_load_error(self, file: &str, text: &str) -> LoadError {
        let (line, column) = locate::locate(text, &self.path);
        LoadError {
            file: file.to_string(),
            line,
            column,
            message: self.message,
            kind: ErrorKind::Invalid,
        }
    }
}

fn io_error(file: &str, message: String) -> LoadError {
    LoadError {
        file: file.to_string(),
        line: 0,
        column: 0,
        message,
        kind: ErrorKind::Unreadable,
    }
}

/// Turns a serde_json error into our error, in words a designer can follow.
pub(crate) fn syntax_error(file: &str, err: &serde_json::Error) -> LoadError {
    let raw = err.to_string();
    // serde_json appends " at line L column C"; we print the position ourselves.
    let text = raw
        .rsplit_once(" at line ")
        .map_or(raw.as_str(), |(m, _)| m);
    let message = if let Some(rest) = text.strip_prefix("unknown field ") {
        let field = rest.split(',').next().unwrap_or(rest);
        let expected = rest.split_once("expected ").map(|(_, e)| e).unwrap_or("");
        format!(
            "unknown field {field}: this field is not part of the format (allowed here: {expected})"
        )
    } else if text.starts_with("EOF while parsing") {
        format!("the file ends too early ({text}): it looks truncated")
    } else if text.starts_with("recursion limit exceeded") {
        "the JSON is nested too deeply to be a tile or course".to_string()
    } else if let Some(rest) = text.strip_prefix("missing field ") {
        format!("missing field {rest}: this field is required")
    } else {
        text.to_string()
    };
    LoadError {
        file: file.to_string(),
        line: err.line(),
        column: err.column(),
        message,
        kind: ErrorKind::Unreadable,
    }
}

/// Decodes file bytes as UTF-8, reporting the line and column of the first bad byte.
pub fn decode_utf8(file: &str, bytes: Vec<u8>) -> Result<String, LoadError> {
    String::from_utf8(bytes).map_err(|e| {
        let pos = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let (line, column) = locate::line_col(&String::from_utf8_lossy(&bytes[..pos]), pos);
        LoadError {
            file: file.to_string(),
            line,
            column,
            message: "the file is not UTF-8 text: tiles and courses are UTF-8 JSON".to_string(),
            kind: ErrorKind::Unreadable,
        }
    })
}

/// Reads a file as text, refusing anything larger than `MAX_FILE_BYTES` without reading it all.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let file = path.display().to_string();
    let f = std::fs::File::open(path).map_err(|e| io_error(&file, format!("cannot open: {e}")))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(&file, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(io_error(
            &file,
            format!(
                "the file is larger than {} MiB, far more than any tile or course",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        ));
    }
    decode_utf8(&file, bytes)
}

/// The `format` and `version` every file starts with.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

/// What a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Document {
    Tile(crate::model::Tile),
    Course(crate::model::Course),
}

/// Which of our formats a text claims to be, checking its version. Syntax errors come out here.
pub fn sniff(file: &str, text: &str) -> Result<&'static str, LoadError> {
    let header: Header = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            LoadError {
                message: "expected a JSON object with a \"format\" field (a tile or a course)"
                    .to_string(),
                ..syntax_error(file, &e)
            }
        } else {
            syntax_error(file, &e)
        }
    })?;
    let at = |key: &str| locate::locate(text, &JsonPath::root().key(key));
    let unreadable = |(line, column): (usize, usize), message: String| LoadError {
        file: file.to_string(),
        line,
        column,
        message,
        kind: ErrorKind::Unreadable,
    };
    let format = match header.format.as_ref().and_then(|f| f.as_str()) {
        Some(TILE_FORMAT) => TILE_FORMAT,
        Some(COURSE_FORMAT) => COURSE_FORMAT,
        Some(other) => {
            return Err(unreadable(
                at("format"),
                format!(
                    "format \"{other}\" is not one this program reads: expected \"{TILE_FORMAT}\" or \"{COURSE_FORMAT}\""
                ),
            ));
        }
        None => {
            return Err(unreadable(
                (1, 1),
                format!(
                    "no \"format\" field: a tile file says \"format\": \"{TILE_FORMAT}\", a course \"{COURSE_FORMAT}\""
                ),
            ));
        }
    };
    match header.version.as_ref().and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(FORMAT_VERSION) => Ok(format),
        Some(v) => Err(unreadable(
            at("version"),
            format!(
                "this file is format version {v}, but this build of factory-floor reads version {FORMAT_VERSION}"
            ),
        )),
        None => Err(unreadable(
            at("version"),
            format!(
                "the \"version\" field is missing or not a whole number: it must be {FORMAT_VERSION}"
            ),
        )),
    }
}

/// Parses a tile or course from text. `file` is only used in messages.
pub fn document_from_str(file: &str, text: &str) -> Result<Document, LoadError> {
    match sniff(file, text)? {
        TILE_FORMAT => tile_from_str(file, text).map(Document::Tile),
        _ => course_from_str(file, text).map(Document::Course),
    }
}

/// Loads a tile or course file.
pub fn load_document(path: &Path) -> Result<Document, LoadError> {
    let text = read_text(path)?;
    document_from_str(&path.display().to_string(), &text)
}

/// Writes `contents` next to `path` and renames it into place, so that a crash mid-save never
/// leaves a half-written file where the user's work was.
pub fn save_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Parses `text` as `T`, turning serde errors into ours.
fn parse<'a, T: Deserialize<'a>>(file: &str, text: &'a str) -> Result<T, LoadError> {
    serde_json::from_str(text).map_err(|e| syntax_error(file, &e))
}
