//! The course solver (issues 4 and 17): for each leg of a course (start to flag 1, flag 1 to
//! flag 2, ...) the fewest register phases from any way of arriving at the previous flag (the
//! leg's true minimum), and separately the shortest whole line with its program, the damage on
//! it, the chance its programs are dealt, the shortest line a typical hand allows, and the trap
//! squares of each flag. Searched with the engine's own register phase.
//!
//! One step plays one card in one register phase as the engine's `Game::run_phase` does for a
//! lone robot: the card, belts, pushers, gears, crushers, lasers' damage and the touch, exactly as
//! in a game (RULINGS.md, "One register phase, in order"). The steps come from the engine's table
//! of single-card steps (`engine::steps::StepTable`, which the bots read too); the search over
//! them (`search.rs`) keeps the real game's constraints: damage accumulates and 10 destroys,
//! registers lock from 5 damage, repairs at the end of each turn.
//!
//! What it still relaxes, and the report says so (`CONSTRAINTS`): the robot races alone (no other
//! robot pushes or shoots it); the best line may play any cards in any turn (its chance of being
//! dealt is given, and a second line keeps to a typical hand); it never powers down and takes no
//! option cards. No step is taken whose card a randomizer or freak teleporter leaves to chance
//! (`SquareSpec::leaves_to_chance`). A flag is touched when the robot ends a phase on it
//! (RULINGS.md, step 6). The 1994 start lets the player choose the facing (RULINGS.md, Re-entry;
//! seed 000, Set Up); a numbered start is solved as printed, each one (`starts.rs`).

use super::bounds::Bounds;
use super::hands;
use super::moving::Timeline;
use super::reach::{self, Arrivals};
use super::search::{Aim, Options, Outcome, Searcher, State, Visits};
use crate::engine::steps::{NO_STEP, PHASES, damage_of};
use crate::engine::{Card, Factory};
use crate::geom::{Facing, Square};
use crate::model::{HouseRules, StartRule};
use std::cell::OnceCell;
use std::fmt;

pub use crate::engine::steps::{CARDS, StepTable};

/// The constraints the solver keeps and the ones it relaxes, one sentence each, as the report,
/// `validate --help` and the README state them.
pub const CONSTRAINTS: [&str; 7] = [
    "damage accumulates along a line; the 10th point destroys the robot and ends that line",
    "from 5 damage registers lock with the cards that were in them (5 locks register 5, ... 9 locks all five)",
    "relaxed: lines that meet in a turn (square, facing, register, damage) go on as the first; its locks keep that line's cards",
    "repairs at the end of each turn: one point per wrench, a flag is one wrench (the archive moves then too)",
    "relaxed: the robot races alone, never powers down and takes no option cards",
    "relaxed: the best line may play any cards in any turn; its chance of being dealt is given, and a second line keeps to a typical hand",
    "a card a randomizer or freak teleporter leaves to chance is never planned on",
];

/// `CONSTRAINTS` as `validate --help` prints them (a test checks they agree).
pub const MODEL_HELP: &str = "The solver's model (every figure assumes it):
  - damage accumulates along a line; the 10th point destroys the robot and ends that line
  - from 5 damage registers lock with the cards that were in them (5 locks register 5, ... 9 locks all five)
  - relaxed: lines that meet in a turn (square, facing, register, damage) go on as the first; its locks keep that line's cards
  - repairs at the end of each turn: one point per wrench, a flag is one wrench (the archive moves then too)
  - relaxed: the robot races alone, never powers down and takes no option cards
  - relaxed: the best line may play any cards in any turn; its chance of being dealt is given, and a second line keeps to a typical hand
  - a card a randomizer or freak teleporter leaves to chance is never planned on
Each leg's own minimum is the fewest registers from any way of arriving at the previous flag; the
shortest whole line's legs are its slices and may be longer. See docs/validation.md.";

pub use super::progress::STATE_BUDGET;

