//! The Export dialog (issue 20): the window's Export command opens it on the shown board, and for a
//! PDF at real size it previews the pages as they will print (the grand tour on A4 at 24 mm
//! squares: 5 pages across, 3 down, as `render` makes them).

use egui_kittest::kittest::Queryable;
use factory_floor::app::command::{Action, Command};
use factory_floor::format::Library;
use std::path::PathBuf;

mod common;

use common::window::{builder, command, settle, window};

#[test]
fn export_opens_a_dialog_that_previews_the_pages_of_a_real_size_pdf() {
    let tour = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("courses/grand-tour.json");
    let mut h = window(
        builder([1400.0, 900.0]),
        Library::for_file(&tour),
        Some(tour),
    );
    settle(&mut h);
    assert!(
        h.query_by_label("Export...").is_none(),
        "no dialog before Export"
    );
    command(&mut h, Command::Action(Action::ExportPng));
    h.run();
    assert!(
        h.query_by_label("Export...").is_some(),
        "the dialog is open"
    );
    assert!(
        h.query_by_label("15 page(s): 5 across, 3 down, A4 portrait")
            .is_some(),
        "the page preview says how the board falls on the pages"
    );
    // The course sheet is offered: the course has a file to make it from.
    assert!(h.query_by_label("Course sheet").is_some());
    // To look at it: EXPORT_DIALOG_SHOT=/tmp/dialog.png cargo test --test export_dialog
    if let Ok(path) = std::env::var("EXPORT_DIALOG_SHOT")
        && let Ok(image) = h.render()
    {
        let _ = image.save(path);
    }
}
