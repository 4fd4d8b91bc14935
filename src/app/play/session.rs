//! One preview game as a timeline of race steps (cards dealt, each register phase, the end of
//! the turn), each kept as a snapshot of `Game` with the events that led to it, so the timeline
//! can go back to any step. Every step is the core `Race`'s step: bots choose through it, "you"
//! robots' programs and re-entries are handed to it. Nothing here knows a rule.

pub use crate::race::{Controller, MAX_PLAYERS, StepKind};

use crate::bots::{Arena, BotKind, Choice};
use crate::engine::{Card, Choices, Event, Game, OptionSet, ProgramError, Stage, Status};
use crate::geom::Facing;
use crate::model::LivesRule;
use crate::race::{Decisions, Race, RaceSetup, RaceStep, must_program};
use std::sync::{Arc, mpsc};

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

impl PlaySetup {
    /// The race of this setup on a course of `tiles` tiles (the optional lives rule counts them).
    pub fn race_setup(&self, tiles: usize) -> RaceSetup {
        RaceSetup {
            robots: self.robots.clone(),
            seed: self.seed,
            lives: self.lives.lives(self.robots.len(), tiles),
            turn_cap: self.turn_cap,
            options: self.options,
            start_options: self.start_options.clone(),
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

/// Steps a worker thread is taking (`Session::spawn_steps`): the race after them, and each
/// step with the game it led to.
pub struct StepJob {
    answer: mpsc::Receiver<(Race, Vec<(RaceStep, Game)>)>,
}

/// A preview game and its timeline.
pub struct Session {
    arena: Arc<Arena>,
    /// The race, at the newest step of the timeline.
    race: Race,
    steps: Vec<Step>,
    cursor: usize,
    /// Programs of "you" robots the engine accepted for the turn being programmed, and the
    /// re-entry choices of destroyed "you" robots for the next turn.
    people: Decisions,
    /// Counts changes to the timeline, so views can cache what they draw from it.
    revision: u64,
}

impl Session {
    /// A new game on `arena`; `tiles` is the course's tile count (the optional lives rule).
    pub fn new(arena: Arc<Arena>, setup: &PlaySetup, tiles: usize) -> Result<Session, String> {
        let race = Race::new(&arena, &setup.race_setup(tiles))?;
        let start = Step {
            kind: StepKind::Start,
            lines: Vec::new(),
            events: Vec::new(),
            game: race.game().clone(),
        };
        Ok(Session {
            arena,
            race,
            steps: vec![start],
            cursor: 0,
            people: Decisions::default(),
            revision: 0,
        })
    }

    /// Changes whenever steps are added or forgotten.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Robot `id`'s program completed at random from its unplayed cards, for the Three Minute
    /// Rule when its time runs out (`Race::complete_program`).
    pub fn complete_program(
        &self,
        id: usize,
        partial: &[Option<crate::engine::Card>],
    ) -> Vec<crate::engine::Card> {
        self.race.complete_program(id, partial)
    }

    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    pub fn controllers(&self) -> &[Controller] {
        self.race.controllers()
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
        self.race.waiting_for(&self.people)
    }

    /// Whether robot `id` is dealt cards this turn: on the board and powered up.
    pub fn needs_program(&self, id: usize) -> bool {
        must_program(self.game(), id)
    }

    /// The program the engine accepted for a "you" robot this turn.
    pub fn program_of(&self, id: usize) -> Option<&Choice> {
        self.people.programs.get(&id)
    }

    pub fn can_step_forward(&self) -> bool {
        !self.at_end() || self.race.can_step(&self.people)
    }

    /// Hands a "you" robot's program and option choices to the engine (`Race::check_program`:
    /// on a copy of the game, so nothing runs yet): the engine's answer is the verdict. Kept for
    /// the next step when accepted.
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
        let choice = Choice {
            cards: cards.to_vec(),
            power_down,
            options: *choices,
        };
        self.race.check_program(id, &choice)?;
        self.people.programs.insert(id, choice);
        Ok(())
    }

    /// Recompile for "you" robot `id` before it programs (`Race::recompile`: a new hand for a
    /// point of damage, once a turn). Recorded as a step of its own, so the timeline shows it
    /// and going back undoes it; the engine's refusal is returned as it is.
    pub fn recompile(&mut self, id: usize) -> Result<(), ProgramError> {
        if !self.at_end() {
            return Err(ProgramError::NotProgramming);
        }
        let step = self.race.recompile(id)?;
        self.people.programs.remove(&id);
        self.push(step.kind, step.events);
        Ok(())
    }

    /// Whether destroyed robot `id` (a "you" robot) can choose how it re-enters now: between
    /// turns, at the newest step (RULINGS.md, Fine points: the controller chooses).
    pub fn can_choose_reentry(&self, id: usize) -> bool {
        self.at_end()
            && self.game().stage() == Stage::BetweenTurns
            && self.controllers().get(id) == Some(&Controller::You)
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
        self.people.reentries.insert(id, (facing, powered_down));
        true
    }

    /// The re-entry chosen for robot `id`, if any.
    pub fn reentry_of(&self, id: usize) -> Option<(Facing, bool)> {
        self.people.reentries.get(&id).copied()
    }

    /// Takes back an accepted program so it can be changed.
    pub fn clear_program(&mut self, id: usize) {
        self.people.programs.remove(&id);
    }

    /// One step forward: along the recorded timeline, or at its end by the race's next step.
    /// Returns whether the cursor moved.
    pub fn step_forward(&mut self) -> bool {
        if !self.at_end() {
            self.cursor += 1;
            return true;
        }
        let Some(step) = self.race.step(&self.people) else {
            return false;
        };
        self.people = Decisions::default();
        self.push(step.kind, step.events);
        true
    }

    /// Starts the race's next step (with `whole_turn`, its steps to the end of the turn) on a
    /// worker thread, from a copy of the race: on a large board the bots' choices and the
    /// engine's phases take longer than a frame (issue 16). `None` when the game cannot go on
    /// here. The timeline is unchanged until `finish_steps` takes the answer.
    pub fn spawn_steps(&self, whole_turn: bool) -> Option<StepJob> {
        if !self.can_step_forward() || !self.at_end() {
            return None;
        }
        let mut race = self.race.clone();
        let mut people = self.people.clone();
        let (tx, answer) = mpsc::channel();
        std::thread::Builder::new()
            .name("play-step".to_string())
            .spawn(move || {
                let mut steps = Vec::new();
                // As `step_forward` does: people's decisions are for the next step only.
                while let Some(step) = race.step(&people) {
                    people = Decisions::default();
                    let end = matches!(step.kind, StepKind::EndTurn { .. });
                    steps.push((step, race.game().clone()));
                    if !whole_turn || end {
                        break;
                    }
                }
                // The play view may have gone: nobody to tell.
                let _ = tx.send((race, steps));
            })
            .ok()?;
        Some(StepJob { answer })
    }

    /// Adds the worker's steps to the timeline once they are there and shows the last:
    /// `Some(steps added)`, `None` while it works.
    pub fn finish_steps(&mut self, job: &StepJob) -> Option<usize> {
        match job.answer.try_recv() {
            Ok((race, steps)) => {
                let n = steps.len();
                if n > 0 {
                    self.race = race;
                    self.people = Decisions::default();
                    self.cursor = self.steps.len() - 1;
                }
                for (step, game) in steps {
                    self.push_game(step.kind, step.events, game);
                }
                Some(n)
            }
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(0),
        }
    }

    /// Adds the race's newest state to the timeline and shows it.
    fn push(&mut self, kind: StepKind, events: Vec<Event>) {
        let game = self.race.game().clone();
        self.push_game(kind, events, game);
    }

    /// Adds `game`, reached by `events`, to the timeline and shows it.
    fn push_game(&mut self, kind: StepKind, events: Vec<Event>, game: Game) {
        let lines = events.iter().map(|e| e.describe(game.names())).collect();
        self.steps.push(Step {
            kind,
            game,
            events,
            lines,
        });
        self.cursor += 1;
        self.revision += 1;
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
        self.race.rewind(self.game().clone());
        self.people = Decisions::default();
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
