//! Issue 15, one race driver: the play view's session, `factory-floor play` and a test drive
//! play the same game, event for event, from the same course, seed and bots; and a test drive
//! honours the course's lives rule.

use factory_floor::app::play::session::{Controller, PlaySetup, Session};
use factory_floor::bots::{Arena, BotKind};
use factory_floor::cli;
use factory_floor::engine::{Event, RobotId};
use factory_floor::race::{DriveOptions, drive_with};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

const BOTS: [BotKind; 4] = [
    BotKind::Planner,
    BotKind::Greedy,
    BotKind::Random,
    BotKind::Random,
];
const SEED: u64 = 7;
/// `factory-floor play`'s default cap.
const TURNS: u32 = 40;

fn course() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("courses/standard-2x2.json")
}

fn arena(path: &Path) -> Arena {
    match Arena::load(path) {
        Ok(a) => a,
        Err(e) => panic!("{} does not load: {e}", path.display()),
    }
}

/// The session stepped to the end of the game: every step's events, and the same in words.
fn session_log(arena: Arena) -> (Vec<Event>, Vec<String>) {
    let setup = PlaySetup {
        robots: BOTS.iter().map(|&b| Controller::Bot(b)).collect(),
        seed: SEED,
        lives: arena.lives,
        turn_cap: TURNS,
        options: true,
        start_options: Vec::new(),
    };
    let tiles = arena.tiles;
    let mut session = match Session::new(Arc::new(arena), &setup, tiles) {
        Ok(s) => s,
        Err(e) => panic!("the session does not start: {e}"),
    };
    while session.step_forward() {}
    assert!(
        session.game().is_over(),
        "the session stopped before the end"
    );
    let steps = session.steps();
    let events = steps.iter().flat_map(|s| s.events.clone()).collect();
    let lines = steps.iter().flat_map(|s| s.lines.clone()).collect();
    (events, lines)
}

/// The one game of a one-game test drive, event by event.
fn drive_log(arena: &Arena) -> Vec<Event> {
    let options = DriveOptions {
        bots: BOTS.to_vec(),
        games: 1,
        seed: SEED,
        turn_cap: TURNS,
        threads: 1,
        options: true,
    };
    let log = Mutex::new(Vec::new());
    let result = drive_with(arena, &options, &|_| true, &|g, _, events| {
        assert_eq!(g, 0, "a one-game drive plays game 0");
        if let Ok(mut log) = log.lock() {
            log.extend_from_slice(events);
        }
    });
    let Ok((stats, _)) = result else {
        panic!("the drive failed")
    };
    assert_eq!(stats.games, 1);
    log.into_inner().unwrap_or_default()
}

