//! Embeds the tile library and the sample courses in the program, so the editor opens a sample
//! course and courses find the library's tiles wherever the program is run from.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The library lives at the top of the workspace, two folders above this package.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    let root = Path::new(&manifest).join("../..");
    let mut code = String::new();
    for dir in ["tiles", "courses"] {
        println!("cargo:rerun-if-changed=../../{dir}");
        let mut files: Vec<String> = std::fs::read_dir(root.join(dir))
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".json"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        let _ = writeln!(
            code,
            "pub const {}: &[(&str, &str)] = &[",
            dir.to_uppercase()
        );
        for f in files {
            let _ = writeln!(
                code,
                "    ({:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/../../{dir}/{f}\"))),",
                format!("{dir}/{f}")
            );
        }
        let _ = writeln!(code, "];");
    }
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string());
    if let Err(e) = std::fs::write(Path::new(&out).join("builtin.rs"), code) {
        println!("cargo:warning=cannot write the built-in library: {e}");
    }
}
