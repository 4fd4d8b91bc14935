//! One test per validation rule id: a course that breaks the rule reports it at the right square,
//! and the same course without the break does not.

use factory_floor::geom::{Facing, Rotation, Square};
use factory_floor::model::*;
use factory_floor::validate::{Diagnostic, RULES, Severity, validate};

/// RoboArena's own rules (seed 003 section 8.5).
#[path = "validate_rules/arena.rs"]
mod arena;

const EMPTY: &Vec<Tile> = &Vec::new();

/// Two 12 x 12 tiles side by side; a repair site at (1, 1) is the 1994 start; flag 1 on the first
/// tile at (5, 5), flag 2 on the second at (17, 5).
fn base() -> Course {
    let mut a = Tile::new("a", 12, 12);
    a.name = "A".into();
    a.set_square(
        Square::new(1, 1),
        SquareSpec {
            repair: Wrenches::new(1),
            ..SquareSpec::default()
        },
    );
    let mut b = Tile::new("b", 12, 12);
    b.name = "B".into();
    Course {
        name: "base".into(),
        description: String::new(),
        author: String::new(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange { min: 2, max: 4 },
        lives: LivesRule::Standard,
        placements: vec![
            TilePlacement {
                tile: "a".into(),
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            },
            TilePlacement {
                tile: "b".into(),
                at: Square::new(12, 0),
                rotation: Rotation::R0,
            },
        ],
        embedded: vec![a, b],
        flags: vec![
            Flag {
                number: 1,
                at: Square::new(5, 5),
            },
            Flag {
                number: 2,
                at: Square::new(17, 5),
            },
        ],
        start: StartRule::Archive(Square::new(1, 1)),
    }
}

/// The base course with numbered starts 1 and 2 on tile a, facing south.
fn numbered() -> Course {
    let mut c = base();
    c.start = StartRule::Numbered;
    c.players = PlayerRange { min: 2, max: 2 };
    for (n, x) in [(1, 3), (2, 4)] {
        set(&mut c, 0, Square::new(x, 0), |s| {
            s.start = Some(StartSquare {
                number: StartNumber::new(n).unwrap_or(StartNumber::new(1).expect("1 is a start")),
                facing: Facing::S,
            })
        });
    }
    c
}

fn set(c: &mut Course, tile: usize, s: Square, f: impl FnOnce(&mut SquareSpec)) {
    if let Some(spec) = c.embedded[tile].square_mut(s) {
        f(spec);
    }
}

fn edge(
    c: &mut Course,
    tile: usize,
    s: Square,
    side: Facing,
    barrier: Option<Barrier>,
    mount: Option<Mount>,
) {
    c.embedded[tile].set_edge(s, side, EdgeSpec { barrier, mount });
}

fn found(c: &Course, rule: &str) -> Vec<Diagnostic> {
    validate(c, EMPTY)
        .into_iter()
        .filter(|d| d.rule == rule)
        .collect()
}

/// Asserts `rule` is absent from `clean` and present in `broken`, at `square` when given.
fn check(rule: &str, clean: Course, broken: Course, square: Option<Square>) {
    assert!(
        RULES.iter().any(|r| r.0 == rule),
        "{rule} is not a listed rule"
    );
    let before = found(&clean, rule);
    assert!(
        before.is_empty(),
        "{rule} reported on the clean course: {before:?}"
    );
    let after = found(&broken, rule);
    assert!(
        !after.is_empty(),
        "{rule} not reported; got {:?}",
        validate(&broken, EMPTY)
    );
    if let Some(s) = square {
        assert!(
            after.iter().any(|d| d.squares.contains(&s)),
            "{rule} not reported at {s}: {after:?}"
        );
    }
}

#[test]
fn the_base_courses_have_no_errors_or_warnings() {
    for c in [base(), numbered()] {
        let noisy: Vec<_> = validate(&c, EMPTY)
            .into_iter()
            .filter(|d| d.severity != Severity::Advice)
            .collect();
        assert!(noisy.is_empty(), "{noisy:?}");
    }
}

#[test]
fn rule_no_tiles() {
    let mut c = base();
    c.placements.clear();
    check("no-tiles", base(), c, None);
}

#[test]
fn rule_unknown_tile() {
    let mut c = base();
    c.placements[1].tile = "nowhere".into();
    check("unknown-tile", base(), c, None);
}

#[test]
fn rule_tile_overlap() {
    let mut c = base();
    c.placements[1].at = Square::new(6, 0);
    check("tile-overlap", base(), c, Some(Square::new(6, 0)));
}

#[test]
fn rule_tiles_not_connected() {
    let mut c = base();
    c.placements[1].at = Square::new(13, 0);
    c.flags[1].at = Square::new(18, 5);
    check("tiles-not-connected", base(), c, Some(Square::new(13, 0)));
}

#[test]
fn rule_conflicting_walls() {
    let mut clean = base();
    edge(
        &mut clean,
        0,
        Square::new(11, 3),
        Facing::E,
        Some(Barrier::Plain),
        None,
    );
    edge(
        &mut clean,
        1,
        Square::new(0, 3),
        Facing::W,
        Some(Barrier::Plain),
        None,
    );
    let mut c = base();
    edge(
        &mut c,
        0,
        Square::new(11, 3),
        Facing::E,
        Some(Barrier::Plain),
        None,
    );
    edge(
        &mut c,
        1,
        Square::new(0, 3),
        Facing::W,
        Some(Barrier::OneWay),
        None,
    );
    check("conflicting-walls", clean, c, Some(Square::new(12, 3)));
}

#[test]
fn rule_no_flags() {
    let mut c = base();
    c.flags.clear();
    check("no-flags", base(), c, None);
}

#[test]
fn rule_flag_numbering() {
    let mut c = base();
    c.flags[1].number = 3;
    check("flag-numbering", base(), c, None);
}

#[test]
fn rule_flag_duplicate() {
    let mut c = base();
    c.flags[1].number = 1;
    check("flag-duplicate", base(), c, Some(Square::new(17, 5)));
}

#[test]
fn rule_flag_off_board() {
    let mut c = base();
    c.flags[1].at = Square::new(30, 30);
    check("flag-off-board", base(), c, Some(Square::new(30, 30)));
}

#[test]
fn rule_flag_on_pit() {
    let mut c = base();
    set(&mut c, 0, Square::new(5, 5), |s| s.floor = Some(Floor::Pit));
    check("flag-on-pit", base(), c, Some(Square::new(5, 5)));
}

#[test]
fn rule_flag_on_belt() {
    let mut c = base();
    set(&mut c, 0, Square::new(5, 5), |s| {
        s.flow = Some(Flow::straight(FlowKind::Express, Facing::N))
    });
    check("flag-on-belt", base(), c, Some(Square::new(5, 5)));
}

#[test]
fn rule_flag_on_belt_is_no_error_under_moving_flags_issue_18() {
    // docs/rules.md, House rules, Moving flags: belts and pushers carry flags as the engine plays.
    let mut c = base();
    set(&mut c, 0, Square::new(5, 5), |s| {
        s.flow = Some(Flow::straight(FlowKind::Belt, Facing::N))
    });
    edge(
        &mut c,
        0,
        Square::new(17, 5),
        Facing::W,
        Some(Barrier::Plain),
        Some(Mount::Pusher(Phases::ALL)),
    );
    assert!(!found(&c, "flag-on-belt").is_empty());
    c.rules.house.moving_flags = Some(rules::ArchiveOnFlag::Moves);
    assert!(
        found(&c, "flag-on-belt").is_empty(),
        "{:?}",
        validate(&c, EMPTY)
    );
    assert!(found(&c, "flag-on-pusher").is_empty());
}

#[test]
fn rule_dice_blockade() {
    // Seed 003 section 8.2: each blockaded flag is reported with its die's points.
    let mut c = base();
    c.rules.house.dice = Some(rules::DicePoints::default());
    let mut broken = base();
    let mut dice = rules::DicePoints::default();
    dice.set(2, 4);
    broken.rules.house.dice = Some(dice);
    check("dice-blockade", c, broken.clone(), Some(Square::new(17, 5)));
    let d = found(&broken, "dice-blockade");
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].message.contains("die of 4 point(s)"),
        "{}",
        d[0].message
    );
}

