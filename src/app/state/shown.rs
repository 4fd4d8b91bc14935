//! What the canvas and the bars show of a document: the compiled board and its picture, what the
//! top bar says about it, what is on the square under the pointer, the solver's best line.

use crate::geom::{Facing, Square};
use crate::model::rules::CubeSide;
use crate::model::{Board, Course, EdgeSpec, ElementKind, StartRule};
use crate::render::{Rgba, Scene, ScenePath};
use crate::validate::Solution;
use std::sync::Arc;

/// What the shown board is, for the top bar.
#[derive(Clone, Debug, PartialEq)]
pub enum ShownKind {
    Course {
        flags: usize,
        start: StartRule,
        players: (u8, u8),
        tiles: usize,
        /// RoboRally Cubed: the composer draws the beams folded (`build_course_scene`).
        cubed: Option<CubeSide>,
    },
    Tile {
        id: String,
    },
}

/// The open document compiled into a board, for the canvas and the top bar.
#[derive(Clone, Debug)]
pub struct Shown {
    pub name: String,
    pub kind: ShownKind,
    pub board: Board,
    /// The picture of `board` the canvas paints, rebuilt when the document or the options change;
    /// shared, so the large board's worker can draw it without a copy (`canvas::large`).
    pub scene: Arc<Scene>,
}

/// What is on the square under the pointer, for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    pub square: Square,
    /// False on a hole between a course's tiles.
    pub on_board: bool,
    /// The elements on the square, then those on its edges with the side they stand on.
    pub kinds: Vec<(ElementKind, Option<Facing>)>,
    /// Flag numbers on this square.
    pub flags: Vec<u32>,
}

impl HoverInfo {
    pub fn of(board: &Board, square: Square) -> HoverInfo {
        let mut kinds: Vec<(ElementKind, Option<Facing>)> = board
            .spec(square)
            .map(|spec| spec.kinds().into_iter().map(|k| (k, None)).collect())
            .unwrap_or_default();
        for side in Facing::ALL {
            let edge = EdgeSpec {
                barrier: board.barrier(square, side).map(|b| b.barrier),
                mount: board.mount(square, side),
            };
            kinds.extend(edge.kinds().into_iter().map(|k| (k, Some(side))));
        }
        let flags = board
            .flags
            .iter()
            .filter(|f| f.1 == square)
            .map(|f| f.0)
            .collect();
        HoverInfo {
            square,
            on_board: board.is_on_board(square),
            kinds,
            flags,
        }
    }
}

/// What the top bar says about a course.
pub fn course_kind(c: &Course) -> ShownKind {
    ShownKind::Course {
        flags: c.flags.len(),
        start: c.start,
        players: (c.players.min, c.players.max),
        tiles: c.placements.len(),
        cubed: c.rules.house.cubed,
    }
}

/// The side of the cube a RoboRally Cubed course is played on, `None` for anything else.
pub fn cubed(kind: &ShownKind) -> Option<CubeSide> {
    match kind {
        ShownKind::Course { cubed, .. } => *cubed,
        ShownKind::Tile { .. } => None,
    }
}

/// Whether the course starts on one archive square (for the scene's start marker).
pub fn archive_start(kind: &ShownKind) -> Option<Square> {
    match kind {
        ShownKind::Course {
            start: StartRule::Archive(square),
            ..
        } => Some(*square),
        _ => None,
    }
}

/// The colour of the solver's best line on the board: a green that stands out from the grey
/// floor, the yellow and blue belts and the red lasers.
pub const BEST_LINE_COLOUR: Rgba = Rgba::new(20, 200, 90, 235);

/// The best line as a path overlay: the start, then the square each register phase ends on
/// (a turn that leaves the robot where it was adds no point).
pub fn best_line_path(solution: &Solution) -> ScenePath {
    let mut squares = solution.line();
    squares.dedup();
    ScenePath {
        squares,
        colour: BEST_LINE_COLOUR,
    }
}
