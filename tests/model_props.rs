//! Property tests of the model and the file formats on random tiles: rotation is a group action
//! (four quarter turns, a turn and its inverse, two turns and their sum), tiles and courses survive
//! save and load exactly, and compiling a course of random placements puts every tile square
//! where its placement says (RULINGS.md, Geometry: x grows east, y south, rotation clockwise).

use factory_floor::format::{course_from_str, course_to_string, tile_from_str, tile_to_string};
use factory_floor::geom::{Facing, Rotation, Sides, Square};
use factory_floor::model::{
    Barrier, Beams, Colour, Course, Device, EdgeSpec, Flag, Floor, Flow, FlowKind, Level,
    LivesRule, Mount, Phases, PlayerRange, RulesEdition, Spin, SquareSpec, StartNumber, StartRule,
    StartSquare, Tile, TilePlacement, Wrenches,
};
use proptest::prelude::*;

fn facing() -> impl Strategy<Value = Facing> {
    prop::sample::select(Facing::ALL.to_vec())
}

fn rotation() -> impl Strategy<Value = Rotation> {
    prop::sample::select(Rotation::ALL.to_vec())
}

fn colour() -> impl Strategy<Value = Colour> {
    prop::sample::select(Colour::ALL.to_vec())
}

fn phases() -> impl Strategy<Value = Phases> {
    prop::collection::btree_set(1u8..=5, 0..=5).prop_map(|set| {
        let list: Vec<u8> = set.into_iter().collect();
        Phases::from_list(&list).unwrap_or(Phases::NONE)
    })
}

fn floor() -> impl Strategy<Value = Floor> {
    prop_oneof![
        Just(Floor::Pit),
        Just(Floor::Drain),
        Just(Floor::RadioactiveDrain),
        Just(Floor::Water),
        Just(Floor::Slime),
        Just(Floor::OilSlick),
        phases().prop_map(Floor::LavaPit),
        phases().prop_map(Floor::TrapDoor),
    ]
}

fn flow_kind() -> impl Strategy<Value = FlowKind> {
    prop::sample::select(FlowKind::ALL.to_vec())
}

/// A flow fed from any of the three sides it does not run out of.
fn flow(kind: impl Strategy<Value = FlowKind>) -> impl Strategy<Value = Flow> {
    (kind, facing(), any::<[bool; 3]>()).prop_map(|(kind, out, feed)| {
        let others = [out.left(), out.opposite(), out.right()];
        let entries: Sides = others
            .into_iter()
            .zip(feed)
            .filter(|(_, on)| *on)
            .map(|(f, _)| f)
            .collect();
        Flow { kind, out, entries }
    })
}

fn device() -> impl Strategy<Value = Device> {
    prop_oneof![
        Just(Device::Randomizer),
        Just(Device::Teleporter),
        facing().prop_map(Device::Ramp),
        colour().prop_map(Device::Portal),
        Just(Device::RepulsorField),
        Just(Device::ChopShop),
        Just(Device::Radiation),
        Just(Device::RadioactiveWaste),
        phases().prop_map(Device::Maglock),
        Just(Device::Repeater),
        Just(Device::FreakTeleporter),
    ]
}

/// A square that is not open floor and that the sharing rule allows: one occupant, a current
/// on water, or a crusher over a belt or over open floor; on either level.
fn square_spec() -> impl Strategy<Value = SquareSpec> {
    let belt = prop::sample::select(vec![FlowKind::Belt, FlowKind::Express, FlowKind::Gold]);
    let occupant = prop_oneof![
        floor().prop_map(|f| SquareSpec {
            floor: Some(f),
            ..SquareSpec::default()
        }),
        flow(flow_kind()).prop_map(|f| SquareSpec {
            flow: Some(f),
            ..SquareSpec::default()
        }),
        flow(Just(FlowKind::Current)).prop_map(|f| SquareSpec {
            floor: Some(Floor::Water),
            flow: Some(f),
            ..SquareSpec::default()
        }),
        prop::sample::select(vec![Spin::Cw, Spin::Ccw]).prop_map(|g| SquareSpec {
            gear: Some(g),
            ..SquareSpec::default()
        }),
        (1u8..=2).prop_map(|n| SquareSpec {
            repair: Wrenches::new(n),
            ..SquareSpec::default()
        }),
        (1u8..=8, facing()).prop_map(|(n, facing)| SquareSpec {
            start: StartNumber::new(n).map(|number| StartSquare { number, facing }),
            ..SquareSpec::default()
        }),
        device().prop_map(|d| SquareSpec {
            device: Some(d),
            ..SquareSpec::default()
        }),
        (phases(), prop::option::of(flow(belt))).prop_map(|(p, f)| SquareSpec {
            crusher: Some(p),
            flow: f,
            ..SquareSpec::default()
        }),
    ];
    (occupant, any::<bool>()).prop_map(|(spec, upper)| SquareSpec {
        level: if upper { Level::Upper } else { Level::Lower },
        ..spec
    })
}

