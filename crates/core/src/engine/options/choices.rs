//! What a robot's controller decides about its options: the programming-time choices of one turn
//! (seed 000, Program Option Cards) and the standing policy for option exchange, the double-wrench
//! choice and which options to give up. Bots, scenario files and the play view fill `Choices`;
//! `Game::program_with` checks them (`ChoiceError`).

use super::card::{OptionCard, OptionSet};
use crate::engine::card::{Card, CardKind};
use crate::geom::{Facing, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A side of a robot, relative to its facing (the Shield's side turns with the robot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    #[default]
    Front,
    Right,
    Back,
    Left,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Front, Side::Right, Side::Back, Side::Left];

    /// The board direction this side looks towards for a robot facing `facing`.
    pub fn toward(self, facing: Facing) -> Facing {
        match self {
            Side::Front => facing,
            Side::Right => facing.right(),
            Side::Back => facing.opposite(),
            Side::Left => facing.left(),
        }
    }
}

/// When the robot gives up an option to avoid a point of damage (seed 000, Option Exchange: "the
/// player must decide to do an option exchange at the time the damage is received").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exchange {
    /// Never: options are kept, damage is taken.
    Never,
    /// Only for points that would destroy the robot (its tenth): an option rather than a life.
    #[default]
    WhenFatal,
    /// For every point, while options last.
    Always,
}

/// What a robot ending the turn on a double-wrench site takes (seed 000: "may either repair 2
/// points of damage or receive an option card").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WrenchChoice {
    /// RULINGS.md, Fine points: repair when damaged, an option card when not.
    #[default]
    Default,
    Repair,
    Option,
}

/// What a Fire Control hit does (issue 8; FAQ 7.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireMode {
    /// Normal damage.
    #[default]
    Damage,
    /// Each point that would be damage destroys one of the target's options instead (while it
    /// has any).
    DestroyOption,
    /// Each point that would be damage locks one more of the target's registers instead, without
    /// damage (FAQ 7.3).
    LockRegister,
}

/// The controller's standing decisions; kept from turn to turn until a program changes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Policy {
    pub exchange: Exchange,
    pub double_wrench: WrenchChoice,
    /// Options given up only after every other one (exchange and the loss on destruction);
    /// otherwise the lowest `OptionCard::keep_value` goes first.
    pub keep: OptionSet,
}

/// A Crab Legs sidestep: the Move 1 in `register` (1-5) goes one square to `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sidestep {
    pub register: u8,
    pub side: Turn,
}

/// A card placed with an option: the Dual Processor's rotation card beside the register's move,
/// or the Conditional Program's spare and the register it is swapped into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub register: u8,
    pub card: Card,
}

/// Registers as a bit set: bit `r - 1` for register `r` (1-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RegisterSet(pub u8);

impl RegisterSet {
    pub fn contains(self, register: u8) -> bool {
        (1..=5).contains(&register) && self.0 & (1 << (register - 1)) != 0
    }

    pub fn insert(&mut self, register: u8) {
        if (1..=5).contains(&register) {
            self.0 |= 1 << (register - 1);
        }
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=5u8).filter(move |&r| self.contains(r))
    }
}

impl Serialize for RegisterSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for RegisterSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let list = Vec::<u8>::deserialize(d)?;
        let mut set = RegisterSet::default();
        for r in list {
            if !(1..=5).contains(&r) {
                return Err(serde::de::Error::custom(format!(
                    "register {r}: registers are 1 to 5"
                )));
            }
            set.insert(r);
        }
        Ok(set)
    }
}

