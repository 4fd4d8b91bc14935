//! The examples in docs/formats.md are real files: each JSON block must load.

use factory_floor::format::{Document, document_from_str};

#[test]
fn every_json_example_in_the_format_guide_loads() {
    let guide = include_str!("../docs/formats.md");
    let blocks: Vec<&str> = guide
        .split("```json\n")
        .skip(1)
        .filter_map(|rest| rest.split("```").next())
        .collect();
    assert!(blocks.len() >= 2, "the guide shows a tile and a course");
    let mut kinds = Vec::new();
    for block in blocks {
        match document_from_str("docs/formats.md", block) {
            Ok(Document::Tile(t)) => kinds.push(format!("tile {}", t.id)),
            Ok(Document::Course(c)) => kinds.push(format!("course {}", c.name)),
            Err(e) => panic!("example does not load: {e}\n{block}"),
        }
    }
    assert!(kinds.iter().any(|k| k.starts_with("tile")));
    assert!(kinds.iter().any(|k| k.starts_with("course")));
}