mod cut;
#[cfg(not(test))]
use cut::never_reaches;
#[cfg(test)]
pub(super) use cut::{Core, never_reaches, reaching, reaching_with};
pub(super) use cut::{cut_off_after, trap_squares};

/// One register of a program: the card played, the phase it is played in, and where the robot
/// ends that phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub phase: u8,
    pub card: Card,
    pub square: Square,
    pub facing: Facing,
    /// Damage taken in this phase.
    pub damage: u8,
    /// The robot's damage after the phase (after the turn's repairs when it is phase 5).
    pub total: u8,
    /// The register was locked: the card is last turn's, kept by damage.
    pub locked: bool,
    /// The robot is destroyed in this phase (One Free Life, Infinite Lives: `lives.rs`); this
    /// step's square and facing, and those of the registers lost after it in the turn, are
    /// where it returns at the next turn, and `total` the damage it returns with.
    pub destroyed: bool,
    /// The register is lost: the robot was destroyed earlier in the turn (its card is any).
    pub lost: bool,
}

/// One leg of the shortest whole line: from the start or the previous flag to flag `flag`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    pub flag: u8,
    pub from: Square,
    pub to: Square,
    /// Register phases this leg takes on the shortest whole line (its slice of the line, which
    /// may be more than the leg's own minimum: see `Solution::leg_minima`).
    pub registers: u32,
    /// Damage taken on it.
    pub damage: u32,
    /// How many squares cannot reach this flag at all (`trap_squares.len()`).
    pub traps: usize,
    /// Squares from which this flag cannot be reached at all, in reading order.
    pub trap_squares: Vec<Square>,
    pub program: Vec<Step>,
}

impl fmt::Display for Leg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "flag {} at {}: {} register(s) on the whole line, {} damage, {} trap square(s):",
            self.flag, self.to, self.registers, self.damage, self.traps
        )?;
        for s in &self.program {
            write!(f, " {}:{}", s.phase, s.card.kind.code())?;
            if s.locked {
                write!(f, "(locked)")?;
            }
            if s.destroyed {
                write!(f, "(destroyed)")?;
            }
            if s.lost {
                write!(f, "(lost)")?;
            }
        }
        Ok(())
    }
}

/// A leg's own minimum: the fewest registers to flag `flag` from any way the robot can arrive at
/// the previous flag (or from the start for flag 1), whatever the line before cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegMinimum {
    pub flag: u8,
    /// `None`: no line reaches this flag from any arrival at the previous one.
    pub registers: Option<u32>,
    /// The register phase the best way leaves the previous flag in (1-5), its facing and damage.
    pub from_phase: u8,
    pub from_facing: Facing,
    pub from_damage: u8,
    pub program: Vec<Step>,
    /// The search stopped at its budget (its own, or the one that found the ways of arriving at
    /// the previous flag): with no line, whether one exists is not known; with one, a shorter
    /// one may exist.
    pub gave_up: bool,
}

/// A flag no program reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    pub flag: u8,
    pub square: Square,
    /// Where the leg starts: the start square, or the previous flag.
    pub from: Square,
    pub traps: usize,
    /// The square nearest the flag (fewest squares across, then reading order) that any line
    /// from `from` ends a register phase on: where every way on is cut off. `None` when no line
    /// leaves the start.
    pub nearest: Option<Square>,
    /// No state on `from` (any facing, any register) reaches the flag even in the relaxed game
    /// (any cards, no damage): walls, pits or the board's edge cut every way there off.
    pub cut_off: bool,
}

/// The shortest line a typical hand allows (`hands::typical_caps`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypicalLine {
    /// `None`: no such line reaches the last flag.
    pub registers: Option<u32>,
    pub damage: u32,
    /// The search ran out of its state budget before it ended.
    pub gave_up: bool,
    /// When it gave up: what its passes proved, that every line a typical hand allows takes at
    /// least this many registers (`None` when they proved nothing).
    pub at_least: Option<u32>,
}

