//! One table of single-card steps: where one card played in one register phase takes a lone robot
//! from each square and facing, with the damage it takes, all through the engine's own
//! `run_lone_card` and `run_lone_phase`. The course solver and the bots' distance maps read it.

use super::card::{Card, CardKind};
use super::event::Event;
use super::factory::Factory;
use super::game::{Game, RobotSetup, Settings};
use crate::geom::{Facing, Square};
use crate::model::Phases;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The cards a step is played with, each with a priority from the deck (RULINGS.md, The deck); a
/// lone robot's priority does not matter, a replay through `Game::set_registers` needs one.
pub const CARDS: [Card; 7] = [
    Card::new(CardKind::Move1, 490),
    Card::new(CardKind::Move2, 670),
    Card::new(CardKind::Move3, 790),
    Card::new(CardKind::BackUp, 430),
    Card::new(CardKind::Left, 70),
    Card::new(CardKind::Right, 80),
    Card::new(CardKind::UTurn, 10),
];

/// Register phases per turn: states are numbered `(node * PHASES + phase - 1)`, where a node is
/// `cell * 4 + facing`.
pub const PHASES: usize = 5;

/// No step: the robot is destroyed, cannot stand where it starts, the card is left to chance, or
/// the phase was not computed.
pub const NO_STEP: u32 = u32::MAX;

/// The bits of a packed step (`StepTable::steps`) that hold the node it ends on; the damage is
/// in the eight above them. One word a step instead of a word and a byte apart: 14 MB less on the
/// largest board, and one load where a search reads both.
const NODE_BITS: u32 = 24;
const NODE_MASK: u32 = (1 << NODE_BITS) - 1;

/// The step recorded where the robot is destroyed (it fell, left the board or was crushed) while
/// the table is built: a node no board has. Once built it is a `NO_STEP` with a bit of
/// `StepTable::destroyed`. `StepTable::destroys` tells such a step from one left to chance: the
/// solver follows a destruction under One Free Life and Infinite Lives (docs/validation.md,
/// Lives).
const DESTROYED: u32 = NODE_MASK;

// Every node of the largest board the format allows (`MAX_OFFSET` + `MAX_TILE_SIDE` squares a
// side) fits below the mask, so no step packs to `NO_STEP` or `DESTROYED`.
const _: () = {
    let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u64;
    assert!(side * side * 4 < NODE_MASK as u64);
};

/// A step to `node` with `damage`, packed.
fn pack(node: u32, damage: u8) -> u32 {
    node | u32::from(damage) << NODE_BITS
}

/// The table state a step from table state `state` onto node `to` leads to: `to` in the next
/// register phase (after the fifth, the first of the next turn).
#[inline(always)]
pub fn after(state: usize, to: u32) -> usize {
    to as usize * PHASES + (state % PHASES + 1) % PHASES
}

/// The node of a packed step, `NO_STEP` for none.
#[inline(always)]
pub fn node_of(step: u32) -> u32 {
    if step == NO_STEP {
        NO_STEP
    } else {
        step & NODE_MASK
    }
}

/// The damage of a packed step (0 for none).
#[inline(always)]
pub fn damage_of(step: u32) -> u8 {
    if step == NO_STEP {
        0
    } else {
        (step >> NODE_BITS) as u8
    }
}

/// Every lone-robot step of one board, for the register phases asked for: for each square a robot
/// can stand on, facing, phase and card of `CARDS`, the node (`cell * 4 + facing`) where the
/// robot ends the phase and the damage it took there.
///
/// No step is taken whose card a randomizer or freak teleporter leaves to chance
/// (`SquareSpec::leaves_to_chance`), as none is taken that destroys the robot: a line through
/// them is luck.
#[derive(Debug)]
pub struct StepTable {
    factory: Arc<Factory>,
    /// Squares a robot can stand on at the start of a phase (`Board::is_standable`).
    standable: Vec<bool>,
    /// `[state * CARDS.len() + card]`: the node the step ends on and the damage it takes
    /// (`pack`), or `NO_STEP`.
    next: Vec<u32>,
    /// One bit per entry of `next`: the `NO_STEP` destroys the robot (`destroys`).
    destroyed: Vec<u64>,
}

impl StepTable {
    /// Every step of every register phase (`for_phases` with all five).
    pub fn new(factory: Arc<Factory>) -> Option<StepTable> {
        StepTable::for_phases(factory, Phases::ALL)
    }

