//! Replays: a game is its board, settings, seed, robots and the programs chosen each turn;
//! playing them again gives the same events, bit for bit (issue 3, item 4).

use super::card::Card;
use super::event::Event;
use super::factory::Factory;
use super::game::{Game, RobotSetup, Settings};
use super::options::Choices;
use super::rng::Rng;
use std::sync::Arc;

/// One turn's choices: (robot, cards for its unlocked registers, power-down announcement).
pub type TurnPrograms = Vec<(usize, Vec<Card>, bool)>;

/// One turn's option choices, by robot (issue 8); a robot missing here used none.
pub type TurnChoices = Vec<(usize, Choices)>;

/// Everything needed to play a game again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub seed: u64,
    pub settings: Settings,
    pub robots: Vec<RobotSetup>,
    pub turns: Vec<TurnPrograms>,
    /// Option choices, turn by turn beside `turns` (shorter or empty: no choices).
    pub choices: Vec<TurnChoices>,
}

impl Replay {
    /// Plays the recorded turns on `factory` and returns the final game and every event.
    pub fn play(&self, factory: Arc<Factory>) -> Result<(Game, Vec<Event>), String> {
        let mut game = Game::new(factory, &self.robots, self.settings, self.seed)?;
        let mut events = Vec::new();
        for (k, programs) in self.turns.iter().enumerate() {
            if game.is_over() {
                break;
            }
            let choices = self.choices.get(k).map_or(&[][..], |c| c.as_slice());
            let errors = game.play_turn_with(programs, choices, &mut events);
            if let Some((id, e)) = errors.first() {
                return Err(format!(
                    "turn {}: the program of robot {id} is illegal: {e}",
                    game.turn()
                ));
            }
        }
        Ok((game, events))
    }

    /// Plays up to `turns` turns with random legal programs drawn from `program_seed` (sample robots
    /// and property tests), recording them; returns the replay, the final game and the events.
    pub fn random(
        factory: Arc<Factory>,
        robots: Vec<RobotSetup>,
        settings: Settings,
        seed: u64,
        program_seed: u64,
        turns: u32,
    ) -> Result<(Replay, Game, Vec<Event>), String> {
        let mut game = Game::new(factory, &robots, settings, seed)?;
        let mut chooser = Rng::new(program_seed);
        let mut events = Vec::new();
        let mut recorded = Vec::new();
        let mut recorded_choices = Vec::new();
        for _ in 0..turns {
            if game.is_over() {
                break;
            }
            game.begin_turn(&mut events);
            let playing: Vec<usize> = (0..game.robots().len())
                .filter(|&i| game.robots()[i].is_active() && !game.robots()[i].powered_down)
                .collect();
            let mut programs: TurnPrograms = Vec::new();
            let mut choices: TurnChoices = Vec::new();
            for i in playing {
                // Recompile, when held, is used now and then, before the program is chosen.
                let recompile = game
                    .options(i)
                    .contains(super::options::OptionCard::Recompile)
                    && chooser.below(4) == 0
                    && game.recompile(i, &mut events).is_ok();
                if !game.robots()[i].is_active() {
                    // Destroyed by Recompile's damage: recorded so the replay recompiles too.
                    let c = Choices {
                        recompile: true,
                        ..Choices::default()
                    };
                    choices.push((i, c));
                    continue;
                }
                let cards = game.random_program(i, &mut chooser);
                let down = game.robots()[i].damage >= 3 && chooser.below(4) == 0;
                let mut c = game.random_choices(i, &cards, &mut chooser);
                c.recompile = recompile;
                if c != Choices::default() {
                    choices.push((i, c));
                }
                programs.push((i, cards, down));
            }
            let errors = game.play_turn_with(&programs, &choices, &mut events);
            if let Some((id, e)) = errors.first() {
                return Err(format!("robot {id} drew an illegal random program: {e}"));
            }
            recorded.push(programs);
            recorded_choices.push(choices);
        }
        Ok((
            Replay {
                seed,
                settings,
                robots,
                turns: recorded,
                choices: recorded_choices,
            },
            game,
            events,
        ))
    }
}

#[cfg(test)]
mod tests;