fn barrier() -> impl Strategy<Value = Barrier> {
    prop_oneof![
        Just(Barrier::Plain),
        Just(Barrier::OneWay),
        Just(Barrier::Spiked),
        Just(Barrier::Ledge),
        colour().prop_map(Barrier::Gate),
    ]
}

fn mount() -> impl Strategy<Value = Mount> {
    prop_oneof![
        (1u8..=3).prop_filter_map("1 to 3 beams", |n| Beams::new(n).map(Mount::Laser)),
        phases().prop_map(Mount::Pusher),
        phases().prop_map(Mount::Flamer),
        phases().prop_map(Mount::Repulsor),
    ]
}

/// A wall, a mount or both.
fn edge_spec() -> impl Strategy<Value = EdgeSpec> {
    (prop::option::of(barrier()), prop::option::of(mount()))
        .prop_filter("an edge entry holds something", |(b, m)| {
            b.is_some() || m.is_some()
        })
        .prop_map(|(barrier, mount)| EdgeSpec { barrier, mount })
}

/// A random tile of 1 to 16 squares a side, with squares and edges the tile format accepts.
fn tile_with_id(id: String) -> impl Strategy<Value = Tile> {
    (1i32..=16, 1i32..=16)
        .prop_flat_map(move |(w, h)| {
            (
                Just(id.clone()),
                Just((w, h)),
                "[A-Za-z0-9 é\"\\\\]{1,12}",
                "[ -~\n\té→]{0,24}",
                prop::collection::vec((0..w, 0..h, square_spec()), 0..24),
                prop::collection::vec((0..w, 0..h, facing(), edge_spec()), 0..24),
            )
        })
        .prop_map(|(id, (w, h), name, description, squares, edges)| {
            let mut tile = Tile::new(id, w, h);
            tile.name = format!("Tile {name}");
            tile.description = description;
            for (x, y, spec) in squares {
                tile.set_square(Square::new(x, y), spec);
            }
            for (x, y, side, edge) in edges {
                tile.set_edge(Square::new(x, y), side, edge);
            }
            tile
        })
}

fn tile() -> impl Strategy<Value = Tile> {
    tile_with_id("prop-tile".to_string())
}

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(128)
}

