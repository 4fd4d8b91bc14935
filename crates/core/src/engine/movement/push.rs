//! Pushes (RULINGS.md, Robots and other robots): the chain of real robots a move would push,
//! whether a robot can go one square, pushes that are not a robot's own move (repulsor fields,
//! weapons), and what happens to robots where they land: pits, ledges, spikes, maglocks, flamers.

use crate::engine::event::{DestroyCause, Event, PushedBy, RobotId};
use crate::engine::game::{Game, MAX_ROBOTS};
use crate::engine::robot::Ids;
use crate::geom::{Facing, Square};

impl Game {
    pub(in crate::engine) fn fall_cause(&self, s: Square) -> DestroyCause {
        if self.factory.is_on_board(s) {
            DestroyCause::Pit
        } else {
            DestroyCause::Edge
        }
    }

    /// The real robots in a line ahead of `from` going `dir` that a push would move, nearest
    /// first; `None` when a wall stops any of them (RULINGS.md, Robots and other robots).
    #[inline]
    pub(in crate::engine) fn push_chain(&self, from: Square, dir: Facing) -> Option<Ids> {
        let mut chain = Ids::new();
        let (mut at, mut dir) = self.factory.next(from, dir);
        // Most squares ahead hold no robot: one look at the occupancy and the chain is empty.
        if self.robots_on(at) == 0 {
            return Some(chain);
        }
        while let Some(j) = self.real_robot_on(at) {
            if self.blocks_move(at, dir) || chain.len == MAX_ROBOTS {
                return None;
            }
            chain.push(j);
            (at, dir) = self.factory.next(at, dir);
        }
        Some(chain)
    }

