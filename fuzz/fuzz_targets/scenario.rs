//! Rules scenarios: the text is read and run through the engine; a board file it names is
//! "not found".
#![no_main]

use factory_floor_core::engine::scenario::{BoardFileError, BoardFiles, run_scenario};
use factory_floor_core::model::Board;
use libfuzzer_sys::fuzz_target;

struct NoFiles;

impl BoardFiles for NoFiles {
    fn board(&self, relative: &str) -> Result<Board, BoardFileError> {
        Err(BoardFileError::DoesNotCompile(format!("{relative} is not there")))
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = run_scenario("fuzz.json", text, "fuzz", &NoFiles);
});
