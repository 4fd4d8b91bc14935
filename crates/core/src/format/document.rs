//! A tile or a course, whichever a file holds.

use super::course::course_from_str;
use super::error::LoadError;
use super::files::read_text;
use super::header::{TILE_FORMAT, sniff};
use super::tile::tile_from_str;
use std::path::Path;

/// What a file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Document {
    Tile(crate::model::Tile),
    Course(crate::model::Course),
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
