//! A game's state: the board, the robots, the deck and the turn, how a game is set up, and the
//! bookkeeping every rule shares (who stands where). The rules themselves are `impl Game` blocks
//! in the modules above this one (see `engine/mod.rs`).

use super::card::{Card, DECK_SIZE, full_deck};
use super::factory::Factory;
use super::flags::FlagState;
use super::options::{OptionSet, OptionsState};
use super::rng::Rng;
use crate::geom::{Facing, Square};
use crate::model::{Board, Course, HouseRules, StartRule, TileSource};
use serde::Serialize;
use std::sync::Arc;

// A game's robots: named here too, since `engine::game::{Robot, Status, ...}` is where lone.rs,
// scenario.rs and older callers name them.
pub use super::robot::{
    DESTROYING_DAMAGE, MAX_ROBOTS, REENTRY_DAMAGE, REGISTERS, Robot, RobotSetup, Status,
};

/// No cell: a robot that is not standing on the board (`Game::at_cell`).
pub(super) const NOWHERE: u32 = u32::MAX;

/// Buckets of `Game::near` (a power of two).
const NEAR: usize = 64;

/// Game options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// Lives per robot (3 in the standard rules; RULINGS.md, Damage, lives and winning).
    pub lives: u8,
    /// End the game when the first robot finishes (RULINGS.md, Fine points).
    pub stop_at_first_finisher: bool,
    /// End the game after this many turns.
    pub turn_limit: Option<u32>,
    /// Play with option cards (issue 8: the default, quick test drives included). Off, no robot
    /// draws or holds an option.
    pub options: bool,
    /// The house rules in force (seed 003 section 8 and community variants; docs/rules.md).
    /// The default, none, is the plain 1994 rules.
    pub house: HouseRules,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lives: 3,
            stop_at_first_finisher: false,
            turn_limit: None,
            options: true,
            house: HouseRules::default(),
        }
    }
}

/// Where the game is in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Before the first turn, or after `end_turn`: call `begin_turn`.
    BetweenTurns,
    /// Cards dealt: submit programs, then run phases.
    Programming,
    /// Register phase `n` (1-5) has run.
    Phase(u8),
    /// The game is over.
    Over,
}

/// A game: the board, the robots, the deck and the turn. Cloning is cheap enough for search
/// (the board is shared).
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) factory: Arc<Factory>,
    pub(super) names: Arc<Vec<String>>,
    pub settings: Settings,
    pub(super) rng: Rng,
    pub(super) robots: Vec<Robot>,
    /// The cell each robot stands on (active robots only, real or virtual; `NOWHERE` for the
    /// rest): who stands where, in a few bytes whatever the board's size, so cloning a game for
    /// a look-ahead copies nothing in proportion to the board (issue 21).
    pub(super) at_cell: [u32; MAX_ROBOTS],
    /// What the square each robot stands on does to it (`Factory::acts_at` of its `at_cell`, 0
    /// for a robot not on the board): a phase step no robot stands in reach of is skipped.
    pub(super) at_acts: [u32; MAX_ROBOTS],
    /// The robots on the board by their cell hashed into `NEAR` buckets (bit `i` of
    /// `near[c % NEAR]`: robot `i` stands on a cell `c'` with `c' % NEAR == c % NEAR`): most cells
    /// a move looks at are in an empty bucket, so "who stands here" is one load (issue 21).
    pub(super) near: [u16; NEAR],
    /// Undealt cards.
    pub(super) deck: Vec<Card>,
    /// Played and unused cards, back in the deck at the next shuffle.
    pub(super) discard: Vec<Card>,
    pub(super) hands: Vec<Vec<Card>>,
    pub(super) turn: u32,
    pub(super) stage: Stage,
    /// Robots that have finished so far.
    pub(super) finishers: u8,
    /// The option deck and the robots' option choices (issue 8).
    pub(super) opt: OptionsState,
    /// The fire step's scratch list of board-laser hits (laser, place on its beam, cell), kept
    /// between phases so a phase allocates nothing; empty outside the fire step, so a clone
    /// copies nothing of it.
    pub(super) beam_hits: Vec<(u32, u32, u32)>,
    /// Where the flags stand now and their dice, under moving flags or the Dice Rule
    /// (`flags.rs`); `None` in every other game, where the Factory's flag squares are the flags.
    pub(super) flags: Option<Box<FlagState>>,
}