/// The solver's answer for one course from one start.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    pub start: Square,
    /// The start facing of the best line (chosen for a 1994 start, printed for numbered starts).
    pub facing: Facing,
    /// The legs of the shortest whole line, in order; all of them when `unreachable` is `None`.
    pub legs: Vec<Leg>,
    pub unreachable: Option<Unreachable>,
    /// Each leg's own minimum, flag 1 first (empty when not asked for, `Detail::LineOnly`).
    pub leg_minima: Vec<LegMinimum>,
    /// The chance that every program of the whole line is dealt (1.0 for an empty line).
    pub chance: f64,
    /// The shortest line within a typical hand (`None` when not asked for).
    pub typical: Option<TypicalLine>,
    /// A search ran out of its state budget (`STATE_BUDGET`): figures may be missing.
    pub gave_up: bool,
    /// The line's own search ran out of its budget before any line reached the last flag:
    /// `unreachable` says how far the search got, not that no line goes further.
    pub undecided: bool,
}

impl Solution {
    /// Registers on the shortest whole line (or to the last flag reached).
    pub fn registers(&self) -> u32 {
        self.legs.iter().map(|l| l.registers).sum()
    }

    pub fn damage(&self) -> u32 {
        self.legs.iter().map(|l| l.damage).sum()
    }

    /// Whether the line reaches the last flag.
    pub fn finishes(&self) -> bool {
        self.unreachable.is_none() && !self.legs.is_empty()
    }

    /// Every card of the best line, in order.
    pub fn program(&self) -> impl Iterator<Item = &Step> {
        self.legs.iter().flat_map(|l| &l.program)
    }

    /// The squares of the best line: the start and where each register phase ends.
    pub fn line(&self) -> Vec<Square> {
        std::iter::once(self.start)
            .chain(self.program().map(|s| s.square))
            .collect()
    }
}

/// Where the lone robot starts: the square and the facings it may choose from (numbered start 1
/// for a numbered start; `starts.rs` solves every start).
pub fn start_of(start: StartRule, factory: &Factory) -> Option<(Square, Vec<Facing>)> {
    match start {
        StartRule::Archive(s) => Some((s, Facing::ALL.to_vec())),
        StartRule::Numbered => {
            let starts = factory.board().start_squares();
            let first = starts.first()?;
            Some((first.1, vec![first.2]))
        }
    }
}

/// How much a solve computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The whole line, each leg's own minimum, the typical-hand line and the trap squares.
    Full,
    /// The whole line only (the other starts of a course, and `validate`, whose diagnostics
    /// need no more).
    LineOnly,
}

/// Solves every leg of a course whose flags are `factory.flags()` (flag 1 first) in full. `None`
/// when there is nothing to solve: no flags, or a start square the robot cannot stand on.
pub fn solve(table: &StepTable, start: Square, facings: &[Facing]) -> Option<Solution> {
    let searcher = searcher(table)?;
    solve_with(&searcher, start, facings, Detail::Full)
}

/// The search over `table` towards the factory's flags; `None` without flags on the grid.
pub(super) fn searcher(table: &StepTable) -> Option<Searcher<'_>> {
    searcher_under(table, &HouseRules::default())
}

/// As `searcher`, under the house rules in force (`Searcher::new`): with moving flags the search
/// touches each flag where it stands at the end of the phase (`moving.rs`).
pub(super) fn searcher_under<'a>(table: &'a StepTable, house: &HouseRules) -> Option<Searcher<'a>> {
    let factory = table.factory();
    let flags: Vec<usize> = factory
        .flags()
        .iter()
        .map(|&s| factory.index(s))
        .collect::<Option<Vec<_>>>()?;
    let timeline = match house.moving_flags {
        Some(_) => Some(Timeline::new(factory)?),
        None => None,
    };
    (!flags.is_empty()).then(|| Searcher::new(table, flags, timeline, house))
}

