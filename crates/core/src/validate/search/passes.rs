//! The bounded line searches (issue 17 item 7): passes within lower bounds (`bounds.rs`), the
//! limit rising until a line is found, with the bounds that know damage (`hurt.rs`) brought in
//! when a pass proves costly.

use super::{NEVER, Outcome, Searcher, State};
use crate::validate::bounds::Bounds;
use crate::validate::hands;
use crate::validate::hurt::Hurt;
use crate::validate::search::{Options, TypicalBounds};
use std::sync::{Arc, PoisonError};

/// How many times its budget of states the passes of one bounded search may visit in all.
const PASSES_BUDGET: usize = 4;

/// How many times its budget of states the passes of a typical hand's search may visit in all:
/// the report's second line gives up sooner than the first. With the typical hand's dominance
/// test by what a hand still allows (`used::spent`), a pass of 2 x 2 tiles of 64 x 64 holds a
/// third fewer states, and its passes, growing more slowly, would otherwise run on to three
/// times the states and more than twice the time, only to prove a higher least length.
const TYPICAL_BUDGET: usize = 2;

/// The bounds that know damage (`hurt.rs`) cost about as much to build as a search visiting
/// this fraction of their values (measured on the synthetic courses).
const HURT_COST: usize = 5;

/// The passes of a search bring in the bounds that know damage once they have visited this
/// fraction of what building them costs (`HURT_COST`) and still found no line.
const HURT_AFTER: usize = 8;

/// The most values the typical hand's bounds take (`Bounds::typical_values`): 128 MiB of them,
/// which the largest board holds with up to 8 flags.
pub(super) const MOST_TYPICAL_VALUES: usize = 64 << 20;

/// The most a pass's limit rises over the last one's.
const MOST_STEP: u32 = 8;

/// What a pass dropped that could still finish: the least level plus bound, and how many at
/// each level plus bound just over the limit (`[f - limit - 1]`).
#[derive(Default)]
pub(super) struct Dropped {
    least: Option<u32>,
    counts: [usize; MOST_STEP as usize],
}

impl Dropped {
    /// Notes a state dropped at level plus bound `f` over `limit`.
    pub fn note(&mut self, f: u32, limit: u32) {
        self.least = Some(self.least.map_or(f, |l| l.min(f)));
        if let Some(c) = self.counts.get_mut((f - limit - 1) as usize) {
            *c += 1;
        }
    }

    /// The next pass's limit after one at `limit` that visited `visits` states: where the
    /// states dropped, taken in order of level plus bound, come to as many as it visited, so
    /// that the next pass is about twice this one (IDA* with controlled re-expansion), at most
    /// `MOST_STEP` higher and never below the least dropped. `None` when nothing was dropped.
    ///
    /// No higher than `likely` (a length the line most likely has:
    /// `Aim::likely`) where that is over `limit`, though never below the least dropped: a pass
    /// that rises past the line visits states it need not (issue 17 item 7: on the largest
    /// board with 8 flags a start's pass at 191 found its line of 188 among 3.1 million states
    /// where one at 188 visits 2.5 million).
    fn next_limit(&self, limit: u32, visits: usize, likely: u32) -> Option<u32> {
        let least = self.least?;
        let mut total = 0;
        let mut next = limit.saturating_add(MOST_STEP);
        for (i, &c) in self.counts.iter().enumerate() {
            total += c;
            if total >= visits {
                next = limit.saturating_add(i as u32 + 1);
                break;
            }
        }
        if likely > limit {
            next = next.min(likely);
        }
        Some(next.max(least))
    }
}

/// How the passes of a search have grown: the limit and the states of the last two, for a
/// guess at the next one's size.
#[derive(Clone, Copy, Default)]
struct Growth {
    /// (limit, states visited) of the last pass and the one before it.
    last: Option<(u32, usize)>,
    before: Option<(u32, usize)>,
}

impl Growth {
    fn note(&mut self, limit: u32, visits: usize) {
        self.before = self.last;
        self.last = Some((limit, visits));
    }

