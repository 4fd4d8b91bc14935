//! What the analysis computes once and shares (issue 17 item 7) against what it computed before,
//! on the sample courses: the trap squares read from each flag's own bounds against the backward
//! search of their own.

use super::bounds::{Bounds, NEVER};
use super::reach;
use super::search::FREE;
use super::solver;
use crate::engine::Factory;
use crate::engine::steps::{PHASES, StepTable};
use crate::format::Library;
use std::cell::OnceCell;
use std::sync::Arc;

/// The built-in sample courses with flags, as the searcher of each sees them.
const SAMPLES: [&str; 6] = [
    "first-steps.json",
    "dockside-dash.json",
    "hazard-works.json",
    "standard-2x2.json",
    "grand-tour.json",
    "cubed.json",
];

/// A built-in sample course's step table under its house rules.
fn table_of(lib: &Library, name: &str) -> (crate::model::Course, StepTable) {
    let Some(entry) = lib.find_course(name) else {
        panic!("{name} is not in the built-in library")
    };
    let house = entry.course.rules.house;
    let factory = Arc::new(Factory::for_rules(entry.course.compile(lib), &house));
    let Some(table) = StepTable::new(factory) else {
        panic!("{name}: no table")
    };
    (entry.course.clone(), table)
}

#[test]
fn a_flags_own_bounds_reach_it_from_the_same_states_as_the_backward_search_issue_17() {
    let lib = Library::builtin();
    for name in SAMPLES {
        let (_, table) = table_of(&lib, name);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("{name}: no flags")
        };
        let mut traps = 0;
        for flag in 0..searcher.flags.len() {
            let bounds = searcher.leg_bounds(flag);
            assert!(!bounds.is_off(), "{name}");
            let good = solver::reaching(&searcher, flag, &searcher.preds.get());
            let on = searcher.flags[flag];
            for (state, &reaches) in good.iter().enumerate() {
                let (node, phase) = (state / PHASES, state % PHASES);
                let bound = bounds.of(flag as u8, node as u32, phase as u8, &[u8::MAX; 5]);
                assert_eq!(
                    reaches,
                    node / 4 == on || bound != NEVER,
                    "{name}: flag {flag}, state {state}"
                );
            }
            if flag + 1 == searcher.flags.len() {
                // The last flag's own bounds are the searcher's last layer: the leg's search and
                // its trap squares read those.
                for node in 0..table.states() / PHASES {
                    for phase in 0..PHASES as u8 {
                        let of = |b: &Bounds| b.of(flag as u8, node as u32, phase, &[u8::MAX; 5]);
                        assert_eq!(of(&searcher.bounds), of(&bounds), "{name}: node {node}");
                    }
                }
            }
            let shared = solver::trap_squares(&searcher, flag, &bounds, &OnceCell::new());
            assert_eq!(
                shared,
                solver::trap_squares(&searcher, flag, &Bounds::off(), &OnceCell::new()),
                "{name}"
            );
            traps += shared.len();
        }
        // Not every course is free of traps: the comparison has squares to compare.
        if name == "hazard-works.json" {
            assert!(traps > 0, "{name}: no trap squares");
        }
    }
}

/// The searcher of `course` on `table` under `house`, its start's cell and the facings a robot
/// may start with there.
fn searcher_at_start<'t>(
    table: &'t StepTable,
    course: &crate::model::Course,
    house: &crate::model::HouseRules,
    name: &str,
) -> (super::search::Searcher<'t>, usize, Vec<usize>) {
    let Some(searcher) = solver::searcher_under(table, house) else {
        panic!("{name}: no flags")
    };
    let factory = table.factory();
    let Some((start, facings)) = solver::start_of(course.start, factory) else {
        panic!("{name}: no start")
    };
    let Some(cell) = factory.index(start) else {
        panic!("{name}: start off the grid")
    };
    (searcher, cell, facings.iter().map(|f| f.index()).collect())
}

/// The arrivals from `cell` searched until no state is left, and leaving settled layers; both
/// within the budget.
fn whole_and_settled(
    searcher: &super::search::Searcher<'_>,
    cell: usize,
    facings: &[usize],
    name: &str,
) -> (reach::Arrivals, reach::Arrivals) {
    let goal = searcher.flags.len() as u8;
    let seeds = searcher.seeds(cell, facings, 0);
    let budget = solver::STATE_BUDGET;
    let whole = reach::arrivals_until(searcher, &seeds, goal, budget, false, &|| false);
    let settled = reach::arrivals_until(searcher, &seeds, goal, budget, true, &|| false);
    assert!(!whole.gave_up && !settled.gave_up, "{name}");
    (whole, settled)
}

#[test]
fn the_arrivals_search_that_leaves_settled_layers_finds_every_arrival_the_whole_one_does() {
    // issue 17 item 7: `reach::arrivals` stops searching a layer once it can add no arrival;
    // the arrivals on every flag, state for state and in order, are those of the search that
    // runs until no state is left. Under moving flags (the last course) the last layer is not
    // searched at all: an arrival there is a touch, and its touches reach the last flag.
    let lib = Library::builtin();
    let mut cut = 0;
    for name in SAMPLES.into_iter().chain(["moving-flags.json"]) {
        let (course, table) = table_of(&lib, name);
        let (searcher, cell, facings) =
            searcher_at_start(&table, &course, &course.rules.house, name);
        let (whole, settled) = whole_and_settled(&searcher, cell, &facings, name);
        assert_eq!(settled.on, whole.on, "{name}");
        assert!(whole.on.iter().skip(1).all(|on| !on.is_empty()), "{name}");
        cut += usize::from(settled.admitted < whole.admitted);
    }
    // The comparison means something: on some course the settled search stopped early.
    assert!(cut > 0);
}

