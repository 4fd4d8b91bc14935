//! The tile library (`tiles/`) and the sample courses (`courses/`): every file loads and saves back
//! to the same bytes, the library covers every element kind, and each required course meets its
//! definition, with flags placed as FAQ 7.1 (seed 003) and RULINGS.md allow.

use factory_floor::format::{
    self, Document, Library, course_from_str, course_to_string, tile_from_str, tile_to_string,
};
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::IntoEnumIterator;
use factory_floor::model::{
    Board, Course, ElementGroup, ElementKind, FlowKind, LivesRule, Mount, StartRule, Tile,
};
use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{json_files, root};

fn read(path: &Path) -> String {
    let text = std::fs::read_to_string(path);
    assert!(text.is_ok(), "cannot read {}", path.display());
    text.unwrap_or_default()
}

fn tiles() -> Vec<Tile> {
    json_files("tiles")
        .iter()
        .map(
            |p| match tile_from_str(&p.display().to_string(), &read(p)) {
                Ok(tile) => tile,
                Err(e) => panic!("{e}"),
            },
        )
        .collect()
}

/// Loads `courses/<name>.json`.
fn course(name: &str) -> Course {
    let path = root().join("courses").join(format!("{name}.json"));
    match course_from_str(&path.display().to_string(), &read(&path)) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

/// The required sample courses (issue 2): starter, standard 2 x 2, six tiles with optional
/// lives, expansion elements, and a docked start.
const STARTER: &str = "first-steps";
const STANDARD: &str = "standard-2x2";
const SIX_TILES: &str = "grand-tour";
const EXPANSION: &str = "hazard-works";
const DOCKED: &str = "dockside-dash";
const REQUIRED: [&str; 5] = [STARTER, STANDARD, SIX_TILES, EXPANSION, DOCKED];

fn compiled(name: &str) -> (Course, Board) {
    let c = course(name);
    let board = c.compile(&tiles());
    (c, board)
}

#[test]
fn every_library_file_loads_and_saves_back_to_the_same_bytes() {
    let tile_files = json_files("tiles");
    let course_files = json_files("courses");
    assert!(!tile_files.is_empty() && !course_files.is_empty());
    for path in tile_files.iter().chain(&course_files) {
        let text = read(path);
        let name = path.display().to_string();
        let saved = match format::document_from_str(&name, &text) {
            Ok(Document::Tile(t)) => {
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                assert_eq!(
                    Some(t.id.clone()),
                    stem,
                    "{name}: the file is named <id>.json"
                );
                assert!(!t.name.is_empty() && !t.description.is_empty(), "{name}");
                assert!(
                    !t.description.contains('\n'),
                    "{name}: one-line description"
                );
                tile_to_string(&t)
            }
            Ok(Document::Course(c)) => course_to_string(&c),
            Err(e) => panic!("{e}"),
        };
        assert!(saved == text, "{name} is not in the canonical layout");
    }
}

#[test]
fn the_builtin_library_is_the_tiles_folder_and_loads_without_errors() {
    let lib = Library::builtin();
    assert!(lib.errors.is_empty(), "{:?}", lib.errors);
    let ids: BTreeSet<String> = tiles().into_iter().map(|t| t.id).collect();
    let builtin: BTreeSet<String> = lib.tiles.iter().map(|t| t.tile.id.clone()).collect();
    // build.rs embeds tiles/ and courses/ in OUT_DIR. A target dir shared by several checkouts
    // shares that OUT_DIR too, so a checkout without these files can overwrite it mid-build.
    let hint = "the embedded library differs from tiles/: if the target dir is shared with another \
                checkout, touch tiles/*.json and rebuild";
    assert_eq!(builtin, ids, "{hint}");
    assert_eq!(lib.courses.len(), json_files("courses").len(), "{hint}");
}

#[test]
fn the_library_uses_every_element_kind() {
    let used: BTreeSet<ElementKind> = tiles().iter().flat_map(|t| t.kinds()).collect();
    let missing: Vec<&str> = ElementKind::iter()
        .filter(|k| !used.contains(k))
        .map(|k| k.name())
        .collect();
    assert!(missing.is_empty(), "no tile uses: {}", missing.join(", "));
}

#[test]
fn the_library_has_base_tiles_standard_tiles_and_two_docks() {
    let tiles = tiles();
    let base_only = tiles
        .iter()
        .filter(|t| t.kinds().iter().all(|k| k.group() == ElementGroup::Base))
        .count();
    assert!(
        base_only >= 6,
        "only {base_only} tiles use only Base elements"
    );
    let standard = tiles
        .iter()
        .filter(|t| (t.width(), t.height()) == (12, 12))
        .count();
    assert!(standard >= 12, "only {standard} tiles are 12 x 12");
    let docks: Vec<&Tile> = tiles
        .iter()
        .filter(|t| (t.width(), t.height()) == (12, 4))
        .collect();
    assert!(docks.len() >= 2, "only {} docks are 12 x 4", docks.len());
    for dock in docks {
        let mut numbers: Vec<u8> = dock
            .all_squares()
            .filter_map(|s| dock.square(s).and_then(|q| q.start))
            .map(|st| st.number.get())
            .collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=8).collect::<Vec<u8>>(), "dock {}", dock.id);
    }
}

