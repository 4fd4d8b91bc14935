//! The rules engine: deck, robots, game state, one register phase, one turn and the event log of
//! the 1994 classic rules (seeds 000, 001, 003 and RULINGS.md). Pure and deterministic: no I/O
//! (scenario files are read by `cli::scenario`), no clock, one seeded generator.
//!
//! The modules in layers, top to bottom; each uses only modules below it (by path or by calling
//! the `impl Game` methods they define), so there are no circles:
//! - `scenario`: scenario files: read one, play it, compare the robots with what it expects.
//! - `steps`: one table of where a single card takes a lone robot, for the solver and the bots.
//! - `lone`: one register phase for a lone robot, the course solver's step.
//! - `replay`: a game as its seed, robots and programs, played again event for event.
//! - `turn/`: one turn: the start (re-entry, the deal), programs with option choices and
//!   Recompile, the end (repairs, power down, cleanup), a whole turn in one call.
//! - `phase/`: one register phase in order: reveal and the robots' cards, belts, pushers, gears
//!   and crushers, fire, touch; with the options that act in each step.
//! - `movement/`: a robot's move square by square with the expansion elements on its way, the
//!   robots it pushes, pushes that are not its own move, and turning.
//! - `arena`: RoboArena's end: the last robot standing wins.
//! - `house`: the house rules' bookkeeping (seed 003 section 8; docs/rules.md, House rules),
//!   each called from the one place in the turn where the rule acts.
//! - `damage`: damage, destruction and lives, with the options that act on damage.
//! - `holdings`: the option cards a robot holds: usable now, drawn, discarded.
//! - `flag_rules`: the rules reading the flags' state: where a flag is, touching it, a die's wall,
//!   a flag moving with its archives, a die taking damage.
//! - `game`: the game's state (robots, decks, who stands where) and how a game is set up.
//! - `flags`: the flags' state under moving flags and the Dice Rule, and where a flag goes in
//!   each step of a phase.
//! - `robot`: one robot's state; the cards dealt and the registers locked for its damage.
//! - `factory`: the compiled board the rules read.
//! - `cube`: RoboRally Cubed, six boards folded into a cube: which board edges meet.
//! - `event`: the event log.
//! - `options/`: option cards as data: the 26 cards, a controller's choices, the option deck.
//! - `card`: program cards and the deck.
//! - `rng`: the seeded generator.

mod arena;
pub mod card;
pub mod cube;
mod damage;
pub mod event;
pub mod factory;
mod flag_rules;
pub mod flags;
pub mod game;
mod holdings;
mod house;
pub mod lone;
mod movement;
pub mod options;
pub mod phase;
pub mod replay;
pub mod rng;
mod robot;
pub mod scenario;
pub mod steps;
mod turn;

pub use card::{Card, CardKind, DECK_SIZE, full_deck};
pub use event::{
    DestroyCause, DiscardReason, Event, OptionSource, PushedBy, RepairCause, RobotId, RotateCause,
    Shooter, Transport,
};
pub use factory::Factory;
pub use game::{Game, Settings, Stage};
pub use house::complete_program;
pub use lone::LoneOutcome;
pub use options::{
    ChoiceError, Choices, Exchange, FireMode, OptionCard, OptionSet, Placed, Policy, RegisterSet,
    Side, Sidestep, WrenchChoice,
};
pub use replay::{Replay, TurnChoices, TurnPrograms};
pub use rng::Rng;
pub use robot::{Robot, RobotSetup, Status};
pub use scenario::{BoardFileError, BoardFiles, ScenarioReport, run_scenario};
pub use steps::StepTable;
pub use turn::ProgramError;

#[cfg(test)]
mod test_support;
