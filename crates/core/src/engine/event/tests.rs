//! Unit tests of the event log read as lines that name the robots. Each is named after the rule it
//! checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{Floorplan, card, run, sq};
use crate::engine::{CardKind, DiscardReason, Event, OptionSource};
use crate::geom::Facing::{E, S, W};

#[test]
fn every_event_reads_as_a_log_line_naming_the_robots_issue_3_item_3() {
    let mut g = Floorplan::new(4, 1)
        .pit(3, 0)
        .game(&[], &[("Twonky", sq(0, 0), E), ("Zoom", sq(1, 0), W)]);
    let ev = run(&mut g, &[(0, &[card(CardKind::Move2, 700)])], 1);
    let names = g.names().to_vec();
    let log: Vec<String> = ev.iter().map(|e| e.describe(&names)).collect();
    assert!(
        log.contains(&"Twonky reveals Move 2 (700) in register 1".to_string()),
        "{log:#?}"
    );
    assert!(
        log.contains(&"Twonky pushes Zoom from (1, 0) to (2, 0)".to_string()),
        "{log:#?}"
    );
    let fell = "Zoom fell into a pit at (3, 0) and is destroyed (2 lives left)";
    assert!(log.contains(&fell.to_string()), "{log:#?}");
    assert!(log.iter().all(|l| !l.is_empty()));
}

#[test]
fn option_events_read_as_log_lines_issue_8() {
    let names = vec!["Red".to_string(), "Blue".to_string()];
    let lines = [
        Event::OptionDrawn {
            robot: 0,
            at: sq(1, 2),
            option: O::Shield,
            source: OptionSource::DoubleWrench,
        },
        Event::OptionUsed {
            robot: 0,
            option: O::PressorBeam,
            target: Some(1),
        },
        Event::OptionDiscarded {
            robot: 1,
            option: O::Brakes,
            reason: DiscardReason::Exchange,
        },
        Event::DamagePrevented {
            robot: 1,
            amount: 1,
            option: O::AblativeCoat,
        },
    ]
    .map(|e| e.describe(&names));
    assert_eq!(
        lines[0],
        "Red draws the option Shield on the double-wrench site at (1, 2)"
    );
    assert_eq!(lines[1], "Red uses its Pressor Beam on Blue");
    assert_eq!(
        lines[2],
        "Blue loses its option Brakes to avoid a point of damage"
    );
    assert_eq!(lines[3], "Blue's Ablative Coat prevents 1 damage");
    let _ = S;
}
