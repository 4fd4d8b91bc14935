//! The course file: header, game options, tile placements, tiles embedded in the course, flags
//! and the start rule.

use super::error::{Invalid, LoadError};
use super::header::{COURSE_FORMAT, FORMAT_VERSION, parse, sniff};
use super::json::to_canonical_string;
use super::locate::JsonPath;
use super::tile::{TileFile, check_id, tile_from_file, tile_to_file};
use crate::model::course::{
    Course, Flag, LivesRule, MAX_FLAG, MAX_OFFSET, MAX_PLACEMENTS, PlayerRange, RulesEdition,
    StartRule, TilePlacement,
};
use crate::model::rules::{HouseRules, Rules};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A course file as written on disk.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "factory-floor course")]
pub struct CourseFile {
    /// Always "factory-floor/course".
    #[schemars(extend("const" = "factory-floor/course"))]
    pub format: String,
    /// The format version, 1.
    #[schemars(extend("const" = 1))]
    pub version: u32,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub author: String,
    /// The rules the course is for: the edition alone (`"classic-1994"`), or the edition and
    /// its house rules (`{"edition": "classic-1994", "house": {"infinite-lives": true}}`).
    pub rules: RulesField,
    pub players: PlayerRange,
    pub lives: LivesRule,
    /// The tiles of the course, each at a square offset with a clockwise rotation.
    pub tiles: Vec<TilePlacement>,
    /// Tiles that travel inside this file; placements find them by id before the library.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub embedded_tiles: Vec<TileFile>,
    /// Flags numbered 1..n, in board squares.
    pub flags: Vec<Flag>,
    pub start: StartRule,
}

/// The `rules` field: the bare edition (every version-1 file) or the edition with house rules.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum RulesField {
    Edition(RulesEdition),
    WithHouseRules(RulesSection),
}

/// The rules section with house rules (docs/rules.md lists each rule and its parameters).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    pub edition: RulesEdition,
    #[serde(default)]
    pub house: HouseRules,
}

impl<'de> Deserialize<'de> for RulesField {
    /// A string is read as the edition and an object as the section, each with its own error
    /// (an unknown edition or house rule is named), never serde's "did not match any variant".
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Field;
        impl<'de> serde::de::Visitor<'de> for Field {
            type Value = RulesField;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a rules edition (\"classic-1994\") or {\"edition\": ..., \"house\": {...}}",
                )
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RulesField, E> {
                RulesEdition::deserialize(serde::de::value::StrDeserializer::<E>::new(v))
                    .map(RulesField::Edition)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RulesField, A::Error> {
                RulesSection::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RulesField::WithHouseRules)
            }
        }
        d.deserialize_any(Field)
    }
}

impl From<RulesField> for Rules {
    fn from(f: RulesField) -> Rules {
        match f {
            RulesField::Edition(edition) => edition.into(),
            RulesField::WithHouseRules(s) => Rules {
                edition: s.edition,
                house: s.house,
            },
        }
    }
}

impl From<Rules> for RulesField {
    /// The bare edition when no house rule is in force, so such files read as they always did.
    fn from(r: Rules) -> RulesField {
        if r.is_classic() {
            RulesField::Edition(r.edition)
        } else {
            RulesField::WithHouseRules(RulesSection {
                edition: r.edition,
                house: r.house,
            })
        }
    }
}

/// The house rules' parameters checked against each other and the course (docs/formats.md,
/// The rules section): every problem is an error at the parameter's line and column, since a
/// course that names a rule it cannot play is a mistake, not a preference.
fn check_house_rules(f: &CourseFile, root: &JsonPath) -> Result<(), Invalid> {
    let RulesField::WithHouseRules(section) = f.rules else {
        return Ok(());
    };
    let house = section.house;
    let at = |key: &str| root.key("rules").key("house").key(key);
    if let Some(n) = house.laser_damage
        && !(2..=10).contains(&n)
    {
        return Err(Invalid::new(
            at("laser-damage"),
            format!("laser damage x{n}: the multiplier is 2 to 10"),
        ));
    }
    if let Some(s) = house.three_minute_rule
        && !(5..=3600).contains(&s)
    {
        return Err(Invalid::new(
            at("three-minute-rule"),
            format!("{s} seconds to program: the limit is 5 to 3600 seconds"),
        ));
    }
    if let Some(s) = house.start_options
        && (!(1..=8).contains(&s.deal) || !(1..=s.deal).contains(&s.keep))
    {
        return Err(Invalid::new(
            at("start-options"),
            format!(
                "deal {} keep {}: deal 1 to 8 option cards and keep 1 to as many as dealt",
                s.deal, s.keep
            ),
        ));
    }
    if let Some(t) = house.teams
        && (!(2..=4).contains(&t.count) || t.count > f.players.max)
    {
        return Err(Invalid::new(
            at("teams").key("count"),
            format!(
                "{} teams: 2 to 4 teams, and no more than the course's {} players",
                t.count, f.players.max
            ),
        ));
    }
    if let Some(dice) = house.dice {
        let flags = f.flags.len() as u32;
        if let Some(n) =
            (flags + 1..=crate::model::course::MAX_FLAG).find(|&n| dice.on_flag(n).is_some())
        {
            return Err(Invalid::new(
                at("dice").key(&n.to_string()),
                format!("a die on flag {n}, but the course has {flags} flag(s)"),
            ));
        }
    }
    Ok(())
}

