//! Unit tests of the engine's flattened board: portals and gates paired, and what each square
//! does to a robot standing on it (`acts`).

use super::*;
use crate::geom::Square;
use crate::model::{Barrier, EdgeSpec, SquareSpec, Tile};

fn device(t: &mut Tile, at: Square, d: Device) {
    t.set_square(
        at,
        SquareSpec {
            device: Some(d),
            ..SquareSpec::default()
        },
    );
}

#[test]
fn portals_pair_by_colour_in_reading_order_seed_001_portals() {
    let mut t = Tile::new("t", 5, 2);
    device(&mut t, Square::new(0, 0), Device::Portal(Colour::Red));
    device(&mut t, Square::new(3, 0), Device::Portal(Colour::Blue));
    device(&mut t, Square::new(4, 0), Device::Portal(Colour::Red));
    device(&mut t, Square::new(1, 1), Device::Portal(Colour::Red));
    device(&mut t, Square::new(2, 1), Device::Portal(Colour::Blue));
    let f = Factory::new(Board::from_tile(&t, &[]));
    assert_eq!(f.portal_exit(Square::new(0, 0)), Some(Square::new(4, 0)));
    assert_eq!(f.portal_exit(Square::new(4, 0)), Some(Square::new(1, 1)));
    assert_eq!(f.portal_exit(Square::new(1, 1)), Some(Square::new(0, 0)));
    assert_eq!(f.portal_exit(Square::new(3, 0)), Some(Square::new(2, 1)));
    assert_eq!(f.portal_exit(Square::new(2, 0)), None);
}

#[test]
fn a_gate_is_a_wall_both_ways_and_leads_to_its_pair_seed_001_gates() {
    let mut t = Tile::new("t", 4, 3);
    let gate = |c| EdgeSpec {
        barrier: Some(Barrier::Gate(c)),
        mount: None,
    };
    t.set_edge(Square::new(0, 0), Facing::E, gate(Colour::Blue));
    t.set_edge(Square::new(3, 2), Facing::N, gate(Colour::Blue));
    t.set_edge(Square::new(2, 2), Facing::W, gate(Colour::Green));
    let f = Factory::new(Board::from_tile(&t, &[]));
    // Walls for every other movement, from both sides.
    assert!(f.blocks_move(Square::new(0, 0), Facing::E));
    assert!(f.blocks_move(Square::new(1, 0), Facing::W));
    assert_eq!(
        f.gate_exit(Square::new(0, 0), Facing::E),
        Some((Square::new(3, 2), Facing::S))
    );
    assert_eq!(
        f.gate_exit(Square::new(3, 2), Facing::N),
        Some((Square::new(0, 0), Facing::W))
    );
    // From the back there is no way in, and a gate without a pair leads nowhere.
    assert_eq!(f.gate_exit(Square::new(1, 0), Facing::W), None);
    assert_eq!(f.gate_exit(Square::new(2, 2), Facing::W), None);
}

#[test]
fn acts_name_what_a_square_does_to_a_robot_on_it_seed_001_gears_crushers_randomizers() {
    let mut t = Tile::new("t", 4, 1);
    t.set_square(
        Square::new(0, 0),
        SquareSpec {
            gear: Some(crate::model::Spin::Cw),
            ..SquareSpec::default()
        },
    );
    t.set_square(
        Square::new(1, 0),
        SquareSpec {
            crusher: Some(Phases::NONE.with(2)),
            ..SquareSpec::default()
        },
    );
    device(&mut t, Square::new(2, 0), Device::Randomizer);
    let f = Factory::new(Board::from_tile(&t, &[]));
    let plain = acts::PLAIN_EXIT | acts::PLAIN_ENTRY | acts::PLAIN_START;
    assert_eq!(f.acts_at(0), acts::GEAR | plain);
    assert_eq!(f.acts_at(1), acts::CRUSH | plain);
    assert_eq!(f.acts_at(2), acts::RANDOMIZER | plain);
    // Open floor does nothing and a move crosses it plainly; off the grid is not even that.
    assert_eq!(f.acts_at(3), plain);
    assert_eq!(f.acts_at(4), 0);
}
