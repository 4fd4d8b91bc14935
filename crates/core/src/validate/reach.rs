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
//!
//! A layer is searched only as long as it can still add an arrival (issue 17 item 7): once every
//! facing and register on flag k has been reached with no damage, no later arrival there gets
//! past those (`Settled`), so layer k - 1 can add nothing (its only use is to step onto flag k)
//! and layer k only its own returns to flag k, which are settled too once flag k + 1 is. Under
//! One Free Life and Infinite Lives a later arrival may still get past them in `Seen`, with the
//! free life spent (the archive is the flag for every arrival on it), but it can do nothing they
//! cannot do with no more damage: the leg it seeds is no shorter, so it is left out too. Under
//! moving flags an arrival is the step that touches the flag, so the last layer searched adds
//! none: its touches reach the last flag.

use super::search::{Options, Searcher, Seen, State, StateStack};
use crate::engine::steps::PHASES;
use std::sync::{Mutex, PoisonError};

/// The arrivals on each flag: `on[k]` holds the states with `k` flags touched that stand on flag
/// `k` (1-based; `on[0]` is empty), under moving flags those that have just touched it.
pub(super) struct Arrivals {
    pub on: Vec<Vec<State>>,
    /// The search ran out of its state budget (or was cancelled): some arrivals may be missing.
    pub gave_up: bool,
    /// The states it searched (the tests compare the searches by it).
    #[cfg(test)]
    pub admitted: usize,
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
    arrivals_until(searcher, seeds, goal, budget, true, &|| {
        searcher.cancelled()
    })
}

/// `arrivals`, leaving the layers that can add no arrival when `settle` is set (`Settled`) (a
/// test checks both give the same arrivals), and giving up once `stop` says so.
pub(super) fn arrivals_until(
    searcher: &Searcher<'_>,
    seeds: &[State],
    goal: u8,
    budget: usize,
    settle: bool,
    stop: &dyn Fn() -> bool,
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
    // Most states admitted wait here at some time: kept a word each where they fit.
    let mut buckets: Vec<StateStack> = (0..LEVELS).map(|_| StateStack::default()).collect();
    for s in seeds {
        if seen.admit(s) {
            buckets[usize::from(s.damage).min(LEVELS - 1)].push(*s);
        }
    }
    let mut admitted = 0usize;
    let mut next = Vec::new();
    let mut gave_up = false;
    let mut settled = Settled::new(usize::from(goal), settle && searcher.timeline.is_none());
    // Under moving flags an arrival is a step that touches its flag (`Searcher::on_flag`), kept
    // by a test of its own: a state of the same layer, square, register and turn that stood on
    // the flag without touching it, reached first with no more damage, drops the touch from
    // the search (the two go on alike) but must not drop it from the arrivals. The last layer
    // searched touches only the last flag, which ends the race, so when `settle` is set its
    // states are kept as arrivals and not searched on.
    let moving = searcher.timeline.is_some();
    let mut touches = Seen::new(0, usize::from(goal), true);
    let last = (settle && moving).then(|| goal.saturating_sub(1));
    while let Some(level) = buckets.iter().position(|b| !b.is_empty()) {
        let Some(s) = buckets[level].pop() else {
            break;
        };
        // Dropping a settled layer's states leaves the others in the order they had.
        if settled.done(s.layer) {
            continue;
        }
        if admitted > budget || (admitted.is_multiple_of(4096) && stop()) {
            gave_up = true;
            break;
        }
        searcher.successors(&s, opts, &mut next);
        for &(n, _, touched) in &next {
            // The last flag ends the race: nothing to seed beyond it.
            if n.layer >= goal || settled.done(n.layer) {
                continue;
            }
            let layer = usize::from(n.layer);
            let arrives = |n: &State| layer > 0 && !n.dead && searcher.on_flag(n, touched);
            if moving && arrives(&n) && touches.admit(&n) {
                on[layer].push(n);
            }
            if last == Some(n.layer) || !seen.admit(&n) {
                continue;
            }
            admitted += 1;
            if !moving && arrives(&n) {
                on[layer].push(n);
                settled.arrive(&n);
            }
            buckets[usize::from(n.damage).min(LEVELS - 1)].push(n);
        }
    }
    // A touch kept before one of the same state with less damage adds nothing to it.
    if moving {
        for states in &mut on {
            states.sort_by_key(|s| (identity(s), s.damage));
            states.dedup_by_key(|s| identity(s));
        }
    }
    // A fixed order (least damage first) for the searches they seed, whatever order they were
    // reached in.
    for states in &mut on {
        states.sort_by_key(|s| (s.damage, s.phase, s.node, s.cards, s.tick, s.archive));
    }
    Arrivals {
        on,
        gave_up,
        #[cfg(test)]
        admitted,
    }
}