/// Checks a course file against the model and builds the course.
pub fn course_from_file(f: &CourseFile) -> Result<Course, Invalid> {
    let root = JsonPath::root();
    if f.name.trim().is_empty() {
        return Err(Invalid::new(root.key("name"), "the course needs a name"));
    }
    let players = f.players;
    if !(1..=8).contains(&players.min)
        || !(1..=8).contains(&players.max)
        || players.min > players.max
    {
        return Err(Invalid::new(
            root.key("players"),
            format!(
                "players {} to {} is not a range of 1 to 8 robots with min <= max",
                players.min, players.max
            ),
        ));
    }
    if let LivesRule::Fixed(n) = f.lives
        && !(1..=9).contains(&n)
    {
        return Err(Invalid::new(
            root.key("lives"),
            format!("{n} lives is out of range: a fixed number of lives is 1 to 9"),
        ));
    }
    check_house_rules(f, &root)?;
    if f.tiles.len() > MAX_PLACEMENTS {
        return Err(Invalid::new(
            root.key("tiles"),
            format!(
                "{} tiles is more than a course may place ({MAX_PLACEMENTS})",
                f.tiles.len()
            ),
        ));
    }
    // Each embedded tile is built in full (up to 64 x 64 squares), so their number is bounded
    // before any is built: a course uses at most one per placement.
    if f.embedded_tiles.len() > MAX_PLACEMENTS {
        return Err(Invalid::new(
            root.key("embedded_tiles"),
            format!(
                "{} embedded tiles is more than a course may carry ({MAX_PLACEMENTS}, one per placed tile)",
                f.embedded_tiles.len()
            ),
        ));
    }
    // Flags are numbered 1 to MAX_FLAG without repeats, so a longer list is always wrong; bounding
    // it keeps a hostile file from producing one problem line per flag.
    if f.flags.len() > MAX_FLAG as usize {
        return Err(Invalid::new(
            root.key("flags"),
            format!(
                "{} flags is more than a course may have: flags are numbered 1 to {MAX_FLAG}",
                f.flags.len()
            ),
        ));
    }
    let in_range = |v: i32| (0..=MAX_OFFSET).contains(&v);
    for (i, p) in f.tiles.iter().enumerate() {
        let here = root.key("tiles").index(i);
        check_id(&p.tile).map_err(|m| Invalid::new(here.key("tile"), m))?;
        if !in_range(p.at.x) || !in_range(p.at.y) {
            return Err(Invalid::new(
                here.key("at"),
                format!(
                    "tile offset {} is out of range: offsets run from 0 to {MAX_OFFSET} squares",
                    p.at
                ),
            ));
        }
    }
    let mut embedded = Vec::new();
    for (i, t) in f.embedded_tiles.iter().enumerate() {
        let here = root.key("embedded_tiles").index(i);
        let tile = tile_from_file(t, &here)?;
        if embedded
            .iter()
            .any(|e: &crate::model::Tile| e.id == tile.id)
        {
            return Err(Invalid::new(
                here.key("id"),
                format!("two embedded tiles have the id \"{}\"", tile.id),
            ));
        }
        embedded.push(tile);
    }
    let board_range = |v: i32| (0..MAX_OFFSET + crate::model::MAX_TILE_SIDE).contains(&v);
    for (i, flag) in f.flags.iter().enumerate() {
        let here = root.key("flags").index(i);
        if !(1..=MAX_FLAG).contains(&flag.number) {
            return Err(Invalid::new(
                here.key("number"),
                format!(
                    "flag number {} is out of range: flags are numbered from 1 (up to {MAX_FLAG})",
                    flag.number
                ),
            ));
        }
        if !board_range(flag.at.x) || !board_range(flag.at.y) {
            return Err(Invalid::new(
                here.key("at"),
                format!(
                    "flag {} at {} is far outside any course",
                    flag.number, flag.at
                ),
            ));
        }
    }
    if let StartRule::Archive(s) = f.start
        && (!board_range(s.x) || !board_range(s.y))
    {
        return Err(Invalid::new(
            root.key("start"),
            format!("the start square {s} is far outside any course"),
        ));
    }
    Ok(Course {
        name: f.name.clone(),
        description: f.description.clone(),
        author: f.author.clone(),
        rules: f.rules.into(),
        players: f.players,
        lives: f.lives,
        placements: f.tiles.clone(),
        embedded,
        flags: f.flags.clone(),
        start: f.start,
    })
}