    /// Computes the steps of `phases`. A register phase for a lone robot is its card (step 2)
    /// followed by the board (steps 3-6) acting on wherever the card left it, so each step is the
    /// engine's `Game::run_lone_card` composed with the engine's card-less `Game::run_lone_phase`
    /// from the square it reaches. What does not depend on the robot's facing is run once per
    /// square and phase, facing north, and turned for the other facings: the board's part (belts
    /// and gears turn a robot relative to its facing) and the rotation cards. A card's part is
    /// run once for every phase unless the robot meets a square whose trap door, flamer or
    /// maglock acts in some phases only (`Phased`). `StepTable::direct`
    /// runs every step whole instead; the tests check the two agree. `None` when the board has no
    /// square to stand on.
    pub fn for_phases(factory: Arc<Factory>, phases: Phases) -> Option<StepTable> {
        StepTable::for_phases_on(factory, phases, 0)
    }

    /// `for_phases` on `threads` threads (0: every core), each taking a band of squares with a
    /// game of its own. Every step is worked out from a fresh placement of the lone robot, so the
    /// table is the same whatever the number of threads (a test checks it).
    pub fn for_phases_on(
        factory: Arc<Factory>,
        phases: Phases,
        threads: usize,
    ) -> Option<StepTable> {
        StepTable::for_phases_until(factory, phases, threads, None)
    }

    /// `for_phases_on` that stops when `stop` is set (the window's Cancel: validation of a big
    /// course), every thread looking at it before each square; `None` when it stopped.
    pub fn for_phases_until(
        factory: Arc<Factory>,
        phases: Phases,
        threads: usize,
        stop: Option<&AtomicBool>,
    ) -> Option<StepTable> {
        let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let (standable, game) = setup(&factory)?;
        let cells = standable.len();
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        // Bands of whole squares: at least 256 squares each, so a small board stays on one thread.
        let band = cells.div_ceil(threads.max(1)).max(256);
        // The board's part: [cell * PHASES + phase - 1] -> (cell after, quarter turns, damage).
        let mut board = vec![(NO_STEP, 0u8, 0u8); cells * PHASES];
        std::thread::scope(|scope| {
            for (b, part) in board.chunks_mut(band * PHASES).enumerate() {
                let (factory, standable, mut game) = (&factory, &standable, game.clone());
                scope.spawn(move || {
                    let mut events: Vec<Event> = Vec::with_capacity(32);
                    for (i, slot) in part.chunks_mut(PHASES).enumerate() {
                        let c = b * band + i;
                        if stopped() {
                            break;
                        }
                        if standable[c] {
                            board_part(&mut game, factory, c, phases, slot, &mut events);
                        }
                    }
                });
            }
        });
        let phased = Phased::of(&factory);
        let built = Built {
            board: &board,
            phased: &phased,
        };
        let mut table = StepTable::empty(factory, standable);
        let mut next = std::mem::take(&mut table.next);
        let row = 4 * PHASES * CARDS.len();
        std::thread::scope(|scope| {
            for (b, next) in next.chunks_mut(band * row).enumerate() {
                let (table, built, mut game) = (&table, &built, game.clone());
                scope.spawn(move || {
                    let mut events: Vec<Event> = Vec::with_capacity(32);
                    for (i, next) in next.chunks_mut(row).enumerate() {
                        let c = b * band + i;
                        if stopped() {
                            break;
                        }
                        if table.standable[c] {
                            table.card_steps(&mut game, built, c, phases, next, &mut events);
                        }
                    }
                });
            }
        });
        table.next = next;
        table.mark_destroyed();
        (!stopped()).then_some(table)
    }

