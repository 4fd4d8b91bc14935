//! The compiled board: a course (or one tile) flattened into one grid with rotations applied and
//! walls merged. The engine, the validator and the renderer all read this.

use super::element::{Barrier, Mount, SquareSpec, StartNumber};
use super::tile::Tile;
use crate::geom::{Facing, Square};

/// A barrier as seen from one square: which barrier, and whether this square is its anchor (the
/// red side of a one-way wall, the spiked side, the upper side of a ledge, the coloured side of a gate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideBarrier {
    pub barrier: Barrier,
    pub anchored_here: bool,
}

/// One board square: the placement it came from (`None` is a hole in the course, off the board)
/// and its contents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardSquare {
    pub placement: Option<u16>,
    pub spec: SquareSpec,
    pub barriers: [Option<SideBarrier>; 4],
    pub mounts: [Option<Mount>; 4],
}

/// Something the compiler could not do as the course asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileProblem {
    /// A placement names a tile that is neither embedded nor in the library.
    UnknownTile { placement: usize, id: String },
    /// Two placements cover the same squares; the earlier one is kept there.
    Overlap {
        first: usize,
        second: usize,
        squares: Vec<Square>,
    },
    /// Two tiles put different barriers on one shared edge; the earlier one is kept.
    ConflictingBarriers {
        square: Square,
        side: Facing,
        kept: Barrier,
        dropped: Barrier,
    },
}

impl CompileProblem {
    pub fn message(&self) -> String {
        match self {
            CompileProblem::UnknownTile { placement, id } => format!(
                "tile {} of the course names tile \"{id}\", which is neither in the tile library nor embedded in the course",
                placement + 1
            ),
            CompileProblem::Overlap {
                first,
                second,
                squares,
            } => format!(
                "tiles {} and {} overlap on {} square(s), first at {}",
                first + 1,
                second + 1,
                squares.len(),
                squares.first().copied().unwrap_or_default()
            ),
            CompileProblem::ConflictingBarriers {
                square,
                side,
                kept,
                dropped,
            } => format!(
                "the {side} edge of {square} gets a {kept:?} wall from one tile and a {dropped:?} wall from another; the first is kept"
            ),
        }
    }
}

/// A derived laser beam: from its mount, along its line until a wall or the board's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beam {
    pub mount: Square,
    /// The direction the beam travels.
    pub direction: Facing,
    pub beams: u8,
    /// The squares the beam crosses, mount square first.
    pub squares: Vec<Square>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: i32,
    height: i32,
    squares: Vec<BoardSquare>,
    /// Flag number and square, as the course lists them.
    pub flags: Vec<(u32, Square)>,
    pub problems: Vec<CompileProblem>,
    /// Each placement's area on the board: placement index, north-west corner, width, height.
    pub placements: Vec<(usize, Square, i32, i32)>,
}

impl Board {
    /// One tile as a board of its own, with flags on the given squares (numbered 1..n).
    pub fn from_tile(tile: &Tile, flags: &[Square]) -> Board {
        let flags = flags
            .iter()
            .enumerate()
            .map(|(i, &s)| (i as u32 + 1, s))
            .collect();
        Board::assemble(&[(0, tile.clone(), Square::new(0, 0))], flags, Vec::new())
    }

    /// Builds a board from already rotated tiles and their offsets.
    pub(crate) fn assemble(
        placed: &[(usize, Tile, Square)],
        flags: Vec<(u32, Square)>,
        mut problems: Vec<CompileProblem>,
    ) -> Board {
        let width = placed
            .iter()
            .map(|(_, t, at)| at.x + t.width())
            .max()
            .unwrap_or(0)
            .max(0);
        let height = placed
            .iter()
            .map(|(_, t, at)| at.y + t.height())
            .max()
            .unwrap_or(0)
            .max(0);
        let mut board = Board {
            width,
            height,
            squares: vec![BoardSquare::default(); (width * height) as usize],
            flags,
            problems: Vec::new(),
            placements: placed
                .iter()
                .map(|(i, t, at)| (*i, *at, t.width(), t.height()))
                .collect(),
        };
        for (index, tile, at) in placed {
            let mut overlaps: Vec<(usize, Square)> = Vec::new();
            for s in tile.all_squares() {
                let b = s.offset(at.x, at.y);
                let Some(i) = board.index(b) else { continue };
                if let Some(earlier) = board.squares[i].placement {
                    overlaps.push((earlier as usize, b));
                    continue;
                }
                board.squares[i].placement = Some(*index as u16);
                board.squares[i].spec = tile.square(s).copied().unwrap_or_default();
            }
            let mut by_first: Vec<usize> = overlaps.iter().map(|o| o.0).collect();
            by_first.dedup();
            for first in by_first {
                problems.push(CompileProblem::Overlap {
                    first,
                    second: *index,
                    squares: overlaps
                        .iter()
                        .filter(|o| o.0 == first)
                        .map(|o| o.1)
                        .collect(),
                });
            }
        }
        for (index, tile, at) in placed {
            for (s, side, edge) in tile.edges() {
                let b = s.offset(at.x, at.y);
                // An overlapped square belongs to the earlier tile, walls included.
                let owns = |board: &Board, sq: Square| {
                    board
                        .square(sq)
                        .is_some_and(|q| q.placement == Some(*index as u16))
                };
                if let Some(mount) = edge.mount
                    && owns(&board, b)
                    && let Some(i) = board.index(b)
                {
                    board.squares[i].mounts[side.index()] = Some(mount);
                }
                if let Some(barrier) = edge.barrier {
                    let outside = b.step(side);
                    if owns(&board, b) || (tile.contains(s.step(side)) && owns(&board, outside)) {
                        board.put_barrier(b, side, barrier, &mut problems);
                    }
                }
            }
        }
        board.problems = problems;
        board
    }

