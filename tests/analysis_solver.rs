//! Issue 17 on hand-solved courses: each leg's own minimum beside its slice of the shortest whole
//! line, damage that accumulates (10 destroys, 5 locks a register), every start, a flag only luck
//! reaches, two flags on one square and a ramp whose levels do not fit. Each expected figure is
//! worked out by hand in the test's comment.

use factory_floor::engine::CardKind;
use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::*;
use factory_floor::validate::{Analysis, CONSTRAINTS, analyse, command, solver};

/// A `w` x `h` tile, the course on it with `flags` (flag 1 first) and a 1994 start on a repair
/// site at (0, 0).
fn course(tile: Tile, flags: &[(i32, i32)]) -> Course {
    let mut tile = tile;
    tile.set_square(
        Square::new(0, 0),
        SquareSpec {
            repair: Wrenches::new(1),
            ..SquareSpec::default()
        },
    );
    Course {
        name: "hand-solved".into(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange { min: 1, max: 4 },
        lives: LivesRule::Standard,
        placements: vec![TilePlacement {
            tile: tile.id.clone(),
            at: Square::new(0, 0),
            rotation: Rotation::R0,
        }],
        embedded: vec![tile],
        flags: flags
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| Flag {
                number: i as u32 + 1,
                at: Square::new(x, y),
            })
            .collect(),
        start: StartRule::Archive(Square::new(0, 0)),
    }
}

/// A laser of `beams` on the north wall of each square of row 0 from `from` to `to`: a robot
/// that ends a phase there takes `beams` damage (the beam runs south off the 1-row corridor).
fn lasers(tile: &mut Tile, from: i32, to: i32, beams: u8) {
    for x in from..=to {
        tile.set_edge(
            Square::new(x, 0),
            Facing::N,
            EdgeSpec {
                barrier: Some(Barrier::Plain),
                mount: Beams::new(beams).map(Mount::Laser),
            },
        );
    }
}

/// Plain walls on all four sides of `s`.
fn wall_in(t: &mut Tile, s: Square) {
    for side in Facing::ALL {
        let mut e = t.edge(s, side);
        e.barrier = Some(Barrier::Plain);
        t.set_edge(s, side, e);
    }
}

fn has(a: &Analysis, rule: &str, square: Square) -> bool {
    a.diagnostics
        .iter()
        .any(|d| d.rule == rule && d.squares.contains(&square))
}

#[test]
fn a_legs_own_minimum_is_shorter_than_its_slice_of_the_whole_line() {
    // Corridor 8 x 1, start (0, 0), flag 1 at (3, 0), flag 2 at (1, 0). The whole line is 3
    // registers: Move 3 east onto flag 1 (1), then U-Turn and Move 2 back (2), or Back Up twice.
    // Arriving on flag 1 facing west instead (three Back Ups from a start facing west) costs 3
    // registers, but from there flag 2 is one Move 2: leg 2's own minimum is 1, its slice 2.
    let a = analyse(
        &course(Tile::new("c", 8, 1), &[(3, 0), (1, 0)]),
        &Vec::new(),
    );
    let Some(s) = a.solution else {
        panic!("not solved: {:?}", a.diagnostics)
    };
    assert_eq!(s.registers(), 3);
    assert_eq!(s.legs[0].registers, 1);
    assert_eq!(s.legs[1].registers, 2);
    let minima: Vec<Option<u32>> = s.leg_minima.iter().map(|m| m.registers).collect();
    assert_eq!(minima, vec![Some(1), Some(1)]);
    assert_eq!(s.leg_minima[1].from_facing, Facing::W);
    let cards: Vec<CardKind> = s.leg_minima[1]
        .program
        .iter()
        .map(|p| p.card.kind)
        .collect();
    assert_eq!(cards, vec![CardKind::Move2]);
    // The report says which figure is which.
    let text = command::render_text(
        std::path::Path::new("c.json"),
        &command::FileResult::Course {
            name: "c".into(),
            analysis: Box::new(analyse(
                &course(Tile::new("c", 8, 1), &[(3, 0), (1, 0)]),
                &Vec::new(),
            )),
            places: Vec::new(),
        },
    );
    assert!(text.contains("2 register(s) on the whole line"), "{text}");
    assert!(text.contains("each leg's own minimum"), "{text}");
    assert!(
        text.contains("flag 2: 1 register(s) leaving flag 1"),
        "{text}"
    );
}

