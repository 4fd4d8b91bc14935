//! The element properties both the validator and the engine need, each answered once from the
//! model's data with the rules source it follows: which edges a robot may cross, which squares it
//! can stand on or die on, which leave a card to chance, and whether a one-square move passes.

use super::board::{Board, SideBarrier};
use super::element::{Barrier, Colour, Device, Floor, FlowKind, SquareSpec};
use crate::geom::{Facing, Square};

impl SquareSpec {
    /// Pits and everything treated as a pit at all times (seed 001, Pits; Drains; Radioactive
    /// Drains).
    pub fn is_hole(&self) -> bool {
        matches!(
            self.floor,
            Some(Floor::Pit | Floor::Drain | Floor::RadioactiveDrain)
        )
    }

    /// Water, or a current, which runs through water (seed 001, Water; Current).
    pub fn is_water(&self) -> bool {
        self.floor == Some(Floor::Water) || self.flow.is_some_and(|f| f.kind == FlowKind::Current)
    }

    /// A movement card started here loses its first square: water and currents (seed 001, Water:
    /// "The first square is negated"), and oil (Oil Slicks: "If a robot begins its movement on an
    /// oil slick, the first square of movement is negated").
    pub fn negates_first_square(&self) -> bool {
        self.is_water() || self.floor == Some(Floor::OilSlick)
    }

    /// Whether what a card played here does is left to chance, so nobody can plan it: a
    /// randomizer replaces any card at reveal (seed 001, Randomizers), and a freak teleporter moves
    /// a robot playing a movement card by three random movement cards (Freak Teleporters).
    /// `movement` says whether the card is a movement card.
    pub fn leaves_to_chance(&self, movement: bool) -> bool {
        match self.device {
            Some(Device::Randomizer) => true,
            Some(Device::FreakTeleporter) => movement,
            _ => false,
        }
    }

    /// A robot ending a register phase here may be destroyed by the square itself: a pit at all
    /// times, a trap door that opens in some phase (seed 001, Trap Door Pits) or a crusher that
    /// acts in some phase (seed 000, Crushers). An element active in no phase is harmless.
    pub fn is_deadly(&self) -> bool {
        let trap_door = matches!(self.floor, Some(Floor::TrapDoor(p)) if !p.is_empty());
        let crusher = self.crusher.is_some_and(|p| !p.is_empty());
        self.is_hole() || trap_door || crusher
    }

    /// A "non-flat device", on which a teleporter or freak teleporter does not put a robot (seed
    /// 001, Teleporters): what stands up from the floor, a crusher or a ramp (docs/rules.md).
    pub fn is_non_flat(&self) -> bool {
        self.crusher.is_some() || matches!(self.device, Some(Device::Ramp(_)))
    }
}

/// What a robot's one-square move across an edge comes to (`Board::may_pass`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Passage {
    /// The robot crosses into the next square (where a pit, say, may then destroy it).
    Passes,
    /// The robot does not reach the next square: a wall, a gate, a repulsor field, or a square
    /// that holds the card back.
    Stopped,
    /// What the card does is left to chance (`SquareSpec::leaves_to_chance`).
    LeftToChance,
}

impl Board {
    /// Whether a robot leaving `s` towards `dir` is stopped on this edge, whatever moves it (its
    /// card, a push, a belt, a pusher). Plain and spiked walls block both ways; one-way walls
    /// from their red side only (seed 001, One-Way Walls); ledges from the lower level (Ledges).
    /// Gates block both ways (seed 001, Gates: "The gate can only be entered from the coloured
    /// side. The other side acts as a wall."): nothing enters from the back, nothing comes out
    /// through it, and a robot whose own card takes it into the coloured side does not cross the
    /// edge either but goes on from the paired gate (`gate_entry`).
    pub fn wall_blocks_move(&self, s: Square, dir: Facing) -> bool {
        match self.barrier(s, dir) {
            None => false,
            Some(SideBarrier {
                barrier,
                anchored_here,
            }) => match barrier {
                Barrier::Plain | Barrier::Spiked | Barrier::Gate(_) => true,
                Barrier::OneWay => anchored_here,
                Barrier::Ledge => !anchored_here,
            },
        }
    }

    /// Whether a laser beam leaving `s` towards `dir` is stopped on this edge. Beams meet the
    /// edges robots meet (`wall_blocks_move`): they pass a one-way wall from the green side (seed
    /// 001, One-Way Walls: "robots, lasers ... may pass through a one-way wall from the green
    /// side") and a ledge going down, and a gate stops them both ways (docs/rules.md, Beams and
    /// directed walls).
    pub fn wall_blocks_beam(&self, s: Square, dir: Facing) -> bool {
        self.wall_blocks_move(s, dir)
    }

    /// The colour of the gate a robot's movement card takes it into when it leaves `s` towards
    /// `dir`: a gate on that edge whose coloured side is `s` (seed 001, Gates: "A robot that moves
    /// into a gate during the execution of a movement card immediately moves to another gate of
    /// the same colour"). `None` for no gate, or its back.
    pub fn gate_entry(&self, s: Square, dir: Facing) -> Option<Colour> {
        match self.barrier(s, dir) {
            Some(SideBarrier {
                barrier: Barrier::Gate(colour),
                anchored_here: true,
            }) => Some(colour),
            _ => None,
        }
    }

