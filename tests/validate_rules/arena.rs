//! RoboArena's own setup rules (seed 003 section 8.5), each checked on the arena sample.

use super::{house_sample, rule_ids};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::*;

/// The RoboArena sample with its first corner start walled in on all four sides.
fn arena_walled_in() -> (Course, Course, factory_floor::format::Library) {
    let (course, lib) = house_sample("robo-arena.json");
    let mut walled = course.clone();
    let tile = &mut walled.embedded[0];
    for side in Facing::ALL {
        let mut edge = tile.edge(Square::new(0, 0), side);
        edge.barrier = Some(Barrier::Plain);
        tile.set_edge(Square::new(0, 0), side, edge);
    }
    (course, walled, lib)
}

#[test]
fn rule_arena_start_unreachable() {
    // Seed 003 section 8.5 (RoboArena): every start must be able to reach every other.
    let (course, walled, lib) = arena_walled_in();
    assert!(!rule_ids(&course, &lib).contains(&"arena-start-unreachable"));
    assert!(rule_ids(&walled, &lib).contains(&"arena-start-unreachable"));
}

#[test]
fn rule_arena_start_boxed_in() {
    let (course, walled, lib) = arena_walled_in();
    assert!(!rule_ids(&course, &lib).contains(&"arena-start-boxed-in"));
    assert!(rule_ids(&walled, &lib).contains(&"arena-start-boxed-in"));
}

#[test]
fn rule_arena_with_flags() {
    // Seed 003 section 8.5 (RoboArena): an arena has no flags. A flag added to the arena sample
    // was judged as an arena ("valid") while `play` and `drive` raced to it.
    let (course, lib) = house_sample("robo-arena.json");
    assert!(!rule_ids(&course, &lib).contains(&"arena-with-flags"));
    let mut flagged = course.clone();
    flagged.flags.push(Flag {
        number: 1,
        at: Square::new(2, 2),
    });
    assert!(rule_ids(&flagged, &lib).contains(&"arena-with-flags"));
    // Without the arena rule the flag is a race's flag and this rule says nothing.
    let mut race = flagged.clone();
    race.rules.house.robo_arena = false;
    assert!(!rule_ids(&race, &lib).contains(&"arena-with-flags"));
}