/// The first start's arrivals, searched early: on a second thread while that start's line is
/// still searched, as they need nothing from it (issue 17 item 7: on the largest board with 8
/// flags that thread had nothing to do for a second there, and the arrivals then took 0.9 s on
/// one core while the other waited for the line's legs).
#[derive(Default)]
pub(super) struct Early(Mutex<Slot>);

#[derive(Default)]
enum Slot {
    /// Not searched yet.
    #[default]
    Open,
    /// Taken, or no longer wanted: not to be searched early.
    Closed,
    /// Searched from these seeds.
    Kept(Vec<State>, Arrivals),
}

impl Early {
    /// Searches the arrivals from `seeds` on flags `1..goal` and keeps them for `take`, unless
    /// `take` came first. Gives up, keeping none, once `stop` says so (the line does not finish,
    /// so no arrivals are read, or the validation was cancelled).
    pub fn search(
        &self,
        searcher: &Searcher<'_>,
        seeds: &[State],
        goal: u8,
        stop: &dyn Fn() -> bool,
    ) {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if !matches!(*slot, Slot::Open) {
            return;
        }
        let found = arrivals_until(searcher, seeds, goal, searcher.budget(), true, stop);
        // Given up when told to stop: not the arrivals `take` would find.
        *slot = if stop() {
            Slot::Closed
        } else {
            Slot::Kept(seeds.to_vec(), found)
        };
    }

    /// The arrivals from `seeds` on flags `1..goal` (`arrivals`): those searched early from the
    /// same seeds (waiting for that search while it runs), or searched here.
    pub fn take(&self, searcher: &Searcher<'_>, seeds: &[State], goal: u8) -> Arrivals {
        let kept = std::mem::replace(
            &mut *self.0.lock().unwrap_or_else(PoisonError::into_inner),
            Slot::Closed,
        );
        match kept {
            Slot::Kept(from, found) if from == seeds => found,
            _ => arrivals(searcher, seeds, goal, searcher.budget()),
        }
    }

    /// Whether arrivals are kept for `take`.
    #[cfg(test)]
    pub fn kept(&self) -> bool {
        matches!(
            *self.0.lock().unwrap_or_else(PoisonError::into_inner),
            Slot::Kept(..)
        )
    }
}

/// A state without its damage (`Seen`'s identity for the arrivals searched here).
fn identity(s: &State) -> (u8, u32, u8, [u8; 5], u16, u32, u8, bool) {
    (
        s.layer, s.node, s.phase, s.cards, s.tick, s.archive, s.deaths, s.dead,
    )
}

/// Which flags have all their arrivals: every facing and register phase on the flag reached
/// with no damage (and under a lives rule with the free life unspent, `Lives::key` 0). Such a
/// state has no lock (registers lock from 5 damage) and no cards counted, so `Seen` keeps it as
/// its square's plain entry, which no later state on that square, facing and register gets past
/// (`Seen::admit`). Under a lives rule (`timed`) `Seen` keeps no plain entries, but every later
/// arrival there has the same archive (the flag) and no fewer lives spent or less damage: no
/// line from it is shorter. Not under moving flags, where an arrival is a touch.
struct Settled {
    /// Per flag (1-based, as the layers): which `facing * PHASES + phase` were reached undamaged.
    reached: Vec<[bool; 4 * PHASES]>,
    count: Vec<usize>,
    on: bool,
}

impl Settled {
    fn new(goal: usize, on: bool) -> Settled {
        Settled {
            reached: vec![[false; 4 * PHASES]; goal],
            count: vec![0; goal],
            on,
        }
    }

    /// Notes the admitted arrival `s` on flag `s.layer`.
    fn arrive(&mut self, s: &State) {
        let layer = usize::from(s.layer);
        if !self.on || s.damage > 0 || s.deaths > 0 || layer >= self.reached.len() {
            return;
        }
        let at = (s.node % 4) as usize * PHASES + usize::from(s.phase);
        if !std::mem::replace(&mut self.reached[layer][at], true) {
            self.count[layer] += 1;
        }
    }

    fn full(&self, flag: usize) -> bool {
        self.count.get(flag) == Some(&(4 * PHASES))
    }

    /// Whether layer `layer` can add no arrival: its returns to flag `layer` (none for the
    /// start's layer 0) and its steps onto flag `layer + 1` (none for the last layer searched)
    /// would all be turned away.
    fn done(&self, layer: u8) -> bool {
        let k = usize::from(layer);
        self.on && (k == 0 || self.full(k)) && (k + 1 >= self.reached.len() || self.full(k + 1))
    }
}
