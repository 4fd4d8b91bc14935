//! Moving flags for the solver (docs/validation.md, Moving flags): no robot ever stops or pushes a
//! flag, so where the flags stand after each register phase is set by the board alone
//! (`engine::flags::flags_through_phase`, the engine's own flag motion). On a finite board that
//! motion repeats from some turn on, so it is worked out once, turn by turn, up to the first
//! repeat: a prefix of turns, then a period. The search carries its turn in that timeline and
//! touches a flag where the timeline has it at the end of the phase.

use crate::engine::Factory;
use crate::engine::flags::flags_through_phase;
use crate::engine::steps::PHASES;
use crate::geom::Square;
use std::collections::HashMap;

/// The most turns followed looking for the period: past it the last turn leads back to the first
/// (an approximation the report would not notice on any board a person draws; flags loop on
/// belts of a few dozen squares at most).
const MAX_TURNS: usize = 2_000;

/// The flags' cells after every register phase of the turns up to the first repeat.
#[derive(Clone, Debug)]
pub(super) struct Timeline {
    /// `cells[(turn * PHASES + phase) * flags + flag]`: the cell of flag `flag` (0-based) at the
    /// end of register phase `phase` (0-based) of turn `turn` (0 = the first).
    cells: Vec<usize>,
    flags: usize,
    /// Turns before the repeating part.
    prefix: usize,
    /// Turns in the repeating part (at least 1).
    period: usize,
}

impl Timeline {
    /// The timeline of the factory's flags under moving flags; `None` when a flag is off the grid.
    pub fn new(factory: &Factory) -> Option<Timeline> {
        let mut at: Vec<Square> = factory.flags().to_vec();
        let flags = at.len();
        let mut seen: HashMap<Vec<Square>, usize> = HashMap::new();
        let mut cells = Vec::new();
        let mut turn = 0;
        let (prefix, period) = loop {
            if let Some(&first) = seen.get(&at) {
                break (first, turn - first);
            }
            if turn == MAX_TURNS {
                break (0, turn);
            }
            seen.insert(at.clone(), turn);
            for phase in 1..=PHASES as u8 {
                flags_through_phase(factory, &mut at, phase);
                for s in &at {
                    cells.push(factory.index(*s)?);
                }
            }
            turn += 1;
        };
        Some(Timeline {
            cells,
            flags,
            prefix,
            period: period.max(1),
        })
    }

    /// The cell of flag `flag` (0-based) at the end of register phase `phase` (0-based) of
    /// timeline turn `turn`.
    pub fn cell(&self, turn: u16, phase: usize, flag: usize) -> Option<usize> {
        (flag < self.flags)
            .then(|| {
                self.cells
                    .get((usize::from(turn) * PHASES + phase) * self.flags + flag)
                    .copied()
            })
            .flatten()
    }

    /// Every (cell, phase) flag `flag` (0-based) stands on at the end of a register phase
    /// (0-based) in some turn of the timeline, each once.
    pub fn positions(&self, flag: usize) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = (0..self.prefix + self.period)
            .flat_map(|turn| (0..PHASES).map(move |p| (turn, p)))
            .filter_map(|(turn, p)| self.cell(turn as u16, p, flag).map(|c| (c, p)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The timeline turn after `turn`: the next, or back to the start of the period.
    pub fn next_turn(&self, turn: u16) -> u16 {
        let t = usize::from(turn) + 1;
        if t >= self.prefix + self.period {
            self.prefix as u16
        } else {
            t as u16
        }
    }

    /// How many turns the timeline holds (prefix and period).
    #[cfg(test)]
    pub fn turns(&self) -> usize {
        self.prefix + self.period
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Facing;
    use crate::model::{Board, Flow, FlowKind, SquareSpec, Tile};

    #[test]
    fn a_flag_on_a_belt_loop_repeats_with_the_loop_docs_rules_moving_flags() {
        // A 2 x 2 loop of belts turning clockwise: a flag on it goes round once every 4 phases,
        // so the phases repeat every 4 turns (20 phases, the first multiple of 4 and of 5).
        let mut tile = Tile::new("loop", 4, 4);
        let loop_ = [
            (Square::new(1, 1), Facing::E),
            (Square::new(2, 1), Facing::S),
            (Square::new(2, 2), Facing::W),
            (Square::new(1, 2), Facing::N),
        ];
        for (s, out) in loop_ {
            tile.set_square(
                s,
                SquareSpec {
                    flow: Some(Flow::straight(FlowKind::Belt, out)),
                    ..SquareSpec::default()
                },
            );
        }
        let factory = Factory::new(Board::from_tile(&tile, &[Square::new(1, 1)]));
        let Some(t) = Timeline::new(&factory) else {
            panic!("the flag is on the grid")
        };
        assert_eq!(t.turns(), 4);
        let square = |turn, phase| t.cell(turn, phase, 0).map(|c| factory.square_of(c));
        assert_eq!(square(0, 0), Some(Square::new(2, 1)));
        assert_eq!(square(0, 3), Some(Square::new(1, 1)));
        assert_eq!(square(0, 4), Some(Square::new(2, 1)));
        assert_eq!(t.next_turn(3), 0);
    }
}
