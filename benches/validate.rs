//! Validation at every size. `validate/grand_tour_whole` is `validate::validate` on the 6-tile
//! sample course `courses/grand-tour.json`: the setup rules and what their diagnostics need, the
//! lone-robot step table (every square, facing, phase and card through the engine), the shortest
//! whole line from every start, luck and dice (issue 4's floor: 100 ms; the same call as before
//! the workspace, issue 15). The full analysis the report prints (issue 17 item 7), which adds
//! each leg's own minimum, the typical-hand line, the trap squares and the difficulty, is
//! `validate::analyse`: `validate/grand_tour_full`, `validate/2x2_of_64` and `validate/largest`
//! (2 x 2 tiles of 64 x 64 and the largest course the format allows, 5 x 5 tiles of 64 x 64,
//! both synthetic: `benches/common/synthetic.rs`); issue 17's targets are 10 ms, 500 ms and 10 s.
//! `validate/largest_8_starts` is the largest board with 8 flags and 8 numbered starts, the
//! slowest largest course measured (BENCHMARKS.md, `l8`).
//! Run: `cargo bench --bench validate`.

#[path = "common/synthetic.rs"]
mod synthetic;

use criterion::{Criterion, criterion_group, criterion_main};
use factory_floor::format::{self, Document, Library};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::{
    Course, EdgeSpec, Flag, SquareSpec, StartNumber, StartRule, StartSquare,
};
use factory_floor::validate::{analyse, validate};
use std::hint::black_box;
use std::path::Path;

/// Prints what a course is and what its validation says, once, before it is timed.
fn describe(name: &str, course: &Course, library: &Library) {
    let analysis = analyse(course, library);
    let board = course.compile(library);
    eprintln!(
        "{name}: {} tiles, {} x {} board, {} flags; {}; typical hand: {:?}",
        course.placements.len(),
        board.width(),
        board.height(),
        course.flags.len(),
        analysis
            .difficulty
            .map_or("no difficulty".to_string(), |d| d.to_string()),
        analysis
            .solution
            .and_then(|s| s.typical)
            .map(|t| t.registers)
    );
}

/// The largest board with 8 flags and 8 numbered starts (BENCHMARKS.md, session 19's `l8`):
/// synthetic 320 drawn from seed 7, flags 40 squares apart along row 20 from (20, 20), numbered
/// starts at (2, 3), (4, 3), ... (16, 3) facing east; each flag's and start's square is cleared,
/// with the pits of its four neighbours and every wall anchored on the five.
fn largest_8_starts() -> Course {
    let mut course = synthetic::course(320, 7);
    let flags: Vec<Square> = (0..8).map(|c| Square::new(20 + 40 * c, 20)).collect();
    let starts: Vec<Square> = (0..8).map(|n| Square::new(2 + 2 * n, 3)).collect();
    for (i, &at) in flags.iter().chain(&starts).enumerate() {
        let corner = Square::new(at.x / 64 * 64, at.y / 64 * 64);
        let Some(placed) = course.placements.iter().find(|p| p.at == corner) else {
            panic!("no tile at {corner:?}")
        };
        let id = placed.tile.clone();
        let Some(t) = course.embedded.iter_mut().find(|t| t.id == id) else {
            panic!("no tile {id}")
        };
        let local = Square::new(at.x - corner.x, at.y - corner.y);
        let near = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
            .map(|(dx, dy)| Square::new(local.x + dx, local.y + dy));
        for s in near {
            if s == local || t.square(s).is_some_and(|q| q.floor.is_some()) {
                t.set_square(s, SquareSpec::default());
            }
        }
        let anchored: Vec<(Square, Facing)> = t
            .edges()
            .filter(|(s, ..)| near.contains(s))
            .map(|(s, f, _)| (s, f))
            .collect();
        for (s, f) in anchored {
            t.set_edge(s, f, EdgeSpec::default());
        }
        if let Some(n) = i.checked_sub(flags.len()) {
            let start = StartNumber::new(n as u8 + 1).map(|number| StartSquare {
                number,
                facing: Facing::E,
            });
            t.set_square(
                local,
                SquareSpec {
                    start,
                    ..SquareSpec::default()
                },
            );
        }
    }
    course.flags = flags
        .iter()
        .enumerate()
        .map(|(i, &at)| Flag {
            number: i as u32 + 1,
            at,
        })
        .collect();
    course.start = StartRule::Numbered;
    course.name = "largest 8 flags, 8 starts".to_string();
    course
}

fn bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("courses/grand-tour.json");
    let course = match format::load_document(&path) {
        Ok(Document::Course(course)) => course,
        Ok(Document::Tile(_)) => panic!("{} is a tile, not a course", path.display()),
        Err(e) => panic!("{e}"),
    };
    let library = Library::for_file(&path);
    describe("grand-tour", &course, &library);
    c.bench_function("validate/grand_tour_whole", |b| {
        b.iter(|| black_box(validate(black_box(&course), &library)))
    });
    c.bench_function("validate/grand_tour_full", |b| {
        b.iter(|| black_box(analyse(black_box(&course), &library)))
    });

    // The synthetic courses carry their tiles; an empty library is all they need.
    let none = Library::default();
    let mut group = c.benchmark_group("validate");
    group.sample_size(10);
    let courses = [
        ("2x2_of_64", synthetic::course(128, 1)),
        ("largest", synthetic::course(320, 1)),
        ("largest_8_starts", largest_8_starts()),
    ];
    for (name, course) in courses {
        describe(name, &course, &none);
        group.bench_function(name, |b| {
            b.iter(|| black_box(analyse(black_box(&course), &none)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