    /// Whether robot `i` can go one square `dir`, by its card or pushed: the real robots it would push
    /// (none for a virtual robot), or `None` with a `Blocked` event when a wall stops it or the chain
    /// (running into a spiked side hurts: seed 001, Spiked Walls) or an active maglock holds a robot
    /// of the chain (seed 001, MagLocks).
    #[inline]
    pub(super) fn way_ahead(
        &mut self,
        i: usize,
        dir: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Option<Ids> {
        let from = self.robots[i].square;
        let blocked = |events: &mut Vec<Event>| {
            events.push(Event::Blocked {
                robot: i as RobotId,
                at: from,
                toward: dir,
            })
        };
        if self.blocks_move(from, dir) {
            blocked(events);
            if self.factory.spiked(from, dir) {
                self.add_damage(i, 1, events);
            }
            return None;
        }
        let chain = if self.robots[i].is_virtual {
            Some(Ids::new())
        } else {
            self.push_chain(from, dir)
        };
        let Some(chain) = chain else {
            blocked(events);
            self.spike_chain_end(from, dir, events);
            return None;
        };
        // A robot on an active maglock cannot be pushed: the chain stops as at a wall.
        if chain
            .as_slice()
            .iter()
            .any(|&j| self.locked(usize::from(j), phase))
        {
            blocked(events);
            return None;
        }
        Some(chain)
    }

    /// Robot `i` stands on a maglock active in `phase`.
    pub(in crate::engine) fn locked(&self, i: usize, phase: u8) -> bool {
        self.factory
            .cell(self.robots[i].square)
            .maglock
            .contains(phase)
    }

    /// Robot `j` just went from `from` towards `dir`: crossing a ledge from the upper level to the
    /// lower it lands and takes 2 (seed 001, Ledges), by card, push, belt or pusher alike.
    /// Returns whether it is still on the board.
    pub(in crate::engine) fn ledge_drop(
        &mut self,
        j: usize,
        from: Square,
        dir: Facing,
        events: &mut Vec<Event>,
    ) -> bool {
        if self.factory.drops(from, dir) {
            self.add_damage(j, 2, events);
        }
        self.robots[j].is_active()
    }

    /// A push from `from` towards `dir` failed on a wall: the robot of the chain against that
    /// wall was pushed into it, and takes 1 if it is spiked on its side (seed 001, Spiked Walls).
    pub(in crate::engine) fn spike_chain_end(
        &mut self,
        from: Square,
        dir: Facing,
        events: &mut Vec<Event>,
    ) {
        let (mut at, mut dir) = self.factory.next(from, dir);
        while let Some(j) = self.real_robot_on(at) {
            if self.blocks_move(at, dir) {
                if self.factory.spiked(at, dir) {
                    self.add_damage(j, 1, events);
                }
                return;
            }
            (at, dir) = self.factory.next(at, dir);
        }
    }

    /// Moves the robots of a push chain one square towards `dir`, far end first.
    pub(super) fn push_along(
        &mut self,
        chain: &Ids,
        dir: Facing,
        by: PushedBy,
        events: &mut Vec<Event>,
    ) {
        self.push_along_from(chain, dir, by, true, events);
    }

    /// Moves the robots of a push chain one square, the nearest going `dir`: each goes on the
    /// way the one before it arrived (on a cube a board edge turns it, seed 003 section 8.1).
    /// `far_first` says which end's event comes first.
    pub(super) fn push_along_from(
        &mut self,
        chain: &Ids,
        dir: Facing,
        by: PushedBy,
        far_first: bool,
        events: &mut Vec<Event>,
    ) {
        let mut moves = [(Square::default(), Facing::N, Facing::N); MAX_ROBOTS];
        let mut d = dir;
        for (k, &j) in chain.as_slice().iter().enumerate() {
            let (to, travel) = self.factory.next(self.robots[usize::from(j)].square, d);
            moves[k] = (to, d, travel);
            d = travel;
        }
        let n = chain.as_slice().len();
        for step in 0..n {
            let k = if far_first { n - 1 - step } else { step };
            let j = usize::from(chain.as_slice()[k]);
            let (to, went, travel) = moves[k];
            let from = self.robots[j].square;
            self.relocate(j, to);
            events.push(Event::Pushed {
                robot: j as RobotId,
                by,
                from,
                to,
            });
            self.turn_with_fold(j, went, travel, events);
        }
    }

    /// Pushed robots land: a pit destroys, a ledge drops, and a flamer or lava pit burns as for any
    /// robot moved in the Robots Move segment (docs/rules.md, Flamers). The first robot of `chain`
    /// left `from` going `dir`; each after it left the square the one before it landed on, going
    /// the way that one travels there (on a cube a board edge turns it, seed 003 section 8.1).
    pub(super) fn land_pushed(
        &mut self,
        chain: &Ids,
        from: Square,
        dir: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        let (mut from, mut dir) = (from, dir);
        for &j in chain.as_slice() {
            let j = usize::from(j);
            let s = self.robots[j].square;
            let travel = self.factory.next(from, dir).1;
            if self.factory.is_hole(s, phase) {
                self.destroy(j, self.fall_cause(s), events);
            } else if self.ledge_drop(j, from, dir, events) {
                let burn = self.factory.entry_burn(s, phase);
                if burn > 0 {
                    self.add_damage(j, burn, events);
                }
            }
            (from, dir) = (s, travel);
        }
    }

    /// A push of one square on robot `j` that is not its own move (a repulsor field, or a weapon
    /// option), with the chain ahead of it: walls stop it (the spiked side hurts), an active maglock
    /// holds any robot of it, and the robots land as pushed robots do. Returns whether it may be
    /// pushed further (a wall, a pit or an active maglock ends the push).
    pub(in crate::engine) fn shove(
        &mut self,
        j: usize,
        dir: Facing,
        by: PushedBy,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let from = self.robots[j].square;
        if self.locked(j, phase) {
            return false;
        }
        let Some(chain) = self.way_ahead(j, dir, phase, events) else {
            return false;
        };
        let (to, travel) = self.factory.next(from, dir);
        self.push_along(&chain, travel, PushedBy::Robot(j as RobotId), events);
        self.relocate(j, to);
        events.push(Event::Pushed {
            robot: j as RobotId,
            by,
            from,
            to,
        });
        self.turn_with_fold(j, dir, travel, events);
        self.land_pushed(&chain, to, travel, phase, events);
        let mut me = Ids::new();
        me.push(j);
        self.land_pushed(&me, from, dir, phase, events);
        self.robots[j].is_active() && !self.locked(j, phase)
    }
}
