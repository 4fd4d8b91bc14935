//! The states a line search visited, with the way back (issue 17 item 7: the largest course
//! validates in under 300 MB). A visit takes 12 bytes where its state fits one word (no typical
//! hand, no moving flags, no lives modelled: the searches of the largest courses), 4 more with a
//! typical hand's fields and 4 more with those of moving flags and lives, the whole state (48
//! bytes) where a field does not fit its bits. Levels are not stored per visit: the search is breadth-first, so
//! they never go down along the visits, and the index where each level starts is enough.

use super::State;
use super::packing::{bare, layer_of, pack, pack_hand, pack_life, unpack, with_hand, with_life};

/// A visit as its readers see it: the state, its level (registers from the seeds), the visit it
/// came from and the card played from there.
#[derive(Clone, Copy, Debug)]
pub(in crate::validate) struct Visit {
    pub state: State,
    pub level: u32,
    /// Index of the state it came from, `u32::MAX` for a seed.
    pub parent: u32,
    /// The card played from the parent (index into `CARDS`).
    pub card: u8,
}

/// Bits of the parent in a packed link; the card takes the other 3. All ones marks a seed.
const PARENT_BITS: u32 = 29;
const SEED: u32 = (1 << PARENT_BITS) - 1;

/// The most visits a search keeps: past it the search gives up (`Visits::full`), so a parent
/// index always fits its bits (and a wide visit's `u32`).
pub(super) const MOST_VISITS: usize = SEED as usize - 1;

/// A visit in 12 bytes: the state's word in two halves (`pack`) and the parent with the card.
#[derive(Clone, Copy)]
struct Packed {
    low: u32,
    high: u32,
    /// `parent << 3 | card`, the parent `SEED` for a seed.
    link: u32,
}

/// The visits, packed while every one fits.
enum Store {
    /// With `hands`, each visit's typical hand's fields (`pack_hand`), with `lives` its fields
    /// of moving flags and lives (`pack_life`); without, they are all zero.
    Packed {
        visits: Vec<Packed>,
        hands: Option<Vec<u32>>,
        lives: Option<Vec<u32>>,
    },
    Wide(Vec<Visit>),
}

/// The visits of one search, in the order they were reached.
pub(in crate::validate) struct Visits {
    store: Store,
    /// `[level]`: the index of the first visit of that level.
    starts: Vec<u32>,
    /// While wide, the number of visits at which they are packed (`Visits::packed_from`), with
    /// the fields they keep (`Fields`); `None` once packed or when they never are.
    pack_at: Option<(usize, Fields)>,
}

/// A search keeps its first visits whole and packs them once there are this many
/// (`Visits::packed_from`): packing and unpacking cost more than the search's other work on a
/// state, and some ten million bytes are little to save (about 15 MB here). The grand tour's
/// searches (95,000 states in its typical-hand line's last pass) stay whole: 7% fewer
/// instructions for its whole analysis than packing from 65,536.
pub(super) const PACK_FROM: usize = 1 << 18;

/// The fields packed visits keep beside the word (`Store::Packed`): a typical hand's, and those
/// of moving flags and lives.
#[derive(Clone, Copy, Debug)]
pub(in crate::validate) struct Fields {
    pub typical: bool,
    pub lives: bool,
}

impl Visits {
    /// No visits, packed with `fields` (each visit kept whole from the first that does not fit).
    pub fn new(fields: Fields) -> Visits {
        Visits {
            store: Store::Packed {
                visits: Vec::new(),
                hands: fields.typical.then(Vec::new),
                lives: fields.lives.then(Vec::new),
            },
            starts: Vec::new(),
            pack_at: None,
        }
    }

    /// No visits, kept whole (the tests' reference).
    #[cfg(test)]
    pub fn whole() -> Visits {
        Visits {
            store: Store::Wide(Vec::new()),
            starts: Vec::new(),
            pack_at: None,
        }
    }

    /// `Visits::new`, but kept whole until there are `from` visits, then packed (unless a state
    /// does not fit).
    pub fn packed_from(fields: Fields, from: usize) -> Visits {
        if from == 0 {
            return Visits::new(fields);
        }
        Visits {
            store: Store::Wide(Vec::new()),
            starts: Vec::new(),
            pack_at: Some((from, fields)),
        }
    }

