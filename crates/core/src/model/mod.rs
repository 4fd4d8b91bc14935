//! What a tile and a course are: elements, walls, tiles, courses, and the compiled `Board`
//! (a course flattened into one grid, walls merged, rotations applied) that everything reads.

pub mod board;
pub mod course;
pub mod element;
mod properties;
pub mod rules;
pub mod tile;

pub use board::{Beam, Board, BoardSquare, CompileProblem, SideBarrier};
pub use course::{Course, Flag, LivesRule, PlayerRange, StartRule, TilePlacement, TileSource};
pub use element::*;
pub use properties::Passage;
pub use rules::{HouseRule, HouseRules, Rules, RulesEdition};
/// `ElementKind::iter()` and `ElementGroup::iter()` need this trait in scope; re-exported so
/// users of the model need no strum of their own.
pub use strum::IntoEnumIterator;
pub use tile::{MAX_TILE_SIDE, Tile};
