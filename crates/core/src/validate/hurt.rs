//! Lower bounds that know damage (issue 17 item 7, fast at every size): for every flag still to
//! touch, table state and damage 0-9, the fewest registers to the last flag in the relaxed game
//! that keeps damage, destruction at 10 and the repairs at the end of each turn, but no locks
//! and any cards. Where the board's lasers make the plain bounds (`bounds.rs`, no damage) far too
//! low, a line search spends its passes on states that would be destroyed or must detour to a
//! repair; these see that. Every step of the searches is a step of this relaxed game with at
//! least as much damage (laser damage x N only adds), and less damage never hurts in it, so
//! these are lower bounds; they are exact distances in that game, so consistent. Computed only
//! when a search proves costly (`Searcher::search_bounded`): they take ten times the plain
//! bounds' memory.

use super::bounds::{NEVER, Preds, cell_states};
use crate::engine::steps::{PHASES, StepTable, damage_of};

/// Damage levels a live robot can have: 0-9.
const LEVELS: usize = 10;

/// No way to the goal; the values stop one short of it (a smaller bound is still a lower
/// bound, and one step never lowers it by more than one).
const FAR: u16 = u16::MAX;

/// The most values (2 bytes each) these bounds may take for all their layers; past it a search
/// keeps the plain bounds. 2 x 2 tiles of 64 x 64 with 3 flags take 10 million (0.2 s to
/// build); the largest course, 5 x 5 such tiles, 61 million (about 1.7 s to build; with them it
/// validated in 8.2 s of CPU and 573 MB instead of 4.6 s and 254 MB).
pub(super) const MOST_VALUES: usize = 32 << 20;

/// How many values the bounds towards the last of `flags` flags take.
pub(super) fn values(table: &StepTable, flags: usize) -> usize {
    table.states() * LEVELS * flags
}

pub(super) struct Hurt {
    /// `[layer][state * LEVELS + damage]`: registers to the last flag (`FAR`: none).
    layers: Vec<Vec<u16>>,
}

impl Hurt {
    /// The bounds towards touching the last of `flags`, with `wrenches` the repair of each cell
    /// at the end of a turn; `None` when they would take more than `MOST_VALUES` values or
    /// `stop` says the search was cancelled meanwhile.
    pub fn new(
        table: &StepTable,
        preds: &Preds,
        flags: &[usize],
        wrenches: &[u8],
        stop: &dyn Fn() -> bool,
    ) -> Option<Hurt> {
        if values(table, flags.len()) > MOST_VALUES {
            return None;
        }
        let steps = Steps::of(table, preds);
        let mut layers: Vec<Vec<u16>> = vec![Vec::new(); flags.len()];
        for layer in (0..flags.len()).rev() {
            let after = layers.get(layer + 1).map(Vec::as_slice);
            layers[layer] = layer_bounds(table, &steps, flags[layer], wrenches, after, stop)?;
        }
        Some(Hurt { layers })
    }

    /// The bound of the state with `layer` flags touched on `node` before register phase
    /// `phase + 1` with `damage` (0 at or beyond the goal).
    pub fn of(&self, layer: u8, node: u32, phase: u8, damage: u8) -> u32 {
        let at = (node as usize * PHASES + usize::from(phase)) * LEVELS
            + usize::from(damage).min(LEVELS - 1);
        self.layers
            .get(usize::from(layer))
            .and_then(|l| l.get(at))
            .map_or(0, |&d| value(d))
    }
}

/// The damage after a step that takes `hurt` from `damage`, ending a turn (`ends`) on a cell
/// with `wrench` repairs; `None` when it destroys the robot.
fn after_step(damage: usize, hurt: u8, ends: bool, wrench: u8) -> Option<usize> {
    let d = damage + usize::from(hurt);
    if d >= LEVELS {
        return None;
    }
    Some(if ends {
        d - usize::from(wrench).min(d)
    } else {
        d
    })
}

/// Every table state's predecessors with the damage of the step each takes, one word a step
/// (`state << 4 | damage`, a damage over 15 as 15: a step of 10 or more always destroys), so
/// that one read serves a predecessor: table state `t`'s are `packed[start[t]..start[t + 1]]`.
/// A predecessor with several cards to `t` (three moves into a wall) is listed once, with the
/// least damage among them: it passes on the most.
struct Steps {
    start: Vec<u32>,
    packed: Vec<u32>,
}

