//! Turns a read Tiled map into a course: each tile of each layer becomes an element on a square or
//! an edge, by its class and properties (the typed-property convention) or by its layer's name and
//! its tile id (the one-layer-per-element convention). What cannot be mapped becomes a `Note`.

use super::read::{Prop, Props, RawMap, RawTile};
use super::{Note, Orient, TypedElement};
use crate::geom::{Facing, Rotation, Sides, Square};
use crate::model::course::MAX_FLAG;
use crate::model::{
    Barrier, Beams, Board, Colour, Course, Device, EdgeSpec, Flag, Floor, Flow, FlowKind, Level,
    LivesRule, Mount, Phases, PlayerRange, RulesEdition, Spin, SquareSpec, StartNumber, StartRule,
    StartSquare, Tile, TilePlacement, Wrenches,
};
use std::collections::{BTreeMap, BTreeSet};

/// Where a map element came from, for notes.
struct Ctx<'a> {
    layer: &'a str,
    at: Square,
    gid: u32,
    class: &'a str,
}

impl Ctx<'_> {
    fn note(&self, why: impl Into<String>) -> Note {
        Note {
            layer: self.layer.to_string(),
            at: Some(self.at),
            gid: Some(self.gid),
            what: self.class.to_string(),
            why: why.into(),
        }
    }
}

/// A laser beam square as the map draws it (roboprojekt draws every square of a beam).
struct DrawnBeam {
    at: Square,
    horizontal: bool,
    layer: String,
    gid: u32,
}

struct Importer {
    tile: Tile,
    flags: BTreeMap<u32, Square>,
    notes: Vec<Note>,
    beams: Vec<DrawnBeam>,
}

/// The course a map becomes, with everything that could not be mapped.
pub fn import_map(map: &RawMap, stem: &str) -> (Course, Vec<Note>) {
    let id = tile_id(stem);
    let mut imp = Importer {
        tile: Tile::new(id.clone(), map.width, map.height),
        flags: BTreeMap::new(),
        notes: Vec::new(),
        beams: Vec::new(),
    };
    for layer in &map.layers {
        let by_name = LayerKind::from_name(&layer.name);
        for (i, &raw) in layer.gids.iter().enumerate() {
            if raw & 0x0fff_ffff == 0 {
                continue;
            }
            let at = Square::new(i as i32 % map.width, i as i32 / map.width);
            let orient = Orient::from_gid(raw);
            let gid = raw & 0x0fff_ffff;
            let tile = map
                .tilesets
                .iter()
                .filter(|t| t.firstgid <= gid)
                .max_by_key(|t| t.firstgid)
                .map(|t| (gid - t.firstgid, t.tiles.get(&(gid - t.firstgid))));
            let ctx = Ctx {
                layer: &layer.name,
                at,
                gid,
                class: "",
            };
            let Some((local, info)) = tile else {
                imp.notes
                    .push(ctx.note("this tile id belongs to no tileset of the map"));
                continue;
            };
            let typed = info.filter(|t| !t.class.trim().is_empty());
            let element = match (typed, by_name) {
                (Some(t), _) => TypedElement::from(t),
                (None, Some(kind)) => match kind.element(local) {
                    Some(t) => t,
                    None => {
                        imp.notes.push(ctx.note(format!(
                            "tile id {local} is not in the id table of a \"{}\" layer (docs/tiled.md)",
                            layer.name
                        )));
                        continue;
                    }
                },
                (None, None) => {
                    imp.notes.push(ctx.note(
                        "the tile has no class (type) and the layer's name is not an element name: nothing says what it is",
                    ));
                    continue;
                }
            };
            let ctx = Ctx {
                class: &element.class,
                ..ctx
            };
            imp.element(&ctx, orient, &element);
        }
    }
    for obj in &map.objects {
        let at = Square::new(
            (obj.x / map.tile_width.max(1.0)).floor() as i32,
            (obj.y / map.tile_height.max(1.0)).floor() as i32,
        );
        imp.notes.push(Note {
            layer: obj.layer.clone(),
            at: Some(at),
            gid: None,
            what: format!("object \"{}\" {}", obj.name, obj.class),
            why: "objects are not part of either map convention; only tile layers are imported"
                .to_string(),
        });
    }
    for name in &map.skipped_layers {
        imp.notes.push(Note {
            layer: name.clone(),
            at: None,
            gid: None,
            what: "image layer".to_string(),
            why: "a picture, not squares: not imported".to_string(),
        });
    }
    imp.check_beams();
    imp.turn_starts_inwards();
    let course = imp.course(map, stem, id);
    (course, imp.notes)
}

