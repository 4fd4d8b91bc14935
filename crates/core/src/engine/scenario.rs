//! Scenario files: a board, robots, their registers and what should happen, run through the
//! engine and compared (issue 3, item 5). `run_scenario` runs one given as text; reading the
//! files is `cli::scenario`'s (`factory-floor scenario FILE... [--json]`). The format is
//! described in docs/scenarios.md.

use super::card::Card;
use super::event::Event;
use super::factory::Factory;
use super::game::{Game, REGISTERS, RobotSetup, Settings};
use super::house::complete_program;
use super::options::{Choices, OptionSet};
use crate::format::locate::{JsonPath, locate};
use crate::format::tile::{EdgeEntry, SquareEntry, TileFile, tile_from_file};
use crate::format::{self, ErrorKind, Invalid, LoadError};
use crate::geom::{Facing, Square};
use crate::model::{Board, HouseRules};
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::sync::Arc;

mod expect;
use expect::{compare, compare_face_up, compare_options, options_drawn};

/// A scenario file as written on disk.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// A short title; the file name is used when it is missing.
    #[serde(default)]
    name: Option<String>,
    /// The rule checked and its source (seed and section, or RULINGS.md).
    #[serde(default)]
    description: Option<String>,
    /// Where the rule comes from: seed and section, or RULINGS.md.
    #[serde(default)]
    source: Option<String>,
    board: BoardRef,
    /// Flag squares in order, when the board is a tile (a course brings its own).
    #[serde(default)]
    flags: Option<Vec<Square>>,
    #[serde(default)]
    seed: u64,
    /// The house rules in force, as in a course file's `rules.house` (none: the 1994 rules).
    #[serde(default)]
    rules: HouseRules,
    robots: Vec<RobotEntry>,
    #[serde(default)]
    registers: Option<Registers>,
    /// Option choices and policy per robot name (issue 8), checked like a program's.
    #[serde(default)]
    choices: Option<Named<Choices>>,
    #[serde(default)]
    phases: Option<u8>,
    #[serde(default)]
    end_turn: Option<bool>,
    #[serde(default)]
    expect: Option<Named<Expect>>,
    /// Where each flag stands at the end, flag 1 first (moving flags move them).
    #[serde(default)]
    expect_flags: Option<Vec<Square>>,
    /// The points left on each flag's die at the end, flag 1 first (Dice Rule; 0: none left).
    #[serde(default)]
    expect_dice: Option<Vec<u8>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RobotEntry {
    name: String,
    square: Square,
    facing: Facing,
    #[serde(default)]
    damage: u8,
    #[serde(default)]
    lives: Option<u8>,
    /// Flags touched so far.
    #[serde(default)]
    flags: u8,
    #[serde(default)]
    archive: Option<Square>,
    #[serde(default, rename = "virtual")]
    is_virtual: bool,
    #[serde(default)]
    powered_down: bool,
    /// Option cards held, by code (`shield`, `ablative_coat`, ...).
    #[serde(default)]
    options: OptionSet,
    /// No Sit-And-Spin: the double-wrench site where the robot last gained an option.
    #[serde(default)]
    spin_site: Option<Square>,
    /// A power down announced this turn (as a program would announce it; the rules may refuse
    /// it, as no power down does).
    #[serde(default)]
    announce_power_down: bool,
    /// The Three Minute Rule (seed 003 section 8.4): the robot is late, and this is the hand it
    /// was dealt; its `registers` (nulls for empty slots) are completed from the hand's unplayed
    /// cards, seeded by the scenario's seed.
    #[serde(default)]
    late_hand: Option<Vec<Card>>,
}

