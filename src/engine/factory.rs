//! The board as the engine reads it: a compiled `model::Board` flattened once into a grid of small
//! `Copy` cells (walls as bit sets, pushers by side, flags by number) so the register phase never
//! searches the model. Every element the engine acts on is listed here, slot by slot.

use crate::geom::{Facing, Square};
use crate::model::{Board, Device, ElementKind, Floor, Flow, Mount, Phases, Spin};

/// Expansion elements the engine does not act on yet: they behave as open floor (or, for gates,
/// one-way walls and ledges, only as the walls `Board::wall_blocks_move` makes them) until issue 7.
/// docs/rules.md lists what each is missing.
pub const NOT_YET_ACTED_ON: [ElementKind; 10] = [
    ElementKind::Ramp,
    ElementKind::UpperLevel,
    ElementKind::Randomizer,
    ElementKind::Teleporter,
    ElementKind::OilSlick,
    ElementKind::Portal,
    ElementKind::RepulsorField,
    ElementKind::ChopShop,
    ElementKind::Repulsor,
    ElementKind::FreakTeleporter,
];

/// What the engine needs to know about one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// On a placed tile. Anything else is an open edge (a pit).
    pub on_board: bool,
    /// Pit, drain or radioactive drain: a hole at all times (seed 001, Pits; Drains).
    pub hole: bool,
    /// Grand Prix trap door: a pit in these phases (seed 001, Trap Door Pits).
    pub trap_door: Phases,
    pub flow: Option<Flow>,
    /// Water or a current: a movement card started here loses its first square (seed 001, Water;
    /// Current).
    pub water: bool,
    pub gear: Option<Spin>,
    pub crusher: Phases,
    /// Wrenches of a repair site (0 = none).
    pub wrenches: u8,
    /// The flag number on this square (0 = none).
    pub flag: u8,
    /// Bit `facing.index()` set: a robot leaving this square that way is stopped by a wall.
    pub move_walls: u8,
    /// Bit `facing.index()` set: a beam leaving this square that way is stopped by a wall.
    pub beam_walls: u8,
    /// Crash & Burn flamers mounted on this square's walls: the phases any of them is active.
    pub flamer: Phases,
    /// Fan-created lava pit: 1 damage moving in or through, 1 ending a phase in it (seed 001).
    pub lava: bool,
    /// The phases the lava pit erupts in: 2 damage on it, 1 to the 8 squares around.
    pub eruption: Phases,
    /// Radiation: 1 damage ending the turn here (seed 001, Radiation).
    pub radiation: bool,
    /// Radioactive waste: 1 damage and an option draw ending a phase here (seed 001).
    pub waste: bool,
    /// Bit `facing.index()` set: the wall on that side is spiked on this square's side (seed 001,
    /// Spiked Walls: the spikes face the anchor square).
    pub spikes: u8,
    /// Bit `facing.index()` set: leaving this square that way drops over a ledge to the lower
    /// level (seed 001, Ledges: this square is the ledge's anchor, the upper level).
    pub ledge_drops: u8,
    /// Fan-created slime: only Move 2 and Move 3 are played from it (seed 001, Slime).
    pub slime: bool,
    /// Fan-created maglock: the phases it is active in (seed 001, MagLocks).
    pub maglock: Phases,
    /// Fan-created repeater: a robot on it after the Robots Move segment plays its movement card
    /// again (seed 001, Repeaters).
    pub repeater: bool,
    /// Pusher phases by the side of this square its wall stands on.
    pub pushers: [Phases; 4],
}

/// A board laser's beam as the fire step traces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaserLine {
    pub mount: Square,
    pub direction: Facing,
    pub beams: u8,
    /// Cell indices along the beam, the mount's square first.
    pub cells: Vec<u32>,
}

/// The engine's read-only view of a board.
#[derive(Clone, Debug)]
pub struct Factory {
    board: Board,
    width: i32,
    height: i32,
    cells: Vec<Cell>,
    lasers: Vec<LaserLine>,
    /// Flag squares in order: `flags[0]` is flag 1.
    flags: Vec<Square>,
}

