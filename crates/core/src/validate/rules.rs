//! The setup rules, one function per family. Every rule id is listed in `RULES` (rule_ids.rs)
//! with its severity and the source it comes from.

use super::rule_ids::RULES;
use super::{Diagnostic, Severity};
use crate::engine::cube::Fold;
use crate::geom::{Facing, Square};
use crate::model::{
    Barrier, Board, CompileProblem, Course, Device, Floor, Mount, Passage, SquareSpec, StartRule,
};
use std::collections::BTreeMap;

pub(super) fn severity_of(rule: &str) -> Severity {
    RULES
        .iter()
        .find(|r| r.0 == rule)
        .map_or(Severity::Warning, |r| r.1)
}

struct Out<'a>(&'a mut Vec<Diagnostic>);

impl Out<'_> {
    fn add(
        &mut self,
        rule: &'static str,
        squares: Vec<Square>,
        tiles: Vec<usize>,
        message: String,
    ) {
        self.0.push(Diagnostic {
            severity: severity_of(rule),
            rule,
            squares,
            tiles,
            message,
        });
    }
}

pub(super) fn check_all(course: &Course, board: &Board, out: &mut Vec<Diagnostic>) {
    let mut out = Out(out);
    tiles(course, board, &mut out);
    flags(course, board, &mut out);
    // RoboRally Cubed: a board edge leads onto the board it folds onto (seed 003 section 8.1).
    let fold = course
        .rules
        .house
        .cubed
        .and_then(|_| Fold::of(&board.placements).ok());
    start(course, board, fold.as_ref(), &mut out);
    elements(board, fold.as_ref(), &mut out);
    lives(course, &mut out);
}

fn tiles(course: &Course, board: &Board, out: &mut Out) {
    if course.placements.is_empty() {
        out.add(
            "no-tiles",
            Vec::new(),
            Vec::new(),
            "the course places no tiles".to_string(),
        );
    }
    for p in &board.problems {
        match p {
            CompileProblem::UnknownTile { placement, .. } => {
                out.add("unknown-tile", Vec::new(), vec![*placement], p.message());
            }
            CompileProblem::Overlap {
                first,
                second,
                squares,
            } => out.add(
                "tile-overlap",
                squares.clone(),
                vec![*first, *second],
                p.message(),
            ),
            CompileProblem::ConflictingBarriers {
                square,
                side,
                kept,
                dropped,
            } => {
                let message = format!(
                    "the {} edge of {square} gets {} from one tile and {} from another; the first is kept",
                    side.name(),
                    barrier_words(*kept),
                    barrier_words(*dropped)
                );
                out.add("conflicting-walls", vec![*square], Vec::new(), message);
            }
        }
    }
    // Tiles join when their rectangles share a stretch of edge.
    let rects = &board.placements;
    if rects.len() > 1 {
        let touches = |a: &(usize, Square, i32, i32), b: &(usize, Square, i32, i32)| {
            let (ax0, ay0, ax1, ay1) = (a.1.x, a.1.y, a.1.x + a.2, a.1.y + a.3);
            let (bx0, by0, bx1, by1) = (b.1.x, b.1.y, b.1.x + b.2, b.1.y + b.3);
            let overlap_x = ax0.max(bx0) < ax1.min(bx1);
            let overlap_y = ay0.max(by0) < ay1.min(by1);
            ((ax1 == bx0 || bx1 == ax0) && overlap_y)
                || ((ay1 == by0 || by1 == ay0) && overlap_x)
                || (overlap_x && overlap_y)
        };
        let mut reached = vec![false; rects.len()];
        reached[0] = true;
        let mut stack = vec![0];
        while let Some(i) = stack.pop() {
            for j in 0..rects.len() {
                if !reached[j] && touches(&rects[i], &rects[j]) {
                    reached[j] = true;
                    stack.push(j);
                }
            }
        }
        for (j, r) in rects.iter().enumerate() {
            if !reached[j] {
                out.add(
                    "tiles-not-connected",
                    vec![r.1],
                    vec![r.0],
                    format!(
                        "tile {} (\"{}\") does not join the other tiles edge to edge",
                        r.0 + 1,
                        course.placements.get(r.0).map_or("", |p| p.tile.as_str())
                    ),
                );
            }
        }
    }
}

