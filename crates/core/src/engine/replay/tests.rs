//! Unit tests of replays: the same seed and programs give the same events. Each is named after the
//! rule it checks and cites its source.

use crate::engine::test_support::{Plan, sq, two_robot_game};
use crate::engine::{Event, Factory, OptionCard, Replay, RobotSetup, Settings};
use crate::geom::Facing::{E, S};
use crate::model::Board;
use std::sync::Arc;

#[test]
fn a_replay_gives_the_same_events_bit_for_bit_issue_3_item_4() {
    let factory = two_robot_game(0).factory_arc();
    let setups = vec![
        RobotSetup::new("a", sq(2, 2), S),
        RobotSetup::new("b", sq(8, 2), S),
        RobotSetup::new("c", sq(5, 5), E),
    ];
    let recorded = Replay::random(Arc::clone(&factory), setups, Settings::default(), 99, 7, 10);
    let Ok((replay, game, events)) = recorded else {
        panic!("random game failed")
    };
    let Ok((game2, events2)) = replay.play(factory) else {
        panic!("replay failed")
    };
    assert_eq!(events, events2);
    assert_eq!(game.robots(), game2.robots());
    assert!(events.len() > 50);
}

#[test]
fn games_with_options_replay_identically_issue_8() {
    let board = Board::from_tile(&Plan::new(8, 8).repair(3, 3, 2).waste(4, 4).0, &[sq(7, 7)]);
    let factory = Arc::new(Factory::new(board));
    let all: Vec<OptionCard> = OptionCard::ALL.to_vec();
    let setups: Vec<RobotSetup> = (0..4)
        .map(|i| RobotSetup {
            options: all[i * 6..(i * 6 + 6).min(26)].iter().copied().collect(),
            ..RobotSetup::new(format!("r{i}"), sq(i as i32 * 2, i as i32), E)
        })
        .collect();
    let played = Replay::random(Arc::clone(&factory), setups, Settings::default(), 5, 9, 10);
    let Ok((replay, game, events)) = played else {
        panic!("{:?}", played.err());
    };
    assert!(
        events.iter().any(|e| matches!(e, Event::OptionUsed { .. })),
        "options were used"
    );
    let Ok((game2, events2)) = replay.play(factory) else {
        panic!("the replay failed");
    };
    assert_eq!(events, events2);
    assert_eq!(game.robots(), game2.robots());
    let held: usize = game.robots().iter().map(|r| r.options.len()).sum();
    assert_eq!(held + game.options_undrawn(), 26);
}
