//! Lower bounds for the line searches (issue 17 item 7: fast at every size): for every flag still
//! to touch, register phase, square and facing, the fewest registers to the goal in the relaxed
//! game with no damage, no locks and any cards (a backward search over the step table). The
//! constrained searches (`search.rs`) only ever take steps this relaxed game has, so these are
//! true lower bounds, and they are consistent (one step lowers them by at most one): a
//! breadth-first search that drops the states whose level plus bound exceeds a limit visits
//! exactly the states of the full search under that limit, in the same order, and so finds the
//! same first finish once the limit reaches it (see `Searcher::search_bounded`).

use crate::engine::CardKind;
use crate::engine::steps::{CARDS, NO_STEP, PHASES, StepTable, damage_of};
use packed::Layer;
use std::sync::Arc;
use typical::{Typical, TypicalLayer};

/// No way to the goal even in the relaxed game.
pub(super) const NEVER: u32 = u32::MAX;

/// Predecessor lists in one array: table state `v`'s are `list[start[v]..start[v + 1]]`, each
/// as `state << CARD_BITS | card` with the card it plays to get there (index into `CARDS`),
/// listed by state, then card.
pub(super) struct Preds {
    pub start: Vec<u32>,
    pub list: Vec<u32>,
}

/// Bits of a predecessor's card in `Preds::list`.
const CARD_BITS: u32 = 3;

// Every card fits its bits, and every table state of the largest board the format allows
// (`MAX_OFFSET` + `MAX_TILE_SIDE` squares a side) the bits beside it.
const _: () = {
    assert!(CARDS.len() <= 1 << CARD_BITS);
    let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u64;
    assert!(side * side * 4 * (PHASES as u64) < 1 << (32 - CARD_BITS));
};

impl Preds {
    /// The predecessors of every table state, for the backward searches.
    pub fn of(table: &StepTable) -> Preds {
        let states = table.states();
        debug_assert!((states as u64) < 1 << (32 - CARD_BITS));
        // A step from register phase `p` lands in phase `p + 1` (0 after the last): the phase
        // after each state's, walking the states in order.
        let after = |phase: usize| if phase + 1 == PHASES { 0 } else { phase + 1 };
        let mut count = vec![0u32; states + 1];
        let mut next = 1;
        for state in 0..states {
            for to in table.next_nodes(state) {
                if to != NO_STEP {
                    count[to as usize * PHASES + next + 1] += 1;
                }
            }
            next = after(next);
        }
        for i in 0..states {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut list = vec![0u32; count[states] as usize];
        let mut next = 1;
        for state in 0..states {
            for (k, &to) in table.next_nodes(state).iter().enumerate() {
                if to != NO_STEP {
                    let at = &mut fill[to as usize * PHASES + next];
                    list[*at as usize] = (state as u32) << CARD_BITS | k as u32;
                    *at += 1;
                }
            }
            next = after(next);
        }
        Preds { start: count, list }
    }

    /// The predecessors of table state `v`.
    pub fn of_state(&self, v: usize) -> impl Iterator<Item = u32> + '_ {
        let (from, to) = (self.start[v] as usize, self.start[v + 1] as usize);
        self.list[from..to].iter().map(|&e| e >> CARD_BITS)
    }

    /// The predecessors of table state `v`, each with the card (index into `CARDS`) it plays
    /// to get there.
    pub fn with_cards(&self, v: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (from, to) = (self.start[v] as usize, self.start[v + 1] as usize);
        self.list[from..to].iter().map(|&e| {
            (
                (e >> CARD_BITS) as usize,
                (e & ((1 << CARD_BITS) - 1)) as usize,
            )
        })
    }
}

