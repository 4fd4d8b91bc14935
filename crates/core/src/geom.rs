//! Squares, facings, turns and quarter-turn rotations: the small `Copy` types every other module
//! speaks in. A square is `(x, y)` with x growing east and y growing south (RULINGS.md, Geometry).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square on a tile or a board: `(0, 0)` is the north-west corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square {
    pub x: i32,
    pub y: i32,
}

impl Square {
    pub const fn new(x: i32, y: i32) -> Self {
        Square { x, y }
    }

    /// The neighbouring square one step towards `facing`.
    pub const fn step(self, facing: Facing) -> Square {
        let (dx, dy) = facing.delta();
        Square::new(self.x + dx, self.y + dy)
    }

    /// The square `n` steps towards `facing`.
    pub const fn steps(self, facing: Facing, n: i32) -> Square {
        let (dx, dy) = facing.delta();
        Square::new(self.x + dx * n, self.y + dy * n)
    }

    pub const fn offset(self, dx: i32, dy: i32) -> Square {
        Square::new(self.x + dx, self.y + dy)
    }

    /// The facing that leads from `self` to the orthogonally adjacent `other`, if it is adjacent.
    pub fn facing_to(self, other: Square) -> Option<Facing> {
        Facing::ALL.into_iter().find(|&f| self.step(f) == other)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Files write a square as a two-element array `[x, y]`: short, and one square stays on one line.
impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.x, self.y].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [x, y] = <[i32; 2]>::deserialize(d)?;
        Ok(Square::new(x, y))
    }
}

impl JsonSchema for Square {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Square".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A square as [x, y]: x grows to the east, y to the south, [0, 0] is the north-west corner.",
            "type": "array",
            "items": { "type": "integer" },
            "minItems": 2,
            "maxItems": 2
        })
    }
}

/// One of the four compass directions a robot or a directed element can face.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Facing {
    N,
    E,
    S,
    W,
}

impl Facing {
    /// In clockwise order starting north; also the canonical order used in files.
    pub const ALL: [Facing; 4] = [Facing::N, Facing::E, Facing::S, Facing::W];

    pub const fn delta(self) -> (i32, i32) {
        match self {
            Facing::N => (0, -1),
            Facing::E => (1, 0),
            Facing::S => (0, 1),
            Facing::W => (-1, 0),
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Facing {
        Facing::ALL[i % 4]
    }

    pub const fn right(self) -> Facing {
        Facing::from_index(self.index() + 1)
    }

    pub const fn left(self) -> Facing {
        Facing::from_index(self.index() + 3)
    }

    pub const fn opposite(self) -> Facing {
        Facing::from_index(self.index() + 2)
    }

    pub const fn turned(self, turn: Turn) -> Facing {
        match turn {
            Turn::Left => self.left(),
            Turn::Right => self.right(),
            Turn::UTurn => self.opposite(),
        }
    }

    pub const fn rotated(self, rotation: Rotation) -> Facing {
        Facing::from_index(self.index() + rotation.quarter_turns() as usize)
    }

    pub fn name(self) -> &'static str {
        match self {
            Facing::N => "north",
            Facing::E => "east",
            Facing::S => "south",
            Facing::W => "west",
        }
    }
}

impl fmt::Display for Facing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A turn a robot makes in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    Left,
    Right,
    UTurn,
}

/// A clockwise rotation by a whole number of quarter turns: how a tile is placed on a course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Rotation {
    #[default]
    R0,
    R90,
    R180,
    R270,
}

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    pub const fn quarter_turns(self) -> u8 {
        self as u8
    }

    pub const fn from_quarter_turns(n: u8) -> Rotation {
        match n % 4 {
            0 => Rotation::R0,
            1 => Rotation::R90,
            2 => Rotation::R180,
            _ => Rotation::R270,
        }
    }

    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }

    pub fn from_degrees(degrees: i64) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }

    /// This rotation followed by `other`.
    pub const fn then(self, other: Rotation) -> Rotation {
        Rotation::from_quarter_turns(self.quarter_turns() + other.quarter_turns())
    }

    pub const fn inverse(self) -> Rotation {
        Rotation::from_quarter_turns(4 - self.quarter_turns())
    }

    /// Where square `s` of a `width` x `height` area lands when the area is rotated clockwise
    /// about its centre and moved back so its north-west corner is `(0, 0)` again.
    pub const fn apply(self, s: Square, width: i32, height: i32) -> Square {
        match self {
            Rotation::R0 => s,
            Rotation::R90 => Square::new(height - 1 - s.y, s.x),
            Rotation::R180 => Square::new(width - 1 - s.x, height - 1 - s.y),
            Rotation::R270 => Square::new(s.y, width - 1 - s.x),
        }
    }

    /// The size of a `width` x `height` area after this rotation.
    pub const fn size(self, width: i32, height: i32) -> (i32, i32) {
        match self {
            Rotation::R0 | Rotation::R180 => (width, height),
            Rotation::R90 | Rotation::R270 => (height, width),
        }
    }
}