fn flags(course: &Course, board: &Board, out: &mut Out) {
    if course.flags.is_empty() {
        out.add(
            "no-flags",
            Vec::new(),
            Vec::new(),
            "the course has no flags: robots race to touch flags 1..n in order".to_string(),
        );
        return;
    }
    let mut by_number: BTreeMap<u32, Vec<Square>> = BTreeMap::new();
    for f in &course.flags {
        by_number.entry(f.number).or_default().push(f.at);
    }
    for (n, squares) in &by_number {
        if squares.len() > 1 {
            out.add(
                "flag-duplicate",
                squares.clone(),
                Vec::new(),
                format!(
                    "flag {n} is placed {} times: each number is used once",
                    squares.len()
                ),
            );
        }
    }
    let count = by_number.len() as u32;
    if let Some(missing) = (1..=count).find(|n| !by_number.contains_key(n)) {
        let highest = by_number.keys().next_back().copied().unwrap_or(0);
        out.add(
            "flag-numbering",
            Vec::new(),
            Vec::new(),
            format!(
                "flags are numbered 1..n without gaps, but flag {missing} is missing (the highest is {highest})"
            ),
        );
    }
    let mut per_tile: BTreeMap<u16, Vec<(u32, Square)>> = BTreeMap::new();
    for f in &course.flags {
        let s = f.at;
        let Some(square) = board.square(s) else {
            out.add(
                "flag-off-board",
                vec![s],
                Vec::new(),
                format!("flag {} at {s} is not on any tile", f.number),
            );
            continue;
        };
        let tile = square
            .placement
            .map(usize::from)
            .into_iter()
            .collect::<Vec<_>>();
        if let Some(p) = square.placement {
            per_tile.entry(p).or_default().push((f.number, s));
        }
        let spec = &square.spec;
        let n = f.number;
        if spec.is_hole() || matches!(spec.floor, Some(Floor::TrapDoor(_))) {
            out.add(
                "flag-on-pit",
                vec![s],
                tile.clone(),
                format!("flag {n} at {s} is on a pit; FAQ 7.1: no flag on or over a pit"),
            );
        }
        // Under moving flags belts and pushers carry flags as the engine plays it (docs/rules.md,
        // House rules, Moving flags): a flag on one is the point of such a course, not a mistake.
        let moving = course.rules.house.moving_flags.is_some();
        if spec.flow.is_some() && !moving {
            out.add(
                "flag-on-belt",
                vec![s],
                tile.clone(),
                format!(
                    "flag {n} at {s} is on a belt or current; FAQ 7.1: no flag on a conveyor belt"
                ),
            );
        }
        if !moving
            && Facing::ALL
                .iter()
                .any(|&side| matches!(board.mount(s, side), Some(Mount::Pusher(_))))
        {
            out.add(
                "flag-on-pusher",
                vec![s],
                tile.clone(),
                format!("flag {n} at {s} is on a pusher's square; FAQ 7.1 forbids it"),
            );
        }
        if spec.crusher.is_some() {
            out.add(
                "flag-under-crusher",
                vec![s],
                tile.clone(),
                format!("flag {n} at {s} is under a crusher; FAQ 7.1 forbids it"),
            );
        }
        if let Some(corner) = Facing::ALL
            .into_iter()
            .find(|&side| board.has_barrier(s, side) && board.has_barrier(s, side.right()))
        {
            out.add(
                "flag-in-wall-corner",
                vec![s],
                tile,
                format!(
                    "flag {n} at {s} stands in the corner of the {} and {} walls; FAQ 7.1: no flag in a corner of two or more walls",
                    corner.name(),
                    corner.right().name()
                ),
            );
        }
    }
    for (tile, flags) in &per_tile {
        if flags.len() > 1 {
            out.add(
                "flags-share-tile",
                flags.iter().map(|f| f.1).collect(),
                vec![usize::from(*tile)],
                format!(
                    "tile {} holds {} flags; one flag per tile is the usual advice",
                    tile + 1,
                    flags.len()
                ),
            );
        }
    }
    let start_tile = match course.start {
        StartRule::Archive(s) => board.square(s).and_then(|q| q.placement),
        StartRule::Numbered => None,
    };
    for &(index, at, w, h) in &board.placements {
        let has_flag = per_tile.contains_key(&(index as u16));
        let mut squares = (0..h).flat_map(|y| (0..w).map(move |x| at.offset(x, y)));
        let is_dock = squares.any(|s| board.spec(s).is_some_and(|q| q.start.is_some()));
        if !has_flag && !is_dock && start_tile != Some(index as u16) {
            out.add(
                "tile-without-flag",
                vec![at],
                vec![index],
                format!(
                    "tile {} (\"{}\") has no flag; robots may never visit it",
                    index + 1,
                    course.placements.get(index).map_or("", |p| p.tile.as_str())
                ),
            );
        }
    }
}

