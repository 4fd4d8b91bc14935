//! The live validation panel of the course composer: the diagnostics of `validate::validate`,
//! recomputed when the course changes; clicking one highlights its squares and centres the view.
//! And the solver's best line, which can be drawn on the board (`state::shown::best_line_path`).

use crate::app::command::{Action, Command};
use crate::validate::{Diagnostic, Severity, Solution};
use egui::{RichText, Ui};

/// Lists `diagnostics`, marking the one shown; `checking` says a newer check is still running
/// in the background (the list is the last one until it is done). Returns the one clicked.
pub fn validation_ui(
    ui: &mut Ui,
    diagnostics: &[Diagnostic],
    shown: Option<&Diagnostic>,
    checking: bool,
) -> Option<Command> {
    let mut command = None;
    ui.horizontal(|ui| {
        ui.heading("Problems");
        // A still mark, not a spinner: a spinner repaints every frame until the check is done,
        // and the worker already asks for the one repaint that matters.
        if checking {
            ui.weak("checking...")
                .on_hover_text("Checking the course after the last edit");
        }
    });
    if diagnostics.is_empty() && checking {
        ui.weak("Checking the course...");
        return None;
    }
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

/// The checkbox that shows the solver's best line on the board, with what the line is. Returns
/// whether it was toggled.
pub fn best_line_ui(ui: &mut Ui, show: &mut bool, solution: Option<&Solution>) -> bool {
    let toggled = ui
        .checkbox(show, Action::ToggleBestLine.text())
        .on_hover_text(Action::ToggleBestLine.tooltip_with_shortcut(ui.ctx()))
        .changed();
    match solution {
        Some(s) if s.unreachable.is_none() => {
            ui.weak(format!(
                "Best line: {} register phase(s), {} damage, from {} facing {:?}.",
                s.registers(),
                s.damage(),
                s.start,
                s.facing
            ));
        }
        Some(s) => {
            ui.weak(format!(
                "The best line reaches {} of the flags; see the problems.",
                s.legs.len()
            ));
        }
        None => {
            ui.weak("No line to show: the course has no race to solve yet.");
        }
    }
    toggled
}