/// As `solve`, with a searcher built once for several starts.
pub(super) fn solve_with(
    searcher: &Searcher<'_>,
    start: Square,
    facings: &[Facing],
    detail: Detail,
) -> Option<Solution> {
    let (mut solution, typical) = solve_apart(
        searcher,
        start,
        facings,
        detail,
        Aim::default(),
        &mut |_| {},
        None,
    )?;
    solution.typical = typical.map(|t| t.line(searcher));
    Some(solution)
}

/// What the search for the typical-hand line needs from the line's (`solve_apart`).
pub(super) struct TypicalAsk {
    seeds: Vec<State>,
    /// The line's registers; `None` when it found none.
    shortest: Option<u32>,
    /// The line's search stopped at its budget.
    gave_up: bool,
}

impl TypicalAsk {
    /// The shortest line a typical hand allows (`Searcher::typical_line`).
    pub fn line(&self, searcher: &Searcher<'_>) -> TypicalLine {
        let t = searcher.typical_line(&self.seeds, self.shortest, self.gave_up);
        TypicalLine {
            registers: t.finish.map(|f| t.visits.level(f.0 as usize) + 1),
            damage: t.finish.map_or(0, |f| {
                let mut steps = steps_of(searcher, &t.visits, f.0);
                steps.push(step_from(searcher, &t.visits.state(f.0), f.1, f.2, f.3));
                steps.iter().map(|s| u32::from(s.damage)).sum()
            }),
            gave_up: t.gave_up,
            at_least: (t.gave_up && t.finish.is_none() && t.at_least > 0).then_some(t.at_least),
        }
    }
}

/// The states a line from `start`, facing any of `facings`, begins in; `None` where no robot
/// can stand there.
pub(super) fn seeds_at(
    searcher: &Searcher<'_>,
    start: Square,
    facings: &[Facing],
) -> Option<Vec<State>> {
    let table = searcher.table;
    let cell = table.factory().index(start)?;
    if !table.is_standable(cell) || facings.is_empty() {
        return None;
    }
    let facings: Vec<usize> = facings.iter().map(|f| f.index()).collect();
    Some(searcher.seeds(cell, &facings, 0))
}

