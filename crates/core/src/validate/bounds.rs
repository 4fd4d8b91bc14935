//! Lower bounds for the line searches (issue 17 item 7: fast at every size): for every flag still
//! to touch, register phase, square and facing, the fewest registers to the goal in the relaxed
//! game with no damage, no locks and any cards (a backward search over the step table). The
//! constrained searches (`search.rs`) only ever take steps this relaxed game has, so these are
//! true lower bounds, and they are consistent (one step lowers them by at most one): a
//! breadth-first search that drops the states whose level plus bound exceeds a limit visits
//! exactly the states of the full search under that limit, in the same order, and so finds the
//! same first finish once the limit reaches it (see `Searcher::search_bounded`).

use crate::engine::CardKind;
use crate::engine::steps::{CARDS, NO_STEP, PHASES, StepTable};

/// No way to the goal even in the relaxed game.
pub(super) const NEVER: u32 = u32::MAX;

/// Predecessor lists in one array: table state `v`'s are `list[start[v]..start[v + 1]]`, with
/// the card each plays to get there (index into `CARDS`) in `card`, listed by state, then card.
pub(super) struct Preds {
    pub start: Vec<u32>,
    pub list: Vec<u32>,
    pub card: Vec<u8>,
}

impl Preds {
    /// The predecessors of every table state, for the backward searches.
    pub fn of(table: &StepTable) -> Preds {
        let states = table.states();
        let mut count = vec![0u32; states + 1];
        let target = |state: usize, to: u32| {
            let phase = state % PHASES;
            to as usize * PHASES + (phase + 1) % PHASES
        };
        for state in 0..states {
            for &to in table.next_nodes(state) {
                if to != NO_STEP {
                    count[target(state, to) + 1] += 1;
                }
            }
        }
        for i in 0..states {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut list = vec![0u32; count[states] as usize];
        let mut card = vec![0u8; count[states] as usize];
        for state in 0..states {
            for (k, &to) in table.next_nodes(state).iter().enumerate() {
                if to != NO_STEP {
                    let t = target(state, to);
                    list[fill[t] as usize] = state as u32;
                    card[fill[t] as usize] = k as u8;
                    fill[t] += 1;
                }
            }
        }
        Preds {
            start: count,
            list,
            card,
        }
    }

    pub fn of_state(&self, v: usize) -> &[u32] {
        let (from, to) = (self.start[v] as usize, self.start[v + 1] as usize);
        &self.list[from..to]
    }

    /// The predecessors of table state `v`, each with the card (index into `CARDS`) it plays
    /// to get there.
    pub fn with_cards(&self, v: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (from, to) = (self.start[v] as usize, self.start[v + 1] as usize);
        self.list[from..to]
            .iter()
            .zip(&self.card[from..to])
            .map(|(&u, &k)| (u as usize, usize::from(k)))
    }
}

/// The relaxed registers to a goal layer from every state of the layers before it.
pub(super) struct Bounds {
    /// `[layer]`: per table state the registers to the goal (`NEVER`: none); empty for the
    /// layers the goal does not need (before `first`). For the typical hand's bounds, per table
    /// state and set of capped kinds already played this turn (`Capped`).
    layers: Vec<Vec<u32>>,
    /// The card kinds a typical hand's bounds count (`Bounds::typical`); none for the others.
    capped: Capped,
    /// No bounds: every search is whole (moving flags, where a flag's square changes with the
    /// turn and a bound from one square would not be a lower bound).
    off: bool,
}

impl Bounds {
    /// No bounds at all: `Searcher::search_bounded` runs the whole search.
    pub fn off() -> Bounds {
        Bounds {
            layers: Vec::new(),
            capped: Capped::NONE,
            off: true,
        }
    }

    /// Whether these are `Bounds::off`.
    pub fn is_off(&self) -> bool {
        self.off
    }

    /// Bounds towards touching `flags[goal - 1]` (after all flags before it) for the layers
    /// `first..goal`.
    pub fn new(
        table: &StepTable,
        preds: &Preds,
        flags: &[usize],
        first: usize,
        goal: usize,
    ) -> Bounds {
        let mut layers: Vec<Vec<u32>> = vec![Vec::new(); goal];
        for layer in (first..goal).rev() {
            let after = layers.get(layer + 1).filter(|_| layer + 1 < goal);
            layers[layer] = layer_bounds(table, preds, flags[layer], after.map(Vec::as_slice));
        }
        Bounds {
            layers,
            capped: Capped::NONE,
            off: false,
        }
    }

