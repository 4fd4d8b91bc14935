//! Steps 4e-4g of a register phase: pushers and repulsor beams push at the same time (RULINGS.md,
//! Fine points; seed 001, Repulsors), gears turn, crushers and trap doors destroy.

use crate::engine::event::{DestroyCause, Event, PushedBy, RobotId, RotateCause};
use crate::engine::game::{Game, MAX_ROBOTS};
use crate::engine::robot::Ids;
use crate::geom::Facing;

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
        let mut moved_dirs = [Facing::N; MAX_ROBOTS];
        for (k, (p, dir, chain)) in pushes.iter().enumerate().take(count) {
            let p = usize::from(*p);
            if cancelled[k] {
                events.push(Event::Blocked {
                    robot: p as RobotId,
                    at: self.robots[p].square,
                    toward: *dir,
                });
                continue;
            }
            let from = self.robots[p].square;
            // Move the far end of the chain first so each robot steps into a vacated square.
            for &j in chain.as_slice().iter().rev() {
                let j = usize::from(j);
                let jf = self.robots[j].square;
                self.relocate(j, jf.step(*dir));
                moved_dirs[moved.len.min(MAX_ROBOTS - 1)] = *dir;
                moved.push(j);
            }
            self.relocate(p, from.step(*dir));
            moved_dirs[moved.len.min(MAX_ROBOTS - 1)] = *dir;
            moved.push(p);
            events.push(Event::Pushed {
                robot: p as RobotId,
                by: causes[k],
                from,
                to: from.step(*dir),
            });
            for &j in chain.as_slice() {
                let j = usize::from(j);
                let to = self.robots[j].square;
                events.push(Event::Pushed {
                    robot: j as RobotId,
                    by: PushedBy::Robot(p as RobotId),
                    from: to.step(dir.opposite()),
                    to,
                });
            }
        }
        for (k, &j) in moved.as_slice().iter().enumerate() {
            let j = usize::from(j);
            let s = self.robots[j].square;
            if self.factory.is_hole(s, phase) {
                self.destroy(j, self.fall_cause(s), events);
            } else {
                let dir = moved_dirs[k];
                self.ledge_drop(j, s.step(dir.opposite()), dir, events);
            }
        }
    }

    /// Two pushes conflict when they move a common real robot or end real robots on one square.
    fn pushes_conflict(&self, a: &(u8, Facing, Ids), b: &(u8, Facing, Ids)) -> bool {
        let members = |p: &(u8, Facing, Ids)| {
            let mut v = Ids::new();
            v.push(usize::from(p.0));
            for &j in p.2.as_slice() {
                v.push(usize::from(j));
            }
            v
        };
        let (ma, mb) = (members(a), members(b));
        for &x in ma.as_slice() {
            let rx = &self.robots[usize::from(x)];
            if rx.is_virtual {
                continue;
            }
            for &y in mb.as_slice() {
                let ry = &self.robots[usize::from(y)];
                if ry.is_virtual {
                    continue;
                }
                if x == y || rx.square.step(a.1) == ry.square.step(b.1) {
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
            found = match found {
                None => Some(Some(line.direction)),
                Some(Some(d)) if d == line.direction => Some(Some(d)),
                _ => Some(None),
            };
        }
        found
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
