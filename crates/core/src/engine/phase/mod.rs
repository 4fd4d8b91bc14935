//! One register phase, in the order of RULINGS.md ("One register phase, in order"): reveal, robots
//! move by priority, board elements (belts, pushers, gears, crushers), fire, touch. Each element's
//! rule is its own function so expansion elements slot in beside them.
//!
//! Layers: this file runs the steps in order; each step is a child module and none uses another:
//! `cards` (reveal, the robots' cards), `belts`, `flag_moves` (moving flags), `pushers` (with
//! gears and crushers), `fire`, `touch`.

mod belts;
mod cards;
mod fire;
mod flag_moves;
mod pushers;
mod touch;

use super::event::Event;
use super::factory::acts;
use super::game::{Game, Stage};
use belts::{ALL_BELTS_STEP, CURRENT_STEP, EXPRESS_STEP, GOLD_STEP};

impl Game {
    /// Runs the next register phase (1 after programming, up to 5). Does nothing at other times.
    pub fn run_phase(&mut self, events: &mut Vec<Event>) {
        let phase = match self.stage {
            Stage::Programming => 1,
            Stage::Phase(n) if n < 5 => n + 1,
            _ => return,
        };
        events.push(Event::PhaseStarted { phase });
        // Trap doors open before anything moves (pushers.rs).
        self.open_trap_doors(phase, events);
        // The steps that act on robots where they stand run only when some robot stands where
        // they act (`factory::acts`); skipped, they would find no robot and report nothing.
        if self.stands_on(acts::RANDOMIZER) {
            self.randomizers(phase, events);
        }
        // Abort Switch and Conditional Program change cards before the reveal (cards.rs).
        self.options_before_reveal(phase, events);
        let (cards, order) = self.phase_cards(phase);
        self.reveal(&order, &cards, phase, events);
        self.robots_move(&order, &cards, phase, events);
        if self.stands_on(acts::REPEATER) {
            self.repeaters(&order, phase, events);
        }
        // Moving flags ride each belt step and pusher with the robots (flag_moves.rs).
        for kinds in [GOLD_STEP, EXPRESS_STEP, ALL_BELTS_STEP, CURRENT_STEP] {
            if self.stands_on(u32::from(kinds)) {
                self.belt_step(kinds, phase, events);
            }
            self.flags_ride(kinds, phase, events);
        }
        if self.stands_on(acts::PUSH) {
            self.pushers(phase, events);
        }
        self.flags_pushed(phase, events);
        if self.stands_on(acts::GEAR) {
            self.gears(events);
        }
        if self.stands_on(acts::CRUSH) {
            self.crushers(phase, events);
        }
        self.fire(phase, events);
        self.touch(&order, events);
        self.chop_shops(&order, phase, events);
        self.last_robot_standing(events);
        self.stage = Stage::Phase(phase);
        if self.all_done() {
            self.stage = Stage::Over;
            events.push(Event::GameOver { turn: self.turn });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::belts::{ALL_BELTS_STEP, CURRENT_STEP, EXPRESS_STEP, GOLD_STEP};

    #[test]
    fn each_belt_step_is_the_acts_bits_of_its_flows_rulings_belts() {
        // `run_phase` skips a belt step when no robot stands on a square with those bits.
        use crate::engine::factory::acts;
        use crate::model::FlowKind;
        let flows: u32 = FlowKind::ALL.iter().map(|&k| 1 << (k as u32)).sum();
        assert_eq!(flows, acts::FLOW);
        for step in [GOLD_STEP, EXPRESS_STEP, ALL_BELTS_STEP, CURRENT_STEP] {
            assert_eq!(u32::from(step) & !acts::FLOW, 0);
        }
    }

    #[test]
    fn moving_flags_ride_the_belt_steps_robots_ride_rulings_belts() {
        // `flags_through_phase`, which the solver plans by, keeps its own list of the steps.
        assert_eq!(
            crate::engine::flags::BELT_STEPS,
            [GOLD_STEP, EXPRESS_STEP, ALL_BELTS_STEP, CURRENT_STEP]
        );
    }
}
