//! `factory-floor --screenshot OUT.png`: open the window, let it settle for a few frames, save a
//! picture of it and close. For the README, the docs and window checks.

use super::App;
use crate::app::command::Entry;
use crate::app::state::State;
use crate::format::{Library, save_atomic};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What `--screenshot` shows when no file is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenshotView {
    /// The sample course in the course composer.
    Course,
    /// The first library tile in the tile editor.
    Tile,
    /// The play view on the course, a game of sample bots a few phases in.
    Play,
    /// The play view's test-drive results on the course (a small drive run first).
    Drive,
    /// The play view with a "you" robot holding options, programming its first turn.
    PlayOptions,
}

/// What a screenshot shows besides the document: for the docs' pictures of the features.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScreenshotExtras {
    /// Draw the solver's best line on the course.
    pub best_line: bool,
    /// Open this placed tile of the course in the tile editor, the course beside it.
    pub edit_placed: Option<usize>,
}

/// Opens the window on `file` (or on `view`'s sample), draws a few frames, saves a picture of the
/// window to `out` and closes. Runs apart from the user's saved window state and crash recovery.
pub fn run_screenshot(
    out: PathBuf,
    file: Option<PathBuf>,
    view: ScreenshotView,
    size: [f32; 2],
    extras: ScreenshotExtras,
) -> Result<(), String> {
    let plan = ScreenshotPlan::new(out);
    let outcome = std::sync::Arc::clone(&plan.outcome);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_app_id("factory-floor-screenshot")
            .with_title("factory-floor")
            .with_inner_size(size),
        persist_window: false,
        ..Default::default()
    };
    let mut plan = Some(plan);
    eframe::run_native(
        "factory-floor-screenshot",
        options,
        Box::new(move |cc| {
            let show_first_tile = file.is_none() && view == ScreenshotView::Tile;
            // The same picture on every run: nothing from earlier screenshots' settings or panel
            // sizes (eframe keeps egui's memory even under this separate app id).
            cc.egui_ctx.memory_mut(|m| *m = egui::Memory::default());
            let mut app = App::with_state(cc, Library::builtin(), file, State::default());
            if show_first_tile && !app.ws.library.tiles.is_empty() {
                app.ws.open_entry(Entry::Tile(0));
            }
            if extras.best_line {
                app.ws.settings.show_path = true;
                app.ws.rebuild();
            }
            if let Some(index) = extras.edit_placed {
                app.ws.edit_placed_tile(index);
            }
            app.follow_document();
            match view {
                ScreenshotView::Play => app.show_play_sample(PLAY_STEPS),
                ScreenshotView::Drive => app.show_drive_sample(DRIVE_GAMES),
                ScreenshotView::PlayOptions => app.show_play_options_sample(),
                _ => {}
            }
            app.screenshot = plan.take();
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| format!("cannot open the window: {e}"))?;
    let result = outcome.lock().ok().and_then(|mut slot| slot.take());
    result.unwrap_or_else(|| Err("the window closed before the screenshot was taken".to_string()))
}

/// Frames drawn before the picture is taken, so layout and fit have settled.
const SETTLE_FRAMES: u32 = 6;
/// Steps of the sample game shown by `--view play`: four turns (seven steps each) in.
pub const PLAY_STEPS: usize = 28;
/// Games of the test drive shown by `--view drive`.
pub const DRIVE_GAMES: usize = 200;

/// A screenshot to take of the window, and where it stands.
pub struct ScreenshotPlan {
    path: PathBuf,
    frames_left: u32,
    requested: bool,
    done: Arc<Mutex<Option<Result<(), String>>>>,
    /// Where the outcome is reported once the window has closed.
    pub outcome: Arc<Mutex<Option<Result<(), String>>>>,
}

impl ScreenshotPlan {
    pub fn new(path: PathBuf) -> ScreenshotPlan {
        ScreenshotPlan {
            path,
            frames_left: SETTLE_FRAMES,
            requested: false,
            done: Arc::new(Mutex::new(None)),
            outcome: Arc::new(Mutex::new(None)),
        }
    }

    /// Called at the end of every frame: counts down, asks for the picture, then closes.
    pub fn on_frame(&mut self, ctx: &egui::Context) {
        if self.frames_left > 0 {
            self.frames_left -= 1;
            ctx.request_repaint();
            return;
        }
        if !self.requested {
            self.requested = true;
            let path = self.path.clone();
            let done = Arc::clone(&self.done);
            ctx.request_screenshot(move |image| {
                let result = save_png(&path, &image);
                if let Ok(mut slot) = done.lock() {
                    *slot = Some(result);
                }
            });
            ctx.request_repaint();
            return;
        }
        let finished = self.done.lock().ok().and_then(|mut slot| slot.take());
        match finished {
            Some(result) => {
                if let Ok(mut slot) = self.outcome.lock() {
                    *slot = Some(result);
                }
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            None => ctx.request_repaint(),
        }
    }
}

/// Encodes the window's pixels as PNG and writes them atomically.
fn save_png(path: &std::path::Path, image: &egui::ColorImage) -> Result<(), String> {
    let [w, h] = image.size;
    let bytes: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
    let Some(buffer) = image::RgbaImage::from_raw(w as u32, h as u32, bytes) else {
        return Err(format!(
            "the window picture of {w} x {h} pixels is incomplete"
        ));
    };
    let mut png = Vec::new();
    buffer
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode the picture: {e}"))?;
    save_atomic(path, &png).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}
