//! Tile and course files on disk: versioned JSON in a canonical layout, exact round trips, errors
//! that name the file, line and column, and atomic saves.

pub mod course;
mod document;
mod error;
mod files;
mod header;
pub mod json;
pub mod library;
pub mod locate;
pub mod schema;
pub mod tile;
pub mod tiled;
pub mod words;

pub use course::{course_from_str, course_to_string};
pub use document::{
    Document, document_from_str, fix_course_for_save, fix_tile_for_save, load_document,
};
pub(crate) use error::syntax_error;
pub use error::{ErrorKind, Invalid, LoadError, escape_control, shown, unseen};
pub use files::{
    MAX_FILE_BYTES, decode_utf8, read_text, refuse_input_as_output, same_file, save_atomic,
    save_atomic_with,
};
pub use header::{COURSE_FORMAT, FORMAT_VERSION, TILE_FORMAT, sniff};
pub use library::Library;
pub use tile::{tile_from_str, tile_to_string};
