//! Where each start's passes begin (`floors`, issue 17 item 7): the registers between two starts
//! on a hand-solved corridor, and on courses dense with lasers every start's line the same
//! whether its passes begin at its floor or at its bound.

use super::*;
use crate::format::Library;
use crate::geom::Facing;
use crate::model::{Barrier, Beams, EdgeSpec, Mount, SquareSpec, StartNumber, StartSquare, Tile};
use crate::validate::hurt::tests::laser_course;
use crate::validate::solver;
use crate::validate::solver_tests::{one_tile_course, table_of};

#[test]
fn the_registers_between_two_starts_take_no_damage_and_end_no_register_on_flag_1() {
    // 12 x 2, the start (0, 0) facing east, flag 1 at (3, 0), a laser under (10, 1) firing
    // north over (10, 1) and (10, 0). The ways, each one turn (a turn is 5 registers, and a
    // start is reached at a turn's start):
    // (2, 0) east: Move 2, Left, Right, Left, Right.
    // (0, 0) north: Left, Left, Right, Left, Right.
    // (4, 0) east: Move 2, Move 2 (Move 3 + Move 1 would end register 1 on the flag), Left,
    //   Left, U-Turn.
    // (5, 0) east: Move 2, Move 3 (over the flag: it is touched only where a register ends),
    //   Left, Left, U-Turn.
    // (11, 0) east: Move 1, Move 1, Move 3, Move 3, Move 3 (over the beam, never ending there).
    // (0, 1) east: Right, Move 1, Left, Left, Right.
    // (2, 0) west: Move 2, U-Turn, Left, Left, U-Turn.
    // No way to the flag's own square (3, 0), nor to (10, 0), in the beam: a robot standing
    // there at the end of a register is hit.
    let mut t = Tile::new("corridor", 12, 2);
    t.set_edge(
        Square::new(10, 1),
        Facing::S,
        EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Beams::new(1).map(Mount::Laser),
        },
    );
    let course = one_tile_course(
        t,
        Square::new(0, 0),
        &[Square::new(3, 0), Square::new(8, 1)],
    );
    let (_, table) = table_of(&course);
    let Some(searcher) = solver::searcher(&table) else {
        panic!("no flags")
    };
    let node = |x, y, f: Facing| super::node(&searcher, Square::new(x, y), f);
    let to = [
        node(2, 0, Facing::E),
        node(0, 0, Facing::N),
        node(4, 0, Facing::E),
        node(5, 0, Facing::E),
        node(11, 0, Facing::E),
        node(0, 1, Facing::E),
        node(2, 0, Facing::W),
        node(3, 0, Facing::E),
        node(10, 0, Facing::E),
        node(0, 0, Facing::E),
    ];
    let from = node(0, 0, Facing::E);
    let five = Some(5);
    let want = [
        five,
        five,
        five,
        five,
        five,
        five,
        five,
        None,
        None,
        Some(0),
    ];
    assert_eq!(registers_between(&searcher, from, &to, 40, false), want);
    // Ways that take damage, where asked: (10, 0) is one turn away (Move 2, Move 3, Move 3,
    // Move 3 to the edge, Back Up), hit at its end; the flag's square still none.
    let mut hurt = want;
    hurt[8] = five;
    assert_eq!(registers_between(&searcher, from, &to, 40, true), hurt);
    // Only ways of fewer than `most` registers are searched.
    let short = registers_between(&searcher, from, &to, 5, false);
    assert_eq!(
        short,
        [
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            Some(0)
        ]
    );
}

/// `course` with numbered starts at `starts` (start 1 first) facing east in place of its
/// archive start.
fn numbered(mut course: crate::model::Course, starts: &[Square]) -> crate::model::Course {
    for (n, &at) in starts.iter().enumerate() {
        let start = StartNumber::new(n as u8 + 1).map(|number| StartSquare {
            number,
            facing: Facing::E,
        });
        course.embedded[0].set_square(
            at,
            SquareSpec {
                start,
                ..SquareSpec::default()
            },
        );
    }
    course.start = StartRule::Numbered;
    course
}

