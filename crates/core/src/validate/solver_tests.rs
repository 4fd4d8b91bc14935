//! The bounded searches against the whole ones (`Searcher::search_bounded`, `bounds.rs`): the
//! same first line on the sample courses; and each leg's own minimum from the arrivals `reach.rs`
//! finds against the whole search's.

use super::bounds::{Bounds, NEVER};
use super::hands;
use super::hurt::Hurt;
use super::reach;
use super::search::{Aim, Options, Outcome, Searcher, State};
use super::solver;
use crate::engine::steps::{PHASES, StepTable};
use crate::engine::{Factory, Rng};
use crate::format::Library;
use crate::geom::{Facing, Rotation, Sides, Square};
use crate::model::{
    Course, Flag, Floor, Flow, FlowKind, LivesRule, PlayerRange, RulesEdition, Spin, SquareSpec,
    StartRule, Tile, TilePlacement,
};
use crate::validate::hurt::tests::laser_course;
use std::sync::Arc;

/// The states and cards of a line, then the last card, node and damage.
type Line = (Vec<(State, u8)>, u8, u32, u8);

/// The finish and the line to it, as (visit before the last step, card, node, damage) and
/// the states and cards along the way.
fn line(o: &Outcome) -> Option<Line> {
    let (before, card, node, damage) = o.finish?;
    let mut steps: Vec<(State, u8)> = Searcher::path(&o.visits, before)
        .iter()
        .map(|&(i, c)| (o.visits.state(i), c))
        .collect();
    steps.insert(0, (o.visits.state(Searcher::seed_of(&o.visits, before)), 0));
    Some((steps, card, node, damage))
}

/// The sample courses the bounded searches are checked on.
pub(super) const SAMPLES: [&str; 5] = [
    "first-steps.json",
    "dockside-dash.json",
    "hazard-works.json",
    "standard-2x2.json",
    "grand-tour.json",
];

/// One random square of the validation tests' generated courses, at the density of the sample
/// courses and the benches' synthetic ones: of `one_in` draws, one a pit, four a belt (one in
/// three express) out a random side, one a gear; also the draw, for a caller's own elements
/// on the others (a repair site, ...).
pub(super) fn random_square(rng: &mut Rng, one_in: u64) -> (SquareSpec, u64) {
    let mut spec = SquareSpec::default();
    let roll = rng.below(one_in);
    match roll {
        0 => spec.floor = Some(Floor::Pit),
        1..=4 => {
            let out = Facing::ALL[rng.below(4) as usize];
            let kind = if rng.below(3) == 0 {
                FlowKind::Express
            } else {
                FlowKind::Belt
            };
            spec.flow = Some(Flow {
                kind,
                out,
                entries: Sides::of(out.opposite()),
            });
        }
        5 => spec.gear = Some(Spin::Cw),
        _ => {}
    }
    (spec, roll)
}

/// A built-in sample course, its factory and its step table.
pub(super) fn sample(lib: &Library, name: &str) -> (crate::model::Course, Arc<Factory>, StepTable) {
    let Some(entry) = lib.find_course(name) else {
        panic!("{name} is not in the built-in library")
    };
    let factory = Arc::new(Factory::new(entry.course.compile(lib)));
    let Some(table) = StepTable::new(Arc::clone(&factory)) else {
        panic!("{name}: no table")
    };
    (entry.course.clone(), factory, table)
}

/// The seed states of a course's start (numbered start 1 for a numbered start).
pub(super) fn start_seeds(
    searcher: &Searcher<'_>,
    course: &crate::model::Course,
    factory: &Factory,
    name: &str,
) -> Vec<State> {
    let Some((start, facings)) = solver::start_of(course.start, factory) else {
        panic!("{name}: no start")
    };
    let Some(cell) = factory.index(start) else {
        panic!("{name}: start off the grid")
    };
    let facings: Vec<usize> = facings.iter().map(|f| f.index()).collect();
    searcher.seeds(cell, &facings, 0)
}

