//! Tests of the scene builder and the PNG exporter (the egui conversion is tested in the app).

use super::*;
use crate::format::{self, Document};
use crate::geom::{Facing, Square};
use crate::model::{
    Barrier, Beams, Board, Colour, Device, EdgeSpec, ElementKind, Floor, Flow, FlowKind, Level,
    Mount, Phases, Spin, SquareSpec, StartNumber, StartSquare, Tile, Wrenches,
};
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name)
}

fn every_element_tile() -> Tile {
    match format::load_document(&fixture("every_element.json")) {
        Ok(Document::Tile(t)) => t,
        other => panic!("the every-element fixture should be a tile: {other:?}"),
    }
}

fn phases(list: &[u8]) -> Phases {
    Phases::from_list(list).unwrap_or_default()
}

/// A 3 x 3 tile holding one element of `kind` on its centre square (on its north side for the
/// elements that live on edges).
fn sample(kind: ElementKind) -> Tile {
    use ElementKind as K;
    let mut t = Tile::new("sample", 3, 3);
    let c = Square::new(1, 1);
    let mut spec = SquareSpec::default();
    let mut edge = EdgeSpec::default();
    match kind {
        K::Pit => spec.floor = Some(Floor::Pit),
        K::Drain => spec.floor = Some(Floor::Drain),
        K::RadioactiveDrain => spec.floor = Some(Floor::RadioactiveDrain),
        K::Water => spec.floor = Some(Floor::Water),
        K::Slime => spec.floor = Some(Floor::Slime),
        K::OilSlick => spec.floor = Some(Floor::OilSlick),
        K::LavaPit => spec.floor = Some(Floor::LavaPit(phases(&[2]))),
        K::TrapDoor => spec.floor = Some(Floor::TrapDoor(phases(&[2]))),
        K::Belt => spec.flow = Some(Flow::straight(FlowKind::Belt, Facing::E)),
        K::ExpressBelt => spec.flow = Some(Flow::straight(FlowKind::Express, Facing::E)),
        K::GoldBelt => spec.flow = Some(Flow::straight(FlowKind::Gold, Facing::E)),
        K::Current => spec.flow = Some(Flow::straight(FlowKind::Current, Facing::E)),
        K::MoltenRiver => spec.flow = Some(Flow::straight(FlowKind::River, Facing::E)),
        K::Gear => spec.gear = Some(Spin::Cw),
        K::Crusher => spec.crusher = Some(phases(&[2])),
        K::RepairSite => spec.repair = Wrenches::new(1),
        K::StartSquare => {
            spec.start = StartNumber::new(1).map(|number| StartSquare {
                number,
                facing: Facing::N,
            })
        }
        K::UpperLevel => spec.level = Level::Upper,
        K::Randomizer => spec.device = Some(Device::Randomizer),
        K::Teleporter => spec.device = Some(Device::Teleporter),
        K::FreakTeleporter => spec.device = Some(Device::FreakTeleporter),
        K::Ramp => spec.device = Some(Device::Ramp(Facing::N)),
        K::Portal => spec.device = Some(Device::Portal(Colour::Red)),
        K::RepulsorField => spec.device = Some(Device::RepulsorField),
        K::ChopShop => spec.device = Some(Device::ChopShop),
        K::Radiation => spec.device = Some(Device::Radiation),
        K::RadioactiveWaste => spec.device = Some(Device::RadioactiveWaste),
        K::Maglock => spec.device = Some(Device::Maglock(phases(&[2]))),
        K::Repeater => spec.device = Some(Device::Repeater),
        K::Wall => edge.barrier = Some(Barrier::Plain),
        K::OneWayWall => edge.barrier = Some(Barrier::OneWay),
        K::SpikedWall => edge.barrier = Some(Barrier::Spiked),
        K::Ledge => edge.barrier = Some(Barrier::Ledge),
        K::Gate => edge.barrier = Some(Barrier::Gate(Colour::Red)),
        K::Laser => {
            edge.mount = Beams::new(1).map(Mount::Laser);
        }
        K::Pusher => {
            edge.mount = Some(Mount::Pusher(phases(&[2])));
        }
        K::Flamer => {
            edge.mount = Some(Mount::Flamer(phases(&[2])));
        }
        K::Repulsor => {
            edge.mount = Some(Mount::Repulsor(phases(&[2])));
        }
    }
    t.set_square(c, spec);
    t.set_edge(c, Facing::N, edge);
    t
}

#[test]
fn the_every_element_fixture_holds_every_kind_of_the_catalogue() {
    let mut all = ElementKind::ALL.to_vec();
    all.sort();
    assert_eq!(every_element_tile().kinds(), all);
}

