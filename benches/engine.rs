//! Engine throughput: register phases per second with 8 robots playing random legal programs, and
//! whole games per second with 4 robots. Uses the built-in "standard-2x2" sample course when the
//! library has it, else a synthetic 24 x 24 board with the same kinds of elements; the `_expansion`
//! benchmarks measure the same on the built-in "hazard-works" course, which uses every expansion
//! element (issue 7). Run: `cargo bench --bench engine`.

#[path = "common/games.rs"]
mod games;
#[path = "common/synthetic.rs"]
mod synthetic;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use factory_floor::engine::{Factory, Game, Replay, Rng, Settings};
use factory_floor::format::Library;
use factory_floor::model::Board;
use std::hint::black_box;
use std::sync::Arc;

/// The sample course's board, or a synthetic stand-in of the same size and density.
fn bench_board() -> (Board, &'static str) {
    let lib = Library::builtin();
    if let Some(c) = lib.find_course("standard-2x2.json") {
        let board = c.course.compile(&lib);
        if board.problems.is_empty() {
            return (board, "standard-2x2 course");
        }
    }
    // The synthetic course of the speed benches, at the sample's size and density.
    let course = synthetic::course(24, 2024);
    (course.compile(&course.embedded), "synthetic 24 x 24 board")
}

/// The expansion sample course's board, if the library has it and it compiles.
fn expansion_board() -> Option<Board> {
    let lib = Library::builtin();
    let c = lib.find_course("hazard-works.json")?;
    let board = c.course.compile(&lib);
    board.problems.is_empty().then_some(board)
}

fn register_phases(c: &mut Criterion) {
    let (board, what) = bench_board();
    eprintln!("engine bench board: {what}");
    phases_on(c, &board, "register_phases_8_robots");
    if let Some(board) = expansion_board() {
        phases_on(c, &board, "register_phases_8_robots_expansion");
    }
}

fn phases_on(c: &mut Criterion, board: &Board, name: &str) {
    let factory = Arc::new(Factory::new(board.clone()));
    let settings = Settings {
        lives: 100,
        ..Settings::default()
    };
    let robots = games::setups(&factory, 8);
    let Ok(start) = Game::new(factory, &robots, settings, 1) else {
        return;
    };
    let mut rng = Rng::new(3);
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(5));
    let mut events = Vec::with_capacity(512);
    group.bench_function(name, |b| {
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

fn whole_games(c: &mut Criterion) {
    let (board, _) = bench_board();
    games_on(c, &board, "whole_games_4_robots_40_turns");
    if let Some(board) = expansion_board() {
        games_on(c, &board, "whole_games_4_robots_40_turns_expansion");
    }
}

fn games_on(c: &mut Criterion, board: &Board, name: &str) {
    let factory = Arc::new(Factory::new(board.clone()));
    let robots = games::setups(&factory, 4);
    let settings = Settings {
        turn_limit: Some(40),
        ..Settings::default()
    };
    // Random programs end many games early (robots run out of lives): say how long they last.
    let turns: u32 = (1000..1100u64)
        .filter_map(|s| {
            Replay::random(
                Arc::clone(&factory),
                robots.clone(),
                settings,
                s,
                s ^ 0xabc,
                40,
            )
            .ok()
        })
        .map(|(_, g, _)| g.turn())
        .sum();
    eprintln!(
        "{name}: {:.1} turns on average (limit 40)",
        f64::from(turns) / 100.0
    );
    let mut seed = 0u64;
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(1));
    group.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let played = Replay::random(
                Arc::clone(&factory),
                robots.clone(),
                settings,
                seed,
                seed ^ 0xabc,
                40,
            );
            black_box(played.map(|(_, g, _)| g.turn()).unwrap_or(0))
        })
    });
    group.finish();
}

criterion_group!(benches, register_phases, whole_games);
criterion_main!(benches);
