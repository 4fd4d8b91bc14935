//! Course validation: the setup rules a course is checked against (seed 000 "Set Up", FAQ 7.1 in
//! seed 003, RULINGS.md "Setup rules"), as diagnostics with stable rule ids.

mod rules;

use crate::geom::Square;
use crate::model::{Board, Course, TileSource};
use std::fmt;

pub use rules::RULES;

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

/// Checks a course against every setup rule. Diagnostics come sorted: errors first, then by rule.
pub fn validate(course: &Course, library: &dyn TileSource) -> Vec<Diagnostic> {
    let board = course.compile(library);
    validate_board(course, &board)
}

/// As `validate`, for a course already compiled into `board`.
pub fn validate_board(course: &Course, board: &Board) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    rules::check_all(course, board, &mut out);
    out.sort_by(|a, b| (a.severity, a.rule, &a.squares).cmp(&(b.severity, b.rule, &b.squares)));
    out
}

/// Whether any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}
