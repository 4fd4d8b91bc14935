//! Issue 18's house rules in the play view, driven through egui_kittest: a person picks which
//! start options to keep (deal N, keep K), the Three Minute Rule's countdown completes a late
//! program with random unplayed cards and the turn goes on (seed 003 section 8.4, timed on a
//! clock the test moves), and Secret Options shows another seat's options face down until
//! used (seed 003 section 8.4).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use factory_floor::app::App;
use factory_floor::app::play::session::{Controller, Session, StepKind};
use factory_floor::bots::BotKind;
use factory_floor::engine::{Card, Choices, Event, OptionCard, OptionSet};
use factory_floor::format::Library;
use factory_floor::race::{Clock, RaceClock};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

mod common;

use common::window::window;

/// The standard sample course under the house rules `house` (the rules section's JSON object),
/// written to a temporary folder.
fn course_with(dir: &tempfile::TempDir, house: &str) -> PathBuf {
    let sample = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("courses/standard-2x2.json");
    let text = std::fs::read_to_string(&sample).expect("the sample course reads");
    let rules = format!("\"rules\": {{\"edition\": \"classic-1994\", \"house\": {house}}}");
    let text = text.replace("\"rules\": \"classic-1994\"", &rules);
    assert!(text.contains(house), "the rules went in");
    let path = dir.path().join("house.course.json");
    std::fs::write(&path, text).expect("the course writes");
    path
}

/// The window on `file`, in the play view with `robots` set up (not started).
fn play_view(file: PathBuf, robots: Vec<Controller>) -> Harness<'static, App> {
    let mut h = window(
        Harness::builder()
            .with_size([1600.0, 1000.0])
            .with_max_steps(400),
        Library::builtin(),
        Some(file),
    );
    common::window::settle(&mut h);
    h.get_by_label("Play and test drive").click();
    h.run();
    let Some(play) = h.state_mut().play_mut() else {
        panic!("the play view did not open");
    };
    play.setup.robots = robots;
    h.run();
    h
}

fn session<'a>(h: &'a Harness<'static, App>) -> &'a Session {
    match h.state().play().and_then(|p| p.session()) {
        Some(s) => s,
        None => panic!("no game"),
    }
}

/// A clock that stands still until the test moves it.
struct Manual(AtomicU64);

