//! Validation and the solver off the frame: each edit of a course hands the course and its
//! compiled board to a worker thread, and the window goes on drawing with the last results until
//! the new ones arrive (then it is asked to repaint). A newer edit supersedes older work: the
//! job under way is told to stop (`validate::Progress`), the worker skips jobs that a later one
//! has replaced, and results of replaced jobs are dropped. The panel reads the job's progress
//! (stage k of n) and its Cancel stops the worker within a moment (issue 17 item 7).
//! Beside it, the "how it plays" estimate (`validate::play`) fills in game by game on a thread
//! of its own while the designer works (`PlayEstimator`); the frame only reads its latest sums.

use crate::bots::{Arena, FlagMaps};
use crate::engine::Factory;
use crate::model::{Board, Course};
use crate::validate::play::{self, PlayEstimate};
use crate::validate::{Analysis, Fairness, Progress, StartLine, analyse_board, analyse_board_with};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Games the window's estimate plays before it stops.
pub const PLAY_GAMES: usize = 200;

/// A course to analyse, numbered so its result can be matched to the latest edit.
struct Job {
    generation: u64,
    course: Course,
    board: Board,
    /// Where the worker reports its stage and looks for a cancel.
    progress: Arc<Progress>,
}

/// An analysis and the job it answers.
struct Done {
    generation: u64,
    analysis: Analysis,
}

/// One course's analysis in the background.
pub struct Analyser {
    ctx: egui::Context,
    /// The worker's job queue and result channel, started at the first job.
    worker: Option<(Sender<Job>, Receiver<Done>)>,
    /// The number of the last job handed out; results of earlier ones are stale.
    latest: u64,
    /// Whether the result of job `latest` has not been taken yet.
    busy: bool,
    /// The course and board of the last job, so asking again for the same is free.
    last: Option<(Course, Board)>,
    /// A result computed on the calling thread when no worker thread could be started.
    ready: Option<Analysis>,
    /// The lines from every start and their fairness from the last analysis taken.
    starts: (Vec<StartLine>, Option<Fairness>),
    /// When the job under way was handed out (the panel shows how long it has run).
    since: Option<Instant>,
    /// The progress and cancel flag of the job last handed out.
    progress: Option<Arc<Progress>>,
    /// Whether the worker thread is analysing a course right now (any job, stale or not).
    working: Arc<AtomicBool>,
    /// The last check was cancelled with the Cancel button (until the next one starts).
    cancelled: bool,
    /// Whether any check's result has been taken: until then the problems on show are none
    /// because nothing has been checked, not because nothing is wrong.
    finished: bool,
    /// The bot games of the course last submitted.
    pub play: PlayEstimator,
}

impl Analyser {
    /// An analyser that asks `ctx` to repaint when a result is ready.
    pub fn new(ctx: egui::Context) -> Analyser {
        Analyser {
            ctx: ctx.clone(),
            worker: None,
            latest: 0,
            busy: false,
            last: None,
            ready: None,
            starts: (Vec::new(), None),
            since: None,
            progress: None,
            working: Arc::new(AtomicBool::new(false)),
            cancelled: false,
            finished: false,
            play: PlayEstimator::new(ctx.clone()),
        }
    }

