//! The live validation panel of the course composer: the diagnostics of `validate::validate`,
//! recomputed when the course changes; clicking one highlights its squares and centres the view.
//! And the solver's best line, which can be drawn on the board (`state::shown::best_line_path`),
//! the line from every start with their fairness, and the "how it plays" estimate filling in
//! from bot games in the background, each with progress and a Cancel button.

use crate::app::command::{Action, Command};
use crate::app::state::analysis::{Analyser, PLAY_GAMES};
use crate::validate::{Diagnostic, Severity, Solution};
use egui::{RichText, Ui};

/// Lists `diagnostics`, marking the one shown; `checking` says a newer check is still running
/// in the background (the list is the last one until it is done), `checked` that some check has
/// finished (else an empty list says nothing). Returns the one clicked.
pub fn validation_ui(
    ui: &mut Ui,
    diagnostics: &[Diagnostic],
    shown: Option<&Diagnostic>,
    (checking, checked): (bool, bool),
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
    if diagnostics.is_empty() && !checked {
        // A check cancelled before any finished: nothing is known yet.
        ui.weak("Not checked yet: no check of this course has finished.");
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
                "Shortest whole line: {} register phase(s), {} damage, from {} facing {}; its programs are all dealt {} of the time.",
                s.registers(),
                s.damage(),
                s.start,
                s.facing.name(),
                percent(s.chance)
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
    if let Some(s) = solution {
        typical_ui(ui, s);
        each_flag_ui(ui, s);
    }
    toggled
}

/// The shortest line a typical hand allows, beside the best line (which may need lucky hands).
fn typical_ui(ui: &mut Ui, s: &Solution) {
    let Some(t) = &s.typical else { return };
    let text = match (t.registers, t.at_least) {
        (Some(r), _) => format!(
            "With a typical hand: {r} register phase(s), {} damage.",
            t.damage
        ),
        (None, Some(n)) if t.gave_up => format!(
            "With a typical hand: not found within the search budget (at least {n} register phases)."
        ),
        (None, _) if t.gave_up => {
            "With a typical hand: not found within the search budget.".to_string()
        }
        (None, _) => "With a typical hand: no line.".to_string(),
    };
    ui.weak(text).on_hover_text(
        "The shortest line whose every program a typical hand holds: at most 1 Move 3, 1 Move 2, 2 Move 1, 1 Back Up, 2 Rotate Left, 2 Rotate Right and 1 U-Turn, fewer when damaged.",
    );
}

/// Each flag's slice of the shortest whole line beside the leg's own minimum, the fewest
/// registers from any way of arriving at the previous flag (docs/validation.md).
fn each_flag_ui(ui: &mut Ui, s: &Solution) {
    let flags = s.leg_minima.len().max(s.legs.len());
    if flags == 0 {
        return;
    }
    egui::CollapsingHeader::new("Each flag")
        .id_salt("each flag")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("each flag grid")
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    ui.weak("flag");
                    ui.weak("on the whole line").on_hover_text(
                        "The registers of this flag's slice of the shortest whole line, and the damage taken on it",
                    );
                    ui.weak("own minimum").on_hover_text(
                        "The fewest registers to this flag from any way of arriving at the previous one (from the start for flag 1); the whole line may spend more on a leg to arrive better placed for the next",
                    );
                    ui.end_row();
                    for i in 0..flags {
                        ui.label((i + 1).to_string());
                        match s.legs.get(i) {
                            Some(l) => ui.label(format!("{}, {} damage", l.registers, l.damage)),
                            None => ui.label("not reached"),
                        };
                        match s.leg_minima.get(i) {
                            Some(m) => match (m.registers, m.gave_up) {
                                (Some(r), false) => ui.label(r.to_string()),
                                (Some(r), true) => ui.label(format!("at most {r}")).on_hover_text(
                                    "The search stopped at its budget: a shorter way may exist",
                                ),
                                (None, true) => ui.label("not decided (search budget)"),
                                (None, false) => ui.label("no line"),
                            },
                            None => ui.label(""),
                        };
                        ui.end_row();
                    }
                });
        });
}

/// A chance as a percentage with enough digits to be more than 0.
fn percent(p: f64) -> String {
    if p >= 0.0001 {
        format!("{:.2}%", p * 100.0)
    } else {
        format!("{:.1e}%", p * 100.0)
    }
}

