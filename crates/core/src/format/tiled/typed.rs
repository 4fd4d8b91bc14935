//! A map tile as the typed-property convention reads it: a class with custom properties, and the
//! flip bits of its global id that turn its picture.

use super::read::{Props, RawTile};
use crate::geom::Facing;

/// A tile's class and custom properties: what the typed-property convention says it is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypedElement {
    pub class: String,
    pub props: Props,
}

/// The flip bits of a global tile id. Tiled flips diagonally first, then horizontally, then
/// vertically; a quarter turn clockwise is diagonal + horizontal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orient {
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
}

impl Orient {
    pub const H: u32 = 0x8000_0000;
    pub const V: u32 = 0x4000_0000;
    pub const D: u32 = 0x2000_0000;

    pub fn from_gid(gid: u32) -> Orient {
        Orient {
            horizontal: gid & Orient::H != 0,
            vertical: gid & Orient::V != 0,
            diagonal: gid & Orient::D != 0,
        }
    }

    /// The flip bits that turn a picture drawn facing north to face `f`.
    pub fn bits_for(f: Facing) -> u32 {
        match f {
            Facing::N => 0,
            Facing::E => Orient::H | Orient::D,
            Facing::S => Orient::H | Orient::V,
            Facing::W => Orient::V | Orient::D,
        }
    }

    /// Where a direction of the picture points once the tile is flipped.
    pub fn face(self, f: Facing) -> Facing {
        let mut f = f;
        if self.diagonal {
            f = match f {
                Facing::N => Facing::W,
                Facing::W => Facing::N,
                Facing::E => Facing::S,
                Facing::S => Facing::E,
            };
        }
        if self.horizontal && matches!(f, Facing::E | Facing::W) {
            f = f.opposite();
        }
        if self.vertical && matches!(f, Facing::N | Facing::S) {
            f = f.opposite();
        }
        f
    }

    /// A mirror image (an odd number of flips): turns go the other way.
    pub fn mirrored(self) -> bool {
        (u8::from(self.horizontal) + u8::from(self.vertical) + u8::from(self.diagonal)) % 2 == 1
    }
}

impl From<&RawTile> for TypedElement {
    fn from(t: &RawTile) -> TypedElement {
        TypedElement {
            class: t.class.clone(),
            props: t.props.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turns_are_diagonal_and_horizontal_flips() {
        for f in Facing::ALL {
            let o = Orient::from_gid(Orient::bits_for(f));
            assert_eq!(o.face(Facing::N), f);
            assert!(!o.mirrored());
            // Every direction turns with the picture.
            for g in Facing::ALL {
                assert_eq!(
                    o.face(g),
                    g.rotated(crate::geom::Rotation::from_quarter_turns(f.index() as u8))
                );
            }
        }
        let h = Orient::from_gid(Orient::H);
        assert!(h.mirrored());
        assert_eq!(h.face(Facing::E), Facing::W);
        assert_eq!(h.face(Facing::N), Facing::N);
    }
}
