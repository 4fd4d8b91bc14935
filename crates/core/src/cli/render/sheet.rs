//! The facts of a course sheet and of a library page, gathered from the files: the course's own
//! settings, the validator's report (through its public text report, so its figures are the
//! validator's own) and the legend of the elements the board uses (`ElementKind::rule`).

use crate::cli::validate::validate_file_with;
use crate::format::{Document, load_document};
use crate::geom::{Facing, Square};
use crate::model::{Board, Course, EdgeSpec, ElementKind, LivesRule, StartRule, Tile};
use crate::render::sheet::{LegendEntry, Sheet};
use crate::render::{SceneOptions, build_scene};
use crate::validate::CONSTRAINTS;
use crate::validate::command::render_text;
use std::collections::BTreeMap;
use std::path::Path;

/// A course sheet for a course file, a library page for a tile file.
pub(super) fn sheet_for_file(path: &Path) -> Result<Sheet, String> {
    match load_document(path).map_err(|e| e.to_string())? {
        Document::Tile(tile) => Ok(tile_sheet(&tile, path)),
        Document::Course(course) => course_sheet(&course, path),
    }
}

fn tile_sheet(tile: &Tile, path: &Path) -> Sheet {
    let board = Board::from_tile(tile, &[]);
    let mut about = vec![format!("{} x {} squares", tile.width(), tile.height())];
    if !tile.description.is_empty() {
        about.push(tile.description.clone());
    }
    Sheet {
        title: tile.name.clone(),
        subtitle: format!("tile id \"{}\"  -  {}", tile.id, file_name(path)),
        map: build_scene(&board, &SceneOptions::default()),
        map_height_mm: 120.0,
        sections: vec![("About".to_string(), about)],
        legend: legend(&board),
    }
}

fn course_sheet(course: &Course, path: &Path) -> Result<Sheet, String> {
    let (scene, _) = super::scene_of_file(path)?;
    let board = course.compile(&crate::format::Library::for_file(path));
    let mut race = Vec::new();
    if !course.description.is_empty() {
        race.push(course.description.clone());
    }
    race.push(format!(
        "{} to {} players.",
        course.players.min, course.players.max
    ));
    race.push(lives(course.lives, course.placements.len(), course.players));
    let flags = if board.flags.is_empty() {
        vec!["No flags: the course cannot be raced yet.".to_string()]
    } else {
        let mut flags = board.flags.clone();
        flags.sort();
        flags
            .iter()
            .map(|(n, s)| format!("Flag {n} at {s}"))
            .collect()
    };
    let starts = match course.start {
        StartRule::Archive(s) => vec![format!(
            "1994 start: every robot starts virtual on {s}, the archive marker on it (1994 rules, Set Up)."
        )],
        StartRule::Numbered => {
            let mut list: Vec<String> = board
                .start_squares()
                .iter()
                .map(|(n, s, f)| format!("Robot {} starts on {s} facing {}", n.get(), f.name()))
                .collect();
            if list.is_empty() {
                list.push("Numbered starts, but the board has no start squares.".to_string());
            }
            list
        }
    };
    let lives = match course.lives {
        LivesRule::Standard => "standard lives".to_string(),
        LivesRule::Optional => "the optional extra lives (Dutch rules summary)".to_string(),
        LivesRule::Fixed(n) => format!("{n} lives each"),
    };
    let house = course.rules.house.in_force();
    let mut rules = vec![
        "RoboRally classic rules (1994): the 1994 operating manual, the Factory Floor Guide and RULINGS.md.".to_string(),
        if house.is_empty() {
            format!("House rules: none; {lives}.")
        } else {
            format!("Lives: {lives}.")
        },
    ];
    for (rule, value) in house {
        rules.push(match value {
            Some(v) => format!("House rule: {} {v}.", rule.label()),
            None => format!("House rule: {}.", rule.label()),
        });
    }
    // The validator's own report, line by line: its figures stay its own. The programs of its
    // lines ("1:move3 2:left ...") are for replaying at the screen, not for the table: left out,
    // so the sheet keeps to two pages.
    let report = render_text(path, &validate_file_with(path, SHEET_GAMES));
    let validator: Vec<String> = report
        .lines()
        .skip(1)
        .map(|l| without_program(l.trim()))
        // The rules in force have their own section above.
        .filter(|l| !l.is_empty() && !l.starts_with("rules: "))
        // The model's standing sentences are the same on every sheet: named, not printed, so
        // the sheet keeps to two pages (what a house rule changes in it stays).
        .filter(|l| !CONSTRAINTS.iter().any(|c| l.strip_prefix("- ") == Some(c)))
        .map(|l| match l.strip_suffix(':') {
            Some(head) if head.starts_with("solver model") => format!(
                "{head}: as factory-floor validate --help and docs/validation.md state it{}",
                if house_lines(&report) { ", and:" } else { "." }
            ),
            _ => l,
        })
        .collect();
    let validator = same_traps_once(validator);
    let verdict = report
        .lines()
        .next()
        .and_then(|l| l.rsplit("): ").next())
        .unwrap_or("not checked")
        .to_string();
    let mut validator_lines = vec![format!("Verdict: {verdict}.")];
    validator_lines.extend(validator);
    let author = if course.author.is_empty() {
        String::new()
    } else {
        format!("by {}  -  ", course.author)
    };
    Ok(Sheet {
        title: course.name.clone(),
        subtitle: format!(
            "{author}{}  -  {} x {} squares, {} tile(s)",
            file_name(path),
            board.width(),
            board.height(),
            course.placements.len()
        ),
        map: scene,
        map_height_mm: 70.0,
        sections: vec![
            ("The race".to_string(), race),
            ("Flags, in order".to_string(), flags),
            ("Starts".to_string(), starts),
            ("Rules in force".to_string(), rules),
            ("Validator".to_string(), validator_lines),
        ],
        legend: legend(&board),
    })
}

