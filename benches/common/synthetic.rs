//! A synthetic course of any size for measuring speed at every size (issue 21): `side` x `side`
//! squares in tiles of at most 64 a side (5 x 5 tiles of 64 at 320, the largest course the format
//! allows), each square drawn at random with the density of the sample courses: pits, belts and
//! express belts, gears, and walls carrying lasers and pushers. Shared by `benches/speed.rs`, `benches/engine.rs` (its stand-in board) and
//! `examples/synthetic_course.rs` (which writes one to a file for the command line), using only
//! the public API, so the same code measures an older engine too.

use factory_floor::engine::Rng;
use factory_floor::geom::{Facing, Rotation, Sides, Square};
use factory_floor::model::Course;
use factory_floor::model::{
    Barrier, Beams, EdgeSpec, Flag, Floor, Flow, FlowKind, LivesRule, Mount, Phases, PlayerRange,
    RulesEdition, Spin, SquareSpec, StartRule, Tile, TilePlacement, Wrenches,
};

/// The side of each tile of a course `side` squares across: as few tiles as the 64-square limit
/// allows, all the same size.
fn tile_side(side: i32) -> i32 {
    let tiles = (side + 63) / 64;
    side / tiles.max(1)
}

/// One random tile `n` x `n`; squares in `clear` (tile coordinates) are left plain floor.
fn tile(id: &str, n: i32, rng: &mut Rng, clear: &[Square]) -> Tile {
    let mut t = Tile::new(id, n, n);
    t.name = id.to_string();
    for y in 0..n {
        for x in 0..n {
            let s = Square::new(x, y);
            if clear.contains(&s) {
                continue;
            }
            let mut spec = SquareSpec::default();
            match rng.below(20) {
                0 => spec.floor = Some(Floor::Pit),
                1..=4 => {
                    let out = Facing::ALL[rng.below(4) as usize];
                    let kind = if rng.below(3) == 0 {
                        FlowKind::Express
                    } else {
                        FlowKind::Belt
                    };
                    spec.flow = Some(Flow {
                        kind,
                        out,
                        entries: Sides::of(out.opposite()),
                    });
                }
                5 => spec.gear = Some(Spin::Cw),
                _ => {}
            }
            t.set_square(s, spec);
            if rng.below(8) == 0 {
                let side = Facing::ALL[rng.below(4) as usize];
                // No wall on the tile's own border, where the neighbour tile's wall could clash.
                let inner = (0..n).contains(&s.step(side).x) && (0..n).contains(&s.step(side).y);
                let mount = match rng.below(3) {
                    0 => Beams::new(1).map(Mount::Laser),
                    1 => Phases::from_list(&[1, 3, 5]).map(Mount::Pusher),
                    _ => None,
                };
                if inner {
                    t.set_edge(
                        s,
                        side,
                        EdgeSpec {
                            barrier: Some(Barrier::Plain),
                            mount,
                        },
                    );
                }
            }
        }
    }
    t
}

/// A course `side` x `side` (12 to 320) drawn from `seed`, with three flags and an archive start
/// near the corners, on plain floor.
pub fn course(side: i32, seed: u64) -> Course {
    let n = tile_side(side.clamp(1, 320));
    let tiles = side.clamp(1, 320) / n;
    let side = n * tiles;
    let mut rng = Rng::new(seed);
    let start = Square::new(1, 1);
    let flags = [
        Square::new(side - 2, 1),
        Square::new(side - 2, side - 2),
        Square::new(1, side - 2),
    ];
    let mut embedded = Vec::new();
    let mut placements = Vec::new();
    for ty in 0..tiles {
        for tx in 0..tiles {
            let corner = Square::new(tx * n, ty * n);
            let clear: Vec<Square> = std::iter::once(start)
                .chain(flags)
                .flat_map(|s| {
                    // The square and its neighbours, so a flag is not walled in.
                    [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
                        .map(|(dx, dy)| Square::new(s.x + dx - corner.x, s.y + dy - corner.y))
                })
                .collect();
            let id = format!("synthetic-{side}-{tx}-{ty}");
            let mut t = tile(&id, n, &mut rng, &clear);
            if corner == Square::new(0, 0) {
                // The 1994 start is an archive (repair) site.
                t.set_square(
                    start,
                    SquareSpec {
                        repair: Wrenches::new(1),
                        ..SquareSpec::default()
                    },
                );
            }
            embedded.push(t);
            placements.push(TilePlacement {
                tile: id,
                at: corner,
                rotation: Rotation::R0,
            });
        }
    }
    Course {
        name: format!("synthetic {side} x {side}"),
        description: "Random squares at the sample courses' density, for speed benchmarks."
            .to_string(),
        author: "benches/common/synthetic.rs".to_string(),
        rules: RulesEdition::Classic1994.into(),
        players: PlayerRange::default(),
        lives: LivesRule::Standard,
        placements,
        embedded,
        flags: flags
            .iter()
            .enumerate()
            .map(|(i, &at)| Flag {
                number: i as u32 + 1,
                at,
            })
            .collect(),
        start: StartRule::Archive(start),
    }
}
