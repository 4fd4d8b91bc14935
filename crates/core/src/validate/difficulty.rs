//! A course's difficulty in a few stable numbers taken from the solver's shortest whole line, so
//! courses can be compared (issues 4 and 17): registers, deadly squares of the course near the
//! line (the open board edge counted apart, as its own hazard), damage on the line by cause.

use super::solver::Solution;
use crate::engine::{Event, Factory, Game, RobotSetup, Settings, Shooter};
use crate::geom::Square;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

/// The difficulty summary of one course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Register phases on the shortest whole line, start to last flag (or to the last flag
    /// reached when `finishes` is false).
    pub registers: u32,
    /// Whether the line reaches the last flag; when not, there is "no line" and `registers` is
    /// only the part to the last flag reached.
    pub finishes: bool,
    /// The last flag the line reaches (the course's last when it finishes; `None` when it
    /// reaches none, and then `registers` is 0 and there is no line at all).
    pub last_reached: Option<u8>,
    /// Distinct squares the line stands on: the start and the end of every register phase.
    pub line_squares: usize,
    /// Distinct positions within one square (the eight around, and itself) of a line square,
    /// on the board or beyond its edge.
    pub near_squares: usize,
    /// How many of those are deadly (`Board::is_deadly`), positions beyond the edge included.
    pub deadly_near: usize,
    /// The positions near the line that are squares of the course.
    pub course_near: usize,
    /// How many of the course's squares near the line are deadly: a pit, a trap door or a
    /// crusher. The share printed is `deadly_course_near / course_near`.
    pub deadly_course_near: usize,
    /// Line squares beside the open board edge (a position within one square is off the board).
    pub line_at_edge: usize,
    /// Damage taken on the line, all causes (the name is kept from issue 4).
    pub laser_damage: u32,
    /// Of it, from board lasers.
    pub board_laser_damage: u32,
    /// Of it, from the squares themselves: flamers, lava, radiation, spiked walls.
    pub square_damage: u32,
    /// Line squares that lie in a board laser's beam.
    pub squares_in_beam: usize,
}

impl Difficulty {
    pub fn of(solution: &Solution, factory: &Arc<Factory>) -> Difficulty {
        let board = factory.board();
        let line: BTreeSet<Square> = solution.line().into_iter().collect();
        let around =
            |s: Square| (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| s.offset(dx, dy)));
        let near: BTreeSet<Square> = line.iter().flat_map(|&s| around(s)).collect();
        let deadly_near = near.iter().filter(|&&s| board.is_deadly(s)).count();
        let course_near = near.iter().filter(|&&s| board.is_on_board(s)).count();
        let deadly_course_near = near
            .iter()
            .filter(|&&s| board.is_on_board(s) && board.is_deadly(s))
            .count();
        let line_at_edge = line
            .iter()
            .filter(|&&s| around(s).any(|t| !board.is_on_board(t)))
            .count();
        let beams: BTreeSet<u32> = factory
            .lasers()
            .iter()
            .flat_map(|l| l.cells.iter().copied())
            .collect();
        let squares_in_beam = line
            .iter()
            .filter(|&&s| {
                factory
                    .index(s)
                    .is_some_and(|i| beams.contains(&(i as u32)))
            })
            .count();
        let total = solution.damage();
        let board_laser_damage = laser_damage_of(solution, factory).min(total);
        Difficulty {
            registers: solution.registers(),
            finishes: solution.finishes(),
            last_reached: solution.legs.last().map(|l| l.flag),
            line_squares: line.len(),
            near_squares: near.len(),
            deadly_near,
            course_near,
            deadly_course_near,
            line_at_edge,
            laser_damage: total,
            board_laser_damage,
            square_damage: total - board_laser_damage,
            squares_in_beam,
        }
    }

    /// The share of the course's squares near the line that are deadly, in per cent with one
    /// decimal (0.0 when there are none). Positions beyond the board's edge are not squares of
    /// the course; `line_at_edge` counts the edge.
    pub fn deadly_percent(&self) -> f64 {
        if self.course_near == 0 {
            return 0.0;
        }
        let tenths = (self.deadly_course_near * 1000 + self.course_near / 2) / self.course_near;
        tenths as f64 / 10.0
    }
}

/// The board lasers' part of the line's damage: each step replayed in the engine
/// (`Game::run_lone_phase`), counting the beams of board lasers that hit the robot.
fn laser_damage_of(solution: &Solution, factory: &Arc<Factory>) -> u32 {
    let setup = RobotSetup::new("solo", solution.start, solution.facing);
    let Ok(mut game) = Game::new(Arc::clone(factory), &[setup], Settings::default(), 0) else {
        return 0;
    };
    let mut events = Vec::new();
    let (mut at, mut facing) = (solution.start, solution.facing);
    let mut total = 0u32;
    for s in solution.program() {
        if game
            .run_lone_phase(at, facing, Some(s.card), s.phase, &mut events)
            .is_some()
        {
            total += events
                .iter()
                .map(|e| match e {
                    Event::Shot {
                        robot: 0,
                        shooter: Shooter::Board,
                        beams,
                        ..
                    } => u32::from(*beams),
                    _ => 0,
                })
                .sum::<u32>();
        }
        (at, facing) = (s.square, s.facing);
    }
    total
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.finishes {
            write!(
                f,
                "{} on the shortest whole line",
                crate::format::words::count(self.registers, "register")
            )?;
        } else {
            match self.last_reached {
                Some(flag) => write!(
                    f,
                    "no line to the last flag ({} register(s) to flag {flag}, the last it reaches)",
                    self.registers
                )?,
                None => write!(f, "no line to the last flag (it reaches no flag)")?,
            }
        }
        write!(
            f,
            "; {} of {} course squares within 1 of the line are deadly ({:.1}%); {} line square(s) beside the open board edge; damage {} ({} from board lasers, {} from flamers, lava, radiation and spikes), {} of {} line squares in a beam",
            self.deadly_course_near,
            self.course_near,
            self.deadly_percent(),
            self.line_at_edge,
            self.laser_damage,
            self.board_laser_damage,
            self.square_damage,
            self.squares_in_beam,
            self.line_squares
        )
    }
}
