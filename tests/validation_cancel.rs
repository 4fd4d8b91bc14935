//! Issue 17 item 7: in the window any validation can be cancelled and shows progress. The
//! largest course the format allows (5 x 5 synthetic tiles of 64 x 64) is opened; while its
//! check runs the panel shows a progress bar with the stage; Cancel stops the worker thread itself
//! (not only the result) and the panel says the check was cancelled.

#[path = "../benches/common/synthetic.rs"]
mod synthetic;

mod common;

use common::window::{builder, window};
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
}
