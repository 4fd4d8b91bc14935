//! Hostile files and hostile outputs (issue 16 items 3 and 7), through the `factory-floor` binary.
//!
//! `tests/hostile/MANIFEST` lists every file of `tests/hostile/` that a command reads, with the
//! exit code it must give and a phrase its output must hold; `make_hostile.py` there writes both.
//! Each case runs as its own process under `prlimit --as` (an address-space limit of 1 GB: an
//! allocation that grows with a hostile file fails at once instead of taking the machine's memory),
//! with a 10 s deadline, and must not panic, crash, or print a raw control character. The cases
//! that need a named pipe, a large generated file or a kill are written out below.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

mod common;

/// How long one command may take on any hostile file.
const DEADLINE: Duration = Duration::from_secs(10);
/// The address-space limit of each child, in bytes.
const MEMORY_LIMIT: u64 = 1_000_000_000;

fn corpus() -> PathBuf {
    common::path("tests/hostile")
}

/// What one run did.
struct Run {
    status: Option<ExitStatus>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    elapsed: Duration,
}

impl Run {
    fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }

    fn text(&self) -> String {
        format!(
            "{}{}",
            String::from_utf8_lossy(&self.stdout),
            String::from_utf8_lossy(&self.stderr)
        )
    }
}

/// Runs the binary with `args` under the memory limit, killing it at the deadline (status None).
/// Output goes to files, so a child that writes a lot never blocks on a full pipe.
fn run(args: &[&std::ffi::OsStr]) -> Run {
    let scratch = tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"));
    let (out, err) = (scratch.path().join("out"), scratch.path().join("err"));
    let file = |p: &Path| fs::File::create(p).unwrap_or_else(|e| panic!("{e}"));
    // prlimit(1) sets RLIMIT_AS for the program it starts: no unsafe pre_exec hook needed.
    let mut command = Command::new("prlimit");
    command
        .arg(format!("--as={MEMORY_LIMIT}"))
        .arg("--")
        .arg(common::BINARY)
        .args(args)
        .stdin(Stdio::null())
        .stdout(file(&out))
        .stderr(file(&err));
    let start = Instant::now();
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start prlimit: {e}"));
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > DEADLINE => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => panic!("cannot wait for the child: {e}"),
        }
    };
    let read = |p: &Path| fs::read(p).unwrap_or_default();
    Run {
        status,
        stdout: read(&out),
        stderr: read(&err),
        elapsed: start.elapsed(),
    }
}

fn os(s: &str) -> &std::ffi::OsStr {
    std::ffi::OsStr::new(s)
}

/// Why a run is not what a hostile file may do: a hang, a crash, a panic, an out-of-memory
/// abort, or a raw control character on the terminal.
fn misbehaviour(r: &Run) -> Option<String> {
    let text = r.text();
    if r.status.is_none() {
        return Some(format!("did not finish within {DEADLINE:?}"));
    }
    if text.contains("panicked") || r.code() == Some(101) {
        return Some("panicked".to_string());
    }
    if text.contains("memory allocation") || r.code().is_none() {
        return Some(format!("crashed or ran out of memory ({:?})", r.status));
    }
    let raw = |b: &[u8]| {
        String::from_utf8_lossy(b)
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\t'))
    };
    if raw(&r.stdout) || raw(&r.stderr) {
        return Some("printed a raw control character".to_string());
    }
    None
}

struct Case {
    file: String,
    command: String,
    exit: i32,
    phrase: String,
}

fn manifest() -> Vec<Case> {
    let text = fs::read_to_string(corpus().join("MANIFEST")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                f.len(),
                4,
                "a MANIFEST line is file, command, exit, phrase: {l:?}"
            );
            Case {
                file: f[0].to_string(),
                command: f[1].to_string(),
                exit: f[2].parse().unwrap_or(-1),
                phrase: f[3].to_string(),
            }
        })
        .collect()
}

