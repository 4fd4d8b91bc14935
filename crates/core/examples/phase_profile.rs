//! The register phase of `benches/engine.rs` (`engine/register_phases_8_robots`: 8 robots with
//! random programs on the 2 x 2 sample, options on) as a plain loop, for counting its instructions
//! without building the window crate the benches need (issue 21):
//! `cargo build --release -p factory-floor-core --example phase_profile`, then
//! `valgrind --tool=callgrind --toggle-collect='*run_phase' target/release/examples/phase_profile [TURNS [SIDE]]`
//! and divide by 5 x TURNS. With SIDE, the board is the synthetic course of `benches/speed.rs`
//! of that side (64: `speed/phases_8_robots/synthetic-64x64`). Prints a checksum of the games so
//! two builds can be seen to play the same games.

extern crate factory_floor_core as factory_floor;

#[path = "../../../benches/common/games.rs"]
mod games;
#[path = "../../../benches/common/synthetic.rs"]
mod synthetic;

use factory_floor::engine::{Factory, Game, Rng, Settings};
use factory_floor::format::Library;
use std::sync::Arc;

fn main() -> std::process::ExitCode {
    let turns: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3000);
    let side: Option<i32> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let lib = Library::builtin();
    let board = match side {
        Some(side) => {
            let course = synthetic::course(side, 64);
            course.compile(&course.embedded)
        }
        None => {
            let Some(c) = lib.find_course("standard-2x2.json") else {
                eprintln!("phase_profile: the library has no standard-2x2.json");
                return std::process::ExitCode::from(2);
            };
            c.course.compile(&lib)
        }
    };
    let factory = Arc::new(Factory::new(board));
    let settings = Settings {
        lives: 100,
        ..Settings::default()
    };
    let robots = games::setups(&factory, 8);
    let start = match Game::new(factory, &robots, settings, 1) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("phase_profile: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut rng = Rng::new(3);
    let mut events = Vec::with_capacity(512);
    let mut sum = 0u64;
    for _ in 0..turns {
        let mut g = games::programmed(&start, &mut rng);
        events.clear();
        for _ in 0..5 {
            g.run_phase(&mut events);
        }
        sum = sum.wrapping_mul(31).wrapping_add(events.len() as u64);
        for r in g.robots() {
            sum = sum
                .wrapping_mul(31)
                .wrapping_add((r.square.x * 64 + r.square.y) as u64 + u64::from(r.damage));
        }
    }
    println!("{turns} turns of 5 phases, checksum {sum:016x}");
    std::process::ExitCode::SUCCESS
}
