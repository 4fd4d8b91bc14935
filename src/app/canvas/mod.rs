//! The board view: one board drawn on a canvas the user zooms (wheel, Ctrl+wheel, pinch) and pans
//! (middle drag, Space+drag, or a primary drag that starts off the board), and fits to the board.
//!
//! Board coordinates are in squares: `(0, 0)` is the north-west corner of square `(0, 0)` and
//! `(width, height)` the south-east corner of the board. Screen coordinates are egui points.
//! The tile editor, the course composer and the play view all draw their boards here; `paint`
//! turns the renderer's scene into egui shapes.

pub mod cache;
pub mod large;
pub mod paint;
pub mod preview;

use crate::geom::Square;
use crate::model::Board;
use egui::emath::RectTransform;
use egui::{Painter, PointerButton, Pos2, Rect, Sense, Ui, Vec2};

/// The smallest and largest zoom, in screen points per board square.
pub const MIN_ZOOM: f32 = 2.0;
pub const MAX_ZOOM: f32 = 400.0;
/// How much one press of Zoom in (or Ctrl+=) zooms.
pub const ZOOM_STEP: f32 = 1.25;
/// Zoom per point of plain wheel scroll: egui's default speed for Ctrl+wheel
/// (`InputOptions::scroll_zoom_speed`), so the wheel zooms alike with or without Ctrl. A wheel
/// notch is 40 points in egui, about a fifth more zoom.
const SCROLL_ZOOM_SPEED: f32 = 1.0 / 200.0;
/// Space left around the board when it is fitted, in points.
const FIT_MARGIN: f32 = 24.0;
/// The squares an empty board is fitted as: one standard tile.
const EMPTY_BOARD_FIT: f32 = 12.0;

/// A document's zoom and pan as kept between runs: points per square, and where the board's
/// north-west corner sits relative to the canvas's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SavedView {
    pub zoom: f32,
    pub x: f32,
    pub y: f32,
}

/// The pan and zoom of the canvas, and the pan drag under way. Runtime state: a new board is fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// Screen points per board square.
    zoom: f32,
    /// Where the board's north-west corner sits, relative to the canvas's top-left corner.
    offset: Vec2,
    /// True until the user zooms or pans: until then the view keeps the board fitted, also when
    /// the window or the panels change size.
    follow_fit: bool,
    /// Whether the current drag pans the view (decided when it starts).
    panning: bool,
    /// The canvas of the last frame, for the actions that zoom about its middle.
    canvas: Option<Rect>,
    /// Whether a tool button was held on the canvas last frame (its release is no new click).
    tool_was_down: bool,
    /// Set when a zoom is restored from the last run: the board is centred at that zoom on the
    /// first frame, when the canvas size is known.
    centre_pending: bool,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            zoom: 32.0,
            offset: Vec2::ZERO,
            follow_fit: true,
            panning: false,
            canvas: None,
            tool_was_down: false,
            centre_pending: false,
        }
    }
}

/// What the canvas reports after a frame.
#[derive(Clone, Debug)]
pub struct CanvasResponse {
    /// The canvas widget's response, for its context menu.
    pub response: egui::Response,
    /// Whether the canvas was double-clicked with the primary button this frame.
    pub double_clicked: bool,
    /// The board square under the pointer, if the pointer is over the board's grid.
    pub hovered_square: Option<Square>,
    /// Whether the pointer is over the canvas at all.
    pub pointer_over_canvas: bool,
    /// The board point (in squares, fractional) under the pointer while it is over the canvas or
    /// a button pressed on the canvas is held.
    pub board_pos: Option<Pos2>,
    /// The button held down on the canvas for the editing tools (primary or secondary), unless
    /// the press pans the view (middle button, Space held).
    pub tool_button: Option<PointerButton>,
    /// Whether that button went down this frame (the start of a stroke).
    pub tool_pressed: bool,
    /// The board point under the pointer whenever it is inside the canvas, also while something
    /// dragged from another panel (a library tile) is over it.
    pub drop_pos: Option<Pos2>,
}

/// The size of a board in board coordinates (squares).
pub fn board_size(board: &Board) -> Vec2 {
    Vec2::new(board.width() as f32, board.height() as f32)
}

