//! The tile editor's tools as plain edits of a `Tile`: paint an element on a square or an edge, lay
//! belts along a path, erase, flood fill, pick, rotate. No egui here, so the rules are unit-tested.

use crate::geom::{Facing, Rotation, Sides, Square};
use crate::model::{
    Barrier, Beams, Colour, Device, EdgeSpec, ElementKind, Floor, Flow, FlowKind, Level, Mount,
    Phases, Placement, Spin, SquareSpec, StartNumber, StartSquare, Tile, Wrenches,
};

/// The element about to be placed and which way it faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brush {
    pub kind: ElementKind,
    /// The direction of a belt, ramp or start square; ignored by undirected elements.
    pub facing: Facing,
}

impl Default for Brush {
    fn default() -> Self {
        Brush {
            kind: ElementKind::Belt,
            facing: Facing::E,
        }
    }
}

/// The phases a newly placed phased element is active in: odd phases, as many published crushers
/// and pushers are printed.
const NEW_PHASES: Phases = Phases::NONE.with(1).with(3).with(5);

/// Whether the brush lays paths (belts, currents, rivers).
pub fn is_flow(kind: ElementKind) -> bool {
    kind.flow_kind().is_some()
}

/// Puts the brush element on a square spec, replacing what cannot share the square with it.
/// Returns `None` for edge elements.
pub fn paint_spec(old: SquareSpec, brush: Brush) -> Option<SquareSpec> {
    use ElementKind as K;
    let fresh = SquareSpec {
        level: old.level,
        ..SquareSpec::default()
    };
    let floor = |f: Floor| SquareSpec {
        floor: Some(f),
        ..fresh
    };
    let device = |d: Device| SquareSpec {
        device: Some(d),
        ..fresh
    };
    let spec = match brush.kind {
        K::Pit => floor(Floor::Pit),
        K::Drain => floor(Floor::Drain),
        K::RadioactiveDrain => floor(Floor::RadioactiveDrain),
        K::Water => floor(Floor::Water),
        K::Slime => floor(Floor::Slime),
        K::OilSlick => floor(Floor::OilSlick),
        K::LavaPit => floor(Floor::LavaPit(NEW_PHASES)),
        K::TrapDoor => floor(Floor::TrapDoor(NEW_PHASES)),
        K::Belt | K::ExpressBelt | K::GoldBelt | K::Current | K::MoltenRiver => {
            let kind = brush.kind.flow_kind()?;
            SquareSpec {
                flow: Some(Flow::straight(kind, brush.facing)),
                // A current runs on water (seed 001, Armed & Dangerous); a crusher stands over a belt.
                floor: (kind == FlowKind::Current && old.floor == Some(Floor::Water))
                    .then_some(Floor::Water),
                crusher: if kind.is_belt() { old.crusher } else { None },
                ..fresh
            }
        }
        K::Gear => SquareSpec {
            gear: Some(if brush.facing.index().is_multiple_of(2) {
                Spin::Cw
            } else {
                Spin::Ccw
            }),
            ..fresh
        },
        K::Crusher => SquareSpec {
            crusher: Some(NEW_PHASES),
            flow: old.flow.filter(|f| f.kind.is_belt()),
            ..fresh
        },
        K::RepairSite => SquareSpec {
            repair: Wrenches::new(1),
            ..fresh
        },
        K::StartSquare => SquareSpec {
            start: StartNumber::new(1).map(|number| StartSquare {
                number,
                facing: brush.facing,
            }),
            ..fresh
        },
        K::UpperLevel => SquareSpec {
            level: Level::Upper,
            ..old
        },
        K::Ramp => device(Device::Ramp(brush.facing)),
        K::Randomizer => device(Device::Randomizer),
        K::Teleporter => device(Device::Teleporter),
        K::Portal => device(Device::Portal(Colour::Red)),
        K::RepulsorField => device(Device::RepulsorField),
        K::ChopShop => device(Device::ChopShop),
        K::Radiation => device(Device::Radiation),
        K::RadioactiveWaste => device(Device::RadioactiveWaste),
        K::Maglock => device(Device::Maglock(NEW_PHASES)),
        K::Repeater => device(Device::Repeater),
        K::FreakTeleporter => device(Device::FreakTeleporter),
        K::Wall
        | K::OneWayWall
        | K::SpikedWall
        | K::Ledge
        | K::Gate
        | K::Laser
        | K::Pusher
        | K::Flamer
        | K::Repulsor => return None,
    };
    Some(spec)
}