/// The check under way (time and Cancel), the line from every start with the fairness, and the
/// "how it plays" estimate with its progress and a Stop button. Reads only what the background
/// threads have finished; never waits for them.
pub fn analysis_ui(ui: &mut Ui, analyser: &mut Analyser) {
    if let Some(secs) = analyser.running_for() {
        let (fraction, stage) = analyser.progress().unwrap_or((0.0, "starting".to_string()));
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(160.0)
                    .text(format!("Checking: {secs:.0} s")),
            )
            .on_hover_text(format!("Checking and solving the course, {stage}"));
            if ui
                .button("Cancel")
                .on_hover_text("Stop this check; the next edit checks the course again")
                .clicked()
            {
                analyser.cancel_check();
            }
        });
        ui.weak(stage);
        // The bar moves while the worker works: look again in a moment.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(250));
    } else if analyser.was_cancelled() && analyser.has_finished() {
        ui.weak("Check cancelled: the problems below are from the last finished check; the next edit checks the course again.");
    } else if analyser.was_cancelled() {
        ui.weak("Check cancelled before any check of this course finished; the next edit checks it again.");
    }
    let (starts, fairness) = analyser.starts();
    if !starts.is_empty() {
        ui.strong("Every start");
        egui::Grid::new("every start")
            .striped(true)
            .num_columns(3)
            .show(ui, |ui| {
                ui.weak("start");
                ui.weak("registers");
                ui.weak("damage");
                ui.end_row();
                for l in starts {
                    ui.label(match l.number {
                        Some(n) => format!("{n} at {}", l.square),
                        None => format!("{}", l.square),
                    });
                    match (l.registers, l.unreachable) {
                        (Some(r), _) => ui.label(r.to_string()),
                        (None, _) if l.skipped => ui
                            .label("not searched")
                            .on_hover_text("the search from start 1 stopped at its budget"),
                        (None, _) if l.undecided => ui.label("not decided (search budget)"),
                        (None, Some((flag, _))) => ui.label(format!("no line (flag {flag})")),
                        (None, None) => ui.label("no line"),
                    };
                    // No line: no damage to speak of.
                    ui.label(match l.registers {
                        Some(_) => l.damage.to_string(),
                        None => "-".to_string(),
                    });
                    ui.end_row();
                }
            });
        if fairness.is_some_and(|f| f.registers == 0 && f.damage == 0) {
            ui.weak("Fairness: no start is better than another.");
        } else if let Some(f) = fairness {
            let name = |i: usize| {
                starts
                    .get(i)
                    .and_then(|l| l.number)
                    .map_or_else(String::new, |n| n.to_string())
            };
            ui.weak(format!(
                "Fairness: {} register(s) and {} damage between start {} (best) and start {} (worst).",
                f.registers,
                f.damage,
                name(f.best),
                name(f.worst)
            ));
        } else if starts.iter().any(|l| l.skipped) {
            ui.weak("Fairness: not known. The search from start 1 stopped at its budget, so the other starts were not searched.");
        }
    }
    ui.separator();
    ui.strong("How it plays");
    let running = analyser.play.is_running();
    match analyser.play.estimate() {
        Some(p) => {
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(p.games as f32 / PLAY_GAMES as f32)
                        .desired_width(160.0)
                        .text(format!("{} of {PLAY_GAMES} games", p.games)),
                );
                if running
                    && ui
                        .button("Stop")
                        .on_hover_text("Stop the bot games")
                        .clicked()
                {
                    analyser.play.cancel();
                }
            });
            ui.label(
                RichText::new(format!(
                    "Difficulty {}, length {}",
                    p.difficulty().name(),
                    p.length().name()
                ))
                .strong(),
            )
            .on_hover_text(
                "Easy: 90% finish and under 0.5 deaths a robot; medium: 70% and under 1.5; hard: 40%; expert: the rest. Short: up to 10 turns; medium: up to 20; long: more (docs/validation.md).",
            );
            let (rate, low, high) = p.finish_rate();
            match p.turns() {
                Some((mean, half)) => ui.label(format!(
                    "{mean:.1} ± {half:.1} turns to finish (95%), {} planner robots",
                    p.players
                )),
                None => ui.label("No robot has finished yet."),
            };
            ui.label(format!(
                "{:.0}% finish within {} turns (95%: {:.0}-{:.0}%)",
                rate * 100.0,
                p.turn_budget,
                low * 100.0,
                high * 100.0
            ));
            let causes: Vec<String> = p
                .deaths
                .keys()
                .map(|c| format!("{c} {:.2}", p.deaths_per_game(c)))
                .collect();
            ui.label(format!(
                "{:.2} deaths a robot; a game: {}",
                p.deaths_per_robot(),
                if causes.is_empty() {
                    "none".to_string()
                } else {
                    causes.join(", ")
                }
            ));
            let deadliest: Vec<String> = p
                .deadliest(3)
                .iter()
                .map(|(s, n)| format!("{s} ({n})"))
                .collect();
            if !deadliest.is_empty() {
                ui.label(format!("Deadliest squares: {}", deadliest.join(", ")));
            }
        }
        None if running => {
            ui.weak("Racing bots on the course...");
        }
        None => {
            ui.weak("No estimate: the course cannot be raced yet.");
        }
    }
}
