//! A factory tile: a W x H grid of squares plus the things on square edges.

use super::element::{Barrier, EdgeSpec, ElementKind, Mount, SquareSpec};
use crate::geom::{Facing, Rotation, Square};
use std::collections::BTreeMap;

/// The largest tile side the model accepts. Published tiles are 12 x 12 and docks 12 x 4.
pub const MAX_TILE_SIDE: i32 = 64;

/// A factory tile. Squares are stored densely (row by row); edge things are keyed by the square
/// they are anchored on and the side of that square they stand on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    pub id: String,
    pub name: String,
    pub description: String,
    width: i32,
    height: i32,
    squares: Vec<SquareSpec>,
    edges: BTreeMap<(Square, Facing), EdgeSpec>,
}

impl Tile {
    /// An empty tile of open floor. Sizes are clamped to 1..=`MAX_TILE_SIDE`.
    pub fn new(id: impl Into<String>, width: i32, height: i32) -> Tile {
        let width = width.clamp(1, MAX_TILE_SIDE);
        let height = height.clamp(1, MAX_TILE_SIDE);
        Tile {
            id: id.into(),
            name: String::new(),
            description: String::new(),
            width,
            height,
            squares: vec![SquareSpec::default(); (width * height) as usize],
            edges: BTreeMap::new(),
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn contains(&self, s: Square) -> bool {
        (0..self.width).contains(&s.x) && (0..self.height).contains(&s.y)
    }

    fn index(&self, s: Square) -> Option<usize> {
        self.contains(s).then(|| (s.y * self.width + s.x) as usize)
    }

    /// Every square of the tile, row by row.
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Square::new(x, y)))
    }

    pub fn square(&self, s: Square) -> Option<&SquareSpec> {
        self.index(s).map(|i| &self.squares[i])
    }

    /// Replaces what is on square `s`; does nothing outside the tile.
    pub fn set_square(&mut self, s: Square, spec: SquareSpec) {
        if let Some(i) = self.index(s) {
            self.squares[i] = spec;
        }
    }

    pub fn square_mut(&mut self, s: Square) -> Option<&mut SquareSpec> {
        self.index(s).map(|i| &mut self.squares[i])
    }

    /// The squares that are not open floor, row by row.
    pub fn occupied_squares(&self) -> impl Iterator<Item = (Square, &SquareSpec)> {
        self.all_squares()
            .zip(self.squares.iter())
            .filter(|(_, spec)| !spec.is_open_floor())
    }

    /// What is anchored on side `side` of square `s`.
    pub fn edge(&self, s: Square, side: Facing) -> EdgeSpec {
        self.edges.get(&(s, side)).copied().unwrap_or_default()
    }

    /// Every edge entry, keyed by anchor square and side, in file order.
    pub fn edges(&self) -> impl Iterator<Item = (Square, Facing, &EdgeSpec)> {
        self.edges.iter().map(|(&(s, f), e)| (s, f, e))
    }

    /// Replaces what is anchored on side `side` of `s`. A barrier anchored on the same physical
    /// edge from the neighbouring square is removed first, since an edge holds one barrier.
    pub fn set_edge(&mut self, s: Square, side: Facing, edge: EdgeSpec) {
        if edge.barrier.is_some() {
            let twin = (s.step(side), side.opposite());
            if let Some(other) = self.edges.get_mut(&twin) {
                other.barrier = None;
                if other.is_empty() {
                    self.edges.remove(&twin);
                }
            }
        }
        if edge.is_empty() {
            self.edges.remove(&(s, side));
        } else {
            self.edges.insert((s, side), edge);
        }
    }

    /// The barrier on the edge on side `side` of `s`, wherever it is anchored, with its anchor.
    pub fn barrier(&self, s: Square, side: Facing) -> Option<(Barrier, Square)> {
        if let Some(b) = self.edge(s, side).barrier {
            return Some((b, s));
        }
        let other = s.step(side);
        self.edge(other, side.opposite())
            .barrier
            .map(|b| (b, other))
    }

    pub fn mount(&self, s: Square, side: Facing) -> Option<Mount> {
        self.edge(s, side).mount
    }

    /// Every element kind used on this tile.
    pub fn kinds(&self) -> Vec<ElementKind> {
        let mut kinds: Vec<ElementKind> = self
            .squares
            .iter()
            .flat_map(|s| s.kinds())
            .chain(self.edges.values().flat_map(|e| e.kinds()))
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds
    }

    /// The tile turned clockwise by `r`: every square, wall and directed element turns with it.
    pub fn rotated(&self, r: Rotation) -> Tile {
        let (w, h) = r.size(self.width, self.height);
        let mut out = Tile {
            id: self.id.clone(),
            name: self.name.clone(),
            description: self.description.clone(),
            width: w,
            height: h,
            squares: vec![SquareSpec::default(); (w * h) as usize],
            edges: BTreeMap::new(),
        };
        for (s, spec) in self.all_squares().zip(self.squares.iter()) {
            out.set_square(r.apply(s, self.width, self.height), spec.rotated(r));
        }
        for (&(s, side), edge) in &self.edges {
            out.edges.insert(
                (r.apply(s, self.width, self.height), side.rotated(r)),
                *edge,
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::element::{Beams, Flow, FlowKind};

    #[test]
    fn setting_a_barrier_replaces_the_one_anchored_from_the_other_side() {
        let mut t = Tile::new("t", 3, 3);
        let a = Square::new(1, 1);
        t.set_edge(
            a.step(Facing::N),
            Facing::S,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: None,
            },
        );
        t.set_edge(
            a,
            Facing::N,
            EdgeSpec {
                barrier: Some(Barrier::OneWay),
                mount: Beams::new(1).map(Mount::Laser),
            },
        );
        assert_eq!(t.edges().count(), 1);
        assert_eq!(
            t.barrier(a.step(Facing::N), Facing::S),
            Some((Barrier::OneWay, a))
        );
    }

    #[test]
    fn rotating_a_tile_turns_its_belts_and_walls() {
        let mut t = Tile::new("t", 4, 2);
        let spec = SquareSpec {
            flow: Some(Flow::straight(FlowKind::Belt, Facing::E)),
            ..SquareSpec::default()
        };
        t.set_square(Square::new(0, 0), spec);
        t.set_edge(
            Square::new(0, 0),
            Facing::N,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: None,
            },
        );
        let r = t.rotated(Rotation::R90);
        assert_eq!((r.width(), r.height()), (2, 4));
        let moved = Square::new(1, 0);
        assert_eq!(
            r.square(moved).and_then(|s| s.flow).map(|f| f.out),
            Some(Facing::S)
        );
        assert_eq!(
            r.barrier(moved, Facing::E).map(|b| b.0),
            Some(Barrier::Plain)
        );
    }
}