    /// Packs the whole visits kept so far (`packed_from`), when every one fits; else they stay
    /// whole for good.
    #[cold]
    #[inline(never)]
    fn pack_all(&mut self, fields: Fields) {
        self.pack_at = None;
        let Store::Wide(wide) = &self.store else {
            return;
        };
        // The levels' starts stay: only the store changes.
        let mut packed = Visits::new(fields);
        for v in wide {
            if !packed.push_packed(*v) {
                return;
            }
        }
        self.store = packed.store;
    }

    #[inline]
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Packed { visits, .. } => visits.len(),
            Store::Wide(v) => v.len(),
        }
    }

    /// Whether no more visits fit (`MOST_VISITS`): the search gives up.
    pub fn full(&self) -> bool {
        self.len() >= MOST_VISITS
    }

    /// Adds a visit at `level`, which is no lower than the last one's (breadth-first).
    #[inline]
    pub fn push(&mut self, v: Visit) {
        debug_assert!(v.level as usize + 1 >= self.starts.len());
        while self.starts.len() <= v.level as usize {
            self.starts.push(self.len() as u32);
        }
        if let Store::Wide(w) = &mut self.store {
            w.push(v);
            if let Some((from, fields)) = self.pack_at
                && w.len() >= from
            {
                self.pack_all(fields);
            }
            return;
        }
        if !self.push_packed(v) {
            self.widen(v);
        }
    }

    /// Adds a visit to packed ones, the level's start already noted: false (and nothing added)
    /// when it does not fit.
    #[inline]
    fn push_packed(&mut self, v: Visit) -> bool {
        let Store::Packed {
            visits: p,
            hands,
            lives,
        } = &mut self.store
        else {
            return false;
        };
        let hand = pack_hand(&v.state);
        let life = pack_life(&v.state);
        let fits = v.card < 8
            && (v.parent == u32::MAX || v.parent < SEED)
            && match hands {
                Some(_) => hand.is_some(),
                None => hand == Some(0),
            }
            && match lives {
                Some(_) => life.is_some(),
                None => life == Some(0),
            };
        match pack(&bare(&v.state)).filter(|_| fits) {
            Some(w) => {
                let parent = if v.parent == u32::MAX { SEED } else { v.parent };
                p.push(Packed {
                    low: w as u32,
                    high: (w >> 32) as u32,
                    link: parent << 3 | u32::from(v.card),
                });
                if let (Some(hands), Some(h)) = (hands, hand) {
                    hands.push(h);
                }
                if let (Some(lives), Some(l)) = (lives, life) {
                    lives.push(l);
                }
                true
            }
            None => false,
        }
    }

    /// Adds a visit whose state does not fit a word: from now on every visit is kept whole.
    #[cold]
    #[inline(never)]
    fn widen(&mut self, v: Visit) {
        let mut wide: Vec<Visit> = self.iter().collect();
        wide.push(v);
        self.store = Store::Wide(wide);
    }

    /// The level of visit `i`, given that of an earlier visit, `from` (for a walk in order).
    #[inline]
    pub fn level_from(&self, i: usize, from: u32) -> u32 {
        let mut level = from;
        while self
            .starts
            .get(level as usize + 1)
            .is_some_and(|&s| s as usize <= i)
        {
            level += 1;
        }
        level
    }

    /// The level visit `i` was reached at (the last level for an index past the last visit).
    pub fn level(&self, i: usize) -> u32 {
        self.starts
            .partition_point(|&s| s as usize <= i)
            .saturating_sub(1) as u32
    }

    /// Visit `i`, whole.
    pub fn get(&self, i: usize) -> Option<Visit> {
        match &self.store {
            Store::Packed { .. } => self.unpacked(i, self.level(i)),
            Store::Wide(v) => v.get(i).copied(),
        }
    }

    /// The state of visit `i` (which must exist, like a slice's index).
    #[inline]
    pub fn state(&self, i: u32) -> State {
        match &self.store {
            Store::Packed {
                visits,
                hands,
                lives,
            } => {
                let s = unpack(word(&visits[i as usize]));
                let s = match hands {
                    Some(h) => with_hand(s, h[i as usize]),
                    None => s,
                };
                match lives {
                    Some(l) => with_life(s, l[i as usize]),
                    None => s,
                }
            }
            Store::Wide(v) => v[i as usize].state,
        }
    }

    /// The visit visit `i` came from (`i` must exist; `u32::MAX` for a seed).
    pub fn parent(&self, i: u32) -> u32 {
        match &self.store {
            Store::Packed { visits, .. } => match visits[i as usize].link >> 3 {
                SEED => u32::MAX,
                p => p,
            },
            Store::Wide(v) => v[i as usize].parent,
        }
    }

    /// The layer (flags touched) of visit `i` (which must exist), read without unpacking the
    /// rest: the walks over a search's millions of visits that look for one layer read it first.
    #[inline]
    pub fn layer(&self, i: usize) -> u8 {
        match &self.store {
            Store::Packed { visits, .. } => layer_of(word(&visits[i])),
            Store::Wide(v) => v[i].state.layer,
        }
    }

    /// The highest layer (flags touched) any visit reached; `None` with no visit.
    pub fn top_layer(&self) -> Option<u8> {
        (0..self.len()).map(|i| self.layer(i)).max()
    }

    /// The visits on `layer`, whole, with their indices, in order (the others are not unpacked).
    pub fn on_layer(&self, layer: u8) -> impl Iterator<Item = (usize, Visit)> + '_ {
        let mut level = 0u32;
        (0..self.len()).filter_map(move |i| {
            level = self.level_from(i, level);
            if self.layer(i) != layer {
                return None;
            }
            let v = match &self.store {
                Store::Packed { .. } => self.unpacked(i, level),
                Store::Wide(v) => v.get(i).copied(),
            }?;
            Some((i, v))
        })
    }

    /// Every visit in order, whole.
    pub fn iter(&self) -> impl Iterator<Item = Visit> + '_ {
        let mut level = 0u32;
        (0..self.len()).filter_map(move |i| {
            level = self.level_from(i, level);
            match &self.store {
                Store::Packed { .. } => self.unpacked(i, level),
                Store::Wide(v) => v.get(i).copied(),
            }
        })
    }

    /// Packed visit `i` at `level`, whole; `None` past the last.
    fn unpacked(&self, i: usize, level: u32) -> Option<Visit> {
        let Store::Packed {
            visits,
            hands,
            lives,
        } = &self.store
        else {
            return None;
        };
        let p = visits.get(i)?;
        let parent = p.link >> 3;
        let state = unpack(word(p));
        let state = match hands {
            Some(h) => with_hand(state, *h.get(i)?),
            None => state,
        };
        Some(Visit {
            state: match lives {
                Some(l) => with_life(state, *l.get(i)?),
                None => state,
            },
            level,
            parent: if parent == SEED { u32::MAX } else { parent },
            card: (p.link & 7) as u8,
        })
    }

    /// Whether the visits are packed (the tests check which searches are).
    #[cfg(test)]
    pub fn packed(&self) -> bool {
        matches!(self.store, Store::Packed { .. })
    }
}

