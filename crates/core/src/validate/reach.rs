//! Every way of arriving at each flag (issue 17 items 1 and 7): the states a lone robot can be in
//! standing on flag k after touching it, which seed the search for leg k + 1's own minimum
//! (`solver::leg_minimum`). Only which states can be reached matters here, not in how many
//! registers, so the search takes the least damaged state first and keeps no way back: a state is
//! dropped when one with no more damage was reached before (`Seen`, the same test as the line
//! searches), and taking the least damage first reaches each square, facing and register with its
//! least damage before any more damaged arrival, which is then dropped (a repair at the end of a
//! turn can still lower a state's damage later: it is then taken again). The breadth-first search
//! this replaces (every state with its registers and the way back, until none was left) reached
//! the same squares with more states and ran out of its budget on 2 x 2 tiles of 64 x 64.

use super::search::{Options, Searcher, Seen, State};
use crate::engine::steps::PHASES;

/// The arrivals on each flag: `on[k]` holds the states with `k` flags touched that stand on flag
/// `k` (1-based; `on[0]` is empty), under moving flags those that have just touched it.
pub(super) struct Arrivals {
    pub on: Vec<Vec<State>>,
    /// The search ran out of its state budget (or was cancelled): some arrivals may be missing.
    pub gave_up: bool,
}

/// Damage runs from 0 to 9 on a line (10 destroys), so one bucket per point.
const LEVELS: usize = 10;

/// The arrivals on flags `1..goal` reachable from `seeds` (the start), each flag touched in
/// order, searching at most `budget` states.
pub(super) fn arrivals(
    searcher: &Searcher<'_>,
    seeds: &[State],
    goal: u8,
    budget: usize,
) -> Arrivals {
    let opts = Options {
        typical: false,
        exhaustive: true,
        budget,
    };
    let mut on: Vec<Vec<State>> = vec![Vec::new(); usize::from(goal)];
    let mut seen = Seen::new(
        searcher.table.states() / PHASES,
        usize::from(goal),
        searcher.timed(),
    );
    let mut buckets: Vec<Vec<State>> = vec![Vec::new(); LEVELS];
    for s in seeds {
        if seen.admit(s) {
            buckets[usize::from(s.damage).min(LEVELS - 1)].push(*s);
        }
    }
    let mut admitted = 0usize;
    let mut next = Vec::new();
    let mut gave_up = false;
    while let Some(level) = buckets.iter().position(|b| !b.is_empty()) {
        let Some(s) = buckets[level].pop() else {
            break;
        };
        if admitted > budget || (admitted.is_multiple_of(4096) && searcher.cancelled()) {
            gave_up = true;
            break;
        }
        searcher.successors(&s, opts, &mut next);
        for &(n, _, touched) in &next {
            // The last flag ends the race: nothing to seed beyond it.
            if n.layer >= goal || !seen.admit(&n) {
                continue;
            }
            admitted += 1;
            let layer = usize::from(n.layer);
            if layer > 0 && !n.dead && searcher.on_flag(&n, touched) {
                on[layer].push(n);
            }
            buckets[usize::from(n.damage).min(LEVELS - 1)].push(n);
        }
    }
    // A fixed order (least damage first) for the searches they seed, whatever order they were
    // reached in.
    for states in &mut on {
        states.sort_by_key(|s| (s.damage, s.phase, s.node, s.cards, s.tick, s.archive));
    }
    Arrivals { on, gave_up }
}