/// `solve_with`, leaving the typical-hand line out of the solution (`typical` is `None`) and
/// giving what its search needs instead (in `Detail::Full`), so that it may run beside the
/// other starts' searches (`starts::every_start`). `aim` says where the line's passes begin
/// (`Aim`). `known` is shown the line as soon as it is found, before each leg's own minimum and
/// the trap squares are (they are empty in it then), so the other starts' searches can begin
/// beside those (`starts::Others`). `early`: the arrivals, if searched on another thread.
pub(super) fn solve_apart(
    searcher: &Searcher<'_>,
    start: Square,
    facings: &[Facing],
    detail: Detail,
    aim: Aim,
    known: &mut dyn FnMut(&Solution),
    early: Option<&reach::Early>,
) -> Option<(Solution, Option<TypicalAsk>)> {
    let table = searcher.table;
    let factory = table.factory();
    let flags = &searcher.flags;
    let seeds = seeds_at(searcher, start, facings)?;
    let n = flags.len();
    let goal = n as u8;
    let full = detail == Detail::Full;
    let opts = Options {
        typical: false,
        exhaustive: false,
        budget: searcher.budget(),
    };
    // The line is the first finish: searched within bounds (the same finish as the whole
    // search), and whole only when there is none, to say how far a line gets.
    let bounded = searcher.search_from_bounds(&seeds, goal, opts, &searcher.bounds, aim);
    let out = match bounded {
        Some(out) => out,
        None => searcher.search(&seeds, goal, opts),
    };
    let line_gave_up = out.gave_up;
    let out_finished = out.finish;
    let visits = &out.visits;
    // The line: to the finish, or to the best arrival on the last flag reached.
    let (mut steps, end) = match out.finish {
        Some((before, card, node, damage)) => {
            let mut steps = steps_of(searcher, visits, before);
            let last = &visits.state(before);
            steps.push(step_from(searcher, last, card, node, damage));
            (steps, before)
        }
        None => {
            let best = best_arrival(visits);
            (
                best.map_or(Vec::new(), |b| steps_of(searcher, visits, b)),
                best.unwrap_or(u32::MAX),
            )
        }
    };
    let first = if end == u32::MAX {
        None
    } else {
        visits.get(Searcher::seed_of(visits, end) as usize)
    };
    let facing = first.map_or(facings[0], |v| {
        Facing::from_index((v.state.node % 4) as usize)
    });
    let chance = chance_of_line(&steps);
    let reached = visits.top_layer().map_or(0, usize::from);
    let solved = if out.finish.is_some() { n } else { reached };
    // The line's legs; their trap squares are filled in with the legs' own minima below.
    let mut legs = Vec::new();
    let mut from = start;
    let mut program = Vec::new();
    for (i, step) in steps.drain(..).enumerate() {
        program.push(step);
        let leg = legs.len();
        // The line starts in register phase 1 of the first turn: step i ends phase i % 5 of
        // turn i / 5, where a moving flag may stand elsewhere.
        let flag = searcher.flag_cell(leg, searcher.tick_after(i / PHASES), i % PHASES);
        let on_board = !step.destroyed && !step.lost;
        if on_board && leg < n && factory.index(step.square) == flag && flag.is_some() {
            legs.push(Leg {
                flag: (leg + 1) as u8,
                from,
                to: step.square,
                registers: program.len() as u32,
                damage: program.iter().map(|s| u32::from(s.damage)).sum(),
                traps: 0,
                trap_squares: Vec::new(),
                program: std::mem::take(&mut program),
            });
            from = step.square;
        }
    }
    let unreachable = (legs.len() < n).then(|| {
        let leg = legs.len();
        let square = factory.square_of(flags[leg]);
        let nearest = visits
            .on_layer(leg as u8)
            .filter(|(_, v)| v.level > 0)
            .map(|(_, v)| factory.square_of((v.state.node / 4) as usize))
            .min_by_key(|s| ((s.x - square.x).abs() + (s.y - square.y).abs(), s.y, s.x));
        Unreachable {
            flag: (leg + 1) as u8,
            square,
            from,
            traps: 0,
            nearest,
            cut_off: false,
        }
    });
    // A line search that stopped at its budget decides nothing about the flag it did not reach,
    // unless even the relaxed game cannot reach it from where the line got.
    let undecided = line_gave_up
        && out_finished.is_none()
        && unreachable
            .as_ref()
            .is_some_and(|u| !never_reaches(searcher, u.from, usize::from(u.flag) - 1));
    let shortest = out
        .finish
        .map(|(before, ..)| visits.level(before as usize) + 1);
    let mut solution = Solution {
        start,
        facing,
        legs,
        unreachable,
        leg_minima: Vec::new(),
        chance,
        typical: None,
        gave_up: line_gave_up,
        undecided,
    };
    known(&solution);
    let mut traps: Vec<Vec<Square>> = Vec::new();
    if full {
        if let Some(p) = searcher.progress {
            p.enter(3);
        }
        // Every way of arriving at each flag, when the line finished and so no search ran
        // through every state (a line that stops short comes from the whole search, whose
        // states are all the ways there are). It reads no predecessors.
        searcher.preds.release_if_large();
        let arrivals = (out.finish.is_some() && n > 1).then(|| match early {
            Some(early) => early.take(searcher, &seeds, goal),
            None => reach::arrivals(searcher, &seeds, goal, searcher.budget()),
        });
        let line = From {
            visits,
            finish: out.finish,
            arrivals: arrivals.as_ref(),
            start: &seeds,
            gave_up: line_gave_up,
            on: OnceCell::new(),
        };
        // Without arrivals, flag 1's minimum and every leg's seeds come from the line's states
        // (`From::on_flags`): taken now, so that those states (4 million of them where the line
        // was searched whole) are freed before the legs' bounds are built.
        let mut first = arrivals.is_none().then(|| {
            line.on_flags(searcher);
            leg_minimum_within(searcher, &line, 0, &OnceCell::new())
        });
        let (finish, on) = (line.finish, line.on);
        drop(out);
        let none = Outcome::empty();
        let from = From {
            visits: &none.visits,
            finish,
            arrivals: arrivals.as_ref(),
            start: &seeds,
            gave_up: line_gave_up,
            on,
        };
        let off = Bounds::off();
        // What every flag's trap squares share where their own bounds do not give them.
        let core = OnceCell::new();
        for leg in 0..n {
            // The flag's own bounds, built when first asked for and freed after its leg: the
            // trap squares and the leg's own search both read them, and no other leg does
            // (one flag's at a time: the largest board with 32 flags held 127 MB of them).
            let bounds = OnceCell::new();
            if leg <= solved {
                // Bounds the trap squares do not read are built for the leg's own search alone,
                // and not at all for a leg with nothing to seed it (on the largest board with 32
                // flags under One Free Life, 26 of 32 legs, 0.15 s each).
                let own = if cut::reads_own_bounds(searcher) {
                    own_bounds(searcher, leg, &bounds)
                } else {
                    &off
                };
                traps.push(trap_squares(searcher, leg, own, &core));
            }
            let (minimum, stopped) = match first.take() {
                Some(found) => found,
                None => leg_minimum_within(searcher, &from, leg, &bounds),
            };
            solution.gave_up |= stopped;
            solution.leg_minima.push(minimum);
        }
    } else {
        drop(out);
    }
    for (leg, trap_squares) in solution.legs.iter_mut().zip(&traps) {
        leg.traps = trap_squares.len();
        leg.trap_squares = trap_squares.clone();
    }
    if let Some(u) = &mut solution.unreachable {
        u.traps = traps.get(usize::from(u.flag) - 1).map_or(0, Vec::len);
    }
    let typical = full.then_some(TypicalAsk {
        seeds,
        shortest,
        gave_up: line_gave_up,
    });
    Some((solution, typical))
}

