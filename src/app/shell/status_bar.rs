//! The bar below the canvas: the square under the pointer and what is on it, each element's rule
//! as its tooltip; a hint on how to move the view otherwise.

use crate::app::state::shown::HoverInfo;
use egui::Ui;

/// Draws the bar.
pub fn status_bar_ui(ui: &mut Ui, hovered: Option<&HoverInfo>) {
    ui.horizontal(|ui| {
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
