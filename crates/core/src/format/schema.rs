//! JSON Schemas of the tile and course formats, generated from the types that read the files.
//! `docs/tile.schema.json` and `docs/course.schema.json` are these; a test keeps them current.

use super::course::CourseFile;
use super::tile::TileFile;

/// The tile format's schema, as pretty JSON.
pub fn tile_schema() -> String {
    pretty(schemars::schema_for!(TileFile))
}

/// The course format's schema, as pretty JSON.
pub fn course_schema() -> String {
    pretty(schemars::schema_for!(CourseFile))
}

fn pretty(schema: schemars::Schema) -> String {
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
