//! Option cards (issue 8): the 26-card option deck, draws (double-wrench sites, radioactive waste,
//! chop shops), option exchange, the loss on destruction, the programming-time choices and every
//! card's effect. The register phase and the turn call the small hooks here; each card's rule is
//! in one function below, named in the card's doc in `card.rs`. Powered-down robots use no option
//! but the Power-Down Shield (seed 000, PowerDown: "nor can it acquire or use option cards").

pub mod card;
pub mod choices;
#[cfg(test)]
mod tests;

pub use card::{OPTION_DECK_SIZE, OptionCard, OptionSet};
pub use choices::{
    ChoiceError, Choices, Exchange, FireMode, Placed, Policy, RegisterSet, Side, Sidestep,
    WrenchChoice,
};

use super::card::{Card, CardKind};
use super::event::{DiscardReason, Event, OptionSource, PushedBy, RobotId, RotateCause, Shooter};
use super::game::{DESTROYING_DAMAGE, Game, MAX_ROBOTS, ProgramError, REGISTERS, Stage};
use super::rng::Rng;
use crate::geom::{Facing, Square, Turn};

/// Salt for the option deck's generator: seeded from the game's seed but drawing from its own
/// stream, so a game in which no option is drawn deals exactly the program cards it dealt before
/// options existed (replays recorded then stay valid).
const OPTION_SALT: u64 = 0x0F71_0A5D_EC4B_17E5;

/// The option side of a game: the option deck and what the robots chose this turn.
#[derive(Clone, Debug)]
pub(crate) struct OptionsState {
    /// Undrawn options, the top last.
    deck: Vec<OptionCard>,
    /// Discarded options, shuffled back when the deck runs out.
    discard: Vec<OptionCard>,
    rng: Rng,
    /// Each robot's choices for this turn and its standing policy.
    choices: Vec<Choices>,
    /// Flywheel: the card each robot keeps for next turn.
    kept: Vec<Option<Card>>,
    /// Dual Processor: the rotation card placed beside a register's move this turn.
    dual: Vec<Option<Placed>>,
    /// Conditional Program: the spare card set aside this turn.
    conditional: Vec<Option<Placed>>,
    /// Radio Control: the robot whose program this robot plays for the rest of the turn.
    radio: Vec<Option<u8>>,
    /// Robots that have recompiled this turn (bit per robot).
    recompiled: u16,
    /// Robots under Radio Control (bit per robot): 0 keeps `register_card` cheap.
    radioed: u16,
}

impl OptionsState {
    /// The option deck shuffled from `seed`, less the options robots start with.
    pub(crate) fn new(seed: u64, held: &[OptionSet]) -> OptionsState {
        let mut deck: Vec<OptionCard> = OptionCard::ALL
            .into_iter()
            .filter(|&o| !held.iter().any(|h| h.contains(o)))
            .collect();
        let mut rng = Rng::new(seed ^ OPTION_SALT);
        rng.shuffle(&mut deck);
        let n = held.len();
        OptionsState {
            deck,
            discard: Vec::new(),
            rng,
            choices: vec![Choices::default(); n],
            kept: vec![None; n],
            dual: vec![None; n],
            conditional: vec![None; n],
            radio: vec![None; n],
            recompiled: 0,
            radioed: 0,
        }
    }

    /// Options in the deck and the discard pile.
    pub(crate) fn undrawn(&self) -> usize {
        self.deck.len() + self.discard.len()
    }
}

/// A weapon hit or Fire Control hit of the fire step, resolved after the step's damage.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effect {
    shooter: u8,
    target: u8,
    option: OptionCard,
    /// The direction the shot travelled.
    dir: Facing,
    /// Fire Control: the points that got through shields.
    points: u8,
    /// Fire Control: lock registers rather than destroy options.
    lock: bool,
}

/// The fire step's option effects, without allocating.
pub(crate) struct Effects {
    list: [Option<Effect>; 2 * MAX_ROBOTS],
    len: usize,
}

