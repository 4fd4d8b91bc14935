//! One preview game as a timeline of engine steps (cards dealt, each register phase, the end of
//! the turn), each kept as a snapshot of `Game` with the events that led to it, so the timeline
//! can go back to any step. Bots program through src/bots; "you" robots through `set_program`.
//! Nothing here knows a rule: every state comes from the engine.

use crate::bots::{Arena, BotKind, Choice, submit};
use crate::engine::game::start_setups;
use crate::engine::{Card, Choices, Event, Game, OptionSet, ProgramError, Settings, Stage, Status};
use crate::geom::Facing;
use crate::model::{LivesRule, StartRule};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Who programs a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    Bot(BotKind),
    /// The person at the window, by clicking cards into registers.
    You,
}

impl Controller {
    pub const ALL: [Controller; 4] = [
        Controller::Bot(BotKind::Random),
        Controller::Bot(BotKind::Greedy),
        Controller::Bot(BotKind::Planner),
        Controller::You,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Controller::Bot(kind) => kind.name(),
            Controller::You => "you",
        }
    }
}

/// What a new game is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySetup {
    /// One controller per robot, 1 to 8 (seed 000: up to 8 players).
    pub robots: Vec<Controller>,
    pub seed: u64,
    pub lives: LivesRule,
    /// The game ends after this many turns.
    pub turn_cap: u32,
    /// Play with option cards (issue 8; on by default).
    pub options: bool,
    /// Options robot `i` starts with (taken out of the option deck), for trying a course with
    /// them; missing entries are none.
    pub start_options: Vec<OptionSet>,
}

impl Default for PlaySetup {
    fn default() -> Self {
        PlaySetup {
            robots: vec![
                Controller::Bot(BotKind::Planner),
                Controller::Bot(BotKind::Greedy),
            ],
            seed: 1,
            lives: LivesRule::Standard,
            turn_cap: 100,
            options: true,
            start_options: Vec::new(),
        }
    }
}

/// The most robots a preview game holds (seed 000: 8 players).
pub const MAX_PLAYERS: usize = 8;

/// What a step of the timeline did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The game as set up, before turn 1.
    Start,
    /// Destroyed robots re-entered and cards were dealt: programming.
    Dealt { turn: u32 },
    /// Programs were locked in (for phase 1) and register phase `phase` ran.
    Phase { turn: u32, phase: u8 },
    /// Repairs, power-down and cleanup after phase 5.
    EndTurn { turn: u32 },
    /// A "you" robot used its Recompile while programming (issue 8).
    Recompiled { turn: u32, robot: usize },
}

impl StepKind {
    pub fn label(self) -> String {
        match self {
            StepKind::Start => "Start".to_string(),
            StepKind::Dealt { turn } => format!("Turn {turn}: cards dealt"),
            StepKind::Phase { turn, phase } => format!("Turn {turn}, phase {phase}"),
            StepKind::EndTurn { turn } => format!("Turn {turn}: end of turn"),
            StepKind::Recompiled { turn, robot } => {
                format!("Turn {turn}: robot {} recompiled", robot + 1)
            }
        }
    }
}

/// One step of the timeline: the state after it and the events that led there.
#[derive(Clone, Debug)]
pub struct Step {
    pub kind: StepKind,
    pub game: Game,
    pub events: Vec<Event>,
    /// The events in words, made once (the log draws them every frame).
    pub lines: Vec<String>,
}

/// A preview game and its timeline.
pub struct Session {
    arena: Arc<Arena>,
    controllers: Vec<Controller>,
    seed: u64,
    steps: Vec<Step>,
    cursor: usize,
    /// Programs of "you" robots the engine accepted for the turn being programmed.
    programs: BTreeMap<usize, Choice>,
    /// Re-entry choices of destroyed "you" robots for the next turn: facing, powered down.
    reentries: BTreeMap<usize, (Facing, bool)>,
    /// Counts changes to the timeline, so views can cache what they draw from it.
    revision: u64,
}