    /// The states a pass at `limit` would visit, growing per step of the limit as the last two
    /// did (a pass holds about a constant factor more states per register the limit rises: the
    /// states within a limit spread out from the start), so that a rise of 8 after a rise of 2
    /// counts four of the last rise's growth, not one. 0 before two passes have run.
    fn next(&self, limit: u32) -> usize {
        let (Some((l1, v1)), Some((l0, v0))) = (self.last, self.before) else {
            return 0;
        };
        if v0 == 0 || l1 <= l0 {
            return 0;
        }
        let per_step = (v1 as f64 / v0 as f64).max(1.0);
        let steps = f64::from(limit.saturating_sub(l1)) / f64::from(l1 - l0);
        let guess = v1 as f64 * per_step.powf(steps);
        if guess >= usize::MAX as f64 {
            usize::MAX
        } else {
            guess as usize
        }
    }

    /// The states the last pass visited.
    fn last(&self) -> usize {
        self.last.map_or(0, |(_, v)| v)
    }
}

/// Where a line's bounded passes begin and what they aim at (`Searcher::search_bounded`): for
/// another start, what the first start's line says of its line (`starts::floors`).
/// `Aim::default()` knows nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::validate) struct Aim {
    /// The first pass's limit (`search_from_bounds` raises it to the seeds' least bound): no
    /// line is shorter, unless `guessed`.
    pub floor: u32,
    /// `floor` is a guess that a line may be shorter than. A floor only sets where the passes
    /// begin: a pass whose limit is at or over the line finds the same line as any other
    /// (`Searcher::search_bounded`), but over it the pass holds more states, so where one runs
    /// out of its budget the passes begin again from the bounds (`search_from_bounds`).
    pub guessed: bool,
    /// A length the line most likely has (0: none known): after a pass below it finds no line,
    /// the next pass's limit rises no higher than it (`Dropped::next_limit`).
    pub likely: u32,
}

impl Aim {
    /// The passes begin at `floor`, a length no line is below.
    pub fn at(floor: u32) -> Aim {
        Aim {
            floor,
            ..Aim::default()
        }
    }
}

/// What a bounded pass keeps within: the states whose level plus bound is at most `limit`.
pub(super) struct Within<'b> {
    pub bounds: &'b Bounds,
    /// Bounds that know damage, when brought in (`hurt.rs`): a state's bound is the larger.
    pub hurt: Option<&'b Hurt>,
    pub limit: u32,
}

impl Within<'_> {
    /// A state's bound: the larger of `bounds`' and `hurt`'s (both lower bounds, so is their
    /// larger; both consistent, so is it).
    pub fn bound_of(bounds: &Bounds, hurt: Option<&Hurt>, s: &State) -> u32 {
        let b = s.bound(bounds);
        match hurt {
            Some(h) if b != NEVER => b.max(h.of(s.layer, s.node, s.phase, s.damage)),
            _ => b,
        }
    }
}

impl<'a> Searcher<'a> {
    /// The same first finish as `search` (not exhaustive), found by searching only the states
    /// whose level plus their lower bound (`bounds`) is at most a limit, the limit raised from
    /// `aim`'s floor until a finish turns up. Because the bounds are consistent, the states under
    /// a limit are reached in the same order and by the same parents as in the whole search, so
    /// once the limit reaches the finish's level, or passes it, the finish, its line and its
    /// damage are the whole search's (`bounds.rs`). `None` when no finish exists within the
    /// relaxed game's reach: then only `search` says how far a line gets.
    pub fn search_bounded(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        bounds: &Bounds,
        aim: Aim,
    ) -> Option<Outcome> {
        self.passes(seeds, goal, opts, bounds, aim, false)
    }

