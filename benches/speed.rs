//! Speed at every size (issue 21): register phases per second with 8 robots playing random
//! programs (option cards on) on the 2 x 2 sample course and on a 64 x 64 board, and the cost of
//! a register phase and of the bots' distance maps (`FlagMaps`) on synthetic boards 12, 24, 48,
//! 96 and 320 squares a side (`benches/common/synthetic.rs`). Uses only the public API, so the
//! same file measures an older engine. `SPEED_MAX_MAP_SIDE=96` leaves out larger distance maps
//! (an old engine took minutes on 320). Run: `cargo bench --bench speed`.

#[path = "common/games.rs"]
mod games;
#[path = "common/synthetic.rs"]
mod synthetic;

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use factory_floor::bots::FlagMaps;
use factory_floor::engine::{Factory, Game, Rng, Settings};
use factory_floor::format::Library;
use factory_floor::model::{Board, Course};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

const SIDES: [i32; 5] = [12, 24, 48, 96, 320];

fn compile(course: &Course) -> Board {
    course.compile(&course.embedded)
}

/// Five register phases of 8 robots on `board` as one sample (throughput: 5 phases).
fn phases(c: &mut Criterion, group: &str, id: BenchmarkId, board: &Board) {
    let factory = Arc::new(Factory::new(board.clone()));
    let settings = Settings {
        lives: 100,
        ..Settings::default()
    };
    let robots = games::setups(&factory, 8);
    let Ok(start) = Game::new(factory, &robots, settings, 1) else {
        eprintln!("speed bench: {group}: no game");
        return;
    };
    let mut rng = Rng::new(3);
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(5));
    let mut events = Vec::with_capacity(512);
    group.bench_function(id, |b| {
        // The game copy is made before and dropped after the timed part (`iter_batched_ref`):
        // freeing its deck, hands and option lists is no part of a register phase (issue 21).
        b.iter_batched_ref(
            || games::programmed(&start, &mut rng),
            |g| {
                events.clear();
                for _ in 0..5 {
                    g.run_phase(&mut events);
                }
                black_box(g.robots()[0].square)
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn phases_8_robots(c: &mut Criterion) {
    let lib = Library::builtin();
    if let Some(entry) = lib.find_course("standard-2x2.json") {
        let board = entry.course.compile(&lib);
        phases(
            c,
            "speed/phases_8_robots",
            BenchmarkId::from_parameter("standard-2x2"),
            &board,
        );
    }
    let board = compile(&synthetic::course(64, 64));
    phases(
        c,
        "speed/phases_8_robots",
        BenchmarkId::from_parameter("synthetic-64x64"),
        &board,
    );
}

fn phases_by_side(c: &mut Criterion) {
    for side in SIDES {
        let board = compile(&synthetic::course(side, side as u64));
        phases(
            c,
            "speed/phase_by_side",
            BenchmarkId::from_parameter(side),
            &board,
        );
    }
}

fn maps_by_side(c: &mut Criterion) {
    let max = std::env::var("SPEED_MAX_MAP_SIDE")
        .ok()
        .and_then(|v| v.parse::<i32>().ok())
        .unwrap_or(320);
    let mut group = c.benchmark_group("speed/maps_by_side");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    for side in SIDES.into_iter().filter(|&s| s <= max) {
        let factory = Arc::new(Factory::new(compile(&synthetic::course(side, side as u64))));
        group.throughput(Throughput::Elements((side * side) as u64));
        group.bench_function(BenchmarkId::from_parameter(side), |b| {
            b.iter(|| black_box(FlagMaps::new(Arc::clone(&factory)).flag_count()))
        });
    }
    group.finish();
}

criterion_group!(benches, phases_8_robots, phases_by_side, maps_by_side);
criterion_main!(benches);
