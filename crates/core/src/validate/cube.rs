//! RoboRally Cubed's setup rule (seed 003 section 8.1): "arrange six boards in a cross (or any
//! other arrangement that can be folded into a cube)". The solver and the step table play the
//! folded cube through the engine (`Factory::for_rules`); this checks the net folds at all.

use super::{Diagnostic, Severity};
use crate::engine::cube::Fold;
use crate::model::{Board, Course};

/// `cube-does-not-fold`: under RoboRally Cubed, the placed tiles must fold into a cube.
pub(super) fn check(course: &Course, board: &Board, out: &mut Vec<Diagnostic>) {
    if course.rules.house.cubed.is_none() {
        return;
    }
    if let Err(e) = Fold::of(&board.placements) {
        out.push(Diagnostic {
            severity: Severity::Error,
            rule: "cube-does-not-fold",
            squares: Vec::new(),
            tiles: e.placements(),
            message: e.message(),
        });
    }
}