#[test]
fn a_search_within_bounds_finds_the_whole_searchs_line_on_the_sample_courses() {
    let lib = Library::builtin();
    for name in [
        "first-steps.json",
        "dockside-dash.json",
        "hazard-works.json",
        "standard-2x2.json",
    ] {
        let (course, factory, table) = sample(&lib, name);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("{name}: no flags")
        };
        let goal = searcher.flags.len() as u8;
        let starts = factory.board().start_squares();
        let cells: Vec<(usize, usize)> = match course.start {
            crate::model::StartRule::Archive(s) => (0..4)
                .filter_map(|f| factory.index(s).map(|c| (c, f)))
                .collect(),
            crate::model::StartRule::Numbered => starts
                .iter()
                .filter_map(|&(_, s, f)| factory.index(s).map(|c| (c, f.index())))
                .collect(),
        };
        let caps = hands::typical_caps();
        for typical in [false, true] {
            let opts = Options {
                typical,
                exhaustive: false,
                budget: solver::STATE_BUDGET,
            };
            for &(cell, facing) in cells.iter().take(3) {
                let seeds = searcher.seeds(cell, &[facing], 0);
                let whole = searcher.search(&seeds, goal, opts);
                let first = seeds[0].bound(&searcher.bounds);
                let bounded =
                    searcher.search_bounded(&seeds, goal, opts, &searcher.bounds, Aim::at(first));
                let Some(bounded) = bounded else {
                    assert!(whole.finish.is_none(), "{name}: a line the bounds missed");
                    continue;
                };
                assert!(whole.finish.is_some(), "{name}: typical {typical}");
                assert_eq!(line(&bounded), line(&whole), "{name}: typical {typical}");
                assert!(bounded.visits.len() <= whole.visits.len());
                if !typical {
                    continue;
                }
                // The typical hand's own bounds: tighter, and still the whole search's line.
                let tight = Bounds::typical(&table, searcher.preds.get(), &searcher.flags, &caps);
                let first_tight = seeds[0].bound(&tight);
                assert!(first_tight >= first, "{name}: {first_tight} < {first}");
                let Some(bounded) =
                    searcher.search_bounded(&seeds, goal, opts, &tight, Aim::at(first_tight))
                else {
                    panic!("{name}: the typical bounds missed a line")
                };
                assert_eq!(line(&bounded), line(&whole), "{name}: typical bounds");
            }
        }
    }
}

#[test]
fn each_legs_minimum_from_every_arrival_found_least_damage_first_is_the_whole_searchs() {
    // issue 17 item 1: the arrivals on each flag that `reach.rs` finds (least damage first, no
    // registers kept) give each leg the same minimum as the arrivals of a breadth-first search
    // run through every state, which is what they replaced.
    let lib = Library::builtin();
    for name in SAMPLES {
        let (course, factory, table) = sample(&lib, name);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("{name}: no flags")
        };
        let seeds = start_seeds(&searcher, &course, &factory, name);
        let goal = searcher.flags.len() as u8;
        let opts = Options {
            typical: false,
            exhaustive: true,
            budget: solver::STATE_BUDGET,
        };
        let whole = searcher.search(&seeds, goal, opts);
        assert!(whole.finish.is_some() && !whole.gave_up, "{name}");
        let arrivals = reach::arrivals(&searcher, &seeds, goal, solver::STATE_BUDGET);
        assert!(!arrivals.gave_up, "{name}");
        for leg in 1..usize::from(goal) {
            let of = |arrivals| solver::From {
                visits: &whole.visits,
                finish: whole.finish,
                arrivals,
                start: &seeds,
                gave_up: whole.gave_up,
                on: std::cell::OnceCell::new(),
            };
            let (old, _) = solver::leg_minimum(&searcher, &of(None), leg);
            let (new, _) = solver::leg_minimum(&searcher, &of(Some(&arrivals)), leg);
            assert!(old.registers.is_some(), "{name}: leg {leg}");
            assert_eq!(new.registers, old.registers, "{name}: leg {leg}");
            assert!(new.from_damage <= old.from_damage, "{name}: leg {leg}");
        }
    }
}

