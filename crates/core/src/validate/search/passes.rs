//! The bounded line searches (issue 17 item 7): passes within lower bounds (`bounds.rs`), the
//! limit rising until a line is found, with the bounds that know damage (`hurt.rs`) brought in
//! when a pass proves costly.

use super::{NEVER, Outcome, Searcher, State};
use crate::validate::bounds::Bounds;
use crate::validate::hurt::Hurt;
use crate::validate::search::Options;

/// How many times its budget of states the passes of one bounded search may visit in all.
const PASSES_BUDGET: usize = 4;

/// The bounds that know damage (`hurt.rs`) cost about as much to build as a search visiting
/// this fraction of their values (measured on the synthetic courses).
const HURT_COST: usize = 5;

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
    /// `first_limit` until a finish turns up. Because the bounds are consistent, the states under
    /// a limit are reached in the same order and by the same parents as in the whole search, so
    /// once the limit reaches the finish's level the finish, its line and its damage are the
    /// whole search's (`bounds.rs`). `None` when no finish exists within the relaxed game's
    /// reach: then only `search` says how far a line gets.
    pub fn search_bounded(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        bounds: &Bounds,
        first_limit: u32,
    ) -> Option<Outcome> {
        self.passes(seeds, goal, opts, bounds, first_limit, false)
    }

    /// `search_bounded`, bringing in the bounds that know damage (`hurt.rs`) for a search
    /// towards the last flag: from the first pass when `hurt_now`, else once the next pass,
    /// growing as the last one did, would visit more states than they cost to build
    /// (`HURT_COST`).
    pub(in crate::validate) fn passes(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        bounds: &Bounds,
        first_limit: u32,
        hurt_now: bool,
    ) -> Option<Outcome> {
        if bounds.is_off() {
            return Some(self.search(seeds, goal, opts));
        }
        let mut limit = first_limit;
        let mut step = 1;
        let to_last = usize::from(goal) == self.flags.len();
        let mut hurt: Option<&Hurt> = None;
        // The states the last two passes visited, for the next one's guess.
        let (mut last_pass, mut before_last) = (0usize, 0usize);
        // Each pass keeps at most the budget's states (the memory); all of them together visit
        // at most `PASSES_BUDGET` times as many (the time), as each repeats the last.
        let mut spent = 0usize;
        loop {
            let next_pass = match before_last {
                0 => 0,
                b => last_pass.saturating_mul(last_pass) / b,
            };
            // Once built (for an earlier search) they cost nothing more.
            let built = self.hurt.get().is_some();
            // The budget will not let the next pass through: only tighter bounds may.
            let cost = (self.hurt_values() / HURT_COST).min(opts.budget / 2);
            let wanted = hurt_now || built || next_pass >= cost;
            if hurt.is_none()
                && to_last
                && wanted
                && let Some(h) = self.hurt_bounds()
            {
                hurt = Some(h);
                let least = seeds
                    .iter()
                    .map(|s| Within::bound_of(bounds, Some(h), s))
                    .min()
                    .filter(|&b| b != NEVER)?;
                limit = limit.max(least);
            }
            let mut pass = opts;
            if opts.budget > 0 {
                let left = opts
                    .budget
                    .saturating_mul(PASSES_BUDGET)
                    .saturating_sub(spent);
                pass.budget = opts.budget.min(left).max(1);
            }
            let within = Within {
                bounds,
                hurt,
                limit,
            };
            let (out, pruned) = self.search_within(seeds, goal, pass, Some(within));
            if out.finish.is_some() || out.gave_up {
                return Some(out);
            }
            spent += out.visits.len();
            before_last = last_pass;
            last_pass = out.visits.len();
            // At least the least level plus bound among the states this pass dropped (every
            // limit below it would repeat this pass), and rising faster each pass so that the
            // passes, each a repeat of the last, stay few.
            limit = pruned?.max(limit.saturating_add(step));
            step = (step * 2).min(8);
        }
    }

    /// How many values the bounds that know damage take (`hurt.rs`).
    fn hurt_values(&self) -> usize {
        crate::validate::hurt::values(self.table, self.flags.len())
    }

    /// The bounds that know damage (`hurt.rs`), computed on first use; `None` when they would
    /// be too large or the validation was cancelled while they were computed.
    pub(in crate::validate) fn hurt_bounds(&self) -> Option<&Hurt> {
        self.hurt
            .get_or_init(|| {
                Hurt::new(
                    self.table,
                    &self.preds,
                    &self.flags,
                    &self.wrenches,
                    &|| self.cancelled(),
                )
            })
            .as_ref()
    }

    /// `search_bounded` from the least bound among `seeds`, and no lower than `floor` (a line
    /// known to be no shorter). `None` when no seed has a way to the goal even in the relaxed
    /// game, or none turned up within it.
    pub fn search_from_bounds(
        &self,
        seeds: &[State],
        goal: u8,
        opts: Options,
        bounds: &Bounds,
        floor: u32,
    ) -> Option<Outcome> {
        let first = seeds
            .iter()
            .map(|s| s.bound(bounds))
            .min()
            .filter(|&b| b != NEVER)?;
        self.search_bounded(seeds, goal, opts, bounds, first.max(floor))
    }
}
