//! The hostile-file corpus (`tests/bad_files/`): every broken tile or course makes
//! `factory-floor check` exit 1 (a broken rule) or 2 (not a readable tile or course) with a
//! sentence naming the file and the problem, within seconds, under a hard memory limit, and
//! without panicking. Files too large to commit are generated into a temporary directory.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// How long one `check` may take. Each file takes milliseconds; the margin is for a loaded CI
/// machine running a debug build.
const DEADLINE: Duration = Duration::from_secs(10);
/// The address-space limit the child runs under, in KiB (about 1 GB): far more than checking any
/// file needs, far less than an unbounded allocation asks for.
const MEMORY_LIMIT_KIB: u64 = 1_000_000;

/// One corpus file: its name, the exit code `check` must give, the line the problem must be
/// reported on (`None` for course problems found after loading, which have no single line), and a
/// phrase the message must contain.
struct Case {
    file: &'static str,
    exit: i32,
    line: Option<usize>,
    phrase: &'static str,
}

const fn case(file: &'static str, exit: i32, line: Option<usize>, phrase: &'static str) -> Case {
    Case {
        file,
        exit,
        line,
        phrase,
    }
}

/// Every file in `tests/bad_files/`. Each file other than the whole-file syntax cases is a valid
/// tile or course (`tests/good_files/`) with exactly one thing broken.
#[rustfmt::skip]
const CASES: &[Case] = &[
    // The whole file: syntax, encoding, shape.
    case("empty.json", 2, Some(1), "the file is empty"),
    case("whitespace_only.json", 2, Some(1), "the file is empty"),
    case("not_json.json", 2, Some(1), "this is not JSON"),
    case("top_level_array.json", 2, Some(1), "expected a JSON object"),
    case("top_level_string.json", 2, Some(1), "expected a JSON object"),
    case("truncated.json", 2, Some(11), "it looks truncated"),
    case("trailing_garbage.json", 2, Some(19), "more text after the end"),
    case("missing_comma.json", 2, Some(6), "is a comma missing"),
    case("trailing_comma.json", 2, Some(14), "a comma after the last item"),
    case("number_too_large.json", 2, Some(7), "this number is too large to read"),
    case("invalid_number.json", 2, Some(7), "this is not a number JSON reads"),
    case("invalid_escape.json", 2, Some(5), "a backslash in text starts no JSON escape"),
    case("unterminated_string.json", 2, Some(5), "is a closing quote missing"),
    case("duplicate_key.json", 2, Some(38), "`start` is given twice"),
    case("deeply_nested.json", 2, Some(1), "nested too deeply"),
    case("deeply_nested_objects.json", 2, Some(1), "no \"format\" field"),
    case("deeply_nested_field.json", 2, Some(9), "found a list where"),
    case("non_utf8.json", 2, Some(5), "not UTF-8 text"),
    case("utf16.json", 2, Some(1), "not UTF-8 text"),
    case("binary.dat", 2, Some(1), "not UTF-8 text"),
    case("huge_id.json", 1, Some(4), "a tile id is 1 to 64 characters long"),
    // The header.
    case("missing_format.json", 2, Some(1), "no \"format\" field"),
    case("wrong_format_name.json", 2, Some(2), "\"factory-floor/board\" is not one this program reads"),
    case("format_not_text.json", 2, Some(2), "the \"format\" field is not text"),
    case("version_2.json", 2, Some(3), "format version 2, but this build"),
    case("version_string.json", 2, Some(3), "not a whole number: it must be 1"),
    case("missing_version.json", 2, Some(1), "\"version\" field is missing"),
    case("unknown_top_field.json", 2, Some(7), "unknown field `colour`"),
    case("tile_claims_course.json", 2, Some(4), "unknown field `id`"),
    case("missing_width.json", 2, Some(17), "missing field `width`"),
    case("bad_id.json", 1, Some(4), "ids use lower-case letters, digits and dashes"),
    // The tile's size.
    case("width_0.json", 1, Some(7), "a tile width of 0 squares is out of range"),
    case("width_1000000000.json", 1, Some(7), "width of 1000000000 squares is out of range"),
    case("width_beyond_i64.json", 2, Some(7), "where a whole number was expected"),
    case("width_fraction.json", 2, Some(7), "the number 2.5 where a whole number"),
    case("width_as_text.json", 2, Some(7), "found the text \"4\" where a whole number was expected"),
    case("height_negative.json", 1, Some(8), "a tile height of -3 squares is out of range"),
    // Squares.
    case("unknown_square_field.json", 2, Some(11), "unknown field `flor`"),
    case("unknown_floor.json", 2, Some(11), "`lava_lake` is not a value this field takes"),
    case("bad_facing.json", 2, Some(10), "`NE` is not a value this field takes"),
    case("start_bad_facing.json", 2, Some(11), "`up` is not a value this field takes"),
    case("square_outside_tile.json", 1, Some(11), "square (2, 3) is outside the tile"),
    case("negative_coordinates.json", 1, Some(11), "square (-1, 1) is outside the tile"),
    case("coordinate_overflow.json", 1, Some(11), "4294967296 is out of range"),
    // The same field out of its range, by our check or by the byte it is read into: exit 1 both.
    case("laser_damage_255.json", 1, Some(10), "laser damage x255: the multiplier is 2 to 10"),
    case("laser_damage_256.json", 1, Some(10), "the number 256 is out of range here"),
    // "01" and "1" are the same flag: one of the two dice was dropped without a word.
    case("dice_flag_01.json", 1, Some(14), "\"01\" is not a flag number"),
    case("square_one_coordinate.json", 2, Some(11), "a list of 2 numbers, [x, y]"),
    case("duplicate_square.json", 1, Some(12), "square (2, 1) is listed twice"),
    case("square_with_nothing.json", 1, Some(11), "open floor needs no entry"),
    case("pit_with_gear.json", 1, Some(11), "a pit cannot share a square with a gear"),
    case("crusher_on_gear.json", 1, Some(11), "a crusher stands over open floor or a conveyor belt, not over a gear"),
    case("belt_fed_from_out.json", 1, Some(10), "cannot be fed from the side it runs out of"),
    case("belt_side_twice.json", 1, Some(10), "side W is listed twice"),
    case("phase_6.json", 1, Some(12), "phase 6 does not exist"),
    case("phase_0.json", 1, Some(12), "phase 0 does not exist"),
    case("phase_twice.json", 1, Some(12), "phase 2 is listed twice"),
    case("repair_3_wrenches.json", 1, Some(13), "wrenches 3 is out of range"),
    case("start_number_9.json", 1, Some(11), "start number 9 is out of range"),
    // Edges.
    case("wall_from_both_sides.json", 1, Some(17), "an edge holds one wall"),
    case("edge_listed_twice.json", 1, Some(17), "the north side of square (1, 0) is listed twice"),
    case("edge_with_nothing.json", 1, Some(16), "neither a wall nor a mount"),
    case("edge_outside_tile.json", 1, Some(16), "square (4, 0), which is outside"),
    case("laser_4_beams.json", 1, Some(16), "laser beams 4 is out of range"),
    case("unknown_wall.json", 2, Some(16), "`brick` is not a value this field takes"),
    // Courses: loading.
    case("course_without_name.json", 1, Some(4), "the course needs a name"),
    case("unknown_rules.json", 2, Some(7), "`classic-2016` is not a value"),
    case("players_min_over_max.json", 1, Some(8), "players 5 to 3 is not a range"),
    case("players_9.json", 1, Some(8), "players 2 to 9 is not a range"),
    case("lives_0.json", 1, Some(9), "0 lives is out of range"),
    case("rotation_45.json", 1, Some(12), "rotation 45 is not allowed"),
    case("tile_offset_out_of_range.json", 1, Some(12), "tile offset (1000, 0) is out of range"),
    case("tile_offset_negative.json", 1, Some(12), "tile offset (4, -12) is out of range"),
    case("placement_bad_id.json", 1, Some(12), "tile id \"Bad Base\""),
    case("flag_number_0.json", 1, Some(34), "flag number 0 is out of range"),
    case("flag_far_outside.json", 1, Some(35), "flag 2 at (-5, 2) is far outside"),
    case("too_many_flags.json", 1, Some(33), "33 flags is more than a course may have"),
    case("embedded_tile_broken.json", 1, Some(26), "square (9, 9) is outside the tile"),
    case("embedded_tile_huge.json", 1, Some(21), "width of 1000000000 squares is out of range"),
    case("embedded_duplicate_ids.json", 1, Some(35), "two embedded tiles have the id \"bad-base\""),
    case("too_many_embedded_tiles.json", 1, Some(14), "66 embedded tiles is more than a course may carry"),
    // Courses: problems found when the course is put together.
    case("missing_tile.json", 1, None, "names tile \"bad-missing\", which is neither in the tile library nor embedded"),
    case("tile_overlap.json", 1, None, "tiles 1 and 2 overlap on 4 square(s)"),
    case("duplicate_flags.json", 1, None, "flag 1 is placed 2 times"),
    case("flag_three_times.json", 1, None, "flag 1 is placed 3 times"),
    case("flag_gap.json", 1, None, "but flag 2 is missing"),
    case("flag_off_board.json", 1, None, "flag 2 at (5, 9) is not on any tile"),
    case("no_flags.json", 1, None, "the course has no flags"),
    case("no_tiles.json", 1, None, "the course places no tiles"),
    case("start_off_board.json", 1, None, "the start square (30, 20) is not on any tile"),
    case("numbered_start_without_docks.json", 1, None, "has 0 numbered start squares"),
];

