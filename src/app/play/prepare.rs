//! Getting a course ready to play off the UI thread (issue 16 item 7): compiling it, the bots'
//! distance maps (`Arena`) and the board's picture take seconds on the largest course, so a
//! worker thread does them while the window shows the stage reached and a Cancel button.

use super::PlayView;
use crate::bots::Arena;
use crate::format::Library;
use crate::model::{Course, StartRule, Tile, TileSource};
use crate::render::{Scene, SceneOptions, build_scene_for_play};
use egui::{RichText, Ui};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// Courses of at most this many squares are made ready at once on the UI thread: their maps
/// take a few milliseconds (a 48 x 48 course, 2,304 squares, about 20 ms in the release build;
/// BENCHMARKS.md, "Issue 16: the window on the largest course"), less than a frame of the
/// "Preparing" screen would show. Anything larger goes to the worker.
pub const AT_ONCE_SQUARES: usize = 48 * 48;

/// A course, its board, the bots' maps and the board's picture, ready for the play view.
pub(super) struct Ready {
    pub arena: Arc<Arena>,
    pub scene: Arc<Scene>,
    /// The thread that built them (the tests check it is not the UI thread).
    pub built_on: ThreadId,
}

/// Builds what the play view needs for `course` on this thread; `stage` is told each stage as
/// it starts, and `stopped` is asked between stages (`None` once it says stop).
fn build(
    course: &Course,
    tiles: &dyn TileSource,
    stage: &dyn Fn(u8),
    stopped: &dyn Fn() -> bool,
) -> Option<Result<Ready, String>> {
    stage(1);
    let arena = match Arena::new(course, tiles) {
        Ok(a) => Arc::new(a),
        Err(e) => return Some(Err(e)),
    };
    if stopped() {
        return None;
    }
    stage(2);
    // The board as the game plays it: on a cube, beams end where the engine ends them.
    let scene = build_scene_for_play(
        arena.maps.factory(),
        &SceneOptions {
            grid: true,
            archive_start: match course.start {
                StartRule::Archive(s) => Some(s),
                StartRule::Numbered => None,
            },
            ..SceneOptions::default()
        },
    )
    .into();
    Some(Ok(Ready {
        arena,
        scene,
        built_on: std::thread::current().id(),
    }))
}

/// The stages a worker goes through, in the words the window shows.
const STAGES: [&str; 2] = [
    "Compiling the board and building the robots' maps",
    "Drawing the board",
];

/// The squares of `course`: the sum of its tiles' areas (tiles it cannot find count nothing).
fn squares(course: &Course, library: &Library) -> usize {
    course
        .placements
        .iter()
        .filter_map(|p| course.resolve(&p.tile, library))
        .map(|t| usize::try_from(t.width() * t.height()).unwrap_or(0))
        .sum()
}

/// A play view being made ready on a worker thread. Dropping it (Cancel, leaving the play view,
/// closing the document) tells the worker to stop at its next stage and throws its work away.
pub struct Preparing {
    course: Course,
    /// The document it was started for (`Document::recovery_id`): another one open cancels it.
    pub doc_id: String,
    cancel: Arc<AtomicBool>,
    stage: Arc<AtomicU8>,
    answer: mpsc::Receiver<Result<Ready, String>>,
    started: Instant,
}

/// What opening the play view gives.
pub enum Opening {
    /// A small course, ready at once.
    Ready(Box<PlayView>),
    /// A large one, being made ready on a worker thread.
    Preparing(Box<Preparing>),
}

impl PlayView {
    /// Opens a play view of `course` with the tiles of `library`: at once for a small course,
    /// else on a worker thread (`Opening::Preparing`). A course that does not compile or has no
    /// flag cannot be played: the error says why.
    pub fn open(course: &Course, library: &Library, doc_id: &str) -> Result<Opening, String> {
        if squares(course, library) <= AT_ONCE_SQUARES {
            return PlayView::new(course, library).map(|v| Opening::Ready(Box::new(v)));
        }
        Preparing::start(course, library, doc_id).map(|p| Opening::Preparing(Box::new(p)))
    }