    /// Bounds towards the last flag for lines a typical hand allows (`hands::typical_caps`):
    /// the relaxed game with no damage and no locks, where a turn plays at most one card of each
    /// kind in `capped` (`Capped::of`: Move 3 and Move 2). Tighter than `new`, which lets every
    /// register play Move 3; still lower bounds for the typical-hand search, and consistent.
    pub fn typical(
        table: &StepTable,
        preds: &Preds,
        flags: &[usize],
        caps: &[[u8; 7]; 10],
    ) -> Bounds {
        let capped = Capped::of(caps);
        let goal = flags.len();
        let mut layers: Vec<Vec<u32>> = vec![Vec::new(); goal];
        for layer in (0..goal).rev() {
            let after = layers.get(layer + 1).filter(|_| layer + 1 < goal);
            layers[layer] =
                capped_bounds(table, preds, flags[layer], capped, after.map(Vec::as_slice));
        }
        Bounds {
            layers,
            capped,
            off: false,
        }
    }

    /// The bound of the search state with `layer` flags touched on `node` (`cell * 4 +
    /// facing`) before register phase `phase + 1` (0 at or beyond the goal), having played
    /// `turn` this turn (the cards of the registers before `phase`, indices into `CARDS`).
    pub fn of(&self, layer: u8, node: u32, phase: u8, turn: &[u8; 5]) -> u32 {
        let state = node as usize * PHASES + usize::from(phase);
        let at = if self.capped == Capped::NONE {
            Some(state)
        } else {
            self.capped
                .played(&turn[..usize::from(phase)])
                .map(|m| state * SETS + usize::from(m))
        };
        match at {
            Some(at) => self
                .layers
                .get(usize::from(layer))
                .and_then(|l| l.get(at))
                .copied()
                .unwrap_or(0),
            // A capped kind twice in one turn, which a typical hand never plays: no bound.
            None => 0,
        }
    }
}

/// Sets of capped kinds: a bit each, at most two kinds.
const SETS: usize = 4;

/// The card kinds (indices into `CARDS`, at most two) of which a turn of a typical-hand line
/// plays at most one: a typical 9-card hand holds at most one, and a turn's program, its locked
/// registers included, holds no more of a kind than that hand (`Searcher::typical_allows`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Capped([u8; 2]);

impl Capped {
    const NONE: Capped = Capped([u8::MAX; 2]);

    fn of(caps: &[[u8; 7]; 10]) -> Capped {
        let mut kinds = [u8::MAX; 2];
        let mut found = 0;
        // The cards that move furthest first: they tighten the bounds most.
        let mut order: Vec<usize> = (0..caps[0].len()).collect();
        order.sort_by_key(|&k| match CARDS.get(k).map(|c| c.kind) {
            Some(CardKind::Move3) => 0,
            Some(CardKind::Move2) => 1,
            _ => 2,
        });
        for k in order {
            if caps[0][k] <= 1 && found < kinds.len() {
                kinds[found] = k as u8;
                found += 1;
            }
        }
        Capped(kinds)
    }

    /// The bit of card `k`, 0 when it is not capped.
    fn bit(self, k: usize) -> u8 {
        self.0
            .iter()
            .position(|&c| usize::from(c) == k)
            .map_or(0, |i| 1 << i)
    }

