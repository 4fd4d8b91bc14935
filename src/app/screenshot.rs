//! `factory-floor --screenshot OUT.png`: open the window, let it settle for a few frames, save a
//! picture of it and close. For the README, the docs and window checks.

use crate::format::save_atomic;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

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
