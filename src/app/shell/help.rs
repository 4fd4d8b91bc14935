//! The help window (F1): every action of every menu with its shortcuts and what it does, read
//! from the one action list, and the pointer gestures that are not actions.

use crate::app::command::{Action, Menu};
use egui::Context;
use strum::IntoEnumIterator;

/// The help window. `open` is cleared when the user closes it.
pub fn help_window(ctx: &Context, open: &mut bool) {
    egui::Window::new("Keyboard shortcuts")
        .open(open)
        .resizable(true)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for menu in Menu::iter() {
                    for action in Action::iter().filter(|a| a.menu() == menu) {
                        ui.label(menu.text());
                        ui.label(action.text());
                        let keys = action
                            .shortcuts()
                            .iter()
                            .map(|s| ctx.format_shortcut(s))
                            .collect::<Vec<_>>()
                            .join(", ");
                        ui.monospace(keys);
                        ui.weak(action.tooltip());
                        ui.end_row();
                    }
                }
                ui.label("Tile");
                ui.label("Erase");
                ui.monospace("Right button");
                ui.weak("Erase with any tool");
                ui.end_row();
                ui.label("Tile");
                ui.label("Rotate");
                ui.monospace("Alt+wheel");
                ui.weak("Turn the element or tile under the pointer");
                ui.end_row();
            });
        });
}