    /// Whether a robot can stand on `s` at the start of a register phase: on a tile and not a
    /// hole (seed 001, Pits: open board edges act as pits).
    pub fn is_standable(&self, s: Square) -> bool {
        self.spec(s).is_some_and(|q| !q.is_hole())
    }

    /// Whether a robot on `s` may be destroyed by the square itself: off the board (an open
    /// edge), or a square that is `SquareSpec::is_deadly`.
    pub fn is_deadly(&self, s: Square) -> bool {
        self.spec(s).is_none_or(SquareSpec::is_deadly)
    }

    /// May a robot pass from `from` into the next square towards `dir`? What a lone robot facing
    /// `dir` on `from` does with a Move 1 in register phase `phase`, by the rules the engine plays
    /// (`Game::execute` and `Game::move_card`; `tests/rules_agree.rs` holds the two together):
    /// - a randomizer or freak teleporter leaves it to chance (`SquareSpec::leaves_to_chance`);
    /// - a trap door active this phase drops the robot before it can move (seed 001, Trap Door
    ///   Pits: "When a robot begins a phase on a trap door pit that has suddenly become active,
    ///   the robot is destroyed");
    /// - slime ignores a Move 1 (seed 001, Slime: only Move 2 and Move 3 leave it), and an active
    ///   maglock holds the robot (MagLocks);
    /// - a teleporter takes the robot 3 squares on, over this edge, unless a non-flat device
    ///   stands there (Teleporters);
    /// - water, a current or oil negates the one square (`SquareSpec::negates_first_square`);
    /// - a wall or a gate stops it (`wall_blocks_move`);
    /// - a repulsor field ahead pushes it back (seed 001, Repulsor Fields);
    /// - going up a ramp takes a square more than one (Ramps).
    pub fn may_pass(&self, from: Square, dir: Facing, phase: u8) -> Passage {
        let here = self.spec(from).copied().unwrap_or_default();
        if here.leaves_to_chance(true) {
            return Passage::LeftToChance;
        }
        let held = match here.device {
            Some(Device::Maglock(phases)) => phases.contains(phase),
            _ => false,
        };
        let falls = matches!(here.floor, Some(Floor::TrapDoor(phases)) if phases.contains(phase));
        if here.floor == Some(Floor::Slime) || held || falls {
            return Passage::Stopped;
        }
        if here.device == Some(Device::Teleporter) {
            let arrival = (0..3).fold(from, |at, _| at.step(dir));
            if !self.spec(arrival).is_some_and(SquareSpec::is_non_flat) {
                return Passage::Stopped;
            }
        }
        let next = self.spec(from.step(dir));
        let repelled = next.is_some_and(|q| q.device == Some(Device::RepulsorField));
        if here.negates_first_square()
            || self.wall_blocks_move(from, dir)
            || repelled
            || here.device == Some(Device::Ramp(dir))
        {
            return Passage::Stopped;
        }
        Passage::Passes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EdgeSpec, Phases, Tile};

    #[test]
    fn a_gate_is_a_wall_both_ways_and_entered_only_from_its_coloured_side_seed_001_gates() {
        // The gate stands between (0, 0), its coloured side, and (1, 0), its back.
        let mut t = Tile::new("g", 2, 1);
        let gate = EdgeSpec {
            barrier: Some(Barrier::Gate(Colour::Blue)),
            mount: None,
        };
        t.set_edge(Square::new(0, 0), Facing::E, gate);
        let board = Board::from_tile(&t, &[]);
        let (front, back) = (Square::new(0, 0), Square::new(1, 0));
        assert!(board.wall_blocks_move(front, Facing::E));
        assert!(board.wall_blocks_move(back, Facing::W));
        assert_eq!(board.gate_entry(front, Facing::E), Some(Colour::Blue));
        assert_eq!(board.gate_entry(back, Facing::W), None);
        assert_eq!(board.may_pass(front, Facing::E, 1), Passage::Stopped);
        assert_eq!(board.may_pass(back, Facing::W, 1), Passage::Stopped);
    }

    #[test]
    fn only_elements_active_in_some_phase_are_deadly_seed_001_trap_door_pits() {
        let trap = |phases| SquareSpec {
            floor: Some(Floor::TrapDoor(phases)),
            ..SquareSpec::default()
        };
        assert!(trap(Phases::ALL).is_deadly());
        assert!(!trap(Phases::NONE).is_deadly());
        let crusher = SquareSpec {
            crusher: Phases::from_list(&[5]),
            ..SquareSpec::default()
        };
        assert!(crusher.is_deadly());
        assert!(!SquareSpec::default().is_deadly());
    }

    #[test]
    fn a_freak_teleporter_leaves_only_movement_cards_to_chance_seed_001() {
        let on = |device| SquareSpec {
            device: Some(device),
            ..SquareSpec::default()
        };
        assert!(on(Device::Randomizer).leaves_to_chance(false));
        assert!(on(Device::Randomizer).leaves_to_chance(true));
        assert!(!on(Device::FreakTeleporter).leaves_to_chance(false));
        assert!(on(Device::FreakTeleporter).leaves_to_chance(true));
        assert!(!on(Device::Teleporter).leaves_to_chance(true));
    }
}