fn word(p: &Packed) -> u64 {
    u64::from(p.low) | u64::from(p.high) << 32
}

#[cfg(test)]
mod tests {
    use super::super::FREE;
    use super::super::packing::{LAYER_BITS, NODE_BITS};
    use super::*;

    fn plain() -> State {
        State::plain()
    }

    const NONE: Fields = Fields {
        typical: false,
        lives: false,
    };

    #[test]
    fn the_fields_of_moving_flags_and_lives_are_packed_beside_the_word_up_to_their_bits() {
        // 16 bytes a visit instead of 48 under One Free Life, Infinite Lives and moving flags
        // (issue 17 item 7: the largest course validates in under 300 MB), with a typical hand's
        // fields too; a field past its bits keeps the visits whole, every one read back as it
        // went in. The largest board's last cell plus the most flags is the largest archive.
        let side = (crate::model::course::MAX_OFFSET + crate::model::MAX_TILE_SIDE) as u32;
        let most = side * side + crate::model::rules::MAX_FLAG;
        let states: Vec<State> = (0..12u32)
            .map(|u| State {
                node: u * 13,
                damage: (u % 10) as u8,
                archive: [0, 1, most - 1, most][u as usize % 4],
                deaths: (u % 3) as u8,
                dead: u % 5 == 1,
                tick: [0, 1, 2047, 300][u as usize % 4],
                used: [(u % 3) as u8, 0, 1, 0, 0, 2, 0],
                dealt: (u % 4) as u8,
                ..plain()
            })
            .collect();
        for (typical, lives, past) in [
            (true, true, None),
            (false, true, None),
            (
                true,
                true,
                Some(State {
                    tick: 2048,
                    ..plain()
                }),
            ),
            (
                true,
                true,
                Some(State {
                    deaths: 8,
                    ..plain()
                }),
            ),
            (
                true,
                true,
                Some(State {
                    archive: 1 << 17,
                    ..plain()
                }),
            ),
            (
                true,
                false,
                Some(State {
                    archive: 5,
                    ..plain()
                }),
            ),
        ] {
            let mut v = Visits::new(Fields { typical, lives });
            let mut want = states.clone();
            if !typical {
                for s in &mut want {
                    (s.used, s.dealt) = ([0; 7], 0);
                }
            }
            want.extend(past);
            for (i, s) in want.iter().enumerate() {
                let parent = if i == 0 { u32::MAX } else { i as u32 - 1 };
                v.push(visit(*s, i as u32, parent, (i % 7) as u8));
            }
            assert_eq!(v.packed(), past.is_none(), "{typical} {lives} {past:?}");
            for (i, s) in want.iter().enumerate() {
                assert_eq!(v.state(i as u32), *s, "{i}");
                assert_eq!(v.get(i).map(|x| x.state), Some(*s));
            }
            assert!(v.iter().map(|x| x.state).eq(want.iter().copied()));
        }
    }

