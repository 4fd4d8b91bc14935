//! A course ready to race on: compiled once, with the distance maps the bots steer by, and the
//! one place robots are put on their start squares.

use super::kind::BotKind;
use super::map::FlagMaps;
use crate::engine::cube::Fold;
use crate::engine::game::start_setups;
use crate::engine::{Factory, Game, RobotSetup, Settings};
use crate::geom::Facing;
use crate::model::{Board, Course, LivesRule, Rules, StartRule, TileSource};
use std::sync::Arc;

/// A course ready to race on: the compiled board, its start and lives rules and its distance
/// maps, built once and shared by every game and thread. (`Arena::load`, with the commands in
/// `cli`, reads one from a course file.)
#[derive(Debug)]
pub struct Arena {
    pub name: String,
    pub board: Board,
    pub start: StartRule,
    /// The course's lives rule (seed 004, RULINGS.md).
    pub lives: LivesRule,
    /// The course's tile count, which the optional lives rule counts.
    pub tiles: usize,
    /// The rules the course is played under (its house rules reach every game on it).
    pub rules: Rules,
    pub maps: Arc<FlagMaps>,
}

impl Arena {
    /// Compiles `course`; a course that does not compile or has no flag cannot be raced, except
    /// a RoboArena, which has none (seed 003 section 8.5). Under RoboRally Cubed the six boards
    /// are folded into a cube, and a net that does not fold cannot be raced (seed 003 section 8.1).
    pub fn new(course: &Course, library: &dyn TileSource) -> Result<Arena, String> {
        let board = course.compile(library);
        if let Some(p) = board.problems.first() {
            return Err(format!(
                "the course \"{}\" does not compile: {}",
                course.name,
                p.message()
            ));
        }
        if course.rules.house.cubed.is_some()
            && let Err(e) = Fold::of(&board.placements)
        {
            return Err(format!(
                "the course \"{}\" is played on a cube, but {}",
                course.name,
                e.message()
            ));
        }
        let factory = Arc::new(Factory::for_rules(board.clone(), &course.rules.house));
        if factory.flag_count() == 0 && !course.rules.house.robo_arena {
            return Err(format!("the course \"{}\" has no flags", course.name));
        }
        Ok(Arena {
            name: course.name.clone(),
            board,
            start: course.start,
            lives: course.lives,
            tiles: course.placements.len(),
            rules: course.rules,
            maps: Arc::new(FlagMaps::new(factory)),
        })
    }

    /// Lives per robot for `players` players under the course's rule.
    pub fn lives_for(&self, players: usize) -> u8 {
        self.lives.lives(players, self.tiles)
    }

    /// The robots named `names` on their start squares (RULINGS.md, Setup rules): archive starts
    /// face the way that is nearest the first flag; numbered starts face as printed.
    pub fn setups(&self, names: &[String]) -> Result<Vec<RobotSetup>, String> {
        let facing = match self.start {
            StartRule::Archive(s) => self.maps.best_facing(s, 1),
            StartRule::Numbered => None,
        }
        .unwrap_or(Facing::E);
        start_setups(&self.board, self.start, names, facing)
    }

    /// A bare game of these bots with these settings, robot `i` named after its bot and number.
    /// For probing the engine with bots; a whole race (lives rule, seeding, turns) is a
    /// `race::Race`.
    pub fn game(&self, bots: &[BotKind], settings: Settings, seed: u64) -> Result<Game, String> {
        let names: Vec<String> = bots
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{} {}", b.name(), i + 1))
            .collect();
        Game::new(
            Arc::clone(self.maps.factory()),
            &self.setups(&names)?,
            settings,
            seed,
        )
    }
}