/// What one run of `factory-floor check` did.
struct Outcome {
    exit: Option<i32>,
    /// Standard output and standard error, one after the other.
    output: String,
    elapsed: Duration,
}

fn corpus_dir() -> PathBuf {
    common::path("tests/bad_files")
}

fn good_dir() -> PathBuf {
    common::path("tests/good_files")
}

/// Runs `factory-floor check FILES...` under the memory limit, killing it at the deadline. Output
/// goes to files, not pipes, so a child that writes a lot cannot block on a full pipe.
fn run_check(files: &[&Path]) -> Result<Outcome, String> {
    let bin = common::BINARY;
    let scratch = tempfile::tempdir().map_err(|e| format!("no temp dir: {e}"))?;
    let out_path = scratch.path().join("stdout");
    let err_path = scratch.path().join("stderr");
    let stdout = fs::File::create(&out_path).map_err(|e| e.to_string())?;
    let stderr = fs::File::create(&err_path).map_err(|e| e.to_string())?;
    let mut command = if cfg!(target_os = "linux") {
        // `ulimit -v` caps the address space: an unbounded allocation fails (the child aborts)
        // instead of succeeding on a big machine.
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg(format!(
                "ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" check \"$@\""
            ))
            .arg(bin);
        c
    } else {
        let mut c = Command::new(bin);
        c.arg("check");
        c
    };
    command
        .args(files)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr);
    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start {bin}: {e}"))?;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > DEADLINE => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "check {files:?} did not finish within {DEADLINE:?}"
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(format!("cannot wait for the child: {e}")),
        }
    };
    let elapsed = start.elapsed();
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap_or_default()).into_owned();
    Ok(Outcome {
        exit: status.code(),
        output: format!("{}{}", read(&out_path), read(&err_path)),
        elapsed,
    })
}

