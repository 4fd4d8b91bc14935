//! The step table on the elements whose effect under a card depends on the register phase (trap
//! doors, flamers and maglocks, seed 001): `StepTable` works a card's part out once for every
//! phase when the robot meets none of them on its way, and these tests make a wrong share show,
//! against `StepTable::direct`, which runs every step as one whole engine phase.

use factory_floor::engine::{CardKind, Factory, StepTable};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::*;
use std::sync::Arc;

fn phases(list: &[u8]) -> Phases {
    Phases::from_list(list).unwrap_or_default()
}

fn floor(f: Floor) -> SquareSpec {
    SquareSpec {
        floor: Some(f),
        ..SquareSpec::default()
    }
}

fn device(d: Device) -> SquareSpec {
    SquareSpec {
        device: Some(d),
        ..SquareSpec::default()
    }
}

fn flamer(t: &mut Tile, s: Square, list: &[u8]) {
    let edge = EdgeSpec {
        barrier: Some(Barrier::Plain),
        mount: Some(Mount::Flamer(phases(list))),
    };
    t.set_edge(s, Facing::N, edge);
}

/// A 10 x 8 board where robots reach phased squares every way a card can take them: by moving,
/// by a teleporter, a portal, a gate, a repeater, an oil slide and a repulsor field's push, with
/// the phased elements of the board's part (a pusher, a crusher, an erupting lava pit) and trap
/// doors and flamers active in every phase (the same in every phase) beside them.
fn phased_board() -> Arc<Factory> {
    let mut t = Tile::new("phased", 10, 8);
    // Row 0: a trap door open in phases 2 and 4, a flamer in 1, 3 and 5, a maglock in 2 and 3;
    // a repulsor field at the east end pushes a robot back onto a trap door open in phase 3.
    t.set_square(Square::new(1, 0), floor(Floor::TrapDoor(phases(&[2, 4]))));
    flamer(&mut t, Square::new(2, 0), &[1, 3, 5]);
    t.set_square(Square::new(3, 0), device(Device::Maglock(phases(&[2, 3]))));
    t.set_square(Square::new(5, 0), floor(Floor::TrapDoor(phases(&[3]))));
    t.set_square(Square::new(9, 0), device(Device::RepulsorField));
    // Row 1: a teleporter 3 squares short of a trap door open in phases 1 and 5; a portal whose
    // twin is on a trap door open in phase 2.
    t.set_square(Square::new(0, 1), device(Device::Teleporter));
    t.set_square(Square::new(3, 1), floor(Floor::TrapDoor(phases(&[1, 5]))));
    t.set_square(Square::new(5, 1), device(Device::Portal(Colour::Red)));
    t.set_square(
        Square::new(8, 6),
        SquareSpec {
            floor: Some(Floor::TrapDoor(phases(&[2]))),
            device: Some(Device::Portal(Colour::Red)),
            ..SquareSpec::default()
        },
    );
    // Row 2: a repeater before a trap door open in phase 1, and a flamer in phase 2 beyond.
    t.set_square(Square::new(2, 2), device(Device::Repeater));
    t.set_square(Square::new(3, 2), floor(Floor::TrapDoor(phases(&[1]))));
    flamer(&mut t, Square::new(4, 2), &[2]);
    // Row 3: oil that slides a robot onto a trap door open in phase 2, and a maglock in 1 and 4.
    for x in 1..=3 {
        t.set_square(Square::new(x, 3), floor(Floor::OilSlick));
    }
    t.set_square(Square::new(4, 3), floor(Floor::TrapDoor(phases(&[2]))));
    t.set_square(Square::new(6, 3), device(Device::Maglock(phases(&[1, 4]))));
    // Row 4: a maglock in phases 2 and 3; a green gate on the east of (6, 4) whose twin on the
    // north of (2, 6) lets out onto a trap door open in phases 3 and 4.
    t.set_square(Square::new(1, 4), device(Device::Maglock(phases(&[2, 3]))));
    let gate = EdgeSpec {
        barrier: Some(Barrier::Gate(Colour::Green)),
        mount: None,
    };
    t.set_edge(Square::new(6, 4), Facing::E, gate);
    t.set_edge(Square::new(2, 6), Facing::N, gate);
    t.set_square(Square::new(2, 6), floor(Floor::TrapDoor(phases(&[3, 4]))));
    // Row 5: a flamer in phases 1, 3 and 5, and one in every phase.
    flamer(&mut t, Square::new(1, 5), &[1, 3, 5]);
    flamer(&mut t, Square::new(5, 5), &[1, 2, 3, 4, 5]);
    // Row 7: the board's phased elements, and a trap door open in every phase.
    t.set_square(Square::new(0, 7), floor(Floor::TrapDoor(Phases::ALL)));
    t.set_square(Square::new(3, 7), floor(Floor::LavaPit(phases(&[2]))));
    t.set_edge(
        Square::new(5, 7),
        Facing::W,
        EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Some(Mount::Pusher(phases(&[2, 4]))),
        },
    );
    t.set_square(
        Square::new(7, 7),
        SquareSpec {
            crusher: Some(phases(&[1, 3])),
            ..SquareSpec::default()
        },
    );
    Arc::new(Factory::new(Board::from_tile(&t, &[])))
}

