//! How the play view names and colours things: a robot's colour, a card's text, a lives rule.

use super::session::MAX_PLAYERS;
use crate::engine::Card;
use crate::model::LivesRule;
use egui::Color32;

/// One colour per robot, in robot order.
const ROBOT_COLOURS: [Color32; MAX_PLAYERS] = [
    Color32::from_rgb(220, 50, 47),
    Color32::from_rgb(38, 139, 210),
    Color32::from_rgb(133, 153, 0),
    Color32::from_rgb(211, 54, 130),
    Color32::from_rgb(181, 137, 0),
    Color32::from_rgb(42, 161, 152),
    Color32::from_rgb(108, 113, 196),
    Color32::from_rgb(203, 75, 22),
];

/// Robot `i`'s colour on the board and in the panels.
pub fn robot_colour(i: usize) -> Color32 {
    ROBOT_COLOURS[i % ROBOT_COLOURS.len()]
}

/// A card as its button shows it: "Move 2 (670)".
pub fn card_text(c: Card) -> String {
    format!("{} ({})", c.kind.name(), c.priority)
}

/// A lives rule as the setup's menu names it.
pub fn lives_text(rule: LivesRule) -> String {
    match rule {
        LivesRule::Standard => "3 (standard)".to_string(),
        LivesRule::Optional => "3, +1 for 5+ players, +1 for 5+ tiles".to_string(),
        LivesRule::Fixed(n) => format!("{n}"),
    }
}
