//! How likely a program is to be dealt (issue 17 item 2): the chance that a hand of 9 minus
//! damage cards from the 84-card deck (RULINGS.md, The deck) holds the cards a program needs, and
//! the "typical hand" the solver's second line keeps to.

use crate::engine::CardKind;
use crate::engine::steps::CARDS;

/// How many cards of each kind of `CARDS` the deck holds (RULINGS.md, The deck).
pub fn deck_count(kind: CardKind) -> u32 {
    match kind {
        CardKind::UTurn | CardKind::BackUp | CardKind::Move3 => 6,
        CardKind::Left | CardKind::Right | CardKind::Move1 => 18,
        CardKind::Move2 => 12,
    }
}

/// Cards in the deck.
pub const DECK: u32 = 84;

/// The hand a robot with `damage` is dealt: 9 minus damage (RULINGS.md, Damage).
pub fn hand_size(damage: u8) -> u32 {
    9u32.saturating_sub(u32::from(damage))
}

fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// The chance that `hand` cards dealt from a full deck hold at least `needs[k]` cards of each
/// kind `CARDS[k]` (the multivariate hypergeometric law, counted exactly kind by kind).
pub fn chance_of(needs: &[u8; 7], hand: u32) -> f64 {
    let total: u32 = needs.iter().map(|&n| u32::from(n)).sum();
    if total > hand {
        return 0.0;
    }
    let h = hand as usize;
    // ways[j]: hands of j cards from the kinds so far that meet their needs.
    let mut ways = vec![0.0f64; h + 1];
    ways[0] = 1.0;
    let mut others = DECK;
    for (k, card) in CARDS.iter().enumerate() {
        let n = deck_count(card.kind);
        others -= n;
        let mut next = vec![0.0f64; h + 1];
        for (j, &w) in ways.iter().enumerate() {
            if w == 0.0 {
                continue;
            }
            for i in u32::from(needs[k])..=n {
                let at = j + i as usize;
                if at > h {
                    break;
                }
                next[at] += w * choose(n, i);
            }
        }
        ways = next;
    }
    // Every kind of the deck is one of `CARDS`, so `others` is 0 and ways[h] counts whole hands.
    debug_assert_eq!(others, 0);
    ways[h] / choose(DECK, hand)
}

/// For each damage 0-9, the most cards of each kind of `CARDS` a typical hand holds: the largest
/// number that a hand of 9 minus damage cards holds at least half the time (for a 9-card hand:
/// one Move 3, one Move 2, two Move 1, one Back Up, two of each turn, one U-Turn), topped up when
/// those are fewer than the registers the hand fills (five, or the whole hand when it is
/// smaller): a 7-card hand holds two Move 1 only 45% of the time, yet every hand fills its
/// registers. The top-up takes, one card at a time, the kind the hand most likely holds one more
/// of (`CARDS` order among equals), among the kinds a hand one card larger typically holds more
/// of: a smaller hand never typically holds more of a kind than a larger one (a 5-card hand's
/// likeliest fifth card alone would be a Move 3, which hands of 6 to 8 cards do not typically
/// hold), so more damage never deals a typical hand more, and a line search may drop a state
/// reached before with less damage (`search.rs`).
pub fn typical_caps() -> [[u8; 7]; 10] {
    // The same for every validation: worked out once (a few hundred hand chances).
    static CAPS: std::sync::OnceLock<[[u8; 7]; 10]> = std::sync::OnceLock::new();
    *CAPS.get_or_init(work_out_caps)
}

