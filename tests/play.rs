//! The play view driven through egui_kittest (issue 6's acceptance list): start a game of two
//! bots and step a phase to see a robot move, go back on the timeline and see the earlier state,
//! program a "you" robot by clicking cards, test-drive a few games to the statistics, and export
//! them as JSON and CSV.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use factory_floor::app::App;
use factory_floor::app::play::drive_panel::{
    ExportFormat, results_csv, results_json, write_results,
};
use factory_floor::app::play::session::{Controller, StepKind};
use factory_floor::bots::BotKind;
use factory_floor::engine::{Card, Robot, Stage};
use factory_floor::format::Library;
use std::time::{Duration, Instant};

fn harness() -> Harness<'static, App> {
    Harness::builder()
        .with_size([1600.0, 1000.0])
        .with_max_steps(400)
        .build_eframe(|cc| App::with_library(cc, Library::builtin(), None))
}

/// Opens the play view from the top bar on the sample course.
fn open_play(h: &mut Harness<'static, App>) {
    h.get_by_label("Play and test drive").click();
    h.run();
    assert!(h.state().play().is_some(), "the play view opened");
}

fn robots(h: &Harness<'static, App>) -> Vec<Robot> {
    let Some(s) = h.state().play().and_then(|p| p.session()) else {
        panic!("no game");
    };
    s.game().robots().to_vec()
}

fn cursor(h: &Harness<'static, App>) -> usize {
    h.state()
        .play()
        .and_then(|p| p.session())
        .map_or(usize::MAX, |s| s.cursor())
}

fn card_label(c: Card) -> String {
    format!("{} ({})", c.kind.name(), c.priority)
}

#[test]
fn f5_opens_the_play_view_and_back_to_editor_closes_it() {
    let mut h = harness();
    h.key_press(egui::Key::F5);
    h.run();
    assert!(h.state().play().is_some());
    h.get_by_label("Back to editor").click();
    h.run();
    assert!(h.state().play().is_none());
    // The editor's canvas is back.
    h.get_by_label("Board view");
}

#[test]
fn two_bots_start_and_a_phase_step_moves_a_robot_with_the_animation_running() {
    let mut h = harness();
    open_play(&mut h);
    h.get_by_label("Start").click();
    h.run();
    let setup = &h.state().play().map(|p| p.setup.robots.clone());
    assert_eq!(
        setup.as_deref(),
        Some(
            &[
                Controller::Bot(BotKind::Planner),
                Controller::Bot(BotKind::Greedy)
            ][..]
        )
    );
    let start = robots(&h);
    assert_eq!(start.len(), 2);
    h.get_by_label("Next phase").click();
    h.step();
    let dealt = robots(&h);
    assert_eq!(
        h.state()
            .play()
            .and_then(|p| p.session())
            .map(|s| s.step().kind),
        Some(StepKind::Dealt { turn: 1 })
    );
    h.get_by_label("Next phase").click();
    h.step();
    let Some(s) = h.state().play().and_then(|p| p.session()) else {
        panic!("no game");
    };
    assert_eq!(s.step().kind, StepKind::Phase { turn: 1, phase: 1 });
    let moved: Vec<usize> = (0..2)
        .filter(|&i| {
            let (a, b) = (s.game().robots()[i], dealt[i]);
            a.square != b.square || a.facing != b.facing
        })
        .collect();
    assert!(!moved.is_empty(), "no robot moved or turned in phase 1");
    // The step is being animated from the engine's events, then settles.
    assert!(h.state().play().is_some_and(|p| p.is_animating()));
    h.run();
    assert!(h.state().play().is_some_and(|p| !p.is_animating()));
}

#[test]
fn stepping_back_on_the_timeline_shows_the_earlier_state_and_forward_the_same_later_one() {
    let mut h = harness();
    open_play(&mut h);
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Next turn").click();
    h.run();
    assert_eq!(cursor(&h), 7, "dealt, five phases and the end of turn");
    let after_turn = robots(&h);
    let earlier: Vec<Vec<Robot>> = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| {
            s.steps()
                .iter()
                .map(|st| st.game.robots().to_vec())
                .collect()
        })
        .unwrap_or_default();
    h.get_by_label("Previous step").click();
    h.run();
    h.get_by_label("Previous step").click();
    h.run();
    assert_eq!(cursor(&h), 5);
    assert_eq!(robots(&h), earlier[5]);
    assert_eq!(
        h.state()
            .play()
            .and_then(|p| p.session())
            .map(|s| s.game().stage()),
        Some(Stage::Phase(4))
    );
    h.get_by_label("Next phase").click();
    h.run();
    h.get_by_label("Next phase").click();
    h.run();
    assert_eq!(cursor(&h), 7);
    assert_eq!(robots(&h), after_turn);
    // A line of the event log jumps the timeline to its step (the log scrolls to the step shown
    // and keeps the later steps listed).
    for _ in 0..4 {
        h.get_by_label("Previous step").click();
        h.run();
    }
    assert_eq!(cursor(&h), 3);
    let line = h
        .state()
        .play()
        .and_then(|p| p.session())
        .and_then(|s| s.steps()[4].lines.first().cloned())
        .unwrap_or_default();
    h.get_by_label(&format!("  {line}")).click();
    h.run();
    assert_eq!(cursor(&h), 4);
    assert_eq!(robots(&h), earlier[4]);
}

