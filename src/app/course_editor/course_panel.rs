//! The course composer's side panel: what a click on the course does (move, place a tile, put a
//! flag, set the 1994 start), the flags in order with renumbering, and the course properties.

use crate::app::command::{Command, CourseTool};
use crate::model::{Course, LivesRule, StartRule};
use egui::Ui;

/// Draws the panel. Edits of the course happen in place; returns the commands and whether the
/// course changed.
pub fn course_ui(ui: &mut Ui, course: &mut Course, tool: &CourseTool) -> (Vec<Command>, bool) {
    let mut commands = Vec::new();
    let mut changed = false;
    ui.heading("Compose");
    ui.horizontal_wrapped(|ui| {
        let tools = [
            (CourseTool::Move, "Move", "Drag placed tiles and flags; R turns the tile under the pointer, Delete removes it"),
            (CourseTool::Flag, "Add flag", "Click a square to put the next numbered flag there"),
            (CourseTool::Start, "Set start", "Click a square to make it the 1994 start (an archive square where every robot starts)"),
        ];
        for (t, text, tip) in tools {
            if ui.selectable_label(*tool == t, text).on_hover_text(tip).clicked() {
                commands.push(Command::CourseTool(t));
            }
        }
    });
    if let CourseTool::Place(id) = tool {
        ui.label(format!("Click the course to place tile \"{id}\"."));
    } else {
        ui.weak("Drag a tile from the library onto the course, or use its Place button.");
    }
    ui.separator();
    ui.strong("Flags");
    let mut flags = course.flags_in_order();
    let mut swap = None;
    for (i, f) in flags.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Flag {} at {}", f.number, f.at));
            changed |= super::flag_dice::die_field(ui, course, f.number);
            if i > 0
                && ui
                    .small_button("earlier")
                    .on_hover_text(format!("Make flag {} come one earlier", f.number))
                    .clicked()
            {
                swap = Some(i - 1);
            }
        });
    }
    if let Some(i) = swap {
        let (a, b) = (flags[i].at, flags[i + 1].at);
        flags[i].at = b;
        flags[i + 1].at = a;
        course.flags = flags;
        changed = true;
    }
    if course.flags.is_empty() {
        ui.weak("No flags yet: use Add flag.");
    }
    ui.separator();
    ui.strong("Start");
    match course.start {
        StartRule::Archive(s) => ui.label(format!("1994 start on {s}")),
        StartRule::Numbered => ui.label("Numbered start squares of the docks"),
    };
    let mut numbered = course.start == StartRule::Numbered;
    if ui
        .checkbox(&mut numbered, "Numbered starts")
        .on_hover_text("Robots start on the numbered start squares of the placed docks instead of one archive square")
        .changed()
    {
        course.start = if numbered {
            StartRule::Numbered
        } else {
            StartRule::Archive(crate::geom::Square::new(0, 0))
        };
        changed = true;
    }
    ui.separator();
    ui.strong("Properties");
    changed |= ui
        .add(egui::TextEdit::singleline(&mut course.name).hint_text("Course name"))
        .on_hover_text("The course name")
        .changed();
    changed |= ui
        .add(
            egui::TextEdit::multiline(&mut course.description)
                .hint_text("Description")
                .desired_rows(2),
        )
        .on_hover_text("What the course is like")
        .changed();
    ui.horizontal(|ui| {
        ui.label("Players");
        changed |= ui
            .add(egui::DragValue::new(&mut course.players.min).range(1..=8))
            .on_hover_text("Fewest players")
            .changed();
        ui.label("to");
        changed |= ui
            .add(egui::DragValue::new(&mut course.players.max).range(1..=8))
            .on_hover_text("Most players")
            .changed();
    });
    ui.horizontal(|ui| {
        ui.label("Lives");
        let standard = course.lives == LivesRule::Standard;
        if ui
            .selectable_label(standard, "3")
            .on_hover_text("Three lives (1994 rules)")
            .clicked()
            && !standard
        {
            course.lives = LivesRule::Standard;
            changed = true;
        }
        let optional = course.lives == LivesRule::Optional;
        if ui
            .selectable_label(optional, "optional")
            .on_hover_text(
                "Three, +1 with 5 or more players, +1 with 5 or more tiles (Dutch rules summary)",
            )
            .clicked()
            && !optional
        {
            course.lives = LivesRule::Optional;
            changed = true;
        }
    });
    changed |= super::rules_panel::show(ui, &mut course.rules);
    (commands, changed)
}