    fn visit(state: State, level: u32, parent: u32, card: u8) -> Visit {
        Visit {
            state,
            level,
            parent,
            card,
        }
    }

    #[test]
    fn a_state_past_the_packings_limits_is_not_packed_into_another() {
        let past = [
            State {
                node: 1 << NODE_BITS,
                ..plain()
            },
            State {
                layer: 1 << LAYER_BITS,
                ..plain()
            },
            State {
                damage: 16,
                ..plain()
            },
            State {
                phase: 8,
                ..plain()
            },
            State {
                cards: [8, FREE, FREE, FREE, FREE],
                ..plain()
            },
            State { tick: 1, ..plain() },
            State {
                archive: 7,
                ..plain()
            },
            State {
                deaths: 1,
                ..plain()
            },
            State {
                dead: true,
                ..plain()
            },
        ];
        // A typical hand's fields: packed beside the word in a typical search's visits, and
        // never by visits without them; past their bits, by none.
        let hand = [
            State {
                used: [0, 1, 0, 0, 0, 0, 5],
                ..plain()
            },
            State {
                dealt: 9,
                ..plain()
            },
        ];
        let past_hand = [
            State {
                used: [8, 0, 0, 0, 0, 0, 0],
                ..plain()
            },
            State {
                dealt: 16,
                ..plain()
            },
        ];
        for s in past {
            assert_eq!(pack(&s), None, "{s:?}");
        }
        let cases = past
            .iter()
            .chain(&hand)
            .chain(&past_hand)
            .map(|s| (s, false))
            .chain(past.iter().chain(&past_hand).map(|s| (s, true)));
        for (&s, typical) in cases {
            // Kept whole among packed ones: every visit reads back as it went in.
            let mut v = Visits::new(Fields {
                typical,
                lives: false,
            });
            v.push(visit(plain(), 0, u32::MAX, 0));
            v.push(visit(s, 1, 0, 3));
            v.push(visit(plain(), 1, 1, 2));
            assert!(!v.packed(), "{s:?}");
            assert_eq!(v.get(1).map(|x| x.state), Some(s));
            assert_eq!(v.state(1), s);
            assert_eq!(v.state(0), plain());
            assert_eq!(
                v.get(2).map(|x| (x.level, x.parent, x.card)),
                Some((1, 1, 2))
            );
        }
        // A parent index past its bits is not cut short either.
        let mut v = Visits::new(NONE);
        v.push(visit(plain(), 0, u32::MAX, 0));
        v.push(visit(plain(), 1, SEED, 1));
        assert!(!v.packed());
        assert_eq!(v.parent(1), SEED);
    }

    #[test]
    fn a_typical_hands_fields_are_packed_beside_the_word() {
        let mut v = Visits::new(Fields {
            typical: true,
            lives: false,
        });
        let states: Vec<State> = (0..8u8)
            .map(|u| State {
                node: u32::from(u) * 7,
                damage: u % 10,
                used: [u % 8, 7, 0, (u + 3) % 8, 1, 2, 5],
                dealt: (u * 2) % 16,
                ..plain()
            })
            .collect();
        for (i, s) in states.iter().enumerate() {
            let parent = if i == 0 { u32::MAX } else { i as u32 - 1 };
            v.push(visit(*s, i as u32, parent, 6));
        }
        assert!(v.packed());
        for (i, s) in states.iter().enumerate() {
            assert_eq!(v.state(i as u32), *s);
            assert_eq!(v.get(i).map(|x| x.state), Some(*s));
        }
        assert!(v.iter().map(|x| x.state).eq(states.iter().copied()));
    }

