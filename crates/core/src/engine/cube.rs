//! RoboRally Cubed (seed 003 section 8.1): "Arrange six boards in a cross (or any other
//! arrangement that can be folded into a cube)". The six placed tiles of a course are the net;
//! `Fold::of` folds it and finds, for every square on a board edge and the way out over that
//! edge, the square it meets on the other board and the direction of travel there. The factory
//! keeps the crossings as a neighbour table, so movement and beams read one lookup.

use crate::geom::{Facing, Square};
use std::collections::HashMap;

/// A direction in space: one of the six unit vectors, or a sum of them.
type V3 = [i32; 3];

fn neg(a: V3) -> V3 {
    [-a[0], -a[1], -a[2]]
}

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: V3, k: i32) -> V3 {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn dot(a: V3, b: V3) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// One face of the folded cube: the placement it is, where its north-west square lies on the
/// board, its place in the net's grid, and where the net's east (`u`), south (`v`) and the face's
/// outward normal (`n`) point in space once folded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Face {
    placement: usize,
    at: Square,
    grid: (i32, i32),
    n: V3,
    u: V3,
    v: V3,
}

impl Face {
    /// Where the way out over the face's `side` edge points in space.
    fn out(&self, side: Facing) -> V3 {
        match side {
            Facing::N => neg(self.v),
            Facing::E => self.u,
            Facing::S => self.v,
            Facing::W => neg(self.u),
        }
    }

    /// The face next to this one in the net towards `side`, folded over the shared edge.
    fn rolled(&self, side: Facing) -> (V3, V3, V3) {
        let Face { n, u, v, .. } = *self;
        match side {
            Facing::E => (u, neg(n), v),
            Facing::W => (neg(u), n, v),
            Facing::S => (v, u, neg(n)),
            Facing::N => (neg(v), u, n),
        }
    }
}

/// Why six placed tiles do not fold into a cube. Placements are 0-based here and 1-based in
/// the messages, as the course composer numbers them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoldError {
    /// A cube has six faces: the course places another number of tiles.
    Count(usize),
    /// A tile that is not square, or not the size of the first.
    Size {
        placement: usize,
        width: i32,
        height: i32,
        side: i32,
    },
    /// A tile off the net's grid: its corner is not a whole number of tile sides from the first's.
    OffGrid { placement: usize },
    /// Tiles that no chain of tiles sharing a whole edge joins to the first.
    Apart { placements: Vec<usize> },
    /// Two tiles that land on the same face of the cube when the net is folded.
    Overlap { first: usize, second: usize },
}

impl FoldError {
    pub fn message(&self) -> String {
        match self {
            FoldError::Count(n) => format!(
                "RoboRally Cubed folds six boards into a cube (1995 FAQ section 8.1): the course places {n} tile(s)"
            ),
            FoldError::Size {
                placement,
                width,
                height,
                side,
            } => format!(
                "tile {} is {width}x{height}: the six boards of a cube are squares of one size ({side}x{side}, as tile 1)",
                placement + 1
            ),
            FoldError::OffGrid { placement } => format!(
                "tile {} does not sit edge to edge in the net: its corner is not a whole number of board sides from tile 1's",
                placement + 1
            ),
            FoldError::Apart { placements } => format!(
                "tile(s) {} share no whole edge with the rest of the net, so the net does not fold into a cube",
                list(placements)
            ),
            FoldError::Overlap { first, second } => format!(
                "tiles {} and {} land on the same side of the cube when the net is folded: six boards in a cross, or another net of a cube (1995 FAQ section 8.1)",
                first + 1,
                second + 1
            ),
        }
    }

    /// The placements the error names.
    pub fn placements(&self) -> Vec<usize> {
        match self {
            FoldError::Count(_) => Vec::new(),
            FoldError::Size { placement, .. } | FoldError::OffGrid { placement } => {
                vec![*placement]
            }
            FoldError::Apart { placements } => placements.clone(),
            FoldError::Overlap { first, second } => vec![*first, *second],
        }
    }
}

