//! The picture of a large board (over `LARGE_SQUARES` squares; the largest courses are 320 x 320,
//! issue 16) drawn in bounded time per frame at any zoom, pan or window size. Zoomed out, the
//! board is one texture rasterised once per change on a worker thread by the PNG exporter's
//! rasteriser (`render::png`); zoomed in, only the chunks of 16 x 16 squares in sight are drawn,
//! each tessellated once per zoom level in board coordinates and placed on the screen by a scale
//! and a shift, a few chunks per frame, the texture showing until the rest are made.

use super::paint::{ColourMap, TextRequest, background_shape, shape_to_egui, text_shape};
use crate::render::{Rgba, Scene, Shape, Stroke, png};
use egui::emath::RectTransform;
use egui::epaint::{ClippedShape, Mesh};
use egui::{Color32, Painter, Pos2, Rect, Vec2};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// Boards of more squares than this are drawn here; smaller ones as one mesh (`BoardCache`),
/// so the sample courses look exactly as they did.
pub const LARGE_SQUARES: f32 = 48.0 * 48.0;
/// A chunk's side, in squares.
const CHUNK: f32 = 16.0;
/// From this many points per square the squares are drawn as shapes; below it, the texture (a
/// fitted 320 x 320 board is about 3 points a square: 100,000 squares in sight).
pub const DETAIL_ZOOM: f32 = 16.0;
/// Pixels per square of the whole-board texture, fewer if the GPU cannot hold a texture that
/// big: 3,840 pixels a side for the largest course, sharp up to about `DETAIL_ZOOM`.
const OVERVIEW_PX: u32 = 12;
/// The side of one piece of the whole-board texture, in pixels: the texture goes to the GPU a few
/// pieces a frame (all 26 MB of the largest course's at once took 135 ms in one frame).
const PIECE_PX: usize = 1024;
/// How many pieces of the texture go to the GPU in one frame.
const PIECES_PER_FRAME: usize = 1;
/// Up to this zoom level (points per square) texts are laid out into the chunk meshes, at a few
/// font sizes egui keeps glyphs of; zoomed further in, the few texts in sight are laid out each
/// frame at their size (a glyph 200 pixels high per level would fill the font atlas).
const TEXT_LEVEL: f32 = 128.0;
/// The time one frame may spend tessellating chunks; the rest are made in the next frames.
const BUILD_BUDGET: Duration = Duration::from_millis(20);
/// The coarsest zoom level chunks are tessellated at, in points per square.
const MIN_LEVEL: f32 = 16.0;

/// Which of the scene's shapes reach into each chunk, in painting order. A chunk's mesh holds
/// all of them and is clipped to the chunk on the screen, so chunks never overlap and a long
/// beam or wall drawn in one chunk is never covered by a neighbour's floor.
struct Index {
    cols: i32,
    rows: i32,
    shapes: Vec<Vec<u32>>,
    /// The texts whose anchor lies in each chunk (laid out per frame above `TEXT_LEVEL`).
    texts: Vec<Vec<u32>>,
}

impl Index {
    fn of(scene: &Scene) -> Index {
        let cols = (scene.width / CHUNK).ceil().max(1.0) as i32;
        let rows = (scene.height / CHUNK).ceil().max(1.0) as i32;
        let n = (cols * rows) as usize;
        let mut index = Index {
            cols,
            rows,
            shapes: vec![Vec::new(); n],
            texts: vec![Vec::new(); n],
        };
        for (i, shape) in scene.shapes.iter().enumerate() {
            let i = i as u32;
            if let Shape::Text { pos, .. } = shape {
                let (cx, cy) = index.chunk_at(pos.x, pos.y);
                let k = index.id(cx, cy);
                index.texts[k].push(i);
            }
            let Some(b) = bounds(shape) else { continue };
            let (x0, y0) = index.chunk_at(b.min.x, b.min.y);
            let (x1, y1) = index.chunk_at(b.max.x, b.max.y);
            for cy in y0..=y1 {
                for cx in x0..=x1 {
                    let k = index.id(cx, cy);
                    index.shapes[k].push(i);
                }
            }
        }
        index
    }

    /// The chunk holding a board point, clamped to the board's chunks.
    fn chunk_at(&self, x: f32, y: f32) -> (i32, i32) {
        let c = |v: f32, n: i32| ((v / CHUNK).floor() as i32).clamp(0, n - 1);
        (c(x, self.cols), c(y, self.rows))
    }

