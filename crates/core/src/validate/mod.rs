//! Course validation: the setup rules a course is checked against (seed 000 "Set Up", FAQ 7.1 in
//! seed 003, RULINGS.md "Setup rules"), as diagnostics with stable rule ids; and the solver that
//! proves every flag can be reached from every start under the game's constraints, with each
//! leg's own minimum, the fairness of the starts, the flags only luck reaches and the course's
//! difficulty (issues 4 and 17).

mod arena;
mod bounds;
mod chance;
pub mod command;
mod cube;
mod dice;
pub mod difficulty;
mod geometry;
pub mod hands;
mod hurt;
mod lives;
mod moving;
pub mod play;
pub mod progress;
mod reach;
mod rule_ids;
mod rules;
mod search;
mod side_by_side;
pub mod solver;
#[cfg(test)]
mod solver_tests;
#[cfg(test)]
mod speed_tests;
pub mod starts;

use crate::engine::Factory;
use crate::geom::Square;
use crate::model::{Board, Course, TileSource};
use search::Aim;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::thread::ScopedJoinHandle;

pub use difficulty::Difficulty;
pub use progress::Progress;
pub use rule_ids::RULES;
pub use solver::{
    CONSTRAINTS, Leg, LegMinimum, Solution, Step, StepTable, TypicalLine, Unreachable,
};
pub use starts::{Fairness, StartLine};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The course breaks a rule: it is not a legal course.
    Error,
    /// Probably a mistake, but the course can be played.
    Warning,
    /// A suggestion from the rules' advice.
    Advice,
}

impl Severity {
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "advice",
        }
    }
}

/// One finding about a course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A stable id such as `flag-in-wall-corner`.
    pub rule: &'static str,
    /// The board squares it concerns (where clicking it should jump).
    pub squares: Vec<Square>,
    /// The placements (indices into `Course::placements`) it concerns.
    pub tiles: Vec<usize>,
    /// A sentence that says what is wrong and quotes or cites the rule.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.severity.label(), self.rule)?;
        if let Some(s) = self.squares.first() {
            write!(f, " at {s}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Everything validation finds about a course: the diagnostics, the solver's best line and the
/// difficulty taken from it.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Sorted: errors first, then by rule.
    pub diagnostics: Vec<Diagnostic>,
    /// `None` when the course is too broken to race on (no tiles, no flags, flags numbered wrong
    /// or off the board, a start off the board or a pit): those have their own diagnostics.
    pub solution: Option<Solution>,
    pub difficulty: Option<Difficulty>,
    /// The line from every start, the first start first (empty when there is no solution).
    pub starts: Vec<StartLine>,
    /// How far apart the starts are (`None` with fewer than two starts that finish).
    pub fairness: Option<Fairness>,
    /// Flags the solver cannot plan a way to but luck reaches (randomizers, freak teleporters).
    pub by_chance: Vec<ChanceFlag>,
    /// "How it plays" from bot games, when asked for (`validate --play N`, the window).
    pub play: Option<play::PlayEstimate>,
    /// The rules the course is played under (its `rules` section), as the report heads say.
    pub rules: crate::model::Rules,
}

/// A flag only luck reaches: the chance of the likeliest line that touches it (and the flags
/// before it), and so the expected number of tries, `1 / chance`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceFlag {
    pub flag: u8,
    pub square: Square,
    pub chance: f64,
}

impl ChanceFlag {
    pub fn expected_tries(&self) -> f64 {
        if self.chance > 0.0 {
            1.0 / self.chance
        } else {
            f64::INFINITY
        }
    }

    /// The chance and the tries in words: "0.46% a try, about 217 tries"; a chance too small
    /// for two decimals in scientific notation, and past a billion tries "more than a billion
    /// tries" (a figure that large only says the course is not finished this way).
    pub fn in_words(&self) -> String {
        let per_cent = self.chance * 100.0;
        let chance = if per_cent >= 0.01 {
            format!("{per_cent:.2}%")
        } else {
            format!("{per_cent:.1e}%")
        };
        let tries = self.expected_tries();
        if tries > 1e9 {
            format!("{chance} a try, more than a billion tries")
        } else {
            format!("{chance} a try, about {tries:.0} tries")
        }
    }
}

/// Checks a course against every setup rule and solves it as far as the rules need: the
/// shortest whole line from every start (a flag no line reaches is an error), what luck reaches,
/// and the dice. Diagnostics come sorted: errors first, then by rule. The figures no diagnostic
/// reads (each leg's own minimum, the typical-hand line, the trap squares) are left to `analyse`.
pub fn validate(course: &Course, library: &dyn TileSource) -> Vec<Diagnostic> {
    validate_board(course, &course.compile(library))
}

