//! The bounds that know damage (`hurt.rs`) against a plain reference: a backward search over
//! every (table state, damage) pair, one pair at a time, on the sample courses and on a random
//! course dense with lasers and repairs (issue 17 item 7: the fast construction keeps exactly
//! the same values; docs/rules.md and RULINGS.md on damage, destruction at 10 and repairs).

use super::*;
use crate::engine::{Factory, Rng};
use crate::format::Library;
use crate::geom::{Facing, Square};
use crate::model::{Barrier, Beams, Course, EdgeSpec, Mount, Tile, Wrenches};
use crate::validate::bounds::Preds;
use crate::validate::solver;
use crate::validate::solver_tests::{SAMPLES, one_tile_course, random_square, sample};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

#[test]
fn a_step_adds_its_damage_the_tenth_point_destroys_and_a_turns_end_repairs_rulings_damage() {
    assert_eq!(after_step(3, 2, false, 1), Some(5));
    assert_eq!(after_step(8, 2, false, 0), None);
    assert_eq!(after_step(3, 2, true, 1), Some(4));
    assert_eq!(after_step(1, 0, true, 2), Some(0));
}

/// One layer by the definition: the least registers from each (state, damage) pair, settled
/// pair by pair in order of value from a heap. A step onto `flag` costs 1 plus the next layer's
/// value where it lands (`after`; 0 for the last layer), any other step 1 plus the value of the
/// pair it reaches; a state on the flag passes nothing on (arriving there touches it).
fn reference_layer(
    table: &StepTable,
    preds: &Preds,
    flag: usize,
    wrenches: &[u8],
    after: Option<&[u32]>,
) -> Vec<u32> {
    let states = table.states();
    let mut dist = vec![NEVER; states * LEVELS];
    let mut heap = BinaryHeap::new();
    let on_flag = |t: usize| t / PHASES / 4 == flag;
    // Every pair one step before (t, d2), with the value it would get from there.
    let before = |t: usize, d2: usize, v: u32, out: &mut Vec<(u32, usize)>| {
        let ends = t.is_multiple_of(PHASES);
        for (u, k) in preds.with_cards(t) {
            let hurt = table.damages(u)[k];
            for d in 0..LEVELS {
                if after_step(d, hurt, ends, wrenches[t / PHASES / 4]) == Some(d2) {
                    out.push((v + 1, u * LEVELS + d));
                }
            }
        }
    };
    let mut found = Vec::new();
    for t in (0..states).filter(|&t| on_flag(t)) {
        for d2 in 0..LEVELS {
            let rest = after.map_or(0, |a| a[t * LEVELS + d2]);
            if rest != NEVER {
                before(t, d2, rest, &mut found);
            }
        }
    }
    for (v, at) in found.drain(..) {
        heap.push(Reverse((v, at)));
    }
    while let Some(Reverse((v, at))) = heap.pop() {
        if v >= dist[at] {
            continue;
        }
        dist[at] = v;
        let t = at / LEVELS;
        if !on_flag(t) {
            before(t, at % LEVELS, v, &mut found);
            for (v2, at2) in found.drain(..) {
                if v2 < dist[at2] {
                    heap.push(Reverse((v2, at2)));
                }
            }
        }
    }
    dist
}

/// `Hurt::new` against `reference_layer` for every layer, state and damage.
fn check_against_reference(name: &str, table: &StepTable, flags: &[usize], wrenches: &[u8]) {
    let preds = Preds::of(table);
    let Some(hurt) = Hurt::new(table, &preds, flags, wrenches, &|| false) else {
        panic!("{name}: no bounds")
    };
    let mut after: Option<Vec<u32>> = None;
    let mut finite = 0usize;
    for layer in (0..flags.len()).rev() {
        let want = reference_layer(table, &preds, flags[layer], wrenches, after.as_deref());
        let stored = |d: u32| {
            if d == NEVER {
                NEVER
            } else {
                d.min(u32::from(FAR - 1))
            }
        };
        for state in 0..table.states() {
            let (node, phase) = ((state / PHASES) as u32, (state % PHASES) as u8);
            for damage in 0..LEVELS {
                let expected = stored(want[state * LEVELS + damage]);
                let got = hurt.of(layer as u8, node, phase, damage as u8);
                assert_eq!(
                    got, expected,
                    "{name}: layer {layer}, state {state}, damage {damage}"
                );
                finite += usize::from(expected != NEVER);
            }
        }
        after = Some(want);
    }
    // A comparison of nothing but `NEVER` would prove nothing.
    assert!(finite > 0, "{name}: no state reaches the goal");
}

