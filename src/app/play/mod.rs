//! The play view (issue 6): preview a game of sample robots and "you" on the open course, step
//! through it phase by phase with a timeline, and test-drive the course with many bot games.
//! The view animates the engine's events and never applies a rule itself (DESIGN.md).

pub mod anim;
mod board;
mod choices_ui;
mod controls;
pub mod drive_panel;
mod hand;
mod heat_legend;
mod labels;
mod log;
mod playback;
pub mod prepare;
mod robots;
mod samples;
pub mod session;
mod setup;
mod start_ui;
mod view;

use crate::app::canvas::cache::BoardCache;
use crate::app::canvas::paint::ColourMap;
use crate::app::canvas::{BoardView, ZOOM_STEP};
use crate::app::command::Action;
use crate::app::state::shown::HoverInfo;
use crate::bots::Arena;
use crate::engine::{Card, Choices, OptionSet};
use crate::model::Course;
use crate::render::Scene;
use anim::Animation;
use drive_panel::DrivePanel;
use session::{PlaySetup, Session};
use std::sync::Arc;
use std::thread::ThreadId;

/// The two tabs of the play view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayTab {
    /// One game, step by step.
    Game,
    /// Many games in the background, summed up.
    Drive,
}

/// The animation of the step just reached, and where in it the view is.
struct Playback {
    anim: Animation,
    /// The step it animates (the cursor when it started).
    step: usize,
    /// Window time when it started, in seconds.
    started: f64,
    /// Set when the view holds a moment of the step (an event clicked in the log).
    frozen: Option<f32>,
}

/// The cards a "you" robot is putting in its registers, before the engine accepts them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Draft {
    /// For each unlocked register, in order, the card put there.
    pub registers: Vec<Option<Card>>,
    pub power_down: bool,
    /// The option choices and policy being made (`None`: none touched yet, so the engine's
    /// standing policy shows).
    pub choices: Option<Choices>,
    /// The engine's answer to the last submission, in words.
    pub verdict: Option<String>,
}

/// Everything the play view holds: the course it plays, the game under way, the test drive.
pub struct PlayView {
    course_name: String,
    arena: Arc<Arena>,
    tiles: usize,
    scene: Arc<Scene>,
    pub tab: PlayTab,
    pub setup: PlaySetup,
    session: Option<Session>,
    board_view: BoardView,
    playback: Option<Playback>,
    /// Stepping on its own (Play) or not (Pause).
    pub playing: bool,
    /// Animation speed: 1 is a third of a second per beat.
    pub speed: f32,
    /// When the last automatic step was taken.
    last_auto: f64,
    /// The window time of the last frame drawn.
    last_now: f64,
    /// The "you" robot whose hand is shown.
    you: usize,
    draft: Draft,
    /// The start options the shown "you" robot is picking to keep (start options: deal N, keep K).
    start_pick: OptionSet,
    /// The Three Minute Rule's countdown: the programming step it times (turn, timeline length)
    /// and when it started on the race's clock, in milliseconds.
    timer: Option<((u32, usize), u64)>,
    /// The event picked in the log: (step, event index).
    picked: Option<(usize, usize)>,
    /// What the log last scrolled to: (step, event index or `usize::MAX` for the step).
    log_target: Option<(usize, usize)>,
    /// The log's rows (step, and event or `None` for the step's heading), made for the
    /// session's revision in the first field.
    log_rows: (u64, Vec<(usize, Option<usize>)>),
    error: Option<String>,
    pub drive: DrivePanel,
    /// The board's picture as a mesh, made again only when the view changes.
    board_cache: BoardCache,
    /// How the board's colours are drawn (the colour-blind-safe set if chosen).
    colours: ColourMap,
    /// The square under the pointer on the game's board and what is on it, whose rules the
    /// bar below the board says (issue 22 item 3).
    hovered: Option<HoverInfo>,
    /// The thread that compiled the course and built the bots' maps (issue 16: not the UI
    /// thread for a large course).
    built_on: ThreadId,
    /// Whether the game's steps are taken on a worker thread (a board too large to step within
    /// a frame, issue 16), and the steps being taken there now.
    steps_aside: bool,
    stepping: Option<session::StepJob>,
}

