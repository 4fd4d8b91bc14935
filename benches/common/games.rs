//! The robots and programs the engine benchmarks play with (`benches/engine.rs`, `benches/speed.rs`):
//! the same seeds give the same robots and programs in both, so their figures compare.

use factory_floor::engine::{Factory, Game, Rng, RobotSetup};
use factory_floor::geom::{Facing, Square};

/// `n` robots on distinct random squares that are on the board, not holes and not belts.
pub fn setups(factory: &Factory, n: usize) -> Vec<RobotSetup> {
    let mut rng = Rng::new(7);
    let mut out: Vec<RobotSetup> = Vec::new();
    while out.len() < n {
        let s = Square::new(
            rng.below(factory.width() as u64) as i32,
            rng.below(factory.height() as u64) as i32,
        );
        let cell = factory.cell(s);
        if cell.on_board && !cell.hole && cell.flow.is_none() && out.iter().all(|r| r.square != s) {
            out.push(RobotSetup::new(format!("bot{}", out.len()), s, Facing::E));
        }
    }
    out
}

/// A game at the start of a turn with random programs chosen, ready for phase 1.
pub fn programmed(game: &Game, rng: &mut Rng) -> Game {
    let mut g = game.clone();
    let mut events = Vec::new();
    g.begin_turn(&mut events);
    for i in 0..g.robots().len() {
        let cards = g.random_program(i, rng);
        let _ = g.program(i, &cards, false, &mut events);
    }
    g
}
