//! The plain bounds and those that know a return, one layer (flag) at a time: a backward
//! breadth-first search over the step table per layer. A layer's search needs the next one's
//! values only on its own flag's cell (where touching the flag passes into the next layer), its
//! entry, and the next layer's search settles those long before it ends. On a large table the
//! layers are searched side by side, each handing the layer before it its entry as soon as it
//! has settled it (issue 17 item 7: the largest course in under 10 s).

use super::{Bounds, Layer, NEVER, Preds, Returns, by_state, cell_states, narrow_one, widen};
use crate::engine::steps::{PHASES, StepTable};
use crate::validate::side_by_side::side_by_side;
use std::sync::{Condvar, Mutex, PoisonError};

/// From this many table states the layers are searched side by side: below it a layer's search
/// takes about as long as starting a thread (2 x 2 tiles of 64 x 64 have about 330,000 states).
const SIDE_BY_SIDE_FROM: usize = 1 << 18;

impl Bounds {
    /// `returning` for the layers `first..goal`, packed (`Layer::Packed`) or not as `pack` says,
    /// searched side by side or one after another as `side` says (the same values either way).
    pub(super) fn returning_kept(
        table: &StepTable,
        preds: &Preds,
        flags: &[usize],
        (first, goal): (usize, usize),
        returns: Option<&Returns>,
        (pack, side): (bool, bool),
    ) -> Bounds {
        let mut layers: Vec<Layer> = (0..goal).map(|_| Layer::Whole(Vec::new())).collect();
        // `entries[layer]`: the values of layer `layer + 1` on the states of `flags[layer]`'s
        // cell, handed on by its search.
        let entries: Vec<Entry> = (0..goal).map(|_| Entry::default()).collect();
        let n = goal.saturating_sub(first);
        // Job `i` searches layer `goal - 1 - i`: the jobs start in order, so each waits only for
        // an entry a job already started hands on.
        let job = |i: usize| {
            let layer = goal - 1 - i;
            let entry = (layer + 1 < goal).then(|| entries[layer].take());
            let mut hand_on = HandOn(
                layer
                    .checked_sub(1)
                    .filter(|&l| l >= first)
                    .map(|l| &entries[l]),
            );
            let until = hand_on.0.map(|_| flags[layer - 1]);
            let values = layer_bounds(
                table,
                preds,
                flags[layer],
                entry.as_deref(),
                returns,
                until.map(|cell| (cell, &mut hand_on)),
            );
            Layer::of(values, pack)
        };
        let built: Vec<Layer> = if side {
            side_by_side(n, job)
        } else {
            (0..n).map(job).collect()
        };
        for (i, built) in built.into_iter().enumerate() {
            layers[goal - 1 - i] = built;
        }
        Bounds {
            layers,
            typical: None,
            off: false,
        }
    }

    /// Whether `returning` searches its layers side by side on `table` (`SIDE_BY_SIDE_FROM`).
    pub(super) fn side_by_side_on(table: &StepTable) -> bool {
        table.states() >= SIDE_BY_SIDE_FROM
    }
}

/// A layer's entry, handed from the search of the layer after it to its own.
#[derive(Default)]
struct Entry {
    values: Mutex<Option<Vec<u16>>>,
    ready: Condvar,
}

impl Entry {
    fn give(&self, values: Vec<u16>) {
        *self.values.lock().unwrap_or_else(PoisonError::into_inner) = Some(values);
        self.ready.notify_all();
    }

    /// The values, once given.
    fn take(&self) -> Vec<u16> {
        let mut values = self.values.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(v) = values.take() {
                return v;
            }
            values = self
                .ready
                .wait(values)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Where a layer's search hands on the entry of the layer before it: once, and with no values
/// (every one `NEVER`) if the search ends in a panic, so that the layer waiting for it does not
/// wait for ever (the panic is the caller's all the same: `side_by_side`).
struct HandOn<'e>(Option<&'e Entry>);

impl HandOn<'_> {
    fn hand_on(&mut self, values: &[u16]) {
        if let Some(entry) = self.0.take() {
            entry.give(values.to_vec());
        }
    }
}

impl Drop for HandOn<'_> {
    fn drop(&mut self) {
        self.hand_on(&[]);
    }
}