/// The visit of the best arrival on the highest layer reached: fewest registers, then least
/// damage. `None` when nothing but the seeds was reached.
fn best_arrival(visits: &Visits) -> Option<u32> {
    let top = visits.top_layer()?;
    if top == 0 {
        return None;
    }
    visits
        .on_layer(top)
        .min_by_key(|(i, v)| (v.level, v.state.damage, *i))
        .map(|(i, _)| i as u32)
}

/// Where the legs' own minima start from: the line's search, and every way of arriving at each
/// flag when that search did not reach every state (`reach.rs`).
pub(super) struct From<'v> {
    pub visits: &'v Visits,
    pub finish: Option<(u32, u8, u32, u8)>,
    pub arrivals: Option<&'v Arrivals>,
    /// The seeds of the start.
    pub start: &'v [State],
    /// The line's search stopped at its budget: its states are not every way there is.
    pub gave_up: bool,
    /// Without arrivals, the line's states on each flag, by the flags touched
    /// (`From::on_flags`).
    pub on: OnceCell<Vec<Vec<State>>>,
}

impl From<'_> {
    /// The states of the line's search on the flag they touched last, by how many flags they
    /// touched: every leg's seeds, found in one walk over the search's states (a walk per leg,
    /// on the largest board with 32 flags, took 3 s).
    fn on_flags(&self, searcher: &Searcher<'_>) -> &[Vec<State>] {
        self.on.get_or_init(|| {
            let visits = self.visits;
            let mut on = vec![Vec::new(); searcher.flags.len() + 1];
            // A destroyed robot waiting to return is on no flag (One Free Life, Infinite
            // Lives).
            // Each visit's layer is read first: most are on layer 0 or on no flag, and are not
            // unpacked whole.
            for i in (0..visits.len()).filter(|&i| visits.layer(i) > 0) {
                let state = visits.state(i as u32);
                if state.dead {
                    continue;
                }
                let leg = usize::from(state.layer);
                // On the previous flag; under moving flags, an arrival that touched it (the
                // flag stands elsewhere at other times).
                let on_prev = match searcher.timeline {
                    None => (state.node / 4) as usize == searcher.flags[leg - 1],
                    Some(_) => {
                        let parent = visits.parent(i as u32);
                        parent != u32::MAX && usize::from(visits.layer(parent as usize)) < leg
                    }
                };
                if on_prev && let Some(list) = on.get_mut(leg) {
                    list.push(state);
                }
            }
            on
        })
    }
}

