//! Rendering benchmarks: building the scene of a six-tile (36 x 24) board, as the editor does every
//! frame, rasterising it to PNG, and writing it as SVG and as real-size PDF pages.

use criterion::{Criterion, criterion_group, criterion_main};
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::{
    Barrier, Beams, Board, Course, Device, EdgeSpec, Flow, FlowKind, LivesRule, Mount, Phases,
    PlayerRange, RulesEdition, Spin, SquareSpec, StartRule, Tile, TilePlacement, Wrenches,
};
use factory_floor::render::{SceneOptions, build_scene, page, pdf, png, svg};
use std::hint::black_box;

/// A busy 12 x 12 tile: a belt loop, gears, repair sites, pits, lasers and walls.
fn busy_tile() -> Tile {
    let mut t = Tile::new("busy", 12, 12);
    for i in 1..11 {
        let belt = |out| SquareSpec {
            flow: Some(Flow::straight(FlowKind::Express, out)),
            ..SquareSpec::default()
        };
        t.set_square(Square::new(i, 1), belt(Facing::E));
        t.set_square(Square::new(10, i), belt(Facing::S));
        t.set_square(Square::new(11 - i, 10), belt(Facing::W));
        t.set_square(Square::new(1, 11 - i), belt(Facing::N));
    }
    for (x, y) in [(3, 3), (8, 3), (3, 8), (8, 8)] {
        t.set_square(
            Square::new(x, y),
            SquareSpec {
                gear: Some(if x < 5 { Spin::Cw } else { Spin::Ccw }),
                ..SquareSpec::default()
            },
        );
    }
    t.set_square(
        Square::new(5, 5),
        SquareSpec {
            repair: Wrenches::new(2),
            ..SquareSpec::default()
        },
    );
    t.set_square(
        Square::new(6, 6),
        SquareSpec {
            device: Some(Device::Portal(factory_floor::model::Colour::Blue)),
            crusher: None,
            ..SquareSpec::default()
        },
    );
    t.set_square(
        Square::new(6, 5),
        SquareSpec {
            floor: Some(factory_floor::model::Floor::Pit),
            ..SquareSpec::default()
        },
    );
    for y in [2, 4, 7, 9] {
        t.set_edge(
            Square::new(2, y),
            Facing::W,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: Beams::new(2).map(Mount::Laser),
            },
        );
        t.set_edge(
            Square::new(9, y),
            Facing::E,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: Some(Mount::Pusher(
                    Phases::from_list(&[1, 3, 5]).unwrap_or_default(),
                )),
            },
        );
    }
    t
}

fn six_tile_board() -> Board {
    let tile = busy_tile();
    let placements = (0..6)
        .map(|i| TilePlacement {
            tile: "busy".into(),
            at: Square::new((i % 3) * 12, (i / 3) * 12),
            rotation: Rotation::from_quarter_turns(i as u8),
        })
        .collect();
    let course = Course {
        name: "bench".into(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements,
        embedded: vec![tile],
        flags: Vec::new(),
        start: StartRule::Numbered,
    };
    let mut board = course.compile(&Vec::<Tile>::new());
    board.flags = vec![(1, Square::new(5, 20)), (2, Square::new(30, 4))];
    board
}

fn bench_render(c: &mut Criterion) {
    let board = six_tile_board();
    let options = SceneOptions {
        grid: true,
        ..SceneOptions::default()
    };
    c.bench_function("build_scene 36x24", |b| {
        b.iter(|| build_scene(black_box(&board), black_box(&options)))
    });
    let scene = build_scene(&board, &options);
    let mut group = c.benchmark_group("png");
    group.sample_size(10);
    group.bench_function("scene_to_png 36x24 at 32 px", |b| {
        b.iter(|| png::scene_to_png(black_box(&scene), 32))
    });
    group.finish();
    // The vector exports of issue 20: the same scene as SVG, and as PDF at real size (A4, 24 mm
    // squares: 15 pages).
    let mut group = c.benchmark_group("vector");
    group.sample_size(10);
    group.bench_function("scene_to_svg 36x24", |b| {
        b.iter(|| svg::scene_to_svg(black_box(&scene), 24.0, &mut |_, _| ()))
    });
    if let Ok(plan) = page::plan(scene.width, scene.height, page::PrintSettings::default()) {
        group.bench_function("scene_to_pdf_pages 36x24 A4 24 mm", |b| {
            b.iter(|| pdf::scene_to_pdf_pages(black_box(&scene), &plan, "bench", &mut |_, _| ()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
