//! The 26 option cards of the classic game as data: names, rule text, the codes scenario files use,
//! and `OptionSet`, the small `Copy` set of options a robot holds (issue 8).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One option card. The rule text of each is our summary of the published card (issue 8); where
/// the sources (seed 000, FAQ sections 7.3 and 7.4 of seed 003) rule on a card, its doc says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, strum::EnumIter)]
pub enum OptionCard {
    /// Absorbs the next 3 points of damage, then is discarded (issue 8; FAQ 7.3: "treat the same
    /// as a shield until three points of what would normally be damage has been accumulated").
    AblativeCoat,
    /// Once a turn, from a chosen register on, every register's card is replaced by the top card
    /// of the deck (issue 8).
    AbortSwitch,
    /// A Move 1 may be played as Move 0 (issue 8).
    Brakes,
    /// A robot ending a turn with 3 or more damage powers down next turn (issue 8).
    CircuitBreaker,
    /// After programming, one spare card is set aside and swapped into a chosen register when it
    /// is revealed (issue 8).
    ConditionalProgram,
    /// A Move 1 programmed next to a Rotate Left or Right card may move one square to that side
    /// instead, keeping the facing (issue 8).
    CrabLegs,
    /// The robot's main laser does 2 damage (issue 8; FAQ 7.3 treats it as two shots).
    DoubleBarreledLaser,
    /// A register may hold a movement card and a rotation card together: the robot moves, then
    /// turns (issue 8).
    DualProcessor,
    /// A main-laser hit may destroy an option instead of doing damage (issue 8; FAQ 7.3: only
    /// when the shot would do damage).
    FireControl,
    /// One unused card is kept for next turn (issue 8).
    Flywheel,
    /// A Move 3 may be played as Move 4 (issue 8).
    FourthGear,
    /// When switched on for a turn, belts and gears do not rotate the robot (issue 8).
    GyroscopicStabilizer,
    /// The main laser shoots through one wall or one robot (issue 8; FAQ 7.3 against shields).
    HighPowerLaser,
    /// Touches a flag or repair site from an adjacent or diagonal square (issue 8).
    MechanicalArm,
    /// Instead of the main laser: push the target 1 square and do 1 damage; 5 shots (issue 8).
    MiniHowitzer,
    /// While powered down, prevents 1 damage from each direction each register (issue 8; the
    /// one option a powered-down robot uses, seed 000 PowerDown).
    PowerDownShield,
    /// Instead of the main laser: push the target 1 square away (issue 8).
    PressorBeam,
    /// Instead of the main laser: the target plays the shooter's program for the rest of the
    /// turn (issue 8).
    RadioControl,
    /// A robot this robot pushes takes 1 damage (issue 8).
    RammingGear,
    /// The robot also fires a laser backwards (issue 8).
    RearFiringLaser,
    /// Once a turn, before programming: discard the hand and draw a new one, taking 1 damage
    /// (issue 8).
    Recompile,
    /// A Back Up may move back 2 squares (issue 8).
    ReverseGears,
    /// Instead of the main laser: the target's next register is replaced by the top card of the
    /// deck (issue 8).
    Scrambler,
    /// Blocks damage from the one side programmed this turn (issue 8; seed 000, Program Option
    /// Cards: "Shield is programmed by indicating ... which side of the robot is to be protected").
    Shield,
    /// A destroyed robot re-enters with no damage (issue 8; FAQ 7.4: it works even when this is
    /// the option lost on destruction).
    SuperiorArchiveCopy,
    /// Instead of the main laser: pull the target 1 square towards the shooter (issue 8).
    TractorBeam,
}

/// The number of option cards in the deck.
pub const OPTION_DECK_SIZE: usize = 26;

