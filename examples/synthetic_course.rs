//! Writes a synthetic course (`benches/common/synthetic.rs`) to a file, for timing the commands on
//! a course of any size (issue 21): `cargo run --release --example synthetic_course -- SIDE SEED
//! OUT.json`; SIDE 320 is the largest course the format allows (5 x 5 tiles of 64 x 64).

#[path = "../benches/common/synthetic.rs"]
mod synthetic;

use factory_floor::format::course_to_string;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(side), Some(seed), Some(out)) = (
        args.first().and_then(|a| a.parse::<i32>().ok()),
        args.get(1).and_then(|a| a.parse::<u64>().ok()),
        args.get(2),
    ) else {
        eprintln!("usage: synthetic_course SIDE SEED OUT.json (SIDE 12 to 320)");
        return std::process::ExitCode::from(2);
    };
    let text = course_to_string(&synthetic::course(side, seed));
    if let Err(e) = std::fs::write(out, text) {
        eprintln!("{out}: {e}");
        return std::process::ExitCode::from(2);
    }
    std::process::ExitCode::SUCCESS
}
