//! Steps 4e-4g of a register phase: pushers and repulsor beams push at the same time (RULINGS.md,
//! Fine points; seed 001, Repulsors), gears turn, crushers and trap doors destroy.

use crate::engine::event::{DestroyCause, Event, PushedBy, RobotId, RotateCause};
use crate::engine::game::{Game, MAX_ROBOTS};
use crate::engine::robot::Ids;
use crate::geom::{Facing, Square};

/// One robot's square of a push: from where, the way it went, where it lands and the way it
/// travels there (the same but across a board edge of a cube).
#[derive(Clone, Copy, Debug)]
struct PushStep {
    robot: u8,
    from: Square,
    went: Facing,
    to: Square,
    travel: Facing,
}

impl PushStep {
    const NONE: PushStep = PushStep {
        robot: 0,
        from: Square::new(0, 0),
        went: Facing::N,
        to: Square::new(0, 0),
        travel: Facing::N,
    };
}

impl Game {
    /// Step 4e: active pushers push the robot on their square one square away from the wall, all
    /// at the same time; each pushed robot may push a chain. A chain that meets a wall, or two
    /// pushes that would move one robot or end on one square, leave the robots of those pushes
    /// where they are (RULINGS.md, Fine points).
    pub(super) fn pushers(&mut self, phase: u8, events: &mut Vec<Event>) {
        let n = self.robots.len().min(MAX_ROBOTS);
        // Each push: the pushed robot, its direction, and the chain ahead of it.
        let mut pushes: [(u8, Facing, Ids); MAX_ROBOTS] = [(0, Facing::N, Ids::new()); MAX_ROBOTS];
        // Who pushes each: a pusher or a repulsor's beam (seed 001, Repulsors: "at the same time
        // as normal pushers").
        let mut causes = [PushedBy::Pusher; MAX_ROBOTS];
        let mut count = 0;
        for i in 0..n {
            let r = self.robots[i];
            if !r.is_active() {
                continue;
            }
            let cell = self.factory.cell(r.square);
            let pusher = Facing::ALL
                .into_iter()
                .find(|s| cell.pushers[s.index()].contains(phase))
                .map(Facing::opposite);
            // A pusher and a repulsor pushing one robot the same way push it once; pushes in two
            // ways leave it where it is (docs/rules.md, Repulsors).
            let (dir, cause) = match (pusher, self.repulsor_push(i, phase)) {
                (None, None) => continue,
                (Some(d), None) => (d, PushedBy::Pusher),
                (Some(d), Some(Some(e))) if d == e => (d, PushedBy::Pusher),
                (None, Some(Some(e))) => (e, PushedBy::Repulsor),
                (p, Some(_)) => {
                    events.push(Event::Blocked {
                        robot: i as RobotId,
                        at: r.square,
                        toward: p.unwrap_or(r.facing),
                    });
                    continue;
                }
            };
            let chain = if self.blocks_move(r.square, dir) {
                None
            } else if r.is_virtual {
                Some(Ids::new())
            } else {
                self.push_chain(r.square, dir)
            };
            match chain {
                Some(chain) => {
                    pushes[count] = (i as u8, dir, chain);
                    causes[count] = cause;
                    count += 1;
                }
                None => {
                    events.push(Event::Blocked {
                        robot: i as RobotId,
                        at: r.square,
                        toward: dir,
                    });
                    // Pushed into the spiked side of a spiked wall: 1 (seed 001, Spiked Walls).
                    if !self.blocks_move(r.square, dir) {
                        self.spike_chain_end(r.square, dir, events);
                    } else if self.factory.spiked(r.square, dir) {
                        self.add_damage(i, 1, events);
                    }
                }
            }
        }
        if count == 0 {
            return;
        }
        // Which real robots each push moves, and the squares they end on.
        let mut cancelled = [false; MAX_ROBOTS];
        for a in 0..count {
            for b in (a + 1)..count {
                if self.pushes_conflict(&pushes[a], &pushes[b]) {
                    cancelled[a] = true;
                    cancelled[b] = true;
                }
            }
        }
        let mut moved = Ids::new();
        // Where each moved robot came from and the way it went: a ledge it went over drops it.
        let mut moved_from = [(Square::default(), Facing::N); MAX_ROBOTS];
        for (k, push) in pushes.iter().enumerate().take(count) {
            let p = usize::from(push.0);
            if cancelled[k] {
                events.push(Event::Blocked {
                    robot: p as RobotId,
                    at: self.robots[p].square,
                    toward: push.1,
                });
                continue;
            }
            let (steps, n_steps) = self.push_steps(push);
            // Move the far end of the chain first so each robot steps into a vacated square.
            for st in steps[..n_steps].iter().rev() {
                let j = usize::from(st.robot);
                self.relocate(j, st.to);
                moved_from[moved.len.min(MAX_ROBOTS - 1)] = (st.from, st.went);
                moved.push(j);
            }
            // The pushed robot first, then its chain, as on a flat course; across a board edge
            // of a cube each turns with its way of travel (seed 003 section 8.1).
            for (m, st) in steps[..n_steps].iter().enumerate() {
                let j = usize::from(st.robot);
                events.push(Event::Pushed {
                    robot: st.robot as RobotId,
                    by: if m == 0 {
                        causes[k]
                    } else {
                        PushedBy::Robot(p as RobotId)
                    },
                    from: st.from,
                    to: st.to,
                });
                self.turn_with_fold(j, st.went, st.travel, events);
            }
        }
        for (k, &j) in moved.as_slice().iter().enumerate() {
            let j = usize::from(j);
            let s = self.robots[j].square;
            if self.factory.is_hole(s, phase) {
                self.destroy(j, self.fall_cause(s), events);
            } else {
                let (from, went) = moved_from[k];
                self.ledge_drop(j, from, went, events);
            }
        }
    }

