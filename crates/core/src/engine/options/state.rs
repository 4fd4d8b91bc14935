//! The option side of a game's state (issue 8): the option deck with its own generator, and what
//! each robot chose this turn. Data only: the rules that read it are the `impl Game` blocks named
//! in `options/mod.rs`.

use super::card::{OptionCard, OptionSet};
use super::choices::{Choices, Placed};
use crate::engine::card::Card;
use crate::engine::rng::Rng;

/// Salt for the option deck's generator: seeded from the game's seed but drawing from its own
/// stream, so a game in which no option is drawn deals exactly the program cards it dealt before
/// options existed (replays recorded then stay valid).
const OPTION_SALT: u64 = 0x0F71_0A5D_EC4B_17E5;

/// The option side of a game: the option deck and what the robots chose this turn.
#[derive(Clone, Debug)]
pub(in crate::engine) struct OptionsState {
    /// Undrawn options, the top last.
    pub(in crate::engine) deck: Vec<OptionCard>,
    /// Discarded options, shuffled back when the deck runs out.
    pub(in crate::engine) discard: Vec<OptionCard>,
    pub(in crate::engine) rng: Rng,
    /// Each robot's choices for this turn and its standing policy.
    pub(in crate::engine) choices: Vec<Choices>,
    /// Flywheel: the card each robot keeps for next turn.
    pub(in crate::engine) kept: Vec<Option<Card>>,
    /// Dual Processor: the rotation card placed beside a register's move this turn.
    pub(in crate::engine) dual: Vec<Option<Placed>>,
    /// Conditional Program: the spare card set aside this turn.
    pub(in crate::engine) conditional: Vec<Option<Placed>>,
    /// Radio Control: the robot whose program this robot plays for the rest of the turn.
    pub(in crate::engine) radio: Vec<Option<u8>>,
    /// Robots that have recompiled this turn (bit per robot).
    pub(in crate::engine) recompiled: u16,
    /// Robots under Radio Control (bit per robot): 0 keeps `register_card` cheap.
    pub(in crate::engine) radioed: u16,
}

impl OptionsState {
    /// The option deck shuffled from `seed`, less the options robots start with.
    pub(in crate::engine) fn new(seed: u64, held: &[OptionSet]) -> OptionsState {
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
    pub(in crate::engine) fn undrawn(&self) -> usize {
        self.deck.len() + self.discard.len()
    }

    /// The top option card: when the deck is empty the discard pile is shuffled back first,
    /// sorted so the order is the seed's alone. `None` when every option is held.
    pub(in crate::engine) fn draw(&mut self) -> Option<OptionCard> {
        if self.deck.is_empty() {
            let mut back = std::mem::take(&mut self.discard);
            back.sort_unstable();
            self.rng.shuffle(&mut back);
            self.deck = back;
        }
        self.deck.pop()
    }

    /// Program cards held by options (kept, placed beside a register, set aside), for
    /// `Game::cards_in_play`.
    pub(in crate::engine) fn cards_held(&self) -> usize {
        self.kept.iter().flatten().count()
            + self.dual.iter().flatten().count()
            + self.conditional.iter().flatten().count()
    }
}
