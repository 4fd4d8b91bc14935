//! The course solver (issue 4): the fewest register phases a lone robot needs for each leg of a
//! course (start to flag 1, flag 1 to flag 2, ...), one shortest program, the damage taken on it
//! and the trap squares of each flag, searched with the engine's own register phase.
//!
//! The search runs over states (square, facing, register phase 1-5). One step plays one card in
//! that phase as the engine's `Game::run_phase` does for a lone robot: the card, belts, pushers,
//! gears, crushers, lasers' damage and the touch, exactly as in a game (RULINGS.md, "One register
//! phase, in order"). The steps come from the engine's table of single-card steps
//! (`engine::steps::StepTable`, which the bots read too), computed once per course; each leg is
//! then a breadth-first search on phases, ties broken by least damage.
//!
//! What the search assumes, since a lone robot's race is an ideal: any card can be played in any
//! register (the deck has 6 Move 3s, so a real hand rarely allows the line), the damage of each
//! phase is counted but does not accumulate into destruction or locked registers, and repairs are
//! not subtracted. A step that destroys the robot is never taken, nor one whose card a randomizer
//! or freak teleporter leaves to chance (`SquareSpec::leaves_to_chance`). A flag is touched when the robot
//! ends a phase on it (RULINGS.md, step 6). The 1994 start lets the player choose the facing
//! (RULINGS.md, Re-entry; seed 000, Set Up); numbered starts use start square 1 as printed.

use crate::engine::steps::{NO_STEP as NONE, PHASES};
use crate::engine::{Card, Factory};
use crate::geom::{Facing, Square};
use crate::model::StartRule;
use std::fmt;

pub use crate::engine::steps::{CARDS, StepTable};

/// How many squares a robot can stand on from which `flag` cannot be reached from register
/// phase 1 whatever its facing: a backward search over the steps from every state on `flag`.
fn traps(table: &StepTable, flag: usize, preds: &Preds) -> usize {
    let states = table.states();
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
    (0..table.cells())
        .filter(|&c| table.is_standable(c))
        .filter(|&c| (0..4).all(|f| !good[(c * 4 + f) * PHASES]))
        .count()
}

/// The predecessors of every state, for the backward searches.
fn preds(table: &StepTable) -> Preds {
    let states = table.states();
    let mut count = vec![0u32; states + 1];
    let target = |state: usize, to: u32| {
        let phase = state % PHASES;
        to as usize * PHASES + (phase + 1) % PHASES
    };
    for state in 0..states {
        for &to in table.next_nodes(state) {
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
        for &to in table.next_nodes(state) {
            if to != NONE {
                let t = target(state, to);
                list[fill[t] as usize] = state as u32;
                fill[t] += 1;
            }
        }
    }
    Preds { start: count, list }
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
    if flags.is_empty() || !table.is_standable(start_cell) || facings.is_empty() {
        return None;
    }
    let n = flags.len();
    // The search numbers only the squares a robot can stand on, so a sparse course's empty grid
    // costs nothing per layer: `compact[cell]` is the square's number, `cells_of` the way back.
    let mut compact = vec![NONE; table.cells()];
    let mut cells_of: Vec<u32> = Vec::new();
    for c in (0..table.cells()).filter(|&c| table.is_standable(c)) {
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
            let steps = table.next_nodes(state).iter().zip(table.damages(state));
            for (k, (&to, &hurt)) in steps.enumerate() {
                if to == NONE {
                    continue;
                }
                let d = damage[ls] + u32::from(hurt);
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
            let dmg = table.damages(state)[usize::from(k)];
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
        let dmg = table.damages(state)[usize::from(k)];
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
        let preds = preds(table);
        flags
            .iter()
            .take((solved + 1).min(n))
            .map(|&f| traps(table, f, &preds))
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