/// What a robot should look like after the scenario; every field is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    square: Option<Square>,
    facing: Option<Facing>,
    damage: Option<u8>,
    lives: Option<u8>,
    flags: Option<u8>,
    archive: Option<Square>,
    destroyed: Option<bool>,
    #[serde(rename = "virtual")]
    is_virtual: Option<bool>,
    powered_down: Option<bool>,
    finished: Option<bool>,
    place: Option<u8>,
    /// Option draws recorded for the robot over the scenario (radioactive waste, chop shops).
    options_drawn: Option<usize>,
    /// The option cards held, in any order.
    options: Option<OptionSet>,
    /// How many option cards are held (when which ones depends on the shuffle).
    option_count: Option<usize>,
    /// How many registers are locked (by damage and Fire Control lock chits).
    locked_registers: Option<usize>,
    /// Cards in the hand (after a Recompile).
    hand_cards: Option<usize>,
    /// The card kept for next turn by the Flywheel.
    kept: Option<Card>,
    /// The option cards held that are face up at the end (Secret Options: those revealed).
    face_up: Option<OptionSet>,
}

/// The board: a path (relative to the scenario file) to a tile or course file, or a tile inline.
#[derive(Debug)]
enum BoardRef {
    Path(String),
    Inline(Box<InlineTile>),
}

/// A tile in the tile format; the header fields may be left out inside a scenario.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InlineTile {
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    version: Option<u32>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: String,
    width: i64,
    height: i64,
    #[serde(default)]
    squares: Vec<SquareEntry>,
    #[serde(default)]
    edges: Vec<EdgeEntry>,
}

impl<'de> Deserialize<'de> for BoardRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = BoardRef;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a path to a tile or course file, or a tile object")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<BoardRef, E> {
                Ok(BoardRef::Path(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<BoardRef, A::Error> {
                InlineTile::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|t| BoardRef::Inline(Box::new(t)))
            }
        }
        d.deserialize_any(V)
    }
}

/// An object keyed by robot name, kept in file order.
#[derive(Debug)]
struct Named<T>(Vec<(String, T)>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Named<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Named<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object keyed by robot name")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Named<T>, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, T>()? {
                    out.push((k, v));
                }
                Ok(Named(out))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

/// Registers: an object keyed by robot name, or a list in robot order. A card is `"move1:490"`;
/// `null` leaves a register empty.
#[derive(Debug)]
enum Registers {
    ByName(Vec<(String, Vec<Option<Card>>)>),
    ByOrder(Vec<Vec<Option<Card>>>),
}

