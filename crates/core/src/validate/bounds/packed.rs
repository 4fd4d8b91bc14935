//! A layer of bounds kept small (issue 17 item 7: the largest course validates in under 300 MB):
//! the values of one cell's states over the least of them, in four bits each.

use super::{NEVER, narrow_one, widen};
use crate::engine::steps::PHASES;

/// The table states of one cell: four facings, each in every register phase (`node * PHASES +
/// phase`, `node = cell * 4 + facing`).
const CELL: usize = 4 * PHASES;

/// `Packed::nibbles`: the value is not over the cell's least by less than this; it is listed in
/// `Packed::escapes`.
const ESCAPE: u8 = 0xF;

/// One layer's values (`Bounds::layers`), as `narrow_one` keeps them.
pub(super) enum Layer {
    /// Per table state, in 16 bits.
    Whole(Vec<u16>),
    /// In four bits a state (`Packed`).
    Packed(Packed),
}

/// A layer's values over the least value of each cell. One cell's states are a robot on one
/// square in its four facings and five register phases: a consistent bound drops by at most one
/// a step and a turn is one step, so they seldom differ by much. 2 bytes a cell and half a byte
/// a state instead of 2 bytes a state: 39 MB instead of 131 for the 32 layers of the largest
/// board with 32 flags.
pub(super) struct Packed {
    /// Per cell, the least value of its states (`u16::MAX` when none has a way).
    least: Vec<u16>,
    /// Per table state, two to a byte (the even state in the low four bits): the value over its
    /// cell's least, or `ESCAPE`.
    nibbles: Vec<u8>,
    /// The states whose values are `ESCAPE`d, with their values, by state.
    escapes: Vec<(u32, u16)>,
    /// The table states.
    states: usize,
}

/// At most one state in this many may be an escape, or the layer is kept whole: past that the
/// escapes would take more room than they save, and more time to read.
const ESCAPES_PER_STATE: usize = 16;

impl Layer {
    /// `values` (one per table state), packed when `pack` says so and few enough of them
    /// escape; whole otherwise.
    pub fn of(values: Vec<u16>, pack: bool) -> Layer {
        if !pack {
            return Layer::Whole(values);
        }
        let mut least = Vec::with_capacity(values.len().div_ceil(CELL));
        let mut nibbles = vec![0u8; values.len().div_ceil(2)];
        let mut escapes = Vec::new();
        for (cell, chunk) in values.chunks(CELL).enumerate() {
            // `NEVER` (`u16::MAX` widened) is the greatest value, so the least is a way if any
            // state has one.
            let low = chunk.iter().map(|&v| widen(v)).min().unwrap_or(NEVER);
            least.push(narrow_one(low));
            for (i, &v) in chunk.iter().enumerate() {
                let state = cell * CELL + i;
                let w = widen(v);
                let nibble = match (w, low) {
                    // No state of the cell has a way: its least says so for every one.
                    (_, NEVER) => 0,
                    (w, low) if w != NEVER && w - low < u32::from(ESCAPE) => (w - low) as u8,
                    _ => {
                        escapes.push((state as u32, v));
                        ESCAPE
                    }
                };
                nibbles[state / 2] |= if state.is_multiple_of(2) {
                    nibble
                } else {
                    nibble << 4
                };
            }
            if escapes.len() > values.len() / ESCAPES_PER_STATE {
                return Layer::Whole(values);
            }
        }
        Layer::Packed(Packed {
            least,
            nibbles,
            escapes,
            states: values.len(),
        })
    }

    /// The value of table state `state`, widened (`NEVER`: no way); `None` beyond the table.
    #[inline(always)]
    pub fn get(&self, state: usize) -> Option<u32> {
        match self {
            Layer::Whole(values) => values.get(state).map(|&v| widen(v)),
            Layer::Packed(p) => p.get(state),
        }
    }

    /// Whether the layer is packed.
    #[cfg(test)]
    pub fn is_packed(&self) -> bool {
        matches!(self, Layer::Packed(_))
    }
}

impl Packed {
    #[inline(always)]
    fn get(&self, state: usize) -> Option<u32> {
        if state >= self.states {
            return None;
        }
        let byte = *self.nibbles.get(state / 2)?;
        let nibble = if state.is_multiple_of(2) {
            byte & 0xF
        } else {
            byte >> 4
        };
        if nibble == ESCAPE {
            let at = self.escapes.binary_search_by_key(&(state as u32), |e| e.0);
            return at.ok().map(|i| widen(self.escapes[i].1));
        }
        let least = widen(*self.least.get(state / CELL)?);
        // A cell with no way keeps `NEVER` for all its states.
        Some(least.saturating_add(u32::from(nibble)))
    }
}
