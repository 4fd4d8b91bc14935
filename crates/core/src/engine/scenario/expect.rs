//! The expectations of a scenario file checked against the game it ran: one field each, expected
//! against actual (split from scenario.rs to keep each file short).

use super::{Expect, FieldCheck};
use crate::engine::card::Card;
use crate::engine::event::Event;
use crate::engine::game::{Game, Robot, Status};
use crate::engine::options::OptionSet;

/// How many option draws the events record for robot `i`.
pub(super) fn options_drawn(events: &[Event], i: usize) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::OptionDrawn { robot, .. } if usize::from(*robot) == i))
        .count()
}

pub(super) fn compare(exp: &Expect, r: &Robot, drawn: usize) -> Vec<FieldCheck> {
    let mut out = Vec::new();
    let mut check = |field: &'static str, expected: Option<String>, actual: String| {
        if let Some(expected) = expected {
            out.push(FieldCheck {
                field,
                expected,
                actual,
            });
        }
    };
    let on_board = r.status == Status::Active;
    let square = if on_board {
        r.square.to_string()
    } else {
        format!("off the board ({})", status_word(r.status))
    };
    check("square", exp.square.map(|s| s.to_string()), square);
    check(
        "facing",
        exp.facing.map(|f| f.to_string()),
        r.facing.to_string(),
    );
    check(
        "damage",
        exp.damage.map(|d| d.to_string()),
        r.damage.to_string(),
    );
    check(
        "lives",
        exp.lives.map(|d| d.to_string()),
        r.lives.to_string(),
    );
    check(
        "flags",
        exp.flags.map(|d| d.to_string()),
        r.flags.to_string(),
    );
    check(
        "archive",
        exp.archive.map(|s| s.to_string()),
        r.archive.to_string(),
    );
    let destroyed = matches!(r.status, Status::Destroyed | Status::Eliminated);
    check(
        "destroyed",
        exp.destroyed.map(|b| b.to_string()),
        destroyed.to_string(),
    );
    check(
        "virtual",
        exp.is_virtual.map(|b| b.to_string()),
        r.is_virtual.to_string(),
    );
    check(
        "powered_down",
        exp.powered_down.map(|b| b.to_string()),
        r.powered_down.to_string(),
    );
    check(
        "finished",
        exp.finished.map(|b| b.to_string()),
        (r.status == Status::Finished).to_string(),
    );
    check(
        "place",
        exp.place.map(|p| p.to_string()),
        r.place.map_or("none".to_string(), |p| p.to_string()),
    );
    check(
        "options_drawn",
        exp.options_drawn.map(|n| n.to_string()),
        drawn.to_string(),
    );
    out
}

/// The option fields of an expectation (issue 8).
pub(super) fn compare_options(exp: &Expect, game: &Game, i: usize) -> Vec<FieldCheck> {
    let mut out = Vec::new();
    let list = |set: OptionSet| {
        let codes: Vec<&str> = set.iter().map(|o| o.code()).collect();
        format!("[{}]", codes.join(", "))
    };
    if let Some(set) = exp.options {
        out.push(FieldCheck {
            field: "options",
            expected: list(set),
            actual: list(game.options(i)),
        });
    }
    if let Some(n) = exp.option_count {
        out.push(FieldCheck {
            field: "option_count",
            expected: n.to_string(),
            actual: game.options(i).len().to_string(),
        });
    }
    if let Some(n) = exp.locked_registers {
        out.push(FieldCheck {
            field: "locked_registers",
            expected: n.to_string(),
            actual: game.robots()[i].locked_count().to_string(),
        });
    }
    if let Some(n) = exp.hand_cards {
        out.push(FieldCheck {
            field: "hand_cards",
            expected: n.to_string(),
            actual: game.hand(i).len().to_string(),
        });
    }
    if let Some(kept) = exp.kept {
        let word = |c: Option<Card>| c.map_or("none".to_string(), |c| c.to_string());
        out.push(FieldCheck {
            field: "kept",
            expected: word(Some(kept)),
            actual: word(game.kept_card(i)),
        });
    }
    out
}

/// Secret Options (seed 003 section 8.4, "kept face-down until used"): the `face_up` field,
/// the options robot `i` holds that are face up at the end. Under the rule those the events
/// revealed (`Event::reveals_option`); without it every option held is face up.
pub(super) fn compare_face_up(
    exp: &Expect,
    game: &Game,
    events: &[Event],
    i: usize,
) -> Option<FieldCheck> {
    let want = exp.face_up?;
    let secret = game.settings.house.secret_options;
    let up: OptionSet = game
        .options(i)
        .iter()
        .filter(|&o| !secret || events.iter().any(|e| e.reveals_option() == Some((i, o))))
        .collect();
    Some(FieldCheck {
        field: "face_up",
        expected: codes(want),
        actual: codes(up),
    })
}

/// Option cards by code, as `[a, b]`.
fn codes(set: OptionSet) -> String {
    let codes: Vec<&str> = set.iter().map(|o| o.code()).collect();
    format!("[{}]", codes.join(", "))
}

fn status_word(s: Status) -> &'static str {
    match s {
        Status::Active => "on the board",
        Status::Destroyed => "destroyed",
        Status::Eliminated => "out of the game",
        Status::Finished => "finished",
    }
}