/// Where a destroyed robot may return, for the bounds under One Free Life and Infinite Lives
/// (docs/validation.md, Lives): a robot destroyed in register phase `p` loses that register and
/// the rest of the turn (`PHASES - p` registers in all) and starts the next turn on its archive,
/// facing as it chooses (RULINGS.md, Re-entry). The archive is the square it started on, or the
/// flag or repair site it last ended a phase on (`Searcher::site`). Never the flag it needs next:
/// ending a phase there touches it, and the robot needs the one after. So the relaxed game has a
/// step from every state that can destroy its robot, costing `PHASES - p`, to the best state in
/// register phase 1 of the same layer on a start, a repair site or a flag other than the layer's
/// own, and the bounds stay lower bounds and consistent for the searches that follow a
/// destruction (`search.rs`, `lives.rs`).
pub(in crate::validate) struct Returns {
    /// Per cell: a start (`A_START`), a flag or repair site (`A_SITE`), both, or neither (0).
    archive: Vec<u8>,
    /// Per register phase, the table states in it with a card that may destroy the robot: one
    /// that falls, leaves the board or is crushed, or takes damage (the tenth point may come
    /// from any damage).
    deadly: [Vec<u32>; PHASES],
}

/// `Returns::archive`: a cell a search starts from.
const A_START: u8 = 1;
/// `Returns::archive`: a flag or repair site.
const A_SITE: u8 = 2;

impl Returns {
    /// A robot that may return to `starts` (the cells its searches start from) and `sites` (the
    /// flags and repair sites) on `table`.
    pub fn to(
        table: &StepTable,
        starts: impl IntoIterator<Item = usize>,
        sites: impl IntoIterator<Item = usize>,
    ) -> Returns {
        let mut archive = vec![0u8; table.cells()];
        let (starts, sites) = (starts.into_iter(), sites.into_iter());
        for (c, kind) in starts
            .map(|c| (c, A_START))
            .chain(sites.map(|c| (c, A_SITE)))
        {
            if let Some(a) = archive.get_mut(c) {
                *a |= kind;
            }
        }
        let mut deadly: [Vec<u32>; PHASES] = Default::default();
        for state in 0..table.states() {
            let mut ways = table.steps(state).iter().enumerate();
            if ways.any(|(k, &step)| {
                (step == NO_STEP && table.destroys(state, k)) || damage_of(step) > 0
            }) {
                deadly[state % PHASES].push(state as u32);
            }
        }
        Returns { archive, deadly }
    }

    /// Whether table state `t` is a return in the layer that needs `flag` next: in register
    /// phase 1 on a start, or on a flag or repair site other than `flag`.
    fn is_return(&self, t: usize, flag: usize) -> bool {
        let cell = t / PHASES / 4;
        let kind = self.archive.get(cell).copied().unwrap_or(0);
        t.is_multiple_of(PHASES) && (kind & A_START != 0 || (kind & A_SITE != 0 && cell != flag))
    }
}

/// The relaxed registers to a goal layer from every state of the layers before it.
pub(super) struct Bounds {
    /// `[layer]`: per table state the registers to the goal (`NEVER`: none); empty for the
    /// layers the goal does not need (before `first`). Kept in 16 bits (`narrow`), or four on a
    /// large table (`Layer::Packed`). For the typical hand's bounds, those with no capped kind
    /// played yet this turn (`Typical`).
    layers: Vec<Layer>,
    /// A typical hand's bounds (`Bounds::typical`); `None` for the others.
    typical: Option<Typical>,
    /// No bounds: every search is whole (moving flags, where a flag's square changes with the
    /// turn and a bound from one square would not be a lower bound).
    off: bool,
}

