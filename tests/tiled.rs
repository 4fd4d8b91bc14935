//! Tiled maps in (issue 9): the fixtures under tests/fixtures/tiled/ (drawn for these tests by
//! make_fixtures.py there) in every encoding, both conventions, what cannot be mapped, errors, a
//! belt map played by the engine, and every roboprojekt map when that folder is present. The way
//! back out is in tiled_export.rs.

use factory_floor::format::Library;
use factory_floor::format::tiled::{Imported, import_file, import_str};
use factory_floor::geom::{Facing, Square};
use factory_floor::model::{Barrier, Board, FlowKind, Mount, Phases, Spin, StartRule};
use std::path::PathBuf;

mod common;

use common::tiled::{belt, fixture, flow, import, notes_text, tile};

#[test]
fn every_flip_combination_turns_or_mirrors_the_picture() {
    use Facing::*;
    // Row 0: a right-turn belt (picture: in from the south, out east); row 1: a wall (picture: on
    // the north side). Columns: no flip, 90, 180, 270 clockwise, then H, V, D and H+V+D mirrors.
    let i = import("rotations.json");
    let t = tile(&i);
    let expected = [
        (E, S, N),
        (S, W, E),
        (W, N, S),
        (N, E, W),
        // Mirrors: the right turn becomes a left turn.
        (W, S, N),
        (E, N, S),
        (S, E, W),
        (N, W, E),
    ];
    for (x, (out, entry, wall)) in expected.into_iter().enumerate() {
        let x = x as i32;
        assert_eq!(
            flow(t, x, 0),
            belt(FlowKind::Belt, out, &[entry]),
            "column {x}"
        );
        assert_eq!(
            t.barrier(Square::new(x, 1), wall).map(|b| b.0),
            Some(Barrier::Plain),
            "column {x}"
        );
    }
    assert_eq!(
        notes_text(&i.notes).matches("layer").count(),
        0,
        "{:?}",
        i.notes
    );
}

#[test]
fn belt_turns_merges_and_express_belts_follow_direction_out_and_crossroad() {
    use Facing::*;
    let i = import("belts.json");
    let t = tile(&i);
    let b = FlowKind::Belt;
    assert_eq!(flow(t, 1, 1), belt(b, N, &[S]), "straight");
    assert_eq!(flow(t, 2, 1), belt(b, E, &[S]), "right turn");
    assert_eq!(flow(t, 3, 1), belt(b, W, &[S]), "left turn");
    // A crossroad adds the entry from behind the exit: a merge.
    assert_eq!(flow(t, 1, 3), belt(b, E, &[S, W]), "merge, right");
    assert_eq!(flow(t, 2, 3), belt(b, W, &[E, S]), "merge, left");
    // direction_out 180 on a crossroad: fed from both sides, out behind the picture's north.
    assert_eq!(flow(t, 3, 3), belt(b, S, &[E, W]), "T-merge");
    assert_eq!(flow(t, 4, 3), belt(b, W, &[N, S]), "T-merge turned east");
    assert_eq!(flow(t, 1, 5), belt(FlowKind::Express, E, &[W]), "express");
    assert_eq!(
        flow(t, 2, 5),
        belt(FlowKind::Express, W, &[N]),
        "express turn"
    );
}