/// One layer's bounds: a step onto `flag` costs 1 plus the next layer's bound where it lands
/// (`entry`, the next layer's values on the flag's cell; 0 when this is the last layer); any
/// other step costs 1; with `returns`, a destruction in phase `p` costs `PHASES - p` plus the
/// least bound of a return (`Returns`). Breadth-first backwards, the states whose first value
/// comes from touching the flag or from a destruction joining in the order of their values, so
/// that a state's first value is its last. With `until`, the values on that cell are handed on
/// as soon as they are all settled (or at the end, where those with none are `NEVER`).
fn layer_bounds(
    table: &StepTable,
    preds: &Preds,
    flag: usize,
    entry: Option<&[u16]>,
    returns: Option<&Returns>,
    mut until: Option<(usize, &mut HandOn<'_>)>,
) -> Vec<u16> {
    let states = table.states();
    // Kept in 16 bits as they are found (`narrow_one`): 4 MB instead of 8 a layer on the
    // largest board, and no copy.
    let mut dist = vec![u16::MAX; states];
    let on_flag = cell_states(flag);
    // Hands on the values of `until`'s cell if they are all settled, or if `anyway`.
    let mut hand_on = |dist: &[u16], anyway: bool| {
        if let Some((cell, to)) = &mut until {
            let values = dist.get(cell_states(*cell)).unwrap_or_default();
            if anyway || values.iter().all(|&d| d != u16::MAX) {
                to.hand_on(values);
                until = None;
            }
        }
    };
    // The steps onto the flag: into any state on its cell.
    let mut sources: Vec<(u32, u32)> = Vec::new();
    for (i, t) in on_flag.clone().enumerate() {
        let rest = entry.map_or(0, |e| e.get(i).copied().map_or(NEVER, widen));
        if rest != NEVER {
            sources.extend(preds.of_state(t).map(|u| (rest + 1, u)));
        }
    }
    sources.sort_unstable();
    // One value at a time: the states settled at it (the sources of that value among them),
    // then the states one step before them at the next value.
    let (mut now, mut next): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    let mut source = 0;
    let mut v = 0u32;
    // The least bound of a return, once a return state is settled: the states in phase `p` with
    // a destruction then get it plus `PHASES - p`, at the values after it.
    let mut back: Option<u32> = None;
    let deaths_after = |back: Option<u32>, v: u32| {
        let (b, r) = (back?, returns?);
        (b + 1..=b + PHASES as u32).find(|&w| w >= v && !r.deadly[died_in(b, w)].is_empty())
    };
    loop {
        if now.is_empty() {
            let from_sources = sources.get(source).map(|&(d, _)| d.max(v));
            match [from_sources, deaths_after(back, v)]
                .into_iter()
                .flatten()
                .min()
            {
                Some(w) => v = w,
                None => break,
            }
        }
        while let Some(&(d, s)) = sources.get(source).filter(|s| s.0 <= v) {
            source += 1;
            if d < widen(dist[s as usize]) {
                dist[s as usize] = narrow_one(d);
                now.push(s);
            }
        }
        if let (Some(b), Some(r)) = (back, returns)
            && v > b
            && v <= b + PHASES as u32
        {
            reach(
                r.deadly[died_in(b, v)].iter().copied(),
                &mut dist,
                &mut now,
                v,
            );
        }
        by_state(&mut now, states);
        for &t in &now {
            if back.is_none() && returns.is_some_and(|r| r.is_return(t as usize, flag)) {
                back = Some(v);
            }
            // A state on the flag is never entered within the layer: arriving there touches it.
            if on_flag.contains(&(t as usize)) {
                continue;
            }
            reach(preds.of_state(t as usize), &mut dist, &mut next, v + 1);
        }
        now.clear();
        std::mem::swap(&mut now, &mut next);
        v += 1;
        hand_on(&dist, false);
    }
    hand_on(&dist, true);
    dist
}

/// The register phase whose destructions reach value `w` when the least return is valued `back`
/// (`layer_bounds`): a destruction in phase `p` costs `PHASES - p`.
fn died_in(back: u32, w: u32) -> usize {
    PHASES - (w - back) as usize
}

/// Value `v` to each of `preds` (states one step before a state settled at `v - 1`) that has
/// none yet, listing it in `next` (`layer_bounds`).
fn reach(preds: impl Iterator<Item = u32>, dist: &mut [u16], next: &mut Vec<u32>, v: u32) {
    for u in preds {
        if let Some(d) = dist.get_mut(u as usize)
            && *d == u16::MAX
        {
            *d = narrow_one(v);
            next.push(u);
        }
    }
}