impl BoardView {
    /// Screen points per board square.
    pub fn zoom(&self) -> f32 {
        self.zoom
    }

    /// The canvas rectangle of the last frame drawn.
    pub fn canvas(&self) -> Option<Rect> {
        self.canvas
    }

    /// Whether the view still follows "fit" (the user has not zoomed or panned since).
    pub fn is_fitted(&self) -> bool {
        self.follow_fit
    }

    /// The transform from board coordinates (squares) to screen points, for a canvas and a board
    /// of `board_size` squares.
    pub fn screen_from_board(&self, canvas: Rect, board_size: Vec2) -> RectTransform {
        // An empty course is 0 x 0 squares: keep the transform invertible.
        let board_size = board_size.max(Vec2::splat(1.0));
        let board_rect = Rect::from_min_size(Pos2::ZERO, board_size);
        let screen_rect = Rect::from_min_size(canvas.min + self.offset, board_size * self.zoom);
        RectTransform::from_to(board_rect, screen_rect)
    }

    /// Fits the board on the next frame and keeps it fitted until the user zooms or pans.
    pub fn request_fit(&mut self) {
        self.follow_fit = true;
        self.centre_pending = false;
    }

    /// Shows the board centred at `zoom` points per square from the next frame (a zoom kept from
    /// the last run); the view no longer follows fit.
    pub fn show_at_zoom(&mut self, zoom: f32) {
        self.zoom = zoom.clamp(MIN_ZOOM, MAX_ZOOM);
        self.follow_fit = false;
        self.centre_pending = true;
    }

    /// The zoom and pan to keep for the document, or `None` while the view follows fit.
    pub fn saved(&self) -> Option<SavedView> {
        (!self.follow_fit).then_some(SavedView {
            zoom: self.zoom,
            x: self.offset.x,
            y: self.offset.y,
        })
    }

    /// Shows the board at a kept zoom and pan (a document opened again).
    pub fn restore(&mut self, saved: SavedView) {
        if !(saved.zoom.is_finite() && saved.x.is_finite() && saved.y.is_finite()) {
            self.request_fit();
            return;
        }
        self.zoom = saved.zoom.clamp(MIN_ZOOM, MAX_ZOOM);
        self.offset = Vec2::new(saved.x, saved.y);
        self.follow_fit = false;
        self.centre_pending = false;
    }

    /// Zooms about the middle of the canvas (the buttons and keyboard shortcuts).
    pub fn zoom_by(&mut self, factor: f32) {
        if let Some(canvas) = self.canvas {
            self.zoom_about(canvas, canvas.center(), factor);
        } else {
            self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
            self.follow_fit = false;
        }
    }

    /// Zooms by `factor`, keeping the board point under `screen_pos` where it is.
    pub fn zoom_about(&mut self, canvas: Rect, screen_pos: Pos2, factor: f32) {
        let new_zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let anchor = screen_pos - canvas.min;
        let board_pos = (anchor - self.offset) / self.zoom;
        self.offset = anchor - board_pos * new_zoom;
        self.zoom = new_zoom;
        self.follow_fit = false;
    }

    pub fn pan(&mut self, screen_delta: Vec2) {
        self.offset += screen_delta;
        self.follow_fit = false;
    }

    fn fit(&mut self, canvas: Rect, board_size: Vec2) {
        let room = (canvas.size() - Vec2::splat(2.0 * FIT_MARGIN)).max(Vec2::splat(1.0));
        // An empty course (no tiles yet) is fitted as if it held one 12 x 12 tile: fitting its
        // one-square stand-in made a giant start ring (issue 19).
        let size = if board_size.x < 1.0 || board_size.y < 1.0 {
            Vec2::splat(EMPTY_BOARD_FIT)
        } else {
            board_size
        };
        self.zoom = (room.x / size.x)
            .min(room.y / size.y)
            .clamp(MIN_ZOOM, MAX_ZOOM);
        self.offset = (canvas.size() - size * self.zoom) / 2.0;
    }