/// The bits of a packed step that hold its damage.
const DAMAGE_BITS: u32 = 4;
const DAMAGE: u32 = (1 << DAMAGE_BITS) - 1;

// Every state of a table these bounds are built for fits beside a step's damage.
const _: () = assert!(MOST_VALUES / LEVELS < 1 << (32 - DAMAGE_BITS));

impl Steps {
    fn of(table: &StepTable, preds: &Preds) -> Steps {
        let states = table.states();
        let mut start = Vec::with_capacity(states + 1);
        let mut packed: Vec<u32> = Vec::with_capacity(preds.list.len());
        start.push(0);
        for t in 0..states {
            // `Preds` lists a state's predecessors by state, then card: the same one in a row.
            let mut last = None;
            for (u, k) in preds.with_cards(t) {
                let hurt = u32::from(damage_of(table.steps(u)[k])).min(DAMAGE);
                let step = ((u as u32) << DAMAGE_BITS) | hurt;
                match packed.last_mut() {
                    Some(p) if last == Some(u) => *p = (*p).min(step),
                    _ => packed.push(step),
                }
                last = Some(u);
            }
            start.push(packed.len() as u32);
        }
        Steps { start, packed }
    }

    /// The steps into table state `t`.
    fn into(&self, t: usize) -> &[u32] {
        &self.packed[self.start[t] as usize..self.start[t + 1] as usize]
    }
}

/// A state's word while a layer is built: the most damage it reaches the goal from within the
/// values so far, plus one (0: none), in the low four bits (`MOST`); the same at the value
/// being expanded in the high four, kept when a step raises it for the next value before it
/// was expanded (`BEFORE`).
const MOST: u8 = 0xf;
const BEFORE: u32 = 4;

