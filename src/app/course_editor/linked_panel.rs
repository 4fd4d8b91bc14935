//! The side panel's part about the course a placed tile was opened from, while the tile editor
//! edits that tile: a picture of the course as the edits leave it, its problems, the way back.

use super::validation_panel;
use crate::app::canvas::cache::paint_shared;
use crate::app::command::{Action, Command};
use crate::app::state::Workspace;
use crate::app::state::shown::Shown;
use crate::model::Board;
use egui::Ui;

/// The side panel's part about the course the tile was opened from: a picture of it as the
/// edits leave it, its problems, and the way back.
pub fn linked_course_ui(ui: &mut Ui, ws: &Workspace) -> Vec<Command> {
    let mut commands = Vec::new();
    let Some(linked) = &ws.linked else {
        return commands;
    };
    ui.heading("In the course");
    ui.label(format!(
        "Placed in \"{}\": edits show in the course at once.",
        linked.doc.content.display_name()
    ));
    let back = Action::BackToCourse;
    if ui
        .button(back.text())
        .on_hover_text(back.tooltip())
        .clicked()
    {
        commands.push(Command::Action(back));
    }
    if let Some(shown) = &linked.shown {
        course_preview_ui(ui, shown, linked.placement);
    }
    let mut show_path = ws.settings.show_path;
    if validation_panel::best_line_ui(ui, &mut show_path, linked.solution.as_ref()) {
        commands.push(Command::Action(Action::ToggleBestLine));
    }
    // Clicking a problem here would show squares of a board that is not on the canvas.
    let _ = validation_panel::validation_ui(
        ui,
        &linked.diagnostics,
        None,
        (
            ws.linked_analyser.is_busy(),
            ws.linked_analyser.has_finished(),
        ),
    );
    commands
}

/// A picture of the course as it is with the edits, the width of the panel, with the placement
/// the tile was opened from outlined.
fn course_preview_ui(ui: &mut Ui, shown: &Shown, placement: usize) {
    let board: &Board = &shown.board;
    let size = egui::vec2(board.width().max(1) as f32, board.height().max(1) as f32);
    let width = ui.available_width().max(32.0);
    let height = (width * size.y / size.x).min(200.0);
    let scale = (width / size.x).min(height / size.y);
    let (rect, response) = ui.allocate_exact_size(size * scale, egui::Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Course preview"));
    let to_screen = egui::emath::RectTransform::from_to(
        egui::Rect::from_min_size(egui::Pos2::ZERO, size),
        rect,
    );
    let painter = ui.painter_at(rect);
    paint_shared(&painter, &shown.scene, to_screen);
    if let Some((_, nw, w, h)) = board.placements.iter().find(|p| p.0 == placement) {
        let outline = egui::Rect::from_min_size(
            egui::pos2(nw.x as f32, nw.y as f32),
            egui::vec2(*w as f32, *h as f32),
        );
        painter.rect_stroke(
            to_screen.transform_rect(outline),
            0.0,
            egui::Stroke::new(2.5, egui::Color32::from_rgb(80, 160, 255)),
            egui::StrokeKind::Inside,
        );
    }
}