    #[test]
    fn visits_kept_whole_at_first_are_packed_once_there_are_enough_and_read_back_the_same() {
        let states: Vec<State> = (0..10u8)
            .map(|u| State {
                node: u32::from(u) * 11,
                damage: u % 10,
                used: [u % 3, 0, 1, 0, 0, 2, 0],
                dealt: u % 4,
                ..plain()
            })
            .collect();
        let fill = |v: &mut Visits, states: &[State]| {
            for (i, s) in states.iter().enumerate() {
                let parent = if i == 0 { u32::MAX } else { i as u32 - 1 };
                v.push(visit(*s, i as u32 / 3, parent, (i % 7) as u8));
            }
        };
        let fields = Fields {
            typical: true,
            lives: false,
        };
        let mut v = Visits::packed_from(fields, 4);
        fill(&mut v, &states[..3]);
        assert!(!v.packed());
        fill(&mut v, &states[3..]);
        assert!(v.packed());
        let mut whole = Visits::whole();
        fill(&mut whole, &states[..3]);
        fill(&mut whole, &states[3..]);
        for (i, s) in states.iter().enumerate() {
            let (a, b) = (v.get(i), whole.get(i));
            assert_eq!(
                a.map(|x| (x.state, x.level, x.card)),
                b.map(|x| (x.state, x.level, x.card))
            );
            assert_eq!(v.parent(i as u32), whole.parent(i as u32));
            assert_eq!(v.state(i as u32), *s);
        }
        // A state that does not fit keeps them whole past the count.
        let mut v = Visits::packed_from(NONE, 2);
        v.push(visit(State { tick: 1, ..plain() }, 0, u32::MAX, 0));
        fill(&mut v, &[plain(); 3]);
        assert!(!v.packed());
        assert_eq!(v.state(0).tick, 1);
    }

    #[test]
    fn visits_keep_their_levels_parents_and_cards() {
        let mut v = Visits::new(NONE);
        let levels = [0, 0, 1, 1, 1, 2, 4, 4];
        for (i, &level) in levels.iter().enumerate() {
            let parent = if level == 0 { u32::MAX } else { i as u32 - 1 };
            let s = State {
                node: i as u32 * 1000,
                damage: (i % 10) as u8,
                ..plain()
            };
            v.push(visit(s, level, parent, (i % 7) as u8));
        }
        assert!(v.packed());
        assert_eq!(v.len(), levels.len());
        for (i, got) in v.iter().enumerate() {
            assert_eq!(got.level, levels[i]);
            assert_eq!(v.level(i), levels[i]);
            assert_eq!(got.state.node, i as u32 * 1000);
            assert_eq!(got.card, (i % 7) as u8);
            assert_eq!(
                got.parent,
                if levels[i] == 0 {
                    u32::MAX
                } else {
                    i as u32 - 1
                }
            );
            assert_eq!(v.get(i).map(|x| x.state), Some(got.state));
        }
        assert!(v.get(levels.len()).is_none());
    }

    #[test]
    fn a_layers_visits_are_those_of_every_visit_on_it_packed_or_whole() {
        let fields = Fields {
            typical: true,
            lives: true,
        };
        for mut v in [Visits::new(fields), Visits::whole()] {
            let levels = [0, 0, 1, 1, 2, 2, 2, 3, 5, 5];
            for (i, &level) in levels.iter().enumerate() {
                let s = State {
                    node: i as u32 * 9,
                    layer: [0, 1, 3, 1, 0, 2, 1, 3, 3, 0][i],
                    archive: i as u32,
                    used: [1, 0, 0, 0, 0, 0, (i % 2) as u8],
                    ..plain()
                };
                let parent = if level == 0 { u32::MAX } else { i as u32 - 1 };
                v.push(visit(s, level, parent, 4));
            }
            for layer in 0..5u8 {
                let want: Vec<(usize, u8, u32, u32)> = v
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.state.layer == layer)
                    .map(|(i, x)| (i, x.state.layer, x.level, x.state.archive))
                    .collect();
                let got: Vec<(usize, u8, u32, u32)> = v
                    .on_layer(layer)
                    .map(|(i, x)| (i, x.state.layer, x.level, x.state.archive))
                    .collect();
                assert_eq!(got, want, "layer {layer}");
                assert!(want.iter().all(|&(i, ..)| v.layer(i) == layer));
            }
        }
    }
}