/// One layer: a step onto `flag` costs 1 plus the next layer's bound where it lands (0 for the
/// last layer); any other step costs 1. `None` when `stop` asks for it.
///
/// Breadth-first backwards by value, one state at a time rather than one (state, damage) pair:
/// less damage never hurts, so the damages a state reaches the goal from within a value are all
/// those up to some most, and a step passes on the most its predecessor may have had. A state
/// is passed on again each time its most rises (at most ten times). Its most and its most at
/// the value being expanded share one byte (`MOST`), the predecessors and their steps' damage
/// one array (`Steps`), and a value's states are expanded in state order (`Frontier`): the loop
/// over the predecessors reads one byte of each, and a state's values are written once per
/// value, when it is expanded.
fn layer_bounds(
    table: &StepTable,
    steps: &Steps,
    flag: usize,
    wrenches: &[u8],
    after: Option<&[u16]>,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<u16>> {
    let states = table.states();
    let mut dist = vec![FAR; states * LEVELS];
    let mut word = vec![0u8; states];
    // Per state, up to which most (plus one) its values are written.
    let mut written = vec![0u8; states];
    let on_flag = cell_states(flag);
    // (value, state, most damage): the steps onto the flag.
    let mut sources: Vec<(u32, u32, u8)> = Vec::new();
    for t in on_flag.clone() {
        // The steps into a state of phase 1 end a turn.
        let ends = t.is_multiple_of(PHASES);
        for &step in steps.into(t) {
            let (u, hurt) = (step >> DAMAGE_BITS, (step & DAMAGE) as u8);
            for d in 0..LEVELS {
                let Some(d2) = after_step(d, hurt, ends, wrenches[flag]) else {
                    break;
                };
                let rest = match after {
                    Some(a) => value(a[t * LEVELS + d2]),
                    None => 0,
                };
                if rest != NEVER {
                    sources.push((rest + 1, u, d as u8));
                }
            }
        }
    }
    sources.sort_unstable();
    // Raises `u`'s most to `level - 1` at a value whose states are `list`; its values are
    // written when it is expanded.
    let raise = |u: usize, level: u8, word: &mut [u8], list: &mut Frontier| {
        let x = word[u];
        word[u] = if list.insert(u) {
            ((x & MOST) << BEFORE) | level
        } else {
            (x & !MOST) | level
        };
    };
    let (mut now, mut next) = (Frontier::new(states), Frontier::new(states));
    let mut source = 0;
    let mut v = 0u32;
    let mut rounds = 0u32;
    loop {
        // Asked to stop: looked at every 64 values (each a pass over the states settled at it).
        if rounds.is_multiple_of(64) && stop() {
            return None;
        }
        rounds += 1;
        if now.is_empty() {
            match sources.get(source) {
                Some(&(sv, ..)) => v = v.max(sv),
                None => break,
            }
        }
        while let Some(&(_, u, d)) = sources.get(source).filter(|s| s.0 <= v) {
            source += 1;
            let level = d + 1;
            if level > word[u as usize] & MOST {
                raise(u as usize, level, &mut word, &mut now);
            }
        }
        let stored = v.min(u32::from(FAR - 1)) as u16;
        now.drain(
            |t, next| {
                let x = word[t];
                // Its most at this value, plus one: a step processed before it may have raised it
                // for the next one already. The damages from its last written one up to it take
                // this value.
                let mut top = if next.contains(t) {
                    x >> BEFORE
                } else {
                    x & MOST
                };
                dist[t * LEVELS + usize::from(written[t])..t * LEVELS + usize::from(top)]
                    .fill(stored);
                written[t] = top;
                // A state on the flag is never entered within the layer: arriving there touches it.
                if on_flag.contains(&t) {
                    return;
                }
                // A step ending the turn: the damage before the repair may be the wrench more.
                if t.is_multiple_of(PHASES) {
                    top = top
                        .saturating_add(wrenches[t / PHASES / 4])
                        .min(LEVELS as u8);
                }
                for &step in steps.into(t) {
                    let (u, hurt) = ((step >> DAMAGE_BITS) as usize, (step & DAMAGE) as u8);
                    if top > hurt && top - hurt > word[u] & MOST {
                        raise(u, top - hurt, &mut word, next);
                    }
                }
            },
            &mut next,
        );
        std::mem::swap(&mut now, &mut next);
        v += 1;
    }
    Some(dist)
}

/// The states queued at one value, as bits in state order (and a bit per word of them that is
/// not empty), so that they are expanded in that order: the predecessor lists of a value's
/// states are then read front to back, and their predecessors' words lie near each other.
struct Frontier {
    bits: Vec<u64>,
    words: Vec<u64>,
    len: usize,
}

impl Frontier {
    fn new(states: usize) -> Frontier {
        let bits = states.div_ceil(64);
        Frontier {
            bits: vec![0; bits],
            words: vec![0; bits.div_ceil(64)],
            len: 0,
        }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Queues state `u`: whether it was not queued yet.
    fn insert(&mut self, u: usize) -> bool {
        let (w, bit) = (u / 64, 1u64 << (u % 64));
        let new = self.bits[w] & bit == 0;
        if new {
            self.bits[w] |= bit;
            self.words[w / 64] |= 1 << (w % 64);
            self.len += 1;
        }
        new
    }

    /// Whether state `u` is queued.
    fn contains(&self, u: usize) -> bool {
        self.bits[u / 64] & (1 << (u % 64)) != 0
    }

    /// Calls `f` on every state queued, in order, with `other`, and empties the queue.
    fn drain(&mut self, mut f: impl FnMut(usize, &mut Frontier), other: &mut Frontier) {
        for (i, summary) in self.words.iter_mut().enumerate() {
            let mut summary = std::mem::take(summary);
            while summary != 0 {
                let w = i * 64 + summary.trailing_zeros() as usize;
                summary &= summary - 1;
                let mut bits = std::mem::take(&mut self.bits[w]);
                while bits != 0 {
                    f(w * 64 + bits.trailing_zeros() as usize, other);
                    bits &= bits - 1;
                }
            }
        }
        self.len = 0;
    }
}

/// A stored value as a bound (`NEVER` for `FAR`).
fn value(d: u16) -> u32 {
    if d == FAR { NEVER } else { u32::from(d) }
}

#[cfg(test)]
#[path = "hurt_tests.rs"]
pub(super) mod tests;
