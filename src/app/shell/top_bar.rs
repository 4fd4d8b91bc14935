//! The bar above the canvas: the menus (read from the one action list), what is open (name,
//! size, and for a course its flags and start), the view buttons, and any problem that needs the
//! user's attention.

use crate::app::canvas::BoardView;
use crate::app::command::{Action, Command, Menu};
use crate::app::state::State;
use crate::app::state::document::Document;
use crate::app::state::shown::{Shown, ShownKind};
use crate::model::StartRule;
use egui::{RichText, Ui};
use std::path::PathBuf;
use strum::IntoEnumIterator;

/// The menu bar: every action, in its menu, with its shortcut. Returns what the user chose.
pub fn menu_bar_ui(ui: &mut Ui, doc: Option<&Document>, recent: &[PathBuf]) -> Vec<Command> {
    let mut commands = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        for menu in Menu::iter() {
            ui.menu_button(menu.text(), |ui| {
                if menu == Menu::File {
                    ui.menu_button("Recent", |ui| {
                        if recent.is_empty() {
                            ui.weak("No recent files");
                        }
                        for path in recent {
                            let name = path.file_name().map_or_else(
                                || path.display().to_string(),
                                |n| n.to_string_lossy().into_owned(),
                            );
                            if ui
                                .button(name)
                                .on_hover_text(path.display().to_string())
                                .clicked()
                            {
                                commands.push(Command::OpenPath(path.clone()));
                                ui.close();
                            }
                        }
                    });
                }
                for action in Action::iter().filter(|a| a.menu() == menu) {
                    let enabled = match action {
                        Action::Undo => doc.is_some_and(|d| d.can_undo()),
                        Action::Redo => doc.is_some_and(|d| d.can_redo()),
                        Action::Save | Action::SaveAs => doc.is_some(),
                        _ => true,
                    };
                    let mut button = egui::Button::new(action.text());
                    if let Some(s) = action.shortcuts().first() {
                        button = button.shortcut_text(ui.ctx().format_shortcut(s));
                    }
                    if ui
                        .add_enabled(enabled, button)
                        .on_hover_text(action.tooltip())
                        .clicked()
                    {
                        commands.push(Command::Action(action));
                        ui.close();
                    }
                }
            });
        }
    });
    commands
}

/// Draws the bar. Returns what the user clicked.
pub fn top_bar_ui(
    ui: &mut Ui,
    shown: Option<&Shown>,
    view: &BoardView,
    state: &State,
    errors: &[String],
) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal(|ui| {
        match shown {
            Some(shown) => shown_ui(ui, shown),
            None => {
                ui.weak("Nothing shown");
            }
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let grid = ui
                .selectable_label(state.show_grid, Action::ToggleGrid.text())
                .on_hover_text(Action::ToggleGrid.tooltip_with_shortcut(ui.ctx()));
            if grid.clicked() {
                commands.push(Command::Action(Action::ToggleGrid));
            }
            for action in [
                Action::PlayView,
                Action::FitView,
                Action::ZoomIn,
                Action::ZoomOut,
            ] {
                if ui
                    .button(action.text())
                    .on_hover_text(action.tooltip_with_shortcut(ui.ctx()))
                    .clicked()
                {
                    commands.push(Command::Action(action));
                }
            }
            ui.weak(format!("{:.0} pt per square", view.zoom()));
        });
    });
    if !errors.is_empty() {
        ui.horizontal(|ui| {
            for e in errors {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            if ui
                .button("Dismiss")
                .on_hover_text("Hide this message")
                .clicked()
            {
                commands.push(Command::DismissErrors);
            }
        });
    }
    commands
}

fn shown_ui(ui: &mut Ui, shown: &Shown) {
    ui.strong(&shown.name);
    let (w, h) = (shown.board.width(), shown.board.height());
    match &shown.kind {
        ShownKind::Course {
            flags,
            start,
            players,
            tiles,
            ..
        } => {
            ui.label(format!("course, {w} x {h} squares, {tiles} tile(s)"));
            ui.separator();
            ui.label(format!("{flags} flag(s)"));
            ui.separator();
            ui.label(match start {
                StartRule::Archive(s) => format!("start: archive at {s}"),
                StartRule::Numbered => format!(
                    "start: numbered start squares ({} on the board)",
                    shown.board.start_squares().len()
                ),
            });
            ui.separator();
            ui.label(format!("{}-{} players", players.0, players.1));
        }
        ShownKind::Tile { id } => {
            ui.label(format!("tile \"{id}\", {w} x {h} squares"));
        }
    }
    if !shown.board.problems.is_empty() {
        ui.separator();
        let text = shown
            .board
            .problems
            .iter()
            .map(|p| p.message())
            .collect::<Vec<_>>()
            .join("\n");
        ui.label(
            RichText::new(format!("{} problem(s)", shown.board.problems.len()))
                .color(ui.visuals().warn_fg_color),
        )
        .on_hover_text(text);
    }
}
