//! Step 6 of a register phase (RULINGS.md, Touch): robots touch flags and repair sites (with the
//! Mechanical Arm, one in reach), set their archive, draw an option on radioactive waste or a chop
//! shop, and finish on the last flag.

use crate::engine::cube::quarter_turns;
use crate::engine::event::{Event, OptionSource, RobotId};
use crate::engine::factory::acts;
use crate::engine::game::{Game, Status};
use crate::engine::options::OptionCard;
use crate::engine::robot::Ids;
use crate::geom::{Facing, Square};

impl Game {
    /// Step 6: surviving powered-up robots touch the flag they need next and make flags and repair
    /// sites their archive; a robot touching the last flag finishes and leaves the board. Robots
    /// finishing in one phase share the place, listed by this phase's card priority.
    pub(super) fn touch(&mut self, order: &Ids, events: &mut Vec<Event>) {
        // Nothing to touch for anyone (the test in the loop below for every robot at once): no
        // robot on a flag, site, waste or chop shop, none with an option, the flags where the
        // board prints them.
        if self.flags.is_none()
            && !self.stands_on(acts::TOUCH)
            && self.robots.iter().all(|r| r.options.is_empty())
        {
            return;
        }
        let flag_count = self.factory.flag_count();
        let place = self.finishers + 1;
        let mut finished = Ids::new();
        for &i in order.as_slice() {
            let i = usize::from(i);
            let r = self.robots[i];
            if !r.is_active() || r.powered_down {
                continue;
            }
            // Nothing to touch: no flag, site, waste or chop shop under it, no option that
            // reaches another square, and the flags where the board prints them.
            if self.at_acts[i] & acts::TOUCH == 0 && r.options.is_empty() && self.flags.is_none() {
                continue;
            }
            // The Mechanical Arm touches a site in reach (`touch_square`).
            let site = self.touch_square(i);
            let cell = self.factory.cell(site);
            // The flag there now (moving flags; not one under a die: flags.rs).
            let flag = self.flag_at(site, r.flags + 1);
            if site != r.square && (flag == r.flags + 1 || r.archive != site) {
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: OptionCard::MechanicalArm,
                    target: None,
                });
            }
            if flag > 0 && flag == r.flags + 1 {
                self.robots[i].flags += 1;
                events.push(Event::Touched {
                    robot: i as RobotId,
                    flag,
                });
                if flag == flag_count {
                    finished.push(i);
                }
                self.team_touch(i, cell.flag, &mut finished, events);
            }
            if cell.wrenches > 0 {
                self.touched_wrench_site(i, site);
            }
            if self.factory.cell(r.square).waste {
                // The option draw of radioactive waste is in the Touch Checkpoints segment
                // (seed 001, Radioactive Waste).
                self.draw_option(i, OptionSource::Waste, events);
            }
            if (flag > 0 || cell.wrenches > 0) && r.archive != site {
                self.robots[i].archive = site;
                events.push(Event::ArchiveSet {
                    robot: i as RobotId,
                    at: site,
                });
            }
            if self.flags.is_some() && (flag > 0 || cell.wrenches > 0) {
                self.archive_marked(i, site);
            }
        }
        for &i in finished.as_slice() {
            let i = usize::from(i);
            self.vacate(i);
            self.robots[i].status = Status::Finished;
            self.robots[i].place = Some(place);
            self.finishers += 1;
            events.push(Event::Finished {
                robot: i as RobotId,
                place,
            });
        }
        self.team_win(place, &finished, events);
    }

    /// The square robot `i` touches: its own, or with the Mechanical Arm the best flag or repair
    /// site in reach: an adjacent square with no wall between, or a diagonal one reached round
    /// either corner without a wall (docs/rules.md). The next flag comes first, then the robot's
    /// own square if it is a site, then a flag, then the most wrenches.
    pub(in crate::engine) fn touch_square(&self, i: usize) -> Square {
        let r = self.robots[i];
        if !self.usable(i, OptionCard::MechanicalArm) {
            return r.square;
        }
        let f = &self.factory;
        let site = |s: Square| self.flag_at(s, 0) > 0 || f.cell(s).wrenches > 0;
        let open = |s: Square, d: Facing| f.is_on_board(s) && !f.blocks_move(s, d);
        let mut reach: [Option<Square>; 8] = [None; 8];
        // On a cube the square beside is the one the fold leads to, and the way on turns as
        // the way of travel turns there (`Factory::next`, seed 003 section 8.1).
        let on = |x: Facing, went: Facing, way: Facing| {
            Facing::from_index(x.index() + quarter_turns(went, way))
        };
        for (k, d) in Facing::ALL.into_iter().enumerate() {
            let ((a, da), e) = (f.next(r.square, d), d.right());
            let (b, eb) = f.next(r.square, e);
            if open(r.square, d) {
                reach[k] = Some(a);
            }
            if open(r.square, d) && open(a, on(e, d, da)) {
                reach[4 + k] = Some(f.next(a, on(e, d, da)).0);
            } else if open(r.square, e) && open(b, on(d, e, eb)) {
                reach[4 + k] = Some(f.next(b, on(d, e, eb)).0);
            }
        }
        let next = r.flags + 1;
        let all = std::iter::once(r.square).chain(reach.into_iter().flatten());
        let score = |s: Square| {
            let flag = self.flag_at(s, next);
            (
                flag == next,
                s == r.square && site(s),
                flag > 0,
                f.cell(s).wrenches,
            )
        };
        all.filter(|&s| f.is_on_board(s) && site(s))
            .max_by_key(|&s| score(s))
            .unwrap_or(r.square)
    }

    /// Step 6, chop shops: a powered-up robot ending the turn (phase 5) on a chop shop may draw an
    /// option card (seed 001, Chop Shop: "If a robot ends a turn on a chop shop, it may draw an
    /// option card even if it has no options"). Option cards are not modelled here, so the draw
    /// is recorded as radioactive waste's is; the phase-end trades need options a robot has.
    pub(super) fn chop_shops(&mut self, order: &Ids, phase: u8, events: &mut Vec<Event>) {
        if phase != 5 || !self.stands_on(acts::TOUCH) {
            return;
        }
        for &i in order.as_slice() {
            let r = self.robots[usize::from(i)];
            if r.is_active() && self.factory.cell(r.square).chop_shop {
                // `draw_option` refuses powered-down robots and games without options.
                self.draw_option(usize::from(i), OptionSource::ChopShop, events);
            }
        }
    }
}

#[cfg(test)]
mod tests;
