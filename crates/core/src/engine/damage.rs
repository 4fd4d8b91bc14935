//! Damage and destruction (RULINGS.md, Damage): every point a robot takes goes through
//! `take_damage`, where the Ablative Coat and option exchange act, shields block points of a
//! shot, the tenth point destroys, a life is lost and the robot gives up an option (seed 000).

use super::event::{DestroyCause, DiscardReason, Event, RobotId};
use super::game::{DESTROYING_DAMAGE, Game, Status};
use super::options::{Exchange, OptionCard};
use crate::geom::Facing;

impl Game {
    /// Adds `amount` damage to robot `i` at once (element damage outside the fire step's batch),
    /// destroying it at 10.
    pub(super) fn add_damage(&mut self, i: usize, amount: u8, events: &mut Vec<Event>) {
        // Options may absorb it (Ablative Coat, option exchange: `take_damage`).
        self.take_damage(i, amount, events);
    }

    /// Every point of damage a robot takes goes through here: the Ablative Coat absorbs it, then
    /// option exchange may discard options for points (seed 000, Option Exchange: "Any number of
    /// option cards may be discarded ... at the time the damage is received"), then the rest is
    /// added and the tenth point destroys. With no options this is plain damage.
    pub(super) fn take_damage(&mut self, i: usize, amount: u8, events: &mut Vec<Event>) {
        if amount == 0 || !self.robots[i].is_active() {
            return;
        }
        let mut left = amount;
        if !self.robots[i].options.is_empty() && !self.robots[i].powered_down {
            left = self.ablative_coat(i, left, events);
            left = self.option_exchange(i, left, events);
        }
        if left == 0 {
            return;
        }
        let r = &mut self.robots[i];
        r.damage = r.damage.saturating_add(left).min(DESTROYING_DAMAGE);
        events.push(Event::Damaged {
            robot: i as RobotId,
            amount: left,
            total: r.damage,
        });
        if r.damage >= DESTROYING_DAMAGE {
            self.destroy(i, DestroyCause::Damage, events);
        }
    }

    /// Ablative Coat: absorbs the next 3 points of damage, then is discarded (issue 8).
    fn ablative_coat(&mut self, i: usize, amount: u8, events: &mut Vec<Event>) -> u8 {
        if !self.usable(i, OptionCard::AblativeCoat) {
            return amount;
        }
        let r = &mut self.robots[i];
        let room = OptionCard::ABLATIVE_POINTS.saturating_sub(r.ablative);
        let absorbed = room.min(amount);
        r.ablative += absorbed;
        if absorbed > 0 {
            events.push(Event::DamagePrevented {
                robot: i as RobotId,
                amount: absorbed,
                option: OptionCard::AblativeCoat,
            });
        }
        if self.robots[i].ablative >= OptionCard::ABLATIVE_POINTS {
            self.discard_option(i, OptionCard::AblativeCoat, DiscardReason::UsedUp, events);
        }
        amount - absorbed
    }

    /// Option exchange (seed 000): one option discarded per point of damage avoided, as the
    /// robot's policy says: never, only for points that would destroy it, or always.
    fn option_exchange(&mut self, i: usize, amount: u8, events: &mut Vec<Event>) -> u8 {
        let mut left = amount;
        while left > 0 {
            let r = self.robots[i];
            let wanted = match self.opt.choices[i].policy.exchange {
                Exchange::Never => false,
                Exchange::WhenFatal => r.damage + left >= DESTROYING_DAMAGE,
                Exchange::Always => true,
            };
            let Some(o) = self.least_valued(i).filter(|_| wanted) else {
                break;
            };
            self.discard_option(i, o, DiscardReason::Exchange, events);
            events.push(Event::DamagePrevented {
                robot: i as RobotId,
                amount: 1,
                option: o,
            });
            left -= 1;
        }
        left
    }

