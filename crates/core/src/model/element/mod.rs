//! Every floor element of the rules sources, as data. A square holds its floor and at most one thing
//! in each slot (`SquareSpec`); walls and wall-mounted things live on square edges (`EdgeSpec`).
//! `ElementKind` is the catalogue: one entry per element the Factory Floor Guide (seed 001) names.
//! This file holds the element types; `numbers`, `square` and `catalogue` the rest.

mod catalogue;
mod numbers;
mod square;

pub use catalogue::{ElementGroup, ElementKind, Placement};
pub use numbers::{Beams, Phases, StartNumber, Wrenches};
pub use square::{EdgeSpec, SquareSpec};

use crate::geom::{Facing, Rotation, Sides, Turn};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The colours that pair portals with portals and gates with gates.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Blue,
    Green,
    Yellow,
    Purple,
    Orange,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Purple,
        Colour::Orange,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Orange => "orange",
        }
    }
}

/// Lower or upper level of the factory floor; ramps and ledges connect the two (Armed & Dangerous).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Lower,
    Upper,
}

impl Level {
    pub fn is_lower(&self) -> bool {
        *self == Level::Lower
    }
}

/// The floor of a square when it is not open floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Floor {
    /// A bottomless shaft: a robot moving onto or over it is destroyed.
    Pit,
    /// Armed & Dangerous: treated as a pit.
    Drain,
    /// Radioactive: treated as a pit.
    RadioactiveDrain,
    /// Armed & Dangerous: the first square of a movement card is negated.
    Water,
    /// Fan-created: only Move 2 and Move 3 leave it.
    Slime,
    /// Crash & Burn: robots slide across it.
    OilSlick,
    /// Fan-created: damages robots; erupts in the listed phases.
    LavaPit(Phases),
    /// Grand Prix: a pit for the whole register phase in the listed phases.
    TrapDoor(Phases),
}

/// What carries robots along: belts of three speeds, water currents and molten-metal rivers.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FlowKind {
    /// Normal conveyor belt: one square.
    Belt,
    /// Express conveyor belt: two squares.
    Express,
    /// Fan-created gold conveyor belt: three squares.
    Gold,
    /// Armed & Dangerous current: one square through water, after belts.
    Current,
    /// Fan-created molten-metal river: a current that does 1 damage.
    River,
}

impl FlowKind {
    pub const ALL: [FlowKind; 5] = [
        FlowKind::Belt,
        FlowKind::Express,
        FlowKind::Gold,
        FlowKind::Current,
        FlowKind::River,
    ];

    pub fn is_belt(self) -> bool {
        matches!(self, FlowKind::Belt | FlowKind::Express | FlowKind::Gold)
    }
}

/// A square of belt, current or river: where it carries robots (`out`) and the sides its art shows
/// as entries (`in`). A straight piece is fed from behind, a turn from one side, a merge from behind
/// and one side, a T-merge from both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Flow {
    pub kind: FlowKind,
    pub out: Facing,
    #[serde(rename = "in")]
    pub entries: Sides,
}

/// How a flow piece is drawn, from its entries relative to its out-direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlowShape {
    /// Fed from behind only (or not fed at all: the start of a belt).
    Straight,
    /// Fed from one side only: a drawn turn. `Turn` is how a robot entering there is rotated.
    Turn(Turn),
    /// Fed from behind and one side.
    Merge,
    /// Fed from both sides, with or without behind.
    TMerge,
}

impl Flow {
    pub fn straight(kind: FlowKind, out: Facing) -> Flow {
        Flow {
            kind,
            out,
            entries: Sides::of(out.opposite()),
        }
    }

    pub fn shape(&self) -> FlowShape {
        let left = self.entries.contains(self.out.left());
        let right = self.entries.contains(self.out.right());
        let behind = self.entries.contains(self.out.opposite());
        match (left, right, behind) {
            (true, true, _) => FlowShape::TMerge,
            (true, false, true) | (false, true, true) => FlowShape::Merge,
            // Fed from its left side the robot arrives travelling towards the belt's right and
            // leaves along `out`: a left turn (travelling south onto an east-running belt turns
            // the robot to face east, which is its left). And vice versa.
            (true, false, false) => FlowShape::Turn(Turn::Left),
            (false, true, false) => FlowShape::Turn(Turn::Right),
            (false, false, _) => FlowShape::Straight,
        }
    }

