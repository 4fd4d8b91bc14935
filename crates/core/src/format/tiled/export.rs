//! Writes a course as a Tiled JSON map in the typed-property convention: a layer per kind of thing
//! and an embedded tileset of one north-facing tile per distinct element, turned by flip bits.

use super::props::flow_kind_name;
use super::read::{Prop, Props};
use super::typed::{Orient, TypedElement};
use crate::geom::{Facing, Sides, Square};
use crate::model::{
    Barrier, CompileProblem, Course, Device, Floor, Flow, FlowKind, FlowShape, LivesRule, Mount,
    Phases, Spin, StartRule, TileSource,
};
use serde_json::{Value, json};

/// The pixel size of a square in the written map.
const SQUARE_PIXELS: u32 = 64;

struct Tileset(Vec<TypedElement>);

impl Tileset {
    /// The global id of the tile with this class and these properties, added if new.
    fn gid(&mut self, class: &str, props: Vec<(&str, Prop)>) -> u32 {
        let element = TypedElement {
            class: class.to_string(),
            props: props
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect::<Props>(),
        };
        let index = match self.0.iter().position(|e| *e == element) {
            Some(i) => i,
            None => {
                self.0.push(element);
                self.0.len() - 1
            }
        };
        index as u32 + 1
    }
}

/// Tile layers by name, in the order they were first used; a square that is taken on a layer
/// goes to the next layer of the same name ("flags 2").
struct Layers {
    size: usize,
    list: Vec<(String, Vec<u32>)>,
}

impl Layers {
    fn put(&mut self, name: &str, index: usize, gid: u32) {
        let mut n = 1;
        loop {
            let full = if n == 1 {
                name.to_string()
            } else {
                format!("{name} {n}")
            };
            match self.list.iter_mut().find(|(l, _)| *l == full) {
                Some((_, data)) if data[index] == 0 => {
                    data[index] = gid;
                    return;
                }
                Some(_) => n += 1,
                None => {
                    let mut data = vec![0; self.size];
                    data[index] = gid;
                    self.list.push((full, data));
                    return;
                }
            }
        }
    }
}

fn phases_text(p: Phases) -> Prop {
    Prop::Text(p.label())
}