fn lives(rule: LivesRule, tiles: usize, players: crate::model::PlayerRange) -> String {
    match rule {
        LivesRule::Standard => "Lives: 3 each (1994 rules).".to_string(),
        LivesRule::Optional => format!(
            "Lives: 3 each, one more with 5 or more players, one more with 5 or more tiles (Dutch rules summary): {} with {} players here, {} with {}.",
            rule.lives(usize::from(players.min), tiles),
            players.min,
            rule.lives(usize::from(players.max), tiles),
            players.max
        ),
        LivesRule::Fixed(n) => format!("Lives: {n} each (the course's house rule)."),
    }
}

/// Every element kind on the board, in catalogue order, with the first square (reading order)
/// that shows one.
fn legend(board: &Board) -> Vec<LegendEntry> {
    let mut seen: BTreeMap<ElementKind, Square> = BTreeMap::new();
    for s in board.all_squares() {
        if !board.is_on_board(s) {
            continue;
        }
        let mut kinds = board.spec(s).map(|spec| spec.kinds()).unwrap_or_default();
        for side in Facing::ALL {
            let edge = EdgeSpec {
                barrier: board.barrier(s, side).map(|b| b.barrier),
                mount: board.mount(s, side),
            };
            kinds.extend(edge.kinds());
        }
        for kind in kinds {
            seen.entry(kind).or_insert(s);
        }
    }
    seen.into_iter()
        .map(|(kind, s)| LegendEntry {
            name: first_upper(kind.name()),
            rule: kind.rule().to_string(),
            example: Some((s.x as f32, s.y as f32)),
        })
        .collect()
}

fn first_upper(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Bot games behind the sheet's "how it plays" line (the validator's play estimate, issue 17):
/// enough for its class and a turn count within about a turn, in a second or two.
const SHEET_GAMES: usize = 40;

/// `line` without the program that ends it, if it ends in one: the words after its last ": "
/// all read "REGISTER:CARD" (`1:move3 2:left`).
pub(super) fn without_program(line: &str) -> String {
    if let Some((head, tail)) = line.rsplit_once(": ") {
        let is_card = |w: &str| {
            w.split_once(':').is_some_and(|(n, card)| {
                n.len() == 1
                    && n.chars().all(|c| c.is_ascii_digit())
                    && !card.is_empty()
                    && card.chars().all(|c| c.is_ascii_alphanumeric())
            })
        };
        if !tail.trim().is_empty() && tail.split_whitespace().all(is_card) {
            return head.to_string();
        }
    }
    line.to_string()
}

/// The validator's "trap squares of flag N (...): SQUARES" lines, one line for the flags whose
/// trap squares are the same ("trap squares of flags 1, 2, 3 (...): SQUARES").
pub(super) fn same_traps_once(lines: Vec<String>) -> Vec<String> {
    const HEAD: &str = "trap squares of flag ";
    let mut out: Vec<String> = Vec::new();
    // For the last trap line kept: its flags, the words between them and the squares, and where.
    let mut last: Option<(Vec<String>, String, String, usize)> = None;
    for line in lines {
        let parsed = line.strip_prefix(HEAD).and_then(|rest| {
            let (flag, rest) = rest.split_once(' ')?;
            let (note, squares) = rest.split_once(": ")?;
            Some((flag.to_string(), note.to_string(), squares.to_string()))
        });
        match (parsed, &mut last) {
            (Some((flag, note, squares)), Some((flags, n, s, at)))
                if *n == note && *s == squares =>
            {
                flags.push(flag);
                out[*at] = format!("trap squares of flags {} {n}: {s}", flags.join(", "));
            }
            (Some((flag, note, squares)), _) => {
                last = Some((vec![flag], note, squares, out.len()));
                out.push(line);
            }
            (None, _) => {
                last = None;
                out.push(line);
            }
        }
    }
    out
}

/// Whether the report's model names a house rule's change to it: a model line that is not one
/// of the standing `CONSTRAINTS`.
fn house_lines(report: &str) -> bool {
    report
        .lines()
        .skip_while(|l| !l.trim().starts_with("solver model"))
        .skip(1)
        .take_while(|l| l.trim().starts_with("- "))
        .any(|l| {
            !CONSTRAINTS
                .iter()
                .any(|c| l.trim().strip_prefix("- ") == Some(c))
        })
}