/// 20 x 7, flag 1 at (19, 2), numbered starts at (0, 2), (1, 2), (2, 2) and (0, 4) facing
/// east. Columns 3-16 lie in 3-beam lasers over rows 0-5 (mounted north of row 0, stopped by
/// walls south of row 5, which no robot crosses either): straight along row 2 a robot ends at
/// least four registers in them, 12 damage. The relaxed bounds know no damage and say 7
/// registers from (0, 2) (six Move 3 and a Move 1); a line goes round by row 6.
fn detour() -> crate::model::Course {
    let mut t = Tile::new("detour", 20, 7);
    for x in 3..=16 {
        let laser = EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: Beams::new(3).map(Mount::Laser),
        };
        t.set_edge(Square::new(x, 0), Facing::N, laser);
        let wall = EdgeSpec {
            barrier: Some(Barrier::Plain),
            mount: None,
        };
        t.set_edge(Square::new(x, 5), Facing::S, wall);
    }
    let course = one_tile_course(t, Square::new(0, 2), &[Square::new(19, 2)]);
    let starts = [(0, 2), (1, 2), (2, 2), (0, 4)].map(|(x, y)| Square::new(x, y));
    numbered(course, &starts)
}

#[test]
fn every_starts_line_is_the_same_from_its_floor_and_the_floor_is_no_longer_than_it() {
    // Boards where a line's damage makes it longer than the relaxed bounds say (the detour,
    // and boards dense with lasers): each start's line searched from its floor (the first
    // start's line less the registers from the first start to it) is the one searched from
    // its own bound, and no shorter than the floor unless the floor was guessed (a start the
    // first start's robot reaches only hurt: `Aim::guessed`).
    let (mut raised, mut lines, mut guessed) = (0, 0, 0);
    // The detour with a fifth start in its beams.
    let beamed = [(0, 2), (1, 2), (2, 2), (0, 4), (3, 3)].map(|(x, y)| Square::new(x, y));
    let mut courses = vec![numbered(detour(), &beamed)];
    for seed in 1..=4 {
        let starts: Vec<Square> = (0..4).map(|i| Square::new(1 + 2 * i, 1)).collect();
        courses.push(numbered(laser_course(14, seed), &starts));
    }
    for (i, course) in courses.iter().enumerate() {
        let starts: Vec<Square> = course
            .compile(&Library::builtin())
            .start_squares()
            .into_iter()
            .map(|(_, s, _)| s)
            .collect();
        let (_, table) = table_of(course);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("no flags")
        };
        let solve = |at: Square, floor: Aim| {
            solver::solve_apart(
                &searcher,
                at,
                &[Facing::E],
                Detail::LineOnly,
                floor,
                &mut |_| {},
                None,
            )
            .map(|(s, _)| s)
        };
        let Some(first) = solve(starts[0], Aim::default()) else {
            panic!("{}: no line from start 1", course.name)
        };
        let nodes: Vec<u32> = starts
            .iter()
            .map(|&s| node(&searcher, s, Facing::E))
            .collect();
        let floors = floors(&searcher, &first, &nodes);
        if i == 0 {
            // Right, Move 3, Move 1 down to row 6, Left, six Move 3 and a Move 1, Left, Move 3,
            // Move 1: 14 (three turns, 4 squares down and up in two cards each, 19 east in 7).
            // Each other start is one turn from (0, 2) (Move 1 or Move 2 and four turns that
            // cancel; Right, Move 2, Left, Left, Right), 5 registers.
            assert_eq!((first.registers(), first.damage()), (14, 0));
            let at = floors.iter().map(|f| (f.floor, f.guessed, f.likely));
            let want = [
                (14, false, 14),
                (9, false, 14),
                (9, false, 14),
                (9, false, 14),
            ];
            assert!(at.clone().take(4).eq(want), "{floors:?}");
            // Start 5 at (3, 3), in the beams: reached in a turn (Right, Move 1, Left, Move 2,
            // Move 1), hit at its end. Only a guess.
            assert_eq!(
                floors[4],
                Aim {
                    floor: 9,
                    guessed: true,
                    likely: 14
                }
            );
        }
        for (k, (&at, &floor)) in starts.iter().zip(&floors).enumerate().skip(1) {
            let own = solve(at, Aim::default());
            assert_eq!(solve(at, floor), own, "{}, start {}", course.name, k + 1);
            let Some(own) = own.filter(|s| s.finishes() && !s.undecided) else {
                continue;
            };
            lines += 1;
            let bound = searcher.bounds.of(0, nodes[k], 0, &[FREE; 5]);
            if floor.guessed {
                guessed += 1;
                continue;
            }
            assert!(
                floor.floor <= own.registers(),
                "{}, start {}",
                course.name,
                k + 1
            );
            raised += usize::from(floor.floor > bound);
        }
    }
    // The detour's starts 2 and 3 (their bounds 6, their floors 9); start 4's bound is 9.
    assert!(lines >= 8, "{lines} lines");
    assert!(raised >= 2, "floors over the bound: {raised} of {lines}");
    assert!(guessed >= 1, "guessed floors: {guessed}");
}

