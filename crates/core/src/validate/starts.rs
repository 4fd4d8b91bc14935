//! Every start (issue 17 item 3): the shortest whole line from each numbered start square as
//! printed (seed 000, Set Up: robots take the starts in order), or from the one archive start of
//! a 1994 course, and how fair the starts are: how many registers and how much damage separate
//! the best start from the worst. A flag no line reaches from some start is an error naming it.

use super::Diagnostic;
use super::bounds::NEVER;
use super::rules::severity_of;
use super::search::{Aim, FREE, Searcher};
use super::solver::{self, Detail, Solution, TypicalAsk, TypicalLine, Unreachable};
use crate::engine::steps::{NO_STEP, PHASES, after, damage_of, node_of};
use crate::geom::{Facing, Square};
use crate::model::StartRule;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// The line from one start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartLine {
    /// The printed number of a numbered start; `None` for the 1994 archive start.
    pub number: Option<u8>,
    pub square: Square,
    pub facing: Facing,
    /// Registers on the shortest whole line; `None`: no line finishes ("no line").
    pub registers: Option<u32>,
    /// Damage taken on that line.
    pub damage: u32,
    /// The first flag no line reaches from this start, and its square.
    pub unreachable: Option<(u8, Square)>,
    /// The search stopped at its budget before a line reached the last flag: whether one
    /// exists is not known (`registers` is `None` and `unreachable` says nothing).
    pub undecided: bool,
    /// Not searched, and so `undecided`: the first start's search stopped at its budget
    /// (`every_start`).
    pub skipped: bool,
}

impl StartLine {
    /// "start 2 at (3, 11)" or "the start (1, 1)".
    pub fn name(&self) -> String {
        match self.number {
            Some(n) => format!("start {n} at {}", self.square),
            None => format!("the start {}", self.square),
        }
    }

    /// No line from this start, and nothing more known.
    fn no_line(number: Option<u8>, square: Square, facing: Facing) -> StartLine {
        StartLine {
            number,
            square,
            facing,
            registers: None,
            damage: 0,
            unreachable: None,
            undecided: false,
            skipped: false,
        }
    }

    fn of(number: Option<u8>, s: &Solution) -> StartLine {
        StartLine {
            number,
            square: s.start,
            facing: s.facing,
            registers: s.finishes().then(|| s.registers()),
            damage: s.damage(),
            // A search that stopped at its budget does not show a flag unreachable.
            unreachable: s
                .unreachable
                .as_ref()
                .filter(|_| !s.undecided)
                .map(|u| (u.flag, u.square)),
            undecided: s.undecided,
            skipped: false,
        }
    }
}

/// How far apart the starts are: the spread of registers and damage between the start with the
/// shortest line and the one with the longest, over starts that finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fairness {
    pub registers: u32,
    pub damage: u32,
    /// Indices into the start lines: the shortest line (least damage on ties) and the longest.
    pub best: usize,
    pub worst: usize,
}

/// The lines from every start; `first` is the full solution of the first start (numbered start
/// 1, or the archive start), already computed. With `typical`, also the first start's
/// typical-hand line, searched side by side with the other starts' lines (issue 17 item 7: on
/// the largest board its search ran alone on one core for seconds).
///
/// `cut`: a flag after the first that no way reaches from the flag before it
/// (`solver::cut_off_after`): no line from any start finishes, and none is searched.
pub(super) fn every_start(
    start: StartRule,
    searcher: &Searcher<'_>,
    first: &Solution,
    cut: Option<&Unreachable>,
    typical: Option<&TypicalAsk>,
) -> (Vec<StartLine>, Option<TypicalLine>) {
    let others = Others::new(start, searcher, first, cut);
    let typical = others.finish(searcher, typical, false);
    (others.lines(), typical)
}

/// The other starts' searches, as jobs that each thread takes in turn (`Others::work`), two
/// threads at a time as `side_by_side` runs. Where the first start's line finished or was
/// shown unreachable, nothing more than that line is needed to begin them (`Others::early`):
/// they begin beside the first start's own legs (issue 17 item 7: on the largest board with 8
/// flags those legs ran on one core for 1.5 s while the other had nothing to do).
pub(super) struct Others {
    /// Each start's number, square and facing, the first start's first.
    starts: Vec<(Option<u8>, Square, Facing)>,
    /// The first start's line: job 0, where no flag is cut off.
    first: StartLine,
    /// Where each start's passes begin (`floors`).
    floors: Vec<Aim>,
    cut: Option<Unreachable>,
    /// The first start's search stopped at its budget and no flag is cut off.
    skip: bool,
    /// The next job to take.
    next: AtomicUsize,
    /// Each job's line, once done.
    done: Mutex<Vec<Option<StartLine>>>,
}

impl Others {
    /// The other starts' jobs, if they can begin once the first start's line is known: it
    /// finished, or a flag is unreachable from it and its search did not stop at its budget
    /// (then no flag is cut off after it, and luck is no cut: `validate::analyse`). `None`
    /// where they must wait for more, or the machine runs one thread at a time.
    pub fn early(start: StartRule, searcher: &Searcher<'_>, first: &Solution) -> Option<Others> {
        (!first.undecided && super::side_by_side::threads() > 1)
            .then(|| Others::new(start, searcher, first, None))
    }

