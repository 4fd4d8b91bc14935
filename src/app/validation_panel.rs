//! The live validation panel of the course composer: the diagnostics of `validate::validate`,
//! recomputed when the course changes; clicking one highlights its squares and centres the view.

use super::command::Command;
use crate::validate::{Diagnostic, Severity};
use egui::{RichText, Ui};

/// Lists `diagnostics`, marking the one shown. Returns the one clicked.
pub fn validation_ui(
    ui: &mut Ui,
    diagnostics: &[Diagnostic],
    shown: Option<&Diagnostic>,
) -> Option<Command> {
    let mut command = None;
    ui.heading("Problems");
    if diagnostics.is_empty() {
        ui.weak("No problems: the course follows every setup rule checked.");
        return None;
    }
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .show(ui, |ui| {
            for (i, d) in diagnostics.iter().enumerate() {
                let colour = match d.severity {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                    Severity::Advice => ui.visuals().weak_text_color(),
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(d.severity.label()).color(colour));
                    ui.monospace(d.rule);
                });
                let text = match d.squares.first() {
                    Some(s) => format!("{s}: {}", d.message),
                    None => d.message.clone(),
                };
                let response = ui
                    .selectable_label(shown == Some(d), text)
                    .on_hover_text("Show these squares on the board");
                if response.clicked() {
                    command = Some(Command::ShowDiagnostic(i));
                }
                ui.separator();
            }
        });
    command
}