/// A tile id from a file name: lower-case letters, digits and dashes.
fn tile_id(stem: &str) -> String {
    let mut id = String::new();
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            id.push(c);
        } else if !id.ends_with('-') && !id.is_empty() {
            id.push('-');
        }
    }
    let id: String = id.trim_end_matches('-').chars().take(64).collect();
    let id = id.trim_end_matches('-').to_string();
    if id.is_empty() {
        "imported".to_string()
    } else {
        id
    }
}

fn get_bool(p: &Props, key: &str) -> Option<bool> {
    match p.get(key)? {
        Prop::Bool(b) => Some(*b),
        Prop::Int(n) => Some(*n != 0),
        Prop::Text(t) => t.trim().parse().ok(),
        Prop::Float(_) => None,
    }
}

fn get_int(p: &Props, key: &str) -> Option<i64> {
    match p.get(key)? {
        Prop::Int(n) => Some(*n),
        Prop::Float(f) if f.fract() == 0.0 && f.abs() < 1e9 => Some(*f as i64),
        Prop::Text(t) => t.trim().parse().ok(),
        _ => None,
    }
}

fn get_text<'a>(p: &'a Props, key: &str) -> Option<&'a str> {
    match p.get(key)? {
        Prop::Text(t) => Some(t.trim()),
        _ => None,
    }
}

/// "1 3 5" or "1,3,5" as phases.
fn parse_phases(text: &str) -> Option<Phases> {
    let mut phases = Phases::NONE;
    for part in text.split([',', ' ']).filter(|s| !s.is_empty()) {
        let p: u8 = part.parse().ok()?;
        if !(1..=5).contains(&p) {
            return None;
        }
        phases = phases.with(p);
    }
    (!phases.is_empty()).then_some(phases)
}

fn parse_sides(text: &str) -> Option<Sides> {
    let mut sides = Sides::NONE;
    for part in text.split([',', ' ']).filter(|s| !s.is_empty()) {
        let f = match part {
            "N" => Facing::N,
            "E" => Facing::E,
            "S" => Facing::S,
            "W" => Facing::W,
            _ => return None,
        };
        sides = sides.with(f);
    }
    Some(sides)
}

fn parse_colour(text: &str) -> Option<Colour> {
    Colour::ALL.into_iter().find(|c| c.name() == text)
}

/// The phases of a phased element: our `phases` property, or roboprojekt's pusher `register`
/// (1: odd registers 1, 3, 5; 0: even registers 2, 4).
fn phases_of(p: &Props) -> Result<Phases, String> {
    if let Some(text) = get_text(p, "phases") {
        return parse_phases(text)
            .ok_or_else(|| format!("phases \"{text}\" are not register numbers 1 to 5"));
    }
    match get_int(p, "register") {
        Some(1) => Ok(Phases::from_list(&[1, 3, 5]).unwrap_or(Phases::ALL)),
        Some(0) => Ok(Phases::from_list(&[2, 4]).unwrap_or(Phases::ALL)),
        Some(n) => Err(format!(
            "register {n}: a pusher's register is 1 (odd registers) or 0 (even registers)"
        )),
        None => Err("neither \"phases\" nor \"register\" says when it is active".to_string()),
    }
}

/// A roboprojekt angle (degrees clockwise, negative for counter-clockwise) as a rotation.
fn angle(deg: i64) -> Option<Rotation> {
    Rotation::from_degrees(deg.rem_euclid(360)).filter(|_| deg % 90 == 0)
}

