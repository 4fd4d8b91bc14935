//! The app in an egui_kittest window: building it, board points on the screen, and frames run
//! until the off-frame validation is back.

use egui::Pos2;
use egui_kittest::{Harness, HarnessBuilder};
use factory_floor::app::App;
use factory_floor::app::canvas::board_size;
use factory_floor::app::command::Command;
use factory_floor::format::Library;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A window of `size` for the editor.
pub fn builder(size: [f32; 2]) -> HarnessBuilder<App> {
    Harness::builder()
        // Validation answers from a worker thread and asks for a repaint: a run may take a few
        // more frames than egui's default budget of four.
        .with_max_steps(24)
        .with_size(size)
}

/// The app on `library`, opening `file` as if it were named on the command line.
pub fn window(
    builder: HarnessBuilder<App>,
    library: Library,
    file: Option<PathBuf>,
) -> Harness<'static, App> {
    builder.build_eframe(move |cc| App::with_library(cc, library, file))
}

/// The screen position of a board point in the app's current view.
pub fn screen_pos(app: &App, board_pos: Pos2) -> Pos2 {
    let (Some(canvas), Some(shown)) = (app.view().canvas(), app.shown()) else {
        panic!("nothing is shown");
    };
    app.view()
        .screen_from_board(canvas, board_size(&shown.board))
        .transform_pos(board_pos)
}

/// The board point under a screen position in the app's current view.
pub fn board_pos(app: &App, screen: Pos2) -> Pos2 {
    let (Some(canvas), Some(shown)) = (app.view().canvas(), app.shown()) else {
        panic!("nothing is shown");
    };
    app.view()
        .screen_from_board(canvas, board_size(&shown.board))
        .inverse()
        .transform_pos(screen)
}

/// The screen position of the board point (x, y) in the window's current view.
pub fn screen(h: &Harness<'static, App>, x: f32, y: f32) -> Pos2 {
    screen_pos(h.state(), Pos2::new(x, y))
}

/// Runs frames until the course's validation, which runs off the frame, has come back.
pub fn settle(h: &mut Harness<'static, App>) {
    let start = Instant::now();
    h.run();
    while h.state().analysis_pending() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "validation never came back"
        );
        std::thread::sleep(Duration::from_millis(2));
        h.run();
    }
}

/// Runs `command` as a menu or shortcut would, then a frame.
pub fn command(h: &mut Harness<'static, App>, command: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().command(&ctx, command);
    h.run();
}

/// An eframe storage in memory, as the app's settings file would hold it.
#[derive(Default)]
pub struct MemoryStorage(pub HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}