#[test]
fn a_line_that_would_take_10_damage_is_no_line_rulings_damage() {
    // Corridor 20 x 1 with a 3-beam laser over squares 1-14. Flag at 15: every line ends at
    // least four phases (at most 3 squares a phase) on squares 1-14, 3 damage each: 12, so the
    // robot is destroyed on the fourth. The old solver summed 12 damage and printed a line.
    let mut t = Tile::new("c", 20, 1);
    lasers(&mut t, 1, 14, 3);
    let a = analyse(&course(t, &[(15, 0)]), &Vec::new());
    assert!(
        has(&a, "flag-unreachable", Square::new(15, 0)),
        "{:?}",
        a.diagnostics
    );
    let s = a.solution.as_ref().map(|s| (s.finishes(), s.legs.len()));
    assert_eq!(s, Some((false, 0)));
    let Some(d) = a.difficulty else {
        panic!("no difficulty")
    };
    assert!(!d.finishes);
    assert!(d.to_string().starts_with("no line"), "{d}");
    // The same with the beams over squares 1-11 and the flag at 12: three stops (3, 6, 9) in
    // the beams, 9 damage, four Move 3s. (Over squares 1-14 the flag square itself is in a beam:
    // the fourth stop there is the tenth point, and a destroyed robot touches nothing.)
    let mut t = Tile::new("c", 20, 1);
    lasers(&mut t, 1, 11, 3);
    let a = analyse(&course(t, &[(12, 0)]), &Vec::new());
    let Some(s) = a.solution else {
        panic!("not solved")
    };
    assert_eq!((s.registers(), s.damage()), (4, 9));
    let Some(d) = a.difficulty else {
        panic!("no difficulty")
    };
    assert_eq!((d.board_laser_damage, d.square_damage), (9, 0));
}

#[test]
fn damage_5_at_the_end_of_a_turn_locks_register_5_with_its_card_rulings_damage() {
    // Corridor 31 x 1, a 1-beam laser over squares 1-29, flag at 30: ten Move 3s, nine stops in
    // a beam. After turn 1 (registers 1-5, at square 15) the robot has 5 damage and no wrench
    // under it, so register 5 of turn 2 is locked with turn 1's Move 3, played again onto the flag.
    let mut t = Tile::new("c", 31, 1);
    lasers(&mut t, 1, 29, 1);
    let a = analyse(&course(t, &[(30, 0)]), &Vec::new());
    let Some(s) = a.solution else {
        panic!("not solved: {:?}", a.diagnostics)
    };
    assert_eq!((s.registers(), s.damage()), (10, 9));
    let program: Vec<_> = s.program().collect();
    assert!(program.iter().all(|p| p.card.kind == CardKind::Move3));
    let locked: Vec<usize> = (0..program.len()).filter(|&i| program[i].locked).collect();
    assert_eq!(locked, vec![9]);
    assert_eq!(program[4].total, 5);
    // Five Move 3 in one 9-card hand: C(6,5) C(78,4) + C(78,3) over C(84,9), about 1 in 40000.
    assert!(s.chance > 0.0 && s.chance < 1e-4, "{}", s.chance);
    // A typical hand holds one Move 3: about 7 squares a turn, 5 damage a turn, destroyed long
    // before square 30.
    assert_eq!(s.typical.as_ref().and_then(|t| t.registers), None);
}

