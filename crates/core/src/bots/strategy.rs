//! What a sample robot is (`Bot`, its `Choice`), the one way a choice reaches the engine
//! (`submit`, which never lets an illegal program through: RULINGS.md, legal programs only), and
//! the two simple robots: random and greedy. The planner is `planner.rs`.

use super::careful::{facing_choice, ranked_programs};
use super::map::FlagMaps;
use super::options::basic_choices;
use crate::engine::{Card, Choices, Event, Game, Rng, Stage};
use crate::geom::Facing;
use std::sync::Arc;

/// A bot's program for one turn: cards for the unlocked registers, in order, whether it
/// announces a power down, and its option choices (issue 8).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    pub cards: Vec<Card>,
    pub power_down: bool,
    pub options: Choices,
}

/// A strategy that programs one robot.
pub trait Bot: Send {
    fn name(&self) -> &'static str;
    /// Chooses a program for robot `id` from its hand while the game is programming.
    fn choose(&mut self, game: &Game, id: usize) -> Choice;
    /// For a destroyed robot about to re-enter: its facing and whether it enters powered down
    /// (RULINGS.md, Fine points: the controller chooses). `None` keeps the engine's default.
    fn reentry(&mut self, _game: &Game, _id: usize) -> Option<(Facing, bool)> {
        None
    }
}

/// Hands robot `id`'s choice to `Game::program_with`. When the engine refuses it, the robot plays
/// the first cards of its hand with no option choices instead (always legal) and `true` is
/// returned, so tests can count refusals. Robots that are not programming (powered down, off the board) are left alone.
pub fn submit(game: &mut Game, id: usize, choice: &Choice, events: &mut Vec<Event>) -> bool {
    if game.stage() != Stage::Programming {
        return false;
    }
    let Some(r) = game.robot(id).copied() else {
        return false;
    };
    if !r.is_active() || r.powered_down {
        return false;
    }
    if game
        .program_with(
            id,
            &choice.cards,
            choice.power_down,
            &choice.options,
            events,
        )
        .is_ok()
    {
        return false;
    }
    let n = unlocked(game, id);
    let fallback: Vec<Card> = game.hand(id).iter().take(n).copied().collect();
    // The first cards of the hand fill the unlocked registers: the engine accepts that program.
    let _ = game.program(id, &fallback, false, events);
    true
}

/// How many cards robot `id` programs this turn: one per unlocked register, as far as its hand
/// goes (RULINGS.md: legal programs).
fn unlocked(game: &Game, id: usize) -> usize {
    game.program_size(id)
}

/// Any legal program, drawn with its own seeded generator.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let cards = game.random_program(id, &mut self.rng);
        let damaged = game.robot(id).is_some_and(|r| r.damage >= 3);
        let options = game.random_choices(id, &cards, &mut self.rng);
        Choice {
            cards,
            power_down: damaged && self.rng.below(4) == 0,
            options,
        }
    }

    fn reentry(&mut self, _game: &Game, _id: usize) -> Option<(Facing, bool)> {
        Some((Facing::from_index(self.rng.below(4) as usize), false))
    }
}

/// The program that ends nearest the next flag on the distance map, as if the robot were alone
/// on the board, careful: a program the walk finds deadly (a pit, the edge, 10 damage from the
/// board's lasers) only when every program is, and damage counted against progress. It never
/// powers down.
pub struct GreedyBot {
    maps: Arc<FlagMaps>,
}

impl GreedyBot {
    pub fn new(maps: Arc<FlagMaps>) -> GreedyBot {
        GreedyBot { maps }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, game: &Game, id: usize) -> Choice {
        let best = ranked_programs(&self.maps, game, id, 1);
        let cards = best.into_iter().next().map(|(_, c)| c).unwrap_or_default();
        let options = basic_choices(game, id, &cards);
        Choice {
            cards,
            power_down: false,
            options,
        }
    }

    fn reentry(&mut self, game: &Game, id: usize) -> Option<(Facing, bool)> {
        facing_choice(&self.maps, game, id)
    }
}
