//! Where the play view meets the app: opening and closing it (Action::PlayView), drawing it in
//! place of the editor's panels, and what the tests and `--screenshot` read or set up.

use super::PlayView;
use crate::app::command::{Action, Command, Menu};
use crate::app::{App, dialogs};

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
    pub(crate) fn toggle_play(&mut self) {
        if self.play.take().is_some() {
            return;
        }
        let Some(course) = self.doc.as_ref().and_then(|d| d.course()) else {
            self.errors
                .push("The play view plays a course: open or compose one first.".to_string());
            return;
        };
        match PlayView::new(course, &self.library) {
            Ok(view) => self.play = Some(view),
            Err(e) => self.errors.push(format!("Cannot play this course: {e}")),
        }
    }

    /// Draws the play view when it is open and runs the frame's commands; returns false (and
    /// draws nothing) when the editor is shown instead.
    pub(crate) fn play_frame_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) -> bool {
        let Some(play) = self.play.as_mut() else {
            return false;
        };
        let ctx = ui.ctx().clone();
        if play.ui(ui) {
            commands.push(Command::Action(Action::PlayView));
        }
        if self.pending.is_some() {
            let name = self
                .doc
                .as_ref()
                .map_or_else(String::new, |d| d.content.display_name());
            commands.extend(dialogs::unsaved_prompt(&ctx, &name));
        }
        dialogs::help_window(&ctx, &mut self.show_help);
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
    pub(crate) fn show_play_sample(&mut self, steps: usize) {
        self.toggle_play();
        if let Some(play) = self.play.as_mut() {
            play.setup.robots = vec![
                super::session::Controller::Bot(crate::bots::BotKind::Planner),
                super::session::Controller::Bot(crate::bots::BotKind::Greedy),
                super::session::Controller::Bot(crate::bots::BotKind::Random),
                super::session::Controller::Bot(crate::bots::BotKind::Random),
            ];
            play.start();
            play.step_quietly(steps);
            // Hold the latest laser volley, as the animation draws it, if there was one.
            let shot = play.session().and_then(|s| {
                (1..=s.cursor()).rev().find_map(|k| {
                    s.steps()[k]
                        .events
                        .iter()
                        .rposition(|e| matches!(e, crate::engine::Event::Shot { .. }))
                        .map(|e| (k, e))
                })
            });
            if let Some((k, e)) = shot {
                play.jump_to_event(k, e);
            }
        }
    }

    /// For `--screenshot --view play-options`: robot 1 is "you", starts with a few options and
    /// is programming turn 1 with a Move 1 and a Move 3 in its registers when it has them and the
    /// Shield on its left.
    pub(crate) fn show_play_options_sample(&mut self) {
        use super::session::Controller;
        use crate::engine::{CardKind, Choices, OptionCard, Side};
        self.toggle_play();
        let Some(play) = self.play.as_mut() else {
            return;
        };
        play.setup.robots = vec![
            Controller::You,
            Controller::Bot(crate::bots::BotKind::Planner),
            Controller::Bot(crate::bots::BotKind::Greedy),
        ];
        play.setup.start_options = vec![
            [
                OptionCard::Shield,
                OptionCard::Brakes,
                OptionCard::FourthGear,
                OptionCard::GyroscopicStabilizer,
                OptionCard::Flywheel,
                OptionCard::Recompile,
                OptionCard::MiniHowitzer,
                OptionCard::AblativeCoat,
            ]
            .into_iter()
            .collect(),
        ];
        play.start();
        play.step_quietly(1);
        let Some(game) = play.session().map(|s| s.game().clone()) else {
            return;
        };
        let mut hand = game.hand(0).to_vec();
        // Cards the options act on first, so their controls show.
        hand.sort_by_key(|c| !matches!(c.kind, CardKind::Move1 | CardKind::Move3));
        for (slot, card) in play.draft.registers.iter_mut().zip(hand) {
            *slot = Some(card);
        }
        play.draft.choices = Some(Choices {
            shield: Some(Side::Left),
            policy: game.choices(0).policy,
            ..Choices::default()
        });
    }

    /// For `--screenshot --view drive`: the test-drive tab after a drive of `games` games, run
    /// on this thread first.
    pub(crate) fn show_drive_sample(&mut self, games: usize) {
        self.toggle_play();
        if let Some(play) = self.play.as_mut() {
            play.tab = super::PlayTab::Drive;
            play.drive.games = games;
            let arena = std::sync::Arc::clone(play.arena());
            play.drive.run_now(&arena);
        }
    }
}
