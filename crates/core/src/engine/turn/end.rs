//! The end of a turn (RULINGS.md, "End of turn, after phase 5"): repairs (or an option on a
//! double-wrench site), the Circuit Breaker, power-down choices, virtual robots becoming real, and
//! every card not held in a locked register going back to the deck.

use crate::engine::event::{Event, OptionSource, RepairCause, RobotId};
use crate::engine::game::{Game, REGISTERS, Stage};
use crate::engine::options::{OptionCard, WrenchChoice};

impl Game {
    /// End of turn (RULINGS.md, "End of turn, after phase 5"): repairs (1 per wrench, a flag is 1
    /// wrench), power-down choices, virtual robots alone on their square become real, and every
    /// card not held in a locked register goes back to the deck.
    pub fn end_turn(&mut self, events: &mut Vec<Event>) {
        if self.stage == Stage::Over {
            return;
        }
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if !r.is_active() {
                continue;
            }
            // The Mechanical Arm repairs at a site in reach (phase/touch.rs, `touch_square`).
            let site = self.touch_square(i);
            // A flag is where it stands now (moving flags), and no flag under a die (flags.rs).
            let flag = self.flag_at(site, 0);
            let wrenches = self.factory.cell(site).wrenches.max(u8::from(flag > 0));
            if self.takes_option_at_site(i, wrenches) && self.may_gain_option_at(i, site) {
                if self
                    .draw_option(i, OptionSource::DoubleWrench, events)
                    .is_some()
                {
                    self.gained_option_at(i, site);
                }
                continue;
            }
            // Lowering damage frees the lowest-numbered locked register first, since locks
            // follow damage (RULINGS.md, Damage).
            // Fire Control lock chits are repaired first, like damage (docs/rules.md).
            let chits = wrenches.min(r.lock_chits);
            self.robots[i].lock_chits -= chits;
            let amount = (wrenches - chits).min(r.damage);
            if amount > 0 {
                let r = &mut self.robots[i];
                r.damage -= amount;
                events.push(Event::Repaired {
                    robot: i as RobotId,
                    amount,
                    total: r.damage,
                    cause: RepairCause::Site,
                });
            }
        }
        self.circuit_breakers(events);
        for i in 0..self.robots.len() {
            let r = &mut self.robots[i];
            if !r.is_active() {
                continue;
            }
            let was_down = r.powered_down;
            let down = r.announced_power_down || (r.powered_down && r.stays_powered_down);
            r.powered_down = down;
            r.announced_power_down = false;
            r.stays_powered_down = false;
            if down && !was_down {
                events.push(Event::PoweredDown {
                    robot: i as RobotId,
                });
            } else if was_down && !down {
                events.push(Event::PoweredUp {
                    robot: i as RobotId,
                });
            }
        }
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if r.is_active() && r.is_virtual && self.robots_on(r.square) == 1 << i {
                self.robots[i].is_virtual = false;
                events.push(Event::BecameReal {
                    robot: i as RobotId,
                });
            }
        }
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            for reg in 0..REGISTERS {
                let keep = r.is_active() && r.is_locked(reg);
                if !keep && let Some(c) = self.robots[i].registers[reg].take() {
                    self.discard.push(c);
                }
            }
        }
        self.options_end_turn();
        for h in &mut self.hands {
            self.discard.append(h);
        }
        let limit = self.settings.turn_limit.is_some_and(|l| self.turn >= l);
        if limit || self.all_done() {
            self.stage = Stage::Over;
            events.push(Event::GameOver { turn: self.turn });
        } else {
            self.stage = Stage::BetweenTurns;
        }
    }

    /// For a robot powered down this turn: stay powered down next turn (`true`) or power up.
    pub fn choose_stay_powered_down(&mut self, id: usize, stay: bool) {
        if let Some(r) = self.robots.get_mut(id)
            && r.powered_down
        {
            r.stays_powered_down = stay;
        }
    }

    /// Circuit Breaker: a powered-up robot ending the turn with 3 or more damage powers down
    /// next turn (issue 8). Runs after the repairs.
    fn circuit_breakers(&mut self, events: &mut Vec<Event>) {
        // No power down (docs/rules.md, House rules): the breaker cannot power a robot down.
        if self.settings.house.no_power_down {
            return;
        }
        for i in 0..self.robots.len() {
            if self.usable(i, OptionCard::CircuitBreaker)
                && self.robots[i].damage >= 3
                && !self.robots[i].announced_power_down
            {
                self.robots[i].announced_power_down = true;
                self.option_used(i, OptionCard::CircuitBreaker, events);
            }
        }
    }

    /// Whether robot `i` on a double-wrench site takes an option instead of repairs (seed 000;
    /// RULINGS.md, Fine points: "repairs 2 if it has damage and takes an option card if it has
    /// none, unless its controller chooses otherwise"). Powered-down robots acquire none (seed
    /// 000; FAQ 7.4: "only if your robot is powered up").
    fn takes_option_at_site(&self, i: usize, wrenches: u8) -> bool {
        let r = &self.robots[i];
        if wrenches < 2 || !self.settings.options || !r.is_active() || r.powered_down {
            return false;
        }
        match self.opt.choices[i].policy.double_wrench {
            WrenchChoice::Default => r.damage == 0,
            WrenchChoice::Repair => false,
            WrenchChoice::Option => true,
        }
    }

    /// End of turn: cards placed with options go back to the deck, Radio Control ends.
    fn options_end_turn(&mut self) {
        for i in 0..self.robots.len() {
            if let Some(p) = self.opt.dual[i].take() {
                self.discard.push(p.card);
            }
            if let Some(p) = self.opt.conditional[i].take() {
                self.discard.push(p.card);
            }
            self.opt.radio[i] = None;
        }
        self.opt.radioed = 0;
    }
}

#[cfg(test)]
mod tests;
