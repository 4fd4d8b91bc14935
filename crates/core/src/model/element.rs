//! Every floor element of the rules sources, as data. A square holds its floor and at most one thing
//! in each slot (`SquareSpec`); walls and wall-mounted things live on square edges (`EdgeSpec`).
//! `ElementKind` is the catalogue: one entry per element the Factory Floor Guide (seed 001) names.

use crate::geom::{Facing, Rotation, Sides, Turn};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The register phases (1 to 5) in which a phased element (pusher, crusher, flamer, trap door,
/// maglock, repulsor, lava eruption) is active. Files write it as a sorted list, `[2, 4]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Phases(u8);

impl Phases {
    pub const NONE: Phases = Phases(0);
    pub const ALL: Phases = Phases(0b11111);

    /// Phases from a list of phase numbers; `None` if any number is outside 1..=5.
    pub fn from_list(list: &[u8]) -> Option<Phases> {
        list.iter().try_fold(Phases::NONE, |acc, &p| {
            (1..=5).contains(&p).then(|| acc.with(p))
        })
    }

    pub const fn contains(self, phase: u8) -> bool {
        phase >= 1 && phase <= 5 && self.0 & (1 << (phase - 1)) != 0
    }

    pub const fn with(self, phase: u8) -> Phases {
        Phases(self.0 | 1 << (phase - 1))
    }

    pub const fn without(self, phase: u8) -> Phases {
        Phases(self.0 & !(1 << (phase - 1)))
    }

    pub const fn toggled(self, phase: u8) -> Phases {
        Phases(self.0 ^ 1 << (phase - 1))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=5).filter(move |&p| self.contains(p))
    }

    /// "1 3 5", as printed on the element.
    pub fn label(self) -> String {
        self.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Serialize for Phases {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Phases {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let list = Vec::<i64>::deserialize(d)?;
        let mut phases = Phases::NONE;
        for p in list {
            if !(1..=5).contains(&p) {
                return Err(D::Error::custom(format!(
                    "phase {p} does not exist: register phases are numbered 1 to 5"
                )));
            }
            let p = p as u8;
            if phases.contains(p) {
                return Err(D::Error::custom(format!("phase {p} is listed twice")));
            }
            phases = phases.with(p);
        }
        Ok(phases)
    }
}

impl JsonSchema for Phases {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Phases".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The register phases (1-5) in which the element is active.",
            "type": "array",
            "items": { "type": "integer", "minimum": 1, "maximum": 5 },
            "uniqueItems": true,
            "maxItems": 5
        })
    }
}

/// Generates a small integer newtype that files write as a plain number, checked on load.
macro_rules! bounded_number {
    ($(#[$doc:meta])* $name:ident, $min:expr, $max:expr, $what:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u8);

        impl $name {
            pub const MIN: u8 = $min;
            pub const MAX: u8 = $max;

            pub fn new(n: u8) -> Option<Self> {
                ($min..=$max).contains(&n).then_some($name(n))
            }

            pub const fn get(self) -> u8 {
                self.0
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(self.0)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let n = i64::deserialize(d)?;
                u8::try_from(n).ok().and_then($name::new).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "{} {} is out of range: it must be {} to {}",
                        $what, n, $min, $max
                    ))
                })
            }
        }

        impl JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({
                    "description": $what,
                    "type": "integer",
                    "minimum": $min,
                    "maximum": $max
                })
            }
        }
    };
}

bounded_number!(
    /// How many beams a board laser fires (1 to 3); each beam does 1 damage.
    Beams, 1, 3, "the number of laser beams"
);
bounded_number!(
    /// How many wrenches a repair site shows (1 or 2).
    Wrenches, 1, 2, "the number of wrenches"
);
bounded_number!(
    /// The number printed on a start square (1 to 8).
    StartNumber, 1, 8, "the start number"
);

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