fn sides_text(s: Sides) -> Prop {
    Prop::Text(
        s.iter()
            .map(|f| format!("{f:?}"))
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// The quarter turn that takes north to `f`, undone: where `f` is in the north-facing picture.
fn unturn(f: Facing, by: Facing) -> Facing {
    Facing::from_index(f.index() + 4 - by.index())
}

/// A flow as a roboprojekt belt tile: the direction robots enter it straight (`D`, the flip bits),
/// `direction_out` and `crossroad`. Entries no roboprojekt belt has are added as `entries`.
fn belt_tile(flow: Flow) -> (Vec<(&'static str, Prop)>, Facing) {
    let out = flow.out;
    let (dir, turn, crossroad) = match flow.shape() {
        FlowShape::Straight if flow.entries == Sides::of(out.opposite()) => (out, 0, false),
        FlowShape::Turn(t) => {
            let right = t == crate::geom::Turn::Right;
            let dir = if right { out.left() } else { out.right() };
            (dir, if right { 90 } else { -90 }, false)
        }
        FlowShape::Merge => {
            let right = flow.entries.contains(out.right());
            let dir = if right { out.left() } else { out.right() };
            (dir, if right { 90 } else { -90 }, true)
        }
        FlowShape::TMerge if !flow.entries.contains(out.opposite()) => (out.opposite(), 180, true),
        _ => (out, 0, false),
    };
    let mut props = vec![
        (
            "express",
            Prop::Bool(matches!(flow.kind, FlowKind::Express | FlowKind::Gold)),
        ),
        ("direction_out", Prop::Int(turn)),
        ("crossroad", Prop::Bool(crossroad)),
    ];
    if !matches!(flow.kind, FlowKind::Belt | FlowKind::Express) {
        props.push((
            "flow_kind",
            Prop::Text(flow_kind_name(flow.kind).to_string()),
        ));
    }
    // Shapes roboprojekt has no picture for: a belt fed from nowhere, or from behind and both sides.
    let standard = match (turn, crossroad) {
        (0, false) => flow.entries == Sides::of(out.opposite()),
        _ => true,
    };
    if !standard {
        let base: Sides = flow.entries.iter().map(|f| unturn(f, dir)).collect();
        props.push(("entries", sides_text(base)));
    }
    (props, dir)
}

/// The course as the text of a Tiled JSON map. Fails only when the course names a tile that is
/// neither embedded nor in `library`, or places none.
pub fn export_course(course: &Course, library: &dyn TileSource) -> Result<String, String> {
    let board = course.compile(library);
    if let Some(p) = board
        .problems
        .iter()
        .find(|p| matches!(p, CompileProblem::UnknownTile { .. }))
    {
        return Err(p.message());
    }
    let (w, h) = (board.width(), board.height());
    if w <= 0 || h <= 0 {
        return Err("the course places no tiles: there is no board to export".to_string());
    }
    let size = (w * h) as usize;
    let mut set = Tileset(Vec::new());
    let mut layers = Layers {
        size,
        list: Vec::new(),
    };
    for name in [
        "ground",
        "floor",
        "level",
        "belts",
        "squares",
        "crushers",
        "walls N",
        "walls E",
        "walls S",
        "walls W",
        "mounts N",
        "mounts E",
        "mounts S",
        "mounts W",
        "laser beams",
        "flags",
    ] {
        layers.list.push((name.to_string(), vec![0; size]));
    }
    let index = |s: Square| (s.y * w + s.x) as usize;
    for s in board.all_squares() {
        let i = index(s);
        let Some(q) = board.square(s) else {
            // Off the board is a pit (RULINGS.md): a hole keeps that on the way back.
            let gid = set.gid("hole", vec![]);
            layers.put("ground", i, gid);
            continue;
        };
        let ground = set.gid("ground", vec![]);
        layers.put("ground", i, ground);
        let spec = q.spec;
        if let Some(floor) = spec.floor {
            let gid = match floor {
                Floor::Pit => set.gid("hole", vec![]),
                Floor::Drain => set.gid("drain", vec![]),
                Floor::RadioactiveDrain => set.gid("radioactive_drain", vec![]),
                Floor::Water => set.gid("water", vec![]),
                Floor::Slime => set.gid("slime", vec![]),
                Floor::OilSlick => set.gid("oil_slick", vec![]),
                Floor::LavaPit(p) => set.gid("lava_pit", vec![("phases", phases_text(p))]),
                Floor::TrapDoor(p) => set.gid("trap_door", vec![("phases", phases_text(p))]),
            };
            layers.put("floor", i, gid);
        }
        if !spec.level.is_lower() {
            let gid = set.gid("upper_level", vec![]);
            layers.put("level", i, gid);
        }
        if let Some(flow) = spec.flow {
            let (props, dir) = belt_tile(flow);
            let gid = set.gid("belt", props);
            layers.put("belts", i, gid | Orient::bits_for(dir));
        }
        if let Some(spin) = spec.gear {
            let deg = if spin == Spin::Cw { 90 } else { -90 };
            let gid = set.gid("gear", vec![("move_direction", Prop::Int(deg))]);
            layers.put("squares", i, gid);
        }
        if let Some(w) = spec.repair {
            let gid = set.gid(
                "repair",
                vec![
                    ("new_start", Prop::Bool(true)),
                    ("wrenches", Prop::Int(i64::from(w.get()))),
                ],
            );
            layers.put("squares", i, gid);
        }
        if let Some(st) = spec.start {
            let gid = set.gid(
                "start",
                vec![("number", Prop::Int(i64::from(st.number.get())))],
            );
            layers.put("squares", i, gid | Orient::bits_for(st.facing));
        }
        if let Some(device) = spec.device {
            let (gid, facing) = match device {
                Device::Randomizer => (set.gid("randomizer", vec![]), Facing::N),
                Device::Teleporter => (set.gid("teleporter", vec![]), Facing::N),
                Device::Ramp(up) => (set.gid("ramp", vec![]), up),
                Device::Portal(c) => (
                    set.gid("portal", vec![("colour", Prop::Text(c.name().to_string()))]),
                    Facing::N,
                ),
                Device::RepulsorField => (set.gid("repulsor_field", vec![]), Facing::N),
                Device::ChopShop => (set.gid("chop_shop", vec![]), Facing::N),
                Device::Radiation => (set.gid("radiation", vec![]), Facing::N),
                Device::RadioactiveWaste => (set.gid("radioactive_waste", vec![]), Facing::N),
                Device::Maglock(p) => (
                    set.gid("maglock", vec![("phases", phases_text(p))]),
                    Facing::N,
                ),
                Device::Repeater => (set.gid("repeater", vec![]), Facing::N),
                Device::FreakTeleporter => (set.gid("freak_teleporter", vec![]), Facing::N),
            };
            layers.put("squares", i, gid | Orient::bits_for(facing));
        }
        if let Some(p) = spec.crusher {
            let gid = set.gid("crusher", vec![("phases", phases_text(p))]);
            layers.put("crushers", i, gid);
        }
        for side in Facing::ALL {
            if let Some(b) = board.barrier(s, side).filter(|b| b.anchored_here) {
                let props = match b.barrier {
                    Barrier::Plain => vec![],
                    Barrier::OneWay => vec![("wall", Prop::Text("one_way".to_string()))],
                    Barrier::Spiked => vec![("wall", Prop::Text("spiked".to_string()))],
                    Barrier::Ledge => vec![("wall", Prop::Text("ledge".to_string()))],
                    Barrier::Gate(c) => vec![
                        ("wall", Prop::Text("gate".to_string())),
                        ("colour", Prop::Text(c.name().to_string())),
                    ],
                };
                let gid = set.gid("wall", props);
                layers.put(&format!("walls {side:?}"), i, gid | Orient::bits_for(side));
            }
            if let Some(m) = board.mount(s, side) {
                let phased = |class: &str, p: Phases, set: &mut Tileset| {
                    let mut props = vec![("phases", phases_text(p))];
                    // roboprojekt's pushers know odd (1) and even (0) registers only.
                    if class == "pusher" {
                        if Some(p) == Phases::from_list(&[1, 3, 5]) {
                            props.push(("register", Prop::Int(1)));
                        } else if Some(p) == Phases::from_list(&[2, 4]) {
                            props.push(("register", Prop::Int(0)));
                        }
                    }
                    set.gid(class, props)
                };
                let (gid, facing) = match m {
                    // The laser picture fires north, its emitter on the south side.
                    Mount::Laser(n) => (
                        set.gid(
                            "laser",
                            vec![
                                ("laser_strength", Prop::Int(i64::from(n.get()))),
                                ("start", Prop::Bool(true)),
                            ],
                        ),
                        side.opposite(),
                    ),
                    Mount::Pusher(p) => (phased("pusher", p, &mut set), side),
                    Mount::Flamer(p) => (phased("flamer", p, &mut set), side),
                    Mount::Repulsor(p) => (phased("repulsor", p, &mut set), side),
                };
                layers.put(
                    &format!("mounts {side:?}"),
                    i,
                    gid | Orient::bits_for(facing),
                );
            }
        }
    }
    // roboprojekt shoots robots on drawn beam squares: draw every square a beam crosses.
    for beam in board.laser_beams() {
        let gid = set.gid(
            "laser",
            vec![
                ("laser_strength", Prop::Int(i64::from(beam.beams))),
                ("start", Prop::Bool(false)),
            ],
        );
        for &s in beam.squares.iter().skip(1) {
            layers.put(
                "laser beams",
                index(s),
                gid | Orient::bits_for(beam.direction),
            );
        }
    }
    for &(number, at) in &board.flags {
        if board.in_bounds(at) {
            let gid = set.gid("flag", vec![("number", Prop::Int(i64::from(number)))]);
            layers.put("flags", index(at), gid);
        }
    }
    layers
        .list
        .retain(|(name, data)| name == "ground" || data.iter().any(|&g| g != 0));
    Ok(map_json(course, w, h, &set, &layers))
}

fn prop_json(name: &str, p: &Prop) -> Value {
    let (kind, value) = match p {
        Prop::Bool(b) => ("bool", json!(b)),
        Prop::Int(n) => ("int", json!(n)),
        Prop::Float(f) => ("float", json!(f)),
        Prop::Text(t) => ("string", json!(t)),
    };
    json!({"name": name, "type": kind, "value": value})
}

fn map_json(course: &Course, w: i32, h: i32, set: &Tileset, layers: &Layers) -> String {
    let lives = match course.lives {
        LivesRule::Standard => "standard".to_string(),
        LivesRule::Optional => "optional".to_string(),
        LivesRule::Fixed(n) => format!("fixed {n}"),
    };
    let start = match course.start {
        StartRule::Numbered => "numbered".to_string(),
        StartRule::Archive(s) => format!("archive {} {}", s.x, s.y),
    };
    let properties: Vec<Value> = [
        ("name", Prop::Text(course.name.clone())),
        ("description", Prop::Text(course.description.clone())),
        ("author", Prop::Text(course.author.clone())),
        ("players_min", Prop::Int(i64::from(course.players.min))),
        ("players_max", Prop::Int(i64::from(course.players.max))),
        ("lives", Prop::Text(lives)),
        ("start", Prop::Text(start)),
        ("exported_by", Prop::Text("factory-floor".to_string())),
    ]
    .iter()
    .map(|(n, p)| prop_json(n, p))
    .collect();
    let tiles: Vec<Value> = set
        .0
        .iter()
        .enumerate()
        .map(|(id, e)| {
            let props: Vec<Value> = e.props.iter().map(|(n, p)| prop_json(n, p)).collect();
            json!({"id": id, "type": e.class, "properties": props})
        })
        .collect();
    let layer_values: Vec<Value> = layers
        .list
        .iter()
        .enumerate()
        .map(|(i, (name, _))| {
            json!({
                "id": i + 1,
                "name": name,
                "type": "tilelayer",
                "x": 0,
                "y": 0,
                "width": w,
                "height": h,
                "opacity": 1,
                "visible": true,
                "data": format!("@@DATA{i}@@"),
            })
        })
        .collect();
    let map = json!({
        "type": "map",
        "version": "1.10",
        "tiledversion": "1.10.2",
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "infinite": false,
        "compressionlevel": -1,
        "width": w,
        "height": h,
        "tilewidth": SQUARE_PIXELS,
        "tileheight": SQUARE_PIXELS,
        "nextlayerid": layers.list.len() + 1,
        "nextobjectid": 1,
        "properties": properties,
        "layers": layer_values,
        "tilesets": [{
            "firstgid": 1,
            "name": "factory-floor",
            "tilewidth": SQUARE_PIXELS,
            "tileheight": SQUARE_PIXELS,
            "tilecount": set.0.len(),
            "columns": 0,
            "margin": 0,
            "spacing": 0,
            "grid": {"orientation": "orthogonal", "width": 1, "height": 1},
            "tiles": tiles,
        }],
    });
    let mut text = serde_json::to_string_pretty(&map).unwrap_or_default();
    // One row of squares per line, instead of one number per line.
    for (i, (_, data)) in layers.list.iter().enumerate() {
        let rows: Vec<String> = data
            .chunks(w as usize)
            .map(|row| {
                row.iter()
                    .map(|g| g.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        let compact = format!("[\n          {}\n        ]", rows.join(",\n          "));
        text = text.replace(&format!("\"@@DATA{i}@@\""), &compact);
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Turn;

    #[test]
    fn belt_shapes_map_to_roboprojekt_belts() {
        // A right turn running east is entered travelling north: D = N, direction_out 90.
        let turn = Flow {
            kind: FlowKind::Belt,
            out: Facing::E,
            entries: Sides::of(Facing::S),
        };
        assert_eq!(turn.shape(), FlowShape::Turn(Turn::Right));
        let (props, dir) = belt_tile(turn);
        assert_eq!(dir, Facing::N);
        assert!(props.contains(&("direction_out", Prop::Int(90))));
        // A belt fed from nowhere keeps its entries in an extra property.
        let lone = Flow {
            kind: FlowKind::Gold,
            out: Facing::W,
            entries: Sides::NONE,
        };
        let (props, dir) = belt_tile(lone);
        assert_eq!(dir, Facing::W);
        assert!(props.contains(&("entries", Prop::Text(String::new()))));
        assert!(props.contains(&("flow_kind", Prop::Text("gold".to_string()))));
    }
}
