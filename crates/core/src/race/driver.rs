//! `Race`: one game from its setup to its end, one step at a time. Bots choose through it and
//! people's programs are handed to it; the engine plays every step.

use super::clock::{RaceClock, complete_program};
use super::{Controller, MAX_PLAYERS, MAX_TURN_CAP, StepKind, bot_seed};
use crate::bots::{Arena, Bot, BotKind, Choice, FlagMaps, submit};
use crate::engine::{Card, Event, Game, OptionSet, ProgramError, Settings, Stage, Status};
use crate::geom::Facing;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Mixed into the seed of a late program's random cards, apart from the bots' own seeds.
const LATE_SALT: u64 = 0x7468_7265_655f_6d69;

/// What a race is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceSetup {
    /// One controller per robot, 1 to `MAX_PLAYERS`; robot `i` is named after its controller
    /// and number ("planner 1", "you 2").
    pub robots: Vec<Controller>,
    /// Shuffles the deck and the option deck, and seeds every bot (`bot_seed`).
    pub seed: u64,
    /// Lives per robot (at least 1 is played).
    pub lives: u8,
    /// The game ends after this many turns (1 to `MAX_TURN_CAP`).
    pub turn_cap: u32,
    /// Play with option cards (issue 8; on by default).
    pub options: bool,
    /// Options robot `i` starts with (taken out of the option deck); missing entries are none.
    pub start_options: Vec<OptionSet>,
}

impl RaceSetup {
    /// A race of `robots` on `arena` with the course's lives rule and option cards, no option
    /// held at the start.
    pub fn new(arena: &Arena, robots: Vec<Controller>, seed: u64, turn_cap: u32) -> RaceSetup {
        RaceSetup {
            lives: arena.lives_for(robots.len()),
            robots,
            seed,
            turn_cap,
            options: true,
            start_options: Vec::new(),
        }
    }
}

/// What people decided for the next step: programs of their robots (for the turn being
/// programmed), how their destroyed robots re-enter (facing, powered down) and, as the game
/// starts under the start-options rule, which of the options dealt each keeps (`start.rs`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decisions {
    pub programs: BTreeMap<usize, Choice>,
    pub reentries: BTreeMap<usize, (Facing, bool)>,
    pub start_options: BTreeMap<usize, OptionSet>,
}

/// One step a race took: what it was and the events it logged.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceStep {
    pub kind: StepKind,
    pub events: Vec<Event>,
    /// Robots whose program the engine refused; each played the first cards of its hand
    /// instead (`bots::submit`). Never a sample robot's (tests/bots.rs).
    pub refused: Vec<usize>,
}

/// Whether robot `id` programs in `game` now: cards are dealt and it is on the board, powered up.
pub fn must_program(game: &Game, id: usize) -> bool {
    game.stage() == Stage::Programming
        && game
            .robot(id)
            .is_some_and(|r| r.is_active() && !r.powered_down)
}

/// One game under way. Cloning it keeps its place: a clone goes on from the same step.
#[derive(Clone, Debug)]
pub struct Race {
    maps: Arc<FlagMaps>,
    controllers: Vec<Controller>,
    seed: u64,
    game: Game,
    /// Times the bots under the Three Minute Rule (`set_clock` for tests).
    clock: RaceClock,
}

impl Race {
    /// Sets the game up on `arena`: robots on their start squares (`Arena::setups`), the lives,
    /// turn cap and option settings of `setup`, start options dealt, the deck shuffled by the seed.
    pub fn new(arena: &Arena, setup: &RaceSetup) -> Result<Race, String> {
        if setup.robots.is_empty() || setup.robots.len() > MAX_PLAYERS {
            return Err(format!(
                "{} robots: a game holds 1 to {MAX_PLAYERS} (1994 rules)",
                setup.robots.len()
            ));
        }
        let names: Vec<String> = setup
            .robots
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {}", c.name(), i + 1))
            .collect();
        let mut setups = arena.setups(&names)?;
        // With options off the engine deals none of these (`Settings::options`).
        for (robot, &held) in setups.iter_mut().zip(&setup.start_options) {
            robot.options = held;
        }
        let settings = Settings {
            lives: setup.lives.max(1),
            stop_at_first_finisher: false,
            turn_limit: Some(setup.turn_cap.clamp(1, MAX_TURN_CAP)),
            options: setup.options,
            house: arena.rules.house,
        };
        let game = Game::new(
            Arc::clone(arena.maps.factory()),
            &setups,
            settings,
            setup.seed,
        )?;
        Ok(Race {
            maps: Arc::clone(&arena.maps),
            controllers: setup.robots.clone(),
            seed: setup.seed,
            game,
            clock: RaceClock::default(),
        })
    }