impl Factory {
    /// Flattens a compiled board. Flags are taken in number order; a course with gaps or
    /// duplicates in its numbering is the checker's business, the engine uses them in that order.
    pub fn new(board: Board) -> Factory {
        let (width, height) = (board.width(), board.height());
        let mut cells = vec![Cell::default(); (width.max(0) * height.max(0)) as usize];
        for s in board.all_squares() {
            let Some(spec) = board.spec(s) else { continue };
            let mut cell = Cell {
                on_board: true,
                hole: spec.is_hole(),
                flow: spec.flow,
                water: spec.is_water(),
                radiation: spec.device == Some(Device::Radiation),
                waste: spec.device == Some(Device::RadioactiveWaste),
                repeater: spec.device == Some(Device::Repeater),
                maglock: match spec.device {
                    Some(Device::Maglock(phases)) => phases,
                    _ => Phases::NONE,
                },
                gear: spec.gear,
                crusher: spec.crusher.unwrap_or(Phases::NONE),
                wrenches: spec.repair.map_or(0, |w| w.get()),
                ..Cell::default()
            };
            match spec.floor {
                Some(Floor::TrapDoor(phases)) => cell.trap_door = phases,
                Some(Floor::Slime) => cell.slime = true,
                Some(Floor::LavaPit(phases)) => {
                    cell.lava = true;
                    cell.eruption = phases;
                }
                _ => {}
            }
            for side in Facing::ALL {
                if board.wall_blocks_move(s, side) {
                    cell.move_walls |= 1 << side.index();
                }
                if board.wall_blocks_beam(s, side) {
                    cell.beam_walls |= 1 << side.index();
                }
                if let Some(b) = board.barrier(s, side)
                    && b.barrier == crate::model::Barrier::Spiked
                    && b.anchored_here
                {
                    cell.spikes |= 1 << side.index();
                }
                if let Some(b) = board.barrier(s, side)
                    && b.barrier == crate::model::Barrier::Ledge
                    && b.anchored_here
                {
                    cell.ledge_drops |= 1 << side.index();
                }
                match board.mount(s, side) {
                    Some(Mount::Pusher(phases)) => cell.pushers[side.index()] = phases,
                    Some(Mount::Flamer(phases)) => {
                        for p in phases.iter() {
                            cell.flamer = cell.flamer.with(p);
                        }
                    }
                    _ => {}
                }
            }
            cells[(s.y * width + s.x) as usize] = cell;
        }
        let mut numbered = board.flags.clone();
        numbered.sort_by_key(|f| f.0);
        let flags: Vec<Square> = numbered.iter().map(|f| f.1).collect();
        for (n, s) in flags.iter().enumerate() {
            if let Some(i) = index_in(width, height, *s) {
                cells[i].flag = (n + 1).min(255) as u8;
            }
        }
        let lasers = board
            .laser_beams()
            .into_iter()
            .map(|b| LaserLine {
                mount: b.mount,
                direction: b.direction,
                beams: b.beams,
                cells: b
                    .squares
                    .iter()
                    .filter_map(|&s| index_in(width, height, s).map(|i| i as u32))
                    .collect(),
            })
            .collect();
        Factory {
            board,
            width,
            height,
            cells,
            lasers,
            flags,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    pub fn index(&self, s: Square) -> Option<usize> {
        index_in(self.width, self.height, s)
    }

    pub fn square_of(&self, index: usize) -> Square {
        let w = self.width.max(1);
        Square::new(index as i32 % w, index as i32 / w)
    }

    /// The cell at `s`; off the grid it is the default cell, which is off the board.
    pub fn cell(&self, s: Square) -> Cell {
        self.index(s).map(|i| self.cells[i]).unwrap_or_default()
    }

    pub fn cell_at(&self, index: usize) -> Cell {
        self.cells.get(index).copied().unwrap_or_default()
    }

    pub fn is_on_board(&self, s: Square) -> bool {
        self.cell(s).on_board
    }

    /// A robot entering `s` in register phase `phase` falls: off the board, a pit or drain, or a
    /// trap door active this phase (RULINGS.md, One register phase, step 2; seed 001).
    pub fn is_hole(&self, s: Square, phase: u8) -> bool {
        let c = self.cell(s);
        !c.on_board || c.hole || c.trap_door.contains(phase)
    }

    /// Damage a robot takes moving onto `s` under a card in `phase` (Robots Move segment): an
    /// active flamer and a lava pit burn 1 each (seed 001, Flamers; Lava Pits).
    pub fn entry_burn(&self, s: Square, phase: u8) -> u8 {
        let c = self.cell(s);
        u8::from(c.flamer.contains(phase)) + u8::from(c.lava)
    }

    /// Damage a robot on `s` takes in the fire step of `phase`: an active flamer, a lava pit (2
    /// more when it erupts), radioactive waste, radiation in phase 5, and 1 for each erupting
    /// lava pit among the 8 squares around (seed 001).
    pub fn fire_burn(&self, s: Square, phase: u8) -> u8 {
        let c = self.cell(s);
        let mut burn = u8::from(c.flamer.contains(phase))
            + u8::from(c.lava)
            + 2 * u8::from(c.lava && c.eruption.contains(phase))
            + u8::from(c.waste)
            + u8::from(c.radiation && phase == 5);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let n = self.cell(Square::new(s.x + dx, s.y + dy));
                burn += u8::from(n.lava && n.eruption.contains(phase));
            }
        }
        burn
    }