impl<'de> Deserialize<'de> for Registers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Registers;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of card lists keyed by robot name, or a list of card lists in robot order")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Registers, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Vec<Option<Card>>>()? {
                    out.push((k, v));
                }
                Ok(Registers::ByName(out))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Registers, A::Error> {
                let mut out = Vec::new();
                while let Some(v) = seq.next_element::<Vec<Option<Card>>>()? {
                    out.push(v);
                }
                Ok(Registers::ByOrder(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// One expected value against the actual one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldCheck {
    pub field: &'static str,
    pub expected: String,
    pub actual: String,
}

impl FieldCheck {
    pub fn matches(&self) -> bool {
        self.expected == self.actual
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotCheck {
    pub robot: String,
    pub fields: Vec<FieldCheck>,
}

/// The outcome of one scenario file.
#[derive(Clone, Debug)]
pub struct ScenarioReport {
    pub file: String,
    pub name: String,
    pub description: String,
    pub source: String,
    pub checks: Vec<RobotCheck>,
    /// The game after the scenario ran.
    pub game: Game,
    pub events: Vec<Event>,
}

impl ScenarioReport {
    /// Every expectation holds.
    pub fn passed(&self) -> bool {
        self.checks
            .iter()
            .all(|r| r.fields.iter().all(FieldCheck::matches))
    }

    /// Per robot, expected against actual, differences marked; for the terminal.
    pub fn render(&self) -> String {
        let mut out = format!(
            "{}: {} ({})\n",
            self.file,
            if self.passed() { "ok" } else { "FAILED" },
            self.name
        );
        for r in &self.checks {
            out.push_str(&format!("  {}\n", r.robot));
            for f in &r.fields {
                if f.matches() {
                    out.push_str(&format!("    {:<13} {}\n", f.field, f.actual));
                } else {
                    out.push_str(&format!(
                        "  ! {:<13} expected {}, got {}\n",
                        f.field, f.expected, f.actual
                    ));
                }
            }
        }
        out
    }

    /// Only the differences, one line each (empty when the scenario passed).
    pub fn diff(&self) -> String {
        let mut out = String::new();
        for r in &self.checks {
            for f in r.fields.iter().filter(|f| !f.matches()) {
                out.push_str(&format!(
                    "{}: {} {}: expected {}, got {}\n",
                    self.file, r.robot, f.field, f.expected, f.actual
                ));
            }
        }
        out
    }

    /// The event log as sentences.
    pub fn log(&self) -> Vec<String> {
        let names = self.game.names();
        self.events.iter().map(|e| e.describe(names)).collect()
    }

    /// The final state and the event log, for `--json`.
    pub fn to_json(&self) -> String {
        let robots: Vec<serde_json::Value> = self
            .game
            .robots()
            .iter()
            .zip(self.game.names())
            .map(|(r, name)| {
                let mut v = serde_json::to_value(r).unwrap_or_default();
                if let serde_json::Value::Object(map) = &mut v {
                    map.insert("name".into(), serde_json::Value::String(name.clone()));
                }
                v
            })
            .collect();
        let value = serde_json::json!({
            "file": self.file,
            "name": self.name,
            "passed": self.passed(),
            "checks": self.checks,
            "robots": robots,
            "events": self.events,
            "log": self.log(),
        });
        crate::format::json::to_canonical_string(&value)
    }
}

/// A board file a scenario names, as its reader found it (`BoardFiles`).
#[derive(Debug)]
pub enum BoardFileError {
    /// It cannot be read or is not a tile or course file.
    Unusable(LoadError),
    /// A course whose tiles do not fit together: the compiler's first problem.
    DoesNotCompile(String),
}

/// Reads the board files scenarios name by path: the engine itself reads no file.
pub trait BoardFiles {
    /// The board of the tile or course file at `relative` (to the scenario file's folder).
    fn board(&self, relative: &str) -> Result<Board, BoardFileError>;
}

/// Runs and checks one scenario: `text` is the file's content, `file` its name in messages and
/// `stem` its name when the file gives none; `files` reads the board file it may name. `Err` is
/// a scenario that cannot be read or describes an impossible setup, as `file:line:column:
/// message`.
pub fn run_scenario(
    file: &str,
    text: &str,
    stem: &str,
    files: &dyn BoardFiles,
) -> Result<ScenarioReport, String> {
    let file = file.to_string();
    let err_at = |p: JsonPath, message: String| -> String {
        Invalid::new(p, message)
            .into_load_error(&file, text)
            .to_string()
    };
    let root = JsonPath::root();
    let sf: ScenarioFile = serde_json::from_str(text)
        .map_err(|e| format::syntax_error(&file, text, &e).to_string())?;
    format::json::check_duplicate_keys(&file, text).map_err(|e| e.to_string())?;

    let mut board = load_board(files, &file, text, &sf.board)?;
    if let Some(flags) = &sf.flags {
        for (i, s) in flags.iter().enumerate() {
            if !board.is_on_board(*s) {
                return Err(err_at(
                    root.key("flags").index(i),
                    format!("flag {} at {s} is not on the board", i + 1),
                ));
            }
        }
        board.flags = flags
            .iter()
            .enumerate()
            .map(|(i, &s)| (i as u32 + 1, s))
            .collect();
    }
    let factory = Arc::new(Factory::for_rules(board, &sf.rules));

    let mut setups = Vec::new();
    for (i, r) in sf.robots.iter().enumerate() {
        let here = root.key("robots").index(i);
        if !factory.is_on_board(r.square) {
            return Err(err_at(
                here.key("square"),
                format!(
                    "robot {} stands on {}, which is off the board",
                    r.name, r.square
                ),
            ));
        }
        if let Some(a) = r.archive
            && !factory.is_on_board(a)
        {
            return Err(err_at(
                here.key("archive"),
                format!("robot {}'s archive {a} is off the board", r.name),
            ));
        }
        setups.push(RobotSetup {
            name: r.name.clone(),
            square: r.square,
            facing: r.facing,
            damage: r.damage,
            lives: r.lives,
            flags: r.flags,
            archive: r.archive,
            is_virtual: r.is_virtual,
            powered_down: r.powered_down,
            options: r.options,
        });
    }
    let settings = Settings {
        house: sf.rules,
        ..Settings::default()
    };
    let mut game = Game::new(factory, &setups, settings, sf.seed)
        .map_err(|m| err_at(root.key("robots"), m))?;

    for (i, r) in sf.robots.iter().enumerate() {
        game.set_spin_site(i, r.spin_site);
    }

    let index_of = |name: &str| sf.robots.iter().position(|r| r.name == name);
    let mut programs: Vec<(usize, Vec<Option<Card>>, JsonPath)> = Vec::new();
    match &sf.registers {
        None => {}
        Some(Registers::ByName(list)) => {
            for (name, cards) in list {
                let here = root.key("registers").key(name);
                let Some(i) = index_of(name) else {
                    return Err(err_at(
                        here,
                        format!("registers for \"{name}\", which is not one of the robots"),
                    ));
                };
                programs.push((i, cards.clone(), here));
            }
        }
        Some(Registers::ByOrder(list)) => {
            if list.len() > sf.robots.len() {
                return Err(err_at(
                    root.key("registers"),
                    format!(
                        "{} register lists for {} robots",
                        list.len(),
                        sf.robots.len()
                    ),
                ));
            }
            for (i, cards) in list.iter().enumerate() {
                programs.push((i, cards.clone(), root.key("registers").index(i)));
            }
        }
    }
    complete_late_programs(&sf, &mut programs, &err_at)?;
    let mut events = Vec::new();
    game.begin_scripted_turn(&mut events);
    let mut most_cards = 0;
    for (i, cards, here) in &programs {
        if cards.len() > REGISTERS {
            return Err(err_at(
                here.clone(),
                format!("{} cards: a robot has {REGISTERS} registers", cards.len()),
            ));
        }
        let mut regs = [None; REGISTERS];
        for (k, c) in cards.iter().enumerate() {
            regs[k] = *c;
        }
        most_cards = most_cards.max(cards.len());
        game.set_registers(*i, regs);
    }
    for (i, r) in sf.robots.iter().enumerate() {
        if r.announce_power_down {
            // A refusal (no power down, an undamaged robot) leaves the robot as it was: what
            // the expectations then check.
            let _ = game.announce_power_down(i, &mut events);
        }
    }
    if let Some(Named(list)) = &sf.choices {
        for (name, choices) in list {
            let here = root.key("choices").key(name);
            let Some(i) = index_of(name) else {
                return Err(err_at(
                    here,
                    format!("choices for \"{name}\", which is not one of the robots"),
                ));
            };
            game.set_choices(i, choices)
                .map_err(|e| err_at(here, format!("robot {name}'s choices: {e}")))?;
        }
    }

    let phases = sf.phases.unwrap_or(most_cards.max(1) as u8);
    if !(1..=5).contains(&phases) {
        return Err(err_at(
            root.key("phases"),
            format!("{phases} phases: a turn has register phases 1 to 5"),
        ));
    }
    let end_turn = sf.end_turn.unwrap_or(phases == 5);
    for _ in 0..phases {
        game.run_phase(&mut events);
    }
    if end_turn && !game.is_over() {
        game.end_turn(&mut events);
        game.reenter(&mut events);
    }

    let mut checks = Vec::new();
    if let Some(Named(list)) = &sf.expect {
        for (name, exp) in list {
            let Some(i) = index_of(name) else {
                return Err(err_at(
                    root.key("expect").key(name),
                    format!("an expectation for \"{name}\", which is not one of the robots"),
                ));
            };
            let mut fields = compare(exp, &game.robots()[i], options_drawn(&events, i));
            fields.extend(compare_options(exp, &game, i));
            fields.extend(compare_face_up(exp, &game, &events, i));
            checks.push(RobotCheck {
                robot: name.clone(),
                fields,
            });
        }
    }
    let list = |v: Vec<String>| format!("[{}]", v.join(", "));
    let mut flag_fields = Vec::new();
    if let Some(want) = &sf.expect_flags {
        flag_fields.push(FieldCheck {
            field: "squares",
            expected: list(want.iter().map(Square::to_string).collect()),
            actual: list(game.flag_squares().iter().map(Square::to_string).collect()),
        });
    }
    if let Some(want) = &sf.expect_dice {
        flag_fields.push(FieldCheck {
            field: "dice",
            expected: list(want.iter().map(u8::to_string).collect()),
            actual: list(
                (1..=game.factory().flag_count())
                    .map(|n| game.die_points(n).unwrap_or(0).to_string())
                    .collect(),
            ),
        });
    }
    if !flag_fields.is_empty() {
        checks.push(RobotCheck {
            robot: "(flags)".to_string(),
            fields: flag_fields,
        });
    }
    let name = sf.name.clone().unwrap_or_else(|| stem.to_string());
    Ok(ScenarioReport {
        file,
        name,
        description: sf.description.clone().unwrap_or_default(),
        source: sf.source.clone().unwrap_or_default(),
        checks,
        game,
        events,
    })
}

/// The Three Minute Rule (seed 003 section 8.4): each robot with a `late_hand` gets its
/// program completed by `complete_program`, the engine's rule, seeded by the scenario's seed.
/// Without the rule in force a late hand is an error naming the field.
fn complete_late_programs(
    sf: &ScenarioFile,
    programs: &mut Vec<(usize, Vec<Option<Card>>, JsonPath)>,
    err_at: &dyn Fn(JsonPath, String) -> String,
) -> Result<(), String> {
    for (i, r) in sf.robots.iter().enumerate() {
        let Some(hand) = &r.late_hand else {
            continue;
        };
        let here = JsonPath::root().key("robots").index(i).key("late_hand");
        if sf.rules.three_minute_rule.is_none() {
            return Err(err_at(
                here,
                format!(
                    "robot {}'s late_hand needs the three-minute-rule house rule in \"rules\"",
                    r.name
                ),
            ));
        }
        let k = match programs.iter().position(|(j, ..)| *j == i) {
            Some(k) => k,
            None => {
                programs.push((i, Vec::new(), here));
                programs.len() - 1
            }
        };
        let partial = &programs[k].1;
        if partial.len() > REGISTERS {
            continue; // the register check reports it
        }
        let program = complete_program(hand, partial, REGISTERS, sf.seed);
        programs[k].1 = program.into_iter().map(Some).collect();
    }
    Ok(())
}

/// The scenario's board: an inline tile, or a tile or course file beside the scenario.
fn load_board(
    files: &dyn BoardFiles,
    file: &str,
    text: &str,
    board: &BoardRef,
) -> Result<Board, String> {
    let at_board = JsonPath::root().key("board");
    match board {
        BoardRef::Inline(t) => {
            let tf = TileFile {
                format: t
                    .format
                    .clone()
                    .unwrap_or_else(|| format::TILE_FORMAT.to_string()),
                version: t.version.unwrap_or(format::FORMAT_VERSION),
                id: t.id.clone().unwrap_or_else(|| "scenario".to_string()),
                name: t
                    .name
                    .clone()
                    .unwrap_or_else(|| "Scenario board".to_string()),
                description: t.description.clone(),
                width: t.width,
                height: t.height,
                squares: t.squares.clone(),
                edges: t.edges.clone(),
            };
            let tile = tile_from_file(&tf, &at_board)
                .map_err(|e| e.into_load_error(file, text).to_string())?;
            Ok(Board::from_tile(&tile, &[]))
        }
        BoardRef::Path(rel) => files.board(rel).map_err(|e| match e {
            BoardFileError::Unusable(e) => {
                let (line, column) = locate(text, &at_board);
                LoadError {
                    file: file.to_string(),
                    line,
                    column,
                    message: format!("the board file {rel} cannot be used: {e}"),
                    kind: ErrorKind::Unreadable,
                }
                .to_string()
            }
            BoardFileError::DoesNotCompile(problem) => Invalid::new(
                at_board,
                format!("the course {rel} does not compile: {problem}"),
            )
            .into_load_error(file, text)
            .to_string(),
        }),
    }
}

#[cfg(test)]
mod tests;