    /// `search_bounded`, bringing in the bounds that know damage (`hurt.rs`) for a search
    /// towards the last flag: from the first pass when `hurt_now`, else once the passes have
    /// cost a share of building them (`HURT_AFTER`, `HURT_COST`) or the next pass, growing as
    /// the last one did, would not fit the budget.
    pub(in crate::validate) fn passes(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        bounds: &Bounds,
        aim: Aim,
        hurt_now: bool,
    ) -> Option<Outcome> {
        if bounds.is_off() {
            return Some(self.search(seeds, goal, opts));
        }
        let mut limit = aim.floor;
        let to_last = usize::from(goal) == self.flags.len();
        let mut hurt: Option<&Hurt> = None;
        // The last two passes, for the next one's guess.
        let mut growth = Growth::default();
        // Each pass keeps at most the budget's states (the memory); all of them together visit
        // at most `PASSES_BUDGET` times as many (the time), as each repeats the last. Under One
        // Free Life and Infinite Lives the bounds are low wherever a step may destroy the robot
        // (`bounds::Returns`): there the passes together visit no more than the whole search
        // they replace would. A typical hand's passes visit at most `TYPICAL_BUDGET` times as
        // many.
        let times = if self.returns() {
            1
        } else if opts.typical {
            TYPICAL_BUDGET
        } else {
            PASSES_BUDGET
        };
        let mut spent = 0usize;
        // No line is shorter than the floor (the seeds' least bound, or a line known to be no
        // longer than any here) unless it was guessed, nor than the least a pass dropped once it
        // found none.
        let mut at_least = if aim.guessed { 0 } else { aim.floor };
        loop {
            // Once built (for an earlier search) they cost nothing more; else they are worth
            // building once the passes have cost a share of it, or when the next pass, growing
            // as the last one did, would not fit the budget. A typical hand's search takes them
            // only from the line's: there the hand, not the damage, lengthens the line, and on
            // the grand tour they cost a sixth of its time and cut no state.
            let cost = self.hurt_values() / HURT_COST;
            let wanted = hurt_now
                || self.hurt.get().is_some()
                || (!opts.typical
                    && (spent >= cost / HURT_AFTER || growth.next(limit) >= opts.budget / 2));
            if hurt.is_none()
                && to_last
                && wanted
                && let Some(h) = self.hurt_bounds()
            {
                hurt = Some(h);
                // The passes so far, with other bounds, say nothing of how the next ones grow.
                growth = Growth::default();
                let least = seeds
                    .iter()
                    .map(|s| Within::bound_of(bounds, Some(h), s))
                    .min()
                    .filter(|&b| b != NEVER)?;
                limit = limit.max(least);
                at_least = at_least.max(least);
            }
            let mut pass = opts;
            if opts.budget > 0 {
                let left = opts.budget.saturating_mul(times).saturating_sub(spent);
                pass.budget = opts.budget.min(left).max(1);
            }
            // A typical hand's line, the second line of the report, gives up as soon as its next
            // pass would most likely not fit the budget. Growing per step of the limit as the
            // last two did (`Growth`), it would hold more than the budget, and either the last
            // pass held more than half of it (the limit rises to where the states dropped come
            // to as many as it visited), or more than a quarter and the guess is half as much
            // again over the budget. Such a pass would run out, prove nothing and take as long
            // as all the passes before it. Smaller passes' growth says little (it is erratic
            // while they are small, and often slows), so a guess from them is tried.
            let guess = growth.next(limit);
            let last = growth.last();
            if opts.typical
                && opts.budget > 0
                && guess > pass.budget
                && (last > pass.budget / 2
                    || (last > pass.budget / 4 && guess > pass.budget + pass.budget / 2))
            {
                return Some(Outcome {
                    gave_up: true,
                    at_least,
                    ..Outcome::empty()
                });
            }
            let within = Within {
                bounds,
                hurt,
                limit,
            };
            let (out, dropped) = self.search_within(seeds, goal, pass, Some(within));
            if out.finish.is_some() || out.gave_up {
                return Some(Outcome { at_least, ..out });
            }
            spent += out.visits.len();
            growth.note(limit, out.visits.len());
            // Every line goes through a state this pass dropped (or it would have found it).
            at_least = at_least.max(dropped.least.unwrap_or(NEVER));
            limit = dropped.next_limit(limit, out.visits.len(), aim.likely)?;
        }
    }