/// SplitMix-style mixing: a bot's seed for one robot and turn, so re-simulating a turn from a
/// snapshot makes the same choices.
fn mix(seed: u64, robot: usize, turn: u32) -> u64 {
    let salt = ((robot as u64 + 1) << 32) ^ u64::from(turn);
    let mut z = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Session {
    /// A new game on `arena`; `tiles` is the course's tile count (the optional lives rule).
    pub fn new(arena: Arc<Arena>, setup: &PlaySetup, tiles: usize) -> Result<Session, String> {
        if setup.robots.is_empty() || setup.robots.len() > MAX_PLAYERS {
            return Err(format!(
                "{} robots: a game holds 1 to {MAX_PLAYERS} (seed 000)",
                setup.robots.len()
            ));
        }
        let names: Vec<String> = setup
            .robots
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {}", c.name(), i + 1))
            .collect();
        // Archive starts face the way nearest the first flag, as in test drives.
        let facing = match arena.start {
            StartRule::Archive(s) => arena.maps.best_facing(s, 1),
            StartRule::Numbered => None,
        }
        .unwrap_or(Facing::E);
        let mut setups = start_setups(&arena.board, arena.start, &names, facing)?;
        // With options off the engine deals none of these (`Settings::options`).
        for (robot, &held) in setups.iter_mut().zip(&setup.start_options) {
            robot.options = held;
        }
        let settings = Settings {
            lives: setup.lives.lives(setup.robots.len(), tiles).max(1),
            stop_at_first_finisher: false,
            turn_limit: Some(setup.turn_cap.max(1)),
            options: setup.options,
        };
        let game = Game::new(
            Arc::clone(arena.maps.factory()),
            &setups,
            settings,
            setup.seed,
        )?;
        Ok(Session {
            arena,
            controllers: setup.robots.clone(),
            seed: setup.seed,
            steps: vec![Step {
                kind: StepKind::Start,
                lines: Vec::new(),
                events: Vec::new(),
                game,
            }],
            cursor: 0,
            programs: BTreeMap::new(),
            reentries: BTreeMap::new(),
            revision: 0,
        })
    }

    /// Changes whenever steps are added or forgotten.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    pub fn controllers(&self) -> &[Controller] {
        &self.controllers
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The step shown: an index into `steps`.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn step(&self) -> &Step {
        // The cursor is always kept inside the timeline, which is never empty.
        &self.steps[self.cursor.min(self.steps.len() - 1)]
    }

    /// The game as of the step shown.
    pub fn game(&self) -> &Game {
        &self.step().game
    }

    /// Whether the step shown is the newest one (only there can the game go on).
    pub fn at_end(&self) -> bool {
        self.cursor + 1 == self.steps.len()
    }

    /// "You" robots that still have to program before the game can go on.
    pub fn waiting_for(&self) -> Vec<usize> {
        if !self.at_end() {
            return Vec::new();
        }
        let game = self.game();
        if game.stage() != Stage::Programming {
            return Vec::new();
        }
        (0..self.controllers.len())
            .filter(|&i| self.controllers[i] == Controller::You && self.needs_program(i))
            .filter(|i| !self.programs.contains_key(i))
            .collect()
    }

    /// Whether robot `id` is dealt cards this turn: on the board and powered up.
    pub fn needs_program(&self, id: usize) -> bool {
        self.game()
            .robot(id)
            .is_some_and(|r| r.is_active() && !r.powered_down)
            && self.game().stage() == Stage::Programming
    }

    /// The program the engine accepted for a "you" robot this turn.
    pub fn program_of(&self, id: usize) -> Option<&Choice> {
        self.programs.get(&id)
    }

    pub fn can_step_forward(&self) -> bool {
        !self.at_end() || (!self.game().is_over() && self.waiting_for().is_empty())
    }

    /// Hands a "you" robot's program and option choices to the engine (`Game::program_with`, on
    /// a copy of the game, so nothing runs yet): the engine's answer is the verdict. Kept for the
    /// next step when accepted.
    pub fn set_program(
        &mut self,
        id: usize,
        cards: &[Card],
        power_down: bool,
        choices: &Choices,
    ) -> Result<(), ProgramError> {
        if !self.at_end() {
            return Err(ProgramError::NotProgramming);
        }
        let mut trial = self.game().clone();
        trial.program_with(id, cards, power_down, choices, &mut Vec::new())?;
        self.programs.insert(
            id,
            Choice {
                cards: cards.to_vec(),
                power_down,
                options: *choices,
            },
        );
        Ok(())
    }

    /// Recompile for "you" robot `id` before it programs (`Game::recompile`: a new hand for a
    /// point of damage, once a turn). Recorded as a step of its own, so the timeline shows it
    /// and going back undoes it; the engine's refusal is returned as it is.
    pub fn recompile(&mut self, id: usize) -> Result<(), ProgramError> {
        if !self.at_end() || self.controllers.get(id) != Some(&Controller::You) {
            return Err(ProgramError::NotProgramming);
        }
        let mut game = self.game().clone();
        let mut events = Vec::new();
        game.recompile(id, &mut events)?;
        self.programs.remove(&id);
        let lines = events.iter().map(|e| e.describe(game.names())).collect();
        self.steps.push(Step {
            kind: StepKind::Recompiled {
                turn: game.turn(),
                robot: id,
            },
            game,
            events,
            lines,
        });
        self.cursor += 1;
        self.revision += 1;
        Ok(())
    }

    /// Whether destroyed robot `id` (a "you" robot) can choose how it re-enters now: between
    /// turns, at the newest step (RULINGS.md, Fine points: the controller chooses).
    pub fn can_choose_reentry(&self, id: usize) -> bool {
        self.at_end()
            && self.game().stage() == Stage::BetweenTurns
            && self.controllers.get(id) == Some(&Controller::You)
            && self
                .game()
                .robot(id)
                .is_some_and(|r| r.status == Status::Destroyed)
    }

    /// Chooses the facing and power of a destroyed "you" robot as it re-enters next turn.
    pub fn set_reentry(&mut self, id: usize, facing: Facing, powered_down: bool) -> bool {
        if !self.can_choose_reentry(id) {
            return false;
        }
        self.reentries.insert(id, (facing, powered_down));
        true
    }

    /// The re-entry chosen for robot `id`, if any.
    pub fn reentry_of(&self, id: usize) -> Option<(Facing, bool)> {
        self.reentries.get(&id).copied()
    }

    /// Takes back an accepted program so it can be changed.
    pub fn clear_program(&mut self, id: usize) {
        self.programs.remove(&id);
    }

    /// One step forward: along the recorded timeline, or at its end by running the engine.
    /// Returns whether the cursor moved.
    pub fn step_forward(&mut self) -> bool {
        if !self.at_end() {
            self.cursor += 1;
            return true;
        }
        if !self.can_step_forward() {
            return false;
        }
        let mut game = self.game().clone();
        let mut events = Vec::new();
        let turn = game.turn();
        let kind = match game.stage() {
            Stage::BetweenTurns => {
                for (i, c) in self.controllers.iter().enumerate() {
                    if let Controller::Bot(kind) = *c
                        && game.robot(i).is_some_and(|r| r.status == Status::Destroyed)
                    {
                        let mut bot = kind.make(&self.arena.maps, mix(self.seed, i, turn + 1));
                        if let Some((facing, down)) = bot.reentry(&game, i) {
                            game.choose_reentry(i, facing, down);
                        }
                    }
                }
                for (&i, &(facing, down)) in &self.reentries {
                    game.choose_reentry(i, facing, down);
                }
                game.begin_turn(&mut events);
                StepKind::Dealt { turn: game.turn() }
            }
            Stage::Programming => {
                for (i, c) in self.controllers.iter().enumerate() {
                    let programming = game
                        .robot(i)
                        .is_some_and(|r| r.is_active() && !r.powered_down);
                    if !programming {
                        continue;
                    }
                    let choice = match *c {
                        Controller::Bot(kind) => {
                            let mut bot = kind.make(&self.arena.maps, mix(self.seed, i, turn));
                            bot.choose(&game, i)
                        }
                        Controller::You => match self.programs.get(&i) {
                            Some(choice) => choice.clone(),
                            None => continue,
                        },
                    };
                    submit(&mut game, i, &choice, &mut events);
                }
                game.run_phase(&mut events);
                StepKind::Phase { turn, phase: 1 }
            }
            Stage::Phase(n) if n < 5 => {
                game.run_phase(&mut events);
                StepKind::Phase { turn, phase: n + 1 }
            }
            Stage::Phase(_) => {
                game.end_turn(&mut events);
                StepKind::EndTurn { turn }
            }
            Stage::Over => return false,
        };
        self.programs.clear();
        self.reentries.clear();
        let lines = events.iter().map(|e| e.describe(game.names())).collect();
        self.steps.push(Step {
            kind,
            game,
            events,
            lines,
        });
        self.cursor += 1;
        self.revision += 1;
        true
    }

    /// Steps forward to the end of the turn (or until a "you" robot has to program, or the game
    /// is over). Returns how many steps were taken.
    pub fn step_turn(&mut self) -> usize {
        let mut n = 0;
        while self.step_forward() {
            n += 1;
            if matches!(self.step().kind, StepKind::EndTurn { .. }) {
                break;
            }
        }
        n
    }

    pub fn step_back(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Shows step `index` (clamped to the timeline).
    pub fn seek(&mut self, index: usize) {
        self.cursor = index.min(self.steps.len() - 1);
    }

    /// Forgets the steps after the one shown, so the game is played again from here (bots choose
    /// the same again; "you" can choose anew).
    pub fn replay_from_here(&mut self) {
        self.steps.truncate(self.cursor + 1);
        self.programs.clear();
        self.reentries.clear();
        self.revision += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CardKind, ChoiceError, OptionCard, RegisterSet, Side};
    use crate::format::Library;

    fn arena() -> Arc<Arena> {
        let lib = Library::builtin();
        let Some(crate::app::command::Entry::Course(i)) = crate::app::sample_entry(&lib) else {
            panic!("no sample course in the built-in library");
        };
        let c = &lib.courses[i];
        Arc::new(Arena::new(&c.course, &lib).expect("the sample course compiles"))
    }

    #[test]
    fn stepping_runs_the_engine_phase_by_phase() {
        let mut s = Session::new(arena(), &PlaySetup::default(), 4).expect("a game");
        assert!(s.step_forward());
        assert_eq!(s.step().kind, StepKind::Dealt { turn: 1 });
        assert_eq!(s.game().stage(), Stage::Programming);
        assert!(s.step_forward());
        assert_eq!(s.step().kind, StepKind::Phase { turn: 1, phase: 1 });
        assert!(
            s.step()
                .events
                .iter()
                .any(|e| matches!(e, Event::CardRevealed { .. }))
        );
        assert_eq!(s.step_turn(), 5);
        assert_eq!(s.step().kind, StepKind::EndTurn { turn: 1 });
    }

    #[test]
    fn replaying_from_an_earlier_step_gives_the_same_states() {
        let mut s = Session::new(arena(), &PlaySetup::default(), 4).expect("a game");
        for _ in 0..3 {
            s.step_turn();
        }
        let before: Vec<_> = s
            .steps()
            .iter()
            .map(|st| (st.kind, st.game.robots().to_vec(), st.events.clone()))
            .collect();
        s.seek(5);
        s.replay_from_here();
        assert_eq!(s.steps().len(), 6);
        while s.steps().len() < before.len() {
            assert!(s.step_forward());
        }
        let after: Vec<_> = s
            .steps()
            .iter()
            .map(|st| (st.kind, st.game.robots().to_vec(), st.events.clone()))
            .collect();
        assert_eq!(before, after);
    }

    /// RULINGS.md, Fine points: a destroyed robot's controller chooses its facing and whether
    /// it re-enters powered down; here "you" choose west and powered down.
    #[test]
    fn a_destroyed_you_robot_re_enters_as_chosen() {
        let setup = PlaySetup {
            robots: vec![Controller::You],
            seed: 3,
            ..PlaySetup::default()
        };
        let mut s = Session::new(arena(), &setup, 4).expect("a game");
        let mut turns = 0;
        while !s.can_choose_reentry(0) {
            assert!(turns < 300, "robot 1 was never destroyed");
            if s.waiting_for() == vec![0] {
                // Moving as far as the hand allows, heedless of pits and edges, ends badly soon.
                let hand = s.game().hand(0).to_vec();
                let n = (5 - s.game().robots()[0].locked_count()).min(hand.len());
                let mut cards = hand.clone();
                cards.sort_by_key(|c| std::cmp::Reverse(c.kind));
                assert!(
                    s.set_program(0, &cards[..n], false, &Choices::default())
                        .is_ok()
                );
            }
            assert!(s.step_forward(), "the game stopped");
            if matches!(s.step().kind, StepKind::EndTurn { .. }) {
                turns += 1;
            }
        }
        assert!(!s.set_reentry(1, Facing::W, true), "there is no robot 2");
        assert!(s.set_reentry(0, Facing::W, true));
        assert!(s.step_forward());
        let r = s.game().robots()[0];
        assert_eq!(r.status, Status::Active);
        assert_eq!(r.facing, Facing::W);
        assert!(r.powered_down);
        assert!(s.step().events.iter().any(|e| matches!(
            e,
            Event::Reentered {
                facing: Facing::W,
                ..
            }
        )));
    }

    #[test]
    fn a_you_robot_holds_the_game_until_its_program_is_accepted() {
        let setup = PlaySetup {
            robots: vec![Controller::You, Controller::Bot(BotKind::Greedy)],
            ..PlaySetup::default()
        };
        let mut s = Session::new(arena(), &setup, 4).expect("a game");
        s.step_forward();
        assert_eq!(s.waiting_for(), vec![0]);
        assert!(!s.step_forward());
        let hand = s.game().hand(0).to_vec();
        // Four cards for five registers: the engine refuses (RULINGS.md: legal programs only).
        assert!(
            s.set_program(0, &hand[..4], false, &Choices::default())
                .is_err()
        );
        assert!(
            s.set_program(0, &hand[..5], false, &Choices::default())
                .is_ok()
        );
        assert!(s.step_forward());
        assert_eq!(
            s.game().robots()[0]
                .registers
                .map(|c| c.map(|c| c.priority)),
            [
                Some(hand[0].priority),
                Some(hand[1].priority),
                Some(hand[2].priority),
                Some(hand[3].priority),
                Some(hand[4].priority)
            ]
        );
    }

    fn with_options(held: &[OptionCard]) -> PlaySetup {
        PlaySetup {
            robots: vec![Controller::You, Controller::Bot(BotKind::Greedy)],
            start_options: vec![held.iter().copied().collect()],
            ..PlaySetup::default()
        }
    }

    /// Issue 8: options robot 1 starts with are dealt to it (and to no one else); with options
    /// off the engine plays without them.
    #[test]
    fn start_options_are_dealt_and_options_off_plays_without_them() {
        let setup = with_options(&[OptionCard::Shield, OptionCard::Brakes]);
        let s = Session::new(arena(), &setup, 4).expect("a game");
        assert!(s.game().settings.options);
        let held: Vec<OptionCard> = s.game().options(0).iter().collect();
        assert_eq!(held, vec![OptionCard::Brakes, OptionCard::Shield]);
        assert!(s.game().options(1).is_empty());
        let off = PlaySetup {
            options: false,
            ..setup
        };
        let s = Session::new(arena(), &off, 4).expect("a game");
        assert!(!s.game().settings.options);
        assert!(s.game().options(0).is_empty());
    }

    /// Issue 8: "you" choose the Shield's side with the program; the engine checks the choices
    /// (Brakes needs a Move 1 in its register) and keeps the accepted ones.
    #[test]
    fn a_you_robots_option_choices_are_checked_and_kept_by_the_engine() {
        let setup = with_options(&[OptionCard::Shield, OptionCard::Brakes]);
        let mut s = Session::new(arena(), &setup, 4).expect("a game");
        s.step_forward();
        let hand = s.game().hand(0).to_vec();
        let cards = &hand[..5];
        let no_move1 = (1..=5u8).find(|&r| cards[usize::from(r) - 1].kind != CardKind::Move1);
        if let Some(r) = no_move1 {
            let mut brakes = RegisterSet::default();
            brakes.insert(r);
            let bad = Choices {
                brakes,
                ..Choices::default()
            };
            assert!(matches!(
                s.set_program(0, cards, false, &bad),
                Err(ProgramError::Choice(ChoiceError::WrongCard { .. }))
            ));
            assert!(s.program_of(0).is_none(), "a refused program is not kept");
        }
        let good = Choices {
            shield: Some(Side::Left),
            ..Choices::default()
        };
        assert!(s.set_program(0, cards, false, &good).is_ok());
        assert!(s.step_forward());
        assert_eq!(s.game().choices(0).shield, Some(Side::Left));
    }

    /// Issue 8, Recompile: a new hand for a point of damage, once a turn, as a step of its own.
    #[test]
    fn recompile_is_a_step_with_a_new_hand_and_a_point_of_damage() {
        let setup = with_options(&[OptionCard::Recompile]);
        let mut s = Session::new(arena(), &setup, 4).expect("a game");
        s.step_forward();
        let before = s.game().hand(0).to_vec();
        assert!(s.recompile(1).is_err(), "robot 2 is a bot");
        assert!(s.recompile(0).is_ok());
        assert_eq!(s.step().kind, StepKind::Recompiled { turn: 1, robot: 0 });
        assert_eq!(s.game().robots()[0].damage, 1);
        assert_eq!(s.game().hand(0).len(), 8);
        assert_ne!(s.game().hand(0), &before[..8]);
        assert!(matches!(
            s.recompile(0),
            Err(ProgramError::Choice(ChoiceError::RecompileUsed))
        ));
        assert_eq!(s.waiting_for(), vec![0]);
        s.step_back();
        assert_eq!(
            s.game().hand(0),
            &before[..],
            "going back shows the old hand"
        );
    }
}