impl Bounds {
    /// No bounds at all: `Searcher::search_bounded` runs the whole search.
    pub fn off() -> Bounds {
        Bounds {
            layers: Vec::new(),
            typical: None,
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
        Bounds::returning(table, preds, flags, first, goal, None)
    }

    /// `new`, in the relaxed game where a robot may also be destroyed and return (`Returns`:
    /// One Free Life, Infinite Lives) when `returns` is given.
    pub fn returning(
        table: &StepTable,
        preds: &Preds,
        flags: &[usize],
        first: usize,
        goal: usize,
        returns: Option<&Returns>,
    ) -> Bounds {
        let values = table.states().saturating_mul(goal.saturating_sub(first));
        Bounds::returning_kept(
            table,
            preds,
            flags,
            (first, goal),
            returns,
            (values >= COMPACT, Bounds::side_by_side_on(table)),
        )
    }

    /// Bounds towards the last flag for lines a typical hand allows (`hands::typical_caps`):
    /// the relaxed game with no damage and no locks, where a turn plays at most one card of each
    /// kind in `capped` (`Capped::of`: Move 3 and Move 2). Tighter than `new`, which lets every
    /// register play Move 3; still lower bounds for the typical-hand search, and consistent.
    ///
    /// `preds` are dropped once read (the layers walk lists of their own): when the caller
    /// holds them no more, the 70 MB of the largest board's are freed before its bounds are
    /// built.
    #[cfg(test)]
    pub fn typical(
        table: &StepTable,
        preds: Arc<Preds>,
        flags: &[usize],
        caps: &[[u8; 7]; 10],
    ) -> Bounds {
        Bounds::typical_until(table, preds, flags, caps, &|| false).unwrap_or_else(Bounds::off)
    }

    /// `typical`, or `None` when `stop` says so (asked between one flag's values and the
    /// next's): they may be built beside the line's search before it is known whether they
    /// are needed (`Searcher::typical_bounds`).
    pub fn typical_until(
        table: &StepTable,
        preds: Arc<Preds>,
        flags: &[usize],
        caps: &[[u8; 7]; 10],
        stop: &dyn Fn() -> bool,
    ) -> Option<Bounds> {
        let compact = Bounds::typical_values(table, flags.len()) >= COMPACT_TYPICAL;
        Bounds::typical_kept(table, preds, flags, caps, compact, stop)
    }

    /// `typical`, its sets kept in four bits or not as `compact` says (`TypicalLayer::of`).
    fn typical_kept(
        table: &StepTable,
        preds: Arc<Preds>,
        flags: &[usize],
        caps: &[[u8; 7]; 10],
        compact: bool,
        stop: &dyn Fn() -> bool,
    ) -> Option<Bounds> {
        if table.states() > MOST_STATES {
            // No table the format allows comes near (the largest has about 2 million states),
            // but past this the predecessor lists with their capped bits would not fit 32
            // bits: the searches run whole, as without bounds.
            return Some(Bounds::off());
        }
        let capped = Capped::of(caps);
        let preds = CappedPreds::of(preds, capped);
        let goal = flags.len();
        let mut layers: Vec<Layer> = Vec::with_capacity(goal);
        let mut typical: Vec<TypicalLayer> = Vec::with_capacity(goal);
        // The layer after, whole: the next layer's values start from it.
        let mut after: Option<Vec<u16>> = None;
        for layer in (0..goal).rev() {
            if stop() {
                return None;
            }
            let values = capped_bounds(table, &preds, flags[layer], after.as_deref());
            let mut none = Vec::new();
            typical.push(TypicalLayer::of(&values, &mut none, compact));
            layers.push(Layer::of(none, compact));
            after = Some(values);
        }
        layers.reverse();
        typical.reverse();
        let mut bits = [0; 256];
        bits[..CARDS.len()].copy_from_slice(&capped.0);
        Some(Bounds {
            layers,
            typical: Some(Typical {
                layers: typical,
                bits,
            }),
            off: false,
        })
    }

    /// How many values `typical` takes for `flags` flags on `table`: one per table state, set of
    /// capped kinds and flag.
    pub fn typical_values(table: &StepTable, flags: usize) -> usize {
        table.states().saturating_mul(SETS).saturating_mul(flags)
    }

    /// The bound of the search state with `layer` flags touched on `node` (`cell * 4 +
    /// facing`) before register phase `phase + 1` (0 at or beyond the goal), having played
    /// `turn` this turn (the cards of the registers before `phase`, indices into `CARDS`).
    #[inline(always)]
    pub fn of(&self, layer: u8, node: u32, phase: u8, turn: &[u8; 5]) -> u32 {
        let state = node as usize * PHASES + usize::from(phase);
        let layer = usize::from(layer);
        let plain = |values: &Layer| values.get(state).unwrap_or(0);
        let Some(typical) = &self.typical else {
            return self.layers.get(layer).map_or(0, plain);
        };
        let mut m = 0;
        for &c in turn.iter().take(usize::from(phase)) {
            let bit = typical.bits[usize::from(c)];
            if m & bit != 0 {
                // A capped kind twice in one turn, which a typical hand never plays: no bound.
                return 0;
            }
            m |= bit;
        }
        let m = usize::from(m);
        match typical.layers.get(layer) {
            None => 0,
            Some(TypicalLayer::Whole(values)) => {
                values.get(state * SETS + m).copied().map_or(0, widen)
            }
            Some(over) => {
                let none = self.layers.get(layer).map_or(0, plain);
                if m == 0 {
                    none
                } else {
                    over.get(state, m, none).unwrap_or(0)
                }
            }
        }
    }
}

/// From this many values (`Bounds::typical_values`: 16 MB whole) a typical hand's bounds keep
/// their sets in four bits (`TypicalLayer::Over`).
const COMPACT_TYPICAL: usize = 8 << 20;

/// From this many values (16 MB whole: one table state and layer each) the plain bounds and
/// those that know a return keep their layers in four bits (`Layer::Packed`): on a small table
/// the four bits cost more time to read than they save.
const COMPACT: usize = 8 << 20;

/// The most a bound kept in 16 bits says (`narrow`).
const MOST_KEPT: u32 = i16::MAX as u32;

/// A layer's values in 16 bits: `NEVER` as `u16::MAX`, the others at most `MOST_KEPT` (32,767).
/// A bound so cut is still a lower bound, and still consistent (min(b, c) drops by at most one
/// along a step where b does); no line on a board a person draws comes near. The builders keep
/// each value so as they find it (`narrow_one`).
#[cfg(test)]
fn narrow(values: Vec<u32>) -> Vec<u16> {
    values.into_iter().map(narrow_one).collect()
}

/// One value as `narrow` keeps it.
fn narrow_one(v: u32) -> u16 {
    match v {
        NEVER => u16::MAX,
        v => v.min(MOST_KEPT) as u16,
    }
}

/// A value kept by `narrow`, back in 32 bits: sign-extended, so that `u16::MAX` comes back as
/// `NEVER` and every other value (under 2^15) as itself, in one instruction on the searches' path.
fn widen(v: u16) -> u32 {
    v as i16 as u32
}

/// Sets of capped kinds: a bit each, at most two kinds.
const SETS: usize = 4;

/// The card kinds (indices into `CARDS`, at most two) of which a turn of a typical-hand line
/// plays at most one: a typical 9-card hand holds at most one, and a turn's program, its locked
/// registers included, holds no more of a kind than that hand (`Searcher::typical_allows`).
/// Kept as the bit of each card of `CARDS` (0 for a card not capped), which `Bounds::of` reads
/// for every state a search bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Capped([u8; CARDS.len()]);

impl Capped {
    fn of(caps: &[[u8; 7]; 10]) -> Capped {
        let mut kinds = [0usize; 2];
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
                kinds[found] = k;
                found += 1;
            }
        }
        let mut bits = [0; CARDS.len()];
        for (i, &k) in kinds[..found].iter().enumerate() {
            bits[k] = 1 << i;
        }
        Capped(bits)
    }
}

