//! The factory-floor command line: parses the arguments and calls the headless commands in
//! `factory_floor::cli` (they print to stdout and stderr and give the exit code). With no
//! subcommand it opens the editor window, or takes a screenshot of it.

use clap::{Parser, Subcommand};
use factory_floor::cli;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// Check courses against the setup rules and solve them: diagnostics, the line from every
    /// start and their fairness, the shortest whole line, each leg's own minimum, the line a
    /// typical hand allows, and the difficulty (exit 0 valid, 1 errors found, 2 a file that
    /// cannot be read).
    #[command(after_help = factory_floor::validate::solver::MODEL_HELP)]
    Validate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the reports as JSON for tools.
        #[arg(long)]
        json: bool,
        /// Also race the course N times (up to 10000) with planner robots (the course's most
        /// players) for the "how it plays" estimate: turns, finish rate, deaths by cause, classes.
        /// 200 games take a few seconds to half a minute a course.
        #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=10_000))]
        play: u64,
        /// House rule NAME[=VALUE] applied to the course first (repeatable).
        #[arg(long = "rule", value_name = "NAME[=VALUE]", long_help = factory_floor::cli::rules_help())]
        rule: Vec<String>,
    },
    /// Draw a tile or course as the editor shows it: PNG, SVG or PDF by the output's extension.
    /// A PDF prints at real size over pages (docs/printing.md); --sheet makes a course sheet per
    /// course and a library page per tile, all in one PDF.
    Render {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Where to write: a .png, .svg or .pdf file.
        #[arg(short, long)]
        output: PathBuf,
        /// PNG: pixels per square.
        #[arg(long, default_value_t = 48)]
        scale: u32,
        /// PNG: pixels per inch with squares of --square-mm (instead of --scale).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        dpi: Option<u32>,
        /// PDF paper: a4 or letter.
        #[arg(long, default_value = "a4", value_parser = parse_paper)]
        paper: factory_floor::render::page::Paper,
        /// The side of a printed square in millimetres.
        #[arg(long, default_value_t = factory_floor::render::page::DEFAULT_SQUARE_MM)]
        square_mm: f32,
        /// PDF: white margin on every side, in millimetres.
        #[arg(long, default_value_t = 10.0)]
        margin_mm: f32,
        /// PDF: how far neighbouring pages repeat each other, in millimetres.
        #[arg(long, default_value_t = 10.0)]
        overlap_mm: f32,
        /// PDF: the whole board on one page, as large as fits.
        #[arg(long)]
        fit: bool,
        /// A course sheet per course and a library page per tile (PDF).
        #[arg(long)]
        sheet: bool,
    },
    /// Import a Tiled map (.json, .tmj or .tmx) as a course with the map as one embedded tile.
    /// Prints every square it could not map; exit 0 written, 2 the map cannot be read.
    Import {
        file: PathBuf,
        /// Where to write the course.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Write a course with every tile it places embedded: one file to share that opens with no
    /// library (exit 0 written, 1 a tile is found nowhere, 2 unreadable or unwritable).
    Bundle {
        course: PathBuf,
        /// Where to write the bundle.
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
        /// House rule NAME[=VALUE] applied to the course first (repeatable).
        #[arg(long = "rule", value_name = "NAME[=VALUE]", long_help = factory_floor::cli::rules_help())]
        rule: Vec<String>,
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
        /// House rule NAME[=VALUE] applied to the course first (repeatable).
        #[arg(long = "rule", value_name = "NAME[=VALUE]", long_help = factory_floor::cli::rules_help())]
        rule: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(out) = cli.screenshot.clone() {
        return screenshot(out, cli);
    }
    let Some(command) = cli.command else {
        return match factory_floor::app::run(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("factory-floor: cannot open the editor window: {e}");
                ExitCode::from(2)
            }
        };
    };
    cli::batch_allocator();
    // Written without println!, so a closed pipe (`factory-floor ... | head`) ends the output
    // quietly instead of panicking.
    // Standard output escapes control characters: names from files never reach a terminal raw.
    let out = &mut cli::Escaped(std::io::stdout().lock());
    let err = &mut std::io::stderr().lock();
    ExitCode::from(match command {
        Command::Check { files } => cli::check::run(&cli::check::Args { files }, out),
        Command::Scenario { files, json } => {
            cli::scenario::run(&cli::scenario::Args { files, json }, out, err)
        }
        Command::Validate {
            files,
            json,
            play,
            rule,
        } => {
            let args = cli::validate::Args {
                files,
                json,
                play: play as usize,
                rules: rule,
            };
            cli::validate::run(&args, out, err)
        }
        Command::Render {
            files,
            output,
            scale,
            dpi,
            paper,
            square_mm,
            margin_mm,
            overlap_mm,
            fit,
            sheet,
        } => {
            let print = factory_floor::render::page::PrintSettings {
                paper,
                square_mm,
                margin_mm,
                overlap_mm,
            };
            let args = cli::render::Args {
                scale,
                dpi,
                print,
                fit,
                sheet,
                ..cli::render::Args::new(files, output)
            };
            cli::render::run(&args, out, err)
        }
        Command::Import { file, output } => {
            cli::import::run(&cli::import::Args { file, output }, out, err)
        }
        Command::Bundle { course, output } => {
            cli::bundle::run(&cli::bundle::Args { course, output }, out, err)
        }
        Command::Export {
            course,
            format: ExportFormat::Tiled,
            output,
        } => {
            let format = cli::export::Format::Tiled;
            let args = cli::export::Args {
                course,
                format,
                output,
            };
            cli::export::run(&args, out, err)
        }
        Command::Play {
            course,
            bots,
            seed,
            log,
            turns,
            no_options,
            rule,
        } => {
            let args = cli::play::Args {
                course,
                bots,
                seed,
                log,
                turns,
                options: !no_options,
                rules: rule,
            };
            cli::play::run(&args, out, err)
        }
        Command::Drive {
            course,
            bots,
            games,
            seed,
            turns,
            json,
            no_options,
            rule,
        } => {
            let args = cli::drive::Args {
                course,
                bots,
                games,
                seed,
                turns,
                json,
                options: !no_options,
                rules: rule,
            };
            cli::drive::run(&args, out, err)
        }
    })
}

/// Opens the window, draws a few frames of the view asked for and saves a picture of it to `out`.
fn screenshot(out: PathBuf, cli: Cli) -> ExitCode {
    use factory_floor::app::{ScreenshotExtras, ScreenshotView};
    let view = match cli.view {
        View::Course => ScreenshotView::Course,
        View::Tile => ScreenshotView::Tile,
        View::Play => ScreenshotView::Play,
        View::Drive => ScreenshotView::Drive,
        View::PlayOptions => ScreenshotView::PlayOptions,
    };
    let extras = ScreenshotExtras {
        best_line: cli.best_line,
        edit_placed: cli.edit_placed,
    };
    match factory_floor::app::run_screenshot(out.clone(), cli.file, view, cli.size, extras) {
        Ok(()) => {
            let _ = writeln!(std::io::stdout().lock(), "wrote {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("factory-floor: {e}");
            ExitCode::from(2)
        }
    }
}

/// `--paper a4` or `--paper letter`.
fn parse_paper(s: &str) -> Result<factory_floor::render::page::Paper, String> {
    factory_floor::render::page::Paper::parse(s)
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
