//! One robot's state and the rules read off it, each in one function: the cards its damage deals
//! it and the registers its damage locks (seed 000). Also `Ids`, the small list of robot indices
//! the register phase works with.

use super::card::Card;
use super::options::OptionSet;
use crate::geom::{Facing, Square};
use serde::Serialize;

/// The most robots one game holds (the robots on a square are a 16-bit set).
pub const MAX_ROBOTS: usize = 16;
/// Register count.
pub const REGISTERS: usize = 5;
/// Damage that destroys a robot (RULINGS.md, Damage).
pub const DESTROYING_DAMAGE: u8 = 10;
/// Damage an archive copy re-enters with (seed 000, Withdrawing an Archive Copy).
pub const REENTRY_DAMAGE: u8 = 2;

/// Where a robot is in the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// On the board.
    Active,
    /// Off the board until it re-enters at the start of the next turn.
    Destroyed,
    /// Out of lives: out of the game.
    Eliminated,
    /// Touched the last flag and left the board.
    Finished,
}

/// One robot's state. Small and `Copy`; the name lives in `Game::names`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Robot {
    pub square: Square,
    pub facing: Facing,
    pub damage: u8,
    pub lives: u8,
    /// Flags touched so far; the next flag is `flags + 1`.
    pub flags: u8,
    pub archive: Square,
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub powered_down: bool,
    /// Announced this turn: powers down next turn.
    pub announced_power_down: bool,
    /// Powered down this turn and chose to stay down next turn.
    pub stays_powered_down: bool,
    pub status: Status,
    /// Finishing place, 1 first.
    pub place: Option<u8>,
    pub registers: [Option<Card>; REGISTERS],
    /// Option cards held (issue 8).
    pub options: OptionSet,
    /// Points the Ablative Coat has absorbed (it is discarded at 3).
    pub ablative: u8,
    /// Shots the Mini Howitzer has fired (it is discarded at 5).
    pub howitzer: u8,
    /// Held the Superior Archive Copy when destroyed: re-enters with no damage (FAQ 7.4).
    pub superior_copy: bool,
    /// Registers locked without damage by Fire Control hits (FAQ 7.3: "an inverted damage chit").
    pub lock_chits: u8,
    /// One Free Life (seed 003 section 8.4): the robot has had its first, free, restore.
    #[serde(skip)]
    pub free_life_used: bool,
    /// No Sit-And-Spin (seed 003 section 8.3): the double-wrench site where the robot last
    /// gained an option, until it touches another wrench or double-wrench site.
    #[serde(skip)]
    pub spin_site: Option<Square>,
}

impl std::hash::Hash for Robot {
    /// Every field but the house rules' bookkeeping, in declaration order: a game under the plain
    /// rules hashes as it did before the house rules (crates/core/tests/engine_hash.rs).
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.square.hash(h);
        self.facing.hash(h);
        self.damage.hash(h);
        self.lives.hash(h);
        self.flags.hash(h);
        self.archive.hash(h);
        self.is_virtual.hash(h);
        self.powered_down.hash(h);
        self.announced_power_down.hash(h);
        self.stays_powered_down.hash(h);
        self.status.hash(h);
        self.place.hash(h);
        self.registers.hash(h);
        self.options.hash(h);
        self.ablative.hash(h);
        self.howitzer.hash(h);
        self.superior_copy.hash(h);
        self.lock_chits.hash(h);
    }
}

impl Robot {
    #[inline]
    pub fn is_active(&self) -> bool {
        self.status == Status::Active
    }

    /// How many registers are locked: the one rule for locks. Seed 000, Locked Registers: 5
    /// damage "lock[s] the fifth register", 6 "registers 4 and 5", ... 9 "all registers" ("Damage
    /// chits after the fourth are placed on top of the robot's program cards, starting with the
    /// last one"); each Fire Control lock chit locks one more (FAQ 7.3). Locks follow damage, so
    /// a repair frees the lowest-numbered locked register first.
    pub fn locked_count(&self) -> usize {
        usize::from(self.damage.saturating_sub(4) + self.lock_chits).min(REGISTERS)
    }

    /// Registers the robot programs this turn: those `locked_count` leaves free, from register 1.
    pub fn unlocked_registers(&self) -> usize {
        REGISTERS - self.locked_count()
    }

    /// Whether register `r` (0-based) is locked (see `locked_count`).
    pub fn is_locked(&self, r: usize) -> bool {
        r >= self.unlocked_registers()
    }

    /// Cards dealt for the robot's damage: the one rule for hand sizes. Seed 000, Deal Program
    /// Cards: "deal each player with an undamaged robot nine cards ... A robot with 1 point of
    /// damage receives eight program cards, a robot with 2 points of damage receives seven, etc."
    pub fn hand_size(&self) -> usize {
        usize::from(9u8.saturating_sub(self.damage))
    }
}

/// How a robot enters the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotSetup {
    pub name: String,
    pub square: Square,
    pub facing: Facing,
    pub damage: u8,
    /// `None`: the game's number of lives.
    pub lives: Option<u8>,
    pub flags: u8,
    /// `None`: the starting square.
    pub archive: Option<Square>,
    pub is_virtual: bool,
    pub powered_down: bool,
    /// Option cards the robot starts with (taken out of the option deck).
    pub options: OptionSet,
}

impl RobotSetup {
    pub fn new(name: impl Into<String>, square: Square, facing: Facing) -> RobotSetup {
        RobotSetup {
            name: name.into(),
            square,
            facing,
            damage: 0,
            lives: None,
            flags: 0,
            archive: None,
            is_virtual: false,
            powered_down: false,
            options: OptionSet::EMPTY,
        }
    }
}

/// A small fixed list of robot indices: the phase works without allocating.
#[derive(Clone, Copy)]
pub(in crate::engine) struct Ids {
    ids: [u8; MAX_ROBOTS],
    /// How many of `ids` are in use.
    pub(in crate::engine) len: usize,
}

impl Ids {
    pub(in crate::engine) const fn new() -> Ids {
        Ids {
            ids: [0; MAX_ROBOTS],
            len: 0,
        }
    }

    /// The low byte of each of `keys` (at most `MAX_ROBOTS`), in order.
    pub(in crate::engine) fn of_low_bytes(keys: &[u32]) -> Ids {
        let mut ids = Ids::new();
        for (id, &k) in ids.ids.iter_mut().zip(keys) {
            *id = k as u8;
        }
        ids.len = keys.len().min(MAX_ROBOTS);
        ids
    }

    pub(in crate::engine) fn push(&mut self, i: usize) {
        if self.len < MAX_ROBOTS {
            self.ids[self.len] = i as u8;
            self.len += 1;
        }
    }

    pub(in crate::engine) fn as_slice(&self) -> &[u8] {
        &self.ids[..self.len]
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub(in crate::engine) fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests;