#[test]
fn every_kind_is_drawn_and_no_two_kinds_look_the_same() {
    let empty = build_scene(
        &Board::from_tile(&Tile::new("sample", 3, 3), &[]),
        &SceneOptions::default(),
    );
    let scenes: Vec<(ElementKind, Scene)> = ElementKind::ALL
        .iter()
        .map(|&k| {
            let t = sample(k);
            assert_eq!(t.kinds(), vec![k], "the sample of {k} holds only {k}");
            (
                k,
                build_scene(&Board::from_tile(&t, &[]), &SceneOptions::default()),
            )
        })
        .collect();
    for (k, scene) in &scenes {
        assert!(
            scene.shapes.len() > empty.shapes.len(),
            "{k} adds shapes to the open floor"
        );
    }
    for (i, (a, sa)) in scenes.iter().enumerate() {
        for (b, sb) in &scenes[i + 1..] {
            assert_ne!(sa.shapes, sb.shapes, "{a} and {b} are drawn alike");
        }
    }
}

#[test]
fn phase_flag_and_start_numbers_are_written_on_the_board() {
    let tile = every_element_tile();
    let board = Board::from_tile(&tile, &[Square::new(1, 5), Square::new(6, 7)]);
    let scene = build_scene(&board, &SceneOptions::default());
    let texts: Vec<&str> = scene.texts().collect();
    let count = |t: &str| texts.iter().filter(|&&x| x == t).count();
    // Phases: lava 2 4, trap door 1 3 5, crusher 2 4 and 1-5, maglock 1 3, pushers 1 3 5 and
    // 2 4, flamer 2 3, repulsor 1 2.
    assert_eq!(count("2 4"), 3, "{texts:?}");
    assert_eq!(count("1 3 5"), 2, "{texts:?}");
    assert_eq!(count("1 2 3 4 5"), 1);
    assert_eq!(count("1 3"), 1);
    assert_eq!(count("2 3"), 1);
    assert_eq!(count("1 2"), 1);
    // Start squares 1 and 2, flags 1 and 2.
    assert_eq!(count("1"), 2, "{texts:?}");
    assert_eq!(count("2"), 2, "{texts:?}");
}

#[test]
fn laser_beams_run_from_the_mount_wall_to_the_blocking_wall_one_line_per_beam() {
    let mut t = Tile::new("l", 6, 1);
    t.set_edge(
        Square::new(0, 0),
        Facing::W,
        EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Beams::new(2).map(Mount::Laser),
        },
    );
    t.set_edge(
        Square::new(3, 0),
        Facing::E,
        EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: None,
        },
    );
    let scene = build_scene(&Board::from_tile(&t, &[]), &SceneOptions::default());
    let beams: Vec<&Vec<Point>> = scene
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Polyline { points, stroke }
                if stroke.colour.r == 255 && stroke.colour.g == 40 =>
            {
                Some(points)
            }
            _ => None,
        })
        .collect();
    assert_eq!(beams.len(), 2);
    for b in beams {
        let xs: Vec<f32> = b.iter().map(|p| p.x).collect();
        assert_eq!(
            xs,
            vec![0.0, 4.0],
            "from the west wall to the wall east of square 3"
        );
    }
}

#[test]
fn one_way_walls_show_red_on_the_anchor_side_and_green_on_the_other() {
    // Seed 001: a one-way wall is a wall from its red side (RULINGS.md keeps the anchor red).
    let t = sample(ElementKind::OneWayWall);
    let scene = build_scene(&Board::from_tile(&t, &[]), &SceneOptions::default());
    let rect_of = |colour: Rgba| {
        scene.shapes.iter().find_map(|s| match s {
            Shape::Rect { min, max, fill, .. } if *fill == Some(colour) => Some((*min, *max)),
            _ => None,
        })
    };
    let red = rect_of(Rgba::rgb(226, 30, 30));
    let green = rect_of(Rgba::rgb(40, 190, 70));
    // The wall is on the north edge (y = 1) of the anchor square (1, 1): red below, green above.
    assert!(red.is_some_and(|(min, _)| min.y >= 1.0), "{red:?}");
    assert!(green.is_some_and(|(_, max)| max.y <= 1.0), "{green:?}");
}

#[test]
fn overlays_grid_archive_highlights_and_path_are_drawn_on_top() {
    let board = Board::from_tile(&Tile::new("t", 4, 3), &[]);
    let plain = build_scene(&board, &SceneOptions::default());
    let gold = Rgba::new(250, 200, 0, 120);
    let blue = Rgba::rgb(0, 80, 250);
    let options = SceneOptions {
        grid: true,
        archive_start: Some(Square::new(0, 0)),
        highlights: vec![(Square::new(2, 1), gold)],
        path: Some(ScenePath {
            squares: vec![Square::new(0, 2), Square::new(1, 2), Square::new(1, 1)],
            colour: blue,
        }),
    };
    let scene = build_scene(&board, &options);
    let extra = &scene.shapes[plain.shapes.len()..];
    let grid_lines = extra
        .iter()
        .filter(|s| matches!(s, Shape::Polyline { stroke, .. } if stroke.width < 0.02))
        .count();
    assert_eq!(grid_lines, 5 + 4);
    assert!(scene.texts().any(|t| t == "start"));
    assert!(extra.iter().any(|s| matches!(s,
        Shape::Rect { min, fill: Some(f), .. } if *f == gold && *min == Point::new(2.0, 1.0))));
    let path = extra.iter().find_map(|s| match s {
        Shape::Polyline { points, stroke } if stroke.colour == blue => Some(points.clone()),
        _ => None,
    });
    assert_eq!(
        path,
        Some(vec![
            Point::new(0.5, 2.5),
            Point::new(1.5, 2.5),
            Point::new(1.5, 1.5)
        ])
    );
}