    fn id(&self, cx: i32, cy: i32) -> usize {
        (cy * self.cols + cx) as usize
    }
}

/// A shape's extent in squares, with room for its stroke, mitred corners and anti-aliasing.
fn bounds(shape: &Shape) -> Option<Rect> {
    let grow = |r: Rect, s: Option<Stroke>| r.expand(s.map_or(0.0, |s| s.width) * 2.0 + 0.1);
    let of_points = |points: &[crate::render::Point]| {
        Rect::from_points(
            &points
                .iter()
                .map(|p| Pos2::new(p.x, p.y))
                .collect::<Vec<_>>(),
        )
    };
    match shape {
        Shape::Rect {
            min, max, stroke, ..
        } => Some(grow(
            Rect::from_two_pos(Pos2::new(min.x, min.y), Pos2::new(max.x, max.y)),
            *stroke,
        )),
        Shape::Polygon { points, stroke, .. } => Some(grow(of_points(points), *stroke)),
        Shape::Polyline { points, stroke } => Some(grow(of_points(points), Some(*stroke))),
        Shape::Circle {
            center,
            radius,
            stroke,
            ..
        } => Some(grow(
            Rect::from_center_size(Pos2::new(center.x, center.y), Vec2::splat(2.0 * radius)),
            *stroke,
        )),
        // A text's extent is known once laid out: a box wide enough for any anchor.
        Shape::Text {
            text, pos, size, ..
        } => Some(Rect::from_center_size(
            Pos2::new(pos.x, pos.y),
            Vec2::new(2.0 * size * (text.chars().count() as f32 + 1.0), 3.0 * size),
        )),
    }
}

/// The scene with its colours mapped (the colour-blind-safe set) for the texture.
fn mapped(scene: &Scene, map: ColourMap) -> Scene {
    scene.map_colours(|c| {
        let [r, g, b, a] = map.colour(c).to_srgba_unmultiplied();
        Rgba::new(r, g, b, a)
    })
}

/// What the worker thread sends back.
enum Made {
    Index(u64, Arc<Index>),
    Overview(u64, ColourMap, Result<Vec<Piece>, String>),
    /// A newer job came before this one's picture was begun: the worker is free for it.
    Stopped,
}

/// A picture to make: the scene of a revision, in some colours, at some pixels per square.
struct Job {
    scene: Arc<Scene>,
    revision: u64,
    map: ColourMap,
    pixels_per_square: u32,
    /// This job's number, and the number of the newest job asked for: a job that is no longer
    /// the newest (an edit came meanwhile) stops before its rasterising.
    number: u64,
    newest: Arc<AtomicU64>,
}

/// The work of one job, on the worker thread: the index first (the chunks wait for it), then the
/// texture's pixels.
fn run(job: Job, tx: &mpsc::Sender<Made>, ctx: &egui::Context) {
    crate::app::frame_probe::yield_to_ui();
    let index = Arc::new(Index::of(&job.scene));
    let _ = tx.send(Made::Index(job.revision, index));
    ctx.request_repaint();
    if job.newest.load(Ordering::Relaxed) != job.number {
        let _ = tx.send(Made::Stopped);
        ctx.request_repaint();
        return;
    }
    let scene = if job.map == ColourMap::default() {
        png::rasterise(&job.scene, job.pixels_per_square)
    } else {
        png::rasterise(&mapped(&job.scene, job.map), job.pixels_per_square)
    };
    let pieces =
        scene.map(|(w, h, pixels)| pieces(w as usize, h as usize, &pixels, job.pixels_per_square));
    let _ = tx.send(Made::Overview(job.revision, job.map, pieces));
    ctx.request_repaint();
}

/// What chunk meshes are made for: a revision of the scene, its colours, the zoom level.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    revision: u64,
    map: ColourMap,
    /// Points per square the meshes are tessellated at: a power of two at or above the zoom.
    level: f32,
    pixels_per_point: f32,
}

/// A piece of the whole-board texture: where it lies on the board (in squares), its pixels
/// until they go to the GPU, then its texture.
struct Piece {
    board: Rect,
    image: Option<egui::ColorImage>,
    texture: Option<egui::TextureHandle>,
}

