//! The bounds (`bounds.rs`, issue 17 item 7) against a straightforward construction kept here:
//! one backward search over every (table state, set of capped kinds) at a time, as the bounds
//! were built before they were made fast. The same value at every state a search reads, on every
//! sample course and a synthetic one.

use super::{Bounds, Capped, MOST_KEPT, NEVER, Preds, SETS, narrow, widen};
use crate::engine::Factory;
use crate::engine::Rng;
use crate::engine::steps::{CARDS, PHASES, StepTable};
use crate::format::Library;
use crate::geom::{Facing, Rotation, Square};
use crate::model::{
    Barrier, Course, EdgeSpec, LivesRule, PlayerRange, RulesEdition, StartRule, Tile, TilePlacement,
};
use crate::validate::hands;
use crate::validate::solver_tests::{numbered_flags, random_square};
use std::sync::Arc;

/// Every built-in sample course.
const SAMPLES: [&str; 9] = [
    "cubed.json",
    "dice-rule.json",
    "dockside-dash.json",
    "first-steps.json",
    "grand-tour.json",
    "hazard-works.json",
    "moving-flags.json",
    "robo-arena.json",
    "standard-2x2.json",
];

/// The reference plain layers towards `flags[goal - 1]`, for the layers `first..goal`.
fn reference_plain(
    table: &StepTable,
    preds: &Preds,
    flags: &[usize],
    first: usize,
    goal: usize,
) -> Vec<Vec<u32>> {
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); goal];
    for layer in (first..goal).rev() {
        let after = layers.get(layer + 1).filter(|_| layer + 1 < goal);
        layers[layer] = reference_layer(table, preds, flags[layer], after.map(Vec::as_slice));
    }
    layers
}

/// The reference typical-hand layers towards the last flag.
fn reference_typical(
    table: &StepTable,
    preds: &Preds,
    flags: &[usize],
    capped: Capped,
) -> Vec<Vec<u32>> {
    let goal = flags.len();
    let mut layers: Vec<Vec<u32>> = vec![Vec::new(); goal];
    for layer in (0..goal).rev() {
        let after = layers.get(layer + 1).filter(|_| layer + 1 < goal);
        layers[layer] =
            reference_capped(table, preds, flags[layer], capped, after.map(Vec::as_slice));
    }
    layers
}

/// `reference_layer` where a turn plays at most one card of each capped kind, per table state
/// and every set of capped kinds (`state * SETS + set`).
fn reference_capped(
    table: &StepTable,
    preds: &Preds,
    flag: usize,
    capped: Capped,
    after: Option<&[u32]>,
) -> Vec<u32> {
    let states = table.states();
    let mut dist = vec![NEVER; states * SETS];
    let bits = capped.0;
    let next = |m: u8, bit: u8, phase: usize| -> Option<u8> {
        (m & bit == 0).then_some(if phase + 1 == PHASES { 0 } else { m | bit })
    };
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
        if t / PHASES / 4 == flag {
            return;
        }
        if t % PHASES == 0 {
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
            let bit = bits[k];
            if m & bit == bit {
                out.push((u * SETS) as u32 + u32::from(m & !bit));
            }
        }
    });
    dist
}

/// One reference layer: a step onto `flag` costs 1 plus the next layer's value where it lands
/// (0 for the last layer), any other step 1.
fn reference_layer(
    table: &StepTable,
    preds: &Preds,
    flag: usize,
    after: Option<&[u32]>,
) -> Vec<u32> {
    let states = table.states();
    let mut dist = vec![NEVER; states];
    let mut sources: Vec<(u32, u32)> = Vec::new();
    for t in (flag * 4 * PHASES)..((flag + 1) * 4 * PHASES) {
        let rest = match after {
            Some(a) => a[t],
            None => 0,
        };
        if rest != NEVER {
            sources.extend(preds.of_state(t).map(|u| (rest + 1, u)));
        }
    }
    settle(&mut dist, sources, |v, out| {
        if (v as usize / PHASES) / 4 != flag {
            out.extend(preds.of_state(v as usize));
        }
    });
    dist
}

/// Breadth-first backwards from `sources` (value, state), one value at a time.
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

