//! The validator and the engine read each element rule from one place (issue 15), and here they
//! are held to it: every element kind, walked from the type (`ElementKind::iter()`), is put on the
//! edge or on a square between two squares, and what the model says a lone robot may do there is
//! what the engine does when the robot plays a Move 1 in every register phase.

use factory_floor::engine::{
    Card, CardKind, Event, Factory, Game, RobotSetup, Settings, Transport,
};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::{
    Barrier, Beams, Board, Colour, Device, EdgeSpec, ElementKind, Floor, Flow, FlowKind,
    IntoEnumIterator, Level, Mount, Passage, Phases, Placement, Spin, SquareSpec, StartNumber,
    StartSquare, Tile, Wrenches,
};
use std::sync::Arc;

/// The board is 9 x 9 and the robot starts in the middle, so that a teleporter's jump, a gold
/// belt's three squares and a repeated move all stay on the board.
const SIZE: i32 = 9;
const MIDDLE: Square = Square::new(4, 4);
/// Where the second gate or portal of a pair stands, far from the middle.
const PAIR: Square = Square::new(0, 0);
/// A square the walk leaves as open floor.
const CORNER: Square = Square::new(SIZE - 1, SIZE - 1);

/// One element of a kind, where the catalogue puts it.
enum Sample {
    Square(SquareSpec),
    Edge(EdgeSpec),
}

/// An element of `kind` with its parameters: phased elements act in phases 2 and 4 (so every
/// walk meets them both active and idle), and `turn` points what has a direction (a belt's out, a
/// ramp's way up, a start square's facing).
fn sample(kind: ElementKind, turn: Facing) -> Sample {
    let phases = Phases::from_list(&[2, 4]).unwrap_or(Phases::ALL);
    let floor = |floor| SquareSpec {
        floor: Some(floor),
        ..SquareSpec::default()
    };
    let flow = |kind| SquareSpec {
        flow: Some(Flow::straight(kind, turn)),
        ..SquareSpec::default()
    };
    let device = |device| SquareSpec {
        device: Some(device),
        ..SquareSpec::default()
    };
    let barrier = |barrier| EdgeSpec {
        barrier: Some(barrier),
        mount: None,
    };
    let mount = |mount| EdgeSpec {
        barrier: None,
        mount: Some(mount),
    };
    use ElementKind as K;
    let sample = match kind {
        K::Pit => Sample::Square(floor(Floor::Pit)),
        K::Drain => Sample::Square(floor(Floor::Drain)),
        K::RadioactiveDrain => Sample::Square(floor(Floor::RadioactiveDrain)),
        K::Water => Sample::Square(floor(Floor::Water)),
        K::Slime => Sample::Square(floor(Floor::Slime)),
        K::OilSlick => Sample::Square(floor(Floor::OilSlick)),
        K::LavaPit => Sample::Square(floor(Floor::LavaPit(phases))),
        K::TrapDoor => Sample::Square(floor(Floor::TrapDoor(phases))),
        K::Belt => Sample::Square(flow(FlowKind::Belt)),
        K::ExpressBelt => Sample::Square(flow(FlowKind::Express)),
        K::GoldBelt => Sample::Square(flow(FlowKind::Gold)),
        K::Current => Sample::Square(flow(FlowKind::Current)),
        K::MoltenRiver => Sample::Square(flow(FlowKind::River)),
        K::Gear => Sample::Square(SquareSpec {
            gear: Some(Spin::Cw),
            ..SquareSpec::default()
        }),
        K::Crusher => Sample::Square(SquareSpec {
            crusher: Some(phases),
            ..SquareSpec::default()
        }),
        K::RepairSite => Sample::Square(SquareSpec {
            repair: Wrenches::new(2),
            ..SquareSpec::default()
        }),
        K::StartSquare => Sample::Square(SquareSpec {
            start: StartNumber::new(1).map(|number| StartSquare {
                number,
                facing: turn,
            }),
            ..SquareSpec::default()
        }),
        K::UpperLevel => Sample::Square(SquareSpec {
            level: Level::Upper,
            ..SquareSpec::default()
        }),
        K::Randomizer => Sample::Square(device(Device::Randomizer)),
        K::Teleporter => Sample::Square(device(Device::Teleporter)),
        K::FreakTeleporter => Sample::Square(device(Device::FreakTeleporter)),
        K::Ramp => Sample::Square(device(Device::Ramp(turn))),
        K::Portal => Sample::Square(device(Device::Portal(Colour::Red))),
        K::RepulsorField => Sample::Square(device(Device::RepulsorField)),
        K::ChopShop => Sample::Square(device(Device::ChopShop)),
        K::Radiation => Sample::Square(device(Device::Radiation)),
        K::RadioactiveWaste => Sample::Square(device(Device::RadioactiveWaste)),
        K::Maglock => Sample::Square(device(Device::Maglock(phases))),
        K::Repeater => Sample::Square(device(Device::Repeater)),
        K::Wall => Sample::Edge(barrier(Barrier::Plain)),
        K::OneWayWall => Sample::Edge(barrier(Barrier::OneWay)),
        K::SpikedWall => Sample::Edge(barrier(Barrier::Spiked)),
        K::Ledge => Sample::Edge(barrier(Barrier::Ledge)),
        K::Gate => Sample::Edge(barrier(Barrier::Gate(Colour::Red))),
        K::Laser => Sample::Edge(EdgeSpec {
            barrier: None,
            mount: Beams::new(2).map(Mount::Laser),
        }),
        K::Pusher => Sample::Edge(mount(Mount::Pusher(phases))),
        K::Flamer => Sample::Edge(mount(Mount::Flamer(phases))),
        K::Repulsor => Sample::Edge(mount(Mount::Repulsor(phases))),
    };
    // The sample is where the catalogue says the kind lives, and holds that kind only.
    match &sample {
        Sample::Square(spec) => {
            assert_eq!(kind.placement(), Placement::Square, "{kind}");
            assert_eq!(spec.kinds(), vec![kind], "{kind}");
        }
        Sample::Edge(edge) => {
            assert_eq!(kind.placement(), Placement::Edge, "{kind}");
            assert_eq!(edge.kinds(), vec![kind], "{kind}");
        }
    }
    sample
}