    /// Draws the canvas filling the rest of `ui`, with `paint_board` painting the board through
    /// the view's transform, and handles zooming and panning.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        board: &Board,
        paint_board: impl FnOnce(&Painter, RectTransform),
    ) -> CanvasResponse {
        let canvas = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(canvas, Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Board view"));
        let size = board_size(board);
        self.canvas = Some(canvas);
        if self.follow_fit {
            self.fit(canvas, size);
        } else if self.centre_pending {
            self.centre_pending = false;
            self.offset = (canvas.size() - size * self.zoom) / 2.0;
        }

        self.handle_zoom(ui, &response, canvas);
        self.handle_pan(ui, &response, canvas, size);

        let screen_from_board = self.screen_from_board(canvas, size);
        let painter = ui.painter_at(canvas);
        paint_board(&painter, screen_from_board);

        let hovered_square = response
            .hover_pos()
            .and_then(|p| square_at(board, screen_from_board, p));
        let (latest, primary, secondary, pressed, space) = ui.input(|i| {
            (
                i.pointer.latest_pos(),
                i.pointer.primary_down(),
                i.pointer.secondary_down(),
                i.pointer.any_pressed(),
                i.key_down(egui::Key::Space),
            )
        });
        let down_on = response.is_pointer_button_down_on() && !self.panning && !space;
        // A slow frame can take a whole click, press and release: that is a one-frame stroke.
        let quick = if space || down_on || self.tool_was_down {
            None
        } else if response.clicked_by(PointerButton::Primary) {
            Some(PointerButton::Primary)
        } else if response.clicked_by(PointerButton::Secondary) {
            Some(PointerButton::Secondary)
        } else {
            None
        };
        self.tool_was_down = down_on;
        let pressed = pressed || quick.is_some();
        let tool_button = if !down_on {
            quick
        } else if primary {
            Some(PointerButton::Primary)
        } else if secondary {
            Some(PointerButton::Secondary)
        } else {
            None
        };
        let pointer = if down_on || quick.is_some() {
            latest
        } else {
            response.hover_pos()
        };
        CanvasResponse {
            double_clicked: response.double_clicked(),
            hovered_square,
            pointer_over_canvas: response.hover_pos().is_some(),
            board_pos: pointer.map(|p| screen_from_board.inverse().transform_pos(p)),
            tool_button,
            tool_pressed: tool_button.is_some() && pressed,
            drop_pos: latest
                .filter(|p| canvas.contains(*p))
                .map(|p| screen_from_board.inverse().transform_pos(p)),
            response,
        }
    }

    /// Keeps the view where it is from now on (an edit may change the board's size).
    pub fn hold(&mut self) {
        self.follow_fit = false;
    }

    /// Centres the view on a board point, keeping the zoom.
    pub fn centre_on(&mut self, board_pos: Pos2) {
        if let Some(canvas) = self.canvas {
            self.offset = canvas.size() / 2.0 - board_pos.to_vec2() * self.zoom;
            self.follow_fit = false;
        }
    }

    fn handle_zoom(&mut self, ui: &Ui, response: &egui::Response, canvas: Rect) {
        let Some(pointer) = response.hover_pos() else {
            return;
        };
        // Ctrl+wheel and pinch arrive as a zoom delta; a plain wheel as a vertical scroll.
        let (pinch, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta()));
        let factor = pinch * (scroll.y * SCROLL_ZOOM_SPEED).exp();
        if factor != 1.0 {
            self.zoom_about(canvas, pointer, factor);
        }
        // A sideways scroll (Shift+wheel, a touchpad swipe) pans sideways.
        if scroll.x != 0.0 {
            self.pan(Vec2::new(scroll.x, 0.0));
        }
    }

    fn handle_pan(&mut self, ui: &Ui, response: &egui::Response, canvas: Rect, board_size: Vec2) {
        if response.drag_started() {
            let space = ui.input(|i| i.key_down(egui::Key::Space));
            let screen_from_board = self.screen_from_board(canvas, board_size);
            // The primary button on a board square is kept for the editing tools; off the board
            // (or with Space held, or the middle button) it pans.
            let on_board = ui
                .input(|i| i.pointer.press_origin())
                .is_some_and(|p| square_at_on_board(board_size, screen_from_board, p));
            self.panning = response.drag_started_by(PointerButton::Middle)
                || (response.drag_started_by(PointerButton::Primary) && (space || !on_board));
        }
        if self.panning && response.dragged() {
            let delta = response.drag_delta();
            if delta != Vec2::ZERO {
                self.pan(delta);
            }
        }
        if !response.dragged() {
            self.panning = false;
        }
    }
}

