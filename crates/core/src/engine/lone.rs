//! One register phase for a lone robot from a state the caller chooses: the step of the table of
//! single-card steps (`steps.rs`) that the course solver and the bots read. It runs the same
//! `Game::run_phase` as a game, so they follow every rule the engine follows and nothing else.

use super::card::Card;
use super::event::Event;
use super::game::{Game, REGISTERS, Stage, Status};
use crate::geom::{Facing, Square};

/// Where a lone robot is after one register phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoneOutcome {
    pub square: Square,
    pub facing: Facing,
    /// Damage taken in this phase (board lasers; a lone robot is shot by nothing else).
    pub damage: u8,
    /// Fell into a pit or off the board, was crushed, or took 10 damage.
    pub destroyed: bool,
}

impl Game {
    /// Puts robot 0 on `square` facing `facing`, undamaged, powered up, without options (issue 8:
    /// the solver plans plain robots), with `card` (or nothing)
    /// in register `phase` (1-5) and every other register empty, then runs register phase `phase`
    /// with `Game::run_phase` and says where the robot ended. Meant for a game of one robot: other
    /// robots, if any, stay where they are and take part in the phase as usual.
    ///
    /// `events` is cleared first and then holds the phase's events, so a caller that reuses one
    /// buffer runs this without allocating. Returns `None` when the game has no robot, `phase` is
    /// not 1-5 or `square` is not on the grid.
    pub fn run_lone_phase(
        &mut self,
        square: Square,
        facing: Facing,
        card: Option<Card>,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Option<LoneOutcome> {
        self.place_lone(square, facing, card, phase, events)?;
        self.run_phase(events);
        let r = self.robots[0];
        Some(LoneOutcome {
            square: r.square,
            facing: r.facing,
            damage: r.damage,
            destroyed: matches!(r.status, Status::Destroyed | Status::Eliminated),
        })
    }

    /// Step 2 of a register phase alone (RULINGS.md, "Robots move"): robot 0, placed as in
    /// `run_lone_phase`, executes `card` with the same code a phase uses (with its repeats on
    /// repeaters, which follow the Robots Move segment), and nothing else happens. Returns where the
    /// card leaves it, its facing (a gate turns it), whether it fell and the damage it took.
    /// `StepTable` composes this with `run_lone_phase(.., None, ..)` from the square it reaches,
    /// which is what a phase does to a lone robot after its card; tests check the two agree on
    /// every sample course.
    pub fn run_lone_card(
        &mut self,
        square: Square,
        facing: Facing,
        card: Card,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Option<(Square, Facing, bool, u8)> {
        self.place_lone(square, facing, Some(card), phase, events)?;
        // A trap door active this phase drops the robot before its card (seed 001, Trap Door Pits).
        self.open_trap_doors(phase, events);
        if self.robots[0].is_active() {
            self.execute_alone(0, card, phase, events);
        }
        let r = self.robots[0];
        Some((r.square, r.facing, !r.is_active(), r.damage))
    }

    /// Resets robot 0 to a fresh state on `square` with `card` in register `phase`, and the game
    /// to just before that phase.
    fn place_lone(
        &mut self,
        square: Square,
        facing: Facing,
        card: Option<Card>,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Option<()> {
        if self.robots.is_empty() || !(1..=5).contains(&phase) {
            return None;
        }
        self.factory.index(square)?;
        events.clear();
        self.vacate(0);
        let lives = self.settings.lives.max(1);
        let r = &mut self.robots[0];
        r.square = square;
        r.facing = facing;
        r.damage = 0;
        r.lives = lives;
        r.flags = 0;
        r.archive = square;
        r.powered_down = false;
        r.announced_power_down = false;
        r.stays_powered_down = false;
        r.status = Status::Active;
        r.place = None;
        r.registers = [None; REGISTERS];
        r.registers[usize::from(phase - 1)] = card;
        // The solver plans a robot without option cards: none held, none drawn on the way
        // (radioactive waste would otherwise deal it some and change later steps).
        r.options = super::options::OptionSet::EMPTY;
        r.ablative = 0;
        r.howitzer = 0;
        r.superior_copy = false;
        self.settings.options = false;
        self.occupy(0);
        self.finishers = 0;
        self.stage = if phase == 1 {
            Stage::Programming
        } else {
            Stage::Phase(phase - 1)
        };
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CardKind, Factory, RobotSetup, Settings};
    use crate::model::{Board, Flow, FlowKind, SquareSpec, Tile};
    use std::sync::Arc;

    fn game(tile: &Tile) -> Game {
        let factory = Arc::new(Factory::new(Board::from_tile(tile, &[])));
        let setup = RobotSetup::new("solo", Square::new(0, 0), Facing::E);
        match Game::new(factory, &[setup], Settings::default(), 1) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn lone_phase_moves_then_belts_as_run_phase_does_rulings_one_register_phase() {
        // A Move 2 east onto an express belt running south: the card moves the robot, then the
        // express step and the all-belts step carry it two squares (RULINGS.md, step 4b-c).
        let mut t = Tile::new("t", 5, 5);
        for y in 0..5 {
            t.set_square(
                Square::new(2, y),
                SquareSpec {
                    flow: Some(Flow::straight(FlowKind::Express, Facing::S)),
                    ..SquareSpec::default()
                },
            );
        }
        let mut g = game(&t);
        let mut events = Vec::new();
        let out = g.run_lone_phase(
            Square::new(0, 0),
            Facing::E,
            Some(Card::new(CardKind::Move2, 700)),
            3,
            &mut events,
        );
        assert_eq!(
            out,
            Some(LoneOutcome {
                square: Square::new(2, 2),
                facing: Facing::E,
                damage: 0,
                destroyed: false,
            })
        );
        assert!(matches!(
            events.first(),
            Some(Event::PhaseStarted { phase: 3 })
        ));
        // The state is reset each call: a Move 3 west from the same square falls off the board.
        let out = g.run_lone_phase(
            Square::new(1, 0),
            Facing::W,
            Some(Card::new(CardKind::Move3, 800)),
            1,
            &mut events,
        );
        assert!(out.is_some_and(|o| o.destroyed));
        let again = g.run_lone_phase(Square::new(0, 4), Facing::N, None, 5, &mut events);
        assert_eq!(
            again.map(|o| (o.square, o.destroyed)),
            Some((Square::new(0, 4), false))
        );
        assert_eq!(
            g.run_lone_phase(Square::new(0, 0), Facing::N, None, 6, &mut events),
            None
        );
    }
}
