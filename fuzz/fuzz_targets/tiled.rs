//! Tiled maps, JSON and TMX: the text is imported as a course with an empty folder beside it (no
//! external tileset is found), and the course the import makes must load.
#![no_main]

use factory_floor_core::format::{course_to_string, document_from_str, tiled};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let empty = std::env::temp_dir().join("factory-floor-fuzz-empty");
    if let Ok(imported) = tiled::import_str("fuzz.tmx", text, &empty) {
        let saved = course_to_string(&imported.course);
        assert!(document_from_str("saved.json", &saved).is_ok(), "{saved}");
    }
});