    /// The steps from cell `c` in `phases`: each card's part (`Game::run_lone_card`) composed
    /// with the board's part from where it leaves the robot, into `rows` (this cell's slices of
    /// `next`, indexed `(facing * PHASES + phase - 1) * CARDS.len() + card`).
    /// A card's part is run in the first phase asked for and shared with the others when it
    /// met no square whose elements act in some phases only (`Phased`).
    fn card_steps(
        &self,
        game: &mut Game,
        built: &Built,
        c: usize,
        phases: Phases,
        next: &mut [u32],
        events: &mut Vec<Event>,
    ) {
        let square = self.factory.square_of(c);
        // What the square leaves to chance depends on the square and the card alone: looked up
        // once, not in every phase and facing.
        let chance = CARDS.map(|card| self.left_to_chance(square, card.kind));
        // The card parts known to be the same in every phase, once the first phase found it.
        let mut shared: [[Option<Part>; CARDS.len()]; 4] = [[None; CARDS.len()]; 4];
        for phase in phases.iter() {
            let p = usize::from(phase - 1);
            // The card's part of the rotation cards, facing north: (cell, turns, damage).
            let mut turning = [None; CARDS.len()];
            for (k, card) in CARDS.iter().enumerate() {
                if !card.kind.is_movement() && !chance[k] {
                    let north = &mut shared[Facing::N.index()][k];
                    turning[k] = self
                        .shared_part(game, built, north, square, Facing::N, *card, phase, events)
                        .map(|(to, faced, hurt)| (to, quarter_turns(faced), hurt));
                }
            }
            for facing in Facing::ALL {
                let state = facing.index() * PHASES + p;
                for (k, card) in CARDS.iter().enumerate() {
                    if chance[k] {
                        continue;
                    }
                    let part = if card.kind.is_movement() {
                        let known = &mut shared[facing.index()][k];
                        self.shared_part(game, built, known, square, facing, *card, phase, events)
                    } else {
                        turning[k].map(|(to, turns, hurt)| (to, turned(facing, turns), hurt))
                    };
                    // No part: the card leaves the robot in a pit or off the board (`card_part`);
                    // no board step: the board destroys it (`board_part`).
                    let Some((after, faced, card_damage)) = part else {
                        next[state * CARDS.len() + k] = DESTROYED;
                        continue;
                    };
                    let (to, turns, hurt) = built.board[after * PHASES + p];
                    if to == NO_STEP {
                        next[state * CARDS.len() + k] = DESTROYED;
                        continue;
                    }
                    let facing = turned(faced, turns);
                    next[state * CARDS.len() + k] = pack(
                        to * 4 + facing.index() as u32,
                        hurt.saturating_add(card_damage),
                    );
                }
            }
        }
    }

