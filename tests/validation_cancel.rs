//! Issue 17 item 7: in the window any validation can be cancelled and shows progress. The
//! largest course the format allows (5 x 5 synthetic tiles of 64 x 64) is opened; while its
//! check runs the panel shows a progress bar with the stage; Cancel stops the worker thread itself
//! (not only the result) and the panel says the check was cancelled. And items 1 and 2 in the
//! window: each flag's slice of the whole line beside the leg's own minimum, and the line a
//! typical hand allows, as the report gives them.

#[path = "../benches/common/synthetic.rs"]
mod synthetic;

mod common;

use common::window::{builder, settle, window};
use egui_kittest::kittest::Queryable;
use factory_floor::format::{Library, course_to_string};
use std::time::{Duration, Instant};

#[test]
fn cancel_stops_the_check_of_the_largest_course_and_the_panel_says_so() {
    let dir = common::temp_dir();
    let file = dir.path().join("largest.json");
    let written = std::fs::write(&file, course_to_string(&synthetic::course(320, 1)));
    assert!(written.is_ok(), "cannot write {}", file.display());
    let mut h = window(
        builder([1600.0, 1000.0]),
        Library::builtin(),
        Some(file.clone()),
    );
    h.run();
    // The check is under way on its worker, with its stage on show.
    let start = Instant::now();
    while !h.state().analyser().worker_working() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the check never started"
        );
        std::thread::sleep(Duration::from_millis(5));
        h.run();
    }
    // The course carries tiles the library does not have: leave them out of it.
    if let Some(not_now) = h.query_by_label("Not now") {
        not_now.click();
        h.run();
    }
    assert!(h.state().analysis_pending());
    assert!(
        h.query_by_label_contains("stage ").is_some(),
        "no stage shown"
    );
    h.get_by_label("Cancel").click();
    h.run();
    // The worker itself stops, long before the whole check could have ended.
    let cancelled = Instant::now();
    while h.state().analyser().worker_working() {
        assert!(
            cancelled.elapsed() < Duration::from_secs(10),
            "the worker did not stop"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run();
    assert!(!h.state().analysis_pending());
    assert!(h.state().analyser().was_cancelled());
    assert!(
        h.query_by_label_contains("Check cancelled").is_some(),
        "the panel does not say the check was cancelled"
    );
    // No check of this course ever finished: its problems are not known, and the panel does
    // not say there are none.
    assert!(!h.state().analyser().has_finished());
    assert!(
        h.query_by_label_contains("No problems").is_none(),
        "a course never checked is said to have no problems"
    );
    assert!(
        h.query_by_label_contains("Not checked yet").is_some(),
        "the panel does not say the course is not checked yet"
    );
}

#[test]
fn the_panel_shows_each_flags_slice_and_own_minimum_and_the_typical_hand_line() {
    use factory_floor::format::load_document;
    use factory_floor::validate::analyse;
    let file = common::path("courses/grand-tour.json");
    let Ok(factory_floor::format::Document::Course(course)) = load_document(&file) else {
        panic!("the grand tour does not load")
    };
    let lib = Library::builtin();
    let Some(s) = analyse(&course, &lib).solution else {
        panic!("the grand tour is not solved")
    };
    let mut h = window(builder([1600.0, 1000.0]), lib, Some(file));
    settle(&mut h);
    h.get_by_label("Each flag");
    h.get_by_label("own minimum");
    let Some(t) = s
        .typical
        .as_ref()
        .and_then(|t| t.registers.map(|r| (r, t.damage)))
    else {
        panic!("no typical-hand line on the grand tour")
    };
    h.get_by_label(&format!(
        "With a typical hand: {} register phase(s), {} damage.",
        t.0, t.1
    ));
    // A row a flag: its slice of the whole line, then the leg's own minimum.
    for (leg, m) in s.legs.iter().zip(&s.leg_minima) {
        let slice = format!("{}, {} damage", leg.registers, leg.damage);
        assert!(
            h.query_all_by_label(&slice).next().is_some(),
            "flag {}: {slice} not shown",
            leg.flag
        );
        let Some(own) = m.registers else {
            panic!("flag {}: no own minimum", m.flag)
        };
        assert!(own <= leg.registers, "flag {}", m.flag);
        assert!(
            h.query_all_by_label(&own.to_string()).next().is_some(),
            "flag {}: {own} not shown",
            m.flag
        );
    }
}