/// Checks one broken file: exit code, the file and the phrase named, the line, and that the child
/// neither panicked, nor ran out of its memory limit, nor said the file was fine.
fn assert_reported(
    path: &Path,
    exit: i32,
    line: Option<usize>,
    phrase: &str,
) -> Result<(), String> {
    let outcome = run_check(&[path])?;
    let shown = path.display().to_string();
    let out = &outcome.output;
    let fail = |why: &str| {
        Err(format!(
            "{shown}: {why}\n  exit {:?} after {:?}\n  output: {}",
            outcome.exit,
            outcome.elapsed,
            out.chars().take(2000).collect::<String>()
        ))
    };
    if out.contains("panicked") || outcome.exit == Some(101) {
        return fail("check panicked");
    }
    if out.contains("memory allocation") {
        return fail("check ran out of its memory limit");
    }
    if outcome.exit != Some(exit) {
        return fail(&format!("expected exit code {exit}"));
    }
    if out.contains("no problems") {
        return fail("check said there were no problems");
    }
    if !out.contains(phrase) {
        return fail(&format!("the message does not say {phrase:?}"));
    }
    // Every problem line names the file, so a designer checking many files knows which is broken.
    if let Some(bad) = out.lines().find(|l| !l.starts_with(&shown)) {
        return fail(&format!("a line does not name the file: {bad:?}"));
    }
    if let Some(line) = line {
        let at = format!("{shown}:{line}:");
        let Some(rest) = out.lines().find_map(|l| l.strip_prefix(&at)) else {
            return fail(&format!("the problem is not reported on line {line}"));
        };
        // file:line:column: message, with a column counted from 1.
        let column = rest.split(':').next().and_then(|c| c.parse::<usize>().ok());
        if column.is_none_or(|c| c < 1) || !rest.contains(": ") {
            return fail("no column after the line number");
        }
    }
    Ok(())
}