#[test]
fn the_five_required_courses_exist_and_compile_cleanly() {
    for name in REQUIRED {
        let (c, board) = compiled(name);
        let problems: Vec<String> = board.problems.iter().map(|p| p.message()).collect();
        assert!(problems.is_empty(), "{name}: {problems:?}");
        // Tiles are laid edge to edge: the board has no holes.
        let holes = board
            .all_squares()
            .filter(|&s| !board.is_on_board(s))
            .count();
        assert_eq!(holes, 0, "{name} has {holes} squares between its tiles");
        // Flags are numbered 1..n (seed 000: touched in order).
        let numbers: Vec<u32> = c.flags_in_order().iter().map(|f| f.number).collect();
        assert_eq!(numbers, (1..=c.flags.len() as u32).collect::<Vec<_>>());
        if let StartRule::Archive(_) = c.start {
            assert_archive_start_on_first_tile_repair_site(name, &c, &board);
        }
    }
    let turned = REQUIRED
        .iter()
        .flat_map(|n| course(n).placements)
        .filter(|p| p.rotation != Rotation::R0)
        .count();
    assert!(turned >= 3, "only {turned} placements are rotated");
}

#[test]
fn starter_course_is_one_tile() {
    let (c, _) = compiled(STARTER);
    assert_eq!(c.placements.len(), 1);
    assert!(!c.flags.is_empty());
}

/// Seed 000: a designed course starts on a repair site of the first board.
fn assert_archive_start_on_first_tile_repair_site(name: &str, c: &Course, board: &Board) {
    let StartRule::Archive(start) = c.start else {
        panic!("{name} does not use the 1994 archive start");
    };
    let square = board.square(start);
    assert_eq!(
        square.and_then(|q| q.placement),
        Some(0),
        "{name}: start {start}"
    );
    assert!(
        square.is_some_and(|q| q.spec.repair.is_some()),
        "{name}: start {start} is not a repair site"
    );
}

#[test]
fn standard_course_is_two_by_two_with_four_flags_and_a_1994_start() {
    let (c, board) = compiled(STANDARD);
    assert_eq!(c.placements.len(), 4);
    assert_eq!((board.width(), board.height()), (24, 24));
    let corners: BTreeSet<Square> = c.placements.iter().map(|p| p.at).collect();
    let expected: BTreeSet<Square> = [(0, 0), (12, 0), (0, 12), (12, 12)]
        .into_iter()
        .map(|(x, y)| Square::new(x, y))
        .collect();
    assert_eq!(corners, expected);
    assert_eq!(c.flags.len(), 4);
    assert_archive_start_on_first_tile_repair_site(STANDARD, &c, &board);
    // One flag per tile (seed 000's advice), so the race crosses the whole factory.
    let tiles_with_flags: BTreeSet<Option<u16>> = c
        .flags
        .iter()
        .map(|f| board.square(f.at).and_then(|q| q.placement))
        .collect();
    assert_eq!(tiles_with_flags.len(), 4);
}

