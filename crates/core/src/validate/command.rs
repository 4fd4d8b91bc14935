//! The report of `factory-floor validate`: the diagnostics, the solver's legs and the difficulty
//! of a course file, as text for people or JSON for tools. Reading the files is `cli::validate`'s.

use super::{Analysis, Diagnostic, Difficulty, Leg, Severity, Solution};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::Path;

/// One file's outcome.
#[derive(Debug)]
pub enum FileResult {
    /// Not a course file, or one that could not be loaded; `unreadable` when it could not be read
    /// at all (exit code 2) rather than read and found invalid.
    NotValidated { message: String, unreadable: bool },
    Course {
        name: String,
        analysis: Box<Analysis>,
    },
}

impl FileResult {
    /// Exit-code weight: 0 valid, 1 errors found, 2 unreadable.
    pub fn code(&self) -> u8 {
        match self {
            FileResult::NotValidated { unreadable, .. } => {
                if *unreadable {
                    2
                } else {
                    1
                }
            }
            FileResult::Course { analysis, .. } => {
                u8::from(super::has_errors(&analysis.diagnostics))
            }
        }
    }
}

/// The text report of one file.
pub fn render_text(path: &Path, result: &FileResult) -> String {
    let mut out = String::new();
    match result {
        FileResult::NotValidated { message, .. } => {
            let _ = writeln!(out, "{message}");
        }
        FileResult::Course { name, analysis } => {
            let errors = count(&analysis.diagnostics, Severity::Error);
            let _ = writeln!(
                out,
                "{} (\"{name}\"): {}",
                path.display(),
                if errors == 0 {
                    "valid".to_string()
                } else {
                    format!("{errors} error(s)")
                }
            );
            for d in &analysis.diagnostics {
                let _ = writeln!(out, "  {d}");
            }
            if let Some(s) = &analysis.solution {
                let _ = writeln!(out, "  start {} facing {}", s.start, s.facing.name());
                for leg in &s.legs {
                    let _ = writeln!(out, "  {leg}");
                }
                if let Some(u) = &s.unreachable {
                    let _ = writeln!(
                        out,
                        "  flag {} at {}: unreachable, {} trap square(s)",
                        u.flag, u.square, u.traps
                    );
                }
            }
            if let Some(d) = &analysis.difficulty {
                let _ = writeln!(out, "  difficulty: {d}");
            }
        }
    }
    out
}

fn count(diagnostics: &[Diagnostic], severity: Severity) -> usize {
    diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .count()
}

fn square(s: crate::geom::Square) -> Value {
    json!([s.x, s.y])
}

fn leg_json(leg: &Leg) -> Value {
    json!({
        "flag": leg.flag,
        "from": square(leg.from),
        "to": square(leg.to),
        "registers": leg.registers,
        "damage": leg.damage,
        "traps": leg.traps,
        "program": leg.program.iter().map(|s| json!({
            "phase": s.phase,
            "card": s.card.kind.code(),
            "square": square(s.square),
            "facing": s.facing.name(),
            "damage": s.damage,
        })).collect::<Vec<_>>(),
    })
}

fn solution_json(s: &Solution) -> Value {
    json!({
        "start": square(s.start),
        "facing": s.facing.name(),
        "registers": s.registers(),
        "legs": s.legs.iter().map(leg_json).collect::<Vec<_>>(),
        "unreachable": s.unreachable.as_ref().map(|u| json!({
            "flag": u.flag,
            "square": square(u.square),
            "from": square(u.from),
            "traps": u.traps,
        })),
    })
}

fn difficulty_json(d: &Difficulty) -> Value {
    json!({
        "registers": d.registers,
        "line_squares": d.line_squares,
        "near_squares": d.near_squares,
        "deadly_near": d.deadly_near,
        "deadly_percent": d.deadly_percent(),
        "laser_damage": d.laser_damage,
        "squares_in_beam": d.squares_in_beam,
    })
}

/// The JSON report of one file.
pub fn render_json(path: &Path, result: &FileResult) -> Value {
    let file = path.display().to_string();
    match result {
        FileResult::NotValidated {
            message,
            unreadable,
        } => json!({
            "file": file,
            "valid": false,
            "unreadable": unreadable,
            "error": message,
        }),
        FileResult::Course { name, analysis } => json!({
            "file": file,
            "course": name,
            "valid": !super::has_errors(&analysis.diagnostics),
            "diagnostics": analysis.diagnostics.iter().map(|d| json!({
                "severity": d.severity.label(),
                "rule": d.rule,
                "squares": d.squares.iter().map(|&s| square(s)).collect::<Vec<_>>(),
                "tiles": d.tiles,
                "message": d.message,
            })).collect::<Vec<_>>(),
            "solution": analysis.solution.as_ref().map(solution_json),
            "difficulty": analysis.difficulty.as_ref().map(difficulty_json),
        }),
    }
}
