//! `factory-floor export`: reads a course (or a tile) and writes it in another program's format.

use crate::format::{Document, Library, load_document, refuse_input_as_output, save_atomic, tiled};
use crate::geom::{Rotation, Square};
use crate::model::{Course, StartRule, TilePlacement};
use std::io::Write;
use std::path::PathBuf;

/// The formats `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A Tiled JSON map in the typed-property convention (docs/tiled.md), its tileset embedded.
    Tiled,
}

/// The arguments of `export`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub course: PathBuf,
    pub format: Format,
    /// Where to write the map.
    pub output: PathBuf,
}

/// Exports the course; exit 0 written, 2 the course cannot be read or the map written.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let input = &args.course;
    // `export COURSE -o COURSE` would replace the course by a Tiled map: refused.
    if let Err(e) = refuse_input_as_output(&args.output, &[input]) {
        let _ = writeln!(err, "{e}");
        return super::FAILED;
    }
    let course = match load_document(input) {
        Ok(Document::Course(c)) => c,
        // A tile exports as a course of that one tile.
        Ok(Document::Tile(t)) => Course {
            name: if t.name.is_empty() {
                t.id.clone()
            } else {
                t.name.clone()
            },
            description: t.description.clone(),
            author: String::new(),
            rules: Default::default(),
            players: Default::default(),
            lives: Default::default(),
            placements: vec![TilePlacement {
                tile: t.id.clone(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            }],
            embedded: vec![t],
            flags: Vec::new(),
            start: StartRule::Numbered,
        },
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return super::FAILED;
        }
    };
    let library = Library::for_file(input);
    // Nor over a tile file the course takes a tile from.
    let tiles = library.tile_files(&course);
    let inputs: Vec<&std::path::Path> = tiles.iter().map(|p| p.as_path()).collect();
    if let Err(e) = refuse_input_as_output(&args.output, &inputs) {
        let _ = writeln!(err, "{e}");
        return super::FAILED;
    }
    let text = match args.format {
        Format::Tiled => tiled::export_course(&course, &library),
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(err, "{}: {e}", input.display());
            return super::FAILED;
        }
    };
    if let Err(e) = save_atomic(&args.output, text) {
        let _ = writeln!(err, "{}: cannot write: {e}", args.output.display());
        return super::FAILED;
    }
    let _ = writeln!(out, "wrote {}", args.output.display());
    super::OK
}
