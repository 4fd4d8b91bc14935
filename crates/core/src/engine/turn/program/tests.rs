//! Unit tests of programs and option choices: legal ones are accepted, illegal ones refused; the
//! Flywheel and Recompile. Each is named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{Plan, registers, robot, sq, two_robot_game};
use crate::engine::{CardKind, ChoiceError, Choices, Event, Game, OptionCard, ProgramError, Side};
use crate::geom::Facing::{E, W};

/// A real two-robot game with `opts` for robot 0, dealt and programming.
fn dealt_game(opts: &[OptionCard]) -> (Game, Vec<Event>) {
    let mut g = Plan::new(12, 12).game(&[], &[("a", sq(2, 2), E, opts), ("b", sq(8, 8), W, &[])]);
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    (g, ev)
}

#[test]
fn only_legal_programs_are_accepted_rulings_legal_programs() {
    let mut g = two_robot_game(4);
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    let hand = g.hand(0).to_vec();
    let other = g.hand(1)[0];
    assert!(matches!(
        g.program(0, &hand[..4], false, &mut ev),
        Err(ProgramError::WrongCount {
            expected: 5,
            got: 4
        })
    ));
    let dup = [hand[0], hand[0], hand[1], hand[2], hand[3]];
    assert!(matches!(
        g.program(0, &dup, false, &mut ev),
        Err(ProgramError::Duplicate(_))
    ));
    let foreign = [other, hand[0], hand[1], hand[2], hand[3]];
    assert!(matches!(
        g.program(0, &foreign, false, &mut ev),
        Err(ProgramError::NotInHand(_))
    ));
    assert!(matches!(
        g.program(0, &hand[..5], true, &mut ev),
        Err(ProgramError::UndamagedPowerDown)
    ));
    assert!(g.program(0, &hand[..5], false, &mut ev).is_ok());
    assert_eq!(g.cards_in_play(), 84);
}

#[test]
fn flywheel_keeps_one_unused_card_for_next_turn_issue_8() {
    let (mut g, mut ev) = dealt_game(&[O::Flywheel]);
    let hand = g.hand(0).to_vec();
    let ch = Choices {
        flywheel: Some(hand[5]),
        ..Choices::default()
    };
    assert_eq!(
        g.program_with(
            0,
            &hand[..5],
            false,
            &Choices {
                flywheel: Some(hand[0]),
                ..ch
            },
            &mut ev
        ),
        Err(ProgramError::Choice(ChoiceError::CardNotSpare {
            option: O::Flywheel,
            card: hand[0]
        }))
    );
    assert_eq!(g.program_with(0, &hand[..5], false, &ch, &mut ev), Ok(()));
    let b = g.hand(1).to_vec();
    assert_eq!(g.program(1, &b[..5], false, &mut ev), Ok(()));
    assert_eq!(g.cards_in_play(), 84);
    while g.stage() != crate::engine::game::Stage::Phase(5) {
        g.run_phase(&mut ev);
    }
    g.end_turn(&mut ev);
    assert_eq!(g.kept_card(0), Some(hand[5]));
    assert_eq!(g.cards_in_play(), 84);
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 10);
    assert!(g.hand(0).contains(&hand[5]));
}

#[test]
fn illegal_option_choices_are_refused_like_illegal_programs_issue_8() {
    let (mut g, mut ev) = dealt_game(&[O::Brakes, O::PressorBeam]);
    let hand = g.hand(0).to_vec();
    let cards = &hand[..5];
    let not_move1 = (1..=5u8).find(|&r| cards[usize::from(r - 1)].kind != CardKind::Move1);
    let mut errs = Vec::new();
    if let Some(r) = not_move1 {
        errs.push(Choices {
            brakes: registers(&[r]),
            ..Choices::default()
        });
    }
    errs.push(Choices {
        weapon: Some(O::TractorBeam),
        ..Choices::default()
    });
    errs.push(Choices {
        weapon: Some(O::Brakes),
        ..Choices::default()
    });
    errs.push(Choices {
        shield: Some(Side::Back),
        ..Choices::default()
    });
    for ch in errs {
        assert!(
            matches!(
                g.program_with(0, cards, false, &ch, &mut ev),
                Err(ProgramError::Choice(_))
            ),
            "{ch:?} accepted"
        );
    }
    let ok = Choices {
        weapon: Some(O::PressorBeam),
        ..Choices::default()
    };
    assert_eq!(g.program_with(0, cards, false, &ok, &mut ev), Ok(()));
}

#[test]
fn recompile_deals_a_new_hand_once_a_turn_for_1_damage_issue_8() {
    let (mut g, mut ev) = dealt_game(&[O::Recompile]);
    let old = g.hand(0).to_vec();
    assert_eq!(g.recompile(0, &mut ev), Ok(()));
    assert_eq!(robot(&g, 0).damage, 1);
    assert_eq!(g.hand(0).len(), 8);
    assert!(g.hand(0).iter().all(|c| !old.contains(c)));
    assert_eq!(
        g.recompile(0, &mut ev),
        Err(ProgramError::Choice(ChoiceError::RecompileUsed))
    );
    assert_eq!(g.cards_in_play(), 84);
    assert!(g.recompile(1, &mut ev).is_err(), "b has no Recompile");
}
