//! The JSON Schemas in docs/ are generated from the types that read the files; this keeps them
//! current. Run `UPDATE_SCHEMAS=1 cargo test --test schema` after changing a format type.

use factory_floor::format::schema::{course_schema, tile_schema};

mod common;

#[test]
fn json_schemas_in_docs_match_the_format_types() {
    let root = common::root();
    let mut stale = Vec::new();
    for (name, generated) in [
        ("docs/tile.schema.json", tile_schema()),
        ("docs/course.schema.json", course_schema()),
    ] {
        let path = root.join(name);
        if std::env::var_os("UPDATE_SCHEMAS").is_some() {
            if let Err(e) = std::fs::write(&path, &generated) {
                panic!("cannot write {name}: {e}");
            }
            continue;
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        if on_disk != generated {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; run UPDATE_SCHEMAS=1 cargo test --test schema"
    );
}

#[test]
fn the_schemas_describe_every_square_slot_and_edge_field() {
    let tile = tile_schema();
    for field in [
        "floor", "flow", "gear", "crusher", "repair", "start", "device", "wall", "mount",
    ] {
        assert!(
            tile.contains(&format!("\"{field}\"")),
            "tile schema lacks {field}"
        );
    }
    let course = course_schema();
    for field in [
        "tiles",
        "embedded_tiles",
        "flags",
        "start",
        "lives",
        "players",
    ] {
        assert!(
            course.contains(&format!("\"{field}\"")),
            "course schema lacks {field}"
        );
    }
}
