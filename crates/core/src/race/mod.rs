//! The one race driver: sets a game up from a course (lives rule, start squares, option deal,
//! seeding), deals, takes programs from any mix of bots and people, and runs it step by step with
//! the event log of each step. The play view, `factory-floor play` and the test drives (`drive`)
//! all race through it, so one course, seed and set of bots is one game everywhere.

pub mod clock;
pub mod drive;
mod driver;
pub mod stats;
pub mod tally;

pub use clock::{Clock, RaceClock, complete_program};
pub use drive::{
    DriveOptions, DriveStats, GameResult, drive, drive_stats, drive_with, play_game, play_game_with,
};
pub use driver::{Decisions, Race, RaceSetup, RaceStep, must_program};
pub use tally::Tally;

use crate::bots::BotKind;

/// The most robots a race holds (seed 000: up to 8 players).
pub const MAX_PLAYERS: usize = 8;

/// The longest game a race plays, in turns: a longer cap is taken as this one, so a typo
/// cannot make a drive run for days or its histogram fill the memory.
pub const MAX_TURN_CAP: u32 = 1000;

/// Who programs a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A sample robot, seeded by `bot_seed`.
    Bot(BotKind),
    /// A person ("you" in the play view): the program and re-entry choices come from outside
    /// the race (`Decisions`).
    You,
}

impl Controller {
    pub const ALL: [Controller; 4] = [
        Controller::Bot(BotKind::Random),
        Controller::Bot(BotKind::Greedy),
        Controller::Bot(BotKind::Planner),
        Controller::You,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Controller::Bot(kind) => kind.name(),
            Controller::You => "you",
        }
    }
}

/// The seed of robot `robot`'s bot for its decisions in turn `turn` (its program, and its
/// re-entry as that turn begins), from the race's `seed`: SplitMix-style mixing of the seed with
/// the robot (high half) and the turn (low half), so neighbouring seeds, robots and turns give
/// unrelated choices. Every race makes a fresh bot from this seed for each decision, so a race
/// taken up again from any earlier step (the play view's timeline) chooses the same again.
pub fn bot_seed(seed: u64, robot: usize, turn: u32) -> u64 {
    let salt = ((robot as u64 + 1) << 32) ^ u64::from(turn);
    let mut z = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What a step of a race did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The game as set up, before turn 1.
    Start,
    /// Destroyed robots re-entered and cards were dealt: programming.
    Dealt { turn: u32 },
    /// Programs were locked in (for phase 1) and register phase `phase` ran.
    Phase { turn: u32, phase: u8 },
    /// Repairs, power-down and cleanup after phase 5.
    EndTurn { turn: u32 },
    /// A person's robot used its Recompile while programming (issue 8).
    Recompiled { turn: u32, robot: usize },
}

impl StepKind {
    pub fn label(self) -> String {
        match self {
            StepKind::Start => "Start".to_string(),
            StepKind::Dealt { turn } => format!("Turn {turn}: cards dealt"),
            StepKind::Phase { turn, phase } => format!("Turn {turn}, phase {phase}"),
            StepKind::EndTurn { turn } => format!("Turn {turn}: end of turn"),
            StepKind::Recompiled { turn, robot } => {
                format!("Turn {turn}: robot {} recompiled", robot + 1)
            }
        }
    }
}
