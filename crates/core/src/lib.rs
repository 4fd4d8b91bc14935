//! factory-floor-core: everything of factory-floor that needs no window. The factory model and its
//! files, the rules engine, course validation and the solver, sample robots, the race driver, the
//! scene renderer (PNG) and the headless commands (`cli`). It depends on no GUI crate.

pub mod bots;
pub mod cli;
pub mod engine;
pub mod format;
pub mod geom;
pub mod model;
pub mod race;
pub mod render;
pub mod validate;
