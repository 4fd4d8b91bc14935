//! Unit tests of the damage table: the cards dealt and the registers locked for each point of
//! damage (seed 000). Each is named after the rule it checks and cites its source.

use crate::engine::test_support::{Floorplan, sq};
use crate::geom::Facing::N;

#[test]
fn locked_registers_follow_the_damage_table_seed_000() {
    let mut r = Floorplan::new(1, 1)
        .game(&[], &[("a", sq(0, 0), N)])
        .robots()[0];
    let table: [(u8, usize, [bool; 5]); 6] = [
        (4, 5, [false; 5]),
        (5, 4, [false, false, false, false, true]),
        (6, 3, [false, false, false, true, true]),
        (7, 2, [false, false, true, true, true]),
        (8, 1, [false, true, true, true, true]),
        (9, 0, [true; 5]),
    ];
    for (damage, cards, locks) in table {
        r.damage = damage;
        assert_eq!(r.hand_size(), cards, "damage {damage}");
        for (reg, locked) in locks.iter().enumerate() {
            assert_eq!(
                r.is_locked(reg),
                *locked,
                "damage {damage} register {}",
                reg + 1
            );
        }
    }
}
