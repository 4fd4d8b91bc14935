//! Tiles, courses and recovery files (a recovery file is a tile or course document): the text is
//! parsed as a document, and what loads is written and read back.
#![no_main]

use factory_floor_core::format::{Document, course_to_string, document_from_str, tile_to_string};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(doc) = document_from_str("fuzz.json", text) {
        // Whatever loads saves, and what is saved loads again.
        let saved = match &doc {
            Document::Tile(t) => tile_to_string(t),
            Document::Course(c) => course_to_string(c),
        };
        assert!(document_from_str("saved.json", &saved).is_ok(), "{saved}");
    }
});
