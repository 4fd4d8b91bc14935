//! One square of a robot's own move (RULINGS.md, One register phase, step 2), pushing the robots
//! ahead of it, with the Ramming Gear; and rotation, which the Gyroscopic Stabilizer may hold.

use crate::engine::cube::quarter_turns;
use crate::engine::event::{Event, PushedBy, RobotId, RotateCause};
use crate::engine::factory::acts;
use crate::engine::game::Game;
use crate::engine::options::OptionCard;
use crate::engine::robot::Ids;
use crate::geom::{Facing, Turn};

impl Game {
    /// One square of a movement card: the mover goes one square, pushing the real robots ahead of
    /// it (virtual robots push no one and pass through others). A wall stops the mover, or the
    /// whole chain, and the rest of the move is lost; a pit or open edge destroys at once.
    /// On a cube `dir` becomes the way of travel across a board edge (seed 003 section 8.1).
    /// Returns whether the mover may go on. Always inlined into `card_step`, its one caller: the
    /// call cost a sixth of a square (issue 21).
    #[inline(always)]
    pub(super) fn step(
        &mut self,
        i: usize,
        dir: &mut Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let from = self.robots[i].square;
        let (to, travel) = self.factory.next(from, *dir);
        let cell = self.factory.index(to);
        // Most squares have no wall ahead and no robot to push: then `way_ahead` would find an
        // empty chain, and is not asked.
        let clear = !self.blocks_move(from, *dir)
            && (self.robots[i].is_virtual || cell.is_none_or(|c| self.robots_at(c) == 0));
        let chain = if clear {
            Ids::new()
        } else {
            let Some(chain) = self.way_ahead(i, *dir, phase, events) else {
                return false;
            };
            chain
        };
        let left = self.at_acts[i];
        // The mover is active (it has a card), so it stands on `to`'s cell if it is on the grid.
        match cell {
            Some(c) if self.robots[i].is_active() => self.relocate_to_cell(i, to, c),
            _ => self.relocate(i, to),
        }
        events.push(Event::Moved {
            robot: i as RobotId,
            from,
            to,
        });
        self.turn_with_fold(i, *dir, travel, events);
        let went = *dir;
        *dir = travel;
        // Most squares push no one: then there is nothing to move, land or ram.
        if chain.len > 0 {
            self.push_along_from(&chain, travel, PushedBy::Robot(i as RobotId), false, events);
            // Pushed robots move in the Robots Move segment too (docs/rules.md).
            self.land_pushed(&chain, to, travel, phase, events);
            self.ramming(i, chain.as_slice(), events);
        }
        let dir = went;
        // From a square with no ledge onto one that burns, holds or swallows no robot: the
        // checks below would all pass (`factory::acts`, read from the robot's square).
        if left & acts::PLAIN_EXIT != 0 && self.at_acts[i] & acts::PLAIN_ENTRY != 0 {
            return true;
        }
        if self.factory.is_hole(to, phase) {
            self.destroy(i, self.fall_cause(to), events);
            return false;
        }
        if !self.ledge_drop(i, from, dir, events) {
            return false;
        }
        // Moving onto or through an active flamer or a lava pit: 1 damage each (seed 001).
        let burn = self.factory.entry_burn(to, phase);
        if burn > 0 {
            self.add_damage(i, burn, events);
            if !self.robots[i].is_active() {
                return false;
            }
        }
        // Passing onto or over an active maglock ends the movement there (seed 001, MagLocks).
        !self.locked(i, phase)
    }

    pub(in crate::engine) fn rotate(
        &mut self,
        i: usize,
        turn: Turn,
        cause: RotateCause,
        events: &mut Vec<Event>,
    ) {
        // A switched-on Gyroscopic Stabilizer holds the facing against belts and gears.
        if self.stabilized(i, cause, events) {
            return;
        }
        let from = self.robots[i].facing;
        let to = from.turned(turn);
        self.robots[i].facing = to;
        events.push(Event::Rotated {
            robot: i as RobotId,
            from,
            to,
            cause,
        });
    }

    /// Robot `i` went towards `went` and travels on towards `travel`: different only across a
    /// board edge of a cube, where the robot keeps its heading on the cube and so turns on the
    /// net with its way of travel (seed 003 section 8.1).
    pub(in crate::engine) fn turn_with_fold(
        &mut self,
        i: usize,
        went: Facing,
        travel: Facing,
        events: &mut Vec<Event>,
    ) {
        if went == travel {
            return;
        }
        let from = self.robots[i].facing;
        let to = Facing::from_index(from.index() + quarter_turns(went, travel));
        self.robots[i].facing = to;
        events.push(Event::Rotated {
            robot: i as RobotId,
            from,
            to,
            cause: RotateCause::CubeEdge,
        });
    }

    /// Ramming Gear: every robot robot `i` pushed in this step takes 1 damage (issue 8).
    fn ramming(&mut self, i: usize, pushed: &[u8], events: &mut Vec<Event>) {
        if pushed.is_empty() || !self.usable(i, OptionCard::RammingGear) {
            return;
        }
        for &j in pushed {
            let j = usize::from(j);
            if self.robots[j].is_active() {
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: OptionCard::RammingGear,
                    target: Some(j as RobotId),
                });
                self.take_damage(j, 1, events);
            }
        }
    }

    /// Gyroscopic Stabilizer: when switched on for the turn, belts and gears do not rotate the
    /// robot. Returns whether it holds the robot's facing.
    fn stabilized(&self, i: usize, cause: RotateCause, events: &mut Vec<Event>) -> bool {
        if cause == RotateCause::Card
            || !self.opt.choices[i].gyroscopic_stabilizer
            || !self.usable(i, OptionCard::GyroscopicStabilizer)
        {
            return false;
        }
        self.option_used(i, OptionCard::GyroscopicStabilizer, events);
        true
    }
}

#[cfg(test)]
mod tests;