/// Everything on one square, slot by slot. The empty spec is open floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSpec {
    pub level: Level,
    pub floor: Option<Floor>,
    pub flow: Option<Flow>,
    pub gear: Option<Spin>,
    pub crusher: Option<Phases>,
    pub repair: Option<Wrenches>,
    pub start: Option<StartSquare>,
    pub device: Option<Device>,
}

impl SquareSpec {
    pub fn is_open_floor(&self) -> bool {
        *self == SquareSpec::default()
    }

    /// The square turned with its tile.
    pub fn rotated(self, r: Rotation) -> SquareSpec {
        SquareSpec {
            flow: self.flow.map(|f| f.rotated(r)),
            start: self.start.map(|s| StartSquare {
                facing: s.facing.rotated(r),
                ..s
            }),
            device: self.device.map(|d| d.rotated(r)),
            ..self
        }
    }

    /// Pits and everything treated as a pit at all times.
    pub fn is_hole(&self) -> bool {
        matches!(
            self.floor,
            Some(Floor::Pit | Floor::Drain | Floor::RadioactiveDrain)
        )
    }

    pub fn is_water(&self) -> bool {
        self.floor == Some(Floor::Water) || self.flow.is_some_and(|f| f.kind == FlowKind::Current)
    }

    /// The catalogue entries present on this square, in catalogue order.
    pub fn kinds(&self) -> Vec<ElementKind> {
        let mut kinds = Vec::new();
        if let Some(floor) = self.floor {
            kinds.push(match floor {
                Floor::Pit => ElementKind::Pit,
                Floor::Drain => ElementKind::Drain,
                Floor::RadioactiveDrain => ElementKind::RadioactiveDrain,
                Floor::Water => ElementKind::Water,
                Floor::Slime => ElementKind::Slime,
                Floor::OilSlick => ElementKind::OilSlick,
                Floor::LavaPit(_) => ElementKind::LavaPit,
                Floor::TrapDoor(_) => ElementKind::TrapDoor,
            });
        }
        if let Some(flow) = self.flow {
            kinds.push(match flow.kind {
                FlowKind::Belt => ElementKind::Belt,
                FlowKind::Express => ElementKind::ExpressBelt,
                FlowKind::Gold => ElementKind::GoldBelt,
                FlowKind::Current => ElementKind::Current,
                FlowKind::River => ElementKind::MoltenRiver,
            });
        }
        if self.gear.is_some() {
            kinds.push(ElementKind::Gear);
        }
        if self.crusher.is_some() {
            kinds.push(ElementKind::Crusher);
        }
        if self.repair.is_some() {
            kinds.push(ElementKind::RepairSite);
        }
        if self.start.is_some() {
            kinds.push(ElementKind::StartSquare);
        }
        if let Some(device) = self.device {
            kinds.push(match device {
                Device::Randomizer => ElementKind::Randomizer,
                Device::Teleporter => ElementKind::Teleporter,
                Device::Ramp(_) => ElementKind::Ramp,
                Device::Portal(_) => ElementKind::Portal,
                Device::RepulsorField => ElementKind::RepulsorField,
                Device::ChopShop => ElementKind::ChopShop,
                Device::Radiation => ElementKind::Radiation,
                Device::RadioactiveWaste => ElementKind::RadioactiveWaste,
                Device::Maglock(_) => ElementKind::Maglock,
                Device::Repeater => ElementKind::Repeater,
                Device::FreakTeleporter => ElementKind::FreakTeleporter,
            });
        }
        if self.level == Level::Upper {
            kinds.push(ElementKind::UpperLevel);
        }
        kinds
    }

