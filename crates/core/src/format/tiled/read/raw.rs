//! The plain form both readers produce (layers of global ids, tilesets, properties, objects), the
//! limits they enforce, and the errors and messages they share.

use crate::format::error::{ErrorKind, LoadError};
use crate::model::MAX_TILE_SIDE;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// The most layers a map may have (group layers count their children).
pub(super) const MAX_LAYERS: usize = 256;
/// The most tilesets a map may use.
pub(super) const MAX_TILESETS: usize = 256;
/// The deepest nesting of group layers, or of XML elements, that is read.
pub(super) const MAX_DEPTH: usize = 32;
/// The most objects of object layers that are listed.
pub(super) const MAX_OBJECTS: usize = 10_000;

/// A custom property value.
#[derive(Clone, Debug, PartialEq)]
pub enum Prop {
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
}

pub type Props = BTreeMap<String, Prop>;

/// A tile of a tileset that carries a class (`type` or `class`) or properties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawTile {
    pub class: String,
    pub props: Props,
}

#[derive(Clone, Debug, Default)]
pub struct RawTileset {
    pub firstgid: u32,
    /// Local tile id to its class and properties, shared by every map tileset that names the
    /// same file.
    pub tiles: Arc<BTreeMap<u32, RawTile>>,
}

#[derive(Clone, Debug)]
pub struct RawLayer {
    pub name: String,
    /// One global tile id per square, row by row, flip bits included.
    pub gids: Vec<u32>,
}

/// An object of an object layer: not part of either convention, listed so it is not lost silently.
#[derive(Clone, Debug)]
pub struct RawObject {
    pub layer: String,
    pub name: String,
    pub class: String,
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Debug, Default)]
pub struct RawMap {
    pub width: i32,
    pub height: i32,
    pub tile_width: f64,
    pub tile_height: f64,
    pub layers: Vec<RawLayer>,
    pub tilesets: Vec<RawTileset>,
    pub properties: Props,
    pub objects: Vec<RawObject>,
    /// Layers read but not imported (image layers), by name.
    pub skipped_layers: Vec<String>,
    /// The tileset files the map names, each once: inputs an import must not overwrite.
    pub includes: Vec<PathBuf>,
}

pub(super) fn unreadable(
    file: &str,
    (line, column): (usize, usize),
    message: impl Into<String>,
) -> LoadError {
    LoadError {
        file: file.to_string(),
        line,
        column,
        message: message.into(),
        kind: ErrorKind::Unreadable,
    }
}

/// Checks the map's size against what a tile can hold, before any layer is read.
pub(super) fn check_size(width: i64, height: i64) -> Result<(i32, i32), String> {
    let max = i64::from(MAX_TILE_SIDE);
    if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
        return Err(format!(
            "the map is {width} x {height} squares: factory-floor imports maps of 1 to {max} squares a side (one tile)"
        ));
    }
    Ok((width as i32, height as i32))
}

/// Only square grids can be imported.
pub(super) fn check_orientation(orientation: &str) -> Result<(), String> {
    if orientation == "orthogonal" {
        Ok(())
    } else {
        Err(format!(
            "the map's orientation is \"{}\": only orthogonal maps have square grids",
            short(orientation)
        ))
    }
}

/// Messages the JSON and the TMX reader both give, worded once.
pub(super) const INFINITE_MAP: &str = "this is an infinite map: make it fixed-size in Tiled (Map > Map Properties > Infinite) before importing";
pub(super) const CHUNKED_LAYER: &str =
    "this layer is stored in chunks (an infinite map): make the map fixed-size in Tiled first";
pub(super) const GID_RANGE: &str = "a tile id is a whole number from 0 to 4294967295";

/// A tile layer whose `key` (width or height) is `v` where the map's is `want`.
pub(super) fn layer_size(name: &str, key: &str, v: i64, want: i32) -> String {
    format!(
        "layer \"{}\" has {key} {v}, but the map's is {want}: layers must cover the map",
        short(name)
    )
}

/// A tile layer that lists `listed` squares where the map has `count`.
pub(super) fn layer_count(name: &str, listed: usize, count: usize) -> String {
    format!(
        "layer \"{}\" lists {listed} squares, but the map has {count}",
        short(name)
    )
}

/// The start of a long value, for messages: 40 characters at most, control characters escaped.
pub(crate) fn short(s: &str) -> String {
    crate::format::error::shown(s)
}
