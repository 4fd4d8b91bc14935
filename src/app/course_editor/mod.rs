//! The course composer: place library tiles on the course, move and turn them, put flags and the
//! start, with the library list, the course panel and the live problems beside it. `CourseEditor`
//! holds what a click does and the drag under way; the course itself is the workspace's document.

pub mod canvas_input;
pub mod course_panel;
pub mod cube_edges;
pub mod edit;
pub mod flag_dice;
pub mod library_panel;
pub mod linked_panel;
pub mod preview;
pub mod rules_panel;
pub mod side_panel;
pub mod thumbnails;
pub mod validation_panel;

use crate::app::canvas::preview::PreviewShown;
use crate::app::clipboard::Clip;
use crate::app::command::CourseTool;
use crate::app::state::Workspace;
use crate::geom::Square;

/// A drag on the course that moves something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CourseDrag {
    Flag {
        index: usize,
    },
    Tile {
        index: usize,
        grab: Square,
        from: Square,
    },
}

/// The drag-and-drop payload of a library tile dragged onto the course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDrag(pub String);

/// What a click on the course does, and what it is in the middle of.
#[derive(Default)]
pub struct CourseEditor {
    pub tool: CourseTool,
    drag: Option<CourseDrag>,
    /// The placement a context menu on the course was opened on.
    context_placement: Option<usize>,
    /// What the canvas showed of the next click or drop in the last frame.
    pub preview: Option<PreviewShown>,
    /// Copied tiles following the pointer until a click puts them down (Paste from the menu).
    floating: Option<Clip>,
    /// The workspace generation these belong to: a new document starts them afresh.
    generation: u64,
}

impl CourseEditor {
    /// Forgets the tool, drag and context menu of a document that is no longer open.
    pub fn follow(&mut self, ws: &Workspace) {
        if self.generation != ws.generation() {
            self.generation = ws.generation();
            self.tool = CourseTool::Move;
            self.drag = None;
            self.context_placement = None;
            self.floating = None;
        }
    }

    /// Whether copied tiles are following the pointer, waiting for a click.
    pub fn is_pasting(&self) -> bool {
        self.floating.is_some()
    }

    /// Ends a drag without finishing it (an undo came in the middle of it).
    pub fn drop_drag(&mut self) {
        self.drag = None;
    }
}