#[test]
fn lasers_1_to_3_pushers_gears_flags_repairs_starts_holes_and_walls_are_placed() {
    use Facing::*;
    let i = import("elements.json");
    let t = tile(&i);
    let sq = |x, y| Square::new(x, y);
    // Lasers: the start tile's emitter is on the side opposite the way it fires, with its strength.
    let laser = |x, y, side| t.mount(sq(x, y), side);
    assert_eq!(
        laser(0, 1, W),
        factory_floor::model::Beams::new(1).map(Mount::Laser)
    );
    assert_eq!(
        laser(6, 0, N),
        factory_floor::model::Beams::new(2).map(Mount::Laser)
    );
    assert_eq!(
        laser(3, 6, S),
        factory_floor::model::Beams::new(3).map(Mount::Laser)
    );
    // The drawn beams match the traced ones: nothing is reported.
    assert!(i.notes.is_empty(), "{}", notes_text(&i.notes));
    let beams = Board::from_tile(t, &[]).laser_beams();
    let lengths: Vec<(u8, usize)> = beams.iter().map(|b| (b.beams, b.squares.len())).collect();
    assert_eq!(lengths, vec![(2, 3), (1, 3), (3, 3)]);
    // Pushers: register 1 is the odd registers, 0 the even ones (roboprojekt's tile.py).
    assert_eq!(
        t.mount(sq(4, 0), N),
        Phases::from_list(&[1, 3, 5]).map(Mount::Pusher)
    );
    assert_eq!(
        t.mount(sq(5, 3), W),
        Phases::from_list(&[2, 4]).map(Mount::Pusher)
    );
    assert_eq!(t.square(sq(1, 3)).and_then(|s| s.gear), Some(Spin::Cw));
    assert_eq!(t.square(sq(1, 4)).and_then(|s| s.gear), Some(Spin::Ccw));
    assert_eq!(
        t.square(sq(0, 6)).and_then(|s| s.repair).map(|w| w.get()),
        Some(1)
    );
    assert!(t.square(sq(6, 6)).is_some_and(|s| s.is_hole()));
    let start = |x, y| t.square(sq(x, y)).and_then(|s| s.start);
    assert_eq!(
        start(4, 6).map(|s| (s.number.get(), s.facing)),
        Some((1, N))
    );
    assert_eq!(
        start(5, 6).map(|s| (s.number.get(), s.facing)),
        Some((2, N))
    );
    let flags: Vec<(u32, Square)> = i.course.flags.iter().map(|f| (f.number, f.at)).collect();
    assert_eq!(flags, vec![(1, sq(4, 4)), (2, sq(5, 5)), (3, sq(0, 5))]);
    // Numbered starts, and as many players as start squares.
    assert_eq!(i.course.start, StartRule::Numbered);
    assert_eq!((i.course.players.min, i.course.players.max), (2, 2));
    for (x, y, side) in [(0, 0, N), (2, 1, E), (6, 2, S), (3, 4, N)] {
        assert_eq!(
            t.barrier(sq(x, y), side).map(|b| b.0),
            Some(Barrier::Plain),
            "wall on ({x}, {y}) {side}"
        );
    }
}

#[test]
fn csv_base64_zlib_gzip_tmx_external_tilesets_and_class_give_the_same_course() {
    let reference = import("elements.json");
    let content = |i: &Imported| {
        let t = tile(i);
        (
            t.occupied_squares()
                .map(|(s, spec)| (s, *spec))
                .collect::<Vec<_>>(),
            t.edges().map(|(s, f, e)| (s, f, *e)).collect::<Vec<_>>(),
            i.course.flags.clone(),
            i.course.start,
            i.course.players,
        )
    };
    let want = content(&reference);
    for name in [
        "elements-base64.json",
        "elements-zlib.json",
        "elements-gzip.json",
        "elements-external.json",
        "elements-class.json",
        "elements.tmx",
        "elements-zlib.tmx",
    ] {
        let got = import(name);
        assert!(got.notes.is_empty(), "{name}: {}", notes_text(&got.notes));
        assert!(content(&got) == want, "{name} differs from elements.json");
    }
}

#[test]
fn a_missing_external_tileset_is_named_in_the_error() {
    let text = std::fs::read_to_string(fixture("elements-external.json")).unwrap_or_default();
    let text = text.replace("fixture-tileset.json", "no-such-tileset.json");
    let err = import_str("m.json", &text, &fixture("")).err();
    assert!(
        err.as_ref()
            .is_some_and(|e| e.to_string().contains("no-such-tileset.json")),
        "{err:?}"
    );
}