/// Leg `leg`'s own bounds (`Searcher::leg_bounds`), built in `cell` if no one has yet. The last
/// flag's are the searcher's own last layer: towards the last flag nothing comes after it.
fn own_bounds<'s>(
    searcher: &'s Searcher<'_>,
    leg: usize,
    cell: &'s OnceCell<Bounds>,
) -> &'s Bounds {
    if leg + 1 == searcher.flags.len() {
        &searcher.bounds
    } else {
        cell.get_or_init(|| searcher.leg_bounds(leg))
    }
}

/// The true minimum of leg `leg` (0 for start to flag 1): a search seeded with every state the
/// robot can be in on the previous flag, run until the flag is touched. Also whether it gave up.
#[cfg(test)]
pub(super) fn leg_minimum(
    searcher: &Searcher<'_>,
    from: &From<'_>,
    leg: usize,
) -> (LegMinimum, bool) {
    leg_minimum_within(searcher, from, leg, &OnceCell::new())
}

/// `leg_minimum`, searched within the leg's own bounds (`Searcher::leg_bounds`), built in
/// `bounds` if no one has yet.
fn leg_minimum_within(
    searcher: &Searcher<'_>,
    from: &From<'_>,
    leg: usize,
    bounds: &OnceCell<Bounds>,
) -> (LegMinimum, bool) {
    let bounds = || own_bounds(searcher, leg, bounds);
    let n = searcher.flags.len();
    let flag = (leg + 1) as u8;
    let none = |facing, gave_up| LegMinimum {
        flag,
        registers: None,
        from_phase: 1,
        from_facing: facing,
        from_damage: 0,
        program: Vec::new(),
        gave_up,
    };
    // Whether the states the leg's seeds come from may miss some: the arrivals' search, or
    // without it the line's, stopped at its budget.
    let seeds_gave_up = from.arrivals.map_or(from.gave_up, |a| a.gave_up);
    let sub = if leg == 0 {
        // Flag 1 from the start: its own search when the line's stopped at the last flag.
        from.arrivals
            .filter(|_| n > 1)
            .map(|_| search_leg(searcher, from.start, leg, bounds()))
    } else {
        let seeds: &[State] = match from.arrivals {
            Some(a) => a.on.get(leg).map_or(&[], Vec::as_slice),
            None => from.on_flags(searcher).get(leg).map_or(&[], Vec::as_slice),
        };
        if seeds.is_empty() {
            return (none(Facing::N, seeds_gave_up), seeds_gave_up);
        }
        Some(search_leg(searcher, seeds, leg, bounds()))
    };
    let visits = from.visits;
    let finish = from.finish;
    let (visits, finish, stopped) = match &sub {
        Some(o) => (&o.visits, o.finish, o.gave_up || seeds_gave_up),
        // Flag 1 is the last flag: the whole line's finish is the leg's minimum (unknown when
        // its search stopped at its budget first).
        None if n == 1 => (visits, finish, from.gave_up && finish.is_none()),
        None => {
            // Flag 1: the first arrival on it in the whole search is the minimum (breadth
            // first, one found before the search stopped is).
            let arrival = visits
                .on_layer(1)
                .map(|(_, v)| v)
                .min_by_key(|v| (v.level, v.state.damage));
            let fin = arrival.map(|v| (v.parent, v.card, v.state.node, v.state.damage));
            (visits, fin, from.gave_up && fin.is_none())
        }
    };
    let Some((before, card, node, damage)) = finish else {
        return (none(Facing::N, stopped), stopped);
    };
    let mut program = steps_of(searcher, visits, before);
    program.push(step_from(
        searcher,
        &visits.state(before),
        card,
        node,
        damage,
    ));
    let seed = &visits.state(Searcher::seed_of(visits, before));
    (
        LegMinimum {
            flag,
            registers: Some(program.len() as u32),
            from_phase: seed.phase + 1,
            from_facing: Facing::from_index((seed.node % 4) as usize),
            from_damage: seed.damage,
            program,
            gave_up: stopped,
        },
        stopped,
    )
}