/// The moving-flags sample: the course, its factory and its step table under its house rules.
fn moving_flags() -> (Course, Arc<Factory>, StepTable) {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/moving-flags.json");
    let course = match crate::format::load_document(&path) {
        Ok(crate::format::Document::Course(c)) => c,
        other => panic!("not a course: {:?}", other.err()),
    };
    let lib = Library::for_file(&path);
    let house = course.rules.house;
    assert!(house.moving_flags.is_some());
    let factory = Arc::new(Factory::for_rules(course.compile(&lib), &house));
    let Some(table) = StepTable::new(Arc::clone(&factory)) else {
        panic!("no table")
    };
    (course, factory, table)
}

#[test]
fn under_moving_flags_the_bounds_are_off_and_the_lines_are_the_whole_searchs() {
    // The bounds assume flags that stay put (`bounds.rs`): on the moving-flags sample they are
    // off, and the searches that would use them give the whole search's line, plain and with a
    // typical hand (docs/validation.md, Speed).
    let (course, factory, table) = moving_flags();
    let house = course.rules.house;
    let Some(searcher) = solver::searcher_under(&table, &house) else {
        panic!("no flags")
    };
    assert!(searcher.bounds.is_off() && searcher.leg_bounds(1).is_off());
    let seeds = start_seeds(&searcher, &course, &factory, "moving-flags.json");
    let goal = searcher.flags.len() as u8;
    for typical in [false, true] {
        let opts = Options {
            typical,
            exhaustive: false,
            budget: solver::STATE_BUDGET,
        };
        let whole = searcher.search(&seeds, goal, opts);
        let first = seeds[0].bound(&searcher.bounds);
        let Some(bounded) =
            searcher.search_bounded(&seeds, goal, opts, &searcher.bounds, Aim::at(first))
        else {
            panic!("typical {typical}: no outcome")
        };
        assert!(whole.finish.is_some(), "typical {typical}: no line");
        assert_eq!(line(&bounded), line(&whole), "typical {typical}");
    }
}

#[test]
fn a_touch_of_a_moving_flag_is_an_arrival_though_a_robot_stood_there_first_docs_moving_flags() {
    // docs/validation.md, Moving flags: leg minima start from every arrival that touched the
    // previous flag. A robot that touched flag 1 and stood on it again later, with no more
    // damage, is the same search state as a fresh touch there (same square, register, turn of
    // the timeline and archive) but no arrival: reached first, it used to drop the touch from
    // the arrivals too, and the sample's second leg started from 6 damage where a touch with
    // none leads on as fast. Here every touch of flag 1 is collected from the start's layer
    // alone (no state that touched flag 1 is searched, so none can hide one): each is among the
    // arrivals on flag 1, or one that goes on at least as well.
    use crate::validate::search::Seen;
    use std::collections::HashMap;
    let (course, factory, table) = moving_flags();
    let house = course.rules.house;
    let Some(searcher) = solver::searcher_under(&table, &house) else {
        panic!("no flags")
    };
    let seeds = start_seeds(&searcher, &course, &factory, "moving-flags.json");
    let goal = searcher.flags.len() as u8;
    assert!(goal >= 2, "a second leg to start");
    let budget = solver::STATE_BUDGET;
    let opts = Options {
        typical: false,
        exhaustive: true,
        budget,
    };
    let mut seen = Seen::new(table.states() / PHASES, usize::from(goal), true);
    let mut queue: Vec<State> = seeds.iter().copied().filter(|s| seen.admit(s)).collect();
    // Per touch without its damage and locks: its least damage with each set of locks.
    type Place = (u32, u8, u16, u32, u8);
    let place = |s: &State| (s.node, s.phase, s.tick, s.archive, s.deaths);
    let mut touches: HashMap<(Place, [u8; 5]), u8> = HashMap::new();
    let mut next = Vec::new();
    let mut searched = 0;
    while let Some(s) = queue.pop() {
        searched += 1;
        assert!(searched < budget, "the start's layer runs on");
        searcher.successors(&s, opts, &mut next);
        for &(n, _, touched) in &next {
            if n.layer == 1 && touched && !n.dead {
                let damage = touches.entry((place(&n), n.cards)).or_insert(n.damage);
                *damage = (*damage).min(n.damage);
            } else if n.layer == 0 && seen.admit(&n) {
                queue.push(n);
            }
        }
    }
    assert!(!touches.is_empty());
    let arrivals = reach::arrivals(&searcher, &seeds, goal, budget);
    assert!(!arrivals.gave_up);
    let found = &arrivals.on[1];
    assert!(found.iter().all(|s| s.layer == 1 && !s.dead));
    // Each touch is an arrival, or one with no more damage and no lock where it has one is.
    let unlocked = |cards: &[u8; 5]| cards.iter().all(|&c| Searcher::card(c).is_none());
    for ((at, cards), damage) in &touches {
        let covered = found.iter().any(|s| {
            place(s) == *at && s.damage <= *damage && (s.cards == *cards || unlocked(&s.cards))
        });
        assert!(
            covered,
            "the touch {at:?} {cards:?} with {damage} damage is no arrival"
        );
    }
    // Among them, a touch with no damage at the end of a turn: the second leg's own minimum
    // starts from it (1 register, a Move 2, from 0 damage; it said 6 before).
    assert!(found.iter().any(|s| s.damage == 0 && s.phase == 0));
}