/// A set's bit in a mask of sets: set `m` (of capped kinds) is bit `m`.
const fn set_bit(m: usize) -> u8 {
    1 << m
}

/// The sets a state in each register phase can hold, as a mask: none played before the first
/// register, at most one kind before the second. The others never occur in a search and are
/// left `NEVER`: no state a search reaches has a step into them, so leaving them out changes no
/// other state's value.
const ALLOWED: [u8; PHASES] = [
    set_bit(0),
    set_bit(0) | set_bit(1) | set_bit(2),
    0b1111,
    0b1111,
    0b1111,
];

/// `BEFORE[bit][mask]`: the sets before a card of capped kind `bit` (0 for one not capped) was
/// played within a turn, for the sets `mask` after it: each set holding the card's kind, without
/// it (for a card not capped, the same sets).
const BEFORE: [[u8; 16]; SETS] = {
    let mut table = [[0u8; 16]; SETS];
    let mut bit = 0;
    while bit < SETS {
        let mut mask = 0;
        while mask < 16 {
            let mut m = 0;
            while m < SETS {
                if mask & (1 << m) != 0 && m & bit == bit {
                    table[bit][mask] |= 1 << (m & !bit);
                }
                m += 1;
            }
            mask += 1;
        }
        bit += 1;
    }
    table
};

