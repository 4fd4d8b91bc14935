//! The Dice Rule in the course composer's flag list (seed 003 section 8.2): a "die" points field
//! per flag (0 = none). The first die turns the rule on in the course's house rules; taking the
//! last one away turns it off, so a course without dice keeps the plain rules.

use crate::model::Course;
use crate::model::rules::DicePoints;
use egui::Ui;

/// The die field of flag `number`; returns whether the course changed.
pub fn die_field(ui: &mut Ui, course: &mut Course, number: u32) -> bool {
    let dice = course.rules.house.dice.unwrap_or_default();
    let mut points = dice.on_flag(number).unwrap_or(0);
    let changed = ui
        .add(
            egui::DragValue::new(&mut points)
                .range(0..=20)
                .prefix("die "),
        )
        .on_hover_text(format!(
            "Dice Rule: points of damage the die blockading flag {number} takes before lasers shoot it away (0: no die). The die is a wall on all four sides and no robot may touch the flag while it stands."
        ))
        .changed();
    if changed {
        set_die(course, number, points);
    }
    changed
}

/// Puts a die of `points` on flag `number` (0 removes it), turning the Dice Rule on with the first
/// die and off with the last.
pub fn set_die(course: &mut Course, number: u32, points: u8) {
    let mut dice = course.rules.house.dice.unwrap_or_default();
    dice.set(number, points);
    course.rules.house.dice = (dice != DicePoints::default()).then_some(dice);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Square;
    use crate::model::{Flag, LivesRule, PlayerRange, RulesEdition, StartRule};

    #[test]
    fn the_first_die_turns_the_dice_rule_on_and_the_last_off_seed_003_section_8_2() {
        let mut c = Course {
            name: "c".into(),
            description: String::new(),
            author: String::new(),
            rules: RulesEdition::Classic1994.into(),
            players: PlayerRange { min: 1, max: 4 },
            lives: LivesRule::Standard,
            placements: Vec::new(),
            embedded: Vec::new(),
            flags: vec![Flag {
                number: 1,
                at: Square::new(1, 1),
            }],
            start: StartRule::Archive(Square::new(0, 0)),
        };
        set_die(&mut c, 1, 4);
        assert_eq!(c.rules.house.dice.and_then(|d| d.on_flag(1)), Some(4));
        set_die(&mut c, 1, 0);
        assert_eq!(c.rules.house.dice, None);
        assert!(c.rules.is_classic());
    }
}
