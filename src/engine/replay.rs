//! Replays: a game is its board, settings, seed, robots and the programs chosen each turn;
//! playing them again gives the same events, bit for bit (issue 3, item 4).

use super::card::Card;
use super::event::Event;
use super::factory::Factory;
use super::game::{Game, RobotSetup, Settings};
use super::rng::Rng;
use std::sync::Arc;

/// One turn's choices: (robot, cards for its unlocked registers, power-down announcement).
pub type TurnPrograms = Vec<(usize, Vec<Card>, bool)>;

/// Everything needed to play a game again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub seed: u64,
    pub settings: Settings,
    pub robots: Vec<RobotSetup>,
    pub turns: Vec<TurnPrograms>,
}

impl Replay {
    /// Plays the recorded turns on `factory` and returns the final game and every event.
    pub fn play(&self, factory: Arc<Factory>) -> Result<(Game, Vec<Event>), String> {
        let mut game = Game::new(factory, &self.robots, self.settings, self.seed)?;
        let mut events = Vec::new();
        for programs in &self.turns {
            if game.is_over() {
                break;
            }
            let errors = game.play_turn(programs, &mut events);
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
        for _ in 0..turns {
            if game.is_over() {
                break;
            }
            game.begin_turn(&mut events);
            let programs: TurnPrograms = (0..game.robots().len())
                .filter(|&i| game.robots()[i].is_active() && !game.robots()[i].powered_down)
                .map(|i| {
                    let cards = game.random_program(i, &mut chooser);
                    let down = game.robots()[i].damage >= 3 && chooser.below(4) == 0;
                    (i, cards, down)
                })
                .collect();
            let errors = game.play_turn(&programs, &mut events);
            if let Some((id, e)) = errors.first() {
                return Err(format!("robot {id} drew an illegal random program: {e}"));
            }
            recorded.push(programs);
        }
        Ok((
            Replay {
                seed,
                settings,
                robots,
                turns: recorded,
            },
            game,
            events,
        ))
    }
}