/// `course` with numbered starts facing east at (0, y) for each (y, number), in place of the
/// 1994 start's repair site at (0, 0).
fn numbered(tile: Tile, starts: &[(i32, u8)], flags: &[(i32, i32)]) -> Course {
    let mut c = course(tile, flags);
    for &(y, n) in starts {
        if let Some(q) = c.embedded[0].square_mut(Square::new(0, y)) {
            q.repair = None;
            q.start = StartNumber::new(n).map(|number| StartSquare {
                number,
                facing: Facing::E,
            });
        }
    }
    c.start = StartRule::Numbered;
    c
}

#[test]
fn a_start_number_on_many_squares_is_said_once_and_solved_once_seed_000_set_up() {
    // Robots take one square of each number (seed 000, Set Up). Start 1 printed on ten squares
    // is one fault in the message, not ten numbers, and the line from every start solves
    // start 1 once and start 2 once (a whole search each: on the largest course, hundreds of
    // copies ran for minutes).
    let starts: Vec<(i32, u8)> = (0..11).map(|y| (y, if y == 10 { 2 } else { 1 })).collect();
    let c = numbered(Tile::new("c", 8, 11), &starts, &[(5, 0)]);
    let a = analyse(&c, &Vec::new());
    let said: Vec<&str> = a
        .diagnostics
        .iter()
        .filter(|d| d.rule == "start-numbering")
        .map(|d| d.message.as_str())
        .collect();
    let want =
        "numbered start squares must be 1..n without gaps or duplicates: start 1 is on 10 squares";
    assert_eq!(said, vec![want]);
    let numbers: Vec<Option<u8>> = a.starts.iter().map(|l| l.number).collect();
    assert_eq!(numbers, vec![Some(1), Some(2)]);
    assert_eq!(a.starts[0].square, Square::new(0, 0));
}

#[test]
fn a_walled_in_start_2_is_an_error_that_names_it_seed_000_set_up() {
    // Two rows: start 1 at (0, 0), start 2 at (0, 1) with walls on all four sides, flag at (5, 0).
    let mut t = Tile::new("c", 8, 2);
    wall_in(&mut t, Square::new(0, 1));
    let c = numbered(t, &[(0, 1), (1, 2)], &[(5, 0)]);
    let a = analyse(&c, &Vec::new());
    let named = a
        .diagnostics
        .iter()
        .any(|d| d.rule == "flag-unreachable" && d.message.contains("start 2 at (0, 1)"));
    assert!(named, "{:?}", a.diagnostics);
    assert_eq!(a.starts.len(), 2);
    // Start 1: Move 3, Move 2 east.
    assert_eq!(a.starts[0].registers, Some(2));
    assert_eq!(a.starts[1].registers, None);
    assert_eq!(a.fairness, None);
}

#[test]
fn a_flag_behind_a_randomizer_depends_on_chance_seed_001_randomizer() {
    // Flag 1 stands on a randomizer at (3, 0): every card played from it is drawn, so no planned
    // line leaves it for flag 2 at (6, 0). By luck one does: a Move 1 drawn (18 of 84 cards)
    // then a planned Move 2, so the likeliest line works about 1 time in 4.7.
    let mut t = Tile::new("c", 8, 1);
    t.set_square(
        Square::new(3, 0),
        SquareSpec {
            device: Some(Device::Randomizer),
            ..SquareSpec::default()
        },
    );
    let a = analyse(&course(t, &[(3, 0), (6, 0)]), &Vec::new());
    assert!(
        has(&a, "flag-by-chance", Square::new(6, 0)),
        "{:?}",
        a.diagnostics
    );
    assert!(!a.diagnostics.iter().any(|d| d.rule == "flag-unreachable"));
    let Some(c) = a.by_chance.first() else {
        panic!("no chance flag")
    };
    assert_eq!(c.flag, 2);
    assert!(
        (0.12..0.35).contains(&c.chance),
        "{} ({} tries)",
        c.chance,
        c.expected_tries()
    );
}