/// The first finish on flag `leg + 1` from `seeds` (states with `leg` flags touched), searched
/// within that leg's `bounds`; an empty outcome when the relaxed game has none.
fn search_leg(searcher: &Searcher<'_>, seeds: &[State], leg: usize, bounds: &Bounds) -> Outcome {
    let opts = Options {
        typical: false,
        exhaustive: false,
        budget: searcher.budget(),
    };
    // No finish within the relaxed game's reach: no line to this flag.
    searcher
        .search_from_bounds(seeds, (leg + 1) as u8, opts, bounds, Aim::default())
        .unwrap_or_else(Outcome::empty)
}

/// The steps from the seed to visit `at`.
fn steps_of(searcher: &Searcher<'_>, visits: &Visits, at: u32) -> Vec<Step> {
    Searcher::path(visits, at)
        .into_iter()
        .map(|(i, card)| {
            let v = visits.state(i);
            let parent = &visits.state(visits.parent(i));
            step_from(searcher, parent, card, v.node, v.damage)
        })
        .collect()
}

/// The step that plays `card` from `from` and ends on `node` with `total` damage.
fn step_from(searcher: &Searcher<'_>, from: &State, card: u8, node: u32, total: u8) -> Step {
    let ts = Searcher::table_state(from);
    let k = usize::from(card);
    let factory = searcher.table.factory();
    let destroyed = !from.dead && searcher.destroys(from, k);
    let step = searcher.table.steps(ts).get(k).copied().unwrap_or(NO_STEP);
    let stepped = !from.dead && step != NO_STEP;
    Step {
        phase: from.phase + 1,
        card: CARDS[k],
        square: factory.square_of((node / 4) as usize),
        facing: Facing::from_index((node % 4) as usize),
        damage: if stepped { damage_of(step) } else { 0 },
        total,
        locked: !from.dead && Searcher::card(from.cards[usize::from(from.phase)]).is_some(),
        destroyed,
        lost: from.dead,
    }
}

/// The chance that every turn's program of `steps` is dealt: per turn, a hand of 9 minus the
/// damage at the turn's start holds the cards of its registers that are not locked.
pub fn chance_of_line(steps: &[Step]) -> f64 {
    let mut chance = 1.0;
    let mut needs = [0u8; 7];
    let mut damage_at_start = 0u8;
    let mut before = 0u8;
    for (i, s) in steps.iter().enumerate() {
        if s.phase == 1 && i > 0 {
            chance *= hands::chance_of(&needs, hands::hand_size(damage_at_start));
            needs = [0; 7];
        }
        if s.phase == 1 {
            damage_at_start = before;
        }
        // A lost register's card is any card: it is never played.
        if !s.locked
            && !s.lost
            && let Some(k) = CARDS.iter().position(|c| c.kind == s.card.kind)
        {
            needs[k] += 1;
        }
        before = s.total;
    }
    if !steps.is_empty() {
        chance *= hands::chance_of(&needs, hands::hand_size(damage_at_start));
    }
    chance
}