    /// Shield and Power-Down Shield against one shot of `points` travelling `travel` onto robot
    /// `j`; returns the points that get through. A Shield blocks 1 point of each shot from its
    /// side (FAQ 7.3: "The shield blocks the first point of damage, but the second point gets
    /// through"); a High-Power Laser shot (`pierce`: its shooter and whether its one pass through
    /// an obstacle is unspent) goes through the shield as through a wall. A Power-Down Shield
    /// blocks 1 point from each direction each register (`guard`: the directions used in this
    /// fire step).
    pub(super) fn shielded(
        &mut self,
        j: usize,
        points: u8,
        travel: Facing,
        pierce: Option<(usize, &mut bool)>,
        guard: &mut u8,
        events: &mut Vec<Event>,
    ) -> u8 {
        let r = self.robots[j];
        if r.options.is_empty() || points == 0 {
            return points;
        }
        let from = travel.opposite();
        let mut left = points;
        let side = self.opt.choices[j].shield.unwrap_or_default();
        if self.usable(j, OptionCard::Shield) && side.toward(r.facing) == from {
            if let Some((s, unspent)) = pierce
                && *unspent
            {
                *unspent = false;
                events.push(Event::OptionUsed {
                    robot: s as RobotId,
                    option: OptionCard::HighPowerLaser,
                    target: Some(j as RobotId),
                });
            } else {
                left -= 1;
                events.push(Event::DamagePrevented {
                    robot: j as RobotId,
                    amount: 1,
                    option: OptionCard::Shield,
                });
            }
        }
        let bit = 1 << from.index();
        if left > 0 && self.usable(j, OptionCard::PowerDownShield) && *guard & bit == 0 {
            *guard |= bit;
            left -= 1;
            events.push(Event::DamagePrevented {
                robot: j as RobotId,
                amount: 1,
                option: OptionCard::PowerDownShield,
            });
        }
        left
    }

    /// Destroys robot `i` at once: it leaves the board and loses a life; with none left it is out
    /// (RULINGS.md, Fine points: "A life is lost the moment a robot is destroyed").
    pub(super) fn destroy(&mut self, i: usize, cause: DestroyCause, events: &mut Vec<Event>) {
        if !self.robots[i].is_active() {
            return;
        }
        self.vacate(i);
        // Infinite Lives (seed 003 section 8.4): no life is lost, the robot still goes back to
        // its archive.
        let infinite = self.settings.house.infinite_lives;
        let r = &mut self.robots[i];
        if !infinite {
            r.lives = r.lives.saturating_sub(1);
        }
        r.announced_power_down = false;
        r.stays_powered_down = false;
        r.status = if r.lives == 0 {
            Status::Eliminated
        } else {
            Status::Destroyed
        };
        events.push(Event::Destroyed {
            robot: i as RobotId,
            at: r.square,
            cause,
            lives_left: r.lives,
        });
        if r.lives == 0 {
            events.push(Event::Eliminated {
                robot: i as RobotId,
            });
        }
        self.options_on_destroyed(i, events);
    }

    /// A destroyed robot "immediately loses an option card of the player's choice" (seed 000,
    /// Destruction): the least valued by its policy, and the Superior Archive Copy first of all,
    /// since FAQ 7.4 lets it work even when it is the card lost. A robot holding the Superior
    /// Archive Copy as it is destroyed re-enters with no damage.
    fn options_on_destroyed(&mut self, i: usize, events: &mut Vec<Event>) {
        let r = self.robots[i];
        if r.options.is_empty() {
            return;
        }
        self.robots[i].superior_copy = r.options.contains(OptionCard::SuperiorArchiveCopy);
        let keep = self.opt.choices[i].policy.keep;
        let lose = if r.options.contains(OptionCard::SuperiorArchiveCopy)
            && !keep.contains(OptionCard::SuperiorArchiveCopy)
        {
            Some(OptionCard::SuperiorArchiveCopy)
        } else {
            self.least_valued(i)
        };
        if let Some(o) = lose {
            self.discard_option(i, o, DiscardReason::Destroyed, events);
        }
    }
}

#[cfg(test)]
mod tests;
