//! The tile editor: paint, erase, fill, pick and select on one tile, with the element palette and
//! the inspector beside it. `TileEditor` holds the tools' state; the tile itself is the
//! workspace's document.

pub mod canvas_input;
pub mod edit;
pub mod inspector;
pub mod palette;
pub mod preview;
pub mod selection;
pub mod side_panel;
pub mod tools;

use crate::app::canvas::preview::PreviewShown;
use crate::app::command::Tool;
use crate::app::state::Workspace;
use crate::geom::{Facing, Square};
use crate::model::Tile;
use crate::render::{Rgba, Scene};
use palette::Swatches;
use selection::Selection;
use tools::Brush;

/// The colour of the square the inspector edits.
const SELECTED_HIGHLIGHT: Rgba = Rgba::new(80, 160, 255, 90);
/// The colour of the Select tool's rectangle.
const SELECTION_HIGHLIGHT: Rgba = Rgba::new(255, 200, 40, 80);

/// A stroke of the tile tools under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stroke {
    /// The square the pointer was on last.
    square: Square,
    /// Whether the pointer has left the square it pressed on.
    moved: bool,
    /// The button held: the secondary one erases whatever the tool.
    button: egui::PointerButton,
}

/// The tile editor's tools and what they are in the middle of.
pub struct TileEditor {
    pub tool: Tool,
    pub brush: Brush,
    /// The palette's search text.
    search: String,
    swatches: Swatches,
    /// The tile square the inspector edits.
    selected: Option<Square>,
    stroke: Option<Stroke>,
    /// The rectangle the Select tool drew, and the square its drag started on.
    selection: Option<Selection>,
    selection_anchor: Option<Square>,
    /// Copied squares following the pointer until a click pastes them, with their picture.
    floating: Option<(Tile, Scene)>,
    /// The picture of the element a click would place, and on which side, drawn as a ghost.
    ghost: Option<(Brush, Option<Facing>, Scene)>,
    /// What the canvas showed of the next click in the last frame.
    pub preview: Option<PreviewShown>,
    /// Set by the click that pasted floating squares: the rest of that press does nothing.
    swallow_press: bool,
    /// The workspace generation these belong to: a new document starts them afresh.
    generation: u64,
}

impl Default for TileEditor {
    fn default() -> Self {
        TileEditor {
            tool: Tool::Paint,
            brush: Brush::default(),
            search: String::new(),
            swatches: Swatches::new(),
            selected: None,
            stroke: None,
            selection: None,
            selection_anchor: None,
            floating: None,
            ghost: None,
            preview: None,
            swallow_press: false,
            generation: 0,
        }
    }
}

impl TileEditor {
    /// Forgets the square, stroke and selection of a document that is no longer open. The tool,
    /// the brush and the clipboard stay.
    pub fn follow(&mut self, ws: &Workspace) {
        if self.generation != ws.generation() {
            self.generation = ws.generation();
            self.selected = None;
            self.stroke = None;
            self.selection = None;
            self.selection_anchor = None;
            self.floating = None;
        }
    }

    /// Ends a stroke without finishing it (an undo came in the middle of it).
    pub fn drop_stroke(&mut self) {
        self.stroke = None;
    }

    /// The squares the canvas marks: the selection, or else the square being inspected.
    fn marks(&self) -> Vec<(Square, Rgba)> {
        match (self.selection, self.selected) {
            (Some(sel), _) => sel.squares().map(|s| (s, SELECTION_HIGHLIGHT)).collect(),
            (None, Some(s)) => vec![(s, SELECTED_HIGHLIGHT)],
            (None, None) => Vec::new(),
        }
    }

    /// Inspects `square` and draws the board again with it marked.
    fn select_square(&mut self, ws: &mut Workspace, square: Square) {
        self.selected = Some(square);
        ws.marks = self.marks();
        ws.rebuild();
    }

    /// Makes `selection` the Select tool's rectangle and draws the board again with it marked.
    fn set_selection(&mut self, ws: &mut Workspace, selection: Option<Selection>) {
        self.selection = selection;
        ws.marks = self.marks();
        ws.rebuild();
    }
}
