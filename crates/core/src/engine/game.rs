//! Game state and the turn around the register phases: robots, the deck, dealing, programming,
//! power down, end-of-turn repairs and cleanup, re-entry, lives and finishing (RULINGS.md).

use super::card::{Card, DECK_SIZE, full_deck};
use super::event::{Event, RepairCause, RobotId};
use super::factory::Factory;
use super::options::{ChoiceError, Choices, OptionSet, OptionsState};
use super::rng::Rng;
use crate::geom::{Facing, Square};
use crate::model::{Board, Course, StartRule, TileSource};
use serde::Serialize;
use std::sync::Arc;

/// The most robots one game holds (occupancy is a bit set per square).
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
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
}

impl Robot {
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
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lives: 3,
            stop_at_first_finisher: false,
            turn_limit: None,
            options: true,
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
            ProgramError::Choice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ProgramError {}

/// A game: the board, the robots, the deck and the turn. Cloning is cheap enough for search
/// (the board is shared).
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) factory: Arc<Factory>,
    pub(super) names: Arc<Vec<String>>,
    pub settings: Settings,
    pub(super) rng: Rng,
    pub(super) robots: Vec<Robot>,
    /// Bit set of the robots standing on each cell (active robots only, real or virtual).
    pub(super) occupancy: Vec<u16>,
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
        let mut game = Game {
            opt: OptionsState::new(seed, &held),
            occupancy: vec![0; factory.cell_count()],
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
        Game::new(Arc::new(Factory::new(board)), &setups, settings, seed)
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
            + self.option_cards()
    }

    pub fn deck_size() -> usize {
        DECK_SIZE
    }

    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    // Occupancy: every active robot is in the bit set of its cell.

    pub(super) fn occupy(&mut self, i: usize) {
        let r = self.robots[i];
        if r.is_active()
            && let Some(c) = self.factory.index(r.square)
        {
            self.occupancy[c] |= 1 << i;
        }
    }

    pub(super) fn vacate(&mut self, i: usize) {
        if let Some(c) = self.factory.index(self.robots[i].square) {
            self.occupancy[c] &= !(1 << i);
        }
    }

    /// Robots standing on `s` (active, real or virtual), as a bit set.
    pub fn robots_on(&self, s: Square) -> u16 {
        self.factory.index(s).map_or(0, |c| self.occupancy[c])
    }

    /// The real robot on `s`, if any (there is at most one).
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
    pub(super) fn relocate(&mut self, i: usize, to: Square) {
        self.vacate(i);
        self.robots[i].square = to;
        self.occupy(i);
    }

    /// Destroys robot `i` at once: it leaves the board and loses a life; with none left it is out
    /// (RULINGS.md, Fine points: "A life is lost the moment a robot is destroyed").
    pub(super) fn destroy(
        &mut self,
        i: usize,
        cause: super::event::DestroyCause,
        events: &mut Vec<Event>,
    ) {
        if !self.robots[i].is_active() {
            return;
        }
        self.vacate(i);
        let r = &mut self.robots[i];
        r.lives = r.lives.saturating_sub(1);
        r.announced_power_down = false;
        r.stays_powered_down = false;
        r.status = if r.lives == 0 {
            Status::Eliminated
        } else {
            Status::Destroyed
        };
        events.push(Event::Destroyed {
            robot: i as RobotId,
            at: r.square,
            cause,
            lives_left: r.lives,
        });
        if r.lives == 0 {
            events.push(Event::Eliminated {
                robot: i as RobotId,
            });
        }
        self.options_on_destroyed(i, events);
    }

    /// Start of a turn (RULINGS.md, "Start of the next turn"): destroyed robots re-enter at their
    /// archive with 2 damage, powered-down robots discard their damage, the deck is shuffled and
    /// every powered-up robot is dealt 9 cards minus its damage.
    pub fn begin_turn(&mut self, events: &mut Vec<Event>) {
        if self.stage != Stage::BetweenTurns {
            return;
        }
        self.turn += 1;
        events.push(Event::TurnStarted { turn: self.turn });
        self.options_begin_turn();
        self.reenter(events);
        for i in 0..self.robots.len() {
            let r = &mut self.robots[i];
            if r.is_active() && r.powered_down {
                // Repairing the damage unlocks the registers and discards their cards (seed 000,
                // Locked Registers): they go back into the deck before the shuffle.
                for reg in &mut r.registers {
                    if let Some(c) = reg.take() {
                        self.discard.push(c);
                    }
                }
            }
            // Lock chits are discarded with the damage (docs/rules.md, Fire Control).
            r.lock_chits = if r.is_active() && r.powered_down {
                0
            } else {
                r.lock_chits
            };
            if r.is_active() && r.powered_down && r.damage > 0 {
                let amount = r.damage;
                r.damage = 0;
                events.push(Event::Repaired {
                    robot: i as RobotId,
                    amount,
                    total: 0,
                    cause: RepairCause::PowerDown,
                });
            }
        }
        self.shuffle_and_deal(events);
        self.stage = Stage::Programming;
    }

    /// Re-entry (seed 000, Withdrawing an Archive Copy; RULINGS.md, Fine points): each destroyed
    /// robot with lives left enters on its archive with 2 damage, keeping its facing and powered up
    /// (nobody chooses here: see `reenter_with`), virtual when another robot is on that square or
    /// another robot re-enters there.
    pub(super) fn reenter(&mut self, events: &mut Vec<Event>) {
        let waiting: Vec<usize> = (0..self.robots.len())
            .filter(|&i| self.robots[i].status == Status::Destroyed)
            .collect();
        for &i in &waiting {
            let at = self.robots[i].archive;
            let shared = self.robots_on(at) != 0
                || waiting
                    .iter()
                    .any(|&j| j != i && self.robots[j].archive == at);
            let r = &mut self.robots[i];
            r.status = Status::Active;
            r.square = at;
            r.damage = REENTRY_DAMAGE;
            r.lock_chits = 0;
            r.is_virtual = shared;
            // FAQ 7.5: the re-entry choice (`choose_reentry`) overrides a power down announced
            // before destruction; with no choice the robot enters powered up.
            r.powered_down = r.stays_powered_down;
            r.announced_power_down = false;
            r.stays_powered_down = false;
            r.registers = [None; REGISTERS];
            events.push(Event::Reentered {
                robot: i as RobotId,
                at,
                facing: r.facing,
                is_virtual: shared,
            });
            self.superior_reentry(i, events);
            self.occupy(i);
        }
    }

    /// A controller's re-entry choices, made between `end_turn` and `begin_turn` for a robot that
    /// is waiting to re-enter: its facing and whether it enters powered down.
    pub fn choose_reentry(&mut self, id: usize, facing: Facing, powered_down: bool) -> bool {
        let Some(r) = self.robots.get_mut(id) else {
            return false;
        };
        if r.status != Status::Destroyed {
            return false;
        }
        r.facing = facing;
        // Stored as an announcement: it takes effect as the robot re-enters.
        r.stays_powered_down = powered_down;
        true
    }

    fn shuffle_and_deal(&mut self, events: &mut Vec<Event>) {
        // Everything not held in a register goes back; sorting first makes the shuffle depend on
        // the seed alone, not on the order cards came back in.
        for h in &mut self.hands {
            self.discard.append(h);
        }
        self.options_before_shuffle();
        self.deck.append(&mut self.discard);
        self.deck.sort_unstable_by_key(|c| (c.priority, c.kind));
        self.rng.shuffle(&mut self.deck);
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if !r.is_active() || r.powered_down {
                continue;
            }
            // A locked register with no card in it (the robot was powered down or re-entered since
            // it last held one) takes the top card of the deck: no one chose it.
            for reg in 0..REGISTERS {
                if r.is_locked(reg)
                    && self.robots[i].registers[reg].is_none()
                    && let Some(c) = self.deck.pop()
                {
                    self.robots[i].registers[reg] = Some(c);
                }
            }
            self.deal(i, events);
            self.options_after_deal(i);
        }
    }

    /// Robot `i` is dealt `Robot::hand_size` cards from the top of the deck, or what the deck
    /// holds (seed 000, Deal Program Cards).
    pub(super) fn deal(&mut self, i: usize, events: &mut Vec<Event>) {
        let n = self.robots[i].hand_size().min(self.deck.len());
        let at = self.deck.len() - n;
        self.hands[i] = self.deck.drain(at..).collect();
        events.push(Event::Dealt {
            robot: i as RobotId,
            cards: n as u8,
        });
    }

    /// Cards robot `id`'s program takes: one for each unlocked register, as far as its hand goes
    /// (RULINGS.md: legal programs only). 0 for no such robot.
    pub fn program_size(&self, id: usize) -> usize {
        self.robots
            .get(id)
            .map_or(0, |r| r.unlocked_registers().min(self.hand(id).len()))
    }

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

    /// The base rules of a program (RULINGS.md: legal programs only), without options.
    pub(super) fn check_program(
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
        if power_down && r.damage == 0 {
            return Err(ProgramError::UndamagedPowerDown);
        }
        Ok(())
    }

    /// Fills the registers of a checked program; the hand's other cards are discarded except
    /// `reserved` ones (set aside by options).
    pub(super) fn apply_program(
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

    /// For a robot powered down this turn: stay powered down next turn (`true`) or power up.
    pub fn choose_stay_powered_down(&mut self, id: usize, stay: bool) {
        if let Some(r) = self.robots.get_mut(id)
            && r.powered_down
        {
            r.stays_powered_down = stay;
        }
    }

    /// Starts a turn without dealing: registers are then given with `set_registers` (scenarios
    /// replay the manual's examples with cards of any priority).
    pub fn begin_scripted_turn(&mut self, events: &mut Vec<Event>) {
        if self.stage != Stage::BetweenTurns {
            return;
        }
        self.turn += 1;
        events.push(Event::TurnStarted { turn: self.turn });
        self.options_begin_turn();
        self.stage = Stage::Programming;
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

    /// End of turn (RULINGS.md, "End of turn, after phase 5"): repairs (1 per wrench, a flag is 1
    /// wrench), power-down choices, virtual robots alone on their square become real, and every
    /// card not held in a locked register goes back to the deck.
    pub fn end_turn(&mut self, events: &mut Vec<Event>) {
        if self.stage == Stage::Over {
            return;
        }
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if !r.is_active() {
                continue;
            }
            // The Mechanical Arm repairs at a site in reach (options/mod.rs, `touch_square`).
            let cell = self.factory.cell(self.touch_square(i));
            let wrenches = cell.wrenches.max(u8::from(cell.flag > 0));
            if self.takes_option_at_site(i, wrenches) {
                self.draw_option(i, super::event::OptionSource::DoubleWrench, events);
                continue;
            }
            // Lowering damage frees the lowest-numbered locked register first, since locks
            // follow damage (RULINGS.md, Damage).
            // Fire Control lock chits are repaired first, like damage (docs/rules.md).
            let chits = wrenches.min(r.lock_chits);
            self.robots[i].lock_chits -= chits;
            let amount = (wrenches - chits).min(r.damage);
            if amount > 0 {
                let r = &mut self.robots[i];
                r.damage -= amount;
                events.push(Event::Repaired {
                    robot: i as RobotId,
                    amount,
                    total: r.damage,
                    cause: RepairCause::Site,
                });
            }
        }
        self.circuit_breakers(events);
        for i in 0..self.robots.len() {
            let r = &mut self.robots[i];
            if !r.is_active() {
                continue;
            }
            let was_down = r.powered_down;
            let down = r.announced_power_down || (r.powered_down && r.stays_powered_down);
            r.powered_down = down;
            r.announced_power_down = false;
            r.stays_powered_down = false;
            if down && !was_down {
                events.push(Event::PoweredDown {
                    robot: i as RobotId,
                });
            } else if was_down && !down {
                events.push(Event::PoweredUp {
                    robot: i as RobotId,
                });
            }
        }
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            if r.is_active() && r.is_virtual && self.robots_on(r.square) == 1 << i {
                self.robots[i].is_virtual = false;
                events.push(Event::BecameReal {
                    robot: i as RobotId,
                });
            }
        }
        for i in 0..self.robots.len() {
            let r = self.robots[i];
            for reg in 0..REGISTERS {
                let keep = r.is_active() && r.is_locked(reg);
                if !keep && let Some(c) = self.robots[i].registers[reg].take() {
                    self.discard.push(c);
                }
            }
        }
        self.options_end_turn();
        for h in &mut self.hands {
            self.discard.append(h);
        }
        let limit = self.settings.turn_limit.is_some_and(|l| self.turn >= l);
        if limit || self.all_done() {
            self.stage = Stage::Over;
            events.push(Event::GameOver { turn: self.turn });
        } else {
            self.stage = Stage::BetweenTurns;
        }
    }

    pub(super) fn all_done(&self) -> bool {
        self.robots
            .iter()
            .all(|r| matches!(r.status, Status::Finished | Status::Eliminated))
            || (self.settings.stop_at_first_finisher && self.finishers > 0)
    }

    /// Plays a whole turn: begin, the given programs (robot id, cards, power-down announcement),
    /// five register phases and the end of the turn. Illegal programs are reported and the robot
    /// plays empty registers.
    pub fn play_turn(
        &mut self,
        programs: &[(usize, Vec<Card>, bool)],
        events: &mut Vec<Event>,
    ) -> Vec<(usize, ProgramError)> {
        let mut errors = Vec::new();
        if self.stage == Stage::BetweenTurns {
            self.begin_turn(events);
        }
        for (id, cards, down) in programs {
            if let Err(e) = self.program(*id, cards, *down, events) {
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