#[test]
fn six_tile_course_gets_a_life_more_under_the_optional_rule() {
    // Seed 000 / RULINGS.md: 3 lives, +1 for 5 or more players, +1 for 5 or more tiles.
    let (c, _) = compiled(SIX_TILES);
    assert_eq!(c.placements.len(), 6);
    assert_eq!(c.lives, LivesRule::Optional);
    for players in 2..=8 {
        assert_eq!(
            c.lives_for(players),
            LivesRule::Standard.lives(players, 6) + 1 + u8::from(players >= 5),
            "{players} players"
        );
    }
    assert_eq!(c.lives_for(4), 4);
}

#[test]
fn expansion_course_uses_elements_of_several_expansions() {
    let (_, board) = compiled(EXPANSION);
    let mut groups = BTreeSet::new();
    for s in board.all_squares() {
        let Some(q) = board.square(s) else { continue };
        let edge_kinds = Facing::ALL.iter().flat_map(|&side| {
            let barrier = board
                .barrier(s, side)
                .filter(|b| b.anchored_here)
                .map(|b| b.barrier);
            let edge = factory_floor::model::EdgeSpec {
                barrier,
                mount: board.mount(s, side),
            };
            edge.kinds()
        });
        for k in q.spec.kinds().into_iter().chain(edge_kinds) {
            groups.insert(k.group());
        }
    }
    groups.remove(&ElementGroup::Base);
    assert!(groups.len() >= 4, "expansion groups used: {groups:?}");
}

#[test]
fn docked_course_starts_eight_robots_on_numbered_squares() {
    let (c, board) = compiled(DOCKED);
    assert_eq!(c.start, StartRule::Numbered);
    assert!(
        board.placements.iter().any(|p| (p.2, p.3) == (12, 4)),
        "no 12 x 4 dock is placed"
    );
    let numbers: Vec<u8> = board.start_squares().iter().map(|s| s.0.get()).collect();
    assert_eq!(numbers, (1..=8).collect::<Vec<u8>>());
    // Every start faces into the course: the square ahead is on the board and not behind a wall.
    for (n, s, facing) in board.start_squares() {
        assert!(board.is_on_board(s.step(facing)), "start {}", n.get());
        assert!(!board.wall_blocks_move(s, facing), "start {}", n.get());
    }
}

#[test]
fn check_command_accepts_every_tile_and_course() {
    let files: Vec<PathBuf> = json_files("tiles")
        .into_iter()
        .chain(json_files("courses"))
        .collect();
    let out = Command::new(common::BINARY)
        .arg("check")
        .args(&files)
        .current_dir(root())
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) => panic!("cannot run factory-floor: {e}"),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("no problems"), "{stdout}");
}

/// Why a flag square breaks FAQ 7.1 (seed 003) / RULINGS.md, if it does.
fn flag_problem(board: &Board, at: Square) -> Option<String> {
    let Some(q) = board.square(at) else {
        return Some("off the board".into());
    };
    if q.spec.is_hole() || matches!(q.spec.floor, Some(factory_floor::model::Floor::TrapDoor(_))) {
        return Some("on or over a pit".into());
    }
    if q.spec.crusher.is_some() {
        return Some("under a crusher".into());
    }
    if q.spec.flow.is_some_and(|f| f.kind.is_belt()) {
        return Some("on a conveyor belt".into());
    }
    if Facing::ALL
        .iter()
        .any(|&side| matches!(board.mount(at, side), Some(Mount::Pusher(_))))
    {
        return Some("on a pusher's square".into());
    }
    let walled = |side: Facing| board.has_barrier(at, side);
    if Facing::ALL.iter().any(|&f| walled(f) && walled(f.right())) {
        return Some("in a corner of two walls".into());
    }
    None
}