/// Puts the brush edge element on an edge spec. Wall mounts get a plain wall to stand on if the
/// edge has none. Returns `None` for square elements.
pub fn paint_edge(old: EdgeSpec, kind: ElementKind) -> Option<EdgeSpec> {
    use ElementKind as K;
    let barrier = |b: Barrier| EdgeSpec {
        barrier: Some(b),
        ..old
    };
    let mount = |m: Mount| EdgeSpec {
        barrier: old.barrier.or(Some(Barrier::Plain)),
        mount: Some(m),
    };
    Some(match kind {
        K::Wall => barrier(Barrier::Plain),
        K::OneWayWall => barrier(Barrier::OneWay),
        K::SpikedWall => barrier(Barrier::Spiked),
        K::Ledge => barrier(Barrier::Ledge),
        K::Gate => barrier(Barrier::Gate(Colour::Red)),
        K::Laser => mount(Mount::Laser(Beams::new(1)?)),
        K::Pusher => mount(Mount::Pusher(NEW_PHASES)),
        K::Flamer => mount(Mount::Flamer(NEW_PHASES)),
        K::Repulsor => mount(Mount::Repulsor(NEW_PHASES)),
        _ => return None,
    })
}

/// The edge of the square under a board point (in squares) nearest to the point.
pub fn nearest_edge(board_x: f32, board_y: f32) -> (Square, Facing) {
    let square = Square::new(board_x.floor() as i32, board_y.floor() as i32);
    let (fx, fy) = (board_x - board_x.floor(), board_y - board_y.floor());
    let candidates = [
        (fy, Facing::N),
        (1.0 - fx, Facing::E),
        (1.0 - fy, Facing::S),
        (fx, Facing::W),
    ];
    let side = candidates
        .iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(Facing::N, |c| c.1);
    (square, side)
}

/// Whether a board point is within about a third of a square from the nearest edge of its square.
pub fn near_edge(board_x: f32, board_y: f32) -> bool {
    let (fx, fy) = (board_x - board_x.floor(), board_y - board_y.floor());
    fx.min(1.0 - fx).min(fy).min(1.0 - fy) < 1.0 / 3.0
}

/// Paints the brush at a board point: square elements on the square, edge elements on the edge
/// nearest the point. Returns whether the tile changed.
pub fn paint_at(tile: &mut Tile, board_x: f32, board_y: f32, brush: Brush) -> bool {
    let (square, side) = nearest_edge(board_x, board_y);
    if !tile.contains(square) {
        return false;
    }
    match brush.kind.placement() {
        Placement::Edge => {
            let old = tile.edge(square, side);
            let Some(new) = paint_edge(old, brush.kind) else {
                return false;
            };
            if new == old {
                return false;
            }
            tile.set_edge(square, side, new);
            true
        }
        Placement::Square => set_spec(tile, square, |old| paint_spec(old, brush)),
    }
}

fn set_spec(
    tile: &mut Tile,
    square: Square,
    f: impl FnOnce(SquareSpec) -> Option<SquareSpec>,
) -> bool {
    let Some(&old) = tile.square(square) else {
        return false;
    };
    match f(old) {
        Some(new) if new != old => {
            tile.set_square(square, new);
            true
        }
        _ => false,
    }
}

/// Erases at a board point: near an edge that holds something, that edge; otherwise the square.
pub fn erase_at(tile: &mut Tile, board_x: f32, board_y: f32) -> bool {
    let (square, side) = nearest_edge(board_x, board_y);
    if !tile.contains(square) {
        return false;
    }
    if near_edge(board_x, board_y) {
        if !tile.edge(square, side).is_empty() {
            tile.set_edge(square, side, EdgeSpec::default());
            return true;
        }
        if let Some((_, anchor)) = tile.barrier(square, side)
            && anchor != square
        {
            tile.set_edge(anchor, side.opposite(), EdgeSpec::default());
            return true;
        }
    }
    set_spec(tile, square, |_| Some(SquareSpec::default()))
}

