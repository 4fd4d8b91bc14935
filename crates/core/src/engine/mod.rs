//! The rules engine: deck, robots, game state, one register phase, one turn and the event log of
//! the 1994 classic rules (seeds 000, 001, 003 and RULINGS.md). Pure and deterministic: no I/O
//! except the scenario reader, no clock, one seeded generator.

pub mod card;
pub mod event;
mod expansion;
pub mod factory;
pub mod game;
pub mod lone;
pub mod options;
pub mod phase;
pub mod replay;
pub mod rng;
pub mod scenario;
pub mod steps;

pub use card::{Card, CardKind, DECK_SIZE, full_deck};
pub use event::{
    DestroyCause, DiscardReason, Event, OptionSource, PushedBy, RepairCause, RobotId, RotateCause,
    Shooter, Transport,
};
pub use factory::Factory;
pub use game::{Game, ProgramError, Robot, RobotSetup, Settings, Stage, Status};
pub use lone::LoneOutcome;
pub use options::{
    ChoiceError, Choices, Exchange, FireMode, OptionCard, OptionSet, Placed, Policy, RegisterSet,
    Side, Sidestep, WrenchChoice,
};
pub use replay::{Replay, TurnChoices, TurnPrograms};
pub use rng::Rng;
pub use scenario::{ScenarioReport, run_scenario_file};
pub use steps::StepTable;

#[cfg(test)]
mod tests;