/// The repairs each cell gives at a turn's end, as `Searcher::new` counts them.
fn wrenches_of(factory: &Factory, cells: usize) -> Vec<u8> {
    (0..cells)
        .map(|c| {
            let cell = factory.cell_at(c);
            cell.wrenches.max(u8::from(cell.flag > 0))
        })
        .collect()
}

#[test]
fn hurt_is_the_least_registers_per_state_and_damage_on_the_samples_rulings_damage() {
    let lib = Library::builtin();
    for name in SAMPLES {
        let (_, factory, table) = sample(&lib, name);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("{name}: no flags")
        };
        let wrenches = wrenches_of(&factory, table.cells());
        check_against_reference(name, &table, &searcher.flags, &wrenches);
    }
}

/// A random course `side` squares across in one tile, its lasers on one wall in four and some
/// of them double, with pits, belts, gears and repair squares: damage and repairs everywhere.
pub(in crate::validate) fn laser_course(side: i32, seed: u64) -> Course {
    let mut rng = Rng::new(seed);
    let flags = [
        Square::new(side - 2, 1),
        Square::new(side - 2, side - 2),
        Square::new(1, side - 2),
    ];
    let mut t = Tile::new("lasers", side, side);
    t.name = "lasers".to_string();
    for y in 0..side {
        for x in 0..side {
            let s = Square::new(x, y);
            if flags.contains(&s) {
                continue;
            }
            let (mut spec, roll) = random_square(&mut rng, 24);
            if roll == 6 {
                spec.repair = Wrenches::new(1 + rng.below(2) as u8);
            }
            t.set_square(s, spec);
            let side_of = Facing::ALL[rng.below(4) as usize];
            let ahead = s.step(side_of);
            if rng.below(4) == 0 && (0..side).contains(&ahead.x) && (0..side).contains(&ahead.y) {
                t.set_edge(
                    s,
                    side_of,
                    EdgeSpec {
                        barrier: Some(Barrier::Plain),
                        mount: Beams::new(1 + rng.below(2) as u8).map(Mount::Laser),
                    },
                );
            }
        }
    }
    one_tile_course(t, Square::new(1, 1), &flags)
}

#[test]
fn hurt_is_the_least_registers_per_state_and_damage_among_lasers_rulings_damage() {
    let lib = Library::builtin();
    for seed in 1..=3 {
        let course = laser_course(20, seed);
        let factory = Arc::new(Factory::new(course.compile(&lib)));
        let Some(table) = StepTable::new(Arc::clone(&factory)) else {
            panic!("seed {seed}: no table")
        };
        // Damage must matter: some step of the table hurts, more than one point somewhere.
        let most = (0..table.states()).flat_map(|s| table.damages(s)).max();
        assert!(most >= Some(2), "seed {seed}: no step takes 2 damage");
        let Some(searcher) = solver::searcher(&table) else {
            panic!("seed {seed}: no flags")
        };
        let name = format!("lasers {seed}");
        let wrenches = wrenches_of(&factory, table.cells());
        check_against_reference(&name, &table, &searcher.flags, &wrenches);
        // Larger repairs everywhere: turns that end on most squares heal 1 to 3 points.
        let heavy: Vec<u8> = (0..table.cells()).map(|c| (c % 4) as u8).collect();
        check_against_reference(
            &format!("{name}, heavy repairs"),
            &table,
            &searcher.flags,
            &heavy,
        );
    }
}