impl Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.degrees())
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let degrees = i64::deserialize(d)?;
        Rotation::from_degrees(degrees).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "rotation {degrees} is not allowed: a tile turns by 0, 90, 180 or 270 degrees clockwise"
            ))
        })
    }
}

impl JsonSchema for Rotation {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Rotation".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Clockwise rotation in degrees.",
            "enum": [0, 90, 180, 270]
        })
    }
}

/// A set of square sides, such as the sides a belt is fed from. Files list them in N, E, S, W order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Sides(u8);

impl Sides {
    pub const NONE: Sides = Sides(0);

    pub const fn of(facing: Facing) -> Sides {
        Sides(1 << facing as u8)
    }

    pub const fn contains(self, facing: Facing) -> bool {
        self.0 & (1 << facing as u8) != 0
    }

    pub const fn with(self, facing: Facing) -> Sides {
        Sides(self.0 | 1 << facing as u8)
    }

    pub const fn without(self, facing: Facing) -> Sides {
        Sides(self.0 & !(1 << facing as u8))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn iter(self) -> impl Iterator<Item = Facing> {
        Facing::ALL.into_iter().filter(move |&f| self.contains(f))
    }

    pub fn rotated(self, rotation: Rotation) -> Sides {
        self.iter()
            .fold(Sides::NONE, |acc, f| acc.with(f.rotated(rotation)))
    }

    pub fn mirrored(self, mirror: impl Fn(Facing) -> Facing) -> Sides {
        self.iter().fold(Sides::NONE, |acc, f| acc.with(mirror(f)))
    }
}

impl FromIterator<Facing> for Sides {
    fn from_iter<I: IntoIterator<Item = Facing>>(iter: I) -> Self {
        iter.into_iter().fold(Sides::NONE, Sides::with)
    }
}

impl Serialize for Sides {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Sides {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<Facing>::deserialize(d)?;
        let mut sides = Sides::NONE;
        for f in list {
            if sides.contains(f) {
                return Err(serde::de::Error::custom(format!(
                    "side {f:?} is listed twice"
                )));
            }
            sides = sides.with(f);
        }
        Ok(sides)
    }
}

impl JsonSchema for Sides {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Sides".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let facing = g.subschema_for::<Facing>();
        schemars::json_schema!({
            "description": "A set of square sides, each at most once, in N, E, S, W order.",
            "type": "array",
            "items": facing,
            "uniqueItems": true,
            "maxItems": 4
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_are_the_identity() {
        for f in Facing::ALL {
            assert_eq!(f.right().right().right().right(), f);
            assert_eq!(f.left().right(), f);
            assert_eq!(f.opposite().opposite(), f);
        }
        let s = Square::new(2, 7);
        let (mut w, mut h) = (12, 9);
        let mut t = s;
        for _ in 0..4 {
            t = Rotation::R90.apply(t, w, h);
            (w, h) = Rotation::R90.size(w, h);
        }
        assert_eq!(t, s);
    }

    #[test]
    fn rotating_a_square_rotates_its_neighbours_with_it() {
        // Stepping east then rotating equals rotating then stepping in the rotated direction.
        for r in Rotation::ALL {
            for f in Facing::ALL {
                let (w, h) = (5, 3);
                let a = Square::new(2, 1);
                let b = a.step(f);
                if !(0..w).contains(&b.x) || !(0..h).contains(&b.y) {
                    continue;
                }
                assert_eq!(r.apply(a, w, h).step(f.rotated(r)), r.apply(b, w, h));
            }
        }
    }

    #[test]
    fn sides_round_trip_in_canonical_order() {
        let s: Sides = [Facing::W, Facing::N].into_iter().collect();
        assert_eq!(
            serde_json::to_string(&s).ok(),
            Some(r#"["N","W"]"#.to_string())
        );
        assert!(serde_json::from_str::<Sides>(r#"["N","N"]"#).is_err());
    }
}