    /// Entering through side `side` (a side of this square), how is a belt-carried robot turned?
    /// Only side entries the art shows turn it (RULINGS.md, Belts).
    pub fn turn_on_entry(&self, side: Facing) -> Option<Turn> {
        if !self.entries.contains(side) {
            return None;
        }
        if side == self.out.left() {
            Some(Turn::Left)
        } else if side == self.out.right() {
            Some(Turn::Right)
        } else {
            None
        }
    }

    pub fn rotated(self, r: Rotation) -> Flow {
        Flow {
            kind: self.kind,
            out: self.out.rotated(r),
            entries: self.entries.rotated(r),
        }
    }
}

/// A gear's sense of rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Spin {
    /// Clockwise: robots turn right.
    Cw,
    /// Counter-clockwise: robots turn left.
    Ccw,
}

impl Spin {
    pub fn turn(self) -> Turn {
        match self {
            Spin::Cw => Turn::Right,
            Spin::Ccw => Turn::Left,
        }
    }
}

/// A numbered start square (docks), with the facing robots start in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartSquare {
    pub number: StartNumber,
    pub facing: Facing,
}

/// The special devices a square may carry, at most one per square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Device {
    /// Armed & Dangerous: replaces the program card at reveal.
    Randomizer,
    /// Armed & Dangerous: a movement card moves its distance plus 2, ignoring what lies between.
    Teleporter,
    /// Armed & Dangerous: the way up to the upper level; `up` is the direction of travel going up.
    Ramp(Facing),
    /// Crash & Burn: moves a robot to the portal of the same colour.
    Portal(Colour),
    /// Grand Prix: pushes back a robot that moves into it.
    RepulsorField,
    /// Grand Prix: option card trades.
    ChopShop,
    /// Radioactive: 1 damage to a robot ending the turn here.
    Radiation,
    /// Radioactive: 1 damage and an option draw at the end of a register phase.
    RadioactiveWaste,
    /// Fan-created: stops robots in the listed phases.
    Maglock(Phases),
    /// Fan-created: the robot runs its movement card again.
    Repeater,
    /// Fan-created: teleports by three random movement cards.
    FreakTeleporter,
}

impl Device {
    pub fn rotated(self, r: Rotation) -> Device {
        match self {
            Device::Ramp(up) => Device::Ramp(up.rotated(r)),
            other => other,
        }
    }
}

/// What stands on a square edge and blocks (or half-blocks) movement.
/// Directed barriers are anchored on one square's side: see `EdgeSpec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Barrier {
    /// A factory wall: blocks robots and lasers both ways.
    Plain,
    /// Radioactive one-way wall: a wall from its red side (the anchor square), nothing from the green.
    OneWay,
    /// Fan-created spiked wall: a wall whose spikes face the anchor square.
    Spiked,
    /// Armed & Dangerous ledge: the anchor square is the upper level.
    Ledge,
    /// Fan-created gate: entered from its coloured side (the anchor square); a wall from the other.
    Gate(Colour),
}

/// What is mounted on a wall, acting into the anchor square and beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Mount {
    /// A board laser with 1 to 3 beams.
    Laser(Beams),
    /// Pushes a robot on the anchor square away from the wall in the listed phases.
    Pusher(Phases),
    /// Crash & Burn flamer: burns the anchor square in the listed phases.
    Flamer(Phases),
    /// Fan-created repulsor: its beam pushes robots one square away, in the listed phases.
    Repulsor(Phases),
}

impl Mount {
    pub fn phases(&self) -> Option<Phases> {
        match *self {
            Mount::Laser(_) => None,
            Mount::Pusher(phases) | Mount::Flamer(phases) | Mount::Repulsor(phases) => Some(phases),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_shapes_follow_the_entries() {
        let mut f = Flow::straight(FlowKind::Belt, Facing::E);
        assert_eq!(f.shape(), FlowShape::Straight);
        f.entries = Sides::of(Facing::N);
        // Fed from the north (its left when running east): a robot arrives travelling south and
        // leaves travelling east, a left turn.
        assert_eq!(f.shape(), FlowShape::Turn(Turn::Left));
        assert_eq!(f.turn_on_entry(Facing::N), Some(Turn::Left));
        assert_eq!(Facing::S.turned(Turn::Left), Facing::E);
        assert_eq!(f.turn_on_entry(Facing::S), None);
        f.entries = f.entries.with(Facing::W);
        assert_eq!(f.shape(), FlowShape::Merge);
        f.entries = Sides::of(Facing::N).with(Facing::S);
        assert_eq!(f.shape(), FlowShape::TMerge);
    }
}
