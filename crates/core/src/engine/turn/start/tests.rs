//! Unit tests of the start of a turn: the deal and re-entry. Each is named after the rule it checks
//! and cites its source.

use crate::engine::CardKind;
use crate::engine::test_support::{Floorplan, card, run, sq, two_robot_game};
use crate::geom::Facing::{E, N, W};

#[test]
fn each_robot_is_dealt_nine_cards_minus_damage_and_the_deck_holds_84_seed_000_deal() {
    let mut g = two_robot_game(3);
    g.robots[1].damage = 3;
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    assert_eq!(g.hand(0).len(), 9);
    assert_eq!(g.hand(1).len(), 6);
    assert_eq!(g.cards_in_play(), 84);
}

#[test]
fn reentry_on_a_shared_archive_is_virtual_with_two_damage_and_the_old_facing_seed_000() {
    let mut g = Floorplan::new(4, 2)
        .repair(0, 0, 1)
        .pit(2, 0)
        .pit(2, 1)
        .game(&[], &[("a", sq(1, 0), E), ("b", sq(1, 1), E)]);
    g.robots[0].archive = sq(0, 0);
    g.robots[1].archive = sq(0, 0);
    run(
        &mut g,
        &[
            (0, &[card(CardKind::Move1, 500)]),
            (1, &[card(CardKind::Move1, 510)]),
        ],
        1,
    );
    let mut ev = Vec::new();
    g.end_turn(&mut ev);
    g.begin_turn(&mut ev);
    for i in 0..2 {
        let r = g.robots()[i];
        assert_eq!(
            (r.square, r.damage, r.is_virtual, r.facing),
            (sq(0, 0), 2, true, E)
        );
        assert_eq!(r.lives, 2);
    }
}

#[test]
fn a_controller_may_choose_the_facing_and_a_powered_down_reentry_faq_7_5() {
    let mut g = Floorplan::new(3, 1)
        .pit(2, 0)
        .game(&[], &[("a", sq(1, 0), E), ("b", sq(0, 0), N)]);
    run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
    let mut ev = Vec::new();
    g.end_turn(&mut ev);
    assert!(g.choose_reentry(0, W, true));
    assert!(!g.choose_reentry(1, W, true), "b was not destroyed");
    g.begin_turn(&mut ev);
    let r = g.robots()[0];
    // It re-enters on its archive (its start square), powered down: the 2 damage are discarded
    // and it is dealt nothing.
    assert_eq!(
        (r.square, r.facing, r.powered_down, r.damage),
        (sq(1, 0), W, true, 0)
    );
    assert_eq!(g.hand(0).len(), 0);
}
