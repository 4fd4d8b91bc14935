//! RoboArena (seed 003 section 8.5 and its note 5): "a variant played with no flags where the
//! object is simply to eliminate all of the other robots". The last robot with lives left wins;
//! the others rank by when they were eliminated, the last out best.

use super::event::{Event, RobotId};
use super::game::{Game, Status};

impl Game {
    /// After a register phase under RoboArena: robots eliminated in the phase share the place
    /// after every robot still in the game; when one robot is left it wins (it finishes, first
    /// place) and the game is over. When the last robots are all eliminated in one phase they
    /// tie for first place and no robot finishes. Does nothing in other games.
    pub(super) fn last_robot_standing(&mut self, events: &mut Vec<Event>) {
        if !self.settings.house.robo_arena {
            return;
        }
        let still_in = self
            .robots
            .iter()
            .filter(|r| matches!(r.status, Status::Active | Status::Destroyed))
            .count();
        let place = (still_in + 1).min(usize::from(u8::MAX)) as u8;
        for r in &mut self.robots {
            if r.status == Status::Eliminated && r.place.is_none() {
                r.place = Some(place);
            }
        }
        if still_in != 1 {
            return;
        }
        let Some(i) = self
            .robots
            .iter()
            .position(|r| matches!(r.status, Status::Active | Status::Destroyed))
        else {
            return;
        };
        self.vacate(i);
        self.robots[i].status = Status::Finished;
        self.robots[i].place = Some(1);
        self.finishers += 1;
        events.push(Event::Finished {
            robot: i as RobotId,
            place: 1,
        });
    }
}