/// As `validate`, for a course already compiled into `board`.
pub fn validate_board(course: &Course, board: &Board) -> Vec<Diagnostic> {
    let progress = Progress::new();
    analyse_in(course, board.clone(), &progress, solver::Detail::LineOnly)
        .map(|a| a.diagnostics)
        .unwrap_or_default()
}

/// The setup rules that need no solver, every diagnostic: what a test drive warns of before it
/// plays a course as it is (`play`, `drive`), and where `validate` begins.
pub fn setup_rules(course: &Course, board: &Board) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    rules::check_all(course, board, &mut out);
    if course.rules.house.robo_arena {
        // An arena has no flags: its own rules instead (seed 003 section 8.5).
        out.retain(|d| !arena::is_flag_rule(d.rule));
        arena::flags(course, &mut out);
    }
    cube::check(course, board, &mut out);
    geometry::flags_on_one_square(course, &mut out);
    geometry::levels(board, &mut out);
    out
}

/// The diagnostics, the best line and the difficulty of a course.
pub fn analyse(course: &Course, library: &dyn TileSource) -> Analysis {
    analyse_board(course, course.compile(library))
}

/// Rules whose breaking leaves no race to solve; their own diagnostics say what is wrong.
const BLOCKS_SOLVER: [&str; 6] = [
    "no-tiles",
    "no-flags",
    "flag-numbering",
    "flag-duplicate",
    "flag-off-board",
    "start-off-board",
];

/// As `analyse`, for a course already compiled into `board`.
pub fn analyse_board(course: &Course, board: Board) -> Analysis {
    let progress = Progress::new();
    match analyse_board_with(course, board, &progress) {
        Some(analysis) => analysis,
        // Nothing cancels `progress`, so this is never reached; an empty analysis if it were.
        None => Analysis::empty(course.rules),
    }
}

/// As `analyse_board`, reporting its stage to `progress` and stopping, with `None`, as soon as
/// it is cancelled there (the window's Cancel).
pub fn analyse_board_with(course: &Course, board: Board, progress: &Progress) -> Option<Analysis> {
    analyse_in(course, board, progress, solver::Detail::Full)
}

