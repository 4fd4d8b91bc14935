//! Test-drive throughput (issue 6): wall time of `bots::drive` playing 1000 games of 4 robots on
//! the built-in "standard-2x2" sample course on every core, as `factory-floor drive` does, with
//! the default game settings (option cards on). Run: `cargo bench --bench drive`.

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use factory_floor::bots::{Arena, BotKind, DriveOptions, drive};
use factory_floor::format::Library;
use std::hint::black_box;
use std::time::Duration;

fn thousand_games(c: &mut Criterion) {
    let lib = Library::builtin();
    let Some(entry) = lib.find_course("standard-2x2.json") else {
        eprintln!("drive bench: the built-in library has no standard-2x2 course; nothing measured");
        return;
    };
    let arena = match Arena::new(&entry.course, &lib) {
        Ok(arena) => arena,
        Err(e) => {
            eprintln!("drive bench: the standard-2x2 course does not compile: {e}");
            return;
        }
    };
    let mixes: [(&str, [BotKind; 4]); 2] = [
        ("drive/1000_games_4_planners", [BotKind::Planner; 4]),
        (
            "drive/1000_games_planner_greedy_random_random",
            [
                BotKind::Planner,
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Random,
            ],
        ),
    ];
    let mut group = c.benchmark_group("drive");
    // One sample is one whole 1000-game drive (seconds): flat sampling, the fewest samples
    // criterion allows.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for (name, bots) in mixes {
        let options = DriveOptions {
            bots: bots.to_vec(),
            games: 1000,
            seed: 1,
            turn_cap: 40,
            threads: 0,
            options: true,
        };
        let name = name.trim_start_matches("drive/");
        group.bench_function(name, |b| {
            b.iter(|| {
                let result = drive(&arena, &options, &|_| true);
                black_box(result.map(|(stats, _)| stats.completion_rate))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, thousand_games);
criterion_main!(benches);