/// Runs one case; `Err` says what went wrong.
fn run_case(case: &Case, scratch: &Path) -> Result<(), String> {
    let path = corpus().join(&case.file);
    let output = scratch.join(format!("{}.course.json", case.file));
    let r = match case.command.as_str() {
        "import" => run(&[os("import"), path.as_os_str(), os("-o"), output.as_os_str()]),
        "check" | "scenario" => run(&[os(&case.command), path.as_os_str()]),
        other => return Err(format!("unknown command {other}")),
    };
    let shown = || {
        let t = r.text();
        let cut: String = t.chars().take(1500).collect();
        format!("exit {:?} after {:?}: {cut}", r.code(), r.elapsed)
    };
    if let Some(why) = misbehaviour(&r) {
        return Err(format!(
            "{} {}: {why}; {}",
            case.command,
            case.file,
            shown()
        ));
    }
    if r.code() != Some(case.exit) {
        return Err(format!(
            "{} {}: expected exit {}; {}",
            case.command,
            case.file,
            case.exit,
            shown()
        ));
    }
    if !r.text().contains(&case.phrase) {
        return Err(format!(
            "{} {}: the output does not say {:?}; {}",
            case.command,
            case.file,
            case.phrase,
            shown()
        ));
    }
    // An import that fails writes nothing; one that succeeds writes a course that loads.
    if case.command == "import" {
        match (case.exit, output.exists()) {
            (0, false) => return Err(format!("import {}: no course written", case.file)),
            (0, true) => {
                let check = run(&[os("check"), output.as_os_str()]);
                if check.code() == Some(2) || misbehaviour(&check).is_some() {
                    return Err(format!(
                        "import {}: the course written does not load: {}",
                        case.file,
                        check.text()
                    ));
                }
            }
            (_, true) => return Err(format!("import {}: failed but wrote a course", case.file)),
            _ => {}
        }
    }
    Ok(())
}

#[test]
fn every_hostile_file_gives_its_exit_code_and_message_within_limits() {
    let cases = manifest();
    // The acceptance bar of issue 16: at least 60 hostile files.
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let scratch = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| run_case(c, scratch.path()).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} hostile cases misbehaved:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_file_of_the_corpus_is_in_the_manifest_or_named_by_a_case() {
    let listed: Vec<String> = manifest().into_iter().map(|c| c.file).collect();
    let all_cases: String = listed
        .iter()
        .map(|f| fs::read_to_string(corpus().join(f)).unwrap_or_default())
        .collect();
    let rd = fs::read_dir(corpus()).unwrap_or_else(|e| panic!("{e}"));
    for entry in rd.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if matches!(name.as_str(), "MANIFEST" | "make_hostile.py") {
            continue;
        }
        // A tileset file is read through the map that names it.
        assert!(
            listed.contains(&name) || all_cases.contains(&name),
            "{name} is in tests/hostile/ but no case reads it"
        );
    }
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

/// A named pipe among the tiles beside a course: the library scan reads regular files only, so
/// `check` finishes instead of waiting for a writer that never comes.
#[test]
fn a_named_pipe_in_the_tiles_folder_does_not_hang_the_library_scan() {
    let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tiles = d.path().join("tiles");
    assert!(fs::create_dir(&tiles).is_ok());
    mkfifo(&tiles.join("pipe.json"));
    let course = d.path().join("course.json");
    assert!(fs::copy(common::path("tests/good_files/course.json"), &course).is_ok());
    let r = run(&[os("check"), course.as_os_str()]);
    assert_eq!(misbehaviour(&r), None, "{}", r.text());
    assert!(r.elapsed < DEADLINE);
}

/// A Tiled map whose external tileset is a named pipe is refused at once.
#[test]
fn a_named_pipe_as_external_tileset_is_refused_not_waited_on() {
    let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    mkfifo(&d.path().join("pipe.tsx"));
    let map = d.path().join("map.tmx");
    let text =
        fs::read_to_string(corpus().join("tmx_tileset_source_missing.tmx")).unwrap_or_default();
    assert!(fs::write(&map, text.replace("no_such_tileset.tsx", "pipe.tsx")).is_ok());
    let out = d.path().join("out.json");
    let r = run(&[os("import"), map.as_os_str(), os("-o"), out.as_os_str()]);
    assert_eq!(misbehaviour(&r), None, "{}", r.text());
    assert_eq!(r.code(), Some(2));
    assert!(r.text().contains("named pipe"), "{}", r.text());
}

