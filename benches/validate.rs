//! Whole validation of the 6-tile sample course `courses/grand-tour.json`: the setup rules, the
//! lone-robot step table (every square, facing, phase and card through the engine), the search of
//! every leg, the trap squares and the difficulty. Issue 4's floor is 100 ms: it reruns on every
//! edit in the editor. Run: `cargo bench --bench validate`.

use criterion::{Criterion, criterion_group, criterion_main};
use factory_floor::format::{self, Document, Library};
use factory_floor::validate::{analyse, validate};
use std::hint::black_box;
use std::path::Path;

fn bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("courses/grand-tour.json");
    let course = match format::load_document(&path) {
        Ok(Document::Course(course)) => course,
        Ok(Document::Tile(_)) => panic!("{} is a tile, not a course", path.display()),
        Err(e) => panic!("{e}"),
    };
    let library = Library::for_file(&path);
    let analysis = analyse(&course, &library);
    let size = course.compile(&library);
    eprintln!(
        "grand-tour: {} tiles, {} x {} board, {} flags; {}",
        course.placements.len(),
        size.width(),
        size.height(),
        course.flags.len(),
        analysis
            .difficulty
            .map_or("no difficulty".to_string(), |d| d.to_string())
    );
    c.bench_function("validate/grand_tour_whole", |b| {
        b.iter(|| black_box(validate(black_box(&course), &library)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
