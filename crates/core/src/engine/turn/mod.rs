//! One turn around the register phases (RULINGS.md, "Start of the next turn" and "End of turn,
//! after phase 5"): the start (re-entry, power down, the deal), programming and the end (repairs,
//! power-down choices, cleanup), and a whole turn in one call.
//!
//! Layers, top to bottom: this file (whole turns) uses `program` (programs, option choices and
//! Recompile), `start` (re-entry and the deal) and `end`; `program` uses `start` (Recompile deals a
//! new hand).

mod end;
mod program;
mod start;

pub use program::ProgramError;

use super::card::Card;
use super::event::{Event, RepairCause, RobotId};
use super::game::{Game, Stage};
use super::options::Choices;

impl Game {
    /// Start of a turn (RULINGS.md, "Start of the next turn"): destroyed robots re-enter at their
    /// archive with 2 damage, powered-down robots discard their damage, the deck is shuffled and
    /// every powered-up robot is dealt 9 cards minus its damage (`Robot::hand_size`).
    pub fn begin_turn(&mut self, events: &mut Vec<Event>) {
        if self.stage != Stage::BetweenTurns {
            return;
        }
        self.turn += 1;
        events.push(Event::TurnStarted { turn: self.turn });
        self.options_begin_turn();
        self.start_of_game(events);
        self.reenter(events);
        for i in 0..self.robots.len() {
            let r = &mut self.robots[i];
            if r.is_active() && r.powered_down {
                // Repairing the damage unlocks the registers and discards their cards (seed 000,
                // Locked Registers): they go back into the deck before the shuffle.
                for reg in &mut r.registers {
                    if let Some(c) = reg.take() {
                        self.discard.push(c);
                    }
                }
            }
            // Lock chits are discarded with the damage (docs/rules.md, Fire Control).
            r.lock_chits = if r.is_active() && r.powered_down {
                0
            } else {
                r.lock_chits
            };
            if r.is_active() && r.powered_down && r.damage > 0 {
                let amount = r.damage;
                r.damage = 0;
                events.push(Event::Repaired {
                    robot: i as RobotId,
                    amount,
                    total: 0,
                    cause: RepairCause::PowerDown,
                });
            }
        }
        self.shuffle_and_deal(events);
        self.stage = Stage::Programming;
    }

    /// Starts a turn without dealing: registers are then given with `set_registers` (scenarios
    /// replay the manual's examples with cards of any priority).
    pub fn begin_scripted_turn(&mut self, events: &mut Vec<Event>) {
        if self.stage != Stage::BetweenTurns {
            return;
        }
        self.turn += 1;
        events.push(Event::TurnStarted { turn: self.turn });
        self.options_begin_turn();
        self.start_of_game(events);
        self.stage = Stage::Programming;
    }

    /// Start of a turn: this turn's choices are cleared (the policy stays), Recompile is ready.
    fn options_begin_turn(&mut self) {
        for c in &mut self.opt.choices {
            *c = Choices {
                policy: c.policy,
                ..Choices::default()
            };
        }
        self.opt.recompiled = 0;
    }

    /// Plays a whole turn: begin, the given programs (robot id, cards, power-down announcement),
    /// five register phases and the end of the turn. Illegal programs are reported and the robot
    /// plays empty registers.
    pub fn play_turn(
        &mut self,
        programs: &[(usize, Vec<Card>, bool)],
        events: &mut Vec<Event>,
    ) -> Vec<(usize, ProgramError)> {
        let mut errors = Vec::new();
        if self.stage == Stage::BetweenTurns {
            self.begin_turn(events);
        }
        for (id, cards, down) in programs {
            if let Err(e) = self.program(*id, cards, *down, events) {
                errors.push((*id, e));
            }
        }
        while let Stage::Programming | Stage::Phase(1..=4) = self.stage {
            self.run_phase(events);
        }
        if self.stage == Stage::Phase(5) {
            self.end_turn(events);
        }
        errors
    }

    /// `play_turn` with option choices: Recompiles first, then each program with its choices
    /// (robots without an entry in `choices` use the default), then the phases and the end of
    /// the turn. Illegal programs are reported and the robot plays empty registers.
    pub fn play_turn_with(
        &mut self,
        programs: &[(usize, Vec<Card>, bool)],
        choices: &[(usize, Choices)],
        events: &mut Vec<Event>,
    ) -> Vec<(usize, ProgramError)> {
        let mut errors = Vec::new();
        if self.stage == Stage::BetweenTurns {
            self.begin_turn(events);
        }
        let choice_of = |id: usize| choices.iter().find(|(i, _)| *i == id).map(|(_, c)| *c);
        for &(id, c) in choices {
            if c.recompile
                && self.opt.recompiled & (1 << id) == 0
                && let Err(e) = self.recompile(id, events)
            {
                errors.push((id, e));
            }
        }
        for (id, cards, down) in programs {
            let c = choice_of(*id).unwrap_or_else(|| Choices {
                policy: self.choices(*id).policy,
                ..Choices::default()
            });
            if let Err(e) = self.program_with(*id, cards, *down, &c, events) {
                errors.push((*id, e));
            }
        }
        while let Stage::Programming | Stage::Phase(1..=4) = self.stage {
            self.run_phase(events);
        }
        if self.stage == Stage::Phase(5) {
            self.end_turn(events);
        }
        errors
    }
}