/// The fifth Tiled file of the issue, too large to commit: a 6 MB tileset named 256 times by one
/// map was read (and kept) 256 times.
#[test]
fn a_large_tileset_named_256_times_is_read_once() {
    let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tileset = format!(
        "{{\"tiles\": [{{\"id\": 0, \"type\": \"{}\"}}]}}",
        "c".repeat(6_000_000)
    );
    assert!(fs::write(d.path().join("big.tsj"), tileset).is_ok());
    let sets: Vec<String> = (0..256)
        .map(|i| format!("{{\"firstgid\": {}, \"source\": \"big.tsj\"}}", 1 + i * 4))
        .collect();
    let map = format!(
        "{{\"type\": \"map\", \"orientation\": \"orthogonal\", \"width\": 2, \"height\": 1, \"layers\": [{{\"type\": \"tilelayer\", \"name\": \"b\", \"data\": [1, 5]}}], \"tilesets\": [{}]}}",
        sets.join(", ")
    );
    let path = d.path().join("map.json");
    assert!(fs::write(&path, map).is_ok());
    let out = d.path().join("out.json");
    let r = run(&[os("import"), path.as_os_str(), os("-o"), out.as_os_str()]);
    assert_eq!(misbehaviour(&r), None, "{}", r.text());
    assert_eq!(r.code(), Some(0), "{}", r.text());
}

/// `import MAP -o MAP` and `import MAP -o TILESET` are refused and leave the input as it was;
/// so are `export` and `render` onto their input.
#[test]
fn an_output_equal_to_an_input_is_refused_and_the_input_kept() {
    let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for name in ["tmx_tileset_named_256_times.tmx", "tileset_flag.tsx"] {
        assert!(fs::copy(corpus().join(name), d.path().join(name)).is_ok());
    }
    let map = d.path().join("tmx_tileset_named_256_times.tmx");
    let tileset = d.path().join("tileset_flag.tsx");
    let before = (fs::read(&map).ok(), fs::read(&tileset).ok());
    for output in [&map, &tileset] {
        let r = run(&[os("import"), map.as_os_str(), os("-o"), output.as_os_str()]);
        assert_eq!(r.code(), Some(2), "{}", r.text());
        assert!(r.text().contains("this is the input file"), "{}", r.text());
    }
    // Through another name (a link) it is the same file.
    let link = d.path().join("link.tmx");
    assert!(std::os::unix::fs::symlink(&map, &link).is_ok());
    let r = run(&[os("import"), map.as_os_str(), os("-o"), link.as_os_str()]);
    assert_eq!(r.code(), Some(2), "{}", r.text());
    assert_eq!((fs::read(&map).ok(), fs::read(&tileset).ok()), before);
    let course = d.path().join("course.json");
    assert!(fs::copy(common::path("tests/good_files/course.json"), &course).is_ok());
    let kept = fs::read(&course).ok();
    for command in [
        vec![
            os("export"),
            course.as_os_str(),
            os("--format"),
            os("tiled"),
            os("-o"),
            course.as_os_str(),
        ],
        vec![
            os("render"),
            course.as_os_str(),
            os("-o"),
            course.as_os_str(),
        ],
    ] {
        let r = run(&command);
        assert_eq!(r.code(), Some(2), "{}", r.text());
        assert!(r.text().contains("this is the input file"), "{}", r.text());
    }
    assert_eq!(fs::read(&course).ok(), kept);
}

/// Outputs that are a device or a folder are refused with a message; a link is followed, kept,
/// and the file it names replaced with its permissions; no temporary file is left anywhere.
#[test]
fn outputs_that_are_devices_folders_or_links_are_handled_by_the_rules() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let map = corpus().join("tmx_decimal_character_reference.tmx");
    let r = run(&[os("import"), map.as_os_str(), os("-o"), os("/dev/null")]);
    assert_eq!(r.code(), Some(2), "{}", r.text());
    assert!(r.text().contains("device"), "{}", r.text());
    let r = run(&[
        os("import"),
        map.as_os_str(),
        os("-o"),
        d.path().as_os_str(),
    ]);
    assert_eq!(r.code(), Some(2), "{}", r.text());
    assert!(r.text().contains("folder"), "{}", r.text());
    let real = d.path().join("real.json");
    let link = d.path().join("link.json");
    assert!(fs::write(&real, "old").is_ok());
    assert!(fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).is_ok());
    assert!(std::os::unix::fs::symlink("real.json", &link).is_ok());
    let r = run(&[os("import"), map.as_os_str(), os("-o"), link.as_os_str()]);
    assert_eq!(r.code(), Some(0), "{}", r.text());
    assert!(fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
    assert!(fs::read_to_string(&real).is_ok_and(|t| t.contains("factory-floor/course")));
    assert_eq!(
        fs::metadata(&real)
            .map(|m| m.permissions().mode() & 0o777)
            .ok(),
        Some(0o600)
    );
    let mut names: Vec<String> = fs::read_dir(d.path())
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    assert_eq!(names, ["link.json", "real.json"]);
}