impl OptionCard {
    /// Every option, in the order of the issue's list (alphabetical).
    pub const ALL: [OptionCard; OPTION_DECK_SIZE] = [
        OptionCard::AblativeCoat,
        OptionCard::AbortSwitch,
        OptionCard::Brakes,
        OptionCard::CircuitBreaker,
        OptionCard::ConditionalProgram,
        OptionCard::CrabLegs,
        OptionCard::DoubleBarreledLaser,
        OptionCard::DualProcessor,
        OptionCard::FireControl,
        OptionCard::Flywheel,
        OptionCard::FourthGear,
        OptionCard::GyroscopicStabilizer,
        OptionCard::HighPowerLaser,
        OptionCard::MechanicalArm,
        OptionCard::MiniHowitzer,
        OptionCard::PowerDownShield,
        OptionCard::PressorBeam,
        OptionCard::RadioControl,
        OptionCard::RammingGear,
        OptionCard::RearFiringLaser,
        OptionCard::Recompile,
        OptionCard::ReverseGears,
        OptionCard::Scrambler,
        OptionCard::Shield,
        OptionCard::SuperiorArchiveCopy,
        OptionCard::TractorBeam,
    ];

    /// Options that fire instead of the main laser (a `Choices::weapon`).
    pub const WEAPONS: [OptionCard; 5] = [
        OptionCard::MiniHowitzer,
        OptionCard::PressorBeam,
        OptionCard::RadioControl,
        OptionCard::Scrambler,
        OptionCard::TractorBeam,
    ];

