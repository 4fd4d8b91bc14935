//! What is done once every tile is placed: drawn beams checked against traced ones, start squares
//! turned to face into the course, and the course's settings taken from the map's properties.

use super::importer::{Importer, Note};
use crate::format::tiled::props::{get_int, get_text, parse_lives, parse_start};
use crate::format::tiled::read::{Prop, Props, RawMap};
use crate::geom::{Facing, Rotation, Square};
use crate::model::{
    Board, Course, Flag, PlayerRange, RulesEdition, StartRule, StartSquare, TilePlacement,
};
use std::collections::BTreeSet;

impl Importer {
    /// Compares the beams the map draws with the beams factory-floor traces from each emitter
    /// (until a wall or the board's edge): where they differ, a robot is shot differently.
    pub(super) fn check_beams(&mut self) {
        if self.beams.is_empty() {
            return;
        }
        let board = Board::from_tile(&self.tile, &[]);
        let mut traced: BTreeSet<(Square, bool)> = BTreeSet::new();
        let mut emitters = Vec::new();
        for beam in board.laser_beams() {
            let horizontal = matches!(beam.direction, Facing::E | Facing::W);
            for (i, &s) in beam.squares.iter().enumerate() {
                traced.insert((s, horizontal));
                if i > 0 {
                    emitters.push((s, horizontal, beam.mount));
                }
            }
        }
        let drawn: BTreeSet<(Square, bool)> =
            self.beams.iter().map(|b| (b.at, b.horizontal)).collect();
        for b in std::mem::take(&mut self.beams) {
            if !traced.contains(&(b.at, b.horizontal)) {
                self.note(Note {
                    layer: b.layer,
                    at: Some(b.at),
                    gid: Some(b.gid),
                    what: "laser".to_string(),
                    why: "a drawn beam square that no emitter reaches: factory-floor traces beams from their emitter until a wall, so no beam crosses here".to_string(),
                });
            }
        }
        for (s, horizontal, mount) in emitters {
            if !drawn.contains(&(s, horizontal)) {
                self.note(Note {
                    layer: String::new(),
                    at: Some(s),
                    gid: None,
                    what: "laser".to_string(),
                    why: format!(
                        "the beam of the emitter on {mount} crosses this square, where the map draws no beam: no wall stops it before here"
                    ),
                });
            }
        }
    }

    /// A start square facing off the map or into a wall breaks a setup rule (robots start facing
    /// into the course); maps drawn with every start picture unturned have such squares on their
    /// north edge. Each is turned to the first open facing (about-face first) and noted.
    pub(super) fn turn_starts_inwards(&mut self) {
        let squares: Vec<Square> = self.tile.all_squares().collect();
        for s in squares {
            let Some(mut spec) = self.tile.square(s).copied() else {
                continue;
            };
            let Some(start) = spec.start else { continue };
            let open =
                |f: Facing| self.tile.contains(s.step(f)) && self.tile.barrier(s, f).is_none();
            if open(start.facing) {
                continue;
            }
            let f = start.facing;
            let Some(turned) = [f.opposite(), f.right(), f.left()]
                .into_iter()
                .find(|&g| open(g))
            else {
                continue;
            };
            spec.start = Some(StartSquare {
                facing: turned,
                ..start
            });
            self.tile.set_square(s, spec);
            self.note(Note {
                layer: String::new(),
                at: Some(s),
                gid: None,
                what: format!("start {}", start.number.get()),
                why: format!(
                    "the start square faced {} into a wall or off the map; turned to face {} (robots start facing into the course)",
                    f.name(),
                    turned.name()
                ),
            });
        }
    }

