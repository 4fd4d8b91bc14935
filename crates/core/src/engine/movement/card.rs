//! A movement card, square by square (RULINGS.md, One register phase, step 2), with the expansion
//! elements of seed 001 that change it: teleporters, freak teleporters, portals, gates, repulsor
//! fields, ramps and oil slicks (docs/rules.md says how each open case was decided).

use crate::engine::card::CardKind;
use crate::engine::event::{Event, PushedBy, RobotId, RotateCause, Transport};
use crate::engine::factory::acts;
use crate::engine::game::{Game, MAX_ROBOTS};
use crate::engine::robot::Ids;
use crate::geom::{Facing, Square};

/// What one square of a movement card did.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Went {
    /// The robot moved and may go on.
    On,
    /// The robot stopped (wall, chain, pit, maglock, ramp): the rest of the card is lost.
    Stop,
    /// A repulsor field pushed the robot (or the robot it pushed) back: the card is over.
    Repelled,
}

/// `n` squares from `s` towards `dir` (backwards for a negative `n`).
fn ahead(s: Square, dir: Facing, n: i32) -> Square {
    let (d, n) = if n < 0 {
        (dir.opposite(), -n)
    } else {
        (dir, n)
    };
    (0..n).fold(s, |at, _| at.step(d))
}

impl Game {
    /// Step 2 for a movement card of `distance` squares (after Brakes, Fourth Gear, Reverse Gears
    /// or Crab Legs) going `dir` (the facing, behind it for a Back Up, or a Crab Legs side):
    /// teleporters and freak teleporters first, then square by square with gates, repulsor
    /// fields, ramps and portals, and last the oil slick slide.
    #[inline]
    pub(in crate::engine) fn move_card(
        &mut self,
        i: usize,
        distance: u8,
        dir: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        let start = self.robots[i].square;
        // No teleporter, water or oil where the card starts (`factory::acts`).
        if self.at_acts[i] & acts::PLAIN_START != 0 {
            self.card_squares_from(i, distance, distance, dir, phase, events);
            return;
        }
        let cell = self.factory.cell(start);
        // Teleporters: the card's distance plus 2, ignoring what lies between, unless a robot
        // or a non-flat device is on the square of arrival (seed 001, Teleporters; RULINGS.md:
        // a Back Up goes 3 back).
        if cell.teleporter {
            let target = ahead(start, dir, i32::from(distance) + 2);
            if self.teleport(i, target, Transport::Teleporter, phase, events) {
                return;
            }
        }
        // Freak teleporters: three random movement cards say where the robot appears, and then
        // it plays its own card from there (seed 001, Freak Teleporters).
        if cell.freak_teleporter {
            let offset = self.freak_offset();
            let target = ahead(start, self.robots[i].facing, offset);
            self.teleport(i, target, Transport::FreakTeleporter, phase, events);
            if !self.robots[i].is_active() {
                return;
            }
        }
        let here = self.robots[i].square;
        let c = self.factory.cell(here);
        // Water, a current or an oil slick under the robot negates the first square (seed 001,
        // Water; Oil Slicks: "If a robot begins its movement on an oil slick, the first square
        // of movement is negated").
        let squares = distance.saturating_sub(u8::from(c.water || c.oil));
        self.card_squares_from(i, squares, distance, dir, phase, events);
    }

    /// `squares` squares of a card of `distance` (less than it on water or oil) one by one,
    /// then the oil slick slide. Always inlined: its call cost was a sixth of a square's.
    #[inline(always)]
    fn card_squares_from(
        &mut self,
        i: usize,
        squares: u8,
        distance: u8,
        dir: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        let mut left = squares;
        let mut dir = dir;
        let mut moved = false;
        let mut went = Went::On;
        while left > 0 && went == Went::On {
            left -= 1;
            let before = self.robots[i].square;
            went = self.card_step(i, &mut dir, distance, &mut left, phase, events);
            moved |= went == Went::On || self.robots[i].square != before;
        }
        if moved
            && went != Went::Repelled
            && self.robots[i].is_active()
            && self.at_acts[i] & acts::PLAIN_START == 0
            && self.factory.cell(self.robots[i].square).oil
        {
            self.slide(i, dir, distance, phase, events, 0);
        }
    }