    /// Shots of a Mini Howitzer before it is discarded.
    pub const HOWITZER_SHOTS: u8 = 5;
    /// Points an Ablative Coat absorbs before it is discarded.
    pub const ABLATIVE_POINTS: u8 = 3;

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn is_weapon(self) -> bool {
        OptionCard::WEAPONS.contains(&self)
    }

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            OptionCard::AblativeCoat => "Ablative Coat",
            OptionCard::AbortSwitch => "Abort Switch",
            OptionCard::Brakes => "Brakes",
            OptionCard::CircuitBreaker => "Circuit Breaker",
            OptionCard::ConditionalProgram => "Conditional Program",
            OptionCard::CrabLegs => "Crab Legs",
            OptionCard::DoubleBarreledLaser => "Double-Barreled Laser",
            OptionCard::DualProcessor => "Dual Processor",
            OptionCard::FireControl => "Fire Control",
            OptionCard::Flywheel => "Flywheel",
            OptionCard::FourthGear => "Fourth Gear",
            OptionCard::GyroscopicStabilizer => "Gyroscopic Stabilizer",
            OptionCard::HighPowerLaser => "High-Power Laser",
            OptionCard::MechanicalArm => "Mechanical Arm",
            OptionCard::MiniHowitzer => "Mini Howitzer",
            OptionCard::PowerDownShield => "Power-Down Shield",
            OptionCard::PressorBeam => "Pressor Beam",
            OptionCard::RadioControl => "Radio Control",
            OptionCard::RammingGear => "Ramming Gear",
            OptionCard::RearFiringLaser => "Rear-Firing Laser",
            OptionCard::Recompile => "Recompile",
            OptionCard::ReverseGears => "Reverse Gears",
            OptionCard::Scrambler => "Scrambler",
            OptionCard::Shield => "Shield",
            OptionCard::SuperiorArchiveCopy => "Superior Archive Copy",
            OptionCard::TractorBeam => "Tractor Beam",
        }
    }

    /// What the card does in this engine, in a sentence or two (for the play view).
    pub fn rule_text(self) -> &'static str {
        match self {
            OptionCard::AblativeCoat => {
                "Absorbs the next 3 points of damage the robot would take, then is discarded."
            }
            OptionCard::AbortSwitch => {
                "Once a turn: from a chosen register on, each card is replaced by the top card of the deck."
            }
            OptionCard::Brakes => "A Move 1 may be played as Move 0.",
            OptionCard::CircuitBreaker => {
                "Ending a turn with 3 or more damage, the robot powers down next turn."
            }
            OptionCard::ConditionalProgram => {
                "After programming, set one spare card aside; it is swapped into a chosen register when that register is revealed."
            }
            OptionCard::CrabLegs => {
                "A Move 1 beside a Rotate Left or Right card may move one square to that side instead, keeping the facing."
            }
            OptionCard::DoubleBarreledLaser => "The main laser does 2 damage.",
            OptionCard::DualProcessor => {
                "One register may hold a movement card and a rotation card: the robot moves, then turns."
            }
            OptionCard::FireControl => {
                "A main-laser hit that would do damage may destroy the target's options instead."
            }
            OptionCard::Flywheel => "Keep one unused card for next turn.",
            OptionCard::FourthGear => "A Move 3 may be played as Move 4.",
            OptionCard::GyroscopicStabilizer => {
                "When switched on for a turn, belts and gears do not rotate the robot."
            }
            OptionCard::HighPowerLaser => {
                "The main laser shoots through one wall or one robot (a robot shot through is hit too)."
            }
            OptionCard::MechanicalArm => {
                "Touches a flag or repair site from an adjacent or diagonal square."
            }
            OptionCard::MiniHowitzer => {
                "Instead of the main laser: push the target 1 square away and do 1 damage. 5 shots."
            }
            OptionCard::PowerDownShield => {
                "While powered down, prevents 1 damage from each direction each register."
            }
            OptionCard::PressorBeam => "Instead of the main laser: push the target 1 square away.",
            OptionCard::RadioControl => {
                "Instead of the main laser: the target plays your program for the rest of the turn."
            }
            OptionCard::RammingGear => "A robot this robot pushes takes 1 damage.",
            OptionCard::RearFiringLaser => "The robot also fires a laser backwards.",
            OptionCard::Recompile => {
                "Once a turn, before programming: discard the hand and draw a new one, taking 1 damage."
            }
            OptionCard::ReverseGears => "A Back Up may move back 2 squares.",
            OptionCard::Scrambler => {
                "Instead of the main laser: the target's next register is replaced by the top card of the deck."
            }
            OptionCard::Shield => {
                "Blocks 1 point of each laser shot from the side chosen this turn."
            }
            OptionCard::SuperiorArchiveCopy => "A destroyed robot re-enters with no damage.",
            OptionCard::TractorBeam => {
                "Instead of the main laser: pull the target 1 square towards you."
            }
        }
    }

    /// The word scenario files use: `ablative_coat`, `shield`, ...
    pub fn code(self) -> &'static str {
        match self {
            OptionCard::AblativeCoat => "ablative_coat",
            OptionCard::AbortSwitch => "abort_switch",
            OptionCard::Brakes => "brakes",
            OptionCard::CircuitBreaker => "circuit_breaker",
            OptionCard::ConditionalProgram => "conditional_program",
            OptionCard::CrabLegs => "crab_legs",
            OptionCard::DoubleBarreledLaser => "double_barreled_laser",
            OptionCard::DualProcessor => "dual_processor",
            OptionCard::FireControl => "fire_control",
            OptionCard::Flywheel => "flywheel",
            OptionCard::FourthGear => "fourth_gear",
            OptionCard::GyroscopicStabilizer => "gyroscopic_stabilizer",
            OptionCard::HighPowerLaser => "high_power_laser",
            OptionCard::MechanicalArm => "mechanical_arm",
            OptionCard::MiniHowitzer => "mini_howitzer",
            OptionCard::PowerDownShield => "power_down_shield",
            OptionCard::PressorBeam => "pressor_beam",
            OptionCard::RadioControl => "radio_control",
            OptionCard::RammingGear => "ramming_gear",
            OptionCard::RearFiringLaser => "rear_firing_laser",
            OptionCard::Recompile => "recompile",
            OptionCard::ReverseGears => "reverse_gears",
            OptionCard::Scrambler => "scrambler",
            OptionCard::Shield => "shield",
            OptionCard::SuperiorArchiveCopy => "superior_archive_copy",
            OptionCard::TractorBeam => "tractor_beam",
        }
    }

    pub fn from_code(code: &str) -> Option<OptionCard> {
        OptionCard::ALL
            .into_iter()
            .find(|o| o.code() == code.trim())
    }

    /// How much a robot gives up discarding this option, low first: the engine's default order
    /// for option exchange and for the loss on destruction. Options that hinder (Circuit Breaker)
    /// or that help only now and then go first; protection last.
    pub fn keep_value(self) -> u8 {
        match self {
            OptionCard::CircuitBreaker => 0,
            OptionCard::Brakes => 1,
            OptionCard::Recompile => 2,
            OptionCard::CrabLegs => 3,
            OptionCard::ReverseGears => 4,
            OptionCard::AbortSwitch => 5,
            OptionCard::ConditionalProgram => 6,
            OptionCard::Flywheel => 7,
            OptionCard::FourthGear => 8,
            OptionCard::DualProcessor => 9,
            OptionCard::GyroscopicStabilizer => 10,
            OptionCard::Scrambler => 11,
            OptionCard::RadioControl => 12,
            OptionCard::TractorBeam => 13,
            OptionCard::PressorBeam => 14,
            OptionCard::MiniHowitzer => 15,
            OptionCard::FireControl => 16,
            OptionCard::RearFiringLaser => 17,
            OptionCard::RammingGear => 18,
            OptionCard::MechanicalArm => 19,
            OptionCard::HighPowerLaser => 20,
            OptionCard::DoubleBarreledLaser => 21,
            OptionCard::PowerDownShield => 22,
            OptionCard::Shield => 23,
            OptionCard::AblativeCoat => 24,
            OptionCard::SuperiorArchiveCopy => 25,
        }
    }
}

