//! The bar below the canvas: what each mouse button does with the tool in hand, then the square
//! under the pointer and what is on it, each element's rule as its tooltip.

use super::App;
use crate::app::command::{CourseTool, Tool};
use crate::app::state::shown::HoverInfo;
use crate::model::Placement;
use egui::Ui;

impl App {
    /// What the left, right and middle buttons do now (issue 19: the status bar says what each
    /// mouse button does with the current tool).
    pub(super) fn mouse_hint(&self) -> String {
        let right = "Right: erase";
        let middle = "Middle-drag or Space+drag: pan";
        if self.ws.editing_course() {
            if self.course.is_pasting() {
                return format!(
                    "Left: put the copied tiles down here.  Right or Escape: let go.  {middle}."
                );
            }
            let left = match &self.course.tool {
                CourseTool::Move => "Left: drag a tile or flag; double-click a tile to edit it",
                CourseTool::Place(_) => "Left: put the tile down (its footprint shows where)",
                CourseTool::Flag => "Left: put the next flag",
                CourseTool::Start => "Left: make the square the start",
            };
            return format!("{left}.  Right: the tile's menu.  {middle}.");
        }
        if self.ws.editing_tile() {
            if self.tile.is_pasting() {
                return format!("Left: paste here.  Right or Escape: let go.  {middle}.");
            }
            let brush = self.tile.brush.kind;
            let left = match self.tile.tool {
                Tool::Paint if brush.flow_kind().is_some() => {
                    format!("Left: drag to lay {}s", brush.name().to_lowercase())
                }
                Tool::Paint if brush.placement() == Placement::Edge => {
                    format!(
                        "Left: put a {} on the lit edge",
                        brush.name().to_lowercase()
                    )
                }
                Tool::Paint => format!("Left: paint {}", brush.name().to_lowercase()),
                Tool::Erase => "Left: erase the lit edge or square".to_string(),
                Tool::Fill => format!("Left: fill with {}", brush.name().to_lowercase()),
                Tool::Pick => "Left: pick the element to paint".to_string(),
                Tool::Select => "Left: drag out a selection".to_string(),
            };
            return format!("{left}.  {right}.  {middle}.");
        }
        String::new()
    }
}

/// Draws the bar.
pub fn status_bar_ui(ui: &mut Ui, hovered: Option<&HoverInfo>, hint: &str) {
    ui.horizontal(|ui| {
        if !hint.is_empty() {
            ui.weak(hint);
            ui.separator();
        }
        let Some(info) = hovered else {
            ui.weak("Wheel or Ctrl+wheel: zoom.  Drag off the board, middle-drag or Space+drag: pan.  Ctrl+0: fit.");
            return;
        };
        ui.monospace(info.square.to_string());
        if !info.on_board {
            ui.weak("off the board (a hole between tiles)");
            return;
        }
        if info.kinds.is_empty() && info.flags.is_empty() {
            ui.weak("open floor");
        }
        for n in &info.flags {
            ui.label(format!("Flag {n}"));
        }
        for (kind, side) in &info.kinds {
            let text = match side {
                Some(side) => format!("{} ({side} side)", kind.name()),
                None => kind.name().to_string(),
            };
            ui.label(text).on_hover_text(kind.rule());
        }
    });
}