    fn new(
        start: StartRule,
        searcher: &Searcher<'_>,
        first: &Solution,
        cut: Option<&Unreachable>,
    ) -> Others {
        let cut = cut.filter(|c| c.flag > 1).cloned();
        // The first start's search stopped at its budget before any line finished: each other
        // start's search would take as long and as much memory (two at a time, twice as much:
        // the largest board under One Free Life, 14 s and 570 MB) and most likely stop there
        // too. They are not searched, and say so; a flag cut off from every start is still
        // said.
        let skip = first.undecided && cut.is_none();
        let starts: Vec<(Option<u8>, Square, Facing)> = match start {
            StartRule::Archive(_) => vec![(None, first.start, first.facing)],
            StartRule::Numbered => {
                let mut starts = searcher.table.factory().board().start_squares();
                // Robots take one square of each number (seed 000, Set Up): a number printed on
                // more squares is the error `start-numbering`, and only its first square in
                // reading order is solved (each square a whole search: 200 of them on the
                // largest course would run for minutes).
                starts.dedup_by_key(|s| s.0);
                starts
                    .into_iter()
                    .map(|(number, square, facing)| (Some(number.get()), square, facing))
                    .collect()
            }
        };
        let first_line = StartLine::of(starts.first().and_then(|s| s.0), first);
        // Where each start's passes begin: no lower than the first start's line less the
        // registers from the first start to it (`floors`).
        let nodes: Vec<u32> = starts
            .iter()
            .map(|&(_, square, facing)| node(searcher, square, facing))
            .collect();
        let floors = floors(searcher, first, &nodes);
        let done = Mutex::new(vec![None; starts.len()]);
        Others {
            first: first_line,
            starts,
            floors,
            cut,
            skip,
            next: AtomicUsize::new(0),
            done,
        }
    }

    /// Takes the next start's search and runs it, until none is left.
    pub fn work(&self, searcher: &Searcher<'_>) {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&(n, square, facing)) = self.starts.get(i) else {
                return;
            };
            let line = match (&self.cut, i) {
                (Some(c), _) => StartLine {
                    unreachable: Some((c.flag, c.square)),
                    ..StartLine::no_line(n, square, facing)
                },
                (None, 0) => self.first.clone(),
                _ if self.skip => StartLine {
                    undecided: true,
                    skipped: true,
                    ..StartLine::no_line(n, square, facing)
                },
                _ => {
                    let floor = self.floors[i];
                    let line = &[facing];
                    match solver::solve_apart(
                        searcher,
                        square,
                        line,
                        Detail::LineOnly,
                        floor,
                        &mut |_| {},
                        None,
                    ) {
                        Some((s, _)) => StartLine::of(n, &s),
                        // A start the robot cannot stand on has its own diagnostic.
                        None => StartLine::no_line(n, square, facing),
                    }
                }
            };
            self.done.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(line);
        }
    }

    /// The typical-hand line when asked for (`typical`), on this thread, while another takes
    /// the starts' searches (unless one already does: `helped`); then the searches left, on
    /// this thread too.
    pub fn finish(
        &self,
        searcher: &Searcher<'_>,
        typical: Option<&TypicalAsk>,
        helped: bool,
    ) -> Option<TypicalLine> {
        std::thread::scope(|scope| {
            let threads = super::side_by_side::threads();
            let helper = (!helped && threads > 1).then(|| scope.spawn(|| self.work(searcher)));
            let line = typical.map(|t| t.line(searcher));
            self.work(searcher);
            if let Some(Err(panic)) = helper.map(std::thread::ScopedJoinHandle::join) {
                std::panic::resume_unwind(panic);
            }
            line
        })
    }

    /// Every start's line, in order, once every job is done.
    pub fn lines(&self) -> Vec<StartLine> {
        let done = self.done.lock().unwrap_or_else(PoisonError::into_inner);
        done.iter().flatten().cloned().collect()
    }
}

/// A start's node in the step table (`u32::MAX` off the board).
fn node(searcher: &Searcher<'_>, square: Square, facing: Facing) -> u32 {
    searcher
        .table
        .factory()
        .index(square)
        .map_or(u32::MAX, |cell| (cell * 4 + facing.index()) as u32)
}