#[test]
fn the_other_starts_begun_beside_the_first_starts_legs_find_the_lines_searched_after_them() {
    // Issue 17 item 7: where the first start's line is decided, the other starts' searches
    // begin as soon as it is known (`Others::early`), on another thread while the first
    // start's legs are searched, from what the line alone says (no leg minima nor trap squares
    // yet). Every start's line, and the typical-hand line, must be those found after the legs.
    // The courses: the detour, four boards dense with lasers, and the detour with start 1
    // walled in (no line from it: the others are still searched).
    let mut courses = vec![detour()];
    for seed in 1..=4 {
        let starts: Vec<Square> = (0..4).map(|i| Square::new(1 + 2 * i, 1)).collect();
        courses.push(numbered(laser_course(14, seed), &starts));
    }
    let mut walled = detour();
    let wall = EdgeSpec {
        barrier: Some(Barrier::Plain),
        mount: None,
    };
    for facing in Facing::ALL {
        walled.embedded[0].set_edge(Square::new(0, 4), facing, wall);
    }
    let starts = [(0, 4), (0, 2), (1, 2), (2, 2)].map(|(x, y)| Square::new(x, y));
    courses.push(numbered(walled, &starts));
    let mut searched = 0;
    for course in &courses {
        let first = course.compile(&Library::builtin()).start_squares()[0].1;
        let (_, table) = table_of(course);
        let Some(searcher) = solver::searcher(&table) else {
            panic!("no flags")
        };
        let early = std::sync::OnceLock::new();
        let (solution, typical, begun) = std::thread::scope(|scope| {
            let mut helper = None;
            let found = solver::solve_apart(
                &searcher,
                first,
                &[Facing::E],
                Detail::Full,
                Aim::default(),
                &mut |line| {
                    assert!(line.leg_minima.is_empty(), "{}", course.name);
                    let others = Others::new(StartRule::Numbered, &searcher, line, None);
                    let others = early.get_or_init(|| others);
                    helper = Some(scope.spawn(|| others.work(&searcher)));
                },
                None,
            );
            let Some((solution, typical)) = found else {
                panic!("{}: start 1 not solved", course.name)
            };
            let Some(others) = early.get() else {
                panic!("{}: the line was never shown", course.name)
            };
            let line = others.finish(&searcher, typical.as_ref(), true);
            assert!(helper.take().is_some_and(|h| h.join().is_ok()));
            (solution, typical, (others.lines(), line))
        });
        assert!(!solution.undecided, "{}", course.name);
        let after = every_start(
            StartRule::Numbered,
            &searcher,
            &solution,
            None,
            typical.as_ref(),
        );
        assert_eq!(begun, after, "{}", course.name);
        assert_eq!(after.0.len(), 4, "{}", course.name);
        searched += after
            .0
            .iter()
            .skip(1)
            .filter(|l| l.registers.is_some())
            .count();
    }
    // Every other start of the detour and its walled variant finishes, and most of the laser
    // boards' do.
    assert!(searched >= 9, "{searched} other starts finish");
}
