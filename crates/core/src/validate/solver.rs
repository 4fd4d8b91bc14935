//! The course solver (issue 4): the fewest register phases a lone robot needs for each leg of a
//! course (start to flag 1, flag 1 to flag 2, ...), one shortest program, the damage taken on it
//! and the trap squares of each flag, searched with the engine's own register phase.
//!
//! The search runs over states (square, facing, register phase 1-5). One step plays one card in
//! that phase through `Game::run_lone_phase`, which is `Game::run_phase` for a lone robot: the
//! card, belts, pushers, gears, crushers, lasers' damage and the touch, exactly as in a game
//! (RULINGS.md, "One register phase, in order"). The steps are computed once per course into a
//! table; each leg is then a breadth-first search on phases, ties broken by least damage.
//!
//! What the search assumes, since a lone robot's race is an ideal: any card can be played in any
//! register (the deck has 6 Move 3s, so a real hand rarely allows the line), the damage of each
//! phase is counted but does not accumulate into destruction or locked registers, and repairs are
//! not subtracted. A step that destroys the robot is never taken, nor one whose card a randomizer
//! or freak teleporter leaves to chance (`played_as_chosen`). A flag is touched when the robot
//! ends a phase on it (RULINGS.md, step 6). The 1994 start lets the player choose the facing
//! (RULINGS.md, Re-entry; seed 000, Set Up); numbered starts use start square 1 as printed.

use crate::engine::{Card, CardKind, Event, Factory, Game, RobotSetup, Settings};
use crate::geom::{Facing, Square};
use crate::model::StartRule;
use std::fmt;
use std::sync::Arc;

/// The cards a program is made of, each with a priority from the deck (RULINGS.md, The deck); a
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

const PHASES: usize = 5;
const NONE: u32 = u32::MAX;

/// Whether a card played from cell `c` is played as the player chose it, so the search may take
/// it: a randomizer replaces every card at reveal and a freak teleporter moves a robot playing a
/// movement card by three random cards (seed 001, Randomizers; Freak Teleporters). The solver takes
/// no such step, as it takes no step that destroys the robot: a line through them is luck.
fn played_as_chosen(factory: &Factory, c: usize, kind: CardKind) -> bool {
    let cell = factory.cell_at(c);
    !(cell.randomizer || (cell.freak_teleporter && kind.is_movement()))
}

/// Every lone-robot step of one board: for each square a robot can stand on, facing, register
/// phase and card, where the robot ends the phase and the damage it took, or that it was
/// destroyed.
pub struct StepTable {
    factory: Arc<Factory>,
    /// Squares a robot can stand on at the start of a phase: on the board and not a pit.
    standable: Vec<bool>,
    /// `[state * 7 + card]`: the node (`cell * 4 + facing`) the step ends on, `NONE` when the
    /// robot is destroyed or the state is not standable. States are `node * 5 + phase - 1`.
    next: Vec<u32>,
    damage: Vec<u8>,
}