#[test]
fn bounds_that_know_damage_are_consistent_lower_bounds_and_keep_the_whole_searchs_line() {
    // issue 17 item 7 (`hurt.rs`): on every state of the whole search and each step from it,
    // the bound with damage is at least the plain one, drops by at most one, and a search
    // that brings it in from its first pass finds the whole search's line.
    let lib = Library::builtin();
    let mut tighter = 0;
    for name in SAMPLES {
        let (course, factory, table) = sample(&lib, name);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("{name}: no flags")
        };
        let Some(hurt) = searcher.hurt_bounds() else {
            panic!("{name}: no bounds with damage")
        };
        let seeds = start_seeds(&searcher, &course, &factory, name);
        let goal = searcher.flags.len() as u8;
        let h = |s: &State| hurt.of(s.layer, s.node, s.phase, s.damage);
        for typical in [false, true] {
            let opts = Options {
                typical,
                exhaustive: false,
                budget: solver::STATE_BUDGET,
            };
            let whole = searcher.search(&seeds, goal, opts);
            for v in whole.visits.iter() {
                let plain = v.state.bound(&searcher.bounds);
                assert!(h(&v.state) >= plain, "{name}: {:?}", v.state);
                tighter += usize::from(h(&v.state) > plain);
                if let Some(p) = whole.visits.get(v.parent as usize) {
                    assert!(h(&p.state) <= h(&v.state).saturating_add(1), "{name}");
                }
            }
            let Some((before, ..)) = whole.finish else {
                panic!("{name}: no line")
            };
            let registers = whole.visits.level(before as usize) + 1;
            assert!(seeds.iter().map(h).min().is_some_and(|b| b <= registers));
            let first = seeds[0].bound(&searcher.bounds);
            let bounded =
                searcher.passes(&seeds, goal, opts, &searcher.bounds, Aim::at(first), true);
            let Some(bounded) = bounded else {
                panic!("{name}: typical {typical}: the bounds with damage missed the line")
            };
            assert_eq!(line(&bounded), line(&whole), "{name}: typical {typical}");
            assert!(bounded.visits.len() <= whole.visits.len());
        }
    }
    // The lasers of the sample courses make damage count somewhere.
    assert!(tighter > 0);
}

