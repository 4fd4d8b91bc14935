//! Tiled maps in and out (issue 9): `import_file` reads a map (JSON or TMX) into a course and notes
//! what it could not map; `export_course` writes a course as a map. docs/tiled.md has the tables.

mod export;
mod import;
mod layers;
mod props;
mod read;
mod typed;

pub use export::export_course;
pub use import::Note;
pub use layers::LayerKind;
pub use read::{Prop, Props};
pub use typed::{Orient, TypedElement};

use crate::format::error::LoadError;
use crate::model::Course;
use std::path::{Path, PathBuf};

/// A map brought in: the course, and every square the import could not map.
#[derive(Clone, Debug)]
pub struct Imported {
    pub course: Course,
    pub notes: Vec<Note>,
    /// Every file the import read (the map and its tileset files): none may be the output.
    pub inputs: Vec<PathBuf>,
}

/// Imports a Tiled map file (`.json`, `.tmj` or `.tmx`; external tilesets are found relative to
/// the map). The map becomes a course holding one embedded tile of the map's size at [0, 0].
pub fn import_file(path: &Path) -> Result<Imported, LoadError> {
    let map = read::read_map(path)?;
    let mut inputs = vec![path.to_path_buf()];
    inputs.extend(map.includes.iter().cloned());
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (course, notes) = import::import_map(&map, &stem);
    Ok(Imported {
        course,
        notes,
        inputs,
    })
}

/// Imports a map from text. `file` names it in messages and gives the tile id; external tilesets
/// are looked for in `dir`.
pub fn import_str(file: &str, text: &str, dir: &Path) -> Result<Imported, LoadError> {
    let map = read::read_map_str(file, text, dir)?;
    let stem = Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let inputs = map.includes.clone();
    let (course, notes) = import::import_map(&map, &stem);
    Ok(Imported {
        course,
        notes,
        inputs,
    })
}