    /// The shortest line a typical hand allows: the same first finish as a whole breadth-first
    /// search, searched within bounds from the unconstrained line's length `shortest` (a typical
    /// hand is one more constraint, so its line is never shorter); none when the unconstrained
    /// search found no line, and given up on when that search gave up (`gave_up`).
    pub(in crate::validate) fn typical_line(
        &self,
        seeds: &[State],
        shortest: Option<u32>,
        gave_up: bool,
    ) -> Outcome {
        let opts = Options {
            typical: true,
            exhaustive: false,
            budget: self.budget(),
        };
        let Some(shortest) = shortest else {
            // No line at all, or the line's own search stopped at its budget: a typical hand's
            // line is no shorter and its search no smaller, so it would stop there too.
            return Outcome {
                gave_up,
                ..Outcome::empty()
            };
        };
        // Bounds that know a typical hand plays at most one Move 3 and one Move 2 a turn: far
        // tighter than the any-cards bounds. They know no return from a destruction: under
        // lives the searcher's, which do (`Searcher::returning_to`), bound a typical hand's
        // lines too.
        let own;
        let bounds = if self.bounds.is_off() || self.returns() {
            &self.bounds
        } else if !self.builds_typical_bounds() {
            // Too large to build (the largest board with 32 flags: 524 MB and 7 s); without
            // them the passes, bounded by the any-cards game, would start half the line short and
            // run to their budget. What is known: no such line is shorter than the line.
            return Outcome {
                gave_up: true,
                at_least: shortest,
                ..Outcome::empty()
            };
        } else {
            let bounds = self.typical_bounds(&|| self.cancelled());
            // Built beside the line's search, they took over the predecessor lists built then;
            // the legs' searches built them again, and neither the passes nor the other
            // starts' searches read them.
            self.preds.release_if_large();
            match bounds {
                Some(bounds) => {
                    own = bounds;
                    &*own
                }
                // Asked to stop while they were built: a search asked to stop gives up.
                None => {
                    return Outcome {
                        gave_up: true,
                        ..Outcome::empty()
                    };
                }
            }
        };
        let goal = self.flags.len() as u8;
        let out = self
            .search_from_bounds(seeds, goal, opts, bounds, Aim::at(shortest))
            .unwrap_or_else(Outcome::empty);
        // Nothing else reads them: freed (34 MB on the largest board with 8 flags) while the
        // other starts' searches go on.
        self.release_typical_bounds();
        out
    }

    /// Whether the typical-hand line's search builds bounds of its own (`typical_bounds`): the
    /// searcher's are not off nor know a return, and they are not too large to build (the
    /// largest board with 32 flags: 524 MB and 7 s).
    pub(in crate::validate) fn builds_typical_bounds(&self) -> bool {
        !self.bounds.is_off()
            && !self.returns()
            && Bounds::typical_values(self.table, self.flags.len()) <= self.typical_cap
    }

    /// The typical hand's bounds (`Bounds::typical`), built on the first call, which the
    /// others wait for: where a second thread is free, beside the line's search
    /// (`validate::analyse`; on the largest board with 8 flags they took 1.7 s after the
    /// line's legs). Kept until the typical-hand search is done (`typical_line`), then built
    /// again if asked for. `None` when `stop` said so while the first call built them.
    pub(in crate::validate) fn typical_bounds(
        &self,
        stop: &dyn Fn() -> bool,
    ) -> Option<Arc<Bounds>> {
        // Held while they are built: a second caller waits for them.
        let mut kept = self.typical.lock().unwrap_or_else(PoisonError::into_inner);
        match &*kept {
            TypicalBounds::Built(bounds) => return Some(Arc::clone(bounds)),
            TypicalBounds::Stopped => return None,
            TypicalBounds::Unbuilt => {}
        }
        // Neither these bounds, once they hold the lists they need, nor the passes read the
        // predecessors (unless the bounds that know damage are built, which build them again):
        // a large table's are freed before these are built, so that these take them over
        // rather than copy them (`CappedPreds::of`).
        let preds = self.preds.get();
        self.preds.release_if_large();
        let caps = hands::typical_caps();
        let built =
            Bounds::typical_until(self.table, preds, &self.flags, &caps, stop).map(Arc::new);
        *kept = match &built {
            Some(bounds) => TypicalBounds::Built(Arc::clone(bounds)),
            None => TypicalBounds::Stopped,
        };
        built
    }

    /// Frees the typical hand's bounds (once no caller holds them); a later call of
    /// `typical_bounds` builds them again.
    fn release_typical_bounds(&self) {
        *self.typical.lock().unwrap_or_else(PoisonError::into_inner) = TypicalBounds::Unbuilt;
    }

    /// How many values the bounds that know damage take (`hurt.rs`).
    fn hurt_values(&self) -> usize {
        crate::validate::hurt::values(self.table, self.flags.len())
    }

    /// The bounds that know damage (`hurt.rs`), computed on first use; `None` when they would
    /// be too large, the validation was cancelled while they were computed, or the robot may
    /// return from a destruction (`Searcher::returning_to`).
    pub(in crate::validate) fn hurt_bounds(&self) -> Option<&Hurt> {
        // They know no return to the archive (One Free Life, Infinite Lives).
        if self.returns() {
            return None;
        }
        self.hurt
            .get_or_init(|| {
                let hurt = Hurt::new(
                    self.table,
                    &self.preds.get(),
                    &self.flags,
                    &self.wrenches,
                    &|| self.cancelled(),
                );
                // The search that asked for them reads no predecessors.
                self.preds.release_if_large();
                hurt
            })
            .as_ref()
    }

