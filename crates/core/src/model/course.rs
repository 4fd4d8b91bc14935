//! A race course: tiles placed at square offsets with a rotation, numbered flags, a start rule and
//! the game options. `Course::compile` flattens it into a `Board`.

use super::board::{Board, CompileProblem};
use super::rules::Rules;
pub use super::rules::{MAX_FLAG, RulesEdition};
use super::tile::Tile;
use crate::geom::{Rotation, Square};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The furthest a tile may be placed from the course origin, in squares.
pub const MAX_OFFSET: i32 = 256;
/// The most tiles one course may place.
pub const MAX_PLACEMENTS: usize = 64;

/// How many robots the course is laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRange {
    pub min: u8,
    pub max: u8,
}

impl Default for PlayerRange {
    fn default() -> Self {
        PlayerRange { min: 2, max: 8 }
    }
}

/// How many lives each robot has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum LivesRule {
    /// Three lives (seed 000).
    #[default]
    Standard,
    /// Three lives, +1 with 5 or more players, +1 with 5 or more tiles (seed 004, RULINGS.md).
    Optional,
    /// A fixed number of lives.
    Fixed(u8),
}

impl LivesRule {
    pub fn lives(self, players: usize, tiles: usize) -> u8 {
        match self {
            LivesRule::Standard => 3,
            LivesRule::Optional => 3 + u8::from(players >= 5) + u8::from(tiles >= 5),
            LivesRule::Fixed(n) => n,
        }
    }
}

/// Where robots start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum StartRule {
    /// 1994 start: every robot starts virtual on this square, an archive (repair) site of the first tile.
    Archive(Square),
    /// Robot N starts real on the start square numbered N of the placed tiles (a dock).
    Numbered,
}

/// One tile placed on the course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TilePlacement {
    /// The id of a tile in the library or embedded in the course.
    pub tile: String,
    /// Where the tile's north-west corner goes, after rotation.
    pub at: Square,
    pub rotation: Rotation,
}

/// A numbered flag (checkpoint) on a board square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Flag {
    pub number: u32,
    pub at: Square,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    pub name: String,
    pub description: String,
    pub author: String,
    /// The rules edition and the house rules the course is written for.
    pub rules: Rules,
    pub players: PlayerRange,
    pub lives: LivesRule,
    pub placements: Vec<TilePlacement>,
    /// Tiles that travel inside the course file.
    pub embedded: Vec<Tile>,
    pub flags: Vec<Flag>,
    pub start: StartRule,
}

/// Where a course finds the tiles it names.
pub trait TileSource {
    fn tile(&self, id: &str) -> Option<&Tile>;
}

impl TileSource for [Tile] {
    fn tile(&self, id: &str) -> Option<&Tile> {
        self.iter().find(|t| t.id == id)
    }
}

impl TileSource for Vec<Tile> {
    fn tile(&self, id: &str) -> Option<&Tile> {
        self.as_slice().tile(id)
    }
}

impl Course {
    /// The tile a placement names: embedded tiles first, then `library`.
    pub fn resolve<'a>(&'a self, id: &str, library: &'a dyn TileSource) -> Option<&'a Tile> {
        self.embedded.tile(id).or_else(|| library.tile(id))
    }

    /// Flattens the course into one board: tiles rotated and placed, walls on shared edges merged.
    /// Never fails: what cannot be placed is reported in `Board::problems`.
    pub fn compile(&self, library: &dyn TileSource) -> Board {
        let mut placed: Vec<(usize, Tile, Square)> = Vec::new();
        let mut problems = Vec::new();
        for (index, p) in self.placements.iter().enumerate() {
            match self.resolve(&p.tile, library) {
                Some(tile) => placed.push((index, tile.rotated(p.rotation), p.at)),
                None => problems.push(CompileProblem::UnknownTile {
                    placement: index,
                    id: p.tile.clone(),
                }),
            }
        }
        let flags = self.flags.iter().map(|f| (f.number, f.at)).collect();
        Board::assemble(&placed, flags, problems)
    }

    /// Renames tile `from` to `to` wherever the course names it (placements and the embedded
    /// copy), so a course follows a tile whose id changed. Returns whether anything changed.
    pub fn rename_tile(&mut self, from: &str, to: &str) -> bool {
        if from == to {
            return false;
        }
        let mut changed = false;
        for p in self.placements.iter_mut().filter(|p| p.tile == from) {
            p.tile = to.to_string();
            changed = true;
        }
        for t in self.embedded.iter_mut().filter(|t| t.id == from) {
            t.id = to.to_string();
            changed = true;
        }
        changed
    }

    /// Whether the course places tile `id`.
    pub fn uses_tile(&self, id: &str) -> bool {
        self.placements.iter().any(|p| p.tile == id)
    }

    /// Lives per robot for `players` players under this course's rule.
    pub fn lives_for(&self, players: usize) -> u8 {
        self.lives.lives(players, self.placements.len())
    }

    /// The flag squares ordered by number (for a course with numbers 1..n).
    pub fn flags_in_order(&self) -> Vec<Flag> {
        let mut flags = self.flags.clone();
        flags.sort_by_key(|f| f.number);
        flags
    }
}