/// `START[bit]`: the sets before a turn's last card of capped kind `bit` (0 for one not
/// capped), which ends the turn and so leads to the empty set: every set without its kind.
const START: [u8; SETS] = {
    let mut table = [0u8; SETS];
    let mut bit = 0;
    while bit < SETS {
        let mut m = 0;
        while m < SETS {
            if m & bit == 0 {
                table[bit] |= 1 << m;
            }
            m += 1;
        }
        bit += 1;
    }
    table
};

/// The most table states `CappedPreds` can number with two bits to spare.
const MOST_STATES: usize = 1 << 30;

/// The predecessor lists of `Preds` with each entry's capped kind: `state * 4 + bit`, the bit
/// of the card it plays (`Capped`, 0 for a card not capped). Built once for all the layers of
/// `Bounds::typical` and read for every table state each of them settles.
struct CappedPreds {
    start: Vec<u32>,
    list: Vec<u32>,
}

impl CappedPreds {
    /// From `preds`, which are dropped here: their starts are taken over when no one else
    /// holds them, copied otherwise.
    fn of(preds: Arc<Preds>, capped: Capped) -> CappedPreds {
        // Rewritten in place when no one else holds them: a copy of the list took another 57
        // MB on the largest board while the old one was still held (the run's peak with 8 flags).
        let Preds { start, mut list } = Arc::try_unwrap(preds).unwrap_or_else(|shared| Preds {
            start: shared.start.clone(),
            list: shared.list.clone(),
        });
        for e in &mut list {
            let (u, k) = (*e >> CARD_BITS, *e & ((1 << CARD_BITS) - 1));
            *e = u << 2 | u32::from(capped.0.get(k as usize).map_or(0, |b| b & 3));
        }
        CappedPreds { start, list }
    }

    /// Table state `t`'s predecessors, each as `state * 4 + bit`.
    fn of_state(&self, t: usize) -> &[u32] {
        let (from, to) = (self.start[t] as usize, self.start[t + 1] as usize);
        &self.list[from..to]
    }
}

/// `PASS[phase][mask]`: for a table state in register phase `phase` whose sets `mask` were
/// just settled, the sets they give the states one step before it, by the capped bit of the card
/// played (`BEFORE`, or `START` when the step ended a turn), only those the state before can
/// hold (`ALLOWED`).
const PASS: [[[u8; SETS]; 16]; PHASES] = {
    let mut table = [[[0u8; SETS]; 16]; PHASES];
    let mut phase = 0;
    while phase < PHASES {
        let allowed = ALLOWED[(phase + PHASES - 1) % PHASES];
        let mut mask = 0;
        while mask < 16 {
            let mut bit = 0;
            while bit < SETS {
                table[phase][mask][bit] = if phase > 0 {
                    BEFORE[bit][mask] & allowed
                } else if mask & 1 != 0 {
                    START[bit] & allowed
                } else {
                    0
                };
                bit += 1;
            }
            mask += 1;
        }
        phase += 1;
    }
    table
};

