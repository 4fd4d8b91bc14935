//! Start options chosen by people (docs/rules.md, "start options, deal N keep K"): as the game
//! starts a person's robot is shown the N option cards it is dealt and keeps the K it picks. The
//! engine deals and keeps (`Game::begin_turn`); a person's pick reaches it as the options its
//! policy keeps first (`Policy::keep`), which is how the engine chooses for every robot, so bots
//! keep theirs by their own policy exactly as before.

use super::Controller;
use super::driver::{Decisions, Race};
use crate::engine::{Event, OptionCard, OptionSet, OptionSource, Stage};

/// The option cards a person's robot is dealt as the game starts, and how many of them it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartDeal {
    pub dealt: Vec<OptionCard>,
    pub keep: usize,
}

impl Race {
    /// Whether the game is yet to start under the start-options rule, with option cards on.
    fn deals_start_options(&self) -> bool {
        let game = self.game();
        game.turn() == 0
            && game.stage() == Stage::BetweenTurns
            && game.settings.options
            && game.settings.house.start_options.is_some()
    }

    /// The start options person `id`'s robot is dealt, and how many it keeps; `None` when it
    /// chooses none (not a person, not the start of the game, or no such rule). The deal is
    /// read from the engine's own start, played on a copy of the game with the picks `people`
    /// made so far (the option deck is shuffled as the game is set up, so the copy deals what
    /// the game will).
    pub fn start_deal(&self, id: usize, people: &Decisions) -> Option<StartDeal> {
        if self.controllers().get(id) != Some(&Controller::You) || !self.deals_start_options() {
            return None;
        }
        let start = self.game().settings.house.start_options?;
        let mut trial = self.game().clone();
        keep_picks(&mut trial, self.controllers(), people);
        let mut events = Vec::new();
        trial.begin_turn(&mut events);
        let mut dealt: Vec<OptionCard> = events
            .iter()
            .filter_map(|e| match e {
                Event::OptionDrawn {
                    robot,
                    option,
                    source: OptionSource::GameStart,
                    ..
                } if usize::from(*robot) == id => Some(*option),
                _ => None,
            })
            .collect();
        // One Free Option is drawn first and is not at stake (docs/rules.md).
        if trial.settings.house.one_free_option && !dealt.is_empty() {
            dealt.remove(0);
        }
        let keep = usize::from(start.keep).min(dealt.len());
        Some(StartDeal { dealt, keep })
    }

    /// People's robots that still have to pick their start options before the game can start.
    pub fn choosing_start_options(&self, people: &Decisions) -> Vec<usize> {
        if !self.deals_start_options() {
            return Vec::new();
        }
        (0..self.controllers().len())
            .filter(|&i| self.controllers()[i] == Controller::You)
            .filter(|i| !people.start_options.contains_key(i))
            .collect()
    }

    /// Whether person `id` may keep `keep` of its start options: exactly as many as the rule
    /// keeps, each one it was dealt.
    pub fn check_start_options(
        &self,
        id: usize,
        keep: OptionSet,
        people: &Decisions,
    ) -> Result<(), String> {
        let Some(deal) = self.start_deal(id, people) else {
            return Err(format!("robot {} has no start options to choose", id + 1));
        };
        if let Some(o) = keep.iter().find(|o| !deal.dealt.contains(o)) {
            return Err(format!("{o} was not dealt to robot {}", id + 1));
        }
        if keep.len() != deal.keep {
            return Err(format!(
                "keep {} of the {} start options dealt, not {}",
                deal.keep,
                deal.dealt.len(),
                keep.len()
            ));
        }
        Ok(())
    }

    /// Before the game's first turn: people's picks become the options their robots' policies
    /// keep first, so the engine's deal keeps them.
    pub(super) fn apply_start_picks(&mut self, people: &Decisions) {
        if self.deals_start_options() {
            let controllers = self.controllers().to_vec();
            keep_picks(self.game_mut(), &controllers, people);
        }
    }
}

/// Sets each person's pick as the options its robot's policy keeps first.
fn keep_picks(game: &mut crate::engine::Game, controllers: &[Controller], people: &Decisions) {
    for (&id, &keep) in &people.start_options {
        if controllers.get(id) == Some(&Controller::You) {
            let mut policy = game.choices(id).policy;
            policy.keep = keep;
            game.set_policy(id, policy);
        }
    }
}
