//! The engine's results kept exactly as they were (issue 21, item 5): thousands of seeded random
//! games on every sample course (`courses/*.json`), each event log hashed, and the lone-robot step
//! table and the bots' distance maps of each course hashed too, compared with the hashes recorded
//! in `tests/engine_hashes.txt` before the speed work. A mismatch means the engine now plays some
//! game differently. Record a new course's line (or, after a deliberate rule change, all lines)
//! with `FF_RECORD_HASHES=1 cargo test -p factory-floor-core --test engine_hash`.

use factory_floor_core::bots::FlagMaps;
use factory_floor_core::engine::{
    Factory, OptionCard, OptionSet, Replay, Rng, RobotSetup, Settings, StepTable,
};
use factory_floor_core::format::Library;
use factory_floor_core::geom::{Facing, Square};
use factory_floor_core::model::StartRule;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use strum::IntoEnumIterator;

/// Random games played on each course.
const GAMES: u64 = 2000;
/// Turns each game may last.
const TURNS: u32 = 20;

/// 64-bit FNV-1a: a hash whose value does not depend on the Rust release, unlike `DefaultHasher`.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

fn fixture_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engine_hashes.txt")
}

fn course_files() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

/// Robots for game `seed`: 2 to 8 of them on random squares a robot can stand on, or virtual on
/// the course's archive square, some holding random option cards.
fn robots(
    factory: &Factory,
    start: StartRule,
    standable: &[Square],
    rng: &mut Rng,
) -> Vec<RobotSetup> {
    let n = (2 + rng.below(7) as usize).min(standable.len());
    let mut free = standable.to_vec();
    rng.shuffle(&mut free);
    let mut options: Vec<OptionCard> = OptionCard::iter().collect();
    rng.shuffle(&mut options);
    let archive = match start {
        StartRule::Archive(s) if rng.below(3) == 0 && factory.is_on_board(s) => Some(s),
        _ => None,
    };
    (0..n)
        .map(|i| {
            let k = (rng.below(4) as usize).min(options.len());
            let facing = Facing::ALL[rng.below(4) as usize];
            let square = archive.unwrap_or(free[i]);
            RobotSetup {
                is_virtual: archive.is_some(),
                options: options.drain(..k).collect::<OptionSet>(),
                damage: rng.below(4) as u8,
                ..RobotSetup::new(format!("r{i}"), square, facing)
            }
        })
        .collect()
}

/// The hash of every event of `GAMES` random games on `factory`, with each game's end state.
fn games_hash(factory: &Arc<Factory>, start: StartRule) -> u64 {
    let standable: Vec<Square> = (0..factory.cell_count())
        .map(|c| factory.square_of(c))
        .filter(|&s| factory.is_on_board(s) && !factory.is_hole(s, 0))
        .collect();
    let mut h = Fnv::new();
    for seed in 0..GAMES {
        let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 21);
        let setups = robots(factory, start, &standable, &mut rng);
        let settings = Settings {
            lives: 1 + rng.below(3) as u8,
            stop_at_first_finisher: rng.below(4) == 0,
            turn_limit: None,
            options: rng.below(4) != 0,
            ..Settings::default()
        };
        let played = Replay::random(Arc::clone(factory), setups, settings, seed, !seed, TURNS);
        match played {
            Ok((_, game, events)) => {
                events.hash(&mut h);
                game.robots().hash(&mut h);
                game.turn().hash(&mut h);
            }
            Err(e) => e.hash(&mut h),
        }
    }
    h.finish()
}

/// The hash of the solver's step table of every phase (engine/steps.rs).
fn steps_hash(factory: &Arc<Factory>) -> u64 {
    let mut h = Fnv::new();
    if let Some(table) = StepTable::new(Arc::clone(factory)) {
        for state in 0..table.states() {
            table.next_nodes(state).hash(&mut h);
            table.damages(state).hash(&mut h);
        }
    }
    h.finish()
}

/// The hash of the bots' distance maps to every flag (bots/map.rs).
fn maps_hash(factory: &Arc<Factory>) -> u64 {
    let maps = FlagMaps::new(Arc::clone(factory));
    let mut h = Fnv::new();
    let states = factory.cell_count() as u32 * 4;
    for flag in 1..=maps.flag_count() {
        for s in 0..states {
            maps.distance(flag, s).hash(&mut h);
        }
    }
    h.finish()
}

#[test]
fn every_sample_course_plays_as_recorded_before_the_speed_work_issue_21() {
    let lib = Library::builtin();
    let mut lines = Vec::new();
    for name in course_files() {
        let entry = lib
            .find_course(&name)
            .unwrap_or_else(|| panic!("courses/{name} is not in the built-in library"));
        let board = entry.course.compile(&lib);
        let factory = Arc::new(Factory::new(board));
        lines.push(format!(
            "{name} games {:016x} steps {:016x} maps {:016x}",
            games_hash(&factory, entry.course.start),
            steps_hash(&factory),
            maps_hash(&factory)
        ));
    }
    let path = fixture_path();
    if std::env::var_os("FF_RECORD_HASHES").is_some() {
        let text = lines.join("\n") + "\n";
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let recorded =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let recorded: Vec<&str> = recorded.lines().collect();
    for line in &lines {
        let name = line.split(' ').next().unwrap_or_default();
        let Some(was) = recorded.iter().find(|l| l.split(' ').next() == Some(name)) else {
            panic!("{}: no hashes recorded for courses/{name}", path.display());
        };
        assert_eq!(
            line, was,
            "courses/{name} no longer plays as recorded (now, was)"
        );
    }
    assert_eq!(
        lines.len(),
        recorded.len(),
        "{}: a recorded course is gone",
        path.display()
    );
}
