//! The catalogue of element kinds (`ElementKind`): one entry per element the Factory Floor Guide
//! (seed 001) names, with its set, where it lives, its name and its rule in our own words.

use super::FlowKind;
use std::fmt;
use strum::EnumIter;

/// The sets of elements as the Factory Floor Guide groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter)]
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
/// `ElementKind::iter()` (strum) walks every kind in declaration order, as `ALL` lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, EnumIter)]
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
                "Dropping from the upper level over a ledge does 2 damage and the robot goes on with the rest of its move; from the lower level it is a wall."
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
                "Robot moves: a movement card started here moves its distance plus 2, ignoring what lies between (walls too), unless a robot or device is on the target; passing over it does nothing; arriving on a pit or off the board destroys."
            }
            Water => {
                "Robot moves: the first square of a movement card is negated; moving in from outside water is normal."
            }
            Current => {
                "Board elements, after belts and before pushers: moves robots in the water one square along the flow."
            }
            Flamer => {
                "In its phases, on its own square only: 1 damage to a robot moving onto, through or failing to leave it under a movement card, and 1 more when it ends the phase there (fire step)."
            }
            OilSlick => {
                "Robot moves: a robot ending its own move on oil slides on until stopped or off the oil; starting on oil negates the first square. A pushed robot does not slide."
            }
            Portal => {
                "Robot moves: entering a portal under its own card moves the robot to the portal of the same colour to continue its move, unless that one is occupied; pushed robots never use it."
            }
            TrapDoor => {
                "In its phases: a pit for the whole register phase; otherwise open floor. A robot standing on it when such a phase begins falls in before it can move."
            }
            RepulsorField => {
                "Robot moves: a robot moving into it never enters: it is pushed back from the square before it by its card's distance and loses the rest of its move."
            }
            ChopShop => {
                "Ending the turn here draws an option card; the engine never offers the trade or recharge (declining is always legal)."
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
                "In its phases: a robot passing onto it stops there; a robot on it ignores its movement cards (turns still play) and cannot be pushed by a moving robot."
            }
            LavaPit => {
                "1 damage moving in or through each lava square, 1 more ending a phase in it; erupting in its phases: 2 damage more on it and 1 to the 8 squares around."
            }
            Repeater => {
                "After robots move: a robot on it runs its movement card again, in priority order, until none is left on a repeater; a robot repeats from one square once a phase."
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
                "Robot moves: entered under its own card from its coloured side, sends the robot to the gate of the same colour to continue its move; a wall from the other side, and to pushes from both."
            }
            SpikedWall => {
                "A wall; running or being pushed into its spiked side does 1 damage, once per card."
            }
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
    fn the_catalogue_lists_are_the_types_in_declaration_order() {
        // `ALL` is typed by hand for const use; strum's iterator comes from the enum itself.
        use strum::IntoEnumIterator;
        assert_eq!(
            ElementKind::ALL.to_vec(),
            ElementKind::iter().collect::<Vec<_>>()
        );
        assert_eq!(
            ElementGroup::ALL.to_vec(),
            ElementGroup::iter().collect::<Vec<_>>()
        );
    }
}