    /// The model's rule of which elements may share a square. `None` when this square is allowed;
    /// otherwise a sentence saying what clashes.
    ///
    /// A square has one "occupant" at most: a non-open floor, a flow, a gear, a repair site, a start
    /// square or a device. Two exceptions: a current runs on water, and a crusher stands over a
    /// conveyor belt (or over open floor) as on the published boards.
    pub fn sharing_problem(&self) -> Option<String> {
        let mut occupants: Vec<ElementKind> = self.kinds();
        occupants.retain(|k| !matches!(k, ElementKind::Crusher | ElementKind::UpperLevel));
        let current_on_water = self.floor == Some(Floor::Water)
            && self.flow.is_some_and(|f| f.kind == FlowKind::Current);
        if occupants.len() > 1 && !(occupants.len() == 2 && current_on_water) {
            return Some(format!(
                "{} cannot share a square with {}",
                occupants[0].article_name(),
                occupants[1].article_name()
            ));
        }
        if self.crusher.is_some()
            && let Some(other) = occupants.first()
            && !matches!(
                other,
                ElementKind::Belt | ElementKind::ExpressBelt | ElementKind::GoldBelt
            )
        {
            return Some(format!(
                "a crusher stands over open floor or a conveyor belt, not over {}",
                other.article_name()
            ));
        }
        if let Some(flow) = self.flow
            && flow.entries.contains(flow.out)
        {
            return Some(format!(
                "a {} cannot be fed from the side it runs out of ({})",
                flow_noun(flow.kind),
                flow.out.name()
            ));
        }
        None
    }
}

fn flow_noun(kind: FlowKind) -> &'static str {
    match kind {
        FlowKind::Belt => "conveyor belt",
        FlowKind::Express => "express belt",
        FlowKind::Gold => "gold belt",
        FlowKind::Current => "current",
        FlowKind::River => "molten-metal river",
    }
}

/// Everything on one side of one square: a barrier on the edge, and a device mounted on that side
/// of the edge acting into the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct EdgeSpec {
    pub barrier: Option<Barrier>,
    pub mount: Option<Mount>,
}

impl EdgeSpec {
    pub fn is_empty(&self) -> bool {
        self.barrier.is_none() && self.mount.is_none()
    }

    pub fn kinds(&self) -> Vec<ElementKind> {
        let mut kinds = Vec::new();
        if let Some(b) = self.barrier {
            kinds.push(match b {
                Barrier::Plain => ElementKind::Wall,
                Barrier::OneWay => ElementKind::OneWayWall,
                Barrier::Spiked => ElementKind::SpikedWall,
                Barrier::Ledge => ElementKind::Ledge,
                Barrier::Gate(_) => ElementKind::Gate,
            });
        }
        if let Some(m) = self.mount {
            kinds.push(match m {
                Mount::Laser(_) => ElementKind::Laser,
                Mount::Pusher(_) => ElementKind::Pusher,
                Mount::Flamer(_) => ElementKind::Flamer,
                Mount::Repulsor(_) => ElementKind::Repulsor,
            });
        }
        kinds
    }
}

/// The sets of elements as the Factory Floor Guide groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElementGroup {
    Base,
    ArmedAndDangerous,
    CrashAndBurn,
    GrandPrix,
    Radioactive,
    FanCreated,
}

impl ElementGroup {
    pub const ALL: [ElementGroup; 6] = [
        ElementGroup::Base,
        ElementGroup::ArmedAndDangerous,
        ElementGroup::CrashAndBurn,
        ElementGroup::GrandPrix,
        ElementGroup::Radioactive,
        ElementGroup::FanCreated,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ElementGroup::Base => "Base",
            ElementGroup::ArmedAndDangerous => "Armed & Dangerous",
            ElementGroup::CrashAndBurn => "Crash & Burn",
            ElementGroup::GrandPrix => "Grand Prix",
            ElementGroup::Radioactive => "Radioactive",
            ElementGroup::FanCreated => "Fan-created",
        }
    }
}

/// Where an element lives: on a square, or on a square edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Placement {
    Square,
    Edge,
}

