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
use factory_floor::engine::{
    Card, CardKind, ChoiceError, OptionCard, ProgramError, Robot, Side, Stage,
};
use factory_floor::format::Library;
use std::time::{Duration, Instant};

mod common;

use common::window::window;

fn harness() -> Harness<'static, App> {
    window(
        Harness::builder()
            .with_size([1600.0, 1000.0])
            .with_max_steps(400),
        Library::builtin(),
        None,
    )
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
    let dir = common::temp_dir();
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

/// Robot 1 becomes "you" and starts with `held` options (the setup's start options).
fn start_you_with_options(h: &mut Harness<'static, App>, held: &[OptionCard]) {
    open_play(h);
    if let Some(n) = h.get_all_by_label("you").next() {
        n.click();
    }
    h.run();
    if let Some(p) = h.state_mut().play_mut() {
        p.setup.start_options = vec![held.iter().copied().collect()];
    }
    h.get_by_label("Start").click();
    h.run();
    h.get_by_label("Next phase").click();
    h.run();
}

fn hand_of(h: &Harness<'static, App>, id: usize) -> Vec<Card> {
    h.state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().hand(id).to_vec())
        .unwrap_or_default()
}

/// Issue 8: the robot panel shows the options "you" hold (rule text on hover); the Shield side
/// and Brakes are chosen beside the registers, a Brakes box left on a register whose Move 1 was
/// taken out is refused with the engine's own message and not submitted, and the accepted
/// choices are the engine's `choices(id)` once the turn runs.
#[test]
fn a_you_robot_with_options_sees_them_chooses_and_the_engine_keeps_the_choices() {
    let mut h = harness();
    start_you_with_options(&mut h, &[OptionCard::Shield, OptionCard::Brakes]);
    h.get_by_label("Shield");
    h.get_by_label("Brakes");
    let hand = hand_of(&h, 0);
    let Some(move1) = hand.iter().copied().find(|c| c.kind == CardKind::Move1) else {
        panic!("seed 1 deals robot 1 a Move 1: {hand:?}");
    };
    let mut others: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| c.kind != CardKind::Move1)
        .collect();
    assert!(others.len() >= 5, "enough other cards: {hand:?}");
    let program = [move1, others[0], others[1], others[2], others[3]];
    for c in program {
        h.get_by_label(&card_label(c)).click();
        h.run();
    }
    h.get_by_label("left").click();
    h.run();
    h.get_by_label("R1: Move 0 (Brakes)").click();
    h.run();
    // The Move 1 goes out of register 1 and another card in: Brakes no longer fits.
    h.get_by_label(&format!("R1: {}", card_label(move1)))
        .click();
    h.run();
    let other = others.remove(4);
    h.get_by_label(&card_label(other)).click();
    h.run();
    h.get_by_label("Submit program").click();
    h.run();
    let expected = ChoiceError::WrongCard {
        option: OptionCard::Brakes,
        register: 1,
        needs: "a Move 1",
    };
    let shown = h
        .state()
        .play()
        .and_then(|p| p.draft().verdict.clone())
        .unwrap_or_default();
    assert!(
        shown.contains(&ProgramError::Choice(expected).to_string()),
        "the engine's message is shown: {shown}"
    );
    assert!(
        h.state()
            .play()
            .and_then(|p| p.session())
            .is_some_and(|s| s.program_of(0).is_none()),
        "a refused program is not submitted"
    );
    // Untick it (the box stays shown while ticked) and submit again.
    h.get_by_label("R1: Move 0 (Brakes)").click();
    h.run();
    h.get_by_label("Submit program").click();
    h.run();
    h.get_by_label_contains("Program accepted");
    h.get_by_label("Next phase").click();
    h.run();
    let choices = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().choices(0));
    assert_eq!(choices.and_then(|c| c.shield), Some(Side::Left));
    assert!(choices.is_some_and(|c| c.brakes.is_empty()));
}

/// Issue 8: Brakes chosen on a register holding a Move 1 reaches the engine.
#[test]
fn brakes_ticked_beside_a_move_1_is_the_engines_choice() {
    let mut h = harness();
    start_you_with_options(&mut h, &[OptionCard::Brakes]);
    let hand = hand_of(&h, 0);
    let Some(k) = hand.iter().position(|c| c.kind == CardKind::Move1) else {
        panic!("seed 1 deals robot 1 a Move 1: {hand:?}");
    };
    let mut program = vec![hand[k]];
    program.extend(hand.iter().copied().filter(|c| *c != hand[k]).take(4));
    for &c in &program {
        h.get_by_label(&card_label(c)).click();
        h.run();
    }
    // Only register 1 holds a Move 1 unless another was dealt.
    let boxes = h.get_all_by_label_contains("(Brakes)").count();
    let move1s = program.iter().filter(|c| c.kind == CardKind::Move1).count();
    assert_eq!(boxes, move1s, "a Brakes box per register holding a Move 1");
    h.get_by_label("R1: Move 0 (Brakes)").click();
    h.run();
    h.get_by_label("Submit program").click();
    h.run();
    h.get_by_label("Next phase").click();
    h.run();
    let brakes = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().choices(0).brakes);
    assert!(brakes.is_some_and(|b| b.contains(1) && b.iter().count() == 1));
}

/// Issue 8: "Game setting to play without options": the new game's "Option cards" box off gives
/// a game whose `Settings::options` is false (and robots hold no start options); the test drive
/// has its own box, on by default.
#[test]
fn the_option_cards_box_off_starts_a_game_without_options() {
    let mut h = harness();
    open_play(&mut h);
    assert!(h.state().play().is_some_and(|p| p.setup.options));
    if let Some(p) = h.state_mut().play_mut() {
        p.setup.start_options = vec![[OptionCard::Shield].into_iter().collect()];
    }
    h.get_by_label("Option cards").click();
    h.run();
    h.get_by_label("Start").click();
    h.run();
    let game = h
        .state()
        .play()
        .and_then(|p| p.session())
        .map(|s| s.game().clone());
    let Some(game) = game else {
        panic!("no game");
    };
    assert!(!game.settings.options);
    assert!(game.options(0).is_empty());
    h.get_by_label("Test drive").click();
    h.run();
    assert!(h.state().play().is_some_and(|p| p.drive.options));
    h.get_by_label("Option cards").click();
    h.run();
    assert!(h.state().play().is_some_and(|p| !p.drive.options));
}

/// Issue 8, Recompile: the button beside the registers has the engine deal a new hand for a
/// point of damage, through the session (a step of the timeline); a second use is refused with
/// the engine's message.
#[test]
fn the_recompile_button_deals_a_new_hand_through_the_engine() {
    let mut h = harness();
    start_you_with_options(&mut h, &[OptionCard::Recompile]);
    let before = hand_of(&h, 0);
    h.get_by_label("Recompile now").click();
    h.run();
    let after = hand_of(&h, 0);
    assert_eq!(after.len(), 8, "9 minus the point of damage");
    assert_ne!(after[..], before[..8]);
    assert_eq!(robots(&h)[0].damage, 1);
    assert_eq!(
        h.state()
            .play()
            .and_then(|p| p.session())
            .map(|s| s.step().kind),
        Some(StepKind::Recompiled { turn: 1, robot: 0 })
    );
    h.get_by_label("Recompile now").click();
    h.run();
    let shown = h
        .state()
        .play()
        .and_then(|p| p.draft().verdict.clone())
        .unwrap_or_default();
    assert!(
        shown.contains(&ChoiceError::RecompileUsed.to_string()),
        "{shown}"
    );
}
