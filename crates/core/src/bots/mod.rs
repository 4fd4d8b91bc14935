//! Sample robots that choose programs through the engine (issue 6): `random`, `greedy` and
//! `planner`, the distance maps they steer by and the course they race on (`Arena`). The race
//! driver that seats them, and the test drives, are in `race`.

pub mod arena;
pub mod fight;
pub mod map;
pub mod options;
pub mod strategy;

pub use arena::Arena;
pub use map::FlagMaps;
pub use strategy::{Bot, BotKind, Choice, GreedyBot, PlannerBot, RandomBot, parse_bots, submit};
