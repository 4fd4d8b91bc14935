//! Distance-to-flag maps: how many program cards a lone robot needs from each (square, facing)
//! to end a register phase on each flag, found by a backwards search over the engine's table of
//! single-card steps (`engine::steps::StepTable`, which the solver reads too), so belts, gears and
//! pits count as the rules say.

use crate::engine::Game;
use crate::engine::flags::flags_through_phase;
use crate::engine::steps::{CARDS, NO_STEP, PHASES, damage_of, node_of};
use crate::engine::{CardKind, Factory, StepTable};
use crate::geom::{Facing, Square};
use crate::model::Phases;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Boards of at least this many squares search their flags side by side.
const PARALLEL_CELLS: usize = 64 * 64;

/// Distance of a state from which a flag cannot be reached.
pub const UNREACHABLE: u16 = u16::MAX;

/// The steps of one course in register phase 1 and a distance map per flag.
///
/// The steps are the engine's register phase 1 played by a lone robot. Pushers act as they do in
/// phase 1, and a square that is deadly in any phase (`Board::is_deadly`: a crusher or trap door)
/// is no place to end a step: the engine cannot start a turn at a later phase, and the planner
/// checks the real phases anyway.
#[derive(Debug)]
pub struct FlagMaps {
    factory: Arc<Factory>,
    /// `None` when the board has no square to stand on.
    steps: Option<StepTable>,
    /// Cells a step may not end on (`Board::is_deadly`).
    deadly: Vec<bool>,
    /// `dist[flag][state]`: cards to end a phase on flag `flag + 1`.
    dist: Vec<Arc<Vec<u16>>>,
    /// Moving flags: the distance maps to other squares a flag has stood on, by cell, built the
    /// first time a bot asks (`distance_in`).
    moved: Mutex<HashMap<usize, Arc<Vec<u16>>>>,
}

/// The index of `kind` in the step table's `CARDS`.
fn card_index(kind: CardKind) -> usize {
    CARDS.iter().position(|c| c.kind == kind).unwrap_or(0)
}

impl FlagMaps {
    /// Builds the steps of register phase 1 for every standing square, facing and card kind
    /// (`StepTable::for_phases`, on every core), then a breadth-first search backwards from every
    /// flag, the flags' searches side by side.
    pub fn new(factory: Arc<Factory>) -> FlagMaps {
        let deadly = (0..factory.cell_count())
            .map(|c| factory.board().is_deadly(factory.square_of(c)))
            .collect();
        let steps = StepTable::for_phases(Arc::clone(&factory), Phases::NONE.with(1));
        let mut maps = FlagMaps {
            factory,
            steps,
            deadly,
            dist: Vec::new(),
            moved: Mutex::new(HashMap::new()),
        };
        let flags: Vec<Square> = maps.factory.flags().to_vec();
        // One search per flag, each linear in the squares; on a large board each on a thread of
        // its own (on a small one starting the threads costs more than the searches).
        let maps_ref = &maps;
        if maps.factory.cell_count() < PARALLEL_CELLS {
            maps.dist = flags
                .iter()
                .map(|&f| Arc::new(maps_ref.search_back(f)))
                .collect();
            return maps;
        }
        maps.dist = std::thread::scope(|scope| {
            let searches: Vec<_> = flags
                .iter()
                .map(|&f| scope.spawn(move || maps_ref.search_back(f)))
                .collect();
            searches
                .into_iter()
                .map(|s| Arc::new(s.join().unwrap_or_default()))
                .collect()
        });
        maps
    }

