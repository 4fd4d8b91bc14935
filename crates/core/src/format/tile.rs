//! The tile file: a header, the tile's size, one line per square that is not open floor and one
//! line per square side that carries a wall or a mount.

use super::error::{Invalid, LoadError};
use super::header::{FORMAT_VERSION, TILE_FORMAT, parse, sniff};
use super::json::to_canonical_string;
use super::locate::JsonPath;
use crate::geom::{Facing, Square};
use crate::model::element::{
    Barrier, Device, EdgeSpec, Floor, Flow, Level, Mount, Phases, Spin, SquareSpec, StartSquare,
    Wrenches,
};
use crate::model::tile::{MAX_TILE_SIDE, Tile};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A tile file as written on disk.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "factory-floor tile")]
pub struct TileFile {
    /// Always "factory-floor/tile".
    #[schemars(extend("const" = "factory-floor/tile"))]
    pub format: String,
    /// The format version, 1.
    #[schemars(extend("const" = 1))]
    pub version: u32,
    /// Lower-case letters, digits and dashes; courses refer to the tile by it.
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Squares west to east, 1 to 64.
    #[schemars(range(min = 1, max = 64))]
    pub width: i64,
    /// Squares north to south, 1 to 64.
    #[schemars(range(min = 1, max = 64))]
    pub height: i64,
    /// The squares that are not open floor, row by row.
    #[serde(default)]
    pub squares: Vec<SquareEntry>,
    /// Walls and wall-mounted elements, by the square and side they stand on.
    #[serde(default)]
    pub edges: Vec<EdgeEntry>,
}

/// One square that is not open floor. It holds at most one thing in each slot.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquareEntry {
    pub at: Square,
    #[serde(default, skip_serializing_if = "Level::is_lower")]
    pub level: Level,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<Floor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flow: Option<Flow>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gear: Option<Spin>,
    /// The phases the crusher is active in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crusher: Option<Phases>,
    /// The number of wrenches on the repair site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repair: Option<Wrenches>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartSquare>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<Device>,
}

impl SquareEntry {
    fn spec(&self) -> SquareSpec {
        SquareSpec {
            level: self.level,
            floor: self.floor,
            flow: self.flow,
            gear: self.gear,
            crusher: self.crusher,
            repair: self.repair,
            start: self.start,
            device: self.device,
        }
    }

    fn from_spec(at: Square, spec: &SquareSpec) -> SquareEntry {
        SquareEntry {
            at,
            level: spec.level,
            floor: spec.floor,
            flow: spec.flow,
            gear: spec.gear,
            crusher: spec.crusher,
            repair: spec.repair,
            start: spec.start,
            device: spec.device,
        }
    }
}

/// The things on one side of one square: a barrier on that edge (directed barriers face this
/// square with their red, spiked, upper or coloured side) and a mount acting into this square.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EdgeEntry {
    pub at: Square,
    pub side: Facing,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<Barrier>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
}

/// Checks a tile file against the model and builds the tile. `path` is where the tile sits in the
/// document (the root for a tile file, `embedded_tiles[i]` inside a course).
pub fn tile_from_file(f: &TileFile, path: &JsonPath) -> Result<Tile, Invalid> {
    if f.format != TILE_FORMAT {
        return Err(Invalid::new(
            path.key("format"),
            format!("a tile says \"format\": \"{TILE_FORMAT}\""),
        ));
    }
    if f.version != FORMAT_VERSION {
        return Err(Invalid::new(
            path.key("version"),
            format!("tile format version {} is not {FORMAT_VERSION}", f.version),
        ));
    }
    check_id(&f.id).map_err(|m| Invalid::new(path.key("id"), m))?;
    if f.name.trim().is_empty() {
        return Err(Invalid::new(path.key("name"), "the tile needs a name"));
    }
    for (key, value) in [("width", f.width), ("height", f.height)] {
        if !(1..=i64::from(MAX_TILE_SIDE)).contains(&value) {
            return Err(Invalid::new(
                path.key(key),
                format!(
                    "a tile {key} of {value} squares is out of range: tiles are 1 to {MAX_TILE_SIDE} squares on a side (12 is standard)"
                ),
            ));
        }
    }
    let mut tile = Tile::new(f.id.clone(), f.width as i32, f.height as i32);
    tile.name = f.name.clone();
    tile.description = f.description.clone();

    let mut seen = BTreeSet::new();
    for (i, entry) in f.squares.iter().enumerate() {
        let here = path.key("squares").index(i);
        let at = entry.at;
        if !tile.contains(at) {
            return Err(Invalid::new(
                here.key("at"),
                format!(
                    "square {at} is outside the tile, which is {} x {} (x 0 to {}, y 0 to {})",
                    tile.width(),
                    tile.height(),
                    tile.width() - 1,
                    tile.height() - 1
                ),
            ));
        }
        if !seen.insert(at) {
            return Err(Invalid::new(
                here.key("at"),
                format!("square {at} is listed twice; put everything on it in one entry"),
            ));
        }
        let spec = entry.spec();
        if spec.is_open_floor() {
            return Err(Invalid::new(
                here,
                format!("square {at} has nothing on it: open floor needs no entry"),
            ));
        }
        if let Some(problem) = spec.sharing_problem() {
            return Err(Invalid::new(here, format!("square {at}: {problem}")));
        }
        tile.set_square(at, spec);
    }

    let mut sides = BTreeSet::new();
    for (i, entry) in f.edges.iter().enumerate() {
        let here = path.key("edges").index(i);
        let (at, side) = (entry.at, entry.side);
        if !tile.contains(at) {
            return Err(Invalid::new(
                here.key("at"),
                format!(
                    "edge entry on square {at}, which is outside the {} x {} tile",
                    tile.width(),
                    tile.height()
                ),
            ));
        }
        if !sides.insert((at, side)) {
            return Err(Invalid::new(
                here,
                format!("the {side} side of square {at} is listed twice"),
            ));
        }
        if entry.wall.is_none() && entry.mount.is_none() {
            return Err(Invalid::new(
                here,
                format!("the {side} side of square {at} has neither a wall nor a mount"),
            ));
        }
        if entry.wall.is_some()
            && let Some((_, anchor)) = tile.barrier(at, side)
        {
            return Err(Invalid::new(
                here.key("wall"),
                format!(
                    "the edge on the {side} side of {at} already has a wall, given from square {anchor}: an edge holds one wall"
                ),
            ));
        }
        tile.set_edge(
            at,
            side,
            EdgeSpec {
                barrier: entry.wall,
                mount: entry.mount,
            },
        );
    }
    Ok(tile)
}

