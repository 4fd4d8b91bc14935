//! Unit tests of the house rules that take more than one turn or a programming step, which
//! scenario files (one turn, scripted registers) cannot show. Each cites its rule's source.

use crate::engine::test_support::{Floorplan, card, run, sq, two_robot_game};
use crate::engine::{CardKind, ProgramError};
use crate::geom::Facing::E;

#[test]
fn one_free_life_only_the_first_restore_is_free_seed_003_section_8_4() {
    let mut g = Floorplan::new(4, 1)
        .pit(1, 0)
        .game(&[], &[("a", sq(0, 0), E)]);
    g.settings.house.one_free_life = true;
    let mut damage_on_entry = Vec::new();
    for _ in 0..2 {
        run(&mut g, &[(0, &[card(CardKind::Move1, 500)])], 1);
        let mut ev = Vec::new();
        g.end_turn(&mut ev);
        g.begin_turn(&mut ev);
        damage_on_entry.push(g.robots()[0].damage);
        g.stage = crate::engine::Stage::BetweenTurns;
    }
    assert_eq!(
        damage_on_entry,
        vec![0, 2],
        "the first restore is free, the second is not"
    );
    assert_eq!(g.robots()[0].lives, 1);
}

#[test]
fn no_power_down_refuses_an_announcement_docs_rules_house_rules() {
    let mut g = two_robot_game(5);
    g.settings.house.no_power_down = true;
    g.robots[0].damage = 3;
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    let cards: Vec<_> = g.hand(0)[..5].to_vec();
    assert_eq!(
        g.program(0, &cards, true, &mut ev),
        Err(ProgramError::NoPowerDown)
    );
    assert_eq!(g.program(0, &cards, false, &mut ev), Ok(()));
}

#[test]
fn start_options_deal_three_keep_one_and_every_card_stays_counted_docs_rules_house_rules() {
    let mut g = two_robot_game(9);
    g.settings.house.start_options = Some(crate::model::rules::StartOptions { deal: 3, keep: 1 });
    let mut ev = Vec::new();
    g.begin_turn(&mut ev);
    for i in 0..2 {
        assert_eq!(g.options(i).len(), 1, "robot {i} keeps one of three");
    }
    // Every option is somewhere: held, in the deck or given back (26 in all).
    assert_eq!(g.options_undrawn() + 2, 26);
    // A second turn deals none.
    g.stage = crate::engine::Stage::BetweenTurns;
    g.begin_turn(&mut ev);
    assert_eq!(g.options(0).len(), 1);
}
