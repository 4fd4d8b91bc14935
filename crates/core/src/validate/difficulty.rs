//! A course's difficulty in a few stable numbers taken from the solver's best line, so courses can
//! be compared: registers, deadly squares near the line, laser exposure (issue 4).

use super::solver::Solution;
use crate::engine::Factory;
use crate::geom::Square;
use std::collections::BTreeSet;
use std::fmt;

/// The difficulty summary of one course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Register phases on the best line, start to last flag (or to the last flag reached).
    pub registers: u32,
    /// Distinct squares the line stands on: the start and the end of every register phase.
    pub line_squares: usize,
    /// Distinct squares within one square (the eight around, and itself) of a line square.
    pub near_squares: usize,
    /// How many of those are deadly (`Board::is_deadly`): a pit, an open edge (off the board), a
    /// trap door or a crusher.
    pub deadly_near: usize,
    /// Damage taken on the best line (board lasers).
    pub laser_damage: u32,
    /// Line squares that lie in a board laser's beam.
    pub squares_in_beam: usize,
}

impl Difficulty {
    pub fn of(solution: &Solution, factory: &Factory) -> Difficulty {
        let line: BTreeSet<Square> = solution.line().into_iter().collect();
        let near: BTreeSet<Square> = line
            .iter()
            .flat_map(|s| (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| s.offset(dx, dy))))
            .collect();
        let deadly_near = near
            .iter()
            .filter(|&&s| factory.board().is_deadly(s))
            .count();
        let beams: BTreeSet<u32> = factory
            .lasers()
            .iter()
            .flat_map(|l| l.cells.iter().copied())
            .collect();
        let squares_in_beam = line
            .iter()
            .filter(|&&s| {
                factory
                    .index(s)
                    .is_some_and(|i| beams.contains(&(i as u32)))
            })
            .count();
        Difficulty {
            registers: solution.registers(),
            line_squares: line.len(),
            near_squares: near.len(),
            deadly_near,
            laser_damage: solution.damage(),
            squares_in_beam,
        }
    }

    /// The share of deadly squares near the line, in per cent with one decimal (0.0 for an empty
    /// neighbourhood).
    pub fn deadly_percent(&self) -> f64 {
        if self.near_squares == 0 {
            return 0.0;
        }
        let tenths = (self.deadly_near * 1000 + self.near_squares / 2) / self.near_squares;
        tenths as f64 / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} registers on the best line; {} of {} squares within 1 of the line are deadly ({:.1}%); \
             laser damage {}, {} of {} line squares in a beam",
            self.registers,
            self.deadly_near,
            self.near_squares,
            self.deadly_percent(),
            self.laser_damage,
            self.squares_in_beam,
            self.line_squares
        )
    }
}
