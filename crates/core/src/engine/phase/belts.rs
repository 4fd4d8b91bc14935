//! Step 4a-d of a register phase (RULINGS.md, Belts): gold, express and normal belts, then
//! currents and molten-metal rivers, each carrying its robots one square at the same time.

use crate::engine::event::{Event, RobotId, RotateCause};
use crate::engine::game::{Game, MAX_ROBOTS};
use crate::engine::robot::bits;
use crate::geom::{Facing, Square};
use crate::model::FlowKind;

/// Belt steps of RULINGS.md step 4: a (gold first square), b (express; gold second),
/// c (every belt), d (currents and rivers).
pub(super) const GOLD_STEP: u8 = 1 << (FlowKind::Gold as u8);
pub(super) const EXPRESS_STEP: u8 =
    (1 << (FlowKind::Express as u8)) | (1 << (FlowKind::Gold as u8));
pub(super) const ALL_BELTS_STEP: u8 = (1 << (FlowKind::Belt as u8))
    | (1 << (FlowKind::Express as u8))
    | (1 << (FlowKind::Gold as u8));
pub(super) const CURRENT_STEP: u8 =
    (1 << (FlowKind::Current as u8)) | (1 << (FlowKind::River as u8));

impl Game {
    /// One belt movement for the flow kinds in `kinds` (RULINGS.md, Belts): every robot on such a
    /// flow is carried one square at the same time. Belts never push: a robot whose destination
    /// holds a robot that stays put stays too (and so on back along a queue); two robots carried
    /// onto one square, or head-on into each other's squares, both stay; a closed loop turns.
    /// Walls stop belt moves. Virtual robots take part in none of these conflicts.
    pub(super) fn belt_step(&mut self, kinds: u8, phase: u8, events: &mut Vec<Event>) {
        let n = self.robots.len().min(MAX_ROBOTS);
        let mut dest = [Square::default(); MAX_ROBOTS];
        let mut dir = [Facing::N; MAX_ROBOTS];
        let mut out = [Facing::N; MAX_ROBOTS];
        let mut moving: u16 = 0;
        for i in 0..n {
            // Off the board, or on no flow of these kinds (`factory::acts`: a bit per kind).
            if self.at_acts[i] & u32::from(kinds) == 0 {
                continue;
            }
            let r = self.robots[i];
            let Some(flow) = self.factory.cell(r.square).flow else {
                continue;
            };
            if self.blocks_move(r.square, flow.out) {
                events.push(Event::Blocked {
                    robot: i as RobotId,
                    at: r.square,
                    toward: flow.out,
                });
                continue;
            }
            // On a cube a belt carries a robot over a board edge, turned with its way of
            // travel (seed 003 section 8.1); `dir` is the way it arrives.
            (dest[i], dir[i]) = self.factory.next(r.square, flow.out);
            out[i] = flow.out;
            moving |= 1 << i;
        }
        if moving == 0 {
            return;
        }
        // Cancel conflicting moves until none is left; cancelling only ever adds robots that stay
        // put, so this ends within n rounds.
        let mut stopped: u16 = 0;
        loop {
            let mut cancel: u16 = 0;
            for i in bits(moving) {
                if self.robots[i].is_virtual {
                    continue;
                }
                let d = dest[i];
                let here = self.robots[i].square;
                for j in bits(moving) {
                    if j == i || self.robots[j].is_virtual {
                        continue;
                    }
                    if dest[j] == d || (dest[j] == here && self.robots[j].square == d) {
                        cancel |= 1 << i;
                    }
                }
                if let Some(k) = self.real_robot_on(d)
                    && moving & (1 << k) == 0
                {
                    cancel |= 1 << i;
                }
            }
            if cancel == 0 {
                break;
            }
            moving &= !cancel;
            stopped |= cancel;
        }
        for i in bits(stopped) {
            events.push(Event::Blocked {
                robot: i as RobotId,
                at: self.robots[i].square,
                toward: out[i],
            });
        }
        // The flow each carried robot leaves (only those are read below).
        let mut sources = [None::<FlowKind>; MAX_ROBOTS];
        for i in bits(moving) {
            sources[i] = self
                .factory
                .cell(self.robots[i].square)
                .flow
                .map(|f| f.kind);
        }
        for i in bits(moving) {
            let from = self.robots[i].square;
            self.relocate(i, dest[i]);
            events.push(Event::BeltMoved {
                robot: i as RobotId,
                from,
                to: dest[i],
            });
            self.turn_with_fold(i, out[i], dir[i], events);
        }
        for i in bits(moving) {
            let at = dest[i];
            if self.factory.is_hole(at, phase) {
                self.destroy(i, self.fall_cause(at), events);
                continue;
            }
            // The square it left, back over a cube's fold if it crossed one.
            let left = self.factory.next(at, dir[i].opposite()).0;
            if !self.ledge_drop(i, left, out[i], events) {
                continue;
            }
            // A molten-metal river burns every robot it moves (seed 001, Molten Metal River).
            if sources[i] == Some(FlowKind::River) {
                self.add_damage(i, 1, events);
                if !self.robots[i].is_active() {
                    continue;
                }
            }
            // Only a belt-carried robot entering through a side entry the art shows is turned
            // (RULINGS.md, Belts; FAQ 7.2 for express onto a normal turning belt).
            if let (Some(src), Some(flow)) = (sources[i], self.factory.cell(at).flow)
                && same_family(src, flow.kind)
                && let Some(turn) = flow.turn_on_entry(dir[i].opposite())
            {
                self.rotate(i, turn, RotateCause::Belt, events);
            }
        }
    }
}

/// Belt-carried robots turn on belts; current- and river-carried robots on their own kind.
fn same_family(a: FlowKind, b: FlowKind) -> bool {
    (a.is_belt() && b.is_belt()) || a == b
}

#[cfg(test)]
mod tests;
