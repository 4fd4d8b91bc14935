//! Editor frame time (issue 5): one whole frame of the real app showing the six-tile sample course,
//! the CPU part of what a frame costs: egui running every panel and painting the board, then
//! tessellating the shapes into meshes for the GPU. The best line is shown, and the thumbnails of the
//! library are in the list.

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use factory_floor::app::App;
use factory_floor::format::Library;
use std::hint::black_box;
use std::path::Path;

fn editor_frame(c: &mut Criterion) {
    let course = Path::new(env!("CARGO_MANIFEST_DIR")).join("courses/grand-tour.json");
    let mut harness: Harness<'static, App> = Harness::builder()
        .with_size([1600.0, 1000.0])
        // Validation answers from a worker thread and asks for a repaint: a few more frames.
        .with_max_steps(24)
        .build_eframe(move |cc| App::with_library(cc, Library::builtin(), Some(course.clone())));
    harness.run();
    // Measure the frame with the problem list and the best line in it, once they are back.
    while harness.state().analysis_pending() {
        std::thread::sleep(std::time::Duration::from_millis(2));
        harness.run();
    }
    let ctx = harness.ctx.clone();
    harness.state_mut().command(
        &ctx,
        factory_floor::app::command::Command::Action(
            factory_floor::app::command::Action::ToggleBestLine,
        ),
    );
    harness.run();
    assert!(
        harness.state().solution().is_some() && harness.state().state().show_path,
        "the bench draws the best line too"
    );
    let shown = harness.state().shown_name().unwrap_or_default().to_string();
    assert_eq!(
        shown, "Grand Tour",
        "the bench must draw the six-tile course"
    );
    let pixels_per_point = harness.ctx.pixels_per_point();
    c.bench_function("editor_frame_six_tile_course", |b| {
        b.iter(|| {
            harness.step();
            let shapes = harness.output().shapes.clone();
            let meshes = harness.ctx.tessellate(shapes, pixels_per_point);
            black_box(meshes.len())
        })
    });
    // Issue 19: the pointer moving over the board, a new position every frame (the square under
    // it, the status bar and the previews change; the board's cached mesh does not).
    let canvas = harness
        .state()
        .view()
        .canvas()
        .expect("the canvas is drawn");
    let mut k = 0u32;
    c.bench_function("editor_frame_six_tile_course_pointer_moving", |b| {
        b.iter(|| {
            k = k.wrapping_add(1);
            let t = (k % 400) as f32 / 400.0;
            let pos = canvas.min + egui::vec2(t * canvas.width(), (1.0 - t) * canvas.height());
            harness.hover_at(pos);
            harness.step();
            let shapes = harness.output().shapes.clone();
            let meshes = harness.ctx.tessellate(shapes, pixels_per_point);
            black_box(meshes.len())
        })
    });
}

/// The play view (issue 6) four turns into a game of four bots on the 2 x 2 course: the board,
/// four robots, the robot panel and a long event log, drawn every frame while a game plays.
fn play_frame(c: &mut Criterion) {
    use factory_floor::app::command::{Action, Command};
    use factory_floor::app::play::session::Controller;
    use factory_floor::bots::BotKind;
    let mut harness: Harness<'static, App> = Harness::builder()
        .with_size([1600.0, 1000.0])
        .build_eframe(|cc| App::with_library(cc, Library::builtin(), None));
    harness.run();
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .command(&ctx, Command::Action(Action::PlayView));
    let Some(play) = harness.state_mut().play_mut() else {
        panic!("the play view did not open on the sample course");
    };
    play.setup.robots = vec![
        Controller::Bot(BotKind::Planner),
        Controller::Bot(BotKind::Greedy),
        Controller::Bot(BotKind::Random),
        Controller::Bot(BotKind::Random),
    ];
    assert!(play.start(), "the game starts");
    play.step_quietly(28);
    harness.run();
    let pixels_per_point = harness.ctx.pixels_per_point();
    c.bench_function("play_frame_four_bots_four_turns", |b| {
        b.iter(|| {
            harness.step();
            let shapes = harness.output().shapes.clone();
            let meshes = harness.ctx.tessellate(shapes, pixels_per_point);
            black_box(meshes.len())
        })
    });
}

criterion_group!(benches, editor_frame, play_frame);
criterion_main!(benches);
