//! A search state in one 64-bit word (`pack`) where its fields fit their bits, with a typical
//! hand's fields (`pack_hand`) and those of moving flags and lives (`pack_life`) in a 32-bit word
//! each beside it: the searches' visits (`visits.rs`) and waiting states (`stack.rs`) keep them so
//! (issue 17 item 7: the largest course validates in under 300 MB).

use super::{FREE, State};

/// Bits of a packed state's fields, low bits first (`pack`). The largest board is 320 x 320
/// squares (`MAX_OFFSET` + `MAX_TILE_SIDE`), 409,600 nodes: 19 bits; at most 32 flags
/// (`MAX_FLAG`): 6 bits for the layer; damage stays under 10 on a line: 4 bits.
pub(super) const NODE_BITS: u32 = 19;
const PHASE_BITS: u32 = 3;
const DAMAGE_BITS: u32 = 4;
pub(super) const LAYER_BITS: u32 = 6;
/// A card slot (an index into `CARDS` or `FREE`).
const SLOT_BITS: u32 = 3;

// The format's limits fit: the largest board's nodes and the most flags (checked when built).
const _: () = {
    let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
    assert!(side * side * 4 <= 1 << NODE_BITS);
    assert!(crate::model::rules::MAX_FLAG < 1 << LAYER_BITS);
};

/// The state but for a typical hand's fields (`pack_hand`) in one word, or `None` when some
/// field is past its bits or is one only the wide visits keep (tick, archive, deaths,
/// destroyed): such a state must not be packed into another's word.
#[inline]
pub(super) fn pack(s: &State) -> Option<u64> {
    let fits = |v: u64, bits: u32| v < (1 << bits);
    let plain = s.tick == 0 && s.archive == 0 && s.deaths == 0 && !s.dead;
    let slots_fit = s
        .cards
        .iter()
        .chain(&s.turn)
        .all(|&c| fits(u64::from(c), SLOT_BITS));
    if !(plain
        && slots_fit
        && fits(u64::from(s.node), NODE_BITS)
        && fits(u64::from(s.phase), PHASE_BITS)
        && fits(u64::from(s.damage), DAMAGE_BITS)
        && fits(u64::from(s.layer), LAYER_BITS))
    {
        return None;
    }
    let mut w = u64::from(s.node);
    let mut at = NODE_BITS;
    for (v, bits) in [
        (s.phase, PHASE_BITS),
        (s.damage, DAMAGE_BITS),
        (s.layer, LAYER_BITS),
    ] {
        w |= u64::from(v) << at;
        at += bits;
    }
    for &c in s.cards.iter().chain(&s.turn) {
        w |= u64::from(c) << at;
        at += SLOT_BITS;
    }
    Some(w)
}

/// A typical hand's fields of a state (the cards of each kind used this turn, 3 bits each, and
/// the damage the hand was dealt at, 4 bits), or `None` when one is past its bits. A turn plays
/// five cards, and a hand is dealt with under 10 damage.
#[inline]
pub(super) fn pack_hand(s: &State) -> Option<u32> {
    let mut h = 0;
    for (k, &u) in s.used.iter().enumerate() {
        if u >= 8 {
            return None;
        }
        h |= u32::from(u) << (3 * k);
    }
    (s.dealt < 16).then_some(h | u32::from(s.dealt) << 21)
}

/// `s` with the typical hand's fields `pack_hand` made `h` from.
#[inline]
pub(super) fn with_hand(mut s: State, h: u32) -> State {
    for (k, u) in s.used.iter_mut().enumerate() {
        *u = ((h >> (3 * k)) & 7) as u8;
    }
    s.dealt = (h >> 21) as u8;
    s
}

/// Bits of the fields of moving flags and lives in `pack_life`'s word: the archive (a cell of the
/// largest board, or the number of cells plus a flag's index), the lives taken (`Lives::key`: 0
/// to 2), destroyed, and the timeline's turn, which a longer timeline than this does not fit.
const ARCHIVE_BITS: u32 = 17;
const DEATHS_BITS: u32 = 3;
const TICK_BITS: u32 = 11;

