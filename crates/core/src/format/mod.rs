//! Tile and course files on disk: versioned JSON in a canonical layout, exact round trips, errors
//! that name the file, line and column, and atomic saves.

pub mod course;
pub mod json;
pub mod library;
pub mod locate;
pub mod schema;
pub mod tile;
pub mod tiled;

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

/// The prefixes of the messages serde itself writes for data errors. Any other data error comes from
/// our own readers (a phase 6, a laser with 4 beams, a rotation of 45): a value the model refuses.
const SERDE_DATA_PREFIXES: [&str; 7] = [
    "invalid type",
    "invalid value",
    "invalid length",
    "unknown variant",
    "unknown field",
    "missing field",
    "duplicate field",
];

/// Turns a serde_json error into our error, in words a designer can follow.
pub(crate) fn syntax_error(file: &str, err: &serde_json::Error) -> LoadError {
    let raw = err.to_string();
    // serde_json appends " at line L column C"; we print the position ourselves.
    let text = raw
        .rsplit_once(" at line ")
        .map_or(raw.as_str(), |(m, _)| m);
    // A value our own readers refuse is a broken rule (exit 1), like a width of 0; everything
    // else serde reports means the text is not a tile or course at all (exit 2).
    let kind = if err.is_data() && !SERDE_DATA_PREFIXES.iter().any(|p| text.starts_with(p)) {
        ErrorKind::Invalid
    } else {
        ErrorKind::Unreadable
    };
    LoadError {
        file: file.to_string(),
        line: err.line(),
        // serde_json counts the position before a line's first character as column 0.
        column: err.column().max(1),
        message: plain_words(&shorten_quoted(text)),
        kind,
    }
}