/// `analyse_board_with`, solving the first start in `detail`.
fn analyse_in(
    course: &Course,
    board: Board,
    progress: &Progress,
    detail: solver::Detail,
) -> Option<Analysis> {
    progress.enter(0);
    let mut out = setup_rules(course, &board);
    let robo_arena = course.rules.house.robo_arena;
    let blocked = out.iter().any(|d| BLOCKS_SOLVER.contains(&d.rule));
    let mut analysis = Analysis::empty(course.rules);
    if !blocked && robo_arena {
        let factory = Arc::new(Factory::for_rules(board, &course.rules.house));
        arena::check(course.start, &factory, &mut out);
    } else if !blocked {
        progress.enter(1);
        let factory = Arc::new(Factory::for_rules(board, &course.rules.house));
        let start = solver::start_of(course.start, &factory);
        let table = match start {
            Some(_) => {
                let stop = Some(progress.flag());
                let phases = crate::model::Phases::ALL;
                StepTable::for_phases_until(Arc::clone(&factory), phases, 0, stop)
            }
            None => None,
        };
        if progress.is_cancelled() {
            return None;
        }
        progress.enter(2);
        if let Some((start, facings)) = start
            && let Some(table) = table
            && let Some(mut searcher) = solver::searcher_under(&table, &course.rules.house)
                .map(|s| s.returning_to(&start_cells(&factory, start)))
        {
            searcher.progress = Some(progress);
            // A second thread, where the machine runs two at once (`side_by_side::threads`):
            // beside the line's search it builds the typical hand's bounds, when that line is
            // asked for, then searches the first start's arrivals if the line is still not
            // known (`reach::Early`), and beside the first start's legs it begins the other
            // starts' searches, where the line alone says enough to begin them
            // (`starts::Others::early`). Issue 17 item 7: on the largest board with 8 flags all
            // three waited for the line or its legs while one core had nothing to do.
            let early: OnceLock<starts::Others> = OnceLock::new();
            // No line, so no typical-hand line and no arrivals read: their searches stop.
            let unwanted = AtomicBool::new(false);
            let known = AtomicBool::new(false);
            let arrivals = reach::Early::default();
            let seeds = solver::seeds_at(&searcher, start, &facings);
            let cancelled = std::thread::scope(|scope| {
                let (begin, begun) = mpsc::channel::<&starts::Others>();
                let mut helper = (side_by_side::threads() > 1).then(|| {
                    let (searcher, unwanted, known, arrivals) =
                        (&searcher, &unwanted, &known, &arrivals);
                    let seeds = seeds.as_deref();
                    scope.spawn(move || {
                        let stop = || unwanted.load(Ordering::Relaxed) || searcher.cancelled();
                        let full = detail == solver::Detail::Full;
                        if full && searcher.builds_typical_bounds() {
                            searcher.typical_bounds(&stop);
                        }
                        // Not under a lives rule or moving flags: there every state is hashed with
                        // its turn or archive, and on the largest boards the line's search often
                        // stops at its budget, so they would be searched for nothing beside it
                        // (with 32 flags under One Free Life 29 MB more at the peak, 292 MB).
                        let goal = searcher.flags.len() as u8;
                        let wanted = full && goal > 1 && !searcher.timed();
                        if let Some(seeds) = seeds.filter(|_| wanted)
                            && !known.load(Ordering::Relaxed)
                        {
                            arrivals.search(searcher, seeds, goal, &stop);
                        }
                        if let Ok(others) = begun.recv() {
                            others.work(searcher);
                        }
                    })
                });
                let found = solver::solve_apart(
                    &searcher,
                    start,
                    &facings,
                    detail,
                    Aim::default(),
                    &mut |line| {
                        known.store(true, Ordering::Relaxed);
                        if !line.finishes() {
                            unwanted.store(true, Ordering::Relaxed);
                        }
                        if let Some(others) = starts::Others::early(course.start, &searcher, line) {
                            let _ = begin.send(early.get_or_init(|| others));
                        }
                    },
                    Some(&arrivals),
                );
                drop(begin);
                let Some((mut s, typical)) = found else {
                    unwanted.store(true, Ordering::Relaxed);
                    return false;
                };
                if progress.is_cancelled() {
                    return true;
                }
                progress.enter(4);
                dice::check(course, &table, start, &facings, &mut out);
                // The search stopped at its budget: it cannot say the flag is unreachable,
                // unless the relaxed game proves it or a later one cut off.
                let cut = s
                    .unreachable
                    .as_ref()
                    .filter(|_| s.undecided)
                    .and_then(|u| solver::cut_off_after(&searcher, u));
                let decided = cut
                    .as_ref()
                    .or(s.unreachable.as_ref().filter(|_| !s.undecided));
                match (decided, &s.unreachable) {
                    (Some(u), _) => {
                        analysis.by_chance = luck(&searcher, u, start, &facings, &mut out)
                    }
                    (None, Some(u)) => out.push(rules::solver_undecided(u, searcher.budget())),
                    (None, None) => {}
                }
                // A flag that luck reaches is no cut for the starts' lines.
                let cut = cut.filter(|c| !analysis.by_chance.iter().any(|b| b.flag == c.flag));
                let (lines, typical) = match early.get() {
                    // Begun early: no flag was cut off (the line's search did not stop at its
                    // budget).
                    Some(others) => {
                        let line = others.finish(&searcher, typical.as_ref(), true);
                        join(helper.take());
                        (others.lines(), line)
                    }
                    None => starts::every_start(
                        course.start,
                        &searcher,
                        &s,
                        cut.as_ref(),
                        typical.as_ref(),
                    ),
                };
                analysis.starts = lines;
                s.typical = typical;
                if progress.is_cancelled() {
                    return true;
                }
                progress.enter(5);
                starts::unreachable_from_starts(&analysis.starts, &mut out);
                analysis.fairness = starts::fairness(&analysis.starts);
                analysis.difficulty = Some(Difficulty::of(&s, &factory));
                analysis.solution = Some(s);
                join(helper);
                false
            });
            if cancelled {
                return None;
            }
        }
    }
    out.sort_by(|a, b| (a.severity, a.rule, &a.squares).cmp(&(b.severity, b.rule, &b.squares)));
    analysis.diagnostics = out;
    Some(analysis)
}

/// Waits for `helper`, if any, to end: its panic is a panic here.
fn join(helper: Option<ScopedJoinHandle<'_, ()>>) {
    if let Some(Err(panic)) = helper.map(ScopedJoinHandle::join) {
        std::panic::resume_unwind(panic);
    }
}

/// The cells the line searches start from: `start` and the board's numbered starts (each has a
/// line of its own: `starts::every_start`), where a destroyed robot that never reached a flag or
/// repair site returns (`Searcher::returning_to`).
fn start_cells(factory: &Factory, start: Square) -> Vec<usize> {
    let numbered = factory.board().start_squares().into_iter().map(|s| s.1);
    std::iter::once(start)
        .chain(numbered)
        .filter_map(|s| factory.index(s))
        .collect()
}

impl Analysis {
    /// No diagnostics and nothing solved, under `rules`.
    fn empty(rules: crate::model::Rules) -> Analysis {
        Analysis {
            diagnostics: Vec::new(),
            solution: None,
            difficulty: None,
            starts: Vec::new(),
            fairness: None,
            by_chance: Vec::new(),
            play: None,
            rules,
        }
    }
}

