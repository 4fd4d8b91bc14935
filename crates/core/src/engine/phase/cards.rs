//! Steps 1 and 2 of a register phase (RULINGS.md): the cards are revealed (randomizers replace
//! some, the Abort Switch and Conditional Program swap theirs in), priority orders the robots, and
//! each plays its card, then again from a repeater. The options that change a card (Brakes,
//! Fourth Gear, Reverse Gears, Crab Legs, Dual Processor, Radio Control) act here.

use crate::engine::card::{Card, CardKind};
use crate::engine::event::{Event, RobotId, RotateCause};
use crate::engine::factory::acts;
use crate::engine::game::{Game, MAX_ROBOTS, REGISTERS};
use crate::engine::options::OptionCard;
use crate::engine::robot::Ids;
use crate::geom::{Facing, Square, Turn};

impl Game {
    /// The card robot `i` plays in `phase`, if it plays one.
    fn card_for(&self, i: usize, phase: u8) -> Option<Card> {
        let r = &self.robots[i];
        if !r.is_active() || r.powered_down {
            return None;
        }
        // Radio Control may have given the robot another robot's program (`register_card`).
        self.register_card(i, phase)
    }

    /// Every robot's card for this phase (`card_for`), worked out once as the phase begins, and
    /// the robots with a card in priority order, highest first; equal priorities (scenarios
    /// only) go in robot-list order (RULINGS.md, Fine points). Robots without a card follow, in
    /// list order, so the touch step lists finishers by priority too. The reveal and the moves
    /// read the cards (issue 21): nothing in the Robots Move segment changes a register, a
    /// power-down or Radio Control, so the card a robot plays when its turn comes is this one
    /// while it is still active.
    pub(super) fn phase_cards(&self, phase: u8) -> ([Option<Card>; MAX_ROBOTS], Ids) {
        let mut cards = [None; MAX_ROBOTS];
        // Each robot as one number, (65,536 - priority) above its index (priority -1 for no
        // card), so ordering the numbers orders by priority, highest first, then by index; a
        // few robots sort fastest by insertion, in place.
        let mut keyed = [0u32; MAX_ROBOTS];
        let n = self.robots.len().min(MAX_ROBOTS);
        // By index: the `iter_mut().enumerate().take(n)` clippy prefers measured 109 instructions
        // a phase more (callgrind, `phase_profile`).
        #[allow(clippy::needless_range_loop)]
        for i in 0..n {
            let card = self.card_for(i, phase);
            cards[i] = card;
            let p = card.map_or(-1, |c| i32::from(c.priority));
            let key = ((0x1_0000 - p) as u32) << 8 | i as u32;
            let mut at = i;
            while at > 0 && keyed[at - 1] > key {
                keyed[at] = keyed[at - 1];
                at -= 1;
            }
            keyed[at] = key;
        }
        (cards, Ids::of_low_bytes(&keyed[..n]))
    }

    /// Step 1: every robot's card for this phase is revealed.
    pub(super) fn reveal(
        &mut self,
        order: &Ids,
        cards: &[Option<Card>; MAX_ROBOTS],
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        for &i in order.as_slice() {
            if let Some(card) = cards[usize::from(i)] {
                events.push(Event::CardRevealed {
                    robot: i,
                    register: phase,
                    card,
                });
            }
        }
    }

