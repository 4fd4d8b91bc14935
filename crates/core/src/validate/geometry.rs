//! Setup rules of the course's geometry that look across tiles (issue 17 item 4): two flags on
//! one square, and the levels of ramps and ledges (Armed & Dangerous: a ledge's anchor square is
//! the upper level, a ramp leads up in its direction), each with the square.

use super::Diagnostic;
use super::rules::severity_of;
use crate::geom::{Facing, Square};
use crate::model::{Barrier, Board, Course, Device, Level};
use std::collections::BTreeMap;

fn diagnostic(rule: &'static str, squares: Vec<Square>, message: String) -> Diagnostic {
    Diagnostic {
        severity: severity_of(rule),
        rule,
        squares,
        tiles: Vec::new(),
        message,
    }
}

/// Two or more flags on one square: a robot touches one flag per register phase, and players
/// cannot tell the flags apart (RULINGS.md, Setup rules: one flag per square).
pub(super) fn flags_on_one_square(course: &Course, out: &mut Vec<Diagnostic>) {
    let mut by_square: BTreeMap<(i32, i32), Vec<u32>> = BTreeMap::new();
    for f in &course.flags {
        by_square
            .entry((f.at.y, f.at.x))
            .or_default()
            .push(f.number);
    }
    for ((y, x), mut numbers) in by_square {
        if numbers.len() < 2 {
            continue;
        }
        numbers.sort_unstable();
        let s = Square::new(x, y);
        let list: Vec<String> = numbers.iter().map(u32::to_string).collect();
        // "flags 1 and 2 both stand", "flags 1, 2 and 3 all stand".
        let (names, all) = match list.split_last() {
            Some((last, rest)) if rest.len() > 1 => {
                (format!("{} and {last}", rest.join(", ")), "all")
            }
            _ => (list.join(" and "), "both"),
        };
        out.push(diagnostic(
            "flags-on-one-square",
            vec![s],
            format!("flags {names} {all} stand on {s}: each flag needs its own square"),
        ));
    }
}

fn level_word(level: Level) -> &'static str {
    match level {
        Level::Lower => "lower",
        Level::Upper => "upper",
    }
}

/// Ramps and ledges whose levels do not fit the squares around them, anywhere on the course: a
/// ledge stands between its upper anchor square and a lower square; a ramp has the upper level
/// ahead of it (its `up` direction) and the lower level behind it; two squares of different
/// levels side by side meet at a ledge or a ramp.
pub(super) fn levels(board: &Board, out: &mut Vec<Diagnostic>) {
    let level = |s: Square| board.spec(s).map(|q| q.level);
    let ramp = |s: Square| match board.spec(s).and_then(|q| q.device) {
        Some(Device::Ramp(up)) => Some(up),
        _ => None,
    };
    for s in board.all_squares() {
        let Some(here) = level(s) else { continue };
        for side in [Facing::E, Facing::S] {
            let t = s.step(side);
            let Some(there) = level(t) else { continue };
            let ledge = board
                .barrier(s, side)
                .filter(|b| b.barrier == Barrier::Ledge);
            if let Some(b) = ledge {
                let (upper, lower) = if b.anchored_here { (s, t) } else { (t, s) };
                let (u, l) = if b.anchored_here {
                    (here, there)
                } else {
                    (there, here)
                };
                if u != Level::Upper || l != Level::Lower {
                    out.push(diagnostic(
                        "level-mismatch",
                        vec![upper, lower],
                        format!(
                            "the ledge between {upper} and {lower} drops from {upper} to {lower}, but {upper} is on the {} level and {lower} on the {} level",
                            level_word(u),
                            level_word(l)
                        ),
                    ));
                }
                continue;
            }
            let by_ramp = ramp(s).is_some_and(|up| up == side || up == side.opposite())
                || ramp(t).is_some_and(|up| up == side || up == side.opposite());
            if here != there && !by_ramp {
                out.push(diagnostic(
                    "level-mismatch",
                    vec![s, t],
                    format!(
                        "{s} is on the {} level and {t} on the {} level, with no ledge or ramp between them",
                        level_word(here),
                        level_word(there)
                    ),
                ));
            }
        }
        if let Some(up) = ramp(s) {
            let (ahead, behind) = (s.step(up), s.step(up.opposite()));
            for (at, want) in [(ahead, Level::Upper), (behind, Level::Lower)] {
                if let Some(got) = level(at)
                    && got != want
                {
                    out.push(diagnostic(
                        "level-mismatch",
                        vec![s, at],
                        format!(
                            "the ramp at {s} leads up to the {}, so {at} should be on the {} level, but it is on the {} level",
                            up.name(),
                            level_word(want),
                            level_word(got)
                        ),
                    ));
                }
            }
        }
    }
}

/// A flag only luck reaches (`super::chance`): a warning with the expected number of tries.
pub(super) fn by_chance(c: &super::ChanceFlag) -> Diagnostic {
    Diagnostic {
        severity: severity_of("flag-by-chance"),
        rule: "flag-by-chance",
        squares: vec![c.square],
        tiles: Vec::new(),
        message: format!(
            "flag {} at {} depends on chance: no planned program reaches it, only a card a randomizer or freak teleporter draws; the likeliest line gets there {}",
            c.flag,
            c.square,
            c.in_words()
        ),
    }
}