#[test]
fn two_flags_on_one_square_are_an_error_rulings_setup_rules() {
    let a = analyse(
        &course(Tile::new("c", 8, 1), &[(3, 0), (3, 0)]),
        &Vec::new(),
    );
    assert!(
        has(&a, "flags-on-one-square", Square::new(3, 0)),
        "{:?}",
        a.diagnostics
    );
    let message = |a: &Analysis| {
        a.diagnostics
            .iter()
            .find(|d| d.rule == "flags-on-one-square")
            .map(|d| d.message.clone())
            .unwrap_or_default()
    };
    assert!(
        message(&a).starts_with("flags 1 and 2 both stand on (3, 0)"),
        "{}",
        message(&a)
    );
    let three = analyse(
        &course(Tile::new("c", 8, 1), &[(3, 0), (3, 0), (3, 0)]),
        &Vec::new(),
    );
    assert!(
        message(&three).starts_with("flags 1, 2 and 3 all stand on (3, 0)"),
        "{}",
        message(&three)
    );
    let one = analyse(
        &course(Tile::new("c", 8, 1), &[(3, 0), (4, 0)]),
        &Vec::new(),
    );
    assert!(
        !one.diagnostics
            .iter()
            .any(|d| d.rule == "flags-on-one-square")
    );
}

#[test]
fn a_ramp_whose_upper_side_is_lower_is_an_error_with_its_square_armed_and_dangerous() {
    // A ramp at (2, 0) leading up to the east, but (3, 0) is on the lower level like the rest.
    let mut t = Tile::new("c", 8, 1);
    t.set_square(
        Square::new(2, 0),
        SquareSpec {
            device: Some(Device::Ramp(Facing::E)),
            ..SquareSpec::default()
        },
    );
    let a = analyse(&course(t.clone(), &[(6, 0)]), &Vec::new());
    assert!(
        has(&a, "level-mismatch", Square::new(2, 0)),
        "{:?}",
        a.diagnostics
    );
    // Squares 3 and beyond raised, with the ramp between: the levels fit.
    for x in 3..8 {
        t.set_square(
            Square::new(x, 0),
            SquareSpec {
                level: Level::Upper,
                ..SquareSpec::default()
            },
        );
    }
    let a = analyse(&course(t, &[(6, 0)]), &Vec::new());
    assert!(
        !a.diagnostics.iter().any(|d| d.rule == "level-mismatch"),
        "{:?}",
        a.diagnostics
    );
}

#[test]
fn validate_help_and_the_report_state_every_constraint_of_the_model() {
    for c in CONSTRAINTS {
        assert!(solver::MODEL_HELP.contains(c), "{c}");
    }
    let a = analyse(&course(Tile::new("c", 8, 1), &[(3, 0)]), &Vec::new());
    let text = command::render_text(
        std::path::Path::new("c.json"),
        &command::FileResult::Course {
            name: "c".into(),
            analysis: Box::new(a),
            places: Vec::new(),
        },
    );
    for c in CONSTRAINTS {
        assert!(text.contains(c), "{text}");
    }
}

#[test]
fn json_numbers_tiles_from_1_as_the_messages_do() {
    // Two tiles that do not touch: "tile 2 ... does not join", and `tiles` holds 2.
    let mut c = course(Tile::new("c", 8, 1), &[(3, 0)]);
    c.placements.push(TilePlacement {
        tile: "c".into(),
        at: Square::new(0, 5),
        rotation: Rotation::R0,
    });
    let a = analyse(&c, &Vec::new());
    let json = command::render_json(
        std::path::Path::new("c.json"),
        &command::FileResult::Course {
            name: "c".into(),
            analysis: Box::new(a),
            places: Vec::new(),
        },
    );
    let Some(d) = json["diagnostics"]
        .as_array()
        .and_then(|d| d.iter().find(|d| d["rule"] == "tiles-not-connected"))
    else {
        panic!("{json}")
    };
    assert!(
        d["message"].as_str().is_some_and(|m| m.contains("tile 2")),
        "{d}"
    );
    assert_eq!(d["tiles"], serde_json::json!([2]));
}