fn tables(factory: &Arc<Factory>) -> (StepTable, StepTable) {
    let (Some(shared), Some(whole)) = (
        StepTable::for_phases_on(Arc::clone(factory), Phases::ALL, 1),
        StepTable::direct(Arc::clone(factory)),
    ) else {
        panic!("no table")
    };
    (shared, whole)
}

#[test]
fn card_parts_shared_between_phases_match_whole_phases_on_phased_squares_seed_001() {
    let factory = phased_board();
    let (shared, whole) = tables(&factory);
    assert!(shared.same_steps(&whole));
    // Bands of squares on several threads share the same way.
    for threads in [2, 3] {
        let many = StepTable::for_phases_on(Arc::clone(&factory), Phases::ALL, threads);
        assert!(many.is_some_and(|t| t.same_steps(&whole)), "{threads}");
    }
}

#[test]
fn a_table_of_some_phases_shares_from_its_own_first_phase_seed_001() {
    // The part is run in the first phase asked for (2 here, where the trap door of (1, 0) is
    // open and the flamer of (2, 0) is not), and must still differ where phase 5 differs.
    let factory = phased_board();
    let whole = tables(&factory).1;
    for list in [&[2, 5][..], &[3, 4], &[1, 2, 3, 4]] {
        let Some(some) = StepTable::for_phases(Arc::clone(&factory), phases(list)) else {
            panic!("no table")
        };
        for state in 0..whole.states() {
            let phase = (state % 5 + 1) as u8;
            if list.contains(&phase) {
                assert_eq!(some.next_nodes(state), whole.next_nodes(state), "{list:?}");
                assert_eq!(some.damages(state), whole.damages(state), "{list:?}");
                for card in 0..CardKind::ALL.len() {
                    assert_eq!(some.destroys(state, card), whole.destroys(state, card));
                }
            }
        }
    }
}

#[test]
fn phased_squares_change_a_cards_step_by_phase_seed_001_trap_doors_flamers_maglocks() {
    let factory = phased_board();
    let table = tables(&factory).0;
    let step = |x, y, facing, phase, card| table.step(Square::new(x, y), facing, phase, card);
    let (e, n, s) = (Facing::E, Facing::N, Facing::S);
    // Trap Door Pits: onto (1, 0), closed in phase 1 and open in phase 2.
    assert_eq!(
        step(0, 0, e, 1, CardKind::Move1),
        Some((Square::new(1, 0), e, 0))
    );
    assert_eq!(step(0, 0, e, 2, CardKind::Move1), None);
    // Starting on it: a rotation card turns the robot in phase 1; in phase 2 it fell first.
    assert_eq!(
        step(1, 0, e, 1, CardKind::Left),
        Some((Square::new(1, 0), n, 0))
    );
    assert_eq!(step(1, 0, e, 2, CardKind::Left), None);
    // MagLocks: a Move 3 over (1, 4) stops on it in phase 2 only.
    assert_eq!(
        step(0, 4, e, 1, CardKind::Move3),
        Some((Square::new(3, 4), e, 0))
    );
    assert_eq!(
        step(0, 4, e, 2, CardKind::Move3),
        Some((Square::new(1, 4), e, 0))
    );
    // Flamers: onto (1, 5) in phase 1, 1 as it enters and 1 in the fire step; none in phase 2.
    assert_eq!(
        step(0, 5, e, 1, CardKind::Move1),
        Some((Square::new(1, 5), e, 2))
    );
    assert_eq!(
        step(0, 5, e, 2, CardKind::Move1),
        Some((Square::new(1, 5), e, 0))
    );
    // Teleporters: a Move 1 goes 3 squares, onto the trap door of (3, 1), open in phase 1.
    assert_eq!(step(0, 1, e, 1, CardKind::Move1), None);
    assert_eq!(
        step(0, 1, e, 2, CardKind::Move1),
        Some((Square::new(3, 1), e, 0))
    );
    // Gates: out of the green gate on (2, 6) facing south, onto a trap door open in phase 3.
    assert_eq!(
        step(6, 4, e, 1, CardKind::Move1),
        Some((Square::new(2, 6), s, 0))
    );
    assert_eq!(step(6, 4, e, 3, CardKind::Move1), None);
    // Each of them destroys the robot: the table tells it from a step left to chance.
    let Some(c) = factory.index(Square::new(0, 0)) else {
        panic!("(0, 0) is off the board")
    };
    let state = (c * 4 + e.index()) * 5 + 1;
    assert!(table.destroys(state, 0));
}
