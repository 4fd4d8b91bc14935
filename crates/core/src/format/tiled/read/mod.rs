//! Reads Tiled maps (JSON or TMX) and their tilesets, embedded or in files beside the map, into one
//! plain form. Sizes are bounded before anything is allocated.

mod data;
mod json;
mod map;
mod raw;
mod xml;

pub use map::{read_map, read_map_str};
pub(crate) use raw::short;
pub use raw::{Prop, Props, RawMap, RawTile};
