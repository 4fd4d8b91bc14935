//! The report of `factory-floor validate`: the solver's model, the diagnostics, the line from
//! every start and their fairness, the shortest whole line with each leg's slice, each leg's own
//! minimum, the typical-hand line, trap squares and the difficulty of a course file, as text for
//! people or JSON for tools (docs/validation.md). Reading the files is `cli::validate`'s.

use super::{
    Analysis, CONSTRAINTS, Diagnostic, Difficulty, Leg, LegMinimum, Severity, Solution, StartLine,
};
use crate::format::words;
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
        /// Per diagnostic, the 1-based line and column of the course file's entry it is about
        /// (`format::course::course_place`; `None`, or a shorter list, where none is).
        places: Vec<Option<(usize, usize)>>,
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
        FileResult::Course {
            name,
            analysis,
            places,
        } => {
            let errors = count(&analysis.diagnostics, Severity::Error);
            let _ = writeln!(
                out,
                "{} (\"{}\"): {}",
                path.display(),
                // A name from the file: a line break in it must not start a line of the report.
                crate::format::escape_control(name),
                if errors == 0 {
                    "valid".to_string()
                } else {
                    format!("{errors} error(s)")
                }
            );
            let _ = writeln!(out, "  rules: {}", analysis.rules);
            let unmodelled = super::unmodelled_rules(&analysis.rules);
            if !unmodelled.is_empty() {
                let names: Vec<&str> = unmodelled.iter().map(|r| r.label()).collect();
                let _ = writeln!(
                    out,
                    "  not modelled by the solver (its figures play these by the 1994 rules): {}",
                    names.join(", ")
                );
            }
            let _ = writeln!(out, "  solver model (each figure below assumes it):");
            for c in CONSTRAINTS {
                let _ = writeln!(out, "    - {c}");
            }
            let house = &analysis.rules.house;
            if house.one_free_life || house.infinite_lives {
                let _ = writeln!(
                    out,
                    "    - {}: a destruction does not end a line; the robot returns to its archive at the next turn (its registers left that turn lost), {}",
                    if house.infinite_lives {
                        "Infinite Lives"
                    } else {
                        "One Free Life"
                    },
                    match (house.infinite_lives, house.one_free_life) {
                        (true, true) => "the first time with no damage, then with 2",
                        (true, false) => "with 2 damage, any number of times",
                        _ => "once, with no damage",
                    }
                );
            }
            for (i, d) in analysis.diagnostics.iter().enumerate() {
                match places.get(i).copied().flatten() {
                    Some((line, _)) => {
                        let _ = writeln!(out, "  line {line}: {d}");
                    }
                    None => {
                        let _ = writeln!(out, "  {d}");
                    }
                }
            }
            write_starts(&mut out, analysis);
            if let Some(s) = &analysis.solution {
                write_solution(&mut out, s);
            }
            for c in &analysis.by_chance {
                let _ = writeln!(
                    out,
                    "  flag {} at {}: depends on chance ({})",
                    c.flag,
                    c.square,
                    c.in_words()
                );
            }
            if let Some(d) = &analysis.difficulty {
                let _ = writeln!(out, "  difficulty: {d}");
            }
            if let Some(p) = &analysis.play {
                write_play(&mut out, p);
            }
        }
    }
    out
}

fn write_play(out: &mut String, p: &super::play::PlayEstimate) {
    let _ = writeln!(out, "  how it plays: {p}");
    let deadliest: Vec<String> = p
        .deadliest(5)
        .iter()
        .map(|(s, n)| format!("{s} ({n})"))
        .collect();
    if !deadliest.is_empty() {
        let _ = writeln!(
            out,
            "  deadliest squares (deaths): {}",
            deadliest.join(", ")
        );
    }
}

fn play_json(p: &super::play::PlayEstimate) -> Value {
    let (rate, low, high) = p.finish_rate();
    json!({
        "bot": super::play::BOT.name(),
        "players": p.players,
        "games": p.games,
        "turn_budget": p.turn_budget,
        "turns_to_finish": p.turns().map(|(m, h)| json!({"mean": m, "ci95": [m - h, m + h]})),
        "finish_rate": {"rate": rate, "ci95": [low, high]},
        "deaths_per_robot": p.deaths_per_robot(),
        "deaths_per_game_by_cause": p.deaths.keys().map(|c| (c.to_string(), json!(p.deaths_per_game(c)))).collect::<serde_json::Map<_, _>>(),
        "deadliest_squares": p.deadliest(5).iter().map(|(s, n)| json!({"square": square(*s), "deaths": n})).collect::<Vec<_>>(),
        "difficulty_class": p.difficulty().name(),
        "length_class": p.length().name(),
    })
}