    /// Step 1, reveal: a robot on a randomizer has this register's card replaced by a random card
    /// from the undealt deck, which it then plays at that card's priority (seed 001,
    /// Randomizers; RULINGS.md step 1). The replaced card is discarded. Runs before the priority
    /// order is made.
    pub(super) fn randomizers(&mut self, phase: u8, events: &mut Vec<Event>) {
        let reg = usize::from(phase.saturating_sub(1)).min(4);
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            let r = self.robots[i];
            if !r.is_active() || r.powered_down || !self.factory.cell(r.square).randomizer {
                continue;
            }
            let Some(from) = r.registers[reg] else {
                continue;
            };
            if self.deck.is_empty() {
                continue;
            }
            let k = self.rng.below(self.deck.len() as u64) as usize;
            let to = self.deck.swap_remove(k);
            self.discard.push(from);
            self.robots[i].registers[reg] = Some(to);
            events.push(Event::CardReplaced {
                robot: i as RobotId,
                register: phase,
                from,
                to,
            });
        }
    }

    /// Before a register is revealed: the Abort Switch replaces this and every later unlocked
    /// register's card with the top card of the deck; the Conditional Program swaps its spare
    /// card into its register.
    pub(super) fn options_before_reveal(&mut self, phase: u8, events: &mut Vec<Event>) {
        if self.robots.iter().all(|r| r.options.is_empty()) {
            return;
        }
        for i in 0..self.robots.len() {
            if self.robots[i].options.is_empty() {
                continue;
            }
            let c = self.opt.choices[i];
            if c.abort_switch == Some(phase) && self.usable(i, OptionCard::AbortSwitch) {
                self.option_used(i, OptionCard::AbortSwitch, events);
                for reg in usize::from(phase - 1)..REGISTERS {
                    if self.robots[i].is_locked(reg) {
                        continue;
                    }
                    self.replace_register(i, reg);
                }
            }
            // A locked register keeps its card (seed 000, Locked Registers): the spare stays out.
            if let Some(p) = self.opt.conditional[i]
                && p.register == phase
                && self.usable(i, OptionCard::ConditionalProgram)
                && !self.robots[i].is_locked(usize::from(phase - 1))
            {
                self.opt.conditional[i] = None;
                let reg = usize::from(phase - 1);
                if let Some(old) = self.robots[i].registers[reg].replace(p.card) {
                    self.discard.push(old);
                }
                self.option_used(i, OptionCard::ConditionalProgram, events);
            }
        }
    }

    /// The card robot `i` plays in register `phase`: its own, or under Radio Control the
    /// controller's card in that register (issue 8: "the target executes your program").
    fn register_card(&self, i: usize, phase: u8) -> Option<Card> {
        let reg = usize::from(phase - 1);
        if self.opt.radioed == 0 {
            return self.robots[i].registers[reg];
        }
        match self.opt.radio.get(i).copied().flatten() {
            Some(c) => self.robots.get(usize::from(c))?.registers[reg],
            None => self.robots[i].registers[reg],
        }
    }

    /// Step 2: robots act one at a time, highest priority first, each with its card of `cards`
    /// (`phase_cards`); a robot destroyed or removed before its turn does nothing.
    pub(super) fn robots_move(
        &mut self,
        order: &Ids,
        cards: &[Option<Card>; MAX_ROBOTS],
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        for &i in order.as_slice() {
            let i = usize::from(i);
            let Some(card) = cards[i].filter(|_| self.robots[i].is_active()) else {
                continue;
            };
            self.execute(i, card, phase, events);
            self.dual_rotate(i, phase, events);
        }
    }

    /// After the Robots Move segment: robots on a repeater play their movement card again, in
    /// priority order, round after round while one is on a repeater (seed 001, Repeaters). A robot
    /// repeats from a square only once per phase, so a robot a wall holds on a repeater does not
    /// repeat for ever (docs/rules.md); rounds are capped at `MAX_REPEATS` besides.
    pub(super) fn repeaters(&mut self, order: &Ids, phase: u8, events: &mut Vec<Event>) {
        const MAX_REPEATS: usize = 16;
        let mut repeated_from = [None::<Square>; MAX_ROBOTS];
        for _ in 0..MAX_REPEATS {
            let mut any = false;
            for &i in order.as_slice() {
                let i = usize::from(i);
                let Some(card) = self.card_for(i, phase) else {
                    continue;
                };
                let here = self.robots[i].square;
                if !card.kind.is_movement()
                    || !self.robots[i].is_active()
                    || !self.factory.cell(here).repeater
                    || repeated_from[i] == Some(here)
                {
                    continue;
                }
                repeated_from[i] = Some(here);
                any = true;
                self.execute(i, card, phase, events);
            }
            if !any {
                return;
            }
        }
    }

    /// Robot `i`'s card and then its repeats, as step 2 and the repeaters do to a lone robot.
    pub(in crate::engine) fn execute_alone(
        &mut self,
        i: usize,
        card: Card,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        self.execute(i, card, phase, events);
        let mut only = Ids::new();
        only.push(i);
        self.repeaters(&only, phase, events);
    }

    fn execute(&mut self, i: usize, card: Card, phase: u8, events: &mut Vec<Event>) {
        // No slime, maglock or flamer where the card starts (`factory::acts`): none is looked up.
        let plain = self.at_acts[i] & acts::PLAIN_START != 0;
        // Slime: from it only Move 2 and Move 3 are executed; every other card is ignored
        // (seed 001, Slime).
        if !plain
            && self.factory.cell(self.robots[i].square).slime
            && !matches!(card.kind, CardKind::Move2 | CardKind::Move3)
        {
            return;
        }
        match card.kind {
            CardKind::Left => self.rotate(i, Turn::Left, RotateCause::Card, events),
            CardKind::Right => self.rotate(i, Turn::Right, RotateCause::Card, events),
            CardKind::UTurn => self.rotate(i, Turn::UTurn, RotateCause::Card, events),
            // A robot on an active maglock cannot move: its movement card is ignored (seed 001,
            // MagLocks).
            CardKind::BackUp | CardKind::Move1 | CardKind::Move2 | CardKind::Move3
                if !plain && self.locked(i, phase) => {}
            CardKind::BackUp | CardKind::Move1 | CardKind::Move2 | CardKind::Move3 => {
                // Brakes, Fourth Gear, Reverse Gears and Crab Legs change the move (options).
                let (dir, distance) = self.card_motion(i, card, phase, events);
                // Water, teleporters, gates, oil and the rest: `move_card` (movement/card.rs).
                let start = self.robots[i].square;
                self.move_card(i, distance, dir, phase, events);
                // A robot that fails to leave an active flamer under its movement card takes 1
                // (seed 001, Flamers). Rotation cards, and a Move 1 braked to Move 0, do not try
                // to leave (docs/rules.md).
                if !plain
                    && distance > 0
                    && self.robots[i].is_active()
                    && self.robots[i].square == start
                    && self.factory.cell(start).flamer.contains(phase)
                {
                    self.add_damage(i, 1, events);
                }
            }
        }
    }

    /// Where robot `i`'s movement card takes it: direction and squares, as its options change
    /// them in register `phase` (Brakes, Fourth Gear, Reverse Gears, Crab Legs). A card played
    /// under Radio Control is played as it is.
    fn card_motion(
        &mut self,
        i: usize,
        card: Card,
        phase: u8,
        events: &mut Vec<Event>,
    ) -> (Facing, u8) {
        let r = self.robots[i];
        let dir = if card.kind == CardKind::BackUp {
            r.facing.opposite()
        } else {
            r.facing
        };
        let plain = (dir, card.kind.distance());
        if r.options.is_empty() || self.opt.radio[i].is_some() {
            return plain;
        }
        let c = self.opt.choices[i];
        let on = |o| self.usable(i, o);
        let (motion, used) = match card.kind {
            CardKind::Move1 if on(OptionCard::Brakes) && c.brakes.contains(phase) => {
                ((dir, 0), OptionCard::Brakes)
            }
            CardKind::Move1
                if on(OptionCard::CrabLegs) && c.crab_legs.is_some_and(|s| s.register == phase) =>
            {
                let side = c.crab_legs.map_or(Turn::Left, |s| s.side);
                ((r.facing.turned(side), 1), OptionCard::CrabLegs)
            }
            CardKind::Move3 if on(OptionCard::FourthGear) && c.fourth_gear.contains(phase) => {
                ((dir, 4), OptionCard::FourthGear)
            }
            CardKind::BackUp if on(OptionCard::ReverseGears) && c.reverse_gears.contains(phase) => {
                ((dir, 2), OptionCard::ReverseGears)
            }
            _ => return plain,
        };
        self.option_used(i, used, events);
        motion
    }

    /// Dual Processor: after the register's movement card, the rotation card beside it turns the
    /// robot (in the Robots Move segment only; a repeater repeats the movement card alone).
    fn dual_rotate(&mut self, i: usize, phase: u8, events: &mut Vec<Event>) {
        let Some(p) = self.opt.dual.get(i).copied().flatten() else {
            return;
        };
        if p.register != phase
            || !self.usable(i, OptionCard::DualProcessor)
            || self.factory.cell(self.robots[i].square).slime
        {
            return;
        }
        let turn = match p.card.kind {
            CardKind::Left => Turn::Left,
            CardKind::Right => Turn::Right,
            CardKind::UTurn => Turn::UTurn,
            _ => return,
        };
        self.option_used(i, OptionCard::DualProcessor, events);
        let from = self.robots[i].facing;
        let to = from.turned(turn);
        self.robots[i].facing = to;
        events.push(Event::Rotated {
            robot: i as RobotId,
            from,
            to,
            cause: RotateCause::Card,
        });
    }
}

#[cfg(test)]
mod tests;