    pub fn blocks_move(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).move_walls & (1 << dir.index()) != 0
    }

    /// A robot on `s` running or pushed into its wall towards `dir` meets spikes.
    pub fn spiked(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).spikes & (1 << dir.index()) != 0
    }

    /// A robot leaving `s` towards `dir` drops over a ledge.
    pub fn drops(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).ledge_drops & (1 << dir.index()) != 0
    }

    pub fn blocks_beam(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).beam_walls & (1 << dir.index()) != 0
    }

    pub fn lasers(&self) -> &[LaserLine] {
        &self.lasers
    }

    /// Flag squares, flag 1 first.
    pub fn flags(&self) -> &[Square] {
        &self.flags
    }

    pub fn flag_count(&self) -> u8 {
        self.flags.len().min(255) as u8
    }

    /// The element kinds on this board that the engine does not act on yet (see
    /// `NOT_YET_ACTED_ON`), plus gates, which only block as walls. For warnings.
    pub fn kinds_not_acted_on(&self) -> Vec<ElementKind> {
        let mut kinds: Vec<ElementKind> = Vec::new();
        for s in self.board.all_squares() {
            let Some(q) = self.board.square(s) else {
                continue;
            };
            let edges = q.mounts.iter().flatten().map(|m| match m {
                Mount::Laser(_) => ElementKind::Laser,
                Mount::Pusher(_) => ElementKind::Pusher,
                Mount::Flamer(_) => ElementKind::Flamer,
                Mount::Repulsor(_) => ElementKind::Repulsor,
            });
            let barriers = q.barriers.iter().flatten().map(|b| match b.barrier {
                crate::model::Barrier::Plain => ElementKind::Wall,
                crate::model::Barrier::OneWay => ElementKind::OneWayWall,
                crate::model::Barrier::Spiked => ElementKind::SpikedWall,
                crate::model::Barrier::Ledge => ElementKind::Ledge,
                crate::model::Barrier::Gate(_) => ElementKind::Gate,
            });
            for k in q.spec.kinds().into_iter().chain(edges).chain(barriers) {
                let inert = NOT_YET_ACTED_ON.contains(&k) || k == ElementKind::Gate;
                if inert && !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
        kinds.sort();
        kinds
    }
}

fn index_in(width: i32, height: i32, s: Square) -> Option<usize> {
    ((0..width).contains(&s.x) && (0..height).contains(&s.y)).then(|| (s.y * width + s.x) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Square;
    use crate::model::{SquareSpec, Tile};

    #[test]
    fn expansion_elements_not_acted_on_are_reported_docs_rules_md() {
        let mut t = Tile::new("t", 2, 1);
        t.set_square(
            Square::new(0, 0),
            SquareSpec {
                floor: Some(Floor::OilSlick),
                ..SquareSpec::default()
            },
        );
        t.set_square(
            Square::new(1, 0),
            SquareSpec {
                floor: Some(Floor::Drain),
                ..SquareSpec::default()
            },
        );
        let f = Factory::new(Board::from_tile(&t, &[]));
        // Oil slicks are not acted on yet; a drain is a pit, which the engine does act on.
        assert_eq!(f.kinds_not_acted_on(), vec![ElementKind::OilSlick]);
        assert!(f.is_hole(Square::new(1, 0), 1));
    }
}