#[test]
fn rule_dice_out_of_reach() {
    // Seed 003 section 8.2: a die nothing can shoot keeps its flag from ever being touched.
    // Flag 2 at (17, 5) walled in on all four sides (beams too): no robot can line up on it.
    let mut dice = rules::DicePoints::default();
    dice.set(2, 2);
    let mut clean = base();
    clean.rules.house.dice = Some(dice);
    let mut broken = clean.clone();
    for side in Facing::ALL {
        edge(
            &mut broken,
            1,
            Square::new(5, 5),
            side,
            Some(Barrier::Plain),
            None,
        );
    }
    check("dice-out-of-reach", clean, broken, Some(Square::new(17, 5)));
}

#[test]
fn rule_flag_on_pusher() {
    let mut c = base();
    edge(
        &mut c,
        0,
        Square::new(5, 5),
        Facing::W,
        Some(Barrier::Plain),
        Some(Mount::Pusher(Phases::ALL)),
    );
    check("flag-on-pusher", base(), c, Some(Square::new(5, 5)));
}

#[test]
fn rule_flag_under_crusher() {
    let mut c = base();
    set(&mut c, 0, Square::new(5, 5), |s| {
        s.crusher = Some(Phases::ALL)
    });
    check("flag-under-crusher", base(), c, Some(Square::new(5, 5)));
}