    /// The set of capped kinds among `cards`; `None` when one of them comes twice.
    fn played(self, cards: &[u8]) -> Option<u8> {
        let mut m = 0;
        for &c in cards {
            let b = self.bit(usize::from(c));
            if m & b != 0 {
                return None;
            }
            m |= b;
        }
        Some(m)
    }
}

/// `layer_bounds` in the game where a turn plays at most one card of each kind in `capped`:
/// per table state and set of capped kinds already played this turn (`state * SETS + set`).
fn capped_bounds(
    table: &StepTable,
    preds: &Preds,
    flag: usize,
    capped: Capped,
    after: Option<&[u32]>,
) -> Vec<u32> {
    let states = table.states();
    let mut dist = vec![NEVER; states * SETS];
    let bits: Vec<u8> = (0..CARDS.len()).map(|k| capped.bit(k)).collect();
    // The set after playing a card of `bit` from set `m` in `phase`, or `None` when the card is
    // capped and already played this turn.
    let next = |m: u8, bit: u8, phase: usize| -> Option<u8> {
        (m & bit == 0).then_some(if phase + 1 == PHASES { 0 } else { m | bit })
    };
    // The steps onto the flag: into any state on its cell.
    let mut sources: Vec<(u32, u32)> = Vec::new();
    for t in (flag * 4 * PHASES)..((flag + 1) * 4 * PHASES) {
        for (u, k) in preds.with_cards(t) {
            for m in 0..SETS as u8 {
                let Some(m2) = next(m, bits[k], u % PHASES) else {
                    continue;
                };
                let rest = match after {
                    Some(a) => a[t * SETS + usize::from(m2)],
                    None => 0,
                };
                if rest != NEVER {
                    sources.push((rest + 1, (u * SETS) as u32 + u32::from(m)));
                }
            }
        }
    }
    settle(&mut dist, sources, |v, out| {
        let (t, m) = (v as usize / SETS, (v as usize % SETS) as u8);
        // A state on the flag is never entered within the layer: arriving there touches it.
        if t / PHASES / 4 == flag {
            return;
        }
        if t % PHASES == 0 {
            // The steps into it ended the turn: from every set without the card's kind (a turn
            // starts with none played, so only the empty set is reached this way).
            if m == 0 {
                for (u, k) in preds.with_cards(t) {
                    let (bit, base) = (bits[k], (u * SETS) as u32);
                    for m0 in 0..SETS as u32 {
                        if m0 & u32::from(bit) == 0 {
                            out.push(base + m0);
                        }
                    }
                }
            }
            return;
        }
        for (u, k) in preds.with_cards(t) {
            // The set before is this one without the card's kind (unchanged for a card not
            // capped).
            let bit = bits[k];
            if m & bit == bit {
                out.push((u * SETS) as u32 + u32::from(m & !bit));
            }
        }
    });
    dist
}

/// One layer's bounds: a step onto `flag` costs 1 plus the next layer's bound where it lands (0
/// when this is the last layer); any other step costs 1. Breadth-first backwards, the states
/// whose first value comes from touching the flag joining in the order of their values.
fn layer_bounds(table: &StepTable, preds: &Preds, flag: usize, after: Option<&[u32]>) -> Vec<u32> {
    let states = table.states();
    let mut dist = vec![NEVER; states];
    // The steps onto the flag: into any state on its cell.
    let mut sources: Vec<(u32, u32)> = Vec::new();
    for t in (flag * 4 * PHASES)..((flag + 1) * 4 * PHASES) {
        let rest = match after {
            Some(a) => a[t],
            None => 0,
        };
        if rest != NEVER {
            sources.extend(preds.of_state(t).iter().map(|&u| (rest + 1, u)));
        }
    }
    settle(&mut dist, sources, |v, out| {
        // A state on the flag is never entered within the layer: arriving there touches it.
        if (v as usize / PHASES) / 4 != flag {
            out.extend_from_slice(preds.of_state(v as usize));
        }
    });
    dist
}

/// Breadth-first backwards: each state gets its least value, from `sources` (value, state) or
/// from a state one step after it (`preds_of` lists the states one step before a settled one,
/// none for a state whose value may not pass on) plus one. One value at a time: the states
/// settled at it (the sources of that value among them), then the states one step before them
/// at the next value.
fn settle(
    dist: &mut [u32],
    mut sources: Vec<(u32, u32)>,
    mut preds_of: impl FnMut(u32, &mut Vec<u32>),
) {
    sources.sort_unstable();
    let (mut now, mut next): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    let mut before = Vec::new();
    let mut source = 0;
    let mut v = 0u32;
    loop {
        if now.is_empty() {
            match sources.get(source) {
                Some(&(d, _)) => v = v.max(d),
                None => break,
            }
        }
        while let Some(&(d, s)) = sources.get(source).filter(|s| s.0 <= v) {
            source += 1;
            if d < dist[s as usize] {
                dist[s as usize] = d;
                now.push(s);
            }
        }
        for &t in &now {
            before.clear();
            preds_of(t, &mut before);
            for &u in &before {
                if dist[u as usize] > v + 1 {
                    dist[u as usize] = v + 1;
                    next.push(u);
                }
            }
        }
        now.clear();
        std::mem::swap(&mut now, &mut next);
        v += 1;
    }
}
