//! The board as the engine reads it: a compiled `model::Board` flattened once into a grid of small
//! `Copy` cells (walls as bit sets, pushers by side, flags by number) so the register phase never
//! searches the model. Every element the engine acts on is listed here, slot by slot.

use super::cube::Fold;

pub mod acts;
use crate::geom::{Facing, Square};
use crate::model::rules::CubeSide;
use crate::model::{Barrier, Board, Colour, Device, Floor, Flow, HouseRules, Mount, Phases, Spin};
use std::collections::HashMap;

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
    /// Crash & Burn oil slick: a mover ending its card here slides on (seed 001, Oil Slicks).
    pub oil: bool,
    /// Armed & Dangerous teleporter (seed 001, Teleporters).
    pub teleporter: bool,
    /// Fan-created freak teleporter (seed 001, Freak Teleporters).
    pub freak_teleporter: bool,
    /// Crash & Burn portal: a mover entering it goes on from its pair (seed 001, Portals).
    pub portal: bool,
    /// Grand Prix repulsor field: a mover entering it is pushed back (seed 001, Repulsor Fields).
    pub repulsor_field: bool,
    /// Armed & Dangerous randomizer: the card is replaced at reveal (seed 001, Randomizers).
    pub randomizer: bool,
    /// Grand Prix chop shop: an option draw ending a turn here (seed 001, Chop Shop).
    pub chop_shop: bool,
    /// Armed & Dangerous ramp: the direction of travel going up (seed 001, Ramps).
    pub ramp: Option<Facing>,
    /// Bit `facing.index()` set: a gate stands on that side with its coloured side here, so a
    /// mover leaving this square that way enters it (seed 001, Gates).
    pub gates: u8,
    /// Bit `facing.index()` set: leaving this square that way crosses a board edge of a cube
    /// (RoboRally Cubed, seed 003 section 8.1), where beams stop or go one row further.
    pub cube_edge: u8,
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

/// A fan-created repulsor's beam as the pusher step traces it (seed 001, Repulsors): like a
/// board laser's line, mount square first, stopped by walls as a beam is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepulsorLine {
    pub mount: Square,
    /// The direction the beam travels, which is the way it pushes.
    pub direction: Facing,
    pub phases: Phases,
    pub cells: Vec<u32>,
}

/// Where a traced beam (a board laser's or a repulsor's) crosses a square: the line's index in
/// `Factory::lasers` or `Factory::repulsors` and how far along it the square lies (0 = the
/// mount's square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Crossing {
    pub line: u32,
    pub pos: u32,
}

/// The beams crossing each square, in compressed rows: a phase finds the beams that can meet a
/// robot from the robot's square, so its cost does not grow with the board (issue 21).
#[derive(Clone, Debug, Default)]
struct Crossings {
    /// `start[c]..start[c + 1]`: square `c`'s crossings, in line order.
    start: Vec<u32>,
    list: Vec<Crossing>,
}

