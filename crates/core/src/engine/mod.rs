//! The rules engine: deck, robots, game state, one register phase, one turn and the event log of
//! the 1994 classic rules (seeds 000, 001, 003 and RULINGS.md). Pure and deterministic: no I/O
//! except the scenario reader, no clock, one seeded generator.

pub mod card;
mod damage;
pub mod event;
pub mod factory;
pub mod game;
mod holdings;
pub mod lone;
mod movement;
pub mod options;
pub mod phase;
pub mod replay;
pub mod rng;
mod robot;
pub mod scenario;
mod turn;

pub use card::{Card, CardKind, DECK_SIZE, full_deck};
pub use event::{
    DestroyCause, DiscardReason, Event, OptionSource, PushedBy, RepairCause, RobotId, RotateCause,
    Shooter, Transport,
};
pub use factory::Factory;
pub use game::{Game, Settings, Stage};
pub use lone::LoneOutcome;
pub use options::{
    ChoiceError, Choices, Exchange, FireMode, OptionCard, OptionSet, Placed, Policy, RegisterSet,
    Side, Sidestep, WrenchChoice,
};
pub use replay::{Replay, TurnChoices, TurnPrograms};
pub use rng::Rng;
pub use robot::{Robot, RobotSetup, Status};
pub use scenario::{ScenarioReport, run_scenario_file};
pub use turn::ProgramError;

#[cfg(test)]
mod test_support;