impl Importer {
    fn element(&mut self, ctx: &Ctx, o: Orient, e: &TypedElement) {
        let p = &e.props;
        let class = e.class.trim().to_ascii_lowercase();
        let north = o.face(Facing::N);
        match class.as_str() {
            "ground" | "floor" => {}
            "hole" | "pit" => self.floor(ctx, Floor::Pit),
            "drain" => self.floor(ctx, Floor::Drain),
            "radioactive_drain" => self.floor(ctx, Floor::RadioactiveDrain),
            "water" => self.floor(ctx, Floor::Water),
            "slime" => self.floor(ctx, Floor::Slime),
            "oil_slick" => self.floor(ctx, Floor::OilSlick),
            "lava_pit" | "trap_door" => match phases_of(p) {
                Ok(ph) if class == "lava_pit" => self.floor(ctx, Floor::LavaPit(ph)),
                Ok(ph) => self.floor(ctx, Floor::TrapDoor(ph)),
                Err(m) => self.notes.push(ctx.note(m)),
            },
            "upper_level" => {
                if let Some(spec) = self.tile.square_mut(ctx.at) {
                    spec.level = Level::Upper;
                }
            }
            "belt" => match belt(p, o) {
                Ok(flow) => self.put(ctx, "a flow", |s| &mut s.flow, flow),
                Err(m) => self.notes.push(ctx.note(m)),
            },
            "gear" => {
                let spin = match get_int(p, "move_direction") {
                    Some(90) => Some(Spin::Cw),
                    Some(-90) | Some(270) => Some(Spin::Ccw),
                    _ => match get_text(p, "spin") {
                        Some("cw") => Some(Spin::Cw),
                        Some("ccw") => Some(Spin::Ccw),
                        _ => None,
                    },
                };
                match spin {
                    // A mirrored picture of a gear turns the other way.
                    Some(s) if o.mirrored() => {
                        let other = if s == Spin::Cw { Spin::Ccw } else { Spin::Cw };
                        self.put(ctx, "a gear", |s| &mut s.gear, other);
                    }
                    Some(s) => self.put(ctx, "a gear", |s| &mut s.gear, s),
                    None => self.notes.push(ctx.note(
                        "a gear needs \"move_direction\" 90 (clockwise) or -90 (counter-clockwise)",
                    )),
                }
            }
            "crusher" => match phases_of(p) {
                Ok(ph) => self.put(ctx, "a crusher", |s| &mut s.crusher, ph),
                Err(m) => self.notes.push(ctx.note(m)),
            },
            "repair" => {
                let n = get_int(p, "wrenches").unwrap_or(1);
                match u8::try_from(n).ok().and_then(Wrenches::new) {
                    Some(w) => self.put(ctx, "a repair site", |s| &mut s.repair, w),
                    None => self
                        .notes
                        .push(ctx.note(format!("{n} wrenches: a repair site has 1 or 2"))),
                }
            }
            "start" => {
                let n = get_int(p, "number").unwrap_or(0);
                match u8::try_from(n).ok().and_then(StartNumber::new) {
                    Some(number) => self.put(
                        ctx,
                        "a start square",
                        |s| &mut s.start,
                        StartSquare {
                            number,
                            facing: north,
                        },
                    ),
                    None => self.notes.push(ctx.note(format!(
                        "start number {n}: start squares are numbered 1 to 8"
                    ))),
                }
            }
            "flag" => {
                let n = get_int(p, "number").unwrap_or(0);
                match u32::try_from(n).ok().filter(|n| (1..=MAX_FLAG).contains(n)) {
                    Some(n) => {
                        if let Some(first) = self.flags.get(&n) {
                            self.notes.push(ctx.note(format!(
                                "flag {n} is already on {first}: kept that one"
                            )));
                        } else {
                            self.flags.insert(n, ctx.at);
                        }
                    }
                    None => self.notes.push(ctx.note(format!(
                        "flag number {n}: flags are numbered 1 to {MAX_FLAG}"
                    ))),
                }
            }
            "wall" => {
                let barrier = match get_text(p, "wall").unwrap_or("plain") {
                    "plain" => Some(Barrier::Plain),
                    "one_way" => Some(Barrier::OneWay),
                    "spiked" => Some(Barrier::Spiked),
                    "ledge" => Some(Barrier::Ledge),
                    "gate" => get_text(p, "colour").and_then(parse_colour).map(Barrier::Gate),
                    _ => None,
                };
                match barrier {
                    Some(b) => self.barrier(ctx, north, b),
                    None => self.notes.push(ctx.note(
                        "\"wall\" is not plain, one_way, spiked, ledge or gate (a gate needs a \"colour\")",
                    )),
                }
            }
            "laser" => {
                let n = get_int(p, "laser_strength").unwrap_or(1);
                let Some(beams) = u8::try_from(n).ok().and_then(Beams::new) else {
                    self.notes
                        .push(ctx.note(format!("laser strength {n}: a board laser has 1 to 3 beams")));
                    return;
                };
                // The picture fires north: a start tile's emitter is on the south side.
                if get_bool(p, "start").unwrap_or(true) {
                    self.mount(ctx, o.face(Facing::S), Mount::Laser(beams));
                } else {
                    self.beams.push(DrawnBeam {
                        at: ctx.at,
                        horizontal: matches!(north, Facing::E | Facing::W),
                        layer: ctx.layer.to_string(),
                        gid: ctx.gid,
                    });
                }
            }
            "pusher" | "flamer" | "repulsor" => match phases_of(p) {
                Ok(ph) => {
                    let m = match class.as_str() {
                        "pusher" => Mount::Pusher(ph),
                        "flamer" => Mount::Flamer(ph),
                        _ => Mount::Repulsor(ph),
                    };
                    self.mount(ctx, north, m);
                }
                Err(m) => self.notes.push(ctx.note(m)),
            },
            "randomizer" => self.device(ctx, Device::Randomizer),
            "teleporter" => self.device(ctx, Device::Teleporter),
            "ramp" => self.device(ctx, Device::Ramp(north)),
            "portal" => match get_text(p, "colour").and_then(parse_colour) {
                Some(c) => self.device(ctx, Device::Portal(c)),
                None => self.notes.push(ctx.note("a portal needs a \"colour\"")),
            },
            "repulsor_field" => self.device(ctx, Device::RepulsorField),
            "chop_shop" => self.device(ctx, Device::ChopShop),
            "radiation" => self.device(ctx, Device::Radiation),
            "radioactive_waste" => self.device(ctx, Device::RadioactiveWaste),
            "maglock" => match phases_of(p) {
                Ok(ph) => self.device(ctx, Device::Maglock(ph)),
                Err(m) => self.notes.push(ctx.note(m)),
            },
            "repeater" => self.device(ctx, Device::Repeater),
            "freak_teleporter" => self.device(ctx, Device::FreakTeleporter),
            "stop" => self.notes.push(ctx.note(
                "a roboprojekt stop marker (where its tests expect a robot to end): no board element",
            )),
            _ => self
                .notes
                .push(ctx.note("not an element factory-floor knows (docs/tiled.md lists them)")),
        }
    }