impl StepTable {
    /// Computes every step. A register phase for a lone robot is its card (step 2) followed by
    /// the board (steps 3-6) acting on wherever the card left it, so each step is the engine's
    /// `Game::run_lone_card` composed with the engine's card-less `Game::run_lone_phase` from the
    /// square it reaches; the board's effect is computed once per square and phase, facing north,
    /// and turned for the other facings (belts and gears turn a robot relative to its facing).
    /// `StepTable::direct` runs every step whole instead; the tests check the two agree.
    /// `None` when the board has no square to stand on.
    pub fn new(factory: Arc<Factory>) -> Option<StepTable> {
        let (standable, mut game) = Self::setup(&factory)?;
        let cells = standable.len();
        let mut events: Vec<Event> = Vec::with_capacity(32);
        // The board's part: [cell * 5 + phase - 1] -> (cell after, quarter turns, damage).
        let mut board = vec![(NONE, 0u8, 0u8); cells * PHASES];
        for c in (0..cells).filter(|&c| standable[c]) {
            let square = factory.square_of(c);
            for phase in 1..=PHASES as u8 {
                let Some(out) = game.run_lone_phase(square, Facing::N, None, phase, &mut events)
                else {
                    continue;
                };
                if out.destroyed {
                    continue;
                }
                if let Some(to) = factory.index(out.square) {
                    board[c * PHASES + usize::from(phase - 1)] =
                        (to as u32, out.facing.index() as u8, out.damage);
                }
            }
        }
        let mut table = StepTable::empty(factory, standable);
        for c in (0..cells).filter(|&c| table.standable[c]) {
            let square = table.factory.square_of(c);
            for facing in Facing::ALL {
                for phase in 1..=PHASES as u8 {
                    let p = usize::from(phase - 1);
                    let state = (c * 4 + facing.index()) * PHASES + p;
                    for (k, card) in CARDS.iter().enumerate() {
                        if !played_as_chosen(&table.factory, c, card.kind) {
                            continue;
                        }
                        // Slime ignores rotation cards (seed 001, Slime; the engine's rule).
                        let slime = table.factory.cell_at(c).slime;
                        let (after, faced, card_damage) = match card.kind {
                            _ if slime && card.kind.distance() == 0 => (c, facing, 0),
                            CardKind::Left => (c, facing.left(), 0),
                            CardKind::Right => (c, facing.right(), 0),
                            CardKind::UTurn => (c, facing.opposite(), 0),
                            _ => {
                                let Some((to, faced, fell, hurt)) =
                                    game.run_lone_card(square, facing, *card, phase, &mut events)
                                else {
                                    continue;
                                };
                                let Some(to) = table.factory.index(to) else {
                                    continue;
                                };
                                if fell || !table.standable[to] {
                                    continue;
                                }
                                (to, faced, hurt)
                            }
                        };
                        let (to, turns, damage) = board[after * PHASES + p];
                        if to == NONE {
                            continue;
                        }
                        let facing = Facing::from_index(faced.index() + usize::from(turns));
                        table.next[state * CARDS.len() + k] = to * 4 + facing.index() as u32;
                        table.damage[state * CARDS.len() + k] = damage.saturating_add(card_damage);
                    }
                }
            }
        }
        Some(table)
    }

    /// Computes every step whole through `Game::run_lone_phase`, one engine phase per square,
    /// facing, phase and card: slower than `new`, and the reference it is tested against.
    pub fn direct(factory: Arc<Factory>) -> Option<StepTable> {
        let (standable, mut game) = Self::setup(&factory)?;
        let mut events: Vec<Event> = Vec::with_capacity(32);
        let mut table = StepTable::empty(factory, standable);
        for c in (0..table.cells()).filter(|&c| table.standable[c]) {
            let square = table.factory.square_of(c);
            for facing in Facing::ALL {
                for phase in 1..=PHASES as u8 {
                    let state = (c * 4 + facing.index()) * PHASES + usize::from(phase - 1);
                    for (k, card) in CARDS.iter().enumerate() {
                        if !played_as_chosen(&table.factory, c, card.kind) {
                            continue;
                        }
                        let Some(out) =
                            game.run_lone_phase(square, facing, Some(*card), phase, &mut events)
                        else {
                            continue;
                        };
                        if out.destroyed {
                            continue;
                        }
                        let Some(to) = table.factory.index(out.square) else {
                            continue;
                        };
                        table.next[state * CARDS.len() + k] = (to * 4 + out.facing.index()) as u32;
                        table.damage[state * CARDS.len() + k] = out.damage;
                    }
                }
            }
        }
        Some(table)
    }

    /// The squares a robot can stand on, and a one-robot game to run steps in.
    fn setup(factory: &Arc<Factory>) -> Option<(Vec<bool>, Game)> {
        let standable: Vec<bool> = (0..factory.cell_count())
            .map(|c| {
                let cell = factory.cell_at(c);
                cell.on_board && !cell.hole
            })
            .collect();
        let first = standable.iter().position(|&s| s)?;
        let setup = RobotSetup::new("solo", factory.square_of(first), Facing::N);
        let game = Game::new(Arc::clone(factory), &[setup], Settings::default(), 0).ok()?;
        Some((standable, game))
    }

    fn empty(factory: Arc<Factory>, standable: Vec<bool>) -> StepTable {
        let states = standable.len() * 4 * PHASES;
        StepTable {
            factory,
            standable,
            next: vec![NONE; states * CARDS.len()],
            damage: vec![0u8; states * CARDS.len()],
        }
    }

    /// Whether two tables hold the same steps.
    pub fn same_steps(&self, other: &StepTable) -> bool {
        self.next == other.next && self.damage == other.damage
    }

    pub fn factory(&self) -> &Factory {
        &self.factory
    }

