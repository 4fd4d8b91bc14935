//! Sample robots that choose programs through the engine (issue 6): `random`, `greedy` and
//! `planner`, the distance maps they steer by, the careful walk that ranks their programs and
//! keeps them out of pits (issue 17 item 5), and the course they race on (`Arena`). The race
//! driver that seats them, and the test drives, are in `race`.
//!
//! Layers, lowest first: `map`, `options`, `careful`, `strategy` (the `Bot` trait, random,
//! greedy), `planner`, `fight` (RoboArena), `kind`, `arena`.

pub mod arena;
pub mod careful;
pub mod fight;
pub mod kind;
pub mod map;
pub mod options;
pub mod planner;
pub mod strategy;

pub use arena::Arena;
pub use kind::{BotKind, parse_bots};
pub use map::FlagMaps;
pub use planner::PlannerBot;
pub use strategy::{Bot, Choice, GreedyBot, RandomBot, submit};
