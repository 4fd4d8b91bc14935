//! Moving flags (docs/rules.md, House rules, Moving flags): in steps 4a-4e belts, currents and
//! pushers carry a flag as they would carry a robot, one square in the robot's step; robots
//! neither push a flag nor stop one (a flag lies on the floor, under robots), and a flag has no
//! facing, so gears and turning belts change nothing about it. A flag carried off the board or
//! into a pit goes back to its start square, as the community rule sets play it.

use crate::engine::event::Event;
use crate::engine::factory::Factory;
use crate::engine::flags::{belt_dest, landing, pusher_dest};
use crate::engine::game::Game;
use crate::geom::Square;
use crate::model::course::MAX_FLAG;

/// The most flags moved in one step.
const FLAGS: usize = MAX_FLAG as usize;

impl Game {
    /// Whether flags move in this game (the common answer, no, in one test).
    fn flags_move(&self) -> bool {
        self.flags.as_ref().is_some_and(|f| f.moving.is_some())
    }

    /// One belt movement for the flow kinds in `kinds` (`belts.rs`'s steps): every flag on such a
    /// flow goes one square the flow's way at the same time, unless a wall stops it there.
    pub(super) fn flags_ride(&mut self, kinds: u8, phase: u8, events: &mut Vec<Event>) {
        self.move_flags(phase, events, |factory, at| belt_dest(factory, at, kinds));
    }

    /// Step 4e: a pusher active in this phase pushes the flag on its square one square away from
    /// its wall, unless a wall stops it (repulsor beams push robots only: they push the first
    /// robot in line, and a flag is no robot).
    pub(super) fn flags_pushed(&mut self, phase: u8, events: &mut Vec<Event>) {
        self.move_flags(phase, events, |factory, at| pusher_dest(factory, at, phase));
    }

    /// Every flag to where `dest` sends it from its square (`None`: it stays), all at once.
    fn move_flags(
        &mut self,
        phase: u8,
        events: &mut Vec<Event>,
        dest_of: impl Fn(&Factory, Square) -> Option<Square>,
    ) {
        if !self.flags_move() {
            return;
        }
        let mut dest: [Option<Square>; FLAGS] = [None; FLAGS];
        if let Some(f) = &self.flags {
            for (d, &at) in dest.iter_mut().zip(&f.at[..f.count]) {
                *d = dest_of(&self.factory, at);
            }
        }
        self.land_flags(&dest, phase, events);
    }

    /// Puts each flag with a destination there; one that lands off the board or in a hole (a pit,
    /// or a trap door open this phase) goes back to its start square instead.
    fn land_flags(&mut self, dest: &[Option<Square>; FLAGS], phase: u8, events: &mut Vec<Event>) {
        for (k, to) in dest.iter().enumerate() {
            let Some(to) = *to else {
                continue;
            };
            let (at, returned) = landing(&self.factory, k, to, phase);
            self.move_flag(k as u8 + 1, at, returned, events);
        }
    }
}