/// One turn's option choices, made with the program. `Choices::default()` uses no option and is
/// always legal; a field that uses an option needs the robot to hold it. Registers are 1-5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Choices {
    /// Shield: the protected side (`None`: the front).
    pub shield: Option<Side>,
    /// Gyroscopic Stabilizer switched on for this turn.
    pub gyroscopic_stabilizer: bool,
    /// Brakes: registers whose Move 1 is played as Move 0.
    pub brakes: RegisterSet,
    /// Fourth Gear: registers whose Move 3 is played as Move 4.
    pub fourth_gear: RegisterSet,
    /// Reverse Gears: registers whose Back Up moves back 2.
    pub reverse_gears: RegisterSet,
    /// Crab Legs: one Move 1 played as a sidestep.
    pub crab_legs: Option<Sidestep>,
    /// Dual Processor: a rotation card from the hand beside the movement card of a register.
    pub dual_processor: Option<Placed>,
    /// Conditional Program: a spare card from the hand, swapped into the register when revealed.
    pub conditional_program: Option<Placed>,
    /// Flywheel: an unused card from the hand kept for next turn.
    pub flywheel: Option<Card>,
    /// Abort Switch: the register from which the cards are replaced.
    pub abort_switch: Option<u8>,
    /// Recompile: discard the hand and draw a new one before programming (done by
    /// `Game::recompile`; `Game::play_turn_with` calls it when this is set).
    pub recompile: bool,
    /// A weapon option fired instead of the main laser this turn.
    pub weapon: Option<OptionCard>,
    /// What the main laser's hits do with Fire Control.
    pub fire_control: FireMode,
    pub policy: Policy,
}

/// A choice that breaks the options' rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceError {
    /// The choice uses an option the robot does not hold.
    NoOption(OptionCard),
    /// A powered-down robot uses no options (seed 000, PowerDown).
    PoweredDown,
    /// A register number outside 1-5.
    NoRegister(u8),
    /// The register does not hold the card kind the option needs.
    WrongCard {
        option: OptionCard,
        register: u8,
        needs: &'static str,
    },
    /// The card is not in the hand, or is also in the program or used by another option.
    CardNotSpare { option: OptionCard, card: Card },
    /// The Crab Legs' side has no rotation card of that side in a register next to it.
    NoRotationBeside { register: u8 },
    /// `weapon` names an option that is not a weapon.
    NotAWeapon(OptionCard),
    /// The Mini Howitzer has no shots left.
    NoShots,
    /// Recompile is used once a turn, before programming.
    RecompileUsed,
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::NoOption(o) => write!(f, "the robot has no {o}"),
            ChoiceError::PoweredDown => write!(f, "a powered-down robot uses no options"),
            ChoiceError::NoRegister(r) => write!(f, "register {r}: registers are 1 to 5"),
            ChoiceError::WrongCard {
                option,
                register,
                needs,
            } => write!(f, "{option} needs {needs} in register {register}"),
            ChoiceError::CardNotSpare { option, card } => write!(
                f,
                "{option}: card {card} is not a spare card of the hand (in the hand, not in the program, not used twice)"
            ),
            ChoiceError::NoRotationBeside { register } => write!(
                f,
                "Crab Legs: no rotation card of that side in a register next to register {register}"
            ),
            ChoiceError::NotAWeapon(o) => write!(f, "{o} is not fired instead of the laser"),
            ChoiceError::NoShots => write!(f, "the Mini Howitzer has no shots left"),
            ChoiceError::RecompileUsed => write!(f, "Recompile is used once a turn"),
        }
    }
}

impl std::error::Error for ChoiceError {}

