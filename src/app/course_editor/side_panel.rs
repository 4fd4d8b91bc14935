//! The course composer's side panel: the course panel (tools, flags, properties), the solver's
//! best line, and the live problems.

use super::{CourseEditor, course_panel, validation_panel};
use crate::app::command::{Action, Command};
use crate::app::state::Workspace;
use crate::app::state::document::Content;
use egui::Ui;

impl CourseEditor {
    /// Draws the panel for the open course. Edits happen in place; returns what the user chose.
    pub fn side_panel_ui(&mut self, ui: &mut Ui, ws: &mut Workspace) -> Vec<Command> {
        let mut commands = Vec::new();
        let Some(Content::Course(course)) = ws.doc.as_mut().map(|d| &mut d.content) else {
            return commands;
        };
        let (c, changed) = course_panel::course_ui(ui, course, &self.tool);
        let rules = course.rules;
        commands.extend(c);
        ui.separator();
        let mut show_path = ws.settings.show_path;
        if validation_panel::best_line_ui(ui, &mut show_path, ws.solution.as_ref()) {
            commands.push(Command::Action(Action::ToggleBestLine));
        }
        validation_panel::analysis_ui(ui, &mut ws.analyser);
        ui.separator();
        // The rules the checks and the estimate were made under (issue 18).
        ui.weak(format!("Checked under {rules}"));
        commands.extend(validation_panel::validation_ui(
            ui,
            &ws.diagnostics,
            ws.diagnostic_shown.as_ref(),
            (ws.analyser.is_busy(), ws.analyser.has_finished()),
        ));
        if changed {
            ws.view.hold();
            ws.rebuild();
        }
        commands
    }
}