/// Cuts a picture of `w` x `h` RGBA pixels at `px` pixels per square into pieces.
fn pieces(w: usize, h: usize, pixels: &[u8], px: u32) -> Vec<Piece> {
    let px = px.max(1) as f32;
    let mut out = Vec::new();
    for y0 in (0..h).step_by(PIECE_PX) {
        for x0 in (0..w).step_by(PIECE_PX) {
            let (pw, ph) = (PIECE_PX.min(w - x0), PIECE_PX.min(h - y0));
            let mut rgba = Vec::with_capacity(pw * ph * 4);
            for y in y0..y0 + ph {
                let row = (y * w + x0) * 4;
                rgba.extend_from_slice(&pixels[row..row + pw * 4]);
            }
            out.push(Piece {
                board: Rect::from_min_size(
                    Pos2::new(x0 as f32 / px, y0 as f32 / px),
                    Vec2::new(pw as f32 / px, ph as f32 / px),
                ),
                image: Some(egui::ColorImage::from_rgba_unmultiplied([pw, ph], &rgba)),
                texture: None,
            });
        }
    }
    out
}

/// The whole-board texture of one revision and colours, in pieces.
struct Overview {
    revision: u64,
    map: ColourMap,
    pieces: Vec<Piece>,
}

impl Overview {
    fn complete(&self) -> bool {
        self.pieces.iter().all(|p| p.texture.is_some())
    }

    /// Sends the next few pieces to the GPU; true if any went.
    fn upload(&mut self, ctx: &egui::Context) -> bool {
        let mut sent = 0;
        for piece in self.pieces.iter_mut().filter(|p| p.texture.is_none()) {
            if sent == PIECES_PER_FRAME {
                break;
            }
            if let Some(image) = piece.image.take() {
                piece.texture =
                    Some(ctx.load_texture("large board", image, egui::TextureOptions::LINEAR));
                sent += 1;
            }
        }
        sent > 0
    }

    /// The pieces on the GPU as image shapes through `to_screen`.
    fn shapes(&self, to_screen: RectTransform, clip: Rect, out: &mut Vec<(Rect, egui::Shape)>) {
        let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
        for piece in &self.pieces {
            if let Some(texture) = &piece.texture {
                let rect = to_screen.transform_rect(piece.board);
                if rect.intersects(clip) {
                    out.push((
                        clip,
                        egui::Shape::image(texture.id(), rect, uv, Color32::WHITE),
                    ));
                }
            }
        }
    }
}

/// The chunk meshes made at one zoom level for one revision and colours.
struct MeshSet {
    made: Level,
    chunks: HashMap<(i32, i32), Arc<Mesh>>,
}

/// What the shapes handed to egui last frame were made from.
#[derive(Clone, Copy, PartialEq)]
struct FrameKey {
    board_on_screen: Rect,
    clip: Rect,
    revision: u64,
    map: ColourMap,
    pixels_per_point: f32,
    /// Changes whenever a chunk mesh or the texture arrives.
    generation: u64,
}

/// A large board's picture: the texture, the chunk meshes and the worker making them.
#[derive(Default)]
pub struct LargeBoard {
    /// The revision and colours last asked for.
    wanted: Option<(u64, ColourMap)>,
    index: Option<(u64, Arc<Index>)>,
    /// The whole-board texture being sent to the GPU, and the last one sent whole.
    overview: Option<Overview>,
    shown_overview: Option<Overview>,
    /// The meshes of the current zoom level, and of the level before while these are made.
    current: Option<MeshSet>,
    previous: Option<MeshSet>,
    frame: Option<(FrameKey, Vec<(Rect, egui::Shape)>)>,
    generation: u64,
    worker: Option<mpsc::Receiver<Made>>,
    /// The number of the newest job asked for (`Job::newest`).
    newest: Arc<AtomicU64>,
    /// A job waiting for the worker to finish (only the newest is kept).
    queued: Option<Job>,
    /// How many chunk meshes were tessellated so far (the tests read it).
    pub builds: u64,
    /// The last error making the texture, for the tests.
    pub error: Option<String>,
    /// Pixels per square of the texture when fewer than `OVERVIEW_PX` will do (a small preview).
    texture_pixels: Option<u32>,
}

impl LargeBoard {
    /// A board only ever shown small (a preview a few hundred points wide): its texture is
    /// made at `pixels_per_square`, a fraction of the work of the canvas's.
    pub fn small(pixels_per_square: u32) -> LargeBoard {
        LargeBoard {
            texture_pixels: Some(pixels_per_square.clamp(1, OVERVIEW_PX)),
            ..LargeBoard::default()
        }
    }

