//! The tile editor's side panel: the tool buttons and the element palette, the inspector of the
//! clicked square, and the tile's name.

use super::{TileEditor, inspector, palette};
use crate::app::command::Command;
use crate::app::state::Workspace;
use crate::app::state::document::Content;
use egui::Ui;

impl TileEditor {
    /// Draws the panel for the open tile. Edits happen in place; returns what the user chose.
    pub fn side_panel_ui(&mut self, ui: &mut Ui, ws: &mut Workspace) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(Content::Tile(tile)) = ws.doc.as_mut().map(|d| &mut d.content) else {
            return commands;
        };
        let mut changed = false;
        commands.extend(palette::palette_ui(
            ui,
            &self.swatches,
            &mut self.search,
            self.tool,
            self.brush,
        ));
        ui.separator();
        ui.heading("Inspector");
        match self.selected {
            Some(square) => changed = inspector::inspector_ui(ui, tile, square),
            None => {
                ui.weak("Click a square to inspect it.");
            }
        }
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("Name");
            changed |= ui
                .text_edit_singleline(&mut tile.name)
                .labelled_by(label.id)
                .on_hover_text("The tile's name")
                .changed();
        });
        if changed {
            ws.view.hold();
            ws.rebuild();
        }
        commands
    }
}