#[test]
fn one_layer_per_element_tmx_follows_the_id_table() {
    use Facing::*;
    let i = import("layers.tmx");
    let t = tile(&i);
    let sq = |x, y| Square::new(x, y);
    assert!(t.square(sq(5, 4)).is_some_and(|s| s.is_hole()), "Hole");
    assert!(t.barrier(sq(0, 0), W).is_some(), "Wall turned west");
    assert!(t.barrier(sq(3, 2), E).is_some(), "Wall turned east");
    // Laser id 1: an emitter of 2 beams; turned east, it fires east from the west side.
    assert_eq!(
        t.mount(sq(0, 0), W),
        factory_floor::model::Beams::new(2).map(Mount::Laser)
    );
    // Conveyor id 1 (a right turn: in from the south, out east) turned half round: in from the
    // north, out west.
    assert_eq!(flow(t, 1, 2), belt(FlowKind::Belt, W, &[N]));
    assert_eq!(flow(t, 2, 2), belt(FlowKind::Express, E, &[W]));
    assert_eq!(
        t.mount(sq(3, 2), E),
        Phases::from_list(&[2, 4]).map(Mount::Pusher)
    );
    assert_eq!(t.square(sq(4, 1)).and_then(|s| s.gear), Some(Spin::Ccw));
    assert_eq!(
        t.square(sq(5, 0)).and_then(|s| s.repair).map(|w| w.get()),
        Some(2)
    );
    let flags: Vec<(u32, Square)> = i.course.flags.iter().map(|f| (f.number, f.at)).collect();
    assert_eq!(flags, vec![(1, sq(4, 3)), (2, sq(1, 4))]);
    assert_eq!(
        t.square(sq(2, 4))
            .and_then(|s| s.start)
            .map(|s| s.number.get()),
        Some(2)
    );
    // The Decoration layer is no element: its tile is reported with its square.
    assert!(
        i.notes
            .iter()
            .any(|n| n.layer == "Decoration" && n.at == Some(sq(3, 3))),
        "{}",
        notes_text(&i.notes)
    );
}

#[test]
fn drawn_beams_that_stop_short_of_a_wall_are_reported_square_by_square() {
    // layers.tmx draws the laser from (0, 0) over three squares with no wall after them: our beams
    // run on to the board's edge, and each square where they differ is named.
    let i = import("layers.tmx");
    for x in 3..6 {
        assert!(
            i.notes
                .iter()
                .any(|n| n.at == Some(Square::new(x, 0)) && n.why.contains("draws no beam")),
            "({x}, 0) not reported: {}",
            notes_text(&i.notes)
        );
    }
}

#[test]
fn unknown_tiles_are_reported_square_by_square_and_the_rest_is_kept() {
    let i = import("unknown.json");
    let at = |x, y| Some(Square::new(x, y));
    let find = |x, y, word: &str| {
        i.notes
            .iter()
            .any(|n| n.at == at(x, y) && n.layer == "stuff" && n.to_string().contains(word))
    };
    assert!(find(0, 0, "stop marker"), "{}", notes_text(&i.notes));
    assert!(find(1, 0, "trampoline"), "{}", notes_text(&i.notes));
    assert!(find(2, 0, "gid 999"), "{}", notes_text(&i.notes));
    assert!(find(3, 0, "no class"), "{}", notes_text(&i.notes));
    // A gear on a belt breaks the sharing rule: the belt drawn first stays, the gear is reported.
    assert!(
        i.notes
            .iter()
            .any(|n| n.at == at(0, 1) && n.layer == "more" && n.why.contains("gear")),
        "{}",
        notes_text(&i.notes)
    );
    let t = tile(&i);
    assert!(flow(t, 0, 1).is_some() && flow(t, 1, 1).is_some());
}

