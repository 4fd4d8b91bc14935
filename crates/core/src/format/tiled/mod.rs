//! Tiled maps in and out (issue 9): `import_file` reads a Tiled map (JSON or TMX) into a course,
//! listing square by square what it could not map; `export_course` writes a course as a Tiled JSON
//! map in the typed-property convention with its tileset embedded. docs/tiled.md has the tables.

mod export;
mod import;
mod read;

pub use export::export_course;
pub use import::LayerKind;
pub use read::{Prop, Props};

use super::LoadError;
use crate::geom::{Facing, Square};
use crate::model::Course;
use std::fmt;
use std::path::Path;

/// Something in the map that the import could not carry over, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The layer it is drawn on (empty when it concerns the map as a whole).
    pub layer: String,
    pub at: Option<Square>,
    /// The global tile id, flip bits removed.
    pub gid: Option<u32>,
    /// The tile's class (type), or what the note is about.
    pub what: String,
    pub why: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.layer.is_empty() {
            write!(f, "layer \"{}\", ", self.layer)?;
        }
        if let Some(at) = self.at {
            write!(f, "square {at}, ")?;
        }
        if let Some(gid) = self.gid {
            write!(f, "gid {gid}, ")?;
        }
        if !self.what.is_empty() {
            write!(f, "{}: ", self.what)?;
        }
        f.write_str(&self.why)
    }
}

/// A tile's class and custom properties: what the typed-property convention says it is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypedElement {
    pub class: String,
    pub props: Props,
}

/// The flip bits of a global tile id. Tiled flips diagonally first, then horizontally, then
/// vertically; a quarter turn clockwise is diagonal + horizontal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orient {
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
}

impl Orient {
    pub const H: u32 = 0x8000_0000;
    pub const V: u32 = 0x4000_0000;
    pub const D: u32 = 0x2000_0000;

    pub fn from_gid(gid: u32) -> Orient {
        Orient {
            horizontal: gid & Orient::H != 0,
            vertical: gid & Orient::V != 0,
            diagonal: gid & Orient::D != 0,
        }
    }

    /// The flip bits that turn a picture drawn facing north to face `f`.
    pub fn bits_for(f: Facing) -> u32 {
        match f {
            Facing::N => 0,
            Facing::E => Orient::H | Orient::D,
            Facing::S => Orient::H | Orient::V,
            Facing::W => Orient::V | Orient::D,
        }
    }

    /// Where a direction of the picture points once the tile is flipped.
    pub fn face(self, f: Facing) -> Facing {
        let mut f = f;
        if self.diagonal {
            f = match f {
                Facing::N => Facing::W,
                Facing::W => Facing::N,
                Facing::E => Facing::S,
                Facing::S => Facing::E,
            };
        }
        if self.horizontal && matches!(f, Facing::E | Facing::W) {
            f = f.opposite();
        }
        if self.vertical && matches!(f, Facing::N | Facing::S) {
            f = f.opposite();
        }
        f
    }

    /// A mirror image (an odd number of flips): turns go the other way.
    pub fn mirrored(self) -> bool {
        (u8::from(self.horizontal) + u8::from(self.vertical) + u8::from(self.diagonal)) % 2 == 1
    }
}

/// A map brought in: the course, and every square the import could not map.
#[derive(Clone, Debug)]
pub struct Imported {
    pub course: Course,
    pub notes: Vec<Note>,
}

/// Imports a Tiled map file (`.json`, `.tmj` or `.tmx`; external tilesets are found relative to
/// the map). The map becomes a course holding one embedded tile of the map's size at [0, 0].
pub fn import_file(path: &Path) -> Result<Imported, LoadError> {
    let map = read::read_map(path)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (course, notes) = import::import_map(&map, &stem);
    Ok(Imported { course, notes })
}

/// Imports a map from text. `file` names it in messages and gives the tile id; external tilesets
/// are looked for in `dir`.
pub fn import_str(file: &str, text: &str, dir: &Path) -> Result<Imported, LoadError> {
    let map = read::read_map_str(file, text, dir)?;
    let stem = Path::new(file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (course, notes) = import::import_map(&map, &stem);
    Ok(Imported { course, notes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turns_are_diagonal_and_horizontal_flips() {
        for f in Facing::ALL {
            let o = Orient::from_gid(Orient::bits_for(f));
            assert_eq!(o.face(Facing::N), f);
            assert!(!o.mirrored());
            // Every direction turns with the picture.
            for g in Facing::ALL {
                assert_eq!(
                    o.face(g),
                    g.rotated(crate::geom::Rotation::from_quarter_turns(f.index() as u8))
                );
            }
        }
        let h = Orient::from_gid(Orient::H);
        assert!(h.mirrored());
        assert_eq!(h.face(Facing::E), Facing::W);
        assert_eq!(h.face(Facing::N), Facing::N);
    }
}