/// `layer_bounds` in the game where a turn plays at most one card of each kind in `capped`:
/// per table state and set of capped kinds already played this turn (`state * SETS + set`),
/// `NEVER` for the sets outside `ALLOWED`, kept in 16 bits (`narrow_one`). The states of one
/// table state are searched together: per table state a mask of the sets with a value, and one
/// walk over its predecessors passes on every set it was given at a value at once (`PASS`).
fn capped_bounds(
    table: &StepTable,
    preds: &CappedPreds,
    flag: usize,
    after: Option<&[u16]>,
) -> Vec<u16> {
    let states = table.states();
    let on_flag = cell_states(flag);
    // The steps onto the flag: into any state on its cell, from every set the state before it
    // can hold that does not hold the card's kind already.
    let mut sources: Vec<(u32, u32, u8)> = Vec::new();
    for t in on_flag.clone() {
        for &e in preds.of_state(t) {
            let (u, bit) = (e >> 2, (e & 3) as u8);
            let phase = u as usize % PHASES;
            for m in 0..SETS as u8 {
                if ALLOWED[phase] & set_bit(usize::from(m)) == 0 || m & bit != 0 {
                    continue;
                }
                let m2 = if phase + 1 == PHASES { 0 } else { m | bit };
                let rest = after.map_or(0, |a| widen(a[t * SETS + usize::from(m2)]));
                if rest != NEVER {
                    sources.push((rest + 1, u, m));
                }
            }
        }
    }
    sources.sort_unstable();
    // Kept in 16 bits as they are found (`narrow_one`), as `layer_bounds` keeps its own.
    let mut dist = vec![u16::MAX; states * SETS];
    // Per table state: the sets with a value (bits 0-3) and those given one at the value being
    // settled and at the next, in bits 4-7 for even values and 8-11 for odd ones.
    let mut marks = vec![0u16; states];
    let fresh = |v: u32| 4 + 4 * (v & 1);
    // Sets `mask` of table state `u` get value `v` where they have none; `list` holds the
    // table states given one at `v`, each once.
    let give = |marks: &mut [u16], list: &mut Vec<u32>, u: usize, mask: u8, v: u32| {
        let Some(mark) = marks.get_mut(u) else {
            return;
        };
        let new = u16::from(mask) & !*mark;
        if new != 0 {
            if *mark >> fresh(v) & 0b1111 == 0 {
                list.push(u as u32);
            }
            *mark |= new | new << fresh(v);
        }
    };
    let (mut now, mut next): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    let mut source = 0;
    let mut v = 0u32;
    loop {
        if now.is_empty() {
            match sources.get(source) {
                Some(&(d, ..)) => v = v.max(d),
                None => break,
            }
        }
        while let Some(&(_, u, m)) = sources.get(source).filter(|s| s.0 <= v) {
            source += 1;
            give(&mut marks, &mut now, u as usize, set_bit(usize::from(m)), v);
        }
        by_state(&mut now, states);
        for &t in &now {
            let t = t as usize;
            let Some(mark) = marks.get_mut(t) else {
                continue;
            };
            let mask = (*mark >> fresh(v) & 0b1111) as u8;
            *mark &= !(0b1111 << fresh(v));
            if let Some(values) = dist.get_mut(t * SETS..(t + 1) * SETS) {
                for (m, value) in values.iter_mut().enumerate() {
                    if mask & set_bit(m) != 0 {
                        *value = narrow_one(v);
                    }
                }
            }
            // A state on the flag is never entered within the layer: arriving there touches it.
            if on_flag.contains(&t) {
                continue;
            }
            let before = PASS[t % PHASES][usize::from(mask)];
            if before == [0; SETS] {
                continue;
            }
            pass_on(
                preds.of_state(t),
                before,
                &mut marks,
                &mut next,
                fresh(v + 1),
            );
        }
        now.clear();
        std::mem::swap(&mut now, &mut next);
        v += 1;
    }
    dist
}