    /// Analyses `course` (compiled into `board`) in the background, unless it is what was asked
    /// for last.
    pub fn submit(&mut self, course: &Course, board: &Board) {
        if self
            .last
            .as_ref()
            .is_some_and(|(c, b)| c == course && b == board)
        {
            return;
        }
        self.last = Some((course.clone(), board.clone()));
        self.latest += 1;
        self.busy = true;
        self.since = Some(Instant::now());
        self.cancelled = false;
        self.play.submit(course, board);
        // The job under way answers an older edit: stop it.
        self.stop_job();
        let progress = Arc::new(Progress::new());
        self.progress = Some(Arc::clone(&progress));
        let job = Job {
            generation: self.latest,
            course: course.clone(),
            board: board.clone(),
            progress,
        };
        if self.worker.is_none() {
            self.worker = spawn_worker(self.ctx.clone(), Arc::clone(&self.working));
        }
        let unsent = match &self.worker {
            Some((jobs, _)) => jobs.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        // No thread to run it (it could not start, or it has gone): run it here.
        if let Some(job) = unsent {
            self.worker = None;
            self.ready = Some(analyse_board(&job.course, job.board));
        }
    }

    /// Forgets the work under way: its result will not be given (the course was closed).
    pub fn cancel(&mut self) {
        self.stop_job();
        self.latest += 1;
        self.busy = false;
        self.last = None;
        self.ready = None;
        self.since = None;
        self.play.cancel();
    }

    /// Stops the check under way (the Cancel button): its result will not be shown, and the
    /// same course is checked again after the next edit. The play estimate goes on.
    pub fn cancel_check(&mut self) {
        self.stop_job();
        self.latest += 1;
        self.busy = false;
        self.last = None;
        self.since = None;
        self.cancelled = true;
    }

    /// Tells the job last handed out to stop.
    fn stop_job(&mut self) {
        if let Some(p) = self.progress.take() {
            p.cancel();
        }
    }

    /// The check under way: how far it is (0 to 1) and its stage in words ("stage 2 of 6: ...").
    pub fn progress(&self) -> Option<(f32, String)> {
        let p = self.progress.as_ref().filter(|_| self.busy)?;
        Some((p.fraction(), p.describe()))
    }

    /// Whether the last check was cancelled (until the next one starts).
    pub fn was_cancelled(&self) -> bool {
        self.cancelled
    }

    /// Whether the worker thread is analysing a course right now: false soon after a Cancel.
    pub fn worker_working(&self) -> bool {
        self.working.load(Ordering::Relaxed)
    }

    /// Seconds the check under way has run.
    pub fn running_for(&self) -> Option<f64> {
        self.since
            .filter(|_| self.busy)
            .map(|t| t.elapsed().as_secs_f64())
    }

    /// The lines from every start and the fairness of the last analysis taken.
    pub fn starts(&self) -> (&[StartLine], Option<Fairness>) {
        (&self.starts.0, self.starts.1)
    }

    fn keep(&mut self, analysis: &Analysis) {
        self.starts = (analysis.starts.clone(), analysis.fairness);
        self.since = None;
        self.finished = true;
    }

    /// Whether any check has finished and its result been taken.
    pub fn has_finished(&self) -> bool {
        self.finished
    }

    /// The analysis of the latest job, once, when it is ready.
    pub fn poll(&mut self) -> Option<Analysis> {
        if let Some(analysis) = self.ready.take() {
            self.busy = false;
            self.keep(&analysis);
            return Some(analysis);
        }
        let (_, results) = self.worker.as_ref()?;
        let mut newest = None;
        loop {
            match results.try_recv() {
                Ok(done) if done.generation == self.latest => newest = Some(done.analysis),
                Ok(_) => {}
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    // The worker is gone (it panicked): analyse again here so nothing hangs.
                    self.worker = None;
                    if self.busy
                        && newest.is_none()
                        && let Some((course, board)) = &self.last
                    {
                        newest = Some(analyse_board(course, board.clone()));
                    }
                    break;
                }
            }
        }
        if let Some(a) = &newest {
            self.busy = false;
            self.keep(a);
        }
        newest
    }

    /// Whether a result is still to come for the latest job.
    pub fn is_busy(&self) -> bool {
        self.busy
    }
}

/// The "how it plays" estimate of one course, played on a thread of its own: each submit stops
/// the games of the course before and starts afresh; after every game the sums so far are
/// published and a repaint asked for, so the panel fills in without ever waiting on a game.
pub struct PlayEstimator {
    ctx: egui::Context,
    /// Tells the running games to stop.
    stop: Arc<AtomicBool>,
    /// The latest sums, written by the games' thread.
    latest: Arc<Mutex<Option<PlayEstimate>>>,
    /// Whether the games' thread is still playing.
    running: Arc<AtomicBool>,
}