    /// Whether the texture of the revision asked for last is on the GPU.
    pub fn overview_ready(&self) -> bool {
        self.shown_overview
            .as_ref()
            .is_some_and(|o| self.wanted == Some((o.revision, o.map)))
    }

    /// Paints `scene` (revision `revision` of its owner) through `to_screen`.
    pub fn paint(
        &mut self,
        painter: &Painter,
        scene: &Arc<Scene>,
        revision: u64,
        to_screen: RectTransform,
        map: ColourMap,
    ) {
        let ctx = painter.ctx().clone();
        if self.wanted != Some((revision, map)) {
            self.wanted = Some((revision, map));
            let side = ctx.input(|i| i.max_texture_side).max(1) as f32;
            let longest = scene.width.max(scene.height).max(1.0);
            let pixels_per_square = self
                .texture_pixels
                .unwrap_or(OVERVIEW_PX)
                .min((side / longest).floor() as u32)
                .max(1);
            let number = self.newest.fetch_add(1, Ordering::Relaxed) + 1;
            self.queued = Some(Job {
                scene: Arc::clone(scene),
                revision,
                map,
                pixels_per_square,
                number,
                newest: Arc::clone(&self.newest),
            });
        }
        self.poll();
        self.start_queued(&ctx);
        if let Some(overview) = self.overview.as_mut()
            && overview.upload(&ctx)
        {
            self.generation += 1;
            if overview.complete() {
                self.shown_overview = self.overview.take();
            } else {
                ctx.request_repaint();
            }
        }

        let zoom = to_screen.scale().x;
        let pixels_per_point = ctx.pixels_per_point();
        let clip = painter.clip_rect();
        let board = Rect::from_min_size(Pos2::ZERO, Vec2::new(scene.width, scene.height));
        let board_on_screen = to_screen.transform_rect(board);
        painter.add(background_shape(scene, to_screen, map));

        let detail = zoom >= DETAIL_ZOOM;
        // The zoom level chunks are made at: a power of two at or above the zoom.
        let level_now = MIN_LEVEL.max(2f32.powf(zoom.log2().ceil()));
        let mut built = false;
        let mut missing = false;
        let mut chunks = Vec::new();
        if detail {
            let seen = to_screen
                .inverse()
                .transform_rect(clip.intersect(board_on_screen));
            if seen.is_positive() {
                let c = |v: f32| (v / CHUNK).floor() as i32;
                let max_x = (scene.width / CHUNK).ceil() as i32 - 1;
                let max_y = (scene.height / CHUNK).ceil() as i32 - 1;
                for cy in c(seen.min.y).max(0)..=c(seen.max.y).min(max_y) {
                    for cx in c(seen.min.x).max(0)..=c(seen.max.x).min(max_x) {
                        chunks.push((cx, cy));
                    }
                }
            }
            let level = Level {
                revision,
                map,
                level: level_now,
                pixels_per_point,
            };
            built = self.build_chunks(painter, scene, level, &chunks);
            missing = chunks.iter().any(|k| self.mesh(*k).is_none());
            // More chunks are made next frame; while the worker makes the index, it wakes us.
            if missing && self.index.as_ref().is_some_and(|i| i.0 == revision) {
                ctx.request_repaint();
            }
        }
        if built {
            self.generation += 1;
        }
        let key = FrameKey {
            board_on_screen,
            clip,
            revision,
            map,
            pixels_per_point,
            generation: self.generation,
        };
        if self.frame.as_ref().map(|f| f.0) != Some(key) {
            let mut shapes = Vec::new();
            if !detail || missing {
                for overview in [&self.shown_overview, &self.overview].into_iter().flatten() {
                    overview.shapes(to_screen, clip, &mut shapes);
                }
            }
            if self.shown_overview.is_none() && (!detail || missing) {
                // The first picture is still being made: say so instead of a blank board.
                let text = painter.layout_no_wrap(
                    "Drawing the board...".to_string(),
                    egui::FontId::proportional(16.0),
                    Color32::from_gray(200),
                );
                let at = clip.intersect(board_on_screen).center() - text.size() / 2.0;
                shapes.push((clip, egui::Shape::galley(at, text, Color32::from_gray(200))));
            }
            for &k in &chunks {
                if let Some((mesh, from)) = self.mesh(k) {
                    let chunk = Rect::from_min_size(
                        Pos2::new(k.0 as f32 * CHUNK, k.1 as f32 * CHUNK),
                        Vec2::splat(CHUNK),
                    );
                    let on_screen = to_screen.transform_rect(chunk).intersect(clip);
                    shapes.push((on_screen, placed(&mesh, from, to_screen)));
                }
            }
            if detail
                && level_now > TEXT_LEVEL
                && let Some((_, index)) = self.index.as_ref().filter(|i| i.0 == revision)
            {
                for &k in &chunks {
                    for &i in &index.texts[index.id(k.0, k.1)] {
                        let Some(shape) = scene.shapes.get(i as usize) else {
                            continue;
                        };
                        let mut text = |t: TextRequest<'_>| text_shape(painter, t);
                        shapes.push((clip, shape_to_egui(shape, to_screen, map, &mut text)));
                    }
                }
            }
            self.frame = Some((key, shapes));
        }
        if let Some((_, shapes)) = &self.frame {
            for (rect, shape) in shapes {
                painter.with_clip_rect(*rect).add(shape.clone());
            }
        }
    }