    fn put_barrier(
        &mut self,
        anchor: Square,
        side: Facing,
        barrier: Barrier,
        problems: &mut Vec<CompileProblem>,
    ) {
        let existing = self.barrier(anchor, side);
        if let Some(existing) = existing {
            let same_edge_same_kind =
                existing.barrier == barrier && (existing.anchored_here || !is_directed(barrier));
            if !same_edge_same_kind {
                problems.push(CompileProblem::ConflictingBarriers {
                    square: anchor,
                    side,
                    kept: existing.barrier,
                    dropped: barrier,
                });
            }
            // "Adjacent walls between boards count as one wall": keep the first.
            return;
        }
        if let Some(i) = self.index(anchor) {
            self.squares[i].barriers[side.index()] = Some(SideBarrier {
                barrier,
                anchored_here: true,
            });
        }
        if let Some(i) = self.index(anchor.step(side)) {
            self.squares[i].barriers[side.opposite().index()] = Some(SideBarrier {
                barrier,
                anchored_here: false,
            });
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn in_bounds(&self, s: Square) -> bool {
        (0..self.width).contains(&s.x) && (0..self.height).contains(&s.y)
    }

    fn index(&self, s: Square) -> Option<usize> {
        self.in_bounds(s).then(|| (s.y * self.width + s.x) as usize)
    }

    /// Every square of the grid, row by row, including holes between tiles.
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Square::new(x, y)))
    }

    /// The square at `s` if it lies on a placed tile.
    pub fn square(&self, s: Square) -> Option<&BoardSquare> {
        self.index(s)
            .map(|i| &self.squares[i])
            .filter(|q| q.placement.is_some())
    }

    /// Whether `s` is on a tile: everything else acts as a pit (an open edge).
    pub fn is_on_board(&self, s: Square) -> bool {
        self.square(s).is_some()
    }

    pub fn spec(&self, s: Square) -> Option<&SquareSpec> {
        self.square(s).map(|q| &q.spec)
    }

    /// The barrier on side `side` of `s`, as seen from `s`.
    pub fn barrier(&self, s: Square, side: Facing) -> Option<SideBarrier> {
        self.index(s)
            .and_then(|i| self.squares[i].barriers[side.index()])
    }

    pub fn mount(&self, s: Square, side: Facing) -> Option<Mount> {
        self.index(s)
            .and_then(|i| self.squares[i].mounts[side.index()])
    }

    /// Whether any wall-like barrier stands on this edge, whatever its direction.
    pub fn has_barrier(&self, s: Square, side: Facing) -> bool {
        self.barrier(s, side).is_some()
    }

    /// The board lasers' beams, traced from their mounts (never stored).
    pub fn laser_beams(&self) -> Vec<Beam> {
        let mut beams = Vec::new();
        for s in self.all_squares() {
            for side in Facing::ALL {
                if let Some(Mount::Laser(n)) = self.mount(s, side)
                    && self.is_on_board(s)
                {
                    let direction = side.opposite();
                    beams.push(Beam {
                        mount: s,
                        direction,
                        beams: n.get(),
                        squares: self.trace_line(s, direction),
                    });
                }
            }
        }
        beams
    }

    /// The squares a beam starting on `from` and travelling `dir` crosses before a wall or the
    /// board's end stops it, `from` included.
    pub fn trace_line(&self, from: Square, dir: Facing) -> Vec<Square> {
        let mut squares = vec![from];
        let mut at = from;
        while !self.wall_blocks_beam(at, dir) {
            let next = at.step(dir);
            if !self.is_on_board(next) {
                break;
            }
            squares.push(next);
            at = next;
        }
        squares
    }

    /// The numbered start squares of the placed tiles, ordered by number.
    pub fn start_squares(&self) -> Vec<(StartNumber, Square, Facing)> {
        let mut starts: Vec<_> = self
            .all_squares()
            .filter_map(|s| {
                let st = self.spec(s)?.start?;
                Some((st.number, s, st.facing))
            })
            .collect();
        starts.sort_by_key(|s| (s.0, s.1));
        starts
    }

    /// The square of flag `number`, if the course has exactly one such flag.
    pub fn flag(&self, number: u32) -> Option<Square> {
        let mut it = self.flags.iter().filter(|f| f.0 == number);
        let first = it.next()?;
        it.next().is_none().then_some(first.1)
    }
}

