//! Unit tests of the option deck and option draws, and which options a powered-down robot may use.
//! Each is named after the rule it checks and cites its source.

use crate::engine::OptionCard as O;
use crate::engine::test_support::{Plan, robot, script, sq};
use crate::engine::{
    ChoiceError, Choices, Event, Factory, Game, OptionCard, OptionSet, OptionSource, RobotSetup,
    Settings, Side,
};
use crate::geom::Facing::{E, N};
use crate::model::Board;
use std::sync::Arc;

#[test]
fn the_option_deck_holds_the_26_cards_shuffled_by_the_game_seed_issue_8() {
    let order = |seed: u64| {
        let board = Board::from_tile(&Plan::new(2, 1).0, &[]);
        let setups = [RobotSetup::new("a", sq(0, 0), E)];
        let Ok(mut g) = Game::new(
            Arc::new(Factory::new(board)),
            &setups,
            Settings::default(),
            seed,
        ) else {
            panic!("setup");
        };
        let mut ev = Vec::new();
        let drawn: Vec<OptionCard> = (0..27)
            .filter_map(|_| g.draw_option(0, OptionSource::DoubleWrench, &mut ev))
            .collect();
        assert_eq!(g.options(0).len(), 26);
        assert_eq!(g.options_undrawn(), 0);
        drawn
    };
    let a = order(1);
    assert_eq!(a.len(), 26, "26 cards, then the deck is empty");
    assert_eq!(a.iter().copied().collect::<OptionSet>().len(), 26);
    assert_eq!(order(1), a, "the same seed draws the same order");
    assert_ne!(order(2), a, "another seed shuffles differently");
}

#[test]
fn without_options_in_the_settings_no_robot_draws_or_holds_one_issue_8() {
    let settings = Settings {
        options: false,
        ..Settings::default()
    };
    let mut g = Plan::new(2, 1).repair(0, 0, 2).waste(1, 0).game_with(
        &[],
        &[("a", sq(0, 0), N, &[O::Shield]), ("b", sq(1, 0), N, &[])],
        settings,
        |_| {},
    );
    assert!(g.options(0).is_empty());
    let mut ev = script(&mut g, &[], &[], 5);
    g.end_turn(&mut ev);
    assert!(g.options(0).is_empty() && g.options(1).is_empty());
    assert_eq!(robot(&g, 1).damage, 5, "the waste still burns");
}

#[test]
fn radioactive_waste_draws_a_real_option_card_seed_001() {
    let mut g = Plan::new(1, 1)
        .waste(0, 0)
        .game(&[], &[("a", sq(0, 0), N, &[])]);
    let ev = script(&mut g, &[], &[], 1);
    assert_eq!(robot(&g, 0).damage, 1);
    assert_eq!(g.options(0).len(), 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::OptionDrawn {
            source: OptionSource::Waste,
            ..
        }
    )));
}

#[test]
fn a_powered_down_robot_uses_no_option_but_the_power_down_shield_seed_000_powerdown() {
    let mut g = Plan::new(1, 1).laser(0, 0, N, 1).game_with(
        &[],
        &[("a", sq(0, 0), N, &[O::Shield, O::AblativeCoat])],
        Settings::default(),
        |s| s[0].powered_down = true,
    );
    let mut ev = Vec::new();
    g.begin_scripted_turn(&mut ev);
    let shield = Choices {
        shield: Some(Side::Front),
        ..Choices::default()
    };
    assert_eq!(g.set_choices(0, &shield), Err(ChoiceError::PoweredDown));
    g.run_phase(&mut ev);
    assert_eq!(robot(&g, 0).damage, 1, "neither shield nor coat acts");
}
