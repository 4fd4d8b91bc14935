//! Tiled fixtures (tests/fixtures/tiled/, drawn by make_fixtures.py there) and what their imports
//! hold: the tile, its belts, and the notes on what could not be mapped.

use factory_floor::format::tiled::{Imported, Note, import_file};
use factory_floor::geom::{Facing, Sides, Square};
use factory_floor::model::{Flow, FlowKind, Tile};
use std::path::PathBuf;

/// A file of tests/fixtures/tiled/.
pub fn fixture(name: &str) -> PathBuf {
    super::path("tests/fixtures/tiled").join(name)
}

/// The import of a fixture; a fixture that does not import fails the test.
pub fn import(name: &str) -> Imported {
    match import_file(&fixture(name)) {
        Ok(i) => i,
        Err(e) => panic!("{name} did not import: {e}"),
    }
}

/// The one tile an import embeds.
pub fn tile(i: &Imported) -> &Tile {
    match i.course.embedded.first() {
        Some(t) => t,
        None => panic!("the import has no tile"),
    }
}

/// The belt or current on (x, y) of a tile.
pub fn flow(t: &Tile, x: i32, y: i32) -> Option<Flow> {
    t.square(Square::new(x, y)).and_then(|s| s.flow)
}

pub fn sides(list: &[Facing]) -> Sides {
    list.iter().copied().collect()
}

/// A flow of `kind` running out `out`, fed from `entries`.
pub fn belt(kind: FlowKind, out: Facing, entries: &[Facing]) -> Option<Flow> {
    Some(Flow {
        kind,
        out,
        entries: sides(entries),
    })
}

/// The notes of an import, one a line, for a failure message.
pub fn notes_text(notes: &[Note]) -> String {
    notes
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
