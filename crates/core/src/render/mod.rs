//! One scene description of a board, in board units: painted by egui in the app, rasterised to
//! PNG (`png`) and written as SVG (`svg`) and PDF (`pdf`, at real size over pages: `page`), so
//! every exported picture is what the editor shows.

mod build;
pub mod page;
pub mod pdf;
pub mod png;
mod scene;
pub mod sheet;
pub mod svg;
pub mod text;

pub use build::{build_course_scene, build_scene, build_scene_for_play};
pub use png::render_document;
pub use scene::{
    Anchor, HAlign, Point, Rgba, Scene, SceneOptions, ScenePath, Shape, Stroke, VAlign,
};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod print_tests;