fn start(course: &Course, board: &Board, fold: Option<&Fold>, out: &mut Out) {
    match course.start {
        StartRule::Archive(s) => {
            let Some(square) = board.square(s) else {
                out.add(
                    "start-off-board",
                    vec![s],
                    Vec::new(),
                    format!("the start square {s} is not on any tile"),
                );
                return;
            };
            if square.spec.repair.is_none() {
                out.add(
                    "start-not-archive",
                    vec![s],
                    Vec::new(),
                    format!(
                        "the 1994 start {s} is not a repair site; every robot starts on an archive site (1994 rules, Set Up)"
                    ),
                );
            }
            if square.placement != Some(0) {
                out.add(
                    "start-not-on-first-tile",
                    vec![s],
                    Vec::new(),
                    format!("the 1994 start {s} is not on the first tile of the course"),
                );
            }
        }
        StartRule::Numbered => {
            let starts = board.start_squares();
            let mut numbers: Vec<u8> = starts.iter().map(|s| s.0.get()).collect();
            numbers.sort_unstable();
            let expected: Vec<u8> = (1..=numbers.len() as u8).collect();
            if numbers != expected {
                out.add(
                    "start-numbering",
                    starts.iter().map(|s| s.1).collect(),
                    Vec::new(),
                    format!(
                        "numbered start squares must be 1..n without gaps or duplicates: {}",
                        numbering_faults(&numbers)
                    ),
                );
            }
            let needed = usize::from(course.players.max);
            if starts.len() < needed {
                out.add(
                    "not-enough-starts",
                    starts.iter().map(|s| s.1).collect(),
                    Vec::new(),
                    format!(
                        "the course is for up to {needed} robots but has {} numbered start squares",
                        starts.len()
                    ),
                );
            }
            for (number, s, facing) in starts {
                let spec = board.spec(s).copied().unwrap_or_default();
                let rest = SquareSpec {
                    start: None,
                    level: Default::default(),
                    ..spec
                };
                let mounted = Facing::ALL
                    .into_iter()
                    .find_map(|side| board.mount(s, side).map(mount_name));
                if let Some(mount) = mounted {
                    out.add(
                        "start-not-open-floor",
                        vec![s],
                        Vec::new(),
                        format!(
                            "start square {} at {s} has a {mount} acting on it; a start square is open floor",
                            number.get()
                        ),
                    );
                } else if !rest.is_open_floor() {
                    out.add(
                        "start-not-open-floor",
                        vec![s],
                        Vec::new(),
                        format!(
                            "start square {} at {s} also holds {}; a start square is open floor",
                            number.get(),
                            rest.kinds()
                                .first()
                                .map_or(String::new(), |k| k.article_name())
                        ),
                    );
                }
                // The robot's first move leaves the start into the course: the model's answer
                // to "may a robot pass", which the engine plays (tests/rules_agree.rs).
                // On a cube the square ahead over a board edge is the one the fold leads to,
                // and a barrier on that board's edge stands in the way too (seed 003 section 8.1).
                let across = fold.and_then(|f| f.cross(s, facing));
                let (ahead, far_wall) = match across {
                    Some((t, e)) => (t, blocks_from_across(board, t, e)),
                    None => (s.step(facing), false),
                };
                let walled =
                    !board.is_on_board(ahead) || board.wall_blocks_move(s, facing) || far_wall;
                let repelled = across.is_some()
                    && board
                        .spec(ahead)
                        .is_some_and(|q| q.device == Some(Device::RepulsorField));
                if walled || repelled || board.may_pass(s, facing, 1) != Passage::Passes {
                    let into = if walled {
                        "into a wall or off the board"
                    } else {
                        "where a robot's first move cannot leave it"
                    };
                    out.add(
                        "start-facing-out",
                        vec![s],
                        Vec::new(),
                        format!(
                            "start square {} at {s} faces {} {into}",
                            number.get(),
                            facing.name()
                        ),
                    );
                }
            }
        }
    }
}