    fn floor(&mut self, ctx: &Ctx, floor: Floor) {
        self.put(ctx, "a floor", |s| &mut s.floor, floor);
    }

    fn device(&mut self, ctx: &Ctx, device: Device) {
        self.put(ctx, "a device", |s| &mut s.device, device);
    }

    /// Puts `value` in one slot of a square, unless the slot is taken or the square's sharing rule
    /// refuses it: then the first element drawn (lower layer) stays and this one is noted.
    fn put<T: Copy + PartialEq>(
        &mut self,
        ctx: &Ctx,
        what: &str,
        slot: fn(&mut SquareSpec) -> &mut Option<T>,
        value: T,
    ) {
        let Some(spec) = self.tile.square(ctx.at).copied() else {
            return;
        };
        let mut new = spec;
        let held = slot(&mut new);
        match *held {
            Some(v) if v == value => return,
            Some(_) => {
                self.notes.push(ctx.note(format!(
                    "the square already holds {what} from a lower layer: kept that one"
                )));
                return;
            }
            None => *held = Some(value),
        }
        if let Some(problem) = new.sharing_problem() {
            self.notes.push(ctx.note(format!(
                "dropped: {problem} (the lower layer's element is kept)"
            )));
            return;
        }
        self.tile.set_square(ctx.at, new);
    }

    fn barrier(&mut self, ctx: &Ctx, side: Facing, barrier: Barrier) {
        if let Some((b, anchor)) = self.tile.barrier(ctx.at, side) {
            // The same wall drawn from both squares is one wall.
            if b != barrier || (b != Barrier::Plain && anchor != ctx.at) {
                self.notes.push(ctx.note(format!(
                    "the {side} edge already has another wall, drawn from {anchor}: kept that one"
                )));
            }
            return;
        }
        let mut edge = self.tile.edge(ctx.at, side);
        edge.barrier = Some(barrier);
        self.tile.set_edge(ctx.at, side, edge);
    }

    fn mount(&mut self, ctx: &Ctx, side: Facing, mount: Mount) {
        let mut edge: EdgeSpec = self.tile.edge(ctx.at, side);
        match edge.mount {
            Some(m) if m == mount => {}
            Some(_) => self.notes.push(ctx.note(format!(
                "the {side} side already carries another mount: kept that one"
            ))),
            None => {
                edge.mount = Some(mount);
                self.tile.set_edge(ctx.at, side, edge);
            }
        }
    }

