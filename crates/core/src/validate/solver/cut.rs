//! Where a flag cannot be reached in the relaxed game (no damage, any cards): the trap squares
//! of each flag, and the flag a line search that stopped at its budget can still show cut off.

use super::Unreachable;
use crate::engine::steps::{NO_STEP, PHASES, after};
use crate::geom::Square;
use crate::validate::bounds::{Bounds, NEVER, Preds, by_state, cell_states};
use crate::validate::search::Searcher;
use std::cell::OnceCell;

/// Whether `trap_squares` reads the flag's own bounds: not where they know a robot's return from
/// a destruction, which reaches the flag through one (then the backward walk `reaching` finds
/// them, and the caller need not build the bounds for them).
pub(in crate::validate) fn reads_own_bounds(searcher: &Searcher<'_>) -> bool {
    !searcher.returns()
}

/// The squares a robot can stand on from which flag `flag` (0-based) cannot be reached from
/// register phase 1 whatever its facing, undamaged: a backward search over the steps from every
/// state on the flag. A moving flag is on each square of its timeline after the phases it stands
/// there at (`moving.rs`); any turn will do, so these squares are certain traps, not every one.
///
/// `bounds` are the flag's own (`Searcher::leg_bounds`, which its leg's search reads too): a
/// state has a relaxed way to the flag exactly when its bound there is not `NEVER`, so when they
/// are on they answer without a search of their own (a test checks they agree with `reaching`).
pub(in crate::validate) fn trap_squares(
    searcher: &Searcher<'_>,
    flag: usize,
    bounds: &Bounds,
    shared: &OnceCell<Option<Core>>,
) -> Vec<Square> {
    let table = searcher.table;
    let cells = (0..table.cells()).filter(|&c| table.is_standable(c));
    let squares: Vec<usize> = if bounds.is_off() || !reads_own_bounds(searcher) {
        let preds = searcher.preds.get();
        let core =
            shared.get_or_init(|| Core::worth_it(searcher).then(|| Core::of(searcher, &preds)));
        let good = reaching_with(searcher, flag, &preds, core.as_ref());
        cells
            .filter(|&c| (0..4).all(|f| !good[(c * 4 + f) * PHASES]))
            .collect()
    } else {
        // The flag's own square is where it is touched: never a trap.
        let on = searcher.flags[flag];
        cells
            .filter(|&c| c != on && (0..4).all(|f| !reaches_in(bounds, flag, c * 4 + f)))
            .collect()
    };
    squares
        .into_iter()
        .map(|c| table.factory().square_of(c))
        .collect()
}

/// Whether `node` in register phase 1 has a relaxed way to flag `flag` (0-based) in the flag's
/// own `bounds`. A plain bound reads no cards of the turn.
fn reaches_in(bounds: &Bounds, flag: usize, node: usize) -> bool {
    bounds.of(flag as u8, node as u32, 0, &[u8::MAX; 5]) != NEVER
}

/// Per table state, whether flag `flag` (0-based) can be reached from it in the relaxed game
/// (no damage, any cards): a backward search over the steps from every state on the flag.
pub(in crate::validate) fn reaching(
    searcher: &Searcher<'_>,
    flag: usize,
    preds: &Preds,
) -> Vec<bool> {
    reaching_with(searcher, flag, preds, None)
}

/// The table states on flag `flag` (0-based), from which `reaching` walks back: on its cell in
/// every register phase, or on a moving flag's squares after the phases it stands there at.
fn on_flag(searcher: &Searcher<'_>, flag: usize) -> Vec<u32> {
    // (cell, the phase about to be played there).
    let on: Vec<(usize, usize)> = match &searcher.timeline {
        None => (0..PHASES).map(|p| (searcher.flags[flag], p)).collect(),
        Some(t) => t
            .positions(flag)
            .into_iter()
            .map(|(c, p)| (c, (p + 1) % PHASES))
            .collect(),
    };
    on.into_iter()
        .flat_map(|(cell, p)| (0..4).map(move |f| ((cell * 4 + f) * PHASES + p) as u32))
        .collect()
}

/// `reaching`, starting from what `core` knows: a flag with a state strongly connected with
/// the core is reached from every state that reaches the core, and from the others the walk
/// back from the flag's other states finds.
pub(in crate::validate) fn reaching_with(
    searcher: &Searcher<'_>,
    flag: usize,
    preds: &Preds,
    core: Option<&Core>,
) -> Vec<bool> {
    let states = searcher.table.states();
    let seeds = on_flag(searcher, flag);
    let mut good = match core {
        Some(core) if core.serves(&seeds) => core.into.clone(),
        _ => vec![false; states],
    };
    let mut now: Vec<u32> = Vec::new();
    for s in seeds {
        if let Some(g) = good.get_mut(s as usize)
            && !*g
        {
            *g = true;
            now.push(s);
        }
    }
    walk_back(preds, &mut good, now);
    good
}

/// Marks in `good` every state with a way to a state of `now` (marked already) through states
/// not marked: breadth-first, each value's states in the table's order (`by_state`: depth first,
/// the walk read the predecessor lists all over the table, twice as slowly).
fn walk_back(preds: &Preds, good: &mut [bool], mut now: Vec<u32>) {
    let states = good.len();
    let mut next: Vec<u32> = Vec::new();
    while !now.is_empty() {
        by_state(&mut now, states);
        for &v in &now {
            for u in preds.of_state(v as usize) {
                if let Some(g) = good.get_mut(u as usize)
                    && !*g
                {
                    *g = true;
                    next.push(u);
                }
            }
        }
        now.clear();
        std::mem::swap(&mut now, &mut next);
    }
}