/// The catalogue of element kinds: one entry per element of the rules sources (base set, every
/// expansion and fan element of seed 001), plus the upper level that ramps and ledges need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElementKind {
    // Base set.
    Pit,
    Wall,
    Belt,
    ExpressBelt,
    Gear,
    Pusher,
    Crusher,
    Laser,
    RepairSite,
    StartSquare,
    // Armed & Dangerous.
    Drain,
    Ledge,
    Ramp,
    UpperLevel,
    Randomizer,
    Teleporter,
    Water,
    Current,
    // Crash & Burn.
    Flamer,
    OilSlick,
    Portal,
    // Grand Prix.
    TrapDoor,
    RepulsorField,
    ChopShop,
    // Radioactive.
    Radiation,
    RadioactiveWaste,
    OneWayWall,
    RadioactiveDrain,
    // Fan-created.
    Maglock,
    LavaPit,
    Repeater,
    Repulsor,
    GoldBelt,
    MoltenRiver,
    Slime,
    FreakTeleporter,
    Gate,
    SpikedWall,
}

impl ElementKind {
    pub const ALL: [ElementKind; 38] = [
        ElementKind::Pit,
        ElementKind::Wall,
        ElementKind::Belt,
        ElementKind::ExpressBelt,
        ElementKind::Gear,
        ElementKind::Pusher,
        ElementKind::Crusher,
        ElementKind::Laser,
        ElementKind::RepairSite,
        ElementKind::StartSquare,
        ElementKind::Drain,
        ElementKind::Ledge,
        ElementKind::Ramp,
        ElementKind::UpperLevel,
        ElementKind::Randomizer,
        ElementKind::Teleporter,
        ElementKind::Water,
        ElementKind::Current,
        ElementKind::Flamer,
        ElementKind::OilSlick,
        ElementKind::Portal,
        ElementKind::TrapDoor,
        ElementKind::RepulsorField,
        ElementKind::ChopShop,
        ElementKind::Radiation,
        ElementKind::RadioactiveWaste,
        ElementKind::OneWayWall,
        ElementKind::RadioactiveDrain,
        ElementKind::Maglock,
        ElementKind::LavaPit,
        ElementKind::Repeater,
        ElementKind::Repulsor,
        ElementKind::GoldBelt,
        ElementKind::MoltenRiver,
        ElementKind::Slime,
        ElementKind::FreakTeleporter,
        ElementKind::Gate,
        ElementKind::SpikedWall,
    ];