#[test]
fn the_bounds_that_know_damage_stop_when_the_validation_is_cancelled() {
    // The window's Cancel (docs/validation.md, Speed, progress and Cancel) stops their build.
    let lib = Library::builtin();
    let (_, _, table) = sample(&lib, "grand-tour.json");
    let Some(searcher) = solver::searcher(&table) else {
        panic!("no flags")
    };
    let none = vec![0u8; table.cells()];
    let preds = searcher.preds.get();
    let built = Hurt::new(&table, &preds, &searcher.flags, &none, &|| false);
    assert!(built.is_some());
    let stopped = Hurt::new(&table, &preds, &searcher.flags, &none, &|| true);
    assert!(stopped.is_none());
}

/// Predecessors freed while the line searches run (the largest courses, `Searcher::new`) are
/// built again the same when the trap squares and the bounds read them, and the solution is
/// the same (issue 17 item 7: the largest course in under 300 MB).
#[test]
fn a_searcher_whose_predecessors_were_freed_solves_the_same() {
    let lib = Library::builtin();
    for name in ["first-steps.json", "hazard-works.json", "standard-2x2.json"] {
        let (course, factory, table) = sample(&lib, name);
        let (Some(kept), Some(freed)) = (solver::searcher(&table), solver::searcher(&table)) else {
            panic!("{name}: no flags")
        };
        assert!(kept.preds.is_built());
        let list = kept.preds.get().list.clone();
        freed.preds.release();
        assert!(!freed.preds.is_built());
        let Some((start, facings)) = solver::start_of(course.start, &factory) else {
            panic!("{name}: no start")
        };
        let whole = solver::solve_with(&kept, start, &facings, solver::Detail::Full);
        let again = solver::solve_with(&freed, start, &facings, solver::Detail::Full);
        assert!(whole.is_some(), "{name}");
        assert_eq!(whole, again, "{name}");
        assert!(freed.preds.is_built(), "{name}: the trap squares read them");
        assert_eq!(freed.preds.get().list, list, "{name}");
    }
}