    /// `search_bounded` from the least bound among `seeds`, and no lower than `aim`'s floor.
    /// `None` when no seed has a way to the goal even in the relaxed game, or none turned up
    /// within it.
    pub fn search_from_bounds(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        bounds: &Bounds,
        aim: Aim,
    ) -> Option<Outcome> {
        let first = seeds
            .iter()
            .map(|s| s.bound(bounds))
            .min()
            .filter(|&b| b != NEVER)?;
        let from = Aim {
            floor: first.max(aim.floor),
            ..aim
        };
        let out = self.search_bounded(seeds, goal, opts, bounds, from);
        // A guessed floor over the line: its pass ran out of budget where the passes from the
        // bounds, each smaller, may not.
        let over = out
            .as_ref()
            .is_some_and(|o| o.gave_up && o.finish.is_none());
        if aim.guessed && from.floor > first && over && !self.cancelled() {
            return self.search_bounded(seeds, goal, opts, bounds, Aim::at(first));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Library;
    use crate::validate::{Progress, analyse_board_with};

    /// Runs `test` on the grand tour's step table, a searcher and the start's seeds.
    fn on_the_grand_tour(
        test: impl FnOnce(&crate::engine::steps::StepTable, &Searcher<'_>, &[State]),
    ) {
        use crate::validate::solver_tests::{sample, start_seeds};
        let lib = Library::builtin();
        let name = "grand-tour.json";
        let (course, factory, table) = sample(&lib, name);
        let Some(searcher) = crate::validate::solver::searcher(&table) else {
            panic!("no flags")
        };
        let seeds = start_seeds(&searcher, &course, &factory, name);
        test(&table, &searcher, &seeds);
    }

    #[test]
    fn a_typical_hand_search_gives_up_before_a_pass_that_would_not_fit_its_budget() {
        // The grand tour's typical-hand passes visit about 60, 4,200, 11,100, 47,200 and 86,400
        // states (limits 56, 59, 60, 61, 62). With 20,000 states a pass, the fourth would hold
        // more than the 11,100 and as many again, and grows faster still: it is not run, and
        // what the three proved is given. With 40,000, half of them is more than the third pass:
        // the fourth runs and stops at the budget.
        use crate::validate::hands;
        on_the_grand_tour(|table, searcher, seeds| {
            let caps = hands::typical_caps();
            let bounds = Bounds::typical(table, searcher.preds.get(), &searcher.flags, &caps);
            let goal = searcher.flags.len() as u8;
            let first = seeds
                .iter()
                .map(|s| s.bound(&bounds))
                .min()
                .unwrap_or(NEVER);
            // The bounds that know damage, built beforehand, come in from the first pass: no pass
            // runs with other bounds than the next.
            assert!(searcher.hurt_bounds().is_some());
            let run = |budget: usize| {
                let opts = Options {
                    typical: true,
                    exhaustive: false,
                    budget,
                };
                let Some(out) = searcher.passes(seeds, goal, opts, &bounds, Aim::at(first), false)
                else {
                    panic!("budget {budget}: no way even in the relaxed game")
                };
                out
            };
            let whole = run(crate::validate::progress::STATE_BUDGET);
            let Some((before, ..)) = whole.finish else {
                panic!("no typical-hand line")
            };
            let registers = whole.visits.level(before as usize) + 1;
            let skipped = run(20_000);
            assert!(skipped.gave_up && skipped.finish.is_none());
            assert!(
                skipped.visits.len() == 0,
                "a pass ran: {}",
                skipped.visits.len()
            );
            assert!((first..=registers).contains(&skipped.at_least));
            assert!(
                skipped.at_least > first,
                "the passes that ran proved more than the bounds"
            );
            let ran = run(40_000);
            assert!(ran.gave_up && ran.finish.is_none());
            assert!(ran.visits.len() > 40_000, "{}", ran.visits.len());
        });
    }

    #[test]
    fn a_typical_hand_line_out_of_budget_says_how_many_registers_it_takes_at_least() {
        // The grand tour's typical-hand search runs passes at rising limits: each one that finds
        // no line proves every line longer than the least it dropped. Given too few states for
        // the last pass, the report gives what the finished passes proved, which lies between
        // the shortest whole line and the typical-hand line found with the whole budget.
        let lib = Library::builtin();
        let Some(entry) = lib.find_course("grand-tour.json") else {
            panic!("no grand tour")
        };
        let course = &entry.course;
        let run = |progress: &Progress| {
            let Some(a) = analyse_board_with(course, course.compile(&lib), progress) else {
                panic!("not cancelled, yet no analysis")
            };
            let Some(s) = a.solution else {
                panic!("no solution")
            };
            let registers: u32 = s.legs.iter().map(|l| l.registers).sum();
            (registers, s.typical)
        };
        let (line, Some(full)) = run(&Progress::new()) else {
            panic!("no typical-hand line asked for")
        };
        let Some(typical) = full.registers else {
            panic!("no typical-hand line")
        };
        assert!(!full.gave_up && full.at_least.is_none());
        let mut proved = Vec::new();
        for budget in [200, 2_000, 8_000] {
            let (l, t) = run(&Progress::with_budget(budget));
            assert_eq!(l, line, "budget {budget}: the line itself needs few states");
            let Some(t) = t else {
                panic!("budget {budget}")
            };
            assert!(t.registers.is_none() && t.gave_up, "budget {budget}: {t:?}");
            let Some(at_least) = t.at_least else {
                panic!("budget {budget}: nothing proved")
            };
            assert!(
                (line..=typical).contains(&at_least),
                "budget {budget}: {at_least}"
            );
            proved.push(at_least);
        }
        // More states prove more, and the typical hand's bounds alone prove more than the line.
        assert!(proved.windows(2).all(|w| w[0] <= w[1]), "{proved:?}");
        assert!(proved[0] > line, "{proved:?} vs the line's {line}");
    }

    #[test]
    fn a_pass_is_guessed_to_grow_per_step_of_the_limit_as_the_last_two_did() {
        let mut g = Growth::default();
        assert_eq!(g.next(60), 0);
        g.note(50, 1_000);
        assert_eq!(g.next(51), 0, "one pass says nothing of growth");
        // Doubling over a rise of 2: about 1.41 a step. The same rise again doubles it; a rise
        // of 8 is four such rises, 16 times; a rise of 1, 1.41 times.
        g.note(52, 2_000);
        assert_eq!(g.next(54), 4_000);
        assert_eq!(g.next(60), 32_000);
        assert_eq!(g.next(53), 2_828);
        // Fewer states than the pass before (a tighter bound came in): no shrinking guessed.
        g.note(53, 1_500);
        assert_eq!(g.next(54), 1_500);
        assert_eq!(g.last(), 1_500);
    }

    #[test]
    fn a_course_whose_typical_bounds_are_too_large_gives_the_line_as_the_least_at_once() {
        // The largest board with 32 flags: the typical hand's bounds would take 524 MB. Here the
        // grand tour with room for none: no pass runs, and what is known is given.
        use crate::validate::solver_tests::{sample, start_seeds};
        let lib = Library::builtin();
        let name = "grand-tour.json";
        let (course, factory, table) = sample(&lib, name);
        let Some(mut searcher) = crate::validate::solver::searcher(&table) else {
            panic!("no flags")
        };
        let seeds = start_seeds(&searcher, &course, &factory, name);
        let whole = searcher.typical_line(&seeds, Some(56), false);
        assert!(whole.finish.is_some() && !whole.gave_up);
        searcher.typical_cap = Bounds::typical_values(&table, searcher.flags.len()) - 1;
        let capped = searcher.typical_line(&seeds, Some(56), false);
        assert!(capped.gave_up && capped.finish.is_none());
        assert_eq!((capped.at_least, capped.visits.len()), (56, 0));
    }

    #[test]
    fn the_next_limit_is_where_the_dropped_states_come_to_the_passs_size() {
        let mut d = Dropped::default();
        assert_eq!(d.next_limit(50, 10, 0), None);
        // 4 states dropped at 51, 8 at 53, 100 at 57: a pass of 10 states goes to 53, one of
        // 1000 rises by the most, 8.
        for (f, n) in [(51, 4), (53, 8), (57, 100)] {
            for _ in 0..n {
                d.note(f, 50);
            }
        }
        assert_eq!(d.next_limit(50, 10, 0), Some(53));
        assert_eq!(d.next_limit(50, 3, 0), Some(51));
        assert_eq!(d.next_limit(50, 1000, 0), Some(58));
        // Dropped only far over the limit: never below the least of them.
        let mut far = Dropped::default();
        far.note(70, 50);
        assert_eq!(far.next_limit(50, 1, 0), Some(70));
        // A likely length over the limit caps the rise, though never below the least dropped;
        // one at or under the limit says nothing.
        assert_eq!(d.next_limit(50, 1000, 55), Some(55));
        assert_eq!(d.next_limit(50, 10, 55), Some(53));
        assert_eq!(d.next_limit(50, 1000, 50), Some(58));
        assert_eq!(far.next_limit(50, 1, 60), Some(70));
    }

    #[test]
    fn a_guessed_floor_whose_pass_runs_out_of_budget_is_searched_again_from_the_bounds() {
        // Issue 17 item 7 (`Aim::guessed`): a floor guessed from a way that takes damage may be
        // over the line. Its pass still finds the line, but holds more states: where it runs out
        // of the budget the passes from the bounds find the line within, they run instead. The
        // grand tour's line is 45 registers; its passes from the bound visit 133 states.
        on_the_grand_tour(|_, searcher, seeds| {
            let goal = searcher.flags.len() as u8;
            let opts = |budget| Options {
                typical: false,
                exhaustive: false,
                budget,
            };
            let search = |aim: Aim, budget| {
                let Some(out) =
                    searcher.search_from_bounds(seeds, goal, opts(budget), &searcher.bounds, aim)
                else {
                    panic!("the relaxed game has a line")
                };
                // The line: each step's card and state, and the finish's card, node and damage.
                let line = out.finish.map(|(before, card, node, damage)| {
                    let path = Searcher::path(&out.visits, before);
                    let steps: Vec<_> = path
                        .iter()
                        .map(|&(i, c)| (c, out.visits.state(i)))
                        .collect();
                    (steps, card, node, damage)
                });
                (line, out.gave_up, out.visits.len())
            };
            let budget = 2_000;
            let own = search(Aim::default(), budget);
            assert!(own.0.is_some() && !own.1, "{own:?}");
            // At 60, over the line: the same line, from more states (within the budget).
            let over = Aim {
                floor: 60,
                guessed: true,
                likely: 0,
            };
            let wide = search(over, budget * 100);
            assert_eq!(wide.0, own.0);
            assert!(wide.2 > budget, "{} states at 60", wide.2);
            // Within the budget: searched again from the bounds, the same line. A floor known
            // to be no higher than the line is not searched again.
            assert_eq!(search(over, budget), own);
            let sure = search(Aim::at(60), budget);
            assert!(sure.0.is_none() && sure.1, "{sure:?}");
            // A likely length: a pass at it follows one that found none.
            let likely = Aim {
                floor: 40,
                guessed: true,
                likely: 45,
            };
            assert_eq!(search(likely, budget).0, own.0);
        });
    }

    #[test]
    fn the_typical_hands_bounds_are_built_once_and_freed_after_its_search_issue_17() {
        // Built beside the line's search, they are kept until the typical-hand search has read
        // them, then freed while the other starts' searches go on; a second search builds them
        // again, and finds the same line.
        on_the_grand_tour(|table, searcher, seeds| {
            let kept = |searcher: &Searcher<'_>| {
                let t = searcher
                    .typical
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                matches!(*t, TypicalBounds::Built(_))
            };
            assert!(searcher.builds_typical_bounds());
            let Some(built) = searcher.typical_bounds(&|| false) else {
                panic!("stopped though never told to")
            };
            assert!(kept(searcher));
            let Some(again) = searcher.typical_bounds(&|| true) else {
                panic!("built bounds are given whatever the caller's stop says")
            };
            assert!(Arc::ptr_eq(&built, &again), "built twice");
            drop((built, again));
            let first = searcher.typical_line(seeds, Some(45), false);
            assert!(!kept(searcher), "kept after the search");
            let second = searcher.typical_line(seeds, Some(45), false);
            assert!(!kept(searcher));
            assert_eq!(
                (first.finish, first.gave_up, first.at_least),
                (second.finish, second.gave_up, second.at_least)
            );
            assert!(first.finish.is_some(), "the grand tour's typical line");
            // Told to stop before the first flag's values, they are not built, and say so.
            let Some(fresh) = crate::validate::solver::searcher(table) else {
                panic!("no flags")
            };
            assert!(fresh.typical_bounds(&|| true).is_none());
            assert!(
                fresh.typical_bounds(&|| false).is_none(),
                "a stopped build stays stopped"
            );
        });
    }
}