    pub fn name(self) -> &'static str {
        use ElementKind::*;
        match self {
            Pit => "Pit",
            Wall => "Wall",
            Belt => "Conveyor belt",
            ExpressBelt => "Express conveyor belt",
            Gear => "Gear",
            Pusher => "Pusher",
            Crusher => "Crusher",
            Laser => "Board laser",
            RepairSite => "Repair site",
            StartSquare => "Start square",
            Drain => "Drain",
            Ledge => "Ledge",
            Ramp => "Ramp",
            UpperLevel => "Upper level",
            Randomizer => "Randomizer",
            Teleporter => "Teleporter",
            Water => "Water",
            Current => "Current",
            Flamer => "Flamer",
            OilSlick => "Oil slick",
            Portal => "Portal",
            TrapDoor => "Trap door pit",
            RepulsorField => "Repulsor field",
            ChopShop => "Chop shop",
            Radiation => "Radiation",
            RadioactiveWaste => "Radioactive waste",
            OneWayWall => "One-way wall",
            RadioactiveDrain => "Radioactive drain",
            Maglock => "MagLock",
            LavaPit => "Lava pit",
            Repeater => "Repeater",
            Repulsor => "Repulsor",
            GoldBelt => "Gold conveyor belt",
            MoltenRiver => "Molten-metal river",
            Slime => "Slime",
            FreakTeleporter => "Freak teleporter",
            Gate => "Gate",
            SpikedWall => "Spiked wall",
        }
    }

    /// "a pit", "an express conveyor belt": for sentences.
    pub fn article_name(self) -> String {
        let name = self.name().to_lowercase();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {name}")
    }

    /// The flow kind a belt-like element lays down (belts, currents, rivers); `None` for the rest.
    pub fn flow_kind(self) -> Option<FlowKind> {
        match self {
            ElementKind::Belt => Some(FlowKind::Belt),
            ElementKind::ExpressBelt => Some(FlowKind::Express),
            ElementKind::GoldBelt => Some(FlowKind::Gold),
            ElementKind::Current => Some(FlowKind::Current),
            ElementKind::MoltenRiver => Some(FlowKind::River),
            _ => None,
        }
    }

    pub fn group(self) -> ElementGroup {
        use ElementKind::*;
        match self {
            Pit | Wall | Belt | ExpressBelt | Gear | Pusher | Crusher | Laser | RepairSite
            | StartSquare => ElementGroup::Base,
            Drain | Ledge | Ramp | UpperLevel | Randomizer | Teleporter | Water | Current => {
                ElementGroup::ArmedAndDangerous
            }
            Flamer | OilSlick | Portal => ElementGroup::CrashAndBurn,
            TrapDoor | RepulsorField | ChopShop => ElementGroup::GrandPrix,
            Radiation | RadioactiveWaste | OneWayWall | RadioactiveDrain => {
                ElementGroup::Radioactive
            }
            Maglock | LavaPit | Repeater | Repulsor | GoldBelt | MoltenRiver | Slime
            | FreakTeleporter | Gate | SpikedWall => ElementGroup::FanCreated,
        }
    }

    pub fn placement(self) -> Placement {
        use ElementKind::*;
        match self {
            Wall | Pusher | Laser | Ledge | Flamer | OneWayWall | Repulsor | Gate | SpikedWall => {
                Placement::Edge
            }
            _ => Placement::Square,
        }
    }

    /// What the element does and when, in our own words (after seed 001's FUNCTION and TIMING).
    pub fn rule(self) -> &'static str {
        use ElementKind::*;
        match self {
            Pit => {
                "Destroys a robot that moves onto or over it, at once. Open board edges act the same."
            }
            Wall => {
                "Blocks robots and laser fire. Running into a wall does no damage. Walls on the shared edge of two tiles count as one."
            }
            Belt => {
                "Board elements: carries robots one square, in the all-belts step. A robot carried onto a drawn turn rotates 90 degrees."
            }
            ExpressBelt => {
                "Board elements: carries robots one square in the express step, then one more with all belts."
            }
            Gear => {
                "Board elements, after belts and pushers: rotates robots on it 90 degrees in its direction."
            }
            Pusher => {
                "Board elements, after belts: in the phases printed on it, pushes a robot on its square one square away from the wall."
            }
            Crusher => {
                "Board elements, last step: in the phases printed on it, destroys a robot on its square."
            }
            Laser => {
                "Fire: each beam does 1 damage to the first robot in its line. Walls and robots stop it; moving through it is harmless."
            }
            RepairSite => {
                "End of turn: repairs 1 damage per wrench. Touching it sets the robot's archive. A double wrench may give an option card instead."
            }
            StartSquare => "Where robot number N starts the race, facing the printed direction.",
            Drain => "Treated as a pit: a robot moving onto or over it is destroyed.",
            Ledge => {
                "Dropping from the upper level over a ledge does 2 damage; from the lower level it is a wall."
            }
            Ramp => {
                "Going up from the lower level, the ramp is an extra square of floor; a robot that stops on it moves back 1. Going down it has no effect."
            }
            UpperLevel => {
                "Marks a square as the upper level; ramps and ledges lead between levels."
            }
            Randomizer => {
                "Reveal: a robot on it has its program card replaced by a random card, run at that card's priority."
            }
            Teleporter => {
                "Robot moves: a movement card started here moves its distance plus 2, ignoring what lies between, unless a robot or device is on the target."
            }
            Water => {
                "Robot moves: the first square of a movement card is negated; moving in from outside water is normal."
            }
            Current => {
                "Board elements, after belts and before pushers: moves robots in the water one square along the flow."
            }
            Flamer => {
                "In its phases: 1 damage to a robot moving onto, through or failing to leave it, and 1 more when it ends the phase there (fire step)."
            }
            OilSlick => {
                "Robot moves: a robot ending a move on oil slides on until stopped or off the oil; starting on oil negates the first square."
            }
            Portal => {
                "Robot moves: entering a portal moves the robot to the portal of the same colour to continue its move, unless that one is occupied."
            }
            TrapDoor => "In its phases: a pit for the whole register phase; otherwise open floor.",
            RepulsorField => {
                "Robot moves: a robot moving into it is pushed back by its card's distance and loses the rest of its move."
            }
            ChopShop => {
                "Touch step: trade or recharge one option card; ending the turn here may draw an option."
            }
            Radiation => "Fire step of phase 5: 1 damage to a robot ending the turn here.",
            RadioactiveWaste => {
                "Fire step: 1 damage to a robot ending a phase here, which may then draw an option card."
            }
            OneWayWall => {
                "A wall from its red side; no wall at all from its green side, for robots and lasers alike."
            }
            RadioactiveDrain => "Treated as a pit: a robot moving onto or over it is destroyed.",
            Maglock => {
                "In its phases: a robot passing onto it stops there; a robot on it cannot move or be pushed."
            }
            LavaPit => {
                "1 damage moving in or through, 1 more ending a phase in it; erupting in its phases: 2 damage on it and 1 to the 8 squares around."
            }
            Repeater => {
                "After robots move: a robot on it runs its movement card again, in priority order, until none is left on a repeater."
            }
            Repulsor => {
                "Board elements, with pushers: in its phases, robots in its beam are pushed one square away from the mount."
            }
            GoldBelt => {
                "Board elements: carries robots one square in the gold step, one with express belts and one with all belts."
            }
            MoltenRiver => {
                "Board elements, with currents: moves robots one square along the flow and does 1 damage; turns like a belt."
            }
            Slime => {
                "Robot moves: a robot starting on slime ignores turns, U-turns, Back Up and Move 1; only Move 2 or Move 3 leave it."
            }
            FreakTeleporter => {
                "Robot moves: a movement card started here first teleports the robot by three random movement cards."
            }
            Gate => {
                "Robot moves: entered from its coloured side, sends the robot to the gate of the same colour to continue its move; a wall from the other side."
            }
            SpikedWall => "A wall; running or being pushed into its spiked side does 1 damage.",
        }
    }
}