#[test]
fn an_imported_belt_map_plays_as_its_author_drew_it() {
    // belt-play.json: an express belt runs east along row 1 and turns right (south) at (2, 1),
    // then runs south. roboprojekt moves express belts first, then all belts, and turns a robot
    // carried onto a turn (its backend.py and tile.py); seed 000 says the same.
    let imported = import("belt-play.json");
    assert!(imported.notes.is_empty(), "{}", notes_text(&imported.notes));
    let dir = common::temp_dir();
    let course = dir.path().join("belt-play.json");
    let written = std::fs::write(
        &course,
        factory_floor::format::course_to_string(&imported.course),
    );
    assert!(written.is_ok());
    let run = |phases: u32, square: [i32; 2], facing: &str| {
        let scenario = serde_json::json!({
            "description": "A robot facing north on the express belt at (0, 1), no cards.",
            "board": "belt-play.json",
            "robots": [{"name": "red", "square": [0, 1], "facing": "N"}],
            "phases": phases,
            "end_turn": false,
            "expect": {"red": {"square": square, "facing": facing, "destroyed": false}}
        });
        let path = dir.path().join(format!("play-{phases}.json"));
        assert!(std::fs::write(&path, scenario.to_string()).is_ok());
        match factory_floor::engine::run_scenario_file(&path) {
            Ok(report) => assert!(report.passed(), "{}", report.diff()),
            Err(e) => panic!("{e}"),
        }
    };
    // Phase 1: the express step carries it to (1, 1), the belt step onto the turn at (2, 1),
    // which turns it right: facing east.
    run(1, [2, 1], "E");
    // Phase 2: down the turn's exit to (2, 2), then on to the floor at (2, 3); no more turns.
    run(2, [2, 3], "E");
}

#[test]
fn huge_and_broken_maps_are_refused_with_the_place_and_never_panic() {
    let dir = fixture("");
    let base = std::fs::read_to_string(fixture("belts.json")).unwrap_or_default();
    let huge = base.replacen("\"width\": 6", "\"width\": 4000000000", 1);
    let err = import_str("huge.json", &huge, &dir)
        .err()
        .map(|e| e.to_string());
    assert!(
        err.as_deref().is_some_and(|e| e.contains("1 to 64")),
        "{err:?}"
    );
    // A layer one square short: named, with its line.
    let short = base.replacen("[\n    1,", "[\n", 1);
    let err = import_str("short.json", &short, &dir).err();
    assert!(
        err.as_ref()
            .is_some_and(|e| e.line > 1 && e.message.contains("35 squares")),
        "{err:?}"
    );
    let tmx = std::fs::read_to_string(fixture("layers.tmx")).unwrap_or_default();
    let broken = tmx.replacen("</layer>", "</layr>", 1);
    let err = import_str("broken.tmx", &broken, &dir).err();
    assert!(err.as_ref().is_some_and(|e| e.line > 1), "{err:?}");
    let zstd = tmx.replacen(
        "encoding=\"csv\"",
        "encoding=\"base64\" compression=\"zstd\"",
        1,
    );
    let err = import_str("z.tmx", &zstd, &dir)
        .err()
        .map(|e| e.to_string());
    assert!(
        err.as_deref().is_some_and(|e| e.contains("zstd")),
        "{err:?}"
    );
    let infinite = tmx.replacen("infinite=\"0\"", "infinite=\"1\"", 1);
    let err = import_str("i.tmx", &infinite, &dir)
        .err()
        .map(|e| e.to_string());
    assert!(
        err.as_deref().is_some_and(|e| e.contains("infinite")),
        "{err:?}"
    );
    // Cut anywhere, the files give an error or a course, never a panic.
    for text in [&base, &tmx] {
        for cut in (0..text.len()).step_by(97) {
            if text.is_char_boundary(cut) {
                let _ = import_str("cut", &text[..cut], &dir);
            }
        }
    }
}

/// The roboprojekt maps (third-party, not in this repository) beside the repository, or where
/// ROBOPROJEKT_MAPS points.
fn roboprojekt_maps() -> Option<PathBuf> {
    let dir = std::env::var_os("ROBOPROJEKT_MAPS")
        .map(PathBuf::from)
        .unwrap_or_else(|| common::path("../shared/thirdparty/roboprojekt/maps"));
    dir.is_dir().then_some(dir)
}