#[test]
fn under_lives_the_arrivals_search_that_leaves_settled_layers_leaves_out_only_arrivals_no_better_issue_17()
 {
    // issue 17 item 7: under One Free Life and Infinite Lives `reach::arrivals` stops searching a
    // layer once every facing and register on its flags was reached with no damage and the free
    // life unspent. Which of two arrivals that do equally well `Seen` keeps depends on the order
    // they come in, and the states of the layers left out came in among the others: so each
    // arrival of either search has one in the other on the same flag, square, facing, register
    // and archive (the flag) with no more damage, no more lives spent and no lock it does not
    // have. Seeded with either, every leg is as short.
    let lib = Library::builtin();
    let (mut cut, mut compared) = (0, 0);
    let mut courses: Vec<crate::model::Course> = vec![table_of(&lib, "first-steps.json").0];
    courses.extend((1..=8u64).map(|seed| super::hurt::tests::laser_course(8, seed)));
    for (rule, house) in super::solver_tests::lives_rules() {
        for course in &courses {
            let name = format!("{}, {rule}", course.name);
            let factory = Arc::new(Factory::for_rules(course.compile(&lib), &house));
            let Some(table) = StepTable::new(factory) else {
                panic!("{name}: no table")
            };
            let (searcher, cell, facings) = searcher_at_start(&table, course, &house, &name);
            let searcher = searcher.returning_to(&[cell]);
            let (whole, settled) = whole_and_settled(&searcher, cell, &facings, &name);
            // `k` can do all `s` can: every register `k` has locked (none below 5 damage) is
            // locked with the same card in `s`.
            let as_good = |k: &super::search::State, s: &super::search::State| {
                (k.layer, k.node, k.phase, k.archive) == (s.layer, s.node, s.phase, s.archive)
                    && k.damage <= s.damage
                    && k.deaths <= s.deaths
                    && k.cards
                        .iter()
                        .zip(&s.cards)
                        .all(|(a, b)| *a == FREE || a == b)
            };
            for (layer, (kept, all)) in settled.on.iter().zip(&whole.on).enumerate() {
                for (these, others, what) in [(kept, all, "left out"), (all, kept, "added")] {
                    for s in these {
                        assert!(
                            others.iter().any(|k| as_good(k, s)),
                            "{name}: flag {layer}: {s:?} {what} with nothing as good"
                        );
                        compared += 1;
                    }
                }
            }
            cut += usize::from(settled.admitted < whole.admitted);
        }
    }
    // The comparison means something: there are arrivals, and some search stopped early.
    assert!(compared > 100, "{compared} arrivals compared");
    assert!(cut > 0);
}

#[test]
fn the_first_starts_arrivals_searched_early_are_those_searched_after_its_line_issue_17() {
    // issue 17 item 7 (`reach::Early`): a second thread searches the first start's arrivals
    // while the line's search runs. The line's legs take them if they are from the same seeds,
    // else search their own; once taken, or told to stop, nothing is kept for later.
    let lib = Library::builtin();
    for name in ["first-steps.json", "grand-tour.json"] {
        let (course, table) = table_of(&lib, name);
        let (searcher, cell, facings) =
            searcher_at_start(&table, &course, &course.rules.house, name);
        let goal = searcher.flags.len() as u8;
        let seeds = searcher.seeds(cell, &facings, 0);
        let own = reach::arrivals(&searcher, &seeds, goal, solver::STATE_BUDGET);
        assert!(own.on.iter().skip(1).all(|on| !on.is_empty()), "{name}");
        let early = reach::Early::default();
        early.search(&searcher, &seeds, goal, &|| false);
        assert!(early.kept(), "{name}");
        assert_eq!(early.take(&searcher, &seeds, goal).on, own.on, "{name}");
        assert!(!early.kept(), "{name}");
        // Taken: a second search keeps nothing, and a take searches again (the same arrivals).
        early.search(&searcher, &seeds, goal, &|| false);
        assert!(!early.kept(), "{name}");
        assert_eq!(early.take(&searcher, &seeds, goal).on, own.on, "{name}");
        // Kept from other seeds (another facing): not given for these.
        let other = reach::Early::default();
        let turned = searcher.seeds(cell, &[(facings[0] + 1) % 4], 0);
        other.search(&searcher, &turned, goal, &|| false);
        assert!(other.kept(), "{name}");
        assert_eq!(other.take(&searcher, &seeds, goal).on, own.on, "{name}");
        // Told to stop (the line does not finish): given up, and none kept.
        let stopped = reach::Early::default();
        stopped.search(&searcher, &seeds, goal, &|| true);
        assert!(!stopped.kept(), "{name}");
        assert_eq!(stopped.take(&searcher, &seeds, goal).on, own.on, "{name}");
    }
}