impl Effects {
    pub(crate) fn new() -> Effects {
        Effects {
            list: [None; 2 * MAX_ROBOTS],
            len: 0,
        }
    }

    fn push(&mut self, e: Effect) {
        if self.len < self.list.len() {
            self.list[self.len] = Some(e);
            self.len += 1;
        }
    }
}

impl Game {
    // ----- The robot's options, for the play view and bots -----

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
    pub(crate) fn usable(&self, i: usize, o: OptionCard) -> bool {
        let r = &self.robots[i];
        r.is_active()
            && r.options.contains(o)
            && (r.powered_down == (o == OptionCard::PowerDownShield))
    }

    fn option_used(&self, i: usize, option: OptionCard, events: &mut Vec<Event>) {
        events.push(Event::OptionUsed {
            robot: i as RobotId,
            option,
            target: None,
        });
    }

    // ----- Draws and discards -----

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
        if self.opt.deck.is_empty() {
            // The discard pile is shuffled back, sorted first so the order is the seed's alone.
            let mut back = std::mem::take(&mut self.opt.discard);
            back.sort_unstable();
            self.opt.rng.shuffle(&mut back);
            self.opt.deck = back;
        }
        let option = self.opt.deck.pop()?;
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
        Some(option)
    }

    /// Robot `i` gives up option `o` to the discard pile.
    fn discard_option(
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
    fn least_valued(&self, i: usize) -> Option<OptionCard> {
        let r = &self.robots[i];
        let keep = self.opt.choices[i].policy.keep;
        r.options
            .iter()
            .min_by_key(|&o| (keep.contains(o), o.keep_value()))
    }

    // ----- Damage -----

    /// Every point of damage a robot takes goes through here: the Ablative Coat absorbs it, then
    /// option exchange may discard options for points (seed 000, Option Exchange: "Any number of
    /// option cards may be discarded ... at the time the damage is received"), then the rest is
    /// added and the tenth point destroys. With no options this is plain damage.
    pub(crate) fn take_damage(&mut self, i: usize, amount: u8, events: &mut Vec<Event>) {
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
            self.destroy(i, super::event::DestroyCause::Damage, events);
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
    /// an obstacle is unspent) goes through the shield as through a wall. A Power-Down Shield blocks 1 point from each direction each register
    /// (`guard`: the directions used in this fire step).
    pub(crate) fn shielded(
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

    // ----- Destruction and re-entry -----

    /// A destroyed robot "immediately loses an option card of the player's choice" (seed 000,
    /// Destruction): the least valued by its policy, and the Superior Archive Copy first of all,
    /// since FAQ 7.4 lets it work even when it is the card lost. A robot holding the Superior
    /// Archive Copy as it is destroyed re-enters with no damage.
    pub(crate) fn options_on_destroyed(&mut self, i: usize, events: &mut Vec<Event>) {
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

    /// Superior Archive Copy at re-entry (FAQ 7.4: "you may still restore your robot without
    /// damage to the last archive location that you tagged while you had the option"): a robot
    /// that held it when destroyed enters with no damage. Called as the robot re-enters.
    pub(crate) fn superior_reentry(&mut self, i: usize, events: &mut Vec<Event>) {
        if self.robots[i].superior_copy {
            self.robots[i].superior_copy = false;
            self.robots[i].damage = 0;
            self.option_used(i, OptionCard::SuperiorArchiveCopy, events);
        }
    }

    // ----- The turn -----

    /// Start of a turn: this turn's choices are cleared (the policy stays), Recompile is ready.
    pub(crate) fn options_begin_turn(&mut self) {
        for c in &mut self.opt.choices {
            *c = Choices {
                policy: c.policy,
                ..Choices::default()
            };
        }
        self.opt.recompiled = 0;
    }

    /// Before the shuffle: a kept card of a robot that will not be dealt cards goes back.
    pub(crate) fn options_before_shuffle(&mut self) {
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
    pub(crate) fn options_after_deal(&mut self, i: usize) {
        if let Some(c) = self.opt.kept[i].take() {
            self.hands[i].push(c);
        }
    }

    /// Cards held by options (kept, placed beside a register, set aside), for `cards_in_play`.
    pub(crate) fn option_cards(&self) -> usize {
        self.opt.kept.iter().flatten().count()
            + self.opt.dual.iter().flatten().count()
            + self.opt.conditional.iter().flatten().count()
    }

    /// End of turn: cards placed with options go back to the deck, Radio Control ends.
    pub(crate) fn options_end_turn(&mut self) {
        for i in 0..self.robots.len() {
            if let Some(p) = self.opt.dual[i].take() {
                self.discard.push(p.card);
            }
            if let Some(p) = self.opt.conditional[i].take() {
                self.discard.push(p.card);
            }
            self.opt.radio[i] = None;
        }
        self.opt.radioed = 0;
    }

    /// Circuit Breaker: a powered-up robot ending the turn with 3 or more damage powers down
    /// next turn (issue 8). Runs after the repairs.
    pub(crate) fn circuit_breakers(&mut self, events: &mut Vec<Event>) {
        for i in 0..self.robots.len() {
            if self.usable(i, OptionCard::CircuitBreaker)
                && self.robots[i].damage >= 3
                && !self.robots[i].announced_power_down
            {
                self.robots[i].announced_power_down = true;
                self.option_used(i, OptionCard::CircuitBreaker, events);
            }
        }
    }

    /// Whether robot `i` on a double-wrench site takes an option instead of repairs (seed 000;
    /// RULINGS.md, Fine points: "repairs 2 if it has damage and takes an option card if it has
    /// none, unless its controller chooses otherwise"). Powered-down robots acquire none (seed
    /// 000; FAQ 7.4: "only if your robot is powered up").
    pub(crate) fn takes_option_at_site(&self, i: usize, wrenches: u8) -> bool {
        let r = &self.robots[i];
        if wrenches < 2 || !self.settings.options || !r.is_active() || r.powered_down {
            return false;
        }
        match self.opt.choices[i].policy.double_wrench {
            WrenchChoice::Default => r.damage == 0,
            WrenchChoice::Repair => false,
            WrenchChoice::Option => true,
        }
    }

    // ----- Programming -----

    /// Programs robot `id` with option choices: as `Game::program`, then `choices` are checked
    /// against its options, its registers and its hand (a spare card for the Flywheel,
    /// Conditional Program or Dual Processor must be an unprogrammed card of the hand, each used
    /// once). The spare cards are set aside instead of discarded.
    pub fn program_with(
        &mut self,
        id: usize,
        cards: &[Card],
        power_down: bool,
        choices: &Choices,
        events: &mut Vec<Event>,
    ) -> Result<(), ProgramError> {
        let Some(r) = self.robots.get(id).copied() else {
            return Err(ProgramError::NoSuchRobot(id));
        };
        if self.stage == Stage::Programming && r.is_active() && r.powered_down {
            if choices.uses_options() {
                return Err(ProgramError::Choice(ChoiceError::PoweredDown));
            }
            self.opt.choices[id].policy = choices.policy;
        }
        let mut registers = r.registers;
        for (reg, slot) in registers.iter_mut().enumerate().take(r.unlocked_registers()) {
            *slot = cards.get(reg).copied();
        }
        let hand = self.hands.get(id).cloned().unwrap_or_default();
        // The base rules are checked first, so their errors win.
        self.check_program(id, cards, power_down)?;
        if !r.powered_down {
            // `recompile` is not checked here: `Game::recompile` did it (and checked it) before
            // programming; its damage may even have cost the card in an option exchange since.
            let check = Choices {
                recompile: false,
                ..*choices
            };
            choices::validate(
                &check,
                r.options,
                &registers,
                OptionCard::HOWITZER_SHOTS.saturating_sub(r.howitzer),
                &|c| hand.contains(&c) && !cards.contains(&c),
            )
            .map_err(ProgramError::Choice)?;
        }
        let reserved: [Option<Card>; 3] = [
            choices.dual_processor.map(|p| p.card),
            choices.conditional_program.map(|p| p.card),
            choices.flywheel,
        ];
        self.apply_program(id, cards, power_down, &reserved, events);
        if !r.powered_down {
            self.opt.choices[id] = *choices;
            self.opt.dual[id] = choices.dual_processor;
            self.opt.conditional[id] = choices.conditional_program;
            self.opt.kept[id] = choices.flywheel;
        }
        Ok(())
    }

    /// Sets choices for a scripted turn (scenarios): checked against the options and the
    /// registers; spare cards are any cards not in the registers (scenarios have no hands).
    pub fn set_choices(&mut self, id: usize, choices: &Choices) -> Result<(), ChoiceError> {
        let Some(r) = self.robots.get(id).copied() else {
            return Ok(());
        };
        if r.powered_down && choices.uses_options() {
            return Err(ChoiceError::PoweredDown);
        }
        let left = OptionCard::HOWITZER_SHOTS.saturating_sub(r.howitzer);
        let mut check = *choices;
        // A scripted Recompile is run here, before anything else, as in `play_turn_with`.
        check.recompile = false;
        choices::validate(&check, r.options, &r.registers, left, &|_| true)?;
        if choices.recompile {
            let mut events = Vec::new();
            self.recompile(id, &mut events)
                .map_err(|_| ChoiceError::RecompileUsed)?;
        }
        self.opt.choices[id] = *choices;
        self.opt.dual[id] = choices.dual_processor;
        self.opt.conditional[id] = choices.conditional_program;
        self.opt.kept[id] = choices.flywheel;
        Ok(())
    }

    /// Recompile: once a turn, before programming, robot `id` discards its hand, takes 1 damage
    /// and is dealt a new hand of 9 minus its damage (issue 8).
    pub fn recompile(&mut self, id: usize, events: &mut Vec<Event>) -> Result<(), ProgramError> {
        if self.stage != Stage::Programming {
            return Err(ProgramError::NotProgramming);
        }
        if id >= self.robots.len() {
            return Err(ProgramError::NoSuchRobot(id));
        }
        if !self.usable(id, OptionCard::Recompile) {
            return Err(ProgramError::Choice(ChoiceError::NoOption(
                OptionCard::Recompile,
            )));
        }
        if self.opt.recompiled & (1 << id) != 0 {
            return Err(ProgramError::Choice(ChoiceError::RecompileUsed));
        }
        self.opt.recompiled |= 1 << id;
        let old = std::mem::take(&mut self.hands[id]);
        self.discard.extend(old);
        self.option_used(id, OptionCard::Recompile, events);
        self.take_damage(id, 1, events);
        let r = self.robots[id];
        if !r.is_active() {
            return Ok(());
        }
        if self.deck.len() < r.hand_size() {
            // The discard pile is shuffled back under the rest of the deck.
            let mut back = std::mem::take(&mut self.discard);
            back.sort_unstable_by_key(|c| (c.priority, c.kind));
            self.rng.shuffle(&mut back);
            back.append(&mut self.deck);
            self.deck = back;
        }
        self.deal(id, events);
        Ok(())
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

    /// Random legal choices for robot `id` after it programmed `cards` (property tests and the
    /// random bot): each option it holds is used or not at random.
    pub fn random_choices(&self, id: usize, cards: &[Card], rng: &mut Rng) -> Choices {
        let mut c = Choices {
            policy: self.choices(id).policy,
            ..Choices::default()
        };
        let Some(r) = self.robots.get(id).copied() else {
            return c;
        };
        if !r.is_active() || r.powered_down || r.options.is_empty() {
            return c;
        }
        let mut regs = r.registers;
        for (k, slot) in regs.iter_mut().enumerate().take(r.unlocked_registers()) {
            *slot = cards.get(k).copied();
        }
        let has = |o| r.options.contains(o);
        let coin = |rng: &mut Rng| rng.below(2) == 0;
        let mut spare: Vec<Card> = self
            .hand(id)
            .iter()
            .copied()
            .filter(|c| !cards.contains(c))
            .collect();
        if has(OptionCard::Shield) {
            c.shield = Some(Side::ALL[rng.below(4) as usize]);
        }
        c.gyroscopic_stabilizer = has(OptionCard::GyroscopicStabilizer) && coin(rng);
        for (reg, card) in regs.iter().enumerate() {
            let reg = reg as u8 + 1;
            match card.map(|c| c.kind) {
                Some(CardKind::Move1) if has(OptionCard::Brakes) && coin(rng) => {
                    c.brakes.insert(reg)
                }
                Some(CardKind::Move3) if has(OptionCard::FourthGear) && coin(rng) => {
                    c.fourth_gear.insert(reg)
                }
                Some(CardKind::BackUp) if has(OptionCard::ReverseGears) && coin(rng) => {
                    c.reverse_gears.insert(reg)
                }
                _ => {}
            }
        }
        if has(OptionCard::CrabLegs) && coin(rng) {
            let kind = |k: u8| regs[usize::from(k - 1)].map(|c| c.kind);
            c.crab_legs = (1..=5u8)
                .filter(|&k| kind(k) == Some(CardKind::Move1) && !c.brakes.contains(k))
                .find_map(|k| {
                    [k.wrapping_sub(1), k + 1]
                        .into_iter()
                        .filter(|n| (1..=5).contains(n))
                        .find_map(|n| match kind(n) {
                            Some(CardKind::Left) => Some(Turn::Left),
                            Some(CardKind::Right) => Some(Turn::Right),
                            _ => None,
                        })
                        .map(|side| Sidestep { register: k, side })
                });
        }
        if has(OptionCard::DualProcessor) && coin(rng) {
            let reg =
                (1..=5u8).find(|&k| regs[usize::from(k - 1)].is_some_and(|c| c.kind.is_movement()));
            let rot = spare
                .iter()
                .position(|c| matches!(c.kind, CardKind::Left | CardKind::Right | CardKind::UTurn));
            if let (Some(register), Some(p)) = (reg, rot) {
                c.dual_processor = Some(Placed {
                    register,
                    card: spare.remove(p),
                });
            }
        }
        if has(OptionCard::ConditionalProgram) && coin(rng) && !spare.is_empty() {
            let p = rng.below(spare.len() as u64) as usize;
            c.conditional_program = Some(Placed {
                register: 1 + rng.below(5) as u8,
                card: spare.remove(p),
            });
        }
        if has(OptionCard::Flywheel) && coin(rng) && !spare.is_empty() {
            let p = rng.below(spare.len() as u64) as usize;
            c.flywheel = Some(spare.remove(p));
        }
        if has(OptionCard::AbortSwitch) && rng.below(4) == 0 {
            c.abort_switch = Some(1 + rng.below(5) as u8);
        }
        let weapons: Vec<OptionCard> = OptionCard::WEAPONS
            .into_iter()
            .filter(|&w| has(w))
            .filter(|&w| w != OptionCard::MiniHowitzer || r.howitzer < OptionCard::HOWITZER_SHOTS)
            .collect();
        if !weapons.is_empty() && coin(rng) {
            c.weapon = Some(weapons[rng.below(weapons.len() as u64) as usize]);
        }
        if has(OptionCard::FireControl) {
            c.fire_control = [
                FireMode::Damage,
                FireMode::DestroyOption,
                FireMode::LockRegister,
            ][rng.below(3) as usize];
        }
        c
    }

    // ----- The register phase -----

    /// The card robot `i` plays in register `phase`: its own, or under Radio Control the
    /// controller's card in that register (issue 8: "the target executes your program").
    pub(crate) fn register_card(&self, i: usize, phase: u8) -> Option<Card> {
        let reg = usize::from(phase - 1);
        if self.opt.radioed == 0 {
            return self.robots[i].registers[reg];
        }
        match self.opt.radio.get(i).copied().flatten() {
            Some(c) => self.robots.get(usize::from(c))?.registers[reg],
            None => self.robots[i].registers[reg],
        }
    }

    /// Before a register is revealed: the Abort Switch replaces this and every later unlocked
    /// register's card with the top card of the deck; the Conditional Program swaps its spare
    /// card into its register.
    pub(crate) fn options_before_reveal(&mut self, phase: u8, events: &mut Vec<Event>) {
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

    /// Robot `i`'s register `reg` (0-based) gets the top card of the deck; its card is discarded.
    fn replace_register(&mut self, i: usize, reg: usize) {
        let Some(top) = self.deck.pop() else {
            return;
        };
        if let Some(old) = self.robots[i].registers[reg].replace(top) {
            self.discard.push(old);
        }
    }

    /// Where robot `i`'s movement card takes it: direction and squares, as its options change
    /// them in register `phase` (Brakes, Fourth Gear, Reverse Gears, Crab Legs). A card played
    /// under Radio Control is played as it is.
    pub(crate) fn card_motion(
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
    pub(crate) fn dual_rotate(&mut self, i: usize, phase: u8, events: &mut Vec<Event>) {
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

    /// Gyroscopic Stabilizer: when switched on for the turn, belts and gears do not rotate the
    /// robot. Returns whether it holds the robot's facing.
    pub(crate) fn stabilized(&self, i: usize, cause: RotateCause, events: &mut Vec<Event>) -> bool {
        if cause == RotateCause::Card
            || !self.opt.choices[i].gyroscopic_stabilizer
            || !self.usable(i, OptionCard::GyroscopicStabilizer)
        {
            return false;
        }
        self.option_used(i, OptionCard::GyroscopicStabilizer, events);
        true
    }

    /// Ramming Gear: every robot robot `i` pushed in this step takes 1 damage (issue 8).
    pub(crate) fn ramming(&mut self, i: usize, pushed: &[u8], events: &mut Vec<Event>) {
        if pushed.is_empty() || !self.usable(i, OptionCard::RammingGear) {
            return;
        }
        for &j in pushed {
            let j = usize::from(j);
            if self.robots[j].is_active() {
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: OptionCard::RammingGear,
                    target: Some(j as RobotId),
                });
                self.take_damage(j, 1, events);
            }
        }
    }

    /// The square robot `i` touches: its own, or with the Mechanical Arm the best flag or repair
    /// site in reach: an adjacent square with no wall between, or a diagonal one reached round
    /// either corner without a wall (docs/rules.md). The next flag comes first, then the robot's
    /// own square if it is a site, then a flag, then the most wrenches.
    pub(crate) fn touch_square(&self, i: usize) -> Square {
        let r = self.robots[i];
        if !self.usable(i, OptionCard::MechanicalArm) {
            return r.square;
        }
        let f = &self.factory;
        let site = |s: Square| {
            let c = f.cell(s);
            c.flag > 0 || c.wrenches > 0
        };
        let open = |s: Square, d: Facing| f.is_on_board(s) && !f.blocks_move(s, d);
        let mut reach: [Option<Square>; 8] = [None; 8];
        for (k, d) in Facing::ALL.into_iter().enumerate() {
            if open(r.square, d) {
                reach[k] = Some(r.square.step(d));
            }
            let e = d.right();
            let corner = r.square.step(d).step(e);
            let via_d = open(r.square, d) && open(r.square.step(d), e);
            let via_e = open(r.square, e) && open(r.square.step(e), d);
            if via_d || via_e {
                reach[4 + k] = Some(corner);
            }
        }
        let next = r.flags + 1;
        let all = std::iter::once(r.square).chain(reach.into_iter().flatten());
        let score = |s: Square| {
            let c = f.cell(s);
            (
                c.flag == next,
                s == r.square && site(s),
                c.flag > 0,
                c.wrenches,
            )
        };
        all.filter(|&s| f.is_on_board(s) && site(s))
            .max_by_key(|&s| score(s))
            .unwrap_or(r.square)
    }

    // ----- The fire step -----

    /// Robot lasers (RULINGS.md, Lasers) with the options that change them: each real,
    /// powered-up robot fires forward at the first real robot in line; the Double-Barreled Laser
    /// does 2, the High-Power Laser goes through one wall or robot, the Rear-Firing Laser also
    /// fires backwards (1 damage, no other option), and a weapon option fires instead of the main
    /// laser. Damage is added to `damage`; weapon and Fire Control hits go to `effects`.
    pub(crate) fn robot_lasers(
        &mut self,
        damage: &mut [u8; MAX_ROBOTS],
        guard: &mut [u8; MAX_ROBOTS],
        effects: &mut Effects,
        events: &mut Vec<Event>,
    ) {
        let n = self.robots.len().min(MAX_ROBOTS);
        for i in 0..n {
            let r = self.robots[i];
            if !r.is_active() || r.is_virtual || r.powered_down {
                continue;
            }
            if r.options.is_empty() {
                // The common case, kept cheap: one plain beam.
                let plain = Beam {
                    points: 1,
                    pierce: false,
                    weapon: None,
                    fire_control: None,
                };
                self.trace(i, r.facing, plain, damage, guard, effects, events);
                continue;
            }
            let c = self.opt.choices[i];
            let weapon = c.weapon.filter(|&w| {
                self.usable(i, w)
                    && (w != OptionCard::MiniHowitzer || r.howitzer < OptionCard::HOWITZER_SHOTS)
            });
            let main = Beam {
                points: if self.usable(i, OptionCard::DoubleBarreledLaser) {
                    2
                } else {
                    1
                },
                pierce: self.usable(i, OptionCard::HighPowerLaser),
                weapon,
                fire_control: (c.fire_control != FireMode::Damage
                    && self.usable(i, OptionCard::FireControl))
                .then_some(c.fire_control),
            };
            self.trace(i, r.facing, main, damage, guard, effects, events);
            if self.usable(i, OptionCard::RearFiringLaser) {
                let rear = Beam {
                    points: 1,
                    pierce: false,
                    weapon: None,
                    fire_control: None,
                };
                self.trace(i, r.facing.opposite(), rear, damage, guard, effects, events);
            }
        }
    }

    /// One beam of robot `i` going `dir`.
    #[allow(clippy::too_many_arguments)]
    fn trace(
        &mut self,
        i: usize,
        dir: Facing,
        beam: Beam,
        damage: &mut [u8; MAX_ROBOTS],
        guard: &mut [u8; MAX_ROBOTS],
        effects: &mut Effects,
        events: &mut Vec<Event>,
    ) {
        let from = self.robots[i].square;
        let mut at = from;
        let mut pierce = beam.pierce;
        loop {
            if self.factory.blocks_beam(at, dir) {
                if !pierce {
                    break;
                }
                pierce = false;
                self.option_used(i, OptionCard::HighPowerLaser, events);
            }
            at = at.step(dir);
            if !self.factory.is_on_board(at) {
                break;
            }
            let Some(j) = self.real_robot_on(at) else {
                continue;
            };
            if let Some(w) = beam.weapon {
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: w,
                    target: Some(j as RobotId),
                });
                if w == OptionCard::MiniHowitzer {
                    self.robots[i].howitzer += 1;
                    damage[j] = damage[j].saturating_add(1);
                }
                effects.push(Effect {
                    shooter: i as u8,
                    target: j as u8,
                    option: w,
                    dir,
                    points: 0,
                    lock: false,
                });
                break;
            }
            events.push(Event::Shot {
                robot: j as RobotId,
                shooter: Shooter::Robot(i as RobotId),
                from,
                to: at,
                beams: beam.points,
            });
            let through = self.shielded(
                j,
                beam.points,
                dir,
                Some((i, &mut pierce)),
                &mut guard[j],
                events,
            );
            if let Some(mode) = beam.fire_control
                && through > 0
            {
                effects.push(Effect {
                    shooter: i as u8,
                    target: j as u8,
                    option: OptionCard::FireControl,
                    dir,
                    points: through,
                    lock: mode == FireMode::LockRegister,
                });
            } else {
                damage[j] = damage[j].saturating_add(through);
            }
            if !pierce {
                break;
            }
            pierce = false;
            self.option_used(i, OptionCard::HighPowerLaser, events);
        }
    }

    /// After the fire step's damage: weapon hits (Pressor and Tractor Beams, Mini Howitzer
    /// pushes, Scrambler, Radio Control) and Fire Control hits, in shooter order, on targets the
    /// step did not destroy. A Mini Howitzer that has fired its 5th shot is discarded.
    pub(crate) fn fire_effects(&mut self, effects: &Effects, phase: u8, events: &mut Vec<Event>) {
        for e in effects.list[..effects.len].iter().flatten() {
            let (i, j) = (usize::from(e.shooter), usize::from(e.target));
            if self.robots[j].is_active() {
                match e.option {
                    OptionCard::PressorBeam | OptionCard::MiniHowitzer => {
                        self.weapon_push(j, e.dir, i, phase, events);
                    }
                    OptionCard::TractorBeam => {
                        // Pulled towards the shooter, unless it is already beside it.
                        let beside =
                            self.robots[j].square.step(e.dir.opposite()) == self.robots[i].square;
                        if !beside {
                            self.weapon_push(j, e.dir.opposite(), i, phase, events);
                        }
                    }
                    OptionCard::Scrambler => {
                        let next = usize::from(phase);
                        if next < REGISTERS && !self.robots[j].is_locked(next) {
                            self.replace_register(j, next);
                        }
                    }
                    OptionCard::RadioControl => {
                        self.opt.radio[j] = Some(e.shooter);
                        self.opt.radioed |= 1 << j;
                    }
                    OptionCard::FireControl => self.fire_control(i, j, e.points, e.lock, events),
                    _ => {}
                }
            }
            if e.option == OptionCard::MiniHowitzer
                && self.robots[i].howitzer >= OptionCard::HOWITZER_SHOTS
            {
                self.discard_option(i, OptionCard::MiniHowitzer, DiscardReason::UsedUp, events);
            }
        }
    }

    /// Fire Control (FAQ 7.3: "When scoring damage, you may: lock register, destroy option, or
    /// do normal damage"): each point that would be damage either destroys one of the target's
    /// options, its most valued first (the shooter chooses), or locks one more of its registers
    /// with a lock chit and no damage ("Use an inverted damage chit to designate a locked register
    /// without damage"). An Ablative Coat takes points as a shield would (FAQ 7.3) first; points
    /// with nothing left to destroy or lock are damage.
    fn fire_control(
        &mut self,
        i: usize,
        j: usize,
        points: u8,
        lock: bool,
        events: &mut Vec<Event>,
    ) {
        for _ in 0..points {
            if !self.robots[j].is_active() {
                return;
            }
            let r = self.robots[j];
            let coat = self.usable(j, OptionCard::AblativeCoat);
            let best = r.options.iter().max_by_key(|o| o.keep_value());
            if coat {
                self.take_damage(j, 1, events);
            } else if lock && r.locked_count() < REGISTERS {
                self.robots[j].lock_chits += 1;
                events.push(Event::OptionUsed {
                    robot: i as RobotId,
                    option: OptionCard::FireControl,
                    target: Some(j as RobotId),
                });
            } else if let (false, Some(o)) = (lock, best) {
                self.discard_option(j, o, DiscardReason::FireControl, events);
            } else {
                self.take_damage(j, 1, events);
            }
        }
    }

    /// A weapon pushes robot `j` one square `dir`, with the robots ahead of it, as any push that is
    /// not the robot's own move (RULINGS.md, Robots and other robots; docs/rules.md, Weapons).
    fn weapon_push(
        &mut self,
        j: usize,
        dir: Facing,
        by: usize,
        phase: u8,
        events: &mut Vec<Event>,
    ) {
        self.shove(j, dir, PushedBy::Robot(by as RobotId), phase, events);
    }
}

/// What one robot laser beam carries.
#[derive(Clone, Copy)]
struct Beam {
    points: u8,
    pierce: bool,
    weapon: Option<OptionCard>,
    /// Fire Control's mode, when it replaces damage.
    fire_control: Option<FireMode>,
}