    /// The table's step: `card` played from `square` facing `facing` in register `phase`. `None`
    /// when the robot is destroyed or cannot stand on `square`.
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
        let to = *self.next.get(state * CARDS.len() + k)?;
        (to != NONE).then(|| {
            let cell = (to / 4) as usize;
            (
                self.factory.square_of(cell),
                Facing::from_index((to % 4) as usize),
                self.damage[state * CARDS.len() + k],
            )
        })
    }

    fn cells(&self) -> usize {
        self.standable.len()
    }

    fn states(&self) -> usize {
        self.cells() * 4 * PHASES
    }

    /// How many squares a robot can stand on from which `flag` cannot be reached from register
    /// phase 1 whatever its facing: a backward search over the steps from every state on `flag`.
    fn traps(&self, flag: usize, preds: &Preds) -> usize {
        let states = self.states();
        let mut good = vec![false; states];
        let mut stack: Vec<u32> = Vec::new();
        for f in 0..4 {
            for p in 0..PHASES {
                let s = (flag * 4 + f) * PHASES + p;
                good[s] = true;
                stack.push(s as u32);
            }
        }
        while let Some(v) = stack.pop() {
            let (from, to) = (preds.start[v as usize], preds.start[v as usize + 1]);
            for &u in &preds.list[from as usize..to as usize] {
                if !good[u as usize] {
                    good[u as usize] = true;
                    stack.push(u);
                }
            }
        }
        (0..self.cells())
            .filter(|&c| self.standable[c])
            .filter(|&c| (0..4).all(|f| !good[(c * 4 + f) * PHASES]))
            .count()
    }

    /// The predecessors of every state, for the backward searches.
    fn preds(&self) -> Preds {
        let states = self.states();
        let mut count = vec![0u32; states + 1];
        let target = |state: usize, to: u32| {
            let phase = state % PHASES;
            to as usize * PHASES + (phase + 1) % PHASES
        };
        for state in 0..states {
            for k in 0..CARDS.len() {
                let to = self.next[state * CARDS.len() + k];
                if to != NONE {
                    count[target(state, to) + 1] += 1;
                }
            }
        }
        for i in 0..states {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut list = vec![0u32; count[states] as usize];
        for state in 0..states {
            for k in 0..CARDS.len() {
                let to = self.next[state * CARDS.len() + k];
                if to != NONE {
                    let t = target(state, to);
                    list[fill[t] as usize] = state as u32;
                    fill[t] += 1;
                }
            }
        }
        Preds { start: count, list }
    }
}

/// Predecessor lists in one array: state `v`'s are `list[start[v]..start[v + 1]]`.
struct Preds {
    start: Vec<u32>,
    list: Vec<u32>,
}

/// One register of a program: the card played, the phase it is played in, and where the robot
/// ends that phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub phase: u8,
    pub card: Card,
    pub square: Square,
    pub facing: Facing,
    pub damage: u8,
}

/// One leg of the best line: from the start or the previous flag to flag `flag`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    pub flag: u8,
    pub from: Square,
    pub to: Square,
    /// Register phases on the best line.
    pub registers: u32,
    /// Damage taken on it.
    pub damage: u32,
    /// Squares from which this flag cannot be reached at all (see `StepTable::traps`).
    pub traps: usize,
    pub program: Vec<Step>,
}

impl fmt::Display for Leg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "flag {} at {}: {} register(s), {} damage, {} trap square(s):",
            self.flag, self.to, self.registers, self.damage, self.traps
        )?;
        for s in &self.program {
            write!(f, " {}:{}", s.phase, s.card.kind.code())?;
        }
        Ok(())
    }
}

/// A flag no program reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    pub flag: u8,
    pub square: Square,
    /// Where the leg starts: the start square, or the previous flag.
    pub from: Square,
    pub traps: usize,
    /// The square nearest the flag (fewest squares across, then reading order) that any line
    /// from `from` ends a register phase on: where every way on is cut off. `None` when no line
    /// leaves the start.
    pub nearest: Option<Square>,
}

/// The solver's answer for one course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub start: Square,
    /// The start facing of the best line (chosen for a 1994 start, printed for numbered starts).
    pub facing: Facing,
    /// The legs of the best line, in order; all of them when `unreachable` is `None`.
    pub legs: Vec<Leg>,
    pub unreachable: Option<Unreachable>,
}