    /// The one-square moves of a push: the pushed robot first, then the robots of its chain,
    /// each going on the way the one before it arrived. On a flat course that is one direction;
    /// on a cube a board edge leads onto the board it folds onto and turns the way of travel
    /// (seed 003 section 8.1, `Factory::next`).
    fn push_steps(&self, push: &(u8, Facing, Ids)) -> ([PushStep; MAX_ROBOTS], usize) {
        let mut steps = [PushStep::NONE; MAX_ROBOTS];
        let mut n = 0;
        let mut went = push.1;
        for j in std::iter::once(push.0).chain(push.2.as_slice().iter().copied()) {
            if n == MAX_ROBOTS {
                break;
            }
            let from = self.robots[usize::from(j)].square;
            let (to, travel) = self.factory.next(from, went);
            steps[n] = PushStep {
                robot: j,
                from,
                went,
                to,
                travel,
            };
            n += 1;
            went = travel;
        }
        (steps, n)
    }

    /// Two pushes conflict when they move a common real robot or end real robots on one square.
    fn pushes_conflict(&self, a: &(u8, Facing, Ids), b: &(u8, Facing, Ids)) -> bool {
        let (sa, na) = self.push_steps(a);
        let (sb, nb) = self.push_steps(b);
        for x in &sa[..na] {
            if self.robots[usize::from(x.robot)].is_virtual {
                continue;
            }
            for y in &sb[..nb] {
                if self.robots[usize::from(y.robot)].is_virtual {
                    continue;
                }
                if x.robot == y.robot || x.to == y.to {
                    return true;
                }
            }
        }
        false
    }