/// Whether a screen point lies on the board's rectangle of squares.
fn square_at_on_board(board_size: Vec2, screen_from_board: RectTransform, screen: Pos2) -> bool {
    let board_pos = screen_from_board.inverse().transform_pos(screen);
    Rect::from_min_size(Pos2::ZERO, board_size).contains(board_pos)
}

/// The board square under a screen point, if any.
pub fn square_at(board: &Board, screen_from_board: RectTransform, screen: Pos2) -> Option<Square> {
    let board_pos = screen_from_board.inverse().transform_pos(screen);
    let square = Square::new(board_pos.x.floor() as i32, board_pos.y.floor() as i32);
    board.in_bounds(square).then_some(square)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas() -> Rect {
        Rect::from_min_size(Pos2::new(200.0, 40.0), Vec2::new(800.0, 600.0))
    }

    #[test]
    fn fitting_centres_the_whole_board_in_the_canvas() {
        let mut view = BoardView::default();
        let size = Vec2::new(12.0, 16.0);
        view.fit(canvas(), size);
        let t = view.screen_from_board(canvas(), size);
        let board_on_screen = t.transform_rect(Rect::from_min_size(Pos2::ZERO, size));
        assert!(canvas().contains_rect(board_on_screen));
        assert!((board_on_screen.center() - canvas().center()).length() < 0.01);
        // The taller side fills the canvas height less the margins.
        assert!((board_on_screen.height() - (600.0 - 2.0 * FIT_MARGIN)).abs() < 0.01);
    }

    #[test]
    fn zooming_about_a_point_keeps_the_board_point_under_it() {
        let mut view = BoardView::default();
        let size = Vec2::new(12.0, 12.0);
        view.fit(canvas(), size);
        let pointer = Pos2::new(333.0, 222.0);
        let before = view
            .screen_from_board(canvas(), size)
            .inverse()
            .transform_pos(pointer);
        let zoom = view.zoom();
        view.zoom_about(canvas(), pointer, 2.0);
        assert!((view.zoom() - 2.0 * zoom).abs() < 1e-3);
        let after = view
            .screen_from_board(canvas(), size)
            .inverse()
            .transform_pos(pointer);
        assert!((before - after).length() < 1e-3, "{before:?} {after:?}");
        assert!(!view.is_fitted());
    }

    #[test]
    fn an_empty_board_is_fitted_as_one_tile_not_one_square() {
        let mut view = BoardView::default();
        view.fit(canvas(), Vec2::ZERO);
        // 552 points of height for 12 squares, not the 400-point cap for one square.
        assert!((view.zoom() - 552.0 / 12.0).abs() < 0.01, "{}", view.zoom());
    }

    #[test]
    fn a_kept_view_comes_back_as_it_was() {
        let mut view = BoardView::default();
        assert_eq!(view.saved(), None, "a fitted view keeps nothing");
        view.fit(canvas(), Vec2::new(12.0, 12.0));
        view.zoom_about(canvas(), Pos2::new(300.0, 300.0), 1.5);
        let saved = view.saved().expect("zoomed");
        let mut other = BoardView::default();
        other.restore(saved);
        assert_eq!(other.saved(), Some(saved));
        other.restore(SavedView {
            zoom: f32::NAN,
            x: 0.0,
            y: 0.0,
        });
        assert!(other.is_fitted(), "a broken kept view fits instead");
    }

    #[test]
    fn zoom_stays_within_its_limits() {
        let mut view = BoardView::default();
        view.zoom_about(canvas(), canvas().center(), 1e6);
        assert_eq!(view.zoom(), MAX_ZOOM);
        view.zoom_about(canvas(), canvas().center(), 1e-6);
        assert_eq!(view.zoom(), MIN_ZOOM);
    }
}
