//! The start of a turn (RULINGS.md, "Start of the next turn"): destroyed robots re-enter (seed
//! 000, Withdrawing an Archive Copy; the Superior Archive Copy), the deck is shuffled and each
//! powered-up robot is dealt its cards (a Flywheel's kept card joins them).

use crate::engine::event::{Event, RobotId};
use crate::engine::game::{Game, REENTRY_DAMAGE, REGISTERS, Status};
use crate::engine::options::OptionCard;
use crate::geom::Facing;

impl Game {
    /// Re-entry (seed 000, Withdrawing an Archive Copy; RULINGS.md, Fine points): each destroyed
    /// robot with lives left enters on its archive with 2 damage, keeping its facing and powered up
    /// (unless its controller chose otherwise with `choose_reentry`), virtual when another robot
    /// is on that square or another robot re-enters there.
    pub(in crate::engine) fn reenter(&mut self, events: &mut Vec<Event>) {
        let waiting: Vec<usize> = (0..self.robots.len())
            .filter(|&i| self.robots[i].status == Status::Destroyed)
            .collect();
        let free_life = self.settings.house.one_free_life;
        for &i in &waiting {
            let at = self.robots[i].archive;
            let shared = self.robots_on(at) != 0
                || waiting
                    .iter()
                    .any(|&j| j != i && self.robots[j].archive == at);
            let r = &mut self.robots[i];
            r.status = Status::Active;
            r.square = at;
            r.damage = REENTRY_DAMAGE;
            // One Free Life (seed 003 section 8.4): "The first restore is done without receiving
            // any damage".
            if free_life && !r.free_life_used {
                r.free_life_used = true;
                r.damage = 0;
            }
            r.lock_chits = 0;
            r.is_virtual = shared;
            // FAQ 7.5: the re-entry choice (`choose_reentry`) overrides a power down announced
            // before destruction; with no choice the robot enters powered up.
            r.powered_down = r.stays_powered_down;
            r.announced_power_down = false;
            r.stays_powered_down = false;
            r.registers = [None; REGISTERS];
            events.push(Event::Reentered {
                robot: i as RobotId,
                at,
                facing: r.facing,
                is_virtual: shared,
            });
            self.superior_reentry(i, events);
            self.occupy(i);
        }
    }

    /// A controller's re-entry choices, made between `end_turn` and `begin_turn` for a robot that
    /// is waiting to re-enter: its facing and whether it enters powered down.
    pub fn choose_reentry(&mut self, id: usize, facing: Facing, powered_down: bool) -> bool {
        let Some(r) = self.robots.get_mut(id) else {
            return false;
        };
        if r.status != Status::Destroyed {
            return false;
        }
        r.facing = facing;
        // Stored as an announcement: it takes effect as the robot re-enters. Under the
        // no-power-down rule it enters powered up whatever was chosen.
        r.stays_powered_down = powered_down && !self.settings.house.no_power_down;
        true
    }

    pub(super) fn shuffle_and_deal(&mut self, events: &mut Vec<Event>) {
        // Everything not held in a register goes back; sorting first makes the shuffle depend on
        // the seed alone, not on the order cards came back in.
        for h in &mut self.hands {
            self.discard.append(h);
        }
        self.options_before_shuffle();
        self.deck.append(&mut self.discard);
        self.deck.sort_unstable_by_key(|c| (c.priority, c.kind));
        self.rng.shuffle(&mut self.deck);
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if !r.is_active() || r.powered_down {
                continue;
            }
            // A locked register with no card in it (the robot was powered down or re-entered since
            // it last held one) takes the top card of the deck: no one chose it.
            for reg in 0..REGISTERS {
                if r.is_locked(reg)
                    && self.robots[i].registers[reg].is_none()
                    && let Some(c) = self.deck.pop()
                {
                    self.robots[i].registers[reg] = Some(c);
                }
            }
            self.deal(i, events);
            self.options_after_deal(i);
        }
    }

    /// Robot `i` is dealt `Robot::hand_size` cards from the top of the deck, or what the deck
    /// holds (seed 000, Deal Program Cards).
    pub(super) fn deal(&mut self, i: usize, events: &mut Vec<Event>) {
        let n = self.robots[i].hand_size().min(self.deck.len());
        let at = self.deck.len() - n;
        self.hands[i] = self.deck.drain(at..).collect();
        events.push(Event::Dealt {
            robot: i as RobotId,
            cards: n as u8,
        });
    }

    /// Superior Archive Copy at re-entry (FAQ 7.4: "you may still restore your robot without
    /// damage to the last archive location that you tagged while you had the option"): a robot
    /// that held it when destroyed enters with no damage. Called as the robot re-enters.
    fn superior_reentry(&mut self, i: usize, events: &mut Vec<Event>) {
        if self.robots[i].superior_copy {
            self.robots[i].superior_copy = false;
            self.robots[i].damage = 0;
            self.option_used(i, OptionCard::SuperiorArchiveCopy, events);
        }
    }

    /// Before the shuffle: a kept card of a robot that will not be dealt cards goes back.
    fn options_before_shuffle(&mut self) {
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if (!r.is_active() || r.powered_down)
                && let Some(c) = self.opt.kept[i].take()
            {
                self.discard.push(c);
            }
        }
    }

    /// Flywheel: the card kept last turn joins the hand just dealt.
    fn options_after_deal(&mut self, i: usize) {
        if let Some(c) = self.opt.kept[i].take() {
            self.hands[i].push(c);
        }
    }
}

#[cfg(test)]
mod tests;