/// A kill at any moment of a save leaves the old file or the whole new one, never a mix: `render`
/// draws a large picture and saves it over an old file while it is killed at random moments.
#[test]
fn a_kill_during_a_save_leaves_the_old_or_the_new_file() {
    let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // The largest sample course at 100 pixels a square: a picture of about 650 KB.
    let course = common::path("courses/grand-tour.json");
    let target = d.path().join("picture.png");
    let render = |out: &Path| {
        Command::new(common::BINARY)
            .args([
                os("render"),
                course.as_os_str(),
                os("--scale"),
                os("100"),
                os("-o"),
                out.as_os_str(),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    // The new file, written whole, and how long writing it takes.
    let reference = d.path().join("reference.png");
    let start = Instant::now();
    let done = render(&reference).wait();
    let full = start.elapsed();
    assert!(done.is_ok_and(|s| s.success()));
    let new_size = image::image_dimensions(&reference).ok();
    assert!(new_size.is_some());
    let old = b"the old file, which must survive any kill whole".to_vec();
    // A small linear congruential generator: random moments without a dependency.
    let mut seed = u64::from(std::process::id()) ^ start.elapsed().as_nanos() as u64;
    let (mut saw_old, mut saw_new) = (0, 0);
    for _ in 0..16 {
        assert!(fs::write(&target, &old).is_ok());
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = full.mul_f64((seed >> 11) as f64 / (1u64 << 53) as f64 * 1.2);
        let mut child = render(&target);
        std::thread::sleep(at);
        let _ = child.kill();
        let _ = child.wait();
        let mut bytes = Vec::new();
        let read = fs::File::open(&target).and_then(|mut f| f.read_to_end(&mut bytes));
        assert!(read.is_ok());
        if bytes == old {
            saw_old += 1;
        } else {
            // Anything else must be the whole new picture: it decodes, at the new size.
            let decoded = image::load_from_memory(&bytes);
            assert!(
                decoded.is_ok(),
                "a kill after {at:?} left {} bytes that are neither file",
                bytes.len()
            );
            assert_eq!(decoded.ok().map(|i| (i.width(), i.height())), new_size);
            saw_new += 1;
        }
    }
    // Shown with --nocapture: how the random kills fell.
    eprintln!("16 kills: {saw_old} left the old file, {saw_new} the new one");
    assert_eq!(saw_old + saw_new, 16);
}

#[test]
fn json_reports_of_a_name_with_bidi_marks_and_c1_controls_are_json_that_reads_back_the_name() {
    // Every command's output goes through the terminal escape (`cli::Escaped`), which wrote such
    // a name in `validate --json` and `drive --json` as `\u{202e}`: no JSON reader took it.
    let name = "\u{202e}evil.exe\u{202c} \u{200f}\u{5e9}\u{5dc}\u{9b}31m\u{7f}\u{2066}x";
    let scratch = tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"));
    let sample = fs::read_to_string(common::path("courses/first-steps.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut course: serde_json::Value =
        serde_json::from_str(&sample).unwrap_or_else(|e| panic!("{e}"));
    course["name"] = name.into();
    let path = scratch.path().join("named.json");
    fs::write(&path, course.to_string()).unwrap_or_else(|e| panic!("{e}"));
    let path = path.as_os_str();
    for (args, first) in [
        (vec![os("validate"), os("--json"), path], true),
        (
            vec![os("drive"), path, os("--games"), os("2"), os("--json")],
            false,
        ),
    ] {
        let r = run(&args);
        assert_eq!(r.code(), Some(0), "{args:?}: {}", r.text());
        let out = String::from_utf8_lossy(&r.stdout).into_owned();
        let json: serde_json::Value = match serde_json::from_str(&out) {
            Ok(v) => v,
            Err(e) => panic!("{args:?}: not JSON: {e}\n{out}"),
        };
        let report = if first { &json[0] } else { &json };
        assert_eq!(report["course"].as_str(), Some(name), "{args:?}");
        // Nothing of it reaches the terminal raw.
        assert!(
            !out.chars()
                .any(|c| c != '\n' && factory_floor::format::unseen(c)),
            "{args:?}: {out}"
        );
    }
}