    pub fn controllers(&self) -> &[Controller] {
        &self.controllers
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The game as of the last step.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Takes the race up again from `game`, a state it passed through (the play view goes back
    /// on its timeline): the bots choose as they did, people may choose anew.
    pub fn rewind(&mut self, game: Game) {
        self.game = game;
    }

    /// People's robots whose program the next step needs and `people` does not hold.
    pub fn waiting_for(&self, people: &Decisions) -> Vec<usize> {
        (0..self.controllers.len())
            .filter(|&i| self.controllers[i] == Controller::You && must_program(&self.game, i))
            .filter(|i| !people.programs.contains_key(i))
            .collect()
    }

    /// Whether `step` would take a step: the game is not over and no person's program (or pick
    /// of start options) is missing.
    pub fn can_step(&self, people: &Decisions) -> bool {
        !self.game.is_over()
            && self.waiting_for(people).is_empty()
            && self.choosing_start_options(people).is_empty()
    }

    /// The game, for the race's own bookkeeping (`start.rs`).
    pub(super) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Gives the race another clock to time its bots with (tests: a clock that moves as told).
    pub fn set_clock(&mut self, clock: RaceClock) {
        self.clock = clock;
    }

    /// The clock the race times its bots with; the play view times people's programming on it.
    pub fn clock(&self) -> &RaceClock {
        &self.clock
    }

    /// Robot `id`'s program completed under the Three Minute Rule when its time ran out:
    /// `partial` (registers from 1, `None` empty) filled with random cards from its unplayed
    /// ones, seeded by the race, robot and turn so a replayed race completes it alike.
    pub fn complete_program(&self, id: usize, partial: &[Option<Card>]) -> Vec<Card> {
        let seed = bot_seed(self.seed ^ LATE_SALT, id, self.game.turn());
        complete_program(
            self.game.hand(id),
            partial,
            self.game.program_size(id),
            seed,
        )
    }

    /// A bot's program, with the house rules a bot must keep: under the Three Minute Rule a bot
    /// whose choice took longer than the limit has chosen nothing in time, and its program is
    /// completed at random like a person's; under no power down it announces none.
    fn bot_choice(&self, kind: BotKind, id: usize, turn: u32) -> Choice {
        let house = self.game.settings.house;
        let start = self.clock.now_ms();
        let mut choice = self.bot(kind, id, turn).choose(&self.game, id);
        if let Some(limit) = house.three_minute_rule
            && self.clock.now_ms().saturating_sub(start) > u64::from(limit) * 1000
        {
            choice = Choice {
                cards: self.complete_program(id, &[]),
                ..Choice::default()
            };
        }
        if house.no_power_down {
            choice.power_down = false;
        }
        choice
    }

    /// Robot `id`'s bot for its decisions in `turn`.
    fn bot(&self, kind: BotKind, id: usize, turn: u32) -> Box<dyn Bot> {
        kind.make(&self.maps, bot_seed(self.seed, id, turn))
    }

    /// One step of the game: between turns destroyed robots re-enter (bots choose how, people
    /// as `people` says) and cards are dealt; while programming every robot's program goes in
    /// (bots choose, people's come from `people`) and register phase 1 runs; then phases 2 to 5
    /// and the end of the turn. `None` when the game is over or waits for a person's program.
    pub fn step(&mut self, people: &Decisions) -> Option<RaceStep> {
        if !self.can_step(people) {
            return None;
        }
        let mut events = Vec::new();
        let mut refused = Vec::new();
        let turn = self.game.turn();
        let kind = match self.game.stage() {
            Stage::BetweenTurns => {
                for (i, &c) in self.controllers.iter().enumerate() {
                    let destroyed = self
                        .game
                        .robot(i)
                        .is_some_and(|r| r.status == Status::Destroyed);
                    let choice = match c {
                        Controller::Bot(kind) if destroyed => {
                            self.bot(kind, i, turn + 1).reentry(&self.game, i)
                        }
                        Controller::You => people.reentries.get(&i).copied(),
                        Controller::Bot(_) => None,
                    };
                    if let Some((facing, down)) = choice {
                        self.game.choose_reentry(i, facing, down);
                    }
                }
                self.apply_start_picks(people);
                self.game.begin_turn(&mut events);
                StepKind::Dealt {
                    turn: self.game.turn(),
                }
            }
            Stage::Programming => {
                for (i, &c) in self.controllers.iter().enumerate() {
                    if !must_program(&self.game, i) {
                        continue;
                    }
                    let choice = match c {
                        Controller::Bot(kind) => self.bot_choice(kind, i, turn),
                        // `waiting_for` is empty: every person's program is there.
                        Controller::You => people.programs.get(&i).cloned().unwrap_or_default(),
                    };
                    if submit(&mut self.game, i, &choice, &mut events) {
                        refused.push(i);
                    }
                }
                self.game.run_phase(&mut events);
                StepKind::Phase { turn, phase: 1 }
            }
            Stage::Phase(n) if n < 5 => {
                self.game.run_phase(&mut events);
                StepKind::Phase { turn, phase: n + 1 }
            }
            Stage::Phase(_) => {
                self.game.end_turn(&mut events);
                StepKind::EndTurn { turn }
            }
            Stage::Over => return None,
        };
        Some(RaceStep {
            kind,
            events,
            refused,
        })
    }

    /// Steps to the end of the game (or until a person's program is missing), `on_step` seeing
    /// the game after each step and the step.
    pub fn run(&mut self, people: &Decisions, mut on_step: impl FnMut(&Game, &RaceStep)) {
        while let Some(step) = self.step(people) {
            on_step(&self.game, &step);
        }
    }

    /// Asks the engine whether it would take `choice` as robot `id`'s program now
    /// (`Game::program_with` on a copy of the game, so nothing runs): its answer is the verdict.
    pub fn check_program(&self, id: usize, choice: &Choice) -> Result<(), ProgramError> {
        let mut trial = self.game.clone();
        trial.program_with(
            id,
            &choice.cards,
            choice.power_down,
            &choice.options,
            &mut Vec::new(),
        )
    }

    /// Recompile for person `id`'s robot before it programs (`Game::recompile`: a new hand for a
    /// point of damage, once a turn), as a step of its own; the engine's refusal as it is.
    pub fn recompile(&mut self, id: usize) -> Result<RaceStep, ProgramError> {
        if self.controllers.get(id) != Some(&Controller::You) {
            return Err(ProgramError::NotProgramming);
        }
        // On a copy: a refused Recompile leaves the game as it was.
        let mut game = self.game.clone();
        let mut events = Vec::new();
        game.recompile(id, &mut events)?;
        self.game = game;
        Ok(RaceStep {
            kind: StepKind::Recompiled {
                turn: self.game.turn(),
                robot: id,
            },
            events,
            refused: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Library;

    fn arena() -> Arena {
        let lib = Library::builtin();
        let Some(c) = lib
            .courses
            .iter()
            .find(|c| c.course.name == "Standard Factory")
        else {
            panic!("no Standard Factory in the built-in library");
        };
        Arena::new(&c.course, &lib).expect("the sample course compiles")
    }

    #[test]
    fn a_race_waits_for_a_persons_program_and_takes_it() {
        let arena = arena();
        let robots = vec![Controller::You, Controller::Bot(BotKind::Greedy)];
        let mut race = Race::new(&arena, &RaceSetup::new(&arena, robots, 2, 10)).expect("a race");
        let mut people = Decisions::default();
        let dealt = race.step(&people).map(|s| s.kind);
        assert_eq!(dealt, Some(StepKind::Dealt { turn: 1 }));
        assert_eq!(race.waiting_for(&people), vec![0]);
        assert_eq!(race.step(&people), None, "no step without the program");
        let cards = race.game().hand(0)[..5].to_vec();
        let choice = Choice {
            cards: cards.clone(),
            ..Choice::default()
        };
        assert_eq!(race.check_program(0, &choice), Ok(()));
        people.programs.insert(0, choice);
        let Some(step) = race.step(&people) else {
            panic!("the race did not go on");
        };
        assert_eq!(step.kind, StepKind::Phase { turn: 1, phase: 1 });
        assert!(step.refused.is_empty());
        let registers: Vec<_> = race.game().robots()[0]
            .registers
            .iter()
            .flatten()
            .copied()
            .collect();
        assert_eq!(registers, cards);
    }

    #[test]
    fn a_race_taken_up_again_from_an_earlier_state_plays_the_same_steps() {
        let arena = arena();
        let robots = vec![
            Controller::Bot(BotKind::Random),
            Controller::Bot(BotKind::Planner),
        ];
        let mut race = Race::new(&arena, &RaceSetup::new(&arena, robots, 8, 3)).expect("a race");
        let people = Decisions::default();
        let mut states = vec![race.game().clone()];
        let mut steps = Vec::new();
        race.run(&people, |game, step| {
            states.push(game.clone());
            steps.push(step.clone());
        });
        assert_eq!(
            steps.len(),
            3 * 7,
            "three turns of dealt, five phases and the end"
        );
        assert!(race.game().is_over());
        race.rewind(states[9].clone());
        let mut again = Vec::new();
        race.run(&people, |_, step| again.push(step.clone()));
        assert_eq!(again, steps[9..]);
    }

    #[test]
    fn a_race_plays_the_lives_of_its_setup() {
        let arena = arena();
        let robots = vec![Controller::Bot(BotKind::Greedy); 2];
        let mut setup = RaceSetup::new(&arena, robots, 1, 5);
        assert_eq!(setup.lives, 3, "the sample course's standard rule");
        setup.lives = 1;
        let race = Race::new(&arena, &setup).expect("a race");
        assert!(race.game().robots().iter().all(|r| r.lives == 1));
        setup.robots = vec![Controller::You; MAX_PLAYERS + 1];
        assert!(Race::new(&arena, &setup).is_err());
    }
}