/// `typical_caps`, worked out.
fn work_out_caps() -> [[u8; 7]; 10] {
    let mut caps = [[0u8; 7]; 10];
    for damage in 0..caps.len() {
        let hand = hand_size(damage as u8);
        let holds = |k: usize, n: u8| {
            let mut needs = [0u8; 7];
            needs[k] = n;
            chance_of(&needs, hand)
        };
        // What the hand one card larger holds: no kind goes past it (a smaller hand holds a
        // given number of a kind less often, so the half-the-time counts never do).
        let larger = damage.checked_sub(1).map_or([5u8; 7], |d| caps[d]);
        let mut row = [0u8; 7];
        for (k, cap) in row.iter_mut().enumerate() {
            while *cap < larger[k] && holds(k, *cap + 1) >= 0.5 {
                *cap += 1;
            }
        }
        let fills = hand.min(5) as u8;
        while row.iter().sum::<u8>() < fills {
            let mut best: Option<(usize, f64)> = None;
            for (k, &held) in row.iter().enumerate() {
                if held >= larger[k] {
                    continue;
                }
                let p = holds(k, held + 1);
                if best.is_none_or(|(_, b)| p > b) {
                    best = Some((k, p));
                }
            }
            match best {
                Some((k, p)) if p > 0.0 => row[k] += 1,
                _ => break,
            }
        }
        caps[damage] = row;
    }
    caps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(kind: CardKind, n: u8) -> [u8; 7] {
        let mut out = [0u8; 7];
        if let Some(k) = CARDS.iter().position(|c| c.kind == kind) {
            out[k] = n;
        }
        out
    }

    #[test]
    fn four_move_3_come_in_a_nine_card_hand_about_0_09_percent_of_the_time_rulings_the_deck() {
        let p = chance_of(&needs(CardKind::Move3, 4), 9);
        // (C(6,4) C(78,5) + C(6,5) C(78,4) + C(6,6) C(78,3)) / C(84,9) = 0.000884.
        assert!((p - 0.000884).abs() < 0.000005, "{p}");
        assert!((chance_of(&[0; 7], 9) - 1.0).abs() < 1e-9);
        assert_eq!(chance_of(&needs(CardKind::Move1, 6), 5), 0.0);
    }

    #[test]
    fn a_typical_nine_card_hand_holds_one_move_3_and_two_move_1() {
        let caps = typical_caps();
        let cap = |kind: CardKind| {
            CARDS
                .iter()
                .position(|c| c.kind == kind)
                .map(|k| caps[0][k])
        };
        assert_eq!(cap(CardKind::Move3), Some(1));
        assert_eq!(cap(CardKind::Move1), Some(2));
        // A robot with 9 damage is dealt nothing.
        assert!(caps[9].iter().all(|&c| c == 0));
    }

    #[test]
    fn every_typical_hand_fills_the_registers_it_must_rulings_damage() {
        // A hand of 9 minus damage cards fills five registers, or all of itself when smaller
        // (the rest are locked: RULINGS.md, Damage). Per kind, a 7-card hand holds one Move 1,
        // Move 2, Rotate Left and Rotate Right at least half the time: four cards, one short;
        // the likeliest fifth is a second Move 1 (45%; Rotate Left and Right as likely, after
        // it in `CARDS`).
        let caps = typical_caps();
        for (damage, row) in caps.iter().enumerate() {
            let fills = hand_size(damage as u8).min(5);
            let held: u32 = row.iter().map(|&c| u32::from(c)).sum();
            assert!(held >= fills, "damage {damage}: {row:?}");
        }
        let move1 = CARDS.iter().position(|c| c.kind == CardKind::Move1);
        assert_eq!(move1.map(|k| caps[2][k]), Some(2));
        assert_eq!(caps[2].iter().sum::<u8>(), 5);
        // The top-up never lowers what a hand holds at least half the time.
        assert_eq!(caps[0].iter().sum::<u8>(), 10);
    }

    #[test]
    fn more_damage_never_deals_a_typical_hand_more_of_a_kind_rulings_damage() {
        // A hand of 9 minus damage cards (RULINGS.md, Damage): a smaller hand never typically
        // holds more of a kind than a larger one, though a 5-card hand's likeliest fifth card
        // would be a Move 3 (32%), which hands of 6 to 8 cards are not topped up with. The line
        // search relies on it: a state reached before with less damage is never dealt less.
        let caps = typical_caps();
        for damage in 1..caps.len() {
            for k in 0..CARDS.len() {
                assert!(
                    caps[damage][k] <= caps[damage - 1][k],
                    "damage {damage}: {:?} after {:?}",
                    caps[damage],
                    caps[damage - 1]
                );
            }
        }
        let move3 = CARDS.iter().position(|c| c.kind == CardKind::Move3);
        assert_eq!(move3.map(|k| caps[4][k]), Some(0));
        // Every hand still fills its registers (the test above).
        assert_eq!(caps[4].iter().sum::<u8>(), 5);
    }
}
