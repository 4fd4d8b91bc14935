//! The play view as `--screenshot` shows it: a game of sample bots some steps in, a "you" robot
//! programming with options, a test drive's results.

use super::session::Controller;
use super::{PlayTab, PlayView};
use crate::bots::BotKind;
use crate::engine::{CardKind, Choices, Event, OptionCard, Side};

impl PlayView {
    /// `--view play`: a game of sample bots, `steps` steps in, holding the latest laser volley.
    pub fn show_bots_sample(&mut self, steps: usize) {
        self.setup.robots = vec![
            Controller::Bot(BotKind::Planner),
            Controller::Bot(BotKind::Greedy),
            Controller::Bot(BotKind::Random),
            Controller::Bot(BotKind::Random),
        ];
        self.start();
        self.step_quietly(steps);
        // Hold the latest laser volley, as the animation draws it, if there was one.
        let shot = self.session().and_then(|s| {
            (1..=s.cursor()).rev().find_map(|k| {
                s.steps()[k]
                    .events
                    .iter()
                    .rposition(|e| matches!(e, Event::Shot { .. }))
                    .map(|e| (k, e))
            })
        });
        if let Some((k, e)) = shot {
            self.jump_to_event(k, e);
        }
    }

    /// `--view play-options`: robot 1 is "you", starts with a few options and is programming
    /// turn 1 with a Move 1 and a Move 3 in its registers when it has them and the Shield on its
    /// left.
    pub fn show_options_sample(&mut self) {
        self.setup.robots = vec![
            Controller::You,
            Controller::Bot(BotKind::Planner),
            Controller::Bot(BotKind::Greedy),
        ];
        self.setup.start_options = vec![
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
        self.start();
        self.step_quietly(1);
        let Some(game) = self.session().map(|s| s.game().clone()) else {
            return;
        };
        let mut hand = game.hand(0).to_vec();
        // Cards the options act on first, so their controls show.
        hand.sort_by_key(|c| !matches!(c.kind, CardKind::Move1 | CardKind::Move3));
        for (slot, card) in self.draft.registers.iter_mut().zip(hand) {
            *slot = Some(card);
        }
        self.draft.choices = Some(Choices {
            shield: Some(Side::Left),
            policy: game.choices(0).policy,
            ..Choices::default()
        });
    }

    /// `--view drive`: the test-drive tab after a drive of `games` games, run on this thread.
    pub fn show_drive_sample(&mut self, games: usize) {
        self.tab = PlayTab::Drive;
        self.drive.games = games;
        let arena = std::sync::Arc::clone(self.arena());
        self.drive.run_now(&arena);
    }
}