/// Cuts every `quoted` part of a serde message to its first 40 characters: serde quotes the
/// unknown field or value whole, and a hostile file can make that megabytes long.
fn shorten_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(1024));
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let quoted = i % 2 == 1;
        if quoted && part.chars().count() > 40 {
            out.extend(part.chars().take(40));
            out.push_str("...");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Rewrites serde_json's messages, which speak of Rust types, in the words of the file format.
fn plain_words(text: &str) -> String {
    if let Some(rest) = text.strip_prefix("unknown field ") {
        let field = rest.split(',').next().unwrap_or(rest);
        let expected = rest.split_once("expected ").map(|(_, e)| e).unwrap_or("");
        return format!(
            "unknown field {field}: this field is not part of the format (allowed here: {expected})"
        );
    }
    if let Some(rest) = text.strip_prefix("unknown variant ") {
        let (value, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!("{value} is not a value this field takes: expected {expected}");
    }
    if let Some(rest) = text.strip_prefix("missing field ") {
        return format!("missing field {rest}: this field is required");
    }
    if let Some(rest) = text.strip_prefix("duplicate field ") {
        return format!("the field {rest} is given twice in the same object");
    }
    if let Some(rest) = text.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!(
            "found {} where {} was expected",
            found_words(found),
            expected_words(expected)
        );
    }
    if let Some(rest) = text.strip_prefix("invalid value: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!(
            "{} is out of range here: expected {}",
            found_words(found),
            expected_words(expected)
        );
    }
    if let Some(rest) = text.strip_prefix("invalid length ") {
        let (count, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return format!(
            "this list has {count} item(s), but {} was expected",
            expected_words(expected)
        );
    }
    if text.starts_with("EOF while parsing") {
        return format!("the file ends too early ({text}): it looks truncated");
    }
    if text.starts_with("recursion limit exceeded") {
        return "the JSON is nested too deeply to be a tile or course".to_string();
    }
    if text.starts_with("control character") {
        return "a line break or control character inside a string: is a closing quote missing?"
            .to_string();
    }
    match text {
        "expected value" => {
            "this is not JSON: expected a value here (an object {...}, a list [...], \"text\", a number, true, false or null)".to_string()
        }
        "expected `,` or `}`" => {
            "expected `,` or `}`: is a comma missing between two fields, or a closing brace?"
                .to_string()
        }
        "expected `,` or `]`" => {
            "expected `,` or `]`: is a comma missing between two items, or a closing bracket?"
                .to_string()
        }
        "key must be a string" => "a field name must be written in double quotes".to_string(),
        "trailing characters" => {
            "there is more text after the end of the JSON object: only one object per file"
                .to_string()
        }
        _ => text.to_string(),
    }
}

/// serde's description of a value it did not expect (`floating point `2.5``), in format words.
fn found_words(found: &str) -> String {
    let unquote = |s: &str| s.trim_matches('`').to_string();
    if let Some(n) = found
        .strip_prefix("floating point ")
        .or_else(|| found.strip_prefix("integer "))
    {
        format!("the number {}", unquote(n))
    } else if let Some(s) = found.strip_prefix("string ") {
        // serde quotes the whole string; a hostile file can make it megabytes long.
        if s.chars().count() > 42 {
            format!("the text {}...\"", s.chars().take(41).collect::<String>())
        } else {
            format!("the text {s}")
        }
    } else if let Some(b) = found.strip_prefix("boolean ") {
        unquote(b)
    } else {
        match found {
            "sequence" => "a list".to_string(),
            "map" => "an object".to_string(),
            other => other.to_string(),
        }
    }
}

/// serde's description of what it expected (`i64`, `struct TileFile`), in format words.
fn expected_words(expected: &str) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".to_string(),
        "u16" => "a whole number from 0 to 65535".to_string(),
        "u32" => "a whole number from 0 to 4294967295".to_string(),
        "i32" => "a whole number from -2147483648 to 2147483647".to_string(),
        "i64" | "u64" => "a whole number".to_string(),
        "a string" => "text in double quotes".to_string(),
        "a sequence" => "a list [...]".to_string(),
        "a boolean" => "true or false".to_string(),
        "an array of length 2" => "a list of 2 numbers, [x, y],".to_string(),
        other if other.starts_with("struct ") || other.starts_with("a map") => {
            "an object {...}".to_string()
        }
        other if other.starts_with("enum ") => "one of the names this field takes".to_string(),
        other => other.to_string(),
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
    if text.trim().is_empty() {
        return Err(LoadError {
            file: file.to_string(),
            line: 1,
            column: 1,
            message: "the file is empty: a tile or course is a JSON object, { ... }".to_string(),
            kind: ErrorKind::Unreadable,
        });
    }
    let header: Header = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            // The header's fields take any JSON, so a data error here is about the whole
            // document's shape: point at its start, not where serde gave up.
            let (line, column) = locate::locate(text, &JsonPath::root());
            LoadError {
                file: file.to_string(),
                line,
                column,
                message: "expected a JSON object with a \"format\" field (a tile or a course)"
                    .to_string(),
                kind: ErrorKind::Unreadable,
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
            // A hostile file may hold megabytes here: quote only the start.
            let shown: String = other.chars().take(40).collect();
            let more = if shown.len() < other.len() { "..." } else { "" };
            return Err(unreadable(
                at("format"),
                format!(
                    "format \"{shown}{more}\" is not one this program reads: expected \"{TILE_FORMAT}\" or \"{COURSE_FORMAT}\""
                ),
            ));
        }
        None if header.format.is_some() => {
            return Err(unreadable(
                at("format"),
                format!(
                    "the \"format\" field is not text: a tile file says \"format\": \"{TILE_FORMAT}\", a course \"{COURSE_FORMAT}\""
                ),
            ));
        }
        None => {
            return Err(unreadable(
                locate::locate(text, &JsonPath::root()),
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
pub fn save_atomic(path: &Path, contents: impl AsRef<[u8]>) -> std::io::Result<()> {
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
        f.write_all(contents.as_ref())?;
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