    /// The mesh of chunk `k` to draw and the level it was made at: this level's, else the last
    /// level's (a zoom just crossed a level, or an edit's index is still being made).
    fn mesh(&self, k: (i32, i32)) -> Option<(Arc<Mesh>, f32)> {
        [&self.current, &self.previous]
            .into_iter()
            .flatten()
            .find_map(|set| set.chunks.get(&k).map(|m| (Arc::clone(m), set.made.level)))
    }

    /// Tessellates the chunks in sight that this level lacks, until the frame's budget is spent.
    /// True if it made any.
    fn build_chunks(
        &mut self,
        painter: &Painter,
        scene: &Scene,
        want: Level,
        chunks: &[(i32, i32)],
    ) -> bool {
        // The index of an older scene does not fit this one: wait for the worker's.
        let Some(index) = self
            .index
            .as_ref()
            .filter(|i| i.0 == want.revision)
            .map(|i| Arc::clone(&i.1))
        else {
            return false;
        };
        if self.current.as_ref().map(|s| s.made) != Some(want) {
            // Keep the set that has the most of what is in sight as the stand-in.
            let keep_old = self.current.as_ref().is_none_or(|c| c.chunks.is_empty());
            let old = self.current.take();
            if !keep_old {
                self.previous = old;
            }
            self.current = Some(MeshSet {
                made: want,
                chunks: HashMap::new(),
            });
        }
        let Some(set) = self.current.as_mut() else {
            return false;
        };
        let started = Instant::now();
        let mut built = false;
        for &(cx, cy) in chunks {
            if set.chunks.contains_key(&(cx, cy)) || cx >= index.cols || cy >= index.rows {
                continue;
            }
            if started.elapsed() > BUILD_BUDGET {
                break;
            }
            let mesh = tessellate(painter, scene, &index.shapes[index.id(cx, cy)], want);
            set.chunks.insert((cx, cy), Arc::new(mesh));
            self.builds += 1;
            built = true;
        }
        built
    }

    /// Takes what the worker made.
    fn poll(&mut self) {
        let Some(rx) = &self.worker else { return };
        loop {
            match rx.try_recv() {
                Ok(Made::Index(revision, index)) => {
                    self.index = Some((revision, index));
                    self.generation += 1;
                }
                Ok(Made::Overview(revision, map, pieces)) => {
                    match pieces {
                        Ok(pieces) => {
                            self.overview = Some(Overview {
                                revision,
                                map,
                                pieces,
                            });
                            self.error = None;
                        }
                        Err(e) => self.error = Some(e),
                    }
                    self.generation += 1;
                    self.worker = None;
                    return;
                }
                Ok(Made::Stopped) => {
                    self.worker = None;
                    return;
                }
                Err(mpsc::TryRecvError::Empty) => return,
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.worker = None;
                    return;
                }
            }
        }
    }

    /// Starts the job waiting, if the worker is free.
    fn start_queued(&mut self, ctx: &egui::Context) {
        if self.worker.is_some() {
            return;
        }
        let Some(job) = self.queued.take() else {
            return;
        };
        let (tx, rx) = mpsc::channel();
        let worker_ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("board picture".to_string())
            .spawn(move || run(job, &tx, &worker_ctx));
        match spawned {
            Ok(_) => self.worker = Some(rx),
            Err(e) => self.error = Some(format!("cannot start the board's picture: {e}")),
        }
    }
}