    /// The node a lone robot in `node` (`cell * 4 + facing`) ends phase 1 on after the card
    /// `CARDS[k]`, or `NO_STEP`.
    fn next(&self, node: usize, k: usize) -> u32 {
        let to = self.steps.as_ref().map_or(NO_STEP, |steps| {
            steps
                .steps(node * PHASES)
                .get(k)
                .map_or(NO_STEP, |&s| node_of(s))
        });
        if to == NO_STEP || self.deadly[to as usize / 4] {
            NO_STEP
        } else {
            to
        }
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
        for (node, d) in dist.iter_mut().enumerate() {
            for k in 0..CARDS.len() {
                let t = self.next(node, k);
                if t == NO_STEP {
                    continue;
                }
                if t as usize / 4 == flag_cell {
                    if *d == UNREACHABLE {
                        *d = 1;
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
            for k in 0..CARDS.len() {
                let t = self.next(node, k);
                if t == NO_STEP || t as usize / 4 == flag_cell {
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
        let to = self.next(state as usize, card_index(kind));
        (to != NO_STEP).then_some(to)
    }

    /// `step` with the damage the board's lasers deal the lone robot on the way (the step
    /// table's damage), so a walk can tell when a program would take a robot to 10 damage.
    pub fn step_hurt(&self, state: u32, kind: CardKind) -> Option<(u32, u8)> {
        let k = card_index(kind);
        let to = self.next(state as usize, k);
        if to == NO_STEP {
            return None;
        }
        let hurt = self.steps.as_ref().map_or(0, |steps| {
            steps
                .steps(state as usize * PHASES)
                .get(k)
                .map_or(0, |&s| damage_of(s))
        });
        Some((to, hurt))
    }

    /// Cards a lone robot in `state` needs to end a phase on flag `flag` (1-based);
    /// `UNREACHABLE` when it cannot.
    pub fn distance(&self, flag: u8, state: u32) -> u16 {
        let Some(map) = self.dist.get(usize::from(flag.max(1)) - 1) else {
            return UNREACHABLE;
        };
        map.get(state as usize).copied().unwrap_or(UNREACHABLE)
    }

    /// As `distance`, to flag `flag` where it stands now in `game` (moving flags carry flags off
    /// their squares): the map to that square, built once per square a flag stands on.
    pub fn distance_in(&self, game: &Game, flag: u8, state: u32) -> u16 {
        let now = game.flag_square(flag);
        if now.is_none() || now == self.flag_square(flag) {
            return self.distance(flag, state);
        }
        now.and_then(|s| self.map_to(s))
            .and_then(|m| m.get(state as usize).copied())
            .unwrap_or(UNREACHABLE)
    }

    /// The distance map to `square` (cards for a lone robot to end a phase there): a flag's own
    /// map on a flag's start square, else one searched the first time a flag stands there and
    /// kept. `None` off the grid.
    fn map_to(&self, square: Square) -> Option<Arc<Vec<u16>>> {
        if let Some(k) = self.factory.flags().iter().position(|&f| f == square) {
            return self.dist.get(k).map(Arc::clone);
        }
        let cell = self.factory.index(square)?;
        let cached = self
            .moved
            .lock()
            .ok()
            .and_then(|m| m.get(&cell).map(Arc::clone));
        if let Some(m) = cached {
            return Some(m);
        }
        let m = Arc::new(self.search_back(square));
        if let Ok(mut all) = self.moved.lock() {
            all.insert(cell, Arc::clone(&m));
        }
        Some(m)
    }

    /// Where the flags of `game` stand through the turn it is in (moving flags: as the turn
    /// starts and after each register phase, by the engine's own flag motion,
    /// `flags_through_phase`), with the map to each of those squares, so a walk meets a flag
    /// where it will be in the phase it gets there. Empty when the flags stay on their squares.
    pub fn track(&self, game: &Game) -> FlagTrack {
        if game.settings.house.moving_flags.is_none() {
            return FlagTrack::default();
        }
        let mut at: Vec<Square> = (1..=self.flag_count())
            .filter_map(|n| game.flag_square(n).or_else(|| self.flag_square(n)))
            .collect();
        let mut phases = Vec::with_capacity(6);
        for phase in 0..=5u8 {
            if phase > 0 {
                flags_through_phase(&self.factory, &mut at, phase);
            }
            let maps: Option<Vec<(Square, Arc<Vec<u16>>)>> =
                at.iter().map(|&s| self.map_to(s).map(|m| (s, m))).collect();
            let Some(maps) = maps else {
                return FlagTrack::default();
            };
            phases.push(maps);
        }
        FlagTrack { phases }
    }

    /// Flag `flag`'s square after `phase` register phases of the turn `track` follows.
    pub fn flag_square_at(&self, track: &FlagTrack, flag: u8, phase: u8) -> Option<Square> {
        match track.at(flag, phase) {
            Some((s, _)) => Some(*s),
            None => self.flag_square(flag),
        }
    }

    /// As `distance`, to flag `flag` where it stands after `phase` register phases of `track`.
    pub fn distance_at(&self, track: &FlagTrack, flag: u8, phase: u8, state: u32) -> u16 {
        match track.at(flag, phase) {
            Some((_, m)) => m.get(state as usize).copied().unwrap_or(UNREACHABLE),
            None => self.distance(flag, state),
        }
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
        self.best_facing_on(&FlagTrack::default(), square, flag)
    }

    /// As `best_facing`, to flag `flag` where it stands as the turn `track` follows starts.
    pub fn best_facing_on(&self, track: &FlagTrack, square: Square, flag: u8) -> Option<Facing> {
        Facing::ALL.into_iter().min_by_key(|&f| {
            self.state(square, f)
                .map_or(UNREACHABLE, |s| self.distance_at(track, flag, 0, s))
        })
    }
}

/// Where the flags stand through one turn under moving flags (`FlagMaps::track`): for the start
/// of the turn and after each of its five register phases, each flag's square and the map to it.
/// Empty when the flags stay put: then every look-up is the flag's own square and map, so a plain
/// game plans exactly as it always has.
#[derive(Clone, Debug, Default)]
pub struct FlagTrack {
    /// `phases[p][flag - 1]`: after register phase `p` (0: as the turn starts).
    phases: Vec<Vec<(Square, Arc<Vec<u16>>)>>,
}

impl FlagTrack {
    /// Flag `flag`'s square and map after `phase` phases (the last one known past the fifth).
    fn at(&self, flag: u8, phase: u8) -> Option<&(Square, Arc<Vec<u16>>)> {
        let last = self.phases.len().checked_sub(1)?;
        self.phases
            .get(usize::from(phase).min(last))?
            .get(usize::from(flag.max(1)) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Arena;
    use std::path::Path;

    fn maps() -> Arc<FlagMaps> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/standard-2x2.json");
        match Arena::load(&path) {
            Ok(a) => a.maps,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn every_finite_distance_has_a_card_that_brings_it_one_closer() {
        let maps = maps();
        let states = maps.factory().cell_count() as u32 * 4;
        for flag in 1..=maps.flag_count() {
            let Some(target) = maps.flag_square(flag) else {
                panic!("flag {flag} has no square")
            };
            let mut finite = 0;
            for s in 0..states {
                let d = maps.distance(flag, s);
                if d == UNREACHABLE {
                    continue;
                }
                finite += 1;
                let ok = CardKind::ALL.iter().any(|&k| {
                    maps.step(s, k).is_some_and(|t| {
                        if d == 1 {
                            maps.square_of(t) == target
                        } else {
                            maps.distance(flag, t) == d - 1
                        }
                    })
                });
                assert!(ok, "flag {flag}, state {s} at distance {d}");
            }
            // Most of the board reaches every flag.
            assert!(finite > states / 2, "flag {flag}: {finite} of {states}");
        }
    }

    #[test]
    fn bots_steer_for_a_moving_flag_where_it_stands_now_docs_rules_moving_flags() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../courses/moving-flags.json");
        let arena = match Arena::load(&path) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        let settings = crate::engine::Settings {
            house: arena.rules.house,
            ..crate::engine::Settings::default()
        };
        let mut game = match arena.game(&[crate::bots::BotKind::Random], settings, 1) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let mut events = Vec::new();
        game.begin_scripted_turn(&mut events);
        game.run_phase(&mut events);
        let maps = &arena.maps;
        let Some(now) = game.flag_square(1) else {
            panic!("flag 1 is on the board")
        };
        assert_ne!(Some(now), maps.flag_square(1), "the belt carried flag 1");
        let states = maps.factory().cell_count() as u32 * 4;
        let mut one_card = 0;
        let mut differ = 0;
        for s in 0..states {
            let d = maps.distance_in(&game, 1, s);
            differ += usize::from(d != maps.distance(1, s));
            if d == 1 {
                one_card += 1;
                assert!(
                    CardKind::ALL
                        .iter()
                        .any(|&k| maps.step(s, k).is_some_and(|t| maps.square_of(t) == now)),
                    "state {s}"
                );
            }
        }
        assert!(one_card > 0 && differ > 0);
    }

    #[test]
    fn pits_are_deadly_and_belts_carry_in_the_map_seed_001() {
        let maps = maps();
        let factory = Arc::clone(maps.factory());
        let pit = (0..factory.cell_count())
            .map(|c| factory.square_of(c))
            .find(|&s| factory.is_on_board(s) && factory.is_hole(s, 0));
        let Some(pit) = pit else {
            panic!("the 2 x 2 course has pits")
        };
        // Standing in a pit is no state at all: nothing leads on from it.
        let Some(state) = maps.state(pit, Facing::N) else {
            panic!("pit off the grid")
        };
        assert!(CardKind::ALL.iter().all(|&k| maps.step(state, k).is_none()));
        assert_eq!(maps.distance(1, state), UNREACHABLE);
        // Sorting Yard: (3, 1) is an express belt running south (the play log shows robots
        // carried from (3, 1) to (3, 2) and on to (3, 3) in one phase); a robot turning there in
        // place is still carried two squares (seed 001, Express Conveyor Belts).
        let Some(on_belt) = maps.state(Square::new(3, 1), Facing::E) else {
            panic!("(3, 1) off the grid")
        };
        let Some(after) = maps.step(on_belt, CardKind::Left) else {
            panic!("turning on a belt is safe")
        };
        assert_eq!(maps.square_of(after), Square::new(3, 3));
    }
}