/// Gates and portals work in pairs: the pair's other half, far from the middle.
fn pair_up(t: &mut Tile, kind: ElementKind) {
    match kind {
        ElementKind::Gate => t.set_edge(
            PAIR,
            Facing::N,
            EdgeSpec {
                barrier: Some(Barrier::Gate(Colour::Red)),
                mount: None,
            },
        ),
        ElementKind::Portal => t.set_square(
            PAIR,
            SquareSpec {
                device: Some(Device::Portal(Colour::Red)),
                ..SquareSpec::default()
            },
        ),
        _ => {}
    }
}

/// One board of the walk: the tile, the moves to try on it, and where the element is.
struct Layout {
    tile: Tile,
    moves: Vec<(Square, Facing)>,
    place: String,
}

/// Every board the walk tries for `kind`, each with the moves to try on it (from, direction) and
/// a line that says where the element is: a square element turned each way, on the middle (which
/// the robot leaves every way) or on the square beside it (which the robot enters, or leaves
/// behind); an edge element on each side of the middle with its anchor on either square, crossed
/// both ways. Pairs are tried with and without their other half.
fn layouts(kind: ElementKind) -> Vec<Layout> {
    let mut out = Vec::new();
    let pairs: &[bool] = match kind {
        ElementKind::Gate | ElementKind::Portal => &[false, true],
        _ => &[false],
    };
    for &paired in pairs {
        for side in Facing::ALL {
            let next = MIDDLE.step(side);
            let mut t = Tile::new("walk", SIZE, SIZE);
            if paired {
                pair_up(&mut t, kind);
            }
            match sample(kind, side) {
                Sample::Square(spec) => {
                    for on in [MIDDLE, next] {
                        let mut t = t.clone();
                        t.set_square(on, spec);
                        let moves = Facing::ALL.into_iter().map(|dir| (MIDDLE, dir)).collect();
                        out.push(Layout {
                            tile: t,
                            moves,
                            place: format!("{kind} turned {side:?} on {on} (paired: {paired})"),
                        });
                    }
                }
                Sample::Edge(edge) => {
                    for anchor in [MIDDLE, next] {
                        let mut t = t.clone();
                        let towards = if anchor == MIDDLE {
                            side
                        } else {
                            side.opposite()
                        };
                        t.set_edge(anchor, towards, edge);
                        let moves = vec![(MIDDLE, side), (next, side.opposite())];
                        out.push(Layout {
                            tile: t,
                            moves,
                            place: format!(
                                "{kind} on the {side:?} side of {MIDDLE} anchored on {anchor} (paired: {paired})"
                            ),
                        });
                    }
                }
            }
        }
    }
    out
}