#[test]
fn no_sample_flag_breaks_faq_7_1() {
    for path in json_files("courses") {
        let name = path.display().to_string();
        let c = match course_from_str(&name, &read(&path)) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        };
        let board = c.compile(&tiles());
        // Under moving flags belts and pushers carry flags (docs/rules.md, House rules): a flag
        // on one is what such a course is for.
        let moving = c.rules.house.moving_flags.is_some();
        for f in &c.flags {
            if let Some(problem) = flag_problem(&board, f.at)
                && !(moving && (problem.contains("belt") || problem.contains("pusher")))
            {
                panic!("{name}: flag {} at {} is {problem}", f.number, f.at);
            }
        }
    }
}

#[test]
fn faq_7_1_check_sees_each_forbidden_square() {
    // The check above must be able to fail: the standard course's own belts, pits, pushers,
    // crushers and walled corners are all reported.
    let (_, board) = compiled(STANDARD);
    let mut seen = BTreeSet::new();
    for s in board.all_squares() {
        if let Some(p) = flag_problem(&board, s) {
            seen.insert(p);
        }
    }
    for expected in [
        "on or over a pit",
        "on a conveyor belt",
        "on a pusher's square",
        "under a crusher",
        "in a corner of two walls",
    ] {
        assert!(seen.contains(expected), "never reported: {expected}");
    }
}

/// The squares a robot could walk to from `starts`, one step at a time, stopped by walls and never
/// entering a pit. A necessary condition for reaching a flag (the solver checks the full rules).
fn walkable_from(board: &Board, starts: &[Square]) -> BTreeSet<Square> {
    let mut seen: BTreeSet<Square> = starts.iter().copied().collect();
    let mut queue: VecDeque<Square> = starts.iter().copied().collect();
    while let Some(s) = queue.pop_front() {
        for dir in Facing::ALL {
            let next = s.step(dir);
            if board.wall_blocks_move(s, dir)
                || board.spec(next).is_none_or(|q| q.is_hole())
                || !seen.insert(next)
            {
                continue;
            }
            queue.push_back(next);
        }
    }
    seen
}

#[test]
fn every_sample_flag_can_be_walked_to_from_the_start() {
    for path in json_files("courses") {
        let name = path.display().to_string();
        let c = match course_from_str(&name, &read(&path)) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        };
        let board = c.compile(&tiles());
        let starts: Vec<Square> = match c.start {
            StartRule::Archive(s) => vec![s],
            StartRule::Numbered => board.start_squares().iter().map(|s| s.1).collect(),
        };
        assert!(!starts.is_empty(), "{name}");
        let reach = walkable_from(&board, &starts);
        for f in &c.flags {
            assert!(
                reach.contains(&f.at),
                "{name}: flag {} at {} is walled off",
                f.number,
                f.at
            );
        }
    }
}

/// Belts feed belts and currents feed currents (rivers count as currents here).
fn same_family(a: FlowKind, b: FlowKind) -> bool {
    a.is_belt() == b.is_belt()
}

#[test]
fn belt_entries_show_the_belts_that_feed_them() {
    // RULINGS.md, Belts: a belt square's entries are the sides its art shows; a robot carried in
    // through a drawn side entry is rotated. So every feeding belt must be drawn as an entry, and
    // every drawn side entry must have a belt feeding it.
    for tile in tiles() {
        for (s, spec) in tile.occupied_squares() {
            let Some(flow) = spec.flow else { continue };
            for side in Facing::ALL {
                let feeder = tile
                    .square(s.step(side))
                    .and_then(|q| q.flow)
                    .filter(|f| f.out == side.opposite() && same_family(f.kind, flow.kind));
                let blocked = tile.barrier(s, side).is_some();
                let drawn = flow.entries.contains(side);
                if feeder.is_some() && !blocked {
                    assert!(
                        drawn,
                        "{}: {s} is fed from the {side} but does not show it",
                        tile.id
                    );
                }
                if drawn && side != flow.out.opposite() {
                    assert!(
                        feeder.is_some(),
                        "{}: {s} shows a side entry on the {side} that nothing feeds",
                        tile.id
                    );
                }
            }
            assert!(
                tile.barrier(s, flow.out).is_none(),
                "{}: the belt on {s} runs into a wall",
                tile.id
            );
        }
    }
}