fn list(placements: &[usize]) -> String {
    placements
        .iter()
        .map(|p| (p + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One edge of the cube as the net shows it: a board edge, and the board edge it meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seam {
    /// The placement and the side of its board.
    pub from: (usize, Facing),
    pub to: (usize, Facing),
    /// Whether the two edges already touch in the net (no square changes on crossing).
    pub in_net: bool,
}

/// A folded net: the crossing of every board-edge square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    /// The side of each board, in squares.
    pub side: i32,
    faces: Vec<Face>,
    /// (square on a board edge, the way out over it) -> (the square it meets, the direction of
    /// travel there). Every board-edge square is listed, edges the net already joins too.
    crossings: HashMap<(Square, Facing), (Square, Facing)>,
}

impl Fold {
    /// Folds the placements `(placement, north-west corner, width, height)` of a compiled board
    /// (`Board::placements`) into a cube.
    pub fn of(placements: &[(usize, Square, i32, i32)]) -> Result<Fold, FoldError> {
        if placements.len() != 6 {
            return Err(FoldError::Count(placements.len()));
        }
        let (_, origin, side, _) = placements[0];
        for &(p, _, w, h) in placements {
            if w != side || h != side || side < 1 {
                return Err(FoldError::Size {
                    placement: p,
                    width: w,
                    height: h,
                    side,
                });
            }
        }
        let mut grid = Vec::with_capacity(6);
        for &(p, at, _, _) in placements {
            let (dx, dy) = (at.x - origin.x, at.y - origin.y);
            if dx % side != 0 || dy % side != 0 {
                return Err(FoldError::OffGrid { placement: p });
            }
            grid.push((dx / side, dy / side));
        }
        // Roll the cube over the net from the first tile, breadth first.
        let mut faces: Vec<Option<Face>> = vec![None; 6];
        faces[0] = Some(Face {
            placement: placements[0].0,
            at: origin,
            grid: grid[0],
            n: [0, 0, 1],
            u: [1, 0, 0],
            v: [0, 1, 0],
        });
        let mut queue = vec![0usize];
        while let Some(k) = queue.pop() {
            let Some(face) = faces[k] else { continue };
            for side_out in Facing::ALL {
                let (dx, dy) = side_out.delta();
                let next = (face.grid.0 + dx, face.grid.1 + dy);
                let Some(j) = grid.iter().position(|&g| g == next) else {
                    continue;
                };
                if faces[j].is_some() {
                    continue;
                }
                let (n, u, v) = face.rolled(side_out);
                faces[j] = Some(Face {
                    placement: placements[j].0,
                    at: placements[j].1,
                    grid: next,
                    n,
                    u,
                    v,
                });
                queue.push(j);
            }
        }
        let apart: Vec<usize> = (0..6)
            .filter(|&j| faces[j].is_none())
            .map(|j| placements[j].0)
            .collect();
        if !apart.is_empty() {
            return Err(FoldError::Apart { placements: apart });
        }
        let faces: Vec<Face> = faces.into_iter().flatten().collect();
        for (a, fa) in faces.iter().enumerate() {
            if let Some(fb) = faces[..a].iter().find(|fb| fb.n == fa.n) {
                return Err(FoldError::Overlap {
                    first: fb.placement,
                    second: fa.placement,
                });
            }
        }
        let mut fold = Fold {
            side,
            faces,
            crossings: HashMap::new(),
        };
        fold.crossings = fold.all_crossings();
        Ok(fold)
    }

    /// The face whose outward normal is `n`; there is one for each of the six.
    fn face_facing(&self, n: V3) -> Option<&Face> {
        self.faces.iter().find(|f| f.n == n)
    }

    fn all_crossings(&self) -> HashMap<(Square, Facing), (Square, Facing)> {
        let n = self.side;
        let mut out = HashMap::new();
        for f in &self.faces {
            for side in Facing::ALL {
                let e = f.out(side);
                let Some(g) = self.face_facing(e) else {
                    continue;
                };
                let Some(back) = Facing::ALL.into_iter().find(|&d| g.out(d) == f.n) else {
                    continue;
                };
                for k in 0..n {
                    let (x, y) = match side {
                        Facing::N => (k, 0),
                        Facing::S => (k, n - 1),
                        Facing::E => (n - 1, k),
                        Facing::W => (0, k),
                    };
                    // Centres in space at twice the scale (whole numbers): on the face, then
                    // half a square over the edge and half a square down the other face.
                    let p = add(
                        scale(f.n, n),
                        add(scale(f.u, 2 * x + 1 - n), scale(f.v, 2 * y + 1 - n)),
                    );
                    let q = add(p, add(e, neg(f.n)));
                    let gx = (dot(q, g.u) + n - 1) / 2;
                    let gy = (dot(q, g.v) + n - 1) / 2;
                    out.insert(
                        (Square::new(f.at.x + x, f.at.y + y), side),
                        (Square::new(g.at.x + gx, g.at.y + gy), back.opposite()),
                    );
                }
            }
        }
        out
    }

    /// Where a robot leaving `s` towards `dir` arrives and which way it then travels, when `s`
    /// is on a board edge and `dir` leads over it.
    pub fn cross(&self, s: Square, dir: Facing) -> Option<(Square, Facing)> {
        self.crossings.get(&(s, dir)).copied()
    }

    /// Every (board-edge square, way out) and where it leads.
    pub fn crossings(&self) -> impl Iterator<Item = ((Square, Facing), (Square, Facing))> + '_ {
        self.crossings.iter().map(|(&a, &b)| (a, b))
    }

    /// The twelve edges of the cube, each once, as board edges that meet: what the course
    /// composer labels.
    pub fn seams(&self) -> Vec<Seam> {
        let mut seams = Vec::new();
        for f in &self.faces {
            for side in Facing::ALL {
                let Some(g) = self.face_facing(f.out(side)) else {
                    continue;
                };
                let Some(back) = Facing::ALL.into_iter().find(|&d| g.out(d) == f.n) else {
                    continue;
                };
                let here = (f.placement, side);
                let there = (g.placement, back);
                if seams.iter().any(|s: &Seam| s.from == there && s.to == here) {
                    continue;
                }
                let (dx, dy) = side.delta();
                seams.push(Seam {
                    from: here,
                    to: there,
                    in_net: g.grid == (f.grid.0 + dx, f.grid.1 + dy),
                });
            }
        }
        seams
    }
}

/// The quarter turns clockwise from `from` to `to`: how a robot's facing turns when its
/// direction of travel turns so crossing a cube edge.
pub fn quarter_turns(from: Facing, to: Facing) -> usize {
    (to.index() + 4 - from.index()) % 4
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cross of 2x2 boards:
    /// ```text
    ///   . 0 . .
    ///   1 2 3 4
    ///   . 5 . .
    /// ```
    fn cross(side: i32) -> Vec<(usize, Square, i32, i32)> {
        [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)]
            .iter()
            .enumerate()
            .map(|(i, &(gx, gy))| (i, Square::new(gx * side, gy * side), side, side))
            .collect()
    }

    #[test]
    fn a_cross_folds_and_every_edge_meets_another_seed_003_8_1() {
        let fold = Fold::of(&cross(2)).expect("a cross folds");
        // 6 boards x 4 sides x 2 squares, each with a crossing.
        assert_eq!(fold.crossings().count(), 48);
        assert_eq!(fold.seams().len(), 12);
        assert_eq!(fold.seams().iter().filter(|s| s.in_net).count(), 5);
        // Crossing and crossing back returns to the same square, travelling the other way.
        for ((s, d), (t, e)) in fold.crossings() {
            assert_eq!(fold.cross(t, e.opposite()), Some((s, d.opposite())));
        }
    }

    #[test]
    fn edges_that_touch_in_the_net_lead_to_the_next_square_seed_003_8_1() {
        let fold = Fold::of(&cross(2)).expect("a cross folds");
        // Board 2's east edge touches board 3 in the net.
        assert_eq!(
            fold.cross(Square::new(3, 2), Facing::E),
            Some((Square::new(4, 2), Facing::E))
        );
        assert_eq!(
            fold.cross(Square::new(2, 3), Facing::S),
            Some((Square::new(2, 4), Facing::S))
        );
    }

    #[test]
    fn folded_edges_turn_the_way_of_travel_seed_003_8_1() {
        let fold = Fold::of(&cross(2)).expect("a cross folds");
        // Board 0 (top of the cross) going west meets board 1's north edge, travelling south.
        // Its west column, read north to south, meets board 1's north row read west to east.
        assert_eq!(
            fold.cross(Square::new(2, 0), Facing::W),
            Some((Square::new(0, 2), Facing::S))
        );
        assert_eq!(
            fold.cross(Square::new(2, 1), Facing::W),
            Some((Square::new(1, 2), Facing::S))
        );
        // Board 0 going north meets board 4 (the far side) from its north edge, heading south,
        // mirrored along the edge.
        assert_eq!(
            fold.cross(Square::new(2, 0), Facing::N),
            Some((Square::new(7, 2), Facing::S))
        );
        // Board 1 going west wraps round to board 4's east edge, travelling west.
        assert_eq!(
            fold.cross(Square::new(0, 3), Facing::W),
            Some((Square::new(7, 3), Facing::W))
        );
        assert_eq!(quarter_turns(Facing::W, Facing::S), 3);
    }

    #[test]
    fn a_net_that_does_not_fold_names_its_tiles_seed_003_8_1() {
        // Six in a row: the fifth lands on the first's side.
        let row: Vec<_> = (0..6)
            .map(|i| (i, Square::new(i as i32 * 2, 0), 2, 2))
            .collect();
        assert_eq!(
            Fold::of(&row),
            Err(FoldError::Overlap {
                first: 0,
                second: 4
            })
        );
        let mut apart = cross(2);
        apart[5].1 = Square::new(8, 8);
        assert_eq!(
            Fold::of(&apart),
            Err(FoldError::Apart {
                placements: vec![5]
            })
        );
        assert_eq!(Fold::of(&cross(2)[..5]), Err(FoldError::Count(5)));
        let mut odd = cross(2);
        odd[3].2 = 3;
        assert!(matches!(
            Fold::of(&odd),
            Err(FoldError::Size { placement: 3, .. })
        ));
        assert!(
            Fold::of(&row)
                .err()
                .is_some_and(|e| e.message().contains("tiles 1 and 5"))
        );
    }
}