#[test]
fn a_leg_minimum_cut_short_by_the_budget_says_so_instead_of_no_line() {
    // docs/validation.md, Speed, progress and Cancel: the ways of arriving at each flag are found
    // by a search over every state, which stops at the budget long before the line's own search
    // (led by bounds straight to each flag) does. On an open 12 x 12 tile with three flags, a
    // budget that lets the line through but not that search leaves the later legs undecided:
    // the report must not call them "no line".
    use factory_floor::validate::{Progress, analyse_board_with};
    let c = course(Tile::new("c", 12, 12), &[(11, 0), (0, 11), (11, 11)]);
    let library: Vec<Tile> = Vec::new();
    let run = |budget: usize| {
        analyse_board_with(&c, c.compile(&library), &Progress::with_budget(budget))
            .and_then(|a| a.solution)
    };
    let Some(whole) = run(4_000_000) else {
        panic!("not solved")
    };
    assert!(!whole.gave_up);
    assert!(
        whole
            .leg_minima
            .iter()
            .all(|m| m.registers.is_some() && !m.gave_up)
    );
    let Some(cut) = run(BUDGET) else {
        panic!("not solved within {BUDGET}")
    };
    assert_eq!(
        cut.registers(),
        whole.registers(),
        "the line is found whole"
    );
    assert!(cut.gave_up);
    let undecided: Vec<u8> = cut
        .leg_minima
        .iter()
        .filter(|m| m.registers.is_none())
        .map(|m| m.flag)
        .collect();
    assert!(!undecided.is_empty(), "{:?}", cut.leg_minima);
    assert!(cut.leg_minima.iter().all(|m| m.gave_up || m.flag == 1));
    let text = command::render_text(
        std::path::Path::new("c.json"),
        &command::FileResult::Course {
            name: "c".into(),
            analysis: Box::new(
                analyse_board_with(&c, c.compile(&library), &Progress::with_budget(BUDGET))
                    .unwrap_or_else(|| panic!("cancelled")),
            ),
            places: Vec::new(),
        },
    );
    for flag in undecided {
        assert!(
            text.contains(&format!("flag {flag}: not found within the search budget")),
            "{text}"
        );
        assert!(!text.contains(&format!("flag {flag}: no line")), "{text}");
    }
}

/// A budget the line's own search on the open 12 x 12 tile keeps within and the arrivals' does not.
const BUDGET: usize = 3_000;