pub fn course_to_file(c: &Course) -> CourseFile {
    CourseFile {
        format: COURSE_FORMAT.to_string(),
        version: FORMAT_VERSION,
        name: c.name.clone(),
        description: c.description.clone(),
        author: c.author.clone(),
        rules: c.rules.into(),
        players: c.players,
        lives: c.lives,
        tiles: c.placements.clone(),
        embedded_tiles: c.embedded.iter().map(tile_to_file).collect(),
        flags: c.flags.clone(),
        start: c.start,
    }
}

/// Parses and checks a course file's text. Tiles are not resolved here: see `Course::compile`.
pub fn course_from_str(file: &str, text: &str) -> Result<Course, LoadError> {
    sniff(file, text)?;
    course_from_sniffed(file, text)
}

/// `course_from_str` for a text `sniff` has passed already (`document_from_str`).
pub(super) fn course_from_sniffed(file: &str, text: &str) -> Result<Course, LoadError> {
    let f: CourseFile = parse(file, text)?;
    course_from_file(&f).map_err(|e| e.into_load_error(file, text))
}

/// The canonical text of a course file.
/// Where in the course file `text` (the one `course` was read from) a problem the rules find on
/// the board is written down, as a 1-based line and column: the entry of the first of `squares`
/// where a flag stands (`flags[i].at`) or that is the archive start (`start.archive`), else the
/// first placement of `tiles` (indices into `tiles`, as `Course::placements`). `None` when it is
/// none of those: the problem is then in a tile's own drawing, not in the course file.
pub fn course_place(
    text: &str,
    course: &Course,
    squares: &[crate::geom::Square],
    tiles: &[usize],
) -> Option<(usize, usize)> {
    let root = JsonPath::root();
    let written = squares.iter().find_map(|&sq| {
        if let Some(i) = course.flags.iter().position(|f| f.at == sq) {
            return Some(root.key("flags").index(i).key("at"));
        }
        match course.start {
            StartRule::Archive(at) if at == sq => Some(root.key("start").key("archive")),
            _ => None,
        }
    });
    let path = written.or_else(|| {
        let &t = tiles.first()?;
        (t < course.placements.len()).then(|| root.key("tiles").index(t))
    })?;
    Some(super::locate::locate(text, &path))
}

pub fn course_to_string(course: &Course) -> String {
    let value = serde_json::to_value(course_to_file(course)).unwrap_or_default();
    to_canonical_string(&value)
}

#[cfg(test)]
mod tests {
    use super::*;

    const COURSE: &str = r#"{
  "format": "factory-floor/course",
  "version": 1,
  "name": "Test",
  "description": "",
  "author": "",
  "rules": "classic-1994",
  "players": {"min": 2, "max": 4},
  "lives": {"fixed": 4},
  "tiles": [
    {"tile": "a", "at": [0, 0], "rotation": 90}
  ],
  "flags": [
    {"number": 1, "at": [3, 4]},
    {"number": 2, "at": [8, 1]}
  ],
  "start": {"archive": [1, 1]}
}
"#;

    #[test]
    fn a_course_round_trips_byte_for_byte() {
        let c = course_from_str("c.json", COURSE);
        assert_eq!(c.as_ref().err(), None);
        if let Ok(c) = c {
            assert_eq!(course_to_string(&c), COURSE);
        }
    }

    #[test]
    fn flag_number_zero_is_reported_on_its_line() {
        let text = COURSE.replace("\"number\": 1", "\"number\": 0");
        let err = course_from_str("c.json", &text).err();
        assert_eq!(err.as_ref().map(|e| e.line), Some(14), "{err:?}");
    }
}
