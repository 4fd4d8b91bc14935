//! factory-floor: a desktop editor for RoboRally race courses. The library holds the whole
//! product: the factory model and its files, the rules engine, course validation, sample robots,
//! the renderer and the editor window. `src/main.rs` is a thin command line over it.

pub mod app;
pub mod bots;
pub mod check;
pub mod engine;
pub mod format;
pub mod geom;
pub mod model;
pub mod render;
pub mod validate;
