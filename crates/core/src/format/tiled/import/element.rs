//! The typed-property convention: what each class of map tile becomes on the course, read from
//! its properties and turned by its flip bits.

use super::importer::{Ctx, DrawnBeam, Importer};
use crate::format::tiled::props::{belt, get_bool, get_int, get_text, parse_colour, phases_of};
use crate::format::tiled::read::Props;
use crate::format::tiled::typed::Orient;
use crate::geom::Facing;
use crate::model::course::MAX_FLAG;
use crate::model::{
    Barrier, Beams, Device, Floor, Level, Mount, Spin, StartNumber, StartSquare, Wrenches,
};

impl Importer {
    /// Puts what a tile's class and properties describe where the tile is drawn, or notes why not.
    /// The class and properties are borrowed from the tileset: every square drawn with a tile
    /// shares them (a copy per square made megabytes of properties into gigabytes).
    pub(super) fn element(&mut self, ctx: &Ctx, o: Orient, class: &str, p: &Props) {
        let class = element_class(class);
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
                Err(m) => self.note(ctx.note(m)),
            },
            "upper_level" => {
                if let Some(spec) = self.tile.square_mut(ctx.at) {
                    spec.level = Level::Upper;
                }
            }
            "belt" => match belt(p, o) {
                Ok(flow) => self.put(ctx, "a flow", |s| &mut s.flow, flow),
                Err(m) => self.note(ctx.note(m)),
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
                    None => self.note(ctx.note(
                        "a gear needs \"move_direction\" 90 (clockwise) or -90 (counter-clockwise)",
                    )),
                }
            }
            "crusher" => match phases_of(p) {
                Ok(ph) => self.put(ctx, "a crusher", |s| &mut s.crusher, ph),
                Err(m) => self.note(ctx.note(m)),
            },
            "repair" => {
                let n = get_int(p, "wrenches").unwrap_or(1);
                match u8::try_from(n).ok().and_then(Wrenches::new) {
                    Some(w) => self.put(ctx, "a repair site", |s| &mut s.repair, w),
                    None => self.note(ctx.note(format!("{n} wrenches: a repair site has 1 or 2"))),
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
                    None => self.note(ctx.note(format!(
                        "start number {n}: start squares are numbered 1 to 8"
                    ))),
                }
            }
            "flag" => {
                let n = get_int(p, "number").unwrap_or(0);
                match u32::try_from(n).ok().filter(|n| (1..=MAX_FLAG).contains(n)) {
                    Some(n) => {
                        if let Some(first) = self.flags.get(&n) {
                            self.note(ctx.note(format!(
                                "flag {n} is already on {first}: kept that one"
                            )));
                        } else {
                            self.flags.insert(n, ctx.at);
                        }
                    }
                    None => self.note(ctx.note(format!(
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
                    None => self.note(ctx.note(
                        "\"wall\" is not plain, one_way, spiked, ledge or gate (a gate needs a \"colour\")",
                    )),
                }
            }
            "laser" => {
                let n = get_int(p, "laser_strength").unwrap_or(1);
                let Some(beams) = u8::try_from(n).ok().and_then(Beams::new) else {
                    self.note(ctx.note(format!("laser strength {n}: a board laser has 1 to 3 beams")));
                    return;
                };
                // The picture fires north: a start tile's emitter is on the south side.
                if get_bool(p, "start").unwrap_or(true) {
                    self.mount(ctx, o.face(Facing::S), Mount::Laser(beams));
                } else {
                    self.beams.push(DrawnBeam {
                        at: ctx.at,
                        horizontal: matches!(north, Facing::E | Facing::W),
                        layer: crate::format::tiled::read::short(ctx.layer),
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
                Err(m) => self.note(ctx.note(m)),
            },
            "randomizer" => self.device(ctx, Device::Randomizer),
            "teleporter" => self.device(ctx, Device::Teleporter),
            "ramp" => self.device(ctx, Device::Ramp(north)),
            "portal" => match get_text(p, "colour").and_then(parse_colour) {
                Some(c) => self.device(ctx, Device::Portal(c)),
                None => self.note(ctx.note("a portal needs a \"colour\"")),
            },
            "repulsor_field" => self.device(ctx, Device::RepulsorField),
            "chop_shop" => self.device(ctx, Device::ChopShop),
            "radiation" => self.device(ctx, Device::Radiation),
            "radioactive_waste" => self.device(ctx, Device::RadioactiveWaste),
            "maglock" => match phases_of(p) {
                Ok(ph) => self.device(ctx, Device::Maglock(ph)),
                Err(m) => self.note(ctx.note(m)),
            },
            "repeater" => self.device(ctx, Device::Repeater),
            "freak_teleporter" => self.device(ctx, Device::FreakTeleporter),
            "stop" => self.note(ctx.note(
                "a roboprojekt stop marker (where its tests expect a robot to end): no board element",
            )),
            _ => self.note(ctx.note("not an element factory-floor knows (docs/tiled.md lists them)")),
        }
    }
}

/// A class as the convention names it: trimmed, lower case. A class longer than any element name
/// is not one, and is not copied whole.
fn element_class(class: &str) -> String {
    let class = class.trim();
    if class.len() > 32 {
        String::new()
    } else {
        class.to_ascii_lowercase()
    }
}
