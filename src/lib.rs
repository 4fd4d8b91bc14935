//! factory-floor: a desktop editor for RoboRally race courses. This package is the window (`app`)
//! and the command line (`src/main.rs`); everything without a window (the factory model and its
//! files, the rules engine, validation, sample robots, the race driver, rendering, the headless
//! commands) is the `factory-floor-core` package in `crates/core`, re-exported here under the same
//! names.

pub mod app;

pub use factory_floor_core::{cli, format, geom, model, race, render, validate};

/// The rules engine, and the scenario-file runner under its old name (reading files is `cli`'s).
pub mod engine {
    pub use factory_floor_core::cli::scenario::run_scenario_file;
    pub use factory_floor_core::engine::*;
}

/// The sample robots, and the test drives under their old names (they race through `race`).
pub mod bots {
    pub use factory_floor_core::bots::*;
    pub use factory_floor_core::race::drive::{self, *};
}

/// `factory-floor check` under its old name.
pub use factory_floor_core::cli::check;