#[test]
fn a_you_robot_is_programmed_by_clicking_cards_and_the_engine_accepts_it() {
    let mut h = harness();
    open_play(&mut h);
    // Robot 1 becomes "you" (the first "you" button is robot 1's).
    if let Some(n) = h.get_all_by_label("you").next() {
        n.click();
    }
    h.run();
    assert_eq!(
        h.state().play().map(|p| p.setup.robots[0]),
        Some(Controller::You)
    );
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Next phase").click();
    h.run();
    let hand: Vec<Card> = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().hand(0).to_vec())
        .unwrap_or_default();
    assert_eq!(
        hand.len(),
        9,
        "an undamaged robot is dealt 9 cards (seed 000)"
    );
    // The game waits for the program.
    assert!(
        h.get_by_label("Next phase").accesskit_node().is_disabled(),
        "Next phase waits for your program"
    );
    let chosen = [hand[8], hand[0], hand[3], hand[5], hand[1]];
    for c in chosen {
        h.get_by_label(&card_label(c)).click();
        h.run();
    }
    let registers = h.state().play().map(|p| p.draft().registers.clone());
    assert_eq!(registers, Some(chosen.map(Some).to_vec()));
    h.get_by_label(&format!("R3: {}", card_label(chosen[2])));
    h.get_by_label("Submit program").click();
    h.run();
    let accepted = h
        .state()
        .play()
        .and_then(|p| p.session())
        .and_then(|s| s.program_of(0).cloned());
    assert_eq!(accepted.map(|c| c.cards), Some(chosen.to_vec()));
    h.get_by_label_contains("Program accepted");
    h.get_by_label("Next phase").click();
    h.run();
    assert_eq!(robots(&h)[0].registers, chosen.map(Some));
}

#[test]
fn taking_a_card_out_of_a_register_frees_it_for_another() {
    let mut h = harness();
    open_play(&mut h);
    if let Some(n) = h.get_all_by_label("you").next() {
        n.click();
    }
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Next phase").click();
    h.run();
    let hand: Vec<Card> = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().hand(0).to_vec())
        .unwrap_or_default();
    h.get_by_label(&card_label(hand[0])).click();
    h.run();
    h.get_by_label(&format!("R1: {}", card_label(hand[0])))
        .click();
    h.run();
    h.get_by_label("R1: empty");
    h.get_by_label(&card_label(hand[2])).click();
    h.run();
    let registers = h.state().play().map(|p| p.draft().registers.clone());
    assert_eq!(
        registers.and_then(|r| r.first().copied().flatten()),
        Some(hand[2])
    );
}