/// A one-robot game on `tile` to run lone phases in; the robot is set up in a corner the walk
/// leaves empty, and each lone phase puts it where it is needed.
fn lone_game(tile: &Tile) -> (Arc<Factory>, Game) {
    let factory = Arc::new(Factory::new(Board::from_tile(tile, &[])));
    match Game::new(
        Arc::clone(&factory),
        &[walker(CORNER)],
        Settings::default(),
        7,
    ) {
        Ok(g) => (factory, g),
        Err(e) => panic!("{e}"),
    }
}

fn walker(at: Square) -> RobotSetup {
    RobotSetup::new("walker", at, Facing::N)
}

/// What the engine did with the lone robot's Move 1 from `from` towards `dir` in `phase`, read off
/// the phase's events: a card replaced or a freak teleport is chance; a `Moved` event across the
/// edge is a pass; anything else stopped it.
fn engine_passage(game: &mut Game, from: Square, dir: Facing, phase: u8) -> Passage {
    let mut events = Vec::new();
    let card = Card::new(CardKind::Move1, 490);
    if game
        .run_lone_phase(from, dir, Some(card), phase, &mut events)
        .is_none()
    {
        panic!("no lone phase from {from}");
    }
    let chance = events.iter().any(|e| {
        matches!(
            e,
            Event::CardReplaced { .. }
                | Event::Teleported {
                    by: Transport::FreakTeleporter,
                    ..
                }
        )
    });
    let crossed = events.iter().any(|e| {
        matches!(e, Event::Moved { robot: 0, from: f, to: t } if *f == from && *t == from.step(dir))
    });
    if chance {
        Passage::LeftToChance
    } else if crossed {
        Passage::Passes
    } else {
        Passage::Stopped
    }
}

#[test]
fn a_robot_may_pass_from_square_to_square_where_the_model_says_for_every_element_kind_and_side() {
    let mut checked = 0;
    let mut seen = [0usize; 3];
    let mut unstandable = 0;
    for kind in ElementKind::iter() {
        for Layout { tile, moves, place } in layouts(kind) {
            let (factory, mut game) = lone_game(&tile);
            for &(from, dir) in &moves {
                // A robot never stands on a hole, so nothing passes from one: the engine refuses
                // to set a robot up there, as the model says.
                if !factory.board().is_standable(from) {
                    let setup = Game::new(
                        Arc::clone(&factory),
                        &[walker(from)],
                        Settings::default(),
                        7,
                    );
                    assert!(setup.is_err(), "{place}: a robot stands on {from}");
                    unstandable += 1;
                    continue;
                }
                for phase in 1..=5 {
                    let model = factory.board().may_pass(from, dir, phase);
                    let engine = engine_passage(&mut game, from, dir, phase);
                    assert_eq!(
                        model, engine,
                        "{place}: a Move 1 from {from} going {dir:?} in phase {phase}"
                    );
                    seen[model as usize] += 1;
                    checked += 1;
                }
            }
        }
    }
    // Every answer occurs, so the walk cannot pass by saying one thing throughout.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?} of {checked}");
    assert!(unstandable > 0);
}