/// One table state, the core (a state on the first flag), with the states that reach it and
/// those it reaches: one walk each way, shared by every flag's trap squares where their own
/// bounds do not give them (issue 17 item 7: on the largest board with 32 flags under One Free
/// Life, 32 walks over the whole table took 3.2 s). A state both reaches and is reached from
/// the core is strongly connected with it, and so is reached from exactly the states that
/// reach the core; flags are most often on the board's one great such component.
pub(in crate::validate) struct Core {
    /// Per table state: whether it reaches the core.
    into: Vec<bool>,
    /// Per table state: whether the core reaches it too.
    strong: Vec<bool>,
}

impl Core {
    /// Whether the core pays for itself: its two walks cost about two flags' `reaching`.
    pub fn worth_it(searcher: &Searcher<'_>) -> bool {
        searcher.flags.len() > 2
    }

    /// The core on `searcher`'s first flag.
    pub fn of(searcher: &Searcher<'_>, preds: &Preds) -> Core {
        let table = searcher.table;
        let states = table.states();
        let mut into = vec![false; states];
        let mut strong = vec![false; states];
        let Some(&core) = on_flag(searcher, 0).first() else {
            return Core { into, strong };
        };
        let core = core as usize;
        into[core] = true;
        walk_back(preds, &mut into, vec![core as u32]);
        // Forwards from the core, over the same steps `Preds` lists backwards.
        let mut reached = vec![false; states];
        reached[core] = true;
        let mut stack = vec![core];
        while let Some(s) = stack.pop() {
            for to in table.next_nodes(s) {
                if to == NO_STEP {
                    continue;
                }
                let t = after(s, to);
                if !reached[t] {
                    reached[t] = true;
                    stack.push(t);
                }
            }
        }
        for (s, r) in strong.iter_mut().enumerate() {
            *r = into[s] && reached[s];
        }
        Core { into, strong }
    }

    /// Whether a flag with the states `on` is reached from every state that reaches the core:
    /// one of them is strongly connected with it.
    fn serves(&self, on: &[u32]) -> bool {
        on.iter()
            .any(|&s| self.strong.get(s as usize).copied().unwrap_or(false))
    }

    /// `serves` for flag `flag` (0-based).
    #[cfg(test)]
    pub fn serves_flag(&self, searcher: &Searcher<'_>, flag: usize) -> bool {
        self.serves(&on_flag(searcher, flag))
    }
}

/// Whether no state on `from` (any facing, any register) reaches flag `flag` (0-based) even in
/// the relaxed game: then the flag is unreachable from there whatever a search that stopped
/// early would have found.
///
/// Searched forwards from `from` until a step lands on the flag, rather than backwards from the
/// flag over every state that reaches it (`reaching`): a flag that is reached is most often
/// reached soon, and only a flag cut off costs a walk over everything `from` reaches (on the
/// largest board with 32 flags and the last walled in, one walk instead of 28).
pub(in crate::validate) fn never_reaches(
    searcher: &Searcher<'_>,
    from: Square,
    flag: usize,
) -> bool {
    let table = searcher.table;
    let Some(cell) = table.factory().index(from) else {
        return true;
    };
    if searcher.timeline.is_some() {
        // A moving flag stands on many squares, each after some phases.
        let good = reaching(searcher, flag, &searcher.preds.get());
        return cell_states(cell).all(|s| !good[s]);
    }
    let target = searcher.flags[flag];
    if cell == target {
        return false;
    }
    let mut seen = vec![0u64; table.states().div_ceil(64)];
    let mut stack: Vec<usize> = cell_states(cell).collect();
    for &s in &stack {
        seen[s / 64] |= 1 << (s % 64);
    }
    while let Some(s) = stack.pop() {
        for to in table.next_nodes(s) {
            if to == NO_STEP {
                continue;
            }
            if (to / 4) as usize == target {
                return false;
            }
            let t = after(s, to);
            if seen[t / 64] & (1 << (t % 64)) == 0 {
                seen[t / 64] |= 1 << (t % 64);
                stack.push(t);
            }
        }
    }
    true
}

/// The first flag from `u.flag` on that no state on the square before it (`u.from`, then the
/// previous flag's) reaches even in the relaxed game: a line search that stopped at its budget
/// before `u.flag` cannot show the course unfinishable, such a flag does (the flags are touched in
/// order). `None` when there is none, and under moving flags (a flag is on no one square).
pub(in crate::validate) fn cut_off_after(
    searcher: &Searcher<'_>,
    u: &Unreachable,
) -> Option<Unreachable> {
    if searcher.timeline.is_some() {
        return None;
    }
    let factory = searcher.table.factory();
    let mut from = u.from;
    for flag in usize::from(u.flag)..=searcher.flags.len() {
        let square = factory.square_of(searcher.flags[flag - 1]);
        if never_reaches(searcher, from, flag - 1) {
            return Some(Unreachable {
                flag: flag as u8,
                square,
                from,
                traps: 0,
                nearest: None,
                cut_off: true,
            });
        }
        from = square;
    }
    None
}