    /// Step 4e, fan-created repulsors: the robot on the first occupied square of an active
    /// repulsor's beam is pushed one square away from the mount (seed 001, Repulsors). `None`:
    /// no beam reaches robot `i`; `Some(None)`: beams push it different ways, so it stays;
    /// `Some(Some(dir))`: it is pushed towards `dir`.
    fn repulsor_push(&self, i: usize, phase: u8) -> Option<Option<Facing>> {
        let c = self.factory.index(self.robots[i].square)?;
        if self.robots_at(c) == 0 {
            return None;
        }
        let mut found: Option<Option<Facing>> = None;
        // The beams crossing this square (traced once with the board), each checked for an
        // occupied square nearer its mount: the cost does not grow with the board (issue 21).
        for x in self.factory.repulsor_crossings(c) {
            let line = &self.factory.repulsors()[x.line as usize];
            if !line.phases.contains(phase) || self.nearer_on_line(x.line, x.pos, c) {
                continue;
            }
            let way = self.repulsor_way(x.line, x.pos);
            found = match found {
                None => Some(Some(way)),
                Some(Some(d)) if d == way => Some(Some(way)),
                _ => Some(None),
            };
        }
        found
    }

    /// The way repulsor beam `line` travels at position `pos` along it, which is the way it
    /// pushes there: the mount's way, but on the inside of a cube a beam that crossed a board
    /// edge into the first row across travels on as the fold turns it (seed 003 section 8.1).
    fn repulsor_way(&self, line: u32, pos: u32) -> Facing {
        let line = &self.factory.repulsors()[line as usize];
        let dir = line.direction;
        if self.factory.cube().is_none() || pos == 0 {
            return dir;
        }
        let (Some(&before), Some(&here)) = (
            line.cells.get(pos as usize - 1),
            line.cells.get(pos as usize),
        ) else {
            return dir;
        };
        let (to, travel) = self
            .factory
            .next(self.factory.square_of(before as usize), dir);
        if self.factory.index(to) == Some(here as usize) {
            travel
        } else {
            dir
        }
    }

    /// Whether some occupied square other than cell `c` lies on repulsor beam `line` nearer its
    /// mount than `pos`.
    fn nearer_on_line(&self, line: u32, pos: u32, c: usize) -> bool {
        self.robots.iter().any(|r| {
            self.factory.index(r.square).is_some_and(|d| {
                d != c
                    && self.robots_at(d) != 0
                    && self
                        .factory
                        .repulsor_crossings(d)
                        .iter()
                        .any(|y| y.line == line && y.pos < pos)
            })
        })
    }

    /// Step 4f: gears turn every robot on them 90 degrees in their direction.
    pub(super) fn gears(&mut self, events: &mut Vec<Event>) {
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            if !self.robots[i].is_active() {
                continue;
            }
            if let Some(spin) = self.factory.cell(self.robots[i].square).gear {
                self.rotate(i, spin.turn(), RotateCause::Gear, events);
            }
        }
    }

    /// The start of a phase: a trap door active in this phase is a pit for the whole phase, so a
    /// robot standing on it when the phase begins falls in before any robot moves (seed 001, Trap
    /// Door Pits: "When a robot begins a phase on a trap door pit that has suddenly become active,
    /// the robot is destroyed"; "treat is as a pit for the entire phase"; RULINGS.md, Fine points).
    /// A robot that moves, is pushed or carried onto one later in the phase falls at once, as into
    /// any pit (`Factory::is_hole`).
    pub(crate) fn open_trap_doors(&mut self, phase: u8, events: &mut Vec<Event>) {
        if !self.factory.has_open_trap_doors(phase) {
            return;
        }
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            if self.robots[i].is_active()
                && self
                    .factory
                    .cell(self.robots[i].square)
                    .trap_door
                    .contains(phase)
            {
                self.destroy(i, DestroyCause::Pit, events);
            }
        }
    }

    /// Step 4g: crushers active this phase destroy the robot under them. (A robot can no longer
    /// stand on an active trap door here: it fell at the phase's start or as it arrived; the
    /// check stays as the pit's guard for any way onto the square a later rule may add.)
    pub(super) fn crushers(&mut self, phase: u8, events: &mut Vec<Event>) {
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            if !self.robots[i].is_active() {
                continue;
            }
            let cell = self.factory.cell(self.robots[i].square);
            if cell.crusher.contains(phase) {
                self.destroy(i, DestroyCause::Crusher, events);
            } else if cell.trap_door.contains(phase) {
                self.destroy(i, DestroyCause::Pit, events);
            }
        }
    }
}

#[cfg(test)]
mod tests;