/// RoboRally Cubed: whether the barrier on the edge of `t` a robot crosses arriving there
/// travelling `e` over a folded board edge stops it. The barrier is seen from its other side,
/// as `Factory` reads it (seed 001, One-Way Walls; Ledges).
fn blocks_from_across(board: &Board, t: Square, e: Facing) -> bool {
    board
        .barrier(t, e.opposite())
        .is_some_and(|far| match far.barrier {
            Barrier::Plain | Barrier::Spiked | Barrier::Gate(_) => true,
            Barrier::OneWay => !far.anchored_here,
            Barrier::Ledge => far.anchored_here,
        })
}

fn elements(board: &Board, fold: Option<&Fold>, out: &mut Out) {
    let mut portals: BTreeMap<crate::model::Colour, Vec<Square>> = BTreeMap::new();
    let mut gates: BTreeMap<crate::model::Colour, Vec<Square>> = BTreeMap::new();
    let mut ledges = Vec::new();
    let mut ramps = Vec::new();
    for s in board.all_squares() {
        let Some(square) = board.square(s) else {
            continue;
        };
        let spec = square.spec;
        for side in Facing::ALL {
            if let Some(mount) = board.mount(s, side) {
                if !board.has_barrier(s, side) {
                    out.add(
                        "mount-without-wall",
                        vec![s],
                        Vec::new(),
                        format!(
                            "the {} on the {} side of {s} has no wall to stand on",
                            mount_name(mount),
                            side.name()
                        ),
                    );
                }
                if mount.phases().is_some_and(|p| p.is_empty()) {
                    out.add(
                        "phased-never-active",
                        vec![s],
                        Vec::new(),
                        format!("the {} at {s} is active in no phase", mount_name(mount)),
                    );
                }
            }
            if let Some(b) = board.barrier(s, side)
                && b.anchored_here
                && let Barrier::Gate(c) = b.barrier
            {
                gates.entry(c).or_default().push(s);
            }
            if board
                .barrier(s, side)
                .is_some_and(|b| b.barrier == Barrier::Ledge)
            {
                ledges.push(s);
            }
        }
        if let Some(flow) = spec.flow {
            let next = s.step(flow.out);
            // On a cube a belt over a board edge carries a robot onto the next side, and a wall
            // on either of the two edges that meet stands in its way (`Factory::next`).
            let across = fold.and_then(|f| f.cross(s, flow.out));
            if board.wall_blocks_move(s, flow.out)
                || across.is_some_and(|(t, e)| blocks_from_across(board, t, e))
            {
                out.add(
                    "belt-into-wall",
                    vec![s],
                    Vec::new(),
                    format!("the belt at {s} runs {} into a wall", flow.out.name()),
                );
            } else if across.is_none() && !board.is_on_board(next) {
                out.add(
                    "belt-off-board",
                    vec![s],
                    Vec::new(),
                    format!("the belt at {s} runs {} off the board", flow.out.name()),
                );
            }
        }
        let phased = [
            spec.crusher.map(|p| ("crusher", p)),
            match spec.floor {
                Some(Floor::TrapDoor(p)) => Some(("trap door", p)),
                _ => None,
            },
            match spec.device {
                Some(Device::Maglock(p)) => Some(("maglock", p)),
                _ => None,
            },
        ];
        for (name, phases) in phased.into_iter().flatten() {
            if phases.is_empty() {
                out.add(
                    "phased-never-active",
                    vec![s],
                    Vec::new(),
                    format!("the {name} at {s} is active in no phase"),
                );
            }
        }
        match spec.device {
            Some(Device::Portal(c)) => portals.entry(c).or_default().push(s),
            Some(Device::Ramp(_)) => ramps.push(s),
            _ => {}
        }
    }
    for (rule, what, groups) in [
        ("unpaired-portal", "portal", &portals),
        ("unpaired-gate", "gate", &gates),
    ] {
        for (colour, squares) in groups {
            if squares.len() != 2 {
                out.add(
                    rule,
                    squares.clone(),
                    Vec::new(),
                    format!(
                        "there are {} {} {what}s; {what}s work in pairs of one colour",
                        squares.len(),
                        colour.name()
                    ),
                );
            }
        }
    }
    for r in ramps {
        let near = |s: &Square| (s.x - r.x).abs() <= 1 && (s.y - r.y).abs() <= 1;
        if !ledges.iter().any(near) {
            out.add(
                "ramp-without-ledge",
                vec![r],
                Vec::new(),
                format!("the ramp at {r} has no ledge beside it: a ramp leads between two levels"),
            );
        }
    }
}