impl Clock for Manual {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

#[test]
fn a_person_is_dealt_three_start_options_and_keeps_the_one_picked_docs_rules_house_rules() {
    let dir = common::temp_dir();
    let file = course_with(&dir, r#"{"start-options": {"deal": 3, "keep": 1}}"#);
    let mut h = play_view(
        file,
        vec![Controller::You, Controller::Bot(BotKind::Greedy)],
    );
    h.get_by_label("Start").click();
    h.run();
    let Some(deal) = session(&h).start_deal(0) else {
        panic!("robot 1 has no start options to choose");
    };
    assert_eq!((deal.dealt.len(), deal.keep), (3, 1));
    assert_eq!(session(&h).choosing_start_options(), vec![0]);
    // The game waits for the pick, and each card shows with its rule.
    assert!(!session(&h).can_step_forward());
    h.get_by_label_contains("is dealt 3 start option card(s): keep 1 ");
    for o in &deal.dealt {
        h.get_by_label(o.name());
        h.get_by_label(o.rule_text());
    }
    let pick = deal.dealt[2];
    h.get_by_label(pick.name()).click();
    h.run();
    h.get_by_label("1 of 1 picked");
    h.get_by_label("Keep these options").click();
    h.run();
    let mut kept = OptionSet::EMPTY;
    kept.insert(pick);
    assert_eq!(session(&h).start_options_of(0), Some(kept));
    h.get_by_label("Keeps:");
    h.get_by_label("Next phase").click();
    h.run();
    let s = session(&h);
    assert_eq!(s.step().kind, StepKind::Dealt { turn: 1 });
    assert_eq!(s.game().options(0), kept, "robot 1 holds the card picked");
    // The others went back; the bot kept one of its three by its policy.
    assert_eq!(s.game().options(1).len(), 1);
    for o in deal.dealt.iter().filter(|&&o| o != pick) {
        assert!(s.step().events.iter().any(|e| matches!(
            e,
            Event::OptionDiscarded { robot: 0, option, .. } if *option == *o
        )));
    }
}

#[test]
fn three_minute_rule_a_late_program_is_completed_from_unplayed_cards_and_the_turn_goes_on_seed_003_section_8_4()
 {
    let dir = common::temp_dir();
    let file = course_with(&dir, r#"{"three-minute-rule": 60}"#);
    let mut h = play_view(
        file,
        vec![Controller::You, Controller::Bot(BotKind::Greedy)],
    );
    h.get_by_label("Start").click();
    h.run();
    let clock = Arc::new(Manual(AtomicU64::new(5_000)));
    if let Some(s) = h.state_mut().play_mut().and_then(|p| p.session_mut()) {
        s.set_clock(RaceClock::new(Arc::clone(&clock) as Arc<dyn Clock>));
    }
    h.get_by_label("Next phase").click();
    h.run();
    h.get_by_label("Time to program: 1:00");
    let hand: Vec<Card> = session(&h).game().hand(0).to_vec();
    assert_eq!(hand.len(), 9);
    // Two cards placed in time; the clock moves 45 s: 15 s left, the game still waits.
    for c in [hand[7], hand[2]] {
        h.get_by_label(&format!("{} ({})", c.kind.name(), c.priority))
            .click();
        h.run();
    }
    clock.0.store(50_000, Ordering::Relaxed);
    h.run();
    h.get_by_label("Time to program: 0:15");
    assert_eq!(session(&h).waiting_for(), vec![0]);
    // Past the minute: the program is completed and the turn goes on by itself.
    clock.0.store(65_001, Ordering::Relaxed);
    h.run();
    let s = session(&h);
    assert_eq!(s.step().kind, StepKind::Phase { turn: 1, phase: 1 });
    let registers: Vec<Card> = s.game().robots()[0]
        .registers
        .iter()
        .flatten()
        .copied()
        .collect();
    assert_eq!(registers.len(), 5);
    assert_eq!(
        &registers[..2],
        &[hand[7], hand[2]],
        "the cards placed stay"
    );
    for (k, c) in registers.iter().enumerate() {
        assert!(hand.contains(c), "register {} is not from the hand", k + 1);
        assert!(
            !registers[..k].contains(c),
            "register {} is used twice",
            k + 1
        );
    }
    // The unplayed cards that went in are not the ones placed.
    assert!(
        registers[2..]
            .iter()
            .all(|c| *c != hand[7] && *c != hand[2])
    );
}

/// How many options show face down, and which of `held` show by name.
fn shown_options(h: &Harness<'static, App>, held: OptionSet) -> (usize, Vec<OptionCard>) {
    let face_down = h.query_all_by_label("[face down]").count();
    let named = held
        .iter()
        .filter(|o| h.query_all_by_label(o.name()).count() > 0)
        .collect();
    (face_down, named)
}

#[test]
fn secret_options_another_seats_options_are_face_down_until_used_seed_003_section_8_4() {
    let dir = common::temp_dir();
    let file = course_with(&dir, r#"{"secret-options": true}"#);
    let mut h = play_view(
        file,
        vec![Controller::You, Controller::Bot(BotKind::Random)],
    );
    let mine: OptionSet = [OptionCard::Shield, OptionCard::Flywheel]
        .into_iter()
        .collect();
    let theirs: OptionSet = [
        OptionCard::Brakes,
        OptionCard::FourthGear,
        OptionCard::ReverseGears,
        OptionCard::CrabLegs,
    ]
    .into_iter()
    .collect();
    if let Some(p) = h.state_mut().play_mut() {
        p.setup.start_options = vec![mine, theirs];
    }
    h.run();
    h.get_by_label("Start").click();
    h.run();
    // Your own options by name, the bot's four face down.
    let (face_down, named) = shown_options(&h, theirs);
    assert_eq!((face_down, named), (4, vec![]));
    for o in mine.iter() {
        h.get_by_label(o.name());
    }
    // Play on (your robot plays the first cards of its hand) until the bot uses an option.
    let mut used = None;
    for _ in 0..200 {
        let Some(s) = h.state_mut().play_mut().and_then(|p| p.session_mut()) else {
            panic!("no game");
        };
        if s.waiting_for() == vec![0] {
            let n = s.game().program_size(0);
            let cards = s.game().hand(0)[..n].to_vec();
            let policy = s.game().choices(0).policy;
            let choices = Choices {
                policy,
                ..Choices::default()
            };
            assert!(s.set_program(0, &cards, false, &choices).is_ok());
        }
        assert!(
            s.step_forward(),
            "the game stopped before the bot used an option"
        );
        used = s.step().events.iter().find_map(|e| match e {
            Event::OptionUsed {
                robot: 1, option, ..
            } => Some(*option),
            _ => None,
        });
        if used.is_some() {
            break;
        }
        // Until then every option the bot holds stays face down.
        let held = s.game().options(1);
        h.run();
        let (face_down, named) = shown_options(&h, held);
        assert_eq!((face_down, named), (held.len(), vec![]));
    }
    let Some(used) = used else {
        panic!("the bot never used an option");
    };
    h.run();
    let held = session(&h).game().options(1);
    assert!(held.contains(used), "{used} is still held after its use");
    let (face_down, named) = shown_options(&h, held);
    assert_eq!(named, vec![used], "the option used is face up");
    assert_eq!(face_down, held.len() - 1, "the rest stay face down");
    for o in mine.iter() {
        h.get_by_label(o.name());
    }
}
