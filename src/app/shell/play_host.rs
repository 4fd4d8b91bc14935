//! Where the play view meets the window: opening and closing it (Action::PlayView), drawing it in
//! place of the editor's panels, and what the tests and `--screenshot` read or set up.

use super::{App, prompt};
use crate::app::command::{Action, Command, Menu};
use crate::app::play::PlayView;

impl App {
    /// The play view, while it is open.
    pub fn play(&self) -> Option<&PlayView> {
        self.play.as_ref()
    }

    pub fn play_mut(&mut self) -> Option<&mut PlayView> {
        self.play.as_mut()
    }

    /// Opens the play view on the open course, or closes it. A tile, or a course that cannot be
    /// raced (no flags, tiles missing), is reported instead.
    pub(super) fn toggle_play(&mut self) {
        if self.play.take().is_some() {
            return;
        }
        let Some(course) = self.ws.doc.as_ref().and_then(|d| d.course()) else {
            self.ws
                .errors
                .push("The play view plays a course: open or compose one first.".to_string());
            return;
        };
        match PlayView::new(course, &self.ws.library) {
            Ok(view) => self.play = Some(view),
            Err(e) => self.ws.errors.push(format!("Cannot play this course: {e}")),
        }
    }

    /// Draws the play view when it is open and runs the frame's commands; returns false (and
    /// draws nothing) when the editor is shown instead.
    pub(super) fn play_frame_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) -> bool {
        let map = self.colour_map();
        let Some(play) = self.play.as_mut() else {
            return false;
        };
        let ctx = ui.ctx().clone();
        if play.ui(ui, map) {
            commands.push(Command::Action(Action::PlayView));
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

    /// For `--screenshot --view play`: the play view with a game of sample bots, `steps` steps in.
    pub(super) fn show_play_sample(&mut self, steps: usize) {
        self.toggle_play();
        if let Some(play) = self.play.as_mut() {
            play.show_bots_sample(steps);
        }
    }

    /// For `--screenshot --view play-options`: a "you" robot with options programming turn 1.
    pub(super) fn show_play_options_sample(&mut self) {
        self.toggle_play();
        if let Some(play) = self.play.as_mut() {
            play.show_options_sample();
        }
    }

    /// For `--screenshot --view drive`: the test-drive tab after a drive of `games` games, run
    /// on this thread first.
    pub(super) fn show_drive_sample(&mut self, games: usize) {
        self.toggle_play();
        if let Some(play) = self.play.as_mut() {
            play.show_drive_sample(games);
        }
    }
}
