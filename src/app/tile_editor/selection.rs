//! Rectangle selections of a tile as plain edits: copy a rectangle of squares (with the edges
//! anchored on them) into a small tile, clear it, paste a tile at a square, and turn or mirror a
//! rectangle in place.

use crate::geom::{Facing, Rotation, Square};
use crate::model::{Device, EdgeSpec, Spin, SquareSpec, StartSquare, Tile};

/// A rectangle of squares: north-west corner and size (both at least 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub min: Square,
    pub width: i32,
    pub height: i32,
}

impl Selection {
    /// The rectangle spanned by two corner squares, clipped to the tile. `None` if it misses it.
    pub fn spanning(a: Square, b: Square, tile: &Tile) -> Option<Selection> {
        let x0 = a.x.min(b.x).max(0);
        let y0 = a.y.min(b.y).max(0);
        let x1 = a.x.max(b.x).min(tile.width() - 1);
        let y1 = a.y.max(b.y).min(tile.height() - 1);
        (x0 <= x1 && y0 <= y1).then(|| Selection {
            min: Square::new(x0, y0),
            width: x1 - x0 + 1,
            height: y1 - y0 + 1,
        })
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        let (w, h, min) = (self.width, self.height, self.min);
        (0..h).flat_map(move |y| (0..w).map(move |x| min.offset(x, y)))
    }

    pub fn contains(self, s: Square) -> bool {
        (self.min.x..self.min.x + self.width).contains(&s.x)
            && (self.min.y..self.min.y + self.height).contains(&s.y)
    }
}

/// The selected squares and the edges anchored on them, as a tile of the selection's size.
pub fn copy(tile: &Tile, sel: Selection) -> Tile {
    let mut out = Tile::new("clipboard", sel.width, sel.height);
    for s in sel.squares() {
        let local = s.offset(-sel.min.x, -sel.min.y);
        if let Some(&spec) = tile.square(s) {
            out.set_square(local, spec);
        }
        for side in Facing::ALL {
            let edge = tile.edge(s, side);
            if !edge.is_empty() {
                out.set_edge(local, side, edge);
            }
        }
    }
    out
}

/// Makes the selected squares open floor and removes the edges anchored on them.
pub fn clear(tile: &mut Tile, sel: Selection) {
    for s in sel.squares() {
        tile.set_square(s, SquareSpec::default());
        for side in Facing::ALL {
            tile.set_edge(s, side, EdgeSpec::default());
        }
    }
}

/// Pastes `clip` with its north-west corner on `at`; what falls outside the tile is dropped.
/// Returns the pasted rectangle, clipped to the tile.
pub fn paste(tile: &mut Tile, clip: &Tile, at: Square) -> Option<Selection> {
    for s in clip.all_squares() {
        let target = s.offset(at.x, at.y);
        if !tile.contains(target) {
            continue;
        }
        if let Some(&spec) = clip.square(s) {
            tile.set_square(target, spec);
        }
        for side in Facing::ALL {
            tile.set_edge(target, side, clip.edge(s, side));
        }
    }
    let far = at.offset(clip.width() - 1, clip.height() - 1);
    Selection::spanning(at, far, tile)
}

/// The tile mirrored east to west: every square, edge and directed element is mirrored, and gears
/// spin the other way.
pub fn mirrored(tile: &Tile) -> Tile {
    let mirror = |f: Facing| match f {
        Facing::E => Facing::W,
        Facing::W => Facing::E,
        other => other,
    };
    let w = tile.width();
    let mut out = Tile::new(tile.id.clone(), w, tile.height());
    out.name = tile.name.clone();
    out.description = tile.description.clone();
    for s in tile.all_squares() {
        let Some(&spec) = tile.square(s) else {
            continue;
        };
        let flipped = SquareSpec {
            flow: spec.flow.map(|mut f| {
                f.out = mirror(f.out);
                f.entries = f.entries.mirrored(mirror);
                f
            }),
            gear: spec.gear.map(|g| match g {
                Spin::Cw => Spin::Ccw,
                Spin::Ccw => Spin::Cw,
            }),
            start: spec.start.map(|st| StartSquare {
                facing: mirror(st.facing),
                ..st
            }),
            device: spec.device.map(|d| match d {
                Device::Ramp(up) => Device::Ramp(mirror(up)),
                other => other,
            }),
            ..spec
        };
        out.set_square(Square::new(w - 1 - s.x, s.y), flipped);
    }
    for (s, side, edge) in tile.edges() {
        out.set_edge(Square::new(w - 1 - s.x, s.y), mirror(side), *edge);
    }
    out
}