/// Tile ids are file names and course references: keep them plain.
pub fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() || id.len() > 64 {
        return Err("a tile id is 1 to 64 characters long".to_string());
    }
    if let Some(c) = id
        .chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
    {
        return Err(format!(
            "tile id \"{id}\" has the character {c:?}: ids use lower-case letters, digits and dashes"
        ));
    }
    Ok(())
}

/// The file form of a tile.
pub fn tile_to_file(tile: &Tile) -> TileFile {
    TileFile {
        format: TILE_FORMAT.to_string(),
        version: FORMAT_VERSION,
        id: tile.id.clone(),
        name: tile.name.clone(),
        description: tile.description.clone(),
        width: i64::from(tile.width()),
        height: i64::from(tile.height()),
        squares: tile
            .occupied_squares()
            .map(|(at, spec)| SquareEntry::from_spec(at, spec))
            .collect(),
        edges: tile
            .edges()
            .map(|(at, side, e)| EdgeEntry {
                at,
                side,
                wall: e.barrier,
                mount: e.mount,
            })
            .collect(),
    }
}

/// Parses and checks a tile file's text.
pub fn tile_from_str(file: &str, text: &str) -> Result<Tile, LoadError> {
    sniff(file, text)?;
    tile_from_sniffed(file, text)
}

/// `tile_from_str` for a text `sniff` has passed as a tile already (`document_from_str`).
pub(super) fn tile_from_sniffed(file: &str, text: &str) -> Result<Tile, LoadError> {
    let f: TileFile = parse(file, text)?;
    tile_from_file(&f, &JsonPath::root()).map_err(|e| e.into_load_error(file, text))
}

/// The canonical text of a tile file.
pub fn tile_to_string(tile: &Tile) -> String {
    let value = serde_json::to_value(tile_to_file(tile)).unwrap_or_default();
    to_canonical_string(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"{
  "format": "factory-floor/tile",
  "version": 1,
  "id": "small",
  "name": "Small",
  "description": "",
  "width": 3,
  "height": 2,
  "squares": [
    {"at": [0, 0], "flow": {"kind": "express", "out": "E", "in": ["W"]}, "crusher": [2, 4]},
    {"at": [2, 1], "floor": "pit"}
  ],
  "edges": [
    {"at": [1, 0], "side": "N", "wall": "plain", "mount": {"laser": 2}},
    {"at": [2, 0], "side": "E", "wall": {"gate": "red"}}
  ]
}
"#;

    #[test]
    fn a_tile_round_trips_byte_for_byte() {
        let tile = tile_from_str("small.json", SMALL);
        assert_eq!(tile.as_ref().err(), None);
        if let Ok(tile) = tile {
            assert_eq!(tile_to_string(&tile), SMALL);
        }
    }

    #[test]
    fn a_square_outside_the_tile_is_reported_on_its_line() {
        let text = SMALL.replace("[2, 1], \"floor\"", "[2, 5], \"floor\"");
        let err = tile_from_str("small.json", &text).err();
        let err = err.as_ref().map(|e| (e.line, e.to_string()));
        assert_eq!(err.as_ref().map(|e| e.0), Some(11), "{err:?}");
        assert!(err.is_some_and(|e| e.1.contains("outside the tile")));
    }

    #[test]
    fn unknown_fields_are_named() {
        let text = SMALL.replace("\"crusher\"", "\"crusherr\"");
        let err = tile_from_str("small.json", &text)
            .err()
            .map(|e| e.to_string());
        assert!(
            err.as_deref()
                .is_some_and(|e| e.contains("crusherr") && e.contains(":10:")),
            "{err:?}"
        );
    }
}
