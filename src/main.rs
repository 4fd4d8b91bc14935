//! The factory-floor command line. With no subcommand it opens the editor window; the subcommands
//! work without a window.

use clap::{Parser, Subcommand};
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Some(Command::Render {
            file,
            output,
            scale,
        }) => match factory_floor::render::render_file(&file, &output, scale) {
            Ok(()) => {
                println!("wrote {}", output.display());
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
            println!("{p}");
        }
        if report.unreadable {
            code = 2;
        } else if !report.problems.is_empty() {
            code = code.max(1);
        }
    }
    if code == 0 {
        println!("{} file(s) checked: no problems", files.len());
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
                    print!("{}", report.render());
                }
            }
        }
    }
    if json {
        match serde_json::to_string_pretty(&reports) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("cannot write the JSON report: {e}");
                code = 2;
            }
        }
    }
    ExitCode::from(code)
}

fn validate(files: &[PathBuf], json: bool) -> ExitCode {
    ExitCode::from(factory_floor::validate::command::run(files, json))
}