/// For each start's node in `to`, where its passes begin, from the first start's line (issue 17
/// item 7: on the largest board with 8 flags each start's passes began 30 registers below its
/// line, at its relaxed bound, and ran through 6 million states).
///
/// Where the first start's robot can stand on another start at the start of a turn, facing as
/// it does, undamaged and with no flag touched, after `r` registers, it is in that start's first
/// state: from there it can go on as that start's line does, so no line from that start is
/// shorter than the first start's line less `r` (`registers_between`, searched only while that
/// could raise some start's floor over its bound). Where every way there takes damage (a start
/// in a laser's beam), the robot arrives hurt and that start's line may not be open to it, so
/// the same figure from the shortest way that takes damage is only a guess (`Aim::guessed`:
/// on the largest board with 8 flags a start in a beam searched 5.6 million states in nine
/// passes from its bound, and 2 million in one from the guess). A floor only sets where a
/// start's passes begin: any limit at or over the line finds the same line
/// (`Searcher::passes`). Each start's line is likely the first start's length
/// (`Aim::likely`). No floor under moving flags or a lives rule, where a turn's timeline or an
/// archive tells such a state apart from the start's.
fn floors(searcher: &Searcher<'_>, first: &Solution, to: &[u32]) -> Vec<Aim> {
    if searcher.timed() || first.undecided || !first.finishes() {
        return vec![Aim::default(); to.len()];
    }
    let line = first.registers();
    let most = to
        .iter()
        .filter(|&&n| n != u32::MAX)
        .map(|&n| searcher.bounds.of(0, n, 0, &[FREE; 5]))
        .filter(|&b| b != NEVER && b < line)
        .map(|b| line - b)
        .max()
        .unwrap_or(0);
    let from = node(searcher, first.start, first.facing);
    let sure = registers_between(searcher, from, to, most, false);
    let unsure = sure
        .iter()
        .zip(to)
        .any(|(r, &n)| r.is_none() && n != u32::MAX);
    let guesses = if unsure {
        registers_between(searcher, from, to, most, true)
    } else {
        vec![None; to.len()]
    };
    sure.into_iter()
        .zip(guesses)
        .map(|(r, guess)| Aim {
            floor: r.or(guess).map_or(0, |r| line - r),
            guessed: r.is_none() && guess.is_some(),
            likely: line,
        })
        .collect()
}

/// The fewest registers, fewer than `most`, from node `from` to each node of `to`, both at the
/// start of a turn (register phase 1), on steps that take no damage (any damage where `hurt`)
/// and end no register on flag 1: breadth first over the step table. `None` where there is no
/// such way.
fn registers_between(
    searcher: &Searcher<'_>,
    from: u32,
    to: &[u32],
    most: u32,
    hurt: bool,
) -> Vec<Option<u32>> {
    let table = searcher.table;
    let mut found = vec![None; to.len()];
    // The nodes wanted, each with its index in `to`, in order for a binary search.
    let mut wanted: Vec<(u32, usize)> = to.iter().copied().zip(0..).collect();
    wanted.sort_unstable();
    let flag = searcher.flags.first().copied();
    let mut seen = vec![false; table.states()];
    let start = from as usize * PHASES;
    let Some(s) = seen.get_mut(start) else {
        return found;
    };
    *s = true;
    let mut frontier = vec![start];
    let mut next = Vec::new();
    let mut left = to.len();
    for r in 0..most {
        if (r as usize).is_multiple_of(PHASES) {
            for &ts in &frontier {
                let n = (ts / PHASES) as u32;
                let at = wanted.partition_point(|w| w.0 < n);
                for &(_, i) in wanted[at..].iter().take_while(|w| w.0 == n) {
                    if found[i].is_none() {
                        found[i] = Some(r);
                        left -= 1;
                    }
                }
            }
        }
        if left == 0 || frontier.is_empty() {
            break;
        }
        next.clear();
        for &ts in &frontier {
            for &step in table.steps(ts) {
                let to = node_of(step);
                let hit = !hurt && damage_of(step) > 0;
                if to == NO_STEP || hit || Some((to / 4) as usize) == flag {
                    continue;
                }
                let at = after(ts, to);
                if let Some(s) = seen.get_mut(at).filter(|s| !**s) {
                    *s = true;
                    next.push(at);
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    found
}

/// The fairness of `lines`; `None` with fewer than two starts that finish.
pub fn fairness(lines: &[StartLine]) -> Option<Fairness> {
    let finishing: Vec<(usize, u32, u32)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.registers.map(|r| (i, r, l.damage)))
        .collect();
    if finishing.len() < 2 {
        return None;
    }
    let best = finishing.iter().min_by_key(|f| (f.1, f.2, f.0))?;
    let worst = finishing
        .iter()
        .max_by_key(|f| (f.1, f.2, usize::MAX - f.0))?;
    let damages = finishing.iter().map(|f| f.2);
    let damage = damages.clone().max().unwrap_or(0) - damages.min().unwrap_or(0);
    Some(Fairness {
        registers: worst.1 - best.1,
        damage,
        best: best.0,
        worst: worst.0,
    })
}

/// The errors for starts other than the first from which a flag cannot be reached (the first
/// start's is the solver's own `flag-unreachable`).
pub(super) fn unreachable_from_starts(lines: &[StartLine], out: &mut Vec<Diagnostic>) {
    for l in lines.iter().skip(1) {
        if let Some((flag, at)) = l.unreachable {
            out.push(Diagnostic {
                severity: severity_of("flag-unreachable"),
                rule: "flag-unreachable",
                squares: vec![l.square, at],
                tiles: Vec::new(),
                message: format!(
                    "flag {flag} at {at} cannot be reached from {}: every flag must be reachable, in order, from every start (RULINGS.md, Setup rules)",
                    l.name()
                ),
            });
        }
    }
}

#[cfg(test)]
#[path = "starts_tests.rs"]
mod tests;