fn start_text(l: &StartLine) -> String {
    match (l.registers, l.unreachable) {
        (Some(r), _) => format!("{}, {} damage", words::count(r, "register"), l.damage),
        (None, _) if l.skipped => {
            "not searched (the search from the first start stopped at its budget)".to_string()
        }
        (None, _) if l.undecided => "not found within the search budget".to_string(),
        (None, Some((flag, at))) => format!("no line (flag {flag} at {at} cannot be reached)"),
        (None, None) => "no line".to_string(),
    }
}

fn write_starts(out: &mut String, analysis: &Analysis) {
    if analysis.starts.len() > 1 {
        let _ = writeln!(out, "  every start (shortest whole line from each):");
        for l in &analysis.starts {
            let _ = writeln!(
                out,
                "    {} facing {}: {}",
                l.name(),
                l.facing.name(),
                start_text(l)
            );
        }
        match &analysis.fairness {
            Some(f) if f.registers == 0 && f.damage == 0 => {
                // Not "between the best start (start 1) and the worst (start 1)".
                let _ = writeln!(
                    out,
                    "  fairness: no start is better than another (every start that finishes takes as many registers and as much damage)"
                );
            }
            Some(f) => {
                let name = |i: usize| {
                    analysis
                        .starts
                        .get(i)
                        .map_or(String::new(), StartLine::name)
                };
                let _ = writeln!(
                    out,
                    "  fairness: {} register(s) and {} damage between the best start ({}) and the worst ({})",
                    f.registers,
                    f.damage,
                    name(f.best),
                    name(f.worst)
                );
            }
            None if analysis.starts.iter().any(|l| l.skipped) => {
                let _ = writeln!(
                    out,
                    "  fairness: not known (the starts after the first were not searched)"
                );
            }
            None => {
                let _ = writeln!(out, "  fairness: fewer than two starts finish");
            }
        }
    }
}

fn write_solution(out: &mut String, s: &Solution) {
    let _ = writeln!(out, "  start {} facing {}", s.start, s.facing.name());
    if s.finishes() {
        let _ = writeln!(
            out,
            "  shortest whole line: {}, {} damage; its programs are all dealt {} of the time",
            words::count(s.registers(), "register"),
            s.damage(),
            percent(s.chance)
        );
    } else if s.undecided {
        let _ = writeln!(
            out,
            "  shortest whole line: not found within the search budget (the last legs below are as far as it got)"
        );
    } else {
        let _ = writeln!(out, "  shortest whole line: no line to the last flag");
    }
    for leg in &s.legs {
        let _ = writeln!(out, "  {leg}");
    }
    for d in destructions(s) {
        let _ = writeln!(out, "  the line goes through a destruction: {d}");
    }
    if let Some(u) = &s.unreachable {
        // A search that stopped at its budget did not show the flag out of reach.
        let what = if s.undecided {
            "not reached within the search budget"
        } else {
            "no line"
        };
        let _ = writeln!(
            out,
            "  flag {} at {}: {what}, {} trap square(s)",
            u.flag, u.square, u.traps
        );
    }
    if !s.leg_minima.is_empty() {
        let _ = writeln!(
            out,
            "  each leg's own minimum (fewest registers from any way of arriving at the previous flag):"
        );
        for m in &s.leg_minima {
            let _ = writeln!(out, "    {}", minimum_text(m));
        }
    }
    if let Some(t) = &s.typical {
        let what = match (t.registers, t.gave_up) {
            (Some(r), _) => format!("{}, {} damage", words::count(r, "register"), t.damage),
            (None, true) => match t.at_least {
                Some(n) => format!(
                    "not found within the search budget (every such line takes at least {})",
                    words::count(n, "register")
                ),
                None => "not found within the search budget".to_string(),
            },
            (None, false) => "no line".to_string(),
        };
        let _ = writeln!(
            out,
            "  shortest line a typical hand allows (a program holds at most 1 Move 3, 1 Move 2, 2 Move 1, 1 Back Up, 2 Rotate Left, 2 Rotate Right, 1 U-Turn, fewer when damaged): {what}"
        );
    }
    for leg in s.legs.iter().filter(|l| !l.trap_squares.is_empty()) {
        let list: Vec<String> = leg.trap_squares.iter().map(|q| q.to_string()).collect();
        let _ = writeln!(
            out,
            "  trap squares of flag {} (no way from them to it): {}",
            leg.flag,
            list.join(" ")
        );
    }
    if s.gave_up {
        let _ = writeln!(
            out,
            "  note: a search stopped at its budget of {} states; figures it did not finish are left out",
            super::solver::STATE_BUDGET
        );
    }
}

