//! factory-floor: a desktop editor for RoboRally race courses. This package is the window (`app`)
//! and the command line (`src/main.rs`); everything without a window (the factory model and its
//! files, the rules engine, validation, sample robots, rendering, the headless commands) is the
//! `factory-floor-core` package in `crates/core`, re-exported here under the same names.

pub mod app;

pub use factory_floor_core::{bots, check, engine, format, geom, model, render, validate};