/// One Free Life and Infinite Lives, each alone, with their names.
pub(in crate::validate) fn lives_rules() -> [(&'static str, crate::model::HouseRules); 2] {
    use crate::model::HouseRules;
    [
        (
            "one free life",
            HouseRules {
                one_free_life: true,
                ..HouseRules::default()
            },
        ),
        (
            "infinite lives",
            HouseRules {
                infinite_lives: true,
                ..HouseRules::default()
            },
        ),
    ]
}

#[test]
fn under_lives_the_bounds_know_the_return_and_keep_the_whole_searchs_line() {
    // docs/validation.md, Speed (`bounds::Returns`): under One Free Life and Infinite Lives the
    // bounds take in a destruction and the return to the archive. On every state of the whole
    // search and every step from it (a destruction included) they drop by at most one, they are
    // at most 1 on a step that touches the last flag, and a search within them finds the whole
    // search's line, where the plain bounds, which know no return, miss a line through a
    // destruction (the slime corridor of tests/analysis_lives.rs).
    let lib = Library::builtin();
    let (mut returned, mut lines, mut through) = (0, 0, 0);
    for (rule, house) in lives_rules() {
        let (course, factory, table) = sample(&lib, "first-steps.json");
        let mut tables = vec![("first-steps".to_string(), course, factory, table)];
        let generated =
            (1..=16u64).map(|seed| (format!("generated {seed}"), laser_course(8, seed)));
        let corridor = ("slime corridor".to_string(), slime_corridor());
        for (name, course) in generated.chain([corridor]) {
            let (factory, table) = table_of(&course);
            tables.push((name, course, factory, table));
        }
        for (name, course, factory, table) in &tables {
            let Some(plain) = solver::searcher_under(table, &house) else {
                panic!("{name}: no flags")
            };
            assert!(
                plain.bounds.is_off(),
                "{name}: without the return, no bounds"
            );
            let Some((start, _)) = solver::start_of(course.start, factory) else {
                panic!("{name}: no start")
            };
            let starts: Vec<usize> = factory.index(start).into_iter().collect();
            let searcher = plain.returning_to(&starts);
            assert!(!searcher.bounds.is_off() && searcher.returns(), "{name}");
            let seeds = start_seeds(&searcher, course, factory, name);
            let goal = searcher.flags.len() as u8;
            let opts = Options {
                typical: false,
                exhaustive: false,
                budget: solver::STATE_BUDGET,
            };
            let whole = searcher.search(&seeds, goal, opts);
            let b = |s: &State| s.bound(&searcher.bounds);
            let mut next = Vec::new();
            for v in whole.visits.iter() {
                searcher.successors(&v.state, opts, &mut next);
                for (n, _, _) in &next {
                    let rest = if n.layer >= goal { 0 } else { b(n) };
                    assert!(
                        b(&v.state) <= rest.saturating_add(1),
                        "{name}, {rule}: {:?} -> {n:?}",
                        v.state
                    );
                    returned += usize::from(n.dead && !v.state.dead);
                }
            }
            let first = seeds.iter().map(b).min().unwrap_or(NEVER);
            let bounded =
                searcher.search_bounded(&seeds, goal, opts, &searcher.bounds, Aim::at(first));
            let Some((before, ..)) = whole.finish else {
                assert!(bounded.is_none_or(|o| o.finish.is_none()), "{name}, {rule}");
                continue;
            };
            lines += 1;
            let registers = whole.visits.level(before as usize) + 1;
            assert!(first <= registers, "{name}, {rule}");
            let Some(bounded) = bounded else {
                panic!("{name}, {rule}: the bounds missed the line")
            };
            assert_eq!(line(&bounded), line(&whole), "{name}, {rule}");
            assert!(bounded.visits.len() <= whole.visits.len(), "{name}, {rule}");
            // A step of the line that does not land where the table's step does destroyed the
            // robot (its next state is off the board or back on its archive).
            let Some((steps, last, ..)) = line(&whole) else {
                panic!("{name}, {rule}: no line")
            };
            let lands = |s: &State, card: u8| {
                let to = searcher.table.next_nodes(Searcher::table_state(s));
                to.get(usize::from(card)).copied()
            };
            let mut dies = steps
                .windows(2)
                .any(|w| !w[0].0.dead && lands(&w[0].0, w[1].1) != Some(w[1].0.node));
            if let Some((s, _)) = steps.last() {
                dies |= lands(s, last) == Some(crate::engine::steps::NO_STEP);
            }
            through += usize::from(dies);
            if dies && name == "slime corridor" {
                // Bounds that know no return are too high on the way to the destruction: a
                // search within them misses this line.
                let plain = Bounds::new(
                    table,
                    &searcher.preds.get(),
                    &searcher.flags,
                    0,
                    goal.into(),
                );
                let first = seeds.iter().map(|s| s.bound(&plain)).min().unwrap_or(NEVER);
                let missed = searcher.search_bounded(&seeds, goal, opts, &plain, Aim::at(first));
                assert_ne!(
                    missed.as_ref().and_then(line),
                    line(&whole),
                    "{name}, {rule}"
                );
            }
        }
    }
    // Destructions were followed (the steps into them were checked too), most courses have a
    // line, and some best lines go through a destruction and the return.
    eprintln!("{lines} lines, {through} through a destruction, {returned} steps into one");
    assert!(returned > 0 && lines >= 16 && through >= 4);
}

/// A course of `tile` alone at (0, 0) under the 1994 rules, flags at `flags` in order, the start
/// at `start` facing as the player chooses: the validation tests' generated courses.
pub(super) fn one_tile_course(tile: Tile, start: Square, flags: &[Square]) -> Course {
    Course {
        name: tile.id.clone(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements: vec![TilePlacement {
            tile: tile.id.clone(),
            at: Square::new(0, 0),
            rotation: Rotation::R0,
        }],
        embedded: vec![tile],
        flags: numbered_flags(flags),
        start: StartRule::Archive(start),
    }
}

/// Flags at `squares`, numbered from 1 in order.
pub(super) fn numbered_flags(squares: &[Square]) -> Vec<Flag> {
    let flag = |(i, &at): (usize, &Square)| Flag {
        number: i as u32 + 1,
        at,
    };
    squares.iter().enumerate().map(flag).collect()
}

/// A course's factory and step table under the plain rules.
pub(super) fn table_of(course: &Course) -> (Arc<Factory>, StepTable) {
    let factory = Arc::new(Factory::new(course.compile(&Library::builtin())));
    let Some(table) = StepTable::new(Arc::clone(&factory)) else {
        panic!("{}: no table", course.name)
    };
    (factory, table)
}

/// The hand-solved course of tests/analysis_lives.rs: a 13 x 1 corridor of slime (only Move 2
/// and Move 3 leave it) between two plain squares, flags at (10, 0) and (4, 0), the start at
/// (0, 0). Driving off the east edge after flag 1 and returning on it facing west is 7
/// registers; without a destruction, 8.
fn slime_corridor() -> Course {
    let mut tile = Tile::new("slime corridor", 13, 1);
    for x in 1..12 {
        let slime = SquareSpec {
            floor: Some(Floor::Slime),
            ..SquareSpec::default()
        };
        tile.set_square(Square::new(x, 0), slime);
    }
    let flags = [Square::new(10, 0), Square::new(4, 0)];
    one_tile_course(tile, Square::new(0, 0), &flags)
}

#[test]
fn a_flag_is_never_reached_forwards_exactly_when_no_state_reaches_it_backwards_rulings_setup_rules()
{
    // `never_reaches` walks forwards from a square until a step lands on the flag; `reaching`
    // walks backwards from the flag over every state that reaches it. They must agree on every
    // square: on the samples, and on small boards of pits and walls where some flags are cut
    // off from some squares.
    let lib = Library::builtin();
    let mut courses: Vec<Course> = ["first-steps.json", "hazard-works.json", "grand-tour.json"]
        .iter()
        .map(|name| match lib.find_course(name) {
            Some(entry) => entry.course.clone(),
            None => panic!("{name} is not in the built-in library"),
        })
        .collect();
    for seed in 0..12 {
        let mut rng = Rng::new(seed);
        let mut tile = Tile::new(format!("cut {seed}"), 8, 8);
        for y in 0..8 {
            for x in 0..8 {
                let (spec, _) = random_square(&mut rng, 4);
                tile.set_square(Square::new(x, y), spec);
            }
        }
        let mut squares = Vec::new();
        while squares.len() < 3 {
            let s = Square::new(rng.below(8) as i32, rng.below(8) as i32);
            if !squares.contains(&s) {
                tile.set_square(s, SquareSpec::default());
                squares.push(s);
            }
        }
        courses.push(one_tile_course(tile, squares[0], &squares[1..]));
    }
    let (mut cut, mut reached, mut served) = (0, 0, 0);
    for course in &courses {
        let (factory, table) = table_of(course);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("{}: no flags", course.name)
        };
        // issue 17 item 7: the walks shared by every flag (`Core`) give each flag's the same.
        let preds = searcher.preds.get();
        let core = solver::Core::of(&searcher, &preds);
        for flag in 0..searcher.flags.len() {
            let good = solver::reaching(&searcher, flag, &preds);
            let shared = solver::reaching_with(&searcher, flag, &preds, Some(&core));
            assert!(shared == good, "{}: flag {flag}", course.name);
            served += usize::from(core.serves_flag(&searcher, flag));
            for cell in (0..table.cells()).filter(|&c| table.is_standable(c)) {
                let backwards = (0..4 * PHASES).all(|i| !good[cell * 4 * PHASES + i]);
                let from = factory.square_of(cell);
                let forwards = solver::never_reaches(&searcher, from, flag);
                assert_eq!(
                    forwards, backwards,
                    "{}: flag {flag} from {from:?}",
                    course.name
                );
                cut += usize::from(forwards);
                reached += usize::from(!forwards);
            }
        }
    }
    assert!(cut > 20 && reached > 1000, "cut {cut}, reached {reached}");
    assert!(served > 10, "flags the core serves: {served}");
}