/// Checks `choices` against the robot's options and its registers (after programming).
/// `spare_ok` says whether a card is a spare card of the hand (scenarios, with no hand, accept
/// any card not in the registers).
pub(crate) fn validate(
    choices: &Choices,
    options: OptionSet,
    registers: &[Option<Card>; 5],
    howitzer_left: u8,
    spare_ok: &dyn Fn(Card) -> bool,
) -> Result<(), ChoiceError> {
    let need = |o: OptionCard| {
        if options.contains(o) {
            Ok(())
        } else {
            Err(ChoiceError::NoOption(o))
        }
    };
    let card_in = |register: u8| -> Result<Option<Card>, ChoiceError> {
        if !(1..=5).contains(&register) {
            return Err(ChoiceError::NoRegister(register));
        }
        Ok(registers[usize::from(register - 1)])
    };
    let kinds = |option: OptionCard,
                 set: RegisterSet,
                 kind: CardKind,
                 needs: &'static str|
     -> Result<(), ChoiceError> {
        if set.is_empty() {
            return Ok(());
        }
        need(option)?;
        for register in set.iter() {
            if card_in(register)?.map(|c| c.kind) != Some(kind) {
                return Err(ChoiceError::WrongCard {
                    option,
                    register,
                    needs,
                });
            }
        }
        Ok(())
    };
    if choices.shield.is_some() {
        need(OptionCard::Shield)?;
    }
    if choices.gyroscopic_stabilizer {
        need(OptionCard::GyroscopicStabilizer)?;
    }
    kinds(
        OptionCard::Brakes,
        choices.brakes,
        CardKind::Move1,
        "a Move 1",
    )?;
    kinds(
        OptionCard::FourthGear,
        choices.fourth_gear,
        CardKind::Move3,
        "a Move 3",
    )?;
    kinds(
        OptionCard::ReverseGears,
        choices.reverse_gears,
        CardKind::BackUp,
        "a Back Up",
    )?;
    if let Some(step) = choices.crab_legs {
        need(OptionCard::CrabLegs)?;
        if card_in(step.register)?.map(|c| c.kind) != Some(CardKind::Move1) {
            return Err(ChoiceError::WrongCard {
                option: OptionCard::CrabLegs,
                register: step.register,
                needs: "a Move 1",
            });
        }
        let want = match step.side {
            Turn::Left => CardKind::Left,
            Turn::Right => CardKind::Right,
            Turn::UTurn => {
                return Err(ChoiceError::NoRotationBeside {
                    register: step.register,
                });
            }
        };
        let beside = [step.register.wrapping_sub(1), step.register + 1]
            .into_iter()
            .filter(|r| (1..=5).contains(r))
            .any(|r| registers[usize::from(r - 1)].map(|c| c.kind) == Some(want));
        if !beside {
            return Err(ChoiceError::NoRotationBeside {
                register: step.register,
            });
        }
    }
    let mut spares: [Option<Card>; 3] = [None; 3];
    let mut spare = |option: OptionCard, card: Card| -> Result<(), ChoiceError> {
        let taken = spares.iter().flatten().any(|&c| c == card);
        if taken || registers.iter().flatten().any(|&c| c == card) || !spare_ok(card) {
            return Err(ChoiceError::CardNotSpare { option, card });
        }
        if let Some(slot) = spares.iter_mut().find(|s| s.is_none()) {
            *slot = Some(card);
        }
        Ok(())
    };
    if let Some(p) = choices.dual_processor {
        need(OptionCard::DualProcessor)?;
        if !card_in(p.register)?.is_some_and(|c| c.kind.is_movement()) {
            return Err(ChoiceError::WrongCard {
                option: OptionCard::DualProcessor,
                register: p.register,
                needs: "a movement card",
            });
        }
        if !matches!(
            p.card.kind,
            CardKind::Left | CardKind::Right | CardKind::UTurn
        ) {
            return Err(ChoiceError::CardNotSpare {
                option: OptionCard::DualProcessor,
                card: p.card,
            });
        }
        spare(OptionCard::DualProcessor, p.card)?;
    }
    if let Some(p) = choices.conditional_program {
        need(OptionCard::ConditionalProgram)?;
        card_in(p.register)?;
        spare(OptionCard::ConditionalProgram, p.card)?;
    }
    if let Some(c) = choices.flywheel {
        need(OptionCard::Flywheel)?;
        spare(OptionCard::Flywheel, c)?;
    }
    if let Some(r) = choices.abort_switch {
        need(OptionCard::AbortSwitch)?;
        card_in(r)?;
    }
    if choices.recompile {
        need(OptionCard::Recompile)?;
    }
    if let Some(w) = choices.weapon {
        if !w.is_weapon() {
            return Err(ChoiceError::NotAWeapon(w));
        }
        need(w)?;
        if w == OptionCard::MiniHowitzer && howitzer_left == 0 {
            return Err(ChoiceError::NoShots);
        }
    }
    if choices.fire_control != FireMode::Damage {
        need(OptionCard::FireControl)?;
    }
    Ok(())
}

impl Choices {
    /// Whether the choices use any option at all (a powered-down robot may only submit these).
    pub fn uses_options(&self) -> bool {
        let plain = Choices {
            policy: self.policy,
            ..Choices::default()
        };
        *self != plain
    }
}