    pub(super) fn course(&mut self, map: &RawMap, stem: &str, id: String) -> Course {
        let props = &map.properties;
        self.check_course_properties(props);
        let name = get_text(props, "name")
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| stem.replace(['_', '-'], " ").trim().to_string());
        let name = if name.is_empty() {
            "Imported map".to_string()
        } else {
            name
        };
        self.tile.name = name.clone();
        let starts = self
            .tile
            .all_squares()
            .filter(|&s| self.tile.square(s).is_some_and(|q| q.start.is_some()));
        let start_count = starts.count().min(8) as u8;
        let first_repair = self
            .tile
            .all_squares()
            .find(|&s| self.tile.square(s).is_some_and(|q| q.repair.is_some()));
        let given_start = match get_text(props, "start").and_then(parse_start) {
            // An index read from a file is range-checked: an archive site off the map would
            // make a course with no start.
            Some(StartRule::Archive(s)) if !self.tile.contains(s) => {
                self.note(Note {
                    layer: String::new(),
                    at: Some(s),
                    gid: None,
                    what: "start".to_string(),
                    why: format!(
                        "the map's \"start\" property puts the archive site at {s}, off the {} x {} map: ignored",
                        self.tile.width(),
                        self.tile.height()
                    ),
                });
                None
            }
            given => given,
        };
        let start = match given_start {
            Some(s) => s,
            None if start_count > 0 => StartRule::Numbered,
            None => match first_repair {
                Some(s) => StartRule::Archive(s),
                None => {
                    self.note(Note {
                        layer: String::new(),
                        at: None,
                        gid: None,
                        what: "start".to_string(),
                        why: "the map has no start squares and no repair site: the start is set to (0, 0); choose an archive site in the editor".to_string(),
                    });
                    StartRule::Archive(Square::new(0, 0))
                }
            },
        };
        let max = match start {
            StartRule::Numbered => start_count.max(1),
            StartRule::Archive(_) => 8,
        };
        let range = |key: &str| {
            get_int(props, key)
                .and_then(|n| u8::try_from(n).ok())
                .filter(|n| (1..=8).contains(n))
        };
        let players_max = range("players_max").unwrap_or(max);
        let players_min = range("players_min").unwrap_or(players_max.min(2));
        let players = if players_min <= players_max {
            PlayerRange {
                min: players_min,
                max: players_max,
            }
        } else {
            self.property_note(format!(
                "the map's players_min ({players_min}) is more than its players_max ({players_max}): the course is for {} to {players_max} players",
                players_max.min(2)
            ));
            PlayerRange {
                min: players_max.min(2),
                max: players_max,
            }
        };
        let lives = get_text(props, "lives")
            .and_then(parse_lives)
            .unwrap_or_default();
        Course {
            name,
            description: get_text(props, "description")
                .map(str::to_string)
                .unwrap_or_else(|| format!("Imported from the Tiled map {stem}.")),
            author: get_text(props, "author").unwrap_or("").to_string(),
            rules: RulesEdition::Classic1994.into(),
            players,
            lives,
            placements: vec![TilePlacement {
                tile: id,
                at: Square::new(0, 0),
                rotation: Rotation::R0,
            }],
            embedded: vec![self.tile.clone()],
            flags: self
                .flags
                .iter()
                .map(|(&number, &at)| Flag { number, at })
                .collect(),
            start,
        }
    }

    /// A course property the map gives but the import cannot use is reported, never dropped
    /// silently (docs/tiled.md): a number of players out of 1 to 8, lives or a start that do
    /// not read, a name that is not text. The course then takes the default the docs give.
    fn check_course_properties(&mut self, props: &Props) {
        for key in ["name", "description", "author"] {
            if let Some(p) = props.get(key)
                && !matches!(p, Prop::Text(_))
            {
                self.property_note(format!(
                    "the map's {key} property is {}, not text: ignored",
                    shown(p)
                ));
            }
        }
        for key in ["players_min", "players_max"] {
            if let Some(p) = props.get(key)
                && !get_int(props, key).is_some_and(|n| (1..=8).contains(&n))
            {
                self.property_note(format!(
                    "the map's {key} property is {}: a course is for 1 to 8 players; ignored",
                    shown(p)
                ));
            }
        }
        if let Some(p) = props.get("lives")
            && get_text(props, "lives").and_then(parse_lives).is_none()
        {
            self.property_note(format!(
                "the map's lives property is {}: it is standard, optional or fixed N (N from 1 to 9); the standard rule is used",
                shown(p)
            ));
        }
        if let Some(p) = props.get("start")
            && get_text(props, "start").and_then(parse_start).is_none()
        {
            self.property_note(format!(
                "the map's start property is {}: it is numbered or archive X Y; ignored",
                shown(p)
            ));
        }
    }

    fn property_note(&mut self, why: String) {
        self.note(Note {
            layer: String::new(),
            at: None,
            gid: None,
            what: "course".to_string(),
            why,
        });
    }
}

/// A property's value as the map gives it, for a note: text in quotes, cut and escaped as every
/// value from a file is (`format::error::shown`), numbers and truth values as they are.
fn shown(p: &Prop) -> String {
    match p {
        Prop::Bool(b) => b.to_string(),
        Prop::Int(n) => n.to_string(),
        Prop::Float(f) => f.to_string(),
        Prop::Text(t) => format!("\"{}\"", crate::format::error::shown(t)),
    }
}
