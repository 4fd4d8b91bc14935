//! Course validation: the setup rules a course is checked against (seed 000 "Set Up", FAQ 7.1 in
//! seed 003, RULINGS.md "Setup rules"), as diagnostics with stable rule ids; and the solver that
//! proves every flag can be reached, with the course's difficulty.

pub mod command;
pub mod difficulty;
mod rules;
pub mod solver;

use crate::engine::Factory;
use crate::geom::Square;
use crate::model::{Board, Course, TileSource};
use std::fmt;
use std::sync::Arc;

pub use difficulty::Difficulty;
pub use rules::RULES;
pub use solver::{Leg, Solution, Step, StepTable, Unreachable};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The course breaks a rule: it is not a legal course.
    Error,
    /// Probably a mistake, but the course can be played.
    Warning,
    /// A suggestion from the rules' advice.
    Advice,
}

impl Severity {
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "advice",
        }
    }
}

/// One finding about a course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A stable id such as `flag-in-wall-corner`.
    pub rule: &'static str,
    /// The board squares it concerns (where clicking it should jump).
    pub squares: Vec<Square>,
    /// The placements (indices into `Course::placements`) it concerns.
    pub tiles: Vec<usize>,
    /// A sentence that says what is wrong and quotes or cites the rule.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.severity.label(), self.rule)?;
        if let Some(s) = self.squares.first() {
            write!(f, " at {s}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Everything validation finds about a course: the diagnostics, the solver's best line and the
/// difficulty taken from it.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Sorted: errors first, then by rule.
    pub diagnostics: Vec<Diagnostic>,
    /// `None` when the course is too broken to race on (no tiles, no flags, flags numbered wrong
    /// or off the board, a start off the board or a pit): those have their own diagnostics.
    pub solution: Option<Solution>,
    pub difficulty: Option<Difficulty>,
}

/// Checks a course against every setup rule and solves it. Diagnostics come sorted: errors
/// first, then by rule.
pub fn validate(course: &Course, library: &dyn TileSource) -> Vec<Diagnostic> {
    analyse(course, library).diagnostics
}

/// As `validate`, for a course already compiled into `board`.
pub fn validate_board(course: &Course, board: &Board) -> Vec<Diagnostic> {
    analyse_board(course, board.clone()).diagnostics
}

/// The diagnostics, the best line and the difficulty of a course.
pub fn analyse(course: &Course, library: &dyn TileSource) -> Analysis {
    analyse_board(course, course.compile(library))
}

/// Rules whose breaking leaves no race to solve; their own diagnostics say what is wrong.
const BLOCKS_SOLVER: [&str; 6] = [
    "no-tiles",
    "no-flags",
    "flag-numbering",
    "flag-duplicate",
    "flag-off-board",
    "start-off-board",
];

/// As `analyse`, for a course already compiled into `board`.
pub fn analyse_board(course: &Course, board: Board) -> Analysis {
    let mut out = Vec::new();
    rules::check_all(course, &board, &mut out);
    let blocked = out.iter().any(|d| BLOCKS_SOLVER.contains(&d.rule));
    let mut solution = None;
    let mut difficulty = None;
    if !blocked {
        let factory = Arc::new(Factory::new(board));
        if let Some((start, facings)) = solver::start_of(course.start, &factory)
            && let Some(table) = StepTable::new(Arc::clone(&factory))
            && let Some(s) = solver::solve(&table, start, &facings)
        {
            if let Some(u) = &s.unreachable {
                out.push(rules::flag_unreachable(u, factory.board()));
            }
            difficulty = Some(Difficulty::of(&s, &factory));
            solution = Some(s);
        }
    }
    out.sort_by(|a, b| (a.severity, a.rule, &a.squares).cmp(&(b.severity, b.rule, &b.squares)));
    Analysis {
        diagnostics: out,
        solution,
        difficulty,
    }
}

/// Whether any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}