/// A synthetic course: 2 x 2 random tiles of 20 x 20 at the sample courses' density (pits,
/// belts, gears, walls), three flags near the corners.
fn synthetic(seed: u64) -> Course {
    let (n, tiles) = (20, 2);
    let side = n * tiles;
    let mut rng = Rng::new(seed);
    let start = Square::new(1, 1);
    let flags = [
        Square::new(side - 2, 1),
        Square::new(side - 2, side - 2),
        Square::new(1, side - 2),
    ];
    let mut embedded = Vec::new();
    let mut placements = Vec::new();
    for ty in 0..tiles {
        for tx in 0..tiles {
            let corner = Square::new(tx * n, ty * n);
            let id = format!("synthetic-{tx}-{ty}");
            let mut t = Tile::new(&id, n, n);
            for y in 0..n {
                for x in 0..n {
                    let s = Square::new(x, y);
                    let at = Square::new(x + corner.x, y + corner.y);
                    if at == start || flags.contains(&at) {
                        continue;
                    }
                    let (spec, _) = random_square(&mut rng, 20);
                    t.set_square(s, spec);
                    let side = Facing::ALL[rng.below(4) as usize];
                    let inner =
                        (0..n).contains(&s.step(side).x) && (0..n).contains(&s.step(side).y);
                    if rng.below(8) == 0 && inner {
                        let edge = EdgeSpec {
                            barrier: Some(Barrier::Plain),
                            mount: None,
                        };
                        t.set_edge(s, side, edge);
                    }
                }
            }
            embedded.push(t);
            placements.push(TilePlacement {
                tile: id,
                at: corner,
                rotation: Rotation::R0,
            });
        }
    }
    Course {
        name: "synthetic".to_string(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements,
        embedded,
        flags: numbered_flags(&flags),
        start: StartRule::Archive(start),
    }
}

/// The step table of a course under its house rules and its flags' cells.
fn table_of(lib: &Library, course: &Course) -> (StepTable, Vec<usize>) {
    let house = course.rules.house;
    let factory = Arc::new(Factory::for_rules(course.compile(lib), &house));
    let Some(table) = StepTable::new(Arc::clone(&factory)) else {
        panic!("{}: no table", course.name)
    };
    let flags: Vec<usize> = factory
        .flags()
        .iter()
        .filter_map(|&s| factory.index(s))
        .collect();
    (table, flags)
}

/// Every course the comparison runs on: the samples and a synthetic one.
fn courses(lib: &Library) -> Vec<Course> {
    let mut all: Vec<Course> = SAMPLES
        .iter()
        .map(|name| match lib.find_course(name) {
            Some(entry) => entry.course.clone(),
            None => panic!("{name} is not in the built-in library"),
        })
        .collect();
    all.push(synthetic(3));
    all
}

/// A turn's cards before register `phase + 1` holding the capped kinds of `set` (and a card
/// not capped in the other registers): what a search state with that set carries.
fn turn_of(bits: &[u8; CARDS.len()], set: u8, phase: usize) -> [u8; 5] {
    let card_of = |bit: u8| {
        bits.iter()
            .position(|&b| b == bit)
            .map_or(u8::MAX, |k| k as u8)
    };
    let mut turn = [card_of(0); 5];
    let mut at = 0;
    for bit in [1u8, 2] {
        if set & bit != 0 {
            turn[at] = card_of(bit);
            at += 1;
        }
    }
    assert!(at <= phase, "set {set} before register {}", phase + 1);
    turn
}

#[test]
fn the_plain_bounds_are_the_reference_searchs_at_every_state_issue_17() {
    let lib = Library::builtin();
    let (mut finite, mut packed) = (0, 0);
    for course in courses(&lib) {
        let name = &course.name;
        let (table, flags) = table_of(&lib, &course);
        let preds = Preds::of(&table);
        let n = flags.len();
        let mut spans = vec![(0, n)];
        spans.extend((0..n).map(|leg| (leg, leg + 1)));
        // Kept in 16 bits and packed in four (`Layer::Packed`, a large table's), built one
        // layer after another and side by side (a large table's): the same values.
        let kept = [(false, false), (true, false), (false, true), (true, true)];
        for ((first, goal), kept) in spans.into_iter().flat_map(|s| kept.map(|k| (s, k))) {
            let fast = Bounds::returning_kept(&table, &preds, &flags, (first, goal), None, kept);
            packed += fast.layers.iter().filter(|l| l.is_packed()).count();
            let slow = reference_plain(&table, &preds, &flags, first, goal);
            for (layer, values) in slow.iter().enumerate().skip(first) {
                for (state, &value) in values.iter().enumerate() {
                    let (node, phase) = ((state / PHASES) as u32, (state % PHASES) as u8);
                    let got = fast.of(layer as u8, node, phase, &[u8::MAX; 5]);
                    assert_eq!(
                        got, value,
                        "{name}: layers {first}..{goal}, layer {layer}, state {state}"
                    );
                    finite += usize::from(value != NEVER);
                }
            }
        }
    }
    assert!(
        finite > 200_000,
        "the comparison has values to compare: {finite}"
    );
    assert!(packed > 0, "some layers were packed");
}

#[test]
fn the_bounds_that_know_a_return_are_the_same_built_side_by_side_issue_17() {
    // Each layer built from the next one's values on its flag's cell only, those found by the
    // next layer's search stopped once they are settled: every value as built one layer after
    // another, on every course, for the whole line and each leg alone.
    let lib = Library::builtin();
    let mut compared = 0;
    for course in courses(&lib) {
        let name = &course.name;
        let (table, flags) = table_of(&lib, &course);
        let preds = Preds::of(&table);
        let sites = flags.iter().copied().chain([0, table.cells() / 2]);
        let returns = super::Returns::to(&table, [table.cells() - 1], sites);
        let n = flags.len();
        let mut spans = vec![(0, n)];
        spans.extend((0..n).map(|leg| (leg, leg + 1)));
        if n > 2 {
            spans.push((1, n - 1));
        }
        for (first, goal) in spans {
            for returns in [None, Some(&returns)] {
                let span = (first, goal);
                let one =
                    Bounds::returning_kept(&table, &preds, &flags, span, returns, (false, false));
                let side =
                    Bounds::returning_kept(&table, &preds, &flags, span, returns, (false, true));
                for layer in first..goal {
                    for state in 0..table.states() {
                        let (node, phase) = ((state / PHASES) as u32, (state % PHASES) as u8);
                        let of = |b: &Bounds| b.of(layer as u8, node, phase, &[u8::MAX; 5]);
                        assert_eq!(
                            of(&side),
                            of(&one),
                            "{name}: layers {first}..{goal}, layer {layer}, state {state}, returns {}",
                            returns.is_some()
                        );
                        compared += usize::from(of(&one) != NEVER);
                    }
                }
            }
        }
    }
    assert!(compared > 200_000, "values compared: {compared}");
}

#[test]
fn a_packed_layer_keeps_a_cells_values_over_its_least_or_lists_them_apart() {
    use super::packed::Layer;
    let never = u16::MAX;
    let cell = 4 * PHASES;
    // Cell 0: small steps over its least (3), one value 15 over it and one with no way, which
    // four bits cannot say. Cell 1: no state with a way. Cell 2: every state the same. Then
    // half a cell (a table ends where it ends).
    let mut values: Vec<u16> = (0..cell as u16).map(|i| 3 + i % 4).collect();
    values[7] = 18;
    values[12] = never;
    values.extend(std::iter::repeat_n(never, cell));
    values.extend(std::iter::repeat_n(MOST_KEPT as u16, cell));
    values.extend([0, 14, never, 1, 2]);
    let layer = Layer::of(values.clone(), true);
    assert!(layer.is_packed());
    for (state, &v) in values.iter().enumerate() {
        assert_eq!(layer.get(state), Some(widen(v)), "state {state}");
    }
    assert_eq!(layer.get(values.len()), None, "beyond the table");
    // Kept whole, the same values.
    let whole = Layer::of(values.clone(), false);
    assert!(!whole.is_packed());
    for (state, &v) in values.iter().enumerate() {
        assert_eq!(whole.get(state), Some(widen(v)), "state {state}");
    }
    // A layer where most values stray far from their cell's least is kept whole, the same values.
    let wild: Vec<u16> = (0..cell as u16 * 4).map(|i| i * 20 % 1000).collect();
    let layer = Layer::of(wild.clone(), true);
    assert!(!layer.is_packed());
    for (state, &v) in wild.iter().enumerate() {
        assert_eq!(layer.get(state), Some(widen(v)), "state {state}");
    }
}

#[test]
fn the_typical_hands_bounds_are_the_reference_searchs_at_every_state_a_search_reads_issue_17() {
    let lib = Library::builtin();
    let caps = hands::typical_caps();
    let capped = Capped::of(&caps);
    // Move 3 and Move 2 are capped (a typical hand holds one of each at most).
    assert_eq!(capped.0.iter().filter(|&&b| b != 0).count(), 2);
    let (mut finite, mut compact_layers) = (0, 0);
    for course in courses(&lib) {
        let name = &course.name;
        let (table, flags) = table_of(&lib, &course);
        let preds = Arc::new(Preds::of(&table));
        // Kept whole and kept in four bits: the same values. So are the capped lists made from
        // predecessor lists shared with others (copied) and from lists no one else holds
        // (rewritten in place, `CappedPreds::of`).
        for compact in [false, true] {
            let given = if compact {
                Arc::new(Preds::of(&table))
            } else {
                Arc::clone(&preds)
            };
            let Some(fast) = Bounds::typical_kept(&table, given, &flags, &caps, compact, &|| false)
            else {
                panic!("{name}: the bounds stopped unasked")
            };
            if let Some(t) = &fast.typical {
                let over = t
                    .layers
                    .iter()
                    .filter(|l| matches!(l, super::typical::TypicalLayer::Over(_)));
                compact_layers += over.count();
            }
            let slow = reference_typical(&table, &preds, &flags, capped);
            for (layer, values) in slow.iter().enumerate() {
                for state in 0..table.states() {
                    let (node, phase) = ((state / PHASES) as u32, state % PHASES);
                    // The sets a search state can hold before register `phase + 1`: none before
                    // the first, one kind at most before the second.
                    let sets: &[u8] = match phase {
                        0 => &[0],
                        1 => &[0, 1, 2],
                        _ => &[0, 1, 2, 3],
                    };
                    for &set in sets {
                        let value = values[state * SETS + usize::from(set)];
                        let turn = turn_of(&capped.0, set, phase);
                        let got = fast.of(layer as u8, node, phase as u8, &turn);
                        assert_eq!(
                            got, value,
                            "{name}: layer {layer}, state {state}, set {set}"
                        );
                        finite += usize::from(value != NEVER);
                    }
                    // A capped kind twice in one turn: no bound, as before.
                    if phase >= 2 {
                        let mut twice = turn_of(&capped.0, 1, phase);
                        twice[1] = twice[0];
                        assert_eq!(fast.of(layer as u8, node, phase as u8, &twice), 0, "{name}");
                    }
                }
            }
        }
    }
    assert!(
        finite > 500_000,
        "the comparison has values to compare: {finite}"
    );
    assert!(compact_layers > 0, "some layers were kept in four bits");
}

#[test]
fn the_predecessor_lists_are_every_step_of_the_table_backwards_issue_17() {
    let lib = Library::builtin();
    for course in courses(&lib) {
        let name = &course.name;
        let (table, _) = table_of(&lib, &course);
        let preds = Preds::of(&table);
        // Straightforwardly: each step from `state` with card `k` onto a node lands in the
        // next register phase (the first after the fifth).
        let mut slow: Vec<Vec<(u32, u8)>> = vec![Vec::new(); table.states()];
        for state in 0..table.states() {
            for (k, &to) in table.next_nodes(state).iter().enumerate() {
                if to != crate::engine::steps::NO_STEP {
                    let t = to as usize * PHASES + (state % PHASES + 1) % PHASES;
                    slow[t].push((state as u32, k as u8));
                }
            }
        }
        assert_eq!(preds.start.len(), table.states() + 1, "{name}");
        for (t, want) in slow.iter().enumerate() {
            let got: Vec<(u32, u8)> = preds
                .with_cards(t)
                .map(|(u, k)| (u as u32, k as u8))
                .collect();
            assert_eq!(&got, want, "{name}: state {t}");
        }
        assert_eq!(
            preds.list.len(),
            slow.iter().map(Vec::len).sum::<usize>(),
            "{name}"
        );
    }
}

#[test]
fn bounds_kept_in_16_bits_come_back_as_they_were_or_cut_and_never_stays_never() {
    // Cut at MOST_KEPT a bound is still a lower bound and still consistent; NEVER (no way to
    // the goal) must never come back as a finite bound, nor a finite one as NEVER.
    let values = vec![
        0,
        1,
        56,
        MOST_KEPT - 1,
        MOST_KEPT,
        MOST_KEPT + 1,
        70_000,
        NEVER - 1,
        NEVER,
    ];
    let back: Vec<u32> = narrow(values).into_iter().map(widen).collect();
    assert_eq!(
        back,
        vec![
            0,
            1,
            56,
            MOST_KEPT - 1,
            MOST_KEPT,
            MOST_KEPT,
            MOST_KEPT,
            MOST_KEPT,
            NEVER
        ]
    );
}

#[test]
fn a_typical_layer_keeps_its_sets_over_set_0_in_four_bits_or_else_whole() {
    use super::typical::TypicalLayer;
    let never = u16::MAX;
    // Three states: set 0, then sets 1, 2 and 3.
    let fits: Vec<u16> = vec![
        5, 5, 6, never, //
        0, 14, 1, 2, //
        never, never, never, never,
    ];
    let mut none = Vec::new();
    let layer = TypicalLayer::of(&fits, &mut none, true);
    assert!(matches!(layer, TypicalLayer::Over(_)));
    assert_eq!(none, vec![5, 0, never]);
    // 16 bits of one state and the next start in the same byte: both read back.
    for state in 0..3 {
        for set in 1..SETS {
            let want = widen(fits[state * SETS + set]);
            let got = layer.get(state, set, widen(none[state]));
            assert_eq!(got, Some(want), "state {state}, set {set}");
        }
    }
    // 15 more than set 0 does not fit four bits: the layer is kept whole, the same values.
    for bad in [vec![5, 20, 6, 7], vec![never, 3, never, never]] {
        let layer = TypicalLayer::of(&bad, &mut none, true);
        assert!(matches!(layer, TypicalLayer::Whole(_)), "{bad:?}");
        for (set, &v) in bad.iter().enumerate().skip(1) {
            assert_eq!(layer.get(0, set, widen(none[0])), Some(widen(v)));
        }
    }
}

#[test]
fn the_typical_hands_bounds_stop_between_one_flags_values_and_the_next_when_asked_issue_17() {
    // Built beside the line's search before it is known whether they are needed, they stop
    // when told (`Bounds::typical_until`): asked before each flag's values, last flag first.
    let lib = Library::builtin();
    let caps = hands::typical_caps();
    let course = synthetic(3);
    let (table, flags) = table_of(&lib, &course);
    assert!(flags.len() >= 2, "{} flags", flags.len());
    let asked = std::cell::Cell::new(0);
    let stop_at = |n: usize| {
        asked.set(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > n
        };
        Bounds::typical_until(&table, Arc::new(Preds::of(&table)), &flags, &caps, &stop)
    };
    assert!(stop_at(0).is_none());
    assert_eq!(asked.get(), 1);
    assert!(stop_at(1).is_none());
    assert_eq!(asked.get(), 2);
    let Some(whole) = stop_at(flags.len()) else {
        panic!("stopped though never told to")
    };
    assert_eq!(asked.get(), flags.len());
    let plain = Bounds::typical(&table, Arc::new(Preds::of(&table)), &flags, &caps);
    for state in 0..table.states() {
        let node = (state / PHASES) as u32;
        let phase = (state % PHASES) as u8;
        assert_eq!(
            whole.of(0, node, phase, &[0; 5]),
            plain.of(0, node, phase, &[0; 5]),
            "state {state}"
        );
    }
}

#[test]
fn the_states_of_a_value_are_put_in_the_tables_order_issue_17() {
    // `by_state` on a large table: the same order a sort gives, duplicates kept, over one digit
    // and over three; a small table or a short list is left as it came.
    let mut rng = Rng::new(17);
    for states in [super::SORT_TABLES_FROM, 40_000_000] {
        let mut now: Vec<u32> = (0..5_000)
            .map(|_| (rng.next_u64() % states as u64) as u32)
            .collect();
        now.extend_from_within(..100);
        let mut want = now.clone();
        want.sort_unstable();
        super::by_state(&mut now, states);
        assert_eq!(now, want, "{states} states");
    }
    let came = vec![5, 3, 9];
    let mut short = came.clone();
    super::by_state(&mut short, super::SORT_TABLES_FROM);
    assert_eq!(short, came);
    let mut small: Vec<u32> = (0..2_000).rev().collect();
    let before = small.clone();
    super::by_state(&mut small, 4_000);
    assert_eq!(small, before);
}