#[test]
fn every_corpus_file_is_reported_with_its_exit_code_line_and_phrase() {
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|c| assert_reported(&corpus_dir().join(c.file), c.exit, c.line, c.phrase).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus files misreported:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn the_corpus_and_the_table_list_the_same_files() {
    let mut on_disk: Vec<String> = fs::read_dir(corpus_dir())
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    on_disk.sort();
    let mut in_table: Vec<String> = CASES.iter().map(|c| c.file.to_string()).collect();
    in_table.sort();
    let before = in_table.len();
    in_table.dedup();
    assert_eq!(
        before,
        in_table.len(),
        "a file is listed twice in the table"
    );
    assert_eq!(on_disk, in_table);
    // The acceptance bar: at least 25 broken or hostile files.
    assert!(CASES.len() >= 25);
}

#[test]
fn a_repeated_flag_number_is_reported_once() {
    let path = corpus_dir().join("flag_three_times.json");
    let outcome = run_check(&[&path]);
    let count = outcome
        .as_ref()
        .map(|o| o.output.matches("[flag-duplicate]").count());
    assert_eq!(count, Ok(1), "{:?}", outcome.as_ref().map(|o| &o.output));
}

#[test]
fn a_20_mb_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir();
    let result = dir.map_err(|e| e.to_string()).and_then(|dir| {
        let path = dir.path().join("huge.json");
        // A valid-looking start, then 20 MB of spaces inside the description.
        let mut text = String::from(
            "{\"format\": \"factory-floor/tile\", \"version\": 1, \"description\": \"",
        );
        text.push_str(&" ".repeat(20 * 1024 * 1024));
        text.push_str("\"}\n");
        fs::write(&path, text).map_err(|e| e.to_string())?;
        assert_reported(&path, 2, None, "larger than 8 MiB")
    });
    assert_eq!(result, Ok(()));
}

#[test]
fn a_huge_unterminated_string_is_reported_as_truncated() {
    let dir = tempfile::tempdir();
    let result = dir.map_err(|e| e.to_string()).and_then(|dir| {
        let path = dir.path().join("string.json");
        let mut text = String::from("{\"format\": \"factory-floor/tile\", \"name\": \"");
        text.push_str(&"x".repeat(7 * 1024 * 1024));
        fs::write(&path, text).map_err(|e| e.to_string())?;
        assert_reported(&path, 2, Some(1), "it looks truncated")
    });
    assert_eq!(result, Ok(()));
}

/// An 8 MB course of tens of thousands of tiny embedded 64 x 64 tiles: building them all would
/// take gigabytes, so the memory limit catches a loader that does.
#[test]
fn a_course_embedding_thousands_of_big_tiles_stays_within_memory() {
    let dir = tempfile::tempdir();
    let result = dir.map_err(|e| e.to_string()).and_then(|dir| {
        let path = dir.path().join("bomb.json");
        let mut text = String::from(
            "{\"format\": \"factory-floor/course\", \"version\": 1, \"name\": \"bomb\", \
             \"rules\": \"classic-1994\", \"players\": {\"min\": 2, \"max\": 4}, \
             \"lives\": \"standard\", \"tiles\": [{\"tile\": \"t0\", \"at\": [0, 0], \"rotation\": 0}], \
             \"embedded_tiles\": [",
        );
        let mut n = 0;
        while text.len() < 7_500_000 {
            if n > 0 {
                text.push(',');
            }
            text.push_str(&format!(
                "{{\"format\": \"factory-floor/tile\", \"version\": 1, \"id\": \"t{n}\", \"name\": \"t\", \"width\": 64, \"height\": 64}}"
            ));
            n += 1;
        }
        text.push_str("], \"flags\": [{\"number\": 1, \"at\": [1, 1]}], \"start\": {\"archive\": [1, 1]}}\n");
        fs::write(&path, text).map_err(|e| e.to_string())?;
        assert_reported(&path, 1, Some(1), "embedded tiles is more than a course may carry")
    });
    assert_eq!(result, Ok(()));
}