/// Where the shortest whole line goes through a destruction (One Free Life, Infinite Lives:
/// docs/validation.md, Lives), one sentence each.
fn destructions(s: &Solution) -> Vec<String> {
    let steps: Vec<&super::Step> = s.program().collect();
    let mut out = Vec::new();
    for (i, step) in steps.iter().enumerate().filter(|(_, p)| p.destroyed) {
        let from = match i.checked_sub(1).and_then(|j| steps.get(j)) {
            Some(before) => before.square,
            None => s.start,
        };
        out.push(format!(
            "destroyed in register {} of turn {} playing {} from {from}, returns to {} facing {} with {} damage",
            step.phase,
            i / 5 + 1,
            step.card.kind.name(),
            step.square,
            step.facing.name(),
            step.total
        ));
    }
    out
}

fn minimum_text(m: &LegMinimum) -> String {
    let Some(r) = m.registers else {
        return if m.gave_up {
            format!("flag {}: not found within the search budget", m.flag)
        } else {
            format!("flag {}: no line", m.flag)
        };
    };
    // A search that stopped at its budget found a line, maybe not the shortest.
    let at_most = if m.gave_up { "at most " } else { "" };
    let from = if m.flag == 1 {
        "from the start".to_string()
    } else {
        format!(
            "leaving flag {} in register {} facing {} with {} damage",
            m.flag - 1,
            m.from_phase,
            m.from_facing.name(),
            m.from_damage
        )
    };
    let cards: Vec<String> = m
        .program
        .iter()
        .map(|s| format!("{}:{}", s.phase, s.card.kind.code()))
        .collect();
    format!(
        "flag {}: {at_most}{r} register(s) {from}: {}",
        m.flag,
        cards.join(" ")
    )
}