impl fmt::Display for OptionCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for OptionCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for OptionCard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        OptionCard::from_code(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "\"{text}\" is not an option card (ablative_coat, abort_switch, brakes, ...)"
            ))
        })
    }
}

/// The options one robot holds: a bit per card, so `Robot` stays `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OptionSet(u32);

impl OptionSet {
    pub const EMPTY: OptionSet = OptionSet(0);

    pub fn contains(self, o: OptionCard) -> bool {
        self.0 & (1 << o.index()) != 0
    }

    pub fn insert(&mut self, o: OptionCard) {
        self.0 |= 1 << o.index();
    }

    pub fn remove(&mut self, o: OptionCard) -> bool {
        let had = self.contains(o);
        self.0 &= !(1 << o.index());
        had
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The options held, in `OptionCard::ALL` order.
    pub fn iter(self) -> impl Iterator<Item = OptionCard> {
        OptionCard::ALL
            .into_iter()
            .filter(move |&o| self.contains(o))
    }
}

impl FromIterator<OptionCard> for OptionSet {
    fn from_iter<I: IntoIterator<Item = OptionCard>>(iter: I) -> Self {
        let mut set = OptionSet::EMPTY;
        for o in iter {
            set.insert(o);
        }
        set
    }
}

impl Serialize for OptionSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for OptionSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<OptionCard>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_option_deck_has_the_26_cards_of_issue_8_each_with_a_code_name_and_rule() {
        assert_eq!(OptionCard::ALL.len(), 26);
        let all: OptionSet = OptionCard::ALL.into_iter().collect();
        assert_eq!(all.len(), 26);
        for (i, o) in OptionCard::ALL.into_iter().enumerate() {
            assert_eq!(o.index(), i);
            assert_eq!(OptionCard::from_code(o.code()), Some(o));
            assert!(!o.name().is_empty() && !o.rule_text().is_empty());
        }
        let mut values: Vec<u8> = OptionCard::ALL.iter().map(|o| o.keep_value()).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), 26, "the default discard order is total");
        assert_eq!(
            serde_json::to_string(
                &[OptionCard::Shield, OptionCard::Brakes]
                    .into_iter()
                    .collect::<OptionSet>()
            )
            .ok(),
            Some("[\"brakes\",\"shield\"]".to_string())
        );
    }
}
