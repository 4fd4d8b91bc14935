//! The plain bounds and those that know a return, one layer (flag) at a time: a backward
//! breadth-first search over the step table per layer. A layer's search needs the next one's
//! values only on its own flag's cell (where touching the flag passes into the next layer), so on
//! a large table those few values are found first, each by the next layer's search stopped once
//! they are settled, and the layers are then built side by side (issue 17 item 7: the largest
//! course in under 10 s).

use super::{Bounds, Layer, NEVER, Preds, Returns, by_state, narrow_one, widen};
use crate::engine::steps::{PHASES, StepTable};
use crate::validate::side_by_side::side_by_side;

/// From this many table states the layers are built side by side: the searches that find their
/// entries cost less than the time saved only once a layer's search takes tens of milliseconds
/// (2 x 2 tiles of 64 x 64 have about 330,000 states).
const SIDE_BY_SIDE_FROM: usize = 1 << 18;

impl Bounds {
    /// `returning` for the layers `first..goal`, packed (`Layer::Packed`) or not as `pack` says,
    /// built side by side or one after another as `side` says (the same values either way).
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
        // cell; none for the last layer.
        let mut entries: Vec<Option<Vec<u16>>> = vec![None; goal];
        let entry_of = |values: &[u16], layer: usize| {
            values
                .get(on_cell(flags[layer]))
                .map(<[u16]>::to_vec)
                .unwrap_or_default()
        };
        if side && first < goal {
            for layer in (first + 1..goal).rev() {
                let until = flags[layer - 1];
                let values = layer_bounds(
                    table,
                    preds,
                    flags[layer],
                    entries[layer].as_deref(),
                    returns,
                    Some(until),
                );
                entries[layer - 1] = Some(entry_of(&values, layer - 1));
            }
            let built = side_by_side(goal - first, |i| {
                let layer = first + i;
                let values = layer_bounds(
                    table,
                    preds,
                    flags[layer],
                    entries[layer].as_deref(),
                    returns,
                    None,
                );
                Layer::of(values, pack)
            });
            for (layer, built) in layers.iter_mut().skip(first).zip(built) {
                *layer = built;
            }
        } else {
            for layer in (first..goal).rev() {
                let values = layer_bounds(
                    table,
                    preds,
                    flags[layer],
                    entries[layer].as_deref(),
                    returns,
                    None,
                );
                if layer > first {
                    entries[layer - 1] = Some(entry_of(&values, layer - 1));
                }
                layers[layer] = Layer::of(values, pack);
            }
        }
        Bounds {
            layers,
            typical: None,
            off: false,
        }
    }

    /// Whether `returning` builds its layers side by side on `table` (`SIDE_BY_SIDE_FROM`): not
    /// with `returns`, where some state on a flag's cell is reached only through a return and
    /// the search for a layer's entries runs over most of the board (with 32 flags on the largest
    /// board under One Free Life, 2.0 s before the 2.2 s of the layers built side by side, where
    /// one after another took 3.8 s in all).
    pub(super) fn side_by_side_on(table: &StepTable, returns: Option<&Returns>) -> bool {
        table.states() >= SIDE_BY_SIDE_FROM && returns.is_none()
    }
}

/// The table states on `cell`: its four facings in every register phase.
fn on_cell(cell: usize) -> std::ops::Range<usize> {
    (cell * 4 * PHASES)..((cell + 1) * 4 * PHASES)
}

/// One layer's bounds: a step onto `flag` costs 1 plus the next layer's bound where it lands
/// (`entry`, the next layer's values on the flag's cell; 0 when this is the last layer); any
/// other step costs 1; with `returns`, a destruction in phase `p` costs `PHASES - p` plus the
/// least bound of a return (`Returns`). Breadth-first backwards, the states whose first value
/// comes from touching the flag or from a destruction joining in the order of their values, so
/// that a state's first value is its last. With `until`, the search stops once every state of
/// that cell has its value, and only those values are sure.
fn layer_bounds(
    table: &StepTable,
    preds: &Preds,
    flag: usize,
    entry: Option<&[u16]>,
    returns: Option<&Returns>,
    until: Option<usize>,
) -> Vec<u16> {
    let states = table.states();
    // Kept in 16 bits as they are found (`narrow_one`): 4 MB instead of 8 a layer on the
    // largest board, and no copy.
    let mut dist = vec![u16::MAX; states];
    let on_flag = on_cell(flag);
    let settled = |dist: &[u16]| {
        until.is_some_and(|cell| {
            dist.get(on_cell(cell))
                .is_some_and(|values| values.iter().all(|&d| d != u16::MAX))
        })
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
        if settled(&dist) {
            break;
        }
    }
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