// The largest board's cells and the most flags fit the archive's bits.
const _: () = {
    let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
    assert!(side * side + crate::model::rules::MAX_FLAG <= 1 << ARCHIVE_BITS);
    assert!(ARCHIVE_BITS + DEATHS_BITS + 1 + TICK_BITS <= 32);
};

/// The fields of moving flags and lives of a state (the timeline's turn, the archive, the lives
/// taken, destroyed) in one word, 0 when they are all 0, or `None` when one is past its bits.
#[inline]
pub(super) fn pack_life(s: &State) -> Option<u32> {
    if s.archive >= 1 << ARCHIVE_BITS
        || u32::from(s.deaths) >= 1 << DEATHS_BITS
        || u32::from(s.tick) >= 1 << TICK_BITS
    {
        return None;
    }
    Some(
        s.archive
            | u32::from(s.deaths) << ARCHIVE_BITS
            | u32::from(s.dead) << (ARCHIVE_BITS + DEATHS_BITS)
            | u32::from(s.tick) << (ARCHIVE_BITS + DEATHS_BITS + 1),
    )
}

/// `s` with the fields of moving flags and lives `pack_life` made `l` from.
#[inline]
pub(super) fn with_life(mut s: State, l: u32) -> State {
    s.archive = l & ((1 << ARCHIVE_BITS) - 1);
    s.deaths = ((l >> ARCHIVE_BITS) & ((1 << DEATHS_BITS) - 1)) as u8;
    s.dead = (l >> (ARCHIVE_BITS + DEATHS_BITS)) & 1 != 0;
    s.tick = (l >> (ARCHIVE_BITS + DEATHS_BITS + 1)) as u16;
    s
}

/// `s` without the fields of moving flags and lives, for `pack`.
#[inline]
pub(super) fn bare(s: &State) -> State {
    State {
        tick: 0,
        archive: 0,
        deaths: 0,
        dead: false,
        ..*s
    }
}

/// The layer (flags touched) of the state `pack` made `w` from, without the rest.
#[inline]
pub(super) fn layer_of(w: u64) -> u8 {
    ((w >> (NODE_BITS + PHASE_BITS + DAMAGE_BITS)) & ((1 << LAYER_BITS) - 1)) as u8
}

/// The state `pack` made `w` from (no cards used, dealt at 0).
#[inline]
pub(super) fn unpack(w: u64) -> State {
    let field = |at: u32, bits: u32| ((w >> at) & ((1 << bits) - 1)) as u8;
    let mut at = NODE_BITS;
    let mut next = |bits: u32| {
        let v = field(at, bits);
        at += bits;
        v
    };
    let phase = next(PHASE_BITS);
    let damage = next(DAMAGE_BITS);
    let layer = next(LAYER_BITS);
    let mut cards = [FREE; 5];
    let mut turn = [FREE; 5];
    for c in cards.iter_mut().chain(&mut turn) {
        *c = next(SLOT_BITS);
    }
    State {
        layer,
        node: (w & ((1 << NODE_BITS) - 1)) as u32,
        phase,
        damage,
        cards,
        turn,
        used: [0; 7],
        dealt: 0,
        tick: 0,
        archive: 0,
        deaths: 0,
        dead: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> State {
        State::plain()
    }

    #[test]
    fn packing_keeps_every_field_at_its_limits() {
        // The largest board (320 x 320 squares, MAX_OFFSET + MAX_TILE_SIDE) and the most flags
        // (MAX_FLAG, 32), damage 9 (10 destroys: seed 000, Damage), every slot's values.
        let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
        let largest = side * side * 4 - 1;
        assert!(largest < 1 << NODE_BITS);
        for node in [0, 1, largest, (1 << NODE_BITS) - 1] {
            for (layer, phase, damage) in [(0, 0, 0), (32, 4, 9), (63, 7, 15), (5, 2, 3)] {
                for c in 0..8u8 {
                    let s = State {
                        layer,
                        node,
                        phase,
                        damage,
                        cards: [c, FREE, (c + 1) % 8, 0, 6],
                        turn: [6, c, FREE, (c + 3) % 8, 0],
                        ..plain()
                    };
                    let w = pack(&s).expect("fits");
                    assert_eq!(unpack(w), s);
                    assert_eq!(layer_of(w), layer);
                }
            }
        }
    }
}