#[test]
fn a_flag_walled_in_past_where_a_cut_short_search_got_is_still_an_error_rulings_setup_rules() {
    // Open 12 x 12, flags at (11, 0), (0, 11) and (11, 11), the last walled in on all four sides.
    // No bound reaches the last flag, so the line is searched whole to say how far it gets; a
    // budget of 200 states stops that search near the start. It cannot show flag 1 or 2 out of
    // reach, but no way leads from flag 2 to flag 3 even for a robot that takes no damage: the
    // course cannot be finished, from any start. The error says so (no "could not be checked"
    // warning) and the line stops where the search did, "not reached within the search budget".
    use factory_floor::validate::{Progress, analyse_board_with};
    let mut t = Tile::new("c", 12, 12);
    wall_in(&mut t, Square::new(11, 11));
    let c = course(t, &[(11, 0), (0, 11), (11, 11)]);
    let library: Vec<Tile> = Vec::new();
    for budget in [200, 4_000_000] {
        let Some(a) = analyse_board_with(&c, c.compile(&library), &Progress::with_budget(budget))
        else {
            panic!("cancelled")
        };
        let rules: Vec<&str> = a.diagnostics.iter().map(|d| d.rule).collect();
        assert!(!rules.contains(&"solver-undecided"), "{budget}: {rules:?}");
        let error = a
            .diagnostics
            .iter()
            .find(|d| d.rule == "flag-unreachable")
            .map(|d| d.message.clone())
            .unwrap_or_default();
        assert!(error.starts_with("flag 3 at (11, 11)"), "{budget}: {error}");
        assert_eq!(a.starts.len(), 1);
        assert_eq!(
            a.starts[0].unreachable,
            Some((3, Square::new(11, 11))),
            "{budget}"
        );
        assert!(!a.starts[0].undecided, "{budget}");
        if budget == 200 {
            assert!(
                error.contains("not even a robot that takes no damage"),
                "{error}"
            );
            let Some(s) = &a.solution else {
                panic!("no solution")
            };
            assert!(s.undecided && s.unreachable.as_ref().is_some_and(|u| u.flag < 3));
            let text = command::render_text(
                std::path::Path::new("c.json"),
                &command::FileResult::Course {
                    name: "c".into(),
                    analysis: Box::new(a),
                    places: Vec::new(),
                },
            );
            assert!(
                text.contains("not reached within the search budget"),
                "{text}"
            );
        }
    }
}

#[test]
fn when_start_1s_search_stops_at_its_budget_the_other_starts_are_not_searched_and_say_so() {
    // docs/validation.md, Every start: on an open 12 x 12 tile with starts 1 to 3 down the west
    // edge and flags at (11, 0), (0, 11) and (11, 11), every start has a line. With a budget of
    // 40 states the line from start 1 (some 20 registers) cannot be found: it is undecided,
    // and so would the others be, each at the same cost. They are not searched, and the
    // report, the JSON and the fairness say so instead of "no line".
    use factory_floor::validate::{Progress, analyse_board_with};
    let c = numbered(
        Tile::new("c", 12, 12),
        &[(0, 1), (2, 2), (4, 3)],
        &[(11, 0), (0, 11), (11, 11)],
    );
    let library: Vec<Tile> = Vec::new();
    let run = |budget: usize| {
        analyse_board_with(&c, c.compile(&library), &Progress::with_budget(budget))
            .unwrap_or_else(|| panic!("cancelled"))
    };
    let whole = run(4_000_000);
    assert_eq!(whole.starts.len(), 3);
    assert!(
        whole
            .starts
            .iter()
            .all(|l| l.registers.is_some() && !l.undecided && !l.skipped),
        "{:?}",
        whole.starts
    );
    let cut = run(40);
    assert!(cut.solution.as_ref().is_some_and(|s| s.undecided));
    assert!(cut.starts[0].undecided && !cut.starts[0].skipped);
    for l in &cut.starts[1..] {
        assert!(
            l.skipped && l.undecided && l.registers.is_none() && l.unreachable.is_none(),
            "{l:?}"
        );
    }
    assert_eq!(cut.fairness, None);
    assert!(
        !cut.diagnostics.iter().any(|d| d.rule == "flag-unreachable"),
        "{:?}",
        cut.diagnostics
    );
    let result = command::FileResult::Course {
        name: "c".into(),
        analysis: Box::new(cut),
        places: Vec::new(),
    };
    let text = command::render_text(std::path::Path::new("c.json"), &result);
    assert!(
        text.contains(
            "start 2 at (0, 2) facing east: not searched (the search from the first start stopped at its budget)"
        ),
        "{text}"
    );
    assert!(
        text.contains("fairness: not known (the starts after the first were not searched)"),
        "{text}"
    );
    let json = command::render_json(std::path::Path::new("c.json"), &result);
    let searched: Vec<bool> = json["starts"]["lines"]
        .as_array()
        .map(|a| a.iter().filter_map(|l| l["searched"].as_bool()).collect())
        .unwrap_or_default();
    assert_eq!(searched, vec![true, false, false], "{json}");
}