    /// One square of a movement card from where robot `i` stands. `dir` changes when a gate turns
    /// the robot; `left` is the squares still to go after this one (a ramp spends one more).
    /// Always inlined, as `card_squares_from`; `card_step_from` is the rest.
    #[inline(always)]
    fn card_step(
        &mut self,
        i: usize,
        dir: &mut Facing,
        distance: u8,
        left: &mut u8,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Went {
        // Most squares: no gate, ramp or ledge to leave by (`factory::acts`) and no repulsor
        // field on the board, so the square is the robot's step alone (`card_step_from`
        // would find nothing else to do).
        if self.at_acts[i] & acts::PLAIN_EXIT != 0 && !self.factory.has_repulsor_fields() {
            if !self.step(i, dir, phase, events) {
                return Went::Stop;
            }
            if self.at_acts[i] & acts::PLAIN_ENTRY == 0 {
                self.through_portal(i, events);
            }
            return Went::On;
        }
        self.card_step_from(i, dir, distance, left, phase, events)
    }

    /// `card_step` on any square: gates, repulsor fields and ramps looked for.
    fn card_step_from(
        &mut self,
        i: usize,
        dir: &mut Facing,
        distance: u8,
        left: &mut u8,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> Went {
        let from = self.robots[i].square;
        // No gate or ramp to look for on a plain square (`factory::acts`).
        let plain = self.at_acts[i] & acts::PLAIN_EXIT != 0;
        if !plain && let Some((exit, away)) = self.factory.gate_exit(from, *dir) {
            if !self.through_gate(i, *dir, exit, away, phase, events) {
                return Went::Stop;
            }
            *dir = away;
            return if self.robots[i].is_active() && !self.locked(i, phase) {
                Went::On
            } else {
                Went::Stop
            };
        }
        if self.factory.has_repulsor_fields() && !self.blocks_move(from, *dir) {
            // Repulsor fields: the robot that would enter one (the mover, or the front of the
            // chain it pushes) is pushed back the card's distance (seed 001, Repulsor Fields).
            let front = if self.robots[i].is_virtual {
                Some((i, from))
            } else {
                self.push_chain(from, *dir).map(|chain| {
                    chain.as_slice().last().map_or((i, from), |&j| {
                        let j = usize::from(j);
                        (j, self.robots[j].square)
                    })
                })
            };
            if let Some((j, at)) = front
                && self
                    .factory
                    .cell(self.factory.next(at, *dir).0)
                    .repulsor_field
            {
                self.repel(j, dir.opposite(), distance, phase, events);
                return Went::Repelled;
            }
        }
        if !plain && !self.blocks_move(from, *dir) && !self.up_the_ramp(i, *dir, left, events) {
            return Went::Stop;
        }
        if !self.step(i, dir, phase, events) {
            return Went::Stop;
        }
        if self.at_acts[i] & acts::PLAIN_ENTRY == 0 {
            self.through_portal(i, events);
        }
        Went::On
    }

    /// Ramps: going up (from a ramp square towards its `up`), the ramp is an extra square of open
    /// floor, so the crossing spends one more square of the card; a robot that would stop on that
    /// extra square is moved back 1 square, onto the ramp square it came from (seed 001, Ramps).
    /// Returns whether the robot goes on up; `left` loses the extra square.
    fn up_the_ramp(
        &mut self,
        i: usize,
        dir: Facing,
        left: &mut u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let from = self.robots[i].square;
        if self.factory.cell(from).ramp != Some(dir) {
            return true;
        }
        if *left == 0 {
            events.push(events_blocked(i, from, dir));
            return false;
        }
        *left -= 1;
        true
    }

    /// Portals: a robot that has just entered a portal under its card moves on to the portal of
    /// the same colour at once, unless a robot stands there, in which case the portal is open
    /// floor (seed 001, Portals).
    fn through_portal(&mut self, i: usize, events: &mut Vec<Event>) {
        let here = self.robots[i].square;
        if self.factory.cell(here).portal
            && let Some(exit) = self.factory.portal_exit(here)
            && (self.robots[i].is_virtual || self.real_robot_on(exit).is_none())
        {
            self.relocate(i, exit);
            events.push(Event::Teleported {
                robot: i as RobotId,
                by: Transport::Portal,
                from: here,
                to: exit,
            });
        }
    }

    /// Robot `i` goes into a gate towards `dir` and comes out on `exit` facing `away`, pushing a
    /// robot there as a move would (seed 001, Gates). Returns false when that push cannot happen
    /// and the robot stays where it is.
    fn through_gate(
        &mut self,
        i: usize,
        dir: Facing,
        exit: Square,
        away: Facing,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        let from = self.robots[i].square;
        let chain = if self.robots[i].is_virtual {
            Some(Ids::new())
        } else if exit == from {
            self.push_chain(exit, away)
        } else {
            self.push_chain(exit.step(away.opposite()), away)
        };
        let blocked = match &chain {
            None => true,
            Some(c) => c
                .as_slice()
                .iter()
                .any(|&j| self.locked(usize::from(j), phase)),
        };
        let Some(chain) = chain.filter(|_| !blocked) else {
            events.push(Event::Blocked {
                robot: i as RobotId,
                at: from,
                toward: dir,
            });
            return false;
        };
        self.push_along(&chain, away, PushedBy::Robot(i as RobotId), events);
        self.relocate(i, exit);
        events.push(Event::Teleported {
            robot: i as RobotId,
            by: Transport::Gate,
            from,
            to: exit,
        });
        let facing = self.robots[i].facing;
        if facing != away {
            self.robots[i].facing = away;
            events.push(Event::Rotated {
                robot: i as RobotId,
                from: facing,
                to: away,
                cause: RotateCause::Gate,
            });
        }
        self.land_pushed(&chain, exit, away, phase, events);
        self.land(i, phase, events)
    }

    /// Robot `i` arrives on its square under its card: a pit destroys, a flamer or lava pit
    /// burns, an active maglock holds. Returns whether it may go on.
    fn land(&mut self, i: usize, phase: u8, events: &mut Vec<Event>) -> bool {
        let s = self.robots[i].square;
        if self.factory.is_hole(s, phase) {
            self.destroy(i, self.fall_cause(s), events);
            return false;
        }
        let burn = self.factory.entry_burn(s, phase);
        if burn > 0 {
            self.add_damage(i, burn, events);
        }
        self.robots[i].is_active() && !self.locked(i, phase)
    }

    /// A repulsor field pushes robot `j` `squares` squares towards `dir`, one square at a time;
    /// it pushes the robots in its way and stops at a wall (seed 001, Repulsor Fields).
    fn repel(&mut self, j: usize, dir: Facing, squares: u8, phase: u8, events: &mut Vec<Event>) {
        for _ in 0..squares {
            if !self.robots[j].is_active()
                || !self.shove(j, dir, PushedBy::RepulsorField, phase, events)
            {
                return;
            }
        }
    }

    /// Oil slicks: robot `i` ended its card on oil and slides on towards `dir` until a wall or a
    /// robot not on oil stops it, or it is off the oil; a robot on oil it slides into slides
    /// too (seed 001, Oil Slicks). Each square is a square of its card (gates, portals and
    /// repulsor fields act), and a slide is cut off after twice the board's width and height,
    /// since portals can make a loop.
    fn slide(
        &mut self,
        i: usize,
        dir: Facing,
        distance: u8,
        phase: u8,
        events: &mut Vec<Event>,
        depth: usize,
    ) {
        let mut hit = Ids::new();
        let mut dir = dir;
        let limit = 2 * (self.factory.width() + self.factory.height()).max(1);
        for _ in 0..limit {
            let r = self.robots[i];
            if !r.is_active() || !self.factory.cell(r.square).oil {
                break;
            }
            // On a cube the slide goes on over a board edge (seed 003 section 8.1).
            let next = self.factory.next(r.square, dir).0;
            if !r.is_virtual
                && !self.blocks_move(r.square, dir)
                && let Some(k) = self.real_robot_on(next)
            {
                if !self.factory.cell(next).oil {
                    events.push(events_blocked(i, r.square, dir));
                    break;
                }
                if !hit.as_slice().contains(&(k as u8)) {
                    hit.push(k);
                }
            }
            let mut left = 0;
            if self.card_step(i, &mut dir, distance, &mut left, phase, events) != Went::On {
                break;
            }
        }
        if depth >= MAX_ROBOTS {
            return;
        }
        for &k in hit.as_slice() {
            let k = usize::from(k);
            let r = self.robots[k];
            if r.is_active() && self.factory.cell(r.square).oil {
                self.slide(k, dir, distance, phase, events, depth + 1);
            }
        }
    }

    /// Puts robot `i` on `target` for a teleporter or freak teleporter, unless another real
    /// robot or a non-flat device is there (seed 001, Teleporters; Freak Teleporters: "If another
    /// robot or a non-flat device is in the square the robot would arrive in, the teleporter does
    /// not operate"). A pit or open edge there destroys it.
    /// Returns whether the robot was teleported.
    fn teleport(
        &mut self,
        i: usize,
        target: Square,
        by: Transport,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> bool {
        if self.factory.non_flat(target) {
            return false;
        }
        if !self.robots[i].is_virtual && self.real_robot_on(target).is_some_and(|k| k != i) {
            return false;
        }
        let from = self.robots[i].square;
        self.relocate(i, target);
        events.push(Event::Teleported {
            robot: i as RobotId,
            by,
            from,
            to: target,
        });
        if self.factory.is_hole(target, phase) {
            self.destroy(i, self.fall_cause(target), events);
        }
        true
    }

    /// A freak teleporter's three random movement cards, drawn from the undealt deck and put
    /// back (they are only looked at), as squares along the robot's facing: a Move counts its
    /// distance forward, a Back Up one back. The cards hold no turn, so their order does not
    /// matter. With fewer than three movement cards in the deck, those there are count (seed 001,
    /// Freak Teleporters; docs/rules.md).
    fn freak_offset(&mut self) -> i32 {
        // The pool is the movement cards' kinds in deck order, drawn from as `swap_remove` would
        // (the last card moves into the drawn card's place), but read from the deck through the
        // draws' moves rather than copied: a phase allocates nothing (issue 21).
        let movement = |k: &CardKind| k.is_movement();
        let mut len = self.deck.iter().map(|c| c.kind).filter(movement).count();
        // Each draw so far: (the place drawn, the place of the card moved into it).
        let mut moved: [(usize, usize); 3] = [(usize::MAX, 0); 3];
        let nth = |deck: &[crate::engine::card::Card], moved: &[(usize, usize)], n: usize| {
            let mut n = n;
            for &(to, from) in moved.iter().rev() {
                if to == n {
                    n = from;
                }
            }
            deck.iter()
                .map(|c| c.kind)
                .filter(movement)
                .nth(n)
                .unwrap_or(CardKind::Move1)
        };
        let mut offset = 0;
        for draw in 0..3 {
            if len == 0 {
                break;
            }
            let k = self.rng.below(len as u64) as usize;
            let kind = nth(&self.deck, &moved[..draw], k);
            moved[draw] = (k, len - 1);
            len -= 1;
            offset += match kind {
                CardKind::BackUp => -1,
                kind => i32::from(kind.distance()),
            };
        }
        offset
    }
}

fn events_blocked(i: usize, at: Square, toward: Facing) -> Event {
    Event::Blocked {
        robot: i as RobotId,
        at,
        toward,
    }
}

#[cfg(test)]
mod tests;
