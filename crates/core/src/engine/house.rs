//! The house rules the engine plays (seed 003 section 8 and the community variants; docs/rules.md,
//! House rules): each rule's bookkeeping in one function here, called from the one place in the
//! turn where the rule acts, so a game with no house rule pays one `Settings` test per call.

use super::card::Card;
use super::event::{DiscardReason, Event, OptionSource, RobotId};
use super::game::{Game, Status};
use super::options::OptionCard;
use super::rng::Rng;
use super::robot::Ids;
use crate::geom::Square;

/// The Three Minute Rule (seed 003 section 8.4): "a late player's program is completed by ...
/// randomly drawing from the player's unplayed cards (without looking) to fill the empty
/// slots". A program of `size` cards: the cards of `partial` where they are set and in the
/// hand (a card not in the hand counts as an empty slot), each empty slot filled with a card
/// drawn at random (by `seed`) from the hand's cards not already in the program. The race
/// completes a late person's or bot's program with it; scenario files with `late_hand`.
pub fn complete_program(
    hand: &[Card],
    partial: &[Option<Card>],
    size: usize,
    seed: u64,
) -> Vec<Card> {
    let mut unplayed: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| !partial.contains(&Some(*c)))
        .collect();
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(size);
    for k in 0..size {
        match partial
            .get(k)
            .copied()
            .flatten()
            .filter(|c| hand.contains(c))
        {
            Some(c) => out.push(c),
            None if !unplayed.is_empty() => {
                let i = rng.below(unplayed.len() as u64) as usize;
                out.push(unplayed.swap_remove(i));
            }
            None => break,
        }
    }
    out
}

impl Game {
    /// The start of the game (as turn 1 begins): One Free Option ("At the beginning of the game,
    /// each player draws a free option", seed 003 section 8.4) and start options (deal N, keep
    /// K: the robot keeps the K it values most by its policy and gives the others back; a
    /// person's pick reaches here as the options its policy keeps first, `race/start.rs`).
    pub(super) fn start_of_game(&mut self, events: &mut Vec<Event>) {
        let house = self.settings.house;
        if self.turn != 1 || !self.settings.options {
            return;
        }
        if !house.one_free_option && house.start_options.is_none() {
            return;
        }
        for i in 0..self.robots.len() {
            if house.one_free_option {
                self.draw_option(i, OptionSource::GameStart, events);
            }
            let Some(start) = house.start_options else {
                continue;
            };
            let mut dealt: Vec<OptionCard> = Vec::with_capacity(usize::from(start.deal));
            for _ in 0..start.deal {
                if let Some(o) = self.draw_option(i, OptionSource::GameStart, events) {
                    dealt.push(o);
                }
            }
            let keep = self.opt.choices[i].policy.keep;
            while dealt.len() > usize::from(start.keep) {
                let Some(k) = (0..dealt.len())
                    .min_by_key(|&k| (keep.contains(dealt[k]), dealt[k].keep_value()))
                else {
                    break;
                };
                let o = dealt.swap_remove(k);
                self.discard_option(i, o, DiscardReason::NotKept, events);
            }
        }
    }

    /// Installing Options (seed 003 section 8.3): "When installing a new option, a robot takes
    /// as much damage as it has pre-existing options". Called as a drawn option is installed,
    /// with the options the robot held before it; not for options dealt as the game starts,
    /// which are installed together onto an empty robot.
    pub(super) fn installing_damage(
        &mut self,
        i: usize,
        held_before: usize,
        source: OptionSource,
        events: &mut Vec<Event>,
    ) {
        if self.settings.house.installing_options && source != OptionSource::GameStart {
            let points = u8::try_from(held_before).unwrap_or(u8::MAX);
            self.take_damage(i, points, events);
        }
    }

    /// No Sit-And-Spin (seed 003 section 8.3): "A robot may not gain more than one option at a
    /// double-wrench site until that robot has tagged at least [one] other wrench or
    /// double-wrench site". Whether robot `i` may gain an option at `site` now.
    pub(super) fn may_gain_option_at(&self, i: usize, site: Square) -> bool {
        !self.settings.house.no_sit_and_spin || self.robots[i].spin_site != Some(site)
    }

    /// No Sit-And-Spin: robot `i` gained an option at the double-wrench site `site`.
    pub(super) fn gained_option_at(&mut self, i: usize, site: Square) {
        if self.settings.house.no_sit_and_spin {
            self.robots[i].spin_site = Some(site);
        }
    }

    /// No Sit-And-Spin: robot `i` touched the wrench or double-wrench site `site`; another site
    /// than the one it last gained an option at frees it to gain one again.
    pub(super) fn touched_wrench_site(&mut self, i: usize, site: Square) {
        let r = &mut self.robots[i];
        if r.spin_site.is_some_and(|s| s != site) {
            r.spin_site = None;
        }
    }

    /// Sets robot `i`'s No Sit-And-Spin site (scenario files set a robot up mid-game).
    pub(super) fn set_spin_site(&mut self, i: usize, site: Option<Square>) {
        if let Some(r) = self.robots.get_mut(i) {
            r.spin_site = site;
        }
    }

    /// The team robot `i` races for under team rules: robot `i` (in player order, from 0) is
    /// in team `i % count`.
    pub fn team_of(&self, i: usize) -> Option<usize> {
        let t = self.settings.house.teams?;
        Some(i % usize::from(t.count.max(1)))
    }

    /// "One touches, all touch": robot `i` touched flag `flag`, which counts for every robot of
    /// its team still racing (on the board or waiting to re-enter) whose next flag it is; each
    /// advances as if it had touched it, and finishes when it was the last flag.
    pub(super) fn team_touch(
        &mut self,
        i: usize,
        flag: u8,
        finished: &mut Ids,
        events: &mut Vec<Event>,
    ) {
        if !self
            .settings
            .house
            .teams
            .is_some_and(|t| t.one_touches_all_touch)
        {
            return;
        }
        let last = self.factory.flag_count();
        for j in 0..self.robots.len() {
            let r = self.robots[j];
            if j == i
                || self.team_of(j) != self.team_of(i)
                || !matches!(r.status, Status::Active | Status::Destroyed)
                || r.flags + 1 != flag
            {
                continue;
            }
            self.robots[j].flags += 1;
            events.push(Event::Touched {
                robot: j as RobotId,
                flag,
            });
            if flag == last {
                finished.push(j);
            }
        }
    }

    /// "Any wins, all win": when the first robot finishes (place 1), every robot of its team
    /// that has not finished finishes first with it, wherever it is (even out of lives).
    pub(super) fn team_win(&mut self, place: u8, winners: &Ids, events: &mut Vec<Event>) {
        if place != 1
            || !self
                .settings
                .house
                .teams
                .is_some_and(|t| t.any_wins_all_win)
        {
            return;
        }
        for &w in winners.as_slice() {
            for j in 0..self.robots.len() {
                if self.team_of(j) != self.team_of(usize::from(w))
                    || self.robots[j].status == Status::Finished
                {
                    continue;
                }
                self.vacate(j);
                self.robots[j].status = Status::Finished;
                self.robots[j].place = Some(place);
                self.finishers += 1;
                events.push(Event::Finished {
                    robot: j as RobotId,
                    place,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests;