    /// Compares the beams the map draws with the beams factory-floor traces from each emitter
    /// (until a wall or the board's edge): where they differ, a robot is shot differently.
    fn check_beams(&mut self) {
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
        for b in &self.beams {
            if !traced.contains(&(b.at, b.horizontal)) {
                self.notes.push(Note {
                    layer: b.layer.clone(),
                    at: Some(b.at),
                    gid: Some(b.gid),
                    what: "laser".to_string(),
                    why: "a drawn beam square that no emitter reaches: factory-floor traces beams from their emitter until a wall, so no beam crosses here".to_string(),
                });
            }
        }
        for (s, horizontal, mount) in emitters {
            if !drawn.contains(&(s, horizontal)) {
                self.notes.push(Note {
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
    fn turn_starts_inwards(&mut self) {
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
            self.notes.push(Note {
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

    fn course(&mut self, map: &RawMap, stem: &str, id: String) -> Course {
        let props = &map.properties;
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
        let given_start = get_text(props, "start").and_then(parse_start);
        let start = match given_start {
            Some(s) => s,
            None if start_count > 0 => StartRule::Numbered,
            None => match first_repair {
                Some(s) => StartRule::Archive(s),
                None => {
                    self.notes.push(Note {
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
            rules: RulesEdition::Classic1994,
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
}

/// "numbered" or "archive X Y".
fn parse_start(text: &str) -> Option<StartRule> {
    let mut parts = text.split([' ', ',']).filter(|s| !s.is_empty());
    match parts.next()? {
        "numbered" => Some(StartRule::Numbered),
        "archive" => {
            let x = parts.next()?.parse().ok()?;
            let y = parts.next()?.parse().ok()?;
            Some(StartRule::Archive(Square::new(x, y)))
        }
        _ => None,
    }
}

/// "standard", "optional" or "fixed N".
fn parse_lives(text: &str) -> Option<LivesRule> {
    let mut parts = text.split(' ').filter(|s| !s.is_empty());
    match parts.next()? {
        "standard" => Some(LivesRule::Standard),
        "optional" => Some(LivesRule::Optional),
        "fixed" => {
            let n: u8 = parts.next()?.parse().ok()?;
            (1..=9).contains(&n).then_some(LivesRule::Fixed(n))
        }
        _ => None,
    }
}

/// A belt square from its properties. roboprojekt's belt picture runs north: `direction_out`
/// turns the exit (90 right, -90 left), and a `crossroad` adds an entry from behind the exit
/// (a merge), or both side entries when the exit is 180 (a T-merge). Our `flow_kind` names gold
/// belts, currents and rivers, and `entries` lists the picture's entries when they are none of these.
fn belt(p: &Props, o: Orient) -> Result<Flow, String> {
    let kind = match get_text(p, "flow_kind") {
        Some(k) => FlowKind::ALL
            .into_iter()
            .find(|f| flow_kind_name(*f) == k)
            .ok_or_else(|| {
                format!("flow_kind \"{k}\" is not belt, express, gold, current or river")
            })?,
        None if get_bool(p, "express").unwrap_or(false) => FlowKind::Express,
        None => FlowKind::Belt,
    };
    let deg = get_int(p, "direction_out").unwrap_or(0);
    let turn = angle(deg).ok_or_else(|| {
        format!("direction_out {deg}: a belt's exit turns by 0, 90, -90 or 180 degrees")
    })?;
    let out = Facing::N.rotated(turn);
    let crossroad = get_bool(p, "crossroad").unwrap_or(false);
    let mut entries = Sides::of(Facing::S);
    if crossroad {
        entries = match turn {
            Rotation::R180 => Sides::of(Facing::W).with(Facing::E),
            Rotation::R0 => entries,
            _ => entries.with(out.opposite()),
        };
    }
    if let Some(text) = get_text(p, "entries") {
        entries = parse_sides(text)
            .ok_or_else(|| format!("entries \"{text}\" are not sides N, E, S, W"))?;
    }
    Ok(Flow {
        kind,
        out: o.face(out),
        entries: entries.mirrored(|f| o.face(f)),
    })
}

pub(super) fn flow_kind_name(k: FlowKind) -> &'static str {
    match k {
        FlowKind::Belt => "belt",
        FlowKind::Express => "express",
        FlowKind::Gold => "gold",
        FlowKind::Current => "current",
        FlowKind::River => "river",
    }
}

/// The one-layer-per-element convention: what a layer's name says its tiles are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerKind {
    Floor,
    Hole,
    Wall,
    Laser,
    Conveyor,
    FastConveyor,
    Pusher,
    Gear,
    Repair,
    Flag,
    Start,
}

impl LayerKind {
    /// Layer names are compared in lower case with spaces, dashes and underscores removed.
    pub fn from_name(name: &str) -> Option<LayerKind> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        Some(match key.as_str() {
            "floor" | "ground" | "board" | "background" => LayerKind::Floor,
            "hole" | "holes" | "pit" | "pits" => LayerKind::Hole,
            "wall" | "walls" => LayerKind::Wall,
            "laser" | "lasers" => LayerKind::Laser,
            "conveyor" | "conveyors" | "conveyorbelt" | "conveyorbelts" | "belt" | "belts" => {
                LayerKind::Conveyor
            }
            "fastconveyorbelt"
            | "fastconveyorbelts"
            | "fastconveyor"
            | "expressconveyor"
            | "expressconveyorbelt"
            | "expressbelt"
            | "expressbelts" => LayerKind::FastConveyor,
            "pusher" | "pushers" => LayerKind::Pusher,
            "gear" | "gears" | "rotator" | "rotators" => LayerKind::Gear,
            "repair" | "repairs" | "repairsite" | "repairsites" | "wrench" | "wrenches" => {
                LayerKind::Repair
            }
            "flag" | "flags" | "checkpoint" | "checkpoints" => LayerKind::Flag,
            "startpositions" | "startposition" | "start" | "starts" | "spawn" | "spawns" => {
                LayerKind::Start
            }
            _ => return None,
        })
    }

    /// The id table (docs/tiled.md): a tile's id within its tileset picks the variant; every
    /// picture is drawn facing north and turned by the flip bits like any other tile.
    pub fn element(self, id: u32) -> Option<TypedElement> {
        let e = |class: &str, props: Vec<(&str, Prop)>| {
            Some(TypedElement {
                class: class.to_string(),
                props: props.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            })
        };
        let belt = |express: bool| -> Option<TypedElement> {
            let (turn, crossroad) = match id {
                0 => (0, false),
                1 => (90, false),
                2 => (-90, false),
                3 => (90, true),
                4 => (-90, true),
                5 => (180, true),
                _ => return None,
            };
            e(
                "belt",
                vec![
                    ("express", Prop::Bool(express)),
                    ("direction_out", Prop::Int(turn)),
                    ("crossroad", Prop::Bool(crossroad)),
                ],
            )
        };
        match self {
            LayerKind::Floor => e("ground", vec![]),
            LayerKind::Hole => e("hole", vec![]),
            LayerKind::Wall if id == 0 => e("wall", vec![]),
            LayerKind::Laser if id < 6 => e(
                "laser",
                vec![
                    ("laser_strength", Prop::Int(i64::from(id % 3) + 1)),
                    ("start", Prop::Bool(id < 3)),
                ],
            ),
            LayerKind::Conveyor => belt(false),
            LayerKind::FastConveyor => belt(true),
            LayerKind::Pusher if id < 2 => {
                e("pusher", vec![("register", Prop::Int(1 - i64::from(id)))])
            }
            LayerKind::Gear if id < 2 => e(
                "gear",
                vec![("move_direction", Prop::Int(if id == 0 { 90 } else { -90 }))],
            ),
            LayerKind::Repair if id < 2 => {
                e("repair", vec![("wrenches", Prop::Int(i64::from(id) + 1))])
            }
            LayerKind::Flag if id < MAX_FLAG => {
                e("flag", vec![("number", Prop::Int(i64::from(id) + 1))])
            }
            LayerKind::Start if id < 8 => {
                e("start", vec![("number", Prop::Int(i64::from(id) + 1))])
            }
            _ => None,
        }
    }
}

impl From<&RawTile> for TypedElement {
    fn from(t: &RawTile) -> TypedElement {
        TypedElement {
            class: t.class.clone(),
            props: t.props.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_ids_come_from_file_names() {
        assert_eq!(tile_id("belt_map"), "belt-map");
        assert_eq!(tile_id("  Über Map 2 "), "ber-map-2");
        assert_eq!(tile_id("___"), "imported");
    }

    #[test]
    fn layer_names_ignore_case_and_separators() {
        assert_eq!(
            LayerKind::from_name("Fast Conveyor_Belt"),
            Some(LayerKind::FastConveyor)
        );
        assert_eq!(
            LayerKind::from_name("StartPositions"),
            Some(LayerKind::Start)
        );
        assert_eq!(LayerKind::from_name("Vrstva dlaždic 1"), None);
    }
}