/// `factory-floor play --log` as the binary prints it: (stdout lines, exit code).
fn play_binary() -> (Vec<String>, i32) {
    let bots: Vec<&str> = BOTS.iter().map(|b| b.name()).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_factory-floor"))
        .arg("play")
        .arg(course())
        .args(["--bots", &bots.join(",")])
        .args(["--seed", &SEED.to_string(), "--log"])
        .output();
    let Ok(out) = out else {
        panic!("the binary does not run")
    };
    let text = String::from_utf8_lossy(&out.stdout);
    (
        text.lines().map(str::to_string).collect(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_session_the_play_command_and_a_test_drive_play_the_same_game_event_for_event() {
    let (session_events, session_lines) = session_log(arena(&course()));
    let drive_events = drive_log(&arena(&course()));
    assert_eq!(drive_events, session_events, "the test drive's game");

    // The play command prints every event with --log, then one line per robot.
    let args = cli::play::Args {
        course: course(),
        bots: BOTS.map(|b| b.name()).join(","),
        seed: SEED,
        log: true,
        turns: TURNS,
        options: true,
        rules: Vec::new(),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(cli::play::run(&args, &mut out, &mut err), 0);
    let text = String::from_utf8_lossy(&out);
    let printed: Vec<&str> = text.lines().collect();
    let (events, outcomes) = printed.split_at(printed.len().saturating_sub(BOTS.len()));
    assert_eq!(events, session_lines, "the play command's game");
    assert!(
        outcomes
            .iter()
            .all(|l| l.contains(" finished in turn ") || l.ends_with(" did not finish")),
        "{outcomes:?}"
    );
    let (binary, code) = play_binary();
    assert_eq!(code, 0);
    assert_eq!(binary, printed, "the binary prints what the command writes");

    // A whole game was compared: robots moved, were destroyed and the game ended.
    assert!(matches!(
        session_events.last(),
        Some(Event::GameOver { .. })
    ));
    let has = |wanted: fn(&Event) -> bool| session_events.iter().any(wanted);
    assert!(has(|e| matches!(e, Event::Moved { .. })));
    assert!(has(|e| matches!(e, Event::Destroyed { .. })));
    assert!(has(|e| matches!(e, Event::Touched { .. })));
}

/// The sample course with its lives rule replaced by `lives` (the course file's `"lives"`
/// field), written beside a copy of nothing else: its tiles are the built-in ones.
fn course_with_lives(dir: &Path, lives: &str) -> PathBuf {
    let text = std::fs::read_to_string(course()).unwrap_or_default();
    let changed = text.replace("\"lives\": \"standard\"", &format!("\"lives\": {lives}"));
    assert_ne!(changed, text, "the sample course states its lives rule");
    let path = dir.join("one-life.json");
    assert!(std::fs::write(&path, changed).is_ok());
    path
}

/// Destructions per robot in each game of a drive of `games` games, from its event log.
fn destructions(arena: &Arena, games: usize) -> (Vec<BTreeMap<RobotId, usize>>, Vec<Event>) {
    let options = DriveOptions {
        bots: BOTS.to_vec(),
        games,
        seed: 100,
        turn_cap: 30,
        threads: 0,
        options: true,
    };
    let log: Mutex<Vec<(usize, Event)>> = Mutex::new(Vec::new());
    let result = drive_with(arena, &options, &|_| true, &|g, _, events| {
        if let Ok(mut log) = log.lock() {
            log.extend(events.iter().map(|&e| (g, e)));
        }
    });
    let Ok((stats, results)) = result else {
        panic!("the drive failed")
    };
    let log = log.into_inner().unwrap_or_default();
    let mut per_game = vec![BTreeMap::new(); games];
    for (g, e) in &log {
        if let Event::Destroyed { robot, .. } = e {
            *per_game[*g].entry(*robot).or_insert(0) += 1;
        }
    }
    // The statistics count the same destructions as the events.
    let counted: usize = per_game.iter().flat_map(|m| m.values()).sum();
    assert_eq!(stats.deaths_by_cause.values().sum::<usize>(), counted);
    assert_eq!(
        results.iter().map(|r| r.destroyed.len()).sum::<usize>(),
        counted
    );
    // Events of each game in order, for the caller's own checks.
    let mut ordered: Vec<(usize, Event)> = Vec::new();
    for g in 0..games {
        ordered.extend(log.iter().filter(|(k, _)| *k == g).copied());
    }
    (per_game, ordered.into_iter().map(|(_, e)| e).collect())
}

#[test]
fn a_test_drive_on_a_course_with_one_life_eliminates_each_robot_at_its_first_destruction() {
    let Ok(dir) = tempfile::tempdir() else {
        panic!("no temp dir")
    };
    let one_life = arena(&course_with_lives(dir.path(), "{\"fixed\": 1}"));
    assert_eq!(one_life.lives_for(BOTS.len()), 1);
    let (per_game, events) = destructions(&one_life, 12);
    let total: usize = per_game.iter().flat_map(|m| m.values()).sum();
    assert!(total > 0, "no robot was destroyed in 12 games");
    for (g, robots) in per_game.iter().enumerate() {
        for (robot, n) in robots {
            assert_eq!(
                *n, 1,
                "game {g}: robot {robot} destroyed {n} times with one life"
            );
        }
    }
    // Each destruction is followed by the robot's elimination, and no robot re-enters.
    let destroyed = events
        .iter()
        .filter(|e| matches!(e, Event::Destroyed { .. }))
        .count();
    let eliminated = events
        .iter()
        .filter(|e| matches!(e, Event::Eliminated { .. }))
        .count();
    assert_eq!(destroyed, eliminated);
    assert!(!events.iter().any(|e| matches!(e, Event::Reentered { .. })));

    // The same drive under the sample course's standard rule (3 lives) sees robots destroyed
    // again after re-entering: the lives rule is what made the difference.
    let (standard, _) = destructions(&arena(&course()), 12);
    assert!(
        standard.iter().flat_map(|m| m.values()).any(|&n| n > 1),
        "{standard:?}"
    );

    // The drive command reads the rule from the file too: no bot dies more often than it races.
    let path = course_with_lives(dir.path(), "{\"fixed\": 1}");
    let args = cli::drive::Args {
        course: path,
        bots: BOTS.map(|b| b.name()).join(","),
        games: 12,
        seed: 100,
        turns: 30,
        json: true,
        options: true,
        rules: Vec::new(),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(cli::drive::run(&args, &mut out, &mut err), 0);
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap_or_default();
    let by_bot = value["by_bot"].as_array().cloned().unwrap_or_default();
    assert_eq!(by_bot.len(), 3);
    for b in &by_bot {
        let (deaths, robots) = (b["deaths"].as_u64(), b["robots"].as_u64());
        assert!(robots.is_some_and(|r| r > 0) && deaths <= robots, "{b}");
    }
}

#[test]
fn validate_refuses_more_bot_games_than_the_estimate_needs_instead_of_running_for_ever() {
    // `validate --play N` plays its games one after another (a few seconds to half a minute for
    // 200): N past 10000 is refused at once, with the range, rather than run for days.
    for n in ["10001", "18446744073709551615"] {
        let out = Command::new(env!("CARGO_BIN_EXE_factory-floor"))
            .args(["validate", "--play", n])
            .arg(course())
            .output();
        let Ok(out) = out else {
            panic!("the binary does not run")
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{n}: {err}");
        assert!(
            err.contains("--play") && err.contains("10000"),
            "{n}: {err}"
        );
        assert!(out.stdout.is_empty(), "{n}: a report was printed");
    }
}

#[test]
fn render_refuses_a_dpi_of_0_as_it_refuses_a_scale_of_0() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let png = dir.path().join("x.png");
    for flag in ["--dpi", "--scale"] {
        let out = Command::new(env!("CARGO_BIN_EXE_factory-floor"))
            .args(["render", "-o"])
            .arg(&png)
            .args([flag, "0"])
            .arg(course())
            .output();
        let Ok(out) = out else {
            panic!("the binary does not run")
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {err}");
        assert!(!png.exists(), "{flag} 0 wrote a picture");
    }
}