#[test]
fn holes_between_tiles_are_left_as_void_and_tiles_get_a_border() {
    let text = std::fs::read_to_string(fixture("two_tiles_course.json")).unwrap_or_default();
    let course = format::course_from_str("two_tiles_course.json", &text);
    let Ok(course) = course else {
        panic!("{course:?}")
    };
    let board = course.compile(&Vec::<Tile>::new());
    assert!(board.problems.is_empty(), "{:?}", board.problems);
    let scene = build_scene(&board, &SceneOptions::default());
    assert_eq!((scene.width, scene.height), (9.0, 4.0));
    // Column 4 is a hole: no shape is filled there.
    let covers_hole = scene.shapes.iter().any(|s| match s {
        Shape::Rect {
            min,
            max,
            fill: Some(_),
            ..
        } => min.x < 4.9 && max.x > 4.1,
        _ => false,
    });
    assert!(!covers_hole);
    let borders = scene
        .shapes
        .iter()
        .filter(
            |s| matches!(s, Shape::Rect { fill: None, stroke: Some(st), .. } if st.width == 0.05),
        )
        .count();
    assert_eq!(borders, 2);
}

#[test]
fn the_png_has_the_scene_size_and_shows_the_board() {
    let board = Board::from_tile(&every_element_tile(), &[]);
    let scene = build_scene(&board, &SceneOptions::default());
    let result = png::rasterise(&scene, 16);
    let Ok((w, h, pixels)) = result else {
        panic!("{:?}", result.err())
    };
    assert_eq!((w, h), (128, 128));
    assert_eq!(pixels.len(), 128 * 128 * 4);
    let at = |x: usize, y: usize| {
        let i = (y * 128 + x) * 4;
        [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
    };
    // The pit (0, 0) is black in its middle; the open floor at (2, 7) is the floor grey.
    assert_eq!(at(8, 8), [6, 6, 8, 255]);
    assert_eq!(at(2 * 16 + 8, 7 * 16 + 8), [176, 180, 184, 255]);
    let mut colours: Vec<[u8; 4]> = pixels.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
    colours.sort();
    colours.dedup();
    assert!(colours.len() > 100, "only {} colours", colours.len());
    let bytes = png::scene_to_png(&scene, 16).unwrap_or_default();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn text_is_rasterised_where_the_scene_puts_it() {
    let mut scene = Scene {
        width: 2.0,
        height: 1.0,
        background: Rgba::rgb(255, 255, 255),
        shapes: Vec::new(),
    };
    let blank = png::rasterise(&scene, 40).map(|r| r.2).unwrap_or_default();
    scene.shapes.push(Shape::Text {
        text: "88".into(),
        pos: Point::new(0.5, 0.5),
        size: 0.6,
        colour: Rgba::rgb(0, 0, 0),
        anchor: Anchor::CENTER,
    });
    let Ok((_, _, pixels)) = png::rasterise(&scene, 40) else {
        panic!("cannot rasterise")
    };
    assert_ne!(pixels, blank);
    // Dark ink lies within the left square only, around its centre.
    let dark: Vec<(usize, usize)> = pixels
        .chunks(4)
        .enumerate()
        .filter(|(_, p)| p[0] < 100)
        .map(|(i, _)| (i % 80, i / 80))
        .collect();
    assert!(dark.len() > 50, "{} dark pixels", dark.len());
    assert!(
        dark.iter()
            .all(|&(x, y)| (5..35).contains(&x) && (5..35).contains(&y))
    );
}

#[test]
fn pictures_larger_than_the_cap_are_refused_with_a_reason() {
    let board = Board::from_tile(&Tile::new("t", 64, 64), &[]);
    let scene = build_scene(&board, &SceneOptions::default());
    let err = png::picture_size(&scene, 1000).err().unwrap_or_default();
    assert!(err.contains("16384"), "{err}");
    assert!(png::picture_size(&scene, 0).is_err());
    let err = png::picture_size(&scene, 200).err().unwrap_or_default();
    assert!(
        err.contains("12800 x 12800") && err.contains("64 megapixels"),
        "{err}"
    );
    let strip = build_scene(
        &Board::from_tile(&Tile::new("t", 64, 4), &[]),
        &SceneOptions::default(),
    );
    assert_eq!(png::picture_size(&strip, 256), Ok((16384, 1024)));
    assert!(png::picture_size(&strip, 257).is_err());
}