impl PlayEstimator {
    pub fn new(ctx: egui::Context) -> PlayEstimator {
        PlayEstimator {
            ctx,
            stop: Arc::new(AtomicBool::new(true)),
            latest: Arc::new(Mutex::new(None)),
            running: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts the games of `course` (compiled into `board`), stopping those of the course before.
    pub fn submit(&mut self, course: &Course, board: &Board) {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        let latest = Arc::new(Mutex::new(None));
        let running = Arc::new(AtomicBool::new(true));
        self.stop = Arc::clone(&stop);
        self.latest = Arc::clone(&latest);
        self.running = Arc::clone(&running);
        let (course, board, ctx) = (course.clone(), board.clone(), self.ctx.clone());
        let started = std::thread::Builder::new()
            .name("how it plays".to_string())
            .spawn(move || {
                play_games(&course, board, &stop, &latest, &ctx);
                running.store(false, Ordering::Relaxed);
                ctx.request_repaint();
            });
        if started.is_err() {
            self.running.store(false, Ordering::Relaxed);
        }
    }

    /// Stops the games; the sums so far stay readable until the next submit.
    pub fn cancel(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The sums so far, if a game has ended.
    pub fn estimate(&self) -> Option<PlayEstimate> {
        self.latest.lock().ok().and_then(|e| e.clone())
    }

    /// Whether games are still being played.
    pub fn is_running(&self) -> bool {
        self.running.load(Ordering::Relaxed) && !self.stop.load(Ordering::Relaxed)
    }
}

impl Drop for PlayEstimator {
    /// A closed window or course stops its games.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The games' thread: after a pause that lets a burst of edits settle, the bots' distance maps,
/// then games until `PLAY_GAMES` or a stop.
fn play_games(
    course: &Course,
    board: Board,
    stop: &AtomicBool,
    latest: &Mutex<Option<PlayEstimate>>,
    ctx: &egui::Context,
) {
    for _ in 0..20 {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let factory = Arc::new(Factory::for_rules(board.clone(), &course.rules.house));
    if factory.flag_count() == 0 || !board.problems.is_empty() || stop.load(Ordering::Relaxed) {
        return;
    }
    let arena = Arena {
        name: course.name.clone(),
        board,
        start: course.start,
        lives: course.lives,
        tiles: course.placements.len(),
        rules: course.rules,
        maps: Arc::new(FlagMaps::new(factory)),
    };
    let players = play::players_of(course);
    let _ = play::estimate(&arena, players, PLAY_GAMES, 1, &mut |est| {
        if let Ok(mut l) = latest.lock() {
            *l = Some(est.clone());
        }
        ctx.request_repaint();
        !stop.load(Ordering::Relaxed)
    });
}

/// Starts the worker thread: it takes the newest job waiting, analyses it, sends the result and
/// asks for a repaint; it ends when the analyser is dropped. `None` if no thread can be started.
fn spawn_worker(
    ctx: egui::Context,
    working: Arc<AtomicBool>,
) -> Option<(Sender<Job>, Receiver<Done>)> {
    let (job_tx, job_rx) = channel::<Job>();
    let (done_tx, done_rx) = channel::<Done>();
    std::thread::Builder::new()
        .name("course analysis".to_string())
        .spawn(move || {
            while let Ok(mut job) = job_rx.recv() {
                // Only the newest edit matters: skip the ones it replaced.
                while let Ok(newer) = job_rx.try_recv() {
                    job = newer;
                }
                working.store(true, Ordering::Relaxed);
                let analysis = analyse_board_with(&job.course, job.board, &job.progress);
                working.store(false, Ordering::Relaxed);
                // Cancelled (the Cancel button or a newer edit): nothing to give.
                let Some(analysis) = analysis else {
                    ctx.request_repaint();
                    continue;
                };
                let done = Done {
                    generation: job.generation,
                    analysis,
                };
                if done_tx.send(done).is_err() {
                    break;
                }
                ctx.request_repaint();
            }
        })
        .ok()?;
    Some((job_tx, done_rx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Rotation, Square};
    use crate::model::{
        Flag, LivesRule, PlayerRange, RulesEdition, StartRule, Tile, TilePlacement,
    };
    use std::time::{Duration, Instant};

    fn course(flag: Square) -> (Course, Board) {
        let mut tiles = crate::format::Library::default();
        tiles.add(
            crate::format::Document::Tile(Tile::new("t", 6, 6)),
            crate::format::library::Origin::Builtin("t.json"),
        );
        let course = Course {
            name: "c".to_string(),
            description: String::new(),
            author: String::new(),
            rules: RulesEdition::Classic1994.into(),
            players: PlayerRange::default(),
            lives: LivesRule::Standard,
            placements: vec![TilePlacement {
                tile: "t".to_string(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            }],
            embedded: Vec::new(),
            flags: vec![Flag {
                number: 1,
                at: flag,
            }],
            start: StartRule::Archive(Square::new(0, 0)),
        };
        let board = course.compile(&tiles);
        (course, board)
    }

    fn wait(a: &mut Analyser) -> Analysis {
        let start = Instant::now();
        loop {
            if let Some(result) = a.poll() {
                return result;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "no result");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn the_result_of_the_latest_course_comes_back_and_older_ones_are_dropped() {
        let mut a = Analyser::new(egui::Context::default());
        let (near, near_board) = course(Square::new(1, 0));
        let (far, far_board) = course(Square::new(5, 5));
        a.submit(&near, &near_board);
        a.submit(&far, &far_board);
        assert!(a.is_busy());
        let result = wait(&mut a);
        assert!(!a.is_busy());
        let end = result.solution.map(|s| s.line().last().copied());
        assert_eq!(
            end,
            Some(Some(Square::new(5, 5))),
            "the later course's line"
        );
        // Nothing more comes: the first job's result, if it was made, is stale.
        std::thread::sleep(Duration::from_millis(50));
        assert!(a.poll().is_none());
        // The same course again is not analysed again.
        a.submit(&far, &far_board);
        assert!(!a.is_busy());
    }

    #[test]
    fn a_cancelled_job_gives_no_result() {
        let mut a = Analyser::new(egui::Context::default());
        let (c, b) = course(Square::new(3, 3));
        a.submit(&c, &b);
        a.cancel();
        std::thread::sleep(Duration::from_millis(100));
        assert!(a.poll().is_none());
        assert!(!a.is_busy());
        // After a cancel the same course is analysed again when asked.
        a.submit(&c, &b);
        assert!(wait(&mut a).solution.is_some());
    }
}