/// Lays one step of a flow path from `from` to its neighbour `to`: `from` now runs towards `to`,
/// and `to` is fed from `from`'s side, so turns and merges form themselves. A square that is not
/// yet a flow of `kind` becomes a straight piece running on in the same direction.
pub fn flow_step(tile: &mut Tile, from: Square, to: Square, kind: ElementKind) -> bool {
    let (Some(dir), Some(flow_kind)) = (from.facing_to(to), kind.flow_kind()) else {
        return false;
    };
    if !tile.contains(from) || !tile.contains(to) {
        return false;
    }
    let brush = Brush { kind, facing: dir };
    let mut changed = set_spec(tile, from, |old| {
        let mut spec = match old.flow {
            Some(f) if f.kind == flow_kind => old,
            _ => paint_spec(old, brush)?,
        };
        if let Some(flow) = &mut spec.flow {
            flow.out = dir;
            flow.entries = flow.entries.without(dir);
        }
        Some(spec)
    });
    changed |= set_spec(tile, to, |old| {
        let mut spec = match old.flow {
            Some(f) if f.kind == flow_kind => old,
            _ => {
                let mut s = paint_spec(old, brush)?;
                if let Some(flow) = &mut s.flow {
                    flow.entries = Sides::NONE;
                }
                s
            }
        };
        if let Some(flow) = &mut spec.flow
            && flow.out != dir.opposite()
        {
            flow.entries = flow.entries.with(dir.opposite());
        }
        Some(spec)
    });
    changed
}

/// The squares from `from` to `to` one step at a time (along x, then y), without `from`.
pub fn path_between(from: Square, to: Square) -> Vec<Square> {
    let mut out = Vec::new();
    let mut at = from;
    while at.x != to.x {
        at = at.offset((to.x - at.x).signum(), 0);
        out.push(at);
    }
    while at.y != to.y {
        at = at.offset(0, (to.y - at.y).signum());
        out.push(at);
    }
    out
}

/// Flood fills, from `start`, the 4-connected squares with the same content as `start` with the
/// brush's square element. Returns how many squares changed.
pub fn fill(tile: &mut Tile, start: Square, brush: Brush) -> usize {
    let Some(&target) = tile.square(start) else {
        return 0;
    };
    let Some(replacement) = paint_spec(target, brush) else {
        return 0;
    };
    if replacement == target {
        return 0;
    }
    let mut stack = vec![start];
    let mut changed = 0;
    while let Some(s) = stack.pop() {
        if tile.square(s) != Some(&target) {
            continue;
        }
        tile.set_square(s, replacement);
        changed += 1;
        stack.extend(Facing::ALL.iter().map(|&f| s.step(f)));
    }
    changed
}

/// The element at a board point, as a brush: the nearest edge's element when near an edge that
/// holds one, else the square's first element.
pub fn pick_at(tile: &Tile, board_x: f32, board_y: f32) -> Option<Brush> {
    let (square, side) = nearest_edge(board_x, board_y);
    if near_edge(board_x, board_y) {
        let edge = tile.edge(square, side);
        let mut kinds = edge.kinds();
        if let Some((b, _)) = tile.barrier(square, side) {
            kinds.extend(
                EdgeSpec {
                    barrier: Some(b),
                    mount: None,
                }
                .kinds(),
            );
        }
        // The mount is the more specific thing to pick.
        if let Some(&kind) = kinds.last() {
            return Some(Brush { kind, facing: side });
        }
    }
    let spec = tile.square(square)?;
    let kind = *spec.kinds().first()?;
    let facing = spec
        .flow
        .map(|f| f.out)
        .or(spec.start.map(|s| s.facing))
        .or(match spec.device {
            Some(Device::Ramp(up)) => Some(up),
            _ => None,
        })
        .unwrap_or(Facing::E);
    Some(Brush { kind, facing })
}