/// The table states on `cell`: its four facings in every register phase (the states on a flag,
/// where a backward search starts).
pub(in crate::validate) fn cell_states(cell: usize) -> std::ops::Range<usize> {
    (cell * 4 * PHASES)..((cell + 1) * 4 * PHASES)
}

/// From this many states settled at one value, `by_state` sorts them.
const SORT_FROM: usize = 1024;

/// From this many table states (their values and predecessor lists past a few MB, more than a
/// processor's caches hold), `by_state` sorts: on a smaller table the order costs nothing.
const SORT_TABLES_FROM: usize = 1 << 18;

/// The states settled at one value, in the order of the table of `states` states (`layer_bounds`,
/// `capped_bounds`, `solver::cut::reaching`): the order they are settled in within a value
/// changes no value, and walking them in the table's order reads their predecessor lists and
/// writes their predecessors' values near the last ones. Where destructions settle states all
/// over a large board at once (the bounds that know a return) the walk took four times as long
/// in the order they came. Put in order a digit of `DIGIT_BITS` at a time, least first (two
/// counting passes on the largest board), where a sort compared them many times over (issue 17
/// item 7: on the largest board with 8 flags the sort took 0.66 s of the validation's 18 s of
/// CPU). Only in blocks of 256 states, one pass, the walks that follow took 0.9 s more: within a
/// block the exact order still matters.
pub(in crate::validate) fn by_state(now: &mut [u32], states: usize) {
    if states < SORT_TABLES_FROM || now.len() < SORT_FROM {
        return;
    }
    let bits = usize::BITS - states.leading_zeros();
    let mut other = vec![0u32; now.len()];
    // Whether the states, sorted by the digits so far, are in `other` rather than `now`.
    let mut moved = false;
    let mut shift = 0;
    while shift < bits {
        let (from, to) = match moved {
            false => (&*now, &mut other[..]),
            true => (&other[..], &mut *now),
        };
        let digit = |t: u32| (t >> shift) as usize & ((1 << DIGIT_BITS) - 1);
        let mut at = [0u32; 1 << DIGIT_BITS];
        for &t in from {
            at[digit(t)] += 1;
        }
        let mut total = 0;
        for n in &mut at {
            (*n, total) = (total, total + *n);
        }
        for &t in from {
            let place = &mut at[digit(t)];
            to[*place as usize] = t;
            *place += 1;
        }
        moved = !moved;
        shift += DIGIT_BITS;
    }
    if moved {
        now.copy_from_slice(&other);
    }
}

/// `by_state`'s digits: 11 bits, 2,048 counts (8 KB).
const DIGIT_BITS: u32 = 11;

/// The sets `before[bit]` to each predecessor `e` (`CappedPreds`: `state * 4 + bit`) of a table
/// state settled at `v - 1`, where they have no value yet; marked given at `v` in the bits from
/// `shift` on and listed in `next` (`capped_bounds`).
fn pass_on(preds: &[u32], before: [u8; SETS], marks: &mut [u16], next: &mut Vec<u32>, shift: u32) {
    for &e in preds {
        let u = (e >> 2) as usize;
        let Some(mark) = marks.get_mut(u) else {
            continue;
        };
        let new = u16::from(before[(e & 3) as usize]) & !*mark;
        if new != 0 {
            if *mark >> shift & 0b1111 == 0 {
                next.push(u as u32);
            }
            *mark |= new | new << shift;
        }
    }
}

mod layers;
mod packed;
#[cfg(test)]
mod tests;
mod typical;
