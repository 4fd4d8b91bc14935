//! The Dice Rule for the validator (seed 003 section 8.2; docs/validation.md, The Dice Rule). The
//! model, stated in the report: the solver plans every line as if each die were already shot away
//! (it does not count the registers spent shooting); this check says which flags are blockaded,
//! by how many points, and whether anything can shoot each die away at all: a board laser whose
//! beam crosses the die's square, or a square a lone robot can reach in a clear line with it,
//! from which it fires at the die (walls stop the beam; ignoring the dice themselves).

use super::Diagnostic;
use super::rules::severity_of;
use crate::engine::steps::{NO_STEP, PHASES, after};
use crate::engine::{Factory, StepTable};
use crate::geom::{Facing, Square};
use crate::model::Course;

/// Reports each blockaded flag (`dice-blockade`), and a die nothing can shoot away
/// (`dice-out-of-reach`): that flag can never be touched.
pub(super) fn check(
    course: &Course,
    table: &StepTable,
    start: Square,
    facings: &[Facing],
    out: &mut Vec<Diagnostic>,
) {
    let Some(dice) = course.rules.house.dice else {
        return;
    };
    let factory = table.factory();
    let reach = reachable(table, start, facings);
    for (k, &at) in factory.flags().iter().enumerate() {
        let n = k as u32 + 1;
        let (Some(points), Some(cell)) = (dice.on_flag(n), factory.index(at)) else {
            continue;
        };
        let lasers = factory.laser_crossings(cell).len();
        let lines = in_line(factory, at)
            .into_iter()
            .filter(|&s| factory.index(s).is_some_and(|c| reach[c]))
            .count();
        let mut add = |rule: &'static str, message: String| {
            out.push(Diagnostic {
                severity: severity_of(rule),
                rule,
                squares: vec![at],
                tiles: Vec::new(),
                message,
            });
        };
        add(
            "dice-blockade",
            format!(
                "flag {n} at {at} is blockaded by a die of {points} point(s): no robot may enter or touch it until lasers shoot the die away; {lasers} board laser(s) cross it and a robot can reach {lines} square(s) in a clear line with it (the solver's line assumes the die already gone)"
            ),
        );
        if lasers == 0 && lines == 0 {
            add(
                "dice-out-of-reach",
                format!(
                    "flag {n} at {at} can never be touched: no board laser crosses its die and no square a robot can reach lies in a clear line with it, so nothing can shoot the die away (1995 FAQ section 8.2)"
                ),
            );
        }
    }
}

/// The squares in a clear line with `at` on each side: a robot on one facing `at` hits it first
/// (when nothing stands between).
fn in_line(factory: &Factory, at: Square) -> Vec<Square> {
    let mut out = Vec::new();
    for dir in Facing::ALL {
        let run = factory.beam_run(at, dir);
        let mut s = at;
        for _ in 0..run {
            s = s.step(dir);
            out.push(s);
        }
    }
    out
}

/// The cells a lone robot can end a register phase on from `start`, ignoring damage: a flood
/// over the step table's states. A state is marked when it is first put on the stack, so the
/// stack holds each at most once: marked when taken off, a state reached by several steps before
/// it was taken was put on once per step (up to 7 a state), and on the largest board with the
/// Dice Rule the stack took 42 MB more than the whole validation's peak without it.
fn reachable(table: &StepTable, start: Square, facings: &[Facing]) -> Vec<bool> {
    let factory = table.factory();
    let mut cells = vec![false; table.cells()];
    let mut seen = vec![false; table.states()];
    let Some(c) = factory.index(start) else {
        return cells;
    };
    cells[c] = true;
    let mut stack: Vec<u32> = Vec::new();
    for f in facings {
        let state = (c * 4 + f.index()) * PHASES;
        if let Some(s) = seen.get_mut(state)
            && !std::mem::replace(s, true)
        {
            stack.push(state as u32);
        }
    }
    while let Some(state) = stack.pop() {
        let state = state as usize;
        for to in table.next_nodes(state) {
            if to == NO_STEP {
                continue;
            }
            cells[to as usize / 4] = true;
            let next = after(state, to);
            if let Some(s) = seen.get_mut(next)
                && !std::mem::replace(s, true)
            {
                stack.push(next as u32);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Library;
    use crate::validate::solver_tests::sample;
    use std::collections::{HashSet, VecDeque};

    #[test]
    fn the_cells_a_lone_robot_reaches_are_those_of_a_plain_breadth_first_flood() {
        // Every sample course from its start with every facing, and from a corner: the cells
        // `reachable` marks are the ones a queue over (state) with a set of those seen reaches.
        let lib = Library::builtin();
        let mut compared = 0;
        let names = crate::validate::solver_tests::SAMPLES
            .iter()
            .chain(&["dice-rule.json"]);
        for &name in names {
            let (course, factory, table) = sample(&lib, name);
            let Some(start) = crate::validate::solver::start_of(course.start, &factory) else {
                continue;
            };
            for from in [start.0, factory.square_of(0)] {
                let got = reachable(&table, from, &Facing::ALL);
                let mut want = vec![false; table.cells()];
                if let Some(c) = factory.index(from) {
                    want[c] = true;
                    let mut seen = HashSet::new();
                    let mut queue: VecDeque<usize> = (0..4).map(|f| (c * 4 + f) * PHASES).collect();
                    while let Some(state) = queue.pop_front() {
                        if !seen.insert(state) {
                            continue;
                        }
                        for to in table.next_nodes(state) {
                            if to != NO_STEP {
                                want[to as usize / 4] = true;
                                queue.push_back(
                                    to as usize * PHASES + (state % PHASES + 1) % PHASES,
                                );
                            }
                        }
                    }
                }
                assert_eq!(got, want, "{name} from {from}");
                compared += got.iter().filter(|&&r| r).count();
            }
        }
        assert!(compared > 1_000, "cells compared: {compared}");
    }
}