/// One chunk's shapes tessellated at `level` points per square, the board's corner at the origin.
fn tessellate(painter: &Painter, scene: &Scene, shapes: &[u32], made: Level) -> Mesh {
    let to_level = RectTransform::from_to(
        Rect::from_min_size(Pos2::ZERO, Vec2::splat(1.0)),
        Rect::from_min_size(Pos2::ZERO, Vec2::splat(made.level)),
    );
    let clipped: Vec<ClippedShape> = shapes
        .iter()
        .filter_map(|&i| scene.shapes.get(i as usize))
        .map(|s| {
            shape_to_egui(s, to_level, made.map, &mut |t| {
                if made.level <= TEXT_LEVEL {
                    text_shape(painter, t)
                } else {
                    egui::Shape::Noop
                }
            })
        })
        .filter(|s| !matches!(s, egui::Shape::Noop))
        .map(|s| ClippedShape::new(Rect::EVERYTHING, s))
        .collect();
    super::paint::one_mesh(painter.ctx(), clipped, made.pixels_per_point)
}

/// A chunk mesh made at `level` points per square moved to where `to_screen` puts the board.
fn placed(mesh: &Mesh, level: f32, to_screen: RectTransform) -> egui::Shape {
    let scale = to_screen.scale().x / level;
    let origin = to_screen.transform_pos(Pos2::ZERO).to_vec2();
    let mut out = Mesh {
        indices: mesh.indices.clone(),
        vertices: mesh.vertices.clone(),
        texture_id: mesh.texture_id,
    };
    for v in &mut out.vertices {
        v.pos = Pos2::new(v.pos.x * scale, v.pos.y * scale) + origin;
    }
    egui::Shape::Mesh(Arc::new(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Point;

    fn line(from: (f32, f32), to: (f32, f32)) -> Shape {
        Shape::Polyline {
            points: vec![Point::new(from.0, from.1), Point::new(to.0, to.1)],
            stroke: Stroke::new(0.04, Rgba::rgb(255, 40, 40)),
        }
    }

    #[test]
    fn a_long_beam_is_in_every_chunk_it_crosses_and_a_floor_in_its_own() {
        let scene = Scene {
            width: 64.0,
            height: 40.0,
            background: Rgba::rgb(0, 0, 0),
            shapes: vec![
                Shape::Rect {
                    min: Point::new(17.0, 1.0),
                    max: Point::new(18.0, 2.0),
                    fill: Some(Rgba::rgb(1, 2, 3)),
                    stroke: None,
                },
                line((2.5, 5.0), (50.5, 5.0)),
            ],
        };
        let index = Index::of(&scene);
        assert_eq!((index.cols, index.rows), (4, 3));
        // The floor of square (17, 1) is in chunk (1, 0) alone.
        let holding = |i: u32| -> Vec<(i32, i32)> {
            (0..index.rows)
                .flat_map(|cy| (0..index.cols).map(move |cx| (cx, cy)))
                .filter(|&(cx, cy)| index.shapes[index.id(cx, cy)].contains(&i))
                .collect()
        };
        assert_eq!(holding(0), vec![(1, 0)]);
        // The beam crosses the first row of chunks from x = 2.5 to 50.5.
        assert_eq!(holding(1), vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
    }

    #[test]
    fn a_placed_chunk_mesh_lands_where_the_board_is_on_screen() {
        let mut mesh = Mesh::default();
        mesh.colored_vertex(Pos2::new(32.0, 64.0), Color32::WHITE);
        // A mesh made at 32 points a square, shown at 8 points a square from (100, 50).
        let to_screen = RectTransform::from_to(
            Rect::from_min_size(Pos2::ZERO, Vec2::splat(10.0)),
            Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::splat(80.0)),
        );
        let egui::Shape::Mesh(placed) = placed(&mesh, 32.0, to_screen) else {
            panic!("a mesh");
        };
        // Board point (1, 2) is at (108, 66) on the screen.
        assert_eq!(placed.vertices[0].pos, Pos2::new(108.0, 66.0));
    }
}
