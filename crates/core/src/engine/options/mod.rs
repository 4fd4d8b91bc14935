//! Option cards (issue 8) as data: the 26 cards (`card`), what a robot's controller decides about
//! them (`choices`) and the option side of a game (`state`: the option deck and this turn's
//! choices). Powered-down robots use no option but the Power-Down Shield (seed 000, PowerDown:
//! "nor can it acquire or use option cards").
//!
//! Each card's effect is one function in the `impl Game` block of the rule it changes:
//! - `holdings.rs`: whether an option is usable now, drawing one (`draw_option`: double-wrench
//!   sites, radioactive waste, chop shops) and discarding one.
//! - `damage.rs`: Ablative Coat (`ablative_coat`), option exchange (`option_exchange`), Shield
//!   and Power-Down Shield (`shielded`), the option lost on destruction and the Superior Archive
//!   Copy (`options_on_destroyed`).
//! - `movement/step.rs`: Ramming Gear (`ramming`), Gyroscopic Stabilizer (`stabilized`).
//! - `phase/cards.rs`: Brakes, Fourth Gear, Reverse Gears and Crab Legs (`card_motion`), Dual
//!   Processor (`dual_rotate`), Abort Switch and Conditional Program (`options_before_reveal`),
//!   Radio Control's program (`register_card`).
//! - `phase/fire.rs`: Double-Barreled, High-Power and Rear-Firing Lasers (`robot_lasers`,
//!   `trace`), Pressor and Tractor Beams, Mini Howitzer, Scrambler and Radio Control
//!   (`fire_effects`), Fire Control (`fire_control`).
//! - `phase/touch.rs`: Mechanical Arm (`touch_square`).
//! - `turn/`: Recompile (`recompile`), Flywheel (`options_after_deal`), Superior Archive Copy at
//!   re-entry (`superior_reentry`), the choices checked (`program_with`), Circuit Breaker
//!   (`circuit_breakers`), the double-wrench choice (`takes_option_at_site`).
//!
//! Layers, top to bottom: `state` uses `choices` uses `card`.

pub mod card;
pub mod choices;
mod state;

pub use card::{OPTION_DECK_SIZE, OptionCard, OptionSet};
pub use choices::{
    ChoiceError, Choices, Exchange, FireMode, Placed, Policy, RegisterSet, Side, Sidestep,
    WrenchChoice,
};
pub(in crate::engine) use state::OptionsState;
