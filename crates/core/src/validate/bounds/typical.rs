//! A typical hand's bounds kept small (issue 17 item 7: the largest course validates in under
//! 300 MB): the sets of capped kinds played this turn over the bound with none.

use super::{NEVER, SETS, widen};

/// A typical hand's bounds for the sets of capped kinds already played this turn (`Capped`)
/// other than none, kept over the bound with none (`Bounds::layers`): a set only stops a card
/// or two until the turn ends, so they are never fewer and seldom many more. Four bits each
/// (`TypicalLayer::Over`) where every one fits, 16 where one does not; 57 MB instead of 131 on
/// the largest board with 8 flags.
pub(super) struct Typical {
    pub layers: Vec<TypicalLayer>,
    /// The capped kind's bit of every byte a turn's card can be (0 for a card not capped, or no
    /// card): `Bounds::of` reads it for every state a search bounds.
    pub bits: [u8; 256],
}

/// One layer of `Typical`.
pub(super) enum TypicalLayer {
    /// Per table state, the sets 1, 2 and 3 in the low, middle and high four bits of 12 (two
    /// states to three bytes): the registers over the bound with none, `NO_WAY` for no way
    /// (and the sets no search state holds in its register phase, `ALLOWED`).
    Over(Vec<u8>),
    /// Per table state and set (`state * SETS + set`), as `Bounds::layers` keeps them.
    Whole(Vec<u16>),
}

/// `TypicalLayer::Over`: no way to the goal.
const NO_WAY: u8 = 0xF;

impl TypicalLayer {
    /// A layer's values (per state and set, `narrow`ed), with those of set 0 copied into
    /// `none`; kept whole unless `compact` (a large table's: on a small one the four bits cost
    /// more time to read than they save).
    pub fn of(values: &[u16], none: &mut Vec<u16>, compact: bool) -> TypicalLayer {
        let states = values.len() / SETS;
        none.clear();
        none.extend((0..states).map(|t| values[t * SETS]));
        if !compact {
            return TypicalLayer::Whole(values.to_vec());
        }
        let mut over = vec![0u8; (states * 3).div_ceil(2)];
        for t in 0..states {
            let base = widen(values[t * SETS]);
            for set in 1..SETS {
                let v = widen(values[t * SETS + set]);
                let nibble = match (v, base) {
                    (NEVER, _) => NO_WAY,
                    // A way with a capped kind played, none without (never so: fewer steps
                    // from the same state), or too many more: every value kept whole.
                    (_, NEVER) => return TypicalLayer::Whole(values.to_vec()),
                    (v, b) if v < b || v - b >= u32::from(NO_WAY) => {
                        return TypicalLayer::Whole(values.to_vec());
                    }
                    (v, b) => (v - b) as u8,
                };
                let at = t * 3 + set - 1;
                over[at / 2] |= if at.is_multiple_of(2) {
                    nibble
                } else {
                    nibble << 4
                };
            }
        }
        TypicalLayer::Over(over)
    }

    /// The value of table state `state` and set `set` (not 0), over `none` (its value with set
    /// 0).
    #[inline]
    pub fn get(&self, state: usize, set: usize, none: u32) -> Option<u32> {
        match self {
            TypicalLayer::Whole(values) => values.get(state * SETS + set).map(|&v| widen(v)),
            TypicalLayer::Over(over) => {
                let at = state * 3 + set - 1;
                let byte = *over.get(at / 2)?;
                let nibble = if at.is_multiple_of(2) {
                    byte & 0xF
                } else {
                    byte >> 4
                };
                Some(match nibble {
                    NO_WAY => NEVER,
                    n => none + u32::from(n),
                })
            }
        }
    }
}