/// Steps the window until the test drive has results, for at most a minute.
fn wait_for_results(h: &mut Harness<'static, App>) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while h
        .state()
        .play()
        .is_some_and(|p| p.drive.results().is_none())
    {
        assert!(Instant::now() < deadline, "the test drive did not finish");
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_small_test_drive_runs_in_the_background_and_shows_its_statistics() {
    let mut h = harness();
    open_play(&mut h);
    h.get_by_label("Test drive").click();
    h.run();
    if let Some(p) = h.state_mut().play_mut() {
        p.drive.games = 12;
        p.drive.bots = vec![BotKind::Greedy, BotKind::Random];
    }
    // The panel is drawn again with the new settings before its button is clicked.
    h.run();
    h.get_by_label("Run").click();
    h.step();
    wait_for_results(&mut h);
    h.step();
    h.step();
    let Some(stats) = h
        .state()
        .play()
        .and_then(|p| p.drive.results())
        .map(|r| r.stats.clone())
    else {
        panic!("no results");
    };
    assert_eq!(stats.games, 12);
    assert_eq!(stats.by_bot.len(), 2);
    h.get_by_label_contains("12 games,");
    h.get_by_label_contains("Turns to finish: median");
    h.get_by_label("Deaths by cause:");
    h.get_by_label("Export JSON...");
    h.get_by_label("Export CSV...");
    // The heat map toggles between destructions and damage.
    h.get_by_label("Damage").click();
    h.run();
    assert!(
        h.state()
            .play()
            .is_some_and(|p| p.drive.heat == factory_floor::app::play::drive_panel::Heat::Damage)
    );
}

#[test]
fn cancel_stops_a_long_test_drive_and_sums_up_the_games_played() {
    let mut h = harness();
    open_play(&mut h);
    h.get_by_label("Test drive").click();
    h.run();
    if let Some(p) = h.state_mut().play_mut() {
        p.drive.games = 100_000;
    }
    h.run();
    h.get_by_label("Run").click();
    h.step();
    assert!(h.state().play().is_some_and(|p| p.drive.is_running()));
    h.get_by_label("Cancel").click();
    h.step();
    wait_for_results(&mut h);
    let Some(r) = h.state().play().and_then(|p| p.drive.results()) else {
        panic!("no results");
    };
    assert!(r.cancelled);
    assert!(r.stats.games < 100_000, "{} games", r.stats.games);
}

#[test]
fn the_exports_are_valid_json_and_csv() {
    let mut h = harness();
    open_play(&mut h);
    if let Some(p) = h.state_mut().play_mut() {
        p.drive.games = 6;
        let arena = std::sync::Arc::clone(p.arena());
        p.drive.run_now(&arena);
    }
    let Some(stats) = h
        .state()
        .play()
        .and_then(|p| p.drive.results())
        .map(|r| r.stats.clone())
    else {
        panic!("no results");
    };
    let json: serde_json::Value =
        serde_json::from_str(&results_json(&stats).expect("json")).expect("valid JSON");
    assert_eq!(json["games"], 6);
    assert_eq!(
        json["destroyed"].as_array().map(Vec::len),
        Some(stats.height as usize)
    );
    let csv = results_csv(&stats);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("metric,bot,x,y,value"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(rows.iter().all(|r| r.len() == 5), "{csv}");
    assert!(
        rows.iter().all(
            |r| r[4].parse::<f64>().is_ok() && (r[2].is_empty() || r[2].parse::<u32>().is_ok())
        ),
        "{csv}"
    );
    assert!(rows.contains(&vec!["games", "all", "", "", "6"]));
    let median = rows
        .iter()
        .find(|r| r[0] == "turns_median" && r[1] == "all")
        .map(|r| r[4].parse::<f64>().unwrap_or(-1.0));
    assert_eq!(median, Some(stats.turns_to_finish.median));
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, format) in [("r.json", ExportFormat::Json), ("r.csv", ExportFormat::Csv)] {
        let path = dir.path().join(name);
        write_results(&path, &stats, format).expect("written");
        let text = std::fs::read_to_string(&path).expect("read back");
        match format {
            ExportFormat::Json => assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok()),
            ExportFormat::Csv => assert_eq!(text, csv),
        }
    }
    // The panel's own export writes the same file.
    let path = dir.path().join("panel.csv");
    let written = h
        .state_mut()
        .play_mut()
        .map(|p| p.drive.export_to(&path, ExportFormat::Csv));
    assert_eq!(written, Some(Ok(())));
    assert_eq!(std::fs::read_to_string(&path).ok(), Some(csv));
}

#[test]
fn a_tile_cannot_be_played_and_says_why() {
    let mut h = harness();
    h.get_by_label("Play and test drive").click();
    h.run();
    assert!(h.state().play().is_some(), "the sample course plays");
    h.key_press(egui::Key::F5);
    h.run();
    // Open a tile, then ask for the play view.
    h.state_mut().command(
        &egui::Context::default(),
        factory_floor::app::command::Command::Show(factory_floor::app::command::Entry::Tile(0)),
    );
    h.run();
    h.key_press(egui::Key::F5);
    h.run();
    assert!(h.state().play().is_none());
    assert!(
        h.state()
            .errors()
            .iter()
            .any(|e| e.contains("plays a course"))
    );
}

#[test]
fn a_card_dragged_onto_a_register_goes_into_that_register() {
    let mut h = harness();
    open_play(&mut h);
    if let Some(n) = h.get_all_by_label("you").next() {
        n.click();
    }
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Next phase").click();
    h.run();
    let hand: Vec<Card> = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().hand(0).to_vec())
        .unwrap_or_default();
    let from = h.get_by_label(&card_label(hand[4])).rect().center();
    let to = h.get_by_label("R3: empty").rect().center();
    h.drag_at(from);
    h.step();
    for k in 1..=8 {
        h.hover_at(from + (to - from) * (k as f32 / 8.0));
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run();
    let registers = h.state().play().map(|p| p.draft().registers.clone());
    assert_eq!(
        registers,
        Some(vec![None, None, Some(hand[4]), None, None]),
        "the card went into register 3, not the first empty one"
    );
    h.get_by_label(&format!("R3: {}", card_label(hand[4])));
}

#[test]
fn play_steps_on_its_own_and_pause_stops_it() {
    let mut h = harness();
    open_play(&mut h);
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Play").click();
    // Each frame is a quarter of a second: enough for several animated steps.
    h.run_steps(60);
    let moved_to = cursor(&h);
    assert!(moved_to >= 3, "only {moved_to} steps in 15 seconds");
    h.get_by_label("Pause").click();
    h.run_steps(2);
    let paused_at = cursor(&h);
    h.run_steps(20);
    assert_eq!(cursor(&h), paused_at, "paused: no more steps");
}

#[test]
fn zoom_in_in_the_play_view_zooms_the_play_board() {
    let mut h = harness();
    open_play(&mut h);
    h.get_by_label("Start").click();
    h.run();
    let before = h.state().play().map(|p| p.board_view().zoom());
    let editor_before = h.state().view().zoom();
    h.get_by_label("Zoom in").click();
    h.run();
    let after = h.state().play().map(|p| p.board_view().zoom());
    assert!(after > before, "{before:?} -> {after:?}");
    assert_eq!(
        h.state().view().zoom(),
        editor_before,
        "the hidden editor keeps its zoom"
    );
}
