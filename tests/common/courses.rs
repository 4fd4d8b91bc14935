//! Small tiles and courses built in code, so the window tests do not depend on the sample files.

use factory_floor::format::library::Origin;
use factory_floor::format::{Document, Library, tile_to_string};
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::{
    Barrier, Course, EdgeSpec, Flag, LivesRule, PlayerRange, RulesEdition, StartRule, Tile,
    TilePlacement,
};
use std::path::Path;

/// An empty tile of `w` x `h` squares.
pub fn tile(id: &str, name: &str, w: i32, h: i32) -> Tile {
    let mut t = Tile::new(id, w, h);
    t.name = name.to_string();
    t
}

/// A classic course of `placements` with flag 1 on (5, 5) and the start on (0, 0).
pub fn course(name: &str, placements: Vec<TilePlacement>) -> Course {
    Course {
        name: name.to_string(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements,
        embedded: Vec::new(),
        flags: vec![Flag {
            number: 1,
            at: Square::new(5, 5),
        }],
        start: StartRule::Archive(Square::new(0, 0)),
    }
}

/// A classic course (1-4 players) of the one embedded tile `t` placed unturned on (0, 0), with
/// `flags` numbered in order and the start on `start`: the generated courses of the oracles.
pub fn one_tile_course(name: String, t: Tile, flags: &[Square], start: Square) -> Course {
    Course {
        name,
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange { min: 1, max: 4 },
        lives: LivesRule::Standard,
        placements: vec![TilePlacement {
            tile: t.id.clone(),
            at: Square::new(0, 0),
            rotation: Rotation::R0,
        }],
        embedded: vec![t],
        flags: flags
            .iter()
            .enumerate()
            .map(|(i, &at)| Flag {
                number: i as u32 + 1,
                at,
            })
            .collect(),
        start: StartRule::Archive(start),
    }
}

/// Tile `id` placed unturned with its corner on (x, y).
pub fn place(id: &str, x: i32, y: i32) -> TilePlacement {
    TilePlacement {
        tile: id.to_string(),
        at: Square::new(x, y),
        rotation: Rotation::R0,
    }
}

/// A 12 x 12 yard with a wall corner (north and east walls) on (3, 3) and an empty 12 x 4 dock;
/// a course "Practice 2 x 2" that places the yard with flag 1 on (5, 5) and starts on (0, 0).
/// With `dir`, the two tiles are saved there and the library names those files; without, it
/// names files that do not exist (yard.json, dock.json, practice.json).
pub fn practice_library(dir: Option<&Path>) -> Library {
    let mut lib = Library::default();
    let mut yard = tile("yard", "Alpha Yard", 12, 12);
    for side in [Facing::N, Facing::E] {
        yard.set_edge(
            Square::new(3, 3),
            side,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: None,
            },
        );
    }
    let dock = tile("dock", "Beta Dock", 12, 4);
    let file = |name: &str| dir.map_or_else(|| name.into(), |d| d.join(name));
    let (yard_path, dock_path) = (file("yard.json"), file("dock.json"));
    if dir.is_some() {
        std::fs::write(&yard_path, tile_to_string(&yard)).expect("write the yard");
        std::fs::write(&dock_path, tile_to_string(&dock)).expect("write the dock");
    }
    lib.add(Document::Tile(yard), Origin::File(yard_path));
    lib.add(Document::Tile(dock), Origin::File(dock_path));
    lib.add(
        Document::Course(course("Practice 2 x 2", vec![place("yard", 0, 0)])),
        Origin::File(file("practice.json")),
    );
    lib
}

/// A small deterministic generator (xorshift) for the oracles' generated courses, so each course
/// is the same on every run: seeded from a course's number.
pub struct Gen(u64);

impl Gen {
    /// The generator of course `seed` (never the all-zero state xorshift cannot leave).
    pub fn for_seed(seed: u64) -> Gen {
        Gen(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn facing(&mut self) -> Facing {
        Facing::from_index(self.below(4) as usize)
    }
}