/// A chance as a percentage with enough digits to be more than 0.
fn percent(p: f64) -> String {
    if p >= 0.01 {
        format!("{:.1}%", p * 100.0)
    } else if p * 100.0 >= f64::MIN_POSITIVE {
        format!("{:.2e}%", p * 100.0)
    } else {
        // A product of hundreds of turns' chances falls below what a double holds (no program
        // of a line is impossible to deal: it fills only the registers the hand fills).
        "less than 1e-300%".to_string()
    }
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

fn step_json(s: &super::Step) -> Value {
    json!({
        "phase": s.phase,
        "card": s.card.kind.code(),
        "square": square(s.square),
        "facing": s.facing.name(),
        "damage": s.damage,
        "total_damage": s.total,
        "locked": s.locked,
        "destroyed": s.destroyed,
        "lost": s.lost,
    })
}

fn leg_json(leg: &Leg) -> Value {
    json!({
        "flag": leg.flag,
        "from": square(leg.from),
        "to": square(leg.to),
        "registers": leg.registers,
        "damage": leg.damage,
        "traps": leg.traps,
        "trap_squares": leg.trap_squares.iter().map(|&q| square(q)).collect::<Vec<_>>(),
        "program": leg.program.iter().map(step_json).collect::<Vec<_>>(),
    })
}

fn solution_json(s: &Solution) -> Value {
    json!({
        "start": square(s.start),
        "facing": s.facing.name(),
        "finishes": s.finishes(),
        "registers": if s.finishes() { json!(s.registers()) } else { Value::Null },
        "damage": s.damage(),
        // No line, no programs to be dealt.
        "chance_dealt": s.finishes().then_some(s.chance),
        "legs": s.legs.iter().map(leg_json).collect::<Vec<_>>(),
        "unreachable": s.unreachable.as_ref().map(|u| json!({
            "flag": u.flag,
            "square": square(u.square),
            "from": square(u.from),
            "traps": u.traps,
            "nearest": u.nearest.map(square),
        })),
        "leg_minima": s.leg_minima.iter().map(|m| json!({
            "flag": m.flag,
            "registers": m.registers,
            "from_phase": m.from_phase,
            "from_facing": m.from_facing.name(),
            "from_damage": m.from_damage,
            "program": m.program.iter().map(step_json).collect::<Vec<_>>(),
            "gave_up": m.gave_up,
        })).collect::<Vec<_>>(),
        "typical_hand": s.typical.as_ref().map(|t| json!({
            "registers": t.registers,
            "damage": t.damage,
            "gave_up": t.gave_up,
            "at_least": t.at_least,
        })),
        "gave_up": s.gave_up,
        "undecided": s.undecided,
    })
}

fn difficulty_json(d: &Difficulty) -> Value {
    json!({
        // "no line" is never 0 registers: the part to the last flag reached is its own key.
        "registers": d.finishes.then_some(d.registers),
        "finishes": d.finishes,
        "last_flag_reached": d.last_reached,
        "registers_to_last_flag_reached": d.last_reached.map(|_| d.registers),
        "line_squares": d.line_squares,
        "course_squares_near": d.course_near,
        "deadly_course_squares_near": d.deadly_course_near,
        "deadly_percent": d.deadly_percent(),
        "line_squares_at_edge": d.line_at_edge,
        "damage": d.laser_damage,
        "damage_by_cause": {
            "board_lasers": d.board_laser_damage,
            "squares": d.square_damage,
        },
        "squares_in_beam": d.squares_in_beam,
    })
}

fn starts_json(analysis: &Analysis) -> Value {
    json!({
        "lines": analysis.starts.iter().map(|l| json!({
            "number": l.number,
            "square": square(l.square),
            "facing": l.facing.name(),
            "registers": l.registers,
            "damage": l.damage,
            "unreachable_flag": l.unreachable.map(|u| u.0),
            "undecided": l.undecided,
            "searched": !l.skipped,
        })).collect::<Vec<_>>(),
        "fairness": analysis.fairness.map(|f| json!({
            "registers": f.registers,
            "damage": f.damage,
            "best": f.best + 1,
            "worst": f.worst + 1,
        })),
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
        FileResult::Course {
            name,
            analysis,
            places,
        } => json!({
            "file": file,
            "course": name,
            "valid": !super::has_errors(&analysis.diagnostics),
            "diagnostics": analysis.diagnostics.iter().enumerate().map(|(i, d)| {
                let place = places.get(i).copied().flatten();
                json!({
                    "severity": d.severity.label(),
                    "rule": d.rule,
                    "squares": d.squares.iter().map(|&s| square(s)).collect::<Vec<_>>(),
                    "tiles": d.tiles.iter().map(|t| t + 1).collect::<Vec<_>>(),
                    "line": place.map(|p| p.0),
                    "column": place.map(|p| p.1),
                    "message": d.message,
                })
            }).collect::<Vec<_>>(),
            "solution": analysis.solution.as_ref().map(solution_json),
            "difficulty": analysis.difficulty.as_ref().map(difficulty_json),
            "model": CONSTRAINTS,
            "rules": analysis.rules.to_string(),
            "rules_not_modelled": super::unmodelled_rules(&analysis.rules)
                .iter()
                .map(|r| r.name())
                .collect::<Vec<_>>(),
            "play": analysis.play.as_ref().map(play_json),
            "starts": starts_json(analysis),
            "by_chance": analysis.by_chance.iter().map(|c| json!({
                "flag": c.flag,
                "square": square(c.square),
                "chance": c.chance,
                "expected_tries": c.expected_tries(),
            })).collect::<Vec<_>>(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn a_chance_too_small_for_a_double_is_not_printed_as_zero() {
        // 0.09% of hands hold four Move 3 (hands.rs); hundreds of turns of such programs
        // multiply below the smallest double, yet no program of a line is impossible to deal.
        assert_eq!(percent(0.5), "50.0%");
        assert_eq!(percent(0.000884), "8.84e-2%");
        assert_eq!(percent(0.000884f64.powi(120)), "less than 1e-300%");
        assert_eq!(percent(0.0), "less than 1e-300%");
    }
}