proptest! {
    #![proptest_config(config())]

    /// The generator only makes squares the model allows, so the other properties test real tiles.
    #[test]
    fn generated_squares_pass_the_sharing_rule(spec in square_spec()) {
        prop_assert!(!spec.is_open_floor());
        prop_assert_eq!(spec.sharing_problem(), None);
    }

    #[test]
    fn rotating_a_tile_four_times_gives_the_original(t in tile()) {
        let mut turned = t.clone();
        for _ in 0..4 {
            turned = turned.rotated(Rotation::R90);
        }
        prop_assert_eq!(turned, t);
    }

    #[test]
    fn rotating_by_r_then_its_inverse_gives_the_original(t in tile(), r in rotation()) {
        prop_assert_eq!(t.rotated(r).rotated(r.inverse()), t);
    }

    #[test]
    fn two_rotations_are_one_rotation_by_their_sum(t in tile(), a in rotation(), b in rotation()) {
        prop_assert_eq!(t.rotated(a).rotated(b), t.rotated(a.then(b)));
    }

    /// A quarter turn swaps width and height and moves the north-west corner to the north-east.
    #[test]
    fn a_quarter_turn_moves_each_square_clockwise(t in tile()) {
        let r = t.rotated(Rotation::R90);
        prop_assert_eq!((r.width(), r.height()), (t.height(), t.width()));
        for s in t.all_squares() {
            let moved = Square::new(t.height() - 1 - s.y, s.x);
            prop_assert_eq!(
                r.square(moved).copied(),
                t.square(s).map(|spec| spec.rotated(Rotation::R90))
            );
        }
    }

    #[test]
    fn a_saved_tile_loads_as_the_same_tile_and_saves_to_the_same_bytes(t in tile()) {
        let text = tile_to_string(&t);
        let loaded = tile_from_str("prop.json", &text);
        prop_assert_eq!(loaded.as_ref().err(), None, "{}", text);
        if let Ok(loaded) = loaded {
            prop_assert_eq!(tile_to_string(&loaded), text);
            prop_assert_eq!(loaded, t);
        }
    }

    /// Every board square belongs to the first placement that covers it (later, overlapping ones
    /// are reported and lose those squares), and holds that tile's square turned by the placement.
    #[test]
    fn a_compiled_course_holds_each_tiles_rotated_squares(
        tiles in prop::collection::vec(tile(), 1..=3),
        placements in prop::collection::vec((0usize..3, 0i32..=40, 0i32..=40, rotation()), 0..=6),
    ) {
        let tiles: Vec<Tile> = tiles
            .into_iter()
            .enumerate()
            .map(|(i, mut t)| {
                t.id = format!("t{i}");
                t
            })
            .collect();
        let course = Course {
            name: "Random".to_string(),
            description: String::new(),
            author: String::new(),
            rules: RulesEdition::Classic1994.into(),
            players: PlayerRange::default(),
            lives: LivesRule::Standard,
            // Index 3 may name a tile that does not exist; the compiler must report, not panic.
            placements: placements
                .iter()
                .map(|&(i, x, y, rotation)| TilePlacement {
                    tile: format!("t{i}"),
                    at: Square::new(x, y),
                    rotation,
                })
                .collect(),
            embedded: Vec::new(),
            flags: Vec::new(),
            start: StartRule::Numbered,
        };
        let board = course.compile(&tiles);
        // Each resolved placement, rotated, with its offset.
        let placed: Vec<(usize, Tile, Square)> = course
            .placements
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                tiles
                    .iter()
                    .find(|t| t.id == p.tile)
                    .map(|t| (i, t.rotated(p.rotation), p.at))
            })
            .collect();
        let unresolved = course.placements.len() - placed.len();
        let unknown_reported = board
            .problems
            .iter()
            .filter(|p| p.message().contains("neither in the tile library"))
            .count();
        prop_assert_eq!(unknown_reported, unresolved);
        for s in board.all_squares() {
            let owner = placed.iter().find(|(_, t, at)| t.contains(Square::new(s.x - at.x, s.y - at.y)));
            match owner {
                Some((i, t, at)) => {
                    let on_board = board.square(s);
                    prop_assert_eq!(on_board.and_then(|q| q.placement), Some(*i as u16));
                    prop_assert_eq!(
                        on_board.map(|q| q.spec),
                        t.square(Square::new(s.x - at.x, s.y - at.y)).copied()
                    );
                }
                None => prop_assert!(!board.is_on_board(s), "{} is on no tile", s),
            }
        }
    }

    #[test]
    fn a_saved_course_with_embedded_tiles_loads_as_the_same_course(
        tiles in prop::collection::vec(tile(), 1..=3),
        placements in prop::collection::vec((0usize..3, 0i32..=256, 0i32..=256, rotation()), 1..=6),
        flags in prop::collection::vec((0i32..300, 0i32..300), 0..=8),
        min in 1u8..=8,
        extra in 0u8..=7,
        lives in prop_oneof![
            Just(LivesRule::Standard),
            Just(LivesRule::Optional),
            (1u8..=9).prop_map(LivesRule::Fixed),
        ],
        start in prop::option::of((0i32..300, 0i32..300)),
    ) {
        let n = tiles.len();
        let embedded: Vec<Tile> = tiles
            .into_iter()
            .enumerate()
            .map(|(i, mut t)| {
                t.id = format!("embedded-{i}");
                t
            })
            .collect();
        let course = Course {
            name: "Random course".to_string(),
            description: "made by a property test".to_string(),
            author: "proptest".to_string(),
            rules: RulesEdition::Classic1994.into(),
            players: PlayerRange { min, max: (min + extra).min(8) },
            lives,
            placements: placements
                .iter()
                .map(|&(i, x, y, rotation)| TilePlacement {
                    tile: format!("embedded-{}", i % n),
                    at: Square::new(x, y),
                    rotation,
                })
                .collect(),
            embedded,
            flags: flags
                .iter()
                .enumerate()
                .map(|(i, &(x, y))| Flag { number: i as u32 + 1, at: Square::new(x, y) })
                .collect(),
            start: start.map_or(StartRule::Numbered, |(x, y)| StartRule::Archive(Square::new(x, y))),
        };
        let text = course_to_string(&course);
        let loaded = course_from_str("prop-course.json", &text);
        prop_assert_eq!(loaded.as_ref().err(), None, "{}", text);
        if let Ok(loaded) = loaded {
            prop_assert_eq!(course_to_string(&loaded), text);
            prop_assert_eq!(loaded, course);
        }
    }
}
