//! What a tile and a course are: elements, walls, tiles, courses, and the compiled `Board`
//! (a course flattened into one grid, walls merged, rotations applied) that everything reads.

pub mod board;
pub mod course;
pub mod element;
pub mod tile;

pub use board::{Beam, Board, BoardSquare, CompileProblem, SideBarrier};
pub use course::{
    Course, Flag, LivesRule, PlayerRange, RulesEdition, StartRule, TilePlacement, TileSource,
};
pub use element::*;
pub use tile::{MAX_TILE_SIDE, Tile};
