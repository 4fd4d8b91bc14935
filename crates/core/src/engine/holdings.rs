//! The option cards a robot holds (issue 8): whether it may use one now, drawing one from the
//! option deck, discarding one and which it gives up first; and the options and choices the play
//! view and the bots read and set.

use super::card::Card;
use super::event::{DiscardReason, Event, OptionSource, RobotId};
use super::game::Game;
use super::options::{Choices, OptionCard, OptionSet, Policy};

impl Game {
    /// The options robot `id` holds (empty for no such robot).
    pub fn options(&self, id: usize) -> OptionSet {
        self.robots.get(id).map_or(OptionSet::EMPTY, |r| r.options)
    }

    /// Robot `id`'s choices for this turn (its standing policy included).
    pub fn choices(&self, id: usize) -> Choices {
        self.opt.choices.get(id).copied().unwrap_or_default()
    }

    /// The card robot `id` keeps for next turn with its Flywheel.
    pub fn kept_card(&self, id: usize) -> Option<Card> {
        self.opt.kept.get(id).copied().flatten()
    }

    /// Options not held by any robot (deck and discard pile); with the robots' options, 26.
    pub fn options_undrawn(&self) -> usize {
        self.opt.undrawn()
    }

    /// Sets robot `id`'s standing policy (option exchange, the double-wrench choice, options to
    /// keep) outside programming; `program_with` sets it too.
    pub fn set_policy(&mut self, id: usize, policy: Policy) {
        if let Some(c) = self.opt.choices.get_mut(id) {
            c.policy = policy;
        }
    }

    /// Whether robot `i` can use option `o` now: on the board, powered up (or the Power-Down
    /// Shield while powered down), holding it.
    #[inline]
    pub(super) fn usable(&self, i: usize, o: OptionCard) -> bool {
        let r = &self.robots[i];
        r.is_active()
            && r.options.contains(o)
            && (r.powered_down == (o == OptionCard::PowerDownShield))
    }

    pub(super) fn option_used(&self, i: usize, option: OptionCard, events: &mut Vec<Event>) {
        events.push(Event::OptionUsed {
            robot: i as RobotId,
            option,
            target: None,
        });
    }

    /// Robot `i` draws the top option card (seed 000: double-wrench sites; seed 001: radioactive
    /// waste and chop shops). Returns the card, or `None` when options are off, the robot is not
    /// on the board or is powered down ("nor can it acquire ... option cards"), or every option is
    /// held. The chop-shop rule calls this with `OptionSource::ChopShop`.
    pub fn draw_option(
        &mut self,
        i: usize,
        source: OptionSource,
        events: &mut Vec<Event>,
    ) -> Option<OptionCard> {
        let r = *self.robots.get(i)?;
        if !self.settings.options || !r.is_active() || r.powered_down {
            return None;
        }
        let option = self.opt.draw()?;
        let held_before = r.options.len();
        let r = &mut self.robots[i];
        r.options.insert(option);
        if option == OptionCard::AblativeCoat {
            r.ablative = 0;
        }
        if option == OptionCard::MiniHowitzer {
            r.howitzer = 0;
        }
        events.push(Event::OptionDrawn {
            robot: i as RobotId,
            at: r.square,
            option,
            source,
        });
        self.installing_damage(i, held_before, source, events);
        Some(option)
    }

    /// Robot `i` gives up option `o` to the discard pile.
    pub(super) fn discard_option(
        &mut self,
        i: usize,
        o: OptionCard,
        reason: DiscardReason,
        events: &mut Vec<Event>,
    ) {
        if self.robots[i].options.remove(o) {
            self.opt.discard.push(o);
            events.push(Event::OptionDiscarded {
                robot: i as RobotId,
                option: o,
                reason,
            });
        }
    }

    /// The option robot `i` gives up first: by its policy's `keep` set, then the lowest
    /// `OptionCard::keep_value`.
    pub(super) fn least_valued(&self, i: usize) -> Option<OptionCard> {
        let r = &self.robots[i];
        let keep = self.opt.choices[i].policy.keep;
        r.options
            .iter()
            .min_by_key(|&o| (keep.contains(o), o.keep_value()))
    }
}

#[cfg(test)]
mod tests;