/// Turns the selection a quarter clockwise in place (about its north-west corner) or mirrors it.
/// Returns the new selection.
pub fn transform(tile: &mut Tile, sel: Selection, turn: Option<Rotation>) -> Option<Selection> {
    let clip = copy(tile, sel);
    let changed = match turn {
        Some(r) => clip.rotated(r),
        None => mirrored(&clip),
    };
    clear(tile, sel);
    paste(tile, &changed, sel.min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Barrier, Floor, Flow, FlowKind};

    fn belt(out: Facing) -> SquareSpec {
        SquareSpec {
            flow: Some(Flow::straight(FlowKind::Belt, out)),
            ..SquareSpec::default()
        }
    }

    #[test]
    fn copy_cut_and_paste_carry_squares_and_their_walls() {
        let mut t = Tile::new("t", 6, 6);
        t.set_square(Square::new(1, 1), belt(Facing::E));
        t.set_edge(
            Square::new(1, 1),
            Facing::N,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: None,
            },
        );
        let sel = Selection::spanning(Square::new(2, 2), Square::new(1, 1), &t).expect("inside");
        assert_eq!((sel.min, sel.width, sel.height), (Square::new(1, 1), 2, 2));
        let clip = copy(&t, sel);
        clear(&mut t, sel);
        assert_eq!(t.occupied_squares().count(), 0);
        assert_eq!(t.edges().count(), 0);
        paste(&mut t, &clip, Square::new(4, 4));
        assert_eq!(t.square(Square::new(4, 4)), Some(&belt(Facing::E)));
        assert!(t.barrier(Square::new(4, 4), Facing::N).is_some());
        // Pasting over the edge keeps what fits.
        paste(&mut t, &clip, Square::new(5, 0));
        assert_eq!(t.square(Square::new(5, 0)), Some(&belt(Facing::E)));
    }

    #[test]
    fn turning_and_mirroring_a_selection_turn_its_belts() {
        let mut t = Tile::new("t", 4, 4);
        t.set_square(Square::new(0, 0), belt(Facing::E));
        t.set_square(
            Square::new(1, 0),
            SquareSpec {
                floor: Some(Floor::Pit),
                ..SquareSpec::default()
            },
        );
        let sel = Selection::spanning(Square::new(0, 0), Square::new(1, 0), &t).expect("inside");
        let turned = transform(&mut t, sel, Some(Rotation::R90)).expect("inside");
        assert_eq!((turned.width, turned.height), (1, 2));
        assert_eq!(
            t.square(Square::new(0, 0))
                .and_then(|s| s.flow)
                .map(|f| f.out),
            Some(Facing::S)
        );
        assert!(t.square(Square::new(0, 1)).is_some_and(|s| s.is_hole()));
        let mut m = Tile::new("m", 2, 1);
        m.set_square(Square::new(0, 0), belt(Facing::E));
        let sel = Selection::spanning(Square::new(0, 0), Square::new(1, 0), &m).expect("inside");
        transform(&mut m, sel, None);
        assert_eq!(m.square(Square::new(1, 0)), Some(&belt(Facing::W)));
        assert_eq!(m.square(Square::new(0, 0)), Some(&SquareSpec::default()));
    }
}
