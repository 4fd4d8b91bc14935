//! The rules that read a game's flag state (`flags.rs`): where each flag stands now, which flag
//! a robot can touch on a square (none under a die), the die's wall, a flag moving with the
//! archives on it, and a die taking laser damage (docs/rules.md, House rules). Every one costs a
//! plain game one `Option` test.

use super::event::Event;
use super::game::{Game, MAX_ROBOTS};
use crate::geom::{Facing, Square};
use crate::model::rules::ArchiveOnFlag;

impl Game {
    /// Where flag `n` (1-based) stands now: its start square unless moving flags carried it.
    pub fn flag_square(&self, n: u8) -> Option<Square> {
        let k = usize::from(n).checked_sub(1)?;
        match &self.flags {
            Some(f) => (k < f.count).then(|| f.at[k]),
            None => self.factory.flags().get(k).copied(),
        }
    }

    /// Every flag's square now, flag 1 first (what the play view draws).
    pub fn flag_squares(&self) -> Vec<Square> {
        (1..=self.factory.flag_count())
            .filter_map(|n| self.flag_square(n))
            .collect()
    }

    /// The points of damage flag `n`'s die can still take (Dice Rule); `None` when it has none
    /// or it was shot away.
    pub fn die_points(&self, n: u8) -> Option<u8> {
        let k = usize::from(n).checked_sub(1)?;
        self.flags
            .as_ref()
            .and_then(|f| f.die.get(k).copied())
            .filter(|&p| p > 0)
    }

    /// The flag a robot on `s` can touch there, preferring `next` (the one it needs) when two
    /// flags share the square; 0 for none. A flag under a die cannot be touched at all, by
    /// anyone, Mechanical Arm or not (seed 003 section 8.2).
    pub(super) fn flag_at(&self, s: Square, next: u8) -> u8 {
        let Some(f) = &self.flags else {
            return self.factory.cell(s).flag;
        };
        let mut found = 0;
        for k in 0..f.count {
            if f.at[k] == s && f.die[k] == 0 {
                let n = k as u8 + 1;
                if n == next {
                    return n;
                }
                if found == 0 {
                    found = n;
                }
            }
        }
        found
    }

    /// Whether a die stands on `s` (Dice Rule).
    #[inline]
    pub(super) fn die_at(&self, s: Square) -> bool {
        self.flags.as_ref().is_some_and(|f| f.die_on(s).is_some())
    }

    /// Whether a robot on `s` cannot go one square `dir`: a wall, or a die on the square ahead,
    /// which is a wall on all four sides of its square (seed 003 section 8.2); on a cube the square
    /// ahead may lie over a board edge (section 8.1).
    #[inline(always)]
    pub(super) fn blocks_move(&self, s: Square, dir: Facing) -> bool {
        self.factory.blocks_move(s, dir)
            || (self.flags.is_some() && self.die_at(self.factory.next(s, dir).0))
    }

    /// Records that robot `i`'s archive marker was just set on `site`: on a flag, it may ride it.
    pub(super) fn archive_marked(&mut self, i: usize, site: Square) {
        let flag = self.flag_at(site, 0);
        if let Some(f) = self.flags.as_mut()
            && let Some(slot) = f.archive_on.get_mut(i)
        {
            *slot = flag;
        }
    }

    /// Flag `n` (1-based) moves to `to` (moving flags): the event, and the archive markers on it
    /// ride with it or stay where they are, as the rule's parameter says.
    pub(super) fn move_flag(&mut self, n: u8, to: Square, returned: bool, events: &mut Vec<Event>) {
        let Some(f) = self.flags.as_mut() else {
            return;
        };
        let k = usize::from(n) - 1;
        let from = f.at[k];
        f.at[k] = to;
        events.push(if returned {
            Event::FlagReturned { flag: n, from, to }
        } else {
            Event::FlagMoved { flag: n, from, to }
        });
        let moves = f.moving == Some(ArchiveOnFlag::Moves);
        for i in 0..self.robots.len().min(MAX_ROBOTS) {
            let Some(f) = self.flags.as_mut() else {
                return;
            };
            if f.archive_on[i] != n || self.robots[i].archive != from {
                continue;
            }
            if moves {
                self.robots[i].archive = to;
                events.push(Event::ArchiveSet {
                    robot: i as u8,
                    at: to,
                });
            } else {
                // The marker stays on the floor where the flag was: it is on no flag now.
                f.archive_on[i] = 0;
            }
        }
    }

    /// Lasers hit flag `n`'s die for `points` (Dice Rule: "can take damage just as would a
    /// robot"); at its last point it is removed for good and the flag can be touched.
    pub(super) fn damage_die(&mut self, n: u8, points: u8, events: &mut Vec<Event>) {
        let Some(f) = self.flags.as_mut() else {
            return;
        };
        let k = usize::from(n) - 1;
        if points == 0 || f.die[k] == 0 {
            return;
        }
        let left = f.die[k].saturating_sub(points);
        let amount = f.die[k] - left;
        f.die[k] = left;
        events.push(Event::DieDamaged {
            flag: n,
            amount,
            left,
        });
        if left == 0 {
            events.push(Event::DieDestroyed {
                flag: n,
                at: f.at[k],
            });
        }
    }
}