#[test]
fn rule_flag_in_wall_corner() {
    // One wall beside a flag is fine; two meeting in a corner are not (FAQ 7.1).
    let mut clean = base();
    edge(
        &mut clean,
        0,
        Square::new(5, 5),
        Facing::N,
        Some(Barrier::Plain),
        None,
    );
    let mut c = clean.clone();
    edge(
        &mut c,
        0,
        Square::new(5, 5),
        Facing::E,
        Some(Barrier::Plain),
        None,
    );
    check("flag-in-wall-corner", clean, c, Some(Square::new(5, 5)));
}

#[test]
fn rule_flag_unreachable() {
    // RULINGS.md, Setup rules: every flag must be reachable in order; walls on all four sides of
    // flag 2 shut it off. One wall beside it leaves it reachable.
    let mut clean = base();
    edge(
        &mut clean,
        1,
        Square::new(5, 5),
        Facing::N,
        Some(Barrier::Plain),
        None,
    );
    let mut c = clean.clone();
    for side in [Facing::E, Facing::S, Facing::W] {
        edge(
            &mut c,
            1,
            Square::new(5, 5),
            side,
            Some(Barrier::Plain),
            None,
        );
    }
    check(
        "flag-unreachable",
        clean,
        c.clone(),
        Some(Square::new(17, 5)),
    );
    let message = found(&c, "flag-unreachable")
        .first()
        .map(|d| d.message.clone())
        .unwrap_or_default();
    assert!(
        message.contains("flag 2 at (17, 5)") && message.contains("from flag 1 at (5, 5)"),
        "{message}"
    );
}

#[test]
fn rule_solver_undecided() {
    // docs/validation.md, Speed, progress and Cancel: a line search that stops at its budget
    // before any line reaches a flag does not call that flag unreachable (a warning says the
    // course could not be checked); a flag that even the relaxed game cannot reach from where the
    // line got is still the error.
    use factory_floor::validate::{Progress, analyse_board_with};
    let run = |c: &Course, budget: usize| -> Vec<Diagnostic> {
        analyse_board_with(c, c.compile(EMPTY), &Progress::with_budget(budget))
            .map(|a| a.diagnostics)
            .unwrap_or_default()
    };
    let c = base();
    let small = run(&c, 5);
    let undecided: Vec<&Diagnostic> = small
        .iter()
        .filter(|d| d.rule == "solver-undecided")
        .collect();
    assert_eq!(undecided.len(), 1, "{small:?}");
    assert_eq!(undecided[0].severity, Severity::Warning);
    assert!(
        undecided[0].message.contains("after 5 states"),
        "{}",
        undecided[0].message
    );
    assert!(
        !small.iter().any(|d| d.rule == "flag-unreachable"),
        "{small:?}"
    );
    // With the whole budget the line is found: neither.
    assert!(found(&c, "solver-undecided").is_empty());
    assert!(found(&c, "flag-unreachable").is_empty());
    // Flag 1 walled in on every side: unreachable whatever the budget.
    let mut walled = base();
    for side in Facing::ALL {
        edge(
            &mut walled,
            0,
            Square::new(5, 5),
            side,
            Some(Barrier::Plain),
            None,
        );
    }
    let small = run(&walled, 5);
    assert!(
        small.iter().any(|d| d.rule == "flag-unreachable"),
        "{small:?}"
    );
    assert!(
        !small.iter().any(|d| d.rule == "solver-undecided"),
        "{small:?}"
    );
}

#[test]
fn rule_flags_share_tile() {
    let mut c = base();
    c.flags[1].at = Square::new(8, 8);
    check("flags-share-tile", base(), c, Some(Square::new(8, 8)));
}

#[test]
fn rule_tile_without_flag() {
    let mut c = base();
    c.flags[1].at = Square::new(8, 8);
    check("tile-without-flag", base(), c, Some(Square::new(12, 0)));
}