impl Game {
    /// A game on `factory` with these robots. The deck holds the 84 cards; nothing is dealt until
    /// `begin_turn`.
    pub fn new(
        factory: Arc<Factory>,
        setups: &[RobotSetup],
        settings: Settings,
        seed: u64,
    ) -> Result<Game, String> {
        if setups.len() > MAX_ROBOTS {
            return Err(format!(
                "{} robots is more than a game holds ({MAX_ROBOTS})",
                setups.len()
            ));
        }
        let mut robots = Vec::with_capacity(setups.len());
        for (i, s) in setups.iter().enumerate() {
            if setups[..i].iter().any(|o| o.name == s.name) {
                return Err(format!("two robots are named \"{}\"", s.name));
            }
            if !factory.is_on_board(s.square) || factory.is_hole(s.square, 0) {
                return Err(format!(
                    "robot {} starts on {}, which is not a square it can stand on",
                    s.name, s.square
                ));
            }
            if s.damage >= DESTROYING_DAMAGE {
                return Err(format!(
                    "robot {} starts with {} damage: 10 destroys a robot",
                    s.name, s.damage
                ));
            }
            if s.flags > factory.flag_count() {
                return Err(format!(
                    "robot {} has touched {} flags but the board has {}",
                    s.name,
                    s.flags,
                    factory.flag_count()
                ));
            }
            let lives = s.lives.unwrap_or(settings.lives);
            if lives == 0 {
                return Err(format!("robot {} starts with no lives", s.name));
            }
            if s.powered_down && settings.house.no_power_down {
                return Err(format!(
                    "robot {} starts powered down, but the no-power-down rule is in force",
                    s.name
                ));
            }
            let archive = s.archive.unwrap_or(s.square);
            if !factory.is_on_board(archive) {
                return Err(format!(
                    "robot {}'s archive {archive} is not on the board",
                    s.name
                ));
            }
            robots.push(Robot {
                square: s.square,
                facing: s.facing,
                damage: s.damage,
                lives,
                flags: s.flags,
                archive,
                is_virtual: s.is_virtual,
                powered_down: s.powered_down,
                announced_power_down: false,
                stays_powered_down: false,
                status: Status::Active,
                place: None,
                registers: [None; REGISTERS],
                options: if settings.options {
                    s.options
                } else {
                    OptionSet::EMPTY
                },
                ablative: 0,
                howitzer: 0,
                superior_copy: false,
                lock_chits: 0,
                // A robot set up with fewer lives than the game's has been restored before: its
                // free life (One Free Life) is spent.
                free_life_used: lives < settings.lives,
                spin_site: None,
            });
        }
        for (i, a) in robots.iter().enumerate() {
            if let Some(b) = robots[..i]
                .iter()
                .position(|b| !a.is_virtual && !b.is_virtual && a.square == b.square)
            {
                return Err(format!(
                    "robots {} and {} are both real on {}: only virtual robots share a square",
                    setups[b].name, setups[i].name, a.square
                ));
            }
        }
        let held: Vec<OptionSet> = robots.iter().map(|r| r.options).collect();
        let flags = FlagState::new(factory.flags(), &settings.house);
        let mut game = Game {
            flags,
            opt: OptionsState::new(seed, &held),
            at_cell: [NOWHERE; MAX_ROBOTS],
            at_acts: [0; MAX_ROBOTS],
            near: [0; NEAR],
            factory,
            names: Arc::new(setups.iter().map(|s| s.name.clone()).collect()),
            settings,
            rng: Rng::new(seed),
            robots,
            deck: full_deck(),
            discard: Vec::new(),
            hands: vec![Vec::new(); setups.len()],
            turn: 0,
            stage: Stage::BetweenTurns,
            finishers: 0,
            beam_hits: Vec::new(),
        };
        for i in 0..game.robots.len() {
            game.occupy(i);
        }
        Ok(game)
    }

    /// A game on a course: robots start virtual on the course's archive start square facing
    /// `facing` (1994 start), or real on numbered start squares 1, 2, ... facing as printed.
    pub fn for_course(
        course: &Course,
        library: &dyn TileSource,
        names: &[String],
        facing: Facing,
        settings: Settings,
        seed: u64,
    ) -> Result<Game, String> {
        let board = course.compile(library);
        let setups = start_setups(&board, course.start, names, facing)?;
        let factory = Factory::for_rules(board, &settings.house);
        Game::new(Arc::new(factory), &setups, settings, seed)
    }

    pub fn factory(&self) -> &Factory {
        &self.factory
    }