impl PlayView {
    /// A play view of `course` with what the worker (or this thread) made ready for it.
    fn with(course: &Course, ready: prepare::Ready) -> PlayView {
        let prepare::Ready {
            arena,
            scene,
            built_on,
        } = ready;
        let setup = PlaySetup {
            lives: course.lives,
            ..PlaySetup::default()
        };
        let steps_aside = arena.maps.factory().cell_count() > prepare::AT_ONCE_SQUARES;
        PlayView {
            course_name: course.name.clone(),
            arena,
            tiles: course.placements.len(),
            scene,
            tab: PlayTab::Game,
            setup,
            session: None,
            board_view: BoardView::default(),
            playback: None,
            playing: false,
            speed: 1.0,
            last_auto: 0.0,
            last_now: 0.0,
            you: 0,
            draft: Draft::default(),
            start_pick: OptionSet::EMPTY,
            timer: None,
            picked: None,
            log_target: None,
            log_rows: (u64::MAX, Vec::new()),
            error: None,
            drive: DrivePanel::default(),
            board_cache: BoardCache::default(),
            colours: ColourMap::default(),
            hovered: None,
            built_on,
            steps_aside,
            stepping: None,
        }
    }

    pub fn course_name(&self) -> &str {
        &self.course_name
    }

    /// The thread the course's board and maps were built on.
    pub fn built_on(&self) -> ThreadId {
        self.built_on
    }

    pub fn arena(&self) -> &Arc<Arena> {
        &self.arena
    }

    /// The game under way, if one was started.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The game under way, to change (tests give its race another clock).
    pub fn session_mut(&mut self) -> Option<&mut Session> {
        self.session.as_mut()
    }

    /// The cards being put into the shown "you" robot's registers.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// The problem with the last Start, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Starts a game with the setup. Returns whether it started.
    pub fn start(&mut self) -> bool {
        self.playback = None;
        // Steps of the old game still being taken are thrown away.
        self.stepping = None;
        self.picked = None;
        self.playing = false;
        self.log_target = None;
        self.log_rows = (u64::MAX, Vec::new());
        match Session::new(Arc::clone(&self.arena), &self.setup, self.tiles) {
            Ok(s) => {
                self.you = s
                    .controllers()
                    .iter()
                    .position(|c| *c == session::Controller::You)
                    .unwrap_or(0);
                self.session = Some(s);
                self.error = None;
                self.start_pick = OptionSet::EMPTY;
                self.timer = None;
                self.reset_draft();
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    /// Steps the game `n` times with no animation (the screenshot).
    pub fn step_quietly(&mut self, n: usize) {
        if let Some(s) = self.session.as_mut() {
            for _ in 0..n {
                if !s.step_forward() {
                    break;
                }
            }
        }
        self.playback = None;
        self.reset_draft();
    }

    /// Empties the draft for the "you" robot shown, sized to its unlocked registers.
    fn reset_draft(&mut self) {
        let n = self
            .session
            .as_ref()
            .map(|s| s.game().program_size(self.you))
            .unwrap_or(0);
        self.draft = Draft {
            registers: vec![None; n],
            power_down: false,
            choices: None,
            verdict: None,
        };
    }

    /// Fit, Zoom in or Zoom out on the board of the tab shown.
    pub fn view_action(&mut self, action: Action) {
        let view = match self.tab {
            PlayTab::Game => &mut self.board_view,
            PlayTab::Drive => self.drive.board_view_mut(),
        };
        match action {
            Action::FitView => view.request_fit(),
            Action::ZoomIn => view.zoom_by(ZOOM_STEP),
            Action::ZoomOut => view.zoom_by(1.0 / ZOOM_STEP),
            _ => {}
        }
    }

    /// The board view of the game tab.
    pub fn board_view(&self) -> &BoardView {
        &self.board_view
    }

    /// Whether a worker thread is taking the game's next steps (a large board).
    pub fn is_stepping(&self) -> bool {
        self.stepping.is_some()
    }

    /// Whether the last frame showed a step being animated.
    pub fn is_animating(&self) -> bool {
        self.animating(self.last_now)
    }
}