/// A barrier in the words of the element palette, with its article.
fn barrier_words(b: Barrier) -> &'static str {
    match b {
        Barrier::Plain => "a wall",
        Barrier::OneWay => "a one-way wall",
        Barrier::Spiked => "a spiked wall",
        Barrier::Ledge => "a ledge",
        Barrier::Gate(_) => "a gate",
    }
}

fn mount_name(m: Mount) -> &'static str {
    match m {
        Mount::Laser(_) => "laser",
        Mount::Pusher(_) => "pusher",
        Mount::Flamer(_) => "flamer",
        Mount::Repulsor(_) => "repulsor",
    }
}

fn lives(course: &Course, out: &mut Out) {
    let (min, max) = (
        usize::from(course.players.min),
        usize::from(course.players.max),
    );
    let low = course.lives_for(min);
    let high = course.lives_for(max);
    let message = if low == high {
        format!("each robot has {low} lives with {min} to {max} players")
    } else {
        format!(
            "each robot has {low} lives with {min} to 4 players and {high} with 5 to {max} (optional lives rule)"
        )
    };
    out.add("lives", Vec::new(), Vec::new(), message);
}

/// The solver found no program that reaches `u.flag` (RULINGS.md, Setup rules: "Every flag must
/// be reachable, in order, from the start ... say which flag cannot be reached").
pub(super) fn flag_unreachable(u: &super::Unreachable, board: &Board) -> Diagnostic {
    let from = if u.flag == 1 {
        format!("the start {}", u.from)
    } else {
        format!("flag {} at {}", u.flag - 1, u.from)
    };
    Diagnostic {
        severity: severity_of("flag-unreachable"),
        rule: "flag-unreachable",
        squares: vec![u.square],
        tiles: board
            .square(u.square)
            .and_then(|q| q.placement)
            .map(usize::from)
            .into_iter()
            .collect(),
        message: format!(
            "flag {} at {} cannot be reached from {from} by a lone robot playing any cards without being destroyed (damage accumulates, registers lock){}; every flag must be reachable in order (RULINGS.md, Setup rules)",
            u.flag,
            u.square,
            unreachable_reason(u, board)
        ),
    }
}

/// The solver's search stopped at its budget before any line reached flag `u.flag`: whether it
/// can be reached is not known, so it is a warning, not `flag-unreachable`.
pub(super) fn solver_undecided(u: &super::Unreachable, budget: usize) -> Diagnostic {
    Diagnostic {
        severity: severity_of("solver-undecided"),
        rule: "solver-undecided",
        squares: vec![u.square],
        tiles: Vec::new(),
        message: format!(
            "the solver stopped after {} states before any line reached flag {} at {}: the course may still be finishable, but it could not be checked (docs/validation.md, Speed, progress and Cancel)",
            budget, u.flag, u.square
        ),
    }
}

/// Why the way stops: the nearest square a line reaches, and a trap door there that opens under
/// a robot waiting on it.
fn unreachable_reason(u: &super::Unreachable, board: &Board) -> String {
    if u.cut_off {
        return ": not even a robot that takes no damage gets there from it, whatever it plays: walls, pits or the board's edge cut every way off".to_string();
    }
    let Some(nearest) = u.nearest else {
        return ": no line leaves it without being destroyed".to_string();
    };
    let mut reason = format!(": no line ends a register phase nearer than {nearest}");
    if let Some(Floor::TrapDoor(phases)) = board.square(nearest).and_then(|q| q.spec.floor) {
        reason.push_str(&format!(
            ", a trap door that is a pit in phase(s) {}: a robot still on it when one of those phases begins falls in (Factory Floor Guide, Trap Door Pits)",
            phases.label()
        ));
    }
    reason
}

/// What is wrong with the sorted start `numbers` (1-8), in a few words however many squares
/// there are: "start 1 is on 25 squares, there is no start 3".
fn numbering_faults(numbers: &[u8]) -> String {
    let highest = numbers.last().copied().unwrap_or(0);
    let mut faults = Vec::new();
    for n in 1..=highest {
        match numbers.iter().filter(|&&m| m == n).count() {
            0 => faults.push(format!("there is no start {n}")),
            1 => {}
            k => faults.push(format!("start {n} is on {k} squares")),
        }
    }
    faults.join(", ")
}