    /// A play view of `course` with its board and maps made on this thread (small courses, the
    /// tests and `--screenshot`).
    pub fn new(course: &Course, library: &Library) -> Result<PlayView, String> {
        match build(course, library, &|_| {}, &|| false) {
            Some(Ok(ready)) => Ok(PlayView::with(course, ready)),
            Some(Err(e)) => Err(e),
            None => Err("stopped".to_string()),
        }
    }
}

impl Preparing {
    /// Starts a worker making `course` ready.
    fn start(course: &Course, library: &Library, doc_id: &str) -> Result<Preparing, String> {
        // The worker gets its own copy of the tiles the course names, not the whole library.
        let mut tiles: Vec<Tile> = Vec::new();
        for p in &course.placements {
            if !tiles.iter().any(|t| t.id == p.tile)
                && let Some(t) = library.tile(&p.tile)
            {
                tiles.push(t.clone());
            }
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let stage = Arc::new(AtomicU8::new(0));
        let (tx, answer) = mpsc::channel();
        let (c, s, work) = (Arc::clone(&cancel), Arc::clone(&stage), course.clone());
        std::thread::Builder::new()
            .name("play-prepare".to_string())
            .spawn(move || {
                crate::app::frame_probe::yield_to_ui();
                let stopped = || c.load(Ordering::Relaxed);
                if stopped() {
                    return;
                }
                let said = |n: u8| s.store(n, Ordering::Relaxed);
                if let Some(result) = build(&work, &tiles, &said, &stopped)
                    && !stopped()
                {
                    // The window may have gone: nobody to tell.
                    let _ = tx.send(result);
                }
            })
            .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        Ok(Preparing {
            course: course.clone(),
            doc_id: doc_id.to_string(),
            cancel,
            stage,
            answer,
            started: Instant::now(),
        })
    }

    /// The play view once the worker is done (or why it failed); `None` while it works.
    pub fn poll(&mut self) -> Option<Result<PlayView, String>> {
        match self.answer.try_recv() {
            Ok(Ok(ready)) => Some(Ok(PlayView::with(&self.course, ready))),
            Ok(Err(e)) => Some(Err(e)),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                Some(Err("the worker preparing the course stopped".to_string()))
            }
        }
    }

    /// Waits for the worker (at most `limit`) and gives what `poll` gives.
    pub fn wait(&mut self, limit: Duration) -> Option<Result<PlayView, String>> {
        match self.answer.recv_timeout(limit) {
            Ok(Ok(ready)) => Some(Ok(PlayView::with(&self.course, ready))),
            Ok(Err(e)) => Some(Err(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Some(Err("the worker preparing the course stopped".to_string()))
            }
        }
    }

    /// The course being made ready.
    pub fn course_name(&self) -> &str {
        &self.course.name
    }

    /// The stage the worker is in, 1-based, and how many there are (0 before it starts).
    pub fn stage(&self) -> (usize, usize) {
        (
            usize::from(self.stage.load(Ordering::Relaxed)),
            STAGES.len(),
        )
    }

    /// Draws the "Preparing" screen in place of the play view. Returns true when Cancel is
    /// clicked.
    pub fn ui(&self, ui: &mut Ui) -> bool {
        let mut cancel = false;
        egui::CentralPanel::default().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.3);
                ui.heading(RichText::new(&self.course.name).strong());
                ui.add_space(8.0);
                // No egui spinner: it asks for a frame at once, every frame; the seconds below
                // move every 100 ms instead.
                ui.label(RichText::new("Preparing the robots' maps...").size(18.0));
                let (n, of) = self.stage();
                let what = STAGES
                    .get(n.saturating_sub(1))
                    .copied()
                    .unwrap_or("Starting");
                ui.label(format!(
                    "Stage {} of {of}: {what} ({:.1} s)",
                    n.max(1),
                    self.started.elapsed().as_secs_f32()
                ));
                ui.add(
                    egui::ProgressBar::new(n.saturating_sub(1) as f32 / of as f32)
                        .desired_width(320.0),
                );
                ui.add_space(8.0);
                if ui
                    .button("Cancel")
                    .on_hover_text("Stop preparing and go back to the editor (Escape)")
                    .clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    cancel = true;
                }
            });
        });
        // The stage and the seconds move on without input.
        ui.ctx().request_repaint_after(Duration::from_millis(100));
        cancel
    }
}

impl Drop for Preparing {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