#[test]
fn rule_start_off_board() {
    let mut c = base();
    c.start = StartRule::Archive(Square::new(40, 40));
    check("start-off-board", base(), c, Some(Square::new(40, 40)));
}

#[test]
fn rule_start_not_archive() {
    let mut c = base();
    c.start = StartRule::Archive(Square::new(2, 2));
    check("start-not-archive", base(), c, Some(Square::new(2, 2)));
}

#[test]
fn rule_start_not_on_first_tile() {
    let mut c = base();
    set(&mut c, 1, Square::new(1, 1), |s| {
        s.repair = Wrenches::new(2)
    });
    c.start = StartRule::Archive(Square::new(13, 1));
    check(
        "start-not-on-first-tile",
        base(),
        c,
        Some(Square::new(13, 1)),
    );
}

#[test]
fn rule_start_numbering() {
    let mut c = numbered();
    set(&mut c, 0, Square::new(4, 0), |s| {
        if let Some(st) = s.start.as_mut() {
            st.number = StartNumber::new(3).unwrap_or(st.number);
        }
    });
    let said = found(&c, "start-numbering");
    assert!(
        said.iter()
            .any(|d| d.message.ends_with(": there is no start 2"))
    );
    check("start-numbering", numbered(), c, Some(Square::new(4, 0)));
}

#[test]
fn rule_start_not_open_floor() {
    let mut c = numbered();
    edge(
        &mut c,
        0,
        Square::new(3, 0),
        Facing::N,
        Some(Barrier::Plain),
        Some(Mount::Pusher(Phases::ALL)),
    );
    check(
        "start-not-open-floor",
        numbered(),
        c,
        Some(Square::new(3, 0)),
    );
}

#[test]
fn rule_start_facing_out() {
    let mut c = numbered();
    set(&mut c, 0, Square::new(3, 0), |s| {
        if let Some(st) = s.start.as_mut() {
            st.facing = Facing::N;
        }
    });
    check("start-facing-out", numbered(), c, Some(Square::new(3, 0)));
}

#[test]
fn rule_not_enough_starts() {
    let mut c = numbered();
    c.players.max = 4;
    check("not-enough-starts", numbered(), c, None);
}

#[test]
fn rule_mount_without_wall() {
    let mut clean = base();
    edge(
        &mut clean,
        0,
        Square::new(0, 8),
        Facing::W,
        Some(Barrier::Plain),
        Beams::new(1).map(Mount::Laser),
    );
    let mut c = base();
    edge(
        &mut c,
        0,
        Square::new(0, 8),
        Facing::W,
        None,
        Beams::new(1).map(Mount::Laser),
    );
    check("mount-without-wall", clean, c, Some(Square::new(0, 8)));
}

#[test]
fn rule_belt_into_wall() {
    let mut clean = base();
    set(&mut clean, 0, Square::new(3, 8), |s| {
        s.flow = Some(Flow::straight(FlowKind::Belt, Facing::E))
    });
    let mut c = clean.clone();
    edge(
        &mut c,
        0,
        Square::new(3, 8),
        Facing::E,
        Some(Barrier::Plain),
        None,
    );
    check("belt-into-wall", clean, c, Some(Square::new(3, 8)));
}

#[test]
fn rule_belt_off_board() {
    let mut clean = base();
    set(&mut clean, 0, Square::new(0, 8), |s| {
        s.flow = Some(Flow::straight(FlowKind::Belt, Facing::E))
    });
    let mut c = base();
    set(&mut c, 0, Square::new(0, 8), |s| {
        s.flow = Some(Flow::straight(FlowKind::Belt, Facing::W))
    });
    check("belt-off-board", clean, c, Some(Square::new(0, 8)));
}

#[test]
fn rule_unpaired_portal() {
    let mut clean = base();
    for x in [2, 9] {
        set(&mut clean, 0, Square::new(x, 10), |s| {
            s.device = Some(Device::Portal(Colour::Blue))
        });
    }
    let mut c = clean.clone();
    set(&mut c, 1, Square::new(2, 10), |s| {
        s.device = Some(Device::Portal(Colour::Red))
    });
    check("unpaired-portal", clean, c, Some(Square::new(14, 10)));
}

#[test]
fn rule_unpaired_gate() {
    let mut clean = base();
    for x in [2, 9] {
        edge(
            &mut clean,
            0,
            Square::new(x, 10),
            Facing::S,
            Some(Barrier::Gate(Colour::Green)),
            None,
        );
    }
    let mut c = clean.clone();
    edge(
        &mut c,
        1,
        Square::new(4, 4),
        Facing::N,
        Some(Barrier::Gate(Colour::Yellow)),
        None,
    );
    check("unpaired-gate", clean, c, Some(Square::new(16, 4)));
}