impl Solution {
    pub fn registers(&self) -> u32 {
        self.legs.iter().map(|l| l.registers).sum()
    }

    pub fn damage(&self) -> u32 {
        self.legs.iter().map(|l| l.damage).sum()
    }

    /// Every card of the best line, in order.
    pub fn program(&self) -> impl Iterator<Item = &Step> {
        self.legs.iter().flat_map(|l| &l.program)
    }

    /// The squares of the best line: the start and where each register phase ends.
    pub fn line(&self) -> Vec<Square> {
        std::iter::once(self.start)
            .chain(self.program().map(|s| s.square))
            .collect()
    }
}

/// Where the lone robot starts: the square and the facings it may choose from.
pub fn start_of(start: StartRule, factory: &Factory) -> Option<(Square, Vec<Facing>)> {
    match start {
        StartRule::Archive(s) => Some((s, Facing::ALL.to_vec())),
        StartRule::Numbered => {
            let starts = factory.board().start_squares();
            let first = starts.first()?;
            Some((first.1, vec![first.2]))
        }
    }
}

/// Solves every leg of a course whose flags are `factory.flags()` (flag 1 first). `None` when
/// there is nothing to solve: no flags, or a start square the robot cannot stand on.
pub fn solve(table: &StepTable, start: Square, facings: &[Facing]) -> Option<Solution> {
    let factory = table.factory();
    let flags: Vec<usize> = factory
        .flags()
        .iter()
        .map(|&s| factory.index(s))
        .collect::<Option<Vec<_>>>()?;
    let start_cell = factory.index(start)?;
    if flags.is_empty() || !table.standable[start_cell] || facings.is_empty() {
        return None;
    }
    let n = flags.len();
    // The search numbers only the squares a robot can stand on, so a sparse course's empty grid
    // costs nothing per layer: `compact[cell]` is the square's number, `cells_of` the way back.
    let mut compact = vec![NONE; table.cells()];
    let mut cells_of: Vec<u32> = Vec::new();
    for c in (0..table.cells()).filter(|&c| table.standable[c]) {
        compact[c] = cells_of.len() as u32;
        cells_of.push(c as u32);
    }
    let unit = 4 * PHASES;
    // A search state `(number * 4 + facing) * 5 + phase - 1` as a table state, and as a node.
    let table_state = |cs: usize| cells_of[cs / unit] as usize * unit + cs % unit;
    let node_of = |cs: usize| cells_of[cs / unit] * 4 + ((cs / PHASES) % 4) as u32;
    let states = cells_of.len() * unit;
    // Layer k: flags 1..k touched. A layered state is `k * states + state`.
    let total = n * states;
    let mut level = vec![NONE; total];
    let mut damage = vec![0u32; total];
    let mut parent = vec![NONE; total];
    let mut parent_card = vec![0u8; total];
    let mut frontier: Vec<u32> = Vec::new();
    for &f in facings {
        let s = (compact[start_cell] as usize * 4 + f.index()) * PHASES;
        level[s] = 0;
        frontier.push(s as u32);
    }
    // The best finish: (damage, layered state before the last step, card, node it ends on).
    let mut finish: Option<(u32, u32, u8, u32)> = None;
    let mut next_frontier: Vec<u32> = Vec::new();
    let mut l = 0u32;
    while !frontier.is_empty() && finish.is_none() {
        next_frontier.clear();
        for &ls in &frontier {
            let ls = ls as usize;
            let (layer, cs) = (ls / states, ls % states);
            let state = table_state(cs);
            let phase = cs % PHASES;
            let base = state * CARDS.len();
            for k in 0..CARDS.len() {
                let to = table.next[base + k];
                if to == NONE {
                    continue;
                }
                let d = damage[ls] + u32::from(table.damage[base + k]);
                let cell = (to / 4) as usize;
                let mut layer_to = layer;
                if cell == flags[layer] {
                    layer_to += 1;
                    if layer_to == n {
                        if finish.is_none_or(|f| d < f.0) {
                            finish = Some((d, ls as u32, k as u8, to));
                        }
                        continue;
                    }
                }
                let number = compact[cell];
                if number == NONE {
                    continue;
                }
                let target = layer_to * states
                    + (number as usize * 4 + (to % 4) as usize) * PHASES
                    + (phase + 1) % PHASES;
                if level[target] == NONE {
                    level[target] = l + 1;
                    damage[target] = d;
                    parent[target] = ls as u32;
                    parent_card[target] = k as u8;
                    next_frontier.push(target as u32);
                } else if level[target] == l + 1 && d < damage[target] {
                    damage[target] = d;
                    parent[target] = ls as u32;
                    parent_card[target] = k as u8;
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next_frontier);
        l += 1;
    }
    // The line to reconstruct: the finish, or the best arrival on the last flag reached.
    let (mut at, mut moves, solved) = match finish {
        Some((_, before, k, node)) => {
            let state = table_state(before as usize % states);
            let dmg = table.damage[state * CARDS.len() + usize::from(k)];
            (before, vec![((state % PHASES) as u8 + 1, k, node, dmg)], n)
        }
        None => match (1..n).rev().find_map(|layer| {
            let flag = compact[flags[layer - 1]];
            (flag != NONE)
                .then(|| best_arrival(layer, flag as usize, states, &level, &damage))
                .flatten()
        }) {
            Some((ls, layer)) => (ls, Vec::new(), layer),
            None => (NONE, Vec::new(), 0),
        },
    };
    // Walk back to the start: (phase, card, node after, damage) per register, last first.
    let mut first_state = NONE;
    while at != NONE {
        let p = parent[at as usize];
        if p == NONE {
            first_state = at;
            break;
        }
        let state = table_state(p as usize % states);
        let k = parent_card[at as usize];
        let node = node_of(at as usize % states);
        let dmg = table.damage[state * CARDS.len() + usize::from(k)];
        moves.push(((state % PHASES) as u8 + 1, k, node, dmg));
        at = p;
    }
    moves.reverse();
    let facing = if first_state == NONE {
        facings[0]
    } else {
        Facing::from_index((first_state as usize % states) / PHASES % 4)
    };
    let traps = {
        let preds = table.preds();
        flags
            .iter()
            .take((solved + 1).min(n))
            .map(|&f| table.traps(f, &preds))
            .collect::<Vec<_>>()
    };
    let mut legs = Vec::new();
    let mut from = start;
    let mut program = Vec::new();
    for (phase, k, node, dmg) in moves {
        let cell = (node / 4) as usize;
        let step = Step {
            phase,
            card: CARDS[usize::from(k)],
            square: factory.square_of(cell),
            facing: Facing::from_index((node % 4) as usize),
            damage: dmg,
        };
        program.push(step);
        let leg = legs.len();
        if leg < n && cell == flags[leg] {
            let to = factory.square_of(cell);
            legs.push(Leg {
                flag: (leg + 1) as u8,
                from,
                to,
                registers: program.len() as u32,
                damage: program.iter().map(|s| u32::from(s.damage)).sum(),
                traps: traps.get(leg).copied().unwrap_or(0),
                program: std::mem::take(&mut program),
            });
            from = to;
        }
    }
    let unreachable = (legs.len() < n).then(|| {
        let leg = legs.len();
        let square = factory.square_of(flags[leg]);
        // The search ran to exhaustion in this layer: every state it holds was reached.
        let layer = &level[leg * states..(leg + 1) * states];
        let nearest = (0..states)
            .filter(|&cs| layer[cs] != NONE && layer[cs] > 0)
            .map(|cs| factory.square_of(cells_of[cs / unit] as usize))
            .min_by_key(|s| ((s.x - square.x).abs() + (s.y - square.y).abs(), s.y, s.x));
        Unreachable {
            flag: (leg + 1) as u8,
            square,
            from,
            traps: traps.get(leg).copied().unwrap_or(0),
            nearest,
        }
    });
    Some(Solution {
        start,
        facing,
        legs,
        unreachable,
    })
}

/// The cheapest state of `layer` on `flag` (where the layer is entered), with the layer.
fn best_arrival(
    layer: usize,
    flag: usize,
    states: usize,
    level: &[u32],
    damage: &[u32],
) -> Option<(u32, usize)> {
    let mut best: Option<(u32, u32, u32)> = None;
    for f in 0..4 {
        for p in 0..PHASES {
            let ls = layer * states + (flag * 4 + f) * PHASES + p;
            if level[ls] == NONE {
                continue;
            }
            let key = (level[ls], damage[ls], ls as u32);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
    }
    best.map(|b| (b.2, layer))
}