impl fmt::Display for ElementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_lists_every_kind_once() {
        let mut all = ElementKind::ALL.to_vec();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), ElementKind::ALL.len());
    }

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

    #[test]
    fn a_pit_shares_its_square_with_nothing() {
        let spec = SquareSpec {
            floor: Some(Floor::Pit),
            gear: Some(Spin::Cw),
            ..SquareSpec::default()
        };
        assert_eq!(
            spec.sharing_problem().as_deref(),
            Some("a pit cannot share a square with a gear")
        );
    }

    #[test]
    fn crushers_stand_over_belts_and_currents_run_on_water() {
        let crusher_on_belt = SquareSpec {
            flow: Some(Flow::straight(FlowKind::Express, Facing::S)),
            crusher: Some(Phases::from_list(&[2, 4]).unwrap_or_default()),
            ..SquareSpec::default()
        };
        assert_eq!(crusher_on_belt.sharing_problem(), None);
        let crusher_on_gear = SquareSpec {
            gear: Some(Spin::Ccw),
            crusher: Some(Phases::ALL),
            ..SquareSpec::default()
        };
        assert!(crusher_on_gear.sharing_problem().is_some());
        let current = SquareSpec {
            floor: Some(Floor::Water),
            flow: Some(Flow::straight(FlowKind::Current, Facing::W)),
            ..SquareSpec::default()
        };
        assert_eq!(current.sharing_problem(), None);
    }

    #[test]
    fn phases_reject_numbers_outside_one_to_five() {
        assert!(serde_json::from_str::<Phases>("[0]").is_err());
        assert!(serde_json::from_str::<Phases>("[6]").is_err());
        assert!(serde_json::from_str::<Phases>("[2, 2]").is_err());
        let p: Phases = serde_json::from_str("[4, 2]").unwrap_or_default();
        assert_eq!(p.label(), "2 4");
    }
}