    /// The card's part in `phase` (`card_part`): `known` when an earlier phase found it the same
    /// in every phase, else run, and kept in `known` when it met no phased square.
    #[allow(clippy::too_many_arguments)]
    fn shared_part(
        &self,
        game: &mut Game,
        built: &Built,
        known: &mut Option<Part>,
        square: Square,
        facing: Facing,
        card: Card,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Part {
        if let Some(part) = *known {
            return part;
        }
        // Cleared here too, so a part that runs nothing reads no other run's events.
        events.clear();
        let part = self.card_part(game, square, facing, card, phase, events);
        if built
            .phased
            .same_in_every_phase(&self.factory, square, events)
        {
            *known = Some(part);
        }
        part
    }

    /// Whether what `kind` does on `square` is left to chance (`SquareSpec::leaves_to_chance`).
    fn left_to_chance(&self, square: Square, kind: CardKind) -> bool {
        self.factory
            .board()
            .spec(square)
            .is_some_and(|q| q.leaves_to_chance(kind.is_movement()))
    }

    /// The card's part of a step (`Game::run_lone_card`): the cell and facing it leaves the robot
    /// on and the damage it took, or `None` when the robot fell or cannot stand there.
    fn card_part(
        &self,
        game: &mut Game,
        square: Square,
        facing: Facing,
        card: Card,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Part {
        let (to, faced, fell, hurt) = game.run_lone_card(square, facing, card, phase, events)?;
        let to = self.factory.index(to)?;
        (!fell && self.standable[to]).then_some((to, faced, hurt))
    }

    /// Computes every step of every phase whole through `Game::run_lone_phase`, one engine phase
    /// per square, facing, phase and card: slower than `new`, and the reference it is tested
    /// against.
    pub fn direct(factory: Arc<Factory>) -> Option<StepTable> {
        let (standable, mut game) = setup(&factory)?;
        let mut events: Vec<Event> = Vec::with_capacity(32);
        let mut table = StepTable::empty(factory, standable);
        for c in (0..table.cells()).filter(|&c| table.standable[c]) {
            let square = table.factory.square_of(c);
            for facing in Facing::ALL {
                for phase in 1..=PHASES as u8 {
                    let state = (c * 4 + facing.index()) * PHASES + usize::from(phase - 1);
                    for (k, card) in CARDS.iter().enumerate() {
                        if table.left_to_chance(square, card.kind) {
                            continue;
                        }
                        let Some(out) =
                            game.run_lone_phase(square, facing, Some(*card), phase, &mut events)
                        else {
                            continue;
                        };
                        let to = table.factory.index(out.square);
                        let Some(to) = to.filter(|_| !out.destroyed) else {
                            table.next[state * CARDS.len() + k] = DESTROYED;
                            continue;
                        };
                        let node = (to * 4 + out.facing.index()) as u32;
                        table.next[state * CARDS.len() + k] = pack(node, out.damage);
                    }
                }
            }
        }
        table.mark_destroyed();
        Some(table)
    }

    /// Moves the `DESTROYED` steps into `destroyed`, as `NO_STEP`s.
    fn mark_destroyed(&mut self) {
        self.destroyed = vec![0; self.next.len().div_ceil(64)];
        for (i, to) in self.next.iter_mut().enumerate() {
            if *to == DESTROYED {
                *to = NO_STEP;
                self.destroyed[i / 64] |= 1 << (i % 64);
            }
        }
    }

    fn empty(factory: Arc<Factory>, standable: Vec<bool>) -> StepTable {
        let states = standable.len() * 4 * PHASES;
        StepTable {
            factory,
            standable,
            next: vec![NO_STEP; states * CARDS.len()],
            destroyed: Vec::new(),
        }
    }

    /// Whether two tables hold the same steps.
    pub fn same_steps(&self, other: &StepTable) -> bool {
        self.next == other.next && self.destroyed == other.destroyed
    }

    pub fn factory(&self) -> &Factory {
        &self.factory
    }

    /// The factory, shared.
    pub fn factory_arc(&self) -> &Arc<Factory> {
        &self.factory
    }

    /// Cells of the board's grid.
    pub fn cells(&self) -> usize {
        self.standable.len()
    }

    /// States of the table: `cells() * 4 * PHASES`.
    pub fn states(&self) -> usize {
        self.cells() * 4 * PHASES
    }

    /// Whether a robot can stand on cell `cell` at the start of a phase.
    pub fn is_standable(&self, cell: usize) -> bool {
        self.standable.get(cell).copied().unwrap_or(false)
    }

    /// The step each card of `CARDS` takes from `state`, packed: its node (`node_of`, `NO_STEP`
    /// where there is no step) and its damage (`damage_of`). Empty beyond the table.
    #[inline(always)]
    pub fn steps(&self, state: usize) -> &[u32] {
        let at = state * CARDS.len();
        self.next.get(at..at + CARDS.len()).unwrap_or(&[])
    }

    /// The nodes each card of `CARDS` leads to from `state`, `NO_STEP` where there is no step
    /// (all `NO_STEP` beyond the table).
    pub fn next_nodes(&self, state: usize) -> [u32; CARDS.len()] {
        let mut nodes = [NO_STEP; CARDS.len()];
        for (n, &s) in nodes.iter_mut().zip(self.steps(state)) {
            *n = node_of(s);
        }
        nodes
    }

    /// The damage each card of `CARDS` takes from `state` (0 where there is no step).
    pub fn damages(&self, state: usize) -> [u8; CARDS.len()] {
        let mut damage = [0; CARDS.len()];
        for (d, &s) in damage.iter_mut().zip(self.steps(state)) {
            *d = damage_of(s);
        }
        damage
    }

    /// Whether card `card` (index into `CARDS`) played from `state` destroys the robot: a
    /// `NO_STEP` that is not a card left to chance.
    pub fn destroys(&self, state: usize, card: usize) -> bool {
        let at = state * CARDS.len() + card;
        self.destroyed
            .get(at / 64)
            .is_some_and(|w| w & (1 << (at % 64)) != 0)
    }

    /// The table's step: `card` played from `square` facing `facing` in register `phase`. `None`
    /// when there is no step (see `NO_STEP`).
    pub fn step(
        &self,
        square: Square,
        facing: Facing,
        phase: u8,
        card: CardKind,
    ) -> Option<(Square, Facing, u8)> {
        let c = self.factory.index(square)?;
        let k = CARDS.iter().position(|x| x.kind == card)?;
        if !(1..=PHASES as u8).contains(&phase) {
            return None;
        }
        let state = (c * 4 + facing.index()) * PHASES + usize::from(phase - 1);
        let to = *self.next_nodes(state).get(k)?;
        (to != NO_STEP).then(|| {
            (
                self.factory.square_of((to / 4) as usize),
                Facing::from_index((to % 4) as usize),
                self.damages(state).get(k).copied().unwrap_or(0),
            )
        })
    }
}

/// A card's part of a step (`StepTable::card_part`): the cell and facing it leaves the robot on
/// and the damage it took, or `None` when the robot fell or cannot stand there.
type Part = Option<(usize, Facing, u8)>;

/// What every thread reads while it works out the card steps.
struct Built<'a> {
    /// The board's part: `[cell * PHASES + phase - 1]` -> (cell after, quarter turns, damage).
    board: &'a [(u32, u8, u8)],
    phased: &'a Phased,
}

/// The squares on which what a card does may depend on the register phase: a trap door, flamer
/// or maglock there acts in some phases and not in others (seed 001, Trap Door Pits, Flamers,
/// MagLocks). These are the only elements a card's part reads the phase of (the engine's
/// `Factory::is_hole`, `Factory::entry_burn` and `Game::locked`, and `Game::open_trap_doors`),
/// and each acts only on the robot standing on its square. Every other element of the card's
/// part (walls, pits, portals, teleporters, gates, ramps, oil, water, slime, repeaters, lava,
/// repulsor fields) acts the same in every phase; the phased elements of the board's part
/// (pushers, crushers, eruptions, repulsors) are in `board_part`, run in every phase.
struct Phased {
    /// By cell; empty when no square of the board is phased, the usual case.
    cells: Vec<bool>,
}

impl Phased {
    fn of(factory: &Factory) -> Phased {
        // A set of phases that is neither none nor all five acts in some phases only.
        let some = |p: Phases| p != Phases::NONE && p != Phases::ALL;
        let cells: Vec<bool> = (0..factory.cell_count())
            .map(|c| {
                let cell = factory.cell(factory.square_of(c));
                some(cell.trap_door) || some(cell.flamer) || some(cell.maglock)
            })
            .collect();
        let any = cells.iter().any(|&p| p);
        Phased {
            cells: if any { cells } else { Vec::new() },
        }
    }

