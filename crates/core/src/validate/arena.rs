//! RoboArena's own setup rules (seed 003 section 8.5 and its endnote 5: four robots on the four
//! corners of one board, no flags): the flag rules do not apply; instead every start must be
//! able to reach every other start, found on the engine's table of single-card steps, and a
//! start walled in on three sides is a sitting target.

use super::{Diagnostic, Severity};
use crate::engine::steps::{CARDS, NO_STEP, PHASES, node_of};
use crate::engine::{Factory, StepTable};
use crate::geom::{Facing, Square};
use crate::model::{Phases, StartRule};
use std::collections::VecDeque;
use std::sync::Arc;

/// Rule ids an arena is not judged by: it has no flags (seed 003 section 8.5).
pub(super) fn is_flag_rule(rule: &str) -> bool {
    rule == "no-flags"
        || rule.starts_with("flag-")
        || rule == "flags-share-tile"
        || rule == "tile-without-flag"
}

/// `arena-with-flags` for an arena course that places flags: an arena has none (seed 003
/// section 8.5), yet a race would run to them (`play`, `drive`), while the setup rules judge the
/// course as an arena and skip every flag rule.
pub(super) fn flags(course: &crate::model::Course, out: &mut Vec<Diagnostic>) {
    let Some(first) = course.flags.first() else {
        return;
    };
    out.push(Diagnostic {
        severity: Severity::Error,
        rule: "arena-with-flags",
        squares: course.flags.iter().map(|f| f.at).collect(),
        tiles: Vec::new(),
        message: format!(
            "the course places {} flag(s) (flag {} at {}), but a RoboArena has no flags: remove them, or turn RoboArena off for a race (1995 FAQ section 8.5)",
            course.flags.len(),
            first.number,
            first.at
        ),
    });
}

/// The arena's start squares: the numbered starts, or the one archive start.
fn starts(start: StartRule, factory: &Factory) -> Vec<Square> {
    match start {
        StartRule::Archive(s) => vec![s],
        StartRule::Numbered => factory
            .board()
            .start_squares()
            .into_iter()
            .map(|(_, s, _)| s)
            .collect(),
    }
}

/// Every cell a lone robot can end a register phase on, starting from `from` with any facing,
/// playing any cards (phase 1's steps, as the bots' maps read them).
fn reachable(table: &StepTable, from: usize) -> Vec<bool> {
    let cells = table.cells();
    let mut seen = vec![false; cells * 4];
    let mut queue: VecDeque<usize> = (0..4).map(|f| from * 4 + f).collect();
    for &n in &queue {
        seen[n] = true;
    }
    while let Some(node) = queue.pop_front() {
        for k in 0..CARDS.len() {
            let t = table
                .steps(node * PHASES)
                .get(k)
                .map_or(NO_STEP, |&s| node_of(s));
            if t != NO_STEP && !seen[t as usize] {
                seen[t as usize] = true;
                queue.push_back(t as usize);
            }
        }
    }
    (0..cells)
        .map(|c| seen[c * 4..c * 4 + 4].iter().any(|&b| b))
        .collect()
}

/// The arena rules: `arena-start-unreachable` for a start from which another start cannot be
/// reached, `arena-start-boxed-in` for a start with walls on three or four sides.
pub(super) fn check(start: StartRule, factory: &Arc<Factory>, out: &mut Vec<Diagnostic>) {
    let squares = starts(start, factory);
    for &s in &squares {
        let walls = Facing::ALL
            .into_iter()
            .filter(|&d| factory.blocks_move(s, d))
            .count();
        if walls >= 3 {
            out.push(Diagnostic {
                severity: Severity::Warning,
                rule: "arena-start-boxed-in",
                squares: vec![s],
                tiles: Vec::new(),
                message: format!(
                    "the start on {s} has walls on {walls} sides: a robot there can leave only one way and is a sitting target (RoboArena, 1995 FAQ section 8.5)"
                ),
            });
        }
    }
    if squares.len() < 2 {
        return;
    }
    let Some(table) = StepTable::for_phases(Arc::clone(factory), Phases::NONE.with(1)) else {
        return;
    };
    for &s in &squares {
        let Some(from) = factory.index(s) else {
            continue;
        };
        let reach = reachable(&table, from);
        let missed: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&t| t != s && factory.index(t).is_none_or(|c| !reach[c]))
            .collect();
        if let Some(first) = missed.first() {
            out.push(Diagnostic {
                severity: Severity::Error,
                rule: "arena-start-unreachable",
                squares: vec![s, *first],
                tiles: Vec::new(),
                message: format!(
                    "a robot starting on {s} cannot get to the start on {first}{}: in a RoboArena every robot must be able to reach every other (1995 FAQ section 8.5)",
                    if missed.len() > 1 {
                        format!(" (nor {} other start(s))", missed.len() - 1)
                    } else {
                        String::new()
                    }
                ),
            });
        }
    }
}
