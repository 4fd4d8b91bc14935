//! Distance-to-flag maps: how many program cards a lone robot needs from each (square, facing)
//! to end a register phase on each flag, found by a backwards search over moves the engine itself
//! plays, so belts, gears and pits count as the rules say.

use crate::engine::{Card, CardKind, Factory, Game, RobotSetup, Settings, Status};
use crate::geom::{Facing, Square};
use crate::model::Phases;
use std::collections::VecDeque;
use std::sync::Arc;

/// Distance of a state from which a flag cannot be reached.
pub const UNREACHABLE: u16 = u16::MAX;
const KINDS: usize = CardKind::ALL.len();
/// No successor: the robot was destroyed (pit, edge, crusher) or cannot stand there.
const DEAD: u32 = u32::MAX;

/// The transition table of one course and a distance map per flag.
///
/// The table is the engine's register phase 1 played by a lone robot. Pushers act as they do in
/// phase 1, and a square with a crusher or trap door in any phase counts as deadly: the engine
/// cannot start a turn at a later phase, and the planner checks the real phases anyway.
#[derive(Debug)]
pub struct FlagMaps {
    factory: Arc<Factory>,
    /// `next[state * KINDS + kind]`: the state after playing `kind`, or `DEAD`.
    next: Vec<u32>,
    /// `dist[flag][state]`: cards to end a phase on flag `flag + 1`.
    dist: Vec<Vec<u16>>,
}

fn kind_index(kind: CardKind) -> usize {
    CardKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

impl FlagMaps {
    /// Builds the table by running one register phase of the engine for every standing square,
    /// facing and card kind, then a breadth-first search backwards from every flag.
    pub fn new(factory: Arc<Factory>) -> FlagMaps {
        let cells = factory.cell_count();
        let mut next = vec![DEAD; cells * 4 * KINDS];
        let settings = Settings {
            lives: 1,
            ..Settings::default()
        };
        let deadly = |s: Square| {
            let c = factory.cell(s);
            c.crusher != Phases::NONE || c.trap_door != Phases::NONE
        };
        let mut events = Vec::new();
        for cell in 0..cells {
            let square = factory.square_of(cell);
            if !factory.is_on_board(square) || factory.is_hole(square, 0) {
                continue;
            }
            for facing in Facing::ALL {
                let setup = RobotSetup::new("probe", square, facing);
                let Ok(mut base) = Game::new(Arc::clone(&factory), &[setup], settings, 0) else {
                    continue;
                };
                base.begin_scripted_turn(&mut events);
                let state = cell * 4 + facing.index();
                for (k, &kind) in CardKind::ALL.iter().enumerate() {
                    let mut game = base.clone();
                    game.set_registers(0, [Some(Card::new(kind, 500)), None, None, None, None]);
                    game.run_phase(&mut events);
                    events.clear();
                    let Some(r) = game.robot(0) else { continue };
                    if !matches!(r.status, Status::Active | Status::Finished) || deadly(r.square) {
                        continue;
                    }
                    if let Some(c) = factory.index(r.square) {
                        next[state * KINDS + k] = (c * 4 + r.facing.index()) as u32;
                    }
                }
            }
        }
        let mut maps = FlagMaps {
            factory,
            next,
            dist: Vec::new(),
        };
        let flags: Vec<Square> = maps.factory.flags().to_vec();
        maps.dist = flags.iter().map(|&f| maps.search_back(f)).collect();
        maps
    }

    /// Backwards breadth-first search from every state one card away from `flag`.
    fn search_back(&self, flag: Square) -> Vec<u16> {
        let nodes = self.factory.cell_count() * 4;
        let mut dist = vec![UNREACHABLE; nodes];
        let Some(flag_cell) = self.factory.index(flag) else {
            return dist;
        };
        // Reverse edges in compressed rows.
        let mut start = vec![0u32; nodes + 1];
        let mut queue = VecDeque::new();
        for node in 0..nodes {
            for k in 0..KINDS {
                let t = self.next[node * KINDS + k];
                if t == DEAD {
                    continue;
                }
                if t as usize / 4 == flag_cell {
                    if dist[node] == UNREACHABLE {
                        dist[node] = 1;
                        queue.push_back(node);
                    }
                } else {
                    start[t as usize + 1] += 1;
                }
            }
        }
        for i in 0..nodes {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![0u32; start[nodes] as usize];
        for node in 0..nodes {
            for k in 0..KINDS {
                let t = self.next[node * KINDS + k];
                if t == DEAD || t as usize / 4 == flag_cell {
                    continue;
                }
                preds[fill[t as usize] as usize] = node as u32;
                fill[t as usize] += 1;
            }
        }
        while let Some(node) = queue.pop_front() {
            let d = dist[node].saturating_add(1);
            for &p in &preds[start[node] as usize..start[node + 1] as usize] {
                if dist[p as usize] == UNREACHABLE {
                    dist[p as usize] = d;
                    queue.push_back(p as usize);
                }
            }
        }
        dist
    }

    pub fn factory(&self) -> &Arc<Factory> {
        &self.factory
    }

    /// The state of a robot standing on `square` facing `facing`.
    pub fn state(&self, square: Square, facing: Facing) -> Option<u32> {
        self.factory
            .index(square)
            .map(|c| (c * 4 + facing.index()) as u32)
    }

    /// The square of a state.
    pub fn square_of(&self, state: u32) -> Square {
        self.factory.square_of(state as usize / 4)
    }

    /// Where a lone robot in `state` ends after playing `kind`, or `None` when it is destroyed.
    pub fn step(&self, state: u32, kind: CardKind) -> Option<u32> {
        self.next
            .get(state as usize * KINDS + kind_index(kind))
            .copied()
            .filter(|&t| t != DEAD)
    }

    /// Cards a lone robot in `state` needs to end a phase on flag `flag` (1-based);
    /// `UNREACHABLE` when it cannot.
    pub fn distance(&self, flag: u8, state: u32) -> u16 {
        let Some(map) = self.dist.get(usize::from(flag.max(1)) - 1) else {
            return UNREACHABLE;
        };
        map.get(state as usize).copied().unwrap_or(UNREACHABLE)
    }

    /// The square of flag `flag` (1-based).
    pub fn flag_square(&self, flag: u8) -> Option<Square> {
        self.factory
            .flags()
            .get(usize::from(flag.max(1)) - 1)
            .copied()
    }

    pub fn flag_count(&self) -> u8 {
        self.factory.flag_count()
    }

    /// The facing on `square` closest to flag `flag` (a re-entry or start choice).
    pub fn best_facing(&self, square: Square, flag: u8) -> Option<Facing> {
        Facing::ALL.into_iter().min_by_key(|&f| {
            self.state(square, f)
                .map_or(UNREACHABLE, |s| self.distance(flag, s))
        })
    }
}