#[test]
fn every_roboprojekt_map_imports_and_checks_clean() {
    let Some(dir) = roboprojekt_maps() else {
        println!(
            "note: ../shared/thirdparty/roboprojekt/maps/ is absent; roboprojekt maps not imported"
        );
        return;
    };
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    // Map files only: the tileset file beside them has no layers.
    maps.retain(|p| {
        std::fs::read_to_string(p).is_ok_and(|t| t.contains("\"layers\"") || t.contains("<map"))
    });
    maps.sort();
    assert!(!maps.is_empty(), "no maps in {dir:?}");
    let library = Library::default();
    for path in &maps {
        let imported = match import_file(path) {
            Ok(i) => i,
            Err(e) => panic!("{e}"),
        };
        let (problems, errors) = factory_floor::check::course_problems(&imported.course, &library);
        assert!(!errors, "{path:?}: {}", problems.join("\n"));
        assert!(!imported.course.flags.is_empty(), "{path:?} has no flags");
        println!(
            "{}: {} flag(s), {} note(s)",
            path.display(),
            imported.course.flags.len(),
            imported.notes.len()
        );
    }
}

/// docs/tiled.md: what the import cannot carry over is reported, never dropped silently. A map's
/// course properties that do not read (0 players, lives "fixed -1", a name that is a number, a
/// start that names no rule) are each named with their value, and the course takes the defaults.
#[test]
fn course_properties_that_do_not_read_are_reported_and_the_defaults_used() {
    let dir = fixture("");
    let base = std::fs::read_to_string(fixture("belts.json")).unwrap_or_default();
    let props = r#""infinite": false,
 "properties": [
  {"name": "players_min", "type": "int", "value": 0},
  {"name": "players_max", "type": "int", "value": 1000},
  {"name": "lives", "type": "string", "value": "fixed -1"},
  {"name": "start", "type": "string", "value": "anywhere"},
  {"name": "name", "type": "int", "value": 5}
 ],"#;
    let text = base.replacen("\"infinite\": false,", props, 1);
    assert_ne!(text, base, "the fixture's map has an \"infinite\" line");
    let imported = import_str("bad_props.json", &text, &dir);
    let Ok(i) = imported else {
        panic!("{:?}", imported.err());
    };
    let notes = notes_text(&i.notes);
    for expected in [
        "players_min property is 0: a course is for 1 to 8 players",
        "players_max property is 1000",
        "lives property is \"fixed -1\"",
        "start property is \"anywhere\"",
        "name property is 5, not text",
    ] {
        assert!(notes.contains(expected), "{expected:?} in {notes}");
    }
    assert_eq!(i.course.name, "bad props");
    assert_eq!(i.course.lives, Default::default());
    assert!((1..=8).contains(&i.course.players.min));

    // players_min above players_max is said too, with the range the course gets instead.
    let swapped = r#""infinite": false,
 "properties": [
  {"name": "players_min", "type": "int", "value": 6},
  {"name": "players_max", "type": "int", "value": 3}
 ],"#;
    let text = base.replacen("\"infinite\": false,", swapped, 1);
    let i = import_str("swapped.json", &text, &dir).ok();
    let notes = i.as_ref().map(|i| notes_text(&i.notes)).unwrap_or_default();
    assert!(
        notes.contains(
            "players_min (6) is more than its players_max (3): the course is for 2 to 3 players"
        ),
        "{notes}"
    );
    assert_eq!(
        i.map(|i| (i.course.players.min, i.course.players.max)),
        Some((2, 3))
    );

    // A map whose properties all read reports none of them.
    let good = r#""infinite": false,
 "properties": [
  {"name": "players_min", "type": "int", "value": 2},
  {"name": "lives", "type": "string", "value": "fixed 3"},
  {"name": "name", "type": "string", "value": "Belts"}
 ],"#;
    let text = base.replacen("\"infinite\": false,", good, 1);
    let notes = import_str("good.json", &text, &dir)
        .map(|i| notes_text(&i.notes))
        .unwrap_or_else(|e| e.to_string());
    assert!(!notes.contains("property"), "{notes}");
}
