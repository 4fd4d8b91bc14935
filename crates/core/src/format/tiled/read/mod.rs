//! Reads Tiled maps (JSON `.json`/`.tmj` and XML `.tmx`) and their tilesets (embedded, or external
//! `.json`/`.tsj`/`.tsx` files beside the map) into one plain form, with layer data decoded from
//! CSV or base64 (zlib or gzip compressed). Sizes are bounded before anything is allocated.

mod data;
mod json;
mod map;
mod raw;
mod xml;

pub use map::{read_map, read_map_str};
pub use raw::{Prop, Props, RawMap, RawTile};
