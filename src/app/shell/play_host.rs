//! Where the play view meets the window: opening and closing it (Action::PlayView), drawing it in
//! place of the editor's panels, and what the tests and `--screenshot` read or set up.

use super::{App, prompt};
use crate::app::command::{Action, Command, Menu};
use crate::app::play::PlayView;
use crate::app::play::prepare::{Opening, Preparing};

impl App {
    /// The play view, while it is open.
    pub fn play(&self) -> Option<&PlayView> {
        self.play.as_ref()
    }

    pub fn play_mut(&mut self) -> Option<&mut PlayView> {
        self.play.as_mut()
    }

    /// The large course being made ready for the play view, while it is.
    pub fn preparing(&self) -> Option<&Preparing> {
        self.preparing.as_ref()
    }

    /// Opens the play view on the open course, or closes it (a course still being made ready
    /// is cancelled). A tile, or a course that cannot be raced (no flags, tiles missing), is
    /// reported instead. A large course is made ready on a worker thread (issue 16 item 7).
    pub(super) fn toggle_play(&mut self) {
        if self.preparing.take().is_some() || self.play.take().is_some() {
            return;
        }
        let Some((course, doc_id)) = self
            .ws
            .doc
            .as_ref()
            .and_then(|d| d.course().map(|c| (c, d.recovery_id.as_str())))
        else {
            self.ws
                .errors
                .push("The play view plays a course: open or compose one first.".to_string());
            return;
        };
        match PlayView::open(course, &self.ws.library, doc_id) {
            Ok(Opening::Ready(view)) => self.play = Some(*view),
            Ok(Opening::Preparing(p)) => self.preparing = Some(*p),
            Err(e) => self.ws.errors.push(format!("Cannot play this course: {e}")),
        }
    }

    /// The worker's answer, if it came: the play view, or why the course cannot be played. A
    /// course whose document was closed (or another opened) meanwhile is cancelled.
    fn poll_preparing(&mut self) {
        let Some(prep) = self.preparing.as_mut() else {
            return;
        };
        if self.ws.doc.as_ref().map(|d| d.recovery_id.as_str()) != Some(prep.doc_id.as_str()) {
            self.preparing = None;
            return;
        }
        match prep.poll() {
            None => {}
            Some(Ok(view)) => {
                self.preparing = None;
                self.play = Some(view);
            }
            Some(Err(e)) => {
                self.preparing = None;
                self.ws.errors.push(format!("Cannot play this course: {e}"));
            }
        }
    }

    /// Draws the play view (or the screen of a course being made ready for it) when it is
    /// open and runs the frame's commands; returns false (and draws nothing) when the editor is
    /// shown instead.
    pub(super) fn play_frame_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) -> bool {
        self.poll_preparing();
        let map = self.colour_map();
        let ctx = ui.ctx().clone();
        if let Some(prep) = self.preparing.as_ref() {
            if prep.ui(ui) {
                // Dropping it tells the worker to stop; the editor is drawn next frame.
                self.preparing = None;
                ctx.request_repaint();
            }
        } else if let Some(play) = self.play.as_mut() {
            if play.ui(ui, map) {
                commands.push(Command::Action(Action::PlayView));
            }
        } else {
            return false;
        }
        if let Some(text) = self.prompt_text() {
            commands.extend(prompt::unsaved_prompt(&ctx, &text));
        }
        self.help.window(&ctx);
        commands.extend(self.palette.ui(&ctx).map(Command::Action));
        for command in std::mem::take(commands) {
            // The editor is hidden: its editing shortcuts would change what cannot be seen.
            let hidden_edit = matches!(
                &command,
                Command::Action(a) if matches!(a.menu(), Menu::Edit | Menu::Tools)
            );
            if hidden_edit {
                continue;
            }
            // Fit and zoom act on the board the play view shows.
            match command {
                Command::Action(a @ (Action::FitView | Action::ZoomIn | Action::ZoomOut)) => {
                    if let Some(play) = self.play.as_mut() {
                        play.view_action(a);
                    }
                }
                command => self.run_command(&ctx, command),
            }
        }
        self.update_title(&ctx);
        true
    }

    /// Opens the play view and, for a large course, waits for the worker: `--screenshot` takes
    /// its picture of the play view, not of the "Preparing" screen.
    fn open_play_now(&mut self) {
        self.toggle_play();
        if let Some(mut prep) = self.preparing.take() {
            match prep.wait(std::time::Duration::from_secs(3600)) {
                Some(Ok(view)) => self.play = Some(view),
                Some(Err(e)) => self.ws.errors.push(format!("Cannot play this course: {e}")),
                None => self
                    .ws
                    .errors
                    .push("The course took too long to prepare".to_string()),
            }
        }
    }

    /// For `--screenshot --view play`: the play view with a game of sample bots, `steps` steps in.
    pub(super) fn show_play_sample(&mut self, steps: usize) {
        self.open_play_now();
        if let Some(play) = self.play.as_mut() {
            play.show_bots_sample(steps);
        }
    }

    /// For `--screenshot --view play-options`: a "you" robot with options programming turn 1.
    pub(super) fn show_play_options_sample(&mut self) {
        self.open_play_now();
        if let Some(play) = self.play.as_mut() {
            play.show_options_sample();
        }
    }

    /// For `--screenshot --view drive`: the test-drive tab after a drive of `games` games, run
    /// on this thread first.
    pub(super) fn show_drive_sample(&mut self, games: usize) {
        self.open_play_now();
        if let Some(play) = self.play.as_mut() {
            play.show_drive_sample(games);
        }
    }
}