/// A 7 MB name, value or field is quoted by its first 40 characters only, so the message stays a
/// readable line; and a `format` holding a 4-million-item list is refused within the memory limit.
#[test]
fn huge_values_are_quoted_in_part_and_huge_headers_stay_within_memory() {
    let big = "x".repeat(7_000_000);
    let tile_start =
        "{\"format\": \"factory-floor/tile\", \"version\": 1, \"id\": \"a\", \"name\": \"a\"";
    let cases = [
        (
            format!(
                "{tile_start}, \"width\": 2, \"height\": 2, \"squares\": [{{\"at\": [0, 0], \"floor\": \"{big}\"}}]}}"
            ),
            2,
            "is not a value this field takes",
        ),
        (format!("{tile_start}, \"{big}\": 1}}"), 2, "unknown field"),
        (
            format!("{tile_start}, \"width\": \"{big}\", \"height\": 2}}"),
            2,
            "where a whole number was expected",
        ),
        (
            format!("{{\"format\": \"{big}\", \"version\": 1}}"),
            2,
            "is not one this program reads",
        ),
        (
            format!("{{\"format\": [{}0]}}", "0,".repeat(3_500_000)),
            2,
            "the \"format\" field is not text",
        ),
    ];
    let dir = tempfile::tempdir();
    let result = dir.map_err(|e| e.to_string()).and_then(|dir| {
        for (i, (text, exit, phrase)) in cases.iter().enumerate() {
            let path = dir.path().join(format!("big-{i}.json"));
            fs::write(&path, text).map_err(|e| e.to_string())?;
            assert_reported(&path, *exit, Some(1), phrase)?;
            let outcome = run_check(&[&path])?;
            if outcome.output.len() > 1000 {
                return Err(format!("case {i}: a {}-byte message", outcome.output.len()));
            }
        }
        Ok(())
    });
    assert_eq!(result, Ok(()));
}

#[test]
fn a_missing_file_and_a_directory_are_unreadable() {
    let dir = tempfile::tempdir();
    let result = dir.map_err(|e| e.to_string()).and_then(|dir| {
        assert_reported(&dir.path().join("nowhere.json"), 2, None, "cannot open")?;
        assert_reported(dir.path(), 2, None, "cannot read")
    });
    assert_eq!(result, Ok(()));
}

/// Every corpus file is one edit away from these clean files; they must pass, or the corpus would
/// test nothing.
#[test]
fn clean_files_exit_0_and_report_no_problem() {
    let tile = good_dir().join("tile.json");
    let course = good_dir().join("course.json");
    let outcome = run_check(&[&tile, &course]);
    let summary = outcome.as_ref().map(|o| {
        // Every problem line names its file, so a clean run names neither.
        let named = o.output.contains(&tile.display().to_string())
            || o.output.contains(&course.display().to_string());
        (o.exit, named, o.output.contains("no problems"))
    });
    assert_eq!(
        summary,
        Ok((Some(0), false, true)),
        "{:?}",
        outcome.as_ref().map(|o| &o.output)
    );
}

/// Checking several files at once, the exit code is the worst file's: 2 beats 1 beats 0.
#[test]
fn the_worst_file_decides_the_exit_code() {
    let good = good_dir().join("tile.json");
    let broken = corpus_dir().join("width_0.json");
    let unreadable = corpus_dir().join("truncated.json");
    let exits: Vec<Option<i32>> = [
        vec![good.as_path(), broken.as_path()],
        vec![unreadable.as_path(), good.as_path(), broken.as_path()],
    ]
    .iter()
    .map(|files| run_check(files).ok().and_then(|o| o.exit))
    .collect();
    assert_eq!(exits, vec![Some(1), Some(2)]);
}