/// Turns what is on a square a quarter clockwise (or back): belts, starts and ramps turn; a gear
/// changes its spin. Returns whether anything turned.
pub fn rotate_square(tile: &mut Tile, square: Square, clockwise: bool) -> bool {
    let r = if clockwise {
        Rotation::R90
    } else {
        Rotation::R270
    };
    set_spec(tile, square, |old| {
        let mut spec = old.rotated(r);
        spec.gear = spec.gear.map(|g| match g {
            Spin::Cw => Spin::Ccw,
            Spin::Ccw => Spin::Cw,
        });
        Some(spec)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow(tile: &Tile, x: i32, y: i32) -> Option<Flow> {
        tile.square(Square::new(x, y)).and_then(|s| s.flow)
    }

    #[test]
    fn a_drag_path_lays_a_belt_that_turns_itself() {
        let mut t = Tile::new("t", 4, 4);
        let path = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)].map(|(x, y)| Square::new(x, y));
        for w in path.windows(2) {
            flow_step(&mut t, w[0], w[1], ElementKind::Belt);
        }
        let first = flow(&t, 0, 0).expect("belt");
        assert_eq!(first.out, Facing::E);
        assert_eq!(
            flow(&t, 1, 0).map(|f| f.shape()),
            Some(crate::model::FlowShape::Straight)
        );
        let corner = flow(&t, 2, 0).expect("belt");
        assert_eq!(corner.out, Facing::S);
        assert_eq!(corner.entries, Sides::of(Facing::W));
        assert!(matches!(corner.shape(), crate::model::FlowShape::Turn(_)));
        assert_eq!(flow(&t, 2, 2).map(|f| f.out), Some(Facing::S));
        assert!(
            t.occupied_squares()
                .all(|(_, s)| s.sharing_problem().is_none())
        );
    }

    #[test]
    fn a_second_path_into_a_belt_makes_a_merge() {
        let mut t = Tile::new("t", 3, 3);
        flow_step(
            &mut t,
            Square::new(1, 0),
            Square::new(1, 1),
            ElementKind::Belt,
        );
        flow_step(
            &mut t,
            Square::new(1, 1),
            Square::new(1, 2),
            ElementKind::Belt,
        );
        flow_step(
            &mut t,
            Square::new(0, 1),
            Square::new(1, 1),
            ElementKind::Belt,
        );
        let mid = flow(&t, 1, 1).expect("belt");
        assert_eq!(mid.out, Facing::S);
        assert_eq!(mid.shape(), crate::model::FlowShape::Merge);
    }

    #[test]
    fn walls_go_on_the_edge_nearest_the_pointer() {
        let mut t = Tile::new("t", 3, 3);
        let wall = Brush {
            kind: ElementKind::Wall,
            facing: Facing::N,
        };
        assert!(paint_at(&mut t, 1.9, 1.5, wall));
        assert_eq!(
            t.barrier(Square::new(1, 1), Facing::E).map(|b| b.0),
            Some(Barrier::Plain)
        );
        assert!(paint_at(&mut t, 0.5, 0.1, wall));
        assert_eq!(
            t.barrier(Square::new(0, 0), Facing::N).map(|b| b.0),
            Some(Barrier::Plain)
        );
        // Erasing near the east edge of (1, 1) removes that wall and keeps the square.
        assert!(erase_at(&mut t, 1.95, 1.5));
        assert_eq!(t.barrier(Square::new(1, 1), Facing::E), None);
        // ... and from the other side too.
        assert!(erase_at(&mut t, 0.5, 0.05));
        assert_eq!(t.edges().count(), 0);
    }

    #[test]
    fn fill_replaces_the_connected_same_squares_only() {
        let mut t = Tile::new("t", 3, 3);
        let pit = Brush {
            kind: ElementKind::Pit,
            facing: Facing::E,
        };
        paint_at(&mut t, 1.5, 0.5, pit);
        paint_at(&mut t, 1.5, 1.5, pit);
        paint_at(&mut t, 1.5, 2.5, pit);
        let water = Brush {
            kind: ElementKind::Water,
            facing: Facing::E,
        };
        assert_eq!(fill(&mut t, Square::new(0, 0), water), 3);
        assert_eq!(
            t.square(Square::new(2, 2)).and_then(|s| s.floor),
            None,
            "the pits wall off the right column"
        );
    }

    #[test]
    fn rotating_a_square_turns_its_belt_and_picking_reads_it_back() {
        let mut t = Tile::new("t", 2, 2);
        paint_at(&mut t, 0.5, 0.5, Brush::default());
        assert!(rotate_square(&mut t, Square::new(0, 0), true));
        assert_eq!(flow(&t, 0, 0).map(|f| f.out), Some(Facing::S));
        let picked = pick_at(&t, 0.5, 0.5).expect("a belt");
        assert_eq!(picked.kind, ElementKind::Belt);
        assert_eq!(picked.facing, Facing::S);
    }

    #[test]
    fn every_element_can_be_painted() {
        for kind in ElementKind::ALL {
            let mut t = Tile::new("t", 1, 1);
            let brush = Brush {
                kind,
                facing: Facing::E,
            };
            assert!(paint_at(&mut t, 0.5, 0.1, brush), "{kind:?}");
            assert!(t.kinds().contains(&kind), "{kind:?}: {:?}", t.kinds());
        }
    }
}
