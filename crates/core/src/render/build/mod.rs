//! Builds the `Scene` of a board: every element drawn legibly in board units (issue 2, item 6).
//! This file sets the order of the layers; each kind of thing is drawn in its own file.

mod devices;
mod edges;
mod floor;
mod flows;
mod overlays;
mod pen;

use crate::engine::Factory;
use crate::engine::cube::Fold;
use crate::geom::{Facing, Square};
use crate::model::rules::CubeSide;
use crate::model::{Board, HouseRules, Mount, SquareSpec};
use crate::render::scene::{Rgba, Scene, SceneOptions};
use pen::Builder;

const VOID: Rgba = Rgba::rgb(34, 36, 44);

/// Builds the picture of `board` with the overlays of `options`.
pub fn build_scene(board: &Board, options: &SceneOptions) -> Scene {
    build(board, None, options)
}

/// Builds the picture of the board a game is played on. On a RoboRally Cubed course the beams of
/// board lasers and repulsors are drawn as the engine traces them on the folded cube (its beam
/// tables, `Factory::lasers` and `Factory::repulsors`): stopped at the board edge outside, on
/// to the first row across inside (seed 003 section 8.1). On any other course it is
/// `build_scene` of the factory's board.
pub fn build_scene_for_play(factory: &Factory, options: &SceneOptions) -> Scene {
    build(factory.board(), factory.cube().map(|_| factory), options)
}

/// Builds the picture of a course's board as the course composer shows it: under RoboRally Cubed
/// (`cubed`, from the course's rules) with a net that folds, the beams are drawn from the
/// engine's tables as `build_scene_for_play` draws them (seed 003 section 8.1), so the composer
/// never runs a laser straight across a folded edge; otherwise it is `build_scene`.
pub fn build_course_scene(board: &Board, cubed: Option<CubeSide>, options: &SceneOptions) -> Scene {
    match cubed {
        Some(side) if Fold::of(&board.placements).is_ok() => {
            let house = HouseRules {
                cubed: Some(side),
                ..HouseRules::default()
            };
            build_scene_for_play(&Factory::for_rules(board.clone(), &house), options)
        }
        _ => build_scene(board, options),
    }
}

fn build(board: &Board, cube: Option<&Factory>, options: &SceneOptions) -> Scene {
    let mut b = Builder {
        shapes: Vec::with_capacity((board.width() * board.height()).max(0) as usize * 8),
    };
    for s in board.all_squares() {
        if let Some(spec) = board.spec(s) {
            b.square_floor(s, spec);
        }
    }
    for s in board.all_squares() {
        if let Some(spec) = board.spec(s) {
            b.square_contents(s, spec);
        }
    }
    match cube {
        Some(factory) => b.folded_beams(factory),
        None => {
            for beam in board.laser_beams() {
                b.laser_beam(beam.mount, beam.direction, beam.beams, &beam.squares);
            }
            for s in board.all_squares() {
                for side in Facing::ALL {
                    if let Some(Mount::Repulsor(_)) = board.mount(s, side)
                        && board.is_on_board(s)
                    {
                        let squares = board.trace_line(s, side.opposite());
                        b.repulsor_beam(side.opposite(), &squares);
                    }
                }
            }
        }
    }
    for s in board.all_squares() {
        for side in Facing::ALL {
            let Some(barrier) = board.barrier(s, side) else {
                continue;
            };
            // Each edge is drawn once, from its anchor square; an anchor off the grid cannot
            // hold the record, so the square inside draws it, seen from the other side.
            if barrier.anchored_here {
                b.barrier(s, side, barrier.barrier, true);
            } else if !board.in_bounds(s.step(side)) {
                b.barrier(s, side, barrier.barrier, false);
            }
        }
    }
    for s in board.all_squares() {
        if !board.is_on_board(s) {
            continue;
        }
        for side in Facing::ALL {
            if let Some(mount) = board.mount(s, side) {
                b.mount(s, side, mount);
            }
        }
    }
    for &(_, at, w, h) in &board.placements {
        b.tile_border(at, w, h);
    }
    if options.grid {
        b.grid(board.width(), board.height());
    }
    if let Some(archive) = options.archive_start {
        b.archive(archive);
    }
    for &(number, s) in &board.flags {
        b.flag(s, number);
    }
    for &(s, colour) in &options.highlights {
        b.highlight(s, colour);
    }
    if let Some(path) = &options.path {
        b.path(&path.squares, path.colour);
    }
    Scene {
        width: board.width().max(0) as f32,
        height: board.height().max(0) as f32,
        background: VOID,
        shapes: b.shapes,
    }
}

impl Builder {
    fn square_contents(&mut self, s: Square, spec: &SquareSpec) {
        if let Some(flow) = spec.flow {
            self.flow(s, flow);
        }
        if let Some(spin) = spec.gear {
            self.gear(s, spin);
        }
        if let Some(wrenches) = spec.repair {
            self.repair(s, wrenches.get());
        }
        if let Some(start) = spec.start {
            self.start(s, start.number.get(), start.facing);
        }
        if let Some(device) = spec.device {
            self.device(s, device);
        }
        if let Some(phases) = spec.crusher {
            self.crusher(s, phases);
        }
    }
}