impl Crossings {
    fn new<'a>(cells: usize, lines: impl Iterator<Item = &'a [u32]> + Clone) -> Crossings {
        let mut start = vec![0u32; cells + 1];
        for line in lines.clone() {
            for &c in line {
                start[c as usize + 1] += 1;
            }
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut list = vec![Crossing { line: 0, pos: 0 }; start[cells] as usize];
        for (k, line) in lines.enumerate() {
            for (pos, &c) in line.iter().enumerate() {
                list[fill[c as usize] as usize] = Crossing {
                    line: k as u32,
                    pos: pos as u32,
                };
                fill[c as usize] += 1;
            }
        }
        Crossings { start, list }
    }

    fn at(&self, cell: usize) -> &[Crossing] {
        match (self.start.get(cell), self.start.get(cell + 1)) {
            (Some(&a), Some(&b)) => &self.list[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// The engine's read-only view of a board.
#[derive(Clone, Debug)]
pub struct Factory {
    board: Board,
    width: i32,
    height: i32,
    /// `width` and `height` as the unsigned bounds of `index` (0 for a negative size), kept so
    /// a look-up is two comparisons (issue 21).
    bounds: (u32, u32),
    cells: Vec<Cell>,
    lasers: Vec<LaserLine>,
    repulsors: Vec<RepulsorLine>,
    /// The board lasers' beams crossing each square, traced once (stopped by walls only).
    laser_crossings: Crossings,
    /// The repulsors' beams crossing each square.
    repulsor_crossings: Crossings,
    /// `[cell][facing]`: squares a beam fired from the cell that way crosses before a wall or the
    /// board's edge stops it, so a robot's laser finds its target without walking the squares.
    beam_runs: Vec<[u32; 4]>,
    /// `[cell * 5 + phase - 1]`: the fire step's burn on the cell (`fire_burn`), worked out once.
    burns: Vec<u8>,
    /// `[cell]`: what the square does to a robot standing on it (`acts`); 0 off the board.
    acts: Vec<u32>,
    /// Portals in reading order, with their colour.
    portals: Vec<(Square, Colour)>,
    /// Gates in reading order: the coloured-side square, the side the gate stands on, its colour.
    gate_list: Vec<(Square, Facing, Colour)>,
    /// Whether any square is a repulsor field: a move looks ahead of its push chain only then.
    any_repulsor_field: bool,
    /// The phases in which some trap door is open: a phase checks the robots' squares only then.
    trap_door_phases: Phases,
    /// Flag squares in order: `flags[0]` is flag 1.
    flags: Vec<Square>,
    /// RoboRally Cubed: the side of the cube the floor is on; `None` in every other game.
    cube: Option<CubeSide>,
    /// RoboRally Cubed: (square, way out) -> (square, way of travel) where a board edge meets
    /// one the net does not already join; empty in every other game, so a move looks it up
    /// only when it is not.
    folds: HashMap<(Square, Facing), (Square, Facing)>,
}

impl Factory {
    /// Flattens a compiled board. Flags are taken in number order; a course with gaps or
    /// duplicates in its numbering is the checker's business, the engine uses them in that order.
    pub fn new(board: Board) -> Factory {
        Factory::build(board, None)
    }

    /// A board as played under `house`: under RoboRally Cubed the six boards are folded into a
    /// cube (seed 003 section 8.1). A net that does not fold is played flat: the validator
    /// reports it (`validate::cube`), and `bots::Arena` refuses to race on it.
    pub fn for_rules(board: Board, house: &HouseRules) -> Factory {
        let fold = house
            .cubed
            .and_then(|side| Fold::of(&board.placements).ok().map(|f| (side, f)));
        Factory::build(board, fold)
    }

    fn build(board: Board, fold: Option<(CubeSide, Fold)>) -> Factory {
        let (width, height) = (board.width(), board.height());
        let mut cells = vec![Cell::default(); (width.max(0) * height.max(0)) as usize];
        let mut portals = Vec::new();
        let mut gate_list = Vec::new();
        let mut repulsors = Vec::new();
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
                teleporter: spec.device == Some(Device::Teleporter),
                freak_teleporter: spec.device == Some(Device::FreakTeleporter),
                portal: matches!(spec.device, Some(Device::Portal(_))),
                repulsor_field: spec.device == Some(Device::RepulsorField),
                randomizer: spec.device == Some(Device::Randomizer),
                chop_shop: spec.device == Some(Device::ChopShop),
                ramp: match spec.device {
                    Some(Device::Ramp(up)) => Some(up),
                    _ => None,
                },
                ..Cell::default()
            };
            if let Some(Device::Portal(colour)) = spec.device {
                portals.push((s, colour));
            }
            match spec.floor {
                Some(Floor::TrapDoor(phases)) => cell.trap_door = phases,
                Some(Floor::Slime) => cell.slime = true,
                Some(Floor::OilSlick) => cell.oil = true,
                Some(Floor::LavaPit(phases)) => {
                    cell.lava = true;
                    cell.eruption = phases;
                }
                _ => {}
            }
            for side in Facing::ALL {
                // A gate is a wall from both sides for every movement but a robot's own card
                // from its coloured side, which goes through it (seed 001, Gates; the model's
                // `wall_blocks_move` and `gate_entry`, which the validator reads too).
                if board.wall_blocks_move(s, side) {
                    cell.move_walls |= 1 << side.index();
                }
                if let Some(colour) = board.gate_entry(s, side) {
                    cell.gates |= 1 << side.index();
                    gate_list.push((s, side, colour));
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
                    Some(Mount::Repulsor(phases)) => {
                        let direction = side.opposite();
                        repulsors.push(RepulsorLine {
                            mount: s,
                            direction,
                            phases,
                            cells: board
                                .trace_line(s, direction)
                                .iter()
                                .filter_map(|&q| index_in(width, height, q).map(|i| i as u32))
                                .collect(),
                        });
                    }
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
        let mut folds = HashMap::new();
        if let Some((_, fold)) = &fold {
            folds = mark_folds(fold, &board, width, height, &mut cells);
        }
        let mut lasers: Vec<LaserLine> = board
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
        if let Some((side, _)) = fold {
            // A repulsor's beam is traced like a board laser's (docs/rules.md, Repulsors).
            let beams = lasers
                .iter_mut()
                .map(|l| (&mut l.cells, l.direction))
                .chain(repulsors.iter_mut().map(|r| (&mut r.cells, r.direction)));
            for (line_cells, direction) in beams {
                cut_at_cube_edge(line_cells, direction, side, width, height, &cells, &folds);
            }
        }
        let laser_crossings = Crossings::new(cells.len(), lasers.iter().map(|l| &l.cells[..]));
        let repulsor_crossings =
            Crossings::new(cells.len(), repulsors.iter().map(|l| &l.cells[..]));
        let beam_runs = beam_runs(width, height, &cells);
        let any_repulsor_field = cells.iter().any(|c| c.repulsor_field);
        let trap_door_phases = cells.iter().fold(Phases::NONE, |all, c| {
            c.trap_door.iter().fold(all, Phases::with)
        });
        let mut factory = Factory {
            board,
            width,
            height,
            bounds: (width.max(0) as u32, height.max(0) as u32),
            cells,
            lasers,
            repulsors,
            laser_crossings,
            repulsor_crossings,
            portals,
            gate_list,
            any_repulsor_field,
            trap_door_phases,
            flags,
            beam_runs,
            burns: Vec::new(),
            acts: Vec::new(),
            cube: fold.map(|(side, _)| side),
            folds,
        };
        factory.burns = (0..factory.cells.len() * 5)
            .map(|k| factory.burn_at(factory.square_of(k / 5), (k % 5) as u8 + 1))
            .collect();
        factory.acts = (0..factory.cells.len())
            .map(|c| factory.acts_of(c))
            .collect();
        factory
    }

    /// What the square of cell `c` does to a robot standing on it (`acts`); 0 off the grid.
    #[inline]
    pub fn acts_at(&self, c: usize) -> u32 {
        self.acts.get(c).copied().unwrap_or(0)
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

    #[inline]
    pub fn index(&self, s: Square) -> Option<usize> {
        // `index_in` with the bounds worked out once.
        ((s.x as u32) < self.bounds.0 && (s.y as u32) < self.bounds.1)
            .then(|| (s.y * self.width + s.x) as usize)
    }

    pub fn square_of(&self, index: usize) -> Square {
        let w = self.width.max(1);
        Square::new(index as i32 % w, index as i32 / w)
    }

    /// The cell at `s`; off the grid it is the default cell, which is off the board.
    #[inline]
    pub fn cell(&self, s: Square) -> Cell {
        self.index(s)
            .and_then(|i| self.cells.get(i))
            .copied()
            .unwrap_or_default()
    }

    pub fn cell_at(&self, index: usize) -> Cell {
        self.cells.get(index).copied().unwrap_or_default()
    }

    #[inline]
    pub fn is_on_board(&self, s: Square) -> bool {
        self.cell(s).on_board
    }

    /// A robot entering `s` in register phase `phase` falls: off the board, a pit or drain, or a
    /// trap door active this phase (RULINGS.md, One register phase, step 2; seed 001).
    #[inline]
    pub fn is_hole(&self, s: Square, phase: u8) -> bool {
        let c = self.cell(s);
        !c.on_board || c.hole || c.trap_door.contains(phase)
    }

    /// Damage a robot takes moving onto `s` under a card in `phase` (Robots Move segment): an
    /// active flamer and a lava pit burn 1 each (seed 001, Flamers; Lava Pits).
    #[inline]
    pub fn entry_burn(&self, s: Square, phase: u8) -> u8 {
        let c = self.cell(s);
        u8::from(c.flamer.contains(phase)) + u8::from(c.lava)
    }

    /// Damage a robot on `s` takes in the fire step of `phase`: an active flamer, a lava pit (2
    /// more when it erupts), radioactive waste, radiation in phase 5, and 1 for each erupting
    /// lava pit among the 8 squares around (seed 001).
    pub fn fire_burn(&self, s: Square, phase: u8) -> u8 {
        match self.index(s) {
            Some(c) if (1..=5).contains(&phase) => self.burns[c * 5 + usize::from(phase) - 1],
            _ => self.burn_at(s, phase),
        }
    }

    /// `fire_burn` worked out from the cells.
    fn burn_at(&self, s: Square, phase: u8) -> u8 {
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

    /// The square next to `s` towards `dir` and the way of travel there: the next square, or
    /// on a cube across the board edge, turned as the fold turns it (seed 003 section 8.1).
    #[inline]
    pub fn next(&self, s: Square, dir: Facing) -> (Square, Facing) {
        if !self.folds.is_empty()
            && let Some(&across) = self.folds.get(&(s, dir))
        {
            return across;
        }
        (s.step(dir), dir)
    }

    /// RoboRally Cubed: the side of the cube the floor is on, `None` in other games.
    #[inline]
    pub fn cube(&self) -> Option<CubeSide> {
        self.cube
    }

    /// Leaving `s` towards `dir` crosses a board edge of the cube.
    #[inline]
    pub fn at_cube_edge(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).cube_edge & (1 << dir.index()) != 0
    }

    /// Where a beam leaving `s` towards `dir` over a board edge of the cube goes on: on the
    /// inside, to the first row across and no further; on the outside, nowhere (seed 003
    /// section 8.1: lasers do not turn corners). A wall on either edge stops it.
    pub fn beam_across(&self, s: Square, dir: Facing) -> Option<Square> {
        if self.cube != Some(CubeSide::Inside) || self.blocks_beam(s, dir) {
            return None;
        }
        let (t, _) = self.next(s, dir);
        self.is_on_board(t).then_some(t)
    }

    #[inline]
    pub fn blocks_move(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).move_walls & (1 << dir.index()) != 0
    }

    /// A robot on `s` running or pushed into its wall towards `dir` meets spikes.
    #[inline]
    pub fn spiked(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).spikes & (1 << dir.index()) != 0
    }

    /// A robot leaving `s` towards `dir` drops over a ledge.
    #[inline]
    pub fn drops(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).ledge_drops & (1 << dir.index()) != 0
    }

    #[inline]
    pub fn blocks_beam(&self, s: Square, dir: Facing) -> bool {
        self.cell(s).beam_walls & (1 << dir.index()) != 0
    }

    /// How many squares a beam leaving `s` towards `dir` crosses before a wall or the edge of the
    /// board stops it (0 off the grid).
    #[inline]
    pub fn beam_run(&self, s: Square, dir: Facing) -> u32 {
        self.index(s).map_or(0, |c| self.beam_runs[c][dir.index()])
    }

    pub fn lasers(&self) -> &[LaserLine] {
        &self.lasers
    }

    /// The board lasers' beams crossing the square of cell `index`, in laser order.
    pub fn laser_crossings(&self, index: usize) -> &[Crossing] {
        self.laser_crossings.at(index)
    }

    /// The repulsors' beams crossing the square of cell `index`, in repulsor order.
    pub fn repulsor_crossings(&self, index: usize) -> &[Crossing] {
        self.repulsor_crossings.at(index)
    }

    /// Flag squares, flag 1 first.
    pub fn flags(&self) -> &[Square] {
        &self.flags
    }

    pub fn flag_count(&self) -> u8 {
        self.flags.len().min(255) as u8
    }

    /// Whether some trap door is open in register phase `phase`.
    #[inline]
    pub fn has_open_trap_doors(&self, phase: u8) -> bool {
        self.trap_door_phases.contains(phase)
    }

    /// Whether the board has a repulsor field anywhere.
    #[inline]
    pub fn has_repulsor_fields(&self) -> bool {
        self.any_repulsor_field
    }

    /// Repulsor beams (fan-created, seed 001, Repulsors).
    pub fn repulsors(&self) -> &[RepulsorLine] {
        &self.repulsors
    }

    /// Where a robot entering the portal on `s` goes on from: the next portal of the same colour
    /// in reading order after `s`, wrapping round (docs/rules.md, Portals). `None` when `s` is
    /// no portal or has no pair.
    pub fn portal_exit(&self, s: Square) -> Option<Square> {
        let at = self.portals.iter().position(|p| p.0 == s)?;
        let colour = self.portals[at].1;
        let n = self.portals.len();
        (1..n)
            .map(|k| self.portals[(at + k) % n])
            .find(|p| p.1 == colour)
            .map(|p| p.0)
    }

    /// A robot on `s` entering the gate on its side `dir` from the coloured side comes out of
    /// the next gate of the same colour in reading order (wrapping round): on that gate's
    /// coloured-side square, facing away from it (seed 001, Gates). `None` when there is no such
    /// gate here or it has no pair.
    #[inline]
    pub fn gate_exit(&self, s: Square, dir: Facing) -> Option<(Square, Facing)> {
        if self.cell(s).gates & (1 << dir.index()) == 0 {
            return None;
        }
        self.gate_pair(s, dir)
    }

    /// `gate_exit` for a square with a gate on its side `dir`: the list of gates searched.
    fn gate_pair(&self, s: Square, dir: Facing) -> Option<(Square, Facing)> {
        let at = self.gate_list.iter().position(|g| g.0 == s && g.1 == dir)?;
        let colour = self.gate_list[at].2;
        let n = self.gate_list.len();
        (1..n)
            .map(|k| self.gate_list[(at + k) % n])
            .find(|g| g.2 == colour)
            .map(|g| (g.0, g.1.opposite()))
    }

    /// A teleporter or freak teleporter does not send a robot onto a "non-flat device" (seed
    /// 001, Teleporters). The engine reads it as what stands up from the floor: a crusher or a
    /// ramp (docs/rules.md).
    pub fn non_flat(&self, s: Square) -> bool {
        let c = self.cell(s);
        !c.crusher.is_empty() || c.ramp.is_some()
    }
}

/// `Factory::beam_runs`: from the far side of the board backwards, each square's run is 0 when a
/// wall stops the beam leaving it or the next square is off the board, else one more than the
/// next square's.
fn beam_runs(width: i32, height: i32, cells: &[Cell]) -> Vec<[u32; 4]> {
    let mut runs = vec![[0u32; 4]; cells.len()];
    for dir in Facing::ALL {
        let (dx, dy) = dir.delta();
        // Visit squares so that the next square towards `dir` comes first.
        let xs: Vec<i32> = if dx > 0 {
            (0..width).rev().collect()
        } else {
            (0..width).collect()
        };
        let ys: Vec<i32> = if dy > 0 {
            (0..height).rev().collect()
        } else {
            (0..height).collect()
        };
        for &y in &ys {
            for &x in &xs {
                let c = (y * width + x) as usize;
                let d = dir.index();
                let next = index_in(width, height, Square::new(x + dx, y + dy));
                runs[c][d] = match next {
                    // A board edge of a cube stops a robot's beam too (`Factory::beam_across`).
                    Some(n)
                        if (cells[c].beam_walls | cells[c].cube_edge) & (1 << d) == 0
                            && cells[n].on_board =>
                    {
                        runs[n][d] + 1
                    }
                    _ => 0,
                };
            }
        }
    }
    runs
}

/// Marks every board-edge square of a folded net in `cells` and joins the barriers of edges that
/// meet: a barrier on the other board's edge stands between the two squares too, seen from this
/// side (its anchor is over there), so a wall or gate blocks both ways, a one-way wall lets a
/// robot through from its green side and a ledge stops a robot climbing it (seed 001, One-Way
/// Walls; Ledges). Returns the crossings the net does not already make by stepping.
fn mark_folds(
    fold: &Fold,
    board: &Board,
    width: i32,
    height: i32,
    cells: &mut [Cell],
) -> HashMap<(Square, Facing), (Square, Facing)> {
    let mut folds = HashMap::new();
    for ((s, d), (t, e)) in fold.crossings() {
        let Some(a) = index_in(width, height, s) else {
            continue;
        };
        let bit = 1 << d.index();
        cells[a].cube_edge |= bit;
        if let Some(far) = board.barrier(t, e.opposite()) {
            // Here is the anchor's other side: what `Board::wall_blocks_move` says for a barrier
            // not anchored here.
            let anchored_there = far.anchored_here;
            let blocks = match far.barrier {
                Barrier::Plain | Barrier::Spiked | Barrier::Gate(_) => true,
                Barrier::OneWay => !anchored_there,
                Barrier::Ledge => anchored_there,
            };
            if blocks {
                cells[a].move_walls |= bit;
                cells[a].beam_walls |= bit;
            }
            if far.barrier == Barrier::Ledge && !anchored_there {
                cells[a].ledge_drops |= bit;
            }
            if far.barrier == Barrier::Spiked && !anchored_there {
                cells[a].spikes |= bit;
            }
        }
        if (t, e) != (s.step(d), d) {
            folds.insert((s, d), (t, e));
        }
    }
    folds
}

/// A board laser's (or a repulsor's) beam on a cube stops at the first board edge it meets; on
/// the inside it goes on to the first row across it (seed 003 section 8.1).
fn cut_at_cube_edge(
    line: &mut Vec<u32>,
    dir: Facing,
    side: CubeSide,
    width: i32,
    height: i32,
    cells: &[Cell],
    folds: &HashMap<(Square, Facing), (Square, Facing)>,
) {
    let bit = 1 << dir.index();
    let Some(k) = line
        .iter()
        .position(|&c| cells[c as usize].cube_edge & bit != 0)
    else {
        return;
    };
    let at = line[k] as usize;
    line.truncate(k + 1);
    if side == CubeSide::Outside || cells[at].beam_walls & bit != 0 {
        return;
    }
    let s = Square::new(at as i32 % width.max(1), at as i32 / width.max(1));
    let (t, _) = folds.get(&(s, dir)).copied().unwrap_or((s.step(dir), dir));
    if let Some(i) = index_in(width, height, t)
        && cells[i].on_board
    {
        line.push(i as u32);
    }
}

#[inline]
fn index_in(width: i32, height: i32, s: Square) -> Option<usize> {
    // One unsigned comparison a side: a negative coordinate is a huge unsigned one.
    ((s.x as u32) < (width.max(0) as u32) && (s.y as u32) < (height.max(0) as u32))
        .then(|| (s.y * width + s.x) as usize)
}

#[cfg(test)]
mod tests;
