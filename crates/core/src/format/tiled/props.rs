//! Reading a map tile's custom properties: typed values, phases, sides, colours, roboprojekt's
//! angles and belts, and the course settings a map's own properties give.

use super::read::{Prop, Props};
use super::typed::Orient;
use crate::geom::{Facing, Rotation, Sides, Square};
use crate::model::{Colour, Flow, FlowKind, LivesRule, Phases, StartRule};

pub(super) fn get_bool(p: &Props, key: &str) -> Option<bool> {
    match p.get(key)? {
        Prop::Bool(b) => Some(*b),
        Prop::Int(n) => Some(*n != 0),
        Prop::Text(t) => t.trim().parse().ok(),
        Prop::Float(_) => None,
    }
}

pub(super) fn get_int(p: &Props, key: &str) -> Option<i64> {
    match p.get(key)? {
        Prop::Int(n) => Some(*n),
        Prop::Float(f) if f.fract() == 0.0 && f.abs() < 1e9 => Some(*f as i64),
        Prop::Text(t) => t.trim().parse().ok(),
        _ => None,
    }
}

pub(super) fn get_text<'a>(p: &'a Props, key: &str) -> Option<&'a str> {
    match p.get(key)? {
        Prop::Text(t) => Some(t.trim()),
        _ => None,
    }
}

/// "1 3 5" or "1,3,5" as phases.
pub(super) fn parse_phases(text: &str) -> Option<Phases> {
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

pub(super) fn parse_colour(text: &str) -> Option<Colour> {
    Colour::ALL.into_iter().find(|c| c.name() == text)
}

/// The phases of a phased element: our `phases` property, or roboprojekt's pusher `register`
/// (1: odd registers 1, 3, 5; 0: even registers 2, 4).
pub(super) fn phases_of(p: &Props) -> Result<Phases, String> {
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

/// "numbered" or "archive X Y".
pub(super) fn parse_start(text: &str) -> Option<StartRule> {
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
pub(super) fn parse_lives(text: &str) -> Option<LivesRule> {
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
pub(super) fn belt(p: &Props, o: Orient) -> Result<Flow, String> {
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