#[test]
fn rule_phased_never_active() {
    let mut clean = base();
    set(&mut clean, 0, Square::new(7, 7), |s| {
        s.crusher = Phases::from_list(&[2, 4])
    });
    let mut c = base();
    set(&mut c, 0, Square::new(7, 7), |s| {
        s.crusher = Some(Phases::NONE)
    });
    check("phased-never-active", clean, c, Some(Square::new(7, 7)));
}

#[test]
fn rule_ramp_without_ledge() {
    let mut clean = base();
    set(&mut clean, 0, Square::new(8, 3), |s| {
        s.device = Some(Device::Ramp(Facing::N))
    });
    set(&mut clean, 0, Square::new(8, 2), |s| s.level = Level::Upper);
    edge(
        &mut clean,
        0,
        Square::new(8, 2),
        Facing::W,
        Some(Barrier::Ledge),
        None,
    );
    let mut c = base();
    set(&mut c, 0, Square::new(8, 3), |s| {
        s.device = Some(Device::Ramp(Facing::N))
    });
    check("ramp-without-ledge", clean, c, Some(Square::new(8, 3)));
}

#[test]
fn rule_flags_on_one_square() {
    // Issue 17 item 4: flag 2 put on flag 1's square.
    let mut c = base();
    c.flags[1].at = Square::new(5, 5);
    check("flags-on-one-square", base(), c, Some(Square::new(5, 5)));
}

#[test]
fn rule_level_mismatch() {
    // A ramp leading up to the north onto a square that is still on the lower level.
    let mut c = base();
    set(&mut c, 0, Square::new(8, 3), |s| {
        s.device = Some(Device::Ramp(Facing::N))
    });
    check("level-mismatch", base(), c, Some(Square::new(8, 3)));
}

#[test]
fn rule_flag_by_chance() {
    // Flag 1 on a randomizer (seed 001): every card played from it is drawn, so only luck takes
    // a robot on to flag 2.
    let mut c = base();
    set(&mut c, 0, Square::new(5, 5), |s| {
        s.device = Some(Device::Randomizer)
    });
    check("flag-by-chance", base(), c, Some(Square::new(17, 5)));
}

#[test]
fn rule_lives_advice_counts_the_optional_rule() {
    let mut c = base();
    let lives = |c: &Course| {
        found(c, "lives")
            .first()
            .map(|d| d.message.clone())
            .unwrap_or_default()
    };
    assert!(
        lives(&c).contains("3 lives with 2 to 4 players"),
        "{}",
        lives(&c)
    );
    c.lives = LivesRule::Optional;
    c.players.max = 8;
    // Two tiles: the +1 for 5 or more players applies, not the +1 for 5 or more tiles.
    assert!(
        lives(&c).contains("3 lives with 2 to 4 players and 4 with 5 to 8"),
        "{}",
        lives(&c)
    );
}

#[test]
fn every_rule_id_has_a_test_here() {
    let source = [
        include_str!("validate_rules.rs"),
        include_str!("validate_rules/arena.rs"),
    ]
    .concat();
    for (id, _, _) in RULES {
        let test_name = format!("fn rule_{}", id.replace('-', "_"));
        assert!(
            source.contains(&test_name),
            "no test {test_name} for rule {id}"
        );
    }
}

/// A built-in sample course under a house rule, with the library it resolves from.
fn house_sample(name: &str) -> (Course, factory_floor::format::Library) {
    let lib = factory_floor::format::Library::builtin();
    let course = lib
        .find_course(name)
        .unwrap_or_else(|| panic!("courses/{name} is not in the built-in library"))
        .course
        .clone();
    (course, lib)
}

fn rule_ids(course: &Course, lib: &factory_floor::format::Library) -> Vec<&'static str> {
    validate(course, lib).iter().map(|d| d.rule).collect()
}

#[test]
fn rule_cube_does_not_fold() {
    // Seed 003 section 8.1 (RoboRally Cubed): six boards laid out as a net that folds into a cube.
    let (course, lib) = house_sample("cubed.json");
    assert!(!rule_ids(&course, &lib).contains(&"cube-does-not-fold"));
    let mut broken = course.clone();
    broken.placements[5].at = Square::new(16, 4);
    assert!(rule_ids(&broken, &lib).contains(&"cube-does-not-fold"));
}
