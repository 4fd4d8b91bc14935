//! Program cards and the 84-card deck with the priorities of RULINGS.md ("The deck").

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a program card tells a robot to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardKind {
    UTurn,
    Left,
    Right,
    BackUp,
    Move1,
    Move2,
    Move3,
}

impl CardKind {
    pub const ALL: [CardKind; 7] = [
        CardKind::UTurn,
        CardKind::Left,
        CardKind::Right,
        CardKind::BackUp,
        CardKind::Move1,
        CardKind::Move2,
        CardKind::Move3,
    ];

    /// The word scenario files use: `move1`, `backup`, `left`, ...
    pub fn code(self) -> &'static str {
        match self {
            CardKind::UTurn => "uturn",
            CardKind::Left => "left",
            CardKind::Right => "right",
            CardKind::BackUp => "backup",
            CardKind::Move1 => "move1",
            CardKind::Move2 => "move2",
            CardKind::Move3 => "move3",
        }
    }

    pub fn from_code(code: &str) -> Option<CardKind> {
        CardKind::ALL.into_iter().find(|k| k.code() == code)
    }

    pub fn name(self) -> &'static str {
        match self {
            CardKind::UTurn => "U-Turn",
            CardKind::Left => "Rotate Left",
            CardKind::Right => "Rotate Right",
            CardKind::BackUp => "Back Up",
            CardKind::Move1 => "Move 1",
            CardKind::Move2 => "Move 2",
            CardKind::Move3 => "Move 3",
        }
    }

    /// Squares moved (forward) for movement cards; Back Up is 1 backwards.
    pub fn distance(self) -> u8 {
        match self {
            CardKind::Move1 | CardKind::BackUp => 1,
            CardKind::Move2 => 2,
            CardKind::Move3 => 3,
            _ => 0,
        }
    }

    pub fn is_movement(self) -> bool {
        self.distance() > 0
    }
}

/// One program card: a kind and its priority (higher acts first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub kind: CardKind,
    pub priority: u16,
}

impl Card {
    pub const fn new(kind: CardKind, priority: u16) -> Card {
        Card { kind, priority }
    }

    /// Parses `"move1:490"`: kind and priority, as scenario files write cards.
    pub fn parse(text: &str) -> Result<Card, String> {
        let Some((kind, priority)) = text.split_once(':') else {
            return Err(format!(
                "card \"{text}\" is not written kind:priority, such as \"move1:490\""
            ));
        };
        let Some(kind) = CardKind::from_code(kind.trim()) else {
            return Err(format!(
                "card \"{text}\": \"{kind}\" is not a card kind (move1, move2, move3, backup, left, right, uturn)"
            ));
        };
        let Ok(priority) = priority.trim().parse::<u16>() else {
            return Err(format!(
                "card \"{text}\": the priority \"{priority}\" is not a whole number from 0 to 65535"
            ));
        };
        Ok(Card { kind, priority })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.kind.code(), self.priority)
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Card::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The number of cards in the deck (RULINGS.md, The deck).
pub const DECK_SIZE: usize = 84;

/// The 84 cards, lowest priority first: U-Turn x6 (10-60), Rotate Left x18 (70-410, odd tens),
/// Rotate Right x18 (80-420, even tens), Back Up x6 (430-480), Move 1 x18 (490-660),
/// Move 2 x12 (670-780), Move 3 x6 (790-840). RULINGS.md, The deck.
pub fn full_deck() -> Vec<Card> {
    let mut deck = Vec::with_capacity(DECK_SIZE);
    let mut add = |kind, from: u16, to: u16, step: u16| {
        let mut p = from;
        while p <= to {
            deck.push(Card::new(kind, p));
            p += step;
        }
    };
    add(CardKind::UTurn, 10, 60, 10);
    // Left and right interleave between 70 and 420: left on odd tens, right on even tens.
    let mut p = 70;
    while p <= 420 {
        let kind = if (p / 10) % 2 == 1 {
            CardKind::Left
        } else {
            CardKind::Right
        };
        deck.push(Card::new(kind, p));
        p += 10;
    }
    let mut add = |kind, from: u16, to: u16| {
        let mut p = from;
        while p <= to {
            deck.push(Card::new(kind, p));
            p += 10;
        }
    };
    add(CardKind::BackUp, 430, 480);
    add(CardKind::Move1, 490, 660);
    add(CardKind::Move2, 670, 780);
    add(CardKind::Move3, 790, 840);
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_84_cards_with_unique_priorities_rulings_the_deck() {
        let deck = full_deck();
        assert_eq!(deck.len(), 84);
        let count = |k| deck.iter().filter(|c| c.kind == k).count();
        assert_eq!(count(CardKind::UTurn), 6);
        assert_eq!(count(CardKind::Left), 18);
        assert_eq!(count(CardKind::Right), 18);
        assert_eq!(count(CardKind::BackUp), 6);
        assert_eq!(count(CardKind::Move1), 18);
        assert_eq!(count(CardKind::Move2), 12);
        assert_eq!(count(CardKind::Move3), 6);
        let mut prios: Vec<u16> = deck.iter().map(|c| c.priority).collect();
        prios.dedup();
        assert_eq!(prios.len(), 84);
        assert!(deck.contains(&Card::new(CardKind::Left, 70)));
        assert!(deck.contains(&Card::new(CardKind::Right, 420)));
        assert!(deck.contains(&Card::new(CardKind::Left, 410)));
        assert!(deck.contains(&Card::new(CardKind::Move1, 660)));
        assert!(deck.contains(&Card::new(CardKind::Move3, 840)));
        // Seed 004: 42 movement cards and 42 rotation cards.
        assert_eq!(deck.iter().filter(|c| c.kind.is_movement()).count(), 42);
    }

    #[test]
    fn cards_are_written_kind_colon_priority() {
        assert_eq!(
            Card::parse("move1:490"),
            Ok(Card::new(CardKind::Move1, 490))
        );
        assert_eq!(
            Card::parse("uturn:10").map(|c| c.to_string()),
            Ok("uturn:10".into())
        );
        assert!(Card::parse("move4:490").is_err());
        assert!(Card::parse("move1").is_err());
        assert!(Card::parse("move1:x").is_err());
    }
}