    /// Whether a card's part that started on `start` and produced `events` is the same in every
    /// phase: the robot stood on no phased square. Every square it stood on is its start or the
    /// end of one of its moves, pushes and teleports; squares off the grid are not phased.
    fn same_in_every_phase(&self, factory: &Factory, start: Square, events: &[Event]) -> bool {
        if self.cells.is_empty() {
            return true;
        }
        let phased = |s: Square| factory.index(s).is_some_and(|c| self.cells[c]);
        !phased(start)
            && events.iter().all(|e| match e {
                Event::Moved { to, .. }
                | Event::Pushed { to, .. }
                | Event::Teleported { to, .. } => !phased(*to),
                _ => true,
            })
    }
}

/// The squares a robot can stand on, and a one-robot game to run steps in.
fn setup(factory: &Arc<Factory>) -> Option<(Vec<bool>, Game)> {
    let board = factory.board();
    let standable: Vec<bool> = (0..factory.cell_count())
        .map(|c| board.is_standable(factory.square_of(c)))
        .collect();
    let first = standable.iter().position(|&s| s)?;
    let setup = RobotSetup::new("solo", factory.square_of(first), Facing::N);
    let game = Game::new(Arc::clone(factory), &[setup], Settings::default(), 0).ok()?;
    Some((standable, game))
}

/// The board's part of the steps from cell `c` (a lone robot facing north with no card, through
/// `Game::run_lone_phase`) into `slot`, by phase: (cell after, quarter turns, damage).
fn board_part(
    game: &mut Game,
    factory: &Factory,
    c: usize,
    phases: Phases,
    slot: &mut [(u32, u8, u8)],
    events: &mut Vec<Event>,
) {
    let square = factory.square_of(c);
    for phase in phases.iter() {
        let Some(out) = game.run_lone_phase(square, Facing::N, None, phase, events) else {
            continue;
        };
        if out.destroyed {
            continue;
        }
        if let Some(to) = factory.index(out.square) {
            slot[usize::from(phase - 1)] = (to as u32, quarter_turns(out.facing), out.damage);
        }
    }
}

/// Quarter turns to the right from north to `facing`.
fn quarter_turns(facing: Facing) -> u8 {
    ((facing.index() + 4 - Facing::N.index()) % 4) as u8
}

/// `facing` turned `turns` quarter turns to the right.
fn turned(facing: Facing, turns: u8) -> Facing {
    Facing::from_index(facing.index() + usize::from(turns))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Floor, Flow, FlowKind, Spin, SquareSpec, Tile};

