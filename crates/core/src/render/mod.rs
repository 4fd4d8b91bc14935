//! One scene description of a board, in board units: painted by egui in the app and rasterised to
//! PNG here (`png`), so an exported picture is what the editor shows.

mod build;
pub mod png;
mod scene;

pub use build::build_scene;
pub use png::render_document;
pub use scene::{
    Anchor, HAlign, Point, Rgba, Scene, SceneOptions, ScenePath, Shape, Stroke, VAlign,
};

#[cfg(test)]
mod tests;
