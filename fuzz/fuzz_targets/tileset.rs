//! External tilesets (TSX or JSON): the input is written as the tileset file a small map names,
//! then the map is imported.
#![no_main]

use factory_floor_core::format::tiled;
use libfuzzer_sys::fuzz_target;

const MAP: &str = r#"{"type": "map", "orientation": "orthogonal", "width": 2, "height": 1,
"tilewidth": 64, "tileheight": 64, "infinite": false,
"layers": [{"type": "tilelayer", "name": "board", "width": 2, "height": 1, "data": [1, 2]}],
"tilesets": [{"firstgid": 1, "source": "fuzz.tsj"}]}"#;

fuzz_target!(|data: &[u8]| {
    let dir = std::env::temp_dir().join(format!("factory-floor-fuzz-ts-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_err() || std::fs::write(dir.join("fuzz.tsj"), data).is_err() {
        return;
    }
    let _ = tiled::import_str("map.json", MAP, &dir);
});
