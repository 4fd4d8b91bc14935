//! The board drawn from a cached mesh (issue 19, "a fast canvas"): the scene's shapes are turned
//! into one tessellated mesh when the scene, the view or the colours change, and the frames in
//! between (a pointer moving over the board) hand egui that mesh as it is. A large board (the
//! largest courses, issue 16) is drawn by `large::LargeBoard` instead, in bounded time per frame.

use super::large::{LARGE_SQUARES, LargeBoard};
use super::paint::{ColourMap, TextRequest, scene_to_shapes_mapped, text_shape};
use crate::render::Scene;
use egui::emath::RectTransform;
use egui::epaint::{ClippedShape, Mesh};
use egui::{Painter, Rect};
use std::sync::Arc;

/// What the cached mesh was made from; any change makes it again.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    /// The scene's revision, moved by its owner each time it builds the scene again.
    revision: u64,
    /// Where the board lands on the screen, and what is visible of it.
    board_on_screen: Rect,
    clip: Rect,
    pixels_per_point: f32,
    map: ColourMap,
}

/// One board's picture as a mesh (its texts apart, laid out once per view).
#[derive(Default)]
pub struct BoardCache {
    key: Option<Key>,
    mesh: Arc<Mesh>,
    texts: Vec<egui::Shape>,
    /// How often the mesh was made: the tests check that a moving pointer does not make it.
    builds: u64,
    large: LargeBoard,
}

impl BoardCache {
    /// How many times the mesh (or a large board's chunk mesh) has been made so far.
    pub fn builds(&self) -> u64 {
        self.builds + self.large.builds
    }

    /// The large board's picture (the tests read how far it is made).
    pub fn large(&self) -> &LargeBoard {
        &self.large
    }

    /// Paints `scene` (whose owner's revision is `revision`) through `to_screen`, from the
    /// cached mesh when nothing it was made from has changed.
    pub fn paint(
        &mut self,
        painter: &Painter,
        scene: &Arc<Scene>,
        revision: u64,
        to_screen: RectTransform,
        map: ColourMap,
    ) {
        if scene.width * scene.height > LARGE_SQUARES {
            self.large.paint(painter, scene, revision, to_screen, map);
            return;
        }
        let ctx = painter.ctx();
        let key = Key {
            revision,
            board_on_screen: *to_screen.to(),
            clip: painter.clip_rect(),
            pixels_per_point: ctx.pixels_per_point(),
            map,
        };
        if self.key != Some(key) {
            self.build(painter, scene, to_screen, key);
        }
        painter.add(egui::Shape::Mesh(Arc::clone(&self.mesh)));
        painter.extend(self.texts.iter().cloned());
    }

    fn build(&mut self, painter: &Painter, scene: &Scene, to_screen: RectTransform, key: Key) {
        let mut texts = Vec::new();
        let shapes = scene_to_shapes_mapped(scene, to_screen, key.map, |t: TextRequest<'_>| {
            // Texts are painted over the mesh: they need the font atlas of the frame.
            texts.push(text_shape(painter, t));
            egui::Shape::Noop
        });
        let clipped: Vec<ClippedShape> = shapes
            .into_iter()
            .filter(|s| !matches!(s, egui::Shape::Noop))
            .map(|shape| ClippedShape::new(key.clip, shape))
            .collect();
        let mesh = super::paint::one_mesh(painter.ctx(), clipped, key.pixels_per_point);
        self.mesh = Arc::new(mesh);
        self.texts = texts;
        self.key = Some(key);
        self.builds += 1;
    }
}

/// Paints a shared scene with no cache of the caller's own (a small preview of the course): a
/// small scene directly, a large one from a whole-board texture made on a worker thread and
/// kept in egui's memory, so a preview of the largest course never draws 100,000 squares a frame.
pub fn paint_shared(painter: &Painter, scene: &Arc<Scene>, to_screen: RectTransform) {
    if scene.width * scene.height <= LARGE_SQUARES {
        super::paint::paint_scene(painter, scene, to_screen);
        return;
    }
    /// The picture, the scene it was asked for last (held, so a new scene can never reuse its
    /// address) and that scene's revision.
    type Shared = Arc<std::sync::Mutex<(LargeBoard, Arc<Scene>, u64)>>;
    let id = egui::Id::unique("canvas::cache::paint_shared");
    // Two pixels a square of the preview as it is first shown: sharp enough, and a
    // 320 x 320 board's picture is then a few hundred pixels, not 3,840.
    let pixels = (to_screen.scale().x * painter.ctx().pixels_per_point() * 2.0).ceil() as u32;
    let shared: Shared = painter.ctx().data_mut(|d| {
        d.get_temp_mut_or_insert_with::<Shared>(id, || {
            Arc::new(std::sync::Mutex::new((
                LargeBoard::small(pixels),
                Arc::clone(scene),
                0,
            )))
        })
        .clone()
    });
    if let Ok(mut shared) = shared.lock() {
        let (large, last, revision) = &mut *shared;
        // The scene is built again as a new Arc on each change.
        if !Arc::ptr_eq(last, scene) {
            *last = Arc::clone(scene);
            *revision += 1;
        }
        large.paint(painter, scene, *revision, to_screen, ColourMap::default());
    }
}
