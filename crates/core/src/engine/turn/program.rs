//! Programming (RULINGS.md: legal programs only): each robot's cards fill its unlocked registers
//! from its hand, with the option choices of the turn (seed 000, Program Option Cards), checked
//! as the rules say; Recompile's new hand before programming; and random legal programs and
//! choices for sample robots and tests.

use crate::engine::card::{Card, CardKind};
use crate::engine::event::{Event, RobotId};
use crate::engine::game::{Game, REGISTERS, Stage};
use crate::engine::options::{
    ChoiceError, Choices, FireMode, OptionCard, Placed, Side, Sidestep, choices,
};
use crate::engine::rng::Rng;
use crate::geom::Turn;

/// A program that breaks the rules (RULINGS.md: legal programs only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramError {
    NotProgramming,
    NoSuchRobot(usize),
    NotPlaying,
    PoweredDown,
    WrongCount {
        expected: usize,
        got: usize,
    },
    NotInHand(Card),
    Duplicate(Card),
    UndamagedPowerDown,
    /// A power down announced while the no-power-down house rule is in force.
    NoPowerDown,
    /// An option choice that breaks the options' rules (issue 8).
    Choice(ChoiceError),
}

impl std::fmt::Display for ProgramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProgramError::NotProgramming => {
                write!(f, "programs are chosen after the cards are dealt")
            }
            ProgramError::NoSuchRobot(i) => write!(f, "there is no robot {i}"),
            ProgramError::NotPlaying => write!(f, "the robot is not on the board"),
            ProgramError::PoweredDown => write!(f, "a powered-down robot gets no cards"),
            ProgramError::WrongCount { expected, got } => write!(
                f,
                "the program needs {expected} card(s) for the unlocked registers, not {got}"
            ),
            ProgramError::NotInHand(c) => write!(f, "card {c} is not in the robot's hand"),
            ProgramError::Duplicate(c) => write!(f, "card {c} is used twice"),
            ProgramError::UndamagedPowerDown => {
                write!(f, "only a damaged robot may announce a power down")
            }
            ProgramError::NoPowerDown => {
                write!(
                    f,
                    "no robot powers down: the no-power-down rule is in force"
                )
            }
            ProgramError::Choice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ProgramError {}

impl Game {
    /// Programs robot `id`: `cards` fill its unlocked registers in order (locked registers keep
    /// their cards), every card from its hand, none twice; unused cards are discarded.
    /// `power_down` announces a power down for next turn (damaged robots only). Uses no option
    /// (the robot's standing policy stays); `program_with` takes option choices.
    pub fn program(
        &mut self,
        id: usize,
        cards: &[Card],
        power_down: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), ProgramError> {
        let choices = Choices {
            policy: self.choices(id).policy,
            ..Choices::default()
        };
        self.program_with(id, cards, power_down, &choices, events)
    }

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
        for (reg, slot) in registers
            .iter_mut()
            .enumerate()
            .take(r.unlocked_registers())
        {
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

    /// The base rules of a program (RULINGS.md: legal programs only), without options.
    fn check_program(
        &self,
        id: usize,
        cards: &[Card],
        power_down: bool,
    ) -> Result<(), ProgramError> {
        if self.stage != Stage::Programming {
            return Err(ProgramError::NotProgramming);
        }
        let Some(&r) = self.robots.get(id) else {
            return Err(ProgramError::NoSuchRobot(id));
        };
        if !r.is_active() {
            return Err(ProgramError::NotPlaying);
        }
        if r.powered_down {
            if cards.is_empty() && !power_down {
                return Ok(());
            }
            return Err(ProgramError::PoweredDown);
        }
        let expected = self.program_size(id);
        if cards.len() != expected {
            return Err(ProgramError::WrongCount {
                expected,
                got: cards.len(),
            });
        }
        for (k, c) in cards.iter().enumerate() {
            if cards[..k].contains(c) {
                return Err(ProgramError::Duplicate(*c));
            }
            if !self.hands[id].contains(c) {
                return Err(ProgramError::NotInHand(*c));
            }
        }
        if power_down && self.settings.house.no_power_down {
            return Err(ProgramError::NoPowerDown);
        }
        if power_down && r.damage == 0 {
            return Err(ProgramError::UndamagedPowerDown);
        }
        Ok(())
    }

    /// Fills the registers of a checked program; the hand's other cards are discarded except
    /// `reserved` ones (set aside by options).
    fn apply_program(
        &mut self,
        id: usize,
        cards: &[Card],
        power_down: bool,
        reserved: &[Option<Card>],
        events: &mut Vec<Event>,
    ) {
        if self.robots[id].powered_down {
            return;
        }
        for reg in 0..self.robots[id].unlocked_registers() {
            self.robots[id].registers[reg] = cards.get(reg).copied();
        }
        let hand = std::mem::take(&mut self.hands[id]);
        self.discard.extend(
            hand.into_iter()
                .filter(|c| !cards.contains(c) && !reserved.contains(&Some(*c))),
        );
        self.robots[id].announced_power_down = power_down;
        if power_down {
            events.push(Event::PowerDownAnnounced {
                robot: id as RobotId,
            });
        }
    }

    /// Robot `i` announces a power down for next turn outside a program (scenario files), under
    /// the same rules as `program`: damaged robots only, and never under no power down.
    pub(in crate::engine) fn announce_power_down(
        &mut self,
        i: usize,
        events: &mut Vec<Event>,
    ) -> Result<(), ProgramError> {
        let r = self.robots.get(i).ok_or(ProgramError::NoSuchRobot(i))?;
        if self.settings.house.no_power_down {
            return Err(ProgramError::NoPowerDown);
        }
        if r.damage == 0 {
            return Err(ProgramError::UndamagedPowerDown);
        }
        self.robots[i].announced_power_down = true;
        events.push(Event::PowerDownAnnounced {
            robot: i as RobotId,
        });
        Ok(())
    }

    /// A legal program drawn at random from the robot's hand (for sample robots and tests).
    pub fn random_program(&self, id: usize, rng: &mut Rng) -> Vec<Card> {
        let Some(r) = self.robots.get(id) else {
            return Vec::new();
        };
        if !r.is_active() || r.powered_down {
            return Vec::new();
        }
        let mut hand = self.hand(id).to_vec();
        rng.shuffle(&mut hand);
        hand.truncate(self.program_size(id));
        hand
    }

    /// Sets a robot's registers directly, bypassing the deck, while programming.
    pub fn set_registers(&mut self, id: usize, registers: [Option<Card>; REGISTERS]) {
        if self.stage != Stage::Programming {
            return;
        }
        if let Some(r) = self.robots.get_mut(id) {
            r.registers = registers;
        }
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
    /// and is dealt a new hand for its damage, `Robot::hand_size` (issue 8).
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
}

#[cfg(test)]
mod tests;
