//! The factory-floor command line. With no subcommand it opens the editor window; the subcommands
//! work without a window.

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Prints a line to stdout; a closed pipe (`factory-floor ... | head`) ends the output quietly
/// instead of panicking as `println!` would.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// As `say!`, without the newline.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

#[derive(Parser)]
#[command(
    name = "factory-floor",
    version,
    about = "Design, check and test-drive RoboRally courses"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// A tile or course file to open in the editor.
    file: Option<PathBuf>,
    /// Open the window, draw a few frames, save a picture of it to this PNG file and exit.
    #[arg(long, value_name = "OUT.png")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: show the sample course, the first library tile (when no file is given),
    /// the play view with a game of bots a few phases in, or test-drive results.
    #[arg(long, value_enum, default_value = "course", requires = "screenshot")]
    view: View,
    /// With --screenshot: the window size in points, as WxH.
    #[arg(long, default_value = "1600x1000", value_parser = parse_size, requires = "screenshot")]
    size: [f32; 2],
    /// With --screenshot: draw the solver's best line on the course.
    #[arg(long, requires = "screenshot")]
    best_line: bool,
    /// With --screenshot of a course: open its placed tile number N (from 0) in the tile editor,
    /// the course beside it.
    #[arg(long, value_name = "N", requires = "screenshot")]
    edit_placed: Option<usize>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ExportFormat {
    /// A Tiled JSON map in the typed-property convention (docs/tiled.md).
    Tiled,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum View {
    Course,
    Tile,
    Play,
    Drive,
    /// The play view with a "you" robot holding options, programming.
    PlayOptions,
}

/// Reads "WxH" as a window size, 200 to 8192 points a side.
fn parse_size(text: &str) -> Result<[f32; 2], String> {
    let bad = || format!("\"{text}\" is not a window size like 1600x1000 (200 to 8192 a side)");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(200..=8192).contains(&w) || !(200..=8192).contains(&h) {
        return Err(bad());
    }
    Ok([w as f32, h as f32])
}

#[derive(Subcommand)]
enum Command {
    /// Load tiles and courses and report every problem (exit 0 clean, 1 problems, 2 unreadable).
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Run rules scenario files and compare each robot with what the file expects
    /// (exit 0 all match, 1 a difference, 2 a file that cannot be read).
    Scenario {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the final state and the event log as JSON instead.
        #[arg(long)]
        json: bool,
    },
    /// Check courses against the setup rules and solve them: diagnostics, the fewest registers
    /// for each leg with a shortest program, and the difficulty (exit 0 valid, 1 errors found,
    /// 2 a file that cannot be read).
    Validate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the reports as JSON for tools.
        #[arg(long)]
        json: bool,
    },
    /// Draw a tile or course to a PNG picture, as the editor shows it.
    Render {
        file: PathBuf,
        /// Where to write the PNG.
        #[arg(short, long)]
        output: PathBuf,
        /// Pixels per square.
        #[arg(long, default_value_t = 48)]
        scale: u32,
    },
    /// Import a Tiled map (.json, .tmj or .tmx) as a course with the map as one embedded tile.
    /// Prints every square it could not map; exit 0 written, 2 the map cannot be read.
    Import {
        file: PathBuf,
        /// Where to write the course.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Export a course (or a tile) to another program's format: a Tiled JSON map with its tileset
    /// embedded (exit 0 written, 2 the course cannot be read or written).
    Export {
        course: PathBuf,
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Where to write the map.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Play one game of sample robots on a course and print it event by event.
    Play {
        course: PathBuf,
        /// One bot per robot: random, greedy or planner, comma-separated.
        #[arg(long, default_value = "planner,greedy,random")]
        bots: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print every event (cards dealt, revealed, each move); without it, only what moves the race.
        #[arg(long)]
        log: bool,
        /// Stop after this many turns (1 to 1000).
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=1000))]
        turns: u32,
        /// Play without option cards.
        #[arg(long)]
        no_options: bool,
    },
    /// Test-drive a course: play many games of sample robots on every core and print statistics.
    Drive {
        course: PathBuf,
        #[arg(long, default_value = "planner,greedy,random")]
        bots: String,
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        games: u32,
        /// Game g uses seed S + g.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A game not over after this many turns (1 to 1000) stops; its unfinished robots count
        /// as this.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=1000))]
        turns: u32,
        /// Print the statistics (with per-square heat maps) as JSON.
        #[arg(long)]
        json: bool,
        /// Play without option cards.
        #[arg(long)]
        no_options: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(out) = cli.screenshot {
        let view = match cli.view {
            View::Course => factory_floor::app::ScreenshotView::Course,
            View::Tile => factory_floor::app::ScreenshotView::Tile,
            View::Play => factory_floor::app::ScreenshotView::Play,
            View::Drive => factory_floor::app::ScreenshotView::Drive,
            View::PlayOptions => factory_floor::app::ScreenshotView::PlayOptions,
        };
        let extras = factory_floor::app::ScreenshotExtras {
            best_line: cli.best_line,
            edit_placed: cli.edit_placed,
        };
        return match factory_floor::app::run_screenshot(
            out.clone(),
            cli.file,
            view,
            cli.size,
            extras,
        ) {
            Ok(()) => {
                say!("wrote {}", out.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("factory-floor: {e}");
                ExitCode::from(2)
            }
        };
    }
    match cli.command {
        None => match factory_floor::app::run(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("factory-floor: cannot open the editor window: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Check { files }) => check(&files),
        Some(Command::Scenario { files, json }) => scenario(&files, json),
        Some(Command::Validate { files, json }) => validate(&files, json),
        Some(Command::Import { file, output }) => import(&file, &output),
        Some(Command::Export {
            course,
            format: ExportFormat::Tiled,
            output,
        }) => export(&course, &output),
        Some(Command::Play {
            course,
            bots,
            seed,
            log,
            turns,
            no_options,
        }) => play(&course, &bots, seed, log, turns, !no_options),
        Some(Command::Drive {
            course,
            bots,
            games,
            seed,
            turns,
            json,
            no_options,
        }) => drive(&course, &bots, games, seed, turns, json, !no_options),
        Some(Command::Render {
            file,
            output,
            scale,
        }) => match factory_floor::render::render_file(&file, &output, scale) {
            Ok(()) => {
                say!("wrote {}", output.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        },
    }
}

fn check(files: &[PathBuf]) -> ExitCode {
    let mut code = 0u8;
    for path in files {
        let report = factory_floor::check::check_file(path);
        for p in report.problems.iter().chain(&report.warnings) {
            say!("{p}");
        }
        if report.unreadable {
            code = 2;
        } else if !report.problems.is_empty() {
            code = code.max(1);
        }
    }
    if code == 0 {
        say!("{} file(s) checked: no problems", files.len());
    }
    ExitCode::from(code)
}

fn scenario(files: &[PathBuf], json: bool) -> ExitCode {
    let mut code = 0u8;
    let mut reports = Vec::new();
    for path in files {
        match factory_floor::engine::run_scenario_file(path) {
            Err(e) => {
                eprintln!("{e}");
                code = 2;
            }
            Ok(report) => {
                if !report.passed() {
                    code = code.max(1);
                }
                if json {
                    let value = serde_json::from_str::<serde_json::Value>(&report.to_json())
                        .unwrap_or(serde_json::Value::Null);
                    reports.push(value);
                } else {
                    say_raw!("{}", report.render());
                }
            }
        }
    }
    if json {
        match serde_json::to_string_pretty(&reports) {
            Ok(text) => say!("{text}"),
            Err(e) => {
                eprintln!("cannot write the JSON report: {e}");
                code = 2;
            }
        }
    }
    ExitCode::from(code)
}

fn play(course: &Path, bots: &str, seed: u64, log: bool, turns: u32, options: bool) -> ExitCode {
    use factory_floor::bots::{Arena, parse_bots, play_game_with};
    let setup = parse_bots(bots).and_then(|b| Ok((b, Arena::load(course)?)));
    let (bots, arena) = match setup {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let shown = |e: &factory_floor::engine::Event| {
        use factory_floor::engine::Event::*;
        log || !matches!(e, Dealt { .. } | CardRevealed { .. } | PhaseStarted { .. })
    };
    // Written without println!, so a closed pipe (`| head`) ends the output instead of panicking.
    let mut out = std::io::stdout().lock();
    let result = play_game_with(&arena, &bots, seed, turns, options, |game, events| {
        for e in events.iter().filter(|e| shown(e)) {
            let _ = writeln!(out, "{}", e.describe(game.names()));
        }
    });
    match result {
        Ok(r) => {
            for (i, t) in r.finished_turn.iter().enumerate() {
                let name = format!("{} {}", bots[i].name(), i + 1);
                let _ = match t {
                    Some(t) => writeln!(out, "{name} finished in turn {t}"),
                    None => writeln!(out, "{name} did not finish"),
                };
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn drive(
    course: &Path,
    bots: &str,
    games: u32,
    seed: u64,
    turns: u32,
    json: bool,
    options: bool,
) -> ExitCode {
    use factory_floor::bots::{Arena, DriveOptions, parse_bots};
    let setup = parse_bots(bots).and_then(|b| Ok((b, Arena::load(course)?)));
    let (bots, arena) = match setup {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let options = DriveOptions {
        bots,
        games: games as usize,
        seed,
        turn_cap: turns,
        threads: 0,
        options,
    };
    let stats = match factory_floor::bots::drive(&arena, &options, &|_| true) {
        Ok((stats, _)) => stats,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if !json {
        say_raw!("{}", stats.render());
        return ExitCode::SUCCESS;
    }
    match serde_json::to_string_pretty(&stats) {
        Ok(text) => {
            say!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot write the statistics as JSON: {e}");
            ExitCode::from(2)
        }
    }
}

fn import(file: &Path, output: &Path) -> ExitCode {
    let imported = match factory_floor::format::tiled::import_file(file) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    for note in &imported.notes {
        say!("{}: {note}", file.display());
    }
    let text = factory_floor::format::course_to_string(&imported.course);
    if let Err(e) = factory_floor::format::save_atomic(output, text) {
        eprintln!("{}: cannot write: {e}", output.display());
        return ExitCode::from(2);
    }
    let c = &imported.course;
    let (w, h) = c
        .embedded
        .first()
        .map_or((0, 0), |t| (t.width(), t.height()));
    say!(
        "wrote {}: course \"{}\", {w} x {h} squares, {} flag(s), {} square(s) reported above",
        output.display(),
        c.name,
        c.flags.len(),
        imported.notes.len()
    );
    ExitCode::SUCCESS
}

fn export(input: &Path, output: &Path) -> ExitCode {
    use factory_floor::format::{Document, Library, load_document};
    let course = match load_document(input) {
        Ok(Document::Course(c)) => c,
        // A tile exports as a course of that one tile.
        Ok(Document::Tile(t)) => factory_floor::model::Course {
            name: if t.name.is_empty() {
                t.id.clone()
            } else {
                t.name.clone()
            },
            description: t.description.clone(),
            author: String::new(),
            rules: Default::default(),
            players: Default::default(),
            lives: Default::default(),
            placements: vec![factory_floor::model::TilePlacement {
                tile: t.id.clone(),
                at: factory_floor::geom::Square::new(0, 0),
                rotation: factory_floor::geom::Rotation::R0,
            }],
            embedded: vec![t],
            flags: Vec::new(),
            start: factory_floor::model::StartRule::Numbered,
        },
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let library = Library::for_file(input);
    let text = match factory_floor::format::tiled::export_course(&course, &library) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", input.display());
            return ExitCode::from(2);
        }
    };
    if let Err(e) = factory_floor::format::save_atomic(output, text) {
        eprintln!("{}: cannot write: {e}", output.display());
        return ExitCode::from(2);
    }
    say!("wrote {}", output.display());
    ExitCode::SUCCESS
}

fn validate(files: &[PathBuf], json: bool) -> ExitCode {
    ExitCode::from(factory_floor::validate::command::run(files, json))
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn window_sizes_read_as_w_x_h_within_bounds() {
        assert_eq!(parse_size("1600x1000"), Ok([1600.0, 1000.0]));
        assert_eq!(parse_size("800X600"), Ok([800.0, 600.0]));
        for bad in ["1600", "x", "100x100", "1600x99999", "-5x300", "axb"] {
            assert!(parse_size(bad).is_err(), "{bad} was accepted");
        }
    }
}
