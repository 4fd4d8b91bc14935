//! Sample robots that choose programs through the engine (issue 6): `random`, `greedy` and
//! `planner`, and the test drives that race them on a course (`drive`).

pub mod drive;
pub mod map;
pub mod options;
pub mod strategy;

pub use drive::{Arena, DriveOptions, DriveStats, GameResult, drive, play_game, play_game_with};
pub use map::FlagMaps;
pub use strategy::{Bot, BotKind, Choice, GreedyBot, PlannerBot, RandomBot, parse_bots, submit};
