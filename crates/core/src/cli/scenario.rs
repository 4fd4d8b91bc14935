//! `factory-floor scenario`: reads rules scenario files (and the board files they name) and runs
//! them through the engine (`engine::scenario`).

use crate::engine::scenario::{BoardFileError, BoardFiles, ScenarioReport, run_scenario};
use crate::format::{self, Document, Library};
use crate::model::Board;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The arguments of `scenario`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub files: Vec<PathBuf>,
    /// The final state and the event log as JSON instead of text.
    pub json: bool,
}

/// Runs every file; exit 0 all match, 1 a difference, 2 a file that cannot be read.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut code = super::OK;
    let mut reports = Vec::new();
    for path in &args.files {
        match run_scenario_file(path) {
            Err(e) => {
                let _ = writeln!(err, "{e}");
                code = super::FAILED;
            }
            Ok(report) => {
                if !report.passed() {
                    code = code.max(super::PROBLEMS);
                }
                if args.json {
                    let value = serde_json::from_str::<serde_json::Value>(&report.to_json())
                        .unwrap_or(serde_json::Value::Null);
                    reports.push(value);
                } else {
                    let _ = write!(out, "{}", report.render());
                }
            }
        }
    }
    if args.json && !super::write_json_report(&reports, out, err) {
        code = super::FAILED;
    }
    code
}

/// Board files named by a scenario, read from the scenario's folder; a course there is compiled
/// with the tiles it sees.
struct BesideScenario<'a> {
    folder: &'a Path,
}

impl BoardFiles for BesideScenario<'_> {
    fn board(&self, relative: &str) -> Result<Board, BoardFileError> {
        let target = self.folder.join(relative);
        match format::load_document(&target).map_err(BoardFileError::Unusable)? {
            Document::Tile(tile) => Ok(Board::from_tile(&tile, &[])),
            Document::Course(course) => {
                let board = course.compile(&Library::for_file(&target));
                match board.problems.first() {
                    Some(p) => Err(BoardFileError::DoesNotCompile(p.message())),
                    None => Ok(board),
                }
            }
        }
    }
}

/// Reads, runs and checks one scenario file. `Err` is a file that cannot be read or describes an
/// impossible setup, as `file:line:column: message`.
pub fn run_scenario_file(path: &Path) -> Result<ScenarioReport, String> {
    let file = path.display().to_string();
    let text = format::read_text(path).map_err(|e| e.to_string())?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let folder = path.parent().unwrap_or(Path::new("."));
    run_scenario(&file, &text, &stem, &BesideScenario { folder })
}