#[test]
fn a_gate_is_a_wall_both_ways_and_a_card_from_its_coloured_side_goes_on_from_its_pair_seed_001_gates()
 {
    // Seed 001, Gates: "The gate can only be entered from the coloured side. The other side acts
    // as a wall." The gate stands east of the middle, its coloured side on the middle.
    let mut t = Tile::new("gate", SIZE, SIZE);
    let gate = EdgeSpec {
        barrier: Some(Barrier::Gate(Colour::Red)),
        mount: None,
    };
    t.set_edge(MIDDLE, Facing::E, gate);
    t.set_edge(PAIR, Facing::N, gate);
    let back = MIDDLE.step(Facing::E);
    let (factory, mut game) = lone_game(&t);
    let board = factory.board();
    // To every movement the edge is a wall from both sides, in the model and in the engine.
    assert!(board.wall_blocks_move(MIDDLE, Facing::E));
    assert!(board.wall_blocks_move(back, Facing::W));
    assert!(factory.blocks_move(MIDDLE, Facing::E));
    assert!(factory.blocks_move(back, Facing::W));
    // From the back there is no way in.
    assert_eq!(board.gate_entry(back, Facing::W), None);
    assert_eq!(
        engine_passage(&mut game, back, Facing::W, 1),
        Passage::Stopped
    );
    // A card from the coloured side enters the gate and comes out of its pair, facing away.
    assert_eq!(board.gate_entry(MIDDLE, Facing::E), Some(Colour::Red));
    let mut events = Vec::new();
    let out = game.run_lone_phase(
        MIDDLE,
        Facing::E,
        Some(Card::new(CardKind::Move1, 490)),
        1,
        &mut events,
    );
    assert_eq!(
        out.map(|o| (o.square, o.facing, o.destroyed)),
        Some((PAIR, Facing::S, false))
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Teleported {
            by: Transport::Gate,
            ..
        }
    )));
}

#[test]
fn deadly_squares_are_those_that_destroy_a_robot_moving_onto_them_seed_001_pits_trap_doors() {
    // The difficulty and the bots count `Board::is_deadly` squares, the solver and the bots stand
    // only on `Board::is_standable` ones: a square is deadly when a robot moving onto it is
    // destroyed in some register phase, and no place to stand when it is destroyed in every one.
    let mut deadly = 0;
    for kind in ElementKind::iter().filter(|k| k.placement() == Placement::Square) {
        for turn in Facing::ALL {
            let Sample::Square(spec) = sample(kind, turn) else {
                panic!("{kind} is a square element")
            };
            let mut t = Tile::new("deadly", SIZE, SIZE);
            let target = MIDDLE.step(Facing::E);
            t.set_square(target, spec);
            let (factory, mut game) = lone_game(&t);
            let mut destroyed_in = Vec::new();
            let mut events = Vec::new();
            for phase in 1..=5 {
                let out = game.run_lone_phase(
                    MIDDLE,
                    Facing::E,
                    Some(Card::new(CardKind::Move1, 490)),
                    phase,
                    &mut events,
                );
                if out.is_some_and(|o| o.destroyed) {
                    destroyed_in.push(phase);
                }
            }
            let board = factory.board();
            assert_eq!(
                board.is_deadly(target),
                !destroyed_in.is_empty(),
                "{kind} turned {turn:?}: destroyed in phases {destroyed_in:?}"
            );
            assert_eq!(
                board.is_standable(target),
                destroyed_in.len() < 5,
                "{kind} turned {turn:?}: destroyed in phases {destroyed_in:?}"
            );
            deadly += usize::from(board.is_deadly(target));
        }
    }
    assert!(deadly > 0);
}