    pub fn factory_arc(&self) -> Arc<Factory> {
        Arc::clone(&self.factory)
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn robots(&self) -> &[Robot] {
        &self.robots
    }

    pub fn robot(&self, id: usize) -> Option<&Robot> {
        self.robots.get(id)
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    pub fn hand(&self, id: usize) -> &[Card] {
        self.hands.get(id).map_or(&[], |h| h.as_slice())
    }

    /// Every card in the game: undealt, discarded, in hands and in registers. 84 in a game that
    /// was not given cards from outside the deck (scenarios are).
    pub fn cards_in_play(&self) -> usize {
        self.deck.len()
            + self.discard.len()
            + self.hands.iter().map(Vec::len).sum::<usize>()
            + self
                .robots
                .iter()
                .map(|r| r.registers.iter().flatten().count())
                .sum::<usize>()
            + self.opt.cards_held()
    }

    pub fn deck_size() -> usize {
        DECK_SIZE
    }

    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    // Occupancy: every active robot on the grid has its cell in `at_cell`.

    #[inline]
    pub(super) fn occupy(&mut self, i: usize) {
        let r = self.robots[i];
        if r.is_active()
            && let Some(c) = self.factory.index(r.square)
        {
            self.vacate(i);
            self.at_cell[i] = c as u32;
            self.at_acts[i] = self.factory.acts_at(c);
            self.near[c % NEAR] |= 1 << i;
        }
    }

    #[inline]
    pub(super) fn vacate(&mut self, i: usize) {
        let c = self.at_cell[i];
        if c != NOWHERE {
            self.near[c as usize % NEAR] &= !(1u16 << i);
        }
        self.at_cell[i] = NOWHERE;
        self.at_acts[i] = 0;
    }

    /// Whether some robot on the board stands on a square that does one of `acts` (bits of
    /// `factory::acts`): the steps that act on robots where they stand ask this first.
    #[inline]
    pub(super) fn stands_on(&self, acts: u32) -> bool {
        self.at_acts.iter().fold(0, |all, &a| all | a) & acts != 0
    }

    /// Robots standing on `s` (active, real or virtual), as a bit set.
    #[inline]
    pub fn robots_on(&self, s: Square) -> u16 {
        self.factory.index(s).map_or(0, |c| self.robots_at(c))
    }

    /// Robots standing on cell `c` (active, real or virtual), as a bit set: none when `c`'s
    /// bucket of `near` is empty, else the cells of that bucket's few robots compared.
    #[inline]
    pub(super) fn robots_at(&self, c: usize) -> u16 {
        let near = self.near[c % NEAR];
        if near == 0 {
            return 0;
        }
        self.robots_at_among(c, near)
    }

    /// `robots_at` among the robots of `near` (those in `c`'s bucket of `Game::near`).
    fn robots_at_among(&self, c: usize, near: u16) -> u16 {
        let c = c as u32;
        let mut mask = 0u16;
        for i in super::robot::bits(near) {
            mask |= u16::from(self.at_cell[i] == c) << i;
        }
        mask
    }

    /// The real robot on `s`, if any (there is at most one).
    #[inline]
    pub fn real_robot_on(&self, s: Square) -> Option<usize> {
        let mut mask = self.robots_on(s);
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            if !self.robots[i].is_virtual {
                return Some(i);
            }
            mask &= mask - 1;
        }
        None
    }

    /// Moves robot `i` to `to` (on or off the board), keeping occupancy right.
    #[inline]
    pub(super) fn relocate(&mut self, i: usize, to: Square) {
        self.vacate(i);
        self.robots[i].square = to;
        self.occupy(i);
    }

    /// `relocate` for an active robot going to `to`, which is cell `c` (`Factory::index`).
    #[inline]
    pub(super) fn relocate_to_cell(&mut self, i: usize, to: Square, c: usize) {
        self.vacate(i);
        self.robots[i].square = to;
        self.at_cell[i] = c as u32;
        self.at_acts[i] = self.factory.acts_at(c);
        self.near[c % NEAR] |= 1 << i;
    }

    /// Every robot has finished or is out, or the game stops at its first finisher and one has.
    pub(super) fn all_done(&self) -> bool {
        self.robots
            .iter()
            .all(|r| matches!(r.status, Status::Finished | Status::Eliminated))
            || (self.settings.stop_at_first_finisher && self.finishers > 0)
    }

    /// Cards robot `id`'s program takes: one for each unlocked register, as far as its hand goes
    /// (RULINGS.md: legal programs only). 0 for no such robot.
    pub fn program_size(&self, id: usize) -> usize {
        self.robots
            .get(id)
            .map_or(0, |r| r.unlocked_registers().min(self.hand(id).len()))
    }

    /// Robot `i`'s register `reg` (0-based) gets the top card of the deck; its card is discarded.
    pub(super) fn replace_register(&mut self, i: usize, reg: usize) {
        let Some(top) = self.deck.pop() else {
            return;
        };
        if let Some(old) = self.robots[i].registers[reg].replace(top) {
            self.discard.push(old);
        }
    }
}

/// Robot setups for a course's start rule (RULINGS.md, Setup rules).
pub fn start_setups(
    board: &Board,
    start: StartRule,
    names: &[String],
    facing: Facing,
) -> Result<Vec<RobotSetup>, String> {
    match start {
        StartRule::Archive(s) => Ok(names
            .iter()
            .map(|n| RobotSetup {
                is_virtual: true,
                ..RobotSetup::new(n.clone(), s, facing)
            })
            .collect()),
        StartRule::Numbered => {
            let starts = board.start_squares();
            if starts.len() < names.len() {
                return Err(format!(
                    "{} robots but only {} numbered start squares",
                    names.len(),
                    starts.len()
                ));
            }
            Ok(names
                .iter()
                .zip(starts)
                .map(|(n, (_, s, f))| RobotSetup::new(n.clone(), s, f))
                .collect())
        }
    }
}

#[cfg(test)]
mod tests;