fn is_directed(b: Barrier) -> bool {
    !matches!(b, Barrier::Plain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rotation;
    use crate::model::course::{
        Course, LivesRule, PlayerRange, RulesEdition, StartRule, TilePlacement,
    };
    use crate::model::element::{Beams, EdgeSpec};

    fn walled_tile(id: &str) -> Tile {
        // A 2 x 2 tile with a wall along its whole east side.
        let mut t = Tile::new(id, 2, 2);
        for y in 0..2 {
            t.set_edge(
                Square::new(1, y),
                Facing::E,
                EdgeSpec {
                    barrier: Some(Barrier::Plain),
                    mount: None,
                },
            );
        }
        t
    }

    fn course(placements: Vec<TilePlacement>) -> Course {
        Course {
            name: "t".into(),
            description: String::new(),
            author: String::new(),
            rules: RulesEdition::Classic1994.into(),
            players: PlayerRange::default(),
            lives: LivesRule::Standard,
            placements,
            embedded: Vec::new(),
            flags: Vec::new(),
            start: StartRule::Numbered,
        }
    }

    #[test]
    fn compiling_a_course_merges_walls_on_shared_tile_edges() {
        // Tile a's east wall and tile b's west wall (b is a turned half-way) are the same edge.
        let lib = vec![walled_tile("a")];
        let c = course(vec![
            TilePlacement {
                tile: "a".into(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            },
            TilePlacement {
                tile: "a".into(),
                at: Square::new(2, 0),
                rotation: Rotation::R180,
            },
        ]);
        let board = c.compile(&lib);
        assert!(board.problems.is_empty(), "{:?}", board.problems);
        assert_eq!((board.width(), board.height()), (4, 2));
        for y in 0..2 {
            let west = Square::new(1, y);
            let east = Square::new(2, y);
            assert!(board.wall_blocks_move(west, Facing::E));
            assert!(board.wall_blocks_move(east, Facing::W));
            // One wall, seen from both sides.
            assert_eq!(
                board.barrier(west, Facing::E).map(|b| b.barrier),
                board.barrier(east, Facing::W).map(|b| b.barrier)
            );
        }
    }

    #[test]
    fn overlapping_tiles_are_reported() {
        let lib = vec![walled_tile("a")];
        let c = course(vec![
            TilePlacement {
                tile: "a".into(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            },
            TilePlacement {
                tile: "a".into(),
                at: Square::new(1, 0),
                rotation: Rotation::R0,
            },
        ]);
        let board = c.compile(&lib);
        assert!(matches!(
            board.problems.as_slice(),
            [CompileProblem::Overlap { first: 0, second: 1, squares }] if squares.len() == 2
        ));
    }

    #[test]
    fn beams_are_traced_from_their_mount_until_a_wall() {
        let mut t = Tile::new("l", 5, 1);
        t.set_edge(
            Square::new(0, 0),
            Facing::W,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: Beams::new(2).map(Mount::Laser),
            },
        );
        t.set_edge(
            Square::new(3, 0),
            Facing::E,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: None,
            },
        );
        let board = Board::from_tile(&t, &[]);
        let beams = board.laser_beams();
        assert_eq!(beams.len(), 1);
        assert_eq!(beams[0].direction, Facing::E);
        assert_eq!(beams[0].beams, 2);
        assert_eq!(beams[0].squares.len(), 4);
    }

    #[test]
    fn beams_pass_one_way_walls_from_green_stop_at_gates_and_rising_ledges() {
        // A 2 x 1 tile: the edge between (0, 0) and (1, 0) carries each barrier anchored on (0, 0).
        let edge_between = |barrier: Barrier| {
            let mut t = Tile::new("b", 2, 1);
            t.set_edge(
                Square::new(0, 0),
                Facing::E,
                EdgeSpec {
                    barrier: Some(barrier),
                    mount: None,
                },
            );
            Board::from_tile(&t, &[])
        };
        let (a, b) = (Square::new(0, 0), Square::new(1, 0));
        // One-way: red side on (0, 0) stops a beam leaving it; from the green side it passes.
        let one_way = edge_between(Barrier::OneWay);
        assert!(one_way.wall_blocks_beam(a, Facing::E));
        assert!(!one_way.wall_blocks_beam(b, Facing::W));
        // Ledge: (0, 0) is the upper level; going down passes, going up is stopped.
        let ledge = edge_between(Barrier::Ledge);
        assert!(!ledge.wall_blocks_beam(a, Facing::E));
        assert!(ledge.wall_blocks_beam(b, Facing::W));
        // Gate: stops beams both ways.
        let gate = edge_between(Barrier::Gate(crate::model::Colour::Red));
        assert!(gate.wall_blocks_beam(a, Facing::E));
        assert!(gate.wall_blocks_beam(b, Facing::W));
    }
}
