//! The `format` and `version` every file starts with: which of our formats a text claims to be,
//! and the one parse that turns serde's errors into ours.

use super::error::{ErrorKind, LoadError, syntax_error};
use super::locate::{self, JsonPath};
use serde::Deserialize;

/// The version of both file formats this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;
pub const TILE_FORMAT: &str = "factory-floor/tile";
pub const COURSE_FORMAT: &str = "factory-floor/course";

/// The `format` and `version` every file starts with.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
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
            syntax_error(file, text, &e)
        }
    })?;
    // The text is JSON now; a key given twice anywhere in it is refused before any reader
    // quietly keeps one of the two values.
    super::json::check_duplicate_keys(file, text)?;
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

/// Whether `text` is JSON whose `format` says it is a tile, without the checks `sniff` makes (a
/// file this says no to never reads as a tile; one it says yes to may still be refused). The
/// error of a text that is no JSON at all (cut short, say); JSON that is no object is no tile.
pub(super) fn claims_tile(text: &str) -> Result<bool, serde_json::Error> {
    match serde_json::from_str::<Header>(text) {
        Ok(h) => Ok(h.format.as_ref().and_then(|f| f.as_str()) == Some(TILE_FORMAT)),
        Err(e) if e.is_data() => Ok(false),
        Err(e) => Err(e),
    }
}

/// Parses `text` as `T`, turning serde errors into ours.
pub(super) fn parse<'a, T: Deserialize<'a>>(file: &str, text: &'a str) -> Result<T, LoadError> {
    serde_json::from_str(text).map_err(|e| syntax_error(file, text, &e))
}