    fn factory() -> Arc<Factory> {
        // Slime on (1, 1), a clockwise gear on (2, 2), a belt running south down column 3.
        let mut t = Tile::new("t", 4, 4);
        t.set_square(
            Square::new(1, 1),
            SquareSpec {
                floor: Some(Floor::Slime),
                ..SquareSpec::default()
            },
        );
        t.set_square(
            Square::new(2, 2),
            SquareSpec {
                gear: Some(Spin::Cw),
                ..SquareSpec::default()
            },
        );
        for y in 0..4 {
            t.set_square(
                Square::new(3, y),
                SquareSpec {
                    flow: Some(Flow::straight(FlowKind::Belt, Facing::S)),
                    ..SquareSpec::default()
                },
            );
        }
        Arc::new(Factory::new(Board::from_tile(&t, &[])))
    }

    #[test]
    fn a_packed_step_gives_back_its_node_and_damage_and_no_step_stays_none_issue_17() {
        let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
        let last = side * side * 4 - 1;
        for node in [0, 1, 4097, last] {
            for damage in [0, 1, 9, 200, u8::MAX] {
                let step = pack(node, damage);
                assert_ne!(step, NO_STEP, "{node} {damage}");
                assert_ne!(step, DESTROYED, "{node} {damage}");
                assert_eq!((node_of(step), damage_of(step)), (node, damage));
            }
        }
        assert_eq!((node_of(NO_STEP), damage_of(NO_STEP)), (NO_STEP, 0));
        // Built, a destruction is a `NO_STEP` with its bit, like any other no step.
        let Some(table) = StepTable::new(factory()) else {
            panic!("no table")
        };
        let destroyed = (0..table.states())
            .flat_map(|s| (0..CARDS.len()).map(move |k| (s, k)))
            .filter(|&(s, k)| table.destroys(s, k))
            .inspect(|&(s, k)| assert_eq!(table.steps(s)[k], NO_STEP))
            .count();
        assert!(destroyed > 0, "the 4 x 4 board has an edge to leave by");
        assert!(table.next.iter().all(|&s| s != DESTROYED));
    }

    #[test]
    fn slime_ignores_rotation_cards_and_a_gear_turns_after_them_seed_001_slime() {
        let Some(table) = StepTable::new(factory()) else {
            panic!("no table")
        };
        // Slime: only Move 2 and Move 3 are played from it, so a rotation card turns nothing.
        for kind in [CardKind::Left, CardKind::Right, CardKind::UTurn] {
            assert_eq!(
                table.step(Square::new(1, 1), Facing::E, 2, kind),
                Some((Square::new(1, 1), Facing::E, 0)),
                "{kind:?}"
            );
        }
        // On a clockwise gear a Left card and the gear's turn cancel out.
        assert_eq!(
            table.step(Square::new(2, 2), Facing::S, 3, CardKind::Left),
            Some((Square::new(2, 2), Facing::S, 0))
        );
        // The belt carries a robot that turned on it one square south.
        assert_eq!(
            table.step(Square::new(3, 0), Facing::N, 1, CardKind::UTurn),
            Some((Square::new(3, 1), Facing::S, 0))
        );
    }

    #[test]
    fn a_table_of_some_phases_holds_the_whole_tables_steps_for_them() {
        let factory = factory();
        let (Some(whole), Some(first)) = (
            StepTable::new(Arc::clone(&factory)),
            StepTable::for_phases(Arc::clone(&factory), Phases::NONE.with(1)),
        ) else {
            panic!("no table")
        };
        let mut steps = 0;
        for state in 0..whole.states() {
            let phase = state % PHASES + 1;
            if phase == 1 {
                assert_eq!(first.next_nodes(state), whole.next_nodes(state));
                assert_eq!(first.damages(state), whole.damages(state));
                steps += first
                    .next_nodes(state)
                    .iter()
                    .filter(|&&n| n != NO_STEP)
                    .count();
            } else {
                assert!(first.next_nodes(state).iter().all(|&n| n == NO_STEP));
            }
        }
        assert!(steps > 0);
    }

    #[test]
    fn the_table_is_the_same_on_any_number_of_threads_issue_21() {
        let lib = crate::format::Library::builtin();
        for name in ["standard-2x2.json", "hazard-works.json"] {
            let Some(entry) = lib.find_course(name) else {
                panic!("{name} is not in the built-in library")
            };
            let factory = Arc::new(Factory::new(entry.course.compile(&lib)));
            let Some(one) = StepTable::for_phases_on(Arc::clone(&factory), Phases::ALL, 1) else {
                panic!("{name}: no table")
            };
            for threads in [2, 3, 8] {
                let many = StepTable::for_phases_on(Arc::clone(&factory), Phases::ALL, threads);
                assert!(
                    many.is_some_and(|t| t.same_steps(&one)),
                    "{name}: {threads} threads"
                );
            }
        }
    }
}
