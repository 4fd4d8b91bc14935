//! Validation at every size. `validate/grand_tour_whole` is `validate::validate` on the 6-tile
//! sample course `courses/grand-tour.json`: the setup rules and what their diagnostics need, the
//! lone-robot step table (every square, facing, phase and card through the engine), the shortest
//! whole line from every start, luck and dice (issue 4's floor: 100 ms; the same call as before
//! the workspace, issue 15). The full analysis the report prints (issue 17 item 7), which adds
//! each leg's own minimum, the typical-hand line, the trap squares and the difficulty, is
//! `validate::analyse`: `validate/grand_tour_full`, `validate/2x2_of_64` and `validate/largest`
//! (2 x 2 tiles of 64 x 64 and the largest course the format allows, 5 x 5 tiles of 64 x 64,
//! both synthetic: `benches/common/synthetic.rs`); issue 17's targets are 10 ms, 500 ms and 10 s.
//! Run: `cargo bench --bench validate`.

#[path = "common/synthetic.rs"]
mod synthetic;

use criterion::{Criterion, criterion_group, criterion_main};
use factory_floor::format::{self, Document, Library};
use factory_floor::model::Course;
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
    for (name, side) in [("2x2_of_64", 128), ("largest", 320)] {
        let course = synthetic::course(side, 1);
        describe(name, &course, &none);
        group.bench_function(name, |b| {
            b.iter(|| black_box(analyse(black_box(&course), &none)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