/// For the first flag the solver cannot reach: whether luck reaches it (a "depends on chance"
/// warning with the expected tries, for it and each later flag luck reaches) or not (the
/// `flag-unreachable` error, for the first flag not even luck reaches).
fn luck(
    searcher: &search::Searcher<'_>,
    u: &Unreachable,
    start: Square,
    facings: &[crate::geom::Facing],
    out: &mut Vec<Diagnostic>,
) -> Vec<ChanceFlag> {
    let table = searcher.table;
    let factory = table.factory();
    let mut found = Vec::new();
    // This search reads no predecessors, nor do the starts' line searches after it (what needs
    // them builds them again): a large table's are freed (65 MB on the largest board).
    searcher.preds.release_if_large();
    let chances = factory
        .index(start)
        .filter(|_| chance::any_left_to_chance(table))
        .map(|cell| chance::best_chances(table, &searcher.flags, cell, facings))
        .unwrap_or_default();
    for flag in usize::from(u.flag)..=searcher.flags.len() {
        let square = factory.square_of(searcher.flags[flag - 1]);
        // A chance of 1 is a line with no luck in it that damage alone rules out: no luck helps.
        match chances
            .get(flag - 1)
            .copied()
            .flatten()
            .filter(|&c| c < 1.0 - 1e-9)
        {
            Some(chance) => {
                let c = ChanceFlag {
                    flag: flag as u8,
                    square,
                    chance,
                };
                out.push(geometry::by_chance(&c));
                found.push(c);
            }
            None => {
                let unreachable = if flag == usize::from(u.flag) {
                    u.clone()
                } else {
                    Unreachable {
                        flag: flag as u8,
                        square,
                        from: factory.square_of(searcher.flags[flag - 2]),
                        traps: 0,
                        nearest: None,
                        cut_off: false,
                    }
                };
                out.push(rules::flag_unreachable(&unreachable, factory.board()));
                break;
            }
        }
    }
    found
}

/// Whether the solver's figures take house rule `rule` into account (issue 18 item 4): laser
/// damage x N counts the line's damage N times; under One Free Life and Infinite Lives a line may
/// go through a destruction and return to the archive at the next turn (`lives.rs`); under moving
/// flags every search plans against where each flag stands at each phase (`moving.rs`); on a cube
/// the step table follows the fold (`Factory::for_rules`); an arena has no flags and is checked by
/// its own rules (`arena.rs`) instead of a line; under no power down the solver already never
/// powers down; option rules, the Three Minute Rule, Secret Options and the team rules change
/// nothing for a lone robot that takes no option card (the report's head says the robot races
/// alone). The Dice Rule it does not model: its lines treat every die as already shot away, and
/// `dice.rs` says which dice can be shot at all. An exhaustive match, so a new rule must be
/// decided here.
pub fn solver_models(rule: crate::model::HouseRule) -> bool {
    use crate::model::HouseRule as R;
    match rule {
        R::LaserDamage
        | R::OneFreeLife
        | R::InfiniteLives
        | R::MovingFlags
        | R::Cubed
        | R::RoboArena
        | R::NoPowerDown
        | R::OneFreeOption
        | R::SecretOptions
        | R::ThreeMinuteRule
        | R::InstallingOptions
        | R::NoSitAndSpin
        | R::StartOptions
        | R::Teams
        | R::TeamTouch
        | R::TeamWin => true,
        R::Dice => false,
    }
}

/// The house rules in force that the solver does not model (`solver_models`), as the report's
/// head lists them.
pub fn unmodelled_rules(rules: &crate::model::Rules) -> Vec<crate::model::HouseRule> {
    rules
        .house
        .in_force()
        .into_iter()
        .map(|(r, _)| r)
        .filter(|&r| !solver_models(r))
        .collect()
}

/// Whether any diagnostic is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

#[cfg(test)]
mod chance_words {
    use super::ChanceFlag;
    use crate::geom::Square;

    #[test]
    fn a_flag_by_chance_gives_its_chance_and_tries_in_words_seed_001_randomizer() {
        let flag = |chance| ChanceFlag {
            flag: 1,
            square: Square::new(0, 0),
            chance,
        };
        assert_eq!(flag(0.0046).in_words(), "0.46% a try, about 217 tries");
        // Found by fuzzing: a board of randomizers printed "0.00% ... about 1000000000 tries".
        assert_eq!(
            flag(3e-14).in_words(),
            "3.0e-12% a try, more than a billion tries"
        );
        assert_eq!(
            flag(0.0).in_words(),
            "0.0e0% a try, more than a billion tries"
        );
    }
}
